"""A classroom: a class code for a teacher, students on their own devices, live progress, and
tables for the whole class, kept in the rooms store (a SQLite file, or Redis across servers).

    >>> import lopti_nb
    >>> from lopti_nb import classroom
    >>> game = lopti_nb.game_names()[0]
    >>> teacher = classroom.open_class("Ms Rivera", store=":memory:")
    >>> ann = classroom.join_class(teacher.code.lower(), "Ann", store=":memory:")
    >>> ann.step(game, "goal", 3, 25)          # what a lesson reports as it happens
    >>> teacher.progress()[["name", "steps_done", "steps_total"]].values.tolist()
    [['Ann', 1, 25]]

How it works. A class is one entry of the rooms store (:mod:`lopti_nb.rooms.store`), under a
code drawn like a room's (8 characters, any case, spaces or dashes): its *meta* holds the
teacher's name, the SHA-256 hash of the teacher's secret key, the students (name, the hash of
each one's key, the device they last opened the class on) and the tables the class was seated
at; its *log* holds the students' reports (:meth:`lopti_nb.rooms.store.RoomStore.push`: a
report never waits for another student's), and its *presence* when each student's page last
looked at the class. The explainers report through :class:`lopti_nb.explainers.core.Observer`,
which :class:`Student` is: a lesson step reached, a quiz question answered right or wrong at the
first try, a guided round's moves and its end, a practice kind mastered or missed.

Who reads what. Only a :class:`Class`, opened with the teacher's key, reads progress, mistakes
and results; a :class:`Student` (a student's key) reads only which table it is seated at, and
its own page shows only its own work. As with rooms, the checks run in the kernel: a person
with access to the store's files (or the Redis server) can read every report, and the
store holds only hashes of the keys.

Refusals are :class:`ClassError` (a ``ValueError`` through
:class:`lopti_nb.engine.LoptiNbError`) with one plain sentence, and nothing is written: a
wrong or expired code, a wrong key, a name that looks like another student's, and a page left
behind on one device when its student opened the class on another (:class:`OtherDevice`:
nothing of the student's work is lost, it is all in the store).
"""
from __future__ import annotations

import hmac
import json
import math
import numbers
import random
import secrets
import time
from collections import Counter
from typing import Any, Callable

from .engine import SettingsError, UnknownBot, all_specs
from .engine.settings import shown, whole
from .explainers.core import Observer
from .rooms.codes import new_code, normalize, pretty
from .rooms.errors import (
    BadBot, BadCode, BadName, BadRequest, BadSettings, BadToken, CorruptLog, DuplicateName, RoomError, RoomExpired,
    StoreError, UnknownRoom,
)
from .rooms.names import bot_like, clean_name, name_key
from .rooms.room import (
    CLASS_KIND, OVER, TTL_LIMITS, Room, check_clock, create_room, join_room, read_clock, room_spec,
    seconds, span, token_hash,
)
from .rooms.store import RoomStore, open_store

DEFAULT_TTL = 12 * 3600.0  # a class is forgotten after 12 hours without a report or a change
PRESENT = 60.0  # seconds since a student's page last looked at the class: still present
SEEN_EVERY = 1.0  # how often a student's page writes its presence, at most
MAX_STUDENTS = 200
MAX_TEXT = 600  # characters of a quiz question in a report (the longest lesson question has 231)
MAX_KEY = 60  # characters of a step's key, a game's name or a practice kind in a report
MAX_RETRIES = 200  # tries of a compare-and-set write of the class's meta before "too busy"
FORMAT = 1
# create_room's own arguments, which a game's settings passed to seat_tables may not name
_NOT_SETTINGS = frozenset({"host_name", "game", "players", "bot", "fill_with_bots", "store", "clock"})
KINDS = ("step", "answer", "guided", "practice")  # the kinds of report, as the log says
PROGRESS_COLUMNS = ("name", "game", "step", "steps_done", "steps_total", "quiz_right", "quiz_asked",
                    "tutorial_moves", "tutorial_finished", "practice_mastered", "last_seen")
