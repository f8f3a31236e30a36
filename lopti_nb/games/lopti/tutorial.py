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
from .cards import RANK_INDEX, RANKS, SEVEN, SPECIAL_RANKS, TEN, THREE, TWO, card_label, parse_card
from .events import BlindMiss, Cleared, DutyPassed, PickedUp, Played, Swapped, TookFaceUp, WentOut
from .lessons_texts import VOICES
from .rules import some
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

# What the guide says, in each voice. A sentence that says a move is legal quotes the rules'
# own reason (``why_legal`` / ``why_illegal``, after "rules"); these add only the strategy,
# the move's name and what a move did (from the engine's events).
SAY = {
    "plain": {
        "rules": "The rules: {reason}",
        "swap": "Swap your {hand} for the face-up {up}",
        "swap why": "The {up} is worth more in your hand than the {hand}, which can wait face up "
                    "until your hand is empty.",
        "keep": "Keep your cards as dealt",
        "keep why": "No face-up card is worth more to you than the hand card it would replace.",
        "swap tip": "Your face-up cards come to your hand only once it is empty: put your weakest "
                    "cards face up and keep 10s, 2s and high cards in your hand.",
        "flip": "Flip face-down card {n}",
        "flip why": "Your hand and face-up cards are gone: now your face-down cards go down, unseen.",
        "flip tip": "Nobody knows a face-down card, you included. If it cannot go on the pile, "
                    "you take the pile with it; the rules say why when it happens.",
        "take": "Take the pile ({cards})",
        "take forced": "None of your cards may go on this pile, so you take it into your hand.",
        "refused example": " The rules refuse your cards here, for example: {reason}",
        "take tip": "A pickup is not a disaster: more cards means more choice later, and the "
                    "low ones go down again quickly.",
        "take small": "You could go on only with a special card, and this small pile of low "
                      "cards costs little to take: keep the special card for a bigger pile.",
        "take small tip": "Spend 2s, 7s and 10s to escape a big pile, not a small one.",
        "play": "Play {what}",
        "lead": "You lead: {what} is your lowest ordinary card, and the higher ones are worth "
                "keeping for later.",
        "lead special": "You lead, and you hold only special cards: {what} costs the least "
                        "to spend.",
        "special": "The rules refuse your ordinary cards here ({reason}), so a special card it "
                   "is, and {what} is the cheapest to spend.",
        "only special": "You hold only special cards, and {what} is the cheapest to spend.",
        "lowest": "{What} is the lowest of your cards that may go on this pile.",
        "several": " Playing all of them at once empties your hand faster.",
        "clears": " It clears the pile {how} and you take a bonus play.",
        "duty": " The next player must then play 3s or take the pile.",
        "last": " It is your last card: you win the round.",
        "tip ten": "A 10 clears any pile except a 7 and gives you a bonus play onto the empty table.",
        "tip keep ten": "Keep your 10: it clears any pile but a 7 whenever you need it, so save it "
                        "for a big pile you would otherwise have to take.",
        "tip three": "A 3 on a pile hands the next player a duty: play 3s or take the pile. Keep "
                     "it for when the pile is big.",
        "tip seven": "A 7 makes the next player go lower (a 4, 5 or 6, or a 2, a 3 or more 7s): "
                     "useful when the player after you has few cards left.",
        "tip two": "After a 2 the next play may be any rank: keep one as your way out of a high pile.",
        "tip shed": "Shed your low ordinary cards first: the pile only climbs, and high cards are "
                    "what you will need to get on it later.",
        "you swapped": "You swapped a hand card with a face-up card, as the deal allows once.",
        "you cleared": "Your move cleared the pile, and you took a bonus play.",
        "you missed": "The face-down card could not be played: {reason}",
        "you took": "You took the pile into your hand: the turn passes on.",
        "you duty": "Your 3 hands the next player a duty: play 3s or take the pile.",
        "you face up": "Your hand was empty, so your face-up cards came into it.",
        "you out": "That was your last card: you are out.",
        "you kept": "You kept your cards as dealt.",
        "you played": "You played {what}.",
        "won": "You won the round: your last face-down card went down as a legal play.",
        "lost": "{name} played their last card first and won the round.",
        "counts": "You made {plays}, cleared the pile {clears} and took the pile {pickups}.",
        "followed": "You followed every hint.",
        "own": "You chose your own move {own}; the rules allowed each one.",
        "motion": "In a real session the winner now writes a new rule, a motion, which holds from "
                  "the next round without a vote; only the Rule Vote can change it later.",
        "play word": ("play", "plays"), "time word": ("time", "times"), "card word": ("card", "cards"),
    },
    "pirate": {
        "rules": "The articles say: {reason}",
        "swap": "Trade yer {hand} for the face-up {up}",
        "swap why": "The {up} serves ye better in yer fist than the {hand}, which can bide face "
                    "up till yer fist be empty.",
        "keep": "Keep yer cards as dealt",
        "keep why": "No face-up card be worth more to ye than the fist card it would replace.",
        "swap tip": "Yer face-up cards come to yer fist only once it be empty: lay yer weakest "
                    "face up, and keep 10s, 2s and high cards in yer fist.",
        "flip": "Flip face-down card {n}",
        "flip why": "Yer fist and face-up cards be gone: now yer face-down cards go down, unseen.",
        "flip tip": "Nobody knows a face-down card, ye included. If it can't go on the heap, ye "
                    "haul in the heap with it; the articles say why when it happens.",
        "take": "Haul in the heap ({cards})",
        "take forced": "None of yer cards may go on this heap, so ye haul it into yer fist.",
        "refused example": " The articles refuse yer cards here, for one: {reason}",
        "take tip": "A haul be no shipwreck: more cards means more choice later, and the low "
                    "ones go down again quick.",
        "take small": "Only a special card could go on, and this wee heap of low cards costs "
                      "little to haul: save the special card for a bigger heap.",
        "take small tip": "Spend 2s, 7s and 10s to escape a big heap, not a wee one.",
        "play": "Throw {what}",
        "lead": "Ye lead: {what} be yer lowest ordinary card, and the higher ones be worth "
                "keeping for later.",
        "lead special": "Ye lead, and ye hold only special cards: {what} be the cheapest to spend.",
        "special": "The articles refuse yer ordinary cards here ({reason}), so a special card "
                   "it be, and {what} be the cheapest to spend.",
        "only special": "Ye hold only special cards, and {what} be the cheapest to spend.",
        "lowest": "{What} be the lowest of yer cards that may go on this heap.",
        "several": " Throwing them all at once empties yer fist the faster.",
        "clears": " It clears the heap {how} and ye take a bonus throw.",
        "duty": " The next sailor must then throw 3s or haul in the heap.",
        "last": " It be yer last card: ye win the round.",
        "tip ten": "A 10 clears any heap but a 7 and gives ye a bonus throw onto bare planks.",
        "tip keep ten": "Keep yer 10: it clears any heap but a 7 whenever ye need it, so save it "
                        "for a big heap ye'd otherwise have to haul.",
        "tip three": "A 3 on a heap hands the next sailor a duty: throw 3s or haul in the heap. "
                     "Keep it for when the heap be big.",
        "tip seven": "A 7 makes the next sailor go lower (a 4, 5 or 6, or a 2, a 3 or more 7s): "
                     "handy when the sailor after ye has few cards left.",
        "tip two": "After a 2 the next throw may be any rank: keep one as yer way off a high heap.",
        "tip shed": "Shed yer low ordinary cards first: the heap only climbs, and high cards be "
                    "what ye'll need to get on it later.",
        "you swapped": "Ye traded a fist card for a face-up card, as the deal allows once.",
        "you cleared": "Yer throw cleared the heap, and ye took a bonus throw.",
        "you missed": "The face-down card could not be thrown: {reason}",
        "you took": "Ye hauled the heap into yer fist: the turn passes on.",
        "you duty": "Yer 3 hands the next sailor a duty: throw 3s or haul in the heap.",
        "you face up": "Yer fist was empty, so yer face-up cards came into it.",
        "you out": "That was yer last card: ye be out.",
        "you kept": "Ye kept yer cards as dealt.",
        "you played": "Ye threw {what}.",
        "won": "Ye won the round: yer last face-down card went down as a lawful throw.",
        "lost": "{name} threw their last card first and won the round.",
        "counts": "Ye made {plays}, cleared the heap {clears} and hauled in the heap {pickups}.",
        "followed": "Ye followed every word of the bosun.",
        "own": "Ye chose yer own way {own}; the articles allowed each one.",
        "motion": "In a real voyage the winner now writes a new law, a motion, which holds from "
                  "the next round with no vote; only the Rule Vote can change it later.",
        "play word": ("throw", "throws"), "time word": ("time", "times"), "card word": ("card", "cards"),
    },
    "comrade": {
        "rules": "The rulebook states: {reason}",
        "swap": "Exchange your {hand} for the face-up {up}",
        "swap why": "The {up} serves the cause better in the hand than the {hand}, which can wait "
                    "face up until the hand is empty.",
        "keep": "Keep the distribution as dealt",
        "keep why": "No face-up card is worth more to you than the hand card it would replace.",
        "swap tip": "Face-up cards reach the hand only once it is empty: place the weakest cards "
                    "face up and keep 10s, 2s and high cards in the hand.",
        "flip": "Flip face-down card {n}",
        "flip why": "Hand and face-up cards are exhausted: the face-down cards now go down, unseen.",
        "flip tip": "No comrade knows a face-down card, you included. If it cannot go on the "
                    "pile, you collect the pile with it; the rulebook says why when it happens.",
        "take": "Collect the pile ({cards})",
        "take forced": "None of your cards may go on this pile, so you collect it into your hand.",
        "refused example": " The rulebook refuses your cards here, for example: {reason}",
        "take tip": "A collection is no defeat: more cards means more choice later, and the low "
                    "ones go down again quickly.",
        "take small": "Only a special card could go on, and this small pile of low cards costs "
                      "little to collect: reserve the special card for a larger pile.",
        "take small tip": "Spend 2s, 7s and 10s to escape a large pile, not a small one.",
        "play": "Play {what}",
        "lead": "You open: {what} is your lowest ordinary card, and the higher ones are worth "
                "keeping in reserve.",
        "lead special": "You open, holding only special cards: {what} is the cheapest to spend.",
        "special": "The rulebook refuses your ordinary cards here ({reason}), so a special card "
                   "it is, and {what} is the cheapest to spend.",
        "only special": "You hold only special cards, and {what} is the cheapest to spend.",
        "lowest": "{What} is the lowest of your cards that may go on this pile.",
        "several": " Playing all of them together empties the hand faster.",
        "clears": " It clears the pile {how} and you receive a bonus play.",
        "duty": " The next comrade must then play 3s or collect the pile.",
        "last": " It is your last card: the round is yours.",
        "tip ten": "A 10 clears any pile but a 7 and grants a bonus play onto the empty table.",
        "tip keep ten": "Keep your 10 in reserve: it clears any pile but a 7 whenever needed, so "
                        "save it for a large pile you would otherwise collect.",
        "tip three": "A 3 on a pile assigns the next comrade a duty: play 3s or collect the pile. "
                     "Reserve it for when the pile is large.",
        "tip seven": "A 7 makes the next comrade go lower (a 4, 5 or 6, or a 2, a 3 or more 7s): "
                     "useful when the comrade after you has few cards left.",
        "tip two": "After a 2 the next play may be any rank: keep one as your way out of a high pile.",
        "tip shed": "Dispose of low ordinary cards first: the pile only climbs, and high cards "
                    "are what you will need to advance on it later.",
        "you swapped": "You exchanged a hand card for a face-up card, as the distribution allows once.",
        "you cleared": "Your play cleared the pile, and you received a bonus play.",
        "you missed": "The face-down card could not be played: {reason}",
        "you took": "You collected the pile into your hand: the turn passes on.",
        "you duty": "Your 3 assigns the next comrade a duty: play 3s or collect the pile.",
        "you face up": "Your hand was empty, so your face-up cards came into it.",
        "you out": "That was your last card: you are out.",
        "you kept": "You kept the distribution as dealt.",
        "you played": "You played {what}.",
        "won": "The round is yours: your last face-down card went down as a legal play.",
        "lost": "Comrade {name} played their last card first and won the round.",
        "counts": "You made {plays}, cleared the pile {clears} and collected the pile {pickups}.",
        "followed": "You followed every proposal of the committee.",
        "own": "You moved independently {own}; the rulebook allowed each move.",
        "motion": "In a real session the winner now drafts a new rule, a motion, which holds from "
                  "the next round without a vote; only the Rule Vote can change it later.",
        "play word": ("play", "plays"), "time word": ("time", "times"), "card word": ("card", "cards"),
    },
}



