"""A class in the rooms store: codes, the teacher's and the students' keys, who may read what,
refusals that change nothing, expiry, a class surviving its store's restart, tables for the
class on real rooms and their results -- on SQLite and on Redis."""
from __future__ import annotations

import json
import secrets
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from hostile_inputs import last_letter_changed

from lopti_nb import classroom, rooms
from lopti_nb.classroom import (
    BadClassCode, BadReport, ClassExpired, DuplicateStudent, NobodyHere, NotStudent, NotTeacher,
    OtherDevice, UnknownClass,
)
from lopti_nb.engine import LoptiNbError
from lopti_nb.rooms.room import token_hash

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.timeout(120)


class Clock:
    """A clock a test moves by hand."""

    def __init__(self, now: float = 1_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def snapshot(store, code):
    meta, version, _ = store.get(code)
    return meta, version, store.log(code)


def test_a_class_code_is_typed_in_any_case_with_spaces_or_dashes(store_url):
    teacher = classroom.open_class("Ms Rivera", store=store_url)
    code = teacher.pretty_code
    assert len(code) == 9 and code[4] == "-" and code.replace("-", "") == teacher.code
    typed = [code.lower(), code.replace("-", " "), " " + code.replace("-", "") + " ", code[:4] + "--" + code[5:]]
    for i, text in enumerate(typed):
        assert classroom.join_class(text, f"Student {'ABCD'[i]}", store=store_url).code == teacher.code
    assert teacher.students == ["Student A", "Student B", "Student C", "Student D"]


def test_progress_has_one_row_per_student_and_game_with_the_named_columns(store_url):
    teacher = classroom.open_class("Ms Rivera", store=store_url)
    ann = classroom.join_class(teacher.code, "Ann", store=store_url)
    bob = classroom.join_class(teacher.code, "Bob", store=store_url)
    classroom.join_class(teacher.code, "Cy", store=store_url)
    for number, key in enumerate(["goal", "deal", "bid", "deal"], 1):
        ann.step("Skull King", key, number, 25)  # any spelling of the game is the one game
    ann.answer("skull-king", "quiz", "Who wins the trick?", False)
    ann.answer("skull-king", "quiz", "What does a bid of 0 score?", True)
    ann.guided_round("skull-king", 4, False)
    ann.guided_round("skull-king", 9, True)
    bob.step("lopti", "goal", 1, 33)
    bob.practice("lopti", "threes", True)
    bob.practice("lopti", "sevens", False)
    frame = teacher.progress()
    assert list(frame.columns) == ["name", "game", "step", "steps_done", "steps_total", "quiz_right",
                                   "quiz_asked", "tutorial_moves", "tutorial_finished",
                                   "practice_mastered", "last_seen"]
    rows = {(r["name"], r["game"]): r for r in frame.to_dict("records")}
    assert set(rows) == {("Ann", "skull-king"), ("Bob", "lopti"), ("Cy", "")}
    a = rows[("Ann", "skull-king")]
    assert (a["step"], a["steps_done"], a["steps_total"]) == ("deal", 3, 25)
    assert (a["quiz_right"], a["quiz_asked"]) == (1, 2)
    assert (a["tutorial_moves"], a["tutorial_finished"]) == (9, True)
    b = rows[("Bob", "lopti")]
    assert (b["step"], b["steps_done"], b["practice_mastered"]) == ("goal", 1, 1)
    assert rows[("Cy", "")]["steps_done"] == 0
    assert all(0 <= r["last_seen"] < 60 for r in rows.values())


def test_mistakes_count_the_wrong_first_answers_most_first(store_url):
    teacher = classroom.open_class("Ms Rivera", store=store_url)
    people = [classroom.join_class(teacher.code, name, store=store_url) for name in ("Ann", "Bob", "Cy")]
    hard, easy = "Who wins the trick?", "What does a bid of 0 score?"
    for i, p in enumerate(people):
        p.answer("skull-king", "quiz", hard, i == 0)  # two of three wrong
        p.answer("skull-king", "quiz", easy, True)
    people[2].practice("lopti", "threes", False)
    frame = teacher.mistakes()
    assert list(frame.columns) == ["game", "kind", "question", "wrong", "asked"]
    got = [tuple(r) for r in frame[["kind", "question", "wrong", "asked"]].itertuples(index=False)]
    assert got == [("quiz", hard, 2, 3), ("practice", "threes", 1, 1)]


def test_only_the_teachers_key_reads_the_class(store_url):
    teacher = classroom.open_class("Ms Rivera", store=store_url)
    ann = classroom.join_class(teacher.code, "Ann", store=store_url)
    ann.answer("skull-king", "quiz", "Who wins the trick?", False)
    other = classroom.open_class("Mr Okafor", store=store_url)
    meta, _, _ = teacher.store.get(teacher.code)
    forged = [ann.token, other.teacher_token, meta["teacher_token"], last_letter_changed(teacher.teacher_token),
              secrets.token_urlsafe(24), "", None, 42, "x" * 5000, teacher.teacher_token + " "]
    before = snapshot(teacher.store, teacher.code)
    for key in forged:
        with pytest.raises(NotTeacher):
            classroom.reopen_class(teacher.code, key, store=store_url)
    assert snapshot(teacher.store, teacher.code) == before
    # a student's side has no way to the others' work: no reading call at all
    for reading in ("progress", "mistakes", "results", "seat_tables", "present", "students"):
        assert not hasattr(ann, reading)
    again = classroom.reopen_class(teacher.pretty_code.lower(), teacher.teacher_token, store=store_url)
    assert again.progress()["quiz_asked"].tolist() == [1]


def test_a_students_key_is_checked_and_a_second_device_takes_over(store_url):
    teacher = classroom.open_class("Ms Rivera", store=store_url)
    ann = classroom.join_class(teacher.code, "Ann", store=store_url)
    ann.step("lopti", "goal", 1, 33)
    for key in [teacher.teacher_token, secrets.token_urlsafe(24), last_letter_changed(ann.token), None, ""]:
        with pytest.raises(NotStudent):
            classroom.rejoin_class(teacher.code, key, store=store_url)
    phone = classroom.rejoin_class(teacher.code, ann.token, store=store_url)
    before = snapshot(teacher.store, teacher.code)
    with pytest.raises(OtherDevice, match="another device"):
        ann.step("lopti", "order", 3, 33)  # the page left on the first device
    with pytest.raises(OtherDevice):
        ann.refresh()
    assert snapshot(teacher.store, teacher.code) == before  # refused: nothing written
    phone.step("lopti", "order", 3, 33)
    row = teacher.progress().iloc[0]
    assert (row["name"], row["steps_done"], row["step"]) == ("Ann", 2, "order")  # nothing lost


def test_names_are_checked_as_room_names_are_and_told_apart(store_url):
    teacher = classroom.open_class("Ms Rivera", store=store_url)
    classroom.join_class(teacher.code, "Ann", store=store_url)
    before = snapshot(teacher.store, teacher.code)
    for twin in ["ann", "ANN", "Аnn", "Ａｎｎ", " Ann "]:  # case, a Cyrillic А, full width, spaces
        with pytest.raises(DuplicateStudent, match="already called 'Ann'"):
            classroom.join_class(teacher.code, twin, store=store_url)
    for bad in ["", "   ", "<b>Bo</b>", "Bo\u202e", "x" * 80, None, 7, "Bot 2", "heuristic", "Seat 3"]:
        with pytest.raises(rooms.BadName):
            classroom.join_class(teacher.code, bad, store=store_url)
    assert snapshot(teacher.store, teacher.code) == before


def test_wrong_codes_get_a_sentence_and_change_nothing(store_url):
    teacher = classroom.open_class("Ms Rivera", store=store_url)
    room = rooms.create_room("Zed", players=2, store=store_url)
    before = snapshot(teacher.store, teacher.code)
    for text in ["", "K7QM", "K7QM-3XHO", "K7QM-3XHD-K7QM", None, 12345678]:
        with pytest.raises(BadClassCode, match="class code|Class codes"):
            classroom.join_class(text, "Ann", store=store_url)
    with pytest.raises(UnknownClass, match="No class has the code"):
        classroom.join_class("2222-2222", "Ann", store=store_url)
    with pytest.raises(UnknownClass, match="game room"):
        classroom.join_class(room.code, "Ann", store=store_url)
    with pytest.raises(rooms.UnknownRoom, match="code of a class"):
        rooms.join_room(teacher.code, "Ann", store=store_url)
    assert snapshot(teacher.store, teacher.code) == before


def test_bad_reports_are_refused_and_write_nothing(store_url):
    teacher = classroom.open_class("Ms Rivera", store=store_url)
    ann = classroom.join_class(teacher.code, "Ann", store=store_url)
    before = snapshot(teacher.store, teacher.code)
    bad = [
        lambda: ann.step("lopti", "goal", 0, 33), lambda: ann.step("lopti", "goal", 34, 33),
        lambda: ann.step("lopti", "", 1, 33), lambda: ann.step("lopti", "goal", True, 33),
        lambda: ann.step("chess", "goal", 1, 33), lambda: ann.answer("lopti", "quiz", "Q?", "yes"),
        lambda: ann.answer("lopti", "quiz", None, True), lambda: ann.guided_round("lopti", -1, False),
        lambda: ann.guided_round("lopti", 2, 1), lambda: ann.practice("lopti", 5, True),
    ]
    for call in bad:
        with pytest.raises(BadReport) as caught:
            call()
        assert isinstance(caught.value, (ValueError, LoptiNbError))
        assert len(str(caught.value)) < 280 and "Traceback" not in str(caught.value)
    assert snapshot(teacher.store, teacher.code) == before


def test_a_class_expires_like_a_room(store_url):
    clock = Clock()
    teacher = classroom.open_class("Ms Rivera", store=store_url, ttl=3600, clock=clock)
    ann = classroom.join_class(teacher.code, "Ann", store=store_url, clock=clock)
    clock.now += 3000
    ann.step("lopti", "goal", 1, 33)  # a report keeps the class alive
    clock.now += 3000
    assert teacher.progress()["steps_done"].tolist() == [1]
    clock.now += 3601
    for call in (lambda: classroom.join_class(teacher.code, "Bob", store=store_url, clock=clock),
                 lambda: classroom.reopen_class(teacher.code, teacher.teacher_token, store=store_url, clock=clock),
                 lambda: ann.step("lopti", "order", 2, 33), teacher.progress):
        with pytest.raises(ClassExpired, match="expired"):
            call()
    assert classroom.DEFAULT_TTL == 12 * 3600
    with pytest.raises(rooms.BadSettings):
        classroom.open_class("Ms Rivera", store=store_url, ttl=5)


def test_a_report_that_does_not_read_back_is_skipped(store_url):
    teacher = classroom.open_class("Ms Rivera", store=store_url)
    ann = classroom.join_class(teacher.code, "Ann", store=store_url)
    for junk in [{"student": 7, "kind": "step", "game": "lopti"}, {"kind": "step"}, {"student": 0, "kind": "?", "game": "lopti"},
                 {"student": 0, "kind": "step", "game": "lopti", "step": "x", "total": "many"}]:
        teacher.store.push(teacher.code, junk, time.time())
    ann.step("lopti", "goal", 1, 33)
    assert teacher.progress()["steps_done"].tolist() == [1]
    assert teacher.skipped == 4


RESTART_CHECK = """
import json, sys
from lopti_nb import classroom
teacher = classroom.reopen_class(sys.argv[1], sys.argv[2], store=sys.argv[3])
print(json.dumps(teacher.progress()[["name", "game", "steps_done", "quiz_asked"]].values.tolist()))
"""


def test_a_class_survives_a_restart_on_sqlite(tmp_path):
    url = f"sqlite:///{tmp_path / 'rooms.sqlite'}"
    teacher = classroom.open_class("Ms Rivera", store=url)
    ann = classroom.join_class(teacher.code, "Ann", store=url)
    ann.step("lopti", "goal", 1, 33)
    ann.answer("lopti", "quiz", "Which card may go on a 7?", True)
    teacher.store.close()  # this process lets the file go; a fresh one reads it
    out = subprocess.run([sys.executable, "-c", RESTART_CHECK, teacher.code, teacher.teacher_token, url],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout) == [["Ann", "lopti", 1, 1]]


def test_a_class_survives_a_restart_on_redis(redis_server):
    url = redis_server.url
    teacher = classroom.open_class("Ms Rivera", store=url)
    ann = classroom.join_class(teacher.code, "Ann", store=url)
    ann.step("skull-king", "goal", 1, 25)
    redis_server.stop()
    redis_server.start()
    again = classroom.reopen_class(teacher.code, teacher.teacher_token, store=url)
    assert again.progress()[["name", "steps_done"]].values.tolist() == [["Ann", 1]]
    back = classroom.rejoin_class(teacher.code, ann.token, store=url)
    back.step("skull-king", "deal", 2, 25)
    assert again.progress()["steps_done"].tolist() == [2]


def _play_to_the_end(sessions, limit=5000):
    """Each student's kernel plays the first legal move when it is its turn; whoever hosts moves
    the bot."""
    for _ in range(limit):
        for s in sessions:
            s.host_tick()
            if s.status == rooms.OVER:
                return
            if s.my_turn():
                try:
                    s.submit(s.state.legal_actions(s.seat)[0], expect_seq=s.seq)
                except (rooms.StaleAction, rooms.NotYourTurn):
                    s.refresh()
    raise AssertionError("the table did not finish")


def test_seating_the_class_puts_the_students_at_real_rooms_and_reads_the_results(store_url):
    teacher = classroom.open_class("Ms Rivera", store=store_url)
    with pytest.raises(NobodyHere):
        teacher.seat_tables("skull-king")
    people = [classroom.join_class(teacher.code, n, store=store_url) for n in ("Ann", "Bob", "Cy", "Dee", "Eve")]
    before = snapshot(teacher.store, teacher.code)
    for bad in [dict(game="chess"), dict(game="skull-king", seats=9), dict(game="skull-king", bots="deep"),
                dict(game="skull-king", scoring="golf")]:
        with pytest.raises(LoptiNbError):
            teacher.seat_tables(**bad)
    assert snapshot(teacher.store, teacher.code) == before and teacher.store.count_rooms() == 1
    codes = teacher.seat_tables("skull-king", seats=3, bots="random", scoring="rascal")
    assert len(codes) == 2 and teacher.store.count_rooms() == 3
    tables = [p.refresh() for p in people]
    assert tables == [codes[0]] * 3 + [codes[1]] * 2  # in the order they joined; fewer at the last
    last = rooms.Room(codes[1], store=store_url)
    assert [s["name"] for s in last.seats] == ["Dee", "Eve", "Bot 3 (random)"]
    assert last.status == rooms.PLAYING and last.meta["settings"]["scoring"] == "rascal"
    # each seat's key is its student's own class key: only the hash is stored
    assert [s["token"] for s in last.seats[:2]] == [token_hash(people[3].token), token_hash(people[4].token)]
    with pytest.raises(rooms.BadToken):
        rooms.rejoin_room(codes[1], people[0].token, store=store_url)
    assert teacher.results().empty  # nothing finished yet
    sessions = [rooms.rejoin_room(codes[1], p.token, store=store_url) for p in people[3:]]
    _play_to_the_end(sessions)
    frame = teacher.results()
    assert list(frame.columns) == ["table", "game", "seat", "name", "student", "place", "score"]
    state = sessions[0].room.state
    assert frame["name"].tolist() == ["Dee", "Eve", "Bot 3 (random)"]
    assert frame["student"].tolist() == [True, True, False]
    assert frame["place"].tolist() == list(state.result.places)
    assert frame["score"].tolist() == [float(x) for x in state.result.scores]
    assert set(frame["table"]) == {codes[1]}


def test_seat_tables_seats_only_the_students_who_are_present(store_url):
    clock = Clock()
    teacher = classroom.open_class("Ms Rivera", store=store_url, clock=clock)
    ann = classroom.join_class(teacher.code, "Ann", store=store_url, clock=clock)
    classroom.join_class(teacher.code, "Bob", store=store_url, clock=clock)
    clock.now += classroom.PRESENT + 5
    ann.refresh()  # Ann's page is open; Bob's was closed long ago
    (code,) = teacher.seat_tables("lopti", seats=2)
    assert [s["name"] for s in rooms.Room(code, store=store_url, clock=clock).seats] == ["Ann", "Bot 2 (heuristic)"]


REPORTS = st.lists(st.tuples(
    st.integers(0, 2), st.sampled_from(["step", "answer", "guided", "practice"]),
    st.sampled_from(["lopti", "skull-king"]), st.integers(0, 3), st.booleans()), max_size=25)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(reports=REPORTS)
def test_progress_and_mistakes_are_what_the_reports_say(reports):
    """Over random reports by three students, the teacher's tables equal a plain count of them."""
    teacher = classroom.open_class("Ms Rivera", store=":memory:")
    people = [classroom.join_class(teacher.code, n, store=":memory:") for n in ("Ann", "Bob", "Cy")]
    steps, quiz, moves, done, practice, wrong, asked = {}, {}, {}, {}, {}, {}, {}
    for who, kind, game, k, yes in reports:
        p, key = people[who], (who, game)
        if kind == "step":
            p.step(game, f"s{k}", k + 1, 4)
            steps.setdefault(key, set()).add(f"s{k}")
        elif kind == "answer":
            p.answer(game, "quiz", f"Q{k}", yes)
            quiz.setdefault(key, {})[f"Q{k}"] = yes
            asked[(game, "quiz", f"Q{k}")] = asked.get((game, "quiz", f"Q{k}"), 0) + 1
            wrong[(game, "quiz", f"Q{k}")] = wrong.get((game, "quiz", f"Q{k}"), 0) + (not yes)
        elif kind == "guided":
            p.guided_round(game, k, yes)
            moves[key] = max(moves.get(key, 0), k)
            done[key] = done.get(key, False) or yes
        else:
            p.practice(game, f"p{k}", yes)
            practice.setdefault(key, {})[f"p{k}"] = yes
            asked[(game, "practice", f"p{k}")] = asked.get((game, "practice", f"p{k}"), 0) + 1
            wrong[(game, "practice", f"p{k}")] = wrong.get((game, "practice", f"p{k}"), 0) + (not yes)
    names = ["Ann", "Bob", "Cy"]
    rows = {(r["name"], r["game"]): r for r in teacher.progress().to_dict("records")}
    touched = set(steps) | set(quiz) | set(moves) | set(practice)
    expected = {(names[w], g) for w, g in touched} | {(names[w], "") for w in range(3)
                                                       if not any(x == w for x, _ in touched)}
    assert set(rows) == expected
    for (w, g) in touched:
        r = rows[(names[w], g)]
        assert r["steps_done"] == len(steps.get((w, g), ()))
        assert (r["quiz_right"], r["quiz_asked"]) == (sum(quiz.get((w, g), {}).values()), len(quiz.get((w, g), {})))
        assert (r["tutorial_moves"], r["tutorial_finished"]) == (moves.get((w, g), 0), done.get((w, g), False))
        assert r["practice_mastered"] == sum(practice.get((w, g), {}).values())
    got = {(r["game"], r["kind"], r["question"]): (r["wrong"], r["asked"]) for r in teacher.mistakes().to_dict("records")}
    assert got == {k: (n, asked[k]) for k, n in wrong.items() if n}
    counts = [r["wrong"] for r in teacher.mistakes().to_dict("records")]
    assert counts == sorted(counts, reverse=True)


def test_hostile_inputs_are_refused_with_a_sentence(tmp_path):
    """Every hostile value at every argument a person or a notebook gives the class: a typed
    refusal (a LoptiNbError, so a ValueError) in one short sentence, and the store unchanged."""
    from bad_input_support import refused
    from hostile_inputs import VALUES

    url = f"sqlite:///{tmp_path / 'rooms.sqlite'}"
    teacher = classroom.open_class("Ms Rivera", store=url)
    ann = classroom.join_class(teacher.code, "Ann", store=url)
    ann.refresh()
    before = snapshot(teacher.store, teacher.code)
    calls = []
    for label, value in VALUES.items():
        calls += [
            (classroom.open_class, (value,), {"store": url}),
            (classroom.open_class, ("Ms Rivera",), {"store": url, "ttl": value}),
            (classroom.join_class, (value, "Bob"), {"store": url}),
            (classroom.join_class, (teacher.code, value), {"store": url}),
            (classroom.reopen_class, (value, teacher.teacher_token), {"store": url}),
            (classroom.reopen_class, (teacher.code, value), {"store": url}),
            (classroom.rejoin_class, (teacher.code, value), {"store": url}),
            (teacher.seat_tables, (value,), {}),
            (teacher.seat_tables, ("lopti",), {"seats": value}),
            (teacher.seat_tables, ("lopti",), {"bots": value}),
            (teacher.seat_tables, ("lopti",), {"swap": value}),
            (ann.step, ("lopti", value, 1, 33), {}),
            (ann.step, ("lopti", "goal", value, 33), {}),
            (ann.answer, ("lopti", "quiz", value, True), {}),
            (ann.answer, ("lopti", "quiz", "Q?", value), {}),
            (ann.guided_round, (value, 1, False), {}),
            (ann.practice, ("lopti", "threes", value), {}),
        ]
    for name in ("store", "players", "clock", "fill_with_bots"):
        calls.append((teacher.seat_tables, ("lopti",), {name: 2}))
    for call, args, kwargs in calls:
        try:
            refused(call, args, kwargs)
        except (AssertionError, pytest.fail.Exception) as exc:
            where = f"{getattr(call, '__name__', call)} {str(args)[:80]} {str(kwargs)[:80]}"
            raise AssertionError(f"{where}: {exc}") from None
    assert snapshot(teacher.store, teacher.code) == before
    assert teacher.store.count_rooms() == 1  # no table made, none left half made


@pytest.mark.parametrize("lost", ["after the server made it", "before the server got it"])
def test_a_lost_redis_answer_to_a_report_is_looked_up_not_guessed(redis_url, monkeypatch, lost):
    """The connection drops before a report's answer arrives: the store looks whether the
    report was added, and either counts it once or sends it again (never twice, never lost)."""
    teacher = classroom.open_class("Ms Rivera", store=redis_url)
    ann = classroom.join_class(teacher.code, "Ann", store=redis_url)
    ann.step("lopti", "goal", 1, 33)
    store = teacher.store
    script, tries = store._push, []

    def dropping(keys, args):
        tries.append(1)
        if len(tries) == 1:
            if lost.startswith("after"):
                script(keys=keys, args=args)
            raise store._redis.ConnectionError("Connection closed by server.")
        return script(keys=keys, args=args)

    monkeypatch.setattr(store, "_push", dropping)
    ann.answer("lopti", "quiz", "Which card may go on a 7?", False)
    assert len(tries) == (1 if lost.startswith("after") else 2)
    assert [r["kind"] for r in store.log(teacher.code)] == ["step", "answer"]
    assert teacher.progress()["quiz_asked"].tolist() == [1]


def test_the_class_is_headless():
    """Importing the class loads neither widgets nor pandas (a DataFrame is built when asked)."""
    code = "import sys, lopti_nb.classroom; print(sorted(m for m in ('ipywidgets', 'pandas') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-1000:]
    assert out.stdout.strip() == "[]"
