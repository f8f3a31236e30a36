"""Two headless Chromium pages on one Voilà server (the rooms dashboard, served with the
package's page template): one creates a room, the other joins by code, both play with a bot in
the third seat. Screenshots: docs/screenshots/rooms_*.png."""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from lopti_nb import rooms
from browser_support import NotebookServer, click, missing_browser

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("LOPTI_NB_SCREENSHOT_DIR", ROOT / "docs" / "screenshots"))


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    """The rooms dashboard's page URL and its room store (each test makes rooms of its own)."""
    reason = missing_browser()
    if reason:
        pytest.skip(reason)
    folder = tmp_path_factory.mktemp("rooms_dashboard")
    store = folder / "rooms.sqlite"
    shutil.copy(ROOT / "dashboards" / "skull_king_rooms.ipynb", folder)
    server = NotebookServer(folder, ROOT, env={"LOPTI_NB_ROOMS": str(store)}, package_template=True)
    yield server.page_url("skull_king_rooms.ipynb"), str(store)
    server.stop()


def _fill(page, css, value):
    box = page.locator(f"{css} input")
    box.fill(value)
    box.press("Tab")  # ipywidgets Text syncs on change/blur


def _take_turn(page) -> bool:
    """Click the first enabled bid or card button on this page, if it is this page's turn."""
    if "Your turn" not in page.locator(".lnb-room-status").inner_text():
        return False
    bids = page.locator(".lnb-room-bids button:enabled")
    if bids.count():
        bids.first.click()
        page.wait_for_timeout(150)
        return True
    # the card is the control: pick the first card the rules allow, then play the pick
    cards = page.locator(".lnb-room-hand .lnb-hand-card:not([aria-disabled='true'])")
    if cards.count() == 0:
        return False
    # the status read above may be a moment older than the hand: a page that has just played
    # can still say "Your turn" while its cards are already greyed, so a card or the Play
    # button that does not come is "not this page's turn", and the other page is tried
    try:
        cards.first.click(timeout=5000)
        # the play button (a push button), not the "Play on first tap" switch beside it: flipping
        # that would make the card tapped next play at once, and leave this button disabled; and
        # only a shown one: the hidden "Play again" of the game's end is enabled too, and waiting
        # for it to show cost 10 s a turn
        play = page.locator(".lnb-room button.widget-button:enabled", has_text="Play ").filter(visible=True)
        play.first.click(timeout=5000)
    except PlaywrightTimeout:
        return False
    page.wait_for_timeout(150)
    return True


