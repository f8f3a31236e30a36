"""The state contract every game in lopti_nb follows.

A game is a mutable ``GameState`` driven one action at a time::

    state = lopti_nb.new_game(name, players=4, seed=7)   # name: any installed game
    while not state.is_over:
        action = state.legal_actions()[0]
        state.apply(action)
    state.result.scores

Every game keeps to the same promises, which widgets, explainers, analysis and rooms rely on:

* ``current_player`` is the seat to act, or ``None`` once the game is over.
* ``to_act`` is every seat that may act now (a tuple; empty once the game is over). Most
  moments have one, ``(current_player,)``; at a decision several seats take at once (secret
  King's secret bids) it holds all of them, and ``current_player`` is one of them.
* ``legal_actions(seat=None)`` lists small immutable action values (frozen dataclasses) that
  ``seat`` (default: ``current_player``) may take now.
* ``apply(action, seat=None)`` either performs the action for ``seat`` (default:
  ``current_player``) and returns the events it caused, or raises :class:`IllegalAction` (a
  ``ValueError``) and leaves the state untouched.
* ``events`` is an append-only list of :class:`Event` values that describe themselves.
* ``observation(seat)`` is plain data holding only what that seat may know.
* Each state owns a ``random.Random`` seeded from ``seed``; the global ``random`` and
  ``numpy.random`` generators are never read or changed.
* ``copy()`` is deep. A state lists its attributes once, in ``FIELDS`` (name -> how to copy
  it, see :data:`KINDS`); ``copy()`` is made from that list, and so is anything else
  that must visit every attribute (a game's own snapshots).
"""
from __future__ import annotations

import copy as _copy
import numbers
import random
import re
import secrets
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, ClassVar, Hashable, Mapping, Sequence

# The errors live in a leaf module (any module may import it); the engine's callers find them here too.
from .errors import IllegalAction, LoptiNbError, SettingsError, UnknownBot, UnknownGame, UnknownSeat
from .copying import (CACHE, COPIERS, DEEP, DICT, DICTS, KINDS, LIST, LISTS, PLAIN, RNG, SHARED,  # noqa: F401 - kept here
                      check_fields, copy_rng, make_copier, plain_copy)
from .limits import as_text
from .records import make_record
from .registry import spec_of


# -- words ------------------------------------------------------------------------------
# Seat indices are 0-based everywhere in data (events' fields, observations, records), but
# people count seats from 1: every sentence the engine or a game writes names a seat through
# seat_word, so the shift happens in one place and is never applied twice.
SEAT_WORD = re.compile(r"\bSeat (\d+)\b")


def seat_word(seat: int) -> str:
    """A seat index as people say it: ``seat_word(0) == "Seat 1"``."""
    return f"Seat {int(seat) + 1}"


def seat_from_word(word: str) -> int:
    """The 0-based seat index of the first seat word in ``word``: ``seat_from_word("Seat 3")
    == 2`` (a ValueError if there is none)."""
    m = SEAT_WORD.search(str(word))
    if m is None or int(m.group(1)) < 1:
        raise ValueError(f"{word!r} names no seat")
    return int(m.group(1)) - 1


def plural(n: int | float, one: str, many: str | None = None) -> str:
    """A count with its noun in the right form: ``1 card``, ``0 cards``, ``3 cards``,
    ``1,200 games``, ``1.5 wins`` (``many`` for an irregular plural: ``plural(2, "sea",
    "seas")``). The one helper for counts in words, everywhere in the package."""
    text = f"{n:,}" if isinstance(n, numbers.Integral) else f"{n:,g}"
    return f"{text} {one if n == 1 else (many or one + 's')}"


def ordinal(n: int) -> str:
    """A place as people say it: ``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


MAX_REASON = 200  # characters of a refusal's reason (a hostile action must not make it huge)


@dataclass(frozen=True)
class Event:
    """Something that happened in a game. Subclasses add their own fields.

    ``describe()`` gives a sentence for the table's event log. Events that carry private
    information (a card drawn into a hand) override ``for_seat`` to return a version with
    the secret removed for every other seat.
    """

    def describe(self) -> str:  # pragma: no cover - every game event overrides it
        return type(self).__name__

    def for_seat(self, seat: int | None) -> "Event":
        """This event as ``seat`` may see it (``None``: a spectator who sees no hand)."""
        return self

    def __str__(self) -> str:
        return self.describe()


def event_maker(cls: type) -> Callable[..., Any]:
    """A fast constructor for the frozen dataclass ``cls``: ``make(*fields)`` returns the same
    value as ``cls(*fields)`` (every field given, in order, no defaults or checks).

    A frozen dataclass's ``__init__`` stores each field with ``object.__setattr__``; for the
    events a game appends on every trick that is a visible share of a simulation. The maker
    fills the instance dictionary in one step instead.
    """
    names = tuple(cls.__dataclass_fields__)
    new = object.__new__

    def make(*values: Any) -> Any:
        event = new(cls)
        event.__dict__.update(zip(names, values))
        return event

    make.__doc__ = f"Build a {cls.__name__} (fields: {', '.join(names)})."
    make.__name__ = f"make_{cls.__name__}"
    return make


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    ``scores`` and ``places`` are per seat (place 1 is best; tied seats share a place).
    ``stalemate`` is true when the game was stopped by a turn cap rather than by its rules.
    ``details`` holds per-game extras (score components, rounds...).
    """

    scores: tuple[float, ...]
    places: tuple[int, ...]
    stalemate: bool = False
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s for s, p in enumerate(self.places) if p == 1)


