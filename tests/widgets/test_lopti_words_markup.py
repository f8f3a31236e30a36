"""Lopti's words motions and amendments are text people type: at the table they are shown
escaped and in their own direction (``<bdi>``), never as markup, and so is a replay of the
round they were in force in. The people are named with markup too (the name check's markup
refusal switched off, as in tests/conformance/test_markup.py)."""
from __future__ import annotations

import pytest
from markup_support import TYPED, Seen, isolated, markup_names
from widgets.test_lopti_session_table import _won_by_a_person, click, play_round, set_value

from lopti_nb.widgets.replay import replay

AMENDED = '<svg onload=alert(2)> \u202eamended'  # markup and a right-to-left override


@pytest.fixture(autouse=True)
def names_may_hold_markup(monkeypatch):
    monkeypatch.setattr("lopti_nb.text.MARKUP", "")


def test_1_7_a_words_motion_and_its_amendment_are_shown_as_text():
    names = markup_names(2)
    t, rng = _won_by_a_person(range(40), players=2, humans=1, names=names, rounds=3)
    panel = t.view.panel
    seen = Seen(names)
    set_value(t, panel.own_words, TYPED)
    click(t, "Adopt my own words")
    assert t.view.session.motions[0].text == TYPED  # kept as typed; only its showing is escaped
    seen.look(t, "the motion adopted")
    assert TYPED in seen.shown and seen.isolated, panel.motions_html.value
    click(t, "Next round")
    play_round(t, rng, until=lambda t: t.state.current_player == 0)
    seen.look(t, "round 2")
    set_value(t, panel.vote_what, "amend:1")
    set_value(t, panel.vote_words, AMENDED)
    seen.look(t, "the amendment written")
    click(t, "Call the Rule Vote")
    click(t, "Vote yes")
    seen.look(t, "the amendment voted on")
    vote_html = panel.vote_text.value + panel.ballot_text.value + panel.history.value
    assert isolated(AMENDED, vote_html), vote_html
    assert "<svg onload" not in vote_html
    # the round's record, replayed, shows the motion in force as text
    r = replay(t.state.record())
    for step in (0, r.end):
        r.show(step)
        seen.look(r, f"the replay at move {step}")
    assert not set(names) - seen.shown
