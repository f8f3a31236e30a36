"""Tidy DataFrames for the analysis notebooks, for any game.

Two kinds of builders live here:

* **Runners** that play seeded games with bots and return tidy tables:
  :func:`play_games` (one call, several tables) returns ``seats`` (one row per seat per game,
  the same columns as :func:`lopti_nb.simulate` plus the settings), ``games`` (one row per
  game, with the game's own extra columns) and the game's own tables (its plugin's
  ``tables``, e.g. one row per seat per round).
* **Summaries** that turn those tables (or :func:`lopti_nb.simulate` output, which has the
  same seat columns) into the small frames the chart builders draw: histograms, quantile
  summaries, rates with Wilson intervals, setting and lever effects.

Frames that only make sense for one game (its columns, its rules) live in that game's
``studies`` module and are offered by :mod:`lopti_nb.analysis` under the same names.

Every game's seed is derived from ``(seed, game number)`` alone, so a run split into chunks
(see :func:`lopti_nb.analysis.sweep`) gives exactly the rows of one unsplit run.
"""
from __future__ import annotations

import math
from typing import Any, Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from lopti_nb.engine import BatchNotCovered, SettingsError, all_specs, get_spec
from lopti_nb.engine.limits import shown
from lopti_nb.engine.runner import Run, batch_frame, batch_simulator, game_seeds, seat_rows

from .intervals import cluster_stderr, critical, design_effect, joined_labels, wilson_interval

__all__ = [
    "game_seeds", "play_games", "seat_frame", "game_frame", "round_frame",
    "histogram_frame", "distribution_summary", "rate_frame", "wilson_interval",
    "setting_effect_frame", "lever_frame", "game_tables",
    "SEAT_COLUMNS", "GAME_COLUMNS", "categories",
]

SEAT_COLUMNS = ["game", "seat", "bot", "score", "place", "won", "length", "stalemate"]
GAME_COLUMNS = ["game", "players", "winner", "winners", "length", "stalemate", "top_score"]


# -- running games ------------------------------------------------------------------------
def play_games(game: str, n: int, seed: Any = 0, players: int | None = None,
               bots: str | Sequence[str] | None = None, rotate: bool = False,
               first: int = 0, tables: Iterable[str] | None = None, batch: bool | str = False,
               **settings) -> dict[str, pd.DataFrame]:
    """Play games ``first .. first + n - 1`` of a seeded run; return tidy tables.

    The games are those of :func:`lopti_nb.simulate` with the same arguments (one runner,
    :mod:`lopti_nb.engine.runner`). ``bots`` is one bot name, one per seat, or ``None`` (the
    game's default). With ``rotate=True`` the list of bots turns one seat per game (game
    ``k`` seats ``bots[(seat - k) % players]``), so every bot sits in every seat equally
    often. ``tables`` chooses among ``"seats"``, ``"games"`` and the tables games declare
    in their plugins (``spec.tables``, e.g. a per-round table); a table another game
    declares is empty for a game without it, so a sweep over several games asks once.
    ``None`` (the default) gives them all. Settings are added as columns of every table.

    ``batch=True`` plays the games in the game's batch simulator (see
    :func:`lopti_nb.simulate`), which gives the ``seats`` table only, and refuses with
    ``BatchNotCovered`` what it does not play; ``batch="auto"`` uses it when it covers the
    game, bots, settings and tables asked for, and the engine otherwise.

        >>> import lopti_nb
        >>> from lopti_nb.analysis import play_games
        >>> game = lopti_nb.game_names()[0]
        >>> t = play_games(game, 2, seed=1, players=3, tables=["seats", "games"])
        >>> sorted(t), len(t["seats"]), len(t["games"])
        (['games', 'seats'], 6, 2)
    """
    run = Run(game, n, seed, players, bots, rotate=rotate, first=first, settings=settings)
    spec = run.spec
    own = game_tables()
    if tables is None:
        tables = ("seats", "games", *own)
    elif isinstance(tables, str):
        tables = (tables,)
    if not isinstance(tables, (list, tuple, set, frozenset)) \
            or not all(isinstance(t, str) for t in tables):
        raise SettingsError(f"tables is a list of table names ('seats', 'games'...), "
                            f"not {shown(tables)}.")
    tables = set(tables)
    known = {"seats", "games", *own}
    unknown = tables - known
    if unknown:
        raise SettingsError(f"unknown table(s) {', '.join(sorted(map(str, unknown)))[:80]}; "
                            f"choose {', '.join(sorted(known))}.")
    extra = {"players": run.players, **{k: v for k, v in run.settings.items() if _scalar(v)}}
    if _use_batch(run, batch, tables):
        frame, _ = batch_frame(run, False)
        return {"seats": seat_frame(frame, game=spec.name, **extra)}
    seats: list[dict] = []
    games: list[dict] = []
    extra_rows: dict[str, list[dict]] = {name: [] for name in tables - {"seats", "games"}}
    for number, state, seat_names in run.games():
        if "seats" in tables:
            seats.extend(seat_rows(spec, state, number, seat_names))
        if "games" in tables:
            games.append(_game_row(spec, state, number))
        for name, rows in extra_rows.items():
            if name in spec.tables:
                rows.extend(spec.tables[name](state, number, seat_names))
    out = {}
    if "seats" in tables:
        out["seats"] = seat_frame(pd.DataFrame(seats), game=spec.name, **extra)
    if "games" in tables:
        out["games"] = _settings_columns(_typed_games(pd.DataFrame(games)), extra, spec.name)
    for name, rows in extra_rows.items():
        cols = spec.table_columns.get(name, own[name])
        out[name] = round_frame(pd.DataFrame(rows, columns=cols), game=spec.name, **extra)
    return out


