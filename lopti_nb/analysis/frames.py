"""Tidy DataFrames for the analysis notebooks.

Two kinds of builders live here:

* **Runners** that play seeded games with bots and return tidy tables:
  :func:`play_games` (one call, several tables) returns ``seats`` (one row per seat per game,
  the same columns as :func:`lopti_nb.simulate` plus the settings), ``games`` (one row per
  game, with game-specific extras) and, for Skull King, ``rounds`` (one row per seat per
  round, read from ``state.result.details``).
* **Summaries** that turn those tables (or :func:`lopti_nb.simulate` output, which has the
  same seat columns) into the small frames the chart builders draw: histograms, quantile
  summaries, rates with Wilson intervals, and the exact Reckoning risk tables of
  :mod:`lopti_nb.games.ledger.risk`.

Every game's seed is derived from ``(seed, game number)`` alone, so a run split into chunks
(see :func:`lopti_nb.analysis.sweep`) gives exactly the rows of one unsplit run.
"""
from __future__ import annotations

import math
import random
from typing import Any, Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from lopti_nb.engine import SettingsError, get_spec
from lopti_nb.engine.runner import Run, game_seeds, seat_rows

__all__ = [
    "game_seeds", "play_games", "seat_frame", "game_frame", "round_frame",
    "histogram_frame", "distribution_summary", "rate_frame", "wilson_interval",
    "hit_rate_frame", "zero_bid_frame", "setting_effect_frame",
    "catch_probability_frame", "simulated_catch_frame", "catch_overlay_frame",
    "dive_expectation_frame", "best_target_frame",
    "office_balance_frame", "lever_frame", "seat_advantage_frame", "duty_frame",
    "SEAT_COLUMNS", "GAME_COLUMNS", "ROUND_COLUMNS", "categories",
]

SEAT_COLUMNS = ["game", "seat", "bot", "score", "place", "won", "length", "stalemate"]
GAME_COLUMNS = ["game", "players", "winner", "winners", "length", "stalemate", "top_score"]
ROUND_COLUMNS = [
    "game", "round", "seat", "bot", "cards_dealt", "bid", "won", "hit", "base", "bonus",
    "loot", "raw_bonus", "alliances", "points", "total", "destroyed",
]


# -- running games ------------------------------------------------------------------------
def play_games(game: str, n: int, seed: Any = 0, players: int | None = None,
               bots: str | Sequence[str] | None = None, rotate: bool = False,
               first: int = 0, tables: Iterable[str] = ("seats", "games", "rounds"),
               **settings) -> dict[str, pd.DataFrame]:
    """Play games ``first .. first + n - 1`` of a seeded run; return tidy tables.

    The games are those of :func:`lopti_nb.simulate` with the same arguments (one runner,
    :mod:`lopti_nb.engine.runner`). ``bots`` is one bot name, one per seat, or ``None`` (the
    game's default). With ``rotate=True`` the list of bots turns one seat per game (game
    ``k`` seats ``bots[(seat - k) % players]``), so every bot sits in every seat equally
    often. ``tables`` chooses among ``"seats"``, ``"games"`` and the game's own tables
    (Skull King: ``"rounds"``; empty for a game without it). Settings are added as columns
    of every table.

        >>> from lopti_nb.analysis import play_games
        >>> t = play_games("skull-king", 2, seed=1, players=3)
        >>> sorted(t), len(t["seats"])
        (['games', 'rounds', 'seats'], 6)
    """
    run = Run(game, n, seed, players, bots, rotate=rotate, first=first, settings=settings)
    spec = run.spec
    if isinstance(tables, str):
        tables = (tables,)
    tables = set(tables)
    known = {"seats", "games", "rounds", *spec.tables}
    unknown = tables - known
    if unknown:
        raise SettingsError(f"unknown table(s) {', '.join(sorted(map(str, unknown)))[:80]}; "
                            f"choose {', '.join(sorted(known))}.")
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
    extra = {"players": run.players, **{k: v for k, v in run.settings.items() if _scalar(v)}}
    out = {}
    if "seats" in tables:
        out["seats"] = seat_frame(pd.DataFrame(seats), game=spec.name, **extra)
    if "games" in tables:
        out["games"] = _settings_columns(_typed_games(pd.DataFrame(games)), extra, spec.name)
    for name, rows in extra_rows.items():
        cols = spec.table_columns.get(name, ROUND_COLUMNS if name == "rounds" else None)
        out[name] = round_frame(pd.DataFrame(rows, columns=cols), game=spec.name, **extra)
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
    """Per-round rows (one per seat per round, e.g. a game's ``rounds`` table) with firm dtypes."""
    df = rows.copy()
    for k, v in columns.items():
        if k not in df.columns:
            df[k] = v
    ints = ["game", "round", "seat", "cards_dealt", "bid", "won", "base", "bonus", "loot",
            "raw_bonus", "alliances", "points", "total", "destroyed"]
    for c in ints:
        if c in df.columns:
            df[c] = df[c].astype("int64")
    if "hit" in df.columns:
        df["hit"] = df["hit"].astype(bool)
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


