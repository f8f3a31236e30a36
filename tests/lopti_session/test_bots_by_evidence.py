"""Session bots that write and vote by the motion lab's evidence, the vote panel that says what a
proposal needs and why the bots voted as they did, and a motion proposed at a table at setup
(rules reference §1.7: a motion from outside the session comes in only by majority approval
at setup)."""
from __future__ import annotations

import random

import pytest

import lopti_nb
from lopti_nb.engine import SettingsError, get_spec, play_out
from lopti_nb.games.lopti import evidence as evidence_module
from lopti_nb.games.lopti.evidence import BOT_SEED, BUDGET, evidence, role_of
from lopti_nb.games.lopti.library import LIBRARY, library_motion
from lopti_nb.games.lopti.motions import Motion
from lopti_nb.games.lopti.session import Proposal, ballot_reason, bot_ballot, yes_needed
from lopti_nb.games.lopti.session_game import LoptiSessionState
from lopti_nb.games.lopti.session_game import Author, Ballot, bot_author
from lopti_nb.text import esc
from lopti_nb.widgets.testing import clickables

from browser_support import click


def fake_lab(monkeypatch, says: dict) -> list:
    """The lab's answer replaced by ``says`` ({(key or title, role): difference}); returns the
    questions asked, so a test sees which role each seat was asked about."""
    asked = []

    def fake(motion, role="author", players=4, budget=BUDGET, seed=0):
        key = motion if isinstance(motion, str) else (motion.title or "").replace(" ", "_")
        asked.append((key, role, players, budget, seed))
        gain = says.get((key, role), 0.0)
        return gain, gain - 1, gain + 1

    monkeypatch.setattr(evidence_module, "evidence", fake)
    return asked


def with_ready_motion(key: str, author: int, players: int = 4) -> LoptiSessionState:
    s = LoptiSessionState.by_hand(players, seed=1)
    s.restore(library_motion(key), [True] * players, author=f"Seat {author + 1}")
    s.deal()
    return s


# -- ballots --------------------------------------------------------------------------------------
def test_1_7_a_bot_keeps_a_motion_the_lab_says_helps_its_seat_and_removes_one_that_does_not(monkeypatch):
    asked = fake_lab(monkeypatch, {("ace_tax", "next"): 5.0, ("ace_tax", "author"): -2.0})
    s = with_ready_motion("ace_tax", author=2)
    remove = Proposal.remove(1, when="now")
    # seat 3 sits after the author (helped): keeps it; the author (not helped) and the others remove it
    assert [bot_ballot(s, seat, remove, proposer=0) for seat in (1, 2, 3)] == [True, True, False]
    assert {(role, seed, players) for _, role, players, _, seed in asked} == {
        ("others", BOT_SEED, 4), ("author", BOT_SEED, 4), ("next", BOT_SEED, 4)}
    amend = Proposal.amend(1, Motion("Nobody draws."), when="now")
    assert [bot_ballot(s, seat, amend, proposer=0) for seat in (1, 2, 3)] == [True, True, False]
    assert bot_ballot(s, 0, remove, proposer=0) is True  # the proposer votes yes
    s.withdraw(2, 1)
    restore = Proposal.restore(1, when="now")
    assert [bot_ballot(s, seat, restore, proposer=0) for seat in (1, 2, 3)] == [False, False, True]


def test_1_7_a_bots_ballot_is_what_the_real_lab_says_for_its_role():
    s = with_ready_motion("pairs_pass_on", author=0, players=3)
    remove = Proposal.remove(1, when="next round")
    for seat in (0, 1, 2):
        helps = evidence("pairs_pass_on", role_of(seat, 0, 3), players=3, budget=BUDGET, seed=BOT_SEED)[0] > 0
        assert bot_ballot(s, seat, remove, proposer=None) is (not helps)
    # this motion, at this budget, helps the author and the seat after it and not the third seat
    assert [bot_ballot(s, seat, remove, proposer=None) for seat in (0, 1, 2)] == [False, False, True]


