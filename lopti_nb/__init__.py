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

from .engine.settings import refuse_unknown_arguments

__version__ = "0.1.0"


@refuse_unknown_arguments
def play(game: str = "lopti", players: int | None = None, humans: int = 1,
         bots: str | list[str] | None = None, seed: int | None = None, bot_delay: float = 0.6,
         **settings):
    """A playable table widget for ``game`` in a notebook cell (see ``lopti_nb.widgets``).

    ``settings`` are the game's own (``lopti_nb.engine.get_spec(game).schema``). An unknown
    game, bot or keyword, or a bad value, raises a ``ValueError`` subclass (``UnknownGame``,
    ``UnknownBot``, ``SettingsError``) naming what is accepted, and no table is made."""
    from .widgets import play as _play  # widgets load ipywidgets; the engine never does

    return _play(game, players=players, humans=humans, bots=bots, seed=seed,
                 bot_delay=bot_delay, **settings)


@refuse_unknown_arguments
def explain(game: str = "lopti", voice: str = "plain", start: int | str = 0):
    """A step-by-step rule explainer widget for ``game`` (see ``lopti_nb.explainers``);
    ``start`` is the first step shown, by number or key. Unknown games, voices, steps or
    arguments raise a ``ValueError`` subclass naming the valid ones."""
    from .explainers import explain as _explain

    return _explain(game, voice=voice, start=start)


@refuse_unknown_arguments
def rules(game: str = "lopti", voice: str = "plain"):
    """The rules of ``game`` as plain data: a list of sections (title, text, clauses).
    Unknown games, voices or arguments raise a ``ValueError`` subclass."""
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
