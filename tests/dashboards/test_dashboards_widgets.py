"""The dashboards' widgets without a browser (dummy comms: clicks and values run at once)."""
import ast
import json
import re
import sys
from html import escape
from pathlib import Path

import ipywidgets as W
import pytest

from lopti_nb import cli
from lopti_nb.dashboard_parts import game_launcher, game_part, risk_explorer, rules_classroom, score_lab
from lopti_nb.engine import LoptiNbError, all_specs, game_names, get_spec

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["game_launcher", "reckoning_risk", "rules_classroom", "class_teacher", "score_lab", "motion_lab"]


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
    usable(r.sea).value = 6
    assert "41.2%" in r.summary.value and "7/17" in r.summary.value
    assert r.jchart.chart is not first  # redrawn in place, same widget
    usable(r.hold_limit).value = 1
    assert r.target.max == 1 and r.target.value == 1
    spec = r.jchart.chart.to_dict()
    assert "hold limit (1)" in json.dumps(spec)


def test_risk_explorer_can_show_sliders_before_charts():
    r = risk_explorer(draw=False)
    assert r.jchart is None
    usable(r.sea).value = 5  # no chart yet: only the summary moves
    r.draw()
    assert "sea 5" in json.dumps(r.jchart.chart.to_dict())


def test_risk_explorer_summary_is_the_sum_over_the_dive_outcomes():
    """The summary's averages (worked out without pandas for a fast first paint) are the sums
    over :func:`risk.dive_outcomes`, for every sea and target."""
    from lopti_nb.games.ledger import risk
    from lopti_nb.games.ledger.risk_explorer import RiskExplorer

    for sea in range(1, 10):
        for target in range(1, 9):
            o = risk.dive_outcomes(sea, target, exact=True)
            kept = sum((o["sealed"] + o["opened"]) * o["exact"])
            lost = sum(o["lost"] * o["exact"])
            assert RiskExplorer._expected_haul(sea, target) == (float(kept), float(lost))
    r = risk_explorer(draw=False)
    usable(r.sea).value = 6
    kept, lost = RiskExplorer._expected_haul(6, 2)
    assert f"keeps <b>{kept:.2f}</b> machines and loses <b>{lost:.2f}</b>" in r.summary.value


def svg_width(chart) -> float:
    """The width of ``chart`` as Vega draws it (vl-convert's SVG: padding, axes, titles and
    legends included)."""
    vlc = pytest.importorskip("vl_convert")
    svg = vlc.vegalite_to_svg(chart.to_json())
    return float(re.search(r'<svg[^>]* width="([\d.]+)"', svg).group(1))


def test_risk_explorer_charts_take_the_width_they_are_given():
    """At two corners of the sliders, the risk charts drawn for a phone's width (310 px:
    a 400 px page less its margins and vega-embed's menu) and for a wide page's (1080 px)
    are at most that wide and fill nine tenths of it: one panel under another on the phone,
    side by side on the wide page."""
    from lopti_nb.dashboard_parts.fitted import PADDING

    r = risk_explorer(draw=False)
    # the longest labels of how a dive ends (sea 1), and the most targets and seas
    for hold, sea, target in [(8, 1, 1), (8, 9, 8)]:
        usable(r.hold_limit).value = hold
        usable(r.sea).value = sea
        usable(r.target).value = target
        for width, stack in ((310, "vconcat"), (1080, "hconcat")):
            chart = r._chart(width)
            drawn = svg_width(chart) - PADDING
            assert 0.9 * width <= drawn <= width, (hold, sea, target, width, drawn)
            assert len(chart.to_dict()[stack]) == 3


def usable(widget) -> W.Widget:
    """``widget``, after checking a person could operate it: enabled and not hidden."""
    assert not getattr(widget, "disabled", False), f"{widget.description} is disabled"
    assert widget.layout.display != "none" and widget.layout.visibility != "hidden"
    return widget


