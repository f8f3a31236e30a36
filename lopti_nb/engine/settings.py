"""Settings described as data: one :class:`Setting` per name, checked strictly.

Every game declares its settings once, as a :class:`SettingsSchema`; ``check_settings``,
the launcher's and the score lab's forms, ``lopti-nb simulate --set`` and game records all
read that one declaration::

    >>> from lopti_nb.engine.settings import Setting, SettingsSchema
    >>> schema = SettingsSchema([Setting("swap", "bool", True, "offer the swap at the deal")])
    >>> schema.check({"swap": False})
    {'swap': False}
    >>> schema.check({"swap": "no"})
    Traceback (most recent call last):
    ...
    lopti_nb.engine.errors.SettingsError: swap must be True or False, not 'no'.

Kinds: ``"bool"`` (only a real bool), ``"int"`` (whole numbers, numpy integers too, never a
bool), ``"float"`` (finite numbers), ``"choice"`` (one of ``choices``), ``"seat"`` (a seat
number from 0 to players - 1) and ``"data"`` (anything the setting's own ``check`` accepts).
``optional=True`` also admits ``None``.
"""
from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping

from .copying import plain_copy
from .errors import SettingsError
from .limits import MAX_SHOWN, check_nesting, read_json, shown  # noqa: F401 - shown is used here and imported from here

KINDS = ("bool", "int", "float", "choice", "seat", "data")
MAX_DATA = 10_000  # values in a "data" setting (a deck, a list of offices) at most
MAX_TEXT = 20_000  # characters of a value typed on a command line


