"""Drive a table through its widgets, as a person would (used by tests and benchmarks)."""
from __future__ import annotations

import random
import time

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
    """(buttons, toggles) that are visible and enabled, outside the shell's game controls."""
    skip = {id(b) for b in table.controls.children}
    buttons, toggles = [], []
    for w in visible_widgets(table):
        if id(w) in skip or getattr(w, "disabled", True):
            continue
        if isinstance(w, W.Button):
            buttons.append(w)
        elif isinstance(w, W.ToggleButton):
            toggles.append(w)
    return buttons, toggles


def random_step(table, rng: random.Random) -> str:
    """One human step by the widgets: confirm a hot-seat cover, or toggle a card, or click an
    enabled action button. Returns a description of what was done."""
    if table.cover.layout.display != "none":
        table.cover_button.click()
        return "confirm"
    buttons, toggles = clickables(table)
    if toggles and (not buttons or rng.random() < 0.5):
        t = rng.choice(toggles)
        t.value = not t.value
        return f"toggle {t.description}"
    if not buttons:
        return ""
    b = rng.choice(buttons)
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


def click_timings(table, rng: random.Random, max_steps: int = 2000) -> list[float]:
    """Seconds from each action click (or toggle) to updated widgets, over a random game."""
    times = []
    steps = 0
    while not table.state.is_over and steps < max_steps:
        t0 = time.perf_counter()
        if not random_step(table, rng):
            break
        times.append(time.perf_counter() - t0)
        steps += 1
    return times
