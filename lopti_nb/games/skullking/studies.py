"""Skull King's studies: the analysis frames that read its round table (bids, hits, zero bids).

A notebook imports them from here (``from lopti_nb.games.skullking.studies import zero_bid_frame``);
they build on the generic analysis layer (:mod:`lopti_nb.analysis`), which names no game.
The rounds come from ``play_games("skull-king", ..., tables=["rounds"])["rounds"]`` (one row
per seat per round, the plugin's ``rounds`` table).
"""
from __future__ import annotations

import pandas as pd

from lopti_nb.analysis.frames import rate_frame
from lopti_nb.engine import plural

from .plugin import ROUND_COLUMNS

__all__ = ["ROUND_COLUMNS", "hit_rate_frame", "zero_bid_frame", "scoring_findings", "deck_findings",
           "bidder_gain_frame", "bidder_findings", "skill_frame"]


def _keys(by) -> list[str]:
    if by is None:
        return []
    return [by] if isinstance(by, str) else list(by)


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


# -- findings: the notebook's sentences, computed from its own run ------------------------------
# Rows of one game are counted together (findings.cluster_stderr): the helpers below pass each
# row's game along with it.
def _games(*parts: pd.DataFrame) -> int:
    from lopti_nb.analysis.findings import game_clusters

    return len(set().union(*(set(game_clusters(p)) for p in parts)))


def _share(key: str, rows: pd.DataFrame, flag: str, what: str, **kw):
    from lopti_nb.analysis.findings import design_effect, game_clusters, proportion

    return proportion(key, rows[flag].sum(), len(rows), what,
                      deff=design_effect(rows[flag], game_clusters(rows)), games=_games(rows), **kw)


def _versus(key: str, a: pd.DataFrame, b: pd.DataFrame, flag: str, what: str, other: str,
            above: str, below: str, **kw):
    from lopti_nb.analysis.findings import compare_proportions, design_effect, game_clusters

    deff = design_effect(a[flag], game_clusters(a), b[flag], game_clusters(b))
    return compare_proportions(key, a[flag].sum(), len(a), b[flag].sum(), len(b), what, other,
                               above, below, deff=deff, games=_games(a, b), **kw)


def _means(key: str, a: pd.DataFrame, b: pd.DataFrame, measure: str, what: str, other: str, **kw):
    from lopti_nb.analysis.findings import compare_means, game_clusters

    return compare_means(key, a[measure], b[measure], what, other,
                         clusters=(game_clusters(a), game_clusters(b)), **kw)


def deck_findings(deck_seats: pd.DataFrame) -> list:
    """The ``deck.`` findings of the scoring notebook: what the Legendary cards and the 2021
    bonus table change, per seat per game, each interval counted by game (the Loot alliance
    pays two seats of one game at once).

    ``deck_seats``: seat rows of four ``heuristic`` bots, classic scoring, with the
    ``legendary`` and ``edition`` columns of ``sweep``.

        >>> from lopti_nb.analysis import sweep
        >>> grid = [{"game": "skull-king", "players": 4, "bots": "heuristic", "legendary": lg}
        ...         for lg in (True, False)]
        >>> [f.key for f in deck_findings(sweep(grid, 5, client="serial", seed=0))][:1]
        ['deck.loot_legendary']
    """
    out = []
    with_l, without_l = deck_seats[deck_seats["legendary"]], deck_seats[~deck_seats["legendary"].astype(bool)]
    for measure, words in (("loot", "loot alliance points"), ("score", "final score"), ("bonus", "bonus points")):
        out.append(_means(f"deck.{measure}_legendary", with_l, without_l, measure,
                          f"With the Legendary cards the mean {words} per seat per game is",
                          "without them", unit="seats", lead=measure == "loot"))
    t = with_l[with_l["edition"] == "table"]
    e21 = with_l[with_l["edition"] == "2021"]
    out.append(_means("deck.bonus_2021", e21, t, "bonus",
                      "With the 2021 bonus table the mean bonus points per seat per game are",
                      "with the table's", unit="seats"))
    return out


# The base worth of the round at N cards, before bonuses and the Loot alliance (rules reference §3.4)
ROUND_WORTH = {"rascal": 10, "cannonball": 15}


