"""The Reckoning risk explorer: exact dive risk for The Drowned Ledger, as live charts.

A dashboard part of this game (its plugin's ``extras["risk_explorer"]``), shown by
``lopti_nb.dashboard_parts.risk_explorer()``. Every number comes from
:mod:`lopti_nb.games.ledger.risk` (exact fractions over the fresh 58-card wreck deck and the
twelve-card Reckoning deck, for a dive before the sea has moved in its round, so that The Sea
Blinks raises the water under the diver); the charts are built with the game's studies and redrawn in
place, as wide as the page gives them (:mod:`lopti_nb.dashboard_parts.fitted`).
"""
from __future__ import annotations


import ipywidgets as W

from lopti_nb.dashboard_parts.common import MUTED, explained, note, style
from lopti_nb.dashboard_parts.fitted import FittedChart
from lopti_nb.text import esc

from . import risk

SEAS = range(1, 10)
HOLD_LIMITS = (1, 8)
# The three panels share the width the page gives them (see dashboard_parts.fitted): side by
# side on a wide page, one under another on a phone, each as wide as its share.
PANEL_HEIGHT, SPACING = 180, 30
MIN_PANEL = 280  # a panel narrower than this (axes and legend included) stands on its own line
# Panels one under another are centred on their plots, whose axes differ in width (the labels
# of how a dive ends are long): the column is this much wider than a panel
STACK_SLACK = 55
# what a panel's axes take beside its plot: the y axis (labels and title) of the curve and of
# the bars of machines, and the labels of how a dive ends (at most HOW_LABELS wide, and their ticks)
AXIS_WIDTH, HOW_LABELS = 48, 150


def panel_layout(width: int) -> tuple[int, int]:
    """(columns, width of each panel) for three panels in ``width`` pixels: all three side by
    side when each gets MIN_PANEL, else one under another.

        >>> panel_layout(1100), panel_layout(360)
        ((3, 346), (1, 305))
    """
    if width >= 3 * MIN_PANEL + 2 * SPACING:
        return 3, (width - 2 * SPACING) // 3
    return 1, width - STACK_SLACK


