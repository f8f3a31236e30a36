"""Helpers of the markup checks (tests/conformance/test_markup.py and the Lopti words tests):
which widget values a browser draws as HTML and which as text, and names and typed text that
carry markup.

A browser draws some widget values as HTML and others as text (ipywidgets 8.1: an ``HTML``
or ``HTMLMath`` value and a description with ``description_allow_html`` go through
``innerHTML``; descriptions, tooltips, labels, placeholders and options through
``textContent``, a ``title`` or an escaped ``innerHTML``; the card hand draws its cards'
pictures as HTML and their labels, title and note as text: see its ``_ESM``).
"""
from __future__ import annotations

import random

import anywidget
import ipywidgets as W

from lopti_nb.text import esc
from lopti_nb.widgets.hand import CardHand
from lopti_nb.widgets.table import iter_widgets
from lopti_nb.widgets.testing import visible_widgets

TYPED = '<img src=x onerror=alert(1)> "&amp;'  # typed into every text box a person sees
MARKS = ("<u x>", "<img src=x")  # what must never reach a value drawn as HTML
HTML_MODELS = ("HTMLModel", "HTMLMathModel")
ANYWIDGET_OWN = ("_esm", "_css", "_anywidget_id", "_view_name", "_model_name", "_view_module",
                 "_model_module", "_view_module_version", "_model_module_version", "_dom_classes")


def markup_names(players: int) -> list[str]:
    """One name per seat, each with a tag and a character reference in it (15 characters)."""
    return [f"<u x>{chr(65 + i)}</u>&amp;" for i in range(players)]


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
        self.isolated = False  # the typed text shown in its own direction (<bdi>) somewhere

    def look(self, root: W.Widget, where: str) -> None:
        self.looks += 1
        as_html, as_text = drawn(root)
        for value in as_html:
            for mark in MARKS:
                assert mark not in value, f"{where}: markup drawn as HTML: {value[:400]}"
            for raw in self.names:
                assert raw not in value, f"{where}: a name unescaped in HTML: {value[:400]}"
            self.shown.update(x for x in [*self.names, TYPED] if esc(x) in value)
            self.isolated |= isolated(TYPED, value)
        for value in as_text:
            assert "&lt;u x&gt;" not in value and "&lt;img" not in value, \
                f"{where}: escaped twice, a browser shows the entities: {value[:300]}"


def isolated(typed: str, value: str) -> bool:
    """Whether ``typed`` is in the HTML ``value`` escaped and in its own direction (in a
    ``<bdi>`` or between the Unicode isolates U+2068 and U+2069)."""
    return f"<bdi>{esc(typed)}</bdi>" in value or esc(f"\u2068{typed}\u2069") in value


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


# -- Lopti: a guest's words motion in a room ----------------------------------------------------
def guest_writes_a_motion(store: str, words: str):
    """A two-seat Lopti session room: Ann hosts, Bob joins, the heuristic bot's moves are
    made for both until a round ends that Bob won; Bob writes ``words`` as his motion.
    Returns (Ann's session, Bob's session)."""
    from lopti_nb.games.lopti.session_game import Author

    host, guest = guest_wins_a_round(store)
    guest.submit(Author(words), expect_seq=guest.seq)
    host.refresh()
    return host, guest


def play_room_as_bots(seats: dict, seed: int, until) -> None:
    """Make the heuristic bot's moves (no Rule Vote called) for every seat of a Lopti session
    room, each through its own session (``seats``: seat -> session), until ``until(state)``."""
    from lopti_nb.engine import get_spec
    from lopti_nb.games.lopti.session_game import CallVote

    bot = get_spec("lopti").make_bot("heuristic")
    rng = random.Random(seed)
    any_session = next(iter(seats.values()))
    for _ in range(3000):
        for s in seats.values():
            s.refresh()
        state = any_session.state
        if until(state) or state.is_over or not state.to_act:
            return
        seat = state.to_act[0]
        legal = [a for a in state.legal_actions(seat) if not isinstance(a, CallVote)]
        seats[seat].submit(bot(state.observation(seat), legal, rng), expect_seq=seats[seat].seq)


def guest_wins_a_round(store: str, rounds: int = 2):
    """A two-seat Lopti session room (Ann hosts, Bob joins) played by the heuristic bot's
    moves for both until Bob has won round 1 and is to write his motion.
    Returns (Ann's session, Bob's session)."""
    from lopti_nb import rooms

    for seed in range(40):
        host = rooms.create_room("Ann", "lopti", players=2, rounds=rounds, store=store, seed=seed, swap=False)
        guest = rooms.join_room(host.code, "Bob", store=store)
        host.start()
        play_room_as_bots({0: host, 1: guest}, seed, lambda state: state.phase != "playing")
        guest.refresh()
        if guest.state.phase == "authoring" and guest.state.author_seat == guest.seat:
            host.refresh()
            return host, guest
    raise AssertionError("no seed where Bob wins round 1")
