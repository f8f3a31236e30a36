"""The Drowned Ledger's batch simulator plays games of the engine: every batch game's record
replays through ``lopti_nb.load`` to the same scores, places, length and per-seat statistics
(2-5 players, the plain rules with every lever and custom decks, through reshuffles of the
wreck and the Reckoning deck), its random bot chooses among exactly as many actions as the
engine lists, its personalities make the engine personalities' every choice, and what it does
not play (the offices, the searching bots) is refused."""
import json
import random

import numpy as np
import pytest

import lopti_nb
from lopti_nb.engine import BatchNotCovered, SettingsError, get_spec
from lopti_nb.engine.records import parse_action
from lopti_nb.games.ledger import batch

SPEC = get_spec("drowned-ledger")
LEVERS = [
    {},
    {"hold_limit": 1},
    {"hold_limit": 7, "sea_start": 0, "sea_claim": 20},  # long games: the wreck is reshuffled
    {"sea_start": 8, "sea_claim": 9},
    {"deck": {"suits": 2, "values": [1, 9, 9], "hazards": {1: 1, 5: 3}}},
    {"deck": {"suits": 5, "values": [2], "hazards": {3: 2}}, "hold_limit": 3},
    {"max_rounds": 2},  # stalemates
    {"table_watch": True},
]
STATS = ("dives", "flips", "caught", "surfaced", "sealed", "opens", "opened", "sells", "sale_coins",
         "gift_coins", "blinks", "duty_caught", "office", "max_flips", "flips_per_dive", "coins",
         "open_machines", "sealed_left")


@pytest.mark.parametrize("players", range(2, 6))
def test_every_batch_game_replays_to_its_scores_and_seat_columns(players):
    # 4 table sizes x 8 settings x 16 games: 512 games, each replayed and checked action by action
    reshuffled = 0
    for number, levers in enumerate(LEVERS):
        frame, records = lopti_nb.simulate("ledger", 16, seed=40 + number, players=players,
                                           bots="random", batch=True, records=True,
                                           progress=False, mode="plain", **levers)
        assert len(records) == 16 and len(frame) == 16 * players
        for k, record in enumerate(records):
            state = lopti_nb.load(record)
            assert state.is_over
            reshuffled += any(type(e).__name__ == "Reshuffled" for e in state.events)
            rows = frame[frame.game == k].sort_values("seat").to_dict("records")
            assert [r["score"] for r in rows] == list(state.result.scores)
            assert [r["place"] for r in rows] == list(state.result.places)
            assert {r["length"] for r in rows} == {state.round}
            assert {r["stalemate"] for r in rows} == {state.result.stalemate}
            for seat, row in enumerate(rows):
                assert {c: row[c] for c in STATS} == state.seat_stats(seat)
    assert reshuffled > 10  # the reshuffles, drawn from each game's generator, were exercised


def test_the_records_with_a_custom_deck_are_json_and_load_from_their_text():
    deck = {"suits": 3, "values": [2, 4], "hazards": {2: 2, 6: 1}}
    frame, records = lopti_nb.simulate("ledger", 3, bots="random", mode="plain", deck=deck,
                                       batch=True, records=True, progress=False)
    for k, record in enumerate(records):
        state = lopti_nb.load(json.dumps(record))
        assert list(state.result.scores) == list(frame[frame.game == k].score)


def test_the_batch_frame_has_the_engine_paths_columns():
    engine = lopti_nb.simulate("ledger", 2, players=3, bots="random", mode="plain", progress=False)
    fast = lopti_nb.simulate("ledger", 2, players=3, bots="random", mode="plain", batch=True,
                             progress=False)
    assert list(fast.columns) == list(engine.columns)
    assert list(fast.game) == list(engine.game) and list(fast.seat) == list(engine.seat)
    empty = lopti_nb.simulate("ledger", 0, bots="random", mode="plain", batch=True, progress=False)
    assert list(empty.columns) == list(engine.columns)