def test_score_lab_simulates_with_progress_and_redraws():
    lab = score_lab(games=20)
    usable(lab.game).value = "skull-king"
    usable(lab.form["scoring"]).value = "rascal"
    usable(lab.run_button).click()
    assert lab.progress.value == lab.progress.max == 20
    assert "20 games of Skull King" in lab.status.value
    assert set(lab.last["scoring"]) == {"rascal"}
    assert len(lab.last) == 20 * 4
    chart = lab.jchart
    usable(lab.game).value = "drowned-ledger"
    # the mix bot plays a style per seat (the game's studies say which): seats named by style
    assert lab.bots() == ["balanced", "seller", "opener", "greedy"]
    usable(lab.n_games).value = 10
    usable(lab.run_button).click()
    assert lab.jchart is chart and "10 games of The Drowned Ledger" in lab.status.value


def test_score_lab_length_label_comes_from_the_plugin():
    lab = score_lab(games=10)
    for spec in all_specs():
        usable(lab.game).value = spec.name
        usable(lab.run_button).click()
        assert f"10 games of {spec.title}" in lab.status.value
        panels = json.dumps(lab.jchart.chart.to_dict())
        if lab.last.drop_duplicates("game")["length"].nunique() > 1:  # a length chart is drawn
            assert f'"title": "{spec.length_label}"' in panels


def test_score_lab_bots_are_the_plugins_bots():
    lab = score_lab()
    for spec in all_specs():
        usable(lab.game).value = spec.name
        names = [value for _, value in lab.other_bots.options]
        assert sorted(names) == sorted(spec.bots) and names[0] == spec.default_bot
        assert lab.first_bot.options == lab.other_bots.options


def test_score_lab_settings_reach_the_games():
    lab = score_lab(games=10)
    usable(lab.game).value = "skull-king"
    usable(lab.form["legendary"]).value = False
    usable(lab.form["edition"]).value = "2021"
    usable(lab.run_button).click()
    assert set(lab.last["legendary"]) == {False} and set(lab.last["edition"]) == {"2021"}


@pytest.mark.parametrize("game", ["lopti", "skull-king", "drowned-ledger"])
def test_launcher_deals_each_game(game):
    g = game_launcher()
    usable(g.game).value = game
    usable(g.humans).value = 0
    usable(g.speed).value = 0.0
    table = g.deal()
    assert g.table_box.children == (table,)
    assert table.state.is_over  # bots only, instant: the game plays out
    again = g.deal()
    assert again is not table and table.paused


def test_launcher_settings_reach_the_table():
    g = game_launcher(game="drowned-ledger")
    usable(g.form["mode"]).value = "plain"
    usable(g.form["hold_limit"]).value = 2
    usable(g.form["table_watch"]).value = True
    usable(g.players).value = 3
    usable(g.humans).value = 2
    table = g.deal()
    assert table.settings["mode"] == "plain" and table.settings["hold_limit"] == 2
    assert table.settings["table_watch"] is True
    assert table.players == 3 and table.human_seats == (0, 1)


def description_shown(form, name: str) -> bool:
    """Whether the setting's description is written on screen next to its control (an HTML
    text in the same row), not only in a tooltip."""
    text = get_spec(form.spec.name).schema[name].description
    for row in form.children:
        if form[name] in row.children:
            return any(isinstance(w, W.HTML) and escape(text) in w.value for w in row.children)
    return False


def test_settings_forms_follow_each_games_schema():
    g = game_launcher()
    for spec in all_specs():
        usable(g.game).value = spec.name
        form = g.form
        for setting in spec.schema:
            if setting.kind == "data":
                assert setting.name not in form  # not a form field: the game's default is used
                continue
            control = usable(form[setting.name])
            assert form.values()[setting.name] == setting.default
            if setting.optional and setting.default is None:  # "none" is chosen, and shown
                assert control.value == "none" and control.label == "none"
            assert description_shown(form, setting.name), setting.name
            if setting.kind == "choice":
                values = [v for _, v in control.options]
                assert values == list(setting.choices) + (["none"] if setting.optional else [])
                if setting.labels:
                    assert [t for t, _ in control.options][: len(setting.labels)] == list(setting.labels)
            elif setting.kind == "bool" and setting.labels:
                assert [t for t, _ in control.options][:2] == list(setting.labels)
            elif setting.kind == "bool":
                assert isinstance(control, W.Checkbox)
            elif setting.kind in ("int", "float") and setting.low is not None:
                assert (control.min, control.max) == (setting.low, setting.high)
            elif setting.kind == "seat":
                seats = [v for _, v in control.options if v != "none"]
                assert seats == list(range(g.players.value))
                assert ("none" in [v for _, v in control.options]) == setting.optional
        assert form.values() == {k: v for k, v in spec.settings.items() if spec.schema[k].kind != "data"}


