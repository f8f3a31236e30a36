"""Is the Ledger coach's chance to win calibrated? Positions from real games in which every
seat plays the coach's own rollout policy (``lopti_nb.games.ledger.studies.coach_calibration_frame``:
the seat as the ``win`` bot, the others as the ``mix`` personalities of their seats): at a
sampled decision of the studied seat, the chance ``win_chances`` gives the action the seat then
takes; at the game's end, whether it won. Prints, per tenth of predicted chance, the mean
prediction, the share won and its 95 % Wilson interval (counted by game: each game gives at most
``--per-game`` positions, and the interval is widened by the design effect;
``lopti_nb.analysis.calibration.reliability_frame``), and writes the rows to
benchmarks/results/ledger_calibration.csv as it goes.

    python3 benchmarks/calibration.py --positions 2000 --games-per-chance 60
"""
from __future__ import annotations

import argparse
import pathlib

import pandas as pd

from lopti_nb.analysis.calibration import calibration_findings, reliability_frame
from lopti_nb.games.ledger.studies import coach_calibration_frame


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=2000)
    p.add_argument("--games-per-chance", type=int, default=60)
    p.add_argument("--per-game", type=int, default=3)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--resume", action="store_true",
                   help="keep the games already in the file (their games are replayed to the same "
                        "decisions, without asking for the chances again) and go on from there")
    a = p.parse_args()
    out = pathlib.Path(__file__).parent / "results" / "ledger_calibration.csv"
    known = {}
    if a.resume and out.exists():
        kept = pd.read_csv(out)
        last = int(kept["game"].max()) if len(kept) else -1
        known = {g: [] for g in range(last + 1)}  # a game with no row had no position
        known.update({int(g): list(part["predicted"]) for g, part in kept.groupby("game")})
    frame = coach_calibration_frame(a.positions, a.games_per_chance, a.seed, a.per_game, known=known,
                                    save=lambda f: f.to_csv(out, index=False))
    frame.to_csv(out, index=False)
    table = reliability_frame(frame)
    for r in table.itertuples():
        print(f"predicted {r.low:.1f}-{r.high:.1f}: mean {r.predicted:.3f}, won {r.observed:.3f} (95% interval "
              f"{r.lower:.3f} to {r.upper:.3f}; {r.positions} positions in {r.games} games)"
              f"{'' if r.agrees else '  <- outside'}")
    print(calibration_findings(table, "the coach's chance to win")[0].text)


if __name__ == "__main__":
    main()
