"""Small shared pieces of the dashboards: the games to choose from, labels, help lines.

Everything about a game comes from its plugin (``all_specs()``, ``get_spec(name)``): its
title, its bots, its settings (see :mod:`.forms`) and, from its studies module, the bots
that play a different style in each seat (``SEAT_BOTS``).
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import ipywidgets as W

from lopti_nb.engine import all_specs
from lopti_nb.text import esc

MUTED = "color:var(--jp-ui-font-color2, #666)"
LABEL_WIDTH = "150px"
GAME_BUTTONS = {"description_width": "60px", "button_width": "150px"}


def game_options(needs: str | None = None) -> list[tuple[str, str]]:
    """``(title, name)`` of every installed game, in the plugins' order (for a game picker);
    ``needs``: only the games whose plugin has that part (e.g. ``"lessons"``)."""
    return [(spec.title, spec.name) for spec in all_specs()
            if needs is None or getattr(spec, needs, None) is not None]


def game_picker(value: str | None = None, needs: str | None = None) -> W.ToggleButtons:
    """Toggle buttons with every installed game's title (``value``: a game's name; ``needs``:
    only the games whose plugin has that part, as in :func:`game_options`)."""
    options = game_options(needs)
    return W.ToggleButtons(options=options, value=value if value is not None else options[0][1],
                           description="Game", style=GAME_BUTTONS)


def __getattr__(name: str):
    # GAMES, a name of the last release: the installed games' options (game_options()),
    # kept one version with a warning
    if name == "GAMES":
        import warnings

        warnings.warn("lopti_nb.dashboard_parts.common.GAMES is game_options()", DeprecationWarning, stacklevel=2)
        return tuple(game_options())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")



def style(widget_cls=W.IntSlider, **kwargs):
    """A widget with a wide label column so descriptions are not cut."""
    kwargs.setdefault("style", {"description_width": LABEL_WIDTH})
    # at most the page's width: on a 400 px phone the readout of a slider stays in view (less
    # the widget's own 2 px margins, which would otherwise make its box scroll sideways)
    kwargs.setdefault("layout", W.Layout(width="420px", max_width="calc(100% - 4px)"))
    return widget_cls(**kwargs)


def note(text: str) -> W.HTML:
    """A muted line of help under a control: ``text`` is text (escaped)."""
    return W.HTML(f'<div style="{MUTED};font-size:0.92em">{esc(text)}</div>')


def explained(widget: W.Widget, text: str) -> W.VBox:
    """``widget`` with a line under it saying what it sets, on screen (not a tooltip), the
    way a game's settings form shows each setting."""
    help_line = W.HTML(f'<div class="lnb-setting-description" style="{MUTED};font-size:0.9em;'
                       f'margin:-2px 0 6px calc({LABEL_WIDTH} + 6px)">{esc(text)}</div>')
    # as wide as the control: a long help line wraps under it instead of widening its column
    row = W.VBox([widget, help_line], layout=W.Layout(width="420px", max_width="100%"))
    row.add_class("lnb-setting")
    return row


def message_html(text: str, kind: str = "info") -> str:
    """A status line. The text keeps the theme's own text colour (green or red letters are
    too faint to read on white, or on the dark theme's black); the kind shows as a coloured
    bar before it, and an error is an alert a screen reader says at once."""
    colour = {"info": "var(--jp-border-color1, #999)", "error": "var(--jp-error-color1, #b00)",
              "ok": "var(--jp-success-color1, #070)"}[kind]
    return (f'<div role="{"alert" if kind == "error" else "status"}" style="color:var(--jp-ui-font-color1, #222);'
            f'border-left:4px solid {colour};padding-left:6px">{esc(text)}</div>')


def seat_bots(spec) -> dict[str, tuple[str, ...]]:
    """Bots that play another style in each seat, by name, with the style of each seat
    (cycled), as the game's studies module declares them in ``SEAT_BOTS``."""
    if not studies_declare(spec, "SEAT_BOTS"):
        return {}
    studies = spec.load("studies")
    return {name: tuple(seats) for name, seats in (getattr(studies, "SEAT_BOTS", None) or {}).items()}


def bot_label(name: str, spec=None) -> str:
    """A bot's name with a few words on how it plays (the plugin's ``bot_words``)."""
    if spec is not None and spec.bot_words.get(name):
        return spec.bot_label(name)
    if spec is not None and name in seat_bots(spec):
        return f"{name} (a style per seat)"
    if name == "random":
        return "random (picks any legal move at random)"
    return name


def studies_declare(spec, name: str) -> bool:
    """Whether the game's studies module declares ``name`` (e.g. ``SEAT_BOTS``), without
    importing it when its source never mentions the name: a studies module imports the table
    libraries, about a second a dashboard would otherwise wait for before its first widget."""
    if spec.studies is None:
        return False
    module = spec.studies.partition(":")[0]
    if module not in sys.modules:
        try:
            origin = importlib.util.find_spec(module).origin
            if name not in Path(origin).read_text(encoding="utf-8"):
                return False
        except (ImportError, AttributeError, TypeError, OSError, ValueError):
            pass  # cannot tell from the source: the module itself answers
    return getattr(spec.load("studies"), name, None) is not None


def bot_options(spec) -> list[tuple[str, str]]:
    """``(label, name)`` of the game's bots: its default first, random last."""
    names = sorted(spec.bots, key=lambda n: (n != spec.default_bot, n == "random", n))
    return [(bot_label(n, spec), n) for n in names]
