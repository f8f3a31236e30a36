"""The widgets behind the Voilà dashboards in ``dashboards/`` (one function per dashboard).

Each dashboard notebook is a title, a line of help and one call::

    from lopti_nb.dashboard_parts import risk_explorer
    risk_explorer()

so the dashboards are short, and the same widgets can be tested in plain pytest. Charts are
live ``alt.JupyterChart`` widgets drawn offline (see :mod:`.offline`), built with the chart
builders of :mod:`lopti_nb.analysis` for the width the page gives them (see :mod:`.fitted`);
a slider, a button or a new width replaces ``jchart.chart`` in place.

* :func:`game_launcher` -- pick a game, players, people, bots and settings, deal a table;
* :func:`rules_classroom` -- the step-by-step rule explainers, with each game's voices, and
  "Join a class" (:mod:`lopti_nb.classroom`): a student's lessons then report to the teacher;
* :func:`class_teacher` -- the teacher's page of a class: the code, who is where, the most
  missed questions, tables for the whole class and their results;
* :func:`risk_explorer` -- a game's own risk explorer (exact risks as live charts), found
  through the plugins' ``extras`` (:func:`game_part`);
* :func:`score_lab` -- simulate many games with bots and see the score distributions.

The launcher's and the score lab's forms are built from each game's settings schema
(:mod:`.forms`); a dashboard part that belongs to one game lives in that game's folder and
is named in its plugin's ``extras``.
"""
from __future__ import annotations

from typing import Any

__all__ = ["game_launcher", "rules_classroom", "class_teacher", "risk_explorer", "score_lab", "enable_offline_charts",
           "game_part"]


def game_launcher(**kwargs):
    from .launcher import GameLauncher

    return GameLauncher(**kwargs)


def rules_classroom(**kwargs):
    from .classroom import RulesClassroom

    return RulesClassroom(**kwargs)


def class_teacher(store=None, poll: float = 1.0, start_timer: bool = True):
    """The teacher's page of a class (see :class:`.class_teacher.ClassTeacher`): ``store`` is
    the rooms store (default ``$LOPTI_NB_ROOMS``), ``poll`` the seconds between two looks::

        class_teacher(store="redis://127.0.0.1:6379/0")
    """
    from .class_teacher import ClassTeacher

    return ClassTeacher(store=store, poll=poll, start_timer=start_timer)


def game_part(part: str, game: str | None = None, **kwargs: Any):
    """A game's own dashboard part: the ``part`` its plugin names in ``extras`` (of ``game``,
    or of the first installed game that has one), called with ``kwargs``."""
    from lopti_nb.engine import SettingsError, all_specs, get_spec

    specs = [get_spec(game)] if game is not None else all_specs()
    for spec in specs:
        if part in spec.extras:
            return spec.load(part)(**kwargs)
    where = get_spec(game).title if game is not None else "any installed game"
    raise SettingsError(f"No dashboard part {part!r} in {where}.")


def risk_explorer(**kwargs):
    """The risk explorer of the game that has one (``extras["risk_explorer"]``)."""
    return game_part("risk_explorer", **kwargs)


def score_lab(**kwargs):
    from .score_lab import ScoreLab

    return ScoreLab(**kwargs)


def enable_offline_charts() -> bool:
    from .offline import enable_offline_charts as _enable

    return _enable()
