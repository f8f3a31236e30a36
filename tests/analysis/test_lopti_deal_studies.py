"""Lopti's deal and skill studies: what the swap and a starting 10 or 2 are worth to their
holder (paired by deal), and a heuristic bot among random bots by seat. The pairing, the
exchange of cards, the intervals (on toy frames worked by hand) and the sentences are checked;
the games played are few (about 2 s in all)."""
from __future__ import annotations

import math
import random

import numpy as np
import pandas as pd
import pytest

from lopti_nb.engine import LoptiNbError, SettingsError
from lopti_nb.games.lopti import events as ev
from lopti_nb.games.lopti.cards import DECK, ORDINARY_RANKS, TEN, TWO
from lopti_nb.games.lopti.state import LoptiState
from lopti_nb.games.lopti.studies import round_findings
from lopti_nb.games.lopti.studies_deal import (CHANGES, _exchange, _play_deal, deal_findings,
                                               deal_worth_chart, deal_worth_frame, deal_worth_summary,
                                               seat_skill_frame, skill_findings)


# -- the pairing -------------------------------------------------------------------------------------
def test_a_seat_that_does_not_swap_replays_the_same_round_exactly():
    """The two plays of a deal share the deal and the bots' random draws: a change that changes
    nothing (a seat kept from a swap it would not make) gives the very same round."""
    for seed in range(40):
        base = _play_deal(4, seed, seed + 1)
        swapped = {e.seat for e in base.events if type(e) is ev.Swapped}
        if swapped != set(range(4)):
            keeper = min(set(range(4)) - swapped)
            again = _play_deal(4, seed, seed + 1, keeper=keeper)
            assert again.actions == base.actions and again.winner == base.winner
            return
    pytest.fail("every seat swapped in 40 deals: no seat to check")


def test_the_keeper_keeps_its_cards_and_the_others_swap_as_before():
    for seed in range(20):
        base = _play_deal(3, seed, 0)
        swapped = sorted(e.seat for e in base.events if type(e) is ev.Swapped)
        if swapped:
            kept = _play_deal(3, seed, 0, keeper=swapped[0])
            again = sorted(e.seat for e in kept.events if type(e) is ev.Swapped)
            assert again == swapped[1:]
            assert any(type(e) is ev.KeptCards and e.seat == swapped[0] for e in kept.events)
            return
    pytest.fail("nobody swapped in 20 deals")


@pytest.mark.parametrize("rank", [TEN, TWO])
def test_the_exchange_gives_the_holder_the_card_from_the_draw_pile_and_keeps_the_deck(rank):
    done = 0
    for seed in range(30):
        dealt = LoptiState(2, seed)
        for seat in range(2):
            where = _exchange(dealt, seat, rank, random.Random(seed))
            if any(c >> 2 == rank for c in dealt.hands[seat]):
                assert where is None  # the hand already holds one: nothing to give
                continue
            if where is None:
                continue
            h, d = where
            assert dealt.draw_pile[d] >> 2 == rank and dealt.hands[seat][h] >> 2 in ORDINARY_RANKS
            state = _play_deal(2, seed, 0, exchange=(seat, h, d))
            assert sorted(state.all_cards()) == list(DECK)  # a card moved, none made or lost
            changed = LoptiState(2, seed)
            changed.hands[seat][h], changed.draw_pile[d] = changed.draw_pile[d], changed.hands[seat][h]
            assert sum(c >> 2 == rank for c in changed.hands[seat]) == 1
            done += 1
    assert done >= 10


def test_the_frame_pairs_each_holder_with_the_same_deal():
    f = deal_worth_frame(players=2, deals=6, seed=3)
    assert set(f["change"].astype(str)) <= set(CHANGES) and len(f)
    assert ((f["gain"] == f["with_won"] - f["without_won"]) & f["gain"].between(-1, 1)).all()
    # the deal as dealt is one round with at most one winner: it is the swap's "with" side
    # and the given card's "without" side for every holder of the deal
    for (_, change), part in f.groupby(["deal", "change"], observed=True):
        shared = part["with_won"] if change == "swap made" else part["without_won"]
        assert shared.sum() <= 1
    # rows of the swap are seats that swapped in the deal as dealt
    for row in f[f["change"] == "swap made"].itertuples():
        base = _play_deal(2, *_seeds(3, 2, row.deal))
        assert any(type(e) is ev.Swapped and e.seat == row.seat for e in base.events)


def _seeds(seed, players, deal):
    from lopti_nb.engine.runner import game_seeds

    return game_seeds(f"deal:{seed}:{players}", deal)


# -- the intervals, on toy frames worked by hand -----------------------------------------------------
def test_the_summary_counts_holders_of_one_deal_together():
    # deal 0: both holders gain; deal 1: neither; deal 2: one loses. Mean 1/5 of a win.
    toy = pd.DataFrame({"players": 3, "deal": [0, 0, 1, 1, 2], "seat": [0, 1, 0, 1, 0],
                        "change": "10 in hand", "gain": [1, 1, 0, 0, -1]})
    row = deal_worth_summary(toy).iloc[0]
    x = 100.0 * np.array([1, 1, 0, 0, -1])
    m = x.mean()
    sums = [((x[:2] - m) / 5).sum(), ((x[2:4] - m) / 5).sum(), ((x[4:] - m) / 5).sum()]
    se = math.sqrt(3 / 2 * sum(s * s for s in sums))  # CR1: g / (g - 1) of the squared deal sums
    assert (row["n"], row["deals"]) == (5, 3)
    assert row["gain"] == pytest.approx(20.0) and row["stderr"] == pytest.approx(se)
    # three deals: Student's t with 2 degrees of freedom (4.303), not the normal 1.96
    assert row["lower"] == pytest.approx(20.0 - 4.3027 * se) and row["upper"] == pytest.approx(20.0 + 4.3027 * se)
    # one player count: its row and the row of every count together are the same numbers
    both = deal_worth_summary(toy).set_index("players")
    assert both.loc["all", "gain"] == both.loc["3", "gain"] and both.loc["all", "stderr"] == both.loc["3", "stderr"]


