"""A process that fires submissions at a room as fast as it can (run by
test_rooms_concurrency.py; not a test module itself).

    python hammer_worker.py STORE CODE TOKEN MODE STOP GO_FILE OUT

MODE ``seat``: at every poll, send a move pinned to the position seen, whether or not it is
this seat's turn: this seat's first legal action when it is one of the seats to act (while
the bids are taken, several seats race with their bids), else the first legal action of the
seat asked first. ``illegal``: when it is this seat's turn, send a move the rules forbid.
``forger``: send moves with a made-up token. Every outcome is counted; accepted moves are
listed with their log number.
"""
import json
import os
import sys
import time

from lopti_nb import rooms
from lopti_nb.games.skullking import Bid, Play


def move(state, seat):
    """``seat``'s first legal action if it may act now, else that of the seat asked first."""
    if seat in state.to_act:
        return seat, state.legal_actions(seat)[0]
    return state.current_player, state.legal_actions()[0]


def main():
    store, code, token, mode, stop, go_file, out = sys.argv[1:8]
    stop = int(stop)
    room = rooms.Room(code, store)
    session = rooms.RoomSession(code, token, store) if mode != "forger" else None
    open(out + ".ready", "w").close()
    while not os.path.exists(go_file):
        time.sleep(0.001)
    counts, accepted = {}, []
    while True:
        room.load() if session is None else session.refresh()
        k = room.seq if session is None else session.seq
        if k >= stop:
            break
        state = room.state if session is None else session.state
        if state.is_over:
            break
        seat, action = move(state, None if session is None else session.seat)
        try:
            if mode == "forger":
                forged = rooms.RoomSession.__new__(rooms.RoomSession)
                forged.room, forged.token, forged.seat = room, "forged-" + os.urandom(12).hex(), seat
                got = forged.submit(action, expect_seq=k)
            elif mode == "illegal":
                if not session.my_turn():
                    time.sleep(0.001)
                    continue
                bad = Bid(99) if isinstance(action, Bid) else Play("no-such-card")
                got = session.submit(bad, expect_seq=k)
            else:
                got = session.submit(action, expect_seq=k)
            accepted.append({"seq": got, "action": rooms.encode(action)})
        except rooms.RoomError as exc:
            name = type(exc).__name__
            counts[name] = counts.get(name, 0) + 1
            time.sleep(0.002)  # hammer, but leave the others some CPU
    with open(out, "w") as f:
        json.dump({"mode": mode, "counts": counts, "accepted": accepted,
                   "seat": None if session is None else session.seat}, f)


if __name__ == "__main__":
    main()
