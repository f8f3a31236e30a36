"""Game records: plain JSON that rebuilds a game, every action checked on the way."""
from __future__ import annotations

import json
import random

import pytest

import lopti_nb
from lopti_nb.engine import RecordError, all_specs, get_spec, play_out, random_bot
from lopti_nb.engine.records import action_text, parse_action

GAMES = [s.name for s in all_specs()]


def played(game, seed=3, players=None, steps=None):
    spec = get_spec(game)
    state = lopti_nb.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    if steps is None:
        play_out(state, [random_bot] * state.num_players, rng)
    else:
        for _ in range(steps):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
    return spec, state


@pytest.mark.parametrize("game", GAMES)
def test_a_record_is_json_and_replays_to_the_same_game(game):
    spec, state = played(game)
    record = json.loads(json.dumps(state.record()))
    assert set(record) == {"game", "version", "settings", "seed", "players", "actions"}
    assert record["game"] == spec.name and record["version"] == lopti_nb.__version__
    assert all(isinstance(a, str) for a in record["actions"])
    again = lopti_nb.load(record)
    assert again.actions == state.actions
    assert [str(e) for e in again.events] == [str(e) for e in state.events]
    assert again.result == state.result
    assert lopti_nb.load(json.dumps(record)).record() == state.record()


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_reads_back_from_its_text(game):
    spec, state = played(game, steps=40)
    for action in state.legal_actions():
        assert parse_action(action_text(action), spec.action_types) == action


@pytest.mark.parametrize("game", GAMES)
def test_a_record_with_an_illegal_action_is_refused_at_that_action(game):
    spec, state = played(game, steps=12)
    record = state.record()
    record["actions"] = record["actions"][:3] + record["actions"][2:3] * 40
    with pytest.raises(RecordError, match="does not replay"):
        lopti_nb.load(record)


@pytest.mark.parametrize("text", [
    "__import__('os').system('echo hi')",
    "Bid(n=__import__('os'))",
    "Bid(1)",
    "Bid(n=1, m=2)",
    "Bid()",
    "Kraken(n=1)",
    "Bid(n=1",
    "x" * 10_000,
    42,
    None,
])
def test_an_action_text_never_runs_code_and_bad_text_is_refused(text):
    with pytest.raises(RecordError) as info:
        parse_action(text, get_spec("skull-king").action_types)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("record", [
    None, [], "not json", "{}", {"game": "skull-king"},
    {"game": "chess", "settings": {}, "seed": 1, "players": 2, "actions": []},
    {"game": "skull-king", "settings": {"scoring": "none"}, "seed": 1, "players": 2, "actions": []},
    {"game": "skull-king", "settings": {}, "seed": "1", "players": 2, "actions": []},
    {"game": "skull-king", "settings": {}, "seed": 1, "players": 2, "actions": "Bid(n=0)"},
    {"game": "skull-king", "settings": [], "seed": 1, "players": 2, "actions": []},
])
def test_a_broken_record_is_refused_with_a_package_error(record):
    with pytest.raises(lopti_nb.LoptiNbError):
        lopti_nb.load(record)


def test_an_unseeded_game_draws_64_secret_bits_and_records_them():
    a = lopti_nb.new_game("skull-king", players=3)
    b = lopti_nb.new_game("skull-king", players=3)
    assert a.seed != b.seed and not a.seed_chosen
    assert 0 <= a.seed < 2**64
    assert lopti_nb.new_game("skull-king", players=3, seed=5).seed_chosen
    assert lopti_nb.load(a.record()).observation(0) == a.observation(0)


def test_ledger_settings_with_a_custom_deck_survive_the_record():
    deck = {"suits": 3, "values": (1, 2, 3), "hazards": {2: 1, 5: 2}}
    state = lopti_nb.new_game("drowned-ledger", players=2, seed=4, deck=deck, mode="plain")
    state.apply(state.legal_actions()[0])
    record = json.loads(json.dumps(state.record()))
    again = lopti_nb.load(record)
    assert again.deck_spec == state.deck_spec and again.events == state.events


# -- actions of several seats at once (to_act) ----------------------------------------------------
def bids_in_reverse(seed=4, players=3):
    """A Skull King game whose first round's bids came from the last seat to the first."""
    from lopti_nb.games.skullking import Bid

    state = lopti_nb.new_game("skull-king", players=players, seed=seed)
    for seat in reversed(range(players)):
        state.apply(Bid(1), seat)
    return state


def test_a_record_names_the_seat_of_each_action_not_taken_by_current_player():
    state = bids_in_reverse()
    record = json.loads(json.dumps(state.record()))
    # seat 0 was asked first; seats 2 and 1 bid before it (actions 0 and 1); seat 0's own bid
    # (action 2) was current_player's and needs no seat
    assert record["off_turn"] == [[0, 2], [1, 1]]
    again = lopti_nb.load(record)
    assert again.events == state.events and again.off_turn == state.off_turn
    assert again.record() == record


def test_a_record_without_off_turn_is_as_before_and_old_records_load():
    spec, state = played("skull-king", steps=30)
    record = state.record()
    assert "off_turn" not in record
    assert lopti_nb.load(record).events == state.events


@pytest.mark.parametrize("off_turn, words", [
    ("0:2", "list of"), ([[0]], "pair"), ([[0, 2], [0, 1]], "pair"), ([[9, 1]], "pair"),
    ([[0, "2"]], "pair"), ([[0, 9]], "no seat 9"), ([[0, 0]], "was the seat to act"),
    ([[2, 1]], "does not replay"),
])
def test_a_record_whose_seats_do_not_replay_is_refused(off_turn, words):
    record = bids_in_reverse().record()
    record["off_turn"] = off_turn
    with pytest.raises(RecordError, match=words) as info:
        lopti_nb.load(record)
    assert len(str(info.value)) < 300
