"""Running a motion's Python so that nothing it does can take the session down.

A motion hook is the notebook user's own code. It may sleep, loop, swallow every exception,
call ``sys.exit()``, raise exceptions whose text cannot even be read, return objects that raise
when looked at, or reach objects it was never handed. This module is how the engine
(:class:`~lopti_nb.games.lopti.motions.HookRunner`) calls it anyway:

* :func:`run_task` runs the hook -- and every look at what it returned -- on a worker thread
  and waits at most the hook's time budget. A hook that is late is abandoned: the session goes
  on without it, and nothing it returns later is used.
* :func:`error_text` and :func:`bounded` turn whatever it raised into a short sentence, never
  raising themselves.
* :class:`Watch` records objects besides the round (the session, its law and motions, the
  runner) and puts them back when a hook changed them behind the engine's back.

It protects the session from mistakes in that code, not from malice: see ``docs/ENGINE.md``.
"""
from __future__ import annotations

import _thread
import ctypes
import os
import threading
from operator import is_
from typing import Any, Callable, Iterable

MAX_FAULT = 200  # characters of a fault's sentence (a hook's own text is cut shorter still)
_MAX_SAID = 120  # characters of what a hook's exception says, within that sentence

# -- why a worker thread ---------------------------------------------------------------------------
# The engine's thread must never run the hook itself: a hook blocked in C (time.sleep(3600), a
# socket) or one that catches every exception in a loop cannot be stopped from outside, so the
# thread running it is lost. Each hook therefore runs on a daemon worker thread while the
# engine's thread waits for its answer, at most the budget. A late hook is abandoned: the engine
# goes on, the worker is never used again, and a stop (_Stop, through
# PyThreadState_SetAsyncExc) is raised in it once, which ends a plain busy loop at its next
# bytecode. A hook that sleeps in C or swallows the stop keeps its thread until it is done --
# Python cannot kill a thread -- but the session no longer waits for it and uses nothing it
# returns. The engine's thread is waiting, not running, while a hook runs, so the game is played
# in exactly the same order as with a direct call: same seed, same game.
#
# Why not os.fork (a child process per hook, killed when late)? It would isolate a hook
# completely, but: a fork costs milliseconds per call in a kernel holding numpy and pandas (a
# session calls hooks hundreds of times a round); forking a process that runs other threads (a
# Jupyter kernel's, Voila's, a widget's) can leave the child stuck on a lock one of them held;
# it does not exist on Windows and is unsafe on macOS; and the child's results would have to be
# pickled back. A worker thread costs two thread switches a call (25-35 microseconds measured
# on a two-core machine under light load; a busy machine stretches each switch, up to a
# millisecond seen under heavy load -- hence motions.ready_made) and runs wherever the kernel
# does.
#
# The worker's own frames hold only the hook and its view: a hook walking up its call stack
# (sys._getframe, inspect.stack) finds no session, round or runner there.


class HookTimeout(Exception):
    """A hook ran longer than its time budget (raised by :func:`call_with_budget`)."""


class _Stop(BaseException):
    """Raised once inside a hook that outlived its budget, to end a busy loop. A BaseException,
    so that a hook's own ``except Exception`` does not swallow it (``except BaseException``
    does; the session does not wait for that hook anyway)."""


_set_async_exc = ctypes.pythonapi.PyThreadState_SetAsyncExc
_set_async_exc.argtypes = (ctypes.c_ulong, ctypes.py_object)

DONE, LATE = "done", "late"


class _Job:
    """One call: ``task()`` run on a worker. ``outcome`` is what it returned."""

    __slots__ = ("task", "outcome", "done", "lock", "finished", "abandoned")

    def __init__(self, task: Callable[[], Any]):
        self.task = task
        self.outcome: Any = None
        self.done = _thread.allocate_lock()
        self.done.acquire()  # released by the worker when the task has returned
        self.lock = _thread.allocate_lock()  # guards finished/abandoned and the stop
        self.finished = False
        self.abandoned = False


