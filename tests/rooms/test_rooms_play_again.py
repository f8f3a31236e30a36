"""Play again in a room: once its game is over the host starts a new game in the same room,
with the same seats, names and settings and a new seed. The log stays append-only (it gains
one "new game" record; the current game is the moves after it), the finished game's record
stays at hand, and two presses at once start one game, not two, in SQLite and in Redis."""
from __future__ import annotations

import random
import threading
import time

import pytest

import lopti_nb
from lopti_nb import rooms
from lopti_nb.engine import LoptiNbError, get_spec

GAME, SETTINGS = "drowned-ledger", {"mode": "plain", "hold_limit": 3}  # a short game


def play_to_the_end(*sessions, seed=1):
    """The people's seats move by the game's bot, the room's bots by the host's kernel."""
    spec = get_spec(GAME)
    bot, rng = spec.make_bot(spec.default_bot), random.Random(seed)
    host = sessions[0]
    for _ in range(3000):
        host.host_tick()
        if host.status == rooms.OVER:
            break
        for s in sessions:
            s.refresh()
            if s.my_turn():
                legal = s.state.legal_actions(s.seat)
                s.submit(bot(s.observation(), legal, rng) if len(legal) > 1 else legal[0], expect_seq=s.seq)
    for s in sessions:
        s.refresh()
    assert host.status == rooms.OVER


def snapshot(session):
    store = session.store
    meta, version, _ = store.get(session.code)
    return meta, version, store.log(session.code)


def refused(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, LoptiNbError) and isinstance(info.value, ValueError)
    text = str(info.value)
    assert words in text and len(text) < 200 and text.endswith(".") and "Traceback" not in text


def new_game_records(session):
    return [r for r in session.store.log(session.code) if "new_game" in r]


def test_play_again_starts_a_new_game_with_the_same_seats_and_settings_and_keeps_the_last(store_url):
    host = rooms.create_room("Ann", GAME, players=3, store=store_url, seed=5, stand_in_after=None, **SETTINGS)
    bob = rooms.join_room(host.code, "Bob", store=store_url)
    # before the game has started, and while it is played: refused, nothing written
    before = snapshot(host)
    refused(host.play_again, rooms.WrongPhase, "has not started")
    assert snapshot(host) == before
    host.start()
    host.host_tick()
    before = snapshot(host)
    refused(host.play_again, rooms.WrongPhase, "still being played")
    refused(lambda: host.play_again(expect_game=0), rooms.BadRequest, "expect_game")
    assert snapshot(host) == before
    play_to_the_end(host, bob)
    first = host.room.record()
    finished = lopti_nb.load(first)
    names, seats = host.room.names(), host.room.public()["seats"]
    # a guest may not (only the host presses Play again): refused, nothing written
    before = snapshot(host)
    refused(bob.play_again, rooms.NotHost, "Only the host (Ann)")
    assert snapshot(host) == before
    assert host.play_again() == 2
    log = host.store.log(host.code)
    assert log[:-1] == before[2] and "new_game" in log[-1] and log[-1]["new_game"] == 2  # appended
    assert host.status == rooms.PLAYING and host.room.game_no == 2 and host.seq == len(log)
    meta = host.store.get(host.code)[0]
    assert meta["status"] == rooms.PLAYING and meta["games"] == 2
    # every other kernel follows by its usual polling; a kernel reading the room afresh too
    for other in (bob, rooms.Room(host.code, store_url)):
        other.refresh() if hasattr(other, "refresh") else None
        room = getattr(other, "room", other)
        assert room.status == rooms.PLAYING and room.game_no == 2
        assert room.names() == names and room.public()["seats"] == seats
        assert room.meta["settings"] == first["settings"]
        assert room.seed != first["seed"] and room.state.actions == []
        assert room.state.observation(None) == host.state.observation(None)
        # the finished game stays at hand, the same game as played
        again = lopti_nb.load(room.record(1))
        assert room.record(1) == first and again.result == finished.result
        assert room.record() == room.record(2) and room.record()["seed"] == room.seed
    refused(lambda: host.room.record(3), rooms.BadRequest, "game")
    # a second press now is too early: the new game is being played
    before = snapshot(host)
    refused(host.play_again, rooms.WrongPhase, "still being played")
    assert snapshot(host) == before
    # the new game is played to its end as the first was, and may be followed by a third
    play_to_the_end(host, bob, seed=2)
    assert host.store.get(host.code)[0]["status"] == rooms.OVER
    assert lopti_nb.load(host.room.record()).result == host.state.result
    assert host.play_again() == 3 and rooms.Room(host.code, store_url).game_no == 3
    assert len({host.room.record(n)["seed"] for n in (1, 2, 3)}) == 3