def scoring_findings(seats: pd.DataFrame, rounds: pd.DataFrame, deck_seats: pd.DataFrame) -> list:
    """The findings of the scoring notebook, each with its 95 % interval and sample size.

    ``seats`` and ``rounds``: the mixed table (``heuristic`` and ``random`` bots) under each
    scoring system; ``deck_seats``: four ``heuristic`` bots with the Legendary cards in or
    out and either bonus table. Keys start with the notebook's section: ``final.``,
    ``round.``, ``hits.``, ``zero.``, ``deck.``.

    The seats (and rounds) of one game are not independent (a Loot alliance pays two seats of
    one game; the bids of one game share its deals), so every interval is counted by game
    (:func:`~lopti_nb.analysis.findings.cluster_stderr`).
    """
    from lopti_nb.analysis.findings import Finding, compare_to, design_effect, game_clusters

    share, versus, games, means = _share, _versus, _games, _means

    out = []
    # final scores (two random bots sit at each table)
    rand = seats[(seats["bot"] == "random") & (seats["scoring"] == "classic")]
    below_zero = rand["score"] < 0
    out.append(compare_to("final.random_below_zero", below_zero.sum(), len(rand), 0.5,
                          "Under classic scoring the random bot, which bids without looking, ends below zero in",
                          "more than half of its games", "fewer than half of its games", unit="seats",
                          lead=True, deff=design_effect(below_zero, game_clusters(rand)),
                          games=games(rand)))
    for scoring in ("rascal", "cannonball"):
        part = seats[seats["scoring"] == scoring]
        if len(part):
            low = float(part["score"].min())
            out.append(Finding(f"final.{scoring}_lowest",
                               f"The lowest final score under {scoring} scoring: {low:g} "
                               f"({plural(len(part), 'seat')}); its rounds never score below zero.",
                               low, None, None, len(part), "seats"))
    for scoring in ("classic", "rascal", "cannonball"):
        part = seats[seats["scoring"] == scoring]
        if part.empty:
            continue
        out.append(means(f"final.{scoring}_careful_gap", part[part["bot"] == "heuristic"],
                         part[part["bot"] == "random"], "score",
                         f"Under {scoring} scoring the heuristic bot's mean final score is",
                         "the random bot's", unit="seats", lead=scoring == "classic"))
    # points per round: the largest round-10 scores, against the round's own worth
    last = rounds[rounds["round"] == rounds["round"].max()]
    for scoring, per_card in ROUND_WORTH.items():
        part = last[last["scoring"] == scoring]
        if part.empty:
            continue
        cards = int(part["cards_dealt"].max())
        top = float(part["points"].max())
        worth = per_card * cards
        more = ("more than that: captured 14s, pirate and mermaid bonuses and the Loot alliance "
                "come on top of an exact bid" if top > worth else "no more than that in this run")
        out.append(Finding(f"round.{scoring}_round10_max",
                           f"Round {int(part['round'].iloc[0])} under {scoring} scoring is worth "
                           f"{per_card} x {cards} = {worth} points for an exact bid; the highest "
                           f"score seen there was {top:g} ({plural(len(part), 'seat-round')}): {more}.",
                           top, None, None, len(part), "seat-rounds", "", extra={"worth": worth}))
    classic = last[last["scoring"] == "classic"]
    if len(classic):
        out.append(Finding("round.classic_round10_range",
                           f"Under classic scoring round {int(classic['round'].iloc[0])} scored from "
                           f"{classic['points'].min():g} to {classic['points'].max():g} points "
                           f"({plural(len(classic), 'seat-round')}).",
                           None, float(classic["points"].min()), float(classic["points"].max()),
                           len(classic), "seat-rounds"))
    # bid hit rates (every seat bids in every round of a game: counted by game)
    heur, rnd = rounds[rounds["bot"] == "heuristic"], rounds[rounds["bot"] == "random"]
    h_first, h_late = heur[heur["round"] == 1], heur[heur["round"] >= 5]
    out.append(versus("hits.heuristic_round1_vs_late", h_first, h_late, "hit",
                      "The heuristic bot's bids in round 1 are exact", "in rounds 5-10",
                      "more often", "less often", unit="bids", lead=True))
    out.append(share("hits.heuristic_late", h_late, "hit", "The heuristic bot's exact bids in rounds 5-10",
                     unit="bids"))
    last_round = int(rounds["round"].max())
    out.append(share("hits.random_last", rnd[rnd["round"] == last_round], "hit",
                     f"The random bot's exact bids in round {last_round}", unit="bids"))
    # zero bids
    zero = rounds[rounds["bid"] == 0].assign(failed=lambda d: ~d["hit"])
    zr, zh = zero[zero["bot"] == "random"], zero[zero["bot"] == "heuristic"]
    out.append(versus("zero.random_late_vs_early", zr[zr["round"] >= 8], zr[zr["round"] <= 3], "failed",
                      "The random bot's zero bids in rounds 8-10 fail (take a trick)",
                      "in rounds 1-3", "more often", "less often", unit="zero bids", lead=True))
    out.append(share("zero.heuristic_all", zh, "failed",
                     "The heuristic bot's zero bids that failed, all rounds together", unit="zero bids"))
    out.append(versus("zero.heuristic_late_vs_early", zh[zh["round"] >= 6], zh[zh["round"] <= 5], "failed",
                      "The heuristic bot's zero bids in rounds 6-10 fail", "in rounds 1-5",
                      "more often", "less often", unit="zero bids"))
    heur = heur.assign(zero=heur["bid"] == 0)
    out.append(versus("zero.heuristic_share_late_vs_early", heur[heur["round"] >= 8], heur[heur["round"] <= 3],
                      "zero", "The heuristic bot bids zero in rounds 8-10", "in rounds 1-3",
                      "more often", "less often", unit="bids"))
    out += deck_findings(deck_seats)
    return out


