"""The language of motions: the base events a hook attaches to, the roles it aims at, the closed
set of effects it may return, the :class:`View` it is handed, and how a hook's moment is named
(:func:`parse_hook_key`). Also the errors a motion request raises. Nothing here runs a hook;
the motion itself (words, and hooks keyed by event) is :class:`~.motion.Motion`.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, fields
from typing import Any, Callable, Mapping

from ....engine import LoptiNbError, plural, seat_word
from ....engine.limits import shown
from ..cards import NAMES

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


def check_role(who: Any) -> str:
    """The role ``who`` names (``"most_cards"`` reads ``"most cards"``); a seat number is refused
    by the constitution, anything else not a role is a :class:`MotionError`."""
    if isinstance(who, bool) or isinstance(who, int):
        raise ConstitutionError(
            f"motions aim at roles and conditions, never at a named seat ({shown(who)}); "
            f"use one of: {', '.join(ROLES)}")
    if not isinstance(who, str):
        raise MotionError(f"a role is a string such as 'actor', not {shown(who)}")
    key = who.strip().lower().replace("_", " ")
    if key not in ROLES:
        raise MotionError(f"unknown role {shown(who)}; roles are: {', '.join(ROLES)}")
    return key


def _small(n: Any, top: int, what: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= top:
        raise MotionError(f"{what} must be a whole number from 1 to {top}, not {shown(n)}")
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
        check_role(self.who)
        if self.which not in CHOICES:
            raise MotionError(f"which must be one of {', '.join(CHOICES)}, not {shown(self.which)}")


@dataclass(frozen=True)
class Draw(Effect):
    """``who`` draws ``n`` (1-3) cards from the draw pile, as far as it lasts."""

    who: str = "actor"
    n: int = 1
    MOST = 3  # the most cards one Draw moves (not a field: the same for every Draw)

    def __post_init__(self):
        self.check()

    def check(self) -> None:
        check_role(self.who)
        _small(self.n, self.MOST, "Draw n")


def _which(effect: Effect) -> None:
    if effect.which not in CHOICES + (CHOOSE,):
        raise MotionError(f"which must be one of {', '.join(CHOICES + (CHOOSE,))}, not {shown(effect.which)}")
    if effect.default not in CHOICES:
        raise MotionError(f"default (for a bot or an absent player) must be one of {', '.join(CHOICES)}, "
                          f"not {shown(effect.default)}")


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
    MOST = 3
    TO = ("next", "previous")  # where a gift may go

    def __post_init__(self):
        self.check()

    def check(self) -> None:
        check_role(self.who)
        _small(self.n, self.MOST, "Give n")
        if self.to not in self.TO:
            raise MotionError(f"Give goes to 'next' or 'previous', not {shown(self.to)}")
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

    MOST = 2

    def check(self) -> None:
        check_role(self.who)
        _small(self.n, self.MOST, "Discard n")
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
    MOST = 8

    def __post_init__(self):
        self.check()

    def check(self) -> None:
        if self.to != DRAW_PILE:
            check_role(self.to)
        elif self.which == CHOOSE:
            raise MotionError("nobody chooses the cards going into the draw pile; which must be "
                              "lowest, highest or random there")
        _small(self.n, self.MOST, "ReturnCleared n")
        _which(self)


EFFECT_TYPES = (Say, Reveal, Draw, Give, Discard, ClearPile, ReturnCleared)
PLAY_EVENTS = ("play", "lead", "bonus play")


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
        return tuple(NAMES[c] for c in sorted(rest, key=order_key, reverse=rev))

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
    return new_view(view_data(state, event, phase, actor, info, round_no))


def view_data(state, event: str, phase: str, actor: int | None, info: dict, round_no: int) -> dict:
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


def new_view(data: dict) -> View:
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


def order_key(card: int) -> tuple[int, int]:
    """A card's place by face value (2 lowest, Ace highest), suits in a fixed order."""
    return (card >> 2, card & 3)


def pick_cards(cards: list[int], n: int, which: str, rng) -> list[int]:
    """``n`` of ``cards``: the lowest, the highest, or at random from ``rng`` (the round's own)."""
    if which == "random":
        return rng.sample(cards, n)
    ordered = sorted(cards, key=order_key, reverse=(which == "highest"))
    return ordered[:n]


def describe_effects() -> str:
    """The closed set of effects and the roles, in words (for help texts)."""
    lines = [f"{t.__name__}: {' '.join((t.__doc__ or '').split())}" for t in EFFECT_TYPES]
    lines += [f"role '{r}': {h}" for r, h in ROLE_HELP.items()]
    return "\n".join(lines)

