"""What Skull King's words may claim, checked against its rule functions (see
:mod:`lopti_nb.explainers.claims`): each card is taught before a lesson uses it (the goal and
the deck's list may name them), and probes re-derive a claim through the rules."""
from __future__ import annotations

import re

from lopti_nb.explainers.claims import Claim, Said, Term

from . import rules
from .cards import NAME, SPECIALS

# the deck is listed at the goal and the deal: naming a card there is no use of its rule
_LISTED = ("goal", "deal")
TERMS = [
    Term("the Pirate", r"(?i)\bpirates?\b", "pirates", _LISTED),
    Term("the Tigress", r"Tigress", "pirates", _LISTED),
    Term("the Skull King", r"Skull King", "skull_king", _LISTED),
    Term("the Mermaid", r"(?i)\bmermaids?\b", "mermaid", _LISTED),
    Term("the Escape", r"(?i)\bescapes?\b(?!-)", "escapes", _LISTED),
    Term("the Loot", r"\bLoot\b", "escapes", _LISTED),
    Term("the Kraken", r"Kraken", "kraken", _LISTED),
    Term("the White Whale", r"White Whale|\bWhale\b", "whale", _LISTED),
]
SAME_THING: list[tuple[str, ...]] = []


def _card(words: str) -> str | None:
    """The card a name such as "the Escape" or "the yellow 4" names."""
    said = words.strip().lower()
    for code, name in NAME.items():
        bare = name.split(" ", 1)[1] if name.split(" ", 1)[0] in ("a", "an", "the") else name
        if said in (name.lower(), f"the {bare.lower()}", bare.lower()):
            return code
    return None


def _most_dangerous(match: re.Match, said: Said) -> str | None:
    """"X ... is the most dangerous card": X must be able to take a trick with a number in it."""
    card = _card(match.group("card"))
    if card is None:
        return None
    if rules.trick_winner([card, "Y1"]) != 0 and rules.trick_winner(["Y1", card]) != 1:
        return f"{NAME[card]} never takes a trick with a number in it: it is the safest card, not the most dangerous"
    return None


def _special_lead_sets_suit_later(match: re.Match, said: Said) -> str | None:
    """"a special card leads; the next number sets the suit": the rules make some special
    leads suit-free instead."""
    free = [sp.name for sp in SPECIALS if sp.text != "tigress" and rules.led_suit([sp.text, "Y4"]) is None
            and rules.suit_free([sp.text, "Y4"])]
    if free:
        return f"{', '.join(free)} leading makes the trick suit-free: no number sets a suit after it"
    return None


def _loot_no_alliance(match: re.Match, said: Said) -> str | None:
    """A sentence listing when a Loot makes no alliance names every case the rules find."""
    cases = {
        "destroyed": (["loot", "kraken", "Y5"], "destroyed"),
        "the White Whale deciding": (["loot", "white-whale", "Y5"], "White Whale"),
        "the Loot's own win": (["loot", "escape"], "own"),
    }
    missing = []
    for case, (cards, word) in cases.items():
        winner, _, how = rules.resolve_trick(cards)
        if not rules.loot_ally_positions(cards, winner, how) and word not in said.text:
            missing.append(case)
    return f"the rules also make no alliance on {', '.join(missing)}" if missing else None


def _round_score(match: re.Match, said: Said) -> str | None:
    """"Round N: you bid B and won W tricks, so you made it: +P points": the round's score
    worked out again by the scoring rule from the bid, the tricks and the bonuses."""
    if said.state is None:
        return None
    number, bid, won, verdict, points = (int(match.group(1)), int(match.group(2)), int(match.group(3)),
                                          match.group(4), int(match.group(5)))
    record = next((r for r in said.state.records if r["round"] == number and r["seat"] == said.seat), None)
    if record is None:
        return f"round {number} was not scored"
    truth = rules.score_round(said.state.scoring, record["cards_dealt"], bid, won, bonus=record["raw_bonus"],
                              loot_alliances=record["alliances"])
    wrong = []
    if (bid, won) != (record["bid"], record["won"]):
        wrong.append(f"the bid and tricks were {record['bid']} and {record['won']}")
    if (verdict == "made") != (bid == won):
        wrong.append("a bid is made only when the tricks equal it")
    if points != truth:
        wrong.append(f"the round scores {truth:+d}")
    return "; ".join(wrong) or None


CLAIMS = [
    Claim("a round's score", r"Round (\d+): you bid (\d+) and won (\d+) tricks?, so you (made|missed) it: "
                             r"([+-]\d+) points", _round_score, ("summary",)),
    Claim("the most dangerous card", r"(?P<card>[Tt]he [\w' -]+?) loses this trick as it stands: it is the most dangerous",
          _most_dangerous),
    Claim("a special lead sets no suit", r"(?i)special card leads[^.]*next number[^.]*sets the suit",
          _special_lead_sets_suit_later),
    Claim("when a Loot makes no alliance", r"(?i)makes no alliance", _loot_no_alliance, ("lesson",)),
]
