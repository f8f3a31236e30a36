"""What the deal is worth in a round of Lopti, and what skill adds to it.

* :func:`deal_worth_frame` plays one deal twice with the heuristic bot in every seat: as
  dealt, and with one change for one seat (the *holder*): its swap at the deal not made
  (``"swap made"``), or one of its ordinary hand cards exchanged for a 10 or a 2 from the draw
  pile (``"10 in hand"``, ``"2 in hand"``). Everything else about the deal and the bots'
  random draws is the same, so the difference in the holder's result is what the change is
  worth to it. :func:`deal_worth_summary` and :func:`deal_worth_chart` show it per player
  count; :func:`deal_findings` states it.
* :func:`seat_skill_frame` seats one heuristic bot among random bots, in every seat in
  turn: its win rate against a fair share (1 / players), and a scale-free *skill share*
  (0: it wins a fair share, as luck alone gives; 1: it wins every round).
  :func:`skill_findings` states them; ``seat_advantage_chart`` draws the frame.

A round stopped at the turn cap before anyone went out (a stalemate) counts as no win for
anyone; the frames count such rounds.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Sequence

import numpy as np
import pandas as pd

from lopti_nb.analysis.frames import game_seeds, play_games, wilson_interval
from lopti_nb.engine import SettingsError, plural, seat_word
from lopti_nb.engine.runner import play_out
from lopti_nb.engine.settings import shown, whole

from . import events as ev
from .bots import heuristic_bot
from .cards import ORDINARY_RANKS, TEN, TWO
from .state import LoptiState

if TYPE_CHECKING:
    import altair as alt

__all__ = ["deal_worth_frame", "deal_worth_summary", "deal_worth_chart", "deal_findings",
           "seat_skill_frame", "skill_findings"]

SWAP, TEN_IN_HAND, TWO_IN_HAND = "swap made", "10 in hand", "2 in hand"
CHANGES = (SWAP, TEN_IN_HAND, TWO_IN_HAND)
_GIVEN_RANK = {TEN_IN_HAND: TEN, TWO_IN_HAND: TWO}
MAX_DEALS = 1_000_000  # deals (or games per seat) in one study at most


# -- checks ------------------------------------------------------------------------------------------
def _player_counts(players: Any) -> list[int]:
    """``players`` as a list of player counts, each 2 to 5 (one count or several)."""
    counts = [players] if not isinstance(players, (list, tuple, range)) else list(players)
    if not counts:
        raise SettingsError("players lists no player count; give one or more of 2, 3, 4 and 5.")
    out = []
    for p in counts:
        p = whole(p, "players")
        if not 2 <= p <= 5:
            raise SettingsError(f"Lopti is for 2-5 players, not {shown(p)}.")
        out.append(p)
    return out


def _how_many(n: Any, what: str) -> int:
    n = whole(n, what)
    if not 1 <= n <= MAX_DEALS:
        raise SettingsError(f"{what} must be from 1 to {MAX_DEALS:,}, not {shown(n)}.")
    return n


# -- the deal, changed for one seat ------------------------------------------------------------------
def _keeps_its_cards(obs, legal, rng):
    """The heuristic bot, except that at the deal it keeps its cards (no swap)."""
    if obs["phase"] == "swap":
        return legal[0]  # keeping the cards as dealt is listed first
    return heuristic_bot(obs, legal, rng)


def _exchange(state: LoptiState, seat: int, rank: int, rng: random.Random) -> tuple[int, int] | None:
    """Where to give ``seat`` a card of ``rank`` from the draw pile: ``(hand index, draw-pile
    index)`` of an ordinary hand card and a ``rank`` card (each picked at random by
    ``rng``), or ``None`` when the dealt hand already holds ``rank``, holds no ordinary card,
    or the draw pile holds no ``rank`` card."""
    hand = state.hands[seat]
    if any(c >> 2 == rank for c in hand):
        return None
    ordinary = [i for i, c in enumerate(hand) if c >> 2 in ORDINARY_RANKS]
    given = [i for i, c in enumerate(state.draw_pile) if c >> 2 == rank]
    if not ordinary or not given:
        return None
    return rng.choice(ordinary), rng.choice(given)


def _play_deal(players: int, game_seed: int, bot_seed: int, keeper: int | None = None,
               exchange: tuple[int, int, int] | None = None) -> LoptiState:
    """The deal of ``game_seed`` played to its end by heuristic bots (their random draws from
    ``bot_seed``): seat ``keeper`` makes no swap; ``exchange = (seat, hand index, draw-pile
    index)`` trades those two cards before anyone acts."""
    state = LoptiState(players, game_seed)
    if exchange is not None:
        seat, h, d = exchange
        hand, pile = state.hands[seat], state.draw_pile
        hand[h], pile[d] = pile[d], hand[h]
    bots = [_keeps_its_cards if s == keeper else heuristic_bot for s in range(players)]
    return play_out(state, bots, random.Random(bot_seed))


def _won(state: LoptiState, seat: int) -> int:
    return int(state.winner == seat and not state.stalemate)


def deal_worth_frame(players: int | Sequence[int] = (2, 3, 4, 5), deals: int = 100,
                     seed: Any = 0) -> pd.DataFrame:
    """What the swap and a 10 or a 2 in the starting hand are worth to the seat that has them,
    paired by deal.

    For each player count and each of ``deals`` seeded deals (dealer and leader: seat 1),
    heuristic bots play the deal as dealt, and again with one change for one seat (the
    holder), the bots' random draws seeded alike:

    * ``"swap made"``: for each seat that swaps at the deal, the same deal with that seat keeping
      its cards as dealt (the others swap as before);
    * ``"10 in hand"`` / ``"2 in hand"``: for each seat whose dealt hand holds no 10 (no 2),
      at least one ordinary card, and whose draw pile holds a 10 (a 2): the same deal with
      one of its ordinary hand cards and one 10 (2) of the draw pile exchanged (each picked
      at random, seeded by the deal).

    One row per holder and change: ``players``, ``deal``, ``seat`` (0 = the leader),
    ``change``, ``with_won`` and ``without_won`` (1 when the holder won the round with the
    swap made or the card given, and without), ``gain`` (their difference: -1, 0 or 1),
    ``with_stalemate`` and ``without_stalemate`` (the round stopped at the turn cap: no win).

        >>> f = deal_worth_frame(players=2, deals=3, seed=1)
        >>> set(f["change"]) <= {"swap made", "10 in hand", "2 in hand"}
        True
        >>> bool((f["gain"] == f["with_won"] - f["without_won"]).all())
        True
    """
    counts = _player_counts(players)
    deals = _how_many(deals, "deals")
    rows: list[dict] = []

    def add(p, k, seat, change, with_state, without_state):
        rows.append({"players": p, "deal": k, "seat": seat, "change": change,
                     "with_won": _won(with_state, seat), "without_won": _won(without_state, seat),
                     "with_stalemate": bool(with_state.stalemate),
                     "without_stalemate": bool(without_state.stalemate)})

    for p in counts:
        for k in range(deals):
            game_seed, bot_seed = game_seeds(f"deal:{seed}:{p}", k)
            dealt = LoptiState(p, game_seed)
            base = _play_deal(p, game_seed, bot_seed)
            swapped = sorted({e.seat for e in base.events if type(e) is ev.Swapped})
            for seat in swapped:
                add(p, k, seat, SWAP, base, _play_deal(p, game_seed, bot_seed, keeper=seat))
            for change, rank in _GIVEN_RANK.items():
                for seat in range(p):
                    where = _exchange(dealt, seat, rank, random.Random(f"{game_seed}:{change}:{seat}"))
                    if where is not None:
                        given = _play_deal(p, game_seed, bot_seed, exchange=(seat, *where))
                        add(p, k, seat, change, given, base)
    columns = ["players", "deal", "seat", "change", "with_won", "without_won", "with_stalemate",
               "without_stalemate"]
    out = pd.DataFrame(rows, columns=columns)
    out["gain"] = out["with_won"] - out["without_won"]
    out["change"] = pd.Categorical(out["change"], categories=list(CHANGES))
    return out


def _deal_labels(frame: pd.DataFrame) -> np.ndarray:
    """Each row's deal (player count and deal number): the rows of one deal share its
    baseline round, so intervals count them by deal."""
    return (frame["players"].astype(str) + ":" + frame["deal"].astype(str)).to_numpy()


def deal_worth_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Per change and player count (and ``"all"``, the rows of every player count
    together), the mean gain in the holder's chance to win the round, in percentage points,
    with its 95 % interval counted by deal (cluster-robust: the holders of one deal share
    its baseline round). Columns ``change``, ``players`` (text), ``n`` (holders), ``deals``,
    ``gain``, ``stderr``, ``lower``, ``upper``; the changes and player counts in their
    fixed order.

        >>> f = pd.DataFrame({"players": 2, "deal": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
        ...                   "change": "swap made", "gain": [1, -1, 1, 1]})
        >>> deal_worth_summary(f)[["players", "n", "deals", "gain"]].values.tolist()
        [['2', 4, 2, 50.0], ['all', 4, 2, 50.0]]
    """
    from lopti_nb.analysis.findings import cluster_stderr, critical

    rows = []
    changes = [c for c in CHANGES if (frame["change"] == c).any()]
    for change in changes:
        part = frame[frame["change"] == change]
        groups = [(str(p), part[part["players"] == p]) for p in sorted(part["players"].unique())]
        groups.append(("all", part))
        for label, rows_of in groups:
            gain = 100.0 * rows_of["gain"].to_numpy(dtype=float)
            deals = _deal_labels(rows_of)
            se = cluster_stderr(gain, deals)
            m = float(gain.mean())
            z = critical(len(set(deals)))  # Student's t below 30 deals
            rows.append({"change": change, "players": label, "n": int(gain.size),
                         "deals": len(set(deals)), "gain": m, "stderr": se,
                         "lower": m - z * se, "upper": m + z * se})
    return pd.DataFrame(rows, columns=["change", "players", "n", "deals", "gain", "stderr", "lower", "upper"])


