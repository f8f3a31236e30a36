"""The second half of the analysis notebooks under nbval (the first: test_analysis_notebooks.py),
in a file of its own so that the suite's two workers share them."""
from pathlib import Path

from notebook_support import SECOND_BUDGET, SECOND_HALF, run_under_nbval

ROOT = Path(__file__).resolve().parents[2]


def test_the_other_notebooks_run_under_nbval():
    """Under ``pytest --nbval-lax``, within their share of the CPU budget."""
    run_under_nbval(ROOT, SECOND_HALF, SECOND_BUDGET)
