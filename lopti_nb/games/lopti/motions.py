"""Motions: the custom rules a Lopti round winner writes for the rest of the session.

A motion is always words (``text``) and may also carry code: *hooks* that run before or
after the base events of a round. A hook is a function ``hook(view) -> effects``:

* it receives a :class:`View`, a frozen snapshot of the moment (which event, the ranks
  played, the round number, facts about the *actor* -- the player the event belongs to),
  never the game state itself, and never a seat number, so a motion can only aim at roles
  and conditions, not at a named person;
* it returns ``None``, one effect, or a list of effects from a small closed set:
  :class:`Say`, :class:`Reveal`, :class:`Draw`, :class:`Give`, :class:`Discard`.

The engine (:class:`HookRunner`) checks and applies the effects. The constitution it keeps:

* Base events are never cancelled or changed. Words and reveals show at once; every card
  movement waits until the player's action has fully resolved (its clear, draw, bonus play
  or going out already happened), so no motion can alter a play, a clear or a bonus play.
* Effects are not base events: they never set off hooks, so motions cannot chain into a
  loop. A hook may return at most :data:`MAX_EFFECTS_PER_HOOK` effects, and one base event
  carries at most :data:`MAX_EFFECTS_PER_EVENT` effects in all.
* Effects act on the present only: no effect can touch the pile, cleared cards, a card
  already played or a player who is out; a player still in always keeps at least one card
  (only a legal last play puts anyone out), so no motion can hand anybody a win or block one.
* All 52 cards stay accounted for; the engine checks it after every movement.
* A hook that raises, runs longer than its time budget, returns anything outside the closed
  set, or changes the game behind the engine's back (the change is undone) is reported at
  the table with a :class:`~lopti_nb.games.lopti.events.MotionFault` event and its code is
  switched off for the rest of the session. The round always carries on.
"""
from __future__ import annotations

import signal
import threading
import time
from dataclasses import dataclass, fields
from typing import Any, Callable, Mapping

from ...engine import LoptiNbError
from . import events as ev
from .cards import DECK

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


@dataclass(frozen=True)
class Give(Effect):
    """``who`` gives ``n`` (1-3) hand cards (``which``) to the next (``to="next"``) or the
    previous (``to="previous"``) player still in. The giver always keeps one card."""

    who: str = "actor"
    n: int = 1
    to: str = "next"
    which: str = "lowest"

    def __post_init__(self):
        self.check()

    def check(self) -> None:
        _role(self.who)
        _small(self.n, 3, "Give n")
        if self.to not in ("next", "previous"):
            raise MotionError(f"Give goes to 'next' or 'previous', not {self.to!r}")
        if self.which not in CHOICES:
            raise MotionError(f"which must be one of {', '.join(CHOICES)}, not {self.which!r}")


@dataclass(frozen=True)
class Discard(Effect):
    """``who`` puts ``n`` (1-2) hand cards (``which``) out of the round, face up. A player
    still in always keeps one card."""

    who: str = "actor"
    n: int = 1
    which: str = "lowest"

    def __post_init__(self):
        self.check()

    def check(self) -> None:
        _role(self.who)
        _small(self.n, 2, "Discard n")
        if self.which not in CHOICES:
            raise MotionError(f"which must be one of {', '.join(CHOICES)}, not {self.which!r}")


EFFECT_TYPES = (Say, Reveal, Draw, Give, Discard)
_CARD_EFFECTS = (Draw, Give, Discard)


