"""The vote panel's bot-policy line describes the bots actually seated, and it is true: a
session with random bots beside a policy bot is played through several Rule Votes, and each
bot's ballots are checked against what the line says of that kind of bot."""
from __future__ import annotations

import random

import pytest

import lopti_nb
from browser_support import click
from lopti_nb.explainers.notation import visible_text
from widgets.test_lopti_session_table import labels, pick_base_law, play_until, set_value  # noqa: F401


def _policy_line(t) -> str:
    return visible_text(t.view.ballot_text.value).split("Still to vote")[-1]


@pytest.mark.timeout(300)
def test_1_7_the_bot_policy_line_is_true_for_the_bots_seated():
    rng = random.Random(3)
    abstained = {"random": 0, "heuristic": 0}
    ballots = {"random": 0, "heuristic": 0}
    for seed in range(1, 7):
        t = lopti_nb.play("lopti", players=4, humans=1, seed=seed, bot_delay=0, rounds=3,
                          bots=["random", "random", "heuristic"])
        play_until(t, rng, lambda t: t.state.phase == "playing" and t.can_act() and t.state.vote_open())
        pick_base_law(t)
        set_value(t, t.view.vote_when, "next round")
        click(t, "Call the Rule Vote")
        line = _policy_line(t)
        # the line names each kind of bot seated, by its own policy
        assert "The random bots (" in line and "Picks any of its legal moves at random" in line
        assert "may vote yes, vote no or abstain" in line
        assert "The heuristic bot (" in line and "Never abstains" in line
        assert "Bots never abstain" not in t.view.ballot_text.value
        click(t, "Vote yes")
        revealed = [e for e in t.state.events if type(e).__name__ == "BallotsRevealed"][-1]
        for seat, ballot in revealed.ballots:
            kind = t.bot_names[seat]
            if kind is None:
                continue
            ballots[kind] += 1
            abstained[kind] += ballot is None
    # what the line says of each kind holds for the ballots cast
    assert ballots["heuristic"] == 6 and abstained["heuristic"] == 0
    assert ballots["random"] == 12 and abstained["random"] > 0


@pytest.mark.timeout(120)
def test_1_7_a_table_of_policy_bots_says_only_their_policy():
    rng = random.Random(1)
    t = lopti_nb.play("lopti", players=3, humans=1, seed=5, bot_delay=0, rounds=2)
    play_until(t, rng, lambda t: t.state.phase == "playing" and t.can_act())
    pick_base_law(t)
    set_value(t, t.view.vote_when, "next round")
    click(t, "Call the Rule Vote")
    line = _policy_line(t)
    assert "Never abstains" in line and "at random" not in line
