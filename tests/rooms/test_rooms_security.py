"""Security: forged tokens, replayed actions, a tampered log, and codes guessed at random."""
from __future__ import annotations

import random
import secrets
import time

import pytest
from hostile_inputs import last_letter_changed

from lopti_nb import rooms
from lopti_nb.games.skullking import Bid
from lopti_nb.rooms import codes
from lopti_nb.rooms.room import token_hash


def snapshot(store, code):
    meta, version, _ = store.get(code)
    return meta, version, store.log(code)


@pytest.fixture
def game(store_url):
    host = rooms.create_room("Ann", players=3, store=store_url, stand_in_after=None)
    bob = rooms.join_room(host.code, "Bob", store=store_url)
    host.add_bot()
    host.start()
    bob.refresh()
    return host, bob


def test_forged_tokens_are_refused(game, store_url):
    host, bob = game
    other = rooms.create_room("Zed", players=2, store=store_url)
    stored_hash = host.room.seats[0]["token"]
    forged = [secrets.token_urlsafe(24), other.token, stored_hash, last_letter_changed(host.token),
              "", None, 12345, "x" * 5000, host.token + " "]
    before = snapshot(host.store, host.code)
    for token in forged:
        with pytest.raises(rooms.BadToken):
            rooms.RoomSession(host.code, token, store=store_url)
        with pytest.raises(rooms.BadToken):
            rooms.rejoin_room(host.code, token, store=store_url)
        with pytest.raises(rooms.BadToken):
            host.room.view(token)
    assert snapshot(host.store, host.code)[:3] == before[:3]
    # the store never holds a token itself, only its hash
    assert host.token not in repr(host.store.get(host.code))
    assert stored_hash == token_hash(host.token)


def test_a_token_plays_only_its_own_seat(game):
    host, bob = game
    before = snapshot(host.store, host.code)
    bob.seat = 0  # a tampered session object claiming the host's seat
    with pytest.raises(rooms.BadToken, match="another seat"):
        bob.submit(Bid(0))
    assert snapshot(host.store, host.code) == before


def test_replayed_actions_are_refused(game):
    host, bob = game
    k = host.submit(Bid(0), expect_seq=0)
    bob.refresh()
    bob.submit(Bid(1), expect_seq=1)
    host.refresh()
    before = snapshot(host.store, host.code)
    # the same message again: pinned to its old position, or not
    with pytest.raises(rooms.StaleAction):
        host.submit(Bid(0), expect_seq=k)
    with pytest.raises(rooms.NotYourTurn):
        host.submit(Bid(0))
    with pytest.raises(rooms.StaleAction):
        bob.submit(Bid(1), expect_seq=1)
    # a stored record written again at its own number, straight into the store
    old = host.store.log(host.code)[0]
    assert not host.store.append(host.code, 0, old, time.time())
    assert snapshot(host.store, host.code) == before


def test_a_tampered_log_is_detected(game):
    host, bob = game
    host.submit(Bid(0))
    # someone with write access appends a bid for seat 0 again (it has bid: the others are
    # to act)
    fake = {"seq": 1, "seat": 0, "action": rooms.encode(Bid(1)), "by": "human", "at": 0}
    assert host.store.append(host.code, 1, fake, time.time())
    with pytest.raises(rooms.CorruptLog, match="by seat 0, but seats 1 and 2 were to act"):
        bob.refresh()


def test_codes_guessed_at_random(tmp_path, monkeypatch, capsys):
    """Full-size codes: a sample of random guesses against a store with 25 live rooms finds
    none (expected guesses: 30**8 / 25 = 2.6e10). Shrunk to 2-character codes (900 codes, 9
    rooms), the measured average guesses to hit a room matches space / rooms = 100."""
    store = rooms.open_store(tmp_path / "guess.sqlite")
    live = 25
    for i in range(live):
        rooms.create_room(f"Host {i}", players=2, store=store)
    assert store.count_rooms() == live
    rng = random.Random(7)
    n = 3000
    t0 = time.perf_counter()
    hits = 0
    for _ in range(n):
        guess = "".join(rng.choice(codes.ALPHABET) for _ in range(codes.LENGTH))
        try:
            rooms.Room(guess, store)
            hits += 1
        except rooms.UnknownRoom:
            pass
    rate = n / (time.perf_counter() - t0)
    assert hits == 0
    full = rooms.expected_guesses(live)
    assert full == 30 ** 8 / live

    # the same attack on a tiny code space, where hits are common enough to measure
    monkeypatch.setattr(codes, "LENGTH", 2)
    small = rooms.open_store(tmp_path / "small.sqlite")
    for i in range(9):
        rooms.create_room(f"Host {i}", players=2, store=small)
    trials, total = 150, 0
    for _ in range(trials):
        while True:
            total += 1
            guess = "".join(rng.choice(codes.ALPHABET) for _ in range(2))
            try:
                rooms.Room(guess, small)
                break
            except rooms.UnknownRoom:
                pass
    measured = total / trials
    expected = rooms.expected_guesses(9, space=30 ** 2)
    assert expected == 100
    assert 65 < measured < 150, measured
    with capsys.disabled():
        print(f"\n[rooms] code space {rooms.SPACE:.3g} ({rooms.BITS:.1f} bits); with {live} live "
              f"rooms a random guesser needs {full:.3g} guesses on average; this store answered "
              f"{rate:.0f} guesses/s from one process, so ~{full / rate / 86400:.0f} days of "
              f"non-stop guessing through the API. "
              f"Shrunk sample (900 codes, 9 rooms): measured {measured:.0f} guesses per hit over "
              f"{trials} trials, expected {expected:.0f}.")


def test_a_kernel_that_deals_differently_refuses_the_room(game, store_url):
    host, _ = game
    meta, version, _ = host.store.get(host.code)
    meta["deal_check"] = "0" * 16  # as if made by another version of the game
    assert host.store.put(host.code, meta, version, time.time())
    with pytest.raises(rooms.CorruptLog, match="same version"):
        rooms.Room(host.code, store_url)
