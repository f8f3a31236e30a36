"""Rules reference §1.7: a session may begin with a motion proposed at setup. The rooms' create
form offers "Propose a motion" once a session is chosen (none, a ready motion, or one built
from the builder's menus); the room then starts on the setup vote on that motion."""
from __future__ import annotations

import pytest
from browser_support import click

from lopti_nb.rooms.widget import RoomWidget
from lopti_nb.widgets.testing import visible_widgets


def _host(tmp_path, **rounds_and_players) -> RoomWidget:
    w = RoomWidget(store=str(tmp_path / "rooms.sqlite"), start_timer=False, bot_pace=0)
    w.create_name.value = "Ann"
    w.create_game.value = "lopti"
    w.create_players.value = rounds_and_players.get("players", 3)
    return w


def _proposal_form(w):
    return next(x for x in visible_widgets(w) if "lnb-proposed-motion" in getattr(x, "_dom_classes", ()))


@pytest.mark.timeout(60)
def test_1_7_propose_a_motion_shows_only_for_a_session_and_a_ready_one_opens_on_its_setup_vote(tmp_path):
    w = _host(tmp_path)
    with pytest.raises(StopIteration):  # one round: nothing to propose
        _proposal_form(w)
    w.create_settings["rounds"].value = 2
    form = _proposal_form(w)
    form.choice.value = "ace_tax"
    assert "ace" in form.words.value.lower()
    click(w, "Create a room")
    assert w.session is not None, w.status.value
    click(w, "Start the game")
    vote = w.session.observation()["session"]["vote"]
    assert w.session.state.phase == "voting" and vote["kind"] == "setup" and not w.session.state.round_starts
    text = w.view.vote_text.value + w.view.ballot_text.value
    assert "ace" in text.lower() and "round one" in text
    click(w, "Vote yes")


@pytest.mark.timeout(60)
def test_1_7_a_motion_built_in_the_create_form_is_the_one_voted_on_at_setup(tmp_path):
    w = _host(tmp_path)
    w.create_settings["rounds"].value = 3
    form = _proposal_form(w)
    form.choice.value = "built"
    rule = form.builder.rules[0]
    rule.event.value = "pickup"
    rule.effects[0].effect.value = "reveal"
    click(w, "Create a room")
    click(w, "Start the game")
    assert w.session.state.settings["proposed"] == form.builder.data
    assert "that player shows the table their lowest hand card" in w.view.vote_text.value + w.view.ballot_text.value
