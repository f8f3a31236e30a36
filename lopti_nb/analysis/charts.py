"""Altair chart builders: each takes a small tidy DataFrame from :mod:`.frames` and returns a
declarative chart with titled axes, a title and tooltips.

Colours are colour-blind safe: categories use the Okabe-Ito palette (as a scale range),
ordered quantities (levels, targets, rates) use viridis. Charts of one game's own frames
live in that game's ``studies`` module and build on the pieces here.
"""
from __future__ import annotations

from typing import Sequence

import altair as alt
import pandas as pd

__all__ = [
    "OKABE_ITO", "category_scale", "histogram_chart", "box_chart", "rate_chart", "mean_chart",
    "heatmap_chart", "lever_chart",
]

# Okabe & Ito (2008), "Color Universal Design": distinguishable under the common colour
# vision deficiencies. Black last; the yellow is kept for late categories.
OKABE_ITO = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]
SEQUENTIAL = "viridis"
WIDTH, HEIGHT = 320, 220
PANEL_WIDTH = 260  # one panel of a faceted chart

# The charts' look, in one place (every chart drawn by the package goes through `styled`).
# Text, axes, grid and the marks drawn in ink take "currentColor": in a page the SVG takes the
# colour of the text around it, the theme's own (near black in the light theme, near white in
# the dark), and a picture on its own draws it black. A live chart has no background of its
# own (the page shows through); a picture keeps a white one, so it reads wherever it is put.
INK = "currentColor"


def chart_config(background: str = "white") -> dict:
    """The Vega-Lite ``config`` every chart is drawn with: text and axes in ``INK``, the grid
    and the view's frame in faint ink, on ``background`` ("transparent" for live charts).

        >>> chart_config("transparent")["axis"]["labelColor"]
        'currentColor'
    """
    text = {"labelColor": INK, "titleColor": INK}
    return {
        "background": background,
        "axis": {**text, "domainColor": INK, "domainOpacity": 0.5, "tickColor": INK,
                 "tickOpacity": 0.5, "gridColor": INK, "gridOpacity": 0.15},
        "legend": dict(text),
        "header": dict(text),
        "title": {"color": INK, "subtitleColor": INK},
        "view": {"stroke": INK, "strokeOpacity": 0.15},
        "text": {"color": INK},
    }


def styled(chart: alt.TopLevelMixin, background: str = "white") -> alt.TopLevelMixin:
    """A copy of ``chart`` drawn with :func:`chart_config` (``background``); what the chart
    configures itself (``configure_*``) still wins.

        >>> c = styled(alt.Chart(pd.DataFrame({"x": [1]})).mark_bar().encode(x="x:Q"), "transparent")
        >>> c.to_dict()["config"]["background"]
        'transparent'
    """
    own = chart.config.to_dict() if chart.config is not alt.Undefined else {}
    config = chart_config(background)
    for key, value in own.items():
        config[key] = {**config[key], **value} if isinstance(value, dict) and isinstance(config.get(key), dict) else value
    out = chart.copy(deep=False)
    out.config = alt.Config.from_dict(config)
    return out


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


def x_axis(x_type: str) -> alt.Axis:
    """Short ordinal labels (rounds, seas, seats) read upright; longer names are slanted."""
    return alt.Axis(labelAngle=0) if x_type == "O" else alt.Axis(labelAngle=-35)


def chart_title(text: str, subtitle: str | None = None):
    """A chart's title, with its subtitle under it when there is one (every study's charts
    use it, so titles look alike)."""
    return alt.Title(text, subtitle=subtitle) if subtitle else text