def deal_worth_chart(summary: pd.DataFrame, title: str = "What the swap and a starting 10 or 2 are worth",
                     subtitle: str | None = "change in the holder's chance to win the round, against the same "
                                            "deal without it; bars: 95% interval counted by deal") -> alt.Chart:
    """Bars of :func:`deal_worth_summary`: the mean gain in percentage points per player
    count (x, ``"all"`` last) and change (colour, in their fixed order), each with its 95 %
    interval; zero is "worth nothing"."""
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, INK, WIDTH, category_scale, chart_title, x_axis

    changes = [c for c in CHANGES if c in set(summary["change"].astype(str))]
    counts = list(dict.fromkeys(summary["players"].astype(str)))
    data = summary.assign(change=summary["change"].astype(str), players=summary["players"].astype(str))
    base = alt.Chart(data).encode(
        x=alt.X("players:N", title="Players", sort=counts, axis=x_axis("O")),
        xOffset=alt.XOffset("change:N", sort=changes),
        color=alt.Color("change:N", title="For the holder", sort=changes, scale=category_scale(changes)),
        tooltip=[alt.Tooltip("change:N"), alt.Tooltip("players:N"),
                 alt.Tooltip("gain:Q", title="percentage points", format="+.1f"),
                 alt.Tooltip("lower:Q", title="95% lower", format="+.1f"),
                 alt.Tooltip("upper:Q", title="95% upper", format="+.1f"),
                 alt.Tooltip("n:Q", title="holders"), alt.Tooltip("deals:Q")])
    bars = base.mark_bar().encode(y=alt.Y("gain:Q", title="Change in chance to win (percentage points)"))
    err = base.mark_rule().encode(y="lower:Q", y2="upper:Q", color=alt.value(INK))
    zero = alt.Chart(pd.DataFrame({"y": [0]})).mark_rule(color=INK).encode(y="y:Q")
    return alt.layer(bars, err, zero).properties(width=WIDTH + 80, height=HEIGHT,
                                                 title=chart_title(title, subtitle))


