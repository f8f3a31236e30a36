"""Rules as plain data: clause coverage, the three Lopti voices, and no sentence from the seeds."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

import lopti_nb
from lopti_nb.engine import UnknownGame
from lopti_nb.explainers import Section, UnknownVoice, rules, rules_markdown, steps, voices
from lopti_nb.explainers.reference import clause_ids, has_reference

CLAUSES = {
    "lopti": ["1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7"],
    "drowned-ledger": ["2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8"],
    "skull-king": ["3.1", "3.2", "3.3", "3.4", "3.5"],
}
# the seed texts beside the repository; LOPTI_NB_SEEDS names them for a checkout elsewhere
SEEDS = Path(os.environ.get("LOPTI_NB_SEEDS") or Path(__file__).resolve().parents[2].parent / "shared" / "seeds")


def _clauses(game: str) -> list[str]:
    """The clause ids of a game: its shipped reference's (which keeps at least the top-level
    ids of CLAUSES), or CLAUSES for a game that ships none yet."""
    if has_reference(game):
        ids = clause_ids(game)
        assert set(CLAUSES[game]) <= set(ids), f"{game}: the reference lost a clause"
        return ids
    return CLAUSES[game]


@pytest.mark.parametrize("game", sorted(CLAUSES))
def test_every_clause_is_taught_by_a_step(game):
    taught = {c for s in steps(game) if s.kind == "rule" for c in s.clauses}
    missing = [c for c in CLAUSES[game] if c not in taught]
    assert not missing, f"{game}: no step teaches {missing}"
    # and every step refers only to real clauses of its game
    assert taught <= set(_clauses(game))


@pytest.mark.parametrize("game", sorted(CLAUSES))
def test_rules_are_plain_data(game):
    sections = lopti_nb.rules(game)
    assert sections and all(isinstance(s, Section) for s in sections)
    for s in sections:
        title, text, clauses = s  # unpacks
        assert title and len(text) > 40 and clauses
        assert s.as_dict()["clauses"] == list(clauses)
    assert rules_markdown(game).startswith("# ")


def test_lopti_voices_cover_the_same_clauses():
    assert voices("lopti") == ("plain", "pirate", "comrade")
    # the steps' own texts (rules() gives the shipped reference, told plainly in every voice)
    by_voice = {v: [s.section() for s in steps("lopti", v) if s.kind == "rule"] for v in voices("lopti")}
    shapes = {v: [s.clauses for s in secs] for v, secs in by_voice.items()}
    assert shapes["plain"] == shapes["pirate"] == shapes["comrade"]
    assert {c for cl in shapes["plain"] for c in cl} == set(_clauses("lopti"))
    # the voices really are different texts
    for a, b in (("plain", "pirate"), ("plain", "comrade"), ("pirate", "comrade")):
        same = [x.title for x, y in zip(by_voice[a], by_voice[b]) if x.text == y.text]
        assert not same, f"{a} and {b} share the text of {same}"
    # and all three explainers exist, with the same steps
    keys = {v: [s.key for s in steps("lopti", v)] for v in voices("lopti")}
    assert keys["plain"] == keys["pirate"] == keys["comrade"]


def test_bad_voice_and_game_names():
    # the package's own errors (ValueError subclasses), so a notebook can catch them as one
    with pytest.raises(UnknownVoice, match="plain, pirate, comrade"):
        rules("lopti", voice="shanty")
    with pytest.raises(UnknownVoice, match="Voices: plain"):
        rules("skull-king", voice="pirate")
    with pytest.raises(UnknownGame, match="Games"):
        rules("poker")
    assert rules("Skull King") == rules("sk")


def _words(text: str) -> list[str]:
    text = text.lower().replace("\u2019", "'").replace("\u2018", "'")
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text)


def _ngrams(words: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def all_rule_texts() -> list[tuple[str, str]]:
    from lopti_nb.games.lopti.lessons_scenes import quiz_items

    out = []
    for game in CLAUSES:
        for voice in voices(game):
            for s in steps(game, voice):
                out.append((f"{game}/{voice}/{s.key}", s.title + ". " + s.text))
    for n, item in enumerate(quiz_items()):
        out.append((f"lopti/quiz/{n + 1}", item.question + " " + " / ".join(label for label, _ in item.options)))
    return out


def test_no_sentence_from_the_seeds():
    if not SEEDS.is_dir():
        pytest.skip(f"the seed texts are not at {SEEDS} (they live beside the repository in ../shared/seeds)")
    seed_grams: set[tuple[str, ...]] = set()
    for path in sorted(SEEDS.glob("*.txt")):
        # each sentence or fragment (split at sentence ends, line breaks and dashes) separately
        for fragment in re.split(r"[.!?\n\u2014\u2013;:]+", path.read_text(encoding="utf-8")):
            seed_grams |= _ngrams(_words(fragment), 6)
    assert len(seed_grams) > 1000
    copied = []
    for where, text in all_rule_texts():
        for gram in _ngrams(_words(text), 6):
            if gram in seed_grams:
                copied.append(f"{where}: {' '.join(gram)}")
    assert not copied, "rules texts repeat six or more words of a seed:\n" + "\n".join(copied)


NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6"}


def _numbers(text: str) -> set[str]:
    words = _words(text)
    return {NUMBER_WORDS.get(w, w) for w in words if w.isdigit() or w in NUMBER_WORDS}


def test_office_explanations_follow_the_office_table():
    """The explainer words each office itself; its numbers must match the game's table."""
    from lopti_nb.games.ledger.lessons import OFFICE_TEXT
    from lopti_nb.games.ledger.offices import OFFICES

    assert set(OFFICE_TEXT) == {o.name for o in OFFICES}
    for o in OFFICES:
        official = _numbers(o.duty + " " + o.privilege)
        mine = _numbers(OFFICE_TEXT[o.name])
        assert official <= mine, f"{o.name}: the table says {sorted(official)}, the explainer {sorted(mine)}"