def test_1_7_bots_ballots_leave_the_global_generator_alone():
    before = random.getstate()
    s = with_ready_motion("duty_pickup_relief", author=1, players=3)
    [bot_ballot(s, seat, Proposal.remove(1, when="now"), proposer=0) for seat in range(3)]
    assert random.getstate() == before


# -- the winner's motion ----------------------------------------------------------------------------
def test_1_7_a_bot_winner_writes_the_motion_the_lab_says_helps_the_author_most(monkeypatch):
    fake_lab(monkeypatch, {("ace_tax", "author"): 3.0, ("pairs_pass_on", "author"): 9.0,
                           ("sevens_warn_the_table", "author"): 9.0})
    legal = [Author(k) for k in LIBRARY] + [Author("pass")]
    obs = {"hand_sizes": [3, 3, 3, 3], "session": {"motions": []}}
    assert bot_author(obs, legal) == Author("pairs_pass_on")  # the best; a tie goes to the earlier
    # a motion already in force is not written again: the next best
    obs["session"]["motions"] = [{"text": library_motion("pairs_pass_on").text, "status": "in force"},
                                 {"text": library_motion("sevens_warn_the_table").text, "status": "in force"}]
    assert bot_author(obs, legal) == Author("ace_tax")
    fake_lab(monkeypatch, {("ace_tax", "author"): -3.0})
    assert bot_author(obs, legal) == Author("pass")  # the lab says none helps: no motion


# -- at a table -----------------------------------------------------------------------------------
def bots_session(seed: int, proposed=None):
    settings = {} if proposed is None else {"proposed": proposed}
    state = lopti_nb.new_game("lopti", players=3, seed=seed, rounds=2, **settings)
    spec = get_spec("lopti")
    play_out(state, [spec.make_bot("heuristic") for _ in range(3)], random.Random(seed))
    return state


def test_1_7_a_session_of_bots_by_evidence_is_the_same_for_the_same_seed():
    before = random.getstate()
    a, b = bots_session(4, "ace_tax"), bots_session(4, "ace_tax")
    assert a.record()["actions"] == b.record()["actions"]
    assert [m.text for m in a.motions] == [m.text for m in b.motions]
    assert random.getstate() == before
    replayed = lopti_nb.load(a.record())
    assert replayed.result == a.result and replayed.record()["settings"]["proposed"] == "ace_tax"


def test_1_7_a_motion_proposed_at_setup_that_helps_a_bot_passes_at_a_table_of_two_bots():
    # ace tax, proposed by the first seat: the lab says it helps the seat after its author
    assert evidence("ace_tax", "next", players=3, seed=BOT_SEED)[0] > 0
    t = lopti_nb.play("lopti", players=3, rounds=2, proposed="ace_tax", seed=3, bot_delay=0)
    assert t.state.phase == "voting" and t.state.to_act == (0,)  # the bots have voted; you are asked
    panel = t.view.ballot_text.value
    assert "needs 2 of 3 yes votes to pass" in panel and "before the first deal" in panel
    assert esc("asks the motion lab") in panel  # the bots' policy, in one sentence on the page
    click(t, "Vote yes", exact=True)
    record = t.state.votes[0]
    assert record.passed and record.yes == 2 and dict(record.votes)[1] is True
    assert t.state.motions[0].origin == "proposed at setup" and t.state.motions[0].author_seat == 0
    assert "approved at setup" in t.view.motions_html.value


def test_1_7_a_motion_the_lab_says_helps_nobody_fails_at_setup():
    state = lopti_nb.new_game("lopti", players=3, seed=2, rounds=1, proposed="face_up_herald")
    for seat in (0, 1, 2):
        state.apply(Ballot(state.observation(seat)["session"]["bot_ballot"]), seat=seat)
    assert [v for _, v in state.votes[0].votes] == [True, False, False]
    assert not state.motions and state.phase == "playing"


