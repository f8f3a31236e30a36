"""Rule explainers: each game taught step by step, on positions the engine builds and checks.

    >>> import lopti_nb
    >>> sections = lopti_nb.rules("lopti", voice="pirate")
    >>> sections[0].clauses
    ('1.1',)
    >>> widget = lopti_nb.explain("skull-king")   # a stepper widget for a notebook cell

``rules(game, voice)`` gives the rules as plain data (a list of :class:`Section`: title, text
and the RULINGS clauses covered); ``explain(game, voice)`` the interactive stepper. Lopti
speaks in three voices (``"plain"``, ``"pirate"``, ``"comrade"``); the other games in
``"plain"``. ``steps(game, voice)`` lists the steps themselves.

Every position is built by the game's own constructors (``LoptiState.from_position``,
``SkullKingState.set_hands`` and real bids and plays, ``LedgerState`` with
``games.ledger.testing.rig``, a real Lopti ``Session``) and every answer shown comes from the
engine: ``why_illegal`` and the events of ``apply``, ``judge``, ``trick_winner`` /
``next_leader`` / ``trick_bonus`` / ``score_round``, ``risk.catch_probability``, the session's
own refusals. The explainer adds words around those answers (which rule of RULINGS decided),
never a verdict of its own.

Choices made here: a quiz counts only a learner's first answer to each question; the Drowned
Ledger's live catch probability is computed from the wreck deck as it stands (a Bell Diver's
privilege makes the real risk a little lower, and the panel says so); Skull King lessons put
the learner last to play so that every choice finishes the trick.
"""
from __future__ import annotations

from ..engine import canonical_game
from .core import Choice, Scene, Section, Step, Verdict

TITLES = {"lopti": "Lopti", "skull-king": "Skull King", "drowned-ledger": "The Drowned Ledger"}


def voices(game: str = "lopti") -> tuple[str, ...]:
    """The voices a game's rules are written in."""
    if canonical_game(game) == "lopti":
        from .lopti_texts import VOICES
        return VOICES
    return ("plain",)


def _check_voice(name: str, voice: str) -> None:
    valid = voices(name)
    if voice not in valid:
        raise ValueError(f"Unknown voice {voice!r} for {TITLES[name]}. Voices: {', '.join(valid)}.")


def steps(game: str = "lopti", voice: str = "plain") -> list[Step]:
    """The explainer's steps for ``game`` (each with title, text, clauses and a scene maker)."""
    name = canonical_game(game)
    _check_voice(name, voice)
    if name == "lopti":
        from .lopti_steps import steps as make
        return make(voice)
    if name == "skull-king":
        from .skullking_steps import steps as make
        return make()
    from .ledger_steps import steps as make
    return make()


def rules(game: str = "lopti", voice: str = "plain") -> list[Section]:
    """The rules of ``game`` as a list of :class:`Section` (title, text, clauses)."""
    return [s.section() for s in steps(game, voice) if s.kind == "rule"]


def rules_markdown(game: str = "lopti", voice: str = "plain") -> str:
    """The rules as one Markdown document."""
    name = canonical_game(game)
    head = f"# {TITLES[name]}\n\n"
    return head + "\n".join(s.markdown() for s in rules(name, voice))


def explain(game: str = "lopti", voice: str = "plain", start: int | str = 0, **kwargs):
    """The step-by-step explainer widget for ``game`` (an ``ipywidgets.VBox``).

    ``start`` is the step shown first: its 0-based number or its key (``"seven"``,
    ``"mermaid"``, ``"reckoning"``...; see ``steps(game)``). Unknown games, voices or steps
    raise a ``ValueError`` naming the valid ones."""
    if kwargs:
        raise TypeError(f"explain() got unexpected argument(s) {', '.join(sorted(kwargs))}")
    name = canonical_game(game)
    from .widget import Explainer
    all_steps = steps(name, voice)
    if isinstance(start, str):
        keys = [s.key for s in all_steps]
        if start not in keys:
            raise ValueError(f"Unknown step {start!r} for {TITLES[name]}. Steps: {', '.join(keys)}.")
        start = keys.index(start)
    title = f"{TITLES[name]}: the rules, step by step" + (f" ({voice} voice)" if name == "lopti" else "")
    return Explainer(name, title, all_steps, voice=voice, start=start)


__all__ = ["rules", "rules_markdown", "explain", "steps", "voices", "Section", "Step", "Scene",
           "Verdict", "Choice", "TITLES"]
