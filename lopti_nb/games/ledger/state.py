"""The game state of The Drowned Ledger (rules: rules reference §2; see the package docstring)."""
from __future__ import annotations

from typing import Any

from lopti_nb.engine import GameState, Result, SettingsError, event_maker, places_from_keys
from lopti_nb.engine.core import CACHE, DEEP, LIST, LISTS, SHARED
from lopti_nb.engine.settings import whole
from lopti_nb.engine.shuffle import shuffle as _shuffle

from .actions import DIVE, FLIP, SURFACE, Dive, FlipAgain, Open, Sell, Surface
from .cards import RECKONINGS, SUITS, Card, deck_spec, lost_count, reckoning_deck
from .events import (DutyCaught, Flipped, GameEnded, GameStarted, Opened, Paid, ReckoningDrawn,
                     Reshuffled, RoundEnded, SeaRose, Sold, Surfaced)
from .offices import OFFICE_INDEX, OFFICE_NAMES, OFFICES, PLAIN

PRICE_START = 6
PRICE_FLOOR = 3
CLEAN_LEDGER_BONUS = 5
SET_SIZE = 3  # open machines of one suit that make a suit set (rules reference §2.5)
MODES = ("offices", "plain")

DEFAULT_SETTINGS: dict[str, Any] = {
    "mode": "offices",
    "hold_limit": 4,
    "sea_start": 3,
    "sea_claim": 10,
    "deck": None,          # None = the default 58-card deck; else a deck composition mapping
    "table_watch": False,
    "offices": None,       # None = dealt at random; else one office name per seat
    "max_rounds": 200,     # safety cap: a game reaching it ends as a recorded stalemate
}

TURN, DIVING, OVER = 0, 1, 2
PHASE_NAMES = ("turn", "dive", "over")

# per-seat statistics (indices into state.stats[seat])
STAT_NAMES = ("dives", "flips", "caught", "surfaced", "sealed", "opens", "opened", "sells",
              "sale_coins", "gift_coins", "blinks", "duty_caught")
(DIVES, FLIPS, CAUGHT, SURFACED, SEALED, OPENS, OPENED, SELLS, SALE_COINS, GIFT_COINS, BLINKS,
 DUTY_CAUGHT) = range(len(STAT_NAMES))


_OPTIONS: dict[tuple, tuple] = {}


