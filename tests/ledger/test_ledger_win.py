"""The dive tuned to win games (lopti_nb.games.ledger.win): its table agrees with the exact
value iteration of lopti_nb.games.ledger.best where they should, its bot is exactly ``greedy``
where its choices are greedy's, its search keeps what won most, and the ``win`` bot beats the
personalities by a stated margin on games it was not tuned on. About 6 s in all."""
from __future__ import annotations

import random

import pandas as pd
import pytest

import lopti_nb
from lopti_nb.engine import SettingsError
from lopti_nb.engine.runner import game_seeds, play_out
from lopti_nb.games.ledger import best, risk
from lopti_nb.games.ledger.actions import FlipAgain, Surface
from lopti_nb.games.ledger.best import DIVE_ON, SURFACE, best_move, policy_table
from lopti_nb.games.ledger.bots import greedy
from lopti_nb.games.ledger.cards import Card
from lopti_nb.games.ledger.studies import best_margin_frame, best_response_frame, win_findings
from lopti_nb.games.ledger.win import (TUNED_WITH, WIN_OPEN_AT, WIN_TARGETS, TableDiver, most_machines_targets,
                                       policy_wins, tune_win_policy, win_policy_table)

SEAS = range(1, 10)


def fresh_dive(sea: int, haul: int) -> dict:
    """What a diver sees ``haul`` machines into a dive on a fresh table deck (no hazard yet,
    the sea not moved this round, no office)."""
    return {"seat": 0, "sea": sea, "phase": "dive", "offices": (None, None), "privilege_active": (True, True),
            "discard": (), "wreck_size": 58 - haul, "sea_trigger": 0, "reckoning_turned": (),
            "haul": tuple(Card(11 + i) for i in range(haul)), "hold_limit": 4, "flips": haul,
            "market": (6,) * 5, "watched": (), "hand": ()}


def test_2_2_the_exact_targets_read_the_value_iteration_table():
    """A target per sea says the same as the value iteration's table in every cell (the best
    dive on a fresh deck surfaces from some haul on, never dives on after surfacing)."""
    targets = most_machines_targets()
    table = policy_table()
    assert len(table) == 27
    for r in table.itertuples():
        assert (r.haul < targets[r.sea]) == (r.best == DIVE_ON), (r.sea, r.haul)
    assert targets[9] == 3 and all(targets[s] == 4 for s in range(1, 9))


def test_2_2_the_win_table_differs_from_the_exact_policy_only_where_its_targets_do():
    table = win_policy_table()
    exact = policy_table()
    assert list(table.columns) == ["sea", "haul", "to_win", "most_machines", "rule_of_thumb"]
    assert table["most_machines"].tolist() == exact["best"].tolist()
    assert (table["rule_of_thumb"] == DIVE_ON).all()  # surface at 4 dives on at hauls 1-3
    exact_targets = most_machines_targets()
    differ = table[table["to_win"] != table["most_machines"]]
    expected = {(s, h) for s in SEAS for h in range(1, 4)
                if min(WIN_TARGETS[s], exact_targets[s]) <= h < max(WIN_TARGETS[s], exact_targets[s])}
    assert set(zip(differ["sea"], differ["haul"])) == expected


@pytest.mark.parametrize("sea", SEAS)
def test_2_2_a_table_diver_on_the_exact_targets_decides_as_the_value_iteration(sea):
    """On a fresh deck the table diver with the exact targets flips or surfaces exactly when
    the ``best`` bot's value iteration (from the seat's observation) says so."""
    diver = TableDiver(most_machines_targets())
    for haul in range(1, 4):
        obs = fresh_dive(sea, haul)
        choice = diver(obs, [FlipAgain(), Surface()], random.Random(0))
        assert (DIVE_ON if isinstance(choice, FlipAgain) else SURFACE) == best_move(obs), (sea, haul)


def test_2_7_the_table_diver_with_greedys_choices_plays_greedys_games():
    """Targets of 4 at every sea and opening at 4 are ``greedy``'s: same seeds, same games."""
    fours = TableDiver({s: 4 for s in SEAS}, 4)
    for seed in range(3):
        a = lopti_nb.new_game("drowned-ledger", players=3, seed=seed)
        b = lopti_nb.new_game("drowned-ledger", players=3, seed=seed)
        play_out(a, [fours, greedy, greedy], random.Random(seed))
        play_out(b, [greedy, greedy, greedy], random.Random(seed))
        assert a.actions == b.actions and a.result.scores == b.result.scores
    # and a different table plays differently somewhere
    timid = TableDiver({s: 1 for s in SEAS}, 4)
    c = lopti_nb.new_game("drowned-ledger", players=3, seed=0)
    play_out(c, [timid, greedy, greedy], random.Random(0))
    assert c.actions != a.actions or c.result.scores != a.result.scores


