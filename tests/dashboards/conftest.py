"""Shared pieces of the dashboard tests: a `lopti-nb serve` in the background (Chromium is the
run's one ``browser``, tests/conftest.py).

Environment variables:

* ``LOPTI_NB_SERVE`` -- the ``lopti-nb`` executable to test (default: the one next to this
  Python, else ``python -m lopti_nb.cli``). Point it at another venv's ``bin/lopti-nb`` to
  check that venv serves the dashboards (e.g. one made from ``binder/requirements.txt``).
* ``LOPTI_NB_SCREENSHOT_DIR`` -- where screenshots go (default ``docs/screenshots``).
* ``LOPTI_NB_CHROMIUM`` -- the Chromium binary (default ``/usr/bin/chromium``).
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from browser_support import free_port

ROOT = Path(__file__).resolve().parents[2]


def serve_command() -> list[str]:
    exe = os.environ.get("LOPTI_NB_SERVE")
    if exe:
        return [exe]
    here = Path(sys.executable).parent / "lopti-nb"
    if here.exists():
        return [str(here)]
    found = shutil.which("lopti-nb")
    return [found] if found else [sys.executable, "-m", "lopti_nb.cli"]


class Server:
    """``lopti-nb serve`` on a free port, in its own process group (killed as a whole)."""

    def __init__(self, preheat: bool = False, timeout: float = 90, voila_args: str = "",
                 args: tuple[str, ...] = ()):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"lopti-nb-serve-{self.port}.log"
        cmd = serve_command() + ["serve", "--port", str(self.port)] + (["--preheat"] if preheat else []) \
            + list(args)
        env = dict(os.environ, PYTHONUNBUFFERED="1", LOPTI_NB_VOILA_ARGS=voila_args)
        # The dashboards are served as a person installs the package: without the tests' toy
        # game (tests/conftest.py puts it on PYTHONPATH for the suite's own subprocesses).
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and "toy_nim" not in p)
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT,
                                     env=env, start_new_session=True)
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"lopti-nb serve exited ({self.proc.returncode}):\n{self.read_log()}")
            try:
                urllib.request.urlopen(self.url + "/", timeout=2).read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"lopti-nb serve did not answer in {timeout} s:\n{self.read_log()}")
                time.sleep(0.25)

    def read_log(self) -> str:
        try:
            return self.log_path.read_text()[-4000:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # lopti-nb forwards it to Voilà
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pass
        try:  # whatever is left of the group (Voilà, kernels): only processes this test started
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.log.close()


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    path = Path(os.environ.get("LOPTI_NB_SCREENSHOT_DIR", ROOT / "docs" / "screenshots"))
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def serve():
    """``serve(preheat=False)`` starts a :class:`Server`; stop it with ``.stop()``."""
    return Server
