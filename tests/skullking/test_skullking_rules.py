"""The pure Skull King rule functions, clause by clause of RULINGS §3 (3.2-3.5), plus table
tests of trick winners, next leaders, bonuses and scores."""
import pytest

from lopti_nb.games.skullking import (
    legal_cards, next_leader, parse_card, score_round, trick_bonus, trick_winner,
)
from lopti_nb.games.skullking.cards import Card, build_deck
from lopti_nb.games.skullking.rules import score_parts


# -- notation -----------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["Y1", "Y14", "P7", "G10", "B14", "pirate", "tigress",
                                  "tigress:pirate", "tigress:escape", "skull-king", "mermaid",
                                  "escape", "loot", "kraken", "white-whale"])
def test_parse_card_accepts_the_notation(text):
    card = parse_card(text)
    assert isinstance(card, Card) and str(card) == text
    assert parse_card(card) is card


@pytest.mark.parametrize("text", ["", "Y0", "Y15", "Y07", "y7", "R3", "B", "14", "Pirate",
                                  "skull king", "tigress:mermaid", " Y7", "Y7 ", None, 7, b"Y7"])
def test_parse_card_rejects_anything_else(text):
    with pytest.raises(ValueError):
        parse_card(text)


def test_card_fields():
    c = parse_card("B14")
    assert (c.suit, c.rank, c.is_number, c.kind_name) == ("B", 14, True, "number")
    assert parse_card("tigress:pirate").kind_name == "pirate"
    assert parse_card("loot").kind_name == "escape"


def test_3_deck_has_74_cards_and_70_without_legendary():
    deck = build_deck()
    assert len(deck) == 74
    assert sum(1 for c in deck if parse_card(c).is_number) == 56
    counts = {name: deck.count(name) for name in
              ("pirate", "tigress", "skull-king", "mermaid", "escape", "loot", "kraken",
               "white-whale")}
    assert counts == {"pirate": 5, "tigress": 1, "skull-king": 1, "mermaid": 2, "escape": 5,
                      "loot": 2, "kraken": 1, "white-whale": 1}
    small = build_deck(legendary=False)
    assert len(small) == 70
    assert not {"loot", "kraken", "white-whale"} & set(small)


def test_functions_accept_card_objects():
    cards = [parse_card(c) for c in ["Y3", "pirate", "skull-king"]]
    assert trick_winner(cards) == 2
    assert next_leader(cards) == 2
    assert trick_bonus(cards) == 30
    hand = [parse_card("Y2"), parse_card("P5")]
    assert legal_cards(hand, [parse_card("Y9")]) == [hand[0]]


def test_undeclared_tigress_cannot_be_in_a_trick():
    with pytest.raises(ValueError, match="declared"):
        trick_winner(["Y3", "tigress"])
    with pytest.raises(ValueError):
        trick_winner([])
    with pytest.raises(ValueError):
        trick_bonus(["Y3"], edition="1999")


# -- 3.2 following suit (the pure function) ------------------------------------------------------
def test_3_2_first_number_sets_the_suit():
    assert legal_cards(["Y2", "P9", "pirate"], ["P3"]) == ["P9", "pirate"]


def test_3_2_must_follow_or_play_any_special():
    hand = ["Y2", "Y8", "G5", "B14", "escape", "tigress", "mermaid", "kraken"]
    assert legal_cards(hand, ["Y10"]) == ["Y2", "Y8", "escape", "tigress", "mermaid", "kraken"]


def test_3_2_no_card_of_the_suit_means_any_card():
    hand = ["G5", "B14", "escape"]
    assert legal_cards(hand, ["Y10"]) == hand


@pytest.mark.parametrize("played,hand,expected", [
    (["B3"], ["B7", "Y2", "pirate"], ["B7", "pirate"]),  # black led: follow black
    (["Y3"], ["B7", "G2"], ["B7", "G2"]),  # void in yellow: black allowed
    (["Y3"], ["B7", "Y2"], ["Y2"]),  # holds yellow: black not allowed
    ([], ["B7", "Y2"], ["B7", "Y2"]),  # no suit set yet: anything
    (["escape"], ["B7", "Y2"], ["B7", "Y2"]),
])
def test_3_2_black_is_a_suit_like_the_others(played, hand, expected):
    assert legal_cards(hand, played) == expected


