"""One round of Lopti as an engine state."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import compress, count as positions, repeat
from operator import is_not
from typing import Any

from ...engine import GameState, Result, SettingsError, event_maker, seat_word
from ...engine.settings import shown
from ...engine.core import CACHE, LIST, LISTS, SHARED
from ...engine.shuffle import shuffle
from . import events as ev
from .cards import (DECK, NAMES, RANK_INDEX, RANKS, SEVEN, TEN, THREE, card_label, card_name, parse_card,
                    parse_rank)
from .rules import (BASE_RULES, EMPTY, LEGAL, Pile, after_play, card_rules, check_play, many, pile_after, play_code,
                    reason_text, some)


# -- actions ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Play:
    """Play ``count`` cards of ``rank`` (a rank string such as ``"9"``) from the hand."""

    rank: str
    count: int = 1

    def __str__(self) -> str:
        return f"play {' '.join([self.rank] * self.count)}"


@dataclass(frozen=True)
class PlayBlind:
    """Flip the face-down card at ``position`` (0, 1 or 2) and play it unseen."""

    position: int

    def __str__(self) -> str:
        return f"play face-down card {self.position + 1}"


@dataclass(frozen=True)
class TakePile:
    """Take the whole pile into the hand; the turn ends."""

    def __str__(self) -> str:
        return "take the pile"


@dataclass(frozen=True)
class Swap:
    """At the deal: put hand card ``hand_card`` face up and take face-up card ``face_up_card``."""

    hand_card: str
    face_up_card: str

    def __str__(self) -> str:
        return f"swap {self.hand_card} (hand) for {self.face_up_card} (face up)"


@dataclass(frozen=True)
class KeepCards:
    """At the deal: make no swap."""

    def __str__(self) -> str:
        return "keep the cards as dealt"


@dataclass(frozen=True)
class Choose:
    """Answer a motion's question (a session round only): pick ``card`` (a card name such as
    ``"9S"``) from the options of ``state.pending_choice``, one card at a time."""

    card: str

    def __str__(self) -> str:
        return f"choose {self.card}"


TAKE_PILE = TakePile()
KEEP = KeepCards()
_PLAYS = [[Play(RANKS[r], c) if c else None for c in range(5)] for r in range(13)]
_BLIND = [PlayBlind(p) for p in range(3)]
_NAME = NAMES.__getitem__  # card number -> card name


# The legal plays on a pile, by rank and by how many of that rank a hand holds:
# ``_play_table(pile, rules)[rank][have]`` lists ``Play(rank, count)`` for each legal count up
# to ``have``, in count order. Legality reads only the top, its count and run and the 3 duty,
# a few hundred combinations met again and again, so each is judged once (by play_code)
# rather than on every turn.
_TABLES: dict = {}
_MAX_TABLES = 20_000  # combinations remembered at most (then forgotten all at once)
_ALL_COUNTS = tuple(tuple(tuple(plays[1:have + 1]) for have in range(5)) for plays in _PLAYS)
_NO_COUNTS = ((),) * 5


def _play_table(pile: Pile, rules) -> tuple:
    # what legality reads of a pile (not its size or its chain of 3s): a few hundred keys
    key = (pile.top, pile.top_count, pile.run, pile.duty, rules)
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) >= _MAX_TABLES:
            _TABLES.clear()
        top = pile.top
        # only a play onto its own rank depends on how many cards it has
        table = _TABLES[key] = tuple(
            tuple(tuple(plays[c] for c in range(1, have + 1) if play_code(pile, rank, c, rules) == LEGAL)
                  for have in range(5)) if rank == top
            else (_ALL_COUNTS[rank] if play_code(pile, rank, 1, rules) == LEGAL else _NO_COUNTS)
            for rank, plays in enumerate(_PLAYS))
    return table


DEFAULTS = {"swap": True, "play_on": False, "turn_cap": 1000, "dealer": 0, "leader": None,
            **BASE_RULES._asdict()}


# The events made on most turns, built by the engine's fast makers (same values).
_PLAYED = event_maker(ev.Played)
_PICKED_UP = event_maker(ev.PickedUp)
_DUTY_PASSED = event_maker(ev.DutyPassed)
_DREW = event_maker(ev.Drew)
_CLEARED = event_maker(ev.Cleared)
_BONUS_PLAY = event_maker(ev.BonusPlay)


class LoptiState(GameState):
    """A round of Lopti for 2-5 players (rules reference §1.1-1.6).

    Settings: ``swap`` (offer the optional swap at the deal), ``play_on`` (after the winner
    is out the rest play on for places), ``turn_cap`` (turns before the round is stopped and
    recorded as a stalemate), ``dealer`` (seat), ``leader`` (seat that leads; ``None``: the
    dealer, as in a session's first round; later rounds pass the previous winner), and the
    card rules of :class:`~lopti_nb.games.lopti.rules.CardRules` (``ten_on_seven``,
    ``match_equal``, ``four_clears``, ``three_duty``; base Lopti by default), kept together
    as ``card_rules``. A record made before the card rules were settings names none of them
    and so replays at base Lopti. ``events``: the list the round writes its events into (a
    session passes its own log, so each event of its rounds is written once); a new one by
    default.

    This is the base game. Every base event a motion can hook (``motions.BASE_EVENTS``) is
    one method here (``_deal``, ``_swap``, ``_flip``, ``_blind_miss``, ``_play``, ``_lay``,
    ``_clear``, ``_draw``, ``_take_face_up``, ``_pick_up``, ``_go_out``, ``_finish``), so
    :class:`~lopti_nb.games.lopti.motions.MotionLoptiState` runs the motions in force by
    extending those methods. ``plugin.new_round(players, seed, hooks=runner)`` builds that
    subclass when there are hooks, and this class when there are none.
    """

    game = "lopti"
    # No motions in the base game (MotionLoptiState sets its own runner).
    hooks = None
    FIELDS = {
        "dealer": SHARED, "leader": SHARED, "turn_cap": SHARED, "play_on": SHARED,
        "face_down": LISTS, "face_up": LISTS, "hands": LISTS, "draw_pile": LIST,
        "pile_cards": LIST, "pile": SHARED, "gone": LIST, "out": LIST, "active": LIST,
        "turn": SHARED, "turns": SHARED, "first_play_done": SHARED, "bonus": SHARED,
        "stalemate": SHARED, "capped": SHARED, "card_rules": SHARED, "over": SHARED, "pickups": LIST, "duty_pickups": LIST,
        "clears": LIST, "_table": CACHE, "swap_queue": LIST,
    }

    def __init__(self, players: int, seed: int | None = None, *, hooks: Any = None,
                 events: list | None = None, **settings: Any):
        # The base game runs no motions: a round with motions in force is a MotionLoptiState
        # (``plugin.new_round`` picks the class from ``hooks``).
        if hooks is not None:
            raise SettingsError("LoptiState is the base game and runs no motion hooks: build a "
                                "MotionLoptiState, or call lopti_nb.games.lopti.plugin.new_round.")
        settings = {**DEFAULTS, **settings}
        rules = card_rules(settings)  # checks each card rule is True/False
        super().__init__(players, seed, settings)
        if events is not None:  # a session's log: the round writes its events there, once
            self.events = events
        if not 2 <= players <= 5:
            raise SettingsError(f"Lopti is for 2-5 players, not {players}")
        cap = settings["turn_cap"]
        if not isinstance(cap, int) or cap < 1:
            raise SettingsError(f"turn_cap must be a positive whole number, not {cap!r}")
        for key in ("dealer", "leader"):
            seat = settings[key]
            if seat is not None and (not isinstance(seat, int) or not 0 <= seat < players):
                raise SettingsError(f"{key} must be a seat from 0 to {players - 1}, not {seat!r}")
        self.dealer: int = settings["dealer"]
        self.leader: int = self.dealer if settings["leader"] is None else settings["leader"]
        self.turn_cap: int = cap
        self.play_on: bool = bool(settings["play_on"])
        self.card_rules = rules

        deck = list(DECK)
        shuffle(deck, self.rng)  # the engine's one shuffle
        n = players
        self.face_down: list[list[int | None]] = [deck[3 * s: 3 * s + 3] for s in range(n)]
        self.face_up: list[list[int]] = [deck[3 * (n + s): 3 * (n + s) + 3] for s in range(n)]
        self.hands: list[list[int]] = [deck[3 * (2 * n + s): 3 * (2 * n + s) + 3] for s in range(n)]
        self.draw_pile: list[int] = deck[9 * n:]  # drawn from the end
        self.pile_cards: list[int] = []
        self.pile: Pile = EMPTY
        self.gone: list[int] = []  # cleared cards and 3s: out of the round
        self.out: list[int] = []  # seats in the order they went out
        self.active: list[bool] = [True] * n
        self.turn: int | None = self.leader
        self.turns = 1  # turns begun, including the current one
        self.first_play_done = False  # the turn's draw chance is spent
        self.bonus = False  # the player to act makes a bonus play
        self.stalemate = False
        self.capped = False  # the turn cap stopped the round (a stalemate only if nobody was out)
        self.over = False
        # per-seat tallies for analysis
        self.pickups = [0] * n
        self.duty_pickups = [0] * n
        self.clears = [0] * n
        self._table: tuple | None = None  # cached public view; None after any change
        self.swap_queue: list[int] = (
            [(self.leader + i) % n for i in range(n)] if settings["swap"] else []
        )
        self._deal()

    # -- contract -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        if self.swap_queue:
            return self.swap_queue[0]
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def phase(self) -> str:
        return "over" if self.over else ("swap" if self.swap_queue else "play")

    @property
    def winner(self) -> int | None:
        return self.out[0] if self.out else None

    @property
    def result(self) -> Result | None:
        if not self.over:
            return None
        n = self.num_players
        places = [0] * n
        for i, seat in enumerate(self.out):
            places[seat] = i + 1
        rest = len(self.out) + 1
        for seat in range(n):
            if not places[seat]:
                places[seat] = rest
        # points: how many players finished in a worse place
        scores = tuple(float(sum(1 for q in places if q > p)) for p in places)
        return Result(
            scores=scores,
            places=tuple(places),
            stalemate=self.stalemate,
            details={"winner": self.winner, "out_order": tuple(self.out), "turns": self.turns,
                     "dealer": self.dealer, "leader": self.leader, "capped": self.capped},
        )

    def cards_held(self, seat: int) -> int:
        face_down = self.face_down[seat]
        return len(self.hands[seat]) + len(self.face_up[seat]) + len(face_down) - face_down.count(None)

    def legal_actions(self) -> list[Any]:
        if self.over:
            return []
        if self.swap_queue:
            seat = self.swap_queue[0]
            return [KEEP] + [
                Swap(card_name(h), card_name(u)) for h in self.hands[seat] for u in self.face_up[seat]
            ]
        seat = self.turn
        hand = self.hands[seat]
        pile = self.pile
        rules = self.card_rules
        out: list[Any] = []
        if hand:
            counts = [0] * 13
            for c in hand:
                counts[c >> 2] += 1
            table = _play_table(pile, rules)
            for rank in range(13):
                have = counts[rank]
                if have:
                    out.extend(table[rank][have])
        else:
            fd = self.face_down[seat]
            out.extend(_BLIND[p] for p in range(3) if fd[p] is not None)
        if pile.size:
            out.append(TAKE_PILE)
        return out

    def why_illegal(self, action: Any) -> str | None:
        if self.over:
            return "the round is over"
        seat = self.current_player
        if self.swap_queue:
            if isinstance(action, KeepCards):
                return None
            if not isinstance(action, Swap):
                return f"{seat_word(seat)} must first choose whether to swap a hand card with a face-up card"
            try:
                h, u = parse_card(action.hand_card), parse_card(action.face_up_card)
            except ValueError as exc:
                return str(exc)
            if h not in self.hands[seat]:
                return f"{card_label(h)} is not in {seat_word(seat)}'s hand"
            if u not in self.face_up[seat]:
                return f"{card_label(u)} is not one of {seat_word(seat)}'s face-up cards"
            return None
        if isinstance(action, (Swap, KeepCards)):
            return "the swap is only made at the deal, before the first lead"
        if isinstance(action, TakePile):
            return None if self.pile.size else "the pile is empty, so there is nothing to take"
        if isinstance(action, PlayBlind):
            if self.hands[seat]:
                return "face-down cards are played only once hand and face-up cards are gone"
            fd = self.face_down[seat]
            position = action.position
            if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position < 3 \
                    or fd[position] is None:
                # counted from 1, as the table and the lessons count them
                left = [str(p + 1) for p in range(3) if fd[p] is not None]
                said = (", ".join(left[:-1]) + " and " + left[-1]) if len(left) > 1 else "".join(left)
                still = (f"the face-down cards left are {said}" if len(left) > 1
                         else f"the face-down card left is {said}") + " (counted from 1)"
                if not isinstance(position, int) or isinstance(position, bool):
                    return f"a face-down card is named by its number, not {shown(position)}: {still}"
                return f"there is no face-down card {position + 1}: {still}"
            return None
        if isinstance(action, Play):
            try:
                rank = parse_rank(action.rank)
            except ValueError as exc:
                return str(exc)
            if type(action.count) is not int or action.count < 1:  # True is no count of cards
                return f"a play needs at least one card, not {action.count!r}"
            have = sum(1 for c in self.hands[seat] if c >> 2 == rank)
            if have < action.count:
                if not self.hands[seat]:
                    return "your hand is empty: play a face-down card or take the pile"
                if not have:
                    return f"you hold no {many(RANKS[rank])}"
                return f"you hold {some(RANKS[rank], have)}, not {some(RANKS[rank], action.count)}"
            code = check_play(self.pile, rank, action.count, self.card_rules)
            if code != LEGAL:
                return reason_text(code, self.pile, rank, action.count, self.card_rules)
            return None
        return f"{action!r} is not a Lopti action"

    def _why_legal(self, action: Any, seat: int | None) -> str:
        """The rule that allows a legal ``action`` (rules reference \u00a71.2-1.6), from the same
        oracle that judged it: the words the lessons, the guided round and the table put
        beside a legal move."""
        if isinstance(action, KeepCards):
            return "The swap at the deal is optional: a player may keep the cards as dealt."
        if isinstance(action, Swap):
            return ("At the deal each player may swap one hand card with one of their face-up "
                    "cards, once.")
        if isinstance(action, TakePile):
            if self.pile.duty:
                return "A 3 duty is live: the answers are 3s or taking the pile."
            return "Taking the pile is allowed whenever it holds cards, even with a legal play in hand."
        if isinstance(action, PlayBlind):
            return ("With no hand and no face-up cards left, a player flips one face-down card of "
                    "their choice, unseen.")
        rank = parse_rank(action.rank)
        return reason_text(LEGAL, self.pile, rank, action.count, self.card_rules)

    def _table_view(self) -> tuple:
        # Face-up and face-down cards change rarely; keep their public view between steps.
        if self._table is None:
            self._table = (
                tuple([tuple(map(_NAME, f)) for f in self.face_up]),
                # the positions still holding a card
                tuple([tuple(compress(positions(), map(is_not, fd, repeat(None)))) for fd in self.face_down]),
            )
        return self._table

    def observation(self, seat: int | None) -> dict[str, Any]:
        # Asked before every bot's decision: the lists are built by C-level map() calls.
        pile = self.pile
        face_up, face_down = self._table or self._table_view()
        obs = {
            "game": "lopti",
            "seat": seat,
            "players": self.num_players,
            "phase": self.phase,
            "current_player": self.current_player,
            "dealer": self.dealer,
            "leader": self.leader,
            "hand": list(map(_NAME, sorted(self.hands[seat]))) if seat is not None else None,
            "hand_sizes": list(map(len, self.hands)),
            "face_up": face_up,
            "face_down": face_down,
            "draw_pile": len(self.draw_pile),
            "pile": list(map(_NAME, self.pile_cards)),
            "top": RANKS[pile.top] if pile.top is not None else None,
            "top_count": pile.top_count,
            "run": pile.run,
            "chain": pile.chain,
            "duty": pile.duty,
            "seven": pile.top == SEVEN,
            "bonus": self.bonus,
            "out": list(self.out),
            "turns": self.turns,
        }
        return obs

    # -- the rules in motion ----------------------------------------------------------------
    # Each base event is one method (see the class docstring); the methods do exactly what the
    # event does, so a subclass can run something just before and just after it.
    def _apply(self, action: Any) -> None:
        if self.swap_queue:
            seat = self.swap_queue.pop(0)
            self._swap(seat, action)
            if not self.swap_queue:
                self._settle(self.turn)
        elif action is TAKE_PILE or isinstance(action, TakePile):
            seat = self.turn
            self._pick_up(seat)
            self._end_turn(seat)
        elif isinstance(action, PlayBlind):
            seat = self.turn
            card = self._flip(seat, action.position)
            rank = card >> 2
            code = check_play(self.pile, rank, 1, self.card_rules)
            if code != LEGAL:
                self._blind_miss(seat, card, reason_text(code, self.pile, rank, 1, self.card_rules))
                self.pile_cards.append(card)
                self.pile = self.pile._replace(size=self.pile.size + 1)
                self._pick_up(seat)
                self._end_turn(seat)
            else:
                self._resolve(seat, rank, (card,), "blind")
        else:
            seat = self.turn
            rank = RANK_INDEX.get(action.rank)
            if rank is None:
                rank = parse_rank(action.rank)
            hand = self.hands[seat]
            # the first cards of the rank in the hand
            played = [c for c in hand if c >> 2 == rank][:action.count]
            for c in played:
                hand.remove(c)
            self._resolve(seat, rank, tuple(played), "hand")

    def _deal(self) -> None:
        """The deal: the face-up cards are shown (the cards are already dealt)."""
        self.events.append(ev.Dealt(self.dealer, self.leader, tuple(tuple(f) for f in self.face_up)))

    def _swap(self, seat: int, action: Any) -> None:
        """At the deal: ``seat`` swaps a hand card with a face-up card, or keeps them."""
        if isinstance(action, Swap):
            h, u = parse_card(action.hand_card), parse_card(action.face_up_card)
            hand, up = self.hands[seat], self.face_up[seat]
            hand[hand.index(h)] = u
            up[up.index(u)] = h
            self._table = None
            self.events.append(ev.Swapped(seat, h, u))
        else:
            self.events.append(ev.KeptCards(seat))

    def _flip(self, seat: int, position: int) -> int:
        """``seat`` turns over its face-down card at ``position``; returns the card."""
        fd = self.face_down[seat]
        card = fd[position]
        fd[position] = None
        self._table = None
        return card

    def _blind_miss(self, seat: int, card: int, reason: str) -> None:
        """The flipped card cannot be played: shown to the table (it then joins the pile,
        which ``seat`` takes)."""
        self.events.append(ev.BlindMiss(seat, card, reason))

    def _resolve(self, seat: int, rank: int, cards: tuple[int, ...], source: str) -> None:
        cleared = self._play(seat, rank, cards, source)
        if cleared:
            self._clear(seat, self._how_cleared(rank), rank, cards, source)
        if not self.hands[seat] and self.cards_held(seat) == 0:
            # Out the moment the last card is played legally; its effect still stands, and a
            # clear with the last card earns no bonus play.
            self._go_out(seat)
            if not self.play_on or self.active.count(True) <= 1:
                self._finish()
            else:
                self._end_turn(seat)
            return
        if not self.first_play_done:
            self.first_play_done = True
            if self.draw_pile and len(self.hands[seat]) < 3:
                self._draw(seat)
        self._take_face_up_if_due(seat)
        if cleared:
            self.bonus = True
            self.events.append(_BONUS_PLAY(seat))
            return
        self._end_turn(seat)

    def _play(self, seat: int, rank: int, cards: tuple[int, ...], source: str) -> bool:
        """``seat`` plays ``cards`` (a lead, or a bonus play, when the pile is empty or
        ``self.bonus`` is set): they are laid and the pile updated. Returns whether the play
        clears the pile."""
        self._lay(seat, rank, cards, source)
        self.pile, cleared = pile_after(self.pile, rank, len(cards), self.card_rules)
        if rank == THREE or rank == TEN:  # 3s and 10s leave play at once
            self.gone.extend(cards)
        else:
            self.pile_cards.extend(cards)
        return cleared

    def _how_cleared(self, rank: int) -> str:
        """How the play of ``rank`` that just cleared the pile did it."""
        return "chain" if rank == THREE else ("ten" if rank == TEN else "four")

    def _lay(self, seat: int, rank: int, cards: tuple[int, ...], source: str) -> None:
        """The cards are shown on the table (the pile is not updated yet)."""
        self.events.append(_PLAYED(seat, rank, cards, source, self.bonus))

    def _clear(self, seat: int, how: str, rank: int, cards: tuple[int, ...], source: str) -> None:
        """The play just made clears the pile (``how``: ``"ten"``, ``"four"``, ``"chain"``)."""
        self.events.append(_CLEARED(seat, how, len(self.pile_cards)
                                    + (len(cards) if rank in (THREE, TEN) else 0), None))
        self.gone.extend(self.pile_cards)
        self.pile_cards = []
        self.clears[seat] += 1

    def _draw(self, seat: int) -> None:
        """``seat`` draws the top card of the draw pile."""
        card = self.draw_pile.pop()
        self.hands[seat].append(card)
        self.events.append(_DREW(seat, card, len(self.draw_pile)))

    def _take_face_up_if_due(self, seat: int) -> None:
        if not self.hands[seat] and self.face_up[seat] and (self.first_play_done or not self.draw_pile):
            self._take_face_up(seat)

    def _settle(self, seat: int) -> None:
        """At the start of a turn: an empty hand takes the face-up cards."""
        if not self.hands[seat] and self.face_up[seat]:
            self._take_face_up(seat)

    def _take_face_up(self, seat: int) -> None:
        """``seat``'s hand is empty: it takes up its face-up cards."""
        cards = tuple(self.face_up[seat])
        self.hands[seat] = list(cards)
        self.face_up[seat] = []
        self._table = None
        self.events.append(ev.TookFaceUp(seat, cards))

    def _pick_up(self, seat: int) -> None:
        """``seat`` takes the whole pile into the hand (under a 3 duty: ``pile.duty``)."""
        forced = self.pile.duty
        taken = len(self.pile_cards)
        self.events.append(_PICKED_UP(seat, taken, forced))
        self.hands[seat].extend(self.pile_cards)
        self.pile_cards = []
        self.pile = EMPTY
        self.pickups[seat] += 1
        if forced:
            self.duty_pickups[seat] += 1

    def _next_active(self, seat: int) -> int:
        n = self.num_players
        nxt = (seat + 1) % n
        while not self.active[nxt]:
            nxt = (nxt + 1) % n
        return nxt

    def _end_turn(self, seat: int) -> None:
        self.bonus = False
        self.first_play_done = False
        if self.turns >= self.turn_cap:
            # rules reference §1.6: a player who went out before the cap keeps the win while the
            # others' play for places stops here; only a round nobody went out of is a stalemate.
            self.capped = True
            self.stalemate = not self.out
            self._finish()
            return
        nxt = self._next_active(seat)
        self.turn = nxt
        self.turns += 1
        if self.pile.duty:
            self.events.append(_DUTY_PASSED(nxt))
        self._settle(nxt)

    def _go_out(self, seat: int) -> None:
        """``seat`` has played its last card and goes out (the round goes on or ends after)."""
        self.active[seat] = False
        self.out.append(seat)
        self.events.append(ev.WentOut(seat, len(self.out)))

    def _finish(self) -> None:
        """The round ends (a winner is out, or the turn cap is reached)."""
        self.over = True
        self.turn = None
        self.swap_queue = []
        self.events.append(ev.RoundOver(self.winner, self.stalemate, self.turns, self.capped))

    # -- sessions -----------------------------------------------------------------------
    def end_now(self) -> None:
        """End the round where it stands: a session's Rule Vote switched play-on off "now"
        while a winner is already out (rules reference §1.7)."""
        if not self.over:
            self._finish()

    def next_round(self, seed: int | None = None) -> "LoptiState":
        """The next round of the session: the deal passes clockwise and this round's
        winner leads (after a stalemate, with no winner, the new dealer leads)."""
        if not self.over:
            raise SettingsError("the round is not over yet")
        settings = dict(self.settings)
        settings["dealer"] = (self.dealer + 1) % self.num_players
        settings["leader"] = self.winner
        return LoptiState(self.num_players, seed, **settings)

    @classmethod
    def from_position(
        cls,
        hands: list[list[str]],
        face_up: list[list[str]] | None = None,
        face_down: list[list[str]] | None = None,
        draw_pile: list[str] = (),
        pile: list[str] = (),
        turn: int = 0,
        seed: int | None = 0,
        **settings: Any,
    ) -> "LoptiState":
        """A state in the middle of play, built from card names (for lessons and tests).

        ``hands``/``face_up``/``face_down`` give each seat's cards (``"9S"``...); ``pile``
        lists the plays since the last clear or pickup, oldest first, each a string of card
        names (``"9S 9H"``; 3-plays included, they count toward the chain). Cards named
        nowhere are out of play. ``draw_pile`` is drawn from its end. The swap is skipped.
        """
        n = len(hands)
        state = cls(n, seed, **{**settings, "swap": False})
        face_up = face_up or [[] for _ in range(n)]
        face_down = face_down or [[] for _ in range(n)]
        used: list[int] = []

        def cards(names) -> list[int]:
            out = [parse_card(x) for x in (names.split() if isinstance(names, str) else names)]
            used.extend(out)
            return out

        state.hands = [cards(h) for h in hands]
        state.face_up = [cards(f) for f in face_up]
        state.face_down = []
        for fd in face_down:
            row: list[int | None] = cards(fd)
            state.face_down.append(row + [None] * (3 - len(row)))
        state.draw_pile = cards(draw_pile)
        state.pile = EMPTY
        state.pile_cards = []
        gone: list[int] = []
        for play in pile:
            played = cards(play)
            ranks = {c >> 2 for c in played}
            if len(ranks) != 1:
                raise SettingsError(f"pile play {play!r} mixes ranks")
            rank = ranks.pop()
            state.pile, cleared = after_play(state.pile, rank, len(played), state.card_rules)
            if cleared:
                raise SettingsError(f"pile play {play!r} would have cleared the pile")
            (gone if rank == THREE else state.pile_cards).extend(played)
        if len(set(used)) != len(used):
            raise SettingsError("a card is named twice in the position")
        state.gone = gone + [c for c in DECK if c not in set(used)]
        state.turn = turn
        state._table = None
        state.events = [ev.Dealt(state.dealer, turn, tuple(tuple(f) for f in state.face_up))]
        state._settle(turn)
        return state

    def all_cards(self) -> list[int]:
        """Every card of the round wherever it is (for conservation checks)."""
        cards = list(self.draw_pile) + self.pile_cards + self.gone
        for s in range(self.num_players):
            cards += self.hands[s] + self.face_up[s] + [c for c in self.face_down[s] if c is not None]
        return cards
