"""Lopti's coach: the chance a pile is waiting at your next turn, by simulation, with no peeking."""
import random
import time

import pytest

import lopti_nb
from lopti_nb.engine import LoptiNbError, get_spec
from lopti_nb.games.lopti import LoptiState
from lopti_nb.games.lopti.coach import coach
from lopti_nb.games.lopti.testing import scramble
from state_support import random_positions


def test_coach_is_the_plugins_part():
    assert get_spec("lopti").load("coach") is coach


def test_1_5_coach_sees_a_pile_the_others_cannot_beat_come_back_empty():
    """Seat 1 holds only 4s and 5s (whatever is dealt again, the unseen cards are low): on an
    ace it can only take the pile, so no pile waits for seat 0; on a 4 seat 1 plays on (a 5)
    and the pile waits for seat 0 every time."""
    state = LoptiState.from_position(
        hands=[["AS", "4S", "KD"], ["4H", "5H", "5D"]],
        face_down=[["6S", "6H", "6D"], ["4D", "5C", "5S"]],
        draw_pile=[], turn=0)
    advice = coach(state, 0)
    assert advice.chances["play A"] == 0
    assert advice.chances["play 4"] == 1
    assert any(line.startswith("play 4: 100%") for line in advice.lines)


def test_1_5_coach_counts_a_pile_taken_and_led_again():
    """After you take the pile, the next player leads: a pile waits for you (two players)."""
    state = LoptiState.from_position(
        hands=[["9S", "4S"], ["KH", "8H", "8D"]], face_down=[["6S"], ["6D"]],
        pile=["QS"], draw_pile=[], turn=0)
    advice = coach(state, 0)
    assert set(advice.chances) == {"take the pile"}
    assert advice.chances["take the pile"] == 1


def _positions(seed, players=4, limit=60):
    return random_positions("lopti", players, seed, limit)


def test_coach_never_reads_what_the_seat_cannot_see():
    checked = 0
    for i, state in enumerate(_positions(5, limit=40)):
        if i % 7:
            continue
        seat = state.current_player
        assert coach(scramble(state, seat, random.Random(i)), seat) == coach(state, seat)
        checked += 1
    assert checked >= 4


def test_coach_answers_within_a_second():
    times = []
    for state in _positions(2, players=5, limit=30):
        t0 = time.perf_counter()
        coach(state, state.current_player)
        times.append(time.perf_counter() - t0)
    print(f"lopti coach: {len(times)} answers, slowest {max(times):.2f} s")
    assert max(times) < 10  # generous: the machine is shared


def test_coach_speaks_only_to_the_seat_to_play():
    state = lopti_nb.new_game("lopti", players=3, seed=1)
    other = (state.current_player + 1) % 3
    assert coach(state, other).chances == {}
    assert "your turn" in coach(state, other).lines[0]
    with pytest.raises(LoptiNbError):
        coach(state, 3)
    with pytest.raises(LoptiNbError):
        coach(state, None)
