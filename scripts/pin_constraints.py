"""Write binder/constraints.txt: the exact version of every package the project installs (the
package's own requirements with its extras, and theirs, all the way down), as installed here.

    python3 scripts/pin_constraints.py           # after the whole suite passed in this environment

Binder builds from it (binder/requirements.txt names it) and scripts/test.sh installs from it,
so the environment Binder builds is the one the suite last passed with. Run it again, and commit
the file, when a dependency should move on.
"""
from __future__ import annotations

import pathlib
import re
import sys
from importlib import metadata

from packaging.requirements import Requirement

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "binder" / "constraints.txt"
EXTRAS = ("test", "analysis", "rooms")


def _name(text: str) -> str:
    return re.split(r"[\s;<>=!~\[(]", text.strip(), maxsplit=1)[0]


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def closure(root: str = "lopti_nb", extras: tuple[str, ...] = EXTRAS) -> dict[str, str]:
    """Every installed distribution ``root`` (with ``extras``) needs, by normalised name: its version."""
    found: dict[str, str] = {}
    todo = [(root, set(extras))]
    while todo:
        name, wanted = todo.pop()
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue  # a requirement for another platform or Python, not installed here
        key = _norm(dist.metadata["Name"])
        if key in found and not wanted:
            continue
        found[key] = dist.version
        for text in dist.requires or ():
            req = Requirement(text)
            # a requirement for another platform, Python or extra is not one here
            if req.marker is not None and not any(req.marker.evaluate({"extra": e}) for e in (wanted or {""})):
                continue
            if _norm(req.name) not in found or req.extras:
                todo.append((req.name, set(req.extras)))
    found.pop(_norm(root), None)
    return dict(sorted(found.items()))


def main() -> int:
    pins = closure()
    lines = ["# Exact versions the whole suite last passed with (written by scripts/pin_constraints.py).",
             "# binder/requirements.txt and scripts/test.sh install with these as constraints."]
    lines += [f"{name}=={version}" for name, version in pins.items()]
    OUT.write_text("\n".join(lines) + "\n")
    print(f"{len(pins)} packages pinned in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
