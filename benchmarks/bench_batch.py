"""Batch simulators against the engine, side by side in one run, on one core.

    python3 benchmarks/bench_batch.py [--games N] [--compare N] [--memory N] [--replay N]

For each game with a batch simulator (Skull King: 4 players, default settings; The Drowned
Ledger: 4 players, the plain rules) it prints:

* games per second (CPU time, the best of ``--repeats``) of ``lopti_nb.simulate`` on the engine
  path and with ``batch=True``, and their ratio, with random bots and with the game's default
  bots (a bot set the batch simulator does not play is reported as refused);
* with ``--compare N`` (default 20,000), N games on each path and a two-sample test per column
  of the seat table: games are the unit (a column's mean over a game's seats, so seats of one
  game are never counted as independent), Welch's t on those means with the difference and its
  95% interval, and a Kolmogorov-Smirnov test of the column's distribution at seat 1 (one
  value a game), with Holm's correction over all the tests of each game;
* with ``--memory N`` (default 100,000), the peak resident memory of one ``batch=True`` run of
  N four-player Skull King games (measured in a child process);
* with ``--replay N``, N batch games of each game replayed through ``lopti_nb.load`` and
  compared with their rows (the tests replay about 500 a game; this is the larger run).

Timings on the shared VM swing with its load: compare the two paths only within one run.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import lopti_nb  # noqa: E402
from lopti_nb.engine import BatchNotCovered, get_spec  # noqa: E402

CASES = [("skull-king", {}), ("drowned-ledger", {"mode": "plain"})]


def rate(game: str, settings: dict, bots, games: int, batch: bool, repeats: int) -> float:
    best = 0.0
    for rep in range(repeats):
        start = time.process_time()
        lopti_nb.simulate(game, games, seed=rep, players=4, bots=bots, batch=batch,
                          progress=False, **settings)
        best = max(best, games / max(time.process_time() - start, 1e-9))
    return best


def speed(args) -> None:
    print(f"{'game':16} {'bots':10} {'engine g/s':>11} {'batch g/s':>10} {'ratio':>7}")
    for game, settings in CASES:
        spec = get_spec(game)
        for bots in ("random", spec.default_bot):
            engine = rate(game, settings, bots, args.engine_games, False, args.repeats)
            try:
                fast = rate(game, settings, bots, args.games, True, args.repeats)
            except BatchNotCovered as exc:
                print(f"{game:16} {bots:10} {engine:11,.0f} {'refused':>10}         ({exc})")
                continue
            print(f"{game:16} {bots:10} {engine:11,.0f} {fast:10,.0f} {fast / engine:6.1f}x")


def holm(pvalues: list[float]) -> list[float]:
    order = sorted(range(len(pvalues)), key=pvalues.__getitem__)
    out = [0.0] * len(pvalues)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(pvalues) - rank) * pvalues[i]))
        out[i] = running
    return out


def compare(args) -> None:
    import numpy as np
    from scipy import stats

    n = args.compare
    for game, settings in CASES:
        engine = lopti_nb.simulate(game, n, seed=1, players=4, bots="random", progress=False, **settings)
        fast = lopti_nb.simulate(game, n, seed=2, players=4, bots="random", batch=True,
                                 progress=False, **settings)
        columns = [c for c in engine.columns
                   if c not in ("game", "seat") and engine[c].dtype.kind in "biuf"
                   and (engine[c].nunique() > 1 or fast[c].nunique() > 1)]
        rows = []
        for c in columns:
            a = engine.groupby("game")[c].mean().to_numpy(dtype=float)  # one value a game
            b = fast.groupby("game")[c].mean().to_numpy(dtype=float)
            t, p = stats.ttest_ind(b, a, equal_var=False)
            diff = b.mean() - a.mean()
            se = np.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
            ks = stats.ks_2samp(fast.loc[fast.seat == 0, c].to_numpy(dtype=float),
                                engine.loc[engine.seat == 0, c].to_numpy(dtype=float)).pvalue
            rows.append((c, a.mean(), b.mean(), diff, se, t, p, ks))
        adjusted = holm([r[6] for r in rows] + [r[7] for r in rows])
        adjusted = list(zip(adjusted[:len(rows)], adjusted[len(rows):]))
        print(f"\n{game}: {n:,} games a path, random bots, 4 players {settings or ''}"
              f"\n(unit: the game; Welch's t on per-game means, KS at seat 1; Holm over "
              f"{2 * len(rows)} tests)")
        print(f"  {'column':16} {'engine':>9} {'batch':>9} {'diff [95% CI]':>28} {'t':>6} {'p':>6} "
              f"{'Holm p':>7} {'KS p':>6} {'Holm p':>7}")
        for (c, ma, mb, diff, se, t, p, ks), (ph, kh) in zip(rows, adjusted):
            ci = f"{diff:+.3f} [{diff - 1.96 * se:+.3f}, {diff + 1.96 * se:+.3f}]"
            print(f"  {c:16} {ma:9.3f} {mb:9.3f} {ci:>28} {t:6.2f} {p:6.3f} {ph:7.3f} {ks:6.3f} {kh:7.3f}")
        bad = [r[0] for r, (ph, kh) in zip(rows, adjusted) if min(ph, kh) < 0.05]
        print("  every column agrees within sampling error (Holm p >= 0.05)" if not bad
              else f"  DISAGREE (Holm p < 0.05): {', '.join(bad)}")


def memory(args) -> None:
    code = ("import resource, lopti_nb; "
            f"lopti_nb.simulate('skull-king', {args.memory}, bots='random', batch=True, progress=False); "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    env = {**os.environ, "PYTHONPATH": root + os.pathsep + os.environ.get("PYTHONPATH", "")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    kib = int(out.stdout.strip().splitlines()[-1])
    print(f"\npeak memory of {args.memory:,} four-player Skull King games with batch=True: "
          f"{kib / 1024:,.0f} MiB (target: under 2 GB)")


def replay(args) -> None:
    for game, settings in CASES:
        bad = 0
        for players in range(get_spec(game).min_players, get_spec(game).max_players + 1):
            frame, records = lopti_nb.simulate(game, args.replay, seed=players, players=players,
                                               bots="random", batch=True, records=True,
                                               progress=False, **settings)
            scores = frame.score.to_numpy().reshape(-1, players)
            for k, record in enumerate(records):
                bad += list(lopti_nb.load(record).result.scores) != list(scores[k])
        print(f"\n{game}: replayed {args.replay:,} batch games per table size: {bad} differ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8000, help="batch games per timing")
    parser.add_argument("--engine-games", type=int, default=300, help="engine games per timing")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--compare", type=int, default=20_000, help="games a path (0: skip)")
    parser.add_argument("--memory", type=int, default=100_000, help="games (0: skip)")
    parser.add_argument("--replay", type=int, default=0, help="games per table size (0: skip)")
    args = parser.parse_args()
    speed(args)
    if args.compare:
        compare(args)
    if args.memory:
        memory(args)
    if args.replay:
        replay(args)


if __name__ == "__main__":
    main()
