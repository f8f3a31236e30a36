"""What reaches the browser is only what the seat in front of the device may see.

Two checks, over whole games played by the widgets:

* a *search*: the state of every widget in the tree (``get_state()``, HTML values, tooltips,
  labels...) is searched for every card that is hidden from the viewer and was never public;
  cards are drawn with ``data-card="<game>:<id>"`` markers and named in text by fixed labels,
  so both forms are looked for;
* a *differential* check: the hidden part of the position (other hands, face-down cards,
  deck order) is scrambled, the same viewer's table is drawn for both positions, and every
  widget state must be identical: the view cannot depend on what the viewer may not know.
"""
from __future__ import annotations

import random
import re

import pytest

import lopti_nb
from lopti_nb.games.lopti.cards import NAMES as LOPTI_NAMES
from lopti_nb.games.lopti.cards import card_label
from lopti_nb.games.skullking.cards import NAME as SK_NAME
from lopti_nb.games.skullking.cards import SORT_KEY
from lopti_nb.games.skullking.state import CardPlayed
from lopti_nb.widgets.testing import random_step, widget_states, widget_text


# -- scramblers: the same public position with different hidden cards -------------------------
def scramble_lopti(state, viewer, rng):
    s = state.copy()
    slots = []  # (list, index)
    for seat in range(s.num_players):
        if seat != viewer:
            slots += [(s.hands[seat], i) for i in range(len(s.hands[seat]))]
        slots += [(s.face_down[seat], i) for i, c in enumerate(s.face_down[seat]) if c is not None]
    slots += [(s.draw_pile, i) for i in range(len(s.draw_pile))]
    cards = [lst[i] for lst, i in slots]
    rng.shuffle(cards)
    for (lst, i), c in zip(slots, cards):
        lst[i] = c
    return s


def scramble_skullking(state, viewer, rng):
    s = state.copy()
    others = [seat for seat in range(s.num_players) if seat != viewer]
    pool = [c for seat in others for c in s.hands[seat]]
    rng.shuffle(pool)
    for seat in others:
        k = len(s.hands[seat])
        s.hands[seat] = sorted(pool[:k], key=SORT_KEY.__getitem__)
        pool = pool[k:]
    if s.phase == "bid":  # the bids made so far are secret too, until all are in
        for seat in others:
            if s.bids[seat] is not None:
                s.bids[seat] = rng.choice([b for b in range(s.cards_dealt + 1) if b != s.bids[seat]]
                                          or [s.bids[seat]])
        s._table = None
    return s


def scramble_ledger(state, viewer, rng):
    s = state.copy()
    others = [seat for seat in range(s.num_players) if seat != viewer]
    machines = [c for seat in others for c in s.hands[seat]] + [c for c in s.wreck if c < 100]
    rng.shuffle(machines)
    for seat in others:
        k = len(s.hands[seat])
        s.hands[seat] = machines[:k]
        machines = machines[k:]
    s.wreck = [machines.pop() if c < 100 else c for c in s.wreck]
    hazards = [i for i, c in enumerate(s.wreck) if c >= 100]
    values = [s.wreck[i] for i in hazards]
    rng.shuffle(values)
    for i, c in zip(hazards, values):
        s.wreck[i] = c
    s.reck = list(s.reck)
    rng.shuffle(s.reck)
    return s


SCRAMBLE = {"lopti": scramble_lopti, "skull-king": scramble_skullking, "drowned-ledger": scramble_ledger}


def renderer(game, players, settings):
    t = lopti_nb.play(game, players=players, humans=0, bot_delay=0, seed=0, **settings)
    t.pause_button.value = True

    def render(state, viewer, pending):
        t.show_state(state, viewer=viewer, pending=pending)
        return widget_states(t)
    return render


