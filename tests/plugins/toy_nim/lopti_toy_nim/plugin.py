"""Nim's plugin: what the generic layers know about the toy game (found by entry point)."""
from __future__ import annotations

from lopti_nb.engine import GameSpec

from .bots import BOTS
from .state import LAST_STONE, SCHEMA, NimState, Take


def seat_columns(state: NimState, seat: int) -> dict:
    return {"stones_taken": state.taken[seat], "pebbles_held": state.pebbles[seat]}


SPEC = GameSpec(
    name="nim",
    title="Nim",
    state_class=NimState,
    min_players=2,
    max_players=4,
    default_players=2,
    default_bot="grundy",
    bots=dict(BOTS),
    schema=SCHEMA,
    aliases=("toy nim",),
    order=900,  # after the package's own games
    action_types=(Take,),
    seat_columns=seat_columns,
    length=lambda state: len(state.actions),
    length_label="Takes",
    game_columns=lambda state: {"last_taker": state.last_taker},
    categories={"last_stone": list(LAST_STONE)},
    view="lopti_toy_nim.view:NimView",
    room_settings=("max_take", "last_stone"),
    testing="lopti_toy_nim.testing",
)
