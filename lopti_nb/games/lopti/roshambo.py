"""Roshambo: how a deadlocked Rule Vote is settled (RULINGS 1.7).

Two representatives throw rock-paper-scissors. Only *decisive* throws count (a tie is thrown
again and not counted). Exactly 30 decisive throws are made, and whoever wins more of them
takes it; at 15-15 one more decisive throw decides. When a side cannot agree on its
representative, its members play a single-elimination bracket, one decisive throw a match,
and the bracket's winner represents the side.

Throws come from people (a callback ``throw(seat, info) -> "rock" | "paper" | "scissors"``)
or from a seeded ``random.Random`` owned by the caller -- never the global generator.

This procedure is part of the session's constitution: nothing in a motion or a vote can
change it (see :class:`~lopti_nb.games.lopti.motions.ConstitutionError`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from math import comb
from typing import Callable, Sequence

from .motions import SessionError

THROWS = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
DECISIVE_THROWS = 30  # fixed by the constitution
MAX_TIES_IN_A_ROW = 10_000  # a thrower that ties this often is broken (random: (1/3)^10000)


class RoshamboError(SessionError):
    """A throw that is not rock, paper or scissors, or a contest that cannot be held."""


Thrower = Callable[[int, dict], str]


def rng_thrower(rng: random.Random) -> Thrower:
    """Throws drawn uniformly from ``rng`` (a generator the caller owns)."""
    def throw(seat: int, info: dict) -> str:
        return THROWS[rng.randrange(3)]
    return throw


def _throw(thrower: Thrower, seat: int, info: dict) -> str:
    t = thrower(seat, info)
    key = t.strip().lower() if isinstance(t, str) else t
    if key not in BEATS:
        raise RoshamboError(f"seat {seat} threw {t!r}; a throw is rock, paper or scissors")
    return key


def decisive_throw(a: int, b: int, thrower: Thrower, info: dict | None = None) -> tuple[int, int, list]:
    """Throw until one throw is decisive. Returns (winner, ties thrown, log of (throw_a, throw_b))."""
    info = dict(info or {})
    ties = 0
    log = []
    while True:
        ta = _throw(thrower, a, {**info, "opponent": b})
        tb = _throw(thrower, b, {**info, "opponent": a})
        log.append((ta, tb))
        if ta == tb:
            ties += 1
            if ties >= MAX_TIES_IN_A_ROW:
                raise RoshamboError(f"seats {a} and {b} tied {ties} times in a row; the throws never differ")
            continue
        return (a if BEATS[ta] == tb else b), ties, log


@dataclass
class RoshamboResult:
    """One Roshambo match between two representatives."""

    a: int
    b: int
    winner: int
    a_wins: int
    b_wins: int
    decisive: int  # decisive throws: 30, or 31 after a 15-15 sudden death
    ties: int  # tied throws, replayed and not counted
    sudden_death: bool
    log: list = field(default_factory=list, repr=False)

    @property
    def throws(self) -> int:
        """Every throw made, ties included."""
        return self.decisive + self.ties

    def describe(self) -> str:
        extra = " after 15-15 and a deciding throw" if self.sudden_death else ""
        return (f"Roshambo: seat {self.a} {self.a_wins} - {self.b_wins} seat {self.b}{extra}; "
                f"seat {self.winner} wins ({self.throws} throws, {self.ties} ties replayed).")


def roshambo(a: int, b: int, thrower: Thrower) -> RoshamboResult:
    """The match: exactly 30 decisive throws, more wins takes it, 15-15 -> next decisive throw."""
    if a == b:
        raise RoshamboError(f"seat {a} cannot play Roshambo against themselves")
    wins = {a: 0, b: 0}
    ties = 0
    log = []
    for k in range(DECISIVE_THROWS):
        w, t, l = decisive_throw(a, b, thrower, {"throw": k + 1, "score": (wins[a], wins[b])})
        wins[w] += 1
        ties += t
        log.extend(l)
    sudden = wins[a] == wins[b]
    if sudden:
        w, t, l = decisive_throw(a, b, thrower, {"throw": DECISIVE_THROWS + 1, "score": (wins[a], wins[b])})
        wins[w] += 1
        ties += t
        log.extend(l)
    winner = a if wins[a] > wins[b] else b
    return RoshamboResult(a, b, winner, wins[a], wins[b], DECISIVE_THROWS + sudden, ties, sudden, log)


@dataclass
class BracketResult:
    """A single-elimination bracket that picks a side's representative."""

    members: tuple[int, ...]
    winner: int
    rounds: list  # per bracket round: list of (a, b, winner) matches; a bye is (a, None, a)
    matches: int
    decisive: int  # one decisive throw a match
    ties: int

    @property
    def throws(self) -> int:
        return self.decisive + self.ties


