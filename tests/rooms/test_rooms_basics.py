"""Rooms in one process: codes, names, seats, lobby, turns, bad input, privacy, bots."""
from __future__ import annotations

import json
import re

import pytest

from lopti_nb import rooms
from lopti_nb.engine import LoptiNbError
from lopti_nb.rooms import codec
from lopti_nb.games.skullking import Bid, Play


class Clock:
    def __init__(self, t=1_000_000.0):
        self.t = t

    def __call__(self):
        return self.t


def snapshot(store, code):
    got = store.get(code)
    return (got[0], got[1]) if got else None, store.log(code)


@pytest.fixture
def lobby(store_url):
    host = rooms.create_room("Ann", players=4, store=store_url, scoring="rascal", edition="2021",
                             legendary=False)
    bob = rooms.join_room(host.pretty_code.lower().replace("-", " "), "Bob", store=store_url)
    return host, bob


def test_codes_are_readable_and_strong():
    assert rooms.BITS >= 30
    assert not set("01OILU") & set(rooms.ALPHABET)
    codes = {rooms.new_code() for _ in range(2000)}
    assert len(codes) == 2000
    for c in list(codes)[:50]:
        assert re.fullmatch(r"[2-9A-HJKMNP-TV-Z]{8}", c)
        assert rooms.normalize(rooms.pretty(c).lower()) == c
        assert rooms.normalize(" " + c[:4] + " - " + c[4:] + " ") == c


@pytest.mark.parametrize("text, words", [
    ("K7QM-3XH0", "zero"), ("K7QM-3XHO", "letter O"), ("K7QM-3XH", "8 characters"),
    ("K7QM-3XHDD", "8 characters"), ("K7Q!-3XHD", "'!'"), ("X" * 100, "too long"),
])
def test_bad_codes_say_why(text, words):
    with pytest.raises(rooms.BadCode, match=words):
        rooms.normalize(text)
    with pytest.raises(ValueError):
        rooms.join_room(text, "Zed", store=":memory:")


def test_unknown_and_expired_codes(store_url):
    with pytest.raises(rooms.UnknownRoom, match="No room has the code"):
        rooms.join_room(rooms.new_code(), "Zed", store=store_url)
    clock = Clock()
    host = rooms.create_room("Ann", players=3, store=store_url, ttl=3600, clock=clock)
    clock.t += 3599
    rooms.join_room(host.code, "Bob", store=store_url, clock=clock)  # a write: idle clock resets
    clock.t += 3601
    with pytest.raises(rooms.RoomExpired, match="expired"):
        rooms.join_room(host.code, "Cy", store=store_url, clock=clock)
    with pytest.raises(rooms.UnknownRoom):  # RoomExpired is an UnknownRoom
        host.refresh()


def test_lobby_join_full_duplicates(lobby, store_url):
    host, bob = lobby
    assert (host.seat, bob.seat) == (0, 1)
    assert host.is_host and not bob.claim_host()
    with pytest.raises(rooms.DuplicateName, match="already called 'Bob'"):
        rooms.join_room(host.code, "  bOB ", store=store_url)
    cy = rooms.join_room(host.code, "Cy", store=store_url)
    host.add_bot()
    before = snapshot(host.store, host.code)
    with pytest.raises(rooms.RoomFull, match="full"):
        rooms.join_room(host.code, "Dee", store=store_url)
    assert snapshot(host.store, host.code) == before
    pub = host.room.public()
    assert [s["kind"] for s in pub["seats"]] == ["human", "human", "human", "bot"]
    assert pub["settings"] == {"scoring": "rascal", "edition": "2021", "legendary": False}
    text = json.dumps(pub)
    assert "seed" not in text and host.token not in text and "token" not in text
    assert cy.seat == 2


