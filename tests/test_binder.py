"""Binder: repo2docker reads binder/ as meant (Python 3.11, the package installed)."""
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_binder_requirements_install_the_package_itself():
    lines = [l.strip() for l in (ROOT / "binder/requirements.txt").read_text().splitlines()]
    assert "-e ." in lines
    assert (ROOT / "binder/runtime.txt").read_text().strip() == "python-3.11"


@pytest.mark.skipif(shutil.which("repo2docker") is None, reason="repo2docker is not installed (pip install jupyter-repo2docker)")
def test_repo2docker_dockerfile_uses_python_311_and_binder_requirements():
    out = subprocess.run(["repo2docker", "--no-build", "--debug", str(ROOT)], capture_output=True,
                         text=True, timeout=300)
    text = out.stdout + out.stderr
    assert out.returncode == 0, text[-2000:]
    assert "python=3.11" in text
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in text
    # the package is installed after the whole repository is copied in
    assert text.index("COPY --chown=0:0 src/ ${REPO_DIR}/") < text.index('-r "binder/requirements.txt"\n')


def test_binder_start_serves_the_dashboards_with_the_packages_template(tmp_path):
    """binder/start puts the template on the Jupyter data path and its voila.json on the config
    path, then runs the command it is given (repo2docker runs the server through it)."""
    import json
    import os
    import sys

    from lopti_nb.voila import TEMPLATE, config_dir, share_dir

    start = ROOT / "binder" / "start"
    assert os.access(start, os.X_OK)
    probe = ("import json, os; from jupyter_core.paths import jupyter_path, jupyter_config_path; "
             "print(json.dumps([jupyter_path(), jupyter_config_path()]))")
    env = dict(os.environ, PYTHONPATH=str(ROOT), JUPYTER_PATH="", JUPYTER_CONFIG_PATH="")
    out = subprocess.run([str(start), sys.executable, "-c", probe], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    data_path, config_path = json.loads(out.stdout)
    assert data_path[0] == str(share_dir()) and config_path[0] == str(config_dir())
    config = json.loads((config_dir() / "voila.json").read_text())
    assert config["VoilaConfiguration"]["template"] == TEMPLATE
    assert (share_dir() / "voila" / "templates" / TEMPLATE / "conf.json").is_file()


def test_binder_and_the_suite_install_the_same_exact_versions():
    """binder/requirements.txt installs under binder/constraints.txt, which pins every package the
    project needs (its extras included) to the version installed here, where the suite runs:
    so Binder builds the environment the suite passed with. A package moved on without the file
    fails here: run scripts/pin_constraints.py and commit the file."""
    import importlib.util
    import re

    spec = importlib.util.spec_from_file_location("pin_constraints", ROOT / "scripts" / "pin_constraints.py")
    pin = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pin)
    requirements = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    assert "-c constraints.txt" in requirements and requirements.index("-c constraints.txt") < requirements.index("-e .")
    pinned = dict(line.split("==", 1) for line in (ROOT / "binder" / "constraints.txt").read_text().splitlines()
                  if line and not line.startswith("#"))
    installed = pin.closure()
    assert {"ipywidgets", "voila", "pandas", "altair", "pytest", "redis"} <= set(pinned)
    assert pinned == installed, {k: (pinned.get(k), installed.get(k)) for k in set(pinned) | set(installed)
                                 if pinned.get(k) != installed.get(k)}
    assert all(re.fullmatch(r"[0-9][0-9A-Za-z.+!-]*", v) for v in pinned.values())
    assert 'install -q --disable-pip-version-check -e ".[test]" -c binder/constraints.txt' in \
        (ROOT / "scripts" / "test.sh").read_text()
