"""A practice on a page: the question asked now, its choices as buttons, the engine's verdict and
reason after an answer, "Next question", and a line per kind asked (right, asked, mastered).
The questions, answers and reasons come from :class:`~.practice.Practice`; this is its view.
"""
from __future__ import annotations

import ipywidgets as W

from ..text import esc
from .core import told_html
from .practice import Practice


class PracticeWidget(W.VBox):
    """``PracticeWidget(practice)``: the practice ``practice`` on a page (see the module).

        >>> import lopti_nb                                        # doctest: +SKIP
        >>> PracticeWidget(lopti_nb.practice("lopti"))              # doctest: +SKIP
    """

    def __init__(self, practice: Practice):
        self.practice = practice
        self.question_html = W.HTML()
        self.choices = W.VBox(layout=W.Layout(width="100%"))
        self.feedback = W.HTML()
        self.next_button = W.Button(description="Next question \u25b6", layout=W.Layout(width="auto"))
        self.next_button.on_click(lambda b: self.next_question())
        self.summary = W.HTML()
        super().__init__([self.question_html, self.choices, self.feedback, self.next_button, self.summary],
                         layout=W.Layout(width="100%", max_width="820px"))
        self.add_class("lnb-practice")
        self._answered = False
        self._draw()

    def answer(self, choice: str) -> None:
        """Answer the question shown with ``choice`` (what a choice button does)."""
        if self._answered:
            return
        verdict = self.practice.answer(choice)
        self._answered = True
        head = "Right." if verdict.right else "Not quite."
        colour = "var(--jp-success-color1, #2e7d32)" if verdict.right else "var(--jp-error-color1, #c62828)"
        self.feedback.value = (f'<div style="border-left:4px solid {colour};padding:4px 8px;margin:6px 0">'
                               f"You answered: {esc(choice)}. <b>{esc(head)}</b> {esc(verdict.reason)}</div>")
        if self.practice.told:  # the class did not take the report: said in a line, the practice goes on
            self.feedback.value += told_html(self.practice.told)
        self.choices.children = ()  # answered: only what can still be done stays on screen
        self.next_button.layout.display = None
        self._summary()

    def next_question(self) -> None:
        """Show the next question (what "Next question" does)."""
        self._answered = False
        self._draw()

    def _draw(self) -> None:
        q = self.practice.question
        p = self.practice
        self.question_html.value = (f'<div style="margin:4px 0"><b>Question {p.asked + 1}</b> '
                                    f'<span style="color:var(--jp-ui-font-color2)">({esc(q.kind)}; '
                                    f'{p.score} of {p.asked} right so far)</span></div>'
                                    f'<div style="line-height:1.45">{esc(q.text)}</div>')
        buttons = []
        for c in q.choices:
            b = W.Button(description=c, layout=W.Layout(width="auto", max_width="100%"))
            b.on_click(lambda btn, c=c: self.answer(c))
            buttons.append(b)
        self.choices.children = tuple(buttons)
        self.feedback.value = ""
        self.next_button.layout.display = "none"
        self._summary()

    def _summary(self) -> None:
        lines = self.practice.summary()
        self.summary.value = ("" if not lines else
                              '<div style="margin-top:8px;color:var(--jp-ui-font-color1)"><b>By kind of question</b>'
                              "<ul style='margin:2px 0 0 18px;padding:0'>"
                              + "".join(f"<li>{esc(line)}</li>" for line in lines) + "</ul></div>")
