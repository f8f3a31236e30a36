"""Is the Ledger coach's chance to win calibrated? Positions from real games in which every
seat plays the coach's own rollout policy (the seat as the ``win`` bot, the others as the ``mix``
personalities of their seats): at a sampled decision of the studied seat, the chance
``win_chances`` gives the action the seat then takes; at the game's end, whether it won.
Prints, per tenth of predicted chance, the mean prediction, the share won and its 95 % Wilson
interval (counted by game: each game gives at most ``--per-game`` positions, and the interval
is widened by the design effect), and writes the rows to benchmarks/results/ledger_calibration.csv.

    python3 benchmarks/calibration.py --positions 2000 --games-per-chance 100
"""
from __future__ import annotations

import argparse
import pathlib
import random

import pandas as pd

import lopti_nb
from lopti_nb.analysis.findings import design_effect
from lopti_nb.analysis.frames import wilson_interval
from lopti_nb.games.ledger.coach import rollout_bots, win_chances


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=2000)
    p.add_argument("--games-per-chance", type=int, default=100)
    p.add_argument("--per-game", type=int, default=3)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--resume", action="store_true",
                   help="keep the games already in the file (their games are replayed to the same "
                        "decisions, without asking for the chances again) and go on from there")
    a = p.parse_args()
    out = pathlib.Path(__file__).parent / "results" / "ledger_calibration.csv"
    kept = pd.read_csv(out) if a.resume and out.exists() else pd.DataFrame(columns=["game", "predicted", "won"])
    last = int(kept["game"].max()) if len(kept) else -1
    stored = {g: list(part["predicted"]) for g, part in kept.groupby("game")}
    rows, g = [], 0
    rng = random.Random(a.seed)
    while len(rows) < a.positions:
        seat = g % 4
        state = lopti_nb.new_game("drowned-ledger", players=4, seed=a.seed * 100_003 + g)
        bots = rollout_bots(4, seat)
        mine = []
        while not state.is_over:
            s = state.current_player
            legal = state.legal_actions()
            action = bots[s](state.observation(s), legal, rng)
            if s == seat and len(legal) > 1 and len(mine) < a.per_game and rng.random() < 0.1:
                if g <= last:  # a game already in the file: the same decision, its stored chance
                    mine.append(stored[g][len(mine)])
                else:
                    table = win_chances(state, seat, games=a.games_per_chance, seed=g, budget=None)
                    mine.append(float(table.set_index("move").loc[str(action), "win_chance"]))
            state.apply(action)
        won = int(seat in state.result.winners)
        rows += [{"game": g, "predicted": c, "won": won} for c in mine]
        g += 1
        if g % 20 == 0:
            pd.DataFrame(rows).to_csv(out, index=False)
    frame = pd.DataFrame(rows)
    frame.to_csv(out, index=False)
    frame["bin"] = (frame["predicted"] * 10).clip(0, 9.999).astype(int)
    agree = 0
    for b, part in frame.groupby("bin"):
        deff = max(1.0, design_effect(part["won"].to_numpy(float), part["game"].astype(str).to_numpy()))
        lo, hi = wilson_interval(part["won"].sum() / deff, len(part) / deff)
        inside = float(lo) <= part["predicted"].mean() <= float(hi)
        agree += inside
        print(f"predicted {b / 10:.1f}-{(b + 1) / 10:.1f}: mean {part['predicted'].mean():.3f}, won "
              f"{part['won'].mean():.3f} (95% interval {float(lo):.3f} to {float(hi):.3f}; {len(part)} positions "
              f"in {part['game'].nunique()} games){'' if inside else '  <- outside'}")
    print(f"{agree} of {frame['bin'].nunique()} bins agree; {len(frame)} positions from {g} games")


if __name__ == "__main__":
    main()