def places_from_keys(keys: Sequence[Hashable]) -> tuple[int, ...]:
    """Competition places (1, 1, 3...) from per-seat sort keys where larger is better."""
    best_first = sorted(keys, reverse=True)
    # the first position of a key in best-first order counts the keys strictly better
    return tuple(map((1).__add__, map(best_first.index, keys)))


class _RegisteredName:
    """``State.game`` for a class that declares no name: the name of the spec the registry
    bound it to (``""`` before its game is registered)."""

    def __get__(self, instance: Any, owner: type) -> str:
        spec = spec_of(owner)
        return "" if spec is None else spec.name


class GameState(ABC):
    """Base class of every game's state. Subclasses implement the abstract parts."""

    #: The name of the game this class plays (its plugin's ``GameSpec.name``), as records
    #: write it. Read from the registry, which binds each registered spec to its
    #: ``state_class``; a class no spec names (a session of several rounds) declares
    #: ``game = "<name>"`` itself.
    game: ClassVar[str] = _RegisteredName()
    #: Whether some decisions are taken by several seats at once (secret bids, a vote), the
    #: way OpenSpiel's GameType says it. Such a game overrides ``to_act``, takes a ``seat`` in
    #: ``legal_actions`` and ``why_illegal`` and defines ``_apply_for``; any other game writes
    #: them for ``current_player`` alone and is given the seat arguments.
    simultaneous: ClassVar[bool] = False
    #: Every instance attribute a state sets, declared once: name -> kind (see :data:`KINDS`)
    #: or a function returning a copy of the value. Each class lists only its own; the
    #: declarations of its bases are merged in (``fields()``), and ``copy()`` is made
    #: from them. A game that declares none is copied with ``copy.deepcopy``.
    FIELDS: ClassVar[Mapping[str, Any]] = {
        "num_players": SHARED, "seed_chosen": SHARED, "seed": SHARED, "settings": PLAIN,
        "rng": RNG, "events": LIST, "actions": LIST, "off_turn": SHARED,
    }

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        merged: dict[str, Any] = {}
        declared = False
        for klass in reversed(cls.__mro__):
            own = klass.__dict__.get("FIELDS")
            if own is not None:
                merged.update(own)
                declared = declared or klass is not GameState
        cls._fields = MappingProxyType(merged)
        # Only a class that says what its attributes are gets the field-by-field copy (a class of
        # its own that defines copy() keeps it).
        if declared and "copy" not in cls.__dict__:
            cls.copy = make_copier(cls, merged)
        # Every game's observation() refuses a seat that is not at the table (a negative
        # number would otherwise index another seat's hand). Wrapped once per class here,
        # so no game can forget it.
        own = cls.__dict__.get("observation")
        if own is not None and not getattr(own, "_checks_seat", False):
            def observation(self, seat=None, _own=own):
                if seat is not None and (type(seat) is not int or not 0 <= seat < self.num_players):
                    seat = self.check_seat(seat)
                return _own(self, seat)

            observation.__doc__ = own.__doc__
            observation.__name__ = own.__name__
            observation.__qualname__ = own.__qualname__
            observation.__wrapped__ = own
            observation._checks_seat = True
            cls.observation = observation
        # A game declares whether some of its decisions are taken by several seats at once
        # (``simultaneous``). Such a game lists them in its own to_act, takes a seat in
        # legal_actions and why_illegal, and says how a seat other than current_player acts
        # (``_apply_for(action, seat)``): checked when its class is made, so a missing part is
        # never found half-way through a move.
        below = [k for k in cls.__mro__ if k is not GameState and issubclass(k, GameState)]
        if cls.simultaneous:
            if not any("_apply_for" in k.__dict__ for k in below):
                raise TypeError(f"{cls.__name__} declares simultaneous decisions but does not "
                                "define _apply_for(action, seat)")
            return
        if any("to_act" in k.__dict__ for k in below):
            raise TypeError(f"{cls.__name__} lists its own to_act (several seats may act at once) "
                            "but does not declare simultaneous = True")
        # A game whose every decision is one seat's writes legal_actions() and
        # why_illegal(action) without a seat; they are given the seat argument of the contract
        # here (any other seat has nothing to do now), so such a game needs no change.
        for name, wrap in (("legal_actions", _one_seat_legal_actions),
                           ("why_illegal", _one_seat_why_illegal)):
            own = cls.__dict__.get(name)
            if own is not None and callable(own) and not hasattr(own, "one_seat_of"):
                setattr(cls, name, wrap(own))

    @classmethod
    def fields(cls) -> Mapping[str, Any]:
        """Every declared attribute of this class's states, its bases' included."""
        return cls.__dict__.get("_fields") or MappingProxyType(dict(GameState.FIELDS))

    def undeclared_fields(self) -> tuple[list[str], list[str]]:
        """``(attributes set but not declared, declared but not set)``: both empty for a
        game whose FIELDS are complete (the games' tests check it after whole games)."""
        declared = self.fields()
        d = self.__dict__
        return sorted(set(d) - set(declared)), sorted(set(declared) - set(d))

    def __init__(self, players: int, seed: int | None, settings: dict[str, Any]):
        self.num_players = players
        # An unseeded game still has a seed (so its record replays it), drawn from the
        # operating system's secrets: 64 bits, too many to find from the cards one sees.
        self.seed_chosen = seed is not None
        self.seed = secrets.randbits(64) if seed is None else seed
        self.settings = settings
        # A private generator: the global random module is never touched.
        self.rng = random.Random(self.seed)
        self.events: list[Event] = []
        self.actions: list[Any] = []  # every action applied, in order (a replayable log)
        # (index in actions, seat) of each action taken by a seat other than current_player
        # (at a decision several seats take at once): what a record needs to replay it. A
        # tuple, replaced on each such action, so a copy shares it at no cost.
        self.off_turn: tuple[tuple[int, int], ...] = ()

    # -- the contract (each game implements these) ---------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the game is over. While several seats may act
        (see :attr:`to_act`) it is one of them: the one a game played one seat at a time
        would ask next."""

    @property
    def to_act(self) -> tuple[int, ...]:
        """Every seat that may act now (empty once the game is over). ``current_player`` is
        one of them. A game with decisions several seats take at once (secret bids, a vote)
        overrides this, and then takes a seat in ``legal_actions``, ``why_illegal`` and
        :meth:`_apply_for`; by default it is ``(current_player,)``."""
        cur = self.current_player
        return () if cur is None else (cur,)

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """How the game ended (``None`` while it is running)."""

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> list[Any]:
        """The actions ``seat`` (default: ``current_player``) may take now; empty for a seat
        that is not in ``to_act``."""

    @abstractmethod
    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator)."""

    @abstractmethod
    def _apply(self, action: Any) -> None:
        """Perform a legal action of ``current_player``, appending events. Called only after
        ``why_illegal`` has found nothing against it."""

    def why_illegal(self, action: Any, seat: int | None = None) -> str | None:
        """``None`` if ``seat`` (default: ``current_player``) may take ``action`` now, else a
        sentence saying why not."""
        if self.is_over:
            return "the game is over"
        if action in self.legal_actions(seat):
            return None
        if seat is not None and seat not in self.to_act:
            return f"it is not {self.seat_name(seat)}'s turn"
        return f"{action} is not one of the legal actions now"

    def why_legal(self, action: Any, seat: int | None = None) -> str | None:
        """``None`` if ``seat`` (default: ``current_player``) may not take ``action`` now
        (:meth:`why_illegal` says why), else a sentence naming the rule that allows it: the
        words a lesson, a guided round or the table puts beside a legal move. A game says
        which rule in :meth:`_why_legal`."""
        refused = self.why_illegal(action) if seat is None else self.why_illegal(action, seat)
        if refused is not None:
            return None
        return self._why_legal(action, self.current_player if seat is None else seat)

    def _why_legal(self, action: Any, seat: int | None) -> str:
        """Which rule allows ``action`` (already found legal) for ``seat``; a game overrides
        this with its own clauses."""
        return "The rules allow this move now."

    # -- shared behaviour ---------------------------------------------------------------
    def apply(self, action: Any, seat: int | None = None) -> list[Event]:
        """Apply ``action`` for ``seat`` (default: ``current_player``) and return the new
        events.

        Raises :class:`IllegalAction` (state unchanged) if the rules forbid it, or if
        ``seat`` is not one of :attr:`to_act` (:class:`UnknownSeat` if it is not at the
        table).
        """
        if seat is not None:
            seat = self.check_seat(seat)
            if seat != self.current_player:
                return self._apply_off_turn(action, seat)
        self._check_action(action, None)
        start = len(self.events)
        self.actions.append(action)
        self._apply(action)
        return self.events[start:]

    def _apply_off_turn(self, action: Any, seat: int) -> list[Event]:
        """``apply`` for a seat other than ``current_player`` (at a decision several seats
        take at once): checked, logged with its seat, and performed by ``_apply_for``."""
        if seat not in self.to_act:
            if self.is_over:
                raise IllegalAction(f"Illegal action {as_text(action)}: the game is over.")
            raise IllegalAction(f"It is not {self.seat_name(seat)}'s turn: "
                                f"{_names(self, self.to_act)} to act.")
        self._check_action(action, seat)
        start = len(self.events)
        self.off_turn = self.off_turn + ((len(self.actions), seat),)
        self.actions.append(action)
        self._apply_for(action, seat)
        return self.events[start:]

    def _check_action(self, action: Any, seat: int | None) -> None:
        """Raise :class:`IllegalAction` unless ``seat`` may take ``action`` now."""
        types = self.action_types()
        if types and type(action) not in types:
            names = ", ".join(t.__name__ for t in types)
            raise IllegalAction(f"{as_text(action)} is not an action of this game (its actions: {names}).")
        try:
            reason = self.why_illegal(action) if seat is None else self.why_illegal(action, seat)
        except LoptiNbError:
            raise
        except Exception:
            # A field of the wrong type or size trips the rules' own arithmetic: that is a
            # malformed action, refused like any other, never a raw Python error.
            reason = "its fields are not what this action takes"
        if reason is not None:
            raise IllegalAction(f"Illegal action {as_text(action)}: {as_text(reason, MAX_REASON)}.")

    def action_types(self) -> tuple[type, ...]:
        """The game's action classes: the ``action_types`` of the plugin this class plays
        (``registry.spec_of``; empty: any value is checked by the rules alone)."""
        spec = spec_of(type(self))
        return spec.action_types if spec is not None else ()

    def check_seat(self, seat: Any) -> int | None:
        """``seat`` as a seat number at this table (``None``: a spectator), or
        :class:`UnknownSeat`. Numpy integers are accepted."""
        if seat is None:
            return None
        if isinstance(seat, bool) or not isinstance(seat, numbers.Integral) \
                or not 0 <= seat < self.num_players:
            raise UnknownSeat(f"There is no seat {as_text(seat, 40)} at this table: seats are "
                              f"0 to {self.num_players - 1}.")
        return int(seat)

    def copy(self) -> "GameState":
        """An independent copy (its own generator, lists and cards). Games that declare
        their ``FIELDS`` get a field-by-field copy; this fallback deep-copies everything."""
        return _copy.deepcopy(self)

    def record(self) -> dict[str, Any]:
        """This game as plain JSON-able data: game, package version, settings, seed,
        players and every action as text. ``lopti_nb.load(record)`` replays it."""

        return make_record(self)

    def describe_events(self, seat: int | None = None, start: int = 0) -> list[str]:
        """The event log in words, as ``seat`` may see it."""
        return [e.for_seat(seat).describe() for e in self.events[start:]]

    def seat_name(self, seat: int) -> str:
        """The seat as people name it: counted from 1 (index 0 is ``"Seat 1"``)."""
        return seat_word(seat)


