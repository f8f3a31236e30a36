"""The round's winner composes a motion the game enforces at a session table (RULINGS 1.7),
through the motion builder's enabled controls only, as a person does: it is stated in the
log as the table will hear it, acts from the next round on, and is refused with its reason
when it is the same as a motion in force. Words only stay possible and are marked as not
enforced; what a person types is shown as text."""
from __future__ import annotations

from markup_support import TYPED, Seen, markup_names
from browser_support import click
from widgets.test_lopti_session_table import (labels, no_swallowed_errors, play_until, set_value,  # noqa: F401
                                              won_by_a_person)
from lopti_nb.widgets.testing import visible_widgets

from lopti_nb.games.lopti import events as ev


def compose_pickup_draws(t) -> None:
    """In the builder: after a pickup, every other player still in draws a card."""
    rule = t.view.builder.rules[0]
    set_value(t, rule.phase, "after")
    set_value(t, rule.event, "pickup")
    effect = rule.effects[0]
    set_value(t, effect.effect, "draw")
    set_value(t, effect.fields["who"], "others")


def shown(root, widget) -> bool:
    """Whether ``widget`` is on screen under ``root`` (a table or a room's page)."""
    return any(w is widget for w in visible_widgets(root))


SAID = ("After a player takes the pile, every other player still in draws a card from the draw pile, "
        "while it lasts.")


def test_1_7_the_winner_composes_a_motion_the_game_enforces_from_the_next_round():
    t, rng = won_by_a_person(range(40), players=3, humans=1, rounds=3)
    view = t.view
    assert shown(t, view.builder) and not shown(t, view.builder.mode)  # the builder makes enforced motions
    compose_pickup_draws(t)
    assert SAID in view.builder.preview.value  # the words as the table will hear them, before submitting
    click(t, "Submit this motion")
    assert t.state.phase != "authoring"
    assert t.state.motions[0].motion.data is not None
    assert f"writes motion 1: {SAID}" in t.log_html.value
    assert "words only" not in view.motions_html.value  # enforced: not marked as words only
    before = len(t.state.events)
    play_until(t, rng, lambda t: t.state.is_over
               or any(isinstance(e, ev.MotionDrew) for e in t.state.events[before:]))
    drew = [e for e in t.state.events[before:] if isinstance(e, ev.MotionDrew)]
    assert drew, "no pickup in the rest of the session"
    assert "Motion 1: " in t.log_html.value and "draws a card" in t.log_html.value


def test_1_7_a_ready_motion_in_force_is_marked_not_chosen_first_and_refused_on_screen():
    t, rng = won_by_a_person(range(40), players=2, humans=1, rounds=6)
    view = t.view
    assert view.ready_pick.value == "" and "Adopt the ready motion" not in labels(t)  # nothing preselected
    key = view.ready_pick.options[1][1]
    set_value(t, view.ready_pick, key)
    click(t, "Adopt \u201c")
    assert len(t.state.motions) == 1 and t.state.phase != "authoring"
    play_until(t, rng, lambda t: t.state.is_over or (t.state.phase == "authoring" and t.state.author_seat == 0),
               limit=6000)
    assert not t.state.is_over, "the person won no second round"
    label = dict((k, lab) for lab, k in view.ready_pick.options)[key]
    assert label.endswith("(already in force)")
    set_value(t, view.ready_pick, key)
    assert "Adopt \u201c" not in " ".join(labels(t))  # refused: the button is disabled ...
    assert "Not offered: that motion is already in force as motion 1" in view.ready_words.value  # ... and why


def test_1_7_a_data_motion_the_same_as_one_in_force_is_refused_in_the_builder():
    t, rng = won_by_a_person(range(40), players=2, humans=1, rounds=6)
    compose_pickup_draws(t)
    click(t, "Submit this motion")
    play_until(t, rng, lambda t: t.state.is_over or (t.state.phase == "authoring" and t.state.author_seat == 0),
               limit=6000)
    assert not t.state.is_over, "the person won no second round"
    events, motions = len(t.state.events), len(t.state.motions)
    compose_pickup_draws(t)  # the builder still holds it: the same rule again
    set_value(t, t.view.builder.title, "another name")
    click(t, "Submit this motion")
    assert "Not stated: that motion is already in force as motion 1" in t.view.builder.refusal.value
    assert len(t.state.events) == events and len(t.state.motions) == motions


def test_1_7_words_only_are_marked_not_enforced_and_hostile_text_is_shown_as_text(monkeypatch):
    monkeypatch.setattr("lopti_nb.text.MARKUP", "")
    names = markup_names(2)
    t, rng = won_by_a_person(range(40), players=2, humans=1, names=names, rounds=2)
    view = t.view
    assert "not enforced by the game" in view.words_note.value and shown(t, view.words_note)
    seen = Seen(names)
    rule = view.builder.rules[0]
    set_value(t, rule.effects[0].effect, "say")
    set_value(t, rule.effects[0].fields["text"], TYPED)
    seen.look(t, "a Say effect typed in the builder")
    set_value(t, view.own_words, TYPED)
    click(t, "Adopt my own words")
    seen.look(t, "the words motion adopted")
    assert TYPED in seen.shown
    assert "words only" in view.motions_html.value


def test_only_the_winners_room_page_shows_the_builder_and_both_pages_get_the_motion(tmp_path):
    """Two devices in a session room: the winner's page shows the builder, the other page says
    who is writing; the motion composed on the winner's page is stated on both pages."""
    import random

    from lopti_nb.engine import get_spec
    from lopti_nb.games.lopti.session_game import CallVote
    from rooms.test_rooms_lopti_session import _two_devices

    a, b = _two_devices(tmp_path)
    bot, rng = get_spec("lopti").make_bot("heuristic"), random.Random(0)
    for _ in range(3000):
        st = a.session.state
        if st.phase == "authoring" or st.is_over:
            break
        seat = st.to_act[0]
        w = a if a.session.seat == seat else b
        legal = [x for x in st.legal_actions(seat) if not isinstance(x, CallVote)]
        w.session.submit(bot(st.observation(seat), legal, rng), expect_seq=w.session.seq)
        a.poll_once(), b.poll_once()
    assert a.session.state.phase == "authoring"
    winner = a if a.session.state.author_seat == a.session.seat else b
    other = b if winner is a else a
    name = winner.session.room.names()[winner.session.seat]
    assert shown(winner, winner.view.builder) and not shown(other, other.view.builder)
    assert f"{name}</b> won round 1 and is writing a motion" in other.view.author_text.value
    rule = winner.view.builder.rules[0]
    rule.event.value = "pickup"
    rule.effects[0].fields["who"].value = "others"
    click(winner, "Submit this motion")
    other.poll_once(), winner.poll_once()
    for w in (a, b):
        assert SAID in w.view.motions_html.value and f"writes motion 1: {SAID}" in w.log_html.value
