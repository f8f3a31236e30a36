"""Time budgets of the players that look ahead, on the path users call, in CPU seconds on one
core: the win-chance coach (``coach.win_chances`` at its default 400 games and 2 s budget) at
positions of real games of each game; the Skull King ``search`` bot and the Ledger ``coach`` bot
per decision (their budget: half a second). Prints the median and the largest time, and how
often the coach's budget cut its games.

    python3 benchmarks/bench_coach.py --positions 20
"""
from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time

import lopti_nb
from lopti_nb.engine import get_spec
from lopti_nb.engine.runner import play_out

FOLDERS = {"lopti": "lopti", "skull-king": "skullking", "drowned-ledger": "ledger"}


def positions(game: str, count: int, seed: int = 0) -> list:
    spec = get_spec(game)
    out, rng = [], random.Random(seed)
    g = 0
    while len(out) < count:
        state = lopti_nb.new_game(game, players=4, seed=seed + g)
        bot = spec.make_bot(spec.default_bot)
        g += 1
        while not state.is_over and len(out) < count:
            seat = state.current_player
            legal = state.legal_actions(seat)
            if len(legal) > 1 and rng.random() < 0.05:
                out.append(state.copy())
            state.apply(bot(state.observation(seat), legal, rng), seat)
    return out


def timed_bot(game: str, name: str, games: int) -> list[float]:
    spec = get_spec(game)
    times: list[float] = []

    def watch(bot):
        def call(obs, legal, rng):
            start = time.process_time()
            choice = bot(obs, legal, rng)
            if len(legal) > 1:
                times.append(time.process_time() - start)
            return choice
        return call

    for g in range(games):
        state = lopti_nb.new_game(game, players=4, seed=g)
        bots = [watch(spec.make_bot(name))] + [spec.make_bot(spec.default_bot) for _ in range(3)]
        play_out(state, bots, random.Random(g))
    return times


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=20)
    p.add_argument("--games", type=int, default=3)
    a = p.parse_args()
    for game, folder in FOLDERS.items():
        coach = importlib.import_module(f"lopti_nb.games.{folder}.coach")
        times, cut = [], 0
        for state in positions(game, a.positions):
            start = time.process_time()
            table = coach.win_chances(state)
            times.append(time.process_time() - start)
            cut += bool(table.attrs["cut"])
        print(f"{game} win_chances: median {statistics.median(times):.2f} s, largest {max(times):.2f} s "
              f"over {len(times)} positions; the 2 s budget cut the games at {cut}")
    for game, name in (("skull-king", "search"), ("drowned-ledger", "coach")):
        times = timed_bot(game, name, a.games)
        print(f"{game} {name} bot: median {statistics.median(times):.3f} s, largest {max(times):.3f} s "
              f"a decision over {len(times)} decisions ({a.games} games, 4 players)")


if __name__ == "__main__":
    main()
