"""Offline Altair charts that start fast.

``alt.JupyterChart.enable_offline()`` bundles the Vega JavaScript with vl-convert every time a
kernel starts; that takes several seconds (over ten on a busy two-core machine), which every
Voilà page visit would pay before its first widget appears. :func:`enable_offline_charts`
keeps the bundle in a cache file keyed by the Altair and vl-convert versions, so only the
first kernel ever pays; ``lopti-nb serve`` fills the cache before Voilà starts.
"""
from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

CACHE_ENV = "LOPTI_NB_CACHE"


def _skip_slow_format_checker() -> None:
    # jsonschema imports rfc3987_syntax (if installed) for its "iri" format checker, which
    # builds a Lark grammar at import: seconds spent on every kernel start, for a format
    # Altair's schema validation never checks. Only done before jsonschema is imported.
    if "jsonschema" not in sys.modules and "rfc3987_syntax" not in sys.modules:
        sys.modules["rfc3987_syntax"] = None  # makes `import rfc3987_syntax` an ImportError


def cache_dir() -> Path:
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "lopti_nb"


def _cache_file() -> Path:
    from importlib.metadata import version

    key = f"altair={version('altair')};vl-convert={version('vl-convert-python')}"
    digest = hashlib.sha1(key.encode()).hexdigest()[:12]
    return cache_dir() / f"jupyterchart-offline-{digest}.js"


def enable_offline_charts() -> bool:
    """Make ``alt.JupyterChart`` draw without a CDN, from the cached bundle when there is one.

    Returns True when offline charts are on. Falls back to Altair's own
    ``enable_offline()`` (and then writes the cache) if the cache is missing or unreadable.
    """
    _skip_slow_format_checker()
    import altair as alt

    cls = alt.JupyterChart
    if getattr(cls, "_is_offline", False):
        return True
    try:
        path = _cache_file()
        bundle = path.read_text(encoding="utf-8") if path.is_file() else ""
    except (OSError, ValueError):
        path, bundle = None, ""
    if len(bundle) > 100_000:
        cls._esm = bundle
        cls._is_offline = True
        return True
    cls.enable_offline()
    if path is not None and getattr(cls, "_is_offline", False):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(cls._esm, encoding="utf-8")
            tmp.replace(path)
        except OSError:
            pass
    return bool(getattr(cls, "_is_offline", False))


def warm_cache() -> bool:
    """Build the bundle cache now (used by ``lopti-nb serve`` before Voilà starts)."""
    try:
        path = _cache_file()
        if path.is_file() and path.stat().st_size > 100_000:
            return True
        return enable_offline_charts()
    except Exception:  # the dashboards still work; the first page visit just pays
        return False
