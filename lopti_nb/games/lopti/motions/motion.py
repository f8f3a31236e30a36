"""A motion: the custom rule a round's winner writes, as words and optional hooks, or as data
(:meth:`Motion.from_data`, interpreted by :mod:`.data`). It builds on the motion language
(:mod:`.language`: effects, roles, the view, errors) and on the data interpreter; neither
knows this class.
"""
from __future__ import annotations

import copy
from typing import Any, Callable, Mapping

from ....engine.limits import shown
from .data import DataHook, check_motion_data, motion_words, structure_title
from .language import MAX_TEXT, MotionError, Reveal, parse_hook_key  # noqa: F401 - Reveal: the example
from .runner import ready_made


class Motion:
    """A custom rule: ``text`` (always) and optional ``hooks``.

    ``hooks`` maps names such as ``"after pickup"`` or ``"before deal"`` to functions
    ``hook(view) -> None | effect | list of effects``. A motion with no hooks is words only:
    the table applies it, the engine does not.

    >>> m = Motion("Whoever takes the pile shows their highest card.",
    ...            {"after pickup": lambda view: Reveal("actor", "highest")})
    >>> sorted(m.hooks)
    [('pickup', 'after')]
    """

    def __init__(self, text: str, hooks: Mapping[str, Callable] | None = None, *, title: str | None = None):
        if not isinstance(text, str) or not text.strip():
            raise MotionError("a motion must be stated in words: give it a non-empty text")
        if len(text) > MAX_TEXT:
            raise MotionError(f"a motion is stated in at most {MAX_TEXT:,} characters, so the table "
                              f"can read it out; this one has {len(text):,}")
        if title is not None and (not isinstance(title, str) or not title.strip() or len(title) > 60):
            raise MotionError(f"a motion's title is a short text (at most 60 characters), not {shown(title)}")
        if hooks is not None and not isinstance(hooks, Mapping):
            raise MotionError(f"hooks map an event name such as 'after play' to a function, not {shown(hooks)}")
        self.text = " ".join(text.split())
        self.title = title or self.text[:60]
        parsed: dict[tuple[str, str], Callable] = {}
        for key, fn in (hooks or {}).items():
            ev_phase = parse_hook_key(key)
            if not callable(fn):
                raise MotionError(f"the hook for {shown(key)} is not a function")
            parsed[ev_phase] = fn
        self.hooks = parsed
        self.data: dict | None = None  # the rules as data, for a motion made by from_data

    @classmethod
    def from_data(cls, data: Any) -> "Motion":
        """The motion that plain JSON-able ``data`` describes: "when <event> [if <conditions>]
        then <effects>" (the format: :mod:`~lopti_nb.games.lopti.motions.data`). Its hooks
        interpret the data, its words are made from it, and the constitution is checked first:
        a refusal is a :class:`ConstitutionError` or a :class:`MotionError` with the reason.

        >>> m = Motion.from_data({"when": "after play", "if": [{"fact": "rank", "op": "is", "value": "A"}],
        ...                       "then": [{"effect": "draw", "who": "next", "n": 1}]})
        >>> m.text
        'After a player plays cards, if the cards played are Aces, the next player still in draws a card from the draw pile, while it lasts.'
        """
        return motion_from_data(data)

    def to_data(self) -> dict:
        """The motion's rules as plain data (a fresh copy: ``Motion.from_data(m.to_data())`` is the
        same motion). A motion written in Python, or in words only, has no data form: a
        :class:`MotionError` says so."""
        if self.data is None:
            kind = "Python hooks" if self.hooks else "words only"
            raise MotionError(f"this motion is {kind}, which has no data form; only a motion made by "
                              "Motion.from_data gives its data back")
        return copy.deepcopy(self.data)

    def words(self, voice: str = "plain") -> str:
        """The motion as it is read out in ``voice`` (plain, pirate or comrade): a data motion's
        words are made from its rules in that voice; any other motion's text is as written."""
        if self.data is None:
            return self.text
        return motion_words(self.data, voice)

    @property
    def has_code(self) -> bool:
        return bool(self.hooks)

    def __repr__(self) -> str:
        return f"Motion({self.title!r}, hooks={[f'{p} {e}' for e, p in self.hooks]})"




def motion_from_data(data: Any) -> Motion:
    """The motion ``data`` describes (see :meth:`Motion.from_data`)."""
    canonical = check_motion_data(data)
    by_when: dict[str, list[dict]] = {}
    for r in canonical["rules"]:
        by_when.setdefault(r["when"], []).append(r)
    # the interpreter is the package's own code, called directly like the ready-made hooks
    hooks = {when: ready_made(DataHook(rules)) for when, rules in by_when.items()}
    text = motion_words(canonical, "plain")
    if len(text) > MAX_TEXT:
        raise MotionError(f"this motion reads {len(text):,} characters out; at most {MAX_TEXT:,} (fewer rules "
                          "or effects)")
    motion = Motion(text, hooks, title=canonical.get("title") or structure_title(canonical))
    motion.data = canonical
    return motion




def same_motion(a: Motion, b: Motion) -> bool:
    """Whether ``a`` and ``b`` are the same rule: two data motions with the same rules (titles
    aside), or two motions in Python with the same words and the same hooks (the same functions,
    or functions made by the same code from equal values: two copies of one ready-made motion).
    A session refuses to adopt a motion the same as one in force.

    >>> from lopti_nb.games.lopti.library import library_motion
    >>> same_motion(library_motion("ace_tax"), library_motion("ace_tax"))
    True
    """
    if not isinstance(a, Motion) or not isinstance(b, Motion):
        raise MotionError(f"same_motion compares two motions, not {shown(a)} and {shown(b)}")
    if a.data is not None or b.data is not None:
        return a.data is not None and b.data is not None and a.data["rules"] == b.data["rules"]
    if " ".join(a.text.lower().split()) != " ".join(b.text.lower().split()) or a.hooks.keys() != b.hooks.keys():
        return False
    return all(_same_function(a.hooks[k], b.hooks[k]) for k in a.hooks)


def _same_function(f: Callable, g: Callable) -> bool:
    if f is g:
        return True
    code_f, code_g = getattr(f, "__code__", None), getattr(g, "__code__", None)
    if code_f is None or code_f is not code_g:
        return False
    try:
        cells_f = tuple(c.cell_contents for c in (f.__closure__ or ()))
        cells_g = tuple(c.cell_contents for c in (g.__closure__ or ()))
        return cells_f == cells_g and f.__defaults__ == g.__defaults__
    except Exception:  # noqa: BLE001 - an empty cell or a value that will not compare: not the same
        return False


__all__ = ["Motion", "motion_from_data", "same_motion"]
