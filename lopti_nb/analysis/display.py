"""Showing charts in a notebook: live (offline JupyterChart) or static (SVG by vl-convert)."""
from __future__ import annotations

import os
import sys

import altair as alt

__all__ = ["show", "svg", "svg_text", "enable_offline", "static_charts", "in_kernel"]

_OFFLINE = False


def in_kernel() -> bool:
    """Whether this Python runs inside a Jupyter kernel (IPython with a kernel attached)."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    shell = ipython.get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def enable_offline() -> bool:
    """Bundle the Vega JavaScript into JupyterCharts (no CDN). Returns True when done; does
    nothing (False) outside a kernel or when anywidget is missing."""
    global _OFFLINE
    if _OFFLINE:
        return True
    if not in_kernel():
        return False
    try:
        alt.JupyterChart.enable_offline()
    except Exception:  # pragma: no cover - no anywidget, or no kernel comm
        return False
    _OFFLINE = True
    return True


def static_charts() -> bool:
    """Whether :func:`show` returns SVG (``LOPTI_NB_STATIC_CHARTS`` set, or no kernel)."""
    flag = os.environ.get("LOPTI_NB_STATIC_CHARTS", "").strip().lower()
    return flag not in ("", "0", "false", "no") or not in_kernel()


def svg_text(chart: alt.TopLevelMixin) -> str:
    """The chart drawn as SVG markup by vl-convert (no browser, no network)."""
    import vl_convert as vlc

    from .charts import styled

    from .charts import INK

    spec = styled(chart).to_dict()  # a picture on its own: on white
    version = alt.SCHEMA_VERSION.lstrip("v").rsplit(".", 1)[0].replace(".", "_")
    try:
        drawn = vlc.vegalite_to_svg(spec, vl_version=version)
    except Exception:  # an older vl-convert that does not know this Vega-Lite version
        drawn = vlc.vegalite_to_svg(spec)
    # in black ink: a picture put inline in a dark page would otherwise take its white text
    return drawn.replace(f'"{INK}"', '"#000"')


def svg(chart: alt.TopLevelMixin):
    """The chart as a static ``IPython.display.SVG`` (stable output for checked cells)."""
    from IPython.display import SVG

    return SVG(svg_text(chart))


def show(chart: alt.TopLevelMixin, static: bool | None = None):
    """Display ``chart``: a live, offline ``alt.JupyterChart`` in a kernel; SVG when
    ``static`` is true (default: :func:`static_charts`)."""
    if static is None:
        static = static_charts()
    if static:
        return svg(chart)
    enable_offline()
    return themed_chart(chart)


def themed_chart(chart: alt.TopLevelMixin, embed_options: dict | None = None):
    """A live ``alt.JupyterChart`` of ``chart`` in the page's theme: drawn as SVG with no
    background of its own, its text and axes in the colour of the page's text (see
    :func:`~.charts.chart_config`); a new ``.chart`` is styled the same way.
    ``embed_options``: vega-embed's (the renderer stays SVG).

        >>> import pandas as pd
        >>> live = themed_chart(alt.Chart(pd.DataFrame({"x": [1]})).mark_bar().encode(x="x:Q"))
        >>> live.spec["config"]["background"], live.embed_options["renderer"]
        ('transparent', 'svg')
    """
    return _themed_class()(chart, embed_options=embed_options)


_THEMED = None


def _themed_class():
    # made on first use: the class needs anywidget, which headless code never imports
    global _THEMED
    if _THEMED is None:
        import traitlets

        from .charts import styled

        class ThemedChart(alt.JupyterChart):
            # the SVG's "currentColor" is the colour of the text around the chart: the theme's
            _css = alt.JupyterChart._css + """
            .lnb-themed-chart { color: var(--jp-content-font-color1, var(--jp-ui-font-color1, #000)); }
            """

            def __init__(self, chart, embed_options: dict | None = None):
                # SVG, not canvas: a canvas cannot take its colours from the page
                super().__init__(chart, embed_options={**(embed_options or {}), "renderer": "svg"})
                self.add_class("lnb-themed-chart")

            @traitlets.validate("chart")
            def _styled(self, proposal):
                chart = proposal["value"]
                return None if chart is None else styled(chart, background="transparent")

        _THEMED = ThemedChart
    return _THEMED