def test_two_pages_create_join_and_play(browser, voila):
    url, store = voila
    SHOTS.mkdir(parents=True, exist_ok=True)
    opened = []  # the contexts this test opened, closed at its end
    try:
        ctx_a = browser.new_context(viewport={"width": 1100, "height": 1000})
        ctx_b = browser.new_context(viewport={"width": 1100, "height": 1000})
        opened += [ctx_a, ctx_b]
        a, b = ctx_a.new_page(), ctx_b.new_page()
        errors, frames = [], {a: [], b: []}
        for page in (a, b):
            _frames(page, frames[page])  # everything the kernel sends the page
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
        b.set_viewport_size({"width": 400, "height": 800})  # Bob is on a phone when the game starts
        a.locator(".lnb-start-button").click()
        for page in (a, b):
            page.wait_for_selector(".lnb-room-hand .lnb-card", timeout=30000)
        # on the phone Bob's bids come into view when his turn starts (no scrolling to find them)
        bid = b.locator(".lnb-room-bids button:enabled").first
        bid.wait_for(timeout=30000)
        where = None
        for _ in range(30):
            where = bid.evaluate("e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; }")
            if 0 <= where[0] and where[1] <= 800:
                break
            b.wait_for_timeout(100)
        print(f"Bob's first bid at {where[0]:.0f}-{where[1]:.0f} px in a 400 x 800 window")
        assert 0 <= where[0] and where[1] <= 800, f"the bids are at {where} px, out of the 800 px window"
        b.set_viewport_size({"width": 1100, "height": 1000})
        # privacy: during the first bids each page draws exactly its own one card
        sess = rooms.Room(rooms.normalize(code), store)
        hands = sess.state.hands
        for page, seat in ((a, 0), (b, 1)):
            drawn = page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
            assert drawn == [f"sk:{hands[seat][0]}"], (drawn, hands)
            sent = "".join(frames[page]).replace('\\"', '"')
            for other in range(3):  # nor is any other seat's card in what the page was sent
                if other != seat:
                    assert f'data-card="sk:{hands[other][0]}"' not in sent, (seat, other)
        # the bids are taken at once: Bob bids before Ann, who is asked first, and Ann's
        # page shows that he has bid, never what (nor the bot's bid), until the reveal
        a.wait_for_selector("text=Also deciding: Bob", timeout=30000)
        click(b.locator(".lnb-room-bids"), "Bid 1", exact=True)
        b.wait_for_selector("text=You bid 1", timeout=30000)
        a.wait_for_selector("div[data-seat='1'] >> text=made (secret)", timeout=30000)
        a.wait_for_timeout(400)
        sess.load()
        assert sess.state.bids[1] == 1 and sess.state.bids[0] is None
        for seat in (1, 2):
            cell = a.locator(f"div[data-seat='{seat}']").inner_text()
            assert "made (secret)" in cell and "bid 1" not in cell and "bid 0" not in cell, cell
        assert a.locator(".lnb-room").inner_text().count("secret ✓") == 2  # bids panel
        a.wait_for_timeout(1000)  # any late frame
        for html in (a.content(), "".join(frames[a])):  # the DOM, and all the kernel sent it
            assert "You bid" not in html and "Bids revealed" not in html
            assert "bid 1 ·" not in html and "bid 1 \\u00b7" not in html and "bid 0 ·" not in html
        assert "Waiting for Ann" in b.locator(".lnb-room-status").inner_text()
        assert _take_turn(a)  # Ann bids: all bids are in, and both pages show them
        for page in (a, b):
            page.wait_for_selector("text=Bids revealed for round 1", timeout=30000)
        a.wait_for_selector("div[data-seat='1'] >> text=bid 1", timeout=30000)
        assert "Bids revealed" in "".join(frames[a])  # the frames do show what was sent
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
        _play_again_on_the_same_pages(a, b, store)
        assert not errors, errors
    finally:
        for context in opened:
            context.close()


def _play_again_on_the_same_pages(a, b, store):
    """The same two pages leave, and come back with their seat keys to a short Drowned Ledger
    room played to its end from Python (Cy hosts, Dee is a guest): only the host's page offers
    Play again; pressing it deals a new game in the same room, which the guest's page follows."""
    import random

    from lopti_nb.engine import get_spec

    started = time.time()
    cy = rooms.create_room("Cy", "drowned-ledger", players=2, store=store, seed=2, mode="plain",
                           hold_limit=3, stand_in_after=None)
    dee = rooms.join_room(cy.code, "Dee", store=store)
    cy.start()
    spec = get_spec("drowned-ledger")
    bot, rng = spec.make_bot(spec.default_bot), random.Random(2)
    while cy.status != rooms.OVER:
        for s in (cy, dee):
            s.refresh()
            if s.my_turn():
                legal = s.state.legal_actions(s.seat)
                s.submit(bot(s.observation(), legal, rng) if len(legal) > 1 else legal[0], expect_seq=s.seq)
    for s in (cy, dee):
        s.leave()  # the pages take the seats (and the host's lease) over
    for page, session in ((a, cy), (b, dee)):  # the host's page first: it takes the lease
        click(page, "Leave the room", exact=True)
        _fill(page, ".lnb-join-code", cy.pretty_code)
        page.locator(".lnb-rejoin-key input").fill(session.token)
        click(page, "Come back to my seat", exact=True)
        page.wait_for_selector("text=Game over", timeout=30000)
        if page is a:
            _wait_button(a, "Play again", timeout=30)
    b.wait_for_selector("text=The host can start another game in this room", timeout=30000)
    _wait_button(b, "Replay this game", timeout=30)  # drawn just after the status line
    assert _button(b, "Play again").count() == 0
    click(a, "Play again", exact=True)
    for page in (a, b):  # the guest's page by its usual polling
        page.wait_for_selector("text=Game 2 in this room starts", timeout=30000)
        page.wait_for_selector(".lnb-room-status >> text=/Your turn|Waiting for/", timeout=30000)
        assert _button(page, "Play again").count() == 0 and _button(page, "Replay this game").count() == 0
        text = page.inner_text(".lnb-room")
        assert "Cy" in text and "Dee" in text and "Game over" not in text
    room = rooms.Room(cy.code, store)
    assert room.game_no == 2 and room.status == rooms.PLAYING and room.record(1)["seed"] == 2
    print(f"play again on the same pages: {time.time() - started:.1f} s")


