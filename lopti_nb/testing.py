"""The conformance suite: the state contract (docs/ENGINE.md, docs/PLUGINS.md) checked for any
registered game, the package's own and those of other packages alike.

    >>> import lopti_nb
    >>> from lopti_nb.testing import check_game
    >>> check_game(lopti_nb.game_names()[0], checks=["listed_actions_are_legal"])
    {'listed_actions_are_legal': 'passed'}

:func:`check_game` plays seeded random games of the game (every player count from its
minimum to its maximum, and each setting its schema offers at its other values, one at a
time), stops them after a few numbers of actions and at the end, and checks each position:
``copy()`` shares nothing mutable, ``legal_actions``, ``why_illegal``, ``to_act`` and
``apply`` agree (``why_illegal`` allows nothing ``legal_actions`` does not list), anything
that is not a legal action is refused with a short sentence and changes nothing,
observations and event logs show a seat nothing it may not know (no event told to a seat
holds another seat's hand), records survive JSON and load to the same game, the same seed
gives the same game whatever the global generators and the hash seed, a finished game has
exactly one game-end event, and ``simulate()`` and ``play_games()`` agree.

A check that finds a problem does not stop the others, but a check that needs a failed one
(:data:`NEEDS`: most need the random games to play to the end) is not run: one fault is
reported once, by the check that found it. At the end every failure is raised at once in a
:class:`ConformanceError` (an ``AssertionError``) whose message names each failed check once,
the positions that show it (game, players, seed, settings, actions, seat) and the cause, and
the checks not run because of it.

Nothing here knows a game: what a check needs beyond the contract comes from the game's
plugin (its schema, action classes and bots) and its ``testing`` part
(``scramble(state, seat, rng)`` and ``game_end_events(state)``, see docs/PLUGINS.md).
"""
from __future__ import annotations

import copy
import dataclasses
import functools
import itertools
import json
import math
import os
import random
import subprocess
import sys
import types
from importlib.metadata import entry_points
from typing import Any, Callable, Iterable

import numpy as np

import lopti_nb
from .engine import (EndlessGame, GameSpec, IllegalAction, LoptiNbError, SettingsError, UnknownGame, UnknownSeat,
                     game_names, get_spec, load, plural, register_game)
from .engine.limits import cut, shown
from .engine.registry import GROUP

MAX_MESSAGE = 300  # characters: a refusal is a sentence a person reads, not a dump
STEPS = (0, 1, 3, 10, 30, 100, 300)  # positions are taken after this many actions (and at the end)
GAMES_PER_SETTING = 40  # short games played per settings variant to find a rare double end
MAX_LINES = 3  # problems quoted per check (the count says how many more)
MAX_CHECK_ACTIONS = 50_000  # actions one game the checks play may take (the package's longest take a few thousand)


def bounded_game(actions: list) -> None:
    """Stop a game the checks play once it has taken :data:`MAX_CHECK_ACTIONS` actions: a game
    that has not ended by then fails the check (:class:`~lopti_nb.engine.EndlessGame`)."""
    if len(actions) >= MAX_CHECK_ACTIONS:
        raise EndlessGame(f"a game did not end within {MAX_CHECK_ACTIONS:,} actions; every game must "
                          "end whatever its players do")


class ConformanceError(AssertionError):
    """A game broke the state contract: ``failures`` maps each failed check's name to its
    problems (sentences naming the position: game, players, seed, settings, actions, seat),
    ``skipped`` each check that was not run because a check it needs failed to that check's
    name. Each failed check is reported once; the checks that need it are not run."""

    def __init__(self, title: str, failures: dict[str, list[str]], checked: int,
                 skipped: dict[str, str] | None = None):
        self.failures = failures
        self.skipped = dict(skipped or {})
        parts = [f"{title} fails {len(failures)} of {checked} conformance checks:"]
        for name, problems in failures.items():
            more = f"\n      ... and {len(problems) - MAX_LINES} more" if len(problems) > MAX_LINES else ""
            lines = "\n      ".join(problems[:MAX_LINES])
            parts.append(f"  - {name.replace('_', ' ')} ({plural(len(problems), 'problem')}):\n      {lines}{more}")
        for need in dict.fromkeys(self.skipped.values()):
            held = [name.replace("_", " ") for name, first in self.skipped.items() if first == need]
            parts.append(f"  - not run, because {need.replace('_', ' ')} failed and they need it "
                         f"({plural(len(held), 'check')}): {', '.join(held)}")
        super().__init__("\n".join(parts))


class NotApplicable(Exception):
    """Raised by a check that has nothing to look at in this game (it is reported as
    skipped, with the reason)."""


# -- positions -----------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Recipe:
    """A position: a game made with these arguments, then these actions applied."""

    game: str
    players: int
    seed: int
    settings: tuple  # (name, value) pairs
    actions: tuple
    seats: tuple = ()  # the seat of each action (empty: current_player each time)

    def __str__(self) -> str:
        sets = ", ".join(f"{k}={v!r}" for k, v in self.settings)
        order = ", seats of to_act in random order" if self.seats else ""
        return (f"{self.game}, {self.players} players, seed {self.seed}"
                f"{', ' + sets if sets else ''}{order}, after {plural(len(self.actions), 'action')}")

    def build(self):
        state = lopti_nb.new_game(self.game, players=self.players, seed=self.seed, **dict(self.settings))
        seats = self.seats or (None,) * len(self.actions)
        for action, seat in zip(self.actions, seats):
            state.apply(action, seat)
        return state


def setting_variants(spec: GameSpec, players: int) -> list[dict]:
    """The defaults, then each setting at other values its schema names (one at a time)."""
    out: list[dict] = [{}]
    for s in spec.schema:
        if s.kind == "bool":
            values = [not s.default]
        elif s.kind == "choice":
            values = [c for c in s.choices if c != s.default]
        elif s.kind == "seat":
            values = [players - 1]
        elif s.kind in ("int", "float") and s.low is not None:
            values = [type(s.default)(s.low) if s.default is not None else s.low]
        else:  # data: only the game knows what else is sensible
            values = []
        out += [{s.name: v} for v in values if v != s.default]
    return out


def playable(game: str, players: int, settings: dict) -> bool:
    """Whether the game accepts these settings together (a sea that starts above the line
    that ends the game does not)."""
    try:
        lopti_nb.new_game(game, players=players, seed=0, **settings)
    except SettingsError:
        return False
    return True


