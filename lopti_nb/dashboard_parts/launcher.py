"""The game launcher: pick a game, players, people, bots and settings, then deal a table
(:func:`lopti_nb.play`)."""
from __future__ import annotations

import ipywidgets as W

from lopti_nb.engine import get_spec

from .common import GAMES, VARIANTS, bot_options, message_html, note, style

SPEEDS = (("instant", 0.0), ("fast (0.25 s)", 0.25), ("normal (0.6 s)", 0.6), ("slow (1.2 s)", 1.2))


class GameLauncher(W.VBox):
    def __init__(self, game: str = "lopti"):
        self.game = W.ToggleButtons(options=GAMES, value=game, description="Game",
                                    style={"description_width": "60px", "button_width": "150px"})
        self.players = style(description="Players", min=2, max=8, value=4)
        self.humans = style(description="People at this device", min=0, max=4, value=1,
                            tooltip="Two or more people share the device: a hot seat hides each hand")
        self.bots = style(W.Dropdown, description="Bots", options=[("-", "-")])
        self.variant = style(W.Dropdown, description="Rules", options=[("-", "-")])
        self.hold_limit = style(description="Hold limit", min=1, max=8, value=4)
        self.speed = style(W.Dropdown, description="Bot speed", options=SPEEDS, value=0.6)
        self.seed = style(W.IntText, description="Deal number", value=0,
                          tooltip="0: a new deal every time; any other number: that exact deal again")
        self.deal_button = W.Button(description="Deal the cards", button_style="primary", icon="play",
                                    layout=W.Layout(width="180px"))
        self.deal_button.on_click(lambda b: self.deal())
        self.status = W.HTML()
        self.table_box = W.VBox(layout=W.Layout(width="100%"))
        self.table = None
        self.game.observe(lambda c: self._game_changed(), names="value")
        self.players.observe(lambda c: self._players_changed(), names="value")
        self._game_changed()
        left = W.VBox([self.players, self.humans, self.bots])
        right = W.VBox(layout=W.Layout(margin="0 0 0 24px"), children=[self.variant, self.hold_limit, self.speed, self.seed])
        super().__init__([
            self.game,
            W.HBox([left, right], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.deal_button, self.status], layout=W.Layout(align_items="center")),
            note("People sit in the first seats, bots in the rest. With 0 people the bots play "
                 "each other while you watch."),
            self.table_box,
        ], layout=W.Layout(width="100%"))
        self.add_class("lnb-launcher")

    def _game_changed(self) -> None:
        spec = get_spec(self.game.value)
        self.players.min, self.players.max = 1, 99
        self.players.max, self.players.min = spec.max_players, spec.min_players
        self.players.value = spec.default_players
        self._players_changed()
        self.bots.options = bot_options(spec)
        self.bots.value = spec.default_bot
        key, label, choices = VARIANTS[spec.name]
        self.variant.description = label
        self.variant.options = choices
        self.variant.value = spec.settings[key]
        self.hold_limit.layout.display = "" if spec.name == "drowned-ledger" else "none"

    def _players_changed(self) -> None:
        self.humans.max = self.players.value

    def settings(self) -> dict:
        spec = get_spec(self.game.value)
        out = {VARIANTS[spec.name][0]: self.variant.value}
        if spec.name == "drowned-ledger":
            out["hold_limit"] = self.hold_limit.value
        return out

    def deal(self):
        """Replace the table below with a new one for the chosen settings; returns it."""
        import lopti_nb

        self._stop_table()
        try:
            self.table = lopti_nb.play(
                self.game.value, players=self.players.value, humans=self.humans.value,
                bots=self.bots.value, seed=self.seed.value or None, bot_delay=self.speed.value,
                **self.settings())
        except ValueError as exc:
            self.table = None
            self.table_box.children = ()
            self.status.value = message_html(str(exc), "error")
            return None
        self.table_box.children = (self.table,)
        spec = get_spec(self.game.value)
        people = self.humans.value
        self.status.value = message_html(
            f"{spec.title}: {self.players.value} players, {people} "
            f"{'person' if people == 1 else 'people'} and {self.players.value - people} bots.", "ok")
        return self.table

    def _stop_table(self) -> None:
        old = self.table
        if old is None:
            return
        old.paused = True  # its bot loop stops at the next step
        try:
            from lopti_nb.widgets import iter_widgets
            for w in list(iter_widgets(old)):
                w.close()
        except Exception:
            pass
