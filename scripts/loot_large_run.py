"""The large-run estimate the loot coverage test checks its intervals against.

Plays LARGE_GAMES games per bonus table (four ``heuristic`` bots, classic scoring, the
Legendary cards in; the setup of the scoring notebook's ``deck.loot_legendary`` finding) and
prints the mean loot alliance points per seat per game, with its own standard error counted
by game. The printed numbers are pasted by hand into
``tests/analysis/test_loot_coverage.py`` (``LARGE_RUN_LOOT``); the test never writes them.

    PYTHONPATH=$PWD python3 scripts/loot_large_run.py        # about 3 minutes on one core
"""
from __future__ import annotations

from lopti_nb.analysis import sweep
from lopti_nb.analysis.findings import cluster_stderr, game_clusters

LARGE_GAMES = 6_000
SEED = "loot-large-run"

if __name__ == "__main__":
    grid = [{"game": "skull-king", "players": 4, "bots": "heuristic", "legendary": True, "edition": ed}
            for ed in ("table", "2021")]
    seats = sweep(grid, LARGE_GAMES, client="serial", seed=SEED)
    se = cluster_stderr(seats["loot"], game_clusters(seats))
    print(f"games: {seats['game'].nunique() * len(grid)}; seats: {len(seats)}")
    print(f"mean loot per seat per game: {seats['loot'].mean():.4f} (standard error by game {se:.4f})")
