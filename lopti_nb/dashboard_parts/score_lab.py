"""The score lab: simulate many games with bots and look at the distributions.

Games are played with :func:`lopti_nb.analysis.play_games` in chunks (so a progress bar moves;
the seeds depend on the game number alone, so chunking changes nothing), in the game's batch
simulator when it plays the chosen bots and settings (``batch="auto"``), and drawn with the
analysis chart builders as live, offline Altair charts. The games, their bots, their
settings form (built from the settings schema, :mod:`.forms`) and the word for a game's
length come from the plugins.

What the charts say, and why:

* tied winners share a win (two winners of one game get half a win each), so the win shares
  of the seats add up to 100% of the games that had a winner (a stalemate has none; said
  in a note when there were any);
* each seat's score distribution has a panel of its own, side by side on one scale
  (overlapping histograms of four seats hide each other), in rows that are all full
  (:func:`panel_columns`: three seats are one row of three, not a grid with an empty corner);
* the charts take the width the page gives them (:mod:`.fitted`): as many panels side by
  side as fit, each as wide as its share, so a 400 px phone shows one panel under another
  and nothing scrolls sideways;
* results belong to the settings that made them: changing any setting (the game, players,
  bots, a game setting, the number of games, the seed, the rounds) takes the last results
  off the page and the status line says so, until Simulate is pressed again;
* a game whose rounds make a *session* (a session runner: the ``sessions`` argument, or
  ``SESSION`` in the game's studies module, ``"module:Name"`` or ``"module:Class.constructor"``) is played as sessions of
  several rounds: the charts show session points (the rounds' scores added up) and the
  places of every round, not one round's all-or-nothing score.

A session runner is a class (or a function making one) called as ``Runner(players, seed=..., **levers)`` (the form's
settings that are levers: base law a session may change) whose ``run(rounds, bots=[...])``
returns one row per seat and round with ``round``, ``seat``, ``place``, ``score`` and ``won``.
"""
from __future__ import annotations

import importlib
import time

import ipywidgets as W

from lopti_nb.engine import get_spec, ordinal, plural
from lopti_nb.text import esc

from .common import MUTED, bot_options, explained, game_picker, message_html, seat_bots, studies_declare, style
from .forms import SettingsForm
from .fitted import FittedChart
from .offline import enable_offline_charts

CHUNKS = 20
SESSION_ROUNDS = 5  # rounds of a session, at first


# what a chart's axes take beside its plot: a y axis of percentages or scores and its title
# (AXIS), the seat names left of the bars of wins and places (NAMES), and the gap between
# panels side by side
AXIS, NAMES, GAP = 55, 130, 20
MIN_PANEL = 200  # narrower than this, panels stand one under another


def panel_columns(panels: int, most: int = 3) -> int:
    """Columns for ``panels`` chart panels, every row full: the most columns, at most
    ``most`` (and 3), that divide them (4 seats: 2 by 2; 3 seats: one row; 5 seats: one
    column).

        >>> [panel_columns(n) for n in range(2, 9)]
        [2, 3, 2, 1, 3, 1, 2]
        >>> panel_columns(4, most=1)
        1
    """
    return max(c for c in (1, 2, 3) if panels % c == 0 and c <= max(most, 1))


