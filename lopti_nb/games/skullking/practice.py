"""Skull King practice questions (``lopti_nb.practice("skull-king")``): each drawn from a game the
package's bots played, seeded, and answered by the engine: why a card is refused, the trick's
winner and bonus as the game's own events said them, a round's score as the game counted it.
"""
from __future__ import annotations

import random

from ...engine import plural, seat_word
from ...explainers.practice import Drawn, distractors, finished_game, real_position
from .cards import NAME
from .lessons import VOICES
from .state import PLAY, Play

DESTROYED = "nobody: the trick is destroyed"


def _events(state, kind: str) -> list:
    return [e for e in state.events if type(e).__name__ == kind]


def _trick_words(cards, leader: int, players: int) -> str:
    return "; ".join(f"{seat_word((leader + i) % players)} plays {NAME[c]}" for i, c in enumerate(cards))


def may_play(rng: random.Random, voice: str) -> Drawn:
    def fits(st) -> bool:
        if st.is_over or st.phase != PLAY:
            return False
        seat = st.current_player
        return any(st.why_illegal(Play(c), seat) is not None for c in st.hands[seat] if c != "tigress")

    state = real_position("skull-king", rng, fits, bot="heuristic")
    seat = state.current_player
    cards = [c for c in state.hands[seat] if c != "tigress"]
    legal = [c for c in cards if state.why_illegal(Play(c), seat) is None]
    illegal = [c for c in cards if state.why_illegal(Play(c), seat) is not None]
    right = rng.choice(legal)
    shown = rng.sample(illegal, min(3, len(illegal))) + [right]
    rng.shuffle(shown)
    trick = _trick_words(state.trick, state.leader, state.num_players) if state.trick else "nothing yet"
    reason = " ".join(f"{NAME[c]}: {state.why_illegal(Play(c), seat).rstrip('.')}." for c in shown if c != right)
    return Drawn(f"In the trick so far: {trick}. Which of these cards may you play?",
                 tuple(NAME[c] for c in shown), NAME[right], reason + f" {NAME[right]} may be played.",
                 {"state": state, "actions": {NAME[c]: Play(c) for c in shown}})


def _some_trick(rng: random.Random):
    state = finished_game("skull-king", rng, players=rng.randint(2, 6), bot="heuristic")
    tricks = _events(state, "TrickWon") + _events(state, "TrickDestroyed")
    return state, tricks[rng.randrange(len(tricks))]


def trick_winner(rng: random.Random, voice: str) -> Drawn:
    state, trick = _some_trick(rng)
    n = state.num_players
    answer = seat_word(trick.seat) if type(trick).__name__ == "TrickWon" else DESTROYED
    choices = tuple(seat_word((trick.leader + i) % n) for i in range(len(trick.cards))) + (DESTROYED,)
    return Drawn(f"A trick of {n} players: {_trick_words(trick.cards, trick.leader, n)}. Who wins it?",
                 choices, answer, trick.describe(), {"cards": trick.cards, "leader": trick.leader, "players": n})


def trick_bonus(rng: random.Random, voice: str) -> Drawn:
    state, trick = _some_trick(rng)
    while type(trick).__name__ != "TrickWon":
        state, trick = _some_trick(rng)
    n = state.num_players
    edition = state.settings.get("edition", "table")
    return Drawn(f"A trick of {n} players ({edition} bonuses): {_trick_words(trick.cards, trick.leader, n)}. "
                 "What bonus does its winner capture?",
                 distractors(trick.bonus, rng, low=0), str(trick.bonus), trick.describe())


def round_score(rng: random.Random, voice: str) -> Drawn:
    for _ in range(50):
        state = finished_game("skull-king", rng, players=rng.randint(2, 6), bot="heuristic")
        scored = _events(state, "RoundScored")
        rs = scored[rng.randrange(len(scored))]
        seat = rng.randrange(state.num_players)
        won = [e for e in _events(state, "TrickWon") if e.round == rs.round]
        if any(seat in e.loot_allies or (e.seat == seat and e.loot_allies) for e in won):
            continue  # a Loot alliance: asked about elsewhere
        bonus = sum(e.bonus for e in won if e.seat == seat)
        system = state.settings.get("scoring", "classic")
        text = (f"Round {rs.round}, {system} scoring: {seat_word(seat)} bid {rs.bids[seat]}, won "
                f"{plural(rs.won[seat], 'trick')} and captured a bonus of {bonus}. How many points does the "
                "round give them?")
        return Drawn(text, distractors(rs.points[seat], rng), str(rs.points[seat]), rs.describe(),
                     {"system": system, "cards": next(e.cards_each for e in _events(state, "RoundDealt")
                                                      if e.round == rs.round),
                      "bid": rs.bids[seat], "won": rs.won[seat], "bonus": bonus})
    raise AssertionError("no round without a Loot alliance")  # pragma: no cover


def cards_dealt(rng: random.Random, voice: str) -> Drawn:
    state = finished_game("skull-king", rng, players=rng.randint(2, 8), bot="random")
    dealt = _events(state, "RoundDealt")
    event = dealt[rng.randrange(len(dealt))]
    n = state.num_players
    return Drawn(f"With {n} players, how many cards does each player get in round {event.round}?",
                 distractors(event.cards_each, rng, steps=(1, 2, 3), low=1), str(event.cards_each),
                 event.for_seat(None).describe())


KINDS = {"may play": may_play, "trick winner": trick_winner, "trick bonus": trick_bonus,
         "round score": round_score, "cards dealt": cards_dealt}

__all__ = ["KINDS", "VOICES"]
