"""What Lopti's words may claim, checked against Lopti's engine (see
:mod:`lopti_nb.explainers.claims`): the terms a learner is taught and where, the words that
name one thing, and probes that re-derive a claim through the engine (the oracle, a state, a
session, a Roshambo match) and say what is false."""
from __future__ import annotations

import random
import re
from typing import Iterator

from lopti_nb.explainers.claims import Claim, Said, Term

from .cards import LOW_UNDER_SEVEN, RANK_INDEX, RANKS, SEVEN, SPECIAL_RANKS, TWO, parse_card
from .rules import judge
from .session_game import LoptiSessionState
from .state import LoptiState, Play, PlayBlind

# the step that teaches each word, in each voice's own word for it
TERMS = [
    Term("face-down cards", r"face-down", "goal"),
    Term("the draw pile", r"draw pile", "goal"),
    Term("the 3 duty", r"\b3('s black)? duty\b", "two_on"),
    Term("the 7 directive", r"7 (directive|order)", "seven"),
    Term("a bonus play", r"bonus (play|throw)", "four"),
    Term("the turn cap", r"turn cap", "rounds"),
    Term("a blind card", r"blind card", "blind"),
]

# one thing, one word, in each voice
SAME_THING = [
    (r"\bdraw pile\b", r"\bstock\b", r"common supply"),
    (r"\bturn cap\b", r"\bturn limit\b"),
]


def _rank(word: str) -> int | None:
    word = word.strip().upper()
    named = {"JACK": "J", "JACKS": "J", "QUEEN": "Q", "QUEENS": "Q", "KING": "K", "KINGS": "K",
             "ACE": "A", "ACES": "A"}
    word = named.get(word, word.rstrip("S") if word not in ("JS", "QS", "KS", "AS") else word[0])
    return RANK_INDEX.get(word)


# -- the probes -----------------------------------------------------------------------------------
def _specials_after_a_seven(match: re.Match, said: Said) -> str | None:
    """"(or a special)" after a 7: every special rank must then be legal on a 7."""
    refused = [r for r in ("2", "3", "7", "10") if not judge(["7"], r).legal]
    return f"the rules refuse {', '.join(refused)} on a 7" if refused else None


def _round_of(state):
    """The round a claim is about: the state itself, or a session's round at the table."""
    return state.round if isinstance(state, LoptiSessionState) else state


def _higher_may_follow(match: re.Match, said: Said) -> str | None:
    """"a higher (or as high) ordinary rank may follow": true only where the top of the pile is
    an ordinary rank that the play outranks or matches."""
    if said.state is None or not isinstance(said.action, Play):
        return None
    pile = _round_of(said.state).pile
    if pile.top in (SEVEN, TWO) or pile.top is None:
        return (f"the top of the pile is {RANKS[pile.top] if pile.top is not None else 'empty'}: "
                "another rule allowed this play")
    return None


def _lowest_held(match: re.Match, said: Said) -> str | None:
    """"X is your lowest ordinary card": the hand the hint was given for says so."""
    rank = _rank(match.group("rank"))
    if said.state is None or rank is None:
        return None
    held = [parse_card(c) >> 2 for c in _round_of(said.state).observation(said.seat)["hand"] or ()]
    ordinary = [r for r in held if r not in SPECIAL_RANKS]
    if not ordinary or rank != min(ordinary):
        return f"the lowest ordinary card in that hand is {RANKS[min(ordinary)] if ordinary else 'none'}"
    return None


def _lead_low(match: re.Match, said: Said) -> str | None:
    """"lead low, with X": a low card is one the 7 asks for (4, 5 or 6)."""
    rank = _rank(match.group("rank"))
    if rank is not None and rank not in LOW_UNDER_SEVEN:
        return f"{RANKS[rank]} is no low card"
    return None


def _one_face_down_a_turn(match: re.Match, said: Said) -> str | None:
    """"face-down cards ... one a turn": the engine plays a second face-down card in the same
    turn after one that clears (a 10 flipped earns a bonus play)."""
    state = LoptiState.from_position(hands=[[], ["KS"]], face_up=[[], []],
                                     face_down=[["10D", "5H", "6H"], ["4C", "4D", "4H"]],
                                     draw_pile=[], pile=["9S"], turn=0)
    state.apply(state.legal_actions()[0])  # the first face-down card, the 10: a clear
    if state.current_player == 0 and any(isinstance(a, PlayBlind) for a in state.legal_actions()):
        return "a face-down card that clears earns a bonus play: a second face-down card follows in the same turn"
    return None


def _turn_cap_only_for_bots(match: re.Match, said: Said) -> str | None:
    """The turn cap said to hold only when bots play: a table of people has it too, and the
    Rule Vote may change it (a law lever)."""
    from lopti_nb.engine import new_game

    from .session import LAW_LEVERS

    state = new_game("lopti", players=3, seed=1)  # the table a person sits at
    if state.turn_cap > 0 and "turn_cap" in LAW_LEVERS:
        return f"every round has the turn cap ({state.turn_cap} turns by default), and the Rule Vote may change it"
    return None


