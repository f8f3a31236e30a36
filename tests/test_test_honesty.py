"""Tests that can fail: no assertion that is always true, no golden file written by the test
that compares against it, and a time limit on every test (a hung loop fails its test instead
of stalling the run)."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the project runs on 3.11
    tomllib = None

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
FILES = sorted(p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)
WRITES = {"write_text", "write_bytes"}
WRITE_MODES = set("wax+")

# Files allowed an exception, with the reason (none now: keep it that way).
ALWAYS_TRUE_ELSEWHERE: dict[str, str] = {}
GOLDEN_ELSEWHERE: dict[str, str] = {}


def rel(path: Path) -> str:
    return path.relative_to(TESTS).as_posix()


def params(reasons: dict[str, str]):
    return [pytest.param(p, id=rel(p), marks=[pytest.mark.xfail(strict=False, reason=reasons[rel(p)])]
                         if rel(p) in reasons else []) for p in FILES]


def always_true(test: ast.expr) -> bool:
    """An assertion that cannot fail: a true constant, a non-empty tuple (``assert (x, "why")``)
    or an ``or`` with a true constant among its operands."""
    if isinstance(test, ast.Constant):
        return bool(test.value)
    if isinstance(test, ast.Tuple):
        return bool(test.elts)
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        return any(always_true(v) for v in test.values)
    return False


def always_true_asserts(source: str) -> list[int]:
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Assert) and always_true(node.test)]


@pytest.mark.parametrize("path", params(ALWAYS_TRUE_ELSEWHERE))
def test_no_assertion_is_always_true(path):
    lines = always_true_asserts(path.read_text())
    assert not lines, f"{rel(path)}: assertions that cannot fail on lines {lines}"


def golden_names(tree: ast.AST, source: str) -> set[str]:
    """Names bound (anywhere in the file) to an expression that mentions a golden path, and
    names bound from those, until nothing new turns up."""
    names: set[str] = set()
    while True:
        grown = set(names)
        for node in ast.walk(tree):
            targets, value = [], None
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and node.value is not None:
                targets, value = [node.target], node.value
            elif isinstance(node, (ast.For, ast.comprehension)):
                targets, value = [node.target], node.iter
            elif isinstance(node, ast.withitem) and node.optional_vars is not None:
                targets, value = [node.optional_vars], node.context_expr
            if value is not None and mentions_golden(value, source, grown):
                grown |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        if grown == names:
            return names
        names = grown


def mentions_golden(node: ast.AST, source: str, names: set[str]) -> bool:
    text = ast.get_source_segment(source, node) or ""
    return "golden" in text.lower() or any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(node))


def golden_writes(source: str) -> list[int]:
    """Lines that write a file whose path mentions a golden file: ``open(path, "w")``,
    ``path.open("w")``, ``path.write_text(...)``, ``path.write_bytes(...)``."""
    if "golden" not in source.lower():
        return []  # nothing in the file can name a golden path (the walk below is slow)
    tree = ast.parse(source)
    names = golden_names(tree, source)
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func, target = node.func, None
        if isinstance(func, ast.Attribute) and func.attr in WRITES:
            target = func.value
        elif isinstance(func, ast.Attribute) and func.attr == "open" and writes_mode(node, 0):
            target = func.value
        elif isinstance(func, ast.Name) and func.id == "open" and node.args and writes_mode(node, 1):
            target = node.args[0]
        if target is not None and mentions_golden(target, source, names):
            lines.append(node.lineno)
    return lines


def writes_mode(call: ast.Call, index: int) -> bool:
    mode = call.args[index] if len(call.args) > index else next(
        (k.value for k in call.keywords if k.arg == "mode"), None)
    return isinstance(mode, ast.Constant) and isinstance(mode.value, str) and bool(WRITE_MODES & set(mode.value))


@pytest.mark.parametrize("path", params(GOLDEN_ELSEWHERE))
def test_no_test_writes_a_golden_file(path):
    lines = golden_writes(path.read_text())
    assert not lines, f"{rel(path)} writes golden files (lines {lines}): a test must only read them"


def test_the_checks_see_what_they_must():
    # The two always-true assertions are put together from parts so that this file itself
    # holds no such line for a reader's grep (the scanner reads the parsed sample below).
    always = ("assert x or " + "True", "assert " + "True")
    sample = '''
import os
GOLDEN = ROOT / "golden"
def test_a(x):
    ALWAYS_1
    ALWAYS_2
    assert (x, "message")
    assert x, "a message is fine"
    path = GOLDEN / "a.txt"
    if os.environ.get("GOLDEN_UPDATE"):
        path.write_text("new")
    with open(path, "w") as f:
        f.write("x")
    with open(path) as f:
        assert f.read() == "x"
    (tmp / "other.txt").write_text("fine")
'''.replace("ALWAYS_1", always[0]).replace("ALWAYS_2", always[1])
    assert always_true_asserts(sample) == [5, 6, 7]
    assert golden_writes(sample) == [11, 12]


# -- time limits -----------------------------------------------------------------------------------
def test_every_test_has_a_time_limit(request):
    ini = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert ini.get("timeout") == 300, "pyproject.toml sets no default test timeout"
    assert request.config.pluginmanager.hasplugin("timeout"), "pytest-timeout is not loaded"
    assert float(request.config.getini("timeout")) == 300
    given = request.config.getoption("timeout", None)
    assert given is None or float(given) > 0, "--timeout switches the limit off"


def switched_off_limits(source: str) -> list[int]:
    """``pytest.mark.timeout(0)`` (or None): a test with no limit at all."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "timeout":
            values = [*node.args[:1], *(k.value for k in node.keywords if k.arg == "timeout")]
            if any(isinstance(v, ast.Constant) and not v.value for v in values):
                lines.append(node.lineno)
    return lines


@pytest.mark.parametrize("path", params({}))
def test_no_test_switches_its_time_limit_off(path):
    lines = switched_off_limits(path.read_text())
    assert not lines, f"{rel(path)} switches the time limit off on lines {lines}"
