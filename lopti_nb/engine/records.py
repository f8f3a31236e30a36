"""Game records: a finished (or running) game as plain data, and back.

A record is what a game *is*, stripped to what rebuilds it: the game's name, the package
version, the settings, the seed, the number of players and every action as text::

    >>> import lopti_nb
    >>> state = lopti_nb.new_game(lopti_nb.game_names()[0], seed=5)
    >>> _ = state.apply(state.legal_actions()[0])
    >>> rec = state.record()
    >>> rec["actions"] == [action_text(state.actions[0])]
    True
    >>> lopti_nb.load(rec).actions == state.actions
    True

A game with decisions several seats take at once (secret bids, say) may take actions
from a seat other than ``current_player``; the record lists those under ``off_turn`` as
``[index in actions, seat]`` pairs, and ``load`` applies each for its seat. The key is left
out when there are none, so a game played one seat at a time has the record it always had
(and records written before the key existed load as they did).

An action's text is its class name and its fields as Python literals
(``Play(rank='8', count=1)``), read back by a parser that accepts only the game's own action
classes and plain literals, so a record never runs code. Rooms store exactly these records,
and golden playthroughs are records plus the expected event text.
"""
from __future__ import annotations

import ast
import functools
import dataclasses
import numbers
from typing import Any, Mapping

from .errors import IllegalAction, LoptiNbError, UnknownSeat
from .limits import check_nesting, read_json, shown
from .registry import State, get_spec, new_game

MAX_ACTION_TEXT = 4000  # characters of one action written as text (a data motion takes the most)
MAX_RECORD_CHARS = 20_000_000  # characters of a record's JSON text
MAX_ACTIONS = 1_000_000  # actions in one record
# what a record holds (``bots``: the seats' bots of a simulated game, which replay shows)
RECORD_KEYS = ("game", "version", "settings", "seed", "players", "actions", "off_turn", "bots")


class RecordError(LoptiNbError):
    """A record (or an action's text) that does not describe a game this package can replay."""


@functools.cache  # the installed metadata is read from disk: once per process is enough
def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("lopti_nb")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "unknown"


def _plain(value: Any) -> Any:
    """A field value as a literal: numbers, text, booleans, None and tuples of them; any other
    value by its text (the action classes parse their own text back, e.g. a card object)."""
    # exact types: a subclass of int (a card class, say) would otherwise be written by its repr
    if value is None or type(value) in (bool, int, float, str):
        return value
    if type(value).__module__ == "numpy":  # a numpy number is written as the number it is
        if type(value).__name__ in ("bool", "bool_"):
            return bool(value)
        if isinstance(value, numbers.Integral):
            return int(value)
        if isinstance(value, numbers.Real):
            return float(value)
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    return str(value)


def action_fields(action: Any) -> dict[str, Any]:
    return {f.name: _plain(getattr(action, f.name)) for f in dataclasses.fields(action)}


def action_text(action: Any, types: tuple[type, ...] | None = None) -> str:
    """``action`` as text: ``Play(rank='8', count=1)``. With ``types``, only those classes."""
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        raise RecordError(f"{shown(action)} is not a game action.")
    if types is not None and type(action) not in types:
        raise RecordError(f"{shown(action)} is not an action of this game.")
    values = [getattr(action, f.name) for f in dataclasses.fields(action)]
    check_nesting(values, "That action", RecordError, max_depth=8, max_items=MAX_ACTION_TEXT)
    try:
        args = ", ".join(f"{k}={v!r}" for k, v in action_fields(action).items())
    except Exception:  # a field whose text fails (a hostile value, a number too long to write)
        raise RecordError(f"That {type(action).__name__} cannot be written as text: a field "
                          f"holds a value without one.") from None
    return f"{type(action).__name__}({args})"


def parse_action(text: Any, types: tuple[type, ...]) -> Any:
    """The action written as ``text`` (see :func:`action_text`), one of ``types``."""
    if not isinstance(text, str):
        raise RecordError(f"An action is written as text, not {shown(text)}.")
    if len(text) > MAX_ACTION_TEXT:
        raise RecordError("That action's text is too long to be an action.")
    by_name = {t.__name__: t for t in types}
    try:
        node = ast.parse(text.strip(), mode="eval").body
    except SyntaxError:
        raise RecordError(f"{shown(text)} is not an action (like {_example(types)}).") from None
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.args
            and all(k.arg for k in node.keywords)):
        raise RecordError(f"{shown(text)} is not an action (like {_example(types)}).")
    cls = by_name.get(node.func.id)
    if cls is None:
        raise RecordError(f"{node.func.id[:40]!r} is not an action of this game; "
                          f"its actions are {', '.join(by_name)}.")
    names = {f.name for f in dataclasses.fields(cls)}
    given = [k.arg for k in node.keywords]
    if set(given) != names or len(given) != len(names):
        raise RecordError(f"A {cls.__name__} has exactly the fields "
                          f"{', '.join(sorted(names)) or 'none'}.")
    try:
        values = {k.arg: ast.literal_eval(k.value) for k in node.keywords}
        return cls(**values)
    except (ValueError, TypeError, SyntaxError, KeyError, IndexError, RecursionError) as exc:
        raise RecordError(f"{shown(text)} is not a valid {cls.__name__}: {str(exc)[:120]}") from None


def _example(types) -> str:
    return f"{types[0].__name__}(...)" if types else "Name(field=value)"


def make_record(state: State) -> dict[str, Any]:
    spec = get_spec(state.game)
    return build_record(spec.name, spec.schema.to_plain(state.settings), state.seed,
                        state.num_players, [action_text(a) for a in state.actions],
                        [[index, seat] for index, seat in state.off_turn])


