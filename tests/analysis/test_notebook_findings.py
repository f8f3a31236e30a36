"""What a notebook states is computed from its own run: its Markdown quotes no result of its
own, and the helpers that build the findings word a direction only when its interval allows,
count the sample, and say how many it would take. (The findings each notebook shows are
checked where the notebooks run, under nbval: tests/notebook_support.py, check_findings.)"""
from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from lopti_nb.analysis.findings import (UNCLEAR, compare_means, compare_proportions, compare_to,
                                        findings_markdown, games_needed, proportion, verdict)
from lopti_nb.engine import plural

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ["skullking_scoring", "lopti_analysis", "ledger_strategies", "reckoning_risk"]


def cells(name: str) -> list[dict]:
    return json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())["cells"]


# -- what the notebooks state -------------------------------------------------------------------------
@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_markdown_quotes_no_run_of_its_own(name):
    """Numbers and directions come from code: the Markdown cells quote no percentages and no
    "in a 1,000-game run"; each "Reading it" is followed by computed findings."""
    md = [("".join(c["source"]), i) for i, c in enumerate(cells(name)) if c["cell_type"] == "markdown"]
    for text, _ in md:
        # a share quoted in prose (the 95% of "95% interval" names the interval, not a result)
        assert not re.search(r"\d\s?%", text.replace("95%", "")), text
        assert not re.search(r"\bin an? [\d,]+-(game|round|dive|session) run", text), text
    code = "".join("".join(c["source"]) for c in cells(name) if c["cell_type"] == "code")
    assert code.count("show_findings(") >= 3


# -- the helpers themselves ------------------------------------------------------------------------
def test_a_comparison_is_a_direction_only_when_its_interval_excludes_no_difference():
    sure = compare_proportions("k", 60, 100, 40, 100, "The first seat wins", "the second")
    assert sure.direction == "higher" and sure.lower > 0 and "higher than the second" in sure.text
    unsure = compare_proportions("k", 52, 100, 48, 100, "The first seat wins", "the second")
    assert unsure.direction == UNCLEAR and unsure.lower < 0 < unsure.upper
    assert "no difference can be told apart at this size" in unsure.text
    lower = compare_means("k", [1, 2, 1, 2] * 20, [5, 6, 5, 6] * 20, "Rounds are", "without",
                          "longer", "shorter", measure="turns")
    assert lower.direction == "shorter" and lower.upper < 0
    same = compare_means("k", [3, 4], [3, 4], "x", paired=True, same="Exactly as long")
    assert same.direction == "no difference" and same.text.startswith("Exactly as long")


def test_a_share_against_a_fair_share():
    assert compare_to("k", 31, 100, 0.25, "The leader wins", "more", "less").direction == UNCLEAR
    assert compare_to("k", 310, 1000, 0.25, "The leader wins", "more", "less").direction == "more"
    assert verdict(-0.2, -0.1, "up", "down") == "down" and verdict(-0.1, 0.1, "up", "down") == UNCLEAR


def test_games_needed_grows_as_the_difference_shrinks():
    # n = 100 with standard error 0.05: a difference of 0.05 needs (2.8)^2 = 7.84 times as many
    assert games_needed(100, 0.05, 0.05) == 800
    assert games_needed(100, 0.05, 0.025) > games_needed(100, 0.05, 0.05)


def test_plural_forms_and_markdown():
    assert plural(1, "game") == "1 game" and plural(2, "game") == "2 games"
    assert plural(1200, "seat-round") == "1,200 seat-rounds" and plural(1.5, "win") == "1.5 wins"
    f = proportion("k", 3, 10, "Share", unit="rounds")
    assert "30.0%" in f.text and "10 rounds" in f.text
    assert findings_markdown([f], "Findings").startswith("**Findings**\n\n- Share")


def test_the_motion_chart_colours_a_bar_by_its_interval_not_its_height():
    from lopti_nb.games.lopti.studies import motion_effect_chart

    summary = pd.DataFrame({"motion": ["a", "b", "c", "d"], "mean": [2.0, 2.0, -3.0, 0.0],
                            "stderr": [0.5, 2.0, 1.0, 0.0], "n": [90] * 4})
    datasets = motion_effect_chart(summary).to_dict()["datasets"].values()
    data = pd.DataFrame(next(d for d in datasets if "motion" in d[0]))
    assert dict(zip(data["motion"], data["direction"])) == {
        "a": "longer", "b": UNCLEAR, "c": "shorter", "d": "no change"}


def test_the_office_chart_flags_an_office_by_its_interval():
    from lopti_nb.games.ledger.studies import OUTSIDE, WITHIN, office_verdicts

    table = pd.DataFrame({"office": ["a", "b", "c"], "win_rate": [0.25, 0.40, 0.15],
                          "lower": [0.22, 0.36, 0.05], "upper": [0.28, 0.44, 0.25],
                          "mean_win_rate": [0.25] * 3})
    # c's bar (15%) is below the band (16.7% to 33.3%), but its interval reaches into it
    assert list(office_verdicts(table)) == [WITHIN, OUTSIDE, UNCLEAR]


def test_findings_follow_the_rows_they_are_given():
    """Computed, never hard-coded: flip the data and the sentence flips."""
    from lopti_nb.games.lopti.studies import round_findings

    rng = np.random.default_rng(0)
    rows = []
    for p in (2, 5):
        for k in range(400):
            length = (40 if p == 2 else 90) + int(rng.integers(0, 10))
            rows.append({"players": p, "length": length, "winner": k % p, "leader": 0,
                         "stalemate": False, "duty_pickups": 1, "duty_decided": k % 3 == 0})
    by_len = {f.key: f for f in round_findings(pd.DataFrame(rows))}
    assert by_len["length.fewest_vs_most"].direction == "longer"
    assert "Rounds with 5 players are longer than rounds with 2" in by_len["length.fewest_vs_most"].text
