"""The constitution's promise that no motion can loop (rules reference §1.7): a turn goes on only
while its player gets cards back, so the constitution refuses every set of rules by which the
cards of a clear can come back to the player whose turn it is within that turn; behind it, a
round with motions stops as a stalemate at a cap on actions. Random data motions drawn from the
whole language (seeded, the effects that keep a turn going or bring cards back drawn most often)
always give rounds that end, with every card accounted for."""
import random

import pytest

import lopti_nb
from lopti_nb.engine import get_spec
from lopti_nb.engine.runner import play_out
from lopti_nb.games.lopti.cards import DECK
from lopti_nb.games.lopti.library import READY_DATA, library_data
from lopti_nb.games.lopti.motions import ConstitutionError, HookRunner, Motion, MotionError, MotionLoptiState
from lopti_nb.games.lopti.motions.data import (EFFECTS, MOMENTS, REPEATING, effect_fields, facts_at, ops_of,
                                               values_of)
from lopti_nb.games.lopti.motions.state import ACTIONS_PER_TURN
from lopti_nb.games.lopti.session_game import Author

MOTIONS = 2000  # random data motions, each played in one round
# the looping motion a careless winner composes from the builder's menus, and its variants
LOOPS = {
    "cleared cards back to the clearer": {"when": "after clear", "then": [
        {"effect": "return cleared cards", "to": "actor", "n": 8}]},
    "cleared cards back to everyone, the clearer included": {"when": "after clear", "then": [
        {"effect": "return cleared cards", "to": "everyone", "n": 8}]},
    "cleared cards into the draw pile while everyone draws": {"rules": [
        {"when": "after clear", "then": [{"effect": "return cleared cards", "to": "draw pile", "n": 8}]},
        {"when": "after bonus play", "then": [{"effect": "draw", "who": "everyone", "n": 3}]}]},
    "four of a kind back to the clearer": {"when": "after clear",
                                           "if": [{"fact": "how", "op": "is", "value": "four"}],
                                           "then": [{"effect": "return cleared cards", "to": "actor", "n": 4}]},
    "cleared cards to the others, who give them back": {"rules": [
        {"when": "after clear", "then": [{"effect": "return cleared cards", "to": "others", "n": 8}]},
        {"when": "after play", "then": [{"effect": "give", "who": "previous", "to": "next", "n": 3,
                                         "which": "highest"}]}]},
}


def _value(fact: str, op: str, rng: random.Random):
    values = values_of(fact)
    if op in ("one of", "not one of"):
        pool = list(values) if values is not None else [0, 1, 2, 3, 4, 5, 10, 50]
        return rng.sample(pool, rng.randint(1, min(3, len(pool))))
    if values is None:
        return rng.choice([0, 1, 2, 3, 4, 10, 60])
    return rng.choice(list(values))


def random_effect(when: str, rng: random.Random) -> dict:
    # the effects that keep a turn going (a custom clear) or bring cards back come most often
    names = list(EFFECTS) + ["return cleared cards"] * 4 + ["clear the pile"] * 2 + ["draw", "give"] * 2
    while True:
        name = rng.choice(names)
        if name == "clear the pile" and not (when.startswith("after") and when.split(" ", 1)[1] in
                                             ("play", "lead", "bonus play", "blind flip")):
            continue
        if when.endswith("round end") and name not in ("say", "reveal"):
            continue
        effect = {"effect": name}
        for field in effect_fields(name):
            if field.kind == "text":
                effect[field.name] = rng.choice(["Aces high!", "the pile holds {pile} cards", "ok"])
            elif field.kind == "number":
                effect[field.name] = rng.randint(field.low, field.high)
            elif rng.random() < 0.8:
                effect[field.name] = rng.choice(field.options)
        if effect.get("to") == "draw pile" and effect.get("which") == "choose":
            effect["which"] = "random"
        return effect


def random_motion(rng: random.Random) -> dict:
    rules = []
    for _ in range(rng.randint(1, 3)):
        # moments that come round again and again within one turn come most often
        repeating = [m for m in MOMENTS if m.split(" ", 1)[1] in REPEATING]
        when = rng.choice(repeating * 3 + list(MOMENTS))
        conditions = []
        for _ in range(rng.choice([0, 0, 1, 2])):
            fact = rng.choice(facts_at(when))
            op = rng.choice(ops_of(fact))
            conditions.append({"fact": fact, "op": op} if op in ("is even", "is odd")
                              else {"fact": fact, "op": op, "value": _value(fact, op, rng)})
        rules.append({"when": when, "if": conditions,
                      "then": [random_effect(when, rng) for _ in range(rng.randint(1, 3))]})
    return {"rules": rules}


