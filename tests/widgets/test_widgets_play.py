"""Drive each table by its widgets (clicks and values), from the first deal to the final score."""
from __future__ import annotations

import asyncio
import random
from collections import Counter

import ipywidgets as W
import pytest

import lopti_nb
from lopti_nb.widgets.hand import CardHand
from lopti_nb.engine import SettingsError, UnknownBot, UnknownGame
from lopti_nb.games.lopti import KeepCards, Play, PlayBlind, TakePile
from lopti_nb.widgets import Table
from lopti_nb.widgets.testing import clickables, play_to_end, random_step, visible_widgets

GAMES = ["lopti", "skull-king", "drowned-ledger"]


# -- entry point and validation ---------------------------------------------------------------
def test_play_returns_table_with_live_state():
    t = lopti_nb.play("Skull King", players=5, humans=2, bot_delay=0, seed=1)
    assert isinstance(t, Table) and isinstance(t, W.VBox)
    assert t.state.game == "skull-king" and t.state.num_players == 5
    assert not t.state.is_over
    t2 = lopti_nb.play("drowned_ledger", players=4, bot_delay=0, seed=1)
    assert t2.state.game == "drowned-ledger"
    assert lopti_nb.play(bot_delay=0).state.game == "lopti"


@pytest.mark.parametrize("kwargs, error, words", [
    (dict(game="poker"), UnknownGame, "lopti, skull-king, drowned-ledger"),
    (dict(game="lopti", players=9), SettingsError, "2-5 players"),
    (dict(game="lopti", colour="red"), SettingsError, "Valid settings"),
    (dict(game="skull-king", scoring="golf"), SettingsError, "classic"),
    (dict(game="lopti", humans=-1), SettingsError, "humans"),
    (dict(game="lopti", players=3, humans=4), SettingsError, "humans"),
    (dict(game="lopti", humans="two"), SettingsError, "humans"),
    (dict(game="lopti", bots="genius"), UnknownBot, "heuristic"),
    (dict(game="lopti", players=4, humans=1, bots=["random", "random"]), SettingsError, "one per bot seat"),
    (dict(game="lopti", bot_delay=-1), SettingsError, "bot_delay"),
])
def test_bad_arguments_raise_clear_errors(kwargs, error, words):
    game = kwargs.pop("game")
    with pytest.raises(error, match=words):
        lopti_nb.play(game, **kwargs)


def test_bots_per_seat_and_per_bot_seat():
    t = lopti_nb.play("lopti", players=4, humans=1, bots=["random", "heuristic", "random"], bot_delay=0)
    assert t.bot_names == [None, "random", "heuristic", "random"]
    t = lopti_nb.play("lopti", players=3, humans=1, bots=[None, "random", "random"], bot_delay=0)
    assert t.bot_names == [None, "random", "random"]


# -- whole games by widgets -------------------------------------------------------------------
CASES = [
    ("lopti", 2, 1, 1), ("lopti", 5, 1, 3), ("lopti", 4, 2, 4), ("lopti", 3, 3, 5),
    ("skull-king", 2, 1, 1), ("skull-king", 6, 2, 3), ("skull-king", 8, 1, 4),
    ("drowned-ledger", 2, 1, 1), ("drowned-ledger", 5, 2, 3), ("drowned-ledger", 4, 4, 4),
]


@pytest.mark.parametrize("game, players, humans, seed", CASES)
def test_whole_game_by_widgets(game, players, humans, seed):
    # random people rarely finish a Lopti round quickly: a lower turn cap keeps the test short
    settings = {"turn_cap": 150} if game == "lopti" else {}
    t = lopti_nb.play(game, players=players, humans=humans, seed=seed, bot_delay=0, **settings)
    steps = play_to_end(t, random.Random(seed))
    assert t.state.is_over, f"not over after {steps} steps"
    assert "Game over" in t.status.value
    assert t.scores.value, "the final score is shown"
    for seat in range(players):
        assert t.view.seat_name(seat) in t.scores.value
    # every human seat acted through the widgets
    acted = {e.seat for e in t.state.events if hasattr(e, "seat")}
    assert set(range(humans)) <= acted


