"""Python-side time from a click to updated widgets, without bot delays (target: median < 30 ms).

Each sample is one widget interaction by the human seat (a click, or setting a toggle's
value) until every widget is updated, bots' replies included. Run this file with ``-s`` to
print the numbers.
"""
from __future__ import annotations

import random
import statistics

import pytest

import lopti_nb
from lopti_nb.widgets.testing import click_timings


@pytest.mark.parametrize("game, players", [("lopti", 4), ("skull-king", 5), ("drowned-ledger", 4)])
def test_click_to_update_median_under_30_ms(game, players):
    samples = []
    for seed in (1, 2):
        settings = {"turn_cap": 150} if game == "lopti" else {}
        t = lopti_nb.play(game, players=players, humans=1, seed=seed, bot_delay=0, **settings)
        samples += click_timings(t, random.Random(seed), max_steps=150)
    ms = sorted(1000 * s for s in samples)
    median = statistics.median(ms)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    print(f"\n{game}: {len(ms)} clicks, median {median:.1f} ms, 90th percentile {p90:.1f} ms, max {ms[-1]:.1f} ms")
    assert median < 30, f"median click-to-update {median:.1f} ms"
