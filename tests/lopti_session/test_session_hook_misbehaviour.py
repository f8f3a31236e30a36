"""Whatever a motion's Python does, the session goes on: a hook that sleeps, loops while
swallowing the stop, exits, raises anything (also exceptions whose text cannot be read), returns
objects that raise or huge things, or reaches the session and changes it, is switched off with a
short readable sentence once its budget is spent, and the round is what it would have been
without it: everything it changed is undone, and no effect of it is carried out.

Each misbehaving motion is played next to a calm twin (same seed, a hook that returns nothing):
the two rounds must have the same events, but for the fault's own report."""
import inspect
import sys
import threading
import time

import pytest

from lopti_nb.games.lopti import Motion, Say
from lopti_nb.games.lopti.session_game import LoptiSessionState
from lopti_nb.games.lopti import events as ev
from lopti_nb.games.lopti.hook_calls import MAX_FAULT
from lopti_nb.games.lopti.motions import HookRunner, MotionLoptiState
from lopti_nb.games.lopti.session import MotionRecord
from lopti_nb.games.lopti.state import LoptiState

BUDGET = 0.5  # seconds a hook may run here (small, so the tests are quick; a busy machine still meets it)
SLOW = 30  # seconds a misbehaving hook holds on: far past the budget and the bound below
WAITED_AT_MOST = 10  # seconds a round with such a hook may take in all (it would take SLOW)


def calm(view):
    return None


def play(hook, seed=5, box=None, budget=BUDGET):
    """One round of a 4-player session whose motion 1 runs ``hook`` after every play; motion 2
    is a well-behaved witness. Returns the session and the seconds the round took."""
    s = LoptiSessionState.by_hand(4, seed=seed, hook_budget=budget)
    if box is not None:
        box["session"] = s
    s.restore(Motion("Something happens after every play.", {"after play": hook}), [True] * 4)
    s.restore(Motion("Whoever takes the pile says so.", {"after pickup": lambda v: Say("I took the pile")}),
              [True] * 4)
    start = time.perf_counter()
    s.play_round("heuristic")
    return s, time.perf_counter() - start


def assert_switched_off_and_nothing_changed(s, *words):
    """The session goes on; motion 1 is off with a short readable sentence; the round is the
    calm twin's round, law and motions included."""
    twin, _ = play(calm)
    st = s.dealt_round
    assert st.is_over and sorted(st.all_cards()) == list(range(52))
    faults = [e for e in st.events if isinstance(e, ev.MotionFault)]
    assert [f.motion for f in faults] == [1]
    reason = s.motions[0].fault
    assert reason == faults[0].reason and reason.startswith("its after play hook ")
    assert len(reason) <= MAX_FAULT and reason.isprintable(), reason
    for word in words:
        assert word in reason, reason
    assert s.motions[1].fault is None
    assert [e for e in st.events if not isinstance(e, ev.MotionFault)] == twin.dealt_round.events
    assert s.law == twin.law and s.hook_budget == twin.hook_budget == BUDGET
    assert [(r.number, r.text, r.status, r.author, sorted(r.motion.hooks)) for r in s.motions] == \
        [(r.number, r.text, r.status, r.author, sorted(r.motion.hooks)) for r in twin.motions]
    assert [len(r.log) for r in s.motions] == [2, 1]  # restored at setup; motion 1 also switched off
    s.play_round("heuristic")  # and the session goes on, with the motion's code off
    assert s.dealt_round.is_over and not [e for e in s.dealt_round.events if isinstance(e, ev.MotionFault)]
    return reason


@pytest.fixture
def release():
    """Lets a hook that would run forever end once the test is over (a thread cannot be killed)."""
    done = threading.Event()
    yield done
    done.set()


# -- hooks that do not come back ---------------------------------------------------------------------
def test_a_hook_that_sleeps_is_abandoned_at_its_budget():
    s, seconds = play(lambda view: time.sleep(SLOW))
    assert seconds < WAITED_AT_MOST
    assert_switched_off_and_nothing_changed(s, f"ran longer than {BUDGET:g} s")


