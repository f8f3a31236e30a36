"""The table as card players expect it. The card is the control, refusals say why
on screen, a strip of what the others did, take-back against bots, people by name and seats
counted from 1, plurals right. Every test operates only enabled, visible controls, as a
person can (``lopti_nb.widgets.testing``)."""
from __future__ import annotations

import html
import random
import re

import pytest

import lopti_nb
from lopti_nb.engine import LoptiNbError, SettingsError
from lopti_nb.widgets.hand import CardHand
from lopti_nb.widgets.table import UndoRefused
from lopti_nb.widgets.testing import clickables, play_to_end, random_step, visible_widgets, widget_text

GAMES = ["lopti", "skull-king", "drowned-ledger"]


def snapshot(state):
    """What a position is: its record (every action), its events in words, every seat's view."""
    return (state.record()["actions"], state.describe_events(None),
            [repr(state.observation(s)) for s in range(state.num_players)], state.to_act)


def hands(table) -> list[CardHand]:
    return [w for w in visible_widgets(table) if isinstance(w, CardHand)]


# -- the card is the control ---------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_cards_are_the_controls_no_select_buttons(game):
    t = lopti_nb.play(game, players=3, seed=4, bot_delay=0)
    rng = random.Random(4)
    seen_cards = 0
    while not t.state.is_over:
        buttons, toggles = clickables(t)
        assert not [b for b in buttons if b.description.startswith("Select ")]
        seen_cards += sum(len(h.cards) for h in hands(t))
        random_step(t, rng)
    assert seen_cards > 0


@pytest.mark.parametrize("game", GAMES)
def test_deal_to_final_score_through_enabled_controls(game):
    t = lopti_nb.play(game, players=3, seed=7, bot_delay=0)
    steps = play_to_end(t, random.Random(7))
    assert t.state.is_over and steps > 0
    assert t.scores.value  # the final score is on screen


def test_click_selects_and_again_deselects_and_enter_plays_skull_king():
    t = lopti_nb.play("skull-king", players=3, seed=2, bot_delay=0)
    v = t.view
    while t.state.phase == "bid" or not t.can_act():
        random_step(t, random.Random(1))
    card = next(c for c in v.hand.toggles if not c.disabled and c._lnb_key != "tigress")
    card.click()
    assert card.value and v.hand.cards[card.index]["selected"]
    card.click()
    assert not card.value and v.picked is None
    card.click()
    key = card._lnb_key
    before = len(t.state.actions)
    v.hand.press_enter()  # Enter plays the picked card
    assert len(t.state.actions) > before
    assert t.state.actions[before].card == key and v.picked is None


def test_enter_with_a_refused_pick_says_why_and_changes_nothing_lopti():
    for seed in range(40):
        t = lopti_nb.play("lopti", players=3, seed=seed, bot_delay=0, swap=False)
        v = t.view
        rng = random.Random(seed)
        for _ in range(200):
            if t.state.is_over:
                break
            if t.can_act() and t.state.phase == "play":
                cards = [c for c in v.hand.toggles if not c.disabled]
                ranks = {}
                for c in cards:
                    ranks.setdefault(c._lnb_key[:-1], []).append(c)
                # a rank that is legal only with more cards: one card alone is refused
                for rank, cs in ranks.items():
                    if len(cs) > 1 and t.state.why_illegal(lopti_nb.games.lopti.Play(rank, 1)):
                        cs[0].click()
                        before = snapshot(t.state)
                        v.hand.press_enter()
                        assert snapshot(t.state) == before
                        assert v.hand.note.startswith(f"Play 1 \u00d7 {rank}:")
                        assert t.state.why_illegal(lopti_nb.games.lopti.Play(rank, 1)) in v.hand.note
                        return
            random_step(t, rng)
    pytest.skip("no rank legal only with more cards in these deals")


# -- since your last move ------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_since_your_last_move_lists_the_others_moves(game):
    t = lopti_nb.play(game, players=3, seed=5, bot_delay=0, names=["Ann", "Bob", "Cy"])
    rng = random.Random(5)
    shown = 0
    while not t.state.is_over:
        if t.can_act() and 0 in t._since:
            start = t._since[0]
            lines = [t.view.describe_event(e.for_seat(0)) for e in t.state.events[start:]]
            text = re.sub(r"<[^>]+>", "", t.since.value)
            for line in lines[-8:]:
                assert html.escape(line) in t.since.value
            if any(("Bob" in line or "Cy" in line) for line in lines):
                assert "Since your last move" in text
                shown += 1
        random_step(t, rng)
    assert shown > 0


