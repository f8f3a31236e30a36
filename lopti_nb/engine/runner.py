"""The one simulation runner: seeded games with bots, one row per seat per game.

``lopti_nb.simulate`` and the analysis layer (``lopti_nb.analysis.play_games`` and
``sweep``) play their games here, so the same (game, seed, n, players, bots, settings)
gives the same games everywhere. Game ``k`` of a run seeded ``s`` is seeded from the pair
``(s, k)`` alone (:func:`game_seeds`): seeds are made one at a time as games are played
(``n = 10**8`` allocates nothing up front), and a run cut into chunks, on local processes
or a Dask cluster, gives exactly the rows of one unsplit run.

Neither pandas nor tqdm is imported until a run needs them.
"""
from __future__ import annotations

import os
import random
import secrets
from collections import deque
from typing import Any, Iterable, Iterator, Sequence

from .core import GameState, IllegalAction, SettingsError
from .errors import BatchNotCovered, EndlessGame
from .limits import MAX_GAME_ACTIONS
from .registry import GameSpec, check_seed, get_spec
from .settings import shown, whole

SEAT_COLUMNS = ["game", "seat", "bot", "score", "place", "won", "length", "stalemate"]
MAX_GAMES = 10 ** 9  # games in one run at most
MAX_WORKERS = 64  # local processes at most
MAX_SEED_TEXT = 200  # characters of a text seed
CONNECT_TIMEOUT = 3  # seconds to wait for a Dask scheduler to answer
DASK_WINDOW = 256  # chunks handed to a Dask cluster and not yet collected, at most


#: the text that seeds the generator of game ``number`` of a run seeded ``seed``
SEED_TEXT = "lopti_nb:{}:{}"


def game_seeds(seed: Any, number: int) -> tuple[int, int]:
    """The (game seed, bot seed) of game ``number`` in a run seeded ``seed``.

    Derived from the pair alone (a text seed of ``random.Random`` is hashed with SHA-512,
    the same in every process and Python run), never from worker state or run order.

        >>> game_seeds(0, 0) == game_seeds(0, 0) != game_seeds(0, 1)
        True
    """
    rng = random.Random(SEED_TEXT.format(seed, number))
    return rng.getrandbits(62), rng.getrandbits(62)


def spawn_seeds(seed: int, n: int) -> list[int]:
    """``n`` independent 64-bit seeds drawn from ``seed`` by ``numpy.random.SeedSequence.spawn``
    (one per seat of a study, say): unlike ``seed + 1000 * s``, the seeds of one run never
    coincide with another run's (seed 0's second seat is not seed 1000's first).

        >>> a = spawn_seeds(0, 3)
        >>> len(set(a)), a == spawn_seeds(0, 3), a[0] in spawn_seeds(1000, 3)
        (3, True, False)
    """
    import numpy as np

    seed = check_seed(seed)
    n = whole(n, "n (the number of seeds)", 0, MAX_GAMES)
    return [int(child.generate_state(1, np.uint64)[0]) >> 1
            for child in np.random.SeedSequence(seed).spawn(n)]


def bot_names(spec: GameSpec, bots: str | Sequence[str] | None, players: int) -> list[str]:
    """One bot name per seat from ``bots`` (one name, one per seat, or the default)."""
    if bots is None:
        names = [spec.default_bot] * players
    elif isinstance(bots, str):
        names = [bots] * players
    elif isinstance(bots, (list, tuple)):
        names = list(bots)
        if len(names) != players:
            raise SettingsError(f"bots lists {len(names)} bots for {players} players; give one per seat.")
    else:
        raise SettingsError(f"bots is a bot name or a list of names, not {shown(bots)}.")
    for name in names:
        spec.make_bot(name)  # raises UnknownBot with the valid names
    return names


