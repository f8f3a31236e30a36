"""A replay of each game in a real browser, drawn with the game's own table, served by Voilà
and shown in Debian's Chromium at 1200 and 400 px.

Each replay comes from a row of ``simulate(..., keep_records=True)``, at its middle: Lopti as
the first seat saw it, Skull King with every card open, the Drowned Ledger as the second seat
saw it. Checked: no sideways scrolling at 400 px, axe-core finds no serious or critical
violation, and the page asks nothing of any host but the loopback server. Screenshots go to
``docs/screenshots/replay_<game>_<width>.png``.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser_support import axe_violations, open_page, outside_requests

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("LOPTI_NB_SCREENSHOT_DIR", ROOT / "docs" / "screenshots"))

REPLAYS = {
    # short name: (game, players, seat shown (None: every card open))
    "lopti": ("lopti", 3, 0),
    "skull_king": ("skull-king", 3, None),
    "ledger": ("drowned-ledger", 3, 1),
}
SETUP = '''import lopti_nb


def middle(game, players, seat):
    """A replay of a simulated game, one row of the run enough, at its middle move."""
    rows = lopti_nb.simulate(game, n=2, seed=19, players=players, progress=False, keep_records=True)
    widget = lopti_nb.replay(rows.iloc[players], seat=seat)  # game 1, its first seat's row
    widget.show(widget.end // 2)
    return widget
'''


@pytest.fixture(scope="module")
def voila(notebook_server):
    cells = [SETUP] + [f"{short} = middle({game!r}, {players}, {seat!r})\n{short}"
                       for short, (game, players, seat) in REPLAYS.items()]
    return notebook_server.serve("replays", cells)


@pytest.mark.parametrize("width", [1200, 400])
def test_every_replay_looks_like_its_table_fits_passes_axe_and_stays_offline(browser, voila, width):
    page, requests = open_page(browser, voila, width, 3000)
    page.locator(".lnb-replay .lnb-table").nth(len(REPLAYS) - 1).wait_for(timeout=180000)
    page.wait_for_timeout(800)
    SHOTS.mkdir(parents=True, exist_ok=True)
    serious = {}
    replays = page.locator(".lnb-replay")
    for i, short in enumerate(REPLAYS):
        widget = replays.nth(i)
        widget.scroll_into_view_if_needed()
        page.wait_for_timeout(400)  # let the page paint what scrolled into view
        # the game's own pictures are on the page: cards drawn as at the table
        assert widget.locator("svg.lnb-card").count() > 0
        box = widget.evaluate("t => [t.scrollWidth, t.clientWidth]")
        print(f"{short} at {width} px: replay {box[0]} px of {box[1]} px")
        assert box[0] <= box[1] + 1, f"{short} scrolls sideways at {width} px"
        found = axe_violations(page, context=f"document.querySelectorAll('.lnb-replay')[{i}]")
        print(f"axe on the {short} replay at {width} px: {len(found)} serious or critical")
        if found:
            serious[short] = found
        widget.screenshot(path=str(SHOTS / f"replay_{short}_{width}.png"))
    page_width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert page_width[0] <= page_width[1] + 1
    outside = outside_requests(requests)
    print(f"requests at {width} px: {len(requests)}, outside the loopback: {len(outside)}")
    page.close()
    assert not outside, outside[:5]
    assert not serious, serious