# -- take back -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_undo_against_bots_restores_the_state_before_the_decision(game):
    t = lopti_nb.play(game, players=3, seed=6, bot_delay=0)
    rng = random.Random(6)
    checked = 0
    while not t.state.is_over and checked < 5:
        if t.can_act():
            before = snapshot(t.state)
            decisions = len(t._undo)
            random_step(t, rng)
            if len(t._undo) > decisions and not t.state.is_over:
                assert snapshot(t.state) != before
                assert not t.undo_button.disabled and t.undo_button.layout.display != "none"
                t.undo_button.click()  # the button, as a person takes back
                assert snapshot(t.state) == before
                assert "taken back" in t.status.value
                checked += 1
                random_step(t, rng)
                continue
        else:
            random_step(t, rng)
    assert checked == 5


def test_undo_refused_with_two_people_at_the_device():
    t = lopti_nb.play("skull-king", players=3, humans=2, seed=2, bot_delay=0)
    rng = random.Random(2)
    for _ in range(6):
        random_step(t, rng)
    assert t.undo_button.layout.display == "none"  # not offered
    before = snapshot(t.state)
    with pytest.raises(UndoRefused, match="only for one person playing bots") as err:
        t.undo()
    assert isinstance(err.value, LoptiNbError) and isinstance(err.value, ValueError)
    assert str(err.value).endswith(".")
    assert snapshot(t.state) == before


def test_undo_refused_before_any_move_and_once_over():
    t = lopti_nb.play("drowned-ledger", players=3, seed=2, bot_delay=0)
    before = snapshot(t.state)
    assert t.undo_button.disabled and "nothing to take back" in t.undo_button.tooltip
    with pytest.raises(UndoRefused, match="nothing to take back"):
        t.undo()
    assert snapshot(t.state) == before
    play_to_end(t, random.Random(2))
    over = snapshot(t.state)
    with pytest.raises(UndoRefused, match="is over"):
        t.undo()
    assert snapshot(t.state) == over


def test_undo_in_a_lopti_session_keeps_the_session_live():
    t = lopti_nb.play("lopti", players=3, seed=4, bot_delay=0, rounds=2)
    rng = random.Random(2)
    while len(t._undo) < 2:
        random_step(t, rng)
    t.undo()
    assert type(t.state).__name__ == "LoptiSessionState" and t.state.round is t.state.dealt_round
    play_to_end(t, rng)
    assert t.state.is_over and "The session's final places" in t.scores.value.replace("&#x27;", "'")


# -- names and seats counted from 1 --------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_people_by_name_everywhere_on_the_table(game):
    t = lopti_nb.play(game, players=3, seed=3, bot_delay=0, names=["Ann", "Bob", "Cy"])
    rng = random.Random(3)
    for _ in range(4000):
        text = widget_text(t)
        assert not re.search(r"\b[Ss]eat \d", text), re.findall(r".{40}\b[Ss]eat \d.{20}", text)[:3]
        if t.state.is_over:
            break
        random_step(t, rng)
    assert "Ann" in t.header.value and "Bob" in widget_text(t)


@pytest.mark.parametrize("game", GAMES)
def test_seats_counted_from_1_without_names(game):
    t = lopti_nb.play(game, players=3, seed=3, bot_delay=0)
    rng = random.Random(3)
    while not t.state.is_over:
        assert "Seat 0" not in widget_text(t).replace("Seat 0.", "")
        random_step(t, rng)
    text = widget_text(t)
    assert "Seat 0" not in text and "Seat 1" in text and "Seat 3" in text


@pytest.mark.parametrize("names, words", [
    ("Ann", "a list of one name per seat"), (["Ann", "Bob"], "give one per seat"),
    (["Ann", " ", "Cy"], "cannot be empty"), (["Ann", 3, "Cy"], "is text"),
    (["Ann", "ann", "Cy"], "same name"), (["Ann", "B" * 21, "Cy"], "at most 20"),
    (["Ann", "<b>Bob</b>", "Cy"], "can.t contain <, >, & or")])
def test_names_checked_typed_error(names, words):
    with pytest.raises(SettingsError, match=words) as err:
        lopti_nb.play("skull-king", players=3, names=names)
    assert isinstance(err.value, ValueError)


# -- words ---------------------------------------------------------------------------------------
def test_plural_forms_in_the_table_words():
    t = lopti_nb.play("lopti", players=3, seed=1, bot_delay=0, turn_cap=150)
    play_to_end(t, random.Random(1))
    text = widget_text(t)
    assert not re.search(r"\b1 (cards|turns|coins)\b", text)
    assert "(1 card" not in t.view.take_button.description or t.view.take_button.description.endswith("(1 card)")
    assert "Game over" in t.status.value  # one round is the whole game


