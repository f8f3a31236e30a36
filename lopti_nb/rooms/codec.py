"""Actions to and from what a room's log stores.

A log entry holds its action as the engine's record text (``Bid(n=0)``, see
:func:`lopti_nb.engine.records.action_text`), so a room's meta and log are exactly a game
record (:meth:`lopti_nb.rooms.Room.record`). Only the action classes a game's plugin lists
(``get_spec(game).action_types``) are accepted, with exactly their dataclass fields and
literal values, so a decoded action is always a real engine action (never an arbitrary
object). A field holding another value (a card object, say) is stored as its text and the
action class parses it back; :func:`encode` checks that ``decode(encode(a)) == a`` and
refuses an action that would not come back as itself.

:func:`decode` also reads the JSON form ``{"type": "Bid", "fields": {"n": 0}}`` (a dict or
its JSON text): what API clients may send, and what rooms stored before.

A game whose plugin names a ``codec`` module (``spec.load("codec")``) is stored with that
module's ``encode(action)`` and ``decode(data)`` instead; the same checks apply.

    >>> import lopti_nb
    >>> from lopti_nb.rooms import codec
    >>> game = lopti_nb.game_names()[0]
    >>> action = lopti_nb.new_game(game, seed=1).legal_actions()[0]
    >>> codec.decode(codec.encode(action, game), game) == action
    True
"""
from __future__ import annotations

import dataclasses
import json
from typing import Any

from lopti_nb.engine import UnknownGame, all_specs, get_spec
from lopti_nb.engine.limits import check_nesting, read_json, shown
from lopti_nb.engine.records import RecordError, action_text, parse_action

from .errors import BadAction, BadGame

MAX_ACTION_BYTES = 4096  # an action as stored (a data motion takes the most)
MAX_DEPTH = 8  # levels of nested lists in an action's data
_DECODE_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError)


def _spec(game: Any):
    try:
        return get_spec(game)
    except UnknownGame as exc:
        raise BadGame(str(exc)) from None


def action_types(game: str) -> dict[str, type]:
    """The action classes of ``game`` by name."""
    return {t.__name__: t for t in _spec(game).action_types}


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    raise BadAction(f"An action field holds {type(value).__name__}, which cannot be stored.")


def _from_fields(data: dict, types: dict[str, type], title: str) -> Any:
    """The action written in the JSON form ``{"type": ..., "fields": {...}}``."""
    if set(data) != {"type", "fields"}:
        raise BadAction("An action is {'type': ..., 'fields': {...}} or text like Name(field=value).")
    cls = types.get(data["type"]) if isinstance(data["type"], str) else None
    if cls is None:
        raise BadAction(f"Unknown action type {str(data['type'])[:40]!r}; {title} actions are "
                        f"{', '.join(types)}.")
    fields = data["fields"]
    names = {f.name for f in dataclasses.fields(cls)}
    if not isinstance(fields, dict) or set(fields) != names:
        raise BadAction(f"A {cls.__name__} has exactly the fields {', '.join(sorted(names)) or 'none'}.")
    values = {k: _plain(v) for k, v in fields.items()}
    try:
        return cls(**values)
    except _DECODE_ERRORS as exc:  # e.g. a card face the game does not know
        raise BadAction(f"That is not a valid {cls.__name__}: {str(exc)[:120]}") from None


def _generic_decode(data: Any, spec) -> Any:
    types = {t.__name__: t for t in spec.action_types}
    if isinstance(data, str):
        text = data.strip()
        if text[:1] in ("{", "[", '"'):  # the JSON form, or JSON text of an action's text
            data = read_json(text, "That action", BadAction, MAX_ACTION_BYTES, max_depth=MAX_DEPTH)
            if isinstance(data, str):
                return _generic_decode(data, spec)
        else:
            try:
                return parse_action(text, spec.action_types)
            except RecordError as exc:
                raise BadAction(str(exc)) from None
    if isinstance(data, dict):
        return _from_fields(data, types, spec.title)
    raise BadAction("An action is text like Name(field=value) or {'type': ..., 'fields': {...}}.")


def _decode_with(spec, data: Any) -> Any:
    custom = spec.load("codec")
    if custom is None:
        action = _generic_decode(data, spec)
    else:
        try:
            action = custom.decode(data)
        except BadAction:
            raise
        except Exception as exc:  # data from any client meets a plugin's code: never a crash
            raise BadAction(f"That is not an action of {spec.title}: {str(exc)[:120]}") from None
    if type(action) not in spec.action_types:
        raise BadAction(f"That is not an action of {spec.title}.")
    return action


def _too_large(data: Any) -> bool:
    if not isinstance(data, str):  # walked without recursion before json.dumps recurses
        check_nesting(data, "That action", BadAction, max_depth=MAX_DEPTH, max_items=MAX_ACTION_BYTES)
    try:
        return len(data if isinstance(data, str) else json.dumps(data)) > MAX_ACTION_BYTES
    except (TypeError, ValueError):
        raise BadAction("An action is text or plain JSON data.") from None


def _game_of(action: Any):
    for spec in all_specs():
        if type(action) in spec.action_types:
            return spec
    raise BadAction(f"No installed game has the action {shown(action)}.")


def encode(action: Any, game: str | None = None) -> Any:
    """``action`` as the room log stores it (its record text, or the game codec's form).

    ``game`` defaults to the game whose plugin lists the action's class. An action that would
    not decode back to itself, or is too large, raises :class:`BadAction`."""
    spec = _game_of(action) if game is None else _spec(game)
    if type(action) not in spec.action_types:
        names = ", ".join(t.__name__ for t in spec.action_types)
        raise BadAction(f"That is not an action of {spec.title} ({shown(action)}); its actions are {names}.")
    custom = spec.load("codec")
    if custom is None:
        try:
            data = action_text(action, spec.action_types)
        except RecordError as exc:
            raise BadAction(str(exc)) from None
    else:
        try:
            data = custom.encode(action)
        except BadAction:
            raise
        except Exception as exc:  # a plugin's codec refusing in its own words
            raise BadAction(f"The action {shown(action)} cannot be stored: {str(exc)[:120]}") from None
    if _too_large(data):
        raise BadAction("That action is too large to store.")
    try:
        back = _decode_with(spec, data)
    except BadAction:
        back = None
    if back != action:
        raise BadAction(f"The action {shown(action)} cannot be stored: it would not read back as itself.")
    return data


def decode(data: Any, game: str | None = None) -> Any:
    """The action ``data`` stands for (record text, the JSON form, or its JSON text).

    Without ``game``, the one installed game whose actions fit ``data`` (a ``BadAction`` asks
    for the game when several do)."""
    if _too_large(data):
        raise BadAction("That action is too large.")
    if game is not None:
        return _decode_with(_spec(game), data)
    found = []
    for spec in all_specs():
        try:
            found.append((spec, _decode_with(spec, data)))
        except BadAction:
            pass
    if len(found) == 1:
        return found[0][1]
    if found:
        raise BadAction(f"That action fits several games ({', '.join(s.title for s, _ in found)}); "
                        "say which game.")
    raise BadAction("That is not an action of any installed game.")


def dumps(action: Any, game: str | None = None) -> str:
    """``encode(action)`` as JSON text."""
    return json.dumps(encode(action, game), sort_keys=True, separators=(",", ":"))