_DEAL_WORDS = {
    SWAP: ("The heuristic bot's swap at the deal (its best face-up card taken into the hand, "
                  "its weakest hand card put face up) leaves the swapper's chance to win the round",
           "keeping the cards as dealt on the same deal"),
    TEN_IN_HAND: ("A 10 dealt into the hand (one ordinary hand card exchanged for a 10 from the "
                      "draw pile, the deal otherwise the same) leaves the holder's chance to win the round",
                  "the deal as dealt"),
    TWO_IN_HAND: ("A 2 dealt into the hand (one ordinary hand card exchanged for a 2 from the "
                      "draw pile, the deal otherwise the same) leaves the holder's chance to win the round",
                  "the deal as dealt"),
}
_DEAL_KEYS = {SWAP: "swap", TEN_IN_HAND: "ten", TWO_IN_HAND: "two"}


def deal_findings(frame: pd.DataFrame, lead: Sequence[str] = ()) -> list:
    """The findings of :func:`deal_worth_frame`: per change, the mean gain in the holder's
    chance to win the round over every player count of the frame (percentage points, paired
    by deal, 95 % interval counted by deal), and how often the heuristic bot swaps. Keys
    ``deal.swap``, ``deal.ten``, ``deal.two``, ``deal.swaps_made``; ``lead``: the changes a
    notebook leads with (only those whose direction holds at its size at any seed)."""
    from lopti_nb.analysis.findings import Finding, compare_means, holm, proportion

    out = []
    counts = sorted(int(p) for p in frame["players"].unique())
    over = (f"with {counts[0]} players" if len(counts) == 1 else
            f"over {', '.join(map(str, counts[:-1]))} and {counts[-1]} players, as many deals each")
    for change in CHANGES:
        part = frame[frame["change"] == change]
        if not len(part):
            continue
        what, other = _DEAL_WORDS[change]
        f = compare_means(f"deal.{_DEAL_KEYS[change]}", 100.0 * part["with_won"], 100.0 * part["without_won"],
                          f"{what} ({over})", other, "higher", "lower", unit="holders",
                          lead=change in lead, paired=True, measure="percentage points",
                          clusters=_deal_labels(part), counted_by="deal")
        stalemates = int(part["with_stalemate"].sum() + part["without_stalemate"].sum())
        if stalemates:
            f = Finding(f.key, f"{f.text[:-1]}; {plural(stalemates, 'round')} stopped at the turn cap, "
                        "counted as no win.", f.estimate, f.lower, f.upper, f.n, f.unit, f.direction,
                        f.lead, f.extra)
        out.append(f)
    out = holm(out, "the worth of the deal's changes")  # the changes are one family
    seats = int(frame.drop_duplicates(["players", "deal"])["players"].sum())
    swaps = int((frame["change"] == SWAP).sum())
    if seats:
        out.append(proportion("deal.swaps_made", swaps, seats,
                              "Seats at which the heuristic bot swaps at the deal", unit="seats"))
    return out


