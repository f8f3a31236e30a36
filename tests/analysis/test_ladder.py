"""The bot ladder: every registered bot rated by a round-robin at mixed tables, with intervals
from resampling the games; its order among bots whose intervals are apart holds at a second
seed; Bradley-Terry recovers known strengths; head-to-head pairs share their deals."""
import numpy as np
import pandas as pd
import pytest

from lopti_nb.analysis import head_to_head, ladder, ladder_findings
from lopti_nb.analysis.findings import second_seed, compare_means
from lopti_nb.analysis.ladders import bradley_terry
from lopti_nb.engine import SettingsError, get_spec


@pytest.mark.timeout(120)
def test_the_ladder_rates_every_bot_and_its_order_holds_at_a_second_seed():
    assert sorted(ladder("lopti", games=4, seed=1)["bot"]) == sorted(get_spec("lopti").bots)
    quick = ["first", "heuristic", "random"]  # the coach bot plays out every move: left out of the long runs
    first, again = ladder("lopti", bots=quick, games=150, seed=1), ladder("lopti", bots=quick, games=150, seed=2)
    assert ((first["lower"] <= first["rating"]) & (first["rating"] <= first["upper"])).all()
    assert first["bot"].iloc[-1] == again["bot"].iloc[-1] == "random"  # far below every other
    order = ladder_findings(first, again, 2)[-1]
    assert order.direction == "held", order.text


def test_bradley_terry_recovers_known_strengths():
    rng = np.random.default_rng(4)
    truth = {"a": 200.0, "b": 0.0, "c": -200.0}
    rows = []
    for _ in range(3000):
        x, y = rng.choice(list(truth), 2, replace=False)
        p = 1 / (1 + 10 ** ((truth[y] - truth[x]) / 400))
        rows.append({"bot_a": x, "bot_b": y, "result": float(rng.random() < p)})
    got = bradley_terry(pd.DataFrame(rows), ["a", "b", "c"])
    assert np.allclose(got, [200, 0, -200], atol=40)


def test_head_to_head_plays_both_bots_on_the_same_deals():
    same = head_to_head("lopti", "heuristic", "heuristic", games=8, seed=3)
    assert (same["score_bot"] == same["score_other"]).all() and same["seat"].tolist() == [0, 1, 2, 3] * 2


@pytest.mark.parametrize("bad", [dict(bots=["random"]), dict(bots="random"), dict(bots=["random", "nobody"]),
                                 dict(games=0)])
def test_a_bad_ladder_is_refused_with_a_typed_error(bad):
    with pytest.raises(SettingsError.__mro__[1]):
        ladder("lopti", **bad)


def test_a_lead_that_changes_direction_at_the_second_seed_is_withdrawn():
    up = compare_means("gap", [1.0, 1.5, 0.5] * 20, [0.0] * 60, "A is", lead=True)
    flat = compare_means("gap", [0.2, -0.3, 0.1] * 20, [0.0] * 60, "A is", lead=True)
    held = second_seed([up], [up], 555)[0]
    lost = second_seed([up], [flat], 555)[0]
    assert held.direction == "held" and "held" in held.text
    assert lost.direction == "did not hold" and "withdrawn" in lost.text and "555" in lost.text
