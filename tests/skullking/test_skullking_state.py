"""The Skull King engine state: RULINGS §3 clauses as they play out in a game, the engine
contract (illegal actions, observations, events, copy, results) and the settings."""
import random

import pytest

import lopti_nb
from lopti_nb.engine import IllegalAction, SettingsError, get_spec, play_out, random_bot
from lopti_nb.games.skullking import (
    Bid, BidMade, BidsRevealed, CardPlayed, GameOver, Play, RoundDealt, RoundScored,
    SkullKingState, TrickDestroyed, TrickWon,
)


def new(players=4, seed=1, **settings):
    return lopti_nb.new_game("skull-king", players=players, seed=seed, **settings)


def finish(state, seed=0):
    play_out(state, [random_bot] * state.num_players, random.Random(seed))
    return state


def rig(hands, bids, seed=1, **settings):
    """A game whose first round deals ``hands`` and in which everyone has bid ``bids``."""
    st = new(players=len(hands), seed=seed, **settings)
    st.set_hands(hands)
    for b in bids:  # seat 0 bids first in round 1
        st.apply(Bid(b))
    return st


def play(st, *cards):
    for c in cards:
        st.apply(Play(c))
    return st


def snapshot(st):
    return (
        st.rng.getstate(), [list(h) for h in st.hands], list(st.bids), list(st.won),
        list(st.totals), st.trick, st.led, st.leader, st.phase, st.round, st.current_player,
        len(st.events), len(st.actions), [st.observation(s) for s in range(st.num_players)],
        st.legal_actions(), list(st.records),
    )


# -- registration and settings ---------------------------------------------------------------------
def test_registered_with_the_engine():
    spec = get_spec("Skull King")
    assert spec.name == "skull-king" and spec.state_class is SkullKingState
    assert (spec.min_players, spec.max_players, spec.default_players) == (2, 8, 4)
    assert spec.default_bot == "heuristic" and {"random", "heuristic"} <= set(spec.bots)
    assert spec.settings == {"scoring": "classic", "edition": "table", "legendary": True}


@pytest.mark.parametrize("kwargs", [
    {"players": 1}, {"players": 9}, {"scoring": "poker"}, {"edition": "2019"},
    {"legendary": "yes"}, {"colour": "red"},
])
def test_bad_settings_raise_settings_error(kwargs):
    with pytest.raises(SettingsError):
        lopti_nb.new_game("skull-king", **kwargs)


# -- 3 the deck ------------------------------------------------------------------------------------
def test_3_legendary_setting_drops_loot_kraken_and_whale():
    assert len(new().deck) == 74
    st = new(legendary=False)
    assert len(st.deck) == 70
    finish(st)
    played = {e.card for e in st.events if isinstance(e, CardPlayed)}
    assert not played & {"loot", "kraken", "white-whale"}


# -- 3.1 dealing and leading -----------------------------------------------------------------------
def dealt_sizes(st):
    return [e.cards_each for e in st.events if isinstance(e, RoundDealt)]


def test_3_1_ten_rounds_round_n_deals_n_cards():
    st = finish(new(players=4))
    assert dealt_sizes(st) == list(range(1, 11))
    assert st.result is not None and st.round == 10


@pytest.mark.parametrize("rounds", [1, 3, 10])
def test_3_1_a_game_set_to_end_after_round_n_scores_it_and_deals_no_more(rounds):
    """A teaching game (the guided rounds) may be shortened: its last round is scored and the
    game ends, with no further deal."""
    st = new(players=3, seed=4)
    st.end_after(rounds)
    assert st.observation(0)["rounds"] == rounds
    finish(st)
    assert dealt_sizes(st) == list(range(1, rounds + 1))
    assert [type(e) for e in st.events[-2:]] == [RoundScored, GameOver]
    assert st.is_over and st.round == rounds and len(st.records) == 3 * rounds


@pytest.mark.parametrize("rounds", [0, 11, -1, 2.0, True, "5", None])
def test_3_1_a_game_length_out_of_range_is_refused_and_nothing_changes(rounds):
    st = new(players=3)
    with pytest.raises(SettingsError):
        st.end_after(rounds)
    assert st.rounds == list(range(1, 11))


