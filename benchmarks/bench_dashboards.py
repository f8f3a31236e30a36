"""How long a visitor waits for each dashboard's first widget: served by ``lopti-nb serve``
(a fresh kernel per visit, rendering progressively) and by ``lopti-nb serve --preheat`` (a
kernel per dashboard has already run it), in headless Chromium, offline.

    python3 benchmarks/bench_dashboards.py [--runs 3] [--chromium /usr/bin/chromium] [--only game_launcher ...]

For each way of serving, each dashboard is visited ``--runs`` times (the preheated server is
left to go idle before each visit, so that the visit is served by a kernel that has finished
its run); printed: each dashboard's median and largest seconds to its first widget on screen,
and the load average. The path measured is the one users call; nothing here is asserted (see
benchmarks/README.md). The browser tests check every dashboard cold, and three preheated.
"""
from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIRST_WIDGET = (".jupyter-widgets .widget-inline-hbox:visible, .jupyter-widgets button:visible, "
                ".jupyter-widgets .widget-html:visible")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(preheat: bool) -> tuple[subprocess.Popen, str]:
    """``lopti-nb serve`` on a free port (with ``--preheat``: no refill of a used pool while
    the next dashboard is timed), once it answers."""
    port = free_port()
    cmd = [sys.executable, "-m", "lopti_nb.cli", "serve", "--port", str(port)] + (["--preheat"] if preheat else [])
    env = dict(os.environ, LOPTI_NB_VOILA_ARGS="--VoilaKernelManager.fill_delay=0" if preheat else "")
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(url + "/", timeout=2).read()
            return proc, url
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("lopti-nb serve did not start")
            time.sleep(0.25)


def group_cpu(pgid: int) -> float:
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def wait_idle(proc: subprocess.Popen, timeout: float = 120) -> None:
    """Until the server's processes (Voilà and its kernels) stop using CPU."""
    deadline, last = time.monotonic() + timeout, group_cpu(proc.pid)
    while time.monotonic() < deadline:
        time.sleep(1.0)
        now = group_cpu(proc.pid)
        if now - last < 0.05:
            return
        last = now


def visit(browser, url: str, name: str) -> float:
    """Seconds from asking for the page to its first widget on screen (no request leaves the
    machine: any other host is refused)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(url)
                  else route.abort())
    page = context.new_page()
    try:
        start_at = time.perf_counter()
        page.goto(f"{url}/voila/render/{name}.ipynb", wait_until="commit", timeout=120_000)
        page.wait_for_selector(FIRST_WIDGET, state="visible", timeout=120_000)
        return time.perf_counter() - start_at
    finally:
        context.close()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--chromium", default=os.environ.get("LOPTI_NB_CHROMIUM", "/usr/bin/chromium"))
    parser.add_argument("--only", nargs="*", help="these dashboards (names without .ipynb)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    names = args.only or sorted(p.stem for p in (ROOT / "dashboards").glob("*.ipynb"))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium,
                                    args=["--headless", "--no-sandbox", "--disable-gpu"])
        for preheat in (False, True):
            proc, url = start(preheat)
            times: dict[str, list[float]] = {name: [] for name in names}
            try:
                for _ in range(args.runs):
                    for name in names:
                        if preheat:
                            wait_idle(proc)  # the pool has (re)run this dashboard
                        times[name].append(visit(browser, url, name))
            finally:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(30)
            label = "preheated (lopti-nb serve --preheat)" if preheat else "cold (lopti-nb serve)"
            print(f"{label}, {args.runs} visits each, load average {os.getloadavg()[0]:.1f}:")
            for name, runs in times.items():
                print(f"  {name:18} median {statistics.median(runs):5.2f} s, largest {max(runs):5.2f} s")
        browser.close()


if __name__ == "__main__":
    main()
