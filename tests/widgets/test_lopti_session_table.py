"""A Lopti session at the table, played through its widgets (RULINGS 1.7).

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
from lopti_nb.games.lopti import Draw, Give, KeepCards, Motion, Play, PlayBlind, SessionError, Swap, TakePile
from lopti_nb.games.lopti.bots import heuristic_bot
from lopti_nb.games.lopti.cards import card_name
from lopti_nb.games.lopti.events import MotionDrew, MotionGave
from lopti_nb.games.lopti.view import label
from lopti_nb.games.lopti.view_session import BOT_AUTHOR_POLICY, BOT_THROW_POLICY, READY
from lopti_nb.widgets.testing import clickables, visible_widgets, widget_text
from browser_support import click

THROW_WORDS = ("Rock", "Paper", "Scissors")


@pytest.fixture(autouse=True)
def no_swallowed_errors(caplog):
    """ipywidgets logs (and swallows) an exception raised by a click's callback."""
    with caplog.at_level(logging.WARNING):
        yield
    errors = [r.getMessage() for r in caplog.records if "Exception in callback" in r.getMessage()]
    assert not errors, errors


# -- doing what a person does -------------------------------------------------------------------
def buttons(t) -> list[W.Button]:
    """Enabled, visible buttons, the shell's controls included (Next round, New game...)."""
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
    st, v = t.state, t.view
    seat = st.current_player
    assert t.viewer == seat and t.can_act()
    if st.observation(seat).get("choice"):  # a motion asks this person to pick a card
        b = rng.choice(v.choice_buttons.visible_buttons)
        assert not b.disabled
        b.click()
        return b.description
    action = heuristic_bot(st.observation(seat), st.legal_actions(), rng)
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


def play_round(t, rng, until=None, limit: int = 3000, pause=None) -> None:
    """Moves until the round is over (or ``until(t)`` holds); ``pause()`` after each."""
    for _ in range(limit):
        if t.state.is_over or (until is not None and until(t)):
            return
        move(t, rng)
        if pause is not None:
            pause()
    raise AssertionError("the round did not end")


def ensure_device(t, seat: int) -> None:
    """With several people at one device, hand it to ``seat`` by the table's own button."""
    if t.viewer != seat:
        click(t, "Pass the device to")
        assert confirm(t)
    assert t.viewer == seat


BALLOT_BUTTONS = {True: "Vote yes", False: "Vote no", None: "Abstain"}


def settle_vote(t, rng, ballots: dict[int, bool | None], advocate: str | None = None) -> dict:
    """Every person votes by the buttons (``ballots``: yes, no or ``None`` to abstain),
    chooses for the supporters if asked,
    and throws until the vote is over. Returns what was seen on the way."""
    seen = {"covers": 0, "throws": 0, "decisive": set(), "bracket": False, "hidden_checks": 0}
    panel = t.view.panel
    for _ in range(5000):
        vote = t.view.session.pending_vote
        if vote is None:
            return seen
        if confirm(t):
            seen["covers"] += 1
            continue
        now = labels(t)
        viewer = t.viewer
        if "Vote yes" in now:
            assert {"Vote yes", "Vote no", "Abstain"} <= set(now)
            click(t, BALLOT_BUTTONS[ballots[viewer]])
            if t.view.session.pending_vote is vote and vote.missing:
                # the ballot is secret until everyone has voted
                text = widget_text(t)
                assert "Yes 1" not in text and "No 1" not in text and vote.ballots_public is None
                assert "bstained" not in text
                seen["hidden_checks"] += 1
            continue
        if any(x.endswith(" defends") or x == "A bracket among us" for x in now):
            click(t, advocate)
            continue
        assert any(x in now for x in THROW_WORDS), now
        c = vote.contest
        logged = len(c.log)
        click(t, rng.choice(THROW_WORDS))
        seen["throws"] += 1
        if c.in_bracket or "Supporters' bracket" in panel.ballot_text.value:
            seen["bracket"] = True
        if not c.done and len(c.log) == logged:
            # the first throw of a pair is hidden until the other seat has thrown
            assert "hidden until both have" in panel.ballot_text.value
            seen["hidden_checks"] += 1
        if not c.done and not c.in_bracket:
            seen["decisive"].add(f"decisive throws {c.decisive} of 30")
            assert f"decisive throws {c.decisive} of 30" in panel.ballot_text.value
    raise AssertionError("the vote did not end")