@pytest.mark.parametrize("game", GAMES)
def test_all_bot_table_is_a_spectator_view(game):
    t = lopti_nb.play(game, players=3, humans=0, seed=2, bot_delay=0)
    assert t.state.is_over and t.viewer is None
    assert t.view.mine.layout.display == "none"
    assert "spectating" in t.header.value


# -- Lopti by hand ------------------------------------------------------------------------------
def _button(t, text):
    for w in visible_widgets(t):
        if isinstance(w, W.Button) and w.description.startswith(text):
            return w
    raise AssertionError(f"no visible button {text!r}")


def test_lopti_swap_select_play_take_and_blind():
    t = lopti_nb.play("lopti", players=2, humans=1, seed=5, bot_delay=0)
    v = t.view
    assert t.state.phase == "swap" and t.can_act()
    # the cards are the controls: a hand card and a face-up card, then the swap button
    assert [b.description for b in v.swap_buttons.visible_buttons if not b.disabled] == ["Keep my cards as dealt"]
    before = list(t.state.observation(0)["hand"])
    v.hand.toggles[0].click()
    v.ups.toggles[-1].click()
    swap = next(b for b in v.swap_buttons.visible_buttons if b.description.startswith("Swap"))
    assert not swap.disabled
    assert swap.description == f"Swap {v.hand.toggles[0].description} \u2194 {v.ups.toggles[-1].description}"
    swap.click()
    assert t.state.actions[0] != KeepCards() and t.state.observation(0)["hand"] != before
    rng = random.Random(0)
    saw = {"play": 0, "take": 0, "blind": 0}
    for _ in range(3000):
        if t.state.is_over:
            break
        obs = t.state.observation(0)
        assert t.can_act()
        legal = t.state.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        blinds = [a for a in legal if isinstance(a, PlayBlind)]
        n_events = len(t.state.events)
        if plays and (rng.random() < 0.85 or TakePile() not in legal):
            a = rng.choice(plays)
            v.select(a.rank, a.count)
            assert v.play_button.description == f"Play {a.count} \u00d7 {a.rank}"
            assert not v.play_button.disabled
            v.play_button.click()
            assert t.state.actions[-1] == a or t.state.events[n_events].seat == 0
            saw["play"] += 1
        elif blinds:
            card = next(c for c in v.blind.toggles if not c.disabled)
            card.click()  # pick the face-down card; the play button flips it
            assert v.play_button.description == f"Flip face-down card {card._lnb_key + 1}"
            v.play_button.click()
            saw["blind"] += 1
        else:
            assert TakePile() in legal
            v.take_button.click()
            saw["take"] += 1
        assert len(t.state.events) > n_events
    assert t.state.is_over
    assert saw["play"] > 5


def test_lopti_pile_shows_duty_and_directive_and_bonus():
    seen = set()
    for seed in range(40):
        t = lopti_nb.play("lopti", players=3, humans=0, seed=seed, bot_delay=0)
        t.pause_button.value = True
        t.new_game()
        while not t.state.is_over:
            t.step_button.click()
            obs = t.state.observation(None)
            if obs["duty"]:
                assert "3 DUTY" in t.view.pile.value
                seen.add("duty")
            if obs["seven"] and not obs["duty"]:
                assert "7 DIRECTIVE" in t.view.pile.value
                seen.add("seven")
            if obs["bonus"]:
                assert "BONUS PLAY" in t.view.pile.value
                seen.add("bonus")
            if "flips a face-down" in t.view.banner.value:
                seen.add("blind")
        if len(seen) == 4:
            break
    assert seen == {"duty", "seven", "bonus", "blind"}


