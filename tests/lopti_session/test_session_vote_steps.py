"""RULINGS 1.7: the Rule Vote and Roshambo step by step (the table's API)."""
import itertools
import random

import pytest

from lopti_nb.games.lopti import Give, Motion, Proposal, Say, SessionError
from lopti_nb.games.lopti.session_game import LoptiSessionState
from lopti_nb.games.lopti import events as ev
from lopti_nb.games.lopti.roshambo import (
    DECISIVE_THROWS, RoshamboContest, RoshamboError, bracket, rng_thrower, roshambo,
)
from lopti_nb.games.lopti.session import Vote, bot_ballot


def says(text):
    return Motion(text, {"after play": lambda v: Say(text)})


def with_motion(author="Zed", seed=1, players=4):
    """A dealt session with motion 1 in force (restored at setup, by ``author``)."""
    s = LoptiSessionState.by_hand(["Ann", "Bo", "Cy", "Di", "Ed"][:players], seed=seed)
    s.restore(says("Old rule."), [True] * players, author=author)
    s.deal()
    return s


def throw_pair(contest, ta, tb):
    a, b = contest.pair
    contest.throw(a, ta)
    contest.throw(b, tb)


# -- ballots ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("order", list(itertools.permutations(range(4)))[::5])
def test_1_7_every_player_votes_in_any_order(order):
    s = with_motion()
    vote = s.call_vote(1, Proposal.remove(1, when="now"))
    assert s.pending_vote is vote and isinstance(vote, Vote)
    for k, seat in enumerate(order):
        assert vote.missing == tuple(sorted(order[k:]))
        vote.cast(seat, seat != 3)
    assert vote.done and vote.record.passed and vote.record.votes == tuple((x, x != 3) for x in order)
    assert s.pending_vote is None and not s.motions[0].in_force and s.votes[-1] is vote.record is vote


def test_1_7_ballots_hidden_until_every_seat_has_voted():
    s = with_motion()
    vote = s.call_vote(0, Proposal.law("play_on", True, when="next round"))
    for seat in (2, 0, 1):
        vote.cast(seat, seat == 0)
        assert vote.ballots_public is None and vote.record is None and not vote.done
        assert vote.voted[-1] == seat  # who has voted is public, how is not
    vote.cast(3, False)
    assert vote.ballots_public == {2: False, 0: True, 1: False, 3: False}
    assert vote.done and not vote.record.passed


def test_1_7_the_vote_is_counted_once_every_seat_has_voted_yes_no_or_abstained():
    s = with_motion()
    vote = s.call_vote(0, Proposal.remove(1, when="now"))
    for seat, ballot in ((2, None), (0, True), (1, None)):
        vote.cast(seat, ballot)
        assert not vote.done and vote.ballots_public is None  # an abstention is a ballot, hidden too
    assert vote.missing == (3,) and vote.voted == (2, 0, 1)
    vote.cast(3, False)  # 1 yes, 1 no, 2 abstained: a tie
    assert vote.ballots_public == {2: None, 0: True, 1: None, 3: False}
    assert vote.contest is not None and vote.supporters == (3,)  # an abstainer supports nothing
    with pytest.raises(SessionError, match="already voted"):
        vote.cast(2, True)


def test_1_7_a_ballot_is_yes_no_or_an_abstention_and_nothing_else():
    s = with_motion()
    vote = s.call_vote(0, Proposal.remove(1, when="now"))
    for bad in ("yes", 1, 0, "abstain"):
        with pytest.raises(SessionError, match="abstain"):
            vote.cast(1, bad)
    assert vote.missing == (0, 1, 2, 3)


def test_1_7_attempt_used_only_when_the_vote_completes():
    s = with_motion()
    vote = s.call_vote(0, Proposal.remove(1, when="now"))
    vote.cast(0, True)
    assert s.round_no not in s._vote_used and not s.vote_open()  # busy, not yet used
    with pytest.raises(SessionError, match="already in progress"):
        s.call_vote(1, Proposal.remove(1, when="now"))
    with pytest.raises(SessionError, match="in progress"):
        s.rule_vote(1, Proposal.remove(1, when="now"), [True] * 4)
    for seat in (1, 2, 3):
        vote.cast(seat, False)
    assert vote.record.outcome == "failed with 1 yes, 3 no, nobody abstained" and s.round_no in s._vote_used and not s.vote_open()
    with pytest.raises(SessionError, match="already used"):
        s.call_vote(1, Proposal.remove(1, when="now"))


