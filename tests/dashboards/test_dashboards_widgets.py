"""The dashboards' widgets without a browser (dummy comms: clicks and values run at once)."""
import json
import sys
from pathlib import Path

import pytest

from lopti_nb import cli
from lopti_nb.dashboard_parts import game_launcher, risk_explorer, rules_classroom, score_lab

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["game_launcher", "reckoning_risk", "rules_classroom", "score_lab"]


def test_notebooks_are_titled_short_and_cleared():
    for name in NAMES:
        nb = json.loads((ROOT / "dashboards" / f"{name}.ipynb").read_text())
        first = nb["cells"][0]
        assert first["cell_type"] == "markdown" and "".join(first["source"]).startswith("# ")
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None
        assert "widgets" not in nb["metadata"]  # no stored widget state (a chart is ~900 KB)


def test_cli_lists_the_dashboards(capsys):
    assert cli.main(["list"]) == 0
    out = capsys.readouterr().out
    for name in NAMES:
        assert f"{name}.ipynb" in out
    assert "Reckoning risk explorer" in out


def test_cli_serve_command_options():
    folder = ROOT / "dashboards"
    cold = cli.voila_command(folder, "127.0.0.1", 8866, preheat=False)
    assert "--progressive_rendering=True" in cold and "--port=8866" in cold
    assert "--Voila.ip=127.0.0.1" in cold
    assert cold[:3] == [sys.executable, "-m", "voila"]  # this environment's Voilà and kernels
    warm = cli.voila_command(folder, "127.0.0.1", 8866, preheat=True)
    assert "--preheat_kernel=True" in warm and "--progressive_rendering=True" not in warm


def test_risk_explorer_sliders_recompute_exactly():
    r = risk_explorer()
    assert "24.6%" in r.summary.value and "17/69" in r.summary.value  # sea 3, target 2
    first = r.jchart.chart
    r.sea.value = 6
    assert "41.2%" in r.summary.value and "7/17" in r.summary.value
    assert r.jchart.chart is not first  # redrawn in place, same widget
    r.hold_limit.value = 1
    assert r.target.max == 1 and r.target.value == 1
    spec = r.jchart.chart.to_dict()
    assert "hold limit (1)" in json.dumps(spec)


def test_risk_explorer_can_show_sliders_before_charts():
    r = risk_explorer(draw=False)
    assert r.jchart is None
    r.sea.value = 5  # no chart yet: only the summary moves
    r.draw()
    assert "sea 5" in json.dumps(r.jchart.chart.to_dict())


def test_score_lab_simulates_with_progress_and_redraws():
    lab = score_lab(games=20)
    lab.variant.value = "rascal"
    lab.run_button.click()
    assert lab.progress.value == lab.progress.max == 20
    assert "20 games of Skull King" in lab.status.value
    assert set(lab.last["scoring"]) == {"rascal"}
    assert len(lab.last) == 20 * 4
    chart = lab.jchart
    lab.game.value = "drowned-ledger"
    assert lab.bots() == ["balanced", "seller", "opener", "greedy"]
    lab.n_games.value = 10
    lab.run()
    assert lab.jchart is chart and "10 games of The Drowned Ledger" in lab.status.value


@pytest.mark.parametrize("game", ["lopti", "skull-king", "drowned-ledger"])
def test_launcher_deals_each_game(game):
    g = game_launcher()
    g.game.value = game
    g.humans.value = 0
    g.speed.value = 0.0
    table = g.deal()
    assert g.table_box.children == (table,)
    assert table.state.is_over  # bots only, instant: the game plays out
    again = g.deal()
    assert again is not table and table.paused


def test_launcher_settings_reach_the_table():
    g = game_launcher(game="drowned-ledger")
    g.variant.value = "plain"
    g.hold_limit.value = 2
    g.players.value = 3
    g.humans.value = 2
    table = g.deal()
    assert table.settings["mode"] == "plain" and table.settings["hold_limit"] == 2
    assert table.players == 3 and table.human_seats == (0, 1)


def test_classroom_voices_and_games():
    c = rules_classroom()
    assert c.explainer.game == "lopti" and c.voice.layout.display == ""
    c.voice.value = "pirate"
    assert c.explainer.voice == "pirate"
    for game in ("skull-king", "drowned-ledger"):
        c.game.value = game
        assert c.status.value == "", c.status.value
        assert c.explainer.game == game and c.voice.layout.display == "none"
    c.rules_panel.selected_index = 0
    assert "<h4" in c.rules_text.value