# -- skill against luck -----------------------------------------------------------------------------------
def seat_skill_frame(players: int | Sequence[int] = (2, 3, 4, 5), games_per_seat: int = 100,
                     seed: Any = 0) -> pd.DataFrame:
    """A heuristic bot among random bots, in each seat: how often it wins the round.

    For each player count, ``games_per_seat`` seeded rounds with the heuristic bot in each
    seat (the bots turn one seat a round; the dealer, seat 1, leads), the other seats
    played by the engine's random bot. One row per player count and seat (``seat``:
    0 = the leader; ``"all"``: every seat together), with ``n``, ``hits`` (wins),
    ``win_rate`` and its 95 % Wilson interval ``lower``/``upper`` (each round has one
    heuristic seat: the rounds are independent), ``fair`` (1 / players), the *skill share*
    ``skill`` = (win rate - fair) / (1 - fair) with ``skill_lower``/``skill_upper`` (0: a
    fair share, as luck alone gives; 1: every round won), and ``stalemates`` (rounds
    stopped at the turn cap: no win). ``position`` and ``place`` repeat the seat for
    ``seat_advantage_chart``.

        >>> f = seat_skill_frame(players=2, games_per_seat=5, seed=1)
        >>> f["seat"].tolist(), f["n"].tolist()
        (['0', '1', 'all'], [5, 5, 10])
    """
    counts = _player_counts(players)
    per_seat = _how_many(games_per_seat, "games_per_seat")
    rows = []
    for p in counts:
        seats = play_games("lopti", per_seat * p, seed=f"skill:{seed}:{p}", players=p,
                           bots=["heuristic"] + ["random"] * (p - 1), rotate=True, tables=["seats"])["seats"]
        mine = seats[seats["bot"] == "heuristic"]
        for label, part in [*((str(s), mine[mine["seat"] == s]) for s in range(p)), ("all", mine)]:
            rows.append({"players": p, "seat": label, "n": len(part), "hits": int(part["won"].sum()),
                         "stalemates": int(part["stalemate"].sum())})
    out = pd.DataFrame(rows)
    out["win_rate"] = out["hits"] / out["n"]
    lower, upper = wilson_interval(out["hits"], out["n"])
    # (a rate of 0 or 1 is its interval's end exactly, whatever the rounding)
    out["lower"], out["upper"] = np.minimum(lower, out["win_rate"]), np.maximum(upper, out["win_rate"])
    out["fair"] = 1 / out["players"]
    for col, rate in (("skill", "win_rate"), ("skill_lower", "lower"), ("skill_upper", "upper")):
        out[col] = (out[rate] - out["fair"]) / (1 - out["fair"])
    out["position"] = "heuristic among random"
    out["place"] = out["seat"]
    return out[["players", "seat", "n", "hits", "win_rate", "lower", "upper", "fair", "skill",
                "skill_lower", "skill_upper", "stalemates", "position", "place"]]


