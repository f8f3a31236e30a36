"""Intervals that respect how the rows were drawn: seats and rounds of one game counted by
game; Lopti rounds stopped at the turn cap kept out of the mean length; charts in a fixed
order with an interval on every bar or point."""
from __future__ import annotations

import numpy as np
import pandas as pd

from lopti_nb.analysis import frames as F
from lopti_nb.analysis.findings import (cluster_stderr, clustered_difference, compare_means,
                                        design_effect, game_clusters, proportion)


def test_one_row_per_game_gives_the_usual_standard_error():
    v = np.random.default_rng(1).normal(size=50)
    assert np.isclose(cluster_stderr(v, np.arange(50)), v.std(ddof=1) / np.sqrt(50))


def test_a_game_that_pays_two_seats_alike_widens_the_interval():
    # each game's value appears twice (two seats share a Loot alliance): as many games, not rows
    games = np.random.default_rng(2).normal(size=200)
    seats, labels = np.repeat(games, 2), np.repeat(np.arange(200), 2)
    assert np.isclose(cluster_stderr(seats, labels), games.std(ddof=1) / np.sqrt(200))
    assert cluster_stderr(seats, labels) > 1.4 * seats.std(ddof=1) / np.sqrt(400)
    assert design_effect(seats, labels) > 1.9


def test_a_difference_within_the_same_games_is_paired():
    rng = np.random.default_rng(3)
    level = rng.normal(0, 10, size=300)  # each game's own level, shared by both sides
    a, b = level + 1 + rng.normal(size=300), level + rng.normal(size=300)
    diff, se, games = clustered_difference(a, b, np.arange(300), np.arange(300))
    assert games == 300 and np.isclose(se, (a - b).std(ddof=1) / np.sqrt(300), rtol=0.01)
    plain = compare_means("k", a, b, "A is", "B")
    by_game = compare_means("k", a, b, "A is", "B", clusters=(np.arange(300), np.arange(300)))
    assert plain.direction == "cannot be told apart" and by_game.direction == "higher"
    assert "in 300 games, counted by game" in by_game.text


def test_a_share_counted_by_game_is_wider_and_says_so():
    plain = proportion("k", 40, 100, "Share", unit="seats")
    by_game = proportion("k", 40, 100, "Share", unit="seats", deff=2.0, games=50)
    assert by_game.lower < plain.lower and by_game.upper > plain.upper
    assert "100 seats in 50 games, counted by game" in by_game.text


def test_game_clusters_name_cell_and_game():
    rows = pd.DataFrame({"cell": [0, 0, 1, 1], "game": [0, 1, 0, 0]})
    assert len(set(game_clusters(rows))) == 3


def test_rounds_stopped_at_the_turn_cap_stay_out_of_the_mean_length():
    from lopti_nb.games.lopti.studies import round_findings

    rows = [{"players": p, "length": 30 if p == 2 else 20, "winner": 0, "leader": 0, "stalemate": False,
             "duty_pickups": 0, "duty_decided": False, "turn_cap": 1000} for p in (2, 5) for _ in range(50)]
    rows += [{"players": 5, "length": 1000, "winner": -1, "leader": 0, "stalemate": True,
              "duty_pickups": 0, "duty_decided": False, "turn_cap": 1000}] * 3
    found = {f.key: f for f in round_findings(pd.DataFrame(rows))}
    length = found["length.fewest_vs_most"]
    assert length.estimate == -10 and length.direction == "shorter"  # the capped 1,000s left out
    assert "3 rounds stopped at the 1,000-turn cap left out" in length.text
    assert "turns, all players together" in length.text
    assert found["length.capped"].estimate == 3 and "3 with 5 players" in found["length.capped"].text


def test_the_office_table_keeps_the_offices_own_order():
    from lopti_nb.games.ledger.offices import OFFICE_NAMES
    from lopti_nb.games.ledger.studies import office_balance_chart, office_balance_frame

    rng = np.random.default_rng(4)
    seats = pd.DataFrame({"office": rng.choice(OFFICE_NAMES, 600), "won": rng.random(600) < 0.25,
                          "score": rng.normal(50, 10, 600)})
    table = office_balance_frame(seats)
    assert list(table["office"]) == list(OFFICE_NAMES)  # not by win rate
    x = office_balance_chart(table).to_dict()["layer"][1]["encoding"]["x"]
    assert x["sort"] == list(OFFICE_NAMES)


