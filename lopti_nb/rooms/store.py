"""Where rooms live: one SQLite file (the default) or a Redis server, behind one interface.

``open_store(url)`` picks the backend from the URL:

* ``None``: the ``LOPTI_NB_ROOMS`` environment variable, else
  ``~/.local/share/lopti_nb/rooms.sqlite`` (``$XDG_DATA_HOME`` is honoured);
* ``"sqlite:///abs/path.sqlite"`` or a plain path: a SQLite file shared by every kernel
  (process) of one machine;
* ``"redis://host:port/db"``: a Redis server, for players spread over several servers
  (needs the ``redis`` package).

A store knows nothing about games. It keeps, per room code:

* the room's *meta* (settings, seats, status) as JSON with a version number, replaced only
  by compare-and-set (``put`` with the version read);
* the *action log*, append-only, numbered from 0; ``append(code, seq, record)`` succeeds only
  if the log holds exactly ``seq`` records (optimistic concurrency: two writers racing for
  the same position, exactly one wins); ``push(code, record)`` adds a record at the end,
  wherever that is (a class's progress reports, whose order does not matter: 40 students
  reporting at once never retry);
* the *host lease* (holder, seat, heartbeat time), claimed atomically when free or stale;
* *presence*: the last time each seat's kernel was seen.

SQLite does each write in one ``BEGIN IMMEDIATE`` transaction in WAL mode, with a
``PRIMARY KEY (code, seq)`` on the log as a second guard. Redis does each write in one Lua
script (atomic on the server) and keys every room with a hash tag so a cluster keeps a room
on one node. Both forget a room some time after it goes idle (``ttl`` seconds after its last
write, plus a day for SQLite so the code can still be reported as expired).

Faults. Every operation of every backend turns a failure of the backend (``sqlite3`` and
``redis`` exceptions, I/O errors, stored data that no longer reads back) into
:class:`~lopti_nb.rooms.errors.StoreError` with a sentence saying what could not be done and
why: the operations are wrapped once, in :class:`RoomStore`, so a new backend's are too. A
write returns only after the backend confirmed it: a SQLite transaction committed
(``synchronous=FULL``: on disk), a Redis script answered (a server run with ``appendonly
yes`` and ``appendfsync always`` writes it to its disk before answering). Redis calls that
fail on a broken connection are tried again a few times within a second; the Lua writes
recognise a second try of a write that had in fact been made, and report it as made.

A SQLite store remembers its file: device and inode when opened, a random id written into
the file when it was made, and the largest size seen. Before every operation it checks, with
one ``stat`` and one 100-byte read, that the path still names that file, that the file is
not shorter than its own header says it must be, and that it still starts like a SQLite
database; every transaction reads the id again. A file deleted, replaced, cut short or
overwritten makes the store *broken*: from then on every operation raises StoreError (no
kernel keeps playing into a file nobody else sees), and :func:`open_store` opens the path
afresh for the rooms made after. A Redis store keeps a random id on the server
(``lnb:store-id``) and reads it at every poll, so a server that lost its data (restarted
without persistence, or flushed) is noticed the same way.
"""
from __future__ import annotations

import functools
import json
import os
import secrets
import sqlite3
import struct
import threading
import time
from abc import ABC, abstractmethod
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

from .errors import RoomError, StoreError, cut

ENV = "LOPTI_NB_ROOMS"
GRACE = 86400.0  # keep an expired room this long so joiners hear "expired", not "unknown"
REASON = 100  # characters of a backend's own explanation quoted in a StoreError
MAX_URL = 2048  # characters of a store path or URL
ID_KEY = "lnb:store-id"  # the Redis key holding the store's id
PUSH_LOOKBACK = 500  # last log records a Redis push looks through after a lost answer

# What a backend returned that no longer reads back (hand-edited, or cut off): the errors
# raised while decoding it.
_DAMAGED = (ValueError, TypeError, KeyError, IndexError)

# Every operation a backend implements, what it does in words (for StoreError sentences),
# and what kind of operation it is: a "read", a "write" whose loss would matter (a room, a
# seat change, an action), or "upkeep" (presence, the host lease).
OPERATIONS = {
    "create": ("save the new room", "write"),
    "get": ("read the room", "read"),
    "put": ("save the change to the room", "write"),
    "append": ("save the move", "write"),
    "push": ("save the progress report", "write"),
    "log": ("read the game's moves", "read"),
    "poll": ("read the room", "read"),
    "claim_host": ("renew the host's heartbeat", "upkeep"),
    "host": ("read who hosts", "read"),
    "release_host": ("hand hosting over", "upkeep"),
    "mark_seen": ("note that you are here", "upkeep"),
    "seen": ("read who is here", "read"),
    "delete": ("delete the room", "upkeep"),
    "purge": ("tidy old rooms away", "upkeep"),
    "count_rooms": ("count the rooms", "read"),
}