def test_the_random_bot_chooses_among_as_many_actions_as_the_engine_lists():
    rng = random.Random(2)
    checked = 0
    for players in (2, 4):
        for seed in range(5):
            state = SPEC.state_class(players, seed, mode="plain")
            block = batch.Block([seed], [0], players, {**SPEC.settings, "mode": "plain"})
            while not state.is_over:
                if state.phase == 0 and state.hands[state.seat]:
                    hand = np.zeros((1, block.faces), dtype=np.int16)
                    for card in state.hands[state.seat]:
                        hand[0, block.face_of(np.array([int(card)]))[0]] += 1
                    _, _, distinct, groups, whole = batch.turn_options(hand, block.suits, block.per_suit)
                    assert 1 + 2 * distinct[0] + groups[0] + whole[0] == len(state.legal_actions())
                    checked += 1
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
    assert checked > 100


def test_a_game_is_the_same_however_the_run_is_cut():
    whole = lopti_nb.simulate("ledger", 12, seed=3, bots="random", mode="plain", batch=True,
                              progress=False)
    part = lopti_nb.simulate("ledger", 5, seed=3, bots="random", mode="plain", batch=True,
                             progress=False)
    assert part.equals(whole[whole.game < 5])


@pytest.mark.parametrize("bots", ["mix", ["greedy", "random", "balanced", "seller"], "opener"])
def test_every_choice_of_a_batch_personality_is_the_engine_bots_own(bots):
    # each recorded action of a personality's seat is what that bot chooses in the engine at
    # that point (where it has a choice); the games replay to their scores
    checked = 0
    for number, levers in enumerate(LEVERS[:2] + LEVERS[3:4]):
        frame, records = lopti_nb.simulate("ledger", 6, seed=number, players=4, bots=bots,
                                           batch=True, records=True, progress=False,
                                           mode="plain", **levers)
        for k, record in enumerate(records):
            state = lopti_nb.new_game("ledger", players=4, seed=record["seed"], mode="plain", **levers)
            for text in record["actions"]:
                action = parse_action(text, SPEC.action_types)
                seat = state.current_player
                legal = state.legal_actions()
                name = record["bots"][seat]
                if name != "random" and len(legal) > 1:
                    assert SPEC.make_bot(name)(state.observation(seat), legal, random.Random(0)) == action
                    checked += 1
                state.apply(action)
            assert list(state.result.scores) == list(frame[frame.game == k].score)
    assert checked > 200


def test_the_offices_and_the_searching_bots_are_refused_with_a_sentence():
    with pytest.raises(BatchNotCovered, match="plain rules"):
        lopti_nb.simulate("ledger", 2, bots="random", batch=True, progress=False)
    for bot in ("best", "win"):
        with pytest.raises(BatchNotCovered, match=f"not {bot}"):
            lopti_nb.simulate("ledger", 2, bots=bot, mode="plain", batch=True, progress=False)


@pytest.mark.parametrize("bad", [{"mode": "chaos"}, {"hold_limit": 0}, {"sea_start": 12},
                                 {"deck": {"suits": 9}}, {"players": 6}])
def test_bad_settings_get_the_engines_own_errors(bad):
    args = {"n": 2, "bots": "random", "progress": False, "mode": "plain", **bad}
    with pytest.raises(SettingsError) as engine_error:
        lopti_nb.simulate("ledger", **args)
    with pytest.raises(type(engine_error.value)) as batch_error:
        lopti_nb.simulate("ledger", batch=True, **args)
    assert str(batch_error.value) == str(engine_error.value)


@pytest.mark.parametrize("players, games", [(2, 6), (5, 90)])
def test_with_personalities_in_every_seat_the_batch_frame_is_the_engine_paths(players, games):
    # the same deals and bots that draw nothing: the same games, action for action (90 games
    # in one block: the block drops its finished games as it goes, and puts them back)
    engine = lopti_nb.simulate("ledger", games, seed=4, players=players, mode="plain", progress=False)
    fast = lopti_nb.simulate("ledger", games, seed=4, players=players, mode="plain", batch=True,
                             progress=False)
    assert fast.equals(engine)


def test_records_of_a_block_that_dropped_its_finished_games_replay():
    frame, records = lopti_nb.simulate("ledger", 120, seed=6, players=3, bots="random",
                                       mode="plain", batch=True, records=True, progress=False)
    scores = frame.score.to_numpy().reshape(-1, 3)
    for k in range(0, 120, 12):
        assert list(lopti_nb.load(records[k]).result.scores) == list(scores[k])
