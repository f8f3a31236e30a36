"""Skull King's lessons read like a lesson: the words a learner meets carry no Python, cite the
rules reference that ships with the package, cover every clause on an engine-checked position,
count seats from 1, and give every move the rule that decided it."""
from __future__ import annotations

import html
import os
import re
from pathlib import Path

import ipywidgets as W
import pytest

from lopti_nb.engine import seat_word

import lopti_nb
from lopti_nb.engine import get_spec
from lopti_nb.explainers import steps, voices
from lopti_nb.explainers.notation import learner_texts, notation_found, python_notation, visible_text
from lopti_nb.explainers.reference import clause_coverage, clause_ids, reference, reference_markdown, unknown_citations
from lopti_nb.games.skullking import Play, legal_cards, trick_winner
from lopti_nb.games.skullking.cards import CARDS, NAME, SUITS
from lopti_nb.games.skullking.lessons import (
    SANDBOX_CARDS, DealScene, EditionScene, LootScene, ScoreScene, TrickSandbox, TrickScene,
)
from lopti_nb.widgets.testing import visible_widgets

GAME = "skull-king"
# the seed texts beside the repository; LOPTI_NB_SEEDS names them for a checkout elsewhere
SEEDS = Path(os.environ.get("LOPTI_NB_SEEDS") or Path(__file__).resolve().parents[2].parent / "shared" / "seeds")


def _step(key: str):
    return next(s for s in steps(GAME) if s.key == key)


# -- notation, citations, coverage --------------------------------------------------------------
@pytest.mark.parametrize("voice", voices(GAME))
def test_no_python_notation_in_any_learner_text(voice):
    assert notation_found(GAME, voice) == []


@pytest.mark.parametrize("voice", voices(GAME))
def test_steps_cite_only_clauses_of_the_shipped_reference(voice):
    assert unknown_citations(GAME, voice) == []


@pytest.mark.parametrize("voice", voices(GAME))
def test_every_clause_is_taught_on_an_engine_checked_position(voice):
    cover = clause_coverage(GAME, voice)
    by_key = {s.key: s for s in steps(GAME, voice)}
    print(f"\nSkull King clause coverage ({voice} voice):")
    for cid, keys in cover.items():
        print(f"  {cid:6} -> {', '.join(keys)}")
    for cid, keys in cover.items():
        checked = []
        for key in keys:
            scene = by_key[key].make_scene()
            scene.check()  # raises AssertionError if the position is not the engine's
            if type(scene).check is not TrickSandbox.check:  # a sandbox checks nothing
                checked.append(key)
        assert checked, f"clause {cid} is taught by no step on a checked position"


def test_3_the_reference_ships_with_the_package_and_keeps_the_rulings_ids():
    assert get_spec(GAME).reference == "lopti_nb.games.skullking:reference.md"
    assert clause_ids(GAME) == ["3.1", "3.2", "3.3", "3.4", "3.5"]
    sections = lopti_nb.rules(GAME)
    assert [s.clauses for s in sections] == [(c.id,) for c in reference(GAME)]
    text = reference_markdown(GAME)
    assert "RULINGS" not in text and "../" not in text and "shared" not in text
    # the reference states the corrected lead rule
    rule_3_2 = next(c for c in reference(GAME) if c.id == "3.2").text
    assert "Escapes pass the choice on" in rule_3_2 and "the whole trick is free" in rule_3_2


def _words(text):
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower().replace("\u2019", "'"))


def test_reference_and_lessons_repeat_no_seed_sentence():
    if not SEEDS.is_dir():
        pytest.skip("the seed texts are not beside the repository")
    grams = set()
    for path in SEEDS.glob("*.txt"):
        for fragment in re.split(r"[.!?\n\u2014\u2013;:]+", path.read_text(encoding="utf-8")):
            w = _words(fragment)
            grams |= {tuple(w[i:i + 6]) for i in range(len(w) - 5)}
    texts = [("reference", reference_markdown(GAME))] + list(learner_texts(GAME))
    copied = []
    for where, text in texts:
        for fragment in re.split(r"[.!?\n\u2014\u2013;:]+", text):
            w = _words(fragment)
            copied += [f"{where}: {' '.join(w[i:i + 6])}" for i in range(len(w) - 5)
                       if tuple(w[i:i + 6]) in grams]
    assert not copied, copied


