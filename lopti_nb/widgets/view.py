"""A game's view and what it may ask of its host.

A view (:class:`GameView`, one per game, named by its plugin's ``view``) draws a game from the
observation it is given. It is hosted by a notebook table (:class:`~lopti_nb.widgets.table.Table`),
a replay (:class:`~lopti_nb.widgets.replay.ReplayTable`) or a room's device
(:class:`lopti_nb.rooms.widget.RoomWidget`), and reads of its host only what :class:`ViewHost`
declares: the shell checks every host against it.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Protocol, Sequence, runtime_checkable

import ipywidgets as W

from ..engine import SEAT_WORD
from .base import esc  # noqa: F401 - views import the escaping helper with the view

#: What a host may offer beyond :class:`ViewHost` (a view reads each with ``getattr`` and a
#: default): ``since_start(viewer)`` (the index of the first event since ``viewer``'s last
#: move; a table and a replay), ``is_bot(seat)``, ``bots`` and ``bot_names`` (a table's bots),
#: ``spec`` (the game's plugin, for :meth:`GameView.settings_words`) and ``voice`` (the
#: voice a guided table speaks in, for words a view builds as the table will say them).
OPTIONAL_HOST_MEMBERS = ("since_start", "is_bot", "bots", "bot_names", "spec", "voice")


@runtime_checkable
class ViewHost(Protocol):
    """The few things a view may use of the table, replay or room that shows it.

    - ``act(action)``: the viewer takes ``action`` (what a view's enabled button calls);
    - ``reason(action, viewer, can_act)``: ``None`` if the viewer may take ``action`` now,
      else why not, in the rules' words (disabled buttons show it);
    - ``refresh()``: draw again (after a selection changes: cards picked, not yet played);
    - ``state``: the state shown (a view reads ``state.seat_name(seat)`` and, with
      ``getattr``, state-wide facts such as a session's round; never another seat's cards:
      what it draws comes from the observation ``update`` is given);
    - ``seat_names``: one display name per seat, or ``None`` (the seats are then named by
      ``state.seat_name``).

    Anything else a view reads (:data:`OPTIONAL_HOST_MEMBERS`) it reads with ``getattr`` and a
    default, since not every host has it.
    """

    state: Any
    seat_names: Sequence[str] | None

    def act(self, action: Any) -> None: ...

    def reason(self, action: Any, viewer: int | None, can_act: bool) -> str | None: ...

    def refresh(self) -> None: ...


class GameView(ABC):
    """Base class of a game's view. Subclasses build ``self.widget`` and fill it in
    ``update``; they call ``self.table.act(action)`` when the viewer chooses an action.

    A game's view lives in its own folder (``lopti_nb/games/<game>/view.py``) and is named by
    its plugin (``SPEC.view``); the shell knows games only through these hooks.
    """

    # For the random player of :mod:`lopti_nb.widgets.testing` (tests and benchmarks), in the
    # game's own words: how the labels begin of the buttons that play the cards just picked
    # with their toggles, and of the buttons a person clicks less often (giving up the turn's
    # chances, like taking a pile), so that random games look like games people play.
    picked_play_buttons: tuple[str, ...] = ()
    seldom_buttons: tuple[str, ...] = ()
    def __init__(self, table: ViewHost):
        self.table = table
        self.widget: W.Widget = W.VBox()
        self.seen_as: tuple[int | None, bool] = (None, False)  # (viewer, can_act) of the last update

    # what the shell asks of a view
    @abstractmethod
    def update(self, obs: dict, viewer: int | None, new_events: list, can_act: bool) -> None:
        """Show ``obs`` as ``viewer`` sees it (``new_events`` since the last update)."""

    def seat_line(self, obs: dict, seat: int) -> str:
        return ""

    def scores_html(self, obs: dict, result) -> str:
        return ""

    def settings_words(self, state) -> str:
        """The settings in play, in words, for the table's header. By default built from the
        game's settings schema (see :func:`schema_words`); a view may say it better."""
        return schema_words(self.table.spec.schema, state.settings)

    def reset(self) -> None:
        """A new game starts (clear selections)."""

    def seat_name(self, seat: int) -> str:
        """How the table names ``seat`` to people: the name given to ``play(names=...)``, else
        the seat counted from 1 (``Seat 1`` is the first seat); a room names its members."""
        names = self.table.seat_names
        if names is not None:
            return names[seat]
        return self.table.state.seat_name(seat)

    def words(self, text: str) -> str:
        """The engine's sentences (which count seats from 1: ``Seat 1`` is index 0) in the
        table's words: every seat named as the table names it (``seat_names``, which a table
        and a room both give)."""
        return seat_words_named(text, self.table.seat_names)

    def just_happened(self, viewer: int | None) -> list:
        """The events since ``viewer``'s last move, as ``viewer`` may see them (for marking
        what the others just did); empty where the table keeps no such mark (a room)."""
        since = getattr(self.table, "since_start", None)
        if since is None or viewer is None:
            return []
        return [e.for_seat(viewer) for e in self.table.state.events[since(viewer):]]

    def open_hand_html(self, obs: dict, seat: int) -> str | None:
        """What only ``seat`` sees (its hand), drawn from its own observation ``obs`` with the
        game's pictures, for a replay with every card open; ``None``: the replay lists it
        in words."""
        return None

    def describe_event(self, event) -> str:
        """One line of the game log for ``event`` (already redacted for the viewer)."""
        return self.words(event.describe())

    # helpers for subclasses
    def reason(self, action, viewer, can_act) -> str | None:
        """``None`` if the viewer may take ``action`` now, else why not (rules' own words)."""
        return self.table.reason(action, viewer, can_act)


def seat_words_named(text: str, names: Sequence[str] | None) -> str:
    """``text`` with every seat word (counted from 1: ``Seat 1`` is index 0) replaced by that
    seat's name in ``names``; a seat with no name keeps its seat word. The one place where the
    engine's sentences become what people read, at a table and in a room.

    >>> seat_words_named("Seat 2 takes the pile from Seat 1.", ["Ann", "Bob"])
    'Bob takes the pile from Ann.'
    """
    if not text or not names:
        return text
    return SEAT_WORD.sub(lambda m: names[int(m.group(1)) - 1]
                         if 1 <= int(m.group(1)) <= len(names) else m.group(0), text)


def schema_words(schema, settings) -> str:
    """``settings`` in words, from the schema that declares them (what a table's header shows
    when its view does not say it better).

    A setting with ``labels`` shows the label of its value (for a bool: the first label when
    on, the second when off). Any other setting is named only when it differs from its
    default, so the header stays one short line: ``turn cap 50``, ``dealer: seat 2``.
    """
    parts = []
    for s in schema:
        if s.name not in settings:
            continue
        value = settings[s.name]
        if s.kind == "bool" and len(s.labels) == 2:
            parts.append(s.labels[0 if value else 1])
            continue
        if s.kind == "choice" and len(s.labels) == len(s.choices) and value in s.choices:
            parts.append(s.labels[s.choices.index(value)])
            continue
        try:
            unchanged = bool(value == s.default)
        except Exception:  # a value that cannot be compared (an array, say) is shown as changed
            unchanged = False
        if unchanged:
            continue
        words = s.name.replace("_", " ")
        if value is None:
            parts.append(f"{words}: none")
        elif s.kind == "bool":
            parts.append(f"{words} {'on' if value else 'off'}")
        elif s.kind == "seat":
            parts.append(f"{words}: seat {value}")
        elif s.kind == "data":
            parts.append(f"{words}: chosen for this table")
        elif s.kind == "float":
            parts.append(f"{words} {value:g}")
        else:
            parts.append(f"{words} {value}")
    return " \u00b7 ".join(parts)