class _Worker:
    """A daemon thread that runs one job at a time until a job of it is abandoned."""

    def __init__(self) -> None:
        self.go = _thread.allocate_lock()
        self.go.acquire()
        self.job: _Job | None = None
        self.thread = threading.Thread(target=self._run, name="lopti-motion-hook", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            while True:
                self.go.acquire()
                job = self.job
                self.job = None
                if job is None:  # pragma: no cover - workers are never told to end
                    return
                _run_job(job)
                with job.lock:
                    job.finished = True
                    abandoned = job.abandoned
                job.done.release()
                if abandoned:
                    return
        except BaseException:  # noqa: BLE001 - a late stop landing here: this worker was abandoned
            return


def _run_job(job: _Job) -> None:
    # A frame of its own holding only the job (its task and view), for a hook that looks up
    # its stack; the task never raises (it catches what the hook raises itself).
    job.outcome = job.task()


class _Pool:
    """Idle workers, taken for a call and given back after a timely one."""

    KEEP = 4  # idle workers kept (several threads may play sessions at once)

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.idle: list[_Worker] = []

    def take(self) -> _Worker:
        with self.lock:
            if self.idle:
                return self.idle.pop()
        return _Worker()

    def give_back(self, worker: _Worker) -> None:
        with self.lock:
            if len(self.idle) < self.KEEP:
                self.idle.append(worker)
                return
        worker.go.release()  # job None: the thread ends


_POOL = _Pool()


def _after_fork() -> None:  # a forked child has none of its parent's threads
    global _POOL
    _POOL = _Pool()


os.register_at_fork(after_in_child=_after_fork)


def run_task(task: Callable[[], Any], budget: float, on_abandon: Callable[[], None] | None = None):
    """``(DONE, task())`` run on a worker thread, or ``(LATE, None)`` when it has not returned
    within ``budget`` seconds: then the worker is abandoned (``task``'s answer, whenever it
    comes, is dropped). ``task`` must not raise. If this thread is interrupted while it waits
    (KeyboardInterrupt), the worker is abandoned, ``on_abandon`` runs and the interruption goes
    on."""
    pool = _POOL
    worker = pool.take()
    job = _Job(task)
    worker.job = job
    worker.go.release()
    try:
        in_time = job.done.acquire(timeout=budget)
    except BaseException:
        _abandon(worker, job)
        if on_abandon is not None:
            on_abandon()
        raise
    if in_time:
        pool.give_back(worker)
        return DONE, job.outcome
    if not _abandon(worker, job):  # it finished as the wait ended: late all the same
        job.done.acquire()
        pool.give_back(worker)
    return LATE, None


def _abandon(worker: _Worker, job: _Job) -> bool:
    """Abandon ``job`` unless it has just finished (then ``False``); a running one is sent a
    stop, once."""
    with job.lock:
        if job.finished:
            return False
        job.abandoned = True
        _set_async_exc(worker.thread.ident, _Stop)
    return True


def call_with_budget(fn: Callable, arg: Any, budget: float) -> Any:
    """``fn(arg)`` on a worker thread; raises :class:`HookTimeout` when it has not returned
    within ``budget`` seconds (it is then abandoned: this call returns at once and whatever
    ``fn`` returns later is dropped). What ``fn`` raises in time is raised here. Installs no
    signal handler and works from any thread.

    >>> call_with_budget(len, "abc", 1.0)
    3
    """
    def task():
        try:
            return True, fn(arg)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            return False, exc
    how, outcome = run_task(task, budget)
    if how == LATE:
        raise HookTimeout()
    ok, value = outcome
    if not ok:
        raise value
    return value


# -- sentences that cannot fail ----------------------------------------------------------------------
def bounded(text: str, limit: int = MAX_FAULT) -> str:
    """``text`` on one line, at most ``limit`` characters (cut with "…").

    >>> bounded("a\\n  b" + "c" * 300, 10)
    'a bcccccc…'
    """
    text = " ".join(str.__str__(text)[: limit * 4].split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def plain_text(value: Any) -> str | None:
    """``str(value)`` as an exact ``str`` when that works, else ``None`` (never raises; meant to
    run on the worker thread, as it may run the value's own code)."""
    try:
        text = str(value)
        if isinstance(text, str):
            return str.__str__(text)  # an exact str, even from a str subclass
    except BaseException:  # noqa: BLE001 - a __str__ that raises (or exits) says nothing
        pass
    return None


def type_name(value: Any) -> str:
    """The name of ``value``'s type (never raises)."""
    try:
        name = type(value).__name__
        if isinstance(name, str):
            return bounded(name, 60)
    except BaseException:  # noqa: BLE001 - a metaclass may make even this fail
        pass
    return "an object"


def error_text(exc: BaseException) -> str:
    """``"ValueError: what it said"``, short, for any exception (never raises; its message is
    left out when reading it fails)."""
    name = type_name(exc)
    said = plain_text(exc)
    if said is None:
        return f"{name} (its message could not be read)"
    said = bounded(said, _MAX_SAID)
    return f"{name}: {said}" if said else name


# -- what a hook must leave alone besides the round ------------------------------------------------
_CONTAINERS = (list, dict, set)


_NESTED = (list, tuple, dict, set)


def same_contents(value: Any, copy: Any) -> bool:
    """Whether the live container ``value`` still holds what its earlier ``copy`` (lists, dicts,
    sets and tuples copied all the way down, everything else shared) holds: by identity at the
    leaves, so no object a hook planted gets to run its own ``__eq__``."""
    t = type(copy)
    if type(value) is not t:
        return False
    if t is dict:
        if len(value) != len(copy) or not all(map(is_, value, copy)):
            return False
        value, copy = value.values(), copy.values()
    elif t is set:
        return len(value) == len(copy) and all(type(m) in (str, int, bool) for m in value) and value == copy
    elif t is not list and t is not tuple:
        return value is copy
    elif len(value) != len(copy):
        return False
    if all(map(is_, value, copy)):
        return True
    return all(a is b or (type(b) in _NESTED and same_contents(a, b)) for a, b in zip(value, copy))


class Watch:
    """Objects a hook must leave alone (``objects()`` names them at each call): every attribute,
    and the items of each list, dict or set among them, are recorded before a hook and compared
    (by identity) after it; :meth:`restore` puts back what changed.

    >>> class Box: pass
    >>> box = Box(); box.law = {"swap": True}
    >>> watch = Watch(lambda: [box]); before = watch.take()
    >>> box.law["swap"] = False; watch.changed(before)
    True
    >>> watch.restore(before); box.law
    {'swap': True}
    """

    def __init__(self, objects: Callable[[], Iterable[Any]]):
        self.objects = objects
        self._inner: dict[tuple, tuple[str, ...]] = {}  # attribute names -> those holding containers

    def _containers(self, d: dict) -> tuple[str, ...]:
        # The same class keeps the same attributes: which of them hold containers is worked out
        # once per set of names (a container put in place of another value changes an identity,
        # which is compared anyway).
        names = tuple(d)
        found = self._inner.get(names)
        if found is None:
            found = self._inner[names] = tuple(k for k, v in d.items() if type(v) in _CONTAINERS)
        return found

    def _flat(self, objects: Iterable[Any], layout: list | None = None) -> list:
        """Everything the objects hold, in one list: each object, its attribute names and values,
        then each container among them followed by its items (keys, then values, for a dict).
        Compared item by item by identity, any change shows: the objects and containers stand
        between the runs of items, so nothing can move from one to another unseen."""
        flat: list = []
        for obj in objects:
            d = obj.__dict__
            flat.append(obj)
            flat.extend(d)
            flat.extend(d.values())
            inner = []
            for name in self._containers(d):
                value = d[name]
                t = type(value)
                if t is dict:
                    flat.append(value)
                    flat.extend(value)
                    flat.extend(value.values())
                    inner.append((value, len(value)))
                elif t is list or t is set:
                    flat.append(value)
                    flat.extend(value)
                    inner.append((value, len(value)))
            if layout is not None:
                layout.append((obj, len(d), inner))
        return flat

    def take(self) -> tuple[list, list]:
        layout: list = []
        return self._flat(self.objects(), layout), layout

    def changed(self, snap: tuple[list, list]) -> bool:
        saved, layout = snap
        now = self._flat([obj for obj, _, _ in layout])
        return len(now) != len(saved) or not all(map(is_, now, saved))

    def restore(self, snap: tuple[list, list]) -> None:
        saved, layout = snap
        i = 0
        for obj, n, inner in layout:
            i += 1  # the object itself
            d = obj.__dict__
            d.clear()
            d.update(zip(saved[i:i + n], saved[i + n:i + 2 * n]))
            i += 2 * n
            for value, m in inner:
                i += 1  # the container itself
                if type(value) is dict:
                    value.clear()
                    value.update(zip(saved[i:i + m], saved[i + m:i + 2 * m]))
                    i += 2 * m
                else:
                    items = saved[i:i + m]
                    if type(value) is list:
                        value[:] = items
                    else:
                        value.clear()
                        value.update(items)
                    i += m
