"""Bots against bots: a ladder of every registered bot of a game, and paired head-to-head runs.

* :func:`ladder` -- a round-robin at mixed tables: each game seats a different draw of the
  game's bots, every pair of bots at a table counts as a result (the better place wins, the
  same place is a draw), and the results are fitted to Bradley-Terry ratings (on the Elo scale:
  400 points is ten to one odds), with 95 % intervals from resampling the games.
* :func:`ladder_chart` -- the ratings with their intervals, best on top.
* :func:`head_to_head` -- one bot against another in the same seat on the same deals: each game
  is played twice, once with each, every other seat played by the same bot.

    >>> import lopti_nb
    >>> from lopti_nb.analysis import ladder
    >>> game = lopti_nb.game_names()[0]
    >>> t = ladder(game, bots=["random", lopti_nb.engine.get_spec(game).default_bot], games=4)
    >>> list(t.columns)
    ['bot', 'rating', 'lower', 'upper', 'games', 'pairs', 'score']
"""
from __future__ import annotations

import itertools
import math
import random
from typing import Any, Sequence

import numpy as np
import pandas as pd

from ..engine import SettingsError, get_spec
from ..engine.runner import game_seeds, play_out
from ..engine.settings import shown, whole

__all__ = ["ladder", "ladder_chart", "ladder_results", "bradley_terry", "head_to_head", "ladder_findings",
           "head_to_head_findings"]

ELO = 400 / math.log(10)  # Bradley-Terry strengths on the Elo scale
RESAMPLES = 200  # resamplings of the games behind each ladder's intervals


def _bots(spec, bots: Sequence[str] | None) -> list[str]:
    names = sorted(spec.bots) if bots is None else list(bots)
    if isinstance(bots, str) or len(names) < 2 or len(set(names)) != len(names):
        raise SettingsError(f"A ladder ranks two or more different bots, not {shown(bots)}.")
    for name in names:
        spec.make_bot(name)  # UnknownBot lists the valid names
    return names


def _tables(names: list[str], players: int, games: int, rng: random.Random) -> list[list[str]]:
    """Each game's lineup: the bots dealt out in turn from a shuffled cycle of every bot, so
    each sits about as often as any other and meets every other; the seats shuffled."""
    tables, deck = [], []
    for _ in range(games):
        lineup = []
        while len(lineup) < players:
            if not deck:
                deck = names[:]
                rng.shuffle(deck)
            pick = next((b for b in deck if b not in lineup), deck[0]) \
                if len(names) >= players else deck[0]
            deck.remove(pick)
            lineup.append(pick)
        rng.shuffle(lineup)
        tables.append(lineup)
    return tables


def ladder_results(game: str, bots: Sequence[str] | None = None, games: int = 200, seed: int = 0,
                   players: int | None = None, **settings: Any) -> pd.DataFrame:
    """The games of a ladder, one row per pair of different bots at a table: ``game``,
    ``bot_a``, ``bot_b``, ``result`` (1: A placed better, 0.5: the same place, 0: B better).
    Game ``g`` is seeded by ``game_seeds(("ladder", seed), g)``; its lineup comes from
    ``seed`` alone."""
    spec = get_spec(game)
    names = _bots(spec, bots)
    players = spec.default_players if players is None else spec.check_players(players)
    games = whole(games, "games", 1, 1_000_000)
    settings = spec.check_settings(settings, players)
    rng = random.Random(f"ladder:{seed}")
    rows = []
    for g, lineup in enumerate(_tables(names, players, games, rng)):
        game_seed, bot_seed = game_seeds(("ladder", seed), g)
        state = spec.state_class(players, game_seed, **settings)
        play_out(state, [spec.make_bot(b) for b in lineup], random.Random(bot_seed))
        places = state.result.places
        for a, b in itertools.combinations(range(players), 2):
            if lineup[a] == lineup[b]:
                continue
            r = 1.0 if places[a] < places[b] else 0.0 if places[a] > places[b] else 0.5
            rows.append({"game": g, "bot_a": lineup[a], "bot_b": lineup[b], "result": r})
    return pd.DataFrame(rows, columns=["game", "bot_a", "bot_b", "result"])


