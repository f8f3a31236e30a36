"""Skull King's guided rounds: five prepared rounds whose events show what makes the game itself
(following suit with an off-suit card refused, a Mermaid taking the Skull King, a Kraken's
destroyed trick, a White Whale's trick, a Loot alliance paid), ending on round 5's score
sheet; every special card introduced before the guide uses it; a learner who strays from the
hints is never stuck and still hears only claims the rules confirm."""
from __future__ import annotations

import random

import pytest

import lopti_nb
from lopti_nb.engine import get_spec
from lopti_nb.explainers.claims import Said, check_claims
from lopti_nb.explainers.tutorial import Tutorial
from lopti_nb.games.skullking import claims as sk_claims
from lopti_nb.games.skullking.cards import KIND, NAME, NUMBER
from lopti_nb.games.skullking.state import (Bid, GameOver, Play, RoundDealt, RoundScored, TrickDestroyed,
                                            TrickWon)
from lopti_nb.games.skullking.tutorial import ROUNDS_GUIDED, SkullKingTutorial, introduction

SPECIALS = ("pirate", "escape", "mermaid", "skull-king", "kraken", "white-whale", "loot")


def walked(stray_every: int = 0, seed: int = 0) -> tuple[Tutorial, list[Said]]:
    """The guided round played to its end: the hint at every decision, or, when
    ``stray_every`` is set, a random legal move at every ``stray_every``-th decision. Returns
    the guide and, in the order a learner reads them, every hint, opponent's move and own move
    the guide explained, each with the position it was given in."""
    rng = random.Random(seed)
    script = SkullKingTutorial()
    texts: list[Said] = []
    hint_of, opponent_of, explain_of = script.hint, script.opponent, script.explain

    def hint(state, seat):
        given = hint_of(state, seat)
        at, n = state.copy(), len(texts)
        for part, text in (("move", given.move), ("reason", given.why), ("tip", given.tip)):
            texts.append(Said("skull-king", "plain", f"hint {n} {part}", text, kind="hint",
                              state=at, seat=seat, action=given.action))
        return given

    def opponent(state, seat, r):
        action, why = opponent_of(state, seat, r)
        texts.append(Said("skull-king", "plain", f"opponent {len(texts)}", why, kind="move",
                          state=state.copy(), seat=seat, action=action))
        return action, why

    def explain(before, action, events, seat):
        said = explain_of(before, action, events, seat)
        texts.append(Said("skull-king", "plain", f"own move {len(texts)}", said, kind="move",
                          state=before.copy(), seat=seat, action=action))
        return said

    script.hint, script.opponent, script.explain = hint, opponent, explain
    guide = Tutorial("skull-king", script)
    for decision in range(300):
        if guide.done:
            break
        assert guide.hint is not None, "the learner is stuck: no hint and the round is not over"
        state = guide.table.state
        assert guide.hint.action in state.legal_actions(0)
        if stray_every and decision % stray_every == stray_every - 1:
            guide.table.act(rng.choice(state.legal_actions(0)))
        else:
            guide.take_hint()
    for n, line in enumerate(script.summary(guide.table.state, guide.moves)):
        texts.append(Said("skull-king", "plain", f"summary {n}", line, kind="summary",
                          state=guide.table.state, seat=0))
    return guide, texts


_FOLLOWED: list = []


def followed() -> tuple[Tutorial, list[Said]]:
    if not _FOLLOWED:
        _FOLLOWED.append(walked())
    return _FOLLOWED[0]


@pytest.mark.timeout(120)
def test_3_3_followed_hints_show_a_mermaid_taking_the_skull_king_a_kraken_a_white_whale_and_a_loot():
    guide, _ = followed()
    events = guide.table.state.events
    won = [e for e in events if isinstance(e, TrickWon)]
    assert any(e.card == "mermaid" and "skull-king" in e.cards and e.bonus == 50 for e in won)
    assert any(e.by == "kraken" for e in events if isinstance(e, TrickDestroyed))
    # the White Whale decides a trick: a number takes it although a Pirate was played
    assert any("white-whale" in e.cards and KIND[e.card] == NUMBER and "pirate" in e.cards for e in won)
    allied = [e for e in won if e.loot_allies]
    assert allied
    records = guide.table.state.records
    for e in allied:  # the alliance paid both of its players
        for seat in (e.seat, *e.loot_allies):
            record = next(r for r in records if r["round"] == e.round and r["seat"] == seat)
            assert record["hit"] and record["loot"] == 20


@pytest.mark.timeout(120)
def test_3_1_the_guided_rounds_end_on_round_5_s_score_sheet_with_no_next_round_dealt():
    guide, _ = followed()
    state = guide.table.state
    assert guide.done and state.is_over and state.round == ROUNDS_GUIDED
    kinds = [type(e) for e in state.events]
    assert kinds[-2:] == [RoundScored, GameOver]
    assert sum(1 for k in kinds if k is RoundDealt) == ROUNDS_GUIDED
    assert "Round 5 scores by component" in guide.table.view.round_scores.value
    # the learner made every bid: each round scored for Sam
    mine = [r for r in state.records if r["seat"] == 0]
    assert [r["round"] for r in mine] == list(range(1, ROUNDS_GUIDED + 1)) and all(r["hit"] for r in mine)


