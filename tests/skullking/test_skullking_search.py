"""The search bot: it bids as the bidder bot does, plays only legal cards, and searches worlds
that agree with everything its seat has seen (the public table, its hand, suits a seat has
shown it lacks) and never with what it has not."""
import random

import pytest

import lopti_nb
from lopti_nb.engine import get_spec
from lopti_nb.games.skullking.bids import BidderBot
from lopti_nb.games.skullking.cards import SUIT
from lopti_nb.games.skullking.coach import round_plays, voids
from lopti_nb.games.skullking.search import SearchBot, SeenRound, table_from_observation

PUBLIC = ("players", "phase", "round", "cards_dealt", "dealer", "current_player", "hand", "my_bid",
          "bids", "has_bid", "tricks_won", "tricks_played", "leader", "trick", "led_suit", "suit_free",
          "scores")


def _positions(players, seed, count=6):
    spec = get_spec("skull-king")
    state = lopti_nb.new_game("skull-king", players=players, seed=seed)
    bot = spec.make_bot("heuristic")
    rng = random.Random(seed)
    out = []
    while not state.is_over and len(out) < count:
        if state.round >= 3 and rng.random() < 0.2:
            out.append(state.copy())
        seat = state.current_player
        state.apply(bot(state.observation(seat), state.legal_actions(seat), rng), seat)
    return out


@pytest.mark.timeout(60)
@pytest.mark.parametrize("players", [3, 5])
def test_a_world_agrees_with_everything_the_seat_has_seen(players):
    for state in _positions(players, seed=players):
        seat = state.current_player
        seen = SeenRound()
        seen.tricks = {}
        plays = round_plays(state)
        for start in range(0, len(plays), players):  # the seat saw every trick of the round
            trick = plays[start:start + players]
            seen.tricks[start // players] = (trick[0][0], tuple(c for _, c in trick))
        seen.round = state.round
        obs = state.observation(seat)
        for k in range(5):
            world = table_from_observation(obs, seen, random.Random(k))
            mine = world.observation(seat)
            assert {key: mine[key] for key in PUBLIC} == {key: obs[key] for key in PUBLIC}
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            for other, suits in voids(plays, players).items():
                if other != seat:
                    assert not any(SUIT[c] in suits for c in world.hands[other])
            legal = world.legal_actions(seat)
            assert legal == state.legal_actions(seat)


@pytest.mark.timeout(60)
def test_it_bids_as_the_bidder_and_plays_legal_cards():
    spec = get_spec("skull-king")
    state = lopti_nb.new_game("skull-king", players=4, seed=8)
    search, bidder = SearchBot(worlds=4), BidderBot()
    rng = random.Random(3)
    while state.round < 4:
        seat = state.current_player
        legal = state.legal_actions(seat)
        obs = state.observation(seat)
        if seat == 0:
            if obs["phase"] == "bid":
                seed = rng.getrandbits(64)
                assert search(obs, legal, random.Random(seed)) == bidder(obs, legal, random.Random(seed))
            choice = search(obs, legal, rng)
            assert choice in legal
        else:
            choice = spec.make_bot("heuristic")(obs, legal, rng)
        state.apply(choice, seat)
