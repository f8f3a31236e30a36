"""The Drowned Ledger's studies: the exact Reckoning risk, its check against the engine, and
the office balance, as tidy frames and the charts that draw them.

A notebook imports them from here (``from lopti_nb.games.ledger.studies import catch_probability_frame``);
they build on the generic analysis layer (:mod:`lopti_nb.analysis`), which names no game.
The exact numbers come from :mod:`lopti_nb.games.ledger.risk`. Altair is imported by the
chart builders only, when they are called.

``SEAT_BOTS`` (not offered by :mod:`lopti_nb.analysis`) tells the score lab which style the
``mix`` bot plays in each seat, so that its table names them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

import pandas as pd

from lopti_nb.analysis.frames import game_seeds, rate_frame, wilson_interval
from lopti_nb.engine import plural

from . import risk
from .actions import DIVE, FLIP
from .bots import MIX
from .offices import OFFICE_INDEX
from .state import LedgerState

if TYPE_CHECKING:
    import altair as alt

__all__ = [
    "catch_probability_frame", "simulated_catch_frame", "catch_overlay_frame",
    "dive_expectation_frame", "best_target_frame", "office_balance_frame",
    "catch_curve_chart", "overlay_chart", "expectation_chart", "best_target_chart",
    "office_balance_chart", "office_verdicts", "strategy_findings", "office_findings", "risk_findings",
    "best_policy_frame", "best_expectation_frame", "best_response_frame", "best_margin_frame",
    "best_policy_chart", "best_margin_chart", "best_findings",
    "win_policy_frame", "win_policy_chart", "win_findings", "coach_calibration_frame",
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
    (|deviation| <= 1/3: the project's design target for the offices, which is not a rule of
    the game). The rows are in the offices' own order (``offices.OFFICES``), never by win rate:
    at a notebook's size that order would be mostly noise."""
    df = seats[seats["office"].notna()]
    out = rate_frame(df, "won", "office", name="win_rate").rename(columns={"n": "seats", "hits": "wins"})
    score = df.groupby("office", observed=True)["score"].mean().rename("mean_score").reset_index()
    out = out.merge(score, on="office")
    mean = out["win_rate"].mean()
    out["mean_win_rate"] = mean
    out["deviation"] = (out["win_rate"] - mean) / mean
    out["within_target"] = out["deviation"].abs() <= 1 / 3
    out["office"] = out["office"].astype(str)
    place = out["office"].map(OFFICE_INDEX).fillna(len(OFFICE_INDEX))
    return out.assign(_place=place).sort_values(["_place", "office"]).drop(columns="_place").reset_index(drop=True)


# -- charts -------------------------------------------------------------------------------------------
def catch_curve_chart(exact: pd.DataFrame, title: str = "Chance of being caught before surfacing",
                      subtitle: str | None = "exact, fresh 58-card wreck deck") -> alt.Chart:
    """Exact catch probability against the sea level, one line per surfacing target."""
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, SEQUENTIAL, WIDTH, chart_title, x_axis

    return alt.Chart(exact).mark_line(point=True).encode(
        x=alt.X("sea:O", title="Sea level (hazards at or below it are live)", axis=x_axis("O")),
        y=alt.Y("catch_probability:Q", title="Chance of being caught",
                axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1])),
        color=alt.Color("target:O", title="Surfacing target", scale=alt.Scale(scheme=SEQUENTIAL)),
        tooltip=[alt.Tooltip("sea:O", title="sea"), alt.Tooltip("target:O", title="target"),
                 alt.Tooltip("catch_probability:Q", title="P(caught)", format=".2%"),
                 alt.Tooltip("exact:N", title="exact fraction"),
                 alt.Tooltip("live_hazards:Q", title="live hazards")],
    ).properties(width=WIDTH + 80, height=HEIGHT + 40, title=chart_title(title, subtitle))


def overlay_chart(overlay: pd.DataFrame, title: str = "Exact risk against the game engine",
                  subtitle: str | None = None) -> alt.Chart:
    """Exact catch probability (lines) with simulated rates (dots) and their 95 % Wilson
    bands (shaded), one colour per surfacing target."""
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, SEQUENTIAL, WIDTH, chart_title

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
        y=alt.Y("lower:Q", title="Chance of being caught", axis=alt.Axis(format="%")),
        y2="upper:Q")
    line = base.mark_line().encode(y="catch_probability:Q")
    dots = base.mark_point(filled=True, size=30, stroke="black", strokeWidth=0.5).encode(y="simulated:Q")
    return alt.layer(band, line, dots).properties(width=WIDTH + 80, height=HEIGHT + 40,
                                                  title=chart_title(title, subtitle))


