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
