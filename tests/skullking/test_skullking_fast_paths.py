"""The speed work on Skull King keeps exact behaviour: cached plays and observations agree with
a fresh computation, generated event constructors build equal values, the random bot draws
what ``randrange`` draws, and ``places_from_keys`` ranks like the plain count."""
import dataclasses
import random

import pytest

from lopti_nb.engine import event_maker, get_spec, places_from_keys, play_out, random_bot
from lopti_nb.games.skullking import Play, legal_cards
from lopti_nb.games.skullking.cards import SORT_KEY
from lopti_nb.games.skullking.state import (
    BidMade, BidsRevealed, CardPlayed, GameOver, RoundDealt, RoundScored, TrickDestroyed,
    TrickWon,
)
from state_support import shared_mutables

SPEC = get_spec("skull-king")


def _expected_plays(state):
    """The legal plays from the pure rule, in the engine's order (Tigress: both ways)."""
    out = []
    for card in dict.fromkeys(legal_cards(state.hands[state.current_player], state.trick)):
        out += [Play("tigress:pirate"), Play("tigress:escape")] if card == "tigress" else [Play(card)]
    return out


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_cached_observations_equal_fresh_ones_after_every_action(players):
    # copy() starts with an empty cache, so its observation is built from scratch
    for seed in range(6):
        state = SPEC.state_class(players, seed)
        bots = [SPEC.make_bot("heuristic") for _ in range(players)]
        rng = random.Random(seed)
        while not state.is_over:
            for seat in [*range(players), None]:
                assert state.observation(seat) == state.copy().observation(seat)
            legal = state.legal_actions()
            state.apply(bots[state.current_player](state.observation(state.current_player),
                                                   legal, rng))
        assert state.observation(0) == state.copy().observation(0)


def test_cached_plays_follow_hands_replaced_mid_round():
    rng = random.Random(3)
    for seed in range(40):
        state = SPEC.state_class(4, seed)
        while not state.is_over:
            if state.phase == "play" and rng.random() < 0.3:
                # swap the hidden hands around (as the widget privacy test does): new lists
                others = [s for s in range(4) if s != state.current_player]
                pool = [c for s in others for c in state.hands[s]]
                pool.append(state.hands[state.current_player].pop())
                rng.shuffle(pool)
                state.hands[state.current_player].append(pool.pop())
                state.hands[state.current_player] = sorted(state.hands[state.current_player],
                                                           key=SORT_KEY.__getitem__)
                for s in others:
                    k = len(state.hands[s])
                    state.hands[s], pool = sorted(pool[:k], key=SORT_KEY.__getitem__), pool[k:]
            if state.phase == "play":
                assert state.legal_actions() == _expected_plays(state)
            state.apply(random_bot(None, state.legal_actions(), rng))


@pytest.mark.parametrize("cls", [RoundDealt, BidMade, BidsRevealed, CardPlayed, TrickWon,
                                 TrickDestroyed, RoundScored, GameOver])
def test_event_maker_builds_the_same_frozen_value(cls):
    values = [(i, f"v{i}") for i in range(len(dataclasses.fields(cls)))]
    made, built = event_maker(cls)(*values), cls(*values)
    assert made == built and hash(made) == hash(built) and type(made) is cls
    assert made.describe.__func__ is built.describe.__func__
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.round = 99


def test_random_bot_draws_exactly_what_randrange_draws():
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in (2, 3, 5, 7, 8, 11, 16, 17, 100):
            items = list(range(n))
            assert random_bot(None, items, ours) == items[theirs.randrange(n)]
        assert ours.getstate() == theirs.getstate()


def test_random_bot_with_another_generator_uses_randrange():
    class Counting(random.Random):
        calls = 0

        def randrange(self, *args):
            Counting.calls += 1
            return super().randrange(*args)

    assert random_bot(None, ["a", "b", "c"], Counting(1)) in "abc" and Counting.calls == 1


def test_places_from_keys_match_counting_better_keys():
    rng = random.Random(9)
    for _ in range(5000):
        keys = tuple(rng.randint(-3, 3) for _ in range(rng.randint(1, 8)))
        assert places_from_keys(keys) == tuple(1 + sum(o > k for o in keys) for k in keys)


def test_play_out_still_checks_bots_that_do_not_declare_returns_listed():
    from lopti_nb.engine import IllegalAction

    def cheat(obs, legal, rng):
        return Play("Y99")

    state = SPEC.state_class(2, 1)
    with pytest.raises(IllegalAction, match="not legal"):
        play_out(state, [cheat, cheat], random.Random(1))


class _Tied:
    """A generator whose keys are all equal (every byte zero): a stable sort keeps deck order."""

    def randbytes(self, k):
        return bytes(k)


@pytest.mark.parametrize("size", [0, 1, 2, 70, 74, 300])
def test_numpy_deal_order_is_the_engine_shuffle(size):
    """Skull King deals with deal_order, a numpy twin of the engine's one shuffle: the same
    permutation from the same generator, ties included."""
    from lopti_nb.engine.shuffle import shuffled_order
    from lopti_nb.games.skullking.state import deal_order

    for seed in range(300):
        a, b = random.Random(seed), random.Random(seed)
        assert deal_order(a, size).tolist() == shuffled_order(b, size)
        assert a.getstate() == b.getstate()  # and it reads as much from the generator
    assert deal_order(_Tied(), size).tolist() == shuffled_order(_Tied(), size) == list(range(size))


def test_every_round_is_dealt_by_the_engine_shuffle():
    from lopti_nb.engine.shuffle import shuffled_order
    from lopti_nb.games.skullking.state import _SORTED_DECKS

    for seed in range(20):
        players = 2 + seed % 7
        state = SPEC.state_class(players, seed, legendary=seed % 3 != 0)
        twin = random.Random(seed)
        deck = _SORTED_DECKS[state.settings["legendary"]]
        play_out(state, [random_bot] * players, random.Random(seed))
        for dealt in [e for e in state.events if isinstance(e, RoundDealt)]:
            order = shuffled_order(twin, len(deck))
            cd = dealt.cards_each
            hands = tuple(tuple(deck[i] for i in sorted(order[s * cd:(s + 1) * cd])) for s in range(players))
            assert dealt.hands == hands


def test_copy_is_deep_and_every_field_is_declared():
    """copy() is generated from SkullKingState.FIELDS: every attribute a game sets must be
    declared, and a copy shares nothing mutable with the original."""
    rng = random.Random(4)
    for seed in range(10):
        state = SPEC.state_class(2 + seed % 7, seed)
        for _ in range(seed * 11):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        assert state.undeclared_fields() == ([], [])
        clone = state.copy()
        assert not shared_mutables(state, clone)
        while not clone.is_over:
            clone.apply(rng.choice(clone.legal_actions()))
        assert clone.undeclared_fields() == ([], [])
        assert not shared_mutables(clone, clone.copy())


