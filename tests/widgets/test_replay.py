"""lopti_nb.replay: a finished game stepped forward and back, as a seat saw it or all open."""
import json
import re
import random

import pytest

import lopti_nb
from lopti_nb.engine import LoptiNbError, RecordError, UnknownSeat, game_names
from lopti_nb.widgets.replay import Replay
from lopti_nb.widgets.testing import visible_widgets


def _finished(game, seed=2, players=None):
    state = lopti_nb.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


def _click(widget, button):
    assert any(w is button for w in visible_widgets(widget)) and not button.disabled
    button.click()


@pytest.mark.parametrize("game", game_names())
def test_replay_goes_to_the_end_and_back(game):
    state = _finished(game)
    widget = lopti_nb.replay(state.record())
    assert isinstance(widget, Replay) and widget.step == 0 and widget.end == len(state.actions)
    assert widget.back_button.disabled and widget.first_button.disabled
    _click(widget, widget.forward_button)
    assert widget.step == 1 and widget.slider.value == 1
    widget.slider.value = widget.end  # dragging the slider to its end
    assert widget.step == widget.end and widget.forward_button.disabled
    assert "game is over" in widget.title_html.value
    assert widget.state_at(widget.end).events == state.events
    for _ in range(3):
        _click(widget, widget.back_button)
    assert widget.step == widget.end - 3
    _click(widget, widget.first_button)
    assert widget.step == 0 and widget.slider.value == 0
    _click(widget, widget.last_button)
    assert widget.step == widget.end
    while widget.step > 0:  # every position can be drawn, backwards too
        widget.show(widget.step - max(1, widget.end // 15))
    assert widget.step == 0


def test_replay_as_a_seat_hides_the_other_hands():
    state = _finished("skull-king", seed=5, players=3)
    widget = lopti_nb.replay(json.dumps(state.record()), seat=0)
    checked = 0
    for step in range(0, widget.end, 7):
        widget.show(step)
        position = widget.state_at(step)
        if position.phase != "play":
            continue
        # number cards are one of a kind: another hand's number card is nowhere in this view
        others = {c for s in (1, 2) for c in position.hands[s] if c[0] in "YPGB" and c[1:].isdigit()}
        html = widget.position_html.value
        shown = set(re.findall(r"[A-Za-z0-9:-]+", html))
        assert set(position.hands[0]) <= shown
        assert not others & shown
        checked += 1
        widget.seat_choice.value = None  # all cards open: every hand is shown
        html = widget.position_html.value
        for card in others:
            assert card in html
        widget.seat_choice.value = 0
    assert checked >= 5
    assert "As Seat 1 saw it" in [label for label, _ in widget.seat_choice.options]


def test_replay_as_a_seat_hides_secret_bids_in_its_words():
    state = _finished("skull-king", seed=6, players=3)
    widget = lopti_nb.replay(state.record(), seat=2)
    widget.show(1)  # the first bid of the game, made by another seat in secret
    assert widget._actors[0] != 2
    assert "Bid" not in widget.title_html.value and "moved" in widget.title_html.value


@pytest.mark.parametrize("bad, error", [
    ("not json", RecordError),
    ({"game": "lopti"}, RecordError),
    (42, RecordError),
    ({"game": "no such game", "settings": {}, "seed": 1, "players": 2, "actions": []}, LoptiNbError),
])
def test_replay_refuses_bad_records(bad, error):
    with pytest.raises(error):
        lopti_nb.replay(bad)


def test_replay_refuses_a_record_that_does_not_replay_and_a_seat_not_at_the_table():
    record = _finished("drowned-ledger").record()
    broken = {**record, "actions": record["actions"][:3] + ["Sell(card='Compass 1')"]}
    with pytest.raises(RecordError):
        lopti_nb.replay(broken)
    with pytest.raises(UnknownSeat):
        lopti_nb.replay(record, seat=4)
    with pytest.raises(LoptiNbError):
        lopti_nb.replay(record, seat="one")
    with pytest.raises(LoptiNbError):
        lopti_nb.replay(record, sear=1)  # an unknown argument
    widget = lopti_nb.replay(record)
    with pytest.raises(RecordError):
        widget.state_at(widget.end + 1)


def test_replay_of_a_table_game():
    table = lopti_nb.play("drowned-ledger", humans=0, seed=3, bot_delay=0)
    assert table.state.is_over
    widget = lopti_nb.replay(table.state, seat=1)
    widget.show(widget.end)
    assert widget.state_at(widget.end).events == table.state.events
