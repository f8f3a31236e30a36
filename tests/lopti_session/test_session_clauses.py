"""RULINGS 1.7 (and the session parts of 1.6), clause by clause, through ``Session``: the
deprecated step-by-step convenience over the session state keeps its public behaviour."""
import itertools

import pytest

from lopti_nb.engine import LoptiNbError
from lopti_nb.games.lopti import (
    LIBRARY, ConstitutionError, Draw, Motion, MotionError, Proposal, Reveal, Say, Session, SessionError, View,
    library_motion,
)
from lopti_nb.games.lopti import events as ev
from lopti_nb.games.lopti.motions import BASE_EVENTS, HookRunner, MotionLoptiState
from lopti_nb.games.lopti.state import LoptiState

# Session warns that it is deprecated each time one is made: here it is the subject
pytestmark = pytest.mark.filterwarnings("ignore:Session is deprecated:DeprecationWarning")


def finished(players=4, seed=1, **kw):
    """A session whose first round is over with a winner."""
    for s in itertools.count(seed):
        session = Session(players, seed=s, **kw)
        session.play_round()
        if session.winner is not None:
            return session


def scripted(moves):
    """A Roshambo thrower: seat -> cycle of throws; unlisted seats throw from random.Random(seat)."""
    import random
    its = {seat: itertools.cycle(seq) for seat, seq in moves.items()}
    rngs = {}

    def throw(seat, info):
        if seat in its:
            return next(its[seat])
        rng = rngs.setdefault(seat, random.Random(seat))
        return rng.choice(["rock", "paper", "scissors"])
    return throw


def says(text):
    return Motion(text, {"after play": lambda v: Say(text)})


def motion_events(state, number=None):
    return [e for e in state.events if type(e).__name__.startswith("Motion")
            and (number is None or e.motion == number)]


def base_events(state):
    return [e for e in state.events if not type(e).__name__.startswith("Motion")]


# -- 1.6 in a session: dealer and leader ------------------------------------------------------------
def test_1_6_session_dealer_rotates_dealer_leads_first_round_then_previous_winner():
    s = Session(4, seed=3, first_dealer=2, turn_cap=300)
    st = s.deal()
    assert (st.dealer, st.leader) == (2, 2)
    for _ in range(5):
        s.play_round()
        prev = s.rounds[-1]
        st = s.deal()
        assert st.dealer == (prev.dealer + 1) % 4
        assert st.leader == (prev.winner if prev.winner is not None else st.dealer)
    s.play_round()
    h = s.history()
    assert len(h) == 4 * 6 and h.groupby("round")["dealer"].sum().eq(1).all()


# -- authorship -----------------------------------------------------------------------------------
def test_1_7_winner_authors_one_motion_for_the_rest_of_the_session():
    s = finished()
    rec = s.author(s.winner, library_motion("pile_taker_shows_highest"))
    assert rec.author_seat == s.rounds[-1].winner and rec.in_force
    with pytest.raises(SessionError, match="already written"):
        s.author(s.winner, "A second motion")  # one motion per win
    for _ in range(3):
        s.play_round()
        assert 1 in s.rounds[-1].motions  # stays in force round after round
    assert s.history()["motions_in_force"].iloc[-1] >= 1


def test_1_7_only_the_round_winner_authors():
    s = finished()
    loser = next(p for p in range(4) if p != s.winner)
    with pytest.raises(SessionError, match="only the round's winner"):
        s.author(loser, "Losers write rules too.")
    assert s.motions == []


def test_1_7_motion_stated_before_the_next_deal_completes():
    s = finished()
    winner = s.winner
    s.deal()  # the deal completes: the window has closed
    with pytest.raises(SessionError):
        s.author(winner, "Too late.")


def test_1_7_stalemate_has_no_winner_and_no_motion():
    s = Session(4, seed=5, turn_cap=3)
    s.play_round()
    assert s.rounds[-1].stalemate and s.winner is None
    with pytest.raises(SessionError, match="stalemate"):
        s.author(0, "Nobody won.")


