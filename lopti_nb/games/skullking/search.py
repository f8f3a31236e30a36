"""The Skull King bot that looks ahead from what its seat has seen: ``search``.

A bot is given its seat's observation only, and remembers what it has seen this round (the
cards of every trick it has played to, who played them, and so which suits a seat has shown it
lacks). From that it builds worlds (:func:`table_from_observation`): the public table as the
observation shows it, its own hand, and the other hands dealt at random from the cards it has
not seen, keeping out of each hand a suit its seat has shown it lacks
(:func:`~lopti_nb.games.skullking.coach.deal_unseen`). It cannot know the bonuses already
captured this round nor the Loot alliances made; its worlds start them at none.

* ``search``: bids as ``bidder`` does (:class:`~lopti_nb.games.skullking.bids.BidderBot`);
  plays a card by determinized search: in each of :data:`SEARCH_WORLDS` worlds (fewer at
  tables of more than four, :func:`lopti_nb.engine.rollouts.worlds_at`), each legal
  card is played and the round is played out by the heuristic bot for every seat; it plays the
  card of highest mean round score for its seat (the same worlds for every card). With the
  default size a decision takes well under half a second on one core (``benchmarks/bench_search.py``).

* ``coach``: plays every decision (bids and cards) by its chance to win the game, as
  :func:`lopti_nb.games.skullking.coach.win_chances` weighs it, but in worlds built from its
  observation alone: in each world every legal action is played and the rest of the *game* is
  played by the heuristic bot for every seat; it takes the action that won the most worlds
  (ties: the heuristic bot's choice among them). Whole games are long, so its budget is small
  and documented: :data:`COACH_WORLDS` worlds a decision up to four players, fewer beyond
  (:func:`coach_worlds`); ``CoachBot(worlds=...)`` asks for more.

Both are deterministic for a given generator (a fixed number of worlds, never a clock), so a
seeded game replays.
"""
from __future__ import annotations

import random
from collections import Counter

from lopti_nb.engine.rollouts import worlds_at

from .bids import BidderBot
from .bots import HeuristicBot
from .cards import SORT_KEY
from .coach import deal_unseen, play_round, voids
from .state import BID, HELD, PLAY, SkullKingState

__all__ = ["SEARCH_WORLDS", "COACH_WORLDS", "SeenRound", "table_from_observation", "SearchBot", "search_bot",
           "CoachBot", "coach_bot", "coach_worlds"]

#: worlds a ``search`` decision weighs (each card played out in every one)
SEARCH_WORLDS = 40


class SeenRound:
    """What a seat has seen of the current round: ``plays`` (``(seat, card)`` in order, the
    tricks it played to) and ``seen`` (those cards). Fed each observation by :meth:`look`."""

    def __init__(self) -> None:
        self.round = None
        self.tricks: dict[int, tuple[int, tuple]] = {}  # trick number -> (leader, cards seen)

    def look(self, obs: dict) -> None:
        if obs["round"] != self.round:
            self.round, self.tricks = obs["round"], {}
        if obs["phase"] == PLAY and obs["trick"]:
            known = self.tricks.get(obs["tricks_played"], (obs["leader"], ()))[1]
            if len(obs["trick"]) >= len(known):
                self.tricks[obs["tricks_played"]] = (obs["leader"], tuple(obs["trick"]))

    def plays(self, players: int) -> list[tuple[int, str]]:
        """Every card seen played, as ``(seat, card)``, a trick at a time (a trick seen only in
        part counts only the cards seen, which shows no lack in the part not seen)."""
        out = []
        for number in sorted(self.tricks):
            leader, cards = self.tricks[number]
            out += [((leader + i) % players, c) for i, c in enumerate(cards)]
        return out

    def lacks(self, players: int) -> dict[int, set]:
        found: dict[int, set] = {}
        for number in sorted(self.tricks):
            leader, cards = self.tricks[number]
            for seat, suits in voids([((leader + i) % players, c) for i, c in enumerate(cards)],
                                     players).items():
                found.setdefault(seat, set()).update(suits)
        return found