@pytest.mark.parametrize("name, words", [
    ("", "empty"), ("   \t ", "empty"), ("x" * 25, "at most 24"), ("y" * 5000, "far too long"),
    ("Bo\x00b", "control"), ("Eve\u202e", "invisible"), ("\u200b", "invisible"),
    ("a\u2028b", "invisible"), (None, "text"), (42, "text"), ("\u0301\u0301", "letter"),
])
def test_odd_display_names_refused(lobby, store_url, name, words):
    host, _ = lobby
    before = snapshot(host.store, host.code)
    with pytest.raises(rooms.BadName, match=words):
        rooms.join_room(host.code, name, store=store_url)
    assert snapshot(host.store, host.code) == before


def test_names_are_tidied_and_markup_is_refused(lobby, store_url):
    host, _ = lobby
    s = rooms.join_room(host.code, "  Zoë   the  Bold ", store=store_url)
    assert s.room.seats[s.seat]["name"] == "Zoë the Bold"
    with pytest.raises(rooms.BadName, match="A name can.t contain <, >, & or"):
        rooms.join_room(host.code, "<b>Zoë</b>", store=store_url)


def test_only_the_host_adds_bots_and_starts(lobby, store_url):
    host, bob = lobby
    before = snapshot(host.store, host.code)
    with pytest.raises(rooms.NotHost, match="Only the host"):
        bob.add_bot()
    with pytest.raises(rooms.NotHost):
        bob.start()
    assert snapshot(host.store, host.code) == before
    with pytest.raises(rooms.WrongPhase, match="not started"):
        bob.submit(Bid(0))
    assert host.add_bot(seat=3) == 3
    with pytest.raises(rooms.RoomFull, match="Seat 3 is taken"):
        host.add_bot(seat=3)
    host.start()
    assert host.room.seats[2]["kind"] == "bot"  # filled at the start
    with pytest.raises(rooms.WrongPhase, match="already started"):
        rooms.join_room(host.code, "Late", store=store_url)
    with pytest.raises(rooms.WrongPhase):
        host.add_bot()


def test_start_refuses_empty_seats_without_fill(store_url):
    host = rooms.create_room("Ann", players=3, store=store_url, fill_with_bots=False,
                             stand_in_after=None)
    assert host.room.public()["seats"][0]["away"] is False
    with pytest.raises(rooms.WrongPhase, match="Seats 1, 2 are empty"):
        host.start()
    host.add_bot(); host.add_bot()
    host.start()
    assert host.status == rooms.PLAYING


def test_turns_illegal_stale_and_nothing_changes(lobby):
    host, bob = lobby
    host.add_bot(); host.add_bot()
    host.start()
    bob.refresh()
    st = host.state
    assert st.current_player == 0 and st.to_act == (0, 1, 2, 3)
    before = snapshot(host.store, host.code)
    with pytest.raises(rooms.IllegalPlay, match="bids before"):
        bob.submit(Play(bob.observation()["hand"][0]))
    with pytest.raises(rooms.IllegalPlay, match="between 0 and 1"):
        host.submit(Bid(5))
    with pytest.raises(rooms.IllegalPlay, match="bids before"):
        host.submit(Play(host.observation()["hand"][0]))
    with pytest.raises(rooms.StaleAction, match="move 3"):
        host.submit(Bid(0), expect_seq=3)
    with pytest.raises(rooms.BadAction):
        host.submit({"type": "Os.system", "fields": {}})
    with pytest.raises(rooms.BadAction):
        host.submit('{"type": "Bid", "fields": {"n": 0, "extra": 1}}')
    with pytest.raises(rooms.BadAction, match="too large"):
        host.submit('{"type": "Bid", "fields": {"n": "' + "9" * (codec.MAX_ACTION_BYTES + 10) + '"}}')
    assert snapshot(host.store, host.code) == before
    for exc in (rooms.NotYourTurn, rooms.IllegalPlay, rooms.StaleAction, rooms.BadAction):
        assert issubclass(exc, LoptiNbError) and issubclass(exc, ValueError)
    # the bids are taken at once: Bob need not wait for Ann, who is asked first
    assert bob.submit({"type": "Bid", "fields": {"n": 0}}) == 0
    before = snapshot(host.store, host.code)
    with pytest.raises(rooms.NotYourTurn, match="not your turn: Ann, Bot 3 .* and Bot 4 .* are to act"):
        bob.submit(Bid(1))  # Bob has bid
    assert snapshot(host.store, host.code) == before
    host.refresh()
    assert host.my_turn() and not bob.my_turn()
    # the bots bid while Ann is still deciding, then Ann's bid reveals them all
    assert host.host_tick() == 2
    assert host.state.to_act == (0,) and host.state.observation(0)["phase"] == "bid"
    assert host.submit(Bid(1), expect_seq=3) == 3
    assert host.state.observation(0)["phase"] == "play"
    assert [r["seat"] for r in host.store.log(host.code)] == [1, 2, 3, 0]



