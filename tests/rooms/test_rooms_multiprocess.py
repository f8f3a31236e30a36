"""Several processes play one room through a shared store."""
from __future__ import annotations

import json
import os
import signal
import time

import pytest

from lopti_nb import rooms

POLL = os.environ.get("LNB_TEST_POLL", "0.01")


def _final(store_url, code):
    room = rooms.Room(code, store_url)
    return room, room.store.log(code)


def test_eight_processes_play_a_full_game(store_url, tmp_path, procs):
    """8 processes, 8 seats: 5 people clicking (random choices, some wrong requests on
    purpose) and 3 whose seat is played by the heuristic bot in their own kernel; the final
    scores everywhere equal a single-process replay of the log."""
    code_file = str(tmp_path / "code.json")
    common = ["--store", store_url, "--code-file", code_file, "--poll", POLL]
    ps = [procs.spawn([*common, "--role", "host", "--name", "Ann", "--players", "8",
                       "--wait-for", "7", "--out", str(tmp_path / "p0.json"), "--seed", "0",
                       "--bad-every", "37"])]
    for i in range(1, 8):
        policy = "random" if i < 5 else "bot"
        extra = ["--bad-every", "41"] if i in (1, 2) else []
        ps.append(procs.spawn([*common, "--role", "join", "--name", f"Player {i}",
                               "--policy", policy, "--seed", str(i),
                               "--out", str(tmp_path / f"p{i}.json"), *extra]))
    procs.wait_all(ps, timeout=300)  # generous: a loaded CI machine
    code = json.load(open(code_file))["code"]
    room, log = _final(store_url, code)
    state = rooms.replay(room.meta, log)
    assert state.is_over and room.status == rooms.OVER
    assert [r["seq"] for r in log] == list(range(len(log)))
    assert len(log) == sum(state.rounds) * 8 + 10 * 8  # every card and every bid, once
    seats = set()
    refused = 0
    claimed = {}
    for i in range(8):
        summary = json.load(open(tmp_path / f"p{i}.json"))
        assert summary["scores"] == list(state.result.scores)
        seats.add(summary["seat"])
        refused += sum(summary["refused"].get(k, 0) for k in ("NotYourTurn", "IllegalPlay"))
        procs.claimed_moves([tmp_path / f"p{i}.json"], log, claimed)
    assert seats == set(range(8))
    assert sorted(claimed) == list(range(len(log)))  # every log entry was some member's move
    assert refused > 0  # the wrong requests were made and refused


