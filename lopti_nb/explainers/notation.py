"""Python notation where a learner reads prose: the check every lesson's words pass.

A lesson is read by people who may never have seen Python, so what it shows (step titles and
texts, the drawn position, the choices, every verdict's headline, reason and events, every quiz
question with its answers and reason) must not show braces, tuple or list brackets, ``True``/``False``/``None``, ``//``,
comparison operators, dotted or snake_case internal names, calls like ``f()``, or card codes
such as ``8S`` where a person expects ``8♠``.

    >>> python_notation("Take the pile (3 cards): the 8♠ is too low.")
    []
    >>> python_notation("still open: True, pile {'8S': 2}")[:2]
    ['True/False/None', 'braces']

:func:`learner_texts` gathers everything a game's explainer shows, step by step and in a voice,
trying every choice of every step on a fresh scene, so a test can scan it all.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any, Iterator

# (what a person would call it, the pattern that finds it)
PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("True/False/None", re.compile(r"\b(?:True|False)\b|\bNone\b(?!\s+(?:of|at|the|is|can|may|has|are|was|will)\b)")),
    ("braces", re.compile(r"[{}]")),
    ("list or tuple brackets", re.compile(r"\[\s*[(\['\"\d-]|\(\s*['\"]|\(\s*-?\d+\s*,\s*-?\d+\s*[,)]")),
    ("integer division //", re.compile(r"(?<!:)//")),
    ("comparison operator", re.compile(r"==|!=")),
    ("dotted internal name", re.compile(r"\b(?!(?:e\.g|i\.e|etc)\b)[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]+\b")),
    ("snake_case name", re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")),
    ("function call", re.compile(r"\b[A-Za-z_]\w*\(\)")),
    ("card code instead of a symbol", re.compile(r"\b(?:10|[2-9AKQJ])[SHDC]\b")),
)


def python_notation(text: str) -> list[str]:
    """The kinds of Python notation found in ``text`` (empty when it reads as prose)."""
    return [name for name, pattern in PATTERNS if pattern.search(text)]


class _Text(HTMLParser):
    """The words a person sees (and hears from a screen reader) in an HTML fragment."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._skip += 1
        for name, value in attrs:
            if name in ("title", "aria-label", "alt") and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def visible_text(html: str) -> str:
    """The text of an HTML fragment, tags and styles left out, tooltips and labels kept."""
    parser = _Text()
    parser.feed(html or "")
    parser.close()
    return " ".join(p.strip() for p in parser.parts if p.strip())


def learner_texts(game: str | None = None, voice: str = "plain") -> Iterator[tuple[str, str]]:
    """Every text a learner meets in ``game``'s explainer in ``voice``, as ``(where, text)``.

    Each choice of each step is tried on a scene of its own (built afresh), so the verdicts are
    the ones a learner gets as the first thing they try."""
    from . import steps
    from .quiz import QuizScene

    for step in steps(game, voice):
        where = f"{step.key}"
        yield f"{where} title", step.title
        yield f"{where} text", visible_text(step.text)
        scene = step.make_scene()
        yield f"{where} prompt", scene.prompt
        yield f"{where} position", visible_text(scene.draw())
        for choice in scene.choices():
            yield f"{where} choice", choice.label
            fresh = step.make_scene()
            verdict = fresh.attempt(choice.key)
            at = f"{where} verdict on {choice.label!r}"
            yield f"{at} headline", verdict.headline
            yield f"{at} reason", verdict.reason
            for event in verdict.events:
                yield f"{at} event", event
            yield f"{at} after", visible_text(verdict.after)
        if isinstance(scene, QuizScene):
            # every question of a quiz, not only the first one a fresh scene shows
            for n, item in enumerate(scene.items, 1):
                yield f"{where} question {n}", item.question
                yield f"{where} question {n} picture", visible_text(scene.picture(item))
                for label, _ in item.options:
                    yield f"{where} question {n} choice", label
                yield f"{where} question {n} reason", scene.cite(item.explain(), item.clauses)


def notation_found(game: str | None = None, voice: str = "plain") -> list[str]:
    """One line per learner-visible text of ``game`` that shows Python notation (empty: none).

    Tests assert this is empty for every game and voice."""
    found = []
    for where, text in learner_texts(game, voice):
        kinds = python_notation(text)
        if kinds:
            found.append(f"{where}: {', '.join(kinds)}: {text[:160]!r}")
    return found


def _example() -> Any:  # pragma: no cover - keeps doctest discovery simple
    return None
