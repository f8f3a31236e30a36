"""Nim's table view: the piles, and one button per way to take stones (updated in place)."""
from __future__ import annotations

import ipywidgets as W

from lopti_nb.widgets.base import ButtonPool, esc, set_if
from lopti_nb.widgets.table import GameView

from .state import Take


def _stones(n: int) -> str:
    return "\u25cf" * n if n else "(empty)"


class NimView(GameView):
    def __init__(self, table):
        super().__init__(table)
        self.piles = W.HTML()
        self.moves = ButtonPool(table.act)
        self.widget = W.VBox([self.piles, self.moves])

    def update(self, obs: dict, viewer, new_events: list, can_act: bool) -> None:
        rows = "".join(f"<div>Pile {i + 1}: {_stones(n)} ({n})</div>" for i, n in enumerate(obs["piles"]))
        mine = obs["my_pebbles"]
        pebbles = "" if mine is None else f"<div>Your secret pebbles: {mine}</div>"
        set_if(self.piles, value=rows + pebbles)
        items = []
        for pile, n in enumerate(obs["piles"]):
            for count in range(1, min(n, obs["max_take"]) + 1):
                action = Take(pile, count)
                reason = self.reason(action, viewer, can_act)
                items.append((f"Take {count} from pile {pile + 1}", action, reason is None, reason or ""))
        self.moves.set(items, style="primary")

    def seat_line(self, obs: dict, seat: int) -> str:
        line = f"took {obs['taken'][seat]} stone(s)"
        if obs["pebbles"] is not None:
            line += f" \u00b7 {obs['pebbles'][seat]} pebble(s)"
        return esc(line)

    def scores_html(self, obs: dict, result) -> str:
        if result is None:
            return ""
        return esc("Scores: " + ", ".join(f"{self.seat_name(s)} {p:g}" for s, p in enumerate(result.scores)))

    def settings_words(self, state) -> str:
        return f"take 1-{state.max_take} \u00b7 the last stone {state.last_stone}"
