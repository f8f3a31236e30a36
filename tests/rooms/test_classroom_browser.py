"""A class in real browsers across two Voilà servers that share one Redis store: the teacher's
page on one server, three students' rules classroom pages on the other. The students join with
the code, do lesson steps, answer a quiz question and start a guided round; the teacher's grid
shows each (the time it takes is printed: the goal is 2 s). "Seat the class at tables" puts the
three students and a bot at one Skull King table, and they play its first round, each page on
its own device. axe finds nothing serious on either page, and no request leaves the servers.
Screenshots: docs/screenshots/class_teacher_live.png (the home page's picture is made from it,
scripts/home_pictures.py) and class_student.png."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from browser_support import axe_violations, click, outside_requests, watch_requests
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from lopti_nb import rooms
from lopti_nb.explainers import steps

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("LOPTI_NB_SCREENSHOT_DIR", ROOT / "docs" / "screenshots"))
GOAL_S = 2.0  # the teacher's grid shows a student's step within this (measured, printed)
BOUND_S = 15.0  # asserted: the machine the tests run on is shared


def _fill(page, css, value):
    box = page.locator(f"{css} input")
    box.fill(value)
    box.press("Tab")  # ipywidgets Text syncs on change/blur


def _shown_within(teacher, selector: str, since: float) -> float:
    """Seconds from ``since`` until the teacher's page shows ``selector``."""
    teacher.wait_for_selector(selector, timeout=BOUND_S * 1000)
    return time.monotonic() - since


def _take_turn(page) -> bool:
    """Play this page's seat once if it is its turn: a bid, or the first card the rules allow."""
    status = page.locator(".lnb-room-status")
    if status.count() == 0 or "Your turn" not in status.inner_text():
        return False
    bids = page.locator(".lnb-room-bids button:enabled")
    if bids.count():
        click(page.locator(".lnb-room-bids"), bids.first.inner_text().strip(), exact=True)
        return True
    cards = page.locator(".lnb-room-hand .lnb-hand-card:not([aria-disabled='true']) .lnb-sr")
    if cards.count() == 0:
        return False
    click(page.locator(".lnb-room-hand"), cards.first.inner_text().strip(), exact=True)
    # the hand on screen can be a moment behind the table (a trick just taken, a suit now to
    # follow): a card refused by the time the tap arrives shows its reason and stays unpicked,
    # as it would for a person, who then taps another; the next pass reads the hand afresh
    try:
        page.locator(".lnb-room-hand .lnb-hand-card.lnb-picked").wait_for(timeout=5000)
    except PlaywrightTimeout:
        return False
    click(page.locator(".lnb-room"), "Play ", timeout=10)
    return True


