"""Golden playthroughs: whole seeded games of every game kept as records in tests/golden/*.json
with the event text they give (see tests/golden/goldens.py). These tests only read the files;
``python scripts/regen_goldens.py`` writes them after a deliberate change, and the diff is read
before it is committed.
"""
import pytest

from golden import goldens
from lopti_nb.engine import load

CASES = list(goldens.CASES)


@pytest.mark.parametrize("game", ["lopti", "skull-king", "drowned-ledger"])
def test_every_game_has_golden_cases_on_file(game):
    names = goldens.names(game)
    assert names, f"no golden cases for {game}"
    for name in names:
        assert goldens.path(name).exists(), f"missing {name}: run python scripts/regen_goldens.py {name}"


@pytest.mark.parametrize("name", CASES)
def test_golden_record_replays_to_the_same_events_and_result(name):
    data = goldens.read(name)
    state = load(data["record"])
    assert state.is_over
    assert goldens.events_of(state) == data["events"]
    assert goldens.result_of(state) == data["result"]


@pytest.mark.parametrize("name", CASES)
def test_golden_case_played_again_by_its_bots_gives_the_same_record(name):
    data = goldens.read(name)
    case = goldens.CASES[name]
    assert (data["bots"], data["bot_seed"]) == (case["bots"], case["bot_seed"])
    assert goldens.record_of(goldens.play(name)) == data["record"]
