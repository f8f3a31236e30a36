"""4-player Lopti rounds per second of CPU time on one core: the engine against a plain loop.

    python benchmarks/bench_lopti.py [--games N] [--repeats R]

Four ways of playing rounds, timed side by side: through ``lopti_nb.simulate`` (what a
person calls, rows included) with random and with the default (heuristic) bots, through the
engine loop ``play_out`` with random bots, and through the plain loop of
``benchmarks/plain_lopti.py`` (the same rules with no engine; it plays the engine's random
rounds move for move, see its docstring). Each way plays ``N`` rounds per timed batch; the
batches alternate between the ways, ``R`` times, so that a change in the machine's load hits
them all, and the best batch of each is reported. The ratios compare each random-bot way
with the plain loop.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

import lopti_nb
from lopti_nb.engine import get_spec
from lopti_nb.engine.runner import play_out

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plain_lopti import play_game  # noqa: E402


def simulate(bots: str):
    return lambda n: lopti_nb.simulate("lopti", n, seed=0, players=4, bots=bots, progress=False)


def engine_loop(n: int) -> None:
    spec = get_spec("lopti")
    bots = [spec.make_bot("random")] * 4
    for k in range(n):
        play_out(spec.state_class(4, k), bots, random.Random(k))


def plain_loop(n: int) -> None:
    for k in range(n):
        play_game(k)


WAYS = {"simulate, random bots": simulate("random"),
        "play_out, random bots": engine_loop,
        "plain loop, random players": plain_loop,
        "simulate, heuristic bots": simulate("heuristic")}


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="rounds per timed batch")
    ap.add_argument("--repeats", type=int, default=5, help="timed batches of each way")
    args = ap.parse_args(argv)
    for way in WAYS.values():  # warm up: imports, pandas, caches
        way(20)
    times = {name: [] for name in WAYS}
    for _ in range(args.repeats):
        for name, way in WAYS.items():
            start = time.process_time()
            way(args.games)
            times[name].append(time.process_time() - start)
    rates = {name: args.games / min(t) for name, t in times.items()}
    plain = rates["plain loop, random players"]
    for name, t in times.items():
        runs = ", ".join(f"{args.games / s:,.0f}" for s in t)
        ratio = f"  {rates[name] / plain:.2f}x the plain loop" if "random" in name else ""
        print(f"{name:28s} {rates[name]:7,.0f} games/s (best; runs {runs}){ratio}")
    return rates


if __name__ == "__main__":
    main()