def test_settings_forms_show_the_asked_for_settings():
    # Lopti's play on, Skull King's Legendary cards and edition, every Ledger lever but the deck
    g = game_launcher()
    usable(g.game).value = "lopti"
    assert isinstance(usable(g.form["play_on"]), W.Checkbox)
    usable(g.game).value = "skull-king"
    assert {"legendary", "edition", "scoring"} <= set(g.form.controls)
    usable(g.game).value = "drowned-ledger"
    levers = {s.name for s in get_spec("drowned-ledger").schema.levers() if s.kind != "data"}
    assert levers and levers <= set(g.form.controls)


def test_launcher_seat_choices_follow_the_players():
    g = game_launcher(game="lopti")
    usable(g.players).value = 5
    usable(g.form["dealer"]).value = 4
    usable(g.form["leader"]).value = 3
    usable(g.players).value = 3  # seats 3 and 4 are gone: back to the defaults
    assert [v for _, v in g.form["dealer"].options] == [0, 1, 2]
    assert g.form["dealer"].value == 0 and g.form.values()["leader"] is None
    usable(g.form["dealer"]).value = 2
    usable(g.form["play_on"]).value = True
    usable(g.humans).value = 0
    usable(g.speed).value = 0.0
    table = g.deal()
    assert table.settings["dealer"] == 2 and table.settings["play_on"] is True


def test_launcher_keeps_each_games_form_when_switching():
    g = game_launcher(game="skull-king")
    usable(g.form["scoring"]).value = "cannonball"
    usable(g.game).value = "lopti"
    usable(g.game).value = "skull-king"
    assert g.form["scoring"].value == "cannonball"  # the same widgets, updated in place


def test_launcher_says_when_a_game_refuses_its_settings():
    g = game_launcher(game="drowned-ledger")
    usable(g.form["sea_start"]).value = 12
    usable(g.form["sea_claim"]).value = 5  # the sea would start above its claim line
    usable(g.humans).value = 0
    assert g.deal() is None
    assert "jp-error-color" in g.status.value  # shown as an error
    assert "sea" in g.status.value.lower() and g.table_box.children == ()


def test_risk_explorer_is_found_through_the_plugins():
    owners = [s for s in all_specs() if "risk_explorer" in s.extras]
    assert owners, "a game's plugin names a risk explorer"
    r = risk_explorer(draw=False)
    assert type(r) is owners[0].load("risk_explorer")
    with pytest.raises(LoptiNbError, match="No dashboard part"):
        game_part("no_such_part")


def names_a_game(path: Path) -> list[str]:
    """What in ``path``'s code (docstrings aside) names a game or imports one."""
    tree = ast.parse(path.read_text())
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    words = [re.compile(rf"(?<![\w-]){re.escape(w.lower())}(?![\w]|[-_]nb)", re.IGNORECASE)
             for s in all_specs() for w in (s.name, s.title, *s.aliases)]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found += [f"line {node.lineno}: {node.value!r}" for w in words if w.search(node.value)]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            targets = [getattr(node, "module", None) or ""] + [a.name for a in node.names]
            if any("games" in t.split(".") for t in targets):
                found.append(f"line {node.lineno}: imports {targets}")
        name = getattr(node, "id", None) or getattr(node, "attr", None) or getattr(node, "name", None)
        if isinstance(name, str) and re.search(r"skull_?king|ledger|lopti(?!_nb)", name, re.IGNORECASE):
            found.append(f"line {node.lineno}: {name}")
    return found


@pytest.mark.parametrize("module", ["__init__", "common", "fitted", "forms", "launcher", "offline", "score_lab"])
def test_the_dashboard_parts_name_no_game(module):
    # classroom.py is another piece of work; every other generic part asks the plugins
    path = ROOT / "lopti_nb" / "dashboard_parts" / f"{module}.py"
    assert names_a_game(path) == []


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


# -- win shares, side-by-side distributions, sessions, the confirm step ------------------------------
LOPTI_SESSIONS = {"lopti": "lopti_nb.games.lopti.session_game:LoptiSessionState.by_hand"}


