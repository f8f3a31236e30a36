"""What people type reaches every page as text, never as markup, for every installed game
(the toy Nim too): the table, a room on two devices and a replay.

People here are named with markup (``<u x>A</u>&amp;``) and type markup into every text box
they see (a Lopti words motion or amendment). Names with markup are refused by the one name
check (tests/test_text.py); here that refusal is switched off (``lopti_nb.text.MARKUP``
emptied), as for a name that reached a table before names were checked, so that what is
tested is the views' escaping on its own.

A browser draws some widget values as HTML and others as text (ipywidgets 8.1: an ``HTML``
or ``HTMLMath`` value and a description with ``description_allow_html`` go through
``innerHTML``; descriptions, tooltips, labels, placeholders and options through
``textContent``, a ``title`` or an escaped ``innerHTML``; the card hand draws its cards'
pictures as HTML and their labels, title and note as text: see its ``_ESM``). Every widget's
``get_state()`` is walked: no value drawn as HTML holds the markup, and no value drawn as
text holds it escaped (that would show ``&lt;`` on screen).
"""
from __future__ import annotations

import logging
import random

import anywidget
import ipywidgets as W
import pytest

import lopti_nb
from lopti_nb.engine import game_names, get_spec
from lopti_nb.text import esc
from lopti_nb.widgets.hand import CardHand
from lopti_nb.widgets.table import iter_widgets
from lopti_nb.widgets.testing import random_step, visible_widgets

GAMES = game_names()
TYPED = '<img src=x onerror=alert(1)> "&amp;'  # typed into every text box a person sees
MARKS = ("<u x>", "<img src=x")  # what must never reach a value drawn as HTML
STEPS = 400  # random steps at a table (a Lopti round played at random may go on much longer)
HTML_MODELS = ("HTMLModel", "HTMLMathModel")
ANYWIDGET_OWN = ("_esm", "_css", "_anywidget_id", "_view_name", "_model_name", "_view_module",
                 "_model_module", "_view_module_version", "_model_module_version", "_dom_classes")


def markup_names(players: int) -> list[str]:
    """One name per seat, each with a tag and a character reference in it (15 characters)."""
    return [f"<u x>{chr(65 + i)}</u>&amp;" for i in range(players)]


@pytest.fixture(autouse=True)
def names_may_hold_markup(monkeypatch):
    """The name check's markup refusal switched off: the views alone must escape."""
    monkeypatch.setattr("lopti_nb.text.MARKUP", "")


@pytest.fixture(autouse=True)
def no_swallowed_errors(caplog):
    """ipywidgets logs (and swallows) an exception raised by a click's callback."""
    with caplog.at_level(logging.WARNING):
        yield
    errors = [r.getMessage() for r in caplog.records if "Exception in callback" in r.getMessage()]
    assert not errors, errors


def drawn(root: W.Widget) -> tuple[list[str], list[str]]:
    """(values a browser draws as HTML, values it draws as text) of every widget under
    ``root``, from their ``get_state()``."""
    as_html, as_text = [], []
    for w in iter_widgets(root):
        state = w.get_state()
        if state.get("_model_name") in HTML_MODELS:
            as_html.append(state["value"])
        if isinstance(state.get("description"), str):
            (as_html if state.get("description_allow_html") else as_text).append(state["description"])
        for key in ("tooltip", "placeholder"):
            if isinstance(state.get(key), str):
                as_text.append(state[key])
        if state.get("_model_name") == "LabelModel":
            as_text.append(state["value"])
        as_text.extend(str(x) for x in state.get("_options_labels", ()))
        if isinstance(w, CardHand):
            as_html.extend(c["svg"] for c in state["cards"])
            as_text.extend(c["label"] for c in state["cards"])
            as_text.extend(state[k] for k in ("title", "note"))
        elif isinstance(w, anywidget.AnyWidget):  # a widget of unknown drawing: HTML, to be safe
            as_html.extend(v for k, v in state.items() if isinstance(v, str) and k not in ANYWIDGET_OWN)
    return as_html, as_text


class Seen:
    """What the pages showed along a run, checked at every look."""

    def __init__(self, names: list[str]):
        self.names = names
        self.shown: set[str] = set()  # the names and texts found, escaped, in HTML
        self.typed = False  # a text box was on screen and typed into
        self.looks = 0

    def look(self, root: W.Widget, where: str) -> None:
        self.looks += 1
        as_html, as_text = drawn(root)
        for value in as_html:
            for mark in MARKS:
                assert mark not in value, f"{where}: markup drawn as HTML: {value[:400]}"
            for raw in self.names:
                assert raw not in value, f"{where}: a name unescaped in HTML: {value[:400]}"
            self.shown.update(x for x in [*self.names, TYPED] if esc(x) in value)
        for value in as_text:
            assert "&lt;u x&gt;" not in value and "&lt;img" not in value, \
                f"{where}: escaped twice, a browser shows the entities: {value[:300]}"


