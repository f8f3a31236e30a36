"""Lopti's settings: the schema the plugin declares and the session's Rule Vote reads (its
levers are the settings a vote may change)."""
from __future__ import annotations

from lopti_nb.engine import Setting, SettingsSchema

SCHEMA = SettingsSchema([
    Setting("swap", "bool", True, "Offer each player the optional swap of hand and face-up cards at the deal.",
            labels=("swap before play (table rule)", "no swap"), lever=True),
    Setting("play_on", "bool", False, "After the winner goes out, the others play on for places.",
            lever=True),
    Setting("turn_cap", "int", 1000, "Turns before a round is stopped (a stalemate if nobody is out yet).",
            low=1, high=1_000_000, lever=True),
    Setting("dealer", "seat", 0, "The seat that deals."),
    Setting("leader", "seat", None, "The seat that leads; none: the dealer, as in a session's first round.",
            optional=True),
    # The card rules of rules reference §1.2-1.4 that are settings (rules.CardRules); the defaults are
    # base Lopti. As levers, a session's Rule Vote may change them.
    Setting("ten_on_seven", "bool", False, "A 10 may also be played on a 7 (base Lopti: never).",
            labels=("10s go on 7s", "no 10 on a 7"), lever=True),
    Setting("match_equal", "bool", False,
            "A rank goes on itself with as many cards as the last play, not only more.",
            labels=("equal matches allowed", "match with more"), lever=True),
    Setting("four_clears", "bool", True, "Four cards of one rank on top of the pile clear it.",
            labels=("four of a kind clears", "four of a kind stays"), lever=True),
    Setting("three_duty", "bool", True,
            "A 3 on a pile makes the next player play 3s or take the pile.",
            labels=("3s hand on a duty", "3s hand on no duty"), lever=True),
])
