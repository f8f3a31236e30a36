"""Bad input to every public room call: each is refused with its typed error (a RoomError,
so a ValueError through LoptiNbError) carrying a short sentence, and leaves the store as it
was: the room's meta and version, its log, the host lease and the presence records (the
refusals of arguments come before any store access), and the number of rooms."""
from __future__ import annotations

import re
import time
from decimal import Decimal

import pytest

from lopti_nb import rooms
from lopti_nb.engine import LoptiNbError
from lopti_nb.games.skullking import Bid
from lopti_nb.rooms.errors import MAX_MESSAGE
from lopti_nb.rooms.names import bot_like, clean_name, name_key
from lopti_nb.rooms.widget import RoomWidget

NAN, INF = float("nan"), float("inf")
DAY = 86400


def refused(call, error, words: str | None = None) -> str:
    """``call()`` raises ``error`` with a readable sentence; returns the sentence."""
    with pytest.raises(error) as info:
        call()
    exc = info.value
    assert isinstance(exc, rooms.RoomError) and isinstance(exc, LoptiNbError)
    assert isinstance(exc, ValueError)
    text = str(exc)
    assert 10 <= len(text) <= MAX_MESSAGE, text
    assert text[0].isalpha() or text[0] in "'\"", text
    assert text.rstrip()[-1] in ".!?…)", text
    if words is not None:
        assert re.search(words, text), text
    return text


def snapshot(store, code, strict=True):
    """What a refused call must leave alone."""
    meta, version, _ = store.get(code)
    state = (meta, version, store.log(code), store.count_rooms())
    return state + (store.host(code), store.seen(code)) if strict else state


@pytest.fixture
def store(tmp_path):
    return rooms.open_store(tmp_path / "rooms.sqlite")


@pytest.fixture
def lobby(store):
    """Ann hosts a 4-seat Skull King room; Bob has joined; seats 2 and 3 are free."""
    host = rooms.create_room("Ann", players=4, store=store, stand_in_after=None)
    bob = rooms.join_room(host.code, "Bob", store=store)
    return host, bob


@pytest.fixture
def table(lobby):
    """The lobby's game started (bots in seats 2 and 3), Ann to bid."""
    host, bob = lobby
    host.start()
    bob.refresh()
    return host, bob


def shown(value) -> str:
    """A parameter as its test id shows it, the same in every process (no memory address: the
    tests are collected once per worker process and their ids must agree)."""
    if callable(value):
        return getattr(value, "__name__", "function")
    if type(value) is object:
        return "object()"
    return repr(value)


# -- create_room: numbers, flags, games, bots, settings, clocks -------------------------------------
CREATE = [
    *[({"ttl": v}, rooms.BadSettings, "ttl") for v in
      (NAN, INF, -INF, -1, 0, 59, 30 * DAY + 1, "3600", None, True, [3600], 10 ** 400,
       complex(3600, 0), Decimal(3600))],
    *[({"lease_ttl": v}, rooms.BadSettings, "lease_ttl") for v in
      (NAN, INF, 0, -1, 0.5, 3601, "10", True, None)],
    *[({"stand_in_after": v}, rooms.BadSettings, "stand_in_after") for v in
      (NAN, INF, 0, -5, 1.9, 8 * DAY, "90", True, [])],
    *[({"players": v}, rooms.BadSettings, "players") for v in
      (0, 1, 99, -3, 2.5, "4", True, NAN)],
    *[({"seed": v}, rooms.BadSettings, "seed") for v in
      (-1, 2 ** 63, 10 ** 30, 1.5, "7", True, NAN)],
    *[({"fill_with_bots": v}, rooms.BadSettings, "fill_with_bots") for v in ("yes", 1, None, 0.0)],
    *[({"bot": v}, rooms.BadBot, "bot") for v in ("genius", 3, "", ["heuristic"])],
    *[({"game": v}, rooms.BadGame, "[Gg]ame") for v in ("chess", None, 5, "", "x" * 500)],
    ({"scoring": "golf"}, rooms.BadSettings, "scoring"),
    ({"legendary": "yes"}, rooms.BadSettings, "legendary"),
    ({"nonsense": 1}, rooms.BadSettings, "Unknown setting"),
    ({"edition": 2021}, rooms.BadSettings, "edition"),
    *[({"clock": v}, rooms.BadSettings, "clock") for v in
      (5, "now", lambda: NAN, lambda: "noon", lambda: None)],
]


@pytest.mark.parametrize("kwargs, error, words", CREATE,
                         ids=[f"{next(iter(k))}={shown(next(iter(k.values())))}"[:40] for k, _, _ in CREATE])
