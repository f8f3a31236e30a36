"""The lessons checked as a teacher checks them, against the decided rules: each test is named
after the clause it guards and fails when a lesson teaches that clause wrong.

- the shipped references repeat no six-word run of a seed, for every game;
- the coverage table counts a sub-clause only where a step cites it (or a finer one);
- a term is used only from the step that introduces it on;
- Lopti (every voice): cleared cards may come back through a motion (1.3), a motion's effects
  include the custom clear and returning cleared cards (1.7.3), the Vote changes base law only
  where it is a setting (1.7.5), an author who voted to keep a motion defends it (1.7.6);
- Skull King: trick verdicts before the scoring steps name no scoring system (3.4) and speak
  of payment only when a bonus was captured (3.5); the Whale's following rule comes after the
  Whale (3.2);
- The Drowned Ledger: steps cite the finer clauses they teach (2.2.1 ... 2.6.1), the table
  says the claimed round is played out (2.4.1), the watch lets the player choose again
  (2.6.1), the Reckoning's diver is named in its prompt (2.3).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from lopti_nb.explainers import steps, voices
from lopti_nb.explainers.notation import learner_texts
from lopti_nb.explainers.reference import clause_coverage, clause_ids, reference_markdown

# the seed texts beside the repository; LOPTI_NB_SEEDS names them for a checkout elsewhere
SEEDS = Path(os.environ.get("LOPTI_NB_SEEDS") or Path(__file__).resolve().parents[2].parent / "shared" / "seeds")
GAMES = ("lopti", "skull-king", "drowned-ledger")


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower().replace("\u2019", "'"))


def _fragments(text: str) -> list[list[str]]:
    return [_words(f) for f in re.split(r"[.!?\n\u2014\u2013;:]+", text)]


def _step(game: str, key: str, voice: str = "plain"):
    return next(s for s in steps(game, voice) if s.key == key)


# -- the references ----------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_reference_repeats_no_six_word_run_of_a_seed(game):
    if not SEEDS.is_dir():
        pytest.skip("the seed texts are not beside the repository")
    grams = set()
    for path in SEEDS.glob("*.txt"):
        for w in _fragments(path.read_text(encoding="utf-8")):
            grams |= {tuple(w[i:i + 6]) for i in range(len(w) - 5)}
    assert len(grams) > 1000
    copied = [" ".join(w[i:i + 6]) for w in _fragments(reference_markdown(game))
              for i in range(len(w) - 5) if tuple(w[i:i + 6]) in grams]
    assert copied == []


# -- coverage ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_coverage_counts_a_sub_clause_only_where_a_step_cites_it(game):
    by_key = {s.key: s for s in steps(game)}
    for cid, keys in clause_coverage(game).items():
        for key in keys:
            cited = by_key[key].clauses
            assert any(c == cid or c.startswith(cid + ".") for c in cited), (cid, key, cited)
        assert keys, f"{cid} is taught by no step"


def test_2_2_parent_citation_does_not_cover_its_sub_clauses():
    cover = clause_coverage("drowned-ledger")
    assert "turn" in cover["2.2"]
    assert "turn" not in cover["2.2.2"] and cover["2.2.2"] == ["open", "quiz"]
    assert cover["2.6.1"] == ["watch"]


# -- terms in order ----------------------------------------------------------------------------
# term -> a pattern; it must appear in a step's title or text no later than in any verdict
TERMS = {
    "skull-king": {"Rascal's": r"\bRascal"},
    "drowned-ledger": {"haul": r"\bhaul\b", "sea trigger": r"\bsea trigger"},
}


@pytest.mark.parametrize("game", sorted(TERMS))
def test_a_term_is_introduced_before_a_verdict_uses_it(game):
    order = [s.key for s in steps(game)]
    texts = list(learner_texts(game))
    for term, pattern in TERMS[game].items():
        taught = [i for i, s in enumerate(steps(game)) if re.search(pattern, s.title + " " + s.text)]
        assert taught, term
        used = [order.index(where.split()[0]) for where, text in texts if re.search(pattern, text)]
        assert min(used) >= taught[0], (term, order[min(used)], order[taught[0]])


# -- Lopti, every voice ------------------------------------------------------------------------
@pytest.mark.parametrize("voice", voices("lopti"))
def test_1_3_cleared_cards_may_return_through_a_motion(voice):
    text = _step("lopti", "ten", voice).text
    assert not re.search(r"for good|permanently|for ever|forever", text), text
    assert re.search(r"unless|only a (motion|law)", text), text


@pytest.mark.parametrize("voice", voices("lopti"))
def test_1_7_3_motion_effects_include_the_custom_clear_and_returned_cards(voice):
    text = _step("lopti", "motion", voice).text
    assert re.search(r"custom (clear|sinking)", text), text
    assert "bonus" in text and re.search(r"draw pile", text), text
    assert "default" in text  # a bot or an absent player takes the engine's default


@pytest.mark.parametrize("voice", voices("lopti"))
def test_1_7_5_the_vote_changes_base_law_only_where_it_is_a_setting(voice):
    text = _step("lopti", "vote", voice).text
    assert "table setting" in text and "turn cap" in text, text


@pytest.mark.parametrize("voice", voices("lopti"))
def test_1_7_6_an_author_who_voted_to_keep_the_motion_defends_it(voice):
    text = _step("lopti", "roshambo", voice).text
    assert re.search(r"always defends|bound to defend", text), text
    assert re.search(r"vot\w* to (keep|retain)", text), text


# -- Lopti's verdicts, every voice -----------------------------------------------------------------
def _lopti_verdict(key: str, label: str, voice: str = "plain"):
    scene = _step("lopti", key, voice).make_scene()
    return scene.attempt(next(c.key for c in scene.choices() if c.label == label))


@pytest.mark.parametrize("voice", voices("lopti"))
def test_1_5_the_learner_is_you_in_the_log_of_every_board_step(voice):
    """The learner acts for the seat to act: the log says "You play", never "Seat 1 plays"
    beside "Next to act: you", and the pirate's "ye" is kept there too."""
    you = "ye" if voice == "pirate" else "you"
    for step in steps("lopti", voice):
        scene = step.make_scene()
        state = getattr(scene, "state", None)
        if state is None or not hasattr(state, "current_player") or state.current_player is None:
            continue
        me = f"Seat {state.current_player + 1}"
        for choice in scene.choices():
            v = step.make_scene().attempt(choice.key)
            for text in [v.reason, *v.events]:
                assert not re.search(rf"\b{me}\b", text), (step.key, choice.label, text)
            for text in v.events:
                if text.startswith("Next to act: "):
                    assert not text.startswith("Next to act: you") or you == "you", (step.key, text)


