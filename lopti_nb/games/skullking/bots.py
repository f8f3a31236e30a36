"""Skull King bots.

* ``random`` (added by the engine): any legal action.
* ``heuristic``: bids the rounded sum of an estimated chance that each card in its hand
  takes a trick, then plays to hit that bid: while it still needs tricks it takes the
  current trick as cheaply as it can (or leads strong cards), once it has enough it ducks
  by playing the strongest card that still loses (or leads weak cards).
"""
from __future__ import annotations

from .cards import KIND, KRAKEN, MERMAID, NUMBER, PIRATE, RANK, SKULL_KING, SUIT, TIGRESS, WHALE
from .rules import _POWER, _resolve

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
_STRENGTH = {p: {c: card_strength(c, p) * _TABLE_FACTOR[p] for c in KIND if ":" not in c}
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


class HeuristicBot:
    """Bid by estimated strength, then play to make the bid exactly."""

    def __call__(self, obs, legal, rng):
        if obs["phase"] == "bid":
            return self.bid(obs, legal)
        return self.play(obs, legal, rng)

    @staticmethod
    def bid(obs, legal):
        table = _STRENGTH[obs["players"]]
        est = sum(map(table.__getitem__, obs["hand"]))
        n = int(est + 0.5)
        top = len(legal) - 1
        return legal[n if n <= top else top]

    @staticmethod
    def play(obs, legal, rng):
        seat = obs["seat"]
        need = obs["bids"][seat] - obs["tricks_won"][seat]
        trick = obs["trick"]
        value = _PLAY_VALUE
        if not trick:
            if need > 0:  # lead the strongest card
                return max(legal, key=lambda a: value[a.card])
            # keep escapes for following: lead the lowest number if there is one
            numbers = [a for a in legal if 0 <= value[a.card] < 35]
            return min(numbers or legal, key=lambda a: value[a.card])
        last = len(trick) == obs["players"] - 1
        winners, losers = split_by_outcome(trick, legal)
        if need > 0:
            if winners:
                if last:
                    return min(winners, key=lambda a: value[a.card])
                left = len(obs["hand"])  # tricks still to play, this one included
                strong = [a for a in winners if value[a.card] >= 45]
                if need >= left:  # every trick is needed: take this one for sure
                    return max(winners, key=lambda a: value[a.card])
                if strong:
                    return min(strong, key=lambda a: value[a.card])
                return max(winners, key=lambda a: value[a.card])
            return min(legal, key=lambda a: value[a.card])
        if losers:
            return max(losers, key=lambda a: value[a.card])
        return min(legal, key=lambda a: value[a.card])


def split_by_outcome(trick: tuple, legal: list) -> tuple[list, list]:
    """The legal plays that would take the trick as it stands, and those that would not.

    Closed forms of the trick rules (the tests check them against ``rules._resolve``): a
    Kraken or White Whale played now never takes the trick; after an active Kraken nothing
    does; after an active White Whale only a number above every number played does.
    """
    winners = []
    losers = []
    if "kraken" in trick or "white-whale" in trick:
        whale = "white-whale" in trick and (
            "kraken" not in trick or trick.index("kraken") < trick.index("white-whale"))
        if not whale:
            return winners, list(legal)
        top = max(map(RANK.__getitem__, trick))
        for a in legal:
            (winners if RANK[a.card] > top else losers).append(a)
        return winners, losers
    led = next(filter(None, map(SUIT.__getitem__, trick)), None)
    power = _POWER[led]
    top = max(map(power.__getitem__, trick))
    king = "skull-king" in trick
    mermaid = "mermaid" in trick
    for a in legal:
        c = a.card
        kind = KIND[c]
        if kind == NUMBER:
            # with no number in the trick yet this card sets the suit (specials rank the
            # same in every table, so only the card's own power changes)
            wins = (power[c] if led else _POWER[SUIT[c]][c]) > top
        elif kind == SKULL_KING:
            wins = not mermaid
        elif kind == MERMAID:
            wins = not mermaid and (king or top < 200)
        elif kind == PIRATE:
            wins = not king and top < 300
        else:  # escapes never take a trick that already has a card; creatures see above
            wins = False
        (winners if wins else losers).append(a)
    return winners, losers


def heuristic_bot():
    return HeuristicBot()


__all__ = ["HeuristicBot", "heuristic_bot", "card_strength"]