def test_tied_winners_share_a_win_and_the_shares_add_up_to_one():
    import pandas as pd

    from lopti_nb.dashboard_parts.score_lab import win_shares

    seats = pd.DataFrame({"game": [0, 0, 0, 1, 1, 1, 2, 2, 2],
                          "player": ["a", "b", "c"] * 3,
                          "won": [True, True, False, False, False, True, False, False, False]})
    shares = win_shares(seats).set_index("player")
    assert shares.loc["a", "wins"] == shares.loc["b", "wins"] == 0.5 and shares.loc["c", "wins"] == 1
    assert abs(shares["win_share"].sum() - 1) < 1e-9
    assert shares.attrs == {"decided": 2, "undecided": 1, "tied": 1}


def test_score_lab_says_ties_share_and_draws_one_panel_per_seat():
    lab = score_lab(games=20)
    usable(lab.game).value = "skull-king"
    usable(lab.run_button).click()
    assert "Tied winners share a win" in lab.notes.value and "100%" in lab.notes.value
    assert "Win share" in lab.table.value
    shares = [float(c) for c in re.findall(r"<td[^>]*>([\d.]+)%</td>", lab.table.value)]
    assert len(shares) == 4 and abs(sum(shares) - 100) <= 0.2  # each rounded to 0.1%
    spec = lab.jchart.chart.to_dict()
    panels = spec["vconcat"][0]
    assert panels["facet"]["field"] == "player" and panels["columns"] == 2  # side by side, not overlaid


def test_score_lab_plays_sessions_of_several_rounds():
    lab = score_lab(games=10, sessions=LOPTI_SESSIONS)
    usable(lab.game).value = "lopti"
    assert usable(lab.rounds).value > 1 and lab.n_games.description == "Sessions"
    usable(lab.rounds).value = 3
    usable(lab.form["play_on"]).value = True
    usable(lab.n_games).value = 10
    usable(lab.run_button).click()
    assert "10 sessions of 3 rounds of Lopti" in lab.status.value
    rounds = lab.last
    assert sorted(rounds["round"].unique()) == [1, 2, 3] and rounds["session"].nunique() == 10
    assert rounds["place"].nunique() > 2  # played on for places: more than winner and the rest
    assert "Mean session points" in lab.table.value and "Mean place" in lab.table.value
    text = json.dumps(lab.jchart.chart.to_dict())
    assert "Session points, one panel per seat" in text and "Places, round by round" in text
    assert '"1st"' in text and '"3rd"' in text
    # one round per session is the single-round lab again
    usable(lab.rounds).value = 1
    assert lab.n_games.description == "Games"
    # a game without sessions does not offer them
    usable(lab.game).value = "skull-king"
    assert lab.session_box.layout.display == "none" and not lab.in_sessions


def test_score_lab_sessions_are_seeded():
    def run():
        lab = score_lab(games=10, sessions=LOPTI_SESSIONS)
        usable(lab.rounds).value = 2
        usable(lab.run_button).click()
        return lab.last

    assert run().equals(run())


def test_seats_are_counted_from_one_in_the_forms():
    g = game_launcher(game="lopti")
    assert [t for t, v in g.form["dealer"].options] == ["seat 1", "seat 2", "seat 3", "seat 4"]
    assert [v for t, v in g.form["dealer"].options] == [0, 1, 2, 3]


def test_deal_asks_before_throwing_away_a_game_in_progress():
    g = game_launcher(game="skull-king")
    usable(g.humans).value = 1
    usable(g.deal_button).click()
    first = g.table
    assert first is not None and g.in_progress()
    usable(g.deal_button).click()  # a game is on the table: asked first, nothing thrown away
    assert g.table is first and g.confirm_box.layout.display == "flex"
    assert "still being played" in g.confirm_text.value and g.deal_button.disabled
    usable(g.keep_button).click()
    assert g.table is first and g.confirm_box.layout.display == "none" and not g.deal_button.disabled
    usable(g.deal_button).click()
    usable(g.confirm_button).click()
    assert g.table is not first and g.confirm_box.layout.display == "none"


def test_deal_does_not_ask_when_the_game_is_over():
    g = game_launcher(game="skull-king")
    usable(g.humans).value = 0
    usable(g.speed).value = 0.0
    usable(g.deal_button).click()  # bots only, no delay: played to the end here
    table = g.table
    assert table.state.is_over and not g.in_progress()
    usable(g.deal_button).click()
    assert g.table is not table and g.confirm_box.layout.display == "none"


