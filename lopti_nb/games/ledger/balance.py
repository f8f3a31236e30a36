"""Office balance: how often each office wins, in simulation with the default AI mix.

The project's design target for the offices (not a rule of the game, so the rules reference does
not state it): no office's win rate differs from the mean office win rate by more than a third of
that mean.
"""
from __future__ import annotations

from typing import Sequence


def office_balance(n_games: int = 3000, seed: int = 0, players: int = 4,
                   bots: str | Sequence[str] | None = None, progress: bool = False, **settings):
    """Simulate ``n_games`` games (offices dealt at random) and return a DataFrame with one
    row per office: ``seats`` (times dealt), ``wins`` (first places, shared places count),
    ``win_rate``, ``mean_win_rate`` (the mean over offices), ``deviation`` (win rate minus
    the mean, as a fraction of the mean) and ``within_target`` (|deviation| <= 1/3)."""
    from lopti_nb.engine import simulate

    df = simulate("drowned-ledger", n=n_games, seed=seed, players=players, bots=bots,
                  progress=progress, mode="offices", **settings)
    table = df.groupby("office").agg(seats=("won", "size"), wins=("won", "sum"),
                                     mean_score=("score", "mean"))
    table["win_rate"] = table["wins"] / table["seats"]
    mean = table["win_rate"].mean()
    table["mean_win_rate"] = mean
    table["deviation"] = (table["win_rate"] - mean) / mean
    table["within_target"] = table["deviation"].abs() <= 1 / 3
    return table.sort_values("win_rate", ascending=False).reset_index()