def _names(state: GameState, seats: Sequence[int]) -> str:
    """``Seat 1 is``, ``Seat 1 and Seat 3 are``, ``Seat 1, Seat 2 and Seat 4 are`` (the
    game's names)."""
    names = [state.seat_name(s) for s in seats]
    if not names:
        return "nobody is"
    if len(names) == 1:
        return f"{names[0]} is"
    return ", ".join(names[:-1]) + " and " + names[-1] + " are"


def _one_seat_legal_actions(own: Callable) -> Callable:
    def legal_actions(self, seat=None, _own=own):
        if seat is None:
            return _own(self)
        seat = self.check_seat(seat)
        return _own(self) if seat == self.current_player else []

    legal_actions.__doc__ = own.__doc__
    legal_actions.__name__ = own.__name__
    legal_actions.__qualname__ = own.__qualname__
    legal_actions.one_seat_of = own  # what play_out calls (it asks only current_player)
    return legal_actions


def _one_seat_why_illegal(own: Callable) -> Callable:
    def why_illegal(self, action, seat=None, _own=own):
        if seat is None:
            return _own(self, action)
        seat = self.check_seat(seat)
        if seat == self.current_player:
            return _own(self, action)
        if self.is_over:
            return "the game is over"
        return f"it is not {self.seat_name(seat)}'s turn"

    why_illegal.__doc__ = own.__doc__
    why_illegal.__name__ = own.__name__
    why_illegal.__qualname__ = own.__qualname__
    why_illegal.one_seat_of = own
    return why_illegal
