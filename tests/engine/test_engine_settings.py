"""Settings schemas: check_settings is derived from each game's declared schema and strict."""
from __future__ import annotations

import numpy as np
import pytest

import lopti_nb
from lopti_nb.engine import LoptiNbError, SettingsError, all_specs, get_spec
from lopti_nb.engine.settings import Setting, SettingsSchema

GAMES = [s.name for s in all_specs()]


# (game, settings, what the refusal must mention)
REFUSED = [
    ("lopti", {"swap": "no"}, "swap"),
    ("lopti", {"swap": 0}, "swap"),
    ("lopti", {"play_on": "false"}, "play_on"),
    ("lopti", {"play_on": None}, "play_on"),
    ("lopti", {"turn_cap": 0}, "turn_cap"),
    ("lopti", {"turn_cap": 5.0}, "turn_cap"),
    ("lopti", {"turn_cap": True}, "turn_cap"),
    ("lopti", {"turn_cap": 10**30}, "turn_cap"),
    ("lopti", {"dealer": 4}, "dealer"),
    ("lopti", {"dealer": -1}, "dealer"),
    ("lopti", {"leader": "0"}, "leader"),
    ("skull-king", {"scoring": "Classic"}, "scoring"),
    ("skull-king", {"scoring": 1}, "scoring"),
    ("skull-king", {"scoring": ["classic"]}, "scoring"),
    ("skull-king", {"edition": "2022"}, "edition"),
    ("skull-king", {"legendary": "yes"}, "legendary"),
    ("drowned-ledger", {"mode": "office"}, "mode"),
    ("drowned-ledger", {"hold_limit": 0}, "hold_limit"),
    ("drowned-ledger", {"hold_limit": "4"}, "hold_limit"),
    ("drowned-ledger", {"sea_start": -1}, "sea_start"),
    ("drowned-ledger", {"table_watch": 1}, "table_watch"),
    ("drowned-ledger", {"deck": {"suits": 9}}, "suits"),
    ("drowned-ledger", {"deck": "big"}, "deck"),
    ("drowned-ledger", {"offices": ["Curator"]}, "offices"),
    ("drowned-ledger", {"max_rounds": float("nan")}, "max_rounds"),
]


@pytest.mark.parametrize("game,settings,word", REFUSED, ids=[f"{g}-{list(s)[0]}-{i}" for i, (g, s, _) in enumerate(REFUSED)])
def test_a_bad_setting_is_refused_with_a_sentence(game, settings, word):
    with pytest.raises(SettingsError) as info:
        lopti_nb.new_game(game, players=4, seed=1, **settings)
    message = str(info.value)
    assert word in message and len(message) < 300


def test_a_boolean_setting_takes_only_a_bool():
    on = lopti_nb.new_game("lopti", players=4, seed=1)
    off = lopti_nb.new_game("lopti", players=4, seed=1, swap=False)
    assert on.settings["swap"] is True and off.settings["swap"] is False
    assert lopti_nb.new_game("lopti", players=4, seed=1, swap=np.bool_(False)).settings["swap"] is False


def test_whole_numbers_accept_numpy_integers():
    a = lopti_nb.new_game("lopti", players=np.int64(4), seed=np.int32(7), turn_cap=np.int16(60))
    b = lopti_nb.new_game("lopti", players=4, seed=7, turn_cap=60)
    assert type(a.num_players) is int and type(a.settings["turn_cap"]) is int
    assert a.legal_actions() == b.legal_actions() and a.observation(0) == b.observation(0)


@pytest.mark.parametrize("seed", [[1], "1", 1.0, True, {"a": 1}, object()])
def test_seeds_are_whole_numbers(seed):
    with pytest.raises(SettingsError, match="seed"):
        lopti_nb.new_game("skull-king", seed=seed)


@pytest.mark.parametrize("players", [4.0, "4", True, None.__class__, [4], 10**30])
def test_players_are_whole_numbers_in_range(players):
    with pytest.raises(SettingsError):
        lopti_nb.new_game("drowned-ledger", players=players)


@pytest.mark.parametrize("game", GAMES)
def test_every_setting_is_declared_with_a_description_and_a_default_it_accepts(game):
    spec = get_spec(game)
    assert len(spec.schema) > 0
    for s in spec.schema:
        assert s.description and s.description[0].isupper() and len(s.description) < 160
        assert s.validate(s.default, spec.default_players) == s.default or s.kind == "data"
    assert spec.check_settings({}) == spec.settings


@pytest.mark.parametrize("game", GAMES)
def test_unknown_settings_name_the_valid_ones(game):
    with pytest.raises(SettingsError, match="Valid settings") as info:
        lopti_nb.new_game(game, no_such_setting=1)
    for name in get_spec(game).schema.names():
        assert name in str(info.value)


def test_a_huge_bad_value_gives_a_short_message():
    with pytest.raises(SettingsError) as info:
        lopti_nb.new_game("skull-king", scoring="x" * 100_000)
    assert len(str(info.value)) < 300


def test_setting_errors_are_value_errors_of_the_package():
    assert issubclass(SettingsError, LoptiNbError) and issubclass(SettingsError, ValueError)


def test_command_line_text_is_read_by_the_setting_kind():
    schema = get_spec("lopti").schema
    assert schema.parse_text("swap", "false") is False
    assert schema.parse_text("turn_cap", "60") == 60
    assert schema.parse_text("leader", "none") is None
    with pytest.raises(SettingsError):
        schema.parse_text("swap", "maybe")
    with pytest.raises(SettingsError):
        schema.parse_text("nothing", "1")


def test_a_schema_checks_ranges_and_choices_itself():
    schema = SettingsSchema([
        Setting("depth", "int", 3, "How deep.", low=1, high=5),
        Setting("kind", "choice", "a", "Which.", choices=("a", "b")),
        Setting("ratio", "float", 0.5, "How much.", low=0.0, high=1.0),
    ])
    assert schema.check({"depth": np.int8(5), "kind": "b", "ratio": 1}) == {"depth": 5, "kind": "b", "ratio": 1.0}
    for bad in ({"depth": 6}, {"kind": "c"}, {"ratio": float("inf")}, {"ratio": 2}, {"depth": "3"}):
        with pytest.raises(SettingsError):
            schema.check(bad)
    with pytest.raises(SettingsError):
        schema.check(["depth"])
    with pytest.raises(ValueError):
        SettingsSchema([Setting("a", "int", 1, "A."), Setting("a", "int", 1, "A.")])


def test_a_plugin_may_not_declare_a_setting_named_like_a_runner_argument():
    import dataclasses

    from lopti_nb.engine import UnknownGame, register_game

    spec = get_spec("skull-king")
    clashing = dataclasses.replace(spec, name="clash-test", schema=SettingsSchema(
        [*spec.schema, Setting("first", "int", 0, "Which game comes first.")]))
    with pytest.raises(UnknownGame, match="first"):
        register_game(clashing)
    assert "clash-test" not in lopti_nb.engine.game_names()
