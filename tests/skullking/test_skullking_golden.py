"""Seeded golden playthroughs: the complete event log of a few games, stored as text.

Regenerate after an intended change of rules or wording with::

    GOLDEN_UPDATE=1 python3 -m pytest tests/skullking/test_skullking_golden.py
"""
import os
import random
from pathlib import Path

import pytest

from lopti_nb.engine import get_spec, play_out

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
SPEC = get_spec("skull-king")

# name -> (players, game seed, bot name, bot seed, settings)
GAMES = {
    "skullking_4p_classic_heuristic": (4, 1, "heuristic", 1, {}),
    "skullking_2p_rascal_random": (2, 7, "random", 7, {"scoring": "rascal"}),
    "skullking_8p_cannonball_2021_random": (8, 3, "random", 3,
                                            {"scoring": "cannonball", "edition": "2021"}),
    "skullking_5p_classic_no_legendary_heuristic": (5, 12, "heuristic", 4,
                                                    {"legendary": False}),
}


def playthrough(players, seed, bot, bot_seed, settings):
    state = SPEC.state_class(players, seed, **settings)
    play_out(state, [SPEC.make_bot(bot) for _ in range(players)], random.Random(bot_seed))
    header = (f"# Skull King golden playthrough: {players} players, seed {seed}, {bot} bots "
              f"(bot seed {bot_seed}), settings {state.settings}")
    # the full log (hands included): the table as an omniscient referee sees it
    return "\n".join([header, *(e.describe() for e in state.events)]) + "\n"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name):
    text = playthrough(*GAMES[name])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("GOLDEN_UPDATE") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    assert path.exists(), f"missing {path}; run with GOLDEN_UPDATE=1 to create it"
    assert text == path.read_text(), f"{name} changed; rerun with GOLDEN_UPDATE=1 if intended"