def test_a_press_that_lost_the_race_starts_nothing_more(store_url):
    """Two kernels both read the game as over at the same end of the log; the first press
    appends the new game, the second's append is refused by the store (the log no longer ends
    where it read it) and it takes the game just started as its own."""
    host = rooms.create_room("Ann", GAME, players=2, store=store_url, seed=3, stand_in_after=None, **SETTINGS)
    host.start()
    play_to_the_end(host)
    late = rooms.Room(host.code, store_url)
    assert late.status == rooms.OVER
    assert host.room.start_next_game(host.seat) == 2
    assert late.status == rooms.OVER and late.game_no == 1  # it has not looked again
    assert late.start_next_game(host.seat) == 2
    assert late.game_no == 2 and late.status == rooms.PLAYING
    assert len(new_game_records(host)) == 1
    # a press about game 1 made after game 2 began (a page showing the old game) starts nothing
    assert late.start_next_game(host.seat, expect_game=1) == 2
    assert len(new_game_records(host)) == 1


def test_two_hosts_pressing_play_again_at_once_start_one_game(store_url):
    """The host's kernel held the lease; a second kernel of the same seat, whose clock is past
    the lease, takes it over while the first still believes it hosts: both press Play again
    at the same moment, from two threads. One new game starts."""
    host = rooms.create_room("Ann", GAME, players=2, store=store_url, seed=9, stand_in_after=None,
                             lease_ttl=60, **SETTINGS)
    host.start()
    play_to_the_end(host)
    twin = rooms.RoomSession(host.code, host.token, store=store_url, clock=lambda: time.time() + 61)
    assert host.claim_host() and twin.claim_host()  # two hosts, for a moment
    barrier, got = threading.Barrier(2), {}

    def press(session, name):
        barrier.wait(10)
        try:
            got[name] = session.play_again()
        except rooms.WrongPhase as exc:  # it looked after the other's press: too early now
            got[name] = str(exc)

    threads = [threading.Thread(target=press, args=(s, n)) for s, n in ((host, "host"), (twin, "twin"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert 2 in got.values() and set(got.values()) <= {2, "The game is still being played: a new game "
                                                           "can start once it is over."}, got
    records = new_game_records(host)
    assert len(records) == 1 and records[0]["new_game"] == 2
    for s in (host, twin):
        s.refresh()
        assert s.room.game_no == 2 and s.status == rooms.PLAYING


def test_a_log_with_a_forged_new_game_does_not_replay(tmp_path):
    """A "new game" record before the end, or numbered out of turn, is a damaged log."""
    url = f"sqlite:///{tmp_path / 'rooms.sqlite'}"
    host = rooms.create_room("Ann", GAME, players=2, store=url, seed=3, stand_in_after=None, **SETTINGS)
    host.start()
    host.host_tick()
    store, k = host.store, host.seq
    fresh = lopti_nb.new_game(GAME, players=2, seed=4, **SETTINGS)
    record = {"seq": k, "seat": 0, "new_game": 2, "seed": 4, "deal_check": rooms.room.deal_check(fresh),
              "by": "human", "at": time.time(), "id": "x"}
    assert store.append(host.code, k, record, time.time())
    with pytest.raises(rooms.CorruptLog, match="before game 1 was over"):
        rooms.Room(host.code, url)
