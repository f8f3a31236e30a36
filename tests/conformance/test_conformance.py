"""The state contract (docs/PLUGINS.md, ``lopti_nb/engine/core.py``), checked the same way for
every registered game: the package's own three and the toy Nim from ``tests/plugins``.

The positions come from seeded random play: every player count from the game's minimum to
its maximum, and the settings its schema offers (each non-default value of a bool, choice,
seat or bounded number, one at a time), stopped after a few numbers of actions and at the
end. Nothing here knows a game: what a check needs beyond the contract comes from the
game's plugin (its schema, action classes and bots) and its ``testing`` module
(``scramble(state, seat, rng)`` and ``game_end_events(state)``).

Bugs the suite finds in a game are marked ``xfail(strict=True)`` with the bug in the reason
(see ``KNOWN_BUGS``): the mark has to go when the game is fixed.
"""
from __future__ import annotations

import copy
import dataclasses
import functools
import itertools
import json
import math
import random
import subprocess
import sys
import types

import numpy as np
import pytest

import lopti_nb
from lopti_nb.engine import IllegalAction, LoptiNbError, SettingsError, game_names, get_spec, load
from lopti_nb.engine.settings import shown

GAMES = game_names()  # read while the tests are collected: every installed game, the toy too
MAX_MESSAGE = 300  # characters: a refusal is a sentence a person reads, not a dump
STEPS = (0, 1, 3, 10, 30, 100, 300)  # positions are taken after this many actions (and at the end)
GAMES_PER_SETTING = 40  # short games played per settings variant to find a rare double end

# (test, game) -> the bug. Each is a real defect of that game (or of the engine code the game
# relies on), reported for whoever owns it; the mark must go with the fix.
# Bugs the suite found in a game, marked xfail(strict=True) until fixed (none open now).
KNOWN_BUGS: dict[tuple, str] = {}


def games_for(test: str, *extra: str):
    """Every game as a parameter, those with a known bug in ``test`` marked xfail(strict)."""
    out = []
    for game in GAMES:
        reason = KNOWN_BUGS.get((test, game, *extra))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(game, marks=marks, id=game))
    return out


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
                f"{', ' + sets if sets else ''}{order}, after {len(self.actions)} actions")

    def build(self):
        state = lopti_nb.new_game(self.game, players=self.players, seed=self.seed, **dict(self.settings))
        seats = self.seats or (None,) * len(self.actions)
        for action, seat in zip(self.actions, seats):
            state.apply(action, seat)
        return state


def setting_variants(spec, players: int) -> list[dict]:
    """The defaults, then each setting at other values its schema names (one at a time)."""
    out = [{}]
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
    try:
        lopti_nb.new_game(game, players=players, seed=0, **settings)
    except SettingsError:  # e.g. a sea that starts above the line that ends the game
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


@functools.cache
def recipes(game: str) -> tuple[Recipe, ...]:
    """Positions of seeded random games (one game per run, several stops in each)."""
    out = []
    for number, (players, settings) in enumerate(runs(game)):
        seed = 1000 + 17 * number
        state = lopti_nb.new_game(game, players=players, seed=seed, **settings)
        rng = random.Random(seed)
        actions = []
        items = tuple(sorted(settings.items()))
        while True:
            if len(actions) in STEPS or state.is_over:
                out.append(Recipe(game, players, seed, items, tuple(actions)))
            if state.is_over:
                break
            action = rng.choice(state.legal_actions())
            state.apply(action)
            actions.append(action)
    return tuple(out)


@functools.cache
def any_order_recipes(game: str) -> tuple[Recipe, ...]:
    """Positions of seeded random games in which, whenever several seats may act (``to_act``),
    a random one of them acts, not always ``current_player``."""
    out = []
    for number, (players, settings) in enumerate(runs(game)):
        seed = 3000 + 17 * number
        state = lopti_nb.new_game(game, players=players, seed=seed, **settings)
        rng = random.Random(seed)
        actions, acted = [], []
        items = tuple(sorted(settings.items()))
        while True:
            if len(actions) in STEPS or state.is_over:
                out.append(Recipe(game, players, seed, items, tuple(actions), tuple(acted)))
            if state.is_over:
                break
            seat = rng.choice(state.to_act)
            action = rng.choice(state.legal_actions(seat))
            state.apply(action, seat)
            actions.append(action)
            acted.append(seat)
    return tuple(out)


