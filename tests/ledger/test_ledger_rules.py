"""The Drowned Ledger: one test per clause of RULINGS section 2 (2.1-2.5; offices in
test_ledger_offices.py)."""
from collections import Counter

import pytest

import lopti_nb
from lopti_nb.engine import IllegalAction, SettingsError
from lopti_nb.games.ledger import (DIVE, FLIP, SURFACE, Card, Dive, FlipAgain, LedgerState, Open,
                                   Sell, Surface)
from lopti_nb.games.ledger.cards import RECKONINGS, SUITS
from lopti_nb.games.ledger.events import Flipped, Paid, SeaRose
from lopti_nb.games.ledger.testing import cards, rig

C = Card.parse


def plain(players=2, seed=0, **kw):
    return LedgerState(players, seed, mode="plain", **kw)


# -- 2.1 components -------------------------------------------------------------------------

def test_2_1_wreck_deck_has_58_cards_40_machines_18_hazards():
    s = plain()
    deck = Counter(s.wreck)
    assert len(s.wreck) == 58
    assert sum(n for c, n in deck.items() if c.is_machine) == 40
    assert sum(n for c, n in deck.items() if c.is_hazard) == 18
    for suit in range(5):
        values = sorted(c.value for c in s.wreck if c.is_machine and c.suit == suit)
        assert values == [1, 1, 2, 2, 3, 3, 4, 5]
    assert sorted(c.number for c in s.wreck if c.is_hazard) == sorted(list(range(1, 10)) * 2)
    assert [Card.parse(f"{n} 1").suit_name for n in SUITS] == list(SUITS)


def test_2_1_two_to_five_players():
    for n in range(2, 6):
        assert lopti_nb.new_game("drowned-ledger", players=n, seed=1).num_players == n
    for n in (1, 6):
        with pytest.raises(SettingsError):
            lopti_nb.new_game("drowned-ledger", players=n, seed=1)


def test_2_1_sea_starts_at_3_and_claims_at_10_market_at_6_hold_4():
    s = lopti_nb.new_game("drowned-ledger", seed=3)
    assert (s.sea, s.sea_claim, s.hold_limit) == (3, 10, 4)
    assert s.market == [6] * 5
    assert s.num_players == 4 and s.mode == "offices"


def test_2_1_reckoning_deck_has_the_twelve_cards_in_their_counts():
    s = plain()
    names = Counter(RECKONINGS[i].name for i in s.reck)
    assert sum(names.values()) == 12
    assert names == {"The Sea Takes It All": 4, "Cut the Line": 2, "One for the Water": 1,
                     "The Sea Blinks": 1, "Salvage Rights": 1, "Forced to Account": 1,
                     "The Sea Rises Twice": 1, "The Water Holds": 1}


def test_2_1_reckoning_deck_is_reshuffled_when_exhausted():
    s = plain()
    rig(s, wreck=["Hazard 1"] * 3, reckoning=["The Water Holds"], sea=5)
    s.apply(DIVE)  # caught: the only Reckoning card is used
    assert s.reck == [] and s.seat == 1
    s.apply(DIVE)  # caught again: the deck is rebuilt from all twelve cards
    assert len(s.reck) == 11
    assert any("Reckoning deck is empty" in e for e in s.describe_events())


def test_2_1_everyone_starts_with_nothing():
    s = plain(players=5)
    assert s.coins == [0] * 5 and all(h == [] for h in s.hands) and all(y == [] for y in s.yards)


# -- 2.2 a turn --------------------------------------------------------------------------------

def test_2_2_empty_hand_must_dive():
    s = plain()
    assert s.legal_actions() == [DIVE]
    assert "must dive" in s.why_illegal(Open(("Compass 1",)))
    with pytest.raises(IllegalAction):
        s.apply(Sell("Compass 1"))


def test_2_2_a_turn_is_exactly_one_of_dive_open_sell():
    s = plain()
    rig(s, hands=[["Compass 1", "Lantern 2"], []])
    kinds = {a.kind for a in s.legal_actions()}
    assert kinds == {"dive", "open", "sell"}
    s.apply(Open(("Compass 1",)))
    assert s.seat == 1  # the open was the whole turn


def test_2_2_machine_joins_the_haul_and_the_diver_decides_again():
    s = plain()
    rig(s, wreck=["Compass 3", "Lantern 1"])
    s.apply(DIVE)
    assert s.haul == [C("Compass 3")] and s.seat == 0
    assert s.legal_actions() == [FLIP, SURFACE]
    assert "middle of a dive" in s.why_illegal(DIVE)


