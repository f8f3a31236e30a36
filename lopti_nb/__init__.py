"""lopti_nb: play, teach and analyse Lopti, The Drowned Ledger and Skull King in Jupyter.

    >>> import lopti_nb
    >>> state = lopti_nb.new_game("lopti", players=4, seed=1)
    >>> state.current_player
    0
"""
from .engine import (
    GAME_NAMES,
    IllegalAction,
    SettingsError,
    UnknownBot,
    UnknownGame,
    new_game,
    simulate,
)

__version__ = "0.1.0"

__all__ = [
    "GAME_NAMES", "IllegalAction", "SettingsError", "UnknownBot", "UnknownGame",
    "new_game", "simulate", "__version__",
]
