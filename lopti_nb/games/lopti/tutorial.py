"""Lopti's guided session (``lopti_nb.tutorial("lopti")``): two rounds at the real table
against Ana and Ben, with a hint at each of your decisions and every move explained.

Part 2, after round 1: the winner (you, following the hints) builds a motion in the motion
builder (:data:`MOTION`, from the menus :data:`MENUS`), and sees it act in round 2 on the first
pickup; Ana then calls the round's Rule Vote to remove it, votes yes, and Ben abstains; your no
ties the vote, and as the motion's author who voted to keep it you defend it against Ana in
Roshambo, every throw explained (:func:`scripted_throws`: followed hint by hint, every throw is
decisive). The session is set up with a short Roshambo of :data:`PRACTICE_THROWS` decisive throws
(the session setting ``roshambo_throws``), and the guide says that a real one at the table runs
to 30. Round 2 then ends the session with the final places.

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
from .roshambo import BEATS, DECISIVE_THROWS, THROWS
from .rules import some
from .session import yes_needed
from .session_game import PASS, Author, Ballot, CallVote, LoptiSessionState, Throw, authored_motion
from .state import Choose, KeepCards, Play, PlayBlind, Swap, TakePile

TITLES = {
    "plain": "Lopti: a guided first round",
    "pirate": "Lopti: yer first round, with the bosun at yer elbow",
    "comrade": "Lopti: a guided first round, by order of the committee",
}
INTROS = {
    "plain": ("You play as Sam against Ana and Ben, with a real deal. At each of your turns the "
              "guide suggests a move and says why; click the cards yourself. You may play "
              "something else whenever the rules allow it, and the guide will say what it did. "
              "Round 1 ends when the first player has played their last card. Then the session "
              "goes on as a real one does: the winner writes a motion, a new rule, which you see act "
              "in round 2; a Rule Vote is called on it, and a tie is settled by Roshambo. The session "
              "ends with the final places."),
    "pirate": ("Ye sit as Sam, with Ana and Ben across the deck. At each turn the bosun whispers "
               "a move and the reason for it; ye click the cards with yer own hand. Play another "
               "card if the rules allow it, and the bosun will tell ye what came of it. Round 1 "
               "ends when the first sailor has played their last card. Then the voyage goes on: "
               "the winner writes a new law, a motion, that ye see at work in round 2; a Rule Vote "
               "is called on it, and a tie goes to Roshambo. It ends with the final places."),
    "comrade": ("You sit as Sam, with comrades Ana and Ben. At each of your turns the committee "
                "proposes a move and its reasons; you click the cards yourself. Any other move "
                "the rules allow is also in order, and the committee will minute what it did. "
                "Round 1 ends when the first comrade has played their last card. Then the session "
                "continues: the winner drafts a motion, seen at work in round 2; a Rule Vote is "
                "called on it, and a tie goes to Roshambo. It closes with the final places."),
}
PART_TWO = {"plain": "part 2: your motion, the Rule Vote and Roshambo",
            "pirate": "part 2: yer motion, the Rule Vote and Roshambo",
            "comrade": "part 2: your motion, the Rule Vote and Roshambo, as minuted"}
CLEARED_HOW = {"ten": "with a 10", "four": "with four of a kind", "chain": "with the fourth 3 of a chain"}
WORDS = {
    "plain": {},
    "pirate": {"own choice": "Ye went yer own way (the bosun said to {hint}), and the rules allow it.",
               "hint": "The bosun says", "tip": "Old salt's tip", "refused": "Belay that",
               "take hint": "Do as the bosun says", "skip": "Sail on to {part}",
               "over": "The round is done, matey", "wait": "Watch the others make their moves."},
    "comrade": {"own choice": "An independent motion (the committee proposed to {hint}), and the rules allow it.",
                "hint": "The committee proposes", "tip": "For the record", "refused": "Out of order",
                "take hint": "Carry out the proposal", "skip": "Proceed to {part}",
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
        "play word": ("play", "plays"), "time word": ("time", "times"), "card word": ("card", "cards"),
    },
}



def _rank_words(rank: int, count: int = 1) -> str:
    """``a 9``, ``an 8``, ``two 5s``, ``two queens`` (the rules' own words for cards)."""
    return some(RANKS[rank], count)


def _pile_cards(obs) -> list[int]:
    return [parse_card(c) for c in obs["pile"]]


#: the decisive throws of the guided session's Roshambo (its ``roshambo_throws``)
PRACTICE_THROWS = 5


class LoptiTutorial(Script):
    players = 3
    names = ("Sam", "Ana", "Ben")
    seed = 12  # a session whose round one is the deal the lessons tell
    # round one, then round two under the learner's motion; a Roshambo short enough to explain
    # every throw (a real one runs to 30 decisive throws)
    settings: dict = {"rounds": 2, "roshambo_throws": PRACTICE_THROWS}
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

    def next_part(self, state) -> str | None:
        """Part 2 (your motion, the Rule Vote and Roshambo) while round 1 is played."""
        return PART_TWO[self.voice] if not state.round_records else None

    # -- the hint ---------------------------------------------------------------------------------
    def hint(self, state, seat: int) -> Hint:
        phase = state.phase
        if phase == "authoring":
            return self._author_hint(state, seat)
        if phase == "voting":
            return self._ballot_hint(state, seat)
        if phase == "roshambo":
            return self._throw_hint(state, seat)
        if phase == "advocate":
            action = state.legal_actions(seat)[0]
            return Hint(action, _capital(str(action)), self.rules_say(state.why_legal(action, seat)),
                        self.part2("tip vote"))
        obs = state.observation(seat)
        # the round's moves (a Rule Vote is the learner's to call, never the guide's suggestion)
        legal = [a for a in state.legal_actions(seat) if not isinstance(a, CallVote)]
        if isinstance(legal[0], Choose):
            action = heuristic_bot(obs, legal, None)
            what = card_label(parse_card(action.card))
            return Hint(action, self.part2("choose", card=what),
                        self.rules_say(state.why_legal(action, seat)), self.part2("tip motion"))
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
                            + " " + self.rules_say(state.why_legal(action, seat)) + self._acts(state, action, seat),
                            self.say("take tip"))
            return Hint(action, move, self._with_rule(state, seat, action, self.say("take small"))
                        + self._acts(state, action, seat), self.say("take small tip"))
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
        if state.phase != "playing":
            return self._session_opponent(state, seat, rng)
        call = self._call(state, seat)
        if call is not None:
            return call, self.part2("ana calls", name=self.names[seat]) + " " + self.rules_say(
                state.why_legal(call, seat))
        obs = state.observation(seat)
        legal = [a for a in state.legal_actions(seat) if not isinstance(a, CallVote)]
        action = heuristic_bot(obs, legal, rng)
        acts = self._motion_acts(state, action, seat)
        if acts:
            return action, f"{self.rules_say(state.why_legal(action, seat))} {acts}"
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
        said.extend(self._explain_session(before, action, events))
        if not said and isinstance(action, Play):
            said.append(self.say("you played", what=_rank_words(RANK_INDEX[action.rank], action.count)))
        if not any(isinstance(e, BlindMiss) for e in events):
            said.append(self.rules_say(before.why_legal(action, seat)))
        return " ".join(x for x in said if x)

    # -- part 2: your motion, the Rule Vote and Roshambo -----------------------------------------
    def part2(self, key: str, **fields) -> str:
        """One of the guide's sentences of the session's second part (:data:`SAY2`)."""
        return SAY2.get(self.voice, {}).get(key, SAY2["plain"][key]).format(**fields)

    def _author_hint(self, state, seat: int) -> Hint:
        action = Author(MOTION)
        if state.why_illegal(action, seat) is not None:  # (a motion like it is already in force)
            action = Author(PASS)
            return Hint(action, self.part2("pass"), self.rules_say(state.why_legal(action, seat)),
                        self.part2("tip motion"))
        menus = ", ".join(f"{label.rstrip(':')} \u201c{value}\u201d" for label, value in MENUS)
        return Hint(action, self.part2("build", menus=menus),
                    self.part2("build why", text=authored_motion(MOTION).text) + " "
                    + self.rules_say(state.why_legal(action, seat)), self.part2("tip motion"))

    def _voted_on_mine(self, state) -> bool:
        """Whether the Rule Vote under way would remove or amend a motion the learner wrote."""
        vote = state.vote
        if vote is None or vote.proposal.kind not in ("remove", "amend"):
            return False
        return state.motion_record(vote.proposal.motion).author_seat == 0

    def _ballot_hint(self, state, seat: int) -> Hint:
        vote = state.vote
        players = state.num_players
        counts = self.part2("ballots", need=yes_needed(players), players=players)
        if self._voted_on_mine(state):
            action = Ballot(False)
            why = self.part2("keep mine", name=self.names[vote.proposer]) + " " + counts
        else:
            yes = state.observation(seat)["session"]["bot_ballot"]
            action = Ballot(bool(yes))
            why = self.part2("policy") + " " + counts
        move = self.part2("vote no" if action.yes is False else "vote yes")
        return Hint(action, move, why + " " + self.rules_say(state.why_legal(action, seat)), self.part2("tip vote"))

    def _throw_hint(self, state, seat: int) -> Hint:
        contest = state.vote.contest
        sign, _ = scripted_throws(len(contest.log), contest.throws)
        action = Throw(sign)
        said = []
        if not contest.log:  # the first throw: why there is a Roshambo, and who throws
            yes, no, abstained = _tally(state.vote.ballots_public or {})
            said.append(self.part2("tied", yes=yes, no=no, abstained=abstained))
            other = contest.proposer if contest.defender == seat else contest.defender
            said.append(self.part2("you defend" if contest.defender == seat and self._voted_on_mine(state)
                                   else "you throw", name=self.names[other]))
            said.append(self.part2("how long", n=contest.throws, real=DECISIVE_THROWS, half=DECISIVE_THROWS // 2))
        mine, theirs = _scores(contest, seat)
        other = contest.pair[1] if contest.pair[0] == seat else contest.pair[0]
        said.append(self.part2("throw no", k=contest.decisive + 1, n=contest.throws, mine=mine, theirs=theirs,
                               name=self.names[other], Sign=_capital(sign), beats=BEATS[sign]))
        said.append(self.rules_say(state.why_legal(action, seat)))
        return Hint(action, self.part2("throw", sign=sign), " ".join(said), self.part2("tip throw"))

    def _motion_acts(self, state, action, seat: int) -> str:
        """What the learner's motion will do after ``action`` (read from the events of the move
        made on a copy of the position), in words that tell nothing hidden; "" when it does not act."""
        mine = {r.number for r in state.in_force() if r.author_seat == 0}
        if not mine or not isinstance(action, TakePile):  # (the motion the hint builds acts on a pickup)
            return ""
        trial = state.copy()
        events = trial.apply(action, seat)
        if not any(getattr(e, "motion", None) in mine and not isinstance(e, Cleared) for e in events):
            return ""
        rec = next(r for r in state.in_force() if r.number in mine)
        return self.part2("motion acts", n=rec.number, text=rec.text)

    def _acts(self, state, action, seat: int) -> str:
        said = self._motion_acts(state, action, seat) if isinstance(state, LoptiSessionState) else ""
        return " " + said if said else ""

    def _call(self, state, seat: int) -> CallVote | None:
        """Ana calls the round's Rule Vote on the learner's motion once it has acted this round."""
        if seat != 1 or not state.vote_open() or state.round.pending_choice is not None:
            return None
        start = state.round_starts[-1] if state.round_starts else 0
        acted = {getattr(e, "motion", None) for e in state.events[start:]}
        for rec in state.motions:
            if rec.author_seat == 0 and rec.in_force and rec.number in acted:
                call = CallVote("remove", motion=rec.number, when="now")
                return call if state.why_illegal(call, seat) is None else None
        return None

    def _session_opponent(self, state, seat: int, rng):
        phase = state.phase
        name = self.names[seat]
        if phase == "voting":
            vote = state.vote
            if self._voted_on_mine(state) and vote.proposer == 1:
                action = Ballot(True) if seat == vote.proposer else Ballot(None)  # Ben abstains
            else:
                yes = state.observation(seat)["session"]["bot_ballot"]
                action = Ballot(bool(yes))
            return action, self.part2("hidden ballot", name=name) + " " + self.rules_say(state.why_legal(action, seat))
        if phase == "roshambo":
            contest = state.vote.contest
            if 0 in contest.pair:
                sign = scripted_throws(len(contest.log), contest.throws)[1]
            else:  # two of the others throw: at random, so that the throws come apart
                sign = THROWS[rng.randrange(len(THROWS))]
            action = Throw(sign)
            return action, self.part2("hidden throw", name=name) + " " + self.rules_say(state.why_legal(action, seat))
        legal = state.legal_actions(seat)
        if phase == "authoring":
            action = Author(PASS)
            return action, self.part2("no motion", name=name) + " " + self.rules_say(state.why_legal(action, seat))
        action = next((a for a in legal if getattr(a, "choice", None) == "bracket"), legal[0])
        return action, self.rules_say(state.why_legal(action, seat))

    def _explain_session(self, before, action, events) -> list[str]:
        """What the learner's own choice in the session's second part did (its events)."""
        if isinstance(action, Author):
            for e in events:
                if type(e).__name__ == "MotionAuthored":
                    return [self.part2("you wrote none") if e.number is None
                            else self.part2("you wrote", n=e.number, text=e.text)]
        if isinstance(action, Ballot):
            return [self.part2({True: "you yes", False: "you no"}.get(action.yes, "you abstained"))]
        if isinstance(action, Throw):
            return [self.part2("you threw", sign=action.sign)]
        if isinstance(action, CallVote):
            return [self.part2("you called")]
        mine = {r.number: r.text for r in before.in_force() if r.author_seat == 0}
        acted = [e.motion for e in events if getattr(e, "motion", None) in mine and not isinstance(e, Cleared)]
        return [self.part2("your motion acted", n=acted[0], text=mine[acted[0]])] if acted else []

    # -- the end ----------------------------------------------------------------------------------
    def summary(self, state, moves) -> list[str]:
        mine = [e for e in state.events if getattr(e, "seat", None) == 0]
        played = sum(1 for e in mine if isinstance(e, Played))
        clears = sum(1 for e in mine if isinstance(e, Cleared))
        pickups = sum(1 for e in mine if isinstance(e, PickedUp))
        own = sum(1 for m in moves if m.followed is False)
        records = state.round_records
        first = records[0].winner if records else None
        lines = [
            self.part2("round one") + " " + (self.say("won") if first == 0 else self.say("lost", name=self.names[first]))
            if first is not None else "",
            self.say("counts", plays=self.count(played, "play word"),
                     clears=self.count(clears, "time word"), pickups=self.count(pickups, "time word")),
            self.say("followed") if own == 0 else self.say("own", own=self.count(own, "time word")),
        ]
        for rec in state.motions:
            if rec.author_seat == 0:
                acted = sum(1 for e in state.events if getattr(e, "motion", None) == rec.number
                            and type(e).__name__ != "Cleared")
                lines.append(self.part2("motion acted", n=rec.number, times=self.count(acted, "time word")))
        if len(records) > 1 and records[1].winner is not None:
            second = records[1].winner
            lines.append(self.part2("round two", name=self._name(second).lower() if second == 0 else self.names[second]))
        for v in state.votes:
            lines.append(self.part2("vote summary", proposal=v.text, yes=v.yes, no=v.no, abstained=v.abstained,
                                    outcome=self.part2("passed" if v.passed else "failed")))
            if v.roshambo is not None:
                r = v.roshambo
                lines.append(self.part2("roshambo summary", winner=self._name(r.winner).lower() if r.winner == 0
                                        else self.names[r.winner], a=self._name(r.a), b=self._name(r.b).lower()
                                        if r.b == 0 else self.names[r.b], sa=r.a_wins, sb=r.b_wins, n=r.decisive,
                                        real=DECISIVE_THROWS))
        result = state.result
        if result is not None:
            order = sorted(range(state.num_players), key=lambda s: (result.places[s], s))
            places = ", ".join(f"{result.places[s]}. {self._name(s)} ({result.scores[s]:g})" for s in order)
            lines.append(self.part2("places", rounds=len(records), places=places))
        return [line for line in lines if line]

    def _name(self, seat: int) -> str:
        return self.words("you") if seat == 0 else self.names[seat]


#: the motion the hint builds in the motion builder (the menus of :data:`MENUS`; the builder
#: fills in who acts and which card): what its Submit gives for these choices
MOTION = {"rules": [{"when": "after pickup", "if": [],
                     "then": [{"effect": "reveal", "who": "actor", "which": "lowest"}]}]}
MENUS = (("When:", "after"), ("base event:", "pickup"), ("Effect 1:", "reveal"))


def scripted_throws(k: int, n: int = PRACTICE_THROWS) -> tuple[str, str]:
    """The ``k``-th throw (from 0) of a Roshambo of ``n`` decisive throws: the learner's hinted
    sign and the sign the opponent throws (first, hidden). The hints go round rock, paper,
    scissors; the opponent loses the odd-numbered throws and the last one and wins the other
    even ones, so a learner who follows the hints makes every throw decisive and wins 3-2 on
    the 5th (16-14 on the 30th of a full one)."""
    mine = THROWS[k % len(THROWS)]
    number = k + 1
    learner_wins = number % 2 == 1 or number >= n
    beating = next(t for t in THROWS if BEATS[t] == mine)
    return mine, BEATS[mine] if learner_wins else beating


def _tally(ballots: dict) -> tuple[int, int, int]:
    values = list(ballots.values())
    return values.count(True), values.count(False), values.count(None)


def _scores(contest, seat: int) -> tuple[int, int]:
    """(``seat``'s decisive wins, the other thrower's) in the Roshambo's final."""
    a, b = contest.score
    return (a, b) if seat == contest.proposer else (b, a)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# The second part's sentences, in each voice.
# Whether a move is legal comes from the rules (after "rules"); these say what the session's
# moves do and why one might make them.
SAY2 = {
    "plain": {
        "build": "Write your motion with the motion builder: {menus}, then Submit this motion",
        "build why": "You won round 1, so you write one motion for the rest of the session. These "
                     "menus make it read: \u201c{text}\u201d It holds from round 2, where you will see "
                     "it act whenever someone takes the pile.",
        "pass": "Write no motion this round",
        "tip motion": "Any motion the rules of motions allow is accepted: it may add actions before "
                      "or after a base event (a play, a pickup, a clear...), never prevent one. A "
                      "ready motion, one in words only, or none are also allowed.",
        "choose": "Choose {card}",
        "motion acts": "Your motion {n} acts on this pickup: “{text}”",
        "your motion acted": "Your motion {n} acted: “{text}”",
        "ana calls": "{name} calls the round's one Rule Vote: she proposes to remove your motion now, "
                     "after seeing it act.",
        "hidden ballot": "{name} has voted; every ballot stays hidden until all are in.",
        "hidden throw": "{name} has thrown; the sign stays hidden until you throw too.",
        "no motion": "{name} won the round and writes no motion.",
        "keep mine": "{name} proposes to remove your motion; a no ballot votes to keep it.",
        "policy": "This is the way the table's bots would vote here.",
        "ballots": "The three ballots: yes adds one to the yes count, and {need} yes ballots of "
                   "{players} players pass the proposal; no adds one to the no count, and as many no "
                   "as yes, with at least one of each, is a tie, settled by Roshambo; abstaining "
                   "adds to neither count, since an abstention is not a yes.",
        "vote yes": "Vote yes", "vote no": "Vote no (keep your motion)",
        "tip vote": "Everyone may vote, players who are out too. One Rule Vote may be called each "
                    "round, and a vote that fails still uses the round's one attempt.",
        "tied": "Every ballot is in: {yes} yes, {no} no, {abstained} abstained. As many yes as no, "
                "with at least one of each: the vote is tied, and Roshambo settles it.",
        "you defend": "You wrote the motion and voted to keep it, so you defend it against {name}, "
                      "who proposed to remove it.",
        "you throw": "You throw against {name}.",
        "how long": "This practice Roshambo is short: {n} decisive throws, and whoever wins more of "
                    "them takes it; a tied throw is thrown again and not counted. A real Roshambo at the "
                    "table runs to {real} decisive throws, and at {half}-{half} one more decisive throw "
                    "decides.",
        "throw no": "Decisive throw {k} of {n}; the score is you {mine}, {name} {theirs}. {Sign} beats "
                    "{beats}.",
        "throw": "Throw {sign}",
        "tip throw": "No sign is better than another: the other side's throw stays hidden until both "
                     "have thrown. Rock beats scissors, scissors beat paper, paper beats rock. Throw at "
                     "random for me throws the rest for you, each throw still told here.",
        "you wrote": "You wrote motion {n}: {text}",
        "you wrote none": "You wrote no motion.",
        "you yes": "You voted yes.", "you no": "You voted no.", "you abstained": "You abstained.",
        "you threw": "You threw {sign}.",
        "you called": "You called the round's one Rule Vote.",
        "motion acted": "Your motion {n} acted {times} in round 2.",
        "vote summary": "The Rule Vote on “{proposal}”: {yes} yes, {no} no, {abstained} abstained; it {outcome}.",
        "passed": "passed", "failed": "failed",
        "roshambo summary": "Roshambo: {a} {sa}, {b} {sb} after {n} decisive throws (a real one runs to {real}); {winner} took it.",
        "places": "Final places after {rounds} rounds (points): {places}.",
        "round one": "Round 1:", "round two": "Round 2 was won by {name}.",
    },
    "pirate": {
        "build": "Write yer motion with the motion builder: {menus}, then Submit this motion",
        "build why": "Ye won round 1, so ye write one motion for the rest of the voyage. These menus "
                     "make it read: \u201c{text}\u201d It holds from round 2, where ye'll see it at work "
                     "whenever a sailor hauls in the heap.",
        "pass": "Write no motion this round",
        "tip motion": "Any motion the articles of motions allow be accepted: it may add doings before "
                      "or after a base event (a throw, a haul, a clear...), never stop one. A ready "
                      "motion, one in words only, or none be lawful too.",
        "choose": "Pick {card}",
        "motion acts": "Yer motion {n} goes to work on this haul: \u201c{text}\u201d",
        "your motion acted": "Yer motion {n} went to work: \u201c{text}\u201d",
        "ana calls": "{name} calls the round's one Rule Vote: she'd strike yer motion now, having "
                     "seen it at work.",
        "hidden ballot": "{name} has voted; every ballot stays hidden till all be in.",
        "hidden throw": "{name} has thrown; the sign stays hidden till ye throw too.",
        "no motion": "{name} won the round and writes no motion.",
        "keep mine": "{name} would strike yer motion; a no ballot votes to keep it.",
        "policy": "This be how the table's bots would vote here.",
        "ballots": "The three ballots: yes adds one to the yes count, and {need} yes ballots of "
                   "{players} sailors carry the proposal; no adds one to the no count, and as many no "
                   "as yes, with at least one of each, be a tie, settled by Roshambo; abstaining adds "
                   "to neither count, for an abstention be no yes.",
        "vote yes": "Vote aye (yes)", "vote no": "Vote nay (no), and keep yer motion",
        "tip vote": "Every sailor may vote, those already out too. One Rule Vote may be called each "
                    "round, and a vote that fails still spends the round's one try.",
        "tied": "Every ballot be in: {yes} yes, {no} no, {abstained} abstained. As many yes as no, "
                "with at least one of each: the vote be tied, and Roshambo settles it.",
        "you defend": "Ye wrote the motion and voted to keep it, so ye defend it against {name}, who "
                      "would strike it.",
        "you throw": "Ye throw against {name}.",
        "how long": "This practice Roshambo be short: {n} decisive throws, and whoever wins more of "
                    "them takes it; a tied throw be thrown again and not counted. A real Roshambo at the "
                    "table runs to {real} decisive throws, and at {half}-{half} one more decisive throw "
                    "decides.",
        "throw no": "Decisive throw {k} of {n}; the tally be ye {mine}, {name} {theirs}. {Sign} beats "
                    "{beats}.",
        "throw": "Throw {sign}",
        "tip throw": "No sign be better than another: the other side's throw stays hidden till both "
                     "have thrown. Rock beats scissors, scissors beat paper, paper beats rock. Throw at "
                     "random for me throws the rest for ye, each throw still told here.",
        "you wrote": "Ye wrote motion {n}: {text}",
        "you wrote none": "Ye wrote no motion.",
        "you yes": "Ye voted aye.", "you no": "Ye voted nay.", "you abstained": "Ye abstained.",
        "you threw": "Ye threw {sign}.",
        "you called": "Ye called the round's one Rule Vote.",
        "motion acted": "Yer motion {n} went to work {times} in round 2.",
        "vote summary": "The Rule Vote on \u201c{proposal}\u201d: {yes} yes, {no} no, {abstained} abstained; it {outcome}.",
        "passed": "carried", "failed": "sank",
        "roshambo summary": "Roshambo: {a} {sa}, {b} {sb} after {n} decisive throws (a real one runs to {real}); {winner} took it.",
        "places": "Final places after {rounds} rounds (points): {places}.",
        "round one": "Round 1:", "round two": "Round 2 went to {name}.",
    },
    "comrade": {
        "build": "Draft your motion with the motion builder: {menus}, then Submit this motion",
        "build why": "You won round 1, so you draft one motion for the rest of the session. These "
                     "menus make it read: \u201c{text}\u201d It holds from round 2, where the committee "
                     "will see it act whenever a comrade collects the pile.",
        "pass": "Draft no motion this round",
        "tip motion": "Any motion the rules of motions allow is in order: it may add actions before or "
                      "after a base event (a play, a collection, a clear...), never prevent one. A "
                      "ready motion, one in words only, or none are also in order.",
        "choose": "Select {card}",
        "motion acts": "Your motion {n} acts on this collection: \u201c{text}\u201d",
        "your motion acted": "Your motion {n} acted, as minuted: \u201c{text}\u201d",
        "ana calls": "Comrade {name} calls the round's one Rule Vote: she moves to remove your motion "
                     "now, having seen it act.",
        "hidden ballot": "Comrade {name} has voted; every ballot stays sealed until all are in.",
        "hidden throw": "Comrade {name} has thrown; the sign stays sealed until you throw too.",
        "no motion": "Comrade {name} won the round and drafts no motion.",
        "keep mine": "Comrade {name} moves to remove your motion; a no ballot votes to keep it.",
        "policy": "This is how the table's bots would vote here.",
        "ballots": "The three ballots: yes adds one to the yes count, and {need} yes ballots of "
                   "{players} comrades carry the proposal; no adds one to the no count, and as many no "
                   "as yes, with at least one of each, is a tie, settled by Roshambo; abstaining adds "
                   "to neither count, since an abstention is not a yes.",
        "vote yes": "Vote in favour (yes)", "vote no": "Vote against (no), keeping your motion",
        "tip vote": "Every comrade may vote, those already out included. One Rule Vote may be called "
                    "each round, and a vote that fails still uses the round's one attempt.",
        "tied": "All ballots are in: {yes} yes, {no} no, {abstained} abstained. As many yes as no, "
                "with at least one of each: the vote is tied, and Roshambo settles it.",
        "you defend": "You drafted the motion and voted to keep it, so you defend it against comrade "
                      "{name}, who moved to remove it.",
        "you throw": "You throw against comrade {name}.",
        "how long": "This practice Roshambo is short: {n} decisive throws, and whoever wins more of "
                    "them carries it; a tied throw is thrown again and not counted. A real Roshambo in "
                    "session runs to {real} decisive throws, and at {half}-{half} one more decisive throw "
                    "decides.",
        "throw no": "Decisive throw {k} of {n}; the minutes read you {mine}, {name} {theirs}. {Sign} "
                    "beats {beats}.",
        "throw": "Throw {sign}",
        "tip throw": "No sign is superior to another: the other side's throw stays sealed until both "
                     "have thrown. Rock beats scissors, scissors beat paper, paper beats rock. Throw at "
                     "random for me throws the rest for you, each throw still minuted here.",
        "you wrote": "You drafted motion {n}: {text}",
        "you wrote none": "You drafted no motion.",
        "you yes": "You voted in favour.", "you no": "You voted against.", "you abstained": "You abstained.",
        "you threw": "You threw {sign}.",
        "you called": "You called the round's one Rule Vote.",
        "motion acted": "Your motion {n} acted {times} in round 2.",
        "vote summary": "The Rule Vote on \u201c{proposal}\u201d: {yes} yes, {no} no, {abstained} abstained; it {outcome}.",
        "passed": "carried", "failed": "was defeated",
        "roshambo summary": "Roshambo: {a} {sa}, {b} {sb} after {n} decisive throws (a real one runs to {real}); {winner} carried it.",
        "places": "Final standings after {rounds} rounds (points): {places}.",
        "round one": "Round 1:", "round two": "Round 2 was carried by {name}.",
    },
}


def _sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."
