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


# -- the guided round's introductions of the special cards, each re-derived on example tricks --------
_NUMBERS = ("Y1", "P9", "G14", "B2", "B14")
_OTHERS = ("pirate", "skull-king", "mermaid", "kraken", "white-whale", "tigress:pirate") + _NUMBERS


def _wins(cards, index: int, claim: str) -> str | None:
    won = rules.trick_winner(list(cards))
    if won != index:
        taken = "nobody" if won is None else NAME[cards[won]]
        return f"{claim}: in a trick of {', '.join(NAME[c] for c in cards)} the rules give it to {taken}"
    return None


def _first_wrong(checks) -> str | None:
    return next((wrong for wrong in checks if wrong), None)


def _pirate_intro(match: re.Match, said: Said) -> str | None:
    """"A Pirate beats every number, and when pirates meet the first one played wins"."""
    return _first_wrong([_wins((n, "pirate"), 1, "a Pirate beats every number") for n in _NUMBERS]
                        + [_wins(("pirate", "tigress:pirate"), 0, "the first pirate wins"),
                           _wins(("tigress:pirate", "pirate"), 0, "the first pirate wins")])


def _escape_intro(match: re.Match, said: Said) -> str | None:
    """"An Escape loses to every other card (a trick of escapes alone goes to the first one)"."""
    checks = [f"an Escape takes a trick of it and {NAME[c]}" for c in _OTHERS
              if rules.trick_winner(["escape", c]) == 0 or rules.trick_winner([c, "escape"]) == 1]
    checks.append(_wins(("escape", "loot", "tigress:escape"), 0, "a trick of escapes goes to the first"))
    return _first_wrong(checks)


def _mermaid_intro(match: re.Match, said: Said) -> str | None:
    """"A Mermaid beats every number, but a Pirate beats her"."""
    return _first_wrong([_wins((n, "mermaid"), 1, "a Mermaid beats every number") for n in _NUMBERS]
                        + [_wins(("mermaid", "pirate"), 1, "a Pirate beats a Mermaid"),
                           _wins(("pirate", "mermaid"), 0, "a Pirate beats a Mermaid")])


def _king_intro(match: re.Match, said: Said) -> str | None:
    """"He beats every number and every Pirate, but a Mermaid in his trick captures him, for a
    bonus of N": the winners and the bonus of the position's edition."""
    edition = said.state.edition if said.state is not None else "table"
    checks = [_wins((c, "skull-king"), 1, "the Skull King beats every number and every Pirate")
              for c in _NUMBERS + ("pirate", "tigress:pirate")]
    checks += [_wins(("skull-king", "mermaid"), 1, "a Mermaid captures the Skull King"),
               _wins(("mermaid", "pirate", "skull-king"), 0, "a Mermaid captures the Skull King")]
    bonus = rules.trick_bonus(["skull-king", "mermaid"], edition)
    if bonus != int(match.group(1)):
        checks.append(f"a Mermaid capturing the Skull King earns {bonus} in this game")
    return _first_wrong(checks)


def _kraken_intro(match: re.Match, said: Said) -> str | None:
    """"A trick with the Kraken in it is destroyed: nobody takes it, and the player whose card
    would have won without it leads next"."""
    for cards in (("Y9", "kraken", "Y13"), ("kraken", "pirate", "B3"), ("skull-king", "mermaid", "kraken")):
        if rules.trick_winner(list(cards)) is not None:
            return f"a trick of {', '.join(NAME[c] for c in cards)} is not destroyed"
        without = [c for c in cards if c != "kraken"]
        would = cards.index(without[rules.trick_winner(without)])
        if rules.next_leader(list(cards)) != would:
            return f"after {', '.join(NAME[c] for c in cards)} the rules give the next lead elsewhere"
    return None


