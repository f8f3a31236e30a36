"""What people type, made safe to show: the one way text goes into HTML, and the one check of
a display name. Every view, lesson, replay, room page and dashboard part uses these.

Text into HTML
--------------
* :func:`esc` escapes any value for HTML (``& < > " '``); the package's own markup, marked
  :class:`Markup`, passes through unchanged.
* :func:`html` fills a template, escaping every argument that is not :class:`Markup` or a
  number, and returns :class:`Markup`: pieces built with it nest without being escaped twice.
* :func:`isolate` shows free text (a words motion, an amendment) escaped and in its own
  direction (``<bdi>``), so right-to-left text cannot reorder the sentence around it;
  :func:`isolate_text` does the same inside plain text (Unicode isolates), for sentences
  that are shown as text or escaped as a whole.

>>> html("<b>{}</b> bids {}", "<i>Ann</i>", 2)
Markup('<b>&lt;i&gt;Ann&lt;/i&gt;</b> bids 2')

Names
-----
:func:`clean_name` gives a display name as it will be shown, or :class:`BadName` with a
sentence saying what is wrong with it. It is NFKC-normalised first (full-width ``Ａｎｎ`` is
``Ann``, and a full-width ``＜`` is a real ``<``), runs of spaces become one space and the
spaces at the ends go. Refused: the markup characters :data:`MARKUP` (after normalising),
direction controls (:data:`BIDI`), zero-width characters (:data:`ZERO_WIDTH`), control,
format, private-use, unassigned and surrogate code points, line and paragraph separators,
every *default-ignorable* code point (:data:`IGNORABLE`) and characters that draw as
nothing (:data:`BLANK`); a name has 1 to ``limit`` characters, one of them at least a
letter, digit or symbol. The apostrophe stays allowed (``O'Brien``): it is escaped like any
other character when shown.
"""
from __future__ import annotations

import unicodedata
from html import escape as _escape
from typing import Any

from .engine.core import SettingsError

MAX_NAME = 24  # characters in a display name (a seat's box at 400 px holds it)

# Characters a name may not hold, as typed or after NFKC: they make markup in HTML
MARKUP = '<>&"'
NO_MARKUP = 'A name can\'t contain <, >, & or ".'  # the refusal of a name holding any of MARKUP
# Direction controls: embeddings and overrides, isolates, marks
BIDI = frozenset({*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C})
# Characters of no width that join, split or hide what is around them
ZERO_WIDTH = frozenset({0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF})
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


