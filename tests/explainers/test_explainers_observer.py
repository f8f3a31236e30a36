"""The explainers tell an observer what the learner does as it happens: each step reached, each
quiz question's first answer (right or wrong, as the quiz itself scores it), the guided round's
moves and its end. An observer that fails is shown in a line and the lesson goes on; a class's
student, as observer, puts each report in the class."""
from __future__ import annotations

import pytest

import lopti_nb
from lopti_nb import classroom
from lopti_nb.engine import LoptiNbError
from lopti_nb.explainers import Observer, explain
from lopti_nb.explainers.quiz import QuizScene
from lopti_nb.explainers.tutorial import tutorial

pytestmark = pytest.mark.timeout(180)


class Notes(Observer):
    def __init__(self):
        self.calls = []

    def step(self, game, key, number, total):
        self.calls.append(("step", game, key, number, total))

    def answer(self, game, step, question, right):
        self.calls.append(("answer", game, step, question, right))

    def guided_round(self, game, moves, finished):
        self.calls.append(("guided", game, moves, finished))


class Broken(Observer):
    def step(self, game, key, number, total):
        raise classroom.UnknownClass("No class has the code K7QM-3XHD.")


@pytest.mark.parametrize("game", ["lopti", "skull-king"])
def test_steps_and_first_quiz_answers_are_told(game):
    notes = Notes()
    e = explain(game)
    e.follow(notes)
    total = len(e.steps)
    assert notes.calls == [("step", game, e.steps[0].key, 1, total)]
    e.goto(3)
    e.goto(3)  # the same step again is not a new step
    assert notes.calls[-1] == ("step", game, e.steps[3].key, 4, total) and len(notes.calls) == 2
    quiz_at = [s.kind for s in e.steps].index("quiz")
    e.goto(quiz_at)
    quiz: QuizScene = e.scene
    answers = []
    for n, item in enumerate(quiz.items):
        labels = [label for label, _ in item.options]
        first = e.click(labels[-1])
        e.click(labels[0])  # a second answer to the same question is not told
        answers.append(("answer", game, "quiz", item.question, first.data["correct"]))
        quiz.next_question()
    told = [c for c in notes.calls if c[0] == "answer"]
    assert told == answers
    assert sum(1 for c in told if c[-1]) == quiz.score  # the same count as the quiz's own score


def test_a_guided_round_tells_its_moves_and_its_end():
    notes = Notes()
    guide = tutorial("skull-king")
    guide.follow(notes)
    for _ in range(200):
        if guide.done:
            break
        guide.take_hint()
    told = [c for c in notes.calls if c[0] == "guided"]
    assert told[0] == ("guided", "skull-king", 0, False)
    moves = [c[2] for c in told]
    assert moves == sorted(moves) and len(set(told)) == len(told)  # told once each, as it changed
    assert [c[3] for c in told].count(True) == 1
    assert told[-1] == ("guided", "skull-king", len(guide.reasons), True)


def test_a_failing_observer_shows_a_line_and_the_lesson_goes_on():
    e = explain("lopti")
    e.follow(Broken())
    assert "Your class did not get this" in e.told.value and "K7QM-3XHD" in e.told.value
    e.goto(1)
    assert e.index == 1
    e.follow(None)
    assert e.told.value == ""
    with pytest.raises(LoptiNbError):
        e.follow("Ann")
    with pytest.raises(LoptiNbError):
        tutorial("lopti").follow(42)


def test_a_student_following_a_lesson_and_a_guided_round_reports_to_the_class():
    teacher = classroom.open_class("Ms Rivera", store=":memory:")
    ann = classroom.join_class(teacher.code, "Ann", store=":memory:")
    e = lopti_nb.explain("skull-king")
    e.follow(ann)
    e.goto(1)
    e.goto(2)
    guide = tutorial("skull-king")
    guide.follow(ann)
    guide.take_hint()
    rows = {r["game"]: r for r in teacher.progress().to_dict("records")}
    row = rows["skull-king"]
    assert (row["step"], row["steps_done"], row["steps_total"]) == (e.steps[2].key, 3, len(e.steps))
    assert row["tutorial_moves"] == len(guide.reasons) >= 1 and not row["tutorial_finished"]
