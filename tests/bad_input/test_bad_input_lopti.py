"""Bad input to Lopti's public rule and card functions (``lopti_nb.games.lopti``): every
call is refused with a CardError (a LoptiNbError, so a ValueError) in a short sentence, and
the lists it was given are unchanged."""
from __future__ import annotations

import math

import pytest

from bad_input_support import HUGE, Hostile, refused
from lopti_nb.games.lopti import (
    EMPTY, CardError, Pile, after_play, card_label, card_name, check_play, judge, parse_card,
    parse_play, parse_rank, reason_text,
)
from lopti_nb.games.lopti.rules import pile_from_history

NOT_TEXT = [None, 9, 9.0, True, b"9", ["9"], ("9",), {"9": 1}, {9}, math.nan, Hostile(), object()]


@pytest.mark.parametrize("card", [
    -1, 52, 10**20, True, False, 1.0, "9S", None, math.nan, [0], Hostile(),
])
@pytest.mark.parametrize("fn", [card_name, card_label])
def test_card_names_refuse_what_is_not_a_card_number(fn, card):
    refused(fn, [card], error=CardError)


@pytest.mark.parametrize("text", [
    "", " ", "9", "S9", "1S", "11S", "9X", "9SS", "0C", "JOKER", "10 H", "９S", HUGE,
    -1, 52, True, None, 9.0, b"9S", ["9S"], Hostile(),
])
def test_parse_card_refuses_what_is_not_a_card(text):
    refused(parse_card, [text], error=CardError)


@pytest.mark.parametrize("text", [
    "", " ", "1", "11", "0", "B", "JJ", "9S", "10.0", "٩", "ten", HUGE, *NOT_TEXT,
])
def test_parse_rank_refuses_what_is_not_a_rank(text):
    refused(parse_rank, [text], error=CardError)


@pytest.mark.parametrize("text", [
    "", "   ", "9 8", "9 9 9 9 9", "1", "9,9", "99", HUGE, *NOT_TEXT,
])
def test_parse_play_refuses_what_is_not_a_play(text):
    refused(parse_play, [text], error=CardError)


@pytest.mark.parametrize("history, play", [
    ("9", "9"), (None, "9"), (9, "9"), ({"9": 1}, "9"), ({"9"}, "9"), (iter(["9"]), "9"),
    (["9", 9], "9"), (["9", None], "9"), (["9", ""], "9"), (["9 8"], "9"), ([["9"]], "9"),
    (["9 9 9", "9 9"], "K"), (["9 9 9"], "9 9"), (["K"] * 53, "A"), ([HUGE], "9"),
    ([Hostile()], "9"), ([], ""), ([], None), ([], "9 8"), ([], "X"), ([], ["9"]), ([], HUGE),
    ([], Hostile()), (["A A"], "A A A"),
])
def test_judge_refuses_malformed_history_or_play(history, play):
    refused(judge, [history, play], error=CardError)


def test_judge_leaves_a_history_it_refuses_as_it_was():
    history = ["9", "9", "9 9", "3"]
    refused(judge, [history, "9"], error=CardError)
    assert history == ["9", "9", "9 9", "3"]


@pytest.mark.parametrize("history", [("9",) * 3 + ("Q",) * 5, ["2"] * 5])
def test_pile_from_history_refuses_a_fifth_card_of_a_rank(history):
    refused(pile_from_history, [history], error=CardError)


BAD_PILES = [
    None, (), (None, 0, 0, 0, False, 0), Pile(top=13, top_count=1, run=1, size=1),
    Pile(top=1, top_count=1, run=1, size=1),  # a 3 never lies on top of the pile
    Pile(top=-1, top_count=1, run=1, size=1), Pile(top="9", top_count=1, run=1, size=1),
    Pile(top=7, top_count=0, run=0, size=0), Pile(top=None, top_count=2, run=2, size=2),
    Pile(top=7, top_count=5, run=5, size=5), Pile(top=7, top_count=2, run=1, size=2),
    Pile(top=7, top_count=1, run=2, size=1), Pile(chain=4), Pile(chain=-1), Pile(size=53),
    Pile(duty=1), Pile(duty="no"), Pile(top=7.0, top_count=1, run=1, size=1),
]


@pytest.mark.parametrize("pile", BAD_PILES)
@pytest.mark.parametrize("fn", [check_play, after_play])
def test_check_and_after_play_refuse_a_pile_that_cannot_happen(fn, pile):
    refused(fn, [pile, 7, 1], error=CardError)


@pytest.mark.parametrize("rank, count", [
    (-1, 1), (13, 1), ("9", 1), (7.0, 1), (True, 1), (None, 1), (7, 0), (7, 5), (7, -1),
    (7, True), (7, 1.0), (7, "1"), (7, None),
])
@pytest.mark.parametrize("fn", [check_play, after_play])
def test_check_and_after_play_refuse_a_rank_or_count_out_of_range(fn, rank, count):
    refused(fn, [EMPTY, rank, count], error=CardError)


@pytest.mark.parametrize("code", [-1, 6, "0", None, 1.0, True])
def test_reason_text_refuses_an_unknown_reason_code(code):
    refused(reason_text, [code, EMPTY, 7, 1], error=CardError)


@pytest.mark.parametrize("args", [(0, None, 7, 1), (0, EMPTY, 13, 1), (0, EMPTY, 7, 0)])
def test_reason_text_refuses_what_check_play_refuses(args):
    refused(reason_text, list(args), error=CardError)


def test_good_input_still_works():  # the checks above refuse only what is wrong
    assert card_name(0) == "2C" and card_label(51) == "A\u2660"
    assert parse_card("10h") == parse_card(34) == 34
    assert parse_rank(" j ") == 9 and parse_play("9 9") == (7, 2)
    assert judge(("9", "9"), "9 9").clears
    pile = Pile(top=7, top_count=1, run=1, size=1)
    assert check_play(pile, 7, 1) == 3 and after_play(pile, 7, 3) == (EMPTY, True)


@pytest.mark.parametrize("args, kwargs, words", [
    (("x" * 5000,), {}, "at most 1,000 characters"),
    (("Sevens warn the table",), {"hooks": 5}, "hooks map an event name"),
    (("Sevens warn the table",), {"hooks": {"[" * 5000: print}}, "unknown hook"),
    (("Sevens warn the table",), {"hooks": {("after", "play"): print}}, "a hook is named like"),
    (("Sevens warn the table",), {"hooks": {"after play": 3}}, "is not a function"),
    (("Sevens warn the table",), {"title": "t" * 500}, "a short text"),
    (("Sevens warn the table",), {"title": 3}, "a short text"),
])
def test_a_motion_that_is_not_well_formed_is_refused_in_a_short_sentence(args, kwargs, words):
    """A motion written in a notebook is checked as it is made: words a table can read out,
    hooks named by event and given as functions, a short title; the refusal quotes what was
    given in a few characters at most."""
    from lopti_nb.engine import LoptiNbError
    from lopti_nb.games.lopti.motions import Motion

    with pytest.raises(LoptiNbError) as caught:
        Motion(*args, **kwargs)
    assert isinstance(caught.value, ValueError)
    assert words in str(caught.value) and len(str(caught.value)) <= 280
