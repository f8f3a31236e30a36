"""Rooms: play any installed game across devices with a room code.

    >>> from lopti_nb import rooms
    >>> host = rooms.create_room("Ann", players=3, store="/tmp/rooms.sqlite")  # doctest: +SKIP
    >>> host.pretty_code                                                          # doctest: +SKIP
    'K7QM-3XHD'
    >>> bob = rooms.join_room("k7qm 3xhd", "Bob", store="/tmp/rooms.sqlite")    # doctest: +SKIP
    >>> host.add_bot(); host.start()                                             # doctest: +SKIP
    >>> bob.refresh(); bob.observation()["hand"]                                 # doctest: +SKIP

How it works: a room is its game (any game plugin the engine finds), its settings, a random
seed and an append-only, numbered action log in a shared store (:mod:`.store`: a SQLite file
by default, or Redis); together they are exactly a game record (``Room.record()``). Each
member's kernel rebuilds the exact game by replaying the log with the engine. An action is checked by the
engine in the submitting kernel (right seat token, right turn, legal) against the game at the
end of the log, and appended only if the log has not grown meanwhile (else: reload, check
again). One member's kernel hosts: it holds a lease with a heartbeat and moves the bots, whose
choices depend only on the log (their generator is seeded from the room seed and the log
position), so any member who takes over hosting makes the same moves.

What each device shows: only its own seat's view (``state.observation(seat)``), chosen by the
seat token that kernel holds.

What a person with access to the server's files (or the Redis server) can read -- plainly:

* the room code, the game, the settings, the display names and the whole action log (every
  move, including secret ones such as bids not yet revealed at the table);
* the **seed**. The deal is a function of the seed, so the seed plus the log lets them
  reconstruct every hidden card, including cards not yet played and the deals to come.
  Rooms protect players from each other's *devices*, not from the server's administrator;
* not the seat tokens: the store keeps only their SHA-256 hashes, so reading the files does
  not let anyone act for a seat (writing to the files, of course, could do anything);
* presence times (when each seat's kernel last polled) and which kernel hosts.

Kernels on the server hold the full game in memory; anyone who can run code in them (the
server's owner, or a player with a terminal on a shared Jupyter server) can read it too.
See ``docs/ROOMS.md``.
"""
from .codes import ALPHABET, BITS, LENGTH, SPACE, expected_guesses, new_code, normalize, pretty
from .codec import decode, dumps, encode
from .errors import (
    BadAction, BadBot, BadCode, BadGame, BadName, BadRequest, BadSettings, BadToken, CorruptLog,
    DuplicateName, IllegalPlay, NotHost, NotYourTurn, RoomError, RoomExpired, RoomFull,
    StaleAction, StoreError, UnknownRoom, WrongPhase,
)
from .room import (
    LOBBY, OVER, PLAYING, Room, RoomSession, bot_rng, clean_name, create_room, join_room,
    rejoin_room, replay, room_spec,
)
from .store import RedisStore, RoomStore, SQLiteStore, default_url, open_store


def room_widget(store=None, poll: float = 0.5, bot_pace: float = 0.6, start_timer: bool = True,
                game: str | None = None, heading: bool = True):
    """The room widget: create / join by code / lobby / the table (see
    :class:`.widget.RoomWidget` for the arguments). A page with its own heading passes
    ``heading=False``::

        room_widget(store="rooms.db", heading=False)
    """
    from .widget import RoomWidget
    return RoomWidget(store=store, poll=poll, bot_pace=bot_pace, start_timer=start_timer, game=game,
                      heading=heading)


__all__ = [
    "ALPHABET", "BITS", "LENGTH", "SPACE", "expected_guesses", "new_code", "normalize", "pretty",
    "decode", "dumps", "encode",
    "BadAction", "BadBot", "BadCode", "BadGame", "BadName", "BadRequest", "BadSettings", "BadToken", "CorruptLog", "DuplicateName", "IllegalPlay",
    "NotHost", "NotYourTurn", "RoomError", "RoomExpired", "RoomFull", "StaleAction", "StoreError",
    "UnknownRoom", "WrongPhase",
    "LOBBY", "OVER", "PLAYING", "Room", "RoomSession", "bot_rng", "clean_name", "create_room",
    "join_room", "rejoin_room", "replay", "room_spec",
    "RedisStore", "RoomStore", "SQLiteStore", "default_url", "open_store", "room_widget",
]
