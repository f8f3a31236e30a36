"""Lopti's studies: the analysis columns, frames and charts that belong to this game.

The generic analysis layer (:mod:`lopti_nb.analysis`) offers every name of ``__all__`` here
as its own, so notebooks keep writing ``from lopti_nb.analysis import duty_frame``.
"""
from __future__ import annotations

from typing import Any

from . import events as ev
from .cards import THREE

__all__: list[str] = []


def game_columns(state) -> dict[str, Any]:
    """How a round of Lopti was decided: the per-game columns of ``play_games``'s games table
    (see ``duty_frame``)."""
    winner = state.winner
    last_pickup = None
    last_play_by = {}
    duty_pickups = 0
    for e in state.events:
        t = type(e)
        if t is ev.PickedUp:
            last_pickup = e
            duty_pickups += e.forced
        elif t is ev.Played:
            last_play_by[e.seat] = e
    out_play = last_play_by.get(winner) if winner is not None else None
    last_pickup_forced = bool(last_pickup is not None and last_pickup.forced)
    out_on_three = bool(out_play is not None and out_play.rank == THREE)
    return {
        "leader": state.leader,
        "dealer": state.dealer,
        "duty_pickups": duty_pickups,
        "last_pickup_forced": last_pickup_forced,
        "out_on_three": out_on_three,
        "duty_decided": last_pickup_forced or out_on_three,
    }