def test_1_7_deal_asks_before_throwing_an_unfinished_lopti_session_away():
    """A Lopti session chosen in the launcher's Rounds menu (rulings §1.7: rounds played on,
    with motions and Rule Votes between them) is in progress until its last round: "Deal the
    cards" asks before throwing the session away, and keeps it when told to."""
    g = game_launcher(game="lopti")
    usable(g.speed).value = 0.0
    usable(g.rounds).value = 3
    usable(g.deal_button).click()
    table = g.table
    assert not table.state.is_over and table.state.rounds == 3 and "round 1 of 3" in table.view.title.value
    assert g.in_progress()
    usable(g.deal_button).click()
    assert g.table is table and g.confirm_box.layout.display == "flex"
    assert "session is still being played" in g.confirm_text.value and g.deal_button.disabled
    usable(g.keep_button).click()
    assert g.table is table and not g.deal_button.disabled
    usable(g.deal_button).click()
    usable(g.confirm_button).click()
    assert g.table is not table and g.confirm_box.layout.display == "none"


def test_1_7_deal_does_not_ask_once_the_lopti_session_is_over():
    """A session of a set number of rounds that has played them all is over: nothing to lose."""
    import lopti_nb

    g = game_launcher(game="lopti")
    g.table = lopti_nb.play("lopti", humans=0, rounds=1, bot_delay=0.0)  # as a notebook deals it
    g.table_box.children = (g.table,)
    table = g.table
    assert table.state.is_over
    assert not g.in_progress()
    usable(g.deal_button).click()
    assert g.table is not table and g.confirm_box.layout.display == "none"


def test_first_paint_imports_no_table_library():
    """The dashboards' first cells (as their notebooks build them: the launcher, the score lab,
    the classroom, the risk explorer's sliders, a room) import neither pandas, Altair nor numpy
    before their first widget: each is a tenth of a second or more of a cold visit here."""
    import subprocess

    code = ("import sys; from lopti_nb.dashboard_parts import game_launcher, risk_explorer, "
            "rules_classroom, score_lab; from lopti_nb.rooms import room_widget; game_launcher(); "
            "score_lab(sessions={'lopti': 'lopti_nb.games.lopti.session_game:LoptiSessionState.by_hand'}); "
            "rules_classroom(lesson=False); risk_explorer(draw=False); room_widget(); "
            "print(sorted(m for m in ('pandas', 'altair', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_seat_style_bots_are_still_labelled():
    g = game_launcher(game="drowned-ledger")
    assert "mix (one personality per seat, in turn: balanced, seller, opener, greedy, balanced)" \
        in [t for t, _ in g.bots.options]


def test_the_places_chart_has_colours_of_its_own():
    lab = score_lab(games=10, sessions=LOPTI_SESSIONS)
    usable(lab.rounds).value = 2
    usable(lab.run_button).click()
    spec = lab.jchart.chart.to_dict()
    # one colour scale for the players and another for the places: a shared one would give
    # the places no colour at all (blank bars)
    assert spec["resolve"]["scale"]["color"] == "independent"
    assert spec["vconcat"][1]["resolve"]["scale"]["color"] == "independent"


def test_score_lab_charts_draw_offline():
    """The lab's charts are live Altair widgets with the Vega bundle inside (no CDN)."""
    import altair as alt

    lab = score_lab(games=10)
    usable(lab.game).value = "skull-king"
    usable(lab.run_button).click()
    assert isinstance(lab.jchart, alt.JupyterChart)
    assert getattr(alt.JupyterChart, "_is_offline", False)
    assert "cdn.jsdelivr.net" not in lab.jchart._esm[:5000] and len(lab.jchart._esm) > 100_000


def test_preheated_runs_are_the_runs_a_visit_makes():
    """``lopti-nb serve --preheat`` runs each notebook before anyone visits: that is only the
    same page if no dashboard reads the request (Voilà's get_query_string/wait_for_request,
    or the VOILA_* request variables, which a preheated kernel does not have yet)."""
    words = ("get_query_string", "wait_for_request", "VOILA_REQUEST_URL", "VOILA_KERNEL_ID",
             "QUERY_STRING")
    sources = [(p.name, "".join("".join(c["source"]) for c in json.loads(p.read_text())["cells"]))
               for p in (ROOT / "dashboards").glob("*.ipynb")]
    sources += [(str(p.relative_to(ROOT)), p.read_text())
                for p in (ROOT / "lopti_nb" / "dashboard_parts").rglob("*.py")]
    found = [(name, w) for name, text in sources for w in words if w in text]
    assert len(sources) > 5 and not found, found


# -- words a player would use, on every dashboard ---------------------------------------------------
def visible_text(root) -> list[str]:
    """Every text a dashboard shows: labels, options, button words, placeholders and the text
    of its HTML (tags stripped), widget by widget."""
    from lopti_nb.widgets import iter_widgets

    out = []
    for w in iter_widgets(root):
        for name in ("description", "placeholder"):
            if isinstance(getattr(w, name, None), str):
                out.append(getattr(w, name))
        if isinstance(w, (W.HTML, W.Label)):
            out.append(re.sub(r"<[^>]+>", " ", w.value))
        for option in getattr(w, "_options_labels", ()) or ():
            out.append(option)
    return [" ".join(t.split()) for t in out if t and t.strip()]


def every_dashboard():
    from lopti_nb.rooms import room_widget

    yield "game_launcher", game_launcher()
    yield "score_lab", score_lab(games=10, sessions=LOPTI_SESSIONS)
    yield "reckoning_risk", risk_explorer()
    yield "rules_classroom", rules_classroom(lesson=False)
    yield "rooms", room_widget(store=":memory:")


def every_game(name, dashboard):
    """The dashboard with each game chosen in turn (where it has a game picker)."""
    picker = getattr(dashboard, "game", None)
    if not isinstance(picker, W.ToggleButtons):
        yield dashboard
        return
    for _, game in picker.options:
        picker.value = game
        yield dashboard


def test_dashboards_count_seats_from_1_and_say_no_repeats():
    """Seats are counted from 1 in every word on screen (no "seat 0", no "counted from 0"),
    and no line says the same sentence twice."""
    for name, dashboard in every_dashboard():
        for shown in every_game(name, dashboard):
            texts = visible_text(shown)
            for text in texts:
                assert not re.search(r"\bseat 0\b|counted from 0|from 0\b", text, re.I), (name, text)
                sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if len(s.strip()) > 12]
                assert len(sentences) == len(set(sentences)), (name, text)


