"""The Drowned Ledger's personalities: the bots that follow a rule of thumb (and ``best``,
the dive that keeps the most machines), each ``bot(observation, legal_actions, rng) ->
action`` returning one of the legal actions. The bot menu (:mod:`.bots`) adds the searching
bots, which play these in their worlds: ``win`` (:mod:`.win`) and ``coach`` (:mod:`.coach`).
"""
from __future__ import annotations

from .actions import Dive, FlipAgain, Open, Sell, Surface
from .best import DIVE_ON, best_move

MIX = ("balanced", "seller", "opener", "greedy", "balanced")


def _sort(obs, legal):
    """Split the legal actions by kind: (dive, flip, surface, best sell, its price, largest
    open, a safe fallback). Actions the table watch would catch are left out."""
    dive = flip = surface = None
    sell = opn = ok = None
    best_price = -1
    largest = 0
    market = obs["market"]
    watched = obs["watched"]
    for a in legal:
        if watched and a in watched:
            continue
        if ok is None:
            ok = a
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
    return dive, flip, surface, sell, best_price, opn, ok or legal[0]


def _first(*options):
    for o in options:
        if o is not None:
            return o
    return None


MAX_FLIPS = 12  # no personality flips on forever (a wreck can run out of machines)


def _dive_step(obs, flip, surface, target, ok):
    if flip is not None and len(obs["haul"]) < target and obs["flips"] < MAX_FLIPS:
        return flip
    return _first(surface, flip, ok)


def _endgame(obs):
    """True in the round that will most likely be the last (sealed cards then score nothing)."""
    return obs["sea"] >= obs["sea_claim"] - 1


def balanced(obs, legal, rng):
    dive, flip, surface, sell, price, opn, ok = _sort(obs, legal)
    sea = obs["sea"]
    if obs["phase"] == "dive":
        target = 3 if sea <= 6 else 2
        return _dive_step(obs, flip, surface, target, ok)
    hand = obs["hand"]
    if _endgame(obs):
        return _first(opn, sell, dive, ok)
    if len(hand) >= 4:
        if sell is not None and price >= 5:
            # sell a stray: a suit held once and not yet in the yard
            yard = obs["yards"][obs["seat"]]
            suit = sell.card // 10
            if sum(1 for c in hand if c // 10 == suit) == 1 and not any(c // 10 == suit for c in yard):
                return sell
        return _first(opn, sell, dive, ok)
    return _first(dive, opn, sell, ok)


def seller(obs, legal, rng):
    dive, flip, surface, sell, price, opn, ok = _sort(obs, legal)
    if obs["phase"] == "dive":
        return _dive_step(obs, flip, surface, 3 if obs["sea"] <= 5 else 2, ok)
    return _first(sell, dive, opn, ok)


def opener(obs, legal, rng):
    dive, flip, surface, sell, price, opn, ok = _sort(obs, legal)
    if obs["phase"] == "dive":
        return _dive_step(obs, flip, surface, 3 if obs["sea"] <= 5 else 2, ok)
    if len(obs["hand"]) >= 2 or _endgame(obs):
        return _first(opn, dive, sell, ok)
    return _first(dive, opn, sell, ok)


def greedy(obs, legal, rng):
    if obs["phase"] == "dive":
        return dive_to(obs, legal, obs["hold_limit"])
    return open_at(obs, legal, 4)


def dive_to(obs, legal, target: int):
    """The dive step of a diver who surfaces at ``target`` machines: flip again while the haul
    holds fewer (and the dive has not reached the flips every personality stops at), or while
    surfacing is not allowed; else surface."""
    dive, flip, surface, sell, price, opn, ok = _sort(obs, legal)
    return _dive_step(obs, flip, surface, target, ok)


def open_at(obs, legal, hand_size: int):
    """The turn of a player who dives until the hand holds ``hand_size`` sealed cards and then
    opens them all (``greedy`` opens at 4), and opens everything when the end is near."""
    dive, flip, surface, sell, price, opn, ok = _sort(obs, legal)
    if len(obs["hand"]) >= hand_size or _endgame(obs):
        return _first(opn, sell, dive, ok)
    return _first(dive, opn, sell, ok)


def best(obs, legal, rng):
    if obs["phase"] == "dive":
        dive, flip, surface, sell, price, opn, ok = _sort(obs, legal)
        if flip is not None and (surface is None or best_move(obs) == DIVE_ON):
            return flip
        return _first(surface, flip, ok)
    return greedy(obs, legal, rng)


PERSONALITIES = {"balanced": balanced, "seller": seller, "opener": opener, "greedy": greedy}


def mix(obs, legal, rng):
    seat = obs["seat"]
    return PERSONALITIES[MIX[seat % len(MIX)]](obs, legal, rng)