def test_a_hook_that_loops_and_swallows_every_stop_is_abandoned_at_its_budget(release):
    def stubborn(view):
        while not release.is_set():
            try:
                while not release.is_set():
                    pass
            except BaseException:  # noqa: BLE001 - the misbehaviour under test
                pass
        return Say("still here")
    s, seconds = play(stubborn)
    assert seconds < WAITED_AT_MOST
    assert_switched_off_and_nothing_changed(s, "ran longer than")


def test_a_hook_that_sleeps_and_then_returns_effects_gets_none_of_them_carried_out():
    def late(view):
        time.sleep(BUDGET * 3)
        return Say("too late")
    s, _ = play(late)
    time.sleep(BUDGET * 4)  # the abandoned hook has come back meanwhile
    assert not [e for e in s.dealt_round.events if isinstance(e, ev.MotionSaid) and e.motion == 1]
    assert_switched_off_and_nothing_changed(s, "ran longer than")


# -- hooks that raise what a program must not swallow lightly -----------------------------------------
class Escape(BaseException):
    """Not an Exception: ``except Exception`` does not catch it."""


def _raise(exc):
    def hook(view):
        raise exc
    return hook


@pytest.mark.parametrize("exc, words", [
    (SystemExit(3), ("raised SystemExit: 3",)),
    (SystemExit, ("raised SystemExit",)),
    (KeyboardInterrupt(), ("raised KeyboardInterrupt",)),
    (Escape("out of here"), ("raised Escape: out of here",)),
    (GeneratorExit(), ("raised GeneratorExit",)),
], ids=["SystemExit(3)", "SystemExit", "KeyboardInterrupt", "BaseException subclass", "GeneratorExit"])
def test_a_hook_that_exits_or_raises_a_base_exception_is_switched_off(exc, words):
    s, _ = play(_raise(exc))
    assert_switched_off_and_nothing_changed(s, *words)


def test_a_hook_calling_sys_exit_does_not_end_the_session():
    s, _ = play(lambda view: sys.exit("bye"))
    assert_switched_off_and_nothing_changed(s, "raised SystemExit: bye")


class Unreadable(Exception):
    def __str__(self):
        raise RuntimeError("no text for you")


class UnreadableExit(Exception):
    def __str__(self):
        raise SystemExit(1)


class SlowToSay(Exception):
    def __str__(self):
        time.sleep(SLOW)
        return "finally"


def test_an_exception_whose_text_raises_is_named_by_its_type():
    s, _ = play(_raise(Unreadable()))
    assert_switched_off_and_nothing_changed(s, "raised Unreadable (its message could not be read)")


def test_an_exception_whose_text_exits_is_named_by_its_type():
    s, _ = play(_raise(UnreadableExit()))
    assert_switched_off_and_nothing_changed(s, "raised UnreadableExit (its message could not be read)")


def test_an_exception_whose_text_takes_forever_costs_only_the_budget():
    s, seconds = play(_raise(SlowToSay()))
    assert seconds < WAITED_AT_MOST
    assert_switched_off_and_nothing_changed(s, "ran longer than")


# -- hooks that return things that raise, or huge things --------------------------------------------------
class ExplodingList(list):
    def __iter__(self):
        raise RuntimeError("cannot be iterated")


class ExitingList(list):
    def __iter__(self):
        raise SystemExit(2)


class BadRepr:
    def __repr__(self):
        raise KeyboardInterrupt


class HugeRepr:
    def __repr__(self):
        return "x" * 1_000_000


class SlyText(str):
    """Text that changes its mind when the engine looks at it."""

    def strip(self, *args):
        raise RuntimeError("strip refused")

    def __eq__(self, other):
        return True

    __hash__ = str.__hash__