# -- Skull King by hand -------------------------------------------------------------------------
def test_skullking_secret_bids_tigress_and_round_scores():
    t = lopti_nb.play("skull-king", players=3, humans=1, seed=8, bot_delay=0, scoring="rascal")
    v = t.view
    assert "Rascal" in v.info.value
    rng = random.Random(3)
    tigress_seen = False
    rounds_checked = 0
    while not t.state.is_over:
        obs = t.state.observation(0)
        assert t.can_act()
        if obs["phase"] == "bid":
            # bids made before ours are secret: only "secret" marks show
            assert all(b is None for b in obs["bids"])
            buttons = [b for b in v.bid_buttons.visible_buttons if not b.disabled]
            assert [b.description for b in buttons] == [f"Bid {k}" for k in range(obs["cards_dealt"] + 1)]
            rng.choice(buttons).click()
            assert "Bids revealed" in t.log_html.value or t.state.observation(0)["phase"] == "bid"
            continue
        # the cards are the controls: the enabled ones are those the rules allow
        enabled = [c for c in v.hand.toggles if not c.disabled]
        assert enabled
        legal = t.state.legal_actions()
        assert {a for c in enabled for a in v._plays(c._lnb_key)} == set(legal)
        card = rng.choice(enabled)
        card.click()
        assert card.value and v.picked == card.index and v._hand[v.picked] == card._lnb_key
        buttons = [b for b in v.play_buttons.visible_buttons if not b.disabled]
        if card._lnb_key == "tigress":
            tigress_seen = True
            assert {b.description for b in buttons} == {"Play Tigress as pirate", "Play Tigress as escape"}
        else:
            assert [b.description for b in buttons] == [f"Play {card.description}"]
        rounds_before = t.state.round
        rng.choice(buttons).click()
        if t.state.round != rounds_before or t.state.is_over:
            rounds_checked += 1
            assert "scores by component" in v.round_scores.value
            assert "Base" in v.round_scores.value and "Loot" in v.round_scores.value
    assert rounds_checked == 10
    # the components add up to each round's points
    for s in range(3):
        parts = v.totals_parts[s]
        assert parts["base"] + parts["bonus"] + parts["loot"] == t.state.result.scores[s]
    assert "of which bonus" in t.scores.value
    # this seeded game deals the first seat the Tigress while it can be played: both of its
    # choices were offered (checked above), so the test cannot pass without them
    assert tigress_seen


def bid_buttons(t):
    return [b for b in t.view.bid_buttons.visible_buttons if not b.disabled]


def test_skullking_one_person_bids_while_the_bots_bids_are_already_made_and_hidden():
    """Bids are taken at once (RULINGS 3.1): at a table of one person and bots, the bots in
    to_act bid on their own, so when the person bids (in every round, whoever the dealer)
    the bots have bid already, and their numbers are nowhere on the table."""
    t = lopti_nb.play("skull-king", players=4, humans=1, seed=5, bot_delay=0)
    rng = random.Random(5)
    rounds = 0
    while not t.state.is_over:
        obs = t.state.observation(0)
        if obs["phase"] == "bid":
            rounds += 1
            assert t.state.to_act == (0,) and obs["has_bid"] == (False, True, True, True)
            assert obs["bids"] == (None,) * 4
            assert "Your turn (Seat 1)" in t.status.value and "Also deciding" not in t.status.value
            assert t.seats.value.count("made (secret)") == 3 and "bid: made" in t.seats.value
            assert "Bids revealed for round" not in t.log_html.value.split("</li>")[0]
            rng.choice(bid_buttons(t)).click()
            assert t.state.phase == "play" and t.log_html.value.count(f"Bids revealed for round {rounds}:") == 1
            continue
        random_step(t, rng)
    assert rounds == 10