# -- seats and names ------------------------------------------------------------------------------
def test_seats_are_counted_from_one_in_every_learner_text():
    for where, text in learner_texts(GAME):
        assert not re.search(r"\b[Ss]eat 0\b", text), (where, text)
        assert "(s)" not in text, (where, text)  # plurals are written out


def test_the_learner_is_you_and_the_others_are_seats_from_one():
    scene = _step("mermaid").make_scene()  # Pirate, Skull King, then you
    position = visible_text(scene.draw())
    pirate, king = seat_word(scene.first), seat_word((scene.first + 1) % 3)
    assert pirate in position and king in position and f"you are {seat_word(scene.you)}" in position
    assert scene.you == (scene.first + 2) % 3 and "Seat 0" not in position
    v = scene.attempt("mermaid")
    assert v.headline == "play a Mermaid: you win with a Mermaid (bonus 50)"
    assert v.events == ["You play a Mermaid.", "You take trick 1 with a Mermaid, capturing a bonus of 50."]
    v = scene.attempt("G6")
    assert f"{king} wins with the Skull King" in v.headline


def test_illegal_plays_name_the_cards_in_words():
    scene = _step("follow").make_scene()
    v = scene.attempt("P12")
    assert v.legal is False
    assert v.reason.startswith("You must follow yellow or play a special card: you hold yellow 3.")


# -- the lead rule (3.2), taught on engine positions ------------------------------------------------
def test_3_2_escape_then_pirate_step_lets_you_play_any_card():
    step = _step("free_lead")
    assert "3.2" in step.clauses and "Escape passed it to the Pirate" in step.text
    scene = step.make_scene()
    scene.check()
    assert scene.played == ["escape", "pirate", "Y4"]
    st = scene.state
    # the engine agrees: the trick is free although you hold yellow
    assert st.observation(st.current_player)["suit_free"]
    assert legal_cards(scene.hand, scene.played) == scene.hand
    assert "suit-free" in visible_text(scene.draw())
    for choice in scene.choices():
        v = step.make_scene().attempt(choice.key)
        assert v.legal is True
        assert v.reason.startswith("A Pirate made this trick suit-free, so any card may be played")
        assert f"{seat_word((scene.first + 1) % 4)} wins with a Pirate" in v.headline


def test_3_2_escape_lead_step_passes_the_suit_to_the_next_number():
    step = _step("escape_lead")
    scene = step.make_scene()
    assert scene.state.led == "G"
    assert scene.attempt("G2").legal is True
    assert scene.attempt("G2").reason.startswith("Green is the suit to follow")
    v = scene.attempt("Y9")
    assert v.legal is False and "you hold green 2" in v.reason


# -- every move gets its reason; verdict kinds -----------------------------------------------------
def test_every_verdict_gives_a_reason_and_the_right_kind():
    for step in steps(GAME):
        scene = step.make_scene()
        for choice in scene.choices():
            v = step.make_scene().attempt(choice.key)
            assert v.reason and "engine accepts" not in v.reason, (step.key, choice.label)
            if isinstance(scene, TrickScene):
                st = scene.build()
                assert v.legal is (st.why_illegal(Play(choice.key)) is None), (step.key, choice.label)
            elif isinstance(scene, (DealScene, ScoreScene, LootScene, EditionScene)):
                # outcomes (cards dealt, points, bonuses) are not legality questions
                assert v.legal is None, (step.key, choice.label)


def test_legal_plays_say_why_they_are_allowed():
    cases = {  # step key, card -> the start of the reason
        ("follow", "Y3"): "Yellow is the suit to follow, and this card follows it.",
        ("pirates", "pirate"): "A Pirate is a special card, and a special card may always be played.",
        ("escapes", "tigress:escape"): "The Tigress, like every special card, may always be played",
        ("black", "G9"): "A player who holds no purple, the suit to follow, may play any card.",
        ("escapes", "G2"): "Only escape-like cards were played before, so no suit is set",
    }
    for (key, card), start in cases.items():
        v = _step(key).make_scene().attempt(card)
        assert v.legal is True and v.reason.startswith(start), (key, card, v.reason)


# -- scoring and dealing texts ----------------------------------------------------------------------
def test_3_4_every_scoring_example_can_happen():
    for step in steps(GAME):
        scene = step.make_scene()
        if isinstance(scene, ScoreScene):
            scene.check()
            for dealt, bid, won, bonus in scene.cases:
                assert won > 0 or bonus == 0  # no trick taken: nothing captured
            assert "score_round" not in scene.prompt and "(" not in scene.prompt


