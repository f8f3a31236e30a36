"""The Drowned Ledger's studies: the exact Reckoning risk, its check against the engine, and
the office balance, as tidy frames and the charts that draw them.

The generic analysis layer (:mod:`lopti_nb.analysis`) offers every name of ``__all__`` here
as its own, so notebooks keep writing ``from lopti_nb.analysis import catch_probability_frame``.
The exact numbers come from :mod:`lopti_nb.games.ledger.risk`. Altair is imported by the
chart builders only, when they are called.

``SEAT_BOTS`` (not offered by :mod:`lopti_nb.analysis`) tells the score lab which style the
``mix`` bot plays in each seat, so that its table names them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

import pandas as pd

from lopti_nb.analysis.frames import game_seeds, rate_frame, wilson_interval

from . import risk
from .actions import DIVE, FLIP
from .bots import MIX
from .state import LedgerState

if TYPE_CHECKING:
    import altair as alt

__all__ = [
    "catch_probability_frame", "simulated_catch_frame", "catch_overlay_frame",
    "dive_expectation_frame", "best_target_frame", "office_balance_frame",
    "catch_curve_chart", "overlay_chart", "expectation_chart", "best_target_chart",
    "office_balance_chart",
]

# bot name -> the bot each seat plays (cycled): the mix bot's seats play these styles
SEAT_BOTS = {"mix": MIX}


# -- exact risk ---------------------------------------------------------------------------------------
def catch_probability_frame(seas: Iterable[int] = range(1, 10), targets: Iterable[int] = range(1, 7),
                            deck: Any = None) -> pd.DataFrame:
    """Exact chance of being caught before the haul holds ``target`` machines, per sea and
    target (``lopti_nb.games.ledger.risk.catch_probability``). Columns ``sea``, ``target``,
    ``catch_probability`` (float), ``exact`` (the fraction as text), ``live_hazards``,
    ``machines``."""
    rows = []
    for sea in seas:
        machines, live = risk.deck_counts(sea, deck)
        for target in targets:
            p = risk.catch_probability(sea, target, deck, exact=True)
            rows.append({"sea": sea, "target": target, "catch_probability": float(p),
                         "exact": str(p), "live_hazards": live, "machines": machines})
    return pd.DataFrame(rows)


def simulated_catch_frame(seas: Iterable[int] = range(1, 10), targets: Iterable[int] = range(1, 7),
                          dives: int = 200, seed: Any = 0) -> pd.DataFrame:
    """Monte Carlo check of the exact risk, played on the real game engine.

    For each (sea, target), ``dives`` fresh games (mode ``plain``, ``sea_start=sea``,
    ``hold_limit=target``) are dealt and seat 0 dives until it surfaces automatically with
    ``target`` machines or is caught. A dive counts as caught if a live hazard turned up at
    any point (the Sea Blinks included), which is the event
    :func:`~lopti_nb.games.ledger.risk.catch_probability` describes. Columns ``sea``,
    ``target``, ``dives``, ``caught``, ``simulated``, ``lower``, ``upper`` (95 % Wilson),
    ``kept`` and ``lost`` (mean machines kept and lost per dive).
    """
    rows = []
    for sea in seas:
        for target in targets:
            caught = kept = lost = 0
            for i in range(dives):
                game_seed, _ = game_seeds(f"dive:{seed}:{sea}:{target}", i)
                state = LedgerState(2, game_seed, mode="plain", sea_start=sea, hold_limit=target)
                state._apply(DIVE)
                events_before = 0
                while FLIP in state.legal_actions() and state.current_player == 0:
                    state._apply(FLIP)
                was_caught = False
                k = l = 0
                for e in state.events[events_before:]:
                    name = type(e).__name__
                    if name == "Flipped" and e.result == "live":
                        was_caught = True
                    elif name == "Surfaced":
                        k += e.count
                    elif name == "ReckoningDrawn":
                        k += len(e.kept) + len(e.opened)
                        l += len(e.lost)
                caught += was_caught
                kept += k
                lost += l
            rows.append({"sea": sea, "target": target, "dives": dives, "caught": caught,
                         "kept": kept / dives, "lost": lost / dives})
    out = pd.DataFrame(rows)
    out["simulated"] = out["caught"] / out["dives"]
    out["lower"], out["upper"] = wilson_interval(out["caught"], out["dives"])
    return out


def catch_overlay_frame(exact: pd.DataFrame, simulated: pd.DataFrame) -> pd.DataFrame:
    """Exact and simulated catch probabilities side by side, with ``inside`` telling whether
    the exact value lies in the simulation's 95 % interval."""
    out = exact[["sea", "target", "catch_probability", "exact"]].merge(
        simulated[["sea", "target", "dives", "caught", "simulated", "lower", "upper"]],
        on=["sea", "target"])
    out["inside"] = (out["lower"] <= out["catch_probability"]) & (out["catch_probability"] <= out["upper"])
    return out


