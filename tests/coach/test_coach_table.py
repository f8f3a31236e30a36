"""The coach at the table: a toggle, off by default; when on, the person to act sees the
coach's lines under the hand (never for a bot, never behind the pass-the-device cover)."""
import random
import re

import pytest

import lopti_nb
from lopti_nb.engine import get_spec
from lopti_nb.widgets.testing import random_step, visible_widgets

GAMES = ["lopti", "skull-king", "drowned-ledger"]


def _shown(table, widget):
    return any(w is widget for w in visible_widgets(table))


def _turn_on(table):
    toggle = table.coach_toggle
    assert _shown(table, toggle) and not toggle.disabled
    assert toggle.value is False  # off by default
    table.coach_budget = 0.02  # each move's chance from the fewest games (the size is not checked here)
    toggle.value = True  # what a click on the toggle does


@pytest.mark.parametrize("game", GAMES)
def test_coach_panel_shows_the_acting_persons_advice(game):
    table = lopti_nb.play(game, humans=1, seed=3, bot_delay=0)
    panel = table.coach_html
    assert not _shown(table, panel)
    _turn_on(table)
    coach = get_spec(game).load("coach")
    rng = random.Random(1)
    checked = 0
    for _ in range(12):
        if table.state.is_over:
            break
        if table.can_act():
            assert _shown(table, panel)
            lines = coach(table.state, table.viewer).lines
            assert all(lopti_nb.widgets.base.esc(line) in panel.value for line in lines)
            # each legal move's chance to win, with its interval
            assert lopti_nb.widgets.base.esc("Chance to win the game after each move (95% interval):") in panel.value
            for move in map(str, table.state.legal_actions(table.viewer)[:3]):
                said = re.escape(lopti_nb.widgets.base.esc(move)) + r": \d+% \(\d+% to \d+%\)"
                assert re.search(said, panel.value) or len(table.state.legal_actions(table.viewer)) > 6
            checked += 1
        else:
            assert not _shown(table, panel)
        random_step(table, rng)
        assert table.coach_html is panel  # updated in place
    assert checked >= 1
    table.coach_toggle.value = False
    assert not _shown(table, panel)


def test_coach_in_hot_seat_speaks_only_to_the_seat_holding_the_device():
    table = lopti_nb.play("drowned-ledger", humans=2, players=2, seed=4, bot_delay=0)
    _turn_on(table)
    rng = random.Random(2)
    covers = 0
    for _ in range(30):
        if table.state.is_over:
            break
        if table.pending is not None:
            covers += 1
            assert not _shown(table, table.coach_html)
        elif table.can_act():
            name = table.view.seat_name(table.viewer)
            assert f"Coach for {name}" in table.coach_html.value
        random_step(table, rng)
    assert covers >= 1


def test_no_coach_toggle_for_a_game_without_a_coach_or_a_table_of_bots():
    bots_only = lopti_nb.play("drowned-ledger", humans=0, seed=1, bot_delay=0)
    assert not _shown(bots_only, bots_only.coach_toggle)
    other = [name for name in lopti_nb.game_names() if get_spec(name).coach is None]
    for name in other:  # the tests' toy game has none
        table = lopti_nb.play(name, seed=1, bot_delay=0)
        assert not _shown(table, table.coach_toggle)
