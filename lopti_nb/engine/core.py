"""The state contract every game in lopti_nb follows.

A game is a mutable ``GameState`` driven one action at a time::

    state = lopti_nb.new_game("lopti", players=4, seed=7)
    while not state.is_over:
        action = state.legal_actions()[0]
        state.apply(action)
    state.result.scores

Every game keeps to the same promises, which widgets, explainers, analysis and rooms rely on:

* ``current_player`` is the seat to act, or ``None`` once the game is over.
* ``legal_actions()`` lists small immutable action values (frozen dataclasses).
* ``apply(action)`` either performs the action and returns the events it caused, or
  raises :class:`IllegalAction` (a ``ValueError``) and leaves the state untouched.
* ``events`` is an append-only list of :class:`Event` values that describe themselves.
* ``observation(seat)`` is plain data holding only what that seat may know.
* Each state owns a ``random.Random`` seeded from ``seed``; the global ``random`` and
  ``numpy.random`` generators are never read or changed.
"""
from __future__ import annotations

import copy as _copy
import random
import secrets
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Hashable, Sequence


class LoptiNbError(ValueError):
    """Base class of every error this package raises on bad input."""


class IllegalAction(LoptiNbError):
    """An action that the rules do not allow in this position. The state is unchanged."""


class SettingsError(LoptiNbError):
    """A game setting (players, mode, scoring system...) that the game does not accept."""


class UnknownGame(LoptiNbError):
    """A game name that is not one of the package's games."""


class UnknownBot(LoptiNbError):
    """A bot name that is not registered for the game."""


class UnknownSeat(LoptiNbError):
    """A seat number that is not at this table."""


MAX_REASON = 200  # characters of a refusal's reason (a hostile action must not make it huge)


def _shown(value: Any, limit: int = 80) -> str:
    """``str(value)`` cut short; a value whose ``str`` fails is named by its type."""
    try:
        text = str(value)
    except Exception:  # a malformed action's own __str__ may fail; the refusal must not
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
    is generated once per class and writes the instance dictionary directly.
    """
    names = list(cls.__dataclass_fields__)
    body = "".join(f"    d[{name!r}] = {name}\n" for name in names)
    source = (f"def make({', '.join(names)}):\n    ev = _new(cls)\n    d = ev.__dict__\n"
              f"{body}    return ev\n")
    namespace = {"_new": object.__new__, "cls": cls}
    exec(source, namespace)  # noqa: S102 - our own field names, the way dataclasses builds __init__
    make = namespace["make"]
    make.__doc__ = f"Build a {cls.__name__} (fields: {', '.join(names)})."
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


class GameState(ABC):
    """Base class of every game's state. Subclasses implement the abstract parts."""

    game: ClassVar[str] = ""

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

    # -- the contract (each game implements these) ---------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """How the game ended (``None`` while it is running)."""

    @abstractmethod
    def legal_actions(self) -> list[Any]:
        """The actions the current player may take now."""

    @abstractmethod
    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator)."""

    @abstractmethod
    def _apply(self, action: Any) -> None:
        """Perform a legal action, appending events. Called only after ``check``."""

    def why_illegal(self, action: Any) -> str | None:
        """``None`` if ``action`` is legal now, else a sentence saying why not."""
        if self.is_over:
            return "the game is over"
        if action in self.legal_actions():
            return None
        return f"{action} is not one of the legal actions now"

    # -- shared behaviour ---------------------------------------------------------------
    def apply(self, action: Any) -> list[Event]:
        """Apply ``action`` for ``current_player`` and return the new events.

        Raises :class:`IllegalAction` (state unchanged) if the rules forbid it.
        """
        types = self.action_types()
        if types and type(action) not in types:
            names = ", ".join(t.__name__ for t in types)
            raise IllegalAction(f"{_shown(action)} is not an action of this game (its actions: {names}).")
        try:
            reason = self.why_illegal(action)
        except LoptiNbError:
            raise
        except (TypeError, ValueError, OverflowError, AttributeError, KeyError, IndexError,
                RecursionError):
            # A field of the wrong type or size trips the rules' own arithmetic: that is a
            # malformed action, refused like any other, never a raw Python error.
            reason = "its fields are not what this action takes"
        if reason is not None:
            raise IllegalAction(f"Illegal action {_shown(action)}: {_shown(reason, MAX_REASON)}.")
        start = len(self.events)
        self.actions.append(action)
        self._apply(action)
        return self.events[start:]

    def action_types(self) -> tuple[type, ...]:
        """The game's action classes (from its plugin; empty: any value is checked by the
        rules alone)."""
        from .registry import _SPECS

        spec = _SPECS.get(self.game)
        return spec.action_types if spec is not None else ()

    def check_seat(self, seat: Any) -> int | None:
        """``seat`` as a seat number at this table (``None``: a spectator), or
        :class:`UnknownSeat`. Numpy integers are accepted."""
        if seat is None:
            return None
        import numbers

        if isinstance(seat, bool) or not isinstance(seat, numbers.Integral) \
                or not 0 <= seat < self.num_players:
            raise UnknownSeat(f"There is no seat {_shown(seat, 40)} at this table: seats are "
                              f"0 to {self.num_players - 1}.")
        return int(seat)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
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

    def copy(self) -> "GameState":
        """An independent copy (its own generator, lists and cards)."""
        return _copy.deepcopy(self)

    def record(self) -> dict[str, Any]:
        """This game as plain JSON-able data: game, package version, settings, seed,
        players and every action as text. ``lopti_nb.load(record)`` replays it."""
        from .records import make_record

        return make_record(self)

    def describe_events(self, seat: int | None = None, start: int = 0) -> list[str]:
        """The event log in words, as ``seat`` may see it."""
        return [e.for_seat(seat).describe() for e in self.events[start:]]

    def seat_name(self, seat: int) -> str:
        return f"Seat {seat}"
