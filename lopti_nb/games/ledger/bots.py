"""AI personalities for The Drowned Ledger.

Each bot is ``bot(observation, legal_actions, rng) -> action`` and only ever returns one of
the legal actions, so duties are always obeyed. Under ``table_watch`` the bots also avoid the
actions listed in ``observation["watched"]`` (those the table would catch).

* ``balanced`` -- dives to a depth that shrinks as the sea rises, sells a card when its suit
  still fetches 5 or more, otherwise opens; opens everything when the end is near.
* ``seller``   -- sells whatever it holds at the best price; dives shallow.
* ``opener``   -- opens everything it holds; dives shallow.
* ``greedy``   -- always dives until the hold is full; opens once the hand is large.
* ``mix``      -- the default: seat 0 balanced, 1 seller, 2 opener, 3 greedy, 4 balanced.
"""
from __future__ import annotations

from .actions import Dive, FlipAgain, Open, Sell, Surface

MIX = ("balanced", "seller", "opener", "greedy", "balanced")


def _sort(obs, legal):
    """Split the legal actions by kind: (dive, flip, surface, best sell, largest open)."""
    dive = flip = surface = None
    sell = opn = None
    best_price = -1
    largest = 0
    market = obs["market"]
    watched = obs["watched"]
    for a in legal:
        if watched and a in watched:
            continue
        t = type(a)
        if t is Sell:
            price = market[a.card // 10 - 1]
            if price > best_price:
                best_price, sell = price, a
        elif t is Open:
            if len(a.cards) > largest:
                largest, opn = len(a.cards), a
        elif t is FlipAgain:
            flip = a
        elif t is Surface:
            surface = a
        elif t is Dive:
            dive = a
    return dive, flip, surface, sell, best_price, opn


def _first(*options):
    for o in options:
        if o is not None:
            return o
    return None


MAX_FLIPS = 12  # no personality flips on forever (a wreck can run out of machines)


def _dive_step(obs, flip, surface, target, legal):
    if flip is not None and len(obs["haul"]) < target and obs["flips"] < MAX_FLIPS:
        return flip
    return _first(surface, flip, legal[0])


def balanced(obs, legal, rng):
    dive, flip, surface, sell, price, opn = _sort(obs, legal)
    sea = obs["sea"]
    if obs["phase"] == "dive":
        target = 3 if sea <= 4 else (2 if sea <= 7 else 1)
        return _dive_step(obs, flip, surface, target, legal)
    hand = obs["hand"]
    if obs["sea"] >= obs["sea_claim"] - 1:
        return _first(opn, sell, dive, legal[0])
    if len(hand) >= 3:
        if price >= 5:
            return _first(sell, opn, dive, legal[0])
        return _first(opn, sell, dive, legal[0])
    return _first(dive, opn, sell, legal[0])


def seller(obs, legal, rng):
    dive, flip, surface, sell, price, opn = _sort(obs, legal)
    if obs["phase"] == "dive":
        return _dive_step(obs, flip, surface, 2 if obs["sea"] <= 6 else 1, legal)
    return _first(sell, dive, opn, legal[0])


def opener(obs, legal, rng):
    dive, flip, surface, sell, price, opn = _sort(obs, legal)
    if obs["phase"] == "dive":
        return _dive_step(obs, flip, surface, 2, legal)
    return _first(opn, dive, sell, legal[0])


def greedy(obs, legal, rng):
    dive, flip, surface, sell, price, opn = _sort(obs, legal)
    if obs["phase"] == "dive":
        return _dive_step(obs, flip, surface, obs["hold_limit"], legal)
    hand = obs["hand"]
    if len(hand) >= 4 or obs["sea"] >= obs["sea_claim"] - 1:
        return _first(opn, sell, dive, legal[0])
    return _first(dive, opn, sell, legal[0])


PERSONALITIES = {"balanced": balanced, "seller": seller, "opener": opener, "greedy": greedy}


def mix(obs, legal, rng):
    seat = obs["seat"]
    return PERSONALITIES[MIX[seat % len(MIX)]](obs, legal, rng)


BOTS = {name: (lambda f=f: f) for name, f in PERSONALITIES.items()}
BOTS["mix"] = lambda: mix
