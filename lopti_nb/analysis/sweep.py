"""Run a grid of game settings, many games per cell, on Dask or local processes.

    from lopti_nb.analysis import sweep
    grid = [{"game": game, "players": p} for p in (3, 4, 5)]     # game: an installed game's name
    seats = sweep(grid, games_per_cell=1000)                       # a local Dask cluster
    seats = sweep(grid, 1000, client="tcp://scheduler:8786")       # an existing cluster
    seats = sweep(grid, 1000, client="processes", workers=2)       # no Dask: local processes
    seats = sweep(grid, 1000, client="serial")                     # in this process

The work is cut into chunks of ``chunk_size`` games (chosen for the sweep by default), played by the engine's runner
(:func:`lopti_nb.engine.runner.run_parallel`, as ``lopti_nb.simulate(workers=...)`` does). Every game's seed comes from the sweep's
``seed``, the cell's index and the game's number (see :func:`~.frames.game_seeds`), never
from the worker that plays it, so the result is identical whatever the scheduler, the
number of workers or the chunk size. Rows come back ordered by cell, then game, then seat.
"""
from __future__ import annotations

import os
from typing import Any, Iterable, Mapping, Sequence

import pandas as pd

from lopti_nb.engine import BatchNotCovered, SettingsError, check_seed
from lopti_nb.engine.limits import shown
from lopti_nb.engine.runner import (MAX_GAMES, MAX_SEED_TEXT, Run, batch_simulator, check_client,
                                    check_workers, run_parallel)

from .frames import play_games

__all__ = ["sweep", "normalise_grid", "run_chunk", "dask_available"]

CELL_KEYS = ("game", "players", "bots", "rotate", "settings", "label")
MAX_CELLS = 10_000  # cells in one grid at most
MAX_CHUNK = 100_000  # games in one chunk at most
# chunk_size=None: the sweep is cut into about CHUNKS_PER_WORKER chunks per worker, each of
# AUTO_CHUNK games at least and at most. What a chunk pays besides its games (a task sent and
# its rows sent back, a frame built) is a few milliseconds, as much as one to three games: a
# few hundred games a chunk make it a percent or two, while a sweep still ends with every
# worker busy. A batch cell's chunk holds BATCH_AUTO_CHUNK games at least (the batch
# simulator gains on many games at once).
CHUNKS_PER_WORKER = 16
AUTO_CHUNK = (10, 1000)
BATCH_AUTO_CHUNK = 4096


def dask_available() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


def normalise_grid(grid: Iterable[Mapping[str, Any]], game: str | None = None) -> list[dict[str, Any]]:
    """Each cell as ``{"game", "players", "bots", "rotate", "settings", "label"}``.

    A cell may give settings under ``"settings"`` or as extra keys
    (``{"game": name, "<setting>": value}``). ``game`` is the default game.
    """
    if isinstance(grid, (str, bytes, Mapping)) or not isinstance(grid, Iterable):
        raise SettingsError(f"grid is a list of cells (dicts such as {{'game': <a game's name>, 'players': 4}}), "
                            f"not {shown(grid)}.")
    cells = []
    for i, cell in enumerate(grid):
        if i >= MAX_CELLS:
            raise SettingsError(f"A grid has at most {MAX_CELLS:,} cells.")
        if not isinstance(cell, Mapping):
            raise SettingsError(f"grid cell {i} is a dict such as {{'game': <a game's name>}}, not {shown(cell)}.")
        cell = dict(cell)
        given = cell.pop("settings", {}) or {}
        if not isinstance(given, Mapping):
            raise SettingsError(f"grid cell {i}'s settings are a dict of name to value, not {shown(given)}.")
        settings = dict(given)
        out = {k: cell.pop(k, None) for k in ("game", "players", "bots", "rotate", "label")}
        settings.update(cell)  # any other key is a setting
        out["game"] = out["game"] or game
        if out["game"] is None:
            raise SettingsError(f"grid cell {i} names no game.")
        out["rotate"] = False if out["rotate"] is None else out["rotate"]  # checked by the runner
        if isinstance(out["bots"], list):
            out["bots"] = tuple(out["bots"])
        out["settings"] = settings
        cells.append(out)
    return cells


def run_chunk(task: tuple) -> dict[str, pd.DataFrame]:
    """Play one chunk: ``(cell_index, cell, first_game, n_games, seed, tables)``, and
    optionally ``batch`` (see :func:`sweep`) as a seventh item."""
    index, cell, first, n, seed, tables = task[:6]
    batch = task[6] if len(task) > 6 else False
    frames = play_games(cell["game"], n, seed=f"{seed}:{index}", players=cell["players"],
                        bots=cell["bots"], rotate=cell["rotate"], first=first, tables=tables,
                        batch=batch, **cell["settings"])
    for df in frames.values():
        df.insert(0, "cell", index)
        if cell["label"] is not None:
            df.insert(1, "label", cell["label"])
        if "game_name" not in df.columns:
            df["game_name"] = cell["game"]
    return frames