def _use_batch(run: Run, batch: Any, tables: set) -> bool:
    """Whether ``play_games(batch=...)`` plays ``run`` in its game's batch simulator."""
    if batch not in (False, True, "auto"):
        raise SettingsError(f"batch is True, False or 'auto', not {shown(batch)}.")
    if not batch:
        return False
    if tables != {"seats"}:
        if batch is True:
            raise BatchNotCovered("A batch run gives the seats table only; ask for "
                                  "tables=['seats'], or leave out batch=True.")
        return False
    try:
        batch_simulator(run)
    except BatchNotCovered:
        if batch is True:
            raise
        return False
    return True


def game_tables() -> dict[str, list[str] | None]:
    """Every table name the installed games declare besides ``seats`` and ``games``, with
    the columns of the first game that declares it (an empty table keeps those columns)."""
    out: dict[str, list[str] | None] = {}
    for spec in all_specs():
        for name in spec.tables:
            if out.get(name) is None:
                out[name] = spec.table_columns.get(name)
    return out


def _scalar(v) -> bool:
    return v is None or isinstance(v, (bool, int, float, str))


def _settings_columns(df: pd.DataFrame, extra: dict, game: str | None = None) -> pd.DataFrame:
    for k, v in extra.items():
        if k not in df.columns:
            df[k] = v
    _categorical(df, game, tuple(categories(game)))
    return df


def _game_row(spec, state, number: int) -> dict[str, Any]:
    result = state.result
    winners = tuple(s for s, p in enumerate(result.places) if p == 1 and not result.stalemate)
    row = {
        "game": number,
        "players": state.num_players,
        "winner": winners[0] if len(winners) == 1 else -1,
        "winners": len(winners),
        "length": spec.length(state) if spec.length else len(state.actions),
        "stalemate": bool(result.stalemate),
        "top_score": max(result.scores),
    }
    if spec.game_columns:
        row.update(spec.game_columns(state))
    return row


def _typed_games(df: pd.DataFrame) -> pd.DataFrame:
    if df.empty:
        return pd.DataFrame(columns=GAME_COLUMNS)
    for c in ("game", "players", "winner", "winners", "length"):
        df[c] = df[c].astype("int64")
    df["stalemate"] = df["stalemate"].astype(bool)
    return df


# -- tidy tables from simulate()-style rows -------------------------------------------------
def categories(game: str | None) -> dict[str, list[str]]:
    """Fixed categories of the categorical columns of ``game``'s tables, so that frames from
    separate runs (chunks of a sweep) concatenate to the frame of one run."""
    if game is None:
        return {}
    spec = get_spec(game)
    return {"bot": sorted(spec.bots), **{k: list(v) for k, v in spec.categories.items()}}


