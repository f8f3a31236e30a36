"""The front doors of motions as data, the motion lab, the bots' evidence, the session's actions
and check_game, given what a hostile or careless person gives them: each refusal is a typed
error (a ValueError of the package) with a short sentence, nothing changes, and nothing hangs."""
import json

import numpy as np
import pytest

import lopti_nb
from lopti_nb.engine import IllegalAction, LoptiNbError
from lopti_nb.games.lopti.motions import Motion, MotionError
from lopti_nb.games.lopti.motions import data as motion_data
from lopti_nb.games.lopti.session_game import Author, Ballot, CallVote, Withdraw

PICKUP = {"when": "after pickup", "then": [{"effect": "reveal"}]}


def deep(levels: int):
    value = 5
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize("where", ["n", "value"])
def test_a_motion_nested_thousands_of_lists_deep_is_refused_with_a_sentence(where):
    if where == "n":
        data = {"when": "after play", "then": [{"effect": "draw", "n": deep(3000)}]}
    else:
        data = {"when": "after play", "if": [{"fact": "count", "op": "is", "value": deep(3000)}],
                "then": [{"effect": "draw"}]}
    with pytest.raises(MotionError, match="nested more than"):
        Motion.from_data(data)


@pytest.mark.parametrize("call", [
    lambda: motion_data.motion_words(PICKUP, ["plain"]),
    lambda: motion_data.ops_of(["rank"]),
    lambda: motion_data.values_of({}),
    lambda: motion_data.effect_fields(["draw"]),
    lambda: motion_data.fact_words(["rank"]),
    lambda: motion_data.facts_at(["after play"]),
])
def test_the_language_menus_refuse_a_name_that_is_not_text(call):
    with pytest.raises(MotionError):
        call()


@pytest.mark.parametrize("text", ["\u200b\u3164\u00ad", "\u2800 \u3164", "a\0b", "a\u202eb", "\ue000\ue001"])
def test_1_7_says_and_titles_without_visible_characters_or_with_hidden_ones_are_refused(text):
    with pytest.raises(MotionError, match="shown .*as written"):
        Motion.from_data({"when": "after pickup", "then": [{"effect": "say", "text": text}]})
    with pytest.raises(MotionError, match="shown as written"):
        Motion.from_data({"title": text, **PICKUP})


def test_1_7_every_say_is_quoted_as_its_author_wrote_it():
    words = motion_data.motion_words({"when": "after pickup", "then": [
        {"effect": "say", "text": "first {pile}"}, {"effect": "say", "text": "second"}]}, "pirate")
    assert words.count('"second"') == 1 and '"first [the size of the heap]"' in words


def test_the_builder_reads_its_numbers_field_in_one_pass_and_refuses_what_is_not_numbers():
    from lopti_nb.games.lopti.builder import read_numbers

    for text in ("9" * 5000, "1" + " " * 100_000 + "x", "1, 2, x", "", "٣"):
        with pytest.raises(MotionError, match="whole numbers"):
            read_numbers(text, 1)
    assert read_numbers("1 2,3;  4", 1) == [1, 2, 3, 4]


def test_the_builder_shows_the_refusal_of_a_numbers_field_far_too_long():
    from lopti_nb.games.lopti.builder import MotionBuilder

    builder = MotionBuilder()
    editor = builder.rules[0]
    editor.phase.value, editor.event.value = "after", "play"
    editor.add_condition.click()
    row = editor.conditions[-1]
    row.fact.value, row.op.value = "count", "one of"
    row.numbers.value = "9" * 5000  # the observer must not raise
    assert builder.submit_button.disabled
    assert "whole numbers" in builder.reason


def test_the_bots_evidence_takes_a_motion_as_data_and_refuses_what_is_no_motion():
    from lopti_nb.games.lopti.evidence import evidence, pick_motion, vote_by_evidence

    data = {"when": "after pickup", "then": [{"effect": "draw", "who": "others"}]}
    low_mid_high = evidence(data, "author", players=2, budget=2)
    assert len(low_mid_high) == 3
    assert vote_by_evidence(data, "author", players=2, budget=2) in (True, False)
    with pytest.raises(MotionError):
        pick_motion([123], players=2, budget=2)
    with pytest.raises(MotionError):
        evidence(object(), "author", players=2, budget=2)


