"""A Lopti session: rounds in a row, the winner's motions, the Rule Vote and Roshambo.

rules reference §1.7 in code. A session holds its players (seats ``0..n-1`` with names), deals the
rounds (the deal passes clockwise; the dealer leads round one, the previous winner leads
later rounds), records every round, keeps the motions in force and the votes held, and
exports its history as pandas DataFrames. A session is one engine state,
:class:`~.session_game.LoptiSessionState`, whose rules are the methods of
:class:`SessionRules`. Played action by action, with a record (a table, a room)::

    state = lopti_nb.new_game("lopti", players=4, seed=1, rounds=3)

or driven by hand with the rules' own methods::

    s = LoptiSessionState.by_hand(4, seed=1)
    s.deal()                                # round 1; its Rule Vote attempt opens
    s.play_round()                          # bots play it (or s.play(action) step by step)
    s.author(s.winner, library_motion("ace_tax"))   # the winner writes a motion
    s.deal()                                # round 2: the motion is in force
    s.rule_vote(2, Proposal.remove(1, when="now"), votes=[True, False, True, False])
    s.history()                             # one row per seat per round

At a table the vote goes step by step (:class:`Vote`, :class:`~.roshambo.RoshamboContest`)::

    vote = s.call_vote(2, Proposal.remove(1, when="now"))
    vote.cast(0, False); vote.cast(2, True) ...   # any order; ballots hidden until all are in
    if vote.contest:                               # a tie: Roshambo, throw by throw
        a, b = vote.contest.pair
        vote.contest.throw(a, "rock"); vote.contest.throw(b, "paper")
    vote.done, vote.passed, vote.outcome           # the same Vote holds its result

The session's clauses (each tested by name in ``tests/lopti_session``):

* Only the winner of the round just finished authors, between the round's end and the
  next deal; a stalemate has no winner and so no motion.
* The author may withdraw their motion at any time without a vote. A withdrawn (or
  removed) motion stays out unless a later Rule Vote restores it.
* One Rule Vote attempt per round, open from the deal until the next deal. A proposal
  removes, amends or restores a motion, or changes one base-law lever for the session
  (:data:`LAW_LEVERS`), and says beforehand whether it acts ``"now"`` or ``"next round"``.
  Every session player may vote (also those already out): yes, no, or abstain. Yes from
  more than half of all players passes; an abstention is not a yes. A failure or a
  deadlock uses the attempt; authoring a motion does not.
* A tie (as many yes as no ballots, at least one of each) goes to Roshambo
  (:mod:`.roshambo`): the proposer faces the motion's author; if
  the author is absent (or is the proposer, or voted yes), an advocate chosen by the
  motion's supporters (those who voted no); if nobody defends, the proposal passes. An
  author at the table who voted to keep the motion always defends it. For a base-law change or a
  restoration, the proposer faces the first player who voted no. A side with several
  candidates and no agreed choice holds a single-elimination bracket.
* A new session starts with no motions; old ones come back only by a majority at setup
  (:meth:`SessionRules.restore`), which does not use round one's vote.
* Nothing can change the Vote or Roshambo (:class:`~.motions.ConstitutionError`).

Invalid requests raise :class:`~.motions.SessionError` (a ``ValueError``) and change nothing.

Where rules reference §1.7 is silent, the project reads it this way:

* Motion code acts through a closed set of effects (say, reveal, draw, give, discard,
  clear the pile, return cleared cards; see :mod:`.motions`). Words and reveals show at
  once; card movements wait until the player's action has fully resolved, so a "before"
  hook can never change the play it precedes. A custom clear joins the play whose "after"
  hook asked for it and works as a base clear (the player gets the bonus play). Effects
  never take cards from the pile, face-up or face-down cards; only the cards of the latest
  clear can come back (into the draw pile, shuffled with the round's generator, or into a
  role's hand); players who are out take and give nothing; a player still in always keeps
  one card. Effects are not base events, so they set off no hooks.
* Where an effect lets the player concerned choose (``which="choose"``), a person at the
  table (:attr:`SessionRules.people`) is asked: the round waits for ``state.choose(card)``.
  A bot or an absent player takes the effect's default: by face value (2 lowest, Ace
  highest) or at random from the round's own generator. Every other card a motion moves
  is picked that way without asking anyone.
* A motion whose code misbehaves keeps its words in force but its code stays off for the
  rest of the session (an amendment passed by the Vote switches the new code on).
* The winner may author from the end of the round until the next deal; after that the
  chance is gone. A stalemate has no winner and so no motion.
* The Rule Vote window of a round runs from its deal to the next deal. A request that is
  not valid (no such motion, a missing vote...) is refused before voting and does not use
  the attempt. Each player casts one ballot -- yes, no, or an abstention -- and the vote
  is counted once every player has cast one (an abstention is a ballot, so the table knows
  when the vote is complete). Ballots are secret until the last one is cast; the attempt
  is used when the vote completes (after its Roshambo, if any), and a vote in progress
  must finish before the next deal. Play may go
  on meanwhile; if the author withdraws the motion during the vote, a passed amendment
  changes its words but it stays withdrawn.
* Bots vote by :func:`bot_ballot` (by the motion lab's evidence where there is some) and throw
  from the session's own generator.
* "The motion's supporters" are the players who voted no (to keep it as it is); one who
  abstained supports neither side. If the author is the proposer, or voted yes, the
  supporters pick the advocate. With several
  supporters and no named advocate, they hold a bracket in the order the votes were cast
  (an odd one out gets a bye).
* A deadlocked restoration is treated like a base-law change: the proposer faces the first
  player who voted no.
* Base-law levers (:data:`LAW_LEVERS`, the settings the plugin's schema marks as levers):
  ``play_on``, ``swap``, ``turn_cap`` and the card rules ``ten_on_seven``, ``match_equal``,
  ``four_clears``, ``three_duty`` (:class:`~.rules.CardRules`). "Now" changes the round in
  play where that makes sense: a turn cap and a card rule at once (from the next play);
  switching ``play_on`` off while a winner is already out ends the round there; ``swap``
  only acts at a deal.
* An amendment keeps the motion's number and author. Authors are known by name across
  sessions; an author whose name is not at the new table is absent.
* Roshambo refuses a thrower that ties 10,000 times in a row (it would never end).
"""
from __future__ import annotations

import functools
import random
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ...engine import SettingsError, seat_word
from ...engine.limits import plain, shown
from ...engine.registry import get_spec
from ...engine.runner import play_out
from . import events as ev
from .motions import (
    DEFAULT_BUDGET, PROTECTED, PROTECTED_MESSAGE, ConstitutionError, HookRunner, Motion, MotionEntry,
    MotionError, MotionLoptiState, SessionError, check_budget, same_motion,
)
from .motions.data import endless_turn, loop_refusal
from .library import LIBRARY, rules_of
from .roshambo import (
    DECISIVE_THROWS, BracketResult, RoshamboContest, RoshamboResult, Thrower, check_throws, drive, rng_thrower,
)
from .schema import SCHEMA
from .rules import CARD_RULES
from .state import LoptiState

# Base-law levers a Rule Vote may change for the session: name -> (check, meaning). They are
# the settings the plugin's schema marks as levers (the swap, play-on, the turn cap and the
# card rules of rules reference §1.2-1.4), checked as the schema checks them. A session's turn cap
# stays within sensible bounds: a vote cannot stop every round at once or let one run forever.
_VOTE_BOUNDS = {"turn_cap": (50, 100_000)}


def _lever_check(setting) -> Callable[[Any], bool]:
    low, high = _VOTE_BOUNDS.get(setting.name, (None, None))

    def check(value: Any) -> bool:
        if setting.kind in ("int", "float") and isinstance(value, bool):
            return False
        try:
            value = setting.validate(value)
        except SettingsError:
            return False
        return (low is None or value >= low) and (high is None or value <= high)
    return check


def _lever_meaning(setting) -> str:
    low, high = _VOTE_BOUNDS.get(setting.name, (None, None))
    allowed = "True/False" if setting.kind == "bool" else (
        f"{low}-{high}" if low is not None else setting.allowed())
    return f"{setting.description[0].lower()}{setting.description[1:].rstrip('.')} ({allowed})"


def _protected(word: Any) -> bool:
    try:
        text = str(word).lower().replace("_", " ")
    except Exception:  # a value without a text (too deep, too long, hostile) names nothing
        return False
    return any(p.replace("_", " ") in text for p in PROTECTED)


#: Settings of a session that belong to the Vote and Roshambo themselves: no Rule Vote (nor any
#: motion) may change them, so they are never levers, whatever a schema says. A session's setup
#: alone chooses them (``roshambo_throws``: a shorter Roshambo for practice or teaching).
CONSTITUTION_SETTINGS = ("roshambo_throws",)


def _votable(setting) -> bool:
    return setting.lever and setting.name not in CONSTITUTION_SETTINGS and not _protected(setting.name)


LAW_LEVERS: dict[str, tuple[Callable[[Any], bool], str]] = {
    s.name: (_lever_check(s), _lever_meaning(s)) for s in SCHEMA.levers() if _votable(s)}