def skill_findings(frame: pd.DataFrame, lead: bool = True) -> list:
    """The findings of :func:`seat_skill_frame`: per player count, the heuristic bot's win
    rate among random bots against a fair share (``skill.players_<p>``, led with when
    ``lead``) and its skill share (``skill.share_<p>``); per seat, its win rate against a
    fair share (``seat_skill.players_<p>_seat_<seat>``, seats counted from 1: a section of
    their own, for a notebook to show apart)."""
    from lopti_nb.analysis.findings import Finding, compare_to, num

    out = []
    for row in frame[frame["seat"] == "all"].itertuples():
        p = int(row.players)
        f = compare_to(f"skill.players_{p}", row.hits, row.n, row.fair,
                       f"With {p} players a heuristic bot among random bots (every seat in turn) wins",
                       "more than a fair share", "less than a fair share", unit="rounds", lead=lead)
        if row.stalemates:
            f = Finding(f.key, f"{f.text[:-1]}; {plural(int(row.stalemates), 'round')} stopped at the "
                        "turn cap, counted as no win.", f.estimate, f.lower, f.upper, f.n, f.unit,
                        f.direction, f.lead, f.extra)
        out.append(f)
        out.append(Finding(f"skill.share_{p}",
                           f"With {p} players its skill share is {num(row.skill, 2)} (95% interval "
                           f"{num(row.skill_lower, 2)} to {num(row.skill_upper, 2)}; "
                           f"{plural(int(row.n), 'round')}): 0 would be a fair share, as luck alone "
                           "gives, and 1 a win in every round, whatever the number of players.",
                           float(row.skill), float(row.skill_lower), float(row.skill_upper),
                           int(row.n), "rounds"))
    for row in frame[frame["seat"] != "all"].itertuples():
        p, seat = int(row.players), int(row.seat)
        leader = " (the leader)" if seat == 0 else ""
        out.append(compare_to(f"seat_skill.players_{p}_seat_{seat + 1}", row.hits, row.n, row.fair,
                              f"With {p} players a heuristic bot in {seat_word(seat)}{leader} among "
                              "random bots wins",
                              "more than a fair share", "less than a fair share", unit="rounds"))
    return out
