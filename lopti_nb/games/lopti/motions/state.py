"""The Lopti round with motions in force: the base game's events, each between the "before" and
"after" hooks of the motions, the custom clear a motion may ask for, and a person's choice.
"""
from __future__ import annotations

from typing import Any

from ....engine import SettingsError, seat_word
from ....engine.core import SHARED
from .. import events as ev
from ..cards import NAMES, RANKS, TEN, THREE, parse_card
from ..rules import EMPTY
from ..state import Choose, LoptiState, Swap
from .language import PendingChoice, pick_cards
from .runner import HookRunner
from .snapshot import undo, undo_point

ACTIONS_PER_TURN = 250
"""The most actions one turn may take in a round with motions. Base Lopti needs at most about
60 (a play moves a card out of reach each time); a turn that reaches this ends the round as a
stalemate (a second line of defence behind the constitution's check that every turn ends)."""
ACTIONS_PER_ROUND = 50_000
"""The most actions one round with motions may take (the default turn cap of 1,000 turns takes
at most a few thousand); a round that reaches it ends as a stalemate."""

def _fork(runner: "HookRunner | None") -> "HookRunner | None":
    return None if runner is None else runner.fork()


class MotionLoptiState(LoptiState):
    """A Lopti round with motions in force: the base game, with the hooks of ``hooks`` (a
    :class:`HookRunner`; ``None`` until a motion with code is put in force) run just before
    and just after every base event, and their card movements carried out once each action
    has fully resolved.

    ``MotionLoptiState(players, seed, hooks=runner)`` (or ``plugin.new_round``) builds one; a session builds one per round.
    It extends the base game's event methods, adds the custom clear a motion may ask for,
    and lets a motion's effect ask a person to choose (``people``: the seats where a person
    decides; everyone else takes the engine's default). While a choice is pending
    (:attr:`pending_choice`), the chooser is the player to act and their only actions are
    :class:`~lopti_nb.games.lopti.state.Choose` (or :meth:`choose`).
    """

    # A copy (a bot's look-ahead) gets its own runner: faults in the copy stay in the copy.
    FIELDS = {"hooks": _fork, "people": SHARED, "pending_choice": SHARED, "motion_clear": SHARED,
              "last_cleared": SHARED, "turn_actions": SHARED, "round_actions": SHARED, "cap": SHARED,
              "first_event": SHARED}

    def __init__(self, players: int, seed: int | None = None, *, hooks: "HookRunner | None" = None,
                 people: Any = (), events: list | None = None, **settings: Any):
        self.hooks = hooks
        # where this round's events begin in ``events`` (a session's log holds the rounds before)
        self.first_event = 0 if events is None else len(events)
        self.people = _people(people, players)  # seats where a person chooses for a motion
        self.pending_choice: PendingChoice | None = None
        self.motion_clear: int | None = None  # a motion in force asked to clear after this play
        self.last_cleared: tuple[int, ...] = ()  # the latest clear's cards still out of the round
        self.turn_actions = 0  # actions taken in the turn under way (see ACTIONS_PER_TURN)
        self.round_actions = 0
        self.cap = "turn cap"  # the cap that stopped the round, in words, when one did
        super().__init__(players, seed, events=events, **settings)  # deals, with the deal's hooks
        self._flush()

    @property
    def round_events(self) -> list:
        """This round's own events (``events`` may be a session's log, the rounds before included)."""
        return self.events[self.first_event:]

    # -- a person's choice ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        choice = self.pending_choice
        if choice is not None and not self.over:
            return choice.seat
        return super().current_player

    def legal_actions(self) -> list[Any]:
        choice = self.pending_choice
        if choice is not None and not self.over:
            return [Choose(name) for name in choice.option_names]
        return super().legal_actions()

    def why_illegal(self, action: Any) -> str | None:
        choice = self.pending_choice
        if choice is not None and not self.over:
            if not isinstance(action, Choose):
                return f"{seat_word(choice.seat)} first chooses for motion {choice.motion}: {choice.describe()}"
            try:
                card = parse_card(action.card)
            except ValueError as exc:
                return str(exc)
            if card not in choice.options or card in choice.chosen:
                return f"{action.card} is not one of the cards to choose from ({', '.join(choice.option_names)})"
            return None
        if isinstance(action, Choose):
            return "no motion is waiting for a choice"
        return super().why_illegal(action)

    def action_types(self) -> tuple[type, ...]:
        # Choose answers a motion's question, so only a round with motions takes it (the
        # plugin's action types are those of base Lopti, which rooms and records carry).
        return super().action_types() + (Choose,)

    def choose(self, card: str):
        """The person asked picks ``card`` (its name, e.g. ``"9S"``); checked like any action."""
        return self.apply(Choose(card))

    def set_people(self, seats: Any) -> None:
        """Say where people sit (they are asked to choose); a pending choice of a seat that is
        no longer a person's is answered with the default at once."""
        self.people = _people(seats, self.num_players)
        choice = self.pending_choice
        if choice is not None and choice.seat not in self.people and not self.over:
            runner = self.hooks
            rest = [c for c in choice.options if c not in choice.chosen]
            which = choice.effect.default
            picked = choice.chosen + tuple(pick_cards(rest, choice.left, which, self.rng))
            self.pending_choice = PendingChoice(choice.motion, choice.seat, choice.effect, choice.count,
                                                choice.options, picked)
            runner.resume(self)
            self._flush()

    def observation(self, seat: int | None) -> dict[str, Any]:
        obs = super().observation(seat)
        choice = self.pending_choice
        if choice is None or self.over:
            obs["choice"] = None
        else:
            mine = seat == choice.seat
            obs["choice"] = {
                "seat": choice.seat, "motion": choice.motion, "what": choice.what, "left": choice.left,
                "text": choice.describe(),
                "options": list(choice.option_names) if (mine or choice.public) else None,
                "chosen": [NAMES[c] for c in choice.chosen] if (mine or choice.public) else len(choice.chosen),
            }
        return obs

    def _hook(self, event: str, phase: str, actor: int | None, **info: Any) -> None:
        """Let the motions in force add their effects around a base event."""
        hooks = self.hooks
        if hooks is not None:
            hooks.fire(self, event, phase, actor, info)

    def _flush(self) -> None:
        if self.hooks is not None:
            self.hooks.flush(self)

    def apply(self, action: Any, seat: int | None = None) -> list:
        """As for any round (:meth:`~lopti_nb.engine.GameState.apply`), and all or nothing: an
        action interrupted while the motions' hooks run (Ctrl-C) leaves the round as it was, and
        the interrupt goes on to the caller."""
        if self.hooks is None:
            return super().apply(action, seat)
        point = undo_point(self)
        try:
            return super().apply(action, seat)
        except BaseException:
            undo(self, point)
            raise

    def _apply(self, action: Any) -> None:
        turn = self.turns
        self._act(action)
        if not self.over:
            self.turn_actions = self.turn_actions + 1 if self.turns == turn else 0
            self.round_actions += 1
            if self.turn_actions >= ACTIONS_PER_TURN:
                self._stop(f"cap of {ACTIONS_PER_TURN} actions in one turn")
            elif self.round_actions >= ACTIONS_PER_ROUND:
                self._stop(f"cap of {ACTIONS_PER_ROUND:,} actions in a round")

    def _stop(self, cap: str) -> None:
        """A cap on actions stopped the round: as at the turn cap, a stalemate unless a player
        is already out (rules reference §1.6)."""
        self.capped = True
        self.stalemate = not self.out
        self.cap = cap
        self.pending_choice = None
        self._finish()

    def _act(self, action: Any) -> None:
        choice = self.pending_choice
        if choice is not None:
            card = parse_card(action.card)
            self.pending_choice = PendingChoice(choice.motion, choice.seat, choice.effect, choice.count,
                                                choice.options, choice.chosen + (card,))
            if self.pending_choice.left == 0:
                self.hooks.resume(self)
        else:
            super()._apply(action)
        self._flush()  # card movements wait until the action has fully resolved

    # -- the base events, each between its "before" and "after" hooks -------------------------
    def _deal(self) -> None:
        self._hook("deal", "before", self.dealer)
        super()._deal()
        self._hook("deal", "after", self.dealer)

    def _swap(self, seat: int, action: Any) -> None:
        self._hook("swap", "before", seat)
        super()._swap(seat, action)
        self._hook("swap", "after", seat, swapped=isinstance(action, Swap))

    def _flip(self, seat: int, position: int) -> int:
        self._hook("blind flip", "before", seat)
        return super()._flip(seat, position)

    def _blind_miss(self, seat: int, card: int, reason: str) -> None:
        super()._blind_miss(seat, card, reason)
        self._hook("blind flip", "after", seat, ranks=(RANKS[card >> 2],), count=1, legal=False)

    def _play(self, seat: int, rank: int, cards: tuple, source: str) -> bool:
        info = {"ranks": (RANKS[rank],) * len(cards), "count": len(cards), "source": source,
                "bonus": self.bonus}
        # a play on an empty pile is also a lead; a play after a clear, a bonus play
        kind = "bonus play" if self.bonus else ("lead" if self.pile.size == 0 else None)
        if kind is not None:
            self._hook(kind, "before", seat, **info)
        self._hook("play", "before", seat, **info)
        self.motion_clear = None
        cleared = super()._play(seat, rank, cards, source)
        self._hook("play", "after", seat, **info)
        if kind is not None:
            self._hook(kind, "after", seat, **info)
        if self.motion_clear is not None:
            if cleared:  # the play cleared by the base rules already: one clear is enough
                self.motion_clear = None
            else:  # a custom clear: resolved with the play, exactly like a base clear (_resolve)
                self.pile = EMPTY
                cleared = True
        return cleared

    def _how_cleared(self, rank: int) -> str:
        return "motion" if self.motion_clear is not None else super()._how_cleared(rank)

    def _lay(self, seat: int, rank: int, cards: tuple, source: str) -> None:
        super()._lay(seat, rank, cards, source)
        if source == "blind":  # a face-down card that could be played: shown, then it counts
            self._hook("blind flip", "after", seat, legal=True, ranks=(RANKS[rank],) * len(cards),
                       count=len(cards), source=source, bonus=self.bonus)

    def _clear(self, seat: int, how: str, rank: int, cards: tuple, source: str) -> None:
        info = {"how": how, "ranks": (RANKS[rank],) * len(cards), "count": len(cards),
                "source": source, "bonus": self.bonus}
        self._hook("clear", "before", seat, **info)
        # the cards this clear takes out of the round (3s and 10s left the moment they were played)
        self.last_cleared = tuple(self.pile_cards) + (tuple(cards) if rank in (THREE, TEN) else ())
        number = self.motion_clear
        super()._clear(seat, how, rank, cards, source)
        if number is not None:
            self.motion_clear = None
            last = self.events[-1]
            self.events[-1] = ev.Cleared(last.seat, last.how, last.cards, number)
        self._hook("clear", "after", seat, **info)

    def _draw(self, seat: int) -> None:
        self._hook("draw", "before", seat)
        super()._draw(seat)
        self._hook("draw", "after", seat)

    def _take_face_up(self, seat: int) -> None:
        self._hook("take face-up", "before", seat)
        super()._take_face_up(seat)
        self._hook("take face-up", "after", seat)

    def _pick_up(self, seat: int) -> None:
        forced, taken = self.pile.duty, len(self.pile_cards)
        self._hook("pickup", "before", seat, forced=forced, taken=taken)
        super()._pick_up(seat)
        self._hook("pickup", "after", seat, forced=forced, taken=taken)

    def _go_out(self, seat: int) -> None:
        self._hook("out", "before", seat, place=len(self.out) + 1)
        super()._go_out(seat)
        self._hook("out", "after", seat, place=len(self.out))

    def _finish(self) -> None:
        self._hook("round end", "before", self.winner, stalemate=self.stalemate)
        super()._finish()
        if self.cap != "turn cap":  # a cap on actions, not on turns, stopped the round
            last = self.events[-1]
            self.events[-1] = ev.RoundOver(last.winner, last.stalemate, last.turns, last.capped, self.cap)
        self._hook("round end", "after", self.winner, stalemate=self.stalemate)


def _people(seats: Any, players: int) -> frozenset:
    if isinstance(seats, (int, str)) or not hasattr(seats, "__iter__"):
        raise SettingsError(f"people is a collection of seats, not {seats!r}")
    seats = list(seats)
    for s in seats:
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players:
            raise SettingsError(f"people are seats from 0 to {players - 1}, not {s!r}")
    return frozenset(seats)