def test_1_7_motion_is_text_plus_optional_code():
    words = Motion("Everyone hums while shuffling.")
    assert not words.has_code and words.text
    s = finished()
    s.author(s.winner, words)
    st = s.deal()
    assert st.hooks is None  # words only: the engine runs the plain base game
    with pytest.raises(MotionError):
        Motion("   ")  # always stated in words
    with pytest.raises(MotionError, match="unknown hook"):
        Motion("x", {"after sneeze": lambda v: None})
    with pytest.raises(MotionError, match="not a function"):
        Motion("x", {"after play": 3})
    # every base event can carry a hook before and after
    Motion("all", {f"{p} {e}": (lambda v: None) for e in BASE_EVENTS for p in ("before", "after")})


# -- what a motion may do ------------------------------------------------------------------------------
def test_1_7_motion_only_adds_actions_base_events_unchanged():
    """A motion that only speaks and reveals leaves every base event exactly as without it."""
    talk = Motion("Announce every play; whoever takes the pile shows their highest card.",
                  {f"{p} {e}": (lambda v: Say(f"{v.phase} {v.event}")) for e in BASE_EVENTS for p in ("before", "after")}
                  | {"after pickup": lambda v: [Say("after pickup"), Reveal("actor", "highest")]})
    import random
    from lopti_nb.engine.runner import play_out
    from lopti_nb.games.lopti import heuristic_bot
    seen = set()
    for seed in range(20):
        plain = LoptiState(4, seed, play_on=seed % 2 == 0)
        play_out(plain, [heuristic_bot] * 4, random.Random(seed))
        hooked = MotionLoptiState(4, seed, hooks=HookRunner([talk]), play_on=seed % 2 == 0)
        play_out(hooked, [heuristic_bot] * 4, random.Random(seed))
        assert [e.describe() for e in base_events(hooked)] == [e.describe() for e in plain.events]
        seen |= {e.text for e in motion_events(hooked) if isinstance(e, ev.MotionSaid)}
    # every hook point of every base event was reached
    assert {f"{p} {e}" for e in BASE_EVENTS for p in ("before", "after")} <= seen


def test_1_7_motion_never_prevents_a_clear_or_the_clearers_bonus_play():
    grabby = Motion("Before and after a clear, everyone gives cards away and draws.", {
        "before clear": lambda v: [Draw("everyone", 3), Reveal("actor")],
        "after clear": lambda v: "cancel the clear",  # garbage: reported, switched off
        "before bonus play": lambda v: Draw("actor", 3),
    })
    st = MotionLoptiState.from_position([["10S", "4C", "5C"], ["KD", "KH"]], face_down=[["2C"], ["2D"]],
                                  draw_pile=["8S", "8H", "9C", "9D", "JC", "JD", "QC"], pile=["9S", "JS"], turn=0,
                                  hooks=HookRunner([grabby]))
    from lopti_nb.games.lopti import Play
    st.apply(Play("10"))
    kinds = [type(e).__name__ for e in st.events]
    assert "Cleared" in kinds and "BonusPlay" in kinds
    assert st.current_player == 0 and st.bonus  # the clearer still has the bonus play
    assert any(isinstance(e, ev.MotionFault) for e in st.events)
    st.apply(Play("4"))  # the bonus play is made
    assert [e for e in st.events if isinstance(e, ev.Played)][-1].bonus
    assert sorted(st.all_cards()) == list(range(52))


def test_1_7_motion_cannot_block_victory():
    """Effects aimed at the player going out (or anyone, after the round ends) move no cards."""
    spoiler = Motion("Whoever is about to go out draws; so does a player flipping their last card.", {
        "before out": lambda v: [Draw("actor", 3), Draw("everyone", 3)],
        "before blind flip": lambda v: Draw("actor", 1) if v.actor_cards == 1 else None,
    })
    st = MotionLoptiState.from_position([[], ["KD", "4S"]], face_down=[["9S"], ["2D"]], draw_pile=["8S", "8H", "5C"],
                                  pile=["6S"], turn=0, hooks=HookRunner([spoiler]))
    from lopti_nb.games.lopti import PlayBlind
    st.apply(PlayBlind(0))
    assert st.is_over and st.winner == 0  # the legal last card wins, whatever the motion wanted
    assert st.cards_held(0) == 0
    assert sorted(st.all_cards()) == list(range(52))
    assert any(isinstance(e, ev.MotionNote) for e in st.events)