# -- the session in three rounds, two people at one device -----------------------------------------
def test_1_7_three_round_session_two_people_at_one_device():
    t = lopti_nb.play("lopti", players=2, humans=2, seed=3, bot_delay=0, rounds=3)
    panel = t.view.panel
    rng = random.Random(1)
    assert "hot seat: Seat 1 and Seat 2 share this device" in t.header.value
    assert "Session: round 1 of 3" in panel.title.value and "0 motions in force" in panel.title.value

    # round 1: the winner writes a ready motion, reading its text on screen first
    play_round(t, rng)
    winner = t.state.winner
    name = t.view.seat_name(winner)
    assert "Round over" in t.status.value and "Game over" not in t.status.value
    assert f"{name} won round 1 and writes a motion" in t.status.value
    assert t.next_button.disabled and "first writes a motion" in t.next_button.tooltip
    ensure_device(t, winner)
    set_value(t, panel.ready_pick, "even_round_lead_tax")
    text = next(x for n, _, x in READY if n == "even_round_lead_tax")
    assert text in panel.ready_words.value
    click(t, "Adopt \u201ceven round lead tax\u201d")
    assert f"{name} wrote motion 1" in panel.author_text.value
    assert f"Motion 1</b> by {name} (round 1)" in panel.motions_html.value
    assert not t.next_button.disabled

    # round 2: the motion acts at the first lead (an even round): its events are on screen
    click(t, "Next round")
    assert t.view.session.round_no == 2 and "round 2 of 3" in panel.title.value
    play_round(t, rng, until=lambda t: any(isinstance(e, MotionDrew) for e in t.state.events))
    drew = next(e for e in t.state.events if isinstance(e, MotionDrew))
    assert drew.motion == 1 and drew.seat == t.state.leader == winner
    assert f"1 effect this round: {name} drew" in panel.motions_html.value

    # the other person calls the round's Rule Vote on their turn: remove motion 1, now
    other = 1 - winner
    play_round(t, rng, until=lambda t: t.state.phase == "play" and t.viewer == other == t.state.current_player)
    assert not t.state.is_over
    set_value(t, panel.vote_what, "remove:1")
    set_value(t, panel.vote_when, "now")
    assert "Everyone votes on: remove motion 1 (even round lead tax), now." in panel.vote_text.value
    click(t, "Call the Rule Vote")
    vote = t.view.session.pending_vote
    assert vote is not None and vote.proposer == other
    # the game waits while the vote runs: no card may be played
    assert all(tg.disabled for tg in t.view.hand.toggles)
    assert "the Rule Vote under way finishes first" in t.view.take_button.tooltip
    seen = settle_vote(t, rng, {other: True, winner: False})
    record = t.view.session.votes[-1]
    assert record.yes == record.no == 1 and record.roshambo is not None
    assert record.defender == winner  # the author voted to keep it and defends it
    assert record.roshambo.decisive in (30, 31)
    assert seen["covers"] >= 30 and seen["hidden_checks"] >= 30
    assert {f"decisive throws {k} of 30" for k in (5, 15, 25)} <= seen["decisive"]
    history = panel.history.value
    assert f"Round 2: {t.view.seat_name(other)} proposed remove motion 1" in history
    assert f"{record.roshambo.decisive} decisive throws" in history
    assert ("passed" if record.passed else "failed") in history
    status = t.view.session.motions[0].status
    assert status == ("removed" if record.passed else "in force")
    # the device goes back to the player to move, and the round goes on
    confirm(t)
    assert t.viewer == t.state.current_player == other and t.can_act()
    assert "has been held" in panel.vote_text.value

    # the rest of round 2, then round 3 and the end of the session
    play_round(t, rng)
    assert "Round over" in t.status.value
    if t.view.panel.author_due() is not None:
        ensure_device(t, t.state.winner)
        click(t, "Write no motion this round")
        assert "writes no motion" in panel.author_text.value
    click(t, "Next round")
    play_round(t, rng)
    assert "Session over" in t.status.value and "Game over" not in t.status.value
    assert t.next_button.layout.display == "none"
    assert panel.author_due() is None and panel.author_form.layout.display == "none"
    board = panel.scoreboard.value
    assert all(f"R{k}" in board for k in (1, 2, 3))
    totals = [sum(r.scores[p] for r in t.view.session.rounds) for p in range(2)]
    best = max(totals)
    if totals.count(best) == 1:
        assert f"{t.view.seat_name(totals.index(best))} wins the session" in t.status.value


