"""RULINGS 1.7: a motion's custom clear, cleared cards returned to circulation, and choices
asked of the player concerned."""
import random

import pytest

from lopti_nb.engine import IllegalAction
from lopti_nb.engine.runner import play_out
from lopti_nb.games.lopti import (
    Discard, Give, LoptiState, Motion, MotionError, Play, Proposal, TakePile, heuristic_bot,
)
from lopti_nb.games.lopti import events as ev
from lopti_nb.games.lopti.cards import card_name
from lopti_nb.games.lopti.motions import ClearPile, HookRunner, MotionLoptiState, PendingChoice, ReturnCleared
from lopti_nb.games.lopti.session_game import LoptiSessionState
from lopti_nb.games.lopti.state import Choose


def hooked(motion, hands, people=(), **kw):
    """A mid-round position with ``motion`` (number 1) in force."""
    state = MotionLoptiState.from_position(hands, hooks=HookRunner([motion]), **kw)
    if people:
        state.set_people(people)
    return state


def of(state, kind):
    return [e for e in state.events if isinstance(e, kind)]


EIGHTS_CLEAR = Motion("A pair of 8s clears the pile.",
                      {"after play": lambda v: ClearPile() if v.ranks == ("8", "8") else None})


# -- the custom clear ------------------------------------------------------------------------------
def test_1_7_custom_clear_by_a_motion_gives_the_clearer_the_bonus_play():
    state = hooked(EIGHTS_CLEAR, [["8S", "8H", "4C", "KD"], ["AD"]], face_down=[["2C"], ["2D"]],
                   draw_pile=["5S"], pile=["5C", "6H"], turn=0)
    state.apply(Play("8", 2))
    cleared = of(state, ev.Cleared)
    assert len(cleared) == 1 and cleared[0].how == "motion" and cleared[0].motion == 1
    assert cleared[0].cards == 4 and "as motion 1 says" in cleared[0].describe()
    assert state.pile_cards == [] and state.pile.size == 0 and state.clears[0] == 1
    assert state.current_player == 0 and state.bonus  # the clearer's bonus play
    assert any(isinstance(e, ev.BonusPlay) and e.seat == 0 for e in state.events)
    assert sorted(state.all_cards()) == list(range(52))


def test_1_7_custom_clear_ends_a_duty_and_needs_its_condition():
    threes = Motion("A 3 on a King clears.", {"after play": lambda v: ClearPile() if v.rank == "3" else None})
    state = hooked(threes, [["3S", "4C"], ["AD", "5D"]], face_down=[["2C"], ["2D"]], pile=["KC"], turn=0)
    state.apply(Play("3"))
    assert state.pile.duty is False and state.current_player == 0 and state.bonus
    state.apply(Play("4"))  # the bonus play: no condition, no clear
    assert len(of(state, ev.Cleared)) == 1 and state.pile_cards != []


def test_1_7_custom_clear_with_the_last_card_is_out_without_bonus():
    state = hooked(EIGHTS_CLEAR, [["8S", "8H"], ["AD"], ["KD"]], face_down=[[], ["2D"], ["2H"]],
                   pile=["5C"], turn=0, play_on=True)
    state.apply(Play("8", 2))
    assert of(state, ev.Cleared)[0].how == "motion" and 0 in state.out
    assert not state.bonus and state.current_player == 1 and state.pile.size == 0


def test_1_7_custom_clear_only_right_after_a_play():
    wrong = Motion("Taking the pile clears it.", {"after pickup": lambda v: ClearPile(),
                                                  "before play": lambda v: ClearPile()})
    state = hooked(wrong, [["4C", "KD"], ["AD"]], face_down=[["2C"], ["2D"]], pile=["5C"], turn=0)
    state.apply(Play("K"))
    state.apply(TakePile())
    assert not of(state, ev.Cleared)
    notes = [e.text for e in of(state, ev.MotionNote)]
    assert notes.count("a motion clears the pile only right after a play") == 2


def test_1_7_custom_clear_adds_to_a_base_clear_never_twice():
    tens = Motion("A 10 clears, twice over.", {"after play": lambda v: ClearPile()})
    state = hooked(tens, [["10S", "4C"], ["AD"]], face_down=[["2C"], ["2D"]], pile=["5C"], turn=0)
    state.apply(Play("10"))
    assert [e.how for e in of(state, ev.Cleared)] == ["ten"]


