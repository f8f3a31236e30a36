"""What every browser test shares: where Debian's Chromium is, the flags it runs with on this
closed network, and a free loopback port for the server under test."""
import os
import socket

CHROMIUM = os.environ.get("LOPTI_NB_CHROMIUM", "/usr/bin/chromium")
# headless as root, and no background connections (they are refused here, many at a time)
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# -- offline: every request a page makes is recorded; only the server under test may answer ----
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def watch_requests(target, log: list) -> list:
    """Record the URL of every request ``target`` (a Playwright page or browser context) makes
    into ``log`` (returned), so a test can check that nothing left the machine."""
    target.on("request", lambda request: log.append(request.url))
    return log


def outside_requests(log: list) -> list:
    """The recorded URLs that are for any host but the loopback server (``data:``/``blob:`` URLs
    never leave the page, so they are not counted)."""
    from urllib.parse import urlsplit

    out = []
    for url in log:
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            continue
        if parts.hostname not in LOOPBACK:
            out.append(url)
    return out


# -- accessibility: axe-core, installed from npm by scripts/test.sh, injected into the page ------
AXE_JS = os.environ.get("LOPTI_NB_AXE", os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".cache", "axe", "node_modules",
    "axe-core", "axe.min.js"))


def axe_violations(page, impacts=("serious", "critical"), context: str = "document") -> list:
    """axe-core's violations on ``page`` of the given impacts, as plain dicts
    (``id``, ``impact``, ``help``, ``nodes``: the first targets). Prints a one-line summary per
    violation of any impact, so the test output shows what axe found."""
    if not os.path.exists(AXE_JS):
        raise RuntimeError(f"axe-core is missing at {AXE_JS}: run `bash scripts/test.sh` once "
                           "(it installs axe-core from npm)")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=AXE_JS)
    result = page.evaluate(f"async () => await axe.run({context}, {{resultTypes: ['violations']}})")
    found = []
    for v in result["violations"]:
        targets = [", ".join(n["target"]) if isinstance(n["target"], list) else str(n["target"])
                   for n in v["nodes"][:3]]
        print(f"axe {v['impact']}: {v['id']} ({len(v['nodes'])} nodes) {v['help']} e.g. {targets}")
        if v["impact"] in impacts:
            found.append({"id": v["id"], "impact": v["impact"], "help": v["help"], "nodes": targets})
    return found


# -- Voilà without the CDN: its "lab" page template links Font Awesome's CSS from a CDN (the icon
# fonts it needs are served by Voilà itself). A copy of that template without those two links,
# made from the installed Voilà at test time, keeps a page's requests on the loopback. ----------
def offline_voila_template(folder) -> tuple[dict, list]:
    """Write a ``lab_offline`` Voilà template under ``folder`` (the installed lab template
    minus its links to cdn.jsdelivr.net); returns (environment additions, Voilà arguments)."""
    import sys
    from pathlib import Path

    source = None
    for base in [Path(sys.prefix) / "share" / "jupyter", Path.home() / ".local" / "share" / "jupyter",
                 Path("/usr/local/share/jupyter"), Path("/usr/share/jupyter")]:
        if (base / "voila" / "templates" / "lab" / "index.html.j2").exists():
            source = base / "voila" / "templates" / "lab"
            break
    if source is None:
        return {}, []
    target = Path(folder) / "jupyter" / "voila" / "templates" / "lab_offline"
    target.mkdir(parents=True, exist_ok=True)
    for f in source.iterdir():
        if f.is_file():
            text = f.read_text()
            if f.name == "index.html.j2":
                text = "\n".join(line for line in text.splitlines() if "cdn.jsdelivr.net" not in line)
            (target / f.name).write_text(text)
    # the rest of the lab template (its base, its static files) is found through its name
    (target / "conf.json").write_text('{"base_template": "lab"}')
    path = os.pathsep.join(p for p in [str(Path(folder) / "jupyter"), os.environ.get("JUPYTER_PATH", "")] if p)
    return {"JUPYTER_PATH": path}, ["--template=lab_offline"]


def serve_notebook(folder, notebook: str, root):
    """Start Voilà on ``folder/notebook`` (the package's tree ``root`` first on ``PYTHONPATH``,
    the offline page template, a free loopback port) and wait until it listens. A generator for
    a module-scoped fixture: yields the URL, stops the server after. Skips when Chromium or
    Playwright is missing."""
    import signal
    import subprocess
    import sys
    import time

    import pytest

    if not os.path.exists(CHROMIUM):
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install -y chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("Python playwright is not installed (pip install playwright; never `playwright install`)")
    port = free_port()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]))
    extra_env, extra_args = offline_voila_template(folder)
    env.update(extra_env)
    log = open(os.path.join(folder, "voila.log"), "w")
    proc = subprocess.Popen([sys.executable, "-m", "voila", os.path.join(folder, notebook), "--no-browser",
                             f"--port={port}", "--Voila.ip=127.0.0.1", *extra_args],
                            cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.time() + 90
    while True:
        try:  # a connection is enough: a GET of the page would run its notebook
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                os.killpg(proc.pid, signal.SIGKILL)
                with open(os.path.join(folder, "voila.log")) as f:
                    pytest.fail("Voilà did not start: " + f.read()[-3000:])
            time.sleep(0.3)
    yield f"http://127.0.0.1:{port}/"
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(proc.pid, signal.SIGKILL)
    log.close()
