"""The plain loop of ``benchmarks/plain_lopti.py`` (the yardstick of ``bench_lopti.py``) plays
the engine's rounds: fed the engine's deal and the random bots' generator, it makes the same
choices among the same legal moves, so every round ends with the same players out after the
same number of turns. A plain loop that played other rules would make the comparison of
their speeds meaningless."""
from __future__ import annotations

import importlib.util
import pathlib
import random

import pytest

from lopti_nb.engine import get_spec
from lopti_nb.engine.runner import game_seeds, play_out

PATH = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "plain_lopti.py"


@pytest.fixture(scope="module")
def plain():
    spec = importlib.util.spec_from_file_location("plain_lopti", PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def deal_of(state) -> list[int]:
    """The deck in the order the engine dealt it (face down, face up, hands, draw pile)."""
    return ([c for cards in state.face_down for c in cards] + [c for cards in state.face_up for c in cards]
            + [c for cards in state.hands for c in cards] + list(state.draw_pile))


@pytest.mark.parametrize("players, leader, games", [(4, 0, 150), (2, 1, 40), (3, 2, 40), (5, 4, 40)])
def test_the_plain_loop_plays_the_engines_round_move_for_move(plain, players, leader, games):
    spec = get_spec("lopti")
    bots = [spec.make_bot("random")] * players
    lengths = set()
    for number in range(games):
        game_seed, bot_seed = game_seeds(7, number)
        state = spec.state_class(players, game_seed, leader=leader)
        out, turns = plain.play_round(deal_of(state), players, random.Random(bot_seed), leader=leader)
        play_out(state, bots, random.Random(bot_seed))
        assert (out, turns) == (state.out, state.turns), f"game {number}"
        lengths.add(turns)
    assert len(lengths) > games // 4  # many different rounds, not one repeated


def test_the_plain_loop_stops_at_the_turn_cap_as_the_engine_does(plain):
    spec = get_spec("lopti")
    state = spec.state_class(4, 3, turn_cap=20)
    out, turns = plain.play_round(deal_of(state), 4, random.Random(5), turn_cap=20)
    play_out(state, [spec.make_bot("random")] * 4, random.Random(5))
    assert (out, turns) == (state.out, state.turns) == ([], 20)
    assert state.stalemate


def test_a_plain_game_from_a_seed_is_a_legal_round(plain):
    out, turns = plain.play_game(11)
    assert (out, turns) == plain.play_game(11)
    assert len(out) == 1 and 1 <= turns < 1000
