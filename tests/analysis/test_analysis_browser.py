"""The analysis notebooks' charts in a real browser: JupyterLab in headless Chromium runs each
notebook (a copy: the committed files stay cleared), every chart must draw (an SVG or canvas
with content), and each chart is saved to ``docs/screenshots/analysis_<notebook>_<n>.png``.

Environment: ``LOPTI_NB_CHROMIUM`` (default ``/usr/bin/chromium``), ``LOPTI_NB_SCREENSHOT_DIR``
(default ``docs/screenshots``).
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from browser_support import free_port, missing_browser

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("LOPTI_NB_SCREENSHOT_DIR", ROOT / "docs" / "screenshots"))
# notebook -> how many charts it shows
NOTEBOOKS = {
    "skullking_scoring": 5,
    "reckoning_risk": 5,
    "ledger_strategies": 5,
    "lopti_analysis": 7,
}


def _skip_reason() -> str | None:
    reason = missing_browser()
    if reason:
        return reason
    if shutil.which("jupyter") is None and not (Path(sys.executable).parent / "jupyter").exists():
        return "jupyter (JupyterLab) is not installed"
    return None


# What this test checks is that every chart draws in JupyterLab, not the findings (nbval runs
# each notebook at its own size and the findings it shows are checked there, second seed included):
# the copies run smaller (a fifth to two fifths of their games), which draws the same charts.
SMALLER = {"GAMES_PER_CELL": 100, "BIDDER_GAMES": 3, "BEST_GAMES_PER_SEAT": 10, "MOTION_SESSIONS": 12,
           "CARD_DEALS": 10, "DEALS": 12, "SKILL_GAMES_PER_SEAT": 8,
           "ROLE_SESSIONS": 8, "LADDER_GAMES": 1, "DIVES_PER_CELL": 200, "CALIBRATION_POSITIONS": 12, "CALIBRATION_ROLLOUTS": 6}


def smaller(name: str) -> dict:
    """The notebook ``name`` with the size constants of its size cell made smaller."""
    notebook = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        lines = "".join(cell["source"]).splitlines(keepends=True)
        for i, line in enumerate(lines):
            key = line.split(" = ", 1)[0]
            if key in SMALLER and line[len(key):].startswith(" = "):
                lines[i] = f"{key} = {SMALLER[key]}\n"
        cell["source"] = "".join(lines)
    return notebook


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    tmp = tmp_path_factory.mktemp("lab")
    work = tmp / "notebooks"
    work.mkdir()
    for name in NOTEBOOKS:
        (work / f"{name}.ipynb").write_text(json.dumps(smaller(name)))
    settings = tmp / "user-settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    # render every cell (no windowing), so every chart is in the page; no autosave needed
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    (tmp / "user-settings" / "@jupyterlab" / "docmanager-extension").mkdir(parents=True)
    (tmp / "user-settings" / "@jupyterlab" / "docmanager-extension" / "plugin.jupyterlab-settings").write_text(
        json.dumps({"autosave": False}))
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp / "config"), JUPYTER_DATA_DIR=str(tmp / "data"),
               JUPYTER_RUNTIME_DIR=str(tmp / "runtime"), PYTHONUNBUFFERED="1")
    env.pop("LOPTI_NB_STATIC_CHARTS", None)
    port = free_port()
    jupyter = shutil.which("jupyter") or str(Path(sys.executable).parent / "jupyter")
    cmd = [jupyter, "lab", "--allow-root", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
           "--IdentityProvider.token=", "--ServerApp.password=", "--LabApp.expose_app_in_browser=True",
           f"--ServerApp.root_dir={work}", f"--LabApp.user_settings_dir={tmp / 'user-settings'}",
           "--ServerApp.open_browser=False"]
    log = open(tmp / "lab.log", "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    try:
        while True:
            if proc.poll() is not None:
                raise RuntimeError((tmp / "lab.log").read_text()[-3000:])
            try:
                urllib.request.urlopen(url + "/lab", timeout=3).read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("JupyterLab did not start in 120 s:\n" + (tmp / "lab.log").read_text()[-3000:])
                time.sleep(0.5)
        yield url
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
        log.close()


PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"

KERNEL_STATUS = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return k ? k.status : null;
}"""