def test_1_7_a_bot_winner_follows_the_stated_policy():
    t = lopti_nb.play("lopti", players=3, humans=0, seed=2, bot_delay=0, rounds=2)
    panel = t.view.panel
    s = t.view.session
    assert s.rounds[-1].winner is not None
    first = READY[0]
    assert s.motions[0].text == first[2]
    assert BOT_AUTHOR_POLICY in panel.author_text.value and "(bot) wrote motion 1" in panel.author_text.value
    click(t, "Next round")  # the bots play round 2 at once: the session is over
    assert "Session over" in t.status.value and t.next_button.layout.display == "none"
    if s.rounds[0].winner is not None and s.rounds[1].winner is not None:
        assert len(s.motions) == 1  # nobody writes after the last round


def _won_by_a_person(seed_range, **kwargs):
    """A table whose first round a person (seat 0, with bots) won."""
    for seed in seed_range:
        t = lopti_nb.play("lopti", seed=seed, bot_delay=0, **kwargs)
        rng = random.Random(seed)
        play_round(t, rng)
        if t.state.winner == 0:
            return t, rng
    raise AssertionError("no seed where the person wins")


def test_1_7_a_motion_in_words_only():
    t, rng = _won_by_a_person(range(40), players=2, humans=1)
    panel = t.view.panel
    assert panel.own_button.disabled and "not possible now" in panel.own_button.tooltip
    set_value(t, panel.own_words, "Whoever takes the pile says 'ahoy'.")
    click(t, "Adopt my own words")
    rec = t.view.session.motions[0]
    assert rec.text == "Whoever takes the pile says 'ahoy'." and not rec.motion.has_code
    assert "words only: the table applies it" in panel.motions_html.value


def test_1_7_a_motion_written_in_python_is_handed_to_the_table():
    t, rng = _won_by_a_person(range(40), players=2, humans=1)
    before = list(t.view.session.motions)
    with pytest.raises(SessionError, match="Motion|motion"):
        t.view.author(42)  # not a motion: refused, nothing changed
    assert t.view.session.motions == before
    t.view.author(Motion("After each lead the leader draws a card.", hooks={"after lead": lambda v: Draw("actor", 1)}))
    assert "After each lead the leader draws a card." in t.view.panel.motions_html.value
    with pytest.raises(SessionError, match="nobody may write one now"):
        t.view.author(Motion("A second one."))
    click(t, "Next round")
    play_round(t, rng, until=lambda t: any(isinstance(e, MotionDrew) for e in t.state.events))
    assert "1 effect this round" in t.view.panel.motions_html.value


def test_1_7_a_motion_asks_the_person_to_choose_the_gift():
    t, rng = _won_by_a_person(range(40), players=2, humans=1)
    t.view.author(Motion("After each lead the leader gives a card of their choice to the next player.",
                         hooks={"after lead": lambda v: Give("actor", 1, "next", "choose")}))
    click(t, "Next round")
    play_round(t, rng, until=lambda t: t.state.observation(0).get("choice") is not None)
    v = t.view
    options = t.state.observation(0)["choice"]["options"]
    assert "Seat 1 chooses a card to give to the next player" in v.choice_title.value
    assert [b.description for b in v.choice_buttons.visible_buttons] == [f"Give {label(o)}" for o in options]
    # nothing else may be played meanwhile: the hand waits
    assert all(tg.disabled for tg in v.hand.toggles) and v.take_button.disabled
    pick = options[-1]  # not the engine's default (the lowest)
    click(t, f"Give {label(pick)}")
    gave = [e for e in t.state.events if isinstance(e, MotionGave)][-1]
    assert gave.seat == 0 and gave.to == 1 and card_name(gave.cards[0]) == pick
    assert f"Seat 1 gave {label(pick)} to Seat 2" in v.panel.motions_html.value
    assert v.choice_box.layout.display == "none"


