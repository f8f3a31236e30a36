"""Altair chart builders: each takes a small tidy DataFrame from :mod:`.frames` and returns a
declarative chart with titled axes, a title and tooltips.

Colours are colour-blind safe: categories use the Okabe-Ito palette (as a scale range),
ordered quantities (sea level, target, rates) use viridis.
"""
from __future__ import annotations

from typing import Sequence

import altair as alt
import pandas as pd

__all__ = [
    "OKABE_ITO", "category_scale", "histogram_chart", "box_chart", "rate_chart", "mean_chart",
    "heatmap_chart", "catch_curve_chart", "overlay_chart", "expectation_chart",
    "best_target_chart", "office_balance_chart", "lever_chart", "seat_advantage_chart",
    "duty_chart",
]

# Okabe & Ito (2008), "Color Universal Design": distinguishable under the common colour
# vision deficiencies. Black last; the yellow is kept for late categories.
OKABE_ITO = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]
SEQUENTIAL = "viridis"
WIDTH, HEIGHT = 320, 220
PANEL_WIDTH = 260  # one panel of a faceted chart


def category_scale(domain: Sequence | None = None) -> alt.Scale:
    """An Okabe-Ito colour scale (``domain`` fixes the order of the categories)."""
    if domain is None:
        return alt.Scale(range=OKABE_ITO)
    return alt.Scale(domain=list(domain), range=OKABE_ITO[: max(len(domain), 1)])


def _color(field: str | None, title: str | None = None, domain=None, top: bool = False, legend: bool = True):
    """An Okabe-Ito colour encoding; ``top`` puts the legend above the chart (faceted charts
    are wide, and a legend on their right is easily scrolled out of view)."""
    if field is None:
        return alt.value(OKABE_ITO[0])
    if not legend:
        leg = None
    else:
        leg = alt.Legend(orient="top") if top else alt.Legend()
    return alt.Color(f"{field}:N", title=title or field.replace("_", " "), scale=category_scale(domain),
                     legend=leg)


def _facet(chart, data, column: str | None, title: str | None, independent_x: bool = False,
           independent_y: bool = False, columns: int | None = None):
    if column is None:
        return chart
    kw = {"columns": columns} if columns else {}
    out = chart.facet(facet=alt.Facet(f"{column}:N", title=title or column.replace("_", " ")),
                      data=data, **kw)
    if independent_x:
        out = out.resolve_scale(x="independent")
    if independent_y:
        out = out.resolve_scale(y="independent")
    return out


def _x_axis(x_type: str) -> alt.Axis:
    """Short ordinal labels (rounds, seas, seats) read upright; longer names are slanted."""
    return alt.Axis(labelAngle=0) if x_type == "O" else alt.Axis(labelAngle=-35)


def _title(text: str, subtitle: str | None = None):
    return alt.Title(text, subtitle=subtitle) if subtitle else text


# -- generic ------------------------------------------------------------------------------------
def histogram_chart(hist: pd.DataFrame, color: str | None = None, column: str | None = None,
                    title: str = "Distribution", x_title: str = "Value",
                    y_title: str = "Share of the group", subtitle: str | None = None,
                    independent_x: bool = False, columns: int | None = None) -> alt.Chart:
    """Overlaid histograms from :func:`~.frames.histogram_frame` (bars from ``bin_start`` to
    ``bin_end``, height ``share``), one colour per ``color`` group, faceted by ``column``."""
    tooltip = [alt.Tooltip("bin_start:Q", title="from", format=",.4~g"),
               alt.Tooltip("bin_end:Q", title="to", format=",.4~g"),
               alt.Tooltip("count:Q", title="count"),
               alt.Tooltip("share:Q", title="share", format=".1%")]
    for f in (color, column):
        if f:
            tooltip.insert(0, alt.Tooltip(f"{f}:N", title=f.replace("_", " ")))
    base = (alt.Chart(hist) if column is None else alt.Chart()).mark_bar(opacity=0.65, binSpacing=0).encode(
        x=alt.X("bin_start:Q", title=x_title, bin="binned"),
        x2="bin_end:Q",
        y=alt.Y("share:Q", title=y_title, stack=None, axis=alt.Axis(format="%")),
        color=_color(color, domain=_domain(hist, color), top=column is not None),
        tooltip=tooltip,
    ).properties(width=WIDTH if column is None else PANEL_WIDTH, height=HEIGHT)
    return _facet(base, hist, column, None, independent_x=independent_x, columns=columns).properties(
        title=_title(title, subtitle))