def play_out(state: GameState, bots: Sequence[Any], rng: random.Random) -> GameState:
    """Let ``bots`` (one callable per seat) play ``state`` to its end, in place.

    Only ``current_player`` is asked: at a decision several seats take at once (``to_act``)
    it is one of them, and the next one once it has acted, so the seats act one after
    another in the game's own order. Each bot sees only its own seat's observation, so this
    is the same game as if they had chosen at once.
    """
    apply = state._apply
    log = state.actions
    # legal_actions() as the game wrote it (a game without seat arguments has them added by a
    # wrapper; this loop only asks for current_player, so it spares the wrapper's call)
    legal_actions = type(state).legal_actions
    legal_actions = getattr(legal_actions, "one_seat_of", legal_actions).__get__(state)
    # The observation as the game wrote it: the seat asked is current_player, always a seat at
    # the table, so the engine's seat check wrapped around it is spared.
    observation = type(state).observation
    if getattr(observation, "_checks_seat", False):
        observation = getattr(observation, "__wrapped__", observation)
    observation = observation.__get__(state)
    # Bots that declare they never read the observation (random_bot) are spared building it.
    blind = [getattr(bot, "needs_observation", True) is False for bot in bots]
    # Bots that declare they always return an item of the list they are given (random_bot)
    # are not checked; every other choice is.
    trusted = [getattr(bot, "returns_listed", False) is True for bot in bots]
    while True:
        seat = state.current_player
        if seat is None:
            return state
        if len(log) >= MAX_GAME_ACTIONS:
            raise EndlessGame(f"{shown(type(state).__name__)} did not end within {MAX_GAME_ACTIONS:,} actions: "
                              "a game must end whatever its players do")
        legal = legal_actions()
        if len(legal) == 1:
            action = legal[0]
        else:
            action = bots[seat](None if blind[seat] else observation(seat), legal, rng)
            if not trusted[seat]:
                # Bots hand back one of the listed objects; compare by identity before equality.
                for listed in legal:
                    if listed is action:
                        break
                else:
                    if action not in legal:
                        raise IllegalAction(
                            f"bot for seat {seat} chose {shown(action)}, which is not legal")
        # The action comes from legal_actions(), so the full check in apply() is skipped.
        log.append(action)
        apply(action)


class Run:
    """A checked description of a run: which game, how many, seeds, players, bots, settings."""

    def __init__(self, game: str, n: Any, seed: Any = 0, players: Any = None,
                 bots: str | Sequence[str] | None = None, rotate: bool = False, first: Any = 0,
                 settings: dict | None = None):
        # what rebuilds this run in another process (plugins hold functions, which do not pickle)
        self.args = (game, n, seed, players, bots, rotate, first, dict(settings or {}))
        self.spec = spec = get_spec(game)
        self.players = spec.default_players if players is None else spec.check_players(players)
        self.settings = spec.check_settings(settings or {}, self.players)
        self.names = bot_names(spec, bots, self.players)
        self.n = whole(n, "n (the number of games)")
        if not 0 <= self.n <= MAX_GAMES:
            raise SettingsError(f"n must be a number of games, 0 or more and at most "
                                f"{MAX_GAMES:,}, not {shown(self.n)}.")
        self.first = whole(first, "first")
        if not 0 <= self.first <= MAX_GAMES:
            raise SettingsError(f"first must be 0 or more and at most {MAX_GAMES:,}, "
                                f"not {shown(self.first)}.")
        if not isinstance(rotate, bool):
            raise SettingsError(f"rotate must be True or False, not {shown(rotate)}.")
        self.rotate = rotate
        if seed is None:
            seed = secrets.randbits(64)
        elif isinstance(seed, str):
            if len(seed) > MAX_SEED_TEXT:
                raise SettingsError(f"A text seed has at most {MAX_SEED_TEXT} characters, "
                                    f"not {len(seed):,}.")
        else:
            seed = check_seed(seed)
        self.seed = seed
        self.args = (self.spec.name, self.n, seed, self.players, self.names, rotate, self.first,
                     self.args[-1])

    def seat_names(self, number: int) -> list[str]:
        if not self.rotate:
            return self.names
        k = number % self.players
        return [self.names[(s - k) % self.players] for s in range(self.players)]

    def play(self, number: int) -> GameState:
        """Game ``number`` of this run, played to its end."""
        spec = self.spec
        game_seed, bot_seed = game_seeds(self.seed, number)
        state = spec.state_class(self.players, game_seed, **self.settings)
        play_out(state, [spec.make_bot(b) for b in self.seat_names(number)], random.Random(bot_seed))
        return state

    def games(self, first: int | None = None, n: int | None = None) -> Iterator[tuple[int, GameState, list[str]]]:
        """``(number, finished state, seat bot names)`` for each game, made one at a time."""
        first = self.first if first is None else first
        n = self.n if n is None else n
        for number in range(first, first + n):
            yield number, self.play(number), self.seat_names(number)


