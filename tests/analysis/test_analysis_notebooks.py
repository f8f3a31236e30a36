"""The analysis notebooks run top to bottom under nbval at their default sizes (checked cells
compared, the rest only run), within the 5-minute budget."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ["skullking_scoring", "reckoning_risk", "ledger_strategies", "lopti_analysis"]


def test_notebooks_have_cleared_outputs_and_a_size_parameter():
    import nbformat

    for name in NOTEBOOKS:
        nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
        assert nb.cells[0].cell_type == "markdown" and "**The question.**" in nb.cells[0].source
        params = nb.cells[1].source
        assert "100,000" in params, name  # the documented large setting
        for cell in nb.cells:
            if cell.cell_type != "code":
                continue
            if "# NBVAL_CHECK_OUTPUT" in cell.source:
                # the reference output nbval compares with: a line or two of text, no chart
                assert cell.execution_count is not None and cell.outputs, f"{name}: checked cell has no reference"
                assert all(o["output_type"] == "stream" for o in cell.outputs)
                assert sum(len(o["text"]) for o in cell.outputs) < 2000
            else:
                assert not cell.outputs and cell.execution_count is None, f"{name}: commit with outputs cleared"
        assert "widgets" not in nb.metadata, f"{name}: widget state (JupyterChart JS) committed"
        assert any("assert " in c.source for c in nb.cells)


def test_notebooks_run_under_nbval():
    """All four notebooks under ``pytest --nbval-lax``. The budget (5 minutes together) is
    checked on CPU time (this process's children: pytest and the kernels), which does not
    depend on what else the machine is doing; the wall time is printed."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    cmd = [sys.executable, "-m", "pytest", "--nbval-lax", "notebooks/", "-p", "no:cacheprovider", "-q",
           "--nbval-sanitize-with", "notebooks/nbval_sanitize.cfg", "--nbval-cell-timeout", "900",
           "--durations=0"]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    took = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]
    assert " passed" in proc.stdout and "failed" not in proc.stdout
    print(f"notebooks ran in {took:.0f} s wall, {cpu:.0f} s CPU")
    assert cpu < 300, f"the notebooks took {cpu:.0f} s of CPU together; the budget is 300 s"