def test_1_7_motion_cannot_loop_forever_effects_are_bounded():
    from lopti_nb.games.lopti.motions import MAX_EFFECTS_PER_EVENT, MAX_EFFECTS_PER_HOOK
    flood = Motion("Shout a lot.", {"after play": lambda v: [Say("!")] * 1000})
    eight = [Motion(f"Shout {i}.", {"after play": lambda v: [Say("?")] * MAX_EFFECTS_PER_HOOK}) for i in range(5)]
    s = Session(4, seed=2)
    for m in [flood] + eight:
        s.restore(m, [True] * 4)
    s.play_round()
    st = s.state
    assert st.is_over
    assert s.motions[0].fault and "at most" in s.motions[0].fault
    # per base event, at most MAX_EFFECTS_PER_EVENT effects in all
    runs, count = [], 0
    for e in st.events:
        if isinstance(e, ev.MotionSaid):
            count += 1
        elif not type(e).__name__.startswith("Motion"):
            runs.append(count)
            count = 0
    assert max(runs) <= MAX_EFFECTS_PER_EVENT


def test_1_7_motion_cannot_act_on_the_past():
    """Hooks see a snapshot of now (no log, no seats); no effect reaches cleared cards, the pile
    or cards already played; an unfinished action of a withdrawn motion is stopped."""
    names = {f.name for f in View.__dataclass_fields__.values()}
    assert not names & {"events", "history", "gone", "pile_cards", "state", "seat", "actor"}
    s = finished()
    rec = s.author(s.winner, library_motion("ace_tax"))
    s.deal()
    s.runner.pending.append((s.runner.entries[0], Draw("everyone", 3), (0, 1, 2, 3)))
    s.withdraw(rec.author_seat, rec.number)
    assert s.runner.pending == []  # stopped before it was carried out


def test_1_7_motion_targets_roles_never_named_seats():
    with pytest.raises(ConstitutionError, match="roles"):
        Draw(2, 1)
    with pytest.raises(MotionError, match="unknown role"):
        Draw("Alice", 1)
    assert "seat" not in " ".join(View.__dataclass_fields__)


def test_1_7_effects_come_from_a_closed_set_and_conserve_cards():
    class Steal(Draw):
        pass
    sneaky = Motion("Steal.", {"after play": lambda v: Steal("actor", 1)})
    s = Session(3, seed=4)
    s.restore(sneaky, [True] * 3)
    s.play_round()
    assert s.motions[0].fault and "not an effect" in s.motions[0].fault
    assert sorted(s.state.all_cards()) == list(range(52))


# -- withdrawal ------------------------------------------------------------------------------------------
def test_1_7_author_may_withdraw_at_any_time_vote_free():
    s = finished()
    rec = s.author(s.winner, says("Play!"))
    st = s.deal()
    for _ in range(10):  # mid-round
        s.play(st.legal_actions()[0])
    mark = len(st.events)
    assert s.vote_open()
    s.withdraw(rec.author_seat, rec.number)
    assert rec.status == "withdrawn" and s.vote_open()  # no vote used
    s.play_round()
    assert motion_events(st, rec.number) == [] or all(st.events.index(e) < mark for e in motion_events(st, rec.number))


def test_1_7_only_the_author_withdraws():
    s = finished()
    rec = s.author(s.winner, "Words.")
    with pytest.raises(SessionError, match="only a motion's author"):
        s.withdraw((rec.author_seat + 1) % 4, rec.number)


def test_1_7_withdrawn_motion_stays_out_unless_a_later_vote_restores_it():
    s = finished()
    rec = s.author(s.winner, says("Hello."))
    s.withdraw(rec.author_seat, rec.number)
    for _ in range(2):
        s.play_round()
        assert rec.number not in s.rounds[-1].motions
    s.deal()
    vote = s.rule_vote(0, Proposal.restore(rec.number, when="now"), [True, True, True, False])
    assert vote.passed and rec.in_force
    s.play_round()
    assert motion_events(s.state, rec.number)


