"""The package's own Voilà template, ``lopti_nb``: Voilà's "lab" page without the stylesheets
it fetches from a public CDN, so a dashboard asks no host but the server for anything.

Voilà finds a template by name in ``<root>/voila/templates/<name>/`` for every root in the
Jupyter data path; :func:`voila_env` puts :func:`share_dir` (shipped inside this package) first
on ``JUPYTER_PATH``, and :func:`voila_args` names the template and the theme. ``lopti-nb
serve``, ``lopti-nb voila`` and Binder's start script (``binder/start``) all use them.

Kernels of closed pages: Voilà 0.5 shuts a page's kernel down when the page says goodbye (its
``beforeunload`` handler posts to ``/voila/api/shutdown/<kernel>``), but a page that never says
it (a crashed or killed browser, a phone that drops the tab, a lost network) leaves its kernel
running for good. :func:`cull_args` turns on the Jupyter server's culling of idle kernels as
the fallback: a kernel that no page is connected to and that has sent or received no message
for the last ``cull_after`` seconds is shut down (so the kernel of a page that sat unused before
it was closed goes at the next check). A kernel whose page is still open is never culled, however long the page sits unused.
``config/jupyter_server_config.json`` carries the same setting for Voilà run inside a Jupyter
server (Binder).
"""
from __future__ import annotations

import os
from pathlib import Path

TEMPLATE = "lopti_nb"
THEMES = ("light", "dark")
CULL_AFTER = 900  # seconds a kernel with no page connected may sit idle (15 minutes)
# The server counts a kernel that is still starting as idle: a limit of a few seconds culls the
# kernel of a page being opened on a busy machine before the page can connect (seen at 2 s).
MIN_CULL_AFTER = 10
MAX_CULL_AFTER = 7 * 24 * 3600  # a week: beyond that, say 0 (never)


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


def cull_interval(cull_after: int) -> int:
    """How often (seconds) the server looks for idle kernels: a quarter of ``cull_after``,
    at least 1 and at most 60, so a closed page's kernel is gone within about 1.25 times
    ``cull_after`` (at most a minute more)."""
    return max(1, min(60, cull_after // 4))


def cull_args(cull_after: int = CULL_AFTER) -> list[str]:
    """The Voilà options that shut down a kernel with no page connected once it has had no
    activity for ``cull_after`` seconds (:data:`MIN_CULL_AFTER` to :data:`MAX_CULL_AFTER`);
    ``0`` turns culling off.

    >>> cull_args(600)[0]
    '--MappingKernelManager.cull_idle_timeout=600'
    """
    if (isinstance(cull_after, bool) or not isinstance(cull_after, int)
            or not (cull_after == 0 or MIN_CULL_AFTER <= cull_after <= MAX_CULL_AFTER)):
        raise ValueError(f"cull_after is a whole number of seconds from {MIN_CULL_AFTER} to {MAX_CULL_AFTER} "
                         f"(0: never), not {str(cull_after)[:40]}.")
    if cull_after == 0:
        return ["--MappingKernelManager.cull_idle_timeout=0"]
    return [f"--MappingKernelManager.cull_idle_timeout={cull_after}",
            f"--MappingKernelManager.cull_interval={cull_interval(cull_after)}",
            # an open page keeps its kernel, however long it sits unused
            "--MappingKernelManager.cull_connected=False"]
