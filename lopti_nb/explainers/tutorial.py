"""Guided first rounds: a real table, a prepared deal and a guide who explains every move.

A lesson shows one rule on one position; a guided round plays a whole round (or a game's
first rounds) at the game's own table, the way board games are taught at a real table. At
each of the learner's decisions the guide names a suggested move and why, with a tip on how to
think about it; the learner clicks the cards themselves. A move other than the hint is
allowed when the rules allow it (the guide then says what it did), and a refused move shows
the rules' own reason and changes nothing. The opponents' moves are explained as they happen.
At the end a summary says what the learner did, and "Play a real game" opens a real table in
place.

This module is the guide shell and knows no game. Each game's script lives in its own folder
(``lopti_nb/games/<game>/tutorial.py``), named by its plugin (``GameSpec.tutorial``), and is
a :class:`Script` subclass: the deal (seat names, seed, settings, and :meth:`Script.prepare`,
the one hook that lays a prepared deal), the hint at each decision,
the opponents' moves with their explanation, and when the guided round is over. Every verdict
comes from the engine (``legal_actions``, ``why_illegal``, the events of ``apply``); a script
adds words around them (what a move did, why a player might choose it), never a claim of its
own about what is legal.

    >>> import lopti_nb
    >>> guide = lopti_nb.tutorial(lopti_nb.game_names()[0])
    >>> while not guide.done:
    ...     guide.take_hint()
    >>> len(guide.reasons) > 0
    True
"""
from __future__ import annotations

import random
import warnings
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Sequence

import ipywidgets as W

from ..engine import LoptiNbError, get_spec
from .core import Observer, tell, told_html
from ..widgets.base import CSS_TEXT, esc, set_if, show
from ..widgets.table import Table

MAX_LOG = 600  # explained moves kept in the log (a guided session, Roshambo included, is well under this)
LOG_SHOWN = 80  # of them, the newest drawn in the log on screen (each redraw sends the log again)


class NoTutorial(LoptiNbError):
    """A game whose plugin names no guided round, or a move asked of a guide that has none."""


@dataclass(frozen=True)
class Hint:
    """The guide's suggestion for the learner's decision: ``action`` (one of the engine's legal
    actions), ``move`` (the move in words), ``why`` (why this move here) and ``tip`` (how to
    think about such decisions)."""

    action: Any
    move: str
    why: str
    tip: str


@dataclass(frozen=True)
class Explained:
    """One move of the guided round as the guide tells it: ``who`` made it (a name, or
    "You"), ``happened`` (the engine's events of the move, in the table's words), ``why`` (the
    guide's explanation) and, for the learner's moves, whether the hint was ``followed``."""

    who: str
    happened: str
    why: str
    followed: bool | None = None


