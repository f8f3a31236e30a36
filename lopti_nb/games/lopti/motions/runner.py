"""The hook runner: calls the hooks of the motions in force around each base event (on a worker
thread within a time budget, see :mod:`~lopti_nb.games.lopti.hook_calls`), checks what they
return against the closed set of effects, and carries the effects out.
"""
from __future__ import annotations

import weakref
from dataclasses import fields
from typing import Any, Callable

from ....engine import SettingsError, seat_word
from ....engine.shuffle import shuffle
from .. import events as ev
from ..cards import DECK
from ..hook_calls import DONE, MAX_FAULT, Watch, bounded, error_text, plain_text, run_task, type_name
from .language import (
    CHOOSE, DRAW_PILE, EFFECT_TYPES, MAX_EFFECTS_PER_EVENT, MAX_EFFECTS_PER_FLUSH, MAX_EFFECTS_PER_HOOK,
    PLAY_EVENTS, ClearPile, DEFAULT_BUDGET, Draw, Effect, Give, MotionError, PendingChoice,
    ReturnCleared, Reveal, Say, View, check_role, new_view, pick_cards, view_data,
)
from .snapshot import changed, restore, snapshot

# -- running hooks ---------------------------------------------------------------------------------------
# A hook runs on a worker thread and is abandoned when late (hook_calls explains the choice);
# everything the engine takes from it -- its effects, and its fault's sentence -- is made on
# that thread, within the budget, out of plain text and whole numbers.


# The ready-made motions' hooks (library.py) are the package's own small functions of the view,
# tested over thousands of rounds: they are called directly, in the engine's thread, without
# the worker's two thread switches (which dominate a session of ready-made motions, and a busy
# machine can stretch into milliseconds). Any other function -- also one put into a ready-made
# motion by hand -- runs on a worker.
_READY_MADE: "weakref.WeakSet[Callable]" = weakref.WeakSet()


def ready_made(fn: Callable) -> Callable:
    """Mark ``fn`` as one of the package's ready-made hooks (called directly); returns it."""
    _READY_MADE.add(fn)
    return fn


def check_budget(budget: Any) -> float:
    """A hook's time budget: a positive number of seconds."""
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 0 < budget < float("inf"):
        raise SettingsError(f"a hook's time budget is a positive number of seconds, not {budget!r}")
    return float(budget)


def _hook_outcome(fn: Callable, view: View, direct: bool = False) -> tuple[str | None, Any]:
    """``(None, effects)``, or ``(what went wrong, None)``: the hook called and everything it
    returned looked at (on the worker thread: all of it may run the hook's own code). Never
    raises, but for an interrupt while a ``direct`` hook (the package's own, called in the
    caller's thread) runs: a KeyboardInterrupt or SystemExit there is the person's, not the
    motion's, and goes on to them."""
    try:
        result = fn(view)
    except BaseException as exc:  # noqa: BLE001 - whatever a hook raises (SystemExit too) stays here
        if direct and not isinstance(exc, Exception):
            raise
        return f"raised {error_text(exc)}", None
    try:
        return None, _effects(result)
    except MotionError as exc:  # the engine's own words about what came back
        said = plain_text(exc)
        if said is not None:
            return f"returned {bounded(said, 160)}", None
        return "returned something that is not an effect", None
    except BaseException as exc:  # noqa: BLE001 - a returned object that raises when looked at
        return f"returned something that could not be read ({error_text(exc)})", None


_EFFECT_FIELDS = {t: tuple(f.name for f in fields(t)) for t in EFFECT_TYPES}


