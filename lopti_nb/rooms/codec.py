"""Actions to and from JSON for the room log.

An action is stored as ``{"type": "Play", "fields": {"card": "B14"}}``. Only the action
classes a game lists are accepted, with exactly their dataclass fields and plain JSON values,
so a decoded action is always a real engine action (never an arbitrary object).
"""
from __future__ import annotations

import dataclasses
import json
from typing import Any

from .errors import BadAction

MAX_ACTION_BYTES = 512


def action_types(game: str) -> dict[str, type]:
    """The action classes of ``game`` by name."""
    if game == "skull-king":
        from lopti_nb.games.skullking import Bid, Play
        return {"Bid": Bid, "Play": Play}
    raise BadAction(f"Rooms do not know the actions of {game!r} yet.")


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    raise BadAction(f"An action field holds {type(value).__name__}, which cannot be stored.")


def encode(action: Any, game: str = "skull-king") -> dict:
    types = action_types(game)
    name = type(action).__name__
    if types.get(name) is not type(action):
        raise BadAction(f"{action!r} is not a {game} action (use one of {', '.join(types)}).")
    fields = {f.name: _plain(getattr(action, f.name)) for f in dataclasses.fields(action)}
    data = {"type": name, "fields": fields}
    if len(json.dumps(data)) > MAX_ACTION_BYTES:
        raise BadAction("That action is too large to store.")
    return data


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def decode(data: Any, game: str = "skull-king") -> Any:
    types = action_types(game)
    if isinstance(data, str):
        if len(data) > MAX_ACTION_BYTES:
            raise BadAction("That action is too large.")
        try:
            data = json.loads(data)
        except ValueError as exc:
            raise BadAction(f"An action must be JSON: {exc}.") from None
    if not isinstance(data, dict) or set(data) != {"type", "fields"}:
        raise BadAction("An action is {'type': ..., 'fields': {...}}.")
    cls = types.get(data["type"]) if isinstance(data["type"], str) else None
    if cls is None:
        raise BadAction(f"Unknown action type {data['type']!r}; {game} actions are "
                        f"{', '.join(types)}.")
    fields = data["fields"]
    names = {f.name for f in dataclasses.fields(cls)}
    if not isinstance(fields, dict) or set(fields) != names:
        raise BadAction(f"A {cls.__name__} has exactly the fields {', '.join(sorted(names))}.")
    values = {k: _tupled(_plain(v)) for k, v in fields.items()}
    return cls(**values)


def dumps(action: Any, game: str = "skull-king") -> str:
    return json.dumps(encode(action, game), sort_keys=True, separators=(",", ":"))
