"""Lopti's cards as SVG strings (no ipywidgets: any HTML page can show them).

    >>> from lopti_nb.games.lopti.pictures import lopti_card_svg
    >>> 'CLEAR' in lopti_card_svg('10H')
    True
"""
from __future__ import annotations


from lopti_nb.widgets.svg import (
    BLUE as _BLUE, CARD_H, CARD_W, EDGE as _EDGE, FACE as _FACE, INK as _INK, RED as _RED, card_frame as _frame, card_marker, card_text as _text,
)

__all__ = ['lopti_card_svg']


# -- Lopti ----------------------------------------------------------------------------------
_LOPTI_SUITS = {"C": ("\u2663", "clubs", _INK), "D": ("\u2666", "diamonds", _RED),
                "H": ("\u2665", "hearts", _RED), "S": ("\u2660", "spades", _INK)}
_LOPTI_SPECIAL = {"2": "RESET", "3": "DUTY", "7": "DOWN", "10": "CLEAR"}
_LOPTI_RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def lopti_card_svg(name: str, scale: float = 1.0, highlight: bool = False) -> str:
    """A Lopti card from its name (``"9S"``, ``"10H"``, ``"AC"``).

    The special ranks (2, 3, 7, 10) carry a word saying what they do (RESET, DUTY, DOWN,
    CLEAR) and a thicker border.
    """
    name = str(name).upper()
    rank, suit = name[:-1], name[-1:]
    if suit not in _LOPTI_SUITS or rank not in ("2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                "J", "Q", "K", "A"):
        raise ValueError(f"{name!r} is not a Lopti card name such as '9S'")
    symbol, suit_word, colour = _LOPTI_SUITS[suit]
    label = f"{_LOPTI_RANK_WORDS.get(rank, rank)} of {suit_word}"
    special = _LOPTI_SPECIAL.get(rank)
    body = (_text(4, 15, rank, 13, colour, anchor="start") + _text(5, 27, symbol, 12, colour, anchor="start")
            + _text(CARD_W / 2 + 3, 44, symbol, 24, colour))
    big = _text(CARD_W - 5, 15, rank, 10, colour, "normal", anchor="end")
    body += big
    if special:
        label += f" (special: {special.lower()})"
        body += (f'<rect x="4" y="{CARD_H - 17}" width="{CARD_W - 8}" height="12" rx="2" '
                 f'style="fill:{_INK};opacity:0.85"/>'
                 + _text(CARD_W / 2, CARD_H - 8, special, 8, _FACE))
    edge, width = (_BLUE, 3) if highlight else ((_INK, 2.5) if special else (_EDGE, 1.5))
    return _frame(card_marker("lopti", name), label, body, scale, edge=edge, width=width)