@pytest.mark.parametrize("game, players, humans, seed", [
    ("lopti", 3, 1, 1), ("lopti", 4, 2, 2), ("skull-king", 4, 1, 1), ("skull-king", 3, 2, 2),
    ("drowned-ledger", 3, 1, 1), ("drowned-ledger", 4, 2, 2),
])
def test_scrambled_hidden_cards_give_identical_widget_states(game, players, humans, seed):
    settings = {"turn_cap": 200} if game == "lopti" else {}
    t = lopti_nb.play(game, players=players, humans=humans, seed=seed, bot_delay=0, **settings)
    render_a = renderer(game, players, t.state.settings)
    render_b = renderer(game, players, t.state.settings)
    rng = random.Random(seed)
    checked = 0
    step = 0
    while not t.state.is_over and checked < 6:
        step += 1
        random_step(t, rng)
        if step % 3:
            continue
        viewer = t.viewer
        a = render_a(t.state.copy(), viewer, t.pending)
        b = render_b(SCRAMBLE[game](t.state, viewer, rng), viewer, t.pending)
        assert a == b, f"the widgets depend on hidden cards (viewer {viewer}, step {step})"
        checked += 1
    assert checked >= 3


def test_scrambler_changes_what_a_cheating_view_would_show():
    """The differential check has teeth: drawing another seat's hand makes it fail."""
    t = lopti_nb.play("lopti", players=3, humans=1, seed=3, bot_delay=0)
    s2 = scramble_lopti(t.state, 0, random.Random(1))
    assert s2.hands[1] != t.state.hands[1] or s2.hands[2] != t.state.hands[2]
    assert s2.observation(0) == t.state.observation(0)


# -- search: hidden, never-public cards appear nowhere -----------------------------------------
def lopti_secrets(state, viewer, known):
    """Cards the viewer cannot know: others' hands, all face-down cards, the draw pile,
    minus every card that was ever public or ever in the viewer's own hand."""
    hidden = set(state.draw_pile)
    for seat in range(state.num_players):
        if seat != viewer:
            hidden.update(state.hands[seat])
        hidden.update(c for c in state.face_down[seat] if c is not None)
    return hidden - known


CARD_FIELDS = ("card", "cards", "given", "taken", "face_up")


def lopti_knowledge(state, viewer, known, start):
    """Add to ``known`` what ``viewer`` has seen: public cards now, every card named in the
    events as the viewer sees them (plays, blind flips, swaps, own draws), their own hand."""
    obs = state.observation(None)
    names = set(obs["pile"]) | {c for f in obs["face_up"] for c in f}
    if viewer is not None:
        names |= set(state.observation(viewer)["hand"])
    known |= {LOPTI_NAMES.index(n) for n in names}

    def add(value):
        if isinstance(value, int) and not isinstance(value, bool):
            known.add(value)
        elif isinstance(value, tuple):
            for x in value:
                add(x)

    for e in state.events[start:]:
        e = e.for_seat(viewer)
        for f in CARD_FIELDS:
            add(getattr(e, f, None))


@pytest.mark.parametrize("players, humans, seed", [(2, 1, 1), (4, 2, 3), (5, 1, 4), (3, 0, 5)])
def test_lopti_no_hidden_card_in_any_widget_state(players, humans, seed):
    t = lopti_nb.play("lopti", players=players, humans=humans, seed=seed, bot_delay=0, turn_cap=80)
    if humans == 0:
        t.pause_button.value = True
        t.new_game(seed=seed)
    rng = random.Random(seed)
    known = {v: set() for v in [None, *range(players)]}
    seen = 0
    checks = steps = 0
    while not t.state.is_over:
        for v in known:
            lopti_knowledge(t.state, v, known[v], seen)
        seen = len(t.state.events)
        steps += 1
        if steps % 3 == 1:
            viewer = t.viewer
            secrets = lopti_secrets(t.state, viewer, known[viewer])
            text = widget_text(t)
            markers = set(re.findall(r'data-card="lopti:([0-9JQKA]+[CDHS])"', text))
            visible = {LOPTI_NAMES.index(m) for m in markers}
            assert not visible & secrets, [LOPTI_NAMES[c] for c in visible & secrets]
            for c in secrets:
                assert card_label(c) not in text, f"{card_label(c)} is hidden from {viewer} but shown"
            # the seed would give every hidden card away
            assert f"seed {t.state.seed}" not in text
            checks += 1
        if humans:
            random_step(t, rng)
        else:
            t.step_button.click()
    assert checks >= 5


def sk_played(state):
    return {e.card for e in state.events if isinstance(e, CardPlayed)}


