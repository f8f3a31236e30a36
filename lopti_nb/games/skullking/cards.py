"""Skull King cards: the notation, a declarative table of the special cards, and lookup
tables precomputed once so the rules and the engine never parse a string twice.

Notation
--------
* Number cards are a suit letter and a rank 1-14: ``Y`` yellow, ``P`` purple, ``G`` green,
  ``B`` black (the Jolly Roger trump suit). Examples: ``"Y7"``, ``"B14"``.
* Special cards are lower-case names: ``"pirate"``, ``"skull-king"``, ``"mermaid"``,
  ``"escape"``, ``"loot"``, ``"kraken"``, ``"white-whale"``.
* The Tigress is a single card in a hand, written ``"tigress"``. When she is played her
  owner declares what she is, so in a trick she is always ``"tigress:pirate"`` or
  ``"tigress:escape"``. An undeclared ``"tigress"`` is a valid card in a hand but can not
  take part in a trick.

Card strings are the canonical form everywhere in the engine (hands, actions, events,
observations). :func:`parse_card` turns a string into a :class:`Card` record; every rule
function accepts either.
"""
from __future__ import annotations

import sys
from typing import NamedTuple

from lopti_nb.engine import LoptiNbError
from lopti_nb.engine.settings import shown


class CardError(LoptiNbError):
    """A card, trick, hand or score argument the Skull King rules cannot read (a ``ValueError``)."""

# -- kinds (small ints so the hot paths compare integers) ----------------------------------
NUMBER = 0
PIRATE = 1  # also the Tigress declared as a pirate
SKULL_KING = 2
MERMAID = 3
ESCAPE = 4  # also Loot and the Tigress declared as an escape
KRAKEN = 5
WHALE = 6
TIGRESS = 7  # the undeclared Tigress, as she sits in a hand

KIND_NAMES = {
    NUMBER: "number", PIRATE: "pirate", SKULL_KING: "skull-king", MERMAID: "mermaid",
    ESCAPE: "escape", KRAKEN: "kraken", WHALE: "white-whale", TIGRESS: "tigress",
}

SUITS = ("Y", "P", "G", "B")
SUIT_NAMES = {"Y": "yellow", "P": "purple", "G": "green", "B": "black"}
RANKS = range(1, 15)
BLACK = "B"


class Special(NamedTuple):
    """One line of the special-card table."""

    text: str  # notation
    kind: int  # how it behaves in a trick
    count: int  # copies in the deck (0: only exists as a declaration)
    legendary: bool  # part of the Legendary expansion (left out by ``legendary=False``)
    suit_free_lead: bool  # as the first card of a trick that is not escape-like, it frees the trick
    name: str  # English, for event sentences


# The declarative table of every special card (and the two Tigress declarations).
SPECIALS: tuple[Special, ...] = (
    Special("pirate", PIRATE, 5, False, True, "a Pirate"),
    Special("tigress", TIGRESS, 1, False, False, "the Tigress"),
    Special("tigress:pirate", PIRATE, 0, False, True, "the Tigress as a pirate"),
    Special("tigress:escape", ESCAPE, 0, False, False, "the Tigress as an escape"),
    Special("skull-king", SKULL_KING, 1, False, True, "the Skull King"),
    Special("mermaid", MERMAID, 2, False, True, "a Mermaid"),
    Special("escape", ESCAPE, 5, False, False, "an Escape"),
    Special("loot", ESCAPE, 2, True, False, "a Loot"),
    Special("kraken", KRAKEN, 1, True, True, "the Kraken"),
    Special("white-whale", WHALE, 1, True, True, "the White Whale"),
)


class Card(NamedTuple):
    """A parsed card. ``str(card)`` is its notation."""

    text: str
    kind: int
    suit: str | None  # number cards only
    rank: int  # 1-14 for numbers, 0 for specials
    name: str

    def __str__(self) -> str:
        return self.text

    @property
    def is_number(self) -> bool:
        return self.kind == NUMBER

    @property
    def kind_name(self) -> str:
        return KIND_NAMES[self.kind]


# -- the lookup tables ----------------------------------------------------------------------
CARDS: dict[str, Card] = {}
for _s in SUITS:
    for _r in RANKS:
        _t = sys.intern(f"{_s}{_r}")  # one shared string object per card: fast lookups
        CARDS[_t] = Card(_t, NUMBER, _s, _r, f"{SUIT_NAMES[_s]} {_r}")
for _sp in SPECIALS:
    CARDS[sys.intern(_sp.text)] = Card(sys.intern(_sp.text), _sp.kind, None, 0, _sp.name)

KIND: dict[str, int] = {t: c.kind for t, c in CARDS.items()}
SUIT: dict[str, str | None] = {t: c.suit for t, c in CARDS.items()}
RANK: dict[str, int] = {t: c.rank for t, c in CARDS.items()}
NAME: dict[str, str] = {t: c.name for t, c in CARDS.items()}
SUIT_FREE_LEAD: frozenset[str] = frozenset(sp.text for sp in SPECIALS if sp.suit_free_lead)
LOOT = "loot"
#: captured-14 bonus of each card (0 for everything else)
FOURTEEN_BONUS: dict[str, int] = {t: (20 if c.suit == BLACK else 10) if c.rank == 14 else 0
                                  for t, c in CARDS.items()}
#: cards as they may appear in a trick (the Tigress only declared)
PLAYABLE: frozenset[str] = frozenset(t for t, c in CARDS.items() if c.kind != TIGRESS)
#: cards as they may appear in a hand (the Tigress only undeclared)
HOLDABLE: frozenset[str] = frozenset(t for t in CARDS if not t.startswith("tigress:"))

# A sort key for displaying hands: suits in order, then the specials in table order.
_ORDER = [f"{s}{r}" for s in SUITS for r in RANKS] + [sp.text for sp in SPECIALS]
SORT_KEY: dict[str, int] = {t: i for i, t in enumerate(_ORDER)}


def build_deck(legendary: bool = True) -> tuple[str, ...]:
    """The deck as a tuple of card strings: 74 cards, or 70 without the Legendary cards."""
    deck = [CARDS[f"{s}{r}"].text for s in SUITS for r in RANKS]
    for sp in SPECIALS:
        if sp.count and (legendary or not sp.legendary):
            deck.extend([CARDS[sp.text].text] * sp.count)
    return tuple(deck)


def parse_card(text) -> Card:
    """The :class:`Card` written ``text`` in the notation above.

    Raises :class:`CardError` (a ``ValueError``) for anything that is not a card (wrong
    case, ``"Y0"``, ``"Y15"``, ``"Y07"``, unknown names, non-strings). A :class:`Card` is
    returned unchanged when it is one of the deck's (a made-up ``Card(...)`` is refused).
    """
    if isinstance(text, Card):
        if isinstance(text.text, str) and CARDS.get(text.text) == text:
            return CARDS[text.text]
        raise CardError(f"{shown(text)} is not one of the Skull King cards; use parse_card('Y7').")
    if isinstance(text, str):
        card = CARDS.get(text)
        if card is not None:
            return card
    raise CardError(
        f"{shown(text)} is not a Skull King card: write a suit letter (Y, P, G, B) and a rank "
        "1-14 such as 'Y7', or a special such as pirate, skull-king, mermaid or tigress:escape."
    )


def card_text(card) -> str:
    """The notation of a card given as a string or a :class:`Card` (validated)."""
    if isinstance(card, str) and card in CARDS:
        return card
    return parse_card(card).text


def card_name(card: str) -> str:
    """English words for a card string ("yellow 7", "the Skull King")."""
    return NAME[card_text(card)]
