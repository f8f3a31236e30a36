"""The Lopti coach bot: the worlds it plays out agree with everything its seat sees (the
observation and the legal moves are the real round's), it decides from its observation alone
(the hidden cards dealt again change nothing it does), and it plays whole rounds."""
import random

import pytest

import lopti_nb
from lopti_nb.engine import get_spec
from lopti_nb.games.lopti.coach import COACH_WORLDS, coach_bot, table_from_observation
from lopti_nb.games.lopti.testing import scramble


def _positions(players: int, seed: int):
    state = lopti_nb.new_game("lopti", players=players, seed=seed)
    bot = get_spec("lopti").make_bot("heuristic")
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        seat = state.current_player
        state.apply(bot(state.observation(seat), state.legal_actions(), rng), seat)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_world_shows_the_seat_what_the_round_shows_it(players):
    count = 0
    for state in _positions(players, seed=players):
        seat = state.current_player
        obs = state.observation(seat)
        world = table_from_observation(obs, random.Random(count))
        assert world.observation(seat) == obs
        assert set(world.legal_actions()) == set(state.legal_actions())
        held = sorted(c for s in range(players) for c in world.hands[s] + world.face_up[s]
                      + [c for c in world.face_down[s] if c is not None])
        assert sorted(held + world.draw_pile + world.pile_cards + world.gone) == list(range(52))
        count += 1
    assert count > 30


@pytest.mark.timeout(120)
def test_the_coach_decides_from_its_observation_alone_and_plays_whole_rounds():
    mixer = random.Random(3)
    choices, again = [], []
    for state in [s.copy() for s in _positions(3, seed=8)][:24]:
        seat = state.current_player
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        hidden = scramble(state, seat, mixer)
        assert hidden.observation(seat) == state.observation(seat)
        choices.append(coach_bot(state.observation(seat), legal, random.Random(len(choices))))
        again.append(coach_bot(hidden.observation(seat), hidden.legal_actions(), random.Random(len(again))))
        assert choices[-1] in legal
    assert len(choices) >= 10 and choices == again
    assert get_spec("lopti").make_bot("coach") is not None and COACH_WORLDS <= 4
    df = lopti_nb.simulate("lopti", n=1, seed=1, players=3, bots="coach", progress=False)
    assert len(df) == 3 and not df["stalemate"].any()
