"""The analysis notebooks under nbval, in two halves: each half is a test in a file of its own
(tests/analysis/test_analysis_notebooks.py and test_analysis_notebooks_rest.py), so the suite's
two workers share them. The four have 300 s of CPU time together."""
from __future__ import annotations

import subprocess
import sys
import time

FIRST_HALF, SECOND_HALF = ["skullking_scoring", "reckoning_risk"], ["lopti_analysis", "ledger_strategies"]
FIRST_BUDGET, SECOND_BUDGET = 120, 180  # seconds of CPU time, 300 together


def run_under_nbval(root, names: list[str], budget: float) -> None:
    """The notebooks ``names`` under ``pytest --nbval-lax``, within ``budget`` seconds of CPU
    time (this process's children: pytest and the kernels), which does not depend on what else
    the machine is doing; the wall time is printed."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    cmd = [sys.executable, "-m", "pytest", "--nbval-lax", *[f"notebooks/{n}.ipynb" for n in names],
           "-p", "no:cacheprovider", "-q", "--nbval-sanitize-with", "notebooks/nbval_sanitize.cfg",
           "--nbval-cell-timeout", "900", "--durations=0"]
    proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=1800)
    took = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]
    assert " passed" in proc.stdout and "failed" not in proc.stdout
    print(f"{', '.join(names)} ran in {took:.0f} s wall, {cpu:.0f} s CPU")
    assert cpu < budget, f"{', '.join(names)} took {cpu:.0f} s of CPU together; the budget is {budget:.0f} s"


