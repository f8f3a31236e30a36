"""Small shared pieces of the dashboards: labels, help lines, a chart holder."""
from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

GAMES = (("Lopti", "lopti"), ("Skull King", "skull-king"), ("The Drowned Ledger", "drowned-ledger"))
MUTED = "color:var(--jp-ui-font-color2, #666)"
LABEL_WIDTH = "150px"

# Game settings a dashboard offers, per game: (setting, label, options as (text, value)).
VARIANTS: dict[str, tuple[str, str, tuple[tuple[str, Any], ...]]] = {
    "lopti": ("swap", "Card swap", (("swap before play (table rule)", True), ("no swap", False))),
    "skull-king": ("scoring", "Scoring system", (("classic", "classic"), ("rascal", "rascal"),
                                                ("cannonball", "cannonball"))),
    "drowned-ledger": ("mode", "Rules", (("with offices", "offices"), ("plain (no offices)", "plain"))),
}


def style(widget_cls=W.IntSlider, **kwargs):
    """A widget with a wide label column so descriptions are not cut."""
    kwargs.setdefault("style", {"description_width": LABEL_WIDTH})
    kwargs.setdefault("layout", W.Layout(width="420px"))
    return widget_cls(**kwargs)


def note(text: str) -> W.HTML:
    return W.HTML(f'<div style="{MUTED};font-size:0.92em">{text}</div>')


def message_html(text: str, kind: str = "info") -> str:
    colour = {"info": "var(--jp-ui-font-color1, #222)", "error": "var(--jp-error-color1, #b00)",
              "ok": "var(--jp-success-color1, #070)"}[kind]
    return f'<div style="color:{colour}">{escape(text)}</div>'


def bot_label(name: str) -> str:
    return {"heuristic": "heuristic (plays sensibly)", "random": "random (any legal move)",
            "mix": "a mix of styles"}.get(name, name)


def bot_options(spec) -> list[tuple[str, str]]:
    names = sorted(spec.bots, key=lambda n: (n != spec.default_bot, n == "random", n))
    return [(bot_label(n), n) for n in names]
