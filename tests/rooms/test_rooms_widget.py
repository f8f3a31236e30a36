"""The room widget in one process: two widgets (two devices) on one store, a bot in seat 2."""
from __future__ import annotations

import random

import ipywidgets as W
import pytest

from lopti_nb import rooms
from lopti_nb.engine import game_names
from lopti_nb.rooms.widget import RoomWidget
from lopti_nb.widgets.testing import visible_widgets


def enabled_buttons(widget, within):
    from lopti_nb.widgets.hand import CardHand

    cards = [c for w in visible_widgets(within) if isinstance(w, CardHand) for c in w.toggles
             if not c.disabled and not c.value]  # a card is the control: a click picks it
    return [w for w in visible_widgets(within) if isinstance(w, W.Button) and not w.disabled
            and w.description.startswith(("Bid", "Play", "Tigress"))] + cards


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
    # markup in a name is refused, with the sentence on the page and no seat taken
    b.join_name.value = "Bob <script>"
    b.join_button.click()
    assert b.session is None and "contain &lt;, &gt;, &amp; or" in b.status.value and "<script>" not in b.status.value
    b.join_name.value = "Bob O'Hara"
    b.join_button.click()
    assert b.session is not None and b.session.seat == 1
    assert "O'Hara" not in b.title.value + b.lobby_seats.value  # the apostrophe is escaped too
    assert b.host_controls.layout.display == "none"
    a.poll_once()
    assert "Bob O&#x27;Hara" in a.lobby_seats.value
    a.add_bot_button.click()
    a.start_button.click()
    assert a.table_box.layout.display == "flex"
    b.poll_once()
    assert b.table_box.layout.display == "flex"
    rng = random.Random(3)
    both_bidding = 0
    for _ in range(200):
        for w in (a, b):
            w.poll_once()
        if a.session.state.round > 2:
            break
        # the bids are taken at once: both devices offer them together
        both_bidding += a.session.my_turn() and b.session.my_turn()
        for w in (a, b):
            buttons = enabled_buttons(w, w.view.widget)
            if w.session.my_turn():
                assert buttons, w.status.value
                rng.choice(buttons).click()
                assert "Your turn" not in w.status.value or w.session.my_turn()
            else:
                assert not buttons
    assert a.session.state.round > 2
    assert both_bidding >= 2
    # the host's poll moved the bot (seat 2) among the seats to bid before the people bid
    assert [r["by"] for r in a.session.store.log(a.session.code)[:3]] == ["bot", "human", "human"]
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


def clickable(root):
    """Visible, enabled buttons and toggles under ``root`` (what a person could click)."""
    from lopti_nb.widgets.hand import CardHand

    buttons, toggles = [], []
    for w in visible_widgets(root):
        if isinstance(w, CardHand):  # the cards are the controls: the ones the rules allow
            toggles.extend(c for c in w.toggles if not c.disabled)
            continue
        if getattr(w, "disabled", True):
            continue
        if isinstance(w, W.Button):
            buttons.append(w)
        elif isinstance(w, W.ToggleButton):
            toggles.append(w)
    return buttons, toggles


def person_moves(w, rng) -> bool:
    """One move by the person at this device, through the game's view: pick cards, then click
    an enabled action button. ``False`` if the view offers nothing to click."""
    seq = w.session.seq
    for _ in range(20):
        buttons, toggles = clickable(w.view.widget)
        if toggles and (not buttons or rng.random() < 0.5):
            t = rng.choice(toggles)
            t.value = not t.value
            if w.session.seq > seq:  # with "Play on first tap" on, a tap on a card plays it
                return True
            continue
        if not buttons:
            return False
        rng.choice(buttons).click()
        if w.session.seq > seq:
            return True
    return w.session.seq > seq


def two_devices(tmp_path, game, players=2, **settings):
    url = str(tmp_path / "rooms.sqlite")
    a = RoomWidget(store=url, start_timer=False, bot_pace=0)
    b = RoomWidget(store=url, start_timer=False, bot_pace=0)
    a.create_name.value = "Ann"
    a.create_game.value = game
    a.create_players.value = players
    for name, value in settings.items():
        a.create_settings[name].value = value
    a.create_button.click()
    assert a.session is not None, a.status.value
    b.join_code.value = a.session.pretty_code
    b.join_name.value = "Bob"
    b.join_button.click()
    a.poll_once()
    return a, b


def play_through_the_views(a, b, rng, max_moves):
    moves = 0
    while moves < max_moves and not a.session.state.is_over:
        for w in (a, b):
            w.poll_once()
        for w in (a, b):
            if w.session.my_turn():
                assert person_moves(w, rng), w.status.value
                moves += 1
            else:
                assert not clickable(w.view.widget)[0], "a button is enabled out of turn"
    return moves


