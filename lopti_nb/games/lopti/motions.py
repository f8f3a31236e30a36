"""Motions: the custom rules a Lopti round winner writes for the rest of the session.

A motion is always words (``text``) and may also carry code: *hooks* that run before or
after the base events of a round. A hook is a function ``hook(view) -> effects``:

* it receives a :class:`View`, a frozen snapshot of the moment (which event, the ranks
  played, the round number, facts about the *actor* -- the player the event belongs to),
  never the game state itself, and never a seat number, so a motion can only aim at roles
  and conditions, not at a named person;
* it returns ``None``, one effect, or a list of effects from a small closed set:
  :class:`Say`, :class:`Reveal`, :class:`Draw`, :class:`Give`, :class:`Discard`,
  :class:`ClearPile` (a custom clear) and :class:`ReturnCleared` (cleared cards back into
  the round).

The engine (:class:`HookRunner`) checks and applies the effects. The constitution it keeps:

* Base events are never cancelled or changed. Words and reveals show at once; every card
  movement waits until the player's action has fully resolved (its clear, draw, bonus play
  or going out already happened), so no motion can alter a play, a clear or a bonus play.
* A custom clear (:class:`ClearPile`) is asked for by an "after" hook of a play (``play``,
  ``lead``, ``bonus play``, or a legal ``blind flip``) whose condition the play fulfils. It
  joins that play exactly as a base clear would: the pile leaves the round, every 3 duty and
  7 directive ends, and the player who made the play gets the bonus play (none if that was
  their last card). It adds a clear; it can never take one away.
* Where an effect needs a choice (``which="choose"``: which card to give, to put out, or to
  take back from a clear), the player concerned chooses if a person sits there
  (``people``): the round waits with a :class:`PendingChoice` until they answer with
  :class:`~lopti_nb.games.lopti.state.Choose` actions. A bot or an absent player takes the
  effect's ``default`` (by face value, or at random from the round's own generator).
* Effects are not base events: they never set off hooks, so motions cannot chain into a
  loop. A hook may return at most :data:`MAX_EFFECTS_PER_HOOK` effects, and one base event
  carries at most :data:`MAX_EFFECTS_PER_EVENT` effects in all.
* Effects act on the present only: no effect can touch the pile (but clear it), a card
  already played or a player who is out, and of the cards out of the round only those of
  the latest clear can come back; a player still in always keeps at least one card (only a
  legal last play puts anyone out), so no motion can hand anybody a win or block one.
* All 52 cards stay accounted for; the engine checks it after every movement.
* A hook that raises, runs longer than its time budget, returns anything outside the closed
  set, or changes the game behind the engine's back (the change is undone) is reported at
  the table with a :class:`~lopti_nb.games.lopti.events.MotionFault` event and its code is
  switched off for the rest of the session. The round always carries on.
"""
from __future__ import annotations

import ctypes
import os
import threading
import time
from dataclasses import dataclass, fields
from typing import Any, Callable, Mapping

from ...engine import LoptiNbError, SettingsError, plural, seat_word
from ...engine.core import CACHE, COPIERS, RNG, SHARED
from ...engine.shuffle import shuffle
from . import events as ev
from .cards import DECK, NAMES, RANKS, TEN, THREE, parse_card
from .rules import EMPTY
from .state import Choose, LoptiState, Swap

# -- errors ---------------------------------------------------------------------------------


class SessionError(LoptiNbError):
    """A session request the rules do not allow (wrong player, wrong moment, bad vote...)."""


class MotionError(SessionError):
    """A motion that is not well formed (unknown event, hook that is not callable...)."""


class ConstitutionError(SessionError):
    """A request that would change what no motion or vote may change (the Rule Vote,
    Roshambo, a named player as target...)."""


PROTECTED = ("vote", "rule vote", "rule_vote", "majority", "roshambo", "throws", "bracket", "constitution")
PROTECTED_MESSAGE = ("The Rule Vote and Roshambo are fixed for every session: no motion and no "
                     "vote can change them")

# -- base events a hook can attach to ----------------------------------------------------------
BASE_EVENTS = ("deal", "swap", "lead", "play", "draw", "take face-up", "blind flip", "pickup",
               "clear", "bonus play", "out", "round end")
PHASES = ("before", "after")
_EVENT_ALIASES = {"take face up": "take face-up", "face-up": "take face-up", "take_face_up": "take face-up",
                  "blind_flip": "blind flip", "bonus_play": "bonus play", "round_end": "round end",
                  "pick up": "pickup", "pick-up": "pickup", "bonus": "bonus play"}

MAX_EFFECTS_PER_HOOK = 8
MAX_EFFECTS_PER_EVENT = 16
MAX_EFFECTS_PER_FLUSH = 64
DEFAULT_BUDGET = 1.0  # wall-clock seconds a hook may run (generous: a loaded machine must not condemn a quick hook)

# -- roles -------------------------------------------------------------------------------------
ROLES = ("actor", "next", "previous", "others", "everyone", "dealer", "leader",
         "most cards", "fewest cards")
ROLE_HELP = {
    "actor": "the player the event belongs to (who played, picked up, cleared, went out...)",
    "next": "the next player still in after the actor, clockwise",
    "previous": "the player still in before the actor",
    "others": "every player still in except the actor",
    "everyone": "every player still in",
    "dealer": "this round's dealer (if still in)",
    "leader": "the player who led this round (if still in)",
    "most cards": "the player(s) still in holding the most cards",
    "fewest cards": "the player(s) still in holding the fewest cards",
}
CHOICES = ("lowest", "highest", "random")
CHOOSE = "choose"  # the player concerned chooses (a person is asked; others take the default)
DRAW_PILE = "draw pile"


def _role(who: Any) -> str:
    if isinstance(who, bool) or isinstance(who, int):
        raise ConstitutionError(
            f"motions aim at roles and conditions, never at a named seat ({who!r}); "
            f"use one of: {', '.join(ROLES)}")
    if not isinstance(who, str):
        raise MotionError(f"a role is a string such as 'actor', not {who!r}")
    key = who.strip().lower().replace("_", " ")
    if key not in ROLES:
        raise MotionError(f"unknown role {who!r}; roles are: {', '.join(ROLES)}")
    return key