# -- cleared cards back into the round ---------------------------------------------------------------
def test_1_7_cleared_cards_returned_to_the_draw_pile_shuffled():
    back = Motion("After a clear the cards go back into the draw pile.",
                  {"after clear": lambda v: ReturnCleared("draw pile", n=8)})
    state = hooked(back, [["10S", "4C"], ["AD"]], face_down=[["2C"], ["2D"]], pile=["5C", "9H"],
                   draw_pile=["6S", "6H", "6D"], turn=0)
    state.apply(Play("10"))
    ret = of(state, ev.MotionReturned)
    assert len(ret) == 1 and ret[0].seat is None
    assert sorted(card_name(c) for c in ret[0].cards) == ["10S", "5C", "9H"]
    assert set(ret[0].cards) <= set(state.draw_pile) and len(state.draw_pile) == 3 - 1 + 3  # one drawn first
    assert not set(ret[0].cards) & set(state.gone) and sorted(state.all_cards()) == list(range(52))
    # shuffled with the round's own generator: the same round, the same order
    again = hooked(back, [["10S", "4C"], ["AD"]], face_down=[["2C"], ["2D"]], pile=["5C", "9H"],
                   draw_pile=["6S", "6H", "6D"], turn=0)
    again.apply(Play("10"))
    assert again.draw_pile == state.draw_pile


def test_1_7_cleared_cards_returned_to_a_roles_hand():
    back = Motion("The next player takes the highest cleared card.",
                  {"after clear": lambda v: ReturnCleared("next", n=1, which="highest")})
    state = hooked(back, [["10S", "4C"], ["AD"]], face_down=[["2C"], ["2D"]], pile=["5C", "KH"], turn=0)
    state.apply(Play("10"))
    assert card_name(of(state, ev.MotionReturned)[0].cards[0]) == "KH" and "KH" in map(card_name, state.hands[1])
    # only the latest clear's cards come back, each once
    state.apply(Play("4"))
    assert of(state, ev.MotionReturned)[0].seat == 1 and len(of(state, ev.MotionReturned)) == 1


def test_1_7_return_cleared_is_checked():
    with pytest.raises(MotionError, match="nobody chooses"):
        ReturnCleared("draw pile", which="choose")
    with pytest.raises(MotionError):
        ReturnCleared("draw pile", n=9)
    with pytest.raises(MotionError):
        Give(which="mine")


# -- a choice asked of the player concerned -----------------------------------------------------------------
GIFT = Motion("Whoever plays a King gives the next player a card of their choice.",
              {"after play": lambda v: Give("actor", 1, which="choose") if v.rank == "K" else None})


def test_1_7_chosen_gift_asked_of_a_person():
    state = hooked(GIFT, [["KD", "4C", "9S", "JH"], ["AD", "5D"]], face_down=[["2C"], ["2D"]],
                   pile=["5C"], turn=0, people={0})
    state.apply(Play("K"))
    choice = state.pending_choice
    assert isinstance(choice, PendingChoice) and choice.seat == 0 and choice.left == 1
    assert state.current_player == 0 and state.turn == 1  # the turn has passed; the gift waits
    assert [str(a) for a in state.legal_actions()] == ["choose 4C", "choose 9S", "choose JH"]
    mine, theirs = state.observation(0)["choice"], state.observation(1)["choice"]
    assert state.observation(1)["current_player"] == 0  # the seat asked, not the seat whose turn it is
    assert mine["options"] == ["4C", "9S", "JH"] and theirs["options"] is None and theirs["seat"] == 0
    assert of(state, ev.MotionAsks)[0].describe() == "Motion 1: Seat 1 chooses a card to give."
    with pytest.raises(IllegalAction, match="first chooses"):
        state.apply(Play("A"))
    with pytest.raises(IllegalAction, match="not one of the cards"):
        state.choose("AD")
    state.choose("JH")
    gave = of(state, ev.MotionGave)[0]
    assert gave.seat == 0 and gave.to == 1 and card_name(gave.cards[0]) == "JH"
    assert gave.for_seat(0).cards and gave.for_seat(1).cards and gave.for_seat(None).cards is None
    assert state.pending_choice is None and state.current_player == 1 and "JH" in map(card_name, state.hands[1])


def test_1_7_bot_or_absent_player_takes_the_default_choice():
    state = hooked(GIFT, [["KD", "4C", "9S", "JH"], ["AD", "5D"]], face_down=[["2C"], ["2D"]],
                   pile=["5C"], turn=0)  # nobody is a person: seat 0 takes the default
    state.apply(Play("K"))
    assert state.pending_choice is None and card_name(of(state, ev.MotionGave)[0].cards[0]) == "4C"
    # a person who leaves while asked: the default is taken at once
    state = hooked(GIFT, [["KD", "4C", "9S", "JH"], ["AD", "5D"]], face_down=[["2C"], ["2D"]],
                   pile=["5C"], turn=0, people={0})
    state.apply(Play("K"))
    state.set_people(())
    assert state.pending_choice is None and card_name(of(state, ev.MotionGave)[0].cards[0]) == "4C"


