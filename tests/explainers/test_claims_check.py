"""The claims check (:mod:`lopti_nb.explainers.claims`): every lesson step, guided-round
moment, quiz question and hint of every game, in every voice, is walked and each claim it
carries is asked of the engine again. Each error once found in the words is put back here, one
test each, and the check must catch it."""
from __future__ import annotations

import pytest

import lopti_nb
from lopti_nb.engine import get_spec
from lopti_nb.explainers import voices
from lopti_nb.explainers.claims import Said, check_claims, program_words, said, said_in_tutorial
from lopti_nb.games.lopti import lessons_texts, tutorial as lopti_tutorial
from lopti_nb.games.lopti.rules import judge

CASES = [(g, v) for g in lopti_nb.game_names() if get_spec(g).lessons is not None
         and "claims" in get_spec(g).extras for v in voices(g)]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game,voice", CASES)
def test_every_sentence_a_learner_reads_passes_the_claims_check(game, voice):
    texts = said(game, voice)
    assert len(texts) > 300  # lessons, quiz and the guided round were all walked
    problems = check_claims(game, voice, texts)
    assert problems == [], "\n".join(map(str, problems[:12]))


def _checks(game: str, voice: str, texts) -> set[str]:
    return {p.check for p in check_claims(game, voice, texts)}


def _tutorial(voice: str = "plain") -> list[Said]:
    return list(said_in_tutorial("lopti", voice))


def _lesson_text(key: str, text: str, voice: str = "plain", step: int | None = None) -> list[Said]:
    from lopti_nb.explainers import steps

    order = [s.key for s in steps("lopti", voice)]
    return [Said("lopti", voice, f"{key} text", text, order.index(key) if step is None else step)]


# -- Lopti's guided round ----------------------------------------------------------------------------
@pytest.mark.timeout(60)
def test_1_7_the_winner_voted_on_is_caught(monkeypatch):
    said_before = "After round 1 the winner writes a new rule for the next round, and the table votes on it."
    monkeypatch.setitem(lopti_tutorial.INTROS, "plain", said_before)
    assert "the winner's motion voted on" in _checks("lopti", "plain", _tutorial())


@pytest.mark.timeout(60)
def test_1_2_an_opponents_low_play_on_a_7_explained_as_higher_is_caught(monkeypatch):
    def opponent(self, state, seat, rng):
        from lopti_nb.games.lopti.bots import heuristic_bot

        action = heuristic_bot(state.observation(seat), state.legal_actions(seat), rng)
        return action, ("An ordinary rank as high as the top of the pile or higher may follow (the same "
                        "rank only with more cards, or to make four).")

    monkeypatch.setattr(lopti_tutorial.LoptiTutorial, "opponent", opponent)
    found = check_claims("lopti", "plain", _tutorial())
    assert {"reason from the engine", "a higher rank may follow"} <= {p.check for p in found}
    assert any("top of the pile is 7" in p.detail for p in found)


@pytest.mark.timeout(60)
def test_1_5_a_lone_ace_hinted_as_a_low_lead_is_caught(monkeypatch):
    monkeypatch.setitem(lopti_tutorial.SAY["plain"], "lead", "The table is empty, so you lead. Lead low, with {what}.")
    found = check_claims("lopti", "plain", _tutorial())
    assert any(p.check == "lead low" and "A is no low card" in p.detail for p in found)


@pytest.mark.timeout(60)
def test_1_5_a_lowest_card_claim_is_checked_against_the_hand(monkeypatch):
    monkeypatch.setitem(lopti_tutorial.SAY["plain"], "lowest", "{What} is your lowest ordinary card.")
    assert "lowest card held" in _checks("lopti", "plain", _tutorial())


@pytest.mark.timeout(60)
def test_1_2_the_refusal_after_a_7_letting_a_special_follow_is_caught(monkeypatch):
    bad = "A 7 goes on anything; the next play must be 4, 5 or 6 (or a special)."
    texts = [Said("lopti", "plain", "sandbox: 7 on K", bad, kind="judge")]
    assert "a special may follow a 7" in _checks("lopti", "plain", texts)
    # and the judge's own sentences now pass it
    now = [Said("lopti", "plain", "sandbox", judge(h, p).reason, kind="judge")
           for h, p in ((["K"], "7"), (["7"], "8"), (["7"], "10"), (["7"], "5"))]
    assert check_claims("lopti", "plain", now) == []