def test_skullking_hot_seat_asks_each_person_in_turn_behind_the_cover():
    """Three people at one device and a bot: the bot bids on its own; the people are asked
    one after another, the pass-the-device cover between them, each seeing only their own
    hand and bid; the reveal comes with the last bid."""
    t = lopti_nb.play("skull-king", players=4, humans=3, seed=7, bot_delay=0)
    state = t.state
    assert state.observation(None)["has_bid"] == (False, False, False, True)  # the bot bid
    asked = []
    for _ in range(3):
        assert t.pending is not None and t.viewer is None
        assert t.view.mine.layout.display == "none"
        buttons, toggles = clickables(t)
        assert buttons == [t.cover_button] and not toggles
        seat = t.pending
        asked.append(seat)
        t.cover_button.click()
        assert t.viewer == seat and t.can_act()
        assert f"Your hand (Seat {seat + 1})</b> \u2014 1 card" in t.view.hand_title.value
        # the other people's bids are secret even though some were made before this one
        assert state.observation(seat)["bids"] == (None,) * 4
        bid_buttons(t)[-1].click()
        if len(asked) < 3:
            assert state.phase == "bid"
            assert "Pass the device to" in t.cover_text.value
    assert asked == [0, 1, 2]  # in the order of to_act: left of the dealer first
    assert state.phase == "play"
    assert state.events[-1].bids[:3] == (1, 1, 1)


def test_skullking_person_may_bid_while_the_bots_are_still_deciding():
    """With paced bots, the person does not wait for them: the table says who else is still
    deciding, and the bots finish their bids after the person's."""
    async def main():
        t = lopti_nb.play("skull-king", players=3, humans=1, seed=2, bot_delay=0.02)
        assert t.state.to_act == (0, 1, 2) and t.can_act()
        assert "Also deciding: Seat 2 (a bot) and Seat 3 (a bot)" in t.status.value
        bid_buttons(t)[0].click()
        assert t.state.observation(None)["has_bid"][0] is True and t.state.phase == "bid"
        assert "(bots) are thinking" in t.status.value
        for _ in range(400):
            await asyncio.sleep(0.005)
            if t.state.phase == "play":
                break
        assert t.state.phase == "play"
        assert t.state.off_turn == ()  # seat 0, left of the dealer, was asked first anyway
        assert [e.seat for e in t.state.events if type(e).__name__ == "BidMade"] == [0, 1, 2]

    asyncio.run(main())


def test_skullking_eight_player_cap_is_shown():
    t = lopti_nb.play("skull-king", players=8, humans=0, seed=1, bot_delay=0)
    t.pause_button.value = True
    t.new_game()
    assert "no one ever gets more than 9" in t.view.info.value
    while t.state.round < 10:
        t.step_button.click()
    assert t.state.observation(None)["cards_dealt"] == 9
    assert "capped" in t.view.info.value and "74 cards" in t.view.info.value


def test_skullking_led_suit_and_trick_shown():
    t = lopti_nb.play("skull-king", players=4, humans=0, seed=3, bot_delay=0)
    t.pause_button.value = True
    t.new_game()
    seen_led = seen_trick = False
    for _ in range(400):
        t.step_button.click()
        obs = t.state.observation(None)
        for c in obs["trick"]:
            assert f'data-card="sk:{c}"' in t.view.trick.value
            seen_trick = True
        if obs["led_suit"] and not obs["suit_free"]:
            assert "Led suit" in t.view.info.value
            seen_led = True
    assert seen_led and seen_trick


