"""Broken stores: a SQLite file deleted, moved, replaced, cut short or overwritten while
sessions are open; a Redis server stopped (SIGTERM) or killed (SIGKILL) and started again,
also in the middle of a game played by several processes. Every public call then raises a
StoreError sentence (never a sqlite3 or redis exception), no kernel goes on playing into a
file nobody else sees, every move whose submit() returned is still there afterwards, and once
Redis is back the game goes on."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import time
from pathlib import Path

import ipywidgets as W
import pytest

from lopti_nb import rooms
from lopti_nb.rooms.errors import MAX_MESSAGE
from lopti_nb.rooms.widget import RoomWidget
from lopti_nb.widgets.testing import visible_widgets


# -- helpers ----------------------------------------------------------------------------------------
def started_game(store, moves=7):
    """Ann hosts, Bob joins, a bot takes seat 2; the table plays ``moves`` moves and stops
    with a person to act."""
    host = rooms.create_room("Ann", players=3, store=store, stand_in_after=None, seed=7)
    bob = rooms.join_room(host.code, "Bob", store=store)
    host.start()
    by_seat = {host.seat: host, bob.seat: bob}
    while host.seq < moves:
        host.host_tick()
        for s in by_seat.values():
            s.refresh()
            if s.my_turn():
                s.submit(s.state.legal_actions()[0], expect_seq=s.seq)
    host.host_tick()
    for s in by_seat.values():
        s.refresh()
    assert host.state.current_player in by_seat and not host.state.is_over
    return host, bob


def to_act(host, bob):
    return host if host.my_turn() else bob


def public_calls(host, bob):
    """Every public call of a started room, by name (each reads or writes the store)."""
    store, code = host.store, host.code
    return {
        "refresh": bob.refresh,
        "host_tick": host.host_tick,
        "submit": lambda: to_act(host, bob).submit(to_act(host, bob).state.legal_actions()[0]),
        "public": host.room.public,
        "view": lambda: rooms.Room(code, store).view(bob.token),
        "load": host.room.load,
        "host_seat": host.host_seat,
        "leave": bob.leave,
        "update": lambda: host.room.update(lambda meta: None),
        "Room": lambda: rooms.Room(code, store),
        "RoomSession": lambda: rooms.RoomSession(code, host.token, store=store),
        "rejoin_room": lambda: rooms.rejoin_room(code, bob.token, store=store),
        "join_room": lambda: rooms.join_room(code, "Cy", store=store),
        "create_room": lambda: rooms.create_room("Dee", store=store),
    }


def assert_sentence(exc: Exception, *words: str) -> None:
    text = str(exc)
    assert isinstance(exc, rooms.StoreError), repr(exc)
    assert 20 < len(text) <= MAX_MESSAGE, text
    for w in words:
        assert w in text, text
    for leak in ("sqlite3.", "redis.", "Traceback", "Error:"):
        assert leak not in text, text


def sqlite_log(path: Path, code: str) -> list[dict]:
    """The room's log, read by a plain sqlite3 connection (not the package's store)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = db.execute("SELECT record FROM actions WHERE code=? ORDER BY seq", (code,)).fetchall()
    finally:
        db.close()
    return [json.loads(r[0]) for r in rows]


# -- SQLite: the file damaged while sessions are open ---------------------------------------------
def _unlink_all(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)