def test_1_7_a_refused_vote_request_or_ballot_changes_nothing():
    s = with_motion()
    for bad in (lambda: s.call_vote(0, Proposal.remove(9, when="now")),
                lambda: s.call_vote(7, Proposal.remove(1, when="now")),
                lambda: s.call_vote(0, Proposal.restore(1, when="now"))):
        with pytest.raises(SessionError):
            bad()
        assert s.pending_vote is None and s.vote_open()
    vote = s.call_vote(0, Proposal.remove(1, when="now"))
    vote.cast(1, True)
    for seat, yes in ((1, False), (4, True), (-1, True), (2, "yes"), (True, True)):
        with pytest.raises(SessionError):
            vote.cast(seat, yes)
    assert vote.missing == (0, 2, 3) and vote.voted == (1,)
    s.play_round()  # the round may go on while the table votes
    with pytest.raises(SessionError, match="finish it"):
        s.deal()  # but the vote ends before the next deal
    assert s.round_no == 1 and vote.missing == (0, 2, 3)
    for seat in (0, 2, 3):
        vote.cast(seat, True)
    with pytest.raises(SessionError, match="over"):
        vote.cast(0, True)


# -- a tie: Roshambo throw by throw -------------------------------------------------------------------
def tied(s, proposer=0, proposal=None):
    vote = s.call_vote(proposer, proposal or Proposal.law("swap", False, when="next round"))
    for seat, yes in ((3, False), (proposer, True), (2, False), (1, True)):
        if seat in vote.missing:
            vote.cast(seat, yes)
    return vote


def test_1_7_tie_runs_a_contest_to_exactly_30_decisive_throws():
    s = with_motion()
    vote = tied(s, proposer=0)
    c = vote.contest
    assert c is not None and not vote.done and c.pair == (0, 3)  # seat 3 opposed first
    # ties are thrown again and not counted
    throw_pair(c, "rock", "rock")
    assert c.decisive == 0 and c.log[-1] == (0, "rock", 3, "rock", None)
    for k in range(DECISIVE_THROWS - 1):
        throw_pair(c, "paper", "rock") if k % 3 else throw_pair(c, "rock", "paper")
        assert not c.done
    assert c.decisive == DECISIVE_THROWS - 1
    throw_pair(c, "scissors", "paper")
    assert c.done and c.decisive == DECISIVE_THROWS and c.pair is None
    assert c.score == (20, 10) and c.winner == 0 and vote.done and vote.record.passed
    assert vote.record.roshambo.decisive == 30 and vote.record.roshambo.ties == 1 and vote.record.defender == 3


def test_1_7_roshambo_15_15_goes_to_sudden_death():
    s = with_motion()
    vote = tied(s)
    c = vote.contest
    for k in range(DECISIVE_THROWS):
        throw_pair(c, "rock", "scissors") if k % 2 else throw_pair(c, "scissors", "rock")
    assert c.score == (15, 15) and not c.done and c.sudden_death and c.pair == (0, 3)
    throw_pair(c, "paper", "paper")  # a tie does not decide
    assert not c.done
    throw_pair(c, "paper", "scissors")
    assert c.done and c.winner == 3 and c.score == (15, 16) and c.decisive == 31
    assert not vote.record.passed and vote.record.roshambo.sudden_death and s.law["swap"] is True


def test_1_7_roshambo_throws_either_order_and_first_throw_stays_hidden():
    s = with_motion()
    c = tied(s).contest
    c.throw(3, "rock")
    assert c.waiting == (0,) and c.log == []  # nothing of seat 3's throw shows yet
    with pytest.raises(RoshamboError, match="already thrown"):
        c.throw(3, "paper")
    with pytest.raises(RoshamboError, match="not throwing"):
        c.throw(1, "paper")
    with pytest.raises(RoshamboError, match="rock, paper or scissors"):
        c.throw(0, "lizard")
    c.throw(0, "paper")
    assert c.log == [(0, "paper", 3, "rock", 0)] and c.score == (1, 0)


