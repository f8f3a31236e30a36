"""What a special card is worth to its holder and how much each scoring system rewards skill
(lopti_nb.games.skullking.studies): the paired deals are what they say, the intervals are
computed as stated on toy cases whose answer is known, and the signs that are certain come
out. About 5 s in all (the charts' first import of Altair aside)."""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from lopti_nb.analysis import sweep
from lopti_nb.analysis.findings import UNCLEAR
from lopti_nb.engine import SettingsError
from lopti_nb.games.skullking.studies import (PLAIN_LOW, SPECIALS, card_worth_chart, card_worth_deals,
                                              card_worth_frame, skill_chart, skill_gap_frame, worth_findings)


def test_3_5_a_worth_deal_swaps_the_card_for_a_plain_low_card_and_is_seeded():
    deals = card_worth_deals(["kraken", "escape"], deals=6, seed=4)
    again = card_worth_deals(["kraken", "escape"], deals=6, seed=4)
    pd.testing.assert_frame_equal(deals, again)
    assert deals["card"].tolist() == ["kraken"] * 6 + ["escape"] * 6
    assert deals["cards_dealt"].tolist()[:6] == [1, 2, 3, 4, 5, 6]  # the rounds in turn
    assert deals["holder"].tolist()[:6] == [0, 1, 2, 3, 0, 1]  # the seats in turn
    assert deals["low"].isin(PLAIN_LOW).all()
    assert (deals["worth"] == deals["points"] - deals["points_low"]).all()


def test_3_5_the_worth_interval_is_the_paired_mean_and_its_normal_interval():
    d = pd.DataFrame({"card": ["loot"] * 5 + ["kraken"] * 2, "worth": [10, 20, 0, 10, 30, -5, 5],
                      "hit": [True, True, False, True, True, False, True],
                      "hit_low": [True, False, False, True, False, True, True]})
    f = card_worth_frame(d).set_index("card")
    assert list(f.index) == ["loot", "kraken"]  # the order given, not ranked
    se = np.std([10, 20, 0, 10, 30], ddof=1) / math.sqrt(5)
    assert f.loc["loot", "worth"] == 14.0 and f.loc["loot", "stderr"] == pytest.approx(se)
    assert f.loc["loot", "lower"] == pytest.approx(14 - 1.96 * se)
    assert f.loc["loot", "upper"] == pytest.approx(14 + 1.96 * se)
    assert f.loc["loot", "hit_change"] == pytest.approx(4 / 5 - 2 / 5) and f.loc["loot", "n"] == 5
    assert f.loc["kraken", "worth"] == 0.0 and f.loc["kraken", "hit_change"] == pytest.approx(-0.5)


def test_3_5_a_loot_is_worth_points_to_its_holder():
    """The Loot wins no trick, so it costs the holder nothing a low card would win, and it can
    pay +20 for an alliance: over 200 paired deals its worth is surely above zero (about +6
    points a round, with a standard error of about 1.5)."""
    deals = card_worth_deals(["loot"], deals=200, seed=11)
    worth = card_worth_frame(deals).iloc[0]
    assert worth["lower"] > 0, worth.to_dict()
    f = worth_findings(deals, lead=False)
    assert [x.key for x in f] == ["worth.loot"] and f[0].direction == "higher"
    assert "200 deals" in f[0].text and "95% interval" in f[0].text


def test_3_4_the_skill_interval_on_identical_games_is_the_measure_itself():
    """Resampling copies of one game gives that game back every time: the interval shrinks to
    the measure, whose value is known: a gap of 10 over the pooled within-bot spread."""
    n = 5
    toy = pd.DataFrame({"scoring": "rascal", "game": np.repeat(range(n), 4),
                        "bot": ["heuristic", "heuristic", "random", "random"] * n,
                        "score": [10, 30, 0, 20] * n})
    row = skill_gap_frame(toy).iloc[0]
    spread = math.sqrt(200 * n / (2 * n - 1))  # the standard deviation of n tens and n thirties
    assert row["gap"] == 10 and row["spread"] == pytest.approx(spread)
    assert row["skill"] == pytest.approx(10 / spread)
    assert row["lower"] == pytest.approx(row["skill"]) and row["upper"] == pytest.approx(row["skill"])