def test_create_room_refuses(lobby, store, kwargs, error, words):
    host, _ = lobby
    before = snapshot(store, host.code)
    refused(lambda: rooms.create_room("Cy", store=store, **kwargs), error, words)
    assert snapshot(store, host.code) == before  # no half-made room either


@pytest.mark.parametrize("kwargs", [{"ttl": NAN}, {"lease_ttl": 0}, {"stand_in_after": 0},
                                    {"players": 1}, {"seed": -1}, {"bot": "genius"},
                                    {"host_name": "\u3164"}, {"host_name": "Bot 1"}])
def test_a_refused_create_does_not_even_make_the_store_file(tmp_path, kwargs):
    path = tmp_path / "fresh" / "rooms.sqlite"
    kwargs = {"host_name": "Ann", **kwargs}
    with pytest.raises(rooms.RoomError):
        rooms.create_room(store=path, **kwargs)
    assert not path.parent.exists()


# -- names ------------------------------------------------------------------------------------------
INVISIBLE = ["\u3164", "Ann\u3164", "\u2800", "\u2800\u2800Bob", "\u115f", "\u1160x", "\uffa0",
             "A\u200bnn", "\u200d", "Ann\ufe0f", "An\u00adn", "\u2060Ann", "Ann\U000e0041",
             "\u202eAnn", "\u2066Ann\u2069", "A\u061cnn", "\u180eAnn", "\ue000", "\U000f0000",
             "A\u2028B", "A\u2029B", "\x00Ann", "\x1b[31mAnn", "\x7f", "\u034fAnn", "\u17b4",
             "\U0001d173", "\ufffc", "\U00016fe4", "Ann\U0001d159"]
NAMES = [
    *[(n, rooms.BadName, "invisible") for n in INVISIBLE],
    *[(n, rooms.BadName, "empty") for n in ("", "   ", "\u3000", "\u2003\u2002", "\t", "\u00a0",
                                             "\u2000\u200a")],
    *[(n, rooms.BadName, "at most 24|far too long") for n in ("x" * 25, "Ｘ" * 25, "y" * 5000)],
    *[(n, rooms.BadName, "letter, digit or symbol") for n in ("\u0301\u0301", "...", "-_-")],
    *[(n, rooms.BadName, "text") for n in (None, 42, b"Ann", ["Ann"])],
    # look-alikes of the names taken (Ann, Bob): case, Cyrillic, Greek, full-width, maths
    *[(n, rooms.DuplicateName, "looks the same") for n in
      ("ANN", "\u0430nn", "\u0410nn", "Ａｎｎ", "\U0001d400\U0001d427\U0001d427", "\u0391nn", "ann ",
       "\u0412ob", "\u0392ob", "B0b", "BOB", "\u0412\u043eb", "b\u043eb")],
    # the names the room gives bots and empty seats, and the game's bot names
    *[(n, rooms.BadName, "bots") for n in
      ("Bot 2", "bot", "BOT 3 (heuristic)", "B0t 2", "Bot2", "Seat 1", "seat 3", "heuristic",
       "Random", "Ｂｏｔ ２", "Bot-2", "bot_2", "Bot 10 (random)")],
]


@pytest.mark.parametrize("name, error, words", NAMES, ids=[repr(n)[:30] for n, _, _ in NAMES])
def test_join_room_refuses_the_name(lobby, store, name, error, words):
    host, _ = lobby
    before = snapshot(store, host.code)
    refused(lambda: rooms.join_room(host.code, name, store=store), error, words)
    assert snapshot(store, host.code) == before


HOST_NAMES = [case for case in NAMES[::3] if case[1] is not rooms.DuplicateName]  # alone in a new room


@pytest.mark.parametrize("name, error, words", HOST_NAMES, ids=[repr(n)[:30] for n, _, _ in HOST_NAMES])
def test_create_room_refuses_the_host_name(store, name, error, words):
    refused(lambda: rooms.create_room(name, store=store), error, words)
    assert store.count_rooms() == 0


@pytest.mark.parametrize("typed, shown", [
    ("Bottom", "Bottom"), ("Botond", "Botond"), ("Seattle", "Seattle"), ("Zoë", "Zoë"),
    ("李雷", "李雷"), ("Ann-Marie", "Ann-Marie"), ("O'Brien", "O'Brien"), ("Ｚｅｄ", "Zed"),
    ("Иван", "Иван"), ("Σοφία", "Σοφία"), ("  Cy \u2003 Twain ", "Cy Twain"), ("ﬁona", "fiona"),
    ("Annabel", "Annabel"), ("Bobby", "Bobby"),
])
def test_names_that_are_fine_are_taken_and_shown_normalised(lobby, store, typed, shown):
    host, _ = lobby
    s = rooms.join_room(host.code, typed, store=store)
    assert s.room.seats[s.seat]["name"] == shown


