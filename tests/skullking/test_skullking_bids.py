"""What each bid is worth (``bids.bid_values``) and the ``bidder`` bot that bids by it: the
values follow the scoring system (RULINGS §3.4), read only what the seat may know, repeat
for a seed, and the bot bids by them (conformance checks that its games repeat for a seed). About 10 s in all."""
import doctest
import random

import pytest

import lopti_nb
from lopti_nb.engine import LoptiNbError, SettingsError, get_spec
from lopti_nb.games.skullking import bids
from lopti_nb.games.skullking.bids import BidderBot, bid_values
from lopti_nb.games.skullking.state import Bid


def dealt(hands, seed=1, **settings):
    game = lopti_nb.new_game("skull-king", players=len(hands), seed=seed, **settings)
    game.set_hands(hands)
    return game


@pytest.mark.parametrize("scoring, made, missed", [
    ("classic", 10, -10),    # a zero bid: +10 per card dealt if made, -10 per card if not
    ("rascal", 10, 5),       # the round is worth 10 per card; one trick off is half of it
    ("cannonball", 15, 0),   # 15 per card on an exact bid, else nothing
])
def test_3_4_a_zero_bid_is_worth_what_the_scoring_system_pays(scoring, made, missed):
    """A one-card hand that can capture no bonus: the value of bidding 0 is the scoring
    system's pay for a made and a missed zero bid, weighted by the chance of making it."""
    game = dealt([["Y2"], ["P9"], ["G12"], ["B3"]], scoring=scoring, legendary=False)
    v = bid_values(game.observation(0), deals=40, seed=3)
    assert v.scoring == scoring and v.deals == 40 and set(v.values) == {0, 1}
    p = v.chances[0]
    assert 0 < p < 1  # the unseen cards are dealt again: the two is sometimes the only number
    assert v.values[0] == pytest.approx(made * p + missed * (1 - p))


def test_3_4_the_skull_king_alone_is_worth_bidding_one():
    for scoring in ("classic", "rascal", "cannonball"):
        game = dealt([["skull-king"], ["Y3"], ["P5"], ["G7"]], scoring=scoring)
        v = bid_values(game.observation(0), deals=30)
        assert v.best == 1 and v.values[1] > v.values[0], scoring
        assert v.chances[1] > 0.7 and v.stderr[1] >= 0


def test_bid_values_read_only_what_the_seat_may_know():
    """Two tables that differ only in the other hands give the same answer."""
    a = dealt([["Y2", "B14"], ["P9", "G3"], ["G12", "Y8"], ["B3", "mermaid"]], seed=5)
    b = dealt([["Y2", "B14"], ["skull-king", "kraken"], ["Y14", "P1"], ["escape", "G6"]], seed=9)
    assert bid_values(a.observation(0), deals=12, seed=4) == bid_values(b.observation(0), deals=12, seed=4)


def test_bid_values_repeat_for_a_seed_and_leave_the_game_alone():
    game = lopti_nb.new_game("skull-king", players=3, seed=2)
    while game.round < 3:  # into round 3: the observation's round, dealer and leader are used
        game.apply(game.legal_actions()[0])
    before = game.record()
    obs = game.observation(game.current_player)
    first = bid_values(obs, deals=8, seed=11)
    assert first == bid_values(obs, deals=8, seed=11)
    assert set(first.values) == set(range(game.cards_dealt + 1)) == {0, 1, 2, 3}
    assert game.record() == before


@pytest.mark.parametrize("kwargs, words", [
    ({"bids": [5]}, "from 0 to 1"),
    ({"bids": []}, "from 0 to 1"),
    ({"bids": ["1"]}, "from 0 to 1"),
    ({"deals": 0}, "deals is a whole number"),
    ({"deals": 2.5}, "deals is a whole number"),
])
def test_bid_values_refuse_bad_questions_with_a_sentence(kwargs, words):
    game = dealt([["Y2"], ["P9"]])
    with pytest.raises(SettingsError, match=words) as err:
        bid_values(game.observation(0), **kwargs)
    assert isinstance(err.value, LoptiNbError) and len(str(err.value)) < 200