def test_2_2_live_hazard_at_or_below_the_sea_catches_the_dive():
    s = plain()
    rig(s, wreck=["Compass 3", "Hazard 3"], reckoning=["The Sea Takes It All"], sea=3)
    s.apply(DIVE)
    s.apply(FLIP)
    assert s.seat == 1 and s.hands[0] == [] and s.trigger == 1
    assert "live hazard" in s.describe_events()[-5:][0] or any("live hazard" in e for e in s.describe_events())


def test_2_2_near_miss_above_the_sea_is_discarded_and_the_dive_goes_on():
    s = plain()
    rig(s, wreck=["Hazard 4", "Compass 2"], sea=3)
    s.apply(DIVE)
    assert s.discard == [C("Hazard 4")] and s.haul == [] and s.seat == 0
    assert s.legal_actions() == [FLIP, SURFACE]
    s.apply(FLIP)
    s.apply(SURFACE)
    assert s.hands[0] == [C("Compass 2")] and s.trigger == 0


def test_2_2_flip_again_and_surface_are_separate_decisions():
    s = plain()
    rig(s, wreck=["Compass 1", "Compass 2", "Compass 3"])
    s.apply(DIVE)
    s.apply(FlipAgain())
    assert len(s.haul) == 2 and s.seat == 0
    s.apply(Surface())
    assert sorted(s.hands[0]) == cards(["Compass 1", "Compass 2"]) and s.seat == 1


def test_2_2_automatic_surface_at_the_hold_limit():
    s = plain()
    rig(s, wreck=["Compass 1", "Lantern 1", "Engine 1", "Orrery 1", "Orrery 2"])
    s.apply(DIVE)
    for _ in range(3):
        s.apply(FLIP)
    assert len(s.hands[0]) == 4 and s.haul == [] and s.seat == 1
    assert any("hold is full" in e for e in s.describe_events())


def test_2_2_surfacing_seals_the_haul_hidden_from_others():
    s = plain()
    rig(s, wreck=["Compass 4", "Lantern 5"])
    s.apply(DIVE)
    s.apply(SURFACE)
    assert s.observation(0)["hand"] == (C("Compass 4"),)
    other = s.observation(1)
    assert other["hand"] == () and other["hand_sizes"] == (1, 0)
    assert "Compass 4" not in s.describe_events(seat=1)[-1]
    assert "Compass 4" in s.describe_events(seat=0)[-1]


def test_2_2_wreck_deck_reshuffles_the_discards_when_it_runs_out():
    s = plain()
    rig(s, wreck=["Hazard 9"], discard=["Hazard 8", "Compass 1"], sea=3)
    s.apply(DIVE)
    assert s.wreck == [] and len(s.discard) == 3
    s.apply(FLIP)
    assert len(s.wreck) == 2 and len(s.discard) + len(s.haul) == 1
    assert any("shuffled into a new one" in e for e in s.describe_events())


def test_2_2_open_any_nonempty_selection_even_unlisted():
    s = plain()
    hand = ["Compass 1", "Lantern 2", "Engine 3", "Orrery 4"]
    rig(s, hands=[hand, []])
    odd = Open(("Lantern 2", "Orrery 4"))
    assert odd not in s.legal_actions()  # not listed...
    assert s.why_illegal(odd) is None     # ...but legal
    s.apply(odd)
    assert sorted(s.yards[0]) == cards(["Lantern 2", "Orrery 4"])
    assert sorted(s.hands[0]) == cards(["Compass 1", "Engine 3"])


def test_2_2_open_listing_covers_singles_suits_and_the_whole_hand():
    s = plain()
    rig(s, hands=[["Compass 1", "Compass 2", "Engine 3"], []])
    opens = {a for a in s.legal_actions() if isinstance(a, Open)}
    assert opens == {Open(("Compass 1",)), Open(("Compass 2",)), Open(("Engine 3",)),
                     Open(("Compass 1", "Compass 2")), Open(("Compass 1", "Compass 2", "Engine 3"))}


def test_2_2_illegal_opens_raise_and_leave_the_state_unchanged():
    s = plain()
    rig(s, hands=[["Compass 1"], []])
    before = (s.hands[0][:], s.yards[0][:], len(s.events), len(s.actions))
    for bad in (Open(()), Open(("Compass 2",)), Open(("Compass 1", "Compass 1")), Sell("Lantern 1"),
                FLIP, SURFACE, "dive"):
        assert s.why_illegal(bad)
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert (s.hands[0], s.yards[0], len(s.events), len(s.actions)) == before


