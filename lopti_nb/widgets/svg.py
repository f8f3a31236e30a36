"""Cards drawn as small SVG strings, for the tables and the rule explainers.

Every function returns one self-contained ``<svg>`` element (a string) that can be put in
an ``ipywidgets.HTML`` value or any HTML page. Colours come from JupyterLab's CSS variables
(with plain fallbacks), so the cards follow the light and dark themes; suits and special
cards are also told apart by a symbol and a letter or word, never by colour alone.

This module holds what every game's pictures share: the card frame, text, colours, the
face-down back, an empty slot and a row of cards. Each game draws its own faces in
``lopti_nb/games/<game>/pictures.py`` with :func:`card_frame` and :func:`card_text`.

Each card carries ``data-card="<game>:<id>"`` (see :func:`card_marker`) and an
``aria-label`` in words, so tests and screen readers can tell which card is shown. A
face-down card is drawn by :func:`card_back_svg` and carries no identity at all.

    >>> from lopti_nb.widgets.svg import card_back_svg, cards_row_html
    >>> html = cards_row_html([card_back_svg(), card_back_svg(text="2")])
"""
from __future__ import annotations

from typing import Iterable

from ..text import esc

__all__ = [
    "card_back_svg", "card_slot_svg", "cards_row_html", "card_marker", "card_frame", "card_text",
    "CARD_W", "CARD_H", "FACE", "EDGE", "INK", "INK2", "RED", "BLUE", "GREEN", "AMBER",
]

CARD_W = 46
CARD_H = 66

_FACE = "var(--jp-layout-color0, #ffffff)"
_EDGE = "var(--jp-ui-font-color2, #555555)"
_INK = "var(--jp-ui-font-color0, #111111)"
_INK2 = "var(--jp-ui-font-color2, #555555)"
_RED = "var(--jp-error-color1, #c62828)"
_BLUE = "var(--jp-brand-color1, #1976d2)"
_GREEN = "var(--jp-success-color1, #2e7d32)"
_AMBER = "var(--jp-warn-color1, #ef6c00)"
_FONT = "var(--jp-ui-font-family, sans-serif)"
# the palette, for the games' own card faces
FACE, EDGE, INK, INK2, RED, BLUE, GREEN, AMBER = _FACE, _EDGE, _INK, _INK2, _RED, _BLUE, _GREEN, _AMBER


def card_marker(game: str, ident: str) -> str:
    """The ``data-card`` value a drawn card carries (what privacy tests look for)."""
    return f"{game}:{ident}"


def card_frame(marker: str | None, label: str, body: str, scale: float = 1.0,
               edge: str = _EDGE, fill: str = _FACE, width: int = 2) -> str:
    w, h = round(CARD_W * scale), round(CARD_H * scale)
    data = f' data-card="{esc(marker)}"' if marker else ""
    """One card: its frame (a rounded rectangle), ``body`` (SVG elements) inside it,
    ``marker`` as ``data-card`` (``None`` for no identity) and ``label`` as its name in words."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="lnb-card" role="img" '
        f'aria-label="{esc(label)}"{data} width="{w}" height="{h}" '
        f'viewBox="0 0 {CARD_W} {CARD_H}" style="font-family:{_FONT};flex:none">'
        f'<title>{esc(label)}</title>'
        f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="5" '
        f'style="fill:{fill};stroke:{edge};stroke-width:{width}"/>'
        f"{body}</svg>"
    )


def card_text(x: float, y: float, text: str, size: float, colour: str = _INK, weight: str = "bold",
              anchor: str = "middle") -> str:
    """A line of text on a card, escaped for SVG."""
    return (f'<text x="{x}" y="{y}" text-anchor="{anchor}" style="font-size:{size}px;'
            f'font-weight:{weight};fill:{colour}">{esc(text)}</text>')


# -- shared ---------------------------------------------------------------------------------
def card_back_svg(scale: float = 1.0, label: str = "face-down card", text: str = "") -> str:
    """A face-down card: a hatched back with no identity. ``text`` is an optional small
    caption (a position number, say)."""
    body = (f'<rect x="5" y="5" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="3" '
            f'style="fill:none;stroke:{_BLUE};stroke-width:1.5"/>'
            f'<path d="M5 15 L31 61 M5 35 L19 61 M15 5 L41 51 M35 5 L41 16" '
            f'style="stroke:{_BLUE};stroke-width:1;opacity:0.6"/>'
            + card_text(CARD_W / 2, 38, "?", 16, _BLUE))
    if text:
        body += (f'<rect x="12" y="{CARD_H - 19}" width="{CARD_W - 24}" height="12" rx="2" '
                 f'style="fill:{_FACE}"/>' + card_text(CARD_W / 2, CARD_H - 10, text, 9, _INK))
    return card_frame(None, label, body, scale, edge=_BLUE, width=2)


def card_slot_svg(scale: float = 1.0, label: str = "empty place", text: str = "") -> str:
    """An empty place on the table (a dashed outline)."""
    body = (f'<rect x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="4" '
            f'style="fill:none;stroke:{_INK2};stroke-width:1;stroke-dasharray:4 3"/>')
    if text:
        body += card_text(CARD_W / 2, CARD_H / 2 + 3, text, 8, _INK2, "normal")
    return card_frame(None, label, body, scale, edge="transparent", fill="transparent", width=0)


def cards_row_html(svgs: Iterable[str], captions: Iterable[str] | None = None, gap: int = 4,
                   empty: str = "") -> str:
    """A row of cards (SVG strings) as one HTML ``<div>``; ``captions`` puts a small line of
    text under each card; ``empty`` is shown when there are no cards."""
    svgs = list(svgs)
    if not svgs:
        return (f'<div class="lnb-row" style="color:var(--jp-ui-font-color2);'
                f'font-style:italic;min-height:24px">{esc(empty)}</div>')
    if captions is None:
        items = "".join(svgs)
    else:
        items = "".join(
            f'<div style="display:flex;flex-direction:column;align-items:center">{s}'
            f'<div style="font-size:11px;color:var(--jp-ui-font-color1)">{esc(c)}</div></div>'
            for s, c in zip(svgs, captions))
    return f'<div class="lnb-row" style="display:flex;flex-wrap:wrap;gap:{gap}px;align-items:flex-end">{items}</div>'
