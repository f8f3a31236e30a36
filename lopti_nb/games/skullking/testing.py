"""What the conformance suite (``tests/conformance``) asks of Skull King beyond the state
contract, and the positions lessons may show: :func:`at_round` reaches the start of a round
by real play, and :func:`check_position` says whether a position could arise in a game."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from lopti_nb.engine import plural

from .state import BID, HELD, PLAY, SORT_KEY, CardPlayed, GameOver, RoundDealt, SkullKingState


def scramble(state: SkullKingState, seat: int, rng: random.Random) -> SkullKingState:
    """A copy of ``state`` in which everything ``seat`` may not know is dealt again.

    Hidden from ``seat``: the other hands (dealt again from the cards it has not seen this
    round, each hand keeping its size), the bids of the seats that have bid while the bids are
    still secret, the other hands in earlier deal events, and the game's generator (the deals
    to come).
    """
    new = state.copy()
    n = new.num_players
    # The cards not in the seat's hand and not played this round could be anywhere else.
    unseen = Counter(new.deck)
    unseen.subtract(new.hands[seat])
    start = max(i for i, e in enumerate(new.events) if isinstance(e, RoundDealt))
    unseen.subtract(HELD[e.card] for e in new.events[start:] if isinstance(e, CardPlayed))
    pool = list(unseen.elements())
    rng.shuffle(pool)
    for other in range(n):
        if other != seat:
            size = len(new.hands[other])
            new.hands[other], pool = sorted(pool[:size], key=SORT_KEY.__getitem__), pool[size:]
    if new.phase == BID:
        for other in range(n):
            if other != seat and new.bids[other] is not None:
                new.bids[other] = rng.randint(0, new.cards_dealt)
    new._table = None  # the cached public view is rebuilt

    def other_hands(e: RoundDealt) -> tuple:
        return tuple(h if s == seat else tuple(sorted(rng.sample(new.deck, len(h)), key=SORT_KEY.__getitem__))
                     for s, h in enumerate(e.hands))

    new.events = [replace(e, hands=other_hands(e)) if isinstance(e, RoundDealt) and e.hands else e
                  for e in new.events]
    new.rng = random.Random(rng.getrandbits(64))
    return new


def game_end_events(state: SkullKingState) -> list:
    """The events that say the game is over."""
    return [e for e in state.events if isinstance(e, GameOver)]


def at_round(players: int, round: int, seed: int = 0, **settings) -> SkullKingState:
    """A game at the start of ``round`` (before its first bid), the earlier rounds played out
    by the engine's first legal move each time, so hands hold that round's number of cards."""
    st = SkullKingState(players, seed=seed, **settings)
    while st.round < round:
        if st.is_over:
            raise ValueError(f"a game has {len(st.rounds)} rounds, not {round}")
        st.apply(st.legal_actions()[0])
    return st


def check_position(state: SkullKingState) -> list[str]:
    """The ways ``state`` could not arise in a real game (empty: it could).

    Checked: the round deals its own number of cards; every hand holds that many less the
    tricks finished and the card played to the trick under way; no card is held or played
    more often than the deck has it; tricks won and destroyed add up to the tricks finished;
    bids are in and within the cards dealt once play has started."""
    problems = []
    if state.round < 1:
        return ["no round has been dealt"]
    dealt = state.rounds[state.round - 1]
    if state.cards_dealt != dealt:
        problems.append(f"round {state.round} deals {plural(dealt, 'card')} each, not {state.cards_dealt}")
    done = state.trick_number
    if sum(state.won) + state.destroyed != done:
        problems.append(f"{sum(state.won)} tricks won and {state.destroyed} destroyed, "
                        f"but {done} finished")
    n = state.num_players
    played = {(state.leader + i) % n for i in range(len(state.trick))}
    for s in range(n):
        want = state.cards_dealt - done - (1 if s in played else 0)
        if state.phase != "over" and len(state.hands[s]) != want:
            problems.append(f"seat {s + 1} holds {plural(len(state.hands[s]), 'card')}, not {want}")
    use = Counter(c for h in state.hands for c in h) + Counter(HELD[c] for c in state.trick)
    over = use - Counter(state.deck)
    if over:
        problems.append(f"more copies than the deck holds: {sorted(over)}")
    if state.phase == BID and (state.trick or done):
        problems.append("cards are played before every bid is in")
    if state.phase == PLAY and any(b is None or not 0 <= b <= state.cards_dealt for b in state.bids):
        problems.append(f"bids {state.bids} for {state.cards_dealt} cards dealt")
    return problems