def test_1_7_choice_of_several_cards_one_at_a_time_and_return_to_a_hand():
    two = Motion("Whoever takes the pile puts two cards of their choice out.",
                 {"after pickup": lambda v: Discard("actor", 2, which="choose", default="highest")})
    state = hooked(two, [["4C", "9S", "JH"], ["AD"]], face_down=[["2C"], ["2D"]], pile=["KC"], turn=0,
                   people={0})
    state.apply(TakePile())
    assert state.pending_choice.left == 2 and state.legal_actions()[0] == Choose("KC")  # default first
    state.choose("4C")
    assert state.pending_choice.left == 1 and Choose("4C") not in state.legal_actions()
    state.choose("9S")
    assert sorted(card_name(c) for c in of(state, ev.MotionDiscarded)[0].cards) == ["4C", "9S"]
    take = Motion("The clearer takes back a card of the clear.",
                  {"after clear": lambda v: ReturnCleared("actor", n=1, which="choose")})
    state = hooked(take, [["10S", "4C"], ["AD"]], face_down=[["2C"], ["2D"]], pile=["5C", "KH"], turn=0,
                   people={0})
    state.apply(Play("10"))
    assert state.observation(1)["choice"]["options"] == ["5C", "10S", "KH"]  # seen by all at the clear
    state.choose("KH")
    assert "KH" in map(card_name, state.hands[0]) and state.current_player == 0 and state.bonus


def test_1_7_session_asks_its_people_and_bots_answer_with_the_default():
    s = LoptiSessionState.by_hand(4, seed=2)
    s.people = {0}
    s.restore(Motion("Kings give a chosen card.", {"after play": lambda v: Give("actor", 1, which="choose")
                                                   if v.rank == "K" else None}), [True] * 4, author="Old")
    st = s.deal()
    assert st.people == frozenset({0})
    rng = random.Random(1)
    asked = 0
    while not st.is_over:
        if st.pending_choice is not None:
            assert st.pending_choice.seat == 0
            asked += 1
            st.choose(st.pending_choice.option_names[-1])
            continue
        seat = st.current_player
        action = heuristic_bot(st.observation(seat), st.legal_actions(), rng)
        st.apply(action)
    gifts = of(st, ev.MotionGave)
    assert asked and len([g for g in gifts if g.seat == 0]) == asked
    assert sorted(st.all_cards()) == list(range(52))
    # play_round with bots: the bot in seat 0 answers with the default
    s.play_round()
    assert s.dealt_round.is_over


def test_1_7_removing_a_motion_drops_its_question():
    s = LoptiSessionState.by_hand(2, seed=3)
    s.people = {0, 1}
    s.restore(Motion("Every play gives a chosen card.", {"after play": lambda v: Give("actor", 1, which="choose")}),
              [True] * 2, author="Old")
    st = s.deal()
    while st.pending_choice is None and not st.is_over:
        st.apply(st.legal_actions()[0])
    assert st.pending_choice is not None
    s.rule_vote(0, Proposal.remove(1, when="now"), [True] * 2)
    assert st.pending_choice is None and any("nobody needs to choose" in e.text for e in of(st, ev.MotionNote))
    assert st.legal_actions() and not isinstance(st.legal_actions()[0], Choose)


def test_1_7_copies_keep_a_pending_choice_apart():
    state = hooked(GIFT, [["KD", "4C", "9S", "JH"], ["AD", "5D"]], face_down=[["2C"], ["2D"]],
                   pile=["5C"], turn=0, people={0})
    state.apply(Play("K"))
    twin = state.copy()
    twin.choose("9S")
    assert state.pending_choice is not None and twin.pending_choice is None
    assert state.undeclared_fields() == ([], [])


def test_1_7_bots_play_whole_rounds_with_every_new_effect():
    m = Motion("Busy table.", {
        "after play": lambda v: [ClearPile()] if v.ranks == ("9", "9") else None,
        "after clear": lambda v: ReturnCleared("draw pile", n=2),
        "after pickup": lambda v: Give("actor", 1, which="choose", default="random"),
    })
    for seed in range(6):
        state = MotionLoptiState(4, seed, hooks=HookRunner([m]), people=(), turn_cap=400)
        play_out(state, [heuristic_bot] * 4, random.Random(seed))
        assert state.is_over and sorted(state.all_cards()) == list(range(52))
