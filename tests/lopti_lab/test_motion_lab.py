"""The motion lab: its figures are the paired differences of rounds the engine's own runner
plays, its intervals cover a larger run's estimate, capped rounds are counted apart, and bad
arguments are refused with a sentence before anything runs."""
from __future__ import annotations

import random

import numpy as np
import pandas as pd
import pytest

import lopti_nb
from lopti_nb.analysis.findings import UNCLEAR
from lopti_nb.engine import LoptiNbError, game_seeds, get_spec
from lopti_nb.engine.runner import play_out
from lopti_nb.games.lopti.lab import FIRST_ROUND, lab_findings, motion_lab, ready_motions_by_role, round_seed
from lopti_nb.games.lopti.library import library_motion
from lopti_nb.games.lopti.motions import HookRunner, Motion, MotionLoptiState


def _simulated_sessions(motion_key, players, sessions, rounds, seed):
    """The lab's sessions computed without the lab: the base game's rounds by
    ``lopti_nb.simulate`` (one game per round, seeded as the lab says), the motion's side by
    a MotionLoptiState on the same game seeds, the leader passed on to each round's winner."""
    spec = get_spec("lopti")
    rows = []
    for k in range(sessions):
        author, first_dealer = k % players, (k // players) % players
        for arm in ("with", "without"):
            dealer, leader = first_dealer, author
            for j in range(rounds):
                r = FIRST_ROUND + j
                seed_text = round_seed(seed, k, r)
                if arm == "without":
                    df = lopti_nb.simulate("lopti", n=1, seed=seed_text, players=players, dealer=dealer,
                                           leader=leader, progress=False)
                    won = df[df["won"]]["seat"].tolist()
                    row = {"turns": int(df["length"].iloc[0]), "capped": bool(df["stalemate"].iloc[0]),
                           "winner": won[0] if won else -1, "pickups": int(df["pickups"].sum()),
                           "clears": int(df["clears"].sum()), "duty_pickups": int(df["duty_pickups"].sum())}
                else:
                    game_seed, bot_seed = game_seeds(seed_text, 0)
                    st = MotionLoptiState(players, game_seed, dealer=dealer, leader=leader,
                                          hooks=HookRunner([library_motion(motion_key)], round_no=r))
                    play_out(st, [spec.make_bot("heuristic") for _ in range(players)], random.Random(bot_seed))
                    row = {"turns": st.turns, "capped": st.stalemate,
                           "winner": -1 if st.stalemate else st.winner, "pickups": sum(st.pickups),
                           "clears": sum(st.clears), "duty_pickups": sum(st.duty_pickups)}
                rows.append({"session": k, "round": r, "arm": arm, "author": author, **row})
                dealer = (dealer + 1) % players
                leader = dealer if row["winner"] < 0 else row["winner"]
    return pd.DataFrame(rows)


def test_the_labs_figures_equal_the_paired_difference_computed_with_simulate():
    players, sessions, rounds = 3, 4, 2
    lab = motion_lab("ace_tax", players=players, sessions=sessions, rounds=rounds, seed=7, progress=False)
    direct = _simulated_sessions("ace_tax", players, sessions, rounds, 7)
    cols = ["session", "round", "arm", "author", "turns", "capped", "winner", "pickups", "clears", "duty_pickups"]
    got = lab.rounds[cols].sort_values(["session", "arm", "round"]).reset_index(drop=True)
    want = direct[cols].sort_values(["session", "arm", "round"]).reset_index(drop=True)
    pd.testing.assert_frame_equal(got, want, check_dtype=False)
    w = direct[direct["arm"] == "with"].set_index(["session", "round"])
    o = direct[direct["arm"] == "without"].set_index(["session", "round"])
    ended = ~w["capped"] & ~o["capped"]
    assert lab.finding("length.turns").estimate == pytest.approx((w["turns"] - o["turns"])[ended].mean())
    assert lab.finding("round.pickups").estimate == pytest.approx((w["pickups"] - o["pickups"])[ended].mean())
    assert lab.finding("round.clears").estimate == pytest.approx((w["clears"] - o["clears"])[ended].mean())
    author = w.index.get_level_values("session") % players
    won_w, won_o = (w["winner"].to_numpy() == author), (o["winner"].to_numpy() == author)
    assert lab.finding("win.author").estimate == pytest.approx(100 * (won_w.mean() - won_o.mean()))
    # the pair differs somewhere: the motion acted, so the two sides are not one game twice
    assert (w["pickups"] != o["pickups"]).any() or (w["turns"] != o["turns"]).any()


def test_the_labs_intervals_cover_a_larger_runs_estimate_at_least_17_times_in_20():
    big = motion_lab("ace_tax", players=3, sessions=160, rounds=1, seed="truth", progress=False)
    keys = ["round.pickups", "win.author", "length.turns"]
    covered = {k: 0 for k in keys}
    for i in range(20):
        small = motion_lab("ace_tax", players=3, sessions=12, rounds=1, seed=f"replication {i}", progress=False)
        for k in keys:
            f, truth = small.finding(k), big.finding(k).estimate
            covered[k] += f.lower <= truth <= f.upper
    assert all(c >= 17 for c in covered.values()), covered
    # the motion really moves pickups: the larger run tells it apart from no difference
    assert big.finding("round.pickups").direction == "less frequent"


def _rounds_frame(turns_with, turns_without, capped_with, capped_without):
    rows = []
    for i, (tw, to, cw, co) in enumerate(zip(turns_with, turns_without, capped_with, capped_without)):
        for arm, t, c in (("with", tw, cw), ("without", to, co)):
            rows.append({"session": i // 2, "round": FIRST_ROUND + i % 2, "arm": arm, "author": 0,
                         "dealer": 0, "leader": 0, "turns": t, "capped": c, "winner": -1 if c else 0,
                         "author_won": not c, "next_won": False, "others_won": 0.0, "duty_pickups": 0,
                         "clears": 1, "pickups": 2, "motion_events": 1})
    return pd.DataFrame(rows)


def test_rounds_stopped_at_the_turn_cap_are_counted_apart_not_averaged_in_at_the_cap():
    cap = 1000
    frame = _rounds_frame([50, 60, cap, 70], [40, 50, 45, 60], [False, False, True, False],
                          [False, False, False, False])
    found = {f.key: f for f in lab_findings(frame, "a motion")}
    length = found["length.turns"]
    assert length.estimate == pytest.approx(10.0)  # (10 + 10 + 10) / 3: the capped pair is left out
    assert length.n == 3
    assert "1 pair of rounds with a round stopped at the turn cap left out" in length.text
    capped = found["length.capped"]
    assert "stopped at the cap: 1 of 4 rounds with it, 0 without" in capped.text
    assert capped.estimate == pytest.approx(25.0)


def test_every_finding_whose_interval_covers_zero_says_it_cannot_be_told_apart():
    lab = motion_lab("sevens_warn_the_table", players=4, sessions=12, rounds=2, seed=3, progress=False)
    compared = [f for f in lab.findings if f.key != "motion.fired"]
    assert len(compared) == 8
    for f in compared:
        if f.direction == "no difference":
            assert f.lower == f.upper == 0
        elif f.lower <= 0 <= f.upper:
            assert f.direction == UNCLEAR and "no difference can be told apart" in f.text, f.text
        else:
            assert f.direction != UNCLEAR and "95% interval" in f.text, f.text
        assert "sessions, counted by session" in f.text or f.direction == "no difference", f.text


def test_the_roles_are_the_author_the_seat_after_it_and_the_others_and_two_players_have_no_others():
    four = motion_lab("ace_tax", players=4, sessions=4, rounds=1, progress=False)
    assert [f.key for f in four.findings if f.key.startswith("win.")] == ["win.author", "win.next", "win.others"]
    two = motion_lab("ace_tax", players=2, sessions=4, rounds=1, progress=False)
    assert [f.key for f in two.findings if f.key.startswith("win.")] == ["win.author", "win.next"]
    # the author rotates over the seats, one session each
    assert sorted(four.rounds["author"].unique()) == [0, 1, 2, 3]
    # the author leads the first round on both sides of the pair
    first = four.rounds[four.rounds["round"] == FIRST_ROUND]
    assert (first["leader"] == first["author"]).all()


def test_the_same_seed_gives_the_same_rounds_and_another_seed_other_rounds():
    a = motion_lab("ace_tax", players=3, sessions=3, rounds=1, seed=5, progress=False)
    b = motion_lab("ace_tax", players=3, sessions=3, rounds=1, seed=5, progress=False)
    c = motion_lab("ace_tax", players=3, sessions=3, rounds=1, seed=6, progress=False)
    pd.testing.assert_frame_equal(a.rounds, b.rounds)
    assert not a.rounds["turns"].equals(c.rounds["turns"])


def test_a_motion_in_python_runs_in_the_lab_and_a_motion_that_never_acts_says_so():
    quiet = Motion("Whenever a 3 is played onto nothing at all in round 99, nothing happens.",
                   {"after play": lambda v: None}, title="never")
    lab = motion_lab(quiet, players=3, sessions=3, rounds=1, progress=False)
    assert lab.finding("motion.fired").text.startswith("\u201cnever\u201d never acted in 3 rounds")
    assert lab.finding("length.turns").direction == "no difference"


@pytest.mark.parametrize("arguments, words", [
    ({"motion": "no_such_motion"}, "no ready-made motion"),
    ({"motion": 3}, "the lab takes a motion"),
    ({"motion": "ace_tax", "players": 6}, "2-5 players"),
    ({"motion": "ace_tax", "sessions": 0}, "sessions must be from 1"),
    ({"motion": "ace_tax", "sessions": 2.5}, "sessions must be a whole number"),
    ({"motion": "ace_tax", "rounds": 11}, "rounds must be from 1"),
    ({"motion": "ace_tax", "seed": 1.5}, "seed"),
    ({"motion": "ace_tax", "bots": "genius"}, "bots is one of"),
    ({"motion": "ace_tax", "progress": "yes"}, "progress must be True or False"),
    ({"motion": "ace_tax", "colour": "red"}, "unknown argument"),
    ({"players": 3}, "it was given no motion"),
])
def test_bad_arguments_are_refused_with_a_sentence(arguments, words):
    with pytest.raises(LoptiNbError) as caught:
        lopti_nb.motion_lab(**{"progress": False, **arguments})
    assert isinstance(caught.value, ValueError)
    assert words in str(caught.value) and len(str(caught.value)) < 400


def test_ready_motions_by_role_is_a_tidy_frame_of_the_labs_win_findings():
    frame = ready_motions_by_role(players=3, sessions=3, rounds=1, motions=["ace_tax", "pairs_pass_on"])
    assert list(frame.columns) == ["motion", "role", "difference", "low", "high", "direction", "rounds",
                                   "sessions", "p"]
    assert frame[["motion", "role"]].values.tolist() == [
        ["ace_tax", "author"], ["ace_tax", "next"], ["ace_tax", "others"],
        ["pairs_pass_on", "author"], ["pairs_pass_on", "next"], ["pairs_pass_on", "others"]]
    lab = motion_lab("pairs_pass_on", players=3, sessions=3, rounds=1, progress=False)
    assert frame.iloc[4]["difference"] == pytest.approx(lab.finding("win.next").estimate)
    assert np.all(frame["low"] <= frame["difference"]) and np.all(frame["difference"] <= frame["high"])


def test_a_motion_as_data_runs_in_the_lab_as_its_python_form_does():
    from lopti_nb.games.lopti.library import library_data

    as_data = motion_lab(library_data("ace_tax"), players=3, sessions=3, rounds=1, progress=False)
    in_python = motion_lab("ace_tax", players=3, sessions=3, rounds=1, progress=False)
    cols = ["turns", "winner", "pickups", "clears"]
    pd.testing.assert_frame_equal(as_data.rounds[cols], in_python.rounds[cols])


def test_ready_motions_by_role_findings_state_a_direction_only_where_the_interval_leaves_out_zero():
    """A motion that moved nobody's chance is named once; a seat's change is stated only where
    its interval leaves out 0; the rest are one sentence that cannot tell them apart."""
    from lopti_nb.games.lopti.lab import ready_motions_by_role_findings

    rows = [("herald", r, 0.0, 0.0, 0.0, "no difference", 1.0) for r in ("author", "next", "others")]
    # the author's change survives the correction for the three comparisons (Holm); the others do not
    rows += [("tax", "author", -10.0, -19.0, -1.0, "less often", 0.001), ("tax", "next", 2.0, -6.0, 10.0, UNCLEAR, 0.6),
             ("tax", "others", 4.0, -1.0, 9.0, UNCLEAR, 0.1)]
    frame = pd.DataFrame([(*r[:6], 120, 120, r[6]) for r in rows],
                         columns=["motion", "role", "difference", "low", "high", "direction", "rounds", "sessions", "p"])
    found = {f.key: f for f in ready_motions_by_role_findings(frame)}
    assert list(found) == ["roles.unchanged", "roles.tax.author", "roles.unclear", "roles.chance"]
    assert "\u201cherald\u201d" in found["roles.unchanged"].text and "tax" not in found["roles.unchanged"].text
    assert found["roles.tax.author"].direction == "less often"
    assert "less often" in found["roles.tax.author"].text and "-19.0 to -1.0" in found["roles.tax.author"].text
    unclear = found["roles.unclear"]
    assert unclear.direction == UNCLEAR and "2 pairs" in unclear.text and "cannot be told apart" in unclear.text
    assert "1 leaves out 0" in found["roles.chance"].text and "of the 3 intervals" in found["roles.chance"].text.lower()
