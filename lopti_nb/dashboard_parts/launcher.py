"""The game launcher: pick a game, players, people, bots and settings, then deal a table
(:func:`lopti_nb.play`). The games come from the plugins and each game's settings form from
its settings schema (:mod:`.forms`).

Every control has a line under it saying what it sets. Once a table is dealt the settings fold
into one line above it (the game's title, "3 players · 1 person, 2 bots", the words chosen in
its menus, then a "Change" button that opens them again), so on a phone the table comes right
under the page's title instead of below a page of settings. The players chosen stay when
another game is picked, if that game seats as many.
"""
from __future__ import annotations

from lopti_nb.text import esc

import anywidget
import ipywidgets as W
import traitlets

from lopti_nb.engine import get_spec, plural

from .common import bot_options, explained, game_picker, message_html, style
from lopti_nb.widgets.base import ROUNDS_NOTE, rounds_menu

from .forms import NONE
from .forms import SettingsForm, label

# Pressing another game hides the settings and the bot menu at once, in the page, until the
# kernel has put the new game's in their place: a busy kernel never leaves the last game's
# form under the new game's lit button. Meanwhile the settings read "Loading ...".
_SWITCH_JS = """
function render({ model, el }) {
  el.style.display = 'none';
  // the page's own element may not be in the document yet: the press is caught at the top
  const pressed = (event) => {
    const button = event.target.closest && event.target.closest('.lnb-game-picker button');
    const root = button && button.closest('.lnb-launcher');
    if (!root || !root.contains(el) || button.classList.contains('mod-active')) return;
    root.classList.add('lnb-switching');
  };
  document.addEventListener('click', pressed, true);
  model.on('change:shown', () => {
    const root = el.closest('.lnb-launcher');
    if (root) root.classList.remove('lnb-switching');
  });
  return () => document.removeEventListener('click', pressed, true);
}
export default { render };
"""
_SWITCH_CSS = """
.lnb-switching .lnb-settings-side > *, .lnb-switching .lnb-bots-row { visibility: hidden; }
.lnb-switching .lnb-settings-side::before {
  content: "Loading the game's settings\\2026"; display: block; font-weight: bold;
  color: var(--jp-ui-font-color1); padding: 4px 0;
}
"""


class SwitchGuard(anywidget.AnyWidget):
    """No size: the launcher's game picker, pressed, hides the settings form and the bot menu
    in the page at once (reading "Loading the game's settings...") until ``shown`` changes,
    which the launcher does once the new game's form and bots are in place."""

    _esm = _SWITCH_JS
    _css = _SWITCH_CSS
    shown = traitlets.Int(0).tag(sync=True)


SPEEDS = (("instant", 0.0), ("fast (0.25 s)", 0.25), ("normal (0.6 s)", 0.6), ("slow (1.2 s)", 1.2))