def test_3_1_a_game_length_is_set_only_before_the_first_bid():
    st = new(players=3)
    st.apply(Bid(0))
    with pytest.raises(SettingsError, match="before its first bid"):
        st.end_after(2)
    assert len(st.rounds) == 10


@pytest.mark.parametrize("players,legendary,last", [(8, True, 9), (8, False, 8), (7, True, 10),
                                                    (7, False, 10), (6, True, 10)])
def test_3_1_deal_is_capped_at_deck_size_over_players(players, legendary, last):
    st = finish(new(players=players, legendary=legendary))
    sizes = dealt_sizes(st)
    assert sizes == [min(r, last) for r in range(1, 11)]


def test_3_1_eight_players_rounds_nine_and_ten_deal_nine():
    assert dealt_sizes(finish(new(players=8)))[-2:] == [9, 9]


def test_3_1_all_cards_reshuffled_every_round():
    st = finish(new(players=5, seed=3))
    deals = [e.hands for e in st.events if isinstance(e, RoundDealt)]
    firsts = set()
    for hands in deals:
        cards = [c for h in hands for c in h]
        for c in set(cards):
            assert cards.count(c) <= st.deck.count(c)
        firsts.add(hands[0][0])
    assert len(firsts) > 1  # not the same deal each round


def test_3_1_bids_range_from_zero_to_cards_dealt():
    st = new()
    assert st.legal_actions() == [Bid(0), Bid(1)]
    assert st.why_illegal(Bid(2)) == ("a bid must be between 0 and 1, the number of cards dealt "
                                      "this round")
    assert "whole number" in st.why_illegal(Bid("1"))


def test_3_1_bids_are_secret_until_all_are_in_then_revealed_together():
    st = new(players=3)
    st.apply(Bid(1))
    st.apply(Bid(0))
    for seat in (None, 0, 1, 2):
        obs = st.observation(seat)
        assert obs["bids"] == (None, None, None)
        assert obs["has_bid"] == (True, True, False)
        assert obs["phase"] == "bid"
    assert st.observation(0)["my_bid"] == 1 and st.observation(2)["my_bid"] is None
    bid_events = [e for e in st.events if isinstance(e, BidMade)]
    assert len(bid_events) == 2
    assert set(BidMade.__dataclass_fields__) == {"round", "seat"}  # no number inside
    assert [e.describe() for e in bid_events] == ["Seat 1 has made a secret bid.",
                                                  "Seat 2 has made a secret bid."]
    assert not any(isinstance(e, BidsRevealed) for e in st.events)
    new_events = st.apply(Bid(1))
    assert isinstance(new_events[-1], BidsRevealed) and new_events[-1].bids == (1, 0, 1)
    assert st.observation(None)["bids"] == (1, 0, 1)
    assert new_events[-1].describe() == "Bids revealed for round 1: Seat 1 1, Seat 2 0, Seat 3 1."


def test_3_1_bids_are_made_at_once_every_seat_still_to_bid_may_bid():
    """While the bids are taken every seat that has not bid is in ``to_act`` (counted from
    the left of the dealer, so ``current_player`` comes first) and has the bids to choose
    from; a seat that has bid has nothing to do until the reveal."""
    st = new(players=4, seed=2)
    assert st.to_act == (0, 1, 2, 3) and st.current_player == 0
    for seat in range(4):
        assert st.legal_actions(seat) == [Bid(0), Bid(1)]
        assert st.why_illegal(Bid(1), seat) is None
    st.apply(Bid(1), 2)
    assert st.to_act == (0, 1, 3) and st.current_player == 0
    assert st.legal_actions(2) == []
    assert st.why_illegal(Bid(0), 2) == "Seat 3 has already bid this round"  # index 2, counted from 1
    st.apply(Bid(0), 0)  # the first seat left of the dealer: the next still to bid is asked
    assert st.to_act == (1, 3) and st.current_player == 1
    finish_round(st)
    # round 2: dealer 0, so seat 1 is asked first and the order wraps round to seat 0
    assert st.to_act == (1, 2, 3, 0) and st.current_player == 1
    st.apply(Bid(2), 0)
    st.apply(Bid(2), 1)
    assert st.to_act == (2, 3) and st.current_player == 2


