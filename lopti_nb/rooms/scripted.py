"""Scripted room members, one per process (for tests, demos and load checks).

    python -m lopti_nb.rooms.scripted --store sqlite:///tmp/r.sqlite --role host \\
        --name Ann --players 8 --wait-for 7 --code-file /tmp/code.json --out /tmp/ann.json

Roles: ``host`` creates the room, writes its code to ``--code-file``, waits for
``--wait-for`` other humans, adds ``--bots`` bots and starts; ``join`` waits for the code
file and takes a seat. Every member then polls the store, takes part in hosting (so it takes
over when the host's heartbeat stops) and plays its own turns with ``--policy``:
``random`` (a person clicking any enabled button), ``heuristic`` (the game's bot playing for
this person, as with an autoplay switch) or ``first``. With ``--bad-every K`` every K-th poll
also sends a wrong request (out of turn, illegal, stale) and checks it is refused.

Each accepted action is appended to ``<out>.log`` as it happens (so a killed process leaves
its record); a summary goes to ``--out`` at the end.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

from lopti_nb.engine import get_spec

from . import codec
from .errors import IllegalPlay, NotYourTurn, RoomError, StaleAction
from .room import OVER, create_room, join_room, bot_rng


def _write_json(path: str, data) -> None:
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        json.dump(data, f)
    os.replace(tmp, path)


def _choose(session, policy: str, rng: random.Random):
    state = session.state
    legal = state.legal_actions()
    if policy == "first" or len(legal) == 1:
        return legal[0]
    if policy == "heuristic":
        bot = get_spec("skull-king").make_bot("heuristic")
        return bot(session.observation(), legal, bot_rng(session.room.meta["seed"] + 1, session.seq))
    return legal[rng.randrange(len(legal))]


def _bad_request(session, rng: random.Random, counts: dict) -> None:
    """Send one request that must be refused; count what came back."""
    from lopti_nb.games.skullking import Bid, Play
    seq = session.seq
    if not session.my_turn():
        action = Bid(0) if session.state.observation(session.seat)["phase"] == "bid" else Play("escape")
        kind = "out_of_turn"
    elif rng.random() < 0.5:
        action, kind = Bid(99), "illegal"
    else:
        action, kind = _choose(session, "first", rng), "stale"
        seq = seq - 1
    try:
        # out of turn: pinned to the position seen, in case the turn comes round meanwhile
        session.submit(action, expect_seq=None if kind == "illegal" else seq)
    except (NotYourTurn, IllegalPlay, StaleAction) as exc:
        counts[type(exc).__name__] = counts.get(type(exc).__name__, 0) + 1
        return
    raise AssertionError(f"a {kind} request was accepted: {action}")


def run(args) -> dict:
    rng = random.Random(args.seed)
    store = args.store
    if args.role == "host":
        session = create_room(args.name, players=args.players, store=store, scoring=args.scoring,
                              lease_ttl=args.lease_ttl, stand_in_after=args.stand_in,
                              seed=args.room_seed)
        _write_json(args.code_file, {"code": session.code})
        while True:
            session.host_tick()  # keeps the host lease fresh while the others arrive
            humans = sum(1 for s in session.room.seats if s and s["kind"] == "human")
            if humans >= 1 + args.wait_for:
                break
            time.sleep(args.poll)
        for _ in range(args.bots):
            session.add_bot()
        session.start()
    else:
        while not os.path.exists(args.code_file):
            time.sleep(args.poll)
        with open(args.code_file) as f:
            code = json.load(f)["code"]
        session = join_room(code, args.name, store=store)
    log_path = args.out + ".log"
    accepted = open(log_path, "a", buffering=1)
    accepted.write(json.dumps({"seat": session.seat, "token": session.token}) + "\n")
    counts: dict = {}
    hosted = 0
    polls = 0
    while True:
        hosted += session.host_tick()
        if session.status == OVER or session.state.is_over:
            break
        if args.stop_at and session.seq >= args.stop_at:
            break
        polls += 1
        if args.bad_every and polls % args.bad_every == 0 and session.status == "playing":
            _bad_request(session, rng, counts)
        if session.my_turn():
            k = session.seq
            action = _choose(session, args.policy, rng)
            try:
                got = session.submit(action, expect_seq=k)
                accepted.write(json.dumps({"seq": got, "action": codec.encode(action)}) + "\n")
            except (StaleAction, NotYourTurn) as exc:  # a stand-in or the host moved first
                counts[type(exc).__name__] = counts.get(type(exc).__name__, 0) + 1
            continue
        time.sleep(args.poll)
    state = session.state
    summary = {
        "seat": session.seat, "name": args.name, "seq": session.seq, "hosted": hosted,
        "refused": counts, "status": session.status,
        "scores": list(state.result.scores) if state.is_over else None,
        "was_host": session.is_host,
    }
    _write_json(args.out, summary)
    return summary


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--store", required=True)
    p.add_argument("--role", choices=("host", "join"), required=True)
    p.add_argument("--name", required=True)
    p.add_argument("--code-file", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--wait-for", type=int, default=0, help="host: other humans to wait for")
    p.add_argument("--bots", type=int, default=0, help="host: bots to add before starting")
    p.add_argument("--scoring", default="classic")
    p.add_argument("--policy", choices=("random", "heuristic", "first"), default="random")
    p.add_argument("--seed", type=int, default=0, help="this member's own choices")
    p.add_argument("--room-seed", type=int, default=None)
    p.add_argument("--lease-ttl", type=float, default=10.0)
    p.add_argument("--stand-in", type=float, default=90.0)
    p.add_argument("--poll", type=float, default=0.005)
    p.add_argument("--bad-every", type=int, default=0)
    p.add_argument("--stop-at", type=int, default=0, help="leave once the log holds this many")
    args = p.parse_args(argv)
    try:
        run(args)
    except RoomError as exc:
        print(f"room error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
