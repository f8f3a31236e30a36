"""Display names: visible, tidy, told apart from each other and from the bots' names.

:func:`clean_name` gives a name as it will be shown, or :class:`BadName` saying what is
wrong with it:

* it is NFKC-normalised (full-width ``Ａｎｎ`` is ``Ann``, ligatures are split, the many
  Unicode spaces U+2000-U+200A, U+00A0, U+3000... become plain spaces), runs of spaces are
  one space, and spaces at the ends go;
* refused: control, format (bidi overrides, zero-width joiners), private-use, unassigned and
  surrogate code points, line and paragraph separators, every *default-ignorable* code point
  (:data:`IGNORABLE`, from Unicode's DerivedCoreProperties: variation selectors, the Hangul
  fillers U+115F, U+1160, U+3164, U+FFA0...) and characters that draw as nothing
  (:data:`BLANK`: the braille blank U+2800 and the like);
* 1 to :data:`MAX_NAME` characters, at least one of them a letter, digit or symbol.

:func:`name_key` is the name's *skeleton*: two names with the same skeleton look alike
(``Ann``, ``ANN``, ``Аnn`` with a Cyrillic А, ``Ａｎｎ``), and a room never seats both.
:func:`bot_like` tells names a person may not take because the room uses them for bots
(``Bot 2``, ``Bot 2 (heuristic)``, ``Seat 3``, the game's bot names).
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from .errors import BadName

MAX_NAME = 24

# Default_Ignorable_Code_Point (Unicode 15 DerivedCoreProperties.txt), as ranges
IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
# Not default-ignorable, yet drawn as blank space: braille pattern blank, Khitan small
# script filler, musical null notehead, the Hangul filler's half-width and jamo forms (above
# too), and the object replacement character (it stands for no character at all)
BLANK = frozenset({0x2800, 0x16FE4, 0x1D159, 0xFFFC})


def _invisible(ch: str) -> bool:
    cp = ord(ch)
    if cp in BLANK or any(lo <= cp <= hi for lo, hi in IGNORABLE):
        return True
    cat = unicodedata.category(ch)
    # C*: control, format, private use, unassigned, surrogate; Zl/Zp: line breaks
    return (cat[0] == "C" and ch not in "\t") or cat in ("Zl", "Zp")


def clean_name(name: Any) -> str:
    """A display name as it will be shown, or :class:`BadName` saying what is wrong."""
    if not isinstance(name, str):
        raise BadName(f"A display name is text, not {type(name).__name__}.")
    if len(name) > 200:
        raise BadName(f"That name is far too long: at most {MAX_NAME} characters.")
    text = unicodedata.normalize("NFKC", name)
    for ch in name + text:  # what was typed, and what normalising made of it
        if _invisible(ch):
            raise BadName(f"Names cannot hold invisible, blank-looking or control characters "
                          f"(found U+{ord(ch):04X}).")
    text = " ".join(text.split())
    if not text:
        raise BadName("Please type a display name (it cannot be empty or only spaces).")
    if len(text) > MAX_NAME:
        raise BadName(f"That name has {len(text)} characters; at most {MAX_NAME}, please.")
    if not any(unicodedata.category(ch)[0] in "LNS" for ch in text):
        raise BadName("A name needs at least one letter, digit or symbol.")
    return text


# Letters of other scripts that look like Latin ones: a small subset of Unicode TR39's
# confusables.txt (Cyrillic and Greek look-alikes of Latin letters, a few Latin, Armenian
# and IPA ones), mapped before case folding so that capitals map to the capital they look
# like (Greek capital Eta to H; its small form looks like n).
_CONFUSABLE = str.maketrans({
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
})
# After case folding: digits and strokes that pass for letters (0/o; 1, l, I, i and |)
_FOLDED = str.maketrans({"0": "o", "1": "l", "i": "l", "|": "l"})
_PAIRS = (("rn", "m"), ("vv", "w"))  # two letters that pass for one


def name_key(name: str) -> str:
    """The skeleton by which names are compared: NFKC, look-alike letters of other scripts
    mapped to the Latin letter they resemble (a subset of Unicode TR39's confusables.txt),
    case folded, decomposed (NFD), 0/O and 1/l/I/i made one, ``rn`` read as ``m``, spaces
    made single. ``name_key("Аnn") == name_key("ANN") == name_key("Ａｎｎ")``."""
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    text = text.translate(_CONFUSABLE).casefold()
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
