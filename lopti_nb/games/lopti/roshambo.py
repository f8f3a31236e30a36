"""Roshambo: how a deadlocked Rule Vote is settled (rules reference §1.7).

Two representatives throw rock-paper-scissors. Only *decisive* throws count (a tie is thrown
again and not counted). Exactly 30 decisive throws are made, and whoever wins more of them
takes it; at 15-15 one more decisive throw decides. When a side cannot agree on its
representative, its members play a single-elimination bracket, one decisive throw a match,
and the bracket's winner represents the side.

Throws come from people (a callback ``throw(seat, info) -> "rock" | "paper" | "scissors"``)
or from a seeded ``random.Random`` owned by the caller -- never the global generator.

This procedure is part of the session's constitution: nothing in a motion or a vote can
change it (see :class:`~lopti_nb.games.lopti.motions.ConstitutionError`). Only a session's
setup may shorten it, for practice or teaching (``roshambo_throws``, :func:`check_throws`):
the same contest with fewer decisive throws; 30 is the rules' number.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from math import comb
from typing import Callable, Sequence

from ...engine import SettingsError, plural, seat_word
from ...engine.limits import shown
from .motions import SessionError

THROWS = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
DECISIVE_THROWS = 30  # fixed by the constitution
MAX_DECISIVE_THROWS = 99  # a practice session's Roshambo: at most this many decisive throws
MAX_TIES_IN_A_ROW = 10_000  # a thrower that ties this often is broken (random: (1/3)^10000)


class RoshamboError(SessionError):
    """A throw that is not rock, paper or scissors, or a contest that cannot be held."""


Thrower = Callable[[int, dict], str]


def check_throws(value, players: int | None = None) -> int:
    """The number of decisive throws of a session's Roshambo: 30 (the rules' number), or
    another count from 1 to 99 for practice. Anything else raises
    :class:`~lopti_nb.engine.SettingsError` in a plain sentence.

    >>> check_throws(5)
    5
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_DECISIVE_THROWS:
        raise SettingsError(f"roshambo_throws is the number of decisive throws of a Roshambo, a whole number "
                            f"from 1 to {MAX_DECISIVE_THROWS} ({DECISIVE_THROWS} is the rules' number), not {shown(value)}.")
    return int(value)


def level_words(n: int) -> str:
    """The level score after which one more decisive throw decides (``"15-15"`` for 30)."""
    return f"{n // 2}-{n // 2}"


def rng_thrower(rng: random.Random) -> Thrower:
    """Throws drawn uniformly from ``rng`` (a generator the caller owns)."""
    def throw(seat: int, info: dict) -> str:
        return THROWS[rng.randrange(3)]
    return throw


def _throw(thrower: Thrower, seat: int, info: dict) -> str:
    t = thrower(seat, info)
    key = t.strip().lower() if isinstance(t, str) else t
    if key not in BEATS:
        raise RoshamboError(f"{seat_word(seat)} threw {t!r}; a throw is rock, paper or scissors")
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
                raise RoshamboError(f"{seat_word(a)} and {seat_word(b)} tied {plural(ties, 'time')} in a row; the throws never differ")
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
    length: int = DECISIVE_THROWS  # decisive throws the match ran to (a session's setting)

    @property
    def throws(self) -> int:
        """Every throw made, ties included."""
        return self.decisive + self.ties

    def describe(self) -> str:
        extra = f" after {level_words(self.length)} and a deciding throw" if self.sudden_death else ""
        return (f"Roshambo: {seat_word(self.a)} {self.a_wins} - {self.b_wins} {seat_word(self.b)}{extra}; "
                f"{seat_word(self.winner)} wins ({plural(self.throws, 'throw')}, {plural(self.ties, 'tie')} replayed).")


def roshambo(a: int, b: int, thrower: Thrower, throws: int = DECISIVE_THROWS) -> RoshamboResult:
    """The match: exactly 30 decisive throws, more wins takes it, 15-15 -> next decisive throw.
    ``throws`` (checked by :func:`check_throws`) shortens it for practice."""
    if a == b:
        raise RoshamboError(f"{seat_word(a)} cannot play Roshambo against themselves")
    throws = check_throws(throws)
    wins = {a: 0, b: 0}
    ties = 0
    log = []
    for k in range(throws):
        w, t, l = decisive_throw(a, b, thrower, {"throw": k + 1, "score": (wins[a], wins[b])})
        wins[w] += 1
        ties += t
        log.extend(l)
    sudden = wins[a] == wins[b]
    if sudden:
        w, t, l = decisive_throw(a, b, thrower, {"throw": throws + 1, "score": (wins[a], wins[b])})
        wins[w] += 1
        ties += t
        log.extend(l)
    winner = a if wins[a] > wins[b] else b
    return RoshamboResult(a, b, winner, wins[a], wins[b], throws + sudden, ties, sudden, log, throws)


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