def test_2_2_gift_goes_to_others_who_already_had_the_suit_before_this_open():
    s = plain(players=3)
    rig(s, hands=[["Compass 1", "Lantern 1"], [], []],
        yards=[["Lantern 3"], ["Compass 5"], ["Engine 2"]])
    s.apply(Open(("Compass 1", "Lantern 1")))
    # seat 1 had a Compass open: 1 coin; seat 2 had neither; the opener never gifts itself
    assert s.coins == [0, 1, 0]


def test_2_2_gift_is_flat_one_coin_per_card_opened():
    s = plain(players=3)
    rig(s, hands=[["Compass 1", "Compass 2"], [], []],
        yards=[[], ["Compass 3", "Compass 4", "Compass 5"], ["Compass 1"]])
    s.apply(Open(("Compass 1", "Compass 2")))
    # two Compass cards opened: each holder gets 1 per card, however many they show
    assert s.coins == [0, 2, 2]


def test_2_2_gift_counts_only_yards_from_before_this_open():
    s = plain(players=2)
    rig(s, hands=[["Compass 1", "Compass 2"], ["Engine 1"]], yards=[[], []])
    s.apply(Open(("Compass 1", "Compass 2")))
    assert s.coins == [0, 0]
    s.apply(Open(("Engine 1",)))
    assert s.coins == [0, 0]  # seat 0 had no Engine open


def test_2_2_sell_pays_the_market_price_not_the_printed_value():
    s = plain()
    rig(s, hands=[["Orrery 5"], []])
    s.apply(Sell("Orrery 5"))
    assert s.coins[0] == 6 and s.market[4] == 5
    assert C("Orrery 5") in s.discard and s.hands[0] == []


def test_2_2_sell_price_falls_by_one_to_a_floor_of_3():
    s = plain()
    rig(s, hands=[["Compass 1"] * 6, ["Compass 2"] * 6])
    paid = []
    for i in range(6):
        before = s.coins[s.seat]
        s.apply(Sell("Compass 1" if s.seat == 0 else "Compass 2"))
        paid.append(s.coins[1 - s.seat] - before)
    assert paid == [6, 5, 4, 3, 3, 3]
    assert s.market[0] == 3


def test_2_2_sell_is_a_sea_trigger():
    s = plain()
    rig(s, hands=[["Compass 1"], []])
    s.apply(Sell("Compass 1"))
    assert s.trigger == 1


# -- 2.3 the Reckoning ---------------------------------------------------------------------

def caught_with(card, haul=("Compass 1", "Lantern 2", "Engine 3"), others=None, players=2):
    s = plain(players=players)
    rig(s, wreck=list(haul) + ["Hazard 1"], reckoning=[card], sea=3)
    if others:
        rig(s, yards=others)
    s.apply(DIVE)
    for _ in haul:
        s.apply(FLIP)
    return s


def test_2_3_caught_hazard_is_discarded():
    s = caught_with("The Sea Takes It All")
    assert C("Hazard 1") in s.discard


def test_2_3_the_sea_takes_it_all_loses_the_haul():
    s = caught_with("The Sea Takes It All")
    assert s.hands[0] == [] and s.trigger == 1 and s.seat == 1
    assert Counter(s.discard) == Counter(cards(["Compass 1", "Lantern 2", "Engine 3", "Hazard 1"]))


def test_2_3_cut_the_line_loses_half_rounded_up():
    s = caught_with("Cut the Line")
    assert s.hands[0] == [C("Compass 1")]  # newest two of three lost
    assert C("Engine 3") in s.discard and C("Lantern 2") in s.discard and s.trigger == 1
    s = caught_with("Cut the Line", haul=("Compass 1", "Lantern 2", "Engine 3", "Orrery 4")[:2])
    assert s.hands[0] == [C("Compass 1")]


def test_2_3_one_for_the_water_loses_the_newest():
    s = caught_with("One for the Water")
    assert s.hands[0] == cards(["Compass 1", "Lantern 2"]) and s.trigger == 1


def test_2_3_the_sea_blinks_keeps_the_haul_and_the_dive_goes_on():
    s = caught_with("The Sea Blinks", haul=("Compass 1",))
    assert s.seat == 0 and s.haul == [C("Compass 1")] and s.trigger == 1
    assert s.legal_actions() == [FLIP, SURFACE]
    s.apply(SURFACE)
    assert s.hands[0] == [C("Compass 1")]