# -- the Rule Vote ---------------------------------------------------------------------------------------
def test_1_7_one_rule_vote_per_round_opened_at_dealing():
    s = Session(4, seed=1)
    s.restore(says("A."), [True] * 4)
    with pytest.raises(SessionError, match="opens when dealing begins"):
        s.rule_vote(0, Proposal.remove(1, when="now"), [False] * 4)
    s.deal()
    s.rule_vote(0, Proposal.remove(1, when="now"), [False] * 4)
    with pytest.raises(SessionError, match="already used"):
        s.rule_vote(1, Proposal.remove(1, when="now"), [True] * 4)
    s.play_round()
    with pytest.raises(SessionError, match="already used"):  # still round 1 until the next deal
        s.rule_vote(1, Proposal.remove(1, when="now"), [True] * 4)
    s.deal()
    assert s.rule_vote(1, Proposal.remove(1, when="now"), [True] * 4).passed


def test_1_7_vote_may_remove_amend_motion_or_change_base_law():
    s = Session(4, seed=1)
    s.restore(says("A."), [True] * 4)
    s.restore(says("B."), [True] * 4)
    s.deal()
    s.rule_vote(0, Proposal.remove(1, when="now"), [True] * 4)
    s.play_round()
    s.deal()
    s.rule_vote(0, Proposal.amend(2, says("B, louder."), when="now"), [True] * 4)
    assert s.motions[1].text == "B, louder." and s.motions[1].in_force
    s.play_round()
    s.deal()
    s.rule_vote(0, Proposal.law("play_on", True, when="next round"), [True] * 4)
    assert s.law["play_on"] is False  # next round, not now
    s.play_round()
    assert s.deal().play_on is True
    assert [m.status for m in s.motions] == ["removed", "in force"]
    with pytest.raises(SessionError, match="levers"):
        Proposal.law("jokers", True, when="now")
    with pytest.raises(SessionError, match="not a value"):
        Proposal.law("turn_cap", -5, when="now")


def test_1_7_everyone_votes_including_players_already_out():
    s = Session(4, seed=11, play_on=True)
    s.restore(says("A."), [True] * 4)
    st = s.deal()
    while not st.out:  # play until someone is out; the round goes on for places
        s.play(st.legal_actions()[0])
    assert not st.is_over
    out = st.out[0]
    still = [p for p in range(4) if st.active[p]]
    with pytest.raises(SessionError, match="every"):
        s.rule_vote(still[0], Proposal.remove(1, when="now"), {p: True for p in still})
    votes = {p: p != still[0] for p in range(4)}  # the out player's yes counts
    rec = s.rule_vote(out, Proposal.remove(1, when="now"), votes)
    assert rec.yes == 3 and rec.passed


@pytest.mark.parametrize("players,yes,result", [
    (2, 2, "passed"), (2, 1, "tie"), (3, 2, "passed"), (3, 1, "failed"), (4, 3, "passed"), (4, 2, "tie"),
    (4, 1, "failed"), (5, 3, "passed"), (5, 2, "failed"),
])
def test_1_7_vote_passes_with_more_than_half_of_all_players(players, yes, result):
    s = Session(players, seed=1, thrower=scripted({0: ["rock"], 1: ["scissors"]}))
    s.restore(says("A."), [True] * players)
    s.deal()
    votes = [True] * yes + [False] * (players - yes)
    rec = s.rule_vote(0, Proposal.remove(1, when="now"), votes)
    if result == "tie":
        assert rec.roshambo is not None
    else:
        assert rec.roshambo is None and rec.passed == (result == "passed")


# (players, yes, no, abstained, result): an abstention is no yes, and a tie needs a yes and a no
ABSTENTIONS = [
    (4, 3, 0, 1, "passed"), (5, 3, 1, 1, "passed"), (3, 2, 0, 1, "passed"),
    (4, 2, 0, 2, "failed"), (5, 2, 1, 2, "failed"), (3, 1, 0, 2, "failed"), (2, 1, 0, 1, "failed"),
    (4, 0, 0, 4, "failed"), (3, 0, 1, 2, "failed"),
    (4, 1, 1, 2, "tie"), (5, 2, 2, 1, "tie"), (3, 1, 1, 1, "tie"),
]


