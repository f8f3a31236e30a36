"""The tests are as tidy as the code: every browser test uses the run's one Chromium (the
``browser`` fixture of tests/conftest.py), every press of a control goes through the one
clicking helper (``browser_support.click``), and a test file says what behaviour it checks,
not which issue asked for it."""
from __future__ import annotations

import ast
import asyncio
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
SHARED = {"browser_support.py", "conftest.py"}
FILES = sorted(p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)
# "issue 18", "issues 18/19", "(engine issue)", "the issue keeps": where a request came from
ISSUE = re.compile(r"\bissues?\b\s*#?\d|\(\s*[\w ]*\bissue\b|\bthe issue\b", re.IGNORECASE)
CLICKER = re.compile(r"^_?click(_\w+)?$")


def rel(path: Path) -> str:
    return path.relative_to(TESTS).as_posix()


def starts_playwright(source: str) -> list[int]:
    """Lines that start Playwright or launch a browser: only the shared fixture may."""
    tree = ast.parse(source)
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("sync_playwright", "launch"):
                lines.append(node.lineno)
    return lines


def helpers_that_click(source: str) -> list[str]:
    return [node.name for node in ast.walk(ast.parse(source))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and CLICKER.match(node.name)]


def names_an_issue(source: str) -> list[int]:
    return [n for n, line in enumerate(source.splitlines(), 1) if ISSUE.search(line)]


@pytest.mark.parametrize("path", [p for p in FILES if p.name not in SHARED], ids=rel)
def test_browser_tests_use_the_runs_one_browser(path):
    lines = starts_playwright(path.read_text())
    assert not lines, (f"{rel(path)} starts Playwright or a browser itself (lines {lines}): use the "
                       "`browser` fixture (tests/conftest.py); a second sync_playwright() beside it fails")


@pytest.mark.parametrize("path", [p for p in FILES if p.name not in SHARED], ids=rel)
def test_controls_are_pressed_by_the_one_clicking_helper(path):
    found = helpers_that_click(path.read_text())
    assert not found, (f"{rel(path)} defines its own clicking helper {found}: use browser_support.click, "
                       "which presses only a control that is on screen and enabled")


@pytest.mark.parametrize("path", [p for p in FILES if p != Path(__file__).resolve()], ids=rel)
def test_a_test_file_names_the_behaviour_not_the_issue(path):
    assert "issue" not in path.name.lower()
    lines = names_an_issue(path.read_text())
    assert not lines, f"{rel(path)} names an issue on lines {lines}: say what behaviour is checked"


def test_the_checks_see_what_they_must():
    sample = '''
from playwright.sync_api import sync_playwright
def test_a():
    with sync_playwright() as p:
        b = p.chromium.launch()
def click(t, label):
    pass
def _click_enabled(t, label):
    pass
def clickables(t):
    pass
'''
    assert starts_playwright(sample) == [4, 5]
    assert helpers_that_click(sample) == ["click", "_click_enabled"]
    text = "# issue 18\n'''Issues 18/19: x'''\nok\n# (engine issue)\n# the issue keeps it\n# no issue here"
    assert names_an_issue(text) == [1, 2, 4, 5]


def test_the_runs_browser_keeps_its_loop_running_in_this_thread(browser):
    """Playwright's sync API leaves its event loop counted as running in the main thread
    between its calls. The next test shows that a test without the browser does not see it."""
    assert asyncio._get_running_loop() is not None
    assert browser.is_connected()


def test_a_test_without_the_browser_runs_with_no_loop_running():
    """Run after the browser test above in the same worker (a file's tests stay together):
    code asking whether a loop runs here (a table pacing its bots, "Throw at random for
    me") takes the plain path, whatever browser tests the worker ran before."""
    assert asyncio._get_running_loop() is None
