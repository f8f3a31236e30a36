"""The end of a game at a table: only what a person can still do is on screen (the final score
panel, Play again, Rematch, the replay), never a greyed play control or a line saying a move
is not possible now; the Drowned Ledger's final panel counts as the rules do, line by line
from the engine's own count."""
from __future__ import annotations

import random
import re

import ipywidgets as W
import pytest

import lopti_nb
from lopti_nb.games.ledger.state import LedgerState
from lopti_nb.widgets.replay import Replay
from lopti_nb.widgets.testing import play_to_end, visible_widgets

ENDS = [("lopti", {}), ("skull-king", {}), ("drowned-ledger", {}), ("lopti", dict(rounds=2, players=3))]


def _buttons(table):
    return [w for w in visible_widgets(table) if isinstance(w, (W.Button, W.ToggleButton))]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game, settings", ENDS, ids=["lopti", "skull-king", "ledger", "lopti-session"])
def test_a_finished_game_shows_its_final_panel_play_again_and_the_replay_and_no_greyed_control(game, settings):
    table = lopti_nb.play(game, seed=7, bot_delay=0, **settings)
    during = {b.description for b in _buttons(table)}
    play_to_end(table, random.Random(3))
    assert table.state.is_over
    shown = _buttons(table)
    greyed = [b.description for b in shown if b.disabled]
    assert not greyed, f"greyed controls after the end: {greyed}"
    assert {b.description for b in shown} == {"Play again", "Rematch (same deal)", "Replay this game"}
    assert "final" in table.scores.value.lower()
    visible_html = " ".join(w.value for w in visible_widgets(table) if isinstance(w, W.HTML))
    assert "not possible now" not in visible_html
    # the replay opens on the game just played, at its last move
    replay = next(b for b in shown if b.description == "Replay this game")
    replay.click()
    opened = table.replay_box.children
    assert len(opened) == 1 and isinstance(opened[0], Replay) and opened[0].end == len(table.state.actions)
    # Play again deals a new game: the play controls are back and the replay is gone
    next(b for b in shown if b.description == "Play again").click()
    assert not table.state.is_over and table.replay_box.children == ()
    assert {b.description for b in _buttons(table)} & (during - {"New game"})


@pytest.mark.timeout(120)
def test_the_ledger_final_panel_counts_as_the_rules_do_from_the_engine_count():
    for seed in range(6):
        table = lopti_nb.play("drowned-ledger", players=4, seed=seed, bot_delay=0)
        play_to_end(table, random.Random(seed))
        state = table.state
        parts = state.score_breakdown()
        panel = table.scores.value
        rows = dict(re.findall(r"<tr[^>]*><th scope='row'[^>]*>([^<]+)</th>(.*?)</tr>", panel))
        cells = {label: re.findall(r"<td>(.*?)</td>", row) for label, row in rows.items()}
        by_start = {label.split(" (")[0]: values for label, values in cells.items()}
        assert [int(c) for c in by_start["Coins"]] == [p["coins"] for p in parts]
        assert [int(c) for c in cells["Open machines (printed values)"]] == [p["machines"] for p in parts]
        assert [int(c) for c in cells["Open machines (break a tie)"]] == [p["open_machines"] for p in parts]
        assert [int(c) for c in by_start["Total"]] == [p["total"] for p in parts] == list(state.result.scores)
        assert [int(c) for c in by_start["Place"]] == list(state.result.places)
        for seat, cell in enumerate(by_start["Suit sets"]):
            suits = LedgerState.set_suits(state.yards[seat])
            assert int(cell.split(" ")[0]) == parts[seat]["sets"]
            assert all(suit in cell for suit in suits) and (bool(suits) == bool(parts[seat]["sets"]))
        clean = next(label for label in cells if label.startswith("Clean ledger"))
        most = max(p["open_machines"] for p in parts)
        assert (f": {most})" in clean) if most else ("nobody" in clean)
        assert [int(c) for c in cells[clean]] == [p["clean_ledger"] for p in parts]
