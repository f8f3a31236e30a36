"""The session procedure of RULINGS 1.7 as small checkable functions, for the explainer.

The project's Lopti session code (motions, the Rule Vote, Roshambo) is written elsewhere;
when ``lopti_nb.games.lopti.session`` offers the same answers the explainer can read them
there. Until then these functions state the procedure exactly as RULINGS 1.7 does.
"""
from __future__ import annotations

from dataclasses import dataclass

BASE_EVENTS = ("deal", "swap", "lead", "play", "draw", "take face-up", "blind flip", "pickup",
               "clear", "bonus play", "out", "round end")
THROWS = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}


@dataclass(frozen=True)
class Motion:
    """A proposed custom rule, described by what it does to the game."""

    text: str
    event: str = "play"          # the base event it hooks
    timing: str = "after"        # "before" or "after" the event
    prevents: bool = False       # stops the event (or a clear, or the clearer's bonus play)
    blocks_victory_or_vote: bool = False
    unbounded: bool = False      # may repeat without end
    retroactive: bool = False    # acts on what already happened
    names_person: bool = False   # targets a named person instead of a role or condition
    changes_vote: bool = False   # alters the Rule Vote or Roshambo


def why_motion_invalid(m: Motion) -> str | None:
    """``None`` if the motion is allowed by RULINGS 1.7, else the reason it is not."""
    if m.event not in BASE_EVENTS:
        return f"a motion hooks a base event ({', '.join(BASE_EVENTS)}), not {m.event!r}"
    if m.timing not in ("before", "after"):
        return "a motion adds actions before or after an event, nothing else"
    if m.changes_vote:
        return "the Rule Vote and Roshambo can never be changed by any motion"
    if m.prevents:
        return f"a motion may only add actions; it can never prevent a {m.event}"
    if m.blocks_victory_or_vote:
        return "a motion can never block a victory or a vote"
    if m.unbounded:
        return "a motion must not be able to loop forever"
    if m.retroactive:
        return "a motion cannot act on the past"
    if m.names_person:
        return "a motion may target roles and conditions, never a named person"
    return None


def vote_result(yes: int, no: int, session_players: int) -> tuple[str, str]:
    """The outcome of a Rule Vote: ``("passes" | "fails" | "deadlock", reason)``."""
    if yes < 0 or no < 0 or yes + no > session_players:
        raise ValueError("votes must be whole numbers and at most one per session player")
    need = session_players // 2 + 1
    if 2 * yes > session_players:
        return "passes", (f"{yes} yes votes are more than half of the {session_players} session "
                          f"players (at least {need} were needed).")
    if yes == no:
        return "deadlock", (f"{yes} yes and {no} no is a tie: Roshambo decides, and the round's "
                            "one attempt is used either way.")
    return "fails", (f"{yes} yes votes are not more than half of the {session_players} session "
                     f"players (at least {need} were needed); the round's attempt is used up.")


def roshambo(throws) -> dict:
    """Score a Roshambo from ``(proposer, defender)`` throw pairs.

    Ties are replayed and not counted; after exactly 30 decisive throws the side with more
    wins, and at 15-15 the next decisive throw decides. Returns the tallies, the number of
    decisive throws, how many ties were replayed and the winner (``None`` while undecided).
    """
    p = d = decisive = ties = 0
    winner = None
    for a, b in throws:
        if a not in THROWS or b not in THROWS:
            raise ValueError(f"throws are {', '.join(THROWS)}")
        if winner is not None:
            break
        if a == b:
            ties += 1
            continue
        decisive += 1
        if BEATS[a] == b:
            p += 1
        else:
            d += 1
        if decisive == 30 and p != d:
            winner = "proposer" if p > d else "defender"
        elif decisive > 30:
            winner = "proposer" if p > d else "defender"
    return {"proposer": p, "defender": d, "decisive": decisive, "ties": ties, "winner": winner}


def roshambo_sides(target: str, author_present: bool = True, advocate: bool = True) -> tuple[str, str | None]:
    """Who faces the proposer in a deadlock: ``(defender, reason)``; a defender of ``None``
    means nobody defends and the proposal passes. ``target`` is ``"motion"`` or ``"base law"``."""
    if target == "base law":
        return "the first player who formally opposed", "a change to base law is defended by its first formal opponent"
    if target != "motion":
        raise ValueError("target is 'motion' or 'base law'")
    if author_present:
        return "the motion's author", "the author defends their own motion"
    if advocate:
        return "an advocate chosen by the motion's supporters", "with the author absent, the supporters pick an advocate"
    return None, "nobody defends the motion, so the proposal passes without Roshambo"


CHANGES = {
    "withdraw": ("The author withdraws their motion", False,
                 "the author may withdraw their own motion at any time, without a vote"),
    "remove": ("Another player wants the motion gone", True,
               "only its author withdraws vote-free; anyone else needs the round's Rule Vote"),
    "amend": ("The author wants to rewrite its penalty", True,
              "a meaningful amendment goes through the Rule Vote, even for the author"),
    "restore": ("Bring back a motion withdrawn earlier this session", True,
                "a withdrawn motion stays out for the session unless a later Rule Vote restores it"),
}


def needs_vote(change: str) -> tuple[bool, str]:
    """Does this change to a motion need the Rule Vote? ``(needs_vote, reason)``."""
    if change not in CHANGES:
        raise ValueError(f"change is one of {', '.join(CHANGES)}")
    _, vote, why = CHANGES[change]
    return vote, why


def interpreter(author_present: bool, majority: bool) -> str:
    """Who settles an unclear motion."""
    if author_present:
        return "its author settles the edge case (without rewriting the motion)"
    if majority:
        return "with the author absent, the table's majority reading applies"
    return "with no author and no majority, the reading that changes base Lopti least applies"
