"""A motion the game enforces, composed on a second device in a real browser (Voilà, Debian's
Chromium). Ann hosts a two-seat Lopti session room and Bob joined; Bob won round 1 (the
heuristic bot's moves made for both by the room API). Both come back to their seats on their
own pages. Bob's page shows the motion builder; Ann's says Bob is writing. Bob composes "after
a pickup, every other player still in draws a card" from the menus, sees the words the table
will hear, and submits it: it is in force on both pages, and in round 2 its draw is in both
pages' logs. Then the player whose turn it is calls round 2's Rule Vote to amend motion 1,
the amended motion built from the menus of the vote form's own builder (its event chosen at
1200 px, its effect at 400 px, where the builder fits): "after a pickup, that player shows the
table their lowest hand card". Both vote yes (the other person on a phone: the same page at 400
px, the ballot in the window), and the amended motion acts: its showing is in both pages' logs,
and on the phone its log line is in the window, nothing cut off. Then Ann hosts a new session room proposing a ready motion from the create
form, and it opens on the setup vote on that motion. Every request stays on the loopback server; axe-core finds nothing serious on
Bob's page with the builder open. Screenshots: docs/screenshots/rooms_lopti_builder_*.png."""
from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from browser_support import axe_violations, click, cut_off, in_the_window, open_page, outside_requests
from markup_support import guest_wins_a_round, play_room_as_bots

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("LOPTI_NB_SCREENSHOT_DIR", ROOT / "docs" / "screenshots"))
SAID = "After a player takes the pile, every other player still in draws a card"
AMENDED = "After a player takes the pile, that player shows the table their lowest hand card."


@pytest.fixture(scope="module")
def builder_room(notebook_server, tmp_path_factory):
    folder = tmp_path_factory.mktemp("builder_room")
    store = str(folder / "rooms.sqlite")
    host, guest = guest_wins_a_round(store, rounds=3)
    url = notebook_server.serve("builder_room", [
        f"from lopti_nb.rooms.widget import RoomWidget\nRoomWidget(store={store!r}, poll=0.3)"])
    return url, host, guest


def _come_back(page, session):
    page.wait_for_selector(".lnb-room .lnb-rejoin-button", timeout=120000)
    page.locator(".lnb-join-code input").fill(session.pretty_code)
    page.locator(".lnb-join-code input").press("Tab")
    page.locator(".lnb-rejoin-key input").fill(session.token)
    page.locator(".lnb-rejoin-key input").press("Tab")
    click(page, "Come back to my seat", exact=True)
    page.wait_for_selector("text=Session: round 1 of 3", timeout=60000)


def _shot(page, name, width):
    page.set_viewport_size({"width": width, "height": 2800})
    page.wait_for_timeout(800)
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= width + 1, f"the page is {scroll} px wide in a {width} px window"
    page.locator(".lnb-room").screenshot(path=str(SHOTS / name))
    page.set_viewport_size({"width": 1200, "height": 1000})


