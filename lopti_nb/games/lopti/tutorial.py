"""Lopti's guided first round (``lopti_nb.tutorial("lopti")``): a whole round at the real
table against Ana and Ben, with a hint at each of your decisions and every move explained.

The deal is the table's seed :attr:`LoptiTutorial.seed`; followed hint by hint, it shows the
swap at the deal, clears (a 10, four of a kind), pickups (yours too), the 3 duty and the
7 sending play down (``tests/explainers/test_tutorial.py`` checks this with the engine). The
hints follow the heuristic bot's way of playing and say why in words; whether a move is legal,
and what it did, always comes from the engine (``legal_actions``, ``why_illegal``, the events
of ``apply``). Ana and Ben are the heuristic bot; their moves are explained from what everyone
sees (the cards played and the rules), never from their hidden cards.
"""
from __future__ import annotations

from lopti_nb.explainers.tutorial import PLAIN_WORDS, Hint, Script

from .bots import heuristic_bot
from .cards import (
    RANK_INDEX, RANKS, SEVEN, SPECIAL_RANKS, SPECIALS, TEN, THREE, TWO, card_label, parse_card,
)
from .events import BlindMiss, Cleared, DutyPassed, PickedUp, Played, Swapped, TookFaceUp, WentOut
from .lessons_texts import VOICES
from .state import KeepCards, Play, PlayBlind, Swap, TakePile

TITLES = {
    "plain": "Lopti: a guided first round",
    "pirate": "Lopti: yer first round, with the bosun at yer elbow",
    "comrade": "Lopti: a guided first round, by order of the committee",
}
INTROS = {
    "plain": ("You play as Sam against Ana and Ben, with a real deal. At each of your turns the "
              "guide suggests a move and says why; click the cards yourself. You may play "
              "something else whenever the rules allow it, and the guide will say what it did. "
              "The round ends when the first player has played their last card."),
    "pirate": ("Ye sit as Sam, with Ana and Ben across the deck. At each turn the bosun whispers "
               "a move and the reason for it; ye click the cards with yer own hand. Play another "
               "card if the rules allow it, and the bosun will tell ye what came of it. The round "
               "ends when the first sailor has played their last card."),
    "comrade": ("You sit as Sam, with comrades Ana and Ben. At each of your turns the committee "
                "proposes a move and its reasons; you click the cards yourself. Any other move "
                "the rules allow is also in order, and the committee will minute what it did. "
                "The round ends when the first comrade has played their last card."),
}
CLEARED_HOW = {"ten": "with a 10", "four": "with four of a kind", "chain": "with the fourth 3 of a chain"}
WORDS = {
    "plain": {},
    "pirate": {"own choice": "Ye went yer own way (the bosun said to {hint}), and the rules allow it.",
               "hint": "The bosun says", "tip": "Old salt's tip", "refused": "Belay that",
               "over": "The round is done, matey", "wait": "Watch the others make their moves."},
    "comrade": {"own choice": "An independent motion (the committee proposed to {hint}), and the rules allow it.",
                "hint": "The committee proposes", "tip": "For the record", "refused": "Out of order",
                "over": "The round is closed", "wait": "The comrades are making their moves."},
}


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _rank_words(rank: int, count: int = 1) -> str:
    """``a 9``, ``an 8``, ``two 5s``."""
    name = RANKS[rank]
    if count == 1:
        return f"{'an' if name in ('8', 'A') else 'a'} {name}"
    return f"{NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else count} {name}s"


def _pile_cards(obs) -> list[int]:
    return [parse_card(c) for c in obs["pile"]]