def table_from_observation(obs: dict, seen: SeenRound, rng: random.Random) -> SkullKingState:
    """A world for ``obs``'s seat: a game at the moment ``obs`` shows (round, dealer, bids made
    public, tricks won, scores, the trick under way), its own hand as held, the other hands dealt
    at random from the cards it has not seen (``seen``: its memory of the round), keeping out a
    suit a seat has shown it lacks, and a new generator. While bids are secret, each other seat
    that has bid is given what the heuristic bot would bid on its hand here."""
    n, seat = obs["players"], obs["seat"]
    state = SkullKingState(n, seed=rng.getrandbits(64), **obs["settings"])
    state.round, state.dealer, state.cards_dealt = obs["round"], obs["dealer"], obs["cards_dealt"]
    state.phase = obs["phase"]
    state.leader, state.current_player = obs["leader"], obs["current_player"]
    state.trick_number = obs["tricks_played"]
    state.won, state.totals = list(obs["tricks_won"]), list(obs["scores"])
    state.destroyed = state.trick_number - sum(state.won)
    state.bonus, state.allies = [0] * n, []
    state._has_bid = list(obs["has_bid"])
    trick = tuple(obs["trick"])
    state.trick = trick
    state.led = obs["led_suit"] if trick else None
    state._suit_open = not trick or (obs["led_suit"] is None and not obs["suit_free"])
    played_now = {(obs["leader"] + i) % n for i in range(len(trick))}
    plays = seen.plays(n)
    unseen = Counter(state.deck)
    unseen.subtract(obs["hand"])
    unseen.subtract(HELD[c] for _, c in plays)  # the trick under way included (look() saw it)
    pool = sorted((+unseen).elements(), key=SORT_KEY.__getitem__)
    left = obs["cards_dealt"] - obs["tricks_played"]
    sizes = {s: left - (1 if s in played_now else 0) for s in range(n) if s != seat}
    dealt = deal_unseen(pool, sizes, seen.lacks(n), rng)
    hands = [list(obs["hand"]) if s == seat else sorted(dealt[s], key=SORT_KEY.__getitem__)
             for s in range(n)]
    state.hands = hands
    state._plays, state._plays_for = [{} for _ in range(n)], [None] * n
    bot = HeuristicBot()
    if obs["phase"] == BID:
        state.bids = [None] * n
        state.bids[seat] = obs["my_bid"]
        state._table = None
        for s in range(n):
            if s != seat and obs["has_bid"][s]:
                state.bids[s] = bot.bid(state.observation(s), BIDS_UP_TO[state.cards_dealt]).n
    else:
        state.bids = list(obs["bids"])
    state._table = None
    return state


def _bids_up_to() -> dict[int, list]:
    from .state import BIDS

    return {k: list(BIDS[: k + 1]) for k in range(len(BIDS))}


BIDS_UP_TO = _bids_up_to()


class SearchBot(BidderBot):
    """Bids as ``bidder``; plays the card of highest mean round score over ``worlds`` worlds
    dealt from what it has seen, each card played out to the end of the round by the heuristic
    bot (see the module's text)."""

    def __init__(self, worlds: int = SEARCH_WORLDS):
        self.worlds = worlds
        self.seen = SeenRound()

    def __call__(self, obs, legal, rng):
        self.seen.look(obs)
        if obs["phase"] == BID:
            return self.choose_bid(obs, legal, rng)
        if len(legal) == 1:
            return legal[0]
        return self.choose_card(obs, legal, rng)

    def choose_card(self, obs, legal, rng):
        seat = obs["seat"]
        bot = HeuristicBot()
        totals = [0.0] * len(legal)
        for _ in range(worlds_at(self.worlds, obs["players"])):
            world = table_from_observation(obs, self.seen, rng)
            play_seed = rng.getrandbits(32)
            for i, action in enumerate(legal):
                sim = world.copy()
                sim.apply(action, seat)
                totals[i] += play_round(sim, seat, None, random.Random(play_seed), bot)["points"] \
                    if sim.round == world.round and sim.phase != "over" else _scored(sim, world, seat)
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        return legal[best]


def _scored(sim: SkullKingState, world: SkullKingState, seat: int) -> float:
    """The seat's points in ``world``'s round once ``sim`` has finished it (the last card)."""
    return next(r["points"] for r in reversed(sim.records)
                if r["round"] == world.round and r["seat"] == seat)


def search_bot() -> SearchBot:
    return SearchBot()


#: worlds a ``coach`` decision weighs at up to four players (each legal action played out to
#: the end of the game in every one): a small budget, so that a table of coach bots still
#: plays a game in seconds; its chances are coarse (a world is a win or a loss)
COACH_WORLDS = 3


def coach_worlds(worlds: int, players: int) -> int:
    """The worlds a ``coach`` decision weighs at a table of ``players``: ``worlds`` up to four
    players; beyond, fewer in proportion to the square of the table, never under one.

        >>> coach_worlds(3, 4), coach_worlds(3, 8), coach_worlds(24, 8)
        (3, 1, 6)
    """
    return worlds if players <= 4 else max(1, worlds * 16 // (players * players))


class CoachBot(HeuristicBot):
    """Plays the action with the highest chance to win the game over ``worlds`` worlds built
    from what its seat has seen (:func:`table_from_observation`), every action played in the
    same worlds and each world played out to the end of the game by the heuristic bot; ties go
    to the heuristic bot's own choice (see the module's text)."""

    def __init__(self, worlds: int = COACH_WORLDS):
        self.worlds = worlds
        self.seen = SeenRound()

    def __call__(self, obs, legal, rng):
        from lopti_nb.engine.rollouts import rollout_chances

        self.seen.look(obs)
        usual = HeuristicBot.__call__(self, obs, legal, rng)
        if len(legal) == 1:
            return usual
        seat = obs["seat"]
        base = table_from_observation(obs, self.seen, random.Random(rng.getrandbits(64)))
        rows, _ = rollout_chances(base, seat, lambda r: table_from_observation(obs, self.seen, r),
                                  [HeuristicBot()] * obs["players"], coach_worlds(self.worlds, obs["players"]),
                                  rng.getrandbits(32), None, legal)
        top = max(r["wins"] for r in rows)
        if rows[legal.index(usual)]["wins"] == top:
            return usual
        return next(r["action"] for r in rows if r["wins"] == top)


def coach_bot() -> CoachBot:
    return CoachBot()