def test_1_7_only_the_winner_writes_and_not_a_bot():
    t = lopti_nb.play("lopti", players=3, humans=1, seed=1, bot_delay=0)
    with pytest.raises(SessionError, match="nobody may write one now"):
        t.view.author(Motion("Too early."))
    for seed in range(40):
        t = lopti_nb.play("lopti", players=2, humans=1, seed=seed, bot_delay=0)
        play_round(t, random.Random(seed))
        if t.state.winner == 1:
            break
    assert t.view.session.motions  # the bot wrote already, by its policy
    with pytest.raises(SessionError):
        t.view.author(Motion("Mine."))
    assert len(t.view.session.motions) == 1


def test_1_7_the_author_withdraws_and_a_vote_restores():
    t, rng = _won_by_a_person(range(40), players=2, humans=1)
    panel = t.view.panel
    click(t, "Adopt")
    click(t, "Next round")
    play_round(t, rng, until=lambda t: t.state.current_player == 0)
    click(t, "Withdraw my motion 1")
    assert t.view.session.motions[0].status == "withdrawn"
    assert "withdrawn" in panel.motions_html.value and "Withdraw my motion" not in labels(t)
    options = [v for _, v in panel.vote_what.options]
    assert "restore:1" in options and "remove:1" not in options
    set_value(t, panel.vote_what, "restore:1")
    set_value(t, panel.vote_when, "next round")
    click(t, "Call the Rule Vote")
    # the bot votes at once (hidden); the person votes; a tie goes to Roshambo against the bot
    click(t, "Vote yes")
    vote = t.view.session.pending_vote
    assert vote is not None and vote.contest is not None
    assert BOT_THROW_POLICY in panel.ballot_text.value
    click(t, "Rock")
    assert vote.contest.log  # the bot threw at once: the throw resolved
    click(t, "Throw at random for me until the end")
    assert t.view.session.pending_vote is None and vote.done
    assert "Votes held" in panel.history.value


def test_1_7_a_base_law_lever_from_the_next_round():
    t = lopti_nb.play("lopti", players=2, humans=2, seed=3, bot_delay=0, rounds=3)
    panel = t.view.panel
    rng = random.Random(1)
    assert t.state.phase == "swap" and confirm(t)  # Seat 1 takes the device for the deal
    options = dict((v, k) for k, v in panel.vote_what.options)
    assert options["law:swap:off"] == "Base law: no swap"
    set_value(t, panel.vote_what, "law:swap:off")
    set_value(t, panel.vote_when, "next round")
    assert "swap: Offer each player the optional swap" in panel.vote_text.value
    click(t, "Call the Rule Vote")
    seen = settle_vote(t, rng, {0: True, 1: True})
    assert seen["throws"] == 0 and t.view.session.votes[-1].passed
    assert t.state.phase == "swap"  # this round keeps its swap
    play_round(t, rng)
    if panel.author_due() is not None:
        ensure_device(t, t.state.winner)
        click(t, "Write no motion this round")
    click(t, "Next round")
    assert t.state.phase == "play" and t.view.session.law["swap"] is False


def test_1_7_a_person_abstains_at_the_table():
    """Two people at one device: the proposer votes yes, the other abstains. An abstention
    is no yes: 1 yes of 2 players is not more than half, and without a "no" it is no tie, so
    the vote fails at once and the swap stays."""
    t = lopti_nb.play("lopti", players=2, humans=2, seed=3, bot_delay=0, rounds=3)
    panel = t.view.panel
    assert t.state.phase == "swap" and confirm(t)
    proposer = t.viewer
    set_value(t, panel.vote_what, "law:swap:off")
    set_value(t, panel.vote_when, "next round")
    click(t, "Call the Rule Vote")
    assert "Bots never abstain." in panel.ballot_text.value  # the bots' stated policy, on screen
    other = 1 - proposer
    seen = settle_vote(t, random.Random(1), {proposer: True, other: None})
    assert seen["throws"] == 0 and seen["hidden_checks"] == 1
    record = t.view.session.votes[-1]
    assert (record.yes, record.no, record.abstained, record.passed) == (1, 0, 1, False)
    name = t.view.session.names[other]
    assert f"abstained 1 ({name})" in panel.history.value and "<b>failed</b>" in panel.history.value
    assert t.view.session.law["swap"] is True


