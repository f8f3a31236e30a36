"""Lopti's guided session, part 2 (after round 1): the learner writes a motion from the motion
builder's menus and sees it act in round 2, a Rule Vote on it is called and one seat abstains,
the tie goes to a Roshambo the learner throws in, and the session ends with the final places;
checked on the engine's events. A learner who strays from the hints is never stuck, and every
claim the guide makes passes the claims check."""
from __future__ import annotations

import random
import warnings

import pytest

import lopti_nb
from lopti_nb.explainers.claims import Said, check_claims
from lopti_nb.explainers.tutorial import Script, Tutorial
from lopti_nb.games.lopti.session_game import (
    BallotsRevealed, Ballot, MotionAuthored, RoundDealt, SessionOver, Thrown, ThrowsShown, VoteCalled, VoteDone,
)
from lopti_nb.games.lopti.tutorial import MENUS, MOTION, LoptiTutorial

_WALKED: dict = {}


def walked(stray_every: int = 0, seed: int = 0, same_kind: bool = False) -> tuple[Tutorial, list[Said]]:
    """The guided session played to its end: the hint at every decision, or, when
    ``stray_every`` is set, a random legal move at every ``stray_every``-th decision. Returns
    the guide and every hint, opponent's move and own move the guide explained, each with the
    position it was given in (made once per test run for each set of arguments). With
    ``same_kind`` the random move is one of the hint's kind when there is one (another card, ballot
    or throw, not a Rule Vote called instead)."""
    key = (stray_every, seed, same_kind)
    if key in _WALKED:
        return _WALKED[key]
    rng = random.Random(seed)
    script = LoptiTutorial()
    texts: list[Said] = []
    hint_of, opponent_of, explain_of = script.hint, script.opponent, script.explain

    def hint(state, seat):
        given = hint_of(state, seat)
        at, n = state.copy(), len(texts)
        for part, text in (("move", given.move), ("reason", given.why), ("tip", given.tip)):
            texts.append(Said("lopti", "plain", f"hint {n} {part}", text, kind="hint",
                              state=at, seat=seat, action=given.action))
        return given

    def opponent(state, seat, r):
        action, why = opponent_of(state, seat, r)
        texts.append(Said("lopti", "plain", f"opponent {len(texts)}", why, kind="move",
                          state=state.copy(), seat=seat, action=action))
        return action, why

    def explain(before, action, events, seat):
        said = explain_of(before, action, events, seat)
        texts.append(Said("lopti", "plain", f"own move {len(texts)}", said, kind="move",
                          state=before.copy(), seat=seat, action=action))
        return said

    script.hint, script.opponent, script.explain = hint, opponent, explain
    guide = Tutorial("lopti", script)
    for decision in range(1000):
        if guide.done:
            break
        assert guide.hint is not None, "the learner is stuck: no hint and the session is not over"
        state = guide.table.state
        # a motion built as data is not among the listed actions (there are endless ones): the
        # rules are asked instead
        assert state.why_illegal(guide.hint.action, 0) is None
        if stray_every and decision % stray_every == stray_every - 1:
            legal = state.legal_actions(0)
            if same_kind:
                legal = [a for a in legal if type(a) is type(guide.hint.action)] or legal
            guide.table.act(rng.choice(legal))
        else:
            guide.take_hint()
    _WALKED[key] = guide, texts
    return guide, texts


def _events(guide):
    return guide.table.state.events


@pytest.mark.timeout(120)
def test_the_learner_s_motion_is_authored_and_acts_in_the_next_round():
    guide, _ = walked()
    events = _events(guide)
    authored = [(i, e) for i, e in enumerate(events) if isinstance(e, MotionAuthored)]
    assert [(e.seat, e.number) for _, e in authored] == [(0, 1)]
    at, motion = authored[0]
    dealt = next(i for i, e in enumerate(events) if isinstance(e, RoundDealt) and i > at)
    assert events[dealt].round == 2
    acted = [e for e in events[dealt:] if getattr(e, "motion", None) == motion.number]
    assert acted, "the learner's motion never acted in round 2"
    # the guide said so before it happened: the hint of the move on which it first acts
    assert any("Your motion 1 acts" in r for r in guide.reasons)