def expectation_chart(expectations: pd.DataFrame, title: str = "What one dive brings home, on average",
                      subtitle: str | None = "exact, over the wreck deck and the Reckoning deck") -> alt.Chart:
    """Expected machines kept and lost by surfacing target, one line per sea level, one panel
    per measure."""
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, SEQUENTIAL, WIDTH, chart_title, x_axis

    long = expectations.melt(id_vars=["sea", "target"], value_vars=["kept", "lost"],
                             var_name="measure", value_name="machines")
    long["measure"] = long["measure"].map({"kept": "machines kept", "lost": "machines lost"})
    line = alt.Chart().mark_line(point=True).encode(
        x=alt.X("target:O", title="Surfacing target (machines)", axis=x_axis("O")),
        y=alt.Y("machines:Q", title="Expected machines per dive"),
        color=alt.Color("sea:O", title="Sea level", scale=alt.Scale(scheme=SEQUENTIAL)),
        tooltip=[alt.Tooltip("measure:N"), alt.Tooltip("sea:O"), alt.Tooltip("target:O"),
                 alt.Tooltip("machines:Q", format=".3f")],
    ).properties(width=WIDTH, height=HEIGHT)
    return line.facet(facet=alt.Facet("measure:N", title=None), data=long).properties(
        title=chart_title(title, subtitle))