def distribution_summary(df: pd.DataFrame, value: str, by=None) -> pd.DataFrame:
    """Per group: ``n``, ``mean``, ``stderr``, ``p05``, ``q1``, ``median``, ``q3``, ``p95``,
    ``min``, ``max`` of ``value`` (for box-and-whisker charts)."""
    keys = _keys(by)
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
        row.update(
            n=n, mean=float(s.mean()), stderr=float(s.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0,
            p05=float(s.quantile(0.05)), q1=float(s.quantile(0.25)), median=float(s.median()),
            q3=float(s.quantile(0.75)), p95=float(s.quantile(0.95)),
            min=float(s.min()), max=float(s.max()),
        )
        rows.append(row)
    return pd.DataFrame(rows, columns=keys + ["n", "mean", "stderr", "p05", "q1", "median",
                                              "q3", "p95", "min", "max"])


def wilson_interval(successes, n, z: float = 1.96):
    """The Wilson score interval (lower, upper) for ``successes`` out of ``n`` (arrays ok)."""
    k = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(n > 0, k / n, 0.0)
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
        lo = np.where(n > 0, centre - half, 0.0)
        hi = np.where(n > 0, centre + half, 1.0)
    return np.clip(lo, 0, 1), np.clip(hi, 0, 1)


def rate_frame(df: pd.DataFrame, flag: str, by=None, name: str = "rate") -> pd.DataFrame:
    """Per group: ``n``, ``hits`` (rows where ``flag`` is true), ``<name>`` and its 95 %
    Wilson interval ``lower``/``upper``."""
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


# -- Skull King ---------------------------------------------------------------------------------
def hit_rate_frame(rounds: pd.DataFrame, by=("bot",)) -> pd.DataFrame:
    """Share of exact bids per round (and ``by`` group), with Wilson intervals."""
    return rate_frame(rounds, "hit", ["round", *_keys(by)], name="hit_rate")


def zero_bid_frame(rounds: pd.DataFrame, by=("bot",)) -> pd.DataFrame:
    """The risk of a zero bid per round: ``zero_share`` (how often 0 was bid), ``n`` and
    ``hits`` (zero bids and how many took no trick), ``fail_rate`` (a zero bid that took a
    trick) with its Wilson interval, and ``mean_points`` of the zero bids."""
    keys = ["round", *_keys(by)]
    rounds = rounds.assign(zero=rounds["bid"] == 0, failed=(rounds["bid"] == 0) & ~rounds["hit"])
    share = rounds.groupby(keys, observed=True, sort=True)["zero"].mean().rename("zero_share")
    zeros = rounds[rounds["zero"]]
    out = rate_frame(zeros, "failed", keys, name="fail_rate")
    pts = zeros.groupby(keys, observed=True, sort=True)["points"].mean().rename("mean_points")
    out = out.merge(pts.reset_index(), on=keys).merge(share.reset_index(), on=keys)
    return out


def setting_effect_frame(seats: pd.DataFrame, by: Sequence[str],
                         values: Sequence[str] = ("score", "bonus", "loot", "hit_rate")) -> pd.DataFrame:
    """Long frame: per ``by`` group and measure, the ``mean`` and ``stderr`` (and ``lower``,
    ``upper`` = mean -/+ 1.96 stderr)."""
    keys = _keys(by)
    rows = []
    for measure in values:
        if measure not in seats.columns:
            continue
        s = distribution_summary(seats, measure, keys)
        s["measure"] = measure
        rows.append(s[keys + ["measure", "n", "mean", "stderr"]])
    out = pd.concat(rows, ignore_index=True)
    out["lower"] = out["mean"] - 1.96 * out["stderr"]
    out["upper"] = out["mean"] + 1.96 * out["stderr"]
    out["setting"] = out[keys].astype(str).agg(" / ".join, axis=1)
    return out


# -- The Drowned Ledger: exact risk ------------------------------------------------------------------
def catch_probability_frame(seas: Iterable[int] = range(1, 10), targets: Iterable[int] = range(1, 7),
                            deck: Any = None) -> pd.DataFrame:
    """Exact chance of being caught before the haul holds ``target`` machines, per sea and
    target (``lopti_nb.games.ledger.risk.catch_probability``). Columns ``sea``, ``target``,
    ``catch_probability`` (float), ``exact`` (the fraction as text), ``live_hazards``,
    ``machines``."""
    from lopti_nb.games.ledger import risk

    rows = []
    for sea in seas:
        machines, live = risk.deck_counts(sea, deck)
        for target in targets:
            p = risk.catch_probability(sea, target, deck, exact=True)
            rows.append({"sea": sea, "target": target, "catch_probability": float(p),
                         "exact": str(p), "live_hazards": live, "machines": machines})
    return pd.DataFrame(rows)


def simulated_catch_frame(seas: Iterable[int] = range(1, 10), targets: Iterable[int] = range(1, 7),
                          dives: int = 200, seed: Any = 0) -> pd.DataFrame:
    """Monte Carlo check of the exact risk, played on the real game engine.

    For each (sea, target), ``dives`` fresh games (mode ``plain``, ``sea_start=sea``,
    ``hold_limit=target``) are dealt and seat 0 dives until it surfaces automatically with
    ``target`` machines or is caught. A dive counts as caught if a live hazard turned up at
    any point (the Sea Blinks included), which is the event
    :func:`~lopti_nb.games.ledger.risk.catch_probability` describes. Columns ``sea``,
    ``target``, ``dives``, ``caught``, ``simulated``, ``lower``, ``upper`` (95 % Wilson),
    ``kept`` and ``lost`` (mean machines kept and lost per dive).
    """
    from lopti_nb.games.ledger import DIVE, FLIP, LedgerState

    rows = []
    for sea in seas:
        for target in targets:
            caught = kept = lost = 0
            for i in range(dives):
                game_seed, _ = game_seeds(f"dive:{seed}:{sea}:{target}", i)
                state = LedgerState(2, game_seed, mode="plain", sea_start=sea, hold_limit=target)
                state._apply(DIVE)
                events_before = 0
                while FLIP in state.legal_actions() and state.current_player == 0:
                    state._apply(FLIP)
                was_caught = False
                k = l = 0
                for e in state.events[events_before:]:
                    name = type(e).__name__
                    if name == "Flipped" and e.result == "live":
                        was_caught = True
                    elif name == "Surfaced":
                        k += e.count
                    elif name == "ReckoningDrawn":
                        k += len(e.kept) + len(e.opened)
                        l += len(e.lost)
                caught += was_caught
                kept += k
                lost += l
            rows.append({"sea": sea, "target": target, "dives": dives, "caught": caught,
                         "kept": kept / dives, "lost": lost / dives})
    out = pd.DataFrame(rows)
    out["simulated"] = out["caught"] / out["dives"]
    out["lower"], out["upper"] = wilson_interval(out["caught"], out["dives"])
    return out


def catch_overlay_frame(exact: pd.DataFrame, simulated: pd.DataFrame) -> pd.DataFrame:
    """Exact and simulated catch probabilities side by side, with ``inside`` telling whether
    the exact value lies in the simulation's 95 % interval."""
    out = exact[["sea", "target", "catch_probability", "exact"]].merge(
        simulated[["sea", "target", "dives", "caught", "simulated", "lower", "upper"]],
        on=["sea", "target"])
    out["inside"] = (out["lower"] <= out["catch_probability"]) & (out["catch_probability"] <= out["upper"])
    return out


def dive_expectation_frame(seas: Iterable[int] = range(1, 10), targets: Iterable[int] = range(1, 7),
                           deck: Any = None) -> pd.DataFrame:
    """Exact expectations of one dive, from ``risk.dive_outcomes`` (the Reckoning deck
    included): per sea and target, ``kept`` (sealed + opened), ``lost``, ``coins``,
    ``caught`` (the dive ended by a Reckoning) and ``sea_rise`` (expected steps)."""
    from lopti_nb.games.ledger import risk

    rows = []
    for sea in seas:
        for target in targets:
            o = risk.dive_outcomes(sea, target, deck)
            p = o["probability"]
            rows.append({
                "sea": sea, "target": target,
                "kept": float((p * (o["sealed"] + o["opened"])).sum()),
                "lost": float((p * o["lost"]).sum()),
                "coins": float((p * o["coins"]).sum()),
                "caught": float(p[o["caught"]].sum()),
                "sea_rise": float((p * o["sea_rise"]).sum()),
            })
    return pd.DataFrame(rows)


def best_target_frame(expectations: pd.DataFrame, hold_limits: Iterable[int] = range(1, 7)) -> pd.DataFrame:
    """For each sea and hold limit, the surfacing target (at most the hold limit) with the
    most machines kept on average; ties go to the smaller target. Columns ``sea``,
    ``hold_limit``, ``best_target``, ``kept``, ``lost``, ``caught``."""
    rows = []
    for h in hold_limits:
        allowed = expectations[expectations["target"] <= h]
        for sea, part in allowed.groupby("sea", sort=True):
            best = part.sort_values(["kept", "target"], ascending=[False, True]).iloc[0]
            rows.append({"sea": int(sea), "hold_limit": int(h), "best_target": int(best["target"]),
                         "kept": float(best["kept"]), "lost": float(best["lost"]),
                         "caught": float(best["caught"])})
    return pd.DataFrame(rows)


# -- The Drowned Ledger: strategies ------------------------------------------------------------------
def office_balance_frame(seats: pd.DataFrame) -> pd.DataFrame:
    """The office-balance table from seat rows (mode ``offices``): per office ``seats``,
    ``wins``, ``win_rate`` (Wilson ``lower``/``upper``), ``mean_score``, ``mean_win_rate``,
    ``deviation`` (from the mean, as a fraction of it) and ``within_target``
    (|deviation| <= 1/3, the design target of RULINGS 2.6)."""
    df = seats[seats["office"].notna()]
    out = rate_frame(df, "won", "office", name="win_rate").rename(columns={"n": "seats", "hits": "wins"})
    score = df.groupby("office", observed=True)["score"].mean().rename("mean_score").reset_index()
    out = out.merge(score, on="office")
    mean = out["win_rate"].mean()
    out["mean_win_rate"] = mean
    out["deviation"] = (out["win_rate"] - mean) / mean
    out["within_target"] = out["deviation"].abs() <= 1 / 3
    out["office"] = out["office"].astype(str)
    return out.sort_values("win_rate", ascending=False).reset_index(drop=True)


def lever_frame(seats: pd.DataFrame, levers: Sequence[str] | Mapping[str, Any], by: str = "bot") -> pd.DataFrame:
    """Long frame for lever sweeps: one row per lever, lever value and ``by`` group, with
    ``mean_score``, ``stderr``, ``win_rate``, ``mean_length`` and ``n``. ``value`` is text
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
        part = part.drop(columns="sd").rename(columns={lever: "value"})
        part["value"] = part["value"].astype(str)
        part.insert(0, "lever", lever)
        rows.append(part)
    out = pd.concat(rows, ignore_index=True)
    out[by] = out[by].astype(str)
    return out


# -- Lopti ------------------------------------------------------------------------------------------
def seat_advantage_frame(seats: pd.DataFrame, games: pd.DataFrame | None = None) -> pd.DataFrame:
    """Win rate by seat, counted two ways: ``position="seat"`` (the absolute seat) and
    ``position="after leader"`` (seats clockwise from the player who leads: 0 is the leader).
    Columns ``players``, ``position``, ``place`` (0..players-1), ``n``, ``hits``,
    ``win_rate``, ``lower``, ``upper``, ``fair`` (1 / players). Stalemates count as no win."""
    df = seats.copy()
    if "leader" in df.columns and df["leader"].dtype == bool:
        lead = df[df["leader"]].groupby(["cell", "game"] if "cell" in df.columns else ["game"])["seat"].first()
        df = df.join(lead.rename("leader_seat"), on=["cell", "game"] if "cell" in df.columns else ["game"])
    elif games is not None:
        df = df.merge(games[["game", "leader"]].rename(columns={"leader": "leader_seat"}), on="game")
    else:
        raise ValueError("need a boolean 'leader' seat column or a games frame with 'leader'")
    df["after_leader"] = (df["seat"] - df["leader_seat"]) % df["players"]
    parts = []
    for position, col in (("seat", "seat"), ("after leader", "after_leader")):
        r = rate_frame(df, "won", ["players", col], name="win_rate").rename(columns={col: "place"})
        r.insert(1, "position", position)
        parts.append(r)
    out = pd.concat(parts, ignore_index=True)
    out["fair"] = 1 / out["players"]
    return out


def duty_frame(games: pd.DataFrame, by: str = "players") -> pd.DataFrame:
    """How often the 3 duty decides a round of Lopti, per ``by`` group, three ways:

    * ``any duty pickup``: someone had to take the pile under a 3 duty;
    * ``last pickup forced``: the last pile taken before the round ended was taken under a
      3 duty (the final swing of cards came from a 3);
    * ``winner out on a 3``: the winner's last play was a 3, passing the duty as they went.

    ``decided`` (either of the last two) is the headline measure. Long frame: ``by``,
    ``measure``, ``n``, ``hits``, ``rate``, ``lower``, ``upper``.
    """
    g = games[~games["stalemate"]].assign(any_duty=games["duty_pickups"] > 0)
    g["decided"] = g["last_pickup_forced"] | g["out_on_three"]
    names = {"any_duty": "any duty pickup", "last_pickup_forced": "last pickup forced",
             "out_on_three": "winner out on a 3", "decided": "decided by a 3 duty"}
    parts = []
    for col, label in names.items():
        r = rate_frame(g, col, by, name="rate")
        r.insert(1, "measure", label)
        parts.append(r)
    return pd.concat(parts, ignore_index=True)


def motion_length_frame(motions: Sequence[str] | None = None, sessions: int = 20, rounds: int = 3,
                        players: int = 4, seed: Any = 0, bots: str = "heuristic") -> pd.DataFrame:
    """The effect of ready-made motions (``lopti_nb.games.lopti.library``) on round length.

    For each motion and each of ``sessions`` seeded sessions, a
    :class:`~lopti_nb.games.lopti.Session` restores the motion at setup (all players
    approve), so it is in force from round one, and bots play ``rounds`` rounds (no new
    motions are written, so it is the only one). The same session seed without a motion is
    the paired baseline: round one is dealt identically, so its difference comes from the
    motion alone (later rounds may be led by another winner). Motions tied to later rounds
    ("from the third round on") need ``rounds >= 3``.

    One row per motion, session and round: ``motion`` (``"none"``: the baseline),
    ``session``, ``round``, ``turns``, ``stalemate``, ``winner``, ``motion_events``,
    ``baseline_turns`` and ``extra_turns`` (turns minus the baseline's).
    ``motions=None`` takes every motion of the library.
    """
    from lopti_nb.games.lopti import LIBRARY, Session, library_motion

    names = list(LIBRARY) if motions is None else list(motions)
    rows = []
    for name in ["none", *names]:
        for k in range(sessions):
            session_seed, _ = game_seeds(f"session:{seed}", k)
            s = Session(players, seed=session_seed)
            if name != "none":
                s.restore(library_motion(name), [True] * players)
            for r in range(1, rounds + 1):
                result = s.play_round(bots)
                state = s.state
                record = s.rounds[-1] if s.rounds else None
                rows.append({
                    "motion": name, "session": k, "round": r, "turns": int(state.turns),
                    "stalemate": bool(result.stalemate),
                    "winner": -1 if state.winner is None else int(state.winner),
                    "motion_events": int(getattr(record, "motion_events", 0) or 0),
                })
    df = pd.DataFrame(rows)
    base = df[df["motion"] == "none"].set_index(["session", "round"])["turns"].rename("baseline_turns")
    df = df.join(base, on=["session", "round"])
    df["baseline_turns"] = df["baseline_turns"].astype("int64")
    df["extra_turns"] = df["turns"] - df["baseline_turns"]
    df["motion"] = pd.Categorical(df["motion"], categories=["none", *names])
    return df


__all__.append("motion_length_frame")
