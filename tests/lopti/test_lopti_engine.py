"""RULINGS 1.1-1.6 through the engine: positions built with LoptiState.from_position."""
import inspect
import pickle
import random

import pytest

import lopti_nb
from lopti_nb.engine import IllegalAction, SettingsError
from lopti_nb.games.lopti import KeepCards, LoptiState, Play, PlayBlind, Swap, TakePile
from lopti_nb.games.lopti import events as ev
from lopti_nb.games.lopti.cards import card_name
from state_support import shared_mutables

P = LoptiState.from_position


def names(cards):
    return sorted(card_name(c) for c in cards)


def kinds(state, start=0):
    return [type(e).__name__ for e in state.events[start:]]


# 1.1 ------------------------------------------------------------------------------------
def test_1_1_one_52_card_deck_no_jokers():
    for players in range(2, 6):
        state = lopti_nb.new_game("lopti", players=players, seed=players)
        assert sorted(state.all_cards()) == list(range(52))


def test_1_1_suits_never_matter_plays_name_ranks_only():
    state = P([["9S", "9H", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], draw_pile=["5S"])
    assert Play("9", 2) in state.legal_actions()
    assert all(not hasattr(a, "suit") for a in state.legal_actions())


def test_1_1_play_is_one_rank_from_one_source():
    state = P([["9S", "9H", "4C"], ["KD"]], face_down=[["2C"], ["2D"]])
    for action in state.legal_actions():
        assert isinstance(action, (Play, TakePile))  # hand cards only while the hand holds any


# 1.2 is covered through judge; the engine uses the same oracle:
def test_1_2_engine_and_oracle_agree():
    from lopti_nb.games.lopti import judge

    state = P([["8S", "6H", "6C", "AS", "10D"], ["KD"]], face_down=[["2C"], ["2D"]], pile=["7C"], turn=0)
    legal = {str(a) for a in state.legal_actions()}
    for play in ["8", "6", "6 6", "A", "10"]:
        assert (f"play {play}" in legal) == judge(["7"], play).legal, play


# 1.3 ------------------------------------------------------------------------------------
def test_1_3_clear_removes_pile_and_gives_bonus_play_without_draw():
    state = P([["10S", "4C", "5C"], ["KD", "KH"]], face_down=[["2C"], ["2D"]],
              draw_pile=["8S", "8H"], pile=["9S", "JS"], turn=0)
    state.apply(Play("10"))
    assert state.pile.size == 0 and state.pile_cards == []
    assert state.current_player == 0 and state.bonus  # bonus play by the clearer
    assert names(state.hands[0]) == ["4C", "5C", "8H"]  # the first play drew one card
    state.apply(Play("4"))  # the bonus play
    assert names(state.hands[0]) == ["5C", "8H"]  # no draw for a bonus play
    assert state.current_player == 1
    assert kinds(state)[-5:] == ["Played", "Cleared", "Drew", "BonusPlay", "Played"]


def test_1_3_ten_led_on_empty_table_clears_and_earns_bonus():
    state = P([["10S", "4C", "5C"], ["KD"]], face_down=[["2C"], ["2D"]], turn=0)
    state.apply(Play("10"))
    assert any(isinstance(e, ev.Cleared) and e.how == "ten" for e in state.events)
    assert state.current_player == 0 and state.bonus


def test_1_3_four_of_a_kind_across_plays_clears():
    state = P([["QS", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], pile=["QH QD", "QC"], turn=0)
    state.apply(Play("Q"))
    assert state.pile.size == 0 and state.bonus
    assert any(isinstance(e, ev.Cleared) and e.how == "four" for e in state.events)


def test_1_3_clear_ends_duty_and_seven_directive():
    state = P([["3S"], ["KD"]], face_down=[["2C"], ["2D"]], pile=["7C", "3H", "3D", "3C"], turn=0)
    assert state.pile.duty and state.pile.top == 5
    state.apply(Play("3"))  # fourth 3 of the chain
    assert state.pile.size == 0 and not state.pile.duty and state.pile.top is None


def test_1_3_bonus_play_that_clears_earns_another():
    state = P([["10S", "10H", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], pile=["9S"], turn=0)
    state.apply(Play("10"))
    assert state.bonus and state.current_player == 0
    state.apply(Play("10"))
    assert state.bonus and state.current_player == 0
    state.apply(Play("4"))
    assert state.current_player == 1


def test_1_3_last_card_clear_is_out_without_bonus_next_player_leads():
    state = P([[], ["KD", "4S"], ["5S"]], face_down=[["10S"], ["2D"], ["2H"]], pile=["9S"],
              turn=0, play_on=True)
    state.apply(PlayBlind(0))
    assert state.out == [0]
    assert state.current_player == 1 and state.pile.size == 0  # leads onto the empty table
    assert not any(isinstance(e, ev.BonusPlay) for e in state.events)


# 1.4 ------------------------------------------------------------------------------------
def test_1_4_threes_leave_play_at_once():
    state = P([["3S", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], pile=["9S"], turn=0)
    state.apply(Play("3"))
    assert state.pile_cards == [state.pile_cards[0]] and len(state.pile_cards) == 1
    assert "3S" in names(state.gone)


def test_1_4_three_on_pile_gives_next_active_player_duty_skipping_out():
    state = P([["3S", "4C"], [], ["KD", "3H"]], face_down=[["2C"], [], ["2D"]],
              pile=["9S"], turn=0, play_on=True)
    state.active[1] = False
    state.out = [1]
    state.apply(Play("3"))
    assert state.current_player == 2 and state.pile.duty
    assert {str(a) for a in state.legal_actions()} == {"play 3", "take the pile"}


def test_1_4_several_threes_pass_duty_one_step():
    state = P([["3S", "3C", "4C"], ["KD"], ["QD"]], face_down=[["2C"], ["2D"], ["2H"]], pile=["9S"], turn=0)
    state.apply(Play("3", 2))
    assert state.current_player == 1 and state.pile.duty and state.pile.chain == 2
    state.apply(TakePile())
    assert state.current_player == 2 and not state.pile.duty


def test_1_4_three_on_empty_table_no_duty():
    state = P([["3S", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], turn=0)
    state.apply(Play("3"))
    assert state.current_player == 1 and not state.pile.duty
    assert TakePile() not in state.legal_actions()


def test_1_4_fourth_three_clears_even_empty_pile_and_earns_bonus():
    state = P([["3S", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], pile=["3H 3D 3C"], turn=0)
    state.apply(Play("3"))
    assert any(isinstance(e, ev.Cleared) and e.how == "chain" for e in state.events)
    assert state.current_player == 0 and state.bonus


# 1.5 ------------------------------------------------------------------------------------
def test_1_5_1_take_pile_allowed_with_legal_play_and_ends_turn():
    state = P([["AS", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], pile=["9S"], turn=0)
    assert Play("A") in state.legal_actions() and TakePile() in state.legal_actions()
    state.apply(TakePile())
    assert names(state.hands[0]) == ["4C", "9S", "AS"] and state.current_player == 1


def test_1_5_1_cannot_take_empty_pile():
    state = P([["AS", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], turn=0)
    with pytest.raises(IllegalAction, match="empty"):
        state.apply(TakePile())


def test_1_5_2_one_draw_after_first_play_only_below_three_cards():
    state = P([["9S", "9H", "9C", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], draw_pile=["8S", "8H"], turn=0)
    state.apply(Play("9", 3))  # three cards played: still one draw
    assert names(state.hands[0]) == ["4C", "8H"]
    state2 = P([["9S", "4H", "4C", "5C"], ["KD"]], face_down=[["2C"], ["2D"]], draw_pile=["8S"], turn=0)
    state2.apply(Play("9"))  # three cards left in hand: no draw
    assert len(state2.draw_pile) == 1


def test_1_5_3_empty_hand_takes_face_up_after_draw_spent_mid_bonus():
    state = P([["10S"], ["KD"]], face_up=[["4S", "5S", "6S"], []], face_down=[["2C"], ["2D"]],
              draw_pile=["AS"], pile=["9S"], turn=0)
    state.apply(Play("10"))  # clear, draw the A, then bonus play
    assert names(state.hands[0]) == ["AS"]
    state.apply(Play("A"))  # bonus play empties the hand: draw already spent
    assert names(state.hands[0]) == ["4S", "5S", "6S"] and state.face_up[0] == []
    assert any(isinstance(e, ev.TookFaceUp) for e in state.events)


def test_1_5_3_empty_hand_with_empty_draw_pile_takes_face_up():
    state = P([["9S"], ["KD"]], face_up=[["4S", "5S"], []], face_down=[["2C"], ["2D"]], turn=0)
    state.apply(Play("9"))
    assert names(state.hands[0]) == ["4S", "5S"]


def test_1_5_4_blind_legal_play_resolves():
    state = P([[], ["KD"]], face_down=[["AS", "4C"], ["2D"]], pile=["9S"], turn=0)
    assert set(state.legal_actions()) == {PlayBlind(0), PlayBlind(1), TakePile()}
    state.apply(PlayBlind(0))
    assert names(state.pile_cards) == ["9S", "AS"] and state.current_player == 1


def test_1_5_4_blind_illegal_joins_pile_which_is_taken():
    state = P([[], ["KD"]], face_down=[["4C", "AS"], ["2D"]], pile=["9S"], turn=0)
    state.apply(PlayBlind(0))
    assert names(state.hands[0]) == ["4C", "9S"] and state.pile.size == 0
    assert state.current_player == 1
    assert any(isinstance(e, ev.BlindMiss) for e in state.events)


def test_1_5_4_blind_under_duty_only_three_is_legal():
    miss = P([[], ["KD"]], face_down=[["AS", "4C"], ["2D"]], pile=["9S", "3C"], turn=0)
    miss.apply(PlayBlind(0))
    assert names(miss.hands[0]) == ["9S", "AS"]
    hit = P([[], ["KD"]], face_down=[["3S", "4C"], ["2D"]], pile=["9S", "3C"], turn=0)
    hit.apply(PlayBlind(0))
    assert hit.pile.duty and hit.current_player == 1 and hit.hands[0] == []


def test_1_5_4_blind_player_may_take_pile_instead():
    state = P([[], ["KD"]], face_down=[["AS"], ["2D"]], pile=["9S"], turn=0)
    state.apply(TakePile())
    assert names(state.hands[0]) == ["9S"] and state.face_down[0][0] is not None


def test_1_5_5_clockwise_skipping_out_players():
    state = P([["4S"], ["KD"], ["5S"], ["6S"]], face_down=[["2C"], ["2D"], ["2H"], ["2S"]], turn=3, play_on=True)
    state.active[0] = False
    state.out = [0]
    state.apply(Play("6"))
    assert state.current_player == 1


# 1.6 ------------------------------------------------------------------------------------
def test_1_6_deal_three_three_three_rest_draw_pile():
    state = lopti_nb.new_game("lopti", players=4, seed=3)
    assert all(len(h) == 3 for h in state.hands)
    assert all(len(f) == 3 for f in state.face_up)
    assert all(len(fd) == 3 for fd in state.face_down)
    assert len(state.draw_pile) == 52 - 36


def test_1_6_optional_swap_once_per_player():
    state = lopti_nb.new_game("lopti", players=3, seed=3)
    assert state.phase == "swap" and state.current_player == 0
    hand0, up0 = state.hands[0][0], state.face_up[0][0]
    state.apply(Swap(card_name(hand0), card_name(up0)))
    assert up0 in state.hands[0] and hand0 in state.face_up[0]
    assert state.current_player == 1  # once only: the next seat decides
    state.apply(KeepCards())
    state.apply(KeepCards())
    assert state.phase == "play" and state.current_player == 0
    with pytest.raises(IllegalAction, match="only made at the deal"):
        state.apply(KeepCards())


def test_1_6_swap_can_be_switched_off():
    state = lopti_nb.new_game("lopti", players=3, seed=3, swap=False)
    assert state.phase == "play"


def test_1_6_dealer_leads_first_round_then_winner_leads_and_deal_rotates():
    state = lopti_nb.new_game("lopti", players=4, seed=5, dealer=2)
    assert state.leader == 2
    from lopti_nb.engine.runner import play_out
    from lopti_nb.games.lopti import heuristic_bot
    import random

    play_out(state, [heuristic_bot] * 4, random.Random(0))
    nxt = state.next_round(seed=6)
    assert nxt.dealer == 3 and nxt.leader == state.winner
    assert nxt.current_player == state.winner


def test_1_6_win_on_last_face_down_effect_applies_seven():
    state = P([[], ["KD", "4D"], ["5S"]], face_down=[["7S"], ["2D"], ["2H"]], pile=["5H"], turn=0, play_on=True)
    state.apply(PlayBlind(0))
    assert state.out == [0] and state.winner == 0
    assert state.pile.top == 5  # the 7 stands: the next player must go low
    assert Play("K") not in state.legal_actions() and Play("4") in state.legal_actions()


def test_1_6_win_on_last_face_down_three_passes_duty():
    state = P([[], ["KD"], ["5S"]], face_down=[["3S"], ["2D"], ["2H"]], pile=["5H"], turn=0, play_on=True)
    state.apply(PlayBlind(0))
    assert state.out == [0] and state.pile.duty and state.current_player == 1


def test_1_6_round_ends_at_first_out_by_default():
    state = P([[], ["KD"], ["5S"]], face_down=[["AS"], ["2D"], ["2H"]], pile=["5H"], turn=0)
    state.apply(PlayBlind(0))
    assert state.is_over and state.current_player is None
    assert state.result.places == (1, 2, 2) and state.result.scores == (2.0, 0.0, 0.0)


def test_1_6_play_on_for_places():
    import random
    from lopti_nb.engine.runner import play_out
    from lopti_nb.games.lopti import heuristic_bot

    state = lopti_nb.new_game("lopti", players=4, seed=11, play_on=True)
    play_out(state, [heuristic_bot] * 4, random.Random(1))
    assert len(state.out) == 3 and sorted(state.result.places) == [1, 2, 3, 4]


def test_1_6_turn_cap_ends_round_as_recorded_stalemate():
    state = lopti_nb.new_game("lopti", players=4, seed=1, turn_cap=5, swap=False)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.result.stalemate and state.turns == 5
    assert isinstance(state.events[-1], ev.RoundOver) and state.events[-1].stalemate
    df = lopti_nb.simulate("lopti", n=3, seed=1, progress=False, turn_cap=5)
    assert df.stalemate.all() and not df.won.any()


# the contract --------------------------------------------------------------------------
def test_illegal_action_raises_typed_error_and_changes_nothing():
    state = P([["9S", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], pile=["JS"], turn=0)
    before = pickle.dumps(state)
    for action in [Play("4"), Play("9", 2), Play("X"), PlayBlind(0), Swap("9S", "2C"), "nonsense"]:
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
        assert isinstance(info.value, ValueError) and len(str(info.value)) > 20
        assert pickle.dumps(state) == before


def test_reason_for_disabled_play_is_the_oracle_sentence():
    state = P([["9S", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], pile=["JS"], turn=0)
    assert "lower than the J" in state.why_illegal(Play("9"))


def test_copy_is_independent():
    state = lopti_nb.new_game("lopti", players=4, seed=2)
    clone = state.copy()
    clone.apply(clone.legal_actions()[-1])
    assert len(clone.events) != len(state.events)
    assert state.hands != clone.hands or state.face_up != clone.face_up or state.swap_queue != clone.swap_queue


def test_copy_is_deep_and_every_field_is_declared():
    """copy() is generated from LoptiState.FIELDS: every attribute a round sets must be there,
    and the copy shares nothing mutable, so playing it on leaves the original as it was."""
    rng = random.Random(5)
    for seed in range(12):
        state = lopti_nb.new_game("lopti", players=2 + seed % 4, seed=seed, play_on=seed % 2 == 0)
        for _ in range(seed * 7):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        assert state.undeclared_fields() == ([], [])
        clone = state.copy()
        assert type(clone) is LoptiState and not shared_mutables(state, clone)
        before = (state.observation(None), list(state.events), state.rng.getstate(), state.all_cards())
        twin = pickle.loads(pickle.dumps(state))
        while not clone.is_over:
            action = rng.choice(clone.legal_actions())
            clone.apply(action)
            twin.apply(action)
        assert (state.observation(None), list(state.events), state.rng.getstate(), state.all_cards()) == before
        assert [e.describe() for e in clone.events] == [e.describe() for e in twin.events]


def test_hooks_given_make_the_motion_state_and_the_base_game_runs_none():
    from lopti_nb.games.lopti.motions import HookRunner, MotionLoptiState
    from lopti_nb.games.lopti.plugin import new_round

    assert type(LoptiState(4, 1)) is LoptiState and LoptiState(4, 1).hooks is None
    assert type(new_round(4, 1)) is LoptiState
    with pytest.raises(SettingsError, match="MotionLoptiState"):
        LoptiState(4, 1, hooks=HookRunner())
    hooked = new_round(4, 1, hooks=HookRunner())
    assert type(hooked) is MotionLoptiState and hooked.undeclared_fields() == ([], [])
    copy = hooked.copy()
    assert type(copy) is MotionLoptiState and copy.hooks is not hooked.hooks
    # the base game's moments are plain methods; only the subclass runs hooks around them
    assert "_hook" not in vars(LoptiState) and "self.hooks" not in inspect.getsource(LoptiState)


def test_events_describe_themselves():
    state = lopti_nb.new_game("lopti", players=3, seed=9)
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    for event in state.events:
        assert isinstance(event.describe(), str) and event.describe()


def test_unknown_setting_and_players_raise():
    with pytest.raises(lopti_nb.SettingsError, match="Valid settings"):
        lopti_nb.new_game("lopti", colour="red")
    with pytest.raises(lopti_nb.SettingsError, match="2-5"):
        lopti_nb.new_game("lopti", players=6)
    with pytest.raises(lopti_nb.UnknownGame, match="lopti, skull-king, drowned-ledger"):
        lopti_nb.new_game("poker")


def test_observation_reports_the_state_as_it_stands_at_every_step():
    """The observation the bots read before each decision says what the state's own fields
    and properties say (phase, seat to act, hand, face-up and face-down cards, pile)."""
    for seed in range(6):
        state = LoptiState(2 + seed % 4, seed, swap=seed % 3 != 0, play_on=seed % 2 == 0)
        rng = random.Random(seed)
        while True:
            for seat in (None, *range(state.num_players)):
                obs = state.observation(seat)
                assert obs["phase"] == state.phase and obs["current_player"] == state.current_player
                assert obs["hand"] == (None if seat is None else [card_name(c) for c in sorted(state.hands[seat])])
                assert obs["hand_sizes"] == [len(h) for h in state.hands]
                assert obs["face_up"] == tuple(tuple(card_name(c) for c in f) for f in state.face_up)
                assert obs["face_down"] == tuple(tuple(p for p, c in enumerate(fd) if c is not None)
                                                 for fd in state.face_down)
                assert obs["pile"] == [card_name(c) for c in state.pile_cards]
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def test_heuristic_bot_sheds_its_lowest_ordinary_rank_with_the_most_cards_whatever_the_order():
    from lopti_nb.games.lopti import heuristic_bot

    obs = {"phase": "play", "duty": False, "pile": ["QS", "KS", "AS"]}
    legal = [Play("2"), Play("K", 2), Play("J", 1), TakePile(), Play("J", 3), Play("10"), Play("J", 2)]
    for order in (legal, legal[::-1], legal[3:] + legal[:3]):
        assert heuristic_bot(obs, order, random.Random(0)) == Play("J", 3)
    specials = [Play("10"), Play("7", 1), TakePile(), Play("7", 2), Play("2")]
    assert heuristic_bot(obs, specials, random.Random(0)) == Play("7", 2)
