"""The score lab: simulate many games with bots and look at the distributions.

Games are played with :func:`lopti_nb.analysis.play_games` in chunks (so a progress bar moves;
the seeds depend on the game number alone, so chunking changes nothing) and drawn with the
analysis chart builders as live, offline Altair charts. The games, their bots, their
settings form (built from the settings schema, :mod:`.forms`) and the word for a game's
length come from the plugins.
"""
from __future__ import annotations

import time
from html import escape

import ipywidgets as W

from lopti_nb.engine import get_spec

from .common import MUTED, bot_options, game_picker, message_html, note, seat_bots, style
from .forms import SettingsForm
from .offline import enable_offline_charts

CHUNKS = 20


class ScoreLab(W.VBox):
    def __init__(self, game: str | None = None, games: int = 100):
        # the lab opens on the game the dashboard names (its notebook passes one), else the first
        self.game = game_picker(None if game is None else get_spec(game).name)
        self.players = style(description="Players", min=2, max=8, value=4)
        self.first_bot = style(W.Dropdown, description="Bot in seat 1", options=[("-", "-")])
        self.other_bots = style(W.Dropdown, description="Bots in other seats", options=[("-", "-")])
        self.forms: dict[str, SettingsForm] = {}  # one per game, kept when another is chosen
        self.settings_box = W.VBox()
        self.n_games = style(description="Games", min=10, max=2000, step=10, value=games,
                             continuous_update=False)
        self.seed = style(W.IntText, description="Seed", value=1,
                          tooltip="The same seed and settings give the same games")
        self.run_button = W.Button(description="Simulate", button_style="primary", icon="play",
                                   tooltip="Play the games with bots and draw the results",
                                   layout=W.Layout(width="160px"))
        self.run_button.on_click(lambda b: self.run())
        self.progress = W.IntProgress(value=0, min=0, max=1, description="Progress",
                                      style={"description_width": "70px", "bar_color": "#0072B2"},
                                      layout=W.Layout(width="420px"))
        self.status = W.HTML(message_html("Choose the game and the bots, then press Simulate."))
        self.table = W.HTML()
        self.charts_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.jchart = None  # one live chart holding every panel (one Vega bundle in the page)
        self.last = None  # the tables of the last run
        self.game.observe(lambda c: self._game_changed(), names="value")
        self.players.observe(lambda c: self._players_changed(), names="value")
        self._game_changed()
        left = W.VBox([self.players, self.first_bot, self.other_bots, self.n_games, self.seed])
        right = W.VBox(layout=W.Layout(margin="0 0 0 24px"), children=[self.settings_box])
        super().__init__([
            self.game,
            W.HBox([left, right], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.run_button, self.progress], layout=W.Layout(align_items="center")),
            note("Seat 1 gets its own bot so you can compare it with the field. "
                 "Every game is seeded: the same settings and seed give the same results."),
            self.status, self.table, self.charts_box,
        ], layout=W.Layout(width="100%"))
        self.add_class("lnb-score-lab")

    @property
    def form(self) -> SettingsForm:
        """The settings form of the chosen game."""
        return self.forms[self.game.value]

    def _game_changed(self) -> None:
        spec = get_spec(self.game.value)
        self.players.min, self.players.max = 1, 99  # widen first so any new range is valid
        self.players.max, self.players.min = spec.max_players, spec.min_players
        self.players.value = spec.default_players
        options = bot_options(spec)
        self.first_bot.options = options
        self.other_bots.options = options
        default = spec.default_bot
        # a bot with a style per seat: seat 1 gets its first style by name, to compare with
        self.first_bot.value = seat_bots(spec).get(default, (default,))[0]
        self.other_bots.value = default
        if spec.name not in self.forms:
            self.forms[spec.name] = SettingsForm(spec, self.players.value)
        self.settings_box.children = (self.form,)
        self._players_changed()

    def _players_changed(self) -> None:
        if self.game.value in self.forms:
            self.form.set_players(self.players.value)

    def settings(self) -> dict:
        """The chosen game's settings, as the form shows them."""
        return self.form.values()

    def bots(self) -> list[str]:
        """One bot name per seat: seat 1's, then the others' (a bot with a style per seat
        named by the style it plays in each seat, so the results table tells them apart)."""
        others = self.other_bots.value
        players = self.players.value
        styles = seat_bots(get_spec(self.game.value)).get(others)
        if styles:
            rest = [styles[s % len(styles)] for s in range(1, players)]
        else:
            rest = [others] * (players - 1)
        return [self.first_bot.value, *rest]

    def run(self) -> None:
        """Play the games (progress bar moves per chunk), then redraw the table and charts."""
        enable_offline_charts()
        import pandas as pd

        from lopti_nb.analysis import play_games

        game, n, seed = self.game.value, self.n_games.value, self.seed.value
        players, bots = self.players.value, self.bots()
        try:
            settings = self.settings()
        except ValueError as exc:  # a number typed that is not one: said on the page
            self.status.value = message_html(f"Could not simulate: {exc}", "error")
            return
        self.run_button.disabled = True
        self.progress.max, self.progress.value = n, 0
        self.status.value = message_html(f"Playing {n} games...")
        started = time.perf_counter()
        parts = []
        try:
            step = max(1, -(-n // CHUNKS))
            for first in range(0, n, step):
                count = min(step, n - first)
                out = play_games(game, count, seed=seed, players=players, bots=bots, first=first,
                                 tables=("seats",), **settings)
                parts.append(out["seats"])
                self.progress.value = first + count
            seats = pd.concat(parts, ignore_index=True)
            seats["player"] = [f"seat {s + 1}: {b}" for s, b in zip(seats["seat"], seats["bot"])]
            self.last = seats
            self._draw(seats)
            took = time.perf_counter() - started
            self.status.value = message_html(
                f"{n} games of {get_spec(game).title} played in {took:.1f} s.", "ok")
        except Exception as exc:  # settings a game refuses: say so on the page
            self.status.value = message_html(f"Could not simulate: {exc}", "error")
        finally:
            self.run_button.disabled = False

    def _draw(self, seats) -> None:
        import altair as alt

        from lopti_nb.analysis import (box_chart, distribution_summary, histogram_chart,
                                       histogram_frame, rate_chart, rate_frame)

        spec = get_spec(self.game.value)
        title = spec.title
        summary = distribution_summary(seats, "score", by="player")
        wins = rate_frame(seats, "won", by="player", name="win_rate")
        rows = "".join(
            f"<tr><td>{escape(p)}</td><td>{m:.1f}</td><td>{med:.0f}</td><td>{w:.0%}</td></tr>"
            for p, m, med, w in zip(summary["player"], summary["mean"], summary["median"],
                                    wins["win_rate"]))
        self.table.value = (
            '<table class="lnb-score-table" style="border-collapse:collapse;min-width:420px">'
            f'<tr style="text-align:left;{MUTED}"><th>Player</th><th>Mean score</th>'
            '<th>Median</th><th>Wins</th></tr>' + rows + "</table>")
        hist = histogram_frame(seats, "score", by="player", bins=20)
        charts = [
            histogram_chart(hist, color="player", title="Score distribution",
                            subtitle=f"{title}, {seats['game'].nunique()} games", x_title="Final score"),
            box_chart(summary, x="player", color="player", title="Scores by seat", y_title="Final score",
                      subtitle="box: middle half; whiskers: 5th-95th percentile; diamond: mean"),
            rate_chart(wins, x="player", y="win_rate", color="player", title="Win rate by seat", y_title="Games won",
                       subtitle="with 95% interval; dashed: a fair share",
                       reference=1 / max(1, seats["seat"].nunique())),
        ]
        games = seats.drop_duplicates("game")
        if games["length"].nunique() > 1:
            lengths = histogram_frame(games, "length", bins=15)
            charts.append(histogram_chart(lengths, title="Game length", x_title=spec.length_label,
                                          y_title="Share of games"))
        rows = [alt.hconcat(*charts[i:i + 2], spacing=40) for i in range(0, len(charts), 2)]
        chart = alt.vconcat(*rows, spacing=30)
        if self.jchart is None:
            self.jchart = alt.JupyterChart(chart)
            self.charts_box.children = (self.jchart,)
        else:
            self.jchart.chart = chart  # redrawn in place
