"""Property tests: thousands of seeded games for 2-8 players, hypothesis over tricks and hands,
determinism and the untouched global random generators."""
import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from lopti_nb.engine import get_spec, play_out, random_bot
from lopti_nb.games.skullking import (
    Bid, Play, RoundDealt, CardPlayed, TrickWon, TrickDestroyed, RoundScored,
    legal_cards, next_leader, trick_bonus, trick_winner,
)
from lopti_nb.games.skullking.cards import CARDS, ESCAPE, KIND, build_deck
from lopti_nb.games.skullking.rules import resolve_trick, _resolve_reference, led_suit

SPEC = get_spec("skull-king")
GAMES_PER_TABLE = 300  # x 7 table sizes = 2,100 games


def _held(card):
    return "tigress" if card.startswith("tigress:") else card


def cards_in(obj):
    """Every card string anywhere inside plain data."""
    if isinstance(obj, str):
        if obj in CARDS:
            yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from cards_in(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from cards_in(v)


def check_game_from_events(state):
    """Rebuild the game from its events and check the invariants of RULINGS §3."""
    n = state.num_players
    deck = Counter(state.deck)
    edition = state.settings["edition"]
    hands = None
    trick = []
    leader = None
    won = destroyed = 0
    cards_each = 0
    for ev in state.events:
        if isinstance(ev, RoundDealt):
            hands = [list(h) for h in ev.hands]
            cards_each = ev.cards_each
            assert all(len(h) == cards_each for h in hands)
            dealt = Counter(c for h in hands for c in h)
            assert not dealt - deck, "a card was dealt more often than the deck holds it"
            assert cards_each == min(ev.round, len(state.deck) // n)
            won = destroyed = 0
            leader = (ev.dealer + 1) % n
        elif isinstance(ev, CardPlayed):
            if not trick:
                assert ev.seat == leader
            else:
                assert ev.seat == (leader + len(trick)) % n
            hand = hands[ev.seat]
            held = _held(ev.card)
            assert held in hand
            assert held in legal_cards(hand, trick), (hand, trick, ev.card)
            hand.remove(held)
            trick.append(ev.card)
        elif isinstance(ev, (TrickWon, TrickDestroyed)):
            assert list(ev.cards) == trick and len(trick) == n and ev.leader == leader
            assert resolve_trick(trick) == _resolve_reference(trick)
            w = trick_winner(trick)
            if isinstance(ev, TrickWon):
                assert w is not None and ev.seat == (leader + w) % n
                assert ev.bonus == trick_bonus(trick, edition)
                leader = ev.seat
                won += 1
            else:
                assert w is None
                destroyed += 1
                leader = ev.next_leader
                assert leader == (ev.leader + next_leader(trick)) % n
            trick = []
        elif isinstance(ev, RoundScored):
            assert all(not h for h in hands), "every dealt card is played"
            assert sum(ev.won) == won == cards_each - destroyed
    assert state.is_over


@pytest.mark.parametrize("players", range(2, 9))
def test_thousands_of_seeded_games_keep_every_invariant(players):
    for seed in range(GAMES_PER_TABLE):
        settings = {"scoring": ("classic", "rascal", "cannonball")[seed % 3],
                    "edition": ("table", "2021")[seed % 2],
                    "legendary": seed % 5 != 0}
        state = SPEC.state_class(players, seed, **settings)
        play_out(state, [random_bot] * players, random.Random(seed))
        check_game_from_events(state)
        res = state.result
        assert sum(r["points"] for r in res.details["rounds"]) == sum(res.scores)


@pytest.mark.parametrize("players", [2, 5, 8])
def test_legal_actions_match_the_pure_rule_and_observations_hide_hands(players):
    for seed in range(15):
        state = SPEC.state_class(players, seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            legal = state.legal_actions()
            assert len(set(legal)) == len(legal)
            obs = state.observation(seat)
            assert obs["hand"] == tuple(state.hands[seat])
            assert state.observation(None)["hand"] is None
            if state.phase == "play":
                expected = set()
                for c in legal_cards(state.hands[seat], state.trick):
                    expected |= ({Play("tigress:pirate"), Play("tigress:escape")}
                                 if c == "tigress" else {Play(c)})
                assert set(legal) == expected
                assert obs["led_suit"] == led_suit(state.trick)
                for a in legal:
                    assert state.why_illegal(a) is None
                # every other card of the deck is refused, with a reason
                for c in ("Y1", "B14", "skull-king", "kraken"):
                    if Play(c) not in legal:
                        assert state.why_illegal(Play(c))
            public = {k: v for k, v in obs.items() if k not in ("trick", "game")}
            assert set(cards_in(public)) <= set(state.hands[seat])
            spectator = {k: v for k, v in state.observation(None).items() if k != "game"}
            assert not set(cards_in(spectator)) - set(state.trick)
            state.apply(legal[rng.randrange(len(legal))])


def test_determinism_same_seed_and_actions_give_identical_events():
    for players in (2, 4, 8):
        a = SPEC.state_class(players, 77)
        play_out(a, [random_bot] * players, random.Random(1))
        b = SPEC.state_class(players, 77)
        for action in a.actions:
            b.apply(action)
        assert b.events == a.events
        assert b.describe_events() == a.describe_events()
        assert b.result == a.result
        c = SPEC.state_class(players, 78)
        play_out(c, [random_bot] * players, random.Random(1))
        assert c.describe_events() != a.describe_events()


def test_global_random_and_numpy_random_are_untouched():
    reference = SPEC.state_class(4, 5)
    play_out(reference, [random_bot] * 4, random.Random(9))
    random.seed(1234)
    np.random.seed(1234)
    state = SPEC.state_class(4, 5)
    bot = SPEC.make_bot("heuristic")
    for i, action in enumerate(reference.actions):
        before = (random.getstate(), np.random.get_state()[1].tobytes())
        state.legal_actions()
        state.observation(state.current_player)
        bot(state.observation(state.current_player), state.legal_actions(), random.Random(i))
        state.apply(action)
        state.copy()
        assert (random.getstate(), np.random.get_state()[1].tobytes()) == before
        # pollute the global generators between steps: the game must not notice
        random.random()
        np.random.random()
    assert state.events == reference.events


# -- hypothesis --------------------------------------------------------------------------------
DECK = build_deck()


@st.composite
def tricks(draw, min_size=1, max_size=8):
    idx = draw(st.lists(st.integers(0, len(DECK) - 1), min_size=min_size, max_size=max_size,
                        unique=True))
    cards = [DECK[i] for i in idx]
    return [draw(st.sampled_from(["tigress:pirate", "tigress:escape"])) if c == "tigress"
            else c for c in cards]


@settings(max_examples=600, deadline=None)
@given(tricks())
def test_hypothesis_trick_resolution(cards):
    fast = resolve_trick(cards)
    assert fast == _resolve_reference(cards)
    w, lead, _ = fast
    assert 0 <= lead < len(cards)
    bonus = trick_bonus(cards)
    assert bonus >= 0 and bonus % 10 == 0
    if w is None:
        assert "kraken" in cards or "white-whale" in cards
        assert bonus == 0
    else:
        assert lead == w
        if KIND[cards[w]] == ESCAPE:  # an escape wins only when all cards are escapes
            assert all(KIND[c] == ESCAPE for c in cards) and w == 0
        if "white-whale" not in cards and "kraken" not in cards:
            assert trick_winner(cards) == w


@settings(max_examples=300, deadline=None)
@given(tricks(1, 10), tricks(0, 7))
def test_hypothesis_legal_cards(hand, played):
    hand = [_held(c) for c in hand]
    legal = legal_cards(hand, played)
    assert legal and all(c in hand for c in legal)
    specials = [c for c in hand if c[0] not in "YPGB"]
    assert all(c in legal for c in specials)
    suit = led_suit(played)
    if suit is not None and any(c[0] == suit and c[1:].isdigit() for c in hand):
        assert all(c[0] == suit for c in legal if c not in specials)
    else:
        assert legal == hand


@settings(max_examples=400, deadline=None)
@given(tricks(2, 8))
def test_hypothesis_bot_fast_outcome_matches_the_rules(cards):
    from lopti_nb.games.skullking.bots import split_by_outcome

    trick, candidates = tuple(cards[:-1]), [Play(c) for c in cards[-1:]]
    candidates += [Play(c) for c in ("Y5", "B14", "pirate", "mermaid", "skull-king", "escape",
                                     "kraken", "white-whale", "tigress:pirate", "G14")
                   if c not in cards]
    winners, losers = split_by_outcome(trick, candidates)
    for a in candidates:
        assert (a in winners) == (resolve_trick(trick + (a.card,))[0] == len(trick)), (trick, a)
    assert len(winners) + len(losers) == len(candidates)


def _led_suit_as_ruled(played):
    """RULINGS 3.2 read one card at a time: ``(suit, free)`` after ``played``. An escape-like
    card (Escape, Loot, Tigress as an escape) while nothing is decided passes the decision on;
    a number decides the suit; any other special decides that the trick is suit-free."""
    for c in played:
        if KIND[c] == ESCAPE:
            continue
        card = CARDS[c]
        return (card.suit, False) if card.is_number else (None, True)
    return None, False


@settings(max_examples=400, deadline=None)
@given(tricks(0, 7))
def test_3_2_hypothesis_the_suit_tables_agree_with_the_ruling(played):
    """The rule function, the engine's running state and the ruling read card by card all
    name the same suit to follow (and the same suit-free tricks)."""
    from lopti_nb.games.skullking.rules import suit_free

    suit, free = _led_suit_as_ruled(played)
    assert led_suit(played) == suit
    assert suit_free(played) == free
    if not played:
        return
    # replay the trick in a game: each seat holds just the card it plays, one more seat
    # holds a card that is not in the trick and watches
    held = [_held(c) for c in played]
    spare = next(c for c in DECK if c not in held)
    state = SPEC.state_class(len(played) + 1, 0)
    state.set_hands([[c] for c in held] + [[spare]])
    for _ in range(len(played) + 1):
        state.apply(Bid(0))
    for c in played:
        state.apply(Play(c))
    obs = state.observation(len(played))
    assert (obs["led_suit"], obs["suit_free"]) == (suit, free)
