"""The Drowned Ledger's lessons teach the rules right, in words a learner reads.

Every learner-visible text passes the Python-notation scan in every voice; the steps cite the
rules reference that ships with the game, every clause of it is taught on an engine-checked
position, and each rule a lesson once got wrong has a test of its own. ``-s`` prints the coverage
table (clause id -> step keys)."""
import re

import ipywidgets as W
import pytest

import lopti_nb
from lopti_nb.explainers import steps, voices
from lopti_nb.explainers.notation import learner_texts, notation_found, python_notation, visible_text
from lopti_nb.explainers.reference import clause_coverage, clause_ids, reference, unknown_citations
from lopti_nb.games.ledger import lessons
from lopti_nb.games.ledger.cards import Card
from lopti_nb.widgets.testing import visible_widgets

GAME = "drowned-ledger"
C = Card.parse


def step(key, voice="plain"):
    return next(s for s in steps(GAME, voice) if s.key == key)


def verdicts(key):
    """(choice label, verdict) for every choice of step ``key``, each on a fresh scene."""
    out = []
    for choice in step(key).make_scene().choices():
        out.append((choice.label, step(key).make_scene().attempt(choice.key)))
    return out


def all_texts(voice="plain"):
    return list(learner_texts(GAME, voice))


# -- the shell's checks ------------------------------------------------------------------------

@pytest.mark.parametrize("voice", voices(GAME))
def test_every_learner_text_passes_the_notation_scan(voice):
    assert notation_found(GAME, voice) == []


@pytest.mark.parametrize("voice", voices(GAME))
def test_steps_cite_only_clauses_of_the_shipped_reference(voice):
    assert unknown_citations(GAME, voice) == []
    assert all(s.clauses for s in steps(GAME, voice))
    # a step cites the finest clause it teaches (2.2.1 for a dive), so the coverage table says
    # which sub-clauses a step takes up; every clause of the reference is cited somewhere
    assert {c for s in steps(GAME, voice) for c in s.clauses} == set(clause_ids(GAME))


def test_the_reference_ships_with_the_game_with_the_rulings_clause_ids():
    ids = clause_ids(GAME)
    assert {"2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8"} <= set(ids)
    assert [c.clauses for c in lopti_nb.rules(GAME)] == [(i,) for i in ids]
    for clause in reference(GAME):
        assert clause.text and not python_notation(clause.text.replace("`", "")), clause.id


@pytest.mark.parametrize("voice", voices(GAME))
def test_every_clause_is_taught_on_an_engine_checked_position(voice):
    cover = clause_coverage(GAME, voice)
    checked = {}
    for s in steps(GAME, voice):
        try:
            s.make_scene().check()
            checked[s.key] = True
        except AssertionError:
            checked[s.key] = False
    print(f"\nThe Drowned Ledger, voice {voice!r}: clause -> steps teaching it")
    for cid, keys in cover.items():
        print(f"  {cid:6} {', '.join(keys)}")
    bad = [k for k, ok in checked.items() if not ok]
    assert bad == []
    assert all(any(checked[k] for k in keys) for keys in cover.values()), cover


# -- the fixes ---------------------------------------------------------------------------------

def test_2_6_notary_duty_is_taught_as_open_and_sell_only_and_a_dive_is_allowed():
    text = step("office_notary").text
    assert "dive, open or sell" not in text
    assert "opens on two turns running" in text and "sells on two turns" in text
    assert "a dive is always allowed" in text
    got = dict(verdicts("office_notary"))
    assert got["Sell Lantern 2"].legal is False and "Notary" in got["Sell Lantern 2"].reason
    assert got["Open Lantern 2"].legal is True
    dive = next(v for label, v in got.items() if label.startswith("Dive"))
    assert dive.legal is True and "diving is always allowed" in dive.reason


def test_2_5_1_the_clean_ledger_is_introduced_before_it_is_used():
    first = None
    for where, text in all_texts():
        if "clean ledger" in text.lower():
            first = where
            break
    assert first in ("scoring title", "scoring text")
    assert "keeps the clean ledger, worth 5" in step("scoring").text


def test_2_2_1_shuffle_a_new_wreck_says_what_it_did():
    order = [s.key for s in steps(GAME)]
    lesson = lopti_nb.explain(GAME, start=order.index("dive"))
    shown = list(visible_widgets(lesson))
    button = next(w for w in shown if isinstance(w, W.Button) and w.description == "Shuffle a new wreck")
    note = next(w for w in shown if isinstance(w, W.HTML) and "Wreck number" in w.value)
    assert "Wreck number 1" in visible_text(note.value)
    fresh = lesson.position.value
    dive = next(b for b in lesson.choice_buttons if b.description.startswith("Dive"))
    dive.click()  # the learner dives: a card is face up in the haul
    assert lesson.last_verdict.legal is True and lesson.position.value != fresh
    assert not button.disabled
    button.click()
    words = visible_text(note.value)
    assert "Wreck number 2" in words and "fresh shuffle" in words and "58 cards" in words
    assert python_notation(words) == []
    assert "haul of this dive" not in visible_text(lesson.position.value)  # the dive starts again
    assert any(b.description.startswith("Dive") for b in lesson.choice_buttons)
    assert note in list(visible_widgets(lesson))  # updated in place, still on screen


def test_seats_are_counted_from_1_in_every_learner_text():
    for where, text in all_texts():
        assert not re.search(r"\b[Ss]eats? 0\b", text), (where, text)


