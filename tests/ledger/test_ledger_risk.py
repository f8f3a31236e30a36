"""Exact Reckoning risk (lopti_nb.games.ledger.risk) against a seeded Monte Carlo of the
engine's own dive code: 100,000 dives over five (sea, target) cases, every figure within
three standard errors."""
import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from lopti_nb.games.ledger import DIVE, FLIP, SURFACE, LedgerState
from lopti_nb.games.ledger.cards import DeckSpec, reckoning_deck
from lopti_nb.games.ledger.events import ReckoningDrawn
from lopti_nb.games.ledger.risk import catch_probability, deck_counts, dive_outcomes, risk_table
from lopti_nb.games.ledger.testing import cards, rig

CASES = [(3, 2), (5, 3), (7, 4), (9, 1), (9, 4)]
DIVES_PER_CASE = 20_000


def engine_dives(sea, target, n, seed):
    """Run ``n`` dives through LedgerState, each against a fresh shuffled wreck deck and a
    fresh Reckoning deck; the diver flips until the haul holds ``target`` machines."""
    rng = random.Random(seed)
    s = LedgerState(2, seed, mode="plain", sea_start=sea, sea_claim=sea + 3)
    fresh = DeckSpec().cards()
    size = len(fresh)
    # A dive aiming at <= 4 machines flips at most 18 hazards + 4 machines = 22 cards, all from
    # the end of the list (the top of the deck): shuffling the last 23 places (Fisher-Yates,
    # stopped early) makes those a uniformly random sequence, exactly like a full shuffle.
    depth = min(size - 1, 18 + max(t for _, t in CASES) + 1)
    randbelow = rng.randrange
    out = []
    for _ in range(n):
        deck = fresh[:]
        for i in range(size - 1, size - 1 - depth, -1):
            j = randbelow(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        reck = reckoning_deck()
        rng.shuffle(reck)
        s.wreck, s.discard, s.reck = deck, [], reck
        s.hands, s.yards = [[], []], [[], []]
        s.ycount = [[0] * 5, [0] * 5]
        s.coins = [0, 0]
        s.seat, s.trigger, s.round_rise, s.sea = 0, 0, 0, sea
        s.events = []
        start = 0
        s._apply(DIVE)
        while s.seat == 0 and len(s.haul) < target:
            s._apply(FLIP)
        if s.seat == 0:
            s._apply(SURFACE)
        drawn = [e for e in s.events[start:] if isinstance(e, ReckoningDrawn)]
        final = drawn[-1].name if drawn and drawn[-1].name != "The Sea Blinks" else "surfaced"
        out.append({
            "outcome": final,
            "sealed": len(s.hands[0]),
            "opened": len(s.yards[0]),
            "lost": sum(1 for c in s.discard if c.is_machine),
            "coins": s.coins[0],
            "sea_triggers": sum(e.triggers for e in drawn),
            "sea_rise": s.sea - sea,
            "caught_any": bool(drawn),
        })
    return out


@pytest.mark.parametrize("case", range(len(CASES)))
def test_exact_risk_matches_engine_monte_carlo(case):
    sea, target = CASES[case]
    n = DIVES_PER_CASE
    sim = engine_dives(sea, target, n, seed=1000 + case)
    exact = dive_outcomes(sea, target)
    assert abs(exact["probability"].sum() - 1) < 1e-12
    # the probability of each way the dive can end
    freq = Counter(r["outcome"] for r in sim)
    by_name = exact.groupby("outcome")["probability"].sum()
    for name, p in by_name.items():
        se = math.sqrt(p * (1 - p) / n)
        assert abs(freq[name] / n - p) <= 3 * se + 1e-12, (sea, target, name, freq[name] / n, p)
    assert set(freq) <= set(by_name.index)
    # caught at least once (the first hazard, whatever Reckoning follows)
    p = catch_probability(sea, target)
    caught = sum(r["caught_any"] for r in sim) / n
    assert abs(caught - p) <= 3 * math.sqrt(p * (1 - p) / n)
    # the expected value of every column
    for col in ("sealed", "opened", "lost", "coins", "sea_triggers", "sea_rise"):
        mean = float((exact["exact"] * exact[col]).sum())
        var = float((exact["exact"] * (exact[col] - mean) ** 2).sum())
        got = sum(r[col] for r in sim) / n
        assert abs(got - mean) <= 3 * math.sqrt(var / n) + 1e-12, (sea, target, col, got, mean)


def engine_outcomes_exhaustively(sea, target, wreck, reckoning, sea_moved=False):
    """Every order of a small wreck and of a small Reckoning deck, played by the engine: the
    exact distribution of (outcome, sealed, lost, sea_rise) it gives."""
    from itertools import permutations

    dist: Counter = Counter()
    orders = list(permutations(wreck))
    recks = list(permutations(reckoning))
    for order in orders:
        for reck in recks:
            s = LedgerState(2, 0, mode="plain", sea_start=sea, sea_claim=sea + 3)
            rig(s, wreck=list(order), reckoning=list(reck))
            if sea_moved:
                s.trigger = 1
            s.apply(DIVE)
            while s.seat == 0 and s.phase == 1 and len(s.haul) < target:
                s.apply(FLIP)
            if s.seat == 0 and s.phase == 1:
                s.apply(SURFACE)
            drawn = [e for e in s.events if isinstance(e, ReckoningDrawn)]
            final = drawn[-1].name if drawn and drawn[-1].name != "The Sea Blinks" else "surfaced"
            key = (final, len(s.hands[0]), sum(1 for c in s.discard if c.is_machine), s.sea - sea)
            dist[key] += Fraction(1, len(orders) * len(recks))
    return dist


@pytest.mark.parametrize("sea_moved", [False, True])
def test_2_4_a_blink_as_the_rounds_first_trigger_raises_the_water_for_the_rest_of_the_dive(sea_moved):
    # Hazard 3 is live at sea 3; Hazard 4 is a near-miss until a Blink moves the sea to 4.
    wreck = ["Compass 1", "Lantern 1", "Hazard 3", "Hazard 4", "Hazard 6"]
    reckoning = ["The Sea Blinks", "The Sea Takes It All"]
    got = engine_outcomes_exhaustively(3, 2, wreck, reckoning, sea_moved)
    exact = dive_outcomes(3, 2, deck=cards(wreck), exact=True, sea_moved=sea_moved,
                          reckoning={"The Sea Blinks": 1, "The Sea Takes It All": 1})
    want: Counter = Counter()
    for _, r in exact.iterrows():
        want[(r["outcome"], r["sealed"], r["lost"], r["sea_rise"])] += r["exact"]
    assert dict(got) == dict(want)


def test_2_4_after_a_blink_the_dive_faces_higher_water_unless_the_sea_already_moved():
    deck = cards(["Compass 1", "Lantern 1", "Hazard 3", "Hazard 4", "Hazard 6"])
    reck = {"The Sea Blinks": 1, "The Sea Takes It All": 1}

    def sunk(moved):
        df = dive_outcomes(3, 2, deck=deck, reckoning=reck, exact=True, sea_moved=moved)
        return df[df.outcome == "The Sea Takes It All"]["exact"].sum()

    assert sunk(False) > sunk(True)
    risen = dive_outcomes(3, 2, deck=deck, reckoning=reck, exact=True)
    assert set(risen[risen.blinks > 0]["sea_rise"]) == {1}
    assert set(dive_outcomes(3, 2, deck=deck, reckoning=reck, sea_moved=True)["sea_rise"]) == {0}


def test_catch_probability_closed_forms():
    assert catch_probability(0, 4) == 0
    # sea 1: two live hazards among 40 machines, target 1
    assert catch_probability(1, 1, exact=True) == Fraction(2, 42)
    # sea 9: all 18 hazards live
    assert catch_probability(9, 2, exact=True) == 1 - Fraction(40, 58) * Fraction(39, 57)
    assert catch_probability(3, 2) < catch_probability(6, 2) < catch_probability(6, 3)


def test_deck_argument_forms_agree():
    a = catch_probability(4, 3)
    b = catch_probability(4, 3, deck={"machines": 40, "hazards": {n: 2 for n in range(1, 10)}})
    c = catch_probability(4, 3, deck=DeckSpec().cards())
    d = catch_probability(4, 3, deck={"suits": 5})
    assert a == b == c == d
    assert deck_counts(4, cards(["Compass 1", "Hazard 4", "Hazard 5"])) == (1, 1)
    s = LedgerState(3, 9)
    assert 0 <= catch_probability(s.sea, 2, deck=s.wreck) <= 1


def test_dive_outcomes_columns_and_reckoning_composition():
    df = dive_outcomes(5, 2)
    assert list(df.columns)[:10] == ["outcome", "caught", "probability", "sealed", "opened", "lost",
                                     "coins", "sea_triggers", "sea_rise", "blinks"]
    assert not df.duplicated(subset=[c for c in df.columns if c not in ("probability", "exact")]).any()
    only = dive_outcomes(5, 2, reckoning={"Salvage Rights": 1}, exact=True)
    caught = only[only.caught]
    assert (caught["coins"] == caught["lost"]).all()
    assert sum(only["probability"]) == 1
    with pytest.raises(ValueError):
        dive_outcomes(5, 2, reckoning={"The Sea Blinks": 2})
    with pytest.raises(ValueError):
        dive_outcomes(5, 41)
    with pytest.raises(ValueError):
        catch_probability(5, 0)


def test_risk_table_for_notebooks():
    t = risk_table(seas=[3, 6], targets=[1, 2])
    assert len(t) == 4 and (t["catch_probability"].between(0, 1)).all()