# -- The Drowned Ledger by hand -----------------------------------------------------------------
def test_ledger_dive_flip_surface_open_sell():
    # seed 1: a deal on which the seeded clicks below dive, flip, surface, open and sell
    t = lopti_nb.play("drowned-ledger", players=2, humans=1, seed=1, bot_delay=0, mode="plain")
    v = t.view
    did = {"dive": 0, "flip": 0, "surface": 0, "open": 0, "sell": 0}
    rng = random.Random(1)
    while not t.state.is_over:
        obs = t.state.observation(0)
        assert t.can_act()
        n_events = len(t.state.events)
        if obs["phase"] == "dive":
            assert v.flip_button.layout.display != "none" and v.surface_button.layout.display != "none"
            assert "is diving" in v.dive.value
            if not v.flip_button.disabled and (len(obs["haul"]) < 2 or rng.random() < 0.3):
                v.flip_button.click()
                did["flip"] += 1
            else:
                v.surface_button.click()
                did["surface"] += 1
        elif obs["hand"] and rng.random() < 0.6:
            hand = list(obs["hand"])
            if rng.random() < 0.5:
                pick = rng.sample(hand, rng.randint(1, len(hand)))
                yard_before = Counter(obs["yards"][0])
                v.select(pick)
                assert v.open_button.description == f"Open {len(pick)} selected"
                v.open_button.click()
                did["open"] += 1
                # exactly the picked cards went face up into the yard
                assert Counter(t.state.observation(0)["yards"][0]) - yard_before == Counter(pick)
            else:
                v.select([hand[0]])
                assert v.sell_button.description.startswith("Sell ")
                v.sell_button.click()
                did["sell"] += 1
        else:
            v.dive_button.click()
            did["dive"] += 1
        assert len(t.state.events) > n_events
    assert all(did.values()), did
    assert "final scores" in t.scores.value and "Suit sets" in t.scores.value


def test_ledger_shows_sea_market_offices_and_reckoning():
    t = lopti_nb.play("drowned-ledger", players=3, humans=0, seed=6, bot_delay=0)
    t.pause_button.value = True
    t.new_game()
    seen_reckoning = False
    while not t.state.is_over:
        t.step_button.click()
        obs = t.state.observation(None)
        assert f"Sea at <b>{obs['sea']}</b>" in t.view.sea.value
        for price in obs["market"]:
            assert f": {price}" in t.view.market.value
        if obs["reckoning_turned"]:
            assert obs["reckoning_turned"][-1] in t.view.reckoning.value
            seen_reckoning = True
    for name in t.state.observation(None)["offices"]:
        assert name in t.view.yards.value
    assert "duty:" in t.view.yards.value and "privilege" in t.view.yards.value
    assert seen_reckoning


# -- hot seat -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_hot_seat_hides_everything_until_confirmed(game):
    t = lopti_nb.play(game, players=3, humans=2, seed=3, bot_delay=0)
    rng = random.Random(5)
    covers = 0
    for _ in range(250):
        if t.state.is_over:
            break
        if t.pending is not None:
            covers += 1
            seat = t.pending
            assert t.cover.layout.display != "none" and t.main.layout.display == "none"
            assert f"Pass the device to {t.view.seat_name(seat)}" in t.cover_text.value
            assert t.viewer is None
            # nothing private is shown: no hand of any seat in any widget
            assert t.view.mine.layout.display == "none"
            buttons, toggles = clickables(t)
            assert buttons == [t.cover_button] and not toggles
            t.cover_button.click()
            assert t.viewer == seat and t.pending is None and t.main.layout.display != "none"
            continue
        assert t.can_act()
        random_step(t, rng)
    assert covers >= 4


def test_single_human_never_sees_a_cover():
    t = lopti_nb.play("lopti", players=3, humans=1, seed=3, bot_delay=0)
    rng = random.Random(2)
    while not t.state.is_over:
        assert t.pending is None and t.cover.layout.display == "none"
        random_step(t, rng)