def seat_rows(spec: GameSpec, state: GameState, number: int, names: Sequence[str]) -> list[dict[str, Any]]:
    """One row per seat of a finished game: the :data:`SEAT_COLUMNS`, then the game's own."""
    result = state.result
    length = spec.length(state) if spec.length else len(state.actions)
    out = []
    for seat in range(state.num_players):
        row = {
            "game": number,
            "seat": seat,
            "bot": names[seat],
            "score": result.scores[seat],
            "place": result.places[seat],
            "won": result.places[seat] == 1 and not result.stalemate,
            "length": length,
            "stalemate": result.stalemate,
        }
        if spec.seat_columns:
            row.update(spec.seat_columns(state, seat))
        out.append(row)
    return out


def columns(rows: list[dict]) -> list[str]:
    if not rows:
        return list(SEAT_COLUMNS)
    return SEAT_COLUMNS + [c for c in rows[0] if c not in SEAT_COLUMNS]


def game_record(state: GameState, names: Sequence[str]) -> dict[str, Any]:
    """``state.record()`` of a simulated game, with the seats' bot names (``bots``, which
    ``load`` passes over and a replay shows by each seat)."""
    return {**state.record(), "bots": list(names)}


def _chunk(task: tuple) -> list[dict[str, Any]]:
    """Seat rows of games ``first .. first + n - 1`` (a unit of work for a worker); a fourth
    item ``True`` adds each game's record (``record`` column)."""
    args, first, n = task[:3]
    keep = len(task) > 3 and task[3]
    run = Run(*args[:7], settings=args[7])
    rows: list[dict[str, Any]] = []
    for number, state, names in run.games(first, n):
        rows.extend(_rows(run.spec, state, number, names, keep))
    return rows


def _rows(spec: GameSpec, state: GameState, number: int, names: Sequence[str], keep: bool) -> list[dict]:
    rows = seat_rows(spec, state, number, names)
    if keep:
        record = game_record(state, names)  # one dict shared by the game's seat rows
        for row in rows:
            row["record"] = record
    return rows