@pytest.mark.timeout(120)
def test_the_motion_the_hint_writes_is_what_the_builder_s_menus_make():
    from lopti_nb.games.lopti.builder import MotionBuilder

    got = []
    builder = MotionBuilder(on_submit=got.append)
    widgets = {w.description: w for w in (builder.rules[0].phase, builder.rules[0].event,
                                          builder.rules[0].effects[0].effect)}
    for label, value in MENUS:
        widgets[label].value = value
    builder.submit_button.click()
    assert got == [MOTION]


@pytest.mark.timeout(120)
def test_a_rule_vote_on_the_learner_s_motion_reveals_an_abstention_and_ties():
    guide, _ = walked()
    events = _events(guide)
    called = [e for e in events if isinstance(e, VoteCalled)]
    assert len(called) == 1 and called[0].seat == 1 and "motion 1" in called[0].proposal
    revealed = [e for e in events if isinstance(e, BallotsRevealed)]
    assert len(revealed) == 1
    ballots = dict(revealed[0].ballots)
    assert ballots == {0: False, 1: True, 2: None}  # one yes, one no, one abstention: a tie
    vote = guide.table.state.votes[-1]
    assert vote.tied and vote.abstained == 1
    ballot_hint = next(r for r, m in zip(guide.reasons, [m for m in guide.moves if m.followed is not None])
                       if "has voted" in m.happened)
    for word in ("yes adds one", "no adds one", "abstaining adds to neither", "2 yes ballots of 3"):
        assert word in ballot_hint, word


@pytest.mark.timeout(120)
def test_the_tie_goes_to_a_short_roshambo_in_which_the_learner_throws_to_its_end():
    """The guided session's Roshambo is set up short (5 decisive throws, the learner winning
    3-2), and the guide says a real one runs to 30; every throw is explained."""
    guide, _ = walked()
    events = _events(guide)
    assert guide.table.state.roshambo_throws == 5
    assert sum(isinstance(e, Thrown) and e.seat == 0 for e in events) == 5
    shown = [e for e in events if isinstance(e, ThrowsShown)]
    assert shown and all(0 in (e.a, e.b) for e in shown)
    assert all(e.winner is not None for e in shown)  # followed hint by hint, no throw is tied
    assert len(shown) == 5 and sorted(shown[-1].score) == [2, 3]
    assert guide.table.state.votes[-1].roshambo.winner == 0
    done = [e for e in events if isinstance(e, VoteDone)]
    assert len(done) == 1 and "Roshambo" in done[0].outcome
    throws = [m for m in guide.moves if m.followed is not None and "has thrown" in m.happened]
    assert len(throws) == 5 and all("Decisive throw" in m.why and "of 5" in m.why for m in throws)
    assert all("wins the throw" in m.happened for m in throws)  # what each throw did, from the engine
    assert "5 decisive throws" in throws[0].why and "real Roshambo at the table runs to 30 decisive throws" in throws[0].why
    summary = guide.script.summary(guide.table.state, guide.moves)
    assert any("after 5 decisive throws (a real one runs to 30)" in line for line in summary)


@pytest.mark.timeout(60)
def test_every_voice_says_a_real_roshambo_runs_to_30_decisive_throws():
    from lopti_nb.games.lopti.lessons_texts import VOICES
    from lopti_nb.games.lopti.tutorial import SAY2

    assert set(SAY2) == set(VOICES)
    for voice in VOICES:
        said = SAY2[voice]["how long"].format(n=5, real=30, half=15)
        assert "5 decisive throws" in said and "runs to 30 decisive throws" in said, voice
        assert "a real one runs to 30" in SAY2[voice]["roshambo summary"].format(
            a="Ana", b="you", sa=2, sb=3, n=5, real=30, winner="you"), voice


@pytest.mark.timeout(120)
def test_the_round_and_the_session_end_with_the_final_places():
    guide, _ = walked()
    state = guide.table.state
    assert guide.done and state.is_over and isinstance(state.events[-1], SessionOver)
    assert len(state.round_records) == 2
    summary = guide.script.summary(state, guide.moves)
    places = [line for line in summary if line.startswith("Final places")]
    assert places and "1. " in places[0] and all(n in places[0] for n in ("You", "Ana", "Ben"))
    assert "Final places" in guide.guide_html.value


@pytest.mark.timeout(300)
def test_every_claim_of_the_followed_session_passes_the_claims_check():
    _, texts = walked()
    assert check_claims("lopti", "plain", texts) == []


