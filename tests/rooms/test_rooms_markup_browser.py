"""A hostile guest in a room, in a real browser: what they type reaches the host's page as
text. The guest joined as Bob, won round 1 of a Lopti session and wrote a words motion that
is an ``<img onerror>``; the host's page (the room widget served by Voilà, opened in headless
Chromium) comes back to its seat and shows the motion. No dialog opens, no ``img`` element is
made, the motion reads as typed. Before that, the page tries to join under the name
``<style onload=alert(1)>``: it is refused with its sentence on the page."""
from __future__ import annotations

import pytest
from browser_support import axe_violations, open_page, outside_requests
from markup_support import guest_writes_a_motion

pytestmark = pytest.mark.browser
WORDS = "<img src=x onerror=alert(1)> walks the plank"
BAD_NAME = "<style onload=alert(1)>"  # 23 characters: within the length limit


@pytest.fixture(scope="module")
def room_page(notebook_server, tmp_path_factory):
    folder = tmp_path_factory.mktemp("markup_room")
    store = str(folder / "rooms.sqlite")
    host, guest = guest_writes_a_motion(store, WORDS)
    url = notebook_server.serve("markup_room", [
        f"from lopti_nb.rooms.widget import RoomWidget\nRoomWidget(store={store!r}, poll=0.3)"])
    return url, host, folder


def test_a_guests_markup_is_text_on_the_hosts_page(browser, room_page):
    url, host, folder = room_page
    dialogs, errors = [], []
    page, requests = open_page(browser, url, 1000, 900, on={
        "dialog": lambda d: (dialogs.append(d.message), d.dismiss()),
        "pageerror": lambda exc: errors.append(str(exc))})
    try:
        page.wait_for_selector(".lnb-room .lnb-join-button", timeout=120000)
        # a name with markup: refused, its sentence on the page, no seat taken
        page.locator(".lnb-join-code input").fill(host.pretty_code)
        page.locator(".lnb-join-code input").press("Tab")
        page.locator(".lnb-join-name input").fill(BAD_NAME)
        page.locator(".lnb-join-name input").press("Tab")
        page.locator(".lnb-join-button").click()
        alert = page.locator(".lnb-room [role=alert]", has_text="can't contain")
        alert.wait_for(timeout=30000)
        assert 'A name can\'t contain <, >, & or ".' in alert.inner_text()
        assert page.locator("style[onload]").count() == 0
        assert [s and s["name"] for s in host.room.meta["seats"]] == ["Ann", "Bob"]
        # the host comes back to their seat: the guest's motion is on the page, as text
        page.locator(".lnb-rejoin-key input").fill(host.token)
        page.locator(".lnb-rejoin-key input").press("Tab")
        page.locator(".lnb-rejoin-button").click()
        shown = page.get_by_text(WORDS, exact=False).first
        shown.wait_for(timeout=60000)
        page.wait_for_timeout(1500)  # an onerror would fire once the image failed to load
        assert dialogs == [], "a script of the guest's ran on the host's page"
        assert WORDS in page.locator(".lnb-room").inner_text()
        assert page.locator("img[onerror]").count() == 0 and page.locator("img[src='x']").count() == 0
        assert page.locator("bdi", has_text=WORDS).count() >= 1  # in its own direction
        assert errors == []
        assert axe_violations(page) == []
        page.screenshot(path=str(folder / "host_page.png"), full_page=True)  # to look at
    finally:
        page.close()
    assert outside_requests(requests) == []
