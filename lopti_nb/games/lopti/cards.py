"""Lopti's 52 cards. Suits never matter in Lopti; they only tell cards apart.

A card is an ``int`` 0..51: ``rank_index = card >> 2``, ``suit = card & 3``. Rank indices
run 2 3 4 5 6 7 8 9 10 J Q K A, so among the ordinary ranks (4 5 6 8 9 J Q K A) a larger
index is a higher card.
"""
from __future__ import annotations

from lopti_nb.engine import LoptiNbError
from lopti_nb.engine.settings import shown


class CardError(LoptiNbError):
    """A card, rank, play or pile that Lopti's rules cannot read (a ``ValueError``)."""

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


def _check_code(card) -> None:
    # a bool is an int to Python, and a negative index would quietly name the wrong card
    if type(card) is not int or not 0 <= card < 52:
        raise CardError(f"A Lopti card is a number 0-51 here, not {shown(card)}.")


def card_name(card: int) -> str:
    """``"9S"``, ``"10H"``, ``"AC"``: rank then suit letter."""
    if type(card) is not int or not 0 <= card < 52:
        _check_code(card)
    return RANKS[card >> 2] + SUITS[card & 3]


def card_label(card: int) -> str:
    """A display label with the suit symbol: ``"9\u2660"``."""
    if type(card) is not int or not 0 <= card < 52:
        _check_code(card)
    return RANKS[card >> 2] + SUIT_SYMBOLS[SUITS[card & 3]]


NAMES = tuple(card_name(c) for c in DECK)
_CARD_BY_NAME = {name: c for c, name in enumerate(NAMES)}


def parse_card(text: str) -> int:
    """The card for a name like ``"9S"`` or ``"10h"`` (or a card number 0-51);
    :class:`CardError` (a ``ValueError``) otherwise."""
    if type(text) is int:
        _check_code(text)
        return text
    if isinstance(text, str):
        card = _CARD_BY_NAME.get(text.strip().upper())
        if card is not None:
            return card
    raise CardError(f"{shown(text)} is not a Lopti card: write a rank (2-10, J, Q, K, A) and a "
                    "suit letter (C, D, H, S), e.g. '9S'.")


def parse_rank(text: str) -> int:
    """The rank index for ``"9"``, ``"10"``, ``"j"``...; :class:`CardError` otherwise."""
    if isinstance(text, str):
        index = RANK_INDEX.get(text.strip().upper())
        if index is not None:
            return index
    # only text: a number could mean a rank or a rank index, and it is never guessed
    raise CardError(f"{shown(text)} is not a Lopti rank; ranks are {' '.join(RANKS)}.")
