"""Lopti: a shedding game for 2-5 players whose winner writes a new rule.

The rules oracle :func:`judge` answers whether a play is legal on a pile::

    >>> from lopti_nb.games.lopti import judge
    >>> judge(["7"], "8").legal
    False
    >>> judge(["7"], "6 6 6 6").clears
    True
"""
import warnings

from .bots import BOTS, heuristic_bot
from .cards import RANKS, SPECIALS, CardError, card_label, card_name, parse_card, parse_rank
from .rules import EMPTY, Judgement, Pile, after_play, check_play, judge, parse_play, reason_text
from .state import KeepCards, LoptiState, Play, PlayBlind, Swap, TakePile
from .motions import (
    ConstitutionError, Discard, Draw, Give, HookRunner, Motion, MotionError, Reveal, Say, SessionError, View,
)
from .library import LIBRARY, library_motion
from .roshambo import RoshamboContest, RoshamboResult, bracket, roshambo
from .session import LAW_LEVERS, Proposal, Session, Vote, bot_ballot
from .session_game import LoptiSessionState


from .plugin import SPEC


__all__ = [
    "judge", "Judgement", "Pile", "EMPTY", "check_play", "after_play", "parse_play", "reason_text",
    "LoptiState", "Play", "PlayBlind", "TakePile", "Swap", "KeepCards",
    "RANKS", "SPECIALS", "CardError", "card_label", "card_name", "parse_card", "parse_rank", "heuristic_bot",
    "LoptiSessionState", "Session", "Proposal", "LAW_LEVERS", "Motion", "View", "Say", "Reveal", "Draw", "Give", "Discard",
    "HookRunner", "SessionError", "MotionError", "ConstitutionError", "LIBRARY", "library_motion",
    "roshambo", "bracket", "RoshamboResult", "RoshamboContest", "Vote", "bot_ballot",
    "SPEC",
]


def __getattr__(name: str):
    # a vote was three classes (PendingVote, VoteRecord, SetupVote); one class, Vote, serves them all
    if name in ("PendingVote", "VoteRecord"):
        warnings.warn(f"{name} is now Vote: one class holds a vote from its call, through its ballots, "
                      "to its result", DeprecationWarning, stacklevel=2)
        return Vote
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
