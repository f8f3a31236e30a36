"""The analysis notebooks under nbval, in two halves: each half is a test in a file of its own
(tests/analysis/test_analysis_notebooks.py and test_analysis_notebooks_rest.py), so the suite's
two workers share them. The four have 300 s of CPU time together.

Each notebook runs with ``LOPTI_NB_FINDINGS_LOG`` set (:data:`lopti_nb.analysis.findings.FINDINGS_LOG`),
so every finding it shows is also written down; :func:`check_findings` then checks what the
notebook stated, from its own run: each finding carries its interval and sample size, and each
lead finding held when the notebook computed it again at its second seed."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time

from lopti_nb.analysis.findings import EXACT, FINDINGS_LOG, UNCLEAR

FIRST_HALF, SECOND_HALF = ["skullking_scoring", "reckoning_risk"], ["lopti_analysis", "ledger_strategies"]
FIRST_BUDGET, SECOND_BUDGET = 120, 180  # seconds of CPU time, 300 together


def run_under_nbval(root, names: list[str], budget: float, folder) -> dict[str, list[dict]]:
    """The notebooks ``names`` under ``pytest --nbval-lax``, one after the other, within
    ``budget`` seconds of CPU time together (this process's children: pytest and the kernels),
    which does not depend on what else the machine is doing; the wall time is printed.
    Returns each notebook's findings as it showed them (``folder``: where their logs go)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    shown = {}
    for name in names:
        log = folder / f"{name}.findings.jsonl"
        cmd = [sys.executable, "-m", "pytest", "--nbval-lax", f"notebooks/{name}.ipynb",
               "-p", "no:cacheprovider", "-q", "--nbval-sanitize-with", "notebooks/nbval_sanitize.cfg",
               "--nbval-cell-timeout", "900", "--durations=0"]
        env = dict(os.environ, **{FINDINGS_LOG: str(log)})
        proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=1800, env=env)
        assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]
        assert " passed" in proc.stdout and "failed" not in proc.stdout
        shown[name] = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    took = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"{', '.join(names)} ran in {took:.0f} s wall, {cpu:.0f} s CPU")
    assert cpu < budget, f"{', '.join(names)} took {cpu:.0f} s of CPU together; the budget is {budget:.0f} s"
    return shown


SECOND = ".second_seed"


def check_findings(name: str, findings: list[dict]) -> None:
    """What the notebook ``name`` stated (its findings as shown, :func:`run_under_nbval`):
    it leads with some finding; each lead finding that is not exact maths was computed again
    at the notebook's second seed and held there (the notebook withdraws one that did not:
    at its default size none may); and every finding carries its uncertainty and the sample
    it rests on, a count with its unit, and says how many it would take when it cannot tell."""
    assert findings, f"{name} showed no findings"
    again = {f["key"][:-len(SECOND)]: f for f in findings if f["key"].endswith(SECOND)}
    leads = [f for f in findings if f["lead"]]
    assert leads, f"{name} leads with no finding"
    for f in leads:
        if f["direction"] == EXACT:
            continue
        assert f["key"] in again, f"{name}: the lead finding {f['key']} is not computed again at a second seed"
        assert again[f["key"]]["direction"] == "held", f"{name}: {again[f['key']]['text']}"
    for f in findings:
        key, text = f["key"], f["text"]
        assert text and key
        if key.endswith(SECOND) or key.startswith("ladder."):
            continue  # a second seed's check, and the ladder's own (its ratings at both seeds)
        if f["direction"] == EXACT:
            assert "(exact)" in text, text
            continue
        assert f["n"], text  # how many games, seats, bids or rounds it rests on
        if not (key.startswith("office.") and key != "office.range"):
            # a count with its unit ("2,000 seats", "1 round"): the sample each part rests on
            assert re.search(r"\d[\d,]* " + re.escape(f["unit"].rstrip("s")), text), text
        if f["lower"] is not None and f["upper"] is not None and f["estimate"] is not None:
            assert f["lower"] <= f["estimate"] + 1e-9 and f["estimate"] <= f["upper"] + 1e-9, text
            if not key.startswith(("length.median", "office.")) and f["direction"] != "no difference":
                assert "95% interval" in text, text
        if f["direction"] == UNCLEAR and not key.startswith("office."):
            assert "cannot be told apart" in text or "no difference can be told apart" in text, text
            assert re.search(r"about [\d,]+ \w+", text), text  # how many it would take


def run_and_check(root, names: list[str], budget: float, folder) -> None:
    """:func:`run_under_nbval`, then :func:`check_findings` on what each notebook showed."""
    for name, findings in run_under_nbval(root, names, budget, folder).items():
        check_findings(name, findings)
