"""Bad input to The Drowned Ledger's risk functions (``lopti_nb.games.ledger.risk``): every
call is refused with a SettingsError (a LoptiNbError, so a ValueError) in a short sentence,
and the deck lists and mappings it was given are unchanged. Before these checks a negative
hazard count gave a negative probability and a sea of -5 or 10**9 was read without a word."""
from __future__ import annotations

import math

import pytest

from bad_input_support import Hostile, refused
from lopti_nb.engine import SettingsError
from lopti_nb.games.ledger import risk

BAD_SEAS = [-1, -5, 100, 10**9, 3.0, 3.5, True, None, "3", math.nan, [3], Hostile()]
BAD_TARGETS = [0, -1, 41, 2.0, True, None, "2", math.inf, Hostile()]
BAD_DECKS = [
    {"machines": 40, "hazards": {1: -5}},  # made a negative probability
    {"machines": -1, "hazards": {1: 2}}, {"machines": True, "hazards": {1: 2}},
    {"machines": 40.0, "hazards": {1: 2}}, {"machines": "40"}, {"machines": None},
    {"machines": 40, "hazards": {0: 2}}, {"machines": 40, "hazards": {100: 2}},
    {"machines": 40, "hazards": {"3": 2}}, {"machines": 40, "hazards": {3: 2.5}},
    {"machines": 40, "hazards": {3: True}}, {"machines": 40, "hazards": [3, 4]},
    {"machines": 40, "hazards": {3: 2}, "suits": 5}, {"machines": 10**9, "hazards": {1: 2}},
    {"suits": 0}, {"suits": 6}, {"values": []}, {"values": [0]}, {"hazards": {}},
    {"hazards": {1: -1}}, {"colour": "red"},
    "Compass 3", b"x", 58, 3.5, True, {"Compass 3"}, iter(["Compass 3"]), Hostile(),
    ["Compass 3", "Compass 0"], ["Compass 3", "Hazard 100"], ["Compass 3", None], [["Compass 3"]],
    ["compass3"], [0], [True], ["Compass 3"] * 10_001,
]


@pytest.mark.parametrize("sea", BAD_SEAS)
@pytest.mark.parametrize("fn", [risk.deck_counts, risk.catch_probability, risk.dive_outcomes])
def test_every_risk_function_refuses_a_sea_out_of_range(fn, sea):
    args = [sea] if fn is risk.deck_counts else [sea, 2]
    refused(fn, args, error=SettingsError)


@pytest.mark.parametrize("deck", BAD_DECKS)
def test_catch_probability_refuses_a_deck_it_cannot_read(deck):
    refused(risk.catch_probability, [3, 2, deck], error=SettingsError)


@pytest.mark.parametrize("deck", BAD_DECKS[::3])
def test_deck_counts_and_dive_outcomes_refuse_the_same_decks(deck):
    refused(risk.deck_counts, [3, deck], error=SettingsError)
    refused(risk.dive_outcomes, [3, 2, deck], error=SettingsError)


@pytest.mark.parametrize("target", BAD_TARGETS)
@pytest.mark.parametrize("fn", [risk.catch_probability, risk.dive_outcomes])
def test_a_target_that_is_no_dive_is_refused(fn, target):
    refused(fn, [3, target], error=SettingsError)


@pytest.mark.parametrize("exact", [None, 1, 0, "yes", 1.0])
@pytest.mark.parametrize("fn", [risk.catch_probability, risk.dive_outcomes])
def test_exact_is_true_or_false(fn, exact):
    refused(fn, [3, 2], kwargs={"exact": exact}, error=SettingsError)


@pytest.mark.parametrize("reckoning", [
    {}, {"The Sea Blinks": 2}, {"Nonsense": 1}, {"The Water Holds": -1}, {"The Water Holds": 2.7},
    {"The Water Holds": "2"}, {"The Water Holds": True}, {"The Water Holds": 13}, {1: 1},
    ["The Water Holds"], "The Water Holds", 3, Hostile(),
])
def test_dive_outcomes_refuses_a_reckoning_deck_it_cannot_read(reckoning):
    refused(risk.dive_outcomes, [3, 2], kwargs={"reckoning": reckoning}, error=SettingsError)


@pytest.mark.parametrize("seas, targets", [
    (range(0), range(1, 3)), (range(1, 3), []), ("123", [1]), ([1, 2], "12"), (None, [1]),
    ([1, 2], None), (iter([1]), [1]), ([1, 200], [1]), ([1, "2"], [1]), ([1], [0]), ([1], [41]),
    (range(1, 500), [1]), ([1], [1.0]), ({1: 1}, [1]),
])
def test_risk_table_refuses_bad_seas_or_targets_before_any_work(seas, targets):
    refused(risk.risk_table, [seas, targets], error=SettingsError)


def test_refused_decks_are_left_as_they_were():
    short = {"machines": 40, "hazards": {1: -5, 2: 2}}
    cards = ["Compass 3", "Hazard 2", "Compass 0"]
    refused(risk.catch_probability, [3, 2, short], error=SettingsError)
    refused(risk.catch_probability, [3, 2, cards], error=SettingsError)
    assert short == {"machines": 40, "hazards": {1: -5, 2: 2}}
    assert cards == ["Compass 3", "Hazard 2", "Compass 0"]


def test_good_input_still_works():  # the checks refuse only what is wrong
    assert risk.deck_counts(0) == (40, 0) and risk.deck_counts(99) == (40, 18)
    p = risk.catch_probability(3, 2, {"machines": 40, "hazards": {1: 5}}, exact=True)
    assert 0 < p < 1
    assert risk.catch_probability(5, 1, ["Compass 3", "Hazard 2", "Hazard 9"]) == 0.5
    assert risk.dive_outcomes(3, 1)["probability"].sum() == pytest.approx(1)
    assert list(risk.risk_table([1, 2], (1,))["sea"]) == [1, 2]
