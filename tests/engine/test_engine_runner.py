"""One runner: simulate and the analysis layer play the same games, lazily, on any workers."""
from __future__ import annotations

import itertools
import tracemalloc

import pytest

import lopti_nb
from lopti_nb.analysis import play_games
from lopti_nb.engine import SettingsError, all_specs
from lopti_nb.engine.runner import Run, game_seeds

GAMES = [s.name for s in all_specs()]


@pytest.mark.parametrize("game", GAMES)
def test_simulate_and_play_games_give_identical_rows(game):
    sim = lopti_nb.simulate(game, n=4, seed=11, players=3, bots="random", progress=False)
    seats = play_games(game, 4, seed=11, players=3, bots="random", tables=["seats"])["seats"]
    assert len(sim) == len(seats) == 12
    for column in sim.columns:
        assert sim[column].astype(object).tolist() == seats[column].astype(object).tolist(), column


def test_game_k_depends_on_seed_and_k_alone():
    assert game_seeds(5, 7) == game_seeds(5, 7)
    assert game_seeds(5, 7) != game_seeds(5, 8) and game_seeds(5, 7) != game_seeds(6, 7)
    whole = lopti_nb.simulate("skull-king", n=6, seed=2, progress=False)
    tail = play_games("skull-king", 3, seed=2, first=3, tables=["seats"])["seats"]
    assert whole["score"].tolist()[-12:] == tail["score"].tolist()


def test_seeds_are_made_as_games_are_played():
    tracemalloc.start()
    try:
        run = Run("skull-king", 10**8, seed=1, players=2, bots="random")
        first = list(itertools.islice(run.games(), 2))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [number for number, _, _ in first] == [0, 1]
    assert peak < 5_000_000  # 10**8 seed pairs would take gigabytes


def test_local_processes_give_the_same_rows():
    serial = lopti_nb.simulate("drowned-ledger", n=9, seed=4, progress=False)
    parallel = lopti_nb.simulate("drowned-ledger", n=9, seed=4, progress=False, workers=2)
    assert serial.equals(parallel)


@pytest.mark.timeout(180)
def test_a_dask_cluster_gives_the_same_rows():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = lopti_nb.simulate("lopti", n=7, seed=4, progress=False, client=client)
    assert on_dask.equals(lopti_nb.simulate("lopti", n=7, seed=4, progress=False))


@pytest.mark.parametrize("kwargs", [
    {"n": -1}, {"n": 2.5}, {"n": "10"}, {"seed": [1]}, {"workers": 0}, {"workers": "2"},
    {"bots": 3}, {"bots": ["random"]}, {"progress": "no"}, {"players": 9},
])
def test_simulate_refuses_bad_arguments_before_playing(kwargs):
    args = {"n": 2, "progress": False, **kwargs}
    with pytest.raises(SettingsError):
        lopti_nb.simulate("skull-king", **args)