def test_3_1_a_seat_that_has_bid_or_is_not_asked_is_refused_and_nothing_changes():
    st = new(players=3, seed=4)
    st.apply(Bid(1), 1)
    before = snapshot(st)
    with pytest.raises(IllegalAction, match="It is not Seat 2's turn: Seat 1 and Seat 3 are to act"):
        st.apply(Bid(0), 1)
    with pytest.raises(IllegalAction, match="between 0 and 1"):
        st.apply(Bid(3), 2)
    with pytest.raises(IllegalAction, match="everyone bids before"):
        st.apply(Play(st.hands[2][0]), 2)
    assert snapshot(st) == before
    st.apply(Bid(0), 0)
    st.apply(Bid(0), 2)
    assert st.phase == "play" and st.to_act == (0,)
    with pytest.raises(IllegalAction, match="It is not Seat 2's turn: Seat 1 is to act"):
        st.apply(Play(st.hands[1][0]), 1)
    assert st.why_illegal(Play(st.hands[1][0]), 1) == "it is Seat 1's turn to play, not Seat 2's"
    assert st.legal_actions(1) == [] and st.legal_actions(0) == st.legal_actions()


def bid_round(st, bids, order):
    """Every seat bids its entry of ``bids``, the seats taken in ``order``."""
    for seat in order:
        st.apply(Bid(bids[seat]), seat)
    return st


@pytest.mark.parametrize("players", [2, 4, 7])
def test_3_1_bids_in_reverse_seat_order_give_the_same_round_as_in_seat_order(players):
    """The same bids taken in seat order and in reverse seat order (and the same cards played
    after them): the same reveal, the same tricks, the same scores, round after round. Only
    the order of the 'has made a secret bid' lines differs."""
    forward, backward = new(players=players, seed=9), new(players=players, seed=9)
    rng = random.Random(players)
    for _ in range(10):
        bids = [rng.randint(0, forward.cards_dealt) for _ in range(players)]
        bid_round(forward, bids, range(players))
        bid_round(backward, bids, reversed(range(players)))
        assert forward.events[-1] == backward.events[-1] == BidsRevealed(forward.round, tuple(bids))
        assert forward.current_player == backward.current_player == forward.leader
        assert forward.observation(None) == backward.observation(None)
        while forward.phase == "play" and not forward.is_over:
            rnd = forward.round
            action = rng.choice(forward.legal_actions())
            forward.apply(action)
            backward.apply(action)
            if forward.round != rnd:
                break
    assert forward.is_over and backward.is_over
    assert forward.result == backward.result

    def without_bids(st):
        return [e for e in st.events if not isinstance(e, BidMade)]
    assert without_bids(forward) == without_bids(backward)
    assert sorted(map(repr, forward.events)) == sorted(map(repr, backward.events))
    # both records replay; the reverse one lists the bids not made by current_player
    assert "off_turn" in backward.record()
    assert lopti_nb.load(backward.record()).events == backward.events
    assert lopti_nb.load(forward.record()).events == forward.events


def test_3_1_no_seat_sees_a_bid_before_the_reveal_even_when_its_own_came_later():
    """Seat 2 bids first, seat 0 last: before the reveal no observation and no event as any
    seat sees it holds another seat's number (each seat knows only its own)."""
    st = new(players=3, seed=6)
    st.set_hands([["Y1"], ["P2"], ["G3"]])
    bid_round(st, [0, 1, 1], [2, 1])
    for seat in (None, 0, 1, 2):
        obs = st.observation(seat)
        assert obs["bids"] == (None, None, None) and obs["phase"] == "bid"
        assert obs["my_bid"] == (None if seat in (None, 0) else 1)
        text = " ".join(st.describe_events(seat))
        assert "Bids revealed" not in text and "bid 1" not in text
        assert all(set(vars(e)) == {"round", "seat"} for e in st.events if isinstance(e, BidMade))
    assert [e.seat for e in st.events if isinstance(e, BidMade)] == [2, 1]
    st.apply(Bid(0), 0)
    assert st.events[-1] == BidsRevealed(1, (0, 1, 1))
    assert st.observation(2)["bids"] == (0, 1, 1)


def test_3_1_deal_passes_left_each_round():
    st = finish(new(players=4))
    assert [e.dealer for e in st.events if isinstance(e, RoundDealt)] == [3, 0, 1, 2, 3, 0, 1,
                                                                           2, 3, 0]