@pytest.mark.parametrize("returned, words", [
    (lambda: ExplodingList([Say("hi")]), ("returned something that could not be read (RuntimeError: cannot be iterated)",)),
    (lambda: ExitingList([Say("hi")]), ("returned something that could not be read (SystemExit: 2)",)),
    (lambda: BadRepr(), ("returned a BadRepr, which is not an effect",)),
    (lambda: [BadRepr()], ("returned a BadRepr, which is not one of the effects",)),
    (lambda: HugeRepr(), ("returned xxx", "…")),
    (lambda: [Say("hi")] * 1_000_000, ("returned 1000000 effects; a hook may return at most 8",)),
    (lambda: _forced_say(SlyText("hello")), ()),
], ids=["list that raises", "list that exits", "repr that raises", "item whose repr raises", "huge repr",
        "a million effects", "text that lies"])
def test_a_hook_returning_what_cannot_be_read_is_switched_off(returned, words):
    s, _ = play(lambda view: returned())
    if not words:  # the engine rebuilt the effect from plain text: it is carried out as plain text
        said = [e for e in s.dealt_round.events if isinstance(e, ev.MotionSaid) and e.motion == 1]
        assert said and all(type(e.text) is str and e.text == "hello" for e in said)
        assert s.motions[0].fault is None
        return
    assert_switched_off_and_nothing_changed(s, *words)


def _forced_say(text):
    say = Say("placeholder")
    object.__setattr__(say, "text", text)
    return say


def test_a_huge_exception_text_makes_a_short_sentence():
    s, _ = play(_raise(ValueError("a" + " very" * 200_000 + " long story")))
    reason = assert_switched_off_and_nothing_changed(s, "raised ValueError: a very very", "…")
    assert len(reason) <= MAX_FAULT


def test_a_huge_exception_type_name_makes_a_short_sentence():
    Huge = type("H" * 100_000, (Exception,), {})
    s, _ = play(_raise(Huge("short")))
    reason = assert_switched_off_and_nothing_changed(s, "raised HHH")
    assert len(reason) <= MAX_FAULT


# -- hooks that reach the session ---------------------------------------------------------------------------
ENGINE_TYPES = (LoptiSessionState, LoptiState, MotionLoptiState, HookRunner, MotionRecord)


