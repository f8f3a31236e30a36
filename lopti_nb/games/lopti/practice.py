"""Lopti practice questions (``lopti_nb.practice("lopti")``): each drawn from a position the
package's bots reached in a seeded round or session, each answered by the engine with its own
reason (the rules' sentence for a play, the events of what happened, the Rule Vote's outcome).
"""
from __future__ import annotations

import random

from ...engine import plural, seat_word
from ...explainers.practice import Drawn, distractors, real_position
from .lessons_texts import VOICES
from .motions.data import LEXICON
from .rules import LEGAL, check_play, pile_after, reason_text
from .cards import RANKS
from .state import Play, TakePile


def _words(text: str, voice: str) -> str:
    words = LEXICON[voice]
    for key in ("pile", "players", "player", "hand"):
        text = text.replace("{" + key + "}", words[key])
    return text


def _plays(state) -> list[Play]:
    """The plays the hand of the player to act could try: every rank it holds, once and as many as held."""
    seat = state.current_player
    held: dict[str, int] = {}
    for c in state.hands[seat]:
        held[RANKS[c >> 2]] = held.get(RANKS[c >> 2], 0) + 1
    out = []
    for rank, n in held.items():
        out += [Play(rank, 1)] + ([Play(rank, n)] if n > 1 else [])
    return out


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


def _playing(state) -> bool:
    return not state.is_over and not state.swap_queue and bool(state.hands[state.current_player])


def _pile_words(state) -> str:
    if state.pile.size == 0:
        return "The {pile} is empty."
    top = RANKS[state.pile.top]
    return (f"The {{pile}} holds {plural(state.pile.size, 'card')}; on top: {' '.join([top] * state.pile.top_count)}"
            + (" (a 3 duty is on)" if state.pile.duty else "") + ".")


def may_play(rng: random.Random, voice: str) -> Drawn:
    def fits(st) -> bool:
        if not _playing(st):
            return False
        plays = _plays(st)
        verdicts = [st.why_illegal(p) is None for p in plays]
        return any(verdicts) and not all(verdicts)

    state = real_position("lopti", rng, fits, bot="heuristic")
    plays = _plays(state)
    legal = [p for p in plays if state.why_illegal(p) is None]
    illegal = [p for p in plays if state.why_illegal(p) is not None]
    right = rng.choice(legal)
    shown = rng.sample(illegal, min(3, len(illegal))) + [right]
    rng.shuffle(shown)
    code = check_play(state.pile, RANKS.index(right.rank), right.count, state.card_rules)
    why = [f"{_first_up(str(right))}: {reason_text(code, state.pile, RANKS.index(right.rank), right.count, state.card_rules)}"]
    why += [f"{_first_up(str(p))}: {state.why_illegal(p).rstrip('.')}." for p in shown if p != right]
    return Drawn(_words(f"{_pile_words(state)} Which of these may you play now?", voice),
                 tuple(str(p) for p in shown), str(right), " ".join(why),
                 {"state": state, "actions": {str(p): p for p in shown}})


def clears(rng: random.Random, voice: str) -> Drawn:
    def fits(st) -> bool:
        return _playing(st) and any(st.why_illegal(p) is None for p in _plays(st))

    state = real_position("lopti", rng, fits, bot="heuristic")
    legal = [p for p in _plays(state) if state.why_illegal(p) is None]
    play = rng.choice(legal)
    twin = state.copy()
    events = twin.apply(play)
    cleared = [e for e in events if type(e).__name__ == "Cleared"]
    assert bool(cleared) == pile_after(state.pile, RANKS.index(play.rank), play.count, state.card_rules)[1]
    reason = " ".join(e.describe() for e in events)
    return Drawn(_words(f"{_pile_words(state)} You {play}. Does that clear the {{pile}}?", voice),
                 ("yes", "no"), "yes" if cleared else "no", reason)


def blind_flip(rng: random.Random, voice: str) -> Drawn:
    state = real_position("lopti", rng, lambda st: _playing(st) and st.pile.size > 0, bot="heuristic")
    rank = rng.choice([r for r in range(13)])
    code = check_play(state.pile, rank, 1, state.card_rules)
    return Drawn(_words(f"{_pile_words(state)} You flip a face-down card: it is a {RANKS[rank]}"
                        f"{'' if RANKS[rank] not in ('8', 'A') else ' (an ' + ('eight' if RANKS[rank] == '8' else 'Ace') + ')'}. "
                        "Can it go down on the {pile}?", voice),
                 ("yes", "no"), "yes" if code == LEGAL else "no",
                 reason_text(code, state.pile, rank, 1, state.card_rules), {"state": state, "rank": rank})


VOTE_ANSWERS = ("it passes", "it ties, and Roshambo decides", "it fails")


def rule_vote(rng: random.Random, voice: str) -> Drawn:
    from .roshambo import rng_thrower
    from .session import Proposal
    from .session_game import LoptiSessionState

    players = rng.randint(2, 5)
    ballots = [rng.choice([True, False, None]) for _ in range(players)]
    session = LoptiSessionState.by_hand(players, seed=rng.randrange(1000))
    session.deal()
    record = session.rule_vote(0, Proposal.law("swap", False, when="next round"), ballots,
                               thrower=rng_thrower(random.Random(0)))
    answer = VOTE_ANSWERS[1] if record.tied else VOTE_ANSWERS[0] if record.passed else VOTE_ANSWERS[2]
    yes, no = ballots.count(True), ballots.count(False)
    text = (f"A Rule Vote among {players} {{players}}: {yes} yes, {no} no, {players - yes - no} abstain. "
            "What happens?")
    return Drawn(_words(text, voice), VOTE_ANSWERS, answer, f"The vote {record.outcome}.",
                 {"players": players, "ballots": ballots})


def motion_acts(rng: random.Random, voice: str) -> Drawn:
    from .library import library_motion
    from .motions import HookRunner, MotionLoptiState
    from ...engine import get_spec
    from ...engine.runner import play_out

    motion = library_motion("ace_tax")
    spec = get_spec("lopti")
    for _ in range(200):
        players = rng.randint(3, 5)
        seed = rng.randrange(1_000_000)
        state = MotionLoptiState(players, seed, hooks=HookRunner([motion]))
        play_out(state, [spec.make_bot("heuristic") for _ in range(players)], random.Random(seed))
        gifts = [i for i, e in enumerate(state.events) if type(e).__name__ == "MotionGave"]
        if gifts:
            i = gifts[rng.randrange(len(gifts))]
            gave = state.events[i]
            played = next(e for e in reversed(state.events[:i]) if type(e).__name__ == "Played")
            text = (f"The motion in force: {motion.text} With {players} {{players}} at the table, "
                    f"{played.describe()} Who receives a card?")
            choices = tuple(seat_word(s) for s in range(players))
            return Drawn(_words(text, voice), choices, seat_word(gave.to), gave.describe())
    raise AssertionError("no round made the motion act")  # pragma: no cover


KINDS = {"may play": may_play, "clears": clears, "blind flip": blind_flip, "rule vote": rule_vote,
         "motion": motion_acts}

__all__ = ["KINDS", "VOICES"]
