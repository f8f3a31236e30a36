"""What can happen in a round of Lopti, each able to say itself in words."""
from __future__ import annotations

from dataclasses import dataclass

from ...engine import Event, plural, seat_word as _seat
from .cards import RANKS, card_label


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join(card_label(c) for c in cards)


def _ranks(rank: int, count: int) -> str:
    r = RANKS[rank]
    return (f"an {r}" if r in ("8", "A") else f"a {r}") if count == 1 else f"{count} \u00d7 {r}"


@dataclass(frozen=True)
class Dealt(Event):
    dealer: int
    leader: int
    face_up: tuple[tuple[int, ...], ...]  # public: every seat's three face-up cards

    def describe(self) -> str:
        ups = "; ".join(f"{_seat(s)}: {_cards(c)}" for s, c in enumerate(self.face_up))
        return f"{_seat(self.dealer)} deals. Face-up cards \u2014 {ups}. {_seat(self.leader)} leads."


@dataclass(frozen=True)
class Swapped(Event):
    seat: int
    given: int  # hand card now face up (public)
    taken: int  # face-up card now in hand (public: it was face up)

    def describe(self) -> str:
        return f"{_seat(self.seat)} swaps {card_label(self.taken)} from the table for {card_label(self.given)} from hand."


@dataclass(frozen=True)
class KeptCards(Event):
    seat: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} keeps their cards as dealt."


@dataclass(frozen=True)
class Played(Event):
    seat: int
    rank: int
    cards: tuple[int, ...]
    source: str  # "hand" or "blind"
    bonus: bool  # a bonus play after a clear

    def describe(self) -> str:
        how = "a bonus play: " if self.bonus else ""
        if self.source == "blind":
            return f"{_seat(self.seat)} flips a face-down card ({how}{card_label(self.cards[0])}) and it is legal."
        return f"{_seat(self.seat)} plays {how}{_cards(self.cards)}."


@dataclass(frozen=True)
class BlindMiss(Event):
    seat: int
    card: int
    reason: str

    def describe(self) -> str:
        return f"{_seat(self.seat)} flips a face-down {card_label(self.card)}, which cannot be played: {self.reason}"


@dataclass(frozen=True)
class Cleared(Event):
    seat: int
    how: str  # "ten", "four", "chain", "motion" (a custom clear)
    cards: int  # how many cards left play with the pile
    motion: int | None = None  # the motion whose condition made a custom clear

    def describe(self) -> str:
        why = {"ten": "with a 10", "four": "with four of a kind", "chain": "with the fourth 3 of a chain",
               "motion": f"as motion {self.motion} says"}[self.how]
        return (f"{_seat(self.seat)} clears the pile {why} ({plural(self.cards, 'card')} "
                f"{'leaves' if self.cards == 1 else 'leave'} play).")


@dataclass(frozen=True)
class BonusPlay(Event):
    seat: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} takes a bonus play onto the empty table."


@dataclass(frozen=True)
class DutyPassed(Event):
    seat: int  # the player who now must play 3s or take the pile

    def describe(self) -> str:
        return f"{_seat(self.seat)} must now play 3s or take the pile."


@dataclass(frozen=True)
class Drew(Event):
    seat: int
    card: int | None  # None in the version other seats see
    left: int  # cards left in the draw pile

    def describe(self) -> str:
        what = card_label(self.card) if self.card is not None else "a card"
        return f"{_seat(self.seat)} draws {what} ({self.left} left in the draw pile)."

    def for_seat(self, seat):
        return self if seat == self.seat else Drew(self.seat, None, self.left)


@dataclass(frozen=True)
class TookFaceUp(Event):
    seat: int
    cards: tuple[int, ...]

    def describe(self) -> str:
        return f"{_seat(self.seat)} has an empty hand and takes their face-up cards {_cards(self.cards)}."


@dataclass(frozen=True)
class PickedUp(Event):
    seat: int
    count: int
    forced: bool  # under a 3 duty

    def describe(self) -> str:
        why = " under the 3 duty" if self.forced else ""
        return f"{_seat(self.seat)} takes the pile{why} ({plural(self.count, 'card')})."


@dataclass(frozen=True)
class WentOut(Event):
    seat: int
    place: int

    def describe(self) -> str:
        if self.place == 1:
            return f"{_seat(self.seat)} plays their last card and wins the round!"
        return f"{_seat(self.seat)} is out in place {self.place}."