def positions(game: str, any_order: bool = False):
    """(recipe, a fresh state at that position) for each position of ``game`` (and with
    ``any_order``, those of :func:`any_order_recipes` too)."""
    for recipe in recipes(game) + (any_order_recipes(game) if any_order else ()):
        yield recipe, recipe.build()


def seats(state):
    return range(state.num_players)


def safely(f):
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


def report(problems: list[str], what: str) -> str:
    shown_problems = "\n  ".join(problems[:12])
    more = f"\n  ... and {len(problems) - 12} more" if len(problems) > 12 else ""
    return f"{len(problems)} {what}:\n  {shown_problems}{more}"


# -- the plugin's testing part -------------------------------------------------------------------
@pytest.mark.parametrize("game", games_for("test_every_game_offers_its_testing_part"))
def test_every_game_offers_its_testing_part(game):
    testing = get_spec(game).load("testing")
    assert testing is not None, f"{game}'s plugin names no testing module (GameSpec.testing)"
    assert callable(testing.scramble) and callable(testing.game_end_events)


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


@pytest.mark.parametrize("game", games_for("test_copy_shares_no_mutable_part_with_the_original"))
def test_copy_shares_no_mutable_part_with_the_original(game):
    problems = []
    for recipe, state in positions(game):
        shared = shared_parts(state, state.copy())
        if shared:
            problems.append(f"{recipe}: {', '.join(shared[:8])}{' ...' if len(shared) > 8 else ''}")
    assert not problems, report(problems, "positions whose copy shares mutable parts")


@pytest.mark.parametrize("game", games_for("test_changing_a_copy_leaves_the_original_as_it_was"))
def test_changing_a_copy_leaves_the_original_as_it_was(game):
    """Play on in the copy, then clear and poison every list, dict and set it holds (those it
    shares with the original are the test above's business: changing them here would change
    the original, and a game's module constants, for every later test). The original must
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
    assert mutated > 0, "the mutation found nothing to change: the check would prove nothing"
    assert not problems, report(problems, "positions where changing a copy changed the original")


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


@pytest.mark.parametrize("game", games_for("test_listed_actions_are_legal"))
def test_listed_actions_are_legal(game):
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
    assert not problems, report(problems, "disagreements between legal_actions and why_illegal")


# -- to_act: the seats that may act now -----------------------------------------------------------
@pytest.mark.parametrize("game", games_for("test_to_act_lists_the_seats_with_something_to_do"))
def test_to_act_lists_the_seats_with_something_to_do(game):
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
    assert not problems, report(problems, "disagreements about to_act")


@pytest.mark.parametrize("game", games_for("test_apply_for_a_seat_outside_to_act_is_refused_and_changes_nothing"))
def test_apply_for_a_seat_outside_to_act_is_refused_and_changes_nothing(game):
    """Another seat's legal action, sent by a seat that is not in ``to_act``: refused with a
    short sentence naming the seat, why_illegal says why, and nothing changes. A seat that is
    not at the table is refused too (UnknownSeat)."""
    from lopti_nb.engine import UnknownSeat

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
                with pytest.raises(UnknownSeat):
                    state.apply(action, bad_seat)
        changed = differences(before, snapshot(state))
        if changed:
            problems.append(f"{recipe}: refusing other seats changed the state's {', '.join(changed)}")
    assert tried > 0, "no position had a seat outside to_act: the check would prove nothing"
    assert not problems, report(problems, "seats outside to_act not refused")


@functools.cache
def field_values(game: str) -> dict[tuple[type, str], list]:
    """Per (action class, field): the values the game's listed actions use."""
    values: dict[tuple[type, str], list] = {}
    for _, state in positions(game):
        for action in state.legal_actions():
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


