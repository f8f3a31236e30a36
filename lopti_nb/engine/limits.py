"""Bounds on what the package takes in and says back.

Every front door (``new_game``, ``load``, ``replay``, ``simulate``, the command line, room
actions) reads values a person or a file gave it. Three things keep a hostile value from
turning a refusal into a crash, a hang or a wall of text:

* :func:`shown` quotes a value back in a message: at most :data:`MAX_SHOWN` characters, never
  deeper than a few levels (a list nested 5,000 deep is quoted as ``[[[[...]]]]``), and never
  failing (a value whose ``repr`` raises is named by its type);
* :func:`cut` bounds a whole message (every :class:`~lopti_nb.engine.LoptiNbError` is cut to
  :data:`MAX_MESSAGE` characters when it is made);
* :func:`check_nesting` and :func:`read_json` refuse data nested deeper than
  :data:`MAX_DEPTH` levels or holding more than a given number of items, walking it without
  recursion, before anything else looks at it.

    >>> len(shown("x" * 500)) <= MAX_SHOWN
    True
    >>> deep = []
    >>> for _ in range(5000):
    ...     deep = [deep]
    >>> len(shown(deep)) <= MAX_SHOWN
    True
"""
from __future__ import annotations

import json
import numbers
import reprlib
from typing import Any

MAX_SHOWN = 80  # characters of a refused value quoted back in a message
MAX_MESSAGE = 280  # characters of any refusal: a sentence, never a dump of the input
MAX_DEPTH = 20  # levels of nested lists and dicts any data given to the package may have
MAX_GAME_ACTIONS = 1_000_000  # actions a game played by bots may take before it is called endless
# (the longest game of the package's own, at its largest settings, takes far fewer)

_repr = reprlib.Repr()
_repr.maxlevel = 3
_repr.maxlist = _repr.maxtuple = _repr.maxset = _repr.maxfrozenset = _repr.maxdict = 6
_repr.maxstring = _repr.maxother = MAX_SHOWN
_repr.maxlong = 40


def plain(value: Any) -> Any:
    """``value`` as plain Python before it reaches words or a record: a NumPy (or any other)
    whole number as ``int``, a NumPy truth value as ``bool``, a NumPy float as ``float``;
    anything else as it is.

    >>> import numpy as np
    >>> plain(np.int64(60)), plain(np.bool_(True)), plain("x")
    (60, True, 'x')
    """
    if type(value) in (int, bool, float, str) or value is None:
        return value
    kind = type(value).__name__
    if kind in ("bool_", "bool"):  # NumPy's truth value
        return bool(value)
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real) and kind.startswith("float"):
        return float(value)
    return value


def cut(text: Any, limit: int = MAX_MESSAGE) -> str:
    """``text`` shortened to ``limit`` characters, ending in an ellipsis when cut."""
    text = text if isinstance(text, str) else str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown(value: Any, limit: int = MAX_SHOWN) -> str:
    """``repr(value)`` for a message: short, shallow, and never an error of its own."""
    try:
        text = _repr.repr(value)
    except Exception:  # a hostile __repr__ (or a deep one) must not turn a refusal into a crash
        text = f"<{type(value).__name__}>"
    return cut(text, limit)


def as_text(value: Any, limit: int = MAX_SHOWN) -> str:
    """``str(value)`` for a message (an action as its game writes it: ``add 2``), cut to
    ``limit`` characters; a value whose ``str`` fails is named by its type."""
    try:
        text = str(value)
    except Exception:  # a malformed action's own __str__ may fail; the refusal must not
        text = f"<{type(value).__name__}>"
    return cut(text, limit)


def check_nesting(value: Any, what: str, error: type[Exception], max_depth: int = MAX_DEPTH,
                  max_items: int = 100_000) -> None:
    """Raise ``error`` (with a sentence about ``what``) if ``value`` nests lists, tuples, sets
    or dicts deeper than ``max_depth`` or holds more than ``max_items`` of them and their items
    in all. Walked with a stack, so no depth makes it fail itself."""
    stack = [(value, 0)]
    items = 0
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = list(item.keys()) + list(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            children = item
        else:
            continue
        if depth >= max_depth:
            raise error(f"{what} is nested more than {max_depth} levels deep.")
        items += len(children)
        if items > max_items:
            raise error(f"{what} holds more than {max_items:,} values.")
        stack.extend((c, depth + 1) for c in children
                     if isinstance(c, (dict, list, tuple, set, frozenset)))


def read_json(text: str, what: str, error: type[Exception], max_chars: int,
              max_depth: int = MAX_DEPTH) -> Any:
    """The data of the JSON ``text``, or ``error``: text longer than ``max_chars``, not JSON,
    or nested deeper than ``max_depth`` levels."""
    if len(text) > max_chars:
        raise error(f"{what} is {len(text):,} characters long; at most {max_chars:,} are read.")
    try:
        data = json.loads(text)
    except RecursionError:
        raise error(f"{what} is nested more than {max_depth} levels deep.") from None
    except ValueError:
        raise error(f"{what} is not JSON.") from None
    check_nesting(data, what, error, max_depth, max_items=max_chars)
    return data