# -- disabled choices say why -------------------------------------------------------------------
@pytest.mark.parametrize("game, seed", [("lopti", 1), ("lopti", 2), ("skull-king", 1), ("drowned-ledger", 1)])
def test_disabled_controls_carry_the_rules_reason(game, seed):
    settings = {"lopti": {"turn_cap": 150},
                # the Notary's duty (no two turns of the same kind) binds the human often
                "drowned-ledger": {"offices": ["Notary", "Broker", "Auditor"]}}.get(game, {})
    t = lopti_nb.play(game, players=3, humans=1, seed=seed, bot_delay=0, **settings)
    rng = random.Random(seed)
    checked = 0
    from_rules = 0
    while not t.state.is_over:
        skip = {id(b) for b in t.controls.children}
        for w in visible_widgets(t.view.widget):
            if isinstance(w, (W.Button, W.ToggleButton)) and w.disabled and id(w) not in skip:
                assert w.description, "every button has a text label"
                assert "not possible" in w.tooltip or "not playable" in w.tooltip, w.tooltip
                checked += 1
                action = getattr(w, "_lnb_action", None)
                if action is not None and t.can_act():
                    reason = t.state.why_illegal(action)
                    if reason:
                        # the rules' reason, in the table's words (Lopti counts seats from 1)
                        assert t.view.reason(action, t.viewer, True) in w.tooltip
                        assert reason in w.tooltip or "seat" in reason.lower()
                        from_rules += 1
        # a card the rules refuse, clicked, says why in the line under its hand (on screen)
        for hand in [w for w in visible_widgets(t.view.widget) if isinstance(w, CardHand)]:
            refused = [c for c in hand.toggles if c.disabled]
            if refused:
                card = refused[0]
                reason = hand._items[card.index]["reason"]
                assert reason, card
                before = len(t.state.actions)
                card.click()
                assert reason in hand.note and len(t.state.actions) == before
                checked += 1
                from_rules += t.can_act()  # the viewer may act: the reason is the rules'
        random_step(t, rng)
    assert checked > 10 and from_rules > 0


def test_lopti_refused_card_shows_why_illegal_on_screen():
    """Choosing a card the rules refuse shows the rules' reason in the line under the hand
    (not only on hover), and changes nothing."""
    for seed in range(60):
        t = lopti_nb.play("lopti", players=2, humans=1, seed=seed, bot_delay=0)
        rng = random.Random(seed)
        while not t.state.is_over:
            for tog in t.view.hand.toggles:
                if tog.disabled and t.can_act() and t.state.phase == "play":
                    rank = tog._lnb_key[:-1]
                    reason = t.state.why_illegal(Play(rank, 1))
                    assert reason and reason not in t.view.hand.note
                    before = len(t.state.actions)
                    tog.click()
                    assert reason in t.view.hand.note and tog.description in t.view.hand.note
                    assert len(t.state.actions) == before and not tog.value
                    return
            random_step(t, rng)
    pytest.fail("no disabled card seen")


# -- controls: bots, pause, speed, new game, rematch --------------------------------------------
def test_pause_step_resume_and_rematch():
    t = lopti_nb.play("skull-king", players=3, humans=0, seed=9, bot_delay=0)
    first = t.state.copy()
    assert t.state.is_over
    t.pause_button.value = True
    assert t.pause_button.description == "Resume bots"
    t.rematch_button.click()
    assert t.state.seed == 9 and not t.state.is_over and len(t.state.actions) == 0
    assert not t.step_button.disabled
    t.step_button.click()
    t.step_button.click()
    assert len(t.state.actions) == 2
    t.pause_button.value = False
    assert t.state.is_over
    assert t.state.result.scores == first.result.scores  # same deal, same bots: same game
    t.new_button.click()
    assert t.state.seed != 9 and t.state.is_over


def test_speed_control_sets_bot_delay():
    t = lopti_nb.play("lopti", players=3, bot_delay=0)
    t.speed.value = 1.2
    assert t.bot_delay == 1.2
    t2 = lopti_nb.play("lopti", players=3, bot_delay=0.33)
    assert t2.speed.value == 0.33


def test_bots_move_one_step_at_a_time_under_an_event_loop():
    async def main():
        t = lopti_nb.play("lopti", players=3, humans=0, seed=4, bot_delay=0.001)
        assert len(t.state.actions) == 0  # nothing happens synchronously
        seen = []
        for _ in range(20000):
            await asyncio.sleep(0.0005)
            seen.append(len(t.state.actions))
            if t.state.is_over:
                break
        assert t.state.is_over
        assert len(set(seen)) > 10  # the moves came one by one
        # pausing stops the loop
        t.pause_button.value = True
        t.new_game()
        await asyncio.sleep(0.02)
        assert len(t.state.actions) == 0
        t.pause_button.value = False
        await asyncio.sleep(0.05)
        assert len(t.state.actions) > 0

    asyncio.run(main())


