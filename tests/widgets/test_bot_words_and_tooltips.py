"""Every bot of every game is described in one line wherever a menu offers it, and no control
of a table, a room page or a launcher has a tooltip that would read "null"."""
from __future__ import annotations

import ipywidgets as W
import pytest

import lopti_nb
from lopti_nb.dashboard_parts.common import bot_options
from lopti_nb.engine import get_spec
from lopti_nb.widgets.table import iter_widgets

GAMES = ("lopti", "skull-king", "drowned-ledger")  # the package's own games (a plugin may describe none)


@pytest.mark.parametrize("game", GAMES)
def test_every_bot_in_every_menu_has_a_one_line_description(game):
    spec = get_spec(game)
    for name in spec.bots:
        words = spec.bot_words.get(name)
        assert words and len(words) <= 90 and "\n" not in words, (game, name)
        assert spec.bot_label(name) == f"{name} ({words})"
    assert sorted(value for _, value in bot_options(spec)) == sorted(spec.bots)
    assert all(label != value for label, value in bot_options(spec))


def test_a_bot_a_plugin_does_not_describe_is_shown_by_its_name_and_random_always_is():
    for game in lopti_nb.game_names():
        spec = get_spec(game)
        assert spec.bot_words["random"] == "picks any legal move at random"
        assert all(spec.bot_label(n) == n for n in spec.bots if n not in spec.bot_words)


def test_the_ledger_names_its_analysis_bots_apart_from_its_personalities():
    spec = get_spec("drowned-ledger")
    for name in ("balanced", "seller", "opener", "greedy"):
        assert spec.bot_words[name].startswith("a personality")
    for name in ("best", "win"):
        assert spec.bot_words[name].startswith("an analysis bot")


def test_the_room_page_menu_shows_each_bots_description(tmp_path):
    from lopti_nb.rooms.widget import RoomWidget

    page = RoomWidget(store=str(tmp_path / "rooms.sqlite"), start_timer=False, bot_pace=0)
    labels = [label for label, _ in page.create_bot.options]
    assert labels and all("(" in label for label in labels)


@pytest.mark.parametrize("game", GAMES)
def test_no_toggle_of_a_table_has_a_null_tooltip(game):
    table = lopti_nb.play(game, players=3, humans=1, seed=1, bot_delay=0)
    toggles = [w for w in iter_widgets(table) if isinstance(w, W.ToggleButton)]
    assert any(w.description == "Coach" for w in toggles) or get_spec(game).coach is None
    assert [w.description for w in toggles if w.tooltip is None] == []


def test_no_toggle_of_a_room_page_has_a_null_tooltip(tmp_path):
    from lopti_nb.rooms.widget import RoomWidget

    page = RoomWidget(store=str(tmp_path / "rooms.sqlite"), start_timer=False, bot_pace=0)
    toggles = [w for w in iter_widgets(page) if isinstance(w, W.ToggleButton)]
    assert toggles and [w.description for w in toggles if w.tooltip is None] == []
