"""The coach bot's worlds: built from an observation alone, each agrees with the real game on
everything the seat sees and on every legal action, so the bot weighs the moves the rules
really offer; and the bot plays only legal actions, the same ones for the same generator."""
import random

import pytest

import lopti_nb
from lopti_nb.engine import get_spec
from lopti_nb.games.ledger.coach import CoachBot, table_from_observation


@pytest.mark.timeout(60)
@pytest.mark.parametrize("players, mode", [(4, "offices"), (3, "plain")])
def test_a_table_from_an_observation_agrees_with_the_game(players, mode):
    spec = get_spec("drowned-ledger")
    bot = spec.make_bot("mix")
    for seed in range(2):
        state = lopti_nb.new_game("drowned-ledger", players=players, seed=seed, mode=mode)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            obs = state.observation(seat)
            table = table_from_observation(obs)
            assert table.observation(seat) == obs
            assert table.legal_actions() == state.legal_actions()
            state.apply(bot(obs, state.legal_actions(), rng))


@pytest.mark.timeout(60)
def test_the_coach_bot_plays_legal_actions_the_same_for_the_same_generator():
    state = lopti_nb.new_game("drowned-ledger", players=4, seed=2)
    mix = get_spec("drowned-ledger").make_bot("mix")
    coach = CoachBot(worlds=3)
    rng = random.Random(1)
    decisions = 0
    while not state.is_over and decisions < 12:
        seat = state.current_player
        legal = state.legal_actions()
        obs = state.observation(seat)
        if seat == 0 and len(legal) > 1:
            seed = rng.getrandbits(32)
            choice = coach(obs, legal, random.Random(seed))
            assert choice in legal and choice == coach(obs, legal, random.Random(seed))
            decisions += 1
        else:
            choice = mix(obs, legal, rng)
        state.apply(choice)
    assert decisions == 12
