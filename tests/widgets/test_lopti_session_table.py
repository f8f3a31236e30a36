"""A Lopti session at the table, played through its widgets (RULINGS 1.7): the same session
state and the same view as in a room (rounds, "round k of N", the vote menu, the log, the
session's end with its places).

Every step is what a person can do: click an enabled, visible button, or set a visible form
control (a dropdown, a text box). Cards are played the way the heuristic bot would play them,
but by the view's own controls, so rounds end as they do at a real table. A callback that
raises inside a click would only be logged by ipywidgets: such a log line fails the test.
"""
from __future__ import annotations

import logging
import random

import ipywidgets as W
import pytest

import lopti_nb
from lopti_nb.engine import SettingsError
from lopti_nb.games.lopti import KeepCards, Play, PlayBlind, Swap, TakePile
from lopti_nb.games.lopti.bots import heuristic_bot
from lopti_nb.games.lopti.session_game import BOT_AUTHOR_POLICY, LoptiSessionState
from lopti_nb.games.lopti.view_session import SessionView, vote_menu
from lopti_nb.text import esc
from lopti_nb.widgets.testing import clickables, visible_widgets, widget_text
from browser_support import click


@pytest.fixture(autouse=True)
def no_swallowed_errors(caplog):
    """ipywidgets logs (and swallows) an exception raised by a click's callback."""
    with caplog.at_level(logging.WARNING):
        yield
    errors = [r.getMessage() for r in caplog.records if "Exception in callback" in r.getMessage()]
    assert not errors, errors


# -- doing what a person does -------------------------------------------------------------------
def buttons(t) -> list[W.Button]:
    """Enabled, visible buttons, the shell's controls included (New game, Rematch...)."""
    found, _ = clickables(t)
    found += [b for b in t.controls.children if isinstance(b, W.Button) and not b.disabled
              and b.layout.display != "none"]
    return found


def labels(t) -> list[str]:
    return [b.description for b in buttons(t)]


def shown(t, widget) -> bool:
    return any(w is widget for w in visible_widgets(t))


def set_value(t, widget, value) -> None:
    """Fill a form control, as a person does, only when it is on screen and enabled."""
    assert shown(t, widget) and not getattr(widget, "disabled", False), f"{widget!r} is not usable now"
    widget.value = value


def confirm(t) -> bool:
    """Take the device when the pass-the-device screen asks for it."""
    if t.cover.layout.display == "none":
        return False
    assert labels(t)[:1] == [t.cover_button.description]
    clickable, toggles = clickables(t)
    assert clickable == [t.cover_button] and not toggles, "only the cover's button while it is up"
    t.cover_button.click()
    return True


def move(t, rng) -> str:
    """The player to act makes the heuristic bot's choice through the view's controls."""
    if confirm(t):
        return "confirm"
    st, v = t.state, t.view.round_view
    seat = st.current_player
    assert t.viewer == seat and t.can_act()
    if st.observation(seat).get("choice"):  # a motion asks this person to pick a card
        b = rng.choice(v.choice_buttons.visible_buttons)
        assert not b.disabled
        b.click()
        return b.description
    action = heuristic_bot(st.observation(seat), st.round.legal_actions(), rng)
    if isinstance(action, Swap):  # the two cards are picked, then swapped
        next(c for c in v.hand.toggles if c._lnb_key == action.hand_card).click()
        next(c for c in v.ups.toggles if c._lnb_key == action.face_up_card).click()
        b = next(b for b in v.swap_buttons.visible_buttons if b._lnb_action == action)
    elif isinstance(action, KeepCards):
        b = next(b for b in v.swap_buttons.visible_buttons if b._lnb_action == action)
    elif isinstance(action, Play):
        v.select(action.rank, action.count)
        b = v.play_button
    elif isinstance(action, TakePile):
        b = v.take_button
    else:
        assert isinstance(action, PlayBlind)
        card = next(c for c in v.blind.toggles if c._lnb_key == action.position)
        assert not card.disabled
        card.click()  # the face-down card is the control: pick it, then flip it
        b = v.play_button
    assert not b.disabled and shown(t, b)
    b.click()
    return str(action)