def test_name_skeletons_and_bot_names():
    assert name_key("Аnn") == name_key("ANN") == name_key("Ａｎｎ") == name_key("ann")
    assert name_key("Al") == name_key("AI") == name_key("A1")  # l, I and 1
    assert name_key("Bob") != name_key("Rob") and name_key("Ann") != name_key("Anne")
    assert name_key("corn") == name_key("com")  # rn reads as m
    assert bot_like("Bot 2 (heuristic)", ["heuristic"]) and not bot_like("Bottom", [])
    assert clean_name("Ｂｏｂ\u2003\u2003 Smith") == "Bob Smith"


def test_a_bot_name_given_later_is_never_a_persons(lobby, store):
    """A person cannot take the name a bot gets when the host adds it."""
    host, _ = lobby
    refused(lambda: rooms.join_room(host.code, "Bot 2 (heuristic)", store=store), rooms.BadName)
    assert host.add_bot() == 2
    assert host.room.names()[2] == "Bot 3 (heuristic)"
    assert len({name_key(n) for n in host.room.names()}) == 4


# -- join_room, rejoin_room, Room, RoomSession: codes, tokens, stores -------------------------------
BAD_CODES = [(None, rooms.BadCode), (5, rooms.BadCode), ("", rooms.BadCode), ("ZZZZ", rooms.BadCode),
             ("K7QM-3XH0", rooms.BadCode), ("x" * 100, rooms.BadCode), (b"K7QM3XHD", rooms.BadCode),
             ("K7QM\u200b3XHD", rooms.BadCode), ("2222-2222", rooms.UnknownRoom)]


@pytest.mark.parametrize("code, error", BAD_CODES, ids=[repr(c)[:20] for c, _ in BAD_CODES])
@pytest.mark.parametrize("call", ["join_room", "rejoin_room", "Room", "RoomSession"])
def test_room_calls_refuse_the_code(lobby, store, code, error, call):
    host, bob = lobby
    before = snapshot(store, host.code)
    make = {"join_room": lambda: rooms.join_room(code, "Cy", store=store),
            "rejoin_room": lambda: rooms.rejoin_room(code, bob.token, store=store),
            "Room": lambda: rooms.Room(code, store),
            "RoomSession": lambda: rooms.RoomSession(code, bob.token, store=store)}[call]
    refused(make, error)
    assert snapshot(store, host.code) == before


BAD_TOKENS = [None, "", 12345, "x" * 5000, "short", "ä" * 40, ["token"]]


@pytest.mark.parametrize("token", BAD_TOKENS, ids=[repr(t)[:20] for t in BAD_TOKENS])
def test_tokens_that_are_not_a_seats_are_refused(lobby, store, token):
    host, _ = lobby
    before = snapshot(store, host.code)
    refused(lambda: rooms.rejoin_room(host.code, token, store=store), rooms.BadToken)
    refused(lambda: rooms.RoomSession(host.code, token, store=store), rooms.BadToken)
    refused(lambda: host.room.view(token), rooms.BadToken)
    assert snapshot(store, host.code) == before


BAD_STORES = [42, b"rooms.sqlite", "", "   ", "ftp://x/y", "sqlite://", "x" * 5000, "a\x00b",
              "redis://127.0.0.1:1/0", "redis://host:notaport/0", [], "DIR", "UNDER_A_FILE"]


@pytest.mark.parametrize("bad", BAD_STORES, ids=[repr(b)[:20] for b in BAD_STORES])
def test_stores_that_cannot_be_opened_are_a_sentence(lobby, store, tmp_path, bad):
    host, _ = lobby
    if bad == "DIR":
        bad = str(tmp_path)  # a folder, not a file
    elif bad == "UNDER_A_FILE":
        (tmp_path / "file").write_text("x")
        bad = str(tmp_path / "file" / "rooms.sqlite")
    before = snapshot(store, host.code)
    refused(lambda: rooms.open_store(bad), rooms.StoreError)
    refused(lambda: rooms.join_room(host.code, "Cy", store=bad), rooms.StoreError)
    refused(lambda: rooms.create_room("Cy", store=bad), rooms.StoreError)
    assert snapshot(store, host.code) == before