def test_1_7_supporters_choose_a_bracket_when_the_author_proposes():
    t = lopti_nb.play("lopti", players=4, humans=4, seed=5, bot_delay=0, rounds=2)
    panel = t.view.panel
    rng = random.Random(4)
    play_round(t, rng)
    author = t.state.winner
    ensure_device(t, author)
    click(t, "Adopt")
    click(t, "Next round")
    play_round(t, rng, until=lambda t: t.viewer == author == t.state.current_player)
    set_value(t, panel.vote_what, "amend:1")
    assert shown(t, panel.vote_words)
    set_value(t, panel.vote_words, "The pile taker shows their lowest card instead.")
    click(t, "Call the Rule Vote")
    others = [s for s in range(4) if s != author]
    ballots = {author: True, others[0]: True, others[1]: False, others[2]: False}
    seen = settle_vote(t, rng, ballots, advocate="A bracket among us")
    record = t.view.session.votes[-1]
    assert record.bracket is not None and set(record.bracket.members) == {others[1], others[2]}
    assert seen["bracket"] and "a bracket among the supporters chose" in panel.history.value
    if record.passed:
        assert "The pile taker shows their lowest card instead." in panel.motions_html.value


@pytest.mark.parametrize("rounds", [0, -1, 2.5, "three", True])
def test_rounds_must_be_a_whole_number(rounds):
    with pytest.raises(SettingsError, match="rounds must be a whole number"):
        lopti_nb.play("lopti", bot_delay=0, rounds=rounds)


def test_rounds_is_not_a_setting_of_other_games():
    with pytest.raises(SettingsError):
        lopti_nb.play("skull-king", bot_delay=0, rounds=3)


def test_a_session_without_rounds_goes_on():
    t = lopti_nb.play("lopti", players=3, humans=0, seed=4, bot_delay=0)
    for k in range(2, 5):
        click(t, "Next round")
        assert t.view.session.round_no == k
    assert "Session over" not in t.status.value and "Round over" in t.status.value
    assert "Session: round 4 \u00b7" in t.view.panel.title.value


def test_rematch_replays_the_session_from_its_first_deal():
    t = lopti_nb.play("lopti", players=3, humans=0, seed=4, bot_delay=0, rounds=3)
    first = list(t.view.session.rounds[0].places)
    click(t, "Next round")
    click(t, "Rematch")
    assert t.view.session.round_no == 1 and list(t.view.session.rounds[0].places) == first


def test_seats_are_counted_from_one_everywhere_on_screen():
    t = lopti_nb.play("lopti", players=3, humans=1, seed=2, bot_delay=0)
    text = widget_text(t)
    assert "Seat 0" not in text and "seat 0" not in text
    assert "you are Seat 1" in t.header.value
    play_round(t, random.Random(2))
    assert "Seat 0" not in widget_text(t)


# -- in a real browser: a Roshambo under way, 400 px wide ---------------------------------------------
def to_roshambo(t, rng, throws: int = 9, pause=None) -> None:
    """Round 1, a ready motion, round 2 to the other person's turn, a tied vote to remove it,
    and a few throws (the same steps for the page's table and its in-process twin).

    In a kernel every step sends widget messages; ``pause`` lets the messages drain (a
    kernel drops what its subscriber has not read past a limit, and Voilà then waits for
    an output that never comes)."""
    panel = t.view.panel
    play_round(t, rng, pause=pause)
    winner = t.state.winner
    ensure_device(t, winner)
    set_value(t, panel.ready_pick, "even_round_lead_tax")
    click(t, "Adopt")
    click(t, "Next round")
    other = 1 - winner
    play_round(t, rng, until=lambda t: t.state.phase == "play" and t.viewer == other == t.state.current_player,
               pause=pause)
    set_value(t, panel.vote_what, "remove:1")
    click(t, "Call the Rule Vote")
    click(t, "Vote yes")
    confirm(t)
    click(t, "Vote no")
    for _ in range(throws):
        confirm(t)
        click(t, rng.choice(THROW_WORDS))
    confirm(t)