def test_3_1_player_left_of_dealer_bids_and_leads_first():
    st = new(players=4, seed=5)
    for _ in range(4):
        st.apply(Bid(0))
    assert st.current_player == 0  # round 1: dealer 3, seat 0 leads
    finish_round(st)
    assert st.round == 2 and st.dealer == 0 and st.current_player == 1
    for _ in range(4):
        st.apply(Bid(0))
    assert st.current_player == 1 and st.observation(None)["leader"] == 1


def finish_round(st):
    rnd = st.round
    rng = random.Random(0)
    while st.round == rnd and not st.is_over:
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])


def test_3_1_winner_of_a_trick_leads_the_next():
    st = rig([["Y3", "Y4"], ["Y9", "P2"], ["G1", "G2"]], [0, 0, 0])
    play(st, "Y3", "Y9", "G1")
    assert st.current_player == 1 and st.leader == 1
    assert isinstance(st.events[-1], TrickWon) and st.events[-1].seat == 1


# -- 3.2 following suit in a game ------------------------------------------------------------------
def test_3_2_must_follow_with_a_readable_reason():
    st = rig([["Y10", "P1"], ["Y3", "B14"], ["P2", "escape"]], [1, 0, 0])
    play(st, "Y10")
    assert st.legal_actions() == [Play("Y3")]
    assert st.why_illegal(Play("B14")) == "you must follow yellow or play a special card: you hold yellow 3"
    with pytest.raises(IllegalAction, match="you must follow yellow or play a special card: you hold yellow 3"):
        st.apply(Play("B14"))
    play(st, "Y3")
    assert st.legal_actions() == [Play("P2"), Play("escape")]  # void: anything


def test_3_2_specials_may_always_be_played():
    st = rig([["Y10", "P1"], ["Y3", "pirate"], ["P2", "escape"]], [1, 0, 0])
    play(st, "Y10")
    assert st.why_illegal(Play("pirate")) is None


def test_3_2_escape_lead_then_number_sets_the_suit_in_a_game():
    st = rig([["escape", "P1"], ["P3", "B14"], ["P2", "G1"]], [0, 0, 0])
    play(st, "escape")
    assert st.observation(1)["led_suit"] is None
    play(st, "P3")
    assert st.observation(2)["led_suit"] == "P"
    assert st.legal_actions() == [Play("P2")]


def test_3_2_pirate_lead_makes_the_trick_suit_free_in_a_game():
    st = rig([["pirate", "P1"], ["P3", "B14"], ["P2", "G1"]], [0, 0, 0])
    play(st, "pirate", "B14")
    obs = st.observation(2)
    assert obs["suit_free"] and obs["led_suit"] is None
    assert st.legal_actions() == [Play("P2"), Play("G1")]


def test_3_2_escape_then_pirate_makes_the_trick_suit_free_in_a_game():
    st = rig([["escape", "P1"], ["pirate", "B14"], ["P2", "G1"]], [0, 0, 0])
    play(st, "escape", "pirate")
    obs = st.observation(2)
    assert obs["suit_free"] and obs["led_suit"] is None
    assert st.describe_suit() == "this trick is suit-free"
    assert st.legal_actions() == [Play("P2"), Play("G1")]
    assert st.why_illegal(Play("G1")) is None


@pytest.mark.parametrize("lead", ["loot", "tigress:escape"])
def test_3_2_loot_or_tigress_escape_lead_then_mermaid_frees_the_trick_in_a_game(lead):
    held = "tigress" if lead.startswith("tigress") else lead
    st = rig([[held, "P1"], ["mermaid", "Y3"], ["Y2", "escape"], ["Y4", "G1"]], [0, 0, 0, 0])
    play(st, lead, "mermaid", "Y2")
    # Seat 3 holds yellow, but the Mermaid (the first card after the escape-like lead) freed
    # the trick, so the yellow 2 set no suit.
    obs = st.observation(3)
    assert obs["suit_free"] and obs["led_suit"] is None
    assert st.legal_actions() == [Play("Y4"), Play("G1")]