# -- the bidder bot against the heuristic bot ---------------------------------------------------
def bidder_gain_frame(games: int, seed: int = 0, scoring: str = "classic", players: int = 4) -> pd.DataFrame:
    """The ``bidder`` bot's final score against the heuristic bot's, paired by game.

    Each game is played twice on the same deals (the same seeded run): once with one
    ``bidder`` bot among heuristic bots (it moves one seat per game), once with heuristic
    bots only. One row per game: ``game``, ``seat`` (the bidder's), ``bidder`` and
    ``heuristic`` (that seat's final score in each), ``gain`` (their difference).

        >>> from lopti_nb.games.skullking.studies import bidder_gain_frame
        >>> list(bidder_gain_frame(1, seed=2, players=2).columns)
        ['game', 'seat', 'bidder', 'heuristic', 'gain']
    """
    from lopti_nb.analysis.frames import play_games

    bots = ["bidder"] + ["heuristic"] * (players - 1)
    mixed = play_games("skull-king", games, seed=seed, players=players, bots=bots, rotate=True,
                       tables=["seats"], scoring=scoring)["seats"]
    alone = play_games("skull-king", games, seed=seed, players=players, bots="heuristic",
                       tables=["seats"], scoring=scoring)["seats"]
    mine = mixed[mixed["bot"] == "bidder"][["game", "seat", "score"]].rename(columns={"score": "bidder"})
    base = alone[["game", "seat", "score"]].rename(columns={"score": "heuristic"})
    out = mine.merge(base, on=["game", "seat"]).sort_values("game", ignore_index=True)
    out["gain"] = out["bidder"] - out["heuristic"]
    return out[["game", "seat", "bidder", "heuristic", "gain"]]


def bidder_findings(gains: dict, lead: bool = False) -> list:
    """The ``bidder`` bot's mean gain over the heuristic bot per game (paired by game, 95 %
    interval) under each scoring system, and how much each system rewards it relative to
    the spread of scores (:func:`skill_frame`).

    ``gains``: scoring system -> :func:`bidder_gain_frame` under it. Keys
    ``bidder.gain_<scoring>`` and ``bidder.skill_<scoring>``; ``lead``: whether a notebook
    leads with the gains (only at a size where their direction holds at any seed).
    """
    from lopti_nb.analysis.findings import Finding, compare_means, num

    out = []
    for scoring, frame in gains.items():
        out.append(compare_means(f"bidder.gain_{scoring}", frame["bidder"], frame["heuristic"],
                                 f"Against the heuristic bot in the same seat on the same deals, under "
                                 f"{scoring} scoring, the final score of the bidder bot (it bids the bid "
                                 "of highest simulated expected score) is", "", "higher", "lower",
                                 unit="games", paired=True, measure="points", lead=lead))
    for row in skill_frame(gains).itertuples():
        out.append(Finding(f"bidder.skill_{row.scoring}",
                           f"Under {row.scoring} scoring the bidder bot's gain is {num(row.skill, 2)} "
                           f"times the spread (standard deviation) of the heuristic bot's final scores "
                           f"(95% interval {num(row.lower, 2)} to {num(row.upper, 2)}, by resampling "
                           f"the games; {plural(row.games, 'game')}).",
                           row.skill, row.lower, row.upper, row.games, "games"))
    return out


def skill_frame(gains: dict, draws: int = 2000, seed: int = 0) -> pd.DataFrame:
    """How much each scoring system rewards a better bid, in a scale-free measure: the
    bidder bot's mean gain per game divided by the spread (standard deviation) of the
    heuristic bot's final scores in the same games, with a 95 % interval from ``draws``
    seeded resamplings of the games.

    ``gains``: scoring system -> :func:`bidder_gain_frame` under it. One row per system:
    ``scoring``, ``games``, ``gain``, ``spread``, ``skill`` (gain / spread), ``lower``,
    ``upper``.

        >>> import pandas as pd
        >>> from lopti_nb.games.skullking.studies import skill_frame
        >>> g = pd.DataFrame({"bidder": [30, 50, 40, 60], "heuristic": [10, 30, 20, 40]})
        >>> float(skill_frame({"classic": g.assign(gain=g["bidder"] - g["heuristic"])})["skill"].iloc[0])
        1.549...
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    rows = []
    for scoring, frame in gains.items():
        gain = frame["gain"].to_numpy(dtype=float)
        base = frame["heuristic"].to_numpy(dtype=float)
        n = len(gain)
        picks = rng.integers(0, n, size=(draws, n))
        spreads = base[picks].std(axis=1, ddof=1)
        ratios = gain[picks].mean(axis=1) / np.where(spreads > 0, spreads, np.nan)
        lower, upper = np.nanpercentile(ratios, [2.5, 97.5])
        spread = float(base.std(ddof=1))
        rows.append({"scoring": scoring, "games": n, "gain": float(gain.mean()), "spread": spread,
                     "skill": float(gain.mean()) / spread if spread else float("nan"),
                     "lower": float(lower), "upper": float(upper)})
    return pd.DataFrame(rows, columns=["scoring", "games", "gain", "spread", "skill", "lower", "upper"])
