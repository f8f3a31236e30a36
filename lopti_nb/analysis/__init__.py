"""Analysis of simulated games: tidy DataFrames, Altair charts and grid sweeps.

    from lopti_nb.analysis import play_games, histogram_frame, histogram_chart, show
    t = play_games("skull-king", 200, seed=1, scoring="rascal")
    show(histogram_chart(histogram_frame(t["seats"], "score", by="bot"), color="bot"))

* :mod:`.frames` -- runners and DataFrame builders (one row per seat per game, per game,
  per Skull King round; the exact Reckoning risk tables);
* :mod:`.charts` -- chart builders that take those frames and return Altair charts;
* :func:`sweep` -- a grid of settings on Dask (a local cluster or any existing one) or,
  without Dask, on local processes, with identical results either way.

On import the Altair charts are set up to draw offline (``JupyterChart.enable_offline()``:
the Vega JavaScript is bundled, no CDN is needed), when a kernel is there to take it.
:func:`show` gives a live chart (an ``alt.JupyterChart``); :func:`svg` a static SVG drawn by
vl-convert, stable for tests and checked notebook cells. Set the environment variable
``LOPTI_NB_STATIC_CHARTS=1`` to make :func:`show` return SVG as well.
"""
from __future__ import annotations

import os

import altair as alt

from . import charts, frames
from .charts import *  # noqa: F401,F403
from .frames import *  # noqa: F401,F403
from .sweep import dask_available, sweep

_OFFLINE = False


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with Jupyter
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def enable_offline() -> bool:
    """Bundle the Vega JavaScript into JupyterCharts (no CDN). Returns True when done; does
    nothing (False) outside a kernel or when anywidget is missing."""
    global _OFFLINE
    if _OFFLINE:
        return True
    if not _in_kernel():
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
    return flag not in ("", "0", "false", "no") or not _in_kernel()


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
    return alt.JupyterChart(chart)


enable_offline()

__all__ = ["frames", "charts", "sweep", "dask_available", "show", "svg", "svg_text",
           "enable_offline", "static_charts", *frames.__all__, *charts.__all__]
