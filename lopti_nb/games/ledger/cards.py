"""Cards of The Drowned Ledger: the wreck deck (machines and hazards) and the Reckoning deck.

Wreck cards are small integers with a readable face (:class:`Card` subclasses ``int``):

* a machine is ``10 * (suit + 1) + value`` (suit 0-4, printed value 1-9);
* a hazard is ``100 + number``.

Two cards with the same face are interchangeable, so equality is by face.

Deck composition
----------------
A *deck composition* (the ``deck`` setting, and the ``deck`` argument of
:mod:`lopti_nb.games.ledger.risk`) is a mapping with three optional keys:

``suits``
    how many machine suits are used (1-5, default 5: Compass, Lantern, Telegraph, Engine,
    Orrery);
``values``
    the printed values of one suit's machines, one entry per copy (default
    ``(1, 1, 2, 2, 3, 3, 4, 5)``: eight machines per suit);
``hazards``
    ``{number: copies}`` (default two copies of each number 1-9).

The default makes the table's 58-card wreck deck (40 machines, 18 hazards).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from lopti_nb.engine import LoptiNbError, SettingsError
from lopti_nb.engine.limits import shown

SUITS = ("Compass", "Lantern", "Telegraph", "Engine", "Orrery")
DEFAULT_VALUES = (1, 1, 2, 2, 3, 3, 4, 5)
DEFAULT_HAZARDS = {n: 2 for n in range(1, 10)}
# read-only, so the default can be shared safely as a setting's default value
DEFAULT_DECK = MappingProxyType({"suits": 5, "values": DEFAULT_VALUES,
                                 "hazards": MappingProxyType(dict(DEFAULT_HAZARDS))})

HAZARD_BASE = 100


class CardError(LoptiNbError):
    """Text or a number that is not a card of The Drowned Ledger."""


class Card(int):
    """One wreck card. ``str(card)`` reads like ``"Compass 3"`` or ``"Hazard 7"``."""

    __slots__ = ()

    @property
    def is_hazard(self) -> bool:
        return self >= HAZARD_BASE

    @property
    def is_machine(self) -> bool:
        return self < HAZARD_BASE

    @property
    def suit(self) -> int | None:
        """Suit index (0-4) of a machine, ``None`` for a hazard."""
        return int(self) // 10 - 1 if self < HAZARD_BASE else None

    @property
    def suit_name(self) -> str | None:
        return SUITS[int(self) // 10 - 1] if self < HAZARD_BASE else None

    @property
    def value(self) -> int:
        """Printed value of a machine (0 for a hazard)."""
        return int(self) % 10 if self < HAZARD_BASE else 0

    @property
    def number(self) -> int:
        """Number of a hazard (0 for a machine)."""
        return int(self) - HAZARD_BASE if self >= HAZARD_BASE else 0

    def __str__(self) -> str:
        if self >= HAZARD_BASE:
            return f"Hazard {int(self) - HAZARD_BASE}"
        return f"{SUITS[int(self) // 10 - 1]} {int(self) % 10}"

    def __repr__(self) -> str:
        # The face as a quoted literal, which Card.parse reads back: an action's repr (and its
        # text in a game record) is then ``Sell(card='Compass 3')``, a call that rebuilds it.
        return repr(str(self))

    def __reduce__(self):
        return (card_from_code, (int(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @staticmethod
    def parse(text: "str | int | Card") -> "Card":
        """A card from its face (``"Compass 3"``, ``"hazard 7"``) or its code."""
        if isinstance(text, Card):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            return card_from_code(text)
        if isinstance(text, str):
            parts = text.strip().split()
            if len(parts) == 2 and parts[1].isdigit():
                name, num = parts[0].capitalize(), int(parts[1])
                if name == "Hazard" and 1 <= num <= 99:
                    return hazard(num)
                if name in SUITS and 1 <= num <= 9:
                    return machine(SUITS.index(name), num)
        raise CardError(f"{shown(text)} is not a Drowned Ledger card (try 'Compass 3' or 'Hazard 7')")


_CACHE: dict[int, Card] = {}


def card_from_code(code: int) -> Card:
    card = _CACHE.get(code)
    if card is None:
        if not (11 <= code <= 59 and code % 10) and not (HAZARD_BASE + 1 <= code <= HAZARD_BASE + 99):
            raise CardError(f"{shown(code)} is not a Drowned Ledger card code")
        card = _CACHE[code] = Card(code)
    return card


def machine(suit: int, value: int) -> Card:
    return card_from_code(10 * (suit + 1) + value)


def hazard(number: int) -> Card:
    return card_from_code(HAZARD_BASE + number)


_DECK_CACHE: dict = {}


@dataclass(frozen=True)
class DeckSpec:
    """A validated deck composition (see the module docstring)."""

    suits: int = 5
    values: tuple[int, ...] = DEFAULT_VALUES
    hazards: tuple[tuple[int, int], ...] = tuple(sorted(DEFAULT_HAZARDS.items()))

    @property
    def machine_count(self) -> int:
        return self.suits * len(self.values)

    def cards(self) -> list[Card]:
        """Every card of the wreck deck, in a fixed (unshuffled) order (a new list)."""
        cached = _DECK_CACHE.get(self)
        if cached is None:
            out = [machine(s, v) for s in range(self.suits) for v in self.values]
            out += [hazard(n) for n, c in self.hazards for _ in range(c)]
            cached = _DECK_CACHE[self] = tuple(out)
        return list(cached)

    def counter(self) -> Counter:
        return Counter(self.cards())

    def as_dict(self) -> dict[str, Any]:
        return {"suits": self.suits, "values": self.values, "hazards": dict(self.hazards)}


MAX_DECK = 1000  # cards in a wreck deck at most (the table's deck has 58)
MAX_VALUES = 100  # printed values a deck lists at most


def deck_spec(deck: Any = None) -> DeckSpec:
    """Validate a deck composition; ``None`` is the default 58-card deck.

    Raises :class:`SettingsError` (a ``ValueError``) saying what is wrong.
    """
    if deck is None or deck is DEFAULT_DECK:
        return _DEFAULT_SPEC
    if isinstance(deck, DeckSpec):
        return deck
    if not isinstance(deck, Mapping):
        raise SettingsError(f"deck must be a mapping with keys suits, values, hazards, not {shown(deck)}")
    unknown = set(deck) - {"suits", "values", "hazards"}
    if unknown:
        raise SettingsError(f"deck has unknown key(s) {', '.join(sorted(map(shown, unknown)))}; "
                            "use suits, values, hazards")
    suits = deck.get("suits", 5)
    if not isinstance(suits, int) or isinstance(suits, bool) or not 1 <= suits <= len(SUITS):
        raise SettingsError(f"deck suits must be a whole number 1-{len(SUITS)}, not {shown(suits)}")
    values = deck.get("values", DEFAULT_VALUES)
    if not isinstance(values, (list, tuple)):
        raise SettingsError(f"deck values must be a list of printed values, not {shown(values)}")
    if len(values) > MAX_VALUES:
        raise SettingsError(f"deck values lists at most {MAX_VALUES} printed values, not {len(values):,}")
    values = tuple(values)
    if not values or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 9 for v in values):
        raise SettingsError(f"deck values must be a non-empty list of whole numbers 1-9, not {shown(values)}")
    hazards = deck.get("hazards", DEFAULT_HAZARDS)
    if not isinstance(hazards, Mapping):
        raise SettingsError(f"deck hazards must map hazard numbers to copies, not {shown(hazards)}")
    items = []
    for n, c in hazards.items():
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 99:
            raise SettingsError(f"hazard numbers must be whole numbers 1-99, not {shown(n)}")
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c <= MAX_DECK:
            raise SettingsError(f"hazard {n} must have a whole number of copies from 0 to "
                                f"{MAX_DECK}, not {shown(c)}")
        if c:
            items.append((n, c))
    if not items:
        raise SettingsError("the deck needs at least one hazard (else no dive can be caught "
                            "and a wreck deck could run dry)")
    size = suits * len(values) + sum(c for _, c in items)
    if size > MAX_DECK:
        raise SettingsError(f"a wreck deck holds at most {MAX_DECK} cards; this one would hold {size:,}")
    return DeckSpec(suits=suits, values=values, hazards=tuple(sorted(items)))


_DEFAULT_SPEC = DeckSpec()


def composition(cards: Iterable[Card]) -> Counter:
    return Counter(cards)


# --------------------------------------------------------------------------------------
# The Reckoning deck
# --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Reckoning:
    """One kind of Reckoning card and its effect, as data.

    ``lose``: which machines of the haul the sea takes: ``"all"``, ``"half"`` (half,
    rounded up, the latest first), ``"one"`` (the latest) or ``"none"``.
    ``keep_diving``: the dive goes on. ``open_all``: the haul is opened at once.
    ``coin_per_lost``: coins per machine taken. ``triggers``: 0, 1 or 2 (a double trigger).
    """

    name: str
    copies: int
    lose: str
    keep_diving: bool
    open_all: bool
    coin_per_lost: int
    triggers: int
    text: str


RECKONINGS: tuple[Reckoning, ...] = (
    Reckoning("The Sea Takes It All", 4, "all", False, False, 0, 1,
              "The whole haul sinks; the sea stirs."),
    Reckoning("Cut the Line", 2, "half", False, False, 0, 1,
              "The newer half of the haul (rounded up) sinks; the diver comes up with the rest."),
    Reckoning("One for the Water", 1, "one", False, False, 0, 1,
              "The newest machine sinks; the diver comes up with the rest."),
    Reckoning("The Sea Blinks", 1, "none", True, False, 0, 1,
              "Nothing is lost and the dive goes on; the sea stirs."),
    Reckoning("Salvage Rights", 1, "all", False, False, 1, 1,
              "The haul sinks, but the diver is paid a coin for every machine lost."),
    Reckoning("Forced to Account", 1, "none", False, True, 0, 1,
              "The haul is opened into the yard on the spot, gifts and all."),
    Reckoning("The Sea Rises Twice", 1, "all", False, False, 0, 2,
              "The haul sinks and the sea stirs twice over."),
    Reckoning("The Water Holds", 1, "all", False, False, 0, 0,
              "The haul sinks, but the water stays where it is."),
)
RECKONING_BY_NAME = {r.name: r for r in RECKONINGS}
DEFAULT_RECKONING = {r.name: r.copies for r in RECKONINGS}


def reckoning_deck() -> list[int]:
    """A fresh, unshuffled Reckoning deck as indices into :data:`RECKONINGS` (12 cards)."""
    return [i for i, r in enumerate(RECKONINGS) for _ in range(r.copies)]


def lost_count(rule: Reckoning, haul_size: int) -> int:
    """How many machines of a haul of ``haul_size`` this Reckoning takes."""
    if rule.lose == "all":
        return haul_size
    if rule.lose == "half":
        return (haul_size + 1) // 2
    if rule.lose == "one":
        return min(1, haul_size)
    return 0
