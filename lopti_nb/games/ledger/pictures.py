"""The Drowned Ledger's cards and market tiles as SVG strings (no ipywidgets).

    >>> from lopti_nb.games.ledger.pictures import ledger_card_svg
    >>> 'LIVE' in ledger_card_svg('Hazard 2', live=True)
    True
"""
from __future__ import annotations


from lopti_nb.widgets.svg import (
    BLUE as _BLUE, CARD_W, EDGE as _EDGE, INK as _INK, INK2 as _INK2, RED as _RED, card_frame as _frame, card_marker, card_text as _text,
)

__all__ = ['ledger_card_svg', 'ledger_suit_svg']


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