@pytest.mark.timeout(120)
def test_3_2_the_learner_must_follow_suit_and_hears_the_rules_reason_for_the_refused_card():
    guide, texts = followed()
    refused = 0
    for s in texts:
        if s.kind != "hint" or not s.where.endswith("reason") or s.state.phase != "play":
            continue
        off = [c for c in s.state.hands[0] if KIND[c] == NUMBER and Play(c) not in s.state.legal_actions(0)]
        if off:
            refused += 1
            assert s.state.why_illegal(Play(off[0]), 0) in s.text  # the rules' own words
            assert s.action.card[0] == s.state.led  # the hint follows the suit
    assert refused >= 1


@pytest.mark.timeout(120)
def test_every_special_card_is_introduced_before_the_guide_uses_it():
    _, texts = followed()
    said = [s for s in texts if s.kind in ("hint", "move")]
    for card in SPECIALS:
        name = NAME[card].split(" ", 1)[1]
        first = next(i for i, s in enumerate(said) if name in s.text)
        assert f"New card: the {name}." in said[first].text, (card, said[first].text)
        assert sum(f"New card: the {name}." in s.text for s in said) == 1  # introduced once


@pytest.mark.timeout(120)
def test_every_sentence_of_the_followed_rounds_passes_the_claims_check():
    _, texts = followed()
    assert check_claims("skull-king", "plain", texts) == []


@pytest.mark.timeout(300)
@pytest.mark.parametrize("every", (3, 1))
@pytest.mark.parametrize("seed", range(4))
def test_a_learner_taking_a_random_legal_move_every_third_decision_reaches_the_end(every, seed):
    """Every third decision, and (harder) every decision, a random legal move instead of the hint."""
    guide, texts = walked(stray_every=every, seed=seed)
    assert guide.done and guide.table.state.is_over and guide.table.state.round == ROUNDS_GUIDED
    assert any(m.followed is False for m in guide.moves)
    assert check_claims("skull-king", "plain", texts) == []
    said = [s for s in texts if s.kind in ("hint", "move")]
    for card in SPECIALS:  # whatever was played, no special card is used before its introduction
        name = NAME[card].split(" ", 1)[1]
        first = next((i for i, s in enumerate(said) if name in s.text), None)
        assert first is None or f"New card: the {name}." in said[first].text


@pytest.mark.timeout(60)
@pytest.mark.parametrize("card, before, after", [
    ("skull-king", "a bonus of 50", "a bonus of 30"),
    ("loot", "each scores 20 more", "each scores 30 more"),
])
def test_3_5_an_introduction_misstating_a_bonus_is_caught(card, before, after):
    text = introduction(card).replace(before, after)
    assert after in text
    assert check_claims("skull-king", "plain", [Said("skull-king", "plain", "hint", text, kind="hint")])


@pytest.mark.timeout(60)
def test_3_3_introductions_are_checked_against_the_rules_who_wins_a_trick(monkeypatch):
    """Were the rules to give every trick to its last card, each introduction would be false,
    and the claims check, asking the rules again, says so."""
    texts = [Said("skull-king", "plain", f"intro {c}", introduction(c), kind="hint") for c in SPECIALS]
    assert check_claims("skull-king", "plain", texts) == []
    monkeypatch.setattr(sk_claims.rules, "trick_winner", lambda cards: len(cards) - 1)
    caught = {p.check for p in check_claims("skull-king", "plain", texts)}
    assert caught >= {"a Pirate beats every number", "an Escape loses to every other card",
                      "a Pirate beats a Mermaid", "a Mermaid takes the Skull King",
                      "the Kraken destroys its trick", "the White Whale decides by numbers"}


@pytest.mark.timeout(60)
def test_a_summary_misstating_what_the_loot_alliance_paid_is_caught():
    import dataclasses

    _, texts = followed()
    line = next(s for s in texts if s.kind == "summary" and "Loot alliance" in s.text)
    assert check_claims("skull-king", "plain", [line]) == []
    wrong = dataclasses.replace(line, text=line.text.replace("+20", "+40"))
    assert check_claims("skull-king", "plain", [wrong])


@pytest.mark.timeout(60)
def test_the_guided_game_is_set_to_end_after_round_5_only_before_its_first_bid():
    guide = lopti_nb.tutorial("skull-king")
    state = guide.table.state
    assert state.rounds == [1, 2, 3, 4, 5] and state.observation(0)["rounds"] == 5
    before = list(state.rounds)
    with pytest.raises(lopti_nb.LoptiNbError):
        state.end_after(3)  # bids are in
    assert state.rounds == before
    assert get_spec("skull-king").load("tutorial") is SkullKingTutorial
    assert isinstance(guide.hint.action, Bid)
