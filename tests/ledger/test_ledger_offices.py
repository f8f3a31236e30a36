"""RULINGS 2.6: the twelve offices -- each duty (enforced, or caught by the table watch) and
each privilege."""
import random

import pytest

import lopti_nb
from lopti_nb.engine import play_out, random_bot
from lopti_nb.games.ledger import DIVE, FLIP, SURFACE, Card, LedgerState, Open, Sell
from lopti_nb.games.ledger.events import DutyCaught, GameEnded, Paid, RoundEnded
from lopti_nb.games.ledger.offices import OFFICE_NAMES, OFFICES, office_table
from lopti_nb.games.ledger.testing import cards, rig

C = Card.parse
OTHER = {"Curator": "Treasurer"}  # a second office for seat 1


def office_game(name, players=2, **kw):
    others = [o for o in OFFICE_NAMES if o != name]
    return LedgerState(players, 0, offices=[name] + others[: players - 1], **kw)


def finish_round(s):
    """Let the remaining seats of this round open or dive harmlessly until the round ends."""
    start = s.round
    while s.round == start and not s.is_over:
        legal = s.legal_actions()
        s.apply(SURFACE if SURFACE in legal else legal[0])


# -- the office deck ---------------------------------------------------------------------------

def test_2_6_twelve_offices_each_one_public_duty_and_one_privilege():
    assert len(OFFICES) == 12 and len(set(OFFICE_NAMES)) == 12
    for o in OFFICES:
        for text in (o.duty, o.privilege):
            assert "\n" not in text and text.endswith(".") and len(text) < 100
    assert list(office_table().columns) == ["office", "duty", "privilege"]


def test_2_6_each_player_is_dealt_one_office_face_up():
    s = lopti_nb.new_game("drowned-ledger", players=5, seed=11)
    assert len(set(s.offices)) == 5
    obs = s.observation(2)
    assert all(name in OFFICE_NAMES for name in obs["offices"])
    assert "Offices:" in s.describe_events()[0]


def test_2_6_plain_mode_deals_no_offices():
    s = lopti_nb.new_game("drowned-ledger", seed=1, mode="plain")
    assert s.offices == [None] * 4 and s.observation(0)["offices"] == (None,) * 4


def test_2_6_no_office_takes_a_turn_away_or_stops_the_game():
    # every seat always has a legal action, and every game ends, whatever offices are dealt
    for seed in range(150):
        n = 2 + seed % 4
        s = lopti_nb.new_game("drowned-ledger", players=n, seed=seed,
                              offices=[OFFICE_NAMES[(seed + 5 * i) % 12] for i in range(n)])
        rng = random.Random(seed)
        while not s.is_over:
            legal = s.legal_actions()
            assert legal
            s.apply(legal[rng.randrange(len(legal))])
        assert not s.result.stalemate


def test_2_6_duty_does_not_bind_when_the_turn_cannot_keep_it():
    s = office_game("Harbourmaster", hold_limit=3)
    rig(s, hands=[["Compass 1", "Compass 2", "Compass 3"], []])
    s.hands[0].clear()
    assert s.legal_actions() == [DIVE]  # empty hand: a dive, whatever the office says
    s = office_game("Lookout", hold_limit=3)
    rig(s, wreck=["Compass 1", "Compass 2", "Compass 3"])
    s.apply(DIVE)
    s.apply(FLIP)
    s.apply(FLIP)  # the hold is full at three: the surfacing is automatic
    assert s.seat == 1 and len(s.hands[0]) == 3
    # a duty that every available action would break does not bind at all
    s = office_game("Treasurer")
    rig(s, hands=[["Compass 1"], []])
    s._breaks[0] = lambda *args: True
    assert s.legal_actions() == s._candidates()
    assert s.why_illegal(Sell("Compass 1")) is None


# -- duties and privileges, office by office ---------------------------------------------

def test_2_6_harbourmaster_duty_no_dive_with_three_sealed():
    s = office_game("Harbourmaster")
    rig(s, hands=[["Compass 1", "Compass 2", "Compass 3"], []])
    assert DIVE not in s.legal_actions()
    assert "Harbourmaster" in s.why_illegal(DIVE)
    rig(s, hands=[["Compass 1", "Compass 2"], []])
    assert DIVE in s.legal_actions()