@functools.cache
def runs(game: str) -> tuple[tuple[int, dict], ...]:
    """(players, settings) of the games to play: every player count and every setting variant
    at least once."""
    spec = get_spec(game)
    counts = list(range(spec.min_players, spec.max_players + 1))
    out = []
    for i in range(max(len(counts), len(setting_variants(spec, spec.max_players)))):
        players = counts[i % len(counts)]
        variants = setting_variants(spec, players)
        settings = variants[i % len(variants)]
        if playable(game, players, settings):
            out.append((players, settings))
    return tuple(out)


class PlayStopped(Exception):
    """A seeded random game the checks play could not go on: the message names the position
    (game, players, seed, settings, actions so far, the seat) and the cause."""


def _recipes(game: str, first_seed: int, any_order: bool) -> tuple[Recipe, ...]:
    out = []
    for number, (players, settings) in enumerate(runs(game)):
        seed = first_seed + 17 * number
        items = tuple(sorted(settings.items()))
        actions, acted = [], []
        seat = action = None
        try:
            state = lopti_nb.new_game(game, players=players, seed=seed, **settings)
            rng = random.Random(seed)
            while True:
                action = None
                bounded_game(actions)
                if len(actions) in STEPS or state.is_over:
                    out.append(Recipe(game, players, seed, items, tuple(actions), tuple(acted)))
                if state.is_over:
                    break
                seat = rng.choice(state.to_act) if any_order else state.current_player
                listed = state.legal_actions(seat) if any_order else state.legal_actions()
                if not listed:
                    raise PlayStopped("the game runs but lists no action")
                action = rng.choice(listed)
                if any_order:
                    state.apply(action, seat)
                    acted.append(seat)
                else:
                    state.apply(action)
                actions.append(action)
        except KeyboardInterrupt:
            raise
        except Exception as exc:  # noqa: BLE001 - where and why the game stopped is the report
            at = Recipe(game, players, seed, items, tuple(actions), tuple(acted))
            doing = "" if seat is None else f", seat {seat}"
            trying = "" if action is None else f" playing the listed {shown(action)},"
            cause = "" if isinstance(exc, PlayStopped) else f"{type(exc).__name__}: "
            raise PlayStopped(f"{at}{doing}:{trying} {cause}{cut(str(exc), 200)}") from exc
    return tuple(out)


@functools.cache
def recipes(game: str) -> tuple[Recipe, ...]:
    """Positions of seeded random games (one game per run, several stops in each)."""
    return _recipes(game, 1000, any_order=False)


@functools.cache
def any_order_recipes(game: str) -> tuple[Recipe, ...]:
    """Positions of seeded random games in which, whenever several seats may act (``to_act``),
    a random one of them acts, not always ``current_player``."""
    return _recipes(game, 3000, any_order=True)


#: The position the running check looks at (set by :func:`positions`): a check that stops on
#: an error is reported with it.
LOOKING_AT: list[Recipe | None] = [None]


def positions(game: str, any_order: bool = False):
    """(recipe, a fresh state at that position) for each position of ``game`` (and with
    ``any_order``, those of :func:`any_order_recipes` too)."""
    for recipe in recipes(game) + (any_order_recipes(game) if any_order else ()):
        LOOKING_AT[0] = recipe
        yield recipe, recipe.build()
    LOOKING_AT[0] = None


# -- the positions themselves ----------------------------------------------------------------------
def check_random_games_play_to_the_end(game: str) -> list[str]:
    """Seeded random games (every player count, each setting variant; one seat at a time, and
    any seat of ``to_act``) play every listed action to the end within the bound: the
    positions every later check looks at. A game that stops is reported once, where it
    stopped, and the checks that need these positions are skipped."""
    for make in (recipes, any_order_recipes):
        try:
            make(game)
        except PlayStopped as stopped:
            return [str(stopped)]  # the first stop: the other games would only say it again
    return []


def seats(state) -> range:
    return range(state.num_players)


def safely(f: Callable[[], Any]) -> Any:
    """``f()``, or the error it raised as text (a snapshot shows a crash as a difference)."""
    try:
        return copy.deepcopy(f())
    except Exception as exc:  # noqa: BLE001 - any error is what the snapshot records
        return f"raised {type(exc).__name__}: {str(exc)[:200]}"


def snapshot(state) -> dict:
    """Everything the contract lets anyone see of ``state``."""
    return {
        "current_player": safely(lambda: state.current_player),
        "to_act": safely(lambda: state.to_act),
        "is_over": safely(lambda: state.is_over),
        "observations": [safely(lambda s=s: state.observation(s)) for s in (None, *seats(state))],
        "legal": safely(state.legal_actions),
        "events": safely(lambda: list(state.events)),
        "described": safely(lambda: [e.describe() for e in state.events]),
        "record": safely(state.record),
        "result": safely(lambda: repr(state.result)),
    }


def differences(before: dict, after: dict) -> list[str]:
    return [k for k in before if before[k] != after[k]]


def testing_part(game: str):
    """The game's ``testing`` module (scramble, game_end_events)."""
    testing = get_spec(game).load("testing")
    if testing is None:
        raise NotApplicable(f"{game}'s plugin names no testing module (GameSpec.testing)")
    return testing


# -- the plugin's testing part -------------------------------------------------------------------
def check_offers_its_testing_part(game: str) -> list[str]:
    """The plugin names a ``testing`` module with ``scramble`` and ``game_end_events``."""
    testing = get_spec(game).load("testing")
    if testing is None:
        return [f"{game}'s plugin names no testing module (GameSpec.testing)"]
    return [f"its testing module has no function {name}" for name in ("scramble", "game_end_events")
            if not callable(getattr(testing, name, None))]


# -- copy() ---------------------------------------------------------------------------------------
MUTABLE = (list, dict, set, bytearray, random.Random, np.ndarray)
OPAQUE = (str, bytes, int, float, complex, bool, type(None), range, type, types.ModuleType,
          types.FunctionType, types.BuiltinFunctionType, types.MethodType, functools.partial)


def reachable(root, name: str = "state") -> dict[int, tuple[str, object]]:
    """Every object reachable from ``root`` through containers and attributes, by id, with a
    path to it (``state.hands[2]``)."""
    found: dict[int, tuple[str, object]] = {}
    stack = [(root, name)]
    while stack:
        obj, path = stack.pop()
        if isinstance(obj, OPAQUE) or id(obj) in found:
            continue
        found[id(obj)] = (path, obj)
        if isinstance(obj, dict):
            stack += [(v, f"{path}[{k!r}]") for k, v in obj.items()]
        elif isinstance(obj, (list, tuple, set, frozenset)):
            stack += [(v, f"{path}[{i}]") for i, v in enumerate(obj)]
        elif isinstance(obj, (random.Random, np.ndarray)):
            continue
        else:
            attrs = dict(vars(obj)) if hasattr(obj, "__dict__") else {}
            for slot in getattr(type(obj), "__slots__", ()):
                if hasattr(obj, slot):
                    attrs[slot] = getattr(obj, slot)
            stack += [(v, f"{path}.{k}") for k, v in attrs.items()]
    return found


