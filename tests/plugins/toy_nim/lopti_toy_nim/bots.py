"""Nim's bots. Each returns one of the legal actions it is given (never a new object)."""
from __future__ import annotations

from functools import reduce
from operator import xor


def _listed(legal, pile: int, count: int):
    for action in legal:
        if action.pile == pile and action.count == count:
            return action
    return None


def careful(obs, legal, rng):
    """Takes one stone from the largest pile (the first of equals): slow and predictable."""
    piles = obs["piles"]
    return _listed(legal, piles.index(max(piles)), 1) or legal[0]


def grundy(obs, legal, rng):
    """Leaves a position whose nim-sum is zero when it can -- perfect play for two players
    when the last stone wins -- and otherwise plays like :func:`careful`. Deterministic."""
    size = obs["max_take"] + 1
    nimbers = [n % size for n in obs["piles"]]
    total = reduce(xor, nimbers, 0)
    if total:
        for pile, n in enumerate(nimbers):
            want = n ^ total
            if want < n:
                found = _listed(legal, pile, n - want)
                if found is not None:
                    return found
    return careful(obs, legal, rng)


BOTS = {"grundy": lambda: grundy, "careful": lambda: careful}
