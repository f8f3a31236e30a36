"""`lopti-nb simulate`: games and settings from the plugins, --set read by the settings
schema, --workers, --out checked before any game is played, and bad input as one line with
exit status 2 (run in-process through lopti_nb.cli.main)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pandas as pd
import pytest

import lopti_nb
from lopti_nb import cli
from lopti_nb.engine import all_specs, game_names

SIMULATE = "lopti_nb.simulate"


@pytest.fixture
def no_games(monkeypatch):
    """Makes any simulation fail the test: the checks must come first."""
    def refuse(*args, **kwargs):
        raise AssertionError("a simulation was started")

    monkeypatch.setattr(SIMULATE, refuse)


@pytest.fixture
def calls(monkeypatch):
    """Records what simulate() is asked for (and plays nothing)."""
    seen = []

    def record(game, **kwargs):
        seen.append((game, kwargs))
        return pd.DataFrame({"game": [0], "seat": [0]})

    monkeypatch.setattr(SIMULATE, record)
    return seen


def one_line_error(capsys, argv: list[str]) -> str:
    """Runs ``lopti-nb <argv>``; checks it exits 2 with one line on stderr and nothing on
    stdout; returns the line."""
    assert cli.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("lopti-nb simulate: ")
    return lines[0]


def test_simulate_help_lists_the_installed_games_and_their_settings(capsys):
    assert cli.main(["simulate", "--help"]) == 0
    out = capsys.readouterr().out
    assert f"the game: {', '.join(game_names())}" in " ".join(out.split())
    for spec in all_specs():
        line = next(line for line in out.splitlines() if line.strip().startswith(f"{spec.name}:"))
        for setting in spec.schema:
            assert f"{setting.name}=" in line


def test_simulate_writes_the_rows_of_lopti_nb_simulate(tmp_path, capsys):
    out = tmp_path / "sk.csv"
    argv = ["simulate", "skull-king", "--games", "3", "--players", "3", "--seed", "4", "--quiet",
            "--set", "scoring=rascal", "--set", "legendary=false", "--out", str(out)]
    assert cli.main(argv) == 0
    assert "Wrote 9 rows (3 games)" in capsys.readouterr().out
    written = pd.read_csv(out)
    expected = lopti_nb.simulate("skull-king", n=3, seed=4, players=3, progress=False,
                                 scoring="rascal", legendary=False)
    pd.testing.assert_frame_equal(written, expected.astype({"bot": str}), check_dtype=False)


def test_set_values_are_read_by_the_settings_schema(calls, capsys):
    argv = ["simulate", "lopti", "--games", "2", "--quiet", "--set", "swap=false",
            "--set", "turn_cap=50", "--set", "leader=none", "--set", "dealer=1"]
    assert cli.main(argv) == 0
    (game, kwargs), = calls
    assert game == "lopti"
    # typed by the schema: a bool, a whole number, None -- never the text "false"
    assert kwargs["swap"] is False and kwargs["turn_cap"] == 50 and kwargs["leader"] is None
    assert kwargs["dealer"] == 1


def test_set_reads_a_choice_and_data_as_json(calls):
    argv = ["simulate", "drowned-ledger", "--quiet", "--players", "2", "--set", "mode=plain",
            "--set", 'offices=["Harbourmaster", "Notary"]']
    assert cli.main(argv) == 0
    kwargs = calls[0][1]
    assert kwargs["mode"] == "plain" and tuple(kwargs["offices"]) == ("Harbourmaster", "Notary")


def test_set_reads_a_choice_that_looks_like_a_number_as_the_choice(calls):
    # Skull King's edition "2021" is a choice (text), not the number 2021
    assert cli.main(["simulate", "skull-king", "--quiet", "--set", "edition=2021"]) == 0
    assert calls[0][1]["edition"] == "2021"


def test_workers_are_passed_to_simulate(calls):
    assert cli.main(["simulate", "lopti", "--quiet", "--workers", "2"]) == 0
    assert calls[0][1]["workers"] == 2
    assert cli.main(["simulate", "lopti", "--quiet"]) == 0
    assert calls[1][1]["workers"] is None  # one process unless asked


def test_batch_is_passed_to_simulate(calls):
    assert cli.main(["simulate", "skull-king", "--quiet", "--batch"]) == 0
    assert calls[0][1]["batch"] is True
    assert cli.main(["simulate", "skull-king", "--quiet"]) == 0
    assert calls[1][1]["batch"] is False


def test_batch_writes_the_batch_rows_or_says_what_it_does_not_play(tmp_path, capsys):
    out = tmp_path / "sk.csv"
    argv = ["simulate", "skull-king", "--games", "3", "--seed", "4", "--quiet", "--batch",
            "--bots", "random", "--out", str(out)]
    assert cli.main(argv) == 0
    expected = lopti_nb.simulate("skull-king", n=3, seed=4, bots="random", batch=True, progress=False)
    pd.testing.assert_frame_equal(pd.read_csv(out), expected.astype({"bot": str}), check_dtype=False)
    assert cli.main(["simulate", "skull-king", "--quiet", "--batch", "--bots", "bidder"]) == 2
    assert "batch simulator plays the bots" in capsys.readouterr().err


def test_workers_give_the_same_rows(tmp_path):
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    base = ["simulate", "lopti", "--games", "6", "--seed", "2", "--quiet"]
    assert cli.main([*base, "--out", str(one)]) == 0
    assert cli.main([*base, "--workers", "2", "--out", str(two)]) == 0
    assert one.read_text() == two.read_text()


def test_out_that_is_a_folder_is_refused_before_simulating(tmp_path, capsys, no_games):
    line = one_line_error(capsys, ["simulate", "lopti", "--out", str(tmp_path)])
    assert "is a folder" in line and str(tmp_path) in line


def test_out_in_a_missing_folder_is_refused_before_simulating(tmp_path, capsys, no_games):
    target = tmp_path / "missing" / "rows.csv"
    line = one_line_error(capsys, ["simulate", "lopti", "--out", str(target)])
    assert "does not exist" in line and str(target.parent) in line
    assert not target.parent.exists()


def test_unknown_game_is_one_line_naming_the_games(capsys, no_games):
    line = one_line_error(capsys, ["simulate", "chess"])
    assert "chess" in line and all(name in line for name in game_names())


@pytest.mark.parametrize("item,words", [
    ("swap", "NAME=VALUE"),
    ("=true", "NAME=VALUE"),
    ("swap=maybe", "true or false"),
    ("turn_cap=many", "whole number"),
    ("no_such_setting=1", "Valid settings: swap"),
])
def test_bad_set_is_one_line_before_simulating(capsys, no_games, item, words):
    line = one_line_error(capsys, ["simulate", "lopti", "--set", item])
    assert words in line


@pytest.mark.parametrize("argv,words", [
    (["--players", "9"], "players"),
    (["--players", "x"], "invalid int value"),
    (["--games", "-1"], "0 or more"),
    (["--workers", "0"], "workers must be 1 or more"),
    (["--bots", "nobody"], "Unknown bot 'nobody'"),
    (["--bots", "random", "random"], "one per seat"),
    (["--set", "turn_cap=0"], "at least 1"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, words):
    line = one_line_error(capsys, ["simulate", "lopti", "--quiet", *argv])
    assert words in line


def test_a_missing_game_is_one_line(capsys):
    line = one_line_error(capsys, ["simulate"])
    assert "game" in line


def test_the_cli_names_no_game():
    """cli.py gets every game from the plugins: no game's name in its code (docstrings may)."""
    tree = ast.parse(Path(cli.__file__).read_text())
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    words = [re.compile(rf"(?<![\w-]){re.escape(w.lower())}(?![\w]|[-_]nb)", re.IGNORECASE)
             for s in all_specs() for w in (s.name, s.title, *s.aliases)]
    found = [node.value for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and id(node) not in docstrings and any(w.search(node.value) for w in words)]
    found += [f"imports {node.module}" for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and "games" in (node.module or "").split(".")]
    assert found == []