def test_the_form_follows_the_chosen_game(tmp_path):
    w = RoomWidget(store=str(tmp_path / "rooms.sqlite"), start_timer=False)
    assert w.create_game.value == "skull-king" and "Game rooms" in w.title.value
    # every installed game (the test suite also installs a toy plugin game)
    assert [v for _, v in w.create_game.options] == list(game_names())
    assert {"lopti", "skull-king", "drowned-ledger"} <= set(game_names())
    w.create_game.value = "drowned-ledger"
    assert w.create_players.options == (2, 3, 4, 5) and w.create_players.value == 4
    assert set(w.create_settings) == {"mode", "hold_limit"}
    mode = w.create_settings["mode"]
    assert [label for label, _ in mode.options] == ["with offices", "plain (no offices)"]
    shown = " ".join(x.value for x in visible_widgets(w.settings_box) if isinstance(x, W.HTML))
    assert "twelve public offices" in shown and "before surfacing" in shown
    assert w.create_bot.value == "mix" and "seller" in [value for _, value in w.create_bot.options]
    mode.value = "plain"
    w.create_game.value = "lopti"
    assert set(w.create_settings) == {"swap", "play_on", "rounds", "roshambo_throws"}  # rounds, and a session's Roshambo
    assert w.create_settings["swap"].options[0][0].startswith("swap before play")
    w.create_game.value = "drowned-ledger"  # back again: the choices made are still there
    assert w.create_settings["mode"].value == "plain"


def test_a_drowned_ledger_room_played_to_the_end_through_the_views(tmp_path):
    a, b = two_devices(tmp_path, "drowned-ledger", mode="plain", hold_limit=3)
    assert "The Drowned Ledger · room" in a.title.value and "hold limit 3" in a.title.value
    assert "Bob" in a.lobby_seats.value and "Seat" not in a.lobby_seats.value
    a.start_button.click()
    b.poll_once()
    settings = a.session.state.settings
    assert (settings["mode"], settings["hold_limit"]) == ("plain", 3)
    moves = play_through_the_views(a, b, random.Random(4), max_moves=3000)
    for w in (a, b):
        w.poll_once()
    assert a.session.state.is_over and moves > 5
    assert "Game over" in a.status.value and "Game over" in b.status.value
    assert "Ann" in b.seats_html.value and "Bob" in a.seats_html.value
    log = a.session.store.log(a.session.code)
    assert {r["seat"] for r in log if r["by"] == "human"} == {0, 1}


def test_a_lopti_room_through_the_views(tmp_path):
    a, b = two_devices(tmp_path, "lopti", players=3, swap=False)
    a.add_bot_button.click()
    a.start_button.click()
    b.poll_once()
    assert "Lopti · room" in b.title.value and "swap at the deal off" in b.title.value
    moves = play_through_the_views(a, b, random.Random(2), max_moves=40)
    assert moves == 40 or a.session.state.is_over
    log = a.session.store.log(a.session.code)
    assert {r["by"] for r in log} == {"human", "bot"}
    # the log names people by their display names, not by seat numbers
    assert "Seat 1" not in a.log_html.value and "Bob" in a.log_html.value


def test_a_bid_clicked_while_the_others_bid_still_counts(tmp_path):
    """The bids are taken at once: Bob's page shows the table before the bot's and Ann's bids
    reach the store; his click then meets a log that has moved on. It is the same decision
    (he is still to bid, with the same choices), so his bid is taken, not refused as stale;
    clicking again is refused (he has bid), and nothing is logged twice."""
    url = str(tmp_path / "rooms.sqlite")
    a = RoomWidget(store=url, start_timer=False, bot_pace=0)
    b = RoomWidget(store=url, start_timer=False, bot_pace=0)
    a.create_name.value = "Ann"
    a.create_players.value = 3
    a.create_button.click()
    b.join_code.value = a.session.pretty_code
    b.join_name.value = "Bob"
    b.join_button.click()
    a.poll_once()
    a.start_button.click()
    b.poll_once()
    assert b.session.my_turn() and b.session.seq == 0
    assert "Also deciding: Ann and Bot 3 (heuristic)" in b.status.value
    a.poll_once()  # the host moves the bot
    enabled_buttons(a, a.view.widget)[0].click()  # Ann bids
    assert a.session.seq == 2 and b.session.seq == 0  # Bob's page has not looked again
    enabled_buttons(b, b.view.widget)[-1].click()
    assert 'role="alert"' not in b.status.value, b.status.value
    log = b.session.store.log(b.session.code)
    assert [(r["seat"], r["by"]) for r in log] == [(2, "bot"), (0, "human"), (1, "human")]
    assert b.session.state.observation(1)["phase"] == "play"
    b.act(b.session.state.actions[2])  # the same bid again, as a double click would send it
    assert "not your turn" in b.status.value and len(b.session.store.log(b.session.code)) == 3


