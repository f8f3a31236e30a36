"""The lesson shell's checks of prose and of the rules reference, on text made up here."""
import pytest

from lopti_nb.explainers.notation import python_notation, visible_text
from lopti_nb.explainers.reference import parse_reference


@pytest.mark.parametrize("text, kind", [
    ("still open: True", "True/False/None"),
    ("winner: None.", "True/False/None"),
    ("{'round': 2, 'motion': 1}", "braces"),
    ("moves [(0, 1), (2, 3)]", "list or tuple brackets"),
    ("seats (1, 2) bid", "list or tuple brackets"),
    ("74 // 2 = 37", "integer division //"),
    ("if bid == took", "comparison operator"),
    ("from risk.catch_probability", "dotted internal name"),
    ("the catch_probability is", "snake_case name"),
    ("call score_round() here", "function call"),
    ("8S/2D", "card code instead of a symbol"),
    ("take the 10H", "card code instead of a symbol"),
])
def test_python_notation_is_found(text, kind):
    assert kind in python_notation(text)


@pytest.mark.parametrize("text", [
    "None of the others may play: the 8♠ beats the 2♦.",
    "The vote fails, 1 to 3 (seat 2 abstains).",
    "e.g. a 7 or a 3, i.e. a low card; see the rules at https://example.org is not here",
    "Bid 2, took 2: 20 points.",
    "Round 10 deals 10 cards (74 cards in all).",
])
def test_prose_passes(text):
    if "https://" in text:  # an address is dotted; prose for learners carries none
        assert python_notation(text) == ["dotted internal name"]
    else:
        assert python_notation(text) == []


def test_visible_text_keeps_tooltips_and_drops_styles():
    html = '<div style="a{b}"><style>.x{color:red}</style><span title="8♠ hidden">Pile</span></div>'
    assert visible_text(html) == "8♠ hidden Pile"


def test_reference_clauses_parse_in_order_with_intro():
    intro, clauses = parse_reference("# Game\n\nIntro.\n\n## 1.1 Cards\nFifty-two.\n\n## 1.2a Play\nOn top.\n")
    assert intro == "# Game\n\nIntro."
    assert [(c.id, c.title, c.text) for c in clauses] == [("1.1", "Cards", "Fifty-two."), ("1.2a", "Play", "On top.")]


def test_reference_refuses_a_clause_id_twice():
    with pytest.raises(ValueError, match="1.1"):
        parse_reference("## 1.1 A\n\n## 1.1 B\n")
