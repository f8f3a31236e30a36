"""Sweep speed on a local Dask cluster: one worker against several, same grid, same rows.

    python3 benchmarks/bench_sweep.py --games 150 --workers 1 2 --repeats 3
    python3 benchmarks/bench_sweep.py --games 3000 --workers 1 2 --repeats 5
    python3 benchmarks/bench_sweep.py --games 3000 --workers 1 2 --batch

Each worker count gets its own ``LocalCluster`` (one thread per worker process), warmed up
with a small sweep first so that start-up and imports are not timed. The timed sweeps
alternate between the worker counts (so a change in the machine's load hits both), and the
best time of each is reported with games per second; the rows of every run are compared
with the first and must be identical.

Beside each run's wall time it gives the CPU seconds this sweep used (this process and the
workers) and ``others_cores``: how many cores the rest of the machine kept busy meanwhile
(from ``/proc/stat``, Linux only). On a shared 2-core machine two workers reach twice one
worker's speed only while the others leave both cores free: read the speed-up beside it.
"""
from __future__ import annotations

import argparse
import json
import os
import time

import pandas as pd

from lopti_nb.analysis import sweep

GRID = [{"game": "skull-king", "players": 4, "scoring": s} for s in ("classic", "rascal", "cannonball")] + [
    {"game": "drowned-ledger", "players": 4, "bots": ["balanced", "seller", "opener", "greedy"], "rotate": True},
]


def machine_busy() -> float | None:
    """CPU seconds the whole machine has spent busy since it started (Linux), or None."""
    try:
        with open("/proc/stat") as f:
            fields = f.readline().split()[1:]
    except OSError:
        return None
    user, nice, system, idle, iowait, irq, softirq, steal = map(int, fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def own_cpu(client) -> float:
    """CPU seconds used so far by this process and the cluster's worker processes."""
    return time.process_time() + sum(client.run(time.process_time).values())


def main(argv=None) -> dict:
    from distributed import Client, LocalCluster

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=150, help="games per grid cell (4 cells)")
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--chunk-size", type=int, default=None,
                    help="games per chunk (default: the one sweep() chooses)")
    ap.add_argument("--batch", action="store_true",
                    help="play the cells a batch simulator covers there (batch='auto')")
    args = ap.parse_args(argv)

    clusters = {}
    try:
        for w in args.workers:
            cluster = LocalCluster(n_workers=w, threads_per_worker=1, processes=True, dashboard_address=None)
            client = Client(cluster)
            sweep(GRID, 4, client=client, chunk_size=1, batch="auto" if args.batch else False)  # warm up
            clusters[w] = (cluster, client)
        times = {w: [] for w in args.workers}
        cpu = {w: [] for w in args.workers}
        others = {w: [] for w in args.workers}
        reference = None
        for _ in range(args.repeats):
            for w in args.workers:
                client = clusters[w][1]
                busy, own = machine_busy(), own_cpu(client)
                start = time.perf_counter()
                rows = sweep(GRID, args.games, client=client, seed=11, chunk_size=args.chunk_size,
                             batch="auto" if args.batch else False)
                wall = time.perf_counter() - start
                used = own_cpu(client) - own
                times[w].append(wall)
                cpu[w].append(used)
                if busy is not None:
                    others[w].append((machine_busy() - busy - used) / wall)
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
                             "games_per_s": round(games / best, 1), "speedup": round(base / best, 2),
                             "cpu_seconds": [round(t, 2) for t in cpu[w]],
                             "others_cores": [round(t, 2) for t in others[w]]}
    print(json.dumps(report, indent=2))
    return report


if __name__ == "__main__":
    main()
