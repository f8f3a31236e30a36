"""The room widget in one process: two widgets (two devices) on one store, a bot in seat 2."""
from __future__ import annotations

import random

import ipywidgets as W
import pytest

from lopti_nb import rooms
from lopti_nb.rooms.widget import RoomWidget
from lopti_nb.widgets.testing import visible_widgets


def enabled_buttons(widget, within):
    return [w for w in visible_widgets(within) if isinstance(w, W.Button) and not w.disabled
            and w.description.startswith(("Bid", "Play", "Tigress"))]


def test_two_devices_play_a_round_through_the_widget(tmp_path):
    url = str(tmp_path / "rooms.sqlite")
    a = RoomWidget(store=url, start_timer=False, bot_pace=0)
    b = RoomWidget(store=url, start_timer=False, bot_pace=0)
    a.create_name.value = "Ann"
    a.create_players.value = 3
    a.create_settings["scoring"].value = "rascal"
    a.create_button.click()
    assert a.session is not None and a.lobby_box.layout.display == "flex"
    code = a.session.pretty_code
    assert code in a.code_html.value
    # a wrong code, then a duplicate name, then the right one
    b.join_code.value = "ZZZZ-ZZZZ"
    b.join_name.value = "Ann"
    b.join_button.click()
    assert "No room has the code" in b.status.value and b.session is None
    b.join_code.value = code.lower()
    b.join_button.click()
    assert "already called" in b.status.value
    b.join_name.value = "Bob <script>"
    b.join_button.click()
    assert b.session is not None and b.session.seat == 1
    assert "<script>" not in b.title.value + b.lobby_seats.value
    assert b.host_controls.layout.display == "none"
    a.poll_once()
    assert "Bob &lt;script&gt;" in a.lobby_seats.value
    a.add_bot_button.click()
    a.start_button.click()
    assert a.table_box.layout.display == "flex"
    b.poll_once()
    assert b.table_box.layout.display == "flex"
    rng = random.Random(3)
    for _ in range(200):
        for w in (a, b):
            w.poll_once()
        if a.session.state.round > 2:
            break
        for w in (a, b):
            buttons = enabled_buttons(w, w.view.widget)
            if w.session.my_turn():
                assert buttons, w.status.value
                rng.choice(buttons).click()
                assert "Your turn" not in w.status.value or w.session.my_turn()
            else:
                assert not buttons
    assert a.session.state.round > 2
    assert a.session.store.log(a.session.code)[0]["by"] == "human"
    # each page shows its own hand only
    hand_a = set(a.session.observation()["hand"])
    hand_b = set(b.session.observation()["hand"])
    assert hand_a != hand_b
    assert "Ann" in b.seats_html.value and "Bob" in a.seats_html.value


def test_leave_and_come_back_with_the_key(tmp_path):
    url = str(tmp_path / "rooms.sqlite")
    a = RoomWidget(store=url, start_timer=False)
    a.create_name.value = "Ann"
    a.create()
    a.key_toggle.value = True
    assert a.session.token in a.key_html.value
    a.leave()
    assert a.session is None and "Come back" in a.status.value
    a.rejoin_button.click()
    assert a.session is not None and a.session.seat == 0


def test_wrong_codes_slow_down(tmp_path):
    w = RoomWidget(store=str(tmp_path / "rooms.sqlite"), start_timer=False)
    w.join_name.value = "Eve"
    for i in range(4):
        w.join_code.value = rooms.new_code()
        w.join()
    assert "Please wait" in w.status.value
