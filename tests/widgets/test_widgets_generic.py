"""The table shell knows no game: it finds each game's view through the game's plugin.

A game registered at run time (a copy of an installed game's plugin under a new name, with a
tiny view defined here) gets a playable table from ``lopti_nb.widgets.play`` without any
change to ``lopti_nb.widgets``; and the shell's own code names no installed game.
"""
from __future__ import annotations

import ast
import dataclasses
import re
from contextlib import contextmanager
from pathlib import Path

import ipywidgets as W
import pytest

import lopti_nb.widgets
from lopti_nb.engine import LoptiNbError, Setting, SettingsSchema, all_specs, register_game, registry
from lopti_nb.widgets.base import ButtonPool, esc
from lopti_nb.widgets.table import GameView, schema_words
from lopti_nb.widgets.testing import clickables

NAME = "tiny-table-test"


class TinyView(GameView):
    """The least a view does: one button per legal action of the seat at the device."""

    def __init__(self, table):
        super().__init__(table)
        self.note = W.HTML()
        self.moves = ButtonPool(table.act)
        self.widget = W.VBox([self.note, self.moves])

    def update(self, obs, viewer, new_events, can_act) -> None:
        legal = self.table.state.legal_actions() if can_act else []
        self.note.value = f"{len(legal)} moves"
        self.moves.set([(str(a), a, True, "") for a in legal[:6]])


class NotAView:
    pass


@contextmanager
def registered(base=None, **changes):
    """A copy of an installed game's plugin (the first one unless given), registered as NAME
    for the test only."""
    base = base or all_specs()[0]
    spec = dataclasses.replace(base, name=NAME, title="Tiny Table", aliases=(), bots=dict(base.bots),
                               **changes)
    register_game(spec)
    try:
        yield spec
    finally:
        registry._SPECS.pop(NAME, None)  # later tests see only the installed games


def test_play_finds_a_registered_games_view_through_its_plugin():
    with registered(view=f"{__name__}:TinyView") as spec:
        table = lopti_nb.widgets.play(NAME, players=spec.min_players, humans=1, bot_delay=0, seed=3)
        assert type(table.view) is TinyView and table.spec is spec
        assert table.view.widget in table.main.children  # the shell shows the view's widget
        buttons, _ = clickables(table)
        mine = [b for b in buttons if b in table.view.moves.buttons]
        assert mine, "the seat at the device has an enabled move"
        before = len(table.state.actions)
        mine[0].click()
        assert len(table.state.actions) > before  # the click went through table.act to the rules


def test_a_view_that_does_not_describe_its_settings_gets_them_from_the_schema():
    # a game with labelled settings, so that its default settings have words to show
    base = next(s for s in all_specs() if schema_words(s.schema, s.settings))
    with registered(base, view=f"{__name__}:TinyView") as spec:
        table = lopti_nb.widgets.play(NAME, bot_delay=0, seed=1)
        words = schema_words(spec.schema, table.state.settings)
        assert words and table.view.settings_words(table.state) == words
        assert esc(words) in table.header.value


def test_a_game_without_a_view_or_with_a_wrong_one_is_refused_in_words():
    with registered(view=None), pytest.raises(LoptiNbError, match="Tiny Table has no table"):
        lopti_nb.widgets.play(NAME, bot_delay=0)
    with registered(view=f"{__name__}:NotAView"), pytest.raises(LoptiNbError, match="not a GameView"):
        lopti_nb.widgets.play(NAME, bot_delay=0)


def test_schema_words_show_labels_and_only_changed_plain_values():
    schema = SettingsSchema([
        Setting("swap", "bool", True, "swap at the deal", labels=("swap first", "no swap")),
        Setting("style", "choice", "a", "how", choices=("a", "b"), labels=("style A", "style B")),
        Setting("turn_cap", "int", 10, "a cap"),
        Setting("rate", "float", 0.5, "a rate"),
        Setting("dealer", "seat", 0, "who deals"),
        Setting("leader", "seat", None, "who leads", optional=True),
        Setting("fast", "bool", False, "quick"),
        Setting("deck", "data", None, "cards", optional=True),
    ])
    assert schema_words(schema, schema.defaults()) == "swap first \u00b7 style A"
    changed = dict(schema.defaults(), swap=False, style="b", turn_cap=5, rate=0.25, dealer=2,
                   fast=True, deck=[1, 2])
    assert schema_words(schema, changed) == (
        "no swap \u00b7 style B \u00b7 turn cap 5 \u00b7 rate 0.25 \u00b7 dealer: seat 2 \u00b7 fast on"
        " \u00b7 deck: chosen for this table")


def test_table_checks_seat_settings_against_its_players():
    game = next(s for s in all_specs() if any(x.kind == "seat" for x in s.schema))
    seat = next(x.name for x in game.schema if x.kind == "seat")
    with pytest.raises(LoptiNbError, match=f"{seat} must be a seat from 0 to 1"):
        lopti_nb.widgets.play(game.name, players=2, bot_delay=0, **{seat: 4})


# -- the shell's code names no game -----------------------------------------------------------
WIDGETS = Path(lopti_nb.widgets.__file__).parent
PACKAGE = re.compile(r"lopti_?nb", re.IGNORECASE)  # the package's own name is not a game's


def _game_keys() -> set[str]:
    keys = set()
    for spec in all_specs():
        for word in (spec.name, spec.title, *spec.aliases):
            key = re.sub(r"[^a-z0-9]", "", word.lower())
            if len(key) >= 4:  # "sk" would match "task": the longer names catch a slip
                keys.add(key)
    return keys


def _code_words(tree: ast.AST):
    """Every identifier, imported module and string literal of a module, docstrings excepted
    (a docstring's example may name a game)."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.value
        elif isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.name
        elif isinstance(node, ast.ImportFrom):
            yield node.module or ""
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.Import):
            yield from (a.name for a in node.names)


@pytest.mark.parametrize("path", sorted(WIDGETS.glob("*.py")), ids=lambda p: p.name)
def test_the_table_shell_names_no_game_in_code(path):
    keys = _game_keys()
    found = []
    for word in _code_words(ast.parse(path.read_text())):
        flat = re.sub(r"[^a-z0-9]", "", PACKAGE.sub("", word).lower())
        found += [(word, k) for k in keys if k in flat]
        if "games" in word.split("."):
            found.append((word, "a game module"))
    assert not found, f"{path.name} names a game: {found}"


def test_every_installed_game_has_a_table_view():
    for spec in all_specs():
        assert issubclass(lopti_nb.widgets.view_class(spec.name), GameView), spec.name