def bradley_terry(results: pd.DataFrame, names: Sequence[str], iterations: int = 500,
                  weights: np.ndarray | None = None) -> np.ndarray:
    """Bradley-Terry ratings (Elo scale, mean 0) of ``names`` from pairwise ``results`` (a draw
    is half a win each; ``weights``: how many times each row counts, for a resampling), by the
    minorize-maximize algorithm, with a tenth of a draw against every other bot added to each so
    that a bot that never lost still has a finite rating.

        >>> r = pd.DataFrame({"bot_a": ["x"] * 30, "bot_b": ["y"] * 30, "result": [1.0] * 20 + [0.0] * 10})
        >>> [round(v) for v in bradley_terry(r, ["x", "y"])]
        [60, -60]
    """
    index = {n: i for i, n in enumerate(names)}
    a = results["bot_a"].map(index).to_numpy()
    b = results["bot_b"].map(index).to_numpy()
    r = results["result"].to_numpy(dtype=float)
    return _fit(a, b, r, len(names), iterations, weights)


def _fit(a: np.ndarray, b: np.ndarray, r: np.ndarray, k: int, iterations: int,
         weights: np.ndarray | None = None) -> np.ndarray:
    w = np.ones(len(r)) if weights is None else weights
    wins = np.full((k, k), 0.05)
    np.fill_diagonal(wins, 0.0)
    np.add.at(wins, (a, b), r * w)
    np.add.at(wins, (b, a), (1.0 - r) * w)
    meetings = wins + wins.T
    total = wins.sum(axis=1)
    p = np.ones(k)
    for _ in range(iterations):
        new = total / (meetings / (p[:, None] + p[None, :])).sum(axis=1)
        new /= math.exp(np.log(new).mean())
        done = bool((np.abs(new - p) <= 1e-9 * np.abs(p)).all())  # np.allclose's test, without its overhead
        p = new
        if done:
            break
    logs = np.log(p) * ELO
    return logs - logs.mean()


def ladder(game: str, bots: Sequence[str] | None = None, games: int = 200, seed: int = 0,
           players: int | None = None, **settings: Any) -> pd.DataFrame:
    """Every registered bot of ``game`` (or ``bots``) ranked by a round-robin at mixed tables.

    ``games`` games of ``players`` (the game's default) seat a different draw of the bots each
    (:func:`ladder_results`); each pair of different bots at a table is a result, fitted to
    Bradley-Terry ratings on the Elo scale (:func:`bradley_terry`; mean 0, +400 is ten to one
    odds in a pairing). The 95 % interval of each rating is the 2.5th to 97.5th percentile
    over 200 seeded resamplings of the games (so the seats of one game count together). One
    row per bot, best first: ``bot``, ``rating``, ``lower``, ``upper``, ``games`` (tables it
    sat at), ``pairs`` (results it took part in), ``score`` (its share of them won, a draw
    half). ``attrs["note"]`` says how many games and results the ladder rests on.

        >>> import lopti_nb
        >>> game = lopti_nb.game_names()[0]
        >>> t = ladder(game, bots=["random", lopti_nb.engine.get_spec(game).default_bot], games=6, seed=1)
        >>> len(t), bool((t["lower"] <= t["rating"]).all() and (t["rating"] <= t["upper"]).all())
        (2, True)
    """
    spec = get_spec(game)
    names = _bots(spec, bots)
    results = ladder_results(game, names, games, seed, players, **settings)
    ratings = bradley_terry(results, names)
    index = {n: i for i, n in enumerate(names)}
    a = results["bot_a"].map(index).to_numpy()
    b = results["bot_b"].map(index).to_numpy()
    r = results["result"].to_numpy(dtype=float)
    game_of = results["game"].to_numpy()
    played = np.unique(game_of)
    position = np.searchsorted(played, game_of)
    rng = np.random.default_rng(np.random.SeedSequence(seed).spawn(1)[0])
    draws = []
    for _ in range(RESAMPLES):  # the games drawn again with replacement: each row counts as often as its game
        counts = np.bincount(rng.integers(0, len(played), len(played)), minlength=len(played))
        draws.append(_fit(a, b, r, len(names), 200, counts[position].astype(float)))
    draws = np.array(draws)
    rows = []
    for i, name in enumerate(names):
        mine_a = results[results["bot_a"] == name]
        mine_b = results[results["bot_b"] == name]
        pairs = len(mine_a) + len(mine_b)
        score = (mine_a["result"].sum() + (1 - mine_b["result"]).sum()) / pairs if pairs else float("nan")
        rows.append({"bot": name, "rating": float(ratings[i]),
                     "lower": float(min(np.percentile(draws[:, i], 2.5), ratings[i])),
                     "upper": float(max(np.percentile(draws[:, i], 97.5), ratings[i])),
                     "games": int(pd.concat([mine_a["game"], mine_b["game"]]).nunique()),
                     "pairs": pairs, "score": float(score)})
    out = pd.DataFrame(rows).sort_values("rating", ascending=False, ignore_index=True)
    out.attrs["note"] = (f"{games:,} games of {spec.default_players if players is None else players} "
                         f"players, {len(results):,} pairings; 95% intervals from {RESAMPLES} "
                         "resamplings of the games")
    return out


