"""The stepper widget: back / next / jump to a topic, a rule text, a position and "try it".

Every widget is created once and updated in place (no ``clear_output``), so a click costs
one small message to the browser. Colours follow JupyterLab's theme variables.
"""
from __future__ import annotations

from typing import Sequence

import ipywidgets as W

from ..widgets.base import ButtonPool, set_if
from .core import BORDER, INK, MUTED, Observer, Scene, Step, Verdict, esc, tell, told_html, verdict_html
from .quiz import QuizScene
from ..engine import SettingsError
from ..engine.settings import shown


class Explainer(W.VBox):
    """Steps of one game's rules. ``explainer.steps`` lists them; ``goto(i)`` jumps.
    ``observer`` (an :class:`~lopti_nb.explainers.core.Observer`, e.g. a class's student) is
    told each step reached and each quiz question's first answer; :meth:`follow` sets it later."""

    def __init__(self, game: str, title: str, steps: Sequence[Step], voice: str = "plain",
                 start: int = 0, observer: Observer | None = None):
        self.game = game
        self.observer = observer
        self.told = W.HTML()  # why the observer could not be told, if it could not
        self.voice = voice
        self.steps = list(steps)
        self.scenes: dict[int, Scene] = {}
        self.index = -1
        self.last_verdict: Verdict | None = None
        self.answers = 0  # verdicts shown so far (numbered in the HTML)

        self.header = W.HTML(
            f'<div style="font-size:16px;font-weight:bold;color:{INK}">{esc(title)}</div>')
        topics = []
        for i, s in enumerate(self.steps):
            topics.append((f"{i + 1}. {s.title}", i))
        self.topic = W.Dropdown(options=topics, value=None, description="Topic:",
                                layout=W.Layout(width="min(460px, 100%)"))
        self.topic.observe(self._topic_changed, names="value")
        self.counter = W.HTML()
        self.title = W.HTML()
        self.text = W.HTML()
        self.position = W.HTML()
        self.prompt = W.HTML()
        self.choice_pool = ButtonPool(self._try)
        self.extra = W.VBox([], layout=W.Layout(align_items="flex-start"))
        self.verdict = W.HTML()
        self.back = W.Button(description="\u25c0 Back", layout=W.Layout(width="auto"))
        self.next = W.Button(description="Next \u25b6", button_style="primary",
                             layout=W.Layout(width="auto"))
        self.reset_button = W.Button(description="Reset the position", layout=W.Layout(width="auto"),
                                     tooltip="Build this step's position again")
        self.back.on_click(lambda b: self.goto(self.index - 1))
        self.next.on_click(lambda b: self.goto(self.index + 1))
        self.reset_button.on_click(lambda b: self._reset())
        self.try_box = W.VBox(
            [self.prompt, self.choice_pool, self.extra, self.verdict],
            layout=W.Layout(border=f"1px dashed {BORDER}", padding="6px"))
        nav = W.HBox([self.back, self.next, self.reset_button, self.counter],
                     layout=W.Layout(align_items="center", flex_flow="row wrap"))
        super().__init__(
            [self.header, self.topic, self.title, self.text,
             self.position, self.try_box, nav, self.told],
            layout=W.Layout(padding="6px", max_width="980px"))
        self.add_class("lnb-explainer")
        self.goto(start)

    # -- navigation --------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def scene(self) -> Scene:
        return self.scenes[self.index]

    def _scene_for(self, i: int) -> Scene:
        scene = self.scenes.get(i)
        if scene is None:
            scene = self.steps[i].make_scene()
            scene.notify = self._scene_changed
            self.scenes[i] = scene
        return scene

    def goto(self, i: int) -> None:
        i = max(0, min(len(self.steps) - 1, int(i)))
        if i == self.index:
            return
        self.index = i
        step = self.steps[i]
        scene = self._scene_for(i)
        set_if(self.topic, value=i)
        # the clauses of the game's rules reference that this step teaches
        where = (" \u00b7 rules reference " + ", ".join("\u00a7" + c for c in step.clauses)) if step.clauses else ""
        set_if(self.counter, value=f'<span style="color:{MUTED}">Step {i + 1} of {len(self.steps)}'
                                   f'{where}</span>')
        set_if(self.title, value=f'<div style="font-size:15px;font-weight:bold;color:{INK}">{esc(step.title)}</div>')
        paras = "".join(f'<p style="margin:2px 0 6px 0">{esc(p)}</p>' for p in step.text.split("\n\n"))
        set_if(self.text, value=f'<div class="lnb-x-text" style="color:{INK};font-size:14px;max-width:860px">{paras}</div>')
        set_if(self.back, disabled=i == 0)
        set_if(self.next, disabled=i == len(self.steps) - 1)
        self.extra.children = tuple(scene.controls())
        self.last_verdict = None
        self._refresh()
        self._tell("step", step.key, i + 1, len(self.steps))

    def follow(self, observer: Observer | None) -> None:
        """Tell ``observer`` (an :class:`~lopti_nb.explainers.core.Observer`) from now on
        (``None``: nobody); it hears the step shown now at once."""
        if observer is not None and not isinstance(observer, Observer):
            raise SettingsError(f"follow() takes an Observer (lopti_nb.explainers.Observer), not {shown(observer)}.")
        self.observer = observer
        set_if(self.told, value="")
        if observer is not None:
            self._tell("step", self.step.key, self.index + 1, len(self.steps))

    def _tell(self, call: str, *args) -> None:
        if self.observer is not None:
            set_if(self.told, value=told_html(tell(self.observer, call, self.game, *args)))

    def _topic_changed(self, change) -> None:
        if change["new"] is not None:
            self.goto(change["new"])

    # -- the try-it area ---------------------------------------------------------------------
    def _refresh(self, verdict: Verdict | None = None) -> None:
        scene = self.scene
        set_if(self.position, value=scene.draw())
        set_if(self.prompt, value=f'<b style="color:{INK}">Try it.</b> '
                                  f'<span style="color:{MUTED}">{esc(scene.prompt)}</span>')
        items = [(c.label, c, True, "") for c in scene.choices()]
        self.choice_pool.set(items)
        self.last_verdict = verdict
        if verdict is not None:
            self.answers += 1
        set_if(self.verdict, value=verdict_html(verdict, self.answers))

    def _try(self, choice) -> None:
        scene = self.scene
        # a quiz question's first answer is the one that counts (the quiz's own score too)
        first = (isinstance(scene, QuizScene) and not scene.finished and isinstance(choice.key, tuple)
                 and choice.key[0] not in scene.answered)
        verdict = scene.attempt(choice.key)
        self._refresh(verdict)
        if first and "correct" in verdict.data:
            self._tell("answer", self.step.key, scene.items[choice.key[0]].question,
                       bool(verdict.data["correct"]))

    def _scene_changed(self, verdict: Verdict | None = None) -> None:
        self._refresh(verdict)

    def _reset(self) -> None:
        self.scene.reset()
        self._refresh(None)

    # -- for tests and notebooks -------------------------------------------------------------
    @property
    def choice_buttons(self) -> list[W.Button]:
        return self.choice_pool.visible_buttons

    def click(self, label: str) -> Verdict | None:
        """Click the choice button whose label is ``label`` (as a learner would)."""
        for b in self.choice_buttons:
            if b.description == label:
                b.click()
                return self.last_verdict
        raise KeyError(f"no choice {label!r}; choices: {[b.description for b in self.choice_buttons]}")
