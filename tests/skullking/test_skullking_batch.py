"""Skull King's batch simulator plays games of the engine: every batch game's record replays
through ``lopti_nb.load`` to the same scores and per-seat columns (every scoring system,
edition, deck and table size), its array rules agree with the engine's rule functions on
random tricks, hands and rounds, its random bot chooses among exactly the engine's legal
actions, its heuristic bot makes the engine heuristic's every choice, and
``simulate(..., batch=True)`` keeps the engine path's columns and refuses what it does not
play with the engine's own errors."""
import itertools
import json
import random

import numpy as np
import pytest

import lopti_nb
from lopti_nb.engine import BatchNotCovered, SettingsError, get_spec, play_out, random_bot
from lopti_nb.engine.batch import pick, uniforms
from lopti_nb.engine.records import parse_action
from lopti_nb.engine.runner import Run, game_seeds
from lopti_nb.games.skullking import batch
from lopti_nb.games.skullking import rules
from lopti_nb.games.skullking.cards import build_deck

SPEC = get_spec("skull-king")
SETTINGS = [dict(scoring=s, edition=e, legendary=leg)
            for s, e, leg in itertools.product(rules.SCORING_SYSTEMS, rules.EDITIONS, (True, False))]
SEAT_SUMS = ("base", "bonus", "loot", "bids_hit", "tricks_won")


@pytest.mark.parametrize("players", range(2, 9))
def test_every_batch_game_replays_to_its_scores_and_seat_columns(players):
    # 7 table sizes x 12 settings x 6 games: 504 games, each replayed and checked action by action
    for number, settings in enumerate(SETTINGS):
        frame, records = lopti_nb.simulate("skull-king", 6, seed=100 + number, players=players,
                                           bots="random", batch=True, records=True,
                                           progress=False, **settings)
        assert len(records) == 6 and len(frame) == 6 * players
        for k, record in enumerate(records):
            assert record["seed"] == game_seeds(100 + number, k)[0]  # the engine's game k deal
            state = lopti_nb.load(record)
            assert state.is_over and state.settings == settings
            rows = frame[frame.game == k].sort_values("seat")
            assert list(rows.score) == list(state.result.scores)
            assert list(rows.place) == list(state.result.places)
            for seat, row in zip(range(players), rows.itertuples()):
                totals = state.seat_totals(seat)
                assert [getattr(row, c) for c in SEAT_SUMS] == [totals[c] for c in SEAT_SUMS]


def test_eight_players_deal_at_most_nine_cards_and_their_games_replay():
    frame, records = lopti_nb.simulate("skull-king", 4, players=8, bots="random", batch=True,
                                       records=True, progress=False)
    assert set(frame.length) == {1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 9}
    assert lopti_nb.load(records[0]).rounds == [1, 2, 3, 4, 5, 6, 7, 8, 9, 9]


def test_the_batch_frame_has_the_engine_paths_columns_and_kinds():
    engine = lopti_nb.simulate("skull-king", 2, players=3, bots="random", progress=False)
    fast = lopti_nb.simulate("skull-king", 2, players=3, bots="random", batch=True, progress=False)
    assert list(fast.columns) == list(engine.columns)
    assert [fast[c].dtype.kind for c in fast] == [engine[c].dtype.kind for c in engine]
    assert list(fast.game) == list(engine.game) and list(fast.seat) == list(engine.seat)
    empty = lopti_nb.simulate("skull-king", 0, bots="random", batch=True, progress=False)
    assert list(empty.columns) == list(engine.columns) and len(empty) == 0


def test_a_game_is_the_same_however_the_run_is_cut():
    run = Run("skull-king", 30, 5, 4, "random")
    whole, _ = batch.simulate_batch(run, 0, 30)
    parts = [batch.simulate_batch(run, a, b)[0] for a, b in ((0, 7), (7, 16), (23, 7))]
    for name in ("game", "score", "tricks_won", "bonus"):
        assert list(np.concatenate([p[name] for p in parts])) == list(whole[name])
    again = lopti_nb.simulate("skull-king", 30, seed=5, bots="random", batch=True, progress=False)
    assert list(again.score) == list(whole["score"])


def test_the_records_are_json_and_load_from_their_text():
    frame, records = lopti_nb.simulate("skull-king", 2, players=3, bots="random", batch=True,
                                       records=True, progress=False, scoring="cannonball")
    for k, record in enumerate(records):
        state = lopti_nb.load(json.dumps(record))
        assert list(state.result.scores) == list(frame[frame.game == k].score)
        assert record["bots"] == ["random"] * 3