def default_url() -> str:
    env = os.environ.get(ENV)
    if env:
        return env
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "lopti_nb", "rooms.sqlite")


def _first_line(exc: BaseException) -> str:
    """The first line of an exception's own message, short, without its closing full stop
    (the sentence quoting it adds one)."""
    text = str(exc).strip().splitlines()
    return cut(text[0] if text else type(exc).__name__, REASON).rstrip(".")


def _guard(name: str, fn):
    """``fn`` (a backend's operation ``name``) with its faults turned into StoreError."""
    words, kind = OPERATIONS[name]

    @functools.wraps(fn)
    def guarded(self, *args, **kwargs):
        try:
            self.check()
            return fn(self, *args, **kwargs)
        except RoomError:
            raise
        except self.faults as exc:
            raise StoreError(self.fault(words, kind, exc)) from None
        except _DAMAGED as exc:
            raise StoreError(f"The room store {self.where} holds data for this room that does not "
                             f"read back ({_first_line(exc)}): the room cannot go on. Please start "
                             "a new room.") from None

    guarded._guarded = True
    return guarded


class RoomStore(ABC):
    """The interface both backends implement (all times are ``time.time()`` seconds).

    Every operation named in :data:`OPERATIONS` that a subclass defines is wrapped when the
    subclass is made: it first runs :meth:`check`, and turns the backend's exceptions
    (``faults``) and undecodable data into :class:`StoreError`."""

    url: str = ""
    where: str = ""  # how a message names the store (never with a password)
    faults: tuple[type[BaseException], ...] = (OSError,)  # the backend's own exceptions
    broken: str | None = None  # why the store cannot be used any more (a StoreError sentence)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in OPERATIONS:
            fn = cls.__dict__.get(name)
            if fn is not None and not getattr(fn, "_guarded", False):
                setattr(cls, name, _guard(name, fn))

    def check(self) -> None:
        """Raise StoreError if the store can no longer be used (run before every operation)."""
        if self.broken:
            raise StoreError(self.broken)

    def usable(self) -> bool:
        """Whether new rooms may use this store object (:func:`open_store` asks)."""
        try:
            self.check()
        except StoreError:
            return False
        return True

    def fault(self, words: str, kind: str, exc: BaseException) -> str:
        """The sentence for a backend exception ``exc`` raised while trying to ``words``."""
        return f"The room store {self.where} could not {words}: {_first_line(exc)}."

    @abstractmethod
    def create(self, code: str, meta: dict, now: float, ttl: float) -> bool:
        """Store a new room; ``False`` if the code is taken."""

    @abstractmethod
    def get(self, code: str) -> tuple[dict, int, float] | None:
        """``(meta, version, last write time)`` or ``None``."""

    @abstractmethod
    def put(self, code: str, meta: dict, version: int, now: float) -> bool:
        """Replace the meta if it is still at ``version`` (then version + 1)."""

    @abstractmethod
    def append(self, code: str, seq: int, record: dict, now: float) -> bool:
        """Add ``record`` as log entry ``seq`` if the log holds exactly ``seq`` entries."""

    @abstractmethod
    def push(self, code: str, record: dict, now: float) -> int:
        """Add ``record`` at the end of the log, whatever its length; its number, or ``-1``
        if there is no such room."""

    @abstractmethod
    def log(self, code: str, start: int = 0) -> list[dict]:
        """The log entries from position ``start`` on."""

    def poll(self, code: str, start: int) -> tuple[tuple[dict, int, float] | None, list[dict], dict | None]:
        """One look at a room: ``(get(code), log(code, start), host(code))`` (one round trip
        where the backend allows)."""
        return self.get(code), self.log(code, start), self.host(code)

    @abstractmethod
    def claim_host(self, code: str, holder: str, seat: int, now: float, ttl: float) -> dict:
        """Take (or renew) the host lease if it is free, ours, or older than ``ttl``;
        returns the lease as it stands afterwards: ``{"holder", "seat", "at"}``."""

    @abstractmethod
    def host(self, code: str) -> dict | None:
        """The host lease ``{"holder", "seat", "at"}``, or ``None`` if nobody holds it."""

    @abstractmethod
    def release_host(self, code: str, holder: str) -> None:
        """Give the lease up if ``holder`` holds it."""

    @abstractmethod
    def mark_seen(self, code: str, seat: int, now: float) -> None:
        """Record that ``seat`` was seen at ``now``."""

    @abstractmethod
    def seen(self, code: str) -> dict[int, float]:
        """When each seat was last seen."""

    @abstractmethod
    def delete(self, code: str) -> None:
        """Remove the room, its log and its lease."""

    def purge(self, now: float) -> int:
        """Forget rooms idle past their time to live (plus the grace period)."""
        return 0

    @abstractmethod
    def count_rooms(self) -> int:
        """How many rooms the store holds."""

    def close(self) -> None:
        pass