def test_the_findings_take_the_sign_of_the_data():
    def toy(gain):
        return pd.DataFrame({"players": 2, "deal": range(60), "seat": 0, "change": "swap made",
                             "with_won": [int(g > 0) for g in gain], "without_won": [int(g < 0) for g in gain],
                             "with_stalemate": False, "without_stalemate": False, "gain": gain})
    up = {f.key: f for f in deal_findings(toy([1] * 40 + [0] * 20), lead=("swap made",))}["deal.swap"]
    down = {f.key: f for f in deal_findings(toy([-1] * 40 + [0] * 20))}["deal.swap"]
    unclear = {f.key: f for f in deal_findings(toy([1, -1] * 30))}["deal.swap"]
    assert (up.direction, down.direction, unclear.direction) == ("higher", "lower", "cannot be told apart")
    assert up.lead and not down.lead  # led with only when asked
    assert "percentage points" in up.text and "60 holders in 60 deals, counted by deal" in up.text
    assert "would take about" in unclear.text
    made = {f.key: f for f in deal_findings(toy([1] * 60))}["deal.swaps_made"]
    assert made.n == 120 and made.estimate == 0.5  # two seats a deal, one swapped


def test_the_skill_share_maps_the_win_rate_interval():
    f = seat_skill_frame(players=2, games_per_seat=6, seed=0)
    assert f["seat"].tolist() == ["0", "1", "all"] and f["n"].tolist() == [6, 6, 12]
    for row in f.itertuples():
        assert row.skill == pytest.approx((row.win_rate - 0.5) / 0.5)
        assert row.skill_lower == pytest.approx(2 * row.lower - 1)
        assert row.skill_upper == pytest.approx(2 * row.upper - 1)
        assert row.lower <= row.win_rate <= row.upper


def test_a_heuristic_bot_among_random_bots_wins_more_than_a_fair_share():
    """Certain at any seed: the random bot takes the pile or spends a 10 at random."""
    found = {f.key: f for f in skill_findings(seat_skill_frame(players=(2, 4), games_per_seat=12, seed=5))}
    for p in (2, 4):
        assert found[f"skill.players_{p}"].direction == "more than a fair share"
        assert found[f"skill.players_{p}"].lead and found[f"skill.share_{p}"].estimate > 0
    assert "Seat 1 (the leader)" in found["seat_skill.players_4_seat_1"].text
    assert found["seat_skill.players_4_seat_4"].direction == "more than a fair share"


# -- bad input ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs", [{"players": 6}, {"players": []}, {"players": "4"}, {"deals": 0},
                                    {"deals": True}, {"deals": 2.5}, {"players": (2, 1)}])
def test_bad_sizes_are_refused_with_a_sentence(kwargs):
    with pytest.raises(SettingsError) as err:
        deal_worth_frame(**{"deals": 1, **kwargs})
    assert isinstance(err.value, (ValueError, LoptiNbError)) and len(str(err.value)) < 200
    with pytest.raises(SettingsError):
        seat_skill_frame(**{"games_per_seat": 1, **{k.replace("deals", "games_per_seat"): v
                                                    for k, v in kwargs.items()}})


# -- the chart and the motion sentence ---------------------------------------------------------------
def test_the_deal_chart_draws_an_interval_on_every_bar_in_a_fixed_order():
    summary = pd.DataFrame({"change": ["2 in hand", "swap made", "10 in hand"] * 2,
                            "players": ["4"] * 3 + ["all"] * 3, "n": 50, "deals": 20,
                            "gain": [5.0, -9.0, 1.0, 4.0, -8.0, 2.0], "stderr": 1.0})
    summary["lower"], summary["upper"] = summary["gain"] - 1.96, summary["gain"] + 1.96
    spec = deal_worth_chart(summary).to_dict()
    bars, rule = spec["layer"][0], spec["layer"][1]
    assert bars["encoding"]["xOffset"]["sort"] == list(CHANGES)  # not by the bars' heights
    assert bars["encoding"]["x"]["sort"] == ["4", "all"]
    assert (rule["encoding"]["y"]["field"], rule["encoding"]["y2"]["field"]) == ("lower", "upper")


def test_a_motion_that_fired_without_changing_a_round_is_put_down_to_the_bots():
    rows = []
    for motion, events in (("none", 0), ("shows", 1), ("silent", 0)):
        for session in range(3):
            rows.append({"motion": motion, "session": session, "round": 1, "turns": 40 + session,
                         "baseline_turns": 40 + session, "motion_events": events, "stalemate": False,
                         "winner": 0})
    rounds = pd.DataFrame(rows)
    games = pd.DataFrame({"players": [4, 4], "length": [40, 41], "winner": [0, 1], "leader": [0, 0],
                          "stalemate": False, "duty_pickups": 0, "duty_decided": False})
    found = {f.key: f for f in round_findings(games, rounds)}
    assert "fired in 3 rounds" in found["motion.shows"].text
    assert "these bots never read cards shown or words said" in found["motion.shows"].text
    assert "it never fired" in found["motion.silent"].text


def test_the_docstring_examples_run():
    import doctest

    from lopti_nb.games.lopti import studies_deal

    result = doctest.testmod(studies_deal, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0
