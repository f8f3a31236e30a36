"""The engine contract is plain code: no generated code, no private registry global read
across modules, and a game that names itself nowhere but in its plugin still records."""
import ast
import pathlib
from dataclasses import dataclass

import lopti_nb
from lopti_nb.engine import GameSpec, GameState, Result, load, places_from_keys, register_game
from lopti_nb.engine import registry

PACKAGE = pathlib.Path(lopti_nb.__file__).parent


def test_no_module_of_the_package_runs_exec_or_eval():
    calls = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("exec", "eval", "compile"):
                calls.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert calls == []


@dataclass(frozen=True)
class Count:
    step: int


class CountingState(GameState):
    """Seats take turns adding 1 or 2; whoever reaches 5 wins. No ``game`` attribute."""

    FIELDS = {"total": "shared", "turn": "shared"}

    def __init__(self, players, seed=None, **settings):
        super().__init__(players, seed, settings)
        self.total = 0
        self.turn = 0

    @property
    def current_player(self):
        return None if self.is_over else self.turn % self.num_players

    @property
    def is_over(self):
        return self.total >= 5

    @property
    def result(self):
        if not self.is_over:
            return None
        scores = tuple(int(s == (self.turn - 1) % self.num_players) for s in range(self.num_players))
        return Result(scores, places_from_keys(scores))

    def legal_actions(self):
        return [] if self.is_over else [Count(1), Count(2)]

    def observation(self, seat):
        return {"total": self.total}

    def _apply(self, action):
        self.total += action.step
        self.turn += 1


def test_a_state_class_learns_its_game_from_the_spec_it_is_registered_with():
    spec = GameSpec(name="counting-test", title="Counting", state_class=CountingState,
                    min_players=2, max_players=3, default_players=2, default_bot="random",
                    action_types=(Count,))
    try:
        register_game(spec)
        assert CountingState.game == "counting-test"
        state = lopti_nb.new_game("counting-test", seed=3)
        assert state.action_types() == (Count,)
        while not state.is_over:
            state.apply(state.legal_actions()[0])
        record = state.record()
        assert record["game"] == "counting-test"
        assert load(record).result == state.result
        twin = state.copy()
        assert {k: v for k, v in twin.__dict__.items() if k != "rng"} == \
            {k: v for k, v in state.__dict__.items() if k != "rng"}
        assert twin.rng is not state.rng and twin.rng.getstate() == state.rng.getstate()
    finally:
        registry._SPECS.pop("counting-test", None)


def test_no_module_imports_a_private_name_of_another():
    """What one module needs of another is public there: a leading underscore means "only
    here", so a private name imported elsewhere is a name that should have been made public."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                found += [f"{path.relative_to(PACKAGE)}: {node.module}.{a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
    assert found == []