def shared_parts(original, clone) -> list[str]:
    """Paths of the mutable objects ``clone`` holds that ``original`` holds too."""
    mine = reachable(original)
    return sorted(path for key, (path, obj) in reachable(clone).items()
                  if key in mine and isinstance(obj, MUTABLE))


class Poison:
    """What the mutation puts into a copy's lists and dicts: unmistakable in a snapshot."""

    def __repr__(self) -> str:
        return "<poison>"


def mutate(obj, spare: set[int], seen: set[int]) -> int:
    """Change every list, dict and set reachable from ``obj`` in place (inner ones first: clear
    it, put a Poison in), except those in ``spare``. Returns how many were changed."""
    if id(obj) in seen or id(obj) in spare or isinstance(obj, OPAQUE):
        return 0
    seen.add(id(obj))
    changed = 0
    if isinstance(obj, dict):
        for value in list(obj.values()):
            changed += mutate(value, spare, seen)
        obj.clear()
        obj[Poison()] = Poison()
        return changed + 1
    if isinstance(obj, (list, set, tuple, frozenset)):
        for value in list(obj):
            changed += mutate(value, spare, seen)
        if isinstance(obj, list):
            obj[:] = [Poison()]
        elif isinstance(obj, set):
            obj.clear()
            obj.add(Poison())
        else:
            return changed
        return changed + 1
    return changed


def check_copy_shares_no_mutable_part_with_the_original(game: str) -> list[str]:
    problems = []
    for recipe, state in positions(game):
        shared = shared_parts(state, state.copy())
        if shared:
            problems.append(f"{recipe}: {', '.join(shared[:8])}{' ...' if len(shared) > 8 else ''} "
                            "shared with its copy")
    return problems


def check_changing_a_copy_leaves_the_original_as_it_was(game: str) -> list[str]:
    """Play on in the copy, then clear and poison every list, dict and set it holds (those it
    shares with the original are the check above's business: changing them here would change
    the original, and a game's module constants, for every later check). The original must
    show, and then play, exactly as before."""
    problems = []
    mutated = 0
    for recipe, state in positions(game):
        before = snapshot(state)
        clone = state.copy()
        rng = random.Random(recipe.seed)
        for _ in range(5):
            if clone.is_over:
                break
            clone.apply(rng.choice(clone.legal_actions()))
        fresh = recipe.build()  # shares module constants (never mutated) with the original
        spare = set(reachable(state)) | set(reachable(fresh))
        mutated += mutate(vars(clone), spare, set())
        changed = differences(before, snapshot(state))
        if changed:
            problems.append(f"{recipe}: the original's {', '.join(changed)} changed")
            continue
        # The original plays on like a game rebuilt from its actions (same generator state).
        a, b = state, fresh
        bot = random.Random(recipe.seed + 1)
        for _ in range(60):
            if a.is_over or b.is_over:
                break
            action = bot.choice(a.legal_actions())
            a.apply(action)
            b.apply(action)
        if [e.describe() for e in a.events] != [e.describe() for e in b.events]:
            problems.append(f"{recipe}: after its copy was changed the original plays on differently")
    if not mutated and not problems:
        raise NotApplicable("its copies hold no list, dict or set to change")
    return problems


# -- legal_actions() and why_illegal() ------------------------------------------------------------
def refusal(state, action) -> tuple[str | None, str | None]:
    """(message, None) if ``apply`` refuses ``action`` properly, (None, problem) otherwise.
    ``state`` is unchanged after a proper refusal; an action the rules allow is tried on a copy
    and gives (None, None)."""
    try:
        reason = state.why_illegal(action)
    except Exception as exc:  # noqa: BLE001 - apply below reports it
        reason = f"why_illegal raised {type(exc).__name__}"
    if reason is None:
        try:
            state.copy().apply(action)
        except Exception as exc:  # noqa: BLE001
            return None, f"why_illegal({shown(action)}) is None, but apply raised {type(exc).__name__}: {str(exc)[:100]}"
        return None, None
    mark = (len(state.events), len(state.actions), state.current_player)
    try:
        state.apply(action)
    except IllegalAction as exc:
        if (len(state.events), len(state.actions), state.current_player) != mark:
            return None, f"refusing {shown(action)} changed the state"
        return str(exc), None
    except Exception as exc:  # noqa: BLE001 - anything but IllegalAction is the bug
        return None, f"apply({shown(action)}) raised {type(exc).__name__}: {str(exc)[:100]}"
    return None, f"apply({shown(action)}) accepted an action why_illegal refuses ({reason[:80]})"


def check_listed_actions_are_legal(game: str) -> list[str]:
    problems = []
    for recipe, state in positions(game):
        listed = state.legal_actions()
        if state.is_over and listed:
            problems.append(f"{recipe}: the game is over but actions are listed")
        if not state.is_over and not listed:
            problems.append(f"{recipe}: the game runs but no action is listed")
        for action in listed:
            reason = state.why_illegal(action)
            if reason is not None:
                problems.append(f"{recipe}: {action!r} is listed, but why_illegal says: {reason[:100]}")
            else:
                state.copy().apply(action)
        if not isinstance(state.current_player, (int, type(None))) or (state.current_player is None) != state.is_over:
            problems.append(f"{recipe}: current_player {state.current_player!r} with is_over {state.is_over}")
    return problems


def check_why_illegal_allows_only_listed_actions(game: str) -> list[str]:
    """``why_illegal(action, seat)`` says None only for an action ``legal_actions(seat)``
    lists (docs/PLUGINS.md promises they agree): at each position, for each seat in
    ``to_act``, the actions built from the game's action classes (listed values in other
    combinations, values out of range) must be listed or refused."""
    candidates = out_of_range_actions(game)
    problems = []
    for recipe, state in positions(game, any_order=True):
        for seat in state.to_act:
            listed = state.legal_actions(seat)
            done = None  # what each listed action does, worked out when first needed
            for action in candidates:
                if action in listed:
                    continue
                try:
                    reason = state.why_illegal(action, seat)
                except Exception:  # noqa: BLE001 - the refusal checks report a crash
                    continue
                if reason is not None:
                    continue
                if done is None:
                    done = [what_it_does(state, a, seat) for a in listed]
                if what_it_does(state, action, seat) not in done:  # not another spelling of one
                    problems.append(f"{recipe}, seat {seat}: why_illegal allows {shown(action)}, "
                                    "which legal_actions does not list")
                    break
    return problems


