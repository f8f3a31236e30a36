"""Replay: step through a game record forward and back, as one seat saw it or with every card open.

A record is what ``state.record()`` (or a room's ``record()``) returns, or its JSON text; the
game is rebuilt from it by :func:`lopti_nb.load`, every action checked by the rules, so a bad
record is refused (:class:`~lopti_nb.engine.RecordError`) before any widget is made.

A position is drawn with the game's own table view (the pictures a player saw at the table),
fed, like at a table, only ``observation(seat)`` and the events as ``event.for_seat(seat)``
tells them. Seen by one seat, the replay shows the table as that seat saw it (its own hand,
nobody else's: the others' cards are never in the widgets). With every card open it shows the
table as a spectator saw it, then each seat's hand (the view's ``open_hand_html``). Nothing
at a replay acts: the view's buttons stay greyed out. A game whose plugin names no view is
drawn as a list of its observation in words. The widget names no game.

A row of ``simulate(..., keep_records=True)`` (a pandas Series with a ``record`` column)
replays too: ``lopti_nb.replay(rows.iloc[3])``.

    >>> import lopti_nb
    >>> state = lopti_nb.new_game(lopti_nb.game_names()[0], seed=4)
    >>> for _ in range(3):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> widget = lopti_nb.replay(state.record(), seat=0)
    >>> widget.step, widget.end
    (0, 3)
"""
from __future__ import annotations

import numbers
from typing import Any, Mapping

import anywidget
import ipywidgets as W

from ..engine import GameState, RecordError, get_spec, load, plural
from ..engine.core import UnknownSeat
from ..engine.limits import shown
from ..engine.records import check_record
from .base import CSS_MUTED, esc, panel_html, set_if, show
from .parts import NoTable, state_view, view_class
from .table import Table

OPEN = "open"  # the view dropdown's value for every card open
CHECKPOINT = 25  # a copy of the game kept every so many moves, so any step is quick to reach
LOG_LINES = 60
# observation keys that name a seat (counted from 0 in the engine, from 1 for people)
SEAT_KEYS = ("current_player", "to_act", "diver", "leader", "dealer", "turn")
SKIP_KEYS = ("game", "seat", "settings")


def _words(key: str) -> str:
    return key.replace("_", " ")


def _value(value: Any) -> str:
    """An observation value in plain words (cards by their own names)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return "; ".join(f"{_words(str(k))}: {_value(v)}" for k, v in value.items()) or "—"
    if isinstance(value, (list, tuple)):
        if not value:
            return "none"
        if all(isinstance(v, (list, tuple)) for v in value):  # one entry per seat, say
            return " | ".join(_value(v) for v in value)
        return ", ".join(_value(v) for v in value)
    return str(value)


def _seat_value(value: Any, name) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return name(value)
    if isinstance(value, (list, tuple)) and all(isinstance(v, int) for v in value):
        return ", ".join(name(v) for v in value) or "nobody"
    return _value(value)


class SliderName(anywidget.AnyWidget):
    """No size, no state: gives the replay's slider handle (a ``div`` with ``role="slider"``
    that ipywidgets leaves unnamed) the accessible name "Move", also when it is drawn again."""

    _esm = """
function render({ el }) {
  el.style.display = "none";
  const name = () => {
    const root = el.closest(".lnb-replay");
    if (!root) return;
    root.querySelectorAll('[role="slider"]:not([aria-label])').forEach(h => h.setAttribute("aria-label", "Move"));
  };
  const watch = () => {
    const root = el.closest(".lnb-replay");
    if (!root) { setTimeout(watch, 200); return; }
    name();
    new MutationObserver(name).observe(root, { childList: true, subtree: true });
  };
  watch();
}
export default { render };
"""


class ReplayTable(Table):
    """The game's own table, showing positions of a record: nobody acts at it (every button of
    the view stays disabled, the shell's controls are hidden), and the seat in front of it is
    the replay's chosen seat (``None``: a spectator)."""

    def __init__(self, first: GameState, view_class, bots=None):
        self._first = first
        self._known_bots = list(bots) if bots is not None else None
        self.since_index = 0  # events before the move shown: what the view marks as just done
        # the record's own settings: a run of rounds (``rounds``) is drawn as the table plays it
        super().__init__(first.game, view_class, players=first.num_players, humans=0,
                         seed=first.seed, bot_delay=0, **first.settings)
        for w in (self.header, self.controls):
            show(w, False)

    def new_game(self, seed=None, state=None, chosen=None) -> None:
        self.bot_names = [None] * self.players  # nobody moves here: no bot is asked
        self.bots = [None] * self.players
        self.bot_rng = None
        self.show_state(self._first.copy(), viewer=None)

    def can_act(self) -> bool:
        return False

    def act(self, action) -> None:
        self.message = "This is a replay: no move is made here."
        self.refresh()

    def seat_kind(self, seat: int) -> str:
        bots = self._known_bots
        return f"bot: {bots[seat]}" if bots and bots[seat] else "player"

    def since_start(self, viewer):
        return self.since_index if viewer is not None else len(self.state.events)

    def _since_html(self, viewer) -> str:
        return ""  # the replay's own line says what the move was

    def refusals_html(self) -> str:
        return ""  # nothing acts at a replay: no button needs a reason

    def _header_html(self, view) -> str:
        return ""


