"""Playable tables in a notebook cell: ``lopti_nb.play("lopti")``.

    >>> import lopti_nb
    >>> table = lopti_nb.play("skull-king", players=5, humans=2, bot_delay=0)
    >>> table.state.current_player
    0

``play`` returns the table widget (an ``ipywidgets.VBox``); ``table.state`` is the live engine
state. Seats ``0 .. humans-1`` are people at this device, the rest are bots (``bots``: one
name for all, or one per bot seat). With two or more people the table becomes a hot seat:
between their turns a "pass the device" screen hides everything private. ``bot_delay`` is the
pause in seconds before each bot move (``0``: bots move at once).

Card pictures: the shared parts in :mod:`lopti_nb.widgets.svg`, each game's faces in
``lopti_nb/games/<game>/pictures.py``.
"""
from __future__ import annotations

from typing import Sequence

from ..engine import canonical_game
from .svg import card_back_svg, cards_row_html
from .table import GameView, Table, iter_widgets


def _view_class(game: str):
    if game == "lopti":
        from .lopti_view import LoptiView
        return LoptiView
    if game == "skull-king":
        from .skullking_view import SkullKingView
        return SkullKingView
    from .ledger_view import LedgerView
    return LedgerView


def play(game: str = "lopti", players: int | None = None, humans: int = 1,
         bots: str | Sequence[str] | None = None, seed: int | None = None,
         bot_delay: float = 0.6, **settings) -> Table:
    """A playable table for ``game`` ("lopti", "skull-king", "drowned-ledger", or an obvious
    spelling of one). Unknown games, player counts, bots or settings raise a ``ValueError``
    subclass listing what is accepted."""
    name = canonical_game(game)
    return Table(name, _view_class(name), players=players, humans=humans, bots=bots, seed=seed,
                 bot_delay=bot_delay, **settings)


__all__ = ["play", "Table", "GameView", "iter_widgets", "card_back_svg", "cards_row_html"]