def test_1_7_roshambo_bracket_one_decisive_throw_a_match_with_a_bye():
    c = RoshamboContest(0, bracket=[3, 1, 2], rng=random.Random(1))
    assert c.in_bracket and c.pair == (3, 1)
    throw_pair(c, "rock", "rock")  # tie: replayed
    assert c.pair == (3, 1)
    throw_pair(c, "rock", "scissors")  # 3 beats 1; 2 had a bye
    assert c.pair == (3, 2)
    throw_pair(c, "paper", "scissors")
    assert c.defender == 2 and c.pair == (0, 2) and not c.in_bracket
    assert c.bracket_result.rounds == [[(3, 1, 3), (2, None, 2)], [(3, 2, 2)]]
    assert c.bracket_result.matches == 2 and c.bracket_result.ties == 1 and c.score == (0, 0)


def test_1_7_tie_on_a_motion_with_absent_author_supporters_hold_a_bracket():
    s = with_motion()
    vote = s.call_vote(0, Proposal.remove(1, when="now"))
    for seat, yes in ((2, False), (0, True), (3, False), (1, True)):
        vote.cast(seat, yes)
    c = vote.contest
    assert c.in_bracket and c.pair == (2, 3)
    throw_pair(c, "rock", "paper")
    assert c.pair == (0, 3)
    while not c.done:
        throw_pair(c, "rock", "scissors")
    assert vote.record.passed and vote.record.bracket.winner == 3 and vote.record.defender == 3


def test_1_7_advocate_chosen_by_supporters_before_throws_start():
    s = with_motion()
    vote = s.call_vote(0, Proposal.remove(1, when="now"))
    with pytest.raises(SessionError, match="after a tied vote"):
        s.advocate(vote, 2)
    for seat, yes in ((2, False), (0, True), (3, False), (1, True)):
        vote.cast(seat, yes)
    with pytest.raises(SessionError, match="supporters"):
        s.advocate(vote, 1)  # voted yes: not a supporter
    s.advocate(vote, 3)
    assert vote.contest.pair == (0, 3)
    vote.contest.throw(0, "rock")
    with pytest.raises(SessionError, match="before the first throw"):
        s.advocate(vote, "nobody")
    vote.contest.throw(3, "rock")
    assert vote.contest.log[-1][4] is None


def test_1_7_advocate_nobody_passes_the_proposal_at_once():
    s = with_motion()
    vote = s.call_vote(1, Proposal.remove(1, when="next round"))
    for seat, yes in ((0, False), (1, True), (2, True), (3, False)):
        vote.cast(seat, yes)
    s.advocate(vote, "nobody")
    assert vote.done and vote.record.passed and vote.record.roshambo is None and vote.contest.done
    assert "nobody defends" in vote.record.outcome


def test_1_7_advocate_not_offered_where_the_rule_names_the_defender():
    s = with_motion()
    vote = tied(s)  # base law: the first formal opponent
    with pytest.raises(SessionError, match="first player who voted no"):
        s.advocate(vote, "nobody")
    assert vote.contest.pair == (0, 3) and not vote.done


def test_1_7_rule_vote_in_one_call_matches_the_step_by_step_contest():
    s = with_motion(seed=5)
    state = s.rng.getstate()
    rec = s.rule_vote(0, Proposal.law("swap", False, when="next round"), {3: False, 0: True, 2: False, 1: True})
    rng = random.Random()
    rng.setstate(state)
    expected = roshambo(0, 3, rng_thrower(rng))
    assert (rec.roshambo.a_wins, rec.roshambo.b_wins, rec.roshambo.ties) == \
        (expected.a_wins, expected.b_wins, expected.ties)
    assert rec.roshambo.log == expected.log


def test_1_7_one_call_bracket_matches_the_bracket_function():
    s = with_motion(seed=3)
    state = s.rng.getstate()
    rec = s.rule_vote(0, Proposal.remove(1, when="now"), {2: False, 0: True, 3: False, 1: True})
    rng = random.Random()
    rng.setstate(state)
    thrower = rng_thrower(rng)
    b = bracket([2, 3], thrower)
    r = roshambo(0, b.winner, thrower)
    assert rec.bracket.rounds == b.rounds and rec.defender == b.winner
    assert (rec.roshambo.a_wins, rec.roshambo.b_wins) == (r.a_wins, r.b_wins)


