"""The Drowned Ledger's guided game (``lopti_nb.tutorial("drowned-ledger")``): the learner holds
an office, one decision is forced by its duty (the rules' refusal names the office) and one uses
its privilege, the game goes on to the Sea Claims and the final count, each bonus explained from
the engine's count; a learner who makes a random legal move at every third decision still
reaches the end; and a false word about the offices or the count is caught by the claims check."""
from __future__ import annotations

import dataclasses
import random
import re

import pytest

import lopti_nb
from lopti_nb.explainers.claims import Said, check_claims, said_in_tutorial
from lopti_nb.games.ledger.actions import Dive, FlipAgain, Surface
from lopti_nb.games.ledger.events import GameEnded, Paid, SeaRose

GAME = "drowned-ledger"
_FOLLOWED = {}


def followed():
    """The guided game followed hint by hint to its end (made once per test run)."""
    if not _FOLLOWED:
        guide = lopti_nb.tutorial(GAME)
        for _ in range(500):
            if guide.done:
                break
            guide.take_hint()
        _FOLLOWED["guide"] = guide
    return _FOLLOWED["guide"]


def _replay(guide):
    """Every decision of the followed game as (position before it, seat, action), replayed on
    the script's own deal."""
    table = guide.table
    state = table.state_class(table.players, guide.script.seed, **table.settings)
    guide.script.prepare(state)
    out = []
    for action in guide.table.state.actions:
        seat = state.current_player
        out.append((state.copy(), seat, action))
        state.apply(action, seat)
    assert state.events == guide.table.state.events  # the replay is the game the guide played
    return out


@pytest.mark.timeout(120)
def test_2_6_the_learner_holds_an_office_as_a_real_game_deals_them():
    guide = followed()
    state = guide.table.state
    assert state.mode == "offices" and all(state.office_of(s) is not None for s in range(3))
    office = state.office_of(0)
    assert office.duty in guide.heading.value and office.privilege in guide.heading.value


@pytest.mark.timeout(120)
def test_2_6_a_duty_forces_a_decision_and_the_refused_move_names_the_office():
    guide = followed()
    office = guide.table.state.office_of(0).name
    forced = []
    for before, seat, action in _replay(guide):
        if seat != 0:
            continue
        legal = before.legal_actions(0)
        everything = [FlipAgain(), Surface()] if before.phase == 1 else [Dive()]
        refused = [a for a in everything if a not in legal and before.why_illegal(a, 0)]
        if len(legal) == 1 and any(office in before.why_illegal(a, 0) for a in refused):
            forced.append((before, action, refused))
    assert forced, "no decision of the learner was forced by the office's duty"
    before, action, refused = forced[0]
    assert action == before.legal_actions(0)[0]
    why = before.why_illegal(refused[0], 0)
    assert any(why in reason for reason in guide.reasons)  # the hint quotes the rules' refusal


@pytest.mark.timeout(120)
def test_2_6_the_move_the_duty_refuses_shows_the_rules_reason_on_screen_and_changes_nothing():
    from lopti_nb.explainers.notation import visible_text

    guide = lopti_nb.tutorial(GAME)
    for _ in range(20):
        if guide.table.state.legal_actions(0) == [FlipAgain()]:
            break
        guide.take_hint()
    else:
        pytest.fail("the guided game never reached the decision its duty forces")
    state = guide.table.state
    why = state.why_illegal(Surface(), 0)
    assert "Lamplighter" in why and why in guide.hint.why
    assert why in visible_text(guide.table.refusals.value)  # printed under the greyed-out button
    before = (len(state.actions), len(state.events))
    guide.table.act(Surface())
    assert (len(state.actions), len(state.events)) == before
    assert guide.refusal == why and "Nothing changed" in guide.guide_html.value


@pytest.mark.timeout(120)
def test_2_6_the_learners_privilege_pays_and_the_guide_says_so():
    guide = followed()
    state = guide.table.state
    office = state.office_of(0)
    paid = [e for e in state.events if isinstance(e, Paid) and e.seat == 0 and e.reason.startswith(office.name)]
    assert paid
    assert any(f"privilege as the {office.name} just paid you" in r for r in guide.reasons)


