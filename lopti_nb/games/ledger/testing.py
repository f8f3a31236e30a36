"""Helpers to set up exact positions (for tests, explainers and teaching notebooks).

``rig(state, ...)`` overwrites parts of a fresh state: the wreck deck (listed top card
first), the Reckoning deck (names, top first), hands, yards, coins, market, sea, offices...
A rigged state need not keep the card-conservation promise of a dealt game; ``rig(...,
whole=True)`` makes it keep it (see :func:`fill_places`), and :func:`check_position` says
whether a position could arise in a real game (the lessons' positions must pass it).

``scramble`` and ``game_end_events`` are what the conformance suite (``tests/conformance``)
asks of the game beyond the state contract.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Iterable, Sequence

from .cards import RECKONINGS, SUITS, Card, reckoning_deck
from .events import GameEnded, Surfaced
from .offices import OFFICE_INDEX
from .state import PRICE_START


def cards(faces: Iterable) -> list[Card]:
    """Cards from faces: ``cards(["Compass 3", "Hazard 2"])``."""
    return [Card.parse(f) for f in faces]


def rig(state, *, wreck: Sequence | None = None, reckoning: Sequence[str] | None = None,
        hands: Sequence | None = None, yards: Sequence | None = None,
        coins: Sequence[int] | None = None, market: Sequence[int] | None = None,
        sea: int | None = None, seat: int | None = None, discard: Sequence | None = None,
        offices: Sequence[str] | None = None, round: int | None = None, whole: bool = False,
        rest: str = "wreck"):
    """Overwrite the parts named. ``round`` starts that round at ``seat`` (each seat has had
    one turn per earlier round, and the seats before ``seat`` one more; the sea has not moved
    yet this round). ``whole`` then puts every card no place holds under the wreck deck (or,
    with ``rest="discard"``, on the discard pile) and under the named Reckoning cards, so the
    card totals are a dealt game's."""
    if wreck is not None:
        state.wreck = list(reversed(cards(wreck)))  # the last element is the top card
    if discard is not None:
        state.discard = cards(discard)
    if reckoning is not None:
        index = {r.name: i for i, r in enumerate(RECKONINGS)}
        state.reck = [index[name] for name in reversed(list(reckoning))]
    if hands is not None:
        state.hands = [cards(h) for h in hands]
    if yards is not None:
        state.yards = [cards(y) for y in yards]
        state.ycount = [[0] * state.suits for _ in state.yards]
        for s, y in enumerate(state.yards):
            for c in y:
                state.ycount[s][c.suit] += 1
        state._yards_t = None
    if coins is not None:
        state.coins = list(coins)
    if market is not None:
        state.market = list(market)
    if sea is not None:
        state.sea = sea
    if seat is not None:
        state.seat = seat
    if offices is not None:
        from .offices import OFFICES
        state.offices = [OFFICE_INDEX[o] for o in offices]
        state._grants = [OFFICES[o].grants for o in state.offices]
        state._breaks = [OFFICES[o].breaks for o in state.offices]
        state._duty_phase = [0 if OFFICES[o].when == "turn" else 1 for o in state.offices]
        state._office_names = tuple(offices)
    if round is not None:
        state.round = round
        state.turns = [round - 1 + (1 if s < state.seat else 0) for s in range(state.num_players)]
        state.trigger = 0
        state.round_rise = 0
    if whole:
        fill_places(state, rest)
    state._pub = None
    return state


def _held(state) -> Counter:
    """The cards in every place but the wreck deck."""
    held = Counter(state.discard) + Counter(state.haul)
    for group in list(state.hands) + list(state.yards):
        held += Counter(group)
    return held


def fill_places(state, rest: str = "wreck"):
    """Make the card totals whole: the wreck keeps its cards from the top down as long as no
    other place holds them, and the deck's cards that no place holds go under it (in a fixed
    shuffled order); the Reckoning deck likewise keeps its top cards and gets the rest of its
    twelve below. A suit priced below the start gets as many of its cards on the discard pile
    as sales that lowered it. A card named in more places than the deck has copies is refused."""
    room = Counter(state.deck_spec.cards()) - _held(state)
    over = _held(state) - Counter(state.deck_spec.cards())
    if over:
        raise ValueError(f"more copies than the deck holds: {sorted(map(str, over.elements()))}")
    kept: list = []
    for card in reversed(state.wreck):  # the top card first
        if room[card] > 0:
            room[card] -= 1
            kept.append(card)
    spare = sorted(room.elements())
    random.Random(len(spare)).shuffle(spare)
    # a price below the start means cards of that suit were sold: they lie in the discard
    sold = Counter(c.suit for c in state.discard if c.is_machine)
    for suit, price in enumerate(state.market):
        for _ in range(PRICE_START - price - sold[suit]):
            pool = spare if any(c.is_machine and c.suit == suit for c in spare) else kept
            card = next(c for c in reversed(pool) if c.is_machine and c.suit == suit)
            pool.remove(card)
            state.discard = list(state.discard) + [card]
    if rest == "discard":
        state.wreck = list(reversed(kept))
        state.discard = list(state.discard) + spare
    else:
        state.wreck = spare + list(reversed(kept))
    missing = Counter(reckoning_deck()) - Counter(state.reck) - Counter(state.reck_turned)
    under = sorted(missing.elements())
    random.Random(len(under)).shuffle(under)
    state.reck = under + list(state.reck)
    return state


def _anything_happened(state) -> bool:
    """Whether anything shows that a turn has been taken: a card out of the wreck deck, a
    coin, a Reckoning turned or a price moved."""
    return bool(sum(_held(state).values()) or any(state.coins) or state.reck_turned
                or any(p != PRICE_START for p in state.market))