def facet_layout(panels: int, width: int) -> tuple[int, int]:
    """(columns, plot width of each panel) for ``panels`` panels sharing one y axis in
    ``width`` pixels: every row full, no panel narrower than MIN_PANEL.

        >>> facet_layout(4, 1100), facet_layout(3, 1100), facet_layout(3, 340)
        ((2, 512), (3, 335), (1, 285))
    """
    columns = panel_columns(panels, most=(width - AXIS + GAP) // (MIN_PANEL + GAP))
    return columns, (width - AXIS - GAP * (columns - 1)) // columns


def win_shares(seats, unit: str = "game"):
    """Per player: ``wins`` (tied winners of a ``unit`` share its win), ``win_share`` (of the
    units that had a winner; the shares add up to 1), and how many units had none."""
    import pandas as pd

    won = seats[seats["won"].astype(bool)]
    winners = won.groupby(unit)["won"].transform("size")
    credit = (1.0 / winners).groupby(won["player"]).sum()
    decided = won[unit].nunique()
    players = pd.Series(pd.unique(seats["player"]), name="player")
    out = pd.DataFrame({"player": players})
    out["wins"] = out["player"].map(credit).fillna(0.0)
    out["win_share"] = out["wins"] / decided if decided else 0.0
    out.attrs["decided"], out.attrs["undecided"] = decided, seats[unit].nunique() - decided
    out.attrs["tied"] = int((won.groupby(unit).size() > 1).sum())
    return out


def session_frame(rounds):
    """One row per session and player from the rounds of sessions: ``points`` (the rounds'
    scores added up), ``rounds_won``, and ``won`` for the top points of the session (several
    players when they tie)."""
    out = (rounds.groupby(["session", "player", "seat"], sort=True, observed=True)
           .agg(points=("score", "sum"), rounds_won=("won", "sum")).reset_index())
    top = out.groupby("session")["points"].transform("max")
    out["won"] = out["points"] == top
    return out


class ScoreLab(W.VBox):
    def __init__(self, game: str | None = None, games: int = 100, sessions: dict | None = None):
        # the lab opens on the game the dashboard names (its notebook passes one), else the first
        self.game = game_picker(None if game is None else get_spec(game).name)
        self.sessions = dict(sessions or {})  # game name -> session runner (or "module:Class")
        self.players = style(description="Players", min=2, max=8,
                             value=get_spec(self.game.value).default_players)
        self.first_bot = style(W.Dropdown, description="Bot in seat 1", options=[("-", "-")])
        self.other_bots = style(W.Dropdown, description="Bots in other seats", options=[("-", "-")])
        self.forms: dict[str, SettingsForm] = {}  # one per game, kept when another is chosen
        self.settings_box = W.VBox()
        self.rounds = style(description="Rounds per session", min=1, max=12, value=SESSION_ROUNDS,
                            continuous_update=False)
        self.session_box = explained(self.rounds, "Each session is several rounds in a row: the "
                                                  "charts add up each player's points over the "
                                                  "session and show the place of every round. "
                                                  "1 round: single rounds.")
        self.n_games = style(description="Games", min=10, max=2000, step=10, value=games,
                             continuous_update=False)
        self.seed = style(W.IntText, description="Seed", value=1)
        self.run_button = W.Button(description="Simulate", button_style="primary", icon="play",
                                   tooltip="Play the games with bots and draw the results",
                                   layout=W.Layout(width="160px"))
        self.run_button.on_click(lambda b: self.run())
        self.progress = W.IntProgress(value=0, min=0, max=1, description="Progress",
                                      style={"description_width": "70px", "bar_color": "#0072B2"},
                                      layout=W.Layout(width="420px", max_width="calc(100% - 4px)"))
        self.status = W.HTML(message_html("Choose the game and the bots, then press Simulate."))
        self.table = W.HTML()
        self.notes = W.HTML()
        # one live chart holding every panel (one Vega bundle in the page), as wide as the page
        self.chart = FittedChart()
        self.charts_box = W.VBox([self.chart], layout=W.Layout(width="100%"))
        self.last = None  # the tables of the last run (None once a setting changed)
        self.game.observe(lambda c: self._game_changed(), names="value")
        self.players.observe(lambda c: self._players_changed(), names="value")
        self.rounds.observe(lambda c: self._rounds_changed(), names="value")
        self._game_changed()
        for control in (self.game, self.players, self.first_bot, self.other_bots, self.rounds,
                        self.n_games, self.seed):
            control.observe(lambda c: self._settings_changed(), names="value")
        left = W.VBox([
            explained(self.players, "Bots at the table, one per seat."),
            explained(self.first_bot, "Seat 1 gets a bot of its own, to compare it with the field."),
            explained(self.other_bots, "How the bots in the other seats play."),
            self.session_box,
            explained(self.n_games, "How many to play: more give steadier results, and take longer."),
            explained(self.seed, "The same seed and settings give the same games."),
        ])
        right = W.VBox(children=[self.settings_box])
        right.add_class("lnb-settings-side")  # its left margin: see the page template
        super().__init__([
            self.game,
            W.HBox([left, right], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.run_button, self.progress], layout=W.Layout(align_items="center",
                                                                      flex_flow="row wrap")),
            self.status, self.table, self.notes, self.charts_box,
        ], layout=W.Layout(width="100%"))
        self.add_class("lnb-score-lab")

    @property
    def jchart(self):
        """The live chart of the last results (``None`` before the first run)."""
        return self.chart.jchart

    @property
    def form(self) -> SettingsForm:
        """The settings form of the chosen game."""
        return self.forms[self.game.value]

    def session_runner(self, game: str | None = None):
        """The chosen game's session runner (a class), or ``None`` if its rounds make no
        sessions."""
        game = game or self.game.value
        spec = get_spec(game)
        runner = self.sessions.get(spec.name)
        if runner is None and studies_declare(spec, "SESSION"):
            runner = spec.load("studies").SESSION
        if isinstance(runner, str):  # "module:Name" or "module:Class.constructor"
            module, _, attr = runner.partition(":")
            runner = importlib.import_module(module)
            for part in attr.split("."):
                runner = getattr(runner, part)
        return runner

    @property
    def in_sessions(self) -> bool:
        """True when the lab plays sessions of several rounds (not single games)."""
        return self.session_runner() is not None and self.rounds.value > 1

    def _game_changed(self) -> None:
        spec = get_spec(self.game.value)
        chosen = self.players.value
        self.players.min, self.players.max = 1, 99  # widen first so any new range is valid
        self.players.max, self.players.min = spec.max_players, spec.min_players
        # the players chosen stay when the new game seats that many, else its own default
        self.players.value = chosen if spec.min_players <= chosen <= spec.max_players \
            else spec.default_players
        options = bot_options(spec)
        self.first_bot.options = options
        self.other_bots.options = options
        default = spec.default_bot
        # a bot with a style per seat: seat 1 gets its first style by name, to compare with
        self.first_bot.value = seat_bots(spec).get(default, (default,))[0]
        self.other_bots.value = default
        if spec.name not in self.forms:
            self.forms[spec.name] = form = SettingsForm(spec, self.players.value)
            for control in form.controls.values():
                control.observe(lambda c: self._settings_changed(), names="value")
        self.settings_box.children = (self.form,)
        # known without importing the runner (it is imported when sessions are played)
        self._offers_sessions = spec.name in self.sessions or studies_declare(spec, "SESSION")
        self.session_box.layout.display = "" if self._offers_sessions else "none"
        self._rounds_changed()
        self._players_changed()

    def _settings_changed(self) -> None:
        """A setting changed: results made with other settings leave the page (said in the
        status line), so what is shown always belongs to the settings shown."""
        if self.last is None or self.run_button.disabled:  # nothing shown, or a run under way
            return
        self.last = None
        self.table.value = self.notes.value = ""
        self.charts_box.layout.display = "none"
        self.progress.value = 0
        self.status.value = message_html("The settings changed: press Simulate to see results "
                                         "for these settings.")

    def _rounds_changed(self) -> None:
        sessions = self._offers_sessions and self.rounds.value > 1
        self.n_games.description = "Sessions" if sessions else "Games"

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
        game, n, seed = self.game.value, self.n_games.value, self.seed.value
        try:
            settings = self.settings()
        except ValueError as exc:  # a number typed that is not one: said on the page
            self.status.value = message_html(f"Could not simulate: {exc}", "error")
            return
        sessions = self.in_sessions
        what = "sessions" if sessions else "games"
        self.run_button.disabled = True
        self.progress.max, self.progress.value = n, 0
        self.status.value = message_html(f"Playing {n} {what}...")
        started = time.perf_counter()
        try:
            if sessions:
                rounds = self._play_sessions(n, seed, settings)
                self.last = rounds
                self._draw_sessions(rounds)
            else:
                seats = self._play_games(n, seed, settings)
                self.last = seats
                self._draw(seats)
            took = time.perf_counter() - started
            length = f" of {plural(self.rounds.value, 'round')}" if sessions else ""
            self.status.value = message_html(
                f"{n} {what}{length} of {get_spec(game).title} played in {took:.1f} s.", "ok")
        except Exception as exc:  # settings a game refuses: say so on the page
            self.status.value = message_html(f"Could not simulate: {exc}", "error")
        finally:
            self.run_button.disabled = False

    def _play_games(self, n: int, seed: int, settings: dict):
        import pandas as pd

        from lopti_nb.analysis import play_games

        players, bots = self.players.value, self.bots()
        parts = []
        step = max(1, -(-n // CHUNKS))
        for first in range(0, n, step):
            count = min(step, n - first)
            # the game's batch simulator when it plays these bots and settings (many games at
            # once, each a game of the engine), the engine otherwise
            out = play_games(self.game.value, count, seed=seed, players=players, bots=bots, first=first,
                             tables=("seats",), batch="auto", **settings)
            parts.append(out["seats"])
            self.progress.value = first + count
        seats = pd.concat(parts, ignore_index=True)
        seats["player"] = [f"seat {s + 1}: {b}" for s, b in zip(seats["seat"], seats["bot"])]
        return seats

    def _play_sessions(self, n: int, seed: int, settings: dict):
        """``n`` sessions of the chosen number of rounds; one row per session, round and seat."""
        import pandas as pd

        from lopti_nb.engine import game_seeds

        spec = get_spec(self.game.value)
        runner = self.session_runner()
        # a session starts from the base law its levers set; the other settings (who deals,
        # who leads) are the session's own business
        levers = {k: v for k, v in settings.items() if k in spec.schema and spec.schema[k].lever}
        players, bots = self.players.value, self.bots()
        parts = []
        for k in range(n):
            session_seed, _ = game_seeds(f"session:{seed}", k)
            history = runner(players, seed=session_seed, **levers).run(self.rounds.value, bots=bots)
            history = history[["round", "seat", "place", "score", "won"]].copy()
            history["session"] = k
            parts.append(history)
            self.progress.value = k + 1
        rounds = pd.concat(parts, ignore_index=True)
        rounds["bot"] = [bots[s] for s in rounds["seat"]]
        rounds["player"] = [f"seat {s + 1}: {b}" for s, b in zip(rounds["seat"], rounds["bot"])]
        return rounds

    # -- drawing ----------------------------------------------------------------------------------------
    def _table(self, rows: list[tuple], headers: tuple[str, ...]) -> None:
        head = "".join(f"<th scope='col' style='padding:2px 10px 2px 0'>{esc(h)}</th>" for h in headers)
        body = "".join("<tr>" + "".join(f"<td style='padding:2px 10px 2px 0'>{esc(str(c))}</td>" for c in row)
                       + "</tr>" for row in rows)
        self.table.value = (
            '<div style="max-width:100%;overflow-x:auto"><table class="lnb-score-table" '
            f'style="border-collapse:collapse"><tr style="text-align:left;{MUTED}">{head}</tr>{body}</table></div>')

    def _win_note(self, shares, unit: str) -> str:
        decided, undecided, tied = (shares.attrs[k] for k in ("decided", "undecided", "tied"))
        parts = [f"Tied winners share a win: two winners of one {unit} get half a win each, so the "
                 f"win shares add up to 100% of the {plural(decided, unit)} that had a winner."]
        if tied:
            parts.append(f"{plural(tied, unit)} ended in a tie for first.")
        if undecided:
            parts.append(f"{plural(undecided, unit)} had no winner and {'is' if undecided == 1 else 'are'} "
                         "left out of the shares.")
        return " ".join(parts)

    def _show(self, build) -> None:
        """Draw ``build(width)``, the charts for the page's width (again when it changes)."""
        self.chart.show(build)
        self.charts_box.layout.display = "flex"

    def _draw(self, seats) -> None:
        import altair as alt

        from lopti_nb.analysis import box_chart, distribution_summary, histogram_chart, histogram_frame

        spec = get_spec(self.game.value)
        summary = distribution_summary(seats, "score", by="player")
        shares = win_shares(seats, "game")
        self._table([(p, f"{m:.1f}", f"{med:.0f}", f"{w:.1f}", f"{s:.1%}")
                     for p, m, med, w, s in zip(summary["player"], summary["mean"], summary["median"],
                                                shares["wins"], shares["win_share"])],
                    ("Player", "Mean score", "Median", "Wins", "Win share"))
        self.notes.value = self._notes_html(self._win_note(shares, "game"))
        hist = histogram_frame(seats, "score", by="player", bins=20)
        games = seats["game"].nunique()
        seat_count = seats["seat"].nunique()
        played = seats.drop_duplicates("game")
        lengths = histogram_frame(played, "length", bins=15) if played["length"].nunique() > 1 else None

        def build(width: int):
            # the charts one under another start their plots at one left edge, past the seats'
            # names of the bars: the histograms' own axes are narrower
            columns, panel = facet_layout(seat_count, width - NAMES + AXIS)
            half = pair_width(width)
            charts = [
                histogram_chart(hist, color="player", column="player", columns=columns, width=panel,
                                legend=False, title="Score distribution, one panel per seat",
                                subtitle=f"{spec.title}, {plural(games, 'game')}", x_title="Final score",
                                y_title="Share of games"),
                side_by_side(
                    box_chart(summary, x="player", color="player", title="Scores by seat", y_title="Final score",
                              subtitle=["box: middle half; whiskers: 5th-95th percentile;", "diamond: mean"],
                              width=half - (AXIS if half < width else NAMES), legend=False,
                              # the seats' names upright while each has room, else slanted
                              x_type="O" if (half - AXIS) / seat_count >= NAMES else "N"),
                    win_share_chart(shares, "game", width=half - NAMES), width),
            ]
            if lengths is not None:
                charts.append(histogram_chart(lengths, title="Game length", x_title=spec.length_label,
                                              y_title="Share of games", width=width - NAMES))
            return alt.vconcat(*charts, spacing=30)

        self._show(build)

    def _draw_sessions(self, rounds) -> None:
        import altair as alt

        from lopti_nb.analysis import distribution_summary, histogram_chart, histogram_frame

        spec = get_spec(self.game.value)
        per_session = session_frame(rounds)
        summary = distribution_summary(per_session, "points", by="player")
        shares = win_shares(per_session, "session")
        places = rounds.groupby("player")["place"].mean()
        self._table([(p, f"{m:.1f}", f"{places[p]:.2f}", f"{w:.1f}", f"{s:.1%}")
                     for p, m, w, s in zip(summary["player"], summary["mean"], shares["wins"],
                                           shares["win_share"])],
                    ("Player", "Mean session points", "Mean place", "Sessions won", "Win share"))
        n_rounds = self.rounds.value
        self.notes.value = self._notes_html(
            f"A session is {plural(n_rounds, 'round')}; its points are the rounds' scores added up. "
            + self._win_note(shares, "session"))
        hist = histogram_frame(per_session, "points", by="player", bins=15)
        sessions = per_session["session"].nunique()
        seat_count = per_session["seat"].nunique()

        def build(width: int):
            columns, panel = facet_layout(seat_count, width - NAMES + AXIS)  # as in _draw
            half = pair_width(width)
            charts = [
                histogram_chart(hist, color="player", column="player", columns=columns, width=panel,
                                legend=False, title="Session points, one panel per seat",
                                subtitle=f"{spec.title}, {plural(sessions, 'session')} of "
                                         f"{plural(n_rounds, 'round')}",
                                x_title="Points in the session", y_title="Share of sessions"),
                side_by_side(place_chart(rounds, width=half - NAMES),
                             win_share_chart(shares, "session", width=half - NAMES), width)
                .resolve_scale(color="independent"),
            ]
            # places have colours of their own, not the players' (a shared scale left them blank)
            return alt.vconcat(*charts, spacing=30).resolve_scale(color="independent")

        self._show(build)

    @staticmethod
    def _notes_html(text: str) -> str:
        return f'<div class="lnb-score-notes" style="{MUTED};max-width:720px;margin:6px 0">{esc(text)}</div>'


PAIR_SPACING = 40


def pair_width(width: int) -> int:
    """The width of each of two charts shown together in ``width`` pixels: half each when
    both get MIN_PANEL and their axes, else the whole width (one under the other; the two
    plots then start at one left edge, past the longer of their axes).

        >>> pair_width(1100), pair_width(340)
        (530, 340)
    """
    half = (width - PAIR_SPACING) // 2
    return half if half >= MIN_PANEL + NAMES else width


def side_by_side(left, right, width: int):
    """Two charts side by side when :func:`pair_width` halves ``width``, else one under the
    other."""
    import altair as alt

    if pair_width(width) < width:
        return alt.hconcat(left, right, spacing=PAIR_SPACING)
    return alt.vconcat(left, right, spacing=30)


def win_share_chart(shares, unit: str = "game", width: int = 260):
    """Each player's share of the wins as a bar with its percentage written on it (the
    shares add up to 100%); ``width``: the bars' width in pixels, the names aside."""
    import altair as alt

    from lopti_nb.analysis.charts import category_scale

    domain = list(shares["player"])
    base = alt.Chart(shares).encode(
        y=alt.Y("player:N", title=None, sort=domain),
        x=alt.X("win_share:Q", title=f"Share of the {unit}s won", axis=alt.Axis(format="%"),
                scale=alt.Scale(domain=[0, max(0.5, float(shares["win_share"].max()) * 1.15)])),
        tooltip=[alt.Tooltip("player:N"), alt.Tooltip("wins:Q", format=".1f", title="wins"),
                 alt.Tooltip("win_share:Q", format=".1%", title="share")])
    bars = base.mark_bar().encode(color=alt.Color("player:N", scale=category_scale(domain), legend=None))
    text = base.mark_text(align="left", dx=4).encode(text=alt.Text("win_share:Q", format=".1%"))
    return (bars + text).properties(
        width=width, height=30 * len(domain),
        title=alt.TitleParams("Win shares", subtitle=[f"tied winners share a {unit}'s win;",
                                                      "the shares add up to 100%"]))


def place_chart(rounds, width: int = 260):
    """How often each player finished each round in each place (a bar per player, split by
    place, 1st first); ``width``: the bars' width in pixels, the names aside."""
    import altair as alt

    counts = rounds.groupby(["player", "place"]).size().rename("rounds").reset_index()
    counts["share"] = counts["rounds"] / counts.groupby("player")["rounds"].transform("sum")
    counts["place_name"] = [ordinal(int(p)) for p in counts["place"]]
    order = [ordinal(p) for p in sorted(counts["place"].unique())]
    return alt.Chart(counts).mark_bar().encode(
        y=alt.Y("player:N", title=None),
        x=alt.X("share:Q", title="Share of the rounds", axis=alt.Axis(format="%"), stack="normalize"),
        color=alt.Color("place_name:O", title="Place", sort=order, scale=alt.Scale(scheme="viridis"),
                        legend=alt.Legend(orient="top")),
        order=alt.Order("place:Q"),
        tooltip=[alt.Tooltip("player:N"), alt.Tooltip("place_name:N", title="place"),
                 alt.Tooltip("rounds:Q"), alt.Tooltip("share:Q", format=".0%")],
    ).properties(width=width, height=30 * counts["player"].nunique(),
                 title=alt.TitleParams("Places, round by round", subtitle="every round of every session"))
