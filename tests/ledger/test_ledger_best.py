"""The best dive (lopti_nb.games.ledger.best) against a brute force over every order of a
small deck, the rule of thumb it is compared with, and the ``best`` bot at the table."""
from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

import lopti_nb
from lopti_nb.engine import SettingsError
from lopti_nb.games.ledger.best import (DIVE_ON, SURFACE, best_expected_machines, best_move, dive_values,
                                        policy_table, surface_at_expected_machines)
from lopti_nb.games.ledger.cards import RECKONING_BY_NAME, Card

SEA = 3
# a small wreck: three machines, two live hazards (1 and 3), one hazard one above the sea (4)
# that a first-trigger Blink turns live, and one hazard far above the sea (7)
WRECK = [Card(11), Card(22), Card(33), Card(101), Card(103), Card(104), Card(107)]
RECKONING = ["The Sea Takes It All", "The Sea Blinks", "Cut the Line"]


def brute(seen: tuple, seen_reck: tuple, orders: list, hold: int):
    """Best expected machines at a decision point, by averaging over every order of the wreck
    and of the Reckoning deck that agrees with what has been turned so far, and playing each
    card by the rules: ``(surface, dive on)`` with dive on ``None`` when no card is left or
    the hold is full. ``orders`` are the (wreck order, Reckoning order) pairs that agree."""
    haul, sea, moved, over = play(seen, seen_reck)
    assert not over
    surface = haul
    if haul >= hold or len(seen) == len(WRECK):
        return surface, None
    return surface, flip(seen, seen_reck, orders, hold)


