"""The engine contract is plain code: no generated code, no private registry global read
across modules, and a game that names itself nowhere but in its plugin still records."""
import ast
import importlib
import pathlib
import sys

import lopti_nb
from lopti_nb.engine import load, register_game
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


def plugins_example() -> str:
    """The example game of docs/PLUGINS.md, as the page shows it."""
    page = (PACKAGE.parent / "docs" / "PLUGINS.md").read_text()
    section = page.split("## A complete small game", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def test_the_example_game_of_the_plugin_guide_plays_records_and_replays(tmp_path, monkeypatch):
    """A game written from docs/PLUGINS.md alone: registered, it plays, simulates, copies,
    records (its state class names no game: the spec does) and replays."""
    (tmp_path / "race_from_the_guide.py").write_text(plugins_example())
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("race_from_the_guide")
    try:
        register_game(module.SPEC)
        assert module.RaceState.game == "race-to-ten"
        state = lopti_nb.new_game("race-to-ten", players=3, seed=3, target=7)
        assert state.action_types() == (module.Add,)
        while not state.is_over:
            state.apply(state.legal_actions()[-1])
        record = state.record()
        assert record["game"] == "race-to-ten" and record["settings"]["target"] == 7
        assert load(record).result == state.result
        twin = state.copy()
        assert {k: v for k, v in twin.__dict__.items() if k != "rng"} == \
            {k: v for k, v in state.__dict__.items() if k != "rng"}
        assert twin.rng is not state.rng and twin.rng.getstate() == state.rng.getstate()
        rows = lopti_nb.simulate("race-to-ten", n=4, seed=1, progress=False)
        assert len(rows) == 8 and rows.groupby("game")["won"].sum().tolist() == [1, 1, 1, 1]
    finally:
        registry._SPECS.pop("race-to-ten", None)
        sys.modules.pop("race_from_the_guide", None)


def test_no_module_imports_a_private_name_of_another():
    """What one module needs of another is public there: a leading underscore means "only
    here", so a private name imported elsewhere is a name that should have been made public."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                found += [f"{path.relative_to(PACKAGE)}: {node.module}.{a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
        # ``module._name`` through a module of the package imported by name (``from . import risk``)
        tree = ast.parse(path.read_text(), str(path))
        modules = {a.asname or a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                   and node.level for a in node.names
                   if (path.parent.joinpath(*([".."] * (node.level - 1)), *(node.module or "").split("."),
                                            a.name + ".py")).resolve().exists()}
        found += [f"{path.relative_to(PACKAGE)}: {node.value.id}.{node.attr}" for node in ast.walk(tree)
                  if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                  and node.value.id in modules and node.attr.startswith("_")
                  and not node.attr.startswith("__")]
    assert found == []
