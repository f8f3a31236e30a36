"""Only positions that can happen: ``testing.check_position`` holds a position to the
invariants of a dealt game (card totals across every place, the sea against its start and the
rounds played, hands and yards against the dives so far, prices against the cards sold).

Every position the lessons and the quiz show passes it; real games pass it at every turn; the
positions no game can reach (the sea at 4, 5 or 9 in round 1 with nothing moved yet, a 58-card
wreck deck while players hold machines) fail it."""
from __future__ import annotations

import random

import pytest

from lopti_nb.explainers import steps
from lopti_nb.games.ledger import LedgerState
from lopti_nb.games.ledger.bots import PERSONALITIES
from lopti_nb.games.ledger.lessons import LedgerScene, SeaScene, quiz_questions
from lopti_nb.games.ledger.testing import check_position, fill_places, rig

STEPS = {s.key: s for s in steps("drowned-ledger")}


def _lesson_positions():
    """``(where, state)`` for every position a lesson step draws, and every case a scene plays."""
    for key, step in STEPS.items():
        scene = step.make_scene()
        if isinstance(scene, LedgerScene):
            yield key, scene.state
        elif isinstance(scene, SeaScene):
            for case in scene.CASES:
                yield f"{key}: {case}", scene._build(case)
        elif hasattr(scene, "_build"):
            try:
                yield key, scene._build()
            except TypeError:  # the Reckoning scene builds one position per Reckoning card
                from lopti_nb.games.ledger.cards import RECKONINGS
                for r in RECKONINGS:
                    yield f"{key}: {r.name}", scene._build(r.name)


def test_every_lesson_position_could_happen():
    seen = 0
    for where, state in _lesson_positions():
        assert check_position(state) == [], where
        seen += 1
    assert seen > 30


def test_2_5_the_scoring_question_shows_the_finished_game():
    """The winner is decided by what is on the table: the game is over, every yard and coin
    shows, and the sealed cards (hidden) score nothing in this mode."""
    scene = STEPS["scoring"].make_scene()
    game = scene.finish()
    assert game.is_over and check_position(game) == []
    assert all(p["sealed"] == 0 for p in game.result.details["breakdown"])
    assert "The game is over" in scene.prompt


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_real_games_pass_the_check_at_every_turn(seed):
    rng = random.Random(seed)
    st = LedgerState(3, seed, mode="plain")
    bots = list(PERSONALITIES.values())
    checked = 0
    while not st.is_over:
        if st.phase == 0:
            assert check_position(st) == [], (st.round, st.seat)
            checked += 1
        seat = st.current_player
        st.apply(bots[seat](st.observation(seat), st.legal_actions(), rng))
    assert check_position(st) == [] and checked > 10


# -- unreachable positions fail ---------------------------------------------------------------
def _old(**kw) -> LedgerState:
    """A position rigged with only what is given: round 1, nothing else set."""
    return rig(LedgerState(3, 0, mode="plain"), **kw)


@pytest.mark.parametrize("sea", [4, 5, 9])
def test_2_4_the_sea_above_its_start_in_round_1_with_nothing_moved_fails(sea):
    st = _old(sea=sea)
    assert st.round == 1 and st.trigger == 0
    problems = check_position(st)
    assert any(f"the sea stands at {sea} in round 1" in p for p in problems), problems


def test_2_1_a_58_card_wreck_while_players_hold_machines_fails():
    st = _old(hands=[["Compass 3", "Lantern 2"], ["Engine 5"], ["Orrery 1", "Orrery 2"]],
              yards=[["Telegraph 1"], [], ["Compass 1"]])
    assert len(st.wreck) == 58
    problems = check_position(st)
    assert any(p.startswith("card totals: 58 in the wreck deck") for p in problems), problems
    # hands in round 1 before anyone has dived cannot hold machines either
    assert any("holds and shows" in p for p in problems), problems
    fill_places(st)  # the cards no other place holds: the wreck keeps only those
    assert len(st.wreck) == 58 - 7


def test_a_price_below_the_start_needs_the_cards_sold():
    st = _old(market=[6, 4, 6, 6, 6])
    assert any("Lantern is priced 4 with 0 sold" in p for p in check_position(st))


def test_the_quiz_tables_could_happen():
    """The quiz's tables are built as the lessons' are; each passes before it is played."""
    from lopti_nb.games.ledger import lessons

    built = []
    real = lessons.rigged

    def spy(*a, **kw):
        make = real(*a, **kw)

        def build():
            st = make()
            built.append(st.copy())
            return st
        return build

    lessons.rigged = spy
    try:
        for q in quiz_questions():
            q.answer()
    finally:
        lessons.rigged = real
    assert len(built) >= 6
    for st in built:
        assert check_position(st) == []


def test_2_2_before_the_first_turn_nothing_has_left_the_wreck():
    """A three-card wreck deck in round 1, before any turn, is no position a game reaches."""
    st = _old(wreck=["Compass 1", "Lantern 1", "Engine 2"],
              discard=["Orrery 3", "Telegraph 1", "Hazard 9", "Orrery 1"])
    assert any(p.startswith("before the first turn every card is in the wreck deck")
               for p in check_position(st))


def test_2_2_3_more_sales_than_turns_fails():
    st = _old(market=[6, 4, 3, 6, 6], round=2)  # five sales, three turns so far
    fill_places(st)
    assert "the prices show 5 sales in 3 turns" in check_position(st)
