"""Every dashboard notebook runs top to bottom under ``pytest --nbval-lax`` (in a subprocess,
so the main test command covers them)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_dashboards_pass_nbval_lax():
    notebooks = sorted((ROOT / "dashboards").glob("*.ipynb"))
    assert len(notebooks) >= 4
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--nbval-lax", "dashboards/", "-p", "no:cacheprovider", "-v"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    lines = proc.stdout.splitlines()
    for nb in notebooks:  # each notebook's cells ran (nbval names them "<notebook>...::Cell N")
        ran = [line for line in lines if nb.stem in line and "::Cell " in line]
        assert ran and all("PASSED" in line for line in ran), proc.stdout[-2000:]
