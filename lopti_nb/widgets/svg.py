"""Cards drawn as small SVG strings, for the tables and the rule explainers.

Every function returns one self-contained ``<svg>`` element (a string) that can be put in
an ``ipywidgets.HTML`` value or any HTML page. Colours come from JupyterLab's CSS variables
(with plain fallbacks), so the cards follow the light and dark themes; suits and special
cards are also told apart by a symbol and a letter or word, never by colour alone.

Each card carries ``data-card="<game>:<id>"`` (for example ``data-card="lopti:9S"``,
``data-card="sk:B14"``, ``data-card="ledger:Compass 3"``) and an ``aria-label`` in words, so
tests and screen readers can tell which card is shown. A face-down card is drawn by
:func:`card_back_svg` and carries no identity at all.

    >>> from lopti_nb.widgets.svg import lopti_card_svg, cards_row_html
    >>> html = cards_row_html([lopti_card_svg("9S"), lopti_card_svg("10H")])
"""
from __future__ import annotations

from html import escape
from typing import Iterable

__all__ = [
    "lopti_card_svg", "skullking_card_svg", "ledger_card_svg", "ledger_suit_svg", "card_back_svg",
    "card_slot_svg", "cards_row_html", "card_marker", "CARD_W", "CARD_H",
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


def card_marker(game: str, ident: str) -> str:
    """The ``data-card`` value a drawn card carries (what privacy tests look for)."""
    return f"{game}:{ident}"


def _frame(marker: str | None, label: str, body: str, scale: float = 1.0,
           edge: str = _EDGE, fill: str = _FACE, width: int = 2) -> str:
    w, h = round(CARD_W * scale), round(CARD_H * scale)
    data = f' data-card="{escape(marker, quote=True)}"' if marker else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="lnb-card" role="img" '
        f'aria-label="{escape(label, quote=True)}"{data} width="{w}" height="{h}" '
        f'viewBox="0 0 {CARD_W} {CARD_H}" style="font-family:{_FONT};flex:none">'
        f'<title>{escape(label)}</title>'
        f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="5" '
        f'style="fill:{fill};stroke:{edge};stroke-width:{width}"/>'
        f"{body}</svg>"
    )


def _text(x: float, y: float, text: str, size: float, colour: str = _INK, weight: str = "bold",
          anchor: str = "middle") -> str:
    return (f'<text x="{x}" y="{y}" text-anchor="{anchor}" style="font-size:{size}px;'
            f'font-weight:{weight};fill:{colour}">{escape(text)}</text>')


# -- Lopti ----------------------------------------------------------------------------------
_LOPTI_SUITS = {"C": ("\u2663", "clubs", _INK), "D": ("\u2666", "diamonds", _RED),
                "H": ("\u2665", "hearts", _RED), "S": ("\u2660", "spades", _INK)}