class RiskExplorer(W.VBox):
    """Sliders for the sea level, the hold limit and the surfacing target; three live charts."""

    def __init__(self, sea: int = 3, hold_limit: int = 4, target: int = 2, draw: bool = True):
        self.sea = style(description="Sea level", min=SEAS[0], max=SEAS[-1], value=sea,
                         continuous_update=False)
        self.hold_limit = style(description="Hold limit", min=HOLD_LIMITS[0], max=HOLD_LIMITS[1],
                                value=hold_limit, continuous_update=False)
        self.target = style(description="Surface with", min=1, max=hold_limit,
                            value=min(target, hold_limit), continuous_update=False)
        self.summary = W.HTML()
        for w in (self.sea, self.hold_limit, self.target):
            w.observe(self._changed, names="value")
        self._update_summary()
        sliders = W.VBox([
            explained(self.sea, "Hazards numbered at or below the sea catch the diver."),
            explained(self.hold_limit, "A dive surfaces by itself once the haul holds this many machines."),
            explained(self.target, "The diver means to surface with this many machines (at most the "
                                   "hold limit)."),
            note("Drag a slider: every number and chart is worked out again, exactly."),
        ], layout=W.Layout(max_width="460px", margin="0 24px 0 0"))
        self.chart = FittedChart()
        self.waiting = W.HTML('<i style="color:var(--jp-ui-font-color2)">Drawing the charts...</i>')
        self.charts_box = W.VBox([self.waiting, self.chart], layout=W.Layout(width="100%"))
        # the sliders and their figures side by side on a wide page (one under the other on a
        # phone), and the charts under them, across the whole width
        super().__init__([W.HBox([sliders, self.summary], layout=W.Layout(flex_flow="row wrap")),
                          self.charts_box], layout=W.Layout(width="100%"))
        self.add_class("lnb-risk-explorer")
        if draw:
            self.draw()

    def draw(self) -> None:
        """Build the live charts (the slow part: Altair and the Vega bundle). A dashboard shows
        the sliders first and calls this from its next cell."""
        if self.jchart is not None:
            return
        self.chart.show(self._chart)
        self.charts_box.children = (self.chart,)

    @property
    def jchart(self):
        """The live chart (``None`` until drawn)."""
        return self.chart.jchart

    # -- data ---------------------------------------------------------------------------------
    def _targets(self) -> range:
        return range(1, self.hold_limit.value + 1)

    def _outcome_frame(self):
        df = risk.dive_outcomes(self.sea.value, self.target.value)
        grouped = df.groupby(["outcome", "caught"], sort=False, as_index=False).agg(
            probability=("probability", "sum"))
        grouped["label"] = grouped["outcome"].where(~grouped["caught"], "caught: " + grouped["outcome"])
        grouped["label"] = grouped["label"].where(grouped["caught"], "surfaced safely")
        grouped["ending"] = grouped["caught"].map({False: "surfaced", True: "caught"})
        return grouped.sort_values(["caught", "probability"], ascending=[True, False])

    def _charts(self, panel: int):
        """The three panels, each ``panel`` pixels wide (axes and legends included)."""
        import altair as alt

        from lopti_nb.analysis.charts import INK

        from .studies import catch_curve_chart, catch_probability_frame, dive_expectation_frame

        sea, target = self.sea.value, self.target.value
        curve_df = catch_probability_frame(SEAS, self._targets())
        curve = catch_curve_chart(
            curve_df, title="Chance of being caught before surfacing",
            subtitle=[f"one line per target up to the hold limit ({self.hold_limit.value})",
                      "the dot: your sea and target"])
        mark = alt.Chart(curve_df[(curve_df["sea"] == sea) & (curve_df["target"] == target)]).mark_point(
            size=220, shape="circle", filled=False, strokeWidth=3, color="#D55E00").encode(
            x="sea:O", y="catch_probability:Q")
        curve = alt.layer(curve, mark).properties(width=panel - AXIS_WIDTH, height=PANEL_HEIGHT)

        outcomes = self._outcome_frame()
        bars = alt.Chart(outcomes).mark_bar().encode(
            y=alt.Y("label:N", title=None, sort=None),
            x=alt.X("probability:Q", title="Probability", axis=alt.Axis(format="%", tickCount=4),
                    scale=alt.Scale(domain=[0, 1])),
            color=alt.Color("ending:N", title="The dive", scale=alt.Scale(domain=["surfaced", "caught"],
                                                                          range=["#009E73", "#D55E00"])),
            tooltip=[alt.Tooltip("label:N", title="the dive ends"),
                     alt.Tooltip("probability:Q", format=".2%")],
        )
        text = bars.mark_text(align="left", dx=3).encode(text=alt.Text("probability:Q", format=".1%"),
                                                          color=alt.value(INK))
        how = alt.layer(bars, text).properties(
            width=panel - HOW_LABELS - 15, height=PANEL_HEIGHT,
            title=alt.Title("How the dive ends", subtitle=[f"sea {sea}, surfacing with {target}",
                                                           "The Sea Blinks lets a caught dive go on"]))

        exp = dive_expectation_frame([sea], self._targets())
        long = exp.melt(id_vars=["target"], value_vars=["kept", "lost"], var_name="measure",
                        value_name="machines")
        long["measure"] = long["measure"].map({"kept": "kept", "lost": "lost to the sea"})
        expectation = alt.Chart(long).mark_bar().encode(
            x=alt.X("target:O", title="Surfacing target (machines)"),
            xOffset=alt.XOffset("measure:N"),
            y=alt.Y("machines:Q", title="Expected machines per dive"),
            color=alt.Color("measure:N", title=None,
                            scale=alt.Scale(domain=["kept", "lost to the sea"], range=["#0072B2", "#E69F00"])),
            opacity=alt.condition(f"datum.target == {target}", alt.value(1.0), alt.value(0.45)),
            tooltip=[alt.Tooltip("target:O"), alt.Tooltip("measure:N"),
                     alt.Tooltip("machines:Q", format=".3f")],
        ).properties(width=panel - AXIS_WIDTH, height=PANEL_HEIGHT,
                     title=alt.Title("What one dive brings home", subtitle=f"sea {sea}, exact averages"))
        return curve, how, expectation

    def _chart(self, width: int):
        """The three panels as one chart ``width`` pixels wide at most (one widget, so the page
        loads Vega once): side by side when there is room, else one under another, with
        their legends below them."""
        import altair as alt

        columns, panel = panel_layout(width)
        curve, how, expectation = self._charts(panel)
        stack = alt.hconcat if columns > 1 else alt.vconcat
        return (stack(curve, how, expectation, spacing=SPACING, center=True)
                .resolve_scale(color="independent")
                .configure_legend(orient="bottom", direction="horizontal", columns=4,
                                  titleOrient="top", labelLimit=120)
                .configure_title(limit=panel - 10, anchor="start", frame="bounds")
                .configure_axis(labelLimit=HOW_LABELS, titleLimit=panel - 60))

    # -- updates ------------------------------------------------------------------------------
    def _update_summary(self) -> None:
        sea, target = self.sea.value, self.target.value
        p = risk.catch_probability(sea, target, exact=True)
        machines, live = risk.deck_counts(sea)
        kept, lost = self._expected_haul(sea, target)
        self.summary.value = (
            f'<div style="font-size:1.05em;line-height:1.5;max-width:440px">'
            f'With the sea at <b>{sea}</b>, the deck holds <b>{live}</b> live hazards among '
            f'{machines} machines.<br>A dive meaning to surface with <b>{target}</b> '
            f'machine{"s" if target != 1 else ""} is caught first with probability '
            f'<b class="lnb-risk-p">{float(p):.1%}</b> '
            f'<span style="{MUTED}">(exactly {esc(str(p))})</span>.<br>'
            f'On average it keeps <b>{kept:.2f}</b> machines and loses <b>{lost:.2f}</b>.<br>'
            f'<span style="{MUTED}">These figures assume the sea has not moved yet this round: a '
            f'catch is then the round\'s first sea trigger, so if The Sea Blinks lets the dive go on, '
            f'the hazards numbered {sea + 1} are live for the rest of it.</span></div>')

    @staticmethod
    def _expected_haul(sea: int, target: int) -> tuple[float, float]:
        """Machines a dive keeps and loses on average: the sums over the rows of
        :func:`risk.dive_outcomes`, taken from the exact outcome table it is built from, so the
        sliders' first paint needs no pandas (a third of a second of a cold page)."""
        machines, live, edge = risk.live_counts(sea)
        table = risk.walk_outcomes(target, machines, live, edge, risk.reckoning_counts(None), False)
        kept = sum((sealed + opened) * p for (_, sealed, opened, *_), p in table.items())
        lost = sum(key[3] * p for key, p in table.items())
        return float(kept), float(lost)

    def _changed(self, change) -> None:
        if change["owner"] is self.hold_limit:
            self.target.max = self.hold_limit.value  # clamps the target, which fires again
        self._update_summary()
        self.chart.redraw()  # in place, once drawn
