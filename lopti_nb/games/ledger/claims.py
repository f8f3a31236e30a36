"""What the Drowned Ledger's words may claim (see :mod:`lopti_nb.explainers.claims`): the
terms a learner is taught and where, and probes that ask the engine again. (Every position
shows the table's legend, near-misses and the Reckoning included, so those words are met
before their steps on purpose and are not listed here.)"""
from __future__ import annotations

import re

from lopti_nb.explainers.claims import Claim, Said, Term

TERMS = [
    Term("a hazard", r"(?i)\bhazards?\b", "components", ("goal",)),
    Term("the hold limit", r"hold limit", "hold"),
    Term("a sea trigger", r"sea trigger", "turn"),
    Term("the clean ledger", r"clean ledger", "scoring", ("goal",)),
    Term("an office", r"(?i)\boffices?\b", "offices", ("goal", "components")),
    Term("the table watch", r"table watch", "watch"),
]

SAME_THING: list[tuple[str, ...]] = []


def _sale_not_a_trigger(match: re.Match, said: Said) -> str | None:
    """"a sale is no sea trigger" (or does not move the sea): the engine raises the sea at a
    round's first sale."""
    from lopti_nb.engine import new_game

    from .actions import Sell
    from .testing import rig

    state = rig(new_game("drowned-ledger", players=3, seed=1, mode="plain"),
                hands=[["Compass 1"], [], []], round=1, whole=True)
    before = state.sea
    state.apply(Sell(state.hands[0][0]))
    if state.sea > before:
        return "the round's first sale raises the sea: a sale is a sea trigger"
    return None


CLAIMS = [
    Claim("a sale is a sea trigger", r"(?i)\bsale (?:is|be) (?:no|not a) sea trigger|\bsales? never (?:move|raise)s? the sea",
          _sale_not_a_trigger),
]


# -- the guided game's claims about offices and the final count ----------------------------------
def _seat_named(name: str) -> int | None:
    from .tutorial import LedgerTutorial

    names = LedgerTutorial.names
    return names.index(name) if name in names else None


_COUNT_PART = re.compile(r"(\d+) (coins?|for open machines|for suit sets|for the clean ledger|for sealed cards)")
_COUNT_KEY = {"coin": "coins", "coins": "coins", "for open machines": "machines", "for suit sets": "sets",
              "for the clean ledger": "clean_ledger", "for sealed cards": "sealed"}


def _final_count(match: re.Match, said: Said) -> str | None:
    """"Sam's final count: 7 coins + 11 for open machines + ... = 27 points": every part and the
    total are the engine's count (``score_breakdown``), and no part the count has is left out."""
    seat = _seat_named(match.group(1))
    if seat is None or said.state is None:
        return f"no seat is named {match.group(1)}"
    part = said.state.score_breakdown()[seat]
    stated = {_COUNT_KEY[m.group(2)]: int(m.group(1)) for m in _COUNT_PART.finditer(match.group(2))}
    for key in ("coins", "machines", "sets", "clean_ledger", "sealed"):
        if stated.get(key, 0) != part[key]:
            return f"the count gives {match.group(1)} {part[key]} for {key}, not {stated.get(key, 0)}"
    if int(match.group(3)) != part["total"]:
        return f"the count gives {match.group(1)} {part['total']} points in all"
    return None


def _suit_sets(match: re.Match, said: Said) -> str | None:
    """"Suit sets: Sam shows three or more open machines of Orrery, worth 4 points"."""
    from .cards import SUITS

    seat = _seat_named(match.group(1))
    if seat is None or said.state is None:
        return f"no seat is named {match.group(1)}"
    full = [SUITS[k] for k, n in enumerate(said.state.ycount[seat]) if n >= 3]
    if match.group(2).split(", ") != full:
        return f"{match.group(1)}'s yard shows three or more of {full or 'no suit'}"
    if int(match.group(3)) != said.state.score_breakdown()[seat]["sets"]:
        return f"the count gives {match.group(1)} {said.state.score_breakdown()[seat]['sets']} for suit sets"
    return None


def _no_suit_set(match: re.Match, said: Said) -> str | None:
    if said.state is not None and any(p["sets"] for p in said.state.score_breakdown()):
        return "someone scores a suit set"
    return None


def _clean_ledger(match: re.Match, said: Said) -> str | None:
    """"The clean ledger: the most open machines is 5, shown by Sam and Ben, worth 5 points to
    each": the most, who shows it and what each scores are the engine's count."""
    parts = said.state.score_breakdown()
    most = max(p["open_machines"] for p in parts)
    if int(match.group(1)) != most:
        return f"the most open machines is {most}"
    named = [_seat_named(n) for n in match.group(2).split(" and ")]
    have = [s for s, p in enumerate(parts) if p["clean_ledger"]]
    if sorted(named, key=lambda s: -1 if s is None else s) != have:
        return f"the clean ledger goes to seats {[s + 1 for s in have]}"
    if any(parts[s]["clean_ledger"] != int(match.group(3)) for s in have):
        return f"the clean ledger scores {parts[have[0]]['clean_ledger']}"
    return None


