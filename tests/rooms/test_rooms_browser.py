"""Two headless Chromium pages on one Voilà server: one creates a room, the other joins by
code, both play with a bot in the third seat. Screenshots: docs/screenshots/rooms_*.png."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from lopti_nb import rooms
from browser_support import CHROMIUM, CHROMIUM_ARGS as ARGS, free_port as _free_port

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("LOPTI_NB_SCREENSHOT_DIR", ROOT / "docs" / "screenshots"))


@pytest.fixture
def voila(tmp_path):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install -y chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("Python playwright is not installed (pip install playwright; never `playwright install`)")
    port = _free_port()
    store = tmp_path / "rooms.sqlite"
    env = dict(os.environ, LOPTI_NB_ROOMS=str(store), PYTHONUNBUFFERED="1")
    log = open(tmp_path / "voila.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "voila", str(ROOT / "dashboards" / "skull_king_rooms.ipynb"),
                             "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                             "--VoilaConfiguration.show_tracebacks=True"],
                            cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.time() + 90
    while True:
        try:
            urllib.request.urlopen(url, timeout=60).read()
            break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                pytest.fail("Voilà did not start: " + (tmp_path / "voila.log").read_text()[-3000:])
            time.sleep(0.3)
    yield url, str(store)
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(proc.pid, signal.SIGKILL)
    log.close()


def _fill(page, css, value):
    box = page.locator(f"{css} input")
    box.fill(value)
    box.press("Tab")  # ipywidgets Text syncs on change/blur


def _take_turn(page) -> bool:
    """Click the first enabled bid or card button on this page, if it is this page's turn."""
    if "Your turn" not in page.locator(".lnb-room-status").inner_text():
        return False
    buttons = page.locator(".lnb-room-bids button:enabled, .lnb-room-hand button:enabled")
    if buttons.count() == 0:
        return False
    buttons.first.click()
    page.wait_for_timeout(150)
    return True


def test_two_pages_create_join_and_play(voila):
    from playwright.sync_api import sync_playwright

    url, store = voila
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            ctx_a = browser.new_context(viewport={"width": 1100, "height": 1000})
            ctx_b = browser.new_context(viewport={"width": 1100, "height": 1000})
            a, b = ctx_a.new_page(), ctx_b.new_page()
            errors = []
            for page in (a, b):
                page.on("pageerror", lambda exc: errors.append(str(exc)))
                page.goto(url, timeout=120000)
                page.wait_for_selector(".lnb-room .lnb-create-button", timeout=120000)
            # page A creates a 3-seat room
            _fill(a, ".lnb-create-name", "Ann")
            a.locator(".lnb-create-players select").select_option("3")
            a.locator(".lnb-create-button").click()
            a.wait_for_selector("[data-code]", timeout=30000)
            code = a.locator("[data-code]").get_attribute("data-code")
            assert len(code) == 9 and code[4] == "-"
            # page B joins by the code, typed in lower case with spaces
            _fill(b, ".lnb-join-code", code.lower().replace("-", " "))
            _fill(b, ".lnb-join-name", "Bob")
            b.locator(".lnb-join-button").click()
            b.wait_for_selector("text=Waiting for the host", timeout=30000)
            a.wait_for_selector(".lnb-room-seats >> text=Bob", timeout=30000)  # by polling
            a.locator(".lnb-add-bot-button").click()
            a.wait_for_selector(".lnb-room-seats >> text=bot", timeout=30000)
            a.locator(".lnb-start-button").click()
            for page in (a, b):
                page.wait_for_selector(".lnb-room-hand .lnb-card", timeout=30000)
            # privacy: during the first bids each page draws exactly its own one card
            sess = rooms.Room(rooms.normalize(code), store)
            hands = sess.state.hands
            for page, seat in ((a, 0), (b, 1)):
                drawn = page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
                assert drawn == [f"sk:{hands[seat][0]}"], (drawn, hands)
            # the bids are taken at once: Bob bids before Ann, who is asked first, and Ann's
            # page shows that he has bid, never what (nor the bot's bid), until the reveal
            a.wait_for_selector("text=Also deciding: Bob", timeout=30000)
            b.locator(".lnb-room-bids button:enabled", has_text="Bid 1").click()
            b.wait_for_selector("text=You bid 1", timeout=30000)
            a.wait_for_selector("div[data-seat='1'] >> text=made (secret)", timeout=30000)
            a.wait_for_timeout(400)
            sess.load()
            assert sess.state.bids[1] == 1 and sess.state.bids[0] is None
            for seat in (1, 2):
                cell = a.locator(f"div[data-seat='{seat}']").inner_text()
                assert "made (secret)" in cell and "bid 1" not in cell and "bid 0" not in cell, cell
            assert a.locator(".lnb-room").inner_text().count("secret ✓") == 2  # bids panel
            html = a.content()
            assert "You bid" not in html and "Bids revealed" not in html and "bid 1 ·" not in html
            assert "Waiting for Ann" in b.locator(".lnb-room-status").inner_text()
            assert _take_turn(a)  # Ann bids: all bids are in, and both pages show them
            for page in (a, b):
                page.wait_for_selector("text=Bids revealed for round 1", timeout=30000)
            a.wait_for_selector("div[data-seat='1'] >> text=bid 1", timeout=30000)
            # play round 1 and into round 2 through the pages
            deadline = time.time() + 180
            while time.time() < deadline:
                sess.load()
                if sess.state.round >= 2 and sess.state.observation(0)["phase"] == "play":
                    break
                moved = _take_turn(a) or _take_turn(b)
                if not moved:
                    a.wait_for_timeout(200)
            else:
                pytest.fail("the round did not finish in time")
            sess.load()
            log = sess.store.log(sess.code)
            by = {(r["seat"], r["by"]) for r in log}
            assert {(0, "human"), (1, "human"), (2, "bot")} <= by
            for page in (a, b):
                page.wait_for_selector("text=Round 2 of 10", timeout=30000)
                page.wait_for_selector("text=Round 1 scores", timeout=30000)
                assert page.locator(".lnb-room-hand .lnb-card").count() >= 1
            a.wait_for_timeout(600)
            a.screenshot(path=str(SHOTS / "rooms_host.png"), full_page=True)
            b.screenshot(path=str(SHOTS / "rooms_guest.png"), full_page=True)
            assert "Ann" in b.inner_text("body") and "Bob" in a.inner_text("body")
            assert not errors, errors
        finally:
            browser.close()
