"""The Skull King table in a real browser (Voilà, Debian's Chromium), at 1200 and 400 px: the
person bids with a button, turns "Play on first tap" on and plays their one card of round 1
with a single tap; round 2 is dealt at once, and the last trick of round 1 stays drawn beside
the new deal, its winner marked.

Checked at both widths: nothing scrolls sideways, axe-core finds no serious or critical
violation, and the page asks nothing of any host but the loopback server. Screenshots go to
``docs/screenshots/table_skull_king_last_trick_<width>.png``.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser_support import axe_violations, click, open_page, outside_requests

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("LOPTI_NB_SCREENSHOT_DIR", ROOT / "docs" / "screenshots"))
SETUP = '''import lopti_nb
table = lopti_nb.play("skull-king", players=3, seed=4, bot_delay=0, names=["Ann", "Bob", "Cy"])
table'''


@pytest.fixture(scope="module")
def voila(notebook_server):
    return notebook_server.serve("skull_king_table", [SETUP])


def test_play_on_first_tap_and_the_last_trick_stays_drawn(browser, voila):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1200, 400):
        page, requests = open_page(browser, voila, width, 2400)
        try:
            table = page.locator(".lnb-table").first
            table.wait_for(timeout=180000)
            click(table, "Bid 0", exact=True)
            click(table, "Play on first tap", exact=True)
            table.get_by_text("Tap a card to play it").wait_for(timeout=15000)
            card = table.locator(".lnb-hand-row button.lnb-hand-card:not([aria-disabled])").first
            card.click()  # one tap: the card is played, round 1 ends, round 2 is dealt
            last = table.locator(".lnb-last-trick")
            last.get_by_text("Round 1 is over; its last trick").wait_for(timeout=30000)
            table.get_by_text("Your turn: bid how many tricks you will win this round, 0 to 2.").wait_for(
                timeout=15000)
            panel = table.locator(".lnb-last-trick").locator("xpath=..")
            drawn = panel.locator("svg.lnb-card[data-card]").count()
            print(f"at {width} px: the last trick shows {drawn} cards; {last.inner_text()}")
            assert drawn == 3 and "\u2605 won" in panel.inner_text()
            page.wait_for_timeout(300)
            box = table.evaluate("t => [t.scrollWidth, t.clientWidth]")
            assert box[0] <= box[1] + 1, f"the table scrolls sideways at {width} px: {box}"
            found = axe_violations(page, context="document.querySelector('.lnb-table')")
            table.screenshot(path=str(SHOTS / f"table_skull_king_last_trick_{width}.png"))
            outside = outside_requests(requests)
            print(f"requests at {width} px: {len(requests)}, outside the loopback: {len(outside)}")
            assert not found, found
            assert not outside, outside[:5]
        finally:
            page.close()
