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

import random
from typing import Any, Sequence

import numpy as np

from .runner import SEED_TEXT

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


def block_seeds(seed: Any, numbers: range) -> tuple[list[int], list[int]]:
    """The game seeds and bot seeds of games ``numbers`` of a run seeded ``seed``: those of
    :func:`~lopti_nb.engine.runner.game_seeds`, from one generator seeded again for each game
    (building a generator a game costs as much as the rest of a batch game's seeding).

        >>> from lopti_nb.engine.runner import game_seeds
        >>> gs, bs = block_seeds(7, range(3, 5))
        >>> (gs[1], bs[1]) == game_seeds(7, 4)
        True
    """
    rng = random.Random()
    reseed, bits = rng.seed, rng.getrandbits
    games, bots = [], []
    for k in numbers:
        reseed(SEED_TEXT.format(seed, k))
        games.append(bits(62))
        bots.append(bits(62))
    return games, bots


def first_bytes(game_seeds_: Sequence[int], size: int) -> np.ndarray:
    """``[G, size // 4]``: the little-endian 32-bit words of the first ``size`` bytes
    (``randbytes(size)``) of each game's ``random.Random(game seed)``, the bytes the engine's
    first shuffles read (one generator, seeded again for each game).

        >>> words = first_bytes([5], 8)
        >>> words.tobytes() == random.Random(5).randbytes(8)
        True
    """
    rng = random.Random()
    reseed, read = rng.seed, rng.randbytes
    out = []
    for s in game_seeds_:
        reseed(s)
        out.append(read(size))
    return np.frombuffer(b"".join(out), dtype="<u4").reshape(len(out), size // 4)


def generator_after(game_seed: int, size: int) -> random.Random:
    """A game's ``random.Random(game seed)`` once its first ``size`` bytes are read (what
    :func:`first_bytes` read): for the few games that draw from it again later."""
    rng = random.Random(game_seed)
    rng.randbytes(size)
    return rng


def uniforms(bot_seeds: Sequence[int] | np.ndarray, start: int, count: int) -> np.ndarray:
    """``[G, count]`` numbers in [0, 1): numbers ``start .. start + count - 1`` of each game's
    stream, 32 bits each; number ``i`` is the low (even ``i``) or high (odd ``i``) half of
    output ``i // 2`` of SplitMix64 started at the game's bot seed (one output makes two
    numbers: half the arithmetic of one output a number)."""
    a, b = start // 2, (start + count + 1) // 2
    seeds = np.asarray(bot_seeds, dtype=np.uint64)[:, None]
    steps = np.arange(a + 1, b + 1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        z = seeds + _GOLDEN * steps
        z ^= z >> np.uint64(30)
        z *= _MIX1
        z ^= z >> np.uint64(27)
        z *= _MIX2
        z ^= z >> np.uint64(31)
    halves = np.ascontiguousarray(z, dtype="<u8").view("<u4").reshape(len(seeds), 2 * (b - a))
    return halves[:, start - 2 * a: start - 2 * a + count] * (1.0 / 2 ** 32)


def pick(mask: np.ndarray, u: np.ndarray) -> np.ndarray:
    """Per game (row), the ``floor(u * count)``-th True slot of ``mask``: uniform over the
    True slots (each row has at least one)."""
    total = mask.cumsum(axis=1, dtype=np.int16)  # a row has few slots
    k = (u * total[:, -1]).astype(np.int16)
    return (total > k[:, None]).argmax(axis=1)


__all__ = ["block_seeds", "first_bytes", "generator_after", "uniforms", "pick"]
