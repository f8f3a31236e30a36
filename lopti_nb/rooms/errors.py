"""The errors a room raises on bad input. Every one is a ``ValueError`` (through
:class:`lopti_nb.engine.LoptiNbError`) with a sentence a player understands; a rejected
request never changes the room."""
from __future__ import annotations

from lopti_nb.engine import IllegalAction, LoptiNbError, SettingsError, UnknownBot, UnknownGame


class RoomError(LoptiNbError):
    """Base class of every room error."""


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


class BadName(RoomError):
    """A display name that is empty, too long, or holds control characters."""


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


class StoreError(RoomError):
    """The room store could not be opened or used (bad URL, missing ``redis`` package...)."""


class CorruptLog(RoomError):
    """The stored log does not replay (someone wrote to the store by hand)."""