class GameLauncher(W.VBox):
    def __init__(self, game: str | None = None):
        self.game = game_picker(None if game is None else get_spec(game).name)
        self.game.add_class("lnb-game-picker")
        self.switch_guard = SwitchGuard()
        self.loading = W.HTML()  # said while a game's settings form is being built
        self.players = style(description="Players", min=2, max=8,
                             value=get_spec(self.game.value).default_players)
        self.humans = style(description="People at this device", min=0, max=4, value=1)
        self.bots = style(W.Dropdown, description="Bots", options=[("-", "-")])
        self.speed = style(W.Dropdown, description="Bot speed", options=SPEEDS, value=0.6)
        self.seed = style(W.IntText, description="Deal number", value=0)
        # a game played as a run of rounds: one round or a session, the menu a room offers
        self.rounds = rounds_menu()
        self.rounds_row = explained(self.rounds, ROUNDS_NOTE)
        # a session's own settings (the Roshambo's length), shown for a session of rounds
        self.session_forms: dict[str, SettingsForm] = {}
        self.session_box = W.VBox(layout=W.Layout(display="none"))
        # per game: what its session adds to the setup (its plugin's "session_setup" part, such
        # as a motion proposed at setup), the part a room's create form shows; None if it has none
        self.session_setups: dict[str, W.Widget | None] = {}
        self.rounds.observe(lambda c: self._show_session_form(), names="value")
        self.forms: dict[str, SettingsForm] = {}  # one per game, kept when another is chosen
        self.rules_title = W.HTML()
        self.settings_box = W.VBox()
        self.settings_box.add_class("lnb-settings-side")  # its left margin: see the page template
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
        self._bots_row = explained(self.bots, "How the bots in the other seats play.")
        self._bots_row.add_class("lnb-bots-row")
        self.game.observe(lambda c: self._game_changed(), names="value")
        self.players.observe(lambda c: self._players_changed(), names="value")
        self._game_changed()
        left = W.VBox([
            explained(self.players, "Everyone at the table, people and bots."),
            explained(self.humans, "People sit in the first seats, bots in the rest; two or more "
                                   "take turns at this device, each hand hidden from the others; "
                                   "0: the bots play each other while you watch."),
            self._bots_row,
            explained(self.speed, "How long each bot move stays on screen before the next."),
            explained(self.seed, "0: a new deal every time. Any other number deals that same "
                                 "game again, card for card."),
            self.rounds_row,
            self.session_box,
        ])
        # the settings, folded into one line once a table is dealt ("Change" opens them)
        self.settings_area = W.VBox([
            self.game, W.HBox([left, self.settings_box], layout=W.Layout(flex_flow="row wrap")),
        ])
        self.summary = W.HTML()
        self.change_button = W.Button(description="Change", icon="pencil", layout=W.Layout(width="auto"),
                                      tooltip="Show the settings again")
        self.change_button.on_click(lambda b: self.unfold())
        self.summary_box = W.HBox([self.summary, self.change_button],
                                  layout=W.Layout(display="none", align_items="center",
                                                  flex_flow="row wrap"))
        self.summary_box.add_class("lnb-settings-summary")
        super().__init__([
            self.switch_guard,
            self.settings_area,
            self.summary_box,
            W.HBox([self.deal_button, self.status], layout=W.Layout(align_items="center",
                                                                     flex_flow="row wrap")),
            self.confirm_box,
            self.table_box,
        ], layout=W.Layout(width="100%"))
        self.add_class("lnb-launcher")

    @property
    def form(self) -> SettingsForm:
        """The settings form of the chosen game."""
        return self.forms[self.game.value]

    def _game_changed(self) -> None:
        try:
            spec = get_spec(self.game.value)
            # first of all, the last game's form and bots leave: the new game's title and bots
            # come at once, its form after it is built ("Loading ..." meanwhile, if it is new)
            self.rules_title.value = f"<b>{esc(spec.title)}: the rules to play by</b>"
            if spec.name not in self.forms:
                self.loading.value = f'<div role="status">Loading the settings of {esc(spec.title)}\u2026</div>'
                self.settings_box.children = (self.rules_title, self.loading)
            with self.bots.hold_sync():
                self.bots.options = bot_options(spec)
                self.bots.value = spec.default_bot
            chosen = self.players.value
            self.players.min, self.players.max = 1, 99
            self.players.max, self.players.min = spec.max_players, spec.min_players
            # the players chosen stay when the new game seats that many, else its own default
            self.players.value = chosen if spec.min_players <= chosen <= spec.max_players \
                else spec.default_players
            if spec.name not in self.forms:
                self.forms[spec.name] = SettingsForm(spec, self.players.value)
            self.rounds_row.layout.display = "" if spec.session is not None else "none"
            if spec.session is not None and spec.name not in self.session_forms:
                own = getattr(spec.load("session"), "SETTINGS", None)
                self.session_forms[spec.name] = SettingsForm(spec, self.players.value, schema=own) if own else None
            if spec.session is not None and spec.name not in self.session_setups:
                setup = spec.load("session_setup")
                self.session_setups[spec.name] = setup() if setup is not None else None
            parts = (self.session_forms.get(spec.name), self.session_setups.get(spec.name))
            self.session_box.children = tuple(part for part in parts if part is not None)
            self._show_session_form()
            self.settings_box.children = (self.rules_title, self.form)
            self._players_changed()
        finally:  # the page shows the settings again, whatever happened here
            self.switch_guard.shown += 1

    def _players_changed(self) -> None:
        self.humans.max = self.players.value
        if self.game.value in self.forms:
            self.form.set_players(self.players.value)

    def settings(self) -> dict:
        """The chosen game's settings, as the form shows them."""
        return self.form.values()

    def in_progress(self) -> bool:
        """True while the table below holds a game (or a session of rounds) that is not over."""
        state = getattr(self.table, "state", None)
        return state is not None and not state.is_over

    def _show_session_form(self) -> None:
        shown = bool(self.rounds.value) and bool(self.session_box.children)
        self.session_box.layout.display = "" if shown else "none"

    def _rounds(self) -> dict:
        """``rounds`` for play(): a session's rounds and its own settings, nothing for one round."""
        if get_spec(self.game.value).session is None or not self.rounds.value:
            return {}
        form = self.session_forms.get(self.game.value)
        setup = self.session_setups.get(self.game.value)
        return {"rounds": self.rounds.value, **(form.values() if form is not None else {}),
                **(setup.settings() if setup is not None else {})}

    def ask_deal(self):
        """What "Deal the cards" does: deal at once, or first ask whether to throw away the
        game in progress (:attr:`confirm_box`, answered by "Deal a new game" or "Keep
        playing"). Returns the new table, or ``None`` while asking."""
        if not self.in_progress():
            return self.deal()
        spec = getattr(self.table, "spec", None)
        title = spec.title if spec is not None else "The game"
        if getattr(self.table.state, "rounds", None):
            question = (f"This {title} session is still being played. Deal a new game and throw "
                        f"the session away?")
        else:
            question = f"{title} is still being played. Deal a new game and throw this one away?"
        self.confirm_text.value = message_html(question, "info")
        self.confirm_box.layout.display = "flex"
        self.deal_button.disabled = True  # one question at a time
        return None

    def fold(self) -> None:
        """Fold the settings into one line (what was dealt, and a "Change" button)."""
        self.summary.value = (f'<div class="lnb-summary-text" style="font-weight:bold">'
                              f'{esc(self.summary_text())}</div>')
        self.settings_area.layout.display = "none"
        self.summary_box.layout.display = "flex"

    def unfold(self) -> None:
        """Show the settings again (the "Change" button)."""
        self.settings_area.layout.display = ""
        self.summary_box.layout.display = "none"

    def summary_text(self) -> str:
        """The settings in one line: the game's title, "3 players · 1 person, 2 bots", the
        chosen words of the game's menus and any other setting changed from its default."""
        spec = get_spec(self.game.value)
        people = self.humans.value
        bots = self.players.value - people
        parts = [spec.title, plural(self.players.value, "player"),
                 ", ".join(p for p in (plural(people, "person", "people") if people else "",
                                       plural(bots, "bot") if bots else "") if p)]
        if spec.session is not None and self.rounds.value:
            parts.append(f"a session of {plural(self.rounds.value, 'round')}")
            if "proposed" in self._rounds():
                parts.append("a motion proposed at setup")
            form = self.session_forms.get(self.game.value)
            for name, widget in (form.controls.items() if form is not None else ()):
                if widget.value != form.schema[name].default:
                    parts.append(f"{label(form.schema[name]).lower()} {widget.value}")
        for name, widget in self.form.controls.items():
            setting = spec.schema[name]
            chosen = dict((v, k) for k, v in widget.options) if hasattr(widget, "options") else {}
            if setting.kind == "choice":
                parts.append(chosen.get(widget.value, str(widget.value)))
            elif widget.value != (NONE if setting.default is None else setting.default):
                shown = chosen.get(widget.value, widget.value)
                parts.append(shown if setting.kind == "bool" and chosen else f"{label(setting).lower()} {shown}")
        return " · ".join(parts)

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
                **self._rounds(), **self.settings())
        except ValueError as exc:  # settings the game refuses (SettingsError): said on the page
            self.table = None
            self.table_box.children = ()
            self.status.value = message_html(str(exc), "error")
            return None
        self.table_box.children = (self.table,)
        spec = get_spec(self.game.value)
        people = self.humans.value
        self.status.value = message_html(
            f"Dealt: {spec.title}, {plural(self.players.value, 'player')}, "
            f"{plural(people, 'person', 'people')} and {plural(self.players.value - people, 'bot')}.", "ok")
        self.fold()
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
