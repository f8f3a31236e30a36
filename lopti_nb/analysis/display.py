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

    spec = chart.to_dict()
    version = alt.SCHEMA_VERSION.lstrip("v").rsplit(".", 1)[0].replace(".", "_")
    try:
        return vlc.vegalite_to_svg(spec, vl_version=version)
    except Exception:  # an older vl-convert that does not know this Vega-Lite version
        return vlc.vegalite_to_svg(spec)


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
    # SVG in the browser as well: crisp when zoomed, and each mark is an element that
    # browser tests can count
    return alt.JupyterChart(chart, embed_options={"renderer": "svg"})
