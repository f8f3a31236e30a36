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
* A hook that raises (anything, ``SystemExit`` included), runs longer than its time budget,
  returns anything outside the closed set, or changes the game or the session behind the
  engine's back (the change is undone) is reported at the table with a
  :class:`~lopti_nb.games.lopti.events.MotionFault` event (a sentence of at most 200
  characters) and its code is switched off for the rest of the session. The round always
  carries on: a hook runs on a worker thread and a late one is abandoned
  (:mod:`~lopti_nb.games.lopti.hook_calls`; what a hook can and cannot do: ``docs/ENGINE.md``).
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass, fields
from operator import is_
from typing import Any, Callable, Mapping

from ...engine import LoptiNbError, SettingsError, plural, seat_word
from ...engine.limits import shown
from ...engine.core import CACHE, COPIERS, LIST, LISTS, RNG, SHARED
from ...engine.shuffle import shuffle
from . import events as ev
from .cards import DECK, NAMES, RANKS, TEN, THREE, parse_card
from .hook_calls import (
    DONE, MAX_FAULT, HookTimeout, Watch, bounded, call_with_budget, error_text, plain_text, run_task,
    same_contents, type_name,
)
from .rules import EMPTY
from .state import Choose, LoptiState, Swap

# -- errors ---------------------------------------------------------------------------------


class SessionError(LoptiNbError):
    """A session request the rules do not allow (wrong player, wrong moment, bad vote...)."""


MAX_TEXT = 1000  # characters of a motion's words (the ready motions take under 200)


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
    """The view a hook is handed around ``event``."""
    return _new_view(_view_data(state, event, phase, actor, info, round_no))


def _view_data(state, event: str, phase: str, actor: int | None, info: dict, round_no: int) -> dict:
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
    return d


def _new_view(data: dict) -> View:
    # Built without the frozen dataclass __init__ (hot path); fields left out keep their defaults.
    # Every hook gets a view of its own: what one hook does to its view, no other hook sees.
    view = object.__new__(View)
    view.__dict__.update(data)
    return view


