"""Refusals say what the rule says, in a learner's words: a lower rank is not told to "match
with more" (matching concerns the rank on top only), face-down cards are counted from 1 as
the table counts them, and ranks in the plural are words ("no aces", never "no As")."""
from __future__ import annotations

import pytest

from lopti_nb.games.lopti.rules import judge, many, some
from lopti_nb.games.lopti.state import LoptiState, Play, PlayBlind


@pytest.mark.parametrize("history, play, said", [
    (["J"], "4 4", "Two 4s are lower than the J on top of the pile; only a higher rank, a special "
                   "card, or more jacks than the last play may go on it."),
    (["9"], "5", "A 5 is lower than the 9 on top of the pile"),
    (["A"], "K", "A K is lower than the A on top of the pile; only a higher rank, a special card, "
                 "or more aces than the last play may go on it."),
])
def test_1_2_a_lower_rank_is_refused_without_being_told_to_match(history, play, said):
    j = judge(history, play)
    assert not j.legal
    assert said in j.reason and "match with more" not in j.reason


def test_1_2_matching_with_more_is_still_said_for_the_rank_on_top():
    assert "a play must hold more than the last play (two 9s)" in judge(["9 9"], "9").reason


def _blind(face_down):
    return LoptiState.from_position(hands=[[], ["4D"], ["4H"]], face_up=[[], [], []],
                                    face_down=[face_down, ["9D"], ["9H"]], pile=["KD"], turn=0)


def test_1_5_face_down_cards_are_counted_from_1_in_refusals():
    st = _blind(["9C", "8C"])
    reason = st.why_illegal(PlayBlind(2))
    assert reason == ("there is no face-down card 3: the face-down cards left are 1 and 2 "
                      "(counted from 1)")
    assert "position" not in reason and "0" not in reason
    assert st.why_illegal(PlayBlind(0)) is None  # the first card, card 1 on the table
    assert "the face-down card left is 1" in _blind(["9C"]).why_illegal(PlayBlind(1))
    assert st.why_illegal(PlayBlind("x")).startswith("a face-down card is named by its number, not 'x'")


def test_1_1_ranks_in_the_plural_are_said_in_words():
    assert [many(r) for r in ("9", "J", "Q", "K", "A")] == ["9s", "jacks", "queens", "kings", "aces"]
    assert some("A", 0) == "no aces" and some("J", 2) == "two jacks" and some("A", 1) == "an A"
    st = LoptiState.from_position(hands=[["5C"], ["4D"], ["4H"]],
                                  face_down=[["9C", "8C", "6C"], ["9D"], ["9H"]], pile=["KD"], turn=0)
    assert st.why_illegal(Play("A", 1)) == "you hold no aces"
    assert st.why_illegal(Play("5", 2)) == "you hold a 5, not two 5s"