def _small(n: Any, top: int, what: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= top:
        raise MotionError(f"{what} must be a whole number from 1 to {top}, not {n!r}")
    return n


# -- the closed set of effects --------------------------------------------------------------------
@dataclass(frozen=True)
class Effect:
    """Base of the effects a hook may return (only the five subclasses below are accepted)."""

    def check(self) -> None:  # pragma: no cover - every effect overrides it
        raise MotionError("not an effect")


@dataclass(frozen=True)
class Say(Effect):
    """An announcement shown at the table (at most 200 characters)."""

    text: str

    def __post_init__(self):
        self.check()

    def check(self) -> None:
        if not isinstance(self.text, str) or not self.text.strip() or len(self.text) > 200:
            raise MotionError("Say needs a non-empty text of at most 200 characters")


@dataclass(frozen=True)
class Reveal(Effect):
    """``who`` shows the table one hand card (``which``: lowest, highest or random by face
    value, 2 lowest and Ace highest). Nothing moves."""

    who: str = "actor"
    which: str = "highest"

    def __post_init__(self):
        self.check()

    def check(self) -> None:
        _role(self.who)
        if self.which not in CHOICES:
            raise MotionError(f"which must be one of {', '.join(CHOICES)}, not {self.which!r}")


@dataclass(frozen=True)
class Draw(Effect):
    """``who`` draws ``n`` (1-3) cards from the draw pile, as far as it lasts."""

    who: str = "actor"
    n: int = 1

    def __post_init__(self):
        self.check()

    def check(self) -> None:
        _role(self.who)
        _small(self.n, 3, "Draw n")


def _which(effect: Effect) -> None:
    if effect.which not in CHOICES + (CHOOSE,):
        raise MotionError(f"which must be one of {', '.join(CHOICES + (CHOOSE,))}, not {effect.which!r}")
    if effect.default not in CHOICES:
        raise MotionError(f"default (for a bot or an absent player) must be one of {', '.join(CHOICES)}, "
                          f"not {effect.default!r}")


@dataclass(frozen=True)
class Give(Effect):
    """``who`` gives ``n`` (1-3) hand cards (``which``: lowest, highest, random, or choose:
    the giver chooses, a bot or absent player takes ``default``) to the next (``to="next"``)
    or the previous (``to="previous"``) player still in. The giver always keeps one card."""

    who: str = "actor"
    n: int = 1
    to: str = "next"
    which: str = "lowest"
    default: str = "lowest"

    def __post_init__(self):
        self.check()

    def check(self) -> None:
        _role(self.who)
        _small(self.n, 3, "Give n")
        if self.to not in ("next", "previous"):
            raise MotionError(f"Give goes to 'next' or 'previous', not {self.to!r}")
        _which(self)


@dataclass(frozen=True)
class Discard(Effect):
    """``who`` puts ``n`` (1-2) hand cards (``which``: lowest, highest, random, or choose:
    the player chooses, a bot or absent player takes ``default``) out of the round, face up.
    A player still in always keeps one card."""

    who: str = "actor"
    n: int = 1
    which: str = "lowest"
    default: str = "lowest"

    def __post_init__(self):
        self.check()

    def check(self) -> None:
        _role(self.who)
        _small(self.n, 2, "Discard n")
        _which(self)


@dataclass(frozen=True)
class ClearPile(Effect):
    """A custom clear: the pile leaves the round right after the play that fulfils the
    motion's condition, and that play's player gets the bonus play as for any clear. Only
    from an "after" hook of a play (play, lead, bonus play, a legal blind flip)."""

    def __post_init__(self):
        self.check()

    def check(self) -> None:
        pass


@dataclass(frozen=True)
class ReturnCleared(Effect):
    """Up to ``n`` (1-8) cards of the latest clear come back into the round: into the draw
    pile (``to="draw pile"``), which is then shuffled with the round's own generator, or into
    the hand of each player still in that a role names (``to="actor"``, ``"next"``...), as far
    as the cards last. ``which``: lowest, highest, random, or choose (into a hand only: the
    receiver chooses, a bot or absent player takes ``default``)."""

    to: str = DRAW_PILE
    n: int = 4
    which: str = "random"
    default: str = "lowest"

    def __post_init__(self):
        self.check()

    def check(self) -> None:
        if self.to != DRAW_PILE:
            _role(self.to)
        elif self.which == CHOOSE:
            raise MotionError("nobody chooses the cards going into the draw pile; which must be "
                              "lowest, highest or random there")
        _small(self.n, 8, "ReturnCleared n")
        _which(self)


EFFECT_TYPES = (Say, Reveal, Draw, Give, Discard, ClearPile, ReturnCleared)
_CARD_EFFECTS = (Draw, Give, Discard, ReturnCleared)
_PLAY_EVENTS = ("play", "lead", "bonus play")


@dataclass(frozen=True)
class PendingChoice:
    """A choice a motion's effect asks of the person at ``seat``: ``left`` more cards from
    ``options`` (card numbers; their names in :attr:`option_names`). Answer with
    ``state.choose(name)`` (one card at a time); ``chosen`` holds the cards picked so far.
    Only the chooser sees the options when they are their own hand cards."""

    motion: int
    seat: int
    effect: Effect
    count: int  # cards to choose in all
    options: tuple[int, ...]
    chosen: tuple[int, ...] = ()

    @property
    def left(self) -> int:
        return self.count - len(self.chosen)

    @property
    def what(self) -> str:
        """``"give"``, ``"discard"`` or ``"take back"``."""
        return {Give: "give", Discard: "discard"}.get(type(self.effect), "take back")

    @property
    def option_names(self) -> tuple[str, ...]:
        """The cards still to choose from, by name, ordered by face value (the engine's
        default first)."""
        rev = self.effect.default == "highest"
        rest = [c for c in self.options if c not in self.chosen]
        return tuple(NAMES[c] for c in sorted(rest, key=_order_key, reverse=rev))

    @property
    def public(self) -> bool:
        """Whether the options may be shown to everyone (cards of a clear were seen by all)."""
        return isinstance(self.effect, ReturnCleared)

    def describe(self) -> str:
        cards = "a card" if self.left == 1 else plural(self.left, "card")
        if isinstance(self.effect, Give):
            doing = f"to give to the {self.effect.to} player"
        elif isinstance(self.effect, Discard):
            doing = "to put out of the round"
        else:
            doing = "to take back into the hand from the last clear"
        return f"Motion {self.motion}: {seat_word(self.seat)} chooses {cards} {doing}."



# -- what a hook sees ------------------------------------------------------------------------------
@dataclass(frozen=True)
class View:
    """A read-only snapshot handed to hooks. Seat numbers are deliberately absent.

    ``event``/``phase``: which base event and whether before or after it. ``round``: the
    session's round number (1 = first). ``ranks``: the ranks of the cards played by this
    event (``("9", "9")``), empty for events that play nothing; ``rank`` the first of them.
    ``how``: how a clear happened (``"ten"``, ``"four"``, ``"chain"``, or ``"motion"``: a
    custom clear). ``place``: the place of a player going out. ``forced``: a pickup under a
    3 duty. ``taken``: cards taken with the pile. ``legal``: whether a flipped face-down card could be played. ``swapped``:
    whether a swap was made. ``source``: ``"hand"`` or ``"blind"``. ``bonus``: the play is a
    bonus play. ``stalemate``: the round hit the turn cap. The ``actor_*`` fields describe
    the player the event belongs to (``None`` when there is none).
    """

    event: str
    phase: str
    round: int
    turn: int
    players: int
    still_in: int
    out_count: int
    pile_size: int
    draw_pile: int
    play_on: bool
    ranks: tuple[str, ...] = ()
    count: int = 0
    how: str | None = None
    place: int | None = None
    forced: bool = False
    taken: int = 0
    legal: bool | None = None
    swapped: bool | None = None
    source: str | None = None
    bonus: bool = False
    stalemate: bool = False
    actor_hand: int | None = None
    actor_cards: int | None = None
    actor_face_up: int | None = None
    actor_face_down: int | None = None
    actor_is_dealer: bool = False
    actor_is_leader: bool = False
    actor_still_in: bool = False

    @property
    def rank(self) -> str | None:
        return self.ranks[0] if self.ranks else None


_VIEW_INFO = {f.name for f in fields(View)} - {"event", "phase", "round", "turn", "players", "still_in",
                                               "out_count", "pile_size", "draw_pile", "play_on"}


def make_view(state, event: str, phase: str, actor: int | None, info: dict, round_no: int) -> View:
    d = dict(info) if info.keys() <= _VIEW_INFO else {k: v for k, v in info.items() if k in _VIEW_INFO}
    d["event"] = event
    d["phase"] = phase
    d["round"] = round_no
    d["turn"] = state.turns
    d["players"] = state.num_players
    d["still_in"] = state.active.count(True)
    d["out_count"] = len(state.out)
    d["pile_size"] = len(state.pile_cards)
    d["draw_pile"] = len(state.draw_pile)
    d["play_on"] = state.play_on
    if actor is not None:
        hand, up = len(state.hands[actor]), len(state.face_up[actor])
        down = len(state.face_down[actor]) - state.face_down[actor].count(None)
        d["actor_hand"] = hand
        d["actor_face_up"] = up
        d["actor_face_down"] = down
        d["actor_cards"] = hand + up + down
        d["actor_is_dealer"] = actor == state.dealer
        d["actor_is_leader"] = actor == state.leader
        d["actor_still_in"] = state.active[actor]
    # Built without the frozen dataclass __init__ (hot path); fields left out keep their defaults.
    view = object.__new__(View)
    view.__dict__.update(d)
    return view


# -- motions ------------------------------------------------------------------------------------------
def parse_hook_key(key: str) -> tuple[str, str]:
    """``"after pickup"`` -> ``("pickup", "after")``."""
    if not isinstance(key, str):
        raise MotionError(f"a hook is named like 'after pickup' or 'before deal', not {key!r}")
    text = key.strip().lower()
    for word in PROTECTED:
        if word in text:
            raise ConstitutionError(f"{PROTECTED_MESSAGE} (hook {key!r})")
    phase, _, event = text.partition(" ")
    event = _EVENT_ALIASES.get(event.strip(), event.strip())
    if phase not in PHASES or event not in BASE_EVENTS:
        raise MotionError(
            f"unknown hook {key!r}: write 'before <event>' or 'after <event>' with an event from: "
            f"{', '.join(BASE_EVENTS)}")
    return event, phase


class Motion:
    """A custom rule: ``text`` (always) and optional ``hooks``.

    ``hooks`` maps names such as ``"after pickup"`` or ``"before deal"`` to functions
    ``hook(view) -> None | effect | list of effects``. A motion with no hooks is words only:
    the table applies it, the engine does not.

    >>> m = Motion("Whoever takes the pile shows their highest card.",
    ...            {"after pickup": lambda view: Reveal("actor", "highest")})
    >>> sorted(m.hooks)
    [('pickup', 'after')]
    """

    def __init__(self, text: str, hooks: Mapping[str, Callable] | None = None, *, title: str | None = None):
        if not isinstance(text, str) or not text.strip():
            raise MotionError("a motion must be stated in words: give it a non-empty text")
        for word in ("rule vote", "roshambo"):
            if word in text.lower() and hooks is None:
                pass  # words that mention the Vote are fine; code cannot reach it anyway
        self.text = " ".join(text.split())
        self.title = title or self.text[:60]
        parsed: dict[tuple[str, str], Callable] = {}
        for key, fn in (hooks or {}).items():
            ev_phase = parse_hook_key(key)
            if not callable(fn):
                raise MotionError(f"the hook for {key!r} is not a function")
            parsed[ev_phase] = fn
        self.hooks = parsed

    @property
    def has_code(self) -> bool:
        return bool(self.hooks)

    def __repr__(self) -> str:
        return f"Motion({self.title!r}, hooks={[f'{p} {e}' for e, p in self.hooks]})"


# -- running hooks ---------------------------------------------------------------------------------------
class HookTimeout(Exception):
    """A hook ran longer than its time budget (raised by :func:`call_with_budget`)."""


class _Stop(BaseException):
    """Raised inside a hook that outlives its budget, to stop it. A BaseException, so that a
    hook's own ``except Exception`` does not swallow it."""


# How a hook is stopped, and why this way. The budget used to be a SIGALRM timer: it works
# only in the main thread, and it takes over a process-wide signal handler and timer in the
# user's kernel (clashing with anything else that uses them, pytest-timeout for one). Here the
# hook runs in the caller's own thread, as before, and one daemon watchdog thread for the
# whole process checks the deadlines of the hooks running; when one passes, it raises _Stop in
# that hook's thread with ``PyThreadState_SetAsyncExc``, from whichever thread the game is
# played. We chose this over ``sys.settrace`` with a deadline check, which would slow every
# line of every hook and displace debuggers and coverage tools, and over running each hook on
# a worker thread, which costs two thread switches per hook (sessions with motions ran
# 1.5-3x slower). Like a tracer, the exception lands at the hook's next bytecode: a busy loop
# is stopped at once, but a hook blocked inside C code (``time.sleep(30)``) can only be
# condemned when it returns. Registering a call is a dict entry under a lock; the watchdog
# polls every TICK seconds while hooks are running and sleeps when none has run for a while.
TICK = 0.01
_IDLE_AFTER = 2.0  # seconds without hooks before the watchdog sleeps until the next one
_set_async_exc = ctypes.pythonapi.PyThreadState_SetAsyncExc
_set_async_exc.argtypes = (ctypes.c_ulong, ctypes.py_object)
_NO_EXCEPTION = ctypes.py_object()  # NULL: clears an exception set but not yet raised


class _Call:
    __slots__ = ("thread", "deadline", "fired")

    def __init__(self, thread: int, deadline: float):
        self.thread = thread
        self.deadline = deadline
        self.fired = False


class _Watchdog:
    """The one thread that stops hooks past their deadline."""

    def __init__(self) -> None:
        self.lock = threading.Lock()  # guards calls and every injection
        self.calls: dict[int, _Call] = {}
        self.wake = threading.Event()
        self.idle = False
        self.thread: threading.Thread | None = None

    def start(self, call: _Call) -> None:
        with self.lock:
            self.calls[id(call)] = call
        thread = self.thread
        if thread is None or not thread.is_alive():
            self.thread = threading.Thread(target=self._run, name="lopti-motion-watchdog", daemon=True)
            self.thread.start()
        elif self.idle:
            self.wake.set()

    def end(self, call: _Call) -> bool:
        """Stop watching ``call``; whether its deadline passed. After this returns no _Stop
        is pending for it (one set but not yet raised is cleared)."""
        with self.lock:
            self.calls.pop(id(call), None)
            if call.fired:
                _set_async_exc(call.thread, _NO_EXCEPTION)
        return call.fired

    def _run(self) -> None:
        quiet = 0.0
        while True:
            if self.calls:
                quiet = 0.0
            else:
                quiet += TICK
                if quiet >= _IDLE_AFTER:  # nothing to watch: sleep until a hook starts
                    self.wake.clear()
                    self.idle = True
                    if not self.calls:  # checked after announcing it, so no start is missed
                        self.wake.wait()
                    self.idle = False
                    quiet = 0.0
            time.sleep(TICK)
            now = time.monotonic()
            with self.lock:
                for call in self.calls.values():
                    if not call.fired and now >= call.deadline:
                        call.fired = True
                        _set_async_exc(call.thread, _Stop)


_WATCHDOG = _Watchdog()


def _after_fork() -> None:  # a forked child has none of its parent's threads
    global _WATCHDOG
    _WATCHDOG = _Watchdog()


os.register_at_fork(after_in_child=_after_fork)


def check_budget(budget: Any) -> float:
    """A hook's time budget: a positive number of seconds."""
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 0 < budget < float("inf"):
        raise SettingsError(f"a hook's time budget is a positive number of seconds, not {budget!r}")
    return float(budget)


def call_with_budget(fn: Callable, arg: Any, budget: float) -> Any:
    """``fn(arg)`` in this thread, stopped when it runs past ``budget`` seconds: then (or
    when it returns too late) :class:`HookTimeout`. Installs no signal handler and works in
    any thread."""
    watchdog = _WATCHDOG
    call = _Call(threading.get_ident(), time.monotonic() + budget)
    watchdog.start(call)
    try:
        try:
            result = fn(arg)
        finally:
            late = watchdog.end(call)
    except _Stop:
        watchdog.end(call)  # _Stop may land before end() is done; end() again is harmless
        raise HookTimeout() from None
    if late or time.monotonic() > call.deadline:
        raise HookTimeout()
    return result


# -- the snapshot a hook is checked against -------------------------------------------------------
# A hook must not change the game behind the engine's back. Before each hook the runner takes a
# snapshot of every field the state declares (``FIELDS``, the list copy() is made from), and
# after it compares and, if anything changed, puts it all back. Derived caches are not compared,
# only dropped on restore.
_PLANS: dict[type, tuple] = {}


def _plan(cls: type) -> tuple:
    plan = _PLANS.get(cls)
    if plan is None:
        compared, caches = [], []
        for name, kind in cls.fields().items():
            if kind == CACHE:
                caches.append(name)
            elif kind == SHARED or kind == RNG or kind not in COPIERS:
                # values; objects kept by identity (the runner); and the generator, by identity
                # too: reading its state costs 30 us a hook, more than all the rest together
                compared.append((name, 0, None))
            else:
                compared.append((name, 2, COPIERS[kind]))
        plan = _PLANS[cls] = (tuple(compared), tuple(caches))
    return plan


def _snapshot(state) -> list:
    d = state.__dict__
    snap = [list(d)]  # the attribute names, then one entry per compared field
    for name, how, copier in _plan(type(state))[0]:
        value = d[name]
        if how == 0:
            snap.append(value)
        else:
            snap.append((value, copier(value)))
    return snap


def _changed(state, snap: list) -> bool:
    d = state.__dict__
    if len(d) != len(snap[0]):  # an attribute added or deleted
        return True
    for (name, how, _), saved in zip(_plan(type(state))[0], snap[1:]):
        value = d.get(name)
        if how == 0:
            if value is not saved and value != saved:
                return True
        elif value is not saved[0] or value != saved[1]:
            return True
    return False


def _restore(state, snap: list) -> None:
    """Put every declared field back as it was (the same objects, their old contents)."""
    d = state.__dict__
    compared, caches = _plan(type(state))
    for name in set(d).difference(snap[0]):
        del d[name]
    for (name, how, _), saved in zip(compared, snap[1:]):
        if how == 0:
            d[name] = saved
        else:
            obj, contents = saved
            if type(obj) is list:
                obj[:] = contents
            elif type(obj) is dict:
                obj.clear()
                obj.update(contents)
            else:
                obj = contents
            d[name] = obj
    for name in caches:
        d[name] = None


def _order_key(card: int) -> tuple[int, int]:
    return (card >> 2, card & 3)


def _pick(cards: list[int], n: int, which: str, rng) -> list[int]:
    if which == "random":
        return rng.sample(cards, n)
    ordered = sorted(cards, key=_order_key, reverse=(which == "highest"))
    return ordered[:n]


class MotionEntry:
    """What the runner needs of a motion in force: its number, its hooks, whether it is live."""

    def __init__(self, number: int, motion: Motion, on_fault: Callable[[int, str], None] | None = None):
        self.number = number
        self.motion = motion
        self.live = True
        self.fault: str | None = None
        self.on_fault = on_fault


class HookRunner:
    """Runs the hooks of the motions in force for one round and applies their effects.

    A session builds one per round (:class:`~lopti_nb.games.lopti.session.Session`); it can
    also be used alone: ``MotionLoptiState(4, seed, hooks=HookRunner([Motion(...)]))``.
    """

    def __init__(self, motions=(), round_no: int = 1, budget: float = DEFAULT_BUDGET):
        self.round_no = round_no
        self.budget = check_budget(budget)
        self.entries: list[MotionEntry] = []
        self.table: dict[tuple[str, str], list[MotionEntry]] = {}
        self.pending: list[tuple[MotionEntry, Effect, tuple[int, ...]]] = []
        self.faults: list[tuple[int, str]] = []
        self.effects_applied = 0
        for i, m in enumerate(motions, start=1):
            self.add(m if isinstance(m, MotionEntry) else MotionEntry(i, m))

    def add(self, entry: MotionEntry) -> None:
        self.entries.append(entry)
        for key in entry.motion.hooks:
            self.table.setdefault(key, []).append(entry)

    def fork(self) -> "HookRunner":
        """An independent runner for a copied state: same motions, its own queue, and faults in
        the copy stay in the copy."""
        new = HookRunner(round_no=self.round_no, budget=self.budget)
        for e in self.entries:
            twin = MotionEntry(e.number, e.motion)
            twin.live, twin.fault = e.live, e.fault
            new.add(twin)
        by_number = {e.number: e for e in new.entries}
        new.pending = [(by_number.get(en.number, en), eff, seats) for en, eff, seats in self.pending]
        return new

    def remove(self, number: int) -> None:
        """Take a motion out at once (withdrawn, removed or replaced now); its effects not yet
        carried out are dropped (an unfinished motion action may be stopped)."""
        self.entries = [e for e in self.entries if e.number != number]
        for key in list(self.table):
            self.table[key] = [e for e in self.table[key] if e.number != number]
        self.pending = [p for p in self.pending if p[0].number != number]

    # -- firing ---------------------------------------------------------------------------------
    def fire(self, state, event: str, phase: str, actor: int | None, info: dict) -> None:
        listeners = self.table.get((event, phase))
        if not listeners:
            return
        view = None
        used = 0
        for entry in listeners:  # remove() replaces these lists, never edits them in place
            if not entry.live:
                continue
            if view is None:
                view = make_view(state, event, phase, actor, info, self.round_no)
            snap = _snapshot(state)
            fn = entry.motion.hooks[(event, phase)]
            try:
                result = call_with_budget(fn, view, self.budget)
            except HookTimeout:
                self._fault(state, entry, snap, f"its {phase} {event} hook ran longer than {self.budget:g} s")
                continue
            except Exception as exc:  # noqa: BLE001 - any failure of motion code is contained
                self._fault(state, entry, snap, f"its {phase} {event} hook raised {type(exc).__name__}: {exc}")
                continue
            try:
                changed = _changed(state, snap)
            except Exception:  # noqa: BLE001 - a value planted by the hook that cannot even be compared
                changed = True
            if changed:
                self._fault(state, entry, snap, f"its {phase} {event} hook changed the game directly (undone)")
                continue
            try:
                effects = self._check(result)
            except MotionError as exc:
                self._fault(state, entry, snap, f"its {phase} {event} hook returned {exc}")
                continue
            for effect in effects:
                if used >= MAX_EFFECTS_PER_EVENT:
                    state.events.append(ev.MotionNote(entry.number, f"more than {MAX_EFFECTS_PER_EVENT} effects on one {event}; the rest are dropped"))
                    return
                used += 1
                self._take(state, entry, effect, actor, view)

    def _check(self, result: Any) -> list[Effect]:
        if result is None:
            return []
        if type(result) in EFFECT_TYPES:
            result = [result]
        elif isinstance(result, (list, tuple)):
            result = list(result)
        else:
            raise MotionError(f"{_short(result)}, which is not an effect or a list of effects")
        if len(result) > MAX_EFFECTS_PER_HOOK:
            raise MotionError(f"{len(result)} effects; a hook may return at most {MAX_EFFECTS_PER_HOOK}")
        for e in result:
            if type(e) not in EFFECT_TYPES:
                raise MotionError(f"{_short(e)}, which is not one of the effects "
                                  f"({', '.join(t.__name__ for t in EFFECT_TYPES)})")
            e.check()  # fields may have been forced past __post_init__
        return result

    def _fault(self, state, entry: MotionEntry, snap: tuple, reason: str) -> None:
        _restore(state, snap)
        entry.live = False
        entry.fault = reason
        self.faults.append((entry.number, reason))
        self.pending = [p for p in self.pending if p[0] is not entry]
        state.events.append(ev.MotionFault(entry.number, reason))
        if entry.on_fault is not None:
            entry.on_fault(entry.number, reason)

    # -- effects -------------------------------------------------------------------------------
    def _seats(self, state, who: str, actor: int | None) -> tuple[int, ...]:
        """The seats a role names right now (players still in only)."""
        active = state.active
        n = state.num_players
        live = [s for s in range(n) if active[s]]
        if who == "everyone":
            return tuple(live)
        if who in ("most cards", "fewest cards"):
            if not live:
                return ()
            held = {s: state.cards_held(s) for s in live}
            target = max(held.values()) if who == "most cards" else min(held.values())
            return tuple(s for s in live if held[s] == target)
        if who == "dealer":
            return (state.dealer,) if active[state.dealer] else ()
        if who == "leader":
            return (state.leader,) if active[state.leader] else ()
        if actor is None:
            return ()
        if who == "actor":
            return (actor,) if active[actor] else ()
        if who == "others":
            return tuple(s for s in live if s != actor)
        step = 1 if who == "next" else -1
        s = (actor + step) % n
        while s != actor:
            if active[s]:
                return (s,)
            s = (s + step) % n
        return ()

    def _take(self, state, entry: MotionEntry, effect: Effect, actor: int | None, view: View) -> None:
        if isinstance(effect, Say):
            state.events.append(ev.MotionSaid(entry.number, effect.text))
            return
        if isinstance(effect, ClearPile):
            # A custom clear joins the play whose "after" hooks asked for it (the state resolves
            # it with the play, as a base clear: MotionLoptiState._play).
            if view.phase != "after" or not (view.event in _PLAY_EVENTS or (view.event == "blind flip" and view.legal)):
                state.events.append(ev.MotionNote(entry.number, "a motion clears the pile only right after a play"))
            elif state.motion_clear is None:
                state.motion_clear = entry.number
            return
        if isinstance(effect, ReturnCleared):
            seats = () if effect.to == DRAW_PILE else self._seats(state, _role(effect.to), actor)
        else:
            seats = self._seats(state, _role(effect.who), actor)
        if isinstance(effect, Reveal):
            if not seats:
                state.events.append(ev.MotionNote(entry.number, f"nobody still in is the {effect.who}"))
            for s in seats:
                hand = state.hands[s]
                if not hand:
                    state.events.append(ev.MotionNote(entry.number, f"{seat_word(s)} has no hand card to show"))
                    continue
                state.events.append(ev.MotionRevealed(entry.number, s, _pick(hand, 1, effect.which, state.rng)[0]))
        else:
            # Card movements wait until the current action has fully resolved.
            self.pending.append((entry, effect, seats))

    def flush(self, state) -> None:
        """Carry out the card movements queued during the last action (called by the state
        once the action has fully resolved). Stops at a choice a person must make
        (``state.pending_choice``); :meth:`resume` carries on once it is made."""
        done = 0
        moved = False
        while self.pending and state.pending_choice is None:
            entry, effect, seats = self.pending.pop(0)
            if not entry.live:
                continue
            if type(seats) is not _Rest:  # the rest of an effect interrupted by a choice is not counted again
                if done >= MAX_EFFECTS_PER_FLUSH:
                    state.events.append(ev.MotionNote(entry.number, "too many card movements at once; the rest are dropped"))
                    self.pending.clear()
                    break
                done += 1
            if state.over:
                state.events.append(ev.MotionNote(entry.number, "the round is over, so no cards move"))
                continue
            if isinstance(effect, ReturnCleared) and effect.to == DRAW_PILE:
                moved |= self._move(state, entry, effect, None)
            elif not seats:
                who = effect.to if isinstance(effect, ReturnCleared) else effect.who
                state.events.append(ev.MotionNote(entry.number, f"nobody still in is the {who}"))
                continue
            for i, s in enumerate(seats):
                if self._ask(state, entry, effect, s):
                    if seats[i + 1:]:
                        self.pending.insert(0, (entry, effect, _Rest(seats[i + 1:])))
                    break
                moved |= self._move(state, entry, effect, s)
            if state.pending_choice is not None:
                break
            self._face_up_due(state)
        if moved:
            self._moved(state)

    def _face_up_due(self, state) -> None:
        # A player who must act with an empty hand takes up the face-up cards (1.5.3); this is
        # the base event "take face-up", so its hooks may queue more movements.
        seat = state.turn if not state.over else None
        if seat is not None and not state.swap_queue and not state.hands[seat] and state.face_up[seat]:
            state._take_face_up(seat)

    def _moved(self, state) -> None:
        self.effects_applied += 1
        state._table = None
        cards = state.all_cards()
        if len(cards) != 52 or set(cards) != set(DECK):  # pragma: no cover - a bug, not a motion
            raise AssertionError("card conservation broken by a motion effect")

    # -- choices ----------------------------------------------------------------------------------
    def _options(self, state, effect: Effect, seat: int | None) -> tuple[list[int], int]:
        """The cards an effect may move for ``seat`` and how many it moves."""
        if isinstance(effect, ReturnCleared):
            gone = set(state.gone)
            avail = [c for c in state.last_cleared if c in gone]
            return avail, min(effect.n, len(avail))
        hand = state.hands[seat]
        # A player still in keeps at least one card: only a legal last play puts anyone out.
        spare = min(len(hand), state.cards_held(seat) - 1)
        return hand, max(0, min(effect.n, spare))

    def _ask(self, state, entry: MotionEntry, effect: Effect, seat: int) -> bool:
        """Whether ``seat`` must be asked to choose for ``effect`` (and the question is now
        pending): only a person at the table, only when there is a real choice."""
        if getattr(effect, "which", None) != CHOOSE or seat not in state.people or not state.active[seat]:
            return False
        if isinstance(effect, Give):
            to = self._seats(state, effect.to, seat)
            if not to or to[0] == seat:
                return False
        options, k = self._options(state, effect, seat)
        if k <= 0 or k >= len(options):
            return False  # nothing to choose: all of them, or none, move
        state.pending_choice = PendingChoice(entry.number, seat, effect, k, tuple(options))
        state.events.append(ev.MotionAsks(entry.number, seat, PendingChoice(entry.number, seat, effect, k, ()).what, k))
        return True

    def resume(self, state) -> None:
        """The person asked has chosen every card: carry the effect out with their cards (the
        state then flushes the movements still queued)."""
        choice = state.pending_choice
        state.pending_choice = None
        entry = next((e for e in self.entries if e.number == choice.motion), None)
        if entry is None or not entry.live or state.over:
            state.events.append(ev.MotionNote(choice.motion, "the motion no longer acts, so no cards move"))
            return
        if self._move(state, entry, choice.effect, choice.seat, chosen=choice.chosen):
            self._moved(state)
        self._face_up_due(state)

    def _move(self, state, entry: MotionEntry, effect: Effect, seat: int | None,
              chosen: tuple[int, ...] | None = None) -> bool:
        events = state.events
        num = entry.number
        if seat is not None and not state.active[seat]:
            events.append(ev.MotionNote(num, f"{seat_word(seat)} is out and takes or gives no cards"))
            return False
        if isinstance(effect, Draw):
            k = min(effect.n, len(state.draw_pile))
            if k == 0:
                events.append(ev.MotionNote(num, f"the draw pile is empty, so {seat_word(seat)} draws nothing"))
                return False
            cards = tuple(state.draw_pile.pop() for _ in range(k))
            state.hands[seat].extend(cards)
            events.append(ev.MotionDrew(num, seat, cards, k, len(state.draw_pile)))
            return True
        options, k = self._options(state, effect, seat)
        if k <= 0:
            if isinstance(effect, ReturnCleared):
                events.append(ev.MotionNote(num, "no cards of the last clear are left to come back"))
            else:
                events.append(ev.MotionNote(num, f"{seat_word(seat)} has no hand card to spare"))
            return False
        which = effect.default if effect.which == CHOOSE else effect.which
        cards = list(chosen) if chosen is not None else _pick(options, k, which, state.rng)
        if isinstance(effect, ReturnCleared):
            for c in cards:
                state.gone.remove(c)
            state.last_cleared = tuple(c for c in state.last_cleared if c not in cards)
            if seat is None:
                state.draw_pile.extend(cards)
                shuffle(state.draw_pile, state.rng)  # the round's own generator, the engine's one shuffle
            else:
                state.hands[seat].extend(cards)
            events.append(ev.MotionReturned(num, seat, tuple(cards), len(state.draw_pile)))
            return True
        hand = state.hands[seat]
        if isinstance(effect, Give):
            to = self._seats(state, effect.to, seat)
            if not to or to[0] == seat:
                events.append(ev.MotionNote(num, f"{seat_word(seat)} has nobody to give to"))
                return False
            for c in cards:
                hand.remove(c)
            state.hands[to[0]].extend(cards)
            events.append(ev.MotionGave(num, seat, to[0], tuple(cards), k))
            return True
        for c in cards:  # Discard
            hand.remove(c)
        state.gone.extend(cards)
        events.append(ev.MotionDiscarded(num, seat, tuple(cards)))
        return True


class _Rest(tuple):
    """The seats an effect has still to reach after a choice interrupted it."""


def _fork(runner: "HookRunner | None") -> "HookRunner | None":
    return None if runner is None else runner.fork()


class MotionLoptiState(LoptiState):
    """A Lopti round with motions in force: the base game, with the hooks of ``hooks`` (a
    :class:`HookRunner`; ``None`` until a motion with code is put in force) run just before
    and just after every base event, and their card movements carried out once each action
    has fully resolved.

    ``MotionLoptiState(players, seed, hooks=runner)`` (or ``plugin.new_round``) builds one; a session builds one per round.
    It extends the base game's event methods, adds the custom clear a motion may ask for,
    and lets a motion's effect ask a person to choose (``people``: the seats where a person
    decides; everyone else takes the engine's default). While a choice is pending
    (:attr:`pending_choice`), the chooser is the player to act and their only actions are
    :class:`~lopti_nb.games.lopti.state.Choose` (or :meth:`choose`).
    """

    # A copy (a bot's look-ahead) gets its own runner: faults in the copy stay in the copy.
    FIELDS = {"hooks": _fork, "people": SHARED, "pending_choice": SHARED, "motion_clear": SHARED,
              "last_cleared": SHARED}

    def __init__(self, players: int, seed: int | None = None, *, hooks: "HookRunner | None" = None,
                 people: Any = (), **settings: Any):
        self.hooks = hooks
        self.people = _people(people, players)  # seats where a person chooses for a motion
        self.pending_choice: PendingChoice | None = None
        self.motion_clear: int | None = None  # a motion in force asked to clear after this play
        self.last_cleared: tuple[int, ...] = ()  # the latest clear's cards still out of the round
        super().__init__(players, seed, **settings)  # deals, with the deal's hooks
        self._flush()

    # -- a person's choice ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        choice = self.pending_choice
        if choice is not None and not self.over:
            return choice.seat
        return super().current_player

    def legal_actions(self) -> list[Any]:
        choice = self.pending_choice
        if choice is not None and not self.over:
            return [Choose(name) for name in choice.option_names]
        return super().legal_actions()

    def why_illegal(self, action: Any) -> str | None:
        choice = self.pending_choice
        if choice is not None and not self.over:
            if not isinstance(action, Choose):
                return f"{seat_word(choice.seat)} first chooses for motion {choice.motion}: {choice.describe()}"
            try:
                card = parse_card(action.card)
            except ValueError as exc:
                return str(exc)
            if card not in choice.options or card in choice.chosen:
                return f"{action.card} is not one of the cards to choose from ({', '.join(choice.option_names)})"
            return None
        if isinstance(action, Choose):
            return "no motion is waiting for a choice"
        return super().why_illegal(action)

    def action_types(self) -> tuple[type, ...]:
        # Choose answers a motion's question, so only a round with motions takes it (the
        # plugin's action types are those of base Lopti, which rooms and records carry).
        return super().action_types() + (Choose,)

    def choose(self, card: str):
        """The person asked picks ``card`` (its name, e.g. ``"9S"``); checked like any action."""
        return self.apply(Choose(card))

    def set_people(self, seats: Any) -> None:
        """Say where people sit (they are asked to choose); a pending choice of a seat that is
        no longer a person's is answered with the default at once."""
        self.people = _people(seats, self.num_players)
        choice = self.pending_choice
        if choice is not None and choice.seat not in self.people and not self.over:
            runner = self.hooks
            rest = [c for c in choice.options if c not in choice.chosen]
            which = choice.effect.default
            picked = choice.chosen + tuple(_pick(rest, choice.left, which, self.rng))
            self.pending_choice = PendingChoice(choice.motion, choice.seat, choice.effect, choice.count,
                                                choice.options, picked)
            runner.resume(self)
            self._flush()

    def observation(self, seat: int | None) -> dict[str, Any]:
        obs = super().observation(seat)
        choice = self.pending_choice
        if choice is None or self.over:
            obs["choice"] = None
        else:
            mine = seat == choice.seat
            obs["choice"] = {
                "seat": choice.seat, "motion": choice.motion, "what": choice.what, "left": choice.left,
                "text": choice.describe(),
                "options": list(choice.option_names) if (mine or choice.public) else None,
                "chosen": [NAMES[c] for c in choice.chosen] if (mine or choice.public) else len(choice.chosen),
            }
        return obs

    def _hook(self, event: str, phase: str, actor: int | None, **info: Any) -> None:
        """Let the motions in force add their effects around a base event."""
        hooks = self.hooks
        if hooks is not None:
            hooks.fire(self, event, phase, actor, info)

    def _flush(self) -> None:
        if self.hooks is not None:
            self.hooks.flush(self)

    def _apply(self, action: Any) -> None:
        choice = self.pending_choice
        if choice is not None:
            card = parse_card(action.card)
            self.pending_choice = PendingChoice(choice.motion, choice.seat, choice.effect, choice.count,
                                                choice.options, choice.chosen + (card,))
            if self.pending_choice.left == 0:
                self.hooks.resume(self)
        else:
            super()._apply(action)
        self._flush()  # card movements wait until the action has fully resolved

    # -- the base events, each between its "before" and "after" hooks -------------------------
    def _deal(self) -> None:
        self._hook("deal", "before", self.dealer)
        super()._deal()
        self._hook("deal", "after", self.dealer)

    def _swap(self, seat: int, action: Any) -> None:
        self._hook("swap", "before", seat)
        super()._swap(seat, action)
        self._hook("swap", "after", seat, swapped=isinstance(action, Swap))

    def _flip(self, seat: int, position: int) -> int:
        self._hook("blind flip", "before", seat)
        return super()._flip(seat, position)

    def _blind_miss(self, seat: int, card: int, reason: str) -> None:
        super()._blind_miss(seat, card, reason)
        self._hook("blind flip", "after", seat, ranks=(RANKS[card >> 2],), count=1, legal=False)

    def _play(self, seat: int, rank: int, cards: tuple, source: str) -> bool:
        info = {"ranks": (RANKS[rank],) * len(cards), "count": len(cards), "source": source,
                "bonus": self.bonus}
        # a play on an empty pile is also a lead; a play after a clear, a bonus play
        kind = "bonus play" if self.bonus else ("lead" if self.pile.size == 0 else None)
        if kind is not None:
            self._hook(kind, "before", seat, **info)
        self._hook("play", "before", seat, **info)
        self.motion_clear = None
        cleared = super()._play(seat, rank, cards, source)
        self._hook("play", "after", seat, **info)
        if kind is not None:
            self._hook(kind, "after", seat, **info)
        if self.motion_clear is not None:
            if cleared:  # the play cleared by the base rules already: one clear is enough
                self.motion_clear = None
            else:  # a custom clear: resolved with the play, exactly like a base clear (_resolve)
                self.pile = EMPTY
                cleared = True
        return cleared

    def _how_cleared(self, rank: int) -> str:
        return "motion" if self.motion_clear is not None else super()._how_cleared(rank)

    def _lay(self, seat: int, rank: int, cards: tuple, source: str) -> None:
        super()._lay(seat, rank, cards, source)
        if source == "blind":  # a face-down card that could be played: shown, then it counts
            self._hook("blind flip", "after", seat, legal=True, ranks=(RANKS[rank],) * len(cards),
                       count=len(cards), source=source, bonus=self.bonus)

    def _clear(self, seat: int, how: str, rank: int, cards: tuple, source: str) -> None:
        info = {"how": how, "ranks": (RANKS[rank],) * len(cards), "count": len(cards),
                "source": source, "bonus": self.bonus}
        self._hook("clear", "before", seat, **info)
        # the cards this clear takes out of the round (3s and 10s left the moment they were played)
        self.last_cleared = tuple(self.pile_cards) + (tuple(cards) if rank in (THREE, TEN) else ())
        number = self.motion_clear
        super()._clear(seat, how, rank, cards, source)
        if number is not None:
            self.motion_clear = None
            last = self.events[-1]
            self.events[-1] = ev.Cleared(last.seat, last.how, last.cards, number)
        self._hook("clear", "after", seat, **info)

    def _draw(self, seat: int) -> None:
        self._hook("draw", "before", seat)
        super()._draw(seat)
        self._hook("draw", "after", seat)

    def _take_face_up(self, seat: int) -> None:
        self._hook("take face-up", "before", seat)
        super()._take_face_up(seat)
        self._hook("take face-up", "after", seat)

    def _pick_up(self, seat: int) -> None:
        forced, taken = self.pile.duty, len(self.pile_cards)
        self._hook("pickup", "before", seat, forced=forced, taken=taken)
        super()._pick_up(seat)
        self._hook("pickup", "after", seat, forced=forced, taken=taken)

    def _go_out(self, seat: int) -> None:
        self._hook("out", "before", seat, place=len(self.out) + 1)
        super()._go_out(seat)
        self._hook("out", "after", seat, place=len(self.out))

    def _finish(self) -> None:
        self._hook("round end", "before", self.winner, stalemate=self.stalemate)
        super()._finish()
        self._hook("round end", "after", self.winner, stalemate=self.stalemate)


def _people(seats: Any, players: int) -> frozenset:
    if isinstance(seats, (int, str)) or not hasattr(seats, "__iter__"):
        raise SettingsError(f"people is a collection of seats, not {seats!r}")
    seats = list(seats)
    for s in seats:
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players:
            raise SettingsError(f"people are seats from 0 to {players - 1}, not {s!r}")
    return frozenset(seats)


def _short(obj: Any) -> str:
    text = repr(obj)
    return text if len(text) <= 60 else text[:57] + "..."


def describe_effects() -> str:
    """The closed set of effects and the roles, in words (for help texts)."""
    lines = [f"{t.__name__}: {' '.join((t.__doc__ or '').split())}" for t in EFFECT_TYPES]
    lines += [f"role '{r}': {h}" for r, h in ROLE_HELP.items()]
    return "\n".join(lines)


__all__ = [
    "MotionLoptiState", "Motion", "View", "Effect", "Say", "Reveal", "Draw", "Give", "Discard", "ClearPile",
    "ReturnCleared", "PendingChoice", "HookRunner", "MotionEntry",
    "SessionError", "MotionError", "ConstitutionError", "BASE_EVENTS", "ROLES", "EFFECT_TYPES",
    "MAX_EFFECTS_PER_HOOK", "MAX_EFFECTS_PER_EVENT", "describe_effects", "call_with_budget", "HookTimeout",
]
