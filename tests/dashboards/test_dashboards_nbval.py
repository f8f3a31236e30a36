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
        [sys.executable, "-m", "pytest", "--nbval-lax", "dashboards/", "-p", "no:cacheprovider", "-q"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    for nb in notebooks:  # each notebook was collected
        assert nb.name in proc.stdout or "passed" in proc.stdout, proc.stdout[-2000:]
