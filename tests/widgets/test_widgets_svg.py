"""The card pictures: every card draws, carries its identity, and parses as SVG."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from lopti_nb.games.ledger.cards import DeckSpec
from lopti_nb.games.lopti.cards import NAMES
from lopti_nb.games.skullking.cards import CARDS
from lopti_nb.games.ledger.pictures import ledger_card_svg
from lopti_nb.games.lopti.pictures import lopti_card_svg
from lopti_nb.games.skullking.pictures import skullking_card_svg
from lopti_nb.widgets.svg import card_back_svg, card_slot_svg, cards_row_html


def parse(svg):
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    return root


def test_every_lopti_card():
    labels = set()
    for name in NAMES:
        svg = lopti_card_svg(name)
        root = parse(svg)
        assert root.get("data-card") == f"lopti:{name}"
        labels.add(root.get("aria-label"))
    assert len(labels) == 52  # every card has its own words
    # specials are marked by a word, not by colour alone
    assert "CLEAR" in lopti_card_svg("10H") and "DUTY" in lopti_card_svg("3S")
    assert "DOWN" in lopti_card_svg("7C") and "RESET" in lopti_card_svg("2D")
    # suits by symbol
    assert "\u2660" in lopti_card_svg("9S") and "\u2665" in lopti_card_svg("9H")


def test_every_skullking_card():
    words = set()
    for name in CARDS:
        root = parse(skullking_card_svg(name))
        assert root.get("data-card") == f"sk:{name}"
        words.add(root.get("aria-label"))
    assert len(words) == len(CARDS)
    # suits carry a letter and a distinct shape
    shapes = {s: skullking_card_svg(f"{s}5") for s in "YPGB"}
    for s, svg in shapes.items():
        assert f">{s}<" in svg
    assert "as pirate" in skullking_card_svg("tigress:pirate")


def test_every_ledger_card():
    for card in DeckSpec().cards():
        root = parse(ledger_card_svg(card))
        assert root.get("data-card") == f"ledger:{card}"
        assert parse(ledger_card_svg(str(card))).get("data-card") == f"ledger:{card}"
    assert "LIVE" in ledger_card_svg("Hazard 2", live=True)
    assert "MISS" in ledger_card_svg("Hazard 8", live=False)


def test_back_and_slot_carry_no_identity():
    for svg in (card_back_svg(), card_back_svg(text="2"), card_slot_svg(text="empty")):
        assert parse(svg).get("data-card") is None


def test_theme_variables_and_row():
    svg = lopti_card_svg("QH")
    assert "var(--jp-layout-color0" in svg and "var(--jp-ui-font-color" in svg
    row = cards_row_html([lopti_card_svg("QH"), card_back_svg()], captions=["a", "b"])
    assert row.count("<svg") == 2 and ">a<" in row
    assert "italic" in cards_row_html([], empty="nothing")


@pytest.mark.parametrize("bad", ["1S", "9X", "", "Z9"])
def test_bad_names_raise(bad):
    with pytest.raises(ValueError):
        lopti_card_svg(bad)
    with pytest.raises(ValueError):
        skullking_card_svg(bad)
