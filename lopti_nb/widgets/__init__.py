"""Playable tables in a notebook cell: ``lopti_nb.play(name)`` for any installed game.

    >>> import lopti_nb
    >>> table = lopti_nb.play(lopti_nb.game_names()[0], players=3, humans=2, bot_delay=0)
    >>> table.state.current_player in range(3)
    True

``play`` returns the table widget (an ``ipywidgets.VBox``); ``table.state`` is the live engine
state. Seats ``0 .. humans-1`` are people at this device, the rest are bots (``bots``: one
name for all, or one per bot seat). With two or more people the table becomes a hot seat:
between their turns a "pass the device" screen hides everything private. ``bot_delay`` is the
pause in seconds before each bot move (``0``: bots move at once). A game's view may take
options of its own besides the game's settings (``GameView.options``: e.g. a number of ``rounds``, the
length of a session).

This package is the table shell: seats, turns, log, scores, hot seat and bots, the same for
every game (:mod:`.table`). Each game draws itself in its own view, a
:class:`~lopti_nb.widgets.table.GameView` subclass in ``lopti_nb/games/<game>/view.py``,
which the shell finds through the game's plugin (``get_spec(game).load("view")``).

Card pictures: the shared parts in :mod:`lopti_nb.widgets.svg`, each game's faces in
``lopti_nb/games/<game>/pictures.py``.
"""
from __future__ import annotations

import numbers
from typing import TYPE_CHECKING, Sequence

from ..engine import LoptiNbError, SettingsError, check_seed, get_spec
from ..engine.settings import shown
from .parts import NoTable, session_options, state_view, table_state, view_class

if TYPE_CHECKING:  # pragma: no cover
    from .table import GameView, Table

# The table shell needs ipywidgets; the card pictures (``.svg``) do not, and every game's
# pictures import them, so the shell is imported only when one of its names is used.
_LAZY = {
    "Table": ".table", "GameView": ".table", "iter_widgets": ".table",
    "card_back_svg": ".svg", "cards_row_html": ".svg",
}


def play(game: str, players: int | None = None, humans: int = 1,
         bots: str | Sequence[str] | None = None, seed: int | None = None,
         bot_delay: float = 0.6, names: Sequence[str] | None = None, **settings) -> "Table":
    """A playable table for ``game`` (the name of any installed game, or an obvious spelling
    of one: see ``lopti_nb.engine.game_names()``). Unknown games, player counts, bots or
    settings raise a ``ValueError`` subclass listing what is accepted. ``names``: one short
    name per seat (people first), shown instead of "Seat 1", "Seat 2"..."""
    spec = get_spec(game)
    view_class(spec.name)  # NoTable for a game without a view, before anything is checked
    # a game played as a run of rounds takes ``rounds`` (its plugin's session), as in a room,
    # and whatever else its session names as its own options
    options = session_options(spec)
    _check_table_arguments(spec, seed, bots, bot_delay, settings, options)
    # Settings that clash only with each other (a sea start above the sea claim) show when a
    # game is dealt: one dry deal here refuses them before any widget is made.
    n = spec.default_players if players is None else spec.check_players(players)
    if names is not None:
        from .table import check_names

        check_names(names, n)
    state_class, checked = table_state(spec, settings, n)
    state_class(n, 0, **checked)
    from .replay import TableWithReplay

    return TableWithReplay(spec.name, players=players, humans=humans, bots=bots,
                 seed=seed, bot_delay=bot_delay, names=names, **settings)


TABLE_ARGUMENTS = ("game", "players", "humans", "bots", "seed", "bot_delay", "names")
SEED_LIMIT = 2 ** 64  # seeds are 0 <= seed < 2**64, what an unseeded table draws
MAX_BOT_DELAY = 60.0  # seconds: a longer pause is a typo, not a pace


def _check_table_arguments(spec, seed, bots, bot_delay, settings, options=()) -> None:
    """Refuse what the table would misread or choke on, before any widget is made: a seed
    random.Random would hash (a string, 1.5, -1 deal like something else), bots that are
    not names, a delay that is not a finite number of seconds, an unknown keyword."""
    unknown = [k for k in settings if k not in spec.schema and k not in options]
    if unknown:
        valid = ", ".join((*TABLE_ARGUMENTS[1:], *options, *spec.schema.names()))
        raise SettingsError(f"Unknown setting(s) {', '.join(map(shown, unknown[:5]))} for a "
                            f"{spec.title} table. Valid settings: {valid}.")
    if seed is not None:
        seed = check_seed(seed)
        if not 0 <= seed < SEED_LIMIT:
            raise SettingsError(f"seed must be a whole number from 0 to 2**64 - 1, not {shown(seed)}.")
    if bots is not None and not isinstance(bots, str):
        if not isinstance(bots, (list, tuple)) or not all(b is None or isinstance(b, str) for b in bots):
            raise SettingsError(f"bots is a bot name, or a list of bot names, not {shown(bots)}.")
    if isinstance(bot_delay, bool) or not isinstance(bot_delay, numbers.Real) \
            or not 0 <= bot_delay <= MAX_BOT_DELAY:  # also refuses nan
        raise SettingsError(f"bot_delay must be a number of seconds from 0 to {MAX_BOT_DELAY:g}, "
                            f"not {shown(bot_delay)}.")


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value  # later lookups skip this hook
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["play", "view_class", "NoTable", "Table", "GameView", "iter_widgets", "card_back_svg",
           "cards_row_html"]
