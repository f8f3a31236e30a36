"""The Drowned Ledger's plugin: what the generic layers know about the game (registered by
entry point)."""
from __future__ import annotations

from typing import Any, Mapping

from lopti_nb.engine import GameSpec, Setting, SettingsError, SettingsSchema

from .actions import Dive, FlipAgain, Open, Sell, Surface
from .bots import BOTS, MIX
from .cards import deck_spec
from .offices import OFFICE_NAMES
from .state import MODES, LedgerState


def _check_deck(value: Any, players: int | None) -> Any:
    deck_spec(value)  # raises SettingsError saying what is wrong
    return value


def _deck_plain(value: Any) -> Any:
    spec = deck_spec(value)
    return {"suits": spec.suits, "values": list(spec.values),
            "hazards": {str(n): c for n, c in spec.hazards}}


def _deck_unplain(value: Any) -> Any:
    if not isinstance(value, Mapping):
        raise SettingsError("A recorded deck is a mapping of suits, values and hazards.")
    out = dict(value)
    hazards = out.get("hazards")
    if isinstance(hazards, Mapping):
        try:
            out["hazards"] = {int(n): c for n, c in hazards.items()}
        except (TypeError, ValueError):
            raise SettingsError("A recorded deck's hazards are numbered 1-99.") from None
    if "values" in out and isinstance(out["values"], list):
        out["values"] = tuple(out["values"])
    return out


def _check_offices(value: Any, players: int | None) -> Any:
    if not isinstance(value, (list, tuple)) or (players is not None and len(value) != players):
        raise SettingsError(f"offices lists one office name per seat{f' ({players})' if players else ''}.")
    bad = [o for o in value if not isinstance(o, str) or o not in OFFICE_NAMES]
    if bad:
        raise SettingsError(f"Unknown office(s) {', '.join(map(repr, bad))[:120]}. "
                            f"Offices: {', '.join(OFFICE_NAMES)}.")
    if len(set(value)) != len(value):
        raise SettingsError("offices are dealt from one deck of twelve: no office twice.")
    return tuple(value)


SCHEMA = SettingsSchema([
    Setting("mode", "choice", "offices", "Play with the twelve public offices, or the plain rules.",
            choices=MODES, labels=("with offices", "plain (no offices)")),
    Setting("hold_limit", "int", 4, "Cards a diver may hold before surfacing automatically.",
            low=1, high=20, lever=True),
    Setting("sea_start", "int", 3, "The sea level at the start (hazards at or below it catch a diver).",
            low=0, high=98, lever=True),
    Setting("sea_claim", "int", 10, "The sea level that claims the wreck and ends the game.",
            low=1, high=99, lever=True),
    Setting("deck", "data", None, "The wreck deck: suits, printed machine values and hazard copies "
            "(none: the table's 58 cards, DEFAULT_DECK).", optional=True,
            lever=True, check=_check_deck, to_plain=_deck_plain, from_plain=_deck_unplain),
    Setting("table_watch", "bool", False, "Duties are not refused by the rules: the table catches a broken duty at once and undoes it.",
            lever=True),
    Setting("offices", "data", None, "One office name per seat; none: dealt at random.",
            optional=True, check=_check_offices, to_plain=list, from_plain=tuple),
    Setting("max_rounds", "int", 200, "A safety cap: a game reaching it ends as a recorded stalemate.",
            low=1, high=100_000),
])


def _game_columns(state):
    return {"rounds": state.result.details["rounds"], "final_sea": state.result.details["sea"]}


SPEC = GameSpec(
    name="drowned-ledger",
    title="The Drowned Ledger",
    state_class=LedgerState,
    min_players=2,
    max_players=5,
    default_players=4,
    default_bot="mix",
    bots=dict(BOTS),
    bot_words={"balanced": "a personality: mixes opening and selling",
               "seller": "a personality: sells sealed cards for coins",
               "opener": "a personality: opens everything it can",
               "greedy": "a personality: dives deep before surfacing",
               "mix": f"one personality per seat, in turn: {', '.join(MIX)}",
               "best": "an analysis bot: dives to bring home the most machines on average",
               "win": "an analysis bot: tuned on seeded games to win the game, not the dive",
               "coach": "an analysis bot: plays as win unless guessed games clearly favour another move"},
    schema=SCHEMA,
    aliases=("ledger", "drowned ledger"),
    order=30,
    action_types=(Dive, FlipAgain, Surface, Open, Sell),
    testing="lopti_nb.games.ledger.testing",
    coach="lopti_nb.games.ledger.coach:coach",
    seat_columns=lambda state, seat: state.seat_stats(seat),
    length=lambda state: state.round,
    length_label="Rounds",
    game_columns=_game_columns,
    categories={"office": list(OFFICE_NAMES), "mode": list(MODES)},
    view="lopti_nb.games.ledger.view:LedgerView",
    lessons="lopti_nb.games.ledger.lessons",
    tutorial="lopti_nb.games.ledger.tutorial:LedgerTutorial",
    reference="lopti_nb.games.ledger:reference.md",
    studies="lopti_nb.games.ledger.studies",
    extras={"win_chances": "lopti_nb.games.ledger.coach:win_chances",
            "risk_explorer": "lopti_nb.games.ledger.risk_explorer:RiskExplorer",
            "practice": "lopti_nb.games.ledger.practice",
            "claims": "lopti_nb.games.ledger.claims"},
    batch="lopti_nb.games.ledger.batch:simulate_batch",
    room_settings=("mode", "hold_limit"),
)
