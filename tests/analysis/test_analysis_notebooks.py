"""The analysis notebooks run top to bottom under nbval at their default sizes (checked cells
compared, the rest only run), within the 5-minute budget."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from notebook_support import FIRST_BUDGET, FIRST_HALF, run_and_check

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


def test_notebooks_run_under_nbval(tmp_path):
    """The first half of the notebooks under nbval (the second: test_analysis_notebooks_rest.py);
    then what each notebook stated (notebook_support.check_findings): every finding with its
    interval and sample size, every lead finding held at the notebook's second seed."""
    run_and_check(ROOT, FIRST_HALF, FIRST_BUDGET, tmp_path)