def test_3_4_cannonball_bonus_examples_are_real():
    scene = _step("cannonball").make_scene()
    labels = [c.label for c in scene.choices()]
    assert "4 cards dealt, bid 0, took 0" in labels
    assert not any("took 0, bonus" in label for label in labels)
    v = scene.attempt((4, 2, 3, 20))
    assert v.headline == "+0 points" and "bonus of 20 is lost" in v.reason


def test_3_1_the_cap_is_explained_in_words_not_division():
    scene = _step("deal").make_scene()
    v = scene.attempt(8)
    assert v.headline == "cards per round: 1, 2, 3, 4, 5, 6, 7, 8, 9, 9"
    assert "at most 9 each (2 cards left over)" in v.reason and "So round 10 deals only 9." in v.reason
    assert "Seat 8 deals round 1, and Seat 1" in v.reason
    v = scene.attempt((8, False))
    assert "So rounds 9 and 10 deal only 8 each." in v.reason
    assert "//" not in v.reason


def test_3_5_loot_step_names_you_and_the_alliance():
    scene = _step("loot").make_scene()
    v = scene.attempt((0, 1))
    assert v.headline == "round points: you +30, Seat 2 +40 (the alliance pays +20 each)"
    assert "Seat 2 takes trick 1 with yellow 5. Your Loot makes an alliance with Seat 2." in v.events
    v = scene.attempt((1, 1))
    assert "and you missed" in v.reason


def test_3_5_the_edition_step_shows_a_pirate_after_the_king_paid_only_in_2021():
    scene = _step("edition").make_scene()
    table, later = scene.attempt((3, "table")), scene.attempt((3, "2021"))
    assert table.data["bonus"] == 10 and later.data["bonus"] == 40
    assert "nothing for the pirate played after him" in table.reason
    assert "captures 1 pirate: +30" in later.reason


# -- the sandbox, driven through its own controls ----------------------------------------------------
def test_sandbox_cards_run_by_suit_then_number():
    numbers = [c for c in SANDBOX_CARDS if CARDS[c].is_number]
    assert numbers == [f"{s}{r}" for s in SUITS for r in range(1, 15)]
    assert SANDBOX_CARDS[:len(numbers)] == numbers  # the specials come after the numbers


def _button(root, description):
    for w in visible_widgets(root):
        if isinstance(w, W.Button) and w.description == description and not w.disabled:
            return w
    raise AssertionError(f"no enabled, visible button {description!r}")


def _dropdown(root, description):
    return next(w for w in visible_widgets(root) if isinstance(w, W.Dropdown)
                and w.description == description and not w.disabled)


def test_sandbox_shows_cards_in_words_and_seats_from_one():
    e = lopti_nb.explain(GAME, start="sandbox")
    pick = _dropdown(e, "Card:")
    labels = [label for label, _ in pick.options]
    assert labels[:3] == ["yellow 1", "yellow 2", "yellow 3"]
    assert labels[14] == "purple 1" and labels[55] == "black 14"
    seen = []
    for card in ["escape", "pirate", "Y14", "skull-king", "mermaid"]:
        pick.value = card
        _button(e, "Lay this card").click()
        seen.append(html.unescape(e.verdict.value))
        seen.append(visible_text(e.position.value))
    verdict = e.last_verdict
    assert verdict.legal is None  # who takes a trick is an outcome
    w = trick_winner(["escape", "pirate", "Y14", "skull-king", "mermaid"])
    assert f"Seat {w + 1} wins with a Mermaid" in verdict.headline
    pick.value = "skull-king"  # the deck holds one
    _button(e, "Lay this card").click()
    assert e.last_verdict.legal is False and "only one" in e.last_verdict.reason
    _button(e, "Take back the last card").click()
    seen.append(html.unescape(e.verdict.value))
    texts = labels + [visible_text(t) for t in seen] + [e.prompt.value if hasattr(e.prompt, "value") else ""]
    for text in texts:
        assert python_notation(text) == [], text
        assert not re.search(r"\b[Ss]eat 0\b", text), text
    assert all(NAME[c] in labels for c in ("Y7", "tigress:pirate", "white-whale"))
    _button(e, "Start a new trick").click()
    assert "Lay the first card." in visible_text(e.position.value)
