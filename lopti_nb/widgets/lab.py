"""The shell of a lab page: choose, run with a progress bar, read the findings beside a chart.

A game's lab (its simulations and what they find) lives in the game's folder; this shell
only lays it out, the same for every lab:

* the game's controls (any widgets) and a run button whose click calls the game's function;
* a :class:`ProgressLine` that moves while the run lasts (``shell.tick(done, total)``);
* a status line (what was run, or why it could not be);
* the findings (:class:`~lopti_nb.analysis.findings.Finding`) as sentences, each one a
  line of text on the page (escaped: a motion's words are text, never markup);
* a live, offline Altair chart (one ``JupyterChart``, redrawn in place), as wide as the
  page gives it when the game hands over a function of the width;
* a row of actions the game adds (e.g. carrying what was tested somewhere else).

    >>> shell = LabShell("A lab", unit="sessions")
    >>> shell.tick(3, 10)
    >>> shell.progress.counted.value
    '3 of 10 sessions'
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

import ipywidgets as W

from ..text import esc

MUTED = "color:var(--jp-ui-font-color2, #666)"
TEXT = "color:var(--jp-ui-font-color1, #222)"
WIDE = W.Layout(width="420px", max_width="calc(100% - 4px)")


class ProgressLine(W.HBox):
    """A progress bar with its count in words beside it ("12 of 100 sessions")."""

    def __init__(self, label: str = "Progress", unit: str = "units"):
        self.unit = unit
        self.bar = W.IntProgress(value=0, min=0, max=1, description=label,
                                 style={"description_width": "initial", "bar_color": "#0072B2"},
                                 layout=W.Layout(width="300px", max_width="calc(100% - 4px)"))
        self.counted = W.Label("")
        super().__init__([self.bar, self.counted],
                         layout=W.Layout(align_items="center", flex_flow="row wrap", max_width="100%"))
        self.add_class("lnb-progress")

    def update(self, done: int, total: int) -> None:
        self.bar.max = max(1, total)
        self.bar.value = min(done, total)
        self.counted.value = f"{done:,} of {total:,} {self.unit}" if total != 1 else f"{done} of 1"


def status_html(text: str, kind: str = "info") -> str:
    """A status line: the text in the theme's colour after a coloured bar; an error is an
    alert a screen reader says at once."""
    colour = {"info": "var(--jp-border-color1, #999)", "error": "var(--jp-error-color1, #b00)",
              "ok": "var(--jp-success-color1, #070)"}[kind]
    return (f'<div role="{"alert" if kind == "error" else "status"}" style="{TEXT};'
            f'border-left:4px solid {colour};padding-left:6px">{esc(text)}</div>')


def findings_html(findings: Iterable[Any], heading: str | None = None) -> str:
    """The findings as a list of sentences (each escaped), under ``heading`` when given."""
    items = "".join(f'<li style="margin:2px 0">{esc(f.text)}</li>' for f in findings)
    head = f'<div style="font-weight:bold;margin-top:6px">{esc(heading)}</div>' if heading else ""
    return (f'<div class="lnb-findings" style="{TEXT};max-width:720px;overflow-wrap:anywhere">{head}'
            f'<ul style="padding-left:1.2em;margin:4px 0">{items}</ul></div>')


class LabShell(W.VBox):
    """A lab page: ``title`` (none on a page with its own heading), the game's ``controls``,
    a run button (``button``) calling ``on_run()``, the progress line counting ``unit``, the
    status, the chart, the findings and the game's ``actions`` (buttons shown once there
    are results)."""

    def __init__(self, title: str, controls: Sequence[W.Widget] = (), on_run: Callable[[], None] | None = None,
                 button: str = "Run", unit: str = "units", actions: Sequence[W.Widget] = ()):
        # a page that has its own heading passes no title
        self.title = W.HTML(f'<h2 style="margin:4px 0;font-size:1.2em">{esc(title)}</h2>' if title else "")
        self.controls = W.VBox(list(controls), layout=W.Layout(max_width="100%"))
        self.run_button = W.Button(description=button, button_style="primary", icon="play",
                                   layout=W.Layout(width="160px"))
        self.run_button.add_class("lnb-lab-run")
        self._on_run = on_run
        self.run_button.on_click(lambda b: self._run())
        self.run_button.layout.display = "" if on_run is not None else "none"
        self.progress = ProgressLine("Progress", unit)
        self.status = W.HTML("")
        self.findings = W.HTML("")
        self.note = W.HTML("")
        from ..dashboard_parts.fitted import FittedChart

        self.chart = FittedChart(embed_options={"renderer": "svg"})
        self.charts_box = W.VBox([self.chart], layout=W.Layout(width="100%"))
        self.charts_box.layout.display = "none"
        self.actions = W.HBox(list(actions), layout=W.Layout(flex_flow="row wrap", max_width="100%"))
        self.actions.layout.display = "none"
        super().__init__([*([self.title] if title else []), self.controls,
                          W.HBox([self.run_button, self.progress],
                                 layout=W.Layout(align_items="center", flex_flow="row wrap", max_width="100%")),
                          self.status, self.charts_box, self.findings, self.actions, self.note],
                         layout=W.Layout(width="100%", max_width="100%"))
        self.add_class("lnb-lab")

    def _run(self) -> None:
        self.run_button.disabled = True
        try:
            self._on_run()
        finally:
            self.run_button.disabled = False

    # -- what a game's run calls ------------------------------------------------------------------
    def start(self, total: int, text: str) -> None:
        """A run of ``total`` units begins: the last results leave the page."""
        self.progress.update(0, total)
        self.findings.value = self.note.value = ""
        self.charts_box.layout.display = "none"
        self.actions.layout.display = "none"
        self.status.value = status_html(text)

    def tick(self, done: int, total: int) -> None:
        self.progress.update(done, total)

    def fail(self, text: str) -> None:
        self.status.value = status_html(text, "error")

    def show(self, findings: Sequence[Any], chart: Any = None, status: str = "", heading: str | None = None,
             note: str = "") -> None:
        """The results: the status line, the findings as sentences, the chart (an Altair chart,
        or a function of the width in pixels the page gives it that returns one), the note."""
        self.status.value = status_html(status, "ok") if status else ""
        self.findings.value = findings_html(findings, heading)
        self.note.value = f'<div style="{MUTED};font-size:0.92em;max-width:720px">{esc(note)}</div>' if note else ""
        self.actions.layout.display = "flex" if self.actions.children else "none"
        if chart is not None:
            self._chart(chart)

    @property
    def jchart(self):
        """The live chart (``None`` until results with a chart were shown)."""
        return self.chart.jchart

    def _chart(self, chart: Any) -> None:
        self.chart.show(chart if callable(chart) else (lambda width: chart))  # redrawn in place
        self.charts_box.layout.display = "flex"
