"""The explainer widgets: every position is legal by the engine, every "try it" answer shown
is the engine's, every quiz answer is the oracle's, and navigation updates in place."""
from __future__ import annotations

import html
import re

import pytest

import lopti_nb
from lopti_nb.explainers import steps
from lopti_nb.explainers.core import Verdict
from lopti_nb.games.ledger.lessons import LedgerScene, risk_lines
from lopti_nb.games.lopti.lessons_session import SessionScene
from lopti_nb.games.lopti.lessons_scenes import LoptiScene, QuizScene, SandboxScene, quiz_items
from lopti_nb.games.skullking.lessons import ScoreScene, TrickScene, TrickSandbox, explain_trick
from lopti_nb.games.ledger.risk import catch_probability
from lopti_nb.games.lopti import LoptiState, Play, TakePile, judge
from lopti_nb.games.lopti.events import BlindMiss
from lopti_nb.games.lopti.lessons_words import as_you, told
from lopti_nb.games.lopti.state import PlayBlind
from lopti_nb.games.skullking import Play as SKPlay, next_leader, score_round, trick_bonus, trick_winner

GAMES = ("lopti", "skull-king", "drowned-ledger")


def shown_legal(explainer) -> bool | None:
    m = re.search(r'data-legal="(true|false|)"', explainer.verdict.value)
    assert m, "no verdict shown"
    return {"true": True, "false": False, "": None}[m.group(1)]


def shown_text(explainer) -> str:
    return html.unescape(explainer.verdict.value)


