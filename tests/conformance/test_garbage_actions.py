"""Random garbage given to ``apply`` of every installed game: any Python value, and instances
of every game's action classes (its own and the other games') whose fields hold garbage or
values taken from other actions. ``apply`` either performs an action the rules allow, or
raises ``IllegalAction`` and leaves everything anyone can see of the state as it was; any
other exception is a failure. Nothing here names a game: the action classes come from the
plugins (``GameSpec.action_types``)."""
from __future__ import annotations

import dataclasses
import functools
import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lopti_nb
from lopti_nb.engine import IllegalAction, game_names, get_spec

GAMES = game_names()
STOPS = (0, 3, 12, 40)  # positions: after this many random legal actions


@functools.cache
def action_types() -> tuple[type, ...]:
    return tuple(cls for game in GAMES for cls in get_spec(game).action_types)


@functools.cache
def real_values() -> tuple:
    """Field values of listed actions of every game (garbage that looks almost right)."""
    seen: list = []
    for game in GAMES:
        state = lopti_nb.new_game(game, seed=3)
        rng = random.Random(3)
        for _ in range(30):
            if state.is_over:
                break
            for action in state.legal_actions()[:20]:
                for f in dataclasses.fields(action):
                    v = getattr(action, f.name)
                    if not any(v == s and type(v) is type(s) for s in seen):
                        seen.append(v)
            state.apply(rng.choice(state.legal_actions()))
    return tuple(seen)


def position(game: str, stop: int):
    """A seeded game after ``stop`` random legal actions (or at its end)."""
    state = lopti_nb.new_game(game, seed=11 + stop)
    rng = random.Random(stop)
    for _ in range(stop):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def picture(state) -> tuple:
    """Everything the contract lets anyone see of ``state``."""
    return (
        state.current_player, state.is_over, len(state.events), len(state.actions),
        repr([state.observation(s) for s in (None, *range(state.num_players))]),
        repr(state.legal_actions()), repr(state.record()),
    )


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-3, 12),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.binary(max_size=6), st.sampled_from(["", " ", "x" * 500, "\x00", "\u2620", 2 ** 63, -1]),
    st.builds(object),
)
garbage = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.tuples(inner, inner),
                            st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=6,
)


@st.composite
def garbage_actions(draw):
    """An action class of any game with each field garbage, a real value of some game's
    action, or left as it would be in a listed action."""
    cls = draw(st.sampled_from(action_types()))
    field_value = st.one_of(garbage, st.sampled_from(real_values()))
    fields = {f.name: draw(field_value) for f in dataclasses.fields(cls)}
    try:
        return cls(**fields)
    except Exception:  # noqa: BLE001 - the class refuses the values itself: apply never sees them
        return draw(garbage)


inputs = st.one_of(garbage, garbage_actions(), st.sampled_from(action_types()))


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stop=st.sampled_from(STOPS), action=inputs)
def test_garbage_actions_raise_illegal_action_and_change_nothing(game, stop, action):
    state = position(game, stop)
    before = picture(state)
    legal = state.legal_actions()
    try:
        state.apply(action)
    except IllegalAction as exc:
        assert 0 < len(str(exc)) < 300, str(exc)[:400]
        assert picture(state) == before, f"refusing {action!r:.100} changed the state"
    else:  # garbage may by chance spell a listed action; then apply takes it
        assert any(type(a) is type(action) and a == action for a in legal), (
            f"apply accepted {action!r:.100}, which legal_actions() does not list")


def test_the_garbage_reaches_every_games_action_classes():
    # the strategy above draws from these: a game whose plugin lists no action class would
    # only ever be sent plain values
    for game in GAMES:
        assert get_spec(game).action_types, game
    assert len(real_values()) > 20
