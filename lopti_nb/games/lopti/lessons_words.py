"""The words Lopti's lessons put around the engine's answers, in each voice.

The engine's sentences already count seats from 1 (``Seat 1``), show cards with their suit
symbols (``9\u2660``) and count in the right number; only action notation (``swap 9S (hand)
...``) and a few terse engine forms (a Roshambo score ``Seat 2 17 - 13 Seat 1``) remain.
:func:`told` turns those into a learner's prose; it never renumbers a seat, so it is safe on
any engine text, and the lessons' own sentences are written in prose in the first place.

:data:`FEEDBACK` holds the phrases of the feedback (verdict headlines, quiz answers) in
each voice, so the pirate and the comrade also speak when a move is judged, not only in the
step texts. The rule's reason itself comes from the engine or the oracle, then cites the
clause of the rules reference that decided it (``\u00a71.2``).
"""
from __future__ import annotations

import re

from ...engine import seat_word
from ...explainers.quiz import cite as cite_clauses
from .cards import SUIT_SYMBOLS

_CODE = re.compile(r"\b(10|[2-9AKQJ])([SHDC])\b")
_NUMBER_LIST = re.compile(r"\((\d+(?:, \d+)*), (\d+)\)")
_SCORE_LINE = re.compile(r"(Seat \d+) (\d+) - (\d+) (Seat \d+)")
_SCORE = re.compile(r": (\d+)-(\d+),")
_NUMBERS = ("no", "one", "two", "three", "four")
_COUNTED = re.compile(r"\b([2-4]) (10|[2-9JQKA])s\b")
# a motion's code speaks of "hooks" (a step run before or after a base event): told as a step
_HOOK_NAMED = re.compile(r"\(hook '(before|after) ([^']+)'\)")
_HOOK_OWN = re.compile(r"\bits (before|after) ([a-z ]+?) hook\b")


def told(text: str) -> str:
    """An engine sentence as a learner reads it: card codes of action notation with suit
    symbols, a Roshambo score and a list of numbers in prose. Seats are left as the engine
    names them (already from 1)."""
    # a Roshambo score: "Seat 2 17 - 13 Seat 1" reads as "Seat 2 against Seat 1, 17 to 13"
    text = _SCORE_LINE.sub(lambda m: f"{m.group(1)} against {m.group(4)}, {m.group(2)} to {m.group(3)}", str(text))
    text = _SCORE.sub(lambda m: f": {m.group(1)} to {m.group(2)},", text)
    # "(4, 5, 6)" reads as a list in prose too: "(4, 5 or 6)"
    text = _NUMBER_LIST.sub(lambda m: f"({m.group(1)} or {m.group(2)})", text)
    text = _CODE.sub(lambda m: m.group(1) + SUIT_SYMBOLS[m.group(2)], text)
    text = _HOOK_NAMED.sub(lambda m: f"(a step of the motion {m.group(1)} the {m.group(2)})", text)
    text = _HOOK_OWN.sub(lambda m: f"its step {m.group(1)} each {m.group(2)}", text)
    text = text.replace("a hook may return", "a step may return")
    return _COUNTED.sub(lambda m: f"{_NUMBERS[int(m.group(1))]} {m.group(2)}s", text)


def seat(index: int) -> str:
    """``Seat 1`` for seat index 0 (the engine's own seat words)."""
    return seat_word(index)


def cards(n: int) -> str:
    """``no cards``, ``1 card``, ``5 cards``."""
    return "no cards" if n == 0 else ("1 card" if n == 1 else f"{n} cards")


def ranks(rank: str, count: int) -> str:
    """``a 9``, ``an 8``, ``two 9s``, ``four As``."""
    if count == 1:
        return ("an " if rank in ("8", "A") else "a ") + rank
    word = _NUMBERS[count] if count < len(_NUMBERS) else str(count)
    return f"{word} {rank}s"


def play_label(rank: str, count: int) -> str:
    """A choice's label: ``Play a 9``, ``Play two 9s``."""
    return "Play " + ranks(rank, count)


