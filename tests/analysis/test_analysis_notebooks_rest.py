"""The second half of the analysis notebooks under nbval (the first: test_analysis_notebooks.py),
in a file of its own so that the suite's two workers share them."""
from pathlib import Path

from notebook_support import SECOND_BUDGET, SECOND_HALF, run_and_check

ROOT = Path(__file__).resolve().parents[2]


def test_the_other_notebooks_run_under_nbval(tmp_path):
    """Under ``pytest --nbval-lax``, within their share of the CPU budget;
    then what each notebook stated (notebook_support.check_findings): every finding with its
    interval and sample size, every lead finding held at the notebook's second seed."""
    run_and_check(ROOT, SECOND_HALF, SECOND_BUDGET, tmp_path)