def _domain(df: pd.DataFrame, field: str | None):
    if field is None or field not in df.columns:
        return None
    # the domain must hold the data's own values (ints stay ints): a domain of strings does
    # not match numbers, and every mark would be drawn without a colour
    s = df[field]
    if isinstance(s.dtype, pd.CategoricalDtype):
        present = set(s.dropna())
        return [_plain(c) for c in s.cat.categories if c in present]
    return [_plain(v) for v in sorted(pd.unique(s.dropna()), key=lambda v: (str(type(v)), v))]


def _plain(v):
    """A numpy scalar as the Python value JSON writes."""
    return v.item() if hasattr(v, "item") else v


def box_chart(summary: pd.DataFrame, x: str, color: str | None = None, column: str | None = None,
              title: str = "Distribution", x_title: str | None = None, y_title: str = "Value",
              subtitle: str | None = None, x_type: str = "O") -> alt.Chart:
    """Box-and-whisker chart from :func:`~.frames.distribution_summary`: whiskers from the
    5th to the 95th percentile, box from quartile to quartile, a tick at the median and a
    dot at the mean; groups of ``color`` side by side within each ``x``."""
    tooltip = [alt.Tooltip(f"{x}:{x_type}", title=x_title or x)]
    for f in (color, column):
        if f:
            tooltip.append(alt.Tooltip(f"{f}:N", title=f.replace("_", " ")))
    tooltip += [alt.Tooltip("n:Q", title="n"), alt.Tooltip("mean:Q", format=",.1f"),
                alt.Tooltip("median:Q", format=",.1f"),
                alt.Tooltip("q1:Q", title="lower quartile", format=",.1f"),
                alt.Tooltip("q3:Q", title="upper quartile", format=",.1f"),
                alt.Tooltip("p05:Q", title="5th percentile", format=",.1f"),
                alt.Tooltip("p95:Q", title="95th percentile", format=",.1f")]
    enc = {"x": alt.X(f"{x}:{x_type}", title=x_title or x.replace("_", " "), axis=_x_axis(x_type)),
           "color": _color(color, domain=_domain(summary, color), top=column is not None), "tooltip": tooltip}
    if color:
        enc["xOffset"] = alt.XOffset(f"{color}:N", sort=_domain(summary, color))
    base = (alt.Chart(summary) if column is None else alt.Chart()).encode(**enc)
    whisker = base.mark_rule().encode(y=alt.Y("p05:Q", title=y_title), y2="p95:Q")
    box = base.mark_bar(size=9, opacity=0.85).encode(y="q1:Q", y2="q3:Q")
    median = base.mark_tick(color="white", size=9, thickness=2).encode(y="median:Q")
    mean = base.mark_point(shape="diamond", filled=True, size=25, color="black").encode(y="mean:Q")
    layer = alt.layer(whisker, box, median, mean).properties(
        width=WIDTH if column is None else PANEL_WIDTH, height=HEIGHT)
    if column is None:
        return layer.properties(title=_title(title, subtitle))
    return _facet(layer, summary, column, None).properties(title=_title(title, subtitle))


