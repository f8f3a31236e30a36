"""Each table in a real browser: a notebook per game served by Voilà, driven in headless
Chromium with Playwright.

For every page an in-process *twin* table (same game, seed and seats, bots without delay)
gets the same clicks; after each click the page must show what the engine says: the twin's
newest log line and turn indicator. Screenshots go to ``docs/screenshots/``.
"""
from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from browser_support import click, open_page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"

TABLES = {
    # name: (game, keyword arguments, human steps to take)
    "lopti": ("lopti", dict(players=3, seed=11), 10),
    "skull_king": ("skull-king", dict(players=4, seed=5), 5),
    "drowned_ledger": ("drowned-ledger", dict(players=3, seed=3), 6),
    "hot_seat": ("skull-king", dict(players=3, humans=2, seed=2), 0),
    "ledger_bots": ("drowned-ledger", dict(players=3, humans=0, seed=9, bot_delay=0.25), 0),
}


def _cells(names) -> list[str]:
    cells = ["import lopti_nb"]
    for name in names:
        game, kwargs, _ = TABLES[name]
        args = ", ".join(f"{k}={v!r}" for k, v in kwargs.items())
        if "bot_delay" not in kwargs:
            args += ", bot_delay=0.05"
        cells.append(f"{name} = lopti_nb.play({game!r}, {args})\n{name}")
    return cells


@pytest.fixture(scope="module")
def voila_server(notebook_server):
    """The pages' URLs: one page (one kernel) holds the three games and the bots' game; the
    hot seat gets its own (dark) page."""
    return {"tables": notebook_server.serve("tables", _cells(["lopti", "skull_king", "drowned_ledger",
                                                              "ledger_bots"])),
            "hot_seat": notebook_server.serve("hot_seat", _cells(["hot_seat"]))}


# -- helpers (each takes the locator of one table on the page) -----------------------------------
def _status(table) -> str:
    return table.locator("div[role=status]").first.inner_text().strip()


def _newest_log(table) -> str:
    items = table.locator("ol.lnb-log li")
    return items.first.inner_text().strip() if items.count() else ""


def _twin_status(twin) -> str:
    import re
    text = re.sub(r"<[^>]+>", "", twin.status.value)
    return text.replace("\u25b6", "").strip()


def _twin_newest(twin) -> str:
    return twin.view.describe_event(twin.state.events[-1].for_seat(twin.viewer))  # the table's words


def _wait_same(page, table, twin, timeout=60.0) -> None:
    """Wait until the page shows the twin's newest log line and turn indicator."""
    want_log, want_status = _twin_newest(twin), _twin_status(twin)
    deadline = time.time() + timeout
    got = ("", "")
    while time.time() < deadline:
        got = (_newest_log(table), _status(table).replace("\u25b6", "").strip())
        if got[0] == want_log and got[1].startswith(want_status):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"page shows {got!r}, the engine says {(want_log, want_status)!r}")


def _human_step(table, twin, rng) -> str:
    """Choose a legal move among the twin's enabled controls; make it on both."""
    from lopti_nb.widgets.testing import clickables

    buttons, toggles = clickables(twin)
    toggles = [t for t in toggles if not t.value]
    if toggles and (not buttons or rng.random() < 0.8):
        label = rng.choice(toggles).description
        tog = next(t for t in toggles if t.description == label)
        click(table, tog.description, exact=True)
        tog.value = True
        buttons, _ = clickables(twin)
        # the game's own words for playing what was just picked (Play, Swap, Open, Sell...)
        go = [b for b in buttons if b.description.startswith(tuple(twin.view.picked_play_buttons))
              and not b.description.startswith("Play selected")]
        if go:
            b = go[0]
            table.get_by_role("button", name=b.description, exact=True).first.wait_for(state="visible")
            click(table, b.description, exact=True)
            b.click()
            return f"{tog.description} + {b.description}"
        return tog.description
    weights = [0.1 if b.description.startswith(("Take the pile", "Surface")) else 1.0 for b in buttons]
    b = rng.choices(buttons, weights)[0]
    label = b.description
    click(table, label, exact=True)
    b.click()
    return label


