"""README's examples run as doctests, and its Quickstart holds exactly the two commands."""
import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_doctests():
    failures, tried = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_quickstart_two_commands_and_ci_runs_the_test_one():
    text = (ROOT / "README.md").read_text()
    block = re.search(r"## Quickstart\s+```bash\n(.*?)```", text, re.S).group(1)
    commands = [line.split("#")[0].strip() for line in block.splitlines() if line.strip()]
    assert len(commands) == 2
    assert "bash scripts/test.sh" in (ROOT / ".ci/run").read_text()
    assert commands[1] == "bash scripts/test.sh"