def test_the_pace_counts_only_moves_people_can_follow(store_url):
    """A paced host (one move a tick) makes at once the bots' moves that stay hidden until
    others have acted too (the bids), and then one visible move a tick (the card play)."""
    host = rooms.create_room("Ann", players=4, store=store_url, scoring="rascal", edition="2021",
                             legendary=False)
    for _ in range(3):
        host.add_bot()
    host.start()
    assert host.state.to_act == (0, 1, 2, 3)
    assert host.host_tick(max_moves=1) == 3  # the three bots' bids, hidden until Ann bids
    assert host.state.to_act == (0,)
    host.submit(Bid(0))  # the bids are revealed; the cards are played one by one
    for _ in range(3):
        played = len(host.store.log(host.code))
        if host.state.current_player == 0:
            host.submit(Play(host.observation()["hand"][0]))
        else:
            assert host.host_tick(max_moves=1) == 1
        assert len(host.store.log(host.code)) == played + 1


def test_each_seat_sees_only_its_own_hand(lobby, store_url):
    host, bob = lobby
    host.start()
    bob.refresh()
    a, b = host.view(), bob.view()
    assert a["observation"]["hand"] == tuple(host.state.hands[0])
    assert b["observation"]["hand"] == tuple(host.state.hands[1])
    for view in (a, b):
        text = json.dumps(view, default=str)
        assert "seed" not in text and "token" not in text
    assert host.room.view(bob.token)["seat"] == 1
    events = bob.events()
    assert all(e.hands is None or e.hands[0] is None for e in events if hasattr(e, "hands"))


def test_leave_and_rejoin_with_the_token(lobby, store_url):
    host, bob = lobby
    token = bob.token
    bob.leave()
    assert host.room.public() and host.refresh() is not None
    assert host.room.seats[1]["left"]
    back = rooms.rejoin_room(host.code, token, store=store_url)
    assert back.seat == 1 and not back.room.seats[1]["left"]
    with pytest.raises(rooms.BadToken):
        rooms.rejoin_room(host.code, "not-the-token-at-all", store=store_url)


def test_the_host_hands_over_when_it_leaves(lobby):
    host, bob = lobby
    host.leave()
    bob.refresh()
    assert bob.claim_host()
    bob.add_bot()
    assert not host.claim_host()  # away players do not host


def test_stand_in_plays_for_an_absent_player(store_url):
    clock = Clock()
    host = rooms.create_room("Ann", players=3, store=store_url, stand_in_after=30, clock=clock)
    bob = rooms.join_room(host.code, "Bob", store=store_url, clock=clock)
    host.add_bot()
    host.start()
    host.submit(Bid(0))
    assert host.host_tick() == 1  # the bot bids; Bob is here: his bid waits for him
    assert host.state.to_act == (1,)
    clock.t += 31  # Bob's kernel has stopped polling
    host.refresh()
    assert host.host_tick() == 1  # his bid; then it is Ann's lead, played at her device
    log = host.store.log(host.code)
    assert [(r["seat"], r["by"]) for r in log] == [(0, "human"), (2, "bot"), (1, "stand-in")]
    bob.refresh()  # Bob is back and plays on
    assert bob.seq == host.seq


