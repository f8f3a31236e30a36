"""Roshambo (RULINGS 1.7): 30 decisive throws, 15-15 sudden death, brackets, and the number of
throws -- exact counts on scripted and seeded sequences, and the analytic distribution of the
total number of throws (ties included) against simulation."""
import itertools
import math
import random

import pytest

from lopti_nb.games.lopti.roshambo import (
    DECISIVE_THROWS, RoshamboError, bracket, negative_binomial_pmf, p_sudden_death, rng_thrower, roshambo,
    throws_distribution, throws_mean, throws_variance,
)


def scripted(moves):
    its = {seat: itertools.cycle(seq) for seat, seq in moves.items()}
    return lambda seat, info: next(its[seat])


def test_roshambo_exactly_30_decisive_throws_ties_not_counted():
    # per four throws: a tie, two wins for seat 0, one for seat 1
    r = roshambo(0, 1, scripted({0: ["rock"], 1: ["rock", "scissors", "scissors", "paper"]}))
    assert (r.a_wins, r.b_wins, r.decisive, r.ties, r.throws, r.sudden_death, r.winner) == (20, 10, 30, 10, 40, False, 0)


def test_roshambo_plays_all_30_even_when_decided_early():
    r = roshambo(3, 1, scripted({3: ["paper"], 1: ["rock"]}))
    assert (r.a_wins, r.b_wins, r.decisive, r.throws, r.winner) == (30, 0, 30, 30, 3)


def test_roshambo_15_15_goes_to_the_next_decisive_throw():
    # tie, seat 0 wins, seat 1 wins: 15-15 after 45 throws; then a tie and a win for seat 0
    r = roshambo(0, 1, scripted({0: ["rock"], 1: ["rock", "scissors", "paper"]}))
    assert (r.a_wins, r.b_wins, r.decisive, r.ties, r.throws, r.sudden_death, r.winner) == (16, 15, 31, 16, 47, True, 0)
    r = roshambo(0, 1, scripted({0: ["rock"], 1: ["paper", "scissors"]}))  # seat 1 wins the 31st
    assert (r.a_wins, r.b_wins, r.decisive, r.ties, r.sudden_death, r.winner) == (15, 16, 31, 0, True, 1)


def test_roshambo_seeded_sequences_exact_counts():
    r = roshambo(0, 1, rng_thrower(random.Random(2026)))
    assert (r.a_wins, r.b_wins, r.decisive, r.ties, r.throws, r.sudden_death, r.winner) == (21, 9, 30, 16, 46, False, 0)
    r = roshambo(0, 1, rng_thrower(random.Random(8)))
    assert (r.a_wins, r.b_wins, r.decisive, r.ties, r.throws, r.sudden_death, r.winner) == (15, 16, 31, 9, 40, True, 1)
    assert len(r.log) == r.throws


def test_roshambo_bracket_one_decisive_throw_a_match_with_byes():
    throws = scripted({4: ["rock"], 1: ["scissors"], 3: ["paper"], 0: ["rock"], 2: ["paper", "scissors"]})
    b = bracket([4, 1, 3, 0, 2], throws)
    # 4 beats 1, 3 beats 0, 2 has a bye; 3 beats 4, 2 a bye; final: a tie, then 2's scissors beat paper
    assert b.rounds == [[(4, 1, 4), (3, 0, 3), (2, None, 2)], [(4, 3, 3), (2, None, 2)], [(3, 2, 2)]]
    assert (b.winner, b.matches, b.decisive, b.ties, b.throws) == (2, 4, 4, 1, 5)
    seeded = bracket(range(7), rng_thrower(random.Random(5)))
    assert (seeded.winner, seeded.matches, seeded.ties) == (0, 6, 3)
    for n in range(1, 9):
        assert bracket(range(n), rng_thrower(random.Random(n))).matches == n - 1


def test_roshambo_bad_throws_are_refused():
    with pytest.raises(RoshamboError, match="rock, paper or scissors"):
        roshambo(0, 1, lambda seat, info: "lizard")
    with pytest.raises(RoshamboError, match="themselves"):
        roshambo(2, 2, rng_thrower(random.Random(1)))
    with pytest.raises(RoshamboError, match="never differ"):
        roshambo(0, 1, lambda seat, info: "rock")


def _dp_distribution(n=DECISIVE_THROWS, max_t=200):
    """The throw count by brute-force dynamic programming over (decisive throws, wins of A)."""
    third = 1 / 3
    live = {(0, 0): 1.0}
    dist = {}
    for t in range(1, max_t + 1):
        nxt = {}
        for (k, a), p in live.items():
            nxt[(k, a)] = nxt.get((k, a), 0) + p * third  # a tie
            for win in (1, 0):
                key = (k + 1, a + win)
                nxt[key] = nxt.get(key, 0) + p * third
        live = {}
        for (k, a), p in nxt.items():
            done = (k == n and 2 * a != n) or k == n + 1
            if done:
                dist[t] = dist.get(t, 0) + p
            else:
                live[(k, a)] = p
    return dist


def test_roshambo_throw_count_distribution_analytic_matches_dynamic_programming():
    analytic = throws_distribution(200)
    dp = _dp_distribution()
    assert abs(sum(analytic.values()) - 1) < 1e-9
    assert max(abs(analytic.get(t, 0) - dp.get(t, 0)) for t in range(1, 201)) < 1e-12
    mean = sum(t * p for t, p in analytic.items())
    assert mean == pytest.approx(throws_mean(), abs=1e-9) == pytest.approx(45 + 1.5 * p_sudden_death())
    var = sum((t - mean) ** 2 * p for t, p in analytic.items())
    assert var == pytest.approx(throws_variance(), rel=1e-9)
    assert p_sudden_death() == pytest.approx(math.comb(30, 15) / 2 ** 30)
    assert negative_binomial_pmf(30, 30, 2 / 3) == pytest.approx((2 / 3) ** 30)


def test_roshambo_throw_count_distribution_analytic_matches_simulation():
    n = 3000
    rng = random.Random(20261130)
    thrower = rng_thrower(rng)
    results = [roshambo(0, 1, thrower) for _ in range(n)]
    totals = [r.throws for r in results]
    assert all(r.decisive == (31 if r.sudden_death else 30) for r in results)
    q = p_sudden_death()
    share = sum(r.sudden_death for r in results) / n
    assert abs(share - q) < 4 * math.sqrt(q * (1 - q) / n)
    mean = sum(totals) / n
    assert abs(mean - throws_mean()) < 4 * math.sqrt(throws_variance() / n)
    # chi-square over bins of the total number of throws
    dist = throws_distribution(300)
    edges = [30, 38, 41, 43, 45, 47, 49, 52, 56, 301]
    chi2 = 0.0
    for lo, hi in zip(edges, edges[1:]):
        expected = n * sum(dist.get(t, 0) for t in range(lo, hi))
        observed = sum(lo <= t < hi for t in totals)
        chi2 += (observed - expected) ** 2 / expected
    assert chi2 < 27.9  # 8 degrees of freedom, p = 0.0005
