"""A scored quiz any game's lessons can offer: questions whose answers the engine gives.

A :class:`Question` holds the question, a picture of what the learner may look at (HTML),
the answers offered, and two callables: ``answer()`` asks the game's engine (its rule
functions, or a state played forward) for the right one, and ``explain()`` gives the rule's
reason. Nothing in a question is a hand-written verdict.

:class:`QuizScene` runs a list of questions: only a learner's first answer to each counts;
after the last question it shows the score ("7 of 9 right on the first try") and reviews
the questions missed (the answer given, the right one and the reason), and "Try again"
starts over. A game subclasses it and gives :meth:`QuizScene.questions` (and, to tell the
feedback in a voice of its own, :meth:`QuizScene.words`).

    >>> from lopti_nb.explainers.quiz import Question, QuizScene
    >>> class Sums(QuizScene):
    ...     def questions(self):
    ...         return [Question("Two and two?", [("Four", 4), ("Five", 5)], lambda: 2 + 2,
    ...                          lambda: "Two pairs make four.", ("1.1",))]
    >>> quiz = Sums()
    >>> quiz.attempt((0, 4)).headline
    'Right: Four'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .core import Choice, Scene, Verdict, box, esc, line

#: the feedback phrases of a quiz told plainly
PLAIN_WORDS = {
    "right": "Right: {answer}",
    "wrong": "Not quite. The answer is: {answer}",
    "score": "{right} of {total} right on the first try",
    "again": "Try again",
    "fresh": "a fresh start: question 1 of {total}",
}


def cite(reason: str, clauses: Sequence[str]) -> str:
    """``reason`` ending with the rules-reference clauses that decided it."""
    reason = reason.strip()
    end = "."
    if reason and reason[-1] in ".!?":
        reason, end = reason[:-1], reason[-1]
    if not clauses:
        return reason + end
    return f"{reason} (rules reference {', '.join(chr(0xa7) + c for c in clauses)}){end}"


@dataclass
class Question:
    """One quiz question. ``answer()`` is the engine's answer (one of the ``options``'
    values), ``explain()`` the rule's reason in words, ``picture()`` HTML of what the learner
    sees, and ``data`` the raw facts the question is about (for tests that ask the engine
    again)."""

    question: str
    options: Sequence[tuple[str, Any]]
    answer: Callable[[], Any]
    explain: Callable[[], str]
    clauses: tuple[str, ...] = ()
    picture: Callable[[], str] = lambda: ""
    data: dict[str, Any] = field(default_factory=dict)


class QuizScene(Scene):
    """A scored quiz over :meth:`questions` (see the module's docstring)."""

    prompt = "Pick an answer; the game's rules check it."

    def questions(self) -> list[Question]:
        """The questions, in the order they are asked (a subclass gives them)."""
        return []

    def words(self) -> dict[str, str]:
        """The feedback phrases (keys as in :data:`PLAIN_WORDS`)."""
        return PLAIN_WORDS

    def cite(self, reason: str, clauses: Sequence[str]) -> str:
        return cite(reason, clauses)

    def picture(self, item: Question) -> str:
        return item.picture()

    def reset(self) -> None:
        self.items = self.questions()
        self.at = 0
        self.score = 0
        self.answered: set[int] = set()
        self.first: dict[int, Any] = {}  # question -> the learner's first answer
        self._show_next()  # "Reset the position" from the score brings the Next button back

    @property
    def finished(self) -> bool:
        return self.at >= len(self.items)

    def controls(self) -> list:
        if not hasattr(self, "_next"):
            import ipywidgets as W  # only when a widget shows the quiz

            self._next = W.Button(description="Next question \u25b6", layout=W.Layout(width="auto"))
            self._next.on_click(lambda b: self.next_question())
        self._show_next()
        return [self._next]

    def _show_next(self) -> None:
        if hasattr(self, "_next"):
            last = self.at == len(self.items) - 1
            self._next.description = "See your score \u25b6" if last else "Next question \u25b6"
            self._next.layout.display = "none" if self.finished else None

    def next_question(self) -> None:
        self.at = min(self.at + 1, len(self.items))
        self._show_next()
        self.notify(None)

    def summary(self) -> str:
        """The final score in words: "7 of 9 right on the first try"."""
        return self.words()["score"].format(right=self.score, total=len(self.items))

    def missed(self) -> list[tuple[Question, Any, Any]]:
        """``(question, first answer, right answer)`` for each question not right at once."""
        out = []
        for i, item in enumerate(self.items):
            truth = item.answer()
            given = self.first.get(i)
            if i not in self.first or given != truth:
                out.append((item, given, truth))
        return out

    def _label(self, item: Question, value: Any) -> str:
        return next((lbl for lbl, v in item.options if v == value), "no answer")

    def draw(self) -> str:
        if self.finished:
            rows = []
            for item, given, truth in self.missed():
                rows.append(
                    f'<li style="margin-bottom:4px"><b>{esc(item.question)}</b><br>'
                    f"Your first answer: {esc(self._label(item, given))}. "
                    f"The right answer: {esc(self._label(item, truth))}. "
                    f"{esc(self.cite(item.explain(), item.clauses))}</li>")
            review = ('<div style="font-weight:bold;margin-top:4px">The questions to look at again</div>'
                      f'<ol style="margin:2px 0 2px 18px;padding:0">{"".join(rows)}</ol>') if rows else \
                line("Every question right on the first try.")
            score = self.summary()
            return box("The quiz is over", line(f"<b>{esc(score[:1].upper() + score[1:])}.</b>") + review)
        item = self.items[self.at]
        return (line(f"<b>Question {self.at + 1} of {len(self.items)}</b> \u00b7 right so far: "
                     f"{self.score}") + line(esc(item.question)) + self.picture(item))

    def choices(self) -> list[Choice]:
        if self.finished:
            return [Choice(self.words()["again"], "again")]
        item = self.items[self.at]
        return [Choice(label, (self.at, value)) for label, value in item.options]

    def check(self) -> None:
        """Every question's engine answer is one of the answers offered, offered once."""
        for item in self.items:
            values = [v for _, v in item.options]
            assert values.count(item.answer()) == 1, item.question

    def attempt(self, key) -> Verdict:
        w = self.words()
        if key == "again":
            self.reset()
            self._show_next()
            return Verdict(None, w["fresh"].format(total=len(self.items)),
                           "Only your first answer to each question counts toward the score.")
        at, value = key
        item = self.items[at]
        truth = item.answer()
        right = value == truth
        if at not in self.answered:
            self.first[at] = value
            if right:
                self.score += 1
        self.answered.add(at)
        head = (w["right"] if right else w["wrong"]).format(answer=self._label(item, truth))
        return Verdict(None, head, self.cite(item.explain(), item.clauses),
                       data={"correct": right, "truth": truth})