# -- a Lopti session room: two people call and cast a Rule Vote, Roshambo after a tie -----------
def _frames(page, log: list) -> list:
    """Record every WebSocket frame the kernel sends ``page`` (the widgets' state as sent):
    what the page was told, whether it draws it or not."""
    def on_ws(ws):
        ws.on("framereceived", lambda payload: log.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))
    page.on("websocket", on_ws)
    return log


def _button(page, label):
    """The visible, enabled buttons reading exactly ``label`` (what a person could click now)."""
    import re

    return page.locator("button:visible:enabled", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))


def _wait_button(page, label, timeout=60):
    deadline = time.time() + timeout
    while _button(page, label).count() == 0:
        if time.time() > deadline:
            pytest.fail(f"no {label!r} button on the page: " + page.inner_text(".lnb-room")[-1500:])
        page.wait_for_timeout(200)
    return _button(page, label).first


def _shot(page, name, width):
    """The room (not the dashboard's intro) at ``width`` px, all of it: Voila's page scrolls
    inside its own box, so the window is made tall enough first."""
    page.set_viewport_size({"width": width, "height": 2800})
    page.wait_for_timeout(800)
    _no_overflow(page, width)
    page.locator(".lnb-room").screenshot(path=str(SHOTS / name))
    page.set_viewport_size({"width": 1200, "height": 1000})


def _no_overflow(page, width):
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= width + 1, f"the page is {scroll} px wide in a {width} px window"


