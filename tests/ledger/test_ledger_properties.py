"""Property tests over thousands of seeded games of The Drowned Ledger with 2-5 seats."""
import random

import numpy as np
from hypothesis import given, settings as hsettings, strategies as st

import lopti_nb
from lopti_nb.engine import get_spec, play_out, random_bot
from lopti_nb.games.ledger import LedgerState
from lopti_nb.games.ledger.events import (DutyCaught, Opened, Paid, ReckoningDrawn, RoundEnded, SeaRose,
                                          Sold)
from lopti_nb.games.ledger.offices import OFFICES
from state_support import shared_mutables

SPEC = get_spec("drowned-ledger")
BOT_NAMES = ["random", "balanced", "seller", "opener", "greedy", "mix"]


def all_cards(s):
    cards = s.wreck + s.discard + s.haul
    for h in s.hands:
        cards += h
    for y in s.yards:
        cards += y
    cards.sort()
    return cards


def play_checked(seed, players, bots, pollute=True, **settings):
    """Play one game step by step, checking the invariants after every action."""
    # The global generators start from a known state; the test itself pollutes them between
    # steps (and mirrors every pollution on reference generators). If the game ever read or
    # changed them, the two would differ at the end.
    random.seed(seed)
    np.random.seed(seed % 2**32)
    ref, ref_np = random.Random(seed), np.random.RandomState(seed % 2**32)
    s = LedgerState(players, seed, **settings)
    full = sorted(s.deck_spec.cards())
    rng = random.Random(seed ^ 0x5EED)
    seat_bots = [SPEC.make_bot(b) for b in bots]
    sea_at_round_start, last_sea, rnd = s.sea, s.sea, s.round
    coins_before = s.coins[:]
    steps = 0
    while not s.is_over:
        seat = s.current_player
        legal = s.legal_actions()
        assert legal, "no office may leave a seat without a legal action"
        action = seat_bots[seat](s.observation(seat), legal, rng) if len(legal) > 1 else legal[0]
        assert action in legal
        before = len(s.events)
        s.apply(action)
        if pollute:
            random.random()
            np.random.random()
            ref.random()
            ref_np.random_sample()
        # cards are conserved at every step
        assert all_cards(s) == full
        # the sea never falls, moves at most once a round (by at most 2) and only when a
        # SeaRose event says so (RULINGS 2.4: at the round's first trigger)
        assert s.sea >= last_sea
        if s.sea != last_sea:
            assert any(isinstance(e, SeaRose) for e in s.events[before:])
            assert sea_at_round_start == last_sea, "the sea moved twice in one round"
        if s.round != rnd or s.is_over:
            assert s.sea - sea_at_round_start <= 2
            sea_at_round_start, rnd = s.sea, s.round
        last_sea = s.sea
        # coins never fall, except when the table watch undoes an action
        if not isinstance(s.events[-1], DutyCaught):
            assert all(a >= b for a, b in zip(s.coins, coins_before))
        coins_before = s.coins[:]
        steps += 1
        assert steps < 100_000
    # the global generators were neither read nor changed by the game
    assert random.getstate() == ref.getstate()
    assert np.array_equal(np.random.get_state()[1], ref_np.get_state()[1])
    return s


def check_coin_ledger(s):
    """Every coin came from the bank for a reason the rules give, and nothing else."""
    total = [0] * s.num_players
    last_open = last_sale = last_reck = None
    for e in s.events:
        if isinstance(e, Opened):
            last_open = e
        elif isinstance(e, Sold):
            last_sale = e
        elif isinstance(e, ReckoningDrawn):
            last_reck = e
        elif isinstance(e, DutyCaught):
            for seat, c in enumerate(e.coins_returned):
                total[seat] -= c
        elif isinstance(e, Paid):
            assert e.coins > 0
            total[e.seat] += e.coins
            if e.reason == "sale":
                assert last_sale.seat == e.seat and last_sale.coins == e.coins
            elif e.reason == "gift":
                assert (e.seat, e.coins) in last_open.gifts and e.seat != last_open.seat
            elif e.reason == "salvage":
                assert last_reck.name == "Salvage Rights" and e.coins == len(last_reck.lost)
            else:
                office = e.reason.split(":")[0]
                assert s.offices[e.seat] is not None and OFFICES[s.offices[e.seat]].name == office
    assert total == s.coins


def check_sea_from_events(s):
    """The sea never falls, moves at most once a round, by at most 2, at a SeaRose event."""
    sea = s.settings["sea_start"]
    rounds = 0
    moved = set()
    undone = set()  # what the table watch undid
    for i, e in enumerate(s.events):
        if isinstance(e, DutyCaught):
            undone.update(range(i - e.undone, i))
    for i, e in enumerate(s.events):
        if i in undone:
            continue
        if isinstance(e, SeaRose):
            assert e.round not in moved and 1 <= e.rise <= 2 and e.sea == sea + e.rise
            moved.add(e.round)
            sea = e.sea
        if isinstance(e, RoundEnded):
            assert e.sea == sea and (e.rise > 0) == (e.round in moved)
            rounds += 1
    assert sea == s.sea and rounds == s.round


