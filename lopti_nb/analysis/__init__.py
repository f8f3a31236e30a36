"""Analysis of simulated games: tidy DataFrames, Altair charts and grid sweeps.

    import lopti_nb
    from lopti_nb.analysis import play_games, histogram_frame, histogram_chart, show
    game = lopti_nb.game_names()[0]          # any installed game's name
    t = play_games(game, 200, seed=1)
    show(histogram_chart(histogram_frame(t["seats"], "score", by="bot"), color="bot"))

* :mod:`.frames` -- runners and DataFrame builders for any game (one row per seat per game,
  per game, the game's own tables; histograms, rates, setting and lever effects);
* :mod:`.charts` -- chart builders that take those frames and return Altair charts;
* :mod:`.findings` -- the sentences a notebook states about its own run, each with its
  95 % interval and sample size, worded as a direction only when the interval allows;
* :func:`ladder` -- every registered bot of a game ranked by a round-robin at mixed tables
  (Bradley-Terry ratings with intervals; :func:`ladder_chart` draws them), and
  :func:`head_to_head` -- two bots in the same seat on the same deals;
* :func:`sweep` -- a grid of settings on Dask (a local cluster or any existing one) or,
  without Dask, on local processes, with identical results either way;
* each game's own frames, charts and findings live in its plugin's ``studies`` module
  (``GameSpec.studies``, imported from there by a notebook); :func:`studies` gives every
  installed game's, by game name. This namespace holds only what serves every game.

On import the Altair charts are set up to draw offline (``JupyterChart.enable_offline()``:
the Vega JavaScript is bundled, no CDN is needed), when a kernel is there to take it.
:func:`show` gives a live chart (an ``alt.JupyterChart``); :func:`svg` a static SVG drawn by
vl-convert, stable for tests and checked notebook cells. Set the environment variable
``LOPTI_NB_STATIC_CHARTS=1`` to make :func:`show` return SVG as well.
"""
from __future__ import annotations

import importlib
import warnings
from typing import Any, Iterator

from . import frames
from .frames import *  # noqa: F401,F403
from .sweep import dask_available, sweep  # noqa: F401 (offered in __all__, made on demand)
from .findings import Finding, UNCLEAR, findings_frame, findings_markdown, show_findings  # noqa: F401
from .ladders import head_to_head, head_to_head_findings, ladder, ladder_chart, ladder_findings  # noqa: F401

# Charts and display load Altair (seconds to import), so they load on first use: sweep
# workers, which only play games, never pay for it.
CHART_NAMES = [
    "OKABE_ITO", "category_scale", "histogram_chart", "box_chart", "rate_chart", "mean_chart",
    "heatmap_chart", "lever_chart",
]
DISPLAY_NAMES = ["show", "svg", "svg_text", "enable_offline", "static_charts", "in_kernel"]
FINDING_NAMES = ["Finding", "UNCLEAR", "findings_frame", "findings_markdown", "show_findings"]
LADDER_NAMES = ["ladder", "ladder_chart", "ladder_findings", "head_to_head", "head_to_head_findings"]
CORE_NAMES = ["frames", "charts", "display", "sweep", "dask_available", *FINDING_NAMES, *LADDER_NAMES,
              *DISPLAY_NAMES, *frames.__all__, *CHART_NAMES]


def _studies() -> Iterator[tuple[str, Any]]:
    """``(game name, studies module)`` for each installed game with one, in the games' order,
    each imported when the iteration reaches it."""
    from lopti_nb.engine import all_specs

    for spec in all_specs():
        module = spec.load("studies")
        if module is not None:
            yield spec.name, module


def studies() -> dict[str, Any]:
    """Every installed game's studies module, by game name (imported now)."""
    return dict(_studies())


def study_names() -> dict[str, str]:
    """Each name the games' studies offer, with the game that offers it (the first in the
    games' order, if two offer the same name)."""
    out: dict[str, str] = {}
    for game, module in _studies():
        for name in getattr(module, "__all__", ()):
            out.setdefault(name, game)
    return out


__all__ = ["studies", "study_names", *CORE_NAMES]


def __getattr__(name: str):
    if name in ("charts", "display"):
        return importlib.import_module(f".{name}", __name__)
    if name in CHART_NAMES:
        return getattr(importlib.import_module(".charts", __name__), name)
    if name in DISPLAY_NAMES:
        return getattr(importlib.import_module(".display", __name__), name)
    if not name.startswith("_"):
        # A game's own frame or chart, offered here by the last release: it keeps working
        # one version, with a warning naming the game's studies module it comes from.
        for _, module in _studies():
            if name in getattr(module, "__all__", ()):
                warnings.warn(f"lopti_nb.analysis.{name} is {module.__name__}.{name}",
                              DeprecationWarning, stacklevel=2)
                return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def _enable_offline_in_a_kernel() -> None:
    import sys

    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None and getattr(shell, "kernel", None) is not None:
        importlib.import_module(".display", __name__).enable_offline()


_enable_offline_in_a_kernel()
