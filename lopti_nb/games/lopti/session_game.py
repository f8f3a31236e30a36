"""A Lopti session as one engine state: rounds, the winner's motion, the Rule Vote, Roshambo.

:class:`LoptiSessionState` is a whole session (rules reference §1.7) as a ``GameState`` like any
other: it holds the session's data and plays its rules (:class:`~.session.SessionRules`) itself: one action at a time, for the seats in
``to_act``, with a record that ``lopti_nb.load`` replays. Its ``events`` are the session's one
log: each round writes its own events there as they happen, between the session's (a round
dealt, a vote called, its ballots...). Every vote, the one at setup included, is one
:class:`~.session.Vote` from its call to its result. Rooms play it across devices::

    state = lopti_nb.new_game("lopti", players=4, seed=1, rounds=3)
    state.legal_actions()          # the round's plays (and CallVote on your turn)
    state.apply(CallVote("law", lever="play_on", value=True, when="now"))
    state.to_act                   # every seat: ballots are cast at once, in any order
    state.apply(Ballot(True), seat=2)

The actions of a session besides the round's own (``Play``, ``TakePile``... and ``Choose``
when a motion asks a person):

* :class:`Author` -- the winner of the round just finished states a motion: a ready motion's
  key (``"ace_tax"``), ``"pass"`` (no motion), or any other text (a motion in words only).
  The next round is dealt at once after it (and straight after a round without a winner).
* :class:`CallVote` -- the round's one Rule Vote, called by the seat whose turn it is (or by
  the winner while they author). Play waits until the vote is over.
* :class:`Ballot` -- every seat casts one ballot, in any order: yes, no, or an abstention
  (``Ballot(None)``: everyone *may* vote, and an abstention is not a yes). The vote is
  counted once every seat has cast one; each ballot stays hidden from the other seats until
  then, and all are shown together.
* :class:`Advocate` -- after a tie on removing or amending a motion whose author does not
  defend it, the motion's supporters choose who faces the proposer (rules reference
  §1.7.6): one of them, their bracket, or nobody (the proposal
  passes). The supporter who voted no first chooses for them; a bot there picks its lone
  fellow supporter, else the bracket (the session's ``"auto"``).
* :class:`Throw` -- after a tied vote, the two seats of Roshambo throw at once, each hidden
  from the other until both have thrown.

A session may start with a motion put to the table (``proposed=``: a ready motion's key or a
motion as data, :func:`proposed_setting`). The first seat proposes it and every seat casts a
:class:`Ballot` before the first deal; it is in force from round one, with the first seat as its
author, if more than half of all players vote yes (rules reference §1.7: a motion from outside
the session comes in only by majority approval at setup, which does not use round one's Rule
Vote; no Roshambo at setup). Until then the table shows round one as it will be dealt::

    state = lopti_nb.new_game("lopti", players=3, seed=1, rounds=3, proposed="ace_tax")
    state.phase                    # "voting": every seat votes on bringing the motion in

A tied vote's Roshambo runs to 30 decisive throws, the rules' number. A session set up for
practice or teaching may shorten it (``roshambo_throws=5``, :data:`SETTINGS`); no Rule Vote and
no motion can change it once the session is dealt.

Every refusal is an :class:`~lopti_nb.engine.IllegalAction` with a short sentence, and
leaves the state as it was. Bots follow the plugin's bots for the round and the stated
policies for the rest (:func:`session_bot`): ballots by
:func:`~.session.bot_ballot` (by the motion lab's evidence on a motion; a bot never abstains),
throws at random from the bot's generator, motions by :func:`bot_author` (the ready motion the
lab says helps the author most, ``BOT_AUTHOR_POLICY``); bots never call a vote.
"""
from __future__ import annotations

import json
import warnings
from dataclasses import dataclass
from typing import Any

from ...engine import (
    Event, GameState, IllegalAction, LoptiNbError, Result, Setting, SettingsError, SettingsSchema, seat_word,
)
from ...engine.copying import DEEP, LINKED, LIST, SHARED
from ...engine.core import places_from_keys
from ...engine.limits import check_nesting, plain, shown
from ...engine.records import MAX_ACTION_TEXT, action_text
from .library import LIBRARY
from .motions import Motion, same_motion
from .roshambo import DECISIVE_THROWS, THROWS, check_throws
from .schema import SCHEMA
# session.py imports the plugin, which imports this module: its names are read when used
from . import session as _s

MAX_ROUNDS = 20
MAX_WORDS = 200  # characters of a motion in words
MAX_DATA = MAX_ACTION_TEXT  # characters of an Author action written down, as records and rooms keep it
PASS = "pass"


def __getattr__(name: str):
    # the bots' policy sentence comes from the evidence module, which loads the motion lab:
    # read when first asked for, so that a plain round never loads it
    if name == "BOT_AUTHOR_POLICY":
        from .evidence import AUTHOR_POLICY

        return AUTHOR_POLICY
    if name == "SetupVote":  # the vote at setup is a Vote like any other now
        warnings.warn("SetupVote is now lopti_nb.games.lopti.session.Vote: one class holds every vote, "
                      "the vote at setup included", DeprecationWarning, stacklevel=2)
        return _s.Vote
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- actions ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Author:
    """The round's winner states their motion: a ready motion's key, ``"pass"``, words, or a
    data motion (a dict, see :meth:`Motion.from_data`). The data is held as its compact JSON
    text (keys sorted), so the action compares, hashes and is recorded as text; a choice
    reads as data when it starts with ``{``. :func:`authored_motion` is the one place that
    says what a choice stands for.

    >>> Author({"when": "after pickup", "then": [{"effect": "reveal"}]}).choice
    '{"then":[{"effect":"reveal"}],"when":"after pickup"}'
    """

    choice: str

    def __post_init__(self):
        if isinstance(self.choice, dict):
            object.__setattr__(self, "choice", data_text(self.choice))

    def __str__(self) -> str:
        if self.choice == PASS:
            return "write no motion"
        if isinstance(self.choice, str) and self.choice in LIBRARY:
            return f"adopt the ready motion {self.choice.replace('_', ' ')}"
        if isinstance(self.choice, str) and self.choice.startswith("{"):
            return "adopt a motion the game enforces"
        return f"adopt the motion \u201c{self.choice}\u201d"


