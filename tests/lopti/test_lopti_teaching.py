"""Lopti's lessons read like a lesson: no Python notation anywhere a learner looks,
in any voice; every step cites the shipped rules reference and every clause is taught on a
position the engine checks; feedback says what happened in the game's words and which rule
decided it; seats are counted from 1; the quiz ends with a score and a review.

``pytest -s`` prints the coverage table (clause -> steps)."""
from __future__ import annotations

import html
import re

import ipywidgets as W
import pytest

import lopti_nb
from lopti_nb.engine import get_spec
from lopti_nb.explainers import steps
from lopti_nb.explainers.notation import learner_texts, notation_found, python_notation, visible_text
from lopti_nb.explainers.reference import clause_coverage, clause_ids, reference, unknown_citations
from lopti_nb.games.lopti import LoptiState, Play, judge
from lopti_nb.games.lopti.lessons_scenes import QuizScene, SandboxScene, quiz_items
from lopti_nb.games.lopti.lessons_words import told
from lopti_nb.widgets.testing import visible_widgets

GAME = "lopti"
VOICES = ("plain", "pirate", "comrade")


def _step(key: str, voice: str = "plain"):
    return next(s for s in steps(GAME, voice) if s.key == key)


def _verdict(key: str, label: str, voice: str = "plain"):
    scene = _step(key, voice).make_scene()
    choice = next(c for c in scene.choices() if c.label == label)
    return scene.attempt(choice.key)


@pytest.fixture(scope="module")
def texts():
    return {v: list(learner_texts(GAME, v)) for v in VOICES}


# -- the reference ------------------------------------------------------------------------------
def test_1_reference_ships_clauses_1_1_to_1_7_with_finer_session_ids():
    ids = clause_ids(GAME)
    assert ids[:7] == ["1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7"]
    assert {"1.7.1", "1.7.5", "1.7.6"} <= set(ids)
    assert all(c.text and c.title for c in reference(GAME))
    assert get_spec(GAME).reference == "lopti_nb.games.lopti:reference.md"
    # rules() now gives the shipped reference
    assert [s.clauses[0] for s in lopti_nb.rules(GAME)] == ids


@pytest.mark.parametrize("voice", VOICES)
def test_steps_cite_only_clauses_of_the_reference(voice):
    assert unknown_citations(GAME, voice) == []


def test_every_clause_is_taught_on_a_position_the_engine_checks():
    cover = clause_coverage(GAME)
    by_key = {s.key: s for s in steps(GAME)}
    checked: dict[str, bool] = {}
    print("\nLopti: clause -> steps that teach it")
    for cid, keys in cover.items():
        print(f"  \u00a7{cid:<6} {', '.join(keys)}")
    for cid, keys in cover.items():
        ok = []
        for key in keys:
            if key not in checked:
                try:
                    by_key[key].make_scene().check()
                    checked[key] = True
                except AssertionError:
                    checked[key] = False
            ok.append(checked[key])
        assert any(ok), f"\u00a7{cid} is taught by no step whose position the engine accepts: {keys}"


# -- no Python notation -------------------------------------------------------------------------
@pytest.mark.parametrize("voice", VOICES)
def test_no_python_notation_in_any_text_of_any_voice(voice):
    assert notation_found(GAME, voice) == []


@pytest.mark.parametrize("voice", VOICES)
def test_seats_are_counted_from_1_and_cards_shown_with_symbols(voice, texts):
    seat0 = [(w, t) for w, t in texts[voice] if re.search(r"\bseats? 0\b", t, re.I)]
    assert seat0 == []
    codes = [(w, t) for w, t in texts[voice] if re.search(r"\b(?:10|[2-9AKQJ])[SHDC]\b", t)]
    assert codes == []


def test_1_6_swap_names_the_cards_with_suit_symbols():
    labels = [c.label for c in _step("setup").make_scene().choices()]
    swaps = [lbl for lbl in labels if lbl.startswith("Swap")]
    assert swaps and all(re.search("[\u2660\u2663\u2665\u2666]", lbl) for lbl in swaps)


