"""Events of The Drowned Ledger. Each describes itself in a sentence.

Flips are face up, so dives, catches, opens and sales are public. What a diver carries into
the hand after surfacing is sealed: ``Surfaced.for_seat`` hides the cards from other seats.
Every coin that leaves the bank is recorded by a :class:`Paid` event (with its reason).
"""
from __future__ import annotations

from dataclasses import dataclass

from lopti_nb.engine import Event, plural, seat_word

from .cards import Card


def _name(seat: int) -> str:
    # the engine's seat words: counted from 1 in every text a person reads ("Seat 1" is index 0)
    return seat_word(seat)


def _count(n: int, one: str, many: str) -> str:
    return plural(n, one, many)


def _cards(cards) -> str:
    return ", ".join(map(str, cards)) if cards else "nothing"


@dataclass(frozen=True)
class GameStarted(Event):
    players: int
    offices: tuple  # office name per seat, or () in plain mode
    sea: int
    sea_claim: int

    def describe(self) -> str:
        text = f"A game of The Drowned Ledger for {self.players} begins; the sea stands at {self.sea} and claims at {self.sea_claim}."
        if self.offices:
            text += " Offices: " + "; ".join(f"{_name(s)} is {o}" for s, o in enumerate(self.offices)) + "."
        return text


@dataclass(frozen=True)
class Flipped(Event):
    seat: int
    card: Card
    result: str  # "machine", "near-miss", "live"

    def describe(self) -> str:
        if self.result == "machine":
            return f"{_name(self.seat)} flips {self.card} into the haul."
        if self.result == "near-miss":
            return f"{_name(self.seat)} flips {self.card}: a near-miss, discarded."
        return f"{_name(self.seat)} flips {self.card}: a live hazard, the dive is caught!"


@dataclass(frozen=True)
class Surfaced(Event):
    seat: int
    cards: tuple | None  # None when redacted
    count: int
    automatic: bool

    def describe(self) -> str:
        how = "The hold is full: " if self.automatic else ""
        what = plural(self.count, "sealed card") if self.cards is None else _cards(self.cards)
        return f"{how}{_name(self.seat)} surfaces with {what}."

    def for_seat(self, seat):
        if seat == self.seat or self.cards is None:
            return self
        return Surfaced(self.seat, None, self.count, self.automatic)


@dataclass(frozen=True)
class ReckoningDrawn(Event):
    seat: int
    name: str
    lost: tuple
    kept: tuple
    opened: tuple
    triggers: int

    def describe(self) -> str:
        text = f"The Reckoning for {_name(self.seat)}: {self.name}."
        if self.lost:
            text += f" The sea takes {_cards(self.lost)}."
        if self.kept:
            text += f" {plural(len(self.kept), 'machine')} come{'s' if len(self.kept) == 1 else ''} up sealed."
        if self.opened:
            text += f" {_cards(self.opened)} must be opened."
        text += {0: " The water holds.", 1: " A sea trigger.", 2: " A double sea trigger."}[self.triggers]
        return text


@dataclass(frozen=True)
class Opened(Event):
    seat: int
    cards: tuple
    forced: bool
    gifts: tuple  # (seat, coins) pairs

    def describe(self) -> str:
        text = f"{_name(self.seat)} {'is forced to open' if self.forced else 'opens'} {_cards(self.cards)}."
        if self.gifts:
            text += " Gifts: " + ", ".join(f"{_name(s)} +{c}" for s, c in self.gifts) + "."
        return text


@dataclass(frozen=True)
class Sold(Event):
    seat: int
    card: Card
    coins: int
    new_price: int
    trigger: bool

    def describe(self) -> str:
        text = f"{_name(self.seat)} sells a sealed {self.card.suit_name} for {plural(self.coins, 'coin')}; the price is now {self.new_price}."
        return text + (" A sea trigger." if self.trigger else " Quietly: no sea trigger.")


@dataclass(frozen=True)
class Paid(Event):
    seat: int
    coins: int
    reason: str  # "sale", "gift", "salvage", or an office privilege

    def describe(self) -> str:
        return f"{_name(self.seat)} takes {plural(self.coins, 'coin')} from the bank ({self.reason})."


@dataclass(frozen=True)
class Reshuffled(Event):
    deck: str  # "wreck" or "reckoning"
    cards: int

    def describe(self) -> str:
        if self.deck == "wreck":
            return f"The wreck deck is empty: {self.cards} discards are shuffled into a new one."
        return f"The Reckoning deck is empty: its {self.cards} cards are shuffled again."


@dataclass(frozen=True)
class DutyCaught(Event):
    seat: int
    office: str
    action: str
    coins_returned: tuple  # per seat, coins given back to the bank by the undo
    suspended_through: int
    undone: int = 0  # how many events just before this one describe the undone action

    def describe(self) -> str:
        return (f"The table catches {_name(self.seat)} ({self.office}) breaking the duty with "
                f"'{self.action}': it is undone as far as the cards allow, and the privilege is "
                f"suspended through round {self.suspended_through}.")


@dataclass(frozen=True)
class SeaRose(Event):
    """The round's first sea trigger moves the sea at once (rules reference §2.4); ``rise`` is how far
    it really moved (the claim caps it), ``claimed`` whether it has reached the claim."""

    round: int
    rise: int
    sea: int
    claimed: bool = False

    def describe(self) -> str:
        step = "step" if self.rise == 1 else "steps"
        text = f"The round's first sea trigger: the sea rises {self.rise} {step}, to {self.sea}."
        if self.claimed:
            text += " The Sea Claims: this round is played to its end, then the game is over."
        return text


@dataclass(frozen=True)
class RoundEnded(Event):
    round: int
    rise: int  # how far the sea rose during this round (0-2)
    sea: int

    def describe(self) -> str:
        if self.rise == 0:
            return f"Round {self.round} ends; the sea stayed at {self.sea} this round."
        return f"Round {self.round} ends; the sea stands at {self.sea}."


@dataclass(frozen=True)
class GameEnded(Event):
    scores: tuple
    stalemate: bool

    def describe(self) -> str:
        head = "The game is stopped by the round cap." if self.stalemate else "The Sea Claims: the game is over."
        return head + " Scores: " + ", ".join(f"{_name(s)} {p}" for s, p in enumerate(self.scores)) + "."
