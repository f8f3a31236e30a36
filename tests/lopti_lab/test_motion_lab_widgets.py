"""The motion lab on a page, without a browser: the dashboard runs with its progress bar and
shows the findings and their chart; a motion written in its builder joins the menu and is
measured; a lab's result draws itself; a motion's words are text."""
from __future__ import annotations

import ipywidgets as W
import pytest

import lopti_nb
from lopti_nb.engine import LoptiNbError
from lopti_nb.dashboard_parts import game_part
from lopti_nb.games.lopti.lab import motion_lab
from lopti_nb.games.lopti.motions import Draw, Motion
from lopti_nb.widgets.lab import LabShell
from lopti_nb.widgets.testing import visible_widgets
from browser_support import click


def usable(widget: W.Widget) -> W.Widget:
    """A control a person can operate: shown and enabled."""
    assert widget.layout.display != "none" and not getattr(widget, "disabled", False), widget
    return widget


def on_screen(root: W.Widget, widget: W.Widget) -> bool:
    return any(w is widget for w in visible_widgets(root))


def pick(root: W.Widget, widget: W.Widget, value) -> None:
    """Set a menu or a field as a person can: only one on screen under ``root`` and enabled."""
    assert on_screen(root, widget), f"{widget.description!r} is not on screen"
    assert not widget.disabled, f"{widget.description!r} is disabled"
    widget.value = value


def test_the_dashboard_runs_with_a_progress_bar_and_shows_findings_and_a_chart():
    lab = game_part("motion_lab", "lopti")
    assert "Aces are played" in lab.words.value  # the chosen motion's words, before any run
    usable(lab.motion).value = "pairs_pass_on"
    assert "exactly two cards" in lab.words.value
    usable(lab.players).value = 3
    usable(lab.sessions).value = 10
    seen = []
    lab.shell.progress.bar.observe(lambda c: seen.append(c["new"]), names="value")
    usable(lab.shell.run_button).click()
    assert seen[-1] == 10 and len(set(seen)) >= 5  # moved session by session
    assert lab.shell.progress.counted.value == "10 of 10 sessions"
    assert "10 sessions of 3 rounds with 3 players" in lab.shell.status.value
    page = lab.shell.findings.value
    assert page.count("<li") == len(lab.lab.findings) == 9
    assert "the seat after the author wins a round" in page and "counted by session" in page
    assert lab.shell.jchart is not None and lab.shell.charts_box.layout.display == "flex"
    chart = lab.shell.jchart.chart.to_dict()
    assert "The author wins" in str(chart)
    # another setting: the results of the old ones leave the page
    usable(lab.players).value = 4
    assert lab.shell.findings.value == "" and lab.shell.charts_box.layout.display == "none"
    assert "The settings changed" in lab.shell.status.value


def test_a_labs_result_draws_itself_as_the_shell_with_its_findings():
    lab = lopti_nb.motion_lab("ace_tax", players=3, sessions=4, rounds=1, progress=False)
    shell = lab.widget()
    assert isinstance(shell, LabShell)
    assert shell.progress.counted.value == "4 of 4 sessions"
    assert shell.findings.value.count("<li") == len(lab.findings)
    assert shell.run_button.layout.display == "none"  # nothing to run again: it shows a result
    bundle = lab._repr_mimebundle_()
    assert "What \u201cace tax\u201d does" in bundle["text/html"] and bundle["text/html"].count("<li") == 9
    assert bundle["text/plain"].startswith("MotionLab('ace tax', players=3, sessions=4")


def test_a_motions_words_reach_the_page_as_text_never_markup():
    sly = Motion("<img src=x onerror=alert(1)> draws a card after each clear.",
                 {"after clear": lambda v: Draw("actor", 1)}, title="<b>sly</b>")
    lab = motion_lab(sly, players=3, sessions=2, rounds=1, progress=False)
    shell = lab.widget()
    for html in (shell.title.value, shell.findings.value, shell.status.value, shell.note.value,
                 lab._repr_mimebundle_()["text/html"]):
        assert "<b>sly" not in html and "<img" not in html
    assert "&lt;b&gt;sly&lt;/b&gt;" in shell.findings.value


def test_on_progress_hears_every_session():
    calls = []
    motion_lab("ace_tax", players=2, sessions=5, rounds=1, progress=False, on_progress=lambda d, t: calls.append((d, t)))
    assert calls == [(k, 5) for k in range(1, 6)]


def test_a_built_motion_joins_the_menu_and_runs_and_a_refused_one_leaves_it_as_it_was():
    lab = game_part("motion_lab", "lopti", sessions=10)
    before = list(lab.motion.options)
    data = {"title": "aces feed the next", "rules": [{"when": "after play",
            "if": [{"fact": "rank", "op": "is", "value": "A"}], "then": [{"effect": "draw", "who": "next", "n": 1}]}]}
    key = lab.use(data)
    assert lab.motion.value == key and lab.motion.options[-1] == ("Built: aces feed the next", key)
    assert "the next player still in draws a card" in lab.words.value
    usable(lab.players).value = 2
    usable(lab.shell.run_button).click()
    assert "What \u201caces feed the next\u201d does" in lab.shell.findings.value
    with pytest.raises(LoptiNbError):
        lab.use({"title": "loop", "rules": [{"when": "after play", "then": [{"effect": "teleport"}]}]})
    assert list(lab.motion.options) == [*before, ("Built: aces feed the next", key)]


