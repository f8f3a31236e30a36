"""Helpers to set up exact positions (for tests, explainers and teaching notebooks).

``rig(state, ...)`` overwrites parts of a fresh state: the wreck deck (listed top card
first), the Reckoning deck (names, top first), hands, yards, coins, market, sea, offices...
A rigged state need not keep the card-conservation promise of a dealt game.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from .cards import RECKONINGS, Card
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