def test_3_2_two_escapes_pass_the_setting_on_in_a_game():
    st = rig([["escape", "P1"], ["loot", "B14"], ["P3", "G1"], ["P2", "G2"]], [0, 0, 0, 0])
    play(st, "escape", "loot")
    assert not st.observation(2)["suit_free"]
    play(st, "P3")
    assert st.observation(3)["led_suit"] == "P"
    assert st.legal_actions() == [Play("P2")]


def test_3_2_whale_after_a_suit_is_set_does_not_release_in_a_game():
    st = rig([["P9", "P1"], ["white-whale", "B14"], ["P2", "G1"]], [0, 0, 0])
    play(st, "P9", "white-whale")
    assert st.legal_actions() == [Play("P2")]


def test_3_2_tigress_is_two_distinct_legal_actions():
    st = rig([["tigress", "Y1"], ["Y3", "B14"]], [0, 0])
    legal = st.legal_actions()
    assert Play("tigress:pirate") in legal and Play("tigress:escape") in legal
    assert Play("tigress") not in legal
    assert "declare" in st.why_illegal(Play("tigress"))
    play(st, "tigress:escape")
    assert st.hands[0] == ["Y1"]
    assert st.observation(1)["trick"] == ("tigress:escape",)


# -- 3.3 trick resolution in a game --------------------------------------------------------------
def test_3_3_kraken_in_a_game_destroys_and_would_be_winner_leads():
    st = rig([["Y3", "Y4"], ["kraken", "P2"], ["Y9", "G1"]], [0, 0, 0])
    play(st, "Y3", "kraken", "Y9")
    ev = st.events[-1]
    assert isinstance(ev, TrickDestroyed) and ev.by == "kraken" and ev.next_leader == 2
    assert st.current_player == 2 and st.won == [0, 0, 0]
    assert ev.describe() == "The Kraken destroys trick 1; Seat 3 leads next."


def test_3_3_whale_without_numbers_destroys_and_its_player_leads_in_a_game():
    st = rig([["pirate", "Y4"], ["escape", "P2"], ["white-whale", "G1"]], [0, 0, 0])
    play(st, "pirate", "escape", "white-whale")
    ev = st.events[-1]
    assert isinstance(ev, TrickDestroyed) and ev.by == "white-whale" and ev.next_leader == 2


def test_3_3_tricks_won_equal_cards_dealt_minus_destroyed():
    st = rig([["Y3", "Y4"], ["kraken", "P2"], ["Y9", "G1"]], [0, 0, 0])
    play(st, "Y3", "kraken", "Y9", "G1", "Y4", "P2")
    rec = [r for r in st.records if r["round"] == 1]
    assert sum(r["won"] for r in rec) == 1 and rec[0]["destroyed"] == 1


# -- 3.4 scoring systems in a game -----------------------------------------------------------------
@pytest.mark.parametrize("scoring,points", [("classic", (20, 10, -10)), ("rascal", (10, 10, 5)),
                                            ("cannonball", (15, 15, 0))])
def test_3_4_the_game_setting_chooses_the_scoring_system(scoring, points):
    # seat 0 bids 1 and wins, seat 1 bids 0 and loses, seat 2 bids 1 and loses
    st = rig([["Y9"], ["Y3"], ["P2"]], [1, 0, 1], scoring=scoring)
    play(st, "Y9", "Y3", "P2")
    ev = [e for e in st.events if isinstance(e, RoundScored)][0]
    assert ev.points == points
    assert st.totals == list(points)


# -- 3.5 bonuses and loot in a game ----------------------------------------------------------------
def test_3_5_bonus_paid_only_with_an_exact_bid():
    st = rig([["pirate"], ["skull-king"], ["Y14"]], [0, 1, 0])
    play(st, "pirate", "skull-king", "Y14")
    r1 = {rec["seat"]: rec for rec in st.records}[1]
    assert (r1["base"], r1["bonus"], r1["raw_bonus"], r1["points"]) == (20, 40, 40, 60)
    st = rig([["pirate"], ["skull-king"], ["Y14"]], [0, 0, 0])
    play(st, "pirate", "skull-king", "Y14")
    r1 = {rec["seat"]: rec for rec in st.records}[1]
    assert (r1["bonus"], r1["points"]) == (0, -10)


