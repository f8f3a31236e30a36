"""Bad input to Skull King's public rule functions (``trick_winner``, ``next_leader``,
``trick_bonus``, ``score_round``, ``legal_cards``, ``parse_card``): every call is refused with
a CardError (a LoptiNbError, so a ValueError) in a short sentence, and the lists it was
given are unchanged."""
from __future__ import annotations

import math

import pytest

from bad_input_support import HUGE, Hostile, refused
from lopti_nb.games.skullking import (
    Card, CardError, legal_cards, next_leader, parse_card, score_round, trick_bonus, trick_winner,
)

NOT_CARDS = [
    "", "y7", "Y0", "Y15", "Y07", "R7", "7Y", "Pirate", "skull king", "tigress:", "tigress:king",
    " Y7", HUGE, None, 7, True, 7.5, b"Y7", ["Y7"], Hostile(), Card("zzz", 0, "Y", 7, "x"),
    Card("Y7", 0, "Y", 8, "yellow 7"),
]


@pytest.mark.parametrize("text", NOT_CARDS)
def test_parse_card_refuses_what_is_not_a_card(text):
    refused(parse_card, [text], error=CardError)


BAD_TRICKS = [
    [], "Y7", "Y7 Y8", None, 7, {"Y7": 1}, {"Y7"}, iter(["Y7"]), ["Y7", None], ["Y7", "Y0"],
    ["tigress"], ["Y7", "tigress"], ["Y7", "Y7"], ["skull-king", "skull-king"],
    ["kraken", "kraken"], ["white-whale", "Y3", "white-whale"], ["mermaid"] * 3,
    ["tigress:pirate", "tigress:escape"], ["pirate"] * 6, ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7",
                                                            "Y8", "Y9"],
    [["Y7"]], [Hostile()], Hostile(), ["Y7"] * 100, [HUGE],
]


@pytest.mark.parametrize("cards", BAD_TRICKS)
@pytest.mark.parametrize("fn", [trick_winner, next_leader, trick_bonus])
def test_trick_functions_refuse_what_is_not_a_trick(fn, cards):
    refused(fn, [cards], error=CardError)


@pytest.mark.parametrize("edition", ["", "TABLE", "2020", 2021, None, ["table"], Hostile()])
def test_trick_bonus_refuses_an_unknown_edition(edition):
    refused(trick_bonus, [["Y14", "B2"], edition], error=CardError)


GOOD_ROUND = dict(system="classic", cards_dealt=5, bid=2, won=2, bonus=30, loot_alliances=1)
BAD_ROUNDS = [
    ("system", "Classic"), ("system", "golf"), ("system", None), ("system", 1), ("system", Hostile()),
    ("cards_dealt", 0), ("cards_dealt", 11), ("cards_dealt", -1), ("cards_dealt", 5.0),
    ("cards_dealt", True), ("cards_dealt", "5"), ("cards_dealt", None), ("cards_dealt", 10**30),
    ("bid", -1), ("bid", 6), ("bid", 2.0), ("bid", False), ("bid", "2"), ("bid", math.nan),
    ("won", -1), ("won", 6), ("won", 2.5), ("won", None), ("won", math.inf),
    ("bonus", -10), ("bonus", 30.0), ("bonus", "30"), ("bonus", None),
    ("loot_alliances", -1), ("loot_alliances", 3), ("loot_alliances", 1.0), ("loot_alliances", True),
]


@pytest.mark.parametrize("name, value", BAD_ROUNDS)
def test_score_round_refuses_bad_arguments(name, value):
    refused(score_round, kwargs={**GOOD_ROUND, name: value}, error=CardError)


@pytest.mark.parametrize("hand, played", [
    ("Y7", []), (None, []), ({"Y7"}, []), (iter(["Y7", "P2"]), []), (["Y7", "Y0"], []),
    (["tigress:pirate"], []), (["Y7", "Y7"], []), (["skull-king", "skull-king"], []),
    (["Y1"] + [f"P{r}" for r in range(1, 11)], []), (["Y7", None], []), ([Hostile()], []),
    (["Y7"], "Y3"), (["Y7"], None), (["Y7"], ["tigress"]), (["Y7"], ["Y3", "Y3"]),
    (["Y7"], [f"P{r}" for r in range(1, 9)]), (["Y7"], [HUGE]), (["Y7"], iter(["Y3"])),
])
def test_legal_cards_refuses_a_bad_hand_or_trick(hand, played):
    refused(legal_cards, [hand, played], error=CardError)


def test_refused_lists_are_left_as_they_were():
    trick = ["Y7", "Y7", "pirate"]
    hand = ["Y7", "tigress", "tigress"]
    refused(trick_winner, [trick], error=CardError)
    refused(legal_cards, [hand, ["Y3"]], error=CardError)
    assert trick == ["Y7", "Y7", "pirate"] and hand == ["Y7", "tigress", "tigress"]


def test_good_input_still_works():  # the checks refuse only what is wrong
    assert trick_winner(("Y7", "Y12", "B2")) == 2
    assert trick_winner([parse_card("pirate"), "tigress:escape"]) == 0
    assert next_leader(["Y7", "kraken"]) == 0
    assert trick_bonus(["Y14", "skull-king", "mermaid"], edition="2021") == 50
    assert score_round("rascal", 10, 1, 2, bonus=20, loot_alliances=2) == 60
    assert legal_cards(["Y7", "P2", "tigress", "escape", "escape"], ["Y3"]) == [
        "Y7", "tigress", "escape", "escape"]