def test_every_setting_is_explained_on_screen():
    """Each control of the launcher, the score lab and the risk explorer that sets something
    has a line under it saying what (on screen, not a tooltip), for every game."""
    from lopti_nb.widgets import iter_widgets

    for name, dashboard in list(every_dashboard())[:3]:
        for shown in every_game(name, dashboard):
            explained = {id(c) for box in iter_widgets(shown) if "lnb-setting" in getattr(box, "_dom_classes", ())
                         for c in box.children}
            for w in iter_widgets(shown):
                if w is getattr(shown, "game", None) or not isinstance(w, (W.ValueWidget,)) or isinstance(w, (W.HTML, W.Label)):
                    continue
                if isinstance(w, (W.IntProgress,)) or not getattr(w, "description", ""):
                    continue
                assert id(w) in explained, (name, w.description)


def test_the_rooms_dashboard_is_titled_for_every_game():
    nb = json.loads((ROOT / "dashboards" / "skull_king_rooms.ipynb").read_text())
    heading = "".join(nb["cells"][0]["source"]).splitlines()[0]
    assert heading == "# Game rooms"
    intro = "".join(nb["cells"][0]["source"])
    assert all(get_spec(game).title in intro for game in ("lopti", "skull-king", "drowned-ledger"))


def test_the_rooms_page_says_its_title_once():
    """The rooms dashboard has its heading and help in its first cell; the widget it shows
    leaves out its own (which a notebook without a heading keeps)."""
    from lopti_nb.rooms import room_widget

    nb = json.loads((ROOT / "dashboards" / "skull_king_rooms.ipynb").read_text())
    code = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert "room_widget(heading=False)" in code
    assert "Game rooms" not in room_widget(store=":memory:", start_timer=False, heading=False).title.value
    assert "Game rooms" in room_widget(store=":memory:", start_timer=False).title.value
    with pytest.raises(LoptiNbError):
        room_widget(store=":memory:", start_timer=False, heading="no")