def test_1_1_a_play_of_cards_you_do_not_hold_is_said_in_words():
    v = _lopti_verdict("one_rank", "Play three 5s")
    assert v.legal is False and "\u00d7" not in v.reason and "two 5s" in v.reason, v.reason


def test_1_2_matching_with_more_names_the_last_play_in_words():
    refused = _lopti_verdict("match_more", "Play a 9").reason
    assert "does neither" in refused and "(a 9)" in refused and "(1)" not in refused, refused
    legal = _lopti_verdict("match_more", "Play two 9s").reason
    assert legal.startswith("Two 9s outnumber the last play (a 9)"), legal


def test_1_2_a_single_card_completing_four_is_one_card():
    reason = _lopti_verdict("four", "Play a 9").reason
    assert reason.startswith("This 9 completes four 9s"), reason
    assert "These" not in reason and "you take a bonus play" in reason, reason


@pytest.mark.parametrize("key, label", [("ten", "Play a 10"), ("bonus", "Play a 10"),
                                        ("four", "Play a 9"), ("chain", "Play a 3")])
def test_1_3_the_clearer_is_told_you_take_the_bonus_play(key, label):
    reason = _lopti_verdict(key, label).reason
    assert "you take a bonus play" in reason and "the player takes" not in reason, reason
    assert "clears the pile. The pile is cleared" not in reason, reason


def test_1_3_the_fourth_3_passes_no_duty_on():
    reason = _lopti_verdict("chain", "Play a 3").reason
    assert "passes it on" not in reason and "no duty passes on" in reason, reason


@pytest.mark.parametrize("voice", voices("lopti"))
def test_1_4_a_duty_refusal_quoted_in_the_log_says_no_you(voice):
    v = _lopti_verdict("blind_duty", "Play face-down card 2", voice)
    miss = next(e for e in v.events if "cannot be played" in e)
    assert "you must" not in miss and "only 3s may be played" in miss, miss
    # quoted mid-sentence after "refused it:", the refusal goes on in lower case
    assert re.search(r"refused it: a 3 duty is live", v.reason), v.reason


@pytest.mark.parametrize("voice", voices("lopti"))
def test_1_6_the_last_card_is_said_to_win_the_round(voice):
    v = _lopti_verdict("win", "Play face-down card 1", voice)
    assert "last card" in v.reason and re.search(r"\bwin the round", v.reason), v.reason
    assert "\u00a71.6" in v.reason, v.reason


def test_1_3_going_out_on_a_clear_is_told_no_bonus_play():
    v = _lopti_verdict("out_on_clear", "Play face-down card 1")
    assert "no bonus play" in v.reason and "\u00a71.3" in v.reason and "\u00a71.6" in v.reason, v.reason


