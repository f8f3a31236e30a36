"""The one contract every game keeps: names, errors, determinism, simulate()."""
import random

import numpy as np
import pytest

import lopti_nb
from lopti_nb.engine import IllegalAction, SettingsError, UnknownBot, UnknownGame, get_spec
from lopti_nb.engine.registry import random_bot

GAMES = ["lopti", "skull-king", "drowned-ledger"]


@pytest.mark.parametrize("alias,name", [
    ("Lopti", "lopti"), ("skull king", "skull-king"), ("Skull_King", "skull-king"), ("skullking", "skull-king"),
    ("The Drowned Ledger", "drowned-ledger"), ("drowned_ledger", "drowned-ledger"), ("ledger", "drowned-ledger"),
])
def test_game_names_accept_obvious_spellings(alias, name):
    assert lopti_nb.new_game(alias, seed=1).game == get_spec(name).state_class.game


def test_unknown_game_lists_the_games():
    with pytest.raises(UnknownGame) as info:
        lopti_nb.new_game("chess")
    assert isinstance(info.value, ValueError)
    for name in GAMES:
        assert name in str(info.value)


@pytest.mark.parametrize("game", GAMES)
def test_state_contract_through_a_whole_game(game):
    state = lopti_nb.new_game(game, players=3, seed=11)
    rng = random.Random(0)
    assert state.is_over is False and state.result is None
    steps = 0
    while not state.is_over:
        seat = state.current_player
        assert isinstance(seat, int)
        obs = state.observation(seat)
        assert isinstance(obs, dict)
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        hash(action)  # actions are small immutable values
        new_events = state.apply(action)
        assert all(isinstance(e.describe(), str) and e.describe() for e in new_events)
        steps += 1
    assert state.current_player is None and state.is_over is True
    result = state.result
    assert len(result.scores) == 3 and len(result.places) == 3 and min(result.places) == 1


def snapshot(state):
    return {k: (v.getstate() if isinstance(v, random.Random) else repr(v)) for k, v in vars(state).items()}


@pytest.mark.parametrize("game", GAMES)
def test_illegal_action_raises_value_error_and_changes_nothing(game):
    state = lopti_nb.new_game(game, players=3, seed=5)
    for _ in range(7):
        state.apply(state.legal_actions()[0])
    before = snapshot(state)
    for bad in ["not an action", 42, None]:
        with pytest.raises(IllegalAction) as info:
            state.apply(bad)
        assert isinstance(info.value, ValueError) and str(info.value)
        assert snapshot(state) == before


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_game_and_copy_is_independent(game):
    def play(seed):
        state = lopti_nb.new_game(game, players=4, seed=seed)
        rng = random.Random(3)
        while not state.is_over:
            random.random(); np.random.random()  # pollute the global generators
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        return [e.describe() for e in state.events]

    random.seed(1); np.random.seed(1)
    before = (random.getstate(), np.random.get_state()[1].copy())
    first = play(21)
    assert first == play(21)
    random.seed(1); np.random.seed(1)
    lopti_nb.new_game(game, players=4, seed=21).legal_actions()
    assert random.getstate() == before[0] and (np.random.get_state()[1] == before[1]).all()

    state = lopti_nb.new_game(game, players=4, seed=2)
    clone = state.copy()
    clone.apply(clone.legal_actions()[0])
    assert len(clone.events) > len(state.events) or clone.actions != state.actions
    assert state.actions == []


@pytest.mark.parametrize("game", GAMES)
def test_simulate_rows_bots_and_seed(game):
    spec = get_spec(game)
    df = lopti_nb.simulate(game, n=4, seed=3, players=3, progress=False)
    assert len(df) == 12 and list(df.columns[:8]) == ["game", "seat", "bot", "score", "place", "won", "length", "stalemate"]
    assert (df.bot == spec.default_bot).all()
    assert df.equals(lopti_nb.simulate(game, n=4, seed=3, players=3, progress=False))
    mixed = lopti_nb.simulate(game, n=2, seed=3, players=3, bots=["random", spec.default_bot, "random"], progress=False)
    assert list(mixed.bot[:3]) == ["random", spec.default_bot, "random"]
    with pytest.raises(UnknownBot, match="random"):
        lopti_nb.simulate(game, n=1, bots="nobody", progress=False)
    with pytest.raises(SettingsError):
        lopti_nb.simulate(game, n=1, bots=["random"], players=3, progress=False)
    with pytest.raises(SettingsError, match="Valid settings"):
        lopti_nb.new_game(game, no_such_setting=1)


