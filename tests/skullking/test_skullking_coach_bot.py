"""The Skull King coach bot: it plays whole games with legal bids and cards, it decides from its
seat's observation alone (the other hands dealt again change nothing it does), and it keeps
to its small documented budget of worlds."""
import random

import pytest

import lopti_nb
from lopti_nb.engine import get_spec
from lopti_nb.games.skullking.search import COACH_WORLDS, CoachBot, coach_worlds
from lopti_nb.games.skullking.testing import scramble


def _play(players: int, seed: int, hidden_dealt_again: bool) -> list:
    """The coach's choices in seat 0 of a game, the others heuristic; with
    ``hidden_dealt_again`` the coach decides on a state whose other hands were dealt again
    (the same observation for seat 0), and the game goes on from the real state."""
    spec = get_spec("skull-king")
    state = lopti_nb.new_game("skull-king", players=players, seed=seed)
    coach, other = CoachBot(), spec.make_bot("heuristic")
    rng, mixer = random.Random(seed), random.Random(99)
    choices = []
    while not state.is_over and state.round <= 3:
        seat = state.current_player
        legal = state.legal_actions(seat)
        if seat == 0:
            seen = scramble(state, 0, mixer) if hidden_dealt_again else state
            assert seen.observation(0) == state.observation(0)
            action = coach(seen.observation(0), seen.legal_actions(0), rng)
            assert action in legal
            choices.append(action)
        else:
            action = other(state.observation(seat), legal, random.Random(len(state.actions)))
        state.apply(action, seat)
    return choices


@pytest.mark.timeout(120)
def test_the_coach_decides_from_its_observation_alone():
    plain = _play(3, seed=4, hidden_dealt_again=False)
    assert len(plain) >= 6
    assert _play(3, seed=4, hidden_dealt_again=True) == plain


@pytest.mark.timeout(120)
def test_the_coach_plays_a_whole_game_on_a_small_budget_of_worlds():
    assert get_spec("skull-king").make_bot("coach").worlds == COACH_WORLDS <= 4
    assert coach_worlds(COACH_WORLDS, 8) == 1 and coach_worlds(COACH_WORLDS, 4) == COACH_WORLDS
    df = lopti_nb.simulate("skull-king", n=1, seed=2, players=2, bots=["coach", "heuristic"], progress=False)
    assert len(df) == 2 and not df["stalemate"].any()