def data_text(data: dict) -> str:
    """A data motion as the compact JSON text an :class:`Author` action holds (keys sorted),
    or an :class:`~lopti_nb.engine.IllegalAction` when it is not plain JSON data.

    >>> data_text({"when": "after play", "then": []})
    '{"then":[],"when":"after play"}'
    """
    check_nesting(data, "A data motion", IllegalAction, max_depth=8, max_items=MAX_DATA)
    try:
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise IllegalAction("a data motion is plain JSON data: text, whole numbers, true/false, "
                            "lists and dicts with text keys") from None


@dataclass(frozen=True)
class CallVote:
    """Call the round's Rule Vote: ``kind`` is remove, amend or restore (of motion number
    ``motion``; an amendment's ``text`` is a ready motion's key or words) or law (set
    ``lever`` to ``value``); ``when`` is "now" or "next round"."""

    kind: str
    motion: int | None = None
    lever: str | None = None
    value: Any = None
    text: str | None = None
    when: str = "now"

    def __post_init__(self):
        # a value from NumPy (np.int64(60)) is the plain value it stands for, in words and records
        object.__setattr__(self, "value", plain(self.value))
        object.__setattr__(self, "motion", plain(self.motion))

    def __str__(self) -> str:
        when = "now" if self.when == "now" else "from the next round"
        if self.kind == "law":
            value = ("on" if self.value else "off") if isinstance(self.value, bool) else shown(self.value)
            return f"call a Rule Vote to set {str(self.lever).replace('_', ' ')} to {value}, {when}"
        return f"call a Rule Vote to {self.kind} motion {self.motion}, {when}"


@dataclass(frozen=True)
class Ballot:
    """Vote yes (``True``), no (``False``) or abstain (``None``) in the Rule Vote under way.

    >>> str(Ballot(None))
    'abstain'
    """

    yes: bool | None

    def __str__(self) -> str:
        if self.yes is None:
            return "abstain"
        if isinstance(self.yes, bool):
            return "vote yes" if self.yes else "vote no"
        return f"cast the ballot {shown(self.yes)}"  # not a ballot: refused, and named as it is


@dataclass(frozen=True)
class Throw:
    """Throw ``sign`` (rock, paper or scissors) in the Roshambo under way."""

    sign: str

    def __str__(self) -> str:
        return f"throw {self.sign}"


@dataclass(frozen=True)
class Advocate:
    """Choose, for the motion's supporters, who defends it: a supporter's seat, ``"bracket"``
    (single elimination among them) or ``"nobody"`` (then the proposal passes)."""

    choice: Any

    def __str__(self) -> str:
        if self.choice == "bracket":
            return "let a bracket among the supporters choose who defends the motion"
        if self.choice == "nobody":
            return "let nobody defend the motion"
        if isinstance(self.choice, int) and not isinstance(self.choice, bool) and self.choice >= 0:
            return f"have {seat_word(self.choice)} defend the motion"
        return f"have {self.choice!r} defend the motion"


@dataclass(frozen=True)
class Withdraw:
    """The author takes their motion number ``motion`` back, without a vote (rules reference
    §1.7): it stays out unless a later Rule Vote restores it. On the author's own turn or
    while they write the round's motion; not listed among the legal actions (bots never
    withdraw)."""

    motion: int

    def __str__(self) -> str:
        return f"withdraw motion {self.motion}"


SESSION_ACTIONS = (Author, CallVote, Ballot, Advocate, Throw, Withdraw)


# -- events ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class RoundDealt(Event):
    round: int
    rounds: int
    dealer: int

    def describe(self) -> str:
        return f"Round {self.round} of {self.rounds} is dealt by {seat_word(self.dealer)}."


@dataclass(frozen=True)
class MotionAuthored(Event):
    seat: int
    number: int | None
    text: str

    def describe(self) -> str:
        if self.number is None:
            return f"{seat_word(self.seat)} writes no motion."
        return f"{seat_word(self.seat)} writes motion {self.number}: {self.text}"


@dataclass(frozen=True)
class VoteCalled(Event):
    seat: int
    proposal: str

    def describe(self) -> str:
        return f"{seat_word(self.seat)} calls the Rule Vote: {self.proposal}."


@dataclass(frozen=True)
class BallotCast(Event):
    """A seat has voted; how it voted stays hidden until every ballot is in."""

    seat: int

    def describe(self) -> str:
        return f"{seat_word(self.seat)} has voted."


@dataclass(frozen=True)
class BallotsRevealed(Event):
    ballots: tuple  # (seat, True yes / False no / None abstained) in the order cast

    def describe(self) -> str:
        words = lambda seats: ", ".join(seat_word(s) for s in sorted(seats)) or "nobody"  # noqa: E731
        said = [f"{label} {words([s for s, v in self.ballots if v is ballot])}"
                for label, ballot in (("yes", True), ("no", False), ("abstained", None))]
        if not any(v is None for _, v in self.ballots):
            said.pop()  # nobody abstained: the usual yes-or-no sentence
        return f"Every ballot is in: {'; '.join(said)}."


@dataclass(frozen=True)
class AdvocateAsked(Event):
    """A tie on a motion its author does not defend: its supporters choose who defends it."""

    seat: int
    supporters: tuple

    def describe(self) -> str:
        names = ", ".join(seat_word(s) for s in self.supporters)
        return (f"The motion's supporters ({names}) choose who defends it; "
                f"{seat_word(self.seat)} chooses for them.")


