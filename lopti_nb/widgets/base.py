"""Small reusable widget pieces: pools of buttons and card pickers updated in place."""
from __future__ import annotations

import asyncio
from typing import Any, Callable, Sequence

import anywidget
import ipywidgets as W
import traitlets

from ..text import esc  # noqa: F401 (the package's one escaping helper, imported from here by views)

CSS_MUTED = "color:var(--jp-ui-font-color2)"
CSS_TEXT = "color:var(--jp-ui-font-color1)"


# A game played as a run of rounds (its plugin's ``session``) offers one menu wherever a
# table is set up, a launcher's or a room's: one round (the default, the game itself) or a
# session of so many rounds.
SESSION_ROUNDS = (2, 3, 5, 10)
ROUNDS_NOTE = "One round, or a session: rounds in a row, with what the game adds between them."


def polling_loop() -> asyncio.AbstractEventLoop | None:
    """The loop a page's polling timer runs on: the one running now (a notebook's, a Voila
    page's), else the thread's current loop, else ``None`` (then nothing polls).

        >>> polling_loop() is None or isinstance(polling_loop(), asyncio.AbstractEventLoop)
        True
    """
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        try:
            return asyncio.get_event_loop()
        except RuntimeError:
            return None


def rounds_menu() -> W.Dropdown:
    """The "Rounds" menu: ``0`` is one round (no session), else the session's rounds."""
    return W.Dropdown(options=[("one round", 0)] + [(f"a session of {n} rounds", n) for n in SESSION_ROUNDS],
                      value=0, description="Rounds:", style={"description_width": "initial"},
                      layout=W.Layout(width="auto", max_width="100%"))


def set_if(widget: W.Widget, **values: Any) -> None:
    """Set traits only when they change (no message is sent for an unchanged value); several
    changes to one widget go to the browser as one message."""
    changed = [(k, v) for k, v in values.items() if getattr(widget, k) != v]
    if len(changed) == 1:
        setattr(widget, *changed[0])
    elif changed:
        with widget.hold_sync():
            for key, value in changed:
                setattr(widget, key, value)


def show(widget: W.Widget, visible: bool, display: str = "") -> None:
    want = display if visible else "none"
    if widget.layout.display != want:
        widget.layout.display = want


def panel_html(title: str, body: str, accent: bool = False) -> str:
    """A panel: ``title`` is text (escaped; :class:`~lopti_nb.text.Markup` passes as it is),
    ``body`` is HTML built by the caller."""
    border = "var(--jp-brand-color1)" if accent else "var(--jp-border-color1)"
    return (f'<div style="border:1px solid {border};border-radius:6px;padding:4px 8px;'
            f'background:var(--jp-layout-color1);{CSS_TEXT}">'
            f'<div style="font-weight:bold;margin-bottom:2px">{esc(title)}</div>{body}</div>')


_TABLE_CSS = """
/* coloured buttons with text that reads (WCAG AA) in the light and the dark theme, at a table
   and in a room */
.lnb-table .jupyter-button.mod-primary, .lnb-room .jupyter-button.mod-primary { background-color: #1565c0; color: #fff; }
.lnb-table .jupyter-button.mod-warning, .lnb-room .jupyter-button.mod-warning { background-color: #b35c00; color: #fff; }
.lnb-table .jupyter-button.mod-success, .lnb-room .jupyter-button.mod-success { background-color: #2e7d32; color: #fff; }
.lnb-table .jupyter-button.mod-info, .lnb-room .jupyter-button.mod-info { background-color: #0d6e8a; color: #fff; }
.lnb-table .jupyter-button.mod-danger, .lnb-room .jupyter-button.mod-danger { background-color: #c62828; color: #fff; }
/* a narrow screen: everything wraps, nothing scrolls sideways */
.lnb-table, .lnb-table .widget-box, .lnb-table .widget-html, .lnb-table .widget-html-content {
  max-width: 100%; min-width: 0; box-sizing: border-box; }
.lnb-table .widget-html-content { overflow-wrap: anywhere; }
.lnb-table .widget-html-content table { display: block; max-width: 100%; overflow-x: auto; }
.lnb-table .jupyter-button { max-width: 100%; white-space: normal; height: auto; min-height: var(--jp-widgets-inline-height, 28px); }
.lnb-table .widget-dropdown { max-width: 100%; }
.lnb-table .jupyter-button:focus-visible, .lnb-table select:focus-visible, .lnb-table .lnb-log:focus-visible {
  outline: 3px solid var(--jp-brand-color1, #1976d2); outline-offset: 2px; }
"""


# How a refused button says why, in its tooltip: "<label>: not possible now — <reason>".
# The tooltip alone is hover-only (nothing on a phone), so the table prints every refused
# button's reason on screen too (see :func:`refusals_html`).
REFUSED = ": not possible now \u2014 "


def refused_tooltip(label: str, reason: str) -> str:
    return f"{label}{REFUSED}{reason}"


