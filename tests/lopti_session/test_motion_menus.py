"""The data language's menus (what a builder offers) agree with what the language accepts: every
fact offered at a moment, with every op and value offered for it, and every effect field's every
option, make a motion the checker reads; one past a field's declared bounds is refused."""
from __future__ import annotations

import pytest

from lopti_nb.games.lopti.motions import ConstitutionError, MotionError
from lopti_nb.games.lopti.motions.data import (
    EFFECTS, FACTS, MOMENTS, OPS, check_motion_data, effect_fields, facts_at, ops_of, values_of,
)

DRAW = [{"effect": "draw"}]


def test_every_moment_is_a_when_the_checker_reads():
    for when in MOMENTS:
        assert check_motion_data({"when": when, "then": [{"effect": "say", "text": "hi"}]})["rules"][0]["when"] == when


@pytest.mark.parametrize("when", MOMENTS)
def test_every_condition_offered_at_a_moment_is_read(when):
    for fact in facts_at(when):
        values = values_of(fact)
        for op in ops_of(fact):
            assert op in OPS
            if op in ("is even", "is odd"):
                condition = {"fact": fact, "op": op}
            elif op.endswith("one of"):
                condition = {"fact": fact, "op": op, "value": list(values[:2]) if values else [1, 2]}
            else:
                condition = {"fact": fact, "op": op, "value": values[0] if values else 3}
            got = check_motion_data({"when": when, "if": [condition], "then": [{"effect": "say", "text": "hi"}]})
            assert got["rules"][0]["if"][0]["fact"] == fact


def test_a_fact_not_offered_at_a_moment_is_refused_there():
    for when in ("after play", "after pickup", "before deal"):
        for fact in set(FACTS) - set(facts_at(when)):
            with pytest.raises(MotionError, match="known only"):
                check_motion_data({"when": when, "if": [{"fact": fact, "op": "is", "value": values_of(fact)[0]
                                                         if values_of(fact) else 1}], "then": DRAW})


def test_every_effect_field_option_is_read_and_the_declared_bounds_hold():
    for name in EFFECTS:
        # a moment that comes once a turn, so that no option is refused as a loop (clears only after a play)
        when = "after play" if name == "clear the pile" else "after pickup"
        for field in effect_fields(name):
            if field.kind == "number":
                for n, ok in ((field.low, True), (field.high, True), (field.high + 1, False), (0, False)):
                    data = {"when": when, "then": [{"effect": name, "n": n}]}
                    if ok:
                        assert check_motion_data(data)["rules"][0]["then"][0]["n"] == n
                    else:
                        with pytest.raises(MotionError):
                            check_motion_data(data)
            for option in field.options:
                effect = {"effect": name, field.name: option}
                if field.name == "which" and option == "choose" and name == "return cleared cards":
                    effect["to"] = "actor"  # a person chooses what comes into their hand, not the draw pile
                got = check_motion_data({"when": when, "then": [effect]})["rules"][0]["then"][0]
                assert got[field.name] == option
            if field.default is not None:
                got = check_motion_data({"when": when, "then": [{"effect": name}]}) if name != "say" else None
                assert got is None or got["rules"][0]["then"][0][field.name] == field.default


def test_menus_refuse_what_the_language_does_not_declare():
    with pytest.raises(MotionError):
        facts_at("during play")
    with pytest.raises(MotionError):
        ops_of("seat")
    with pytest.raises(MotionError):
        values_of("winner")
    with pytest.raises(MotionError):
        effect_fields("cancel")
    with pytest.raises(ConstitutionError):
        check_motion_data({"when": "after play", "then": [{"effect": "draw", "who": "seat 2"}]})
