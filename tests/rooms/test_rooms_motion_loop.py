"""A guest who wins a round in a room writes a motion that would make a turn go on for ever: the
refusal and its reason are on the guest's own page, nothing is stored, and the room plays on
(rules reference §1.7: no motion can loop). The round runs in the host's kernel, so a motion the
constitution let through would stall the room for everyone."""
from __future__ import annotations

import pytest

from lopti_nb import rooms
from lopti_nb.games.lopti.session_game import Author
from lopti_nb.rooms.widget import RoomWidget
from lopti_nb.widgets.testing import visible_widgets, widget_text
from browser_support import click

LOOP = {"when": "after clear", "then": [{"effect": "return cleared cards", "to": "actor", "n": 8}]}


def _seed_where_the_guest_wins(url: str):
    """A room of two people (Ann hosts, Bob joins on his own device) whose first round Bob wins
    when both play their first listed action."""
    for seed in range(40):
        host = rooms.create_room("Ann", "lopti", players=2, rounds=2, store=url, seed=seed, swap=False)
        bob = RoomWidget(store=url, start_timer=False, bot_pace=0)
        bob.join_code.value = host.pretty_code
        bob.join_name.value = "Bob"
        click(bob, bob.join_button.description, exact=True)
        host.start()
        guest = bob.session
        for _ in range(3000):
            guest.refresh(), host.refresh()
            state = host.state
            if state.phase != "playing":
                break
            mover = host if host.my_turn() else guest
            mover.submit(state.legal_actions(mover.seat)[0], expect_seq=mover.seq)
        host.refresh()
        if host.state.phase == "authoring" and host.state.author_seat == guest.seat:
            bob.poll_once()
            return host, bob
    pytest.fail("no seed lets the guest win the first round")


def _set(root, widget, value) -> None:
    """Choose a menu's value as a person can: the menu is on screen and enabled."""
    assert any(w is widget for w in visible_widgets(root)) and not widget.disabled, widget.description
    widget.value = value


def test_1_7_a_guest_who_writes_a_looping_motion_is_refused_on_their_page_and_the_room_plays_on(tmp_path):
    host, bob = _seed_where_the_guest_wins(str(tmp_path / "rooms.sqlite"))
    builder = bob.view.builder
    assert any(w is builder for w in visible_widgets(bob)), "the winner's page shows the builder"
    editor = builder.rules[0]
    _set(bob, editor.phase, "after")
    _set(bob, editor.event, "clear")
    effect = editor.effects[0]
    _set(bob, effect.effect, "return cleared cards")
    _set(bob, effect.fields["to"], "actor")
    _set(bob, effect.fields["n"], 8)
    text = widget_text(bob)
    assert "cannot loop" in text and "the player whose turn it is" in text
    assert builder.submit_button.disabled
    # the same motion sent past the builder is refused by the host's game, and nothing is stored
    seq = host.seq
    with pytest.raises(rooms.RoomError, match="cannot loop"):
        bob.session.submit(Author(LOOP), expect_seq=bob.session.seq)
    host.refresh()
    assert host.seq == seq and host.state.phase == "authoring" and not host.state.motions
    # Bob writes a motion that ends; round two is dealt and Ann plays on
    bob.session.submit(Author({"when": "after clear", "then": [
        {"effect": "return cleared cards", "to": "others", "n": 8}]}), expect_seq=bob.session.seq)
    host.refresh()
    assert host.state.phase == "playing" and host.state.in_force()
    for _ in range(50):
        host.refresh()
        if host.my_turn():
            host.submit(host.state.legal_actions(host.seat)[0], expect_seq=host.seq)
            break
        bob.session.submit(bob.session.state.legal_actions(bob.session.seat)[0], expect_seq=bob.session.seq)
    assert host.seq > seq + 1