LAW_DEFAULTS: dict[str, Any] = {s.name: s.default for s in SCHEMA.levers() if _votable(s)}
KINDS = ("remove", "amend", "restore", "law")
NOW, NEXT = "now", "next round"


def _when(when: Any) -> str:
    key = str(when).strip().lower().replace("_", " ") if isinstance(when, str) else None
    if key == "now":
        return NOW
    if key in ("next", "next round"):
        return NEXT
    raise SessionError(f"a proposal must say before the vote whether it acts 'now' or 'next round', not {shown(when)}")


def _and(words: Sequence[str]) -> str:
    """``Seat 1``, ``Seat 1 and Seat 3``, ``Seat 1, Seat 2 and Seat 4``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@dataclass(frozen=True)
class Proposal:
    """What a Rule Vote decides. Build with the class methods::

        Proposal.remove(3, when="now")
        Proposal.amend(3, Motion("..."), when="next round")
        Proposal.restore(2, when="now")
        Proposal.law("play_on", True, when="next round")
    """

    kind: str
    when: str
    motion: int | None = None
    amendment: Motion | None = None
    lever: str | None = None
    value: Any = None

    def __post_init__(self):
        if _protected(self.kind) or (self.lever is not None and _protected(self.lever)):
            raise ConstitutionError(f"{PROTECTED_MESSAGE}: the proposal is refused")
        if not isinstance(self.kind, str) or self.kind not in KINDS:
            raise SessionError(f"a Rule Vote may remove, amend or restore a motion or change base law "
                               f"(kinds: {', '.join(KINDS)}), not {shown(self.kind)}")
        object.__setattr__(self, "when", _when(self.when))
        object.__setattr__(self, "value", plain(self.value))  # np.int64(60) is 60, in words and records
        if self.kind == "law":
            if not isinstance(self.lever, str) or self.lever not in LAW_LEVERS:
                raise SessionError(
                    "base law can change through these levers only: "
                    + "; ".join(f"{k}: {m}" for k, (_, m) in LAW_LEVERS.items()) + f" (not {shown(self.lever)})")
            if not LAW_LEVERS[self.lever][0](self.value):
                raise SessionError(f"{shown(self.value)} is not a value for {self.lever}: {LAW_LEVERS[self.lever][1]}")
        else:
            if isinstance(self.motion, bool) or not isinstance(self.motion, int):
                raise SessionError(f"name the motion by its number, not {shown(self.motion)}")
            if self.kind == "amend" and not isinstance(self.amendment, Motion):
                raise SessionError("an amendment needs the new wording (and code) as a Motion")

    @classmethod
    def remove(cls, motion: int, when: str) -> "Proposal":
        return cls("remove", when, motion=motion)

    @classmethod
    def amend(cls, motion: int, amendment: Motion | str, when: str) -> "Proposal":
        return cls("amend", when, motion=motion, amendment=Motion(amendment) if isinstance(amendment, str) else amendment)

    @classmethod
    def restore(cls, motion: int, when: str) -> "Proposal":
        return cls("restore", when, motion=motion)

    @classmethod
    def law(cls, lever: str, value: Any, when: str) -> "Proposal":
        return cls("law", when, lever=lever, value=value)

    def describe(self) -> str:
        if self.kind == "law":
            return f"set {self.lever} to {self.value!r} ({self.when})"
        return f"{self.kind} motion {self.motion} ({self.when})"


@dataclass
class MotionRecord:
    """A motion in a session and what happened to it."""

    number: int
    motion: Motion
    author: str  # the author's name (authors are known by name across sessions)
    author_seat: int | None  # their seat in this session; None when absent
    round: int  # the round whose winner wrote it (0: restored at setup)
    status: str = "in force"  # "in force", "withdrawn", "removed"
    origin: str = "authored"
    fault: str | None = None  # set when its code misbehaved and was switched off
    log: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return self.motion.text

    @property
    def in_force(self) -> bool:
        return self.status == "in force"


@dataclass
class RoundRecord:
    round: int
    dealer: int
    leader: int
    winner: int | None
    stalemate: bool
    turns: int
    places: tuple[int, ...]
    scores: tuple[float, ...]
    cards_left: tuple[int, ...]
    pickups: tuple[int, ...]
    clears: tuple[int, ...]
    motions: tuple[int, ...]  # numbers of the motions in force at the end of the round
    law: dict
    motion_events: int
    authored: int | None = None  # motion number the winner wrote after this round


def player_names(players: Any) -> list[str]:
    """The names of a session's players: ``players`` is a number (2-5, named ``Seat 1``...) or
    a list of different names; anything else is a :class:`~lopti_nb.engine.SettingsError`."""
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 5:
            raise SettingsError(f"Lopti is for 2-5 players, not {shown(players)}")
        return [seat_word(s) for s in range(players)]
    if isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players):
        names = list(players)
    else:
        raise SettingsError(f"players is a number (2-5) or a list of names, not {shown(players)}")
    if not 2 <= len(names) <= 5:
        raise SettingsError(f"Lopti is for 2-5 players, not {len(names)}")
    if len(set(names)) != len(names):
        raise SettingsError("player names must differ")
    return names


def by_hand(method: Callable) -> Callable:
    """A method that drives the session itself (the rules' deals, plays, votes..., a vote's
    ballots): refused on a session played by actions, whose record must hold every step (the
    owner's ``check_by_hand``, :meth:`SessionRules.check_by_hand`)."""
    @functools.wraps(method)
    def guarded(self, *args: Any, **kwargs: Any):
        self.check_by_hand()
        return method(self, *args, **kwargs)
    return guarded


class SessionRules:
    """The rules of a Lopti session (rules reference \u00a71.7): rounds in a row, the winners'
    motions, the Rule Vote and Roshambo, as methods acting on the state that holds the
    session's data (:class:`~.session_game.LoptiSessionState`, which sets it up with
    :meth:`setup_session`). The data are the state's own attributes: ``names``, ``law`` (the
    base-law levers), ``motions`` (:class:`MotionRecord`), ``votes`` (every :class:`Vote`
    done), ``round_records`` (:class:`RoundRecord`), ``rulings``, ``round_no``,
    ``dealt_round`` (the round at the table, ``None`` before the first deal), ``runner`` (the
    round's hook runner), ``dealer``, ``first_dealer``, ``people``, ``pending_vote``; the
    generator is the state's ``rng``.

    ``play_on``, ``swap``, ``turn_cap`` and any card rule of :data:`LAW_LEVERS` given by
    name (``ten_on_seven=True``): the base law at the start (the Vote can change them).
    ``first_dealer``: who deals round one. ``thrower``: a callback
    ``throw(seat, info) -> "rock" | "paper" | "scissors"`` for Roshambo (default: the
    session's generator). ``hook_budget``: seconds a motion hook may run.
    ``roshambo_throws``: the decisive throws of a tied vote's Roshambo, 30 by the rules; a
    session set up for practice or teaching may shorten it (5, say). No vote or motion changes it.
    """

    #: the attributes the session's rules keep on the state (besides ``num_players`` and ``rng``)
    SESSION_FIELDS = ("names", "law", "first_dealer", "roshambo_throws", "thrower", "hook_budget", "motions",
                      "votes", "round_records", "rulings", "round_no", "dealt_round", "runner", "dealer",
                      "_vote_used", "_pending", "_author_window", "_recorded", "_pending_vote", "_people",
                      "evidence_kept", "hold_outcomes", "_decided")

    #: True while the state applies an action (its own steps call the rules' methods)
    _acting = False

    def check_by_hand(self) -> None:
        """Refuse to drive a session played by actions (made by ``lopti_nb.new_game``) through
        the rules' own methods: only ``apply`` may move it, so its record keeps every step. A
        session made by ``by_hand`` (no set length) is driven by these methods.

            >>> import lopti_nb
            >>> state = lopti_nb.new_game("lopti", players=3, seed=1, rounds=2)
            >>> state.deal()
            Traceback (most recent call last):
            ...
            lopti_nb.games.lopti.motions.language.SessionError: This session is played by actions, so that its record keeps every step: apply them (state.apply(action)); the rules' own methods drive only a session made by LoptiSessionState.by_hand.
        """
        if getattr(self, "rounds", None) is not None and not self._acting:
            raise SessionError("This session is played by actions, so that its record keeps every step: apply "
                               "them (state.apply(action)); the rules' own methods drive only a session made "
                               "by LoptiSessionState.by_hand.")

    def setup_session(self, names: Sequence[str], seed: Any = None, *, play_on: bool = False, swap: bool = True,
                      turn_cap: int = 1000, first_dealer: int = 0, thrower: Thrower | None = None,
                      hook_budget: float = DEFAULT_BUDGET, roshambo_throws: int = DECISIVE_THROWS,
                      **card_rules: bool) -> None:
        """Check the session's options and set up its data on this state, before the first
        deal (``names`` from :func:`player_names`; ``seed`` is checked only: the state's own
        ``rng`` deals)."""
        n = len(names)
        if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) \
                or not 0 <= first_dealer < n:
            raise SettingsError(f"first_dealer must be a seat from 0 to {n - 1}, not {shown(first_dealer)}")
        for name, value in (("play_on", play_on), ("swap", swap)):
            if not isinstance(value, bool):
                raise SettingsError(f"{name} must be True or False, not {shown(value)}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise SettingsError(f"seed must be a whole number or None, not {shown(seed)}")
        if isinstance(turn_cap, bool) or not isinstance(turn_cap, int) or turn_cap < 1:
            raise SettingsError(f"turn_cap must be a positive whole number, not {shown(turn_cap)}")
        for name, value in card_rules.items():
            if name not in LAW_LEVERS or name in ("play_on", "swap", "turn_cap"):
                raise SettingsError(f"unknown session setting {shown(name)}; the card rules are: "
                                    + ", ".join(k for k in LAW_LEVERS if k not in ("play_on", "swap", "turn_cap")))
            if not LAW_LEVERS[name][0](value):
                raise SettingsError(f"{shown(value)} is not a value for {name}: {LAW_LEVERS[name][1]}")
        self.names = list(names)
        self.law: dict[str, Any] = {**LAW_DEFAULTS, "play_on": bool(play_on), "swap": bool(swap),
                                    "turn_cap": turn_cap, **card_rules}
        self.first_dealer = first_dealer
        self.roshambo_throws = check_throws(roshambo_throws)  # set up once; never a lever
        self.thrower = thrower
        self.hook_budget = check_budget(hook_budget)
        self.motions: list[MotionRecord] = []
        self.votes: list[Vote] = []  # every vote done, each with its result
        self.round_records: list[RoundRecord] = []
        self.rulings: list[dict] = []
        self.round_no = 0
        self.dealt_round: LoptiState | None = None
        self.runner: HookRunner | None = None
        self.dealer: int | None = None
        self._vote_used: set[int] = set()
        # changes voted for next round, as data (a copy of the session carries them out on itself)
        self._pending: list[tuple[Proposal, MotionRecord | None]] = []
        self._author_window: int | None = None  # the winner who may author now
        self._recorded = True
        self._pending_vote: Vote | None = None
        self._people: frozenset = frozenset()
        # what the motion lab said on motions that are not ready ones, for the bots' ballots
        self.evidence_kept: dict[tuple, bool] = {}
        #: keep a passed vote's outcome until :meth:`carry_out_decided` (a table that writes
        #: the vote's result before what it changes in the round sets it)
        self.hold_outcomes = False
        self._decided: tuple | None = None

    @property
    def people(self) -> frozenset:
        """Seats where a person sits: a motion's effect that needs a choice asks them (the
        round waits for ``state.choose``); bots and absent players take the default."""
        return self._people

    @people.setter
    def people(self, seats) -> None:
        seats = frozenset(self.session_seat(s, "a person's seat") for s in seats)
        self._people = seats
        if self.dealt_round is not None:
            self.dealt_round.set_people(seats)
            self._sync()

    # -- small helpers ----------------------------------------------------------------------
    def session_seat(self, seat: Any, what: str = "seat") -> int:
        """``seat`` if it is a seat of this session, else a :class:`SessionError` naming ``what``."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise SessionError(f"{what} must be a seat from 0 to {self.num_players - 1}, not {shown(seat)}")
        return seat

    def motion_record(self, number: Any) -> MotionRecord:
        """The record of motion ``number``, else a :class:`SessionError` listing the motions."""
        if isinstance(number, bool) or not isinstance(number, int):
            raise SessionError(f"a motion is named by its number, not {shown(number)}")
        for r in self.motions:
            if r.number == number:
                return r
        raise SessionError(f"there is no motion {shown(number)} in this session"
                           + (f" (motions: {', '.join(str(r.number) for r in self.motions)})" if self.motions else ""))

    @property
    def author_due(self) -> int | None:
        """The winner who may write this round's motion now (``None``: nobody may)."""
        self._sync()
        return self._author_window

    def in_force(self) -> list[MotionRecord]:
        """The motions in force now, in the order they were written."""
        return [r for r in self.motions if r.in_force]

    @property
    def session_phase(self) -> str:
        """``"setup"`` before the first deal, ``"playing"`` during a round, ``"between rounds"``."""
        self._sync()
        if self.dealt_round is None:
            return "setup"
        return "between rounds" if self.dealt_round.over else "playing"

    @property
    def winner(self) -> int | None:
        """The winner of the latest finished round (``None`` after a stalemate or before one)."""
        self._sync()
        return self.round_records[-1].winner if self.round_records else None

    def _sync(self) -> None:
        """Record the current round once it is over."""
        if self._recorded or self.dealt_round is None or not self.dealt_round.over:
            return
        st = self.dealt_round
        res = st.result
        self.round_records.append(RoundRecord(
            round=self.round_no, dealer=st.dealer, leader=st.leader, winner=st.winner,
            stalemate=st.stalemate, turns=st.turns, places=res.places, scores=res.scores,
            cards_left=tuple(st.cards_held(s) for s in range(self.num_players)),
            pickups=tuple(st.pickups), clears=tuple(st.clears),
            motions=tuple(r.number for r in self.in_force()), law=dict(self.law),
            motion_events=sum(1 for e in st.round_events if type(e).__name__.startswith("Motion")),
        ))
        self._recorded = True
        self._author_window = st.winner  # None after a stalemate: no motion

    # -- setup ---------------------------------------------------------------------------------
    @by_hand
    def restore(self, motion: MotionRecord | Motion,
                votes: Sequence[bool | None] | Mapping[int, bool | None],
                author: str | None = None, proposed: bool = False) -> bool:
        """At setup, before the first deal: bring back a motion from an earlier session if more
        than half of all players approve. ``votes`` as for :meth:`rule_vote` (``None``:
        abstains). This does not use round one's Rule Vote. Returns whether it passed.
        ``proposed``: the motion is new, proposed at setup (e.g. from the motion lab) rather
        than brought back; it comes in the same way."""
        if self.dealt_round is not None:
            raise SessionError("old motions return only at setup, before the first deal; later, "
                               "bring a motion back through the round's Rule Vote")
        if isinstance(motion, MotionRecord):
            author = motion.author if author is None else author
            motion = motion.motion
        if not isinstance(motion, Motion):
            raise MotionError(f"restore takes a Motion or a MotionRecord from another session, not {shown(motion)}")
        self.check_adoptable(motion)
        cast = self._votes(votes)
        vote = self.setup_vote(motion, author=author, proposed=proposed)
        for seat, yes in cast:
            vote.cast(seat, yes)
        return vote.passed

    @by_hand
    def setup_vote(self, motion: Motion, *, author: str | None = None, proposed: bool = True) -> "Vote":
        """Open the vote at setup, before the first deal, on bringing ``motion`` into the
        session (``proposed``) or back from an earlier one: every player casts a ballot
        (:meth:`Vote.cast`); it comes in, authored by ``author`` (a name), if more than half of
        all players vote yes. No Roshambo: a tie is no majority. It does not use round one's
        Rule Vote; :meth:`restore` holds it in one call."""
        if self.dealt_round is not None:
            raise SessionError("old motions return only at setup, before the first deal; later, "
                               "bring a motion back through the round's Rule Vote")
        if self._pending_vote is not None:
            raise SessionError("a vote is already in progress; finish it first")
        if not isinstance(motion, Motion):
            raise MotionError(f"a motion put to the table at setup is a Motion, not {shown(motion)}")
        self.check_adoptable(motion)
        self._pending_vote = Vote(self, None, None, proposed=motion, author=author or "unknown",
                                  restore=not proposed)
        return self._pending_vote

    # -- rounds ---------------------------------------------------------------------------------
    @by_hand
    def deal(self, *, events: list | None = None) -> LoptiState:
        """Deal the next round. Round one: ``first_dealer`` deals and leads; later rounds: the
        deal passes clockwise and the previous winner leads (after a stalemate the dealer).
        The round's Rule Vote attempt opens; the previous winner's chance to author closes.
        ``events``: the log the round writes its events into (a session state's own); the
        round's own new list by default."""
        self._sync()
        if self.dealt_round is not None and not self.dealt_round.over:
            raise SessionError("the current round is not over yet")
        if self._pending_vote is not None:
            raise SessionError("a Rule Vote is in progress: finish it before the next deal")
        for proposal, rec in self._pending:
            self._change(proposal, rec)
        self._pending = []
        self.round_no, dealer, leader = self.next_deal()
        self._author_window = None
        self.dealer = dealer
        self.runner = self._make_runner()
        cap = self.law["turn_cap"]
        # Every round of a session can take motion code, also one dealt with none in force (a
        # Rule Vote may restore or amend a motion "now"), so it is always the motion-running state.
        law = {**self.law, "turn_cap": cap}
        self.dealt_round = MotionLoptiState(self.num_players, self.rng.getrandbits(62), hooks=self.runner,
                                      dealer=dealer, leader=leader, people=self._people, events=events, **law)
        self._recorded = False
        self._sync()
        return self.dealt_round

    def next_deal(self) -> tuple[int, int, int]:
        """``(round, dealer, leader)`` of the next deal: round one is dealt and led by
        ``first_dealer``; later the deal passes clockwise and the previous winner leads (after
        a stalemate, the dealer)."""
        self._sync()
        if self.round_no == 0:
            return 1, self.first_dealer, self.first_dealer
        dealer = (self.dealer + 1) % self.num_players
        prev = self.round_records[-1].winner
        return self.round_no + 1, dealer, dealer if prev is None else prev

    def _make_runner(self) -> HookRunner | None:
        live = [r for r in self.in_force() if r.motion.has_code and r.fault is None]
        if not live:
            return None
        runner = HookRunner(round_no=self.round_no, budget=self.hook_budget, watch=self._hook_watch)
        for r in live:
            runner.add(MotionEntry(r.number, r.motion, self._on_fault))
        return runner

    def _hook_watch(self) -> list:
        """What no motion's code may change behind the engine's back, besides the round: the
        session (its law, settings, votes and rounds), its motions' records and the motions
        themselves. A hook that does is switched off and the change undone."""
        return [self, *self.motions, *(r.motion for r in self.motions)]

    def _on_fault(self, number: int, reason: str) -> None:
        rec = self.motion_record(number)
        rec.fault = reason
        rec.log.append(f"round {self.round_no}: code switched off ({reason})")

    def _attach(self, rec: MotionRecord) -> None:
        """Put a motion's code into the running round at once."""
        if self.dealt_round is None or self.dealt_round.over or not rec.motion.has_code or rec.fault is not None:
            return
        if self.runner is None:
            self.runner = HookRunner(round_no=self.round_no, budget=self.hook_budget, watch=self._hook_watch)
            self.dealt_round.hooks = self.runner
        self.runner.add(MotionEntry(rec.number, rec.motion, self._on_fault))

    def _detach(self, number: int) -> None:
        if self.runner is not None:
            self.runner.remove(number)
        st = self.dealt_round
        if st is not None and st.pending_choice is not None and st.pending_choice.motion == number:
            # the motion no longer acts: its question is dropped, and the round carries on
            st.pending_choice = None
            st.events.append(ev.MotionNote(number, "the motion is out, so nobody needs to choose"))
            if st.hooks is not None:
                st.hooks.flush(st)  # the effects waiting for that answer are carried out

    @by_hand
    def play(self, action: Any):
        """Apply ``action`` for the player to act in the current round (checked)."""
        if self.dealt_round is None or self.dealt_round.over:
            raise SessionError("there is no round in play: deal first")
        events = self.dealt_round.apply(action)
        self._sync()
        return events

    @by_hand
    def play_round(self, bots: str | Sequence[Any] | None = None):
        """Deal if needed, then let bots play the round to its end. ``bots``: one bot name for
        every seat, one name or callable per seat, or ``None`` for the heuristic bot."""
        if self.dealt_round is None or self.dealt_round.over:
            self.deal()
        spec = get_spec("lopti")
        if bots is None or isinstance(bots, str):
            bots = [bots or "heuristic"] * self.num_players
        if len(bots) != self.num_players:
            raise SettingsError(f"give one bot per seat ({self.num_players})")
        seat_bots = [spec.make_bot(b) if isinstance(b, str) else b for b in bots]
        play_out(self.dealt_round, seat_bots, random.Random(self.rng.getrandbits(62)))
        self._sync()
        return self.dealt_round.result

    @by_hand
    def run(self, rounds: int, bots: str | Sequence[Any] | None = None,
            author: str | Callable[[Any, int], Motion | str | None] | None = "library"):
        """Play ``rounds`` rounds with bots and return :meth:`history`. After each round the
        winner authors: ``"library"`` picks a ready-made motion not already in force with the session's generator,
        a callable ``author(session, winner_seat)`` returns a motion (or ``None`` to pass),
        ``None`` writes nothing."""
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
            raise SettingsError(f"rounds must be a whole number, not {shown(rounds)}")
        for _ in range(rounds):
            self.play_round(bots)
            seat = self.winner
            if seat is None or author is None:
                continue
            if author == "library":  # a ready motion not already in force (a copy is refused)
                ready = [LIBRARY[name]() for name in sorted(LIBRARY)]
                ready = [m for m in ready if not any(same_motion(r.motion, m) for r in self.in_force())]
                motion = ready[self.rng.randrange(len(ready))] if ready else None
            elif callable(author):
                motion = author(self, seat)
            else:
                raise SettingsError(f"author must be 'library', a function or None, not {shown(author)}")
            if motion is not None:
                self.author(seat, motion)
        return self.history()

    # -- authorship -------------------------------------------------------------------------------
    @by_hand
    def author(self, seat: int, motion: Motion | str) -> MotionRecord:
        """The winner of the round just finished states their motion (before the next deal).
        It does not use the round's Rule Vote."""
        seat = self.session_seat(seat)
        self._sync()
        if self.dealt_round is None or not self.dealt_round.over:
            raise SessionError("a motion is written by the winner after a round ends, before the next deal")
        if self._author_window is None:
            last = self.round_records[-1] if self.round_records else None
            if last is not None and last.winner is None:
                raise SessionError("the last round ended in a stalemate: nobody won, so nobody writes a motion")
            raise SessionError("the winner has already written this round's motion")
        if seat != self._author_window:
            raise SessionError(f"only the round's winner ({seat_word(self._author_window)}) writes a motion, "
                               f"not {seat_word(seat)}")
        if isinstance(motion, str):
            motion = Motion(motion)
        if not isinstance(motion, Motion):
            raise MotionError(f"a motion is a Motion or its text, not {shown(motion)}")
        self.check_adoptable(motion)
        rec = MotionRecord(len(self.motions) + 1, motion, self.names[seat], seat, self.round_no)
        rec.log.append(f"written by {self.names[seat]} after winning round {self.round_no}")
        self.motions.append(rec)
        self.round_records[-1].authored = rec.number
        self._author_window = None
        return rec

    @by_hand
    def decline(self, seat: int) -> None:
        """The winner of the round just finished writes no motion: their chance closes, and the
        next round may be dealt."""
        seat = self.session_seat(seat)
        self._sync()
        if self._author_window is None:
            raise SessionError("nobody is writing a motion now")
        if seat != self._author_window:
            raise SessionError(f"only the round's winner ({seat_word(self._author_window)}) writes a motion, "
                               f"not {seat_word(seat)}")
        self._author_window = None

    def check_adoptable(self, motion: Motion, replacing: int | None = None) -> None:
        """Refuse ``motion`` if it may not join the motions in force (``replacing``: the number
        of the motion it would replace, for an amendment): a copy of one in force
        (:meth:`check_not_in_force`), or a set of rules that could make one turn go on without
        end together with the motions in force and those a vote has put in force from the next
        round (a :class:`~.motions.ConstitutionError` naming the chain of effects).

        >>> from lopti_nb.games.lopti import LoptiSessionState
        >>> s = LoptiSessionState.by_hand(3, seed=1)
        >>> s.check_adoptable(Motion.from_data({"when": "after clear", "then": [
        ...     {"effect": "return cleared cards", "to": "others"}]}))  # cleared cards to the others: fine
        """
        if replacing is None:
            self.check_not_in_force(motion)
        together = {r.number: r.motion for r in self.in_force()}
        for proposal, rec in self._pending:
            if proposal.kind == "law":
                continue
            if proposal.kind == "remove":
                together.pop(rec.number, None)
            else:
                together[rec.number] = proposal.amendment if proposal.kind == "amend" else rec.motion
        if replacing is not None:
            together.pop(replacing, None)
        rules = [r for m in [*together.values(), motion] for r in rules_of(m)]
        reason = endless_turn(rules)
        if reason is not None:
            raise ConstitutionError(loop_refusal(reason))

    def check_proposal(self, proposal: "Proposal") -> None:
        """Refuse a proposal to restore or amend a motion that could make a turn endless together
        with the motions in force (see :meth:`check_adoptable`)."""
        if proposal.kind == "restore":
            self.check_adoptable(self.motion_record(proposal.motion).motion, replacing=proposal.motion)
        elif proposal.kind == "amend":
            self.check_adoptable(proposal.amendment, replacing=proposal.motion)

    def check_not_in_force(self, motion: Motion) -> None:
        """Refuse ``motion`` (a :class:`MotionError` saying which) when a motion in force is the
        same rule (:func:`~lopti_nb.games.lopti.motions.same_motion`): a copy would make each
        of its effects happen twice.

        >>> from lopti_nb.games.lopti import LoptiSessionState
        >>> s = LoptiSessionState.by_hand(3, seed=1)
        >>> s.check_not_in_force(Motion("Aces are announced."))  # nothing in force: no refusal
        """
        for rec in self.in_force():
            if same_motion(rec.motion, motion):
                raise MotionError(f"that motion is already in force as motion {rec.number} "
                                  f"(by {rec.author}); a copy would make each of its effects happen twice")

    @by_hand
    def withdraw(self, seat: int, number: int) -> MotionRecord:
        """The author takes their own motion back, at any time, without a vote. It stays out
        unless a later Rule Vote restores it."""
        seat = self.session_seat(seat)
        rec = self.motion_record(number)
        if rec.author_seat != seat:
            who = seat_word(rec.author_seat) if rec.author_seat is not None else f"{rec.author}, who is not at this table"
            raise SessionError(f"only a motion's author may withdraw it without a vote; motion {number} is by {who}")
        if not rec.in_force:
            raise SessionError(f"motion {number} is not in force ({rec.status})")
        rec.status = "withdrawn"
        rec.log.append(f"round {self.round_no}: withdrawn by its author")
        self._detach(number)
        return rec

    # -- the Rule Vote ------------------------------------------------------------------------------
    def _votes(self, votes: Sequence[bool | None] | Mapping[int, bool | None]
               ) -> tuple[tuple[int, bool | None], ...]:
        n = self.num_players
        if isinstance(votes, Mapping):
            pairs = [(self.session_seat(s, "a voter"), v) for s, v in votes.items()]
        else:
            votes = list(votes)
            if len(votes) != n:
                raise SessionError(f"every one of the {n} session players casts a ballot (yes, no or an "
                                   f"abstention; also those already out); got {len(votes)} ballots")
            pairs = list(enumerate(votes))
        seats = [s for s, _ in pairs]
        if sorted(seats) != list(range(n)):
            missing = sorted(set(range(n)) - set(seats))
            raise SessionError(f"every session player casts a ballot (yes, no or an abstention), also "
                               f"those already out; missing: {_and([seat_word(s) for s in missing])}")
        for s, v in pairs:
            _check_ballot(s, v)
        return tuple(pairs)

    def vote_open(self) -> bool:
        """Whether this round's one Rule Vote attempt is still available (and no vote is
        in progress)."""
        return self.round_no > 0 and self.round_no not in self._vote_used and self.pending_vote is None

    @property
    def pending_vote(self) -> "Vote | None":
        """The Rule Vote in progress (ballots or Roshambo still to come), if any."""
        return self._pending_vote

    @by_hand
    def call_vote(self, proposer: int, proposal: Proposal) -> "Vote":
        """Open the round's Rule Vote on ``proposal``, to be voted seat by seat
        (:meth:`Vote.cast`). The request is checked first (a refused call uses
        nothing); the round's attempt is used when the vote completes."""
        if not isinstance(proposal, Proposal):
            if _protected(proposal):
                raise ConstitutionError(f"{PROTECTED_MESSAGE}: the proposal is refused")
            raise SessionError(f"build the proposal with Proposal.remove/amend/restore/law, not {shown(proposal)}")
        proposer = self.session_seat(proposer, "the proposer")
        self._sync()
        if self.round_no == 0:
            raise SessionError("the Rule Vote opens when dealing begins: deal the first round first")
        if self._pending_vote is not None:
            raise SessionError("a Rule Vote is already in progress; finish it first")
        if self.round_no in self._vote_used:
            raise SessionError(f"round {self.round_no}'s one Rule Vote attempt is already used")
        rec = None
        if proposal.kind != "law":
            rec = self.motion_record(proposal.motion)
            if proposal.kind in ("remove", "amend") and not rec.in_force:
                raise SessionError(f"motion {rec.number} is not in force ({rec.status}); only a motion in force "
                                   f"can be {'removed' if proposal.kind == 'remove' else 'amended'}")
            if proposal.kind == "restore" and rec.in_force:
                raise SessionError(f"motion {rec.number} is already in force")
            self.check_proposal(proposal)
        self._pending_vote = Vote(self, proposer, proposal, rec)
        return self._pending_vote

    @by_hand
    def advocate(self, vote: "Vote", choice: int | str) -> None:
        """After a tied vote on removing or amending a motion whose author does not defend it
        (absent, the proposer, or voted yes), the motion's supporters (the players who voted
        no) choose who faces the proposer: one of them (a seat), ``"bracket"`` (they play
        single elimination) or ``"nobody"`` (no defender: the proposal passes). Only before
        the first throw; an author at the table who voted no always defends."""
        if not isinstance(vote, Vote) or vote.owner is not self or vote is not self._pending_vote:
            raise SessionError("that is not the Rule Vote in progress at this session")
        vote.choose_advocate(choice)

    @by_hand
    def rule_vote(self, proposer: int, proposal: Proposal,
                  votes: Sequence[bool | None] | Mapping[int, bool | None], *,
                  advocate: int | str = "auto", thrower: Thrower | None = None) -> "Vote":
        """Hold the round's Rule Vote on ``proposal`` in one call.

        ``votes``: one ballot per seat (cast in seat order) or ``{seat: ballot}`` in the order
        cast; a ballot is ``True`` (yes), ``False`` (no) or ``None`` (abstains). Yes from more
        than half of all players passes (an abstention is not a yes); as many yes as no, at
        least one of each, is a tie and goes to Roshambo; the attempt is used either way.
        ``advocate`` (ties on a motion whose author does not defend it, see
        :meth:`advocate`): a seat among the motion's supporters, ``"auto"`` (a lone
        supporter, else a bracket), ``"bracket"``, or ``"nobody"`` (the proposal passes).
        Throws come from ``thrower``, else the session's ``thrower``, else the session's
        generator. Returns the :class:`Vote`, done. Built on :meth:`call_vote`, :meth:`Vote.cast` and
        :class:`~.roshambo.RoshamboContest`.

        >>> from lopti_nb.games.lopti import LoptiSessionState
        >>> s = LoptiSessionState.by_hand(4, seed=1)
        >>> s.deal() and None
        >>> s.rule_vote(0, Proposal.law("swap", False, when="next round"),
        ...             [True, True, None, False]).outcome
        'failed with 2 yes, 1 no, 1 abstained'
        """
        if not isinstance(proposal, Proposal):
            if _protected(proposal):
                raise ConstitutionError(f"{PROTECTED_MESSAGE}: the proposal is refused")
            raise SessionError(f"build the proposal with Proposal.remove/amend/restore/law, not {shown(proposal)}")
        proposer = self.session_seat(proposer, "the proposer")
        cast = self._votes(votes)
        if advocate not in ("auto", "bracket", "nobody"):
            self.session_seat(advocate, "the advocate")
        vote = self.call_vote(proposer, proposal)
        try:
            # Checked before any ballot counts, so that a refused call leaves no vote behind.
            if advocate != "auto" and _tied(cast):
                vote.check_advocate(advocate, [s for s, v in cast if v is False and s != proposer])
        except SessionError:
            self._pending_vote = None
            raise
        for seat, yes in cast:
            vote.cast(seat, yes)
        if vote.contest is not None and not vote.done:
            if advocate != "auto" and vote.advocate_applies():
                vote.choose_advocate(advocate)
            if not vote.contest.done:
                drive(vote.contest, thrower or self.thrower or rng_thrower(self.rng))
        return vote

    def vote_finished(self, vote: "Vote") -> None:
        """Called by the :class:`Vote` once it is decided: a Rule Vote's attempt is used, the
        outcome carried out (or, while :attr:`hold_outcomes`, kept for
        :meth:`carry_out_decided`) and the vote kept in :attr:`votes`; a motion approved at
        setup comes in."""
        self._pending_vote = None
        if vote.setup:
            if vote.passed:
                author = vote.author
                seat = self.names.index(author) if author in self.names else None
                origin = "restored at setup" if vote.kind == "setup restore" else "proposed at setup"
                rec = MotionRecord(len(self.motions) + 1, vote.proposed, author, seat, 0, origin=origin)
                rec.log.append(f"{origin} and approved by majority")
                self.motions.append(rec)
            self.votes.append(vote)
            return
        self._vote_used.add(vote.round)
        if vote.passed:
            if self.hold_outcomes:
                self._decided = (vote.proposal, vote.motion_record)
            else:
                self._carry_out(vote.proposal, vote.motion_record)
        self.votes.append(vote)

    def carry_out_decided(self) -> None:
        """Carry out the passed vote kept while :attr:`hold_outcomes` (nothing if none): a
        table first tells the vote's result, then what it changes in the round."""
        decided, self._decided = self._decided, None
        if decided is not None:
            self._carry_out(*decided)

    def _carry_out(self, proposal: Proposal, rec: MotionRecord | None) -> None:
        if proposal.when == NOW:
            self._change(proposal, rec)
        else:
            self._pending.append((proposal, rec))

    def _change(self, proposal: Proposal, rec: MotionRecord | None) -> None:
        """What a passed proposal changes, now or at the next deal."""
        if proposal.kind == "law":
            self.law[proposal.lever] = proposal.value
            st = self.dealt_round
            if proposal.when == NOW and st is not None and not st.over:
                if proposal.lever == "turn_cap":
                    st.turn_cap = proposal.value
                elif proposal.lever == "play_on":
                    st.play_on = proposal.value
                    if not proposal.value and st.out:
                        st.end_now()  # the winner is already out: the round ends here
                        self._sync()
                elif proposal.lever in CARD_RULES:
                    st.card_rules = st.card_rules._replace(**{proposal.lever: proposal.value})
                # "swap" only matters at a deal: it applies from the next deal.
            return
        if proposal.kind == "remove":
            rec.status = "removed"
            self._detach(rec.number)
        elif proposal.kind == "restore":
            rec.status = "in force"
            if proposal.when == NOW:
                self._attach(rec)
        else:
            rec.motion = proposal.amendment
            rec.fault = None
            self._detach(rec.number)
            if proposal.when == NOW and rec.in_force:  # withdrawn during the vote: stays out
                self._attach(rec)
        rec.log.append(f"round {self.round_no}: {proposal.kind} by Rule Vote")

    # -- interpretation ------------------------------------------------------------------------------
    @by_hand
    def interpret(self, number: int, readings: Sequence[str], *, author_choice: int | None = None,
                  votes: Mapping[int, int] | None = None, least_change: int = 0) -> str:
        """Settle an unclear point in motion ``number``. The author, when at the table, decides
        (``author_choice``: an index into ``readings``). Otherwise the table votes
        (``votes``: seat -> index); a reading with more than half of all players wins, and
        failing that, the reading that changes base Lopti least (``least_change``)."""
        rec = self.motion_record(number)
        readings = list(readings)
        if len(readings) < 2:
            raise SessionError("give at least two readings to choose between")
        if rec.author_seat is not None:
            if author_choice is None or not 0 <= author_choice < len(readings):
                raise SessionError(f"the author ({rec.author}) is at the table and decides: give author_choice")
            chosen, how = author_choice, "the author"
        else:
            counts = [0] * len(readings)
            for seat, idx in (votes or {}).items():
                self.session_seat(seat, "a voter")
                counts[idx] += 1
            best = max(range(len(readings)), key=counts.__getitem__)
            if counts[best] * 2 > self.num_players:
                chosen, how = best, "majority"
            else:
                chosen, how = least_change, "least change to base Lopti"
        self.rulings.append({"round": self.round_no, "motion": number, "reading": readings[chosen], "by": how})
        rec.log.append(f"round {self.round_no}: read as '{readings[chosen]}' ({how})")
        return readings[chosen]

    # -- history ---------------------------------------------------------------------------------------
    def history(self):
        """One row per seat per finished round (pandas DataFrame)."""
        import pandas as pd

        self._sync()
        rows = []
        for r in self.round_records:
            for s in range(self.num_players):
                rows.append({
                    "round": r.round, "seat": s, "name": self.names[s], "dealer": s == r.dealer,
                    "leader": s == r.leader, "place": r.places[s], "won": r.winner == s,
                    "score": r.scores[s], "stalemate": r.stalemate, "turns": r.turns,
                    "cards_left": r.cards_left[s], "pickups": r.pickups[s], "clears": r.clears[s],
                    "motions_in_force": len(r.motions), "motion_events": r.motion_events,
                    "authored": r.authored if r.winner == s else None,
                    "play_on": r.law["play_on"], "swap": r.law["swap"], "turn_cap": r.law["turn_cap"],
                    **{k: r.law[k] for k in CARD_RULES},
                })
        cols = ["round", "seat", "name", "dealer", "leader", "place", "won", "score", "stalemate", "turns",
                "cards_left", "pickups", "clears", "motions_in_force", "motion_events", "authored",
                "play_on", "swap", "turn_cap", *CARD_RULES]
        df = pd.DataFrame(rows, columns=cols)
        df["authored"] = df["authored"].astype("Int64")
        return df

    def motions_frame(self):
        """One row per motion (pandas DataFrame)."""
        import pandas as pd

        rows = [{"motion": r.number, "text": r.text, "author": r.author, "author_seat": r.author_seat,
                 "round": r.round, "origin": r.origin, "status": r.status, "has_code": r.motion.has_code,
                 "code_off": r.fault is not None, "fault": r.fault, "log": "; ".join(r.log)}
                for r in self.motions]
        return pd.DataFrame(rows, columns=["motion", "text", "author", "author_seat", "round", "origin", "status",
                                           "has_code", "code_off", "fault", "log"])

    def votes_frame(self):
        """One row per Rule Vote or setup approval (pandas DataFrame)."""
        import pandas as pd

        rows = []
        for v in self.votes:
            rs = v.roshambo
            rows.append({
                "round": v.round, "kind": v.kind, "proposal": v.text, "proposer": v.proposer, "when": v.when,
                "yes": v.yes, "no": v.no, "abstained": v.abstained, "passed": v.passed, "outcome": v.outcome,
                "defender": v.defender,
                "roshambo": rs is not None, "roshambo_score": f"{rs.a_wins}-{rs.b_wins}" if rs else None,
                "roshambo_throws": rs.throws if rs else None,
                "bracket_matches": v.bracket.matches if v.bracket else None,
            })
        return pd.DataFrame(rows, columns=["round", "kind", "proposal", "proposer", "when", "yes", "no", "abstained",
                                           "passed", "outcome", "defender", "roshambo", "roshambo_score",
                                           "roshambo_throws", "bracket_matches"])

    def describe_session(self) -> str:
        """The session so far in a few lines."""
        self._sync()
        lines = [f"Lopti session, {self.num_players} players, round {self.round_no}."]
        for r in self.in_force():
            lines.append(f"Motion {r.number} by {r.author}: {r.text}" + (" [code off]" if r.fault else ""))
        return "\n".join(lines)


# -- the Rule Vote, step by step -------------------------------------------------------------------
def tally(cast: Sequence[tuple[int, bool | None]]) -> tuple[int, int, int]:
    """``(yes, no, abstained)`` of ``(seat, ballot)`` pairs."""
    ballots = [v for _, v in cast]
    return ballots.count(True), ballots.count(False), ballots.count(None)


def yes_needed(players: int) -> int:
    """How many yes votes pass a proposal: more than half of all ``players`` (an abstention
    is no yes).

        >>> [yes_needed(n) for n in (2, 3, 4, 5)]
        [2, 2, 3, 3]
    """
    return players // 2 + 1


def ballot_counts(yes: int, no: int, abstained: int) -> str:
    """The ballots counted in words: ``"2 yes, 1 no, 1 abstained"``."""
    return f"{yes} yes, {no} no, " + (f"{abstained} abstained" if abstained else "nobody abstained")


def _tied(cast: Sequence[tuple[int, bool | None]]) -> bool:
    yes, no, _ = tally(cast)
    return yes == no >= 1


def _check_ballot(seat: int, ballot: Any) -> None:
    if ballot is not None and not isinstance(ballot, bool):
        raise SessionError(f"{seat_word(seat)} votes True (yes), False (no) or None (abstains), "
                           f"not {shown(ballot)}")


class Vote:
    """One vote from its call to its result: a round's Rule Vote (:meth:`SessionRules.call_vote`)
    or the vote at setup on a motion from outside the session (:meth:`SessionRules.setup_vote`).

    Every session player casts one ballot (:meth:`cast`): yes, no, or an abstention, in any
    order; the vote is counted once all have. Ballots stay hidden
    (``ballots_public`` is ``None``; ``voted`` says only who has voted) until the last one
    is in. Then the vote passes or fails at once, or, on a tied Rule Vote, ``contest`` holds
    the Roshambo (:class:`~.roshambo.RoshamboContest`) and the vote finishes when it does (a
    tie at setup is no majority: no Roshambo). Once ``done`` the same object is the result
    the session keeps in ``votes``: ``passed``, ``outcome`` in words, the ballots in
    ``votes``, their count (``yes``, ``no``, ``abstained``) and, after a tie, the
    ``defender`` and the ``roshambo`` (or ``bracket``) that settled it. A Rule Vote uses
    the round's attempt when it is done.

    ``proposal`` is the :class:`Proposal` (``None`` at setup, where ``proposed`` is the
    motion put to the table); ``kind`` its kind (``"setup proposal"`` or ``"setup
    restore"`` at setup); ``text`` the proposal in words; ``motion`` the number of the
    motion voted on (``None``: base law, setup).

    >>> from lopti_nb.games.lopti import LoptiSessionState
    >>> s = LoptiSessionState.by_hand(3, seed=1)
    >>> vote = s.setup_vote(Motion("Aces are announced."), author="Seat 1")
    >>> for seat in (2, 0, 1):
    ...     vote.cast(seat, seat != 2)
    >>> vote.done, vote.outcome, s.votes == [vote]
    (True, 'approved at setup with 2 yes, 1 no, nobody abstained', True)
    """

    def __init__(self, owner: "SessionRules", proposer: int | None, proposal: Proposal | None,
                 motion: MotionRecord | None = None, *, proposed: Motion | None = None,
                 author: str | None = None, restore: bool = False):
        self.owner = owner  # the session state the vote is held in
        self.round = owner.round_no
        self.proposer = proposer  # None at setup: the motion comes in by its author's name
        self.proposal = proposal
        self.motion_record = motion  # the motion the proposal is about (None for base law)
        self.proposed = proposed  # at setup: the motion put to the table
        self.author = author  # at setup: who authors it if it comes in
        if proposal is not None:
            self.kind, self.text, self.when = proposal.kind, proposal.describe(), proposal.when
            self.motion = proposal.motion
        else:
            self.kind = "setup restore" if restore else "setup proposal"
            self.text = f"{'restore' if restore else 'bring in'} '{proposed.title}'"
            self.when, self.motion = None, None
        self._ballots: dict[int, bool | None] = {}  # in the order cast; None: abstained
        self._bot_ballots: dict[int, bool] = {}  # at setup: the bots' policy, asked once per seat
        self._opponents: list[int] = []
        self._how = ""
        self._counted = ""  # the ballots in words, once all are in
        self.contest: RoshamboContest | None = None
        # the result, once the vote is done
        self.done = False
        self.passed = False
        self.outcome = ""
        self.defender: int | None = None
        self.roshambo: RoshamboResult | None = None
        self.bracket: BracketResult | None = None

    def check_by_hand(self) -> None:
        """A step of this vote taken by hand is refused as its session's are
        (:meth:`SessionRules.check_by_hand`)."""
        self.owner.check_by_hand()

    @property
    def session(self) -> "Session":
        """Deprecated: a vote belongs to its session state, :attr:`owner`."""
        warnings.warn("Vote.session is deprecated: a vote belongs to its session state, Vote.owner",
                      DeprecationWarning, stacklevel=2)
        return Session.of(self.owner)

    # -- what the table may show ---------------------------------------------------------------
    @property
    def setup(self) -> bool:
        """Whether this is the vote at setup (before the first deal) rather than a Rule Vote."""
        return self.proposal is None

    @property
    def missing(self) -> tuple[int, ...]:
        """Seats still to vote."""
        return tuple(s for s in range(self.owner.num_players) if s not in self._ballots)

    @property
    def voted(self) -> tuple[int, ...]:
        """Seats that have voted, in the order they voted (not how they voted)."""
        return tuple(self._ballots)

    @property
    def ballots_public(self) -> dict[int, bool | None] | None:
        """Every ballot (seat -> ``True`` yes, ``False`` no, ``None`` abstained) once all are
        cast; ``None`` before (they are secret until then)."""
        return None if self.missing else dict(self._ballots)

    @property
    def votes(self) -> tuple[tuple[int, bool | None], ...]:
        """``(seat, ballot)`` in the order cast, once every ballot is in (empty before)."""
        return () if self.missing else tuple(self._ballots.items())

    @property
    def yes(self) -> int:
        """Yes ballots (counted once all are in)."""
        return tally(self.votes)[0]

    @property
    def no(self) -> int:
        """No ballots (counted once all are in)."""
        return tally(self.votes)[1]

    @property
    def abstained(self) -> int:
        """How many players abstained (counted once all ballots are in)."""
        return tally(self.votes)[2]

    @property
    def tied(self) -> bool:
        """As many yes as no ballots, at least one of each (a deadlock: Roshambo)."""
        return self.yes == self.no >= 1

    @property
    def record(self) -> "Vote | None":
        """The vote itself once it is done (it holds its result), else ``None``."""
        return self if self.done else None

    @property
    def supporters(self) -> tuple[int, ...]:
        """After a tie: the motion's supporters (who voted no, the proposer aside) in the order
        they voted; the first of them chooses for them. Empty before a tie."""
        return tuple(self._opponents)

    def ballot_of(self, seat: int) -> bool | None:
        """``seat``'s own ballot (``None`` also before it voted: :attr:`voted` tells)."""
        return self._ballots.get(seat)

    def describe(self) -> str:
        if self.setup:
            return f"Vote at setup: {self.text}"
        return f"Rule Vote by {seat_word(self.proposer)}: {self.text}"

    def __repr__(self) -> str:
        state = f"done: {self.outcome}" if self.done else f"missing {list(self.missing)}"
        return f"<Vote round {self.round}, {self.kind}: {self.text} ({state})>"

    # -- voting ---------------------------------------------------------------------------------
    @by_hand
    def cast(self, seat: int, yes: bool | None) -> None:
        """``seat`` votes yes (``True``), no (``False``) or abstains (``None``); each seat
        once, any order."""
        seat = self.owner.session_seat(seat, "a voter")
        if self.done or self.owner.pending_vote is not self:
            raise SessionError("this vote is over" if self.setup else "this Rule Vote is over")
        if seat in self._ballots:
            raise SessionError(f"{seat_word(seat)} has already voted")
        _check_ballot(seat, yes)
        self._ballots[seat] = yes
        if not self.missing:
            self._count()

    def bot_ballot(self, seat: int) -> bool:
        """How a bot at ``seat`` votes by the bots' policy: on a Rule Vote, :func:`bot_ballot`.
        At setup the author's seat votes yes; another bot votes yes when the motion lab says the
        motion raises its own seat's chance to win a round (its role beside the author), and no
        to a motion in words only."""
        if not self.setup:
            return bot_ballot(self.owner, seat, self.proposal, proposer=self.proposer)
        from .evidence import BOT_SEED, role_of, vote_by_evidence

        if seat not in self._bot_ballots:
            names = self.owner.names
            author = names.index(self.author) if self.author in names else None
            n = self.owner.num_players
            if seat == author:
                yes = True
            elif not self.proposed.has_code or author is None:
                yes = False
            else:
                yes = vote_by_evidence(self.proposed, role_of(seat, author, n), players=n, seed=BOT_SEED)
            self._bot_ballots[seat] = yes
        return self._bot_ballots[seat]

    def cast_bot(self, seat: int) -> bool:
        """Cast ``seat``'s ballot by the bots' policy (:meth:`bot_ballot`); returns it."""
        yes = self.bot_ballot(seat)
        self.cast(seat, yes)
        return yes

    def _count(self) -> None:
        yes, no, abstained = tally(self.votes)
        self._counted = counted = ballot_counts(yes, no, abstained)
        # more than half of ALL session players (an abstention is no yes); a tie needs a yes and a no
        if self.setup:
            passed = yes * 2 > self.owner.num_players
            self._finish(passed, f"approved at setup with {counted}" if passed else f"not approved, with {counted}")
        elif yes * 2 > self.owner.num_players:
            self._finish(True, f"passed with {counted}")
        elif self.tied:
            self._deadlock()
        else:
            self._finish(False, f"failed with {counted}")

    # -- a tie: who faces the proposer ------------------------------------------------------------
    def _author_defends(self, opponents: Sequence[int]) -> bool:
        rec = self.motion_record
        return (self.kind in ("remove", "amend") and rec.author_seat is not None
                and rec.author_seat != self.proposer and rec.author_seat in opponents)

    def advocate_applies(self) -> bool:
        """Whether, after this tie, the motion's supporters choose who defends it (a motion
        whose author does not defend it)."""
        return self.kind in ("remove", "amend") and not self._author_defends(self._opponents)

    def check_advocate(self, choice: Any, opponents: Sequence[int] | None = None) -> None:
        """Refuse (:class:`SessionError`) an advocate ``choice`` the supporters may not make:
        a seat among ``opponents`` (default: this vote's :attr:`supporters`), ``"bracket"`` or
        ``"nobody"``, and only on a motion its author does not defend."""
        if opponents is None:
            opponents = self._opponents
        if self.kind not in ("remove", "amend"):
            raise SessionError("in a tie on base law or a restoration the proposer faces the first player who "
                               "voted no; there is no advocate to choose")
        if self._author_defends(opponents):
            raise SessionError(f"the motion's author ({self.motion_record.author}) voted to keep it and defends it; "
                               "there is no advocate to choose")
        if choice in ("bracket", "nobody"):
            return
        if isinstance(choice, bool) or not isinstance(choice, int) or choice not in opponents:
            n = self.owner.num_players
            given = seat_word(choice) if type(choice) is int and 0 <= choice < n else shown(choice)
            raise SessionError(f"the advocate must be one of the motion's supporters "
                               f"({_and([seat_word(s) for s in opponents])}), 'bracket' or 'nobody', "
                               f"not {given}")

    def _deadlock(self) -> None:
        opponents = [s for s, v in self._ballots.items() if v is False and s != self.proposer]
        self._opponents = opponents
        if not opponents:
            self._finish(True, f"deadlock with {self._counted}; nobody defends, so the proposal passes")
            return
        defender, members = None, None
        if self._author_defends(opponents):
            defender, self._how = self.motion_record.author_seat, "the motion's author"
        elif self.kind in ("remove", "amend"):
            if len(opponents) == 1:
                defender, self._how = opponents[0], "the motion's only supporter"
            else:
                members, self._how = opponents, "the winner of the supporters' bracket"
        else:
            defender, self._how = opponents[0], "the first player who formally opposed"
        self.contest = RoshamboContest(self.proposer, defender, bracket=members, rng=self.owner.rng,
                                       on_done=self._contest_done, throws=self.owner.roshambo_throws)

    @by_hand
    def choose_advocate(self, choice: Any) -> None:
        """The supporters' choice of who defends the motion (see :meth:`SessionRules.advocate`)."""
        if self.done or self.contest is None:
            raise SessionError("an advocate is chosen only after a tied vote, before Roshambo starts")
        if self.contest.started:
            raise SessionError("Roshambo has started; the advocate is chosen before the first throw")
        self.check_advocate(choice)
        if choice == "bracket":
            self._how = "the winner of the supporters' bracket"
            self.contest.set_defender(None, bracket=self._opponents)
        elif choice == "nobody":
            self._how = "nobody"
            self.contest.set_defender(None)  # a walkover: the vote finishes now
        else:
            self._how = "an advocate chosen by the motion's supporters"
            self.contest.set_defender(choice)

    def _contest_done(self, contest: RoshamboContest) -> None:
        if contest.walkover:
            self._finish(True, f"deadlock with {self._counted}; nobody defends, so the proposal passes")
            return
        self.defender = contest.defender
        self.roshambo = contest.result
        self.bracket = contest.bracket_result
        passed = contest.winner == self.proposer
        a, b = contest.score
        self._finish(passed, f"deadlock with {self._counted}; Roshambo against {self._how} ({seat_word(contest.defender)}): {a}-{b}, "
                             + ("the proposal passes" if passed else "the proposal fails"))

    def _finish(self, passed: bool, outcome: str) -> None:
        self.passed, self.outcome, self.done = passed, outcome, True
        self.owner.vote_finished(self)


def bot_ballot(session: Any, seat: int, proposal: Proposal, *, proposer: int | None = None) -> bool:
    """How a bot votes on ``proposal`` (the proposer: the pending vote's, if not given).

    A bot never abstains: it always votes yes (``True``) or no (``False``).

    * The proposer votes yes; a change to base law gets no from everyone else.
    * On a motion the engine plays (it has code) whose author is at the table, a bot votes by
      evidence (:func:`~.evidence.vote_by_evidence`): it asks the motion lab whether the
      motion raises the chance to win of the bot's own seat beside the author (the author,
      the seat after the author, another seat; :func:`~.evidence.role_of`), and votes yes to
      restore a motion that helps it and yes to remove or amend one that does not.
    * Without evidence (a motion in words only, which the engine does not play, or one whose
      author is not at the table) a motion's author keeps their own motion (no to removing or
      amending it, yes to restoring it), and anyone else votes yes to remove or amend a motion
      that hurt them in the round at the table (made them take cards -- a gift or a draw -- or
      show a card), and otherwise keeps things as they are: no.
    """
    session = session_data(session)
    seat = session.session_seat(seat, "a voter")
    if proposer is None and session.pending_vote is not None:
        proposer = session.pending_vote.proposer
    if seat == proposer:
        return True
    if proposal.kind == "law":
        return False
    rec = session.motion_record(proposal.motion)
    helps = motion_helps(session, seat, rec)
    if helps is not None:
        return helps if proposal.kind == "restore" else not helps
    if rec.author_seat == seat:
        return proposal.kind == "restore"
    if proposal.kind == "restore":
        return False
    return _hurt_by(session, seat, rec.number)


def ballot_reason(kind: str, yes: bool, *, proposer: bool, author: bool, by_evidence: bool) -> str:
    """Why a bot cast ``yes`` on a proposal of ``kind`` by :func:`bot_ballot`'s policy, as the
    end of a sentence ("... voted no because <reason>"): ``proposer``, the bot called the
    vote; ``author``, it wrote the motion; ``by_evidence``, the motion lab had something to
    say (a motion the engine plays, whose author is at the table).

        >>> ballot_reason("remove", False, proposer=False, author=False, by_evidence=True)
        'the motion lab says the motion helps their seat'
    """
    if proposer:
        return "they proposed it"
    if kind == "law":
        return "bots keep base law as it is"
    if by_evidence:
        helps = yes if kind == "restore" else not yes
        return "the motion lab says the motion " + ("helps their seat" if helps else "does not help their seat")
    if author:
        return "they keep their own motion"
    if kind == "restore":
        return "bots restore only their own motion when the motion lab has nothing to say"
    return ("the motion made them take or show cards this round" if yes
            else "the motion did not make them take or show cards this round")


def motion_helps(session: Any, seat: int, rec: MotionRecord) -> bool | None:
    """Whether the motion lab says motion ``rec`` raises ``seat``'s chance to win a round
    (:func:`~.evidence.vote_by_evidence` for the seat's role beside the author), or ``None``
    when there is no evidence to ask for: a motion in words only or whose author is absent.
    The lab's answer on a motion that is not a ready one is kept by the session."""
    from .evidence import BOT_SEED, ready_key, role_of, vote_by_evidence

    if not rec.motion.has_code or rec.author_seat is None:
        return None
    session = session_data(session)
    role = role_of(seat, rec.author_seat, session.num_players)
    key = ready_key(rec.motion)
    if key is not None:
        return vote_by_evidence(key, role, players=session.num_players, seed=BOT_SEED)
    kept = session.evidence_kept
    mark = (rec.number, rec.motion.text, role)
    if mark not in kept:
        kept[mark] = vote_by_evidence(rec.motion, role, players=session.num_players, seed=BOT_SEED)
    return kept[mark]


def _hurt_by(session: SessionRules, seat: int, number: int) -> bool:
    """Whether motion ``number`` made ``seat`` take cards or show one in the round at the table."""
    st = session.dealt_round
    if st is None:
        return False
    for e in st.round_events:
        if getattr(e, "motion", None) != number:
            continue
        if (isinstance(e, ev.MotionGave) and e.to == seat) or (
                isinstance(e, (ev.MotionDrew, ev.MotionRevealed)) and e.seat == seat):
            return True
    return False


class Session:
    """A Lopti session driven step by step (``deal``, ``play_round``, ``author``,
    ``rule_vote``...): deprecated, a thin convenience over the session state.

    A session is one engine state, :class:`~.session_game.LoptiSessionState`:
    ``lopti_nb.new_game("lopti", players=4, seed=1, rounds=3)`` plays it action by action
    (with a record, at a table or in a room), and ``LoptiSessionState.by_hand(4, seed=1)``
    gives one to drive with these same methods. Every public method and attribute of a
    ``Session`` is the state's (``rounds`` is its ``round_records``, ``state`` its
    ``dealt_round``, ``phase`` its ``session_phase``, ``check_seat`` its ``session_seat``,
    ``describe`` its ``describe_session``); ``game_state`` is the state itself.
    """

    def __init__(self, players: int | Sequence[str] = 4, seed: int | None = None, **options: Any):
        warnings.warn('Session is deprecated: play a session with lopti_nb.new_game("lopti", rounds=...), or drive '
                      "one by hand with lopti_nb.games.lopti.LoptiSessionState.by_hand(players, seed), "
                      "which has the same methods.",
                      DeprecationWarning, stacklevel=2)
        state_class = get_spec("lopti").load("session")
        object.__setattr__(self, "game_state", state_class.by_hand(players, seed, **options))
        object.__setattr__(self, "seed", seed)

    @classmethod
    def of(cls, state: Any) -> "Session":
        """A ``Session`` over an existing session state (what the state's deprecated
        ``session`` attribute gives)."""
        session = object.__new__(cls)
        object.__setattr__(session, "game_state", state)
        object.__setattr__(session, "seed", state.seed)
        return session

    def __getattr__(self, name: str) -> Any:
        if name in _FORWARDED:
            return getattr(self.game_state, _FORWARDED[name])
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in _SETTABLE:
            raise AttributeError(f"a Session's {name!r} cannot be set")
        setattr(self.game_state, _FORWARDED[name], value)

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *_FORWARDED})

    def run(self, rounds: int, bots: str | Sequence[Any] | None = None,
            author: str | Callable[["Session", int], Motion | str | None] | None = "library"):
        """:meth:`SessionRules.run`; a callable ``author`` is given this ``Session``."""
        if callable(author):
            chosen = author
            author = lambda state, seat: chosen(self, seat)  # noqa: E731
        return self.game_state.run(rounds, bots, author)


