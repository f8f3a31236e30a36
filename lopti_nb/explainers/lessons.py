"""A game's lessons, from its plugin: the lessons module (``SPEC.lessons``), the voices it is
written in and its steps. The lesson shell (:mod:`lopti_nb.explainers`) and the rules
reference's coverage (:mod:`.reference`) both build on this module.
"""
from __future__ import annotations

from typing import Any

from ..engine import GameSpec, all_specs, get_spec
from ..engine.settings import refuse_unknown_arguments
from .core import NoLessons, Step, check_voice


def lessons_of(game: Any) -> tuple[GameSpec, Any]:
    """The game's plugin and its lessons module (``UnknownGame`` for an unknown name).

    ``game=None`` means the first installed game that has lessons, in the plugins' order, so
    the shell's defaults name no game."""
    if game is None:
        taught = [s for s in all_specs() if s.lessons is not None]
        if not taught:
            raise NoLessons("No installed game has lessons.")
        game = taught[0].name
    spec = get_spec(game)
    module = spec.load("lessons")
    if module is None:
        raise NoLessons(f"{spec.title} has no lessons yet.")
    return spec, module


def voices(game: str | None = None) -> tuple[str, ...]:
    """The voices a game's rules are written in (its lessons module's ``VOICES``)."""
    return tuple(lessons_of(game)[1].VOICES)


@refuse_unknown_arguments
def steps(game: str | None = None, voice: str = "plain") -> list[Step]:
    """The explainer's steps for ``game`` (each with title, text, clauses and a scene maker)."""
    spec, module = lessons_of(game)
    check_voice(voice, tuple(module.VOICES), spec.title)
    return module.steps(voice)


__all__ = ["lessons_of", "voices", "steps"]
