"""Lets test modules in every folder import the shared helpers beside this file
(``browser_support``) whatever pytest's import mode, installs the toy game, and holds the
fixtures every browser test shares: one Chromium (``browser``) and one Voilà
(``notebook_server``) for the whole run, and a second Voilà (``second_notebook_server``) for
pages on two servers sharing one store.

The toy game (Nim, ``tests/plugins/toy_nim``) is a separate distribution as ``pip install``
would leave it: a package and a ``.dist-info`` folder whose ``entry_points.txt`` declares it
in the ``lopti_nb.games`` group. Putting that folder on ``sys.path`` is installing it, so
the registry finds a fourth game the way it finds the package's own three. It is done here,
at import, because test modules parametrise over ``game_names()`` while they are collected.
"""
import asyncio
import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
TOY = str(HERE / "plugins" / "toy_nim")

sys.path.insert(0, str(HERE))
if TOY not in sys.path:
    sys.path.insert(0, TOY)
# Processes started by tests (scripted room members, notebook kernels, Voila, fresh
# interpreters) see the same games as the test process: a child that does not list "nim"
# while its parent does would make one fail where the other passes.
_paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
if TOY not in _paths:
    os.environ["PYTHONPATH"] = os.pathsep.join([p for p in _paths if p] + [TOY])

from lopti_nb.engine import registry  # noqa: E402  (after the path is in place)

registry.refresh()  # the entry points may have been read before the toy was on the path


# -- one Chromium and one Voilà for every browser test of the run ------------------------------
from browser_support import CHROMIUM, CHROMIUM_ARGS, NotebookServer, missing_browser  # noqa: E402

ROOT = HERE.parent


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Debian's Chromium; skips the test when it or Python Playwright is missing."""
    reason = missing_browser()
    if reason:
        pytest.skip(reason)
    return CHROMIUM


@pytest.fixture(scope="session")
def browser(chromium_path):
    """One headless Chromium for the whole run (a fresh context per page keeps tests apart:
    ``browser.new_page()`` or ``browser_support.open_page``). A test never starts Playwright
    itself: a second ``sync_playwright()`` beside this one fails."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(autouse=True)
def _no_browser_loop_outside_browser_tests(request):
    """A test that does not use the browser runs as in a plain Python session: no event loop
    running in its thread.

    Playwright's sync API runs its event loop in a greenlet of the main thread, so between
    its calls that loop still counts as running here. After a worker's first browser test,
    code that asks whether a loop runs (a table pacing its bots, a page's polling timer,
    "Throw at random for me") would find it, schedule its work on it, and that work would
    wait for the next Playwright call: which tests pass would depend on which files a worker
    happened to run before. The loop is hidden for the test and put back after it, before
    Playwright is called again."""
    loop = asyncio._get_running_loop()
    if loop is None or "browser" in request.fixturenames:
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)


@pytest.fixture(scope="session")
def notebook_server(chromium_path, tmp_path_factory):
    """One Voilà for the whole run (:class:`browser_support.NotebookServer`):
    ``notebook_server.serve(name, cells)`` writes a notebook and returns its page's URL."""
    server = NotebookServer(tmp_path_factory.mktemp("voila"), ROOT)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def second_notebook_server(chromium_path, tmp_path_factory):
    """A second Voilà for the whole run, for pages on two servers that share one store (a
    class's teacher on ``notebook_server``, its students here): the same interface."""
    server = NotebookServer(tmp_path_factory.mktemp("voila2"), ROOT)
    yield server
    server.stop()