def _effects(result: Any) -> list[Effect]:
    """The effects a hook returned, rebuilt by the engine from plain text and whole numbers (so
    nothing of the hook's own objects is kept), or :class:`MotionError`."""
    if result is None:
        return []
    if type(result) in EFFECT_TYPES:
        items = [result]
    elif isinstance(result, (list, tuple)):
        items = list(result)  # a subclass may run its own code here
    else:
        raise MotionError(f"{_short(result)}, which is not an effect or a list of effects")
    if len(items) > MAX_EFFECTS_PER_HOOK:
        raise MotionError(f"{len(items)} effects; a hook may return at most {MAX_EFFECTS_PER_HOOK}")
    return [_fresh(e) for e in items]


def _fresh(effect: Any) -> Effect:
    kind = type(effect)
    if kind not in EFFECT_TYPES:
        raise MotionError(f"{_short(effect)}, which is not one of the effects "
                          f"({', '.join(t.__name__ for t in EFFECT_TYPES)})")
    held = effect.__dict__
    values = {}
    for name in _EFFECT_FIELDS[kind]:
        if name not in held:
            raise MotionError(f"a {kind.__name__} without its {name}")
        value = held[name]
        if isinstance(value, str):
            value = str.__str__(value)  # an exact str, even from a subclass
        elif isinstance(value, int) and not isinstance(value, bool):
            value = int.__int__(value)
        elif type(value) is not bool:
            raise MotionError(f"{kind.__name__} {name} must be text or a whole number, not a {type_name(value)}")
        values[name] = value
    return kind(**values)  # checked again (fields may have been forced past __post_init__)


class MotionEntry:
    """What the runner needs of a motion in force (a :class:`~.motion.Motion`, which builds on
    this module): its number, its hooks, whether it is live."""

    def __init__(self, number: int, motion: Any, on_fault: Callable[[int, str], None] | None = None):
        self.number = number
        self.motion = motion
        self.live = True
        self.fault: str | None = None
        self.on_fault = on_fault