def test_1_7_bots_throw_from_the_sessions_generator():
    s1, s2 = with_motion(seed=9), with_motion(seed=9)
    c1, c2 = tied(s1).contest, tied(s2).contest
    while not c1.done:
        for seat in c1.pair:
            c1.throw_bot(seat)
    while not c2.done:
        for seat in c2.pair:
            c2.throw_bot(seat)
    assert c1.log == c2.log and c1.decisive == 30 + c1.sudden_death


# -- bots' ballots ---------------------------------------------------------------------------------------
def test_1_7_bot_ballot_policy_without_evidence():
    """Where the motion lab has nothing to say (a motion whose author is absent, a motion in
    words only), bots keep their own motion and remove one that made them take cards."""
    s = LoptiSessionState.by_hand(4, seed=1)
    gift = Motion("Whoever takes the pile hands the next player a card.",
                  {"after pickup": lambda v: Give("actor", 1)})
    s.restore(gift, [True] * 4, author="Someone elsewhere")  # motion 1: its author is absent
    s.restore(Motion("Say thank you when you take the pile."), [True] * 4, author="Seat 3")  # motion 2
    s.deal()
    remove, remove_words = Proposal.remove(1, when="now"), Proposal.remove(2, when="now")
    assert bot_ballot(s, 0, remove, proposer=0) is True  # the proposer
    assert bot_ballot(s, 2, remove_words, proposer=0) is False  # the author keeps their motion
    assert bot_ballot(s, 1, Proposal.law("swap", False, when="now"), proposer=0) is False  # status quo
    # a motion that made seat 1 take cards this round: seat 1 votes to remove it
    s.dealt_round.events.append(ev.MotionGave(1, 0, 1, None, 1))
    assert bot_ballot(s, 1, remove, proposer=0) is True and bot_ballot(s, 3, remove, proposer=0) is False
    # a bot never abstains: its ballot is always a yes or a no
    for proposal in (remove, remove_words, Proposal.law("swap", False, when="now")):
        assert all(isinstance(bot_ballot(s, x, proposal, proposer=0), bool) for x in range(4))
    s.dealt_round.events.append(ev.MotionGave(2, 0, 1, None, 1))
    vote = s.call_vote(0, remove_words)
    assert [vote.cast_bot(x) for x in (1, 2, 3, 0)] == [True, False, False, True]
    assert vote.contest is not None and vote.contest.pair == (0, 2)  # the author defends


# -- defect: the author's Roshambo ----------------------------------------------------------------------
def authored(seed=1):
    """A session in round 2 with motion 1 by the round-1 winner, who is at the table."""
    for k in itertools.count(seed):
        s = LoptiSessionState.by_hand(4, seed=k)
        s.play_round()
        if s.winner is not None:
            s.author(s.winner, says("Mine."))
            s.deal()
            return s, s.round_records[-1].winner


def test_1_7_author_at_the_table_who_voted_to_keep_always_defends():
    s, author = authored()
    proposer = (author + 1) % 4
    votes = {p: p in (proposer, (author + 2) % 4) for p in range(4)}  # the author votes no
    with pytest.raises(SessionError, match="defends it"):
        s.rule_vote(proposer, Proposal.remove(1, when="now"), votes, advocate="nobody")
    assert s.vote_open() and s.pending_vote is None and s.motions[0].in_force and s.votes == []
    vote = s.call_vote(proposer, Proposal.remove(1, when="now"))
    for seat, yes in votes.items():
        vote.cast(seat, yes)
    with pytest.raises(SessionError, match="defends it"):
        s.advocate(vote, "nobody")
    assert vote.contest.pair == (proposer, author) and not vote.done
    while not vote.contest.done:
        for seat in vote.contest.pair:
            vote.contest.throw_bot(seat)
    assert vote.record.defender == author and vote.record.roshambo is not None
    assert s.motions[0].in_force == (not vote.record.passed)


def test_1_7_author_who_voted_yes_leaves_the_defence_to_the_supporters():
    s, author = authored()
    proposer = (author + 1) % 4
    votes = {p: p in (proposer, author) for p in range(4)}
    rec = s.rule_vote(proposer, Proposal.remove(1, when="now"), votes, advocate="nobody")
    assert rec.passed and rec.defender is None and not s.motions[0].in_force