@pytest.mark.parametrize("players, humans, seed", [(3, 1, 1), (5, 2, 2), (8, 1, 3)])
def test_skullking_no_hidden_card_in_any_widget_state(players, humans, seed):
    t = lopti_nb.play("skull-king", players=players, humans=humans, seed=seed, bot_delay=0)
    rng = random.Random(seed)
    checks = steps = 0
    while not t.state.is_over and checks < 25:
        steps += 1
        if steps % 4 == 0:
            viewer = t.viewer
            played = sk_played(t.state)
            mine = set(t.state.hands[viewer]) if viewer is not None else set()
            secrets = set()
            for seat in range(players):
                if seat != viewer:
                    # number cards are unique: one held by another seat and never played is secret
                    secrets |= {c for c in t.state.hands[seat] if c[0] in "YPGB" and c not in played}
            secrets -= mine
            text = widget_text(t)
            words = set(re.findall(r"\b[YPGB]1?[0-9]\b", text))
            names = set(re.findall(r"\b(?:yellow|purple|green|black) 1?[0-9]\b", text))
            for c in secrets:
                assert f'data-card="sk:{c}"' not in text
                assert c not in words, f"{c} is hidden from {viewer}"
                assert SK_NAME[c] not in names, f"{SK_NAME[c]} is hidden from {viewer}"
            # secret bids stay secret until revealed
            if t.state.phase == "bid":
                assert "Bids revealed for round %d" % t.state.round not in text
            checks += 1
        random_step(t, rng)
    assert checks >= 10


def test_ledger_deck_order_never_reaches_the_browser():
    t = lopti_nb.play("drowned-ledger", players=3, humans=1, seed=7, bot_delay=0)
    rng = random.Random(7)
    while not t.state.is_over:
        text = widget_text(t)
        # the next wreck cards and Reckonings are unknown: their order is nowhere, and the
        # number of drawn-card markers equals what is public (yards, haul/dive, discards...)
        assert "wreck" not in "".join(str(x) for x in t.state.observation(0).get("wreck", ()))
        for name in ("reck", "wreck"):
            assert repr(getattr(t.state, name)) not in text
        random_step(t, rng)


@pytest.mark.parametrize("players, humans, seed", [(4, 3, 1), (5, 5, 2)])
def test_skullking_bids_in_any_order_reach_no_other_seat_before_the_reveal(players, humans, seed):
    """People at one device bid in the order the table asks them (the bots first, on their
    own); at every step of the bidding the table as the person in front of it sees it (and
    the cover between people) is drawn identically when every other seat's bid is changed,
    so no made bid reaches the browser before the reveal, whoever bid first."""
    t = lopti_nb.play("skull-king", players=players, humans=humans, seed=seed, bot_delay=0)
    render_a = renderer("skull-king", players, t.state.settings)
    render_b = renderer("skull-king", players, t.state.settings)
    rng = random.Random(seed)
    checked = rounds = 0
    while not t.state.is_over and rounds < 4:
        if t.state.phase == "bid":
            viewer = t.viewer
            made = sum(b is not None for s, b in enumerate(t.state.bids) if s != viewer)
            a = render_a(t.state.copy(), viewer, t.pending)
            other = scramble_skullking(t.state, viewer, rng)
            if made:
                assert other.bids != t.state.bids  # the check has something to hide
            b = render_b(other, viewer, t.pending)
            assert a == b, f"a made bid shows to {viewer} before the reveal"
            checked += 1
        rnd = t.state.round
        random_step(t, rng)
        rounds += t.state.round != rnd
    assert checked >= 10


def test_a_view_that_showed_a_made_bid_would_fail_the_bid_check(monkeypatch):
    """The bid check has teeth: an observation that gave the bids away before the reveal
    makes the two drawings differ."""
    from lopti_nb.games.skullking.state import SkullKingState

    own = SkullKingState._table_view

    def leaky(self):
        view = own(self)
        view["bids"] = tuple(self.bids)
        return view

    monkeypatch.setattr(SkullKingState, "_table_view", leaky)
    t = lopti_nb.play("skull-king", players=3, humans=1, seed=1, bot_delay=0)
    render_a = renderer("skull-king", 3, t.state.settings)
    render_b = renderer("skull-king", 3, t.state.settings)
    assert t.state.phase == "bid" and t.state.observation(0)["has_bid"] == (False, True, True)
    a = render_a(t.state.copy(), 0, None)
    b = render_b(scramble_skullking(t.state, 0, random.Random(1)), 0, None)
    assert a != b
