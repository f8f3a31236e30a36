"""The table reads at a glance: every line on screen is true at every moment (a refusal line
goes the moment its control becomes usable), the last trick and the last play stay on screen,
a card may be played on the first tap, identical cards are picked one at a time, and each game
says in a line or two what the person to act may do.

Every step is what a person can do: click an enabled, visible control, or fill a visible form
control.
"""
from __future__ import annotations

import html
import random
import re

import ipywidgets as W

import lopti_nb
from lopti_nb.widgets.testing import clickables, visible_widgets


def screen_text(root) -> str:
    """The words a person reads: the visible HTML widgets' text, tags removed."""
    parts = [w.value for w in visible_widgets(root) if isinstance(w, W.HTML)]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", " ".join(parts))).split())


def refusal_lines(table) -> str:
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", table.refusals.value)).split())
    return text.replace(" :", ":")


def shown(table, widget) -> bool:
    return any(w is widget for w in visible_widgets(table))


def set_value(table, widget, value) -> None:
    """Fill a form control, as a person does, only when it is on screen and enabled."""
    assert shown(table, widget) and not getattr(widget, "disabled", False), f"{widget!r} is not usable now"
    widget.value = value


def click(table, text: str) -> None:
    found, _ = clickables(table)
    found += [b for b in table.controls.children if isinstance(b, W.Button) and not b.disabled
              and b.layout.display != "none"]
    for b in found:
        if b.description.startswith(text):
            b.click()
            return
    raise AssertionError(f"no enabled, visible button {text!r}: {[b.description for b in found]}")


def lopti_round_won_by_the_person():
    """A two-player Lopti table (one person, one bot) whose first round the person won,
    played by the heuristic bot's choices through the table."""
    from lopti_nb.games.lopti.bots import heuristic_bot

    for seed in range(40):
        t = lopti_nb.play("lopti", players=2, seed=seed, bot_delay=0)
        rng = random.Random(seed)
        for _ in range(3000):
            if t.state.is_over:
                break
            st = t.state
            t.act(heuristic_bot(st.observation(0), st.legal_actions(), rng))
        if t.state.winner == 0:
            return t
    raise AssertionError("no seed where the person wins")


# -- every status line true at every moment ------------------------------------------------------
def test_the_rule_vote_line_goes_once_something_to_vote_on_is_chosen():
    t = lopti_round_won_by_the_person()
    panel = t.view.panel
    assert "Call the Rule Vote: not possible now \u2014 choose what to vote on first" in refusal_lines(t)
    set_value(t, panel.vote_what, "law:swap:off")
    assert not panel.vote_button.disabled
    assert "Call the Rule Vote" not in refusal_lines(t)


def test_the_own_words_line_goes_once_words_are_written():
    t = lopti_round_won_by_the_person()
    panel = t.view.panel
    assert "Adopt my own words: not possible now" in refusal_lines(t)
    set_value(t, panel.own_words, "Whoever takes the pile says so.")
    assert not panel.own_button.disabled
    assert "Adopt my own words" not in refusal_lines(t)


def test_the_next_round_line_goes_once_the_winner_has_chosen():
    t = lopti_round_won_by_the_person()
    assert "Next round: not possible now" in refusal_lines(t) and t.next_button.disabled
    click(t, "Write no motion this round")
    assert not t.next_button.disabled
    assert "Next round" not in refusal_lines(t)


def test_the_ledger_open_line_goes_once_a_card_is_picked():
    t = lopti_nb.play("drowned-ledger", seed=5, bot_delay=0)
    for _ in range(50):  # dive and surface until the person holds sealed cards on their turn
        if t.view.surface_button.layout.display != "none":
            click(t, "Surface")
        elif t.view.hand.toggles:
            break
        else:
            click(t, "Dive")
    assert "Open selected: not possible now" in refusal_lines(t)
    card = next(c for c in t.view.hand.toggles if not c.disabled)
    card.click()
    assert "Open selected" not in refusal_lines(t) and "Open 1 selected" not in refusal_lines(t)
