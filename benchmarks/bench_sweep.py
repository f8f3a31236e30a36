"""Sweep speed on a local Dask cluster: one worker against several, same grid, same rows.

    python3 benchmarks/bench_sweep.py --games 150 --workers 1 2 --repeats 3
    python3 benchmarks/bench_sweep.py --games 3000 --workers 1 2 --batch --chunk-size 1000

Each worker count gets its own ``LocalCluster`` (one thread per worker process), warmed up
with a small sweep first so that start-up and imports are not timed. The timed sweeps
alternate between the worker counts (so a change in the machine's load hits both), and the
best time of each is reported with games per second; the rows of every run are compared
with the first and must be identical.
"""
from __future__ import annotations

import argparse
import json
import time

import pandas as pd

from lopti_nb.analysis import sweep

GRID = [{"game": "skull-king", "players": 4, "scoring": s} for s in ("classic", "rascal", "cannonball")] + [
    {"game": "drowned-ledger", "players": 4, "bots": ["balanced", "seller", "opener", "greedy"], "rotate": True},
]


def main(argv=None) -> dict:
    from distributed import Client, LocalCluster

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=150, help="games per grid cell (4 cells)")
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--chunk-size", type=int, default=25)
    ap.add_argument("--batch", action="store_true",
                    help="play the cells a batch simulator covers there (batch='auto'); give a "
                         "larger --chunk-size, such as 1000")
    args = ap.parse_args(argv)

    clusters = {}
    try:
        for w in args.workers:
            cluster = LocalCluster(n_workers=w, threads_per_worker=1, processes=True, dashboard_address=None)
            client = Client(cluster)
            sweep(GRID, 4, client=client, chunk_size=1, batch="auto" if args.batch else False)  # warm up
            clusters[w] = (cluster, client)
        times = {w: [] for w in args.workers}
        reference = None
        for _ in range(args.repeats):
            for w in args.workers:
                start = time.perf_counter()
                rows = sweep(GRID, args.games, client=clusters[w][1], seed=11, chunk_size=args.chunk_size,
                             batch="auto" if args.batch else False)
                times[w].append(time.perf_counter() - start)
                if reference is None:
                    reference = rows
                else:
                    pd.testing.assert_frame_equal(reference, rows)
    finally:
        for cluster, client in clusters.values():
            client.close()
            cluster.close()
    games = args.games * len(GRID)
    report = {"games": games, "identical": True, "runs": {}}
    base = min(times[args.workers[0]])
    for w in args.workers:
        best = min(times[w])
        report["runs"][w] = {"seconds": [round(t, 2) for t in times[w]], "best": round(best, 2),
                             "games_per_s": round(games / best, 1), "speedup": round(base / best, 2)}
    print(json.dumps(report, indent=2))
    return report


if __name__ == "__main__":
    main()
