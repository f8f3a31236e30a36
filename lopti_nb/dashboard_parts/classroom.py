"""The rules classroom: each game's step-by-step explainer (:func:`lopti_nb.explain`), with a
voice picker where the game has several voices, the whole rules as text, and a guided first
round at the game's real table (:func:`lopti_nb.tutorial`), opened with its button.

"Join a class" (a class code from the teacher and a name, :mod:`lopti_nb.classroom`) makes the
page report to the class as it goes: the student follows the explainer and the guided round
(:class:`lopti_nb.explainers.core.Observer`). While joined, a timer looks at the class every
``poll`` seconds; when the teacher seats the class, the student's table opens at the top of
the page."""
from __future__ import annotations

import asyncio
import time

import ipywidgets as W

from lopti_nb.engine import get_spec
from lopti_nb.text import esc
from lopti_nb.widgets.base import polling_loop, show

from .common import game_picker, message_html, note


class RulesClassroom(W.VBox):
    """The rules classroom (see the module's docstring). ``store``: the rooms store a class is
    kept in (default ``$LOPTI_NB_ROOMS``); ``poll``: seconds between two looks at the class."""

    def __init__(self, game: str | None = None, voice: str = "plain", lesson: bool = True,
                 store=None, poll: float = 2.0, start_timer: bool = True):
        from lopti_nb.engine import canonical_game
        from lopti_nb.rooms.room import seconds

        self._store_url = store
        self.poll = seconds(poll, "poll", (0.05, 60.0))
        self._start_timer = start_timer
        self.student = None  # the class's Student once joined
        self.room = None  # the table the teacher seated this student at (a RoomWidget)
        self._table_code = None
        self._task = None
        self._fails = 0  # wrong codes or keys typed in a row
        self._wait_until = 0.0
        self._build_join()
        # None: the first installed game (the plugins' order); a game without lessons has
        # nothing to show here, so it is not offered
        self.game = game_picker(None if game is None else canonical_game(game), needs="lessons")
        self.voice = W.ToggleButtons(options=[("Plain", "plain")], value="plain", description="Voice",
                                     style={"description_width": "60px", "button_width": "100px"},
                                     tooltip="The same rules, told in another voice")
        self.status = W.HTML()
        self.lesson_box = W.VBox([W.HTML('<i style="color:var(--jp-ui-font-color2)">Opening the lesson...</i>')],
                                 layout=W.Layout(width="100%"))
        self.rules_text = W.HTML()
        self.rules_panel = W.Accordion(children=[self.rules_text], selected_index=None)
        self.rules_panel.set_title(0, "All the rules on one page")
        self.explainer = None
        self.tutorial = None  # the guided round, built when its button is pressed
        self.tutorial_button = W.Button(description="Play a guided first round",
                                        tooltip="A whole round at the real table, with a guide",
                                        layout=W.Layout(width="auto"))
        self.tutorial_button.on_click(lambda b: self.show_tutorial())
        self._offer_tutorial()
        self.tutorial_box = W.VBox(layout=W.Layout(width="100%"))
        self.practice = None  # the practice, opened with its button
        self.practice_button = W.Button(description="Practice", layout=W.Layout(width="auto"))
        self.practice_button.on_click(lambda b: self.show_practice())
        self.practice_box = W.VBox(layout=W.Layout(width="100%"))
        self._building = not lesson  # no lesson until show_lesson() (a dashboard's next cell)
        self._set_voices(voice, building=self._building)
        self.game.observe(lambda c: self._game_changed(), names="value")
        self.voice.observe(lambda c: self._show(), names="value")
        self.rules_panel.observe(lambda c: self._fill_rules(), names="selected_index")
        self._show()
        super().__init__([
            self.join_box, self.table_box, self.game, self.voice,
            note("Step through the rules with Next and Back, and try the moves on each position: "
                 "every answer comes from the game engine itself."),
            self.status, self.lesson_box, self.rules_panel,
            note("Then play a whole round at the real table: a guide suggests each move and explains "
                 "everyone's."),
            self.tutorial_button, self.tutorial_box,
            note("Or practise: one question at a time on positions from real games, the ones you miss "
                 "coming back sooner."),
            self.practice_button, self.practice_box,
        ], layout=W.Layout(width="100%"))
        self.add_class("lnb-classroom")

    # -- joining a class ----------------------------------------------------------------------------
    def _build_join(self) -> None:
        self.join_code = W.Text(description="Class code", placeholder="K7QM-3XHD")
        self.join_name = W.Text(description="Your name", placeholder="e.g. Ann")
        self.join_button = W.Button(description="Join the class", layout=W.Layout(width="auto"))
        self.join_button.on_click(lambda b: self.join_class())
        self.join_key = W.Password(description="Class key", placeholder="only to come back")
        self.rejoin_button = W.Button(description="Come back to my class", layout=W.Layout(width="auto"))
        self.rejoin_button.on_click(lambda b: self.rejoin_class())
        for name in ("join_code", "join_name", "join_button", "join_key", "rejoin_button"):
            getattr(self, name).add_class("lnb-class-" + name.replace("_", "-"))
        self.join_status = W.HTML()
        self.join_form = W.VBox([
            W.HTML('<b style="color:var(--jp-ui-font-color1)">Join a class</b>'),
            note("If your teacher gave you a class code, type it with your name: your teacher then "
                 "sees the steps you reach, your quiz answers and your guided round."),
            W.HBox([self.join_code, self.join_name, self.join_button], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.join_key, self.rejoin_button], layout=W.Layout(flex_flow="row wrap")),
        ])
        self.class_line = W.HTML()
        self.class_line.add_class("lnb-class-line")
        self.key_toggle = W.ToggleButton(description="Show my class key", value=False, layout=W.Layout(width="auto"))
        self.key_toggle.observe(lambda c: self._draw_class(), names="value")
        self.joined_box = W.VBox([self.class_line, self.key_toggle],
                                 layout=W.Layout(display="none", align_items="flex-start"))
        self.join_box = W.VBox([self.join_form, self.joined_box, self.join_status],
                               layout=W.Layout(border="1px solid var(--jp-border-color1)", padding="6px",
                                               margin="0 0 6px 0", max_width="100%"))
        self.join_box.add_class("lnb-class-join")
        self.table_box = W.VBox(layout=W.Layout(width="100%"))

    def join_class(self):
        """Join the class of the code and name typed (what "Join the class" does)."""
        from lopti_nb import classroom

        return self._try_code(lambda: classroom.join_class(self.join_code.value, self.join_name.value,
                                                           store=self._store_url))

    def rejoin_class(self):
        """Come back to the class with the code and class key typed ("Come back to my class")."""
        from lopti_nb import classroom

        student = self._try_code(lambda: classroom.rejoin_class(self.join_code.value, self.join_key.value,
                                                                store=self._store_url))
        if student is not None:
            self.join_key.value = ""
        return student

    def _try_code(self, join):
        """``join()``, refused with its sentence; a page typing wrong codes or keys slows down
        as the rooms' page does (1, 2, 4 ... up to 30 s between tries after the third)."""
        from lopti_nb.classroom import BadClassCode, NotStudent, UnknownClass
        from lopti_nb.engine import LoptiNbError

        wait = self._wait_until - time.monotonic()
        if wait > 0:
            self.join_status.value = message_html(f"Please wait {wait:.0f} s before trying another code.", "error")
            return None
        try:
            student = join()
        except LoptiNbError as exc:
            if isinstance(exc, (BadClassCode, UnknownClass, NotStudent)):
                self._fails += 1
                if self._fails >= 3:
                    self._wait_until = time.monotonic() + min(30.0, 2.0 ** (self._fails - 3))
            self.join_status.value = message_html(str(exc), "error")
            return None
        self._fails = 0
        return self._joined(student)

    def _joined(self, student):
        self.student = student
        self.join_status.value = ""
        self.join_form.layout.display = "none"
        self.joined_box.layout.display = "flex"
        self._draw_class()
        if self.explainer is not None:
            self.explainer.follow(student)
        if self.tutorial is not None:
            self.tutorial.follow(student)
        if self.practice is not None:
            self.practice.follow(student)
        self.poll_once()
        self._start()
        return student

    def _draw_class(self) -> None:
        s = self.student
        if s is None:
            return
        key = (f' <span style="color:var(--jp-ui-font-color1);font-size:12px">Your class key (keep it '
               f'secret; with it you come back from any device): <code class="lnb-class-key">{esc(s.token)}'
               '</code></span>' if self.key_toggle.value else "")
        self.class_line.value = (
            f'<div style="color:var(--jp-ui-font-color1)">In class <b>{esc(s.pretty_code)}</b> as '
            f'<b>{esc(s.name)}</b>: your teacher sees the steps you reach, your quiz answers and your '
            f'guided round.{key}</div>')

    def poll_once(self) -> None:
        """One look at the class: say this student is here, and open the table the teacher
        seated them at, if that is new."""
        from lopti_nb.engine import LoptiNbError

        if self.student is None:
            return
        try:
            code = self.student.refresh()
        except LoptiNbError as exc:
            self.join_status.value = message_html(str(exc), "error")
            return
        if code is not None and code != self._table_code:
            self._sit(code)

    def _sit(self, code: str) -> None:
        from lopti_nb.rooms import room_widget

        room = room_widget(store=self._store_url, heading=False, start_timer=self._start_timer)
        room.join_code.value = code  # the seat's key is the student's class key
        room.rejoin_key.value = self.student.token
        if room.rejoin() is None:
            self.join_status.value = message_html(room.message, "error")
            return
        if self.room is not None:
            # seated again: the student leaves the table before (its timer stops, and the
            # host's bot plays for them there instead of the table waiting for them)
            self.room.leave()
        self._table_code = code
        self.room = room
        self.table_box.children = (
            W.HTML(message_html(f"Your teacher seated you at table {code}: play here. The lessons "
                                "are still below.", "ok")),
            room)

    def _start(self) -> None:
        if not self._start_timer:
            return
        loop = polling_loop()
        if loop is None:
            return
        if self._task is not None:
            self._task.cancel()
        self._task = loop.create_task(self._timer(self.student))

    async def _timer(self, student) -> None:
        while self.student is student:
            await asyncio.sleep(self.poll)
            try:
                self.poll_once()
            except Exception as exc:  # keep the timer alive; say what went wrong
                self.join_status.value = message_html(f"Could not read the class: {exc}", "error")

    # -- the lesson ---------------------------------------------------------------------------------
    def show_lesson(self) -> None:
        """Build the explainer for the chosen game and voice (done at once unless
        ``lesson=False``; a dashboard shows the pickers first and calls this next)."""
        self._building = False
        if self.explainer is None:
            self._show()

    def show_tutorial(self) -> None:
        """Open the guided first round of the chosen game, in the chosen voice where the game
        has it (what the "Play a guided first round" button does)."""
        import lopti_nb
        from lopti_nb.explainers.tutorial import NoTutorial
        from lopti_nb.explainers.core import UnknownVoice

        game, voice = self.game.value, self.voice.value
        try:
            self.tutorial = lopti_nb.tutorial(game, voice=voice)
        except UnknownVoice:  # a game whose guide speaks fewer voices than its lessons
            self.tutorial = lopti_nb.tutorial(game)
        except NoTutorial as exc:
            self.tutorial = None
            self.tutorial_box.children = (W.HTML(message_html(str(exc), "info")),)
            return
        if self.student is not None:
            self.tutorial.follow(self.student)
        self.tutorial_box.children = (self.tutorial,)

    def show_practice(self) -> None:
        """Open a practice of the chosen game, in the chosen voice where its practice has it
        (what the "Practice" button does)."""
        import lopti_nb
        from lopti_nb.explainers.practice import PracticeError
        from lopti_nb.explainers.practice_widget import PracticeWidget

        game = self.game.value
        try:
            self.practice = lopti_nb.practice(game, voice=self.voice.value)
        except PracticeError:  # a game whose practice speaks fewer voices than its lessons, or has none
            try:
                self.practice = lopti_nb.practice(game)
            except PracticeError as exc:
                self.practice = None
                self.practice_box.children = (W.HTML(message_html(str(exc), "info")),)
                return
        if self.student is not None:
            self.practice.follow(self.student)
        self.practice_box.children = (PracticeWidget(self.practice),)

    def _set_voices(self, voice: str = "plain", building: bool = False) -> None:
        from lopti_nb.explainers import voices

        names = voices(self.game.value)
        self._building = True
        self.voice.options = [(v.title(), v) for v in names]  # the lessons' own word for each voice
        self.voice.value = voice if voice in names else names[0]
        self._building = building
        self.voice.layout.display = "" if len(names) > 1 else "none"

    def _offer_tutorial(self) -> None:
        """The guided round is offered only for a game that has one (its plugin's ``tutorial``)."""
        show(self.tutorial_button, get_spec(self.game.value).tutorial is not None)

    def _game_changed(self) -> None:
        self.tutorial = None  # the guided round of the game chosen before is put away
        self.tutorial_box.children = ()
        self._offer_tutorial()
        self.practice = None  # and its practice
        self.practice_box.children = ()
        self._set_voices(self.voice.value)
        self._show()

    def _show(self) -> None:
        if self._building:
            return
        import lopti_nb

        try:
            self.explainer = lopti_nb.explain(self.game.value, voice=self.voice.value)
        except Exception as exc:  # show the problem on the page rather than a blank space
            self.explainer = None
            self.lesson_box.children = ()
            self.status.value = ('<div class="lnb-error">'
                                 + message_html(f"This explainer could not be built: {exc!r}", "error")
                                 + "</div>")
            return
        self.status.value = ""
        if self.student is not None:
            self.explainer.follow(self.student)
        self.lesson_box.children = (self.explainer,)
        self.rules_text.value = ""
        if self.rules_panel.selected_index is not None:
            self._fill_rules()

    def _fill_rules(self) -> None:
        if self.rules_panel.selected_index is None or self.rules_text.value:
            return
        import lopti_nb

        parts = []
        for section in lopti_nb.rules(self.game.value, voice=self.voice.value):
            title, text, clauses = section
            tag = f' <span style="color:var(--jp-ui-font-color2)">(rules reference {", ".join("§" + c for c in clauses)})</span>' \
                if clauses else ""
            parts.append(f"<h4 style='margin:10px 0 2px'>{esc(title)}</h4>"
                         f"<div>{esc(text)}{tag}</div>")
        self.rules_text.value = "<div style='max-width:820px;line-height:1.45'>" + "".join(parts) + "</div>"