def what_it_does(state, action, seat) -> object:
    """What every seat sees and is told after ``action`` is applied to a copy of ``state``
    (an action the game takes in another spelling, ``"9s"`` for ``"9S"``, does the same as
    the listed one); the error as text if apply refuses it."""
    clone = state.copy()
    try:
        clone.apply(action, seat)
    except Exception as exc:  # noqa: BLE001 - a refusal is an outcome here
        return f"raised {type(exc).__name__}"
    return ([clone.observation(s) for s in (None, *seats(clone))],
            [[e.for_seat(s).describe() for e in clone.events] for s in (None, *seats(clone))])


# -- to_act: the seats that may act now -----------------------------------------------------------
def check_to_act_lists_the_seats_with_something_to_do(game: str) -> list[str]:
    """``to_act`` is a tuple of distinct seats holding ``current_player`` (empty once the game
    is over); every seat in it has legal actions, each of which ``why_illegal`` allows for
    that seat and ``apply`` performs for it; every other seat has none."""
    problems = []
    for recipe, state in positions(game, any_order=True):
        to_act = state.to_act
        cur = state.current_player
        if type(to_act) is not tuple or len(set(to_act)) != len(to_act) \
                or not all(type(s) is int and 0 <= s < state.num_players for s in to_act):
            problems.append(f"{recipe}: to_act is {to_act!r}, not a tuple of distinct seats")
            continue
        if state.is_over != (to_act == ()):
            problems.append(f"{recipe}: to_act {to_act} with is_over {state.is_over}")
        if not state.is_over and cur not in to_act:
            problems.append(f"{recipe}: current_player {cur} is not in to_act {to_act}")
        if state.legal_actions(cur) != state.legal_actions():
            problems.append(f"{recipe}: legal_actions(current_player) differs from legal_actions()")
        for seat in seats(state):
            listed = state.legal_actions(seat)
            if seat not in to_act:
                if listed:
                    problems.append(f"{recipe}: seat {seat} is not in to_act but has actions")
                continue
            if not listed:
                problems.append(f"{recipe}: seat {seat} is in to_act but has no action")
            for action in listed[:6]:
                reason = state.why_illegal(action, seat)
                if reason is not None:
                    problems.append(f"{recipe}: {action!r} is listed for seat {seat}, but "
                                    f"why_illegal says: {reason[:100]}")
                    continue
                clone = state.copy()
                try:
                    clone.apply(action, seat)
                except Exception as exc:  # noqa: BLE001 - any error is the problem
                    problems.append(f"{recipe}: apply({action!r}, {seat}) raised "
                                    f"{type(exc).__name__}: {str(exc)[:100]}")
                    continue
                if clone.actions[-1] != action:
                    problems.append(f"{recipe}: apply({action!r}, {seat}) did not log it")
    return problems


def check_apply_for_a_seat_outside_to_act_is_refused_and_changes_nothing(game: str) -> list[str]:
    """Another seat's legal action, sent by a seat that is not in ``to_act``: refused with a
    short sentence naming the seat, why_illegal says why, and nothing changes. A seat that is
    not at the table is refused too (UnknownSeat)."""
    problems = []
    tried = 0
    for recipe, state in positions(game, any_order=True):
        before = snapshot(state)
        pool = [a for s in state.to_act for a in state.legal_actions(s)[:3]]
        for seat in seats(state):
            if seat in state.to_act:
                continue
            for action in pool:
                tried += 1
                if state.why_illegal(action, seat) is None:
                    problems.append(f"{recipe}: why_illegal({action!r}, {seat}) is None")
                try:
                    state.apply(action, seat)
                except IllegalAction as exc:
                    if not 0 < len(str(exc)) <= MAX_MESSAGE:
                        problems.append(f"{recipe}: refusing seat {seat} says {str(exc)[:80]!r}...")
                else:
                    problems.append(f"{recipe}: seat {seat}, not in to_act {state.to_act}, "
                                    f"played {action!r}")
                    break
        for bad_seat in (-1, state.num_players, "0", True, 1.0):
            for action in pool[:1]:
                try:
                    state.apply(action, bad_seat)
                except UnknownSeat:
                    pass
                except Exception as exc:  # noqa: BLE001 - anything else is the problem
                    problems.append(f"{recipe}: apply for seat {bad_seat!r} raised {type(exc).__name__}, "
                                    "not UnknownSeat")
                else:
                    problems.append(f"{recipe}: apply for seat {bad_seat!r} was accepted")
        changed = differences(before, snapshot(state))
        if changed:
            problems.append(f"{recipe}: refusing other seats changed the state's {', '.join(changed)}")
    if not tried and not problems:
        raise NotApplicable("no position had a seat outside to_act")
    return problems


@functools.cache
def field_values(game: str) -> dict[tuple[type, str], list]:
    """Per (action class, field): the values the game's listed actions use."""
    values: dict[tuple[type, str], list] = {}
    for _, state in positions(game):
        for action in state.legal_actions():
            if not dataclasses.is_dataclass(action):
                continue
            for f in dataclasses.fields(action):
                seen = values.setdefault((type(action), f.name), [])
                v = getattr(action, f.name)
                if v not in seen:
                    seen.append(v)
    return values


def examples(game: str, cls: type) -> dict[str, object]:
    """A field -> value mapping taken from listed actions (or plain stand-ins)."""
    values = field_values(game)
    return {f.name: (values.get((cls, f.name)) or [0])[0] for f in dataclasses.fields(cls)}


def odd_values(samples: list) -> list:
    """Values of the same type as ``samples`` that no listed action uses."""
    sample = samples[0]
    if isinstance(sample, bool):
        return []
    if isinstance(sample, int):
        top = max(samples)
        candidates = [-1, top + 1, 10**30, 2**63, -(2**63)]
    elif isinstance(sample, str):
        candidates = ["", " ", "x" * 1000, "\x00", "\u2620", sample.upper(), sample.lower(),
                      sample + " ", " " + sample, sample * 2]
    elif isinstance(sample, tuple):
        candidates = [(), sample + sample, sample[:1] * 5 if sample else ()]
    else:
        candidates = []
    return [c for c in candidates if c not in samples]


WRONG_TYPES = [None, 1.5, math.nan, math.inf, True, [1], {"a": 1}, b"x", object()]


def built(cls, fields: dict):
    """``cls(**fields)``, or None when the action class itself refuses the values (then
    apply never sees them: records and rooms build actions through the class too)."""
    try:
        return cls(**fields)
    except Exception:  # noqa: BLE001 - the class's own check, not the rules'
        return None


