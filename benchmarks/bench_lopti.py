"""4-player Lopti rounds per second with the default (heuristic) bots, on one core.

    python benchmarks/bench_lopti.py [seconds]
"""
import random
import sys
import time

import lopti_nb
from lopti_nb.engine import get_spec
from lopti_nb.engine.runner import play_out


def games_per_second(bot: str, players: int = 4, seconds: float = 3.0) -> tuple[float, int]:
    spec = get_spec("lopti")
    bots = [spec.make_bot(bot) for _ in range(players)]
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = lopti_nb.new_game("lopti", players=players, seed=n)
        play_out(state, bots, random.Random(n))
        n += 1
    return n / (time.perf_counter() - start), n


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for bot in ("heuristic", "random"):
        rate, n = games_per_second(bot, seconds=seconds)
        print(f"lopti 4 players, {bot} bots: {rate:,.0f} games/s ({n} games)")
