"""Lopti bots. Each is ``bot(observation, legal_actions, rng) -> action``."""
from __future__ import annotations

from .cards import RANK_INDEX, SEVEN, TEN, THREE, TWO, SPECIAL_RANKS
from .state import Choose, Play, PlayBlind, Swap, TakePile

# How much a card is worth keeping: ordinary ranks by height, specials above them all,
# the 10 (a clear whenever it is wanted) most of all.
KEEP_VALUE = {i: i for i in range(13)}
KEEP_VALUE.update({SEVEN: 14, THREE: 15, TWO: 16, TEN: 17})
# When only specials can be played, spend the cheapest first.
SPECIAL_ORDER = (SEVEN, TWO, THREE, TEN)
# An ordinary rank's name -> its height (special ranks are absent).
ORDINARY_HEIGHT = {name: i for name, i in RANK_INDEX.items() if i not in SPECIAL_RANKS}


def _rank(card_name: str) -> int:
    return RANK_INDEX[card_name[:-1]]


def heuristic_bot(obs, legal, rng):
    """Sheds its lowest ordinary cards first, saves 2s, 3s, 7s and 10s for when nothing else
    goes, answers a 3 duty with a 3 when it can, and takes a small, harmless pile rather than
    burn a special card on it. Asked to choose for a motion, it takes the engine's default
    (listed first)."""
    if type(legal[0]) is Choose:
        return legal[0]
    if obs["phase"] == "swap":
        # Put the weakest hand card face up if a face-up card is worth more to hold.
        best, gain = None, 0
        for action in legal:
            if isinstance(action, Swap):
                g = KEEP_VALUE[_rank(action.face_up_card)] - KEEP_VALUE[_rank(action.hand_card)]
                if g > gain:
                    best, gain = action, g
        return best or legal[0]

    # One pass sorts the list and finds the lowest ordinary rank playable, with its largest
    # count (the first listed of equal counts).
    plays = []
    blinds = []
    take = None
    low, shed = 99, None
    for action in legal:
        cls = type(action)
        if cls is Play:
            plays.append(action)
            height = ORDINARY_HEIGHT.get(action.rank)
            if height is not None and (height < low or (height == low and action.count > shed.count)):
                low, shed = height, action
        elif cls is PlayBlind:
            blinds.append(action)
        elif cls is TakePile:
            take = action
    if blinds:
        # A miss only turns an unknown face-down card into a known hand card, so flip.
        return blinds[rng.randrange(len(blinds))]
    if not plays:
        return take
    if shed is not None:
        return shed

    if obs["duty"]:
        return min(plays, key=lambda p: p.count)  # one 3 is enough to pass the duty on
    pile = obs["pile"]
    if take is not None and len(pile) <= 2 and all(_rank(c) < 9 and _rank(c) not in SPECIAL_RANKS for c in pile):
        return take
    for rank in SPECIAL_ORDER:
        chosen = [p for p in plays if RANK_INDEX[p.rank] == rank]
        if chosen:
            if rank == TEN or rank == THREE:
                return min(chosen, key=lambda p: p.count)
            return max(chosen, key=lambda p: p.count)
    return plays[0]


def first_legal_bot(obs, legal, rng):
    """Always takes the first legal action (useful for reproducible demonstrations)."""
    return legal[0]


BOTS = {
    "heuristic": lambda: heuristic_bot,
    "first": lambda: first_legal_bot,
}