def test_kill_the_host(store_url, tmp_path, procs):
    """The host (seat 0, also moving the two bots) is killed mid-round; another member takes
    the lease over, moves the bots and stands in for the host's seat; the game finishes with
    every accepted action in the log once."""
    code_file = str(tmp_path / "code.json")
    common = ["--store", store_url, "--code-file", code_file, "--poll", "0.004",
              "--lease-ttl", "3.0", "--stand-in", "3.0"]
    host = procs.spawn([*common, "--role", "host", "--name", "Host", "--players", "5",
                        "--wait-for", "2", "--bots", "2", "--out", str(tmp_path / "p0.json"),
                        "--poll", "0.02"])
    members = [procs.spawn([*common, "--role", "join", "--name", f"M{i}", "--seed", str(i),
                            "--out", str(tmp_path / f"p{i}.json")]) for i in (1, 2)]
    deadline = time.time() + 120
    while not os.path.exists(code_file) and time.time() < deadline:
        time.sleep(0.01)
    code = json.load(open(code_file))["code"]
    store = rooms.open_store(store_url)
    # round 3 deals 3 cards each: 5 + 10 actions in rounds 1-2, then 5 bids, then some plays
    target = (5 + 5) + (5 + 10) + 5 + 7
    seen = []
    while len(seen) < target and time.time() < deadline:
        seen += store.log(code, len(seen))  # incremental: the test must not hog the CPU
        time.sleep(0.01)
    assert len(seen) >= target, "the game did not get going in time"
    # kill whichever process hosts right now (normally the creator, seat 0; on a starved
    # machine the lease may already have moved)
    lease = store.host(code)
    by_seat = {0: host, 1: members[0], 2: members[1]}
    victim_seat = lease["seat"]
    victim = by_seat[victim_seat]
    os.kill(victim.pid, signal.SIGKILL)
    victim.wait()
    killed_at = len(store.log(code))
    survivors = [p for s, p in by_seat.items() if s != victim_seat]
    procs.wait_all(survivors, timeout=300)
    room, log = _final(store_url, code)
    state = rooms.replay(room.meta, log)
    assert state.is_over
    assert [r["seq"] for r in log] == list(range(len(log)))
    assert killed_at < len(log)
    new_host = store.host(code)
    assert new_host["seat"] != victim_seat
    alive = [i for i in range(3) if i != victim_seat]
    assert sum(json.load(open(tmp_path / f"p{i}.json"))["hosted"] for i in alive) > 0
    # the killed seat's later moves were stand-ins; the bots kept playing
    assert any(r["by"] == "stand-in" and r["seat"] == victim_seat for r in log[killed_at:])
    assert any(r["by"] == "bot" for r in log[killed_at:])
    # nothing lost or duplicated: every action any process saw accepted is in the log at its
    # number, and no number was handed out twice
    claimed = {}
    for i in range(3):
        head, lines = procs.accepted_lines(tmp_path / f"p{i}.json")
        for line in lines:
            assert line["seq"] not in claimed
            claimed[line["seq"]] = True
            assert log[line["seq"]]["action"] == line["action"]
            assert log[line["seq"]]["seat"] == head["seat"] and log[line["seq"]]["by"] == "human"
    humans = [r["seq"] for r in log if r["by"] == "human"]
    assert set(claimed) <= set(humans)
    # the killed process may have died between its append and writing down the number
    unrecorded = [k for k in humans if k not in claimed]
    assert len(unrecorded) <= 1 and all(log[k]["seat"] == victim_seat for k in unrecorded)
    for i in alive:
        assert json.load(open(tmp_path / f"p{i}.json"))["scores"] == list(state.result.scores)


@pytest.mark.parametrize("game, settings, check", [
    ("drowned-ledger", ["--set", "mode=plain", "--set", "hold_limit=3"], {"mode": "plain", "hold_limit": 3}),
    ("lopti", ["--set", "swap=false"], {"swap": False}),
])
def test_three_processes_play_other_games(store_url, tmp_path, procs, game, settings, check):
    """The scripted members are not tied to one game: a host, a person clicking at random
    (with wrong requests built from the game's own actions) and a seat played by the game's
    bot, plus one room bot, play a whole game; every process ends with the replay's scores."""
    code_file = str(tmp_path / "code.json")
    common = ["--store", store_url, "--code-file", code_file, "--poll", POLL]
    ps = [procs.spawn([*common, "--role", "host", "--name", "Ann", "--game", game, *settings,
                       "--players", "4", "--wait-for", "2", "--bots", "1", "--policy", "bot",
                       "--out", str(tmp_path / "p0.json"), "--bad-every", "13"])]
    ps.append(procs.spawn([*common, "--role", "join", "--name", "Bob", "--seed", "1",
                           "--bad-every", "5", "--out", str(tmp_path / "p1.json")]))
    ps.append(procs.spawn([*common, "--role", "join", "--name", "Cy", "--policy", "bot",
                           "--out", str(tmp_path / "p2.json")]))
    procs.wait_all(ps, timeout=300)
    code = json.load(open(code_file))["code"]
    room, log = _final(store_url, code)
    state = rooms.replay(room.meta, log)
    assert state.is_over and room.status == rooms.OVER and room.meta["game"] == game
    assert {k: state.settings[k] for k in check} == check
    assert [r["seq"] for r in log] == list(range(len(log)))
    refused = {}
    claimed = {}
    for i in range(3):
        summary = json.load(open(tmp_path / f"p{i}.json"))
        assert summary["game"] == game and summary["scores"] == list(state.result.scores)
        for k, v in summary["refused"].items():
            refused[k] = refused.get(k, 0) + v
        procs.claimed_moves([tmp_path / f"p{i}.json"], log, claimed)
    humans = [r["seq"] for r in log if r["by"] == "human"]
    assert sorted(claimed) == humans  # every person's move was some member's, once
    assert {r["by"] for r in log} == {"human", "bot"}
    assert refused.get("NotYourTurn", 0) > 0  # the wrong requests were made and refused
    assert set(refused) <= {"NotYourTurn", "IllegalPlay", "StaleAction", "BadAction"}, refused


