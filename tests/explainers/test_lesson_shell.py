"""The lesson shell (``lopti_nb.explainers``) knows no game: every game's lessons live in its
own folder and are found through its plugin; bad arguments get the package's typed errors."""
from __future__ import annotations

import ast
import inspect
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

import lopti_nb
from lopti_nb import explainers
from lopti_nb.engine import GameSpec, LoptiNbError, SettingsError, UnknownGame, all_specs, get_spec
from lopti_nb.engine import registry
from lopti_nb.explainers import TITLES, NoLessons, UnknownStep, UnknownVoice
from lopti_nb.explainers.core import Scene, Step

SHELL = Path(explainers.__file__).resolve().parent
TAUGHT = [s for s in all_specs() if s.lessons is not None]


def _game_words() -> set[str]:
    """Every installed game's name, title and aliases in lower case, as written and with
    their spaces, hyphens and underscores swapped or dropped ("skull king", "skull_king",
    "skullking"...). Short aliases such as "sk" are left out: they occur inside ordinary words."""
    words = set()
    for spec in all_specs():
        for word in (spec.name, spec.title, *spec.aliases):
            word = word.lower()
            if len(re.sub(r"[^a-z0-9]", "", word)) >= 4:
                words |= {re.sub(r"[\s\-_]", sep, word) for sep in ("", " ", "-", "_")}
    return words


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the docstring nodes (the prose may give examples that name a game)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                out.add(id(body[0].value))
    return out


@pytest.mark.parametrize("path", sorted(SHELL.glob("*.py")), ids=lambda p: p.name)
def test_the_lesson_shell_names_no_game_in_code(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    words = _game_words()
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            found += [f"imports {m}" for m in modules if re.search(r"(^|\.)games(\.|$)", m)
                      or any(re.sub(r"[\s\-_]", "", w) in m.lower().replace("lopti_nb", "").replace("_", "")
                             for w in words)]
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            found += [f"text {node.value[:40]!r}" for w in words
                      if re.search(rf"(?<![a-z0-9_]){re.escape(w)}(?![a-z0-9_])", node.value.lower())]
        name = (node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute)
                else node.name if isinstance(node, (ast.FunctionDef, ast.ClassDef)) else
                node.arg if isinstance(node, ast.arg) else None)
        # the package's own name (lopti_nb, LoptiNbError) is not a game's
        squeezed = name.lower().replace("_", "").replace("loptinb", "") if name else ""
        if squeezed and any(re.sub(r"[\s\-_]", "", w) in squeezed for w in words):
            found.append(f"name {name}")
    assert not found, f"{path.name} names a game: {found}"


@pytest.mark.parametrize("spec", TAUGHT, ids=lambda s: s.name)
def test_every_game_keeps_its_lessons_in_its_own_folder(spec):
    module = spec.load("lessons")
    folder = spec.state_class.__module__.rsplit(".", 1)[0]
    assert module.__name__.startswith(folder + "."), f"{spec.name}'s lessons are in {module.__name__}"
    assert isinstance(module.VOICES, tuple) and module.VOICES and all(isinstance(v, str) for v in module.VOICES)
    assert explainers.voices(spec.name) == module.VOICES
    assert inspect.signature(module.steps).parameters["voice"].default == "plain"
    for voice in module.VOICES:
        made = module.steps(voice)
        assert made and all(isinstance(s, Step) for s in made)
        assert [s.key for s in made] == [s.key for s in explainers.steps(spec.name, voice)]
    # a direct caller of the lessons module gets the shell's typed refusal
    with pytest.raises(UnknownVoice, match=f"Voices: {', '.join(module.VOICES)}"):
        module.steps("no such voice")


