"""The coach for Skull King: how likely each bid is to be made, and which cards take the trick.

The chances are estimated by seeded simulation over what the seat cannot see: the other hands
are dealt again from the unseen cards (``testing.scramble``), every other seat bids and plays
as the heuristic bot would, and the seat itself plays to make the bid in question (also as the
heuristic bot does). Each deal is played out once for every bid (the same deals for every bid,
so the chances compare fairly). Which cards take the current trick comes from the rule
functions (:func:`~lopti_nb.games.skullking.rules.trick_winner`).
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from lopti_nb.engine import SettingsError

from . import rules
from .bots import HeuristicBot
from .cards import NAME, SORT_KEY, SUIT
from .rules import PASSES_SUIT_ON
from .state import BID, BIDS, HELD, PLAY, Bid, CardPlayed, RoundDealt
from .testing import scramble

#: plays simulated per answer (a deal of a round at a table, times the bids weighed): the
#: number of deals follows from it, so an answer takes about the same time in every round
PLAY_BUDGET = 40_000
MIN_DEALS, MAX_DEALS = 50, 600


@dataclass(frozen=True)
class Advice:
    """What the coach says to ``seat``: ``lines`` for people, the numbers behind them as fields.

    ``chances``: bid -> estimated chance of making exactly that bid (every bid while the seat
    may still bid; its own bid once bids are made); ``deals``: simulated deals behind each
    chance (its standard error is ``sqrt(p (1 - p) / deals)``); ``can_win``: the cards of the
    seat (as they would be played: a Tigress as ``tigress:pirate``) that would take the trick
    as it stands; ``cannot_win``: the other legal cards.
    """

    lines: tuple[str, ...]
    chances: dict[int, float]
    deals: int
    can_win: tuple[str, ...]
    cannot_win: tuple[str, ...]


def deals_for(state, bids: int) -> int:
    """How many deals the coach simulates for ``bids`` bids in ``state``'s round."""
    plays = state.num_players * max(1, state.cards_dealt - state.trick_number) * max(1, bids)
    return max(MIN_DEALS, min(MAX_DEALS, PLAY_BUDGET // plays))


def play_round(sim, seat: int, bid: int | None, rng: random.Random, bot: HeuristicBot) -> dict:
    """Play ``sim`` to the end of its round, in place (``bid`` for ``seat`` if it has still
    to bid; every other choice as ``bot`` makes it); ``seat``'s record of the round (its
    ``bid``, ``won``, ``hit``, ``points``...)."""
    rnd = sim.round
    while sim.phase == BID:
        s = sim.current_player
        legal = sim.legal_actions(s)
        choice = Bid(bid) if s == seat else bot.bid(sim.observation(s), legal)
        sim.apply(choice, s)
    n = sim.num_players
    log, apply = sim.actions, sim._apply
    while sim.round == rnd and not sim.is_over:
        s = sim.current_player
        legal = sim.legal_actions(s)
        action = legal[0] if len(legal) == 1 else bot.play(sim.observation(s), legal, rng)
        # a card of the seat to act, taken from its legal actions: played without apply()'s
        # checks (the same game, as the engine's play_out plays it)
        log.append(action)
        apply(action)
    return sim.records[len(sim.records) - n + seat]


def unseen_deal(state, seat: int, rng: random.Random, bot: HeuristicBot):
    """A copy of ``state`` with what ``seat`` cannot see dealt again (``testing.scramble``);
    while the bids are secret, each other seat that has bid bids what ``bot`` would bid on
    the hand it is dealt here."""
    base = scramble(state, seat, rng)
    if base.phase == BID:
        for s in range(base.num_players):
            if s != seat and base.bids[s] is not None:
                base.bids[s] = bot.bid(base.observation(s), BIDS[: base.cards_dealt + 1]).n
        base._table = None
    return base


def bid_chances(state, seat: int, bids, deals: int, seed: int = 0) -> dict[int, float]:
    """Estimated chance that ``seat`` makes each of ``bids`` exactly, over ``deals`` deals of
    what it cannot see (see the module's docstring)."""
    rng = random.Random(seed)
    bot = HeuristicBot()
    hits = {b: 0 for b in bids}
    for _ in range(deals):
        base = unseen_deal(state, seat, rng, bot)
        play_seed = rng.getrandbits(32)
        for b in bids:
            sim = base.copy()
            hits[b] += play_round(sim, seat, b if base.phase == BID and base.bids[seat] is None else None,
                                  random.Random(play_seed), bot)["hit"]
    return {b: hits[b] / deals for b in bids}


def trick_chances(hand, trick) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The legal cards of ``hand`` that would take ``trick`` as it stands, and the others."""
    win, lose = [], []
    for card in dict.fromkeys(rules.legal_cards(list(hand), list(trick))):
        for played in (("tigress:pirate", "tigress:escape") if card == "tigress" else (card,)):
            (win if rules.trick_winner([*trick, played]) == len(trick) else lose).append(played)
    return tuple(win), tuple(lose)


def _names(cards) -> str:
    names = [NAME[c] for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def coach(state, seat: int, *, seed: int = 0) -> Advice:
    """Advice for ``seat``: the chance of making each bid, and which cards take the trick.

    Reads only what the seat may know (the unseen hands and secret bids are dealt again for
    every simulated deal). ``seed`` fixes the simulation, so the same question gets the same
    answer."""
    seat = state.check_seat(seat)
    if seat is None:
        raise SettingsError("The coach advises a seat at the table, not a spectator.")
    if state.is_over:
        return Advice(("The game is over.",), {}, 0, (), ())
    obs = state.observation(seat)
    lines = []
    if obs["phase"] == BID and obs["my_bid"] is None:
        bids = list(range(state.cards_dealt + 1))
    else:
        bids = [obs["my_bid"]]
    deals = deals_for(state, len(bids))
    chances = bid_chances(state, seat, bids, deals, seed)
    can_win = cannot_win = ()
    if obs["phase"] == BID and obs["my_bid"] is None:
        best = max(bids, key=lambda b: (chances[b], -b))
        parts = ", ".join(f"{b}: {chances[b]:.0%}" for b in bids)
        lines.append(f"Chance of making each bid with this hand: {parts}.")
        lines.append(f"Your likeliest bid is {best} ({chances[best]:.0%}), "
                     f"from {deals} simulated deals of the cards you cannot see.")
    else:
        b = bids[0]
        trick_word = "trick" if b == 1 else "tricks"
        lines.append(f"Chance of making your bid of {b} {trick_word}: {chances[b]:.0%} "
                     f"({deals} simulated deals).")
    if obs["phase"] == PLAY and obs["current_player"] == seat:
        can_win, cannot_win = trick_chances(obs["hand"], obs["trick"])
        if obs["trick"]:
            if can_win:
                lines.append(f"Would take the trick as it stands: {_names(can_win)}.")
            else:
                lines.append("None of your cards can take this trick.")
    return Advice(tuple(lines), chances, deals, can_win, cannot_win)




# -- worlds that agree with what a seat has seen -------------------------------------------------------
def voids(plays: Sequence[tuple[int, str]], players: int) -> dict[int, set]:
    """The suits each seat has shown it lacks, from this round's plays in order (``(seat,
    card)``, a trick every ``players`` cards): a number card of another suit played to a trick
    whose suit was set means the seat holds none of that suit (every special card may be played
    at any time, so it shows nothing).

        >>> voids([(0, "G5"), (1, "P3"), (2, "escape"), (3, "G9")], 4)
        {1: {'G'}}
    """
    out: dict[int, set] = {}
    for start in range(0, len(plays), players):
        led, open_ = None, True
        for seat, card in plays[start:start + players]:
            if open_:
                if card not in PASSES_SUIT_ON:
                    led, open_ = SUIT[card], False
                continue
            if led is not None and SUIT[card] is not None and SUIT[card] != led:
                out.setdefault(seat, set()).add(led)
    return out


def round_plays(state) -> list[tuple[int, str]]:
    """``(seat, card)`` of every card played this round so far, in order (public events)."""
    start = max(i for i, e in enumerate(state.events) if isinstance(e, RoundDealt))
    return [(e.seat, e.card) for e in state.events[start:] if isinstance(e, CardPlayed)]


def deal_unseen(pool: Sequence[str], sizes: dict[int, int], lacks: dict[int, set],
                rng: random.Random, tries: int = 50) -> dict[int, list[str]]:
    """Hands of ``sizes`` (seat -> cards) dealt at random from ``pool`` (the cards a seat has
    not seen, those left undealt included) so that no seat gets a number of a suit it has
    shown it lacks (``lacks``). Cards go one at a time, in random order, to a seat with room
    that may hold them, chosen in proportion to its room (the undealt rest is one more place
    with no constraint); after ``tries`` dead ends the suits shown are let go."""
    rest = len(pool) - sum(sizes.values())
    places = [*sizes, None]
    for attempt in range(tries + 1):
        cards = list(pool)
        rng.shuffle(cards)
        room = {**sizes, None: rest}
        hands: dict = {s: [] for s in places}
        ok = True
        for card in cards:
            suit = SUIT[card]
            fits = [s for s in places if room[s] > 0 and (attempt == tries or s is None
                                                           or suit is None or suit not in lacks.get(s, ()))]
            if not fits:
                ok = False
                break
            s = fits[0] if len(fits) == 1 else rng.choices(fits, weights=[room[f] for f in fits])[0]
            hands[s].append(card)
            room[s] -= 1
        if ok:
            hands.pop(None)
            return hands
    raise AssertionError("unreachable: the last try ignores the suits shown")


def sample_world(state, seat: int, rng: random.Random, seen: Sequence[str] = (),
                 lacks: dict[int, set] | None = None, bot: HeuristicBot | None = None):
    """A copy of ``state`` with everything ``seat`` cannot see dealt again: the other hands
    from the cards it has not seen (its hand, the cards played this round and ``seen`` left
    out), no seat given a suit it has shown it lacks (``lacks``; default: read from this
    round's plays), each hand keeping its size; while bids are secret, each other seat that
    has bid bids what ``bot`` would on the hand it is dealt here; a new generator."""
    bot = bot or HeuristicBot()
    new = scramble(state, seat, rng)  # the generator, secret bids and earlier deals
    n = new.num_players
    unseen = Counter(new.deck)
    unseen.subtract(new.hands[seat])
    unseen.subtract(HELD[c] for _, c in round_plays(state))
    unseen.subtract(HELD[c] for c in seen)
    pool = sorted((+unseen).elements(), key=SORT_KEY.__getitem__)
    lacks = voids(round_plays(state), n) if lacks is None else lacks
    sizes = {s: len(new.hands[s]) for s in range(n) if s != seat}
    hands = deal_unseen(pool, sizes, lacks, rng)
    for s, h in hands.items():
        new.hands[s] = sorted(h, key=SORT_KEY.__getitem__)
    if new.phase == BID:
        for s in range(n):
            if s != seat and new.bids[s] is not None:
                new.bids[s] = bot.bid(new.observation(s), BIDS[: new.cards_dealt + 1]).n
    new._table = None
    return new


def win_chances(state, seat: int | None = None, games: int = 400, seed: int = 0, *,
                budget: float | None = 2.0):
    """Each legal action's chance (a bid, or a card as it would be played) that ``seat``
    (default: the seat to act; while bids are secret, any seat still to bid) wins the game, as
    a DataFrame: one row per action (``action``, ``move``, ``win_chance``, ``lower``, ``upper``
    (95 %), ``games``), best first.

    Each of ``games`` worlds deals the other hands again from the cards the seat has not seen,
    keeping every suit a seat has shown it lacks out of its hand (:func:`sample_world`); every
    action is played out in every world, then every seat plays as the heuristic bot to the end
    of the game. ``budget``: seconds of CPU time after which fewer games are played (at least
    10; ``attrs["note"]`` says so); ``None`` plays them all (the same answer every time).

        >>> import lopti_nb
        >>> state = lopti_nb.new_game("skull-king", players=3, seed=2)
        >>> t = win_chances(state, 0, games=12, budget=None)
        >>> t["move"].tolist() == sorted(t["move"], key=lambda m: -t.set_index("move").win_chance[m]), len(t)
        (True, 2)
    """
    from lopti_nb.engine.rollouts import chance_frame, check_question, rollout_chances

    seat, games, seed, budget = check_question(state, seat, games, seed, budget)
    if seat is None or seat not in state.to_act:
        raise SettingsError("The chances are for a seat that may act now.")
    bot = HeuristicBot()
    lacks = voids(round_plays(state), state.num_players)
    rows, cut = rollout_chances(state, seat, lambda rng: sample_world(state, seat, rng, (), lacks, bot),
                                [bot] * state.num_players, games, seed, budget)
    return chance_frame(rows, cut, games, budget)
