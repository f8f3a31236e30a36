"""A round of Lopti as the motion lab and the plugin deal it: the base game, or the game with
a motion's hooks running (:mod:`.motions`).
"""
from __future__ import annotations

from .motions import MotionLoptiState
from .state import LoptiState


def new_round(players: int, seed: int | None = None, *, hooks=None, **settings) -> LoptiState:
    """A round of Lopti: the base game (:class:`~.state.LoptiState`) without motion hooks, and
    a :class:`~.motions.MotionLoptiState` running ``hooks`` (a ``HookRunner``) with them.

        >>> type(new_round(4, 1)).__name__
        'LoptiState'
    """
    if hooks is None:
        return LoptiState(players, seed, **settings)
    return MotionLoptiState(players, seed, hooks=hooks, **settings)
