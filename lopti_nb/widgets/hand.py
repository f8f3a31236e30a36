"""A hand of cards where the card is the control: click (or tap) a card to select it, again
to deselect; arrow keys move between the cards, number keys select the card at that place,
Enter plays the selection. A card the rules refuse stays clickable: choosing it shows the
rules' reason in a line under the hand, on screen for touch screens too (no hover needed).

The model holds only what the seat in front of the device may see: the faces of its own
cards (or a back for a face-down card, which carries no identity). The rules' reasons stay
here in Python; only the line for the card just chosen is sent.

For tests and notebooks, :meth:`CardHand.click` and :meth:`CardHand.press_enter` do what a
click and the Enter key do in the browser, and :attr:`CardHand.toggles` gives one
:class:`CardControl` per card shown (``.description``, ``.value``, ``.disabled``), so the
random player of :mod:`lopti_nb.widgets.testing` picks cards as it picks toggle buttons.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import anywidget
import ipywidgets as W
import traitlets as T

TAP_LABEL = "Play on first tap"

_ESM = r"""
function render({ model, el }) {
  el.classList.add("lnb-hand");
  const row = document.createElement("div");
  row.className = "lnb-hand-row";
  row.setAttribute("role", "group");
  const note = document.createElement("div");
  note.className = "lnb-hand-note";
  note.setAttribute("role", "status");
  note.setAttribute("aria-live", "polite");
  el.append(row, note);
  let focus = 0;
  const buttons = () => Array.from(row.querySelectorAll("button"));
  const place = (i, keep) => {
    const all = buttons();
    if (!all.length) return;
    focus = Math.max(0, Math.min(all.length - 1, i));
    all.forEach((b, j) => b.tabIndex = j === focus ? 0 : -1);
    if (keep) all[focus].focus();
  };
  const draw = () => {
    const had = row.contains(document.activeElement);
    row.setAttribute("aria-label", model.get("title") || "cards");
    const cards = model.get("cards") || [];
    row.replaceChildren();
    cards.forEach((c, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "lnb-hand-card" + (c.selected ? " lnb-picked" : "") + (c.enabled ? "" : " lnb-refused");
      b.setAttribute("aria-pressed", c.selected ? "true" : "false");
      if (!c.enabled) b.setAttribute("aria-disabled", "true");
      b.dataset.index = String(i);
      // the name a screen reader says is the card in words (the picture is not read twice)
      b.innerHTML = c.svg + '<span class="lnb-hand-key" aria-hidden="true">' +
        (i < 9 ? String(i + 1) : "") + (c.selected ? " \u2713" : "") + "</span>";
      const svg = b.querySelector("svg");
      if (svg) svg.setAttribute("aria-hidden", "true");
      const name = document.createElement("span");
      name.className = "lnb-sr";
      name.textContent = c.label + (c.enabled ? "" : " (not playable now)");
      b.append(name);
      b.addEventListener("click", () => { focus = i; model.send({ click: i }); });
      row.append(b);
    });
    note.textContent = model.get("note") || "";
    place(focus, had);
  };
  row.addEventListener("keydown", (e) => {
    const n = buttons().length;
    if (!n) return;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") { place(focus + 1, true); e.preventDefault(); }
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") { place(focus - 1, true); e.preventDefault(); }
    else if (e.key === "Home") { place(0, true); e.preventDefault(); }
    else if (e.key === "End") { place(n - 1, true); e.preventDefault(); }
    else if (e.key === "Enter") { model.send({ play: true }); e.preventDefault(); }
    else if (/^[1-9]$/.test(e.key) && Number(e.key) <= n) {
      place(Number(e.key) - 1, true); model.send({ click: focus }); e.preventDefault();
    }
  });
  model.on("change:cards", draw);
  model.on("change:note", () => { note.textContent = model.get("note") || ""; });
  model.on("change:title", draw);
  draw();
}
export default { render };
"""

_CSS = """
.lnb-hand-row { display: flex; flex-wrap: wrap; gap: 4px; align-items: flex-end; padding-top: 8px; }
.lnb-hand-card { position: relative; padding: 0; margin: 0; border: 2px solid transparent;
  border-radius: 7px; background: transparent; cursor: pointer; line-height: 0;
  transition: transform 80ms; color: var(--jp-ui-font-color1, #222); }
.lnb-hand-card.lnb-picked { transform: translateY(-8px); border-color: var(--jp-brand-color1, #1976d2);
  box-shadow: 0 2px 6px rgba(0, 0, 0, 0.35); }
.lnb-hand-card.lnb-refused svg { opacity: 0.75; }
.lnb-hand-card.lnb-refused { border-style: dashed; border-color: var(--jp-border-color1, #999); }
.lnb-hand-card.lnb-refused { cursor: help; }
.lnb-hand-card:focus { outline: none; }
.lnb-hand-card:focus-visible { outline: 3px solid var(--jp-brand-color1, #1976d2); outline-offset: 2px; }
.lnb-hand-card { display: inline-flex; flex-direction: column; align-items: center; }
.lnb-hand-key { display: block; min-height: 14px; font-size: 11px; line-height: 14px; padding: 1px 2px 0;
  color: var(--jp-ui-font-color1, #222); font-family: var(--jp-ui-font-family, sans-serif); }
.lnb-hand-card.lnb-picked .lnb-hand-key { font-weight: bold; color: var(--jp-brand-color1, #1565c0); }
.lnb-sr { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
.lnb-hand-note { min-height: 1.3em; font-size: 13px; color: var(--jp-ui-font-color1, #222);
  font-family: var(--jp-ui-font-family, sans-serif); overflow-wrap: anywhere; }
"""


class CardHand(anywidget.AnyWidget):
    """One seat's cards as controls. ``set(items)`` takes dicts: ``svg`` (the face, or a
    back), ``label`` (the card in words), ``enabled``, ``reason`` (why the rules refuse it;
    kept here), ``selected``, ``key`` (what the view knows the card by; kept here).

    ``on_pick(index)`` is called when an enabled card is chosen, ``on_play()`` for Enter. A
    card is known by its place in the hand, never by its face: of two identical cards, the
    one tapped is the one picked (a view keeps the place, and ``selected`` marks that place)."""

    _esm = T.Unicode(_ESM).tag(sync=True)
    _css = T.Unicode(_CSS).tag(sync=True)
    cards = T.List(T.Dict()).tag(sync=True)
    title = T.Unicode("").tag(sync=True)
    note = T.Unicode("").tag(sync=True)

    def __init__(self, on_pick: Callable[[int], None] | None = None,
                 on_play: Callable[[], None] | None = None, title: str = "", **kwargs):
        super().__init__(title=title, **kwargs)
        self._on_pick = on_pick
        self._on_play = on_play
        self._items: list[dict[str, Any]] = []
        self._refused_note: tuple[int, str] | None = None  # the refused card the note is about
        self.on_msg(self._message)

    def _message(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        if "click" in content and isinstance(content["click"], int):
            self.click(content["click"])
        elif content.get("play"):
            self.press_enter()

    def set(self, items: Sequence[dict[str, Any]], note: str | None = None) -> None:
        """Show ``items``; ``note`` replaces the line under the hand (``None`` keeps it
        unless the cards changed, when it is cleared)."""
        self._items = [dict(i) for i in items]
        cards = [{"svg": i["svg"], "label": i["label"], "enabled": bool(i.get("enabled", True)),
                  "selected": bool(i.get("selected"))} for i in items]
        if note is None and [c["label"] for c in cards] != [c["label"] for c in self.cards]:
            note = ""
        if note is None and self._refused_note is not None:
            # a refused card's reason goes once that card may be played (or is gone)
            index, label = self._refused_note
            if index >= len(cards) or cards[index]["label"] != label or cards[index]["enabled"]:
                note = ""
        if note is not None:
            self._refused_note = None
        with self.hold_sync():
            if cards != self.cards:
                self.cards = cards
            if note is not None and note != self.note:
                self.note = note

    # -- what a click and a key do -----------------------------------------------------------------
    def click(self, index: int) -> None:
        """A click (or tap) on the card at ``index``: an enabled card goes to the view; a
        refused one shows the rules' reason on screen."""
        if not 0 <= index < len(self._items):
            return
        item = self._items[index]
        if not item.get("enabled", True):
            reason = item.get("reason") or "not possible now"
            self.note = f"{item['label']}: {reason}" + (
                "" if reason.endswith((".", "!", "?")) else ".")
            self._refused_note = (index, item["label"])
            return
        if self._on_pick is not None:
            self._on_pick(index)

    def press_enter(self) -> None:
        if self._on_play is not None:
            self._on_play()

    # -- for tests ------------------------------------------------------------------------------
    @property
    def toggles(self) -> list["CardControl"]:
        return [CardControl(self, i) for i in range(len(self._items))]

    def key(self, index: int):
        return self._items[index].get("key")


class CardControl:
    """One card of a :class:`CardHand`, handled like a toggle button: ``value`` is whether it
    is selected; setting it clicks the card when that changes it."""

    def __init__(self, hand: CardHand, index: int):
        self.hand, self.index = hand, index
        self.description: str = hand._items[index]["label"]  # kept once the hand has changed

    @property
    def _item(self) -> dict:
        items = self.hand._items
        if self.index < len(items) and items[self.index]["label"] == self.description:
            return items[self.index]
        return {"label": self.description, "enabled": False}  # no longer in the hand

    @property
    def disabled(self) -> bool:
        return not self._item.get("enabled", True)

    @property
    def _lnb_key(self):
        return self._item.get("key")

    @property
    def value(self) -> bool:
        return bool(self._item.get("selected"))

    @value.setter
    def value(self, on: bool) -> None:
        if bool(on) != self.value:
            self.click()

    def click(self) -> None:
        if self._item.get("key", self) is not self:  # still this card of the hand
            self.hand.click(self.index)

    def __repr__(self) -> str:
        return f"<card {self.description}{' selected' if self.value else ''}>"


def tap_toggle(on_change: Callable[[], None]) -> W.ToggleButton:
    """The "Play on first tap" switch a view shows beside its play button: off (the default),
    a tap picks a card and a button plays it; on, a tap on a card plays it at once where that
    is the only way to play it. ``on_change()`` redraws the view (its hints change)."""
    toggle = W.ToggleButton(description=TAP_LABEL, value=False, icon="",
                            tooltip="On: a tap on a card plays it at once. Off: tap to pick, then play.",
                            layout=W.Layout(width="auto"))
    toggle.observe(lambda change: on_change(), names="value")
    return toggle