# -- SQLite -------------------------------------------------------------------------------------
_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    meta TEXT NOT NULL,
    version INTEGER NOT NULL,
    touched REAL NOT NULL,
    ttl REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    seq INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (code, seq)
);
CREATE TABLE IF NOT EXISTS hosts (
    code TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    seat INTEGER,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS presence (
    code TEXT NOT NULL,
    seat INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS lnb_store (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
_MAGIC = b"SQLite format 3\x00"
_BUSY = 30.0  # seconds a write waits for another kernel's write before giving up
_DAMAGE_WORDS = ("not a database", "malformed", "no such table", "corrupt")

# One read-only descriptor per database file and process, for reading its header: closing
# *any* descriptor of a file drops every POSIX lock the process holds on it, SQLite's own
# included, so the descriptor is opened once and closed only when the last store of that
# file closes. (device, inode) -> [descriptor, stores using it]
_HEADS: dict[tuple[int, int], list[int]] = {}
_HEADS_LOCK = threading.Lock()


def _short_path(path: str) -> str:
    return path if len(path) <= 80 else "…" + path[-79:]


class SQLiteStore(RoomStore):
    """Rooms in one SQLite file (WAL mode; every write one ``BEGIN IMMEDIATE`` transaction,
    on disk before it returns)."""

    faults = (sqlite3.Error, OSError)

    def __init__(self, path: str | os.PathLike):
        self.path = str(path)
        self._lock = threading.RLock()
        self._memory = self.path == ":memory:"
        self.url = f"sqlite:///{self.path}" if not self._memory else "sqlite:///:memory:"
        self.where = "in memory" if self._memory else _short_path(self.path)
        self.broken = None
        self._head: int | None = None
        self._identity: tuple[int, int] | None = None
        self._size = 0
        self._db = None
        try:
            if not self._memory:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=_BUSY, isolation_level=None,
                                       check_same_thread=False)
            self._db.execute(f"PRAGMA busy_timeout={int(_BUSY * 1000)}")
            if not self._memory:
                self._db.execute("PRAGMA journal_mode=WAL")
            # FULL: a committed move is on disk (the WAL synced) before append() returns
            self._db.execute("PRAGMA synchronous=FULL")
            with self._lock, SQLiteStore._Tx(self._db) as db:
                tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
                if tables and "rooms" not in tables:
                    raise StoreError(f"{self.where} is a database of another program, not a room "
                                     "store; please choose another file.")
                for stmt in _SCHEMA.split(";"):
                    if stmt.strip():
                        db.execute(stmt)
                row = db.execute("SELECT value FROM lnb_store WHERE key='id'").fetchone()
                if row is None:  # a new file (or one made before stores had an id)
                    row = (secrets.token_hex(8),)
                    db.execute("INSERT INTO lnb_store (key, value) VALUES ('id', ?)", row)
                self._id = row[0]
            if not self._memory:
                self._remember_file()
        except StoreError:
            self._close_quietly()
            raise
        except (sqlite3.Error, OSError, ValueError) as exc:  # ValueError: a NUL in the path
            self._close_quietly()
            why = _first_line(exc)
            if any(w in why.lower() for w in _DAMAGE_WORDS):
                why = "the file is not a room store (damaged, or another kind of file)"
            elif "locked" in why.lower():
                why = f"another kernel or program has kept it locked for {_BUSY:g} seconds"
            raise StoreError(f"Cannot open the room store {self.where}: {why}.") from None

    def _close_quietly(self) -> None:
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass

    def _remember_file(self) -> None:
        """Note which file this store uses (device, inode, size) and keep a descriptor on it
        for reading its header."""
        st = os.stat(self.path)
        key = (st.st_dev, st.st_ino)
        with _HEADS_LOCK:
            entry = _HEADS.get(key)
            if entry is None:
                fd = os.open(self.path, os.O_RDONLY)
                fst = os.fstat(fd)
                st, key = fst, (fst.st_dev, fst.st_ino)  # the file as opened
                entry = _HEADS.get(key)
                if entry is None:
                    entry = _HEADS[key] = [fd, 0]
                # else: swapped in between and already known; the extra descriptor stays
                # open (closing it would drop this process's locks on that file)
            entry[1] += 1
        self._identity, self._head, self._size = key, entry[0], st.st_size

    def _break(self, what: str) -> None:
        """Mark the store broken for good, let go of the file, and raise the sentence."""
        self.broken = (f"The room store file {self.where} {what}, so this kernel saves nothing "
                       "more in it. Come back to your seat with your seat key if the file is "
                       "restored, or create a new room.")
        # Let go of the file: a connection kept open would keep its locks, and another kernel
        # opening the path afresh would wait for them in vain. (Closing a file that was cut
        # short or overwritten in place writes back what SQLite still holds in the WAL, as
        # much of the rooms as can be saved; a file deleted or replaced is left alone.)
        with self._lock:
            self._close_quietly()
        raise StoreError(self.broken)

    def check(self) -> None:
        """The file at the path is still this store's, whole, and a database."""
        if self.broken:
            raise StoreError(self.broken)
        if self._memory:
            return
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            self._break("was deleted or moved away")
        except OSError as exc:
            raise StoreError(f"The room store file {self.where} cannot be looked at: "
                             f"{_first_line(exc)}.") from None
        if (st.st_dev, st.st_ino) != self._identity:
            self._break("was replaced by another file")
        try:
            head = os.pread(self._head, 100, 0)
        except OSError as exc:
            raise StoreError(f"The room store file {self.where} cannot be read: "
                             f"{_first_line(exc)}.") from None
        if len(head) < 100:
            self._break("was cut short")
        if head[:16] != _MAGIC:
            self._break("was overwritten: it is not a database any more")
        # A checkpoint by another kernel may legitimately shorten the file to the size its
        # header gives (SQLite never shrinks it below that); anything shorter than both that
        # and what this store saw before was cut off from outside.
        page = struct.unpack(">H", head[16:18])[0]
        page = 65536 if page == 1 else page
        pages = struct.unpack(">I", head[28:32])[0]
        if st.st_size < self._size and st.st_size < page * pages:
            self._break("was cut short")
        self._size = st.st_size

    def fault(self, words, kind, exc):
        text = _first_line(exc)
        low = text.lower()
        if any(w in low for w in _DAMAGE_WORDS):
            self._break("is damaged (it does not read as a room store any more)")
        if "locked" in low or "busy" in low:
            why = "another program has kept it busy for over 30 seconds"
        elif "readonly" in low or "read-only" in low:
            why = "this kernel may not write to the file"
        elif "full" in low:
            why = "the disk is full"
        else:
            why = text
        tail = " Nothing was saved; please try again." if kind == "write" else " Please try again."
        return f"The room store file {self.where} could not {words}: {why}.{tail}"

    # a write transaction taken before any read, so the check and the write are one step
    class _Tx:
        def __init__(self, db):
            self.db = db

        def __enter__(self):
            self.db.execute("BEGIN IMMEDIATE")
            return self.db

        def __exit__(self, exc_type, exc, tb):
            if exc_type is None:
                try:
                    self.db.execute("COMMIT")
                except BaseException:
                    self._rollback()
                    raise
            else:
                self._rollback()
            return False

        def _rollback(self):
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:  # already rolled back by SQLite, or the file is gone
                pass

    def _same_store(self, db) -> None:
        """The file still holds this store's id (read inside the caller's transaction)."""
        row = db.execute("SELECT value FROM lnb_store WHERE key='id'").fetchone()
        if row is None or row[0] != self._id:
            self._break("is not the room store it was (its id changed)")

    @contextmanager
    def _write(self):
        with self._lock, SQLiteStore._Tx(self._db) as db:
            self._same_store(db)
            yield db

    @contextmanager
    def _read(self):
        """One consistent snapshot for several reads (a deferred transaction)."""
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._same_store(self._db)
                yield self._db
            finally:
                try:
                    self._db.execute("COMMIT")
                except sqlite3.Error:
                    pass

    def _q(self, sql, args=()):
        with self._read() as db:
            return db.execute(sql, args).fetchall()

    def create(self, code, meta, now, ttl):
        with self._write() as db:
            if db.execute("SELECT 1 FROM rooms WHERE code=?", (code,)).fetchone():
                return False
            db.execute("DELETE FROM actions WHERE code=?", (code,))
            db.execute("DELETE FROM hosts WHERE code=?", (code,))
            db.execute("DELETE FROM presence WHERE code=?", (code,))
            db.execute("INSERT INTO rooms (code, meta, version, touched, ttl) VALUES (?,?,?,?,?)",
                       (code, json.dumps(meta), 1, now, float(ttl)))
            return True

    @staticmethod
    def _got(rows):
        if not rows:
            return None
        meta, version, touched = rows[0]
        return json.loads(meta), int(version), float(touched)

    def get(self, code):
        return self._got(self._q("SELECT meta, version, touched FROM rooms WHERE code=?", (code,)))

    def put(self, code, meta, version, now):
        with self._write() as db:
            cur = db.execute("UPDATE rooms SET meta=?, version=version+1, touched=? "
                             "WHERE code=? AND version=?", (json.dumps(meta), now, code, version))
            return cur.rowcount == 1

    def append(self, code, seq, record, now):
        with self._write() as db:
            if not db.execute("SELECT 1 FROM rooms WHERE code=?", (code,)).fetchone():
                return False
            (count,) = db.execute("SELECT COUNT(*) FROM actions WHERE code=?", (code,)).fetchone()
            if count != seq:
                return False
            try:
                db.execute("INSERT INTO actions (code, seq, record) VALUES (?,?,?)",
                           (code, seq, json.dumps(record, sort_keys=True)))
            except sqlite3.IntegrityError:  # (code, seq) taken: someone else won the race
                return False
            db.execute("UPDATE rooms SET touched=? WHERE code=?", (now, code))
            return True

    def push(self, code, record, now):
        with self._write() as db:
            if not db.execute("SELECT 1 FROM rooms WHERE code=?", (code,)).fetchone():
                return -1
            (count,) = db.execute("SELECT COUNT(*) FROM actions WHERE code=?", (code,)).fetchone()
            db.execute("INSERT INTO actions (code, seq, record) VALUES (?,?,?)",
                       (code, count, json.dumps(record, sort_keys=True)))
            db.execute("UPDATE rooms SET touched=? WHERE code=?", (now, code))
            return count

    def log(self, code, start=0):
        rows = self._q("SELECT record FROM actions WHERE code=? AND seq>=? ORDER BY seq",
                       (code, start))
        return [json.loads(r[0]) for r in rows]

    @staticmethod
    def _lease(row):
        return None if row is None else {"holder": row[0], "seat": row[1], "at": float(row[2])}

    def poll(self, code, start):
        with self._read() as db:  # one snapshot: the meta, the new moves and the lease agree
            got = self._got(db.execute("SELECT meta, version, touched FROM rooms WHERE code=?",
                                       (code,)).fetchall())
            rows = db.execute("SELECT record FROM actions WHERE code=? AND seq>=? ORDER BY seq",
                              (code, start)).fetchall()
            lease = db.execute("SELECT holder, seat, at FROM hosts WHERE code=?", (code,)).fetchone()
        return got, [json.loads(r[0]) for r in rows], self._lease(lease)

    def claim_host(self, code, holder, seat, now, ttl):
        with self._write() as db:
            row = db.execute("SELECT holder, seat, at FROM hosts WHERE code=?", (code,)).fetchone()
            if row is None or row[0] == holder or row[2] < now - ttl:
                db.execute("INSERT OR REPLACE INTO hosts (code, holder, seat, at) VALUES (?,?,?,?)",
                           (code, holder, seat, now))
                return {"holder": holder, "seat": seat, "at": now}
            return self._lease(row)

    def host(self, code):
        rows = self._q("SELECT holder, seat, at FROM hosts WHERE code=?", (code,))
        return self._lease(rows[0] if rows else None)

    def release_host(self, code, holder):
        with self._write() as db:
            db.execute("DELETE FROM hosts WHERE code=? AND holder=?", (code, holder))

    def mark_seen(self, code, seat, now):
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO presence (code, seat, at) VALUES (?,?,?)",
                       (code, seat, now))

    def seen(self, code):
        return {int(s): float(at) for s, at in
                self._q("SELECT seat, at FROM presence WHERE code=?", (code,))}

    def delete(self, code):
        with self._write() as db:
            for table in ("rooms", "actions", "hosts", "presence"):
                db.execute(f"DELETE FROM {table} WHERE code=?", (code,))

    def purge(self, now):
        with self._write() as db:
            codes = [r[0] for r in db.execute(
                "SELECT code FROM rooms WHERE touched + ttl + ? < ?", (GRACE, now))]
            for code in codes:
                for table in ("rooms", "actions", "hosts", "presence"):
                    db.execute(f"DELETE FROM {table} WHERE code=?", (code,))
            return len(codes)

    def count_rooms(self):
        return self._q("SELECT COUNT(*) FROM rooms")[0][0]

    def close(self):
        with self._lock:
            if not self.broken:
                self.broken = f"The room store {self.where} was closed by this kernel."
            self._close_quietly()
            key, self._identity = self._identity, None
            if key is not None:
                with _HEADS_LOCK:
                    entry = _HEADS.get(key)
                    if entry is not None:
                        entry[1] -= 1
                        if entry[1] <= 0:  # no store of this process uses the file any more
                            del _HEADS[key]
                            os.close(entry[0])


# -- Redis --------------------------------------------------------------------------------------
_LUA_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
redis.call('HSET', KEYS[1], 'meta', ARGV[1], 'version', 1, 'touched', ARGV[2], 'ttl', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
"""
_LUA_PUT = """
local v = redis.call('HGET', KEYS[1], 'version')
if not v then return -1 end
if tonumber(v) ~= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], 'meta', ARGV[1], 'version', tonumber(v) + 1, 'touched', ARGV[3])
for i = 1, #KEYS do redis.call('EXPIRE', KEYS[i], ARGV[4]) end
return 1
"""
_LUA_APPEND = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[1]) then return 0 end
redis.call('RPUSH', KEYS[2], ARGV[2])
redis.call('HSET', KEYS[1], 'touched', ARGV[3])
for i = 1, #KEYS do redis.call('EXPIRE', KEYS[i], ARGV[4]) end
return 1
"""
_LUA_PUSH = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local n = redis.call('RPUSH', KEYS[2], ARGV[1])
redis.call('HSET', KEYS[1], 'touched', ARGV[2])
for i = 1, #KEYS do redis.call('EXPIRE', KEYS[i], ARGV[3]) end
return n - 1
"""
_LUA_CLAIM = """
local h = redis.call('HMGET', KEYS[1], 'holder', 'seat', 'at')
if (not h[1]) or h[1] == ARGV[1] or tonumber(h[3]) < tonumber(ARGV[3]) - tonumber(ARGV[4]) then
  redis.call('HSET', KEYS[1], 'holder', ARGV[1], 'seat', ARGV[2], 'at', ARGV[3])
  redis.call('EXPIRE', KEYS[1], ARGV[5])
  return {ARGV[1], ARGV[2], ARGV[3]}
