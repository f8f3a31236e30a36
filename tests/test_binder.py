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