@dataclass(frozen=True)
class AdvocateChosen(Event):
    seat: int
    choice: Any

    def describe(self) -> str:
        who = seat_word(self.seat)
        if self.choice == "bracket":
            return f"{who} chooses a bracket among the supporters to defend the motion."
        if self.choice == "nobody":
            return f"{who} chooses that nobody defends the motion: the proposal passes."
        return f"{who} chooses {seat_word(self.choice)} to defend the motion."


@dataclass(frozen=True)
class Thrown(Event):
    """A seat has thrown; the sign stays hidden until the other has thrown too."""

    seat: int

    def describe(self) -> str:
        return f"{seat_word(self.seat)} has thrown."


@dataclass(frozen=True)
class ThrowsShown(Event):
    a: int
    sign_a: str
    b: int
    sign_b: str
    winner: int | None
    score: tuple

    def describe(self) -> str:
        won = "a tie, thrown again" if self.winner is None else f"{seat_word(self.winner)} wins the throw"
        return (f"Roshambo: {seat_word(self.a)} {self.sign_a}, {seat_word(self.b)} {self.sign_b}: {won} "
                f"({self.score[0]}-{self.score[1]}).")


@dataclass(frozen=True)
class VoteDone(Event):
    passed: bool
    outcome: str

    def describe(self) -> str:
        # the outcome counts the ballots ("passed with 3 yes, 1 no, nobody abstained"); the
        # sentence says passes, fails or tied once, then the count and how a tie was settled
        for head, verb in (("passed with ", "passes with"), ("failed with ", "fails with"),
                           ("deadlock with ", "is tied with")):
            if self.outcome.startswith(head):
                return f"The Rule Vote {verb} {self.outcome[len(head):]}."
        return f"The Rule Vote {'passes' if self.passed else 'fails'}."


@dataclass(frozen=True)
class MotionProposed(Event):
    """Before the first deal, a seat proposes a motion to the table (``proposed=``)."""

    seat: int
    text: str

    def describe(self) -> str:
        return (f"Before the first deal, {seat_word(self.seat)} proposes a motion for the whole session: "
                f"{self.text} It comes in if more than half of all players vote yes.")


@dataclass(frozen=True)
class SetupVoteDone(Event):
    passed: bool
    outcome: str  # "approved at setup with 3 yes, 1 no, nobody abstained" or "not approved, with ..."

    def describe(self) -> str:
        return f"The motion proposed at setup is {self.outcome}."


@dataclass(frozen=True)
class MotionWithdrawn(Event):
    seat: int
    number: int

    def describe(self) -> str:
        return f"{seat_word(self.seat)} withdraws motion {self.number}; it stays out unless a Rule Vote restores it."


@dataclass(frozen=True)
class SessionOver(Event):
    rounds: int

    def describe(self) -> str:
        return f"The session is over after {self.rounds} round{'s' if self.rounds != 1 else ''}."


# -- the winner's motion --------------------------------------------------------------------------
def authored_motion(choice: Any, amendment: bool = False) -> Motion | None:
    """The motion an :class:`Author` choice states (or an amendment's ``text``, when
    ``amendment``): a ready motion's key gives that motion, ``"pass"`` no motion (``None``,
    not for an amendment), a data motion (a dict, or its JSON text: text starting with ``{``,
    at most :data:`MAX_DATA` characters written down as an action) the motion :meth:`Motion.from_data` builds, other text
    a motion in words (one line of at most :data:`MAX_WORDS` characters). Anything else is
    refused with an :class:`~lopti_nb.engine.IllegalAction` (a data motion the constitution
    refuses, with its :class:`~lopti_nb.games.lopti.motions.MotionError`). The one place where
    an Author action is read.

    >>> authored_motion({"when": "after pickup", "then": [{"effect": "reveal"}]}).text
    'After a player takes the pile, that player shows the table their highest hand card.'
    """
    if isinstance(choice, dict):
        choice = data_text(choice)
    if not isinstance(choice, str) or not choice.strip():
        raise IllegalAction("a motion is a ready motion's key, 'pass', words or a data motion")
    if choice in LIBRARY:
        return LIBRARY[choice]()
    if choice == PASS and not amendment:
        return None
    if choice.startswith("{"):
        # measured as records and rooms store it (the action written down: a character that is
        # not printable takes six), so a motion the session takes, a room takes too
        size = len(action_text(Author(choice)))
        if size > MAX_DATA:
            raise IllegalAction(f"this motion is too long to store: written down it takes {size:,} characters, "
                                f"at most {MAX_DATA:,} (fewer rules, conditions or words)")
        try:
            data = json.loads(choice)
        except (ValueError, RecursionError):
            raise IllegalAction("text starting with { is read as a data motion, and this is not one "
                                "(a motion in words starts with a word)") from None
        return Motion.from_data(data)
    if choice != " ".join(choice.split()) or len(choice) > MAX_WORDS:
        raise IllegalAction(f"a motion in words is one line of at most {MAX_WORDS} characters, "
                            "without spaces at its ends")
    return Motion(choice)


