"""Skull King bots.

* ``random`` (added by the engine): any legal action.
* ``heuristic``: bids the rounded sum of an estimated chance that each card in its hand
  takes a trick, then plays to hit that bid: while it still needs tricks it takes the
  current trick as cheaply as it can (or leads strong cards), once it has enough it ducks
  by playing the strongest card that still loses (or leads weak cards).
"""
from __future__ import annotations

from operator import add, attrgetter, sub

from .cards import KIND, MERMAID, NUMBER, PIRATE, RANK, SKULL_KING, SUIT, TIGRESS, WHALE
from .rules import POWER

# Estimated chance that a card takes a trick, before table-size scaling.
_SPECIAL_STRENGTH = {
    "skull-king": 0.9,
    "pirate": 0.75,
    "tigress": 0.75,  # she can still be declared an escape later
    "tigress:pirate": 0.75,
    "mermaid": 0.5,
    "white-whale": 0.2,
    "kraken": 0.0,
    "escape": 0.0,
    "loot": 0.0,
    "tigress:escape": 0.0,
}


def card_strength(card: str, players: int) -> float:
    """Estimated chance that ``card`` wins a trick at a table of ``players``."""
    s = _SPECIAL_STRENGTH.get(card)
    if s is not None:
        return s
    rank = RANK[card]
    crowd = 4.0 / players  # more players, more rivals for every number
    if SUIT[card] == "B":
        return min(0.85, (0.1 + 0.05 * rank) * (0.6 + 0.4 * crowd))
    return max(0.0, (rank - 9) * 0.11) * crowd


# Self-play calibration: fewer rivals make every card likelier to win, more rivals less.
_TABLE_FACTOR = {p: (4.0 / p) ** 0.6 for p in range(2, 9)}

#: per table size: each held card's calibrated bid contribution
STRENGTH = {p: {c: card_strength(c, p) * _TABLE_FACTOR[p] for c in KIND if ":" not in c}
             for p in range(2, 9)}

# play-time strength: how valuable a card is to keep (used to pick the cheapest winner
# and the most dangerous loser)
_PLAY_VALUE = {}
for _c, _k in KIND.items():
    if _k == NUMBER:
        _PLAY_VALUE[_c] = RANK[_c] + (20 if SUIT[_c] == "B" else 0)
    elif _k == SKULL_KING:
        _PLAY_VALUE[_c] = 60
    elif _k == PIRATE:
        _PLAY_VALUE[_c] = 50
    elif _k == MERMAID:
        _PLAY_VALUE[_c] = 45
    elif _k == WHALE:
        _PLAY_VALUE[_c] = 35
    elif _k == TIGRESS:
        _PLAY_VALUE[_c] = 50
    else:  # escapes, loot, tigress as escape, kraken
        _PLAY_VALUE[_c] = -1


#: what each card as played is worth keeping (the heuristic's choices compare these; the
#: batch simulator's heuristic reads the same table)
PLAY_VALUE = _PLAY_VALUE

_CARD = attrgetter("card")
# Powers for a card played into a trick that has no number yet: it would set the suit, so
# every number outranks the escapes (and still loses to every character).
_POWER_FIRST_NUMBER = {c: (50 + RANK[c] if KIND[c] == NUMBER and p == 0 else p)
                       for c, p in POWER[None].items()}


class HeuristicBot:
    """Bid by estimated strength, then play to make the bid exactly."""

    def __call__(self, obs, legal, rng):
        if obs["phase"] == "bid":
            return self.bid(obs, legal)
        return self.play(obs, legal, rng)

    @staticmethod
    def bid(obs, legal):
        table = STRENGTH[obs["players"]]
        est = sum(map(table.__getitem__, obs["hand"]))
        n = int(est + 0.5)
        top = len(legal) - 1
        return legal[n if n <= top else top]

    @staticmethod
    def play(obs, legal, rng):
        seat = obs["seat"]
        need = obs["bids"][seat] - obs["tricks_won"][seat]
        trick = obs["trick"]
        cards = [*map(_CARD, legal)]
        vals = [*map(_PLAY_VALUE.__getitem__, cards)]
        if not trick:
            if need > 0:  # lead the strongest card
                return legal[vals.index(max(vals))]
            # keep escapes for following: lead the lowest number if there is one
            numbers = [v for v in vals if 0 <= v < 35]
            return legal[vals.index(min(numbers) if numbers else min(vals))]
        wins = outcome_flags(trick, cards)
        if need > 0:
            if True not in wins:  # can not take it: throw the least useful card
                return legal[vals.index(min(vals))]
            # each card's value, pushed far up when it would lose (so min/max pick winners)
            up = [*map(add, vals, map(_LOSER_UP.__getitem__, wins))]
            if len(trick) == obs["players"] - 1:  # last to play: the cheapest winner
                return legal[up.index(min(up))]
            down = [*map(sub, vals, map(_LOSER_UP.__getitem__, wins))]
            if need >= len(obs["hand"]):  # every trick is needed: take this one for sure
                return legal[down.index(max(down))]
            strong = [v if 45 <= v < 500 else 1000 for v in up]  # a character that wins
            best = min(strong)
            if best < 1000:
                return legal[strong.index(best)]
            return legal[down.index(max(down))]
        if False not in wins:  # can not duck: throw the least useful card
            return legal[vals.index(min(vals))]
        # duck with the most dangerous card that still loses
        down = [*map(sub, vals, map(_WINNER_DOWN.__getitem__, wins))]
        return legal[down.index(max(down))]


_LOSER_UP = {True: 0, False: 1000}
_WINNER_DOWN = {True: 1000, False: 0}


def outcome_flags(trick: tuple, cards: list) -> list[bool]:
    """For each of the distinct ``cards``: would playing it now take the trick as it stands?

    Closed forms of the trick rules (the tests check them against ``rules._resolve``): a
    Kraken or White Whale played now never takes the trick; after an active Kraken nothing
    does; after an active White Whale only a number above every number played does.
    """
    if "kraken" in trick or "white-whale" in trick:
        whale = "white-whale" in trick and (
            "kraken" not in trick or trick.index("kraken") < trick.index("white-whale"))
        if not whale:
            return [False] * len(cards)
        return [*map(max(map(RANK.__getitem__, trick)).__lt__, map(RANK.__getitem__, cards))]
    led = next(filter(None, map(SUIT.__getitem__, trick)), None)
    power = POWER[led]
    top = max(map(power.__getitem__, trick))
    if led is None:
        power = _POWER_FIRST_NUMBER
    flags = [*map(top.__lt__, map(power.__getitem__, cards))]
    if "skull-king" in trick:
        if "mermaid" not in trick and "mermaid" in cards:  # the first mermaid takes him
            flags[cards.index("mermaid")] = True
    elif "mermaid" in trick and "skull-king" in cards:  # he loses to the mermaid played
        flags[cards.index("skull-king")] = False
    return flags


def split_by_outcome(trick: tuple, legal: list) -> tuple[list, list]:
    """The legal plays that would take the trick as it stands, and those that would not."""
    flags = outcome_flags(trick, [*map(_CARD, legal)])
    return ([a for a, w in zip(legal, flags) if w], [a for a, w in zip(legal, flags) if not w])


def heuristic_bot():
    return HeuristicBot()


__all__ = ["HeuristicBot", "heuristic_bot", "card_strength", "outcome_flags",
           "split_by_outcome", "STRENGTH", "PLAY_VALUE"]
