"""Rule explainers: each game taught step by step, on positions the engine builds and checks.

    >>> import lopti_nb
    >>> game = lopti_nb.game_names()[0]
    >>> sections = lopti_nb.rules(game)
    >>> all(s.title and s.clauses for s in sections)
    True
    >>> widget = lopti_nb.explain(game)   # a stepper widget for a notebook cell

``rules(game, voice)`` gives the rules as plain data (a list of :class:`Section`: title, text
and the rules-reference clauses covered); ``explain(game, voice, start)`` the interactive stepper;
``steps(game, voice)`` the steps themselves and ``voices(game)`` the voices a game's rules are
written in (``("plain",)`` for a game told in one voice). ``game`` is any
obvious spelling of an installed game's name; left out, it is the first game (in the plugins'
order) that has lessons.

This package is the lesson shell and knows no game. Each game's lessons live in its own
folder, in the module its plugin names (``get_spec(game).lessons``, loaded with
``spec.load("lessons")``), which gives ``VOICES`` (a tuple, ``("plain",)`` for a game told in
one voice) and ``steps(voice)``. Every position there is built by the game's own
constructors and every answer shown comes from the engine (``why_illegal``, the events of
``apply``, the game's rule functions); a lesson adds words around those answers (which rule
of the rules reference decided), never a verdict of its own.
"""
from __future__ import annotations

import numbers
from collections.abc import Iterator, Mapping
from typing import Any

from ..engine import GameSpec, SettingsError, all_specs, get_spec
from ..engine.settings import refuse_unknown_arguments, shown
from .lessons import lessons_of, steps, voices
from .core import (
    Choice, NoLessons, Observer, Scene, Section, Step, UnknownStep, UnknownVoice, Verdict, check_voice,
)


class _Titles(Mapping):
    """Canonical name -> title of every installed game that has lessons, read from the
    plugins when asked (so a game installed later is listed too)."""

    def _titles(self) -> dict[str, str]:
        return {s.name: s.title for s in all_specs() if s.lessons is not None}

    def __getitem__(self, name: str) -> str:
        return self._titles()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._titles())

    def __len__(self) -> int:
        return len(self._titles())

    def __repr__(self) -> str:
        return f"TITLES({self._titles()!r})"


TITLES: Mapping[str, str] = _Titles()


@refuse_unknown_arguments
@refuse_unknown_arguments
def rules(game: str | None = None, voice: str = "plain") -> list[Section]:
    """The rules of ``game`` as a list of :class:`Section` (title, text, clauses).

    A game that ships a rules reference (``GameSpec.reference``) gives its clauses, one section
    each, whatever the voice (the reference is told plainly), lessons or not; a game without
    one gives its lesson steps' texts in ``voice``."""
    if game is not None:
        spec = get_spec(game)
        if spec.lessons is None and spec.reference is not None:
            # a game with a reference and no lessons (a third-party game's first step): its
            # reference is told plainly, so "plain" is its one voice
            check_voice(voice, ("plain",), spec.title)
            return _reference_sections(spec)
    spec, module = lessons_of(game)
    check_voice(voice, tuple(module.VOICES), spec.title)
    if spec.reference is not None:
        return _reference_sections(spec)
    return [s.section() for s in steps(game, voice) if s.kind == "rule"]


def _reference_sections(spec: GameSpec) -> list[Section]:
    """One :class:`Section` per clause of the game's shipped rules reference."""
    from .reference import reference

    return [Section(c.title, c.text, (c.id,)) for c in reference(spec.name)]


@refuse_unknown_arguments
def rules_markdown(game: str | None = None, voice: str = "plain") -> str:
    """The rules as one Markdown document."""
    sections = rules(game, voice)
    title = get_spec(game).title if game is not None else lessons_of(None)[0].title
    head = f"# {title}\n\n"
    return head + "\n".join(s.markdown() for s in sections)


def _start_index(title: str, all_steps: list[Step], start: Any) -> int:
    """The step to show first, from its key or its 0-based number."""
    keys = [s.key for s in all_steps]
    if isinstance(start, str):
        if start not in keys:
            # a long lesson list is cut short: the refusal stays one readable sentence
            listed = ", ".join(keys[:12]) + (f" ... ({len(keys)} steps; see steps())" if len(keys) > 12 else "")
            raise UnknownStep(f"Unknown step {shown(start)} for {title}. Steps: {listed}.")
        return keys.index(start)
    if isinstance(start, bool) or not isinstance(start, numbers.Integral) \
            or not 0 <= start < len(keys):
        raise UnknownStep(f"A step of {title} is named by its key or its number 0-{len(keys) - 1}, "
                          f"not {shown(start)}.")
    return int(start)


@refuse_unknown_arguments
def explain(game: str | None = None, voice: str = "plain", start: int | str = 0):
    """The step-by-step explainer widget for ``game`` (an ``ipywidgets.VBox``).

    ``start`` is the step shown first: its 0-based number or its key (``"seven"``,
    ``"mermaid"``, ``"reckoning"``...; see ``steps(game)``). ``explainer.follow(observer)``
    tells an :class:`Observer` (such as a class's :class:`lopti_nb.classroom.Student`) each
    step reached and each quiz question's first answer. Unknown games, voices or steps,
    and unexpected arguments, raise a ``ValueError`` subclass naming the valid ones."""
    spec, module = lessons_of(game)
    all_steps = steps(spec.name, voice)
    index = _start_index(spec.title, all_steps, start)
    from .widget import Explainer  # ipywidgets only when a widget is asked for

    told = f" ({voice} voice)" if len(module.VOICES) > 1 else ""
    title = f"{spec.title}: the rules, step by step{told}"
    return Explainer(spec.name, title, all_steps, voice=voice, start=index)


__all__ = ["rules", "rules_markdown", "explain", "steps", "voices", "Section", "Step", "Scene",
           "Verdict", "Choice", "Observer", "TITLES", "UnknownVoice", "UnknownStep", "NoLessons"]
