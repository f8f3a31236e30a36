"""Lopti's plugin: what the generic layers know about the game (registered by entry point)."""
from __future__ import annotations

from lopti_nb.engine import GameSpec

from .bots import BOTS
from .coach import coach_bot
from .schema import SCHEMA
# A session (rules reference §1.7) is played as one state when the settings give ``rounds``
# (``new_game("lopti", rounds=3)``, a room, a record): its actions and bots come from here.
from .session_game import SESSION_ACTIONS, session_bot
from .rounds import new_round  # noqa: F401 - kept here for its callers
from .state import Choose, KeepCards, LoptiState, Play, PlayBlind, Swap, TakePile


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
    bots=_session_bots({**BOTS, "coach": lambda: coach_bot}),
    bot_words={"heuristic": "sheds its lowest cards first and saves its special cards",
               "first": "always makes the first legal move, so a demonstration repeats exactly",
               "coach": "plays the move that won the most guessed rounds played to the end (a few a move)"},
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
    extras={"win_chances": "lopti_nb.games.lopti.coach:win_chances",
            "motion_lab": "lopti_nb.games.lopti.lab_view:MotionLabDashboard",
            "lab_result": "lopti_nb.games.lopti.lab_view:result_widget",
            "practice": "lopti_nb.games.lopti.practice",
            "claims": "lopti_nb.games.lopti.claims",
            # what a session's setup form adds (a room's create form): a motion proposed
            "session_setup": "lopti_nb.games.lopti.setup_form:ProposedMotionForm"},
)