def test_2_6_harbourmaster_privilege_holds_five():
    s = office_game("Harbourmaster")
    rig(s, wreck=["Compass 1", "Compass 2", "Compass 3", "Compass 4", "Compass 5", "Lantern 1"])
    s.apply(DIVE)
    for _ in range(3):
        s.apply(FLIP)
    assert s.seat == 0 and len(s.haul) == 4
    s.apply(FLIP)
    assert len(s.hands[0]) == 5 and s.observation(0)["hold_limit"] == 5


def test_2_6_auditor_duty_open_whole_suits():
    s = office_game("Auditor")
    rig(s, hands=[["Compass 1", "Compass 2", "Engine 3"], []])
    assert "Auditor" in s.why_illegal(Open(("Compass 1",)))
    assert s.why_illegal(Open(("Compass 1", "Compass 2"))) is None
    assert s.why_illegal(Open(("Engine 3",))) is None
    assert Open(("Compass 1",)) not in s.legal_actions()


def test_2_6_auditor_privilege_two_coins_for_a_big_opening():
    s = office_game("Auditor")
    rig(s, hands=[["Compass 1", "Compass 2", "Engine 3"], []])
    s.apply(Open(("Compass 1", "Compass 2", "Engine 3")))
    assert s.coins[0] == 2


def test_2_6_broker_duty_sell_the_dearest_suit():
    s = office_game("Broker")
    rig(s, hands=[["Compass 1", "Lantern 1"], []], market=[6, 4, 6, 6, 6])
    assert "Broker" in s.why_illegal(Sell("Lantern 1"))
    assert s.why_illegal(Sell("Compass 1")) is None


def test_2_6_broker_privilege_one_more_coin_per_sale():
    s = office_game("Broker")
    rig(s, hands=[["Compass 1"], []])
    s.apply(Sell("Compass 1"))
    assert s.coins[0] == 7 and s.market[0] == 5


def test_2_6_smuggler_duty_no_selling_a_suit_you_show():
    s = office_game("Smuggler")
    rig(s, hands=[["Compass 1", "Lantern 1"], []], yards=[["Compass 2"], []])
    assert "Smuggler" in s.why_illegal(Sell("Compass 1"))
    assert s.why_illegal(Sell("Lantern 1")) is None


def test_2_6_smuggler_privilege_first_sale_each_round_is_quiet():
    s = office_game("Smuggler")
    rig(s, hands=[["Compass 1", "Lantern 1"], ["Engine 1"]])
    s.apply(Sell("Compass 1"))
    assert s.trigger == 0
    s.apply(Open(("Engine 1",)))
    assert s.sea == 3  # nothing triggered in round 1
    s.apply(Sell("Lantern 1"))
    assert s.trigger == 0  # a new round: a new quiet sale
    rig(s, hands=[["Compass 1", "Lantern 1"], ["Engine 1"]], seat=0)
    s.round_sales[0] = 1
    s.apply(Sell("Compass 1"))
    assert s.trigger == 1


def test_2_6_lamplighter_duty_no_surfacing_empty():
    s = office_game("Lamplighter")
    rig(s, wreck=["Hazard 9", "Compass 1"])
    s.apply(DIVE)
    assert s.legal_actions() == [FLIP]
    assert "Lamplighter" in s.why_illegal(SURFACE)
    s.apply(FLIP)
    assert SURFACE in s.legal_actions()


def test_2_6_lamplighter_duty_lapses_when_no_machine_is_left():
    s = LedgerState(2, 0, offices=["Lamplighter", "Notary"],
                    deck={"suits": 1, "values": [1], "hazards": {9: 3}})
    rig(s, wreck=["Hazard 9", "Hazard 9"], hands=[[], ["Compass 1"]])
    s.apply(DIVE)
    assert SURFACE in s.legal_actions()


def test_2_6_lamplighter_privilege_coin_per_near_miss():
    s = office_game("Lamplighter")
    rig(s, wreck=["Hazard 9", "Hazard 8", "Compass 1"], sea=3)
    s.apply(DIVE)
    s.apply(FLIP)
    assert s.coins[0] == 2


