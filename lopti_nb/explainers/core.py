"""The pieces every explainer shares: rule sections as plain data, steps, scenes and verdicts.

A *step* teaches one rule. It has a title and a short text (in the chosen voice, where a
game's lessons have several), the rules-reference clauses it covers, and a *scene*: a real position
built by the game's own engine (its constructors and position helpers) together with the
moves a learner may try on it. Every answer a scene gives comes from the engine:
``why_illegal``, ``apply`` and the events it records, the game's rule functions and so on.
Nothing in a scene is a hand-written verdict.

A game's lessons live in its own folder (``lopti_nb.games.<game>.lessons``, named by its
plugin's ``lessons`` field) and build their steps from the classes here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from lopti_nb.engine import IllegalAction, LoptiNbError
from lopti_nb.engine.settings import shown
from lopti_nb.text import esc  # noqa: F401 (the package's one escaping helper; lessons import it from here)


class UnknownVoice(LoptiNbError):
    """A voice that a game's lessons are not written in."""


class UnknownStep(LoptiNbError):
    """A step (by key or number) that is not one of a game's lessons."""


class NoLessons(LoptiNbError):
    """A game whose plugin declares no lessons."""


def check_voice(voice: Any, voices: Sequence[str], title: str) -> str:
    """``voice`` if it is one of ``voices``; otherwise :class:`UnknownVoice` naming them.

    Every lessons module calls this in its ``steps(voice)``, so a direct caller gets the same
    refusal as the lesson shell."""
    if not isinstance(voice, str) or voice not in voices:
        raise UnknownVoice(f"Unknown voice {shown(voice)} for {title}. Voices: {', '.join(voices)}.")
    return voice


@dataclass(frozen=True)
class Section:
    """One section of a game's rules as plain data.

    ``title`` and ``text`` are prose; ``clauses`` are the ids of the rules-reference clauses
    (shipped with each game, see :mod:`lopti_nb.explainers.reference`) the section teaches (``"1.2"``, ``"3.3"``...). A section unpacks as ``title, text, clauses``.
    """

    title: str
    text: str
    clauses: tuple[str, ...] = ()

    def __iter__(self) -> Iterator[Any]:
        return iter((self.title, self.text, self.clauses))

    def as_dict(self) -> dict[str, Any]:
        return {"title": self.title, "text": self.text, "clauses": list(self.clauses)}

    def markdown(self) -> str:
        cited = ", ".join("\u00a7" + c for c in self.clauses)
        tag = f" *(rules reference {cited})*" if self.clauses else ""
        return f"### {self.title}\n\n{self.text}{tag}\n"


@dataclass
class Verdict:
    """What the engine said about one tried move.

    ``legal`` is ``True``/``False`` for a move that the rules allow or forbid, or ``None``
    for an outcome that is not a legality question (who wins a trick, what a bid scores).
    ``headline`` is a short phrase, ``reason`` the rule's reason in the engine's words,
    ``events`` the engine's event log of what happened, ``after`` optional HTML of the
    position afterwards, and ``data`` the raw engine values (for tests).
    """

    legal: bool | None
    headline: str
    reason: str = ""
    events: list[str] = field(default_factory=list)
    after: str = ""
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Choice:
    """A move a learner may try: a button label and the scene's key for it."""

    label: str
    key: Any


class Scene:
    """A position and the moves to try on it. Subclasses build the position with the engine.

    ``progressive`` scenes keep a legal move's result (the learner plays on, as in a dive);
    the others show what a move would do and leave the position as it was.
    """

    progressive = False
    prompt = "Try a move:"

    def __init__(self) -> None:
        self.notify: Callable[[Verdict | None], None] = lambda verdict=None: None
        self.reset()

    def reset(self) -> None:
        """Build the position afresh (engine constructors only)."""

    def draw(self) -> str:
        """The position as HTML (SVG cards)."""
        return ""

    def choices(self) -> list[Choice]:
        return []

    def attempt(self, key: Any) -> Verdict:
        """The verdict on trying choice ``key``. A scene without choices (a sandbox driven by
        its own controls) has nothing to try, so any key is refused."""
        raise IllegalAction(f"{type(self).__name__} offers no moves to try; {key!r} is not one "
                            "of its choices")

    def controls(self) -> list:
        """Extra widgets (sandboxes); built once per scene."""
        return []

    def check(self) -> None:
        """Raise ``AssertionError`` unless the position is legal by the engine."""


@dataclass
class Step:
    """One step of an explainer."""

    key: str
    title: str
    text: str
    clauses: tuple[str, ...]
    make_scene: Callable[[], Scene]
    topic: str = ""
    kind: str = "rule"  # "rule", "quiz" or "sandbox"

    def section(self) -> Section:
        return Section(self.title, self.text, self.clauses)


