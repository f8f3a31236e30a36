"""Paired head-to-head runs (``lopti_nb.analysis.head_to_head``): one bot against another in
the same seat on the same deals, the other seats played by ``--rest``; prints the mean paired
margins in wins (percentage points) and final score with 95 % intervals, and writes the pairs
to ``benchmarks/results/<game>_<bot>_vs_<other>_<seed>.csv``.

    python3 benchmarks/head_to_head.py skull-king search bidder --games 400 --seed 31337 --rest heuristic
    python3 benchmarks/head_to_head.py drowned-ledger coach win --games 1000 --seed 31337
"""
from __future__ import annotations

import argparse
import pathlib
import time

import pandas as pd

from lopti_nb.analysis import head_to_head
from lopti_nb.analysis.findings import compare_means


def summary(path: pathlib.Path) -> None:
    """The margins of the pairs written so far to ``path`` (a run cut short keeps its pairs)."""
    pairs = pd.read_csv(path)
    for measure, scale, unit in (("won", 100.0, "percentage points"), ("score", 1.0, "points")):
        f = compare_means(measure, scale * pairs[f"{measure}_bot"], scale * pairs[f"{measure}_other"],
                          f"{path.stem} ({measure})", "", "higher", "lower", unit="paired games",
                          paired=True, measure=unit)
        print(f.text)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("bot")
    p.add_argument("other")
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--rest", default=None)
    p.add_argument("--chunk", type=int, default=4, help="games per part written to the file")
    p.add_argument("--resume", action="store_true",
                   help="keep the pairs already in the file and play on from the next game (game g is "
                        "the same game whether played in one run or several)")
    a = p.parse_args()
    start = time.process_time()
    out = pathlib.Path(__file__).parent / "results" / f"{a.game}_{a.bot}_vs_{a.other}_{a.seed}.csv"
    parts = [pd.read_csv(out)] if a.resume and out.exists() else []
    done = len(parts[0]) if parts else 0
    for first in range(done, a.games, a.chunk):  # written as it goes: a cut run keeps its pairs
        parts.append(head_to_head(a.game, a.bot, a.other, games=min(a.chunk, a.games - first), seed=a.seed,
                                  players=a.players, rest=a.rest, first=first))
        pd.concat(parts, ignore_index=True).to_csv(out, index=False)
    pairs = pd.concat(parts, ignore_index=True)
    seconds = time.process_time() - start
    for measure, scale, unit in (("won", 100.0, "percentage points"), ("score", 1.0, "points")):
        f = compare_means(f"{measure}", scale * pairs[f"{measure}_bot"], scale * pairs[f"{measure}_other"],
                          f"{a.bot} against {a.other} ({measure})", a.other, "higher", "lower",
                          unit="paired games", paired=True, measure=unit)
        print(f.text)
    print(f"{len(pairs)} pairs ({len(pairs) - done} played now, in {seconds:.0f} s of CPU; {a.game}, {a.players} players, rest: "
          f"{a.rest or 'default'}, seed {a.seed})")


if __name__ == "__main__":
    main()