class HookRunner:
    """Runs the hooks of the motions in force for one round and applies their effects.

    A session builds one per round (:class:`~lopti_nb.games.lopti.session.SessionRules`); it can
    also be used alone: ``MotionLoptiState(4, seed, hooks=HookRunner([Motion(...)]))``. ``watch``:
    a function naming more objects no hook may change (the session passes itself, its motions
    and their records); the runner itself is always watched.
    """

    def __init__(self, motions=(), round_no: int = 1, budget: float = DEFAULT_BUDGET,
                 watch: Callable[[], list] | None = None):
        self.round_no = round_no
        self.budget = check_budget(budget)
        self.entries: list[MotionEntry] = []
        self.table: dict[tuple[str, str], list[MotionEntry]] = {}
        self.pending: list[tuple[MotionEntry, Effect, tuple[int, ...]]] = []
        self.faults: list[tuple[int, str]] = []
        self.effects_applied = 0
        self.watch_more = watch
        self.watch = Watch(self._watched)
        for i, m in enumerate(motions, start=1):
            self.add(m if isinstance(m, MotionEntry) else MotionEntry(i, m))

    def _watched(self) -> list:
        more = self.watch_more
        return [self, *(more() if more is not None else ())]

    def add(self, entry: MotionEntry) -> None:
        self.entries.append(entry)
        for key in entry.motion.hooks:
            self.table.setdefault(key, []).append(entry)

    def fork(self) -> "HookRunner":
        """An independent runner for a copied state: same motions, its own queue, and faults in
        the copy stay in the copy."""
        new = HookRunner(round_no=self.round_no, budget=self.budget, watch=self.watch_more)
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
        data = None
        used = 0
        for entry in listeners:  # remove() replaces these lists, never edits them in place
            if not entry.live:
                continue
            if data is None:
                data = view_data(state, event, phase, actor, info, self.round_no)
            effects = self._call(state, entry, event, phase, data)
            for effect in effects:
                if used >= MAX_EFFECTS_PER_EVENT:
                    state.events.append(ev.MotionNote(entry.number, f"more than {MAX_EFFECTS_PER_EVENT} effects on one {event}; the rest are dropped"))
                    return
                used += 1
                self._take(state, entry, effect, actor, event, phase, info.get("legal"))

    def _call(self, state, entry: MotionEntry, event: str, phase: str, data: dict) -> list[Effect]:
        """Run one hook (on a worker thread, within the budget) and return its effects, checked
        and rebuilt by the engine; ``[]`` when it faulted (then everything it changed is put back
        and it is switched off)."""
        fn = entry.motion.hooks[(event, phase)]
        view = new_view(data)
        if fn in _READY_MADE:
            said, effects = _hook_outcome(fn, view, direct=True)
            if said is None:
                return effects
            self._fault(state, entry, None, None, f"its {phase} {event} hook {said}")  # pragma: no cover - a bug
            return []
        snap = snapshot(state)
        kept = self.watch.take()

        def task():  # on the worker: holds the hook and its view, nothing of the session
            return _hook_outcome(fn, view)

        def put_back():  # the wait was interrupted (KeyboardInterrupt): undo, then let it through
            restore(state, snap)
            if self.watch.changed(kept):
                self.watch.restore(kept)

        how, outcome = run_task(task, self.budget, on_abandon=put_back)
        hook = f"its {phase} {event} hook"
        if how != DONE:
            self._fault(state, entry, snap, kept, f"{hook} ran longer than {self.budget:g} s")
        elif outcome[0] is not None:
            self._fault(state, entry, snap, kept, f"{hook} {outcome[0]}")
        elif changed(state, snap):
            self._fault(state, entry, snap, kept, f"{hook} changed the game directly (undone)")
        elif self.watch.changed(kept):
            self._fault(state, entry, snap, kept,
                        f"{hook} changed the session, its law or its motions directly (undone)")
        else:
            return outcome[1]
        return []

    def _fault(self, state, entry: MotionEntry, snap: list | None, kept: tuple | None, reason: str) -> None:
        if snap is not None:
            restore(state, snap)
        if kept is not None and self.watch.changed(kept):
            self.watch.restore(kept)
        reason = bounded(reason, MAX_FAULT)
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

    def _take(self, state, entry: MotionEntry, effect: Effect, actor: int | None, event: str, phase: str,
              legal: bool | None) -> None:
        if isinstance(effect, Say):
            state.events.append(ev.MotionSaid(entry.number, effect.text))
            return
        if isinstance(effect, ClearPile):
            # A custom clear joins the play whose "after" hooks asked for it (the state resolves
            # it with the play, as a base clear: MotionLoptiState._play).
            if phase != "after" or not (event in PLAY_EVENTS or (event == "blind flip" and legal)):
                state.events.append(ev.MotionNote(entry.number, "a motion clears the pile only right after a play"))
            elif state.motion_clear is None:
                state.motion_clear = entry.number
            return
        if isinstance(effect, ReturnCleared):
            seats = () if effect.to == DRAW_PILE else self._seats(state, check_role(effect.to), actor)
        else:
            seats = self._seats(state, check_role(effect.who), actor)
        if isinstance(effect, Reveal):
            if not seats:
                state.events.append(ev.MotionNote(entry.number, f"nobody still in is the {effect.who}"))
            for s in seats:
                hand = state.hands[s]
                if not hand:
                    state.events.append(ev.MotionNote(entry.number, f"{seat_word(s)} has no hand card to show"))
                    continue
                state.events.append(ev.MotionRevealed(entry.number, s, pick_cards(hand, 1, effect.which, state.rng)[0]))
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
        cards = list(chosen) if chosen is not None else pick_cards(options, k, which, state.rng)
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


def _short(obj: Any) -> str:
    """``repr(obj)``, at most 60 characters; the type's name when that fails (never raises)."""
    try:
        text = repr(obj)
        if isinstance(text, str):
            return bounded(text, 60)
    except BaseException:  # noqa: BLE001 - a returned object's own __repr__ may fail
        pass
    return f"a {type_name(obj)}"