# -- settings ----------------------------------------------------------------------------------
def proposed_setting(value: Any) -> str | dict:
    """A motion proposed at setup (``proposed=``) as a session's settings keep it: a ready
    motion's key, or the motion as data (what a record and a room can carry). ``value`` is
    a ready motion's key, a motion as data, or a :class:`~.motions.Motion` that is a ready
    motion or was made from data; anything else (a motion in Python hooks or in words only,
    which no record can carry) is refused with a :class:`~lopti_nb.engine.SettingsError`,
    and a motion the constitution refuses gives its reason.

        >>> proposed_setting("ace_tax")
        'ace_tax'
    """
    from .evidence import ready_key

    if isinstance(value, str):
        if value not in LIBRARY:
            raise SettingsError(f"proposed is a ready motion's key ({', '.join(list(LIBRARY)[:3])}, ...), a "
                                f"motion as data or a Motion, not {shown(value)}.")
        return value
    if isinstance(value, dict):
        try:
            Motion.from_data(value)
        except LoptiNbError as exc:
            raise SettingsError(f"the motion proposed is refused: {str(exc)[:300]}") from None
        return Motion.from_data(value).to_data()
    if isinstance(value, Motion):
        key = ready_key(value)
        if key is not None:
            return key
        if value.data is not None:
            return value.to_data()
        raise SettingsError("a motion proposed at a table is a ready motion or a motion made from data, "
                            "which the session's record can carry; this one is "
                            + ("in Python hooks." if value.hooks else "in words only."))
    raise SettingsError(f"proposed is a ready motion's key, a motion as data or a Motion, not {shown(value)}.")


def proposed_motion(setting: str | dict) -> Motion:
    """The :class:`~.motions.Motion` a checked ``proposed`` setting stands for."""
    return LIBRARY[setting]() if isinstance(setting, str) else Motion.from_data(setting)


#: A session's own settings besides ``rounds`` and ``proposed`` (a form shows them with the
#: session's rounds). ``roshambo_throws`` is chosen at setup only: no vote or motion changes it.
SETTINGS = SettingsSchema([
    Setting("roshambo_throws", "int", DECISIVE_THROWS,
            f"Decisive throws in a tied vote's Roshambo. {DECISIVE_THROWS} is the rules' number; "
            "a short count such as 5 is for practice or teaching.",
            check=lambda value, players: check_throws(value)),
])


def check_settings(spec, settings: dict, players: int) -> dict:
    """A session's settings: ``rounds`` (1-20), ``proposed`` (a motion put to the table at
    setup, :func:`proposed_setting`), ``roshambo_throws`` (:data:`SETTINGS`: the decisive
    throws of a Roshambo, 30 by the rules, fewer for practice) and the round's own settings
    (checked by the game's schema; ``dealer`` deals round one, ``leader`` is chosen by the
    session)."""
    settings = dict(settings)
    proposed = settings.pop("proposed", None)
    own = {name: SETTINGS[name].validate(settings.pop(name), players)
           for name in SETTINGS.names() if name in settings}
    rounds = settings.pop("rounds", None)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise SettingsError(f"rounds must be a whole number from 1 to {MAX_ROUNDS}, not {shown(rounds)}.")
    if settings.get("leader") is not None:
        raise SettingsError("In a session the dealer leads round one and each round's winner the "
                            "next; leader is not a session setting.")
    checked = spec.check_settings(settings, players)
    checked.pop("leader", None)
    if proposed is not None:  # kept only when given: a session's record without one stays as it was
        checked["proposed"] = proposed_setting(proposed)
    # kept only when given, as ``proposed``: a record made before the setting replays as it was
    return {"rounds": int(rounds), **checked, **own}


class _RoundSettings:
    """A round's own settings, checked as the plugin checks them: by the game's schema."""

    @staticmethod
    def check_settings(settings: dict, players: int) -> dict:
        return SCHEMA.check(settings, players, game="Lopti")


_ROUND_SETTINGS = _RoundSettings()