# -- the session's own calls ------------------------------------------------------------------------
SUBMIT = [
    (None, rooms.BadAction), (5, rooms.BadAction), (2.5, rooms.BadAction),
    (b"Bid(n=0)", rooms.BadAction), ([], rooms.BadAction), ("garbage", rooms.BadAction),
    ({"type": "Nope", "fields": {}}, rooms.BadAction), ("x" * 10000, rooms.BadAction),
    (object(), rooms.BadAction), ("Play(rank='8', count=1)", rooms.BadAction),
    ("Bid(n=99)", rooms.IllegalPlay), ('{"type": "Bid", "fields": {"n": -1}}', rooms.IllegalPlay),
]


@pytest.mark.parametrize("action, error", SUBMIT, ids=[shown(a)[:24] for a, _ in SUBMIT])
def test_submit_refuses_the_action(table, store, action, error):
    host, _ = table
    before = snapshot(store, host.code)
    refused(lambda: host.submit(action), error)
    assert snapshot(store, host.code) == before


@pytest.mark.parametrize("expect_seq, error", [
    (-1, rooms.BadRequest), ("0", rooms.BadRequest), (1.5, rooms.BadRequest), (True, rooms.BadRequest),
    (NAN, rooms.BadRequest), (10 ** 100, rooms.StaleAction), (1, rooms.StaleAction)])
def test_submit_refuses_the_move_number(table, store, expect_seq, error):
    host, _ = table
    before = snapshot(store, host.code)
    refused(lambda: host.submit(Bid(0), expect_seq=expect_seq), error)
    assert snapshot(store, host.code) == before


SESSION = [
    ("add_bot", {"seat": -1}, rooms.BadRequest), ("add_bot", {"seat": 99}, rooms.BadRequest),
    ("add_bot", {"seat": "2"}, rooms.BadRequest), ("add_bot", {"seat": 2.0}, rooms.BadRequest),
    ("add_bot", {"seat": True}, rooms.BadRequest), ("add_bot", {"seat": NAN}, rooms.BadRequest),
    ("add_bot", {"bot": "genius"}, rooms.BadBot), ("add_bot", {"bot": 5}, rooms.BadBot),
    ("add_bot", {"bot": ""}, rooms.BadBot),
    ("remove_bot", {"seat": None}, rooms.BadRequest), ("remove_bot", {"seat": "x"}, rooms.BadRequest),
    ("remove_bot", {"seat": -1}, rooms.BadRequest), ("remove_bot", {"seat": 99}, rooms.BadRequest),
    ("remove_bot", {"seat": True}, rooms.BadRequest),
    ("host_tick", {"max_moves": -1}, rooms.BadRequest), ("host_tick", {"max_moves": "2"}, rooms.BadRequest),
    ("host_tick", {"max_moves": 1.5}, rooms.BadRequest), ("host_tick", {"max_moves": True}, rooms.BadRequest),
    ("host_tick", {"max_moves": NAN}, rooms.BadRequest),
    ("events", {"start": -1}, rooms.BadRequest), ("events", {"start": "0"}, rooms.BadRequest),
    ("events", {"start": None}, rooms.BadRequest), ("events", {"start": True}, rooms.BadRequest),
]


@pytest.mark.parametrize("method, kwargs, error", SESSION,
                         ids=[f"{m}-{k}"[:40] for m, k, _ in SESSION])
def test_session_calls_refuse_their_arguments(lobby, store, method, kwargs, error):
    host, _ = lobby
    before = snapshot(store, host.code)
    refused(lambda: getattr(host, method)(**kwargs), error)
    assert snapshot(store, host.code) == before


@pytest.mark.parametrize("call, error, words", [
    (lambda h, b: h.add_bot(seat=1), rooms.RoomFull, "Seat 1 is taken"),
    (lambda h, b: h.remove_bot(seat=1), rooms.WrongPhase, "not a bot"),
    (lambda h, b: b.add_bot(), rooms.NotHost, "Only the host"),
    (lambda h, b: b.start(), rooms.NotHost, "Only the host"),
    (lambda h, b: b.submit(Bid(0)), rooms.WrongPhase, "not started"),
])
def test_lobby_refusals_leave_the_room_as_it_was(lobby, store, call, error, words):
    host, bob = lobby
    before = snapshot(store, host.code, strict=False)  # the host's poll may renew its lease
    refused(lambda: call(host, bob), error, words)
    assert snapshot(store, host.code, strict=False) == before