# -- feedback: what happened, and the rule that decided it --------------------------------------
@pytest.mark.parametrize("voice", VOICES)
def test_every_verdict_has_a_reason_from_a_cited_rule(voice):
    bare = []
    for step in steps(GAME, voice):
        scene = step.make_scene()
        for choice in scene.choices():
            v = step.make_scene().attempt(choice.key)
            if "engine accepts this move" in v.reason or not v.reason.strip():
                bare.append((step.key, choice.label, v.reason))
            elif step.kind == "rule" and "rules reference \u00a7" not in v.reason:
                bare.append((step.key, choice.label, v.reason))
    assert bare == []


def test_1_2_a_legal_play_says_why_and_what_happened():
    v = _verdict("order", "Play a 9")
    assert v.legal is True and v.headline == "you play a 9"
    assert v.reason == ("A 9 is higher than the 8 on top of the pile: a higher ordinary rank may "
                        "follow, in any number (rules reference \u00a71.2).")
    # the learner sits at Seat 1, so the log says "You play"; the next seat is named
    assert "You play 9\u2666." in v.events and "Next to act: Seat 2." in v.events


def test_1_1_claiming_a_card_you_do_not_hold_cites_what_a_play_is():
    v = _verdict("one_rank", "Play three 5s")
    assert v.legal is False and "\u00a71.1" in v.reason


def test_1_4_chain_text_says_any_other_rank_restarts_the_count():
    for voice in VOICES:
        text = _step("chain", voice).text
        assert "ordinary play" not in text and "common throw" not in text
        assert "any other rank" in text and "a 7" in text
    # the engine agrees: a 7 between 3s starts the count again (a 3, a 7, then three 3s: no
    # clear), while four 3s with nothing else between them clear
    assert not judge(["K", "3", "7", "3"], "3 3").clears
    assert judge(["K", "3", "3"], "3 3").clears


def test_1_5_a_missed_blind_card_is_an_outcome_not_a_legality():
    v = _verdict("blind", "Play face-down card 1")
    assert v.legal is None
    assert v.headline == "a miss: the blind card could not be played, you take the pile"
    assert "joins the pile" in v.reason and "\u00a71.5" in v.reason
    hit = _verdict("blind", "Play face-down card 2")
    assert hit.legal is True and hit.headline.startswith("the blind card turns out to be K\u2660")


def test_1_7_5_a_failed_vote_is_an_outcome_counted_in_words():
    v = _verdict("vote", "1 yes, 3 no")
    assert v.legal is None and v.headline == "the vote fails, 1 to 3"
    assert "more than half of all 4 session players, so 3" in v.reason
    assert _verdict("vote", "3 yes, 1 no").headline == "the vote passes, 3 to 1"
    tie = _verdict("vote", "2 yes, 2 no (the author votes no)")
    assert tie.legal is None and tie.headline.startswith("a deadlock, 2 to 2: Roshambo decides")
    # a refusal stays a refusal: a second vote in one round is not allowed
    assert _verdict("vote", "A second vote in the same round").legal is False


def test_1_7_4_readings_and_withdrawals_are_sentences_not_records():
    v = _verdict("withdraw", "Unclear, author absent, 3 of 4 agree")
    assert v.events == ["Round 1: motion 1 is read as \u201chum at once\u201d, decided by majority."]
    w = _verdict("withdraw", "The author withdraws motion 1")
    assert "still open" in w.reason and "True" not in w.reason


def test_1_7_6_a_bracket_is_told_round_by_round():
    v = _verdict("roshambo", "Three candidates hold a bracket")
    assert v.events[0].startswith("Bracket round 1: Seat 2 against Seat 3") and "unopposed" in v.events[0]


def test_1_7_2_a_custom_clear_runs_and_every_card_stays_accounted_for():
    v = _verdict("motion_limits", "Code that clears the pile after every pair (a custom clear)")
    assert v.legal is True and "\u00a71.7.3" in v.reason


@pytest.mark.parametrize("voice", ("pirate", "comrade"))
def test_voices_speak_in_the_feedback_too(voice):
    plain, voiced = _verdict("order", "Take the pile"), _verdict("order", "Take the pile", voice)
    assert plain.headline != voiced.headline and plain.reason != voiced.reason
    plain_vote, voiced_vote = _verdict("vote", "1 yes, 3 no"), _verdict("vote", "1 yes, 3 no", voice)
    assert voiced_vote.headline != plain_vote.headline and "1 to 3" in voiced_vote.headline
    quiz = _step("quiz", voice).make_scene()
    right = quiz.attempt((0, quiz.items[0].oracle()))
    assert right.headline != _step("quiz").make_scene().attempt((0, quiz.items[0].oracle())).headline