def test_bid_values_are_for_a_seat_still_to_bid():
    game = dealt([["Y2"], ["P9"]])
    game.apply(Bid(0))
    for obs in (game.observation(0), game.observation(None), game, None):
        with pytest.raises(SettingsError, match="still to bid"):
            bid_values(obs)


def test_the_bidder_bot_is_offered_and_bids_the_best_value():
    spec = get_spec("skull-king")
    assert "bidder" in spec.bots and isinstance(spec.make_bot("bidder"), BidderBot)
    game = dealt([["skull-king"], ["Y3"], ["P5"], ["G7"]])
    assert BidderBot()(game.observation(0), game.legal_actions(0), random.Random(1)) == Bid(1)
    game = dealt([["escape"], ["Y3"], ["P5"], ["G7"]])
    assert BidderBot()(game.observation(0), game.legal_actions(0), random.Random(1)) == Bid(0)


def test_the_bidder_gain_is_paired_with_the_heuristic_bots_own_game():
    from lopti_nb.games.skullking.studies import bidder_findings, bidder_gain_frame

    gains = bidder_gain_frame(2, seed=3, players=2)
    alone = lopti_nb.simulate("skull-king", n=2, seed=3, players=2, bots="heuristic", progress=False)
    assert list(gains["seat"]) == [0, 1]  # the bidder moves one seat per game
    for row in gains.itertuples():
        assert row.heuristic == alone[(alone["game"] == row.game) & (alone["seat"] == row.seat)]["score"].item()
        assert row.gain == row.bidder - row.heuristic
    gain, skill = bidder_findings({"classic": gains})
    assert gain.key == "bidder.gain_classic" and gain.n == 2 and "2 games" in gain.text
    assert gain.estimate == pytest.approx(gains["gain"].mean())
    assert skill.key == "bidder.skill_classic"
    assert skill.estimate == pytest.approx(gains["gain"].mean() / gains["heuristic"].std())


def test_the_bids_module_examples_run():
    result = doctest.testmod(bids)
    assert result.attempted and result.failed == 0


def test_bid_values_at_a_full_table_in_the_last_round():
    """Eight players in round 10 are dealt nine cards each (RULINGS §3.1): every other seat's
    hand is dealt from the rest of the deck."""
    game = lopti_nb.new_game("skull-king", players=8, seed=6)
    while game.round < 10:
        game.apply(game.legal_actions()[0])
    v = bid_values(game.observation(7), bids=[0, 9], deals=1)
    assert game.cards_dealt == 9 and set(v.values) == {0, 9}


def test_skill_is_the_gain_over_the_spread_of_the_heuristic_scores():
    import pandas as pd

    from lopti_nb.games.skullking.studies import skill_frame

    base = pd.Series([100.0, 140.0, 60.0, 180.0, 120.0, 90.0] * 5)
    small = pd.DataFrame({"heuristic": base, "bidder": base + 20})
    large = pd.DataFrame({"heuristic": base * 10, "bidder": base * 10 + 200})
    table = skill_frame({"classic": small.assign(gain=small["bidder"] - small["heuristic"]),
                         "cannonball": large.assign(gain=large["bidder"] - large["heuristic"])})
    spread = base.std()
    assert list(table["scoring"]) == ["classic", "cannonball"] and list(table["games"]) == [30, 30]
    # the same gain relative to the spread: the same skill whatever the scale of the points
    assert table["skill"].tolist() == pytest.approx([20 / spread, 20 / spread])
    assert (table["lower"] <= table["skill"]).all() and (table["skill"] <= table["upper"]).all()
    assert table.equals(skill_frame({"classic": small.assign(gain=20.0), "cannonball": large.assign(gain=200.0)}))
