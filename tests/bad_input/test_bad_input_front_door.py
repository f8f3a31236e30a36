"""Bad input at the front door, ``lopti_nb.play``, ``lopti_nb.explain`` and ``lopti_nb.rules``:
every call is refused with a typed error (UnknownGame, UnknownBot, UnknownVoice,
UnknownStep or SettingsError, each a LoptiNbError and so a ValueError) in a short sentence,
nothing it was given is changed, and a refused ``play`` makes no table (no widget at all)."""
from __future__ import annotations

import inspect
import math

import ipywidgets.widgets.widget as widget_module
import pytest

import lopti_nb
from bad_input_support import Hostile, refused
from lopti_nb.engine import SettingsError, UnknownBot, UnknownGame
from lopti_nb.explainers import UnknownStep, UnknownVoice

GAMES = ["lopti", "skull-king", "drowned-ledger"]
BAD_GAMES = [None, 3, "", "chess", "lopti!", "x" * 1000, ["lopti"], Hostile()]


def refused_play(args, kwargs, error):
    """``lopti_nb.play`` refuses, and not one widget was made."""
    before = len(widget_module._instances)
    text = refused(lopti_nb.play, args, kwargs, error=error)
    assert len(widget_module._instances) == before, "a refused play made widgets"
    return text


@pytest.mark.parametrize("game", BAD_GAMES)
def test_play_refuses_an_unknown_game(game):
    refused_play([game], {"bot_delay": 0}, UnknownGame)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kwargs", [
    {"colour": "red"}, {"player": 3}, {"Seed": 1}, {"delay": 0}, {"humans ": 1},
])
def test_play_names_the_valid_keywords_for_an_unknown_one(game, kwargs):
    text = refused_play([game], {"bot_delay": 0, **kwargs}, SettingsError)
    assert "Valid settings: players, humans, bots, seed, bot_delay" in text, text
    assert next(iter(kwargs)) in text


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kwargs", [
    {"seed": "abc"}, {"seed": 1.5}, {"seed": -1}, {"seed": True}, {"seed": 2 ** 64},
    {"seed": math.nan}, {"seed": [1]}, {"players": 1}, {"players": 99}, {"players": "3"},
    {"players": 3.0}, {"humans": -1}, {"humans": 9}, {"humans": True}, {"humans": None},
    {"bots": 3}, {"bots": "genius"}, {"bots": ["random"] * 4}, {"bots": [3, 4, 5]},
    {"bots": {"random"}}, {"bot_delay": -1}, {"bot_delay": math.nan}, {"bot_delay": math.inf},
    {"bot_delay": 1e9}, {"bot_delay": "1"}, {"bot_delay": None}, {"bot_delay": True},
])
def test_play_refuses_bad_table_arguments(game, kwargs):
    kwargs = {"bot_delay": 0, "players": 3, **kwargs}
    if "bots" in kwargs and kwargs["bots"] == "genius":
        refused_play([game], kwargs, UnknownBot)
    else:
        refused_play([game], kwargs, SettingsError)


@pytest.mark.parametrize("game, kwargs", [
    ("lopti", {"swap": "yes"}), ("lopti", {"turn_cap": -1}), ("lopti", {"dealer": 7}),
    ("skull-king", {"scoring": "golf"}), ("skull-king", {"edition": 2021}),
    ("drowned-ledger", {"sea_start": 20}), ("drowned-ledger", {"mode": None}),
    ("drowned-ledger", {"deck": {"suits": 9}}),
])
def test_play_refuses_bad_game_settings(game, kwargs):
    refused_play([game], {"bot_delay": 0, **kwargs}, SettingsError)


def test_play_refuses_too_many_arguments_in_a_row():
    refused_play(["lopti", 3, 1, None, 5, 0, "extra"], {}, SettingsError)


def test_a_refused_bots_list_is_left_as_it_was():
    bots = ["random", "genius"]
    refused_play(["lopti"], {"players": 3, "bots": bots, "bot_delay": 0}, UnknownBot)
    assert bots == ["random", "genius"]


@pytest.mark.parametrize("fn", [lopti_nb.explain, lopti_nb.rules])
@pytest.mark.parametrize("game", BAD_GAMES[1:])  # None: the first game with lessons
def test_explain_and_rules_refuse_an_unknown_game(fn, game):
    refused(fn, [game], error=UnknownGame)


@pytest.mark.parametrize("fn", [lopti_nb.explain, lopti_nb.rules])
@pytest.mark.parametrize("voice", ["", "Plain", "pirates", None, 1, ["plain"], Hostile()])
@pytest.mark.parametrize("game", ["lopti", "skull-king"])
def test_explain_and_rules_refuse_an_unknown_voice(fn, game, voice):
    refused(fn, [game], {"voice": voice}, error=UnknownVoice)


@pytest.mark.parametrize("start", [-1, 10**6, "nowhere", 1.0, True, None, ["seven"]])
def test_explain_refuses_an_unknown_step(start):
    refused(lopti_nb.explain, ["lopti"], {"start": start}, error=UnknownStep)


@pytest.mark.parametrize("fn, args, kwargs", [
    (lopti_nb.explain, ["lopti", "plain", 0, 1], {}), (lopti_nb.explain, ["lopti"], {"colour": 1}),
    (lopti_nb.explain, ["lopti"], {"game": "lopti"}), (lopti_nb.rules, ["lopti", "plain", 3], {}),
    (lopti_nb.rules, ["lopti"], {"start": 3}), (lopti_nb.rules, [], {"Voice": "plain"}),
])
def test_explain_and_rules_refuse_arguments_they_do_not_take(fn, args, kwargs):
    refused(fn, args, kwargs, error=SettingsError)


def test_front_door_signatures_are_explicit():
    assert list(inspect.signature(lopti_nb.play).parameters)[:6] == [
        "game", "players", "humans", "bots", "seed", "bot_delay"]
    assert list(inspect.signature(lopti_nb.explain).parameters) == ["game", "voice", "start"]
    assert list(inspect.signature(lopti_nb.rules).parameters) == ["game", "voice"]


def test_good_input_still_works():
    t = lopti_nb.play("lopti", players=3, bots=[None, "random", "heuristic"], seed=2 ** 64 - 1,
                      bot_delay=0, swap=False)
    assert t.state.seed == 2 ** 64 - 1 and t.settings["swap"] is False
    assert lopti_nb.rules("skull-king")[0].title
    assert lopti_nb.explain("lopti", "pirate", start=1) is not None