@pytest.mark.parametrize("lead", ["escape", "loot", "tigress:escape"])
def test_3_2_escape_like_lead_leaves_the_suit_unset(lead):
    assert legal_cards(["Y2", "P4"], [lead]) == ["Y2", "P4"]
    assert legal_cards(["Y2", "P4"], [lead, "P9"]) == ["P4"]
    assert legal_cards(["Y2", "P4"], [lead, "escape", "Y9"]) == ["Y2"]


def test_3_2_escape_then_pirate_makes_the_trick_suit_free():
    # The Escape lead passes the setting of the suit to the Pirate, which frees the trick
    # exactly as if it had led: the purple 9 played after it sets nothing.
    assert legal_cards(["Y2", "P4"], ["escape", "pirate", "P9"]) == ["Y2", "P4"]


@pytest.mark.parametrize("lead,second", [
    (lead, second) for lead in ("escape", "loot", "tigress:escape")
    for second in ("pirate", "tigress:pirate", "skull-king", "mermaid", "kraken", "white-whale")
    if not (lead.startswith("tigress") and second.startswith("tigress"))  # one Tigress
])
def test_3_2_escape_like_lead_then_character_or_creature_makes_the_trick_suit_free(lead, second):
    assert legal_cards(["Y2", "P4"], [lead, second, "P9"]) == ["Y2", "P4"]
    assert legal_cards(["Y2", "P4"], [lead, second, "Y9", "P9"]) == ["Y2", "P4"]


@pytest.mark.parametrize("first,second", [("escape", "loot"), ("loot", "tigress:escape"),
                                          ("tigress:escape", "escape"), ("escape", "escape")])
def test_3_2_an_escape_passes_the_setting_on_twice(first, second):
    # two escape-like cards pass it on; the third card decides
    assert legal_cards(["Y2", "P4"], [first, second]) == ["Y2", "P4"]
    assert legal_cards(["Y2", "P4"], [first, second, "P9"]) == ["P4"]
    assert legal_cards(["Y2", "P4"], [first, second, "pirate", "P9"]) == ["Y2", "P4"]


def test_3_2_a_special_after_the_suit_is_set_does_not_free_the_trick():
    assert legal_cards(["Y2", "P4"], ["escape", "P9", "pirate"]) == ["P4"]
    assert legal_cards(["Y2", "P4"], ["P9", "skull-king", "mermaid"]) == ["P4"]


@pytest.mark.parametrize("lead", ["pirate", "tigress:pirate", "skull-king", "mermaid", "kraken",
                                  "white-whale"])
def test_3_2_character_or_creature_lead_makes_the_trick_suit_free(lead):
    assert legal_cards(["Y2", "P4"], [lead, "P9"]) == ["Y2", "P4"]


def test_3_2_whale_after_a_suit_is_set_does_not_release_following():
    assert legal_cards(["Y2", "P4"], ["P9", "white-whale"]) == ["P4"]
    assert legal_cards(["Y2", "P4"], ["P9", "kraken"]) == ["P4"]


def test_legal_cards_keeps_duplicates_and_hand_order():
    assert legal_cards(["escape", "Y3", "escape"], ["Y1"]) == ["escape", "Y3", "escape"]


# -- 3.3 who wins a trick ---------------------------------------------------------------------
def test_3_3_any_black_beats_any_non_black():
    assert trick_winner(["Y14", "B1", "Y13"]) == 1


def test_3_3_highest_of_the_led_suit_wins():
    assert trick_winner(["Y7", "Y12", "Y3"]) == 1


def test_3_3_off_suit_non_black_never_wins():
    assert trick_winner(["Y2", "P14", "G13"]) == 0


def test_3_3_pirates_beat_numbers_and_the_first_pirate_wins():
    assert trick_winner(["B14", "pirate", "Y3"]) == 1
    assert trick_winner(["Y3", "tigress:pirate", "pirate"]) == 1
    assert trick_winner(["Y3", "pirate", "tigress:pirate"]) == 1


def test_3_3_skull_king_beats_numbers_and_pirates():
    assert trick_winner(["pirate", "B14", "skull-king", "tigress:pirate"]) == 2


def test_3_3_mermaid_beats_numbers_and_loses_to_pirates_without_the_king():
    assert trick_winner(["B14", "mermaid"]) == 1
    assert trick_winner(["mermaid", "pirate"]) == 1
    assert trick_winner(["mermaid", "mermaid", "Y3"]) == 0


