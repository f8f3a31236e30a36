"""The motion builder in a real browser (Voilà and Debian's Chromium) at 400 px, light and dark:
a motion with a condition and two effects, one the constitution refuses (its reason on screen)
and one in words only. Nothing scrolls sideways, axe-core finds no serious or critical
violation, and the page asks nothing of any host but the loopback server. Screenshots go to
``docs/screenshots/motion_builder_400.png`` and ``motion_builder_400_dark.png``."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser_support import axe_violations, open_page, outside_requests

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("LOPTI_NB_SCREENSHOT_DIR", ROOT / "docs" / "screenshots"))

CELLS = [
    '''from lopti_nb.games.lopti.builder import MotionBuilder
composed = MotionBuilder(voice="pirate")
rule = composed.rules[0]
composed.title.value = "ace tax"
rule.add_condition.click()
rule.conditions[0].fact.value = "rank"
rule.conditions[0].op.value = "one of"
rule.conditions[0].several.value = ("K", "A")
rule.add_effect.click()
rule.effects[0].effect.value = "give"
rule.effects[0].fields["which"].value = "choose"
rule.effects[1].effect.value = "say"
rule.effects[1].fields["text"].value = "<b>Royal tax</b>: {actor cards} cards left"
composed''',
    '''refused = MotionBuilder(heading="A motion the constitution refuses")
refused.rules[0].effects[0].effect.value = "clear the pile"
refused''',
    '''words = MotionBuilder(heading="Words only")
words.mode.value = "words"
words.words.value = "Whoever plays a 9 hums a tune."
words''',
]


@pytest.fixture(scope="module")
def voila(notebook_server):
    return notebook_server.serve("motion_builder", CELLS)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_builder_fits_400_px_passes_axe_and_stays_offline(browser, voila, dark):
    page, requests = open_page(browser, voila, 400, 2400, theme="dark" if dark else None)
    try:
        builders = page.locator(".lnb-motion-builder")
        builders.nth(2).wait_for(timeout=180000)
        page.locator(".lnb-motion-refusal").first.wait_for(timeout=60000)
        page.wait_for_timeout(500)
        assert "loops" in page.locator(".lnb-motion-refusal").first.inner_text()
        assert "Royal tax" in page.locator(".lnb-motion-preview").first.inner_text()  # typed, shown as text
        assert page.locator(".lnb-motion-preview b").count() == 0
        serious = {}
        for i in range(3):
            box = builders.nth(i).evaluate("b => [b.scrollWidth, b.clientWidth]")
            print(f"builder {i} at 400 px: {box[0]} px of {box[1]} px")
            assert box[0] <= box[1] + 1, f"builder {i} scrolls sideways at 400 px"
            found = axe_violations(page, context=f"document.querySelectorAll('.lnb-motion-builder')[{i}]")
            if found:
                serious[i] = found
        SHOTS.mkdir(parents=True, exist_ok=True)
        for i, name in ((0, ""), (1, "_refused")):
            builders.nth(i).screenshot(path=str(SHOTS / f"motion_builder_400{name}{'_dark' if dark else ''}.png"))
        width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        outside = outside_requests(requests)
        print(f"page {width[0]} px wide in {width[1]} px; requests {len(requests)}, outside: {len(outside)}")
    finally:
        page.close()
    assert width[0] <= width[1] + 1
    assert not outside, outside[:5]
    assert not serious, serious
