"""The widgets behind the Voilà dashboards in ``dashboards/`` (one function per dashboard).

Each dashboard notebook is a title, a line of help and one call::

    from lopti_nb.dashboard_parts import risk_explorer
    risk_explorer()

so the dashboards are short, and the same widgets can be tested in plain pytest. Charts are
live ``alt.JupyterChart`` widgets drawn offline (see :mod:`.offline`), built with the chart
builders of :mod:`lopti_nb.analysis`; a slider or a button replaces ``jchart.chart`` in place.

* :func:`game_launcher` -- pick a game, players, people, bots and settings, deal a table;
* :func:`rules_classroom` -- the step-by-step rule explainers, with Lopti's voices;
* :func:`risk_explorer` -- exact Reckoning risk for The Drowned Ledger, live charts;
* :func:`score_lab` -- simulate many games with bots and see the score distributions.
"""
from __future__ import annotations

__all__ = ["game_launcher", "rules_classroom", "risk_explorer", "score_lab", "enable_offline_charts"]


def game_launcher(**kwargs):
    from .launcher import GameLauncher

    return GameLauncher(**kwargs)


def rules_classroom(**kwargs):
    from .classroom import RulesClassroom

    return RulesClassroom(**kwargs)


def risk_explorer(**kwargs):
    from .risk import RiskExplorer

    return RiskExplorer(**kwargs)


def score_lab(**kwargs):
    from .score_lab import ScoreLab

    return ScoreLab(**kwargs)


def enable_offline_charts() -> bool:
    from .offline import enable_offline_charts as _enable

    return _enable()
