"""The best dive where a privilege or the end of the wreck deck changes it: the Lookout's
first machine that no Reckoning takes (and its duty to surface at three), and the discard pile
shuffled into a new wreck deck when the wreck runs out. The ``best`` bot's values and choices
are checked against a brute force that plays the game itself: at every flip it tries every
card that could come next (and, when the flip is a live hazard, every Reckoning card that
could be turned), applies the move to the table, and averages; when the wreck is empty it
turns the discard pile into the wreck first, as the rules say."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

import lopti_nb
from lopti_nb.games.ledger.actions import Dive, FlipAgain, Surface
from lopti_nb.games.ledger.best import DIVE_ON, SURFACE, best_move, observed_dive_values
from lopti_nb.games.ledger.state import DIVING
from lopti_nb.games.ledger.testing import rig

# one suit of three machines; at sea 4 the hazards 2 and 4 are live, 5 is one above the sea
# (live after a Blink) and 8 always a near-miss
DECK = {"suits": 1, "values": [1, 2, 3], "hazards": {2: 1, 4: 1, 5: 1, 8: 1}}
SEA = 4
POSITIONS = {
    # two cards left in the wreck, the rest of the deck in the discard pile: the dive goes on
    # into the reshuffled pile
    "the wreck runs out": (["Compass 1", "Hazard 8"],
                           ["Compass 2", "Compass 3", "Hazard 2", "Hazard 4", "Hazard 5"]),
    # the wreck is empty: the first flip of the dive comes from the reshuffled discard pile
    "the wreck is empty": ([], ["Compass 1", "Compass 2", "Hazard 2", "Hazard 4", "Hazard 5", "Hazard 8"]),
    # a whole wreck with both live hazards in it
    "a whole wreck": (["Hazard 4", "Compass 1", "Hazard 2", "Compass 2", "Hazard 5", "Compass 3", "Hazard 8"], []),
    # the live hazards near the top, a machine in the discard pile
    "live hazards first": (["Hazard 2", "Hazard 4", "Compass 1", "Hazard 8", "Compass 2"], ["Compass 3", "Hazard 5"]),
}


def table(office: str, wreck: list, discard: list):
    state = lopti_nb.new_game("drowned-ledger", players=2, seed=5, deck=DECK, offices=[office, "Curator"])
    return rig(state, wreck=wreck, discard=discard, hands=[[], []], sea=SEA, seat=0)


def kept(state) -> int:
    return len(state.hands[0]) + len(state.yards[0])


def nothing_can_change(state) -> bool:
    """No machine and no live hazard left in the wreck or the discard pile: flipping on only
    turns near-misses, however long the dive goes on."""
    sea = state.sea - state.grants(0).edge_safe
    return not any(c.is_machine or c.number <= sea for c in state.wreck + state.discard)


def brute(state, start: int, memo: dict) -> tuple:
    """``(surface, dive on)`` machines kept by the dive of seat 0 in progress, dive on ``None``
    when flipping is not allowed or nothing left could change the haul."""
    key = (tuple(sorted(state.wreck)), tuple(sorted(state.discard)), tuple(state.haul),
           tuple(sorted(state.reck)), state.sea, state.trigger)
    if key not in memo:
        surface = len(state.haul)
        if FlipAgain() not in state.legal_actions() or nothing_can_change(state):
            memo[key] = (surface, None)
        else:
            memo[key] = (surface, turn(state, FlipAgain(), start, memo))
    return memo[key]


def turn(state, action, start: int, memo: dict) -> Fraction:
    """Expected machines kept by turning the next card (``action``: Dive or FlipAgain) and
    then playing on at best."""
    base = state.copy()
    if not base.wreck:  # the discard pile is shuffled into a new wreck deck
        base.wreck, base.discard = base.discard, []
    assert base.reck, "the small dives never run the Reckoning deck out"
    value = Fraction(0)
    for card, copies in Counter(base.wreck).items():
        for rule, rcopies in Counter(base.reck).items():
            t = base.copy()
            t.wreck.remove(card)
            t.wreck.append(card)  # the top card
            t.reck.remove(rule)
            t.reck.append(rule)
            t.apply(action)
            turned = len(t.reck) < len(base.reck)
            share = Fraction(copies, len(base.wreck)) * (Fraction(rcopies, len(base.reck)) if turned else 1)
            if t.phase == DIVING and t.current_player == 0:
                surface, dive_on = brute(t, start, memo)
                after = surface if dive_on is None or dive_on <= surface else dive_on
            else:
                after = kept(t) - start
            value += share * after
            if not turned:
                break  # no Reckoning card was turned: its order did not matter
    return value


def decision_points(state, out: list, seen: set):
    """Every position of seat 0's dive reached from ``state`` by any card order."""
    base = state.copy()
    if not base.wreck:
        base.wreck, base.discard = base.discard, []
    action = FlipAgain() if base.phase == DIVING else Dive()
    for card in set(base.wreck):
        for rule in set(base.reck):
            t = base.copy()
            t.wreck.remove(card)
            t.wreck.append(card)
            t.reck.remove(rule)
            t.reck.append(rule)
            t.apply(action)
            key = (tuple(sorted(t.wreck)), tuple(sorted(t.discard)), tuple(t.haul), tuple(sorted(t.reck)),
                   t.sea, t.trigger)
            if t.phase == DIVING and t.current_player == 0 and key not in seen:
                seen.add(key)
                out.append(t)
                if FlipAgain() in t.legal_actions():
                    decision_points(t, out, seen)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("office", ["Lookout", "Notary"])
def test_2_2_the_best_dive_equals_a_brute_force_with_the_lookout_and_a_reshuffled_wreck(office):
    decisions = Counter()
    for name, (wreck, discard) in POSITIONS.items():
        state = table(office, wreck, discard)
        points: list = []
        decision_points(state, points, set())
        assert len(points) >= 3, name
        memo: dict = {}
        for point in points:
            expected = brute(point, 0, memo)
            obs = point.observation(0)
            assert observed_dive_values(obs, DECK["hazards"], exact=True) == expected, (name, point.haul, point.wreck)
            best = DIVE_ON if expected[1] is not None and expected[1] > expected[0] else SURFACE
            decisions[best] += 1
            if Surface() in point.legal_actions() and FlipAgain() in point.legal_actions():
                assert best_move(obs, DECK["hazards"]) == best, (name, point.haul, point.wreck)
    assert decisions[DIVE_ON] and decisions[SURFACE]  # the small decks ask for both choices
