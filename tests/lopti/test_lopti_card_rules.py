"""Card rules of RULINGS 1.2-1.4 as settings (levers a session's Rule Vote may change), and
the turn cap with play-on (RULINGS 1.7)."""
import random

import pytest

import lopti_nb
from lopti_nb.engine import LoptiNbError, get_spec
from lopti_nb.engine.runner import play_out
from lopti_nb.games.lopti import LAW_LEVERS, LoptiState, Play, Proposal, judge
from lopti_nb.games.lopti.session_game import LoptiSessionState
from lopti_nb.games.lopti import events as ev
from lopti_nb.games.lopti.cards import SEVEN, TEN
from lopti_nb.games.lopti.rules import BASE_RULES, CARD_RULES, CardRules

P = LoptiState.from_position


def legal(state):
    return {str(a) for a in state.legal_actions()}


# -- each card rule, in the oracle and in the engine -----------------------------------------------
def test_1_2_5_ten_on_seven_setting():
    assert not judge(["7"], "10").legal
    j = judge(["7"], "10", ten_on_seven=True)
    assert j.legal and j.clears and "on a 7 too" in j.reason
    off = P([["10S", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], pile=["7C"], turn=0)
    on = P([["10S", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], pile=["7C"], turn=0, ten_on_seven=True)
    assert "play 10" not in legal(off) and "play 10" in legal(on)
    on.apply(Play("10"))
    assert isinstance(on.events[-2], ev.Cleared) and on.bonus


def test_1_2_9_match_equal_setting():
    assert not judge(["9"], "9").legal
    j = judge(["9"], "9", match_equal=True)
    assert j.legal and not j.clears and "allows" in j.reason
    assert not judge(["9 9"], "9", match_equal=True).legal  # fewer is still refused
    assert judge(["7"], "7", match_equal=True).legal and not judge(["7"], "7").legal  # 7s on 7s too
    base = P([["9S", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], pile=["9C"], turn=0)
    state = P([["9S", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], pile=["9C"], turn=0, match_equal=True)
    assert "play 9" not in legal(base) and "play 9" in legal(state)
    assert "at least as many as" in judge(["9 9"], "9", match_equal=True).reason


def test_1_3_four_clears_setting():
    assert judge(["9 9", "9"], "9").clears
    j = judge(["9 9", "9"], "9", four_clears=False)
    assert j.legal and not j.clears
    state = P([["9S", "4C"], ["KD"]], face_down=[["2C"], ["2D"]], pile=["9C 9D", "9H"], turn=0,
              four_clears=False)
    state.apply(Play("9"))
    assert state.pile.size == 4 and not any(isinstance(e, ev.Cleared) for e in state.events)
    assert judge(["3", "3", "3"], "3", four_clears=False).clears  # the 3 chain (1.4) still clears


def test_1_4_three_duty_setting():
    assert judge(["K"], "3").duty
    j = judge(["K"], "3", three_duty=False)
    assert j.legal and not j.duty and "no duty" in j.reason
    state = P([["3S", "4C"], ["5D", "AD"]], face_down=[["2C"], ["2D"]], pile=["KC"], turn=0, three_duty=False)
    state.apply(Play("3"))
    assert state.current_player == 1 and "play A" in legal(state) and not state.pile.duty


def test_card_rules_default_to_base_lopti_and_keep_the_record():
    assert CardRules() == BASE_RULES and set(CARD_RULES) <= set(get_spec("lopti").schema.names())
    state = lopti_nb.new_game("lopti", players=4, seed=1)
    assert state.card_rules == BASE_RULES
    old = state.record()
    for name in CARD_RULES:  # a record made before the card rules were settings
        del old["settings"][name]
    assert lopti_nb.load(old).card_rules == BASE_RULES
    changed = lopti_nb.new_game("lopti", players=4, seed=1, ten_on_seven=True)
    assert changed.record()["settings"]["ten_on_seven"] is True
    play_out(changed, [get_spec("lopti").make_bot("random")] * 4, random.Random(2))
    again = lopti_nb.load(changed.record())
    assert again.card_rules.ten_on_seven and again.result == changed.result


def test_card_rules_refuse_bad_values_in_words():
    for bad in (lambda: lopti_nb.new_game("lopti", ten_on_seven="yes"),
                lambda: judge(["7"], "10", ten_on_seven=1),
                lambda: judge(["7"], "10", tens_on_sevens=True),
                lambda: judge(["7"], "10", rules={"ten_on_seven": True})):
        with pytest.raises(LoptiNbError):
            bad()


def test_1_7_card_rules_are_vote_levers_from_the_schema():
    levers = {s.name for s in get_spec("lopti").schema.levers()}
    assert set(LAW_LEVERS) == levers and set(CARD_RULES) <= levers
    assert {"play_on", "swap", "turn_cap"} <= levers


def test_1_7_vote_changes_a_card_rule_for_the_session():
    s = LoptiSessionState.by_hand(4, seed=3)
    st = s.deal()
    rec = s.rule_vote(0, Proposal.law("ten_on_seven", True, when="next round"), [True] * 4)
    assert rec.passed and st.card_rules.ten_on_seven is False  # not this round
    s.play_round()
    st2 = s.deal()
    assert st2.card_rules.ten_on_seven is True and s.law["ten_on_seven"] is True
    assert judge(["7"], "10", st2.card_rules).legal  # the next round's judge follows it
    # ... and so do its legal actions: whenever a 7 is on top and the player to act holds a 10
    rng = random.Random(5)
    seen = 0
    while not seen:
        st = s.dealt_round if not s.dealt_round.is_over else s.deal()
        while not st.is_over:
            seat = st.current_player
            if st.pile.top == SEVEN and not st.pile.duty and TEN in {c >> 2 for c in st.hands[seat]}:
                assert Play("10") in st.legal_actions()
                seen += 1
                st.apply(Play("10"))
                continue
            st.apply(rng.choice(st.legal_actions()))
    h = s.history()
    assert h[h["round"] == 1]["ten_on_seven"].tolist() == [False] * 4
    assert h[h["round"] > 1]["ten_on_seven"].all()


def test_1_7_card_rule_voted_now_applies_from_the_next_play():
    s = LoptiSessionState.by_hand(4, seed=3, three_duty=False)
    st = s.deal()
    assert not st.card_rules.three_duty
    s.rule_vote(1, Proposal.law("three_duty", True, when="now"), [True] * 4)
    assert st.card_rules.three_duty and s.law["three_duty"]


def test_1_7_vote_or_roshambo_are_not_levers():
    from lopti_nb.games.lopti import ConstitutionError

    with pytest.raises(ConstitutionError):
        Proposal.law("roshambo_throws", 5, when="now")
    with pytest.raises(LoptiNbError, match="levers"):
        Proposal.law("dealer", 2, when="now")


# -- the turn cap with play-on ------------------------------------------------------------------------
def test_1_7_winner_kept_under_play_on_with_cap():
    bots = [get_spec("lopti").make_bot("heuristic")] * 4
    kept = 0
    for seed in range(40):
        state = lopti_nb.new_game("lopti", players=4, seed=seed, play_on=True, turn_cap=60)
        play_out(state, bots, random.Random(seed))
        res = state.result
        if state.out and state.capped:
            kept += 1
            assert not res.stalemate and state.winner == state.out[0] and res.places[state.winner] == 1
            assert res.details["capped"] and state.events[-1].capped and not state.events[-1].stalemate
            assert "turn cap" in state.events[-1].describe()
        else:
            assert res.stalemate == (not state.out)
    assert kept >= 5
    df = lopti_nb.simulate("lopti", n=40, seed=1, progress=False, play_on=True, turn_cap=60)
    games = df.groupby("game").agg(won=("won", "sum"), stalemate=("stalemate", "first"))
    assert (games["won"] == (~games["stalemate"]).astype(int)).all() and games["won"].sum() >= 5


def test_1_7_round_nobody_went_out_of_before_the_cap_is_a_stalemate():
    state = lopti_nb.new_game("lopti", players=4, seed=1, turn_cap=5, swap=False, play_on=True)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.result.stalemate and state.capped and state.winner is None


def test_1_7_session_records_the_capped_winner_who_then_authors():
    for seed in range(60):
        s = LoptiSessionState.by_hand(4, seed=seed, play_on=True, turn_cap=60)
        s.play_round()
        st = s.dealt_round
        if st.out and st.capped:
            break
    else:  # pragma: no cover
        pytest.fail("no capped round with a winner in 60 seeds")
    assert s.winner == st.out[0] and not s.round_records[-1].stalemate
    s.author(s.winner, "The winner bows.")
