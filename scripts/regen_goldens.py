"""Write the golden playthroughs (tests/golden/*.json): the only writer of those files.

    python scripts/regen_goldens.py                  # rewrite every golden file
    python scripts/regen_goldens.py lopti_seed1      # only the named cases
    python scripts/regen_goldens.py --check          # only show what would change (exit 1 if any)

The cases and the file format are in tests/golden/goldens.py. After a deliberate change of
rules, dealing or wording, run it, read the diff (``git diff tests/golden``) and say in the
commit message what changed and why.
"""
from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this checkout's package and its test cases

from golden import goldens  # noqa: E402 - found through the path set just above


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="cases to write (default: all)")
    parser.add_argument("--check", action="store_true", help="write nothing; print the differences")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in goldens.CASES]
    if unknown:
        parser.error(f"unknown case(s) {', '.join(unknown)}; cases: {', '.join(sorted(goldens.CASES))}")
    differ = 0
    for name in args.names or sorted(goldens.CASES):
        file = goldens.path(name)
        new = goldens.render(goldens.golden(name))
        old = file.read_text(encoding="utf-8") if file.exists() else ""
        if new == old:
            print(f"{name}: unchanged")
            continue
        differ += 1
        if args.check:
            rel = file.relative_to(ROOT)
            sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                                       f"a/{rel}", f"b/{rel}"))
        else:
            file.write_text(new, encoding="utf-8")
            print(f"{name}: written")
    if args.check and differ:
        print(f"{differ} golden file(s) differ from what the game plays now", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