def play(seen: tuple, seen_reck: tuple):
    """Replay the turned cards: (haul, sea now, sea moved, kept machines if the dive is over)."""
    haul, sea, moved, r = 0, SEA, False, 0
    for card in seen:
        if card.is_machine:
            haul += 1
            continue
        if card.number > sea:
            continue  # a near-miss
        rule = RECKONING_BY_NAME[seen_reck[r]]
        r += 1
        if rule.keep_diving:
            if not moved:
                sea, moved = sea + 1, True
            continue
        if rule.open_all:
            return haul, sea, True, haul
        lost = {"all": haul, "half": (haul + 1) // 2, "one": min(1, haul)}.get(rule.lose, 0)
        return haul, sea, True, haul - lost
    return haul, sea, moved, None


def flip(seen: tuple, seen_reck: tuple, orders: list, hold: int):
    """Expected machines of turning the next card, then playing on at best."""
    groups: dict = {}
    for wreck, reck in orders:
        card = wreck[len(seen)]
        haul, sea, moved, _ = play(seen, seen_reck)
        step_reck = seen_reck
        if card.is_hazard and card.number <= sea:
            step_reck = seen_reck + (reck[len(seen_reck)],)
        groups.setdefault((card, step_reck), []).append((wreck, reck))
    value = Fraction(0)
    for (card, step_reck), group in groups.items():
        nxt = seen + (card,)
        haul, sea, moved, over = play(nxt, step_reck)
        if over is not None:
            after = over
        elif haul >= hold:
            after = haul
        else:
            s, d = brute(nxt, step_reck, group, hold)
            after = s if d is None or d <= s else d
        value += Fraction(len(group), len(orders)) * after
    return value


def all_orders():
    return [(w, r) for w in permutations(WRECK) for r in permutations(RECKONING)]


def decision_points(seen: tuple, seen_reck: tuple, orders: list, hold: int, out: dict):
    """Every decision point reachable in the small dive, with the orders that reach it."""
    for wreck, reck in orders:
        if len(seen) == len(WRECK):
            return
        card = wreck[len(seen)]
        haul, sea, moved, _ = play(seen, seen_reck)
        step_reck = seen_reck + ((reck[len(seen_reck)],) if card.is_hazard and card.number <= sea else ())
        nxt = seen + (card,)
        h2, _, _, over = play(nxt, step_reck)
        if over is None and h2 < hold and (nxt, step_reck) not in out:
            agree = [(w, r) for w, r in orders if w[:len(nxt)] == nxt and r[:len(step_reck)] == step_reck]
            out[(nxt, step_reck)] = agree
            decision_points(nxt, step_reck, agree, hold, out)


@pytest.mark.parametrize("hold", [2, 3])
def test_2_2_1_the_best_dive_equals_a_brute_force_over_every_order_of_a_small_deck(hold):
    orders = all_orders()
    # the fresh dive (its first flip is part of the Dive)
    assert best_expected_machines(SEA, list(WRECK), dict.fromkeys(RECKONING, 1), hold, exact=True) == \
        flip((), (), orders, hold)
    points: dict = {}
    decision_points((), (), orders, hold, points)
    assert len(points) > 10
    decisions = set()
    for (seen, seen_reck), agree in points.items():
        haul, sea, moved, _ = play(seen, seen_reck)
        left = list(WRECK)
        for card in seen:
            left.remove(card)
        reck_left = {name: 1 for name in RECKONING if name not in seen_reck}
        expected = brute(seen, seen_reck, agree, hold)
        got = dive_values(sea, haul, left, reck_left, hold, sea_moved=moved, exact=True)
        assert got == expected, (seen, seen_reck)
        decisions.add(expected[1] is not None and expected[1] > expected[0])
    assert decisions == {True, False}  # the small deck asks for both decisions


def test_2_2_1_surface_at_the_hold_limit_equals_the_risk_module_when_the_best_policy_agrees():
    # at sea 1-7 the best dive never surfaces early, so it is "surface at 4" exactly
    for sea in (1, 4, 7):
        assert abs(float(best_expected_machines(sea)) - surface_at_expected_machines(sea, 4)) < 1e-12
    # at sea 9 it surfaces with three and keeps more on average
    assert best_expected_machines(9) > surface_at_expected_machines(9, 4)


def test_2_2_1_the_policy_table_sets_the_best_dive_beside_the_rule_of_thumb():
    t = policy_table()
    assert list(t.columns) == ["sea", "haul", "surface_value", "dive_on_value", "best",
                               "rule_of_thumb", "agree"]
    assert len(t) == 9 * 3 and set(t["rule_of_thumb"]) == {DIVE_ON}
    disagree = t[~t["agree"]]
    assert disagree[["sea", "haul", "best"]].values.tolist() == [[9, 3, SURFACE]]
    assert ((t["best"] == DIVE_ON) == (t["dive_on_value"] > t["surface_value"])).all()


def test_2_2_1_bad_arguments_are_refused_with_a_sentence():
    for kwargs in ({"haul": 5}, {"hold_limit": 0}, {"reckoning": {"The Sea Blinks": 2}},
                   {"reckoning": {"Nope": 1}}, {"sea_moved": "no"}, {"exact": 1}):
        with pytest.raises(SettingsError) as err:
            dive_values(3, **kwargs)
        assert 10 < len(str(err.value)) < 300


def test_2_7_the_best_bot_plays_whole_games_and_follows_its_policy():
    spec = lopti_nb.engine.get_spec("drowned-ledger")
    assert "best" in spec.bots
    df = lopti_nb.simulate("drowned-ledger", n=4, seed=3, players=3, bots=["best", "greedy", "seller"],
                           progress=False)
    assert len(df) == 12 and not df["stalemate"].any()
    # at sea 9 with three machines in the haul, a fresh-deck diver surfaces; at sea 3 it dives on
    obs = {"seat": 0, "sea": 9, "offices": (None, None), "privilege_active": (True, True),
           "discard": (), "wreck_size": 55, "sea_trigger": 0, "reckoning_turned": (),
           "haul": (Card(11), Card(12), Card(13)), "hold_limit": 4}
    assert best_move(obs) == SURFACE
    assert best_move(dict(obs, sea=3)) == DIVE_ON


def test_the_best_dive_examples_run():
    """The docstring examples of lopti_nb.games.ledger.best run as written."""
    import doctest

    import lopti_nb.games.ledger.best as best

    result = doctest.testmod(best)
    assert result.attempted >= 8 and result.failed == 0
