"""The class's two pages without a browser: the teacher's page (open, open again with the key,
the live grid with each student's step by its title, the most missed questions, seating the
class, results) and "Join a class" on the rules classroom (the page then reports as it goes,
moves to its table when seated, and never shows another student's work)."""
from __future__ import annotations

import pytest

from browser_support import click
from lopti_nb.dashboard_parts import class_teacher, rules_classroom
from lopti_nb.explainers import steps
from lopti_nb.widgets.table import iter_widgets

pytestmark = pytest.mark.timeout(180)


def page_text(widget) -> str:
    """Every text the widget tree shows or holds (HTML values, labels, field values; not the
    fields' grey examples)."""
    parts = []
    for w in iter_widgets(widget):
        for attr in ("value", "description"):
            v = getattr(w, attr, None)
            if isinstance(v, str):
                parts.append(v)
    return "\n".join(parts)


def type_in(widget, value: str) -> None:
    assert widget.layout.display != "none" and not getattr(widget, "disabled", False)
    widget.value = value


@pytest.fixture
def store(tmp_path):
    return f"sqlite:///{tmp_path / 'rooms.sqlite'}"


def open_teacher(store):
    teacher = class_teacher(store=store, start_timer=False)
    type_in(teacher.open_name, "Ms Rivera")
    click(teacher, "Open a class", exact=True)
    assert teacher.klass is not None, teacher.status.value
    return teacher


def join(store, code: str, name: str):
    page = rules_classroom(store=store, start_timer=False)
    type_in(page.join_code, code)
    type_in(page.join_name, name)
    click(page, "Join the class", exact=True)
    return page


def test_a_class_from_both_pages(store):
    teacher = open_teacher(store)
    code = teacher.klass.pretty_code
    assert f'data-code="{code}"' in teacher.code_html.value and "font-size:56px" in teacher.code_html.value
    assert teacher.klass.teacher_token not in page_text(teacher)  # the key only when asked
    click(teacher, "Show my teacher key")
    assert teacher.klass.teacher_token in teacher.code_html.value
    ann, bob = join(store, code.lower(), "Ann"), join(store, code, "Bob")
    assert "In class" in ann.class_line.value and ann.join_form.layout.display == "none"
    click(ann, "Next \u25b6", exact=True)
    click(ann, "Next \u25b6", exact=True)
    # Bob answers the lesson's quiz (first answer: the first option)
    quiz_at = [s.kind for s in bob.explainer.steps].index("quiz")
    bob.explainer.topic.value = quiz_at
    item = bob.explainer.scene.items[0]
    verdict = bob.explainer.click(item.options[0][0])
    teacher.poll_once()
    grid = teacher.grid.value
    titles = [s.title for s in steps("lopti")]
    assert f"3. {titles[2]}" in grid and "3 of 33" in grid  # Ann: on step 3, three steps seen
    assert "2 students · 2 here now" in grid
    right = 1 if verdict.data["correct"] else 0
    assert f"{right} of 1" in grid
    if not right:
        assert item.question in teacher.missed.value
    # a student's page shows nothing of another student's
    for student, other in ((ann, "Bob"), (bob, "Ann")):
        text = page_text(student)
        assert other not in text and "Who is where" not in text
    # a wrong teacher key on a fresh page: a sentence, and no class opened
    again = class_teacher(store=store, start_timer=False)
    type_in(again.reopen_code, code)
    type_in(again.reopen_key, ann.student.token)
    click(again, "Open my class again", exact=True)
    assert again.klass is None and "not the teacher&#x27;s key" in again.status.value
    type_in(again.reopen_key, teacher.klass.teacher_token)
    click(again, "Open my class again", exact=True)
    assert again.klass is not None and "Ann" in again.grid.value and again.reopen_key.value == ""
    # seating: the two students and two bots at one Skull King table; each page moves to it
    teacher.seat_game.value = "skull-king"
    teacher.seat_seats.value = 4
    click(teacher, "Seat the class at tables", exact=True)
    assert "Seated the class at 1 table" in teacher.status.value, teacher.status.value
    for page, seat in ((ann, 0), (bob, 1)):
        page.poll_once()
        assert page.room is not None and page.room.session.seat == seat
        assert "Your teacher seated you" in page.table_box.children[0].value
    assert "Ann, Bob" in teacher.tables_html.value
    assert "No table has finished yet." in teacher.results_html.value
    # seated again: each page moves to the new table and leaves the one before
    first = ann.room
    click(teacher, "Seat the class at tables", exact=True)
    ann.poll_once()
    assert ann.room is not first and ann.room.session.code != first.join_code.value.replace("-", "")
    assert first.session is None and "You left room" in first.message


def test_join_refusals_are_sentences_on_the_page(store):
    teacher = open_teacher(store)
    code = teacher.klass.pretty_code
    join(store, code, "Ann")
    twin = join(store, code, "ANN")
    assert twin.student is None and "already called" in twin.join_status.value
    wrong = join(store, "2222-2222", "Cy")
    assert wrong.student is None and "No class has the code" in wrong.join_status.value
    odd = join(store, code, "<b>Cy</b>")
    assert odd.student is None and odd.join_form.layout.display != "none"
    assert odd.join_status.value and "<b>Cy" not in odd.join_status.value  # said, and escaped
    # a page typing wrong codes slows down, as the rooms' page does
    for _ in range(3):
        type_in(wrong.join_code, "2222-2223")
        click(wrong, "Join the class", exact=True)
    type_in(wrong.join_code, code)
    click(wrong, "Join the class", exact=True)
    assert wrong.student is None and "Please wait" in wrong.join_status.value
    # coming back with the key on another page: the first page stops, with a sentence
    first = join(store, code, "Dee")
    back = rules_classroom(store=store, start_timer=False)
    type_in(back.join_code, code)
    type_in(back.join_key, first.student.token)
    click(back, "Come back to my class", exact=True)
    assert back.student is not None and back.student.name == "Dee"
    first.poll_once()
    assert "another device" in first.join_status.value