def type_into_boxes(root: W.Widget, seen: Seen) -> None:
    """Fill every visible, enabled, empty text box with markup, as a person may."""
    for w in visible_widgets(root):
        if isinstance(w, (W.Text, W.Textarea)) and not isinstance(w, W.Password) \
                and not w.disabled and not w.value:
            w.value = TYPED
            seen.typed = True


def check_seen(seen: Seen) -> None:
    assert seen.looks
    missing = [n for n in seen.names if n not in seen.shown]
    assert not missing, f"names never shown (escaped) on the page: {missing}"
    if seen.typed:
        assert TYPED in seen.shown, "the text typed into a box was never shown back"


def table_settings(game: str) -> dict:
    """A short game, and Lopti as a session (its motions are typed in words)."""
    return {"rounds": 2} if get_spec(game).session is not None else {}


# -- the table -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_names_and_typed_text_are_text_at_the_table(game):
    spec = get_spec(game)
    players = max(2, spec.min_players)
    names = markup_names(players)
    t = lopti_nb.play(game, players=players, humans=players, seed=5, bot_delay=0, names=names,
                      **table_settings(game))
    seen = Seen(names)
    rng = random.Random(5)
    seen.look(t, "the deal")
    for step in range(STEPS):
        type_into_boxes(t, seen)
        if random_step(t, rng):
            pass
        elif t.next_button.layout.display != "none" and not t.next_button.disabled:
            t.next_button.click()  # the shell's "Next round" of a game played in rounds
        else:
            break
        if step % 10 == 0:
            seen.look(t, f"step {step}")
    seen.look(t, "the end")
    check_seen(seen)


# -- a room on two devices -----------------------------------------------------------------------
def _room_clickables(w) -> list:
    """The game's enabled controls on a room page (not the page's own: leave, seat key)."""
    found = []
    own = {id(x) for x in w.footer.children}
    for x in visible_widgets(w.table_box):
        if id(x) in own:
            continue
        if isinstance(x, CardHand):
            found.extend(c for c in x.toggles if not c.disabled)
        elif isinstance(x, (W.Button, W.ToggleButton)) and not x.disabled:
            found.append(x)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_names_and_typed_text_are_text_in_a_room(game, tmp_path):
    from lopti_nb.rooms.widget import RoomWidget

    spec = get_spec(game)
    names = markup_names(2)
    url = str(tmp_path / "rooms.sqlite")
    a = RoomWidget(store=url, start_timer=False, bot_pace=0)
    b = RoomWidget(store=url, start_timer=False, bot_pace=0)
    a.create_game.value = spec.name
    a.create_name.value = names[0]
    a.create_players.value = 2 if 2 in a.create_players.options or any(
        v == 2 for _, v in a.create_players.options) else a.create_players.value
    if "rounds" in a.create_settings:
        a.create_settings["rounds"].value = 2
    a.create_button.click()
    assert a.session is not None, a.status.value
    b.join_code.value = a.session.pretty_code
    b.join_name.value = names[1]
    b.join_button.click()
    assert b.session is not None, b.status.value
    a.poll_once()
    seen = Seen(names)
    seen.look(a, "the host's lobby")
    seen.look(b, "the guest's lobby")
    if a.add_bot_button.layout.display != "none" and not a.add_bot_button.disabled \
            and None in a.session.room.meta["seats"]:
        a.add_bot_button.click()
    a.start_button.click()
    rng = random.Random(3)
    for step in range(400):
        for w in (a, b):
            w.poll_once()
        if a.session.state.is_over:
            break
        for w in (a, b):
            type_into_boxes(w.table_box, seen)
            if w.session.my_turn():
                choices = _room_clickables(w)
                if choices:
                    x = rng.choice(choices)
                    if isinstance(x, W.Button):
                        x.click()
                    else:
                        x.value = not x.value
        if step % 9 == 0:
            seen.look(a, f"host, step {step}")
            seen.look(b, f"guest, step {step}")
    for w in (a, b):
        w.poll_once()
        seen.look(w, "the end")
    check_seen(seen)


# -- a replay ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_replayed_record_with_markup_in_it_is_text(game):
    """A record is a file from anywhere: its bots' names carry markup, and, where the game
    takes words (Lopti's motions), the words it holds were typed with markup at the table."""
    from lopti_nb.widgets.replay import replay

    spec = get_spec(game)
    players = max(2, spec.min_players)
    t = lopti_nb.play(game, players=players, humans=players, seed=5, bot_delay=0,
                      **table_settings(game))
    seen = Seen(markup_names(players))
    rng = random.Random(5)
    for _ in range(STEPS):
        type_into_boxes(t, seen)
        if random_step(t, rng):
            continue
        if t.next_button.layout.display == "none" or t.next_button.disabled:
            break
        t.next_button.click()
    record = {**t.state.record(), "bots": markup_names(players)}
    r = replay(record)
    for step in sorted({0, r.end // 2, r.end}):
        r.show(step)
        seen.look(r, f"move {step}")
    for seat in range(players):
        r.seat_choice.value = seat
        seen.look(r, f"seat {seat + 1}")
    assert seen.shown & set(seen.names), "the bots' names were never shown"