def test_2_3_salvage_rights_pays_a_coin_per_machine_lost():
    s = caught_with("Salvage Rights")
    assert s.hands[0] == [] and s.coins[0] == 3 and s.trigger == 1
    assert [e for e in s.events if isinstance(e, Paid)][-1].reason == "salvage"


def test_2_3_forced_to_account_opens_the_haul_with_gifts():
    s = caught_with("Forced to Account", others=[[], ["Compass 5", "Engine 1"]])
    assert sorted(s.yards[0]) == cards(["Compass 1", "Lantern 2", "Engine 3"])
    assert s.hands[0] == [] and s.coins[1] == 2 and s.trigger == 1
    # opened machines are in the yard: they can never be sold
    s.seat = 0
    assert s.why_illegal(Sell("Compass 1"))


def test_2_3_the_sea_rises_twice_is_a_double_trigger():
    s = caught_with("The Sea Rises Twice")
    assert s.hands[0] == [] and s.trigger == 2
    s.apply(DIVE if not s.hands[1] else DIVE)
    while s.seat == 1 and not s.is_over:
        s.apply(s.legal_actions()[-1])
    assert s.sea == 5


def test_2_3_the_water_holds_loses_the_haul_without_a_trigger():
    s = caught_with("The Water Holds")
    assert s.hands[0] == [] and s.trigger == 0


def test_2_3_reckoning_on_an_empty_haul():
    s = caught_with("Cut the Line", haul=())
    assert s.hands[0] == [] and s.trigger == 1


# -- 2.4 the sea ----------------------------------------------------------------------------

def test_2_4_the_sea_moves_at_the_rounds_first_trigger():
    s = plain(players=3)
    rig(s, hands=[["Compass 1"], ["Compass 2"], ["Compass 3"]])
    s.apply(Sell("Compass 1"))
    assert s.sea == 4 and s.round == 1  # at once, not at the round's end
    s.apply(Open(("Compass 2",)))
    s.apply(Open(("Compass 3",)))
    assert s.sea == 4 and s.round == 2
    rose = [e for e in s.events if isinstance(e, SeaRose)]
    assert [(e.round, e.rise, e.sea) for e in rose] == [(1, 1, 4)]
    assert "rises 1 step, to 4" in rose[0].describe()


def test_2_4_a_sale_early_in_a_round_makes_a_later_dives_hazard_live():
    s = plain(players=2)
    rig(s, hands=[["Compass 1"], []], wreck=["Hazard 4", "Lantern 1"], reckoning=["The Sea Takes It All"])
    s.apply(Sell("Compass 1"))
    assert s.sea == 4
    s.apply(DIVE)  # seat 2 flips Hazard 4: above the old sea (3), at the new one (4)
    flips = [e for e in s.events if isinstance(e, Flipped)]
    assert flips[-1].result == "live" and s.hands[1] == [] and s.round == 2
    assert s.sea == 4  # the catch is a later trigger of the same round: no second move


def test_2_4_the_sea_blinks_raises_the_sea_under_the_diver():
    s = plain(players=2)
    rig(s, wreck=["Compass 1", "Hazard 3", "Hazard 4"], reckoning=["The Sea Blinks", "The Water Holds"])
    s.apply(DIVE)
    s.apply(FLIP)  # Hazard 3 is live: The Sea Blinks, the round's first trigger
    assert s.sea == 4 and s.phase == 1
    s.apply(FLIP)  # Hazard 4 was a near-miss before the blink; now it is live
    assert [e.result for e in s.events if isinstance(e, Flipped)][-1] == "live"


def test_2_4_once_per_round_however_many_triggers():
    s = plain(players=3)
    rig(s, hands=[["Compass 1"], ["Compass 2"], ["Compass 3"]])
    for seat in range(3):
        s.apply(Sell(s.hands[seat][0]))
    assert s.sea == 4
    assert len([e for e in s.events if isinstance(e, SeaRose)]) == 1


def test_2_4_double_trigger_moves_two_and_never_more():
    s = plain(players=2)
    rig(s, wreck=["Hazard 1"], reckoning=["The Sea Rises Twice"], hands=[[], ["Compass 1"]])
    s.apply(DIVE)
    assert s.sea == 5
    s.apply(Sell("Compass 1"))
    assert s.sea == 5