def rate_chart(rates: pd.DataFrame, x: str, y: str = "rate", color: str | None = None,
               column: str | None = None, title: str = "Rate", x_title: str | None = None,
               y_title: str = "Rate", subtitle: str | None = None, x_type: str = "O",
               reference: str | float | None = None, columns: int | None = None,
               independent_x: bool = False) -> alt.Chart:
    """A rate per ``x`` as points joined by lines, with 95 % interval bars (``lower`` to
    ``upper``); ``reference`` (a field or a number) draws a dashed reference line."""
    tooltip = [alt.Tooltip(f"{x}:{x_type}", title=x_title or x)]
    for f in (color, column):
        if f:
            tooltip.append(alt.Tooltip(f"{f}:N", title=f.replace("_", " ")))
    tooltip += [alt.Tooltip(f"{y}:Q", title=y_title, format=".1%"),
                alt.Tooltip("lower:Q", title="95% lower", format=".1%"),
                alt.Tooltip("upper:Q", title="95% upper", format=".1%")]
    if "n" in rates.columns:
        tooltip.append(alt.Tooltip("n:Q", title="n"))
    enc = {"x": alt.X(f"{x}:{x_type}", title=x_title or x.replace("_", " "), axis=_x_axis(x_type)),
           "color": _color(color, domain=_domain(rates, color), top=column is not None), "tooltip": tooltip}
    if color and x_type in ("O", "N"):
        enc["xOffset"] = alt.XOffset(f"{color}:N", sort=_domain(rates, color))
    base = (alt.Chart(rates) if column is None else alt.Chart()).encode(**enc)
    bars = base.mark_rule(strokeWidth=2, opacity=0.7).encode(
        y=alt.Y("lower:Q", title=y_title, axis=alt.Axis(format="%")), y2="upper:Q")
    points = base.mark_point(filled=True, size=45).encode(y=alt.Y(f"{y}:Q"))
    layers = [bars, points]
    if "xOffset" not in enc:  # lines join the points only when groups are not dodged
        layers.insert(0, base.mark_line(opacity=0.6).encode(y=f"{y}:Q"))
    if reference is not None:
        ref = (alt.Chart().mark_rule(strokeDash=[4, 3], color="grey")
               if column is not None else alt.Chart(rates).mark_rule(strokeDash=[4, 3], color="grey"))
        if isinstance(reference, str):
            ref = ref.encode(y=f"mean({reference}):Q")
        else:
            ref = ref.encode(y=alt.datum(reference))
        layers.append(ref)
    layer = alt.layer(*layers).properties(width=WIDTH if column is None else PANEL_WIDTH, height=HEIGHT)
    if column is None:
        return layer.properties(title=_title(title, subtitle))
    return _facet(layer, rates, column, None, independent_x=independent_x, columns=columns).properties(
        title=_title(title, subtitle))


def mean_chart(effects: pd.DataFrame, x: str = "setting", column: str = "measure", color: str | None = None,
               title: str = "Means", x_title: str = "Setting", y_title: str = "Mean per seat per game",
               subtitle: str | None = None, columns: int | None = 2) -> alt.Chart:
    """Bars of ``mean`` with 95 % error bars (``lower``/``upper``), one panel per ``column``
    with its own y scale (from :func:`~.frames.setting_effect_frame`)."""
    color = color or x
    tooltip = [alt.Tooltip(f"{x}:N", title=x_title), alt.Tooltip(f"{column}:N"),
               alt.Tooltip("mean:Q", format=",.2f"), alt.Tooltip("stderr:Q", format=",.2f"),
               alt.Tooltip("n:Q")]
    base = alt.Chart().encode(x=alt.X(f"{x}:N", title=x_title, axis=alt.Axis(labelAngle=-30)),
                              tooltip=tooltip)
    bars = base.mark_bar(opacity=0.85).encode(
        y=alt.Y("mean:Q", title=y_title),
        color=_color(color, domain=_domain(effects, color), legend=color != x))
    err = base.mark_rule(color="black").encode(y="lower:Q", y2="upper:Q")
    layer = alt.layer(bars, err).properties(width=220, height=HEIGHT - 40)
    return _facet(layer, effects, column, None, independent_y=True, columns=columns).properties(
        title=_title(title, subtitle))


def heatmap_chart(frame: pd.DataFrame, x: str, y: str, value: str, text: str | None = None,
                  title: str = "", x_title: str | None = None, y_title: str | None = None,
                  value_title: str | None = None, fmt: str = ".2f", subtitle: str | None = None,
                  reverse_y: bool = False) -> alt.Chart:
    """A viridis heatmap of ``value`` over ordinal ``x`` and ``y`` with the value (or
    ``text``) written in each cell."""
    value_title = value_title or value.replace("_", " ")
    tooltip = [alt.Tooltip(f"{x}:O", title=x_title or x), alt.Tooltip(f"{y}:O", title=y_title or y),
               alt.Tooltip(f"{value}:Q", title=value_title, format=fmt)]
    if text and text != value:
        tooltip.append(alt.Tooltip(f"{text}:N", title=text.replace("_", " ")))
    base = alt.Chart(frame).encode(
        x=alt.X(f"{x}:O", title=x_title or x.replace("_", " "), axis=_x_axis("O")),
        y=alt.Y(f"{y}:O", title=y_title or y.replace("_", " "),
                sort="descending" if reverse_y else "ascending"),
        tooltip=tooltip)
    rect = base.mark_rect().encode(color=alt.Color(f"{value}:Q", title=value_title,
                                                   scale=alt.Scale(scheme=SEQUENTIAL)))
    mid = (frame[value].min() + frame[value].max()) / 2 if len(frame) else 0
    label = base.mark_text(fontSize=10).encode(
        text=alt.Text(f"{text or value}:{'N' if text else 'Q'}", **({} if text else {"format": fmt})),
        color=alt.condition(f"datum['{value}'] > {mid}", alt.value("black"), alt.value("white")))
    return alt.layer(rect, label).properties(width=WIDTH, height=HEIGHT, title=_title(title, subtitle))