# -- a contest held throw by throw (the table's way) -----------------------------------------------
class RoshamboContest:
    """A deadlock's Roshambo held one throw at a time, as people throw at a table.

    ``proposer`` faces ``defender``. When the defending side has no representative yet,
    ``bracket`` lists its members: they first play single elimination (1st v 2nd, 3rd v 4th...,
    an odd one out gets a bye; one decisive throw a match) and the bracket's winner defends.
    Then the final: exactly 30 decisive throws, more wins takes it, at 15-15 the next
    decisive throw decides. A tied throw is thrown again and not counted. ``throws`` (a
    session's ``roshambo_throws``, :func:`check_throws`) is that number of decisive throws:
    30 by the rules, fewer only in a session set up for practice.

    ``pair`` is the two seats throwing now; each calls :meth:`throw` (either order). The
    first seat's choice stays hidden (``waiting`` only says who has still to throw) until
    the second has thrown; then the throw resolves into ``log``. ``on_done`` is called once,
    when the final is decided. ``rng`` (the session's own generator) makes bot throws
    (:meth:`throw_bot`).
    """

    def __init__(self, proposer: int, defender: int | None = None, *, bracket: Sequence[int] | None = None,
                 rng: random.Random | None = None, on_done: Callable[["RoshamboContest"], None] | None = None,
                 throws: int = DECISIVE_THROWS):
        self.proposer = proposer
        self.throws = check_throws(throws)  # decisive throws of the final
        self.defender = defender
        self.rng = rng
        self.on_done = on_done
        self.walkover = False  # nobody defended: over without a throw, the proposer's side wins
        self.log: list[tuple[int, str, int, str, int | None]] = []  # every throw, ties and bracket included
        self._wins = [0, 0]
        self._ties = 0  # tied throws in the final
        self._final_log: list[tuple[str, str]] = []
        self._thrown: dict[int, str] = {}
        self._ties_in_a_row = 0
        self.winner: int | None = None
        self._members: tuple[int, ...] = ()
        self._field: list[int] = []
        self._pos = 0
        self._next: list[int] = []
        self._round: list = []
        self.bracket_rounds: list = []
        self._bracket_matches = 0
        self._bracket_ties = 0
        if bracket is not None:
            self._start_bracket(bracket)
        elif defender is None or defender == proposer:
            raise RoshamboError("Roshambo needs a defender other than the proposer")

    # -- choosing the defending side's representative (before any throw) -----------------------
    def thrown_by(self, seat: int) -> str | None:
        """``seat``'s throw in the pair's current exchange, while the other has not thrown."""
        return self._thrown.get(seat)

    @property
    def started(self) -> bool:
        return bool(self.log or self._thrown)

    def _start_bracket(self, members: Sequence[int]) -> None:
        members = [m for m in dict.fromkeys(members)]
        if not members or self.proposer in members:
            raise RoshamboError("a bracket needs at least one player from the defending side")
        self.defender = None
        self._members = tuple(members)
        self._field, self._next, self._round, self._pos, self.bracket_rounds = members, [], [], 0, []
        self._advance_bracket()

    def set_defender(self, defender: int | None, *, bracket: Sequence[int] | None = None) -> None:
        """Name the representative (or hold a bracket of ``bracket``; ``defender=None`` and no
        bracket: nobody defends, the contest is over and the proposer's side wins). Only
        before the first throw."""
        if self.started or self.done:
            raise RoshamboError("the defending side is chosen before the first throw")
        self._members, self.bracket_rounds = (), []
        if bracket is not None:
            self._start_bracket(bracket)
        elif defender is None:
            self.defender, self.walkover = None, True
            self._finish(self.proposer)
        elif defender == self.proposer:
            raise RoshamboError("the proposer cannot defend against their own proposal")
        else:
            self.defender = defender

    def _advance_bracket(self) -> None:
        """Seat the next bracket match, closing bracket rounds (with a bye for an odd one out)."""
        while True:
            if len(self._field) == 1:
                self.defender = self._field[0]
                return
            if self._pos + 1 < len(self._field):
                return  # next match: field[pos] against field[pos + 1]
            if self._pos < len(self._field):
                bye = self._field[self._pos]
                self._round.append((bye, None, bye))
                self._next.append(bye)
            self.bracket_rounds.append(self._round)
            self._field, self._next, self._round, self._pos = self._next, [], [], 0

    @property
    def in_bracket(self) -> bool:
        return self.defender is None and not self.done and bool(self._members)

    # -- the throws ------------------------------------------------------------------------------
    @property
    def pair(self) -> tuple[int, int] | None:
        """The two seats throwing now (bracket matches first, then the final), ``None`` when over."""
        if self.done:
            return None
        if self.in_bracket:
            return self._field[self._pos], self._field[self._pos + 1]
        return self.proposer, self.defender

    @property
    def waiting(self) -> tuple[int, ...]:
        """Seats of ``pair`` that have not thrown the current throw yet."""
        pair = self.pair
        return () if pair is None else tuple(s for s in pair if s not in self._thrown)

    @property
    def score(self) -> tuple[int, int]:
        """Decisive throws won in the final: (proposer, defender)."""
        return self._wins[0], self._wins[1]

    @property
    def decisive(self) -> int:
        """Decisive throws made in the final so far (30, or 31 after 15-15, when over)."""
        return self._wins[0] + self._wins[1]

    @property
    def sudden_death(self) -> bool:
        """Whether the final went (or is going) past 15-15 to a deciding throw."""
        return self.decisive > self.throws or (self.decisive == self.throws and not self.done)

    @property
    def done(self) -> bool:
        return self.winner is not None

    def info(self, seat: int) -> dict:
        """What a thrower may know before throwing (for a ``Thrower`` callback)."""
        pair = self.pair or (seat, seat)
        other = pair[1] if seat == pair[0] else pair[0]
        if self.in_bracket:
            return {"bracket": True, "opponent": other}
        return {"throw": self.decisive + 1, "score": self.score, "opponent": other}

    def throw(self, seat: int, choice: str) -> None:
        """``seat`` throws ``choice`` ("rock", "paper" or "scissors") in the current throw."""
        if self.done:
            raise RoshamboError("this Roshambo is over")
        pair = self.pair
        if seat not in pair:
            raise RoshamboError(f"{seat_word(seat)} is not throwing now; {seat_word(pair[0])} and {seat_word(pair[1])} are")
        if seat in self._thrown:
            raise RoshamboError(f"{seat_word(seat)} has already thrown; waiting for {seat_word(self.waiting[0])}")
        key = choice.strip().lower() if isinstance(choice, str) else choice
        if key not in BEATS:
            raise RoshamboError(f"{seat_word(seat)} threw {choice!r}; a throw is rock, paper or scissors")
        self._thrown[seat] = key
        if len(self._thrown) == 2:
            self._resolve(*pair)

    def throw_bot(self, seat: int) -> str:
        """A throw for a bot (or an absent player), uniform from the contest's generator."""
        if self.rng is None:
            raise RoshamboError("this contest has no generator for bot throws")
        if self.done or seat not in (self.pair or ()):
            raise RoshamboError(f"{seat_word(seat)} is not throwing now")
        choice = THROWS[self.rng.randrange(3)]
        self.throw(seat, choice)
        return choice

    def _resolve(self, a: int, b: int) -> None:
        ta, tb = self._thrown[a], self._thrown[b]
        self._thrown = {}
        tied = ta == tb
        w = None if tied else (a if BEATS[ta] == tb else b)
        self.log.append((a, ta, b, tb, w))
        bracket_match = self.in_bracket
        if not bracket_match:
            self._final_log.append((ta, tb))
        if tied:
            self._ties_in_a_row += 1
            if bracket_match:
                self._bracket_ties += 1
            else:
                self._ties += 1
            return
        self._ties_in_a_row = 0
        if bracket_match:
            self._bracket_matches += 1
            self._round.append((a, b, w))
            self._next.append(w)
            self._pos += 2
            self._advance_bracket()
            return
        self._wins[0 if w == a else 1] += 1
        d = self.decisive
        if d >= self.throws and self._wins[0] != self._wins[1]:
            self._finish(a if self._wins[0] > self._wins[1] else b)

    def _finish(self, winner: int) -> None:
        self.winner = winner
        if self.on_done is not None:
            self.on_done(self)

    # -- results in the shape of the one-call functions ---------------------------------------------
    @property
    def result(self) -> RoshamboResult | None:
        """The final as a :class:`RoshamboResult` once it is decided (``None`` after a walkover)."""
        if not self.done or self.walkover:
            return None
        return RoshamboResult(self.proposer, self.defender, self.winner, self._wins[0], self._wins[1],
                              self.decisive, self._ties, self.decisive > self.throws, list(self._final_log),
                              self.throws)

    @property
    def bracket_result(self) -> BracketResult | None:
        """The supporters' bracket as a :class:`BracketResult` once decided (``None`` if none)."""
        if not self._members or self.defender is None:
            return None
        return BracketResult(self._members, self.defender, [list(r) for r in self.bracket_rounds],
                             self._bracket_matches, self._bracket_matches, self._bracket_ties)

    def describe(self) -> str:
        if self.walkover:
            return "Nobody defends: no Roshambo is needed."
        if self.in_bracket:
            a, b = self.pair
            return f"Bracket: {seat_word(a)} against {seat_word(b)}, one decisive throw."
        head = f"Roshambo: {seat_word(self.proposer)} {self._wins[0]} - {self._wins[1]} {seat_word(self.defender)}"
        if self.done:
            return f"{head}; {seat_word(self.winner)} wins."
        return f"{head} after {self.decisive} of {self.throws} decisive throws."


def drive(contest: RoshamboContest, thrower: Thrower) -> RoshamboContest:
    """Play a contest to its end with a ``Thrower`` callback (each pair: first seat, then second)."""
    while not contest.done:
        a, b = contest.pair
        contest.throw(a, _throw(thrower, a, contest.info(a)))
        contest.throw(b, _throw(thrower, b, contest.info(b)))
        if contest._ties_in_a_row >= MAX_TIES_IN_A_ROW:
            raise RoshamboError(f"{seat_word(a)} and {seat_word(b)} tied {plural(contest._ties_in_a_row, 'time')} in a row; "
                                "the throws never differ")
    return contest


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