@pytest.fixture(scope="module")
def explainers():
    return {g: lopti_nb.explain(g) for g in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_every_step_position_is_legal_by_the_engine(explainers, game):
    e = explainers[game]
    for i, step in enumerate(e.steps):
        e.goto(i)
        e.scene.check()  # raises unless the engine accepts the position
        assert e.position.value, f"{step.key} draws nothing"
        assert 'class="lnb-card"' in e.position.value or step.kind != "rule" or "lnb-x-box" in e.position.value


def _as_told(reason: str) -> str:
    """The engine's reason as the lesson shows it (seats from 1, card symbols), without the
    final stop that the clause citation goes before."""
    text = told(reason[0].upper() + reason[1:])
    # the learner is the player who cleared: the lesson says "you take a bonus play"
    text = text.replace("and the player takes a bonus play", "and you take a bonus play")
    return text[:-1] if text.endswith(".") else text


def _expected_lopti(scene: LoptiScene, action):
    st = scene.build()
    reason = st.why_illegal(action)
    if reason is not None:
        # the learner sits at the seat to act: the lesson tells its refusals as "your hand"
        return False, as_you(_as_told(reason), st.current_player)
    if isinstance(action, Play):
        return True, _as_told(judge(scene.history, " ".join([action.rank] * action.count)).reason)
    if isinstance(action, PlayBlind):
        after = st.copy()
        start = len(after.events)
        after.apply(action)
        # a missed blind card is an outcome (flipping was allowed; the card did not fit)
        if any(isinstance(e, BlindMiss) for e in after.events[start:]):
            return None, "a miss: the blind card could not be played"
    return True, None


@pytest.mark.parametrize("game", GAMES)
def test_try_it_buttons_show_the_engines_verdict(explainers, game):
    e = explainers[game]
    clicked = 0
    for i, step in enumerate(e.steps):
        e.goto(i)
        scene = e.scene
        labels = [b.description for b in e.choice_buttons]
        for label in labels:
            e.reset_button.click()  # progressive scenes start again from the lesson position
            if label not in [b.description for b in e.choice_buttons]:
                continue
            key = next(b._lnb_action.key for b in e.choice_buttons if b.description == label)
            expected = _expected_lopti(scene, key) if isinstance(scene, LoptiScene) else None
            e.click(label)
            clicked += 1
            legal = shown_legal(e)
            text = shown_text(e)
            if isinstance(scene, LoptiScene):
                exp_legal, exp_reason = expected
                assert legal == exp_legal, (step.key, label)
                if exp_reason:
                    assert exp_reason in text, (step.key, label)
            elif isinstance(scene, TrickScene):
                st = scene.build()
                reason = st.why_illegal(SKPlay(key))
                assert legal == (reason is None), (step.key, label)
                if reason:
                    assert reason[0].upper() + reason[1:] in text
                else:
                    cards = scene.played + [key]
                    w = trick_winner(cards)
                    # seats counted from 1 as a player counts them, from the seat that led
                    # the trick; the learner is "you"
                    you, n = len(scene.played), scene.players
                    if w is None:
                        lead = next_leader(cards)
                        who = "you lead" if lead == you else f"Seat {(scene.first + lead) % n + 1} leads"
                        assert f"destroyed; {who} next" in text
                    else:
                        assert ("you win" if w == you else f"Seat {(scene.first + w) % n + 1} wins") in text
                        bonus = trick_bonus(cards, scene.edition)
                        # the headline names a bonus only when one was captured (3.5)
                        assert (f"(bonus {bonus})" in text) if bonus else ("(bonus" not in text)
            elif isinstance(scene, LedgerScene):
                st = scene.build()
                reason = st.why_illegal(key)
                assert legal == (reason is None), (step.key, label)
                if reason:
                    assert reason[0].upper() + reason[1:] in text
            elif isinstance(scene, SessionScene):
                # the session code itself answers: run the same request again, without widgets
                again = scene.attempt(key)
                assert legal == again.legal and html.escape(again.headline) in e.verdict.value
                if again.legal is False and "error" in again.data:
                    assert again.data["error"] in ("SessionError", "MotionError", "ConstitutionError")
            elif isinstance(scene, ScoreScene):
                dealt, bid, won, bonus = key
                assert f"{score_round(scene.system, dealt, bid, won, bonus=bonus):+g} points" in text
            else:
                assert legal in (True, False, None) and len(text) > 20
    assert clicked > 40


def test_quiz_answers_are_the_oracles():
    items = quiz_items()
    assert len(items) >= 5
    for item in items:
        assert item.expected == item.oracle(), item.question
    # the seed's classic rulings, straight from the oracle
    assert judge([], "3").duty is False
    j = judge(["9", "9 9"], "9")
    assert j.legal and j.clears
    assert not judge(["7"], "8 8 8 8").legal
    j = judge(["7"], "6 6 6 6")
    assert j.legal and j.clears
    j = judge(["K"], "3 3")
    assert j.legal and j.duty


def test_quiz_widget_marks_answers_with_the_oracle():
    e = lopti_nb.explain("lopti")
    e.goto([s.key for s in e.steps].index("quiz"))
    quiz: QuizScene = e.scene
    for n, item in enumerate(quiz.items):
        assert f"Question {n + 1} of" in e.position.value
        for label, value in item.options:
            v = e.click(label)
            assert v.data["correct"] == (value == item.oracle())
            assert ("Right" in e.verdict.value) == (value == item.expected)
        quiz._next.click()
    # only a first answer counts toward the score
    assert quiz.score == sum(1 for item in quiz.items if item.options[0][1] == item.oracle())


def test_lopti_sandbox_builds_piles_and_asks_judge():
    e = lopti_nb.explain("lopti", voice="comrade")
    e.goto([s.key for s in e.steps].index("sandbox"))
    box: SandboxScene = e.scene
    for rank, count in (("9", 1), ("9", 2), ("3", 1)):
        box.rank.value, box.count.value = rank, count
        box.lay_button.click()
    assert box.history == ["9", "9 9", "3"]
    assert "3s played in the chain: 1" in e.position.value
    box.rank.value, box.count.value = "A", 1
    box.judge_button.click()
    j = judge(["9", "9 9", "3"], "A")
    assert shown_legal(e) is j.legal is False and html.escape(_as_told(j.reason)) in e.verdict.value
    box.rank.value, box.count.value = "3", 3
    box.lay_button.click()  # the fourth 3 of the chain clears
    assert box.history == [] and shown_legal(e) is True
    box.rank.value, box.count.value = "K", 4
    box.lay_button.click()  # four kings at once also clear
    assert box.history == []
    box.empty_button.click()
    assert "The table is empty" in e.position.value


def test_skull_king_sandbox_names_winner_leader_and_bonus():
    e = lopti_nb.explain("skull-king")
    e.goto(len(e.steps) - 1)
    box: TrickSandbox = e.scene
    trick = ["Y14", "pirate", "skull-king", "mermaid", "B14"]
    for card in trick:
        box.pick.value = card
        e.extra.children[0].children[1].children[0].click()
    assert box.cards == trick
    v = e.last_verdict
    w, lead, bonus = trick_winner(trick), next_leader(trick), trick_bonus(trick)
    assert v.data["winner"] == w and v.data["leader"] == lead and v.data["bonus"] == bonus
    assert f"Seat {w + 1} wins" in e.verdict.value and f"(bonus {bonus})" in e.verdict.value
    assert sum(v.data["bonus_parts"]) == bonus
    box.pick.value = "skull-king"  # there is only one Skull King
    e.extra.children[0].children[1].children[0].click()
    assert shown_legal(e) is False and box.cards == trick


@pytest.mark.parametrize("cards", [
    ["Y7", "Y12", "B2"], ["pirate", "skull-king", "mermaid"], ["Y9", "kraken", "B3"],
    ["white-whale", "pirate", "Y4"], ["kraken", "Y8", "white-whale"], ["white-whale", "Y8", "kraken"],
    ["escape", "loot", "tigress:escape"], ["skull-king", "tigress:pirate", "pirate", "P14"],
    ["pirate", "mermaid"], ["white-whale", "escape"],
])
def test_trick_explanations_agree_with_the_rule_functions(cards):
    for ed in ("table", "2021"):
        info = explain_trick(cards, ed)
        assert info["winner"] == trick_winner(cards)
        assert info["leader"] == next_leader(cards)
        assert info["bonus"] == trick_bonus(cards, ed) == sum(info["bonus_parts"])


def test_ledger_dive_shows_live_exact_probability():
    e = lopti_nb.explain("drowned-ledger")
    e.goto([s.key for s in e.steps].index("dive"))
    scene = e.scene
    st = scene.state
    p = catch_probability(st.sea, 1, deck=st.wreck)
    assert f"{p:.1%}" in e.position.value
    assert any(f"{p:.1%}" in b.description for b in e.choice_buttons)
    flips = 0
    while not scene.state.is_over and scene.state.seat == 0 and flips < 8:
        before = scene.state
        label = next(b.description for b in e.choice_buttons if b.description.startswith(("Dive", "Flip")))
        if before.phase == 1:
            expect = risk_lines(before, 0)
            if expect:
                assert f"{expect[0][1]:.1%}" in label
        e.click(label)
        flips += 1
    assert flips >= 1 and scene.state is not None


def test_explainer_navigation_updates_in_place():
    e = lopti_nb.explain("lopti", voice="pirate", start=2)
    assert e.index == 2 and e.back.disabled is False
    widgets_before = (e.title, e.text, e.position, e.verdict, e.choice_pool)
    e.next.click()
    assert e.index == 3
    e.topic.value = 7
    assert e.index == 7 and "Step 8 of" in e.counter.value
    e.back.click()
    assert e.index == 6
    assert (e.title, e.text, e.position, e.verdict, e.choice_pool) == widgets_before
    assert "clear_output(" not in open(lopti_nb.explainers.widget.__file__).read()
    e.goto(0)
    assert e.back.disabled and not e.next.disabled
    e.goto(10_000)
    assert e.next.disabled
    with pytest.raises(ValueError, match="Voices"):
        lopti_nb.explain("lopti", voice="robot")
    assert lopti_nb.explain("sk", start="mermaid").step.key == "mermaid"
    with pytest.raises(ValueError, match="Steps: goal, deal, bid"):
        lopti_nb.explain("sk", start="octopus")


def test_lopti_positions_come_from_from_position():
    for s in steps("lopti"):
        scene = s.make_scene()
        if isinstance(scene, LoptiScene):
            st = scene.build()
            assert isinstance(st, LoptiState)
            assert sorted(st.all_cards()) == list(range(52))
            assert TakePile() in scene.actions() or st.phase == "swap"