#: Session's public names -> the session state's (the same unless the state uses the name
#: for something else)
_FORWARDED = {name: name for name in (
    "names", "num_players", "rng", "law", "first_dealer", "roshambo_throws", "thrower", "hook_budget",
    "motions", "votes", "rulings", "round_no", "runner", "dealer", "evidence_kept", "hold_outcomes", "people",
    "motion_record", "author_due", "in_force", "winner", "restore", "setup_vote", "deal", "next_deal", "play",
    "play_round", "author", "decline", "check_adoptable", "check_proposal", "check_not_in_force", "withdraw",
    "vote_open", "pending_vote", "call_vote", "advocate", "rule_vote", "vote_finished", "carry_out_decided",
    "interpret", "history", "motions_frame", "votes_frame")}
_FORWARDED.update(rounds="round_records", state="dealt_round", phase="session_phase", check_seat="session_seat",
                  describe="describe_session")
#: what may be set on a Session (on its state)
_SETTABLE = frozenset(("thrower", "hook_budget", "hold_outcomes", "people", "law", "first_dealer"))


def session_data(session: Any) -> Any:
    """What holds a session's data: the state itself, or a :class:`Session`'s state."""
    return session.game_state if isinstance(session, Session) else session


def __getattr__(name: str):
    # the names the vote had while it was three classes: one class serves them all now
    if name in ("PendingVote", "VoteRecord"):
        warnings.warn(f"{name} is now Vote: one class holds a vote from its call, through its ballots, "
                      "to its result", DeprecationWarning, stacklevel=2)
        return Vote
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