def test_a_motion_written_in_the_builder_joins_the_menu_chosen_and_the_lab_measures_it():
    lab = game_part("motion_lab", "lopti", sessions=10)
    assert not on_screen(lab, lab.build_box)  # folded until asked for: the page stays short on a phone
    click(lab, "Write your own motion", exact=True)
    builder = lab.builder
    assert on_screen(lab, builder.submit_button)
    assert not on_screen(lab, builder.mode)  # menus only: words are not enforced, so not measured
    rule = builder.rules[0]
    pick(lab, builder.title, "aces feed the next")
    pick(lab, rule.phase, "after")
    pick(lab, rule.event, "play")
    click(lab, rule.add_condition.description, exact=True)
    pick(lab, rule.conditions[0].fact, "rank")
    pick(lab, rule.conditions[0].op, "is")
    pick(lab, rule.conditions[0].word, "A")
    effect = rule.effects[0]
    pick(lab, effect.effect, "draw")
    pick(lab, effect.fields["who"], "next")
    pick(lab, effect.fields["n"], 1)
    assert "the next player still in draws a card" in builder.preview.value
    click(lab, "Submit this motion", exact=True)
    assert lab.motion.options[-1] == ("Built: aces feed the next", lab.motion.value)
    assert lab.chosen.to_data()["rules"][0]["if"] == [{"fact": "rank", "op": "is", "value": "A"}]
    assert not on_screen(lab, lab.build_box)  # folded again once the motion is in the menu
    assert "the next player still in draws a card" in lab.words.value
    assert "is in the motion menu" in lab.shell.status.value
    pick(lab, lab.players, 2)
    click(lab, "Run the lab", exact=True)
    page = lab.shell.findings.value
    assert lab.lab.name == "aces feed the next" and page.count("<li") == len(lab.lab.findings) > 0
    assert "What \u201caces feed the next\u201d does" in page and "wins a round" in page


def test_a_motion_the_constitution_refuses_keeps_submit_disabled_and_words_only_are_refused():
    lab = game_part("motion_lab", "lopti", sessions=10)
    before = list(lab.motion.options)
    click(lab, "Write your own motion", exact=True)
    builder = lab.builder
    pick(lab, builder.rules[0].effects[0].effect, "clear the pile")  # after every play: a loop
    assert on_screen(lab, builder.refusal) and "loops" in builder.refusal.value
    assert builder.submit_button.disabled
    with pytest.raises(AssertionError, match="disabled"):
        click(lab, "Submit this motion", exact=True)
    # words only cannot be chosen here; handed in by a program, they are refused with the reason
    builder.load("Aces are wild.")
    builder.submit()
    assert "nothing to measure" in builder.refusal.value
    assert list(lab.motion.options) == before and on_screen(lab, lab.build_box)


def test_propose_it_at_the_table_shows_a_session_below_the_lab_with_the_motion_put_to_the_vote():
    lab = game_part("motion_lab", "lopti", sessions=10, bot_delay=0)
    usable(lab.motion).value = "pairs_pass_on"
    usable(lab.players).value = 3
    assert lab.shell.actions.layout.display == "none" and lab.table_box.children == ()  # after a run only
    click(lab, "Run the lab")
    assert lab.shell.actions.layout.display == "flex"
    click(lab, "Propose it at the table")
    note, table = lab.table_box.children
    assert table is lab.table and isinstance(table, W.Widget)
    state = table.state
    assert state.num_players == 3 and state.settings["rounds"] == 3 and state.settings["proposed"] == "pairs_pass_on"
    assert state.phase == "voting" and state.to_act == (0,)  # the bots have voted: you are asked
    assert "exactly two cards" in table.view.ballot_text.value and "before the first deal" in table.view.ballot_text.value
    assert "pairs pass on" in note.value.lower()


def test_a_motion_no_table_can_carry_is_not_proposed_and_the_page_says_why():
    lab = game_part("motion_lab", "lopti", sessions=10, bot_delay=0)
    lab.use(Motion("Everyone sings."))
    usable(lab.players).value = 2
    click(lab, "Run the lab")
    click(lab, "Propose it at the table")
    assert lab.table_box.children == () and "words only" in lab.shell.status.value


def test_1_7_the_lab_in_a_notebook_proposes_its_motion_at_a_table():
    """The lab's widget in a notebook has "Propose it at the table", as the dashboard does: a
    session of the lab's players opens below, on its setup vote for the motion (ready or data)."""
    import lopti_nb
    from lopti_nb.games.lopti.lab_view import result_widget
    from lopti_nb.widgets.testing import visible_widgets
    from browser_support import click

    for motion in ("ace_tax", {"when": "after pickup", "then": [{"effect": "draw", "who": "others"}]}):
        lab = lopti_nb.motion_lab(motion, players=3, sessions=2, progress=False)
        shell = result_widget(lab)
        assert any(w is shell.propose_button for w in visible_widgets(shell))
        click(shell, "Propose it at the table", exact=True)
        state = shell.table.state
        assert state.num_players == 3 and state.setup is not None  # the table votes on it first
        assert lopti_nb.load(state.record()).setup is not None
