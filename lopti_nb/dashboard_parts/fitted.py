"""Live charts as wide as the page gives them.

Vega-Lite sizes a chart to its container (``width="container"``) only when the chart is a
single view or a layer; the dashboards draw several panels in one chart (one widget, so the
page loads the Vega bundle once), which Vega-Lite sizes from the panels' own widths. So the
page says how wide the box is: :class:`WidthProbe` (an empty anywidget as wide as its box)
sends its width to the kernel whenever it changes, and :class:`FittedChart` builds the chart
again for that width, ``build(width)`` choosing the panels' widths and how many stand side by
side. On a 1200 px page the panels share the width; on a 400 px phone they stand one under
another, each as wide as the phone.
"""
from __future__ import annotations

from typing import Callable

import anywidget
import ipywidgets as W
import traitlets

from .offline import enable_offline_charts

# Until the page has said how wide the box is (or where there is no page: tests, nbval), the
# chart is built for this many pixels.
FALLBACK_WIDTH = 900
# vega-embed keeps this much room right of a chart for its "..." menu (its has-actions
# padding), and Vega pads a chart by 5 px on each side
MENU_WIDTH, PADDING = 40, 10


class WidthProbe(anywidget.AnyWidget):
    """An empty line as wide as its box; ``width`` is that width in whole pixels (0 until a
    page has drawn it). Changes are sent a moment after the box stops resizing."""

    _esm = """
    function render({ model, el }) {
      el.style.width = "100%";
      el.style.height = "0";
      let timer = null;
      const report = () => {
        const width = Math.floor(el.getBoundingClientRect().width);
        if (width > 0 && width !== model.get("width")) {
          model.set("width", width);
          model.save_changes();
        }
      };
      const observer = new ResizeObserver(() => {
        clearTimeout(timer);
        timer = setTimeout(report, 150);
      });
      observer.observe(el);
      report();
      return () => { observer.disconnect(); clearTimeout(timer); };
    }
    export default { render };
    """
    width = traitlets.Int(0).tag(sync=True)


class FittedChart(W.VBox):
    """A live, offline Altair chart built for the width of its box, in the page's theme
    (:func:`~lopti_nb.analysis.display.themed_chart`; ``embed_options``: vega-embed's).

    ``show(build)`` draws ``build(width)`` (an Altair chart at most ``width`` pixels wide,
    legends and axes included) and draws it again whenever the box changes width.

        >>> import altair as alt, pandas as pd
        >>> box = FittedChart()
        >>> box.show(lambda width: alt.Chart(pd.DataFrame({"x": [1]})).mark_bar()
        ...          .encode(x="x:Q").properties(width=width - 60))
        >>> box.jchart.chart.width == FALLBACK_WIDTH - MENU_WIDTH - PADDING - 60
        True
    """

    def __init__(self, embed_options: dict | None = None):
        self.probe = WidthProbe()
        self.jchart = None
        self.embed_options = embed_options  # vega-embed's, e.g. {"renderer": "svg"}
        self._build: Callable | None = None
        self.probe.observe(lambda change: self.redraw(), names="width")
        super().__init__([self.probe], layout=W.Layout(width="100%", min_width="0"))
        self.add_class("lnb-fitted-chart")

    @property
    def width(self) -> int:
        """The pixels a chart's panels may take (axes, titles and legends included): the box's
        width less vega-embed's menu and Vega's padding."""
        return (self.probe.width or FALLBACK_WIDTH) - MENU_WIDTH - PADDING

    def show(self, build: Callable) -> None:
        """Draw ``build(width)`` now, and again for each new width of the box."""
        self._build = build
        self.redraw()

    def redraw(self) -> None:
        if self._build is None:
            return
        chart = self._build(self.width)
        if self.jchart is None:
            enable_offline_charts()
            from lopti_nb.analysis.display import themed_chart

            self.jchart = themed_chart(chart, embed_options=self.embed_options)
            self.children = (self.probe, self.jchart)
        else:
            self.jchart.chart = chart  # redrawn in place