FEEDBACK = {
    "plain": {
        "you": "you",
        "your": "your",
        "play": "{who} plays {what}",
        "play_you": "you play {what}",
        "take": "you take the pile ({n})",
        "take_empty": "you take the pile",
        "take_why": "The pile holds cards, so you may always take it, even with a legal play in hand; "
                    "taking it ends your turn.",
        "blind_hit": "the blind card turns out to be {card}, a legal play",
        "blind_miss": "a miss: the blind card could not be played, you take the pile",
        "blind_why": "With no hand and no face-up cards left, you flip one face-down card unseen.",
        "blind_hit_why": " It turned out legal, so it counts as a normal play.",
        "blind_miss_why": " It could not be played here, so it joins the pile and the whole pile "
                          "goes to your hand, which ends your turn. The rule that refused it: ",
        "swap": "you swap {hand} from your hand for {up} from the table",
        "keep": "you keep the cards as dealt",
        "swap_why": "Before the first lead each player may once swap one hand card with one of "
                    "their own face-up cards, or keep the deal.",
        "next": "Next to act: {who}.",
        "next_bonus": "Next to act: {who}, with a bonus play.",
        "vote_pass": "the vote passes, {yes} to {no}",
        "vote_fail": "the vote fails, {yes} to {no}",
        "vote_tie": "a deadlock, {yes} to {no}: Roshambo decides",
        "right": "Right: {answer}",
        "wrong": "Not quite. The answer is: {answer}",
        "score": "{right} of {total} right on the first try",
        "again": "Try again",
        "fresh": "a fresh start: question 1 of {total}",
        "refused": "refused: {what}",
    },
    "pirate": {
        "you": "ye",
        "your": "yer",
        "play": "{who} throws {what}",
        "play_you": "ye throw {what}",
        "take": "ye haul in the heap ({n})",
        "take_empty": "ye haul in the heap",
        "take_why": "A heap with cards in it may always be hauled in, even with a lawful throw in "
                    "yer fist; the haul ends yer turn.",
        "blind_hit": "the blind card turns out {card}, a lawful throw",
        "blind_miss": "a miss: the blind card could not be played, ye haul the heap",
        "blind_why": "With an empty fist and no showing cards, ye flip one face-down card unseen.",
        "blind_hit_why": " Luck made it lawful, so it counts as any throw.",
        "blind_miss_why": " It could not be thrown here, so it joins the heap and the whole heap "
                          "comes to yer fist, and yer turn is done. The article that refused it: ",
        "swap": "ye trade {hand} from yer fist for {up} from the table",
        "keep": "ye keep the cards as dealt",
        "swap_why": "Before the first throw each sailor may once trade one fist card for one of "
                    "their own face-up cards, or keep the deal.",
        "next": "Next to act: {who}.",
        "next_bonus": "Next to act: {who}, with a bonus throw.",
        "vote_pass": "the crew says aye: the vote passes, {yes} to {no}",
        "vote_fail": "the crew says nay: the vote fails, {yes} to {no}",
        "vote_tie": "dead in the water, {yes} to {no}: Roshambo decides",
        "right": "Aye, right: {answer}",
        "wrong": "Nay, matey. The answer be: {answer}",
        "score": "{right} of {total} right on the first try",
        "again": "Try again",
        "fresh": "a fresh start: question 1 of {total}",
        "refused": "refused: {what}",
    },
    "comrade": {
        "you": "you",
        "your": "your",
        "play": "{who} plays {what}",
        "play_you": "you play {what}",
        "take": "you collect the pile ({n})",
        "take_empty": "you collect the pile",
        "take_why": "A pile holding cards may always be collected, even when a legal play is "
                    "available; collection ends the turn.",
        "blind_hit": "the face-down card proves to be {card}, a legal play",
        "blind_miss": "a miss: the blind card could not be played, you collect the pile",
        "blind_why": "With hand and face-up cards exhausted, a comrade plays one face-down card "
                     "sight unseen.",
        "blind_hit_why": " It proved legal and is recorded as an ordinary play.",
        "blind_miss_why": " It could not be played here, so it joins the pile and the whole pile "
                          "is collected, closing the turn. The rule that refused it: ",
        "swap": "you exchange {hand} from the hand for {up} from the table",
        "keep": "you keep the distribution as dealt",
        "swap_why": "Before the first play each comrade may once exchange a hand card for one of "
                    "their own face-up cards, or keep the distribution.",
        "next": "Next to act: {who}.",
        "next_bonus": "Next to act: {who}, with a bonus play.",
        "vote_pass": "the measure carries: the vote passes, {yes} to {no}",
        "vote_fail": "the measure is defeated: the vote fails, {yes} to {no}",
        "vote_tie": "a deadlock, {yes} to {no}: Roshambo decides",
        "right": "Correct, comrade: {answer}",
        "wrong": "Incorrect. The committee's answer is: {answer}",
        "score": "{right} of {total} right on the first try",
        "again": "Try again",
        "fresh": "a fresh start: question 1 of {total}",
        "refused": "refused: {what}",
    },
}


# the engine's verbs after a seat word, as they read with "you" ("Seat 1 plays" -> "You play")
_VERBS = {"plays": "play", "clears": "clear", "takes": "take", "draws": "draw", "flips": "flip",
          "has": "have", "swaps": "swap", "keeps": "keep", "wins": "win", "is": "are",
          "gives": "give", "shows": "show", "puts": "put", "chooses": "choose", "deals": "deal",
          "leads": "lead", "must": "must", "won": "won"}


def as_you(text: str, index: int, voice: str = "plain") -> str:
    """An engine sentence about seat ``index`` told to the learner sitting there: "Seat 1
    plays 9\u2660." reads "You play 9\u2660.", "Seat 1's hand" reads "your hand". Other seats
    keep their seat words, so the log still names everyone else."""
    w = words(voice)
    name = re.escape(seat_word(index))
    if not re.search(rf"\b{name}\b", text):
        return text
    you, your = w["you"], w["your"]
    text = re.sub(rf"\b{name}'s\b", your, text)

    def subject(m: re.Match) -> str:
        lead, verb = m.group(1), m.group(2)
        who = capital(you) if lead in ("", ". ") else you
        return f"{lead}{who} {_VERBS.get(verb, verb)}"

    told_you = re.sub(rf"(^|: |\. |; )(?:{name}) (\w+)", subject, text)
    if told_you != text:
        # the same player's further verbs and cards: "... and wins the round!", "their"
        told_you = re.sub(r"\band (plays|wins|takes|draws|clears|keeps)\b",
                          lambda m: "and " + _VERBS[m.group(1)], told_you)
        told_you = re.sub(r"\btheir\b", your, told_you)
        # "Seat 1 plays a bonus play: 4\u2663" would read "You play a bonus play"
        told_you = told_you.replace(f"{capital(you)} play a bonus play: ", f"{capital(your)} bonus play: ")
    return re.sub(rf"\b{name}\b", you, told_you)


def words(voice: str) -> dict[str, str]:
    """The feedback phrases of ``voice`` (the plain ones for a voice without its own)."""
    return FEEDBACK.get(voice, FEEDBACK["plain"])


def cite(reason: str, *clauses: str) -> str:
    """A rule's reason ending with the clauses of the rules reference that decided it (the
    lesson shell's :func:`~lopti_nb.explainers.quiz.cite`, the clauses given one by one)."""
    return cite_clauses(reason, clauses)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]
