"""The rules classroom: each game's step-by-step explainer (:func:`lopti_nb.explain`), with a
voice picker where the game has several voices, the whole rules as text, and a guided first
round at the game's real table (:func:`lopti_nb.tutorial`), opened with its button."""
from __future__ import annotations

import ipywidgets as W

from lopti_nb.text import esc

from .common import game_picker, message_html, note


class RulesClassroom(W.VBox):
    def __init__(self, game: str | None = None, voice: str = "plain", lesson: bool = True):
        from lopti_nb.engine import canonical_game

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
            self.game, self.voice,
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
        self.practice_box.children = (PracticeWidget(self.practice),)

    def _set_voices(self, voice: str = "plain", building: bool = False) -> None:
        from lopti_nb.explainers import voices

        names = voices(self.game.value)
        self._building = True
        self.voice.options = [(v.title(), v) for v in names]  # the lessons' own word for each voice
        self.voice.value = voice if voice in names else names[0]
        self._building = building
        self.voice.layout.display = "" if len(names) > 1 else "none"

    def _game_changed(self) -> None:
        self.tutorial = None  # the guided round of the game chosen before is put away
        self.tutorial_box.children = ()
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
