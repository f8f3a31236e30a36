"""Shared checks of the bad-input tests (``tests/bad_input``): a refused call raises the
expected typed error (a ``LoptiNbError``, so a ``ValueError``) with a short sentence, and
changes nothing it was given."""
from __future__ import annotations

import pytest

from lopti_nb.engine import LoptiNbError

MAX_MESSAGE = 300  # characters: a refusal is a sentence, never a dump of the input


def _looks(value) -> str:
    """A picture of ``value`` deep enough to see a mutation (repr, or the type if it fails)."""
    try:
        return repr(value)
    except Exception:  # hostile values whose repr fails are compared by identity below
        return f"<{type(value).__name__} {id(value)}>"


class Hostile:
    """A value whose str, repr, hash, equality and iteration all fail."""

    def __str__(self):
        raise RuntimeError("str")

    __repr__ = __str__

    def __hash__(self):
        raise RuntimeError("hash")

    def __eq__(self, other):
        raise RuntimeError("eq")

    def __iter__(self):
        raise RuntimeError("iter")


HUGE = "9 " * 50_000  # a play written with 50 000 cards: the message must still be short


def refused(call, args=(), kwargs=None, error=LoptiNbError) -> str:
    """``call(*args, **kwargs)`` raises ``error`` (a LoptiNbError and a ValueError) with a
    sentence under MAX_MESSAGE characters, and ``args``/``kwargs`` are unchanged."""
    kwargs = dict(kwargs or {})
    before = [_looks(a) for a in args], {k: _looks(v) for k, v in kwargs.items()}
    with pytest.raises(error) as info:
        call(*args, **kwargs)
    exc = info.value
    assert type(exc) is not LoptiNbError, "a refusal names its kind: a LoptiNbError subclass"
    assert isinstance(exc, LoptiNbError) and isinstance(exc, ValueError), type(exc)
    text = str(exc)
    assert 0 < len(text) < MAX_MESSAGE, text[:400]
    after = [_looks(a) for a in args], {k: _looks(v) for k, v in kwargs.items()}
    assert after == before, "a refused call changed its input"
    return text
