"""The table reads at a glance: every line on screen is true at every moment (a refusal line
goes the moment its control becomes usable), the last trick and the last play stay on screen,
a card may be played on the first tap, identical cards are picked one at a time, and each game
says in a line or two what the person to act may do.

Every step is what a person can do: click an enabled, visible control, or fill a visible form
control.
"""
from __future__ import annotations

import html
import random
import re

import ipywidgets as W

import lopti_nb
from lopti_nb.widgets.testing import clickables, visible_widgets
from browser_support import click


def screen_text(root) -> str:
    """The words a person reads: the visible HTML widgets' text, tags removed."""
    parts = [w.value for w in visible_widgets(root) if isinstance(w, W.HTML)]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", " ".join(parts))).split())


def refusal_lines(table) -> str:
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", table.refusals.value)).split())
    return text.replace(" :", ":")


def shown(table, widget) -> bool:
    return any(w is widget for w in visible_widgets(table))


def set_value(table, widget, value) -> None:
    """Fill a form control, as a person does, only when it is on screen and enabled."""
    assert shown(table, widget) and not getattr(widget, "disabled", False), f"{widget!r} is not usable now"
    widget.value = value


def lopti_round_won_by_the_person():
    """A two-player Lopti session (one person, one bot) whose first round the person won:
    the person writes the motion now."""
    from widgets.test_lopti_session_table import won_by_a_person

    return won_by_a_person(range(40), players=2, humans=1, rounds=2)[0]


# -- every status line true at every moment ------------------------------------------------------
def test_the_rule_vote_line_goes_once_something_to_vote_on_is_chosen():
    t = lopti_round_won_by_the_person()
    view = t.view
    assert "Call the Rule Vote: not possible now \u2014 choose what to vote on first" in refusal_lines(t)
    set_value(t, view.vote_what, "law:swap:off")
    assert not view.vote_button.visible_buttons[0].disabled
    assert "Call the Rule Vote" not in refusal_lines(t)


def test_the_own_words_line_goes_once_words_are_written():
    t = lopti_round_won_by_the_person()
    assert "Adopt my own words: not possible now" in refusal_lines(t)
    set_value(t, t.view.own_words, "Whoever takes the pile says so.")
    assert "Adopt my own words" not in refusal_lines(t)
    click(t, "Adopt my own words")
    assert "writes motion 1" in t.log_html.value


def test_the_ledger_open_line_goes_once_a_card_is_picked():
    t = lopti_nb.play("drowned-ledger", seed=5, bot_delay=0)
    for _ in range(50):  # dive and surface until the person holds sealed cards on their turn
        if t.view.surface_button.layout.display != "none":
            click(t, "Surface")
        elif t.view.hand.toggles:
            break
        else:
            click(t, "Dive")
    assert "Open selected: not possible now" in refusal_lines(t)
    card = next(c for c in t.view.hand.toggles if not c.disabled)
    card.click()
    assert "Open selected" not in refusal_lines(t) and "Open 1 selected" not in refusal_lines(t)


def test_a_lopti_take_the_pile_line_goes_once_the_round_is_over_words():
    """While the winner of a session's round writes the motion, the refused play buttons say
    the round is over (the session goes on with the next one), not that the game is over."""
    t = lopti_round_won_by_the_person()
    lines = refusal_lines(t)
    assert "the round is over" in lines and "the game is over" not in lines


# -- words ----------------------------------------------------------------------------------------
def test_a_vote_outcome_is_said_once():
    from lopti_nb.games.lopti.session_game import VoteDone

    assert VoteDone(True, "passed").describe() == "The Rule Vote passes."
    assert VoteDone(False, "failed").describe() == "The Rule Vote fails."
    counted = VoteDone(True, "passed with 3 yes, 1 no, nobody abstained").describe()
    assert counted == "The Rule Vote passes with 3 yes, 1 no, nobody abstained."
    tied = VoteDone(True, "deadlock with 1 yes, 1 no, 2 abstained; nobody defends, so the "
                          "proposal passes").describe()
    assert tied == ("The Rule Vote is tied with 1 yes, 1 no, 2 abstained; nobody defends, "
                    "so the proposal passes.")
    for text in (counted, tied):
        assert text.count("pass") == 1, text