def out_of_range_actions(game: str) -> list:
    spec = get_spec(game)
    values = field_values(game)
    out = []
    for cls in spec.action_types:
        names = [f.name for f in dataclasses.fields(cls)]
        if not names:
            out.append(cls())
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
    for cls in get_spec(game).action_types:
        base = examples(game, cls)
        for f in dataclasses.fields(cls):
            out += [built(cls, {**base, f.name: v}) for v in WRONG_TYPES]
    return [a for a in out if a is not None]


def non_actions(game: str) -> list:
    """Inputs that are not an action of ``game``: plain values, the action classes themselves,
    and other games' actions."""
    spec = get_spec(game)
    out = [None, 0, 42, -1, 2**63, 1.5, math.nan, True, "", "take the pile", "x" * 1000, b"bytes",
           [], [1, 2], {}, {"rank": "9", "count": 1}, (), (0, 1), object(), type, print]
    out += list(spec.action_types)
    for other in GAMES:
        if other != game:
            out += [cls for cls in get_spec(other).action_types if cls not in spec.action_types]
            state = lopti_nb.new_game(other, seed=1)
            out += [a for a in state.legal_actions()[:3] if type(a) not in spec.action_types]
    return out


def check_refusals(game: str, inputs) -> list[str]:
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


@pytest.mark.parametrize("game", games_for("test_apply_refuses_what_is_not_an_action"))
def test_apply_refuses_what_is_not_an_action(game):
    problems = check_refusals(game, non_actions(game))
    assert not problems, report(problems, "inputs not refused with IllegalAction")


@pytest.mark.parametrize("game", games_for("test_apply_refuses_actions_with_values_out_of_range"))
def test_apply_refuses_actions_with_values_out_of_range(game):
    actions = out_of_range_actions(game)
    assert actions, "no action could be built"
    problems = check_refusals(game, actions)
    assert not problems, report(problems, "actions not refused with IllegalAction")


@pytest.mark.parametrize("game", games_for("test_apply_refuses_actions_with_fields_of_the_wrong_type"))
def test_apply_refuses_actions_with_fields_of_the_wrong_type(game):
    problems = check_refusals(game, wrong_type_actions(game))
    assert not problems, report(problems, "actions not refused with IllegalAction")


def long_refusals(game: str, inputs: list) -> list[str]:
    problems, refused = [], 0
    for recipe, state in itertools.islice(positions(game), 0, None, 3):
        for bad in inputs:
            try:
                message, _ = refusal(state, bad)
            except Exception:  # noqa: BLE001 - the tests above report crashes
                continue
            if message is None:
                continue
            refused += 1
            if not message.strip() or len(message) > MAX_MESSAGE:
                problems.append(f"{recipe}: refusing {shown(bad)} says {len(message)} characters: "
                                f"{message[:80]!r}...")
    assert refused > 0
    return problems


@pytest.mark.parametrize("game", games_for("test_refusals_of_non_actions_are_short_sentences"))
def test_refusals_of_non_actions_are_short_sentences(game):
    problems = long_refusals(game, non_actions(game))
    assert not problems, report(problems, f"refusals longer than {MAX_MESSAGE} characters (or empty)")


@pytest.mark.parametrize("game", games_for("test_refusals_of_actions_are_short_sentences"))
def test_refusals_of_actions_are_short_sentences(game):
    problems = long_refusals(game, out_of_range_actions(game) + wrong_type_actions(game))
    assert not problems, report(problems, f"refusals longer than {MAX_MESSAGE} characters (or empty)")


# -- observation() ----------------------------------------------------------------------------------
SEATS_NOT_AT_THE_TABLE = {"-1": lambda n: -1, "players": lambda n: n, "'0'": lambda n: "0"}


