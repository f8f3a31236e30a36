"""Rooms: create, join, leave, rejoin, add bots, start, play, host -- for any installed game.

A :class:`RoomSession` is one kernel's membership of one room: it holds the seat's secret
token, keeps a local copy of the game rebuilt from the store's log, and sends actions. Every
member's kernel can act as host: the host holds a lease in the store, renews it with a
heartbeat, and moves the bots (and stands in for players whose kernel has gone away). When
the host's heartbeat stops, the next member to poll takes the lease over.

Nothing here knows a game: the room's meta names it, and its plugin (``get_spec(game)``) gives
the state, the settings schema, the bots and the action classes.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import math
import numbers
import random
import secrets
import time
from dataclasses import dataclass
from typing import Any, Callable

import lopti_nb
from lopti_nb.engine import IllegalAction, SettingsError, UnknownBot, UnknownGame, get_spec
from lopti_nb.engine.settings import shown, whole

from . import codec
from .codes import new_code, normalize, pretty
from .errors import (
    BadAction, BadBot, BadGame, BadName, BadRequest, BadSettings, BadToken, CorruptLog,
    DuplicateName, IllegalPlay, NotHost, NotYourTurn, RoomError, RoomExpired, RoomFull,
    StaleAction, StoreError, UnknownRoom, WrongPhase, cut,
)
from .names import MAX_NAME, bot_like, clean_name, name_key  # noqa: F401 (MAX_NAME: a room's longest name, named here too)
from .store import RoomStore, open_store

LOBBY, PLAYING, OVER = "lobby", "playing", "over"
DEFAULT_TTL = 12 * 3600.0  # a room is forgotten after 12 hours without a write
DEFAULT_LEASE = 10.0  # seconds without a host heartbeat before another member takes over
DEFAULT_STAND_IN = 90.0  # seconds a player's kernel may be gone before a bot plays for them
SEEN_EVERY = 1.0  # how often a member's kernel writes its presence
FORMAT = 2  # rooms of any game, actions stored as record text (none: from when rooms had one game)
DEAL_PROBE = 24  # moves played ahead (first legal action each) for the deal's fingerprint
# The room timings a creator may choose, in seconds: (lowest, highest). A room must outlive
# a lunch break and may not outlive a month; the host's heartbeat is renewed every third of
# the lease, so a lease under a second would be lost between two polls of the widget; and a
# player's presence is written once a second (SEEN_EVERY), so standing in for someone
# silent for less than two seconds would stand in for people who are there.
TTL_LIMITS = (60.0, 30 * 86400.0)
LEASE_LIMITS = (1.0, 3600.0)
STAND_IN_LIMITS = (2.0, 7 * 86400.0)
SEED_LIMIT = 2 ** 63  # room seeds are 0 <= seed < 2**63 (what secrets.randbits(63) draws)
MAX_RETRIES = 200  # tries of a compare-and-set write before "too busy"
BY = ("human", "bot", "stand-in")  # who makes a move, as the log says
CLASS_KIND = "class"  # the meta's "kind" of a class (lopti_nb.classroom), kept in the same store


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def span(seconds: float) -> str:
    """A number of seconds in words: ``span(2592000) == "30 days"``."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0 or seconds >= 2 * size:
            n = seconds / size
            return f"{n:g} {unit}{'' if n == 1 else 's'}"
    return f"{seconds:g} second{'' if seconds == 1 else 's'}"


def seconds(value: Any, what: str, limits: tuple[float, float]) -> float:
    """``value`` as a number of seconds within ``limits``, or :class:`BadSettings`."""
    low, high = limits
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise BadSettings(f"{what} is a number of seconds, not {shown(value)}.")
    try:
        number = float(value)
    except (OverflowError, ValueError, TypeError):
        number = math.inf
    if not math.isfinite(number) or not low <= number <= high:
        raise BadSettings(f"{what} must be between {span(low)} and {span(high)} (in seconds), "
                          f"not {shown(value)}.")
    return number


def check_clock(clock: Any) -> Callable[[], float]:
    """``clock`` if it is a function giving the time in seconds (a finite number)."""
    if not callable(clock):
        raise BadSettings(f"clock must be a function giving the time in seconds, not {shown(clock)}.")
    return clock


def read_clock(clock: Callable[[], float]) -> float:
    now = clock()
    if isinstance(now, bool) or not isinstance(now, numbers.Real) or not math.isfinite(now):
        raise BadSettings(f"clock() must give the time in seconds (a finite number), not {shown(now)}.")
    return float(now)