def dataclass_actions(game: str) -> list[type]:
    return [cls for cls in get_spec(game).action_types if dataclasses.is_dataclass(cls)]


def out_of_range_actions(game: str) -> list:
    values = field_values(game)
    out = []
    for cls in dataclass_actions(game):
        names = [f.name for f in dataclasses.fields(cls)]
        if not names:
            out.append(built(cls, {}))
            continue
        base = examples(game, cls)
        for name in names:
            for v in odd_values(values.get((cls, name)) or [0]):
                out.append(built(cls, {**base, name: v}))
        # listed values in combinations no position listed together
        rng = random.Random(7)
        pools = [values.get((cls, n)) or [base[n]] for n in names]
        for _ in range(30):
            out.append(built(cls, {n: rng.choice(p) for n, p in zip(names, pools)}))
    return [a for a in out if a is not None]


def wrong_type_actions(game: str) -> list:
    out = []
    for cls in dataclass_actions(game):
        base = examples(game, cls)
        for f in dataclasses.fields(cls):
            out += [built(cls, {**base, f.name: v}) for v in WRONG_TYPES]
    return [a for a in out if a is not None]


def other_games(game: str) -> list[str]:
    return [other for other in game_names() if other != game]


def non_actions(game: str) -> list:
    """Inputs that are not an action of ``game``: plain values, the action classes themselves,
    and other games' actions."""
    spec = get_spec(game)
    out = [None, 0, 42, -1, 2**63, 1.5, math.nan, True, "", "take the pile", "x" * 1000, b"bytes",
           [], [1, 2], {}, {"rank": "9", "count": 1}, (), (0, 1), object(), type, print]
    out += list(spec.action_types)
    for other in other_games(game):
        out += [cls for cls in get_spec(other).action_types if cls not in spec.action_types]
        state = lopti_nb.new_game(other, seed=1)
        out += [a for a in state.legal_actions()[:3] if type(a) not in spec.action_types]
    return out


def refusal_problems(game: str, inputs: Iterable) -> list[str]:
    inputs = list(inputs)
    problems = []
    for recipe, state in positions(game):
        before = snapshot(state)
        for bad in inputs:
            message, problem = refusal(state, bad)
            if problem:
                problems.append(f"{recipe}: {problem}")
        changed = differences(before, snapshot(state))
        if changed:
            problems.append(f"{recipe}: the refusals changed the state's {', '.join(changed)}")
    return problems


def check_apply_refuses_what_is_not_an_action(game: str) -> list[str]:
    return refusal_problems(game, non_actions(game))


def check_apply_refuses_actions_with_values_out_of_range(game: str) -> list[str]:
    actions = out_of_range_actions(game)
    if not actions:
        return ["no action with a value out of range could be built from its action classes"]
    return refusal_problems(game, actions)


def check_apply_refuses_actions_with_fields_of_the_wrong_type(game: str) -> list[str]:
    return refusal_problems(game, wrong_type_actions(game))


def long_refusals(game: str, inputs: list) -> list[str]:
    problems, refused = [], 0
    for recipe, state in itertools.islice(positions(game), 0, None, 3):
        for bad in inputs:
            try:
                message, _ = refusal(state, bad)
            except Exception:  # noqa: BLE001 - the checks above report crashes
                continue
            if message is None:
                continue
            refused += 1
            if not message.strip() or len(message) > MAX_MESSAGE:
                problems.append(f"{recipe}: refusing {shown(bad)} says {len(message)} characters: "
                                f"{message[:80]!r}...")
    if not refused:
        problems.append("nothing was refused, so no refusal could be read")
    return problems


def check_refusals_of_non_actions_are_short_sentences(game: str) -> list[str]:
    return long_refusals(game, non_actions(game))


def check_refusals_of_actions_are_short_sentences(game: str) -> list[str]:
    return long_refusals(game, out_of_range_actions(game) + wrong_type_actions(game))


# -- observation() ----------------------------------------------------------------------------------
SEATS_NOT_AT_THE_TABLE = {"-1": lambda n: -1, "players": lambda n: n, "'0'": lambda n: "0"}


def check_observation_refuses_a_seat_not_at_the_table(game: str) -> list[str]:
    problems = []
    state = lopti_nb.new_game(game, seed=3)
    for label, seat in SEATS_NOT_AT_THE_TABLE.items():
        try:
            state.observation(seat(state.num_players))
        except LoptiNbError as exc:
            if not 0 < len(str(exc)) <= MAX_MESSAGE:
                problems.append(f"observation({label}) is refused in {len(str(exc))} characters")
        except Exception as exc:  # noqa: BLE001 - anything but a LoptiNbError is the problem
            problems.append(f"observation({label}) raised {type(exc).__name__}, not a LoptiNbError")
        else:
            problems.append(f"observation({label}) was answered: no such seat is at the table")
    return problems


def check_a_seat_sees_the_same_when_its_secrets_are_dealt_again(game: str) -> list[str]:
    """Each seat's observation, its event log and (on its turn) its legal actions are the
    same in a copy where everything it may not know was dealt again (the game's scramble)."""
    scramble = testing_part(game).scramble
    problems = []
    for recipe, state in positions(game, any_order=True):
        before = snapshot(state)
        for seat in seats(state):
            rng = random.Random(recipe.seed * 31 + seat)
            seen = (state.observation(seat), [e.for_seat(seat).describe() for e in state.events])
            legal = state.legal_actions(seat) if seat in state.to_act else None
            other = scramble(state, seat, rng)
            if other.observation(seat) != seen[0]:
                keys = [k for k, v in seen[0].items() if other.observation(seat).get(k) != v]
                problems.append(f"{recipe}: seat {seat}'s observation shows a secret ({', '.join(keys)})")
            if [e.for_seat(seat).describe() for e in other.events] != seen[1]:
                problems.append(f"{recipe}: seat {seat}'s event log shows a secret")
            if legal is not None and other.legal_actions(seat) != legal:
                problems.append(f"{recipe}: seat {seat}'s legal actions depend on a secret")
        if differences(before, snapshot(state)):
            problems.append(f"{recipe}: scramble changed the original")
    return problems