def test_a_seat_just_taken_is_not_stood_in_for(store_url, monkeypatch):
    """A member's kernel writes its presence just after it takes a seat; a host that looks in
    between (seen in an 8-process run: the host played one card for a live player) must count
    the moment the seat was taken as a sign of life."""
    clock = Clock()
    host = rooms.create_room("Ann", players=3, store=store_url, stand_in_after=30, clock=clock)
    store = host.store
    real_mark_seen = type(store).mark_seen
    monkeypatch.setattr(type(store), "mark_seen", lambda self, code, seat, now: None)
    bob = rooms.join_room(host.code, "Bob", store=store_url, clock=clock)  # no presence yet
    monkeypatch.setattr(type(store), "mark_seen", real_mark_seen)
    assert bob.seat not in store.seen(host.code)
    host.add_bot()
    host.start()
    host.submit(Bid(0))
    clock.t += 29
    host.refresh()
    assert host.host_tick() == 1  # the bot bids; Bob took his seat 29 s ago: his bid waits
    assert not host.room.public()["seats"][bob.seat]["away"]
    clock.t += 2  # and never wrote a presence since: gone after all
    assert host.host_tick() >= 1
    assert host.store.log(host.code)[2]["by"] == "stand-in"


def test_bot_moves_depend_only_on_the_log(store_url):
    host = rooms.create_room("Ann", players=4, store=store_url, stand_in_after=None)
    host.start()
    host.submit(Bid(0))
    other = rooms.Room(host.code, store_url)
    moves_a = [host.room.bot_action(1, "heuristic")]
    moves_b = [other.bot_action(1, "heuristic")]
    assert moves_a == moves_b
    assert rooms.bot_rng(5, 7).random() == rooms.bot_rng(5, 7).random()
    assert rooms.bot_rng(5, 7).random() != rooms.bot_rng(5, 8).random()


def test_codec_round_trip_and_refusals():
    for a in [Bid(0), Bid(10), Play("B14"), Play("tigress:escape"), Play("loot")]:
        assert rooms.decode(rooms.dumps(a)) == a
        assert rooms.decode(rooms.encode(a)) == a
    for bad in ["[1]", '{"type": "Bid"}', '{"type": "GameState", "fields": {}}', "not json",
                {"type": 3, "fields": {}}, {"type": "Play", "fields": {"card": {"x": 1}}}]:
        with pytest.raises(rooms.BadAction):
            rooms.decode(bad)
    with pytest.raises(rooms.BadAction):
        rooms.encode(object())


def test_store_urls(tmp_path, monkeypatch):
    s = rooms.open_store(f"sqlite:///{tmp_path / 'a.sqlite'}")
    assert isinstance(s, rooms.SQLiteStore) and s is rooms.open_store(f"sqlite:///{tmp_path / 'a.sqlite'}")
    assert isinstance(rooms.open_store(tmp_path / "b.sqlite"), rooms.SQLiteStore)
    monkeypatch.setenv("LOPTI_NB_ROOMS", str(tmp_path / "env.sqlite"))
    assert rooms.default_url() == str(tmp_path / "env.sqlite")
    with pytest.raises(rooms.StoreError, match="Unknown room store"):
        rooms.open_store("ftp://x/y")


def test_settings_are_checked(store_url):
    with pytest.raises(LoptiNbError, match="2-8 players"):
        rooms.create_room("Ann", players=9, store=store_url)
    with pytest.raises(LoptiNbError, match="scoring"):
        rooms.create_room("Ann", players=3, store=store_url, scoring="golf")
    with pytest.raises(LoptiNbError, match="Unknown bot"):
        rooms.create_room("Ann", players=3, store=store_url, bot="genius")