def test_the_win_rate_lever_chart_draws_an_interval_per_point():
    from lopti_nb.analysis.charts import lever_chart

    seats = pd.DataFrame({"hold_limit": [4, 4, 6, 6] * 10, "bot": ["a", "b"] * 20,
                          "score": np.arange(40.0), "won": [True, False, False, True] * 10,
                          "length": 5})
    levers = F.lever_frame(seats, {"hold_limit": 4})
    assert (levers["win_lower"] <= levers["win_rate"]).all() and (levers["win_rate"] <= levers["win_upper"]).all()
    spec = lever_chart(levers, y="win_rate", y_title="Win rate").to_dict()
    rules = [layer for layer in spec["spec"]["layer"] if layer["mark"]["type"] == "rule"]
    assert rules and rules[0]["encoding"]["y"]["field"] == "lower"


def test_the_setting_effect_bars_are_counted_by_game():
    # four seats of a game share one value: the bar's interval is as wide as the games allow
    values = np.random.default_rng(5).normal(size=100)
    seats = pd.DataFrame({"cell": 0, "game": np.repeat(np.arange(100), 4),
                          "loot": np.repeat(values, 4), "legendary": True})
    effect = F.setting_effect_frame(seats, ["legendary"], values=("loot",))
    assert np.isclose(effect["stderr"].iloc[0], values.std(ddof=1) / 10)


def test_the_motion_chart_keeps_the_librarys_order():
    from lopti_nb.games.lopti.studies import motion_effect_chart

    summary = pd.DataFrame({"motion": ["b", "a", "c"], "mean": [3.0, -1.0, 1.0],
                            "stderr": [0.5, 0.5, 0.5], "n": [30] * 3})
    spec = motion_effect_chart(summary).to_dict()
    assert spec["layer"][0]["encoding"]["y"]["sort"] == ["b", "a", "c"]


def test_few_clusters_use_student_t_and_many_use_the_normal_quantile():
    from lopti_nb.analysis.findings import critical, mean

    assert critical(12) == 2.201 and critical(2) == 12.7062 and critical(30) == 1.96
    rng = np.random.default_rng(5)
    v = rng.normal(size=12)
    f = mean("k", v, "Twelve games")
    se = v.std(ddof=1) / np.sqrt(12)
    assert np.isclose(f.upper - f.lower, 2 * 2.201 * se)
    big = rng.normal(size=100)
    g = mean("k", big, "A hundred games")
    assert np.isclose(g.upper - g.lower, 2 * 1.96 * big.std(ddof=1) / 10)


def test_student_t_intervals_cover_95_percent_with_few_clusters():
    """Over many samples of 8 games, the t interval covers the true mean about 95 % of the time
    (a normal interval would cover about 91 %)."""
    from lopti_nb.analysis.findings import mean

    rng = np.random.default_rng(6)
    covered = sum(f.lower <= 0 <= f.upper for f in (mean("k", rng.normal(size=8), "x") for _ in range(2000)))
    assert 0.935 <= covered / 2000 <= 0.965


def test_holm_withdraws_a_direction_that_does_not_survive_the_family():
    from lopti_nb.analysis.findings import compare_means, holm, holm_adjusted

    rng = np.random.default_rng(7)
    noise = [compare_means(f"k{i}", rng.normal(size=200), np.zeros(200), f"Arm {i} is", "none",
                           paired=True) for i in range(40)]
    alone = [f for f in noise if f.direction != "cannot be told apart"]
    corrected = holm(noise, "forty arms of pure noise")
    assert alone, "at this seed some of forty noise arms leave out zero on their own"
    assert all(f.direction == "cannot be told apart" for f in corrected)
    assert all("40 comparisons tested in forty arms of pure noise" in f.text for f in corrected)
    strong = compare_means("s", rng.normal(1, 1, size=200), np.zeros(200), "Strong is", "none", paired=True)
    assert holm([strong, *noise], "a family")[0].direction == "higher"
    assert holm_adjusted([0.01, 0.04, 0.03]) == [0.03, 0.06, 0.06]


def test_seat_seeds_are_spawned_and_never_collide_across_runs():
    from lopti_nb.engine.runner import spawn_seeds

    runs = [spawn_seeds(seed, 5) for seed in (0, 1, 1000, 2000)]
    flat = [s for run in runs for s in run]
    assert len(set(flat)) == len(flat) and runs[0] == spawn_seeds(0, 5)


def test_rates_counted_by_deal_widen_and_say_how_many_deals():
    # four seats of one deal bid alike: 10 deals, not 40 independent bids
    rows = pd.DataFrame({"game": np.repeat(np.arange(10), 4), "round": 1,
                         "hit": np.repeat([1, 0] * 5, 4)})
    plain = F.rate_frame(rows, "hit")
    by_deal = F.rate_frame(rows, "hit", clusters=["game", "round"])
    assert int(by_deal["clusters"].iloc[0]) == 10
    assert by_deal["lower"].iloc[0] < plain["lower"].iloc[0] - 0.1
