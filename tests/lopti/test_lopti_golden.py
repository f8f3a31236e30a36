"""Seeded golden playthroughs: every event of a few games, word for word.

A rule change shows up here as a diff. After a deliberate change, regenerate with
``GOLDEN_UPDATE=1 python -m pytest tests/lopti/test_lopti_golden.py`` and review the diff.
"""
import os
import random
from pathlib import Path

import pytest

import lopti_nb
from lopti_nb.engine.runner import play_out
from lopti_nb.games.lopti import heuristic_bot
from lopti_nb.engine.registry import random_bot

GOLDEN = Path(__file__).parent.parent / "golden"
CASES = [(1, 4, "heuristic", {}), (2, 3, "random", {}), (3, 5, "heuristic", {"play_on": True})]


def playthrough(seed, players, bot, settings):
    state = lopti_nb.new_game("lopti", players=players, seed=seed, **settings)
    bots = [heuristic_bot if bot == "heuristic" else random_bot] * players
    play_out(state, bots, random.Random(seed))
    lines = [f"# lopti seed={seed} players={players} bots={bot} settings={settings}"]
    lines += [e.describe() for e in state.events]
    lines.append(f"# result {state.result.scores} {state.result.places}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed,players,bot,settings", CASES)
def test_golden_playthrough(seed, players, bot, settings):
    path = GOLDEN / f"lopti_seed{seed}.txt"
    text = playthrough(seed, players, bot, settings)
    if os.environ.get("GOLDEN_UPDATE"):
        path.write_text(text)
    assert path.exists(), f"missing {path}: run with GOLDEN_UPDATE=1"
    assert text == path.read_text()