@dataclass(frozen=True)
class RoundOver(Event):
    winner: int | None
    stalemate: bool
    turns: int
    capped: bool = False  # stopped by a cap (with a winner out: not a stalemate)
    cap: str = "turn cap"  # which cap, in words: the turn cap, or a cap on actions in a round with motions

    def describe(self) -> str:
        if self.stalemate:
            return f"The round reaches the {self.cap} after {plural(self.turns, 'turn')} and ends as a stalemate."
        if self.capped:
            return (f"The round reaches the {self.cap} after {plural(self.turns, 'turn')}; {_seat(self.winner)} won, "
                    "and the players still in share the last place.")
        return f"The round is over after {plural(self.turns, 'turn')}; {_seat(self.winner)} won."


# -- motions (custom rules) at the table ---------------------------------------------------
# These appear only in sessions whose motions carry code; a round without motions never
# produces them.
@dataclass(frozen=True)
class MotionSaid(Event):
    motion: int  # the motion's number in the session
    text: str

    def describe(self) -> str:
        return f"Motion {self.motion}: {self.text}"


@dataclass(frozen=True)
class MotionRevealed(Event):
    motion: int
    seat: int
    card: int

    def describe(self) -> str:
        return f"Motion {self.motion}: {_seat(self.seat)} shows the table {card_label(self.card)}."


@dataclass(frozen=True)
class MotionDrew(Event):
    motion: int
    seat: int
    cards: tuple[int, ...] | None  # None in the version other seats see
    count: int
    left: int

    def describe(self) -> str:
        what = _cards(self.cards) if self.cards is not None else (
            "a card" if self.count == 1 else plural(self.count, "card"))
        return f"Motion {self.motion}: {_seat(self.seat)} draws {what} ({self.left} left in the draw pile)."

    def for_seat(self, seat):
        return self if seat == self.seat else MotionDrew(self.motion, self.seat, None, self.count, self.left)


@dataclass(frozen=True)
class MotionGave(Event):
    motion: int
    seat: int
    to: int
    cards: tuple[int, ...] | None  # seen by giver and receiver only
    count: int

    def describe(self) -> str:
        what = _cards(self.cards) if self.cards is not None else (
            "a card" if self.count == 1 else plural(self.count, "card"))
        return f"Motion {self.motion}: {_seat(self.seat)} gives {what} to {_seat(self.to)}."

    def for_seat(self, seat):
        if seat == self.seat or seat == self.to:
            return self
        return MotionGave(self.motion, self.seat, self.to, None, self.count)


@dataclass(frozen=True)
class MotionDiscarded(Event):
    motion: int
    seat: int
    cards: tuple[int, ...]  # public: they leave the round face up

    def describe(self) -> str:
        return f"Motion {self.motion}: {_seat(self.seat)} puts {_cards(self.cards)} out of the round."


@dataclass(frozen=True)
class MotionReturned(Event):
    """Cards of the last clear come back into the round (they were seen by everyone)."""

    motion: int
    seat: int | None  # whose hand they join; None: the draw pile, shuffled
    cards: tuple[int, ...]
    left: int  # cards in the draw pile afterwards

    def describe(self) -> str:
        if self.seat is None:
            return (f"Motion {self.motion}: {_cards(self.cards)} from the last clear go back into the draw pile, "
                    f"which is shuffled ({plural(self.left, 'card')}).")
        return f"Motion {self.motion}: {_seat(self.seat)} takes {_cards(self.cards)} from the last clear into the hand."


@dataclass(frozen=True)
class MotionAsks(Event):
    """A motion's effect waits for a person to choose cards."""

    motion: int
    seat: int
    what: str  # "give", "discard", "take back"
    count: int

    def describe(self) -> str:
        cards = "a card" if self.count == 1 else plural(self.count, "card")
        return f"Motion {self.motion}: {_seat(self.seat)} chooses {cards} to {self.what}."


@dataclass(frozen=True)
class MotionNote(Event):
    """An effect the engine could not carry out in full (nothing to draw, a player who is out...)."""

    motion: int
    text: str

    def describe(self) -> str:
        return f"Motion {self.motion} (no effect): {self.text}"


@dataclass(frozen=True)
class MotionFault(Event):
    """A motion's code misbehaved; it is switched off for the rest of the session."""

    motion: int
    reason: str

    def describe(self) -> str:
        return f"Motion {self.motion} misbehaved and its code is switched off: {self.reason}"
