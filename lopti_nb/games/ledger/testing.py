"""Helpers to set up exact positions (for tests, explainers and teaching notebooks).

``rig(state, ...)`` overwrites parts of a fresh state: the wreck deck (listed top card
first), the Reckoning deck (names, top first), hands, yards, coins, market, sea, offices...
A rigged state need not keep the card-conservation promise of a dealt game.

``scramble`` and ``game_end_events`` are what the conformance suite (``tests/conformance``)
asks of the game beyond the state contract.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Iterable, Sequence

from .cards import RECKONINGS, Card
from .events import GameEnded, Surfaced
from .offices import OFFICE_INDEX


def cards(faces: Iterable) -> list[Card]:
    """Cards from faces: ``cards(["Compass 3", "Hazard 2"])``."""
    return [Card.parse(f) for f in faces]


def rig(state, *, wreck: Sequence | None = None, reckoning: Sequence[str] | None = None,
        hands: Sequence | None = None, yards: Sequence | None = None,
        coins: Sequence[int] | None = None, market: Sequence[int] | None = None,
        sea: int | None = None, seat: int | None = None, discard: Sequence | None = None,
        offices: Sequence[str] | None = None):
    if wreck is not None:
        state.wreck = list(reversed(cards(wreck)))  # the last element is the top card
    if discard is not None:
        state.discard = cards(discard)
    if reckoning is not None:
        index = {r.name: i for i, r in enumerate(RECKONINGS)}
        state.reck = [index[name] for name in reversed(list(reckoning))]
    if hands is not None:
        state.hands = [cards(h) for h in hands]
    if yards is not None:
        state.yards = [cards(y) for y in yards]
        state.ycount = [[0] * state.suits for _ in state.yards]
        for s, y in enumerate(state.yards):
            for c in y:
                state.ycount[s][c.suit] += 1
        state._yards_t = None
    if coins is not None:
        state.coins = list(coins)
    if market is not None:
        state.market = list(market)
    if sea is not None:
        state.sea = sea
    if seat is not None:
        state.seat = seat
    if offices is not None:
        from .offices import OFFICES
        state.offices = [OFFICE_INDEX[o] for o in offices]
        state._grants = [OFFICES[o].grants for o in state.offices]
        state._breaks = [OFFICES[o].breaks for o in state.offices]
        state._duty_phase = [0 if OFFICES[o].when == "turn" else 1 for o in state.offices]
        state._office_names = tuple(offices)
    state._pub = None
    return state


def scramble(state, seat: int, rng: random.Random):
    """A copy of ``state`` in which everything ``seat`` may not know is dealt again.

    Hidden from ``seat``: the other players' sealed hands and the wreck deck (the machines
    among them are shuffled between those places, each keeping its size; the hazards stay in
    the wreck, whose order is shuffled), the order of the Reckoning deck, what other divers
    sealed (their surfacing events), and the game's generator. Flips, yards, the discard pile
    and the haul are face up and stay as they are.
    """
    new = state.copy()
    others = [s for s in range(new.num_players) if s != seat]
    machine_slots = [i for i, c in enumerate(new.wreck) if c.is_machine]
    pool = [c for s in others for c in new.hands[s]] + [new.wreck[i] for i in machine_slots]
    rng.shuffle(pool)
    for s in others:
        size = len(new.hands[s])
        new.hands[s], pool = pool[:size], pool[size:]
    for i, card in zip(machine_slots, pool):
        new.wreck[i] = card
    rng.shuffle(new.wreck)
    rng.shuffle(new.reck)
    machines = [c for c in new.deck_spec.cards() if c.is_machine]
    new.events = [replace(e, cards=tuple(sorted(rng.sample(machines, len(e.cards)))))
                  if isinstance(e, Surfaced) and e.seat != seat and e.cards is not None else e
                  for e in new.events]
    new.rng = random.Random(rng.getrandbits(64))
    new._pub = None  # cached public parts are rebuilt from the new places
    return new


def game_end_events(state) -> list:
    """The events that say the game is over."""
    return [e for e in state.events if isinstance(e, GameEnded)]
