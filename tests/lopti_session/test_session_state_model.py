"""A Lopti session state is one model: its rounds write their events into its own log, once,
and one vote class holds every vote (the setup vote included) from its call to its result."""
import random

import pytest

import lopti_nb
from lopti_nb.games.lopti.session import Vote
from lopti_nb.games.lopti.session_game import Author, Ballot, CallVote


def _to_next_deal(state):
    """Play the round at the table out by each seat's first legal action, and pass the motion."""
    dealt = len(state.round_starts)
    while len(state.round_starts) == dealt and not state.is_over:
        seat = state.to_act[0]
        legal = [a for a in state.legal_actions(seat) if not isinstance(a, CallVote)]
        state.apply(Author("pass") if isinstance(legal[0], Author) else legal[0], seat)


@pytest.mark.timeout(60)
def test_the_round_at_the_table_writes_into_the_sessions_own_log_once():
    state = lopti_nb.new_game("lopti", players=3, seed=5, rounds=2)
    assert state.round.events is state.events
    _to_next_deal(state)
    assert state.round.events is state.events and len(state.round_starts) == 2
    start = state.round_starts[-1]
    assert state.round.round_events == state.events[start + 1:]  # after the RoundDealt line
    twin = state.copy()
    assert twin.events == state.events and twin.events is not state.events
    assert twin.round.events is twin.events  # the copy's round writes into the copy's log
    before = len(state.events)
    twin.apply(twin.legal_actions(twin.to_act[0])[0], twin.to_act[0])
    assert len(state.events) == before


@pytest.mark.timeout(60)
def test_one_vote_class_serves_the_setup_vote_and_the_rule_vote_from_call_to_result():
    state = lopti_nb.new_game("lopti", players=3, seed=2, rounds=2, proposed="ace_tax")
    setup = state.vote
    assert isinstance(setup, Vote) and setup.setup and state.setup is setup and not setup.done
    for seat in (2, 0, 1):
        state.apply(Ballot(seat != 1), seat)
    assert setup.done and setup.passed and state.votes == [setup] and state.vote is None
    assert (setup.yes, setup.no, setup.abstained, setup.proposer) == (2, 1, 0, None)
    seat = state.current_player
    state.apply(CallVote("law", lever="play_on", value=True, when="next round"), seat)
    rule = state.vote
    assert isinstance(rule, Vote) and not rule.setup and rule.proposal.lever == "play_on"
    for s in state.to_act:
        state.apply(Ballot(True), s)
    assert rule.done and rule.passed and rule.record is rule and state.votes == [setup, rule]
    assert "passed with 3 yes" in rule.outcome and rule.text == "set play_on to True (next round)"


@pytest.mark.timeout(60)
def test_a_copy_carries_out_a_change_voted_for_next_round_on_itself():
    state = lopti_nb.new_game("lopti", players=2, seed=3, rounds=2)
    seat = state.current_player
    state.apply(CallVote("law", lever="play_on", value=True, when="next round"), seat)
    for s in state.to_act:
        state.apply(Ballot(True), s)
    twin = state.copy()
    _to_next_deal(twin)
    assert twin.law["play_on"] is True and twin.round.play_on is True
    assert state.law["play_on"] is False  # the original still waits for its own deal


@pytest.mark.timeout(60)
def test_the_state_holds_the_session_data_itself_and_a_copys_data_belong_to_the_copy():
    state = lopti_nb.new_game("lopti", players=2, seed=4, rounds=2, proposed="ace_tax", roshambo_throws=3)
    for seat in (0, 1):
        state.apply(Ballot(True), seat)
    assert state.motions[0].in_force and state.runner is not None
    assert not any(type(v).__name__ == "Session" for v in vars(state).values())
    seat = state.current_player
    state.apply(CallVote("law", lever="play_on", value=True, when="now"), seat)
    for s in (seat, 1 - seat):
        state.apply(Ballot(s == seat), s)
    assert state.phase == "roshambo"
    twin = state.copy()
    vote, twin_vote = state.vote, twin.vote
    assert twin_vote is not vote and twin_vote.owner is twin and vote.owner is state
    assert twin_vote.contest.rng is twin.rng and twin.rng is not state.rng
    assert twin.runner.watch_more.__self__ is twin
    assert all(e.on_fault.__self__ is twin for e in twin.runner.entries)
    events, score = list(state.events), vote.contest.score
    while twin.phase == "roshambo":
        for s in twin.to_act:
            twin.apply(twin.legal_actions(s)[s % 3], s)
    assert twin_vote.done and twin.votes[-1] is twin_vote
    assert state.events == events and vote.contest.score == score and not vote.done and state.vote is vote