@pytest.mark.timeout(300)
@pytest.mark.parametrize("every, seed, same_kind", [(3, 0, False), (3, 1, False), (1, 0, False),
                                                    (3, 0, True), (3, 2, True)])
def test_a_learner_taking_a_random_legal_move_every_third_decision_reaches_the_end(every, seed, same_kind):
    """Every third decision, and (harder) every decision, a random legal move instead of the
    hint: a motion of the learner's own, a vote they call, a ballot or a throw of their own
    (with ``same_kind``, a random card, ballot or throw where the hint is one)."""
    guide, texts = walked(stray_every=every, seed=seed, same_kind=same_kind)
    assert guide.done and guide.table.state.is_over
    assert any(m.followed is False for m in guide.moves)
    assert len(guide.table.state.round_records) == 2
    assert check_claims("lopti", "plain", texts) == []
    if (every, seed, same_kind) == (3, 0, True):  # this walk strays inside the Roshambo too
        shown = [e for e in guide.table.state.events if isinstance(e, ThrowsShown)]
        assert len(shown) > 5 and any(e.winner is None for e in shown)  # tied throws, thrown again
        assert any(isinstance(e, VoteDone) and "Roshambo" in e.outcome for e in guide.table.state.events)


@pytest.mark.timeout(60)
def test_a_script_s_old_deal_hook_still_prepares_the_deal_with_a_deprecation_warning():
    class OldScript(LoptiTutorial):
        seen: list = []

        def deal(self, state):
            self.seen.append(state)
            return state

    with pytest.warns(DeprecationWarning, match="prepare"):
        guide = Tutorial("lopti", OldScript())
    assert OldScript.seen and OldScript.seen[0] is guide.table.state
    with pytest.warns(DeprecationWarning, match="prepare"):
        assert Script.deal(LoptiTutorial(), guide.table.state) is guide.table.state
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        lopti_nb.tutorial("drowned-ledger")  # the games' own scripts use prepare only


@pytest.mark.timeout(120)
def test_the_hint_button_makes_the_suggested_move_and_skip_goes_to_part_two():
    from lopti_nb.explainers.tutorial import LOG_SHOWN
    from lopti_nb.widgets.testing import visible_widgets

    guide = lopti_nb.tutorial("lopti")
    hint = guide.hint
    guide.hint_button.click()
    assert guide.moves[0].followed is True and guide.table.state.actions[0] == hint.action
    assert guide.skip_button in visible_widgets(guide) and "part 2" in guide.skip_button.description
    guide.skip_button.click()
    state = guide.table.state
    assert state.phase == "authoring" and len(state.round_records) == 1  # round 1 played by its hints
    assert all(m.followed is not False for m in guide.moves)
    assert guide.skip_button not in visible_widgets(guide) and guide.hint_button in visible_widgets(guide)
    while not guide.done:
        guide.hint_button.click()
    assert guide.hint_button not in visible_widgets(guide)
    # the log on screen draws the newest moves, and says how many earlier ones it leaves out
    assert len(guide.moves) > LOG_SHOWN
    assert guide.log_html.value.count("<li>") == LOG_SHOWN + 1
    assert f"and {len(guide.moves) - LOG_SHOWN} earlier moves" in guide.log_html.value


@pytest.mark.timeout(60)
def test_a_guided_round_of_one_part_offers_no_skip():
    from lopti_nb.widgets.testing import visible_widgets

    guide = lopti_nb.tutorial("skull-king")
    assert guide.skip_button not in visible_widgets(guide)
    assert guide.hint_button in visible_widgets(guide)


@pytest.mark.timeout(120)
def test_throw_at_random_for_me_finishes_the_roshambo_with_every_throw_told():
    guide = lopti_nb.tutorial("lopti")
    guide.skip_part()
    while guide.table.state.phase != "roshambo":
        guide.take_hint()
    for _ in range(3):  # three throws by the hint, then the rest at random
        guide.take_hint()
    told = len(guide.moves)
    guide.table.view.auto_throw_button.click()
    state = guide.table.state
    assert state.phase == "playing" and state.votes[-1].roshambo is not None
    shown = sum(isinstance(e, ThrowsShown) for e in state.events)
    mine = [m for m in guide.moves[told:] if m.who == "You"]
    assert len(mine) == shown - 3  # each throw of the learner's told, with what it did
    assert all("Roshambo:" in m.happened and len(m.why) > 20 for m in mine)
