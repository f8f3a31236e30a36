"""RULINGS 1.2-1.4 through the public oracle ``judge``: one test (or table) per clause."""
import pytest

from lopti_nb.games.lopti import judge


def legal(history, play):
    return judge(history, play).legal


# 1.1 ------------------------------------------------------------------------------------
def test_1_1_ordinary_order_is_4_5_6_8_9_J_Q_K_A():
    order = ["4", "5", "6", "8", "9", "J", "Q", "K", "A"]
    for low, high in zip(order, order[1:]):
        assert legal([low], high), (low, high)
        assert not legal([high], low), (high, low)


def test_1_1_a_play_is_one_rank():
    with pytest.raises(ValueError, match="one rank"):
        judge([], "9 8")


def test_1_1_threes_never_enter_the_pile():
    from lopti_nb.games.lopti.rules import pile_from_history
    from lopti_nb.games.lopti.cards import RANK_INDEX

    pile = pile_from_history(["K", "3", "3"])
    assert pile.size == 1 and pile.top == RANK_INDEX["K"] and pile.chain == 2
    assert judge(["K", "3", "3", "3"], "3").clears  # the fourth 3 of the chain


# 1.2 ------------------------------------------------------------------------------------
def test_1_2_1_live_duty_allows_only_threes():
    for play in ["10", "2", "7", "A", "4"]:
        j = judge(["9", "3"], play)
        assert not j.legal and "3 duty" in j.reason
    assert legal(["9", "3"], "3")


def test_1_2_2_empty_pile_any_lead():
    for play in ["4", "9 9", "2", "7 7 7", "A A A A", "3"]:
        assert legal([], play)


def test_1_2_3_threes_always_legal():
    for top in ["A", "7", "2", "9 9"]:
        assert legal([top], "3")


@pytest.mark.parametrize("history,play,ok", [
    (["A"], "2", True), (["7"], "2", True), (["9 9 9"], "2", True),
    (["2"], "2", False), (["2"], "2 2", True), (["2 2"], "2", False), (["2 2"], "2 2", True),
    (["2", "2"], "2", False),  # run of two 2s, but the last play was one card: one more is not "more"
    (["2 2", "2"], "2", True),  # completes four
])
def test_1_2_4_twos_on_anything_match_more_or_complete_four_on_twos(history, play, ok):
    assert legal(history, play) is ok


@pytest.mark.parametrize("top,ok", [("A", True), ("2", True), ("9 9", True), ("7", False), ("7 7", False)])
def test_1_2_5_ten_legal_unless_on_seven(top, ok):
    assert legal([top], "10") is ok


@pytest.mark.parametrize("history,play,ok", [
    (["A"], "7", True), (["2"], "7", True),
    (["7"], "7", False), (["7"], "7 7", True), (["7 7", "7"], "7", True),
])
def test_1_2_6_sevens_on_anything_match_more_or_complete_four_on_sevens(history, play, ok):
    assert legal(history, play) is ok


@pytest.mark.parametrize("play", ["4", "9", "A A", "K", "5 5 5"])
def test_1_2_7_anything_goes_on_a_two(play):
    assert legal(["A", "2"], play)


@pytest.mark.parametrize("play,ok", [("4", True), ("5 5", True), ("6 6 6", True), ("8", False), ("9", False), ("A", False), ("10", False)])
def test_1_2_8_on_seven_only_4_5_6_among_ordinaries(play, ok):
    assert legal(["7"], play) is ok


@pytest.mark.parametrize("history,play,ok", [
    (["9"], "J", True), (["9"], "8", False), (["9"], "9", False), (["9"], "9 9", True),
    (["9 9"], "9", False), (["9 9"], "9 9", True),  # two more complete the four
    (["8 8", "9"], "9", False), (["8 8", "9"], "9 9", True), (["8 8", "9"], "9 9 9", True),
    (["9 9", "9"], "9", True),  # completes four
    (["K"], "A A A", True),
])
def test_1_2_9_ordinary_higher_or_match_with_more(history, play, ok):
    assert legal(history, play) is ok


def test_1_2_match_with_more_compares_with_previous_play_not_pile():
    # Pile holds 9, 9 9 (three 9s); the last play is a pair: a single 9 completes four.
    assert legal(["9", "9 9"], "9")
    # Pile holds a single 9 on top of a pair of 8s: two 9s beat the last play of one.
    assert legal(["8 8", "9"], "9 9")


# 1.3 ------------------------------------------------------------------------------------
def test_1_3_ten_clears():
    j = judge(["K", "A"], "10")
    assert j.legal and j.clears and not j.duty


def test_1_3_ten_led_onto_empty_table_clears():
    assert judge([], "10").clears


def test_1_3_four_of_a_kind_across_plays_clears():
    assert judge(["5", "5"], "5 5").clears
    assert judge(["5 5 5"], "5").clears
    assert judge([], "5 5 5 5").clears


def test_1_3_four_sevens_clear():
    assert judge(["7", "7 7"], "7").clears


def test_1_3_non_clearing_play():
    j = judge(["5"], "6")
    assert j.legal and not j.clears


# 1.4 ------------------------------------------------------------------------------------
def test_1_4_three_on_pile_gives_duty():
    j = judge(["9"], "3")
    assert j.legal and j.duty and not j.clears


def test_1_4_three_on_empty_table_gives_no_duty():
    j = judge([], "3")
    assert j.legal and not j.duty


def test_1_4_chain_of_four_threes_clears_even_empty_pile():
    assert judge(["3", "3 3"], "3").clears
    assert judge(["Q", "3 3"], "3 3").clears
    assert judge(["Q", "3"], "3").duty  # two in the chain: the duty passes on


def test_1_4_chain_resets_on_non_three_play():
    # 3 led on an empty table, then a 9: the next 3 starts a fresh chain.
    j = judge(["3", "3", "9"], "3")
    assert not j.clears and j.duty


# The seed's ruling questions ---------------------------------------------------------------
def test_ruling_three_on_empty_pile_no_one_loses_a_turn():
    j = judge([], "3")
    assert j.legal and not j.duty and not j.clears


def test_ruling_one_card_may_join_three_matching_and_clears():
    j = judge(["Q Q Q"], "Q")
    assert j.legal and j.clears


def test_ruling_four_higher_cards_cannot_overturn_a_seven_four_sixes_can():
    assert not judge(["7"], "8 8 8 8").legal
    j = judge(["7"], "6 6 6 6")
    assert j.legal and j.clears


def test_ruling_several_threes_pass_duty_one_step_and_all_count_toward_chain():
    j = judge(["K"], "3 3")
    assert j.duty and not j.clears  # one duty, to the next player only (chain = 2)
    assert judge(["K", "3 3"], "3 3").clears  # both pairs count: four in the chain


# judge's input checking ------------------------------------------------------------------
@pytest.mark.parametrize("history,play", [
    ([], ""), ([], "1"), ([], "9 9 9 9 9"), (["9 9 9"], "9 9"), ("9", "9"), ([], "X"), ([5], "9"),
])
def test_judge_malformed_input_raises_value_error(history, play):
    with pytest.raises(ValueError):
        judge(history, play)


def test_judge_reasons_are_sentences():
    for history, play in [([], "9"), (["9"], "8"), (["7"], "10"), (["9", "3"], "4"), (["9 9"], "9")]:
        reason = judge(history, play).reason
        assert reason and (reason[0].isupper() or reason[0].isdigit()) and reason.endswith(".")
