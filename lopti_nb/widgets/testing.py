"""Drive a table through its widgets, as a person would (used by tests and benchmarks)."""
from __future__ import annotations

import random

import ipywidgets as W


def visible_widgets(root: W.Widget):
    """Widgets shown on screen: every widget whose own and ancestors' display is not none."""
    stack = [root]
    while stack:
        w = stack.pop()
        layout = getattr(w, "layout", None)
        if layout is not None and layout.display == "none":
            continue
        yield w
        children = getattr(w, "children", None)
        if children:
            stack.extend(reversed(children))


def clickables(table):
    """(buttons, toggles) that are visible and enabled, outside the shell's game controls.
    The cards of a hand (:class:`~lopti_nb.widgets.hand.CardHand`) that the rules allow count
    as toggles: a click selects or deselects one (see :class:`~lopti_nb.widgets.hand.CardControl`)."""
    from .hand import CardHand

    skip = {id(b) for b in table.controls.children}
    skip.update(id(b) for b in getattr(table, "undo_controls", ()))
    buttons, toggles = [], []
    for w in visible_widgets(table):
        if isinstance(w, CardHand):
            toggles.extend(c for c in w.toggles if not c.disabled)
            continue
        if id(w) in skip or getattr(w, "disabled", True):
            continue
        if isinstance(w, W.Button):
            buttons.append(w)
        elif isinstance(w, W.ToggleButton):
            toggles.append(w)
    return buttons, toggles


def random_step(table, rng: random.Random) -> str:
    """One human step by the widgets: confirm a hot-seat cover, or pick cards with their
    toggles and play them, or click an enabled action button. Returns what was done.

    What a "play the picked cards" button and a seldom clicked button are called is the
    game's own word, declared by its view (``picked_play_buttons``, ``seldom_buttons``)."""
    view = table.view
    if table.cover.layout.display != "none":
        table.cover_button.click()
        return "confirm"
    buttons, toggles = clickables(table)
    if toggles and rng.random() < 0.7:
        t = rng.choice(toggles)
        t.value = not t.value
        if t.value and rng.random() < 0.7:
            # a person usually plays what they just picked
            buttons, _ = clickables(table)
            go = [b for b in buttons if b.description.startswith(tuple(view.picked_play_buttons))]
            if go:
                b = rng.choice(go)
                b.click()
                return f"pick {t.description} and click {b.description}"
        return f"toggle {t.description}"
    if not buttons:
        if toggles:
            t = rng.choice(toggles)
            t.value = not t.value
            return f"toggle {t.description}"
        return ""
    seldom = tuple(view.seldom_buttons)
    weights = [0.15 if b.description.startswith(seldom) else 1.0 for b in buttons]
    b = rng.choices(buttons, weights)[0]
    b.click()
    return f"click {b.description}"


def play_to_end(table, rng: random.Random, max_steps: int = 20000) -> int:
    """Random human steps until the game is over; returns the number of steps."""
    steps = 0
    while not table.state.is_over and steps < max_steps:
        if not random_step(table, rng):
            raise AssertionError(f"no enabled control at step {steps}: {table.status.value}")
        steps += 1
    return steps


def widget_states(root: W.Widget) -> list[dict]:
    """``get_state()`` of every widget reachable from ``root`` (what a browser would receive),
    in a fixed order, with widget references replaced by a placeholder."""
    from .table import iter_widgets

    out = []
    for w in iter_widgets(root):
        state = w.get_state()
        clean = {}
        for k, v in state.items():
            if isinstance(v, str) and v.startswith("IPY_MODEL_"):
                v = "IPY_MODEL"
            elif isinstance(v, (list, tuple)):
                v = ["IPY_MODEL" if isinstance(x, str) and x.startswith("IPY_MODEL_") else x for x in v]
            clean[k] = v
        out.append(clean)
    return out


def widget_text(root: W.Widget) -> str:
    """Every string in every widget state under ``root``, joined (for searching)."""
    parts = []

    def add(v):
        if isinstance(v, str):
            parts.append(v)
        elif isinstance(v, dict):
            for x in v.values():
                add(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                add(x)
        elif v is not None and not isinstance(v, (bytes, memoryview)):
            parts.append(str(v))

    for state in widget_states(root):
        add(state)
    return "\n".join(parts)
