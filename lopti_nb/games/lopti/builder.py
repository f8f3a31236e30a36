"""The motion builder: a round's winner writes a motion from menus and number fields, no code.

The winner picks when the rule acts (before or after a base event), up to a few conditions
(a fact, an op, a value whose field fits the fact: a rank menu, a number field, yes or no), the
effects (an effect, the role it aims at, how many cards, which ones) and an optional title.
The words the table will hear are shown as they are composed, in the table's voice; while the
motion would be refused, the constitution's reason is on screen, and Submit stays disabled.
A motion in words only stays possible, marked as not enforced by the game.

Every menu comes from the data language's own declarations (:mod:`.motions.data`:
:data:`~.motions.data.MOMENTS`, :func:`~.motions.data.facts_at`, :func:`~.motions.data.ops_of`,
:func:`~.motions.data.values_of`, :func:`~.motions.data.effect_fields`), and what is composed is
checked by the same :func:`~.motions.data.check_motion_data` a session uses.

>>> got = []
>>> b = MotionBuilder(on_submit=got.append)
>>> b.rules[0].event.value = "pickup"
>>> b.rules[0].effects[0].effect.value = "reveal"
>>> b.submit_button.click()
>>> got[0]["rules"][0]["when"], got[0]["rules"][0]["then"][0]["effect"]
('after pickup', 'reveal')
"""
from __future__ import annotations

import re
from typing import Any, Callable

import ipywidgets as W
import traitlets

from ...engine import LoptiNbError
from ...text import html
from ...widgets.base import CSS_MUTED, CSS_TEXT, TableStyle, set_if, show
from .motions import BASE_EVENTS, MAX_TEXT, PHASES, ConstitutionError, Motion, MotionError
from .motions.data import (
    EFFECTS, MAX_CONDITIONS, MAX_NUMBER, MAX_RULES, MAX_TITLE, VOICES, check_motion_data, effect_fields,
    fact_words, facts_at, motion_words, ops_of, values_of,
)

MAX_EFFECTS = 4  # effects one rule of the builder offers (the language allows more a moment)
_WIDE = dict(width="auto", max_width="100%")
_LABEL = {"description_width": "initial"}
_ROW = dict(flex_flow="row wrap", align_items="center")
_BOX = dict(border="1px solid var(--jp-border-color1)", padding="4px 6px", margin="4px 0 0 0", max_width="100%")
# the field names of the data, in the words a person reads next to the menus
_FIELD_LABEL = {"who": "Who:", "n": "How many:", "to": "To:", "which": "Which cards:",
                "default": "A bot takes:", "text": "Words:"}
_SEPARATORS = re.compile(r"[,;\s]+")
MAX_NUMBERS_TEXT = 200  # characters the numbers field reads (13 numbers of 6 digits with commas fit)


def read_numbers(text: str, number: int) -> list[int]:
    """The whole numbers typed in a condition's field (``"1, 2, 3"``), read in one pass, each of at
    most as many digits as :data:`MAX_NUMBER` has; anything else is a :class:`MotionError` for
    condition ``number``.

    >>> read_numbers(" 1, 2;3 ", 1)
    [1, 2, 3]
    """
    words = [w for w in _SEPARATORS.split(text[:MAX_NUMBERS_TEXT + 1]) if w]
    if (len(text) > MAX_NUMBERS_TEXT or not words
            or not all(w.isascii() and w.isdigit() and len(w) <= len(str(MAX_NUMBER)) for w in words)):
        raise MotionError(f"condition {number}: the values are whole numbers separated by commas, such as "
                          f"1, 2, 3 (each from 0 to {MAX_NUMBER:,})")
    return [int(w) for w in words]


def _dropdown(description: str, options, value=None) -> W.Dropdown:
    d = W.Dropdown(options=options, description=description, style=_LABEL, layout=W.Layout(**_WIDE))
    if value is not None:
        d.value = value
    return d


def _set_options(menu: W.Dropdown, options) -> None:
    """New options for ``menu``, keeping its value where it is still offered."""
    values = [o[1] if isinstance(o, tuple) else o for o in options]
    if [o[1] if isinstance(o, tuple) else o for o in menu.options] == values:
        return
    keep = menu.value
    menu.options = options
    menu.value = keep if keep in values else values[0]


