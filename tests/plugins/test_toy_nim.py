"""The toy fourth game, Nim, installed from outside the package as any game plugin is: found
through its entry point, then played by the engine, simulate(), records, the table shell and
rooms, none of which names it."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from importlib.metadata import distribution, entry_points

import pytest

import lopti_nb
from lopti_nb.engine import SettingsError, UnknownBot, game_names, get_spec, load


def test_the_toy_is_found_through_its_entry_point():
    points = {ep.name: ep.value for ep in entry_points(group="lopti_nb.games")}
    assert points["nim"] == "lopti_toy_nim.plugin:SPEC"
    assert distribution("lopti-toy-nim").version == "0.1"
    assert game_names()[-1] == "nim"  # its order puts it after the package's own games
    assert get_spec("Toy Nim") is get_spec("nim")
    assert get_spec("nim").load("view").__name__ == "NimView"


def test_processes_started_by_tests_see_the_toy_too():
    code = "import lopti_nb.engine as e; print(','.join(e.game_names()))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-1000:]
    assert done.stdout.strip().split(",") == list(game_names())


def test_bad_settings_say_what_is_allowed():
    for settings, words in [
        ({"piles": (0, 3)}, "each pile holds 1 to 20"),
        ({"piles": "345"}, "piles lists 1 to 6"),
        ({"max_take": 0}, "max_take must be at least"),
        ({"last_stone": "maybe"}, "last_stone must be one of wins, loses"),
        ({"opener": 2}, "opener must be a seat from 0 to 1"),
        ({"stones": 3}, "Valid settings: piles, max_take, last_stone, pebbles, opener"),
    ]:
        with pytest.raises(SettingsError, match=words):
            lopti_nb.new_game("nim", players=2, **settings)
    with pytest.raises(SettingsError, match="2-4 players"):
        lopti_nb.new_game("nim", players=5)
    with pytest.raises(UnknownBot, match="careful, grundy, random"):
        lopti_nb.simulate("nim", n=1, bots="clever", progress=False)


def play(state, bots, seed=0):
    spec = get_spec("nim")
    rng = random.Random(seed)
    players = [spec.make_bot(b) for b in bots]
    while not state.is_over:
        seat = state.current_player
        state.apply(players[seat](state.observation(seat), state.legal_actions(), rng))
    return state


def test_grundy_takes_the_last_stone_from_a_won_position_against_any_bot():
    # From piles 3, 4, 5 taking 1-3 the nim-sum is 3 ^ 0 ^ 1 = 2: the first player wins.
    for seed in range(20):
        for other in ("random", "careful", "grundy"):
            state = play(lopti_nb.new_game("nim", players=2, seed=seed), ["grundy", other], seed)
            assert state.last_taker == 0 and state.result.places[0] == 1


def test_secret_pebbles_are_shown_only_to_their_seat_until_the_end():
    state = lopti_nb.new_game("nim", players=3, seed=4)
    mine = [state.observation(s)["my_pebbles"] for s in range(3)]
    assert state.observation(None)["my_pebbles"] is None and state.observation(0)["pebbles"] is None
    assert state.describe_events(1)[0] == f"Every player is dealt secret pebbles. Seat 2 holds {mine[1]}."
    assert state.describe_events(None)[0] == "Every player is dealt secret pebbles."
    play(state, ["careful"] * 3)
    assert state.observation(2)["pebbles"] == tuple(mine)
    assert f"Pebbles: Seat 1 {mine[0]}, Seat 2 {mine[1]}, Seat 3 {mine[2]}." in state.describe_events(2)[-1]


def test_scores_are_pebbles_and_the_last_stone():
    wins = play(lopti_nb.new_game("nim", players=2, seed=1, piles=(2,)), ["careful", "careful"])
    assert wins.last_taker == 1  # one stone each
    assert wins.result.scores == (wins.pebbles[0], wins.pebbles[1] + 4)
    loses = play(lopti_nb.new_game("nim", players=2, seed=1, piles=(2,), last_stone="loses"),
                 ["careful", "careful"])
    assert loses.result.scores == (loses.pebbles[0], loses.pebbles[1] - 4)
    assert loses.result.places[0] == 1


def test_simulate_and_records_play_the_toy():
    df = lopti_nb.simulate("nim", n=5, seed=1, players=3, progress=False)
    assert len(df) == 15 and {"stones_taken", "pebbles_held"} <= set(df.columns)
    assert df.equals(lopti_nb.simulate("nim", n=5, seed=1, players=3, progress=False))
    state = play(lopti_nb.new_game("nim", players=3, seed=8, piles=[4, 6], max_take=2), ["random"] * 3)
    record = json.loads(json.dumps(state.record()))
    assert record["game"] == "nim" and record["settings"]["piles"] == [4, 6]
    again = load(record)
    assert again.events == state.events and again.result == state.result


# -- the table shell ---------------------------------------------------------------------------------
def test_the_table_shell_plays_the_toy_with_its_own_view():
    """In this tree ``lopti_nb.play`` still picks views by game name, so the table is built
    directly with the plugin's view (the way ``play`` will once it asks the plugin)."""
    from lopti_nb.widgets.table import Table
    from lopti_nb.widgets.testing import clickables, play_to_end, widget_text

    table = Table("nim", get_spec("nim").load("view"), players=2, humans=1, bots="careful",
                  bot_delay=0, seed=5)
    view = table.view
    pool = view.moves
    buttons, _ = clickables(table)
    assert [b.description for b in buttons][:3] == ["Take 1 from pile 1", "Take 2 from pile 1",
                                                    "Take 3 from pile 1"]
    text = widget_text(table)  # the log shows the viewer's own pebbles, never the bot's
    assert "Seat 1 holds" in text and "Seat 2 holds" not in text  # seats counted from 1
    steps = play_to_end(table, random.Random(2))  # clicks only enabled, visible buttons
    assert steps > 0 and table.state.is_over
    assert table.view is view and view.moves is pool  # updated in place, never rebuilt
    assert "Scores: Seat 1" in table.scores.value
    assert not clickables(table)[0]  # nothing left to take


def test_play_seats_the_toy_at_its_own_view():
    table = lopti_nb.play("nim", bot_delay=0, seed=1)
    assert isinstance(table.view, get_spec("nim").load("view"))


# -- rooms -------------------------------------------------------------------------------------------
def test_a_room_plays_the_toy_to_the_end(tmp_path):
    from lopti_nb import rooms

    url = f"sqlite:///{tmp_path / 'rooms.sqlite'}"
    host = rooms.create_room("Ann", game="nim", players=2, store=url, max_take=2)
    guest = rooms.join_room(host.pretty_code, "Bob", store=url)
    host.start()
    secrets = {}
    for _ in range(100):
        for member in (host, guest):
            member.refresh()
            obs = member.observation()
            assert obs["pebbles"] is None or member.state.is_over  # revealed only at the end
            secrets[member.seat] = obs["my_pebbles"]
            if member.my_turn():
                member.submit(member.state.legal_actions()[-1])
        if host.status == rooms.OVER:
            break
    guest.refresh()
    assert host.status == rooms.OVER and guest.state.is_over
    assert guest.state.events == host.state.events
    assert guest.observation()["pebbles"] == (secrets[0], secrets[1])
