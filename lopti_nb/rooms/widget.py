"""The room widget: create a room, join by code, wait in the lobby, play at the table.

    >>> from lopti_nb.rooms import room_widget
    >>> room_widget()            # doctest: +SKIP

The host picks the game (every installed game plugin), the number of players and the settings
the game's plugin offers rooms (``spec.room_settings``, with the schema's labels and
descriptions). The table is the game's own view (``get_spec(game).load("view")``, the same
cards and buttons as a table at one device), fed with this seat's observation only. A timer
(an asyncio task on the kernel's loop) polls the store every ``poll`` seconds, so the table
follows what the others do; the kernel that hosts also moves the bots, one every
``bot_pace`` seconds (a bot's move that stays hidden until others have acted too, such as a
ballot, a secret bid or a Roshambo throw, is made at once: there is nothing yet to follow). On a phone the control this seat needs next comes into view when its turn
starts; once the game is over only the final scores and "Replay this game" (the game as this
seat saw it) are left of the table, and on the host's page "Play again": a new game in the same
room, same seats and settings, new deal (the other pages follow at their next look).
"""
from __future__ import annotations

import asyncio
import json
import time

import ipywidgets as W

from lopti_nb.engine import SettingsError, all_specs, get_spec
from lopti_nb.text import esc
from lopti_nb.widgets import state_view
from lopti_nb.widgets.base import ROUNDS_NOTE, TableStyle, TurnFocus, polling_loop, rounds_menu, show
from lopti_nb.widgets.replay import Replay
from lopti_nb.widgets.table import seat_words_named

from .errors import BadCode, BadSettings, RoomError, StaleAction, StoreError, UnknownRoom, WrongPhase, cut
from .room import (
    LOBBY, OVER, PLAYING, RoomSession, create_room, join_room, rejoin_room, room_spec, seconds,
)
from .store import open_store

MUTED = "color:var(--jp-ui-font-color2, #666)"
TEXT = "color:var(--jp-ui-font-color1, #222)"
ERROR = "color:var(--jp-error-color1, #c62828)"
LOG_LINES = 40
POLL_LIMITS = (0.05, 60.0)  # seconds between two looks at the store
PACE_LIMITS = (0.0, 60.0)  # seconds between two bot moves (0: all at once)
PARSED = "_lnb_parse_text"  # marks a setting typed as text (read with the schema's parse_text)
MAX_SAME_DECISION = 5  # tries of a click while the others' choices of the same decision arrive


def _words(name: str) -> str:
    """A setting's name as a form label: ``hold_limit`` -> ``Hold limit``."""
    return name.replace("_", " ").capitalize()


def setting_control(setting) -> W.Widget:
    """A form control for one schema setting, set to its default: a dropdown of the choices'
    labels, a checkbox, a number box, or (data and optional numbers) a text box read by the
    schema's ``parse_text``. The setting's description is the control's tooltip."""
    label, kind, default = _words(setting.name), setting.kind, setting.default
    common = {"description": label, "tooltip": setting.description}
    if kind == "bool" and len(setting.labels) == 2:
        options = [(setting.labels[0], True), (setting.labels[1], False)]
        if setting.optional:
            options.append(("none", None))
        return W.Dropdown(options=options, value=default, **common)
    if kind == "bool" and not setting.optional:
        return W.Checkbox(value=bool(default), indent=False, **common)
    if kind == "choice":
        labels = setting.labels if len(setting.labels) == len(setting.choices) else map(str, setting.choices)
        options = list(zip(labels, setting.choices))
        if setting.optional:
            options.append(("none", None))
        return W.Dropdown(options=options, value=default, **common)
    if kind in ("int", "seat") and not setting.optional:
        low = 0 if kind == "seat" else setting.low
        return W.BoundedIntText(value=default, min=-10**9 if low is None else low,
                                max=10**9 if setting.high is None else setting.high, **common)
    if kind == "float" and not setting.optional:
        return W.BoundedFloatText(value=default, min=-1e18 if setting.low is None else setting.low,
                                  max=1e18 if setting.high is None else setting.high, **common)
    text = "" if default is None else json.dumps(setting.plain(default))
    box = W.Text(value=text, placeholder=setting.allowed(), **common)
    setattr(box, PARSED, True)
    return box


def control_value(spec, name: str, control: W.Widget):
    """The value a setting's control holds (text boxes read by the schema)."""
    if getattr(control, PARSED, False):
        return spec.schema.parse_text(name, control.value)
    return control.value