@pytest.mark.parametrize("proposed, says", [
    ("no_such_motion", "ready motion's key"),
    (Motion("Everyone sings."), "words only"),
    ({"when": "after play", "then": [{"effect": "fly"}]}, "refused"),
    (42, "not 42"),
])
def test_a_proposed_motion_that_no_table_can_carry_is_refused(proposed, says):
    with pytest.raises(SettingsError, match=says):
        lopti_nb.play("lopti", players=3, rounds=2, proposed=proposed, bot_delay=0)
    with pytest.raises(SettingsError, match="give rounds too"):
        lopti_nb.play("lopti", players=3, proposed="ace_tax", bot_delay=0)


# -- the vote panel ---------------------------------------------------------------------------------
def call_a_vote(t, key: str) -> None:
    """Play your turns until the Rule Vote form is on the page, call the vote on ``key`` (an
    entry of its menu) and vote yes, all with the controls a person uses."""
    while t.view.vote_form.layout.display == "none":
        buttons, toggles = clickables(t)
        if toggles:  # a card of your hand, then the button that plays it
            toggles[0].click()
            click(t, "Play")
        else:
            click(t, buttons[0].description, exact=True)
    t.view.vote_what.value = next(k for _, k in t.view.vote_what.options if k.startswith(key))
    click(t, "Call the Rule Vote", exact=True)
    click(t, "Vote yes", exact=True)


def test_1_7_the_vote_panel_says_what_a_proposal_needs_and_why_the_bots_voted_no():
    assert [yes_needed(n) for n in (2, 3, 4, 5)] == [2, 2, 3, 3]
    t = lopti_nb.play("lopti", players=4, rounds=1, seed=5, bot_delay=0)
    assert "A proposal needs 3 of 4 yes votes to pass." in t.view.vote_text.value
    call_a_vote(t, "law:")
    said = t.view.vote_text.value
    assert "failed: 1 yes, 3 no, nobody abstained (it needed 3 of 4 yes votes)." in said
    assert "Seat 2, Seat 3 and Seat 4 (bots) voted no because bots keep base law as it is." in said


def test_1_7_why_a_bot_voted_as_it_did_follows_its_policy():
    by_lab = dict(proposer=False, author=False, by_evidence=True)
    assert ballot_reason("remove", False, **by_lab) == "the motion lab says the motion helps their seat"
    assert ballot_reason("amend", True, **by_lab) == "the motion lab says the motion does not help their seat"
    assert ballot_reason("restore", False, **by_lab) == "the motion lab says the motion does not help their seat"
    assert ballot_reason("remove", False, proposer=False, author=True, by_evidence=False) == \
        "they keep their own motion"
    assert ballot_reason("law", True, proposer=True, author=False, by_evidence=False) == "they proposed it"


def test_1_7_a_failed_vote_says_the_bots_kept_a_motion_the_lab_says_helps_them(monkeypatch):
    fake_lab(monkeypatch, {("ace_tax", role): 4.0 for role in ("author", "next", "others")})
    t = lopti_nb.play("lopti", players=3, rounds=2, proposed="ace_tax", seed=2, bot_delay=0)
    click(t, "Vote yes", exact=True)  # it comes in, 3 yes
    assert t.state.motions[0].in_force
    call_a_vote(t, "remove:1")
    said = t.view.vote_text.value
    assert "failed: 1 yes, 2 no, nobody abstained (it needed 2 of 3 yes votes)." in said
    assert "Seat 2 and Seat 3 (bots) voted no because the motion lab says the motion helps their seats." in said


def test_1_7_a_winner_who_writes_no_motion_lets_the_next_round_be_dealt():
    state = lopti_nb.new_game("lopti", players=3, seed=1, rounds=2)
    bots = [get_spec("lopti").make_bot("heuristic") for _ in range(3)]
    rng = random.Random(1)
    while state.phase != "authoring":
        seat = state.to_act[0]
        state.apply(bots[seat](state.observation(seat), state.legal_actions(seat), rng), seat)
    state.apply(Author("pass"), seat=state.author_seat)
    assert state.phase == "playing" and state.round_no == 2 and not state.motions
