"""Skull King speed: 4-player full games per second on one core, random and heuristic bots.

    python3 benchmarks/bench_skullking.py [--games N] [--profile]

Targets (issue 3): >= 1,000 games/s with random bots, >= 400 games/s with heuristic bots.
Each figure is the best of ``--repeats`` timed batches (default 5) of ``play_out`` (the
engine's own loop, which asks for an observation before every decision of a bot that reads
one), measured in CPU time. Timings on a shared VM swing by up to 2x from minute to minute;
``benchmarks/README.md`` shows how to count instructions instead, which does not.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from lopti_nb.engine import get_spec, play_out  # noqa: E402


def games_per_second(bot: str, games: int, players: int = 4, repeats: int = 5) -> float:
    spec = get_spec("skull-king")
    best = 0.0
    for rep in range(repeats):
        start = time.process_time()
        for i in range(games):
            state = spec.state_class(players, rep * games + i)
            play_out(state, [spec.make_bot(bot) for _ in range(players)], random.Random(i))
        best = max(best, games / (time.process_time() - start))
    return best


class _NoOpGame:
    """A game that costs nothing: 260 actions with three choices each, like a 4-player Skull
    King game (40 bids and 220 cards). Timing it shows what the engine loop and the random
    bot cost on their own on this machine."""

    def __init__(self, actions: list):
        self.choices = actions
        self.actions = []
        self.current_player = 0
        self.left = 260

    def legal_actions(self):
        return list(self.choices)

    def observation(self, seat):
        return {}

    def _apply(self, action):
        self.left -= 1
        if not self.left:
            self.current_player = None


def engine_floor(games: int, repeats: int = 5) -> float:
    from lopti_nb.engine import random_bot
    from lopti_nb.games.skullking import Play

    choices = [Play("Y1"), Play("Y2"), Play("Y3")]
    best = 0.0
    for _ in range(repeats):
        start = time.process_time()
        for i in range(games):
            play_out(_NoOpGame(choices), [random_bot] * 4, random.Random(i))
        best = max(best, games / (time.process_time() - start))
    return best


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per timed batch")
    parser.add_argument("--repeats", type=int, default=5, help="timed batches; the best counts")
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
    floor = engine_floor(args.games, args.repeats)
    print(f"Engine loop alone (a no-op game of 260 actions, random bot): {floor:,.0f} games/s")
    for bot, target in (("random", 1000), ("heuristic", 400)):
        rate = games_per_second(bot, args.games, args.players, args.repeats)
        verdict = "meets" if rate >= target else "below"
        print(f"Skull King, {args.players} players, {bot} bots: {rate:,.0f} games/s "
              f"({verdict} the {target:,} games/s target)")


if __name__ == "__main__":
    main()