def _winner(match: re.Match, said: Said) -> str | None:
    """"Ana wins with 33 points": the game's result."""
    result = said.state.result if said.state is not None else None
    if result is None:
        return "the game is not over"
    named = [_seat_named(n) for n in match.group(1).split(" and ")]
    if sorted(named, key=lambda s: -1 if s is None else s) != list(result.winners):
        return f"the winners are seats {[s + 1 for s in result.winners]}"
    if int(match.group(2)) != result.scores[result.winners[0]]:
        return f"the winner scores {result.scores[result.winners[0]]}"
    return None


def _sea_claims(match: re.Match, said: Said) -> str | None:
    """"The Sea Claims: in round 8 the sea reached 10": the round whose sea trigger claimed."""
    from .events import SeaRose

    claimed = [e for e in said.state.events if isinstance(e, SeaRose) and e.claimed]
    if not claimed or (claimed[-1].round, claimed[-1].sea) != (int(match.group(1)), int(match.group(2))):
        return "the sea did not claim in that round at that height"
    return None


def _refused(match: re.Match, said: Said) -> str | None:
    """"The rules refuse Surface now: <reason>.": the position's own refusal, word for word."""
    from .actions import Dive, FlipAgain, Surface

    action = {"Surface": Surface(), "Flip again": FlipAgain(), "Dive": Dive()}[match.group(1)]
    why = said.state.why_illegal(action, said.seat)
    if why is None:
        return f"the rules allow {match.group(1)} here"
    if why != match.group(2):
        return f"the rules' reason is {why!r}"
    return None


def _privilege_paid(match: re.Match, said: Said) -> str | None:
    """"Your privilege as the Lamplighter just paid you 1 coin": the Paid events since the
    learner's last move whose reason names the office."""
    from .events import Paid

    paid = 0
    for e in reversed(said.state.events):
        if not isinstance(e, Paid):
            break
        if e.seat == said.seat and e.reason.startswith(match.group(1)):
            paid += e.coins
    if paid != int(match.group(2)):
        return f"the privilege paid {paid}"
    return None


def _set_worth(match: re.Match, said: Said) -> str | None:
    """"Your yard would then show 3 Orrery machines: ... a suit set, worth 4 more points": the
    yard after the hinted Open, and the set bonus of the learner's privilege in force."""
    from .cards import SUITS

    trial = said.state.copy()
    trial.apply(said.action, said.seat)
    shown = trial.ycount[said.seat][SUITS.index(match.group(2))]
    if shown != int(match.group(1)):
        return f"the yard would show {shown}"
    bonus = said.state.grants(said.seat).set_bonus
    if bonus != int(match.group(3)):
        return f"a suit set is worth {bonus} to this seat"
    return None


def _last_turn(match: re.Match, said: Said) -> str | None:
    """"The sea stands at 8 and claims at 10: it rises at most two steps a round, so this turn
    may be your last": the sea and the claim of the position, and the claim within one round's
    rise (the Sea Rises Twice is the largest, two steps)."""
    from .cards import RECKONINGS

    state = said.state
    if (state.sea, state.sea_claim) != (int(match.group(1)), int(match.group(2))):
        return f"the sea stands at {state.sea} and claims at {state.sea_claim}"
    most = max(r.triggers for r in RECKONINGS)
    if state.sea_claim - state.sea > most:
        return f"the sea rises at most {most} steps a round: it cannot claim this round"
    return None


CLAIMS += [
    Claim("this turn may be the last", r"The sea stands at (\d+) and claims at (\d+): it rises at most two "
          r"steps a round, so this turn may be your last", _last_turn, ("hint",)),
    Claim("the final count", r"(\w+)'s final count: (.*) = (\d+) points?\.", _final_count, ("summary",)),
    Claim("suit sets", r"Suit sets: (\w+) shows three or more open machines of ([\w, ]+), worth (\d+) points",
          _suit_sets, ("summary",)),
    Claim("no suit set", r"Suit sets: nobody shows", _no_suit_set, ("summary",)),
    Claim("the clean ledger", r"The clean ledger: the most open machines is (\d+), shown by ([\w ]+), "
          r"worth (\d+) points to each", _clean_ledger, ("summary",)),
    Claim("the winner", r"(\w+(?: and \w+)*) wins? with (\d+) points?", _winner, ("summary",)),
    Claim("the Sea Claims", r"The Sea Claims: in round (\d+) the sea reached (\d+)", _sea_claims, ("summary",)),
    Claim("a duty refuses", r"The rules refuse (Surface|Flip again|Dive) now: (.+?)\.(?= |$)", _refused, ("hint",)),
    Claim("a privilege paid", r"Your privilege as the ([\w ]+?) just paid you (\d+) coins?", _privilege_paid,
          ("hint",)),
    Claim("a suit set opened", r"Your yard would then show (\d+) (\w+) machines: three or more of one suit "
          r"open is a suit set, worth (\d+) more points", _set_worth, ("hint",)),
]