def test_keep_records_puts_each_games_record_on_its_seat_rows():
    frame = lopti_nb.simulate("skull-king", 3, players=2, bots="random", batch=True,
                              keep_records=True, progress=False)
    for row in frame.itertuples():
        assert lopti_nb.load(row.record).result.scores[row.seat] == row.score


def test_global_random_generators_are_untouched():
    random.seed(3)
    np.random.seed(3)
    before = random.getstate(), np.random.get_state()[1].copy()
    lopti_nb.simulate("skull-king", 3, bots="random", batch=True, progress=False)
    assert random.getstate() == before[0]
    assert (np.random.get_state()[1] == before[1]).all()


@pytest.mark.parametrize("players", [2, 4, 5, 8])
def test_every_choice_of_the_batch_heuristic_is_the_engine_heuristics_own(players):
    # heuristic seats beside random ones; each recorded bid and card of a heuristic seat is
    # what HeuristicBot chooses in the engine at that point (where it has a choice)
    bots = (["heuristic", "random"] * 4)[:players]
    bot = SPEC.make_bot("heuristic")
    checked = 0
    for number, settings in enumerate(SETTINGS[::3]):
        frame, records = lopti_nb.simulate("skull-king", 2, seed=number, players=players, bots=bots,
                                           batch=True, records=True, progress=False, **settings)
        for k, record in enumerate(records):
            state = lopti_nb.new_game("skull-king", players=players, seed=record["seed"], **settings)
            for text in record["actions"]:
                action = parse_action(text, SPEC.action_types)
                seat = state.current_player
                legal = state.legal_actions()
                if bots[seat] == "heuristic" and len(legal) > 1:
                    assert bot(state.observation(seat), legal, random.Random(0)) == action
                    checked += 1
                state.apply(action)
            assert list(state.result.scores) == list(frame[frame.game == k].score)
    assert checked > 100


def test_the_default_bots_play_in_the_batch_simulator():
    frame, records = lopti_nb.simulate("skull-king", 3, batch=True, records=True, progress=False)
    assert set(frame.bot) == {SPEC.default_bot}
    assert [list(lopti_nb.load(r).result.scores) for r in records] == \
        frame.score.to_numpy().reshape(3, -1).tolist()


# -- the array rules against the engine's ------------------------------------------------------
def _random_trick(rng, deck, size):
    cards = rng.sample(deck, size)
    return [("tigress:pirate" if rng.random() < 0.5 else "tigress:escape") if c == "tigress" else c
            for c in cards]


@pytest.mark.parametrize("edition", rules.EDITIONS)
def test_resolve_agrees_with_the_rules_on_random_tricks(edition):
    rng = random.Random(7)
    deck = list(build_deck(True))
    for size in range(2, 9):
        tricks = [_random_trick(rng, deck, size) for _ in range(400)]
        # tricks rich in specials: the Kraken, the Whale, the Skull King and mermaids together
        specials = [c for c in deck if not c[1:].isdigit()]
        tricks += [_random_trick(rng, specials + deck[:8], size) for _ in range(400)]
        types = np.array([[batch.TYPE[c] for c in t] for t in tricks], dtype=np.int16)
        winner, nxt, how, bonus = batch.resolve(types, edition)
        for k, trick in enumerate(tricks):
            w, n, h = rules.resolve_trick(trick)
            assert (None if winner[k] < 0 else winner[k], nxt[k]) == (w, n), trick
            assert bonus[k] == rules.bonus_points(trick, w, h, edition), trick


@pytest.mark.parametrize("scoring", rules.SCORING_SYSTEMS)
def test_round_points_agree_with_the_rules(scoring):
    grid = [(cd, b, w, bonus, a) for cd in range(1, 11) for b in range(cd + 1) for w in range(cd + 1)
            for bonus in (0, 10, 30, 70) for a in (0, 1, 2)]
    cd, b, w, bonus, a = (np.array(x) for x in zip(*grid))
    for cards in range(1, 11):
        on = cd == cards
        parts = batch.round_points(scoring, cards, b[on], w[on], bonus[on], a[on])
        want = [rules.score_parts_unchecked(scoring, cards, *args)
                for args in zip(b[on].tolist(), w[on].tolist(), bonus[on].tolist(), a[on].tolist())]
        assert [tuple(int(p[k]) for p in parts) for k in range(on.sum())] == want


