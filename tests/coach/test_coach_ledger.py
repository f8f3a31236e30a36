"""The Drowned Ledger's coach: its figures are the risk module's, read from what the seat knows."""
import random
import time
from collections import Counter
from fractions import Fraction

import pytest

import lopti_nb
from lopti_nb.engine import LoptiNbError, SettingsError, get_spec
from lopti_nb.games.ledger import risk
from lopti_nb.games.ledger.coach import Advice, coach, reckoning_left
from lopti_nb.games.ledger.testing import rig, scramble
from state_support import random_positions


def _sea(state, seat):
    return max(0, state.sea - int(state.grants(seat).edge_safe))


def _positions(seed, players=3, limit=300):
    return random_positions("ledger", players, seed, limit)


def test_coach_is_the_plugins_part():
    assert get_spec("drowned-ledger").load("coach") is coach


@pytest.mark.parametrize("seed", [1, 2])
def test_2_3_coach_catch_chance_equals_the_risk_module_on_the_real_wreck(seed):
    """The chance and the haul, figured from the observation, equal what the risk module gives
    for the actual (hidden) wreck deck: exactly, as fractions."""
    checked = 0
    for state in _positions(seed):
        seat = state.current_player
        advice = coach(state, seat)
        if not advice.exact:
            continue
        sea = _sea(state, seat)
        wreck = list(state.wreck)
        assert advice.caught == risk.catch_probability(sea, 1, wreck, exact=True)
        counts = Counter(c.is_machine for c in wreck)
        assert advice.machines == counts[True]
        if advice.haul == 0:
            table = risk.dive_outcomes(sea, 1, wreck, reckoning=reckoning_left(state.observation(seat)),
                                       exact=True, sea_moved=bool(state.trigger))
            assert advice.expected_sealed == sum(table["exact"] * table["sealed"])
            assert advice.coins == sum(table["exact"] * table["coins"])
        limit = state.observation(seat)["hold_limit"]
        if limit - advice.haul <= advice.machines:
            assert advice.caught_to_limit == risk.catch_probability(sea, limit - advice.haul, wreck,
                                                                    exact=True)
        checked += 1
    assert checked > 20


def test_2_2_coach_mid_dive_counts_the_haul_at_stake():
    """Mid-dive, a catch costs the haul already held: with live hazards the expected haul of
    flipping on is below haul + 1, and with none it is exactly haul + 1."""
    small = {"suits": 2, "values": (1, 2, 3), "hazards": {2: 1, 9: 1}}
    state = lopti_nb.new_game("ledger", players=2, seed=4, mode="plain", deck=small)
    # the whole deck, top card first: two machines, then a live hazard among the rest
    rig(state, wreck=["Compass 1", "Compass 2", "Lantern 1", "Hazard 2", "Lantern 3",
                      "Hazard 9", "Compass 3", "Lantern 2"], sea=3)
    state.apply(state.legal_actions()[0])  # Dive: flips Compass 1
    state.apply(lopti_nb.games.ledger.FlipAgain())  # Compass 2
    advice = coach(state, 0)
    assert advice.haul == 2 and advice.machines == 4 and advice.live_hazards == 1
    assert advice.caught == Fraction(1, 5)
    assert advice.expected_sealed < 3
    assert "flip again" in advice.lines[0] and "20%" in advice.lines[0]
    calm = lopti_nb.new_game("ledger", players=2, seed=4, mode="plain", deck=small)
    rig(calm, wreck=["Compass 1", "Compass 2", "Lantern 1", "Hazard 2", "Lantern 3",
                     "Hazard 9", "Compass 3", "Lantern 2"], sea=1)
    calm.apply(calm.legal_actions()[0])
    advice = coach(calm, 0)
    assert advice.caught == 0 and advice.expected_sealed == 2


def test_coach_never_reads_what_the_seat_cannot_see():
    """Two states that differ only in hidden cards (other hands, the wreck's order, the
    Reckoning order) get the same advice."""
    for state in _positions(7, limit=120):
        seat = state.current_player
        other = scramble(state, seat, random.Random(len(state.events)))
        assert coach(other, seat) == coach(state, seat)


def test_coach_answers_quickly():
    times = []
    for state in _positions(3, limit=150):
        t0 = time.perf_counter()
        coach(state, state.current_player)
        times.append(time.perf_counter() - t0)
    print(f"ledger coach: {len(times)} answers, slowest {max(times) * 1000:.1f} ms")
    assert max(times) < 5  # generous: the machine is shared


def test_coach_refuses_bad_seats():
    state = lopti_nb.new_game("ledger", seed=1)
    before = state.record()
    for bad in (9, -1, "0", 1.5):
        with pytest.raises(LoptiNbError):
            coach(state, bad)
    with pytest.raises(SettingsError):
        coach(state, None)
    assert state.record() == before
    assert isinstance(coach(state, 0), Advice)