class ConditionRow(W.HBox):
    """One condition: a fact known at the rule's moment, an op it takes, and a value whose field
    fits the fact (a rank menu, a number field, yes or no, a list for "one of")."""

    def __init__(self, number: int, when: str, on_change: Callable[[], None], on_remove: Callable,
                 voice: str = "plain"):
        self.number, self.voice = number, voice
        self.fact = _dropdown(f"Condition {number}: if", self._facts(when))
        self.op = _dropdown("test:", ops_of(self.fact.value))
        self.word = _dropdown("value:", ["-"])  # a rank or a word of the fact's own list
        self.yes_no = _dropdown("value:", [("yes", True), ("no", False)])
        self.number_field = W.BoundedIntText(value=1, min=0, max=MAX_NUMBER, description="value:", style=_LABEL,
                                             layout=W.Layout(width="170px"))
        self.several = W.SelectMultiple(options=["-"], description="values:", rows=6, style=_LABEL,
                                        layout=W.Layout(**_WIDE))
        self.numbers = W.Text(description="values:", placeholder="e.g. 1, 2, 3", style=_LABEL,
                              layout=W.Layout(width="220px"))
        self.remove = W.Button(description=f"Remove condition {number}", layout=W.Layout(width="auto"))
        self.remove.on_click(lambda b: on_remove(self))
        super().__init__([self.fact, self.op, self.word, self.yes_no, self.number_field, self.several,
                          self.numbers, self.remove], layout=W.Layout(**_ROW, **_BOX))
        self._fit()
        self.fact.observe(lambda c: (self._fit(), on_change()), names="value")
        self.op.observe(lambda c: (self._fit(), on_change()), names="value")
        for w in (self.word, self.yes_no, self.number_field, self.several, self.numbers):
            w.observe(lambda c: on_change(), names="value")

    def _facts(self, when: str) -> list[tuple[str, str]]:
        return [(fact_words(f, self.voice), f) for f in facts_at(when)]

    def moment(self, when: str) -> None:
        """The rule's moment changed: offer the facts known there."""
        _set_options(self.fact, self._facts(when))

    def load(self, condition: dict) -> None:
        """Show ``condition`` (checked data) in the menus."""
        self.fact.value = condition["fact"]
        self.op.value = condition["op"]
        value = condition.get("value")
        if condition["op"] in ("is even", "is odd"):
            return
        if isinstance(value, list):
            if values_of(condition["fact"]) is None:
                self.numbers.value = ", ".join(map(str, value))
            else:
                self.several.value = tuple(value)
        elif isinstance(value, bool):
            self.yes_no.value = value
        elif isinstance(value, int):
            self.number_field.value = value
        else:
            self.word.value = value

    def _fit(self) -> None:
        fact = self.fact.value
        _set_options(self.op, ops_of(fact))
        values = values_of(fact)
        op = self.op.value
        many = op in ("one of", "not one of")
        if values is not None and values != (True, False):
            _set_options(self.word, values)
            if list(self.several.options) != list(values):
                self.several.options = values
        show(self.word, values is not None and values != (True, False) and not many and "even" not in op
             and "odd" not in op)
        show(self.yes_no, values == (True, False))
        show(self.number_field, values is None and not many and op not in ("is even", "is odd"))
        show(self.several, values is not None and many)
        show(self.numbers, values is None and many)

    def data(self) -> dict:
        """This condition as data; a list of numbers that does not read is a :class:`MotionError`."""
        fact, op = self.fact.value, self.op.value
        if op in ("is even", "is odd"):
            return {"fact": fact, "op": op}
        values = values_of(fact)
        if op in ("one of", "not one of"):
            if values is not None:
                return {"fact": fact, "op": op, "value": list(self.several.value)}
            return {"fact": fact, "op": op, "value": read_numbers(self.numbers.value, self.number)}
        if values == (True, False):
            return {"fact": fact, "op": op, "value": self.yes_no.value}
        if values is None:
            return {"fact": fact, "op": op, "value": self.number_field.value}
        return {"fact": fact, "op": op, "value": self.word.value}