def refusals_html(*roots: W.Widget) -> str:
    """Why each visible, disabled button under ``roots`` is refused, as lines on screen (the
    buttons with the same reason on one line), or ``""`` when none is refused. Read from the
    tooltips written in the :data:`REFUSED` form, so every view gets it without naming it."""
    groups: dict[str, list[str]] = {}
    stack = list(reversed(roots))
    while stack:
        w = stack.pop()
        layout = getattr(w, "layout", None)
        if layout is not None and layout.display == "none":
            continue
        if isinstance(w, W.Button):
            tip = w.tooltip or ""
            if w.disabled and w.description and REFUSED in tip:
                groups.setdefault(tip.split(REFUSED, 1)[1].strip(), []).append(w.description)
            continue
        stack.extend(reversed(getattr(w, "children", None) or ()))
    lines = []
    for reason, labels in groups.items():
        names = (", ".join(labels) if len(labels) <= 3
                 else f"{labels[0]} \u2026 {labels[-1]} ({len(labels)} buttons)")
        end = "" if reason.endswith((".", "!", "?")) else "."
        lines.append(f"<div><b>{esc(names)}</b>: not possible now \u2014 {esc(reason)}{end}</div>")
    if not lines:
        return ""
    return (f'<div class="lnb-refusals" style="font-size:12px;{CSS_TEXT};overflow-wrap:anywhere">'
            + "".join(lines) + "</div>")


class TableStyle(anywidget.AnyWidget):
    """The tables' own style sheet, as a widget of no size that carries it to the page (the
    same for every game: readable coloured buttons, wrapping at 400 px, focus rings)."""

    _esm = "function render({ el }) { el.style.display = 'none'; } export default { render };"
    _css = _TABLE_CSS


_TURN_FOCUS_JS = """
function render({ model, el }) {
  el.style.display = 'none';
  // the first control a person may use in the table's view, brought into the window when
  // their turn starts, if the table (or the room around it) is on screen and that control is
  // not; a person who already touched the page since their turn started is not moved under
  // their finger (a card tapped while the view is being drawn)
  let started = 0, touched = 0;
  const mark = () => { touched = Date.now(); };
  const kinds = ['pointerdown', 'keydown', 'wheel', 'touchstart'];
  kinds.forEach(k => document.addEventListener(k, mark, { capture: true, passive: true }));
  const bring = () => {
    if (touched >= started) return;
    const table = el.closest('.lnb-table, .lnb-room');
    const view = table && table.querySelector('.lnb-view');
    if (!view) return;
    const high = window.innerHeight;
    const box = table.getBoundingClientRect();
    if (box.bottom <= 0 || box.top >= high) return;
    const usable = [...view.querySelectorAll('button')].find(b => !b.disabled
      && b.getAttribute('aria-disabled') === null && b.offsetParent !== null);
    if (!usable) return;
    const at = usable.getBoundingClientRect();
    if (at.top >= 0 && at.bottom <= high) return;
    usable.scrollIntoView({ block: 'center' });
  };
  // the view's own widgets are drawn after this message: look once they have been (and
  // once more later, for a busy page that draws them late)
  const soon = () => {
    started = Date.now() + 1;
    setTimeout(bring, 150); setTimeout(bring, 600); setTimeout(bring, 1500);
  };
  model.on('change:turn', soon);
  if (model.get('turn') > 0) soon();
  return () => kinds.forEach(k => document.removeEventListener(k, mark, { capture: true }));
}
export default { render };
"""


class TurnFocus(anywidget.AnyWidget):
    """No size: when ``turn`` changes (a person's turn starts at the table around it), the
    first control they may use in the table's view (the element of class ``lnb-view``) is
    scrolled into the window if it is out of it and the table (``lnb-table``, or a room's
    ``lnb-room``) is on screen, so on a phone the bids, the hand or the dive are where the
    person looks."""

    _esm = _TURN_FOCUS_JS
    turn = traitlets.Int(0).tag(sync=True)


class ButtonPool(W.HBox):
    """A row of buttons, each bound to an action; reused in place as the choices change.

    ``set(items)`` takes ``(label, action, enabled, reason)`` tuples. Disabled buttons carry
    ``reason`` in their tooltip (:data:`REFUSED` form), which the table also prints on screen. A click calls ``on_action(action)``.
    """

    def __init__(self, on_action: Callable[[Any], None], width: str | None = None, **kwargs):
        kwargs.setdefault("layout", W.Layout(flex_flow="row wrap"))
        super().__init__(**kwargs)
        self._on_action = on_action
        self._width = width
        self.buttons: list[W.Button] = []

    def _click(self, button: W.Button) -> None:
        action = getattr(button, "_lnb_action", None)
        if action is not None and not button.disabled:
            self._on_action(action)

    def set(self, items: Sequence[tuple[str, Any, bool, str]], style: str = "") -> None:
        while len(self.buttons) < len(items):
            layout = W.Layout(width=self._width) if self._width else W.Layout(width="auto")
            b = W.Button(layout=layout)
            b.on_click(self._click)
            self.buttons.append(b)
            self.children = tuple(self.buttons)
        for b, (label, action, enabled, reason) in zip(self.buttons, items):
            b._lnb_action = action
            set_if(b, description=label, disabled=not enabled,
                   tooltip=(label if enabled else refused_tooltip(label, reason)),
                   button_style=(style if enabled else ""))
            show(b, True)
        for b in self.buttons[len(items):]:
            b._lnb_action = None
            set_if(b, disabled=True, description="", tooltip="")
            show(b, False)

    @property
    def visible_buttons(self) -> list[W.Button]:
        return [b for b in self.buttons if b.layout.display != "none"]