def test_a_lopti_session_is_over_only_at_its_end():
    t = lopti_nb.play("lopti", players=3, seed=1, bot_delay=0, rounds=2)
    rng = random.Random(1)
    while not t.state.is_over:
        assert "over" not in t.status.value.lower() or t.state.phase == "authoring"
        random_step(t, rng)
    assert "Game over" in t.status.value
    assert "The session is over after 2 rounds." in t.log_html.value


# -- hot seat: every handover hides the hands ------------------------------------------------------
PREFIX = {"lopti": "lopti", "skull-king": "sk", "drowned-ledger": "ledger"}


def hand_markers(table) -> list[str]:
    """The cards (``data-card`` markers) in the hand widgets of the seat at the device."""
    return sorted(m for h in hands(table) if h.title in ("Your hand", "Your sealed hand")
                  for c in h.cards for m in re.findall(r'data-card="([^"]+)"', c["svg"]))


@pytest.mark.parametrize("game", GAMES)
def test_hot_seat_hides_every_hand_at_every_handover(game):
    """Two people at one device: whenever the cover is up, no hand widget holds a card (and,
    in Lopti, whose cards are all different, no card of any hand is anywhere in the widget
    state); behind it, the hand holds exactly the cards of the seat at the device."""
    from lopti_nb.widgets.table import iter_widgets

    t = lopti_nb.play(game, players=3, humans=2, seed=8, bot_delay=0, names=["Ann", "Bob", "Cy"])
    rng = random.Random(8)
    covers = uncovered = 0
    for _ in range(3000):
        if t.state.is_over:
            break
        held = {s: sorted(f"{PREFIX[game]}:{c}" for c in (t.state.observation(s).get("hand") or ()))
                for s in range(3)}
        if t.cover.layout.display != "none":
            covers += 1
            assert t.viewer is None
            assert not [c for w in iter_widgets(t) if isinstance(w, CardHand) for c in w.cards]
            assert re.search(r"Pass the device to (Ann|Bob)", t.cover_text.value)
            if game == "lopti":
                text = widget_text(t)
                assert not [c for s in range(3) for c in held[s] if f'data-card="{c}"' in text]
        elif t.viewer is not None:
            uncovered += 1
            assert hand_markers(t) == held[t.viewer]
            if game == "lopti":
                text = widget_text(t)
                assert not [c for s in range(3) if s != t.viewer for c in held[s] if f'data-card="{c}"' in text]
        random_step(t, rng)
    assert covers >= 3 and uncovered >= 3


@pytest.mark.parametrize("game, panel", [("lopti", "pile"), ("skull-king", "trick")])
def test_cards_the_bots_just_played_are_marked(game, panel):
    """The cards the others played since the person's last move carry a "new" mark on the
    table; once the person moves again the mark moves on to the next replies."""
    t = lopti_nb.play(game, players=3, seed=11, bot_delay=0)
    rng = random.Random(1)
    marked = 0
    while not t.state.is_over and marked < 3:
        random_step(t, rng)
        played = [e for e in t.view.just_happened(0) if type(e).__name__ in ("Played", "CardPlayed")
                  and e.seat != 0]
        shown = getattr(t.view, panel).value
        if played and t.state.observation(0).get("trick" if panel == "trick" else "pile"):
            on_table = t.state.observation(0)["trick" if panel == "trick" else "pile"]
            if panel == "trick" and any(((t.state.observation(0)["leader"] + i) % 3) == played[-1].seat
                                        for i in range(len(on_table))):
                assert "\u2022 new" in shown
                marked += 1
            elif panel == "pile" and ">new<" in shown:
                marked += 1
        if not played:
            assert "new<" not in shown
    assert marked >= 3


def test_undo_while_the_bots_are_still_thinking_stops_their_replies():
    """With a bot delay, the bots reply one move at a time: taking back meanwhile returns to
    the position before the person's move and the sleeping bots do not move on from it."""
    import asyncio

    async def main():
        t = lopti_nb.play("lopti", players=3, seed=11, bot_delay=0.05, swap=False)
        assert t.can_act()
        before = snapshot(t.state)
        legal = [a for a in t.state.legal_actions() if type(a).__name__ == "Play"]
        t.view.select(legal[0].rank, legal[0].count)
        t.view.play_button.click()
        assert "thinking" in t.status.value  # the bots reply later
        t.undo_button.click()
        assert snapshot(t.state) == before
        await asyncio.sleep(0.3)  # a bot loop waking now must not move
        assert snapshot(t.state) == before and t.can_act()

    asyncio.run(main())
