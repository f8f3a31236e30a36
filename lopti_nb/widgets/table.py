"""The table shell shared by every game: seats, turn, log, scores, controls, hot seat, bots.

A game view (see :class:`GameView`) draws the game itself. The shell decides *who is in front
of the device* (the viewer) and hands the view only ``state.observation(viewer)`` and events
redacted with ``event.for_seat(viewer)``: no view reads hidden state.

When several seats may act at once (``state.to_act``, e.g. secret bids) the bots
among them act on their own and the people among them are asked one after another, in the
order of ``to_act``; with several people at one device, the pass-the-device screen comes up
between them, so no one sees another's hand or choice.
"""
from __future__ import annotations

import asyncio
import random
import re
import secrets
import time
from abc import ABC, abstractmethod
from typing import Sequence

import ipywidgets as W

from ..engine import SEAT_WORD, IllegalAction, LoptiNbError, SettingsError, get_spec
from ..engine.limits import shown
from ..engine.rollouts import chance_lines
from ..text import clean_name
from .base import CSS_MUTED, CSS_TEXT, TableStyle, TurnFocus, esc, refusals_html, set_if, show
from .parts import state_view, table_state, view_class as plugin_view
from .view import GameView, ViewHost, schema_words, seat_words_named  # noqa: F401 - the views' names, kept here

LOG_LINES = 80
SINCE_LINES = 8  # the "since your last turn" strip shows at most this many of the newest events
NAME_LIMIT = 20  # characters in a name given to play(names=...): it must fit a seat's box at 400 px
COACH_BUDGET = 2.0  # seconds of CPU time the coach plays out each move's chance to win, a position
SPEEDS = (("instant", 0.0), ("fast", 0.25), ("normal", 0.6), ("slow", 1.2), ("very slow", 2.5))


class UndoRefused(LoptiNbError):
    """A take-back the table does not allow (people at one device, nothing to take back...)."""


def check_names(names, players: int) -> list[str]:
    """``play(names=...)``: one name per seat, each passing the package's one name check
    (:func:`lopti_nb.text.clean_name`, at most :data:`NAME_LIMIT` characters), all different.

    >>> check_names(["Ann", " Ｂｏｂ "], 2)
    ['Ann', 'Bob']
    """
    if isinstance(names, str) or not isinstance(names, (list, tuple)):
        raise SettingsError(f"names is a list of one name per seat ({players}), not {shown(names)}.")
    if len(names) != players:
        raise SettingsError(f"names lists {len(names)} name{'s' if len(names) != 1 else ''}; "
                            f"give one per seat ({players}).")
    out = [clean_name(name, NAME_LIMIT) for name in names]
    if len(set(n.casefold() for n in out)) != len(out):
        raise SettingsError("two seats have the same name: give each seat its own.")
    return out


