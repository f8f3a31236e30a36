"""The motion builder, operated as a person would: only visible, enabled menus, fields and buttons.

A winner composing a ready motion from the menus gets exactly its data; a combination the
constitution refuses shows the reason on screen and keeps Submit disabled; words only stay
possible and are marked as not enforced; and what a person types reaches HTML escaped."""
from __future__ import annotations

import pytest

from lopti_nb.games.lopti.builder import MotionBuilder
from lopti_nb.games.lopti.library import READY_DATA
from lopti_nb.games.lopti.motions import BASE_EVENTS, PHASES, ConstitutionError, MotionError
from lopti_nb.games.lopti.motions.data import EFFECTS, check_motion_data, effect_fields, facts_at, motion_words
from lopti_nb.text import esc
from lopti_nb.widgets.testing import visible_widgets
from browser_support import click
from markup_support import MARKS, TYPED, drawn


def on_screen(builder, widget) -> bool:
    return any(w is widget for w in visible_widgets(builder))


def pick(builder, widget, value) -> None:
    """Set a menu or a field, as a person can: only one that is on screen and enabled."""
    assert on_screen(builder, widget), f"{widget.description!r} is not on screen"
    assert not widget.disabled, f"{widget.description!r} is disabled"
    widget.value = value


def compose(builder, data: dict) -> None:
    """Compose ``data`` (a motion with rules, as written by hand) through the builder's menus."""
    if "title" in data:
        pick(builder, builder.title, data["title"])
    for i, rule in enumerate(data["rules"]):
        if i:
            click(builder, builder.add_rule.description, exact=True)
        editor = builder.rules[i]
        phase, event = rule["when"].split(" ", 1)
        pick(builder, editor.phase, phase)
        pick(builder, editor.event, event)
        for condition in rule.get("if", []):
            click(builder, editor.add_condition.description, exact=True)
            row = editor.conditions[-1]
            pick(builder, row.fact, condition["fact"])
            pick(builder, row.op, condition["op"])
            if "value" not in condition:
                continue
            value = condition["value"]
            if isinstance(value, list):
                if on_screen(builder, row.several):
                    pick(builder, row.several, tuple(value))
                else:
                    pick(builder, row.numbers, ", ".join(map(str, value)))
            elif isinstance(value, bool):
                pick(builder, row.yes_no, value)
            elif isinstance(value, int):
                pick(builder, row.number_field, value)
            else:
                pick(builder, row.word, value)
        for j, effect in enumerate(rule["then"]):
            if j:
                click(builder, editor.add_effect.description, exact=True)
            row = editor.effects[j]
            pick(builder, row.effect, effect["effect"])
            for name, value in effect.items():
                if name != "effect":
                    pick(builder, row.fields[name], value)


@pytest.mark.parametrize("name", sorted(READY_DATA))
def test_each_ready_motion_composed_from_the_menus_gives_its_data(name):
    got = []
    builder = MotionBuilder(on_submit=got.append)
    compose(builder, {"title": name.replace("_", " "), **READY_DATA[name]})
    assert not builder.refusal.value, builder.refusal.value
    click(builder, builder.submit_button.description, exact=True)
    want = check_motion_data({"title": name.replace("_", " "), **READY_DATA[name]})
    assert got == [want]
    assert builder.submitted == want
    assert esc(motion_words(want)) in builder.preview.value


def test_a_loaded_motion_shows_in_the_menus_and_gives_its_data_back():
    builder = MotionBuilder()
    for name, data in READY_DATA.items():
        builder.load(data)
        assert builder.data == check_motion_data(data), name
        assert len(builder.rules) == len(data["rules"])
    with pytest.raises(ConstitutionError):
        builder.load({"when": "after play", "then": [{"effect": "draw", "who": "seat 2"}]})
    assert builder.data == check_motion_data(data)  # nothing changed
    builder.load("Whoever plays a 9 hums a tune.")
    assert builder.mode.value == "words" and not builder.submit_button.disabled


def test_the_builders_examples_run():
    import doctest

    import lopti_nb.games.lopti.builder as module

    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0


def test_the_preview_reads_the_words_in_the_tables_voice():
    builder = MotionBuilder(voice="pirate")
    compose(builder, READY_DATA["pile_taker_shows_highest"])
    assert "sailor hauls in the heap" in builder.preview.value
    with pytest.raises(MotionError):
        MotionBuilder(voice="<b>loud</b>")


