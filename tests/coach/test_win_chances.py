"""Each game's win-chance coach: one row per legal action with a 95 % interval, read only from
what the seat has seen (scrambling every hidden card gives the same table), within a budget
that plays fewer games and says so, and refusing bad questions with a typed error."""
import importlib
import random

import pytest

import lopti_nb
from lopti_nb.engine import SettingsError, get_spec

FOLDERS = {"lopti": "lopti", "skull-king": "skullking", "drowned-ledger": "ledger"}


def _coach(game):
    return importlib.import_module(f"lopti_nb.games.{FOLDERS[game]}.coach")


def _positions(game, seed, count=2):
    """Positions of real games (bots of the game's default) where the seat to act has a choice."""
    spec = get_spec(game)
    state = lopti_nb.new_game(game, players=4, seed=seed)
    bot = spec.make_bot(spec.default_bot)
    rng = random.Random(seed)
    found = []
    while not state.is_over and len(found) < count:
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.15:
            found.append(state.copy())
        state.apply(bot(state.observation(state.current_player), legal, rng))
    return found


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", list(FOLDERS))
def test_the_chances_never_read_what_the_seat_cannot_see(game):
    """Dealing every hidden card again (another seat's hand, the deck's order, secret bids)
    leaves each action's chance exactly as it was."""
    coach = _coach(game)
    scramble = get_spec(game).load("testing").scramble
    for k, state in enumerate(_positions(game, seed=11 + len(game))):
        seat = state.current_player
        table = coach.win_chances(state, seat, games=8, seed=k, budget=None)
        for other in (1, 2):
            again = coach.win_chances(scramble(state, seat, random.Random(other)), seat, games=8,
                                      seed=k, budget=None)
            assert table["move"].tolist() == again["move"].tolist()
            assert table["win_chance"].tolist() == again["win_chance"].tolist()


@pytest.mark.timeout(60)
@pytest.mark.parametrize("game", list(FOLDERS))
def test_one_row_per_legal_action_with_its_interval(game):
    state = _positions(game, seed=5, count=1)[0]
    table = _coach(game).win_chances(state, games=10, budget=None)
    assert sorted(map(str, state.legal_actions())) == sorted(table["move"])
    assert list(table.columns) == ["action", "move", "win_chance", "lower", "upper", "games"]
    assert ((table["lower"] <= table["win_chance"]) & (table["win_chance"] <= table["upper"])).all()
    assert (table["games"] == 10).all() and table["win_chance"].is_monotonic_decreasing


@pytest.mark.timeout(60)
def test_a_spent_budget_plays_fewer_games_and_says_so():
    state = _positions("drowned-ledger", seed=3, count=1)[0]
    table = _coach("drowned-ledger").win_chances(state, games=100_000, budget=0.05)
    assert 10 <= int(table["games"].iloc[0]) < 100_000 and table.attrs["cut"]
    assert "budget ran out" in table.attrs["note"]


@pytest.mark.parametrize("bad", [dict(games=0), dict(games="many"), dict(budget=-1), dict(seat=9),
                                 dict(seed=-3)])
def test_a_bad_question_is_refused_with_a_typed_error(bad):
    state = lopti_nb.new_game("drowned-ledger", players=3, seed=1)
    with pytest.raises(SettingsError.__mro__[1]):  # the package's base error
        _coach("drowned-ledger").win_chances(state, **bad)


def test_no_seat_is_dealt_a_suit_it_has_shown_it_lacks():
    from lopti_nb.games.skullking.coach import deal_unseen

    pool = ["G1", "G2", "G3", "P1", "P2", "P3", "Y1", "Y2", "escape", "pirate"]
    for seed in range(200):
        hands = deal_unseen(pool, {1: 3, 2: 3}, {1: {"G"}, 2: {"P"}}, random.Random(seed))
        assert len(hands[1]) == len(hands[2]) == 3
        assert not any(c.startswith("G") for c in hands[1]) and not any(c.startswith("P") for c in hands[2])
