"""Skull King's cards as SVG strings (no ipywidgets: any HTML page can show them).

    >>> from lopti_nb.games.skullking.pictures import skullking_card_svg
    >>> 'as pirate' in skullking_card_svg('tigress:pirate')
    True
"""
from __future__ import annotations


from lopti_nb.widgets.svg import (
    BLUE as _BLUE, CARD_H, CARD_W, EDGE as _EDGE, INK as _INK, INK2 as _INK2, card_frame as _frame, card_marker, card_text as _text,
)

__all__ = ['skullking_card_svg']


# -- Skull King -----------------------------------------------------------------------------
# suit letter -> (symbol, word, colour)
_SK_SUITS = {"Y": ("\u25cf", "yellow", "#d4a000"), "P": ("\u25c6", "purple", "#7b3fa0"),
             "G": ("\u25b2", "green", "#2e7d32"), "B": ("\u2620", "black", _INK)}
# notation -> (symbol, short word, words)
_SK_SPECIALS = {
    "pirate": ("\u2694", "PIRATE", "a Pirate"),
    "tigress": ("\u2726", "TIGRESS", "the Tigress (pirate or escape)"),
    "tigress:pirate": ("\u2694", "TIGRESS", "the Tigress played as a pirate"),
    "tigress:escape": ("\u2690", "TIGRESS", "the Tigress played as an escape"),
    "skull-king": ("\u265b", "KING", "the Skull King"),
    "mermaid": ("\u2248", "MERMAID", "a Mermaid"),
    "escape": ("\u2690", "ESCAPE", "an Escape"),
    "loot": ("$", "LOOT", "a Loot"),
    "kraken": ("\u2042", "KRAKEN", "the Kraken"),
    "white-whale": ("\u25d2", "WHALE", "the White Whale"),
}


def skullking_card_svg(name: str, scale: float = 1.0, highlight: bool = False) -> str:
    """A Skull King card from its notation (``"Y7"``, ``"B14"``, ``"pirate"``,
    ``"tigress:escape"``...). Suits show a letter and a shape (Y circle, P diamond,
    G triangle, B skull); specials show a symbol and a word."""
    text = str(name)
    edge, width = (_BLUE, 3) if highlight else (_EDGE, 1.5)
    if text in _SK_SPECIALS:
        symbol, word, words = _SK_SPECIALS[text]
        sub = ""
        if text == "tigress:pirate":
            sub = "as pirate"
        elif text == "tigress:escape":
            sub = "as escape"
        body = (f'<rect x="3" y="3" width="{CARD_W - 6}" height="{CARD_H - 6}" rx="4" '
                f'style="fill:none;stroke:{_INK};stroke-width:1;stroke-dasharray:3 2"/>'
                + _text(CARD_W / 2, 30, symbol, 22, _INK)
                + _text(CARD_W / 2, 47, word, 7 if len(word) > 5 else 8.5, _INK))
        if sub:
            body += _text(CARD_W / 2, 58, sub, 7, _INK2, "normal")
        return _frame(card_marker("sk", text), words, body, scale, edge=_INK if not highlight else edge,
                      width=2.5 if not highlight else width)
    if len(text) >= 2 and text[0] in _SK_SUITS and text[1:].isdigit() and 1 <= int(text[1:]) <= 14:
        symbol, word, colour = _SK_SUITS[text[0]]
        rank = text[1:]
        body = (f'<rect x="1" y="1" width="{CARD_W - 2}" height="11" rx="4" style="fill:{colour}"/>'
                + _text(CARD_W / 2, 10, text[0], 9, "#ffffff")
                + _text(CARD_W / 2, 38, rank, 20, _INK)
                + _text(CARD_W / 2, 58, symbol, 13, colour))
        return _frame(card_marker("sk", text), f"{word} {rank}", body, scale, edge=edge, width=width)
    raise ValueError(f"{name!r} is not a Skull King card notation")