@pytest.mark.parametrize("players,yes,no,abstained,result", ABSTENTIONS)
def test_1_7_a_player_may_abstain_and_an_abstention_is_not_a_yes(players, yes, no, abstained, result):
    s = Session(players, seed=1)
    s.restore(says("A."), [True] * players)
    s.deal()
    votes = [True] * yes + [False] * no + [None] * abstained
    rec = s.rule_vote(0, Proposal.remove(1, when="now"), votes)
    assert (rec.yes, rec.no, rec.abstained) == (yes, no, abstained)
    assert rec.votes == tuple(enumerate(votes)) and not s.vote_open()
    if result == "tie":
        assert rec.roshambo is not None and rec.outcome.startswith("deadlock")
    else:
        assert rec.roshambo is None and rec.passed == (result == "passed")
        assert rec.outcome.startswith(result)
    assert s.motions[0].in_force is not rec.passed


@pytest.mark.parametrize("votes,counted", [
    ([True, True, False, None], "2 yes, 1 no, 1 abstained"),
    ([True, None, None, None], "1 yes, 0 no, 3 abstained"),
    ([True, True, True, False], "3 yes, 1 no, nobody abstained"),
])
def test_1_7_the_outcome_counts_yes_no_and_abstained(votes, counted):
    s = Session(4, seed=1)
    s.restore(says("A."), [True] * 4)
    s.deal()
    rec = s.rule_vote(0, Proposal.law("play_on", True, when="next round"), votes)
    assert counted in rec.outcome
    assert s.votes_frame()["abstained"].tolist()[-1] == votes.count(None)


def test_1_7_setup_approval_may_be_abstained_from_too():
    s = Session(4, seed=1)
    assert not s.restore(says("A."), [True, True, None, None])  # 2 of 4 is not more than half
    assert s.restore(says("B."), [True, True, True, None])
    assert "1 abstained" in s.votes[-1].outcome


def test_1_7_proposal_declares_now_or_next_round_before_voting():
    with pytest.raises(SessionError, match="'now' or 'next round'"):
        Proposal.remove(1, when="whenever")
    s = Session(4, seed=6)
    s.restore(says("Now."), [True] * 4)
    s.restore(says("Later."), [True] * 4)
    st = s.deal()
    s.rule_vote(0, Proposal.remove(2, when="next round"), [True] * 4)
    assert s.motions[1].in_force  # still in force for the rest of this round
    s.play_round()
    assert motion_events(st, 2)
    st2 = s.deal()
    assert not s.motions[1].in_force
    s.rule_vote(0, Proposal.remove(1, when="now"), [True] * 4)
    s.play_round()
    assert motion_events(st2, 1) == [] and motion_events(st2, 2) == []


def test_1_7_failed_vote_uses_the_attempt():
    s = Session(4, seed=1)
    s.restore(says("A."), [True] * 4)
    s.deal()
    assert not s.rule_vote(0, Proposal.remove(1, when="now"), [True, False, False, False]).passed
    assert not s.vote_open()


def test_1_7_invalid_request_does_not_use_the_attempt():
    s = Session(4, seed=1)
    s.deal()
    with pytest.raises(SessionError, match="no motion"):
        s.rule_vote(0, Proposal.remove(9, when="now"), [True] * 4)
    with pytest.raises(SessionError):
        s.rule_vote(0, Proposal.law("swap", False, when="now"), [True, "yes", True, True])
    assert s.vote_open()


def test_1_7_winners_new_motion_does_not_use_the_vote():
    s = finished()
    s.author(s.winner, "Words.")
    assert s.vote_open()  # round 1's attempt is still there
    assert s.rule_vote(0, Proposal.law("turn_cap", 500, when="next round"), [True] * 4).passed


# -- deadlock and Roshambo -------------------------------------------------------------------------------------
def test_1_7_tie_goes_to_roshambo_and_uses_the_attempt_either_way():
    for moves, passed in [({0: ["rock"], 2: ["scissors"]}, True), ({0: ["scissors"], 2: ["rock"]}, False)]:
        s = Session(4, seed=1, thrower=scripted(moves))
        s.restore(says("A."), [True] * 4)
        s.deal()
        rec = s.rule_vote(0, Proposal.law("play_on", True, when="now"), [True, True, False, False])
        assert rec.roshambo is not None and rec.passed is passed and not s.vote_open()
        assert rec.roshambo.decisive == 30 and rec.roshambo.winner == (0 if passed else 2)


