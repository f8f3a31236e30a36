"""Lopti's plugin: what the generic layers know about the game (registered by entry point)."""
from __future__ import annotations

from lopti_nb.engine import GameSpec, Setting, SettingsSchema

from .bots import BOTS
from .state import Choose, KeepCards, LoptiState, Play, PlayBlind, Swap, TakePile

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


# A session (rules reference §1.7) is played as one state when the settings give ``rounds``
# (``new_game("lopti", rounds=3)``, a room, a record): its actions and bots come from here.
from .session_game import SESSION_ACTIONS, session_bot  # noqa: E402 (session.py reads SCHEMA above)


def _session_bots(factories: dict) -> dict:
    """The plugin's bots, each also playing a session's decisions by their stated policies."""
    # (the engine's random bot is added as it is: it picks any legal action, a vote's too)
    return {name: (lambda bot=session_bot(f()): bot) for name, f in factories.items()}


def seat_columns(state: LoptiState, seat: int) -> dict:
    return {
        "cards_left": state.cards_held(seat),
        "pickups": state.pickups[seat],
        "duty_pickups": state.duty_pickups[seat],
        "clears": state.clears[seat],
        "dealer": seat == state.dealer,
        "leader": seat == state.leader,
        "turns": state.turns,
    }


def _game_columns(state):
    from .studies import game_columns

    return game_columns(state)


SPEC = GameSpec(
    name="lopti",
    title="Lopti",
    state_class=LoptiState,
    min_players=2,
    max_players=5,
    default_players=4,
    default_bot="heuristic",
    bots=_session_bots(BOTS),
    schema=SCHEMA,
    order=10,
    action_types=(Play, PlayBlind, TakePile, Swap, KeepCards, Choose, *SESSION_ACTIONS),
    session="lopti_nb.games.lopti.session_game:LoptiSessionState",
    testing="lopti_nb.games.lopti.testing",
    coach="lopti_nb.games.lopti.coach:coach",
    seat_columns=seat_columns,
    length=lambda state: state.turns,
    length_label="Turns",
    game_columns=_game_columns,
    view="lopti_nb.games.lopti.view:LoptiView",
    lessons="lopti_nb.games.lopti.lessons",
    tutorial="lopti_nb.games.lopti.tutorial:LoptiTutorial",
    reference="lopti_nb.games.lopti:reference.md",
    studies="lopti_nb.games.lopti.studies",
    room_settings=("swap", "play_on"),
)
