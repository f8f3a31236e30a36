"""What each bid is worth: the expected score of every bid for a hand, and the bot that bids by it.

:func:`bid_values` takes what a seat knows when it bids (its observation: its hand, the table
size, the round, the scoring system) and estimates, for each bid, the points that bid would
score this round. It uses the coach's simulation (:mod:`.coach`): the cards the seat cannot
see are dealt to the other seats at random (``testing.scramble``), every other seat bids and
plays as the heuristic bot does, and the seat plays to make the bid in question, also as the
heuristic bot does. Every bid is weighed on the same deals, and ``seed`` fixes them, so the
same question gets the same answer. The round is scored by the game's own scoring (classic,
Rascal's or Cannonball, with its bonuses and Loot alliances), so the values follow the
scoring system chosen for the game.

The ``bidder`` bot bids the bid of highest expected score among those near the heuristic
bot's own bid, on a small fixed budget of simulated plays, and then plays as the heuristic
bot does.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from lopti_nb.engine import SettingsError

from .bots import HeuristicBot
from .coach import play_round, unseen_deal
from .state import BID, SkullKingState

__all__ = ["BidValues", "bid_values", "BidderBot", "bidder_bot"]

#: plays simulated by default for one answer of :func:`bid_values` (the deals follow from it)
PLAY_BUDGET = 20_000
MIN_DEALS, MAX_DEALS = 20, 400

#: the bidder bot's smaller budget per bid, and how far from the heuristic bid it looks
BOT_PLAY_BUDGET = 1_500
BOT_MIN_DEALS, BOT_MAX_DEALS = 3, 40
BOT_WINDOW = 2


@dataclass(frozen=True)
class BidValues:
    """The expected score of each bid for one hand.

    ``values``: bid -> mean points of the round when that bid is made; ``stderr``: bid -> the
    standard error of that mean; ``chances``: bid -> share of deals in which the bid was made
    exactly; ``best``: the bid of highest expected score (the lower bid on a tie); ``deals``:
    the simulated deals behind every number; ``scoring``: the scoring system used.
    """

    values: dict[int, float]
    stderr: dict[int, float]
    chances: dict[int, float]
    best: int
    deals: int
    scoring: str


def _deals(players: int, cards: int, bids: int, budget: int, low: int, high: int) -> int:
    return max(low, min(high, budget // max(1, players * cards * bids)))


def _table_at_bidding(obs: dict, seed: int = 0) -> SkullKingState:
    """A game at the bidding of ``obs``'s round, holding only what ``obs`` shows: the seat's
    hand, the table size, the round, dealer and settings; the other hands are dealt at random
    from the rest of the deck (to be dealt again by the simulation) and nobody has bid."""
    if (not isinstance(obs, dict) or obs.get("phase") != BID or obs.get("my_bid") is not None
            or obs.get("hand") is None):
        raise SettingsError("Bids are weighed for a seat that has still to bid, from its own "
                            "observation while the bids are taken.")
    state = SkullKingState(obs["players"], seed=seed, **obs["settings"])
    seat, hand = obs["seat"], list(obs["hand"])
    rest = list(state.deck)
    for card in hand:
        rest.remove(card)
    random.Random(seed).shuffle(rest)
    size = len(hand)
    hands = []
    for s in range(state.num_players):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(rest[:size])
            rest = rest[size:]
    # the round and dealer of the observation (the deal follows them), then its hands
    state.round = obs["round"]
    state.dealer = obs["dealer"]
    state.leader = state.current_player = obs["leader"]
    state.set_hands(hands)
    return state


def bid_values(obs: dict, *, bids=None, deals: int | None = None, seed: int = 0) -> BidValues:
    """The expected score of each bid for the hand of ``obs`` (a seat's observation while it
    has still to bid), under the game's scoring system, by seeded simulation of the cards the
    seat cannot see (see the module's docstring).

    ``bids``: the bids to weigh (default: every bid, 0 to the cards dealt); ``deals``: how many
    deals to simulate (default: as many as a budget of 20,000 simulated plays allows, 20 to
    400); ``seed`` fixes the simulation.

        >>> import lopti_nb
        >>> from lopti_nb.games.skullking.bids import bid_values
        >>> game = lopti_nb.new_game("skull-king", players=4, seed=3, scoring="rascal")
        >>> game.set_hands([["skull-king"], ["Y3"], ["P5"], ["G7"]])
        >>> v = bid_values(game.observation(0), deals=30)
        >>> v.best, v.values[1] > v.values[0], v.scoring
        (1, True, 'rascal')
    """
    state = _table_at_bidding(obs, seed)
    seat = obs["seat"]
    cards = state.cards_dealt
    weighed = list(range(cards + 1)) if bids is None else sorted(set(bids))
    if not weighed or any(not isinstance(b, int) or isinstance(b, bool) or not 0 <= b <= cards
                          for b in weighed):
        raise SettingsError(f"Bids to weigh are whole numbers from 0 to {cards}.")
    if deals is None:
        deals = _deals(state.num_players, cards, len(weighed), PLAY_BUDGET, MIN_DEALS, MAX_DEALS)
    if not isinstance(deals, int) or isinstance(deals, bool) or not 1 <= deals <= 100_000:
        raise SettingsError(f"deals is a whole number from 1 to 100,000, not {deals!r}.")
    rng = random.Random(seed)
    bot = HeuristicBot()
    points = {b: [] for b in weighed}
    for _ in range(deals):
        base = unseen_deal(state, seat, rng, bot)
        play_seed = rng.getrandbits(32)
        for b in weighed:
            points[b].append(play_round(base.copy(), seat, b, random.Random(play_seed), bot))
    values = {b: sum(r["points"] for r in rows) / deals for b, rows in points.items()}
    stderr = {}
    for b, rows in points.items():
        var = sum((r["points"] - values[b]) ** 2 for r in rows) / (deals - 1) if deals > 1 else math.inf
        stderr[b] = math.sqrt(var / deals)
    chances = {b: sum(r["hit"] for r in rows) / deals for b, rows in points.items()}
    best = max(weighed, key=lambda b: (values[b], -b))
    return BidValues(values, stderr, chances, best, deals, state.scoring)


class BidderBot(HeuristicBot):
    """Bid the bid of highest expected score (:func:`bid_values`, on a small budget, among the
    bids within two of the heuristic bot's bid); play as the heuristic bot does."""

    def __call__(self, obs, legal, rng):
        if obs["phase"] == BID:
            return self.choose_bid(obs, legal, rng)
        return self.play(obs, legal, rng)

    def choose_bid(self, obs, legal, rng):
        guess = HeuristicBot.bid(obs, legal).n
        top = legal[-1].n
        near = range(max(0, guess - BOT_WINDOW), min(top, guess + BOT_WINDOW) + 1)
        deals = _deals(obs["players"], obs["cards_dealt"], len(near), BOT_PLAY_BUDGET,
                       BOT_MIN_DEALS, BOT_MAX_DEALS)
        best = bid_values(obs, bids=near, deals=deals, seed=rng.getrandbits(32)).best
        return legal[best]


def bidder_bot():
    return BidderBot()