class Markup(str):
    """Text that is already HTML: the package's own markup, or text escaped by :func:`esc`
    or built by :func:`html`. ``Markup("<b>Pile</b>")`` is shown as markup; any other
    ``str`` is escaped."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Markup({str.__repr__(self)})"


def esc(value: Any) -> Markup:
    """``value`` as HTML text: ``& < > " '`` escaped, unless it is :class:`Markup`.

    >>> esc('<img src=x onerror="alert(1)">')
    Markup('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;')
    """
    if isinstance(value, Markup):
        return value
    return Markup(_escape(str(value), quote=True))


def html(template: str, *args: Any, **kwargs: Any) -> Markup:
    """``template.format(...)`` with every argument escaped by :func:`esc` (:class:`Markup`
    ones and numbers pass as they are). The template is the package's own markup; what goes into it is
    text.

    >>> html('<div title="{who}">{who} wrote {}</div>', "<i>", who='"Ann"')
    Markup('<div title="&quot;Ann&quot;">&quot;Ann&quot; wrote &lt;i&gt;</div>')
    """
    return Markup(template.format(*map(_arg, args), **{k: _arg(v) for k, v in kwargs.items()}))


def _arg(value: Any) -> Any:
    """An argument of :func:`html`: numbers as they are (a format spec such as ``{:+g}``
    applies to them, and they hold no markup), anything else escaped."""
    return value if isinstance(value, (int, float)) else esc(value)


def isolate(value: Any) -> Markup:
    """Free text someone typed, escaped and isolated in its own direction (``<bdi>``): a
    right-to-left word or a stray direction control inside it cannot reorder the words
    around it.

    >>> isolate("\u202eevil")
    Markup('<bdi>\u202eevil</bdi>')
    """
    return html("<bdi>{}</bdi>", value)


def isolate_text(value: Any) -> str:
    """Free text inside a sentence of plain text (a tooltip, an option, a sentence escaped
    as a whole): wrapped in the Unicode first-strong isolate and its pop (U+2068, U+2069), so
    its direction stays its own wherever the sentence is shown.

    >>> isolate_text("abc")
    '\u2068abc\u2069'
    """
    return f"\u2068{value}\u2069"


class BadName(SettingsError):
    """A display name that cannot be shown as typed: empty, too long, or holding markup,
    direction controls, zero-width or other invisible characters. The message says which."""


def _what(ch: str) -> str | None:
    """Why ``ch`` may not be in a name (a phrase), or ``None``."""
    cp = ord(ch)
    if cp in BIDI:
        return "invisible direction controls (they turn the text around)"
    if cp in ZERO_WIDTH:
        return "invisible zero-width characters"
    if cp in BLANK or any(lo <= cp <= hi for lo, hi in IGNORABLE):
        return "invisible or blank-looking characters"
    cat = unicodedata.category(ch)
    # C*: control, format, private use, unassigned, surrogate; Zl/Zp: line breaks
    if (cat[0] == "C" and ch != "\t") or cat in ("Zl", "Zp"):
        return "invisible control characters or line breaks"
    return None


def text_problem(text: str) -> str | None:
    """Why free ``text`` (a motion's title or words, an amendment) cannot be shown as written,
    as a phrase, or ``None`` when it can: it needs at least one visible letter, digit,
    punctuation mark or symbol, and holds no control characters, line breaks, direction
    controls, private-use, unassigned or surrogate code points (they draw as nothing, or as
    something no two screens agree on). Markup characters are fine: :func:`esc` shows them.

    >>> text_problem("\u200b\u3164")
    'it has no visible character'
    >>> text_problem("Aces are announced.") is None
    True
    """
    visible = False
    for ch in text:
        cp = ord(ch)
        if cp in BIDI:
            return "it holds invisible direction controls"
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Co", "Cn", "Cs", "Zl", "Zp"):
            return f"it holds a character that cannot be shown (U+{cp:04X})"
        if (not visible and cat[0] in "LNPS" and cp not in BLANK
                and not any(lo <= cp <= hi for lo, hi in IGNORABLE)):
            visible = True
    return None if visible else "it has no visible character"


def clean_name(name: Any, limit: int = MAX_NAME) -> str:
    """A display name as it will be shown, or :class:`BadName` saying what is wrong.

    >>> clean_name("  Ａｎｎ   Lee ")
    'Ann Lee'
    """
    if not isinstance(name, str):
        raise BadName(f"A display name is text, not {type(name).__name__}.")
    if len(name) > 200:
        raise BadName(f"That name is far too long: at most {limit} characters.")
    text = unicodedata.normalize("NFKC", name)
    for ch in name + text:  # what was typed, and what normalising made of it
        why = _what(ch)
        if why is not None:
            raise BadName(f"A name can't contain {why}: please type it again without them.")
    if any(ch in MARKUP for ch in text):
        # one plain sentence whatever was typed (full-width forms are read as the same marks)
        raise BadName(NO_MARKUP)
    text = " ".join(text.split())
    if not text:
        raise BadName("Please type a display name (it cannot be empty or only spaces).")
    if len(text) > limit:
        raise BadName(f"That name has {len(text)} characters; at most {limit}, please.")
    if not any(unicodedata.category(ch)[0] in "LNS" for ch in text):
        raise BadName("A name needs at least one letter, digit or symbol.")
    return text