MISTAKE_COLUMNS = ("game", "kind", "question", "wrong", "asked")
RESULT_COLUMNS = ("table", "game", "seat", "name", "student", "place", "score")


class ClassError(RoomError):
    """Base class of the classroom's refusals: a ``ValueError`` with one plain sentence."""


class BadClassCode(ClassError, BadCode):
    """Text that cannot be a class code (wrong length or characters)."""


class UnknownClass(ClassError, UnknownRoom):
    """No class has this code (never opened, forgotten, or it is a game room's code)."""


class ClassExpired(UnknownClass, RoomExpired):
    """The class existed but nothing happened in it for longer than its time to live."""


class NotTeacher(ClassError, BadToken):
    """A key that is not the teacher's key of this class."""


class NotStudent(ClassError, BadToken):
    """A key that is no student's key in this class."""


class DuplicateStudent(ClassError, DuplicateName):
    """A name that looks like the name of a student already in the class."""


class ClassFull(ClassError):
    """The class has :data:`MAX_STUDENTS` students already."""


class OtherDevice(ClassError):
    """The student opened the class again on another device: this page stopped reporting."""


class BadReport(ClassError, BadRequest):
    """A report whose fields are not of the kind it takes (a step number, a yes or no...)."""


class NobodyHere(ClassError):
    """Tables asked for while no student's page is open on the class."""


# -- small checks -------------------------------------------------------------------------------
def class_code(text: Any) -> str:
    """The canonical form of a typed class code (any case, spaces or dashes), or
    :class:`BadClassCode` saying what is wrong."""
    try:
        return normalize(text)
    except BadCode as exc:
        words = str(exc).replace("room code", "class code").replace("Room codes", "Class codes")
        raise BadClassCode(words) from None


def check_student_name(name: Any) -> str:
    """A student's name as it will be shown: the package's one name check (as a room's names
    are checked), and not a name the rooms give their bots or empty seats (a student is seated
    at tables of any game, so no installed game's bot names)."""
    display = clean_name(name)
    bots = [b for spec in all_specs() for b in spec.bots]
    if bot_like(display, bots):
        raise BadName(f"{display!r} looks like a name the game tables give their bots or seats; "
                         "please pick another name.")
    return display


def _key(token: Any, error: type[ClassError], words: str) -> str:
    if not isinstance(token, str) or not 10 <= len(token) <= 200:
        raise error(words)
    return token_hash(token)


def _text(value: Any, what: str, limit: int = MAX_KEY) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BadReport(f"{what} is a short text, not {shown(value)}.")
    if len(value) > limit:
        raise BadReport(f"{what} is at most {limit} characters, not {len(value)}.")
    return value.strip()


