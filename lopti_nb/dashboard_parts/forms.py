"""A game's settings as a form, built from its settings schema (``spec.schema``).

One control per :class:`~lopti_nb.engine.settings.Setting`, chosen by its kind, with the
setting's description written under it (on screen, not only as a tooltip):

* ``bool`` -- toggle buttons with the setting's ``labels`` (for True, then False), or a
  checkbox when it has none;
* ``choice`` -- a dropdown of the ``choices``, shown with their ``labels``;
* ``int`` / ``float`` -- a slider when the range is short, else a number box held to
  ``low`` .. ``high``;
* ``seat`` -- a dropdown of the seats of the chosen number of players;
* ``optional`` -- a "none" choice as well, whose widget value is the word ``"none"`` (a
  widget whose value is ``None`` shows nothing chosen); a number that may be none is typed as
  text and read with ``schema.parse_text``;
* ``data`` -- left out (the game's default is used).

The launcher and the score lab show one :class:`SettingsForm` per game.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from lopti_nb.engine.settings import Setting
from lopti_nb.text import esc

from .common import LABEL_WIDTH, MUTED

NONE = "none"
SLIDER_SPAN = 30  # a whole-number range this short is a slider; a longer one a number box
CONTROL_WIDTH = "420px"


def label(setting: Setting) -> str:
    """The words a form shows for a setting's name (``hold_limit`` -> "Hold limit")."""
    return setting.name.replace("_", " ").capitalize()


def _layout() -> dict[str, Any]:
    return {"style": {"description_width": LABEL_WIDTH},
            # at most the page's width, less the widget's own 2 px margins (a phone cuts it otherwise)
            "layout": W.Layout(width=CONTROL_WIDTH, max_width="calc(100% - 4px)")}


def _with_none(setting: Setting, options: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    return options + [(NONE, NONE)] if setting.optional else options


def _widget_value(value: Any) -> Any:
    """A setting's value as its widget holds it (``None``: the "none" choice)."""
    return NONE if value is None else value


def _seat_options(setting: Setting, players: int) -> list[tuple[str, Any]]:
    # seats are numbered from 1 for people; the values stay the engine's seat indices
    return _with_none(setting, [(f"seat {s + 1}", s) for s in range(players)])


def control(setting: Setting, players: int) -> W.Widget | None:
    """The widget for ``setting`` (``None`` for a setting a form leaves out)."""
    kind, default = setting.kind, setting.default
    common = dict(description=label(setting), tooltip=setting.description, **_layout())
    if kind == "bool":
        if setting.labels or setting.optional:
            words = setting.labels if len(setting.labels) == 2 else ("yes", "no")
            options = _with_none(setting, [(words[0], True), (words[1], False)])
            common["style"] = {"description_width": LABEL_WIDTH, "button_width": "auto"}
            # a flex row: Voilà otherwise puts toggle buttons on a line below their label
            common["layout"] = W.Layout(display="flex", flex_flow="row wrap", width="auto", max_width="calc(100% - 4px)")
            return W.ToggleButtons(options=options, value=_widget_value(default), **common)
        return W.Checkbox(value=bool(default), indent=True, **common)
    if kind == "choice":
        words = setting.labels if len(setting.labels) == len(setting.choices) else map(str, setting.choices)
        return W.Dropdown(options=_with_none(setting, list(zip(words, setting.choices))), value=_widget_value(default),
                          **common)
    if kind == "seat":
        value = default if default is None or default < players else 0
        return W.Dropdown(options=_seat_options(setting, players), value=_widget_value(value), **common)
    if kind in ("int", "float"):
        if setting.optional:
            # a number that may be none: typed, and read by the schema like a command line's --set
            return W.Text(value=NONE if default is None else str(default), placeholder=NONE, **common)
        low, high = setting.low, setting.high
        if kind == "int":
            if low is not None and high is not None and high - low <= SLIDER_SPAN:
                return W.IntSlider(min=int(low), max=int(high), value=default, continuous_update=False, **common)
            if low is not None and high is not None:
                return W.BoundedIntText(min=int(low), max=int(high), value=default, **common)
            return W.IntText(value=default, **common)
        if low is not None and high is not None:
            return W.BoundedFloatText(min=low, max=high, value=default, **common)
        return W.FloatText(value=default, **common)
    return None  # kind "data": the game's default


class SettingsForm(W.VBox):
    """The settings of one game (``spec``) as controls, each with its description below it.

    ``form["hold_limit"]`` is a setting's widget; :meth:`values` the settings to play with.
    ``schema`` (default: the game's) is another set of the game's settings, such as its
    session's own (``roshambo_throws``).
    """

    def __init__(self, spec, players: int | None = None, schema=None):
        self.spec = spec
        self.schema = spec.schema if schema is None else schema
        self.players = spec.default_players if players is None else players
        self.controls: dict[str, W.Widget] = {}
        rows = []
        for setting in self.schema:
            widget = control(setting, self.players)
            if widget is None:
                continue
            self.controls[setting.name] = widget
            text = W.HTML(f'<div class="lnb-setting-description" style="{MUTED};font-size:0.9em;'
                          f'margin:-2px 0 6px calc({LABEL_WIDTH} + 6px)">{esc(setting.description)}</div>')
            row = W.VBox([widget, text])
            row.add_class("lnb-setting")
            rows.append(row)
        super().__init__(rows)
        self.add_class("lnb-settings-form")

    def __getitem__(self, name: str) -> W.Widget:
        return self.controls[name]

    def __contains__(self, name: object) -> bool:
        return name in self.controls

    def set_players(self, players: int) -> None:
        """Offer the seats of ``players`` players (a chosen seat beyond them goes back to the
        setting's default, or the first seat)."""
        self.players = players
        for name, widget in self.controls.items():
            setting = self.schema[name]
            if setting.kind != "seat":
                continue
            value = widget.value
            widget.options = _seat_options(setting, players)
            if value != NONE and value >= players:
                value = setting.default if setting.default is None or setting.default < players else 0
            widget.value = _widget_value(value)

    def values(self) -> dict[str, Any]:
        """Every setting in the form by name (a number typed as text read by the schema;
        :class:`~lopti_nb.engine.SettingsError` if it is not one)."""
        out = {}
        for name, widget in self.controls.items():
            value = widget.value
            if isinstance(widget, W.Text):
                value = self.schema.parse_text(name, value)
            elif value == NONE and self.schema[name].optional:
                value = None
            out[name] = value
        return out

    def reset(self) -> None:
        """Every control back to its setting's default."""
        for name, widget in self.controls.items():
            default = self.schema[name].default
            widget.value = (NONE if default is None else str(default)) if isinstance(widget, W.Text) \
                else _widget_value(default)


__all__ = ["SettingsForm", "control", "label"]