def _open(browser, url, dark=False):
    page, _ = open_page(browser, url, 1100, 1300, theme="dark" if dark else None)
    page.wait_for_selector("div[role=status]", timeout=90000)
    return page


@pytest.fixture(scope="module")
def tables_page(browser, voila_server):
    page = _open(browser, voila_server["tables"])
    page.locator(".lnb-table").nth(3).wait_for(timeout=90000)
    yield page
    page.close()


# -- the tests ----------------------------------------------------------------------------------
@pytest.mark.parametrize("index, name", [(0, "lopti"), (1, "skull_king"), (2, "drowned_ledger")])
def test_table_in_browser_follows_the_engine(tables_page, index, name):
    import lopti_nb

    page = tables_page
    game, kwargs, steps = TABLES[name]
    twin = lopti_nb.play(game, bot_delay=0, **kwargs)
    table = page.locator(".lnb-table").nth(index)
    _wait_same(page, table, twin, timeout=60)
    rng = random.Random(1)
    done = []
    paced = False
    if name == "lopti":
        # slow the bots down: they must then be seen thinking, one move at a time
        # (the session's forms have dropdowns of their own: pick the bots' speed by its words)
        table.get_by_label("Bot speed").select_option(label="Bot speed: normal (0.6 s)")
    for _ in range(steps):
        if twin.state.is_over:
            break
        before = len(twin.state.events)
        done.append(_human_step(table, twin, rng))
        if len(twin.state.events) == before:
            continue  # only a selection: nothing happened yet
        if name == "lopti" and not paced:
            table.get_by_text("(bot) is thinking").first.wait_for(timeout=5000)
            paced = True
        _wait_same(page, table, twin)
    if name == "lopti":
        assert paced
    assert len(twin.state.actions) >= 3, done
    # the cards on the page are the engine's: the human hand as the engine lists it
    obs = twin.state.observation(0)
    hand = obs.get("hand") or ()
    prefix = {"lopti": "lopti", "skull-king": "sk", "drowned-ledger": "ledger"}[game]
    for card in list(hand)[:5]:
        table.locator(f'svg[data-card="{prefix}:{card}"]').first.wait_for(state="attached", timeout=10000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    table.screenshot(path=str(SHOTS / f"table_{name}.png"))


def test_bots_play_to_the_final_breakdown_in_browser(tables_page):
    import lopti_nb

    game, kwargs, _ = TABLES["ledger_bots"]
    twin = lopti_nb.play(game, **{**kwargs, "bot_delay": 0})
    assert twin.state.is_over
    table = tables_page.locator(".lnb-table").nth(3)
    table.get_by_text("Game over.").wait_for(timeout=90000)
    _wait_same(tables_page, table, twin)
    scores = table.locator("table").last.inner_text()
    for s in twin.state.result.scores:
        assert str(s) in scores
    assert "Suit sets" in scores and "Clean ledger" in scores
    table.screenshot(path=str(SHOTS / "table_drowned_ledger_final.png"))


def test_hot_seat_cover_in_browser_dark_theme(browser, voila_server):
    import lopti_nb

    game, kwargs, _ = TABLES["hot_seat"]
    twin = lopti_nb.play(game, bot_delay=0, **kwargs)
    page = _open(browser, voila_server["hot_seat"], dark=True)
    table = page.locator(".lnb-table").first
    table.get_by_text("Pass the device to Seat 1").wait_for(timeout=60000)
    assert page.locator("svg[data-card]").count() == 0  # nothing private, no hand at all
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "table_hot_seat_cover_dark.png"))
    for where in (table, twin):
        click(where, "I am Seat 1: show my cards", exact=True)
    _wait_same(page, table, twin)
    hand = twin.state.observation(0)["hand"]
    table.locator(f'svg[data-card="sk:{hand[0]}"]').first.wait_for(state="attached", timeout=10000)
    page.screenshot(path=str(SHOTS / "table_hot_seat_seat0_dark.png"))
    # the first seat bids; the device must go to the second and the first hand disappears
    for where in (table, twin):
        click(where, "Bid 0", exact=True)
    table.get_by_text("Pass the device to Seat 2").wait_for(timeout=30000)
    _wait_same(page, table, twin)
    page.wait_for_timeout(300)
    assert page.locator("svg[data-card^='sk:']").count() == 0
    page.close()
