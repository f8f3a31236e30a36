"""Lets test modules in every folder import the shared helpers beside this file
(``browser_support``) whatever pytest's import mode, and installs the toy game.

The toy game (Nim, ``tests/plugins/toy_nim``) is a separate distribution as ``pip install``
would leave it: a package and a ``.dist-info`` folder whose ``entry_points.txt`` declares it
in the ``lopti_nb.games`` group. Putting that folder on ``sys.path`` is installing it, so
the registry finds a fourth game the way it finds the package's own three. It is done here,
at import, because test modules parametrise over ``game_names()`` while they are collected.
"""
import os
import sys
from pathlib import Path

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
