"""Array helpers the games' batch simulators share: the seeds of a block of games, the bots'
random numbers and a uniform choice among legal slots, all as NumPy arrays over games.

A batch simulator (``GameSpec.batch``) plays many games of one run at once. Its games are
the engine's games: each one is dealt from ``random.Random(game seed)`` as the engine deals it
(the seeds of :func:`~lopti_nb.engine.runner.game_seeds`), so its record replays. Its bots draw
from :func:`uniforms`, a counter-based generator (SplitMix64) keyed by the game's bot seed: a
game's draws depend on that seed and the decision's number alone, so a game is the same in
any block, chunk or worker, and a block's draws are made in a few array operations.

    >>> u = uniforms([1, 2], 0, 3)
    >>> u.shape, bool(((0 <= u) & (u < 1)).all())
    ((2, 3), True)
    >>> bool((uniforms([1, 2], 1, 1)[:, 0] == u[:, 1]).all())
    True
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from .runner import game_seeds

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


def block_seeds(seed: Any, numbers: range) -> tuple[list[int], list[int]]:
    """The game seeds and bot seeds of games ``numbers`` of a run seeded ``seed``."""
    pairs = [game_seeds(seed, k) for k in numbers]
    return [p[0] for p in pairs], [p[1] for p in pairs]


def uniforms(bot_seeds: Sequence[int] | np.ndarray, start: int, count: int) -> np.ndarray:
    """``[G, count]`` numbers in [0, 1): outputs ``start .. start + count - 1`` of SplitMix64
    started at each game's bot seed (53 bits each)."""
    seeds = np.asarray(bot_seeds, dtype=np.uint64)[:, None]
    steps = np.arange(start + 1, start + count + 1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        z = seeds + _GOLDEN * steps
        z = (z ^ (z >> np.uint64(30))) * _MIX1
        z = (z ^ (z >> np.uint64(27))) * _MIX2
        z ^= z >> np.uint64(31)
    return (z >> np.uint64(11)) * (1.0 / 2 ** 53)


def pick(mask: np.ndarray, u: np.ndarray) -> np.ndarray:
    """Per game (row), the ``floor(u * count)``-th True slot of ``mask``: uniform over the
    True slots (each row has at least one)."""
    total = mask.cumsum(axis=1)
    k = (u * total[:, -1]).astype(np.int64)
    return (total > k[:, None]).argmax(axis=1)


__all__ = ["block_seeds", "uniforms", "pick"]