def test_3_3_with_the_skull_king_the_first_mermaid_wins_whatever_pirates():
    assert trick_winner(["pirate", "skull-king", "mermaid", "mermaid"]) == 2
    assert trick_winner(["mermaid", "pirate", "skull-king", "tigress:pirate"]) == 0


def test_3_3_escapes_never_win_unless_every_card_is_one():
    assert trick_winner(["escape", "Y2", "loot"]) == 1
    assert trick_winner(["escape", "loot", "tigress:escape"]) == 0
    assert trick_winner(["loot", "escape"]) == 0


def test_3_3_kraken_destroys_and_the_would_be_winner_leads():
    cards = ["Y3", "kraken", "Y9", "P14"]
    assert trick_winner(cards) is None
    assert next_leader(cards) == 2
    assert trick_bonus(cards) == 0


def test_3_3_white_whale_highest_number_wins_whatever_the_suit():
    cards = ["skull-king", "Y9", "white-whale", "B4", "P11"]
    assert trick_winner(cards) == 4
    assert next_leader(cards) == 4


def test_3_3_white_whale_tie_goes_to_the_first_played():
    assert trick_winner(["G10", "white-whale", "Y10", "B10"]) == 0


def test_3_3_white_whale_captures_only_numbers():
    # The Skull King and the pirate are powerless: no pirate bonus, only the 14.
    assert trick_bonus(["Y14", "pirate", "skull-king", "white-whale"]) == 10


def test_3_3_white_whale_without_numbers_destroys_and_its_player_leads():
    cards = ["pirate", "escape", "white-whale", "mermaid"]
    assert trick_winner(cards) is None
    assert next_leader(cards) == 2


def test_3_3_kraken_then_whale_whale_decides():
    cards = ["Y3", "kraken", "white-whale", "P5"]
    assert trick_winner(cards) == 3
    assert next_leader(cards) == 3


def test_3_3_whale_then_kraken_destroyed_and_winner_without_both_leads():
    cards = ["Y3", "white-whale", "Y9", "kraken", "P12"]
    assert trick_winner(cards) is None
    assert next_leader(cards) == 2


# -- table tests -------------------------------------------------------------------------------
# (cards, winner, next leader, table bonus, 2021 bonus)
TRICKS = [
    # plain numbers
    (["Y5", "Y9", "Y2"], 1, 1, 0, 0),
    (["Y5", "P14", "G14"], 0, 0, 20, 20),
    (["Y14", "B1"], 1, 1, 10, 10),
    (["B13", "B14", "Y14"], 1, 1, 30, 30),
    (["P3", "B2", "B5"], 2, 2, 0, 0),
    # escapes and loot
    (["escape", "escape"], 0, 0, 0, 0),
    (["loot", "escape", "tigress:escape"], 0, 0, 0, 0),
    (["loot", "Y4", "Y6"], 2, 2, 0, 0),
    (["escape", "G14", "B3"], 2, 2, 10, 10),
    # Tigress both ways
    (["tigress:pirate", "Y14", "mermaid"], 0, 0, 10, 30),
    (["tigress:escape", "Y14", "mermaid"], 2, 2, 10, 10),
    (["Y2", "tigress:escape"], 0, 0, 0, 0),
    (["skull-king", "tigress:pirate"], 0, 0, 0, 30),
    (["tigress:pirate", "skull-king"], 1, 1, 30, 30),
    (["skull-king", "tigress:escape"], 0, 0, 0, 0),
    # pirates, king, mermaids
    (["pirate", "pirate", "Y14"], 0, 0, 10, 10),
    (["pirate", "mermaid", "mermaid"], 0, 0, 0, 40),
    (["mermaid", "Y14", "B14"], 0, 0, 30, 30),
    (["pirate", "skull-king", "pirate"], 1, 1, 30, 60),
    (["pirate", "skull-king", "tigress:pirate", "B14"], 1, 1, 50, 80),
    (["skull-king", "pirate", "Y3"], 0, 0, 0, 30),
    (["skull-king", "mermaid"], 1, 1, 50, 40),
    (["pirate", "skull-king", "mermaid", "pirate"], 2, 2, 50, 40),
    (["mermaid", "skull-king", "mermaid", "Y14"], 0, 0, 60, 50),
    (["skull-king", "Y14", "escape"], 0, 0, 10, 10),
    # Kraken
    (["kraken", "Y3", "Y8"], None, 2, 0, 0),
    (["Y3", "kraken", "pirate", "Y14"], None, 2, 0, 0),
    (["skull-king", "kraken", "mermaid"], None, 2, 0, 0),
    (["escape", "kraken", "loot"], None, 0, 0, 0),
    (["kraken", "escape"], None, 1, 0, 0),
    # White Whale
    (["white-whale", "Y3", "B2"], 0 + 1, 1, 0, 0),
    (["Y13", "white-whale", "P13", "B12"], 0, 0, 0, 0),
    (["escape", "white-whale", "loot"], None, 1, 0, 0),
    (["skull-king", "white-whale", "mermaid"], None, 1, 0, 0),
    (["white-whale", "Y14", "B14"], 1, 1, 30, 30),
    # Kraken and Whale in both orders
    (["kraken", "white-whale", "Y4", "G9"], 3, 3, 0, 0),
    (["kraken", "white-whale", "escape"], None, 1, 0, 0),
    (["white-whale", "kraken", "Y4", "G9"], None, 2, 0, 0),
    (["white-whale", "kraken", "pirate", "B3"], None, 2, 0, 0),
    (["white-whale", "kraken"], None, 0, 0, 0),
    (["Y9", "kraken", "Y3", "white-whale"], 0, 0, 0, 0),
    (["Y9", "white-whale", "Y3", "kraken"], None, 0, 0, 0),
]