def test_a_finished_room_shows_only_the_scores_and_its_replay(tmp_path):
    """At the end of a game each page keeps the final scores and offers "Replay this game" (the
    game as that page's seat saw it); no play control is left, greyed or not, and no line says
    a move is not possible now. Before the end there is no replay: it would show hidden cards.
    The host's page alone offers Play again: a new deal in the same room, which the guest's
    page follows; at the end of that game the replay is of the game just finished."""
    from lopti_nb.rooms.errors import WrongPhase
    from lopti_nb.widgets.replay import Replay

    a, b = two_devices(tmp_path, "drowned-ledger", mode="plain", hold_limit=3)
    a.start_button.click()
    b.poll_once()
    assert a.replay_button.layout.display == "none"
    with pytest.raises(WrongPhase):
        a.open_replay()
    play_through_the_views(a, b, random.Random(4), max_moves=3000)
    for w in (a, b):
        w.poll_once()
    assert a.session.state.is_over
    for w in (a, b):
        shown = list(visible_widgets(w))
        buttons = [x for x in shown if isinstance(x, (W.Button, W.ToggleButton))]
        assert not [x.description for x in buttons if x.disabled], "a greyed control is left"
        # and on the host's page only (whose kernel may start it), Play again
        assert {x.description for x in buttons} == {"Replay this game", "Leave the room", "Show my seat key",
                                                    *(["Play again"] if w is a else [])}
        words = " ".join(x.value for x in shown if isinstance(x, W.HTML))
        assert "not possible now" not in words
        assert w.scores_html.value and w.scores_html in shown  # the final scores stay
        w.replay_button.click()
        replay = w.replay_box.children[0]
        assert isinstance(replay, Replay) and replay in list(visible_widgets(w))
        assert replay.seat == w.session.seat and replay.end == a.session.seq
    assert a.replay_box.children[0] is not b.replay_box.children[0]
    # Play again: a new game in the same room, which the guest's page follows at its next look
    assert "The host can start another game" in b.status.value
    first = a.session.room.record()
    a.again_button.click()
    b.poll_once()
    for w in (a, b):
        assert w.session.room.game_no == 2 and not w.session.state.is_over
        assert "Game over" not in w.status.value and w.view_box.layout.display != "none"
        assert w.end_box.layout.display == "none" and w.replay_box.children == ()
        assert "Game 2 in this room starts" in w.log_html.value
        assert "Ann" in w.seats_html.value and "Bob" in w.seats_html.value
    assert play_through_the_views(a, b, random.Random(5), max_moves=3000) > 5
    for w in (a, b):
        w.poll_once()
    assert a.session.state.is_over and a.again_button.layout.display != "none"
    # "Replay this game" replays the game just finished (the second); the first stays at hand
    replay = b.open_replay()
    assert replay.actions == b.session.state.actions and b.session.room.record(1) == first
    assert b.session.room.record()["seed"] != first["seed"]


def test_a_room_brings_the_next_control_into_view_when_the_seat_s_turn_starts(tmp_path):
    """The page's turn focus (what scrolls the next control into view on a phone) moves when
    this seat's turn starts, only then, and never for a redraw in the same position."""
    a, b = two_devices(tmp_path, "skull-king", players=3)
    moved_out_of_turn = []
    for w in (a, b):
        w.turn_focus.observe(lambda c, w=w: w.session.my_turn() or moved_out_of_turn.append(w),
                             names="turn")
    a.add_bot_button.click()
    a.start_button.click()
    b.poll_once()
    rng = random.Random(5)
    waited = {id(a): False, id(b): False}
    starts = 0
    for _ in range(60):
        for w in (a, b):
            before = w.turn_focus.turn
            w.poll_once()
            if w.session.my_turn() and waited[id(w)]:  # a turn started since this page last looked
                assert w.turn_focus.turn > before
                starts += 1
            waited[id(w)] = not w.session.my_turn()
            before = w.turn_focus.turn
            w.key_toggle.value = not w.key_toggle.value  # a redraw in the same position
            assert w.turn_focus.turn == before
        for w in (a, b):
            if w.session.my_turn():
                assert person_moves(w, rng), w.status.value
                waited[id(w)] = not w.session.my_turn()
    assert not moved_out_of_turn and starts >= 5
    assert a.turn_focus.turn >= 5 and b.turn_focus.turn >= 5