# -- motions ------------------------------------------------------------------------------------------
def parse_hook_key(key: str) -> tuple[str, str]:
    """``"after pickup"`` -> ``("pickup", "after")``."""
    if not isinstance(key, str):
        raise MotionError(f"a hook is named like 'after pickup' or 'before deal', not {shown(key)}")
    text = key.strip().lower()
    for word in PROTECTED:
        if word in text:
            raise ConstitutionError(f"{PROTECTED_MESSAGE} (hook {shown(key)})")
    phase, _, event = text.partition(" ")
    event = _EVENT_ALIASES.get(event.strip(), event.strip())
    if phase not in PHASES or event not in BASE_EVENTS:
        raise MotionError(
            f"unknown hook {shown(key)}: write 'before <event>' or 'after <event>' with an event from: "
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
        if len(text) > MAX_TEXT:
            raise MotionError(f"a motion is stated in at most {MAX_TEXT:,} characters, so the table "
                              f"can read it out; this one has {len(text):,}")
        if title is not None and (not isinstance(title, str) or not title.strip() or len(title) > 60):
            raise MotionError(f"a motion's title is a short text (at most 60 characters), not {shown(title)}")
        if hooks is not None and not isinstance(hooks, Mapping):
            raise MotionError(f"hooks map an event name such as 'after play' to a function, not {shown(hooks)}")
        self.text = " ".join(text.split())
        self.title = title or self.text[:60]
        parsed: dict[tuple[str, str], Callable] = {}
        for key, fn in (hooks or {}).items():
            ev_phase = parse_hook_key(key)
            if not callable(fn):
                raise MotionError(f"the hook for {shown(key)} is not a function")
            parsed[ev_phase] = fn
        self.hooks = parsed

    @property
    def has_code(self) -> bool:
        return bool(self.hooks)

    def __repr__(self) -> str:
        return f"Motion({self.title!r}, hooks={[f'{p} {e}' for e, p in self.hooks]})"


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


# -- the snapshot a hook is checked against -------------------------------------------------------
# A hook must not change the game behind the engine's back. Before each hook the runner takes a
# snapshot of every field the state declares (``FIELDS``, the list copy() is made from), and
# after it compares and, if anything changed, puts it all back, as for a hand edit. Derived
# caches are not compared, only dropped on restore. The session, its law and motions and the
# runner itself are watched the same way (hook_calls.Watch).
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
            elif kind == LIST:
                compared.append((name, 1, COPIERS[kind]))
            elif kind == LISTS:
                compared.append((name, 3, COPIERS[kind]))
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
        elif how == 3:  # a list of lists: the inner lists themselves, and their items
            snap.append((value, copier(value), value[:]))
        else:
            snap.append((value, copier(value)))
    return snap


def _same_list(value: list, items: list) -> bool:
    return len(value) == len(items) and all(map(is_, value, items))


def _changed(state, snap: list) -> bool:
    """Whether anything declared changed since ``snap``; compared by identity, so nothing a hook
    planted runs its own code here (an equal value put in place of the old one counts as a change)."""
    d = state.__dict__
    names = snap[0]
    if len(d) != len(names) or not all(map(is_, d, names)):  # an attribute added, deleted or replaced
        return True
    for (name, how, _), saved in zip(_plan(type(state))[0], snap[1:]):
        value = d[name]
        if how == 0:
            if value is not saved:
                return True
        elif value is not saved[0]:
            return True
        elif how == 1:
            if type(value) is not list or not _same_list(value, saved[1]):
                return True
        elif how == 3:
            if (type(value) is not list or not _same_list(value, saved[2])
                    or not all(type(a) is list and _same_list(a, b) for a, b in zip(value, saved[1]))):
                return True
        elif not same_contents(value, saved[1]):
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
        elif how == 3:  # the same inner lists, with their old items
            obj, contents, inner = saved
            for a, b in zip(inner, contents):
                a[:] = b
            obj[:] = inner
            d[name] = obj
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


def _hook_outcome(fn: Callable, view: View) -> tuple[str | None, Any]:
    """``(None, effects)``, or ``(what went wrong, None)``: the hook called and everything it
    returned looked at (on the worker thread: all of it may run the hook's own code). Never
    raises."""
    try:
        result = fn(view)
    except BaseException as exc:  # noqa: BLE001 - whatever a hook raises (SystemExit too) stays here
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
                data = _view_data(state, event, phase, actor, info, self.round_no)
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
        view = _new_view(data)
        if fn in _READY_MADE:
            said, effects = _hook_outcome(fn, view)
            if said is None:
                return effects
            self._fault(state, entry, None, None, f"its {phase} {event} hook {said}")  # pragma: no cover - a bug
            return []
        snap = _snapshot(state)
        kept = self.watch.take()

        def task():  # on the worker: holds the hook and its view, nothing of the session
            return _hook_outcome(fn, view)

        def put_back():  # the wait was interrupted (KeyboardInterrupt): undo, then let it through
            _restore(state, snap)
            if self.watch.changed(kept):
                self.watch.restore(kept)

        how, outcome = run_task(task, self.budget, on_abandon=put_back)
        hook = f"its {phase} {event} hook"
        if how != DONE:
            self._fault(state, entry, snap, kept, f"{hook} ran longer than {self.budget:g} s")
        elif outcome[0] is not None:
            self._fault(state, entry, snap, kept, f"{hook} {outcome[0]}")
        elif _changed(state, snap):
            self._fault(state, entry, snap, kept, f"{hook} changed the game directly (undone)")
        elif self.watch.changed(kept):
            self._fault(state, entry, snap, kept,
                        f"{hook} changed the session, its law or its motions directly (undone)")
        else:
            return outcome[1]
        return []

    def _fault(self, state, entry: MotionEntry, snap: list | None, kept: tuple | None, reason: str) -> None:
        if snap is not None:
            _restore(state, snap)
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
            if phase != "after" or not (event in _PLAY_EVENTS or (event == "blind flip" and legal)):
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
    """``repr(obj)``, at most 60 characters; the type's name when that fails (never raises)."""
    try:
        text = repr(obj)
        if isinstance(text, str):
            return bounded(text, 60)
    except BaseException:  # noqa: BLE001 - a returned object's own __repr__ may fail
        pass
    return f"a {type_name(obj)}"


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