def play_until(t, rng, until, limit: int = 3000) -> None:
    """The person to act plays (as the heuristic bot would) until ``until(t)`` holds."""
    for _ in range(limit):
        if until(t):
            return
        move(t, rng)
    raise AssertionError("never reached")


def authoring_for_me(t) -> bool:
    return t.state.phase == "authoring" and t.state.author_seat == t.viewer


def pick_base_law(t, view=None) -> None:
    view = view or t.view
    set_value(t, view.vote_what, next(k for label, k in view.vote_what.options if label.startswith("Base law:")))


def test_1_7_a_table_session_has_rounds_says_round_k_of_n_and_ends_with_its_places():
    """play("lopti", rounds=2) is the session state rooms play: the title says "round k of
    N", and after the second round the session is over with its places (SessionOver)."""
    t = lopti_nb.play("lopti", players=3, humans=0, seed=2, bot_delay=0, rounds=2)
    assert isinstance(t.state, LoptiSessionState) and isinstance(t.view, SessionView)
    assert t.state.is_over and "Session: round 2 of 2" in t.view.title.value
    assert type(t.state.events[-1]).__name__ == "SessionOver"
    assert "The session&#x27;s final places" in t.scores.value or "The session's final places" in t.scores.value
    assert "The session is over after 2 rounds." in t.log_html.value
    assert "a session of 2 rounds" in t.header.value
    places = t.state.result.places
    assert sorted(places)[0] == 1 and len(places) == 3


def test_a_table_without_rounds_plays_one_round_like_a_room():
    """The default is the one a room offers: one round, the game itself."""
    t = lopti_nb.play("lopti", players=3, humans=0, seed=4, bot_delay=0)
    assert not isinstance(t.state, LoptiSessionState) and t.state.is_over
    assert "Session" not in widget_text(t)


def test_the_launcher_offers_the_rounds_menu_a_room_offers():
    from lopti_nb.dashboard_parts.launcher import GameLauncher
    from lopti_nb.rooms.widget import RoomWidget

    g = GameLauncher("lopti")
    room = RoomWidget(store=":memory:", start_timer=False, game="lopti")
    room.create_game.value = "lopti"
    assert list(g.rounds.options) == list(room.create_settings["rounds"].options)
    assert g.rounds.value == room.create_settings["rounds"].value == 0
    assert g.rounds_row.layout.display != "none"
    g.humans.value, g.speed.value = 0, 0.0
    g.rounds.value = 2
    table = g.deal()
    assert isinstance(table.state, LoptiSessionState) and table.state.rounds == 2 and table.state.is_over
    assert "a session of 2 rounds" in g.summary_text()
    g.game.value = "skull-king"
    assert g.rounds_row.layout.display == "none"


def test_the_launcher_offers_a_session_s_roshambo_length_saying_30_is_the_rules_number():
    """Under a session's rounds the launcher shows the session's own setting, the Roshambo's
    decisive throws, with words saying 30 is the rules' number; 5 deals a session with a short
    Roshambo, 0 is refused in a sentence on the page, and one round leaves it out."""
    from lopti_nb.dashboard_parts.launcher import GameLauncher
    from lopti_nb.widgets.testing import visible_widgets

    g = GameLauncher("lopti")
    assert g.session_box not in visible_widgets(g)  # one round: no Roshambo to set
    g.humans.value, g.speed.value = 0, 0.0
    g.rounds.value = 2
    assert g.session_box in visible_widgets(g)
    assert "30 is the rules' number" in widget_text(g.session_box)
    throws = g.session_forms["lopti"]["roshambo_throws"]
    assert throws.value == 30 and throws in visible_widgets(g)
    throws.value = 0
    assert g.deal() is None and "30 is the rules&#x27; number" in g.status.value
    throws.value = 5
    assert g.deal().state.roshambo_throws == 5
    assert "roshambo throws 5" in g.summary_text()
    g.rounds.value = 0
    assert g.session_box not in visible_widgets(g)
    assert not isinstance(g.deal().state, LoptiSessionState)