class Table(W.VBox):
    """A playable table. ``.state`` is the live engine state."""

    #: the replay a finished game opens ("Replay this game"), a widget class taking
    #: ``(record, seat=)``; ``None``: the table offers no replay. The replay is drawn by a table
    #: (:mod:`.replay`), so it is given from above (:class:`~lopti_nb.widgets.replay.TableWithReplay`)
    replay_class = None

    def __init__(self, game: str, view_class=None, players: int | None = None, humans: int = 1,
                 bots: str | Sequence[str] | None = None, seed: int | None = None,
                 bot_delay: float = 0.6, names: Sequence[str] | None = None, **settings):
        self.spec = spec = get_spec(game)
        players = spec.default_players if players is None else spec.check_players(players)
        if not isinstance(humans, int) or isinstance(humans, bool) or not 0 <= humans <= players:
            raise SettingsError(f"humans must be a whole number from 0 to {players} (the players), not {shown(humans)}")
        if not isinstance(bot_delay, (int, float)) or isinstance(bot_delay, bool) or bot_delay < 0:
            raise SettingsError(f"bot_delay must be a number of seconds >= 0, not {shown(bot_delay)}")
        self.players = players
        self.human_seats = tuple(range(humans))
        self.bot_names = self._bot_names(bots, players, humans)
        # what people read: the names given, else the seats counted from 1
        self.seat_names = (check_names(names, players) if names is not None
                           else [f"Seat {s + 1}" for s in range(players)])
        self._undo: list[tuple] = []  # (state before a person's decision, the bots' generator state)
        self._since: dict[int, int] = {}  # per person: events already seen at their last decision
        # seat settings need the players; ``rounds`` deals the game's session (a run of rounds)
        self.state_class, self.settings = table_state(spec, settings, players)
        if view_class is None:  # the view the state names for itself, else the plugin's
            view_class = state_view(self.state_class) or plugin_view(spec.name)
        # A chosen seed makes every later deal at this table reproducible (and may be shown);
        # an unseeded table deals each game from the operating system's secrets, 64 bits, so
        # no one can work the hidden cards out from the ones they see, and never shows a seed.
        self._seed_chosen = seed is not None
        self._seed_rng = random.Random(seed) if seed is not None else None
        self.bot_delay = float(bot_delay)
        self.paused = False
        self._task = None
        self._task_generation = -1
        self._generation = 0
        self.click_times: list[float] = []  # seconds from a human action to updated widgets
        self.session: list = []  # the results of the finished games at this table
        self.message = ""

        self.view: GameView | None = None
        self._view_class = view_class
        self._build()
        super().__init__(children=self._children, layout=W.Layout(width="100%"))
        self.add_class("lnb-table")
        self.new_game(seed=seed)

    # -- construction -----------------------------------------------------------------------
    def _bot_names(self, bots, players: int, humans: int) -> list[str | None]:
        n_bots = players - humans
        if bots is None:
            names = [self.spec.default_bot] * n_bots
        elif isinstance(bots, str):
            names = [bots] * n_bots
        else:
            names = list(bots)
            if len(names) == players:
                names = names[humans:]
            elif len(names) != n_bots:
                raise SettingsError(
                    f"bots lists {len(names)} bots; give one name for all bots, or one per bot seat "
                    f"({n_bots}), or one per seat ({players})")
        for name in names:
            self.spec.make_bot(name)  # UnknownBot lists the valid names
        return [None] * humans + names

    def _build(self) -> None:
        self.header = W.HTML()
        self.status = W.HTML()
        self.since = W.HTML()  # what the others did since the viewer's last decision
        self.seats = W.HTML()
        self.cover_text = W.HTML()
        self.cover_button = W.Button(description="Show my cards", button_style="warning",
                                     layout=W.Layout(width="auto"))
        self.cover_button.on_click(lambda b: self.confirm())
        self.cover = W.VBox([self.cover_text, self.cover_button],
                            layout=W.Layout(padding="24px", align_items="center",
                                            border="2px dashed var(--jp-warn-color1)"))
        self.view = self._view_class(self)
        self.view_box = self.view.widget
        self.view_box.add_class("lnb-view")
        self.turn_focus = TurnFocus()  # a person's turn starts: their next control comes into view
        self._turn_key = None
        self.scores = W.HTML()
        self.scores.add_class("lnb-scores")
        self.log_html = W.HTML()
        self.new_button = W.Button(description="New game", tooltip="Deal a new game with the same settings",
                                   layout=W.Layout(width="auto"))
        self.new_button.on_click(lambda b: self.new_game())
        self.rematch_button = W.Button(description="Rematch (same deal)",
                                       tooltip="Play the same deal again from the start",
                                       layout=W.Layout(width="auto"))
        # a rematch of a secret deal stays secret: the seed was not chosen by anyone
        self.rematch_button.on_click(lambda b: self.new_game(seed=self.state.seed,
                                                             chosen=self.state.seed_chosen))
        self.pause_button = W.ToggleButton(description="Pause bots", value=False,
                                           tooltip="Stop the bots between moves",
                                           layout=W.Layout(width="auto"))
        self.pause_button.observe(self._pause_changed, names="value")
        self.step_button = W.Button(description="Bot: one move", tooltip="Let the bot to act make one move",
                                    layout=W.Layout(width="auto"))
        self.step_button.on_click(lambda b: self.step_bot())
        # described, so that the select has a name screen readers say (and axe-core finds)
        self.speed = W.Dropdown(options=[(f"Bot speed: {name}", value) for name, value in SPEEDS],
                                value=None, description="Bot speed", style={"description_width": "initial"},
                                layout=W.Layout(width="auto"))
        self._set_speed_options()
        self.speed.observe(self._speed_changed, names="value")
        # the coach (off by default): advice for the person to act, under the hand
        self.coach = self.spec.load("coach")
        # a toggle with no tooltip shows the word "null" on hover: every toggle says what it does
        # each move's chance to win, by rollouts (a game's ``win_chances`` part, if it has one),
        # played for at most ``coach_budget`` seconds of CPU time a position
        self.win_chances = self.spec.load("win_chances")
        self.coach_budget = COACH_BUDGET
        self.coach_toggle = W.ToggleButton(description="Coach", value=False,
                                           tooltip="Show advice for the person to act, from what they may see",
                                           layout=W.Layout(width="auto"))
        self.coach_toggle.observe(lambda change: self.refresh(), names="value")
        self.coach_html = W.HTML()
        self._coach_said = None  # (position, seat) -> lines: the coach is asked once a position
        self.undo_button = W.Button(description="\u21b6 Take back my last move",
                                    layout=W.Layout(width="auto", display="none"))
        self.undo_button.on_click(lambda b: self._undo_clicked())
        # at the end of a game: the game just played, move by move, opened on request
        self.replay_button = W.Button(description="Replay this game", tooltip="Step through the game just played",
                                      layout=W.Layout(width="auto", display="none"))
        self.replay_button.on_click(lambda b: self.open_replay())
        self.replay_box = W.VBox(layout=W.Layout(width="100%"))
        self.controls = W.HBox([self.undo_button, self.new_button, self.rematch_button, self.replay_button,
                                self.pause_button, self.step_button, self.speed, self.coach_toggle],
                               layout=W.Layout(flex_flow="row wrap"))
        log_box = W.VBox([W.HTML("<b>Game log</b> (newest first)"), self.log_html])
        # why each greyed-out button of the view is refused, on screen (a tooltip needs a hover)
        self.refusals = W.HTML()
        self._watched: dict[int, W.Widget] = {}  # the controls whose changes rewrite that line
        self.main = W.VBox([self.since, self.seats, self.view_box, self.refusals, self.coach_html, self.scores])
        self._children = [TableStyle(), self.turn_focus, self.header, self.status, self.cover, self.main, self.controls,
                          self.replay_box, log_box]

    def _set_speed_options(self) -> None:
        options = [(f"Bot speed: {name} ({value:g} s)", value) for name, value in SPEEDS]
        if all(v != self.bot_delay for _, v in options):
            options.append((f"Bot speed: {self.bot_delay:g} s", self.bot_delay))
        self.speed.options = options
        self.speed.value = self.bot_delay

    # -- game flow --------------------------------------------------------------------------
    def _next_seed(self) -> int:
        """The seed of the next deal: drawn from the chosen seed, else 64 secret bits."""
        return self._seed_rng.getrandbits(32) if self._seed_chosen else secrets.randbits(64)

    def new_game(self, seed: int | None = None, state=None, chosen: bool | None = None) -> None:
        """Start a new game with the same players and settings (a fresh seed unless given).
        ``chosen``: whether a person chose the seed (default: given here or at the table)."""
        if chosen is None:
            chosen = seed is not None or self._seed_chosen
        if seed is None:
            seed = self._next_seed()
        self._generation += 1
        self.state = state if state is not None else self.state_class(self.players, seed, **self.settings)
        self.state.seed_chosen = chosen  # the header shows a seed only when someone chose it
        self.bots = [self.spec.make_bot(name) if name else None for name in self.bot_names]
        self.bot_rng = random.Random(seed)
        self.viewer: int | None = self.human_seats[0] if len(self.human_seats) == 1 else None
        self.pending: int | None = None  # hot seat: the seat asked to take the device
        self._log_viewer = object()
        self._log_lines: list[str] = []
        self._log_count = 0
        self._seen = 0  # events already passed to the view
        self._undo, self._since = [], {}
        self.message = ""
        self.replay_box.children = ()
        self.view.reset()
        self._advance()

    def open_replay(self):
        """The game just played, in a replay under the table's buttons, as the one person at the
        table saw it (with several or none: every card open); returns the replay widget.
        Offered once the game is over ("Replay this game") by a table that has a replay
        (:attr:`replay_class`: the tables :func:`lopti_nb.play` makes)."""
        if self.replay_class is None:
            raise LoptiNbError("This table has no replay of its games.")
        seat = self.human_seats[0] if len(self.human_seats) == 1 else None
        replay = self.replay_class(self.state.record(), seat=seat)
        self.replay_box.children = (replay,)
        return replay

    def show_state(self, state, viewer: int | None = None, pending: int | None = None,
                   run_bots: bool = False) -> None:
        """Put ``state`` (a position of this table's game and player count) on the table, seen
        by ``viewer``; the view is redrawn from scratch from the state's events."""
        if state.num_players != self.players or not isinstance(state, self.state_class):
            raise SettingsError(f"this table plays {self.spec.title} with {self.players} players")
        self._generation += 1
        self.state = state
        self.viewer, self.pending = viewer, pending
        self._log_viewer = object()
        self._log_lines, self._log_count, self._seen = [], 0, 0
        self._undo, self._since = [], {}
        self.message = ""
        self.replay_box.children = ()
        self.view.reset()
        if run_bots:
            self._advance()
        else:
            self.refresh()

    @property
    def hot_seat(self) -> bool:
        return len(self.human_seats) >= 2

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and self.bot_names[seat] is not None

    def can_act(self) -> bool:
        """The seat in front of the device is one of the seats to act (and no cover is up)."""
        viewer = self.viewer
        return (viewer is not None and self.pending is None and not self.is_bot(viewer)
                and viewer in self.state.to_act)

    def _people_to_act(self) -> list[int]:
        """The human seats that may act now, in the order of ``to_act``."""
        return [s for s in self.state.to_act if not self.is_bot(s)]

    def _who(self, seats) -> str:
        """``Seat 1 (a bot)``, ``Seat 1 and Seat 2``: the seats, bots marked."""
        names = [self.view.seat_name(s) + (" (a bot)" if self.is_bot(s) else "") for s in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def reason(self, action, viewer, can_act) -> str | None:
        state = self.state
        if state.is_over:
            return "the game is over"
        if not can_act:
            if self.pending is not None:
                return f"waiting for {self.view.seat_name(self.pending)} to take the device"
            to_act = state.to_act
            if len(to_act) == 1:
                return f"it is {self._who(to_act)}'s turn"
            return f"waiting for {self._who(to_act)}"
        # the viewer is one of the seats to act: the rules' own reason text, seats named
        why = state.why_illegal(action, viewer)
        return self.view.words(why) if why else why

    def act(self, action) -> None:
        """The viewer takes ``action`` (what every enabled button does)."""
        t0 = time.perf_counter()
        if not self.can_act():
            self.message = self.reason(action, self.viewer, False) or ""
            self.refresh()
            return
        snapshot = (self.state.copy(), self.bot_rng.getstate(), dict(self._since)) if self.undo_offered else None
        before = len(self.state.events)
        try:
            self.state.apply(action, self.viewer)
        except IllegalAction as exc:
            self.message = self.view.words(str(exc))
            self.refresh()
            return
        if snapshot is not None:
            self._undo.append(snapshot)
        # the strip starts after this decision's own line: what followed from it (bids revealed,
        # a trick won) and what the others did next
        self._since[self.viewer] = min(before + 1, len(self.state.events))
        self.message = ""
        self._advance()
        self.click_times.append(time.perf_counter() - t0)

    # -- take back -----------------------------------------------------------------------------
    @property
    def undo_offered(self) -> bool:
        """Take-back is offered against bots: one person at the device, the rest bots."""
        return len(self.human_seats) == 1 and self.players > 1

    def undo_refusal(self) -> str | None:
        """Why :meth:`undo` would be refused now, or ``None``."""
        if len(self.human_seats) != 1:
            return ("take-back is only for one person playing bots: with people sharing the device, "
                    "a move once made stands" if self.human_seats else "nobody at this table has moved")
        if self.state.is_over:
            return "this is over: a finished game or round cannot be taken back"
        if not self._undo:
            return "there is nothing to take back: you have made no move in this game yet"
        return None

    def undo(self) -> None:
        """Take back the person's last decision and the bots' replies to it: the table goes
        back to the position just before it (a copy of the state kept then, the bots' dice
        too), and the person chooses again. Raises :class:`UndoRefused` with a sentence."""
        why = self.undo_refusal()
        if why is not None:
            raise UndoRefused(why[0].upper() + why[1:] + ".")
        state, rng_state, since = self._undo.pop()
        undo = self._undo
        self._generation += 1  # a bot loop sleeping for the position taken back stops
        self.state = state
        self.bot_rng.setstate(rng_state)
        self.viewer, self.pending = self.human_seats[0], None
        self._log_viewer = object()
        self._log_lines, self._log_count, self._seen = [], 0, 0
        self.view.reset()
        self._undo, self._since = undo, since
        self.message = "Your last move is taken back: choose again."
        self._advance()

    def _undo_clicked(self) -> None:
        try:
            self.undo()
        except UndoRefused as exc:
            self.message = str(exc)
            self.refresh()

    def confirm(self) -> None:
        """The player asked for (hot seat) confirms they hold the device."""
        if self.pending is None:
            return
        self.viewer = self.pending
        self.pending = None
        self.refresh()

    def _settle_viewer(self) -> None:
        """Hot seat: when the person in front of the device has nothing to do and another
        person may act, cover the table for them (the first of them in ``to_act``)."""
        if not self.hot_seat:
            return
        people = self._people_to_act()
        if not people or self.viewer in people or self.pending in people:
            return
        self.pending = people[0]
        self.viewer = None  # hide everything private until the next player confirms

    def _advance(self) -> None:
        """After a change: let bots move (instantly or one step at a time), then redraw."""
        if self._bots_to_move() and not self.paused:
            if self.bot_delay > 0 and running_loop() is not None:
                self._settle_viewer()
                self.refresh()
                self._start_task()
                return
            while self._bots_to_move():
                self._bot_move()
        self._settle_viewer()
        self.refresh()

    def _bot_to_move(self) -> int | None:
        """The first bot seat among those to act (bots decide on their own, also while a
        person at the table is still deciding), or ``None``."""
        for seat in self.state.to_act:
            if self.is_bot(seat):
                return seat
        return None

    def _bots_to_move(self) -> bool:
        return self._bot_to_move() is not None

    def _bot_move(self) -> None:
        state = self.state
        seat = self._bot_to_move()
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = self.bots[seat](state.observation(seat), legal, self.bot_rng)
        state.apply(action, seat)

    def step_bot(self) -> None:
        """One bot move (useful while paused)."""
        if self._bots_to_move():
            self._bot_move()
            self._settle_viewer()
            self.refresh()

    def _start_task(self) -> None:
        # a loop still sleeping for this game will go on by itself; one from an earlier game
        # (before New game / Rematch) stops when it wakes, so this game needs its own
        if self._task is not None and not self._task.done() and self._task_generation == self._generation:
            return
        loop = running_loop()
        self._task_generation = self._generation
        self._task = loop.create_task(self._bot_loop(self._generation))

    async def _bot_loop(self, generation: int) -> None:
        try:
            while generation == self._generation and not self.paused and self._bots_to_move():
                await asyncio.sleep(self.bot_delay)
                if generation != self._generation or self.paused or not self._bots_to_move():
                    break
                self._bot_move()
                self._settle_viewer()
                self.refresh()
        except Exception as exc:  # a task's error would otherwise vanish silently
            self.paused = True
            self.message = f"The bots stopped: {type(exc).__name__}: {exc}"
            set_if(self.pause_button, value=True, description="Resume bots")
            self.refresh()
            raise

    def _pause_changed(self, change) -> None:
        self.paused = bool(change["new"])
        set_if(self.pause_button, description="Resume bots" if self.paused else "Pause bots")
        if not self.paused:
            self._advance()
        else:
            self.refresh()

    def _speed_changed(self, change) -> None:
        if change["new"] is not None:
            self.bot_delay = float(change["new"])

    # -- drawing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        state = self.state
        viewer = self.viewer
        obs = state.observation(viewer)
        to_act = state.to_act
        can_act = self.can_act()

        events = state.events
        new_events = [e.for_seat(viewer) for e in events[self._seen:]]
        self._seen = len(events)
        self._update_log(viewer)

        view = self.view
        set_if(self.header, value=self._header_html(view))
        set_if(self.status, value=self._status_html(to_act, can_act))
        set_if(self.seats, value=self._seats_html(obs, to_act))
        covered = self.pending is not None
        if covered:
            name = view.seat_name(self.pending)
            set_if(self.cover_text, value=(
                f'<div style="font-size:20px;font-weight:bold;text-align:center">'
                f'Pass the device to {esc(name)}</div><div style="{CSS_MUTED};text-align:center">'
                f'Everything private is hidden until {esc(name)} confirms.</div>'))
            set_if(self.cover_button, description=f"I am {name}: show my cards")
        show(self.cover, covered, "flex")
        show(self.main, not covered, "flex")
        set_if(self.since, value=self._since_html(viewer))
        self._drawing = True  # the refusal line is written once, after every control is set
        try:
            self._draw(state, obs, viewer, new_events, can_act)
        finally:
            self._drawing = False
        self._watch_controls()
        self._update_refusals()
        # a turn starts when the person in front of the device may act in a new position
        key = (self._generation, len(state.events), viewer) if can_act else None
        if key is not None and key != self._turn_key:
            self.turn_focus.turn += 1
        self._turn_key = key

    def _draw(self, state, obs, viewer, new_events, can_act) -> None:
        view = self.view
        view.update(obs, viewer, new_events, can_act)
        if state.is_over and (not self.session or self.session[-1][0] is not state):
            self.session.append((state, state.result))
        set_if(self.scores, value=view.scores_html(obs, state.result if state.is_over else None)
               + self._session_html())
        bots_waiting = self._bots_to_move()
        set_if(self.step_button, disabled=not (self.paused and bots_waiting),
               tooltip=("Let the bot to act make one move" if self.paused and bots_waiting
                        else "Only while the bots are paused and a bot is to move"))
        self._coach_panel(can_act)
        refused = self.undo_refusal()
        set_if(self.undo_button, disabled=refused is not None,
               tooltip="Take back your last move and the bots' replies" if refused is None
               else f"Take back: not possible now \u2014 {refused}")
        # once the game is over only what a person can still do is on screen: the final scores,
        # play again and the replay (no play control of the view, greyed or not, no bot controls)
        over = state.is_over
        show(self.view_box, not over)
        show(self.refusals, not over)
        set_if(self.new_button, description="Play again" if over else "New game")
        show(self.replay_button, over and self.replay_class is not None)
        show(self.undo_button, self.undo_offered and not over)
        show(self.step_button, any(self.bot_names) and not over)
        show(self.pause_button, any(self.bot_names) and not over)
        show(self.speed, any(self.bot_names) and not over)

    def refusals_html(self) -> str:
        """The reasons of the view's refused buttons, printed under it (see
        :func:`~lopti_nb.widgets.base.refusals_html`)."""
        return refusals_html(self.view_box)

    def _update_refusals(self, change=None) -> None:
        """Rewrite the line of refusals from the buttons as they are now. Called after every
        redraw and whenever a watched control changes on its own (a form of the view that
        enables its button without a redraw of the table), so a line never outlives its
        refusal."""
        if not getattr(self, "_drawing", False):
            set_if(self.refusals, value=self.refusals_html())

    def _controls_added(self, change) -> None:
        if not getattr(self, "_drawing", False):
            self._watch_controls()
            self._update_refusals()

    def _watch_controls(self) -> None:
        """Watch every button under the view for what the line of
        refusals reads: whether it is refused, its reason, its label, whether it is shown (its
        own display and that of the boxes around it), and every box for the buttons it gains."""
        watched = self._watched
        stack = [self.view_box]
        while stack:
            w = stack.pop()
            if id(w) not in watched:
                watched[id(w)] = w  # kept, so that an id is never reused by another widget
                if isinstance(w, W.Button):
                    w.observe(self._update_refusals, names=["disabled", "tooltip", "description"])
                elif isinstance(w, W.Box):  # a pool of buttons that grows: watch the new ones too
                    w.observe(self._controls_added, names="children")
                layout = getattr(w, "layout", None)
                if layout is not None:
                    layout.observe(self._update_refusals, names="display")
            stack.extend(getattr(w, "children", None) or ())

    def _coach_panel(self, can_act: bool) -> None:
        """The coach's advice for the person in front of the device when it is their turn
        (never for a bot, never while the device is being passed), if the coach is on."""
        show(self.coach_toggle, self.coach is not None and bool(self.human_seats) and not self.state.is_over)
        seat = self.viewer
        if self.coach is None or not self.coach_toggle.value or not can_act or self.is_bot(seat):
            show(self.coach_html, False)
            return
        key = (id(self.state), len(self.state.actions), seat)
        if self._coach_said is None or self._coach_said[0] != key:
            lines = self.coach(self.state, seat).lines
            if self.win_chances is not None and seat in self.state.to_act:
                lines = (*lines, *chance_lines(self.win_chances(self.state, seat, budget=self.coach_budget)))
            self._coach_said = (key, "".join(f"<li>{esc(line)}</li>" for line in lines))
        set_if(self.coach_html, value=(
            f'<div class="lnb-coach" style="font-size:13px;color:var(--jp-ui-font-color1);'
            f'border-left:3px solid var(--jp-brand-color1);padding:2px 8px;max-width:100%">'
            f'<b>Coach for {esc(self.view.seat_name(seat))}</b>'
            f'<ul style="margin:2px 0;padding-left:18px">{self._coach_said[1]}</ul></div>'))
        show(self.coach_html, True)
    def since_start(self, viewer: int | None) -> int:
        """The index of the first event ``viewer`` has not seen act on: the events after their
        last decision (all of them before their first)."""
        return self._since.get(viewer, 0) if viewer is not None else len(self.state.events)

    def _since_html(self, viewer: int | None) -> str:
        """The strip at the top: what happened since the viewer's last decision, newest last,
        in the game's own words (the same lines as the log, seen as the viewer may see them)."""
        if viewer is None:
            return ""
        events = self.state.events
        start = self.since_start(viewer)
        if start >= len(events):
            return ""
        say = self.view.describe_event
        first = max(start, len(events) - SINCE_LINES)
        lines = [say(e.for_seat(viewer)) for e in events[first:]]
        more = first - start
        title = ("Since the deal" if viewer not in self._since else
                 "Since your last move" if len(self.human_seats) == 1 else
                 f"Since {self.view.seat_name(viewer)}'s last move")
        items = "".join(f"<li>{esc(line)}</li>" for line in lines if line)
        earlier = (f'<div style="{CSS_TEXT};font-size:11px">and {more} earlier '
                   f'event{"s" if more != 1 else ""} in the game log below</div>' if more else "")
        return (f'<div class="lnb-since" style="border-left:4px solid var(--jp-brand-color1);padding:2px 8px;'
                f'background:var(--jp-layout-color2);color:var(--jp-ui-font-color1);font-size:12px;'
                f'overflow-wrap:anywhere"><b>{esc(title)}</b>'
                f'<ul style="margin:0;padding-left:16px">{items}</ul>{earlier}</div>')

    def _session_html(self) -> str:
        if not self.session or (len(self.session) == 1 and not self.state.is_over):
            return ""
        wins = [0] * self.players
        for _, result in self.session:
            if not result.stalemate:
                for w in result.winners:
                    wins[w] += 1
        n = len(self.session)
        words = ", ".join(f"{self.view.seat_name(s)}: {w} win{'s' if w != 1 else ''}" for s, w in enumerate(wins))
        return (f'<div style="font-size:12px;color:var(--jp-ui-font-color2);margin-top:4px">'
                f'At this table: {n} game{"s" if n != 1 else ""} finished \u2014 {esc(words)}.</div>')

    def _header_html(self, view: GameView) -> str:
        s = self.state
        humans = len(self.human_seats)
        if humans == 0:
            who = "spectating: all seats are bots"
        elif humans == 1:
            who = f"you are {view.seat_name(0)}"
        else:
            joint = " and " if humans == 2 else " to "
            who = f"hot seat: {view.seat_name(0)}{joint}{view.seat_name(humans - 1)} share this device"
        bots = [n for n in self.bot_names if n]
        bot_words = ""
        if bots:
            counts: dict[str, int] = {}
            for n in bots:
                counts[n] = counts.get(n, 0) + 1
            bot_words = " \u00b7 bots: " + ", ".join(f"{n} \u00d7{c}" for n, c in counts.items())
        extra = view.settings_words(s)
        # the seed fixes every hidden card: it is shown only once the game is over
        seed_words = f" \u00b7 seed {s.seed}" if s.is_over and s.seed_chosen else ""
        return (f'<div style="font-size:16px;font-weight:bold;color:var(--jp-ui-font-color0)">'
                f'{esc(self.spec.title)}</div><div style="{CSS_MUTED};font-size:12px">'
                f'{self.players} players \u00b7 {esc(who)}{esc(bot_words)}{esc(seed_words)}'
                f'{" · " + esc(extra) if extra else ""}</div>')

    def _status_html(self, to_act, can_act) -> str:
        s = self.state
        name = self.view.seat_name
        if s.is_over:
            text = "Game over."
            colour = "var(--jp-ui-font-color0)"  # readable in both themes (green is not, at this size)
        elif self.pending is not None:
            text = f"{name(self.pending)} to play: pass the device."
            colour = "var(--jp-warn-color1)"
        elif can_act:
            text = f"Your turn ({name(self.viewer)})."
            others = [seat for seat in to_act if seat != self.viewer]
            if others:  # a decision taken at once: who else is still deciding
                text += f" Also deciding: {self._who(others)}."
            colour = "var(--jp-brand-color1)"
        elif all(map(self.is_bot, to_act)):
            names = " and ".join(name(seat) for seat in to_act)
            verb = "is" if len(to_act) == 1 else "are"
            text = (f"{names} ({'bot' if len(to_act) == 1 else 'bots'}) {verb} thinking"
                    + (" \u2014 bots paused." if self.paused else "\u2026"))
            colour = "var(--jp-ui-font-color1)"
        else:
            text = f"{self._who(to_act)} to play."
            colour = "var(--jp-ui-font-color1)"
        msg = (f'<div style="color:var(--jp-ui-font-color1);font-size:12px;'
               f'border-left:3px solid var(--jp-error-color1);padding-left:6px">{esc(self.message)}</div>'
               if self.message else "")
        return (f'<div role="status" aria-live="polite" style="font-size:15px;font-weight:bold;'
                f'color:{colour}">\u25b6 {esc(text)}</div>{msg}')

    def seat_kind(self, seat: int) -> str:
        """Who sits there, in the seat's box: ``bot: random``, ``you``, ``human``."""
        if self.bot_names[seat]:
            return f"bot: {self.bot_names[seat]}"
        return "you" if len(self.human_seats) == 1 else "human"

    def _seats_html(self, obs: dict, to_act) -> str:
        cells = []
        for seat in range(self.players):
            kind = self.seat_kind(seat)
            here = seat in to_act
            mine = seat == self.viewer
            border = ("2px solid var(--jp-brand-color1)" if here else "1px solid var(--jp-border-color1)")
            line = self.view.seat_line(obs, seat)
            arrow = "\u25b6 " if here else ""
            cells.append(
                f'<div data-seat="{seat}" style="border:{border};border-radius:6px;padding:3px 8px;'
                f'background:{"var(--jp-layout-color2)" if mine else "var(--jp-layout-color1)"};'
                f'color:var(--jp-ui-font-color1);min-width:110px">'
                f'<div style="font-weight:bold">{arrow}{esc(self.view.seat_name(seat))}'
                f' <span style="font-weight:normal;{CSS_TEXT};font-size:11px">({esc(kind)})</span></div>'
                f'<div style="font-size:12px">{line}</div></div>')
        return f'<div style="display:flex;flex-wrap:wrap;gap:6px">{"".join(cells)}</div>'

    def _update_log(self, viewer) -> None:
        events = self.state.events
        say = self.view.describe_event
        if self._log_viewer != viewer:
            self._log_viewer = viewer
            start = max(0, len(events) - LOG_LINES)
            self._log_lines = [say(e.for_seat(viewer)) for e in events[start:]]
        else:
            self._log_lines.extend(say(e.for_seat(viewer)) for e in events[self._log_count:])
            if len(self._log_lines) > LOG_LINES:
                del self._log_lines[:-LOG_LINES]
        self._log_count = len(events)
        first = len(events) - len(self._log_lines)
        items = []
        for i in range(len(self._log_lines) - 1, -1, -1):
            items.append(f'<li value="{first + i + 1}">{esc(self._log_lines[i])}</li>')
        set_if(self.log_html, value=(
            '<ol reversed class="lnb-log" tabindex="0" aria-label="Game log, newest first" '
            'style="max-height:180px;overflow-y:auto;margin:0;'
            'padding-left:38px;font-size:12px;color:var(--jp-ui-font-color1);'
            'border:1px solid var(--jp-border-color2);background:var(--jp-layout-color1)">'
            + "".join(items) + "</ol>"))


def iter_widgets(root: W.Widget):
    """Every widget reachable from ``root`` through its state (children, and so on)."""
    seen = set()
    stack = [root]
    while stack:
        w = stack.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        yield w
        for name in w.keys:
            value = getattr(w, name, None)
            if isinstance(value, W.Widget):
                stack.append(value)
            elif isinstance(value, (list, tuple)):
                stack.extend(v for v in value if isinstance(v, W.Widget))


def running_loop():
    """The asyncio loop running now (a notebook's, a Voilà page's), or ``None``."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
