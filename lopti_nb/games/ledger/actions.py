"""The actions of The Drowned Ledger: small immutable values with a readable ``str``.

A turn is exactly one of ``Dive()``, ``Open(cards)`` or ``Sell(card)``. ``Dive()`` makes the
first flip; after every flip that leaves the diver in the water the diver decides again with
``FlipAgain()`` or ``Surface()``.

``Open`` takes any non-empty selection of the sealed cards in hand. ``legal_actions()`` does
not list every one of the (up to 2**hand - 1) selections: it lists each single card, each
whole suit held two or more times, and the whole hand. Any other non-empty selection is still
legal and accepted by ``apply()`` / ``why_illegal()``. Cards may be given as
:class:`~lopti_nb.games.ledger.cards.Card` values, codes or faces (``"Compass 3"``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from lopti_nb.engine.limits import shown

from .cards import Card, CardError

MAX_OPEN = 100  # cards one Open may name (a hand never holds more)


@dataclass(frozen=True)
class Dive:
    kind: ClassVar[str] = "dive"

    def __str__(self) -> str:
        return "Dive"


@dataclass(frozen=True)
class FlipAgain:
    kind: ClassVar[str] = "flip"

    def __str__(self) -> str:
        return "Flip again"


@dataclass(frozen=True)
class Surface:
    kind: ClassVar[str] = "surface"

    def __str__(self) -> str:
        return "Surface"


def _parse_cards(cards) -> tuple[Card, ...]:
    if isinstance(cards, (str, int)):
        cards = (cards,)
    if not isinstance(cards, (list, tuple, set, frozenset)):
        raise CardError(f"Open takes a list of cards (like ['Compass 3']), not {shown(cards)}.")
    if len(cards) > MAX_OPEN:
        raise CardError(f"Open names at most {MAX_OPEN} cards, not {len(cards):,}.")
    return tuple(sorted(Card.parse(c) for c in cards))


@dataclass(frozen=True)
class Open:
    """Open a selection of sealed cards (stored sorted, so the order given does not matter)."""

    cards: tuple[Card, ...]
    kind: ClassVar[str] = "open"

    def __post_init__(self):
        cards = self.cards
        if type(cards) is not tuple or any(type(c) is not Card for c in cards) or list(cards) != sorted(cards):
            object.__setattr__(self, "cards", _parse_cards(cards))

    def __str__(self) -> str:
        return "Open " + ", ".join(map(str, self.cards)) if self.cards else "Open nothing"


@dataclass(frozen=True)
class Sell:
    """Sell one sealed card at its suit's market price."""

    card: Card
    kind: ClassVar[str] = "sell"

    def __post_init__(self):
        if type(self.card) is not Card:
            object.__setattr__(self, "card", Card.parse(self.card))

    def __str__(self) -> str:
        return f"Sell {self.card}"


DIVE = Dive()
FLIP = FlipAgain()
SURFACE = Surface()