# -- Reckoning risk ---------------------------------------------------------------------------
def catch_curve_chart(exact: pd.DataFrame, title: str = "Chance of being caught before surfacing",
                      subtitle: str | None = "exact, fresh 58-card wreck deck") -> alt.Chart:
    """Exact catch probability against the sea level, one line per surfacing target."""
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


# -- Drowned Ledger strategies ---------------------------------------------------------------------
def office_balance_chart(table: pd.DataFrame, title: str = "Office balance",
                         subtitle: str | None = "win rate with 95% interval; shaded: within a third of the mean") -> alt.Chart:
    """Win rate per office (bars, Wilson interval) against the design band: the mean office
    win rate +- a third of it (shaded) and the mean (dashed)."""
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


def lever_chart(levers: pd.DataFrame, y: str = "mean_score", by: str = "bot",
                title: str = "The playtest levers", y_title: str = "Mean final score",
                subtitle: str | None = None) -> alt.Chart:
    """One panel per lever: ``y`` against the lever's value, one line per ``by`` group (with
    +-1.96 standard errors when ``y`` is ``mean_score``)."""
    data = levers.copy()
    data["lower"] = data["mean_score"] - 1.96 * data["stderr"]
    data["upper"] = data["mean_score"] + 1.96 * data["stderr"]
    tooltip = [alt.Tooltip("lever:N"), alt.Tooltip("value:N", title="value"),
               alt.Tooltip(f"{by}:N"), alt.Tooltip("mean_score:Q", title="mean score", format=".1f"),
               alt.Tooltip("win_rate:Q", title="win rate", format=".1%"),
               alt.Tooltip("mean_length:Q", title="mean rounds", format=".1f"), alt.Tooltip("n:Q")]
    base = alt.Chart().encode(x=alt.X("value:N", title="Lever value", sort=None, axis=_x_axis("O")),
                              color=_color(by, domain=sorted(data[by].unique()), top=True), tooltip=tooltip)
    line = base.mark_line(point=True).encode(y=alt.Y(f"{y}:Q", title=y_title,
                                                     **({"axis": alt.Axis(format="%")} if y == "win_rate" else {})))
    layers = [line]
    if y == "mean_score":
        layers.append(base.mark_rule(opacity=0.6).encode(y="lower:Q", y2="upper:Q"))
    layer = alt.layer(*layers).properties(width=200, height=HEIGHT)
    return layer.facet(facet=alt.Facet("lever:N", title=None), data=data).resolve_scale(
        x="independent").properties(title=_title(title, subtitle))


# -- Lopti ----------------------------------------------------------------------------------------
def seat_advantage_chart(adv: pd.DataFrame, title: str = "Who wins: the leader and each seat",
                         subtitle: str | None = "win rate with 95% interval; dashed: a fair share (1 / players)") -> alt.Chart:
    """Win rate per seat position (bars + Wilson interval), one panel per way of counting
    (absolute seat, seats after the leader), one colour per player count, with the fair
    share dashed."""
    tooltip = [alt.Tooltip("position:N", title="counted by"), alt.Tooltip("place:O", title="seat"),
               alt.Tooltip("players:O"), alt.Tooltip("win_rate:Q", title="win rate", format=".1%"),
               alt.Tooltip("lower:Q", title="95% lower", format=".1%"),
               alt.Tooltip("upper:Q", title="95% upper", format=".1%"), alt.Tooltip("n:Q")]
    base = alt.Chart().encode(
        x=alt.X("place:O", title="Seat (0 = first / the leader)", axis=_x_axis("O")),
        xOffset=alt.XOffset("players:O"),
        color=alt.Color("players:O", title="Players", scale=category_scale(sorted(adv["players"].unique()))),
        tooltip=tooltip)
    bars = base.mark_bar(opacity=0.85).encode(y=alt.Y("win_rate:Q", title="Win rate", axis=alt.Axis(format="%")))
    err = base.mark_rule().encode(y="lower:Q", y2="upper:Q", color=alt.value("black"))
    fair = base.mark_tick(strokeDash=[3, 2], thickness=1.5).encode(y="fair:Q", color=alt.value("black"))
    layer = alt.layer(bars, err, fair).properties(width=WIDTH, height=HEIGHT)
    return layer.facet(facet=alt.Facet("position:N", title=None,
                                       sort=["seat", "after leader"]), data=adv).properties(
        title=_title(title, subtitle))