class Observer:
    """Whoever follows a learner's work as it happens (a class's
    :class:`lopti_nb.classroom.Student`): the explainer, the quiz, the guided round and practice
    make these calls on the observer they are given, each when it happens. This base class
    does nothing; a follower overrides what it needs. A call that fails raises a
    :class:`~lopti_nb.engine.LoptiNbError`, which the lesson shows in a line and goes on.

        >>> class Steps(Observer):
        ...     def step(self, game, key, number, total):
        ...         print(game, key, number, total)
        >>> Steps().step("a game", "goal", 1, 33)
        a game goal 1 33
    """

    def step(self, game: str, key: str, number: int, total: int) -> None:
        """The learner reached step ``key``, ``number`` of ``total`` (from 1), of ``game``'s lesson."""

    def answer(self, game: str, step: str, question: str, right: bool) -> None:
        """The learner's first answer to ``question`` (the quiz at step ``step``) was ``right`` or not."""

    def guided_round(self, game: str, moves: int, finished: bool) -> None:
        """The learner made ``moves`` moves of ``game``'s guided round; ``finished``: it is over."""

    def practice(self, game: str, kind: str, mastered: bool) -> None:
        """The learner's practice of questions of ``kind`` counts as ``mastered`` now (or missed)."""


def tell(observer: Observer | None, call: str, game: str, *args: Any) -> str:
    """Make ``observer``'s ``call`` (one of :class:`Observer`'s) for ``game``; returns ``""``, or
    the sentence of the package error it raised (the lesson shows it and goes on)."""
    if observer is None:
        return ""
    try:
        getattr(observer, call)(game, *args)
    except LoptiNbError as exc:
        return str(exc)
    return ""


def told_html(problem: str) -> str:
    """The line a lesson shows when its observer could not be told (empty when all is well)."""
    if not problem:
        return ""
    return (f'<div role="status" class="lnb-x-told" style="color:{INK};border-left:4px solid {BAD};'
            f'padding-left:6px;font-size:12px">Your class did not get this: {esc(problem)}</div>')


# -- small HTML helpers (JupyterLab theme variables, with plain fallbacks) -----------------------
INK = "var(--jp-ui-font-color1, #222)"
MUTED = "var(--jp-ui-font-color2, #666)"
BORDER = "var(--jp-border-color1, #bbb)"
PANEL = "var(--jp-layout-color1, #fff)"
PANEL2 = "var(--jp-layout-color2, #eee)"
OK = "var(--jp-success-color1, #2e7d32)"
BAD = "var(--jp-error-color1, #c62828)"
NOTE = "var(--jp-brand-color1, #1976d2)"


def box(title: str, body: str, accent: str = BORDER) -> str:
    return (f'<div class="lnb-x-box" style="border:1px solid {accent};border-radius:6px;'
            f'padding:4px 8px;margin:2px 0;background:{PANEL};color:{INK}">'
            f'<div style="font-weight:bold;font-size:12px;color:{MUTED}">{esc(title)}</div>{body}</div>')


def line(text: str, muted: bool = False) -> str:
    """A line of a lesson: ``text`` is HTML the lesson built, any words a person typed already
    passed through :func:`esc` (lessons show no names)."""
    colour = MUTED if muted else INK
    return f'<div style="color:{colour};font-size:13px">{text}</div>'


def verdict_html(v: Verdict | None, seq: int = 0) -> str:
    """The verdict box; ``seq`` numbers the answers shown (browsers wait for a new one)."""
    if v is None:
        return ""
    if v.legal is True:
        colour, mark, word = OK, "\u2714", "Legal"
    elif v.legal is False:
        colour, mark, word = BAD, "\u2718", "Not legal"
    else:
        colour, mark, word = NOTE, "\u2192", "Outcome"
    events = "".join(f"<li>{esc(e)}</li>" for e in v.events)
    parts = [
        f'<div class="lnb-x-verdict" data-seq="{seq}" data-legal="{"" if v.legal is None else str(v.legal).lower()}" '
        f'style="border-left:4px solid {colour};padding:4px 10px;margin:4px 0;'
        f'background:{PANEL2};color:{INK}">',
        f'<div style="font-weight:bold;color:{colour}">{mark} {word}: {esc(v.headline)}</div>',
    ]
    if v.reason:
        parts.append(f'<div class="lnb-x-reason">{esc(v.reason)}</div>')
    if events:
        parts.append(f'<div style="font-size:12px;color:{MUTED}">What happened:</div>'
                     f'<ul class="lnb-x-events" style="margin:2px 0 2px 18px;padding:0;font-size:13px">{events}</ul>')
    if v.after:
        parts.append(v.after)
    parts.append("</div>")
    return "".join(parts)


