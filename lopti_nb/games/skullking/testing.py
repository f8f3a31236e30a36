"""What the conformance suite (``tests/conformance``) asks of Skull King beyond the state
contract."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from .state import BID, HELD, SORT_KEY, CardPlayed, GameOver, RoundDealt, SkullKingState


def scramble(state: SkullKingState, seat: int, rng: random.Random) -> SkullKingState:
    """A copy of ``state`` in which everything ``seat`` may not know is dealt again.

    Hidden from ``seat``: the other hands (dealt again from the cards it has not seen this
    round, each hand keeping its size), the bids of the seats that have bid while the bids are
    still secret, the other hands in earlier deal events, and the game's generator (the deals
    to come).
    """
    new = state.copy()
    n = new.num_players
    # The cards not in the seat's hand and not played this round could be anywhere else.
    unseen = Counter(new.deck)
    unseen.subtract(new.hands[seat])
    start = max(i for i, e in enumerate(new.events) if isinstance(e, RoundDealt))
    unseen.subtract(HELD[e.card] for e in new.events[start:] if isinstance(e, CardPlayed))
    pool = list(unseen.elements())
    rng.shuffle(pool)
    for other in range(n):
        if other != seat:
            size = len(new.hands[other])
            new.hands[other], pool = sorted(pool[:size], key=SORT_KEY.__getitem__), pool[size:]
    if new.phase == BID:
        for other in range(n):
            if other != seat and new.bids[other] is not None:
                new.bids[other] = rng.randint(0, new.cards_dealt)
    new._table = None  # the cached public view is rebuilt

    def other_hands(e: RoundDealt) -> tuple:
        return tuple(h if s == seat else tuple(sorted(rng.sample(new.deck, len(h)), key=SORT_KEY.__getitem__))
                     for s, h in enumerate(e.hands))

    new.events = [replace(e, hands=other_hands(e)) if isinstance(e, RoundDealt) and e.hands else e
                  for e in new.events]
    new.rng = random.Random(rng.getrandbits(64))
    return new


def game_end_events(state: SkullKingState) -> list:
    """The events that say the game is over."""
    return [e for e in state.events if isinstance(e, GameOver)]
