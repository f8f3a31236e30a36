"""Skull King speed: 4-player full games per second on one core, random and heuristic bots.

    python3 benchmarks/bench_skullking.py [--games N] [--profile]

Targets (issue 3): >= 1,000 games/s with random bots, >= 400 games/s with heuristic bots.
Each figure is the best of three timed batches of ``play_out`` (the engine's own loop,
which asks for an observation before every bot decision), measured in CPU time.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from lopti_nb.engine import get_spec, play_out  # noqa: E402


def games_per_second(bot: str, games: int, players: int = 4, repeats: int = 3) -> float:
    spec = get_spec("skull-king")
    best = 0.0
    for rep in range(repeats):
        start = time.process_time()
        for i in range(games):
            state = spec.state_class(players, rep * games + i)
            play_out(state, [spec.make_bot(bot) for _ in range(players)], random.Random(i))
        best = max(best, games / (time.process_time() - start))
    return best


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per timed batch")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--profile", action="store_true", help="cProfile one batch per bot")
    args = parser.parse_args(argv)
    if args.profile:
        import cProfile
        import pstats

        for bot in ("random", "heuristic"):
            prof = cProfile.Profile()
            prof.runcall(games_per_second, bot, args.games, args.players, 1)
            print(f"--- {bot} ---")
            pstats.Stats(prof).sort_stats("tottime").print_stats(12)
        return
    for bot, target in (("random", 1000), ("heuristic", 400)):
        rate = games_per_second(bot, args.games, args.players)
        verdict = "meets" if rate >= target else "below"
        print(f"Skull King, {args.players} players, {bot} bots: {rate:,.0f} games/s "
              f"({verdict} the {target:,} games/s target)")


if __name__ == "__main__":
    main()