def _move_all(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        src = Path(str(path) + suffix)
        if src.exists():
            src.rename(path.parent / ("moved.sqlite" + suffix))


def _replace(path: Path) -> None:
    other = path.parent / "other.sqlite"
    rooms.create_room("Zed", players=2, store=other)
    os.replace(other, path)


def _overwrite_in_place(path: Path) -> None:
    size = path.stat().st_size
    with open(path, "r+b") as f:  # same file, same size, every byte garbage
        f.write(os.urandom(size))


DAMAGE = {
    # name: (what is done to the file, words of the sentence, damaged in place)
    "deleted": (_unlink_all, "deleted or moved away", False),
    "moved away": (_move_all, "deleted or moved away", False),
    "replaced by another store": (_replace, "replaced by another file", False),
    "truncated to nothing": (lambda p: os.truncate(p, 0), "cut short", True),
    "cut in half": (lambda p: os.truncate(p, p.stat().st_size // 2), "cut short", True),
    "overwritten in place": (_overwrite_in_place, "overwritten", True),
    "rewritten with garbage": (lambda p: p.write_bytes(os.urandom(p.stat().st_size)), "overwritten", True),
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_sqlite_file_stops_every_call_with_a_sentence(tmp_path, damage):
    path = tmp_path / "rooms.sqlite"
    host, bob = started_game(path)
    acknowledged = host.store.log(host.code)
    harm, words, in_place = DAMAGE[damage]
    harm(path)
    for call in public_calls(host, bob).values():
        with pytest.raises(rooms.StoreError) as info:
            call()
        assert_sentence(info.value, words, "seat key")
    assert host.seq == bob.seq == len(acknowledged)  # no session moved on
    if damage == "deleted":
        assert not path.exists()  # nothing made a new file to play into
    if damage == "moved away":  # the moved file holds exactly the acknowledged moves
        assert sqlite_log(tmp_path / "moved.sqlite", host.code) == acknowledged
    # the kernel's next rooms use the path afresh
    fresh = rooms.open_store(path)
    assert fresh is not host.store
    # A file damaged in place gets back what the kernel's SQLite still held in its
    # write-ahead log when the store let go of it: here every page (the game is too short
    # for a checkpoint), so every acknowledged move and nothing else. A deleted or replaced
    # file is left alone: the path holds a new store without the room.
    assert fresh.log(host.code) == (acknowledged if in_place else [])


def test_a_deleted_file_is_a_fresh_store_for_new_rooms(tmp_path):
    path = tmp_path / "rooms.sqlite"
    host, bob = started_game(path)
    _unlink_all(path)
    with pytest.raises(rooms.StoreError, match="deleted"):
        bob.refresh()
    with pytest.raises(rooms.UnknownRoom):
        rooms.join_room(host.code, "Cy", store=path)  # the new file has no such room
    again = rooms.create_room("Eve", players=2, store=path)
    assert again.store is rooms.open_store(path) and again.store is not host.store
    assert rooms.join_room(again.code, "Fay", store=path).seat == 1


def test_a_file_of_another_program_or_not_a_database_is_refused(tmp_path):
    notes = tmp_path / "notes.sqlite"
    db = sqlite3.connect(notes)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.commit()
    db.close()
    with pytest.raises(rooms.StoreError, match="another program") as info:
        rooms.create_room("Ann", store=notes)
    assert_sentence(info.value)
    assert sqlite3.connect(notes).execute(
        "SELECT name FROM sqlite_master WHERE type='table'").fetchall() == [("notes",)]
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(os.urandom(8192))
    with pytest.raises(rooms.StoreError, match="not a room store") as info:
        rooms.create_room("Ann", store=junk)
    assert_sentence(info.value)


def test_the_widget_shows_a_deleted_store_and_keeps_working(tmp_path):
    path = tmp_path / "rooms.sqlite"
    w = RoomWidget(store=str(path), start_timer=False, bot_pace=0)
    w.create_name.value = "Ann"
    w.create_players.value = 2
    w.create_button.click()
    w.start_button.click()  # the bot takes seat 1
    assert w.session is not None and w.table_box.layout.display == "flex"
    code = w.session.pretty_code
    _unlink_all(path)
    w.poll_once()
    assert "deleted" in w.status.value and "role=\"alert\"" in w.status.value
    buttons = [b for b in visible_widgets(w.view.widget)
               if isinstance(b, W.Button) and not b.disabled]
    if buttons:  # a move: the sentence again, and nothing played
        buttons[0].click()
        assert "deleted" in w.status.value and w.session.seq == 0
    shown = list(visible_widgets(w))
    assert w.leave_button in shown and not w.leave_button.disabled
    w.leave_button.click()
    assert w.session is None and "deleted" in w.status.value and "You left room" in w.status.value
    assert w.rejoin_button in list(visible_widgets(w))
    w.rejoin_button.click()  # the code and key are filled in; the new file has no such room
    assert w.session is None and f"No room has the code {code}" in w.status.value
    w.create_button.click()
    assert w.session is not None and path.exists()


def _spawn_game(procs, tmp_path, store_url, poll="0.02", give_up="60", players="4"):
    code_file = str(tmp_path / "code.json")
    common = ["--store", store_url, "--code-file", code_file, "--poll", poll, "--give-up", give_up]
    members = [procs.spawn([*common, "--role", "host", "--name", "Ann", "--players", players,
                            "--wait-for", "2", "--bots", "1", "--policy", "bot",
                            "--out", str(tmp_path / "p0.json")])]
    for i, name in ((1, "Bob"), (2, "Cy")):
        members.append(procs.spawn([*common, "--role", "join", "--name", name, "--seed", str(i),
                                    "--out", str(tmp_path / f"p{i}.json")]))
    deadline = time.time() + 120
    while not os.path.exists(code_file) and time.time() < deadline:
        time.sleep(0.02)
    with open(code_file) as f:
        return members, json.load(f)["code"]


def _wait_for_moves(read_log, n, what, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            got = len(read_log())
        except (rooms.StoreError, sqlite3.Error):
            got = -1
        if got >= n:
            return got
        time.sleep(0.02)
    raise AssertionError(f"the game did not reach {n} moves {what}")


def _no_tracebacks(members):
    for p in members:
        out = p.output()
        assert "Traceback" not in out, out


def test_a_sqlite_file_deleted_under_three_processes(tmp_path, procs):
    """Three member processes play; the file (with its -wal and -shm) is deleted mid-game.
    Each member gets the sentence and stops after --give-up seconds; none made a new file; and
    every move a member was told was accepted is in the deleted file, read through a
    connection opened before the deletion (which still sees it)."""
    path = tmp_path / "rooms.sqlite"
    members, code = _spawn_game(procs, tmp_path, str(path), give_up="1.5")
    watcher = sqlite3.connect(path)  # keeps the deleted file (and its WAL) readable
    read = lambda: watcher.execute("SELECT record FROM actions WHERE code=? ORDER BY seq",
                                   (code,)).fetchall()
    _wait_for_moves(read, 30, "before the deletion")
    _unlink_all(path)
    procs.wait_all(members, timeout=120)
    _no_tracebacks(members)
    assert not path.exists()
    log = [json.loads(r[0]) for r in read()]
    assert [r["seq"] for r in log] == list(range(len(log)))
    for i in range(3):
        summary = json.loads((tmp_path / f"p{i}.json").read_text())
        assert summary["gave_up"] and any("deleted" in e for e in summary["store_errors"]), summary
        head, lines = procs.accepted_lines(tmp_path / f"p{i}.json")
        for line in lines:
            assert log[line["seq"]]["action"] == line["action"]
            assert log[line["seq"]]["seat"] == head["seat"]
    watcher.close()


# -- Redis: the server stopped and started again --------------------------------------------------
@pytest.mark.parametrize("lost", ["after the server made it", "before the server got it"])
@pytest.mark.parametrize("write", ["append", "put"])
def test_a_lost_redis_answer_is_looked_up_not_guessed(redis_url, monkeypatch, lost, write):
    """The connection drops before a checked write's answer arrives: the store looks whether
    the write was made, and either reports it made (it is not made twice) or sends it again."""
    host = rooms.create_room("Ann", players=3, store=redis_url, stand_in_after=None)
    store = host.store
    script = getattr(store, "_" + write)
    tries = []

    def dropping(keys, args):
        tries.append(1)
        if len(tries) == 1:
            if lost.startswith("after"):
                script(keys=keys, args=args)
            raise store._redis.ConnectionError("Connection closed by server.")
        return script(keys=keys, args=args)

    if write == "put":  # a person joining: the seat is taken once, and the join succeeds
        monkeypatch.setattr(store, "_put", dropping)
        bob = rooms.join_room(host.code, "Bob", store=redis_url)
        names = [s["name"] for s in rooms.Room(host.code, redis_url).seats if s]
        assert bob.seat == 1 and names == ["Ann", "Bob"]
    else:  # a move: logged once, at the number submit() returned
        host.start()
        monkeypatch.setattr(store, "_append", dropping)
        assert host.submit(host.state.legal_actions()[0]) == 0
        assert len(store.log(host.code)) == 1
    assert len(tries) == (1 if lost.startswith("after") else 2)
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_redis_going_down_is_a_sentence_and_the_game_goes_on(redis_server, how):
    host, bob = started_game(redis_server.url)
    acknowledged = host.store.log(host.code)
    redis_server.stop(how)
    for call in public_calls(host, bob).values():
        with pytest.raises(rooms.StoreError) as info:
            call()
        assert_sentence(info.value, "not answering")
    redis_server.start()
    for s in (host, bob):
        s.refresh()
    assert host.store.log(host.code) == acknowledged  # every acknowledged move survived
    for _ in range(2000):  # and the same sessions play the game to its end
        host.host_tick()
        for s in (host, bob):
            s.refresh()
            if s.my_turn():
                s.submit(s.state.legal_actions()[0], expect_seq=s.seq)
        if host.state.is_over:
            break
    assert host.state.is_over and host.store.log(host.code)[:len(acknowledged)] == acknowledged


def test_an_acknowledged_move_survives_a_killed_redis(redis_server):
    """appendfsync always: the server has the move on disk before submit() returns."""
    host, bob = started_game(redis_server.url, moves=3)
    s = to_act(host, bob)
    seq = s.submit(s.state.legal_actions()[0], expect_seq=s.seq)
    redis_server.stop(signal.SIGKILL)  # at once: no chance to write anything more
    redis_server.start()
    log = rooms.Room(host.code, redis_server.url).store.log(host.code)
    assert len(log) == seq + 1 and log[seq]["seat"] == s.seat


def test_redis_that_lost_its_rooms_is_noticed(redis_server):
    host, bob = started_game(redis_server.url)
    import redis

    redis.Redis.from_url(redis_server.url).flushall()  # as a restart without persistence would
    for name in ("refresh", "host_tick", "load"):
        with pytest.raises(rooms.StoreError) as info:
            public_calls(host, bob)[name]()
        assert_sentence(info.value, "lost its rooms")
    fresh = rooms.open_store(redis_server.url)
    assert fresh is not host.store
    again = rooms.create_room("Eve", players=2, store=redis_server.url)
    assert rooms.join_room(again.code, "Fay", store=redis_server.url).seat == 1


def test_the_widget_waits_for_redis_to_come_back(redis_server):
    w = RoomWidget(store=redis_server.url, start_timer=False, bot_pace=0)
    w.create_name.value = "Ann"
    w.create_players.value = 2
    w.create_button.click()
    w.start_button.click()
    assert w.session is not None
    redis_server.stop(signal.SIGKILL)
    w.poll_once()
    assert "not answering" in w.status.value
    buttons = [b for b in visible_widgets(w.view.widget)
               if isinstance(b, W.Button) and not b.disabled]
    assert buttons, "it is Ann's turn: her moves are offered"
    buttons[0].click()
    assert "not answering" in w.status.value and w.session.seq == 0
    redis_server.start()
    w.poll_once()
    assert "not answering" not in w.status.value  # the sentence goes once the store answers
    assert w.session.seq == 1  # the bot's bid, made while Ann is still deciding
    buttons = [b for b in visible_widgets(w.view.widget)
               if isinstance(b, W.Button) and not b.disabled]
    buttons[0].click()
    assert w.session.seq == 2 and 'role="alert"' not in w.status.value


def test_redis_restarted_twice_during_a_three_process_game(redis_server, tmp_path, procs):
    """Three member processes play Skull King; Redis is killed (SIGKILL) and, later, stopped
    (SIGTERM), each time started again a second later. The members see StoreError sentences,
    never a traceback, and finish the game; every move a member was told was accepted is in
    the log at its number, and every person's move in the log was either acknowledged or met
    a store fault on its way (unconfirmed)."""
    members, code = _spawn_game(procs, tmp_path, redis_server.url, poll="0.03", players="5")
    read = lambda: rooms.open_store(redis_server.url).log(code)
    at = _wait_for_moves(read, 25, "before the first outage")
    for how in (signal.SIGKILL, signal.SIGTERM):
        redis_server.stop(how)
        time.sleep(1.0)
        redis_server.start()
        at = _wait_for_moves(read, at + 25, "after Redis came back")
    procs.wait_all(members, timeout=300)
    _no_tracebacks(members)
    room = rooms.Room(code, redis_server.url)
    log = room.store.log(code)
    state = rooms.replay(room.meta, log)
    assert state.is_over and room.status == rooms.OVER
    assert [r["seq"] for r in log] == list(range(len(log)))
    claimed, unconfirmed, faults = {}, [], 0
    for i in range(3):
        summary = json.loads((tmp_path / f"p{i}.json").read_text())
        assert summary["scores"] == list(state.result.scores) and not summary["gave_up"]
        faults += summary["refused"].get("StoreError", 0)
        assert all("Redis at" in e and len(e) <= MAX_MESSAGE for e in summary["store_errors"])
        unconfirmed += [(u["seq"], u["action"]) for u in summary["unconfirmed"]]
        procs.claimed_moves([tmp_path / f"p{i}.json"], log, claimed)
    assert faults > 0, "the members never noticed the outages"
    for r in log:
        if r["by"] == "human" and r["seq"] not in claimed:
            assert (r["seq"], r["action"]) in unconfirmed, r
