"""RULINGS 2.7: the four AI personalities play legally and can be told apart in statistics."""
import lopti_nb
from lopti_nb.engine import get_spec
from lopti_nb.games.ledger.bots import MIX
from lopti_nb.games.ledger.balance import office_balance


def test_2_7_the_personalities_are_registered_with_a_default_mix():
    spec = get_spec("drowned-ledger")
    assert {"balanced", "seller", "opener", "greedy", "mix", "random"} <= set(spec.bots)
    assert spec.default_bot == "mix" and MIX[:4] == ("balanced", "seller", "opener", "greedy")


def test_2_7_personalities_are_recognisable_in_statistics():
    df = lopti_nb.simulate("drowned-ledger", n=150, seed=5, progress=False,
                           bots=["balanced", "seller", "opener", "greedy"])
    by = df.groupby("bot")[["sells", "opens", "flips_per_dive", "max_flips"]].mean()
    assert by["sells"].idxmax() == "seller"
    assert by["opens"].idxmax() == "opener"
    assert by["flips_per_dive"].idxmax() == "greedy"
    assert by["max_flips"].idxmax() == "greedy"
    # balanced both opens and sells
    assert by.loc["balanced", "sells"] > 0 and by.loc["balanced", "opens"] > 0


def test_2_7_every_personality_finishes_games_at_every_table_size():
    for players in range(2, 6):
        for bot in ("balanced", "seller", "opener", "greedy", "mix"):
            df = lopti_nb.simulate("drowned-ledger", n=3, seed=players, players=players, bots=bot,
                                   progress=False)
            assert len(df) == 3 * players and not df["stalemate"].any()


def test_2_6_office_balance_table_has_the_promised_columns():
    t = office_balance(60, seed=2)
    assert {"office", "seats", "wins", "win_rate", "mean_win_rate", "deviation",
            "within_target"} <= set(t.columns)
    assert t["seats"].sum() == 240
