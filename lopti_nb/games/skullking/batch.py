"""Skull King played many games at a time: NumPy arrays over games, one step per card.

The batch simulator plays exactly the games the engine would deal, with bots that choose the
way the engine's bots choose, and keeps every game's actions so that ``lopti_nb.load``
replays it through :class:`~lopti_nb.games.skullking.state.SkullKingState` to the same
scores. It is what ``lopti_nb.simulate("skull-king", n, batch=True)`` calls.

Arrays, all over a block of ``G`` games at one table size ``n``:

* cards are small integers, their *type* (an index of :data:`TEXTS`: the 56 numbers, then
  each special, the Tigress held and her two declarations); per type, tables of kind, suit,
  rank, captured-14 bonus and the action's text;
* ``hand[G, n, cd]`` the types dealt to each seat this round (sorted as the engine sorts
  them) and ``held[G, n, cd]`` which are still in the hand;
* ``bids, won, bonus, totals[G, n]``; ``leader, led[G]``; the trick as ``trick[G, n]`` types in
  play order.

The deal is the engine's: each game's own ``random.Random(game seed)`` gives the same bytes
the engine reads for its ten shuffles (one call for all ten), and NumPy's stable argsort puts
the deck in the same order (:func:`~lopti_nb.games.skullking.state.deal_order`). The bots'
choices come from a second generator per game (the run's bot seed for that game), so a game
is the same however the run is cut into blocks, chunks or workers. They are not the draws
the engine's ``random`` bot makes (that bot draws from one ``random.Random`` in a Python loop),
so game ``k`` of a batch run and of an engine run share their deals, not their plays: the
two agree in distribution (``benchmarks/bench_batch.py`` tests it per column), and each
batch game is itself a game of the engine (its record replays).

Bots covered, seat by seat: ``random`` (uniform over the distinct legal actions, as the
engine lists them: one play per distinct card, the Tigress twice) and ``heuristic`` (the
default: :class:`~lopti_nb.games.skullking.bots.HeuristicBot`'s rules over arrays, its ties
broken in the engine's order of legal actions; the tests replay its games and check every
choice is the engine bot's own). Any other bot (``bidder``) is refused with
:class:`~lopti_nb.engine.errors.BatchNotCovered` before anything is played.
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from lopti_nb.engine import BatchNotCovered
from lopti_nb.engine.records import action_text, build_record
from lopti_nb.engine.batch import block_seeds, first_bytes, uniforms

from .bots import PLAY_VALUE, STRENGTH
from .cards import (CARDS, SORT_KEY, SUITS, build_deck, ESCAPE, FOURTEEN_BONUS, KIND, KRAKEN, MERMAID, NUMBER, PIRATE, RANK,
                    SKULL_KING, SUIT, TIGRESS, WHALE)
from .rules import POWER, KING_CATCHES_PIRATE, LOOT_ALLIANCE, MERMAID_CATCHES_KING, PIRATE_CATCHES_MERMAID_2021
from .state import ROUNDS, Bid, Play

BLOCK = 16384  # games advanced together (memory grows with it: about 60 MB a block at 4 players)
MAX_BID = 14


# -- the card tables --------------------------------------------------------------------------
TEXTS: tuple[str, ...] = tuple(CARDS)
TYPE = {t: i for i, t in enumerate(TEXTS)}
T_TIGRESS = TYPE["tigress"]
T_TIG_PIRATE = TYPE["tigress:pirate"]
T_TIG_ESCAPE = TYPE["tigress:escape"]
T_LOOT = TYPE["loot"]
_SUIT_NUMBER = {"Y": 0, "P": 1, "G": 2, "B": 3}
BLACK = 3
KIND_OF = np.array([KIND[t] for t in TEXTS], dtype=np.int8)
SUIT_OF = np.array([_SUIT_NUMBER.get(SUIT[t], -1) for t in TEXTS], dtype=np.int8)
RANK_OF = np.array([RANK[t] for t in TEXTS], dtype=np.int16)
FOURTEEN_OF = np.array([FOURTEEN_BONUS[t] for t in TEXTS], dtype=np.int32)
#: the card as it is played: itself, or the Tigress declared a pirate (her escape is an
#: extra action slot)
PLAYED_AS = np.array([T_TIG_PIRATE if t == "tigress" else i for i, t in enumerate(TEXTS)],
                     dtype=np.int16)
#: per deck (with or without the Legendary cards): the type at each position of the
#: display-sorted deck the engine deals from
DECK_TYPES = {k: np.array(sorted((TYPE[c] for c in build_deck(k)), key=lambda t: SORT_KEY[TEXTS[t]]),
                         dtype=np.int16) for k in (True, False)}
#: the text of every action: bids 0..14, then one play per type
ACTION_TEXTS: tuple[str, ...] = tuple(
    [action_text(Bid(b)) for b in range(MAX_BID + 1)]
    + [action_text(Play(t)) if KIND[t] != TIGRESS else "" for t in TEXTS])
PLAY_CODE = MAX_BID + 1  # action code of a play: PLAY_CODE + type

# power of a card in a trick where the specials keep their powers (see rules.POWER): the
# highest wins, the first played among equals; off-suit numbers and escapes are 0
_POWER_SPECIAL = np.zeros(len(TEXTS), dtype=np.int16)
_POWER_SPECIAL[KIND_OF == SKULL_KING] = 400
_POWER_SPECIAL[KIND_OF == PIRATE] = 300
_POWER_SPECIAL[KIND_OF == MERMAID] = 200
_IS_NUMBER = KIND_OF == NUMBER


def covers(bots: Sequence[str], settings: dict[str, Any]) -> str | None:
    """Why the batch simulator cannot play these seats' bots (``None``: it can). Every
    setting of the game (scoring, edition, legendary) and 2-8 players are covered."""
    others = sorted({b for b in bots if b not in BATCH_BOTS})
    if others:
        return (f"The batch simulator plays the bots {', '.join(sorted(BATCH_BOTS))}, not "
                f"{', '.join(others)}; leave out batch=True to play them in the engine.")
    return None


# -- dealing ----------------------------------------------------------------------------------
def deal(game_seeds_: Sequence[int], deck_size: int) -> np.ndarray:
    """``[G, ROUNDS, deck]``: each game's ten shuffles of the deck positions, as the engine
    makes them from ``random.Random(game seed)`` (one ``randbytes`` call a round)."""
    return shuffle_keys(game_seeds_, deck_size).argsort(axis=-1, kind="stable").astype(np.int16)


def shuffle_keys(game_seeds_: Sequence[int], deck_size: int) -> np.ndarray:
    """``[G, ROUNDS, deck]``: the 32-bit key the engine's shuffle gives each deck position in
    each round (the little-endian words of the game generator's bytes)."""
    return first_bytes(game_seeds_, 4 * deck_size * ROUNDS).reshape(len(game_seeds_), ROUNDS, deck_size)


def dealt(keys: np.ndarray, cards: int) -> np.ndarray:
    """``[G, cards]``: the deck positions dealt first in one round (those of the smallest
    keys, in order), as :func:`deal`'s first ``cards`` columns. A key and its position make
    one 64-bit number, so equal keys keep the positions' order (the stable sort), and only
    the dealt cards are sorted (after a partition)."""
    deck_size = keys.shape[1]
    both = (keys.astype(np.uint64) << np.uint64(7)) | np.arange(deck_size, dtype=np.uint64)
    if cards < deck_size:
        both = np.partition(both, cards - 1, axis=1)[:, :cards]
    both.sort(axis=1)
    return (both & np.uint64(127)).astype(np.int16)


# -- the rules over arrays ----------------------------------------------------------------------
def _first(mask: np.ndarray) -> np.ndarray:
    """Index of the first True along the last axis (0 where there is none)."""
    return mask.argmax(axis=-1)


def normal_winner(trick: np.ndarray, include: np.ndarray) -> np.ndarray:
    """Per game, the position that wins among the ``include``d cards of ``trick`` with every
    special keeping its power (rules._normal_winner); at least one card is included."""
    kind = KIND_OF[trick]
    suit = SUIT_OF[trick]
    rank = RANK_OF[trick]
    number = _IS_NUMBER[trick] & include
    has_number = number.any(axis=1)
    rows = np.arange(len(trick))
    led = np.where(has_number, suit[rows, _first(number)], -1)
    power = _POWER_SPECIAL[trick].astype(np.int16)
    power = np.where(number & (suit == BLACK), 100 + rank, power)
    power = np.where(number & (suit != BLACK) & (suit == led[:, None]), 50 + rank, power)
    power = np.where(include, power, -1)
    w = power.argmax(axis=1)
    mermaid = (kind == MERMAID) & include
    king_caught = (kind[rows, w] == SKULL_KING) & mermaid.any(axis=1)
    return np.where(king_caught, _first(mermaid), w)


NORMAL, WHALE_DECIDES, DESTROYED = 0, 1, 2


def resolve(trick: np.ndarray, edition: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per game ``(winner position or -1 when destroyed, next leader's position, how, raw
    bonus)`` of full tricks ``trick[G, n]`` (types in play order), as rules.resolve_trick and
    rules.bonus_points decide them."""
    g, n = trick.shape
    rows = np.arange(g)
    kind = KIND_OF[trick]
    rank = RANK_OF[trick]
    positions = np.arange(n)
    is_kraken = kind == KRAKEN
    is_whale = kind == WHALE
    kraken = np.where(is_kraken.any(axis=1), _first(is_kraken), -1)
    whale = np.where(is_whale.any(axis=1), _first(is_whale), -1)
    normal = normal_winner(trick, np.ones_like(is_kraken))
    winner = normal.copy()
    nxt = normal.copy()
    how = np.zeros(g, dtype=np.int8)
    # an active White Whale (played after any Kraken): the highest number wins, the first
    # played among equals; with no number the trick is destroyed and the Whale's player leads
    # a creature is in few tricks: its rules run on those tricks alone
    whale_on = whale > kraken
    on = np.flatnonzero(whale_on)
    if len(on):
        top = rank[on].max(axis=1)
        best = _first(rank[on] == top[:, None])
        winner[on] = np.where(top > 0, best, -1)
        nxt[on] = np.where(top > 0, best, whale[on])
        how[on] = np.where(top > 0, WHALE_DECIDES, DESTROYED)
    on = np.flatnonzero(~whale_on & (kraken >= 0))
    if len(on):
        rest = ~(is_kraken[on] | is_whale[on])
        any_rest = rest.any(axis=1)
        without = normal_winner(trick[on], rest | ~any_rest[:, None])
        alone = np.where(whale[on] >= 0, whale[on], kraken[on])
        winner[on] = -1
        nxt[on] = np.where(any_rest, without, alone)
        how[on] = DESTROYED
    # bonus: every captured 14; and for a winning special where the specials kept their powers
    bonus = FOURTEEN_OF[trick].sum(axis=1)
    w = np.maximum(winner, 0)
    wkind = kind[rows, w]
    special = (how == NORMAL)
    pirates = kind == PIRATE
    if edition == "2021":
        paid = pirates.sum(axis=1)
    else:
        paid = (pirates & (positions[None, :] < w[:, None])).sum(axis=1)
    king = special & (wkind == SKULL_KING)
    bonus = bonus + np.where(king, KING_CATCHES_PIRATE * paid, 0)
    has_king = (kind == SKULL_KING).any(axis=1)
    bonus = bonus + np.where(special & (wkind == MERMAID) & has_king, MERMAID_CATCHES_KING[edition], 0)
    if edition == "2021":
        mermaids = (kind == MERMAID).sum(axis=1)
        bonus = bonus + np.where(special & (wkind == PIRATE), PIRATE_CATCHES_MERMAID_2021 * mermaids, 0)
    bonus = np.where(winner < 0, 0, bonus)
    return winner, nxt, how, bonus


def round_points(scoring: str, cards: int, bids: np.ndarray, won: np.ndarray, bonus: np.ndarray,
                 alliances: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(base, bonus paid, loot paid)`` per seat, as rules.score_parts_unchecked."""
    off = np.abs(bids - won)
    exact = off == 0
    loot = np.where(exact, LOOT_ALLIANCE * alliances, 0)
    if scoring == "classic":
        base = np.where(bids == 0, np.where(won == 0, 10 * cards, -10 * cards),
                        np.where(exact, 20 * bids, -10 * off))
        paid = np.where(exact, bonus, 0)
    elif scoring == "rascal":
        base = np.where(exact, 10 * cards, np.where(off == 1, 5 * cards, 0))
        # every raw bonus is a sum of tens, so its half is whole, as the engine's is
        paid = np.where(exact, bonus, np.where(off == 1, bonus // 2, 0))
    else:  # cannonball
        base = np.where(exact, 15 * cards, 0)
        paid = np.where(exact, bonus, 0)
    return base, paid, loot


# -- the bots over arrays ---------------------------------------------------------------------------
def copies(hand: np.ndarray) -> np.ndarray:
    """``[..., cd]``: at the first slot of each run of equal cards in a sorted hand, how many
    copies the hand holds; 0 at the other slots of the run. A play takes a copy from the
    run's count, so the first slot of a card stands for all its copies (the engine offers one
    play per distinct card) and ``count > 0`` marks the cards still held."""
    cd = hand.shape[-1]
    if cd == 0 or hand.size == 0:
        return np.zeros(hand.shape, dtype=np.int8)
    # slot by slot over all hands at once (a slot's cards contiguous): equal cards are
    # neighbours in a sorted hand, so a slot's copies are the equal cards after it
    slots = np.ascontiguousarray(hand.reshape(-1, cd).T)
    count = np.ones(slots.shape, dtype=np.int8)
    for d in range(1, cd):
        count[:-d] += slots[d:] == slots[:-d]
    count[1:] *= slots[1:] != slots[:-1]  # 0 but at the first slot of a run
    return np.ascontiguousarray(count.T).reshape(hand.shape)


def legal_slots(count: np.ndarray, suit: np.ndarray, tigress: np.ndarray, led: np.ndarray) -> np.ndarray:
    """``[G, cd + 1]``: the legal plays of hands given by their ``count`` of each card (see
    :func:`copies`) and the cards' suits: one slot per distinct card held, and a last slot
    for the Tigress declared an escape (legal with her). A player holding the led suit
    follows it or plays a special. (The bits of :func:`legal_bits`, one column a slot.)"""
    count, suit = with_escape(count, suit, tigress)
    led = led[:, None]
    follow = slot_bits((suit == led) & (led >= 0))
    ok = legal_bits(slot_bits(count > 0), follow, slot_bits(suit < 0))
    return ((ok[:, None] >> np.arange(count.shape[1])) & 1).astype(bool)


def with_escape(count: np.ndarray, suit: np.ndarray, tigress: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``count`` and ``suit`` with a last slot for the Tigress declared an escape: held while
    she is (one copy at most), of no suit, so she is legal either way."""
    escape = (count * tigress).sum(axis=-1, keepdims=True, dtype=count.dtype)
    return (np.concatenate([count, escape], axis=-1),
            np.concatenate([suit, np.full(escape.shape, -1, dtype=suit.dtype)], axis=-1))


#: a hand's slots as the bits of one integer (bit j: slot j; a hand has at most 10 cards and
#: the Tigress's escape slot); per such integer, how many bits are set and where the k-th is
MAX_SLOTS = 11
SLOT_BIT = (1 << np.arange(MAX_SLOTS)).astype(np.int32)
BIT_COUNT = np.array([bin(m).count("1") for m in range(1 << MAX_SLOTS)], dtype=np.int64)
KTH_BIT = np.array([[j for j in range(MAX_SLOTS) if m >> j & 1] + [0] * (MAX_SLOTS - bin(m).count("1"))
                    for m in range(1 << MAX_SLOTS)], dtype=np.int64).ravel()


def slot_bits(mask: np.ndarray) -> np.ndarray:
    """The slots where ``mask[..., slots]`` is True, as the bits of one integer."""
    bits = mask[..., 0].astype(np.int32)
    for j in range(1, mask.shape[-1]):  # a column at a time: few slots, many hands
        bits |= mask[..., j].astype(np.int32) << j
    return bits


def legal_bits(held: np.ndarray, follow: np.ndarray, special: np.ndarray) -> np.ndarray:
    """The legal slots (bits) of hands holding ``held``, of which ``follow`` are of the led
    suit (none before a number is led) and ``special`` are specials: a hand holding the led
    suit follows it or plays a special; any held card otherwise."""
    return np.where((held & follow) != 0, held & (follow | special), held)


def pick_bit(bits: np.ndarray, u: np.ndarray) -> np.ndarray:
    """Per game, the ``floor(u * count)``-th set bit of ``bits`` (each has one at least):
    uniform over the set bits, as :func:`~lopti_nb.engine.batch.pick` is over True slots.

        >>> pick_bit(np.array([0b1010, 0b1010]), np.array([0.2, 0.7])).tolist()
        [1, 3]
    """
    k = (u * BIT_COUNT[bits]).astype(np.int64)
    return KTH_BIT[bits * MAX_SLOTS + k]


# -- the heuristic bot over arrays ---------------------------------------------------------------
#: per type, what the card as played is worth keeping (HeuristicBot's values)
VALUE_OF = np.array([PLAY_VALUE[t] for t in TEXTS], dtype=np.int64)
RANK_WIDE = RANK_OF.astype(np.int64)
#: per type and led suit (-1: none, else 0-3): the power of rules.POWER
POWER_OF = np.array([[POWER[led][t] for led in (None, *SUITS)] for t in TEXTS], dtype=np.int64).T
#: a card played into a trick that has no number yet would set the suit: every number
#: outranks the escapes (and still loses to every character)
POWER_FIRST_NUMBER = np.where(_IS_NUMBER & (POWER_OF[0] == 0), 50 + RANK_WIDE, POWER_OF[0])
BIG = 1 << 40


def heuristic_bids(hand: np.ndarray, players: int, cards: int) -> np.ndarray:
    """HeuristicBot.bid over arrays: the rounded sum of each held card's calibrated strength
    (summed in hand order, as the bot sums, so the floats are the same)."""
    table = np.array([STRENGTH[players].get(t, 0.0) for t in TEXTS])
    est = np.zeros(hand.shape[:2])
    for j in range(hand.shape[2]):
        est = est + table[hand[:, :, j]]
    return np.minimum((est + 0.5).astype(np.int64), cards)


def outcomes(trick: np.ndarray, options: np.ndarray) -> np.ndarray:
    """bots.outcome_flags over arrays: for each option (a type as played), would playing it
    now take the trick ``trick[G, i]`` (the cards so far, ``i >= 1``)?"""
    g = len(trick)
    rows = np.arange(g)
    kind = KIND_OF[trick]
    opt_kind = KIND_OF[options]
    is_kraken = kind == KRAKEN
    is_whale = kind == WHALE
    has_kraken = is_kraken.any(axis=1)
    has_whale = is_whale.any(axis=1)
    creature = has_kraken | has_whale
    whale_on = has_whale & (~has_kraken | (_first(is_kraken) < _first(is_whale)))
    by_rank = RANK_WIDE[options] > RANK_WIDE[trick].max(axis=1)[:, None]
    number = _IS_NUMBER[trick]
    has_number = number.any(axis=1)
    led = np.where(has_number, SUIT_OF[trick][rows, _first(number)], -1)
    top = POWER_OF[led[:, None] + 1, trick].max(axis=1)
    power = np.where(has_number[:, None], POWER_OF[led[:, None] + 1, options], POWER_FIRST_NUMBER[options])
    flags = power > top[:, None]
    king_in = (kind == SKULL_KING).any(axis=1)
    mermaid_in = (kind == MERMAID).any(axis=1)
    # the first mermaid takes a Skull King already played; he loses to a mermaid played
    flags |= (king_in & ~mermaid_in)[:, None] & (opt_kind == MERMAID)
    flags &= ~((~king_in & mermaid_in)[:, None] & (opt_kind == SKULL_KING))
    return np.where(creature[:, None], whale_on[:, None] & by_rank, flags)


def first_best(values: np.ndarray, allowed: np.ndarray, order: np.ndarray, largest: bool) -> np.ndarray:
    """Per game, the allowed option with the largest (or smallest) value, the first in the
    engine's order of legal actions among equals (``list.index`` of the max or min). The
    value and the order (under 32) make one key, so one arg-max decides."""
    if largest:
        return np.where(allowed, values * 32 + (31 - order), -BIG).argmax(axis=1)
    return np.where(allowed, values * 32 + order, BIG).argmin(axis=1)


def heuristic_plays(hand: np.ndarray, tigress: np.ndarray, legal: np.ndarray, trick: np.ndarray,
                    players: int, need: np.ndarray, held: int) -> np.ndarray:
    """HeuristicBot.play over arrays: the slot (see :func:`legal_slots`) each game's seat
    plays, with ``legal[G, cd + 1]`` its legal slots, ``trick[G, i]`` the cards so far,
    ``need`` its bid less its tricks won and ``held`` the cards in its hand."""
    g, cd = hand.shape
    rows = np.arange(g)
    options = np.concatenate([PLAYED_AS[hand], np.full((g, 1), T_TIG_ESCAPE, dtype=PLAYED_AS.dtype)], axis=1)
    # the engine lists the plays in hand order, the Tigress as an escape right after her as a pirate
    order = np.concatenate([2 * np.arange(cd)[None, :].repeat(g, 0), 2 * _first(tigress)[:, None] + 1], axis=1)
    vals = VALUE_OF[options]
    need = need[:, None]
    lowest = first_best(vals, legal, order, False)
    if trick.shape[1] == 0:  # leading
        strongest = first_best(vals, legal, order, True)
        numbers = legal & (vals >= 0) & (vals < 35)
        low_number = first_best(vals, numbers, order, False)
        return np.where(need[:, 0] > 0, strongest, np.where(numbers.any(axis=1), low_number, lowest))
    wins = outcomes(trick, options) & legal
    can_win = wins.any(axis=1)
    can_lose = (legal & ~wins).any(axis=1)
    up = vals + np.where(wins, 0, 1000)
    down = vals - np.where(wins, 0, 1000)
    cheapest_winner = first_best(up, legal, order, False)
    surest = first_best(down, legal, order, True)
    strong = np.where((up >= 45) & (up < 500), up, 1000)
    strong_pick = first_best(strong, legal, order, False)
    has_strong = np.where(legal, strong, 1000).min(axis=1) < 1000
    if trick.shape[1] == players - 1:  # last to play: the cheapest winner
        wanting = cheapest_winner
    else:  # every trick needed: the surest; else a character that wins, if any
        wanting = np.where(need[:, 0] >= held, surest, np.where(has_strong, strong_pick, surest))
    take = np.where(can_win, wanting, lowest)
    duck = np.where(can_lose, first_best(vals - np.where(wins, 1000, 0), legal, order, True), lowest)
    return np.where(need[:, 0] > 0, take, duck)


BATCH_BOTS = ("heuristic", "random")


# -- playing ------------------------------------------------------------------------------------
def decisions(players: int, rounds: Sequence[int]) -> int:
    """Actions in a game: every seat's bid and card in every round."""
    return sum(players * (1 + cd) for cd in rounds)


def play_block(game_seeds_: Sequence[int], bot_seeds: Sequence[int], players: int,
               seats: Sequence[str], scoring: str, edition: str, legendary: bool) -> dict[str, np.ndarray]:
    """Play one block of games to the end; arrays of the results and each game's action
    codes (``codes[G, actions]``, see :data:`ACTION_TEXTS`)."""
    n = players
    g = len(game_seeds_)
    rows = np.arange(g)
    deck = DECK_TYPES[legendary]
    rounds = [min(r, len(deck) // n) for r in range(1, ROUNDS + 1)]
    keys = shuffle_keys(game_seeds_, len(deck))
    bot_seeds = np.asarray(bot_seeds, dtype=np.uint64)
    total = decisions(n, rounds)
    codes = np.zeros((g, total), dtype=np.int16)
    heuristic = np.array([s == "heuristic" for s in seats])
    totals = np.zeros((g, n), dtype=np.int64)
    sums = {k: np.zeros((g, n), dtype=np.int64) for k in ("base", "bonus", "loot", "bids_hit", "tricks_won")}
    destroyed_all = np.zeros(g, dtype=np.int64)
    step = 0
    for r, cd in enumerate(rounds, start=1):
        # the engine sorts each hand's deck positions; the sorted deck makes that its order
        hand = deck[np.sort(dealt(keys[:, r - 1], n * cd).reshape(g, n, cd), axis=2)]
        count = copies(hand)  # [G, n, cd], as are the three below
        suits = SUIT_OF[hand]
        tigress = hand == T_TIGRESS
        leader0 = (r - 1) % n  # the seat left of this round's dealer asks first and leads
        # the round's draws, one per decision (numbered from the game's first decision)
        u = uniforms(bot_seeds, step, n * (1 + cd))
        first = step
        bids = np.minimum((u[:, :n] * (cd + 1)).astype(np.int64), cd)
        bids = bids[:, [(s - leader0) % n for s in range(n)]]  # draws in asking order -> seats
        if heuristic.any():
            bids = np.where(heuristic[None, :], heuristic_bids(hand, n, cd), bids)
        for i in range(n):
            codes[:, step + i] = bids[:, (leader0 + i) % n]
        step += n
        won = np.zeros((g, n), dtype=np.int64)
        bonus = np.zeros((g, n), dtype=np.int64)
        allies = np.full((g, 2, 2), -1, dtype=np.int64)  # (loot seat, winner seat) each
        allied = np.zeros(g, dtype=np.int64)
        leader = np.full(g, leader0, dtype=np.int64)
        # each seat's hand as one row of [G * n, ...] tables, its slots (the last: the
        # Tigress as an escape, see with_escape) also as bits: a play reads its seat's row
        width = cd + 1
        count, suits = with_escape(count, suits, tigress)
        slot_hand = np.concatenate([hand, np.full((g, n, 1), T_TIG_ESCAPE, dtype=hand.dtype)], axis=2)
        slot_hand = slot_hand.reshape(g * n * width)
        count = count.reshape(g * n * width)
        held = slot_bits(count.reshape(g, n, width) > 0).ravel()
        # per led suit (column 0: none led yet, then the four suits) the slots that follow it
        follow = np.zeros((g * n, 5), dtype=np.int32)
        for su in range(4):
            follow[:, su + 1] = slot_bits(suits == su).ravel()
        follow = follow.ravel()
        special = slot_bits(suits < 0).ravel()
        # both of the Tigress's slots: she leaves both, played either way
        hers = slot_bits(np.concatenate([tigress, tigress.any(axis=2, keepdims=True)], axis=2)).ravel()
        for t in range(cd):
            trick = np.zeros((g, n), dtype=np.int16)
            led = np.full(g, -1, dtype=np.int8)
            open_ = np.ones(g, dtype=bool)
            for i in range(n):
                seat = (leader + i) % n
                row = rows * n + seat
                now = held[row]
                ok = legal_bits(now, follow[row * 5 + led + 1], special[row])
                slot = pick_bit(ok, u[:, step - first]) if not heuristic.all() else None
                if heuristic.any():
                    on = heuristic[seat]
                    if on.any():
                        mask = ((ok[:, None] >> np.arange(width)) & 1).astype(bool)
                        mine = slot_hand.reshape(g * n, width)[row, :cd]
                        best = heuristic_plays(mine, mine == T_TIGRESS, mask, trick[:, :i], n,
                                               bids[rows, seat] - won[rows, seat], cd - t)
                        slot = best if slot is None else np.where(on, best, slot)
                at = row * width + slot
                card = PLAYED_AS[slot_hand[at]]
                left = count[at] - 1
                count[at] = left
                gone = np.where(left == 0, SLOT_BIT[slot], 0) | np.where((hers[row] >> slot) & 1, hers[row], 0)
                held[row] = now & ~gone
                trick[:, i] = card
                codes[:, step] = PLAY_CODE + card
                step += 1
                decides = open_ & (KIND_OF[card] != ESCAPE)
                led = np.where(decides, SUIT_OF[card], led)
                open_ &= ~decides
            winner, nxt, how, raw = resolve(trick, edition)
            taken = winner >= 0
            wseat = (leader + np.maximum(winner, 0)) % n
            won[rows[taken], wseat[taken]] += 1
            bonus[rows[taken], wseat[taken]] += raw[taken]
            destroyed_all += ~taken
            loot = (trick == T_LOOT) & (how == NORMAL)[:, None] & (np.arange(n)[None, :] != winner[:, None])
            if loot.any():
                for pos in range(n):
                    on = loot[:, pos]
                    if on.any():
                        idx = rows[on]
                        k = allied[idx]
                        allies[idx, k, 0] = (leader[idx] + pos) % n
                        allies[idx, k, 1] = wseat[idx]
                        allied[idx] += 1
            leader = (leader + nxt) % n
        exact = bids == won
        alliances = np.zeros((g, n), dtype=np.int64)
        for k in range(2):
            a, w = allies[:, k, 0], allies[:, k, 1]
            ok = (a >= 0) & exact[rows, np.maximum(a, 0)] & exact[rows, np.maximum(w, 0)]
            alliances[rows[ok], a[ok]] += 1
            alliances[rows[ok], w[ok]] += 1
        base, paid, loot_paid = round_points(scoring, cd, bids, won, bonus, alliances)
        totals += base + paid + loot_paid
        sums["base"] += base
        sums["bonus"] += paid
        sums["loot"] += loot_paid
        sums["bids_hit"] += exact
        sums["tricks_won"] += won
    places = 1 + (totals[:, None, :] > totals[:, :, None]).sum(axis=2)
    return {"scores": totals, "places": places, "codes": codes, "length": sum(rounds),
            "destroyed": destroyed_all, **sums}


def simulate_batch(run: Any, first: int, n: int, keep: bool = False) -> tuple[dict[str, Any], list | None]:
    """Games ``first .. first + n - 1`` of ``run`` (a :class:`lopti_nb.engine.runner.Run`):
    the seat table's columns as arrays (one entry per seat per game, games in order) and,
    with ``keep``, each game's record (a dict ``lopti_nb.load`` replays)."""
    problem = covers(run.names, run.settings)
    if problem:
        raise BatchNotCovered(problem)
    if run.rotate:
        raise BatchNotCovered("The batch simulator plays each seat's bot in its seat; "
                              "leave out batch=True to rotate the seats.")
    players = run.players
    s = run.settings
    parts: list[dict[str, np.ndarray]] = []
    records: list | None = [] if keep else None
    plain = run.spec.schema.to_plain(s)
    for start in range(first, first + n, BLOCK):
        numbers = range(start, min(start + BLOCK, first + n))
        gs, bs = block_seeds(run.seed, numbers)
        out = play_block(gs, bs, players, run.names, s["scoring"], s["edition"], s["legendary"])
        out["numbers"] = np.asarray(numbers, dtype=np.int64)
        parts.append({k: v for k, v in out.items() if k != "codes"})
        if keep:
            texts = ACTION_TEXTS
            for seed_, row in zip(gs, out["codes"].tolist()):
                records.append(build_record(run.spec.name, plain, seed_, players,
                                            list(map(texts.__getitem__, row)), bots=list(run.names)))
    return _columns(parts, players, run.names), records


def _columns(parts: list[dict[str, np.ndarray]], players: int, names: Sequence[str]) -> dict[str, Any]:
    def cat(key):
        return np.concatenate([p[key] for p in parts]) if parts else np.zeros((0, players), dtype=np.int64)

    numbers = np.concatenate([p["numbers"] for p in parts]) if parts else np.zeros(0, dtype=np.int64)
    games = len(numbers)
    length = parts[0]["length"] if parts else 0
    scores = cat("scores")
    places = cat("places")
    hits = cat("bids_hit")
    return {
        "game": np.repeat(numbers, players),
        "seat": np.tile(np.arange(players, dtype=np.int64), games),
        "bot": list(names) * games,
        "score": scores.ravel(),
        "place": places.ravel(),
        "won": places.ravel() == 1,
        "length": np.full(games * players, length, dtype=np.int64),
        "stalemate": np.zeros(games * players, dtype=bool),
        "base": cat("base").ravel(),
        "bonus": cat("bonus").ravel(),
        "loot": cat("loot").ravel(),
        "bids_hit": hits.ravel(),
        "rounds": np.full(games * players, ROUNDS, dtype=np.int64),
        "hit_rate": hits.ravel() / ROUNDS,
        "tricks_won": cat("tricks_won").ravel(),
    }
