"""The errors a room raises on bad input. Every one is a ``ValueError`` (through
:class:`lopti_nb.engine.LoptiNbError`) with a sentence a player understands, at most
:data:`MAX_MESSAGE` characters long; a rejected request never changes the room."""
from __future__ import annotations

from lopti_nb.engine import IllegalAction, LoptiNbError, SettingsError, UnknownBot, UnknownGame
from lopti_nb.text import BadName as _BadName

# the package's one bound on a message (it is shown on a phone, and may quote what was typed)
from lopti_nb.engine.limits import MAX_MESSAGE, cut  # noqa: F401 - cut is imported from here


class RoomError(LoptiNbError):
    """Base class of every room error. The message is cut to :data:`MAX_MESSAGE` characters
    here, once for all, so that no quoted value, path or engine reason can make it long."""

    def __init__(self, message: str = "", *args):
        super().__init__(cut(message), *args)


class BadGame(UnknownGame, RoomError):
    """A room for a game no installed plugin provides."""


class BadSettings(SettingsError, RoomError):
    """Room settings that are refused: players, the game's own settings, or the room's
    timings."""


class BadBot(UnknownBot, RoomError):
    """A bot the room's game does not have."""


class BadCode(RoomError):
    """Text that cannot be a room code (wrong length or characters)."""


class UnknownRoom(RoomError):
    """No room has this code (never created, expired, or deleted)."""


class RoomExpired(UnknownRoom):
    """The room existed but sat idle for longer than its time to live."""


class RoomFull(RoomError):
    """Every seat is taken."""


class BadName(_BadName, RoomError):
    """A display name that is empty, too long, or holds markup, invisible or control
    characters (:func:`lopti_nb.text.clean_name`), or that a room cannot give."""


class DuplicateName(BadName):
    """Another seat in the room already uses this display name."""


class BadToken(RoomError):
    """A seat token that matches no seat of this room (forged, mistyped, or from another room)."""


class NotHost(RoomError):
    """Only the current host may do this (add bots, start)."""


class WrongPhase(RoomError):
    """Not possible at this stage (e.g. joining a started game, playing in the lobby)."""


class NotYourTurn(IllegalAction, RoomError):
    """An action from a seat that is not the one to act."""


class IllegalPlay(IllegalAction, RoomError):
    """An action the rules do not allow now (the engine's reason is in the message)."""


class StaleAction(RoomError):
    """An action sent for an older position of the game (a double click or a replayed
    message): the game has moved on since."""


class BadAction(RoomError):
    """An action that cannot be decoded (unknown type, odd fields, too large)."""


class BadRequest(RoomError):
    """An argument of a room call that is not of the kind it takes (a seat number, a move
    number, a number of moves...)."""


class StoreError(RoomError):
    """The room store could not be opened or used: a bad URL, a missing ``redis`` package, a
    Redis server that does not answer, a SQLite file that was deleted, replaced, cut short
    or overwritten. The message says which, in words; a write that raised it was either not
    made (SQLite) or is not known to be made (Redis: the table shows it once the server
    answers again)."""


class CorruptLog(RoomError):
    """The stored log does not replay (someone wrote to the store by hand)."""
