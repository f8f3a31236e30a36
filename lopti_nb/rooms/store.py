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
  the same position, exactly one wins);
* the *host lease* (holder, seat, heartbeat time), claimed atomically when free or stale;
* *presence*: the last time each seat's kernel was seen.

SQLite does each write in one ``BEGIN IMMEDIATE`` transaction in WAL mode, with a
``PRIMARY KEY (code, seq)`` on the log as a second guard. Redis does each write in one Lua
script (atomic on the server) and keys every room with a hash tag so a cluster keeps a room
on one node. Both forget a room some time after it goes idle (``ttl`` seconds after its last
write, plus a day for SQLite so the code can still be reported as expired).
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from pathlib import Path
from urllib.parse import urlparse

from .errors import StoreError

ENV = "LOPTI_NB_ROOMS"
GRACE = 86400.0  # keep an expired room this long so joiners hear "expired", not "unknown"


def default_url() -> str:
    env = os.environ.get(ENV)
    if env:
        return env
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "lopti_nb", "rooms.sqlite")


class RoomStore(ABC):
    """The interface both backends implement (all times are ``time.time()`` seconds)."""

    url: str = ""

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
"""


class SQLiteStore(RoomStore):
    """Rooms in one SQLite file (WAL mode; every write one ``BEGIN IMMEDIATE`` transaction)."""

    def __init__(self, path: str | os.PathLike):
        self.path = str(path)
        self._lock = threading.RLock()
        self.url = f"sqlite:///{self.path}" if self.path != ":memory:" else "sqlite:///:memory:"
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None,
                                       check_same_thread=False)
            self._db.execute("PRAGMA busy_timeout=30000")
            if self.path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            with self._write():
                for stmt in _SCHEMA.split(";"):
                    if stmt.strip():
                        self._db.execute(stmt)
        except sqlite3.Error as exc:
            raise StoreError(f"Cannot open the room store {self.path}: {exc}") from None

    # a write transaction taken before any read, so the check and the write are one step
    class _Tx:
        def __init__(self, db):
            self.db = db

        def __enter__(self):
            self.db.execute("BEGIN IMMEDIATE")
            return self.db

        def __exit__(self, exc_type, exc, tb):
            if exc_type is None:
                self.db.execute("COMMIT")
            else:
                self.db.execute("ROLLBACK")
            return False

    def _write(self):
        return SQLiteStore._Tx(self._db)

    def _q(self, sql, args=()):
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def create(self, code, meta, now, ttl):
        with self._lock, self._write() as db:
            if db.execute("SELECT 1 FROM rooms WHERE code=?", (code,)).fetchone():
                return False
            db.execute("DELETE FROM actions WHERE code=?", (code,))
            db.execute("DELETE FROM hosts WHERE code=?", (code,))
            db.execute("DELETE FROM presence WHERE code=?", (code,))
            db.execute("INSERT INTO rooms (code, meta, version, touched, ttl) VALUES (?,?,?,?,?)",
                       (code, json.dumps(meta), 1, now, float(ttl)))
            return True

    def get(self, code):
        rows = self._q("SELECT meta, version, touched FROM rooms WHERE code=?", (code,))
        if not rows:
            return None
        meta, version, touched = rows[0]
        return json.loads(meta), version, touched

    def put(self, code, meta, version, now):
        with self._lock, self._write() as db:
            cur = db.execute("UPDATE rooms SET meta=?, version=version+1, touched=? "
                             "WHERE code=? AND version=?", (json.dumps(meta), now, code, version))
            return cur.rowcount == 1

    def append(self, code, seq, record, now):
        with self._lock, self._write() as db:
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

    def log(self, code, start=0):
        rows = self._q("SELECT record FROM actions WHERE code=? AND seq>=? ORDER BY seq",
                       (code, start))
        return [json.loads(r[0]) for r in rows]

    def claim_host(self, code, holder, seat, now, ttl):
        with self._lock, self._write() as db:
            row = db.execute("SELECT holder, seat, at FROM hosts WHERE code=?", (code,)).fetchone()
            if row is None or row[0] == holder or row[2] < now - ttl:
                db.execute("INSERT OR REPLACE INTO hosts (code, holder, seat, at) VALUES (?,?,?,?)",
                           (code, holder, seat, now))
                return {"holder": holder, "seat": seat, "at": now}
            return {"holder": row[0], "seat": row[1], "at": row[2]}

    def host(self, code):
        rows = self._q("SELECT holder, seat, at FROM hosts WHERE code=?", (code,))
        if not rows:
            return None
        return {"holder": rows[0][0], "seat": rows[0][1], "at": rows[0][2]}

    def release_host(self, code, holder):
        with self._lock, self._write() as db:
            db.execute("DELETE FROM hosts WHERE code=? AND holder=?", (code, holder))

    def mark_seen(self, code, seat, now):
        with self._lock, self._write() as db:
            db.execute("INSERT OR REPLACE INTO presence (code, seat, at) VALUES (?,?,?)",
                       (code, seat, now))

    def seen(self, code):
        return {s: at for s, at in self._q("SELECT seat, at FROM presence WHERE code=?", (code,))}

    def delete(self, code):
        with self._lock, self._write() as db:
            for table in ("rooms", "actions", "hosts", "presence"):
                db.execute(f"DELETE FROM {table} WHERE code=?", (code,))

    def purge(self, now):
        with self._lock, self._write() as db:
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
            self._db.close()


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


class RedisStore(RoomStore):
    """Rooms on a Redis server; every check-and-write is one Lua script."""

    def __init__(self, url: str):
        try:
            import redis  # noqa: F401
        except ImportError:
            raise StoreError("The Redis room store needs the 'redis' package: pip install redis") from None
        import redis as _redis
        self.url = url
        self._r = _redis.Redis.from_url(url, decode_responses=True, socket_timeout=10)
        try:
            self._r.ping()
        except _redis.RedisError as exc:
            raise StoreError(f"Cannot reach the Redis room store at {url}: {exc}") from None
        self._create = self._r.register_script(_LUA_CREATE)
        self._put = self._r.register_script(_LUA_PUT)
        self._append = self._r.register_script(_LUA_APPEND)
        self._claim = self._r.register_script(_LUA_CLAIM)
        self._release = self._r.register_script(_LUA_RELEASE)
        self._ttls: dict[str, int] = {}

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
        return self._create(keys=keys, args=[json.dumps(meta), now, ttl, int(ttl + GRACE)]) == 1

    def get(self, code):
        raw = self._r.hmget(self._keys(code)[0], "meta", "version", "touched")
        if raw[0] is None:
            return None
        return json.loads(raw[0]), int(raw[1]), float(raw[2])

    def put(self, code, meta, version, now):
        return self._put(keys=self._keys(code),
                         args=[json.dumps(meta), version, now, self._expire(code)]) == 1

    def append(self, code, seq, record, now):
        return self._append(keys=self._keys(code)[:2],
                            args=[seq, json.dumps(record, sort_keys=True), now,
                                  self._expire(code)]) == 1

    def log(self, code, start=0):
        return [json.loads(r) for r in self._r.lrange(self._keys(code)[1], start, -1)]

    def poll(self, code, start):
        keys = self._keys(code)
        pipe = self._r.pipeline(transaction=False)
        pipe.hmget(keys[0], "meta", "version", "touched")
        pipe.lrange(keys[1], start, -1)
        pipe.hmget(keys[2], "holder", "seat", "at")
        raw, records, h = pipe.execute()
        got = None if raw[0] is None else (json.loads(raw[0]), int(raw[1]), float(raw[2]))
        host = None if h[0] is None else {"holder": h[0], "seat": int(h[1]), "at": float(h[2])}
        return got, [json.loads(r) for r in records], host

    def claim_host(self, code, holder, seat, now, ttl):
        h = self._claim(keys=[self._keys(code)[2]],
                        args=[holder, seat, repr(float(now)), ttl, self._expire(code)])
        return {"holder": h[0], "seat": int(h[1]), "at": float(h[2])}

    def host(self, code):
        h = self._r.hmget(self._keys(code)[2], "holder", "seat", "at")
        if h[0] is None:
            return None
        return {"holder": h[0], "seat": int(h[1]), "at": float(h[2])}

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
        self._r.close()


# -- choosing a backend -------------------------------------------------------------------------
_OPEN: dict[tuple[int, str], RoomStore] = {}
_OPEN_LOCK = threading.Lock()


def open_store(url: str | os.PathLike | RoomStore | None = None) -> RoomStore:
    """The store for ``url`` (see the module docstring); one shared object per URL and
    process."""
    if isinstance(url, RoomStore):
        return url
    url = default_url() if url is None else os.fspath(url)
    if not isinstance(url, str) or not url:
        raise StoreError(f"A room store is a path or a URL, not {url!r}.")
    key = (os.getpid(), url)
    with _OPEN_LOCK:
        store = _OPEN.get(key)
        if store is None:
            if url.startswith(("redis://", "rediss://", "unix://")):
                store = RedisStore(url)
            elif url.startswith("sqlite:"):
                parsed = urlparse(url)
                path = parsed.path if parsed.netloc == "" else parsed.netloc + parsed.path
                if not path:
                    raise StoreError(f"No file path in {url!r} (write sqlite:///path/rooms.sqlite).")
                store = SQLiteStore(path)
            elif "://" in url:
                raise StoreError(f"Unknown room store {url!r}: use sqlite:///path or redis://host:port/db.")
            else:
                store = SQLiteStore(url)
            _OPEN[key] = store
        return store


def now() -> float:
    return time.time()
