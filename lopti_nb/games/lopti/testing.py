"""What the conformance suite (``tests/conformance``) asks of Lopti beyond the state contract."""
from __future__ import annotations

import random
from dataclasses import replace

from . import events as ev
from .state import LoptiState


def scramble(state: LoptiState, seat: int, rng: random.Random) -> LoptiState:
    """A copy of ``state`` in which everything ``seat`` may not know is dealt again.

    Hidden from ``seat``: the other hands, every face-down card (its own too, until flipped),
    the draw pile and its order, the cards in other seats' draw events (and a motion's private
    draws and gifts), and the game's generator. These cards are shuffled among the same places
    (each place keeps its size, an empty face-down slot stays empty); the seat's hand, the
    face-up cards, the pile and every played card stay as they are.
    """
    new = state.copy()
    slots = []  # (list, index) of every card the seat cannot see
    for s in range(new.num_players):
        if s != seat:
            slots += [(new.hands[s], i) for i in range(len(new.hands[s]))]
        slots += [(new.face_down[s], i) for i, c in enumerate(new.face_down[s]) if c is not None]
    slots += [(new.draw_pile, i) for i in range(len(new.draw_pile))]
    cards = [row[i] for row, i in slots]
    rng.shuffle(cards)
    for (row, i), card in zip(slots, cards):
        row[i] = card
    new._table = None  # the cached public view is rebuilt from the new places

    def deck_cards(n: int) -> tuple:
        return tuple(rng.randrange(52) for _ in range(n))

    events = []
    for e in new.events:
        if isinstance(e, ev.Drew) and e.seat != seat and e.card is not None:
            e = replace(e, card=deck_cards(1)[0])
        elif isinstance(e, ev.MotionDrew) and e.seat != seat and e.cards is not None:
            e = replace(e, cards=deck_cards(len(e.cards)))
        elif isinstance(e, ev.MotionGave) and seat not in (e.seat, e.to) and e.cards is not None:
            e = replace(e, cards=deck_cards(len(e.cards)))
        events.append(e)
    new.events = events
    new.rng = random.Random(rng.getrandbits(64))
    return new


def game_end_events(state: LoptiState) -> list:
    """The events that say the game (a round of Lopti) is over."""
    return [e for e in state.events if isinstance(e, ev.RoundOver)]