@pytest.mark.browser
def test_1_7_roshambo_at_the_table_in_a_browser_400px_wide(browser, notebook_server):
    import re
    from pathlib import Path

    from browser_support import click as press, open_page

    shots = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    here = Path(__file__).resolve().parent
    setup = ("import random, sys, time, lopti_nb\n"
             f"sys.path[:0] = [{str(here)!r}, {str(here.parent)!r}]\n"
             "from test_lopti_session_table import to_roshambo\n"
             "t = lopti_nb.play('lopti', players=2, humans=2, seed=3, bot_delay=0, rounds=3)\n"
             "to_roshambo(t, random.Random(1), pause=lambda: time.sleep(0.01))\n"
             "t")
    url = notebook_server.serve("lopti_session_roshambo", [setup])
    twin = lopti_nb.play("lopti", players=2, humans=2, seed=3, bot_delay=0, rounds=3)
    to_roshambo(twin, random.Random(1))
    vote = twin.view.session.pending_vote
    assert vote is not None and vote.contest is not None and not vote.contest.done

    page, _ = open_page(browser, url, 400, 3200)  # tall: all of the table is drawn
    try:
        table = page.locator(".lnb-table").first
        try:
            table.wait_for(timeout=60000)
        except Exception:
            raise AssertionError(page.inner_text("body")[-3000:] + notebook_server.read_log()) from None

        def same_score():
            score = re.sub(r"<[^>]+>", "", twin.view.panel.ballot_text.value)
            want = re.search(r"Roshambo \u2014 .*? of 30", score).group(0)
            table.get_by_text(want).first.wait_for(timeout=30000)

        def same_status():
            status = re.sub(r"<[^>]+>", "", twin.status.value).replace("\u25b6", "").strip()
            table.get_by_text(status).first.wait_for(timeout=30000)

        same_score()
        # 400 px wide: nothing runs off the side
        assert table.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 400
        table.get_by_role("button", name="Rock", exact=True).first.wait_for()
        shots.mkdir(parents=True, exist_ok=True)
        table.locator(".widget-vbox").filter(has_text="called the Rule Vote").last.screenshot(
            path=str(shots / "table_lopti_session_roshambo.png"))
        # one throw by the page, the same on the twin: the page follows the engine
        for where in (table, twin):
            press(where, "Rock", exact=True)
        same_status()
        # both people let chance throw for them; the device passes between them
        for _ in range(10):
            if twin.view.session.pending_vote is None:
                break
            label = (twin.cover_button.description if twin.cover.layout.display != "none"
                     else "Throw at random for me until the end")
            for where in (table, twin):
                press(where, label, exact=True)
            same_status()
        assert twin.view.session.pending_vote is None
        if twin.cover.layout.display != "none":
            for where in (table, twin):
                press(where, twin.cover_button.description, exact=True)
        table.get_by_text("Votes held").first.wait_for(timeout=30000)
        table.get_by_text("has been held").first.wait_for(timeout=30000)
        page.wait_for_timeout(500)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 400
        table.screenshot(path=str(shots / "table_lopti_session.png"))
    finally:
        page.close()


def test_1_7_the_device_goes_to_the_winner_to_write_the_motion():
    # played on for places, the round ends with someone else at the device
    for seed in range(30):
        t = lopti_nb.play("lopti", players=3, humans=3, seed=seed, bot_delay=0, play_on=True, turn_cap=400)
        rng = random.Random(seed)
        play_round(t, rng)
        confirm(t)
        if t.state.winner is not None and t.viewer != t.state.winner:
            break
    else:
        pytest.fail("no round ended away from its winner")
    panel = t.view.panel
    winner = t.view.seat_name(t.state.winner)
    assert panel.author_form.layout.display == "none"  # only the winner writes
    assert f"{winner} won round 1" in panel.author_text.value
    click(t, f"Pass the device to {winner}")
    assert f"Pass the device to {winner}" in t.cover_text.value and t.main.layout.display == "none"
    assert confirm(t) and shown(t, panel.author_form)
    click(t, "Write no motion this round")
    assert not t.next_button.disabled and f"{winner}</b> won round 1 and writes no motion" in panel.author_text.value


def test_1_7_a_vote_between_rounds_holds_the_next_deal():
    t, rng = _won_by_a_person(range(40), players=2, humans=1)
    panel = t.view.panel
    click(t, "Write no motion this round")
    set_value(t, panel.vote_what, "law:play_on:on")
    set_value(t, panel.vote_when, "next round")
    click(t, "Call the Rule Vote")
    assert t.next_button.disabled and "the Rule Vote under way finishes first" in t.next_button.tooltip
    click(t, "Vote yes")  # the bot keeps base law: a tie, Roshambo against the bot
    assert t.next_button.disabled
    click(t, "Throw at random for me until the end")
    assert not t.next_button.disabled
    record = t.view.session.votes[-1]
    click(t, "Next round")
    assert t.view.session.law["play_on"] is record.passed
