"""sweep(): the same rows whatever runs it (in process, local processes, Dask), the worker
count or the chunk size."""
from __future__ import annotations

import pandas as pd
import pytest

from lopti_nb.analysis import frames as F
from lopti_nb.analysis.sweep import chunk_sizes, dask_available, normalise_grid, sweep

GRID = [
    {"game": "skull-king", "players": 3, "scoring": "rascal"},
    {"game": "drowned-ledger", "bots": ["balanced", "seller", "opener", "greedy"], "rotate": True,
     "settings": {"hold_limit": 5}, "label": "deep"},
    {"game": "lopti", "players": 2, "dealer": 1},
]


@pytest.fixture(scope="module")
def serial():
    return sweep(GRID, 5, client="serial", seed=7, chunk_size=2, tables=["seats", "games", "rounds"])


def test_grid_cells_normalise():
    cells = normalise_grid(GRID)
    assert cells[0] == {"game": "skull-king", "players": 3, "bots": None, "rotate": False,
                        "label": None, "settings": {"scoring": "rascal"}}
    assert cells[1]["settings"] == {"hold_limit": 5} and cells[1]["bots"] == ("balanced", "seller", "opener", "greedy")
    assert cells[2]["settings"] == {"dealer": 1}
    with pytest.raises(ValueError):
        normalise_grid([{"players": 2}])


def test_sweep_rows(serial):
    seats = serial["seats"]
    assert seats.groupby("cell").size().tolist() == [5 * 3, 5 * 4, 5 * 2]  # a row per seat per game
    assert not seats.duplicated(["cell", "game", "seat"]).any()
    assert list(seats.columns[:2]) == ["cell", "game"]
    assert (seats[seats["cell"] == 1]["label"] == "deep").all()
    assert (seats[seats["cell"] == 1]["hold_limit"] == 5).all()
    assert len(serial["games"]) == 15
    assert len(serial["rounds"]) == 5 * 3 * 10  # Skull King rounds only
    # a cell's rows are exactly those of play_games with the cell's seed
    alone = F.play_games("skull-king", 5, seed="7:0", players=3, scoring="rascal", tables=["seats"])["seats"]
    mine = serial["seats"][serial["seats"]["cell"] == 0].drop(columns=["cell", "label", "game_name"])
    mine = mine.dropna(axis=1, how="all").reset_index(drop=True)
    # other games in the sweep make NaN (so float) columns of Skull King-only counts
    pd.testing.assert_frame_equal(mine[alone.columns], alone, check_categorical=False, check_dtype=False)


def test_chunk_size_does_not_change_results(serial):
    other = sweep(GRID, 5, client="serial", seed=7, chunk_size=5, tables=["seats", "games", "rounds"])
    for name in ("seats", "games", "rounds"):
        pd.testing.assert_frame_equal(serial[name], other[name])


def test_the_chunk_size_chosen_by_default_gives_the_same_rows(serial):
    other = sweep(GRID, 5, client="serial", seed=7, tables=["seats", "games", "rounds"])
    for name in ("seats", "games", "rounds"):
        pd.testing.assert_frame_equal(serial[name], other[name])


def test_the_default_chunks_are_a_few_per_worker_of_a_bounded_size():
    # 12,000 games on 2 workers: 16 chunks each, so what a chunk costs besides its games is
    # paid 32 times, not 480 times as with 25-game chunks
    assert chunk_sizes([3000] * 4, None, 2) == [375] * 4
    assert chunk_sizes([5, 5], None, 2) == [10, 10]  # never tiny
    assert chunk_sizes([10 ** 6], None, 1) == [1000]  # never so large a worker waits long
    assert chunk_sizes([3000, 3000], None, 2, [True, False]) == [4096, 188]  # batch cells: many at once
    assert chunk_sizes([3000, 7], 4, 2) == [4, 4]  # a size given is kept


def test_local_processes_give_identical_results(serial):
    out = sweep(GRID, 5, client="processes", workers=2, seed=7, chunk_size=3, tables=["seats", "games", "rounds"])
    for name in ("seats", "games", "rounds"):
        pd.testing.assert_frame_equal(serial[name], out[name])


def test_games_per_cell_per_cell():
    seats = sweep(GRID[:2], [2, 3], client="serial")
    assert seats.groupby("cell")["game"].nunique().tolist() == [2, 3]


@pytest.mark.skipif(not dask_available(), reason="dask.distributed is not installed (optional extra)")
def test_dask_cluster_gives_identical_results(serial):
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        out = sweep(GRID, 5, client=client, seed=7, chunk_size=1, tables=["seats", "games", "rounds"])
        by_address = sweep(GRID, 5, client=cluster.scheduler_address, seed=7, chunk_size=4)
        # batch chunks go to the same workers and come back as the serial batch rows
        batch_grid = [{"game": "skull-king", "bots": "random"}, {"game": "ledger", "mode": "plain"}]
        batch_rows = sweep(batch_grid, 7, client=client, seed=7, chunk_size=3, batch=True)
    for name in ("seats", "games", "rounds"):
        pd.testing.assert_frame_equal(serial[name], out[name])
    pd.testing.assert_frame_equal(serial["seats"], by_address)
    pd.testing.assert_frame_equal(sweep(batch_grid, 7, client="serial", seed=7, batch=True), batch_rows)