def test_3_5_in_a_game_a_pirate_played_after_the_king_earns_him_nothing():
    st = rig([["skull-king"], ["pirate"], ["Y14"]], [1, 0, 0])
    play(st, "skull-king", "pirate", "Y14")
    r0 = {rec["seat"]: rec for rec in st.records}[0]
    assert (r0["raw_bonus"], r0["points"]) == (10, 30)
    st = rig([["skull-king"], ["pirate"], ["Y14"]], [1, 0, 0], edition="2021")
    play(st, "skull-king", "pirate", "Y14")
    r0 = {rec["seat"]: rec for rec in st.records}[0]
    assert (r0["raw_bonus"], r0["points"]) == (40, 60)


def test_3_5_rascal_off_by_one_halves_the_bonus():
    st = rig([["pirate", "Y2"], ["skull-king", "Y1"], ["P4", "P5"]], [0, 2, 0], scoring="rascal")
    play(st, "pirate", "skull-king", "P4", "Y1", "P5", "Y2")
    r1 = {rec["seat"]: rec for rec in st.records}[1]
    assert (r1["won"], r1["base"], r1["bonus"], r1["points"]) == (1, 10, 15, 25)


def test_3_5_loot_alliance_paid_at_round_end_when_both_bid_exactly():
    st = rig([["loot", "Y1"], ["Y9", "Y8"], ["Y5", "Y3"]], [0, 2, 0])
    play(st, "loot", "Y9", "Y5")
    ev = st.events[-1]
    assert isinstance(ev, TrickWon) and ev.loot_allies == (0,)
    assert "Seat 1's Loot allies them with Seat 2" in ev.describe()
    assert st.totals == [0, 0, 0]  # paid at the end of the round
    play(st, "Y8", "Y3", "Y1")  # seat 1 leads, wins again
    r = {rec["seat"]: rec for rec in st.records}
    assert r[0]["loot"] == 20 and r[1]["loot"] == 20 and r[2]["loot"] == 0
    assert r[0]["points"] == 20 + 20 and r[1]["points"] == 40 + 20


def test_3_5_loot_alliance_lost_when_a_partner_misses():
    st = rig([["loot", "Y1"], ["Y9", "Y8"], ["Y5", "Y3"]], [0, 1, 0])
    play(st, "loot", "Y9", "Y5", "Y8", "Y3", "Y1")
    assert [r["loot"] for r in st.records] == [0, 0, 0]


def test_3_5_destroyed_trick_makes_no_alliance():
    st = rig([["loot", "Y1"], ["kraken", "Y2"], ["Y5", "Y3"]], [0, 0, 1])
    play(st, "loot", "kraken", "Y5")
    assert isinstance(st.events[-1], TrickDestroyed)
    assert st.allies == []


def test_3_5_edition_2021_bonuses_in_a_game():
    st = rig([["skull-king"], ["mermaid"], ["Y3"]], [0, 1, 0], edition="2021")
    play(st, "skull-king", "mermaid", "Y3")
    assert st.records[1]["bonus"] == 40


# -- the engine contract ---------------------------------------------------------------------------
def test_illegal_actions_raise_and_leave_the_state_identical():
    st = rig([["Y10", "P1", "tigress"], ["Y3", "B14", "escape"], ["P2", "escape", "G4"]],
             [1, 0, 0])
    play(st, "Y10")
    before = snapshot(st)
    bad = [Play("B14"), Play("G4"), Play("Y11"), Play("tigress"), Play("nonsense"), Play(3),
           Bid(0), "Y3", None, 7]
    for action in bad:
        assert st.why_illegal(action)
        with pytest.raises(IllegalAction):
            st.apply(action)
        assert snapshot(st) == before


def test_reasons_for_every_kind_of_illegal_action():
    st = new(players=3)
    assert st.why_illegal(Play("Y1")) == "everyone bids before the first card is played"
    assert "not a Skull King action" in st.why_illegal("bid 1")
    st = rig([["Y10"], ["Y3"], ["P2"]], [1, 0, 0])
    assert st.why_illegal(Bid(1)) == "the bids are in: it is time to play a card"
    assert st.why_illegal(Play("Y11")) == "you do not hold yellow 11"
    assert st.why_illegal(Play("tigress:pirate")) == "you do not hold the Tigress"
    assert "not a Skull King card" in st.why_illegal(Play("Q7"))
    finish(st)
    assert st.why_illegal(Bid(0)) == "the game is over"
    with pytest.raises(IllegalAction, match="the game is over"):
        st.apply(Bid(0))
    assert st.legal_actions() == [] and st.current_player is None and st.is_over


