"""AI personalities for The Drowned Ledger.

Each bot is ``bot(observation, legal_actions, rng) -> action`` and only ever returns one of
the legal actions, so duties are always obeyed. Under ``table_watch`` the bots also avoid the
actions listed in ``observation["watched"]`` (those the table would catch).

* ``balanced`` -- dives for three machines (two once the sea is high); with four or more
  sealed cards it sells a stray (a suit it holds once and does not show) while the price is
  5 or more, and otherwise opens everything; opens everything when the end is near.
* ``seller``   -- sells whatever it holds at the best price; dives for three, then two.
* ``opener``   -- opens everything as soon as it holds two cards; dives for three, then two.
* ``greedy``   -- always dives until the hold is full; opens once the hand holds four.
* ``best``     -- dives at best (the policy that keeps the most machines on average, from
  :mod:`lopti_nb.games.ledger.best`); on every other decision it plays as ``greedy``, whose
  dives are the rule of thumb "surface at 4", so that against ``greedy`` the dive alone
  differs.
* ``win``      -- dives by the surfacing table tuned to win games against the personalities,
  and opens its sealed cards at the hand size tuned with it (:mod:`lopti_nb.games.ledger.win`);
  otherwise it plays as ``greedy``.
* ``coach``    -- plays the action of highest chance to win the game, by playing each out
  to the end in worlds dealt from what its seat sees (:class:`lopti_nb.games.ledger.coach.CoachBot`).
* ``mix``      -- the default: seat 0 balanced, 1 seller, 2 opener, 3 greedy, 4 balanced.
"""
from __future__ import annotations

from .coach import CoachBot
from .personalities import (MAX_FLIPS, MIX, PERSONALITIES, balanced, best, dive_to, greedy, mix, open_at, opener, seller)
from .win import win

BOTS = {name: (lambda f=f: f) for name, f in PERSONALITIES.items()}
BOTS["best"] = lambda: best
BOTS["mix"] = lambda: mix
BOTS["win"] = lambda: win
BOTS["coach"] = CoachBot

__all__ = ["BOTS", "CoachBot", "win", "MAX_FLIPS", "MIX", "PERSONALITIES", "balanced", "best", "dive_to", "greedy", "mix", "open_at", "opener", "seller"]
