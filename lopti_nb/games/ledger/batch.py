"""The Drowned Ledger played many games at a time: NumPy arrays over games, one decision a step.

What ``lopti_nb.simulate("drowned-ledger", n, batch=True)`` calls. Every game it plays is a
game of :class:`~lopti_nb.games.ledger.state.LedgerState`: it is dealt from the game's own
``random.Random(game seed)`` exactly as the engine deals it (the wreck and the Reckoning deck
shuffled with the engine's shuffle, and every reshuffle of the discard pile or the Reckoning
deck drawn from that generator at the moment the engine draws it), and its record replays
through ``lopti_nb.load`` to the same scores.

Arrays over a block of ``G`` games (``n`` seats, ``F`` machine faces: suit x printed value):

* the wreck and the discard pile as card codes in order (``wreck[G, D]`` with its height,
  ``discard[G, D]`` with its length), the Reckoning deck the same way;
* hands as counts of each face (``hand[G, n, F]``), yards as counts per suit with their
  printed values summed, the haul in flip order, coins, the market, the sea, the seat and
  phase of every game, and the per-seat statistics of ``simulate``'s columns.

Each step takes one decision in every game still running (games end at different rounds; a
finished game waits), chosen seat by seat by the random bot (uniform over the engine's listed
actions: Dive; Open of each distinct card, of each suit held twice or more and of the whole
hand; Sell of each distinct card; while diving FlipAgain or Surface, with numbers from
:func:`lopti_nb.engine.batch.uniforms`) or by a personality (``balanced``, ``seller``,
``opener``, ``greedy``, and ``mix``, the default, seating them as the engine does: their
rules over arrays, choosing what :mod:`lopti_nb.games.ledger.bots` chooses from the listed
actions; the tests check every choice against the engine's bots).

Covered: the plain rules (``mode="plain"``) with every lever (``hold_limit``, ``sea_start``,
``sea_claim``, ``deck``, ``max_rounds``; ``table_watch`` has no duty to watch there), with those
bots. The offices (the default mode) and the ``best`` and ``win`` bots are refused with
:class:`~lopti_nb.engine.errors.BatchNotCovered`: the engine path plays them.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

import numpy as np

from lopti_nb.engine import BatchNotCovered
from lopti_nb.engine.batch import block_seeds, first_bytes, generator_after, uniforms
from lopti_nb.engine.records import action_text, build_record
from lopti_nb.engine.shuffle import shuffle, shuffled_order

from .actions import DIVE, FLIP, SURFACE, Open, Sell
from .bots import MIX
from .cards import RECKONINGS, card_from_code, deck_spec, lost_count, reckoning_deck
from .state import CLEAN_LEDGER_BONUS, PRICE_FLOOR, PRICE_START

BLOCK = 16384  # games advanced together (a step's array calls cost less a game on more games)
#: the bots played here: random (0) and the four personalities, by number; ``mix`` seats them
#: by seat as the engine's mix does
POLICY = {"random": 0, "balanced": 1, "seller": 2, "opener": 3, "greedy": 4}
BATCH_BOTS = (*POLICY, "mix")
MAX_FLIPS = 12  # the personalities' last flip of a dive (bots.MAX_FLIPS)
SET_BONUS = 4  # a suit with three or more open machines (the plain rules' privilege)
SET_SIZE = 3
RECKONING_SIZE = len(reckoning_deck())
# per Reckoning card: (machines lost of a haul of h: "all"/"half"/"one"/"none"), the dive goes
# on, the haul is opened, coins per machine lost, sea triggers
_LOSE = {"all": 0, "half": 1, "one": 2, "none": 3}
RECK_LOSE = np.array([_LOSE[r.lose] for r in RECKONINGS], dtype=np.int8)
RECK_KEEP_DIVING = np.array([r.keep_diving for r in RECKONINGS])
RECK_OPEN_ALL = np.array([r.open_all for r in RECKONINGS])
RECK_COIN = np.array([r.coin_per_lost for r in RECKONINGS], dtype=np.int64)
RECK_TRIGGERS = np.array([r.triggers for r in RECKONINGS], dtype=np.int64)
# action codes: the three dive actions, then an Open of one card and a Sell of one card per
# face; an Open of several cards is written as text when it is taken
A_DIVE, A_FLIP, A_SURFACE = 0, 1, 2
A_GROUP = -1  # an Open of a suit or the whole hand (its text is kept beside the codes)
A_NONE = -2  # the game was over at this step
STAT_COLUMNS = ("dives", "flips", "caught", "surfaced", "sealed", "opens", "opened", "sells",
                "sale_coins", "gift_coins", "blinks")


def covers(bots: Sequence[str], settings: dict[str, Any]) -> str | None:
    """Why the batch simulator cannot play these bots and settings (``None``: it can)."""
    others = sorted({b for b in bots if b not in BATCH_BOTS})
    if others:
        return (f"The batch simulator plays the bots {', '.join(BATCH_BOTS)}, not "
                f"{', '.join(others)}; leave out batch=True to play them in the engine.")
    if settings["mode"] != "plain":
        return ("The batch simulator plays the plain rules (mode='plain'), not the offices; "
                "leave out batch=True to play the offices in the engine.")
    return None


def face_codes(suits: int, values: Sequence[int]) -> np.ndarray:
    """The card code of each face index ``suit * len(values) + i``, the ``i``-th of the
    deck's distinct printed ``values`` (ascending: faces in code order)."""
    return np.array([10 * (s + 1) + v for s in range(suits) for v in values], dtype=np.int16)


