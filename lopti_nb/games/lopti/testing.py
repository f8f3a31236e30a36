"""What the conformance suite (``tests/conformance``) asks of Lopti beyond the state contract,
and :func:`check_position`, which the lessons' positions pass."""
from __future__ import annotations

import random
from dataclasses import replace

from . import events as ev
from .cards import THREE
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


def check_position(state: LoptiState) -> list[str]:
    """The ways ``state`` could not arise in a real round (empty: it could).

    Checked: each of the 52 cards is in exactly one place (hands, face-up and face-down cards,
    draw pile, pile, or gone from the round); nobody has more than three face-up or face-down
    cards; no 3 lies in the pile (a 3 leaves play at once); the pile's top matches its last
    card; a seat that is out holds nothing."""
    problems = []
    cards = sorted(state.all_cards())
    if cards != list(range(52)):
        problems.append(f"{len(cards)} cards in play, {len(set(cards))} of them different, not the 52")
    for s in range(state.num_players):
        if len(state.face_up[s]) > 3 or len(state.face_down[s]) > 3:
            problems.append(f"seat {s + 1} has more than three face-up or face-down cards")
        if s in state.out and (state.hands[s] or state.face_up[s] or any(state.face_down[s])):
            problems.append(f"seat {s + 1} is out but still holds cards")
    if any(c >> 2 == THREE for c in state.pile_cards):
        problems.append("a 3 lies in the pile")
    if state.pile_cards and state.pile.top != state.pile_cards[-1] >> 2:
        problems.append("the pile's top is not its last card")
    return problems