def refuse_unknown_arguments(func):
    """Calls that do not fit ``func``'s signature raise :class:`SettingsError` (a sentence
    naming the accepted arguments) instead of Python's bare ``TypeError``: the front door
    (``lopti_nb.play``, ``explain``, ``rules``) passes a notebook's arguments through, and a
    typo there is bad input like any other. ``inspect.signature`` still shows ``func``'s own
    explicit signature."""
    import functools
    import inspect

    signature = inspect.signature(func)
    params = signature.parameters
    names = [n for n, p in params.items() if p.kind is not p.VAR_KEYWORD]
    words = names + [f"the game's settings" for p in params.values() if p.kind is p.VAR_KEYWORD]
    accepted = ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)
    in_a_row = [n for n, p in params.items() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = [n for n in names if params[n].default is params[n].empty
                and params[n].kind is not params[n].VAR_POSITIONAL]

    @functools.wraps(func)
    def checked(*args, **kwargs):
        try:
            signature.bind(*args, **kwargs)
        except TypeError:
            extra = sorted(set(kwargs) - set(names))
            missing = [n for n in required if n not in kwargs and n not in in_a_row[:len(args)]]
            if extra and len(words) == len(names):
                what = f"the unknown argument(s) {', '.join(map(shown, extra[:5]))}"
            elif len(args) > len(names):
                what = f"{len(args)} arguments in a row"
            elif missing:
                what = f"no {' and no '.join(missing)}"
            else:
                what = "one argument twice"
            raise SettingsError(f"{func.__name__}() takes {accepted}; it was given {what}.") from None
        return func(*args, **kwargs)

    return checked


def _bound(n: int) -> str:
    """A bound in words: ``12``, ``10,000``, ``2**63 - 1``."""
    if n >= 2**32 and n & (n + 1) == 0:
        return f"2**{n.bit_length()} - 1"
    return f"{n:,}"


def whole(value: Any, what: str, low: int | None = None, high: int | None = None,
          error: type[Exception] = SettingsError) -> int:
    """``value`` as an ``int`` if it is a whole number (numpy integers too, never a bool) from
    ``low`` to ``high`` (either left open with ``None``; with neither, at most 64 bits), or
    ``error`` with a sentence saying what is accepted. The one whole-number check of the package.

        >>> whole(3, "players", 2, 8)
        3
        >>> whole(9, "players", 2, 8)
        Traceback (most recent call last):
        ...
        lopti_nb.engine.errors.SettingsError: players must be a whole number from 2 to 8, not 9.
    """
    if low is not None and high is not None:
        allowed = f" from {_bound(low)} to {_bound(high)}"
    elif low is not None:
        allowed = f" of at least {_bound(low)}"
    elif high is not None:
        allowed = f" of at most {_bound(high)}"
    else:
        allowed = ""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise error(f"{what} must be a whole number{allowed}, not {shown(value)}.")
    number = int(value)
    if low is None and high is None and number.bit_length() > 64:  # no setting is counted in numbers this long
        raise error(f"{what} must be a whole number{allowed}, not one of {number.bit_length():,} bits.")
    if (low is not None and number < low) or (high is not None and number > high):
        raise error(f"{what} must be a whole number{allowed}, not {shown(value)}.")
    return number


@dataclass(frozen=True)
class Setting:
    """One game setting: its name, kind, default, allowed values and a one-line description.

    ``lever`` marks a playtest lever (a number or rule a designer may want to vary).
    ``check`` (kind ``"data"``, or extra checks for any kind) takes ``(value, players)``
    and returns the value to use or raises :class:`SettingsError`. ``to_plain`` and
    ``from_plain`` turn the value into JSON-able data and back, for game records.
    """

    name: str
    kind: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    low: float | None = None
    high: float | None = None
    optional: bool = False
    lever: bool = False
    labels: tuple[str, ...] = ()  # words for each of ``choices`` in a form
    check: Callable[[Any, int | None], Any] | None = None
    to_plain: Callable[[Any], Any] | None = None
    from_plain: Callable[[Any], Any] | None = None

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown setting kind {self.kind!r}")

    def validate(self, value: Any, players: int | None = None) -> Any:
        """The value to use for ``value``, or :class:`SettingsError` saying what is allowed."""
        if value is None and self.optional:
            return None
        kind = self.kind
        if kind == "bool":
            t = type(value)
            if t is not bool and not (t.__module__ == "numpy" and t.__name__ in ("bool", "bool_")):
                raise SettingsError(f"{self.name} must be True or False, not {shown(value)}.")
            value = bool(value)
        elif kind in ("int", "seat"):
            value = whole(value, self.name)
            if kind == "seat" and players is not None and not 0 <= value < players:
                raise SettingsError(f"{self.name} must be a seat from 0 to {players - 1}, not {value}.")
        elif kind == "float":
            if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
                raise SettingsError(f"{self.name} must be a finite number, not {shown(value)}.")
            value = float(value)
        elif kind == "choice":
            try:
                ok = value in self.choices
            except Exception:  # a value whose == fails is no choice
                ok = False
            if not ok or type(value) not in {type(c) for c in self.choices}:
                allowed = ", ".join(map(str, self.choices))
                raise SettingsError(f"{self.name} must be one of {allowed}; not {shown(value)}.")
        if kind in ("int", "float", "seat"):
            if self.low is not None and value < self.low:
                raise SettingsError(f"{self.name} must be at least {self.low}, not {value}.")
            if self.high is not None and value > self.high:
                raise SettingsError(f"{self.name} must be at most {self.high}, not {value}.")
        if kind == "data":
            # the setting's own check may recurse or copy: deep or huge data is refused first
            check_nesting(value, self.name, SettingsError, max_depth=8, max_items=MAX_DATA)
        if self.check is not None:
            value = self.check(value, players)
        return value

    def plain(self, value: Any) -> Any:
        """``value`` as JSON-able data (for records)."""
        if value is None:
            return None
        return self.to_plain(value) if self.to_plain else value

    def unplain(self, value: Any) -> Any:
        """The setting's value from its JSON-able form (:class:`SettingsError` for data that
        is not the form of any value of the setting)."""
        if value is None or not self.from_plain:
            return value
        check_nesting(value, self.name, SettingsError, max_depth=8, max_items=MAX_DATA)
        try:
            return self.from_plain(value)
        except SettingsError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise SettingsError(f"{self.name} cannot be {shown(value)}; it is "
                                f"{self.description[:1].lower()}{self.description[1:]}") from None

    def allowed(self) -> str:
        """What the setting accepts, in words (for help texts and ``--set``)."""
        if self.kind == "choice":
            text = " | ".join(map(str, self.choices))
        elif self.kind == "bool":
            text = "true | false"
        elif self.kind in ("int", "float", "seat"):
            lo = "" if self.low is None else f"{self.low:g}"
            hi = "" if self.high is None else f"{self.high:g}"
            text = {"int": "whole number", "float": "number", "seat": "seat number"}[self.kind]
            if lo or hi:
                text += f" {lo}..{hi}"
        else:
            text = "see the description"
        return text + (" (or none)" if self.optional else "")


@dataclass(frozen=True)
class SettingsSchema:
    """A game's settings, in the order a form shows them."""

    settings: tuple[Setting, ...] = field(default_factory=tuple)

    def __init__(self, settings: Iterable[Setting] = ()):
        object.__setattr__(self, "settings", tuple(settings))
        names = [s.name for s in self.settings]
        if len(set(names)) != len(names):
            raise ValueError(f"duplicate setting names in {names}")

    def __iter__(self) -> Iterator[Setting]:
        return iter(self.settings)

    def __len__(self) -> int:
        return len(self.settings)

    def __contains__(self, name: object) -> bool:
        return any(s.name == name for s in self.settings)

    def __getitem__(self, name: str) -> Setting:
        for s in self.settings:
            if s.name == name:
                return s
        raise KeyError(name)

    def names(self) -> list[str]:
        return [s.name for s in self.settings]

    def defaults(self) -> dict[str, Any]:
        return {s.name: s.default for s in self.settings}

    def levers(self) -> list[Setting]:
        return [s for s in self.settings if s.lever]

    def check(self, settings: Mapping[str, Any], players: int | None = None,
              game: str = "this game") -> dict[str, Any]:
        """Every setting with its default filled in; unknown or bad values raise
        :class:`SettingsError` naming what is accepted."""
        if not isinstance(settings, Mapping):
            raise SettingsError(f"Settings are given by name, not as {type(settings).__name__}.")
        unknown = sorted(k for k in settings if k not in self)
        if unknown:
            valid = ", ".join(self.names()) or "none"
            bad = ", ".join(shown(k) if not isinstance(k, str) else k[:40] for k in unknown[:5])
            raise SettingsError(f"Unknown setting(s) {bad} for {game}. Valid settings: {valid}.")
        out = {}
        for s in self.settings:
            # a copy: the caller's deck dict or offices list, changed afterwards, never changes
            # the game (nor its record)
            out[s.name] = plain_copy(s.validate(settings[s.name], players)) if s.name in settings \
                else s.default
        return out

    def to_plain(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        return {k: self[k].plain(v) if k in self else v for k, v in settings.items()}

    def from_plain(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        return {k: self[k].unplain(v) if k in self else v for k, v in settings.items()}

    def parse_text(self, name: str, text: str) -> Any:
        """A value typed on a command line (``--set swap=false``), by the setting's kind."""
        if name not in self:
            raise SettingsError(f"Unknown setting {shown(name, 40)}. Valid settings: {', '.join(self.names())}.")
        s = self[name]
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise SettingsError(f"{name} is given as text of at most {MAX_TEXT:,} characters.")
        t = text.strip()
        if s.optional and t.lower() in ("none", "null", ""):
            return None
        if s.kind == "bool":
            low = t.lower()
            if low in ("true", "yes", "on", "1"):
                return True
            if low in ("false", "no", "off", "0"):
                return False
            raise SettingsError(f"{name} must be true or false, not {t[:40]!r}.")
        if s.kind in ("int", "seat"):
            try:
                return int(t)
            except ValueError:
                raise SettingsError(f"{name} must be a whole number, not {t[:40]!r}.") from None
        if s.kind == "float":
            try:
                return float(t)
            except ValueError:
                raise SettingsError(f"{name} must be a number, not {t[:40]!r}.") from None
        if s.kind == "choice":
            for c in s.choices:
                if str(c) == t:
                    return c
            return t  # validate() names the choices
        return s.unplain(read_json(t, f"{name} (JSON data)", SettingsError, MAX_TEXT, max_depth=8))


def __getattr__(name: str):
    if name == "whole_number":  # the name of the last release for whole(value, what)
        import warnings

        warnings.warn("lopti_nb.engine.settings.whole_number is whole", DeprecationWarning, stacklevel=2)
        return whole
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