def test_one_default_player_count_per_game():
    """``play()``, the launcher, the score lab and the rooms' host form all seat the number
    the game's plugin declares (``default_players``)."""
    import lopti_nb
    from lopti_nb.rooms import room_widget

    rooms = room_widget(store=":memory:")
    for spec in all_specs():
        table = lopti_nb.play(spec.name, humans=0, bot_delay=0)
        assert table.state.num_players == spec.default_players
        assert game_launcher(game=spec.name).players.value == spec.default_players
        assert score_lab(game=spec.name).players.value == spec.default_players
        rooms.create_game.value = spec.name
        assert rooms.create_players.value == spec.default_players


# -- results belong to the settings that made them -------------------------------------------------
def test_score_lab_takes_results_away_when_a_setting_changes():
    lab = score_lab(games=10)
    usable(lab.game).value = "skull-king"
    usable(lab.run_button).click()
    assert "10 games of Skull King" in lab.status.value and lab.table.value
    for change in (lambda: setattr(usable(lab.form["scoring"]), "value", "rascal"),
                   lambda: setattr(usable(lab.seed), "value", 7),
                   lambda: setattr(usable(lab.game), "value", "lopti")):
        change()
        assert lab.last is None and lab.table.value == "" and lab.notes.value == ""
        assert lab.charts_box.layout.display == "none"
        assert "settings changed" in lab.status.value and "played" not in lab.status.value
        usable(lab.run_button).click()
        assert lab.charts_box.layout.display == "flex" and lab.table.value


def test_players_stay_across_games_where_they_still_fit():
    for dashboard in (score_lab(), game_launcher()):
        usable(dashboard.game).value = "skull-king"
        usable(dashboard.players).value = 3
        usable(dashboard.game).value = "drowned-ledger"
        assert dashboard.players.value == 3
        usable(dashboard.game).value = "skull-king"
        usable(dashboard.players).value = 7  # more than the Ledger seats: its default then
        usable(dashboard.game).value = "drowned-ledger"
        assert dashboard.players.value == get_spec("drowned-ledger").default_players


def test_score_panels_fill_every_row_and_the_width_they_are_given():
    """Every row of the seats' panels is full (three seats: one row of three), and the lab's
    charts drawn for a phone's width are at most that wide, one panel per row."""
    from lopti_nb.dashboard_parts.fitted import PADDING
    from lopti_nb.dashboard_parts.score_lab import panel_columns

    for seats in range(2, 9):
        assert seats % panel_columns(seats) == 0
    lab = score_lab(games=10)
    usable(lab.game).value = "skull-king"
    usable(lab.players).value = 3
    usable(lab.run_button).click()
    assert lab.jchart.chart.to_dict()["vconcat"][0]["columns"] == 3  # one row of three
    phone = lab.chart._build(310)
    assert phone.to_dict()["vconcat"][0]["columns"] == 1
    assert 0.85 * 310 <= svg_width(phone) - PADDING <= 310


def test_launcher_folds_its_settings_into_one_line_once_dealt():
    g = game_launcher(game="skull-king")
    usable(g.players).value = 3
    usable(g.humans).value = 0
    usable(g.speed).value = 0.0
    assert g.summary_box.layout.display == "none"
    usable(g.deal_button).click()
    assert g.settings_area.layout.display == "none" and g.summary_box.layout.display == "flex"
    assert "Skull King · 3 players · 3 bots · classic · table edition" in g.summary.value
    assert "Dealt: Skull King, 3 players, 0 people and 3 bots." in g.status.value
    usable(g.change_button).click()
    assert g.settings_area.layout.display == "" and g.summary_box.layout.display == "none"
    usable(g.form["legendary"]).value = False
    g.deal()
    assert g.summary.value.count("without them") == 1


def test_the_classroom_offers_only_games_with_lessons():
    """A plugin game without lessons (the tests' toy Nim) is not offered in the classroom,
    where choosing it could only fail; every game with lessons is."""
    offered = [name for _, name in rules_classroom(lesson=False).game.options]
    with_lessons = [name for name in game_names() if get_spec(name).lessons is not None]
    assert offered == with_lessons
    assert "nim" in game_names() and "nim" not in offered
