"""Benchmark: 4-player games of The Drowned Ledger per second, default AI mix, one core.

    python3 benchmarks/bench_ledger.py [games]

Each game is created with its seed and played to the end by the engine's own
``play_out`` with the default bot (``mix``: balanced, seller, opener, greedy).
"""
from __future__ import annotations

import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from lopti_nb.engine import get_spec, play_out  # noqa: E402


def bench(games: int = 2000, players: int = 4, seed: int = 0) -> float:
    spec = get_spec("drowned-ledger")
    rng = random.Random(seed)
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        state = spec.state_class(players, seed * 1_000_003 + i, **spec.settings)
        bots = [spec.make_bot(spec.default_bot) for _ in range(players)]
        play_out(state, bots, rng)
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    bench(200)  # warm up caches
    runs = [bench(n, seed=r) for r in range(3)]
    wall = max(r[0] for r in runs)
    cpu = max(r[1] for r in runs)
    print(f"The Drowned Ledger: {wall:,.0f} games/s wall clock, {cpu:,.0f} games/s of CPU time "
          f"(4 players, default AI mix '{get_spec('drowned-ledger').default_bot}', "
          f"one process, best of 3 x {n} games)")