class EffectRow(W.HBox):
    """One effect: its name from the closed set, and the fields that effect declares (a role,
    how many cards, where they go, which ones, what a bot takes, the words of a Say)."""

    def __init__(self, number: int, on_change: Callable[[], None], on_remove: Callable):
        self.number = number
        self.effect = _dropdown(f"Effect {number}:", list(EFFECTS), "draw")
        self.fields: dict[str, W.Widget] = {
            "who": _dropdown(_FIELD_LABEL["who"], ["-"]),
            "n": W.BoundedIntText(value=1, min=1, max=3, description=_FIELD_LABEL["n"], style=_LABEL,
                                  layout=W.Layout(width="150px")),
            "to": _dropdown(_FIELD_LABEL["to"], ["-"]),
            "which": _dropdown(_FIELD_LABEL["which"], ["-"]),
            "default": _dropdown(_FIELD_LABEL["default"], ["-"]),
            "text": W.Textarea(description=_FIELD_LABEL["text"],
                               placeholder="What the table hears; {actor cards} reads a number out",
                               style=_LABEL, layout=W.Layout(width="100%", height="52px")),
        }
        self.remove = W.Button(description=f"Remove effect {number}", layout=W.Layout(width="auto"))
        self.remove.on_click(lambda b: on_remove(self))
        super().__init__([self.effect, *self.fields.values(), self.remove], layout=W.Layout(**_ROW, **_BOX))
        self._fit()
        self.effect.observe(lambda c: (self._fit(), on_change()), names="value")
        self.fields["which"].observe(lambda c: (self._fit(), on_change()), names="value")
        for name, w in self.fields.items():
            if name != "which":
                w.observe(lambda c: on_change(), names="value")

    def _fit(self) -> None:
        declared = {f.name: f for f in effect_fields(self.effect.value)}
        for name, w in self.fields.items():
            spec = declared.get(name)
            if spec is not None and spec.options:
                _set_options(w, spec.options)
                if w.value not in spec.options or w.value == "-":
                    w.value = spec.default
            elif spec is not None and spec.kind == "number":
                w.max = spec.high
                w.min = spec.low
        shown = set(declared)
        if "default" in shown and self.fields["which"].value != "choose":
            shown.discard("default")  # what a bot takes matters only where a person would choose
        for name, w in self.fields.items():
            show(w, name in shown)
        self._declared = declared
        self._shown = shown

    def load(self, effect: dict) -> None:
        """Show ``effect`` (checked data) in the menus and fields."""
        self.effect.value = effect["effect"]
        if "which" in effect:
            self.fields["which"].value = effect["which"]
        for name, value in effect.items():
            if name not in ("effect", "which"):
                self.fields[name].value = value

    def data(self) -> dict:
        out: dict[str, Any] = {"effect": self.effect.value}
        for name in self._declared:
            if name in self._shown:
                out[name] = self.fields[name].value
        return out