def duty_chart(duty: pd.DataFrame, by: str = "players", title: str = "How often the 3 duty decides a round",
               subtitle: str | None = "share of rounds, 95% interval") -> alt.Chart:
    """Share of rounds per measure (colour) and ``by`` group (x), with Wilson intervals."""
    order = list(dict.fromkeys(duty["measure"]))
    base = alt.Chart(duty).encode(
        x=alt.X(f"{by}:O", title=by.replace("_", " ").capitalize(), axis=_x_axis("O")),
        xOffset=alt.XOffset("measure:N", sort=order),
        color=alt.Color("measure:N", title="Measure", sort=order, scale=category_scale(order)),
        tooltip=[alt.Tooltip(f"{by}:O"), alt.Tooltip("measure:N"),
                 alt.Tooltip("rate:Q", title="share", format=".1%"),
                 alt.Tooltip("lower:Q", title="95% lower", format=".1%"),
                 alt.Tooltip("upper:Q", title="95% upper", format=".1%"), alt.Tooltip("n:Q", title="rounds")])
    bars = base.mark_bar().encode(y=alt.Y("rate:Q", title="Share of rounds", axis=alt.Axis(format="%")))
    err = base.mark_rule().encode(y="lower:Q", y2="upper:Q", color=alt.value("black"))
    return alt.layer(bars, err).properties(width=WIDTH + 80, height=HEIGHT, title=_title(title, subtitle))


def motion_effect_chart(summary: pd.DataFrame, title: str = "Ready-made motions and round length",
                        subtitle: str | None = "extra turns per round against the same deals without the motion; bars: 95% interval") -> alt.Chart:
    """Mean extra turns per round for each motion (from
    :func:`~.frames.distribution_summary` of ``extra_turns`` by ``motion``), with
    +-1.96 standard errors; zero is the base game."""
    data = summary.copy()
    data["motion"] = data["motion"].astype(str)
    data["lower"] = data["mean"] - 1.96 * data["stderr"]
    data["upper"] = data["mean"] + 1.96 * data["stderr"]
    data["direction"] = data["mean"].map(lambda m: "longer" if m > 0 else ("shorter" if m < 0 else "no change"))
    order = list(data.sort_values("mean")["motion"])
    base = alt.Chart(data).encode(
        y=alt.Y("motion:N", title="Motion in force", sort=order),
        tooltip=[alt.Tooltip("motion:N"), alt.Tooltip("mean:Q", title="extra turns", format="+.2f"),
                 alt.Tooltip("lower:Q", title="95% lower", format="+.2f"),
                 alt.Tooltip("upper:Q", title="95% upper", format="+.2f"),
                 alt.Tooltip("n:Q", title="rounds")])
    bars = base.mark_bar().encode(
        x=alt.X("mean:Q", title="Mean extra turns per round"),
        color=alt.Color("direction:N", title="Rounds get",
                        scale=alt.Scale(domain=["shorter", "no change", "longer"],
                                        range=[OKABE_ITO[0], "#999999", OKABE_ITO[5]])))
    err = base.mark_rule(color="black").encode(x="lower:Q", x2="upper:Q")
    zero = alt.Chart(pd.DataFrame({"x": [0]})).mark_rule(color="black").encode(x="x:Q")
    return alt.layer(bars, err, zero).properties(width=WIDTH + 80, height=HEIGHT + 60,
                                                  title=_title(title, subtitle))


__all__.append("motion_effect_chart")
