"""Scripted room members, one per process (for tests, demos and load checks).

    python -m lopti_nb.rooms.scripted --store sqlite:///tmp/r.sqlite --role host \\
        --name Ann --game <name> --set <setting>=<value> --players 4 --wait-for 3 \\
        --code-file /tmp/code.json --out /tmp/ann.json

Roles: ``host`` creates the room (any installed game, ``create_room``'s default without
``--game``; ``--set name=value`` for the game's settings, the value read as JSON, else as
text), writes its code to ``--code-file``, waits for ``--wait-for`` other humans, adds
``--bots`` bots and starts; ``join`` waits for the code file and takes a seat. Every member
then polls the store, takes part in hosting (so it takes over when the host's heartbeat stops)
and plays its own turns with ``--policy``: ``random`` (a person clicking any enabled button),
``bot`` (the game's bot, ``--bot`` or its default, playing for this person, as with an
autoplay switch) or ``first``. With ``--bad-every K`` every K-th poll also sends a wrong
request (out of turn, illegal, stale) and checks it is refused. When several seats may act at
once (``state.to_act``: secret bids), each member acts as soon as its seat is among them;
with ``--last-seat-first`` it waits until no higher seat is still among them, so that such a
decision reaches the room in reverse seat order, and with ``--after SEAT`` until SEAT has
acted. ``--prefer ACTION`` (an action's record text, repeatable) is taken once, as soon as
it is legal for the seat (a person with a plan: calling a vote, voting a certain way).

Each accepted action is appended to ``<out>.log`` as it happens (so a killed process leaves
its record); a summary goes to ``--out`` at the end.

A store that fails (Redis restarting, a SQLite file deleted) does not stop a member: like the
widget, it notes the :class:`StoreError` sentence and polls again, and gives up only after
``--give-up`` seconds without the store answering. A move whose submission raised StoreError
is listed as *unconfirmed* in the summary (the store may or may not have taken it).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

from . import codec
from .errors import BadAction, IllegalPlay, NotYourTurn, RoomError, StaleAction, StoreError
from .room import OVER, PLAYING, bot_rng, create_room, join_room

# an action no game has: what a tampered page might send
GARBAGE = '{"type": "NoSuchMove", "fields": {}}'


def _write_json(path: str, data) -> None:
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        json.dump(data, f)
    os.replace(tmp, path)


def _choose(session, policy: str, rng: random.Random, bot_name: str | None = None):
    state = session.state
    legal = state.legal_actions(session.seat)
    if policy == "first" or len(legal) == 1:
        return legal[0]
    if policy == "bot":
        spec = session.room.spec
        bot = spec.make_bot(bot_name or spec.default_bot)
        return bot(session.observation(), legal, bot_rng(session.room.meta["seed"] + 1, session.seq))
    return legal[rng.randrange(len(legal))]


def _preferred(session, prefer: list):
    """The first of ``prefer`` that the seat may take now, if any."""
    legal = session.state.legal_actions(session.seat)
    for action in prefer:
        if action in legal or session.state.why_illegal(action, session.seat) is None:
            return action
    return None


def _illegal(state, seat: int, rng: random.Random):
    """An action of this game that the rules refuse ``seat`` now: a move played earlier, or
    one that is legal one move further on; ``GARBAGE`` if none of those is refused."""
    pool = list(state.actions[-40:])
    legal = state.legal_actions(seat)
    if legal:
        ahead = state.copy()
        ahead.apply(legal[0], seat)
        if not ahead.is_over:
            pool += ahead.legal_actions()[:40]
    refused = [a for a in pool if state.why_illegal(a, seat) is not None]
    return rng.choice(refused) if refused else GARBAGE


def _bad_request(session, rng: random.Random, counts: dict) -> None:
    """Send one request that must be refused; count what came back."""
    state = session.state
    if state.is_over:
        return
    seq = session.seq
    if not session.my_turn():
        # the move of a seat to act, sent by this seat
        action, kind = state.legal_actions()[0], "out_of_turn"
    elif rng.random() < 0.5:
        action, kind = _illegal(state, session.seat, rng), "illegal"
    else:
        action, kind = _choose(session, "first", rng), "stale"
        seq = seq - 1
    try:
        # out of turn: pinned to the position seen, in case the turn comes round meanwhile
        session.submit(action, expect_seq=None if kind == "illegal" else seq)
    except (NotYourTurn, IllegalPlay, StaleAction, BadAction) as exc:
        counts[type(exc).__name__] = counts.get(type(exc).__name__, 0) + 1
        return
    raise AssertionError(f"a {kind} request was accepted: {action}")


def _setting(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"--set takes name=value, not {text!r}")
    try:
        return name.strip(), json.loads(value)
    except ValueError:
        return name.strip(), value


def run(args) -> dict:
    rng = random.Random(args.seed)
    store = args.store
    if args.role == "host":
        game = {} if args.game is None else {"game": args.game}
        session = create_room(args.name, players=args.players, store=store,
                              lease_ttl=args.lease_ttl, stand_in_after=args.stand_in,
                              seed=args.room_seed, **game, **dict(args.set))
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
    # the actions this person means to take (each once, as soon as it is legal for the seat)
    prefer = [codec.decode(text, session.room.meta["game"]) for text in args.prefer]
    hosted = 0
    polls = 0
    faults: list[str] = []  # the StoreError sentences seen, once each
    unconfirmed: list[dict] = []  # moves whose submission met a store fault
    failing_since = None
    gave_up = False

    def fault(exc) -> bool:
        """Note a store fault; ``True`` when it is time to give up."""
        nonlocal failing_since
        counts["StoreError"] = counts.get("StoreError", 0) + 1
        if str(exc) not in faults and len(faults) < 10:
            faults.append(str(exc))
        failing_since = failing_since or time.monotonic()
        time.sleep(args.poll)
        return time.monotonic() - failing_since > args.give_up

    while True:
        try:
            hosted += session.host_tick()
        except StoreError as exc:
            if fault(exc):
                gave_up = True
                break
            continue
        failing_since = None
        if session.status == OVER or session.state.is_over:
            break
        if args.stop_at and session.seq >= args.stop_at:
            break
        polls += 1
        try:
            if args.bad_every and polls % args.bad_every == 0 and session.status == PLAYING:
                _bad_request(session, rng, counts)
            to_act = session.state.to_act
            if session.my_turn() and not (
                    args.last_seat_first and max(to_act) > session.seat) \
                    and not set(args.after).intersection(to_act):
                k = session.seq
                action = _preferred(session, prefer) or _choose(session, args.policy, rng, args.bot)
                entry = {"seq": k, "action": codec.encode(action, session.room.meta["game"])}
                try:
                    got = session.submit(action, expect_seq=k)
                except StoreError:
                    unconfirmed.append(entry)
                    raise
                accepted.write(json.dumps(dict(entry, seq=got)) + "\n")
                if action in prefer:
                    prefer.remove(action)
                continue
        except (StaleAction, NotYourTurn) as exc:  # a stand-in or the host moved first
            counts[type(exc).__name__] = counts.get(type(exc).__name__, 0) + 1
            continue
        except StoreError as exc:
            fault(exc)
            continue
        time.sleep(args.poll)
    state = session.state
    summary = {
        "seat": session.seat, "name": args.name, "game": session.room.meta["game"],
        "seq": session.seq, "hosted": hosted,
        "refused": counts, "status": session.status,
        "scores": list(state.result.scores) if state.is_over else None,
        "was_host": session.is_host,
        "store_errors": faults, "unconfirmed": unconfirmed, "gave_up": gave_up,
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
    p.add_argument("--game", default=None, help="host: the game (default: create_room's)")
    p.add_argument("--set", type=_setting, action="append", default=[], metavar="NAME=VALUE",
                   help="host: a game setting (repeatable)")
    p.add_argument("--players", type=int, default=None, help="host: seats (default: the game's)")
    p.add_argument("--wait-for", type=int, default=0, help="host: other humans to wait for")
    p.add_argument("--bots", type=int, default=0, help="host: bots to add before starting")
    p.add_argument("--policy", choices=("random", "bot", "first"), default="random")
    p.add_argument("--bot", default=None, help="the bot of --policy bot (default: the game's)")
    p.add_argument("--last-seat-first", action="store_true",
                   help="when several seats may act at once, act only once no higher seat is "
                        "still to act (the decision then arrives in reverse seat order)")
    p.add_argument("--after", type=int, action="append", default=[], metavar="SEAT",
                   help="when several seats may act at once, act only once SEAT is no longer "
                        "among them (repeatable): a decision then arrives in a chosen order")
    p.add_argument("--prefer", action="append", default=[], metavar="ACTION",
                   help="an action (its record text) to take once, as soon as it is legal for "
                        "this seat (repeatable, in order); otherwise --policy chooses")
    p.add_argument("--seed", type=int, default=0, help="this member's own choices")
    p.add_argument("--room-seed", type=int, default=None)
    p.add_argument("--lease-ttl", type=float, default=10.0)
    p.add_argument("--stand-in", type=float, default=90.0)
    p.add_argument("--poll", type=float, default=0.005)
    p.add_argument("--bad-every", type=int, default=0)
    p.add_argument("--stop-at", type=int, default=0, help="leave once the log holds this many")
    p.add_argument("--give-up", type=float, default=120.0,
                   help="stop after this many seconds of store faults in a row")
    args = p.parse_args(argv)
    if not (0 < args.poll <= 60):  # (NaN fails this too)
        p.error(f"--poll is seconds between polls, more than 0 and at most 60, not {args.poll}")
    if not (0 < args.give_up < float("inf")):
        p.error(f"--give-up is a number of seconds, not {args.give_up}")
    try:
        run(args)
    except RoomError as exc:
        print(f"room error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
