"""Skull King (with the Legendary cards) on the lopti_nb engine.

    >>> import lopti_nb
    >>> state = lopti_nb.new_game("skull-king", players=4, seed=1)
    >>> state.legal_actions()
    [Bid(n=0), Bid(n=1)]

The public rule functions work on card notation strings (see :mod:`.cards`) and are used by
explainers and outside tests::

    from lopti_nb.games.skullking import trick_winner, next_leader, trick_bonus, score_round
"""

from .bots import heuristic_bot
from .cards import Card, CardError, parse_card
from .rules import legal_cards, next_leader, score_round, trick_bonus, trick_winner
from .state import (
    Bid, BidMade, BidsRevealed, CardPlayed, GameOver, Play, RoundDealt, RoundScored,
    SkullKingState, TrickDestroyed, TrickWon, game_length, seat_columns,
)

from .plugin import SPEC

__all__ = [
    "parse_card", "CardError", "trick_winner", "next_leader", "trick_bonus", "score_round", "legal_cards",
    "Card", "SkullKingState", "Bid", "Play",
    "RoundDealt", "BidMade", "BidsRevealed", "CardPlayed", "TrickWon", "TrickDestroyed",
    "RoundScored", "GameOver", "SPEC",
]