def test_bots_registry_has_random_and_a_default_for_every_game():
    for game in GAMES:
        spec = get_spec(game)
        assert "random" in spec.bots and spec.default_bot in spec.bots
        assert spec.make_bot("random") is random_bot


def test_interfaces_are_abstract_and_a_choiceless_scene_refuses_a_try():
    import pytest as _pytest

    from lopti_nb.engine import GameState, IllegalAction
    from lopti_nb.explainers.core import Scene
    from lopti_nb.rooms.store import RoomStore
    from lopti_nb.widgets.table import GameView

    for interface in (GameState, RoomStore, GameView):
        with _pytest.raises(TypeError, match="abstract"):
            interface.__new__(interface)
    with _pytest.raises(IllegalAction, match="offers no moves"):
        Scene().attempt("anything")


# -- to_act: several seats may act at once ----------------------------------------------------------
@pytest.mark.parametrize("game", ["lopti", "drowned-ledger"])
def test_a_game_of_one_seat_moments_gets_to_act_and_seat_arguments_by_default(game):
    """Games written without seats (no to_act, legal_actions() and why_illegal(action)) get
    the contract's seat arguments from the base class: only current_player may act."""
    state = lopti_nb.new_game(game, players=3, seed=5)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    cur = state.current_player
    other = (cur + 1) % 3
    assert state.to_act == (cur,)
    assert state.legal_actions(cur) == state.legal_actions() and state.legal_actions(other) == []
    action = state.legal_actions()[0]
    assert state.why_illegal(action, cur) is None
    # seats are counted from 1 in the words: index ``other`` is "Seat {other + 1}"
    assert state.why_illegal(action, other) == f"it is not Seat {other + 1}'s turn"
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=f"It is not Seat {other + 1}'s turn: Seat {cur + 1} is to act"):
        state.apply(action, other)
    assert snapshot(state) == before
    twin = state.copy()
    assert state.apply(action, cur) == twin.apply(action)
    assert state.off_turn == () and "off_turn" not in state.record()
    # the seat argument shows in the signature; play_out calls the game's own function
    import inspect

    cls = type(state)
    assert "seat" in inspect.signature(cls.legal_actions).parameters
    assert "seat" not in inspect.signature(cls.legal_actions.one_seat_of).parameters


def test_a_game_listing_several_seats_must_say_how_another_seat_acts():
    """A state whose to_act names a second seat must declare it has simultaneous decisions
    and say how another seat acts (_apply_for): either missing is a programming error, said
    plainly when its class is made (never a silent move for the wrong seat)."""
    from lopti_nb.engine import GameState

    moves = []
    attrs = {
        "game": "both-test", "current_player": 0, "is_over": False, "result": None,
        "to_act": (0, 1),
        "legal_actions": lambda self, seat=None: ["go"],
        "why_illegal": lambda self, action, seat=None: None if action == "go" else "only go",
        "observation": lambda self, seat=None: {},
        "_apply": lambda self, action: None,
    }
    with pytest.raises(TypeError, match="simultaneous = True"):
        type("Both", (GameState,), dict(attrs))
    attrs["simultaneous"] = True
    with pytest.raises(TypeError, match="_apply_for"):
        type("Both", (GameState,), dict(attrs))
    # with _apply_for the class is made, and the second seat's move is logged with its seat
    Both = type("Both", (GameState,), {**attrs, "_apply_for": lambda self, action, seat: moves.append(seat)})
    state = Both(2, 1, {})
    state.apply("go", 0)
    state.apply("go", 1)
    assert state.actions == ["go", "go"] and state.off_turn == ((1, 1),) and moves == [1]


@pytest.mark.timeout(30)
def test_linked_fields_are_copied_together_and_point_to_the_copy():
    """Fields declared "linked" refer to one another, to the state and to its "list" fields;
    in a copy they refer to the copy's own, never back to the original."""
    from lopti_nb.engine.copying import LINKED, LIST, SHARED, make_copier

    class Ballot:
        def __init__(self, owner, log):
            self.owner, self.log = owner, log

    class Table:
        pass

    fields = {"events": LIST, "vote": LINKED, "votes": LINKED, "n": SHARED}
    copy = make_copier(Table, fields)
    table = Table()
    table.events, table.n = ["dealt"], 3
    table.vote = Ballot(table, table.events)
    table.votes = [table.vote]
    twin = copy(table)
    assert twin.votes[0] is twin.vote and twin.vote is not table.vote
    assert twin.vote.owner is twin and twin.vote.log is twin.events
    twin.vote.log.append("voted")
    assert table.events == ["dealt"] and twin.events == ["dealt", "voted"]