def bot_rng(seed: int, seq: int) -> random.Random:
    """The generator a bot uses for log entry ``seq``: the same in every kernel, so whoever
    hosts makes the same bot moves."""
    digest = hashlib.sha256(f"lopti_nb-room-bot:{seed}:{seq}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def room_spec(game: Any):
    """The plugin of the room's game (:class:`BadGame` if no installed plugin provides it)."""
    try:
        return get_spec(game)
    except UnknownGame as exc:
        raise BadGame(str(exc)) from None


def new_state(meta: dict, seed: int | None = None):
    """The room's game before its first action (settings are stored as the schema's plain
    data, as in a game record); ``seed``: a later game's own (default: the room's first)."""
    spec = room_spec(meta["game"])
    return lopti_nb.new_game(spec.name, players=meta["players"],
                             seed=meta["seed"] if seed is None else seed,
                             **spec.schema.from_plain(meta["settings"]))


def deal_check(state) -> str:
    """A fingerprint of the deal: what every seat sees at the start, and what happens in the
    first moves (the first legal action each time, on a copy). Kernels running a version of
    the game that deals or shuffles differently from the room's creator would rebuild a
    different game, so they refuse the room."""
    probe = state.copy()
    parts = [repr(probe.observation(None))]
    parts += [repr(probe.observation(seat)) for seat in range(probe.num_players)]
    for _ in range(DEAL_PROBE):
        if probe.is_over:
            break
        probe.apply(probe.legal_actions()[0])
    parts += [e.describe() for e in probe.events]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def check_meta(code: str, meta: Any) -> dict:
    """``meta`` if it has the shape of a room's meta, else :class:`CorruptLog` (someone wrote
    to the store by hand, or another program did)."""
    def number(x, low):
        return (not isinstance(x, bool) and isinstance(x, (int, float)) and math.isfinite(x)
                and x >= low)

    def seat_ok(s):
        if s is None:
            return True
        if not isinstance(s, dict) or not isinstance(s.get("name"), str):
            return False
        if s.get("kind") == "bot":
            return isinstance(s.get("bot"), str)
        return s.get("kind") == "human" and isinstance(s.get("token"), str)

    ok = isinstance(meta, dict)
    if ok:
        players, seats = meta.get("players"), meta.get("seats")
        ok = (isinstance(meta.get("game"), str) and isinstance(players, int)
              and not isinstance(players, bool) and isinstance(meta.get("seed"), int)
              and isinstance(meta.get("settings"), dict) and isinstance(meta.get("bot"), str)
              and meta.get("status") in (LOBBY, PLAYING, OVER)
              and number(meta.get("ttl"), 0) and number(meta.get("lease_ttl"), 0)
              and (meta.get("stand_in_after") is None or number(meta.get("stand_in_after"), 0))
              and isinstance(seats, list) and len(seats) == players and all(map(seat_ok, seats)))
    if not ok:
        raise CorruptLog(f"Room {pretty(code)} is damaged in the store (its settings and seats do "
                         "not read back); please start a new room.")
    return meta


def seats_words(seats) -> str:
    """``seat 1 was``, ``seats 1, 2 and 3 were`` (seat numbers, for the log's own messages)."""
    seats = [str(s) for s in seats]
    if len(seats) == 1:
        return f"seat {seats[0]} was"
    return f"seats {', '.join(seats[:-1])} and {seats[-1]} were"


def apply_record(state, record: dict, seq: int) -> None:
    """Apply one log record to ``state`` for its seat (checked: position, seat, legality).
    Any seat of ``state.to_act`` may have made it (a decision several seats take at once,
    like secret bids, arrives in the order the players sent it)."""
    if not isinstance(record, dict):
        raise CorruptLog(f"Log entry {seq} is not a move record.")
    if record.get("seq") != seq:
        raise CorruptLog(f"Log entry {seq} is numbered {shown(record.get('seq'))}.")
    seat = record.get("seat")
    to_act = state.to_act
    if type(seat) is not int or seat not in to_act:
        raise CorruptLog(f"Log entry {seq} is by seat {shown(seat)}, but "
                         f"{seats_words(to_act) if to_act else 'nobody was'} to act.")
    try:
        state.apply(codec.decode(record["action"], state.game), seat)
    except (IllegalAction, BadAction, BadGame, KeyError) as exc:
        raise CorruptLog(f"Log entry {seq} does not replay: {exc}") from None


def is_new_game(record: Any) -> bool:
    """Whether a log record starts another game in the room ("Play again") rather than
    being a move."""
    return isinstance(record, dict) and "new_game" in record


def next_game(meta: dict, state, record: dict, seq: int, game_no: int):
    """The game a "new game" log record (entry ``seq``) starts after game ``game_no`` ended
    in ``state``; checked: numbered next, after the end, with a seed the room could draw and
    the deal of this version of the game."""
    if record.get("seq") != seq:
        raise CorruptLog(f"Log entry {seq} is numbered {shown(record.get('seq'))}.")
    if record.get("new_game") != game_no + 1:
        raise CorruptLog(f"Log entry {seq} starts game {shown(record.get('new_game'))}, "
                         f"but game {game_no + 1} comes next.")
    if not state.is_over:
        raise CorruptLog(f"Log entry {seq} starts a new game before game {game_no} was over.")
    seed = record.get("seed")
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise CorruptLog(f"Log entry {seq} starts a game with the seed {shown(seed)}.")
    try:
        fresh = new_state(meta, seed)
    except (SettingsError, TypeError, ValueError) as exc:
        raise CorruptLog(f"Log entry {seq} starts a game that does not start ({exc}).") from None
    if record.get("deal_check") != deal_check(fresh):
        raise CorruptLog(f"Game {game_no + 1} in this room was dealt by a version of lopti_nb "
                         "that deals differently from this one; all players need the same version.")
    return fresh


def replay(meta: dict, records: list[dict]):
    """The game after ``records`` (a room's log), rebuilt from the settings and seed alone:
    the current game, the one after the last "new game" record if the room has played again."""
    state = new_state(meta)
    game_no = 1
    for i, record in enumerate(records):
        if is_new_game(record):
            state = next_game(meta, state, record, i, game_no)
            game_no += 1
        else:
            apply_record(state, record, i)
    return state


@dataclass
class Lease:
    holder: str
    seat: int | None
    at: float


class Room:
    """A handle on a room in a store (no identity): reading, replay and the checks shared by
    every request. :class:`RoomSession` adds a seat and its token."""

    def __init__(self, code: str, store: RoomStore | str | None = None,
                 clock: Callable[[], float] = time.time):
        self.code = normalize(code)
        self.clock = check_clock(clock)
        self.store = open_store(store)
        self.meta: dict = {}
        self.version = 0
        self.host: dict | None = None  # the host lease as last read
        self.records: list[dict] = []  # the whole log: every game's moves and "new game" records
        self.games: list[tuple[int, int]] = []  # each game's (first log entry, seed), oldest first
        self.state = None  # the current game: the one after the last "new game" record
        self.load()

    # -- reading ----------------------------------------------------------------------------------
    def _get(self, got=False) -> tuple[dict, int]:
        if got is False:
            got = self.store.get(self.code)
        if got is None:
            raise UnknownRoom(f"No room has the code {pretty(self.code)}. Check the code with "
                              "the host (rooms are forgotten after a long idle spell).")
        meta, version, touched = got
        if isinstance(meta, dict) and meta.get("kind") == CLASS_KIND:
            raise UnknownRoom(f"{pretty(self.code)} is the code of a class, not of a room: type it "
                              "under “Join a class” in the rules classroom.")
        check_meta(self.code, meta)
        if read_clock(self.clock) > touched + meta["ttl"]:
            raise RoomExpired(f"Room {pretty(self.code)} has expired: nothing happened in it for "
                              f"{meta['ttl'] / 3600:g} hours. Ask the host for a new room.")
        return meta, version

    def load(self) -> bool:
        """Read the latest meta and new log entries; ``True`` if anything changed."""
        got, new, self.host = self.store.poll(self.code, len(self.records))
        meta, version = self._get(got)
        changed = version != self.version
        self.meta, self.version = meta, version
        if self.state is None:
            try:
                state = new_state(meta)
            except (SettingsError, TypeError, ValueError) as exc:
                if isinstance(exc, BadGame):  # a game not installed in this kernel
                    raise
                raise CorruptLog(f"Room {pretty(self.code)} is damaged in the store: its game does not "
                                 f"start ({exc}).") from None
            # rooms made before FORMAT 2 printed their deal another way; they expire within a day
            if meta.get("format") is not None and meta.get("deal_check") != deal_check(state):
                raise CorruptLog(f"Room {pretty(self.code)} was made by a version of lopti_nb that deals "
                                 "differently from this one; all players need the same version.")
            self.state = state
            self.games = [(0, meta["seed"])]
        for record in new:
            self._take(record, len(self.records))
        return changed or bool(new)

    def _take(self, record: dict, seq: int) -> None:
        """Log entry ``seq``: a move of the current game, or the start of the next game."""
        if is_new_game(record):
            self.state = next_game(self.meta, self.state, record, seq, self.game_no)
            self.games.append((seq + 1, record["seed"]))
        else:
            apply_record(self.state, record, seq)
        self.records.append(record)

    @property
    def status(self) -> str:
        """``LOBBY`` before the start, then ``OVER`` while the current game is over (until
        someone plays again), else ``PLAYING``. The meta keeps a copy for readers of the store;
        the log decides, so a kernel gone between a move and the copy misleads nobody."""
        if self.meta["status"] == LOBBY:
            return LOBBY
        return OVER if self.state.is_over else PLAYING

    @property
    def game_no(self) -> int:
        """Which game of the room is the current one (1 for the first; "Play again" counts on)."""
        return len(self.games)

    @property
    def seed(self) -> int:
        """The current game's seed (the room's own for its first game, then each new game's)."""
        return self.games[-1][1]

    @property
    def seq(self) -> int:
        """How many actions the log holds (the number the next action will get)."""
        return len(self.records)

    @property
    def seats(self) -> list[dict | None]:
        return self.meta["seats"]

    def seat_of(self, token: Any) -> int:
        """The seat holding ``token``, or :class:`BadToken`."""
        if not isinstance(token, str) or not 10 <= len(token) <= 200:
            raise BadToken("That is not a seat token of this room.")
        digest = token_hash(token)
        found = None
        for i, seat in enumerate(self.seats):
            if seat and seat.get("kind") == "human" and hmac.compare_digest(seat["token"], digest):
                found = i
        if found is None:
            raise BadToken(f"That seat token does not belong to room {pretty(self.code)}.")
        return found

    def view(self, token: str) -> dict:
        """What the holder of ``token`` may see: their seat's observation plus the lobby."""
        seat = self.seat_of(token)
        return {"seat": seat, "room": self.public(), "observation": self.state.observation(seat)}

    def public(self) -> dict:
        """The lobby as everyone may see it (names, bots, status; no tokens, no seed)."""
        seats = []
        seen = self.store.seen(self.code) if self.meta else {}
        now = read_clock(self.clock)
        for i, s in enumerate(self.seats):
            if s is None:
                seats.append({"seat": i, "kind": "empty", "name": None})
            elif s["kind"] == "bot":
                seats.append({"seat": i, "kind": "bot", "name": s["name"], "bot": s["bot"]})
            else:
                gone = self.meta["stand_in_after"] or DEFAULT_STAND_IN
                seats.append({"seat": i, "kind": "human", "name": s["name"], "left": s.get("left", False),
                              "away": is_away(seen, i, s, now, gone)})
        return {"code": pretty(self.code), "game": self.meta["game"], "status": self.status,
                "players": self.meta["players"], "settings": dict(self.meta["settings"]),
                "seats": seats, "seq": self.seq, "bot": self.meta["bot"]}

    def names(self) -> list[str]:
        return [s["name"] if s else f"Seat {i + 1}" for i, s in enumerate(self.seats)]

    @property
    def spec(self):
        """The plugin of this room's game."""
        return room_spec(self.meta["game"])

    def record(self, game: int | None = None) -> dict:
        """The room's game as a game record (``state.record()``: game, version, settings,
        seed, players, actions as text); ``lopti_nb.load(room.record())`` rebuilds it. The
        room's meta and log hold exactly this: the log's actions are the record's texts
        (except for a game whose plugin stores its actions with its own ``codec`` module).
        ``game``: which of the room's games (1 for the first; default the current one), so
        the games finished before someone pressed "Play again" stay at hand.

        The record holds the seed, and with it every hidden card: it is the server's view of
        the game, not something to show a player before the game is over."""
        if game is None:
            return self.state.record()
        game = whole(game, f"game (a game of this room, 1 to {self.game_no})", 1, self.game_no, BadRequest)
        if game == self.game_no:
            return self.state.record()
        first, seed = self.games[game - 1]
        state = new_state(self.meta, seed)
        for seq in range(first, self.games[game][0] - 1):
            apply_record(state, self.records[seq], seq)
        return state.record()

    # -- writing the meta -------------------------------------------------------------------------
    def update(self, change: Callable[[dict], Any]) -> Any:
        """Apply ``change(meta)`` with compare-and-set, retrying on a concurrent change.
        ``change`` raises to refuse (then nothing is written).

        Once the store has taken the change, nothing else is read: the meta written is the
        room's meta at the next version, so a store failing right after a change cannot make
        a change that was made look refused."""
        if not callable(change):
            raise BadRequest(f"update() takes a function that changes the meta, not {shown(change)}.")
        for _ in range(MAX_RETRIES):
            meta, version = self._get()
            result = change(meta)
            # a fresh mark on every write: after a lost answer, the Redis store tells its own
            # write from anyone else's by its exact text (RedisStore._send)
            meta["rev"] = secrets.token_hex(4)
            if self.store.put(self.code, meta, version, read_clock(self.clock)):
                self.meta, self.version = json.loads(json.dumps(meta)), version + 1
                return result
            time.sleep(0.002 * random.random())
        raise StoreError("The room is too busy right now; please try again.")

    # -- the log ----------------------------------------------------------------------------------
    def append(self, seat: int, action: Any, by: str, expect_seq: int | None = None,
               check: Callable[[], None] | None = None) -> int:
        """Validate ``action`` for ``seat`` against the game at the end of the log and append
        it there (optimistic: on a race, reload and validate again).

        It returns only once the store has confirmed the append; a store fault raises
        :class:`StoreError` instead (the move is then not saved, or with Redis not known to
        be: ``refresh()`` shows whether it was)."""
        seat = whole(seat, "seat", 0, len(self.seats) - 1, BadRequest)
        if by not in BY:
            raise BadRequest(f"A move is made by {', '.join(BY)}; not {shown(by)}.")
        if expect_seq is not None:
            expect_seq = whole(expect_seq, "expect_seq (the move number the action is meant for)", 0, error=BadRequest)
        encoded = codec.encode(action, self.meta["game"])
        mark = secrets.token_hex(6)  # tells this append from any other (RedisStore._send)
        fresh = False  # the first try uses the local copy; a refused append reloads
        for _ in range(MAX_RETRIES):
            if fresh or self.status != PLAYING:
                self.load()
            fresh = True
            if check is not None:
                check()
            if self.status != PLAYING:
                raise WrongPhase("The game has not started yet." if self.status == LOBBY
                                 else "The game is over.")
            k = self.seq
            if expect_seq is not None and expect_seq != k:
                raise StaleAction(f"That action was meant for move {expect_seq}, but the game is "
                                  f"at move {k} now; look at the table again.")
            state = self.state
            to_act = state.to_act
            if seat not in to_act:
                if not to_act:
                    raise NotYourTurn("The game is over.")
                names = self.names()
                who = [names[s] for s in to_act]
                who = who[0] + " is" if len(who) == 1 else ", ".join(who[:-1]) + f" and {who[-1]} are"
                raise NotYourTurn(f"It is not your turn: {who} to act.")
            reason = state.why_illegal(action, seat)
            if reason is not None:
                raise IllegalPlay(f"You cannot {cut(str(action), 60)} now: {reason}.")
            now = read_clock(self.clock)
            record = {"seq": k, "seat": seat, "action": encoded, "by": by, "at": now, "id": mark}
            if self.store.append(self.code, k, record, now):
                apply_record(state, record, k)  # the log is exactly ours up to k
                self.records.append(record)
                self._maybe_over()
                return k
            time.sleep(0.001 * random.random())
        raise StoreError("The room is too busy right now; please try again.")

    def _maybe_over(self) -> None:
        """Bring the meta's copy of the status up to the log: the current game's number, and
        ``OVER`` once it has ended (only ever forward, so two kernels doing it agree)."""
        if self.meta["status"] == LOBBY:
            return
        want = (self.game_no, self.status == OVER)
        if (self.meta.get("games", 1), self.meta["status"] == OVER) == want:
            return

        def catch_up(meta):
            if meta["status"] != LOBBY and (meta.get("games", 1), meta["status"] == OVER) < want:
                meta["games"] = want[0]
                meta["status"] = OVER if want[1] else PLAYING
        self.update(catch_up)

    def start_next_game(self, seat: int, expect_game: int | None = None) -> int:
        """Append a "new game" record: the same seats, names and settings, a new seed, once
        the current game is over. ``expect_game``: the finished game the request is about;
        if another request has already started the game after it, nothing more is started.
        Returns the number of the game now being played.

        Atomic through the log alone: the record goes at the end of the log only if the log
        still ends where it was read (the store's compare-and-set append), so two presses at
        once start one game, not two."""
        seat = whole(seat, "seat", 0, len(self.seats) - 1, BadRequest)
        if expect_game is not None:
            expect_game = whole(expect_game, "expect_game (the number of the game that is over)", 1,
                                error=BadRequest)
        mark = secrets.token_hex(6)
        for _ in range(MAX_RETRIES):
            if expect_game is not None and self.game_no > expect_game:
                return self.game_no  # someone else pressed first: that new game is the one
            if expect_game is not None and self.game_no < expect_game:
                raise WrongPhase(f"This room has not played game {expect_game} yet.")
            if self.status != OVER:
                raise WrongPhase("The game has not started yet." if self.status == LOBBY else
                                 "The game is still being played: a new game can start once it is over.")
            finished = self.game_no
            seed = secrets.randbits(63)
            k = self.seq
            now = read_clock(self.clock)
            record = {"seq": k, "seat": seat, "new_game": self.game_no + 1, "seed": seed,
                      "deal_check": deal_check(new_state(self.meta, seed)), "by": "human",
                      "at": now, "id": mark}
            if self.store.append(self.code, k, record, now):
                self._take(record, k)
                self._maybe_over()
                return self.game_no
            self.load()  # someone wrote first: if it was the next game, that is the one
            expect_game = finished
            time.sleep(0.001 * random.random())
        raise StoreError("The room is too busy right now; please try again.")

    def bot_action(self, seat: int, bot_name: str):
        """The move the room's bot ``bot_name`` makes for ``seat`` now (the same in every
        kernel: its generator is seeded from the room seed and the log position)."""
        seat = whole(seat, "seat", 0, len(self.seats) - 1, BadRequest)
        state = self.state
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        bot = _check_bot(self.spec, bot_name)
        return self.spec.make_bot(bot)(state.observation(seat), legal,
                                       bot_rng(self.seed, self.seq))


def is_away(seen: dict[int, float], seat: int, meta_seat: dict, now: float, after: float) -> bool:
    """Whether a human seat's kernel is gone: it left, or its last sign of life is older than
    ``after`` seconds. The sign of life is its presence record or, before its kernel has
    written one, the moment the seat was taken (seats taken before rooms recorded that have
    neither and count as away)."""
    at = seen.get(seat)
    if at is None:
        at = meta_seat.get("joined")
    return bool(meta_seat.get("left")) or at is None or now - at > after


def _check_bot(spec, bot: Any) -> str:
    try:
        spec.make_bot(bot)
    except UnknownBot as exc:
        raise BadBot(str(exc)) from None
    return bot


def person_name(name: Any, spec) -> str:
    """``name`` as a person's display name in a room of ``spec``'s game: :func:`clean_name`,
    and not a name the room gives its bots (:class:`BadName`)."""
    display = clean_name(name)
    if bot_like(display, spec.bots):
        raise BadName(f"{display!r} looks like a name this room gives its bots or seats; "
                      "please pick another name.")
    return display


def same_name(display: str, seats: list) -> dict | None:
    """The seat whose name looks like ``display`` (same skeleton: case, look-alike letters of
    other scripts, full-width forms; see :func:`name_key`), if any."""
    key = name_key(display)
    for s in seats:
        if s and name_key(s["name"]) == key:
            return s
    return None


def create_room(host_name: str, game: str = "skull-king", players: int | None = None, *,
                bot: str | None = None, fill_with_bots: bool = True,
                store: RoomStore | str | None = None, ttl: float = DEFAULT_TTL,
                lease_ttl: float = DEFAULT_LEASE, stand_in_after: float | None = DEFAULT_STAND_IN,
                seed: int | None = None, clock: Callable[[], float] = time.time,
                **settings: Any) -> "RoomSession":
    """Open a new room for ``game`` and sit its creator, ``host_name``, at seat 0 (the first
    host). Returns the creator's :class:`RoomSession`; ``session.pretty_code`` is the code to
    read out.

    ``game`` is any installed game (any spelling ``get_spec`` accepts); ``players`` seats in
    all (default: the game's usual number); ``settings`` are the game's own settings by name
    (see ``get_spec(game).schema``; the widget offers ``spec.room_settings``). ``bot`` (default:
    the game's default bot) plays the seats given to bots and stands in for absent players;
    with ``fill_with_bots`` the seats still empty at the start get bots. ``stand_in_after``
    seconds after a player's kernel stops polling, the host's bot plays their turns (``None``:
    wait for them). ``ttl``: seconds of idleness before the room is forgotten; ``lease_ttl``:
    seconds without a heartbeat before another member takes over hosting.

        >>> import lopti_nb
        >>> from lopti_nb import rooms
        >>> game = lopti_nb.game_names()[-1]
        >>> host = rooms.create_room("Ann", game, players=3, store=":memory:")
        >>> host.room.public()["game"] == game
        True

    A bad game, player count, setting or bot raises :class:`BadGame`, :class:`BadSettings`
    or :class:`BadBot` (``ValueError`` subclasses) saying what is accepted.
    """
    spec = room_spec(game)
    try:
        players = spec.default_players if players is None else spec.check_players(players)
        # the game checks its settings as new_game does (a plugin's session, built when the
        # settings give a number of rounds, checks its own)
        probe = lopti_nb.new_game(spec.name, players=players, seed=0, **settings)
        checked = probe.settings if not isinstance(probe, spec.state_class) \
            else spec.check_settings(settings, players)
    except SettingsError as exc:
        raise BadSettings(str(exc)) from None
    bot = _check_bot(spec, spec.default_bot if bot is None else bot)
    ttl = seconds(ttl, "ttl", TTL_LIMITS)
    lease_ttl = seconds(lease_ttl, "lease_ttl", LEASE_LIMITS)
    if stand_in_after is not None:
        stand_in_after = seconds(stand_in_after, "stand_in_after (or None: wait for players)",
                                 STAND_IN_LIMITS)
    if seed is not None:
        seed = whole(seed, "seed", 0, SEED_LIMIT - 1, BadSettings)
    if type(fill_with_bots) is not bool:
        raise BadSettings(f"fill_with_bots must be True or False, not {shown(fill_with_bots)}.")
    display = person_name(host_name, spec)
    now = read_clock(check_clock(clock))
    store = open_store(store)  # everything is checked before the store is touched
    token = secrets.token_urlsafe(24)
    meta = {
        "format": FORMAT, "game": spec.name, "players": players,
        "settings": spec.schema.to_plain(checked),
        "seed": secrets.randbits(63) if seed is None else seed,
        "bot": bot, "fill_with_bots": fill_with_bots, "status": LOBBY,
        "ttl": ttl, "lease_ttl": lease_ttl, "stand_in_after": stand_in_after,
        "created": now,
        "seats": [{"kind": "human", "name": display, "token": token_hash(token), "left": False,
                   "joined": now}]
                 + [None] * (players - 1),
    }
    meta["deal_check"] = deal_check(new_state(meta))
    store.purge(now)
    for _ in range(20):
        code = new_code()
        meta["code"] = code
        if store.create(code, meta, now, ttl):
            break
    else:  # pragma: no cover - 20 collisions in a 6.6e11 space
        raise StoreError("Could not find a free room code; try again.")
    try:
        session = RoomSession(code, token, store=store, clock=clock)
        session.host_tick()
    except RoomError:
        # no half-made room: a room nobody got the code of is taken away again
        try:
            store.delete(code)
        except StoreError:
            pass  # the store is failing; the room expires unseen
        raise
    return session


def join_room(code: str, name: str, store: RoomStore | str | None = None,
              clock: Callable[[], float] = time.time) -> "RoomSession":
    """Take the first free seat of the room with ``code`` under the display name ``name``.
    Returns the session; keep ``session.token`` to come back after leaving.

    The name must not look like another seat's (:func:`name_key`: case, look-alike letters,
    full-width forms) nor like the names the room gives its bots (``Bot 2``, the game's bot
    names)."""
    clean_name(name)  # the name's own faults first, before the code is looked up
    room = Room(code, store, clock)
    display = person_name(name, room.spec)
    token = secrets.token_urlsafe(24)

    def take_seat(meta):
        if meta["status"] != LOBBY:
            raise WrongPhase(f"The game in room {pretty(room.code)} has already started; only its "
                             "players can come back (with their seat token).")
        twin = same_name(display, meta["seats"])
        if twin is not None:
            raise DuplicateName(f"Someone in this room is already called {twin['name']!r}, which "
                                "looks the same; please pick another name.")
        free = [i for i, s in enumerate(meta["seats"]) if s is None]
        if not free:
            raise RoomFull(f"Room {pretty(room.code)} is full ({meta['players']} seats taken).")
        # "joined" counts as the seat's first sign of life: its kernel writes its presence
        # only after this, and a host polling in between must not take it for gone.
        meta["seats"][free[0]] = {"kind": "human", "name": display, "token": token_hash(token),
                                  "left": False, "joined": read_clock(room.clock)}
        return free[0]

    room.update(take_seat)
    # the seat is taken: the session is made from what was just written, without reading
    # the store again (a store failing now must not cost the person the seat's key)
    return RoomSession.of(room, token)


def rejoin_room(code: str, token: str, store: RoomStore | str | None = None,
                clock: Callable[[], float] = time.time) -> "RoomSession":
    """Come back to your seat with the token you were given when you joined."""
    session = RoomSession(code, token, store=store, clock=clock)

    def back(meta):
        meta["seats"][session.seat]["left"] = False
    session.room.update(back)
    return session


class RoomSession:
    """One kernel's seat in one room. ``token`` is the seat's secret (keep it private: with it
    anyone can play this seat); ``observation()`` is what this seat may see."""

    def __init__(self, code: str, token: str, store: RoomStore | str | None = None,
                 clock: Callable[[], float] = time.time):
        self._sit(Room(code, store, clock), token)
        self.room.store.mark_seen(self.code, self.seat, read_clock(self.clock))

    @classmethod
    def of(cls, room: Room, token: str) -> "RoomSession":
        """The session of ``token``'s seat in ``room`` as already read (no store access; the
        seat's presence is written at the first ``refresh``)."""
        session = cls.__new__(cls)
        session._sit(room, token)
        return session

    def _sit(self, room: Room, token: str) -> None:
        self.room = room
        self.clock = room.clock
        self.code = room.code
        self.seat = room.seat_of(token)
        self.token = token
        self.holder = secrets.token_hex(8)  # this kernel's identity for the host lease
        self._seen_at = 0.0
        self._presence: tuple[float, dict] | None = None
        self.lease: Lease | None = None

    def __repr__(self) -> str:
        return f"<RoomSession {pretty(self.code)} seat {self.seat} ({self.room.status})>"

    # -- reading ----------------------------------------------------------------------------------
    @property
    def store(self) -> RoomStore:
        return self.room.store

    @property
    def pretty_code(self) -> str:
        return pretty(self.code)

    @property
    def status(self) -> str:
        return self.room.status

    @property
    def state(self):
        """The local game (full state: only this kernel's code reads it; show players
        ``observation()``)."""
        return self.room.state

    @property
    def seq(self) -> int:
        return self.room.seq

    def refresh(self) -> bool:
        """Poll the store: new meta and new actions. ``True`` if anything changed. Also
        writes this seat's presence (at most once a second) and checks the token is still
        this seat's."""
        changed = self.room.load()
        self._check_token()
        now = read_clock(self.clock)
        if now - self._seen_at >= SEEN_EVERY:
            self._seen_at = now
            self.store.mark_seen(self.code, self.seat, now)
        return changed

    def observation(self) -> dict:
        return self.room.state.observation(self.seat)

    def view(self) -> dict:
        return self.room.view(self.token)

    def events(self, start: int = 0) -> list:
        """This seat's view of the game's events from number ``start`` on."""
        start = whole(start, "start (an event number)", 0, error=BadRequest)
        return [e.for_seat(self.seat) for e in self.room.state.events[start:]]

    def my_turn(self) -> bool:
        """Whether this seat may act now (one of ``state.to_act``: while a decision is taken
        by several seats at once, each of them may)."""
        return self.status == PLAYING and self.seat in self.room.state.to_act

    # -- playing ----------------------------------------------------------------------------------
    def submit(self, action: Any, expect_seq: int | None = None) -> int:
        """Play ``action`` (an engine action, or its JSON form) for this seat. Returns the
        log number it got. Out of turn, illegal, stale or forged: a :class:`RoomError`, and
        nothing is written."""
        if isinstance(action, (str, dict)):
            action = codec.decode(action, self.room.meta["game"])
        elif isinstance(action, (bytes, list, tuple, int, float)) or action is None:
            raise BadAction(f"An action is one of the game's actions, its text or its JSON form, "
                            f"not {type(action).__name__}.")
        return self.room.append(self.seat, action, "human", expect_seq, check=self._check_token)

    def _check_token(self) -> None:
        if self.room.seat_of(self.token) != self.seat:
            raise BadToken("That seat token belongs to another seat.")

    def leave(self) -> None:
        """Step away: the seat stays yours (come back with ``rejoin_room(code, token)``);
        while you are away the host's bot may play your turns."""
        def away(meta):
            meta["seats"][self.seat]["left"] = True
        # the lease first: if the store fails between the two, the seat is still taken (and
        # another member hosts), rather than marked away with a host that has gone
        self.store.release_host(self.code, self.holder)
        self.lease = None
        self.room.update(away)

    # -- hosting ----------------------------------------------------------------------------------
    @property
    def is_host(self) -> bool:
        lease = self.lease
        return (lease is not None and lease.holder == self.holder
                and read_clock(self.clock) - lease.at < self.room.meta["lease_ttl"])

    def claim_host(self) -> bool:
        """Take or renew the host lease (free, ours, or stale, as of the last ``refresh``);
        ``True`` if this kernel hosts now."""
        if self.room.meta["seats"][self.seat].get("left"):
            return False
        ttl = self.room.meta["lease_ttl"]
        now = read_clock(self.clock)
        lease = self.lease
        if lease is not None and lease.holder == self.holder and now - lease.at < ttl / 3:
            return True  # renewed recently enough
        # the lease as read by the last poll, so that members who are not hosting never
        # take the write lock
        h = self.room.host
        if h is not None and h["holder"] != self.holder and now - h["at"] < ttl:
            self.lease = Lease(h["holder"], h["seat"], h["at"])
            return False
        got = self.store.claim_host(self.code, self.holder, self.seat, now, ttl)
        self.lease = Lease(got["holder"], got["seat"], got["at"])
        return self.is_host

    def host_seat(self) -> int | None:
        h = self.store.host(self.code)
        if h is None or read_clock(self.clock) - h["at"] >= self.room.meta["lease_ttl"]:
            return None
        return h["seat"]

    def _require_host(self) -> None:
        self.refresh()
        if not self.claim_host():
            raise NotHost(f"Only the host ({self.room.names()[self.lease.seat]}) can do that.")

    def add_bot(self, seat: int | None = None, bot: str | None = None) -> int:
        """Host: give an empty seat (the first one, unless ``seat``) to a bot."""
        if seat is not None:
            seat = whole(seat, "seat", 0, self.room.meta["players"] - 1, BadRequest)
        name = _check_bot(self.room.spec, self.room.meta["bot"] if bot is None else bot)
        self._require_host()

        def put_bot(meta):
            if meta["status"] != LOBBY:
                raise WrongPhase("Bots can only be added in the lobby.")
            free = [i for i, s in enumerate(meta["seats"]) if s is None]
            if seat is None:
                if not free:
                    raise RoomFull("Every seat is taken.")
                target = free[0]
            else:
                if meta["seats"][seat] is not None:
                    raise RoomFull(f"Seat {seat} is taken.")
                target = seat
            meta["seats"][target] = {"kind": "bot", "bot": name, "name": f"Bot {target + 1} ({name})"}  # counted from 1, as people count seats
            return target
        return self.room.update(put_bot)

    def remove_bot(self, seat: int) -> None:
        """Host: empty a bot's seat again (lobby only)."""
        seat = whole(seat, "seat", 0, self.room.meta["players"] - 1, BadRequest)
        self._require_host()

        def drop(meta):
            if meta["status"] != LOBBY:
                raise WrongPhase("Seats can only change in the lobby.")
            if (meta["seats"][seat] or {}).get("kind") != "bot":
                raise WrongPhase(f"Seat {seat} is not a bot.")
            meta["seats"][seat] = None
        self.room.update(drop)

    def start(self) -> None:
        """Host: start the game (empty seats get bots if the room says so)."""
        self._require_host()

        def go(meta):
            if meta["status"] != LOBBY:
                raise WrongPhase("The game has already started.")
            empty = [i for i, s in enumerate(meta["seats"]) if s is None]
            if empty and not meta["fill_with_bots"]:
                raise WrongPhase(f"Seat{'s' if len(empty) > 1 else ''} "
                                 f"{', '.join(map(str, empty))} {'are' if len(empty) > 1 else 'is'} "
                                 "empty: add bots or wait for players.")
            for i in empty:
                meta["seats"][i] = {"kind": "bot", "bot": meta["bot"], "name": f"Bot {i + 1} ({meta['bot']})"}
            meta["status"] = PLAYING
        self.room.update(go)

    def play_again(self, expect_game: int | None = None) -> int:
        """Host: once the game is over, start a new game in this room with the same seats,
        names and settings and a new seed. Returns the number of the game now played (2 after
        the first). The log stays append-only: it gains a "new game" record, and the current
        game is the moves after it; ``room.record(game)`` still gives each finished game.

        ``expect_game``: the number of the finished game the press was about (a page passes
        the game it showed): when another press has already started the game after it, this
        one starts nothing and returns that game's number. Before the end, or from a seat that
        does not host: :class:`WrongPhase` or :class:`NotHost`, and nothing is written.

            >>> import lopti_nb
            >>> from lopti_nb import rooms
            >>> host = rooms.create_room("Ann", lopti_nb.game_names()[0], players=2, store=":memory:")
            >>> host.play_again()
            Traceback (most recent call last):
            ...
            lopti_nb.rooms.errors.WrongPhase: The game has not started yet.
        """
        if expect_game is not None:
            expect_game = whole(expect_game, "expect_game (the number of the game that is over)", 1,
                                error=BadRequest)
        self._require_host()
        return self.room.start_next_game(self.seat, expect_game)

    def stand_in_seats(self) -> set[int]:
        """Human seats whose kernel is gone (left, or silent longer than the room allows)."""
        after = self.room.meta["stand_in_after"]
        if after is None:
            return set()
        now = read_clock(self.clock)
        cached = self._presence
        if cached is None or now - cached[0] >= min(1.0, after / 4):  # one read a second at most
            cached = self._presence = (now, self.store.seen(self.code))
        seen = cached[1]
        out = set()
        for i, s in enumerate(self.room.seats):
            if s and s["kind"] == "human" and i != self.seat:
                if is_away(seen, i, s, now, after):
                    out.add(i)
        return out

    def host_tick(self, max_moves: int | None = None) -> int:
        """Poll; renew or take the host lease; as host, make the bots' moves (and stand-in
        moves for absent players). Returns how many moves this kernel made.

        ``max_moves`` paces the table: it counts only moves the others can follow. A move made
        while other seats are still to act at the same decision (a ballot, a Roshambo throw)
        stays hidden until they have all acted, so nothing is shown for a pause to let people
        see; such moves are made at once and not counted."""
        if max_moves is not None:
            max_moves = whole(max_moves, "max_moves (or None: as many as there are)", 0, error=BadRequest)
        self.refresh()
        if not self.claim_host() or self.room.status != PLAYING:
            return 0
        self.room._maybe_over()  # a player's kernel may have gone right after the last card
        moves = paced = 0
        away: set[int] | None = None
        while self.room.status == PLAYING and (max_moves is None or paced < max_moves):
            # the first seat to act that this kernel moves: a bot, or a person who is away
            # (never our own seat: the person at this device plays it; and never someone
            # who is here: they are deciding, while the bots among the seats to act decide
            # on their own)
            cur = None
            for seat_no in self.room.state.to_act:
                if seat_no == self.seat:
                    continue
                seat = self.room.seats[seat_no]
                if seat["kind"] == "bot":
                    cur, by, bot = seat_no, "bot", seat["bot"]
                    break
                if away is None:
                    away = self.stand_in_seats()
                if seat_no in away:
                    cur, by, bot = seat_no, "stand-in", self.room.meta["bot"]
                    break
            if cur is None:
                break
            k = self.room.seq
            hidden = len(self.room.state.to_act) > 1  # others still to act: this move waits unseen
            action = self.room.bot_action(cur, bot)
            try:
                self.room.append(cur, action, by, expect_seq=k)
                moves += 1
                paced += not hidden
            except (StaleAction, NotYourTurn):  # someone else moved first: look again
                self.refresh()
            if not self.claim_host():
                break
        return moves