def build_record(game: str, settings: dict[str, Any], seed: int, players: int, actions: list[str],
                 off_turn: list | tuple = (), bots: list[str] | None = None) -> dict[str, Any]:
    """A record from its parts: the game's canonical name, its settings as plain data, the
    seed, the number of players, the actions as text, the ``[index, seat]`` pairs of actions
    taken off turn and the seats' bots. What a game played outside a state (a batch
    simulator) writes, so that :func:`load` replays it.

        >>> build_record("g", {}, 1, 2, [])["players"]
        2
    """
    record = {
        "game": game,
        "version": _version(),
        "settings": settings,
        "seed": seed,
        "players": players,
        "actions": actions,
    }
    if off_turn:
        record["off_turn"] = [list(pair) for pair in off_turn]
    if bots is not None:
        record["bots"] = list(bots)
    return record


def load(record: Mapping[str, Any] | str) -> State:
    """The game a record describes, rebuilt from its seed and every action checked by the
    rules on the way (a record that does not replay raises :class:`RecordError`).

    ``record`` is a dict from ``state.record()`` or its JSON text. Its shape is checked before
    anything is rebuilt (:func:`check_record`): a record without a whole-number seed or
    players, with keys no record has, from a newer major version of lopti_nb, nested deeper
    than any record or longer than :data:`MAX_ACTIONS` actions is refused.

        >>> import lopti_nb
        >>> state = lopti_nb.new_game(lopti_nb.game_names()[-1], seed=3)
        >>> _ = state.apply(state.legal_actions()[0])
        >>> lopti_nb.load(state.record()).events == state.events
        True
    """
    record = check_record(record)
    spec = get_spec(record["game"])
    settings = record["settings"]
    actions = record["actions"]
    seats = _off_turn(record.get("off_turn", ()), len(actions))
    state = new_game(spec.name, players=record["players"], seed=record["seed"],
                     **spec.schema.from_plain(settings))
    types = spec.action_types
    for i, text in enumerate(actions):
        action = parse_action(text, types)
        seat = seats.get(i)
        if seat is not None and seat == state.current_player:
            # off_turn lists only actions of other seats: this record was not made by a game
            raise RecordError(f"Action {i + 1} of the record is listed in off_turn for seat "
                              f"{seat}, which was the seat to act (current_player).")
        try:
            state.apply(action, seat)
        except (IllegalAction, UnknownSeat) as exc:
            raise RecordError(f"Action {i + 1} of the record ({str(text)[:60]}) does not replay: "
                              f"{str(exc)[:200]}") from None
    return state


def check_record(record: Any) -> Mapping[str, Any]:
    """``record`` (a dict, or its JSON text) checked for its shape before anything is rebuilt
    from it: a size and nesting this package could have written, every key it needs of the
    right kind, and a version whose major number is not newer than this package's."""
    if isinstance(record, str):
        record = read_json(record, "That game record", RecordError, MAX_RECORD_CHARS)
    elif isinstance(record, Mapping):
        actions = record.get("actions")
        if isinstance(actions, (list, tuple)) and len(actions) > MAX_ACTIONS:
            raise RecordError(f"A record holds at most {MAX_ACTIONS:,} actions, not {len(actions):,}.")
        check_nesting(record, "That game record", RecordError, max_items=4 * MAX_ACTIONS)
    if not isinstance(record, Mapping):
        raise RecordError(f"A game record is a dict, not {type(record).__name__}.")
    missing = [k for k in ("game", "settings", "seed", "players", "actions") if k not in record]
    if missing:
        raise RecordError(f"A game record needs {', '.join(missing)}.")
    unknown = [k for k in record if k not in RECORD_KEYS]
    if unknown:
        raise RecordError(f"A game record holds only {', '.join(RECORD_KEYS)}; not "
                          f"{', '.join(shown(k, 40) for k in unknown[:3])}.")
    if not isinstance(record["settings"], Mapping):
        raise RecordError("A record's settings are a dict of name to value.")
    actions = record["actions"]
    if not isinstance(actions, (list, tuple)):
        raise RecordError("A record's actions are a list of texts.")
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"A record holds at most {MAX_ACTIONS:,} actions, not {len(actions):,}.")
    for key, what in (("seed", "seed"), ("players", "number of players")):
        value = record[key]
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise RecordError(f"A record's {key} is its game's {what}, a whole number, "
                              f"not {shown(value)}.")
    version = record.get("version")
    if version is not None and version != _version():
        major = str(version).split(".")[0] if isinstance(version, str) else None
        if major is None or not major.isdigit() or len(major) > 6:
            raise RecordError(f"A record's version is the package version that wrote it, like "
                              f"{_version()!r}, not {shown(version)}.")
        ours = _version().split(".")[0]
        if ours.isdigit() and int(major) > int(ours):
            raise RecordError(f"This record was written by lopti_nb {shown(version)}, newer "
                              f"than this one ({_version()}); update lopti_nb to load it.")
    return record


def _off_turn(pairs: Any, count: int) -> dict[int, int]:
    """A record's ``off_turn`` pairs as ``{index: seat}`` (checked; the seats themselves are
    checked by ``apply``)."""
    if not isinstance(pairs, (list, tuple)):
        raise RecordError("A record's off_turn is a list of [action number, seat] pairs.")
    out: dict[int, int] = {}
    for pair in pairs:
        ok = (isinstance(pair, (list, tuple)) and len(pair) == 2
              and all(type(x) is int for x in pair) and 0 <= pair[0] < count
              and pair[0] not in out)
        if not ok:
            raise RecordError(f"{shown(pair)} in the record's off_turn is not an [action number, "
                              f"seat] pair of a different action from 0 to {count - 1}.")
        out[pair[0]] = pair[1]
    return out