class Script(ABC):
    """A game's guided round. A game's ``tutorial.py`` subclasses this and its plugin names the
    subclass (``GameSpec.tutorial``). The learner sits at the first seat.

    Class attributes: ``players``, ``names`` (one per seat, the learner's first), ``seed`` (the
    table's seed: the deal the script was checked on), ``settings`` (the game's settings and
    the table's options), ``voices`` (the voices the guide speaks in).
    """

    players: int = 3
    names: tuple[str, ...] = ("Sam", "Ana", "Ben")
    seed: int = 1
    settings: dict[str, Any] = {}
    voices: tuple[str, ...] = ("plain",)

    def __init__(self, voice: str = "plain"):
        self.voice = voice

    # what the guide says
    @abstractmethod
    def title(self) -> str:
        """The guided round's title."""
        ...

    @abstractmethod
    def intro(self) -> str:
        """What the learner reads before the first move (plain text)."""
        ...

    @abstractmethod
    def hint(self, state, seat: int) -> Hint:
        """The suggested move for ``seat`` (the learner) in ``state``: one of
        ``state.legal_actions(seat)``."""
        ...

    @abstractmethod
    def opponent(self, state, seat: int, rng: random.Random) -> tuple[Any, str]:
        """The move a scripted opponent at ``seat`` makes (a legal action) and why, in words
        that use only what every player may know."""
        ...

    @abstractmethod
    def explain(self, before, action, events: Sequence[Any], seat: int) -> str:
        """What the move ``action`` of ``seat`` did, from the position ``before`` it and the
        events it caused (the learner's move when it was not the hint)."""
        ...

    @abstractmethod
    def done(self, state) -> bool:
        """Whether the guided round is over in ``state``."""
        ...

    @abstractmethod
    def summary(self, state, moves: Sequence[Explained]) -> list[str]:
        """Sentences on what the learner did, once the round is over."""
        ...

    def words(self, key: str) -> str:
        """The guide's short fixed lines in the script's voice: ``"hint"``, ``"tip"``,
        ``"refused"``, ``"over"``, ``"real game"``, ``"log"``, ``"you"``... (the keys of
        :data:`PLAIN_WORDS`; ``"own choice"`` holds ``{hint}``, the hint's move)."""
        return PLAIN_WORDS[key]

    def prepare(self, state) -> None:
        """The one hook on the position: called on the table's fresh deal (its seed
        :attr:`seed`, its settings :attr:`settings`) and after every move, before anyone sees
        the result. A script may lay its prepared deal on a round just dealt (the top of a deck,
        the hands), in place, through the game's own teaching methods (optional; it must leave
        a position the rules allow, and do nothing once its round is prepared)."""

    def deal(self, state):
        """Deprecated: the prepared deal is laid by :meth:`prepare`, which is also called on the
        fresh deal. Prepares ``state`` and returns it."""
        warnings.warn("Script.deal is deprecated: prepare(state) is called on the fresh deal and "
                      "after every move", DeprecationWarning, stacklevel=2)
        self.prepare(state)
        return state

    def next_part(self, state) -> str | None:
        """The name of the guided round's next part while an earlier one is played (the learner
        may skip to it, the guide making this part's moves by its hints), else ``None``
        (optional: a guided round of one part)."""
        return None

    def dress(self, table) -> None:
        """Called after each redraw of the table: hide parts of the game's view that a guided
        round does not use (optional)."""


PLAIN_WORDS = {
    "hint": "Hint",
    "tip": "Tip",
    "refused": "Not allowed",
    "nothing changed": "Nothing changed: choose again.",
    "over": "The guided round is over",
    "real game": "Play a real game",
    "log": "Every move of the guided round, explained (newest first)",
    "you": "You",
    "just now": "What just happened",
    "why": "why",
    "wait": "Watch the other players move.",
    "own choice": "Your own choice (the hint was to {hint}), and the rules allow it.",
    "take hint": "Make the suggested move",
    "earlier": "\u2026 and {n} earlier moves.",
    "skip": "Skip to {part}",
}


class GuidedTable(Table):
    """The game's own table, with the guide's scripted opponents instead of bots and every move
    handed to the guide. No take-back: the guide tells a round once, in order."""

    def __init__(self, guide: "Tutorial", game: str, **kwargs: Any):
        self.guide = guide
        guide.table = self  # the guide tells the moves in the table's words from the first one
        super().__init__(game, **kwargs)

    @property
    def undo_offered(self) -> bool:
        return False

    def new_game(self, seed: int | None = None, state=None, chosen: bool | None = None) -> None:
        """A new deal, as the script prepares it (:meth:`Script.prepare`)."""
        if state is None:
            if chosen is None:
                chosen = seed is not None or self._seed_chosen
            if seed is None:
                seed = self._next_seed()
            state = self.state_class(self.players, seed, **self.settings)
            script = self.guide.script
            if type(script).deal is not Script.deal:  # a script written for the old hook
                warnings.warn(f"{type(script).__name__}.deal is deprecated: lay the prepared deal in "
                              "prepare(state), called on the fresh deal and after every move",
                              DeprecationWarning, stacklevel=2)
                state = script.deal(state)
            script.prepare(state)
        super().new_game(seed, state, chosen)

    def finished(self) -> bool:
        return self.guide.script.done(self.state)

    def can_act(self) -> bool:
        return not self.finished() and super().can_act()

    def _status_html(self, to_act, can_act) -> str:
        if self.finished():  # the game may go on (a next round dealt), the guided round does not
            words = self.guide.script.words
            return (f'<div role="status" aria-live="polite" style="font-size:15px;font-weight:bold;'
                    f'color:var(--jp-ui-font-color0)">\u25b6 {esc(words("over"))}: '
                    f'{esc(words("real game").lower())} to go on.</div>')
        return super()._status_html(to_act, can_act)

    def _bots_to_move(self) -> bool:
        return not self.finished() and super()._bots_to_move()

    def reason(self, action, viewer, can_act) -> str | None:
        if self.finished():
            return self.guide.script.words("over").lower()
        return super().reason(action, viewer, can_act)

    def _bot_move(self) -> None:
        state = self.state
        seat = self._bot_to_move()
        action, why = self.guide.script.opponent(state, seat, self.bot_rng)
        before = len(state.events)
        state.apply(action, seat)  # an opponent's move is checked by the rules like any other
        self.guide.script.prepare(state)
        self.guide.moved(seat, state.events[before:], why)

    def act(self, action) -> None:
        """The learner's move: refused with the rules' reason (nothing changes), or made, told
        by the guide, and answered by the opponents."""
        if not self.can_act():
            self.message = self.reason(action, self.viewer, False) or ""
            self.refresh()
            return
        state, seat = self.state, self.viewer
        why = self.reason(action, seat, True)
        if why is not None:  # the rules' own words, seats named as the table names them
            self.guide.refused(why)
            self.message = why
            self.refresh()
            return
        hint = self.guide.hint
        before = state.copy()
        start = len(state.events)
        state.apply(action, seat)
        self.guide.script.prepare(state)
        self._since[seat] = min(start + 1, len(state.events))
        self.message = ""
        self.guide.learner_moved(before, action, state.events[start:], hint)
        self._advance()

    def refresh(self) -> None:
        super().refresh()
        self.guide.script.dress(self)
        set_if(self.refusals, value=self.refusals_html())  # what the script hid says nothing
        self.guide.redraw(self)