def test_human_click_then_bots_pace_themselves():
    async def main():
        t = lopti_nb.play("lopti", players=3, humans=1, seed=4, bot_delay=0.01)
        assert t.can_act()
        t.view.swap_buttons.visible_buttons[0].click()  # keep the cards
        assert not t.can_act() and "thinking" in t.status.value
        for _ in range(500):
            await asyncio.sleep(0.005)
            if t.can_act():
                break
        assert t.can_act() and "Your turn" in t.status.value

    asyncio.run(main())


# -- updated in place, labelled, themed ---------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_widgets_are_updated_in_place(game):
    from lopti_nb.widgets import iter_widgets

    t = lopti_nb.play(game, players=3, humans=1, seed=4, bot_delay=0)
    rng = random.Random(4)
    for _ in range(5):
        random_step(t, rng)
    before = {id(w): w for w in iter_widgets(t)}
    top = t.children
    view_widget = t.view.widget
    for _ in range(40):
        if t.state.is_over:
            break
        random_step(t, rng)
        for w in visible_widgets(t):
            if isinstance(w, (W.Button, W.ToggleButton)):
                assert w.description.strip(), "every visible button has a text label"
    after = {id(w) for w in iter_widgets(t)}
    assert t.children is top and t.view.widget is view_widget
    assert set(before) <= after, "no widget is thrown away and redrawn"
    # (pools of card columns only grow when a hand holds more cards than ever before)


@pytest.mark.parametrize("game", GAMES)
def test_html_uses_jupyterlab_theme_variables(game):
    from lopti_nb.widgets.testing import widget_text

    t = lopti_nb.play(game, players=3, humans=1, seed=4, bot_delay=0)
    text = widget_text(t)
    assert "var(--jp-ui-font-color1)" in text and "var(--jp-layout-color1)" in text
    # no hard-coded page colours for text or backgrounds outside the card pictures
    import re
    for html in re.findall(r'style="([^"]*)"', text):
        for prop in ("background", "color"):
            for value in re.findall(rf"(?:^|;){prop}:([^;]*)", html):
                assert value.startswith("var(--jp-") or value in ("transparent", "#ffffff"), value


def test_new_game_while_a_bot_is_waiting_keeps_the_bots_going():
    async def main():
        t = lopti_nb.play("skull-king", players=3, humans=0, seed=2, bot_delay=0.02)
        await asyncio.sleep(0.005)
        t.new_button.click()  # the first game's loop is still asleep
        for _ in range(2000):
            await asyncio.sleep(0.002)
            if len(t.state.actions) > 3:
                break
        assert len(t.state.actions) > 3
        t.pause_button.value = True

    asyncio.run(main())


def test_1_2_the_7_directive_on_the_table_follows_the_tables_card_rules():
    """The directive line is the rules' sentence for the card rules in play: base Lopti never
    lets a 10 follow a 7, a table (or a Rule Vote) with ten_on_seven does, and the line says so
    each time, the same words the judge gives."""
    from lopti_nb.games.lopti.rules import judge

    def seven_on_top(ten_on_seven: bool):
        for seed in range(30):
            t = lopti_nb.play("lopti", players=3, humans=0, seed=seed, bot_delay=0, ten_on_seven=ten_on_seven)
            t.pause_button.value = True
            t.new_game()  # dealt again while paused: the bots move one step at a time
            while not t.state.is_over:
                obs = t.state.observation(None)
                if obs["seven"] and not obs["duty"] and obs["current_player"] is not None:
                    return t
                t.step_button.click()
        pytest.fail("no 7 was played")

    for ten_on_seven in (False, True):
        t = seven_on_top(ten_on_seven)
        line = t.view.pile.value.split("7 DIRECTIVE: ")[1].split("<")[0]
        assert ("never a 10" in line) is not ten_on_seven
        assert ("a 10 (this table allows it)" in line) is ten_on_seven
        assert line.split("must go lower: ")[1] in judge(["K"], "7", ten_on_seven=ten_on_seven).reason