def best_target_chart(best: pd.DataFrame, title: str = "The best surfacing target",
                      subtitle: str | None = "most machines kept on average; the hold limit caps the target") -> alt.Chart:
    """Heatmap: sea level against hold limit, coloured and labelled by the best target."""
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, SEQUENTIAL, WIDTH, chart_title, x_axis

    base = alt.Chart(best).encode(
        x=alt.X("hold_limit:O", title="Hold limit", axis=x_axis("O")),
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
    return alt.layer(rect, text).properties(width=WIDTH, height=HEIGHT, title=chart_title(title, subtitle))


def office_balance_chart(table: pd.DataFrame, title: str = "Office balance",
                         subtitle: str | None = "win rate with 95% interval; shaded: within a third of the mean; colour: read by the interval") -> alt.Chart:
    """Win rate per office (bars, Wilson interval) against the design band: the mean office
    win rate +- a third of it (shaded) and the mean (dashed). The offices stand in their own
    order (the order of ``offices.OFFICES``), not ranked by win rate."""
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, INK, OKABE_ITO, WIDTH, chart_title

    mean = float(table["mean_win_rate"].iloc[0]) if len(table) else 0.0
    order = sorted(table["office"], key=lambda o: (OFFICE_INDEX.get(o, len(OFFICE_INDEX)), o))
    band_df = pd.DataFrame({"low": [mean * 2 / 3], "high": [mean * 4 / 3], "mean": [mean]})
    band = alt.Chart(band_df).mark_rect(opacity=0.15, color=OKABE_ITO[2]).encode(
        y=alt.Y("low:Q"), y2="high:Q")
    mean_rule = alt.Chart(band_df).mark_rule(strokeDash=[4, 3], color=INK).encode(y="mean:Q")
    table = table.assign(verdict=office_verdicts(table))
    base = alt.Chart(table).encode(
        x=alt.X("office:N", title="Office", sort=order, axis=alt.Axis(labelAngle=-40)),
        tooltip=[alt.Tooltip("office:N"), alt.Tooltip("seats:Q", title="seats dealt"),
                 alt.Tooltip("wins:Q"), alt.Tooltip("win_rate:Q", title="win rate", format=".1%"),
                 alt.Tooltip("deviation:Q", title="from the mean", format="+.0%"),
                 alt.Tooltip("mean_score:Q", title="mean score", format=".1f"),
                 alt.Tooltip("verdict:N", title="read by the interval")])
    # flagged by the interval, not the bar: outside only when the whole interval leaves the band
    bars = base.mark_bar().encode(
        y=alt.Y("win_rate:Q", title="Win rate", axis=alt.Axis(format="%")),
        color=alt.Color("verdict:N", title="Read by the 95% interval",
                        scale=alt.Scale(domain=[WITHIN, "cannot be told apart", OUTSIDE],
                                        range=[OKABE_ITO[0], "#BBBBBB", OKABE_ITO[5]])))
    err = base.mark_rule(color=INK).encode(y="lower:Q", y2="upper:Q")
    return alt.layer(band, bars, err, mean_rule).properties(
        width=WIDTH + 160, height=HEIGHT, title=chart_title(title, subtitle))


# -- findings: the notebooks' sentences, computed from their own results -------------------------
WITHIN, OUTSIDE = "within the target", "outside the target"


def office_verdicts(table: pd.DataFrame) -> pd.Series:
    """Per row of :func:`office_balance_frame`, read by the interval, not the bar: ``within
    the target`` when the whole 95 % interval lies inside the band (the mean office win rate
    +- a third of it), ``outside the target`` when it lies wholly outside, else ``cannot be
    told apart`` (the band's own centre is an estimate too; it is taken as known)."""
    from lopti_nb.analysis.findings import UNCLEAR

    mean = table["mean_win_rate"]
    low, high = mean * 2 / 3, mean * 4 / 3
    out = pd.Series(UNCLEAR, index=table.index)
    out[(table["lower"] >= low) & (table["upper"] <= high)] = WITHIN
    out[(table["upper"] < low) | (table["lower"] > high)] = OUTSIDE
    return out


def _at(seats: pd.DataFrame, defaults: dict, **lever) -> pd.DataFrame:
    keep = pd.Series(True, index=seats.index)
    for name, default in {**defaults, **lever}.items():
        keep &= seats[name].astype(object) == default
    return seats[keep]


def strategy_findings(seats: pd.DataFrame, defaults: dict | None = None,
                      large_seats_per_office: int | None = None) -> list:
    """The findings of the strategies notebook, each with its 95 % interval and sample size.

    ``seats``: the lever sweep's seat rows (four personalities turning seats); the default
    table is the rows with every lever at ``defaults`` (hold limit 4, sea start 3, mode
    ``offices``). ``large_seats_per_office``: the seats per office of the notebook's large
    setting, for the interval width it would give. Keys start with the notebook's section:
    ``score.``, ``office.``, ``lever.``.
    """
    from lopti_nb.analysis.findings import (Finding, UNCLEAR, compare_means, compare_to,
                                            game_clusters, pct)

    def by_game(*parts):
        # four personalities share each game: their seats are counted by game
        return tuple(game_clusters(p) for p in parts)

    defaults = dict(defaults or {"hold_limit": 4, "sea_start": 3, "mode": "offices"})
    table = _at(seats, defaults)
    out = []
    bots = [b for b in ("greedy", "balanced", "opener", "seller") if (table["bot"] == b).any()]
    rows_of = {b: table[table["bot"] == b] for b in bots}
    score = {b: rows_of[b]["score"] for b in bots}
    won = {b: rows_of[b]["won"] for b in bots}
    # personalities
    if "greedy" in score:
        for other in bots[1:]:
            out.append(compare_means(f"score.greedy_vs_{other}", score["greedy"], score[other],
                                     "`greedy` (always fills its hold) has a mean final score",
                                     f"`{other}`'s", unit="seats", lead=True, measure="points",
                                     clusters=by_game(rows_of["greedy"], rows_of[other])))
        out.append(compare_to("score.greedy_wins", won["greedy"].sum(), len(won["greedy"]),
                              1 / len(bots), "`greedy` wins", "more than a fair share of games",
                              "less than a fair share of games", unit="games"))
    if "seller" in score:
        for other in ("balanced", "opener"):
            if other in score:
                out.append(compare_means(f"score.seller_vs_{other}", score["seller"], score[other],
                                         "`seller` (trades every card for coin) has a mean final score",
                                         f"`{other}`'s", unit="seats", measure="points",
                                         clusters=by_game(rows_of["seller"], rows_of[other])))
        out.append(compare_to("score.seller_wins", won["seller"].sum(), len(won["seller"]), 1 / len(bots),
                              "`seller` wins", "more than a fair share of games",
                              "less than a fair share of games", unit="games"))
    # offices
    if "office" in table.columns and table["office"].notna().any():
        balance = office_balance_frame(table)
        balance["verdict"] = office_verdicts(balance)
        mean = float(balance["mean_win_rate"].iloc[0])
        lo_row, hi_row = balance.loc[balance["win_rate"].idxmin()], balance.loc[balance["win_rate"].idxmax()]
        out.append(Finding("office.range",
                           f"Office win rates ran from {pct(lo_row['win_rate'])} ({lo_row['office']}) to "
                           f"{pct(hi_row['win_rate'])} ({hi_row['office']}) against a mean of {pct(mean)}, "
                           f"from {plural(int(balance['seats'].min()), 'seat')} to "
                           f"{int(balance['seats'].max()):,} per office; the target band is "
                           f"{pct(mean * 2 / 3)} to {pct(mean * 4 / 3)}.",
                           mean, float(lo_row["win_rate"]), float(hi_row["win_rate"]),
                           int(balance["seats"].sum()), "seats"))
        counts = balance["verdict"].value_counts()
        named = lambda v: ", ".join(balance.loc[balance["verdict"] == v, "office"]) or "none"  # noqa: E731
        out.append(Finding("office.verdicts",
                           f"Read by the intervals: {counts.get(WITHIN, 0)} of {len(balance)} offices "
                           f"{'is' if counts.get(WITHIN, 0) == 1 else 'are'} surely within a third of the mean, {counts.get(OUTSIDE, 0)} surely outside it "
                           f"({named(OUTSIDE)}), and for {counts.get(UNCLEAR, 0)} the interval crosses the "
                           f"band's edge (cannot be told apart at this size).",
                           float(counts.get(OUTSIDE, 0)), None, None, int(balance["seats"].sum()), "seats",
                           "", lead=True, extra={"verdicts": dict(zip(balance["office"], balance["verdict"]))}))
        if large_seats_per_office:
            half = 1.96 * (mean * (1 - mean) / large_seats_per_office) ** 0.5
            out.append(Finding("office.large",
                               f"At the large setting (about {plural(large_seats_per_office, 'seat')} per "
                               f"office) each office's interval would be about +-{100 * half:.1f} percentage "
                               f"points wide at this mean, against +-"
                               f"{100 * float((balance['upper'] - balance['lower']).mean()) / 2:.1f} here.",
                               half, None, None, large_seats_per_office, "seats"))
    # levers (one at a time, the others at their defaults)
    def rows(**lever):
        return _at(seats, defaults, **lever)

    if {"hold_limit"} <= set(seats.columns):
        holds = sorted(int(h) for h in seats["hold_limit"].unique())
        lo_h, hi_h = holds[0], holds[-1]
        a, b = rows(hold_limit=hi_h), rows(hold_limit=lo_h)
        if len(a) and len(b) and lo_h != hi_h:
            for bot in ("greedy", "opener"):
                ab, bb = a[a["bot"] == bot], b[b["bot"] == bot]
                out.append(compare_means(f"lever.hold_{bot}", ab["score"], bb["score"],
                                         f"With a hold limit of {hi_h} `{bot}`'s mean score is",
                                         f"with {lo_h}", unit="seats", measure="points", lead=bot == "greedy",
                                         clusters=by_game(ab, bb)))
    if "sea_start" in seats.columns:
        seas = sorted(int(s) for s in seats["sea_start"].unique())
        a, b = rows(sea_start=seas[0]), rows(sea_start=seas[-1])
        if len(a) and len(b) and seas[0] != seas[-1]:
            ga, gb = a.drop_duplicates(["cell", "game"]), b.drop_duplicates(["cell", "game"])
            out.append(compare_means("lever.sea_length", ga["length"], gb["length"],
                                     f"Starting the sea at {seas[0]}, games are",
                                     f"from sea {seas[-1]}", "longer", "shorter", unit="games",
                                     measure="rounds", lead=True))
            out.append(compare_means("lever.sea_score", a["score"], b["score"],
                                     f"Starting the sea at {seas[0]}, the mean final score is",
                                     f"from sea {seas[-1]}", unit="seats", measure="points",
                                     clusters=by_game(a, b)))
    if "mode" in seats.columns and (seats["mode"].astype(object) == "plain").any():
        a, b = rows(mode="plain"), rows()
        out.append(compare_means("lever.plain_score", a["score"], b["score"],
                                 "Without offices (mode `plain`) the mean final score is",
                                 "with them", unit="seats", measure="points", clusters=by_game(a, b)))
        for bot in ("greedy", "seller"):
            ab, bb = a[a["bot"] == bot], b[b["bot"] == bot]
            out.append(compare_means(f"lever.plain_{bot}", ab["score"], bb["score"],
                                     f"Without offices `{bot}`'s mean final score is", "with them",
                                     unit="seats", measure="points", clusters=by_game(ab, bb)))
    return out


def office_findings(seats: pd.DataFrame, defaults: dict | None = None) -> list:
    """Every office's verdict (``office.<name>``: within, outside or cannot be told apart),
    for tests and tables; :func:`strategy_findings` states their counts."""
    from lopti_nb.analysis.findings import Finding

    table = _at(seats, dict(defaults or {"hold_limit": 4, "sea_start": 3, "mode": "offices"}))
    balance = office_balance_frame(table)
    balance["verdict"] = office_verdicts(balance)
    return [Finding(f"office.{r['office']}", f"{r['office']}: {r['verdict']}", float(r["win_rate"]),
                    float(r["lower"]), float(r["upper"]), int(r["seats"]), "seats", r["verdict"])
            for _, r in balance.iterrows()]


def risk_findings(exact: pd.DataFrame | None = None, overlay: pd.DataFrame | None = None,
                  expectations: pd.DataFrame | None = None, best: pd.DataFrame | None = None,
                  start_sea: int = 3, hold_limit: int = 4) -> list:
    """The findings of the Reckoning-risk notebook. The catch probabilities, expectations and
    best targets are exact (``risk``): their sentences carry no interval; the check against
    the engine is a count of simulated points, with its interval. Keys start with the
    notebook's section: ``exact.``, ``check.``, ``expect.``, ``best.``; a section whose frame
    is not given (``None``) is left out, so the notebook can state each as it gets there."""
    from lopti_nb.analysis.findings import proportion

    out = []
    if exact is not None:
        out += _exact_findings(exact, start_sea, hold_limit)
    if overlay is not None:
        inside = int(overlay["inside"].sum())
        dives = int(overlay["dives"].sum())
        out.append(proportion("check.inside", inside, len(overlay),
                              f"The exact value lies inside the engine's 95% interval at {inside} of "
                              f"{plural(len(overlay), 'point')} ({dives:,} dives in all; about 95% are "
                              f"expected)", unit="points"))
    if expectations is not None:
        out += _expectation_findings(expectations)
    if best is not None:
        out += _best_findings(best, hold_limit)
    return out


def _exact_findings(exact: pd.DataFrame, start_sea: int, hold_limit: int) -> list:
    from lopti_nb.analysis.findings import EXACT, Finding, pct

    out = []
    p = exact.set_index(["sea", "target"])["catch_probability"]
    top = int(exact["sea"].max())
    for sea in (start_sea, top):
        if (sea, 1) in p.index and (sea, hold_limit) in p.index:
            out.append(Finding(f"exact.sea_{sea}",
                               f"At sea {sea} a one-machine dive is caught {pct(p[(sea, 1)])} of the time "
                               f"and a {hold_limit}-machine dive {pct(p[(sea, hold_limit)])} (exact).",
                               float(p[(sea, hold_limit)]), None, None, None, "", EXACT, lead=sea == start_sea))
    return out


def _expectation_findings(expectations: pd.DataFrame) -> list:
    from lopti_nb.analysis.findings import EXACT, Finding

    out = []
    seas = sorted(expectations["sea"].unique())
    e = expectations.set_index(["sea", "target"])["kept"]
    targets = sorted(expectations["target"].unique())
    low = int(seas[0])
    gains = [float(e[(low, t + 1)] - e[(low, t)]) for t in targets[:-1] if (low, t + 1) in e.index]
    if gains:
        out.append(Finding("expect.low_sea_gain",
                           f"At sea {low} each extra machine aimed for adds from {min(gains):.2f} to "
                           f"{max(gains):.2f} machines kept on average (exact).",
                           min(gains), None, None, None, "", EXACT))
    bends = [int(s) for s in seas if any(e[(s, t + 1)] < e[(s, t)] for t in targets[:-1] if (s, t + 1) in e.index)]
    out.append(Finding("expect.bend",
                       ("Aiming one machine further keeps fewer machines on average at sea "
                        + ", ".join(map(str, bends)) + " (exact)." if bends else
                        "At no sea does aiming one machine further keep fewer machines on average (exact)."),
                       float(len(bends)), None, None, None, "", EXACT))
    lost = expectations.pivot(index="sea", columns="target", values="lost")
    grows = bool((lost.diff(axis=1).iloc[:, 1:] > 0).all().all())
    out.append(Finding("expect.lost_grows",
                       "The machines lost grow with the target at every sea (exact)." if grows else
                       "The machines lost do not grow with the target at every sea (exact).",
                       float(grows), None, None, None, "", EXACT))
    return out


def _best_findings(best: pd.DataFrame, hold_limit: int) -> list:
    from lopti_nb.analysis.findings import EXACT, Finding

    out = []
    at = best[best["hold_limit"] == hold_limit].set_index("sea")["best_target"]
    below = {int(s): int(t) for s, t in at.items() if t < hold_limit}
    out.append(Finding("best.default",
                       f"With the table's hold limit of {hold_limit} the limit itself is the best target at "
                       + (("every sea except " + ", ".join(f"sea {s} (best: {t})" for s, t in below.items()))
                          if below else "every sea") + " (exact).",
                       float(len(below)), None, None, None, "", EXACT, lead=True,
                       extra={"best": {int(s): int(t) for s, t in at.items()}}))
    hmax = int(best["hold_limit"].max())
    atmax = best[best["hold_limit"] == hmax].set_index("sea")["best_target"]
    follows = [int(s) for s, t in atmax.items() if t == hmax]
    out.append(Finding("best.high_limit",
                       f"With a hold limit of {hmax} the best target is the limit itself at "
                       + (("sea " + ", ".join(map(str, follows))) if follows else "no sea")
                       + "; elsewhere it is " + (", ".join(f"{t} at sea {s}" for s, t in atmax.items() if t != hmax)
                                                 or "never lower") + " (exact).",
                       float(len(follows)), None, None, None, "", EXACT))
    return out


# -- the best dive and what each personality loses against it ------------------------------------
PERSONALITY_NAMES = ("balanced", "seller", "opener", "greedy")


def best_policy_frame(seas: Iterable[int] = range(1, 10), hold_limit: int = 4) -> pd.DataFrame:
    """The best dive's decision by sea and haul beside "surface at 4" (see
    :func:`lopti_nb.games.ledger.best.policy_table`).

        >>> best_policy_frame([8, 9]).query("not agree")[["sea", "haul", "best"]].values.tolist()
        [[9, 3, 'surface']]
    """
    from .best import policy_table

    return policy_table(seas, hold_limit)


def best_expectation_frame(seas: Iterable[int] = range(1, 10)) -> pd.DataFrame:
    """Expected machines of a fresh dive per sea: best policy against "surface at 4"
    (see :func:`lopti_nb.games.ledger.best.expectation_frame`).

        >>> round(float(best_expectation_frame([9])["gain"].iloc[0]), 3)
        0.014
    """
    from .best import expectation_frame

    return expectation_frame(seas)


def best_response_frame(games: int = 100, seed: int = 0, players: int = 4,
                        personalities: Iterable[str] = PERSONALITY_NAMES, bot: str | Iterable[str] = "best",
                        **settings: Any) -> pd.DataFrame:
    """Paired games of a bot (``best`` by default; ``win``, or a list of bots) against each
    personality, through :func:`lopti_nb.simulate`.

    For each personality and each seat ``s`` (``games`` games per seat), the table seats that
    personality everywhere but seat ``s``, which plays the bot; the paired game has the same
    seed with the personality in seat ``s`` as well (played once, shared by every bot). One
    row per pair: ``personality``, ``seat``, ``game``, and for the seat that changed
    ``won_best``/``won_other``, ``score_best``/``score_other``,
    ``machines_best``/``machines_other`` (machines brought up sealed over the game), where
    ``_best`` is the bot's seat (the best response tried); then ``bot``.

        >>> f = best_response_frame(games=1, players=2, personalities=["greedy"])
        >>> len(f), list(f.columns[:3])
        (2, ['personality', 'seat', 'game'])
    """
    import lopti_nb

    from lopti_nb.engine.runner import spawn_seeds

    tried = [bot] if isinstance(bot, str) else list(bot)
    rows = []
    seat_seeds = spawn_seeds(seed, players)  # independent of every other run's seeds
    for p in personalities:
        for s in range(players):
            seat_seed = seat_seeds[s]
            plain = lopti_nb.simulate("drowned-ledger", n=games, seed=seat_seed, players=players,
                                      bots=[p] * players, progress=False, **settings)
            other = plain[plain["seat"] == s].set_index("game")
            for name in tried:
                lineup = [p] * players
                lineup[s] = name
                df = lopti_nb.simulate("drowned-ledger", n=games, seed=seat_seed, players=players,
                                       bots=lineup, progress=False, **settings)
                mine = df[df["seat"] == s].set_index("game")
                for g in mine.index:
                    b, o = mine.loc[g], other.loc[g]
                    rows.append({"personality": p, "seat": s, "game": int(g),
                                 "won_best": int(b["won"]), "won_other": int(o["won"]),
                                 "score_best": float(b["score"]), "score_other": float(o["score"]),
                                 "machines_best": int(b["sealed"]), "machines_other": int(o["sealed"]),
                                 "bot": name})
    return pd.DataFrame(rows, columns=["personality", "seat", "game", "won_best", "won_other", "score_best",
                                       "score_other", "machines_best", "machines_other", "bot"])


MEASURES = {"won": ("wins (percentage points)", "percentage points"),
            "machines": ("machines brought up", "machines"), "score": ("final score (points)", "points")}


def best_margin_frame(responses: pd.DataFrame) -> pd.DataFrame:
    """Per bot tried, personality and measure (``won`` in percentage points, ``machines``,
    ``score``): the mean paired difference bot minus personality, its standard error, 95 %
    interval (``lower``, ``upper``) and ``n`` pairs (games); then ``bot``.

        >>> f = best_response_frame(games=2, players=2, personalities=["seller"])
        >>> best_margin_frame(f)[["personality", "measure", "n"]].values.tolist()[0]
        ['seller', 'wins (percentage points)', 4]
    """
    from lopti_nb.analysis.findings import critical

    rows = []
    tried = responses["bot"] if "bot" in responses.columns else pd.Series("best", index=responses.index)
    for (name, p), d in responses.groupby([tried, "personality"], sort=False):
        for m in MEASURES:
            diff = (d[f"{m}_best"] - d[f"{m}_other"]).astype(float) * (100 if m == "won" else 1)
            n = len(diff)
            se = float(diff.std(ddof=1) / n ** 0.5) if n > 1 else 0.0
            mean = float(diff.mean())
            z = critical(n)  # one pair per game: t below 30 games
            rows.append({"personality": p, "measure": MEASURES[m][0], "mean": mean, "stderr": se,
                         "lower": mean - z * se, "upper": mean + z * se, "n": n, "bot": name})
    return pd.DataFrame(rows, columns=["personality", "measure", "mean", "stderr", "lower", "upper", "n", "bot"])


def best_policy_chart(policy: pd.DataFrame, title: str = "The best dive, by sea and haul") -> "alt.Chart":
    """Heatmap of how much diving on beats surfacing (expected machines), each cell labelled
    with the best decision; "surface at 4" dives on in every cell.

        >>> type(best_policy_chart(best_policy_frame([9]))).__name__
        'LayerChart'
    """
    from lopti_nb.analysis.charts import heatmap_chart

    data = policy.assign(advantage=policy["dive_on_value"] - policy["surface_value"])
    return heatmap_chart(data, x="sea", y="haul", value="advantage", text="best", title=title,
                         x_title="Sea", y_title="Machines in the haul",
                         value_title="dive on - surface",
                         subtitle='cells: the best decision; the rule of thumb "surface at 4" dives on in all')


def best_margin_chart(margins: pd.DataFrame, title: str = "What each personality loses against the best dive",
                      y_title: str = "best bot minus personality, per game") -> "alt.Chart":
    """Bars of the paired margin (the bot tried minus the personality) per measure, with 95 %
    intervals, the personalities in alphabetical order (never ranked by margin).

        >>> f = best_response_frame(games=1, players=2, personalities=["opener"])
        >>> type(best_margin_chart(best_margin_frame(f))).__name__
        'FacetChart'
    """
    from lopti_nb.analysis.charts import mean_chart

    return mean_chart(margins, x="personality", column="measure", title=title, x_title="Personality",
                      y_title=y_title, columns=3)


def best_findings(responses: pd.DataFrame, expectations: pd.DataFrame | None = None) -> list:
    """The best dive's findings: the exact gain of the best policy over "surface at 4" (from
    :func:`best_expectation_frame`), and for each personality the paired margins of the best
    bot in wins and machines brought up per game, with 95 % intervals. The machines margins
    (the measure the policy maximises) are the ones the notebook leads with.

        >>> f = best_response_frame(games=2, players=2, personalities=["seller"])
        >>> [x.key for x in best_findings(f, best_expectation_frame([3, 9]))]
        ['best.dive', 'best.won.seller', 'best.machines.seller']
    """
    from lopti_nb.analysis.findings import EXACT, Finding, compare_means, holm, num

    out = []
    if expectations is not None and len(expectations):
        gain = expectations.set_index("sea")["gain"]
        ahead = [int(s) for s, g in gain.items() if g > 1e-9]
        top = int(gain.idxmax())
        start = expectations[expectations["sea"] == 3]
        start = (start if len(start) else expectations).iloc[0]
        same = "the same as" if abs(float(start["gain"])) <= 1e-9 else "against"
        where = (f"it does better only at sea {', '.join(map(str, ahead))}, by at most "
                 f"{num(float(gain.max()), 3)} machines (sea {top})") if ahead else "it never does better"
        out.append(Finding(
            "best.dive",
            f"From a fresh dive at sea {int(start['sea'])} the best policy keeps "
            f"{num(float(start['best']), 3)} machines on average, {same} \"surface at 4\" "
            f"({num(float(start['surface_at']), 3)}); {where} (exact).",
            float(gain.max()), None, None, None, "", EXACT))
    if "bot" in responses.columns:
        responses = responses[responses["bot"] == "best"]
    for p, d in responses.groupby("personality", sort=False):
        out.append(compare_means(f"best.won.{p}", 100 * d["won_best"], 100 * d["won_other"],
                                 f"Against {p}, the best bot wins", p, "more often", "less often",
                                 paired=True, measure="percentage points", unit="paired games",
                                 same=f"Against {p}, the best bot wins exactly as often"))
        out.append(compare_means(f"best.machines.{p}", d["machines_best"], d["machines_other"],
                                 f"Against {p}, the best bot brings up", p, "more machines", "fewer machines",
                                 paired=True, measure="machines a game", lead=True, digits=2, unit="paired games",
                                 same=f"Against {p}, the best bot brings up exactly as many machines"))
    # every personality's two margins are one family: corrected together (Holm)
    first = 1 if out and out[0].key == "best.dive" else 0
    out[first:] = holm(out[first:], "the best bot's margins")
    return out


# -- the dive that wins games -------------------------------------------------------------------------
POLICY_NAMES = {"rule_of_thumb": 'surface at 4', "most_machines": "most machines (exact)",
                "to_win": "most wins (tuned by games)"}


def win_policy_frame(seas: Iterable[int] = range(1, 10), hold_limit: int = 4) -> pd.DataFrame:
    """The dive tuned to win games, by sea and haul, beside the expected-machines policy and
    "surface at 4" (see :func:`lopti_nb.games.ledger.win.win_policy_table`).

        >>> list(win_policy_frame([9]).columns)
        ['sea', 'haul', 'to_win', 'most_machines', 'rule_of_thumb']
    """
    from .win import win_policy_table

    return win_policy_table(seas=seas, hold_limit=hold_limit)


def win_policy_chart(policy: pd.DataFrame, title: str = "Three dives, by sea and haul") -> "alt.Chart":
    """One panel per policy, one above the other (``surface at 4``, the expected-machines
    policy, the policy tuned to win games): each cell of sea and haul shows that policy's
    decision, in words and colour.

        >>> type(win_policy_chart(win_policy_frame([9]))).__name__
        'FacetChart'
    """
    import altair as alt

    from lopti_nb.analysis.charts import OKABE_ITO, chart_title, x_axis

    from .best import DIVE_ON, SURFACE

    from .win import WIN_OPEN_AT

    names = dict(POLICY_NAMES, to_win=f"{POLICY_NAMES['to_win']}; it opens at {WIN_OPEN_AT} sealed cards")
    long = policy.melt(id_vars=["sea", "haul"], value_vars=list(names), var_name="policy",
                       value_name="decision")
    long["policy"] = long["policy"].map(names)
    base = alt.Chart().encode(
        x=alt.X("sea:O", title="Sea", axis=x_axis("O")),
        y=alt.Y("haul:O", title="Machines in the haul", sort="descending"),
        tooltip=[alt.Tooltip("policy:N"), alt.Tooltip("sea:O"), alt.Tooltip("haul:O"),
                 alt.Tooltip("decision:N")])
    rect = base.mark_rect().encode(color=alt.Color(
        "decision:N", title="Decision", scale=alt.Scale(domain=[DIVE_ON, SURFACE],
                                                         range=[OKABE_ITO[1], OKABE_ITO[4]])))
    text = base.mark_text(fontSize=9, color="black").encode(
        text=alt.Text("label:N")).transform_calculate(label=f"datum.decision == '{SURFACE}' ? 'up' : 'on'")
    layer = alt.layer(rect, text).properties(width=260, height=90)
    order = list(names.values())
    return layer.facet(facet=alt.Facet("policy:N", title=None, sort=order), data=long, columns=1).properties(
        title=chart_title(title, '"on": flip again; "up": surface (at the hold limit the diver surfaces anyway)'))


def win_findings(responses: pd.DataFrame, policy: pd.DataFrame | None = None,
                 lead: Iterable[str] = ("balanced", "seller", "opener")) -> list:
    """The findings of the dive tuned to win games: where its table differs from the
    expected-machines policy and when it opens (``win.table``, from :func:`win_policy_frame`),
    and from :func:`best_response_frame` with ``bot=["best", "win"]``: for each personality
    the ``win`` bot's paired margin in wins (``win.won.<personality>``) and its margin over the
    ``best`` bot in the same seat on the same decks (``win.vs_best``). ``lead``: the
    personalities whose margins the notebook leads with (not ``greedy``, whose turns the
    ``win`` bot shares but for when it opens: that margin is small and its direction does not
    hold at every seed at the notebook's size).

        >>> f = best_response_frame(games=2, players=2, personalities=["seller"], bot=["best", "win"])
        >>> [x.key for x in win_findings(f)]
        ['win.won.seller', 'win.vs_best']
    """
    from lopti_nb.analysis.findings import Finding, compare_means, holm

    from .win import TUNED_WITH, WIN_OPEN_AT

    tuning = 4 * TUNED_WITH["players"] * TUNED_WITH["games"]  # personalities x seats x games
    out = []
    lead = set(lead)
    if policy is not None and len(policy):
        differ = policy[policy["to_win"] != policy["most_machines"]]
        cells = "; ".join(f"sea {int(r.sea)}, haul {int(r.haul)}: {r.to_win} (most machines: {r.most_machines})"
                          for r in differ.itertuples())
        out.append(Finding(
            "win.table",
            f"The table tuned to win games (kept by winning most of {plural(tuning, 'game')} per "
            "candidate, against the four personalities) "
            + ("dives as the expected-machines policy does everywhere" if differ.empty else
               f"differs from the expected-machines policy in {plural(len(differ), 'cell')} ({cells})")
            + f"; it opens its sealed cards once it holds {WIN_OPEN_AT}, where greedy opens at 4"
              " (a table found by seeded games, not exact).",
            float(len(differ)), None, None, tuning, "games"))
    win = responses[responses["bot"] == "win"]
    for p, d in win.groupby("personality", sort=False):
        out.append(compare_means(f"win.won.{p}", 100 * d["won_best"], 100 * d["won_other"],
                                 f"Against {p}, the win bot wins", p, "more often", "less often",
                                 paired=True, measure="percentage points", unit="paired games", lead=p in lead,
                                 same=f"Against {p}, the win bot wins exactly as often"))
    best = responses[responses["bot"] == "best"]
    if len(win) and len(best):
        keys = ["personality", "seat", "game"]
        both = win.merge(best, on=keys, suffixes=("_win", "_bestbot"))
        out.append(compare_means("win.vs_best", 100 * both["won_best_win"], 100 * both["won_best_bestbot"],
                                 "In the same seat on the same decks, the win bot wins", "the best bot",
                                 "more often", "less often", paired=True, measure="percentage points",
                                 unit="paired games",
                                 same="In the same seat on the same decks, the win bot wins exactly as often as the best bot"))
    first = 1 if out and out[0].key == "win.table" else 0
    out[first:] = holm(out[first:], "the win bot's margins")
    return out


def coach_calibration_frame(positions: int = 2000, games: int = 60, seed: int = 7, per_game: int = 3,
                            known: dict | None = None, save: Any = None) -> pd.DataFrame:
    """Positions from real games with the coach's chance to win the action then taken, and
    whether the seat won: one row per position (``game``, ``predicted``, ``won``), for
    :func:`lopti_nb.analysis.calibration.reliability_frame`.

    Game ``g`` (4 players, dealt from ``seed``) studies seat ``g % 4``; every seat plays the
    coach's own rollout policy (the studied seat as the ``win`` bot, the others as the ``mix``
    personalities of their seats), so the chances are tested against the games they model. At
    about one in ten of the studied seat's decisions with a choice (at most ``per_game`` a
    game), :func:`lopti_nb.games.ledger.coach.win_chances` with ``games`` rollouts gives the
    chance of the action the seat then takes. Games are played until ``positions`` positions
    are reached. ``known`` maps a game number to its positions' chances already computed (a
    resumed run: the game is replayed to the same decisions without asking again); ``save`` is
    called with the frame so far every 20 games.

        >>> f = coach_calibration_frame(positions=2, games=8)
        >>> list(f.columns), len(f) >= 2, set(f["won"]) <= {0, 1}
        (['game', 'predicted', 'won'], True, True)
    """
    import random

    from lopti_nb.engine.settings import whole

    from .coach import rollout_bots, win_chances

    positions = whole(positions, "positions", 1, 1_000_000)
    games = whole(games, "games", 1, 100_000)
    per_game = whole(per_game, "per_game", 1, 1_000)
    known = known or {}
    rows: list = []
    g = 0
    rng = random.Random(seed)
    while len(rows) < positions:
        seat = g % 4
        state = LedgerState(4, seed * 100_003 + g)
        bots = rollout_bots(4, seat)
        mine: list = []
        while not state.is_over:
            s = state.current_player
            legal = state.legal_actions()
            action = bots[s](state.observation(s), legal, rng)
            if s == seat and len(legal) > 1 and len(mine) < per_game and rng.random() < 0.1:
                if g in known:
                    mine.append(float(known[g][len(mine)]))
                else:
                    table = win_chances(state, seat, games=games, seed=g, budget=None)
                    mine.append(float(table.set_index("move").loc[str(action), "win_chance"]))
            state.apply(action)
        won = int(seat in state.result.winners)
        rows += [{"game": g, "predicted": c, "won": won} for c in mine]
        g += 1
        if save is not None and g % 20 == 0:
            save(pd.DataFrame(rows, columns=["game", "predicted", "won"]))
    return pd.DataFrame(rows, columns=["game", "predicted", "won"])
