"""The teacher's page of a class (:mod:`lopti_nb.classroom`): open a class or open it again with
the teacher's key; the class code in large type; a live grid of who is where (the step each
student is on, quiz score, guided round, practice, last seen); the questions the class misses
most; "Seat the class at tables" with a game, its seats, bots and settings; and the finished
tables' results.

A timer (an asyncio task on the kernel's loop) reads what is new every ``poll`` seconds and
redraws what changed; :meth:`ClassTeacher.poll_once` is one such look (tests call it)."""
from __future__ import annotations

import asyncio
import time

import ipywidgets as W

from lopti_nb.engine import LoptiNbError, all_specs, get_spec
from lopti_nb.text import esc
from lopti_nb.widgets.base import polling_loop

from .common import message_html, note

MUTED = "color:var(--jp-ui-font-color2, #666)"
INK = "color:var(--jp-ui-font-color1, #222)"
RESULTS_EVERY = 5.0  # seconds between two looks at the tables' results (each replays its room)
MISSED_SHOWN = 8  # questions in the "most missed" list


def _ago(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s ago"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min ago"
    return f"{seconds / 3600:.1f} h ago"


class ClassTeacher(W.VBox):
    """The teacher's page. ``store``: the rooms store (path or URL; default
    ``$LOPTI_NB_ROOMS``); ``poll``: seconds between two looks at the class."""

    def __init__(self, store=None, poll: float = 1.0, start_timer: bool = True):
        from lopti_nb.rooms.room import seconds

        self._store_url = store
        self.poll = seconds(poll, "poll", (0.05, 60.0))
        self._start_timer = start_timer
        self.klass = None  # the open Class
        self._task = None
        self._results_at = -1e9
        self._steps: dict[str, dict[str, str]] = {}  # game -> step key -> "4. Title"
        self.status = W.HTML()
        # open / open again
        self.open_name = W.Text(description="Your name", placeholder="e.g. Ms Rivera")
        self.open_button = W.Button(description="Open a class", button_style="primary", layout=W.Layout(width="auto"))
        self.open_button.on_click(lambda b: self.open_class())
        self.reopen_code = W.Text(description="Class code", placeholder="K7QM-3XHD")
        self.reopen_key = W.Password(description="Teacher key", placeholder="the key you were shown")
        self.reopen_button = W.Button(description="Open my class again", layout=W.Layout(width="auto"))
        self.reopen_button.on_click(lambda b: self.reopen_class())
        box = dict(border="1px solid var(--jp-border-color1)", padding="8px", min_width="300px",
                   max_width="100%")
        self.start_box = W.HBox([
            W.VBox([W.HTML(f"<b style='{INK}'>A new class</b>"), self.open_name, self.open_button],
                   layout=W.Layout(**box)),
            W.VBox([W.HTML(f"<b style='{INK}'>Your class again</b>"), self.reopen_code, self.reopen_key,
                    self.reopen_button], layout=W.Layout(**box)),
        ], layout=W.Layout(flex_flow="row wrap"))
        # the class
        self.code_html = W.HTML()
        self.code_html.add_class("lnb-class-code")
        self.key_toggle = W.ToggleButton(description="Show my teacher key", value=False, layout=W.Layout(width="auto"))
        self.key_toggle.observe(lambda c: self._draw_code(), names="value")
        self.grid = W.HTML()
        self.grid.add_class("lnb-class-grid")
        self.missed = W.HTML()
        self.missed.add_class("lnb-class-missed")
        # seating
        specs = list(all_specs())
        self.seat_game = W.Dropdown(description="Game", options=[(s.title, s.name) for s in specs],
                                    value=specs[0].name)
        self.seat_seats = W.Dropdown(description="Seats")
        self.seat_bots = W.Dropdown(description="Bots")
        self.seat_settings_box = W.VBox()
        self.seat_settings: dict[str, W.Widget] = {}
        self.seat_button = W.Button(description="Seat the class at tables", button_style="primary",
                                    layout=W.Layout(width="auto"))
        self.seat_button.on_click(lambda b: self.seat())
        self.seat_game.observe(lambda c: self._game_chosen(), names="value")
        self._game_chosen()
        self.tables_html = W.HTML()
        self.results_html = W.HTML(f'<div style="{MUTED}">The class has not been seated at tables yet.</div>')
        self.results_html.add_class("lnb-class-results")
        self.class_box = W.VBox([
            self.code_html, self.key_toggle,
            W.HTML(f"<h2 style='{INK};margin:10px 0 2px;font-size:1.15em'>Who is where</h2>"), self.grid,
            W.HTML(f"<h2 style='{INK};margin:10px 0 2px;font-size:1.15em'>Most missed</h2>"), self.missed,
            W.HTML(f"<h2 style='{INK};margin:10px 0 2px;font-size:1.15em'>Seat the class at tables</h2>"),
            note("Every student whose page is open is seated, in the order they joined; bots take "
                 "the empty seats of the last table. Each student's page moves to its table."),
            self.seat_game, self.seat_seats, self.seat_bots, self.seat_settings_box, self.seat_button,
            self.tables_html,
            W.HTML(f"<h2 style='{INK};margin:10px 0 2px;font-size:1.15em'>Results</h2>"), self.results_html,
        ], layout=W.Layout(display="none", width="100%", align_items="flex-start"))
        for name in ("open_name", "open_button", "reopen_code", "reopen_key", "reopen_button", "seat_game",
                     "seat_seats", "seat_bots", "seat_button"):
            getattr(self, name).add_class("lnb-class-" + name.replace("_", "-"))
        super().__init__([self.status, self.start_box, self.class_box], layout=W.Layout(width="100%"))
        self.add_class("lnb-class-teacher")

    # -- the seating form -------------------------------------------------------------------------
    def _game_chosen(self) -> None:
        from lopti_nb.rooms.widget import setting_control

        spec = get_spec(self.seat_game.value)
        self.seat_seats.options = list(range(spec.min_players, spec.max_players + 1))
        self.seat_seats.value = spec.default_players
        self.seat_bots.options = list(spec.bots)
        self.seat_bots.value = spec.default_bot
        self.seat_settings = {name: setting_control(spec.schema[name]) for name in spec.room_settings}
        # what each setting does, on screen under it (not only in a tooltip)
        self.seat_settings_box.children = tuple(
            W.VBox([control, W.HTML(f'<div style="{MUTED};font-size:11px;margin:-4px 0 4px 8px">'
                                    f'{esc(spec.schema[name].description)}</div>')])
            for name, control in self.seat_settings.items())

    # -- what the buttons do ----------------------------------------------------------------------
    def _say(self, text: str = "", kind: str = "error") -> None:
        self.status.value = message_html(text, kind) if text else ""

    def open_class(self):
        """Open a new class for the name typed (what "Open a class" does)."""
        from lopti_nb import classroom

        try:
            klass = classroom.open_class(self.open_name.value, store=self._store_url)
        except LoptiNbError as exc:
            self._say(str(exc))
            return None
        return self._enter(klass)

    def reopen_class(self):
        """Open the class of the code and key typed again (what "Open my class again" does)."""
        from lopti_nb import classroom

        try:
            klass = classroom.reopen_class(self.reopen_code.value, self.reopen_key.value, store=self._store_url)
        except LoptiNbError as exc:
            self._say(str(exc))
            return None
        self.reopen_key.value = ""
        return self._enter(klass)

    def _enter(self, klass):
        self.klass = klass
        self._say("")
        self.start_box.layout.display = "none"
        self.class_box.layout.display = "flex"
        self._draw_code()
        self.poll_once(results=True)
        self._start()
        return klass

    def seat(self) -> list[str] | None:
        """Seat the class (what "Seat the class at tables" does); returns the rooms' codes."""
        from lopti_nb.rooms.widget import control_value

        if self.klass is None:
            return None
        spec = get_spec(self.seat_game.value)
        try:
            settings = {name: control_value(spec, name, c) for name, c in self.seat_settings.items()}
            codes = self.klass.seat_tables(spec.name, seats=self.seat_seats.value, bots=self.seat_bots.value,
                                           **settings)
        except LoptiNbError as exc:
            self._say(str(exc))
            return None
        self._say(f"Seated the class at {len(codes)} table{'s' if len(codes) > 1 else ''} of {spec.title}: "
                  f"{', '.join(codes)}. Each student's page shows its table.", "ok")
        self.poll_once(results=True)
        return codes

    # -- drawing ----------------------------------------------------------------------------------
    def _draw_code(self) -> None:
        k = self.klass
        if k is None:
            return
        key = (f'<div style="{INK};font-size:12px">Your teacher key (keep it secret; with the code it '
               f'opens this class again): <code class="lnb-class-key">{esc(k.teacher_token)}</code></div>'
               if self.key_toggle.value else "")
        self.code_html.value = (
            f'<div style="{INK}">Class code — students type it on the Rules classroom page, under '
            f'“Join a class”:</div><div data-code="{esc(k.pretty_code)}" style="font-size:56px;line-height:1.2;'
            f'font-weight:bold;letter-spacing:6px;font-family:monospace;{INK};overflow-wrap:anywhere;padding:2px 0">{esc(k.pretty_code)}</div>{key}')

    def _draw_tables(self) -> None:
        rows = "".join(f"<li data-table=\"{esc(t['code'])}\"><b>{esc(t['code'])}</b> ({esc(get_spec(t['game']).title)}): "
                       f"{esc(', '.join(t['students']))}</li>" for t in self.klass.tables())
        self.tables_html.value = (f'<ul class="lnb-class-tables" style="{INK};margin:2px 0">{rows}</ul>'
                                  if rows else "")

    def poll_once(self, results: bool = False) -> None:
        """Read what is new in the class and redraw the grid, the most missed questions and
        (every few seconds, or with ``results``) the tables' results."""
        k = self.klass
        if k is None:
            return
        try:
            frame = k.progress()
            missed = k.mistakes()
            now = time.monotonic()
            finished = None
            if k.meta["tables"] and (results or now - self._results_at >= RESULTS_EVERY):
                self._results_at = now
                finished = k.results()
        except LoptiNbError as exc:
            self._say(str(exc))
            return
        self.grid.value = self._grid_html(frame)
        self.missed.value = self._missed_html(missed)
        if finished is not None:
            self.results_html.value = self._results_html(finished)
            self._draw_tables()

    @staticmethod
    def _title(game: str) -> str:
        return get_spec(game).title if game else "—"

    def _step_words(self, game: str, key: str) -> str:
        """A step's number and title (``"4. Following suit"``), as the lesson shows them."""
        if not game or not key:
            return "—"
        titles = self._steps.get(game)
        if titles is None:
            from lopti_nb.explainers import steps

            try:
                titles = {s.key: f"{i + 1}. {s.title}" for i, s in enumerate(steps(game))}
            except LoptiNbError:
                titles = {}
            self._steps[game] = titles
        return titles.get(key, key)

    def _grid_html(self, frame) -> str:
        if frame.empty:
            return f'<div style="{MUTED}">Nobody has joined yet.</div>'
        head = ("<tr style=\"text-align:left\"><th>Student</th><th>Game</th><th>Step</th><th>Steps seen</th><th>Quiz</th>"
                "<th>Guided round</th><th>Practice</th><th>Last seen</th></tr>")
        rows = []
        for r in frame.to_dict("records"):
            guided = ("finished" if r["tutorial_finished"] else
                      f"{r['tutorial_moves']} move{'' if r['tutorial_moves'] == 1 else 's'}" if r["tutorial_moves"] else "—")
            quiz = f"{r['quiz_right']} of {r['quiz_asked']}" if r["quiz_asked"] else "—"
            steps = f"{r['steps_done']} of {r['steps_total']}" if r["steps_total"] else "—"
            practice = f"{r['practice_mastered']} mastered" if r["practice_mastered"] else "—"
            rows.append(f'<tr data-student="{esc(r["name"])}" data-game="{esc(r["game"])}"><td><b>{esc(r["name"])}</b></td>'
                        f'<td>{esc(self._title(r["game"]))}</td><td class="lnb-step">{esc(self._step_words(r["game"], r["step"]))}</td>'
                        f'<td class="lnb-steps">{esc(steps)}</td><td class="lnb-quiz">{esc(quiz)}</td>'
                        f'<td class="lnb-guided">{esc(guided)}</td><td>{esc(practice)}</td>'
                        f'<td>{esc(_ago(r["last_seen"]))}</td></tr>')
        from lopti_nb.classroom import PRESENT

        last = frame.groupby("name", sort=False)["last_seen"].min()
        here = int((last <= PRESENT).sum())
        count = (f'<div class="lnb-class-count" style="{INK};font-size:13px">{len(last)} '
                 f'student{"" if len(last) == 1 else "s"} · {here} here now (page open in the last minute)</div>')
        return (count + f'<div style="overflow-x:auto;max-width:100%" tabindex="0" aria-label="Who is where">'
                f'<table style="font-size:13px;{INK};border-collapse:collapse;text-align:left" cellpadding="4">'
                f'{head}{"".join(rows)}</table></div>')

    def _missed_html(self, frame) -> str:
        if frame.empty:
            return f'<div style="{MUTED}">No wrong answers yet.</div>'
        items = "".join(f'<li><b>{r["wrong"]} of {r["asked"]}</b> wrong · {esc(self._title(r["game"]))}'
                        f'{" practice" if r["kind"] == "practice" else ""}: {esc(r["question"])}</li>'
                        for r in frame.head(MISSED_SHOWN).to_dict("records"))
        return f'<ol style="{INK};margin:2px 0;padding-left:22px;font-size:13px">{items}</ol>'

    def _results_html(self, frame) -> str:
        if frame.empty:
            return f'<div style="{MUTED}">No table has finished yet.</div>'
        rows = "".join(f'<tr><td>{esc(r["table"])}</td><td>{esc(r["name"])}</td><td>{r["place"]}</td>'
                       f'<td>{r["score"]:g}</td></tr>' for r in frame.to_dict("records"))
        return (f'<table style="font-size:13px;{INK}" cellpadding="4"><tr><th>Table</th><th>Player</th>'
                f'<th>Place</th><th>Score</th></tr>{rows}</table>')

    # -- the timer --------------------------------------------------------------------------------
    def _start(self) -> None:
        if not self._start_timer:
            return
        loop = polling_loop()
        if loop is None:
            return
        if self._task is not None:
            self._task.cancel()
        self._task = loop.create_task(self._timer(self.klass))

    async def _timer(self, klass) -> None:
        while self.klass is klass:
            await asyncio.sleep(self.poll)
            try:
                self.poll_once()
            except Exception as exc:  # keep the timer alive; say what went wrong
                self._say(f"Could not read the class: {exc}")
