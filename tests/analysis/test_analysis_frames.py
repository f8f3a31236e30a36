"""DataFrame builders of lopti_nb.analysis: columns, dtypes, one row per seat per game."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import lopti_nb
import lopti_nb.analysis as A
from lopti_nb.games.ledger import studies as LG
from lopti_nb.games.lopti import studies as LS
from lopti_nb.games.skullking import studies as SK
from lopti_nb.analysis import frames as F

SEAT_DTYPES = {"game": "int64", "seat": "int64", "score": "float64", "place": "int64",
               "won": "bool", "length": "int64", "stalemate": "bool"}


def check_seat_frame(df: pd.DataFrame, games: int, players: int) -> None:
    assert list(df.columns[:8]) == F.SEAT_COLUMNS
    for col, dtype in SEAT_DTYPES.items():
        assert str(df[col].dtype) == dtype, col
    assert isinstance(df["bot"].dtype, pd.CategoricalDtype)
    assert len(df) == games * players
    # one row per seat per game
    assert not df.duplicated(["game", "seat"]).any()
    assert df.groupby("game").size().eq(players).all()
    assert sorted(df["seat"].unique()) == list(range(players))


@pytest.mark.parametrize("game,players,extra", [
    ("skull-king", 3, ["bids_hit", "hit_rate", "bonus", "loot", "scoring", "edition", "legendary"]),
    ("drowned-ledger", 4, ["dives", "caught", "office", "mode", "hold_limit", "sea_start"]),
    ("lopti", 2, ["pickups", "duty_pickups", "leader", "dealer", "turns"]),
])
def test_play_games_seats_one_row_per_seat_per_game(game, players, extra):
    t = F.play_games(game, 4, seed=1, players=players, tables=["seats", "games"])
    check_seat_frame(t["seats"], 4, players)
    for col in extra:
        assert col in t["seats"].columns, col
    assert t["seats"]["players"].eq(players).all()
    g = t["games"]
    assert list(g.columns[:7]) == F.GAME_COLUMNS
    assert len(g) == 4 and g["game"].tolist() == [0, 1, 2, 3]
    assert str(g["winner"].dtype) == "int64" and str(g["stalemate"].dtype) == "bool"


def test_play_games_matches_simulate_columns():
    sim = lopti_nb.simulate("skull-king", n=3, seed=5, progress=False)
    ours = F.play_games("skull-king", 3, seed=5, tables=["seats"])["seats"]
    # same columns as simulate() (plus the settings), same shape
    assert list(sim.columns) == list(ours.columns[: len(sim.columns)])
    assert sim.shape[0] == ours.shape[0]
    # seat_frame firms up simulate() output the same way
    firm = F.seat_frame(sim, players=4)
    check_seat_frame(firm, 3, 4)


def test_play_games_is_deterministic_and_chunkable():
    whole = F.play_games("drowned-ledger", 6, seed="x", tables=["seats"])["seats"]
    again = F.play_games("drowned-ledger", 6, seed="x", tables=["seats"])["seats"]
    pd.testing.assert_frame_equal(whole, again)
    a = F.play_games("drowned-ledger", 2, seed="x", tables=["seats"])["seats"]
    b = F.play_games("drowned-ledger", 4, seed="x", first=2, tables=["seats"])["seats"]
    pd.testing.assert_frame_equal(whole, pd.concat([a, b], ignore_index=True))
    other = F.play_games("drowned-ledger", 6, seed="y", tables=["seats"])["seats"]
    assert not whole["score"].equals(other["score"])


def test_rotate_turns_the_bots_one_seat_per_game():
    bots = ["balanced", "seller", "opener", "greedy"]
    s = F.play_games("drowned-ledger", 4, seed=0, players=4, bots=bots, rotate=True, tables=["seats"])["seats"]
    # every bot sits in every seat exactly once over four games
    assert s.groupby(["bot", "seat"], observed=True).size().eq(1).all()
    assert s[s["game"] == 1].sort_values("seat")["bot"].tolist() == ["greedy", "balanced", "seller", "opener"]


def test_skull_king_round_frame():
    r = F.play_games("skull-king", 2, seed=3, players=4, tables=["rounds"])["rounds"]
    assert list(r.columns[: len(SK.ROUND_COLUMNS)]) == SK.ROUND_COLUMNS
    assert len(r) == 2 * 4 * 10  # one row per seat per round
    assert str(r["hit"].dtype) == "bool" and str(r["points"].dtype) == "int64"
    assert (r["hit"] == (r["bid"] == r["won"])).all()
    last = r[r["round"] == 10].sort_values(["game", "seat"])
    seats = F.play_games("skull-king", 2, seed=3, players=4, tables=["seats"])["seats"]
    assert last["total"].tolist() == seats["score"].astype(int).tolist()
    # other games have no round table
    assert F.play_games("lopti", 1, seed=0, tables=["rounds"])["rounds"].empty


def test_game_frame_from_seats():
    s = F.play_games("skull-king", 5, seed=2, tables=["seats"])["seats"]
    g = F.game_frame(s)
    assert len(g) == 5
    assert {"game", "players", "length", "winner", "top_score", "mean_score"} <= set(g.columns)
    assert str(g["winner"].dtype) == "int64"
    assert (g["players"] == 4).all()


def test_histogram_and_summary():
    df = pd.DataFrame({"g": ["a"] * 50 + ["b"] * 50, "v": np.arange(100.0)})
    h = F.histogram_frame(df, "v", by="g", bins=10)
    assert list(h.columns) == ["g", "bin_start", "bin_end", "count", "share"]
    assert h.groupby("g")["count"].sum().tolist() == [50, 50]
    assert np.allclose(h.groupby("g")["share"].sum(), 1.0)
    s = F.distribution_summary(df, "v", "g")
    assert s.set_index("g").loc["a", "median"] == pytest.approx(24.5)
    assert list(s.columns) == ["g", "n", "mean", "stderr", "p05", "q1", "median", "q3", "p95", "min", "max"]


def test_wilson_interval_and_rate_frame():
    lo, hi = F.wilson_interval(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = F.wilson_interval(0, 20)
    assert lo == 0 and 0 < hi < 0.2
    df = pd.DataFrame({"k": [1, 1, 2, 2, 2], "f": [True, False, True, True, True]})
    r = F.rate_frame(df, "f", "k")
    assert r["rate"].tolist() == [0.5, 1.0] and r["n"].tolist() == [2, 3]
    assert (r["lower"] <= r["rate"]).all() and (r["rate"] <= r["upper"]).all()


def test_skull_king_rate_frames():
    r = F.play_games("skull-king", 3, seed=1, bots=["heuristic", "random"] * 2, rotate=True,
                     tables=["rounds"])["rounds"]
    hits = SK.hit_rate_frame(r)
    assert {"round", "bot", "n", "hits", "hit_rate", "lower", "upper"} <= set(hits.columns)
    assert hits["n"].sum() == len(r)
    zeros = SK.zero_bid_frame(r)
    assert {"round", "bot", "fail_rate", "zero_share", "mean_points"} <= set(zeros.columns)
    assert zeros["n"].sum() == int((r["bid"] == 0).sum())


def test_setting_effect_frame():
    s = F.play_games("skull-king", 3, seed=1, tables=["seats"])["seats"]
    e = F.setting_effect_frame(s, ["legendary"], values=("score", "bonus"))
    assert set(e["measure"]) == {"score", "bonus"}
    assert {"mean", "stderr", "lower", "upper", "setting"} <= set(e.columns)


def test_exact_catch_frame_matches_the_risk_module():
    from lopti_nb.games.ledger import risk

    e = LG.catch_probability_frame(range(1, 10), range(1, 5))
    assert len(e) == 36
    row = e[(e["sea"] == 3) & (e["target"] == 4)].iloc[0]
    assert row["exact"] == str(risk.catch_probability(3, 4, exact=True)) == "14359/32637"
    assert row["live_hazards"] == 6 and row["machines"] == 40
    assert (e.groupby("sea")["catch_probability"].apply(lambda s: s.is_monotonic_increasing)).all()
    assert Fraction(row["exact"]) == 1 - Fraction(40 * 39 * 38 * 37, 46 * 45 * 44 * 43)


def test_simulated_catch_frame_uses_the_engine_and_agrees():
    s = LG.simulated_catch_frame([3, 9], [1, 4], dives=200, seed=0)
    assert list(s[["sea", "target"]].itertuples(index=False, name=None)) == [(3, 1), (3, 4), (9, 1), (9, 4)]
    assert (s["dives"] == 200).all() and s["caught"].between(0, 200).all()
    overlay = LG.catch_overlay_frame(LG.catch_probability_frame([3, 9], [1, 4]), s)
    assert overlay["inside"].sum() >= 3  # 95% intervals: at most one miss by chance here
    again = LG.simulated_catch_frame([3, 9], [1, 4], dives=200, seed=0)
    pd.testing.assert_frame_equal(s, again)


def test_dive_expectations_and_best_target():
    x = LG.dive_expectation_frame(range(1, 10), range(1, 7))
    assert {"sea", "target", "kept", "lost", "coins", "caught", "sea_rise"} <= set(x.columns)
    # kept + lost never exceeds the target
    assert (x["kept"] + x["lost"] <= x["target"] + 1e-9).all()
    b = LG.best_target_frame(x, range(1, 7))
    assert len(b) == 9 * 6
    assert (b["best_target"] <= b["hold_limit"]).all()
    assert b[b["hold_limit"] == 1]["best_target"].eq(1).all()
    # a higher sea never makes a deeper dive best
    for h, part in b.groupby("hold_limit"):
        assert part.sort_values("sea")["best_target"].is_monotonic_decreasing


def test_office_balance_and_lever_frames():
    bots = ["balanced", "seller", "opener", "greedy"]
    s1 = F.play_games("drowned-ledger", 8, seed=0, bots=bots, rotate=True, tables=["seats"])["seats"]
    s2 = F.play_games("drowned-ledger", 8, seed=1, bots=bots, rotate=True, hold_limit=6, tables=["seats"])["seats"]
    seats = pd.concat([s1, s2], ignore_index=True)
    table = LG.office_balance_frame(s1)
    assert {"office", "seats", "wins", "win_rate", "lower", "upper", "deviation", "within_target"} <= set(table.columns)
    assert table["seats"].sum() == len(s1)
    lv = F.lever_frame(seats, {"hold_limit": 4, "sea_start": 3}, by="bot")
    assert set(lv["lever"]) == {"hold_limit", "sea_start"}
    assert set(lv[lv["lever"] == "hold_limit"]["value"]) == {"4", "6"}
    # the hold_limit=6 rows are not counted under sea_start (hold limit not at its default)
    assert lv[lv["lever"] == "sea_start"]["n"].sum() == len(s1)


def test_lopti_seat_advantage_and_duty_frames():
    parts = [F.play_games("lopti", 3, seed=d, players=3, dealer=d, tables=["seats", "games"]) for d in range(3)]
    seats = pd.concat([p["seats"].assign(cell=i) for i, p in enumerate(parts)], ignore_index=True)
    games = pd.concat([p["games"].assign(cell=i) for i, p in enumerate(parts)], ignore_index=True)
    adv = LS.seat_advantage_frame(seats)
    assert set(adv["position"]) == {"seat", "after leader"}
    assert adv.groupby("position")["n"].sum().eq(len(seats)).all()
    assert (adv["fair"] == 1 / 3).all()
    duty = LS.duty_frame(games)
    assert set(duty["measure"]) == {"any duty pickup", "last pickup forced", "winner out on a 3",
                                    "decided by a 3 duty"}
    assert {"duty_pickups", "last_pickup_forced", "out_on_three", "leader"} <= set(games.columns)


def test_motion_length_frame():
    pytest.importorskip("lopti_nb.games.lopti.library")
    df = LS.motion_length_frame(["ace_tax", "pile_taker_shows_highest"], sessions=2, rounds=2)
    assert list(df["motion"].cat.categories) == ["none", "ace_tax", "pile_taker_shows_highest"]
    assert len(df) == 3 * 2 * 2
    assert (df[df["motion"] == "none"]["extra_turns"] == 0).all()
    # a motion that only reveals cards changes nothing about the play
    assert (df[df["motion"] == "pile_taker_shows_highest"]["extra_turns"] == 0).all()