def bracket(members: Sequence[int], thrower: Thrower) -> BracketResult:
    """Single elimination in the given order: 1st v 2nd, 3rd v 4th...; an odd one out gets a
    bye into the next round. Each match is one decisive throw (ties replayed)."""
    field_ = list(dict.fromkeys(members))
    if not field_:
        raise RoshamboError("a bracket needs at least one player")
    rounds = []
    matches = ties = 0
    while len(field_) > 1:
        this_round, nxt = [], []
        for i in range(0, len(field_) - 1, 2):
            a, b = field_[i], field_[i + 1]
            w, t, _ = decisive_throw(a, b, thrower, {"bracket": True})
            matches += 1
            ties += t
            this_round.append((a, b, w))
            nxt.append(w)
        if len(field_) % 2:
            this_round.append((field_[-1], None, field_[-1]))
            nxt.append(field_[-1])
        rounds.append(this_round)
        field_ = nxt
    return BracketResult(tuple(dict.fromkeys(members)), field_[0], rounds, matches, matches, ties)


# -- the number of throws, analytically -----------------------------------------------------------
def p_sudden_death(n: int = DECISIVE_THROWS) -> float:
    """Probability that ``n`` fair decisive throws end level (15-15 for 30)."""
    if n % 2:
        return 0.0
    return comb(n, n // 2) / 2 ** n


def negative_binomial_pmf(t: int, k: int, p: float) -> float:
    """P(the k-th decisive throw is throw number t) when each throw is decisive with p."""
    if t < k:
        return 0.0
    return comb(t - 1, k - 1) * p ** k * (1 - p) ** (t - k)


def throws_distribution(max_throws: int = 200, p: float = 2 / 3, n: int = DECISIVE_THROWS) -> dict[int, float]:
    """P(total throws = t), ties included, for a match between two uniformly random throwers.

    Each throw is decisive with probability ``p`` (2/3 for random throws), and whether the
    first ``n`` decisive throws end level (probability ``q = C(n, n/2) / 2^n``) does not
    depend on how many ties were thrown. So the total is a mixture of negative binomials:
    ``P(T = t) = (1 - q) NB(t; n, p) + q NB(t; n + 1, p)`` with mean ``(n + q) / p``.
    """
    q = p_sudden_death(n)
    return {t: (1 - q) * negative_binomial_pmf(t, n, p) + q * negative_binomial_pmf(t, n + 1, p)
            for t in range(n, max_throws + 1)}


def throws_mean(p: float = 2 / 3, n: int = DECISIVE_THROWS) -> float:
    return (n + p_sudden_death(n)) / p


def throws_variance(p: float = 2 / 3, n: int = DECISIVE_THROWS) -> float:
    """Var(T): mixture of NB(n, p) and NB(n + 1, p)."""
    q = p_sudden_death(n)
    var_k = lambda k: k * (1 - p) / p ** 2  # noqa: E731
    mean_k = lambda k: k / p  # noqa: E731
    second = (1 - q) * (var_k(n) + mean_k(n) ** 2) + q * (var_k(n + 1) + mean_k(n + 1) ** 2)
    return second - throws_mean(p, n) ** 2
