"""Room codes people can read aloud.

A code is 8 characters from a 30-letter alphabet with the look-alikes removed (no 0/O,
1/I/L, no U), shown as two groups of four: ``"K7QM-3XHD"``. That is 30**8 ~ 6.6e11 codes,
39.3 bits, drawn with :mod:`secrets`. Typing is forgiving: case, spaces and dashes are
ignored.
"""
from __future__ import annotations

import math
import secrets

from .errors import BadCode

ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 8
SPACE = len(ALPHABET) ** LENGTH
BITS = LENGTH * math.log2(len(ALPHABET))
_CONFUSED = {"0": "zero", "O": "the letter O", "1": "one", "I": "the letter I",
             "L": "the letter L", "U": "the letter U"}


def new_code() -> str:
    """A fresh random code, normalised (no dash)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalize(text) -> str:
    """The canonical form of a typed code, or :class:`BadCode` saying what is wrong."""
    if not isinstance(text, str):
        raise BadCode(f"A room code is text like 'K7QM-3XHD', not {type(text).__name__}.")
    if len(text) > 40:
        raise BadCode("That is too long for a room code (codes are 8 characters, like K7QM-3XHD).")
    code = "".join(ch for ch in text.upper() if ch not in " -_\t")
    for ch in code:
        if ch not in ALPHABET:
            what = _CONFUSED.get(ch, repr(ch))
            raise BadCode(f"Room codes never contain {what}; codes use only "
                          f"{ALPHABET[:8]} and the letters {ALPHABET[8:]}.")
    if len(code) != LENGTH:
        raise BadCode(f"A room code has {LENGTH} characters (like K7QM-3XHD); "
                      f"that one has {len(code)}.")
    return code


def pretty(code: str) -> str:
    """``"K7QM3XHD"`` -> ``"K7QM-3XHD"``."""
    return f"{code[:4]}-{code[4:]}" if len(code) == LENGTH else code


def expected_guesses(active_rooms: int, space: int = SPACE) -> float:
    """Average random guesses (each a fresh uniform code, repeats allowed) until one hits any
    of ``active_rooms`` rooms: the mean of a geometric distribution, ``space / rooms``."""
    if active_rooms <= 0:
        return math.inf
    return space / active_rooms
