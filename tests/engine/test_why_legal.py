"""``why_legal`` beside ``why_illegal``: every game says which rule allows a legal move, and
says nothing (``None``) of a move the rules refuse. Walked over random games of every game."""
from __future__ import annotations

import random

import pytest

import lopti_nb
from lopti_nb.engine import get_spec
from lopti_nb.games.lopti.rules import judge

GAMES = lopti_nb.game_names()


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_legal_action_has_a_reason_and_no_refused_one_does(game, seed):
    spec = get_spec(game)
    state = lopti_nb.new_game(game, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over and steps < 400:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            for action in legal:
                reason = state.why_legal(action, seat)
                assert isinstance(reason, str) and reason.strip(), (spec.name, action)
                assert "engine" not in reason.lower()
        seat = state.current_player
        legal = state.legal_actions(seat)
        state.apply(rng.choice(legal), seat)
        steps += 1
    if state.is_over:
        assert state.why_legal(object()) is None


def test_1_2_the_reason_for_a_low_play_on_a_7_is_the_7s_directive():
    assert judge(["7"], "5").reason == "The 7 on top asks for lower: a 5 may follow."
    assert judge(["7"], "4 4 4").reason == "The 7 on top asks for lower: three 4s may follow."


def test_1_2_no_sentence_about_a_7_lets_a_10_follow_it():
    legal, refused = judge(["K"], "7").reason, judge(["7"], "8").reason
    assert "special" not in legal and "special" not in refused
    assert "never a 10" in legal and "10" not in refused
    assert "a 10 (this table allows it)" in judge(["K"], "7", ten_on_seven=True).reason