def test_headless_game_modules_do_not_load_lessons_or_widgets():
    """Playing a game (plugins, states, rules, bots) imports no lessons module and no
    ipywidgets: the lessons are loaded only when the lesson shell asks for them."""
    code = (
        "import sys, lopti_nb\n"
        "from lopti_nb.engine import all_specs\n"
        "for spec in all_specs():\n"
        "    lopti_nb.simulate(spec.name, n=1, seed=1, progress=False)\n"
        "bad = sorted(m for m in sys.modules if m.rsplit('.', 1)[-1].startswith('lessons')"
        " or m.startswith(('ipywidgets', 'lopti_nb.explainers')))\n"
        "print(repr(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "[]", out.stdout


def test_explain_has_an_explicit_signature():
    params = inspect.signature(explainers.explain).parameters
    assert list(params) == ["game", "voice", "start"]
    assert all(p.kind is p.POSITIONAL_OR_KEYWORD for p in params.values())


@pytest.mark.parametrize("call, error, words", [
    (lambda: lopti_nb.explain("lopti", colour="red"), SettingsError, "takes game, voice and start.*'colour'"),
    (lambda: explainers.explain("lopti", "plain", 0, 1), SettingsError, "4 arguments in a row"),
    (lambda: explainers.explain("lopti", game="lopti"), SettingsError, "one argument twice"),
    (lambda: lopti_nb.explain("lopti", start=10_000), UnknownStep, "number 0-32"),
    (lambda: lopti_nb.explain("lopti", start=None), UnknownStep, "not None"),
    (lambda: lopti_nb.explain("lopti", start=True), UnknownStep, "not True"),
    (lambda: lopti_nb.explain("sk", start="octopus"), UnknownStep, "Steps: goal, deal, bid"),
    (lambda: lopti_nb.explain("lopti", voice=None), UnknownVoice, "Voices: plain, pirate, comrade"),
    (lambda: lopti_nb.explain("lopti", voice=["plain"]), UnknownVoice, "Voices"),
    (lambda: explainers.steps("drowned-ledger", voice="pirate"), UnknownVoice, "Voices: plain"),
    (lambda: explainers.voices(42), UnknownGame, "Games"),
])
def test_bad_arguments_raise_the_packages_typed_errors(call, error, words):
    with pytest.raises(error, match=words) as caught:
        call()
    assert isinstance(caught.value, LoptiNbError) and isinstance(caught.value, ValueError)


def test_a_whole_number_start_of_any_integer_type_is_accepted():
    numpy = pytest.importorskip("numpy")
    assert lopti_nb.explain("sk", start=numpy.int64(3)).index == 3


def test_titles_are_read_from_the_plugins():
    assert dict(TITLES) == {s.name: s.title for s in TAUGHT}
    for spec in TAUGHT:
        assert TITLES[spec.name] == spec.title
        assert explainers.rules_markdown(spec.name).startswith(f"# {spec.title}\n")


def test_the_default_game_is_the_first_taught_in_the_plugins_order():
    first = TAUGHT[0]
    assert explainers.voices() == explainers.voices(first.name)
    assert [s.key for s in explainers.steps()] == [s.key for s in explainers.steps(first.name)]
    assert explainers.explain().game == first.name


class _Board(Scene):
    def draw(self) -> str:
        return '<div class="lnb-x-box">a toy board</div>'


def _toy_lessons(voices: tuple[str, ...]) -> types.ModuleType:
    from lopti_nb.explainers.core import check_voice

    module = types.ModuleType("toy_lessons_for_the_shell")
    module.VOICES = voices

    def steps(voice="plain"):
        check_voice(voice, voices, "Toy Game")
        return [Step("look", f"Look ({voice})", "Nothing to try here, only to see.", ("9.1",), _Board),
                Step("again", "Again", "A second step.", ("9.2",), _Board)]

    module.steps = steps
    return module


@pytest.fixture
def toy_game(monkeypatch):
    """A game defined in a test, registered only for this test (so no other test sees it)."""
    def install(voices, lessons=True, reference=None):
        spec = GameSpec(name="toy-game", title="Toy Game", state_class=get_spec("lopti").state_class,
                        min_players=2, max_players=2, default_players=2, default_bot="random",
                        order=1_000, lessons="toy_lessons_for_the_shell" if lessons else None,
                        reference=reference)
        monkeypatch.setitem(sys.modules, "toy_lessons_for_the_shell", _toy_lessons(voices))
        monkeypatch.setitem(registry._SPECS, spec.name, spec)
        return spec
    return install


def test_a_game_added_by_a_plugin_is_taught_by_the_same_shell(toy_game):
    toy_game(("plain",))
    assert TITLES["toy-game"] == "Toy Game"
    assert explainers.voices("Toy Game") == ("plain",)
    e = lopti_nb.explain("toy-game", start="again")
    assert e.index == 1 and e.game == "toy-game"
    assert "Toy Game: the rules, step by step<" in e.header.value  # one voice: no "(... voice)"
    assert explainers.rules_markdown("toy-game").startswith("# Toy Game\n")
    assert [s.clauses for s in explainers.rules("toy-game")] == [("9.1",), ("9.2",)]


def test_the_title_names_the_voice_when_a_game_has_several(toy_game):
    toy_game(("plain", "sea shanty"))
    e = lopti_nb.explain("toy-game", voice="sea shanty")
    assert "step by step (sea shanty voice)" in e.header.value
    assert e.step.title == "Look (sea shanty)"
    with pytest.raises(UnknownVoice, match="Voices: plain, sea shanty"):
        explainers.rules("toy-game", voice="opera")


def test_a_game_without_lessons_is_refused_in_words(toy_game):
    toy_game(("plain",), lessons=False)
    assert "toy-game" not in TITLES
    with pytest.raises(NoLessons, match="Toy Game has no lessons"):
        lopti_nb.explain("toy-game")


def test_a_game_with_a_reference_and_no_lessons_still_gives_its_rules(toy_game):
    """A third-party game often ships its reference before any lesson: rules() reads it."""
    toy_game(("plain",), lessons=False, reference="lopti_nb.games.lopti:reference.md")
    sections = explainers.rules("toy-game")
    from lopti_nb.explainers.reference import clause_ids

    assert [s.clauses for s in sections] == [(c,) for c in clause_ids("lopti")] != []
    assert explainers.rules_markdown("toy-game").startswith("# Toy Game\n")
    with pytest.raises(UnknownVoice, match="Voices: plain"):
        explainers.rules("toy-game", voice="pirate")
    with pytest.raises(NoLessons, match="Toy Game has no lessons"):
        explainers.steps("toy-game")
