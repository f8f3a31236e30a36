"""Every game's table in a real browser at its start, middle and end, at 1200 and 400 px
wide, served by Voilà and shown in Debian's Chromium.

Checked on every table: no horizontal scrolling at 400 px (the cards stay readable), axe-core
finds no serious or critical violation (its findings are printed), and the page asks nothing
of any host but the loopback server (the request log is printed). A card of the hand is
clicked and played with the keyboard as a person would. Screenshots go to
``docs/screenshots/table_<game>_<stage>_<width>.png``.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser_support import axe_violations, click, open_page, outside_requests

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("LOPTI_NB_SCREENSHOT_DIR", ROOT / "docs" / "screenshots"))

GAMES = {
    # short name: (game, keyword arguments)
    "lopti": ("lopti", dict(players=3, seed=11, names=["Ann", "Bob", "Cy"])),
    "skull_king": ("skull-king", dict(players=4, seed=5)),
    "ledger": ("drowned-ledger", dict(players=3, seed=3, names=["Ann", "Bob", "Cy"])),
}
STAGES = ("start", "middle", "end")
SETUP = '''import random
import lopti_nb
from lopti_nb.widgets.testing import play_to_end, random_step


def at(game, stage, **kwargs):
    """A table at its start, after some moves made through its controls, or at its end."""
    table = lopti_nb.play(game, bot_delay=0, **kwargs)
    rng = random.Random(1)
    if stage == "middle":
        for _ in range(10):
            if table.state.is_over:
                break
            random_step(table, rng)
        while not table.can_act() and not table.state.is_over:
            random_step(table, rng)
    elif stage == "end":
        play_to_end(table, rng)
    return table
'''


@pytest.fixture(scope="module")
def voila(notebook_server):
    cells = [SETUP]
    for short, (game, kwargs) in GAMES.items():
        args = ", ".join(f"{k}={v!r}" for k, v in kwargs.items())
        cells += [f"{short}_{stage} = at({game!r}, {stage!r}, {args})\n{short}_{stage}" for stage in STAGES]
    return notebook_server.serve("tables_at_three_stages", cells)


def _page(browser, url, width, dark=False):
    # tall enough for a whole table: the notebook does not paint cells outside the window
    page, requests = open_page(browser, url, width, 3000, theme="dark" if dark else None)
    page.locator(".lnb-table").nth(len(GAMES) * len(STAGES) - 1).wait_for(timeout=180000)
    page.locator(".lnb-hand-row").first.wait_for(state="attached", timeout=60000)
    page.wait_for_timeout(500)
    return page, requests


@pytest.fixture(scope="module")
def light_page(browser, voila):
    """One light page (one run of the notebook) for the checks at both widths and the
    keyboard's, which comes last: the window is set to each width in turn, as a phone turned
    or a window narrowed; the page is drawn again to fit."""
    page, requests = _page(browser, voila, 1200)
    yield page, requests
    page.close()


def _at_width(page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 3000})
    page.wait_for_timeout(500)


@pytest.mark.parametrize("width", [1200, 400])
def test_every_table_at_start_middle_end_fits_passes_axe_and_stays_offline(light_page, width):
    page, requests = light_page
    _at_width(page, width)
    SHOTS.mkdir(parents=True, exist_ok=True)
    serious = {}
    tables = page.locator(".lnb-table")
    i = 0
    for short in GAMES:
        for stage in STAGES:
            table = tables.nth(i)
            table.scroll_into_view_if_needed()
            page.wait_for_timeout(400)  # let the page paint what scrolled into view
            box = table.evaluate("t => [t.scrollWidth, t.clientWidth]")
            print(f"{short} {stage} at {width} px: table {box[0]} px of {box[1]} px")
            assert box[0] <= box[1] + 1, f"{short} {stage} scrolls sideways at {width} px"
            found = axe_violations(page, context=f"document.querySelectorAll('.lnb-table')[{i}]")
            print(f"axe on {short} {stage} at {width} px: {len(found)} serious or critical")
            if found:
                serious[f"{short} {stage}"] = found
            if stage == "end":
                _only_what_can_be_done(table, f"{short} at {width} px")
            table.screenshot(path=str(SHOTS / f"table_{short}_{stage}_{width}.png"))
            i += 1
    page_width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    print(f"page at {width} px: content {page_width[0]} px wide")
    assert page_width[0] <= page_width[1] + 1
    outside = outside_requests(requests)
    print(f"requests at {width} px: {len(requests)}, outside the loopback: {len(outside)}")
    assert not outside, outside[:5]
    assert not serious, serious


def _only_what_can_be_done(table, where: str) -> None:
    """A finished game shows its final score panel, Play again and the replay, and no control
    a person cannot use: no greyed button, no line saying what is not possible now."""
    scores = table.locator(".lnb-scores")
    assert scores.is_visible() and "final" in scores.inner_text().lower(), f"{where}: no final score panel"
    greyed = table.evaluate("t => [...t.querySelectorAll('button')].filter(b => b.offsetParent !== null"
                            " && (b.disabled || b.hasAttribute('aria-disabled'))).map(b => b.textContent.trim())")
    print(f"{where}: final panel {scores.inner_text()[:60]!r}; greyed buttons {greyed}")
    assert not greyed, f"{where}: greyed controls stay after the end: {greyed}"
    assert "not possible now" not in table.inner_text(), where
    for label in ("Play again", "Replay this game"):
        button = table.locator("button", has_text=label)
        assert button.is_visible() and button.is_enabled(), f"{where}: no {label!r}"


def test_a_card_is_clicked_then_played_with_the_keyboard(light_page):
    """The start of the Skull King table: bid with a button, then pick a card by clicking it
    (aria-pressed shows it picked), put it back, pick it with its number key and play it
    with Enter; a refused card says why in the visible line under the hand."""
    page, requests = light_page
    _at_width(page, 400)
    table = page.locator(".lnb-table").nth(3)  # skull_king_start
    table.scroll_into_view_if_needed()
    click(table, "Bid 1", exact=True)
    hand = table.locator(".lnb-hand-row").first
    first = hand.locator("button.lnb-hand-card:not([aria-disabled])").first
    first.wait_for(timeout=30000)
    index = int(first.get_attribute("data-index"))
    # the hand is drawn again after each change: find the card by its place each time
    card = hand.locator(f'button[data-index="{index}"]')

    def pressed(value: str) -> None:
        page.wait_for_function(
            "([i, v]) => { const b = document.querySelectorAll('.lnb-table')[3]"
            ".querySelector(`.lnb-hand-row button[data-index=\"${i}\"]`);"
            " return b && b.getAttribute('aria-pressed') === v; }", arg=[index, value], timeout=15000)

    card.click()
    pressed("true")
    table.screenshot(path=str(SHOTS / "table_skull_king_picked_400.png"))
    card.click()
    pressed("false")
    # a focus ring where the keys are
    card.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    print("focus ring:", outline)
    assert outline != "none"
    before = table.locator("ol.lnb-log li").count()
    page.keyboard.press(str(index + 1))
    pressed("true")
    page.keyboard.press("Enter")
    page.wait_for_function("n => document.querySelectorAll('.lnb-table')[3]"
                           ".querySelectorAll('ol.lnb-log li').length > n", arg=before, timeout=30000)
    refused = hand.locator("button.lnb-hand-card[aria-disabled]")
    if refused.count():
        # aria-disabled (so screen readers say "not playable") but still there to tap, which
        # Playwright's actionability check does not expect: the click is forced
        refused.first.click(force=True)
        page.wait_for_function("() => document.querySelectorAll('.lnb-table')[3]"
                               ".querySelector('.lnb-hand-note').textContent.length > 0", timeout=15000)
        print("refused card says:", table.locator(".lnb-hand-note").first.inner_text())
    table.screenshot(path=str(SHOTS / "table_skull_king_played_400.png"))
    outside = outside_requests(requests)
    print(f"requests: {len(requests)}, outside the loopback: {len(outside)}")
    assert not outside


NEXT_CONTROL = {"lopti": "Keep my cards as dealt", "skull_king": "Bid 0", "ledger": "Dive"}


def test_on_a_phone_the_next_control_is_in_view_when_a_turn_starts(light_page):
    """At 400 x 800 px a person presses New game at the foot of a table and reads it from its
    top (the header, the seats, the board: well over a window high): when their turn starts,
    the control they need next (the deal's choice, the bids, the dive) is inside the window,
    measured by its box. Then a finished game's replay opens from Replay this game."""
    page, requests = light_page
    page.set_viewport_size({"width": 400, "height": 800})
    page.wait_for_timeout(300)
    tables = page.locator(".lnb-table")
    for g, short in enumerate(GAMES):
        table = tables.nth(g * len(STAGES) + 1)  # the game's middle table
        click(table, "New game", exact=True)
        # the person reads the table from its top, where the new deal is announced
        table.evaluate("t => t.scrollIntoView({block: 'start'})")
        control = table.locator("button", has_text=NEXT_CONTROL[short]).first
        control.wait_for(state="visible", timeout=30000)
        inside = "b => { const r = b.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
        try:
            control.evaluate(f"b => new Promise(ok => {{ const t0 = Date.now(); (function look() {{"
                             f" if (({inside})(b) || Date.now() - t0 > 3000) ok(); else setTimeout(look, 100);"
                             f" }})(); }})")
        except Exception:  # redrawn meanwhile: the measure below says where it is
            pass
        box = control.bounding_box()
        print(f"{short}: {NEXT_CONTROL[short]!r} at y {box['y']:.0f}-{box['y'] + box['height']:.0f} "
              f"of a window 800 px high")
        page.screenshot(path=str(SHOTS / f"table_{short}_turn_starts_400x800.png"))
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, f"{short}: the next control is out of view"
    end = tables.nth(len(STAGES) * 2 + 2)  # ledger_end
    click(end, "Replay this game", exact=True)
    end.locator(".lnb-replay").wait_for(state="visible", timeout=30000)
    assert not outside_requests(requests)


def test_dark_theme_table_at_400_px(browser, voila):
    page, requests = _page(browser, voila, 400, dark=True)
    table = page.locator(".lnb-table").nth(1)  # lopti_middle
    table.scroll_into_view_if_needed()
    page.wait_for_timeout(400)
    found = axe_violations(page, context="document.querySelectorAll('.lnb-table')[1]")
    table.screenshot(path=str(SHOTS / "table_lopti_middle_400_dark.png"))
    page.close()
    assert not found and not outside_requests(requests)