def ladder_chart(table: pd.DataFrame, title: str = "Bot ladder") -> Any:
    """Each bot's rating (a point) with its 95 % interval (a rule), best on top.

        >>> t = pd.DataFrame({"bot": ["a", "b"], "rating": [50.0, -50.0], "lower": [10.0, -90.0],
        ...                   "upper": [90.0, -10.0], "games": [9, 9], "pairs": [9, 9], "score": [0.6, 0.4]})
        >>> type(ladder_chart(t)).__name__
        'LayerChart'
    """
    import altair as alt

    from .charts import INK, chart_title

    order = list(table.sort_values("rating", ascending=False)["bot"])
    base = alt.Chart(table).encode(
        y=alt.Y("bot:N", sort=order, title="Bot"),
        tooltip=[alt.Tooltip("bot:N"), alt.Tooltip("rating:Q", format="+.0f"),
                 alt.Tooltip("lower:Q", title="95% lower", format="+.0f"),
                 alt.Tooltip("upper:Q", title="95% upper", format="+.0f"),
                 alt.Tooltip("games:Q"), alt.Tooltip("score:Q", title="share of pairings won", format=".0%")])
    rules = base.mark_rule(color=INK).encode(x=alt.X("lower:Q", title="Rating (Elo scale, mean 0)"), x2="upper:Q")
    points = base.mark_point(filled=True, size=70, color=INK).encode(x="rating:Q")
    note = table.attrs.get("note", "95% intervals from resampling the games")
    return alt.layer(rules, points).properties(width=320, height=24 * len(table) + 20,
                                               title=chart_title(title, note))


def head_to_head(game: str, bot: str, other: str, games: int = 400, seed: int = 0,
                 players: int | None = None, rest: str | None = None, first: int = 0,
                 **settings: Any) -> pd.DataFrame:
    """``bot`` against ``other`` in the same seat on the same deals: game ``g`` is played twice
    with the same seeds (``lopti_nb.simulate``'s game ``g`` of a run seeded ``seed``), the seat
    ``g % players`` played once by ``bot`` and once by ``other``, every other seat by ``rest``
    (default: the game's default bot). One row per game (each a pair): ``game``, ``seat``,
    ``score_bot``, ``score_other``, ``won_bot``, ``won_other`` (1 for a first place, shared
    or not). ``first``: the number of the first game (a long run played in parts gives the same
    rows as in one).

        >>> import lopti_nb
        >>> game = lopti_nb.game_names()[0]
        >>> list(head_to_head(game, "random", "random", games=2).columns)
        ['game', 'seat', 'score_bot', 'score_other', 'won_bot', 'won_other']
    """
    spec = get_spec(game)
    players = spec.default_players if players is None else spec.check_players(players)
    games = whole(games, "games", 1, 1_000_000)
    first = whole(first, "first", 0, 1_000_000)
    rest = spec.default_bot if rest is None else rest
    for name in (bot, other, rest):
        spec.make_bot(name)
    settings = spec.check_settings(settings, players)
    rows = []
    for g in range(first, first + games):
        seat = g % players
        game_seed, bot_seed = game_seeds(seed, g)
        out = {"game": g, "seat": seat}
        for side, name in (("bot", bot), ("other", other)):
            lineup = [rest] * players
            lineup[seat] = name
            state = spec.state_class(players, game_seed, **settings)
            play_out(state, [spec.make_bot(b) for b in lineup], random.Random(bot_seed))
            out[f"score_{side}"] = float(state.result.scores[seat])
            out[f"won_{side}"] = int(state.result.places[seat] == 1)
        rows.append(out)
    return pd.DataFrame(rows, columns=["game", "seat", "score_bot", "score_other", "won_bot", "won_other"])


