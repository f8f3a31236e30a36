"""The snapshot a hook is checked against: every field a round declares, taken before a hook
runs, compared after it, and put back when the hook changed the game behind the engine's back.
"""
from __future__ import annotations

from operator import is_

from ....engine.core import CACHE, COPIERS, LIST, LISTS, RNG, SHARED
from ..hook_calls import same_contents

# -- the snapshot a hook is checked against -------------------------------------------------------
# A hook must not change the game behind the engine's back. Before each hook the runner takes a
# snapshot of every field the state declares (``FIELDS``, the list copy() is made from), and
# after it compares and, if anything changed, puts it all back, as for a hand edit. Derived
# caches are not compared, only dropped on restore. The session, its law and motions and the
# runner itself are watched the same way (hook_calls.Watch).
_PLANS: dict[type, tuple] = {}


def _plan(cls: type) -> tuple:
    plan = _PLANS.get(cls)
    if plan is None:
        compared, caches = [], []
        for name, kind in cls.fields().items():
            if kind == CACHE:
                caches.append(name)
            elif kind == SHARED or kind == RNG or kind not in COPIERS:
                # values; objects kept by identity (the runner); and the generator, by identity
                # too: reading its state costs 30 us a hook, more than all the rest together
                compared.append((name, 0, None))
            elif kind == LIST:
                compared.append((name, 1, COPIERS[kind]))
            elif kind == LISTS:
                compared.append((name, 3, COPIERS[kind]))
            else:
                compared.append((name, 2, COPIERS[kind]))
        plan = _PLANS[cls] = (tuple(compared), tuple(caches))
    return plan


def snapshot(state) -> list:
    d = state.__dict__
    snap = [list(d)]  # the attribute names, then one entry per compared field
    for name, how, copier in _plan(type(state))[0]:
        value = d[name]
        if how == 0:
            snap.append(value)
        elif how == 3:  # a list of lists: the inner lists themselves, and their items
            snap.append((value, copier(value), value[:]))
        else:
            snap.append((value, copier(value)))
    return snap


def _same_list(value: list, items: list) -> bool:
    return len(value) == len(items) and all(map(is_, value, items))


def changed(state, snap: list) -> bool:
    """Whether anything declared changed since ``snap``; compared by identity, so nothing a hook
    planted runs its own code here (an equal value put in place of the old one counts as a change)."""
    d = state.__dict__
    names = snap[0]
    if len(d) != len(names) or not all(map(is_, d, names)):  # an attribute added, deleted or replaced
        return True
    for (name, how, _), saved in zip(_plan(type(state))[0], snap[1:]):
        value = d[name]
        if how == 0:
            if value is not saved:
                return True
        elif value is not saved[0]:
            return True
        elif how == 1:
            if type(value) is not list or not _same_list(value, saved[1]):
                return True
        elif how == 3:
            if (type(value) is not list or not _same_list(value, saved[2])
                    or not all(type(a) is list and _same_list(a, b) for a, b in zip(value, saved[1]))):
                return True
        elif not same_contents(value, saved[1]):
            return True
    return False


def restore(state, snap: list) -> None:
    """Put every declared field back as it was (the same objects, their old contents)."""
    d = state.__dict__
    compared, caches = _plan(type(state))
    for name in set(d).difference(snap[0]):
        del d[name]
    for (name, how, _), saved in zip(compared, snap[1:]):
        if how == 0:
            d[name] = saved
        elif how == 3:  # the same inner lists, with their old items
            obj, contents, inner = saved
            for a, b in zip(inner, contents):
                a[:] = b
            obj[:] = inner
            d[name] = obj
        else:
            obj, contents = saved
            if type(obj) is list:
                obj[:] = contents
            elif type(obj) is dict:
                obj.clear()
                obj.update(contents)
            else:
                obj = contents
            d[name] = obj
    for name in caches:
        d[name] = None



# -- the undo point of an action -----------------------------------------------------------------------
# An action of a round with motions is all or nothing: when it is interrupted (Ctrl-C while a hook
# runs) the round is put back as it was before the action, hook runner included, and the interrupt
# goes on to the person. The events and the actions only ever grow, so they are kept by length.
_GROWING = ("events", "actions")


def undo_point(state) -> tuple:
    """What ``state`` is before an action: every declared field (see :func:`snapshot`; the
    growing lists by their length) and its hook runner's queue, faults and switches."""
    d = state.__dict__
    lengths = tuple(len(d[name]) for name in _GROWING)
    held = {name: d[name] for name in _GROWING}
    for name in _GROWING:  # not copied by the snapshot: only their length matters
        d[name] = ()
    try:
        snap = snapshot(state)
    finally:
        d.update(held)
    runner = state.hooks
    kept = None if runner is None else (runner.pending[:], len(runner.faults), runner.effects_applied,
                                        [(e, e.live, e.fault) for e in runner.entries])
    return snap, lengths, held, kept


def undo(state, point: tuple) -> None:
    """Put ``state`` back as it was at ``point`` (from :func:`undo_point`)."""
    snap, lengths, held, kept = point
    d = state.__dict__
    for name in _GROWING:
        d[name] = ()
    restore(state, snap)
    for name, n in zip(_GROWING, lengths):
        obj = held[name]
        del obj[n:]
        d[name] = obj
    if kept is not None:
        runner = state.hooks
        runner.pending[:] = kept[0]
        del runner.faults[kept[1]:]
        runner.effects_applied = kept[2]
        for entry, live, fault in kept[3]:
            entry.live, entry.fault = live, fault
