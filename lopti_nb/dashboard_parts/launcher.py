"""The game launcher: pick a game, players, people, bots and settings, then deal a table
(:func:`lopti_nb.play`). The games come from the plugins and each game's settings form from
its settings schema (:mod:`.forms`)."""
from __future__ import annotations

import ipywidgets as W

from lopti_nb.engine import get_spec

from .common import bot_options, game_picker, message_html, note, style
from .forms import SettingsForm

SPEEDS = (("instant", 0.0), ("fast (0.25 s)", 0.25), ("normal (0.6 s)", 0.6), ("slow (1.2 s)", 1.2))


class GameLauncher(W.VBox):
    def __init__(self, game: str | None = None):
        self.game = game_picker(None if game is None else get_spec(game).name)
        self.players = style(description="Players", min=2, max=8, value=4)
        self.humans = style(description="People at this device", min=0, max=4, value=1,
                            tooltip="Two or more people share the device: a hot seat hides each hand")
        self.bots = style(W.Dropdown, description="Bots", options=[("-", "-")])
        self.speed = style(W.Dropdown, description="Bot speed", options=SPEEDS, value=0.6)
        self.seed = style(W.IntText, description="Deal number", value=0,
                          tooltip="0: a new deal every time; any other number: that exact deal again")
        self.forms: dict[str, SettingsForm] = {}  # one per game, kept when another is chosen
        self.rules_title = W.HTML()
        self.settings_box = W.VBox(layout=W.Layout(margin="0 0 0 24px"))
        self.deal_button = W.Button(description="Deal the cards", button_style="primary", icon="play",
                                    layout=W.Layout(width="180px"))
        self.deal_button.on_click(lambda b: self.ask_deal())
        # a new deal throws away the game on the table: asked on the page first (a row of its
        # own, not a browser dialog, so it reads the same in every browser and in tests)
        self.confirm_text = W.HTML()
        self.confirm_button = W.Button(description="Deal a new game", button_style="danger",
                                       layout=W.Layout(width="auto"))
        self.keep_button = W.Button(description="Keep playing", layout=W.Layout(width="auto"))
        self.confirm_button.on_click(lambda b: self.deal())
        self.keep_button.on_click(lambda b: self._hide_confirm())
        self.confirm_box = W.HBox([self.confirm_text, self.confirm_button, self.keep_button],
                                  layout=W.Layout(display="none", align_items="center",
                                                  flex_flow="row wrap"))
        self.confirm_box.add_class("lnb-confirm")
        self.status = W.HTML()
        self.table_box = W.VBox(layout=W.Layout(width="100%"))
        self.table = None
        self.game.observe(lambda c: self._game_changed(), names="value")
        self.players.observe(lambda c: self._players_changed(), names="value")
        self._game_changed()
        left = W.VBox([self.players, self.humans, self.bots, self.speed, self.seed])
        super().__init__([
            self.game,
            W.HBox([left, self.settings_box], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.deal_button, self.status], layout=W.Layout(align_items="center",
                                                                     flex_flow="row wrap")),
            self.confirm_box,
            note("People sit in the first seats, bots in the rest. With 0 people the bots play "
                 "each other while you watch."),
            self.table_box,
        ], layout=W.Layout(width="100%"))
        self.add_class("lnb-launcher")

    @property
    def form(self) -> SettingsForm:
        """The settings form of the chosen game."""
        return self.forms[self.game.value]

    def _game_changed(self) -> None:
        spec = get_spec(self.game.value)
        self.players.min, self.players.max = 1, 99
        self.players.max, self.players.min = spec.max_players, spec.min_players
        self.players.value = spec.default_players
        self.bots.options = bot_options(spec)
        self.bots.value = spec.default_bot
        if spec.name not in self.forms:
            self.forms[spec.name] = SettingsForm(spec, self.players.value)
        self.rules_title.value = f"<b>{spec.title}: the rules to play by</b>"
        self.settings_box.children = (self.rules_title, self.form)
        self._players_changed()

    def _players_changed(self) -> None:
        self.humans.max = self.players.value
        if self.game.value in self.forms:
            self.form.set_players(self.players.value)

    def settings(self) -> dict:
        """The chosen game's settings, as the form shows them."""
        return self.form.values()

    def in_progress(self) -> bool:
        """True while the table below holds a game that is not over, or a finished round of a
        session that goes on (its view offers "Next round"): between rounds a new deal would
        still throw the whole session away."""
        return self._between_rounds() or self._game_unfinished()

    def _game_unfinished(self) -> bool:
        state = getattr(self.table, "state", None)
        return state is not None and not state.is_over

    def _between_rounds(self) -> bool:
        state = getattr(self.table, "state", None)
        view = getattr(self.table, "view", None)
        return (state is not None and state.is_over and view is not None
                and view.has_next_round(state))

    def ask_deal(self):
        """What "Deal the cards" does: deal at once, or first ask whether to throw away the
        game in progress (:attr:`confirm_box`, answered by "Deal a new game" or "Keep
        playing"). Returns the new table, or ``None`` while asking."""
        if not self.in_progress():
            return self.deal()
        spec = getattr(self.table, "spec", None)
        title = spec.title if spec is not None else "The game"
        if self._between_rounds():
            question = (f"This {title} session is still being played: its next round is still to "
                        f"come. Deal a new game and throw the session away?")
        else:
            question = f"{title} is still being played. Deal a new game and throw this one away?"
        self.confirm_text.value = message_html(question, "info")
        self.confirm_box.layout.display = "flex"
        self.deal_button.disabled = True  # one question at a time
        return None

    def _hide_confirm(self) -> None:
        self.confirm_box.layout.display = "none"
        self.confirm_text.value = ""
        self.deal_button.disabled = False

    def deal(self):
        """Replace the table below with a new one for the chosen settings; returns it."""
        import lopti_nb

        self._hide_confirm()
        self._stop_table()
        try:
            self.table = lopti_nb.play(
                self.game.value, players=self.players.value, humans=self.humans.value,
                bots=self.bots.value, seed=self.seed.value or None, bot_delay=self.speed.value,
                **self.settings())
        except ValueError as exc:  # settings the game refuses (SettingsError): said on the page
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