def _rank_words(rank: int, count: int = 1) -> str:
    """``a 9``, ``an 8``, ``two 5s``, ``two queens`` (the rules' own words for cards)."""
    return some(RANKS[rank], count)


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

    def say(self, key: str, **fields) -> str:
        """One of the guide's sentences in the script's voice (:data:`SAY`)."""
        return SAY[self.voice][key].format(**fields)

    def rules_say(self, reason: str | None) -> str:
        """The rules' own reason, quoted as the voice quotes its rulebook."""
        return self.say("rules", reason=_sentence(reason)) if reason else ""

    def count(self, n: int, key: str) -> str:
        one, more = SAY[self.voice][key]
        return f"{n} {one if n == 1 else more}"

    def done(self, state) -> bool:
        return state.is_over

    # -- the hint ---------------------------------------------------------------------------------
    def hint(self, state, seat: int) -> Hint:
        obs = state.observation(seat)
        legal = state.legal_actions(seat)
        if obs["phase"] == "swap":
            return self._swap_hint(state, seat, obs, legal)
        blinds = [a for a in legal if isinstance(a, PlayBlind)]
        # the bot flips a face-down card at random; the guide names the first, the same each time
        action = blinds[0] if blinds else heuristic_bot(obs, legal, None)
        return self._play_hint(state, seat, obs, legal, action)

    def _with_rule(self, state, seat: int, action, why: str) -> str:
        """The strategy ``why`` followed by the rules' reason that the move is legal."""
        return f"{why} {self.rules_say(state.why_legal(action, seat))}".strip()

    def _swap_hint(self, state, seat, obs, legal) -> Hint:
        action = heuristic_bot(obs, legal, None)
        tip = self.say("swap tip")
        if isinstance(action, Swap):
            hand, up = card_label(parse_card(action.hand_card)), card_label(parse_card(action.face_up_card))
            return Hint(action, self.say("swap", hand=hand, up=up),
                        self._with_rule(state, seat, action, self.say("swap why", hand=hand, up=up)), tip)
        return Hint(action, self.say("keep"), self._with_rule(state, seat, action, self.say("keep why")), tip)

    def _play_hint(self, state, seat, obs, legal, action) -> Hint:
        pile = _pile_cards(obs)
        if isinstance(action, PlayBlind):
            return Hint(action, self.say("flip", n=action.position + 1),
                        self._with_rule(state, seat, action, self.say("flip why")), self.say("flip tip"))
        if isinstance(action, TakePile):
            plays = [a for a in legal if isinstance(a, Play)]
            move = self.say("take", cards=self.count(len(pile), "card word"))
            if not plays:
                rank = RANKS[parse_card(obs["hand"][0]) >> 2] if obs["hand"] else None
                why = state.why_illegal(Play(rank, 1)) if rank is not None else None
                because = self.say("refused example", reason=_sentence(why)) if why else ""
                return Hint(action, move, self.say("take forced") + because
                            + " " + self.rules_say(state.why_legal(action, seat)), self.say("take tip"))
            return Hint(action, move, self._with_rule(state, seat, action, self.say("take small")),
                        self.say("take small tip"))
        effect = self._effect(state, action)  # a play from the hand: cards the learner sees
        rank = RANK_INDEX[action.rank]
        what = _rank_words(rank, action.count)
        move = self.say("play", what=what)
        held = [parse_card(c) >> 2 for c in obs["hand"] or ()]
        if not pile:
            ordinary = [r for r in held if r not in SPECIAL_RANKS]
            if rank not in SPECIAL_RANKS and ordinary and rank == min(ordinary):
                why = self.say("lead", what=what)
            elif rank in SPECIAL_RANKS and not ordinary:
                why = self.say("lead special", what=what)
            else:
                why = ""
        elif rank in SPECIAL_RANKS:
            ordinary = [r for r in held if r not in SPECIAL_RANKS]
            refused = state.why_illegal(Play(RANKS[ordinary[0]], 1)) if ordinary else None
            why = (self.say("special", reason=refused.rstrip("."), what=what) if refused
                   else self.say("only special", what=what))
        else:
            why = self.say("lowest", What=what[:1].upper() + what[1:])
        if action.count > 1:
            why += self.say("several")
        why = self._with_rule(state, seat, action, why)
        return Hint(action, move, why + effect, self._tip(obs, rank))

    def _tip(self, obs, rank: int) -> str:
        held = {parse_card(c) >> 2 for c in obs["hand"] or ()}
        if rank == TEN:
            return self.say("tip ten")
        if TEN in held:
            return self.say("tip keep ten")
        if rank == THREE or THREE in held:
            return self.say("tip three")
        if SEVEN in held:
            return self.say("tip seven")
        if TWO in held:
            return self.say("tip two")
        return self.say("tip shed")

    def _effect(self, state, action) -> str:
        """What a play from the hand will do beyond laying cards, read from the engine: the
        move is made on a copy of the position. Only what follows from the cards the learner
        holds and the pile is read (a clear, a duty, going out), never a draw; a face-down
        card is never tried, since nobody may know it before it is flipped."""
        trial = state.copy()
        events = trial.apply(action)
        said = []
        for e in events:
            if isinstance(e, Cleared):
                said.append(self.say("clears", how=CLEARED_HOW.get(e.how, "")).replace("  ", " "))
            elif isinstance(e, DutyPassed):
                said.append(self.say("duty"))
            elif isinstance(e, WentOut):
                said.append(self.say("last"))
        return "".join(said[:2])

    # -- the others' moves and your own choices ---------------------------------------------------
    def opponent(self, state, seat: int, rng):
        obs = state.observation(seat)
        legal = state.legal_actions(seat)
        action = heuristic_bot(obs, legal, rng)
        # what allowed the move, in the rules' own words (everyone sees the pile and the play)
        return action, self.rules_say(state.why_legal(action, seat))

    def explain(self, before, action, events, seat: int) -> str:
        said = []
        for e in events:
            if isinstance(e, Swapped):
                said.append(self.say("you swapped"))
            elif isinstance(e, Cleared):
                said.append(self.say("you cleared"))
            elif isinstance(e, BlindMiss):
                said.append(self.say("you missed", reason=_sentence(e.reason)))
            elif isinstance(e, PickedUp):
                said.append(self.say("you took"))
            elif isinstance(e, DutyPassed):
                said.append(self.say("you duty"))
            elif isinstance(e, TookFaceUp):
                said.append(self.say("you face up"))
            elif isinstance(e, WentOut):
                said.append(self.say("you out"))
        if isinstance(action, KeepCards):
            said.append(self.say("you kept"))
        if not said and isinstance(action, Play):
            said.append(self.say("you played", what=_rank_words(RANK_INDEX[action.rank], action.count)))
        if not any(isinstance(e, BlindMiss) for e in events):
            said.append(self.rules_say(before.why_legal(action, seat)))
        return " ".join(x for x in said if x)

    # -- the end ----------------------------------------------------------------------------------
    def summary(self, state, moves) -> list[str]:
        mine = [e for e in state.events if getattr(e, "seat", None) == 0]
        played = sum(1 for e in mine if isinstance(e, Played))
        clears = sum(1 for e in mine if isinstance(e, Cleared))
        pickups = sum(1 for e in mine if isinstance(e, PickedUp))
        own = sum(1 for m in moves if m.followed is False)
        winner = state.winner
        return [
            self.say("won") if winner == 0 else self.say("lost", name=self.names[winner]),
            self.say("counts", plays=self.count(played, "play word"),
                     clears=self.count(clears, "time word"), pickups=self.count(pickups, "time word")),
            self.say("followed") if own == 0 else self.say("own", own=self.count(own, "time word")),
            self.say("motion"),
        ]


def _sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."