# For each chart in the panel: its size and how many mark items it paints (bars, lines,
# points, rules, texts inside mark groups, not axes, legends or titles, with a fill or a
# stroke). The charts are drawn as SVG (show() asks vega-embed for the SVG renderer); a
# canvas, if one appears, is counted by its non-blank pixels.
CHART_STATS = """(panel) => {
  const out = [];
  for (const el of document.querySelectorAll(panel + ' .jp-OutputArea-output .vega-embed')) {
    const r = el.getBoundingClientRect();
    const svg = el.querySelector('svg');
    const canvas = el.querySelector('canvas');
    let painted = 0;
    if (svg) {
      for (const item of svg.querySelectorAll('.role-mark path, .role-mark line, .role-mark text, .role-mark rect')) {
        if (item.closest('.role-axis, .role-legend, .role-title')) continue;
        const fill = item.getAttribute('fill'), stroke = item.getAttribute('stroke');
        const paints = v => v && v !== 'none' && v !== 'transparent';
        if (item.tagName === 'text' || paints(fill) || paints(stroke)) painted++;
      }
    }
    let pixels = 0;
    if (canvas && canvas.width && canvas.height) {
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < data.length; i += 4 * 7) if (data[i] > 0) pixels++;
    }
    out.push({w: r.width, h: r.height, svg: !!svg, canvas: !!canvas, painted, pixels});
  }
  return out;
}"""


@pytest.mark.parametrize("name", list(NOTEBOOKS))
def test_notebook_charts_draw_in_jupyterlab(browser, lab, name):
    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{lab}/lab/tree/{name}.ipynb?reset", wait_until="domcontentloaded", timeout=120_000)
        page.wait_for_selector(f"{PANEL} .jp-Notebook", timeout=120_000)
        page.wait_for_function(f"({KERNEL_STATUS})() === 'idle'", timeout=180_000)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        # wait until every code cell has run (no "[*]" prompt left, last cell numbered)
        page.wait_for_function(
            """(panel) => {
                const prompts = [...document.querySelectorAll(panel + ' .jp-CodeCell .jp-InputPrompt')];
                return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
            }""", arg=PANEL, timeout=600_000)
        errors_shown = page.locator(f"{PANEL} .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        tracebacks = [t for t in errors_shown.all_inner_texts() if "Traceback" in t or "Error" in t.split("\n")[0]]
        assert not tracebacks, tracebacks
        expected = NOTEBOOKS[name]
        page.wait_for_function(
            f"(panel) => document.querySelectorAll(panel + ' .vega-embed svg .role-mark').length >= {expected}",
            arg=PANEL, timeout=120_000)
        page.wait_for_timeout(1500)  # let the last charts finish drawing
        stats = page.evaluate(CHART_STATS, PANEL)
        assert len(stats) == expected, stats
        for i, s in enumerate(stats):
            assert s["svg"], f"chart {i + 1} is not drawn as SVG: {s}"
            assert s["w"] > 100 and s["h"] > 100, f"chart {i + 1} is {s['w']}x{s['h']}"
            assert s["painted"] >= 5, f"chart {i + 1} paints (almost) no marks: {s}"
        SHOTS.mkdir(parents=True, exist_ok=True)
        charts = page.locator(f"{PANEL} .jp-OutputArea-output .vega-embed")
        for i in range(charts.count()):
            charts.nth(i).scroll_into_view_if_needed()
            charts.nth(i).screenshot(path=str(SHOTS / f"analysis_{name}_{i + 1}.png"))
        assert not [e for e in errors if "vega" in e.lower()], errors
    finally:
        page.close()