# -- serve / voila: the package's own Voilà template, themes ----------------------------------------
def test_serve_uses_the_packages_template_and_the_theme(tmp_path):
    from lopti_nb.voila import TEMPLATE

    cmd = cli.voila_command(tmp_path, "127.0.0.1", 8866, preheat=False, theme="dark")
    assert f"--template={TEMPLATE}" in cmd and "--theme=dark" in cmd
    assert "--theme=light" in cli.voila_command(tmp_path, "127.0.0.1", 8866, preheat=True)


def test_serve_refuses_an_unknown_theme_in_one_line(capsys):
    assert cli.main(["serve", "--theme", "purple"]) == 2
    out, err = capsys.readouterr()
    assert len(err.splitlines()) == 1 and "purple" in err and "dark" in err


def test_voila_env_puts_the_template_first_on_the_jupyter_path():
    from jupyter_core.paths import jupyter_path
    from voila.paths import collect_template_paths

    from lopti_nb.voila import TEMPLATE, share_dir, voila_env

    env = voila_env({"JUPYTER_PATH": "/elsewhere"})
    assert env["JUPYTER_PATH"].split(":") == [str(share_dir()), "/elsewhere"]
    assert (share_dir() / "voila" / "templates" / TEMPLATE / "index.html.j2").is_file()
    # the roots Voilà searches when JUPYTER_PATH starts with the package's folder
    paths = collect_template_paths(["voila", "nbconvert"], TEMPLATE,
                                   root_dirs=[str(share_dir()), *jupyter_path()])
    assert paths[0] == str(share_dir() / "voila" / "templates" / TEMPLATE)
    assert any(p.endswith("/voila/templates/lab") for p in paths)  # it builds on Voilà's lab page