def test_2_6_bell_diver_duty_two_machines_before_surfacing():
    s = office_game("Bell Diver")
    rig(s, wreck=["Compass 1", "Compass 2", "Compass 3"])
    s.apply(DIVE)
    assert s.legal_actions() == [FLIP] and "Bell Diver" in s.why_illegal(SURFACE)
    s.apply(FLIP)
    assert s.legal_actions() == [FLIP, SURFACE]


def test_2_6_bell_diver_privilege_hazard_equal_to_the_sea_misses():
    s = office_game("Bell Diver")
    rig(s, wreck=["Hazard 3", "Hazard 2"], reckoning=["The Sea Takes It All"], sea=3)
    s.apply(DIVE)
    assert s.seat == 0 and s.phase == 1  # a near-miss for the Bell Diver
    s.apply(FLIP)
    assert s.seat == 1  # 2 is below the sea: caught


def test_2_6_lookout_duty_surface_at_three():
    s = office_game("Lookout")
    rig(s, wreck=["Compass 1", "Compass 2", "Compass 3", "Compass 4"])
    s.apply(DIVE)
    s.apply(FLIP)
    assert FLIP in s.legal_actions()
    s.apply(FLIP)
    assert s.legal_actions() == [SURFACE] and "Lookout" in s.why_illegal(FLIP)


def test_2_6_lookout_privilege_first_machine_is_spared():
    s = office_game("Lookout")
    rig(s, wreck=["Compass 1", "Hazard 1"], reckoning=["The Sea Takes It All"])
    s.apply(DIVE)
    s.apply(FLIP)
    assert s.hands[0] == [C("Compass 1")]
    s = office_game("Lookout")
    rig(s, wreck=["Compass 1", "Lantern 1", "Hazard 1"], reckoning=["Salvage Rights"])
    s.apply(DIVE)
    s.apply(FLIP)
    s.apply(FLIP)
    assert s.hands[0] == [C("Compass 1")] and s.coins[0] == 1  # paid for the one lost
    s = office_game("Lookout")
    rig(s, wreck=["Compass 1", "Lantern 1", "Hazard 1"], reckoning=["Cut the Line"])
    s.apply(DIVE)
    s.apply(FLIP)
    s.apply(FLIP)
    assert s.hands[0] == [C("Compass 1")]  # half of two is one: the first was safe anyway


def test_2_6_notary_duty_no_open_or_sell_twice_running():
    s = office_game("Notary")
    rig(s, hands=[["Compass 1", "Compass 2", "Compass 3"], ["Engine 1", "Engine 2"]])
    s.apply(Open(("Compass 1",)))
    s.apply(Open(("Engine 1",)))
    assert all(a.kind != "open" for a in s.legal_actions())
    assert "Notary" in s.why_illegal(Open(("Compass 2",)))
    assert s.why_illegal(Sell("Compass 2")) is None
    s.apply(Sell("Compass 2"))
    s.apply(Open(("Engine 2",)))
    assert all(a.kind != "sell" for a in s.legal_actions())
    assert s.why_illegal(Open(("Compass 3",))) is None
    s.last_kind[0] = "dive"
    assert DIVE in s.legal_actions()  # diving twice running is allowed


def test_2_6_notary_privilege_first_gift_each_round_is_two_coins():
    s = office_game("Notary", players=3)
    rig(s, hands=[["Engine 1"], ["Compass 1", "Compass 2"], ["Compass 4"]],
        yards=[["Compass 3"], [], []], seat=1)
    s.apply(Open(("Compass 1", "Compass 2")))
    assert s.coins[0] == 3  # 2 for the first gift of the round, 1 for the second
    s.apply(Open(("Compass 4",)))
    assert s.coins[0] == 4
    s.apply(Open(("Engine 1",)))  # round 2 begins
    rig(s, hands=[["Engine 1"], ["Compass 1"], []], seat=1)
    s.apply(Open(("Compass 1",)))
    assert s.coins[0] == 6


def test_2_6_curator_duty_open_at_least_two():
    s = office_game("Curator")
    rig(s, hands=[["Compass 1", "Lantern 2"], []])
    assert "Curator" in s.why_illegal(Open(("Compass 1",)))
    assert s.why_illegal(Open(("Compass 1", "Lantern 2"))) is None
    rig(s, hands=[["Compass 1"], []])
    assert s.why_illegal(Open(("Compass 1",))) is None


