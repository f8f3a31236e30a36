"""Each game's own frames and charts live in its studies module; lopti_nb.analysis offers them
by name without naming a game (plugin refactor: the generic layers never name a game)."""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import lopti_nb.analysis as A
from lopti_nb.engine import all_specs, get_spec

PACKAGE = Path(A.__file__).resolve().parents[1]
CORE = ["analysis/__init__.py", "analysis/frames.py", "analysis/charts.py", "analysis/display.py",
        "analysis/sweep.py", "analysis/findings.py"]


def game_words() -> list[re.Pattern]:
    """Every installed game's name, title and aliases, as whole words ("lopti" but not the
    package "lopti_nb" or the command "lopti-nb")."""
    words = {w.lower() for s in all_specs() for w in (s.name, s.title, *s.aliases)}
    return [re.compile(rf"(?<![\w-]){re.escape(w)}(?![\w]|[-_]nb)", re.IGNORECASE) for w in words]


def names_a_game(path: Path) -> list[str]:
    """What in ``path``'s code (docstrings aside) names a game or imports one."""
    tree = ast.parse(path.read_text())
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    words = game_words()
    # a game's words inside identifiers (SkullKingView, ledger_risk, LoptiState)
    ident = re.compile(r"skull_?king|ledger|lopti(?!_nb)", re.IGNORECASE)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found += [f"line {node.lineno}: {node.value!r}" for w in words if w.search(node.value)]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            module = getattr(node, "module", None) or ""
            targets = [module] + [a.name for a in node.names]
            if any("games" in t.split(".") for t in targets):
                found.append(f"line {node.lineno}: imports {module or targets}")
        name = getattr(node, "id", None) or getattr(node, "attr", None) or getattr(node, "name", None) \
            or getattr(node, "arg", None)
        if isinstance(name, str) and ident.search(name):
            found.append(f"line {node.lineno}: {name}")
    return found


@pytest.mark.parametrize("module", CORE)
def test_the_analysis_core_names_no_game(module):
    assert names_a_game(PACKAGE / module) == []


def test_the_check_finds_a_game_name(tmp_path):
    # the check above must be able to fail
    bad = tmp_path / "bad.py"
    bad.write_text('"""Docs may say skull-king."""\nfrom lopti_nb.games.ledger import risk\n'
                   'GAME = "skull-king"\nclass LoptiChart: pass\n')
    found = names_a_game(bad)
    assert len(found) == 3 and not any("Docs" in f for f in found)


def test_a_games_study_helper_comes_from_its_game_and_its_old_name_warns():
    """The analysis namespace holds what serves every game; a game's helpers are imported from
    its studies module. The names the last release offered here keep working one version,
    with a warning naming where each now lives."""
    offered = A.study_names()
    for spec in all_specs():
        studies = spec.load("studies")
        if studies is None:
            continue
        for name in studies.__all__:
            assert offered[name] == spec.name, f"{name} of {spec.name} is offered by {offered[name]}"
            assert name not in A.__all__ and name not in dir(A)
            with pytest.warns(DeprecationWarning, match=f"is {studies.__name__}.{name}"):
                assert getattr(A, name) is getattr(studies, name)
    assert {"zero_bid_frame", "catch_curve_chart", "duty_frame"} <= set(offered)


def test_no_two_games_offer_the_same_name_and_none_hides_the_core():
    seen: dict[str, str] = {}
    for spec in all_specs():
        studies = spec.load("studies")
        for name in getattr(studies, "__all__", ()):
            assert name not in seen, f"{name} is offered by {seen[name]} and {spec.name}"
            assert name not in A.CORE_NAMES, f"{spec.name}'s {name} hides the core's"
            seen[name] = spec.name


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no_such_frame"):
        A.no_such_frame  # noqa: B018
    with pytest.raises(ImportError):
        from lopti_nb.analysis import no_such_frame  # noqa: F401


def test_notebook_imports_work_in_a_fresh_interpreter_without_altair_for_frames():
    # a game's studies module imports no Altair until a chart is drawn
    code = ("import sys\nfrom lopti_nb.games.skullking.studies import zero_bid_frame\n"
            "from lopti_nb.games.ledger.studies import office_balance_frame\n"
            "from lopti_nb.games.lopti.studies import duty_frame\n"
            "print(zero_bid_frame.__module__, 'altair' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [get_spec("skull-king").studies, "False"]


def test_star_import_offers_what_serves_every_game_and_no_games_helper():
    namespace: dict = {}
    exec("from lopti_nb.analysis import *", namespace)
    assert not set(A.study_names()) & set(namespace)
    assert namespace["sweep"] is A.sweep and "play_games" in namespace and "show" in namespace