# -- generic ------------------------------------------------------------------------------------
def histogram_chart(hist: pd.DataFrame, color: str | None = None, column: str | None = None,
                    title: str = "Distribution", x_title: str = "Value",
                    y_title: str = "Share of the group", subtitle: str | None = None,
                    independent_x: bool = False, columns: int | None = None,
                    width: int | None = None, legend: bool = True) -> alt.Chart:
    """Overlaid histograms from :func:`~.frames.histogram_frame` (bars from ``bin_start`` to
    ``bin_end``, height ``share``), one colour per ``color`` group, faceted by ``column``;
    ``width``: the plot's (each panel's) width in pixels, axes aside; ``legend=False`` when
    the panels' headers already name the colours."""
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
        color=_color(color, domain=_domain(hist, color), top=column is not None, legend=legend),
        tooltip=tooltip,
    ).properties(width=width or (WIDTH if column is None else PANEL_WIDTH), height=HEIGHT)
    return _facet(base, hist, column, None, independent_x=independent_x, columns=columns).properties(
        title=chart_title(title, subtitle))


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
              subtitle: str | None = None, x_type: str = "O", width: int | None = None,
              legend: bool = True) -> alt.Chart:
    """Box-and-whisker chart from :func:`~.frames.distribution_summary`: whiskers from the
    5th to the 95th percentile, box from quartile to quartile, a tick at the median and a
    dot at the mean; groups of ``color`` side by side within each ``x``; ``width``: the
    plot's (each panel's) width in pixels, axes aside; ``legend=False`` when the x axis
    already names the colours."""
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
    enc = {"x": alt.X(f"{x}:{x_type}", title=x_title or x.replace("_", " "), axis=x_axis(x_type)),
           "color": _color(color, domain=_domain(summary, color), top=column is not None, legend=legend),
           "tooltip": tooltip}
    if color and color != x:
        enc["xOffset"] = alt.XOffset(f"{color}:N", sort=_domain(summary, color))
    base = (alt.Chart(summary) if column is None else alt.Chart()).encode(**enc)
    whisker = base.mark_rule().encode(y=alt.Y("p05:Q", title=y_title), y2="p95:Q")
    box = base.mark_bar(size=9, opacity=0.85).encode(y="q1:Q", y2="q3:Q")
    median = base.mark_tick(color="white", size=9, thickness=2).encode(y="median:Q")
    mean = base.mark_point(shape="diamond", filled=True, size=25, color="black").encode(y="mean:Q")
    layer = alt.layer(whisker, box, median, mean).properties(
        width=width or (WIDTH if column is None else PANEL_WIDTH), height=HEIGHT)
    if column is None:
        return layer.properties(title=chart_title(title, subtitle))
    return _facet(layer, summary, column, None).properties(title=chart_title(title, subtitle))


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
    enc = {"x": alt.X(f"{x}:{x_type}", title=x_title or x.replace("_", " "), axis=x_axis(x_type)),
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
        return layer.properties(title=chart_title(title, subtitle))
    return _facet(layer, rates, column, None, independent_x=independent_x, columns=columns).properties(
        title=chart_title(title, subtitle))


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
    err = base.mark_rule(color=INK).encode(y="lower:Q", y2="upper:Q")
    layer = alt.layer(bars, err).properties(width=220, height=HEIGHT - 40)
    return _facet(layer, effects, column, None, independent_y=True, columns=columns).properties(
        title=chart_title(title, subtitle))


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
        x=alt.X(f"{x}:O", title=x_title or x.replace("_", " "), axis=x_axis("O")),
        y=alt.Y(f"{y}:O", title=y_title or y.replace("_", " "),
                sort="descending" if reverse_y else "ascending"),
        tooltip=tooltip)
    rect = base.mark_rect().encode(color=alt.Color(f"{value}:Q", title=value_title,
                                                   scale=alt.Scale(scheme=SEQUENTIAL)))
    mid = (frame[value].min() + frame[value].max()) / 2 if len(frame) else 0
    label = base.mark_text(fontSize=10).encode(
        text=alt.Text(f"{text or value}:{'N' if text else 'Q'}", **({} if text else {"format": fmt})),
        color=alt.condition(f"datum['{value}'] > {mid}", alt.value("black"), alt.value("white")))
    return alt.layer(rect, label).properties(width=WIDTH, height=HEIGHT, title=chart_title(title, subtitle))


def lever_chart(levers: pd.DataFrame, y: str = "mean_score", by: str = "bot",
                title: str = "The playtest levers", y_title: str = "Mean final score",
                subtitle: str | None = None, length_title: str = "mean length") -> alt.Chart:
    """One panel per lever (from :func:`~.frames.lever_frame`): ``y`` against the lever's
    value, one line per ``by`` group, each point with its 95 % interval (+-1.96 standard
    errors for ``mean_score``, the Wilson interval for ``win_rate``). ``length_title`` names
    ``mean_length`` in the tooltip (a game's ``length_label``, e.g. "mean rounds")."""
    data = levers.copy()
    if y == "win_rate" and {"win_lower", "win_upper"} <= set(data.columns):
        data["lower"], data["upper"] = data["win_lower"], data["win_upper"]
    elif y == "mean_score":
        data["lower"] = data["mean_score"] - 1.96 * data["stderr"]
        data["upper"] = data["mean_score"] + 1.96 * data["stderr"]
    tooltip = [alt.Tooltip("lever:N"), alt.Tooltip("value:N", title="value"),
               alt.Tooltip(f"{by}:N"), alt.Tooltip("mean_score:Q", title="mean score", format=".1f"),
               alt.Tooltip("win_rate:Q", title="win rate", format=".1%"),
               alt.Tooltip("mean_length:Q", title=length_title, format=".1f"), alt.Tooltip("n:Q")]
    base = alt.Chart().encode(x=alt.X("value:N", title="Lever value", sort=None, axis=x_axis("O")),
                              color=_color(by, domain=sorted(data[by].unique()), top=True), tooltip=tooltip)
    line = base.mark_line(point=True).encode(y=alt.Y(f"{y}:Q", title=y_title,
                                                     **({"axis": alt.Axis(format="%")} if y == "win_rate" else {})))
    layers = [line]
    if "lower" in data.columns:
        layers.append(base.mark_rule(opacity=0.6).encode(y="lower:Q", y2="upper:Q"))
    layer = alt.layer(*layers).properties(width=200, height=HEIGHT)
    return layer.facet(facet=alt.Facet("lever:N", title=None), data=data).resolve_scale(
        x="independent").properties(title=chart_title(title, subtitle))