def groups(value, out: set, depth: int = 0) -> set:
    """Every group of two or more values held in ``value`` (its lists, tuples, sets and the
    fields of its dataclasses, nested), each as a sorted tuple of the values' reprs: a hand
    is the same group whichever order it is told in."""
    if depth > 6 or isinstance(value, OPAQUE):
        return out
    if isinstance(value, dict):
        items = list(value.values())
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
        if len(items) >= 2:
            out.add(tuple(sorted(repr(v) for v in items)))
    elif dataclasses.is_dataclass(value):
        items = [getattr(value, f.name) for f in dataclasses.fields(value)]
    else:
        return out
    for item in items:
        groups(item, out, depth + 1)
    return out


def check_event_logs_tell_no_seat_another_seats_secret(game: str) -> list[str]:
    """No event, as told to a seat (``for_seat``), holds what another seat holds in secret:
    a group of values (a hand) in that seat's observation that the game's scramble deals
    again for this seat, and this seat has not seen in its own observations so far. The
    privacy check above cannot see such an event when the scramble copies it as it is; an
    event that tells a secret to some seats only overrides ``for_seat``."""
    scramble = testing_part(game).scramble
    problems = []
    for recipe, state in positions(game):
        if len(recipe.actions) > max(STEPS[:4]):
            continue  # the first positions: a deal's events are told while the hands are whole
        history = [lopti_nb.new_game(recipe.game, players=recipe.players, seed=recipe.seed,
                                     **dict(recipe.settings))]
        for action in recipe.actions:
            history.append(history[-1].copy())
            history[-1].apply(action)
        for seat in seats(state):
            known: set = set()
            for past in history:
                groups(past.observation(seat), known)
            other = scramble(state, seat, random.Random(recipe.seed * 37 + seat))
            secret = {}
            for owner in seats(state):
                if owner != seat:
                    hidden = groups(state.observation(owner), set()) - groups(other.observation(owner), set())
                    secret.update({g: owner for g in hidden - known})
            if not secret:
                continue
            for number, event in enumerate(state.events):
                told = groups(event.for_seat(seat), set()) & secret.keys()
                if told:
                    group = min(told)
                    problems.append(f"{recipe}, seat {seat}: event {number} ({type(event).__name__}) tells "
                                    f"seat {secret[group]}'s secret ({cut(', '.join(group), 80)}); "
                                    "it needs a for_seat that hides it")
                    break
    return problems


def check_scramble_deals_secrets_again(game: str) -> list[str]:
    """The privacy check proves something only if the scramble changes what other seats see
    (in a game where some seat sees more than a spectator: one without secrets has none to
    deal again)."""
    scramble = testing_part(game).scramble
    changed = secrets = 0
    for recipe, state in positions(game):
        spectator = state.observation(None)
        secrets += any(state.observation(s) != spectator for s in seats(state))
        other = scramble(state, 0, random.Random(recipe.seed))
        changed += any(other.observation(s) != state.observation(s) for s in seats(state) if s != 0)
    if not secrets:
        raise NotApplicable("every seat sees what a spectator sees: the game keeps no secret")
    return [] if changed else ["scramble never changed another seat's view: the privacy check is empty"]


# -- records -----------------------------------------------------------------------------------
def check_record_survives_json_and_loads_to_the_same_game(game: str) -> list[str]:
    problems = []
    for recipe, state in positions(game, any_order=True):
        record = state.record()
        try:
            text = json.dumps(record)
        except (TypeError, ValueError) as exc:
            problems.append(f"{recipe}: the record is not JSON: {str(exc)[:160]}")
            continue
        try:
            again = load(json.loads(text))
        except LoptiNbError as exc:
            problems.append(f"{recipe}: load refused the record: {str(exc)[:160]}")
            continue
        if again.actions != state.actions:
            problems.append(f"{recipe}: the loaded game's actions differ")
        if again.events != state.events:
            problems.append(f"{recipe}: the loaded game's events differ")
        if again.result != state.result:
            problems.append(f"{recipe}: the loaded game's result differs")
        if again.record() != record:
            problems.append(f"{recipe}: the loaded game's record differs")
    return problems


# -- determinism -------------------------------------------------------------------------------
def play_with_bots(game: str, bot: str, players: int, seed: int, pollute=None, limit: int | None = None) -> dict:
    """The record of a game of ``bot`` bots (stopped after ``limit`` actions, when given)."""
    spec = get_spec(game)
    state = lopti_nb.new_game(game, players=players, seed=seed)
    bots = [spec.make_bot(bot) for _ in range(players)]
    rng = random.Random(seed + 1)
    while not state.is_over and (limit is None or len(state.actions) < limit):
        bounded_game(state.actions)
        if pollute:
            pollute()
        legal = state.legal_actions()
        seat = state.current_player
        state.apply(legal[0] if len(legal) == 1 else bots[seat](state.observation(seat), legal, rng))
    return state.record()


#: How far the two games of the determinism check are played: a bot that reads a global
#: generator goes astray within a few decisions, and the slow bots (search, coach) at the most
#: players would otherwise take most of the conformance suite's time. (Every bot plays whole
#: games to their end in the check that the global generators are never touched.)
DETERMINISM_ACTIONS = 200


def check_same_seed_and_bots_give_the_same_game_whatever_the_global_generators(game: str) -> list[str]:
    spec = get_spec(game)
    problems = []
    saved = (random.getstate(), np.random.get_state())
    try:
        for bot in sorted(spec.bots):
            players = spec.max_players
            random.seed(1)
            np.random.seed(1)
            first = play_with_bots(game, bot, players, 5, limit=DETERMINISM_ACTIONS)
            random.seed(2)
            np.random.seed(2)
            # the same game again, with the global generators stirred before every action
            second = play_with_bots(game, bot, players, 5, limit=DETERMINISM_ACTIONS,
                                    pollute=lambda: (random.random(), np.random.random(3), random.seed(random.random())))
            if second != first:
                problems.append(f"{bot} bots, {players} players, seed 5: the same seed gave different games")
    finally:
        random.setstate(saved[0])
        np.random.set_state(saved[1])
    return problems


def check_playing_never_touches_the_global_generators(game: str) -> list[str]:
    spec = get_spec(game)
    testing = testing_part(game)
    saved = (random.getstate(), np.random.get_state())
    random.seed(123)
    np.random.seed(123)
    before = (random.getstate(), np.random.get_state())
    try:
        for bot in sorted(spec.bots):
            record = play_with_bots(game, bot, spec.min_players, 9)
            try:
                load(record)
            except LoptiNbError:  # the records check reports it
                pass
        state = lopti_nb.new_game(game)  # an unseeded game draws its seed from the OS, not `random`
        state.copy().observation(0)
        testing.scramble(state, 0, random.Random(1))
        after = (random.getstate(), np.random.get_state())
    finally:
        random.setstate(saved[0])
        np.random.set_state(saved[1])
    problems = []
    if after[0] != before[0]:
        problems.append("the global random generator was used")
    if not all(np.array_equal(a, b) for a, b in zip(after[1], before[1])):
        problems.append("numpy.random was used")
    return problems


