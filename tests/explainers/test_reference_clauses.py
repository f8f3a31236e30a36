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


# -- clauses a careful newcomer found missing --------------------------------------------------------
def test_1_5_a_flipped_face_down_card_is_shown_to_everyone_and_may_be_followed_by_another():
    text = _clause("lopti", "1.5")
    assert "A flipped face-down card is shown to every player" in text
    assert "a second face-down card may follow in the same turn" in text


def test_1_6_playing_on_only_the_first_out_wins_and_the_turn_cap_holds_for_every_round():
    text = _clause("lopti", "1.6")
    assert "only the first player out wins the round" in text
    assert "Every round has a turn cap, whoever plays it: 1,000 turns" in text
    assert "the Rule Vote may change it" in text and "Simulated" not in text


def test_1_7_6_who_faces_the_proposer_and_what_formally_opposed_means():
    text = _clause("lopti", "1.7.6")
    assert "at the table but voted yes, abstained or is the proposer does not defend it" in text
    assert "the motion's supporters (the players who voted no) choose the advocate" in text
    assert "formally opposed: the player who cast the first no ballot" in text
    assert "30 decisive throws" in text


def test_3_1_skull_king_is_for_two_to_eight_players():
    assert "played by 2 to 8 players" in _clause("skull-king", "3.1")


def test_2_4_1_a_game_ends_as_a_stalemate_after_200_rounds():
    import lopti_nb

    text = _clause("drowned-ledger", "2.4.1")
    assert "after 200 rounds" in text and "stalemate" in text
    assert lopti_nb.new_game("drowned-ledger", players=3, seed=1).max_rounds == 200


def test_2_5_1_nobody_with_an_open_machine_means_no_clean_ledger():
    assert "If nobody has an open machine, nobody has a clean ledger" in _clause("drowned-ledger", "2.5.1")


def test_2_6_1_the_watch_suspends_the_privilege_for_the_rest_of_the_round_and_the_next():
    assert ("for the rest of the round in which it was caught and the whole of the next"
            in _clause("drowned-ledger", "2.6.1"))


def test_2_6_the_reference_lists_the_twelve_offices_as_the_game_plays_them():
    """The list is the offices the engine deals, duty and privilege word for word, so the
    reference cannot drift from the game."""
    from lopti_nb.games.ledger.offices import OFFICES

    text = _clause("drowned-ledger", "2.6")
    assert len(OFFICES) == 12
    for office in OFFICES:
        assert f"**{office.name}.** Duty: {office.duty} Privilege: {office.privilege}" in text


def test_2_7_the_analysis_bots_are_named_apart_from_the_four_personalities():
    text = _clause("drowned-ledger", "2.7")
    four, rest = text.split("Two more computer players are analysis bots, not personalities")
    assert all(name in four for name in ("balanced", "seller", "opener", "greedy"))
    assert "best" not in four and "win," not in four
    assert "best" in rest and "win" in rest


@pytest.mark.parametrize("game", ["lopti", "skull-king", "drowned-ledger"])
def test_no_reference_clause_speaks_the_programs_words(game):
    from lopti_nb.explainers.claims import program_words

    for clause in reference(game):
        found = [w for w in program_words(clause.text) if w in ("engine", "hook", "oracle", "repr text")]
        assert found == [], (clause.id, found)