class Tutorial(W.VBox):
    """A guided round of ``game`` at its own table (see :func:`tutorial`).

    ``.table`` is the live table, ``.hint`` the current suggestion (``None`` while it is not
    the learner's turn), ``.take_hint()`` makes the suggested move, ``.done`` tells whether the
    round is over, ``.reasons`` holds the reason given for each of the learner's moves and
    ``.moves`` every move of the round as the guide told it. ``observer`` (an
    :class:`~lopti_nb.explainers.core.Observer`, e.g. a class's student) is told how many moves
    the learner has made and when the round is over; :meth:`follow` sets it later."""

    def __init__(self, game: str, script: Script, observer: Observer | None = None):
        self.spec = get_spec(game)
        self.script = script
        self.observer = observer
        self._told: tuple[int, bool] | None = None  # (moves, finished) as last told
        self.told = W.HTML()
        self.moves: list[Explained] = []
        self.reasons: list[str] = []
        self.refusal: str | None = None  # the rules' reason for the last refused move
        self._hint_for: tuple | None = None
        self._hint: Hint | None = None
        self._last_learner = -1  # index in moves of the learner's last move
        self.heading = W.HTML(
            f'<div style="font-size:17px;font-weight:bold;color:var(--jp-ui-font-color0)">'
            f'{esc(script.title())}</div>'
            f'<div style="font-size:13px;color:var(--jp-ui-font-color1);max-width:820px">'
            f'{esc(script.intro())}</div>')
        self.guide_html = W.HTML()
        self.real_button = W.Button(description=script.words("real game"), button_style="success",
                                    layout=W.Layout(width="auto", display="none"))
        self.real_button.on_click(lambda b: self.play_real_game())
        # the hint's move made for the learner, one step at a time; and, where the script has
        # parts, a skip past the part under way (its moves made by the hints, each explained)
        self.hint_button = W.Button(description=script.words("take hint"), layout=W.Layout(width="auto"))
        self.hint_button.on_click(lambda b: self.take_hint() if self.hint is not None else None)
        self.skip_button = W.Button(layout=W.Layout(width="auto", display="none"))
        self.skip_button.on_click(lambda b: self.skip_part())
        self.hint_buttons = W.HBox([self.hint_button, self.skip_button],
                                   layout=W.Layout(flex_flow="row wrap", width="100%"))
        self.guide_box = W.VBox([self.guide_html, self.hint_buttons, self.real_button],
                                layout=W.Layout(width="100%"))
        self.guide_box.add_class("lnb-guide")
        self.log_html = W.HTML()
        self.table = GuidedTable(self, self.spec.name, players=script.players, humans=1,
                                 seed=script.seed, bot_delay=0, names=list(script.names),
                                 **script.settings)
        table = self.table
        show(table.controls, False)  # no new deal, take-back or bot speed in a guided round
        show(table.since, False)  # the guide tells what happened since the learner's move
        table.main.children = (self.guide_box, *table.main.children)
        self.redraw(table)
        super().__init__([self.heading, table, self.told, self.log_html], layout=W.Layout(width="100%"))
        self.add_class("lnb-tutorial")

    def follow(self, observer: Observer | None) -> None:
        """Tell ``observer`` (an :class:`~lopti_nb.explainers.core.Observer`) from now on
        (``None``: nobody); it hears where the round is at once."""
        if observer is not None and not isinstance(observer, Observer):
            raise NoTutorial(f"follow() takes an Observer (lopti_nb.explainers.Observer), not "
                             f"{type(observer).__name__}.")
        self.observer = observer
        self._told = None
        set_if(self.told, value="")
        self._tell_progress()

    def _tell_progress(self) -> None:
        """Tell the observer the learner's moves and whether the round is over, when either changed."""
        if self.observer is None or not hasattr(self, "table"):
            return
        now = (len(self.reasons), self.done)
        if now != self._told:
            self._told = now
            set_if(self.told, value=told_html(tell(self.observer, "guided_round", self.spec.name, *now)))

    # -- what the table hands the guide -------------------------------------------------------
    def _name(self, seat: int) -> str:
        return self.script.words("you") if seat == 0 else self.script.names[seat]

    def _happened(self, events: Sequence[Any]) -> str:
        say = self.table.view.describe_event
        return " ".join(filter(None, (say(e.for_seat(0)) for e in events)))

    def moved(self, seat: int, events: Sequence[Any], why: str) -> None:
        """An opponent's move, with the script's explanation."""
        self._note(Explained(self._name(seat), self._happened(events), why))

    def learner_moved(self, before, action, events: Sequence[Any], hint: Hint | None) -> None:
        followed = hint is not None and action == hint.action
        if followed:
            why = hint.why
        else:
            said = self.script.explain(before, action, events, 0)
            why = (self.script.words("own choice").format(hint=_lower(hint.move)) + " " + said
                   if hint is not None else said)
        self.refusal = None
        self.reasons.append(why)
        self._last_learner = len(self.moves)
        self._note(Explained(self._name(0), self._happened(events), why, followed))

    def refused(self, reason: str) -> None:
        self.refusal = reason

    def _note(self, move: Explained) -> None:
        self.moves.append(move)
        if len(self.moves) > MAX_LOG:
            drop = len(self.moves) - MAX_LOG
            del self.moves[:drop]
            self._last_learner -= drop

    # -- for people, tests and notebooks ------------------------------------------------------
    @property
    def done(self) -> bool:
        """Whether the guided round is over."""
        return self.table.finished()

    @property
    def hint(self) -> Hint | None:
        """The suggested move now, or ``None`` while it is not the learner's turn."""
        return self._current_hint(self.table)

    def _current_hint(self, table) -> Hint | None:
        if table.finished() or not table.can_act():
            return None
        key = (id(table.state), len(table.state.actions))
        if self._hint_for != key:
            self._hint_for, self._hint = key, self.script.hint(table.state, table.viewer)
        return self._hint

    def take_hint(self) -> None:
        """Make the suggested move, as a learner following the hint does."""
        hint = self.hint
        if hint is None:
            raise NoTutorial("There is no move to make now: "
                             + ("the guided round is over." if self.done else "it is not your turn."))
        self.table.act(hint.action)

    def skip_part(self) -> None:
        """Skip to the guided round's next part (:meth:`Script.next_part`): the hints make the
        learner's moves of the part under way, each told in the log as any move is."""
        part = self.script.next_part(self.table.state)
        for _ in range(10_000):  # a part ends: every move of it is a hint taken
            if part is None or self.hint is None or self.script.next_part(self.table.state) != part:
                return
            self.take_hint()

    def play_real_game(self) -> None:
        """Put a real table of the game in the tutorial's place (what "Play a real game" does)."""
        from ..widgets import play

        self.real_table = play(self.spec.name)
        self.children = (self.real_table,)

    # -- drawing ------------------------------------------------------------------------------
    def redraw(self, table) -> None:
        words = self.script.words
        parts = []
        recent = self.moves[max(self._last_learner, 0):] if self.moves else []
        if recent:
            items = "".join(self._move_li(m) for m in recent)
            parts.append(f'<div><b>{esc(words("just now"))}</b><ul style="margin:2px 0;padding-left:18px">'
                         f'{items}</ul></div>')
        if self.refusal is not None:
            parts.append(f'<div role="alert" style="color:var(--jp-ui-font-color0);font-weight:bold;'
                         f'border-left:4px solid var(--jp-error-color1);padding-left:6px">'
                         f'{esc(words("refused"))}: {esc(_sentence(self.refusal))} '
                         f'{esc(words("nothing changed"))}</div>')
        finished = table.finished()
        if finished:
            lines = self.script.summary(table.state, self.moves)
            items = "".join(f"<li>{esc(line)}</li>" for line in lines)
            parts.append(f'<div><b style="font-size:15px">{esc(words("over"))}.</b>'
                         f'<ul style="margin:2px 0;padding-left:18px">{items}</ul></div>')
        else:
            hint = self._current_hint(table)
            if hint is not None:
                parts.append(f'<div><b>{esc(words("hint"))}: {esc(hint.move)}.</b> {esc(hint.why)}</div>'
                             f'<div style="{CSS_TEXT}"><b>{esc(words("tip"))}:</b> {esc(hint.tip)}</div>')
            else:
                parts.append(f'<div style="{CSS_TEXT}">{esc(words("wait"))}</div>')
        set_if(self.guide_html, value=(
            '<div class="lnb-guide-text" role="status" aria-live="polite" style="font-size:13px;'
            'color:var(--jp-ui-font-color1);border-left:4px solid var(--jp-brand-color1);'
            'background:var(--jp-layout-color2);padding:4px 8px;overflow-wrap:anywhere">'
            + "".join(parts) + "</div>"))
        show(self.real_button, finished)
        show(self.hint_button, not finished and self._current_hint(table) is not None)
        part = None if finished else self.script.next_part(table.state)
        if part is not None:
            set_if(self.skip_button, description=words("skip").format(part=part))
        show(self.skip_button, part is not None and self._current_hint(table) is not None)
        self._tell_progress()
        items = "".join(self._move_li(m) for m in reversed(self.moves[-LOG_SHOWN:]))
        if len(self.moves) > LOG_SHOWN:  # the page stays light: the newest moves are drawn
            items += f"<li>{esc(words('earlier').format(n=len(self.moves) - LOG_SHOWN))}</li>"
        set_if(self.log_html, value=(
            f'<div style="font-weight:bold;margin-top:6px">{esc(words("log"))}</div>'
            '<ul class="lnb-guide-log" tabindex="0" aria-label="' + esc(words("log")) + '" '
            'style="max-height:220px;overflow-y:auto;margin:0;padding-left:22px;font-size:12px;'
            'color:var(--jp-ui-font-color1);border:1px solid var(--jp-border-color2);'
            'background:var(--jp-layout-color1);overflow-wrap:anywhere">' + items + "</ul>"))

    def _move_li(self, move: Explained) -> str:
        mark = ""
        if move.followed is True:
            mark = " (the hint)"
        elif move.followed is False:
            mark = " (your own choice)"
        return (f"<li><b>{esc(move.who)}{esc(mark)}:</b> {esc(move.happened)} "
                f'<i style="color:var(--jp-ui-font-color1)">{esc(move.why)}</i></li>')


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def tutorial(game: str | None = None, voice: str = "plain") -> Tutorial:
    """The guided first round of ``game`` (see :mod:`lopti_nb.explainers.tutorial`);
    ``guide.follow(observer)`` tells an :class:`~lopti_nb.explainers.core.Observer` the
    learner's moves and the round's end."""
    from ..engine import all_specs
    from .core import check_voice

    if game is None:
        guided = [s for s in all_specs() if s.tutorial is not None]
        if not guided:
            raise NoTutorial("No installed game has a guided round.")
        game = guided[0].name
    spec = get_spec(game)
    script_class = spec.load("tutorial")
    if script_class is None:
        raise NoTutorial(f"{spec.title} has no guided round yet.")
    check_voice(voice, tuple(script_class.voices), spec.title)
    return Tutorial(spec.name, script_class(voice))
