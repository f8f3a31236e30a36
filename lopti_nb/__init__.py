"""lopti_nb: play, teach and analyse Lopti, The Drowned Ledger and Skull King in Jupyter.

    >>> import lopti_nb
    >>> state = lopti_nb.new_game("lopti", players=4, seed=1)
    >>> state.current_player
    0
"""
from .engine import (
    IllegalAction,
    LoptiNbError,
    RecordError,
    SettingsError,
    UnknownBot,
    UnknownGame,
    game_names,
    load,
    new_game,
    simulate,
)

__version__ = "0.1.0"


def play(game: str = "lopti", **kwargs):
    """A playable table widget for ``game`` in a notebook cell (see ``lopti_nb.widgets``)."""
    from .widgets import play as _play  # widgets load ipywidgets; the engine never does

    return _play(game, **kwargs)


def explain(game: str = "lopti", voice: str = "plain", **kwargs):
    """A step-by-step rule explainer widget for ``game`` (see ``lopti_nb.explainers``)."""
    from .explainers import explain as _explain

    return _explain(game, voice=voice, **kwargs)


def rules(game: str = "lopti", voice: str = "plain"):
    """The rules of ``game`` as plain data: a list of sections (title, text, clauses)."""
    from .explainers import rules as _rules

    return _rules(game, voice=voice)

def __getattr__(name: str):
    if name == "GAME_NAMES":  # the installed games (plugins), read when asked
        return game_names()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "GAME_NAMES", "IllegalAction", "LoptiNbError", "RecordError", "SettingsError", "UnknownBot",
    "UnknownGame", "game_names", "load", "new_game", "simulate", "play", "explain", "rules",
    "__version__",
]