end
return {h[1], h[2], h[3]}
"""
_LUA_RELEASE = """
if redis.call('HGET', KEYS[1], 'holder') == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
"""


def _redis_where(url: str) -> str:
    """``Redis at host:port/db`` for messages (never the user name or password)."""
    try:
        u = urlparse(url)
        if u.scheme == "unix":
            return f"Redis at {_short_path(u.path)}"
        db = u.path.strip("/") or "0"
        return f"Redis at {u.hostname or 'localhost'}:{u.port or 6379}/{cut(db, 20)}"
    except ValueError:
        return "Redis"


class RedisStore(RoomStore):
    """Rooms on a Redis server; every check-and-write is one Lua script."""

    def __init__(self, url: str):
        try:
            import redis
            from redis.backoff import ExponentialBackoff, NoBackoff
            from redis.retry import Retry
        except ImportError:
            raise StoreError("The Redis room store needs the 'redis' package: pip install redis") from None
        _check_redis_db(url)
        self.url = url
        self.where = _redis_where(url)
        self.faults = (redis.RedisError, OSError)
        self.broken = None
        self._redis = redis
        try:
            # Reads (and writes that may be repeated) are sent again up to 3 times within about
            # half a second when the connection drops: a server restarting, or a connection it
            # closed, costs one slow call rather than an error.
            self._r = redis.Redis.from_url(
                url, decode_responses=True, socket_timeout=5, socket_connect_timeout=3,
                retry=Retry(ExponentialBackoff(cap=0.25, base=0.03), 3),
                retry_on_error=[redis.ConnectionError, redis.TimeoutError])
            # The checked writes (create, put, append) are never sent again blindly: when the
            # answer is lost, _send looks whether the write was made first.
            self._w = redis.Redis.from_url(
                url, decode_responses=True, socket_timeout=5, socket_connect_timeout=3,
                retry=Retry(NoBackoff(), 0))
        except (ValueError, TypeError) as exc:
            # (the URL is not quoted back: it may hold a password)
            raise StoreError(f"That is not a Redis URL ({_first_line(exc)}); write "
                             "redis://host:6379/0.") from None
        try:
            self._r.ping()
            self._r.set(ID_KEY, secrets.token_hex(8), nx=True)
            self._id = self._r.get(ID_KEY)
        except redis.RedisError as exc:
            raise StoreError(f"Cannot reach the room store ({self.where}): "
                             f"{_first_line(exc)}.") from None
        self._create = self._w.register_script(_LUA_CREATE)
        self._put = self._w.register_script(_LUA_PUT)
        self._append = self._w.register_script(_LUA_APPEND)
        self._push = self._w.register_script(_LUA_PUSH)
        self._claim = self._r.register_script(_LUA_CLAIM)  # repeatable: a renewal by the holder
        self._release = self._r.register_script(_LUA_RELEASE)
        self._ttls: dict[str, int] = {}

    def _send(self, script, keys: list, args: list, landed) -> int:
        """Run a checked write. If the connection drops before the answer, the write may or
        may not have been made: ``landed()`` looks (``1`` made, ``0`` or ``-1`` refused, ``None``
        not made, so safe to send again) while the server comes back, for about half a
        second; then the last connection error is raised (the write is not known to be made).
        The looks go through the connection that never repeats a command, so that the whole
        wait stays within that half second."""
        dropped = (self._redis.ConnectionError, self._redis.TimeoutError)
        try:
            return script(keys=keys, args=args)
        except dropped as exc:
            error = exc
        for pause in (0.03, 0.06, 0.12, 0.25):
            time.sleep(pause)
            try:
                done = landed()
                if done is not None:
                    return done
                return script(keys=keys, args=args)  # not made: it checks everything again
            except dropped as exc:
                error = exc
        raise error

    def fault(self, words, kind, exc):
        redis = self._redis
        if isinstance(exc, redis.BusyLoadingError):
            why = "the server is still loading its data after a restart"
        elif isinstance(exc, (redis.ConnectionError, redis.TimeoutError, OSError)):
            why = "the server is not answering"
        else:
            why = f"the server refused ({_first_line(exc)})"
        if kind == "write":
            tail = (" It is not known whether this went through: look again once the server "
                    "answers.")
        else:
            tail = " Please try again in a moment."
        return f"The room store ({self.where}) could not {words}: {why}.{tail}"

    def _lose(self) -> None:
        """The server no longer holds this store's id: mark the store broken."""
        self.broken = (f"The room store ({self.where}) has lost its rooms (the server was "
                       "restarted without saving them, or emptied), so this room cannot go on. "
                       "Please create a new room.")

    def usable(self) -> bool:
        if self.broken:
            return False
        try:
            if self._r.get(ID_KEY) != self._id:
                self._lose()
                return False
        except (self._redis.RedisError, OSError):
            pass  # not answering now: the next operation says so (a new store would not help)
        return True

    @staticmethod
    def _keys(code: str) -> list[str]:
        return [f"lnb:{{{code}}}:meta", f"lnb:{{{code}}}:log", f"lnb:{{{code}}}:host",
                f"lnb:{{{code}}}:seen"]

    def _expire(self, code: str) -> int:
        ttl = self._ttls.get(code)
        if ttl is None:
            raw = self._r.hget(self._keys(code)[0], "ttl")
            ttl = self._ttls[code] = int(float(raw or 0) + GRACE)
        return ttl

    def create(self, code, meta, now, ttl):
        keys = self._keys(code)
        self._ttls[code] = int(ttl + GRACE)
        text = json.dumps(meta)

        def landed():
            there = self._w.hget(keys[0], "meta")
            return None if there is None else int(there == text)
        return self._send(self._create, keys, [text, now, ttl, int(ttl + GRACE)], landed) == 1

    @staticmethod
    def _got(raw):
        if raw[0] is None:
            return None
        return json.loads(raw[0]), int(raw[1]), float(raw[2])

    @staticmethod
    def _lease(h):
        return None if h[0] is None else {"holder": h[0], "seat": int(h[1]), "at": float(h[2])}

    def get(self, code):
        return self._got(self._r.hmget(self._keys(code)[0], "meta", "version", "touched"))

    def put(self, code, meta, version, now):
        keys = self._keys(code)
        text = json.dumps(meta)

        def landed():
            v, there = self._w.hmget(keys[0], "version", "meta")
            if v is None:
                return -1
            if int(v) == version:
                return None
            return int(int(v) == version + 1 and there == text)
        return self._send(self._put, keys, [text, version, now, self._expire(code)], landed) == 1

    def append(self, code, seq, record, now):
        keys = self._keys(code)[:2]
        text = json.dumps(record, sort_keys=True)

        def landed():
            pipe = self._w.pipeline(transaction=False)
            pipe.exists(keys[0])
            pipe.llen(keys[1])
            pipe.lindex(keys[1], seq)
            exists, n, there = pipe.execute()
            if not exists:
                return -1
            if n == seq:
                return None
            return int(there == text)  # each record holds its own random "id"
        return self._send(self._append, keys, [seq, text, now, self._expire(code)], landed) == 1

    def push(self, code, record, now):
        keys = self._keys(code)[:2]
        text = json.dumps(record, sort_keys=True)

        def landed():  # made if the log's last records hold this one's exact text (its "id")
            pipe = self._w.pipeline(transaction=False)
            pipe.exists(keys[0])
            pipe.llen(keys[1])
            pipe.lrange(keys[1], -PUSH_LOOKBACK, -1)
            exists, n, tail = pipe.execute()
            if not exists:
                return -1
            for back, there in enumerate(reversed(tail)):
                if there == text:
                    return n - 1 - back
            return None
        return int(self._send(self._push, keys, [text, now, self._expire(code)], landed))

    def log(self, code, start=0):
        return [json.loads(r) for r in self._r.lrange(self._keys(code)[1], start, -1)]

    def poll(self, code, start):
        keys = self._keys(code)
        pipe = self._r.pipeline(transaction=False)
        pipe.get(ID_KEY)
        pipe.hmget(keys[0], "meta", "version", "touched")
        pipe.lrange(keys[1], start, -1)
        pipe.hmget(keys[2], "holder", "seat", "at")
        store_id, raw, records, h = pipe.execute()
        if store_id != self._id:
            self._lose()
            raise StoreError(self.broken)
        return self._got(raw), [json.loads(r) for r in records], self._lease(h)

    def claim_host(self, code, holder, seat, now, ttl):
        h = self._claim(keys=[self._keys(code)[2]],
                        args=[holder, seat, repr(float(now)), ttl, self._expire(code)])
        return self._lease(h)

    def host(self, code):
        return self._lease(self._r.hmget(self._keys(code)[2], "holder", "seat", "at"))

    def release_host(self, code, holder):
        self._release(keys=[self._keys(code)[2]], args=[holder])

    def mark_seen(self, code, seat, now):
        key = self._keys(code)[3]
        pipe = self._r.pipeline()
        pipe.hset(key, str(seat), repr(float(now)))
        pipe.expire(key, self._expire(code))
        pipe.execute()

    def seen(self, code):
        return {int(k): float(v) for k, v in self._r.hgetall(self._keys(code)[3]).items()}

    def delete(self, code):
        self._r.delete(*self._keys(code))

    def count_rooms(self):
        return sum(1 for _ in self._r.scan_iter(match="lnb:{*}:meta", count=1000))

    def close(self):
        if not self.broken:
            self.broken = f"The room store ({self.where}) was closed by this kernel."
        for client in (self._r, self._w):
            try:
                client.close()
            except (self._redis.RedisError, OSError):
                pass