class RoomViewHost:
    """A room device as a game's view sees it (:class:`lopti_nb.widgets.view.ViewHost`):
    ``act``, ``reason``, ``refresh``, ``state`` (the device, whose ``seat_name`` gives the
    room's display names) and ``seat_names``."""

    def __init__(self, widget: "RoomWidget"):
        self._w = widget

    @property
    def state(self):
        return self._w

    def act(self, action) -> None:
        self._w.act(action)

    def reason(self, action, viewer, can_act):
        return self._w.reason(action, can_act)

    def refresh(self) -> None:
        # a view asks for a redraw after a selection changes (cards picked, not yet played)
        self._w._redraw()

    @property
    def seat_names(self) -> list[str] | None:
        """The room's display names, one per seat (what the view's sentences name seats by)."""
        return self._w.seat_names()


class _PlainView:
    """The table of a game whose plugin has no view: the seat's legal actions as buttons."""

    def __init__(self, table):
        self.table = table
        self.info = W.HTML()
        self.buttons = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.widget = W.VBox([self.info, self.buttons])

    def update(self, obs, viewer, new_events, can_act) -> None:
        self.info.value = f'<div style="{MUTED};font-size:12px">Your choices when it is your turn:</div>'
        session = self.table.state.session
        legal = session.state.legal_actions(session.seat) if can_act else []
        buttons = list(self.buttons.children[:len(legal)])
        while len(buttons) < len(legal):  # one button per choice, reused as the choices change
            b = W.Button(layout=W.Layout(width="auto"))
            b.on_click(lambda b: self.table.act(b._lnb_action))
            buttons.append(b)
        for b, a in zip(buttons, legal):
            b._lnb_action = a
            b.description = str(a)
        if tuple(buttons) != self.buttons.children:
            self.buttons.children = buttons

    def seat_line(self, obs, seat) -> str:
        return ""

    def scores_html(self, obs, result) -> str:
        if result is None:
            return ""
        name = self.table.state.seat_name
        rows = "".join(f"<tr><td>{esc(name(i))}</td><td>{p}</td><td>{s:g}</td></tr>"
                       for i, (p, s) in enumerate(zip(result.places, result.scores)))
        return (f'<table style="font-size:13px;{TEXT}"><tr><th>Player</th><th>Place</th>'
                f'<th>Score</th></tr>{rows}</table>')

    def settings_words(self, state) -> str:
        return ""