def test_the_legal_plays_are_the_engines_at_every_decision():
    # random games played in the engine; at each card to play, the batch's legal slots name
    # exactly the engine's legal actions (one per distinct card, the Tigress both ways)
    rng = random.Random(11)
    checked = 0
    for players in (2, 5, 8):
        for seed in range(4):
            state = SPEC.state_class(players, seed)
            while not state.is_over:
                if state.phase == "play":
                    hand = state.hands[state.current_player]
                    types = np.array([[batch.TYPE[c] for c in hand]], dtype=np.int16)
                    led = np.array([batch.SUIT_OF[batch.TYPE[f"{state.led}1"]] if state.led else -1],
                                   dtype=np.int8)
                    mask = batch.legal_slots(batch.copies(types), batch.SUIT_OF[types],
                                             types == batch.T_TIGRESS, led)[0]
                    named = [batch.TEXTS[batch.PLAYED_AS[t]] for t, ok in zip(types[0], mask) if ok]
                    if mask[-1]:
                        named.append("tigress:escape")
                    assert sorted(named) == sorted(a.card for a in state.legal_actions())
                    checked += 1
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
    assert checked > 500


def test_the_random_choice_is_uniform_over_the_legal_slots():
    mask = np.array([[True, False, True, True, False, True]] * 60_000)
    u = uniforms(range(60_000), 0, 1)[:, 0]
    counts = np.bincount(pick(mask, u), minlength=6)
    assert counts[1] == counts[4] == 0
    expected = 15_000
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in (0, 2, 3, 5))
    assert chi2 < 16.27  # 3 degrees of freedom, p = 0.001


def test_the_batch_deal_is_the_engines():
    seeds = [game_seeds(9, k)[0] for k in range(5)]
    for legendary in (True, False):
        deck = batch.DECK_TYPES[legendary]
        order = batch.deal(seeds, len(deck))
        for k, seed in enumerate(seeds):
            state = SPEC.state_class(4, seed, legendary=legendary)
            play_out(state, [random_bot] * 4, random.Random(0))
            dealt = [e.hands for e in state.events if type(e).__name__ == "RoundDealt"]
            keys = batch.shuffle_keys([seed], len(deck))
            for r, hands in enumerate(dealt):
                cd = len(hands[0])
                assert (batch.dealt(keys[:, r], 4 * cd)[0] == order[k, r, :4 * cd]).all()
                ours = np.sort(order[k, r, :4 * cd].reshape(4, cd), axis=1)
                assert [[batch.TEXTS[t] for t in deck[h]] for h in ours] == [list(h) for h in hands]


# -- refusals ------------------------------------------------------------------------------------
def test_bots_the_batch_does_not_play_are_refused_with_a_sentence():
    with pytest.raises(BatchNotCovered, match="batch simulator plays the bots"):
        lopti_nb.simulate("skull-king", 3, bots=["random", "bidder", "random", "random"],
                          batch=True, progress=False)
    assert issubclass(BatchNotCovered, SettingsError) and issubclass(BatchNotCovered, ValueError)


def test_a_game_without_a_batch_simulator_is_refused():
    for spec in lopti_nb.engine.all_specs():
        if spec.batch is None:
            with pytest.raises(BatchNotCovered, match="no batch simulator"):
                lopti_nb.simulate(spec.name, 2, bots="random", batch=True, progress=False)


@pytest.mark.parametrize("bad", [dict(scoring="golf"), dict(edition="1999"), dict(legendary="yes"),
                                 dict(players=9), dict(n=-1), dict(colour="red"), dict(batch="yes"),
                                 dict(records=1)])
def test_bad_settings_get_the_engines_own_errors(bad):
    args = {"n": 2, "bots": "random", "progress": False, **bad}
    with pytest.raises(SettingsError) as engine_error:
        lopti_nb.simulate("skull-king", **{**args, "batch": args.get("batch", False)})
    with pytest.raises(type(engine_error.value)) as batch_error:
        lopti_nb.simulate("skull-king", **{**args, "batch": args.get("batch", True)})
    assert str(batch_error.value) == str(engine_error.value)


@pytest.mark.parametrize("players, settings", [(3, {"scoring": "rascal"}), (8, {"edition": "2021", "legendary": False})])
def test_with_the_heuristic_in_every_seat_the_batch_frame_is_the_engine_paths(players, settings):
    # the same deals and a bot that draws nothing: the same games, action for action
    engine = lopti_nb.simulate("skull-king", 4, seed=4, players=players, progress=False, **settings)
    fast = lopti_nb.simulate("skull-king", 4, seed=4, players=players, batch=True, progress=False,
                             **settings)
    assert fast.equals(engine)


def test_the_dealt_cards_are_the_stable_shuffles_first_even_with_equal_keys():
    # keys from a tiny range tie often; the engine's stable sort keeps tied positions in order
    keys = np.random.default_rng(5).integers(0, 6, size=(300, 74)).astype(np.uint32)
    stable = keys.argsort(axis=1, kind="stable")
    for cards in (1, 9, 40, 72, 74):
        assert (batch.dealt(keys, cards) == stable[:, :cards]).all()