def test_2_4_only_the_first_trigger_decides_the_rise():
    # a sale first (+1), then The Sea Rises Twice later in the round: still +1
    s = plain(players=2)
    rig(s, wreck=["Hazard 1"], reckoning=["The Sea Rises Twice"], hands=[["Compass 1"], []])
    s.apply(Sell("Compass 1"))
    s.apply(DIVE)
    assert s.sea == 4 and s.round == 2


def test_2_4_the_sea_rises_twice_at_nine_is_logged_as_rising_one():
    s = plain(players=2)
    rig(s, wreck=["Hazard 1"], reckoning=["The Sea Rises Twice"], sea=9, hands=[[], ["Compass 1"]])
    s.apply(DIVE)
    assert s.sea == 10
    rose = [e for e in s.events if isinstance(e, SeaRose)][-1]
    assert rose.rise == 1 and "rises 1 step, to 10" in rose.describe() and "2" not in rose.describe()


def test_2_4_no_trigger_no_move():
    s = plain(players=2)
    rig(s, hands=[["Compass 1"], ["Compass 2"]])
    s.apply(Open(("Compass 1",)))
    s.apply(Open(("Compass 2",)))
    assert s.sea == 3 and s.round == 2
    assert not any(isinstance(e, SeaRose) for e in s.events)


def test_2_4_the_water_holds_is_no_trigger():
    s = plain(players=2)
    rig(s, wreck=["Hazard 1"], reckoning=["The Water Holds"])
    s.apply(DIVE)
    assert s.sea == 3 and s.trigger == 0


def test_2_4_the_claim_reached_mid_round_finishes_the_round_then_ends_the_game():
    s = plain(players=3, sea_start=9)
    rig(s, hands=[["Compass 1"], ["Compass 2"], ["Compass 3"]])
    s.apply(Sell("Compass 1"))
    assert s.sea == 10  # the claim is reached now...
    assert not s.is_over and s.current_player == 1  # ...but the round is finished first
    s.apply(Open(("Compass 2",)))
    assert not s.is_over
    s.apply(Open(("Compass 3",)))
    assert s.is_over and s.current_player is None and s.sea == 10
    assert s.turns == [1, 1, 1]
    assert s.legal_actions() == [] and s.why_illegal(DIVE) == "the game is over"


def test_2_4_equal_turns_in_every_finished_game():
    for seed in range(40):
        s = lopti_nb.new_game("drowned-ledger", players=2 + seed % 4, seed=seed)
        lopti_nb.engine.play_out(s, [lopti_nb.engine.random_bot] * s.num_players,
                                 __import__("random").Random(seed))
        assert len(set(s.turns)) == 1 and s.sea == s.sea_claim


# -- 2.5 scoring ----------------------------------------------------------------------------

def finished(players, yards, coins, hands=None, **kw):
    s = plain(players=players, sea_start=9, **kw)
    rig(s, yards=yards, coins=coins, hands=hands or [["Compass 1"]] + [["Orrery 1"]] * (players - 1))
    for seat in range(players):
        s.apply(Sell(s.hands[seat][-1]))
    assert s.is_over
    return s


def test_2_5_scoring_coins_values_sets_and_sealed_cards():
    s = finished(2, yards=[["Compass 1", "Compass 2", "Compass 3", "Lantern 5"], ["Engine 4"]],
                 coins=[0, 0], hands=[["Compass 1", "Engine 5"], ["Orrery 1"]])
    b = s.result.details["breakdown"]
    # seat 0: 11 values + 4 set + 5 clean ledger + 6 coins (sold Engine 5 at 6); sealed Compass 1 scores 0
    assert b[0] == {"coins": 6, "machines": 11, "sets": 4, "clean_ledger": 5, "sealed": 0,
                    "total": 26, "open_machines": 4}
    assert s.result.scores == (26, 4 + 6)


def test_2_5_clean_ledger_goes_to_everyone_tied_for_most():
    s = finished(3, yards=[["Compass 1", "Lantern 1"], ["Engine 1", "Engine 2"], ["Orrery 1"]],
                 coins=[0, 0, 0])
    b = s.result.details["breakdown"]
    assert [x["clean_ledger"] for x in b] == [5, 5, 0]


def test_2_5_copies_count_towards_a_set():
    s = finished(2, yards=[["Compass 1", "Compass 1", "Compass 1"], []], coins=[0, 0])
    assert s.result.details["breakdown"][0]["sets"] == 4


