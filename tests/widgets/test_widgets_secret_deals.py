"""Secret deals: an unseeded table deals every game from 64 secret bits and never shows the
seed (it fixes every hidden card); a seed a person chose is shown once the game is over."""
from __future__ import annotations

import ipywidgets as W
import pytest

import lopti_nb
from lopti_nb.widgets import iter_widgets

GAMES = ["lopti", "skull-king", "drowned-ledger"]


def _shown_texts(table):
    """Every string value, description, tooltip and placeholder of the table's widgets."""
    for w in iter_widgets(table):
        for name in ("value", "description", "tooltip", "placeholder"):
            value = getattr(w, name, None)
            if isinstance(value, str):
                yield value
        options = getattr(w, "options", None)
        if options:
            yield repr(options)


@pytest.mark.parametrize("game", GAMES)
def test_unseeded_tables_deal_from_64_secret_bits(game):
    seeds = []
    for _ in range(10):
        t = lopti_nb.play(game, players=3, humans=1, bot_delay=0)
        seeds.append(t.state.seed)
        t.new_game()  # the "New game" button's call: a fresh secret deal too
        seeds.append(t.state.seed)
    assert len(set(seeds)) == len(seeds)
    # 32 random bits would put all 20 below 2**32; 64 put one above 2**40 but for 20 * 2**-24
    assert any(s > 2 ** 40 for s in seeds)
    assert all(0 <= s < 2 ** 64 for s in seeds)


@pytest.mark.parametrize("game", GAMES)
def test_an_unchosen_seed_never_appears_on_the_table(game):
    t = lopti_nb.play(game, players=3, humans=0, bot_delay=0)
    assert t.state.is_over and not t.state.seed_chosen
    seed = str(t.state.seed)
    assert "seed" not in t.header.value
    assert not [text for text in _shown_texts(t) if seed in text]
    # a rematch replays the same secret deal: still not shown
    t.rematch_button.click()
    assert t.state.is_over and str(t.state.seed) == seed and not t.state.seed_chosen
    assert not [text for text in _shown_texts(t) if seed in text]
    t.new_button.click()
    assert str(t.state.seed) != seed and not t.state.seed_chosen
    assert not [text for text in _shown_texts(t) if str(t.state.seed) in text]


@pytest.mark.parametrize("game", GAMES)
def test_a_chosen_seed_is_shown_at_the_end_only(game):
    t = lopti_nb.play(game, players=3, humans=1, bot_delay=0, seed=4242)
    assert not t.state.is_over and "4242" not in t.header.value
    t2 = lopti_nb.play(game, players=3, humans=0, bot_delay=0, seed=4242)
    assert t2.state.is_over and t2.state.seed_chosen
    assert "seed 4242" in t2.header.value
    # the next deals of a seeded table follow from the chosen seed, so they may be shown too
    t2.new_button.click()
    shown = t2.state.seed  # the seed that replays what the table shows
    assert shown != 4242 and f"seed {shown}" in t2.header.value


def test_a_secret_lopti_session_stays_secret_to_its_end():
    t = lopti_nb.play("lopti", players=3, humans=0, bot_delay=0, rounds=2)
    assert t.state.is_over and not t.state.seed_chosen
    assert "seed" not in t.header.value


def test_buttons_are_widgets():  # the helper above reads real widgets, not a stub
    t = lopti_nb.play("lopti", players=2, humans=1, bot_delay=0)
    assert any(isinstance(w, W.Button) for w in iter_widgets(t))