def test_the_pile_says_what_is_on_top_and_how_many_in_a_row():
    from lopti_nb.games.lopti.lessons_scenes import draw_state, position

    state = position([["KS", "4D"], ["5C", "6C"]], pile=["9S", "9H 9D"])()
    text = screen_words(draw_state(state))
    assert "two 9s on top; three 9s in a row" in text and "(3 9s" not in text
    t = lopti_nb.play("lopti", players=2, seed=1, bot_delay=0)
    t.show_state(state, viewer=0)
    assert "Two 9s on top; three 9s in a row \u00b7 3 cards in the pile" in screen_text(t)
    single = position([["KS", "4D"], ["5C", "6C"]], pile=["9S"])()
    t.show_state(single, viewer=0)
    assert "A 9 on top \u00b7 1 card in the pile" in screen_text(t) and "in a row" not in screen_text(t)


def screen_words(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


# -- identical cards, play on first tap ------------------------------------------------------------
def skull_king_at_play(hand_test, players=3, seeds=range(60)):
    """A Skull King table (one person, bots) at the person's first card play of a round where
    ``hand_test(hand)`` holds, reached by bidding 0 with the bid buttons and by playing the
    first card the rules allow, through the hand's own controls."""
    for seed in seeds:
        t = lopti_nb.play("skull-king", players=players, seed=seed, bot_delay=0)
        for _ in range(400):
            if t.state.is_over:
                break
            if t.can_act() and t.state.phase == "bid":
                click(t, "Bid 0")
                continue
            if t.can_act():
                hand = list(t.state.observation(0)["hand"])
                if hand_test(hand):
                    return t
                card = next(c for c in t.view.hand.toggles if not c.disabled)
                card.click()
                click(t, "Play ")
    raise AssertionError("no such hand in the seeds tried")


def test_of_two_identical_cards_only_the_one_tapped_is_picked():
    def two_alike(hand):
        return any(hand.count(c) > 1 and c != "tigress" for c in hand)

    t = skull_king_at_play(two_alike, players=4)
    hand = t.view.hand
    toggles = hand.toggles
    keys = [c._lnb_key for c in toggles]
    twin = next(k for k in keys if keys.count(k) > 1 and any(not c.disabled for c in toggles if c._lnb_key == k))
    first, second = [c for c in toggles if c._lnb_key == twin][:2]
    assert not first.disabled and not second.disabled
    second.click()
    assert second.value and not first.value
    # what the browser draws: the mark of a picked card at that one place only
    assert [i for i, c in enumerate(hand.cards) if c["selected"]] == [second.index]
    first.click()  # the other one of the two: it is picked instead
    assert first.value and not second.value
    assert [i for i, c in enumerate(hand.cards) if c["selected"]] == [first.index]
    before = len(t.state.actions)
    click(t, f"Play {first.description}")
    assert t.state.actions[before].card == twin


def test_skull_king_plays_on_the_first_tap_when_asked():
    t = skull_king_at_play(lambda hand: True)
    view = t.view
    assert shown(t, view.tap) and not view.tap.value
    card = next(c for c in view.hand.toggles if not c.disabled and c._lnb_key != "tigress")
    before = len(t.state.actions)
    card.click()  # the default: the tap picks the card; nothing is played yet
    assert len(t.state.actions) == before and card.value
    card.click()  # put it back
    view.tap.value = True  # the switch beside the play button, as a person turns it on
    assert "Tap a card to play it" in screen_text(t)
    card = next(c for c in view.hand.toggles if not c.disabled and c._lnb_key != "tigress")
    key = card._lnb_key
    card.click()
    assert t.state.actions[before].card == key


def test_skull_king_first_tap_on_the_tigress_asks_how():
    t = skull_king_at_play(lambda hand: "tigress" in hand)
    view = t.view
    tigress = next(c for c in view.hand.toggles if c._lnb_key == "tigress")
    assert not tigress.disabled  # a special card: always allowed
    view.tap.value = True
    before = len(t.state.actions)
    tigress.click()
    assert len(t.state.actions) == before and tigress.value
    labels = [b.description for b in view.play_buttons.visible_buttons if not b.disabled]
    assert labels == ["Play Tigress as pirate", "Play Tigress as escape"]


def test_lopti_plays_on_the_first_tap_when_asked():
    from lopti_nb.games.lopti.state import Play as LoptiPlay

    t = lopti_nb.play("lopti", players=2, seed=1, bot_delay=0, swap=False)
    view = t.view
    assert shown(t, view.tap) and t.can_act()
    set_value(t, view.tap, True)
    card = next(c for c in view.hand.toggles if not c.disabled
                and t.state.why_illegal(LoptiPlay(c._lnb_key[:-1], 1), 0) is None)
    before, rank = len(t.state.actions), card._lnb_key[:-1]
    card.click()
    assert t.state.actions[before] == LoptiPlay(rank, 1)


# -- the last trick, the last plays ----------------------------------------------------------------
def test_the_last_trick_stays_drawn_beside_the_next_deal():
    from lopti_nb.games.skullking.state import TrickWon

    t = skull_king_at_play(lambda hand: True)
    # round 1 is one card each: the person's play ends it and round 2 is dealt at once
    assert t.state.observation(0)["round"] == 1
    card = next(c for c in t.view.hand.toggles if not c.disabled)
    card.click()
    click(t, "Play ")
    obs = t.state.observation(0)
    assert obs["round"] == 2 and obs["phase"] == "bid" and not obs["trick"]
    last = [e for e in t.state.events if isinstance(e, TrickWon)][-1]
    panel = t.view.trick.value
    assert "Round 1 is over; its last trick" in screen_words(panel)
    assert all(f'data-card="sk:{c}"' in panel for c in last.cards)
    assert f"{t.view.seat_name(last.seat)} \u2605 won" in screen_words(panel)
    click(t, "Bid 0")  # the person bids for round 2: the trick stays until a new one takes its place
    assert t.state.observation(0)["tricks_played"] == 0  # the person has not played yet
    assert "Round 1 is over; its last trick" in screen_words(t.view.trick.value)


def test_lopti_last_plays_stay_drawn_until_the_person_moves_again():
    from lopti_nb.games.lopti.events import Played

    t = lopti_nb.play("lopti", players=3, seed=4, bot_delay=0, swap=False)
    card = next(c for c in t.view.hand.toggles if not c.disabled)
    card.click()
    click(t, "Play ")
    mine = [e for e in t.state.events if isinstance(e, Played)]
    text = screen_words(t.view.last_plays.value)
    for e in mine[-3:]:  # the person's play and the two bots' replies, drawn with who played them
        assert t.view.seat_name(e.seat) + ":" in text
    assert text.count("Seat") == 3


# -- your turn, in a line or two ------------------------------------------------------------------
def test_skull_king_says_what_a_turn_asks():
    t = lopti_nb.play("skull-king", players=3, seed=4, bot_delay=0)
    assert "Your turn: bid how many tricks you will win this round, 0 to 1." in screen_text(t)
    click(t, "Bid 0")  # the bots bid and play up to the person's card
    assert "Your turn: play one card" in screen_text(t)


def test_lopti_says_which_ranks_may_go_now():
    from lopti_nb.games.lopti.state import Play as LoptiPlay

    t = lopti_nb.play("lopti", players=2, seed=1, bot_delay=0, swap=False)
    legal = sorted({a.rank for a in t.state.legal_actions() if isinstance(a, LoptiPlay)})
    line = screen_words(t.view.turn_line.value)
    assert line.startswith("Your turn: play one or more cards of one rank (here: ")
    listed = line.split("(here: ", 1)[1].split(")", 1)[0].replace(" or ", ", ").split(", ")
    assert sorted(listed) == legal


def test_the_ledger_says_what_a_turn_is_by_the_dive_button():
    t = lopti_nb.play("drowned-ledger", seed=5, bot_delay=0)
    view = t.view
    box = view.mine
    assert shown(t, view.turn_line) and shown(t, view.dive_button)
    assert box.children.index(view.turn_line) + 1 == box.children.index(view.buttons)
    words = screen_words(view.turn_line.value)
    assert words.startswith("Your turn \u2014 your hand is empty, so you dive")
    click(t, "Dive")
    if view.surface_button.layout.display != "none":
        assert screen_words(view.turn_line.value).startswith("You are diving: flip again")


def test_a_refused_cards_reason_goes_once_the_card_may_be_played():
    """A card tapped while the rules refuse it says why under the hand; once the same card
    may be played (the bids are in), that line goes."""
    t = lopti_nb.play("skull-king", players=3, seed=4, bot_delay=0)
    hand = t.view.hand
    card = hand.toggles[0]
    assert card.disabled
    hand.click(card.index)  # what a tap on a refused card does in the browser
    assert "everyone bids before the first card is played" in hand.note
    click(t, "Bid 0")  # the bots bid and play up to the person's card: the hand is unchanged
    assert [c.description for c in hand.toggles] == [card.description] and not card.disabled
    assert hand.note == ""