def test_properties_over_thousands_of_games():
    """2,000 seeded games, 2-5 seats, every bot, both modes, table watch on and off: 500
    checked after every single action, 1,500 played at full speed and checked afterwards."""
    for seed in range(2000):
        players = 2 + seed % 4
        rng = random.Random(seed)
        bots = [rng.choice(BOT_NAMES) for _ in range(players)]
        settings = dict(mode="plain" if seed % 7 == 0 else "offices", table_watch=seed % 5 == 0)
        if seed % 4 == 0:
            s = play_checked(seed, players, bots, pollute=seed % 8 == 0, **settings)
        else:
            s = LedgerState(players, seed, **settings)
            play_out(s, [SPEC.make_bot(b) for b in bots], rng)
            assert all_cards(s) == sorted(s.deck_spec.cards())
        assert s.is_over and not s.result.stalemate  # every game ends by The Sea Claims
        assert len(set(s.turns)) == 1 and s.sea == s.sea_claim
        check_sea_from_events(s)
        check_coin_ledger(s)


def test_determinism_and_global_rng_untouched():
    for seed in range(40):
        players = 2 + seed % 4
        bots = [BOT_NAMES[(seed + i) % len(BOT_NAMES)] for i in range(players)]
        a = play_checked(seed, players, bots, pollute=True)
        b = play_checked(seed, players, bots, pollute=False)
        assert a.describe_events() == b.describe_events()
        assert a.result == b.result
        # replaying the action log gives the same game
        c = LedgerState(players, seed)
        for action in a.actions:
            c.apply(action)
        assert c.describe_events() == a.describe_events()
    df1 = lopti_nb.simulate("drowned-ledger", n=30, seed=4, progress=False)
    random.seed(99)
    np.random.seed(99)
    df2 = lopti_nb.simulate("drowned-ledger", n=30, seed=4, progress=False)
    assert df1.equals(df2)


def hide(s, seat, rng):
    """A copy of ``s`` that differs only in what ``seat`` may not know: the wreck order and
    the identities of the other hands' sealed cards."""
    t = s.copy()
    rng.shuffle(t.wreck)
    for other in range(t.num_players):
        if other == seat:
            continue
        hand = t.hands[other]
        for i in range(len(hand)):
            spots = [j for j, c in enumerate(t.wreck) if c.is_machine]
            if spots:
                j = rng.choice(spots)
                hand[i], t.wreck[j] = t.wreck[j], hand[i]
    t._pub = None
    return t


def test_observations_hide_sealed_hands_and_the_deck():
    checked = 0
    for seed in range(50):
        players = 2 + seed % 4
        s = LedgerState(players, seed)
        rng = random.Random(seed)
        while not s.is_over:
            if rng.random() < 0.2:
                for seat in list(range(players)) + [None]:
                    obs = s.observation(seat)
                    assert obs == hide(s, seat, rng).observation(seat)
                    if seat is not None:
                        assert obs["hand"] == tuple(sorted(s.hands[seat]))
                    assert "wreck" not in obs and obs["wreck_size"] == len(s.wreck)
                    events = s.describe_events(seat)
                    for other in range(players):
                        if other != seat and s.hands[other]:
                            assert events  # the redacted log still exists
                    checked += 1
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    assert checked > 1000


@hsettings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 5), hold=st.integers(1, 6),
       start=st.integers(0, 8), span=st.integers(1, 6), suits=st.integers(1, 5),
       values=st.lists(st.integers(1, 9), min_size=1, max_size=8),
       hazards=st.dictionaries(st.integers(1, 12), st.integers(1, 3), min_size=1, max_size=6),
       mode=st.sampled_from(["offices", "plain"]), watch=st.booleans())
def test_playtest_levers_keep_the_invariants(seed, players, hold, start, span, suits, values,
                                             hazards, mode, watch):
    deck = {"suits": suits, "values": values, "hazards": hazards}
    s = play_checked(seed, players, ["mix"] * players, pollute=False, hold_limit=hold,
                     sea_start=start, sea_claim=start + span, deck=deck, mode=mode,
                     table_watch=watch, max_rounds=60)
    assert s.is_over  # by The Sea Claims, or (odd decks without live hazards) by the round cap
    check_coin_ledger(s)


def test_copy_is_independent():
    s = LedgerState(4, 3)
    play_out(s.copy(), [random_bot] * 4, random.Random(1))
    assert s.round == 1 and len(s.events) == 1 and len(s.wreck) == 58
    t = s.copy()
    t.apply(t.legal_actions()[0])
    assert len(s.wreck) == 58 and s.actions == []


def test_copy_is_deep_and_every_field_is_declared():
    """copy() is generated from LedgerState.FIELDS (the table watch's undo uses it too): every
    attribute a game sets is declared, and a copy shares nothing mutable with the original."""
    rng = random.Random(8)
    for seed in range(12):
        settings = {"table_watch": seed % 2 == 0, "mode": "plain" if seed % 5 == 0 else "offices",
                    "deck": {"suits": 3, "values": [1, 2, 3], "hazards": {1: 2, 4: 2}} if seed % 3 == 0 else None}
        s = LedgerState(2 + seed % 4, seed, **{k: v for k, v in settings.items() if v is not None})
        for _ in range(seed * 9):
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
        assert s.undeclared_fields() == ([], [])
        t = s.copy()
        assert not shared_mutables(s, t)
        before = (s.observation(None), list(s.events), s.rng.getstate(), sorted(all_cards(s)))
        while not t.is_over:
            t.apply(rng.choice(t.legal_actions()))
        assert t.undeclared_fields() == ([], [])
        assert (s.observation(None), list(s.events), s.rng.getstate(), sorted(all_cards(s))) == before