def chunks(first: int, n: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(first, first + n, size):
        yield start, min(size, first + n - start)


def check_workers(workers: Any) -> int | None:
    """``workers`` as a number of local processes (1 to :data:`MAX_WORKERS`), or ``None``."""
    if workers is None:
        return None
    workers = whole(workers, "workers")
    if not 1 <= workers <= MAX_WORKERS:
        raise SettingsError(f"workers must be 1 or more (at most {MAX_WORKERS} local processes), "
                            f"not {shown(workers)}.")
    return workers


def check_client(client: Any) -> Any:
    """``client`` as a Dask client: ``None``, a ``distributed.Client`` (anything with
    ``submit`` and ``gather``) or a scheduler address (text). An address is only checked here for its
    form; :func:`connect` refuses one that does not answer."""
    if client is None or all(callable(getattr(client, name, None)) for name in ("submit", "gather")):
        return client
    if isinstance(client, str) and 0 < len(client.strip()) <= 300 and "\x00" not in client:
        return client
    raise SettingsError(f"client is a Dask client or a scheduler address such as "
                        f"'tcp://10.0.0.5:8786', not {shown(client)}.")


def connect(address: str, timeout: float | None = None):
    """A ``distributed.Client`` for the scheduler at ``address``, or :class:`SettingsError`
    after ``timeout`` seconds (default :data:`CONNECT_TIMEOUT`) if none answers there."""
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    try:
        from distributed import Client
    except ImportError:
        raise SettingsError("client needs Dask (pip install 'dask[distributed]').") from None
    try:
        return Client(address, timeout=timeout, set_as_default=False)
    except Exception as exc:  # OSError, TimeoutError, a malformed address: the same sentence
        raise SettingsError(f"No Dask scheduler answered at {shown(address)} within {timeout:g} "
                            f"seconds ({type(exc).__name__}).") from None


def _in_order(submit, tasks: Iterable, window: int) -> Iterator:
    """``submit(task).result()`` for each task, in order, with at most ``window`` tasks
    submitted and not yet collected: the tasks are read one at a time, so a run of any
    length never lists its chunks up front."""
    pending: deque = deque()
    for task in tasks:
        pending.append(submit(task))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


def run_parallel(func, tasks: Iterable, workers: int | None = None, client: Any = None,
                 progress: bool = False, desc: str = "games", total: int | None = None) -> list:
    """``[func(t) for t in tasks]`` on local processes (``workers``) or a Dask ``client``
    (a ``distributed.Client`` or a scheduler address), in the order of ``tasks``. ``tasks``
    may be any iterable (read lazily, a few per worker ahead); ``total`` is its length for the
    progress bar, when it is not a list."""
    workers = check_workers(workers)
    client = check_client(client)
    if total is None and isinstance(tasks, (list, tuple)):
        total = len(tasks)

    def shown_progress(results):
        if not progress:
            return results
        from tqdm.auto import tqdm

        return tqdm(results, total=total, desc=desc, unit="chunk")

    if client is not None:
        own = None
        if isinstance(client, str):
            client = own = connect(client)
        try:
            return list(shown_progress(_in_order(lambda t: client.submit(func, t, pure=False),
                                                 tasks, DASK_WINDOW)))
        finally:
            if own is not None:
                own.close()
    if workers is None or workers <= 1 or total == 1 or total == 0:
        return list(shown_progress(map(func, tasks)))
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(shown_progress(_in_order(lambda t: pool.submit(func, t), tasks, 2 * workers)))


def batch_simulator(run: Run):
    """The batch simulator of ``run``'s game, after checking it plays ``run``'s bots and
    settings (a zero-game call): :class:`BatchNotCovered` when it does not or the game has none."""
    sim = run.spec.load("batch")
    if sim is None:
        raise BatchNotCovered(f"{run.spec.title} has no batch simulator; leave out batch=True "
                              "to play its games in the engine.")
    sim(run, 0, 0, False)  # refuses what it does not play, before any game is played
    if run.n:
        # the checks a game makes as it is built (beyond its schema's) refuse here what the
        # engine path would refuse at its first game, with the same error
        run.spec.state_class(run.players, 0, **run.settings)
    return sim


def _batch_chunk(task: tuple) -> tuple[dict[str, Any], list | None]:
    """Columns (and records) of games ``first .. first + n - 1`` played by the game's batch
    simulator: a unit of work for a worker, as :func:`_chunk` is for the engine path."""
    args, first, n, keep = task
    run = Run(*args[:7], settings=args[7])
    return run.spec.load("batch")(run, first, n, keep)


BATCH_CHUNK = 16384  # games in one unit of work of a batch run (a progress step)


def batch_frame(run: Run, keep: bool, workers: int | None = None, client: Any = None,
                progress: bool = False):
    """``(seat table, records or None)`` of ``run`` played by its game's batch simulator."""
    import numpy as np
    import pandas as pd

    batch_simulator(run)
    parallel = (workers and workers > 1) or client is not None
    size = BATCH_CHUNK
    if parallel:
        size = max(1, min(BATCH_CHUNK, -(-run.n // (4 * (workers or os.cpu_count() or 1)))))
    tasks = ((run.args, start, m, keep) for start, m in chunks(run.first, run.n, size))
    total = -(-run.n // size)
    if parallel:
        parts = run_parallel(_batch_chunk, tasks, workers, client, progress, run.spec.title, total=total)
    else:
        bar = None
        if progress:
            from tqdm.auto import tqdm

            bar = tqdm(total=run.n, desc=run.spec.title, unit="game")
        parts = []
        try:
            for task in tasks:
                parts.append(_batch_chunk(task))
                if bar is not None:
                    bar.update(task[2])
        finally:
            if bar is not None:
                bar.close()
    if not parts:
        parts = [_batch_chunk((run.args, 0, 0, keep))]
    names = list(parts[0][0])
    cols = {}
    for name in names:
        values = [p[0][name] for p in parts]
        if isinstance(values[0], list):
            cols[name] = [v for part in values for v in part]
        else:
            cols[name] = np.concatenate(values)
    records = [r for p in parts for r in p[1]] if keep else None
    return pd.DataFrame(cols, columns=names), records


def simulate(game: str, n: int = 100, seed: Any = 0, players: int | None = None,
             bots: str | Sequence[str] | None = None, progress: bool = True,
             workers: int | None = None, client: Any = None, keep_records: bool = False,
             batch: bool = False, records: bool = False, **settings: Any):
    """Play ``n`` games with bots; return a pandas DataFrame, one row per seat per game.

    Columns: ``game`` (number), ``seat``, ``bot``, ``score``, ``place``, ``won``,
    ``length`` (the game's own measure of length), ``stalemate``, then the game's own
    columns. ``seed`` is the run's seed (default 0, as in ``play_games``, ``sweep`` and the
    command line: the same call gives the same rows; ``None``: a new random run). ``bots`` is one bot name for all seats, one name per seat, or ``None`` for the
    game's default. ``workers=k`` plays on k local processes and ``client`` on a Dask
    cluster, with the same rows. ``settings`` are the game's own, by name (see
    ``lopti_nb.engine.get_spec(game).schema``).
    The same arguments give the same DataFrame as ``lopti_nb.analysis.play_games``'s seat
    table (without its extra setting columns).

        >>> import lopti_nb
        >>> df = lopti_nb.simulate(lopti_nb.game_names()[0], n=2, seed=1, players=3, progress=False)
        >>> len(df), list(df.columns[:3])
        (6, ['game', 'seat', 'bot'])

    ``keep_records=True`` adds a ``record`` column: each game's ``state.record()`` (with the
    seats' bots), the same for every seat row of a game, so that any row replays its game
    (``lopti_nb.replay(row)``) or rebuilds it (``lopti_nb.load(row.record)``):

        >>> df = lopti_nb.simulate(lopti_nb.game_names()[0], n=2, seed=1, players=3,
        ...                        progress=False, keep_records=True)
        >>> row = df.iloc[4]                       # game 1, the second seat
        >>> bool(lopti_nb.load(row.record).result.scores[row.seat] == row.score)
        True

    ``records=True`` returns ``(frame, records)``: the frame, and one JSON-ready record per
    game, in game order, each of which ``lopti_nb.load`` replays to the frame's scores.

    ``batch=True`` plays the games many at a time in the game's batch simulator (NumPy
    arrays over games, for a game whose plugin declares one), with the same columns, several
    times faster (``benchmarks/bench_batch.py`` measures how much). Its games are games of the engine (``records=True`` gives records
    that replay to the same scores) and deal as the engine deals game ``k`` of the run; its
    bots draw their choices from their own generator, so the plays, and so the rows, are
    not the engine path's, only alike in distribution. Bots or settings the batch simulator
    does not play raise :class:`~lopti_nb.engine.errors.BatchNotCovered` (a SettingsError):

        >>> sk = [g for g in lopti_nb.game_names() if lopti_nb.engine.get_spec(g).batch][0]
        >>> df, recs = lopti_nb.simulate(sk, n=3, bots="random", batch=True, records=True,
        ...                              progress=False)
        >>> list(lopti_nb.load(recs[2]).result.scores) == list(df.score[df.game == 2])
        True
    """
    import pandas as pd

    run = Run(game, n, seed, players, bots, settings=settings)
    workers = check_workers(workers)
    client = check_client(client)
    if not isinstance(progress, bool):
        raise SettingsError(f"progress must be True or False, not {shown(progress)}.")
    if not isinstance(keep_records, bool):
        raise SettingsError(f"keep_records must be True or False, not {shown(keep_records)}.")
    for name, value in (("batch", batch), ("records", records)):
        if not isinstance(value, bool):
            raise SettingsError(f"{name} must be True or False, not {shown(value)}.")
    if batch:
        frame, kept = batch_frame(run, keep_records or records, workers, client, progress)
        if keep_records:
            frame["record"] = [kept[k] for k in range(len(kept)) for _ in range(run.players)]
        return (frame, kept) if records else frame
    keep = keep_records or records
    if (workers and workers > 1) or client is not None:
        size = max(1, min(500, -(-run.n // (4 * (workers or os.cpu_count() or 1)))))
        tasks = ((run.args, start, m, keep) for start, m in chunks(0, run.n, size))
        rows = [row for part in run_parallel(_chunk, tasks, workers, client, progress, run.spec.title,
                                             total=-(-run.n // size))
                for row in part]
    else:
        rows = []
        games = run.games()
        if progress:
            from tqdm.auto import tqdm

            games = tqdm(games, total=run.n, desc=run.spec.title, unit="game")
        for number, state, names in games:
            rows.extend(_rows(run.spec, state, number, names, keep))
    frame = pd.DataFrame(rows, columns=columns(rows))
    if not records:
        return frame
    kept = list(frame["record"].iloc[::run.players]) if len(frame) else []
    if not keep_records:
        frame = frame.drop(columns="record")
    return frame, kept