class LoptiTutorial(Script):
    players = 3
    names = ("Sam", "Ana", "Ben")
    seed = 1240520259454990046  # the deal the lessons tell (round one of a session seeded 12)
    settings: dict = {}  # one round: no motion comes after it
    voices = VOICES

    def title(self) -> str:
        return TITLES[self.voice]

    def intro(self) -> str:
        return INTROS[self.voice]

    def words(self, key: str) -> str:
        return WORDS[self.voice].get(key, PLAIN_WORDS[key])

    def done(self, state) -> bool:
        return state.is_over

    # -- the hint ---------------------------------------------------------------------------------
    def hint(self, state, seat: int) -> Hint:
        obs = state.observation(seat)
        legal = state.legal_actions(seat)
        if obs["phase"] == "swap":
            return self._swap_hint(obs, legal)
        blinds = [a for a in legal if isinstance(a, PlayBlind)]
        # the bot flips a face-down card at random; the guide names the first, the same each time
        action = blinds[0] if blinds else heuristic_bot(obs, legal, None)
        return self._play_hint(state, obs, legal, action)

    def _swap_hint(self, obs, legal) -> Hint:
        action = heuristic_bot(obs, legal, None)
        tip = ("Your face-up cards come to your hand only once it is empty: put your weakest "
               "cards face up and keep 10s, 2s and high cards in your hand.")
        if isinstance(action, Swap):
            hand, up = card_label(parse_card(action.hand_card)), card_label(parse_card(action.face_up_card))
            return Hint(action, f"Swap your {hand} for the face-up {up}",
                        f"The {up} is worth more in your hand than the {hand}, which can wait face up "
                        "until your hand is empty.", tip)
        return Hint(action, "Keep your cards as dealt",
                    "No face-up card is worth more to you than the hand card it would replace.", tip)

    def _play_hint(self, state, obs, legal, action) -> Hint:
        pile = _pile_cards(obs)
        if isinstance(action, PlayBlind):
            return Hint(action, f"Flip face-down card {action.position + 1}",
                        "Your hand and face-up cards are gone: now you play your face-down cards "
                        "one at a time, unseen.",
                        "Nobody knows a face-down card, you included. If it cannot go on the pile, "
                        "you take the pile with it; the rules say why when it happens.")
        if isinstance(action, TakePile):
            plays = [a for a in legal if isinstance(a, Play)]
            if not plays:
                rank = RANKS[parse_card(obs["hand"][0]) >> 2] if obs["hand"] else None
                why = state.why_illegal(Play(rank, 1)) if rank is not None else None
                because = f" The rules refuse your cards here, for example: {why}." if why else ""
                return Hint(action, f"Take the pile ({len(pile)} cards)",
                            "None of your cards may go on this pile, so you take it into your hand."
                            + because,
                            "A pickup is not a disaster: more cards means more choice later, and "
                            "the low ones go down again quickly.")
            return Hint(action, f"Take the pile ({len(pile)} cards)",
                        "You could go on only with a special card, and this small pile of low "
                        "cards costs little to take: keep the special card for a bigger pile.",
                        "Spend 2s, 7s and 10s to escape a big pile, not a small one.")
        effect = self._effect(state, action)  # a play from the hand: cards the learner sees
        rank = RANK_INDEX[action.rank]
        what = _rank_words(rank, action.count)
        move = f"Play {what}"
        if not pile:
            # what the rules allow on the empty table, from the engine's list of legal plays
            ranks = {a.rank for a in legal if isinstance(a, Play)}
            held = {RANKS[parse_card(c) >> 2] for c in obs["hand"] or ()}
            lead = ("The table is empty, so you lead, and the rules allow every rank you hold."
                    if held <= ranks else "The table is empty, so you lead.")
            why = (f"{lead} Lead low, with {what}." if rank not in SPECIAL_RANKS else
                   f"{lead} You hold only special cards, and {what} is the cheapest of them to "
                   f"spend. {SPECIALS[rank]['summary']}")
        elif rank in SPECIAL_RANKS:
            ordinary = [h for h in obs["hand"] or () if parse_card(h) >> 2 not in SPECIAL_RANKS]
            refused = state.why_illegal(Play(RANKS[parse_card(ordinary[0]) >> 2], 1)) if ordinary else None
            because = (f"The rules refuse your ordinary cards here ({refused.rstrip('.')}), so a special "
                       "card it is" if refused else "You hold only special cards")
            why = (f"{because}, and {what} is the cheapest to spend."
                   + ("" if effect else f" {SPECIALS[rank]['summary']}"))
        else:
            why = f"{what[0].upper()}{what[1:]} is the lowest of your cards that may go on this pile."
        if action.count > 1:
            why += " Playing all of them at once empties your hand faster."
        return Hint(action, move, why + effect, self._tip(obs, rank))

    def _tip(self, obs, rank: int) -> str:
        held = {parse_card(c) >> 2 for c in obs["hand"] or ()}
        if rank == TEN:
            return "A 10 clears any pile except a 7 and gives you a bonus play onto the empty table."
        if TEN in held:
            return ("Keep your 10: it clears any pile but a 7 whenever you need it, so save it for "
                    "a big pile you would otherwise have to take.")
        if rank == THREE or THREE in held:
            return ("A 3 on a pile hands the next player a duty: play 3s or take the pile. Keep it "
                    "for when the pile is big.")
        if SEVEN in held:
            return ("A 7 forces the next player low (4s, 5s or 6s): useful when the player after "
                    "you has few cards left.")
        if TWO in held:
            return "A 2 goes on almost anything and lets the next play be any rank: your way out later."
        return ("Shed your low ordinary cards first: the pile only climbs, and high cards are what "
                "you will need to get on it later.")

    @staticmethod
    def _effect(state, action) -> str:
        """What a play from the hand will do beyond laying cards, read from the engine: the
        move is made on a copy of the position. Only what follows from the cards the learner
        holds and the pile is read (a clear, a duty, going out), never a draw; a face-down
        card is never tried, since nobody may know it before it is flipped."""
        trial = state.copy()
        events = trial.apply(action)
        said = []
        for e in events:
            if isinstance(e, Cleared):
                said.append(f" It clears the pile {CLEARED_HOW.get(e.how, '')} and you take a bonus play."
                            .replace("  ", " "))
            elif isinstance(e, DutyPassed):
                said.append(" The next player must then play 3s or take the pile.")
            elif isinstance(e, WentOut):
                said.append(" It is your last card: you win the round.")
        return "".join(said[:2])

    # -- the others' moves and your own choices ---------------------------------------------------
    def opponent(self, state, seat: int, rng):
        obs = state.observation(seat)
        legal = state.legal_actions(seat)
        action = heuristic_bot(obs, legal, rng)
        return action, self._public_why(obs, action)

    def _public_why(self, obs, action) -> str:
        """Why a move like this is made, from what everyone sees."""
        if isinstance(action, (Swap, KeepCards)):
            return "At the deal each player may swap one hand card with one of their face-up cards, once."
        if isinstance(action, PlayBlind):
            return "With no hand and no face-up cards left, a player flips a face-down card unseen."
        if isinstance(action, TakePile):
            if obs["duty"]:
                return "A 3 duty was live: the only answers are 3s or taking the pile."
            return ("Taking the pile is always allowed when it holds cards: a player who cannot, or "
                    "would rather not, go on it takes it.")
        rank = RANK_INDEX[action.rank]
        if rank in SPECIAL_RANKS:
            return SPECIALS[rank]["summary"]
        if not obs["pile"]:
            return "On an empty table any rank may lead."
        return "An ordinary rank as high as the top of the pile or higher may follow (the same rank only with more cards, or to make four)."

    def explain(self, before, action, events, seat: int) -> str:
        said = []
        for e in events:
            if isinstance(e, Swapped):
                said.append("You swapped a hand card with a face-up card, as the deal allows once.")
            elif isinstance(e, Cleared):
                said.append("Your move cleared the pile, and you took a bonus play.")
            elif isinstance(e, BlindMiss):
                said.append(f"The face-down card could not be played: {e.reason}")
            elif isinstance(e, PickedUp):
                said.append("You took the pile into your hand: the turn passes on.")
            elif isinstance(e, DutyPassed):
                said.append("Your 3 hands the next player a duty: play 3s or take the pile.")
            elif isinstance(e, TookFaceUp):
                said.append("Your hand was empty, so your face-up cards came into it.")
            elif isinstance(e, WentOut):
                said.append("That was your last card: you are out.")
        if isinstance(action, KeepCards):
            said.append("You kept your cards as dealt.")
        if not said and isinstance(action, Play):
            rank = RANK_INDEX[action.rank]
            extra = f" {SPECIALS[rank]['summary']}" if rank in SPECIAL_RANKS else ""
            said.append(f"You played {_rank_words(rank, action.count)}.{extra}")
        return " ".join(said) or "The move is made."

    # -- the end ----------------------------------------------------------------------------------
    def summary(self, state, moves) -> list[str]:
        mine = [e for e in state.events if getattr(e, "seat", None) == 0]
        played = sum(1 for e in mine if isinstance(e, Played))
        clears = sum(1 for e in mine if isinstance(e, Cleared))
        pickups = sum(1 for e in mine if isinstance(e, PickedUp))
        own = sum(1 for m in moves if m.followed is False)
        winner = state.winner
        lines = [
            "You won the round: your last face-down card went down as a legal play."
            if winner == 0 else f"{self.names[winner]} played their last card first and won the round.",
            f"You made {_count(played, 'play')}, cleared the pile {_count(clears, 'time')} "
            f"and took the pile {_count(pickups, 'time')}.",
            (f"You followed every hint." if own == 0 else
             f"You chose your own move {_count(own, 'time')}; the rules allowed each one."),
            "In a real session the winner now writes a new rule for the next round, and the table votes on it.",
        ]
        return lines


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"

