"""Every clause of a rules reference that the package cites ("rules reference §2.4", "§1.2-1.4")
exists in the reference of the game that cites it, and a design target is never credited to a
clause that does not state it."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lopti_nb.explainers.reference import reference

ROOT = Path(__file__).resolve().parents[2]
GAME_OF_FOLDER = {"lopti": "lopti", "ledger": "drowned-ledger", "skullking": "skull-king"}
GAME_OF_NOTEBOOK = {"lopti_analysis": "lopti", "ledger_strategies": "drowned-ledger",
                    "reckoning_risk": "drowned-ledger", "skullking_scoring": "skull-king"}
CITE = re.compile(r"§(\d+(?:\.\d+)*)(?:\s*[-–]\s*(\d+(?:\.\d+)*))?")


def clause_ids(game: str) -> set[str]:
    return {c.id for c in reference(game)}


def exists(cid: str, ids: set[str]) -> bool:
    """A clause id, or a whole section whose clauses start with it (``§2`` for ``2.1``...)."""
    return cid in ids or any(i.startswith(cid + ".") for i in ids)


def cited_texts():
    """(where, game, text) for every game module and every notebook cell."""
    for folder, game in GAME_OF_FOLDER.items():
        for path in sorted((ROOT / "lopti_nb" / "games" / folder).glob("*.py")):
            yield str(path.relative_to(ROOT)), game, path.read_text(encoding="utf-8")
    for name, game in GAME_OF_NOTEBOOK.items():
        cells = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())["cells"]
        yield f"notebooks/{name}.ipynb", game, "\n".join("".join(c["source"]) for c in cells)


CITATIONS = [(where, game, m.group(1), m.group(2)) for where, game, text in cited_texts()
             for m in CITE.finditer(text)]


def test_citations_are_found():
    # the scan itself finds the package's citations (a broken pattern would pass everything)
    assert len(CITATIONS) >= 10
    assert {"lopti", "drowned-ledger", "skull-king"} <= {game for _, game, _, _ in CITATIONS}


@pytest.mark.parametrize("where,game,first,last", CITATIONS,
                         ids=[f"{w}:§{a}{'-' + b if b else ''}" for w, _, a, b in CITATIONS])
def test_every_cited_clause_exists_in_that_games_reference(where, game, first, last):
    ids = clause_ids(game)
    assert exists(first, ids), f"{where} cites §{first}, which {game}'s rules reference does not have"
    if last:
        end = last if "." in last or "." not in first else first.rsplit(".", 1)[0] + "." + last
        assert exists(end, ids), f"{where} cites §{first}-{last}, which ends outside {game}'s reference"


def test_a_design_target_cites_only_a_clause_that_states_it():
    # the offices' win-rate target is the project's, not a rule: no clause may be credited with it
    text = {c.id: c.text for c in reference("drowned-ledger")}
    for where, game, body in cited_texts():
        for sentence in re.split(r"(?<=[.:])\s", body):
            if "design target" in sentence:
                for m in CITE.finditer(sentence):
                    assert "third" in text.get(m.group(1), ""), (where, sentence)
