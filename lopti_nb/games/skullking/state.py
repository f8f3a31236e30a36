"""The Skull King game state on the shared engine.

A game is ten rounds. In round N every player gets N cards, capped at
``floor(deck size / players)`` (with 8 players and 74 cards rounds 9 and 10 deal 9). The
whole deck is reshuffled for every round. The dealer moves one seat to the left (seat + 1)
each round; round 1 is dealt by the last seat, so seat 0 is asked first and leads the first
trick.

Bids are secret and simultaneous: while the bids are taken, ``to_act`` is every seat that has
not bid, and they may bid in any order (``state.apply(Bid(n), seat)``). ``current_player`` is
the first of them counted from the left of the dealer, so a loop that asks only
``current_player`` takes the bids one at a time in that order. No observation or event shows
a number until the last bid is in; then one :class:`BidsRevealed` event shows them all.
After the reveal the player left of the dealer leads the first trick and the winner of each trick leads the next (after a destroyed trick,
see :func:`rules.next_leader`). When every card is played the round is scored and the next
round is dealt; after round ten the game is over.

Settings: ``scoring`` (``"classic"``, ``"rascal"``, ``"cannonball"``), ``edition``
(``"table"`` or ``"2021"`` bonus table) and ``legendary`` (``False`` leaves out the two Loot,
the Kraken and the White Whale: a 70-card deck).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from lopti_nb.engine import (Event, GameState, Result, SettingsError, event_maker, places_from_keys,
                             plural, seat_word)
from lopti_nb.engine.core import CACHE, DEEP, DICTS, LIST, LISTS, SHARED

from . import rules
from .rules import PASSES_SUIT_ON, bonus_points, resolve_trick
from .cards import (
    CARDS, HOLDABLE, KIND, NAME, SORT_KEY, SUIT, SUIT_NAMES, TIGRESS,
    build_deck, parse_card,
)

ROUNDS = 10
BID, PLAY, OVER = "bid", "play", "over"


# -- actions -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Bid:
    """Bid ``n`` tricks for this round (secret until everyone has bid)."""

    n: int

    def __str__(self) -> str:
        return f"bid {self.n}"


@dataclass(frozen=True)
class Play:
    """Play ``card`` (notation string; the Tigress as ``"tigress:pirate"`` or
    ``"tigress:escape"``)."""

    card: str

    def __str__(self) -> str:
        name = NAME.get(self.card) if isinstance(self.card, str) else None
        return f"play {name}" if name else f"play {self.card!r}"


_MAX_BID = 14
BIDS = tuple(Bid(n) for n in range(_MAX_BID + 1))
PLAYS = {c: Play(c) for c in CARDS if KIND[c] != TIGRESS}
#: the actions each card in a hand offers (the Tigress offers two)
PLAYS_OF = {c: (PLAYS[c],) for c in HOLDABLE if KIND[c] != TIGRESS}
PLAYS_OF["tigress"] = (PLAYS["tigress:pirate"], PLAYS["tigress:escape"])


def _seat(seat: int) -> str:
    # the engine's seat words: counted from 1 in every sentence ("Seat 1" is index 0)
    return seat_word(seat)


def _cards_words(cards) -> str:
    """Cards as people say them ("yellow 3, the Kraken"), never their codes."""
    return ", ".join(NAME.get(c, c) for c in cards) if cards else "nothing"


# -- events ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RoundDealt(Event):
    """A new round: who deals, how many cards each, and the hands (secret)."""

    round: int
    dealer: int
    cards_each: int
    hands: tuple | None  # per seat: a tuple of cards, or None where hidden

    def describe(self) -> str:
        text = (f"Round {self.round}: {_seat(self.dealer)} deals "
                f"{plural(self.cards_each, 'card')} to each player.")
        if self.hands:
            shown = [f"{_seat(s)} holds {_cards_words(h)}" for s, h in enumerate(self.hands)
                     if h is not None]
            if shown:
                text += " " + "; ".join(shown) + "."
        return text

    def for_seat(self, seat: int | None) -> "RoundDealt":
        if self.hands is None:
            return self
        hands = None
        if seat is not None and 0 <= seat < len(self.hands):
            hands = tuple(h if s == seat else None for s, h in enumerate(self.hands))
        return RoundDealt(self.round, self.dealer, self.cards_each, hands)


@dataclass(frozen=True)
class BidMade(Event):
    """A player has bid; the number stays secret until :class:`BidsRevealed`."""

    round: int
    seat: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} has made a secret bid."


@dataclass(frozen=True)
class BidsRevealed(Event):
    round: int
    bids: tuple[int, ...]

    def describe(self) -> str:
        parts = ", ".join(f"{_seat(s)} {b}" for s, b in enumerate(self.bids))
        return f"Bids revealed for round {self.round}: {parts}."


@dataclass(frozen=True)
class CardPlayed(Event):
    seat: int
    card: str

    def describe(self) -> str:
        return f"{_seat(self.seat)} plays {NAME[self.card]}."


@dataclass(frozen=True)
class TrickWon(Event):
    round: int
    trick: int  # 1-based within the round
    cards: tuple[str, ...]  # in play order
    leader: int  # seat that played cards[0]
    seat: int  # the winner
    card: str  # the winning card
    bonus: int  # raw bonus captured
    loot_allies: tuple[int, ...]  # seats allied with the winner by a Loot

    def describe(self) -> str:
        text = f"{_seat(self.seat)} wins trick {self.trick} with {NAME[self.card]}"
        if self.bonus:
            text += f" and captures a bonus of {self.bonus}"
        text += "."
        for ally in self.loot_allies:
            text += f" {_seat(ally)}'s Loot allies them with {_seat(self.seat)}."
        return text


@dataclass(frozen=True)
class TrickDestroyed(Event):
    round: int
    trick: int
    cards: tuple[str, ...]
    leader: int  # seat that played cards[0]
    by: str  # "kraken" or "white-whale"
    next_leader: int

    def describe(self) -> str:
        if self.by == "kraken":
            cause = "The Kraken destroys"
        else:
            cause = "The White Whale finds no numbers and destroys"
        return f"{cause} trick {self.trick}; {_seat(self.next_leader)} leads next."


@dataclass(frozen=True)
class RoundScored(Event):
    round: int
    bids: tuple[int, ...]
    won: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]

    def describe(self) -> str:
        parts = [
            f"{_seat(s)} bid {b}, won {w}: {p:+g} (total {t:g})"
            for s, (b, w, p, t) in enumerate(zip(self.bids, self.won, self.points, self.totals))
        ]
        return f"Round {self.round} scores: " + "; ".join(parts) + "."


@dataclass(frozen=True)
class GameOver(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def describe(self) -> str:
        best = self.scores[self.winners[0]]
        who = " and ".join(_seat(s) for s in self.winners)
        verb = "wins" if len(self.winners) == 1 else "share the win"
        return f"Game over: {who} {verb} with {best:g} points."


# Cached immutable events (the engine appends the same value objects; they are never mutated):
# per round, per seat.
_BID_MADE = [None] + [[BidMade(rnd, seat) for seat in range(8)] for rnd in range(1, ROUNDS + 1)]


_SORT = SORT_KEY.__getitem__
TIGRESS_OF = {"tigress:pirate": "tigress", "tigress:escape": "tigress"}
#: the card a hand holds for each card as played
HELD = {c: TIGRESS_OF.get(c, c) for c in CARDS}
#: per suit: its number cards; and the cards a player holding that suit may play
_SUIT_CARDS = {suit: frozenset(c for c in CARDS if SUIT[c] == suit) for suit in "YPGB"}
_ALLOWED = {suit: frozenset(c for c in CARDS if SUIT[c] in (None, suit)) for suit in "YPGB"}
#: the cards as played that a held card offers (the Tigress: both declarations)
DECLARED = {c: tuple(a.card for a in PLAYS_OF[c]) for c in PLAYS_OF}


def _plays_of_hand(hand) -> dict:
    """The plays a hand offers, keyed by the card as played, in hand order (one per
    distinct card; the Tigress offers two)."""
    if "tigress" in hand:
        i = hand.index("tigress")
        hand = [*hand[:i], "tigress:pirate", "tigress:escape", *hand[i + 1:]]
    return dict(zip(hand, map(PLAYS.__getitem__, hand)))


_DECKS = {True: build_deck(True), False: build_deck(False)}
_SORTED_DECKS = {k: tuple(sorted(d, key=SORT_KEY.__getitem__)) for k, d in _DECKS.items()}
# numpy is imported at the first deal, not with this module: loading the game (a dashboard
# listing the installed games, say) does not need it, and it is a tenth of a second of a cold
# dashboard page. _NUMPY holds (the sorted decks as arrays, frombuffer, the key dtype).
_NUMPY = None


def _numpy():
    global _NUMPY
    if _NUMPY is None:
        import numpy

        decks = {k: numpy.array(d, dtype=object) for k, d in _SORTED_DECKS.items()}
        _NUMPY = (decks, numpy.frombuffer, numpy.dtype("<u4"))
    return _NUMPY


def deal_order(rng, n: int):
    """The engine's shuffle (:func:`lopti_nb.engine.shuffle.shuffled_order`) as a numpy array:
    the same permutation, three times faster for a deck of 74.

    The engine orders positions by independent 32-bit keys, the little-endian words of
    ``rng.randbytes(4 * n)``, in a stable sort; here the same bytes are read as the same
    little-endian words (``"<u4"``, on any machine) and numpy's stable argsort orders them
    the same way, ties by position. ``tests/skullking`` checks the two agree.
    """
    _, frombuffer, keys = _NUMPY or _numpy()
    return frombuffer(rng.randbytes(4 * n), keys).argsort(kind="stable")
_PLAYED_EVENTS = [{c: CardPlayed(seat, c) for c in PLAYS} for seat in range(8)]
_SUMMED = itemgetter("base", "bonus", "loot", "hit", "won")


# Fast constructors for the events built on every trick and round (same values).
_round_dealt, _bids_revealed, _trick_won, _trick_destroyed, _round_scored, _game_over = map(
    event_maker, (RoundDealt, BidsRevealed, TrickWon, TrickDestroyed, RoundScored, GameOver))


# -- the state ---------------------------------------------------------------------------------
def _fresh_plays(plays: list) -> list:
    return [{} for _ in plays]


def _fresh_plays_for(hands: list) -> list:
    return [None] * len(hands)


class SkullKingState(GameState):
    """A game of Skull King for 2-8 players."""

    game = "skull-king"
    simultaneous = True  # the bids of a round are made in secret, in any order
    FIELDS = {
        "scoring": SHARED, "edition": SHARED, "deck": SHARED, "phase": SHARED, "round": SHARED,
        "dealer": SHARED, "cards_dealt": SHARED, "hands": LISTS, "bids": LIST, "won": LIST,
        "bonus": LIST, "allies": LIST, "totals": LIST, "trick": SHARED, "leader": SHARED,
        "trick_number": SHARED, "led": SHARED, "_suit_open": SHARED, "destroyed": SHARED,
        "records": DICTS, "current_player": SHARED, "_result": DEEP, "rounds": LIST,
        "_has_bid": LIST, "_table": CACHE,
        # the plays each hand offers, rebuilt by legal_actions for hands it has not seen: a
        # copy starts with none (its hands are new lists)
        "_plays": _fresh_plays, "_plays_for": _fresh_plays_for,
    }

    def __init__(self, players: int, seed: int | None = None, scoring: str = "classic",
                 edition: str = "table", legendary: bool = True):
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 8:
            raise SettingsError(f"Skull King is for 2-8 players, not {players!r}")
        if scoring not in rules.SCORING_SYSTEMS:
            raise SettingsError(
                f"scoring must be one of {', '.join(rules.SCORING_SYSTEMS)}, not {scoring!r}")
        if edition not in rules.EDITIONS:
            raise SettingsError(
                f"edition must be one of {', '.join(rules.EDITIONS)}, not {edition!r}")
        if not isinstance(legendary, bool):
            raise SettingsError(f"legendary must be True or False, not {legendary!r}")
        GameState.__init__(self, players, seed,
                           {"scoring": scoring, "edition": edition, "legendary": legendary})
        self.scoring = scoring
        self.edition = edition
        self.deck = _DECKS[legendary]
        n = players
        self.phase = BID
        self.round = 0
        self.dealer = (n - 2) % n  # round 1 is dealt by the last seat: seat 0 opens it
        self.cards_dealt = 0
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.bids: list[int | None] = [None] * n
        self.won = [0] * n
        self.bonus = [0] * n  # raw bonus captured this round
        self.allies: list[tuple[int, int]] = []  # (loot seat, winner seat) this round
        self.totals = [0] * n
        self.trick: tuple[str, ...] = ()  # the cards of the trick in play order
        self.leader = 0
        self.trick_number = 0
        self.led: str | None = None  # the suit to follow, if any
        self._suit_open = True  # only escape-like cards so far: the suit is not decided
        self.destroyed = 0  # tricks destroyed this round
        self.records: list[dict[str, Any]] = []  # one per seat per round
        self.current_player: int | None = 0
        self._result: Result | None = None
        self.rounds = [min(r, len(self.deck) // players) for r in range(1, ROUNDS + 1)]
        # Per seat: the plays its hand offers (card as played -> Play), kept in step by _apply,
        # and the hand list they were built from: legal_actions rebuilds them when a new list
        # is dealt or assigned. (Change hands by assigning lists or with set_hands().)
        self._plays: list[dict] = [{} for _ in range(n)]
        self._plays_for: list = [None] * n
        self._start_round()

    # -- the contract -------------------------------------------------------------------------
    # ``current_player`` is a plain attribute here (the seat to act, None once over): the
    # engine's loop reads it before every action, so it is kept as cheap as possible.
    current_player = None

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def to_act(self) -> tuple[int, ...]:
        """While the bids are taken: every seat that has not bid, counted from
        ``current_player`` (the first of them left of the dealer). Otherwise the one seat to
        play, or nobody once the game is over."""
        cur = self.current_player
        if cur is None:
            return ()
        if self.phase != BID:
            return (cur,)
        n = self.num_players
        has_bid = self._has_bid
        return tuple(s for s in (*range(cur, n), *range(cur)) if not has_bid[s])

    def legal_actions(self, seat: int | None = None) -> list:
        """Bids 0..cards dealt, or one :class:`Play` per distinct playable card in the hand
        (the Tigress gives two: as a pirate and as an escape). ``seat`` (default:
        ``current_player``) may be any seat that has not bid while the bids are taken; any
        other seat has nothing to do."""
        cur = self.current_player
        if seat is not None and seat != cur:
            seat = self.check_seat(seat)
            if self.phase == BID and not self._has_bid[seat]:
                return list(BIDS[: self.cards_dealt + 1])
            return []
        seat = cur
        if self.phase != PLAY:
            return [] if seat is None else list(BIDS[: self.cards_dealt + 1])
        hand = self.hands[seat]
        if self._plays_for[seat] is hand:
            plays = self._plays[seat]
        else:  # a new deal, or hands replaced from outside (tests, set_hands)
            plays = self._plays[seat] = _plays_of_hand(hand)
            self._plays_for[seat] = hand
        led = self.led
        if led is None or _SUIT_CARDS[led].isdisjoint(plays):
            return [*plays.values()]
        return [*map(plays.__getitem__, filter(_ALLOWED[led].__contains__, plays))]

    def why_illegal(self, action, seat: int | None = None) -> str | None:
        cur = self.current_player
        if cur is None:
            return "the game is over"
        if seat is None or seat == cur:
            seat = cur
        else:
            seat = self.check_seat(seat)
            if self.phase != BID:
                return f"it is {_seat(cur)}'s turn to play, not {_seat(seat)}'s"
            if self._has_bid[seat]:
                return f"{_seat(seat)} has already bid this round"
        if isinstance(action, Bid):
            if self.phase != BID:
                return "the bids are in: it is time to play a card"
            n = action.n
            if not isinstance(n, int) or isinstance(n, bool):
                return f"a bid must be a whole number, not {n!r}"
            if not 0 <= n <= self.cards_dealt:
                return (f"a bid must be between 0 and {self.cards_dealt}, the number of cards "
                        "dealt this round")
            return None
        if isinstance(action, Play):
            if self.phase != BID:
                card = action.card
                if not (isinstance(card, str) and card in CARDS):
                    return f"{card!r} is not a Skull King card"
                if card == "tigress":
                    return ("declare the Tigress as you play her: 'tigress:pirate' or "
                            "'tigress:escape'")
                hand = self.hands[seat]
                held = "tigress" if card.startswith("tigress:") else card
                if held not in hand:
                    return f"you do not hold {NAME[held]}"
                if self.led is not None:
                    return rules.must_follow_reason(hand, self.led, card)
                return None
            return "everyone bids before the first card is played"
        return f"{action!r} is not a Skull King action (use Bid(n) or Play(card))"

    def _why_legal(self, action, seat: int | None) -> str:
        """The rule that allows a legal ``action`` (rules reference \u00a73.1-3.2), read from the
        same trick state that :meth:`why_illegal` judged."""
        if isinstance(action, Bid):
            return (f"Every bid is made in secret, a whole number from 0 to {self.cards_dealt}, "
                    "the cards dealt this round.")
        card = action.card
        suit = SUIT.get(card)
        if suit is None:
            if card.startswith("tigress:"):
                return ("The Tigress, like every special card, may always be played; as she is "
                        "played she is declared a pirate or an escape.")
            name = NAME[card]
            return f"{name[:1].upper()}{name[1:]} is a special card, and a special card may always be played."
        colour = SUIT_NAMES[suit]
        if self.led is None:
            if self.trick and not self._suit_open:
                first = NAME[next(c for c in self.trick if c not in PASSES_SUIT_ON)]
                return (f"{first[:1].upper()}{first[1:]} made this trick suit-free, so any card may "
                        f"be played; the {colour} card sets no suit.")
            if self.trick:
                return ("Only escape-like cards were played before, so no suit is set and any card "
                        f"may be played; this {colour} card now sets the suit.")
            return f"The first card of a trick may be any card; this {colour} card sets the suit."
        led = SUIT_NAMES[self.led]
        if suit == self.led:
            return f"{led[:1].upper()}{led[1:]} is the suit to follow, and this card follows it."
        return f"A player who holds no {led}, the suit to follow, may play any card."

    def _apply(self, action) -> None:
        seat = self.current_player
        if self.phase != PLAY:
            self._apply_bid(seat, action.n)
            return
        card = action.card
        held = HELD[card]
        hand = self.hands[seat]
        hand.remove(held)
        if held not in hand and self._plays_for[seat] is hand:  # its last copy: no longer offered
            plays = self._plays[seat]
            for played in DECLARED[held]:
                del plays[played]
        self.trick = trick = self.trick + (card,)
        if self._suit_open and card not in PASSES_SUIT_ON:
            # the first card that is not escape-like decides: a number sets the suit to
            # follow, any other special frees the trick (led stays None)
            self.led = SUIT[card]
            self._suit_open = False
        self.events.append(_PLAYED_EVENTS[seat][card])
        if len(trick) < self.num_players:
            seat += 1
            self.current_player = seat if seat < self.num_players else 0
            return
        self._finish_trick()

    def _apply_for(self, action, seat: int) -> None:
        """A bid from a seat other than ``current_player`` (the bids are taken in any
        order; ``why_illegal`` has let only bids of seats still to bid through)."""
        self._apply_bid(seat, action.n)

    def _apply_bid(self, seat: int, bid: int) -> None:
        bids = self.bids
        bids[seat] = bid
        self.events.append(_BID_MADE[self.round][seat])
        self._table = None
        has_bid = self._has_bid
        has_bid[seat] = True
        if seat != self.current_player:
            # a bid out of the usual order: the first seat still to bid is still the one
            # asked, and it has not bid, so this is not the last bid
            return
        # the next seat still to bid, counted on from this one; back at the leader means
        # every seat has bid (those before this one had, or it would not have been asked)
        n = self.num_players
        leader = self.leader
        seat += 1
        if seat == n:
            seat = 0
        while seat != leader and has_bid[seat]:
            seat += 1
            if seat == n:
                seat = 0
        if seat == leader:  # everyone has bid: reveal
            self.events.append(_bids_revealed(self.round, tuple(bids)))
            self.phase = PLAY
        self.current_player = seat

    def _finish_trick(self) -> None:
        n = self.num_players
        trick = self.trick
        leader = self.leader
        self.trick_number += 1
        self._table = None
        winner, nxt, how = resolve_trick(trick, self.led)
        if winner is None:
            self.destroyed += 1
            by = "white-whale" if how == rules.WHALE_DESTROYS else "kraken"
            self.events.append(_trick_destroyed(self.round, self.trick_number, trick, leader, by,
                                                (leader + nxt) % n))
        else:
            wseat = (leader + winner) % n
            bonus = bonus_points(trick, winner, how, self.edition)
            allies = ()
            if "loot" in trick:
                allies = tuple((leader + i) % n for i in rules.loot_ally_positions(trick, winner, how))
                allies = tuple(a for a in allies if a != wseat)
                for a in allies:
                    self.allies.append((a, wseat))
            self.won[wseat] += 1
            if bonus:
                self.bonus[wseat] += bonus
            self.events.append(_trick_won(self.round, self.trick_number, trick, leader, wseat,
                                          trick[winner], bonus, allies))
        self.leader = leader = (leader + nxt) % n
        self.trick = ()
        self.led = None
        self._suit_open = True
        if self.trick_number < self.cards_dealt:
            self.current_player = leader
            return
        self._score_round()
        if self.round < len(self.rounds):
            self._start_round()
        else:
            self._finish_game()

    def _start_round(self) -> None:
        n = self.num_players
        self.round += 1
        self.dealer = (self.dealer + 1) % n
        cd = self.cards_dealt = self.rounds[self.round - 1]
        # The engine's shuffle (through its numpy twin, deal_order) orders the deck positions;
        # they index the display-sorted deck, so sorting each hand is an integer sort.
        deck = (_NUMPY or _numpy())[0][self.settings["legendary"]]
        dealt = deal_order(self.rng, len(deck))[: n * cd].reshape(n, cd)
        dealt.sort(axis=1)
        hands = self.hands = deck[dealt].tolist()
        self.bids = [None] * n
        # who has bid, kept beside ``bids`` (derivable from it) because rebuilding it for
        # every observation cost heuristic games 1.6% more instructions
        self._has_bid = [False] * n
        self.won = [0] * n
        self.bonus = [0] * n
        self.allies = []
        self.trick = ()
        self.led = None
        self._suit_open = True
        self.trick_number = 0
        self.destroyed = 0
        self.phase = BID
        self._table = None
        self.leader = self.current_player = (self.dealer + 1) % n
        self.events.append(_round_dealt(self.round, self.dealer, cd, tuple(map(tuple, hands))))

    def set_hands(self, hands) -> None:
        """Replace this round's deal with chosen hands (for teaching, puzzles and tests).

        Only allowed before the first bid of a round. Every hand must have the same size
        (1 to floor(deck / players)); the cards must exist in this game's deck (the Tigress
        as ``"tigress"``) and not be used more often than the deck holds them. The round
        then deals that many cards.
        """
        n = self.num_players
        if self.phase != BID or any(b is not None for b in self.bids):
            raise ValueError("hands can only be set before the first bid of a round")
        hands = [[parse_card(c).text for c in h] for h in hands]
        if len(hands) != n:
            raise ValueError(f"give one hand per player ({n}), not {len(hands)}")
        size = len(hands[0])
        if any(len(h) != size for h in hands) or not 1 <= size <= len(self.deck) // n:
            raise ValueError(f"every hand must hold the same number of cards, 1 to "
                             f"{len(self.deck) // n}")
        left = Counter(self.deck)
        left.subtract(c for h in hands for c in h)
        short = sorted(c for c, k in left.items() if k < 0)
        if short:
            raise ValueError(f"the deck does not hold that many of: {', '.join(short)}")
        self.cards_dealt = size
        self._table = None
        self.hands = [sorted(h, key=_SORT) for h in hands]
        self.events[-1] = RoundDealt(self.round, self.dealer, size,
                                     tuple(tuple(h) for h in self.hands))

    def end_after(self, rounds: int) -> None:
        """End the game after round ``rounds`` (for teaching: a short game whose last round
        is scored and followed by the final score, not by another deal).

        Allowed before the first bid of the game; ``rounds`` is 1 to 10. The rounds played
        deal as before (round N deals N cards).

            >>> st = SkullKingState(3, seed=1)
            >>> st.end_after(2)
            >>> st.rounds
            [1, 2]
        """
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= ROUNDS:
            raise SettingsError(f"a game ends after a round from 1 to {ROUNDS}, not {rounds!r}")
        if self.round != 1 or self.phase != BID or any(b is not None for b in self.bids):
            raise SettingsError("the game's length can only be set before its first bid")
        self.rounds = self.rounds[:rounds]
        self._table = None

    def _score_round(self) -> None:
        n = self.num_players
        cd = self.cards_dealt
        bids, won = self.bids, self.won
        exact = [b == w for b, w in zip(bids, won)]
        alliances = [0] * n
        for a, w in self.allies:
            if exact[a] and exact[w]:
                alliances[a] += 1
                alliances[w] += 1
        points = []
        for s in range(n):
            base, bonus, loot = rules.score_parts_unchecked(self.scoring, cd, bids[s], won[s],
                                                   self.bonus[s], alliances[s])
            p = base + bonus + loot
            self.totals[s] += p
            points.append(p)
            self.records.append({
                "round": self.round, "seat": s, "cards_dealt": cd, "bid": bids[s],
                "won": won[s], "hit": exact[s], "base": base, "bonus": bonus, "loot": loot,
                "raw_bonus": self.bonus[s], "alliances": alliances[s], "points": p,
                "total": self.totals[s], "destroyed": self.destroyed,
            })
        self.events.append(_round_scored(self.round, tuple(bids), tuple(won), tuple(points),
                                         tuple(self.totals)))

    def _finish_game(self) -> None:
        self.phase = OVER
        self._table = None
        self.current_player = None
        self.hands = [[] for _ in range(self.num_players)]
        scores = tuple(self.totals)
        places = places_from_keys(scores)
        winners = tuple(s for s, p in enumerate(places) if p == 1)
        self.events.append(_game_over(scores, winners))
        self._result = Result(scores, places, False, {
            "rounds": list(self.records),
            "seats": self._seat_summaries(),
            "settings": dict(self.settings),
        })

    # -- summaries ----------------------------------------------------------------------------
    def seat_totals(self, seat: int) -> dict[str, Any]:
        """The game so far for one seat: total base, bonus and loot points, bids hit, rounds."""
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be 0 to {self.num_players - 1}, not {seat!r}")
        return self._seat_summaries()[seat]

    def _seat_summaries(self) -> list[dict[str, Any]]:
        n = self.num_players
        out = []
        for seat in range(n):
            rows = self.records[seat::n]  # each scored round adds one record per seat, in order
            base, bonus, loot, hits, won = (map(sum, zip(*map(_SUMMED, rows))) if rows
                                            else (0, 0, 0, 0, 0))
            out.append({"base": base, "bonus": bonus, "loot": loot, "bids_hit": hits,
                        "rounds": len(rows), "hit_rate": hits / len(rows) if rows else 0.0,
                        "tricks_won": won})
        return out

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: its own hand and the public table (``None``: spectator).

        Keys: ``game, seat, players, phase ("bid", "play", "over"), round, rounds,
        cards_dealt, dealer, current_player, hand, my_bid, bids, has_bid, tricks_won,
        tricks_played, leader, trick, led_suit, suit_free, scores, settings``.
        ``trick`` lists the cards of the trick in play order; the card at index ``i`` was
        played by seat ``(leader + i) % players``. ``bids`` holds ``None`` for every seat
        until all bids are revealed; ``has_bid`` says who has bid; ``my_bid`` is the
        observer's own bid. A spectator's ``hand`` and ``my_bid`` are ``None``.
        """
        obs = self._table
        if obs is None:
            obs = self._table = self._table_view()
        obs = obs.copy()
        obs["seat"] = seat
        obs["current_player"] = self.current_player
        if seat is not None:
            obs["hand"] = tuple(self.hands[seat])
            obs["my_bid"] = self.bids[seat]
        trick = obs["trick"] = self.trick
        if trick:
            obs["led_suit"] = self.led
            obs["suit_free"] = not self._suit_open and self.led is None
        obs["settings"] = self.settings.copy()
        return obs

    def _table_view(self) -> dict[str, Any]:
        """The observation's keys, filled with what changes only between tricks and bids.
        Cached in ``_table`` (every change to those parts sets it to None); observation()
        fills in the rest."""
        n = self.num_players
        return {
            "game": "skull-king",
            "seat": None,
            "players": n,
            "phase": self.phase,
            "round": self.round,
            "rounds": len(self.rounds),
            "cards_dealt": self.cards_dealt,
            "dealer": self.dealer,
            "current_player": None,
            "hand": None,
            "my_bid": None,
            "bids": tuple(self.bids) if self.phase != BID else (None,) * n,
            "has_bid": tuple(self._has_bid),
            "tricks_won": tuple(self.won),
            "tricks_played": self.trick_number,
            "leader": self.leader,
            "trick": (),
            "led_suit": None,
            "suit_free": False,
            "scores": tuple(self.totals),
            "settings": None,
        }

    def describe_suit(self) -> str:
        """The trick's suit situation in words."""
        if self.trick and not self._suit_open and self.led is None:
            return "this trick is suit-free"
        if self.led is None:
            return "no suit is set yet"
        return f"{SUIT_NAMES[self.led]} was led"


def seat_columns(state: SkullKingState, seat: int) -> dict[str, Any]:
    """Per-seat columns for ``simulate()``."""
    return state.seat_totals(seat)


def game_length(state: SkullKingState) -> int:
    """Tricks played in the game."""
    return sum(state.rounds)
