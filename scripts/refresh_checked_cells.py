"""Recompute the reference output of every ``# NBVAL_CHECK_OUTPUT`` cell of the analysis
notebooks (the only cells committed with output), after a deliberate change to the games.

    python scripts/refresh_checked_cells.py            # rewrite the references
    python scripts/refresh_checked_cells.py --check    # print what would change, write nothing

Each notebook runs top to bottom in one namespace (its default sizes); only the checked
cells' printed text is kept. Read the printed diff before committing: a reference is a
number the notebook's text may quote.
"""
from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def refresh(path: Path, write: bool) -> list[str]:
    nb = json.loads(path.read_text())
    namespace: dict = {"__name__": "__main__", "display": lambda *a, **k: None}
    changes = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        runnable = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(runnable, f"{path.name}", "exec"), namespace)  # noqa: S102 - our own notebooks
        if "# NBVAL_CHECK_OUTPUT" in source:
            old = "".join("".join(o.get("text", "")) for o in cell["outputs"])
            new = out.getvalue()
            if old != new:
                changes.append(f"{path.name}:\n  - {old.strip()}\n  + {new.strip()}")
                cell["outputs"] = [{"name": "stdout", "output_type": "stream",
                                    "text": new.splitlines(keepends=True)}]
    if write and changes:
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    return changes


def main() -> int:
    write = "--check" not in sys.argv
    import os

    os.environ.setdefault("LOPTI_NB_STATIC_CHARTS", "1")
    for path in NOTEBOOKS:
        for change in refresh(path, write):
            print(change)
    return 0


if __name__ == "__main__":
    sys.exit(main())