def test_actions_are_small_readable_values():
    assert str(Bid(3)) == "bid 3"
    assert str(Play("Y7")) == "play yellow 7"
    assert str(Play("tigress:escape")) == "play the Tigress as an escape"
    assert Play("Y7") == Play("Y7") and hash(Bid(2)) == hash(Bid(2))
    with pytest.raises(Exception):
        Play("Y7").card = "Y8"


def test_observation_hides_other_hands_and_spectators_see_none():
    st = new(players=4, seed=9)
    for s in range(4):
        obs = st.observation(s)
        assert obs["hand"] == tuple(st.hands[s]) and obs["seat"] == s
        others = [c for o in range(4) if o != s for c in st.hands[o]]
        assert all(v is not None or k in ("led_suit", "my_bid") for k, v in obs.items())
        text = repr({k: v for k, v in obs.items() if k != "hand"})
        assert not any(f"'{c}'" in text for c in others if c not in obs["hand"])
    spec = st.observation(None)
    assert spec["hand"] is None and spec["my_bid"] is None
    assert "deck" not in spec and "hands" not in spec


def test_observation_is_plain_data_and_independent():
    st = new()
    obs = st.observation(0)
    obs["settings"]["scoring"] = "rascal"
    obs["trick"] = ("Y1",)
    assert st.settings["scoring"] == "classic" and st.observation(0)["trick"] == ()


def test_round_dealt_event_hides_other_hands():
    st = new(players=3, seed=4)
    ev = st.events[0]
    assert isinstance(ev, RoundDealt)
    mine = ev.for_seat(1)
    assert mine.hands[1] == tuple(st.hands[1]) and mine.hands[0] is None
    assert ev.for_seat(None).hands is None
    assert "holds" not in ev.for_seat(None).describe()
    assert st.describe_events(seat=2)[0].count("holds") == 1


def test_copy_is_independent_and_replays_identically():
    st = new(players=5, seed=11)
    rng = random.Random(3)
    for _ in range(30):
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    twin = st.copy()
    assert snapshot(twin) == snapshot(st)
    finish(twin, seed=1)
    assert not st.is_over and twin.is_over
    finish(st, seed=1)
    assert st.describe_events() == twin.describe_events()
    assert st.result == twin.result


def test_result_details_hold_every_component():
    st = finish(new(players=4, seed=2, scoring="rascal"))
    res = st.result
    rounds = res.details["rounds"]
    assert len(rounds) == 40
    for r in rounds:
        assert r["base"] + r["bonus"] + r["loot"] == r["points"]
    for seat in range(4):
        assert sum(r["points"] for r in rounds if r["seat"] == seat) == res.scores[seat]
        seats = res.details["seats"][seat]
        assert seats["base"] + seats["bonus"] + seats["loot"] == res.scores[seat]
        assert seats["rounds"] == 10
    assert isinstance(st.events[-1], GameOver)
    assert res.places == tuple(1 + sum(o > s for o in res.scores) for s in res.scores)


def test_simulate_gives_per_seat_columns():
    df = lopti_nb.simulate("skull-king", n=6, seed=1, players=3, progress=False)
    for col in ("base", "bonus", "loot", "bids_hit", "rounds", "hit_rate", "length"):
        assert col in df.columns
    assert len(df) == 18 and (df["rounds"] == 10).all()
    assert (df["base"] + df["bonus"] + df["loot"] == df["score"]).all()
    import pandas as pd
    st = finish(new(players=3, seed=1))
    rounds = pd.DataFrame(st.result.details["rounds"])
    assert set(rounds["round"]) == set(range(1, 11))


def test_every_event_describes_itself():
    st = finish(new(players=6, seed=21))
    kinds = set()
    for e in st.events:
        kinds.add(type(e))
        text = e.describe()
        assert text and text[-1] == "." and str(e) == text
    assert {RoundDealt, BidMade, BidsRevealed, CardPlayed, TrickWon, RoundScored,
            GameOver} <= kinds
