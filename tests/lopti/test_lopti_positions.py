"""Only positions that can happen: ``testing.check_position`` holds a Lopti position to the
invariants of a dealt round (52 cards, each in one place; at most three face-up and three
face-down cards a seat; no 3 in the pile). Every lesson position passes it, real rounds pass
it at every move, and a position with a card in two places fails it."""
from __future__ import annotations

import random

import pytest

from lopti_nb.explainers import steps, voices
from lopti_nb.games.lopti.state import LoptiState
from lopti_nb.games.lopti.testing import check_position


@pytest.mark.parametrize("voice", voices("lopti"))
def test_every_lesson_position_could_happen(voice):
    seen = 0
    for step in steps("lopti", voice):
        state = getattr(step.make_scene(), "state", None)
        if isinstance(state, LoptiState):
            assert check_position(state) == [], step.key
            seen += 1
    assert seen >= 20


@pytest.mark.parametrize("seed", [1, 2])
def test_real_rounds_pass_the_check_at_every_move(seed):
    st = LoptiState(4, seed=seed)
    rng = random.Random(seed)
    while not st.is_over and st.turns < 300:
        assert check_position(st) == []
        st.apply(rng.choice(st.legal_actions()))
    assert check_position(st) == []


def test_a_card_in_two_places_fails():
    st = LoptiState(3, seed=1)
    st.hands[1].append(st.hands[0][0])
    assert any("not the 52" in p for p in check_position(st))
