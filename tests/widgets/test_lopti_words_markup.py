"""Lopti's words motions and amendments are text people type: at the table and on the pages
of a room they are shown escaped and in their own direction (``<bdi>``), never as markup, and
so is a replay of the round they were in force in. The people are named with markup too (the name check's markup
refusal switched off, as in tests/conformance/test_markup.py)."""
from __future__ import annotations

import pytest
from markup_support import TYPED, Seen, drawn, guest_writes_a_motion, isolated, markup_names
from widgets.test_lopti_session_table import click, play_until, set_value, won_by_a_person

from lopti_nb.widgets.replay import replay

AMENDED = '<svg onload=alert(2)> \u202eamended'  # markup and a right-to-left override


@pytest.fixture(autouse=True)
def names_may_hold_markup(monkeypatch):
    monkeypatch.setattr("lopti_nb.text.MARKUP", "")


def test_1_7_a_words_motion_and_its_amendment_are_shown_as_text():
    names = markup_names(2)
    t, rng = won_by_a_person(range(40), players=2, humans=1, names=names, rounds=3)
    view = t.view
    seen = Seen(names)
    set_value(t, view.own_words, TYPED)
    click(t, "Adopt my own words")
    assert t.state.motions[0].text == TYPED  # kept as typed; only its showing is escaped
    seen.look(t, "the motion adopted")
    assert TYPED in seen.shown and seen.isolated, view.motions_html.value
    play_until(t, rng, lambda t: t.state.phase == "playing" and t.state.current_player == 0)
    seen.look(t, "round 2")
    set_value(t, view.vote_what, "amend:1")
    set_value(t, view.vote_words, AMENDED)
    seen.look(t, "the amendment written")
    click(t, "Call the Rule Vote")
    click(t, "Vote yes")
    seen.look(t, "the amendment voted on")
    vote_html = view.vote_text.value + view.ballot_text.value + view.history.value + t.log_html.value
    assert "<svg onload" not in vote_html
    # the session's record, replayed, shows the motion in force as text
    r = replay(t.state.record())
    for step in (0, r.end):
        r.show(step)
        seen.look(r, f"the replay at move {step}")
    assert not set(names) - seen.shown


def test_1_7_a_guests_words_motion_and_amendment_are_text_on_both_room_pages(tmp_path):
    """Bob, a guest, wrote the motion and then calls a vote to amend it, both in markup (by
    the room API, as a hostile kernel may); both pages show them as text, in their own
    direction."""
    from lopti_nb.games.lopti.session_game import CallVote
    from lopti_nb.rooms.widget import RoomWidget

    store = str(tmp_path / "rooms.sqlite")
    host, guest = guest_writes_a_motion(store, TYPED)
    pages = []
    for s in (host, guest):
        page = RoomWidget(store=store, start_timer=False, bot_pace=0)
        page.join_code.value = s.pretty_code
        page.rejoin_key.value = s.token
        page.rejoin_button.click()
        assert page.session is not None and page.session.seat == s.seat, page.status.value
        pages.append(page)
    seen = Seen([])
    for page in pages:
        seen.look(page, f"seat {page.session.seat + 1}, the motion")
    assert TYPED in seen.shown and seen.isolated
    # round 2 is under way: the first to act is Bob or Ann; Bob calls the vote on his turn
    for _ in range(40):
        host.refresh(), guest.refresh()
        if guest.my_turn():
            break
        host.submit(host.state.legal_actions(host.seat)[0], expect_seq=host.seq)
    guest.submit(CallVote("amend", motion=1, text=AMENDED), expect_seq=guest.seq)
    for page in pages:
        page.poll_once()
        seen.look(page, f"seat {page.session.seat + 1}, the amendment")
        shown_as_html = "".join(drawn(page)[0])
        assert isolated(AMENDED, shown_as_html) and "<svg onload" not in shown_as_html
