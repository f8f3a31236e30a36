"""Every refused action's reason is on screen, not only in a hover tooltip (a phone has none):
the table prints each greyed-out button's reason under the game, where a person reads it."""
import html
import re

import ipywidgets as W

import lopti_nb
from lopti_nb.widgets.base import REFUSED
from lopti_nb.widgets.testing import visible_widgets
from browser_support import click


def _screen_text(root) -> str:
    """The words a person reads: the visible HTML widgets' text, tags removed."""
    parts = [w.value for w in visible_widgets(root) if isinstance(w, W.HTML)]
    return html.unescape(re.sub(r"<[^>]+>", " ", " ".join(parts))).replace("  ", " ")


def _refused(table, label_start):
    """The visible, greyed-out button a person would try to tap."""
    for w in visible_widgets(table):
        if isinstance(w, W.Button) and w.description.startswith(label_start):
            assert w.disabled, f"{w.description} is not refused here"
            return w
    raise AssertionError(f"no visible button {label_start!r}")


def _reads_reason(table, button):
    reason = button.tooltip.split(REFUSED, 1)[1]
    text = " ".join(_screen_text(table).split())
    assert button.description in text and " ".join(reason.split()) in text, (button.description, reason, text[-600:])
    return reason


def test_lopti_take_the_pile_refused_at_the_deal_says_why_on_screen():
    table = lopti_nb.play("lopti", seed=3, bot_delay=0)
    take = _refused(table, "Take the pile")
    reason = _reads_reason(table, take)
    assert "swap" in reason  # at the deal the seat first decides on its swap


def test_skull_king_play_button_refused_says_why_on_screen():
    table = lopti_nb.play("skull-king", players=3, seed=4, bot_delay=0)
    click(table, "Bid ")  # a person bids; the bots bid and play up to their turn
    assert table.state.phase == "play" and table.can_act()
    play = _refused(table, "Play the picked card")
    assert "pick a card" in _reads_reason(table, play)
    # once a card is picked, the line about the play button goes (it is allowed now)
    hand = table.view.hand
    playable = [c for c in hand.toggles if not c.disabled]
    playable[0].click()
    assert "Play the picked card" not in _screen_text(table)


def test_ledger_open_and_sell_refused_say_why_on_screen():
    table = lopti_nb.play("drowned-ledger", seed=5, bot_delay=0)
    open_button = _refused(table, "Open selected")
    assert "select one or more" in _reads_reason(table, open_button)
    sell = _refused(table, "Sell selected")
    assert "exactly one" in _reads_reason(table, sell)


def test_a_refusal_line_groups_buttons_with_one_reason():
    from lopti_nb.widgets.base import ButtonPool, refusals_html

    pool = ButtonPool(lambda a: None)
    pool.set([(f"Bid {k}", k, False, "you have already bid") for k in range(6)] + [("Pass", 9, True, "")])
    line = refusals_html(pool)
    assert "Bid 0 \u2026 Bid 5 (6 buttons)" in line and line.count("already bid") == 1 and "Pass" not in line
    pool.set([("Pass", 9, True, "")])
    assert refusals_html(pool) == ""
