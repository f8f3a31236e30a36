"""Skull King's plugin: what the generic layers know about the game (registered by entry point)."""
from __future__ import annotations

from lopti_nb.engine import GameSpec, Setting, SettingsSchema

from . import rules
from .bids import bidder_bot
from .bots import heuristic_bot
from .search import coach_bot, search_bot
from .state import Bid, Play, SkullKingState, game_length, seat_columns

SCHEMA = SettingsSchema([
    Setting("scoring", "choice", "classic", "How bids are scored: classic, Rascal's wagers or Rascal's cannonball.",
            choices=rules.SCORING_SYSTEMS, labels=("classic", "rascal", "cannonball"), lever=True),
    Setting("edition", "choice", "table", ("Which bonus table: table edition (Mermaid takes Skull King +50; he is paid for "
                                          "pirates before him) or 2021 (+40; for every pirate)."),
            choices=rules.EDITIONS, labels=("table edition", "2021 edition"), lever=True),
    Setting("legendary", "bool", True, "Play with the Legendary cards (Loot, Kraken, White Whale).",
            labels=("with the Legendary cards", "without them"), lever=True),
])


def _game_columns(state):
    recs = state.result.details["rounds"]
    return {"destroyed_tricks": sum(r["destroyed"] for r in recs if r["seat"] == 0)}


def _round_rows(state, number, names):
    rows = []
    for rec in state.result.details["rounds"]:
        row = {"game": number, **rec}
        row["bot"] = names[rec["seat"]]
        rows.append(row)
    return rows


ROUND_COLUMNS = [
    "game", "round", "seat", "bot", "cards_dealt", "bid", "won", "hit", "base", "bonus",
    "loot", "raw_bonus", "alliances", "points", "total", "destroyed",
]

SPEC = GameSpec(
    name="skull-king",
    title="Skull King",
    state_class=SkullKingState,
    min_players=2,
    max_players=8,
    default_players=4,
    default_bot="heuristic",
    bots={"heuristic": heuristic_bot, "bidder": bidder_bot, "search": search_bot, "coach": coach_bot},
    bot_words={"heuristic": "bids by its cards' strength and plays to make the bid exactly",
               "bidder": "bids for the best expected score, then plays as the heuristic bot",
               "search": "bids as bidder, then plays the card that scores best over guessed deals",
               "coach": "plays the bid or card that won the most guessed games played to the end (a few a choice)"},
    schema=SCHEMA,
    aliases=("sk", "skullking"),
    order=20,
    action_types=(Bid, Play),
    testing="lopti_nb.games.skullking.testing",
    coach="lopti_nb.games.skullking.coach:coach",
    seat_columns=seat_columns,
    length=game_length,
    length_label="Rounds",
    game_columns=_game_columns,
    tables={"rounds": _round_rows},
    table_columns={"rounds": ROUND_COLUMNS},
    categories={"scoring": list(rules.SCORING_SYSTEMS), "edition": list(rules.EDITIONS)},
    view="lopti_nb.games.skullking.view:SkullKingView",
    lessons="lopti_nb.games.skullking.lessons",
    tutorial="lopti_nb.games.skullking.tutorial:SkullKingTutorial",
    reference="lopti_nb.games.skullking:reference.md",
    studies="lopti_nb.games.skullking.studies",
    room_settings=("scoring", "edition", "legendary"),
    extras={"win_chances": "lopti_nb.games.skullking.coach:win_chances", "claims": "lopti_nb.games.skullking.claims",
            "practice": "lopti_nb.games.skullking.practice"},
    batch="lopti_nb.games.skullking.batch:simulate_batch",
)