def dive_expectation_frame(seas: Iterable[int] = range(1, 10), targets: Iterable[int] = range(1, 7),
                           deck: Any = None) -> pd.DataFrame:
    """Exact expectations of one dive, from ``risk.dive_outcomes`` (the Reckoning deck
    included): per sea and target, ``kept`` (sealed + opened), ``lost``, ``coins``,
    ``caught`` (the dive ended by a Reckoning) and ``sea_rise`` (expected steps)."""
    rows = []
    for sea in seas:
        for target in targets:
            o = risk.dive_outcomes(sea, target, deck)
            p = o["probability"]
            rows.append({
                "sea": sea, "target": target,
                "kept": float((p * (o["sealed"] + o["opened"])).sum()),
                "lost": float((p * o["lost"]).sum()),
                "coins": float((p * o["coins"]).sum()),
                "caught": float(p[o["caught"]].sum()),
                "sea_rise": float((p * o["sea_rise"]).sum()),
            })
    return pd.DataFrame(rows)


def best_target_frame(expectations: pd.DataFrame, hold_limits: Iterable[int] = range(1, 7)) -> pd.DataFrame:
    """For each sea and hold limit, the surfacing target (at most the hold limit) with the
    most machines kept on average; ties go to the smaller target. Columns ``sea``,
    ``hold_limit``, ``best_target``, ``kept``, ``lost``, ``caught``."""
    rows = []
    for h in hold_limits:
        allowed = expectations[expectations["target"] <= h]
        for sea, part in allowed.groupby("sea", sort=True):
            best = part.sort_values(["kept", "target"], ascending=[False, True]).iloc[0]
            rows.append({"sea": int(sea), "hold_limit": int(h), "best_target": int(best["target"]),
                         "kept": float(best["kept"]), "lost": float(best["lost"]),
                         "caught": float(best["caught"])})
    return pd.DataFrame(rows)


# -- office balance ---------------------------------------------------------------------------------
def office_balance_frame(seats: pd.DataFrame) -> pd.DataFrame:
    """The office-balance table from seat rows (mode ``offices``): per office ``seats``,
    ``wins``, ``win_rate`` (Wilson ``lower``/``upper``), ``mean_score``, ``mean_win_rate``,
    ``deviation`` (from the mean, as a fraction of it) and ``within_target``
    (|deviation| <= 1/3, the design target of rules reference §2.6)."""
    df = seats[seats["office"].notna()]
    out = rate_frame(df, "won", "office", name="win_rate").rename(columns={"n": "seats", "hits": "wins"})
    score = df.groupby("office", observed=True)["score"].mean().rename("mean_score").reset_index()
    out = out.merge(score, on="office")
    mean = out["win_rate"].mean()
    out["mean_win_rate"] = mean
    out["deviation"] = (out["win_rate"] - mean) / mean
    out["within_target"] = out["deviation"].abs() <= 1 / 3
    out["office"] = out["office"].astype(str)
    return out.sort_values("win_rate", ascending=False).reset_index(drop=True)