def test_2_6_curator_privilege_sets_score_six():
    s = office_game("Curator", sea_start=9)
    rig(s, yards=[["Compass 1"] * 3, ["Lantern 1"] * 3], hands=[["Engine 1"], ["Engine 2"]])
    s.apply(Sell("Engine 1"))
    s.apply(Sell("Engine 2"))
    b = s.result.details["breakdown"]
    assert b[0]["sets"] == 6 and b[1]["sets"] == 4


def test_2_6_treasurer_duty_never_sell_the_last_card():
    s = office_game("Treasurer")
    rig(s, hands=[["Compass 1"], []])
    assert "Treasurer" in s.why_illegal(Sell("Compass 1"))
    rig(s, hands=[["Compass 1", "Compass 2"], []])
    assert s.why_illegal(Sell("Compass 1")) is None


def test_2_6_treasurer_privilege_sealed_cards_score_one():
    s = office_game("Treasurer", sea_start=9)
    rig(s, hands=[["Compass 1", "Compass 2", "Engine 3"], ["Engine 2"]])
    s.apply(Sell("Engine 3"))
    s.apply(Sell("Engine 2"))
    assert s.result.details["breakdown"][0]["sealed"] == 2


def test_2_6_chronicler_duty_publish_an_unshown_suit():
    s = office_game("Chronicler")
    rig(s, hands=[["Compass 1", "Lantern 1"], []], yards=[[], ["Compass 2"]])
    assert "Chronicler" in s.why_illegal(Open(("Compass 1",)))
    assert s.why_illegal(Open(("Lantern 1",))) is None
    assert s.why_illegal(Open(("Compass 1", "Lantern 1"))) is None


def test_2_6_chronicler_privilege_coin_per_first_published_card():
    s = office_game("Chronicler")
    rig(s, hands=[["Compass 1", "Lantern 1", "Lantern 2"], []], yards=[[], ["Compass 2"]])
    s.apply(Open(("Compass 1", "Lantern 1", "Lantern 2")))
    assert s.coins == [2, 1]


def test_2_6_market_warden_duty_no_selling_at_the_floor():
    s = office_game("Market Warden")
    rig(s, hands=[["Compass 1", "Lantern 1"], []], market=[3, 5, 6, 6, 6])
    assert "Market Warden" in s.why_illegal(Sell("Compass 1"))
    assert s.why_illegal(Sell("Lantern 1")) is None


def test_2_6_market_warden_privilege_price_holds():
    s = office_game("Market Warden")
    rig(s, hands=[["Compass 1"], []])
    s.apply(Sell("Compass 1"))
    assert s.coins[0] == 6 and s.market[0] == 6


# -- the table watch ---------------------------------------------------------------------------

def test_2_6_table_watch_catches_undoes_and_suspends_the_privilege_a_full_round():
    s = office_game("Harbourmaster", table_watch=True)
    rig(s, hands=[["Compass 1", "Compass 2", "Compass 3"], ["Engine 1"]],
        wreck=["Lantern 1", "Lantern 2"])
    assert DIVE in s.legal_actions()
    assert s.observation(0)["watched"] == (DIVE,)
    wreck, hands = s.wreck[:], [h[:] for h in s.hands]
    s.apply(DIVE)  # the table lets it happen, then catches it
    assert isinstance(s.events[-1], DutyCaught)
    assert "Lantern 1" in " ".join(s.describe_events())  # what was seen stays seen
    assert s.wreck == wreck and s.hands == hands and s.seat == 0 and s.phase == 0
    assert s.grants(0).hold_bonus == 0 and s.observation(1)["privilege_active"] == (False, True)
    assert DIVE not in s.legal_actions()  # the redo keeps the duty
    s.apply(Open(("Compass 1",)))
    s.apply(Open(("Engine 1",)))
    assert s.round == 2 and s.grants(0).hold_bonus == 0  # still suspended in the next round
    finish_round(s)
    assert s.round == 3 and s.grants(0).hold_bonus == 1


