"""Nim with secret pebbles: the toy game's rules, on the lopti_nb engine.

Piles of stones lie on the table. In turn, each player takes 1 to ``max_take`` stones from
one pile. With ``last_stone="wins"`` the player who takes the last stone wins; with
``"loses"`` that player loses. At the deal every player is also given 0-3 pebbles in secret
(``pebbles=True``); they are revealed and added to the scores at the end, so the table has
one hidden thing for the privacy check to look at.

Scores: pebbles, plus 4 for taking the last stone when it wins, minus 4 when it loses.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lopti_nb.engine import (Event, GameState, LoptiNbError, Result, Setting, SettingsError,
                             SettingsSchema, places_from_keys, seat_word)
from lopti_nb.engine.settings import shown

LAST_STONE = ("wins", "loses")
MAX_PILES, MAX_STONES = 6, 20
LAST_STONE_POINTS = 4  # more than any pebbles: taking a winning last stone always places first


class NoSuchSeat(LoptiNbError):
    """A seat number that is not at this table."""


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_piles(value: Any, players: int | None) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)) or not 1 <= len(value) <= MAX_PILES:
        raise SettingsError(f"piles lists 1 to {MAX_PILES} pile sizes, not {shown(value)}.")
    if not all(_whole(n) and 1 <= n <= MAX_STONES for n in value):
        raise SettingsError(f"each pile holds 1 to {MAX_STONES} stones, not {shown(value)}.")
    return tuple(value)


SCHEMA = SettingsSchema([
    Setting("piles", "data", (3, 4, 5), "How many stones each pile holds at the start.",
            lever=True, check=_check_piles, to_plain=list, from_plain=tuple),
    Setting("max_take", "int", 3, "The most stones one may take in a turn.", low=1, high=9,
            lever=True),
    Setting("last_stone", "choice", "wins", "Whether taking the last stone wins or loses.",
            choices=LAST_STONE, labels=("the last stone wins", "the last stone loses"), lever=True),
    Setting("pebbles", "bool", True, "Deal each player 0-3 secret pebbles, scored at the end.",
            labels=("secret pebbles", "no pebbles")),
    Setting("opener", "seat", 0, "The seat that takes first."),
])


# -- the action ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Take:
    """Take ``count`` stones from pile ``pile`` (piles are counted from 0)."""

    pile: int
    count: int

    def __str__(self) -> str:
        # Also said of refused actions, whose fields may be anything: never fail, stay short.
        pile = self.pile + 1 if _whole(self.pile) and abs(self.pile) < 10**6 else shown(self.pile)
        return f"take {shown(self.count)} from pile {pile}"


# -- events ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PebblesDealt(Event):
    pebbles: tuple  # per seat; None where the seat may not know

    def describe(self) -> str:
        known = [f"{seat_word(s)} holds {p}" for s, p in enumerate(self.pebbles) if p is not None]
        return "Every player is dealt secret pebbles." + (f" {'; '.join(known)}." if known else "")

    def for_seat(self, seat: int | None) -> "PebblesDealt":
        return PebblesDealt(tuple(p if s == seat else None for s, p in enumerate(self.pebbles)))


@dataclass(frozen=True)
class StonesTaken(Event):
    seat: int
    pile: int
    count: int
    left: int  # stones left in that pile

    def describe(self) -> str:
        stones = "stone" if self.count == 1 else "stones"
        return f"{seat_word(self.seat)} takes {self.count} {stones} from pile {self.pile + 1} ({self.left} left)."


@dataclass(frozen=True)
class GameOver(Event):
    last_taker: int
    last_stone: str  # "wins" or "loses"
    pebbles: tuple
    scores: tuple

    def describe(self) -> str:
        shown_pebbles = ", ".join(f"{seat_word(s)} {p}" for s, p in enumerate(self.pebbles))
        return (f"{seat_word(self.last_taker)} takes the last stone and {self.last_stone}. "
                f"Pebbles: {shown_pebbles}. Scores: "
                + ", ".join(f"{seat_word(s)} {p:g}" for s, p in enumerate(self.scores)) + ".")


# -- the state -------------------------------------------------------------------------------------
class NimState(GameState):
    """A game of Nim for 2-4 players."""

    game = "nim"

    def __init__(self, players: int, seed: int | None = None, **settings: Any):
        if not _whole(players) or not 2 <= players <= 4:
            raise SettingsError(f"Nim is for 2-4 players, not {shown(players)}.")
        settings = SCHEMA.check(settings, players, game="Nim")  # also when made directly
        super().__init__(players, seed, settings)
        self.piles = list(settings["piles"])
        self.max_take = settings["max_take"]
        self.last_stone = settings["last_stone"]
        self.pebbles = ([self.rng.randrange(4) for _ in range(players)] if settings["pebbles"]
                        else [0] * players)
        self.turn: int | None = settings["opener"]
        self.taken = [0] * players
        self.last_taker: int | None = None
        if settings["pebbles"]:
            self.events.append(PebblesDealt(tuple(self.pebbles)))

    # -- the contract ------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.turn is None

    @property
    def result(self) -> Result | None:
        if not self.is_over:
            return None
        scores = tuple(float(s) for s in self.scores())
        return Result(scores, places_from_keys(scores), False,
                      {"last_taker": self.last_taker, "pebbles": tuple(self.pebbles)})

    def scores(self) -> list[int]:
        out = list(self.pebbles)
        if self.last_taker is not None:
            out[self.last_taker] += LAST_STONE_POINTS if self.last_stone == "wins" else -LAST_STONE_POINTS
        return out

    def legal_actions(self) -> list[Take]:
        if self.is_over:
            return []
        return [Take(p, c) for p, n in enumerate(self.piles) for c in range(1, min(n, self.max_take) + 1)]

    def why_illegal(self, action: Any) -> str | None:
        if self.is_over:
            return "the game is over"
        if type(action) is not Take:
            return f"{shown(action)} is not a move of Nim; a move is Take(pile, count)"
        pile, count = action.pile, action.count
        if not _whole(pile) or not 0 <= pile < len(self.piles):
            return f"there is no pile {shown(pile)}: piles are numbered 0 to {len(self.piles) - 1}"
        if not _whole(count) or count < 1:
            return f"take at least one stone, not {shown(count)}"
        if count > self.max_take:
            return f"take at most {self.max_take} stones in a turn, not {shown(count)}"
        if count > self.piles[pile]:
            return f"pile {pile + 1} holds only {self.piles[pile]} stone(s)"
        return None

    def _apply(self, action: Take) -> None:
        seat = self.turn
        self.piles[action.pile] -= action.count
        self.taken[seat] += action.count
        self.events.append(StonesTaken(seat, action.pile, action.count, self.piles[action.pile]))
        if any(self.piles):
            self.turn = (seat + 1) % self.num_players
            return
        self.last_taker = seat
        self.turn = None
        self.events.append(GameOver(seat, self.last_stone, tuple(self.pebbles), tuple(self.scores())))

    def observation(self, seat: int | None) -> dict[str, Any]:
        """The piles, who took how much, and the seat's own pebbles (everyone's once over)."""
        if seat is not None and (not _whole(seat) or not 0 <= seat < self.num_players):
            raise NoSuchSeat(f"There is no seat {shown(seat)} at this table: seats are 0 to "
                             f"{self.num_players - 1} (None: a spectator).")
        over = self.is_over
        return {
            "game": self.game,
            "seat": seat,
            "players": self.num_players,
            "piles": tuple(self.piles),
            "max_take": self.max_take,
            "last_stone": self.last_stone,
            "current_player": self.turn,
            "taken": tuple(self.taken),
            "my_pebbles": None if seat is None else self.pebbles[seat],
            "pebbles": tuple(self.pebbles) if over else None,
            "last_taker": self.last_taker,
        }