@pytest.mark.timeout(60)
def test_1_2_a_ready_motion_telling_the_table_a_special_may_follow_a_7_is_caught(monkeypatch):
    from lopti_nb.games.lopti import claims as lopti_claims, library

    rule = library.READY_DATA["sevens_warn_the_table"]["rules"][0]
    said_before = {"effect": "say", "text": "7s are down: the next play must be a 4, 5 or 6 (or a special)."}
    monkeypatch.setitem(rule, "then", [said_before] + rule["then"][1:])
    texts = [s for s in lopti_claims.more_said("plain") if s.kind == "motion"]
    assert "a special may follow a 7" in _checks("lopti", "plain", texts)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("voice", voices("lopti"))
def test_1_5_face_down_cards_one_a_turn_is_caught(voice):
    text = lessons_texts.TEXTS[voice]["goal"][1]
    put_back = text.replace("one at a time", "one a turn", 1).split(" (a face-down")[0].split(" (one that")[0]
    assert "one a turn" in put_back
    assert "face-down cards one a turn" in _checks("lopti", voice, _lesson_text("goal", put_back, voice))


@pytest.mark.timeout(60)
def test_1_6_the_turn_cap_only_for_bots_is_caught():
    bad = ("When bots play rounds by themselves, a round has a turn cap: the most turns it may run.")
    assert "the turn cap only for bots" in _checks("lopti", "plain", _lesson_text("rounds", bad))


@pytest.mark.timeout(60)
def test_1_2_the_7_directive_used_before_it_is_taught_is_caught():
    texts = _lesson_text("after_two", "A clear ends every 3 duty and every 7 directive.")
    found = check_claims("lopti", "plain", texts)
    assert any(p.check == "term before it is taught" and "7 directive" in p.detail for p in found)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("voice", voices("lopti"))
def test_1_2_the_7_directive_never_defined_is_caught(monkeypatch, voice):
    title, text = lessons_texts.TEXTS[voice]["seven"]
    undefined = text.split(" This ")[0]  # the step as it was, without the sentence naming the directive
    assert "7 directive" not in undefined and "7 order" not in undefined
    monkeypatch.setitem(lessons_texts.TEXTS[voice], "seven", (title, undefined))
    from lopti_nb.explainers import steps

    texts = [Said("lopti", voice, f"{s.key} text", s.text, i) for i, s in enumerate(steps("lopti", voice))]
    found = check_claims("lopti", voice, texts)
    assert any(p.check == "term taught" and "7 directive" in p.detail for p in found)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("voice", ("pirate", "comrade"))
def test_two_words_for_one_thing_in_a_voice_are_caught(voice):
    texts = _lesson_text("draw", "Take one card from the stock.", voice) + \
        _lesson_text("setup", "The rest form the draw pile.", voice) + \
        _lesson_text("rounds", "A round carries a turn limit, the turn cap.", voice)
    found = [p for p in check_claims("lopti", voice, texts) if p.check == "one term per thing"]
    assert len(found) == 2


@pytest.mark.timeout(60)
@pytest.mark.parametrize("voice", ("pirate", "comrade"))
def test_a_voiced_guide_giving_the_plain_voices_hints_is_caught(monkeypatch, voice):
    monkeypatch.setitem(lopti_tutorial.SAY, voice, lopti_tutorial.SAY["plain"])
    monkeypatch.setitem(lopti_tutorial.WORDS, voice, {})
    assert "hint in its own voice" in _checks("lopti", voice, _tutorial(voice))


def test_one_card_counted_in_the_plural_is_caught():
    assert program_words("Take the pile (1 cards)") == ["one with a plural"]
    assert program_words("Take the pile (1 card)") == []
    assert program_words("Seat 1 writes a motion (rules reference \u00a71.7.1).") == []


@pytest.mark.timeout(60)
def test_1_7_thirty_throws_not_said_decisive_is_caught():
    bad = "The two play rock-paper-scissors until 30 throws have produced a winner."
    assert "30 decisive throws" in _checks("lopti", "plain", _lesson_text("roshambo", bad))


@pytest.mark.parametrize("text", ["What the engine records:", "the engine does not allow a move",
                                  "its after clear hook returned", "the oracle says", "<Play object at 0x7f>"])
def test_program_words_in_learner_text_are_caught(text):
    assert program_words(text)


# -- Skull King ------------------------------------------------------------------------------------
def _skull_king_lessons(key_text: dict[str, str]) -> list[Said]:
    from lopti_nb.explainers import steps

    order = [s.key for s in steps("skull-king")]
    return [Said("skull-king", "plain", f"{key} text", text, order.index(key)) for key, text in key_text.items()]


