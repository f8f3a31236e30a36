"""How a state is copied: the kinds a ``FIELDS`` entry may name (``"shared"``, ``"list"``,
``"deep"``...), the copier of each kind, and ``make_copier``, which builds a state class's
``copy()`` from its fields. Plain data (settings) is copied with :func:`plain_copy`. This module
knows nothing of states or games: the state contract (:mod:`.core`) and the settings schema
(:mod:`.settings`) both build on it.

    >>> plain_copy({"a": [1, 2]}) == {"a": [1, 2]}
    True
"""
from __future__ import annotations

import copy as _copy
import random
from types import MappingProxyType
from typing import Any, Callable, Mapping

# -- fields: how each attribute of a state is copied ------------------------------------------
SHARED = "shared"  # immutable (numbers, text, tuples, frozen values): the copy shares it
LIST = "list"  # a list of immutable values: a new list
LISTS = "lists"  # a list of lists of immutable values: new lists all the way down
DICT = "dict"  # a dict of immutable values: a new dict
DICTS = "dicts"  # a list of dicts of immutable values
PLAIN = "plain"  # nested plain data (dicts, lists, sets, tuples of them, e.g. settings)
RNG = "rng"  # a random.Random: a new generator in the same state
CACHE = "cache"  # derived from the rest and rebuilt on demand: the copy starts without it (None)
DEEP = "deep"  # anything else: copy.deepcopy
# objects that refer to one another, to the state itself or to its "list" fields (a vote to its
# state, a round to the state's event log): deep-copied together, in one copy.deepcopy whose
# memo maps the state to its copy and each "list" field to its new list, so the copies refer
# to the copy's own
LINKED = "linked"
#: The kinds a ``FIELDS`` entry may name; a function ``value -> copy`` is accepted as well.
KINDS = (SHARED, LIST, LISTS, DICT, DICTS, PLAIN, RNG, CACHE, DEEP, LINKED)

# values plain_copy shares: immutable, or read-only views (a default deck's MappingProxyType)
_ATOMIC = (type(None), bool, int, float, complex, str, bytes, frozenset, range, MappingProxyType)


def plain_copy(value: Any) -> Any:
    """A deep copy of plain data: dicts, lists and sets are copied, immutable values shared,
    and anything else handed to ``copy.deepcopy``."""
    t = type(value)
    if t in _ATOMIC:
        return value
    if t is dict:
        return {k: v if type(v) in _ATOMIC else plain_copy(v) for k, v in value.items()}
    if t is list:
        return [v if type(v) in _ATOMIC else plain_copy(v) for v in value]
    if t is tuple:
        items = [v if type(v) in _ATOMIC else plain_copy(v) for v in value]
        return value if all(a is b for a, b in zip(items, value)) else tuple(items)
    if t is set:
        return set(value)  # set members are hashable, so immutable in practice
    if isinstance(value, _ATOMIC):  # subclasses of int and str (a game's card class)
        return value
    return _copy.deepcopy(value)


def copy_rng(rng: random.Random) -> random.Random:
    """A new generator in the same state.

    A plain ``random.Random`` is made with ``__new__`` and given the state: ``Random()``
    would first seed itself from the operating system, which took half of a state's copy.
    Any other generator class is deep-copied (it may carry more than its state)."""
    if type(rng) is random.Random:
        new = _new_random(random.Random)
        new.setstate(rng.getstate())
        return new
    return _copy.deepcopy(rng)


_new_random = random.Random.__new__


#: kind -> function returning an independent copy of a value of that kind
COPIERS: dict[str, Callable[[Any], Any]] = {
    SHARED: lambda v: v,
    LIST: lambda v: v[:],
    LISTS: lambda v: [x[:] for x in v],
    DICT: lambda v: v.copy(),
    DICTS: lambda v: [x.copy() for x in v],
    PLAIN: plain_copy,
    RNG: copy_rng,
    CACHE: lambda v: None,
    DEEP: _copy.deepcopy,
}

def check_fields(cls: type, fields: Mapping[str, Any]) -> None:
    for name, kind in fields.items():
        if not isinstance(name, str) or not name.isidentifier():
            raise TypeError(f"{cls.__name__}.FIELDS: {name!r} is not an attribute name")
        if not (kind in KINDS or callable(kind)):
            raise TypeError(f"{cls.__name__}.FIELDS[{name!r}]: {kind!r} is not one of {KINDS} "
                            "nor a function returning a copy")


def make_copier(cls: type, fields: Mapping[str, Any]) -> Callable[[Any], Any]:
    """``copy(state)`` for instances of ``cls`` whose attributes are ``fields``.

    The instance dictionary is copied once (shared values come along) and every other field
    is replaced by its own copy; the ``"linked"`` fields are copied last, together (see
    :data:`LINKED`). An attribute that is not declared (set from outside, or a subclass that
    forgot to declare it) is deep-copied, so the copy is deep either way.
    """
    check_fields(cls, fields)
    # (name, copier) of every field that is not shared, worked out once per class
    steps = tuple((name, COPIERS[kind] if isinstance(kind, str) else kind)
                  for name, kind in fields.items() if kind not in (SHARED, LINKED))
    linked = tuple(name for name, kind in fields.items() if kind == LINKED)
    lists = tuple(name for name, kind in fields.items() if kind == LIST)
    declared = frozenset(fields)
    size = len(fields)
    new = object.__new__
    deep = _copy.deepcopy

    def copy(self: Any) -> Any:
        d = self.__dict__
        n = d.copy()
        for name, copier in steps:
            n[name] = copier(d[name])
        twin = new(cls)
        if linked:
            memo = {id(self): twin}
            for name in lists:
                memo[id(d[name])] = n[name]
            n.update(zip(linked, deep(tuple(d[name] for name in linked), memo)))
        if len(d) != size:
            for name in d.keys() - declared:
                n[name] = deep(d[name])
        twin.__dict__ = n
        return twin

    copy.__doc__ = f"An independent copy of this {cls.__name__} (made from its FIELDS)."
    copy.__qualname__ = f"{cls.__name__}.copy"
    return copy
