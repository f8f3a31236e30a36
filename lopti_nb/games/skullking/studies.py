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
           "bidder_gain_frame", "bidder_findings", "skill_frame", "card_worth_deals", "card_worth_frame",
           "card_worth_chart", "skill_gap_frame", "skill_chart", "worth_findings"]


def _keys(by) -> list[str]:
    if by is None:
        return []
    return [by] if isinstance(by, str) else list(by)


def _deal(rounds: pd.DataFrame) -> list[str]:
    """The columns that name a row's deal: the seats of one round of one game bid on one deal
    (their rows are counted together)."""
    return [c for c in ("cell", "scoring", "game", "round") if c in rounds.columns]


def hit_rate_frame(rounds: pd.DataFrame, by=("bot",)) -> pd.DataFrame:
    """Share of exact bids per round (and ``by`` group), with Wilson intervals counted by deal
    (the seats of one round of one game share its deal; ``clusters``: the deals).

        >>> r = pd.DataFrame({"game": [0, 0, 1, 1], "round": 1, "bot": "heuristic", "hit": [1, 1, 0, 1]})
        >>> hit_rate_frame(r)[["n", "hit_rate", "clusters"]].values.tolist()
        [[4.0, 0.75, 2.0]]
    """
    return rate_frame(rounds, "hit", ["round", *_keys(by)], name="hit_rate", clusters=_deal(rounds))


def zero_bid_frame(rounds: pd.DataFrame, by=("bot",)) -> pd.DataFrame:
    """The risk of a zero bid per round: ``zero_share`` (how often 0 was bid), ``n`` and
    ``hits`` (zero bids and how many took no trick), ``fail_rate`` (a zero bid that took a
    trick) with its Wilson interval counted by deal (``clusters``: the deals), and
    ``mean_points`` of the zero bids."""
    keys = ["round", *_keys(by)]
    rounds = rounds.assign(zero=rounds["bid"] == 0, failed=(rounds["bid"] == 0) & ~rounds["hit"])
    share = rounds.groupby(keys, observed=True, sort=True)["zero"].mean().rename("zero_share")
    zeros = rounds[rounds["zero"]]
    out = rate_frame(zeros, "failed", keys, name="fail_rate", clusters=_deal(zeros))
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


# -- what each special card is worth to its holder -----------------------------------------------
SPECIALS = ("skull-king", "pirate", "tigress", "mermaid", "escape", "loot", "kraken", "white-whale")
PLAIN_LOW = ("Y1", "P1", "G1", "Y2", "P2", "G2", "Y3", "P3", "G3")