def test_the_lab_names_its_findings_and_refuses_one_it_has_not():
    from lopti_nb.games.lopti.lab import motion_lab

    lab = motion_lab("ace_tax", players=2, sessions=2, rounds=1, progress=False)
    with pytest.raises(LoptiNbError, match="no finding 'nosuch'; the findings are: "):
        lab.finding("nosuch")


def test_check_game_refuses_checks_that_are_not_names():
    from lopti_nb.testing import check_game

    for checks in (123, [1, 2], {"a": 1}, b"x"):
        with pytest.raises(lopti_nb.engine.SettingsError, match="checks names one check"):
            check_game("lopti", checks=checks)


def _authoring_session():
    import random

    state = lopti_nb.new_game("lopti", players=2, seed=5, rounds=2)
    bot, rng = lopti_nb.engine.get_spec("lopti").make_bot("heuristic"), random.Random(5)
    while state.phase == "playing":
        seat = state.current_player
        state.apply(bot(state.observation(seat), state.legal_actions(), rng))
    state.apply(Author(PICKUP), state.author_seat)
    return state


@pytest.mark.parametrize("number", [True, 1.0, "1", None])
def test_1_7_a_withdrawal_names_its_motion_by_number_and_nothing_else(number):
    state = _authoring_session()
    author = state.in_force()[0].author_seat
    before = state.record()
    with pytest.raises(IllegalAction, match="by its number"):
        state.apply(Withdraw(number), author)
    assert state.record() == before and state.in_force()


def test_1_7_a_ballot_that_is_not_yes_no_or_abstain_is_named_as_given():
    state = lopti_nb.new_game("lopti", players=3, seed=1, rounds=2)
    state.apply(CallVote("law", lever="swap", value=False))
    with pytest.raises(IllegalAction) as refusal:
        state.apply(Ballot("yes"), seat=1)
    assert "vote no" not in str(refusal.value) and "'yes'" in str(refusal.value)


def test_1_7_a_vote_on_a_numpy_value_reads_and_records_the_plain_number():
    state = lopti_nb.new_game("lopti", players=3, seed=1, rounds=2)
    state.apply(CallVote("law", lever="turn_cap", value=np.int64(60)))
    said = state.events[-1].describe()
    assert "60" in said and "np." not in said and "int64" not in said
    assert state.record()["actions"][-1].endswith("value=60, text=None, when='now')")
    assert lopti_nb.load(state.record()).record() == state.record()


def test_1_7_a_motion_the_session_takes_is_one_a_room_can_store():
    """One size limit: the session measures a data motion as it is written down, as records and
    rooms keep it, so characters that write as escapes count as they are stored."""
    from lopti_nb.rooms.codec import encode

    joined = "a" + "\u200d" * 189  # a zero-width joiner is written down as an escape of six characters
    for text, copies, events in (("x" * 190, 2, 4), ("字" * 190, 2, 4), ("\u00e9\u0301" * 95, 3, 4),
                                 ("x" * 190, 5, 4), (joined, 2, 2), (joined, 1, 1)):
        data = {"rules": [{"when": f"after {e}", "then": [{"effect": "say", "text": text}] * copies}
                          for e in ("play", "pickup", "clear", "draw")[:events]]}
        try:
            lopti_nb.games.lopti.session_game.authored_motion(data)
        except LoptiNbError as why:
            assert "too long to store" in str(why) or "reads" in str(why)
            continue
        assert json.loads(json.dumps(encode(Author(data), "lopti")))


@pytest.mark.parametrize("lookalike", ["\u13aann", "\ua4eenn", "\u2c9eNN", "\U0001d5a0nn", "A\u2c9a\u2c9a"])
def test_a_name_that_looks_like_a_seated_name_is_refused(tmp_path, lookalike):
    from lopti_nb.rooms import BadName, create_room, join_room
    from lopti_nb.rooms.names import name_key

    store = str(tmp_path / "rooms.sqlite")
    host = create_room("Ann" if "\u2c9e" not in lookalike else "ONN", game="lopti", players=3, store=store)
    assert name_key(lookalike) == name_key("Ann" if "\u2c9e" not in lookalike else "ONN")
    with pytest.raises(BadName):
        join_room(host.code, lookalike, store=store)