def test_1_7_roshambo_proposer_faces_the_motions_author():
    s = finished(thrower=scripted({}))
    author = s.winner
    s.author(author, says("Mine."))
    proposer = (author + 1) % 4
    votes = {p: p in (proposer, (author + 2) % 4) for p in range(4)}
    rec = s.rule_vote(proposer, Proposal.remove(1, when="now"), votes)
    assert rec.defender == author and {rec.roshambo.a, rec.roshambo.b} == {proposer, author}


def test_1_7_roshambo_author_absent_supporters_choose_an_advocate():
    old = Session(["Ann", "Bo", "Cy", "Di"], seed=1)
    old.restore(says("Old rule."), [True] * 4, author="Zed")  # Zed is not at the new table either
    s = Session(["Ann", "Bo", "Cy", "Di"], seed=2, thrower=scripted({0: ["paper"], 2: ["rock"], 3: ["rock"]}))
    assert s.restore(old.motions[0], [True] * 4)
    assert s.motions[0].author_seat is None  # author absent
    s.deal()
    rec = s.rule_vote(0, Proposal.remove(1, when="now"), [True, True, False, False], advocate=3)
    assert rec.defender == 3 and rec.bracket is None and rec.passed
    # with no agreed advocate, the supporters hold a bracket (one decisive throw a match)
    s.play_round()
    s.deal()
    s.rule_vote(0, Proposal.restore(1, when="now"), [True] * 4)
    s.play_round()
    s.deal()
    s.thrower = scripted({0: ["rock"], 2: ["paper", "rock"], 3: ["rock"]})
    rec = s.rule_vote(0, Proposal.remove(1, when="now"), [True, True, False, False])
    assert rec.bracket is not None and rec.bracket.matches == 1 and rec.defender == rec.bracket.winner


def test_1_7_roshambo_nobody_defends_the_proposal_passes():
    s = Session(4, seed=1)
    s.restore(says("Orphan."), [True] * 4, author="Gone")
    s.deal()
    rec = s.rule_vote(1, Proposal.remove(1, when="now"), [True, True, False, False], advocate="nobody")
    assert rec.passed and rec.roshambo is None and not s.motions[0].in_force


def test_1_7_roshambo_base_law_change_proposer_faces_first_formal_opponent():
    s = Session(4, seed=1, thrower=scripted({1: ["rock"], 3: ["scissors"], 0: ["paper"]}))
    s.deal()
    votes = {1: True, 3: False, 2: True, 0: False}  # seat 3 opposed first
    rec = s.rule_vote(1, Proposal.law("swap", False, when="next round"), votes)
    assert rec.defender == 3 and rec.passed and s.law["swap"] is True
    s.play_round()
    assert s.deal().swap_queue == []  # no swap offered after the change


def test_1_7_vote_and_roshambo_cannot_be_changed():
    with pytest.raises(ConstitutionError, match="Rule Vote and Roshambo"):
        Proposal.law("majority", 1, when="now")
    with pytest.raises(ConstitutionError):
        Proposal("roshambo", "now")
    with pytest.raises(ConstitutionError):
        Motion("Votes need unanimity.", {"before vote": lambda v: None})
    s = Session(4, seed=1)
    s.deal()
    with pytest.raises(ConstitutionError):
        s.rule_vote(0, "change the vote to unanimity", [True] * 4)
    assert s.vote_open()
    assert issubclass(ConstitutionError, LoptiNbError) and issubclass(ConstitutionError, ValueError)


# -- new sessions -----------------------------------------------------------------------------------------------
def test_1_7_new_session_starts_with_no_motions():
    old = finished()
    old.author(old.winner, says("Old."))
    new = Session(4, seed=2)
    assert new.motions == [] and new.deal().hooks is None


def test_1_7_old_motions_return_by_setup_majority_not_using_round_one_vote():
    old = finished()
    rec = old.author(old.winner, says("Old."))
    new = Session(4, seed=2)
    assert not new.restore(rec, [True, True, False, False])  # 2 of 4 is not more than half
    assert new.restore(rec, [True, True, True, False])
    assert new.motions[0].origin == "restored at setup"
    new.deal()
    assert new.vote_open()  # round one's vote is untouched
    with pytest.raises(SessionError, match="setup"):
        new.restore(rec, [True] * 4)