def _amend_from_the_builder(pages: dict, host, guest) -> list:
    """Round 2's Rule Vote, called on the page of the player whose turn it is: amend motion 1
    to a motion built from the menus of the vote form's builder (the event chosen at 1200 px,
    the effect at 400 px). Both vote yes; the round is played on (the bot's moves, by the room
    API) until a pickup, and the amended motion's showing is in both pages' logs. Returns
    axe-core's serious findings on the caller's page with the amendment's builder open."""
    from lopti_nb.games.lopti import events as ev

    started = time.monotonic()
    host.refresh()
    state = host.state
    assert state.vote_open() and state.to_act, "round 2's Rule Vote is not open to call"
    seat = state.to_act[0]
    caller, other = (pages["ann"], pages["bob"]) if seat == 0 else (pages["bob"], pages["ann"])
    room = caller.locator(".lnb-room")
    menu = room.locator(".widget-dropdown:has(label:text-is('Vote on:')) select")
    menu.wait_for(state="visible", timeout=60000)
    # ipywidgets writes an option's spaces as no-break spaces
    labels = menu.evaluate("s => [...s.options].map(o => o.textContent.replace(/\\u00a0/g, ' '))")
    menu.select_option(index=next(i for i, label in enumerate(labels) if label.startswith("Amend motion 1 (")))
    click(room, "built from the menus", exact=True)
    builder = room.locator(".lnb-motion-builder:visible")
    builder.wait_for(timeout=30000)
    builder.locator(".widget-dropdown:has(label:text-is('base event:')) select").select_option("pickup")
    caller.set_viewport_size({"width": 400, "height": 1000})
    builder.locator(".widget-dropdown:has(label:text-is('Effect 1:')) select").select_option("reveal")
    builder.locator(".lnb-motion-preview").get_by_text(AMENDED).wait_for(timeout=30000)
    room.get_by_text("Everyone votes on: amend motion 1 to read").wait_for(timeout=30000)
    builder.scroll_into_view_if_needed()
    caller.wait_for_timeout(300)
    fits = builder.evaluate("b => [b.scrollWidth, b.clientWidth]")
    wide = caller.evaluate("() => document.documentElement.scrollWidth")
    print(f"the amendment's builder at 400 px: {fits[0]} px of {fits[1]} px; page {wide} px wide")
    assert fits[0] <= fits[1] + 1 and wide <= 401, "the amendment's builder scrolls sideways at 400 px"
    builder.screenshot(path=str(SHOTS / "rooms_lopti_builder_amend_400.png"))
    found = axe_violations(caller, context="document.querySelector('.lnb-room')")
    caller.set_viewport_size({"width": 1200, "height": 1000})
    click(room, "Call the Rule Vote", exact=True)
    # the other person votes on a phone: the same page at 400 px, its ballot in the window
    other.set_viewport_size({"width": 400, "height": 800})
    ballot = other.locator(".lnb-room").get_by_role("button", name="Vote yes", exact=True)
    ballot.wait_for(timeout=60000)
    other.get_by_text("amend motion 1 to read").first.wait_for(timeout=30000)
    assert in_the_window(ballot), "the ballot is not in the 400 x 800 window"
    assert not cut_off(other.locator(".lnb-room")), cut_off(other.locator(".lnb-room"))
    for page in (caller, other):
        click(page.locator(".lnb-room"), "Vote yes", exact=True)
    for _ in range(150):  # both ballots are in before the round goes on
        host.refresh()
        if host.state.pending_vote is None:
            break
        time.sleep(0.2)
    assert host.state.motions[0].motion.text == AMENDED, "the amendment did not pass"
    # the round goes on until a pickup: the motion in force now shows the taker's lowest card
    start = len(host.state.events)

    def motion_1_acted(state) -> list:
        return [e for e in state.events[start:] if isinstance(e, (ev.MotionRevealed, ev.MotionDrew)) and e.motion == 1]

    play_room_as_bots({0: host, 1: guest}, 3, motion_1_acted)
    acted = motion_1_acted(host.state)
    assert acted and isinstance(acted[0], ev.MotionRevealed), f"motion 1 did not act as amended: {acted}"
    for page in (caller, other):
        page.wait_for_selector("text=/Motion 1: (Ann|Bob) shows the table /", timeout=60000)
    # on the phone the log line reads whole, in the window
    line = other.locator(".lnb-room li", has_text=re.compile("Motion 1: (Ann|Bob) shows the table ")).first
    assert in_the_window(line) and not cut_off(line), cut_off(line)
    other.set_viewport_size({"width": 1200, "height": 1000})
    print(f"amending from the builder until it acts: {time.monotonic() - started:.1f} s")
    return found


