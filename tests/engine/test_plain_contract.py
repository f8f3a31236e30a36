"""A game written from docs/PLUGINS.md alone: it names itself nowhere but in its plugin, plays,
records and passes the conformance suite (``lopti_nb.testing.check_game``); a broken copy of
it fails the suite with its faults named. (The package's own structure: tests/test_structure.py.)"""
import dataclasses
import importlib
import pathlib
import sys

import pytest

import lopti_nb
from lopti_nb import explainers, testing
from lopti_nb.dashboard_parts import rules_classroom
from lopti_nb.engine import GameSpec, Presentation, SettingsError, UnknownGame, load, register_game
from lopti_nb.engine import registry

PACKAGE = pathlib.Path(lopti_nb.__file__).parent


def plugins_example() -> str:
    """The example game of docs/PLUGINS.md, as the page shows it."""
    page = (PACKAGE.parent / "docs" / "PLUGINS.md").read_text()
    section = page.split("## A complete small game", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


@pytest.fixture
def guide_game(tmp_path, monkeypatch):
    """Import a game module written to a file (registered by the test), and forget it after."""
    monkeypatch.syspath_prepend(str(tmp_path))
    made = []

    def write(name: str, text: str):
        (tmp_path / f"{name}.py").write_text(text)
        module = importlib.import_module(name)
        made.append(module)
        return module

    yield write
    for module in made:
        registry._SPECS.pop(module.SPEC.name, None)
        registry._BOUND.pop(module.SPEC.state_class, None)
        registry._FOUND.clear()
        sys.modules.pop(module.__name__, None)
    testing.clear_caches()


def test_the_example_game_of_the_plugin_guide_plays_records_and_replays(guide_game):
    """A game written from docs/PLUGINS.md alone: registered, it plays, simulates, copies,
    records (its state class names no game: the registry binds the spec to it) and replays."""
    module = guide_game("race_from_the_guide", plugins_example())
    assert "game" not in vars(module.RaceState)
    register_game(module.SPEC)
    assert module.RaceState.game == "race-to-ten"
    state = lopti_nb.new_game("race-to-ten", players=3, seed=3, target=7)
    assert state.action_types() == (module.Add,)
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    record = state.record()
    assert record["game"] == "race-to-ten" and record["settings"]["target"] == 7
    assert load(record).result == state.result
    twin = state.copy()
    assert {k: v for k, v in twin.__dict__.items() if k != "rng"} == \
        {k: v for k, v in state.__dict__.items() if k != "rng"}
    assert twin.rng is not state.rng and twin.rng.getstate() == state.rng.getstate()
    rows = lopti_nb.simulate("race-to-ten", n=4, seed=1, progress=False)
    assert len(rows) == 8 and rows.groupby("game")["won"].sum().tolist() == [1, 1, 1, 1]


def test_the_example_game_of_the_plugin_guide_passes_the_conformance_suite(guide_game):
    """check_game registers the spec it is given and runs every check; the two with nothing
    to look at in this game say why (nothing is secret; another interpreter cannot find a
    game registered in this process only)."""
    module = guide_game("race_checked", plugins_example())
    outcome = testing.check_game(module.SPEC)
    assert registry.get_spec("race-to-ten") is module.SPEC
    assert set(outcome) == set(testing.CHECKS)
    skipped = {name: why for name, why in outcome.items() if why != "passed"}
    assert sorted(skipped) == ["same_seed_gives_the_same_game_in_another_interpreter",
                               "scramble_deals_secrets_again"]
    assert skipped["scramble_deals_secrets_again"].startswith("skipped: every seat sees")


def broken_example() -> str:
    """The guide's game with three faults: a history list its FIELDS call shared (a copy
    shares it), no event when the race is won, and a deal that draws from the global
    generator."""
    text = plugins_example().replace('name="race-to-ten", title="Race to Ten"',
                                     'name="broken-race", title="Broken Race"')
    faults = [
        ('FIELDS = {"total": "shared", "turn": "shared"}',
         'FIELDS = {"total": "shared", "turn": "shared", "history": "shared"}'),
        ("        self.turn = 0\n",
         "        self.turn = 0\n        self.history = []\n        __import__('random').random()\n"),
        ("        self.turn += 1\n", "        self.turn += 1\n        self.history.append(action.step)\n"),
        ("            self.events.append(Won(seat))\n", "            pass\n"),
    ]
    for old, new in faults:
        assert old in text, old
        text = text.replace(old, new)
    return text


def test_a_broken_game_fails_the_conformance_suite_with_every_fault_named(guide_game):
    module = guide_game("race_broken", broken_example())
    with pytest.raises(testing.ConformanceError) as info:
        testing.check_game(module.SPEC)
    error = info.value
    assert isinstance(error, AssertionError)
    assert sorted(error.failures) == [
        "a_finished_game_has_exactly_one_game_end_event",
        "copy_shares_no_mutable_part_with_the_original",
        "playing_never_touches_the_global_generators",
    ]
    text = str(error)
    assert text.startswith(f"Broken Race (broken-race) fails 3 of {len(testing.CHECKS)} conformance checks:")
    assert "copy shares no mutable part with the original" in text
    assert "broken-race, 2 players, seed 1000, after 1 action: state.history shared with its copy" in text
    assert "the global random generator was used" in text
    assert "0 game-end events" in text
    # each check quotes a few of its problems, and says how many more there are
    assert len(error.failures["a_finished_game_has_exactly_one_game_end_event"]) > testing.MAX_LINES
    assert "... and " in text and len(text.splitlines()) < 70


@pytest.mark.timeout(120)
def test_a_bot_that_draws_from_the_global_generator_fails_the_determinism_check(guide_game):
    """The same seed must give the same game whatever the global generators hold: a bot that
    picks with ``random.choice`` instead of the generator it is given plays another game once
    the global generator is stirred, within the check's first actions."""
    text = plugins_example().replace('name="race-to-ten", title="Race to Ten"',
                                     'name="wild-race", title="Wild Race"')
    text = text.replace("SPEC = GameSpec(", "def wild_bot(observation, legal, rng):\n"
                        "    import random\n    return random.choice(legal)\n\n\nSPEC = GameSpec(")
    assert 'default_bot="random",' in text
    text = text.replace('default_bot="random",', 'default_bot="random", bots={"wild": lambda: wild_bot},')
    module = guide_game("race_wild", text)
    check = "same_seed_and_bots_give_the_same_game_whatever_the_global_generators"
    with pytest.raises(testing.ConformanceError) as info:
        testing.check_game(module.SPEC, checks=[check])
    assert list(info.value.failures) == [check]
    assert info.value.failures[check] == ["wild bots, 4 players, seed 5: the same seed gave different games"]


def test_check_game_refuses_a_check_it_does_not_have_and_an_unknown_game():
    with pytest.raises(SettingsError, match="Unknown check.*Checks: offers_its_testing_part"):
        testing.check_game(lopti_nb.game_names()[0], checks=["copy_is_fast"])
    with pytest.raises(UnknownGame, match="Games: "):
        testing.check_game("chess")


@pytest.mark.timeout(240)
def test_check_game_stops_a_game_that_never_ends_and_says_so(guide_game, monkeypatch):
    """A game whose total never grows never ends: the checks stop each game they play at a
    bound and fail, naming it, instead of running for ever (a lower bound here, to be quick)."""
    monkeypatch.setattr(testing, "MAX_CHECK_ACTIONS", 2000)
    monkeypatch.setattr(lopti_nb.engine.runner, "MAX_GAME_ACTIONS", 2000)  # the bots' runner's bound
    text = plugins_example().replace('name="race-to-ten", title="Race to Ten"',
                                     'name="endless-race", title="Endless Race"')
    assert "        self.total += action.step\n" in text
    module = guide_game("race_endless", text.replace("        self.total += action.step\n",
                                                     "        self.total += 0 * action.step\n"))
    with pytest.raises(testing.ConformanceError) as info:
        testing.check_game(module.SPEC)
    assert "did not end within 2,000 actions" in str(info.value)


def guide_modules() -> dict[str, str]:
    """The modules of the plugin guide's game with secrets, a table and a lesson: each code
    block of that section, by the file name its first line gives."""
    page = (PACKAGE.parent / "docs" / "PLUGINS.md").read_text()
    section = page.split("## A game with secrets, a table and a lesson", 1)[1].split("\n## ", 1)[0]
    out = {}
    for block in section.split("```python\n")[1:]:
        code = block.split("```", 1)[0]
        out[code.split(":", 1)[0].removeprefix("# ").strip()] = code
    return out


@pytest.fixture
def bid_game(tmp_path, monkeypatch):
    """Write the guide's three modules (under names of the test's choice, the plugin's name
    changed with them) and import the game; forget it after."""
    monkeypatch.syspath_prepend(str(tmp_path))
    made = []

    def write(prefix: str, faults=()):
        modules = guide_modules()
        assert sorted(modules) == ["bid_and_take.py", "bid_and_take_lessons.py", "bid_and_take_view.py"]
        names = {stem[:-3]: f"{prefix}{stem[:-3]}" for stem in modules}
        for stem, code in modules.items():
            for old, new in names.items():
                code = code.replace(f"{old}:", f"{new}:").replace(f"from {old} import", f"from {new} import") \
                    .replace(f'lessons="{old}"', f'lessons="{new}"')
            code = code.replace('"bid-and-take"', f'"{prefix}bid-and-take"'.replace("_", "-"))
            if stem == "bid_and_take.py":
                for old, new in faults:
                    assert old in code, old
                    code = code.replace(old, new)
            (tmp_path / f"{names[stem[:-3]]}.py").write_text(code)
        module = importlib.import_module(names["bid_and_take"])
        made.append(module)
        return module

    yield write
    for module in made:
        registry._SPECS.pop(module.SPEC.name, None)
        registry._BOUND.pop(module.SPEC.state_class, None)
        registry._FOUND.clear()
    for name in list(sys.modules):
        if "bid_and_take" in name:
            sys.modules.pop(name)
    testing.clear_caches()


@pytest.mark.timeout(120)
def test_the_guides_game_with_secrets_a_table_and_a_lesson_passes_the_suite_and_plays(bid_game):
    """Written from the page alone: check_game passes it (only the check another interpreter
    would run is skipped), its table deals and takes a click, and its lesson's verdicts are
    the engine's."""
    module = bid_game("ok_")
    outcome = testing.check_game(module.SPEC)
    assert {name for name, said in outcome.items() if said != "passed"} == {
        "same_seed_gives_the_same_game_in_another_interpreter"}
    table = lopti_nb.play("ok-bid-and-take", players=2, humans=1, seed=3, bot_delay=0)
    bid = next(b for b in table.view.moves.buttons if b.description == "Bid 1")
    assert not bid.disabled
    bid.click()
    assert table.state.bids[0] == 1
    step = explainers.steps("ok-bid-and-take")[0]
    scene = step.make_scene()
    verdicts = {choice.label: scene.attempt(choice.key) for choice in scene.choices()}
    assert verdicts["Bid 0"].legal and not verdicts[f"Play {scene.state.hands[0][0]}"].legal
    assert "bids" in verdicts["Bid 0"].reason + verdicts[f"Play {scene.state.hands[0][0]}"].reason
    # the classroom teaches its lesson, and offers a guided round only for a game that has one
    classroom = rules_classroom(game="ok-bid-and-take", lesson=False, start_timer=False)
    assert classroom.tutorial_button.layout.display == "none"
    classroom.game.value = next(s.name for s in registry.all_specs() if s.tutorial is not None)
    assert classroom.tutorial_button.layout.display != "none"


#: The two faults the suite finds although every other check passes: a why_illegal that
#: allows a bid legal_actions never lists, and a deal event told to every seat (no for_seat)
#: which the scramble copies as it is.
FAULTS = {
    "why_illegal_allows_only_listed_actions": [
        ('            if action.tricks not in range(self.settings["hand"] + 1):',
         "            if action.tricks < 0:"),
    ],
    "event_logs_tell_no_seat_another_seats_secret": [
        ("""    def for_seat(self, seat):
        # Each seat is told its own hand only; a spectator no hand.
        return replace(self, hands=tuple(h if s == seat else None for s, h in enumerate(self.hands)))
""", ""),
        ("""    new.events = [replace(e, hands=tuple(h if s == seat else tuple(sorted(rng.sample(CARDS, len(h))))
                                         for s, h in enumerate(e.hands)))
                  if isinstance(e, Dealt) else e for e in new.events]
""", ""),
    ],
}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("check", sorted(FAULTS))
def test_a_copy_of_the_guides_game_with_one_fault_fails_that_one_check_at_a_named_position(bid_game, check):
    module = bid_game("broken_", FAULTS[check])
    with pytest.raises(testing.ConformanceError) as info:
        testing.check_game(module.SPEC)
    error = info.value
    assert list(error.failures) == [check]
    first = error.failures[check][0]
    assert first.startswith("broken-bid-and-take, 2 players, seed 1000, after 0 actions, seat ")
    text = str(error)
    assert text.startswith(f"Bid and Take (broken-bid-and-take) fails 1 of {len(testing.CHECKS)} conformance checks:")
    assert text.count(check.replace("_", " ")) == 1 + text.count(f"because {check.replace('_', ' ')} failed")
    if check == "why_illegal_allows_only_listed_actions":
        assert "why_illegal allows Bid(tricks=" in first and "which legal_actions does not list" in first
        assert sorted(error.skipped) == ["apply_refuses_actions_with_values_out_of_range",
                                         "refusals_of_actions_are_short_sentences"]
    else:
        assert "event 0 (Dealt) tells seat" in first and "needs a for_seat" in first


@pytest.mark.timeout(120)
def test_a_listed_action_the_game_refuses_fails_once_where_it_happened_and_the_rest_is_not_run(bid_game):
    """One root fault (legal_actions lists cards the seat does not hold) is reported once, by
    the check that plays the random games, with the seat, the action and the game's refusal;
    every check that needs those games says it was not run, instead of failing again."""
    module = bid_game("root_", [("return [Play(card) for card in self.hands[self.current_player]]",
                                  "return [Play(card) for card in CARDS[:8]]")])
    with pytest.raises(testing.ConformanceError) as info:
        testing.check_game(module.SPEC)
    error = info.value
    assert list(error.failures) == ["random_games_play_to_the_end"]
    [problem] = error.failures["random_games_play_to_the_end"]
    assert problem.startswith("root-bid-and-take, 2 players, seed 1000, after ")
    assert ", seat " in problem and "playing the listed Play(card=" in problem
    assert "IllegalAction: Illegal action play" in problem and "you play a card from your hand" in problem
    assert set(error.skipped) == set(testing.CHECKS) - {
        "offers_its_testing_part", "random_games_play_to_the_end", "observation_refuses_a_seat_not_at_the_table"}
    assert str(error).count("IllegalAction") == 1


def test_a_plugin_is_its_game_and_an_optional_presentation(guide_game):
    """A headless game (the guide's race) registers the game part alone; the presentation's
    parts given one by one go into ``presentation`` and read back as before, and a spec
    copied with another field keeps them."""
    race = guide_game("race_headless", plugins_example()).SPEC
    assert race.presentation == Presentation() and race.view is None and race.lessons is None
    shown = GameSpec(name="shown", title="Shown", state_class=race.state_class, min_players=2, max_players=4,
                     default_players=2, default_bot="random", view="pkg.view:V", lessons="pkg.lessons",
                     bot_words={"random": "any move"})
    assert shown.presentation == Presentation(view="pkg.view:V", lessons="pkg.lessons",
                                              bot_words={"random": "any move"})
    assert (shown.view, shown.lessons, shown.tutorial) == ("pkg.view:V", "pkg.lessons", None)
    again = dataclasses.replace(shown, title="Shown again")
    assert again.presentation == shown.presentation and again.view == "pkg.view:V"
    given = dataclasses.replace(race, view="pkg.view:V")  # a part changed one by one, as before
    assert given.presentation == Presentation(view="pkg.view:V") and race.view is None
    assert dataclasses.replace(shown, view=None).presentation.view is None  # None says "no view"
    assert registry.get_spec("lopti").presentation.view == registry.get_spec("lopti").view