# -- what a hook sees ------------------------------------------------------------------------------
@dataclass(frozen=True)
class View:
    """A read-only snapshot handed to hooks. Seat numbers are deliberately absent.

    ``event``/``phase``: which base event and whether before or after it. ``round``: the
    session's round number (1 = first). ``ranks``: the ranks of the cards played by this
    event (``("9", "9")``), empty for events that play nothing; ``rank`` the first of them.
    ``how``: how a clear happened (``"ten"``, ``"four"``, ``"chain"``). ``place``: the place
    of a player going out. ``forced``: a pickup under a 3 duty. ``taken``: cards taken with
    the pile. ``legal``: whether a flipped face-down card could be played. ``swapped``:
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
    """Raised inside a hook that outlives its time budget."""


_armed = [False]  # True only while a hook runs under our timer
_previous_handler: list = []


def _alarm(signum, frame):
    if _armed[0]:
        _armed[0] = False
        raise HookTimeout()
    prev = _previous_handler[0] if _previous_handler else None
    if callable(prev):  # someone else's timer: pass the signal on
        prev(signum, frame)


_MAIN_THREAD = threading.main_thread().ident
_HAS_TIMER = hasattr(signal, "setitimer")
try:  # the C-level getter skips the enum conversion that makes signal.getsignal slow
    from _signal import getsignal as _raw_getsignal
except ImportError:  # pragma: no cover
    _raw_getsignal = signal.getsignal


def _install() -> bool:
    """Make sure our SIGALRM handler is in place (main thread only), keeping whatever handler
    was there to pass other alarms on. Checked on every call, so code that installs its own
    handler later never meets our timer."""
    if not _HAS_TIMER or threading.get_ident() != _MAIN_THREAD:
        return False
    current = _raw_getsignal(signal.SIGALRM)
    if current is not _alarm:
        _previous_handler[:] = [current]
        signal.signal(signal.SIGALRM, _alarm)
    return True


def call_with_budget(fn: Callable, arg: Any, budget: float) -> Any:
    """Call ``fn(arg)``; raise :class:`HookTimeout` if it runs past ``budget`` seconds.

    In the main thread a real-time timer interrupts a hook that sleeps or loops; elsewhere the
    hook is timed and condemned after the fact.
    """
    start = time.perf_counter()
    if _install():
        old = signal.setitimer(signal.ITIMER_REAL, budget, budget / 4)
        _armed[0] = True
        try:
            result = fn(arg)
        finally:
            _armed[0] = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            if old[0] > 0:  # give back a timer someone else had running
                signal.setitimer(signal.ITIMER_REAL, max(1e-3, old[0] - (time.perf_counter() - start)), old[1])
    else:
        result = fn(arg)
    if time.perf_counter() - start > budget:
        raise HookTimeout()
    return result


def _snapshot(state) -> tuple:
    return (
        [h[:] for h in state.hands], [f[:] for f in state.face_up], [f[:] for f in state.face_down],
        state.draw_pile[:], state.pile_cards[:], state.gone[:], state.out[:], state.active[:],
        state.swap_queue[:], state.pickups[:], state.duty_pickups[:], state.clears[:],
        (state.pile, state.turn, state.turns, state.bonus, state.first_play_done, state.over,
         state.stalemate, state.play_on, state.turn_cap, state.dealer, state.leader),
        len(state.events),
    )


def _changed(state, snap: tuple) -> bool:
    return (state.hands != snap[0] or state.face_up != snap[1] or state.face_down != snap[2]
            or state.draw_pile != snap[3] or state.pile_cards != snap[4] or state.gone != snap[5]
            or state.out != snap[6] or state.active != snap[7] or state.swap_queue != snap[8]
            or state.pickups != snap[9] or state.duty_pickups != snap[10] or state.clears != snap[11]
            or snap[12] != (state.pile, state.turn, state.turns, state.bonus, state.first_play_done,
                            state.over, state.stalemate, state.play_on, state.turn_cap, state.dealer,
                            state.leader)
            or len(state.events) != snap[13])


def _restore(state, snap: tuple) -> None:
    (state.hands, state.face_up, state.face_down, state.draw_pile, state.pile_cards, state.gone,
     state.out, state.active, state.swap_queue, state.pickups, state.duty_pickups, state.clears) = snap[:12]
    (state.pile, state.turn, state.turns, state.bonus, state.first_play_done, state.over,
     state.stalemate, state.play_on, state.turn_cap, state.dealer, state.leader) = snap[12]
    del state.events[snap[13]:]
    state._table = None


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
    also be used alone: ``LoptiState(4, seed, hooks=HookRunner([Motion(...)]))``.
    """

    def __init__(self, motions=(), round_no: int = 1, budget: float = DEFAULT_BUDGET):
        self.round_no = round_no
        self.budget = budget
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
            if _changed(state, snap):
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
                self._take(state, entry, effect, actor)

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

    def _take(self, state, entry: MotionEntry, effect: Effect, actor: int | None) -> None:
        seats = self._seats(state, _role(effect.who), actor) if not isinstance(effect, Say) else ()
        if isinstance(effect, Say):
            state.events.append(ev.MotionSaid(entry.number, effect.text))
        elif isinstance(effect, Reveal):
            if not seats:
                state.events.append(ev.MotionNote(entry.number, f"nobody still in is the {effect.who}"))
            for s in seats:
                hand = state.hands[s]
                if not hand:
                    state.events.append(ev.MotionNote(entry.number, f"seat {s} has no hand card to show"))
                    continue
                state.events.append(ev.MotionRevealed(entry.number, s, _pick(hand, 1, effect.which, state.rng)[0]))
        else:
            # Card movements wait until the current action has fully resolved.
            self.pending.append((entry, effect, seats))

    def flush(self, state) -> None:
        """Carry out the card movements queued during the last action (called by the state
        once the action has fully resolved)."""
        done = 0
        moved = False
        while self.pending:
            entry, effect, seats = self.pending.pop(0)
            if not entry.live:
                continue
            if done >= MAX_EFFECTS_PER_FLUSH:
                state.events.append(ev.MotionNote(entry.number, "too many card movements at once; the rest are dropped"))
                self.pending.clear()
                break
            done += 1
            if state.over:
                state.events.append(ev.MotionNote(entry.number, "the round is over, so no cards move"))
                continue
            if not seats:
                state.events.append(ev.MotionNote(entry.number, f"nobody still in is the {effect.who}"))
                continue
            for s in seats:
                moved |= self._move(state, entry, effect, s)
            # A player who must act with an empty hand takes up the face-up cards (1.5.3);
            # this is the base event "take face-up", so its hooks may queue more movements.
            seat = state.current_player
            if seat is not None and not state.swap_queue and not state.hands[seat] and state.face_up[seat]:
                state._take_face_up(seat)
        if moved:
            self.effects_applied += 1
            state._table = None
            cards = state.all_cards()
            if len(cards) != 52 or set(cards) != set(DECK):  # pragma: no cover - a bug, not a motion
                raise AssertionError("card conservation broken by a motion effect")

    def _move(self, state, entry: MotionEntry, effect: Effect, seat: int) -> bool:
        events = state.events
        num = entry.number
        if not state.active[seat]:
            events.append(ev.MotionNote(num, f"seat {seat} is out and takes or gives no cards"))
            return False
        if isinstance(effect, Draw):
            k = min(effect.n, len(state.draw_pile))
            if k == 0:
                events.append(ev.MotionNote(num, f"the draw pile is empty, so seat {seat} draws nothing"))
                return False
            cards = tuple(state.draw_pile.pop() for _ in range(k))
            state.hands[seat].extend(cards)
            events.append(ev.MotionDrew(num, seat, cards, k, len(state.draw_pile)))
            return True
        hand = state.hands[seat]
        # A player still in keeps at least one card: only a legal last play puts anyone out.
        spare = min(len(hand), state.cards_held(seat) - 1)
        k = min(effect.n, spare)
        if k <= 0:
            events.append(ev.MotionNote(num, f"seat {seat} has no hand card to spare"))
            return False
        cards = _pick(hand, k, effect.which, state.rng)
        if isinstance(effect, Give):
            to = self._seats(state, effect.to, seat)
            if not to or to[0] == seat:
                events.append(ev.MotionNote(num, f"seat {seat} has nobody to give to"))
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


def _short(obj: Any) -> str:
    text = repr(obj)
    return text if len(text) <= 60 else text[:57] + "..."


def describe_effects() -> str:
    """The closed set of effects and the roles, in words (for help texts)."""
    lines = [f"{t.__name__}: {' '.join((t.__doc__ or '').split())}" for t in EFFECT_TYPES]
    lines += [f"role '{r}': {h}" for r, h in ROLE_HELP.items()]
    return "\n".join(lines)


__all__ = [
    "Motion", "View", "Effect", "Say", "Reveal", "Draw", "Give", "Discard", "HookRunner", "MotionEntry",
    "SessionError", "MotionError", "ConstitutionError", "BASE_EVENTS", "ROLES", "EFFECT_TYPES",
    "MAX_EFFECTS_PER_HOOK", "MAX_EFFECTS_PER_EVENT", "describe_effects", "call_with_budget", "HookTimeout",
]