def test_1_6_a_refused_swap_speaks_of_your_hand():
    v = _lopti_verdict("setup", "Swap 5\u2663 (hand) for 2\u2663 (face up)")
    assert v.legal is False and "your hand" in v.reason, v.reason


def test_1_6_the_next_round_dealt_and_led_by_you_says_you_once():
    scene = _step("lopti", "rounds").make_scene()
    v = scene.attempt("next")
    assert "Seat 1" not in v.headline and "dealt and led by you" in v.headline, v.headline


def test_1_7_1_a_refused_headline_keeps_the_capital_of_a_seat():
    heads = [t for where, t in learner_texts("lopti") if where.endswith("headline")]
    assert [h for h in heads if re.search(r"\bseat \d", h)] == []


@pytest.mark.parametrize("label, cited", [("A motion that acts at the vote", ("1.7.2", "1.7.6")),
                                          ("A motion whose code names Seat 3", ("1.7.2",))])
def test_1_7_2_a_motion_refusal_cites_the_limit_that_decides_it(label, cited):
    v = _lopti_verdict("motion", label)
    assert v.legal is False and "\u00a71.7.1" not in v.reason, v.reason
    for c in cited:
        assert "\u00a7" + c in v.reason, v.reason


def test_1_7_2_a_motion_naming_a_seat_is_told_the_seat_counted_from_1():
    v = _lopti_verdict("motion", "A motion whose code names Seat 3")
    assert "(Seat 3)" in v.reason and "(2)" not in v.reason, v.reason


def test_1_7_6_a_change_to_the_vote_cites_the_clause_that_fixes_the_vote():
    v = _lopti_verdict("motion_limits", "A proposal to change the Rule Vote's majority")
    assert "\u00a71.7.6" in v.reason, v.reason


def test_1_7_3_a_custom_clear_counts_among_the_events_the_motion_added():
    v = _lopti_verdict("motion_limits", "Code that clears the pile after every pair (a custom clear)")
    assert re.search(r"Events the motion added: [1-9]\d*, \d+ of them custom clears", v.events[0]), v.events[0]
    assert re.search(r"Clears made: (\w+) by Seat 1", v.events[0]), v.events[0]


def test_1_7_4_a_motion_log_says_what_the_vote_did_in_the_past_tense():
    events = _lopti_verdict("withdraw", "The author rewrites it (Rule Vote, 3 yes)").events
    events += _lopti_verdict("withdraw", "Bring back the withdrawn motion by a Rule Vote").events
    assert any("amended by Rule Vote" in e for e in events) and any("restored by Rule Vote" in e for e in events)
    assert not any(re.search(r"(amend|restore) by", e) for e in events), events


def test_1_7_4_the_absent_author_cases_are_said_to_be_a_new_session():
    scene = _step("lopti", "withdraw").make_scene()
    assert "new session" in scene.prompt, scene.prompt


def test_1_7_5_a_base_law_change_says_what_changes_and_when():
    events = _lopti_verdict("vote", "Base law: play on for places, 3 yes").events
    assert any("play on for places" in e and "next round" in e for e in events), events


def test_1_3_a_10_led_onto_an_empty_table_is_said_to_clear_in_the_sandbox():
    box = _step("lopti", "sandbox").make_scene()
    v = box.ask("10")
    assert v.legal and "10 clears even an empty table" in v.reason, v.reason
    assert "may lead, and the player" not in v.reason, v.reason


def test_1_2_8_too_high_for_a_7_is_said_with_its_article():
    assert "An 8 is too high" in _lopti_verdict("seven", "Play an 8").reason
    box = _step("lopti", "sandbox").make_scene()
    box.lay("7")
    assert "9s are too high" in box.ask("9 9").reason


@pytest.mark.parametrize("voice", voices("lopti"))
def test_1_5_blind_card_and_miss_are_introduced_before_a_verdict_uses_them(voice):
    order = [s.key for s in steps("lopti", voice)]
    texts = list(learner_texts("lopti", voice))
    for term, pattern in {"miss": r"\bmiss\b", "blind card": r"\bblind card"}.items():
        taught = [i for i, s in enumerate(steps("lopti", voice)) if re.search(pattern, s.title + " " + s.text)]
        used = [order.index(where.split()[0]) for where, text in texts
                if " verdict " in where and re.search(pattern, text)]
        assert taught and used and min(used) >= taught[0], (term, voice)


@pytest.mark.parametrize("voice", voices("lopti"))
def test_1_4_a_3_duty_named_before_its_step_says_it_comes_later(voice):
    order = steps("lopti", voice)
    first = next(i for i, s in enumerate(order) if s.key == "three_duty")
    early = [s for s in order[:first] if re.search(r"\bduty\b", s.text)]
    assert early, voice
    assert re.search(r"taught a few steps on|comes a few steps on|set out a few steps on", early[0].text), \
        early[0].text


