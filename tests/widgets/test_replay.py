"""lopti_nb.replay: a finished game stepped forward and back, as a seat saw it or all open."""
import json
import re
import random

import pytest

import lopti_nb
from lopti_nb.engine import LoptiNbError, RecordError, UnknownSeat, game_names
from lopti_nb.widgets.replay import Replay
from lopti_nb.widgets.hand import CardHand
from lopti_nb.widgets.testing import visible_widgets, widget_text
from browser_support import click
import ipywidgets as W


def _finished(game, seed=2, players=None):
    state = lopti_nb.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


@pytest.mark.parametrize("game", game_names())
def test_replay_goes_to_the_end_and_back(game):
    state = _finished(game)
    widget = lopti_nb.replay(state.record())
    assert isinstance(widget, Replay) and widget.step == 0 and widget.end == len(state.actions)
    assert widget.back_button.disabled and widget.first_button.disabled
    click(widget, widget.forward_button.description, exact=True)
    assert widget.step == 1 and widget.slider.value == 1
    widget.slider.value = widget.end  # dragging the slider to its end
    assert widget.step == widget.end and widget.forward_button.disabled
    assert "game is over" in widget.title_html.value
    assert widget.state_at(widget.end).events == state.events
    for _ in range(3):
        click(widget, widget.back_button.description, exact=True)
    assert widget.step == widget.end - 3
    click(widget, widget.first_button.description, exact=True)
    assert widget.step == 0 and widget.slider.value == 0
    click(widget, widget.last_button.description, exact=True)
    assert widget.step == widget.end
    while widget.step > 0:  # every position can be drawn, backwards too
        widget.show(widget.step - max(1, widget.end // 15))
    assert widget.step == 0


PICTURES = {
    "lopti": "lopti_nb.games.lopti.pictures:lopti_card_svg",
    "skull-king": "lopti_nb.games.skullking.pictures:skullking_card_svg",
    "drowned-ledger": "lopti_nb.games.ledger.pictures:ledger_card_svg",
}
MARK = re.compile(r'data-card="([^"]+)"')


def _picture(game):
    import importlib

    module, name = PICTURES[game].split(":")
    return getattr(importlib.import_module(module), name)


def _marks(text):
    return set(MARK.findall(text))


@pytest.mark.parametrize("game", sorted(PICTURES))
def test_replay_as_a_seat_never_holds_another_seats_hidden_card(game):
    """In a seat's view no other seat's hidden card is in any widget's state (what a browser
    receives); with every card open they all are. Cards are known by their pictures' mark."""
    picture = _picture(game)
    state = _finished(game, seed=5)
    widget = lopti_nb.replay(json.dumps(state.record()), seat=0)
    assert widget.board is not None  # drawn with the game's own table
    checked = 0
    for step in range(0, widget.end + 1, max(1, widget.end // 12)):
        widget.seat_choice.value = None
        widget.show(step)
        position = widget.state_at(step)
        public = _marks(widget_text(widget.board))  # the table as a spectator sees it
        open_all = _marks(widget_text(widget))
        widget.seat_choice.value = 0
        mine = {m for c in position.observation(0)["hand"] or () for m in _marks(picture(c))}
        hidden = {m for s in range(1, position.num_players)
                  for c in position.observation(s)["hand"] or () for m in _marks(picture(c))}
        hidden -= mine | public
        seen = _marks(widget_text(widget))
        assert mine <= seen
        assert not hidden & seen, f"move {step}: {sorted(hidden & seen)[:3]} of another hand in Seat 1's view"
        assert hidden <= open_all
        checked += bool(hidden)
    assert checked >= 3
    assert "As Seat 1 saw it" in [label for label, _ in widget.seat_choice.options]


@pytest.mark.parametrize("game", sorted(PICTURES))
def test_replay_is_read_only(game):
    """Nothing on the replayed table acts: only the replay's own stepping controls are enabled."""
    state = _finished(game, seed=3)
    own = None
    for seat in (None, 0):
        widget = lopti_nb.replay(state.record(), seat=seat)
        own = {id(b) for b in (widget.first_button, widget.back_button, widget.forward_button, widget.last_button)}
        for step in (0, widget.end // 3, widget.end // 2, widget.end):
            widget.show(step)
            acting = [w for w in visible_widgets(widget.board)
                      if isinstance(w, (W.Button, W.ToggleButton)) and not w.disabled and id(w) not in own]
            hands = [c for w in visible_widgets(widget.board) if isinstance(w, CardHand)
                     for c in w.toggles if not c.disabled]
            assert not acting and not hands, [w.description for w in acting] + [c.description for c in hands]
            before = len(widget.state_at(step).actions)
            assert widget.board.state.actions == widget.state_at(step).actions and before == step


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


@pytest.mark.parametrize("game", sorted(PICTURES))
def test_replay_of_a_simulate_row_is_the_same_game(game):
    """simulate(..., keep_records=True): one row is enough to replay its game, and the game
    replayed ends with the row's result (score and place of the row's seat)."""
    rows = lopti_nb.simulate(game, n=3, seed=7, progress=False, keep_records=True)
    assert "record" in rows.columns
    for i in (1, len(rows) - 1):
        row = rows.iloc[i]
        widget = lopti_nb.replay(row, seat=int(row.seat))
        final = widget.state_at(widget.end)
        assert final.is_over and final.result.scores[row.seat] == row.score
        assert final.result.places[row.seat] == row.place and len(final.actions) == widget.end
        assert widget.board.seat_kind(int(row.seat)) == f"bot: {row.bot}"  # the bots are named
    same = lopti_nb.simulate(game, n=3, seed=7, progress=False)
    assert list(same.columns) == [c for c in rows.columns if c != "record"]  # off by default
    assert same.equals(rows.drop(columns="record"))


def test_replay_of_a_row_without_a_record_says_how_to_keep_one():
    rows = lopti_nb.simulate("drowned-ledger", n=1, seed=1, progress=False)
    with pytest.raises(RecordError, match="keep_records=True"):
        lopti_nb.replay(rows.iloc[0])
    with pytest.raises(LoptiNbError):
        lopti_nb.simulate("drowned-ledger", n=1, progress=False, keep_records="yes")
