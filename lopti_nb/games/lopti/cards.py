"""Lopti's 52 cards. Suits never matter in Lopti; they only tell cards apart.

A card is an ``int`` 0..51: ``rank_index = card >> 2``, ``suit = card & 3``. Rank indices
run 2 3 4 5 6 7 8 9 10 J Q K A, so among the ordinary ranks (4 5 6 8 9 J Q K A) a larger
index is a higher card.
"""
from __future__ import annotations

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("C", "D", "H", "S")
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RANK_INDEX = {r: i for i, r in enumerate(RANKS)}

TWO, THREE, SEVEN, TEN = (RANK_INDEX[r] for r in ("2", "3", "7", "10"))

# Special ranks as data: what each one does, read by rules.py, explainers and the widget.
SPECIALS = {
    TWO: {"name": "2", "stays": True, "resets": True,
          "summary": "Goes on anything but a live 3 duty; the next play may be any rank."},
    THREE: {"name": "3", "stays": False, "passes_duty": True,
            "summary": "Always playable and leaves play at once; on a pile, the next player "
                       "must answer with 3s or take the pile. Four in a chain clear."},
    SEVEN: {"name": "7", "stays": True, "directs_down": True,
            "summary": "The next play must be a 4, 5 or 6 (or a 2, 3 or more 7s); no 10 on a 7."},
    TEN: {"name": "10", "stays": False, "clears": True,
          "summary": "Clears the pile at once and earns a bonus play; never on a 7."},
}
SPECIAL_RANKS = frozenset(SPECIALS)
ORDINARY_RANKS = tuple(i for i in range(13) if i not in SPECIAL_RANKS)
LOW_UNDER_SEVEN = frozenset(RANK_INDEX[r] for r in ("4", "5", "6"))

DECK = tuple(range(52))


def rank_of(card: int) -> int:
    return card >> 2


def card_name(card: int) -> str:
    """``"9S"``, ``"10H"``, ``"AC"``: rank then suit letter."""
    return RANKS[card >> 2] + SUITS[card & 3]


def card_label(card: int) -> str:
    """A display label with the suit symbol: ``"9\u2660"``."""
    return RANKS[card >> 2] + SUIT_SYMBOLS[SUITS[card & 3]]


NAMES = tuple(card_name(c) for c in DECK)
_CARD_BY_NAME = {name: c for c, name in enumerate(NAMES)}


def parse_card(text: str) -> int:
    """The card for a name like ``"9S"`` or ``"10h"``; ``ValueError`` otherwise."""
    if isinstance(text, int) and 0 <= text < 52:
        return text
    key = str(text).strip().upper()
    if key not in _CARD_BY_NAME:
        raise ValueError(f"{text!r} is not a Lopti card: write a rank (2-10, J, Q, K, A) and a suit letter (C, D, H, S), e.g. '9S'")
    return _CARD_BY_NAME[key]


def parse_rank(text: str) -> int:
    """The rank index for ``"9"``, ``"10"``, ``"j"``...; ``ValueError`` otherwise."""
    key = str(text).strip().upper()
    if key in RANK_INDEX:
        return RANK_INDEX[key]
    raise ValueError(f"{text!r} is not a Lopti rank; ranks are {' '.join(RANKS)}")