class RuleEditor(W.VBox):
    """One rule: when it acts (before or after a base event), its conditions and its effects."""

    def __init__(self, number: int, on_change: Callable[[], None], on_remove: Callable, voice: str = "plain"):
        self.number, self.voice = number, voice
        self._changed = on_change
        self.heading = W.HTML(html('<b style="{}">Rule {}</b>', CSS_TEXT, number))
        self.phase = _dropdown("When:", list(PHASES), "after")
        self.event = _dropdown("base event:", list(BASE_EVENTS), "play")
        self.conditions: list[ConditionRow] = []
        self.effects: list[EffectRow] = []
        self.conditions_box = W.VBox(layout=W.Layout(max_width="100%"))
        self.effects_box = W.VBox(layout=W.Layout(max_width="100%"))
        self.add_condition = W.Button(description=f"Add a condition to rule {number}", layout=W.Layout(width="auto"))
        self.add_condition.on_click(lambda b: self._add_condition())
        self.add_effect = W.Button(description=f"Add an effect to rule {number}", layout=W.Layout(width="auto"))
        self.add_effect.on_click(lambda b: self._add_effect())
        self.remove = W.Button(description=f"Remove rule {number}", layout=W.Layout(width="auto"))
        self.remove.on_click(lambda b: on_remove(self))
        for w in (self.phase, self.event):
            w.observe(lambda c: self._moment(), names="value")
        super().__init__([self.heading, W.HBox([self.phase, self.event], layout=W.Layout(**_ROW, max_width="100%")),
                          self.conditions_box, self.add_condition, self.effects_box,
                          W.HBox([self.add_effect, self.remove], layout=W.Layout(**_ROW, max_width="100%"))],
                         layout=W.Layout(**_BOX))
        self._add_effect(quiet=True)

    @property
    def when(self) -> str:
        return f"{self.phase.value} {self.event.value}"

    def _moment(self) -> None:
        for c in self.conditions:
            c.moment(self.when)
        self._changed()

    def _add_condition(self) -> None:
        if len(self.conditions) < MAX_CONDITIONS:
            self.conditions.append(ConditionRow(len(self.conditions) + 1, self.when, self._changed,
                                                self._remove_condition, self.voice))
            self._relist()

    def _remove_condition(self, row: ConditionRow) -> None:
        self.conditions.remove(row)
        self._relist()

    def _add_effect(self, quiet: bool = False) -> None:
        if len(self.effects) < MAX_EFFECTS:
            self.effects.append(EffectRow(len(self.effects) + 1, self._changed, self._remove_effect))
            self._relist(quiet)

    def _remove_effect(self, row: EffectRow) -> None:
        if len(self.effects) > 1:
            self.effects.remove(row)
            self._relist()

    def _relist(self, quiet: bool = False) -> None:
        for i, c in enumerate(self.conditions, 1):
            c.number = i
            c.fact.description = f"Condition {i}: if"
            c.remove.description = f"Remove condition {i}"
        for i, e in enumerate(self.effects, 1):
            e.number = i
            e.effect.description = f"Effect {i}:"
            e.remove.description = f"Remove effect {i}"
        self.conditions_box.children = tuple(self.conditions)
        self.effects_box.children = tuple(self.effects)
        self.add_condition.disabled = len(self.conditions) >= MAX_CONDITIONS
        self.add_effect.disabled = len(self.effects) >= MAX_EFFECTS
        for e in self.effects:
            show(e.remove, len(self.effects) > 1)
        if not quiet:
            self._changed()

    def renumber(self, number: int) -> None:
        self.number = number
        self.heading.value = html('<b style="{}">Rule {}</b>', CSS_TEXT, number)
        self.add_condition.description = f"Add a condition to rule {number}"
        self.add_effect.description = f"Add an effect to rule {number}"
        self.remove.description = f"Remove rule {number}"

    def load(self, rule: dict) -> None:
        """Show ``rule`` (checked data) in the menus."""
        self.phase.value, self.event.value = rule["when"].split(" ", 1)
        self.conditions.clear()
        for condition in rule["if"]:
            self._add_condition()
            self.conditions[-1].load(condition)
        del self.effects[:]
        for effect in rule["then"]:
            self._add_effect()
            self.effects[-1].load(effect)
        self._relist()

    def data(self) -> dict:
        return {"when": self.when, "if": [c.data() for c in self.conditions], "then": [e.data() for e in self.effects]}


