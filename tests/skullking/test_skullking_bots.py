"""The bots: legal choices only, and the heuristic bot's bids hit clearly more often."""
import random

import lopti_nb
from lopti_nb.engine import get_spec, play_out
from lopti_nb.games.skullking.bots import card_strength


def hit_rate(bot, players=4, n=60, seed=3):
    df = lopti_nb.simulate("skull-king", n=n, seed=seed, players=players, bots=bot,
                           progress=False)
    return df["bids_hit"].sum() / df["rounds"].sum()


def test_heuristic_bids_hit_clearly_more_often_than_random():
    random_rate = hit_rate("random")
    heuristic_rate = hit_rate("heuristic")
    assert heuristic_rate > random_rate + 0.2, (random_rate, heuristic_rate)


def test_heuristic_beats_random_at_the_table():
    df = lopti_nb.simulate("skull-king", n=40, seed=5, players=4,
                           bots=["heuristic", "random", "heuristic", "random"], progress=False)
    mean = df.groupby("bot")["score"].mean()
    assert mean["heuristic"] > mean["random"] + 50


def test_bots_play_every_table_size_legally():
    spec = get_spec("skull-king")
    for players in range(2, 9):
        state = spec.state_class(players, players)
        bots = [spec.make_bot("heuristic") if s % 2 else spec.make_bot("random")
                for s in range(players)]
        play_out(state, bots, random.Random(players))  # raises on an illegal choice
        assert state.is_over


def test_card_strength_orders_cards_sensibly():
    assert card_strength("skull-king", 4) > card_strength("pirate", 4) > card_strength("Y14", 4)
    assert card_strength("B14", 4) > card_strength("B2", 4) > card_strength("Y2", 4)
    assert card_strength("escape", 4) == 0