def _categorical(df: pd.DataFrame, game: str | None, cols=None) -> None:
    fixed = categories(game)
    for c in (("bot", *fixed) if cols is None else cols):
        if c in df.columns:
            if c in fixed:
                df[c] = pd.Categorical(df[c], categories=fixed[c])
            else:
                df[c] = df[c].astype("category")


def seat_frame(rows: pd.DataFrame, game: str | None = None, **columns) -> pd.DataFrame:
    """One row per seat per game with firm dtypes (``bot`` and string settings categorical,
    with ``game``'s fixed categories when it is given); works on :func:`lopti_nb.simulate`
    output too. ``columns`` add constant columns (e.g. the settings of the run)."""
    df = rows.copy()
    for k, v in columns.items():
        if k not in df.columns:
            df[k] = v
    if df.empty:
        return df.reindex(columns=list(dict.fromkeys(SEAT_COLUMNS + list(df.columns))))
    for c in ("game", "seat", "place", "length"):
        df[c] = df[c].astype("int64")
    df["score"] = df["score"].astype("float64")
    df["won"] = df["won"].astype(bool)
    df["stalemate"] = df["stalemate"].astype(bool)
    _categorical(df, game)
    return df


def game_frame(seats: pd.DataFrame) -> pd.DataFrame:
    """One row per game from seat rows: ``game``, ``players``, ``winner`` (-1: shared or
    stalemate), ``length``, ``stalemate``, ``top_score``, ``mean_score``."""
    keys = [c for c in ("cell", "game") if c in seats.columns]
    g = seats.groupby(keys, sort=True, observed=True)
    out = g.agg(players=("seat", "size"), length=("length", "first"),
                stalemate=("stalemate", "first"), top_score=("score", "max"),
                mean_score=("score", "mean"), winners=("won", "sum")).reset_index()
    winner = seats[seats["won"]].groupby(keys, observed=True)["seat"].first()
    out = out.merge(winner.rename("winner").reset_index(), on=keys, how="left")
    out.loc[out["winners"] != 1, "winner"] = -1
    out["winner"] = out["winner"].fillna(-1).astype("int64")
    out["winners"] = out["winners"].astype("int64")
    return out


def round_frame(rows: pd.DataFrame, game: str | None = None, **columns) -> pd.DataFrame:
    """Rows of a game's own table (e.g. one per seat per round) with firm dtypes: columns
    holding only whole numbers are ``int64``, only True/False ``bool``, and ``game``'s fixed
    categories categorical. ``columns`` add constant columns (e.g. the settings of the run)."""
    df = rows.copy()
    for k, v in columns.items():
        if k not in df.columns:
            df[k] = v
    for c in df.columns:
        if df[c].dtype != object or df[c].isna().any() or df.empty:
            continue
        kinds = {type(v) for v in df[c]}
        if kinds == {bool}:
            df[c] = df[c].astype(bool)
        elif kinds and all(issubclass(k, (int, np.integer)) and k is not bool for k in kinds):
            df[c] = df[c].astype("int64")
    _categorical(df, game)
    return df


# -- generic summaries ------------------------------------------------------------------------
def _keys(by) -> list[str]:
    if by is None:
        return []
    return [by] if isinstance(by, str) else list(by)


def histogram_frame(df: pd.DataFrame, value: str, by=None, bins: int | Sequence[float] = 30,
                    normalize: bool = True) -> pd.DataFrame:
    """Counts of ``value`` in shared bins, per group of ``by``.

    Columns: the ``by`` keys, ``bin_start``, ``bin_end``, ``count``, ``share`` (of the
    group). Charts draw this small frame, never the raw rows, so a 100,000-game run stays
    light in the notebook.
    """
    keys = _keys(by)
    values = df[value].astype(float).to_numpy()
    if isinstance(bins, int):
        lo, hi = (float(values.min()), float(values.max())) if len(values) else (0.0, 1.0)
        if lo == hi:
            hi = lo + 1
        edges = np.histogram_bin_edges(values, bins=bins, range=(lo, hi))
    else:
        edges = np.asarray(bins, dtype=float)
    rows = []
    groups = df.groupby(keys, observed=True, sort=True) if keys else [((), df)]
    for key, part in groups:
        key = key if isinstance(key, tuple) else (key,)
        counts, _ = np.histogram(part[value].astype(float).to_numpy(), bins=edges)
        total = max(int(counts.sum()), 1)
        for i, c in enumerate(counts):
            row = dict(zip(keys, key))
            row.update(bin_start=float(edges[i]), bin_end=float(edges[i + 1]), count=int(c),
                       share=c / total if normalize else float(c))
            rows.append(row)
    return pd.DataFrame(rows, columns=keys + ["bin_start", "bin_end", "count", "share"])