@pytest.mark.timeout(120)
def test_2_4_2_5_the_game_goes_on_to_the_sea_claims_and_the_engines_final_count():
    guide = followed()
    state = guide.table.state
    assert state.is_over and guide.done
    assert any(isinstance(e, SeaRose) and e.claimed for e in state.events)
    ended = [e for e in state.events if isinstance(e, GameEnded)]
    assert len(ended) == 1 and not ended[0].stalemate
    summary = " ".join(guide.script.summary(state, guide.moves))
    for name, part, score in zip(guide.script.names, state.score_breakdown(), ended[0].scores):
        assert part["total"] == score
        assert f"{name}'s final count:" in summary and f"= {score} points." in summary
    assert "Suit sets:" in summary and "The clean ledger:" in summary
    assert any(p["sets"] for p in state.score_breakdown())  # the guided game shows a suit set scored
    assert any(p["clean_ledger"] for p in state.score_breakdown())


@pytest.mark.timeout(300)
@pytest.mark.parametrize("seed", range(4))
def test_a_learner_making_a_random_legal_move_every_third_decision_still_reaches_the_end(seed):
    rng = random.Random(seed)
    guide = lopti_nb.tutorial(GAME)
    decisions = 0
    for _ in range(500):
        if guide.done:
            break
        decisions += 1
        if decisions % 3 == 0:
            state = guide.table.state
            guide.table.act(rng.choice(state.legal_actions(guide.table.viewer)))
        else:
            guide.take_hint()
    assert guide.done and guide.table.state.is_over
    assert any(m.followed is False for m in guide.moves)
    assert all(len(r) > 20 for r in guide.reasons)
    lines = guide.script.summary(guide.table.state, guide.moves)
    assert sum("final count" in line for line in lines) == 3
    end = guide.table.state
    texts = [Said(GAME, "plain", f"summary {n}", line, kind="summary", state=end, seat=0)
             for n, line in enumerate(lines)]
    assert check_claims(GAME, "plain", texts) == []  # the count of this game, whatever was played


def _summary():
    return [s for s in said_in_tutorial(GAME, "plain") if s.kind == "summary"]


def _hints():
    return [s for s in said_in_tutorial(GAME, "plain") if s.kind == "hint"]


def _bump(text: str, pattern: str) -> str:
    """``text`` with the number of the first ``pattern`` match (its group 1) one higher."""
    match = re.search(pattern, text)
    assert match, pattern
    return text[:match.start(1)] + str(int(match.group(1)) + 1) + text[match.end(1):]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("pattern", [r"final count: (\d+) coin", r"= (\d+) points\.", r"\+ (\d+) for open machines",
                                     r"worth (\d+) points\.", r"most open machines is (\d+)", r"wins? with (\d+)",
                                     r"in round (\d+) the sea"])
def test_2_5_a_final_count_that_misstates_a_number_is_caught(pattern):
    summary = _summary()
    assert check_claims(GAME, "plain", summary) == []
    put_back = [dataclasses.replace(s, text=_bump(s.text, pattern)) if re.search(pattern, s.text) else s
                for s in summary]
    assert put_back != summary
    assert check_claims(GAME, "plain", put_back) != []


@pytest.mark.timeout(120)
@pytest.mark.parametrize("before,after", [("Ana wins", "Ben wins"), ("shown by Sam and Ben", "shown by Sam"),
                                          ("of Orrery", "of Compass")])
def test_2_5_a_final_count_naming_the_wrong_player_or_suit_is_caught(before, after):
    summary = _summary()
    assert any(before in s.text for s in summary), before
    put_back = [dataclasses.replace(s, text=s.text.replace(before, after)) for s in summary]
    assert check_claims(GAME, "plain", put_back) != []


@pytest.mark.timeout(120)
@pytest.mark.parametrize("before,after", [
    ("the Lamplighter's duty forbids it", "the Broker's duty forbids it"),
    ("just paid you 1 coin", "just paid you 2 coins"),
    ("worth 4 more points", "worth 6 more points"),
    ("The sea stands at 8", "The sea stands at 7"),
])
def test_2_6_a_hint_misstating_a_duty_a_privilege_or_a_set_is_caught(before, after):
    hints = _hints()
    assert check_claims(GAME, "plain", hints) == []
    assert any(before in s.text for s in hints), before
    put_back = [dataclasses.replace(s, text=s.text.replace(before, after)) for s in hints]
    assert check_claims(GAME, "plain", put_back) != []


@pytest.mark.timeout(120)
def test_2_6_a_refusal_claimed_where_the_rules_allow_the_move_is_caught():
    hints = _hints()
    allowed = next(s for s in hints if s.action == Surface() and s.where.endswith("reason"))
    wrong = dataclasses.replace(allowed, text="The rules refuse Surface now: the Lamplighter's duty forbids it. "
                                + allowed.text)
    assert [p.check for p in check_claims(GAME, "plain", [wrong])] == ["a duty refuses"]
