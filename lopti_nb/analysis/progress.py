"""A progress report for a long analysis run, shown the way the run's caller can see it.

:func:`progress_reporter` gives a run one function to call after each unit of work,
``tick(done, total)``. It moves a progress bar in a notebook (the widget of
:mod:`lopti_nb.widgets.lab`, taken off the page when the run ends), a text bar elsewhere,
and calls the caller's own ``on_progress(done, total)`` (a dashboard's bar) as well.

    >>> with progress_reporter(3, "Sessions played", show=False) as tick:
    ...     for k in range(3):
    ...         tick(k + 1, 3)
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator



def in_kernel() -> bool:
    """Whether this Python runs inside a Jupyter kernel (as ``display.in_kernel`` says, without
    loading Altair, which that module sets up)."""
    import sys

    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell is not None and getattr(shell, "kernel", None) is not None


@contextmanager
def progress_reporter(total: int, label: str, show: bool = True,
                      on_progress: Callable[[int, int], None] | None = None, unit: str = "units"
                      ) -> Iterator[Callable[[int, int], None]]:
    """A ``tick(done, total)`` function for a run of ``total`` ``unit``; ``show``: a bar (a
    widget in a notebook, text elsewhere) while the run lasts; ``on_progress``: called with
    each tick."""
    bar = None
    text_bar = None
    if show and in_kernel():
        from IPython.display import display

        from lopti_nb.widgets.lab import ProgressLine

        bar = ProgressLine(label, unit)
        bar.update(0, total)
        handle = display(bar, display_id=True)
    elif show:
        from tqdm.auto import tqdm

        text_bar = tqdm(total=total, desc=label, unit=unit.rstrip("s"))

    def tick(done: int, of: int) -> None:
        if bar is not None:
            bar.update(done, of)
        if text_bar is not None:
            text_bar.update(done - text_bar.n)
        if on_progress is not None:
            on_progress(done, of)

    try:
        yield tick
    finally:
        if bar is not None:
            # the results take its place; the saved notebook keeps no view of a closed widget
            handle.update({"text/plain": ""}, raw=True)
            bar.close()
        if text_bar is not None:
            text_bar.close()