@pytest.mark.timeout(60)
def test_1_7_the_launcher_offers_propose_a_motion_for_a_session_and_deals_onto_its_setup_vote():
    """Rules reference §1.7: a session may begin with a motion put to the table at setup. The
    launcher shows the same "Propose a motion" part as a room's create form, only for a session
    of rounds; a motion built from its menus or a ready one deals a table that opens on the setup
    vote on it, and one round deals no proposal."""
    from lopti_nb.dashboard_parts.launcher import GameLauncher
    from lopti_nb.widgets.testing import visible_widgets

    g = GameLauncher("lopti")
    g.humans.value, g.speed.value = 1, 0.0
    proposal = g.session_setups["lopti"]
    assert proposal not in visible_widgets(g)  # one round: nothing to propose
    g.rounds.value = 2
    assert proposal in visible_widgets(g) and proposal.choice in visible_widgets(g)
    proposal.choice.value = "built"
    rule = proposal.builder.rules[0]
    rule.event.value = "pickup"
    rule.effects[0].effect.value = "reveal"
    assert g.deal().state.settings["proposed"] == proposal.builder.data
    proposal.choice.value = "ace_tax"
    table = g.deal()
    assert table is not None, g.status.value
    vote = table.state.observation(0)["session"]["vote"]
    assert table.state.phase == "voting" and vote["kind"] == "setup" and not table.state.round_starts
    assert table.state.settings["proposed"] == "ace_tax"
    assert "a motion proposed at setup" in g.summary_text()
    g.rounds.value = 0
    assert "proposed" not in g.deal().state.settings


def test_1_7_a_vote_at_the_table_reaches_the_log_and_the_since_strip():
    """A person calls the Rule Vote from the menu ("Base law" and "Takes effect"); the bots
    vote by their policy; the person votes; the call, the ballots and the outcome are lines of
    the game log and of "Since your last move", in words (no Python notation)."""
    t = lopti_nb.play("lopti", players=3, humans=1, seed=5, bot_delay=0, rounds=2)
    assert t.state.phase == "playing" and t.can_act()
    assert "Call the Rule Vote" not in labels(t)  # nothing chosen to vote on yet
    pick_base_law(t)
    set_value(t, t.view.vote_when, "next round")
    click(t, "Call the Rule Vote")
    assert t.state.phase == "voting" and t.state.to_act == (0,)  # the bots have voted already
    click(t, "Vote yes")
    log = t.log_html.value
    assert "calls the Rule Vote" in log and "Every ballot is in" in log and "The Rule Vote" in log
    assert "True" not in log and "False" not in log and "swap to" not in log
    since = t.since.value
    assert "Since your last move" in since and "Every ballot is in" in since


def won_by_a_person(seeds, **kwargs):
    """A table (one person, Seat 1) where the person has just won round 1 and writes a motion."""
    rng = random.Random(1)
    for seed in seeds:
        t = lopti_nb.play("lopti", seed=seed, bot_delay=0, **kwargs)
        play_until(t, rng, lambda t: authoring_for_me(t) or t.state.round_starts[-1] > 0 or t.state.is_over)
        if authoring_for_me(t):
            return t, rng
    raise AssertionError("no seed where the person wins round 1")


def test_1_7_the_winner_writes_a_motion_at_the_table_in_words_never_python():
    """The winner's panel offers ready motions, own words or none; no Python text reaches
    the page; the motion written is in the log and in force in the next round."""
    t, rng = won_by_a_person(range(12), players=2, humans=1, rounds=2)
    text = widget_text(t)
    assert "You won round 1" in text
    for python in ("table.view", "Motion(", "hooks=", "author("):
        assert python not in text and python not in t.view.author_text.value
    set_value(t, t.view.own_words, "Whoever clears says hooray.")
    click(t, "Adopt my own words")
    assert t.state.round_starts[-1] > 0 and t.state.phase != "authoring"
    assert "writes motion 1: Whoever clears says hooray." in t.log_html.value
    assert "Whoever clears says hooray." in t.view.motions_html.value
    assert "round 2 of 2" in t.view.title.value and "1 motion in force" in t.view.title.value