class LoptiSessionState(_s.SessionRules, GameState):
    """A Lopti session of ``rounds`` rounds as one game state (see the module's docstring).

    The session's data are its own attributes and its rules its own methods
    (:class:`~.session.SessionRules`): ``round_records``, ``motions``, ``votes``, ``law``,
    ``pending_vote``, ``dealt_round``... Played by actions (``apply``), as any game state;
    :meth:`by_hand` makes one to drive with the rules' methods instead (``deal``,
    ``play_round``, ``author``, ``rule_vote``...), without a record."""

    game = "lopti"
    simultaneous = True  # ballots and throws are cast by every seat at once
    #: the view a table and a room show for this state (instead of the plugin's round view)
    view = "lopti_nb.games.lopti.view_session:SessionView"
    #: settings of a session besides the round's own (a table takes them as it takes ``rounds``)
    OPTIONS = ("rounds", "proposed", *SETTINGS.names())
    SETTINGS = SETTINGS
    # The session's data (``SESSION_FIELDS``) hold one another (a vote its motion's record and
    # this state, a Roshambo the generator, the hook runner this state's methods, the round
    # at the table the session's one log, ``events``): they are copied together ("linked"), so
    # the copy's point to the copy and its round writes into the copy's log.
    FIELDS = {"rng": LINKED, "rounds": SHARED, "_shown_throws": SHARED, "_acting": SHARED,
              "_finished": SHARED, "_advocating": SHARED, "round_starts": LIST, "_preview": DEEP,
              **{name: LINKED for name in _s.SessionRules.SESSION_FIELDS}}

    @staticmethod
    def check_settings(spec, settings: dict, players: int) -> dict:
        return check_settings(spec, settings, players)

    def __init__(self, players: int, seed: int | None = None, **settings: Any):
        settings = check_settings(_ROUND_SETTINGS, settings, players)
        super().__init__(players, seed, settings)
        law = {k: v for k, v in settings.items() if k in _s.LAW_LEVERS}
        self.setup_session(_s.player_names(players), first_dealer=settings.get("dealer") or 0,
                           roshambo_throws=settings.get("roshambo_throws", SETTINGS["roshambo_throws"].default),
                           **law)
        self._start_table(settings["rounds"])
        # Everyone at a room is asked a motion's question (a bot answers by its policy), so
        # every answer is an action in the record.
        self.people = range(players)
        # a passed vote changes the round only after the table has written the vote's result
        self.hold_outcomes = True
        self._acting = True  # its own first steps, as an action's, use the rules' methods
        try:
            if "proposed" in settings:
                self._propose(proposed_motion(settings["proposed"]))
            else:
                self._deal()
        finally:
            self._acting = False

    @classmethod
    def by_hand(cls, players: Any = 4, seed: int | None = None, **options: Any) -> "LoptiSessionState":
        """A session driven by the rules' own methods rather than by actions, before its first
        deal: ``deal``, ``play``, ``play_round``, ``run``, ``author``, ``decline``,
        ``withdraw``, ``call_vote`` (then :meth:`~.session.Vote.cast`), ``rule_vote``,
        ``advocate``, ``restore``, ``setup_vote``, ``interpret``, ``history``,
        ``motions_frame``, ``votes_frame``. It has no set length and no record. ``players``:
        a number (2-5) or a list of names; ``options``: the base law at the start
        (``play_on``, ``swap``, ``turn_cap``, a card rule by name), ``first_dealer``,
        ``thrower``, ``hook_budget``, ``roshambo_throws`` (see
        :class:`~.session.SessionRules`). Nobody at it is asked a motion's question
        (``people`` is empty) until set.

            >>> s = LoptiSessionState.by_hand(4, seed=1)
            >>> s.deal().dealer, s.session_phase
            (0, 'playing')
        """
        names = _s.player_names(players)
        state = cls.__new__(cls)
        # a seed that is not a whole number is refused by setup_session, among the options
        GameState.__init__(state, len(names), seed if type(seed) is int else None, {})
        state.setup_session(names, seed, **options)
        state._start_table(None)
        return state

    def _start_table(self, rounds: int | None) -> None:
        self.rounds: int | None = rounds  # the session's length (None: driven by hand)
        self._acting = False  # True while an action (or the first deal) uses the rules' methods
        self._shown_throws = 0
        self._finished = False
        self._advocating = False  # the supporters are choosing who defends the motion
        self.round_starts: list[int] = []  # index in ``events`` where each round begins
        self._preview = None

    @property
    def session(self):
        """Deprecated: the state holds the session's data and rules itself (``round_records``,
        ``motions``, ``votes``, ``rule_vote``...). A :class:`~.session.Session` over this state."""
        warnings.warn("state.session is deprecated: the session state holds the session itself "
                      "(state.round_records, state.motions, state.votes, state.law...).", DeprecationWarning, stacklevel=2)
        return _s.Session.of(self)

    def _propose(self, motion: Motion) -> None:
        """Put ``motion`` to the table before the first deal: the first seat (the person who
        brought it, e.g. from the motion lab) proposes it and is its author if it comes in.
        Until the ballots are in, the table shows round one as it will be dealt."""
        import random
        self.setup_vote(motion, author=self.names[0], proposed=True)
        peek = random.Random()
        peek.setstate(self.rng.getstate())  # the deal to come (the session's generator is not moved)
        self._preview = _s.MotionLoptiState(self.num_players, peek.getrandbits(62), hooks=None,
                                            dealer=self.first_dealer, leader=self.first_dealer, people=self.people,
                                            **self.law)
        self.events.append(MotionProposed(0, motion.text))

    # -- the phases ------------------------------------------------------------------------------
    @property
    def round(self):
        """The round at the table (a :class:`~.motions.MotionLoptiState`; before the first deal,
        round one as it will be dealt)."""
        return self.dealt_round if self.dealt_round is not None else self._preview

    @property
    def vote(self):
        """The vote under way (:class:`~.session.Vote`: the setup vote or the round's Rule
        Vote), or ``None``."""
        return self.pending_vote

    @property
    def setup(self):
        """The vote at setup on the motion proposed to the table, while it is under way."""
        vote = self.pending_vote
        return vote if vote is not None and vote.setup else None

    @property
    def phase(self) -> str:
        """``"playing"``, ``"voting"``, ``"advocate"``, ``"roshambo"``, ``"authoring"`` or
        ``"over"``."""
        vote = self.vote
        if vote is not None:
            if vote.missing:
                return "voting"
            return "advocate" if self._advocating else "roshambo"
        if self._finished:
            return "over"
        if self.round.over:
            return "authoring"
        return "playing"

    @property
    def author_seat(self) -> int | None:
        """The winner who may write this round's motion now."""
        return self.author_due if self.round.over and not self._finished else None

    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "voting":
            return self.vote.missing
        if phase == "advocate":
            return self.vote.supporters[:1]  # the supporter who voted no first
        if phase == "roshambo":
            return self.vote.contest.waiting
        if phase == "authoring":
            return (self.author_seat,)
        if phase == "playing":
            cur = self.round.current_player
            return () if cur is None else (cur,)
        return ()

    @property
    def current_player(self) -> int | None:
        to_act = self.to_act
        return to_act[0] if to_act else None

    @property
    def is_over(self) -> bool:
        return self._finished

    @property
    def result(self) -> Result | None:
        if not self._finished:
            return None
        totals = tuple(float(sum(r.scores[s] for r in self.round_records)) for s in range(self.num_players))
        return Result(totals, places_from_keys(totals), details={
            "rounds": len(self.round_records),
            "winners": [r.winner for r in self.round_records],
            "motions": [m.number for m in self.motions],
            "votes": len(self.votes)})

    # -- what may be done --------------------------------------------------------------------------
    def _vote_samples(self) -> list[CallVote]:
        """Votes offered as choices (an amendment, in words, is not listed but may be called)."""
        out = []
        for when in (_s.NOW, _s.NEXT):
            for rec in self.motions:
                out.append(CallVote("remove" if rec.in_force else "restore", motion=rec.number, when=when))
            for lever, value in self.law.items():
                if isinstance(value, bool):
                    out.append(CallVote("law", lever=lever, value=not value, when=when))
        return out

    def _may_call(self, seat: int) -> str | None:
        if not self.vote_open():
            return f"round {self.round_no}'s one Rule Vote has been held"
        phase = self.phase
        if phase == "playing" and self.round.pending_choice is not None:
            return "a motion's question is answered first"
        if phase not in ("playing", "authoring") or seat not in self.to_act:
            return "a Rule Vote is called on your own turn or by the winner between rounds"
        return None

    def legal_actions(self, seat: int | None = None) -> list[Any]:
        if seat is None:
            seat = self.current_player
        else:
            seat = self.check_seat(seat)
        if seat is None or seat not in self.to_act:
            return []
        phase = self.phase
        if phase == "voting":
            return [Ballot(True), Ballot(False), Ballot(None)]
        if phase == "advocate":
            supporters = list(self.vote.supporters)
            return ([Advocate(s) for s in supporters] + ([Advocate("bracket")] if len(supporters) > 1 else [])
                    + [Advocate("nobody")])
        if phase == "roshambo":
            return [Throw(t) for t in THROWS]
        calls = self._vote_samples() if self._may_call(seat) is None else []
        if phase == "authoring":
            return [Author(k) for k in self.ready_not_in_force()] + [Author(PASS)] + calls
        return list(self.round.legal_actions()) + calls

    def ready_not_in_force(self) -> list[str]:
        """The keys of the ready motions a winner may adopt now: those not the same as a
        motion in force (adopting a copy is refused)."""
        in_force = [r.motion for r in self.in_force()]
        return [k for k in LIBRARY if not any(same_motion(m, LIBRARY[k]()) for m in in_force)]

    def why_illegal(self, action: Any, seat: int | None = None) -> str | None:
        if self._finished:
            return "the session is over"
        seat = self.current_player if seat is None else self.check_seat(seat)
        if seat not in self.to_act:
            return f"it is not {self.seat_name(seat)}'s turn"
        phase = self.phase
        kind = type(action)
        if kind is Ballot:
            if phase != "voting":
                return "no Rule Vote is waiting for ballots"
            if action.yes is not None and not isinstance(action.yes, bool):
                return "a ballot is yes (True), no (False) or an abstention (None)"
            return None
        if kind is Advocate:
            if phase != "advocate":
                return ("an advocate is chosen only after a tied vote on a motion its author does not "
                        "defend, before the first throw")
            try:
                self.vote.check_advocate(action.choice)
            except LoptiNbError as exc:
                return str(exc).rstrip(".")
            return None
        if phase == "advocate":
            return "the motion's supporters first choose who defends it"
        if kind is Throw:
            if phase != "roshambo":
                return "nobody is throwing Roshambo now"
            if action.sign not in THROWS:
                return "a throw is rock, paper or scissors"
            return None
        if phase == "voting":
            return "every seat votes first"
        if phase == "roshambo":
            return "the Roshambo is thrown first"
        if kind is CallVote:
            why = self._may_call(seat)
            if why is not None:
                return why
            try:
                self._check_call(self._proposal(action))
            except LoptiNbError as exc:
                return str(exc).rstrip(".")
            return None
        if kind is Withdraw:
            return self._why_not_withdraw(action, seat)
        if kind is Author:
            if phase != "authoring":
                return "a motion is written by the winner after a round ends"
            try:
                motion = authored_motion(action.choice)
                if motion is not None:
                    self.check_adoptable(motion)
            except LoptiNbError as exc:
                return str(exc).rstrip(".")
            return None
        if phase != "playing":
            return "the round is over: its winner writes a motion or passes"
        if kind not in self.round.action_types():
            return "that is not an action of this game"
        return self.round.why_illegal(action)

    def _why_legal(self, action: Any, seat: int | None) -> str:
        """The rule that allows a legal ``action`` in a session (rules reference \u00a71.7):
        a play of the round is the round's own reason."""
        kind = type(action)
        if kind is Ballot:
            return ("Everyone in the session may vote, players who are out included: yes, no or "
                    "an abstention, which is not a yes.")
        if kind is Throw:
            return "Roshambo: each side throws rock, paper or scissors."
        if kind is Advocate:
            return "With the author away, the motion's supporters choose who defends it."
        if kind is CallVote:
            return "One Rule Vote may be called each round, from when dealing begins."
        if kind is Withdraw:
            return "A motion's author may withdraw it at any time, with no vote."
        if kind is Author:
            return "The round's winner writes one motion for the rest of the session, with no vote."
        return self.round.why_legal(action) or "The rules allow this move now."

    def _why_not_withdraw(self, action: Withdraw, seat: int) -> str | None:
        if isinstance(action.motion, bool) or not isinstance(action.motion, int):
            return f"a motion is withdrawn by its number, not {shown(action.motion)}"
        if self.phase not in ("playing", "authoring"):
            return "a motion is withdrawn on its author's turn or between rounds"
        try:
            rec = self.motion_record(action.motion)
        except LoptiNbError as exc:
            return str(exc).rstrip(".")
        if rec.author_seat != seat:
            return f"only a motion's author may withdraw it; motion {rec.number} is by {rec.author}"
        if not rec.in_force:
            return f"motion {rec.number} is not in force ({rec.status})"
        return None

    def _proposal(self, action: CallVote):
        if action.kind not in _s.KINDS:
            raise IllegalAction(f"a Rule Vote removes, amends or restores a motion or changes base law, "
                                f"not {str(action.kind)[:30]!r}")
        if action.kind == "law":
            if action.motion is not None or action.text is not None:
                raise IllegalAction("a vote on base law names a lever and a value, not a motion")
            return _s.Proposal.law(action.lever, action.value, action.when)
        if action.lever is not None or action.value is not None:
            raise IllegalAction("a vote on a motion names the motion by number, not a lever")
        if action.kind == "amend":
            return _s.Proposal.amend(action.motion, authored_motion(action.text, amendment=True), action.when)
        if action.text is not None:
            raise IllegalAction(f"only an amendment has new words; to {action.kind} a motion name its number")
        return _s.Proposal(action.kind, action.when, motion=action.motion)

    def _check_call(self, proposal) -> None:
        """What :meth:`call_vote` checks about the motion, without opening the vote."""
        if proposal.kind == "law":
            return
        rec = self.motion_record(proposal.motion)
        if proposal.kind in ("remove", "amend") and not rec.in_force:
            raise IllegalAction(f"motion {rec.number} is not in force ({rec.status})")
        if proposal.kind == "restore" and rec.in_force:
            raise IllegalAction(f"motion {rec.number} is already in force")
        self.check_proposal(proposal)

    # -- doing it ------------------------------------------------------------------------------------
    def apply(self, action: Any, seat: int | None = None) -> list[Event]:
        """As for any game (:meth:`~lopti_nb.engine.GameState.apply`); an action interrupted while
        a motion's hook runs (Ctrl-C) leaves no trace: the round puts itself back, and the
        session's log forgets the action, so the record is as before."""
        marks = (len(self.actions), len(self.events), self.off_turn)
        try:
            return super().apply(action, seat)
        except BaseException:
            del self.actions[marks[0]:]
            del self.events[marks[1]:]
            self.off_turn = marks[2]
            raise

    def _apply(self, action: Any) -> None:
        self._acting_on(action, self.current_player)

    def _apply_for(self, action: Any, seat: int) -> None:
        self._acting_on(action, seat)

    def _acting_on(self, action: Any, seat: int) -> None:
        """Carry out an action: its steps use the rules' own methods, which are refused on this
        state at any other time (:meth:`~.session.SessionRules.check_by_hand`)."""
        self._acting = True
        try:
            self._act(action, seat)
        finally:
            self._acting = False

    def _act(self, action: Any, seat: int) -> None:
        kind = type(action)
        if kind is Ballot:  # the setup vote and a Rule Vote alike: one Vote, one ballot each
            vote = self.vote
            vote.cast(seat, action.yes)
            self.events.append(BallotCast(seat))
            if not vote.missing:
                self.events.append(BallotsRevealed(vote.votes))
                if vote.setup:  # no Roshambo at setup; round one is dealt once it is decided
                    self.events.append(SetupVoteDone(vote.passed, vote.outcome))
                    self._preview = None
                    self._deal()
                    return
                if vote.contest is not None and not vote.done and vote.advocate_applies():
                    # rules reference §1.7: the supporters choose their advocate (people are asked)
                    self._advocating = True
                    self.events.append(AdvocateAsked(vote.supporters[0], vote.supporters))
                self._contest_news(vote)
        elif kind is Advocate:
            vote = self.vote
            self.advocate(vote, action.choice)
            self._advocating = False
            self.events.append(AdvocateChosen(seat, action.choice))
            self._contest_news(vote)
        elif kind is Throw:
            vote = self.vote
            vote.contest.throw(seat, action.sign)
            self.events.append(Thrown(seat))
            self._contest_news(vote)
        elif kind is CallVote:
            proposal = self._proposal(action)
            self.call_vote(seat, proposal)
            self.events.append(VoteCalled(seat, proposal.describe()))
        elif kind is Author:
            motion = authored_motion(action.choice)
            if motion is None:
                self.decline(seat)  # the winner's chance closes: the next round is dealt
                self.events.append(MotionAuthored(seat, None, ""))
            else:
                rec = self.author(seat, motion)
                self.events.append(MotionAuthored(seat, rec.number, rec.text))
        elif kind is Withdraw:
            self.events.append(MotionWithdrawn(seat, action.motion))  # before what it changes in the round
            self.withdraw(seat, action.motion)
        else:
            self.play(action)
        self.carry_out_decided()  # a vote decided by this action: its result is written, now its change
        self._advance()

    def _contest_news(self, vote) -> None:
        c = vote.contest
        if c is not None:
            for a, ta, b, tb, w in c.log[self._shown_throws:]:
                self.events.append(ThrowsShown(a, ta, b, tb, w, c.score))
            self._shown_throws = len(c.log)
        if vote.done:
            self._shown_throws = 0
            self.events.append(VoteDone(vote.passed, vote.outcome))

    def _advance(self) -> None:
        """Deal the next round (or end the session) when the round is over, no vote is under
        way and its winner has written a motion (or cannot)."""
        while self.vote is None and self.round.over and not self._finished:
            self.session_phase  # records the round just ended
            if len(self.round_records) >= self.rounds:
                self._finished = True
                self.events.append(SessionOver(len(self.round_records)))
                return
            if self.author_due is not None:
                return  # the winner writes a motion (or passes) first
            self._deal()

    def _deal(self) -> None:
        number, dealer, _ = self.next_deal()
        self.round_starts.append(len(self.events))
        self.events.append(RoundDealt(number, self.rounds, dealer))
        self.deal(events=self.events)  # the round writes its events into this log
        # the winner of the round before could not author now; a fresh round may need a choice
        self._advance_if_over()

    def _advance_if_over(self) -> None:
        if self.round.over:  # a round that ended at its deal (a motion, a tiny turn cap)
            self._advance()

    # -- what a seat may know ----------------------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        obs = self.round.observation(seat)
        vote = self.vote
        vote_obs = None
        if vote is not None and vote.setup:
            ballots = vote.ballots_public
            vote_obs = {
                "proposer": self.names.index(vote.author), "kind": "setup", "motion": None, "lever": None, "value": None,
                "when": None, "text": vote.proposed.text, "voted": list(vote.voted), "missing": list(vote.missing),
                "ballots": None if ballots is None else {str(k): v for k, v in ballots.items()},
                "my_ballot": vote.ballot_of(seat) if seat is not None else None,
                "contest": None, "advocate": None,
            }
        elif vote is not None:
            ballots = vote.ballots_public
            vote_obs = {
                "proposer": vote.proposer, "kind": vote.proposal.kind, "motion": vote.proposal.motion,
                "lever": vote.proposal.lever, "value": vote.proposal.value, "when": vote.proposal.when,
                "text": vote.proposal.amendment.text if vote.proposal.amendment is not None else None,
                "voted": list(vote.voted), "missing": list(vote.missing),
                "ballots": None if ballots is None else {str(k): v for k, v in ballots.items()},
                # this seat's own ballot (None also when it abstained: "voted" tells the two apart)
                "my_ballot": vote.ballot_of(seat) if seat is not None else None,
                "contest": None,
                # who defends the motion is being chosen (the ballots are public by then)
                "advocate": ({"chooser": vote.supporters[0], "supporters": list(vote.supporters)}
                             if self._advocating else None),
            }
            c = vote.contest
            if c is not None and not c.done and not self._advocating:
                vote_obs["contest"] = {
                    "pair": list(c.pair), "waiting": list(c.waiting), "score": list(c.score),
                    "decisive": c.decisive, "throws": c.throws, "in_bracket": c.in_bracket, "defender": c.defender,
                    "last": [list(x) for x in c.log[-5:]],
                    "my_throw": c.thrown_by(seat) if seat is not None else None,
                }
        obs["session"] = {
            "round": self.round_no, "rounds": self.rounds, "phase": self.phase,
            "author": self.author_seat, "vote_open": self.vote_open() and not self._finished,
            "law": dict(self.law),
            "motions": [{"number": r.number, "title": r.motion.title, "text": r.text,
                         "author_seat": r.author_seat, "round": r.round, "status": r.status,
                         "has_code": r.motion.has_code} for r in self.motions],
            "vote": vote_obs,
            "votes": [{"round": v.round, "proposal": v.text, "kind": v.kind, "motion": v.motion,
                       "proposer": v.proposer, "yes": v.yes,
                       "no": v.no, "abstained": v.abstained, "passed": v.passed, "outcome": v.outcome,
                       "ballots": [[a, b] for a, b in v.votes]} for v in self.votes],
            "results": [{"round": r.round, "winner": r.winner, "places": list(r.places),
                         "scores": list(r.scores), "stalemate": r.stalemate} for r in self.round_records],
            # what the bots' stated policy would vote for this seat (its own knowledge only)
            "bot_ballot": None if vote is None or seat not in vote.missing else vote.bot_ballot(seat),
        }
        return obs