@pytest.mark.timeout(60)
def test_3_3_an_escape_called_the_most_dangerous_card_is_caught():
    texts = [Said("skull-king", "plain", "guided round hint", "You have the tricks you bid, and the Escape "
                  "loses this trick as it stands: it is the most dangerous card you can get rid of safely.",
                  kind="hint")]
    found = check_claims("skull-king", "plain", texts)
    assert any(p.check == "the most dangerous card" for p in found)


@pytest.mark.timeout(60)
def test_3_2_cards_used_before_they_are_taught_are_caught():
    text = ("An Escape, a Loot or the Tigress played as an escape decides nothing when it leads. When a "
            "Pirate, the Skull King, a Mermaid, the Kraken or the White Whale leads, the trick is free.")
    found = check_claims("skull-king", "plain", _skull_king_lessons({"follow": text}))
    early = {p.detail.split(" is taught")[0] for p in found if p.check == "term before it is taught"}
    assert early >= {"the Loot", "the Tigress", "the Mermaid", "the Skull King", "the Kraken", "the White Whale"}


@pytest.mark.timeout(60)
def test_3_5_a_loot_step_naming_only_the_destroyed_trick_is_caught():
    text = ("A Loot plays like an escape, but it allies its player with whoever wins the trick. A "
            "destroyed trick makes no alliance.")
    found = [p for p in check_claims("skull-king", "plain", _skull_king_lessons({"loot": text}))
             if p.check == "when a Loot makes no alliance"]
    assert found and "White Whale deciding" in found[0].detail and "own win" in found[0].detail


@pytest.mark.timeout(60)
def test_3_2_a_special_lead_said_to_leave_the_suit_to_the_next_number_is_caught():
    texts = [Said("skull-king", "plain", "guided round move",
                  "A special card leads; the next number played sets the suit to follow.", kind="move")]
    assert "a special lead sets no suit" in _checks("skull-king", "plain", texts)


# -- The Drowned Ledger ------------------------------------------------------------------------------
@pytest.mark.timeout(60)
@pytest.mark.parametrize("text", ["What the engine records: Seat 1 flips Compass 1 into the haul.",
                                  "When a turn can keep the duty it must, and the engine does not allow a move "
                                  "that breaks it then."])
def test_2_6_the_programs_words_in_the_ledgers_lessons_are_caught(text):
    texts = [Said("drowned-ledger", "plain", "offices text", text, 0)]
    assert "program words" in _checks("drowned-ledger", "plain", texts)
    # the suit of machines called Engine is a word of the game, not of the program
    assert program_words("Seat 1 flips Engine 5 into the haul.") == []


@pytest.mark.timeout(60)
def test_2_4_a_sale_said_to_be_no_sea_trigger_is_caught():
    texts = [Said("drowned-ledger", "plain", "guided round move", "A sale is no sea trigger.", kind="move")]
    assert "a sale is a sea trigger" in _checks("drowned-ledger", "plain", texts)


@pytest.mark.timeout(60)
def test_2_2_a_guides_reason_written_beside_the_rules_is_caught(monkeypatch):
    from lopti_nb.games.ledger import tutorial as ledger_tutorial

    monkeypatch.setattr(ledger_tutorial.LedgerTutorial, "rules_say", staticmethod(lambda state, seat, action: ""))
    found = check_claims("drowned-ledger", "plain", list(said_in_tutorial("drowned-ledger", "plain")))
    assert {p.check for p in found} == {"reason from the engine"} and len(found) > 5


# -- winner and score claims of the guided rounds' summaries -----------------------------------------
@pytest.mark.timeout(60)
@pytest.mark.parametrize("game,wrong", [
    ("lopti", {"You won the round": "Ana played their last card first and won the round",
               "You made 54 plays": "You made 53 plays"}),
    ("skull-king", {": +20 points": ": +30 points", "you bid 1 and won 1 trick, so you made": "you bid 1 and won 1 trick, so you missed"}),
])
def test_a_summary_that_misstates_the_winner_or_the_score_is_caught(game, wrong):
    import dataclasses

    summary = [s for s in said_in_tutorial(game, "plain") if s.kind == "summary"]
    assert check_claims(game, "plain", summary) == []
    for before, after in wrong.items():
        assert any(before in s.text for s in summary), before
        put_back = [dataclasses.replace(s, text=s.text.replace(before, after)) for s in summary]
        assert check_claims(game, "plain", put_back) != [], after
