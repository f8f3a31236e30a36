"""Sweeps and seat tables from the games' batch simulators: ``batch="auto"`` plays the cells a
batch simulator covers there and the rest in the engine, the rows do not depend on where or in
what chunks they are played, and ``batch=True`` refuses an uncovered cell or table before any
game is played."""
import pytest

import lopti_nb
from lopti_nb.analysis import play_games, sweep
from lopti_nb.engine import BatchNotCovered, SettingsError

GRID = [{"game": "skull-king", "bots": "random", "scoring": "rascal"},
        {"game": "skull-king", "players": 3},  # the heuristic, the default
        {"game": "ledger", "bots": "random", "mode": "plain"},
        {"game": "ledger"}]  # the offices: the engine


def test_a_batch_sweep_gives_the_same_rows_in_any_chunks_and_processes():
    serial = sweep(GRID, 9, client="serial", batch="auto", chunk_size=4)
    spread = sweep(GRID, 9, client="processes", workers=2, batch="auto", chunk_size=5)
    assert serial.equals(spread)
    assert len(serial) == 9 * (4 + 3 + 4 + 4)


def test_a_batch_cell_holds_the_rows_simulate_gives_with_batch():
    rows = sweep(GRID[:1], 12, client="serial", batch=True, seed=3)
    alone = lopti_nb.simulate("skull-king", 12, seed="3:0", bots="random", scoring="rascal",
                              batch=True, progress=False)
    assert list(rows.score) == list(alone.score.astype(float))
    assert list(rows.tricks_won) == list(alone.tricks_won)


def test_auto_plays_uncovered_cells_in_the_engine():
    rows = sweep(GRID[3:], 4, client="serial", batch="auto", seed=1)
    engine = sweep(GRID[3:], 4, client="serial", seed=1)
    assert rows.equals(engine)


def test_batch_true_refuses_an_uncovered_cell_or_table_before_playing():
    with pytest.raises(BatchNotCovered, match="plain rules"):
        sweep(GRID[2:], 3, client="serial", batch=True)
    with pytest.raises(BatchNotCovered, match="not bidder"):
        sweep([{"game": "skull-king", "bots": "bidder"}], 3, client="serial", batch=True)
    with pytest.raises(BatchNotCovered, match="seats table only"):
        sweep(GRID[:1], 3, client="serial", batch=True, tables=["seats", "games"])
    with pytest.raises(BatchNotCovered, match="seats table only"):
        play_games("skull-king", 2, bots="random", batch=True, tables=["games"])
    with pytest.raises(SettingsError, match="True, False or 'auto'"):
        sweep(GRID[:1], 3, client="serial", batch="fast")


def test_play_games_adds_the_settings_columns_on_the_batch_path():
    seats = play_games("skull-king", 3, bots="random", batch=True, tables=["seats"],
                       edition="2021")["seats"]
    engine = play_games("skull-king", 3, bots="random", tables=["seats"], edition="2021")["seats"]
    assert list(seats.columns) == list(engine.columns)
    assert [seats[c].dtype for c in seats] == [engine[c].dtype for c in engine]
    assert set(seats.edition) == {"2021"}