HASH_SEED_SCRIPT = """
import hashlib, json, random, sys
import lopti_nb
from lopti_nb.engine import get_spec
out = {}
for game in sys.argv[1:]:
    spec = get_spec(game)
    state = lopti_nb.new_game(game, players=spec.max_players, seed=11)
    bots = [spec.make_bot(spec.default_bot) for _ in range(spec.max_players)]
    rng = random.Random(12)
    while not state.is_over:
        if len(state.actions) >= 50_000:
            break
        legal = state.legal_actions()
        seat = state.current_player
        state.apply(legal[0] if len(legal) == 1 else bots[seat](state.observation(seat), legal, rng))
    out[game] = hashlib.sha256(json.dumps(state.record(), sort_keys=True).encode()).hexdigest()
print(json.dumps(out))
"""


def installed_games() -> tuple[str, ...]:
    """The games another interpreter finds: those published under the entry-point group (a
    game registered in this process alone is unknown to it)."""
    published = {ep.name for ep in entry_points(group=GROUP)}
    return tuple(name for name in game_names() if name in published)


@functools.cache
def records_under_hash_seed(hash_seed: str, games: tuple[str, ...]) -> dict:
    """The hash of each game's record, played by its default bots in a fresh interpreter with
    this ``PYTHONHASHSEED`` (one interpreter for all the games)."""
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run([sys.executable, "-c", HASH_SEED_SCRIPT, *games], env=env, capture_output=True,
                          text=True, timeout=300)
    if done.returncode != 0:
        return {"error": done.stderr[-600:]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def check_same_seed_gives_the_same_game_in_another_interpreter(game: str) -> list[str]:
    """A game that iterated over a set of texts would deal differently under another hash seed."""
    games = installed_games()
    if game not in games:
        raise NotApplicable("the game is registered in this process only: another interpreter "
                            "cannot find it (publish it under the lopti_nb.games entry points)")
    first, second = records_under_hash_seed("1", games), records_under_hash_seed("2", games)
    for outcome in (first, second):
        if "error" in outcome:
            return [f"the game failed in another interpreter: {outcome['error']}"]
    if first[game] != second[game]:
        return ["the same seed gave different games under PYTHONHASHSEED 1 and 2"]
    return []


# -- the end of a game ---------------------------------------------------------------------------
def check_a_finished_game_has_exactly_one_game_end_event(game: str) -> list[str]:
    """None while the game runs, one once it is over (the game's testing module says which
    events end it). Many short games per setting: an end that happens twice may be rare."""
    ends = testing_part(game).game_end_events
    problems = []
    for recipe, state in positions(game):
        if len(ends(state)) != (1 if state.is_over else 0):
            problems.append(f"{recipe}: {len(ends(state))} game-end events")
    spec = get_spec(game)
    for number, (_, settings) in enumerate(runs(game)):
        for k in range(GAMES_PER_SETTING):
            players = spec.min_players + k % (spec.max_players - spec.min_players + 1)
            if not playable(game, players, settings):
                continue
            seed = 50_000 + 100 * number + k
            state = lopti_nb.new_game(game, players=players, seed=seed, **settings)
            rng = random.Random(seed)
            while not state.is_over:
                bounded_game(state.actions)
                state.apply(rng.choice(state.legal_actions()))
            if len(ends(state)) != 1:
                problems.append(f"{game}, {players} players, seed {seed}, {settings}: "
                                f"{len(ends(state))} game-end events")
    return problems


# -- simulate() and the analysis runner ---------------------------------------------------------
def check_every_setting_can_be_given_by_name_to_the_runners(game: str) -> list[str]:
    """The forms (launcher, score lab, --set) pass a game's settings by name: no setting may
    be taken for one of the runner's own arguments."""
    from .analysis import play_games

    spec = get_spec(game)
    problems = []
    for settings in setting_variants(spec, spec.default_players):
        if not playable(game, spec.default_players, settings):
            continue
        simulated = lopti_nb.simulate(game, n=1, seed=1, progress=False, **settings)
        table = play_games(game, 1, seed=1, **settings)["seats"]
        if not table["game"].tolist() == simulated["game"].tolist() == [0] * spec.default_players:
            problems.append(f"{settings}: simulate and play_games did not play one game of "
                            f"{spec.default_players} seats")
        for name, value in settings.items():
            if name in table.columns and name not in simulated.columns and not (table[name] == value).all():
                problems.append(f"{name}={value!r} was not the game's setting")
    return problems


def check_simulate_gives_the_seat_table_of_play_games(game: str) -> list[str]:
    from .analysis import play_games

    simulated = lopti_nb.simulate(game, n=3, seed=1, progress=False)
    seats_table = play_games(game, 3, seed=1)["seats"]
    if not len(simulated) == len(seats_table) > 0:
        return [f"simulate gave {len(simulated)} rows and play_games {len(seats_table)}"]
    columns = list(simulated.columns)
    missing = [c for c in columns if c not in seats_table.columns]
    if missing:
        return [f"play_games' seat table lacks simulate's columns {', '.join(missing)}"]
    left = simulated.astype(object).values.tolist()
    right = seats_table[columns].astype(object).values.tolist()
    return [] if left == right else ["simulate's rows differ from play_games' seat table"]


# -- the suite -------------------------------------------------------------------------------------
#: Every check by name (its function's, less ``check_``), in the order :func:`check_game` runs them.
CHECKS: dict[str, Callable[[str], list[str]]] = {f.__name__[len("check_"):]: f for f in (
    check_offers_its_testing_part,
    check_random_games_play_to_the_end,
    check_copy_shares_no_mutable_part_with_the_original,
    check_changing_a_copy_leaves_the_original_as_it_was,
    check_listed_actions_are_legal,
    check_why_illegal_allows_only_listed_actions,
    check_to_act_lists_the_seats_with_something_to_do,
    check_apply_for_a_seat_outside_to_act_is_refused_and_changes_nothing,
    check_apply_refuses_what_is_not_an_action,
    check_apply_refuses_actions_with_values_out_of_range,
    check_apply_refuses_actions_with_fields_of_the_wrong_type,
    check_refusals_of_non_actions_are_short_sentences,
    check_refusals_of_actions_are_short_sentences,
    check_observation_refuses_a_seat_not_at_the_table,
    check_a_seat_sees_the_same_when_its_secrets_are_dealt_again,
    check_event_logs_tell_no_seat_another_seats_secret,
    check_scramble_deals_secrets_again,
    check_record_survives_json_and_loads_to_the_same_game,
    check_same_seed_and_bots_give_the_same_game_whatever_the_global_generators,
    check_playing_never_touches_the_global_generators,
    check_same_seed_gives_the_same_game_in_another_interpreter,
    check_a_finished_game_has_exactly_one_game_end_event,
    check_every_setting_can_be_given_by_name_to_the_runners,
    check_simulate_gives_the_seat_table_of_play_games,
)}


_PLAYS = "random_games_play_to_the_end"
_TESTING = "offers_its_testing_part"
#: The checks each check needs: when one of them fails the check is not run (it would only
#: stop on the same fault), and the report says so. Every check not named here needs the
#: random games (:data:`_PLAYS`), which give the positions.
NEEDS: dict[str, tuple[str, ...]] = {
    _TESTING: (),
    _PLAYS: (),
    "observation_refuses_a_seat_not_at_the_table": (),
    "why_illegal_allows_only_listed_actions": (_PLAYS, "listed_actions_are_legal"),
    "to_act_lists_the_seats_with_something_to_do": (_PLAYS, "listed_actions_are_legal"),
    "apply_refuses_actions_with_values_out_of_range": (_PLAYS, "why_illegal_allows_only_listed_actions"),
    "refusals_of_actions_are_short_sentences": (_PLAYS, "why_illegal_allows_only_listed_actions"),
    "a_seat_sees_the_same_when_its_secrets_are_dealt_again": (_TESTING, _PLAYS),
    "event_logs_tell_no_seat_another_seats_secret": (_TESTING, _PLAYS),
    "scramble_deals_secrets_again": (_TESTING, _PLAYS),
    "playing_never_touches_the_global_generators": (_TESTING, _PLAYS),
    "a_finished_game_has_exactly_one_game_end_event": (_TESTING, _PLAYS),
}


NEEDED_BY_OTHERS = {_PLAYS, *(need for pair in NEEDS.values() for need in pair)}


def needs(name: str) -> tuple[str, ...]:
    return NEEDS.get(name, (_PLAYS,))


def clear_caches() -> None:
    """Forget the positions played so far (after a game of the same name was registered
    again, changed)."""
    for cached in (runs, recipes, any_order_recipes, field_values, records_under_hash_seed):
        cached.cache_clear()
    _CHECKED.clear()
    _NEEDED.clear()


_NEEDED: dict[tuple[str, str], tuple[str, list[str]]] = {}  # (game, check) -> outcome, problems


def run_check(game: str, name: str) -> tuple[str, list[str]]:
    """(outcome, problems) of one check: ``"passed"``, ``"failed"`` or ``"skipped: <why>"``.
    A check that stops on an error fails with the error and the position it was looking at."""
    LOOKING_AT[0] = None
    try:
        problems = CHECKS[name](game)
    except NotApplicable as why:
        return f"skipped: {why}", []
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # noqa: BLE001 - a crash inside a check is the game's failure
        at = f"{LOOKING_AT[0]}: " if LOOKING_AT[0] is not None else ""
        problems = [f"{at}the check stopped: {type(exc).__name__}: {cut(str(exc), 200)}"]
    finally:
        LOOKING_AT[0] = None
    return ("failed" if problems else "passed"), problems


_CHECKED: dict[str, int] = {}  # game name -> id of the state class whose positions are cached


def check_game(game: str | GameSpec, checks: Iterable[str] | None = None) -> dict[str, str]:
    """Run the conformance suite for ``game``: any installed game's name (any spelling
    ``get_spec`` takes), or a ``GameSpec`` (registered first with ``register_game`` when no
    game of its name is registered yet). ``checks`` names some of :data:`CHECKS` (all by
    default). Returns each check's outcome (``"passed"``, or ``"skipped: <why>"`` for a check
    with nothing to look at in this game); raises :class:`ConformanceError` listing every
    failed check and its problems, after running them all.

        >>> import lopti_nb
        >>> check_game(lopti_nb.game_names()[0], checks="observation_refuses_a_seat_not_at_the_table")
        {'observation_refuses_a_seat_not_at_the_table': 'passed'}
    """
    if isinstance(game, GameSpec):
        try:
            registered = get_spec(game.name)
        except UnknownGame:
            registered = register_game(game)
        if registered is not game:
            raise UnknownGame(f"Another game is registered as {game.name!r}: check_game checks the "
                              "registered one by its name.")
        spec = game
    else:
        spec = get_spec(game)
    if checks is None:
        names = list(CHECKS)
    elif isinstance(checks, str):
        names = [checks]
    elif isinstance(checks, (list, tuple, set, frozenset)) and all(isinstance(n, str) for n in checks):
        names = list(checks)
    else:
        raise SettingsError(f"checks names one check or a list of them (of {len(CHECKS)}, see CHECKS), "
                            f"not {shown(checks)}.")
    unknown = [shown(n) for n in names if n not in CHECKS]
    if unknown:
        raise SettingsError(f"Unknown check(s) {', '.join(unknown)}. Checks: {', '.join(CHECKS)}.")
    if _CHECKED.get(spec.name) not in (None, id(spec.state_class)):
        clear_caches()
    _CHECKED[spec.name] = id(spec.state_class)
    outcome: dict[str, str] = {}
    failures: dict[str, list[str]] = {}
    skipped: dict[str, str] = {}

    def needed(check: str) -> bool:
        """Whether ``check`` (one another check needs) passes; run once per game, and its
        failure reported once, though it was not asked for."""
        if check in outcome:
            return outcome[check] != "failed" and check not in skipped
        key = (spec.name, check)
        if key not in _NEEDED:
            if not all(needed(first) for first in needs(check)):
                return False
            _NEEDED[key] = run_check(spec.name, check)
        result, problems = _NEEDED[key]
        if problems:
            failures.setdefault(check, problems)
        return result != "failed"

    for name in names:
        failed = next((need for need in needs(name) if not needed(need)), None)
        if failed is not None:
            outcome[name] = f"skipped: it needs {failed}, which failed"
            skipped[name] = failed
            continue
        key = (spec.name, name)
        outcome[name], problems = _NEEDED[key] if key in _NEEDED else run_check(spec.name, name)
        if name in NEEDED_BY_OTHERS:
            _NEEDED[key] = outcome[name], problems
        if problems:
            failures[name] = problems
    if failures:
        raise ConformanceError(f"{spec.title} ({spec.name})", failures, len(set(names) | set(failures)), skipped)
    return outcome


__all__ = ["CHECKS", "ConformanceError", "check_game", "clear_caches"]