def test_1_7_absent_authors_motion_read_by_majority_else_least_change():
    s = Session(4, seed=1)
    s.restore(Motion("Shout when a 9 is played (loudly?)."), [True] * 4, author="Nobody here")
    readings = ["shout only (changes least)", "shout and draw a card"]
    assert s.interpret(1, readings, votes={0: 1, 1: 1, 2: 1, 3: 0}) == readings[1]
    assert s.interpret(1, readings, votes={0: 1, 1: 1, 2: 0, 3: 0}, least_change=0) == readings[0]
    present = finished()
    present.author(present.winner, "Ambiguous words.")
    assert present.interpret(1, readings, author_choice=1) == readings[1]
    with pytest.raises(SessionError, match="author"):
        present.interpret(1, readings, votes={0: 0})


# -- records ------------------------------------------------------------------------------------------------------
def test_session_history_frames_are_tidy():
    s = Session(3, seed=8, thrower=scripted({0: ["rock"], 1: ["scissors"], 2: ["paper"]}))
    s.restore(library_motion("ace_tax"), [True] * 3, author="Old")
    for r in range(4):
        s.play_round()
        if s.winner is not None and r == 0:
            s.author(s.winner, library_motion("pile_taker_shows_highest"))
    s.deal()
    s.rule_vote(0, Proposal.remove(1, when="now"), [True, True, False])
    s.play_round()
    h = s.history()
    assert len(h) == 3 * 5 and set(h["round"]) == {1, 2, 3, 4, 5}
    assert (h.groupby("round")["won"].sum() <= 1).all()
    assert h["authored"].dropna().tolist() == [2]
    m = s.motions_frame()
    assert list(m["status"]) == ["removed", "in force"]
    v = s.votes_frame()
    assert list(v["kind"]) == ["setup restore", "remove"] and v["passed"].all()


def test_session_errors_are_value_errors():
    s = Session(4, seed=1)
    for call in (lambda: s.withdraw(0, 1), lambda: s.play(None), lambda: s.author(9, "x"),
                 lambda: Proposal.remove("one", when="now")):
        with pytest.raises(ValueError):
            call()
    assert len(LIBRARY) >= 8


def test_session_run_with_library_authors_is_reproducible():
    a = Session(4, seed=21).run(6)
    b = Session(4, seed=21).run(6)
    assert a.equals(b) and len(a) == 24
    s = Session(3, seed=4)
    s.run(4, author=lambda session, seat: None)
    assert s.motions == []


def test_1_7_vote_now_takes_effect_in_the_round_in_play():
    """A restoration or an amendment voted "now" puts its code into the running round at once,
    even a round dealt with no motion code at all."""
    s = finished()
    rec = s.author(s.winner, says("Tick."))
    s.withdraw(rec.author_seat, rec.number)
    st = s.deal()
    assert st.hooks is None  # nothing with code in force at the deal
    for _ in range(6):
        s.play(st.legal_actions()[0])
    s.rule_vote(0, Proposal.restore(rec.number, when="now"), [True] * 4)
    assert st.hooks is not None
    s.play_round()
    ticks = [e for e in st.events if isinstance(e, ev.MotionSaid)]
    assert ticks and {e.text for e in ticks} == {"Tick."}
    st2 = s.deal()
    for _ in range(6):
        s.play(st2.legal_actions()[0])
    s.rule_vote(1, Proposal.amend(rec.number, says("Tock."), when="now"), [True] * 4)
    s.play_round()
    texts = [e.text for e in st2.events if isinstance(e, ev.MotionSaid)]
    assert texts[-1] == "Tock." and "Tock." in texts
    first_tock = texts.index("Tock.")
    assert set(texts[:first_tock]) <= {"Tick."} and set(texts[first_tock:]) == {"Tock."}


def test_1_7_law_change_now_applies_to_the_round_in_play():
    s = Session(4, seed=7, play_on=True)
    st = s.deal()
    while not st.out:
        s.play(st.legal_actions()[0])
    assert not st.is_over
    s.rule_vote(st.out[0], Proposal.law("play_on", False, when="now"), [True] * 4)
    assert st.is_over and st.winner is not None and s.phase == "between rounds"
    s.deal()
    s.rule_vote(0, Proposal.law("turn_cap", 60, when="now"), [True] * 4)
    assert s.state.turn_cap == 60
