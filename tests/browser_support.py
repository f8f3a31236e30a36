"""What every browser test shares: where Debian's Chromium is and the flags it runs with on
this closed network, a free loopback port, one Voilà server for the whole run
(:class:`NotebookServer`, the ``notebook_server`` fixture of ``tests/conftest.py``), pages that
record their requests, axe-core, and :func:`click`, the one way a test presses a control: as a
person can, only one that is on screen and enabled (in a widget tree or in a page).

The fixtures built on these (``tests/conftest.py``): ``browser`` (one headless Chromium for
the whole run), ``notebook_server`` (one Voilà for the whole run) and ``chromium_path``."""
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

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


def missing_browser() -> str | None:
    """Why browser tests cannot run here (no Chromium, no Python Playwright), or ``None``."""
    if not os.path.exists(CHROMIUM):
        return f"Chromium not found at {CHROMIUM} (apt-get install -y chromium; scripts/test.sh does it)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Python playwright is not installed (pip install playwright; never `playwright install`)"
    return None


def write_notebook(path, cells) -> None:
    """A notebook at ``path`` with one code cell per string of ``cells``."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(code) for code in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, str(path))


class NotebookServer:
    """Voilà serving the notebooks of ``folder`` on a free loopback port, in its own process
    group: the package's tree ``root`` first on ``PYTHONPATH`` and an offline page template
    (Voilà's own without its CDN links, :func:`offline_voila_template`, or with
    ``package_template`` the one the package ships), so a page asks no host but this server. One serves every
    browser test of a run (the ``notebook_server`` fixture): :meth:`serve` adds a notebook and
    gives its page's URL; each visit of that URL runs the notebook in a kernel of its own.

    Kernels of closed pages are shut down once idle (Playwright closes a page without the
    goodbye Voilà's page sends): the server's culling, as ``lopti-nb serve --cull-after``.

    >>> server = NotebookServer(tmp_path, ROOT)               # doctest: +SKIP
    >>> url = server.serve("table", ["import lopti_nb", "lopti_nb.play('lopti')"])  # doctest: +SKIP
    """

    def __init__(self, folder, root, *, env: dict | None = None, package_template: bool = False,
                 timeout: float = 150, cull_after: int = 120):
        self.folder = Path(folder)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        environment = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]),
                           JUPYTER_RUNTIME_DIR=str(self.folder / ".runtime"), PYTHONUNBUFFERED="1")
        if package_template:  # the page template the package ships (lopti-nb serve's)
            from lopti_nb.voila import voila_args, voila_env

            environment, extra_args = voila_env(environment), voila_args()
        else:
            extra_env, extra_args = offline_voila_template(self.folder / ".template")
            environment.update(extra_env)
        environment.update(env or {})
        self.log_path = self.folder / ".voila.log"
        self.log = open(self.log_path, "w")
        culling = [f"--MappingKernelManager.cull_idle_timeout={cull_after}",
                   f"--MappingKernelManager.cull_interval={max(1, cull_after // 4)}",
                   "--MappingKernelManager.cull_connected=False"] if cull_after else []
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "voila", str(self.folder), "--no-browser", f"--port={self.port}",
             "--Voila.ip=127.0.0.1", "--VoilaConfiguration.show_tracebacks=True", *extra_args, *culling],
            cwd=self.folder, env=environment, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True)
        deadline = time.monotonic() + timeout
        while True:
            try:  # a connection is enough: a GET of a page would run its notebook
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("Voilà did not start: " + self.read_log())
                time.sleep(0.3)

    def serve(self, name: str, cells) -> str:
        """Write the notebook ``<name>.ipynb`` (one code cell per string of ``cells``; a name is
        used once per run) and return the URL of its page."""
        path = self.folder / f"{name}.ipynb"
        if path.exists():
            raise ValueError(f"a notebook named {name!r} is served already: give each its own name")
        write_notebook(path, cells)
        return self.page_url(f"{name}.ipynb")

    def page_url(self, notebook: str) -> str:
        """The URL of the page of ``notebook`` (a path under the served folder)."""
        return f"{self.url}/voila/render/{notebook}"

    def read_log(self) -> str:
        try:
            return self.log_path.read_text()[-3000:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                pass
        try:  # whatever is left of the group (its kernels): only processes this server started
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.log.close()


def serve_notebook(folder, notebook: str, root):
    """A Voilà server of its own for ``folder/notebook`` (prefer the shared ``notebook_server``
    fixture: one server for the whole run). A generator for a module-scoped fixture: yields the
    page's URL, stops the server after. Skips when Chromium or Playwright is missing."""
    import pytest

    reason = missing_browser()
    if reason:
        pytest.skip(reason)
    server = NotebookServer(folder, root)
    try:
        yield server.page_url(notebook)
    finally:
        server.stop()


def open_page(browser, url: str, width: int = 1200, height: int = 1000, *, theme: str | None = None,
              on: dict | None = None, timeout: float = 120):
    """A page ``width`` x ``height`` px in a context of its own, every request it makes
    recorded, opened at ``url`` (``theme``: ``"dark"`` adds ``?theme=dark``; ``on``: handlers
    of page events, e.g. ``{"pageerror": errors.append}``, in place before the page loads).
    Returns ``(page, requests)``; close it with ``page.close()``."""
    page = browser.new_page(viewport={"width": width, "height": height})
    requests = watch_requests(page, [])
    for event, handler in (on or {}).items():
        page.on(event, handler)
    page.goto(url + (f"?theme={theme}" if theme else ""), timeout=timeout * 1000)
    return page, requests


# -- the one clicking helper --------------------------------------------------------------------
def click(where, label: str, *, exact: bool = False, timeout: float = 30):
    """Press the button reading ``label`` (or starting with it, unless ``exact``) as a person
    can: only one that is on screen and enabled. A control that is there but hidden or
    disabled is refused: the test fails, saying what could be pressed instead.

    ``where`` is a widget (a table, a room, an explainer: the tree under it is searched, a
    toggle button is flipped) or a Playwright page or locator (waits up to ``timeout`` seconds
    for the button to show and be enabled). Returns the widget or locator pressed.

    >>> click(table, "Bid 0")                                         # doctest: +SKIP
    >>> click(page.locator(".lnb-table"), "Next round", exact=True)   # doctest: +SKIP
    """
    if hasattr(where, "get_by_role"):
        return _click_in_page(where, label, exact, timeout)
    return _click_widget(where, label, exact)


def _click_widget(root, label: str, exact: bool):
    import ipywidgets as W
    from lopti_nb.widgets.table import iter_widgets
    from lopti_nb.widgets.testing import visible_widgets

    def named(w) -> bool:
        return isinstance(w, (W.Button, W.ToggleButton)) and (
            w.description == label if exact else w.description.startswith(label))

    shown = [w for w in visible_widgets(root) if named(w)]
    for w in shown:
        if not w.disabled:
            if isinstance(w, W.ToggleButton):
                w.value = not w.value
            else:
                w.click()
            return w
    usable = [w.description for w in visible_widgets(root)
              if isinstance(w, (W.Button, W.ToggleButton)) and not w.disabled]
    why = ("disabled" if shown else "hidden" if any(named(w) for w in iter_widgets(root)) else "not there")
    raise AssertionError(f"no button {label!r} a person could press ({why}); on screen and enabled: {usable}")


def _click_in_page(where, label: str, exact: bool, timeout: float):
    # by the words on the button (an icon's glyph is part of its accessible name, not of what a
    # person reads), or by its name where it shows a picture instead (a card of the hand)
    words = re.compile(r"^\s*" + re.escape(label) + (r"\s*$" if exact else ""))
    buttons = where.locator("button", has_text=words).or_(where.get_by_role("button", name=words))
    page = getattr(where, "page", where)
    deadline = time.monotonic() + timeout
    while True:
        for i in range(buttons.count()):
            button = buttons.nth(i)
            if button.is_visible() and button.is_enabled():
                button.click(timeout=timeout * 1000)
                return button
        if time.monotonic() > deadline:
            found = buttons.count()
            raise AssertionError(f"no button {label!r} a person could press within {timeout:g} s "
                                 f"({found} there, none both on screen and enabled)")
        page.wait_for_timeout(100)


# -- does it fit the window ---------------------------------------------------------------------
_CUT_OFF = """(root) => {
    const label = e => { const w = e.closest('.widget-inline-hbox'), l = w && w.querySelector('label');
                         return l && l !== e ? ` (${l.innerText.trim().slice(0, 30)})` : ''; };
    const out = [], say = e => `${e.tagName.toLowerCase()} "${(e.innerText || e.value
        || e.getAttribute('aria-label') || '').trim().replace(/\\s+/g, ' ').slice(0, 40)}"${label(e)}`;
    const sel = 'input, select, textarea, button, label, .widget-html-content, .widget-toggle-buttons';
    [root, ...root.querySelectorAll(sel)].forEach(e => {
        const r = e.getBoundingClientRect();
        if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden') return;
        let edge = window.innerWidth, by = 'the window';
        for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
            if (getComputedStyle(a).overflowX === 'visible') continue;
            const box = a.getBoundingClientRect(), inner = box.left + a.clientLeft + a.clientWidth;
            if (inner < edge) { edge = inner; by = String(a.className || a.tagName).slice(0, 60); }
        }
        if (r.right > edge + 0.5 || r.left < -0.5)
            out.push(`${say(e)} spans ${Math.round(r.left)}-${Math.round(r.right)} px, cut at ${Math.round(edge)} px (${by})`);
    });
    const wide = document.documentElement.scrollWidth;
    if (wide > window.innerWidth + 1) out.push(`the page is ${wide} px wide in a ${window.innerWidth} px window`);
    return out; }"""


def cut_off(target) -> list[str]:
    """What of ``target`` (a Playwright locator) a person could not read or reach in this
    window without scrolling sideways: the target, or a control or a line of text in it,
    starting left of the window or ending past its right edge (or past the inner edge of a
    box that clips it); and the page wider than the window. Empty when it all fits.

    >>> page.set_viewport_size({"width": 400, "height": 800})          # doctest: +SKIP
    >>> assert not cut_off(page.locator(".lnb-room"))                   # doctest: +SKIP
    """
    return target.evaluate(_CUT_OFF)


def in_the_window(target) -> bool:
    """Whether ``target`` (a locator), scrolled into view as a person would, is visible and
    wholly inside the window (the control a person needs next, seen without hunting)."""
    deadline = time.monotonic() + 5  # a page that has just been resized may still be laying out
    while True:
        inside = False
        if target.is_visible():
            target.scroll_into_view_if_needed()
            box, size = target.bounding_box(), target.page.viewport_size
            inside = (box is not None and box["x"] >= -0.5 and box["y"] >= -0.5
                      and box["x"] + box["width"] <= size["width"] + 0.5
                      and box["y"] + box["height"] <= size["height"] + 0.5)
        if inside or time.monotonic() > deadline:
            if not inside:
                print(f"not in the window: {target}, box {target.bounding_box()}, window "
                      f"{target.page.viewport_size}")
            return inside
        target.page.wait_for_timeout(250)