def test_skull_king_bids_arrive_in_reverse_seat_order_from_separate_processes(store_url, tmp_path, procs):
    """Three people in three processes and a room bot: the bids are taken at once, and every
    member waits until no higher seat is still to bid (--last-seat-first), so each round's
    bids reach the store from seat 3 (the bot, moved by the host) down to seat 0, whoever
    the dealer. The log replays with each entry's seat; the game is the one the same bids
    make in seat order; every process ends with the replay's scores."""
    from lopti_nb.engine import load
    from lopti_nb.games.skullking import Bid, BidMade

    code_file = str(tmp_path / "code.json")
    common = ["--store", store_url, "--code-file", code_file, "--poll", POLL, "--last-seat-first"]
    ps = [procs.spawn([*common, "--role", "host", "--name", "Ann", "--game", "skull-king",
                       "--players", "4", "--wait-for", "2", "--bots", "1", "--policy", "bot",
                       "--out", str(tmp_path / "p0.json")])]
    ps.append(procs.spawn([*common, "--role", "join", "--name", "Bob", "--seed", "1",
                           "--bad-every", "7", "--out", str(tmp_path / "p1.json")]))
    ps.append(procs.spawn([*common, "--role", "join", "--name", "Cy", "--policy", "bot",
                           "--out", str(tmp_path / "p2.json")]))
    procs.wait_all(ps, timeout=300)
    code = json.load(open(code_file))["code"]
    room, log = _final(store_url, code)
    state = rooms.replay(room.meta, log)
    assert state.is_over and room.status == rooms.OVER
    assert [r["seq"] for r in log] == list(range(len(log)))
    assert room.seats[3]["kind"] == "bot"
    # every round's bids, as the log holds them: seat 3 first, seat 0 last
    bids = [r for r in log if rooms.decode(r["action"], "skull-king").__class__ is Bid]
    assert len(bids) == 40
    for k in range(10):
        assert [r["seat"] for r in bids[4 * k:4 * k + 4]] == [3, 2, 1, 0]
    assert [r["by"] for r in bids[:4]] == ["bot", "human", "human", "human"]
    made = [e.seat for e in state.events if isinstance(e, BidMade)]
    assert made == [3, 2, 1, 0] * 10
    # the room's record names the seats of the bids made before the seat asked first
    record = room.record()
    assert record["off_turn"] and load(record).events == state.events
    # the same actions with every round's bids in seat order: the same game
    in_order = rooms.room.new_state(room.meta)
    pending = []
    for r in log:
        action = rooms.decode(r["action"], "skull-king")
        if isinstance(action, Bid):
            pending.append((r["seat"], action))
            if len(pending) == 4:
                for seat, bid in sorted(pending, key=lambda p: (p[0] - in_order.current_player) % 4):
                    in_order.apply(bid)
                pending = []
        else:
            in_order.apply(action)
    assert in_order.off_turn == () and in_order.result == state.result
    assert ([e for e in in_order.events if not isinstance(e, BidMade)]
            == [e for e in state.events if not isinstance(e, BidMade)])
    claimed = {}
    for i in range(3):
        summary = json.load(open(tmp_path / f"p{i}.json"))
        assert summary["scores"] == list(state.result.scores)
        assert set(summary["refused"]) <= {"NotYourTurn", "IllegalPlay", "StaleAction", "BadAction"}
        procs.claimed_moves([tmp_path / f"p{i}.json"], log, claimed)
    assert sorted(claimed) == [r["seq"] for r in log if r["by"] == "human"]