# -- charts -------------------------------------------------------------------------------------------
def catch_curve_chart(exact: pd.DataFrame, title: str = "Chance of being caught before surfacing",
                      subtitle: str | None = "exact, fresh 58-card wreck deck") -> alt.Chart:
    """Exact catch probability against the sea level, one line per surfacing target."""
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, SEQUENTIAL, WIDTH, _title, _x_axis

    return alt.Chart(exact).mark_line(point=True).encode(
        x=alt.X("sea:O", title="Sea level (hazards at or below it are live)", axis=_x_axis("O")),
        y=alt.Y("catch_probability:Q", title="P(caught before the haul is full)",
                axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1])),
        color=alt.Color("target:O", title="Surfacing target", scale=alt.Scale(scheme=SEQUENTIAL)),
        tooltip=[alt.Tooltip("sea:O", title="sea"), alt.Tooltip("target:O", title="target"),
                 alt.Tooltip("catch_probability:Q", title="P(caught)", format=".2%"),
                 alt.Tooltip("exact:N", title="exact fraction"),
                 alt.Tooltip("live_hazards:Q", title="live hazards")],
    ).properties(width=WIDTH + 80, height=HEIGHT + 40, title=_title(title, subtitle))


def overlay_chart(overlay: pd.DataFrame, title: str = "Exact risk against the game engine",
                  subtitle: str | None = None) -> alt.Chart:
    """Exact catch probability (lines) with simulated rates (dots) and their 95 % Wilson
    bands (shaded), one colour per surfacing target."""
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, SEQUENTIAL, WIDTH, _title

    color = alt.Color("target:O", title="Surfacing target", scale=alt.Scale(scheme=SEQUENTIAL))
    tooltip = [alt.Tooltip("sea:O", title="sea"), alt.Tooltip("target:O", title="target"),
               alt.Tooltip("catch_probability:Q", title="exact", format=".2%"),
               alt.Tooltip("simulated:Q", title="simulated", format=".2%"),
               alt.Tooltip("lower:Q", title="95% lower", format=".2%"),
               alt.Tooltip("upper:Q", title="95% upper", format=".2%"),
               alt.Tooltip("dives:Q", title="dives simulated")]
    base = alt.Chart(overlay).encode(x=alt.X("sea:Q", title="Sea level", scale=alt.Scale(domain=[1, 9]),
                                             axis=alt.Axis(tickMinStep=1)),
                                     color=color, tooltip=tooltip)
    band = base.mark_area(opacity=0.25).encode(
        y=alt.Y("lower:Q", title="P(caught before the haul is full)", axis=alt.Axis(format="%")),
        y2="upper:Q")
    line = base.mark_line().encode(y="catch_probability:Q")
    dots = base.mark_point(filled=True, size=30, stroke="black", strokeWidth=0.5).encode(y="simulated:Q")
    return alt.layer(band, line, dots).properties(width=WIDTH + 80, height=HEIGHT + 40,
                                                  title=_title(title, subtitle))


def expectation_chart(expectations: pd.DataFrame, title: str = "What one dive brings home, on average",
                      subtitle: str | None = "exact, over the wreck deck and the Reckoning deck") -> alt.Chart:
    """Expected machines kept and lost by surfacing target, one line per sea level, one panel
    per measure."""
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, SEQUENTIAL, WIDTH, _title, _x_axis

    long = expectations.melt(id_vars=["sea", "target"], value_vars=["kept", "lost"],
                             var_name="measure", value_name="machines")
    long["measure"] = long["measure"].map({"kept": "machines kept", "lost": "machines lost"})
    line = alt.Chart().mark_line(point=True).encode(
        x=alt.X("target:O", title="Surfacing target (machines)", axis=_x_axis("O")),
        y=alt.Y("machines:Q", title="Expected machines per dive"),
        color=alt.Color("sea:O", title="Sea level", scale=alt.Scale(scheme=SEQUENTIAL)),
        tooltip=[alt.Tooltip("measure:N"), alt.Tooltip("sea:O"), alt.Tooltip("target:O"),
                 alt.Tooltip("machines:Q", format=".3f")],
    ).properties(width=WIDTH, height=HEIGHT)
    return line.facet(facet=alt.Facet("measure:N", title=None), data=long).properties(
        title=_title(title, subtitle))