class MotionBuilder(W.VBox):
    """The winner's motion, composed from menus; ``on_submit`` is called with what is submitted:
    the motion's data (a dict, as :func:`~.motions.data.check_motion_data` gives it back) or, in
    the words-only mode, the words (a str; the game does not enforce them). The last accepted
    submission is also the trait :attr:`submitted`; a refusal ``on_submit`` raises (a
    :class:`~lopti_nb.engine.LoptiNbError`) is shown on screen (:meth:`refuse`). ``voice`` is the table's voice (one of
    :data:`~.motions.data.VOICES`) the preview reads the words in.

    >>> b = MotionBuilder(voice="pirate")
    >>> b.data["rules"][0]["then"]
    [{'effect': 'draw', 'who': 'actor', 'n': 1}]
    >>> b.submit_button.disabled
    False
    """

    submitted = traitlets.Union([traitlets.Dict(), traitlets.Unicode()], allow_none=True, default_value=None)

    def __init__(self, on_submit: Callable[[dict | str], None] | None = None, voice: str = "plain",
                 heading: str = "Write your motion"):
        if voice not in VOICES:
            raise MotionError(f"motions are read out in the voices {', '.join(VOICES)}, not {voice!r}"[:200])
        self.voice = voice
        self.on_submit = on_submit
        self.data: dict | None = None  # the motion on screen as data, while it would be stated
        self.reason = ""  # why the motion on screen would be refused
        self._loading = False
        self.heading = W.HTML(html('<div style="{}"><b>{}</b></div>', CSS_TEXT, heading))
        self.mode = W.RadioButtons(options=[("Enforced by the game (built from the menus)", "data"),
                                            ("Words only (not enforced by the game)", "words")],
                                   value="data", description="Kind of motion:", style=_LABEL,
                                   layout=W.Layout(width="auto", max_width="100%"))
        self.title = W.Text(description="Title (optional):", placeholder=f"at most {MAX_TITLE} characters",
                            style=_LABEL, layout=W.Layout(width="auto", max_width="100%"))  # 100% and its margin would overflow
        self.rules: list[RuleEditor] = [RuleEditor(1, self._refresh, self._remove_rule, voice)]
        self.rules_box = W.VBox(self.rules, layout=W.Layout(max_width="100%"))
        self.add_rule = W.Button(description="Add another rule", layout=W.Layout(width="auto"))
        self.add_rule.on_click(lambda b: self._add_rule())
        how = W.HTML(html('<div style="{};font-size:12px">Choose when the rule acts, on what condition, and what '
                          'happens. The game enforces it.</div>', CSS_MUTED))
        self.data_form = W.VBox([how, self.title, self.rules_box, self.add_rule], layout=W.Layout(max_width="100%"))
        self.words = W.Textarea(description="Your motion, in words:", placeholder="What the table will hear",
                                style=_LABEL, layout=W.Layout(width="100%", height="70px"))
        self.words_note = W.HTML(html(
            '<div style="{};border-left:4px solid var(--jp-warn-color1, #b35c00);padding:2px 8px;'
            'font-size:12px"><b>Not enforced by the game.</b> The table hears these words; the players '
            'keep to them themselves.</div>', CSS_TEXT))
        self.words_form = W.VBox([self.words_note, self.words], layout=W.Layout(max_width="100%"))
        self.preview = W.HTML()
        self.refusal = W.HTML()
        self.submit_button = W.Button(button_style="primary", layout=W.Layout(width="auto"))
        self.submit_button.on_click(lambda b: self.submit())
        self.mode.observe(lambda c: self._refresh(), names="value")
        self.title.observe(lambda c: self._refresh(), names="value")
        self.words.observe(lambda c: self._refresh(), names="value")
        super().__init__([TableStyle(), self.heading, self.mode, self.data_form, self.words_form, self.preview,
                          self.refusal, self.submit_button],
                         layout=W.Layout(max_width="100%", padding="4px"))
        self.add_class("lnb-table")
        self.add_class("lnb-motion-builder")
        self._refresh()

    # -- composing ----------------------------------------------------------------------------------
    def _add_rule(self) -> None:
        if len(self.rules) < MAX_RULES:
            self.rules.append(RuleEditor(len(self.rules) + 1, self._refresh, self._remove_rule, self.voice))
            self._relist()

    def _remove_rule(self, rule: RuleEditor) -> None:
        if len(self.rules) > 1:
            self.rules.remove(rule)
            self._relist()

    def _relist(self) -> None:
        for i, r in enumerate(self.rules, 1):
            r.renumber(i)
            show(r.remove, len(self.rules) > 1)
        self.rules_box.children = tuple(self.rules)
        self.add_rule.disabled = len(self.rules) >= MAX_RULES
        self._refresh()

    def composed(self) -> dict:
        """What the menus say, as data, before the constitution's check (a number list that does
        not read is already a :class:`MotionError`)."""
        out: dict[str, Any] = {"rules": [r.data() for r in self.rules]}
        if self.title.value.strip():
            out["title"] = self.title.value
        return out

    def _refresh(self) -> None:
        if self._loading:
            return
        words_only = self.mode.value == "words"
        show(self.data_form, not words_only, "flex")
        show(self.words_form, words_only, "flex")
        for r in self.rules:
            show(r.remove, len(self.rules) > 1)
        self.data, self.reason, said = None, "", ""
        if words_only:
            text = " ".join(self.words.value.split())
            if not text:
                self.reason = "Write the motion's words first."
            elif len(text) > MAX_TEXT:
                self.reason = f"A motion's words are at most {MAX_TEXT:,} characters; these are {len(text):,}."
            else:
                said = text
        else:
            try:
                motion = Motion.from_data(self.composed())
            except ConstitutionError as e:
                self.reason = f"The constitution refuses this motion: {e}"
            except MotionError as e:
                self.reason = f"Not a motion the game can play yet: {e}"
            else:
                self.data = motion.to_data()
                said = motion_words(self.data, self.voice)
        if said:
            label = "The table will hear" + (" (not enforced by the game)" if words_only else "")
            set_if(self.preview, value=html(
                '<div class="lnb-motion-preview" style="{};border-left:4px solid var(--jp-brand-color1);'
                'padding:2px 8px;overflow-wrap:anywhere"><div style="{};font-size:12px">{}:</div>{}</div>',
                CSS_TEXT, CSS_MUTED, label, said))
        else:
            set_if(self.preview, value="")
        show(self.preview, bool(said))
        self._show_reason(self.reason)
        set_if(self.submit_button, disabled=not said,
               description="Submit these words (not enforced)" if words_only else "Submit this motion")

    def load(self, motion: dict | str) -> None:
        """Show ``motion`` in the builder, to be changed or submitted as it is: a data motion
        (checked first: a refused one raises its :class:`MotionError` or
        :class:`ConstitutionError`, nothing changed) or words (the words-only mode).

        >>> b = MotionBuilder()
        >>> b.load({"when": "after out", "if": [{"fact": "place", "op": "is", "value": 2}],
        ...         "then": [{"effect": "discard", "who": "most cards"}]})
        >>> b.rules[0].conditions[0].number_field.value, b.submit_button.disabled
        (2, False)
        """
        if isinstance(motion, str):
            self.mode.value = "words"
            self.words.value = motion
            return
        canonical = check_motion_data(motion)
        self._loading = True
        try:
            self.mode.value = "data"
            self.title.value = canonical.get("title", "")
            self.rules[:] = [RuleEditor(i, self._refresh, self._remove_rule, self.voice)
                             for i in range(1, len(canonical["rules"]) + 1)]
            for editor, rule in zip(self.rules, canonical["rules"]):
                editor.load(rule)
        finally:
            self._loading = False
        self._relist()

    def _show_reason(self, reason: str) -> None:
        set_if(self.refusal, value=html(
            '<div class="lnb-motion-refusal" role="status" style="{};border-left:4px solid '
            'var(--jp-error-color1, #c62828);padding:2px 8px;overflow-wrap:anywhere">{}</div>',
            CSS_TEXT, reason) if reason else "")
        show(self.refusal, bool(reason))

    def refuse(self, reason: str) -> None:
        """Show why what was submitted was not stated (the session's own refusal: a copy of a
        motion in force, the wrong moment...) on screen, until the next change."""
        self._show_reason(f"Not stated: {reason}")

    # -- submitting -----------------------------------------------------------------------------------
    def submit(self) -> None:
        """Hand what is on screen to ``on_submit`` (and then :attr:`submitted`), if it may be
        stated. A refusal ``on_submit`` raises (any :class:`~lopti_nb.engine.LoptiNbError`, such as
        a session's :class:`~.motions.SessionError`) is shown on screen instead."""
        self._refresh()
        if self.submit_button.disabled:
            return
        given = " ".join(self.words.value.split()) if self.mode.value == "words" else self.data
        if self.on_submit is not None:
            try:
                self.on_submit(given)
            except LoptiNbError as e:  # refused where it was handed: the reason on screen, as for any refusal
                self.refuse(str(e))
                return
        self.submitted = given


__all__ = ["MotionBuilder", "RuleEditor", "ConditionRow", "EffectRow"]
