"""Each game's rules reference: a Markdown document shipped inside the game's folder.

The reference is the package's own statement of a game's rules, one clause per ``##``
heading, each heading starting with the clause's id (``## 1.2 Is a play legal?``); the lines
before the first clause are the document's introduction. A game's plugin names it in
``GameSpec.reference`` as ``"package:file"`` (read with :mod:`importlib.resources`, so it
ships in the wheel). Lesson steps cite these ids in ``Step.clauses``;
:func:`clause_coverage` says which steps teach each clause.

    >>> import lopti_nb
    >>> from lopti_nb.explainers.reference import has_reference, reference
    >>> games = [g for g in lopti_nb.game_names() if has_reference(g)]
    >>> all(clause.id and clause.title for g in games for clause in reference(g))
    True
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..engine import LoptiNbError, get_spec
from .lessons import steps

_HEADING = re.compile(r"^##\s+(\d+(?:\.\d+)+[a-z]?)\s+(.+?)\s*$")


class NoReference(LoptiNbError):
    """A game whose plugin ships no rules reference."""


@dataclass(frozen=True)
class Clause:
    """One clause of a rules reference: its id (``"1.2"``), title and text (Markdown)."""

    id: str
    title: str
    text: str


def has_reference(game: Any) -> bool:
    """Whether ``game``'s plugin ships a rules reference."""
    return get_spec(game).reference is not None


def reference_markdown(game: Any) -> str:
    """The whole rules reference of ``game``, as the Markdown file that ships with it."""
    spec = get_spec(game)
    if spec.reference is None:
        raise NoReference(f"{spec.title} ships no rules reference.")
    package, _, name = spec.reference.partition(":")
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def parse_reference(markdown: str) -> tuple[str, list[Clause]]:
    """``(introduction, clauses)`` of a reference document (see the module's docstring)."""
    intro: list[str] = []
    clauses: list[tuple[str, str, list[str]]] = []
    for line in markdown.splitlines():
        match = _HEADING.match(line)
        if match:
            clauses.append((match.group(1), match.group(2), []))
        elif clauses:
            clauses[-1][2].append(line)
        else:
            intro.append(line)
    seen: set[str] = set()
    out = []
    for cid, title, body in clauses:
        if cid in seen:
            raise ValueError(f"clause {cid} appears twice in the reference")
        seen.add(cid)
        out.append(Clause(cid, title, "\n".join(body).strip()))
    return "\n".join(intro).strip(), out


def reference(game: Any) -> list[Clause]:
    """The clauses of ``game``'s rules reference, in the document's order."""
    return parse_reference(reference_markdown(game))[1]


def clause_ids(game: Any) -> list[str]:
    """Every clause id of ``game``'s reference, in order."""
    return [c.id for c in reference(game)]


def clause_coverage(game: Any, voice: str = "plain") -> dict[str, list[str]]:
    """Clause id -> keys of the lesson steps that teach it (every clause of the reference is a
    key; a clause no step teaches maps to ``[]``). A step teaches a clause it cites in
    ``Step.clauses`` and every clause that contains a cited one (citing ``1.7.2`` teaches
    ``1.7`` too), but never a sub-clause it does not cite: a step citing ``1.7`` does not teach
    ``1.7.2``, so the table shows which finer clauses a step really takes up."""
    ids = clause_ids(game)
    cover: dict[str, list[str]] = {cid: [] for cid in ids}
    for step in steps(game, voice):
        for cited in step.clauses:
            for cid in ids:
                if cid == cited or cited.startswith(cid + "."):
                    if step.key not in cover[cid]:
                        cover[cid].append(step.key)
    return cover


def unknown_citations(game: Any, voice: str = "plain") -> list[str]:
    """``"step: clause"`` for every clause a lesson step cites that the reference lacks."""
    ids = set(clause_ids(game))
    return [f"{s.key}: {c}" for s in steps(game, voice) for c in s.clauses if c not in ids]