def play_round(motion: Motion, players: int, seed: int, bot: str = "random") -> MotionLoptiState:
    state = MotionLoptiState(players, seed, hooks=HookRunner([motion]))
    spec = get_spec("lopti")
    play_out(state, [spec.make_bot(bot) for _ in range(players)], random.Random(seed))
    return state


def ended_properly(state: MotionLoptiState) -> None:
    assert state.is_over
    cards = state.all_cards()
    assert len(cards) == 52 and set(cards) == set(DECK)
    assert (state.winner is not None) or state.stalemate
    ends = [e for e in state.events if type(e).__name__ == "RoundOver"]
    assert len(ends) == 1 and ends[0].stalemate == state.stalemate


@pytest.mark.timeout(600)
def test_1_7_random_data_motions_always_give_rounds_that_end_with_every_card_accounted_for():
    """Every motion the constitution accepts plays rounds that end by a player going out or at
    the turn cap, never at the cap on actions in a turn (the constitution's check is what keeps
    turns finite); the refused ones say why."""
    rng = random.Random(20261202)
    accepted = refused = 0
    for k in range(MOTIONS):
        data = random_motion(rng)
        try:
            motion = Motion.from_data(data)
        except (ConstitutionError, MotionError) as why:
            assert str(why)
            refused += 1
            continue
        accepted += 1
        state = play_round(motion, players=2 + k % 4, seed=k)
        ended_properly(state)
        assert state.cap == "turn cap", (data, state.cap)
    # both kinds are drawn often enough for the property to mean something
    assert accepted >= MOTIONS // 3 and refused >= MOTIONS // 20, (accepted, refused)


@pytest.mark.parametrize("name", sorted(LOOPS))
def test_1_7_a_motion_that_would_loop_is_refused_with_the_chain_that_makes_it_loop(name):
    with pytest.raises(ConstitutionError, match="a motion cannot loop") as refusal:
        Motion.from_data(LOOPS[name])
    assert "the player whose turn it is" in str(refusal.value)


def test_1_7_cleared_cards_returned_to_the_others_or_the_draw_pile_are_finite_and_accepted():
    for data in ({"when": "after clear", "then": [{"effect": "return cleared cards", "to": "others", "n": 8}]},
                 {"when": "after clear", "then": [{"effect": "return cleared cards", "to": "draw pile", "n": 8}]},
                 {"rules": [{"when": "after clear", "then": [{"effect": "return cleared cards", "to": "next"}]},
                            {"when": "after pickup", "then": [{"effect": "give", "who": "next", "to": "previous"}]}]}):
        motion = Motion.from_data(data)
        for seed in range(6):
            ended_properly(play_round(motion, players=2 + seed % 4, seed=seed, bot="heuristic"))


def test_1_7_the_ready_motions_keep_their_meaning_and_are_never_refused_together():
    """ten_clear_feeds_the_rest still feeds the others after a clear with a 10; every ready
    motion is accepted, alone and all together (none sends cleared cards anywhere)."""
    from lopti_nb.games.lopti.motions.data import endless_turn

    rules = [r for name in READY_DATA for r in Motion.from_data(library_data(name)).data["rules"]]
    assert endless_turn(rules) is None
    motion = Motion.from_data(library_data("ten_clear_feeds_the_rest"))
    fed = 0
    for seed in range(40):
        state = play_round(motion, 4, seed, bot="heuristic")
        for i, e in enumerate(state.events):
            if type(e).__name__ == "Cleared" and e.how == "ten":
                drew = [x for x in state.events[i + 1:i + 6] if type(x).__name__ == "MotionDrew"]
                assert all(x.seat != e.seat for x in drew)
                fed += len(drew)
    assert fed > 0


def test_1_6_a_round_whose_turn_never_ends_stops_as_a_stalemate_at_the_cap_on_actions():
    """A motion in Python is not weighed by the constitution: the cap on actions in one turn
    stops the round it would hold, as a stalemate, said in the round's last event."""
    from lopti_nb.games.lopti.motions import ReturnCleared, ready_made

    loop = Motion("The clearer gets the cleared cards back.",
                  {"after clear": ready_made(lambda view: ReturnCleared("actor", 8, "random"))})
    capped = []
    for seed in range(40):
        state = play_round(loop, 2, seed, bot="heuristic")
        ended_properly(state)
        if state.cap != "turn cap":
            capped.append(state)
    assert capped, "no round looped: the test motion no longer loops"
    state = capped[0]
    assert state.capped and state.turn_actions >= ACTIONS_PER_TURN - 1
    end = next(e for e in state.events if type(e).__name__ == "RoundOver")
    assert f"cap of {ACTIONS_PER_TURN} actions in one turn" in end.describe()


def _looping_session():
    """A 2-player session whose round-one winner may now write a motion."""
    state = lopti_nb.new_game("lopti", players=2, seed=5, rounds=2)
    spec = get_spec("lopti")
    bot, rng = spec.make_bot("heuristic"), random.Random(5)
    while state.phase == "playing":
        seat = state.current_player
        state.apply(bot(state.observation(seat), state.legal_actions(), rng))
    return state


