"""Bots that write and vote on motions by evidence: their choices are what the motion lab says,
on a small seeded budget, and each policy is one sentence a screen can show."""
from __future__ import annotations

import pytest

from lopti_nb.engine import LoptiNbError
from lopti_nb.games.lopti import evidence as ev
from lopti_nb.games.lopti.lab import motion_lab
from lopti_nb.games.lopti.motions import Motion

CANDIDATES = ["ace_tax", "sevens_warn_the_table", "pairs_pass_on", "duty_pickup_relief"]
PLAYERS, BUDGET = 3, 6


def lab_gain(key, role):
    lab = motion_lab(key, players=PLAYERS, sessions=BUDGET, rounds=ev.ROUNDS, seed="evidence 0", progress=False)
    return lab.finding(f"win.{role}").estimate


def test_a_bot_winner_picks_the_candidate_the_lab_says_helps_the_author_most():
    gains = {key: lab_gain(key, "author") for key in CANDIDATES}
    best = max(gains.values())
    picked = ev.pick_motion(CANDIDATES, "author", players=PLAYERS, budget=BUDGET)
    if best > 0:
        assert picked == next(k for k in CANDIDATES if gains[k] == best), gains
    else:
        assert picked is None, gains
    # the same question gets the same answer
    assert ev.pick_motion(CANDIDATES, "author", players=PLAYERS, budget=BUDGET) == picked


def test_a_bot_winner_writes_nothing_when_no_candidate_helps():
    shows = Motion("Whoever takes the pile shows the table their highest card.", title="shows",
                   hooks={"after pickup": lambda v: None})
    assert ev.pick_motion([shows, "pile_taker_shows_highest"], "author", players=PLAYERS, budget=BUDGET) is None


@pytest.mark.parametrize("role", ["author", "next", "others"])
def test_a_bot_votes_yes_exactly_when_the_lab_says_the_motion_helps_its_seat(role):
    for key in CANDIDATES:
        assert ev.vote_by_evidence(key, role, players=PLAYERS, budget=BUDGET) == (lab_gain(key, role) > 0), key


def test_bots_by_evidence_do_not_always_vote_no():
    votes = {(key, role): ev.vote_by_evidence(key, role, players=PLAYERS, budget=BUDGET)
             for key in CANDIDATES for role in ("author", "next", "others")}
    assert any(votes.values()) and not all(votes.values()), votes


def test_a_seats_role_beside_the_author():
    assert [ev.role_of(s, 3, 4) for s in range(4)] == ["next", "others", "others", "author"]
    assert [ev.role_of(s, 0, 2) for s in range(2)] == ["author", "next"]


def test_each_policy_is_one_sentence_naming_its_budget():
    for policy in (ev.AUTHOR_POLICY, ev.VOTE_POLICY):
        assert policy.endswith(".") and policy.count(". ") == 0 and f"{ev.BUDGET} paired sessions" in policy


@pytest.mark.parametrize("call, words", [
    (lambda: ev.vote_by_evidence("ace_tax", "dealer"), "role is one of"),
    (lambda: ev.vote_by_evidence("ace_tax", "author", budget=0), "budget is a number"),
    (lambda: ev.vote_by_evidence("ace_tax", "others", players=2), "no other seat"),
    (lambda: ev.pick_motion("ace_tax"), "candidates is a list"),
    (lambda: ev.pick_motion(["no_such_motion"], budget=2), "no ready-made motion"),
])
def test_bad_input_is_refused_with_a_sentence(call, words):
    with pytest.raises(LoptiNbError) as caught:
        call()
    assert isinstance(caught.value, ValueError) and words in str(caught.value)


def test_a_ready_motion_held_as_a_motion_gets_the_ready_motions_evidence_and_a_lookalike_does_not():
    from lopti_nb.games.lopti.library import library_motion
    from lopti_nb.games.lopti.motions import Give

    ready = library_motion("ace_tax")
    assert ev.ready_key(ready) == "ace_tax"
    lookalike = Motion(ready.text, {"after play": lambda v: Give("actor", 1, "next", "highest")}, title=ready.title)
    assert ev.ready_key(lookalike) is None
    assert ev.evidence(ready, "next", players=PLAYERS, budget=BUDGET) == \
        ev.evidence("ace_tax", "next", players=PLAYERS, budget=BUDGET)


def test_a_ready_motion_as_data_is_known_by_its_rules():
    from lopti_nb.games.lopti.library import library_data

    as_data = Motion.from_data(library_data("ace_tax"))
    assert ev.ready_key(as_data) == "ace_tax"
    other = library_data("ace_tax")
    other["rules"][0]["then"][0]["which"] = "highest"
    assert ev.ready_key(Motion.from_data(other)) is None
