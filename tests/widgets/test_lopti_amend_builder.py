"""Rules reference §1.7: a Rule Vote may amend a motion in force. At the table the amendment
is words, or a new motion the game enforces, built from the menus of a builder of its own in
the vote's form; once the vote passes, the motion in force is the one built, and it acts.
The builder offers each rule's moment only the facts that moment has."""
from __future__ import annotations

import pytest
from widgets.test_lopti_session_table import click, confirm, play_until, set_value, won_by_a_person

from lopti_nb.games.lopti.builder import MotionBuilder
from lopti_nb.games.lopti.motions.data import fact_words


@pytest.mark.timeout(120)
def test_1_7_an_amendment_built_in_the_vote_form_passes_and_takes_effect():
    t, rng = won_by_a_person(range(40), players=2, humans=2, rounds=3)
    view = t.view
    set_value(t, view.own_words, "Whoever clears says hooray.")
    click(t, "Adopt my own words")
    play_until(t, rng, lambda t: t.state.phase == "playing" and t.viewer == t.state.current_player)
    set_value(t, view.vote_what, "amend:1")
    assert view.amend_builder is None and view.vote_words.layout.display != "none"  # words first
    set_value(t, view.amend_kind, "data")
    built = view.amend_builder
    set_value(t, built.rules[0].event, "pickup")
    set_value(t, built.rules[0].effects[0].effect, "reveal")
    hears = "After a player takes the pile, that player shows the table their lowest hand card."
    assert hears in view.vote_text.value  # what everyone votes on, in the table's words
    click(t, "Call the Rule Vote")
    click(t, "Vote yes")
    confirm(t)
    click(t, "Vote yes")
    motion = t.state.motions[0]
    assert view.amend_kind.value == "words" and view.amend_builder is None  # the form starts again
    assert motion.in_force and motion.motion.to_data() == built.data and motion.motion.text == hears
    # it acts: the next pickup is followed by motion 1 showing that player's lowest card
    start = len(t.state.events)
    play_until(t, rng, lambda t: any(type(e).__name__ == "PickedUp" for e in t.state.events[start:])
               or t.state.phase != "playing")
    events = t.state.events[start:]
    taken = next(i for i, e in enumerate(events) if type(e).__name__ == "PickedUp")
    assert type(events[taken + 1]).__name__ == "MotionRevealed" and events[taken + 1].describe().startswith("Motion 1:")


@pytest.mark.timeout(60)
def test_the_builder_offers_each_moment_only_the_facts_it_has():
    builder = MotionBuilder()
    rule = builder.rules[0]
    click(builder, "Add a condition to rule 1")
    facts = rule.conditions[0].fact
    rank = fact_words("rank", "plain")
    assert rank == "the rank played"
    assert rank in [label for label, _ in facts.options]  # after play
    rule.event.value = "clear"
    offered = [label for label, _ in facts.options]
    assert rank not in offered and fact_words("how", "plain") in offered
    assert facts.value != "rank"
    rule.event.value = "play"
    assert rank in [label for label, _ in facts.options]