def _motion_voted(match: re.Match, said: Said) -> str | None:
    """The winner's motion said to be voted on: a session puts it in force with no ballot."""
    from .lessons_session import won_session
    from .motions import Motion

    session = won_session()
    record = session.author(session.winner, Motion("Aces are announced when played."))
    session.deal()
    if record.in_force and session.vote_open:
        return "the winner's motion is in force at once, with no vote, and the round's Rule Vote is still unused"
    return None


def _throws_not_decisive(match: re.Match, said: Said) -> str | None:
    """"30 throws": ties are thrown too and do not count, so a match is 30 decisive throws."""
    from .roshambo import rng_thrower, roshambo

    result = roshambo(0, 1, rng_thrower(random.Random(5)))
    if result.throws != 30 and result.decisive in (30, 31):
        return f"a match counts 30 decisive throws; this one took {result.throws} throws with its ties"
    return None


def _round_winner(match: re.Match, said: Said) -> str | None:
    """Who the guided round's summary says won: the round's own winner (the learner for
    "you won", another seat for "Ana played their last card first")."""
    state = said.state
    if state is None:
        return None
    if isinstance(state, LoptiSessionState):  # a guided session's summary tells its first round
        winner = state.round_records[0].winner if state.round_records else None
    else:
        winner = state.winner
    learner_won = winner == said.seat
    if match.group("who") is None:  # "You won the round", "The round is yours"
        return None if learner_won else "the learner did not win this round"
    return None if winner is not None and not learner_won else "no other player won this round"


def _round_counts(match: re.Match, said: Said) -> str | None:
    """"You made N plays, cleared the pile C times and took the pile P times": the events say."""
    from .events import Cleared, PickedUp, Played

    if said.state is None:
        return None
    mine = [e for e in said.state.events if getattr(e, "seat", None) == said.seat]
    truth = (sum(isinstance(e, Played) for e in mine), sum(isinstance(e, Cleared) for e in mine),
             sum(isinstance(e, PickedUp) for e in mine))
    told = tuple(int(match.group(k)) for k in (1, 2, 3))
    return None if told == truth else f"the events count {truth[0]} plays, {truth[1]} clears and {truth[2]} pickups"


CLAIMS = [
    Claim("the round's winner", r"(?:(?P<who>[A-Z][a-z]+) (?:played|threw) their last card first|"
                                r"\b(?:You|Ye) won the round|The round is yours)", _round_winner, ("summary",)),
    Claim("the round's counts", r"(?:made|Ye made) (\d+) (?:plays?|throws?), cleared the (?:pile|heap) (\d+) times?"
                                r" and (?:took|hauled in|collected) the (?:pile|heap) (\d+) times?",
          _round_counts, ("summary",)),
    Claim("a special may follow a 7", r"\(or a special\)|7[^.]*\bor any special\b", _specials_after_a_seven),
    Claim("a higher rank may follow", r"(?i)as high as the top of the pile or higher may follow|"
                                      r"a higher ordinary rank may follow", _higher_may_follow, ("move", "hint")),
    Claim("lowest card held", r"(?P<rank>\b(?:10|[2-9]|[JQKA]|jacks?|queens?|kings?|aces?)s?) (?:is|be) "
                              r"(?:your|yer) lowest ordinary card", _lowest_held, ("hint",)),
    Claim("lead low", r"(?i)lead low, with (?:an?|two|three|four) (?P<rank>10|[2-9]|[JQKA]|\w+)", _lead_low),
    Claim("face-down cards one a turn", r"(?i)face-down[^.]*\bone a turn\b", _one_face_down_a_turn),
    Claim("the turn cap only for bots", r"(?i)when bots (?:play|sail)[^.]*turn (?:cap|limit)", _turn_cap_only_for_bots),
    Claim("the winner's motion voted on", r"(?i)(?:writes|drafts) a new (?:rule|law)[^.]*(?:votes on it|vote on it)",
          _motion_voted),
    Claim("30 decisive throws", r"\b30 (?!decisive)(?:\w+ )?throws\b", _throws_not_decisive),
]


def more_said(voice: str) -> Iterator[Said]:
    """The judge's answer to every single play on every single card, the way the sandbox step
    answers a learner (its words are the rules' in every voice), and what the ready motions
    say at the table (their words and the sentences they make the table say)."""
    from .library import LIBRARY, READY_DATA

    for name, make in LIBRARY.items():
        yield Said("lopti", voice, f"ready motion {name}", make().text, kind="motion")
    for name, data in READY_DATA.items():
        for rule in data["rules"]:
            for effect in rule.get("then", ()):
                if effect.get("effect") == "say":
                    # a fact the table fills in ("{actor cards}") read as a number it may take
                    said = re.sub(r"\{[^}]*\}", "3", effect["text"])
                    yield Said("lopti", voice, f"ready motion {name} says", said, kind="motion")
    for top in RANKS:
        for rank in RANKS:
            if top == rank:
                continue
            answer = judge([top], rank)
            yield Said("lopti", voice, f"sandbox: {rank} on {top}", answer.reason, kind="judge")

