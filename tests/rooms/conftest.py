"""Fixtures for the rooms tests: a store URL per backend (SQLite file; a real redis-server
on a free loopback port in a temp dir), a Redis server a test may stop and start again, and
a helper that runs scripted members as separate processes.

Every test Redis server runs as docs/ROOMS.md asks of a production one: ``appendonly yes``
with ``appendfsync always``, so that a move whose ``submit`` returned survives the server
being killed (test_rooms_faults.py checks it)."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from browser_support import free_port as _free_port

ROOT = Path(__file__).resolve().parents[2]


class RedisServer:
    """A redis-server on a free loopback port with its data in ``folder``, durable as
    docs/ROOMS.md asks: every write is in the append-only file, synced to disk, before the
    server answers it. ``stop(signal)`` and ``start()`` again keep port and data."""

    def __init__(self, folder: Path, durable: bool = True):
        self.binary = shutil.which("redis-server")
        if self.binary is None:
            pytest.skip("redis-server is not installed (Debian: apt-get install redis-server)")
        try:
            import redis
        except ImportError:
            pytest.skip("the 'redis' Python package is not installed (pip install redis)")
        self.redis = redis
        self.folder = folder
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.durable = durable
        self.proc = None

    def start(self) -> None:
        persistence = (["--appendonly", "yes", "--appendfsync", "always"] if self.durable
                       else ["--appendonly", "no"])
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--save", "", *persistence, "--protected-mode", "yes"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = self.redis.Redis.from_url(self.url)
        try:
            for _ in range(400):
                try:
                    client.ping()
                    return
                except self.redis.RedisError:  # not listening yet, or loading its data
                    if self.proc.poll() is not None:
                        pytest.skip(f"redis-server exited at start (code {self.proc.returncode})")
                    time.sleep(0.05)
            self.proc.kill()
            pytest.skip("redis-server did not answer within 20 s")
        finally:
            client.close()

    def stop(self, how: int = signal.SIGTERM) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(how)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server.url
    server.stop()


@pytest.fixture
def redis_server(tmp_path):
    """A Redis server of this test's own, to stop and start again (see RedisServer)."""
    folder = tmp_path / "redis-data"
    folder.mkdir()
    server = RedisServer(folder)
    server.start()
    yield server
    server.stop(signal.SIGKILL)


@pytest.fixture(params=["sqlite", "redis"])
def store_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rooms.sqlite'}"
    url = request.getfixturevalue("redis_url")
    import redis
    redis.Redis.from_url(url).flushdb()
    return url


class _Member(subprocess.Popen):
    """A scripted member whose output goes to a file (a pipe nobody reads could fill up)."""

    def __init__(self, args, err_path):
        self.err_path = err_path
        env = dict(os.environ, PYTHONHASHSEED="0")
        with open(err_path, "w") as err:
            super().__init__([sys.executable, "-m", "lopti_nb.rooms.scripted", *args], cwd=ROOT,
                             env=env, stdout=err, stderr=subprocess.STDOUT)

    def output(self) -> str:
        try:
            return Path(self.err_path).read_text()[-3000:]
        except OSError:
            return ""


def spawn(args: list[str]) -> subprocess.Popen:
    out = args[args.index("--out") + 1]
    return _Member(args, out + ".stderr")


def wait_all(procs, timeout: float = 60.0) -> None:
    deadline = time.time() + timeout
    for p in procs:
        try:
            p.wait(max(0.1, deadline - time.time()))
        except subprocess.TimeoutExpired:
            for q in procs:
                q.kill()
            raise AssertionError("a scripted member did not finish in time: " + p.output())
        if p.returncode not in (0, -9):
            raise AssertionError(f"a scripted member failed ({p.returncode}): {p.output()}")


def accepted_lines(out: Path) -> tuple[dict, list[dict]]:
    lines = [json.loads(x) for x in Path(str(out) + ".log").read_text().splitlines() if x.strip()]
    return lines[0], lines[1:]


def claimed_moves(outs, log, claimed: dict | None = None) -> dict[int, dict]:
    """Every move the members' logs say was accepted, by log position, added to ``claimed``
    (the moves other members claimed already): each claimed by one member only, and each
    the action and seat the room's log holds there."""
    claimed = {} if claimed is None else claimed
    for out in outs:
        head, lines = accepted_lines(out)
        for line in lines:
            assert line["seq"] not in claimed
            claimed[line["seq"]] = line
            assert log[line["seq"]]["action"] == line["action"]
            assert log[line["seq"]]["seat"] == head["seat"]
    return claimed


class _Procs:
    def __init__(self):
        self.started = []

    def spawn(self, args):
        p = spawn(args)
        self.started.append(p)
        return p

    wait_all = staticmethod(wait_all)
    claimed_moves = staticmethod(claimed_moves)
    accepted_lines = staticmethod(accepted_lines)


@pytest.fixture
def procs():
    """Helpers to run scripted members as processes (killed at teardown): ``procs.spawn(args)``,
    ``procs.wait_all(list)``, ``procs.accepted_lines(out_path)``."""
    helper = _Procs()
    yield helper
    for p in helper.started:  # a failed test leaves no member running
        if p.poll() is None:
            p.kill()
            p.wait()
