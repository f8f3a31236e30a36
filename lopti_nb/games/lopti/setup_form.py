"""The part of a session's setup form (a room's create form) where the host may propose a motion
to the table before the first deal (``proposed=``, rules reference §1.7): none, a ready motion,
or one built from the menus of the motion builder. Named by the plugin as its
``session_setup`` extra, so the generic create form never names the game."""
from __future__ import annotations

import ipywidgets as W

from lopti_nb.engine import SettingsError
from lopti_nb.text import html
from lopti_nb.widgets.base import CSS_MUTED, show

from .builder import MotionBuilder
from .library import LIBRARY

NONE, BUILT = "", "built"


class ProposedMotionForm(W.VBox):
    """"Propose a motion": nothing (the default), a ready motion, or a motion built here. Its
    :meth:`settings` are what the session takes (``{}``, or ``{"proposed": ...}``); a built
    motion the constitution refuses raises a :class:`~lopti_nb.engine.SettingsError` with its
    reason.

    >>> form = ProposedMotionForm()
    >>> form.choice.value = "ace_tax"
    >>> form.settings()
    {'proposed': 'ace_tax'}
    """

    def __init__(self):
        options = ([("no motion", NONE)] + [(name.replace("_", " "), name) for name in LIBRARY]
                   + [("a motion built from the menus", BUILT)])
        self.choice = W.Dropdown(options=options, value=NONE, description="Propose a motion:",
                                 style={"description_width": "initial"},
                                 layout=W.Layout(width="auto", max_width="100%"))
        self.words = W.HTML()
        self.builder: MotionBuilder | None = None  # made when first chosen (it is many widgets)
        self.builder_box = W.VBox(layout=W.Layout(max_width="100%"))
        note = W.HTML(html('<div style="{};font-size:11px;margin:-4px 0 4px 8px">Put to the table before the '
                           'first deal: every seat votes on it, and it is in force from round one when more '
                           'than half vote yes.</div>', CSS_MUTED))
        super().__init__([self.choice, note, self.words, self.builder_box], layout=W.Layout(max_width="100%"))
        self.add_class("lnb-proposed-motion")
        self.add_class("lnb-setting")  # a setting with its words under it, as the forms mark one
        self.choice.observe(lambda c: self._draw(), names="value")
        self._draw()

    def _draw(self) -> None:
        name = self.choice.value
        if name == BUILT and self.builder is None:
            self.builder = MotionBuilder(heading="The motion proposed, built from the menus")
            show(self.builder.mode, False)
            show(self.builder.submit_button, False)
            self.builder_box.children = (self.builder,)
        show(self.builder_box, name == BUILT, "flex")
        self.words.value = (html('<div style="font-size:12px;overflow-wrap:anywhere">{}</div>', LIBRARY[name]().text)
                            if name in LIBRARY else "")
        show(self.words, name in LIBRARY)

    def settings(self) -> dict:
        """``{}`` (no motion proposed) or ``{"proposed": a ready motion's key or the data}``."""
        name = self.choice.value
        if name == NONE:
            return {}
        if name != BUILT:
            return {"proposed": name}
        if self.builder.data is None:
            raise SettingsError(f"The motion proposed is not ready: {self.builder.reason}")
        return {"proposed": self.builder.data}


__all__ = ["ProposedMotionForm"]
