"""``Session`` is a thin deprecated convenience over the session state: making one warns, and
it plays a session exactly as the state driven by the same methods does."""
import warnings

import pytest

from lopti_nb.games.lopti import Proposal, Session, SessionError
from lopti_nb.games.lopti.session_game import LoptiSessionState


def test_making_a_session_warns_with_a_sentence_naming_the_way_in():
    with pytest.warns(DeprecationWarning, match=r'new_game\("lopti", rounds=\.\.\.\)'):
        Session(3, seed=1)


def test_a_session_plays_the_same_as_the_state_by_hand():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        s = Session(4, seed=21)
    t = LoptiSessionState.by_hand(4, seed=21)
    assert s.run(3).equals(t.run(3))
    assert s.motions_frame().equals(t.motions_frame())
    for x in (s, t):
        x.deal()
    vote_s = s.rule_vote(0, Proposal.law("swap", False, when="now"), [True, False, True, None])
    vote_t = t.rule_vote(0, Proposal.law("swap", False, when="now"), [True, False, True, None])
    assert vote_s.outcome == vote_t.outcome and vote_s.owner is s.game_state
    assert s.votes_frame().equals(t.votes_frame()) and s.describe() == t.describe_session()
    assert s.rounds == t.round_records and s.state.events == t.dealt_round.events
    assert s.phase == t.session_phase == "playing"
    with pytest.raises(SessionError, match="already used"):
        s.rule_vote(1, Proposal.law("swap", True, when="now"), [True] * 4)


def test_a_session_state_holds_no_session_and_its_old_session_attribute_warns():
    state = LoptiSessionState.by_hand(3, seed=2)
    assert not any(isinstance(v, Session) for v in vars(state).values())
    with pytest.warns(DeprecationWarning, match="holds the session itself"):
        old = state.session
    assert old.game_state is state and old.rounds is state.round_records


def test_a_votes_old_session_attribute_warns_and_gives_its_state():
    s = LoptiSessionState.by_hand(3, seed=1)
    s.deal()
    vote = s.call_vote(0, Proposal.law("swap", False, when="next round"))
    assert vote.owner is s
    with pytest.warns(DeprecationWarning, match="Vote.owner"):
        assert vote.session.game_state is s