def test_1_7_a_session_refuses_a_looping_motion_and_the_round_goes_on():
    state = _looping_session()
    assert state.phase == "authoring"
    seat, before = state.author_seat, state.record()
    for name, data in LOOPS.items():
        why = state.why_illegal(Author(data), seat)
        assert why is not None and "cannot loop" in why, name
        with pytest.raises(lopti_nb.engine.IllegalAction, match="cannot loop"):
            state.apply(Author(data), seat)
        assert state.record() == before
    state.apply(Author("pass"), seat)
    assert state.phase == "playing"


def test_1_7_a_motion_that_loops_only_together_with_one_in_force_is_refused_when_adopted():
    from lopti_nb.games.lopti.session_game import LoptiSessionState

    session = LoptiSessionState.by_hand(3, seed=2)
    session.restore(Motion.from_data({"when": "after clear", "then": [
        {"effect": "return cleared cards", "to": "others", "n": 8}]}), [True, True, True])
    giver = Motion.from_data({"when": "after bonus play", "then": [{"effect": "give", "who": "next",
                                                                     "to": "previous"}]})
    with pytest.raises(ConstitutionError, match="other players give cards to the player whose turn it is"):
        session.check_adoptable(giver)


def _session_with_a_data_motion():
    """A 2-player session of 2 rounds that starts with a data motion approved at setup."""
    data = {"when": "after play", "then": [{"effect": "say", "text": "a play"}]}
    state = lopti_nb.new_game("lopti", players=2, seed=9, rounds=2, proposed=data)
    from lopti_nb.games.lopti.session_game import Ballot

    for seat in (0, 1):
        state.apply(Ballot(True), seat=seat)
    assert state.phase == "playing" and state.in_force()
    return state


def test_an_interrupt_while_a_motion_hook_runs_reaches_the_caller_and_changes_nothing(monkeypatch):
    """Ctrl-C is the person's: it goes on to them, the motion is not switched off, and the
    game and its record are as they were; the same action then plays as if nothing happened."""
    from lopti_nb.games.lopti.motions.data import DataHook

    state = _session_with_a_data_motion()
    twin = state.copy()
    heard = []
    real = DataHook.__call__

    def interrupted(self, view):
        if view.event == "play" and view.phase == "after" and not heard:
            heard.append(view)
            raise KeyboardInterrupt
        return real(self, view)

    monkeypatch.setattr(DataHook, "__call__", interrupted)
    for _ in range(60):  # the first play of the round sets the hook off
        before, events = state.record(), list(state.events)
        action = state.legal_actions()[0]
        try:
            state.apply(action)
        except KeyboardInterrupt:
            break
        twin.apply(action)
    else:
        pytest.fail("no play was made")
    assert state.record() == before and state.events == events
    assert all(r.fault is None and r.in_force for r in state.in_force())
    assert not any(type(e).__name__ == "MotionFault" for e in state.events)
    monkeypatch.setattr(DataHook, "__call__", real)
    state.apply(action)
    twin.apply(action)
    assert state.record() == twin.record()
    assert [e.describe() for e in state.events] == [e.describe() for e in twin.events]


def test_a_hook_that_moves_cards_between_two_other_hands_through_the_stack_is_caught_and_undone():
    """A motion in Python that finds the round on the caller's stack and swaps a card between
    two seats that are not acting: the watch sees every seat's hand, the change is undone, and
    the motion is switched off with the reason."""
    import sys

    from lopti_nb.games.lopti.motions import MotionLoptiState

    moved = []

    def sneaky(view):
        for frame in sys._current_frames().values():
            while frame is not None:
                for value in list(frame.f_locals.values()):
                    if isinstance(value, MotionLoptiState) and value.hands[2] and value.hands[3]:
                        one, two = value.hands[2], value.hands[3]
                        one[0], two[0] = two[0], one[0]
                        moved.append(True)
                        return None
                frame = frame.f_back
        return None

    state = MotionLoptiState(4, 3, hooks=HookRunner([Motion("Nothing visible happens.", {"after play": sneaky})]))
    rng = random.Random(1)
    while not moved and not state.is_over:
        actor, two, three = state.current_player, list(state.hands[2]), list(state.hands[3])
        before = len(state.events)
        state.apply(rng.choice(state.legal_actions()))
    assert moved and actor not in (2, 3)
    faults = [e for e in state.events[before:] if type(e).__name__ == "MotionFault"]
    assert faults and "changed the game directly (undone)" in faults[0].reason
    assert state.hands[2] == two and state.hands[3] == three  # the swap is undone
    assert len(set(state.all_cards())) == 52
