"""Golden playthroughs: whole seeded games, kept as game records with the event text they give.

Each ``tests/golden/<name>.json`` holds one game of :data:`CASES`:

* ``record``: the game's record (``state.record()``: game, settings, seed, players and every
  action as text), without the package ``version`` (it says nothing about the game, and a
  release would otherwise rewrite every golden);
* ``bots`` and ``bot_seed``: who played it (the record says what was played, not who chose);
* ``result``: the scores, places and whether it was a stalemate;
* ``events``: every event in words, as the table sees them with every hand shown.

The tests only read these files: replaying the record with ``lopti_nb.load`` must give the
same events and result, and playing the case again with the same bots must give the same
record. ``scripts/regen_goldens.py`` is the only writer (``--check`` shows the differences
without writing). A rule or wording change shows up as a diff of these files, to be read
before it is committed.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import lopti_nb
from lopti_nb.engine import get_spec, play_out

FOLDER = Path(__file__).resolve().parent

#: name -> (game, players, seed, one bot name per seat, bot seed, settings)
CASES: dict[str, dict[str, Any]] = {
    "lopti_seed1": dict(game="lopti", players=4, seed=1, bots=["heuristic"] * 4, bot_seed=1,
                        settings={}),
    "lopti_seed2": dict(game="lopti", players=3, seed=2, bots=["random"] * 3, bot_seed=2, settings={}),
    "lopti_seed3": dict(game="lopti", players=5, seed=3, bots=["heuristic"] * 5, bot_seed=3,
                        settings={"play_on": True}),
    "skullking_4p_classic_heuristic": dict(game="skull-king", players=4, seed=1,
                                           bots=["heuristic"] * 4, bot_seed=1, settings={}),
    "skullking_2p_rascal_random": dict(game="skull-king", players=2, seed=7, bots=["random"] * 2,
                                       bot_seed=7, settings={"scoring": "rascal"}),
    "skullking_8p_cannonball_2021_random": dict(game="skull-king", players=8, seed=3,
                                                bots=["random"] * 8, bot_seed=3,
                                                settings={"scoring": "cannonball", "edition": "2021"}),
    # trick 2: the Skull King leads and a pirate follows him: no pirate bonus at the table's edition
    "skullking_4p_classic_random_pirate_after_king": dict(game="skull-king", players=4, seed=4,
                                                          bots=["random"] * 4, bot_seed=4, settings={}),
    "skullking_5p_classic_no_legendary_heuristic": dict(game="skull-king", players=5, seed=12,
                                                        bots=["heuristic"] * 5, bot_seed=4,
                                                        settings={"legendary": False}),
    "ledger_4p_offices_mix": dict(game="drowned-ledger", players=4, seed=1, bots=["mix"] * 4,
                                  bot_seed=1, settings={}),
    "ledger_2p_plain_random": dict(game="drowned-ledger", players=2, seed=2, bots=["random", "greedy"],
                                   bot_seed=2, settings={"mode": "plain"}),
    "ledger_5p_table_watch": dict(game="drowned-ledger", players=5, seed=3,
                                  bots=["random", "balanced", "seller", "opener", "greedy"], bot_seed=3,
                                  settings={"table_watch": True}),
    "ledger_3p_levers": dict(game="drowned-ledger", players=3, seed=4, bots=["balanced", "seller", "opener"],
                             bot_seed=4,
                             settings={"hold_limit": 2, "sea_start": 5, "sea_claim": 8,
                                       "deck": {"suits": 3, "values": [1, 2, 3, 4],
                                                "hazards": {2: 2, 5: 2, 7: 2}}}),
}


def names(game: str | None = None) -> list[str]:
    """The cases of ``game`` (every case when ``None``), sorted."""
    return sorted(n for n, c in CASES.items() if game is None or get_spec(c["game"]).name == get_spec(game).name)


def path(name: str) -> Path:
    return FOLDER / f"{name}.json"


def play(name: str):
    """The case's game, played to its end by its bots."""
    case = CASES[name]
    spec = get_spec(case["game"])
    state = lopti_nb.new_game(spec.name, players=case["players"], seed=case["seed"], **case["settings"])
    play_out(state, [spec.make_bot(b) for b in case["bots"]], random.Random(case["bot_seed"]))
    return state


def record_of(state) -> dict[str, Any]:
    """``state.record()`` without the package version (see the module docstring), as JSON
    reads it back (tuples become lists)."""
    record = {k: v for k, v in state.record().items() if k != "version"}
    return json.loads(json.dumps(record))


def events_of(state) -> list[str]:
    return [e.describe() for e in state.events]


def result_of(state) -> dict[str, Any]:
    result = state.result
    return {"scores": list(result.scores), "places": list(result.places), "stalemate": result.stalemate}


def golden(name: str) -> dict[str, Any]:
    """What the golden file of ``name`` holds, made now."""
    state = play(name)
    case = CASES[name]
    return {"name": name, "bots": list(case["bots"]), "bot_seed": case["bot_seed"],
            "record": record_of(state), "result": result_of(state), "events": events_of(state)}


def render(data: dict[str, Any]) -> str:
    """A golden file's text: JSON with one action and one event a line, so changes diff well."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def read(name: str) -> dict[str, Any]:
    file = path(name)
    if not file.exists():
        raise FileNotFoundError(f"{file} is missing: write it with python scripts/regen_goldens.py {name}")
    return json.loads(file.read_text(encoding="utf-8"))
