"""The errors this package raises on bad input: every one is a ``ValueError`` subclass of
:class:`LoptiNbError` with a sentence a person understands. A leaf module (it imports only the
bounds of :mod:`.limits`, which imports nothing of the package), so any module may import it."""
from __future__ import annotations

from .limits import MAX_MESSAGE, cut


class LoptiNbError(ValueError):
    """Base class of every error this package raises on bad input. Its message is cut to
    :data:`~lopti_nb.engine.limits.MAX_MESSAGE` characters here, once for all, so no quoted
    value, name or reason can make a refusal long."""

    def __init__(self, *args):
        if args and isinstance(args[0], str) and len(args[0]) > MAX_MESSAGE:
            args = (cut(args[0]), *args[1:])
        super().__init__(*args)


class IllegalAction(LoptiNbError):
    """An action that the rules do not allow in this position. The state is unchanged."""


class SettingsError(LoptiNbError):
    """A game setting (players, mode, scoring system...) that the game does not accept."""


class BatchNotCovered(SettingsError):
    """``batch=True`` for a game, bots or settings that no batch simulator plays (the
    engine path, without ``batch=True``, plays them)."""


class UnknownGame(LoptiNbError):
    """A game name that is not one of the package's games."""


class UnknownBot(LoptiNbError):
    """A bot name that is not registered for the game."""


class UnknownSeat(LoptiNbError):
    """A seat number that is not at this table."""


class EndlessGame(LoptiNbError):
    """A game that did not end within the most actions a game played by bots may take
    (:data:`~lopti_nb.engine.limits.MAX_GAME_ACTIONS`): a fault of the game, never of a bot."""


__all__ = ["LoptiNbError", "IllegalAction", "SettingsError", "UnknownGame", "UnknownBot", "UnknownSeat",
           "EndlessGame", "BatchNotCovered"]