@pytest.mark.parametrize("voice", voices("lopti"))
def test_1_3_a_bonus_play_is_said_to_earn_no_draw(voice):
    scene = _step("lopti", "bonus", voice).make_scene()
    scene.attempt(next(c.key for c in scene.choices() if c.label == "Play two 10s"))
    v = scene.attempt(next(c.key for c in scene.choices() if c.label == "Play a 4"))
    assert v.legal and "earns no draw" in v.reason and "\u00a71.3" in v.reason, v.reason
    assert not any("play a bonus play" in e for e in v.events), v.events
    assert any(re.match(r"(Your|Yer) bonus play: 4", e) for e in v.events), v.events


@pytest.mark.parametrize("label, said", [("Play an 8", "still hold three cards, so you draw none"),
                                         ("Play two 8s", "hold two cards, fewer than three, so you draw one")])
def test_1_5_the_draw_verdict_says_why_a_card_is_drawn_or_not(label, said):
    v = _lopti_verdict("draw", label)
    assert said in v.reason and "\u00a71.5" in v.reason, v.reason


@pytest.mark.parametrize("voice", voices("lopti"))
def test_1_5_taking_up_the_face_up_cards_is_explained_in_the_verdict(voice):
    v = _lopti_verdict("face_up", "Play a K", voice)
    assert "face-up cards" in v.reason and "empty" in v.reason and "\u00a71.5" in v.reason, v.reason


# -- Skull King --------------------------------------------------------------------------------
def test_3_5_a_trick_without_a_bonus_says_nothing_of_payment():
    texts = [t for where, t in learner_texts("skull-king") if where.endswith("reason")]
    for t in texts:
        if "Bonus 0:" in t:
            assert "paid" not in t, t


def test_3_5_a_captured_bonus_is_said_to_need_an_exact_bid():
    v = _step("skull-king", "numbers").make_scene().attempt("P14")
    assert "Bonus 10" in v.reason and "exactly" in v.reason and "Rascal" not in v.reason


def test_3_5_a_trick_verdict_headline_without_a_bonus_names_no_bonus():
    heads = [t for where, t in learner_texts("skull-king") if where.endswith("headline")]
    assert any("win" in h for h in heads)
    assert [h for h in heads if re.search(r"bonus 0\b", h, re.I)] == []


def test_3_1_the_deal_cap_is_rounded_down_in_the_lesson_and_the_reference():
    assert "rounded down" in _step("skull-king", "deal").text
    section = reference_markdown("skull-king").split("## 3.1", 1)[1].split("## 3.2", 1)[0]
    assert re.search(r"divided by\s+the number of players, rounded down", section), section[:400]


def test_3_2_the_whale_following_rule_comes_after_the_whale():
    order = [s.key for s in steps("skull-king")]
    assert order.index("whale") < order.index("whale_follow")


# -- The Drowned Ledger ------------------------------------------------------------------------
@pytest.mark.parametrize("key, cid", [("dive", "2.2.1"), ("near_miss", "2.2.1"), ("hold", "2.2.1"),
                                      ("open", "2.2.2"), ("sell", "2.2.3"), ("sea", "2.4.1"),
                                      ("scoring", "2.5.1"), ("watch", "2.6.1")])
def test_2_x_steps_cite_the_finer_clause_they_teach(key, cid):
    assert cid in _step("drowned-ledger", key).clauses


def test_2_4_1_the_table_says_the_claimed_round_is_played_out():
    text = _step("drowned-ledger", "components").text
    assert "game ends when it reaches 10" not in text
    assert re.search(r"ends with that round", text), text


def test_2_6_1_the_watch_lets_the_player_choose_again():
    text = _step("drowned-ledger", "watch").text
    assert "chooses again" in text and "keeping the duty" in text, text


def test_2_3_the_reckoning_prompt_names_the_diver():
    scene = _step("drowned-ledger", "reckoning").make_scene()
    events = scene.attempt("The Sea Takes It All").events
    diver = re.match(r"(Seat \d+) flips", events[0]).group(1)
    assert diver in scene.prompt, scene.prompt


def test_2_6_the_offices_overview_introduces_the_office_its_verdicts_name():
    step = _step("drowned-ledger", "offices")
    named = {w for where, t in learner_texts("drowned-ledger") if where.startswith("offices verdict")
             for w in re.findall(r"\b(Harbourmaster|Auditor|Broker|Smuggler)\b", t)}
    assert named
    for office in named:
        assert office in step.text, office


def test_ids_cited_are_all_reference_ids():
    for game in GAMES:
        ids = set(clause_ids(game))
        assert {c for s in steps(game) for c in s.clauses} <= ids
