"""The shipped references state every clause the seeds give, and the readings the seeds leave
to the table, in the package's own words (the six-word comparison with the seeds is in
test_teaching_rulings)."""
from __future__ import annotations

import re

import pytest

from lopti_nb.explainers.reference import reference


def _clause(game: str, cid: str) -> str:
    return " ".join(next(c.text for c in reference(game) if c.id == cid).split())


@pytest.mark.parametrize("words", [
    r"dangerous", r"against the law", r"hurtful to a group", r"damaging",
    r"not agreed to", r"trait they cannot change", r"only pretends to be a role",
])
def test_1_7_2_a_motion_may_not_ask_for_harmful_conduct_or_aim_at_traits(words):
    assert re.search(words, _clause("lopti", "1.7.2")), words


def test_1_7_4_withdrawing_a_motion_earns_no_replacement():
    assert "Withdrawing earns the author no new motion in its place" in _clause("lopti", "1.7.4")


def test_1_7_4_a_finished_card_action_is_never_undone_an_unfinished_one_may_be_halted():
    text = _clause("lopti", "1.7.4")
    assert "never undoes a card action already finished" in text
    assert "still under way when the change starts may be halted" in text


def test_3_3_the_tigress_is_declared_as_she_is_played():
    assert "at the moment she is played" in _clause("skull-king", "3.3")


def test_3_3_between_equal_specials_the_first_played_wins():
    assert re.search(r"specials of the same kind .* the one played earliest takes the trick",
                     _clause("skull-king", "3.3"))


def test_3_3_the_krakens_would_be_winner_is_read_without_the_kraken():
    text = _clause("skull-king", "3.3")
    assert "takes the Kraken out of the trick and judges the cards that remain" in text
    assert "first number sets the suit even if it came after the Kraken" in text


@pytest.mark.parametrize("case", [r"Kraken sinks makes no alliance",
                                  r"White Whale decides",
                                  r"own player takes the trick makes none"])
def test_3_5_the_loot_makes_no_alliance_when_sunk_under_the_whale_or_won_by_its_player(case):
    assert re.search(case, _clause("skull-king", "3.5")), case