# -- bots ---------------------------------------------------------------------------------------
def bot_author(obs: dict | None, legal: list) -> Author:
    """What a bot winner writes (:data:`BOT_AUTHOR_POLICY`): among the ready motions it may
    adopt that are not in force, the one the motion lab says raises the author's chance to win
    most (:func:`~.evidence.pick_motion`, at the lab's small fixed budget, seeded by
    :data:`~.evidence.BOT_SEED`), or no motion when the lab says none raises it."""
    from .evidence import BOT_SEED, pick_motion

    if obs is None:
        return Author(PASS)
    in_force = {m["text"] for m in obs["session"]["motions"] if m["status"] == "in force"}
    keys = [a.choice for a in legal if type(a) is Author and isinstance(a.choice, str) and a.choice in LIBRARY
            and LIBRARY[a.choice]().text not in in_force]
    choice = pick_motion(keys, "author", players=len(obs["hand_sizes"]), seed=BOT_SEED) if keys else None
    return Author(choice or PASS)


# The session's own decisions, by the type of the first action listed.
_SESSION_FIRST = frozenset((Ballot, Throw, Advocate, Author))


def session_bot(round_bot):
    """``round_bot`` (one of the plugin's bots) playing a session: the round as it plays it,
    and the session's decisions by the stated policies (ballots: :func:`~.session.bot_ballot`,
    never an abstention;
    throws at random from the bot's generator; motions: :func:`bot_author`; a bot never
    calls a vote). In a single round it is ``round_bot`` itself, unchanged."""
    def bot(obs, legal, rng):
        first = type(legal[0])
        if first not in _SESSION_FIRST and CallVote not in map(type, legal):
            # a round's decision (a single round's are all)
            return round_bot(obs, legal, rng) if len(legal) > 1 else legal[0]
        if first is Ballot:
            hint = obs.get("session", {}).get("bot_ballot") if obs is not None else None
            return Ballot(hint) if isinstance(hint, bool) else legal[rng.randrange(len(legal))]
        if first is Throw:
            return legal[rng.randrange(len(legal))]
        if first is Advocate:  # the session's "auto": a lone fellow supporter, else the bracket
            return next((a for a in legal if a.choice == "bracket"), legal[0])
        if first is Author:
            return bot_author(obs, legal)
        plays = [a for a in legal if type(a) is not CallVote]
        if len(plays) == 1:
            return plays[0]
        return round_bot(obs, plays, rng)

    bot.needs_observation = getattr(round_bot, "needs_observation", True)
    bot.follows_session_policies = True  # a table describes its ballots, throws and motions by them
    bot.__doc__ = round_bot.__doc__
    bot.__name__ = getattr(round_bot, "__name__", "bot")
    bot.round_bot = round_bot
    return bot


__all__ = ["Advocate", "Author", "Ballot", "BOT_AUTHOR_POLICY", "bot_author", "CallVote", "LoptiSessionState",
           "SESSION_ACTIONS", "Withdraw", "authored_motion", "data_text",
           "Throw", "check_settings", "session_bot"]