def card_worth_deals(cards=SPECIALS, deals: int = 100, seed: int = 0, scoring: str = "classic",
                     players: int = 4, rounds=range(1, 11), edition: str = "table",
                     legendary: bool = True) -> pd.DataFrame:
    """The paired deals behind :func:`card_worth_frame`, one row per card and deal.

    For each card and each of ``deals`` deals: a round (taken in turn from ``rounds``) is dealt
    at random with the card in the hand of one seat (the seats take turns holding it and
    leading), and played out twice by heuristic bots (bids included) from the same seeds:
    once as dealt, once with the card swapped for a plain low card nobody holds (a 1, 2 or 3
    of yellow, purple or green; the lowest of them left if all nine are held). Columns:
    ``card``, ``deal``, ``cards_dealt``, ``holder``,
    ``low`` (the card it was swapped for), ``points``/``points_low`` and ``hit``/``hit_low``
    (the holder's round score and exact bid, as dealt and swapped), ``worth``
    (``points - points_low``).

        >>> d = card_worth_deals(["loot"], deals=2, seed=1)
        >>> d[["card", "deal", "cards_dealt", "holder"]].values.tolist()
        [['loot', 0, 1, 0], ['loot', 1, 2, 1]]
    """
    import random

    from lopti_nb.analysis.frames import game_seeds
    from lopti_nb.engine import SettingsError

    from .bots import HeuristicBot
    from .coach import play_round
    from .state import BIDS, SkullKingState

    rounds = list(rounds)
    if not isinstance(deals, int) or isinstance(deals, bool) or not 1 <= deals <= 100_000:
        raise SettingsError(f"deals is a whole number from 1 to 100,000, not {deals!r}.")
    if not rounds or any(not isinstance(r, int) or isinstance(r, bool) or not 1 <= r <= 10 for r in rounds):
        raise SettingsError(f"rounds are whole numbers from 1 to 10, not {rounds!r}.")
    bot = HeuristicBot()
    rows = []
    for card in cards:
        if card not in SPECIALS:
            raise SettingsError(f"{card!r} is not a special card; the special cards: {', '.join(SPECIALS)}.")
        for d in range(deals):
            game_seed, play_seed = game_seeds(f"{seed}:{card}", d)
            rng = random.Random(game_seed)
            state = SkullKingState(players, seed=game_seed, scoring=scoring, edition=edition,
                                   legendary=legendary)
            if card not in state.deck:
                raise SettingsError(f"{card!r} is not in the deck without the Legendary cards.")
            size = min(rounds[d % len(rounds)], len(state.deck) // players)
            holder, leader = d % players, (d // players) % players
            deck = list(state.deck)
            rng.shuffle(deck)
            deck.remove(card)
            hands = [deck[s * size:(s + 1) * size] for s in range(players)]
            hands[holder][0] = card
            held = {c for h in hands for c in h}
            free = [c for c in rng.sample(PLAIN_LOW, len(PLAIN_LOW)) if c not in held]
            # all nine held (a ten-card round can): the lowest yellow, purple or green left
            low = free[0] if free else min((c for c in state.deck if c[0] in "YPG" and c not in held),
                                           key=lambda c: int(c[1:]))
            swapped = [list(h) for h in hands]
            swapped[holder][0] = low
            state.round = size
            state.dealer = (leader - 1) % players
            state.leader = state.current_player = leader
            results = []
            for deal in (hands, swapped):
                sim = state.copy()
                sim.set_hands(deal)
                bid = bot.bid(sim.observation(holder), BIDS[: size + 1]).n  # as the bot bids it
                results.append(play_round(sim, holder, bid, random.Random(play_seed), bot))
            dealt, plain = results
            rows.append({"card": card, "deal": d, "cards_dealt": size, "holder": holder, "low": low,
                         "points": dealt["points"], "points_low": plain["points"],
                         "hit": bool(dealt["hit"]), "hit_low": bool(plain["hit"]),
                         "worth": dealt["points"] - plain["points"]})
    return pd.DataFrame(rows, columns=["card", "deal", "cards_dealt", "holder", "low", "points",
                                       "points_low", "hit", "hit_low", "worth"])


def card_worth_frame(worths: pd.DataFrame) -> pd.DataFrame:
    """What each special card is worth to the seat that holds it: per card of
    :func:`card_worth_deals`, ``worth`` (the mean of the paired differences: points per
    round it is held, averaged over the rounds dealt), ``stderr``, ``lower``, ``upper`` (95 %;
    the deals are independent), ``hit_change`` (the holder's share of exact bids, as dealt
    minus swapped) and ``n`` (deals). The cards keep the order they were given in.

        >>> d = pd.DataFrame({"card": ["loot"] * 4, "worth": [10, 20, 0, 10],
        ...                   "hit": [True] * 4, "hit_low": [True, False, True, True]})
        >>> card_worth_frame(d)[["card", "worth", "n"]].values.tolist()
        [['loot', 10.0, 4]]
    """
    import numpy as np

    rows = []
    for card, d in worths.groupby("card", sort=False):
        w = d["worth"].to_numpy(dtype=float)
        n = len(w)
        se = float(w.std(ddof=1) / np.sqrt(n)) if n > 1 else float("nan")
        mean = float(w.mean())
        rows.append({"card": card, "worth": mean, "stderr": se, "lower": mean - 1.96 * se,
                     "upper": mean + 1.96 * se,
                     "hit_change": float(d["hit"].astype(float).mean() - d["hit_low"].astype(float).mean()),
                     "n": n})
    return pd.DataFrame(rows, columns=["card", "worth", "stderr", "lower", "upper", "hit_change", "n"])


# -- how much each scoring system rewards skill -----------------------------------------------------
def skill_gap_frame(seats: pd.DataFrame, skilled: str = "heuristic", unskilled: str = "random",
                    draws: int = 2000, seed: int = 0) -> pd.DataFrame:
    """How much each scoring system rewards skill, in a scale-free measure: the mean final
    score of the ``skilled`` bot's seats minus the ``unskilled`` bot's, in the same games,
    divided by the spread of final scores within a bot (the two bots' standard deviations,
    pooled: ``sqrt((sd_skilled**2 + sd_unskilled**2) / 2)``, so the gap itself does not
    widen the spread). The 95 % interval comes from ``draws`` seeded resamplings of whole
    games (the seats of a game share its deals), so it respects how the data were drawn.

    ``seats``: seat rows with ``scoring``, ``game``, ``bot`` and ``score`` columns (and
    ``cell`` if any), where every game seats both bots (e.g. the scoring sweep's two
    heuristic and two random bots). One row per system: ``scoring``, ``games``, ``gap``
    (points), ``spread``, ``skill`` (gap / spread), ``lower``, ``upper``.

        >>> toy = pd.DataFrame({"scoring": "classic", "game": [0, 0, 1, 1, 2, 2],
        ...                     "bot": ["heuristic", "random"] * 3, "score": [10, 0, 20, 10, 30, 20]})
        >>> skill_gap_frame(toy)[["games", "gap", "spread", "skill"]].round(3).values.tolist()
        [[3.0, 10.0, 10.0, 1.0]]
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    keys = ["cell", "game"] if "cell" in seats.columns else ["game"]
    rows = []
    for scoring, part in seats.groupby("scoring", observed=True, sort=False):
        bot = part["bot"].astype(str)
        per_game = {}
        for who in (skilled, unskilled):
            g = part[bot == who].assign(sq=lambda d: d["score"].astype(float) ** 2).groupby(keys, observed=True)
            per_game[who] = pd.DataFrame({"sum": g["score"].sum().astype(float), "sq": g["sq"].sum(),
                                          "k": g["score"].size().astype(float)})
        both = per_game[skilled].index.intersection(per_game[unskilled].index)
        if not len(both):
            continue
        a, b = per_game[skilled].loc[both], per_game[unskilled].loc[both]
        gaps = (a["sum"] / a["k"] - b["sum"] / b["k"]).to_numpy()
        n = len(gaps)

        def variance(f, picks):
            total, sq, k = (f[c].to_numpy()[picks].sum(axis=-1) for c in ("sum", "sq", "k"))
            return np.maximum(sq - total ** 2 / k, 0) / np.maximum(k - 1, 1)

        everything = np.arange(n)
        spread = float(np.sqrt((variance(a, everything) + variance(b, everything)) / 2))
        picks = rng.integers(0, n, size=(draws, n))
        spreads = np.sqrt((variance(a, picks) + variance(b, picks)) / 2)
        ratios = gaps[picks].mean(axis=1) / np.where(spreads > 0, spreads, np.nan)
        lower, upper = (np.nanpercentile(ratios, [2.5, 97.5]) if np.isfinite(ratios).any()
                        else (np.nan, np.nan))
        gap = float(gaps.mean())
        rows.append({"scoring": str(scoring), "games": n, "gap": gap, "spread": spread,
                     "skill": gap / spread if spread else float("nan"),
                     "lower": float(lower), "upper": float(upper)})
    return pd.DataFrame(rows, columns=["scoring", "games", "gap", "spread", "skill", "lower", "upper"])


WORTH_NAMES = {"skull-king": "Skull King", "pirate": "a Pirate", "tigress": "the Tigress",
               "mermaid": "a Mermaid", "escape": "an Escape", "loot": "a Loot", "kraken": "the Kraken",
               "white-whale": "the White Whale"}


def card_worth_chart(worth: pd.DataFrame, title: str = "What a special card is worth to its holder",
                     subtitle: str | None = "points in the round, against a plain low card on the same deal; bars: 95% interval"):
    """Bars of :func:`card_worth_frame`'s ``worth`` with their 95 % intervals, the cards in
    the deck's order (never ranked by worth: at a notebook's size that order is partly noise).

        >>> w = pd.DataFrame({"card": ["loot"], "worth": [5.0], "stderr": [1.0], "lower": [3.0],
        ...                   "upper": [7.0], "hit_change": [0.0], "n": [10]})
        >>> type(card_worth_chart(w)).__name__
        'LayerChart'
    """
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, INK, OKABE_ITO, WIDTH, chart_title

    order = [c for c in SPECIALS if c in set(worth["card"])] + [c for c in worth["card"] if c not in SPECIALS]
    base = alt.Chart(worth).encode(
        x=alt.X("card:N", title="Special card", sort=order, axis=alt.Axis(labelAngle=-30)),
        tooltip=[alt.Tooltip("card:N"), alt.Tooltip("worth:Q", title="points", format="+.1f"),
                 alt.Tooltip("lower:Q", title="95% lower", format="+.1f"),
                 alt.Tooltip("upper:Q", title="95% upper", format="+.1f"),
                 alt.Tooltip("hit_change:Q", title="exact bids", format="+.0%"), alt.Tooltip("n:Q", title="deals")])
    bars = base.mark_bar(color=OKABE_ITO[0], opacity=0.85).encode(
        y=alt.Y("worth:Q", title="Holder's points in the round"))
    err = base.mark_rule(color=INK).encode(y="lower:Q", y2="upper:Q")
    zero = alt.Chart(pd.DataFrame({"y": [0]})).mark_rule(color=INK, strokeDash=[4, 3]).encode(y="y:Q")
    return alt.layer(bars, err, zero).properties(width=WIDTH, height=HEIGHT, title=chart_title(title, subtitle))


def skill_chart(gaps: pd.DataFrame, title: str = "How much each scoring system rewards skill",
                subtitle: str | None = "score gap over the spread of scores; bars: 95% interval, by resampling the games"):
    """Bars of the scale-free skill measure per scoring system, with 95 % intervals, the
    systems in their fixed order (classic, rascal, cannonball). ``gaps``: rows of
    :func:`skill_gap_frame` and/or :func:`skill_frame`, with a ``comparison`` column naming
    which two bots each row compares (one panel per comparison).

        >>> g = pd.DataFrame({"scoring": ["classic"], "skill": [1.0], "lower": [0.5], "upper": [1.5],
        ...                   "games": [10], "comparison": ["heuristic over random"]})
        >>> type(skill_chart(g)).__name__
        'FacetChart'
    """
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, INK, chart_title
    from lopti_nb.games.skullking import rules

    order = [s for s in rules.SCORING_SYSTEMS if s in set(gaps["scoring"])]
    base = alt.Chart().encode(
        x=alt.X("scoring:N", title="Scoring system", sort=order, axis=alt.Axis(labelAngle=0)),
        tooltip=[alt.Tooltip("comparison:N"), alt.Tooltip("scoring:N"),
                 alt.Tooltip("skill:Q", title="gap / spread", format=".2f"),
                 alt.Tooltip("lower:Q", title="95% lower", format=".2f"),
                 alt.Tooltip("upper:Q", title="95% upper", format=".2f"), alt.Tooltip("games:Q")])
    bars = base.mark_bar(opacity=0.85).encode(
        y=alt.Y("skill:Q", title="Score gap / spread"),
        color=alt.Color("scoring:N", sort=order, legend=None))
    err = base.mark_rule(color=INK).encode(y="lower:Q", y2="upper:Q")
    layer = alt.layer(bars, err).properties(width=180, height=HEIGHT - 40)
    return layer.facet(facet=alt.Facet("comparison:N", title=None), data=gaps, columns=2).resolve_scale(
        y="independent").properties(title=chart_title(title, subtitle))


def worth_findings(worths: pd.DataFrame | None = None, gaps: pd.DataFrame | None = None,
                   lead: bool = True) -> list:
    """What each special card is worth to its holder (``worth.<card>``: the paired deals of
    :func:`card_worth_deals`, 95 % interval, one pair a deal; the cards corrected together
    for the comparisons tested, Holm) and how much each scoring system rewards skill
    (``skill.<scoring>`` from :func:`skill_gap_frame`, and ``skill.most``: which system
    rewards it most, told apart only when its interval clears the others'). ``lead``: the
    skill findings lead (their direction holds at any seed at the notebook's size).

        >>> toy = pd.DataFrame({"scoring": "classic", "game": [0, 0, 1, 1],
        ...                     "bot": ["heuristic", "random"] * 2, "score": [10, 0, 20, 10]})
        >>> [f.key for f in worth_findings(gaps=skill_gap_frame(toy))]
        ['skill.classic', 'skill.most']
    """
    from lopti_nb.analysis.findings import UNCLEAR, Finding, compare_means, holm, num

    out = []
    if worths is not None:
        for card, d in worths.groupby("card", sort=False):
            name = WORTH_NAMES.get(card, card)
            out.append(compare_means(f"worth.{card}", d["points"], d["points_low"],
                                     f"Holding {name} in place of a plain low card, the holder's round score is",
                                     "", "higher", "lower", paired=True, measure="points a round",
                                     unit="deals", same=f"Holding {name} changes nothing of the holder's round score"))
        # every special card's worth is one comparison of one family: corrected together (Holm)
        out = holm(out, "the special cards' worths")
    if gaps is not None and len(gaps):
        for row in gaps.itertuples():
            out.append(Finding(f"skill.{row.scoring}",
                               f"Under {row.scoring} scoring the heuristic bot's final score is "
                               f"{num(row.gap, 1)} points above the random bot's in the same games, "
                               f"{num(row.skill, 2)} times the spread of scores within a bot "
                               f"(95% interval {num(row.lower, 2)} to {num(row.upper, 2)}, by resampling "
                               f"the games; {plural(int(row.games), 'game')}).",
                               float(row.skill), float(row.lower), float(row.upper), int(row.games), "games",
                               "higher" if row.lower > 0 else ("lower" if row.upper < 0 else UNCLEAR),
                               lead=lead))
        top = gaps.loc[gaps["skill"].idxmax()]
        rest = gaps[gaps["scoring"] != top["scoring"]]
        clear = bool(len(rest)) and bool((top["lower"] > rest["upper"]).all())
        close = ", ".join(rest.loc[rest["upper"] >= top["lower"], "scoring"])
        out.append(Finding("skill.most",
                           (f"{top['scoring'].capitalize()} scoring rewards skill most: its 95% interval "
                            f"({num(top['lower'], 2)} to {num(top['upper'], 2)}) lies above the others' "
                            f"({plural(int(top['games']), 'game')} a system)." if clear else
                            f"{top['scoring'].capitalize()} scoring has the largest measure "
                            f"({num(top['skill'], 2)}, 95% interval {num(top['lower'], 2)} to "
                            f"{num(top['upper'], 2)}), but " + (f"its interval overlaps {close}'s" if close else "only one system was measured")
                            + f"; it cannot be told apart at this size (about {plural(4 * int(top['games']), 'game')} "
                              "a system would narrow the intervals by half)."),
                           float(top["skill"]), float(top["lower"]), float(top["upper"]), int(top["games"]), "games",
                           top["scoring"] if clear else UNCLEAR))
    return out