@pytest.mark.timeout(60)
def test_a_session_copy_shares_no_mutable_part_with_the_original_at_any_step():
    from lopti_nb.testing import shared_parts

    for seed, settings in ((1, {"proposed": "ace_tax"}), (2, {})):
        state = lopti_nb.new_game("lopti", players=3, seed=seed, rounds=2, roshambo_throws=2, **settings)
        rng = random.Random(seed)
        for _ in range(80):
            assert shared_parts(state, state.copy()) == []
            if state.is_over:
                break
            seat = state.to_act[rng.randrange(len(state.to_act))]
            legal = state.legal_actions(seat)
            calls = [a for a in legal if isinstance(a, CallVote)]
            state.apply(calls[0] if calls and rng.random() < 0.3 else rng.choice(legal), seat)


def _steps_by_hand(state, rng):
    """Each way the rules' own methods could move ``state``, with arguments drawn from ``rng``."""
    from lopti_nb.games.lopti.library import library_motion
    from lopti_nb.games.lopti.session import Proposal

    seat = rng.randrange(state.num_players)
    steps = [
        lambda: state.deal(), lambda: state.play_round(), lambda: state.run(1),
        lambda: state.author(seat, library_motion("ace_tax")), lambda: state.decline(seat),
        lambda: state.withdraw(seat, 1), lambda: state.restore(library_motion("ace_tax")),
        lambda: state.setup_vote(library_motion("ace_tax")),
        lambda: state.call_vote(seat, Proposal.law("play_on", True, when="now")),
        lambda: state.rule_vote(seat, Proposal.law("play_on", True, when="now"),
                                votes=[True] * state.num_players),
        lambda: state.interpret(1, ["a", "b"]),
    ]
    round_actions = [a for a in state.round.legal_actions() if not isinstance(a, CallVote)] \
        if state.round.current_player is not None else []
    if round_actions:
        steps.append(lambda: state.play(rng.choice(round_actions)))
    if state.vote is not None:
        steps.append(lambda: state.vote.cast(seat, rng.choice([True, False, None])))
        steps.append(lambda: state.vote.choose_advocate("bracket"))
    return steps


@pytest.mark.timeout(60)
def test_a_session_played_by_actions_refuses_every_step_by_hand_and_is_left_as_it_was():
    """Only ``apply`` moves a session made by ``new_game``, so its record holds every step: each
    of the rules' own methods that would move it is refused with a SessionError, at random
    points of seeded sessions (votes, ties and Roshambo among them), and nothing changes."""
    from lopti_nb.games.lopti.motions import SessionError

    for seed in range(4):
        rng = random.Random(seed)
        state = lopti_nb.new_game("lopti", players=3 + seed % 3, seed=seed, rounds=2,
                                  **({"proposed": "ace_tax"} if seed % 2 else {}))
        while not state.is_over:
            if rng.random() < 0.3:
                before = (len(state.events), len(state.actions), state.phase, state.to_act,
                          state.observation(None))
                for step in _steps_by_hand(state, rng):
                    with pytest.raises(SessionError, match="played by actions"):
                        step()
                assert before == (len(state.events), len(state.actions), state.phase, state.to_act,
                                  state.observation(None))
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            calls = [a for a in legal if isinstance(a, CallVote)]
            state.apply(rng.choice(calls) if calls and rng.random() < 0.2 else rng.choice(legal), seat)
        assert lopti_nb.load(state.record()).events == state.events