# -- choosing a backend -------------------------------------------------------------------------
_OPEN: dict[tuple[int, str], RoomStore] = {}
_OPEN_LOCK = threading.Lock()
_EXAMPLES = "a file path, sqlite:///path/rooms.sqlite or redis://host:6379/0"


def _sqlite_path(url: str) -> str:
    parsed = urlparse(url)
    path = parsed.path if parsed.netloc == "" else parsed.netloc + parsed.path
    if not path:
        raise StoreError("No file path in that store URL (write sqlite:///path/rooms.sqlite).")
    return path


def _check_redis_db(url: str) -> None:
    """A ``redis://host:port/N`` URL's database number, checked: Redis's own client would
    quietly use database 0 for a path that is not a number."""
    if not url.startswith(("redis://", "rediss://")):
        return
    from urllib.parse import unquote, urlsplit

    try:
        path = unquote(urlsplit(url).path)
    except ValueError:
        raise StoreError("That is not a Redis URL; write redis://host:6379/0.") from None
    db = path.strip("/")
    if db and not (db.isascii() and db.isdigit() and len(db) <= 5):
        # (the URL is not quoted back: it may hold a password)
        raise StoreError("A Redis URL ends in a database number (redis://host:6379/0), "
                         "not other text.")


def _kind(url: str) -> str:
    if url.startswith(("redis://", "rediss://", "unix://")):
        return "redis"
    if url.startswith("sqlite:"):
        return "sqlite-url"
    if "://" in url:
        scheme = url.split("://", 1)[0]
        raise StoreError(f"Unknown room store {cut(scheme, 20)!r}://…: use {_EXAMPLES}.")
    return "sqlite"