def turn_options(hand: np.ndarray, suits: int, per_suit: int) -> tuple[np.ndarray, ...]:
    """What the engine lists at a turn for hands ``hand[G, F]`` (counts by face): Dive, an
    Open of each distinct card, of each suit held twice or more and of the whole hand (when
    that is neither a single card nor one suit), and a Sell of each distinct card. Returns
    ``(held faces, suits held twice, distinct cards, such suits, whole hand listed)``, so
    ``1 + 2 * distinct + suits + whole`` actions are listed."""
    held = hand > 0
    # sums over a suit's few faces and the few suits a column at a time (many games, few
    # columns: NumPy's sums over a short last axis are slow)
    by_suit = hand.reshape(len(hand), suits, per_suit)
    held_by_suit = held.reshape(len(hand), suits, per_suit)
    suit_count = by_suit[:, :, 0].astype(np.int64)
    kinds = held_by_suit[:, :, 0].astype(np.int64)
    for v in range(1, per_suit):
        suit_count += by_suit[:, :, v]
        kinds += held_by_suit[:, :, v]
    pairs = suit_count >= 2
    distinct, groups, size, shown_suits = (np.zeros(len(hand), dtype=np.int64) for _ in range(4))
    for su in range(suits):
        distinct += kinds[:, su]
        groups += pairs[:, su]
        size += suit_count[:, su]
        shown_suits += suit_count[:, su] > 0
    whole = (size >= 2) & (shown_suits >= 2)
    return held, pairs, distinct, groups, whole


#: the arrays with one entry per game of a block (what compacting a block slices)
PER_GAME = ("bot_seeds", "wreck", "wtop", "discard", "dlen", "reck", "rtop", "hand", "yard",
            "yard_value", "coins", "market", "haul", "hlen", "flips_now", "sea", "round", "seat",
            "diving", "trigger", "over", "stalemate", "max_flips")