@pytest.mark.parametrize("cards,winner,leader,bonus,bonus2021", TRICKS,
                         ids=[" ".join(t[0]) for t in TRICKS])
def test_trick_table(cards, winner, leader, bonus, bonus2021):
    assert trick_winner(cards) == winner
    assert next_leader(cards) == leader
    assert trick_bonus(cards) == bonus
    assert trick_bonus(cards, edition="2021") == bonus2021


# -- 3.4 scoring ---------------------------------------------------------------------------------
# (system, cards dealt, bid, won, bonus, alliances, points)
SCORES = [
    ("classic", 5, 2, 2, 0, 0, 40),
    ("classic", 5, 2, 2, 30, 1, 90),
    ("classic", 5, 2, 4, 30, 1, -20),
    ("classic", 5, 3, 1, 0, 0, -20),
    ("classic", 9, 0, 0, 0, 0, 90),
    ("classic", 9, 0, 0, 0, 2, 130),
    ("classic", 9, 0, 1, 10, 0, -90),
    ("classic", 1, 1, 1, 20, 0, 40),
    ("rascal", 4, 1, 1, 20, 1, 80),
    ("rascal", 4, 1, 2, 20, 1, 30),
    ("rascal", 4, 1, 0, 0, 0, 20),
    ("rascal", 4, 1, 3, 50, 1, 0),
    ("rascal", 7, 0, 0, 0, 0, 70),
    ("rascal", 7, 0, 2, 10, 0, 0),
    ("cannonball", 6, 3, 3, 50, 0, 140),
    ("cannonball", 6, 3, 2, 50, 1, 0),
    ("cannonball", 6, 0, 0, 0, 1, 110),
    ("cannonball", 10, 4, 4, 0, 0, 150),
]


@pytest.mark.parametrize("system,dealt,bid,won,bonus,alliances,points", SCORES)
def test_score_table(system, dealt, bid, won, bonus, alliances, points):
    assert score_round(system, dealt, bid, won, bonus=bonus, loot_alliances=alliances) == points


def test_3_4_classic_exact_bid_scores_20_per_trick():
    assert score_round("classic", 6, 4, 4) == 80


def test_3_4_classic_miss_loses_10_per_trick_off():
    assert score_round("classic", 6, 4, 1) == -30
    assert score_round("classic", 6, 1, 4) == -30


def test_3_4_classic_zero_bid_wins_or_loses_10_per_card():
    assert score_round("classic", 7, 0, 0) == 70
    assert score_round("classic", 7, 0, 3) == -70


def test_3_4_rascal_all_half_or_nothing_never_negative():
    assert score_round("rascal", 8, 3, 3) == 80
    assert score_round("rascal", 8, 3, 4) == 40
    assert score_round("rascal", 8, 3, 2) == 40
    assert score_round("rascal", 8, 3, 5) == 0
    assert min(score_round("rascal", 8, b, w) for b in range(9) for w in range(9)) == 0


def test_3_4_cannonball_15_per_card_on_an_exact_bid_else_nothing():
    assert score_round("cannonball", 8, 2, 2) == 120
    assert score_round("cannonball", 8, 2, 3) == 0