def _yes_no(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise BadReport(f"{what} is True or False, not {shown(value)}.")
    return value


def _game(game: Any) -> str:
    """A game's canonical name (a report names the game as every spelling of it is one game)."""
    try:
        return room_spec(game).name
    except RoomError as exc:
        raise BadReport(str(exc)) from None


def _number(value: Any, low: float) -> bool:
    return (not isinstance(value, bool) and isinstance(value, numbers.Real) and math.isfinite(value)
            and value >= low)


def _check_meta(code: str, meta: dict) -> dict:
    """``meta`` if it has the shape of a class's, else :class:`CorruptLog`."""
    def student_ok(s):
        return (isinstance(s, dict) and isinstance(s.get("name"), str) and isinstance(s.get("token"), str)
                and isinstance(s.get("device"), str) and _number(s.get("joined"), 0))

    def table_ok(t):
        return (isinstance(t, dict) and isinstance(t.get("code"), str) and isinstance(t.get("game"), str)
                and isinstance(t.get("students"), list)
                and all(type(i) is int for i in t["students"]))

    students, tables = meta.get("students"), meta.get("tables")
    ok = (isinstance(meta.get("teacher"), str) and isinstance(meta.get("teacher_token"), str)
          and _number(meta.get("ttl"), 0) and isinstance(students, list) and all(map(student_ok, students))
          and isinstance(tables, list) and all(map(table_ok, tables)))
    if not ok:
        raise CorruptLog(f"Class {pretty(code)} is damaged in the store (its students do not read "
                         "back); please open a new class.")
    return meta


def _checked(code: str, got, clock: Callable[[], float]) -> tuple[dict, int, float]:
    """A class's ``(meta, version, touched)`` as the store gave it, checked: a class, whole,
    not expired."""
    if got is None:
        raise UnknownClass(f"No class has the code {pretty(code)}. Check the code with your "
                           "teacher (classes are forgotten after a long idle spell).")
    meta, version, touched = got
    if not isinstance(meta, dict) or meta.get("kind") != CLASS_KIND:
        raise UnknownClass(f"{pretty(code)} is the code of a game room, not of a class: join it "
                           "on the game rooms page.")
    _check_meta(code, meta)
    if read_clock(clock) > touched + meta["ttl"]:
        raise ClassExpired(f"Class {pretty(code)} has expired: nothing happened in it for "
                           f"{span(meta['ttl'])}. Ask your teacher for a new class code.")
    return meta, version, touched


def _update(store: RoomStore, code: str, clock: Callable[[], float], change: Callable[[dict], Any]):
    """Apply ``change(meta)`` to the class with compare-and-set (``change`` raises to refuse,
    and then nothing is written). Returns ``(change's result, meta as written)``."""
    for _ in range(MAX_RETRIES):
        meta, version, _ = _checked(code, store.get(code), clock)
        result = change(meta)
        meta["rev"] = secrets.token_hex(4)  # tells this write from any other (RedisStore._send)
        if store.put(code, meta, version, read_clock(clock)):
            return result, json.loads(json.dumps(meta))
        time.sleep(0.002 * random.random())
    raise StoreError("The class is too busy right now; please try again.")


def _same_name(display: str, students: list[dict]) -> dict | None:
    key = name_key(display)
    return next((s for s in students if name_key(s["name"]) == key), None)


# -- the teacher's side -------------------------------------------------------------------------
def open_class(teacher_name: str, store: RoomStore | str | None = None, *, ttl: float = DEFAULT_TTL,
               clock: Callable[[], float] = time.time) -> "Class":
    """Open a new class for ``teacher_name``. Returns the :class:`Class`: read
    ``.pretty_code`` out to the students, and keep ``.teacher_token`` (the teacher's secret
    key) to open the class again with :func:`reopen_class`.

    ``store`` is the rooms store (a path, ``sqlite:///…`` or ``redis://…``; default
    ``$LOPTI_NB_ROOMS``); ``ttl`` the seconds without a report or a change after which the
    class is forgotten (12 hours unless set).

        >>> teacher = open_class("Ms Rivera", store=":memory:")
        >>> len(teacher.code), teacher.pretty_code[4]
        (8, '-')
    """
    display = clean_name(teacher_name)
    ttl = seconds(ttl, "ttl", TTL_LIMITS)
    clock = check_clock(clock)
    now = read_clock(clock)
    store = open_store(store)  # everything is checked before the store is touched
    token = secrets.token_urlsafe(24)
    meta = {"kind": CLASS_KIND, "format": FORMAT, "teacher": display, "teacher_token": token_hash(token),
            "ttl": ttl, "created": now, "students": [], "tables": []}
    store.purge(now)
    for _ in range(20):
        code = new_code()
        meta["code"] = code
        if store.create(code, meta, now, ttl):
            break
    else:  # pragma: no cover - 20 collisions in a 6.6e11 space
        raise StoreError("Could not find a free class code; try again.")
    return Class(code, token, store, clock)


def reopen_class(code: str, teacher_token: str, store: RoomStore | str | None = None, *,
                 clock: Callable[[], float] = time.time) -> "Class":
    """Open the class with ``code`` again, with the teacher's key it was opened with (after a
    restart, or on another device). A wrong key raises :class:`NotTeacher`.

        >>> teacher = open_class("Ms Rivera", store=":memory:")
        >>> again = reopen_class(teacher.pretty_code, teacher.teacher_token, store=":memory:")
        >>> again.code == teacher.code
        True
    """
    return Class(class_code(code), teacher_token, open_store(store), check_clock(clock))


class Class:
    """A class as its teacher sees it (made by :func:`open_class` or :func:`reopen_class`).

    ``code`` (normalised) and ``pretty_code`` (``K7QM-3XHD``, to read out); ``teacher_token``
    is the teacher's secret key. :meth:`progress`, :meth:`mistakes` and :meth:`results` read
    the students' work, :meth:`seat_tables` seats the class at game rooms. Each of them first
    reads what is new in the store (:meth:`refresh`)."""

    def __init__(self, code: str, teacher_token: str, store: RoomStore, clock: Callable[[], float]):
        self.code = code
        self.store = store
        self.clock = clock
        digest = _key(teacher_token, NotTeacher, "That is not the teacher's key of this class.")
        meta, version, _ = _checked(code, store.get(code), clock)
        if not hmac.compare_digest(meta["teacher_token"], digest):
            raise NotTeacher(f"That is not the teacher's key of class {pretty(code)}.")
        self.teacher_token = teacher_token
        self.meta, self.version = meta, version
        self.reports = 0  # reports read so far (the log's position)
        self.skipped = 0  # reports that did not read back (written by hand, or by another program)
        self._rows: dict[tuple[int, str], dict] = {}
        self._misses: Counter = Counter()
        self._asked: Counter = Counter()
        self._finished: dict[str, list[dict]] = {}  # a finished table's results (they never change)
        self._tables: dict[str, Room] = {}  # the tables still playing, as last read
        self.refresh()

    def __repr__(self) -> str:
        return f"<Class {self.pretty_code} of {self.teacher}: {len(self.meta['students'])} students>"

    @property
    def pretty_code(self) -> str:
        return pretty(self.code)

    @property
    def teacher(self) -> str:
        return self.meta["teacher"]

    @property
    def students(self) -> list[str]:
        """The students' names, in the order they joined (read from the store now)."""
        self.refresh()
        return [s["name"] for s in self.meta["students"]]

    # -- reading ----------------------------------------------------------------------------------
    def refresh(self) -> int:
        """Read the class and the reports made since the last look (one round trip); returns
        how many new reports there were."""
        got, new, _ = self.store.poll(self.code, self.reports)
        meta, version, _ = _checked(self.code, got, self.clock)
        if not hmac.compare_digest(meta["teacher_token"], self.meta["teacher_token"]):
            raise NotTeacher(f"Class {pretty(self.code)} has another teacher's key now.")
        self.meta, self.version = meta, version
        for record in new:
            self.reports += 1
            try:
                self._fold(record)
            except (KeyError, TypeError, ValueError, IndexError):
                self.skipped += 1
        return len(new)

    def _fold(self, r: dict) -> None:
        """Count one report into the per-student, per-game tallies (a report that does not
        read back raises, and is skipped)."""
        student, kind, game = r["student"], r["kind"], r["game"]
        if type(student) is not int or not 0 <= student < len(self.meta["students"]) \
                or kind not in KINDS or not isinstance(game, str):
            raise ValueError("not a report")
        row = self._rows.get((student, game))
        if row is None:
            row = self._rows[(student, game)] = {
                "steps": set(), "step": None, "steps_total": 0, "quiz": {}, "moves": 0,
                "finished": False, "practice": {}}
        if kind == "step":
            key, total = str(r["step"]), int(r["total"])
            row["steps"].add(key)
            row["step"], row["steps_total"] = key, total
        elif kind == "answer":
            question, right = str(r["question"]), bool(r["right"])
            row["quiz"][question] = right
            self._asked[(game, "quiz", question)] += 1
            if not right:
                self._misses[(game, "quiz", question)] += 1
        elif kind == "guided":
            row["moves"] = max(row["moves"], int(r["moves"]))
            row["finished"] = row["finished"] or bool(r["finished"])
        else:
            practice, mastered = str(r["practice"]), bool(r["mastered"])
            row["practice"][practice] = mastered
            self._asked[(game, "practice", practice)] += 1
            if not mastered:
                self._misses[(game, "practice", practice)] += 1

    def present(self) -> list[int]:
        """The students (by their number in :attr:`students`) whose page looked at the class
        within the last :data:`PRESENT` seconds."""
        now = read_clock(self.clock)
        seen = self.store.seen(self.code)
        return [i for i, s in enumerate(self.meta["students"])
                if now - seen.get(i, s["joined"]) <= PRESENT]

    def progress(self):
        """A pandas DataFrame with one row per student and game (a student who has done
        nothing yet: one row, game empty): ``name``, ``game``, ``step`` (the step they are on),
        ``steps_done`` (steps seen) and ``steps_total``, ``quiz_right`` and ``quiz_asked``
        (questions answered, right at the first try of the latest go), ``tutorial_moves``
        and ``tutorial_finished`` (the guided round), ``practice_mastered`` (practice kinds
        mastered) and ``last_seen`` (seconds since the student's page last looked).

            >>> teacher = open_class("Ms Rivera", store=":memory:")
            >>> list(teacher.progress().columns) == list(PROGRESS_COLUMNS)
            True
        """
        import pandas as pd

        self.refresh()
        now = read_clock(self.clock)
        seen = self.store.seen(self.code)
        rows = []
        for i, s in enumerate(self.meta["students"]):
            last = round(max(0.0, now - seen.get(i, s["joined"])), 1)
            games = sorted(g for (j, g) in self._rows if j == i)
            if not games:
                rows.append({"name": s["name"], "game": "", "step": "", "steps_done": 0, "steps_total": 0,
                             "quiz_right": 0, "quiz_asked": 0, "tutorial_moves": 0,
                             "tutorial_finished": False, "practice_mastered": 0, "last_seen": last})
            for game in games:
                row = self._rows[(i, game)]
                rows.append({
                    "name": s["name"], "game": game, "step": row["step"] or "",
                    "steps_done": len(row["steps"]), "steps_total": row["steps_total"],
                    "quiz_right": sum(row["quiz"].values()), "quiz_asked": len(row["quiz"]),
                    "tutorial_moves": row["moves"], "tutorial_finished": row["finished"],
                    "practice_mastered": sum(row["practice"].values()), "last_seen": last})
        return pd.DataFrame(rows, columns=list(PROGRESS_COLUMNS))

    def mistakes(self):
        """The quiz questions and practice kinds the class gets wrong most: a DataFrame with
        ``game``, ``kind`` (``"quiz"`` or ``"practice"``), ``question`` (the question, or the
        practice kind), ``wrong`` (first answers that were wrong) and ``asked`` (first answers
        in all), most wrong first.

            >>> import lopti_nb
            >>> game = lopti_nb.game_names()[0]
            >>> teacher = open_class("Ms Rivera", store=":memory:")
            >>> for name, right in (("Ann", False), ("Bob", False), ("Cy", True)):
            ...     join_class(teacher.code, name, store=":memory:").answer(game, "quiz", "Q1?", right)
            >>> teacher.mistakes()[["question", "wrong", "asked"]].values.tolist()
            [['Q1?', 2, 3]]
        """
        import pandas as pd

        self.refresh()
        rows = [{"game": g, "kind": k, "question": q, "wrong": n, "asked": self._asked[(g, k, q)]}
                for (g, k, q), n in self._misses.items() if n > 0]
        rows.sort(key=lambda r: (-r["wrong"], -r["asked"], r["game"], r["question"]))
        return pd.DataFrame(rows, columns=list(MISTAKE_COLUMNS))

    # -- tables -----------------------------------------------------------------------------------
    def seat_tables(self, game: str, seats: int = 4, bots: str | None = None, **settings: Any) -> list[str]:
        """Seat every student who is present (:meth:`present`) at game rooms of ``game`` with
        ``seats`` seats each, in the order they joined; the last table may have fewer students,
        and bots (``bots``: a bot of the game, default its usual one) take its empty seats.
        ``settings`` are the game's settings by name (as :func:`lopti_nb.rooms.create_room`
        takes them). Each student's page moves to its table (the seat's key is the student's
        own class key, so nobody else can play it). Returns the rooms' codes.

            >>> import lopti_nb
            >>> teacher = open_class("Ms Rivera", store=":memory:")
            >>> for name in ("Ann", "Bob", "Cy"):
            ...     _ = join_class(teacher.code, name, store=":memory:")
            >>> teacher.seat_tables(lopti_nb.game_names()[0], seats=4)        # doctest: +ELLIPSIS
            ['...-...']

        A game, number of seats, bot or setting the game refuses raises the rooms' error for it
        (:class:`lopti_nb.rooms.BadGame`, :class:`~lopti_nb.rooms.BadSettings`,
        :class:`~lopti_nb.rooms.BadBot`) and no room is made; with nobody present,
        :class:`NobodyHere`."""
        taken = sorted(set(settings) & _NOT_SETTINGS)
        if taken:
            raise BadSettings(f"seat_tables() takes the game's own settings; {taken[0]!r} is not one of "
                              "them (the seats, the bots and the store are the class's own).")
        spec = room_spec(game)
        try:
            seats = spec.check_players(seats)
        except SettingsError as exc:
            raise BadSettings(str(exc)) from None
        bot = spec.default_bot if bots is None else bots
        try:
            spec.make_bot(bot)
        except UnknownBot as exc:
            raise BadBot(str(exc)) from None
        self.refresh()
        here = self.present()
        if not here:
            raise NobodyHere("No student has the class open right now: students join with the class "
                             "code on the rules classroom page, and keep it open.")
        students = self.meta["students"]
        groups = [here[k:k + seats] for k in range(0, len(here), seats)]
        made: list[dict] = []
        try:
            for group in groups:
                names = [students[i]["name"] for i in group]
                host = create_room(names[0], spec.name, players=seats, bot=bot, fill_with_bots=True,
                                   store=self.store, clock=self.clock, **settings)
                made.append({"code": host.code, "game": spec.name, "students": list(group),
                             "at": read_clock(self.clock)})
                for name in names[1:]:
                    join_room(host.code, name, store=self.store, clock=self.clock)
                host.start()
                now = read_clock(self.clock)

                def hand_over(meta, group=group):
                    # each seat's key becomes its student's own class key (the store keeps its
                    # hash only): the student's page sits down with it, nobody else can
                    for seat, i in enumerate(group):
                        meta["seats"][seat].update(token=students[i]["token"], student=i, joined=now)
                host.room.update(hand_over)
                self.store.release_host(host.code, host.holder)  # a student's kernel hosts
        except BaseException:
            for table in made:  # no half-seated class: the rooms made so far go again
                try:
                    self.store.delete(table["code"])
                except StoreError:
                    pass
            raise

        def record(meta):
            meta["tables"].extend(made)
        _, self.meta = _update(self.store, self.code, self.clock, record)
        return [pretty(t["code"]) for t in made]

    def tables(self) -> list[dict]:
        """The tables the class was seated at: ``code``, ``game`` and the students' names."""
        students = self.meta["students"]
        return [{"code": pretty(t["code"]), "game": t["game"],
                 "students": [students[i]["name"] for i in t["students"] if 0 <= i < len(students)]}
                for t in self.meta["tables"]]

    def results(self):
        """The finished tables' final places and scores: a DataFrame with ``table`` (its room
        code), ``game``, ``seat`` (from 1), ``name``, ``student`` (``False`` for a bot),
        ``place`` and ``score``. Tables still playing, and rooms already forgotten, are left
        out (so a class not seated yet has none)::

            teacher.seat_tables(game, seats=4)
            ...                                   # the students play their tables to the end
            teacher.results().sort_values(["table", "place"])
        """
        import pandas as pd

        self.refresh()
        rows = []
        for table in self.meta["tables"]:
            code = table["code"]
            if code not in self._finished:
                try:
                    room = self._tables.get(code)
                    if room is None:  # read once, then only its new moves (a replay costs)
                        room = self._tables[code] = Room(code, self.store, self.clock)
                    else:
                        room.load()
                except UnknownRoom:
                    self._tables.pop(code, None)
                    continue
                if room.status != OVER or not room.state.is_over:
                    continue
                result = room.state.result
                self._finished[code] = [
                    {"table": pretty(code), "game": table["game"], "seat": seat + 1, "name": s["name"],
                     "student": s.get("kind") == "human", "place": int(result.places[seat]),
                     "score": float(result.scores[seat])}
                    for seat, s in enumerate(room.seats)]
                del self._tables[code]
            rows.extend(self._finished[code])
        return pd.DataFrame(rows, columns=list(RESULT_COLUMNS))


# -- the students' side -------------------------------------------------------------------------
def join_class(code: str, student_name: str, store: RoomStore | str | None = None, *,
               clock: Callable[[], float] = time.time) -> "Student":
    """Join the class with ``code`` (as the teacher reads it out: any case, spaces or dashes)
    under ``student_name``. Returns the :class:`Student`; keep ``.token`` (the student's secret
    key) to come back with :func:`rejoin_class`.

    The name is checked as a room's names are (the package's one name check), and must not
    look like another student's (case, look-alike letters): :class:`DuplicateStudent`.

        >>> teacher = open_class("Ms Rivera", store=":memory:")
        >>> ann = join_class(teacher.pretty_code.lower(), "Ann", store=":memory:")
        >>> ann.name, ann.code == teacher.code
        ('Ann', True)
    """
    display = check_student_name(student_name)
    code = class_code(code)
    clock = check_clock(clock)
    store = open_store(store)
    token = secrets.token_urlsafe(24)
    device = secrets.token_hex(6)

    def add(meta):
        students = meta["students"]
        twin = _same_name(display, students)
        if twin is not None:
            raise DuplicateStudent(f"Someone in this class is already called {twin['name']!r}, which "
                                   "looks the same. If that is you, come back with your class key; "
                                   "otherwise please add a letter to your name.")
        if len(students) >= MAX_STUDENTS:
            raise ClassFull(f"Class {pretty(code)} is full ({MAX_STUDENTS} students).")
        students.append({"name": display, "token": token_hash(token), "device": device,
                         "joined": read_clock(clock)})
        return len(students) - 1

    index, meta = _update(store, code, clock, add)
    return Student(code, index, token, device, meta, store, clock)


def rejoin_class(code: str, token: str, store: RoomStore | str | None = None, *,
                 clock: Callable[[], float] = time.time) -> "Student":
    """Come back to the class with your class key (after closing the page, or on another
    device). The page the class was open on before stops reporting (:class:`OtherDevice`);
    everything already reported stays. A key that is no student's raises :class:`NotStudent`.

        >>> teacher = open_class("Ms Rivera", store=":memory:")
        >>> ann = join_class(teacher.code, "Ann", store=":memory:")
        >>> rejoin_class(teacher.code, ann.token, store=":memory:").name
        'Ann'
    """
    code = class_code(code)
    clock = check_clock(clock)
    digest = _key(token, NotStudent, "That is not a class key.")
    store = open_store(store)
    device = secrets.token_hex(6)

    def back(meta):
        for i, s in enumerate(meta["students"]):
            if hmac.compare_digest(s["token"], digest):
                s["device"] = device
                return i
        raise NotStudent(f"That key is no student's key in class {pretty(code)}.")

    index, meta = _update(store, code, clock, back)
    return Student(code, index, token, device, meta, store, clock)


class Student(Observer):
    """A student's membership of a class, on one device (made by :func:`join_class` or
    :func:`rejoin_class`). ``token`` is the student's secret class key.

    It is the explainers' :class:`~lopti_nb.explainers.core.Observer`: the lessons, quizzes and
    guided rounds it follows report to the class through :meth:`step`, :meth:`answer`,
    :meth:`guided_round` and :meth:`practice`. It reads nothing of the other students': only
    its own name and the table it is seated at (:meth:`table`)."""

    def __init__(self, code: str, index: int, token: str, device: str, meta: dict, store: RoomStore,
                 clock: Callable[[], float]):
        self.code = code
        self.index = index
        self.token = token
        self.device = device
        self.store = store
        self.clock = clock
        self.name = meta["students"][index]["name"]
        self._table: str | None = None
        self._seen_at = -math.inf
        self._read(meta)

    def __repr__(self) -> str:
        return f"<Student {self.name} in class {self.pretty_code}>"

    @property
    def pretty_code(self) -> str:
        return pretty(self.code)

    def _read(self, meta: dict) -> None:
        """Check this device still holds the student's seat in ``meta``; note the table."""
        students = meta["students"]
        me = students[self.index] if 0 <= self.index < len(students) else None
        if me is None or not hmac.compare_digest(me["token"], token_hash(self.token)):
            raise NotStudent(f"Your key is no longer a student's key in class {pretty(self.code)}.")
        if me["device"] != self.device:
            raise OtherDevice("You opened this class on another device, so this page stopped "
                              "reporting; all your work is kept. Join again here with your class "
                              "key to go on on this device.")
        tables = [t for t in meta["tables"] if self.index in t["students"]]
        self._table = tables[-1]["code"] if tables else None

    def refresh(self) -> str | None:
        """Look at the class (and say this student is here); returns the code of the table the
        student is seated at (``None`` before the teacher seats the class)."""
        meta, _, _ = _checked(self.code, self.store.get(self.code), self.clock)
        self._read(meta)
        self._here()
        return self.table()

    def table(self) -> str | None:
        """The code (``K7QM-3XHD``) of the room this student was last seated at, as of the last
        :meth:`refresh`; ``None`` if the class has not been seated."""
        return pretty(self._table) if self._table else None

    def _here(self, force: bool = False) -> None:
        now = read_clock(self.clock)
        if force or now - self._seen_at >= SEEN_EVERY:
            self._seen_at = now
            self.store.mark_seen(self.code, self.index, now)

    def _report(self, kind: str, game: str, **fields: Any) -> None:
        meta, _, _ = _checked(self.code, self.store.get(self.code), self.clock)
        self._read(meta)
        now = read_clock(self.clock)
        record = {"student": self.index, "device": self.device, "kind": kind, "game": game,
                  "at": now, "id": secrets.token_hex(6), **fields}
        if self.store.push(self.code, record, now) < 0:
            raise UnknownClass(f"Class {pretty(self.code)} is gone from the store.")
        self._here(force=True)

    # -- the observer's calls ---------------------------------------------------------------------
    def step(self, game: str, key: str, number: int, total: int) -> None:
        """The student reached lesson step ``key`` (``number`` of ``total``, from 1) of ``game``."""
        total = whole(total, "total (the number of steps)", 1, 10_000, BadReport)
        number = whole(number, "number (the step's number, from 1)", 1, total, BadReport)
        self._report("step", _game(game), step=_text(key, "key (the step's key)"), number=number,
                     total=total)

    def answer(self, game: str, step: str, question: str, right: bool) -> None:
        """The student's first answer to quiz ``question`` (of the quiz at step ``step``) was
        ``right`` or not."""
        self._report("answer", _game(game), step=_text(step, "step (the quiz's step key)"),
                     question=_text(question, "question", MAX_TEXT), right=_yes_no(right, "right"))

    def guided_round(self, game: str, moves: int, finished: bool) -> None:
        """The student made ``moves`` moves of the guided round of ``game``; ``finished``: the
        round is over."""
        self._report("guided", _game(game), moves=whole(moves, "moves", 0, 10_000, BadReport),
                     finished=_yes_no(finished, "finished"))

    def practice(self, game: str, kind: str, mastered: bool) -> None:
        """The student's practice of questions of ``kind`` counts as ``mastered`` now (or missed)."""
        self._report("practice", _game(game), practice=_text(kind, "kind (the practice kind)"),
                     mastered=_yes_no(mastered, "mastered"))


__all__ = ["open_class", "reopen_class", "join_class", "rejoin_class", "Class", "Student",
           "ClassError", "BadClassCode", "UnknownClass", "ClassExpired", "NotTeacher", "NotStudent",
           "DuplicateStudent", "ClassFull", "OtherDevice", "BadReport", "NobodyHere",
           "class_code", "check_student_name", "DEFAULT_TTL", "PRESENT", "PROGRESS_COLUMNS",
           "MISTAKE_COLUMNS", "RESULT_COLUMNS"]