def _tasks(cells, counts, seed, sizes, tables, batch=False):
    """The chunks of every cell (``sizes``: games per chunk, one per cell), one at a time (a
    sweep of any size lists none up front)."""
    for index, cell in enumerate(cells):
        n, size = counts[index], sizes[index]
        for first in range(0, n, size):
            yield (index, cell, first, min(size, n - first), seed, tables, batch)


def _workers_of(client: Any, workers: int | None) -> int:
    """How many games a sweep plays at once: ``workers``, the threads of a Dask client's
    workers, one in this process, or the machine's cores."""
    if client == "serial":
        return 1
    if workers:
        return workers
    nthreads = getattr(client, "nthreads", None)
    if callable(nthreads):
        try:
            return max(1, sum(nthreads().values()))
        except Exception:  # a client that cannot answer now: count the machine's cores
            pass
    return os.cpu_count() or 1


def chunk_sizes(counts: Sequence[int], chunk_size: int | None, workers: int,
                batch_cells: Sequence[bool] = ()) -> list[int]:
    """Games per chunk of each cell: ``chunk_size`` when given, else about
    :data:`CHUNKS_PER_WORKER` chunks per worker over the whole sweep, each of
    :data:`AUTO_CHUNK` games at least and at most (a batch cell's at least
    :data:`BATCH_AUTO_CHUNK`).

        >>> chunk_sizes([3000] * 4, None, 2), chunk_sizes([5, 5], None, 2), chunk_sizes([9], 4, 2)
        ([375, 375, 375, 375], [10, 10], [4])
    """
    if chunk_size is not None:
        return [chunk_size] * len(counts)
    low, high = AUTO_CHUNK
    size = min(high, max(low, -(-sum(counts) // (CHUNKS_PER_WORKER * max(1, workers)))))
    batch_cells = list(batch_cells) or [False] * len(counts)
    return [max(size, BATCH_AUTO_CHUNK) if b else size for b in batch_cells]


def _check(cells, games_per_cell, seed, chunk_size, tables, client, workers,
           batch=False) -> tuple[list[int], list[bool]]:
    """Every argument of :func:`sweep` checked before a game is played or a cluster made;
    the number of games of each cell, and whether each is played by a batch simulator."""
    if isinstance(games_per_cell, (list, tuple)):
        if len(games_per_cell) != len(cells):
            raise SettingsError(f"games_per_cell lists {len(games_per_cell):,} numbers for "
                                f"{len(cells)} cells; give one per cell, or one for all.")
        counts = list(games_per_cell)
    else:
        counts = [games_per_cell] * len(cells)
    for n in counts:
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_GAMES:
            raise SettingsError(f"games_per_cell is a number of games from 0 to {MAX_GAMES:,} "
                                f"(or one per cell), not {shown(n)}.")
    if chunk_size is not None and (isinstance(chunk_size, bool) or not isinstance(chunk_size, int)
                                   or not 1 <= chunk_size <= MAX_CHUNK):
        raise SettingsError(f"chunk_size must be a whole number from 1 to {MAX_CHUNK:,} (or None: "
                            f"chosen for the sweep), not {shown(chunk_size)}.")
    if isinstance(seed, str):
        if len(seed) > MAX_SEED_TEXT:
            raise SettingsError(f"A text seed has at most {MAX_SEED_TEXT} characters.")
    else:
        check_seed(seed)
    if not all(isinstance(t, str) for t in tables) or not tables:
        raise SettingsError("tables is 'seats', 'games', 'rounds' or a list of them.")
    check_workers(workers)
    if client not in ("serial", "processes"):
        check_client(client)
    if batch not in (False, True, "auto"):
        raise SettingsError(f"batch is True, False or 'auto', not {shown(batch)}.")
    batch_cells = []
    for cell in cells:  # a cell the games refuse is refused now, not in a worker
        run = Run(cell["game"], 1, 0, cell["players"], cell["bots"], rotate=cell["rotate"],
                  settings=cell["settings"])
        if batch is True:
            if set(tables) != {"seats"}:
                raise BatchNotCovered("A batch sweep gives the seats table only; ask for "
                                      "tables='seats', or leave out batch=True.")
            batch_simulator(run)
        covered = batch is True
        if batch == "auto" and set(tables) == {"seats"}:
            try:
                batch_simulator(run)
                covered = True
            except BatchNotCovered:
                pass
        batch_cells.append(covered)
    return counts, batch_cells


def _run(tasks: Iterable, client: Any, workers: int | None, progress: bool, total: int | None = None) -> list:
    """``run_chunk`` of every task, in order, on the engine's runner (local processes or a Dask
    client); ``client=None`` with Dask installed makes a local cluster for this call."""
    if client == "serial":
        return run_parallel(run_chunk, tasks, progress=progress, desc="sweep", total=total)
    if client == "processes" or (client is None and not dask_available()):
        return run_parallel(run_chunk, tasks, workers=workers or min(os.cpu_count() or 1, 64),
                            progress=progress, desc="sweep", total=total)
    if client is not None:  # a distributed.Client or a scheduler address
        return run_parallel(run_chunk, tasks, client=client, progress=progress, desc="sweep",
                            total=total)
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                      processes=True, dashboard_address=None) as cluster, Client(cluster) as own:
        return run_parallel(run_chunk, tasks, client=own, progress=progress, desc="sweep", total=total)


def sweep(grid: Iterable[Mapping[str, Any]], games_per_cell: int | Sequence[int], client: Any = None,
          seed: Any = 0, workers: int | None = None, chunk_size: int | None = None,
          tables: str | Sequence[str] = "seats", game: str | None = None,
          progress: bool = False, batch: bool | str = False):
    """Play ``games_per_cell`` seeded games for every cell of ``grid``; return tidy rows.

    ``grid`` is a list of cells, each a dict with ``game`` (or the ``game`` argument),
    optionally ``players``, ``bots`` (one name or one per seat), ``rotate`` (turn the bots
    one seat per game), ``label`` and settings (under ``"settings"`` or as extra keys).

    ``client`` chooses where the games are played:

    * ``None``: a local Dask cluster (``workers`` processes, one thread each) made for this
      call and closed after it; without Dask installed, local processes instead;
    * a ``distributed.Client`` or a scheduler address such as ``"tcp://10.0.0.5:8786"``;
    * ``"processes"``: a ``concurrent.futures.ProcessPoolExecutor`` with ``workers``;
    * ``"serial"``: in this process (quickest for small runs: no start-up).

    ``tables`` is ``"seats"`` (default: a DataFrame, one row per seat per game, the
    :func:`lopti_nb.simulate` columns plus ``cell``, ``label``, ``players`` and the cell's
    settings) or a list of ``"seats"``, ``"games"``, ``"rounds"`` (then a dict of
    DataFrames). The result does not depend on ``client``, ``workers`` or ``chunk_size``.

    ``chunk_size`` is the number of games a worker plays as one task. ``None`` (the default)
    chooses it for the sweep: about 16 chunks per worker, of 10 to 1,000 games each, so
    that what each chunk costs besides its games (sending it, sending its rows back) stays
    a percent or two of the sweep while every worker stays busy to the end.

    ``batch=True`` plays every cell in its game's batch simulator (the ``seats`` table only;
    a cell it does not cover is refused with ``BatchNotCovered`` before any game is played),
    and ``batch="auto"`` the cells it covers, the others in the engine. The chunks of a batch
    cell are sent to the workers or the Dask cluster like engine chunks, of 4,096 games at
    least unless ``chunk_size`` says otherwise, since the batch simulator gains on many games
    at once. The result still does not depend on ``client``, ``workers`` or ``chunk_size``.

    Every argument and every cell is checked before a game is played or a cluster made: a
    bad one raises ``SettingsError`` (a ``ValueError``) in one sentence. At most 10**9 games
    per cell and 64 local workers; the chunks are handed out a few at a time.
    """
    single = isinstance(tables, str)
    if not single and not isinstance(tables, (list, tuple)):
        raise SettingsError(f"tables is 'seats', 'games', 'rounds' or a list of them, not {shown(tables)}.")
    names = (tables,) if single else tuple(tables)
    cells = normalise_grid(grid, game)
    counts, batch_cells = _check(cells, games_per_cell, seed, chunk_size, names, client, workers, batch)
    sizes = chunk_sizes(counts, chunk_size, _workers_of(client, workers), batch_cells)
    tasks = _tasks(cells, counts, seed, sizes, names, batch)
    total = sum(-(-n // size) for n, size in zip(counts, sizes))
    results = _run(tasks, client, workers, progress, total)
    out = {}
    for name in names:
        parts = [r[name] for r in results if not r[name].empty]
        if not parts:
            out[name] = results[0][name] if results else pd.DataFrame()
            continue
        df = pd.concat(parts, ignore_index=True, sort=False)
        # a column categorical in any chunk (the bots, a game's fixed categories)
        categorical = dict.fromkeys(c for p in parts for c in p.columns
                                    if isinstance(p[c].dtype, pd.CategoricalDtype))
        for col in categorical:
            if not isinstance(df[col].dtype, pd.CategoricalDtype):
                # cells of different games: the union of their categories, in first-seen order
                cats = list(dict.fromkeys(c for p in parts if col in p.columns
                                          for c in (p[col].cat.categories if isinstance(p[col].dtype, pd.CategoricalDtype)
                                                    else p[col].dropna().unique())))
                df[col] = pd.Categorical(df[col], categories=cats)
        out[name] = df
    return out[names[0]] if single else out