_LOPTI_SPECIAL = {"2": "RESET", "3": "DUTY", "7": "DOWN", "10": "CLEAR"}
_LOPTI_RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def lopti_card_svg(name: str, scale: float = 1.0, highlight: bool = False) -> str:
    """A Lopti card from its name (``"9S"``, ``"10H"``, ``"AC"``).

    The special ranks (2, 3, 7, 10) carry a word saying what they do (RESET, DUTY, DOWN,
    CLEAR) and a thicker border.
    """
    name = str(name).upper()
    rank, suit = name[:-1], name[-1:]
    if suit not in _LOPTI_SUITS or rank not in ("2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                "J", "Q", "K", "A"):
        raise ValueError(f"{name!r} is not a Lopti card name such as '9S'")
    symbol, suit_word, colour = _LOPTI_SUITS[suit]
    label = f"{_LOPTI_RANK_WORDS.get(rank, rank)} of {suit_word}"
    special = _LOPTI_SPECIAL.get(rank)
    body = (_text(4, 15, rank, 13, colour, anchor="start") + _text(5, 27, symbol, 12, colour, anchor="start")
            + _text(CARD_W / 2 + 3, 44, symbol, 24, colour))
    big = _text(CARD_W - 5, 15, rank, 10, colour, "normal", anchor="end")
    body += big
    if special:
        label += f" (special: {special.lower()})"
        body += (f'<rect x="4" y="{CARD_H - 17}" width="{CARD_W - 8}" height="12" rx="2" '
                 f'style="fill:{_INK};opacity:0.85"/>'
                 + _text(CARD_W / 2, CARD_H - 8, special, 8, _FACE))
    edge, width = (_BLUE, 3) if highlight else ((_INK, 2.5) if special else (_EDGE, 1.5))
    return _frame(card_marker("lopti", name), label, body, scale, edge=edge, width=width)


# -- Skull King -----------------------------------------------------------------------------
# suit letter -> (symbol, word, colour)
_SK_SUITS = {"Y": ("\u25cf", "yellow", "#d4a000"), "P": ("\u25c6", "purple", "#7b3fa0"),
             "G": ("\u25b2", "green", "#2e7d32"), "B": ("\u2620", "black", _INK)}
# notation -> (symbol, short word, words)
_SK_SPECIALS = {
    "pirate": ("\u2694", "PIRATE", "a Pirate"),
    "tigress": ("\u2726", "TIGRESS", "the Tigress (pirate or escape)"),
    "tigress:pirate": ("\u2694", "TIGRESS", "the Tigress played as a pirate"),
    "tigress:escape": ("\u2690", "TIGRESS", "the Tigress played as an escape"),
    "skull-king": ("\u265b", "KING", "the Skull King"),
    "mermaid": ("\u2248", "MERMAID", "a Mermaid"),
    "escape": ("\u2690", "ESCAPE", "an Escape"),
    "loot": ("$", "LOOT", "a Loot"),
    "kraken": ("\u2042", "KRAKEN", "the Kraken"),
    "white-whale": ("\u25d2", "WHALE", "the White Whale"),
}


def skullking_card_svg(name: str, scale: float = 1.0, highlight: bool = False) -> str:
    """A Skull King card from its notation (``"Y7"``, ``"B14"``, ``"pirate"``,
    ``"tigress:escape"``...). Suits show a letter and a shape (Y circle, P diamond,
    G triangle, B skull); specials show a symbol and a word."""
    text = str(name)
    edge, width = (_BLUE, 3) if highlight else (_EDGE, 1.5)
    if text in _SK_SPECIALS:
        symbol, word, words = _SK_SPECIALS[text]
        sub = ""
        if text == "tigress:pirate":
            sub = "as pirate"
        elif text == "tigress:escape":
            sub = "as escape"
        body = (f'<rect x="3" y="3" width="{CARD_W - 6}" height="{CARD_H - 6}" rx="4" '
                f'style="fill:none;stroke:{_INK};stroke-width:1;stroke-dasharray:3 2"/>'
                + _text(CARD_W / 2, 30, symbol, 22, _INK)
                + _text(CARD_W / 2, 47, word, 7 if len(word) > 5 else 8.5, _INK))
        if sub:
            body += _text(CARD_W / 2, 58, sub, 7, _INK2, "normal")
        return _frame(card_marker("sk", text), words, body, scale, edge=_INK if not highlight else edge,
                      width=2.5 if not highlight else width)
    if len(text) >= 2 and text[0] in _SK_SUITS and text[1:].isdigit() and 1 <= int(text[1:]) <= 14:
        symbol, word, colour = _SK_SUITS[text[0]]
        rank = text[1:]
        body = (f'<rect x="1" y="1" width="{CARD_W - 2}" height="11" rx="4" style="fill:{colour}"/>'
                + _text(CARD_W / 2, 10, text[0], 9, "#ffffff")
                + _text(CARD_W / 2, 38, rank, 20, _INK)
                + _text(CARD_W / 2, 58, symbol, 13, colour))
        return _frame(card_marker("sk", text), f"{word} {rank}", body, scale, edge=edge, width=width)
    raise ValueError(f"{name!r} is not a Skull King card notation")


# -- The Drowned Ledger ---------------------------------------------------------------------
# suit -> (letter, symbol, colour)
_LEDGER_SUITS = {
    "Compass": ("C", "\u2295", "#1565c0"),
    "Lantern": ("L", "\u2600", "#e0a000"),
    "Telegraph": ("T", "\u21af", "#6a1b9a"),
    "Engine": ("E", "\u2699", "#c62828"),
    "Orrery": ("O", "\u25ce", "#2e7d32"),
}


def _ledger_face(card) -> tuple[str, int]:
    """("Compass", 3) or ("Hazard", 7) from a card, its code or its face text."""
    if isinstance(card, int) and not isinstance(card, bool):
        code = int(card)
        if code >= 100:
            return "Hazard", code - 100
        return tuple(_LEDGER_SUITS)[code // 10 - 1], code % 10
    parts = str(card).split()
    if len(parts) == 2 and parts[1].isdigit():
        kind = parts[0].capitalize()
        if kind == "Hazard" or kind in _LEDGER_SUITS:
            return kind, int(parts[1])
    raise ValueError(f"{card!r} is not a Drowned Ledger card")


def ledger_card_svg(card, scale: float = 1.0, highlight: bool = False, live: bool | None = None) -> str:
    """A wreck card: a machine (suit letter, symbol, printed value) or a hazard (number).

    ``card`` is a :class:`lopti_nb.games.ledger.cards.Card`, its int code or its face text
    (``"Compass 3"``, ``"Hazard 7"``). For a hazard, ``live=True`` marks it LIVE (at or
    under the sea) and ``live=False`` marks it a near miss.
    """
    kind, num = _ledger_face(card)
    edge, width = (_BLUE, 3) if highlight else (_EDGE, 1.5)
    if kind == "Hazard":
        note = "" if live is None else ("LIVE" if live else "MISS")
        body = ('<polygon points="23,8 41,40 5,40" style="fill:none;stroke:%s;stroke-width:2"/>' % _RED
                + _text(CARD_W / 2, 36, str(num), 15, _RED)
                + _text(CARD_W / 2, 52, "HAZARD", 8, _INK))
        if note:
            body += _text(CARD_W / 2, 62, note, 7, _RED if live else _INK2)
        label = f"hazard {num}" + ("" if live is None else (" (live)" if live else " (near miss)"))
        return _frame(card_marker("ledger", f"Hazard {num}"), label, body, scale, edge=_RED, width=2.5)
    letter, symbol, colour = _LEDGER_SUITS[kind]
    body = (f'<rect x="1" y="1" width="{CARD_W - 2}" height="13" rx="4" style="fill:{colour}"/>'
            + _text(CARD_W / 2, 11, letter + " " + kind[:4].upper(), 8, "#ffffff")
            + _text(CARD_W / 2, 36, symbol, 18, colour)
            + _text(CARD_W / 2, 58, str(num), 15, _INK))
    return _frame(card_marker("ledger", f"{kind} {num}"), f"{kind} machine worth {num}", body, scale,
                  edge=edge, width=width)


def ledger_suit_svg(suit: str, price: int | None = None, scale: float = 1.0) -> str:
    """A market tile for a Drowned Ledger suit (not a card): the suit's letter, symbol and,
    if given, its current price in coins."""
    if suit not in _LEDGER_SUITS:
        raise ValueError(f"{suit!r} is not a Drowned Ledger suit")
    letter, symbol, colour = _LEDGER_SUITS[suit]
    body = (f'<rect x="1" y="1" width="{CARD_W - 2}" height="13" rx="4" style="fill:{colour}"/>'
            + _text(CARD_W / 2, 11, letter + " " + suit[:4].upper(), 8, "#ffffff")
            + _text(CARD_W / 2, 32, symbol, 16, colour))
    label = f"{suit} market"
    if price is not None:
        body += _text(CARD_W / 2, 55, f"{price}", 16, _INK) + _text(CARD_W / 2, 63, "coins", 6, _INK2, "normal")
        label += f": price {price} coins"
    return _frame(None, label, body, scale, edge=colour, width=2)


# -- shared ---------------------------------------------------------------------------------
def card_back_svg(scale: float = 1.0, label: str = "face-down card", text: str = "") -> str:
    """A face-down card: a hatched back with no identity. ``text`` is an optional small
    caption (a position number, say)."""
    body = (f'<rect x="5" y="5" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="3" '
            f'style="fill:none;stroke:{_BLUE};stroke-width:1.5"/>'
            f'<path d="M5 15 L31 61 M5 35 L19 61 M15 5 L41 51 M35 5 L41 16" '
            f'style="stroke:{_BLUE};stroke-width:1;opacity:0.6"/>'
            + _text(CARD_W / 2, 38, "?", 16, _BLUE))
    if text:
        body += (f'<rect x="12" y="{CARD_H - 19}" width="{CARD_W - 24}" height="12" rx="2" '
                 f'style="fill:{_FACE}"/>' + _text(CARD_W / 2, CARD_H - 10, text, 9, _INK))
    return _frame(None, label, body, scale, edge=_BLUE, width=2)


def card_slot_svg(scale: float = 1.0, label: str = "empty place", text: str = "") -> str:
    """An empty place on the table (a dashed outline)."""
    body = (f'<rect x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="4" '
            f'style="fill:none;stroke:{_INK2};stroke-width:1;stroke-dasharray:4 3"/>')
    if text:
        body += _text(CARD_W / 2, CARD_H / 2 + 3, text, 8, _INK2, "normal")
    return _frame(None, label, body, scale, edge="transparent", fill="transparent", width=0)


def cards_row_html(svgs: Iterable[str], captions: Iterable[str] | None = None, gap: int = 4,
                   empty: str = "") -> str:
    """A row of cards (SVG strings) as one HTML ``<div>``; ``captions`` puts a small line of
    text under each card; ``empty`` is shown when there are no cards."""
    svgs = list(svgs)
    if not svgs:
        return (f'<div class="lnb-row" style="color:var(--jp-ui-font-color2);'
                f'font-style:italic;min-height:24px">{escape(empty)}</div>')
    if captions is None:
        items = "".join(svgs)
    else:
        items = "".join(
            f'<div style="display:flex;flex-direction:column;align-items:center">{s}'
            f'<div style="font-size:11px;color:var(--jp-ui-font-color1)">{escape(c)}</div></div>'
            for s, c in zip(svgs, captions))
    return f'<div class="lnb-row" style="display:flex;flex-wrap:wrap;gap:{gap}px;align-items:flex-end">{items}</div>'
