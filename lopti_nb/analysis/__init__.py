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

import importlib

from . import frames
from .frames import *  # noqa: F401,F403
from .sweep import dask_available, sweep

# Charts and display load Altair (seconds to import), so they load on first use: sweep
# workers, which only play games, never pay for it.
CHART_NAMES = [
    "OKABE_ITO", "category_scale", "histogram_chart", "box_chart", "rate_chart", "mean_chart",
    "heatmap_chart", "catch_curve_chart", "overlay_chart", "expectation_chart",
    "best_target_chart", "office_balance_chart", "lever_chart", "seat_advantage_chart",
    "duty_chart", "motion_effect_chart",
]
DISPLAY_NAMES = ["show", "svg", "svg_text", "enable_offline", "static_charts", "in_kernel"]


def __getattr__(name: str):
    if name in ("charts", "display"):
        return importlib.import_module(f".{name}", __name__)
    if name in CHART_NAMES:
        return getattr(importlib.import_module(".charts", __name__), name)
    if name in DISPLAY_NAMES:
        return getattr(importlib.import_module(".display", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _enable_offline_in_a_kernel() -> None:
    import sys

    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None and getattr(shell, "kernel", None) is not None:
        importlib.import_module(".display", __name__).enable_offline()


_enable_offline_in_a_kernel()

__all__ = ["frames", "charts", "display", "sweep", "dask_available",
           *DISPLAY_NAMES, *frames.__all__, *CHART_NAMES]
