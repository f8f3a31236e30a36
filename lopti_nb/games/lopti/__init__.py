"""Lopti: a shedding game for 2-5 players whose winner writes a new rule.

The rules oracle :func:`judge` answers whether a play is legal on a pile::

    >>> from lopti_nb.games.lopti import judge
    >>> judge(["7"], "8").legal
    False
    >>> judge(["7"], "6 6 6 6").clears
    True
"""
from ...engine import GameSpec, register_game
from .bots import BOTS, heuristic_bot
from .cards import RANKS, SPECIALS, card_label, card_name, parse_card, parse_rank
from .rules import EMPTY, Judgement, Pile, after_play, check_play, judge, parse_play, reason_text
from .state import KeepCards, LoptiState, Play, PlayBlind, Swap, TakePile
from .motions import (
    ConstitutionError, Discard, Draw, Give, HookRunner, Motion, MotionError, Reveal, Say, SessionError, View,
)
from .library import LIBRARY, library_motion
from .roshambo import RoshamboResult, bracket, roshambo
from .session import LAW_LEVERS, Proposal, Session


def _seat_columns(state: LoptiState, seat: int) -> dict:
    return {
        "cards_left": state.cards_held(seat),
        "pickups": state.pickups[seat],
        "duty_pickups": state.duty_pickups[seat],
        "clears": state.clears[seat],
        "dealer": seat == state.dealer,
        "leader": seat == state.leader,
        "turns": state.turns,
    }


SPEC = register_game(
    GameSpec(
        name="lopti",
        title="Lopti",
        state_class=LoptiState,
        min_players=2,
        max_players=5,
        default_players=4,
        default_bot="heuristic",
        bots=dict(BOTS),
        settings={"swap": True, "play_on": False, "turn_cap": 1000, "dealer": 0, "leader": None},
        seat_columns=_seat_columns,
        length=lambda state: state.turns,
    )
)

__all__ = [
    "judge", "Judgement", "Pile", "EMPTY", "check_play", "after_play", "parse_play", "reason_text",
    "LoptiState", "Play", "PlayBlind", "TakePile", "Swap", "KeepCards",
    "RANKS", "SPECIALS", "card_label", "card_name", "parse_card", "parse_rank", "heuristic_bot",
    "Session", "Proposal", "LAW_LEVERS", "Motion", "View", "Say", "Reveal", "Draw", "Give", "Discard",
    "HookRunner", "SessionError", "MotionError", "ConstitutionError", "LIBRARY", "library_motion",
    "roshambo", "bracket", "RoshamboResult",
]
