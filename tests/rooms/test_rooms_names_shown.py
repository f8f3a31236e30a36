"""People shown by name: where a table or a room knows the seated people's names, no visible
sentence names one of those seats by its seat word ("Seat 2"), in the log, the strip of what
happened since the last move, the status lines and the game's own panels, for every game, at
a table and on both devices of a room."""
from __future__ import annotations

import html
import random
import re

import pytest
from browser_support import click

import lopti_nb
from lopti_nb.widgets.testing import random_step, visible_widgets

SEAT_WORD = re.compile(r"\bSeat (\d+)\b")
TAG = re.compile(r"<[^>]+>")
GAMES = [("lopti", {}), ("lopti", {"rounds": 2}), ("skull-king", {}), ("drowned-ledger", {})]
IDS = ["lopti", "lopti-session", "skull-king", "drowned-ledger"]


def seat_words_of_named_seats(root, players: int) -> list[str]:
    """The visible sentences under ``root`` that name a seat 1..``players`` by its seat word."""
    found = []
    for w in visible_widgets(root):
        for key in ("value", "description", "title", "note"):
            value = getattr(w, key, None)
            if not isinstance(value, str):
                continue
            text = html.unescape(TAG.sub(" ", value))
            for m in SEAT_WORD.finditer(text):
                if 1 <= int(m.group(1)) <= players:
                    found.append(" ".join(text[max(0, m.start() - 80):m.end() + 80].split()))
    return found


def round_no(state) -> int:
    return getattr(state, "round_no", 1)  # a session's round; a single game is its one round


@pytest.mark.parametrize("game,settings", GAMES, ids=IDS)
def test_a_table_names_people_by_name(game, settings):
    names = ["Ann", "Bob", "Cy"]
    table = lopti_nb.play(game, players=3, humans=1, names=names, seed=3, bot_delay=0, **settings)
    rng = random.Random(1)
    looks, round_two = 0, 0
    # a session: through round 1 and a few steps into round 2; a single game: its first steps
    while looks < 600 and round_two < 6 and (settings or looks < 120) and not table.state.is_over:
        assert random_step(table, rng), table.status.value
        looks += 1
        round_two += round_no(table.state) >= 2
        bad = seat_words_of_named_seats(table, 3)
        assert not bad, f"{game}: a named seat by its seat word: {bad[:3]}"
    assert looks and any(name in table.log_html.value for name in names)
    if settings:
        assert round_two, "the session never reached round 2"


def two_devices(tmp_path, game, settings):
    """Ann's device hosts a two-seat room of ``game``; Bob's device joins by the code."""
    from lopti_nb.rooms.widget import RoomWidget

    url = str(tmp_path / "rooms.sqlite")
    a = RoomWidget(store=url, start_timer=False, bot_pace=0)
    b = RoomWidget(store=url, start_timer=False, bot_pace=0)
    a.create_name.value = "Ann"
    a.create_game.value = game
    a.create_players.value = 2
    for name, value in settings.items():
        a.create_settings[name].value = value
    click(a, "Create")
    assert a.session is not None, a.status.value
    b.join_code.value = a.session.pretty_code
    b.join_name.value = "Bob"
    click(b, "Join")
    assert b.session is not None, b.status.value
    a.poll_once()
    click(a, "Start the game")  # both seats are people: the host starts
    return a, b


@pytest.mark.parametrize("game,settings", GAMES, ids=IDS)
def test_a_room_names_people_by_name_on_both_devices(tmp_path, game, settings):
    from lopti_nb.games.lopti.session_game import CallVote

    a, b = two_devices(tmp_path, game, settings)
    devices = {0: a, 1: b}
    spec = a.session.room.spec
    bot, rng = spec.make_bot(spec.default_bot), random.Random(4)
    moves, round_two, voted = 0, 0, False  # moves made, of them in round 2; a Rule Vote called
    # a session: through round 1 and a few moves into round 2; a single game: its first moves
    while moves < 400 and round_two < 12 and (settings or moves < 25):
        for w in devices.values():
            w.poll_once()
            bad = seat_words_of_named_seats(w, 2)
            assert not bad, f"{game}, seat {w.session.seat + 1}'s device: a named seat by its seat word: {bad[:3]}"
        state = a.session.state
        if state.is_over or not state.to_act:
            break
        seat = state.to_act[0]
        session = devices[seat].session
        legal = session.state.legal_actions(seat)
        if round_two and not voted and any(isinstance(x, CallVote) for x in legal):
            # a Rule Vote in round 2: its panel, ballots and any Roshambo name people too
            action, voted = CallVote("law", lever="play_on", value=True, when="now"), True
        else:
            action = bot(session.state.observation(seat), [x for x in legal if not isinstance(x, CallVote)], rng)
        session.submit(action, expect_seq=session.seq)
        moves += 1
        round_two += round_no(session.state) >= 2
    assert moves > 3
    if settings:
        assert round_two and voted, "the session never reached round 2 and its Rule Vote"
    for w in devices.values():
        assert "Ann" in w.log_html.value and "Bob" in w.log_html.value, w.log_html.value
