"""The explainers served by Voila and driven in headless Chromium; screenshots go to
docs/screenshots/explainer_*.png."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# notebook name -> (code, [(button text to click or None, screenshot name)])
PAGES = {
    "lopti": ('import lopti_nb\nlopti_nb.explain("lopti", voice="pirate", start=7)',
              [("Play 8", "explainer_lopti_seven_pirate"),
               ("Next \u25b6", None), ("Play 10", "explainer_lopti_ten_pirate")]),
    "lopti_quiz": ('import lopti_nb\nlopti_nb.explain("lopti", voice="plain", start=30)',
                   [("No, they simply lead", None),
                    ("Next question \u25b6", None),
                    ("Yes, and the four 9s clear the pile", "explainer_lopti_quiz")]),
    "skullking": ('import lopti_nb\nlopti_nb.explain("skull-king", start=10)',
                  [("Play a Mermaid", "explainer_skullking_mermaid"),
                   ("Next \u25b6", None), ("Tigress as an escape", "explainer_skullking_escapes")]),
    "ledger": ('import lopti_nb\nlopti_nb.explain("drowned-ledger", start=2)',
               [("Dive", None), ("Flip again", "explainer_ledger_dive"),
                ("Next \u25b6", None), ("Next \u25b6", None), ("Next \u25b6", None),
                ("The Sea Blinks", "explainer_ledger_reckoning")]),
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _notebook(code: str) -> str:
    import nbformat
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(code)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nbformat.writes(nb)


@pytest.mark.browser
def test_explainers_in_voila_and_chromium(tmp_path):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    playwright = pytest.importorskip("playwright.sync_api", reason="Python Playwright is not installed")
    if shutil.which("voila") is None and subprocess.run([sys.executable, "-c", "import voila"]).returncode:
        pytest.skip("Voila is not installed")
    for name, (code, _) in PAGES.items():
        (tmp_path / f"{name}.ipynb").write_text(_notebook(code))
    port = _free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "rt"), JUPYTER_DATA_DIR=str(tmp_path / "data"),
               JUPYTER_CONFIG_DIR=str(tmp_path / "cfg"))
    log = open(tmp_path / "voila.log", "w")
    server = subprocess.Popen(
        [sys.executable, "-m", "voila", str(tmp_path), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1"], stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(base, timeout=1)
                break
            except Exception:
                time.sleep(0.25)
        else:
            pytest.fail("Voila did not start: " + (tmp_path / "voila.log").read_text()[-2000:])
        SHOTS.mkdir(parents=True, exist_ok=True)
        taken = []
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1100, "height": 1500})
            for name, (_, script) in PAGES.items():
                t0 = time.time()
                page.goto(f"{base}/voila/render/{name}.ipynb", timeout=60_000)
                page.wait_for_selector(".lnb-explainer .lnb-card, .lnb-explainer .lnb-x-box", timeout=60_000)
                for button, shot in script:
                    target = page.locator(".lnb-explainer button", has_text=button).first
                    target.click(timeout=20_000)
                    if button.startswith(("Next", "\u25c0")):
                        page.wait_for_timeout(300)
                    else:
                        page.wait_for_selector(".lnb-explainer .lnb-x-verdict", timeout=20_000)
                    if shot:
                        page.wait_for_timeout(300)
                        path = SHOTS / f"{shot}.png"
                        page.screenshot(path=str(path), full_page=True)
                        taken.append(path)
                print(name, round(time.time() - t0, 1), "s")
                verdict = page.locator(".lnb-x-verdict").first.inner_text()
                assert len(verdict) > 10
            browser.close()
        assert len(taken) == 7 and all(p.stat().st_size > 10_000 for p in taken)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