@pytest.mark.parametrize("game, seat", [
    pytest.param(p.values[0], seat, marks=p.marks, id=f"{p.id}-{seat}")
    for seat in SEATS_NOT_AT_THE_TABLE
    for p in games_for("test_observation_refuses_a_seat_not_at_the_table", seat)])
def test_observation_refuses_a_seat_not_at_the_table(game, seat):
    state = lopti_nb.new_game(game, seed=3)
    with pytest.raises(LoptiNbError) as info:
        state.observation(SEATS_NOT_AT_THE_TABLE[seat](state.num_players))
    assert 0 < len(str(info.value)) <= MAX_MESSAGE


@pytest.mark.parametrize("game", games_for("test_a_seat_sees_the_same_when_its_secrets_are_dealt_again"))
def test_a_seat_sees_the_same_when_its_secrets_are_dealt_again(game):
    """Each seat's observation, its event log and (on its turn) its legal actions are the
    same in a copy where everything it may not know was dealt again (the game's scramble)."""
    scramble = get_spec(game).load("testing").scramble
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
    assert not problems, report(problems, "secrets seen")


@pytest.mark.parametrize("game", games_for("test_scramble_deals_secrets_again"))
def test_scramble_deals_secrets_again(game):
    """The privacy check proves something only if the scramble changes what other seats see."""
    scramble = get_spec(game).load("testing").scramble
    changed = 0
    for recipe, state in positions(game):
        other = scramble(state, 0, random.Random(recipe.seed))
        changed += any(other.observation(s) != state.observation(s) for s in seats(state) if s != 0)
    assert changed > 0, "scramble never changed another seat's view: the privacy check is empty"


# -- records -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", games_for("test_record_survives_json_and_loads_to_the_same_game"))
def test_record_survives_json_and_loads_to_the_same_game(game):
    problems = []
    for recipe, state in positions(game, any_order=True):
        record = state.record()
        text = json.dumps(record)
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
    assert not problems, report(problems, "records that do not round-trip")


def test_records_load_through_the_package_front_door():
    state = lopti_nb.new_game(GAMES[0], seed=1)
    assert lopti_nb.load(state.record()).events == state.events


# -- determinism -------------------------------------------------------------------------------
def play_with_bots(game: str, bot: str, players: int, seed: int, pollute=None) -> dict:
    spec = get_spec(game)
    state = lopti_nb.new_game(game, players=players, seed=seed)
    bots = [spec.make_bot(bot) for _ in range(players)]
    rng = random.Random(seed + 1)
    while not state.is_over:
        if pollute:
            pollute()
        legal = state.legal_actions()
        seat = state.current_player
        state.apply(legal[0] if len(legal) == 1 else bots[seat](state.observation(seat), legal, rng))
    return state.record()


@pytest.mark.parametrize("game", games_for("test_same_seed_and_bots_give_the_same_game_whatever_the_global_generators"))
def test_same_seed_and_bots_give_the_same_game_whatever_the_global_generators(game):
    spec = get_spec(game)
    for bot in sorted(spec.bots):
        players = spec.max_players
        random.seed(1)
        np.random.seed(1)
        first = play_with_bots(game, bot, players, 5)
        random.seed(2)
        np.random.seed(2)
        second = play_with_bots(game, bot, players, 5,
                                pollute=lambda: (random.random(), np.random.random(3), random.seed(random.random())))
        assert first == second, f"{bot} bots: the same seed gave different games"


@pytest.mark.parametrize("game", games_for("test_playing_never_touches_the_global_generators"))
def test_playing_never_touches_the_global_generators(game):
    spec = get_spec(game)
    testing = spec.load("testing")
    random.seed(123)
    np.random.seed(123)
    before = (random.getstate(), np.random.get_state())
    for bot in sorted(spec.bots):
        record = play_with_bots(game, bot, spec.min_players, 9)
        try:
            load(record)
        except LoptiNbError:  # test_record_survives_json_and_loads_to_the_same_game reports it
            pass
    state = lopti_nb.new_game(game)  # an unseeded game draws its seed from the OS, not `random`
    state.copy().observation(0)
    testing.scramble(state, 0, random.Random(1))
    after = (random.getstate(), np.random.get_state())
    assert after[0] == before[0], "the global random generator was used"
    assert all(np.array_equal(a, b) for a, b in zip(after[1], before[1])), "numpy.random was used"