def test_a_class_across_two_servers(browser, notebook_server, second_notebook_server, redis_url):
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    teacher_url = notebook_server.serve("class_teacher_page", [
        "from lopti_nb.dashboard_parts import class_teacher\n"
        f"class_teacher(store={redis_url!r}, poll=0.5)"])
    student_url = second_notebook_server.serve("class_student_page", [
        "from lopti_nb.dashboard_parts import rules_classroom\n"
        f"rules_classroom(store={redis_url!r}, poll=1.0)"])
    SHOTS.mkdir(parents=True, exist_ok=True)
    contexts, requests, errors = [], [], []
    try:
        def open_page(url, width=1200):
            ctx = browser.new_context(viewport={"width": width, "height": 1000})
            contexts.append(ctx)
            watch_requests(ctx, requests)
            page = ctx.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(url, timeout=120000)
            return page

        teacher = open_page(teacher_url)
        try:
            teacher.wait_for_selector(".lnb-class-open-button", timeout=120000)
        except Exception:
            raise AssertionError("the teacher's page did not open: " + teacher.inner_text("body")[-1500:]
                                 + notebook_server.read_log()[-1500:])
        _fill(teacher, ".lnb-class-open-name", "Ms Rivera")
        click(teacher, "Open a class", exact=True)
        teacher.wait_for_selector(".lnb-class-code [data-code]", timeout=30000)
        code = teacher.locator(".lnb-class-code [data-code]").get_attribute("data-code")
        names = ["Ann", "Bob", "Cy"]
        students = [open_page(student_url) for _ in names]
        for page, name in zip(students, names):
            page.wait_for_selector(".lnb-explainer", timeout=120000)
            _fill(page, ".lnb-class-join-code", code.lower().replace("-", " "))
            _fill(page, ".lnb-class-join-name", name)
            click(page, "Join the class", exact=True)
            page.wait_for_selector(f".lnb-class-line :text('as {name}')", timeout=30000)
        for name in names:
            teacher.wait_for_selector(f".lnb-class-grid tr[data-student='{name}']", timeout=15000)
        ann, bob, cy = students
        seen = {}
        # Ann: two lesson steps on
        titles = [s.title for s in steps("lopti")]
        click(ann, "Next \u25b6", exact=True)
        ann.wait_for_selector(".lnb-explainer :text('Step 2 of')", timeout=15000)
        click(ann, "Next \u25b6", exact=True)
        ann.wait_for_selector(".lnb-explainer :text('Step 3 of')", timeout=15000)
        seen["lesson step"] = _shown_within(
            teacher, f".lnb-class-grid tr[data-student='Ann'] .lnb-step:text-is('3. {titles[2]}')", time.monotonic())
        # Bob: the lesson's quiz, one question
        lesson = steps("lopti")
        quiz_at = [s.kind for s in lesson].index("quiz")
        question = lesson[quiz_at].make_scene().items[0]
        bob.locator(".lnb-explainer select").first.select_option(label=f"{quiz_at + 1}. {lesson[quiz_at].title}")
        bob.wait_for_selector(f".lnb-explainer :text('{question.question[:30]}')", timeout=15000)
        click(bob.locator(".lnb-explainer"), question.options[0][0], exact=True)
        start = time.monotonic()
        seen["quiz answer"] = _shown_within(
            teacher, "tr[data-student='Bob'] .lnb-quiz:text-matches('^[01] of 1$')", start)
        # Cy: Skull King's guided round, the first bid
        click(cy, "Skull King", exact=True)
        cy.wait_for_selector(".lnb-explainer :text('Skull King: the rules')", timeout=30000)
        click(cy, "Play a guided first round", exact=True)
        cy.wait_for_selector(".lnb-tutorial .lnb-guide-text", timeout=60000)
        guided_bids = cy.locator(".lnb-tutorial button:enabled", has_text="Bid ")
        guided_bids.first.wait_for(timeout=30000)
        click(cy.locator(".lnb-tutorial"), guided_bids.first.inner_text().strip(), exact=True)
        start = time.monotonic()
        seen["guided round move"] = _shown_within(
            teacher, "tr[data-student='Cy'][data-game='skull-king'] .lnb-guided:text-matches('move|finished')", start)
        print("teacher's grid shows a student's work after: "
              + ", ".join(f"{k} {v:.2f} s" for k, v in seen.items()) + f" (goal {GOAL_S} s)")
        assert all(v < BOUND_S for v in seen.values())
        assert not axe_violations(teacher), "teacher's page"
        teacher.screenshot(path=str(SHOTS / "class_teacher_live.png"), full_page=True)
        # seat the class: three students and a bot at one Skull King table
        teacher.locator(".lnb-class-seat-game select").select_option(label="Skull King")
        teacher.locator(".lnb-class-seat-seats select").select_option("4")
        teacher.wait_for_timeout(300)
        click(teacher, "Seat the class at tables", exact=True)
        teacher.wait_for_selector(":text('Seated the class at 1 table')", timeout=30000)
        for page in students:
            page.wait_for_selector(":text('Your teacher seated you at table')", timeout=30000)
            page.wait_for_selector(".lnb-room-hand .lnb-card", timeout=60000)
        table = teacher.locator(".lnb-class-tables [data-table]").first.get_attribute("data-table")
        room = rooms.Room(table, store=redis_url)
        assert [s["name"] for s in room.seats] == names + ["Bot 4 (heuristic)"]
        # the first round, each student on their own page (the bot moves from a student's kernel)
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            room.load()
            if room.state.round > 1 or room.state.is_over:
                break
            moved = [_take_turn(page) for page in students]
            students[0].wait_for_timeout(300 if any(moved) else 600)
        assert room.state.round > 1, "the first round was not played"
        assert any(e.describe().startswith("Round 1 scores") for e in room.state.events)
        ann.wait_for_timeout(1500)  # the pages catch up with the second deal
        assert not axe_violations(ann), "a student's page"
        ann.screenshot(path=str(SHOTS / "class_student.png"), full_page=True)
        print(f"class pages: {len(requests)} requests; outside: {outside_requests(requests) or 'none'}")
        assert not outside_requests(requests)
        assert not errors, errors
    finally:
        for ctx in contexts:
            ctx.close()
