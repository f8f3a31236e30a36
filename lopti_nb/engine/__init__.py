"""The shared engine: the state contract, errors, events, bots and the simulation runner."""
from .core import (
    Event,
    GameState,
    IllegalAction,
    LoptiNbError,
    Result,
    SettingsError,
    UnknownBot,
    UnknownGame,
    event_maker,
    places_from_keys,
)
from .registry import (
    GAME_NAMES,
    GameSpec,
    Bot,
    canonical_game,
    get_spec,
    new_game,
    random_bot,
    register_bot,
    register_game,
)
from .simulate import play_out, simulate

__all__ = [
    "Event", "GameState", "IllegalAction", "LoptiNbError", "Result", "SettingsError",
    "UnknownBot", "UnknownGame", "event_maker", "places_from_keys", "GAME_NAMES", "GameSpec", "Bot",
    "canonical_game", "get_spec", "new_game", "random_bot", "register_bot", "register_game",
    "play_out", "simulate",
]