class RoomWidget(W.VBox):
    """Create / join / lobby / table for rooms of every installed game. ``store``: a path or
    URL (see :func:`lopti_nb.rooms.open_store`; default ``$LOPTI_NB_ROOMS``); ``game``: the
    game the create form shows first; ``heading=False`` leaves out the widget's own heading
    and line of help before a room is chosen (a page that has its own, as the rooms
    dashboard does, shows them once)."""

    def __init__(self, store=None, poll: float = 0.5, bot_pace: float = 0.6, start_timer: bool = True,
                 game: str | None = None, heading: bool = True):
        self._store_url = store
        if game is None:  # the game create_room() hosts when none is named
            import inspect

            from .room import create_room
            game = inspect.signature(create_room).parameters["game"].default
        self._first_game = room_spec(game).name
        self.poll = seconds(poll, "poll", POLL_LIMITS)
        self.bot_pace = seconds(bot_pace, "bot_pace", PACE_LIMITS)
        if type(start_timer) is not bool:
            raise BadSettings(f"start_timer must be True or False, not {type(start_timer).__name__}.")
        self.session: RoomSession | None = None
        self.message = ""
        self._store_fault = False  # the message is a store fault's (cleared once it answers)
        self._fails = 0
        self._wait_until = 0.0
        self._last_bot = 0.0
        self._shown = None
        self._offered = None  # (to_act, this seat's legal actions) as last drawn
        self._turn_key = None  # the position in which this seat's turn last started
        self._game_no = None  # which of the room's games the table shows
        self._seen = 0
        self._log: list[str] = []
        self._task = None
        self._start_timer = start_timer
        if type(heading) is not bool:
            raise BadSettings(f"heading must be True or False, not {type(heading).__name__}.")
        self._heading = heading
        self.view = None
        self._build()
        # the tables' style sheet: coloured buttons whose words read in both themes
        super().__init__(children=[TableStyle(), self.title, self.status, self.start_box, self.lobby_box,
                                   self.table_box], layout=W.Layout(width="100%"))
        self.add_class("lnb-room")
        self._redraw()

    # -- construction -----------------------------------------------------------------------------
    def _build(self) -> None:
        self.title = W.HTML()
        self.status = W.HTML()
        self.status.add_class("lnb-room-status")
        # create: the game, then its players, bots and room settings (rebuilt when the game changes)
        self.create_name = W.Text(description="Your name", placeholder="e.g. Ann")
        self.create_game = W.Dropdown(description="Game", options=[(s.title, s.name) for s in all_specs()],
                                      value=self._first_game)
        self.create_players = W.Dropdown(description="Players")
        self.create_bot = W.Dropdown(description="Bots", tooltip="How the bots in this room play")
        self.settings_box = W.VBox()
        self.create_settings: dict[str, W.Widget] = {}  # the chosen game's setting controls by name
        self._setting_forms: dict[str, tuple[dict, tuple]] = {}  # per game: switching back keeps choices
        self._session_setups: dict[str, W.Widget] = {}  # per game: its session's setup part, if any
        self.create_fill = W.Checkbox(description="Bots take the seats still empty at the start",
                                      value=True, indent=False)
        self.create_button = W.Button(description="Create a room", button_style="primary",
                                      layout=W.Layout(width="auto"))
        self.create_button.on_click(lambda b: self.create())
        self.create_game.observe(lambda c: self._game_chosen(), names="value")
        self._game_chosen()
        create_box = W.VBox([W.HTML("<b>Host a game</b>"), self.create_name, self.create_game,
                             self.create_players, self.settings_box, self.create_bot,
                             self.create_fill, self.create_button],
                            layout=W.Layout(border="1px solid var(--jp-border-color1)", padding="8px",
                                            min_width="320px"))
        # join
        self.join_code = W.Text(description="Room code", placeholder="K7QM-3XHD")
        self.join_name = W.Text(description="Your name", placeholder="e.g. Bob")
        self.join_button = W.Button(description="Join", button_style="primary", layout=W.Layout(width="auto"))
        self.join_button.on_click(lambda b: self.join())
        self.rejoin_key = W.Password(description="Seat key", placeholder="only to come back")
        self.rejoin_button = W.Button(description="Come back to my seat", layout=W.Layout(width="auto"))
        self.rejoin_button.on_click(lambda b: self.rejoin())
        join_box = W.VBox([W.HTML("<b>Join a game</b>"), self.join_code, self.join_name, self.join_button,
                           W.HTML(f'<div style="{MUTED};font-size:12px;margin-top:8px">Left the game? '
                                  'Type the room code above and the seat key you were shown.</div>'),
                           self.rejoin_key, self.rejoin_button],
                          layout=W.Layout(border="1px solid var(--jp-border-color1)", padding="8px",
                                          min_width="320px"))
        self.start_box = W.HBox([create_box, join_box], layout=W.Layout(flex_flow="row wrap"))
        # lobby
        self.code_html = W.HTML()
        self.code_html.add_class("lnb-room-code")
        self.lobby_seats = W.HTML()
        self.add_bot_button = W.Button(description="Add a bot", layout=W.Layout(width="auto"))
        self.add_bot_button.on_click(lambda b: self._call(self.session.add_bot))
        self.start_button = W.Button(description="Start the game", button_style="success",
                                     layout=W.Layout(width="auto"))
        self.start_button.on_click(lambda b: self._call(self.session.start))
        self.host_controls = W.HBox([self.add_bot_button, self.start_button], )
        self.lobby_box = W.VBox([self.code_html, self.lobby_seats, self.host_controls],
                                )
        # table
        self.seats_html = W.HTML()
        self.view_box = W.VBox()
        self.view_box.add_class("lnb-view")  # where the turn focus looks for the next control
        self.turn_focus = TurnFocus()  # this seat's turn starts: its next control comes into view
        self.scores_html = W.HTML()
        self.log_html = W.HTML()
        # once the game is over: the game just played, as this seat saw it
        self.replay_button = W.Button(description="Replay this game", tooltip="Step through the game just played",
                                      layout=W.Layout(width="auto"))
        self.replay_button.on_click(lambda b: self.open_replay())
        self.replay_button.add_class("lnb-room-replay")
        self.replay_box = W.VBox(layout=W.Layout(width="100%"))
        # and on the host's page: the next game in the same room (same seats, a new deal)
        self.again_button = W.Button(description="Play again", button_style="success",
                                     tooltip="A new game in this room: the same seats and settings, a new deal",
                                     layout=W.Layout(width="auto"))
        self.again_button.on_click(lambda b: self.play_again())
        self.again_button.add_class("lnb-room-again")
        self.end_box = W.HBox([self.again_button, self.replay_button],
                              layout=W.Layout(flex_flow="row wrap", gap="6px"))
        self.table_box = W.VBox([self.turn_focus, self.seats_html, self.view_box, self.scores_html,
                                 self.end_box, self.replay_box, self.log_html])
        # always there once in a room
        self.leave_button = W.Button(description="Leave the room", layout=W.Layout(width="auto"),
                                     tooltip="Your seat stays yours: come back with the code and your seat key")
        self.leave_button.on_click(lambda b: self.leave())
        self.key_toggle = W.ToggleButton(description="Show my seat key", value=False, layout=W.Layout(width="auto"),
                                         tooltip="Show the key that gives you back your seat")
        self.key_toggle.observe(lambda c: self._redraw(), names="value")
        self.key_html = W.HTML()
        self.footer = W.HBox([self.leave_button, self.key_toggle, self.key_html],
                             layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.lobby_box.children = self.lobby_box.children + (self.footer,)
        for name in ("create_name", "create_game", "create_players", "create_bot", "create_button", "join_code", "join_name", "join_button", "rejoin_key",
                     "rejoin_button", "add_bot_button", "start_button", "leave_button"):
            getattr(self, name).add_class("lnb-" + name.replace("_", "-"))

    def _game_chosen(self) -> None:
        """The create form follows the chosen game: its player counts, bots and room settings."""
        spec = get_spec(self.create_game.value)
        self.create_players.options = list(range(spec.min_players, spec.max_players + 1))
        self.create_players.value = spec.default_players
        self.create_bot.options = [(spec.bot_label(name), name) for name in spec.bots]
        self.create_bot.value = spec.default_bot
        if spec.name not in self._setting_forms:
            controls, rows = {}, []
            for name in spec.room_settings:
                setting = spec.schema[name]
                control = setting_control(setting)
                control.add_class("lnb-create-setting-" + name.replace("_", "-"))
                controls[name] = control
                rows.append(W.VBox([control, W.HTML(
                    f'<div style="{MUTED};font-size:11px;margin:-4px 0 4px 8px">'
                    f'{esc(setting.description)}</div>')]))
            if spec.session is not None:
                # the game may also be played as a run of rounds (its plugin's session)
                control = rounds_menu()
                control.add_class("lnb-create-setting-rounds")
                controls["rounds"] = control
                rows.append(W.VBox([control, W.HTML(
                    f'<div style="{MUTED};font-size:11px;margin:-4px 0 4px 8px">{ROUNDS_NOTE}</div>')]))
                # what the game's session adds to its setup (its plugin's "session_setup" part),
                # shown once a session is chosen
                setup = spec.load("session_setup")
                if setup is not None:
                    part = setup()
                    part.layout.display = "none"
                    control.observe(lambda c, part=part: show(part, bool(c["new"]), "flex"), names="value")
                    self._session_setups[spec.name] = part
                    rows.append(part)
                # and the session's own settings (a session of rounds only), with their words
                for setting in getattr(spec.load("session"), "SETTINGS", ()):
                    control = setting_control(setting)
                    control.add_class("lnb-create-setting-" + setting.name.replace("_", "-"))
                    controls[setting.name] = control
                    rows.append(W.VBox([control, W.HTML(
                        f'<div style="{MUTED};font-size:11px;margin:-4px 0 4px 8px">'
                        f'{esc(setting.description)}</div>')]))
            self._setting_forms[spec.name] = (controls, tuple(rows))
        self.create_settings, rows = self._setting_forms[spec.name]
        self.settings_box.children = rows

    # -- what the buttons do ----------------------------------------------------------------------
    def _store(self):
        return open_store(self._store_url)

    def _throttled(self) -> bool:
        wait = self._wait_until - time.monotonic()
        if wait > 0:
            self.message = f"Please wait {wait:.0f} s before trying another code."
            self._redraw()
            return True
        return False

    def _failed_code(self, exc: Exception) -> None:
        # a kernel typing wrong codes slows down (1, 2, 4 ... up to 30 s between tries)
        self._fails += 1
        if self._fails >= 3:
            self._wait_until = time.monotonic() + min(30.0, 2.0 ** (self._fails - 3))
        self.message = str(exc)

    def _enter(self, session: RoomSession) -> None:
        self.session = session
        self.message = ""
        self._fails = 0
        self._seen = 0
        self._log = []
        self._shown = None
        self._offered = None
        self._turn_key = None
        self._new_view(session)
        self.table_box.children = (self.turn_focus, self.seats_html, self.view_box, self.scores_html,
                                   self.end_box, self.replay_box, self.log_html, self.footer)
        self._redraw()
        self._start()

    def _new_view(self, session: RoomSession) -> None:
        """A fresh table for the room's current game (on entering, and when a new game starts)."""
        self._game_no = session.room.game_no
        self._seen = 0
        self._offered = None
        self.replay_box.children = ()
        # the view a state names for itself (a game's session), else the plugin's view
        view_class = state_view(type(session.room.state)) or session.room.spec.load("view") or _PlainView
        self.view = view_class(RoomViewHost(self))
        for attr, css in (("hand", "lnb-room-hand"), ("bid_buttons", "lnb-room-bids"),
                          ("trick", "lnb-room-trick")):
            part = getattr(self.view, attr, None)
            if isinstance(part, W.Widget):
                part.add_class(css)
        self.view_box.children = (self.view.widget,)

    def create(self) -> RoomSession | None:
        spec = get_spec(self.create_game.value)
        try:
            settings = {name: control_value(spec, name, control) if name != "rounds" else control.value
                        for name, control in self.create_settings.items()}
            if not settings.get("rounds", 1):
                # one round: the game itself, not a session, nor the session's own settings
                for name in ("rounds", *(s.name for s in getattr(spec.load("session"), "SETTINGS", ()))):
                    settings.pop(name, None)
            elif spec.name in self._session_setups:  # a session: what its setup part adds
                settings.update(self._session_setups[spec.name].settings())
            session = create_room(self.create_name.value, spec.name, players=self.create_players.value,
                                  bot=self.create_bot.value, fill_with_bots=self.create_fill.value,
                                  store=self._store(), **settings)
        except (RoomError, SettingsError, ValueError) as exc:
            self.message = str(exc)
            self._redraw()
            return None
        self._enter(session)
        return session

    def join(self) -> RoomSession | None:
        if self._throttled():
            return None
        try:
            session = join_room(self.join_code.value, self.join_name.value, store=self._store())
        except StoreError as exc:  # the store failing is not a wrong code: no slowing down
            self.message = str(exc)
            self._redraw()
            return None
        except (BadCode, UnknownRoom) as exc:
            self._failed_code(exc)
            self._redraw()
            return None
        except (RoomError, ValueError) as exc:
            self.message = str(exc)
            self._redraw()
            return None
        self._enter(session)
        return session

    def rejoin(self) -> RoomSession | None:
        if self._throttled():
            return None
        try:
            session = rejoin_room(self.join_code.value, self.rejoin_key.value, store=self._store())
        except StoreError as exc:
            self.message = str(exc)
            self._redraw()
            return None
        except (RoomError, ValueError) as exc:
            self._failed_code(exc)
            self._redraw()
            return None
        self.rejoin_key.value = ""
        self._enter(session)
        return session

    def leave(self) -> None:
        if self.session is None:
            return
        try:
            self.session.leave()
            failed = ""
        except RoomError as exc:  # e.g. the store is down: this device leaves all the same
            failed = f"{exc} "
        code, key = self.session.pretty_code, self.session.token
        self._stop()
        self.session = None
        self.join_code.value = code
        self.rejoin_key.value = key  # this kernel keeps the key, so coming back is one click
        self.message = (f"{failed}You left room {code}. Your seat is kept: press “Come back to my "
                        "seat” to return.")
        self._redraw()

    def open_replay(self) -> Replay:
        """The room's finished game in a replay under the final scores, as this page's seat saw
        it (its own cards, nobody else's); returns the replay widget. Offered once the game is
        over ("Replay this game"): before, the record would give the hidden cards away."""
        s = self.session
        if s is None or not s.state.is_over:
            raise WrongPhase("The replay opens once the game is over.")
        replay = Replay(s.room.record(), seat=s.seat)
        self.replay_box.children = (replay,)
        return replay

    def play_again(self) -> None:
        """The host starts a new game in this room once the game is over (what "Play again"
        calls): the same seats, names and settings, a new seed. A second press, or one from
        another host's page at the same moment, starts nothing more."""
        s = self.session
        if s is None:
            return
        self._call(lambda: s.play_again(expect_game=self._game_no))

    def _call(self, fn) -> None:
        try:
            fn()
            self.message = ""
        except RoomError as exc:
            self.message = str(exc)
            self._store_fault = isinstance(exc, StoreError)
        self._redraw()

    def act(self, action) -> None:
        """The person at this device plays ``action`` (what the table's buttons call)."""
        s = self.session
        if s is None:
            return
        try:
            expect = self._shown_seq()
            for attempt in range(MAX_SAME_DECISION):
                try:
                    s.submit(action, expect_seq=expect)
                    break
                except StaleAction:
                    # Several seats decide at once (secret bids): the others' choices arrive
                    # while this person decides, and move the log on. The click still stands
                    # when it is the same decision: this seat is still to act and is offered
                    # exactly the choices it was shown. Anything else (a stand-in moved for
                    # this seat, a double click) stays refused.
                    if attempt == MAX_SAME_DECISION - 1 or not self._same_decision(s):
                        raise
                    expect = s.seq
            self.message = ""
        except RoomError as exc:
            self.message = str(exc)
            self._store_fault = isinstance(exc, StoreError)
            try:
                s.refresh()
            except RoomError:
                pass
        self._redraw()

    def _same_decision(self, s: RoomSession) -> bool:
        """Whether the choices shown were those of a decision several seats take at once, and
        this seat is still to take it with the same choices (read after the log moved on)."""
        offered = self._offered
        if offered is None or len(offered[0]) < 2 or not s.my_turn():
            return False
        return tuple(s.state.legal_actions(s.seat)) == offered[1]

    def reason(self, action, can_act):
        s = self.session
        if s is None or s.status != PLAYING:
            return "the game is not running"
        state = s.state
        if state.is_over:
            return "the game is over"
        if not can_act:
            to_act = state.to_act
            if len(to_act) == 1:
                return f"it is {self.seat_name(to_act[0])}'s turn"
            return f"waiting for {self._names(to_act)}"
        return state.why_illegal(action, s.seat)

    def _names(self, seats) -> str:
        """``Ann``, ``Ann and Bob``, ``Ann, Bob and Bot 2 (heuristic)``."""
        names = [self.seat_name(i) for i in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def seat_names(self) -> list[str] | None:
        """The display name of every seat (``None`` before a room is entered)."""
        if self.session is None:
            return None
        return [self.seat_name(i) for i in range(len(self.session.room.seats))]

    def seat_name(self, seat) -> str:
        """The display name of ``seat`` (what the view's ``state.seat_name`` gives)."""
        if self.session is None or seat is None:
            return "nobody" if seat is None else f"Seat {seat + 1}"  # people count seats from 1
        s = self.session.room.seats[seat]
        return s["name"] if s else f"Seat {seat + 1}"

    def _settings_words(self) -> str:
        """The room's settings in words: the view's own, else the room settings' labels."""
        room = self.session.room
        words = self.view.settings_words(room.state) if self.view is not None else ""
        if words:
            return words
        spec = room.spec
        settings = spec.schema.from_plain(room.meta["settings"])
        parts = []
        for name in spec.room_settings:
            setting, value = spec.schema[name], settings.get(name)
            if setting.kind == "choice" and len(setting.labels) == len(setting.choices) and value in setting.choices:
                parts.append(f"{_words(name).lower()}: {setting.labels[setting.choices.index(value)]}")
            elif setting.kind == "bool" and len(setting.labels) == 2 and value is not None:
                parts.append(setting.labels[0 if value else 1])
            else:
                parts.append(f"{_words(name).lower()}: {value}")
        return " · ".join(parts)

    def _shown_seq(self):
        return self._shown[0] if self._shown else None

    # -- polling ----------------------------------------------------------------------------------
    def poll_once(self) -> bool:
        """One look at the store (and, when hosting, at most one paced bot move); redraws if
        anything changed. Returns whether it did."""
        s = self.session
        if s is None:
            return False
        try:
            now = time.monotonic()
            if now - self._last_bot >= self.bot_pace:
                if s.host_tick(max_moves=1 if self.bot_pace > 0 else None):
                    self._last_bot = now
            else:
                s.refresh()
        except RoomError as exc:
            self.message = str(exc)
            self._store_fault = isinstance(exc, StoreError)
            self._redraw()
            return True
        if self._store_fault:  # the store answers again: its fault's sentence goes
            self._store_fault = False
            self.message = ""
            self._redraw()
            return True
        key = (s.seq, s.room.version, s.is_host, int(time.time() / 3) if s.status == LOBBY else 0)
        if key != self._shown:
            self._redraw()
            return True
        return False

    def _start(self) -> None:
        if not self._start_timer:
            return
        loop = polling_loop()
        if loop is None:
            return
        self._stop()
        self._task = loop.create_task(self._timer(self.session))

    def _stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _timer(self, session) -> None:
        while self.session is session:
            await asyncio.sleep(self.poll)
            if self.session is not session:
                break
            try:
                self.poll_once()
            except Exception as exc:  # keep the timer alive; show what went wrong
                self.message = cut(f"Could not read the room: {exc}")
                self._redraw()
            if session.status == OVER and self._shown and session.seq == self._shown[0]:
                await asyncio.sleep(self.poll * 4)

    # -- drawing ----------------------------------------------------------------------------------
    def _redraw(self) -> None:
        try:
            self._draw()
        except RoomError as exc:  # drawing reads the store (who is here): show why it failed
            self.message = str(exc)
            self.status.value = f'<div style="{ERROR};font-size:13px" role="alert">{esc(self.message)}</div>'

    def _draw(self) -> None:
        s = self.session
        msg = (f'<div style="{ERROR};font-size:13px" role="alert">{esc(self.message)}</div>'
               if self.message else "")
        if s is None:
            titles = [spec.title for spec in all_specs()]
            games = titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " or " + titles[-1]
            self.title.value = (f'<div style="font-size:18px;font-weight:bold;{TEXT}">Game rooms</div>'
                                f'<div style="{MUTED};font-size:12px">Play {esc(games)} with everyone on '
                                'their own device. One person creates a room and reads its code out; the '
                                'others type it and join. Bots fill the empty seats.</div>'
                                if self._heading else "")
            self.title.layout.display = "" if self._heading else "none"  # no empty line either
            self.status.value = msg
            self.start_box.layout.display = "flex"
            self.lobby_box.layout.display = "none"
            self.table_box.layout.display = "none"
            return
        room = s.room
        self._shown = (s.seq, room.version, s.is_host, int(time.time() / 3) if s.status == LOBBY else 0)
        self.start_box.layout.display = "none"
        meta = room.meta
        me = self.seat_name(s.seat)
        hosting = " · you are hosting (your kernel moves the bots)" if s.is_host else ""
        words = self._settings_words()
        self.title.layout.display = ""
        self.title.value = (
            f'<div style="font-size:18px;font-weight:bold;{TEXT}">{esc(room.spec.title)} · room '
            f'<span class="lnb-room-code-inline">{esc(s.pretty_code)}</span></div>'
            f'<div style="{MUTED};font-size:12px">{meta["players"]} players · '
            f'{esc(words) + " · " if words else ""}'
            f'you are {esc(me)} (seat {s.seat + 1}){hosting}</div>')
        self.key_html.value = (f'<code style="font-size:12px" class="lnb-room-key">{esc(s.token)}</code>'
                               f'<span style="{MUTED};font-size:11px"> keep it secret: it is your seat</span>'
                               if self.key_toggle.value else "")
        if s.status == LOBBY:
            self._draw_lobby(s, msg)
        else:
            self._draw_table(s, msg)

    def _seat_kind(self, pub_seat) -> str:
        if pub_seat["kind"] == "bot":
            return f"bot ({pub_seat['bot']})"
        if pub_seat["kind"] == "empty":
            return "empty"
        return "away" if pub_seat.get("away") else "here"

    def _draw_lobby(self, s: RoomSession, msg: str) -> None:
        pub = s.room.public()
        self.lobby_box.layout.display = "flex"
        self.table_box.layout.display = "none"
        self.code_html.value = (
            f'<div style="{TEXT}">Room code — read it out to the others:</div>'
            f'<div data-code="{esc(pub["code"])}" style="font-size:34px;font-weight:bold;letter-spacing:4px;'
            f'font-family:monospace;{TEXT}">{esc(pub["code"])}</div>')
        rows = []
        for seat in pub["seats"]:
            you = " (you)" if seat["seat"] == s.seat else ""
            who = (f'<b>{esc(seat["name"])}</b>{you}' if seat["name"]
                   else f'<span style="{MUTED}">a free seat</span>')
            rows.append(f'<tr data-seat="{seat["seat"]}"><td>{who}</td>'
                        f'<td style="{MUTED}">{esc(self._seat_kind(seat))}</td></tr>')
        self.lobby_seats.value = (f'<table class="lnb-room-seats" style="font-size:13px;{TEXT}">'
                                  + "".join(rows) + "</table>")
        host = s.is_host
        self.host_controls.layout.display = "flex" if host else "none"
        empty = sum(1 for x in pub["seats"] if x["kind"] == "empty")
        self.add_bot_button.disabled = empty == 0
        if host:
            text = ("Add bots or wait for players, then start." if empty else "Everyone is seated: start when ready.")
        else:
            text = "Waiting for the host to start the game…"
        self.status.value = f'<div style="font-weight:bold;{TEXT}">▶ {esc(text)}</div>{msg}'

    def _draw_table(self, s: RoomSession, msg: str) -> None:
        self.lobby_box.layout.display = "none"
        self.table_box.layout.display = "flex"
        if s.room.game_no != self._game_no:  # someone pressed "Play again": a new deal
            self._new_view(s)
            self._log.append(f"Game {s.room.game_no} in this room starts: the same seats, a new deal.")
        state = s.state
        obs = s.observation()
        can_act = s.my_turn()
        # what this seat is offered, for a click that meets a log moved on by the others
        self._offered = (tuple(state.to_act), tuple(state.legal_actions(s.seat))) if can_act else None
        events = state.events
        new_events = [e.for_seat(s.seat) for e in events[self._seen:]]
        self._seen = len(events)
        names = self.seat_names()
        # the log says what the view says of an event (a game's view: its words, the seats by name)
        describe = getattr(self.view, "describe_event", None) or (
            lambda e: seat_words_named(e.describe(), names))
        self._log.extend(describe(e) for e in new_events)
        del self._log[:-LOG_LINES]
        self.view.update(obs, s.seat, new_events, can_act)
        to_act = state.to_act
        if state.is_over:
            winners = [names[i] for i in state.result.winners]
            if state.result.stalemate or not winners:
                text = "Game over: stopped without a winner."
            else:
                text = f"Game over: {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}."
            if not s.is_host:
                text += " The host can start another game in this room."
            colour = "var(--jp-success-color1, #2e7d32)"
        elif can_act:
            others = [i for i in to_act if i != s.seat]
            # a decision taken at once (secret bids): who else is deciding meanwhile
            also = f" Also deciding: {self._names(others)}." if others else ""
            text, colour = f"Your turn.{also}", "var(--jp-brand-color1, #1976d2)"
        else:
            text, colour = f"Waiting for {self._names(to_act)}…", "var(--jp-ui-font-color1, #222)"
        self.status.value = (f'<div role="status" aria-live="polite" style="font-size:15px;font-weight:bold;'
                             f'color:{colour}">▶ {esc(text)}</div>{msg}')
        pub = s.room.public()
        cells = []
        for seat in pub["seats"]:
            i = seat["seat"]
            here = i in to_act
            border = "2px solid var(--jp-brand-color1, #1976d2)" if here else "1px solid var(--jp-border-color1, #ccc)"
            bg = "var(--jp-layout-color2, #eee)" if i == s.seat else "var(--jp-layout-color1, #fff)"
            cells.append(
                f'<div data-seat="{i}" style="border:{border};border-radius:6px;padding:3px 8px;background:{bg};'
                f'{TEXT};min-width:120px"><div style="font-weight:bold">{"▶ " if here else ""}{esc(names[i])}'
                # muted grey is too faint on the own seat's grey (axe color-contrast): full text colour there
                f'{" (you)" if i == s.seat else ""} <span style="font-weight:normal;'
                f'{TEXT if i == s.seat else MUTED};font-size:11px">'
                f'seat {i + 1} · {esc(self._seat_kind(seat))}</span></div>'  # counted from 1
                f'<div style="font-size:12px">{self.view.seat_line(obs, i)}</div></div>')
        self.seats_html.value = f'<div style="display:flex;flex-wrap:wrap;gap:6px">{"".join(cells)}</div>'
        self.scores_html.value = self.view.scores_html(obs, state.result if state.is_over else None)
        # once the game is over only what a person can still do is on screen: the final scores
        # and the replay (no play control of the view, greyed or not)
        show(self.view_box, not state.is_over)
        show(self.end_box, state.is_over, "flex")
        show(self.replay_button, state.is_over)
        show(self.again_button, state.is_over and s.is_host)  # the host's page only: who may
        if not state.is_over:
            self.replay_box.children = ()
        # a turn starts when this seat may act in a new position: on a phone, its next control
        # comes into view (TurnFocus)
        key = (s.code, s.room.game_no, len(state.events), s.seat) if can_act else None
        if key is not None and key != self._turn_key:
            self.turn_focus.turn += 1
        self._turn_key = key
        items = "".join(f"<li>{esc(x)}</li>" for x in reversed(self._log))
        self.log_html.value = (f'<details open><summary style="{TEXT}">What happened (newest first)</summary>'
                               # the list scrolls: focusable, so it scrolls from the keyboard too
                               f'<ul tabindex="0" aria-label="What happened" '
                               f'style="max-height:160px;overflow-y:auto;font-size:12px;{TEXT};margin:0">'
                               f'{items}</ul></details>')


__all__ = ["RoomWidget"]
