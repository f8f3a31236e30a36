"""The motion lab on a page: Lopti's part of the lab shell (:mod:`lopti_nb.widgets.lab`).

* :func:`result_widget` -- a finished :class:`~.lab.MotionLab` as a widget (what
  ``lopti_nb.motion_lab(...)`` shows in a notebook);
* :class:`MotionLabDashboard` -- choose a ready motion or write your own from the menus of
  the motion builder, the players and the size, run with a progress bar, read the findings
  beside their chart, and propose the motion at a table of bots below the lab (the
  ``motion_lab`` dashboard; the plugin names it in ``extras``).
"""
from __future__ import annotations

import ipywidgets as W

from lopti_nb.dashboard_parts.common import explained, style
from lopti_nb.engine import plural
from lopti_nb.text import esc
from lopti_nb.widgets import play
from lopti_nb.widgets.base import show
from lopti_nb.widgets.lab import LabShell, status_html

from .builder import MotionBuilder
from .lab import DEFAULT_ROUNDS, MotionLab, as_motion, motion_lab, motion_name
from .library import LIBRARY, library_motion
from .motions import Motion, MotionError

TITLE = "Motion lab"
TABLE_ROUNDS = 3  # rounds of the session a motion is proposed to from the lab


def _status(lab: MotionLab) -> str:
    return (f"{plural(lab.sessions, 'session')} of {plural(lab.rounds_per_session, 'round')} with "
            f"{lab.players} players, played twice each, in {lab.seconds:.1f} s.")


def table_for(motion: Motion | str, players: int, seed: int = 0, bot_delay: float = 0.6):
    """A Lopti session of ``players`` (you in the first seat, bots in the others) of
    :data:`TABLE_ROUNDS` rounds with ``motion`` (a ready motion's key, or a Motion) proposed
    before the first deal, and the line that says so; raises the session's refusal."""
    table = play("lopti", players=players, rounds=TABLE_ROUNDS, proposed=motion, seed=seed,
                          bot_delay=bot_delay)
    name = motion.replace("_", " ") if isinstance(motion, str) else motion_name(motion)
    note = W.HTML(f'<div style="margin-top:8px"><b>At the table:</b> you (the first seat) propose '
                  f'\u201c{esc(name)}\u201d before the first deal; the table votes on it, '
                  f'then plays {plural(TABLE_ROUNDS, "round")}.</div>')
    return table, note


def result_widget(lab: MotionLab) -> LabShell:
    """``lab``'s findings as sentences and its chart, with how it was run, and "Propose it at
    the table" (a session of the lab's players with the motion proposed, shown below)."""
    from lopti_nb.engine import LoptiNbError

    propose = W.Button(description="Propose it at the table", button_style="success",
                       layout=W.Layout(width="auto"))
    shell = LabShell(f"{TITLE}: \u201c{lab.name}\u201d", unit="sessions", actions=[propose])
    table_box = W.VBox(layout=W.Layout(width="100%"))
    shell.children = (*shell.children, table_box)

    def open_table(button) -> None:
        try:
            table, note = table_for(lab.motion, lab.players,
                                    seed=lab.seed if isinstance(lab.seed, int) else 0)
        except LoptiNbError as exc:
            table_box.children = (W.HTML(status_html(f"Could not propose it at a table: {exc}", "error")),)
            return
        shell.table = table
        table_box.children = (note, table)

    propose.on_click(open_table)
    shell.propose_button = propose
    shell.tick(lab.sessions, lab.sessions)
    shell.show(lab.findings, lab.chart, _status(lab), heading=f"What \u201c{lab.name}\u201d does",
               note=lab.describe())
    return shell


