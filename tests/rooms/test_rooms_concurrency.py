"""Many processes submit at once: exactly the legal actions of seats to act are accepted, in
order, each once (while the bids are taken, every seat still to bid races for the next log
number)."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from lopti_nb import rooms

WORKER = Path(__file__).with_name("hammer_worker.py")


def test_many_processes_submit_at_once(store_url, tmp_path):
    host = rooms.create_room("Ann", players=4, store=store_url, stand_in_after=None)
    tokens = [host.token] + [rooms.join_room(host.code, f"P{i}", store=store_url).token
                             for i in range(1, 4)]
    host.start()
    stop = (4 + 4) + (4 + 8)  # two rounds: every bid and every card
    go = tmp_path / "go"
    jobs = []
    for seat, token in enumerate(tokens):  # two kernels per seat, racing for the same moves
        for twin in range(2):
            jobs.append((token, "seat", f"s{seat}{twin}"))
    jobs += [(tokens[1], "illegal", "illegal1"), (tokens[2], "illegal", "illegal2"),
             ("x" * 32, "forger", "forger")]
    procs = [subprocess.Popen([sys.executable, str(WORKER), store_url, host.code, token, mode,
                               str(stop), str(go), str(tmp_path / f"{name}.json")],
                              stderr=subprocess.PIPE, text=True)
             for token, mode, name in jobs]
    deadline = time.time() + 120
    while time.time() < deadline and not all(
            (tmp_path / f"{name}.json.ready").exists() for _, _, name in jobs):
        time.sleep(0.02)
    go.touch()  # everyone starts firing at the same moment
    try:
        for p in procs:
            assert p.wait(300) == 0, p.stderr.read()
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    results = [json.load(open(tmp_path / f"{name}.json")) for _, _, name in jobs]

    log = host.store.log(host.code)
    assert len(log) == stop
    state = rooms.replay(host.room.meta, log)  # every entry legal, by a seat to act
    # in order: each entry is its seat's first legal action at its position
    ref = rooms.room.new_state(host.room.meta)
    for i, record in enumerate(log):
        assert record["seq"] == i
        assert record["seat"] in ref.to_act
        action = ref.legal_actions(record["seat"])[0]
        assert record["action"] == rooms.encode(action)
        ref.apply(action, record["seat"])
    assert ref.events == state.events
    # every acceptance any process saw is one log entry; no entry was handed out twice
    claimed = {}
    for r in results:
        for a in r["accepted"]:
            assert a["seq"] not in claimed, "an action was accepted twice"
            claimed[a["seq"]] = a
            assert log[a["seq"]]["action"] == a["action"]
            assert log[a["seq"]]["seat"] == r["seat"]
    assert sorted(claimed) == list(range(stop))
    totals = {}
    for r in results:
        if r["mode"] != "seat":
            assert not r["accepted"], f"a {r['mode']} request was accepted"
        for k, v in r["counts"].items():
            totals[k] = totals.get(k, 0) + v
    assert set(totals) <= {"NotYourTurn", "StaleAction", "IllegalPlay", "BadToken"}, totals
    assert totals.get("BadToken", 0) > 0 and totals.get("IllegalPlay", 0) > 0
    assert totals.get("NotYourTurn", 0) + totals.get("StaleAction", 0) > 0
    assert state.round == 3  # the third round is dealt, nothing of it played