def test_3_4_the_skill_interval_resamples_whole_games():
    """Games whose gaps differ give an interval around the measure, reproducible by seed, and
    narrower with more games of the same kind."""
    rng = np.random.default_rng(0)
    def toy(n):
        gaps = rng.normal(10, 5, n)
        base = rng.normal(0, 5, n)
        return pd.DataFrame({"scoring": "classic", "game": np.repeat(range(n), 2), "bot": ["heuristic", "random"] * n,
                             "score": np.column_stack([base + gaps, base]).ravel()})
    small, large = toy(40), toy(640)
    a, b = skill_gap_frame(small, seed=3).iloc[0], skill_gap_frame(small, seed=3).iloc[0]
    assert a.equals(b) and a["lower"] < a["skill"] < a["upper"]
    c = skill_gap_frame(large).iloc[0]
    assert (c["upper"] - c["lower"]) < (a["upper"] - a["lower"]) / 2


def test_3_4_every_scoring_system_rewards_the_heuristic_bot_over_random_play():
    grid = [{"game": "skull-king", "players": 4, "bots": ["heuristic", "random", "heuristic", "random"],
             "rotate": True, "scoring": s} for s in ("classic", "rascal", "cannonball")]
    seats = sweep(grid, 12, client="serial", seed=3)
    gaps = skill_gap_frame(seats)
    assert gaps["scoring"].tolist() == ["classic", "rascal", "cannonball"]
    assert (gaps["games"] == 12).all() and (gaps["lower"] > 0).all(), gaps
    found = {f.key: f for f in worth_findings(gaps=gaps)}
    assert all(found[f"skill.{s}"].direction == "higher" and found[f"skill.{s}"].lead
               for s in ("classic", "rascal", "cannonball"))
    assert "skill.most" in found


def test_3_4_the_system_that_rewards_skill_most_is_named_only_when_its_interval_clears():
    gaps = pd.DataFrame({"scoring": ["classic", "rascal"], "games": [100, 100], "gap": [5.0, 6.0],
                         "spread": [1.0, 1.0], "skill": [5.0, 6.0], "lower": [4.0, 4.5], "upper": [6.0, 7.5]})
    unclear = {f.key: f for f in worth_findings(gaps=gaps)}["skill.most"]
    assert unclear.direction == UNCLEAR and "cannot be told apart" in unclear.text
    clear = {f.key: f for f in worth_findings(gaps=gaps.assign(lower=[4.0, 6.5]))}["skill.most"]
    assert clear.direction == "rascal" and clear.text.startswith("Rascal scoring rewards skill most")


def test_3_5_the_charts_carry_intervals_in_a_fixed_order():
    worth = pd.DataFrame({"card": ["loot", "skull-king"], "worth": [5.0, 1.0], "stderr": [1.0, 1.0],
                          "lower": [3.0, -1.0], "upper": [7.0, 3.0], "hit_change": [0.0, 0.0], "n": [10, 10]})
    spec = card_worth_chart(worth).to_dict()
    marks = [layer["mark"]["type"] if isinstance(layer["mark"], dict) else layer["mark"] for layer in spec["layer"]]
    assert "rule" in marks and spec["layer"][0]["encoding"]["x"]["sort"] == ["skull-king", "loot"]
    gaps = pd.DataFrame({"scoring": ["cannonball", "classic"], "skill": [1.0, 2.0], "lower": [0.5, 1.5],
                         "upper": [1.5, 2.5], "games": [10, 10], "comparison": ["heuristic over random"] * 2})
    spec = skill_chart(gaps).to_dict()
    assert spec["spec"]["layer"][0]["encoding"]["x"]["sort"] == ["classic", "cannonball"]
    assert spec["spec"]["layer"][1]["encoding"]["y2"]["field"] == "upper"


def test_3_5_bad_card_worth_arguments_are_refused_with_a_sentence():
    for kwargs in ({"cards": ["Y3"]}, {"cards": ["kraken"], "legendary": False}, {"deals": 0},
                   {"deals": 2.5}, {"rounds": [11]}):
        with pytest.raises(SettingsError) as err:
            card_worth_deals(**{"cards": ["loot"], "deals": 1, **kwargs})
        assert 10 < len(str(err.value)) < 300
    assert SPECIALS[0] == "skull-king" and len(SPECIALS) == 8
