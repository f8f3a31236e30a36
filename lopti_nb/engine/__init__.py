"""The shared engine: the state contract, errors, events, plugins, records and the runner.

The engine names no game: games are plugins found through the ``lopti_nb.games`` entry-point
group (see :mod:`.registry`).
"""
import warnings as _warnings

from .core import (
    Event,
    GameState,
    IllegalAction,
    LoptiNbError,
    Result,
    SEAT_WORD,
    SettingsError,
    UnknownBot,
    UnknownGame,
    UnknownSeat,
    event_maker,
    ordinal,
    places_from_keys,
    plural,
    seat_from_word,
    seat_word,
)
from .errors import BatchNotCovered, EndlessGame
from .records import RecordError, action_text, load, parse_action
from .registry import (
    GameSpec,
    Presentation,
    Bot,
    all_specs,
    canonical_game,
    check_seed,
    game_names,
    get_spec,
    new_game,
    random_bot,
    register_bot,
    register_game,
)
from .runner import game_seeds, play_out, simulate
from .settings import Setting, SettingsSchema
from .shuffle import shuffle

__all__ = [
    "Event", "GameState", "IllegalAction", "LoptiNbError", "Result", "SettingsError",
    "UnknownBot", "UnknownGame", "UnknownSeat", "event_maker", "places_from_keys", "GameSpec",
    "Bot", "all_specs", "canonical_game", "check_seed", "game_names", "get_spec",
    "new_game", "random_bot", "register_bot", "register_game", "play_out", "simulate",
    "game_seeds", "RecordError", "action_text", "load", "parse_action", "Setting",
    "SettingsSchema", "shuffle", "SEAT_WORD", "seat_word", "seat_from_word", "plural",
    "ordinal", "EndlessGame", "BatchNotCovered", "Presentation",
]


# Second names of the last release for one concept each: kept one version, with a warning.
_RENAMED = {"GamePlugin": ("GameSpec", lambda: GameSpec), "GAME_NAMES": ("game_names()", game_names)}


def __getattr__(name: str):
    if name in _RENAMED:
        new, value = _RENAMED[name]
        _warnings.warn(f"lopti_nb.engine.{name} is now {new}", DeprecationWarning, stacklevel=2)
        return value()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