def best_target_chart(best: pd.DataFrame, title: str = "The best surfacing target",
                      subtitle: str | None = "most machines kept on average; the hold limit caps the target") -> alt.Chart:
    """Heatmap: sea level against hold limit, coloured and labelled by the best target."""
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, SEQUENTIAL, WIDTH, _title, _x_axis

    base = alt.Chart(best).encode(
        x=alt.X("hold_limit:O", title="Hold limit", axis=_x_axis("O")),
        y=alt.Y("sea:O", title="Sea level", sort="descending"),
        tooltip=[alt.Tooltip("sea:O"), alt.Tooltip("hold_limit:O", title="hold limit"),
                 alt.Tooltip("best_target:Q", title="best target"),
                 alt.Tooltip("kept:Q", title="machines kept", format=".3f"),
                 alt.Tooltip("caught:Q", title="P(dive ends caught)", format=".1%")])
    rect = base.mark_rect().encode(color=alt.Color("best_target:O", title="Best target",
                                                   scale=alt.Scale(scheme=SEQUENTIAL)))
    mid = (best["best_target"].min() + best["best_target"].max()) / 2 if len(best) else 0
    text = base.mark_text(fontSize=11).encode(
        text=alt.Text("best_target:Q"),
        color=alt.condition(f"datum.best_target > {mid}", alt.value("black"), alt.value("white")))
    return alt.layer(rect, text).properties(width=WIDTH, height=HEIGHT, title=_title(title, subtitle))


def office_balance_chart(table: pd.DataFrame, title: str = "Office balance",
                         subtitle: str | None = "win rate with 95% interval; shaded: within a third of the mean") -> alt.Chart:
    """Win rate per office (bars, Wilson interval) against the design band: the mean office
    win rate +- a third of it (shaded) and the mean (dashed)."""
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, OKABE_ITO, WIDTH, _title

    mean = float(table["mean_win_rate"].iloc[0]) if len(table) else 0.0
    order = list(table.sort_values("win_rate", ascending=False)["office"])
    band_df = pd.DataFrame({"low": [mean * 2 / 3], "high": [mean * 4 / 3], "mean": [mean]})
    band = alt.Chart(band_df).mark_rect(opacity=0.15, color=OKABE_ITO[2]).encode(
        y=alt.Y("low:Q"), y2="high:Q")
    mean_rule = alt.Chart(band_df).mark_rule(strokeDash=[4, 3], color="black").encode(y="mean:Q")
    base = alt.Chart(table).encode(
        x=alt.X("office:N", title="Office", sort=order, axis=alt.Axis(labelAngle=-40)),
        tooltip=[alt.Tooltip("office:N"), alt.Tooltip("seats:Q", title="seats dealt"),
                 alt.Tooltip("wins:Q"), alt.Tooltip("win_rate:Q", title="win rate", format=".1%"),
                 alt.Tooltip("deviation:Q", title="from the mean", format="+.0%"),
                 alt.Tooltip("mean_score:Q", title="mean score", format=".1f"),
                 alt.Tooltip("within_target:N", title="within target")])
    bars = base.mark_bar().encode(
        y=alt.Y("win_rate:Q", title="Win rate", axis=alt.Axis(format="%")),
        color=alt.Color("within_target:N", title="Within a third of the mean",
                        scale=alt.Scale(domain=[True, False], range=[OKABE_ITO[0], OKABE_ITO[5]])))
    err = base.mark_rule(color="black").encode(y="lower:Q", y2="upper:Q")
    return alt.layer(band, bars, err, mean_rule).properties(
        width=WIDTH + 160, height=HEIGHT, title=_title(title, subtitle))