@pytest.mark.parametrize("call, error", [
    (lambda r: r.bot_action(-1, "heuristic"), rooms.BadRequest),
    (lambda r: r.bot_action(99, "heuristic"), rooms.BadRequest),
    (lambda r: r.bot_action("0", "heuristic"), rooms.BadRequest),
    (lambda r: r.bot_action(2, "genius"), rooms.BadBot),
    (lambda r: r.update(None), rooms.BadRequest),
    (lambda r: r.update(5), rooms.BadRequest),
    (lambda r: r.append(0, Bid(0), "admin"), rooms.BadRequest),
    (lambda r: r.append(0, Bid(0), None), rooms.BadRequest),
    (lambda r: r.append(9, Bid(0), "human"), rooms.BadRequest),
    (lambda r: r.append(0, Bid(0), "human", expect_seq=-3), rooms.BadRequest),
])
def test_room_calls_refuse_their_arguments(table, store, call, error):
    host, _ = table
    before = snapshot(store, host.code)
    refused(lambda: call(host.room), error)
    assert snapshot(store, host.code) == before


# -- the widget's own numbers -----------------------------------------------------------------------
WIDGET = [
    *[({"poll": v}, rooms.BadSettings) for v in (0, -1, NAN, INF, "0.5", True, 1000, None)],
    *[({"bot_pace": v}, rooms.BadSettings) for v in (-1, NAN, "x", 61)],
    *[({"game": v}, rooms.BadGame) for v in ("chess", 5)],
    ({"start_timer": "yes"}, rooms.BadSettings),
]


@pytest.mark.parametrize("kwargs, error", WIDGET, ids=[repr(k)[:30] for k, _ in WIDGET])
def test_the_widget_refuses_its_settings(tmp_path, kwargs, error):
    refused(lambda: RoomWidget(store=str(tmp_path / "r.sqlite"), start_timer=False, **kwargs)
            if "start_timer" not in kwargs else RoomWidget(store=str(tmp_path / "r.sqlite"), **kwargs),
            error)
    assert not (tmp_path / "r.sqlite").exists()


# -- a store holding a damaged room -----------------------------------------------------------------
DAMAGED_META = [
    ("players", "3"), ("players", 7), ("seats", "everyone"), ("status", "paused"), ("ttl", NAN),
    ("ttl", "12h"), ("game", 5), ("seed", "x"), ("settings", []), ("bot", None),
    ("stand_in_after", -INF), ("seats", [None, None, None, {"kind": "human"}]),
]


@pytest.mark.parametrize("key, value", DAMAGED_META, ids=[f"{k}={v!r}"[:30] for k, v in DAMAGED_META])
def test_a_damaged_room_is_refused_with_a_sentence(lobby, store, key, value):
    host, _ = lobby
    meta, version, _ = store.get(host.code)
    assert store.put(host.code, dict(meta, **{key: value}), version, time.time())
    for call in (lambda: rooms.Room(host.code, store), host.refresh,
                 lambda: rooms.join_room(host.code, "Cy", store=store)):
        refused(call, rooms.CorruptLog, "damaged")


def test_a_log_entry_that_is_not_a_record_is_refused(table, store):
    host, _ = table
    assert store.append(host.code, 0, ["not", "a", "record"], time.time())
    refused(lambda: rooms.Room(host.code, store), rooms.CorruptLog, "not a move record")


def test_every_message_stays_short_whatever_was_typed(lobby, store):
    """Long inputs are quoted cut short; no refusal grows past MAX_MESSAGE."""
    host, _ = lobby
    long = "Z" * 100_000
    for call in (lambda: rooms.create_room("Ann", game=long, store=store),
                 lambda: rooms.create_room("Ann", store=store, scoring=long),
                 lambda: rooms.create_room("Ann", store=store, bot=long),
                 lambda: rooms.create_room("Ann", store=store, ttl=long),
                 lambda: rooms.join_room(long, "Cy", store=store),
                 lambda: host.submit(long),
                 lambda: rooms.open_store("/" + "d" * 1000 + "/" + long)):
        with pytest.raises(rooms.RoomError) as info:
            call()
        assert len(str(info.value)) <= MAX_MESSAGE
    assert rooms.RoomError("x" * 1000).args[0].endswith("…")
    assert len(str(rooms.StoreError("y" * 1000))) == MAX_MESSAGE


@pytest.mark.parametrize("url", ["redis://:hunter2@host:notaport/0", "redis://ann:hunter2@127.0.0.1:1/0",
                                 "rediss://ann:hunter2@127.0.0.1:1/3"])
def test_a_store_sentence_never_shows_a_password(url):
    text = refused(lambda: rooms.open_store(url), rooms.StoreError)
    assert "hunter2" not in text
