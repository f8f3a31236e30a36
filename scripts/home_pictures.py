"""Make the pictures of the dashboards' front page from the browser test's screenshots.

    python3 scripts/home_pictures.py

Each ``docs/screenshots/dashboard_<name>.png`` (1280 px wide, taken by
tests/dashboards/test_dashboards_browser.py) is shrunk to 480 px and its top 300 px are kept,
as a JPEG in the package's Voilà template (``static/home/<name>.jpg``), where the front page
(``tree-lab.html``) finds it: the server serves the pictures itself, no other host is asked.
The dark theme's front page shows the dark screenshots (``dashboard_<name>_dark.png``, taken
by the same test with ``?theme=dark``) as ``static/home/<name>_dark.jpg``.
Headless Chromium does the shrinking (the browser tests need it anyway). Look at the pictures
before committing them.
"""
from __future__ import annotations

import base64
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from browser_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SHOTS = ROOT / "docs" / "screenshots"
OUT = ROOT / "lopti_nb" / "voila" / "share" / "voila" / "templates" / "lopti_nb" / "static" / "home"
NAMES = ["game_launcher", "skull_king_rooms", "rules_classroom", "class_teacher", "score_lab", "motion_lab",
         "reckoning_risk"]
WIDTH, HEIGHT = 480, 300
# a picture taken from another screenshot than dashboard_<name>.png: the teacher's page with a
# class in it (tests/rooms/test_classroom_browser.py), not the empty page the dashboards' test opens
SOURCES = {"class_teacher": "class_teacher_live.png"}
DARK = "_dark"  # the dark theme's pictures: the dark screenshots, named with this ending


def main(names: list[str] | None = None) -> int:
    """Make the pictures of ``names`` (default: every dashboard's)."""
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
        for name in names or NAMES:
            for shot, target in ((SHOTS / SOURCES.get(name, f"dashboard_{name}.png"), OUT / f"{name}.jpg"),
                                 (SHOTS / f"dashboard_{name}{DARK}.png", OUT / f"{name}{DARK}.jpg")):
                data = base64.b64encode(shot.read_bytes()).decode()
                page.set_content(f'<body style="margin:0"><img style="width:{WIDTH}px;display:block" '
                                 f'src="data:image/png;base64,{data}"></body>')
                page.wait_for_function("() => document.images[0].complete")
                page.screenshot(path=str(target), type="jpeg", quality=80)
                print(f"{target.relative_to(ROOT)}: {target.stat().st_size // 1024} KB")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:] or None))