def test_the_template_names_no_outside_host():
    from lopti_nb.voila import share_dir

    for path in (share_dir() / "voila" / "templates").rglob("*"):
        if path.is_file() and path.suffix != ".jpg":  # the front page's pictures are images
            text = path.read_text()
            # the only outside addresses are the ones the index page removes from Voilà's page
            kept = text.replace("https://cdn.jsdelivr.net/npm/@fortawesome", "")
            assert "https://" not in kept and "http://" not in kept, path


def test_the_template_ships_as_package_data():
    text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text()
    assert '"lopti_nb.voila" = ["share/voila/templates/*/*", "share/voila/templates/*/static/home/*.jpg",' in text
    assert '"config/*.json"]' in text
    import json

    from lopti_nb.voila import config_dir

    assert json.loads((config_dir() / "voila.json").read_text())["VoilaConfiguration"]["template"] == "lopti_nb"


def test_lopti_nb_voila_runs_voila_with_the_template_and_the_arguments_given(monkeypatch):
    ran = []
    monkeypatch.setattr(cli, "run_voila", lambda cmd: ran.append(cmd) or 0)
    assert cli.main(["voila", "dashboards/score_lab.ipynb", "--port=9999", "--theme=dark"]) == 0
    cmd = ran[0]
    assert cmd[1:3] == ["-m", "voila"]
    assert "--template=lopti_nb" in cmd and "--port=9999" in cmd
    assert cmd.count("--theme=dark") == 1 and "--theme=light" not in cmd  # theirs, not ours


# -- serve: kernels of pages that are gone are shut down ----------------------------------------------
def test_serve_culls_idle_kernels_without_a_page_by_default(tmp_path):
    from lopti_nb.voila import CULL_AFTER

    cmd = cli.voila_command(tmp_path, "127.0.0.1", 8866, preheat=False)
    assert f"--MappingKernelManager.cull_idle_timeout={CULL_AFTER}" in cmd
    assert "--MappingKernelManager.cull_interval=60" in cmd
    assert "--MappingKernelManager.cull_connected=False" in cmd  # an open page keeps its kernel


@pytest.mark.parametrize("seconds, interval", [(10, 2), (120, 30), (3600, 60)])
def test_cull_after_sets_the_limit_and_a_check_interval_within_it(tmp_path, seconds, interval):
    args = cli.build_parser().parse_args(["serve", "--cull-after", str(seconds)])
    cmd = cli.voila_command(tmp_path, "127.0.0.1", 8866, False, cull_after=args.cull_after)
    assert f"--MappingKernelManager.cull_idle_timeout={seconds}" in cmd
    assert f"--MappingKernelManager.cull_interval={interval}" in cmd


def test_cull_after_zero_turns_culling_off(tmp_path):
    cmd = cli.voila_command(tmp_path, "127.0.0.1", 8866, False, cull_after=0)
    assert [a for a in cmd if a.startswith("--MappingKernelManager.")] == \
        ["--MappingKernelManager.cull_idle_timeout=0"]


@pytest.mark.parametrize("value", ["-1", "5", "ten", "1e3", "604801", "9" * 200])
def test_cull_after_refuses_what_is_not_a_usable_number_of_seconds_in_one_line(capsys, value):
    assert cli.main(["serve", "--cull-after", value]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and len(err) < 250
    assert "--cull-after" in err and "0 (never) or 10 to 604800" in err


def test_lopti_nb_voila_culls_too_unless_told_otherwise(monkeypatch):
    seen = []
    monkeypatch.setattr(cli, "run_voila", lambda cmd: seen.append(cmd) or 0)
    assert cli.main(["voila", "x.ipynb"]) == 0
    assert "--MappingKernelManager.cull_idle_timeout=900" in seen[-1]
    assert cli.main(["voila", "x.ipynb", "--MappingKernelManager.cull_idle_timeout=0"]) == 0
    assert [a for a in seen[-1] if "cull_idle_timeout" in a] == ["--MappingKernelManager.cull_idle_timeout=0"]


def test_binders_server_culls_with_the_same_setting():
    """binder/start puts lopti_nb/voila/config on the Jupyter config path (test_binder.py): its
    jupyter_server_config.json gives Binder's server the limit `lopti-nb serve` uses."""
    import json

    from lopti_nb.voila import CULL_AFTER, config_dir, cull_args

    config = json.loads((config_dir() / "jupyter_server_config.json").read_text())["MappingKernelManager"]
    assert [f"--MappingKernelManager.{key}={value}" for key, value in config.items()] == cull_args(CULL_AFTER)