def test_1_7_the_round_is_over_not_the_game_while_the_winner_writes():
    state = lopti_nb.new_game("lopti", players=2, seed=0, rounds=2)
    bots = [heuristic_bot] * 2
    rng = random.Random(0)
    while state.phase == "playing":
        seat = state.current_player
        state.apply(bots[seat](state.observation(seat), state.round.legal_actions(), rng), seat)
    assert state.phase == "authoring"
    loser = 1 - state.author_seat
    why = state.why_illegal(TakePile(), state.author_seat)
    assert why.startswith("the round is over") and "game" not in why and "session is over" not in why
    assert state.why_illegal(TakePile(), loser).startswith("it is not")


def test_table_and_room_draw_a_session_with_one_view_and_one_vote_menu(tmp_path):
    """The table and a room show a session with the same view class; its vote menu is built
    from the observation alone, so both offer the same entries for the same session."""
    from lopti_nb.rooms.widget import RoomWidget
    from lopti_nb.widgets import state_view

    assert state_view(LoptiSessionState) is SessionView
    host = RoomWidget(store=":memory:", start_timer=False, game="lopti")
    host.create_name.value = "Ann"
    host.create_game.value = "lopti"
    host.create_settings["rounds"].value = 2
    host.create_button.click()
    assert isinstance(host.session.state, LoptiSessionState) and isinstance(host.view, SessionView)
    t = lopti_nb.play("lopti", players=3, humans=1, seed=1, bot_delay=0, rounds=2)
    s = t.state.observation(0)["session"]
    assert list(t.view.vote_what.options) == vote_menu(s["motions"], s["law"])
    labels_ = [label for label, _ in t.view.vote_what.options]
    assert any(x.startswith("Base law: no swap") for x in labels_) and len(labels_) < 12
    assert not any(x.endswith((", now", "next round")) for x in labels_)  # "Takes effect" says when


@pytest.mark.parametrize("rounds", [0, -1, 2.5, "three", True, 21])
def test_rounds_must_be_a_whole_number(rounds):
    with pytest.raises(SettingsError, match="rounds must be a whole number"):
        lopti_nb.play("lopti", bot_delay=0, rounds=rounds)


def test_rounds_is_not_a_setting_of_other_games():
    with pytest.raises(SettingsError):
        lopti_nb.play("skull-king", bot_delay=0, rounds=3)


def test_rematch_replays_the_session_from_its_first_deal():
    t = lopti_nb.play("lopti", players=3, humans=0, seed=4, bot_delay=0, rounds=2)
    first = t.state.events
    click(t, "Rematch")
    assert [e.describe() for e in t.state.events] == [e.describe() for e in first]


def test_a_bot_winner_follows_the_stated_policy_on_screen():
    t = lopti_nb.play("lopti", players=3, humans=0, seed=2, bot_delay=0, rounds=2)
    assert t.state.motions, "a bot won round 1 and wrote a motion"
    assert esc(BOT_AUTHOR_POLICY) in t.view.motions_html.value and "(bot)" in t.view.motions_html.value


def test_seats_are_counted_from_one_everywhere_on_screen():
    t = lopti_nb.play("lopti", players=3, humans=1, seed=2, bot_delay=0, rounds=2)
    text = widget_text(t)
    assert "Seat 0" not in text and "seat 0" not in text
    assert "you are Seat 1" in t.header.value


def test_1_7_the_author_withdraws_at_the_table_and_the_menu_offers_to_restore():
    """The author's "Withdraw my motion" is an action of the session (in the log, in the
    record); the motion is out and the vote menu offers to restore it."""
    t, rng = won_by_a_person(range(40), players=2, humans=1, rounds=2)
    set_value(t, t.view.own_words, "Whoever clears says hooray.")
    click(t, "Adopt my own words")
    play_until(t, rng, lambda t: t.state.phase == "playing" and t.state.current_player == 0)
    click(t, "Withdraw my motion 1")
    assert t.state.motions[0].status == "withdrawn"
    assert "Seat 1 withdraws motion 1" in t.log_html.value and "withdrawn" in t.view.motions_html.value
    assert "Withdraw my motion 1" not in labels(t)
    assert "restore:1" in [k for _, k in t.view.vote_what.options]
    assert lopti_nb.load(t.state.record()).events == t.state.events


