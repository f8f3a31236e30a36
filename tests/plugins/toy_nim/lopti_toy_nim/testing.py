"""What the conformance suite asks of Nim beyond the state contract."""
from __future__ import annotations

import random
from dataclasses import replace

from .state import GameOver, NimState, PebblesDealt


def scramble(state: NimState, seat: int, rng: random.Random) -> NimState:
    """A copy of ``state`` in which what ``seat`` may not know is dealt again: the other
    seats' pebbles while the game runs (revealed at the end, then public), and the game's
    generator."""
    new = state.copy()
    new.rng = random.Random(rng.getrandbits(64))
    if not new.is_over and new.settings["pebbles"]:
        for other in range(new.num_players):
            if other != seat:
                new.pebbles[other] = rng.randrange(4)
        new.events = [replace(e, pebbles=tuple(new.pebbles)) if isinstance(e, PebblesDealt) else e
                      for e in new.events]
    return new


def game_end_events(state: NimState) -> list:
    """The events that say the game is over."""
    return [e for e in state.events if isinstance(e, GameOver)]