# -- the quiz ends --------------------------------------------------------------------------------
def _buttons(explainer) -> dict[str, W.Button]:
    """Visible, enabled buttons by label (what a person can click)."""
    return {b.description: b for b in visible_widgets(explainer)
            if isinstance(b, W.Button) and not b.disabled}


def test_quiz_ends_with_the_score_and_a_review_and_starts_over():
    e = lopti_nb.explain(GAME, start="quiz")
    quiz: QuizScene = e.scene
    items = quiz_items()
    wrong_first = {1, 4}
    for n, item in enumerate(items):
        truth = item.oracle()
        right = next(lbl for lbl, v in item.options if v == truth)
        wrong = next(lbl for lbl, v in item.options if v != truth)
        if n in wrong_first:
            _buttons(e)[wrong].click()
            assert "Not quite" in e.verdict.value
        _buttons(e)[right].click()  # a second answer does not count
        go = "See your score \u25b6" if n == len(items) - 1 else "Next question \u25b6"
        _buttons(e)[go].click()
    shown = visible_text(e.position.value)
    assert f"{len(items) - 2} of {len(items)} right on the first try" in shown
    assert items[1].question in shown and items[4].question in shown
    assert items[0].question not in shown
    assert "Your first answer: No: one card is fewer than the pair." in shown
    assert "The right answer: Yes, and the four 9s clear the pile." in shown
    assert python_notation(shown) == []
    # no way past the end but to start over; nothing loops back silently
    assert "Next question \u25b6" not in _buttons(e) and "See your score \u25b6" not in _buttons(e)
    _buttons(e)["Try again"].click()
    assert "Question 1 of" in e.position.value and quiz.score == 0 and quiz.first == {}
    assert "Next question \u25b6" in _buttons(e)


def test_quiz_with_every_answer_right_says_so():
    quiz = _step("quiz").make_scene()
    for n, item in enumerate(quiz.items):
        quiz.attempt((n, item.oracle()))
        quiz.next_question()
    assert quiz.finished and quiz.summary() == f"{len(quiz.items)} of {len(quiz.items)} right on the first try"
    assert "Every question right" in visible_text(quiz.draw())


# -- the sandbox, driven by its own controls -----------------------------------------------------
@pytest.mark.parametrize("voice", VOICES)
def test_sandbox_texts_read_as_prose(voice):
    e = lopti_nb.explain(GAME, voice=voice, start="sandbox")
    box: SandboxScene = e.scene
    seen = []
    for rank, count, button in (("9", 1, "Lay it on the pile"), ("9", 2, "Lay it on the pile"),
                                ("3", 1, "Lay it on the pile"), ("A", 1, "Ask the rules"),
                                ("10", 1, "Ask the rules"), ("3", 3, "Lay it on the pile"),
                                ("7", 1, "Lay it on the pile"), ("8", 2, "Ask the rules")):
        box.rank.value, box.count.value = rank, count
        _buttons(e)[button].click()
        seen += [visible_text(e.position.value), visible_text(e.verdict.value)]
        if rank == "9" and count == 2:
            assert "a 9, then two 9s" in visible_text(e.position.value)
    found = [(t, python_notation(t)) for t in seen if python_notation(t)]
    assert found == []
    assert any("(rules reference \u00a71.2, \u00a71.4)" in t for t in seen)


def test_reference_text_is_free_of_python_notation_outside_its_code_names():
    for clause in reference(GAME):
        assert python_notation(clause.title) == []
        prose = re.sub(r"`[^`]*`", "", clause.text)
        assert python_notation(prose) == [], clause.id


def test_told_counts_seats_from_1_once():
    # the engine counts from 1 already; told never renumbers a seat, it only turns action
    # notation's card codes into suit symbols
    assert told("Seat 1 takes the pile (1 card); swap 5C (hand) for 9S (face up)") == \
        "Seat 1 takes the pile (1 card); swap 5\u2663 (hand) for 9\u2660 (face up)"
    assert told(told("Seat 2 against Seat 1")) == "Seat 2 against Seat 1"
    st = LoptiState.from_position(hands=[["9C"], ["4D"]], face_down=[["5C"], ["5D"]], pile=["8S"], turn=0)
    assert st.why_illegal(Play("9", 2)) and "hold" in st.why_illegal(Play("9", 2))
