"""Benchmark: 4-player games of The Drowned Ledger per second, one core.

    python3 benchmarks/bench_ledger.py [games]                  # the default AI mix, engine loop
    python3 benchmarks/bench_ledger.py 200 --bot best --simulate   # every seat the best bot, simulate()

Each game is created with its seed and played to the end by the engine's own ``play_out``
with the named bot in every seat (default: the game's default bot, ``mix``: balanced, seller,
opener, greedy). With ``--simulate`` the games go through ``lopti_nb.simulate`` instead (the
path an analyst calls, rows included), one run per timed batch.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import lopti_nb  # noqa: E402
from lopti_nb.engine import get_spec, play_out  # noqa: E402


def bench(games: int = 2000, players: int = 4, seed: int = 0, bot: str | None = None,
          through_simulate: bool = False) -> tuple[float, float]:
    spec = get_spec("drowned-ledger")
    bot = bot or spec.default_bot
    wall, cpu = time.perf_counter(), time.process_time()
    if through_simulate:
        lopti_nb.simulate("drowned-ledger", games, seed=seed, players=players, bots=bot, progress=False)
    else:
        rng = random.Random(seed)
        for i in range(games):
            state = spec.state_class(players, seed * 1_000_003 + i, **spec.settings)
            play_out(state, [spec.make_bot(bot) for _ in range(players)], rng)
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", type=int, nargs="?", default=2000)
    p.add_argument("--bot", default=None, help="the bot in every seat (default: the game's default bot)")
    p.add_argument("--simulate", action="store_true", help="play through lopti_nb.simulate()")
    a = p.parse_args()
    bench(min(200, a.games), bot=a.bot, through_simulate=a.simulate, seed=99)  # warm up caches
    runs = [bench(a.games, seed=r, bot=a.bot, through_simulate=a.simulate) for r in range(3)]
    wall = max(r[0] for r in runs)
    cpu = max(r[1] for r in runs)
    bot = a.bot or get_spec("drowned-ledger").default_bot
    print(f"The Drowned Ledger: {wall:,.0f} games/s wall clock, {cpu:,.0f} games/s of CPU time "
          f"(4 players, '{bot}' in every seat, {'simulate()' if a.simulate else 'play_out'}, "
          f"one process, best of 3 x {a.games} games)")