def test_lopti_session_four_processes_vote_to_a_tie_and_throw_roshambo(store_url, tmp_path, procs):
    """A Lopti session room (rounds=2), four people in four processes, one per seat. Ann (seat
    0) calls a Rule Vote on her first turn; the ballots reach the store in the order seat 2,
    0, 3, 1 (each waits for the one before: --after), two yes and two no: a tie, so Ann throws
    Roshambo against the first who voted no (seat 3), throw by throw from the two processes.
    The session reaches its end, every process sees the same scores, and the room's record
    replays with lopti_nb.load."""
    import lopti_nb
    from lopti_nb.games.lopti.session_game import Ballot, BallotsRevealed, CallVote, Throw

    call = "CallVote(kind='law', motion=None, lever='play_on', value=True, text=None, when='now')"
    code_file = str(tmp_path / "code.json")
    common = ["--store", store_url, "--code-file", code_file, "--poll", POLL, "--policy", "bot"]
    plan = {0: ["--prefer", call, "--prefer", "Ballot(yes=True)", "--after", "2"],
            1: ["--prefer", "Ballot(yes=False)", "--after", "3"],
            2: ["--prefer", "Ballot(yes=True)"],
            3: ["--prefer", "Ballot(yes=False)", "--after", "0"]}
    ps = [procs.spawn([*common, "--role", "host", "--name", "Ann", "--game", "lopti", "--players", "4",
                       "--set", "rounds=2", "--wait-for", "3", "--out", str(tmp_path / "p0.json"),
                       *plan[0]])]
    for seat, name in ((1, "Bob"), (2, "Cy"), (3, "Dee")):
        # join in seat order: each waits until the one before has its seat
        while seat > 1 and not os.path.exists(tmp_path / f"p{seat - 1}.json.log"):
            time.sleep(0.01)
        ps.append(procs.spawn([*common, "--role", "join", "--name", name, "--seed", str(seat),
                               "--out", str(tmp_path / f"p{seat}.json"), *plan[seat]]))
    procs.wait_all(ps, timeout=280)
    code = json.load(open(code_file))["code"]
    room, log = _final(store_url, code)
    state = rooms.replay(room.meta, log)
    assert state.is_over and room.status == rooms.OVER
    assert len(state.session.rounds) == 2
    actions = [(r["seat"], rooms.decode(r["action"], "lopti")) for r in log]
    calls = [(seat, a) for seat, a in actions if isinstance(a, CallVote)]
    assert calls == [(0, CallVote("law", lever="play_on", value=True, when="now"))]
    ballots = [(seat, a.yes) for seat, a in actions if isinstance(a, Ballot)]
    assert ballots == [(2, True), (0, True), (3, False), (1, False)]
    throws = [seat for seat, a in actions if isinstance(a, Throw)]
    assert len(throws) >= 60 and set(throws) == {0, 3}  # 30 decisive throws at least, two seats
    vote = state.session.votes[0]
    assert (vote.yes, vote.no, vote.defender) == (2, 2, 3) and vote.roshambo.decisive >= 30
    assert "Roshambo" in vote.outcome
    revealed = [e for e in state.events if isinstance(e, BallotsRevealed)]
    assert revealed == [BallotsRevealed(((2, True), (0, True), (3, False), (1, False)))]
    record = room.record()
    back = lopti_nb.load(record)
    assert back.events == state.events and back.result == state.result
    assert record["settings"]["rounds"] == 2 and record["off_turn"]
    claimed = {}
    for i in range(4):
        summary = json.load(open(tmp_path / f"p{i}.json"))
        assert summary["scores"] == list(state.result.scores) and summary["seat"] == i
        procs.claimed_moves([tmp_path / f"p{i}.json"], log, claimed)
    assert sorted(claimed) == [r["seq"] for r in log if r["by"] == "human"]