def test_1_7_only_the_author_withdraws_and_a_refusal_changes_nothing():
    from lopti_nb.engine import IllegalAction
    from lopti_nb.games.lopti.session_game import Author, Withdraw

    state = lopti_nb.new_game("lopti", players=2, seed=0, rounds=3)
    rng = random.Random(0)
    while state.phase == "playing":
        seat = state.current_player
        state.apply(heuristic_bot(state.observation(seat), state.round.legal_actions(), rng), seat)
    author = state.author_seat
    state.apply(Author("Whoever clears says hooray."), author)
    other = 1 - author
    while state.current_player != other:
        seat = state.current_player
        state.apply(heuristic_bot(state.observation(seat), state.round.legal_actions(), rng), seat)
    before = len(state.events)
    with pytest.raises(IllegalAction, match="only a motion's author may withdraw it"):
        state.apply(Withdraw(1), other)
    with pytest.raises(IllegalAction, match="no motion 7"):
        state.apply(Withdraw(7), other)
    assert len(state.events) == before and state.motions[0].in_force


def test_1_7_every_rule_vote_starts_from_an_empty_menu():
    """A vote held in round 1 leaves nothing chosen: in round 2 the menu again says "choose what
    to vote on", "Takes effect" is back to now, and no Call button shows until something is chosen."""
    t = lopti_nb.play("lopti", players=3, humans=1, seed=5, bot_delay=0, rounds=2)
    pick_base_law(t)
    set_value(t, t.view.vote_when, "next round")
    chosen = t.view.vote_what.value
    click(t, "Call the Rule Vote")
    click(t, "Vote no")
    assert t.view.vote_what.value != chosen  # the finished vote's proposal is not kept
    rng = random.Random(3)
    play_until(t, rng, lambda t: t.state.round_starts[-1] > 0 and t.state.phase == "playing" and t.can_act()
               or t.state.is_over)
    assert not t.state.is_over and "round 2 of 2" in t.view.title.value
    assert t.view.vote_what.label.startswith("\u2014 choose") and t.view.vote_when.value == "now"
    assert "Call the Rule Vote" not in labels(t)
    assert shown(t, t.view.vote_what)


def test_1_7_throw_at_random_for_me_ends_a_roshambo_with_recorded_throws():
    """After a tie the person may throw every throw left at random with one click: the
    Roshambo runs to its 30 decisive throws, each throw a Throw action of the record (a replay
    gives the same game), and the button is gone once nothing is asked of them."""
    t = lopti_nb.play("lopti", players=2, humans=1, seed=5, bot_delay=0, rounds=2)
    pick_base_law(t)
    click(t, "Call the Rule Vote")
    click(t, "Vote yes")  # the bot opposes a change to base law: 1 yes, 1 no, a tie
    assert t.state.phase == "roshambo"
    assert shown(t, t.view.auto_throw_button) and "Rock" in labels(t)
    click(t, "Throw at random for me", exact=True)
    assert t.state.phase != "roshambo"
    vote = t.state.votes[-1]
    assert vote.roshambo.decisive >= 30
    throws = [a for a in t.state.actions if type(a).__name__ == "Throw"]
    assert len(throws) >= 2 * 30  # both players' throws, decisive or not
    assert lopti_nb.load(t.state.record()).events == t.state.events
    assert not shown(t, t.view.auto_throw_button) and "Rock" not in labels(t)


def test_1_7_a_short_roshambo_at_the_table_counts_to_its_length_and_says_the_rules_number():
    """A session set up with a 5-throw Roshambo shows "decisive throws 0 of 5" and that the rules'
    number is 30; throwing rock each time, it ends after 5 decisive throws."""
    t = lopti_nb.play("lopti", players=2, humans=1, seed=5, bot_delay=0, rounds=2, roshambo_throws=5)
    pick_base_law(t)
    click(t, "Call the Rule Vote")
    click(t, "Vote yes")  # the bot opposes a change to base law: a tie
    assert t.state.phase == "roshambo"
    text = widget_text(t)
    assert "decisive throws 0 of 5" in text and "the rules' number is 30" in text
    for _ in range(100):
        if t.state.phase != "roshambo":
            break
        click(t, "Rock", exact=True)
    assert t.state.votes[-1].roshambo.decisive == 5
