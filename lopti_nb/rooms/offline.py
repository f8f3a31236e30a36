"""Serving rooms through Voila without any request leaving the machine.

Voila's default page template links Font Awesome from a public CDN; on a classroom network
with no way out every page then waits on (and logs) a request that cannot succeed, and on one
with a way out each device tells a third party it opened the page. The ``offline-rooms``
template shipped here is Voila's own, less those links::

    env = voila_env(os.environ)
    subprocess.Popen([sys.executable, "-m", "voila", notebook, *voila_args()], env=env)
"""
from __future__ import annotations

import os
from pathlib import Path

TEMPLATE = "offline-rooms"
#: a Jupyter data folder (``voila/templates/offline-rooms``) for ``JUPYTER_PATH``
TEMPLATE_PATH = Path(__file__).resolve().parent / "voila_templates"


def voila_args() -> list[str]:
    """Voila's command-line options that pick the offline template."""
    return [f"--template={TEMPLATE}"]


def voila_env(env) -> dict:
    """A copy of ``env`` whose ``JUPYTER_PATH`` also holds the offline template's folder."""
    env = dict(env)
    paths = [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    env["JUPYTER_PATH"] = os.pathsep.join([str(TEMPLATE_PATH), *paths])
    return env


__all__ = ["TEMPLATE", "TEMPLATE_PATH", "voila_args", "voila_env"]
