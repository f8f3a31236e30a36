"""What people type reaches every page as text, never as markup, for every installed game
(the toy Nim too): the table, a room on two devices and a replay.

People here are named with markup (``<u x>A</u>&amp;``) and type markup into every text box
they see (a Lopti words motion or amendment). Names with markup are refused by the one name
check (tests/test_text.py); here that refusal is switched off (``lopti_nb.text.MARKUP``
emptied), as for a name that reached a table before names were checked, so that what is
tested is the views' escaping on its own.

Every widget's ``get_state()`` is walked (tests/markup_support.py says which values a
browser draws as HTML): no value drawn as HTML holds the markup, and no value drawn as
text holds it escaped (that would show ``&lt;`` on screen).
"""
from __future__ import annotations

import logging
import random

import ipywidgets as W
import pytest
from markup_support import Seen, check_seen, markup_names, type_into_boxes

import lopti_nb
from lopti_nb.engine import game_names, get_spec
from lopti_nb.widgets.hand import CardHand
from lopti_nb.widgets.testing import random_step, visible_widgets

GAMES = game_names()
STEPS = 400  # random steps at a table (a Lopti round played at random may go on much longer)
ROOM_STEPS = 150  # rounds of polls and clicks on the two pages of a room


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
        if not random_step(t, rng):
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
    for step in range(ROOM_STEPS):
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
        if step % 15 == 0:
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
        if not random_step(t, rng):
            break
    record = {**t.state.record(), "bots": markup_names(players)}
    r = replay(record)
    for step in sorted({0, r.end // 2, r.end}):
        r.show(step)
        seen.look(r, f"move {step}")
    for seat in range(players):
        r.seat_choice.value = seat
        seen.look(r, f"seat {seat + 1}")
    assert seen.shown & set(seen.names), "the bots' names were never shown"