class Block:
    """The arrays of one block of games in play (see the module docstring)."""

    def __init__(self, game_seeds_: Sequence[int], bot_seeds: Sequence[int], players: int,
                 settings: dict[str, Any], bots: Sequence[str] = ("random",) * 5):
        spec = deck_spec(settings["deck"])
        self.players = n = players
        self.g = g = len(game_seeds_)
        self.rows = np.arange(g)
        self.bot_seeds = np.asarray(bot_seeds, dtype=np.uint64)
        self.suits = spec.suits
        values = sorted(set(spec.values))
        self.per_suit = len(values)
        self.faces = spec.suits * self.per_suit
        self.codes_of = face_codes(spec.suits, values)
        self.value_of = np.tile(np.array(values, dtype=np.int64), spec.suits)
        self.face_by_code = np.zeros(60, dtype=np.int64)
        self.face_by_code[self.codes_of] = np.arange(self.faces)
        self.hold = settings["hold_limit"]
        self.policy = np.array([POLICY[MIX[s % len(MIX)] if b == "mix" else b] for s, b in enumerate(bots[:n])],
                               dtype=np.int8)
        self.claim = settings["sea_claim"]
        self.max_rounds = settings["max_rounds"]
        cards = np.array(spec.cards(), dtype=np.int16)
        size = self.size = len(cards)
        # the engine's first two shuffles (wreck, then the Reckoning deck) read 4 bytes a card
        # from the game's generator, one call each; one call for both reads the same bytes
        # the generator of a game that reshuffles is made again when it first does (few do)
        self.first = 4 * (size + RECKONING_SIZE)
        self.game_seeds = list(game_seeds_)
        self.rngs: list[random.Random | None] = [None] * g
        keys = first_bytes(game_seeds_, self.first)
        self.wreck = cards[keys[:, :size].argsort(axis=1, kind="stable")]
        self.wtop = np.full(g, size, dtype=np.int64)
        self.discard = np.zeros((g, size), dtype=np.int16)
        self.dlen = np.zeros(g, dtype=np.int64)
        reck = np.array(reckoning_deck(), dtype=np.int8)
        self.reck = reck[keys[:, size:].argsort(axis=1, kind="stable")]
        self.rtop = np.full(g, RECKONING_SIZE, dtype=np.int64)
        self.hand = np.zeros((g, n, self.faces), dtype=np.int16)
        self.yard = np.zeros((g, n, self.suits), dtype=np.int16)
        self.yard_value = np.zeros((g, n), dtype=np.int64)
        self.coins = np.zeros((g, n), dtype=np.int64)
        self.market = np.full((g, self.suits), PRICE_START, dtype=np.int64)
        self.haul = np.zeros((g, max(self.hold, 1)), dtype=np.int16)
        self.hlen = np.zeros(g, dtype=np.int64)
        self.flips_now = np.zeros(g, dtype=np.int64)
        self.sea = np.full(g, settings["sea_start"], dtype=np.int64)
        self.round = np.ones(g, dtype=np.int64)
        self.seat = np.zeros(g, dtype=np.int64)
        self.diving = np.zeros(g, dtype=bool)
        self.trigger = np.zeros(g, dtype=bool)
        self.over = np.zeros(g, dtype=bool)
        self.stalemate = np.zeros(g, dtype=bool)
        self.stats = {k: np.zeros((g, n), dtype=np.int64) for k in STAT_COLUMNS}
        self.max_flips = np.zeros((g, n), dtype=np.int64)
        # per step: (the games' numbers in this block, their action codes); a block drops its
        # finished games now and then (compact), so a step's codes name the games they are of
        self.ids = np.arange(g)
        self.full: dict[str, Any] | None = None
        self.codes: list[tuple[np.ndarray, np.ndarray]] = []
        # (step, games, cards opened by face) of each step's Opens of several cards
        self.groups: list[tuple[int, np.ndarray, np.ndarray]] = []

    # -- small pieces -------------------------------------------------------------------
    def add(self, name: str, on: np.ndarray, amount: Any = 1) -> None:
        """``stats[name]`` of the acting seat of the games ``on`` += amount (the seat of this
        step: turns end when the step does)."""
        mask = self.acting & on[:, None]
        if np.ndim(amount) == 0:
            self.stats[name] += mask if amount == 1 else mask * amount
        else:
            self.stats[name] += mask * amount[:, None]

    def sea_trigger(self, on: np.ndarray, units: np.ndarray | int) -> None:
        """The round's first sea trigger moves the sea (never past the claim); later ones do not."""
        first = on & ~self.trigger
        units = np.broadcast_to(units, self.sea.shape)
        self.sea = np.where(first, np.minimum(self.sea + units, self.claim), self.sea)
        self.trigger |= first

    def to_discard(self, on: np.ndarray, cards: np.ndarray) -> None:
        idx = self.rows[on]
        self.discard[idx, self.dlen[idx]] = cards[on]
        self.dlen[idx] += 1

    def haul_to_hand(self, on: np.ndarray, upto: np.ndarray) -> None:
        """The first ``upto`` machines of the haul of the games ``on`` go into the diver's hand."""
        for j in range(self.haul.shape[1]):
            take = on & (j < upto)
            if take.any():
                idx = self.rows[take]
                face = self.face_of(self.haul[idx, j])
                self.hand[idx, self.seat[idx], face] += 1

    def face_of(self, codes: np.ndarray) -> np.ndarray:
        return self.face_by_code[codes]

    # -- the moves ------------------------------------------------------------------------
    def end_turn(self, on: np.ndarray, dive: bool) -> None:
        """The turns of the games ``on`` end (a dive's with ``dive``) when this step ends: a
        game takes one action a step, so nothing later in the step reads its seat."""
        self.ending |= on
        if dive:
            self.ending_dive |= on

    def finish_turns(self) -> None:
        """End this step's ended turns: the next seat, or the next round, or the game's end."""
        on = self.ending
        if not on.any():
            return
        dove = self.ending_dive
        if dove.any():
            self.max_flips = np.where(self.acting & dove[:, None],
                                      np.maximum(self.max_flips, self.flips_now[:, None]), self.max_flips)
            self.hlen[dove] = 0
        self.diving[on] = False
        self.seat[on] += 1
        done = on & (self.seat == self.players)
        claimed = done & (self.sea >= self.claim)
        capped = done & ~claimed & (self.round >= self.max_rounds)
        self.over |= claimed | capped
        self.stalemate |= capped
        onward = done & ~claimed & ~capped
        self.seat[done] = np.where(onward[done], 0, self.players - 1)
        self.round[onward] += 1
        self.trigger[onward] = False

    def open_cards(self, idx: np.ndarray, counts: np.ndarray) -> None:
        """The acting seat of each game ``idx`` lays ``counts[k, F]`` (cards by face) in its
        yard; every other seat already showing a suit takes a coin per card of it."""
        if not len(idx):
            return
        seat = self.seat[idx]
        per_suit = counts.reshape(len(idx), self.suits, self.per_suit).sum(axis=2)
        values = (counts * self.value_of).sum(axis=1)
        showing = self.yard[idx] > 0  # [k, n, suits], before this Open
        gifts = (showing * per_suit[:, None, :]).sum(axis=2)
        gifts[np.arange(len(idx)), seat] = 0
        self.coins[idx] += gifts
        self.stats["gift_coins"][idx] += gifts
        self.yard[idx, seat] += per_suit.astype(np.int16)
        self.yard_value[idx, seat] += values
        self.stats["opens"][idx, seat] += 1
        self.stats["opened"][idx, seat] += per_suit.sum(axis=1)

    def reshuffle(self, games: np.ndarray, wreck: bool) -> None:
        """Each game in ``games`` reshuffles its discard pile into the wreck (or a fresh
        Reckoning deck) with its own generator, as the engine does at that moment."""
        for k in games.tolist():
            rng = self.rngs[k]
            if rng is None:
                rng = self.rngs[k] = generator_after(self.game_seeds[k], self.first)
            if wreck:
                m = int(self.dlen[k])
                order = shuffled_order(rng, m)
                self.wreck[k, :m] = self.discard[k, order]
                self.wtop[k] = m
                self.dlen[k] = 0
            else:
                deck = reckoning_deck()
                shuffle(deck, rng)
                self.reck[k] = deck
                self.rtop[k] = RECKONING_SIZE

    def flip(self, on: np.ndarray) -> None:
        if not on.any():
            return
        empty = on & (self.wtop == 0)
        if empty.any():
            self.reshuffle(self.rows[empty], True)
        idx = self.rows[on]
        self.wtop[idx] -= 1
        card = np.zeros(self.g, dtype=np.int64)
        card[idx] = self.wreck[idx, self.wtop[idx]]
        self.flips_now[on] += 1
        self.add("flips", on)
        machine = on & (card < 100)
        if machine.any():
            m = self.rows[machine]
            self.haul[m, self.hlen[m]] = card[m]
            self.hlen[m] += 1
            self.surface(machine & (self.hlen >= self.hold))
        hazard = on & (card >= 100)
        if hazard.any():
            self.to_discard(hazard, card)
            self.reckoning(hazard & (card - 100 <= self.sea))

    def surface(self, on: np.ndarray) -> None:
        if not on.any():
            return
        self.haul_to_hand(on, self.hlen)
        self.add("surfaced", on)
        self.add("sealed", on, self.hlen)
        self.end_turn(on, True)

    def reckoning(self, on: np.ndarray) -> None:
        if not on.any():
            return
        empty = on & (self.rtop == 0)
        if empty.any():
            self.reshuffle(self.rows[empty], False)
        idx = self.rows[on]
        self.rtop[idx] -= 1
        rule = np.zeros(self.g, dtype=np.int64)
        rule[idx] = self.reck[idx, self.rtop[idx]]
        blink = on & RECK_KEEP_DIVING[rule]
        self.add("blinks", blink)
        self.sea_trigger(blink, 1)
        caught = on & ~blink
        self.add("caught", caught)
        forced = caught & RECK_OPEN_ALL[rule]
        if forced.any():
            self.sea_trigger(forced, RECK_TRIGGERS[rule])
            faces = np.zeros((self.g, self.faces), dtype=np.int16)
            for j in range(self.haul.shape[1]):
                take = forced & (j < self.hlen)
                faces[self.rows[take], self.face_of(self.haul[take, j])] += 1
            laid = self.rows[forced & (self.hlen > 0)]
            self.open_cards(laid, faces[laid])
            self.end_turn(forced, True)
        lose = caught & ~forced
        if lose.any():
            h = self.hlen
            kind = RECK_LOSE[rule]
            lost = np.where(kind == 0, h, np.where(kind == 1, (h + 1) // 2, np.where(kind == 2, np.minimum(1, h), 0)))
            keep = h - lost
            self.haul_to_hand(lose, keep)
            for j in range(self.haul.shape[1]):
                gone = lose & (j >= keep) & (j < h)
                if gone.any():
                    self.to_discard(gone, self.haul[:, j])
            self.add("sealed", lose, keep)
            self.sea_trigger(lose & (RECK_TRIGGERS[rule] > 0), RECK_TRIGGERS[rule])
            paid = lose & (RECK_COIN[rule] > 0) & (lost > 0)
            self.coins[self.rows[paid], self.seat[paid]] += (RECK_COIN[rule] * lost)[paid]
            self.end_turn(lose, True)

    # -- a step ---------------------------------------------------------------------------
    def step(self, number: int) -> None:
        g, f, s = self.g, self.faces, self.suits
        rows = self.rows
        live = ~self.over
        self.acting = self.seat[:, None] == np.arange(self.players)  # [G, n]: whose turn
        self.ending = np.zeros(g, dtype=bool)
        self.ending_dive = np.zeros(g, dtype=bool)
        u = uniforms(self.bot_seeds, number, 1)[:, 0]
        code = np.full(g, A_NONE, dtype=np.int64)
        # while diving: FlipAgain (while any card is left to flip) or Surface
        diving = live & self.diving
        can_flip = (self.wtop > 0) | (self.dlen > 0)
        flip = diving & can_flip & (u < 0.5)
        policy = self.policy[self.seat]
        persona = live & (policy > 0)
        if persona.any():
            # a personality flips on while its haul is short of its target (and the dive has
            # not reached the last flip any of them makes), else surfaces (bots._dive_step)
            sea = self.sea
            target = np.where(policy == 1, np.where(sea <= 6, 3, 2),
                              np.where(policy == 4, self.hold, np.where(sea <= 5, 3, 2)))
            keen = can_flip & (self.hlen < target) & (self.flips_now < MAX_FLIPS)
            flip = np.where(persona, diving & keen, flip)
        code[diving] = np.where(flip[diving], A_FLIP, A_SURFACE)
        # a turn: Dive, or Open/Sell of the sealed cards (an empty hand must dive), decided
        # on the games at a turn alone (``t``; the others are diving or over)
        t = np.flatnonzero(live & ~self.diving)
        hand = np.take(self.hand.reshape(g * self.players, f), t * self.players + self.seat[t], axis=0)
        held, pairs, distinct, groups, whole = turn_options(hand, s, self.per_suit)
        count = 1 + 2 * distinct + groups + whole
        k = np.minimum((u[t] * count).astype(np.int64), count - 1)
        dive_t = k == 0
        single_t = (k >= 1) & (k <= distinct)
        by_suit_t = (k > distinct) & (k <= distinct + groups)
        all_hand_t = whole & (k == distinct + groups + 1)
        sell_t = k > distinct + groups + whole
        nth = np.where(single_t, k - 1, k - 1 - distinct - groups - whole)  # the card's rank
        rank = held.cumsum(axis=1, dtype=np.int16)
        face_t = (rank > nth[:, None]).argmax(axis=1)
        persona_t = persona[t]
        if persona_t.any():
            dive_t, all_hand_t, sell_t, face_t = self.personalities(t, persona_t, policy[t], hand, held, dive_t,
                                                                    all_hand_t, sell_t, face_t)
            single_t &= ~persona_t
            by_suit_t &= ~persona_t
        group_t = by_suit_t | all_hand_t
        code[t[dive_t]] = A_DIVE
        code[t[single_t]] = 3 + face_t[single_t]
        code[t[sell_t]] = 3 + f + face_t[sell_t]
        code[t[group_t]] = A_GROUP
        # opens
        opened = np.zeros((len(t), f), dtype=np.int16)
        opened[np.flatnonzero(single_t), face_t[single_t]] = 1
        if by_suit_t.any():
            suit_rank = pairs[by_suit_t].cumsum(axis=1, dtype=np.int16)
            group_suit = (suit_rank > (k - 1 - distinct)[by_suit_t][:, None]).argmax(axis=1)
            in_suit = (np.arange(f)[None, :] // self.per_suit) == group_suit[:, None]
            opened[by_suit_t] = np.where(in_suit, hand[by_suit_t], 0)
        opened[all_hand_t] = hand[all_hand_t]
        if group_t.any():  # written as text only if the records are kept
            self.groups.append((number, self.ids[t[group_t]], opened[group_t]))
        opening_t = single_t | group_t
        if opening_t.any():
            k = t[opening_t]
            self.hand[k, self.seat[k]] -= opened[opening_t]
            self.open_cards(k, opened[opening_t])
            self.end_turn(self.mask(k), False)
        dive = self.mask(t[dive_t])
        sell = self.mask(t[sell_t])
        face = np.zeros(g, dtype=np.int64)
        face[t] = face_t
        # sales
        if sell.any():
            k = rows[sell]
            sold = face[sell]
            self.hand[k, self.seat[k], sold] -= 1
            suit = sold // self.per_suit
            price = self.market[k, suit]
            self.market[k, suit] = np.where(price > PRICE_FLOOR, price - 1, price)
            self.coins[k, self.seat[k]] += price
            self.stats["sells"][k, self.seat[k]] += 1
            self.stats["sale_coins"][k, self.seat[k]] += price
            self.to_discard(sell, self.codes_of[face])
            self.sea_trigger(sell, 1)
            self.end_turn(sell, False)
        # dives
        if dive.any():
            self.diving[dive] = True
            self.hlen[dive] = 0
            self.flips_now[dive] = 0
            self.add("dives", dive)
        self.surface(diving & ~flip)
        self.flip(flip | dive)
        self.finish_turns()
        self.codes.append((self.ids, code))

    def mask(self, games: np.ndarray) -> np.ndarray:
        """``[G]``: True at the games ``games``."""
        out = np.zeros(self.g, dtype=bool)
        out[games] = True
        return out

    def personalities(self, games, on, policy, hand, held, dive, all_hand, sell, face):
        """The turn of each personality (bots.balanced, seller, opener, greedy) among the
        games ``games`` (the other arrays are theirs, one row a game) where ``on``: Dive, Open
        the whole hand (the largest Open listed, the first of that size) or Sell the
        best-priced card (the first listed of the highest price)."""
        rows = np.arange(len(games))
        size = hand.sum(axis=1)
        has = size > 0
        endgame = self.sea[games] >= self.claim - 1
        suit_count = hand.reshape(len(games), self.suits, self.per_suit).sum(axis=2)
        price = np.where(suit_count > 0, self.market[games], -1)
        best_suit = price.argmax(axis=1)  # the first suit of the highest price held
        best_price = price[rows, best_suit]
        in_best = held & ((np.arange(self.faces)[None, :] // self.per_suit) == best_suit[:, None])
        sell_face = in_best.argmax(axis=1)  # its lowest card: the first Sell of that price
        stray = ((best_price >= 5) & (suit_count[rows, best_suit] == 1)
                 & (self.yard[games, self.seat[games], best_suit] == 0))
        balanced_sells = ~endgame & (size >= 4) & stray
        balanced_opens = endgame | ((size >= 4) & ~stray)
        opens = np.select([policy == 1, policy == 2, policy == 3],
                          [balanced_opens, False, (size >= 2) | endgame],
                          (size >= 4) | endgame) & has
        sells = np.where(policy == 1, balanced_sells, policy == 2) & has
        p_open = on & opens
        p_sell = on & sells & ~opens
        p_dive = on & ~p_open & ~p_sell
        return (np.where(on, p_dive, dive), np.where(on, p_open, all_hand),
                np.where(on, p_sell, sell), np.where(p_sell, sell_face, face))

    def play(self) -> None:
        number = 0
        while not self.over.all():
            self.step(number)
            number += 1
            if self.g > 64 and 10 * int(self.over.sum()) > 4 * self.g:
                self.compact()
        self.compact(restore=True)

    def compact(self, restore: bool = False) -> None:
        """Drop the finished games from the arrays, their results kept in ``full`` (games end
        at different rounds: a step then costs what the games still running cost); with
        ``restore``, put every game back, in its place."""
        if self.full is None:
            if restore:
                return
            self.full = {name: getattr(self, name).copy() for name in PER_GAME}
            self.full.update({f"stats:{k}": v.copy() for k, v in self.stats.items()})
            self.full["rngs"] = list(self.rngs)
            self.full["game_seeds"] = list(self.game_seeds)
        for name in PER_GAME:
            self.full[name][self.ids] = getattr(self, name)
        for k, v in self.stats.items():
            self.full[f"stats:{k}"][self.ids] = v
        if restore:
            for name in PER_GAME:
                setattr(self, name, self.full[name])
            self.stats = {k: self.full[f"stats:{k}"] for k in self.stats}
            self.rngs = self.full["rngs"]
            self.game_seeds = self.full["game_seeds"]
            self.ids = np.arange(len(self.rngs))
        else:
            keep = np.flatnonzero(~self.over)
            for name in PER_GAME:
                setattr(self, name, getattr(self, name)[keep])
            self.stats = {k: v[keep] for k, v in self.stats.items()}
            self.rngs = [self.rngs[k] for k in keep.tolist()]
            self.game_seeds = [self.game_seeds[k] for k in keep.tolist()]
            self.ids = self.ids[keep]
        self.g = len(self.ids)
        self.rows = np.arange(self.g)

    # -- results ---------------------------------------------------------------------------
    def scores(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(totals, places, open machines) per seat, as LedgerState.score_breakdown and _finish."""
        opened = self.yard.sum(axis=2).astype(np.int64)
        most = opened.max(axis=1, keepdims=True)
        clean = np.where((most > 0) & (opened == most), CLEAN_LEDGER_BONUS, 0)
        sets = (self.yard >= SET_SIZE).sum(axis=2) * SET_BONUS
        totals = self.coins + self.yard_value + sets + clean
        better = ((totals[:, None, :] > totals[:, :, None])
                  | ((totals[:, None, :] == totals[:, :, None]) & (opened[:, None, :] > opened[:, :, None])))
        return totals, 1 + better.sum(axis=2), opened

    def action_texts(self) -> list[list[str]]:
        """Each game's actions as the text its record holds."""
        f = self.faces
        table = ([action_text(DIVE), action_text(FLIP), action_text(SURFACE)]
                 + [action_text(Open((card_from_code(int(c)),))) for c in self.codes_of]
                 + [action_text(Sell(card_from_code(int(c)))) for c in self.codes_of])
        codes = np.full((self.g, len(self.codes)), A_NONE, dtype=np.int64)
        for step, (ids, code) in enumerate(self.codes):
            codes[ids, step] = code
        texts_of = {}
        for number, games, opened in self.groups:
            for k, counts in zip(games.tolist(), opened):
                cards = tuple(map(card_from_code, np.repeat(self.codes_of, counts).tolist()))
                texts_of[(k, number)] = action_text(Open(cards))
        out = []
        for k, row in enumerate(codes.tolist()):
            texts = []
            for step, c in enumerate(row):
                if c >= 0:
                    texts.append(table[c])
                elif c == A_GROUP:
                    texts.append(texts_of[(k, step)])
            out.append(texts)
        assert len(table) == 3 + 2 * f
        return out


def simulate_batch(run: Any, first: int, n: int, keep: bool = False) -> tuple[dict[str, Any], list | None]:
    """Games ``first .. first + n - 1`` of ``run`` (a :class:`lopti_nb.engine.runner.Run`):
    the seat table's columns as arrays and, with ``keep``, each game's record."""
    problem = covers(run.names, run.settings)
    if problem:
        raise BatchNotCovered(problem)
    if run.rotate:
        raise BatchNotCovered("The batch simulator plays each seat's bot in its seat; "
                              "leave out batch=True to rotate the seats.")
    players = run.players
    plain = run.spec.schema.to_plain(run.settings)
    parts = []
    records: list | None = [] if keep else None
    for start in range(first, first + n, BLOCK):
        numbers = range(start, min(start + BLOCK, first + n))
        gs, bs = block_seeds(run.seed, numbers)
        block = Block(gs, bs, players, run.settings, run.names)
        block.play()
        parts.append((np.asarray(numbers, dtype=np.int64), block))
        if keep:
            for seed_, texts in zip(gs, block.action_texts()):
                records.append(build_record(run.spec.name, plain, seed_, players, texts,
                                            bots=list(run.names)))
    return _columns(parts, players, run.names), records


def _columns(parts: list, players: int, names: Sequence[str]) -> dict[str, Any]:
    def cat(values, empty_dtype=np.int64):
        return np.concatenate(values) if values else np.zeros(0, dtype=empty_dtype)

    numbers = cat([p[0] for p in parts])
    games = len(numbers)
    scored = [b.scores() for _, b in parts]
    per_seat = {}

    def seat(values):
        return cat([np.asarray(v).ravel() for v in values])

    per_seat["score"] = seat([s[0] for s in scored])
    per_seat["place"] = seat([s[1] for s in scored])
    stalemate = seat([np.repeat(b.stalemate, players) for _, b in parts]).astype(bool)
    cols = {
        "game": np.repeat(numbers, players),
        "seat": np.tile(np.arange(players, dtype=np.int64), games),
        "bot": list(names) * games,
        "score": per_seat["score"],
        "place": per_seat["place"],
        "won": (per_seat["place"] == 1) & ~stalemate,
        "length": seat([np.repeat(b.round, players) for _, b in parts]),
        "stalemate": stalemate,
    }
    for name in STAT_COLUMNS:
        cols[name] = seat([b.stats[name] for _, b in parts])
    cols["duty_caught"] = np.zeros(games * players, dtype=np.int64)
    cols["office"] = [None] * (games * players)
    dives = cols["dives"]
    cols["max_flips"] = seat([b.max_flips for _, b in parts])
    cols["flips_per_dive"] = np.where(dives > 0, cols["flips"] / np.maximum(dives, 1), 0.0)
    cols["coins"] = seat([b.coins for _, b in parts])
    cols["open_machines"] = seat([s[2] for s in scored])
    cols["sealed_left"] = seat([b.hand.sum(axis=2) for _, b in parts])
    return cols
