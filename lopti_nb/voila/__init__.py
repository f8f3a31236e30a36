"""The package's own Voilà template, ``lopti_nb``: Voilà's "lab" page without the stylesheets
it fetches from a public CDN, so a dashboard asks no host but the server for anything.

Voilà finds a template by name in ``<root>/voila/templates/<name>/`` for every root in the
Jupyter data path; :func:`voila_env` puts :func:`share_dir` (shipped inside this package) first
on ``JUPYTER_PATH``, and :func:`voila_args` names the template and the theme. ``lopti-nb
serve``, ``lopti-nb voila`` and Binder's start script (``binder/start``) all use them.
"""
from __future__ import annotations

import os
from pathlib import Path

TEMPLATE = "lopti_nb"
THEMES = ("light", "dark")


def share_dir() -> Path:
    """The folder that holds ``voila/templates/lopti_nb`` (a Jupyter data-path root)."""
    return Path(__file__).resolve().parent / "share"


def config_dir() -> Path:
    """A Jupyter config folder whose ``voila.json`` names the template (for Voilà run as a
    Jupyter server extension, as on Binder: ``JUPYTER_CONFIG_PATH``)."""
    return Path(__file__).resolve().parent / "config"


def voila_env(env: dict | None = None) -> dict:
    """``env`` (default: this process's) with the template's folder first on ``JUPYTER_PATH``."""
    env = dict(os.environ if env is None else env)
    paths = [str(share_dir())] + [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    env["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))
    return env


def voila_args(theme: str = "light") -> list[str]:
    """The Voilà options that pick the package's template and ``theme`` (a page may still ask
    for the other with ``?theme=dark`` or ``?theme=light``)."""
    if theme not in THEMES:
        raise ValueError(f"No theme {theme!r}: choose {' or '.join(THEMES)}.")
    return [f"--template={TEMPLATE}", f"--theme={theme}",
            "--VoilaConfiguration.allow_theme_override=YES"]