def test_2_5_tie_broken_by_more_open_machines():
    # seat 0: 5 coins (Compass 1 sold at 6 -> 6)... build equal totals
    s = finished(2, yards=[["Compass 2"], ["Lantern 1"]], coins=[0, 1],
                 hands=[["Compass 1"], ["Lantern 1"]])
    # both sold at 6: seat0 = 6 + 2 + 5 = 13; seat1 = 7 + 1 + 5 = 13; equal open count -> shared
    assert s.result.scores == (13, 13) and s.result.places == (1, 1)
    s = finished(2, yards=[["Compass 2", "Engine 1"], ["Lantern 1"]], coins=[0, 7],
                 hands=[["Compass 1"], ["Lantern 1"]])
    # seat0 = 6 + 3 + 5 = 14 with 2 open; seat1 = 13 + 1 = 14 with 1 open -> seat 0 wins
    assert s.result.scores == (14, 14) and s.result.places == (1, 2)


def test_2_5_no_clean_ledger_without_open_machines():
    s = finished(2, yards=[[], []], coins=[0, 0])
    assert [x["clean_ledger"] for x in s.result.details["breakdown"]] == [0, 0]


# -- settings (the playtest levers) --------------------------------------------------------

@pytest.mark.parametrize("settings, words", [
    ({"hold_limit": 0}, "hold_limit"),
    ({"hold_limit": "4"}, "hold_limit"),
    ({"sea_start": 11}, "below sea_claim"),
    ({"sea_start": 10}, "below sea_claim"),
    ({"sea_start": -1}, "sea_start"),
    ({"mode": "chaos"}, "mode"),
    ({"deck": {"hazards": {}}}, "hazard"),
    ({"deck": {"values": []}}, "values"),
    ({"deck": {"suits": 6}}, "suits"),
    ({"deck": {"jokers": 2}}, "unknown key"),
    ({"deck": "big"}, "mapping"),
    ({"table_watch": "yes"}, "table_watch"),
    ({"offices": ["Pope", "Harbourmaster", "Notary", "Broker"]}, "Unknown office"),
    ({"offices": ["Notary"]}, "one office name per seat"),
    ({"offices": 4}, "one office name per seat"),
    ({"offices": ["Notary", "Notary", "Broker", "Curator"]}, "no office twice"),
    ({"mode": "plain", "offices": ["Notary", "Broker", "Curator", "Lookout"]}, "only be chosen"),
    ({"max_rounds": 0}, "max_rounds"),
    ({"colour": "red"}, "Unknown setting"),
])
def test_settings_bad_values_raise_a_clear_error(settings, words):
    with pytest.raises(SettingsError, match=words):
        lopti_nb.new_game("drowned-ledger", seed=1, **settings)


def test_settings_levers_change_the_rules():
    s = plain(hold_limit=2, sea_start=5, sea_claim=6)
    assert s.sea == 5
    rig(s, wreck=["Compass 1", "Compass 2", "Compass 3"])
    s.apply(DIVE)
    s.apply(FLIP)
    assert len(s.hands[0]) == 2  # automatic surface at the lever's hold limit
    s = plain(deck={"suits": 2, "values": [1, 2], "hazards": {5: 3}})
    assert len(s.wreck) == 7 and s.machine_total == 4
    for seed in range(20):
        g = lopti_nb.new_game("drowned-ledger", seed=seed, players=3,
                              deck={"suits": 3, "values": [1, 2, 3], "hazards": {1: 1, 2: 2}},
                              sea_claim=6, hold_limit=2)
        lopti_nb.engine.play_out(g, [lopti_nb.engine.random_bot] * 3, __import__("random").Random(seed))
        assert g.is_over


def test_actions_read_well_and_normalise():
    assert str(Dive()) == "Dive" and str(FlipAgain()) == "Flip again" and str(Surface()) == "Surface"
    assert str(Sell("Compass 3")) == "Sell Compass 3"
    assert Open(["Lantern 2", "Compass 1"]) == Open((C("Compass 1"), C("Lantern 2")))
    assert str(Open(("Lantern 2", "Compass 1"))) == "Open Compass 1, Lantern 2"
    assert str(C("hazard 7")) == "Hazard 7" and C("Orrery 5").value == 5
    with pytest.raises(ValueError):
        Card.parse("Teapot 3")


def test_event_descriptions_are_sentences():
    s = lopti_nb.new_game("drowned-ledger", seed=5)
    lopti_nb.engine.play_out(s, [lopti_nb.engine.random_bot] * 4, __import__("random").Random(5))
    for text in s.describe_events():
        assert text and text[0].isupper() and text.rstrip()[-1] in ".!"
