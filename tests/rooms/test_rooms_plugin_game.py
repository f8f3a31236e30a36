"""A game the rooms have never heard of, registered by a test: rooms take everything from its
plugin. Its action holds a Fraction, whose text does not read back as the same value, so
without a codec module rooms refuse to store it; with one (``SPEC.codec``) they store the
codec's form. It has no view: the room widget shows its legal actions as buttons."""
from __future__ import annotations

import sys
import types
from dataclasses import dataclass, replace
from fractions import Fraction

import ipywidgets as W
import pytest

from lopti_nb import rooms
from lopti_nb.engine import (
    Event, GameSpec, GameState, Result, Setting, SettingsSchema, places_from_keys, random_bot,
    registry, seat_word,
)
from lopti_nb.rooms.widget import RoomWidget
from lopti_nb.widgets.testing import visible_widgets

CODEC = "lnb_test_tally_codec"


@dataclass(frozen=True)
class Add:
    amount: Fraction

    def __str__(self) -> str:
        return f"add {self.amount}"


@dataclass(frozen=True)
class Added(Event):
    seat: int
    amount: Fraction
    total: Fraction

    def describe(self) -> str:
        return f"{seat_word(self.seat)} adds {self.amount}: the tally is {self.total}."


class TallyState(GameState):
    """Players in turn add a half or a third; whoever brings the tally to ``target`` wins."""

    game = "tally"

    def __init__(self, players, seed, target=2):
        super().__init__(players, seed, {"target": target})
        self.total = Fraction(0)
        self.turn = 0

    @property
    def is_over(self):
        return self.total >= self.settings["target"]

    @property
    def current_player(self):
        return None if self.is_over else self.turn % self.num_players

    @property
    def result(self):
        if not self.is_over:
            return None
        winner = (self.turn - 1) % self.num_players
        scores = tuple(1 if s == winner else 0 for s in range(self.num_players))
        return Result(scores, places_from_keys(scores))

    def legal_actions(self):
        return [] if self.is_over else [Add(Fraction(1, 2)), Add(Fraction(1, 3))]

    def observation(self, seat):
        return {"seat": seat, "total": str(self.total), "current_player": self.current_player}

    def _apply(self, action):
        self.total += action.amount
        self.events.append(Added(self.turn % self.num_players, action.amount, self.total))
        self.turn += 1


def encode(action):
    return {"add": [action.amount.numerator, action.amount.denominator]}


def decode(data):
    num, den = data["add"]
    return Add(Fraction(num, den))


SPEC = GameSpec(
    name="tally", title="Tally", state_class=TallyState, min_players=2, max_players=3,
    default_players=2, default_bot="random", bots={"random": lambda: random_bot},
    schema=SettingsSchema([Setting("target", "int", 2, "The tally that wins.", low=1, high=9)]),
    action_types=(Add,), room_settings=("target",),
)


@pytest.fixture
def tally(monkeypatch):
    """Tally registered with a codec module for this test only."""
    module = types.ModuleType(CODEC)
    module.encode, module.decode = encode, decode
    monkeypatch.setitem(sys.modules, CODEC, module)
    spec = replace(SPEC, codec=CODEC)
    monkeypatch.setitem(registry._SPECS, spec.name, spec)
    return spec


def test_without_a_codec_an_action_that_does_not_read_back_is_refused(monkeypatch, tmp_path):
    monkeypatch.setitem(registry._SPECS, SPEC.name, SPEC)
    with pytest.raises(rooms.BadAction, match="would not read back"):
        rooms.encode(Add(Fraction(1, 2)), "tally")
    host = rooms.create_room("Ann", "tally", store=tmp_path / "r.sqlite", target=1)
    host.add_bot()
    host.start()
    before = host.store.log(host.code)
    with pytest.raises(rooms.BadAction):
        host.submit(Add(Fraction(1, 2)))
    assert host.store.log(host.code) == before


def test_the_codec_module_stores_the_game_s_actions(tally, store_url):
    assert rooms.encode(Add(Fraction(1, 3)), "tally") == {"add": [1, 3]}
    assert rooms.decode({"add": [1, 2]}, "tally") == Add(Fraction(1, 2))
    for bad in ({"add": [1, 0]}, {"add": "half"}, "Add(amount=0.5)", {"type": "Add", "fields": {}}):
        with pytest.raises(rooms.BadAction):
            rooms.decode(bad, "tally")
    host = rooms.create_room("Ann", "tally", players=3, store=store_url, target=3)
    bob = rooms.join_room(host.code, "Bob", store=store_url)
    host.start()  # the third seat gets the game's default bot
    assert host.room.seats[2]["bot"] == "random"
    while host.status != rooms.OVER:
        for s in (host, bob):
            s.refresh()
            if s.my_turn():
                s.submit(Add(Fraction(1, 2)), expect_seq=s.seq)
        host.host_tick()
    log = host.store.log(host.code)
    assert log[0]["action"] == {"add": [1, 2]}
    state = rooms.replay(host.room.meta, log)
    assert state.total >= 3 and state.result == host.state.result
    assert rooms.Room(host.code, store_url).state.events == host.state.events


def test_a_game_without_a_view_is_played_with_its_actions_as_buttons(tally, tmp_path):
    w = RoomWidget(store=str(tmp_path / "r.sqlite"), start_timer=False, bot_pace=0)
    w.create_name.value = "Ann"
    w.create_game.value = "tally"
    assert set(w.create_settings) == {"target"}
    w.create_settings["target"].value = 2
    w.create_button.click()
    assert "Tally · room" in w.title.value and "target: 2" in w.title.value
    w.add_bot_button.click()
    w.start_button.click()
    for _ in range(40):
        w.poll_once()
        if w.session.state.is_over:
            break
        buttons = [b for b in visible_widgets(w.view.widget)
                   if isinstance(b, W.Button) and not b.disabled]
        if w.session.my_turn():
            assert [b.description for b in buttons] == ["add 1/2", "add 1/3"]
            buttons[0].click()
        else:
            assert not buttons
    assert w.session.state.is_over and "Game over" in w.status.value
    assert "Ann adds 1/2" in w.log_html.value  # the room's names in the game's own sentences
    assert "Place" in w.scores_html.value