def test_2_6_table_watch_undo_returns_coins_and_cards():
    s = office_game("Market Warden", table_watch=True)
    rig(s, hands=[["Compass 1", "Lantern 1"], ["Lantern 2"]], market=[3, 5, 6, 6, 6])
    s.apply(Sell("Compass 1"))
    caught = s.events[-1]
    assert isinstance(caught, DutyCaught) and caught.coins_returned == (3, 0)
    # the Sold, Paid and SeaRose events just before it were undone, the sea's move with them
    assert caught.undone == 3
    assert s.coins == [0, 0] and s.market == [3, 5, 6, 6, 6] and s.trigger == 0 and s.sea == 3
    assert sorted(s.hands[0]) == cards(["Compass 1", "Lantern 1"])
    paid = sum(e.coins for e in s.events if isinstance(e, Paid))
    assert paid - sum(caught.coins_returned) == sum(s.coins)


def random_table_watch_game(seed, players=4):
    """A table-watch game played by picking uniformly among the legal actions."""
    s = lopti_nb.new_game("drowned-ledger", players=players, seed=seed, table_watch=True)
    rng = random.Random(seed)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_2_6_table_watch_undoing_the_action_that_ended_the_game_leaves_one_game_end():
    # Seed 32: a caught action closes the last round (the sea stands at the claim); it is
    # undone, the game goes on and ends later. (Seeds 98 and 23 showed it under older rules.)
    s = random_table_watch_game(32)
    ends = [i for i, e in enumerate(s.events) if isinstance(e, GameEnded)]
    assert ends == [len(s.events) - 1]
    assert s.events[-1].scores == s.result.scores
    caught = [i for i, e in enumerate(s.events) if isinstance(e, DutyCaught)]
    # the undone events of the catch that had ended the game: its round end, no game end
    undone_ends = [i for i in caught
                   if any(isinstance(e, RoundEnded) and e.sea >= s.sea_claim
                          for e in s.events[i - s.events[i].undone:i])]
    assert undone_ends


def test_2_6_table_watch_games_end_exactly_once():
    for seed in range(150):
        s = random_table_watch_game(seed, players=2 + seed % 4)
        kinds = [type(e) for e in s.events]
        assert kinds.count(GameEnded) == 1 and kinds[-1] is GameEnded, seed


def test_2_6_table_watch_games_end_and_bots_avoid_being_caught():
    for seed in range(60):
        s = lopti_nb.new_game("drowned-ledger", players=4, seed=seed, table_watch=True)
        bots = [lopti_nb.engine.get_spec("ledger").make_bot("mix")] * 4
        play_out(s, bots, random.Random(seed))
        assert s.is_over
        assert not any(isinstance(e, DutyCaught) for e in s.events)
    caught = 0
    for seed in range(60):
        s = lopti_nb.new_game("drowned-ledger", players=4, seed=seed, table_watch=True)
        play_out(s, [random_bot] * 4, random.Random(seed))
        caught += sum(isinstance(e, DutyCaught) for e in s.events)
        assert s.is_over
    assert caught > 0


def test_2_6_a_suspension_of_one_full_round_is_over_at_the_final_count():
    # A Curator caught in round 1 of a two-round game: suspended for the rest of round 1 and
    # all of round 2; once round 2 has ended the privilege counts again (set worth 6, not 4).
    s = office_game("Curator", table_watch=True, sea_start=8)
    rig(s, hands=[["Compass 1", "Compass 2"], ["Lantern 1", "Lantern 2"]], yards=[["Compass 3"], []],
        wreck=["Hazard 1"], reckoning=["The Water Holds"])
    s.apply(Open(("Compass 1",)))  # breaks the duty: caught, undone
    assert isinstance(s.events[-1], DutyCaught) and s.events[-1].suspended_through == 2
    s.apply(Open(("Compass 1", "Compass 2")))
    s.apply(Sell("Lantern 1"))  # round 1's first trigger: the sea stands at 9
    assert s.round == 2 and s.grants(0).set_bonus == 4  # still suspended in round 2
    s.apply(DIVE)  # caught by Hazard 1, The Water Holds
    s.apply(Sell("Lantern 2"))  # the sea reaches the claim; the round is complete
    assert s.is_over and s.round == 2
    assert s.result.details["breakdown"][0]["sets"] == 6
    assert s.observation(1)["privilege_active"] == (True, True)