def open_store(url: str | os.PathLike | RoomStore | None = None) -> RoomStore:
    """The store for ``url`` (see the module docstring); one shared object per store and
    process. A store object found broken (its file deleted or replaced, a Redis server that
    lost its data) is replaced by a fresh one for the callers that come after."""
    if isinstance(url, RoomStore):
        return url
    if url is None:
        url = default_url()
    elif isinstance(url, os.PathLike):
        try:
            url = os.fspath(url)
        except TypeError:
            url = None
    if not isinstance(url, str) or not url.strip():
        kind = "an empty text" if isinstance(url, str) else type(url).__name__
        raise StoreError(f"A room store is {_EXAMPLES}; not {kind}.")
    if len(url) > MAX_URL or "\x00" in url:
        raise StoreError("That room store path is too long or holds a NUL character.")
    kind = _kind(url)
    path = _sqlite_path(url) if kind == "sqlite-url" else url
    # one object per file, however it is written (a second object for the same file would
    # need a second descriptor on it: see _HEADS)
    ident = url if kind == "redis" or path == ":memory:" else os.path.realpath(path)
    key = (os.getpid(), ident)
    with _OPEN_LOCK:
        store = _OPEN.get(key)
        if store is not None and not store.usable():
            # sessions still holding it keep reporting its fault; new callers get a fresh one
            del _OPEN[key]
            store = None
        if store is None:
            store = RedisStore(url) if kind == "redis" else SQLiteStore(path)
            _OPEN[key] = store
        return store


def now() -> float:
    return time.time()
