"""Golden playthroughs of The Drowned Ledger: whole seeded games, event by event, as a
spectator sees them. Regenerate after an intended rules change with

    GOLDEN_UPDATE=1 python3 -m pytest tests/ledger/test_ledger_golden.py
"""
import os
import random
from pathlib import Path

import pytest

from lopti_nb.engine import get_spec, play_out

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
CASES = {
    "ledger_4p_offices_mix": dict(players=4, seed=1, bots=["mix"] * 4, settings={}),
    "ledger_2p_plain_random": dict(players=2, seed=2, bots=["random", "greedy"],
                                   settings={"mode": "plain"}),
    "ledger_5p_table_watch": dict(players=5, seed=3, bots=["random", "balanced", "seller", "opener", "greedy"],
                                  settings={"table_watch": True}),
    "ledger_3p_levers": dict(players=3, seed=4, bots=["balanced", "seller", "opener"],
                             settings={"hold_limit": 2, "sea_start": 5, "sea_claim": 8,
                                       "deck": {"suits": 3, "values": [1, 2, 3, 4], "hazards": {2: 2, 5: 2, 7: 2}}}),
}


def playthrough(players, seed, bots, settings):
    spec = get_spec("drowned-ledger")
    state = spec.state_class(players, seed, **spec.check_settings(settings))
    play_out(state, [spec.make_bot(b) for b in bots], random.Random(seed))
    lines = [f"# The Drowned Ledger, {players} players, seed {seed}, bots {', '.join(bots)}, "
             f"settings {settings}"]
    lines += [f"{i:4d}  {text}" for i, text in enumerate(state.describe_events(None))]
    lines.append(f"scores {state.result.scores} places {state.result.places}")
    lines.append("actions " + " | ".join(map(str, state.actions)))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name):
    text = playthrough(**CASES[name])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("GOLDEN_UPDATE") == "1" or not path.exists():
        path.write_text(text)
    assert path.read_text() == text