def _whale_intro(match: re.Match, said: Said) -> str | None:
    """"It takes the power from every special card in its trick: the highest number wins,
    whatever its suit"."""
    return _first_wrong([_wins(("pirate", "Y4", "white-whale", "G11"), 3, "the highest number wins"),
                         _wins(("skull-king", "B2", "white-whale", "Y9"), 3, "whatever its suit"),
                         _wins(("mermaid", "white-whale", "P12", "B5"), 2, "whatever its suit")])


def _loot_intro(match: re.Match, said: Said) -> str | None:
    """"A Loot loses like an Escape, but it allies its player with the trick's winner: if both
    make their bids, each scores N more"."""
    wrong = _first_wrong([_wins(("loot", c), 1, "a Loot loses like an Escape") for c in _NUMBERS])
    if wrong:
        return wrong
    winner, _, how = rules.resolve_trick(["loot", "Y5"])
    if 0 not in rules.loot_ally_positions(["loot", "Y5"], winner, how):
        return "a Loot does not ally its player with the winner of a yellow 5"
    paid = {system: rules.score_round(system, 2, 1, 1, loot_alliances=1) - rules.score_round(system, 2, 1, 1)
            for system in rules.SCORING_SYSTEMS}
    missed = rules.score_round("classic", 2, 1, 2, loot_alliances=1) - rules.score_round("classic", 2, 1, 2)
    if set(paid.values()) != {int(match.group(1))} or missed:
        return f"an alliance of two exact bids pays {paid}, and a missed bid {missed}"
    return None


def _loot_paid(match: re.Match, said: Said) -> str | None:
    """"Round N: your Loot alliance with X paid you P points": the round's record and the
    trick that made the alliance."""
    if said.state is None:
        return None
    number, points = int(match.group(1)), int(match.group(2))
    record = next((r for r in said.state.records if r["round"] == number and r["seat"] == said.seat), None)
    made = [e for e in said.state.events if type(e).__name__ == "TrickWon" and e.round == number
            and said.seat in e.loot_allies]
    if record is None or not made:
        return f"no Loot of yours made an alliance in round {number}"
    if record["loot"] != points:
        return f"the alliance paid {record['loot']:+d}"
    return None


CLAIMS = [
    Claim("a round's score", r"Round (\d+): you bid (\d+) and won (\d+) tricks?, so you (made|missed) it: "
                             r"([+-]\d+) points", _round_score, ("summary",)),
    Claim("the most dangerous card", r"(?P<card>[Tt]he [\w' -]+?) loses this trick as it stands: it is the most dangerous",
          _most_dangerous),
    Claim("a special lead sets no suit", r"(?i)special card leads[^.]*next number[^.]*sets the suit",
          _special_lead_sets_suit_later),
    Claim("when a Loot makes no alliance", r"(?i)makes no alliance", _loot_no_alliance, ("lesson",)),
    Claim("a Pirate beats every number", r"A Pirate beats every number, and when pirates meet the first one "
                                         r"played wins", _pirate_intro),
    Claim("an Escape loses to every other card", r"An Escape loses to every other card \(a trick of escapes "
                                                 r"alone goes to the first one played\)", _escape_intro),
    Claim("a Pirate beats a Mermaid", r"A Mermaid beats every number, but a Pirate beats her", _mermaid_intro),
    Claim("a Mermaid takes the Skull King", r"He beats every number and every Pirate, but a Mermaid in his "
                                            r"trick captures him, for a bonus of (\d+)", _king_intro),
    Claim("the Kraken destroys its trick", r"A trick with the Kraken in it is destroyed: nobody takes it, "
                                           r"and the player whose card would have won without it leads next",
          _kraken_intro),
    Claim("the White Whale decides by numbers", r"It takes the power from every special card in its trick: "
                                                r"the highest number wins, whatever its suit", _whale_intro),
    Claim("a Loot alliance pays", r"A Loot loses like an Escape, but it allies its player with the trick's "
                                  r"winner: if both make their bids, each scores (\d+) more", _loot_intro),
    Claim("a Loot alliance paid", r"Round (\d+): your Loot alliance with \w+ paid you ([+-]\d+) points",
          _loot_paid, ("summary",)),
]