def test_2_7_the_search_keeps_the_candidate_that_won_most():
    targets, hand, trace = tune_win_policy(games=1, players=2, sweeps=1, seas=[9], hand_sizes=[2, 4])
    assert set(trace["open_at"][trace["sea"] == 0]) == {2, 4}
    for _, step in trace.groupby("step"):
        kept = step[step["kept"]]
        assert len(kept) == 1 and int(kept["wins"].iloc[0]) == int(step["wins"].max())
    assert targets[9] == int(trace[(trace["sea"] == 9) & trace["kept"]]["target"].iloc[0])
    assert all(targets[s] == most_machines_targets()[s] for s in range(1, 9))  # untouched seas
    assert hand == int(trace[(trace["sea"] == 0) & trace["kept"]]["open_at"].iloc[0])


def test_2_7_policy_wins_meets_the_same_decks_whatever_the_policy():
    """Game g with the policy in seat s is seeded by (seed, s, g) alone: a policy that plays
    as greedy wins exactly the games greedy wins in that seat of an all-greedy table."""
    a = policy_wins({s: 4 for s in SEAS}, 4, games=3, seed=2, players=3, personalities=["greedy"])["greedy"]
    spec = lopti_nb.engine.get_spec("drowned-ledger")
    b = []
    for seat in range(3):
        for g in range(3):
            game_seed, bot_seed = game_seeds(f"2:{seat}", g)
            state = spec.state_class(3, game_seed)
            play_out(state, [greedy] * 3, random.Random(bot_seed))
            b.append(int(state.result.places[seat] == 1 and not state.result.stalemate))
    assert a == b and len(a) == 9


def test_2_7_the_win_bot_beats_three_personalities_and_is_no_worse_than_greedy():
    """On seeds the table was not tuned on, the ``win`` bot wins more often than balanced,
    seller and opener in the same seat on the same decks (95 % interval above zero; 80 pairs
    each: margins of about +20 to +50 percentage points). Against greedy, whose turns it
    shares but for opening at 6 instead of 4, the margin is a few points and cannot be told
    apart from zero at this size; it is checked not to be worse by 5 points (600 pairs)."""
    assert TUNED_WITH["seed"] != 5
    three = best_response_frame(games=20, seed=5, bot="win", personalities=["balanced", "seller", "opener"])
    greedy_pairs = best_response_frame(games=150, seed=5, bot="win", personalities=["greedy"])
    margins = best_margin_frame(pd.concat([three, greedy_pairs], ignore_index=True))
    wins = margins[margins["measure"] == "wins (percentage points)"].set_index("personality")
    assert list(wins["n"]) == [80, 80, 80, 600]
    for p in ("balanced", "seller", "opener"):
        assert wins.loc[p, "lower"] > 0, (p, wins.loc[p, ["mean", "lower", "upper"]].tolist())
    assert wins.loc["greedy", "lower"] > -5, wins.loc["greedy", ["mean", "lower", "upper"]].tolist()
    found = {f.key: f for f in win_findings(three)}
    assert found["win.won.seller"].direction == "more often" and found["win.won.seller"].lead
    assert "win.vs_best" not in found  # that needs the best bot's games


def test_2_7_bad_tables_are_refused_with_a_sentence():
    for targets in ({1: 4}, {s: 0 for s in SEAS}, "fours", {s: 2.5 for s in SEAS}):
        with pytest.raises(SettingsError) as err:
            TableDiver(targets)
        assert 10 < len(str(err.value)) < 300
    with pytest.raises(SettingsError):
        TableDiver(None, 0)
    with pytest.raises(SettingsError):
        policy_wins(games=1, personalities=["nobody"])


def test_2_3_one_check_reads_a_reckoning_argument_for_risk_and_best():
    """The risk tables take a whole Reckoning deck (up to 12 copies a card, able to end a
    dive); the best dive takes what is left of the table deck (at most the table's copies,
    nothing left allowed). One function checks both."""
    assert best.reckoning_counts is risk.reckoning_counts
    assert risk.reckoning_counts({"The Sea Blinks": 2, "The Water Holds": 1}) == (0, 0, 0, 2, 0, 0, 0, 1)
    with pytest.raises(SettingsError):
        risk.reckoning_counts({"The Sea Blinks": 2}, left=True)  # the table deck has one
    assert risk.reckoning_counts({}, left=True) == (0,) * 8
    with pytest.raises(SettingsError):
        risk.reckoning_counts({})  # a whole deck of nothing
    with pytest.raises(SettingsError):
        best.dive_values(3, reckoning={"The Sea Blinks": 2})


def test_2_7_the_win_bot_is_offered_and_plays_whole_games():
    spec = lopti_nb.engine.get_spec("drowned-ledger")
    assert "win" in spec.bots and WIN_OPEN_AT >= 1
    df = lopti_nb.simulate("drowned-ledger", n=3, seed=1, players=3, bots=["win", "seller", "opener"],
                           progress=False)
    assert len(df) == 9 and not df["stalemate"].any()


def test_the_win_module_examples_run():
    import doctest

    import lopti_nb.games.ledger.win as win

    result = doctest.testmod(win)
    assert result.attempted >= 8 and result.failed == 0
