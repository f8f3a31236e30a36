"""Display names in a room: visible, tidy, told apart from each other and from the bots' names.

:func:`clean_name` gives a name as it will be shown, or :class:`BadName` saying what is
wrong with it. It is the package's one name check, :func:`lopti_nb.text.clean_name` (NFKC
first; markup characters, direction controls, zero-width, invisible and control characters
refused; 1 to :data:`MAX_NAME` characters), raising the room's :class:`BadName`.

:func:`name_key` is the name's *skeleton*: two names with the same skeleton look alike
(``Ann``, ``ANN``, ``Аnn`` with a Cyrillic А, ``Ａｎｎ``), and a room never seats both.
:func:`bot_like` tells names a person may not take because the room uses them for bots
(``Bot 2``, ``Bot 2 (heuristic)``, ``Seat 3``, the game's bot names).
"""
from __future__ import annotations

import json
import pathlib
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from .. import text as _text
from ..text import BLANK, IGNORABLE, MAX_NAME  # noqa: F401 (the rooms' name rules, named here too)
from .errors import BadName


def clean_name(name: Any) -> str:
    """A display name as it will be shown, or :class:`BadName` saying what is wrong: the
    package's one name check, lopti_nb.text.clean_name, with a room's error type."""
    try:
        return _text.clean_name(name, MAX_NAME)
    except _text.BadName as exc:
        raise BadName(str(exc)) from None


# Letters of other scripts that look like Latin ones: every entry of Unicode's confusables.txt
# (UTS #39) whose prototype is Latin letters or digits (latin_confusables.json, written by
# scripts/latin_confusables.py: Cyrillic, Greek, Cherokee, Lisu, Coptic, mathematical letters...),
# and a few more seen in names, mapped before case folding so that capitals map to the capital
# they look like (Greek capital Eta to H; its small form looks like n).
_LATIN_LOOKALIKES = json.loads((pathlib.Path(__file__).parent / "latin_confusables.json").read_text())["map"]
_CONFUSABLE = str.maketrans({**_LATIN_LOOKALIKES, **{
    # Cyrillic capitals
    "А": "A", "В": "B", "Е": "E", "З": "3", "І": "I", "Ј": "J", "К": "K", "М": "M", "Н": "H",
    "О": "O", "Р": "P", "С": "C", "Ѕ": "S", "Т": "T", "У": "Y", "Х": "X", "Ү": "Y", "Ԛ": "Q",
    "Ԝ": "W", "Ӏ": "l", "Ь": "b", "Ԁ": "d",
    # Cyrillic small letters
    "а": "a", "е": "e", "з": "3", "і": "i", "ј": "j", "к": "k", "о": "o", "р": "p", "с": "c",
    "ѕ": "s", "у": "y", "х": "x", "һ": "h", "ү": "y", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ь": "b",
    "ԁ": "d",
    # Greek capitals
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C", "Ϳ": "J",
    # Greek small letters
    "α": "a", "γ": "y", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "υ": "u", "χ": "x",
    "η": "n", "ϲ": "c", "ϳ": "j",
    # Latin, IPA and Armenian look-alikes
    "ı": "i", "ɩ": "i", "ǀ": "l", "ɡ": "g", "ɑ": "a", "ʏ": "y", "օ": "o", "ս": "u", "հ": "h", "ո": "n",
}})
# After case folding: digits and strokes that pass for letters (0/o; 1, l, I, i and |)
_FOLDED = str.maketrans({"0": "o", "1": "l", "i": "l", "|": "l"})
_PAIRS = (("rn", "m"), ("vv", "w"))  # two letters that pass for one


def name_key(name: str) -> str:
    """The skeleton by which names are compared: NFKC, look-alike letters of other scripts
    mapped to the Latin letters they resemble (Unicode's confusables.txt, UTS #39),
    case folded, decomposed (NFD), 0/O and 1/l/I/i made one, ``rn`` read as ``m``, spaces
    made single. ``name_key("Аnn") == name_key("ANN") == name_key("Ａｎｎ")``."""
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    # mapped again after case folding: a capital of another script whose small form looks Latin
    text = text.translate(_CONFUSABLE).casefold().translate(_CONFUSABLE).casefold()
    text = unicodedata.normalize("NFD", text).translate(_FOLDED)
    text = " ".join(text.split())
    for pair, one in _PAIRS:
        text = text.replace(pair, one)
    return text


_WORDLESS = re.compile(r"[\W_]+")
_BOT_DIGITS = re.compile(r"(?:bot|seat)[0-9ol]*")  # after name_key, 0 and 1 read o and l


def bot_like(display: str, bot_names: Iterable[str] = ()) -> bool:
    """Whether ``display`` looks like a name the room gives its bots or its empty seats
    (``Bot 2``, ``Bot 2 (heuristic)``, ``Seat 3``, ``B0T``) or one of the game's bot names
    (``bot_names``), ignoring spaces and punctuation."""
    bare = _WORDLESS.sub("", name_key(display))
    bots = {_WORDLESS.sub("", name_key(b)) for b in bot_names}
    head = _BOT_DIGITS.match(bare)
    if head is not None and (head.end() == len(bare) or bare[head.end():] in bots):
        return True
    return bare in bots