def test_1_7_two_pages_vote_in_a_lopti_session_room_and_throw_roshambo(browser, voila):
    """Ann hosts a 4-seat Lopti session room (3 rounds, a 5-throw Roshambo, set in the form)
    from her page, Bob joins from his, bots take the other two seats. The person whose turn
    comes first calls the Rule Vote from their page; each person votes with the buttons on
    their own page, the bots by their stated policy (keep the law as it is: no). Before the
    second person votes, nothing their page holds (its DOM, nor any frame the kernel sent it)
    tells how the first voted, and no page ever holds another seat's hidden hand. 2 yes, 2 no
    is a tie: the caller throws Roshambo from their page against the first bot that voted no,
    a few throws by hand and the rest by "Throw at random for me"; the other person gets no
    throw buttons. The result is shown on both pages, by name. Every request stays on the
    loopback server; axe-core finds nothing serious on the session room page."""
    from lopti_nb.games.lopti.session_game import LoptiSessionState
    from browser_support import axe_violations, outside_requests, watch_requests
    import random

    import lopti_nb

    url, store = voila
    SHOTS.mkdir(parents=True, exist_ok=True)
    opened = []  # the contexts this test opened, closed at its end
    try:
        requests: list = []
        contexts = [browser.new_context(viewport={"width": 1200, "height": 1000}) for _ in range(2)]
        opened += contexts
        for ctx in contexts:
            watch_requests(ctx, requests)
        a, b = [ctx.new_page() for ctx in contexts]
        errors, frames = [], {}
        for page in (a, b):
            frames[page] = _frames(page, [])
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(url, timeout=120000)
            page.wait_for_selector(".lnb-room .lnb-create-button", timeout=120000)
        # Ann: a Lopti session of 3 rounds for 4 players, from the create form
        _fill(a, ".lnb-create-name", "Ann")
        a.locator(".lnb-create-game select").select_option(label="Lopti")
        a.wait_for_selector(".lnb-create-setting-rounds select", timeout=30000)
        a.locator(".lnb-create-players select").select_option("4")
        a.locator(".lnb-create-setting-rounds select").select_option(label="a session of 3 rounds")
        # a practice session's short Roshambo (5 decisive throws), set in the form: the bot's
        # throws come at the room's bot pace, so the rules' 30 would take half a minute here
        # (tests/rooms/test_rooms_multiprocess.py throws the full 30 from four processes)
        _fill(a, ".lnb-create-setting-roshambo-throws", "5")
        a.wait_for_timeout(300)
        a.locator(".lnb-create-button").click()
        a.wait_for_selector("[data-code]", timeout=30000)
        code = a.locator("[data-code]").get_attribute("data-code")
        _fill(b, ".lnb-join-code", code)
        _fill(b, ".lnb-join-name", "Bob")
        b.locator(".lnb-join-button").click()
        b.wait_for_selector("text=Waiting for the host", timeout=30000)
        a.wait_for_selector(".lnb-room-seats >> text=Bob", timeout=30000)
        a.locator(".lnb-start-button").click()  # the two empty seats get bots
        for page in (a, b):
            page.wait_for_selector(".lnb-room-hand .lnb-card", timeout=60000)
            page.wait_for_selector("text=Session: round 1 of 3", timeout=30000)
        room = rooms.Room(rooms.normalize(code), store)
        assert isinstance(room.state, LoptiSessionState) and room.state.rounds == 3
        assert room.record()["settings"]["roshambo_throws"] == 5
        rec = room.record()
        dealt = lopti_nb.new_game("lopti", players=4, seed=rec["seed"], **rec["settings"])
        public = {c for ups in dealt.observation(None)["face_up"] for c in ups}  # face up at the deal

        def hands_private():
            """Each page draws exactly its own hand; no other seat's hidden card is in any
            page's DOM or in anything the kernel sent it."""
            room.load()
            for page, seat in ((a, 0), (b, 1)):
                own = room.state.observation(seat)["hand"]
                drawn = page.locator(".lnb-room-hand [data-card]").evaluate_all(
                    "els => els.map(e => e.dataset.card)")
                assert sorted(drawn) == sorted(f"lopti:{c}" for c in own), (drawn, own)
                sent = page.content() + "".join(frames[page])
                for other in range(4):
                    if other == seat:
                        continue
                    for card in room.state.observation(other)["hand"]:
                        if card not in public:
                            assert f'data-card="lopti:{card}"' not in sent.replace('\\"', '"'), (seat, other, card)

        hands_private()
        # the first person whose turn comes calls the Rule Vote from their page
        deadline = time.time() + 120
        while True:
            callers = [pg for pg in (a, b) if pg.locator("button:visible", has_text="Call the Rule Vote").count()]
            if callers:
                break
            if time.time() > deadline:
                pytest.fail("nobody was offered the Rule Vote: " + a.inner_text(".lnb-room")[-1500:])
            a.wait_for_timeout(300)
        first = callers[0]
        second = b if first is a else a
        names = {a: "Ann", b: "Bob"}
        assert second.locator("button:visible", has_text="Call the Rule Vote").count() == 0
        # nothing is chosen to vote on at first: the person picks a change of base law
        menu = first.locator(".lnb-room .widget-dropdown:has(label:text-is('Vote on:')) select")
        texts = menu.evaluate("el => Array.from(el.options).map(o => o.text)")
        texts = [" ".join(o.split()) for o in texts]  # the page writes non-breaking spaces
        index = next(i for i, o in enumerate(texts) if o.startswith("Base law:"))
        menu.select_option(index=index)
        click(first, "Call the Rule Vote", exact=True, timeout=60)
        for page in (a, b):
            page.wait_for_selector(f"text={names[first]} called the Rule Vote:", timeout=60000)
        assert ", now." in first.inner_text(".lnb-room"), "the call says when it takes effect"
        click(first, "Vote yes", exact=True, timeout=60)
        first.wait_for_selector("text=You voted yes", timeout=60000)
        deadline = time.time() + 60
        while True:  # the second page learns that the first has voted (not how)
            said = second.inner_text(".lnb-room")
            if "Voted:" in said and names[first] in said.split("Voted:")[1].split("Still to vote")[0]:
                break
            if time.time() > deadline:
                pytest.fail("the second page never showed the first ballot cast: " + said[-1500:])
            second.wait_for_timeout(300)
        _wait_button(second, "Vote yes")  # still Bob's (or Ann's) to cast
        second.wait_for_timeout(1500)  # let any late frame arrive
        room.load()
        vote = room.state.vote
        assert vote is not None and vote.missing
        # privacy: nothing on the second page (DOM or frames) tells how the first voted
        html = second.content()
        sent = "".join(frames[second])
        for text in (html, sent):
            assert "You voted" not in text and "Every ballot is in" not in text
            assert f"yes: {names[first]}" not in text and "voted yes" not in text
            assert '"my_ballot"' not in text and "Ballot(" not in text
        status = second.inner_text(".lnb-room")
        assert "Still to vote: " in status and names[second] in status.split("Still to vote:")[1]
        hands_private()
        _shot(second, f"rooms_lopti_vote_{names[second].lower()}_1200.png", 1200)
        found = axe_violations(second, context="document.querySelector('.lnb-room')")  # Yes/No on screen
        click(second, "Vote yes", exact=True)
        # bots vote no (keep things as they are): 2-2, a tie: Roshambo
        for page in (a, b):
            page.wait_for_selector("text=Every ballot is in", timeout=60000)
            page.wait_for_selector("text=A tie: Roshambo decides", timeout=60000)
        assert "Every ballot is in" in "".join(frames[second])  # the frames do show what was sent
        room.load()
        contest = room.state.vote.contest
        seat_of = {a: 0, b: 1}
        assert seat_of[first] in contest.pair and seat_of[second] not in contest.pair
        _wait_button(first, "Rock")
        assert _button(second, "Rock").count() == 0 and _button(second, "Paper").count() == 0
        _shot(first, f"rooms_lopti_vote_{names[first].lower()}_1200.png", 1200)
        _shot(first, f"rooms_lopti_vote_{names[first].lower()}_400.png", 400)
        found += axe_violations(first, context="document.querySelector('.lnb-room')")  # Rock/Paper/Scissors
        rng = random.Random(7)
        deadline = time.time() + 240
        throws = 0
        while True:
            room.load()
            if room.state.vote is None:
                break
            if time.time() > deadline:
                pytest.fail(f"Roshambo did not finish in time ({throws} throws)")
            throw = rng.choice(["Rock", "Paper", "Scissors"])
            if throws < 3 and _button(first, throw).count():
                click(first, throw, exact=True)  # a few throws by hand...
                throws += 1
            elif throws == 3 and _button(first, "Throw at random for me").count():
                click(first, "Throw at random for me", exact=True)  # ...then the rest at random
                throws += 1
            first.wait_for_timeout(150)
            assert _button(second, "Rock").count() == 0
        done = room.state.votes[0]
        assert done.yes == 2 and done.no == 2 and done.roshambo.decisive >= 5
        result = "passed" if done.passed else "failed"
        for page in (a, b):
            page.wait_for_selector(f"text={result} (2 yes, 2 no, nobody abstained)", timeout=60000)
            page.wait_for_selector("text=This round's Rule Vote has been held", timeout=60000)
            text = page.inner_text(".lnb-room")
            assert "Ann" in text and "Bob" in text and "Seat 0" not in text and "Seat 4" not in text
        _shot(second, f"rooms_lopti_vote_{names[second].lower()}_400.png", 400)
        _shot(first, f"rooms_lopti_vote_{names[first].lower()}_done_1200.png", 1200)
        hands_private()
        outside = outside_requests(requests)
        print(f"{len(requests)} requests, {len(outside)} outside the loopback server")
        assert not outside, outside
        assert not found, found
        assert not errors, errors
    finally:
        for context in opened:
            context.close()