def test_no_internal_names_reach_the_learner():
    for where, text in all_texts():
        assert "catch_probability" not in text and "risk." not in text, where
        assert "engine accepts" not in text.lower(), where


def test_every_legal_move_gets_its_reason_from_a_clause():
    for s in steps(GAME):
        for label, v in verdicts(s.key):
            assert v.reason, (s.key, label)
            if v.legal is not None:
                assert re.search(r"\(\d\.\d(\.\d)?", v.reason), (s.key, label, v.reason)


def test_outcomes_are_not_legality_questions():
    for key in ("sea", "reckoning", "scoring", "ai", "hotseat"):
        assert {v.legal for _, v in verdicts(key)} == {None}, key
    caught = dict(verdicts("watch"))
    dive = next(v for label, v in caught.items() if label.startswith("Dive"))
    # the table watch refuses nothing: the move is legal, and the verdict says it was undone
    assert dive.legal is True and "caught by the table watch and undone" in dive.headline
    assert "(2.6.1)" in dive.reason


def test_2_2_3_a_sale_explains_the_price_and_the_sea():
    got = dict(verdicts("sell"))
    v = got["Sell Lantern 5"]
    assert v.legal is True
    assert "4 coins for this Lantern" in v.reason and "falls to 3" in v.reason
    assert "the sea rises at once, to 6" in v.reason
    broker = dict(verdicts("office_broker"))["Sell Compass 1"]
    assert "7 coins, the price of 6 and 1 more from your privilege" in broker.reason


def test_2_2_2_an_open_names_who_receives_the_gifts():
    v = dict(verdicts("open"))["Open Compass 3, Lantern 2, Lantern 4"]
    assert v.legal is True and "Seat 2 receives 1 coin and Seat 3 receives 2 coins" in v.reason


# -- the sea as it now moves (2.4) ---------------------------------------------------------------

def test_2_4_the_sea_step_teaches_the_first_trigger_not_the_rounds_end():
    text = step("sea").text
    assert "at the moment of the round's first sea trigger" in text
    assert "only when a round ends" not in text
    got = dict(verdicts("sea"))
    assert got["Seat 1 sells"].data["seas"] == [(0, 5), (1, 5), (2, 5)]
    assert "Seat 1's turn, from 4 to 5" in got["Seat 1 sells"].headline
    assert got["Seat 1 sells, then Seat 2 draws The Sea Rises Twice"].data["sea"] == 5
    assert got["Seat 2 draws The Sea Rises Twice"].data["sea"] == 6
    assert got["Seat 2 draws The Water Holds"].data["sea"] == 4


def test_2_4_1_the_claim_mid_round_is_taught_on_an_engine_position():
    v = dict(verdicts("sea"))["The sea stands at 9 and Seat 1 sells"]
    assert v.data["over"] and v.data["seas"] == [(0, 10), (1, 10), (2, 10)]
    assert "the round is played out, then the game is over" in v.headline
    assert "(2.4.1)" in v.reason


def test_2_4_a_sale_early_in_a_round_makes_the_next_dive_live_in_the_lesson():
    assert "a sale early in a round makes the later dives of that round riskier" in step("sea").text
    got = dict(verdicts("sea"))
    sold = got["Seat 1 sells, then Seat 2 dives into Hazard 5"]
    opened = got["Seat 1 opens, then Seat 2 dives into Hazard 5"]
    assert sold.data["live"] is True and sold.data["sea"] == 5 and "Seat 2 is caught" in sold.headline
    assert opened.data["live"] is False and opened.data["sea"] == 4 and "near-miss" in opened.headline
    assert "(2.4, 2.2.1)" in sold.reason
    step("sea").make_scene().check()


# -- the risk explorer's words --------------------------------------------------------------------

def test_the_risk_explorer_reads_as_prose_and_knows_the_sea_moves_mid_round():
    from lopti_nb.games.ledger.risk_explorer import RiskExplorer

    explorer = RiskExplorer(draw=False)
    for sea in (3, 9):
        explorer.sea.value = sea  # as a person drags the slider
        words = visible_text(explorer.summary.value)
        assert python_notation(words) == [], words
        assert "first sea trigger" in words
    shown = " ".join(visible_text(w.value) for w in visible_widgets(explorer) if isinstance(w, W.HTML))
    assert python_notation(shown) == []


def test_the_finer_clauses_are_named_where_they_decide():
    texts = [text for _, text in all_texts()]
    for cid in clause_ids(GAME):
        if cid.count(".") == 2:
            assert any(re.search(rf"[(, ]{re.escape(cid)}[),]", t) for t in texts), cid


def test_progressive_lessons_read_as_prose_all_the_way_through():
    # learner_texts tries only the first move of each step; a dive goes on, so play it out
    for s in steps(GAME):
        scene = s.make_scene()
        if not getattr(scene, "progressive", False):
            continue
        for _ in range(12):
            choices = scene.choices()
            if not choices:
                break
            for choice in choices:  # the first legal one plays on; refusals are read too
                v = scene.attempt(choice.key)
                texts = [visible_text(scene.draw()), v.headline, v.reason, *v.events,
                         *(c.label for c in scene.choices())]
                for text in texts:
                    assert python_notation(text) == [], (s.key, text)
                    assert not re.search(r"\b[Ss]eats? 0\b", text), (s.key, text)
                assert v.legal is not None and v.reason, (s.key, v.headline)
                if v.legal:
                    break
