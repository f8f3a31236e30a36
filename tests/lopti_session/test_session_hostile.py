"""Hostile motions: hooks that try to cancel events, loop, mutate the game, raise or sleep are
contained, reported at the table, switched off, and the round still finishes."""
import signal
import threading
import time

import pytest

from lopti_nb.games.lopti import Draw, Motion, Say
from lopti_nb.games.lopti.session_game import LoptiSessionState
from lopti_nb.games.lopti import events as ev
from lopti_nb.games.lopti.motions import MAX_EFFECTS_PER_HOOK, Effect


def faults(state):
    return [e for e in state.events if isinstance(e, ev.MotionFault)]


def play_session(motions, rounds=3, seed=1, budget=1.0, players=4, **kw):
    s = LoptiSessionState.by_hand(players, seed=seed, hook_budget=budget, **kw)
    for m in motions:
        assert s.restore(m, [True] * players)
    states = []
    for _ in range(rounds):
        s.play_round(["heuristic", "random"] * (players // 2) + ["heuristic"] * (players % 2))
        st = s.dealt_round
        assert st.is_over and sorted(st.all_cards()) == list(range(52))
        states.append(st)
    return s, states


class Cancel(Effect):
    """Not one of the five effects."""

    def check(self):
        pass


CANCELLERS = {
    "a string": lambda v: "cancel",
    "a dict": lambda v: {"cancel": True},
    "False": lambda v: False,
    "a made-up effect": lambda v: Cancel(),
    "a list with junk": lambda v: [Say("ok"), 42],
    "an effect forced into nonsense": lambda v: _forced(),
}


def _forced():
    d = Draw("actor", 1)
    object.__setattr__(d, "n", 10 ** 6)  # past the constructor's check
    return d


@pytest.mark.parametrize("how", sorted(CANCELLERS))
def test_hostile_cancelling_a_base_event_is_refused_and_reported(how):
    cancel = Motion(f"Cancel clears ({how}).", {"before clear": CANCELLERS[how], "before play": CANCELLERS[how]})
    witness = Motion("Count plays.", {"after play": lambda v: Say("played")})
    s, states = play_session([cancel, witness], rounds=2)
    first = states[0]
    assert len(faults(first)) == 1 and faults(first)[0].motion == 1
    assert s.motions[0].fault and s.motions[1].fault is None  # only the offender is switched off
    assert not faults(states[1])  # stays off in later rounds
    for st in states:  # every play resolved; every clear by a player still in got a bonus play
        kinds = [type(e).__name__ for e in st.events]
        assert kinds.count("Played") == sum(1 for e in st.events if isinstance(e, ev.MotionSaid))
        for i, e in enumerate(st.events):
            if isinstance(e, ev.Cleared) and e.seat not in st.out:
                assert any(isinstance(x, ev.BonusPlay) and x.seat == e.seat for x in st.events[i:i + 12])


def test_hostile_flood_of_effects_is_cut_off():
    flood = Motion("Ten thousand announcements a play.", {"after play": lambda v: [Say("spam")] * 10_000})
    draws = Motion("Everyone draws three, eight times.", {"after play": lambda v: [Draw("everyone", 3)] * MAX_EFFECTS_PER_HOOK})
    s, states = play_session([flood, draws], rounds=2)
    assert "at most" in s.motions[0].fault
    assert s.motions[1].fault is None  # within the bounds: allowed, and the round still ends


def test_hostile_self_retriggering_motion_cannot_chain():
    """Effects are not base events: a motion drawing on every draw does not draw on its own draws."""
    echo = Motion("Whenever someone draws, they draw again.", {"after draw": lambda v: Draw("actor", 1),
                                                               "after take face-up": lambda v: Draw("actor", 3)})
    s, states = play_session([echo], rounds=3)
    for st in states:
        base_draws = sum(isinstance(e, ev.Drew) for e in st.events)
        echo_draws = sum(isinstance(e, ev.MotionDrew) for e in st.events)
        faceups = sum(isinstance(e, ev.TookFaceUp) for e in st.events)
        assert echo_draws <= base_draws + faceups
    assert s.motions[0].fault is None


def test_hostile_direct_mutation_is_undone_reported_and_switched_off():
    box = {}
    def thief(view):
        st = box["session"].dealt_round
        st.hands[0].extend(st.draw_pile)  # smuggled reference: grab the draw pile
        st.draw_pile.clear()
        st.pile_cards.clear()
    def vandal(view):
        object.__setattr__(view, "round", 99)  # the view is a snapshot; harmless, but try the real one:
        view.round = 100  # frozen: raises
    s = LoptiSessionState.by_hand(4, seed=3)
    box["session"] = s
    s.restore(Motion("Steal the draw pile.", {"after lead": thief}), [True] * 4)
    s.restore(Motion("Rewrite the round number.", {"after play": vandal}), [True] * 4)
    s.play_round()
    st = s.dealt_round
    assert st.is_over and sorted(st.all_cards()) == list(range(52))
    reasons = {e.motion: e.reason for e in faults(st)}
    assert "changed the game directly" in reasons[1] and "FrozenInstanceError" in reasons[2]
    assert s.runner.faults and s.motions_frame()["code_off"].all()


def test_hostile_raising_hook_is_reported_and_switched_off():
    boom = Motion("Divide by zero on every pickup.", {"after pickup": lambda v: 1 / 0})
    s, states = play_session([boom], rounds=2)
    assert "ZeroDivisionError" in s.motions[0].fault
    assert len(faults(states[0]) + faults(states[1])) == 1


def test_hostile_busy_loop_is_interrupted_reported_and_switched_off():
    def slow(view):
        while True:
            pass
    hog = Motion("Take forever.", {"after play": slow})
    start = time.perf_counter()
    s, states = play_session([hog], rounds=1, budget=0.2)
    assert time.perf_counter() - start < 10  # the hook was cut off, not waited for
    assert "longer than" in s.motions[0].fault
    assert len(faults(states[0])) == 1


def test_hostile_busy_loop_is_interrupted_in_a_thread_that_is_not_the_main_thread():
    """The budget needs no signal, so a round played from a worker thread (a widget callback,
    a thread pool) stops a looping hook too."""
    def slow(view):
        while True:
            pass
    hog = Motion("Take forever.", {"after play": slow})
    out = {}

    def play():
        start = time.perf_counter()
        out["session"], out["states"] = play_session([hog], rounds=1, budget=0.2)
        out["seconds"] = time.perf_counter() - start

    worker = threading.Thread(target=play)
    worker.start()
    worker.join(30)
    assert not worker.is_alive() and out["seconds"] < 10
    assert "longer than" in out["session"].motions[0].fault
    assert len(faults(out["states"][0])) == 1


def test_hostile_hook_that_swallows_the_interruption_is_still_condemned():
    def stubborn(view):
        try:
            while True:
                pass
        except BaseException:  # noqa: BLE001 - the hostile part
            return Say("I am still here")
    s, states = play_session([Motion("Refuse to stop.", {"after play": stubborn})], rounds=1, budget=0.2)
    assert "longer than" in s.motions[0].fault
    assert not [e for e in states[0].events if isinstance(e, ev.MotionSaid)]


def test_hostile_hook_blocked_in_c_is_condemned_when_it_returns():
    """A sleep inside C cannot be interrupted, but the hook runs on a worker thread: the table
    waits for it no longer than the budget, then reports the hook and switches it off."""
    hog = Motion("Nap on every play.", {"after play": lambda v: time.sleep(0.6)})
    start = time.perf_counter()
    s, states = play_session([hog], rounds=1, budget=0.2)
    assert time.perf_counter() - start < 10
    assert "longer than" in s.motions[0].fault
    assert len(faults(states[0])) == 1


def test_hook_budget_installs_no_signal_handler_or_timer():
    """While a hook runs, the process's SIGALRM handler and real-time timer are whatever they
    were before (pytest-timeout's, here)."""
    before = signal.getsignal(signal.SIGALRM), signal.getitimer(signal.ITIMER_REAL)
    seen = []

    def look(view):
        seen.append((signal.getsignal(signal.SIGALRM), signal.getitimer(signal.ITIMER_REAL)))
    s, states = play_session([Motion("Look around.", {"after play": look})], rounds=1)
    assert seen and s.motions[0].fault is None
    for handler, (left, interval) in seen:
        assert handler is before[0]
        assert interval == before[1][1] and left <= before[1][0]  # not re-armed by the budget


def test_hostile_everything_at_once_round_finishes_and_other_motions_keep_working():
    box = {}
    hostile = [
        Motion("raise", {"before deal": lambda v: [][1]}),
        Motion("cancel", {"before pickup": lambda v: "no pickups today"}),
        Motion("flood", {"after clear": lambda v: [Say("x")] * 500}),
        Motion("mutate", {"after draw": lambda v: box["s"].dealt_round.gone.append(box["s"].dealt_round.hands[0].pop())
                          if box["s"].dealt_round.hands[0] else box["s"].dealt_round.gone.clear()}),
        Motion("sleep", {"after swap": lambda v: time.sleep(1)}),  # past the 0.3 s budget
    ]
    good = Motion("Whoever takes the pile shows their highest card.", {"after pickup": lambda v: None})
    s = LoptiSessionState.by_hand(4, seed=9, hook_budget=0.3)
    box["s"] = s
    for m in hostile + [good]:
        s.restore(m, [True] * 4)
    for _ in range(3):
        s.play_round()
        assert s.dealt_round.is_over and sorted(s.dealt_round.all_cards()) == list(range(52))
    frame = s.motions_frame()
    assert frame["code_off"].tolist() == [True] * 5 + [False]


def test_copies_of_a_hooked_round_get_their_own_runner():
    """A bot's look-ahead copy runs the motions on its own: faults there stay there."""
    boom = Motion("Fail on every play.", {"after play": lambda v: 1 / 0})
    s = LoptiSessionState.by_hand(4, seed=2)
    s.restore(boom, [True] * 4)
    st = s.deal()
    look = st.copy()
    while not look.is_over:
        look.apply(look.legal_actions()[0])
    assert look.hooks.faults and not st.hooks.faults and s.motions[0].fault is None


@pytest.mark.parametrize("budget", [0, -1, float("inf"), "1", True, None])
def test_hook_budget_must_be_a_positive_number_of_seconds(budget):
    from lopti_nb.engine import SettingsError
    from lopti_nb.games.lopti import HookRunner

    with pytest.raises(SettingsError, match="positive number of seconds"):
        LoptiSessionState.by_hand(4, seed=1, hook_budget=budget)
    with pytest.raises(SettingsError, match="positive number of seconds"):
        HookRunner([], budget=budget)