HASH_SEED_SCRIPT = """
import hashlib, json, sys
import lopti_nb
from lopti_nb.engine import get_spec
out = {}
for game in sys.argv[1:]:
    spec = get_spec(game)
    state = lopti_nb.new_game(game, players=spec.max_players, seed=11)
    bots = [spec.make_bot(spec.default_bot) for _ in range(spec.max_players)]
    import random
    rng = random.Random(12)
    while not state.is_over:
        legal = state.legal_actions()
        seat = state.current_player
        state.apply(legal[0] if len(legal) == 1 else bots[seat](state.observation(seat), legal, rng))
    out[game] = hashlib.sha256(json.dumps(state.record(), sort_keys=True).encode()).hexdigest()
print(json.dumps(out))
"""


@functools.cache
def records_under_hash_seed(hash_seed: str) -> dict:
    import os

    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run([sys.executable, "-c", HASH_SEED_SCRIPT, *GAMES], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("game", games_for("test_same_seed_gives_the_same_game_in_another_interpreter"))
def test_same_seed_gives_the_same_game_in_another_interpreter(game):
    """A game that iterated over a set of texts would deal differently under another hash seed."""
    assert records_under_hash_seed("1")[game] == records_under_hash_seed("2")[game]


# -- the end of a game ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", games_for("test_a_finished_game_has_exactly_one_game_end_event"))
def test_a_finished_game_has_exactly_one_game_end_event(game):
    """None while the game runs, one once it is over (the game's testing module says which
    events end it). Many short games per setting: an end that happens twice may be rare."""
    ends = get_spec(game).load("testing").game_end_events
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
                state.apply(rng.choice(state.legal_actions()))
            if len(ends(state)) != 1:
                problems.append(f"{game}, {players} players, seed {seed}, {settings}: "
                                f"{len(ends(state))} game-end events")
    assert not problems, report(problems, "games that do not end exactly once")


# -- simulate() and the analysis runner ---------------------------------------------------------
@pytest.mark.parametrize("game", games_for("test_every_setting_can_be_given_by_name_to_the_runners"))
def test_every_setting_can_be_given_by_name_to_the_runners(game):
    """The forms (launcher, score lab, --set) pass a game's settings by name: no setting may
    be taken for one of the runner's own arguments."""
    from lopti_nb.analysis import play_games

    spec = get_spec(game)
    for settings in setting_variants(spec, spec.default_players):
        if not playable(game, spec.default_players, settings):
            continue
        simulated = lopti_nb.simulate(game, n=1, seed=1, progress=False, **settings)
        table = play_games(game, 1, seed=1, **settings)["seats"]
        assert table["game"].tolist() == simulated["game"].tolist() == [0] * spec.default_players, settings
        for name, value in settings.items():
            if name in table.columns and name not in simulated.columns:  # a settings column
                assert (table[name] == value).all(), f"{name}={value!r} was not the game's setting"

@pytest.mark.parametrize("game", games_for("test_simulate_gives_the_seat_table_of_play_games"))
def test_simulate_gives_the_seat_table_of_play_games(game):
    from lopti_nb.analysis import play_games

    simulated = lopti_nb.simulate(game, n=3, seed=1, progress=False)
    seats_table = play_games(game, 3, seed=1)["seats"]
    assert len(simulated) == len(seats_table) > 0
    columns = list(simulated.columns)
    assert set(columns) <= set(seats_table.columns)
    left = simulated.astype(object).values.tolist()
    right = seats_table[columns].astype(object).values.tolist()
    assert left == right