def distribution_summary(df: pd.DataFrame, value: str, by=None, clusters=None) -> pd.DataFrame:
    """Per group: ``n``, ``mean``, ``stderr``, ``p05``, ``q1``, ``median``, ``q3``, ``p95``,
    ``min``, ``max`` of ``value`` (for box-and-whisker charts). ``clusters``: the column(s)
    that together name the game a row comes from (e.g. ``["cell", "game"]``); the ``stderr``
    is then counted by game (:func:`~lopti_nb.analysis.findings.cluster_stderr`), since
    rows of one game are not independent.

        >>> df = pd.DataFrame({"game": [0, 0, 1, 1], "score": [1.0, 1.0, 0.0, 0.0]})
        >>> float(distribution_summary(df, "score", clusters="game")["stderr"].iloc[0])
        0.5
    """

    keys = _keys(by)
    cluster_keys = _keys(clusters)
    label = (pd.Series(joined_labels(df, cluster_keys), index=df.index) if cluster_keys
             else pd.Series(np.arange(len(df)).astype(str), index=df.index))
    g = df.groupby(keys, observed=True, sort=True)[value] if keys else None
    if g is None:
        s = df[value].astype(float)
        parts = [((), s)]
    else:
        parts = [(k if isinstance(k, tuple) else (k,), s.astype(float)) for k, s in g]
    rows = []
    for key, s in parts:
        n = int(s.size)
        row = dict(zip(keys, key))
        stderr = cluster_stderr(s.to_numpy(), label.loc[s.index].to_numpy()) if cluster_keys else (
            float(s.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0)
        row.update(
            n=n, mean=float(s.mean()), stderr=stderr,
            p05=float(s.quantile(0.05)), q1=float(s.quantile(0.25)), median=float(s.median()),
            q3=float(s.quantile(0.75)), p95=float(s.quantile(0.95)),
            min=float(s.min()), max=float(s.max()),
        )
        rows.append(row)
    return pd.DataFrame(rows, columns=keys + ["n", "mean", "stderr", "p05", "q1", "median",
                                              "q3", "p95", "min", "max"])


def rate_frame(df: pd.DataFrame, flag: str, by=None, name: str = "rate", clusters=None) -> pd.DataFrame:
    """Per group: ``n``, ``hits`` (rows where ``flag`` is true), ``<name>`` and its 95 %
    Wilson interval ``lower``/``upper``. ``clusters``: the column(s) that together name the
    unit a row shares with others (its deal: the seats of one round bid on one deal); the
    interval is then counted by that unit (widened by the design effect, with Student's t
    below 30 units) and a ``clusters`` column says how many units each group holds.

        >>> df = pd.DataFrame({"game": [0, 0, 1, 1, 2, 2], "hit": [1, 1, 0, 0, 1, 1]})
        >>> plain, by_deal = rate_frame(df, "hit"), rate_frame(df, "hit", clusters="game")
        >>> int(by_deal["clusters"].iloc[0]), bool(by_deal["lower"].iloc[0] < plain["lower"].iloc[0])
        (3, True)
    """
    if clusters is not None:
        return _clustered_rates(df, flag, _keys(by), name, _keys(clusters))
    keys = _keys(by)
    if keys:
        g = df.groupby(keys, observed=True, sort=True)[flag]
        out = g.agg(n="size", hits="sum").reset_index()
    else:
        out = pd.DataFrame({"n": [len(df)], "hits": [int(df[flag].sum())]})
    out["n"] = out["n"].astype("int64")
    out["hits"] = out["hits"].astype("int64")
    out[name] = out["hits"] / out["n"].where(out["n"] > 0, 1)
    out["lower"], out["upper"] = wilson_interval(out["hits"], out["n"])
    return out


def _clustered_rates(df: pd.DataFrame, flag: str, keys: list, name: str, cluster_keys: list) -> pd.DataFrame:

    label = pd.Series(joined_labels(df, cluster_keys), index=df.index) if len(df) else pd.Series(dtype=str)
    parts = [((), df)] if not keys else [(k if isinstance(k, tuple) else (k,), part)
                                          for k, part in df.groupby(keys, observed=True, sort=True)]
    rows = []
    for key, part in parts:
        flags = part[flag].astype(float).to_numpy()
        units = label.loc[part.index].to_numpy()
        g = len(set(units))
        n, hits = len(flags), int(flags.sum())
        deff = max(1.0, design_effect(flags, units)) if n > 1 else 1.0
        eff = n / deff
        lo, hi = wilson_interval(hits / n * eff if n else 0, eff, critical(g))
        rows.append({**dict(zip(keys, key)), "n": n, "hits": hits, name: hits / n if n else 0.0,
                     "lower": float(min(lo, hits / n if n else 0)), "upper": float(max(hi, hits / n if n else 1)),
                     "clusters": g})
    out = pd.DataFrame(rows, columns=[*keys, "n", "hits", name, "lower", "upper", "clusters"])
    out["n"] = out["n"].astype("int64")
    out["hits"] = out["hits"].astype("int64")
    out["clusters"] = out["clusters"].astype("int64")
    return out


# -- settings and levers ---------------------------------------------------------------------------
def setting_effect_frame(seats: pd.DataFrame, by: Sequence[str],
                         values: Sequence[str] = ("score",)) -> pd.DataFrame:
    """Long frame: per ``by`` group and measure (each of ``values`` the seats have, e.g. a
    game's own per-seat counts), the ``mean`` and ``stderr`` (and ``lower``, ``upper`` =
    mean -/+ 1.96 stderr). The seats of one game are counted together (by ``cell`` and
    ``game``, when the rows have them): seats of one game are not independent."""
    keys = _keys(by)
    clusters = [c for c in ("cell", "game") if c in seats.columns] if "game" in seats.columns else None
    rows = []
    for measure in values:
        if measure not in seats.columns:
            continue
        s = distribution_summary(seats, measure, keys, clusters=clusters)
        s["measure"] = measure
        rows.append(s[keys + ["measure", "n", "mean", "stderr"]])
    out = pd.concat(rows, ignore_index=True)
    out["lower"] = out["mean"] - 1.96 * out["stderr"]
    out["upper"] = out["mean"] + 1.96 * out["stderr"]
    out["setting"] = joined_labels(out, keys, " / ")
    return out


def lever_frame(seats: pd.DataFrame, levers: Sequence[str] | Mapping[str, Any], by: str = "bot") -> pd.DataFrame:
    """Long frame for lever sweeps: one row per lever, lever value and ``by`` group, with
    ``mean_score``, ``stderr``, ``win_rate`` (95 % Wilson interval ``win_lower`` and
    ``win_upper``), ``mean_length`` and ``n``. ``value`` is text
    so that numeric and categorical levers share one chart.

    ``levers`` maps each lever to its default value (a list of names: every row counts for
    every lever). With defaults, a lever's rows are those where every *other* lever is at
    its default, so one-lever-at-a-time sweeps are read correctly: the all-defaults cell
    counts under every lever."""
    defaults = dict(levers) if isinstance(levers, Mapping) else {k: None for k in levers}
    rows = []
    for lever in defaults:
        keep = pd.Series(True, index=seats.index)
        for other, default in defaults.items():
            if other != lever and default is not None:
                keep &= seats[other].astype(object) == default
        g = seats[keep].groupby([lever, by], observed=True, sort=True)
        part = g.agg(n=("score", "size"), mean_score=("score", "mean"),
                     sd=("score", "std"), win_rate=("won", "mean"),
                     mean_length=("length", "mean")).reset_index()
        part["stderr"] = part["sd"].fillna(0) / np.sqrt(part["n"])
        part["win_lower"], part["win_upper"] = wilson_interval(part["win_rate"] * part["n"], part["n"])
        part = part.drop(columns="sd").rename(columns={lever: "value"})
        part["value"] = part["value"].astype(str)
        part.insert(0, "lever", lever)
        rows.append(part)
    out = pd.concat(rows, ignore_index=True)
    out[by] = out[by].astype(str)
    return out