def _hand_options(full: tuple) -> tuple:
    """The listed Open and Sell actions for a sorted hand (cached: hands repeat a lot)."""
    got = _OPTIONS.get(full)
    if got is not None:
        return got
    distinct = sorted(set(full))
    out = []
    seen = set()
    for c in distinct:
        seen.add((c,))
        out.append(Open((c,)))
    by_suit: dict[int, list] = {}
    for c in full:
        by_suit.setdefault(c // 10, []).append(c)
    for group in by_suit.values():
        t = tuple(group)
        if t not in seen:
            seen.add(t)
            out.append(Open(t))
    if full not in seen:
        out.append(Open(full))
    out.extend(Sell(c) for c in distinct)
    if len(_OPTIONS) > 100_000:
        _OPTIONS.clear()
    got = _OPTIONS[full] = tuple(out)
    return got


_FLIPPED: dict[tuple, Flipped] = {}


# Fast constructors for the events of every dive and round (the same frozen values).
_paid, _surfaced, _reckoningdrawn, _roundended, _opened, _sold, _searose = map(
    event_maker, (Paid, Surfaced, ReckoningDrawn, RoundEnded, Opened, Sold, SeaRose))


def _flipped(seat: int, card: Card, result: str) -> Flipped:
    """Flip events are immutable values, so equal ones are shared."""
    key = (seat, card, result)
    event = _FLIPPED.get(key)
    if event is None:
        event = _FLIPPED[key] = Flipped(seat, card, result)
    return event


class LedgerState(GameState):
    """A game of The Drowned Ledger. Seats act in order 0..n-1 every round."""

    game = "drowned-ledger"
    FIELDS = {
        "hold_limit": SHARED, "sea": SHARED, "sea_claim": SHARED, "max_rounds": SHARED,
        "table_watch": SHARED, "deck_spec": SHARED, "suits": SHARED, "machine_total": SHARED,
        "price_floor": SHARED, "mode": SHARED, "offices": LIST, "_grants": LIST, "_breaks": LIST,
        "_duty_phase": LIST, "_office_names": SHARED,
        "_pub": CACHE, "_yards_t": CACHE, "_active_round": CACHE, "_active_t": SHARED,
        "_turned_t": SHARED,  # the Reckonings turned since the last reshuffle (not a cache)
        "wreck": LIST, "discard": LIST, "reck": LIST, "reck_turned": LIST, "hands": LISTS,
        "yards": LISTS, "ycount": LISTS, "coins": LIST, "market": LIST, "haul": LIST,
        "dive_flips": SHARED, "round": SHARED, "seat": SHARED, "phase": SHARED, "trigger": SHARED,
        "round_rise": SHARED,
        "round_sales": LIST, "round_gifted": LIST, "last_kind": LIST, "suspended": LIST,
        "turns": LIST, "stats": LISTS, "max_depth": LIST, "stalemate": SHARED, "_enforce": SHARED,
        "_result": DEEP,
    }

    def __init__(self, players: int = 4, seed: int | None = None, **settings):
        unknown = sorted(set(settings) - set(DEFAULT_SETTINGS))
        if unknown:
            raise SettingsError(f"Unknown setting(s) {', '.join(unknown)} for drowned-ledger. "
                                f"Valid settings: {', '.join(sorted(DEFAULT_SETTINGS))}.")
        settings = {**DEFAULT_SETTINGS, **settings}
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
            raise SettingsError(f"The Drowned Ledger is for 2-5 players, not {players!r}")
        GameState.__init__(self, players, seed, settings)
        mode = settings["mode"]
        if mode not in MODES:
            raise SettingsError(f"Unknown mode {mode!r}; choose 'offices' or 'plain'")
        self.hold_limit = whole(settings["hold_limit"], "hold_limit", 1)
        self.sea = whole(settings["sea_start"], "sea_start", 0)
        self.sea_claim = whole(settings["sea_claim"], "sea_claim", 1)
        if self.sea >= self.sea_claim:
            raise SettingsError(f"sea_start ({self.sea}) must be below sea_claim ({self.sea_claim}), "
                                "or the sea has claimed the game before it starts")
        self.max_rounds = whole(settings["max_rounds"], "max_rounds", 1)
        self.table_watch = settings["table_watch"]
        if not isinstance(self.table_watch, bool):
            raise SettingsError(f"table_watch must be True or False, not {self.table_watch!r}")
        spec = deck_spec(settings["deck"])
        self.deck_spec = spec
        self.suits = spec.suits
        self.machine_total = spec.machine_count
        self.price_floor = PRICE_FLOOR
        self.mode = mode

        n = players
        rng = self.rng
        if mode == "offices":
            chosen = settings["offices"]
            if chosen is None:
                order = list(range(len(OFFICES)))
                _shuffle(order, rng)
                self.offices = order[:n]
            else:
                if not isinstance(chosen, (list, tuple)) or len(chosen) != n:
                    raise SettingsError(f"offices must list one office name per seat ({n}), not {chosen!r}")
                bad = [o for o in chosen if not isinstance(o, str) or o not in OFFICE_INDEX]
                if bad:
                    raise SettingsError(f"Unknown office(s) {bad}. Offices: {', '.join(OFFICE_NAMES)}")
                if len(set(chosen)) != len(chosen):
                    raise SettingsError(f"offices are dealt from one deck of twelve: no office twice ({chosen!r})")
                self.offices = [OFFICE_INDEX[o] for o in chosen]
        else:
            if settings["offices"] is not None:
                raise SettingsError("offices can only be chosen in mode 'offices'")
            self.offices = [None] * n
        self._grants = [PLAIN if o is None else OFFICES[o].grants for o in self.offices]
        self._breaks = [None if o is None else OFFICES[o].breaks for o in self.offices]
        self._duty_phase = [None if o is None else (TURN if OFFICES[o].when == "turn" else DIVING)
                            for o in self.offices]
        self._office_names = tuple(OFFICE_NAMES[o] if o is not None else None for o in self.offices)
        self._pub = None            # cached public part of observations
        self._yards_t = None
        self._active_round = None
        self._active_t = ()
        self._turned_t = ()

        self.wreck: list[Card] = spec.cards()
        _shuffle(self.wreck, rng)
        self.discard: list[Card] = []
        self.reck: list[int] = reckoning_deck()
        _shuffle(self.reck, rng)
        self.reck_turned: list[int] = []
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.yards: list[list[Card]] = [[] for _ in range(n)]
        self.ycount: list[list[int]] = [[0] * self.suits for _ in range(n)]
        self.coins = [0] * n
        self.market = [PRICE_START] * self.suits
        self.haul: list[Card] = []
        self.dive_flips = 0
        self.round = 1
        self.seat = 0
        self.phase = TURN
        self.trigger = 0            # this round's first sea trigger: 0 none yet, 1 single, 2 double
        self.round_rise = 0         # how far the sea has risen in this round (the claim caps it)
        self.round_sales = [0] * n
        self.round_gifted = [False] * n
        self.last_kind: list[str | None] = [None] * n
        self.suspended = [0] * n    # privilege off while round <= suspended[seat]
        self.turns = [0] * n
        self.stats = [[0] * len(STAT_NAMES) for _ in range(n)]
        self.max_depth = [0] * n
        self.stalemate = False
        self._enforce = False       # table watch: duty enforced for the redo after a catch
        self._result: Result | None = None
        self.events.append(GameStarted(n, tuple(OFFICE_NAMES[o] for o in self.offices if o is not None),
                                       self.sea, self.sea_claim))

    # -- contract -----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.seat

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def result(self) -> Result | None:
        return self._result

    # -- helpers ------------------------------------------------------------------------
    def _rounds_done(self) -> int:
        """Rounds that have ended: when the game is over its last round has ended too, so a
        privilege suspended through that round counts again at the final count."""
        return self.round if self.phase == OVER else self.round - 1

    def grants(self, seat: int):
        """The privilege in force for ``seat`` (plain rules while suspended or in plain mode).
        A suspension lasts through round ``suspended[seat]``, not beyond its end."""
        return self._grants[seat] if self._rounds_done() >= self.suspended[seat] else PLAIN

    def hold_limit_of(self, seat: int) -> int:
        return self.hold_limit + self.grants(seat).hold_bonus

    def office_of(self, seat: int):
        o = self.offices[seat]
        return None if o is None else OFFICES[o]

    def _candidates(self) -> list:
        """Every action listed at this decision, before duties."""
        if self.phase == DIVING:
            return [FLIP, SURFACE] if (self.wreck or self.discard) else [SURFACE]
        hand = self.hands[self.seat]
        if not hand:
            return [DIVE]
        return [DIVE, *_hand_options(tuple(sorted(hand)))]

    def _duty(self):
        """The acting seat's duty predicate if it speaks about the current decision."""
        seat = self.seat
        return self._breaks[seat] if self._duty_phase[seat] == self.phase else None

    def _duty_breakers(self, actions: list) -> list:
        """The actions among ``actions`` that break the acting seat's duty where it binds
        (some other action here keeps it); empty when there is no binding duty."""
        breaks = self._duty()
        if breaks is None or len(actions) < 2:
            return []
        seat = self.seat
        memo = {}
        bad = [a for a in actions if breaks(self, seat, a, memo)]
        if len(bad) == len(actions):
            return []
        return bad

    def legal_actions(self) -> list:
        if self.phase == OVER:
            return []
        if self.phase == DIVING:
            actions = [FLIP, SURFACE] if (self.wreck or self.discard) else [SURFACE]
        elif not self.hands[self.seat]:
            return [DIVE]
        else:
            actions = self._candidates()
        seat = self.seat
        if self._duty_phase[seat] == self.phase and (not self.table_watch or self._enforce) and len(actions) > 1:
            breaks = self._breaks[seat]
            memo = {}
            keep = [a for a in actions if not breaks(self, seat, a, memo)]
            if keep:  # when nothing keeps the duty, it does not bind
                actions = keep
        return actions

    def watched_actions(self) -> list:
        """With ``table_watch``: the listed actions the table would catch as broken duties."""
        if self.phase == OVER or not self.table_watch or self._enforce:
            return []
        return self._duty_breakers(self._candidates())

    def why_illegal(self, action: Any) -> str | None:
        if self.phase == OVER:
            return "the game is over"
        seat = self.seat
        t = type(action)
        if self.phase == DIVING:
            if t is FlipAgain:
                if not (self.wreck or self.discard):
                    return "there is no card left to flip"
            elif t is not Surface:
                return "you are in the middle of a dive: flip again or surface"
        else:
            hand = self.hands[seat]
            if t in (FlipAgain, Surface):
                return "you are not diving; Dive starts a dive"
            if t is Dive:
                pass
            elif t is Open:
                if not hand:
                    return "your hand is empty, so you must dive"
                if not action.cards:
                    return "an Open needs at least one sealed card"
                rest = list(hand)
                for c in action.cards:
                    if c not in rest:
                        return f"you do not hold a sealed {c} to open" if c.is_machine else f"{c} is not a machine"
                    rest.remove(c)
            elif t is Sell:
                if not hand:
                    return "your hand is empty, so you must dive"
                if action.card not in hand:
                    return f"you do not hold a sealed {action.card} to sell"
            else:
                return f"{action!r} is not a Drowned Ledger action"
        breaks = self._duty()
        memo = {}
        if breaks is not None and (not self.table_watch or self._enforce) and breaks(self, seat, action, memo):
            if any(not breaks(self, seat, a, memo) for a in self._candidates()):
                office = OFFICES[self.offices[seat]]
                return f"the {office.name}'s duty forbids it ({office.duty[0].lower()}{office.duty[1:-1]})"
        return None

    def _why_legal(self, action: Any, seat: int | None) -> str:
        """The rule that allows a legal ``action`` (rules reference \u00a72.2), with the duty
        that binds it where an office's duty left only some choices."""
        t = type(action)
        if t is FlipAgain:
            said = "In a dive, the diver may flip again or surface after each flip."
        elif t is Surface:
            said = "In a dive, the diver may surface after any flip, taking the haul home sealed."
        elif t is Dive:
            said = ("With an empty hand the turn must be a Dive." if not self.hands[self.seat] else
                    "A turn is exactly one of Dive, Open or Sell, and a Dive is always allowed.")
        elif t is Open:
            said = ("A turn may Open any sealed cards from the hand; every other player who already "
                    "shows a machine of that suit takes a coin for each card opened.")
        else:
            said = ("A turn may Sell one sealed card for its suit's market price, which then falls "
                    "by one; a sale raises the sea if it is the round's first sea trigger.")
        return said

    # -- applying -----------------------------------------------------------------------
    def _apply(self, action) -> None:
        if self.table_watch:
            seat = self.seat
            breaks = self._duty()
            memo = {}
            if (not self._enforce and breaks is not None and breaks(self, seat, action, memo)
                    and any(not breaks(self, seat, a, memo) for a in self._candidates())):
                self._caught(action)
                return
            self._enforce = False
        t = type(action)
        if t is FlipAgain:
            self._flip(self.seat)
        else:
            self._do(action)

    def _caught(self, action) -> None:
        """Table watch: let the action happen, then undo it as far as the cards allow."""
        seat = self.seat
        snap = self.copy()
        start = len(self.events)
        self._do(action)
        events = self.events
        if self.phase == OVER:
            # The undone action had ended the game (the round it closed raised the sea to the
            # claim). That end is undone with it: its GameEnded must not stay in the log as a
            # false "game over" beside the real one that comes later.
            events[start:] = [e for e in events[start:] if type(e) is not GameEnded]
        undone = len(events) - start
        returned = tuple(now - before for now, before in zip(self.coins, snap.coins))
        events, actions = self.events, self.actions
        self.__dict__ = snap.__dict__
        self.events, self.actions = events, actions
        self.suspended[seat] = self.round + 1
        self._pub = None
        self._active_round = None
        self.stats[seat][DUTY_CAUGHT] += 1
        self._enforce = True
        self.events.append(DutyCaught(seat, OFFICES[self.offices[seat]].name, str(action),
                                      returned, self.round + 1, undone))

    def _do(self, action) -> None:
        t = type(action)
        seat = self.seat
        if t is FlipAgain:
            self._flip(seat)
        elif t is Surface:
            self._surface(seat, False)
        elif t is Dive:
            self.phase = DIVING
            self.haul = []
            self.dive_flips = 0
            self.stats[seat][DIVES] += 1
            self._flip(seat)
        elif t is Open:
            hand = self.hands[seat]
            for c in action.cards:
                hand.remove(c)
            self._open(seat, action.cards, False)
            self._end_turn(seat, "open")
        else:  # Sell
            self._sell(seat, action.card)
            self._end_turn(seat, "sell")

    def _flip(self, seat: int) -> None:
        if not self.wreck:
            self.wreck = self.discard
            self.discard = []
            _shuffle(self.wreck, self.rng)
            self.events.append(Reshuffled("wreck", len(self.wreck)))
        card = self.wreck.pop()
        self.dive_flips += 1
        st = self.stats[seat]
        st[FLIPS] += 1
        g = self.grants(seat)
        if card < 100:
            self.haul.append(card)
            self.events.append(_flipped(seat, card, "machine"))
            if len(self.haul) >= self.hold_limit + g.hold_bonus:
                self._surface(seat, True)
            return
        self.discard.append(card)
        if card - 100 <= self.sea - g.edge_safe:
            self.events.append(_flipped(seat, card, "live"))
            self._reckoning(seat, g)
        else:
            self.events.append(_flipped(seat, card, "near-miss"))
            if g.near_miss_coin:
                self._pay(seat, g.near_miss_coin, "Lamplighter: a near-miss")

    def _surface(self, seat: int, automatic: bool) -> None:
        haul = self.haul
        self.hands[seat].extend(haul)
        st = self.stats[seat]
        st[SURFACED] += 1
        st[SEALED] += len(haul)
        self.events.append(_surfaced(seat, tuple(haul), len(haul), automatic))
        self._end_turn(seat, "dive")

    def _reckoning(self, seat: int, g) -> None:
        if not self.reck:
            self.reck = reckoning_deck()
            _shuffle(self.reck, self.rng)
            self.reck_turned = []
            self._turned_t = ()
            self.events.append(Reshuffled("reckoning", len(self.reck)))
        self._pub = None
        index = self.reck.pop()
        self.reck_turned.append(index)
        self._turned_t = self._turned_t + (RECKONINGS[index].name,)
        rule = RECKONINGS[index]
        st = self.stats[seat]
        haul = self.haul
        if rule.keep_diving:
            st[BLINKS] += 1
            self.events.append(_reckoningdrawn(seat, rule.name, (), (), (), rule.triggers))
            self._sea_trigger(rule.triggers)  # the dive goes on against the new water
            return
        st[CAUGHT] += 1
        if rule.open_all:
            self.events.append(_reckoningdrawn(seat, rule.name, (), (), tuple(haul), rule.triggers))
            self._sea_trigger(rule.triggers)
            if haul:
                self._open(seat, tuple(sorted(haul)), True)
            self._end_turn(seat, "dive")
            return
        lost = lost_count(rule, len(haul))
        if g.spare_first and haul and lost == len(haul):
            lost -= 1
        keep = len(haul) - lost
        kept, gone = haul[:keep], haul[keep:]
        self.discard.extend(gone)
        self.hands[seat].extend(kept)
        st[SEALED] += keep
        self.events.append(_reckoningdrawn(seat, rule.name, tuple(gone), tuple(kept), (), rule.triggers))
        if rule.triggers:
            self._sea_trigger(rule.triggers)
        if rule.coin_per_lost and gone:
            self._pay(seat, rule.coin_per_lost * len(gone), "salvage")
        self._end_turn(seat, "dive")

    def _pay(self, seat: int, coins: int, reason: str) -> None:
        self.coins[seat] += coins
        self.events.append(_paid(seat, coins, reason))

    def _open(self, seat: int, cards: tuple, forced: bool) -> None:
        n = self.num_players
        ycount = self.ycount
        g = self.grants(seat)
        gifts = [0] * n
        fresh = 0
        for c in cards:
            s = c // 10 - 1
            alone = True
            for o in range(n):
                if o != seat and ycount[o][s]:
                    go = self.grants(o)
                    gifts[o] += go.gift_value
                    if go.first_gift_bonus and not self.round_gifted[o]:
                        gifts[o] += go.first_gift_bonus
                    self.round_gifted[o] = True
                    alone = False
            if alone:
                fresh += 1
        mine = ycount[seat]
        for c in cards:
            mine[c // 10 - 1] += 1
        self.yards[seat].extend(cards)
        self._yards_t = None
        self._pub = None
        st = self.stats[seat]
        st[OPENS] += 1
        st[OPENED] += len(cards)
        self.events.append(_opened(seat, cards, forced, tuple((o, c) for o, c in enumerate(gifts) if c)))
        for o, c in enumerate(gifts):
            if c:
                self.stats[o][GIFT_COINS] += c
                self._pay(o, c, "gift")
        if g.fresh_open_coin and fresh:
            self._pay(seat, g.fresh_open_coin * fresh, "Chronicler: first to publish")
        need, bonus = g.big_open
        if need and len(cards) >= need:
            self._pay(seat, bonus, "Auditor: a large opening")

    def _sell(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        g = self.grants(seat)
        s = card // 10 - 1
        price = self.market[s]
        coins = price + g.sale_bonus
        if not g.price_holds and price > PRICE_FLOOR:
            self.market[s] = price - 1
            self._pub = None
        self.discard.append(card)
        quiet = self.round_sales[seat] < g.quiet_sales
        self.round_sales[seat] += 1
        st = self.stats[seat]
        st[SELLS] += 1
        st[SALE_COINS] += coins
        self.events.append(_sold(seat, card, coins, self.market[s], not quiet))
        self._pay(seat, coins, "sale")
        if not quiet:
            self._sea_trigger(1)

    def _sea_trigger(self, units: int) -> None:
        """A sea trigger (``units`` 2 for The Sea Rises Twice). The round's first one moves the
        sea at once, so the rest of the round faces the new water; later ones change nothing
        (rules reference §2.4). Reaching the claim does not stop the round: ``_end_turn`` ends the game
        when the round is complete."""
        if self.trigger:
            return
        self.trigger = units
        before = self.sea
        self.sea = min(before + units, self.sea_claim)
        self.round_rise = self.sea - before
        self._pub = None
        self.events.append(_searose(self.round, self.round_rise, self.sea, self.sea >= self.sea_claim))

    def _end_turn(self, seat: int, kind: str) -> None:
        if kind == "dive":
            if self.dive_flips > self.max_depth[seat]:
                self.max_depth[seat] = self.dive_flips
            self.haul = []
        self.phase = TURN
        self.last_kind[seat] = kind
        self.turns[seat] += 1
        if seat + 1 < self.num_players:
            self.seat = seat + 1
            return
        self._pub = None
        self.events.append(_roundended(self.round, self.round_rise, self.sea))
        if self.sea >= self.sea_claim:
            self._finish(False)
        elif self.round >= self.max_rounds:
            self._finish(True)
        else:
            self.round += 1
            self.seat = 0
            self.trigger = 0
            self.round_rise = 0
            self.round_sales = [0] * self.num_players
            self.round_gifted = [False] * self.num_players

    # -- scoring ------------------------------------------------------------------------
    @staticmethod
    def set_suits(yard) -> tuple[str, ...]:
        """The suits of ``yard`` (a seat's open machines) that score a suit set: those shown
        :data:`SET_SIZE` times or more, as :meth:`score_breakdown` counts them.

        >>> LedgerState.set_suits([11, 12, 13, 21])
        ('Compass',)
        """
        counts: dict[int, int] = {}
        for card in yard:
            counts[int(card) // 10 - 1] = counts.get(int(card) // 10 - 1, 0) + 1
        return tuple(SUITS[k] for k in sorted(counts) if counts[k] >= SET_SIZE)

    def score_breakdown(self) -> list[dict[str, int]]:
        """Per seat: coins, machine values, set bonus, clean-ledger bonus, sealed points, total."""
        counts = [len(y) for y in self.yards]
        most = max(counts)
        out = []
        for s in range(self.num_players):
            g = self.grants(s)
            values = sum(c % 10 for c in self.yards[s])
            sets = sum(1 for k in self.ycount[s] if k >= SET_SIZE) * g.set_bonus
            clean = CLEAN_LEDGER_BONUS if most > 0 and counts[s] == most else 0
            sealed = g.sealed_points * len(self.hands[s])
            total = self.coins[s] + values + sets + clean + sealed
            out.append({"coins": self.coins[s], "machines": values, "sets": sets, "clean_ledger": clean,
                        "sealed": sealed, "total": total, "open_machines": counts[s]})
        return out

    def _finish(self, stalemate: bool) -> None:
        self.phase = OVER
        self.stalemate = stalemate
        parts = self.score_breakdown()
        scores = tuple(p["total"] for p in parts)
        places = places_from_keys([(p["total"], p["open_machines"]) for p in parts])
        self._result = Result(scores, places, stalemate,
                              {"rounds": self.round, "sea": self.sea, "breakdown": parts,
                               "offices": tuple(OFFICE_NAMES[o] if o is not None else None for o in self.offices)})
        self.events.append(GameEnded(scores, stalemate))

    # -- what a seat may see ------------------------------------------------------------
    def _yards_tuple(self):
        self._yards_t = t = tuple(map(tuple, self.yards))
        return t

    def _active(self):
        self._active_round = (self.round, self.phase == OVER)
        done = self._rounds_done()
        self._active_t = t = tuple(done >= s for s in self.suspended)
        return t

    def _public(self) -> dict[str, Any]:
        pub = {
            "game": "drowned-ledger",
            "players": self.num_players,
            "round": self.round,
            "sea": self.sea,
            "sea_claim": self.sea_claim,
            "mode": self.mode,
            "yards": self._yards_t or self._yards_tuple(),
            "offices": self._office_names,
            "privilege_active": (self._active_t if self._active_round == (self.round, self.phase == OVER)
                                 else self._active()),
            "market": tuple(self.market),
            "reckoning_left": len(self.reck),
            "reckoning_turned": self._turned_t,
            "table_watch": self.table_watch,
        }
        self._pub = pub
        return pub

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: its own sealed hand, and everything public (yards, coins,
        hand sizes, offices, sea, market, deck sizes, the discard pile, the haul of the dive
        in progress -- flips are face up -- and the Reckonings turned since the last
        reshuffle). Never another seat's hand nor the order of any deck."""
        obs = dict(self._pub or self._public())
        diving = self.phase == DIVING
        obs["seat"] = seat
        obs["to_act"] = None if self.phase == OVER else self.seat
        obs["phase"] = PHASE_NAMES[self.phase]
        obs["hold_limit"] = self.hold_limit if seat is None else self.hold_limit_of(seat)
        obs["hand"] = tuple(sorted(self.hands[seat])) if seat is not None else None
        obs["hand_sizes"] = tuple(map(len, self.hands))
        obs["coins"] = tuple(self.coins)
        obs["last_turn"] = tuple(self.last_kind)
        obs["wreck_size"] = len(self.wreck)
        obs["discard"] = tuple(self.discard)
        obs["haul"] = tuple(self.haul)
        obs["diver"] = self.seat if diving else None
        obs["flips"] = self.dive_flips if diving else 0
        obs["sea_trigger"] = self.trigger
        obs["watched"] = (tuple(self.watched_actions())
                          if (self.table_watch and seat is not None and seat == self.seat) else ())
        return obs

    def seat_stats(self, seat: int) -> dict[str, Any]:
        st = self.stats[seat]
        out = dict(zip(STAT_NAMES, st))
        out["office"] = OFFICE_NAMES[self.offices[seat]] if self.offices[seat] is not None else None
        out["max_flips"] = self.max_depth[seat]
        out["flips_per_dive"] = st[FLIPS] / st[DIVES] if st[DIVES] else 0.0
        out["coins"] = self.coins[seat]
        out["open_machines"] = len(self.yards[seat])
        out["sealed_left"] = len(self.hands[seat])
        return out