def _reachable(start, depth=3):
    """Every object reachable from ``start`` through attributes, items and closures, ``depth``
    steps deep (what a hook could find by looking around)."""
    seen, found, todo = set(), [], [(start, 0)]
    while todo:
        obj, d = todo.pop()
        if id(obj) in seen or d > depth:
            continue
        seen.add(id(obj))
        found.append(obj)
        nxt = []
        if isinstance(obj, dict):
            nxt += list(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            nxt += list(obj)
        for name in ("__dict__", "__closure__", "f_locals"):
            try:
                nxt.append(getattr(obj, name))
            except Exception:  # noqa: BLE001
                pass
        if type(obj).__name__ == "cell":
            nxt.append(obj.cell_contents)
        for slot in getattr(type(obj), "__slots__", ()):
            try:
                nxt.append(getattr(obj, slot))
            except AttributeError:
                pass
        todo += [(o, d + 1) for o in nxt]
    return found


def test_the_hooks_call_stack_holds_no_session_round_or_runner():
    seen = {}

    def look_around(view):
        if seen:
            return None
        frames, frame = [], sys._getframe(1)
        while frame is not None:
            frames.append(frame)
            frame = frame.f_back
        seen["stack"] = [type(o).__name__ for f in frames for o in _reachable(f.f_locals)
                         if isinstance(o, ENGINE_TYPES)]
        seen["inspect"] = [type(o).__name__ for info in inspect.stack()[1:]
                           for o in _reachable(info.frame.f_locals) if isinstance(o, ENGINE_TYPES)]
        seen["frames"] = len(frames)
    s, _ = play(look_around, budget=30)  # looking takes time (inspect reads source files)
    assert seen["frames"] >= 2  # it did look
    assert seen["stack"] == [] and seen["inspect"] == []
    assert s.motions[0].fault is None  # looking is no fault


CHANGES = {
    "sets a base-law lever": lambda s: s.law.__setitem__("play_on", not s.law["play_on"]),
    "puts in a law of its own": lambda s: setattr(s, "law", {**s.law, "turn_cap": 50}),
    "withdraws another motion": lambda s: setattr(s.motions[1], "status", "withdrawn"),
    "rewrites another motion's words": lambda s: setattr(s.motions[1].motion, "text", "Nothing happens."),
    "swaps another motion's code": lambda s: s.motions[1].motion.hooks.__setitem__(("pickup", "after"), calm),
    "adds a motion": lambda s: s.motions.append(MotionRecord(3, Motion("New law."), "nobody", None, 1)),
    "drops the motions": lambda s: s.motions.clear(),
    "gives itself more time": lambda s: setattr(s, "hook_budget", 1e9),
    "changes the runner's budget": lambda s: setattr(s.runner, "budget", 1e9),
    "passes a vote for itself": lambda s: s.votes.append(s.votes[0]),
    "clears the round's vote": lambda s: s._vote_used.add(s.round_no),
    "plays a card itself": lambda s: s.dealt_round.hands[0].append(s.dealt_round.draw_pile.pop()),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_hook_that_reaches_the_session_and_changes_it_is_undone_and_switched_off(change):
    """The hook holds the session (a notebook's own variable, here a box): what it changes
    outside its effects is put back and the motion is switched off."""
    box = {}

    def meddle(view):
        CHANGES[change](box["session"])
    s, _ = play(meddle, box=box)
    word = "game" if change == "plays a card itself" else "session"
    assert_switched_off_and_nothing_changed(s, f"changed the {word}", "(undone)")


# -- the normal case ------------------------------------------------------------------------------------------
def test_a_users_hook_runs_on_a_worker_and_a_ready_made_one_directly():
    """Only the package's own ready-made hooks run in the engine's thread; any other function,
    also one put into a ready-made motion by hand, runs on a worker."""
    from lopti_nb.games.lopti import library_motion
    from lopti_nb.games.lopti.motions import ready_made

    where = {}

    def note(key):
        def hook(view):
            where[key] = threading.current_thread().name
        return hook
    own = Motion("Note where it runs.", {"after play": note("own")})
    marked = Motion("Note where a ready-made hook runs.",
                    {"after play": ready_made(note("ready"))})
    edited = library_motion("ace_tax")
    edited.hooks[("play", "after")] = note("edited")
    s = LoptiSessionState.by_hand(4, seed=1, hook_budget=BUDGET)
    for m in (own, marked, edited):
        s.restore(m, [True] * 4)
    s.play_round("heuristic")
    assert where == {"own": "lopti-motion-hook", "ready": threading.current_thread().name,
                     "edited": "lopti-motion-hook"}
    assert not [r.fault for r in s.motions if r.fault]


def test_same_seed_same_session_with_hooks_of_ones_own():
    def run():
        s = LoptiSessionState.by_hand(4, seed=11, hook_budget=1.0)
        s.restore(Motion("Aces cost a card.", {"after play": lambda v: Say("ace") if v.rank == "A" else None}),
                  [True] * 4)
        s.run(3, author="library")
        return s.history(), [str(e) for e in s.dealt_round.events]
    (h1, e1), (h2, e2) = run(), run()
    assert h1.equals(h2) and e1 == e2


def test_interrupting_the_kernel_while_a_hook_runs_stops_the_wait_and_undoes_the_hook():
    """Interrupt (Ctrl-C, the notebook's stop button) while a hook holds on: the interruption
    reaches the person at once, and what the hook had changed is put back first."""
    import signal

    box = {}

    def meddle_then_sleep(view):
        box["session"].law["play_on"] = True
        time.sleep(SLOW)
    s = LoptiSessionState.by_hand(4, seed=5, hook_budget=SLOW)
    box["session"] = s
    s.restore(Motion("Meddle, then nap.", {"after play": meddle_then_sleep}), [True] * 4)
    st = s.deal()
    # as the kernel's interrupt does: SIGINT to the thread playing (the main thread)
    timer = threading.Timer(0.5, signal.pthread_kill, (threading.main_thread().ident, signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        s.play_round("heuristic")
    timer.join()
    assert time.perf_counter() - start < WAITED_AT_MOST
    assert s.law["play_on"] is False and sorted(st.all_cards()) == list(range(52))
