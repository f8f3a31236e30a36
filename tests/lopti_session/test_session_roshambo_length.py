"""RULINGS 1.7: a session's Roshambo runs to 30 decisive throws; only a session's setup may
shorten it for practice or teaching (``roshambo_throws``), and no Rule Vote or motion may
change it (the Vote and Roshambo can never be changed)."""
import json

import pytest

import lopti_nb
from lopti_nb.engine import SettingsError
from lopti_nb.games.lopti import LAW_LEVERS, Proposal
from lopti_nb.games.lopti.motions import ConstitutionError
from lopti_nb.games.lopti.roshambo import RoshamboContest, roshambo
from lopti_nb.games.lopti.schema import SCHEMA
from lopti_nb.games.lopti.session import LAW_DEFAULTS, _votable
from lopti_nb.games.lopti.session_game import SETTINGS, Ballot, CallVote, LoptiSessionState, Throw
from lopti_nb.engine import Setting

pytestmark = pytest.mark.timeout(120)


def _tied_state(**settings):
    """A session at its first Roshambo: seat 1 calls a vote on base law, seats 1 and 2 vote yes,
    seats 0 and 3 no (seat 0 opposed first, so seat 0 throws against seat 1)."""
    state = lopti_nb.new_game("lopti", players=4, seed=3, rounds=2, **settings)
    while state.phase == "playing" and 1 not in state.to_act:
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[0], seat=seat)
    state.apply(CallVote("law", lever="play_on", value=True, when="next round"), seat=1)
    for seat, yes in ((0, False), (1, True), (2, True), (3, False)):
        state.apply(Ballot(yes), seat=seat)
    assert state.phase == "roshambo"
    return state


def _throw(state, winner_sign, loser_sign, winner):
    contest = state.vote.contest
    a, b = contest.pair
    state.apply(Throw(winner_sign if a == winner else loser_sign), seat=a)
    state.apply(Throw(winner_sign if b == winner else loser_sign), seat=b)


def test_1_7_a_default_session_s_roshambo_needs_30_decisive_throws():
    state = _tied_state()
    contest = state.vote.contest
    assert state.roshambo_throws == 30 and contest.throws == 30
    for _ in range(29):  # 29 wins in a row for seat 0 decide nothing yet
        _throw(state, "rock", "scissors", winner=0)
        assert state.phase == "roshambo"
    _throw(state, "rock", "scissors", winner=0)
    assert contest.done and contest.decisive == 30 and state.phase != "roshambo"
    assert state.votes[-1].roshambo.decisive == 30


def test_a_session_set_up_for_practice_runs_its_roshambo_to_5_decisive_throws_and_replays():
    state = _tied_state(roshambo_throws=5)
    contest = state.vote.contest
    assert contest.throws == 5 and state.observation(0)["session"]["vote"]["contest"]["throws"] == 5
    _throw(state, "paper", "paper", winner=0)  # a tie: thrown again, not counted
    for k in range(4):
        _throw(state, "rock", "scissors", winner=0 if k % 2 else 1)
        assert state.phase == "roshambo"
    _throw(state, "rock", "scissors", winner=0)
    assert contest.done and contest.score == (2, 3) and contest.winner == 0
    rec = state.votes[-1].roshambo
    assert (rec.decisive, rec.ties, rec.length) == (5, 1, 5)
    record = json.loads(json.dumps(state.record()))
    assert record["settings"]["roshambo_throws"] == 5
    again = lopti_nb.load(record)
    assert again.roshambo_throws == 5 and again.events == state.events


def test_an_even_count_s_level_score_goes_to_the_next_decisive_throw():
    contest = RoshamboContest(0, 1, throws=4)
    for k in range(4):
        contest.throw(0, "rock")
        contest.throw(1, "scissors" if k % 2 else "paper")
    assert contest.score == (2, 2) and not contest.done and contest.sudden_death
    contest.throw(0, "rock")
    contest.throw(1, "scissors")
    assert contest.done and contest.decisive == 5 and contest.result.sudden_death
    result = roshambo(0, 1, lambda seat, info: "rock" if seat == 0 else ("paper", "scissors")[info["throw"] % 2],
                      throws=2)
    assert result.decisive == 3 and "after 1-1 and a deciding throw" in result.describe()


@pytest.mark.parametrize("bad", [0, -5, 100, 5.0, "5", True, None, [5]])
def test_a_bad_roshambo_throws_is_refused_in_a_sentence_naming_the_rules_number(bad):
    with pytest.raises(SettingsError) as err:
        lopti_nb.new_game("lopti", players=3, seed=1, rounds=2, roshambo_throws=bad)
    assert "roshambo_throws" in str(err.value) and len(str(err.value)) < 200
    if isinstance(bad, int) and not isinstance(bad, bool):
        assert "30 is the rules' number" in str(err.value)
    with pytest.raises(SettingsError):
        RoshamboContest(0, 1, throws=bad)


def test_the_setup_words_say_30_is_the_rules_number():
    setting = SETTINGS["roshambo_throws"]
    assert setting.default == 30 and "30 is the rules' number" in setting.description
    assert "roshambo_throws" in LoptiSessionState.OPTIONS


def test_1_7_no_rule_vote_nor_motion_may_change_the_roshambo_s_length():
    assert "roshambo_throws" not in LAW_LEVERS and "roshambo_throws" not in LAW_DEFAULTS
    # even a schema that marked it a lever would not make it one the Vote may change
    assert not _votable(Setting("roshambo_throws", "int", 30, "throws", lever=True))
    assert all(_votable(s) for s in SCHEMA.levers())
    with pytest.raises(ConstitutionError):
        Proposal.law("roshambo_throws", 30, when="now")
    state = lopti_nb.new_game("lopti", players=3, seed=2, rounds=2, roshambo_throws=5)
    seat = state.to_act[0]
    call = CallVote("law", lever="roshambo_throws", value=30, when="now")
    assert state.why_illegal(call, seat)
    assert not any(isinstance(a, CallVote) and a.lever == "roshambo_throws" for a in state.legal_actions(seat))
    with pytest.raises(lopti_nb.engine.IllegalAction):
        state.apply(call, seat=seat)
    assert state.roshambo_throws == 5 and "roshambo_throws" not in state.law