def _host_with_a_proposed_motion(page) -> list:
    """Ann leaves and hosts a new session room from the create form, proposing a ready motion
    ("Propose a motion", offered once a session is chosen): the room opens on the setup vote
    on that motion. Returns axe-core's serious findings on the filled form."""
    started = time.monotonic()
    click(page, "Leave the room", exact=True)
    page.locator(".lnb-create-name input").fill("Ann")
    page.locator(".lnb-create-name input").press("Tab")
    page.locator(".lnb-create-game select").select_option(label="Lopti")
    page.wait_for_selector(".lnb-create-setting-rounds select", timeout=30000)
    page.locator(".lnb-create-players select").select_option(label="2")
    assert page.locator(".lnb-proposed-motion").is_hidden()  # one round: nothing to propose
    page.locator(".lnb-create-setting-rounds select").select_option(label="a session of 2 rounds")
    proposal = page.locator(".lnb-proposed-motion")
    proposal.wait_for(state="visible", timeout=30000)
    proposal.locator("select").first.select_option(label="ace tax")
    page.wait_for_timeout(500)
    found = axe_violations(page, context="document.querySelector('.lnb-room')")
    click(page, "Create a room", exact=True)
    page.locator(".lnb-start-button").wait_for(state="visible", timeout=30000)
    click(page, "Start the game", exact=True)
    page.wait_for_selector("text=bring in the motion", timeout=60000)
    # the setup vote, with its ballot usable on this page
    click(page.locator(".lnb-room"), "Vote yes", exact=True, timeout=10)
    print(f"hosting with a proposed motion: {time.monotonic() - started:.1f} s")
    return found


def test_1_7_a_motion_and_its_amendment_built_from_the_menus_act_on_both_pages(browser, builder_room):
    from lopti_nb.games.lopti import events as ev

    url, host, guest = builder_room
    SHOTS.mkdir(parents=True, exist_ok=True)
    requests, errors, pages = [], [], {}
    try:
        for who, session in (("ann", host), ("bob", guest)):
            page, seen = open_page(browser, url, on={"pageerror": lambda exc: errors.append(str(exc))})
            pages[who] = page
            requests.append(seen)
            _come_back(page, session)
        ann, bob = pages["ann"], pages["bob"]
        builder = bob.locator(".lnb-motion-builder:visible")
        builder.wait_for(timeout=60000)
        ann.wait_for_selector("text=Bob won round 1 and is writing a motion", timeout=60000)
        assert ann.locator(".lnb-motion-builder:visible").count() == 0  # only the winner's page
        # Bob composes from the menus: after a pickup, every other player still in draws a card
        builder.locator(".widget-dropdown:has(label:text-is('base event:')) select").select_option("pickup")
        bob.wait_for_timeout(500)
        builder.locator(".widget-dropdown:has(label:text-is('Who:')) select:visible").first.select_option(
            "others")
        preview = builder.locator(".lnb-motion-preview")
        preview.get_by_text(SAID).wait_for(timeout=30000)
        _shot(bob, "rooms_lopti_builder_bob_1200.png", 1200)
        _shot(bob, "rooms_lopti_builder_bob_400.png", 400)
        found = axe_violations(bob, context="document.querySelector('.lnb-room')")
        click(builder, "Submit this motion", exact=True)
        for page in (ann, bob):
            page.wait_for_selector(f"text=writes motion 1: {SAID}", timeout=60000)
        assert bob.locator(".lnb-motion-builder:visible").count() == 0
        # round 2 is played (the bot's moves, by the room API) until the motion makes a draw
        guest.refresh(), host.refresh()
        assert host.state.motions[0].motion.data is not None
        start = len(host.state.events)
        play_room_as_bots({0: host, 1: guest}, 2, lambda state: any(
            isinstance(e, ev.MotionDrew) for e in state.events[start:]))
        drew = [e for e in host.state.events[start:] if isinstance(e, ev.MotionDrew)]
        assert drew, "no pickup after the motion was stated"
        for page in (ann, bob):
            page.wait_for_selector("text=/Motion 1: (Ann|Bob) draws/", timeout=60000)
        _shot(ann, "rooms_lopti_builder_ann_1200.png", 1200)
        found += _amend_from_the_builder(pages, host, guest)
        found += _host_with_a_proposed_motion(ann)
        assert not found, found
        assert not errors, errors
    finally:
        for page in pages.values():
            page.close()
    assert all(outside_requests(seen) == [] for seen in requests)
