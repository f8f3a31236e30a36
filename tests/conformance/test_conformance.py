"""The state contract (docs/PLUGINS.md, ``lopti_nb/engine/core.py``), checked the same way for
every registered game: the package's own three and the toy Nim from ``tests/plugins``.

The checks live in the package (:mod:`lopti_nb.testing`), so a game in another package runs
the same suite with ``check_game(game)``; here each check runs for each game as its own test.
Every check must pass (none may be skipped) for every installed game.

Bugs the suite finds in a game are marked ``xfail(strict=True)`` with the bug in the reason
(see ``KNOWN_BUGS``): the mark has to go when the game is fixed.
"""
from __future__ import annotations

import pytest

import lopti_nb
from lopti_nb.engine import game_names
from lopti_nb.testing import CHECKS, check_game

GAMES = game_names()  # read while the tests are collected: every installed game, the toy too

# (check, game) -> the bug. Each is a real defect of that game (or of the engine code the game
# relies on), reported for whoever owns it; the mark must go with the fix (none open now).
KNOWN_BUGS: dict[tuple[str, str], str] = {}


def cases():
    """Every (game, check), those with a known bug marked xfail(strict)."""
    out = []
    for game in GAMES:
        for check in CHECKS:
            reason = KNOWN_BUGS.get((check, game))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            out.append(pytest.param(game, check, marks=marks, id=f"{game}-{check}"))
    return out


@pytest.mark.parametrize("game, check", cases())
def test_every_installed_game_passes_every_check(game, check):
    assert check_game(game, checks=[check]) == {check: "passed"}


def test_records_load_through_the_package_front_door():
    state = lopti_nb.new_game(GAMES[0], seed=1)
    assert lopti_nb.load(state.record()).events == state.events