def test_score_round_rejects_bad_input():
    with pytest.raises(ValueError, match="scoring system"):
        score_round("poker", 3, 1, 1)
    for args in [(3, 4, 1), (3, 1, 4), (0, 0, 0), (3, -1, 0), (3, 1.5, 1), (3, True, 1)]:
        with pytest.raises(ValueError):
            score_round("classic", *args)


# -- 3.5 bonuses -------------------------------------------------------------------------------
def test_3_5_each_captured_14_is_10_and_the_black_14_is_20():
    assert trick_bonus(["Y14", "P14", "G14", "B14"]) == 50


def test_3_5_captured_14s_count_whoever_played_them():
    # the winner played none of the 14s
    assert trick_winner(["Y14", "P14", "pirate"]) == 2
    assert trick_bonus(["Y14", "P14", "pirate"]) == 20


def test_3_5_skull_king_earns_30_per_pirate_played_before_him_tigress_included():
    assert trick_bonus(["pirate", "tigress:pirate", "skull-king"]) == 60
    assert trick_bonus(["escape", "pirate", "Y9", "skull-king"]) == 30


def test_3_5_a_pirate_played_after_the_king_is_captured_but_earns_no_bonus():
    assert trick_winner(["skull-king", "pirate", "Y3"]) == 0
    assert trick_bonus(["skull-king", "pirate", "Y3"]) == 0
    assert trick_bonus(["pirate", "tigress:pirate", "skull-king", "pirate"]) == 60


def test_3_5_the_tigress_as_a_pirate_counts_only_before_the_king():
    assert trick_bonus(["tigress:pirate", "skull-king", "B14"]) == 50
    assert trick_bonus(["skull-king", "tigress:pirate", "B14"]) == 20
    # as an escape she is no pirate, before or after him
    assert trick_bonus(["tigress:escape", "skull-king"]) == 0


def test_3_5_edition_2021_pays_the_king_for_every_pirate_before_or_after_him():
    assert trick_bonus(["skull-king", "pirate", "Y3"], edition="2021") == 30
    assert trick_bonus(["pirate", "skull-king", "tigress:pirate"], edition="2021") == 60
    assert trick_bonus(["pirate", "tigress:pirate", "skull-king", "pirate"],
                       edition="2021") == 90


def test_3_5_mermaid_catching_the_king_earns_50_and_no_pirate_bonus():
    assert trick_bonus(["pirate", "skull-king", "mermaid"]) == 50


def test_3_5_bonus_paid_on_exact_bid_halved_on_rascal_off_by_one():
    assert score_parts("classic", 5, 2, 2, 50) == (40, 50, 0)
    assert score_parts("classic", 5, 2, 3, 50) == (-10, 0, 0)
    assert score_parts("rascal", 5, 2, 3, 50) == (25, 25, 0)
    assert score_parts("rascal", 5, 2, 4, 50) == (0, 0, 0)
    assert score_parts("cannonball", 5, 2, 2, 50) == (75, 50, 0)
    assert score_parts("cannonball", 5, 2, 1, 50) == (0, 0, 0)


@pytest.mark.parametrize("system", ["classic", "rascal", "cannonball"])
def test_3_5_loot_alliance_pays_20_on_exact_bids_under_every_system_never_halved(system):
    assert score_parts(system, 4, 1, 1, 0, 2)[2] == 40
    assert score_parts(system, 4, 1, 2, 0, 2)[2] == 0  # off by one: no loot, not half


def test_3_5_destroyed_trick_captures_nothing():
    assert trick_bonus(["Y14", "B14", "kraken", "skull-king", "pirate"]) == 0


def test_3_5_edition_2021_mermaid_catches_king_for_40_and_pirates_catch_mermaids_for_20():
    assert trick_bonus(["skull-king", "mermaid"], edition="2021") == 40
    assert trick_bonus(["mermaid", "pirate", "mermaid"], edition="2021") == 40
    assert trick_bonus(["mermaid", "pirate", "mermaid"], edition="table") == 0
    # everything else unchanged
    assert trick_bonus(["pirate", "skull-king", "B14"], edition="2021") == 50


def test_3_2_a_must_follow_refusal_says_a_special_card_may_be_played_instead():
    from lopti_nb.games.skullking.rules import must_follow_reason

    reason = must_follow_reason(["Y4", "pirate", "P9"], "Y", "P9")
    assert reason == "you must follow yellow or play a special card: you hold yellow 4"
    assert must_follow_reason(["Y4", "pirate", "P9"], "Y", "pirate") is None