def test_the_menus_are_the_languages_own():
    builder = MotionBuilder()
    rule = builder.rules[0]
    assert tuple(rule.phase.options) == PHASES and tuple(rule.event.options) == BASE_EVENTS
    assert tuple(rule.effects[0].effect.options) == tuple(EFFECTS)
    click(builder, rule.add_condition.description, exact=True)
    pick(builder, rule.event, "pickup")
    assert tuple(value for _, value in rule.conditions[0].fact.options) == facts_at("after pickup")
    assert ("the pickup was forced by a 3 duty", "forced") in rule.conditions[0].fact.options
    pick(builder, rule.event, "clear")
    offered = [value for _, value in rule.conditions[0].fact.options]
    assert "how" in offered and "forced" not in offered
    pick(builder, rule.effects[0].effect, "discard")
    n = rule.effects[0].fields["n"]
    assert n.max == next(f.high for f in effect_fields("discard") if f.name == "n") == 2


def test_a_refused_motion_shows_the_reason_on_screen_and_submit_stays_disabled():
    got = []
    builder = MotionBuilder(on_submit=got.append)
    rule = builder.rules[0]
    pick(builder, rule.effects[0].effect, "clear the pile")  # after play, every play: a loop
    assert on_screen(builder, builder.refusal) and "loops" in builder.refusal.value
    assert "constitution refuses" in builder.refusal.value
    assert builder.submit_button.disabled and builder.data is None
    click(builder, rule.add_condition.description, exact=True)  # not a bonus play: no loop
    pick(builder, rule.conditions[0].fact, "bonus")
    pick(builder, rule.conditions[0].yes_no, False)
    assert not builder.submit_button.disabled and not on_screen(builder, builder.refusal)
    pick(builder, rule.event, "round end")  # the fact is gone there, and cards no longer move
    assert rule.conditions[0].fact.value != "bonus"
    click(builder, rule.conditions[0].remove.description, exact=True)
    assert "only right after a play" in builder.refusal.value and builder.submit_button.disabled
    pick(builder, rule.effects[0].effect, "draw")
    assert "acts on the present only" in builder.refusal.value and builder.submit_button.disabled
    pick(builder, rule.phase, "before")
    pick(builder, rule.event, "play")
    click(builder, rule.add_condition.description, exact=True)
    pick(builder, rule.conditions[0].fact, "round")
    pick(builder, rule.conditions[0].op, "one of")
    pick(builder, rule.conditions[0].numbers, "1, two")
    assert "whole numbers separated by commas" in builder.refusal.value and builder.submit_button.disabled
    pick(builder, rule.conditions[0].numbers, "1, 2")
    assert not builder.submit_button.disabled
    assert got == []
    click(builder, builder.submit_button.description, exact=True)
    assert got[0]["rules"][0]["if"] == [{"fact": "round", "op": "one of", "value": [1, 2]}]


def test_a_refusal_where_the_motion_is_handed_shows_on_screen():
    """The session refuses a copy of a motion in force: its reason shows where the refusals show."""
    from lopti_nb.games.lopti.motions import SessionError

    def session_refuses(data):
        raise SessionError("this motion is the same as motion 1, already in force")

    builder = MotionBuilder(on_submit=session_refuses)
    compose(builder, READY_DATA["ace_tax"])
    click(builder, builder.submit_button.description, exact=True)
    assert on_screen(builder, builder.refusal) and "same as motion 1" in builder.refusal.value
    assert builder.submitted is None
    pick(builder, builder.rules[0].effects[0].fields["n"], 2)  # a change: the reason is gone
    assert not on_screen(builder, builder.refusal)


def test_words_only_are_marked_not_enforced_and_submitted_as_words():
    got = []
    builder = MotionBuilder(on_submit=got.append)
    pick(builder, builder.mode, "words")
    assert not on_screen(builder, builder.rules[0]) and on_screen(builder, builder.words)
    assert "Not enforced by the game" in builder.words_note.value and on_screen(builder, builder.words_note)
    assert builder.submit_button.disabled
    pick(builder, builder.words, "  Whoever plays a 9 hums   a tune. ")
    assert "not enforced" in builder.submit_button.description
    assert "not enforced by the game" in builder.preview.value
    click(builder, builder.submit_button.description, exact=True)
    assert got == ["Whoever plays a 9 hums a tune."]


def test_typed_text_reaches_html_only_escaped():
    builder = MotionBuilder()
    rule = builder.rules[0]
    pick(builder, builder.title, TYPED)
    pick(builder, rule.effects[0].effect, "say")
    pick(builder, rule.effects[0].fields["text"], TYPED)
    assert not builder.submit_button.disabled
    looks = [drawn(builder)[0]]
    assert esc(TYPED) in builder.preview.value
    pick(builder, builder.title, TYPED * 3)  # too long: the refusal echoes it, escaped
    assert builder.submit_button.disabled and esc(TYPED) in builder.refusal.value
    looks.append(drawn(builder)[0])
    pick(builder, builder.mode, "words")
    pick(builder, builder.words, TYPED)
    looks.append(drawn(builder)[0])
    assert esc(TYPED) in builder.preview.value
    for as_html in looks:
        for value in as_html:
            for mark in MARKS:
                assert mark not in value, value[:300]
