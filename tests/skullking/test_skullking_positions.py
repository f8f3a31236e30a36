"""Only positions that can happen: ``testing.check_position`` holds a Skull King position to
the invariants of a dealt game (a round deals its own number of cards, hands shrink by one a
trick, no card more often than the deck has it, tricks won and destroyed add up, bids within
the cards dealt). The lessons' tables pass it; real games pass it at every move; tables no
game reaches (five cards in round 1) fail it."""
from __future__ import annotations

import random

import pytest

from lopti_nb.explainers import steps
from lopti_nb.games.skullking.lessons import BidScene, TrickScene
from lopti_nb.games.skullking.state import Bid, SkullKingState
from lopti_nb.games.skullking.testing import at_round, check_position


def test_every_lesson_table_could_happen():
    tables = 0
    for step in steps("skull-king"):
        scene = step.make_scene()
        if isinstance(scene, (TrickScene, BidScene)) or step.key == "goal":
            assert check_position(scene.state) == [], step.key
            tables += 1
    assert tables >= 15


@pytest.mark.parametrize("players,seed", [(2, 1), (5, 2), (8, 3)])
def test_real_games_pass_the_check_at_every_move(players, seed):
    st = SkullKingState(players, seed=seed)
    rng = random.Random(seed)
    moves = 0
    while not st.is_over:
        assert check_position(st) == [], (st.round, st.trick_number, st.trick)
        st.apply(rng.choice(st.legal_actions()))
        moves += 1
    assert moves > 50


def test_3_1_five_cards_each_in_round_1_fails():
    st = SkullKingState(3, seed=0)
    st.set_hands([["Y7", "Y3", "P12", "B9", "pirate"], ["Y12", "G2", "G3", "G4", "G5"],
                  ["P2", "P3", "P4", "P5", "P6"]])
    assert st.round == 1
    assert "round 1 deals 1 card each, not 5" in check_position(st)


def test_at_round_reaches_the_round_by_play_and_a_hand_that_does_not_shrink_fails():
    st = at_round(4, 3)
    assert st.round == 3 and st.cards_dealt == 3 and check_position(st) == []
    for _ in range(4):
        st.apply(Bid(1))
    st.apply(st.legal_actions()[0])
    st.hands[st.leader].append("Y1")  # a card from nowhere
    problems = check_position(st)
    assert any("holds 3 cards, not 2" in p for p in problems), problems