def ladder_findings(first: pd.DataFrame, again: pd.DataFrame, seed: Any) -> list:
    """What a ladder says, and whether its order held at a second ``seed`` (``again``: the same
    ladder run there): the order at the first seed with each rating and interval, and for every
    pair of bots whose intervals do not overlap there, whether the second seed puts them in the
    same order (key ``ladder.order``, direction ``"held"`` or ``"did not hold"``).

        >>> a = pd.DataFrame({"bot": ["x", "y"], "rating": [80.0, -80.0], "lower": [40.0, -120.0],
        ...                   "upper": [120.0, -40.0], "games": [20, 20], "pairs": [20, 20], "score": [.7, .3]})
        >>> [f.direction for f in ladder_findings(a, a, 555)]
        ['', 'held']
    """
    from .findings import Finding

    first = first.sort_values("rating", ascending=False, ignore_index=True)
    parts = [f"{r.bot} {r.rating:+.0f} ({r.lower:+.0f} to {r.upper:+.0f})" for r in first.itertuples()]
    note = first.attrs.get("note", "")
    out = [Finding("ladder.ratings", f"The ladder, best first, ratings on the Elo scale with 95% intervals: "
                   f"{'; '.join(parts)} ({note}).", None, None, None, int(first['games'].max()), "games")]
    rank = {b: i for i, b in enumerate(again.sort_values("rating", ascending=False)["bot"])}
    apart = [(a.bot, b.bot) for a, b in itertools.combinations(first.itertuples(), 2) if a.lower > b.upper]
    kept = [(a, b) for a, b in apart if a in rank and b in rank and rank[a] < rank[b]]
    if not apart:
        text = (f"No two bots' intervals are apart at this size, so the ladder states no order; "
                f"at seed {seed} it reads {', '.join(again.sort_values('rating', ascending=False)['bot'])}.")
        direction = "cannot be told apart"
    elif len(kept) == len(apart):
        text = (f"Recomputed at seed {seed}, the order held for all {len(apart)} pairs of bots whose "
                f"intervals are apart ({', '.join(f'{a} above {b}' for a, b in apart)}).")
        direction = "held"
    else:
        lost = [f"{a} above {b}" for a, b in apart if (a, b) not in kept]
        text = (f"Recomputed at seed {seed}, the order did not hold for {len(lost)} of {len(apart)} pairs "
                f"of bots whose intervals are apart ({', '.join(lost)}): those places are withdrawn.")
        direction = "did not hold"
    out.append(Finding("ladder.order", text, float(len(kept)), None, None, len(apart), "pairs", direction))
    return out


def head_to_head_findings(pairs: pd.DataFrame, bot: str, other: str, seed: Any, key: str = "h2h") -> list:
    """The margins of :func:`head_to_head` pairs: ``bot``'s wins (percentage points) and final
    score minus ``other``'s in the same seat on the same deals, each with its 95 % interval and
    the number of pairs (games; one pair a game), at run seed ``seed``."""
    from .findings import compare_means

    out = []
    for measure, scale, unit in (("won", 100.0, "percentage points"), ("score", 1.0, "points")):
        out.append(compare_means(f"{key}.{measure}", scale * pairs[f"{measure}_bot"],
                                 scale * pairs[f"{measure}_other"],
                                 f"At seed {seed}, in the same seat on the same deals, the {bot} bot "
                                 + ("wins" if measure == "won" else "scores"), f"the {other} bot",
                                 "more often" if measure == "won" else "higher",
                                 "less often" if measure == "won" else "lower",
                                 unit="paired games", paired=True, measure=unit))
    return out
