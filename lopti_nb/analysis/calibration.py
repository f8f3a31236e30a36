"""Is a predicted chance calibrated? A reliability table, its chart and its finding, for any
game's predictions (one row per prediction: the chance given, whether it came true, and the
game it came from).

* :func:`reliability_frame` -- per bin of predicted chance: the mean prediction, the share that
  came true and its 95 % interval, counted by game;
* :func:`reliability_chart` -- the share that came true against the mean prediction, with the
  intervals and the diagonal of a perfect calibration;
* :func:`calibration_findings` -- how many bins agree with their outcome within the interval.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from ..engine.settings import whole

__all__ = ["reliability_frame", "reliability_chart", "calibration_findings", "RELIABILITY_COLUMNS"]

RELIABILITY_COLUMNS = ["bin", "low", "high", "positions", "games", "predicted", "observed", "lower", "upper",
                       "agrees"]


def reliability_frame(frame: pd.DataFrame, bins: int = 10, predicted: str = "predicted", outcome: str = "won",
                      cluster: str = "game") -> pd.DataFrame:
    """One row per bin of predicted chance (``bins`` equal widths from 0 to 1) that holds any
    prediction: ``low``/``high`` (the bin's edges), ``positions`` (predictions in it), ``games``
    (distinct ``cluster`` values), ``predicted`` (their mean), ``observed`` (the share of
    ``outcome`` that came true), its 95 % Wilson interval ``lower``..``upper`` computed from
    ``positions / design effect`` rows (counted by game, as a game may give several
    positions), and ``agrees`` (the mean prediction lies inside that interval).

        >>> f = pd.DataFrame({"predicted": [0.05, 0.08, 0.9, 0.95], "won": [0, 0, 1, 1], "game": [1, 2, 3, 4]})
        >>> reliability_frame(f)[["bin", "positions", "observed", "agrees"]].values.tolist()
        [[0, 2, 0.0, True], [9, 2, 1.0, True]]
    """
    from .findings import design_effect
    from .frames import wilson_interval

    bins = whole(bins, "bins", 1, 100)
    data = frame[[predicted, outcome, cluster]].copy()
    data["bin"] = (data[predicted].astype(float) * bins).clip(0, bins - 1e-9).astype(int)
    rows = []
    for b, part in data.groupby("bin"):
        won = part[outcome].to_numpy(float)
        deff = max(1.0, design_effect(won, part[cluster].astype(str).to_numpy()))
        lo, hi = wilson_interval(won.sum() / deff, len(part) / deff)
        mean = float(part[predicted].mean())
        rows.append({"bin": int(b), "low": b / bins, "high": (b + 1) / bins, "positions": len(part),
                     "games": part[cluster].nunique(), "predicted": mean, "observed": float(won.mean()),
                     "lower": float(lo), "upper": float(hi), "agrees": bool(float(lo) <= mean <= float(hi))})
    out = pd.DataFrame(rows, columns=RELIABILITY_COLUMNS)
    out.attrs["positions"] = len(data)
    out.attrs["games"] = data[cluster].nunique()
    return out


def reliability_chart(table: pd.DataFrame, title: str = "Predicted chance against the share that came true",
                      x_title: str = "Predicted chance (mean in each tenth)",
                      y_title: str = "Share that came true") -> Any:
    """The reliability chart of a :func:`reliability_frame`: each bin's share that came true
    (a point, with its 95 % interval as a rule) against its mean prediction, beside the
    diagonal a calibrated prediction follows.

        >>> f = pd.DataFrame({"predicted": [0.05, 0.1, 0.9, 0.95], "won": [0, 0, 1, 1], "game": [1, 2, 3, 4]})
        >>> type(reliability_chart(reliability_frame(f))).__name__
        'LayerChart'
    """
    import altair as alt

    from .charts import INK, chart_title

    n, games = table.attrs.get("positions", int(table["positions"].sum())), table.attrs.get("games")
    note = f"{n:,} positions" + (f" from {games:,} games" if games else "") + "; 95% intervals counted by game"
    diagonal = alt.Chart(pd.DataFrame({"x": [0.0, 1.0], "y": [0.0, 1.0]})).mark_line(
        strokeDash=[4, 4], color="#999999").encode(x="x:Q", y="y:Q")
    base = alt.Chart(table).encode(
        x=alt.X("predicted:Q", title=x_title, scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(format="%")),
        tooltip=[alt.Tooltip("low:Q", format=".0%"), alt.Tooltip("high:Q", format=".0%"),
                 alt.Tooltip("predicted:Q", format=".1%"), alt.Tooltip("observed:Q", format=".1%"),
                 alt.Tooltip("lower:Q", title="95% lower", format=".1%"),
                 alt.Tooltip("upper:Q", title="95% upper", format=".1%"),
                 alt.Tooltip("positions:Q"), alt.Tooltip("games:Q")])
    rules = base.mark_rule(color=INK).encode(
        y=alt.Y("lower:Q", title=y_title, scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(format="%")), y2="upper:Q")
    points = base.mark_point(filled=True, size=60, color=INK).encode(y="observed:Q")
    return alt.layer(diagonal, rules, points).properties(width=320, height=320, title=chart_title(title, note))


def calibration_findings(table: pd.DataFrame, what: str, key: str = "calibration") -> list:
    """The finding of a :func:`reliability_frame`: in how many of its bins the mean predicted
    chance lies inside the 95 % interval of the share that came true (counted by game), over
    how many positions and games, and the bins that do not agree, each with its numbers.
    ``what`` names the prediction ("the coach's chance to win").

        >>> f = pd.DataFrame({"predicted": [0.05, 0.1, 0.9, 0.95], "won": [0, 0, 1, 1], "game": [1, 2, 3, 4]})
        >>> calibration_findings(reliability_frame(f), "a chance")[0].text[:60]
        'Over 4 positions from 4 games, a chance agrees with the shar'
    """
    from .findings import Finding

    n = int(table.attrs.get("positions", table["positions"].sum()))
    games = int(table.attrs.get("games", table["games"].sum()))
    agree = int(table["agrees"].sum())
    off = table[~table["agrees"]]
    text = (f"Over {n:,} positions from {games:,} games, {what} agrees with the share that came true "
            f"within its 95% interval (counted by game) in {agree} of {len(table)} bins of a tenth each")
    if len(off):
        parts = [f"{r.low:.0%}-{r.high:.0%}: predicted {r.predicted:.1%}, came true {r.observed:.1%} "
                 f"({r.lower:.1%} to {r.upper:.1%}; {r.positions} positions)" for r in off.itertuples()]
        text += "; not in " + "; ".join(parts)
    text += "."
    return [Finding(f"{key}.bins", text, float(agree), None, None, n, "positions",
                    extra={"bins": len(table), "games": games})]