class MotionLabDashboard(W.VBox):
    """The motion lab dashboard: a motion, players, sessions and seed; Run; findings.

    The menu holds the ready motions; :meth:`use` adds a built one (a Motion, or a motion as
    data) and chooses it, e.g. ``lab.use(Motion.from_data(data))``. "Write your own motion"
    opens a :class:`~.builder.MotionBuilder` (menus only: the lab measures motions the game
    enforces); what it submits joins the menu, chosen, and the builder folds away again.

    >>> lab = MotionLabDashboard(sessions=10)
    >>> lab.build_toggle.value = True
    >>> lab.builder.submit()
    >>> lab.motion.value, lab.build_toggle.value
    ('built 1', False)
    """

    def __init__(self, motion: Motion | dict | str = "ace_tax", players: int = 4, sessions: int = 100,
                 seed: int = 0, bot_delay: float = 0.6):
        self.motions: dict[str, Motion] = {key: library_motion(key) for key in LIBRARY}
        options = [(m.title.capitalize(), key) for key, m in self.motions.items()]
        self.motion = style(W.Dropdown, options=options, value=options[0][1], description="Motion")
        self.words = W.HTML()
        # your own motion, from the builder's menus: folded until asked for, built when first opened
        self.build_toggle = W.ToggleButton(value=False, description="Write your own motion", icon="pencil",
                                           tooltip="Compose a motion the game enforces from menus, no code",
                                           layout=W.Layout(width="auto", max_width="100%"))
        self.build_toggle.add_class("lnb-lab-build")
        self.builder: MotionBuilder | None = None
        self.build_box = W.VBox([], layout=W.Layout(max_width="100%", display="none"))
        self.build_toggle.observe(lambda c: self._fold(), names="value")
        self.players = style(value=players, min=2, max=5, description="Players")
        self.sessions = style(value=sessions, min=10, max=1000, step=10, description="Sessions",
                              continuous_update=False)
        self.seed = style(W.BoundedIntText, value=seed, min=0, max=2 ** 31, description="Seed")
        self.shell = LabShell("", [
            self.motion, self.words, self.build_toggle, self.build_box,
            explained(self.players, "Bots at the table, one per seat."),
            explained(self.sessions, f"Each session is {plural(DEFAULT_ROUNDS, 'round')}, played with the motion "
                                     "and again without it. More sessions give narrower intervals and take longer."),
            explained(self.seed, "The same seed and settings give the same sessions."),
        ], on_run=self.run, button="Run the lab", unit="sessions")
        # after a run: carry the motion to a table of bots, where it is proposed before the first deal
        self.propose_button = W.Button(description="Propose it at the table", button_style="success",
                                       icon="users", layout=W.Layout(width="auto"))
        self.propose_button.on_click(lambda b: self.propose())
        self.shell.actions.children = [self.propose_button]
        self.bot_delay = bot_delay
        self.table = None  # the table the motion was last proposed at
        self.table_box = W.VBox([], layout=W.Layout(width="100%", max_width="100%"))
        self.lab: MotionLab | None = None
        self.motion.observe(lambda c: self._changed(), names="value")
        for control in (self.players, self.sessions, self.seed):
            control.observe(lambda c: self._changed(), names="value")
        if isinstance(motion, str) and motion in self.motions:
            self.motion.value = motion
        else:
            self.use(motion)
        self._show_words()
        super().__init__([self.shell, self.table_box], layout=W.Layout(width="100%", max_width="100%"))
        self.add_class("lnb-motion-lab")

    def use(self, motion: Motion | dict | str) -> str:
        """Add ``motion`` (a Motion, a motion as data, or a ready motion's key) to the menu as a
        built motion and choose it; returns its key in the menu. A motion the constitution
        refuses raises its reason (a ``ValueError``) and the menu stays as it was."""
        built = as_motion(motion)
        key = f"built {sum(k.startswith('built ') for k in self.motions) + 1}"
        self.motions[key] = built
        label = f"Built: {motion_name(built)}"  # a menu entry is text, never markup
        self.motion.options = [*self.motion.options, (label, key)]
        self.motion.value = key
        return key

    def _fold(self) -> None:
        """Open or fold the builder; it is made the first time it opens (a page that never
        writes a motion does not carry its menus)."""
        if self.build_toggle.value and self.builder is None:
            self.builder = MotionBuilder(on_submit=self._built, heading="Your motion, from the menus")
            show(self.builder.mode, False)  # menus only: words are not enforced, so not measured
            self.build_box.children = (self.builder,)
        show(self.build_box, self.build_toggle.value, "flex")

    def _built(self, given: dict | str) -> None:
        """The builder's Submit: the motion joins the menu, chosen, and the builder folds."""
        if not isinstance(given, dict):
            raise MotionError("the lab measures motions the game enforces; a motion in words only is "
                              "not played by the bots, so there is nothing to measure")
        self.use(given)
        self.build_toggle.value = False
        # its words are on screen under the menu; the status says what to do next
        self.shell.status.value = status_html("Your motion is in the motion menu, chosen: press Run the lab to "
                                              "see what it does.")

    @property
    def chosen(self) -> Motion:
        """The motion chosen in the menu."""
        return self.motions[self.motion.value]

    def _show_words(self) -> None:
        text = self.chosen.text
        self.words.value = (f'<div class="lnb-motion-words" style="color:var(--jp-ui-font-color1, #222);'
                            f'max-width:420px;margin:0 0 8px 0;line-height:1.35">{esc(text)}</div>')

    def _changed(self) -> None:
        """A setting changed: the last results belong to other settings and leave the page."""
        self._show_words()
        if self.lab is None or self.shell.run_button.disabled:
            return
        self.lab = None
        self.shell.start(self.sessions.value, "The settings changed: press Run the lab to see what this "
                                              "motion does with them.")

    def propose(self):
        """Start a Lopti session (``lopti_nb.play("lopti", rounds=3, proposed=...)``) of the
        lab's players, you in the first seat and bots in the others, with the chosen motion
        proposed before the first deal, and show its table below the lab. Returns the table
        (``None`` when the motion cannot be carried to a table: the status says why)."""
        from lopti_nb.engine import LoptiNbError

        key = self.motion.value
        proposed = key if key in LIBRARY else self.chosen
        try:
            table, note = table_for(proposed, self.players.value, self.seed.value, self.bot_delay)
        except LoptiNbError as exc:
            self.shell.fail(f"Could not propose it at a table: {exc}")
            return None
        self.table = table
        self.table_box.children = [note, table]
        return table

    def run(self) -> None:
        """Run the lab on the chosen settings, the progress bar moving session by session."""
        n = self.sessions.value
        name = motion_name(self.chosen)
        self.shell.start(n, f"Playing {plural(n, 'session')} with \u201c{name}\u201d and without it...")
        try:
            lab = motion_lab(self.chosen, players=self.players.value, sessions=n, seed=self.seed.value,
                             progress=False, on_progress=self.shell.tick)
        except ValueError as exc:  # a size or seed the lab refuses: said on the page
            self.shell.fail(f"Could not run the lab: {exc}")
            return
        self.lab = lab
        # the chart as a function of the width the page gives it
        self.shell.show(lab.findings, lab.chart, _status(lab), heading=f"What \u201c{lab.name}\u201d does",
                        note=lab.describe())