def _price_drops(state) -> int:
    """How many sales the market prices show at least (each sale is a turn)."""
    return sum(PRICE_START - p for p in state.market if p < PRICE_START)


def earliest_round(state) -> int:
    """The first round in which ``state``'s sea, hands and yards could stand as they do at
    the start of the turn of the seat to act (the sea not yet moved this round)."""
    start = state.settings.get("sea_start", 3)
    moved = _anything_happened(state)
    for r in range(1, state.max_rounds + 1):
        turns = [r - 1 + (1 if s < state.seat else 0) for s in range(state.num_players)]
        if (moved and not sum(turns)) or sum(turns) < _price_drops(state):
            continue
        if state.sea <= start + 2 * (r - 1) and all(
                len(state.hands[s]) + len(state.yards[s]) <= state.hold_limit_of(s) * turns[s]
                for s in range(state.num_players)):
            return r
    raise ValueError("no round of this game could hold this position")


def check_position(state) -> list[str]:
    """The ways ``state`` could not arise in a real game (empty: it could).

    Checked: every card of the deck is in exactly one place (wreck, discard, haul, hands,
    yards) and the Reckoning deck with its turned cards makes twelve; before the first turn
    nothing has left the wreck deck; the sea has risen from
    its start by at most two steps in each earlier round plus this round's rise, and it stands
    at the start of a round's claim only once that round's trigger has moved it; a seat holds
    and shows no more machines than its dives so far could bring up; a price below the start
    needs as many cards of that suit sold (the discard holds them), each sale a turn; coins are
    never negative."""
    problems = []
    whole = Counter(state.deck_spec.cards())
    places = _held(state) + Counter(state.wreck)
    if places != whole:
        extra = sorted(map(str, (places - whole).elements()))
        lost = sorted(map(str, (whole - places).elements()))
        problems.append(f"card totals: {len(state.wreck)} in the wreck deck and "
                        f"{sum(_held(state).values())} elsewhere make {sum(places.values())} "
                        f"for a deck of {sum(whole.values())} (too many: {extra[:6]}, "
                        f"missing: {lost[:6]})")
    if Counter(state.reck) + Counter(state.reck_turned) != Counter(reckoning_deck()):
        problems.append(f"the Reckoning deck holds {len(state.reck)} cards and "
                        f"{len(state.reck_turned)} are turned, not the twelve")
    start = state.settings.get("sea_start", 3)
    if not sum(state.turns) and _anything_happened(state):
        problems.append("before the first turn every card is in the wreck deck, no coin is "
                        "paid and no price has moved")
    if _price_drops(state) > sum(state.turns):
        problems.append(f"the prices show {_price_drops(state)} sales in {sum(state.turns)} turns")
    if state.trigger == 0 and state.round_rise:
        problems.append("the sea rose this round without a trigger")
    most = start + 2 * (state.round - 1) + state.round_rise
    if not start <= state.sea <= most:
        problems.append(f"the sea stands at {state.sea} in round {state.round}: from {start} it can "
                        f"be at most {most} (two steps a round, {state.round_rise} this round)")
    if not state.is_over and state.trigger == 0 and state.sea >= state.sea_claim:
        problems.append("the sea reached the claim in an earlier round, so the game is over")
    for s in range(state.num_players):
        turns = state.round - 1 + (1 if s < state.seat or state.is_over else 0)
        if state.turns[s] != turns:
            problems.append(f"seat {s + 1} has had {state.turns[s]} turns, not {turns}")
        have = len(state.hands[s]) + len(state.yards[s])
        if have > state.hold_limit_of(s) * turns:
            problems.append(f"seat {s + 1} holds and shows {have} machines after {turns} turns "
                            f"of at most {state.hold_limit_of(s)} each")
        if state.coins[s] < 0:
            problems.append(f"seat {s + 1} has {state.coins[s]} coins")
    sold = Counter(c.suit for c in state.discard if c.is_machine)
    for suit, price in enumerate(state.market):
        if price < PRICE_START - sold[suit]:
            problems.append(f"{SUITS[suit]} is priced {price} with {sold[suit]} sold")
    return problems


def scramble(state, seat: int, rng: random.Random):
    """A copy of ``state`` in which everything ``seat`` may not know is dealt again.

    Hidden from ``seat``: the other players' sealed hands and the wreck deck (the machines
    among them are shuffled between those places, each keeping its size; the hazards stay in
    the wreck, whose order is shuffled), the order of the Reckoning deck, what other divers
    sealed (their surfacing events), and the game's generator. Flips, yards, the discard pile
    and the haul are face up and stay as they are.
    """
    new = state.copy()
    others = [s for s in range(new.num_players) if s != seat]
    machine_slots = [i for i, c in enumerate(new.wreck) if c.is_machine]
    pool = [c for s in others for c in new.hands[s]] + [new.wreck[i] for i in machine_slots]
    rng.shuffle(pool)
    for s in others:
        size = len(new.hands[s])
        new.hands[s], pool = pool[:size], pool[size:]
    for i, card in zip(machine_slots, pool):
        new.wreck[i] = card
    rng.shuffle(new.wreck)
    rng.shuffle(new.reck)
    machines = [c for c in new.deck_spec.cards() if c.is_machine]
    new.events = [replace(e, cards=tuple(sorted(rng.sample(machines, len(e.cards)))))
                  if isinstance(e, Surfaced) and e.seat != seat and e.cards is not None else e
                  for e in new.events]
    new.rng = random.Random(rng.getrandbits(64))
    new._pub = None  # cached public parts are rebuilt from the new places
    return new


def game_end_events(state) -> list:
    """The events that say the game is over."""
    return [e for e in state.events if isinstance(e, GameEnded)]