def _record_of(record: Any) -> tuple[Any, Any]:
    """(record, bots) from what ``replay`` accepts: a record, its JSON text, a game state, or a
    row of ``simulate(..., keep_records=True)`` (anything with a ``record`` entry)."""
    bots = None
    if not isinstance(record, (str, Mapping, GameState)) and hasattr(record, "get") \
            and hasattr(record, "index"):  # a pandas row
        if "record" not in record.index:
            raise RecordError("This row has no record: simulate(..., keep_records=True) keeps one "
                              "per game in a 'record' column.")
        record = record["record"]
    if isinstance(record, GameState):
        record = record.record()
    record = check_record(record)  # RecordError for JSON or data that cannot be a record
    bots = record.get("bots")
    if bots is not None:
        players = record["players"]
        if not (isinstance(bots, (list, tuple)) and len(bots) == players
                and all(b is None or isinstance(b, str) and len(b) <= 100 for b in bots)):
            raise RecordError(f"A record's bots name one bot (or none) per seat: "
                              f"{plural(int(players), 'name')}, not {shown(bots)}.")
    return record, bots


class Replay(W.VBox):
    """The replay widget (see :func:`replay`). ``step`` is the number of moves made in the
    position shown (0: the deal); ``end`` the number of moves in the record."""

    def __init__(self, record: Any, seat: int | None = None):
        record, bots = _record_of(record)
        final = load(record)  # RecordError for anything that is not a replayable record
        self.spec = get_spec(final.game)
        self.final = final
        self.players = final.num_players
        self.actions = list(final.actions)
        self.end = len(self.actions)
        self._off_turn = dict(final.off_turn)
        self.seat = final.check_seat(seat)  # UnknownSeat for a seat not at this table
        # the deal, rebuilt the way load() rebuilds it (the record's settings, no moves)
        first = load({**{k: v for k, v in record.items() if k != "off_turn"}, "actions": []})
        self._checkpoints = {0: first}
        self._actors: list[int] = []
        self._event_counts = [len(first.events)]  # events after each move
        state = first.copy()
        for i, action in enumerate(self.actions):  # who made each move, and the checkpoints
            actor = self._off_turn.get(i, state.current_player)
            self._actors.append(actor)
            state.apply(action, self._off_turn.get(i))
            self._event_counts.append(len(state.events))
            if (i + 1) % CHECKPOINT == 0:
                self._checkpoints[i + 1] = state.copy()
        self.step = 0
        self.board: ReplayTable | None = None
        # the game's own table view (a run of rounds: the view its state names); a game
        # without one is drawn in words
        try:
            self.board = ReplayTable(first, state_view(type(first)) or view_class(self.spec.name), bots)
        except NoTable:
            pass
        self._build()
        super().__init__(children=self._children, layout=W.Layout(width="100%", max_width="100%"))
        self.add_class("lnb-replay")
        self.show(0)

    # -- widgets ----------------------------------------------------------------------------
    def _build(self) -> None:
        small = W.Layout(width="auto")
        self.title_html = W.HTML()
        self.first_button = W.Button(description="◀◀ Start", layout=small)
        self.back_button = W.Button(description="◀ Back", layout=small)
        self.forward_button = W.Button(description="Forward ▶", layout=small)
        self.last_button = W.Button(description="End ▶▶", layout=small)
        self.first_button.on_click(lambda b: self.show(0))
        self.back_button.on_click(lambda b: self.show(self.step - 1))
        self.forward_button.on_click(lambda b: self.show(self.step + 1))
        self.last_button.on_click(lambda b: self.show(self.end))
        self.slider = W.IntSlider(value=0, min=0, max=self.end, description="Move",
                                  continuous_update=False, layout=W.Layout(width="95%", max_width="360px"))
        self.slider.observe(lambda change: self.show(change["new"]), names="value")
        # "open" stands for every card open: a dropdown shows nothing selected for a value None
        options = [("All cards open", OPEN)] + [(f"As {self._name(s)} saw it", s)
                                                for s in range(self.players)]
        self.seat_choice = W.Dropdown(options=options, value=OPEN if self.seat is None else self.seat,
                                      description="View",
                                      layout=W.Layout(width="auto", max_width="95%"))
        self.seat_choice.observe(self._seat_changed, names="value")
        self.position_html = W.HTML()
        self.log_html = W.HTML()
        buttons = W.HBox([self.first_button, self.back_button, self.forward_button, self.last_button],
                         layout=W.Layout(flex_flow="row wrap"))
        self._children = [SliderName(), self.title_html, buttons, self.slider, self.seat_choice]
        if self.board is not None:
            self._children.append(self.board)
            show(self.log_html, False)  # the table keeps its own game log
        self._children += [self.position_html, self.log_html]

    def _name(self, seat: int) -> str:
        """A seat as people count it (from 1)."""
        return f"Seat {seat + 1}"

    def _seat_changed(self, change) -> None:
        if change["new"] is None:  # set from code as in replay(seat=None): every card open
            self.seat_choice.value = OPEN
            return
        self.seat = None if change["new"] == OPEN else change["new"]
        self.show(self.step)

    # -- stepping ---------------------------------------------------------------------------
    def state_at(self, step: int) -> GameState:
        """A copy of the game after ``step`` moves (0 to ``end``)."""
        if type(step) is not int or not 0 <= step <= self.end:
            raise RecordError(f"This record has moves 0 to {self.end}, not {shown(step, 20)}.")
        base = step - step % CHECKPOINT
        state = self._checkpoints[base].copy()
        for i in range(base, step):
            state.apply(self.actions[i], self._off_turn.get(i))
        return state

    def show(self, step: int) -> None:
        """Show the position after ``step`` moves (a whole number, kept within 0 to ``end``)."""
        if isinstance(step, bool) or not isinstance(step, numbers.Integral):
            raise RecordError(f"A replay shows the position after a whole number of moves "
                              f"(0 to {self.end}), not {shown(step)}.")
        step = max(0, min(self.end, int(step)))
        self.step = step
        state = self.state_at(step)
        set_if(self.slider, value=step)
        set_if(self.first_button, disabled=step == 0)
        set_if(self.back_button, disabled=step == 0)
        set_if(self.forward_button, disabled=step == self.end)
        set_if(self.last_button, disabled=step == self.end)
        set_if(self.title_html, value=self._title_html(state, step))
        if self.board is not None:
            # the cards the last move played are marked as new, as at the table
            self.board.since_index = self._event_counts[step - 1] if step else len(state.events)
            self.board.show_state(state, viewer=self.seat)
            set_if(self.position_html, value="" if self.seat is not None else self._open_hands_html(state))
        else:
            set_if(self.position_html, value=self._position_html(state))
            set_if(self.log_html, value=self._log_html(state))

    # -- drawing ----------------------------------------------------------------------------
    def _title_html(self, state, step: int) -> str:
        who = "every card open" if self.seat is None else f"as {self._name(self.seat)} saw it"
        if step == 0:
            move = "The deal, before the first move."
        else:
            moves = "move" if self.end == 1 else "moves"
            move = (f"Move {step} of {self.end} {moves}: {self._name(self._actors[step - 1])} "
                    f"chose {self.actions[step - 1]}.")
            if self.seat is not None and self._actors[step - 1] != self.seat:
                move = f"Move {step} of {self.end} {moves}: {self._name(self._actors[step - 1])} moved."
        over = " The game is over." if state.is_over else ""
        return (f'<div style="font-weight:bold;font-size:15px">Replay: {esc(self.spec.title)}, '
                f'{self.players} players, {esc(who)}</div>'
                f'<div role="status" style="font-size:13px">{esc(move)}{over}</div>')

    def _rows(self, obs: dict, keys) -> str:
        rows = []
        for key in keys:
            value = obs[key]
            text = _seat_value(value, self._name) if key in SEAT_KEYS else _value(value)
            rows.append(f'<tr><th style="text-align:left;padding-right:8px;vertical-align:top;'
                        f'font-weight:normal;{CSS_MUTED}">{esc(_words(key))}</th>'
                        f'<td style="overflow-wrap:anywhere">{esc(text)}</td></tr>')
        return f'<table style="font-size:12px;max-width:100%">{"".join(rows)}</table>'

    def _position_html(self, state) -> str:
        public = state.observation(None)
        if self.seat is not None:
            obs = state.observation(self.seat)
            keys = [k for k in obs if k not in SKIP_KEYS]
            return (f'<div data-view="seat-{self.seat}"><b>{esc(self._name(self.seat))}\'s view</b>'
                    f'{self._rows(obs, keys)}</div>')
        parts = [f'<div data-view="open"><b>The table</b>'
                 f'{self._rows(public, [k for k in public if k not in SKIP_KEYS])}']
        for seat in range(self.players):
            obs = state.observation(seat)
            # what this seat alone could see: where its observation differs from a spectator's
            own = [k for k in obs if k not in SKIP_KEYS and obs[k] != public.get(k)]
            if own:
                parts.append(f'<div data-seat="{seat}"><b>{esc(self._name(seat))} alone sees</b>'
                             f'{self._rows(obs, own)}</div>')
        return "".join(parts) + "</div>"

    def _open_hands_html(self, state) -> str:
        """Every seat's hand, all cards open: each drawn from that seat's own observation by
        the game's view (what differs from a spectator's, in words, if the view draws none)."""
        public = state.observation(None)
        parts = []
        for seat in range(self.players):
            obs = state.observation(seat)
            body = self.board.view.open_hand_html(obs, seat)
            if body is None:
                own = [k for k in obs if k not in SKIP_KEYS and obs[k] != public.get(k)]
                if not own:
                    continue
                body = self._rows(obs, own)
            parts.append(f'<div data-seat="{seat}" style="margin-top:4px">'
                         + panel_html(f"{self._name(seat)}'s hand (open)", body) + "</div>")
        return f'<div data-view="open">{"".join(parts)}</div>'

    def _log_html(self, state) -> str:
        events = state.events[-LOG_LINES:]
        first = len(state.events) - len(events)
        seat = self.seat
        lines = [(e if seat is None else e.for_seat(seat)).describe() for e in events]
        items = "".join(f'<li value="{first + i + 1}">{esc(line)}</li>'
                        for i, line in reversed(list(enumerate(lines))))
        return ('<div><b>Game log</b> (newest first)</div><ol reversed class="lnb-log" '
                'style="max-height:180px;overflow-y:auto;margin:0;padding-left:38px;font-size:12px">'
                + items + "</ol>")


def replay(record: Any, seat: int | None = None) -> Replay:
    """A widget stepping through a game record (``state.record()``, a room's ``record()``, its
    JSON text, a game state itself, or a row of ``simulate(..., keep_records=True)``), forward
    and back, with buttons and a slider, drawn with the game's own table.

    ``seat`` (counted from 0, as in the engine) shows the game as that seat saw it: its own
    cards only, the others' hidden; ``None`` (the default) shows every card open. A dropdown
    switches between them. A record that does not replay raises ``RecordError``, a seat not
    at the table ``UnknownSeat`` (both ``ValueError`` subclasses), and no widget is made.
    """
    return Replay(record, seat)


class TableWithReplay(Table):
    """A playable table whose finished game opens in a :class:`Replay` ("Replay this game"):
    the table :func:`lopti_nb.play` makes.

    >>> import lopti_nb
    >>> lopti_nb.play(lopti_nb.game_names()[0], bot_delay=0).replay_class.__name__  # doctest: +SKIP
    'Replay'
    """

    replay_class = Replay


__all__ = ["Replay", "replay", "TableWithReplay", "UnknownSeat"]
