"""What a table deals and draws for a game, read from its plugin: the view class
(:func:`view_class`), the state a table or a room deals for given settings (the game's own, or
its session of rounds: :func:`table_state`) and the view a state class names for itself. The
table, the rooms and the replay build on these; nothing here imports ipywidgets until a view
is asked for.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from ..engine import LoptiNbError, SettingsError, get_spec

if TYPE_CHECKING:
    from .view import GameView


class NoTable(LoptiNbError):
    """A game that has no table view to play it on."""


def view_class(game: str) -> type["GameView"]:
    """The table view class of ``game`` (any obvious spelling), from the game's plugin."""
    from .view import GameView  # ipywidgets only when a view is asked for

    spec = get_spec(game)
    cls = spec.load("view")
    if cls is None:
        raise NoTable(f"{spec.title} has no table to play it on in a notebook (its plugin names no view).")
    if not (isinstance(cls, type) and issubclass(cls, GameView)):
        raise NoTable(f"{spec.title}'s plugin names {spec.view!r} as its view, which is not a GameView.")
    return cls


def session_options(spec) -> tuple[str, ...]:
    """The settings a game's session takes besides the round's own: ``rounds`` and the names
    in the session class's ``OPTIONS`` (none for a game without a session)."""
    if spec.session is None:
        return ()
    return tuple(dict.fromkeys(("rounds", *getattr(spec.load("session"), "OPTIONS", ()))))


def table_state(spec, settings: dict, players: int) -> tuple[type, dict]:
    """The state class a table (or a room) deals for ``settings`` and the settings checked:
    the game's own state, or, when the settings give ``rounds``, the game's session (a run
    of rounds played as one state, see the plugin's ``session``)."""
    rounds = settings.get("rounds")
    if spec.session is not None and rounds is not None:
        session = spec.load("session")
        return session, session.check_settings(spec, settings, players)
    if spec.session is not None:
        extra = [k for k in session_options(spec) if k != "rounds" and settings.get(k) is not None]
        if extra:
            raise SettingsError(f"{extra[0]} is a setting of a session of rounds: give rounds too "
                                f"(e.g. rounds=3).")
        settings = {k: v for k, v in settings.items() if k not in session_options(spec)}
    return spec.state_class, spec.check_settings(settings, players)


def state_view(state_class) -> type["GameView"] | None:
    """The view a state class names for itself (``view = "module:Class"``: a game played as
    a run of rounds draws more than its plugin's round view), or ``None``."""
    target = getattr(state_class, "view", None)
    if not isinstance(target, str):
        return None
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


__all__ = ["NoTable", "view_class", "session_options", "table_state", "state_view"]
