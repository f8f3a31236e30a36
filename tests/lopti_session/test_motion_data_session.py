"""A data motion in a session: the round's winner states it, it acts from the next round on, and
(once the session takes data from its Author action) records carry it, load() replays it, and
a motion the same as one in force is refused."""
import json
import random

import pytest

import lopti_nb
from lopti_nb.engine import get_spec, load
from lopti_nb.engine.runner import play_out
from lopti_nb.games.lopti import heuristic_bot
from lopti_nb.games.lopti.session_game import LoptiSessionState
from lopti_nb.games.lopti import events as ev
from lopti_nb.games.lopti.motions import Motion, MotionError, check_motion_data

PICKUP_DRAWS = {"title": "pickup pays the others",
                "when": "after pickup", "then": [{"effect": "draw", "who": "others", "n": 1}]}


def rounds_with_a_winner(s, players, rng, count):
    """Play rounds of session ``s`` until ``count`` of them had a winner; yield each winner."""
    for _ in range(count * 5):
        st = s.deal()
        play_out(st, [heuristic_bot] * players, rng)
        if st.winner is not None:
            yield st.winner
            count -= 1
            if count == 0:
                return


def test_a_winner_states_a_data_motion_that_acts_from_the_next_round():
    s = LoptiSessionState.by_hand(3, seed=4)
    rng = random.Random(4)
    winner = next(rounds_with_a_winner(s, 3, rng, 1))
    rec = s.author(winner, Motion.from_data(PICKUP_DRAWS))
    assert rec.motion.to_data() == check_motion_data(PICKUP_DRAWS)
    assert rec.text.startswith("After a player takes the pile, every other player still in draws a card")
    drew = 0
    for _ in range(3):
        st = s.deal()
        play_out(st, [heuristic_bot] * 3, rng)
        drew += sum(isinstance(e, ev.MotionDrew) and e.motion == rec.number for e in st.events)
    assert drew > 0


def test_a_motion_the_same_as_one_in_force_is_refused():
    s = LoptiSessionState.by_hand(3, seed=4)
    rng = random.Random(4)
    winners = rounds_with_a_winner(s, 3, rng, 2)
    s.author(next(winners), Motion.from_data(PICKUP_DRAWS))
    again = next(winners)
    with pytest.raises(MotionError, match="in force"):
        s.author(again, Motion.from_data({**PICKUP_DRAWS, "title": "the same rule, another name"}))


def test_the_author_action_takes_data_and_load_replays_it():
    from lopti_nb.games.lopti.session_game import Author

    state, _, _ = _authoring()
    state.apply(Author(PICKUP_DRAWS), state.author_seat)
    assert state.motions[0].motion.to_data() == check_motion_data(PICKUP_DRAWS)
    record = json.loads(json.dumps(state.record()))
    again = load(record)
    assert again.motions[0].motion.to_data() == check_motion_data(PICKUP_DRAWS)


def _authoring(players=4, seed_range=range(30), rounds=3):
    """A session at its first authoring step (the round's winner writes a motion)."""
    from lopti_nb.games.lopti.session_game import CallVote

    bot = get_spec("lopti").make_bot("heuristic")
    for seed in seed_range:
        state = lopti_nb.new_game("lopti", players=players, seed=seed, rounds=rounds)
        rng = random.Random(seed)
        while state.phase == "playing":
            seat = state.to_act[0]
            legal = [a for a in state.legal_actions(seat) if not isinstance(a, CallVote)]
            state.apply(bot(state.observation(seat), legal, rng), seat)
        if state.phase == "authoring":
            return state, rng, bot
    raise AssertionError("no seed gave a round with a winner")


def _to_next_authoring(state, rng, bot):
    from lopti_nb.games.lopti.session_game import CallVote

    while not state.is_over and state.phase != "authoring":
        seat = state.to_act[0]
        legal = [a for a in state.legal_actions(seat) if not isinstance(a, CallVote)]
        state.apply(bot(state.observation(seat), legal, rng), seat)
    return state.phase == "authoring"


def test_1_7_a_data_motion_is_held_as_compact_json_and_compares_as_the_data():
    from lopti_nb.games.lopti.session_game import Author, authored_motion

    a, b = Author(PICKUP_DRAWS), Author(dict(reversed(list(PICKUP_DRAWS.items()))))
    assert a == b and hash(a) == hash(b) and a.choice.startswith("{")
    assert authored_motion(a.choice).to_data() == check_motion_data(PICKUP_DRAWS)


def test_1_7_a_data_motion_round_trips_through_the_room_codec_and_record_text():
    from lopti_nb import rooms
    from lopti_nb.engine.records import action_text, parse_action
    from lopti_nb.games.lopti.session_game import SESSION_ACTIONS, Author

    said = {"when": "after clear", "if": [{"fact": "how", "op": "is", "value": "ten"}],
            "then": [{"effect": "say", "text": "Don't \"forget\": the pile's gone \\ <b>gone</b>"}]}
    action = Author(said)
    assert rooms.decode(rooms.encode(action, "lopti"), "lopti") == action
    assert parse_action(action_text(action), SESSION_ACTIONS) == action


def test_1_7_a_data_motion_too_long_to_store_is_refused_with_a_sentence_and_nothing_changes():
    from lopti_nb.engine import IllegalAction
    from lopti_nb.games.lopti.session_game import Author

    state, _, _ = _authoring()
    before = state.record()
    long_say = {"effect": "say", "text": "x" * 190}
    huge = {"rules": [{"when": f"after {e}", "then": [long_say] * 6}
                      for e in ("play", "pickup", "clear", "draw")]}
    why = state.why_illegal(Author(huge), state.author_seat)
    assert why is not None and "too long to store" in why and "4,000" in why
    with pytest.raises(IllegalAction, match="too long to store"):
        state.apply(Author(huge), state.author_seat)
    assert state.record() == before and not state.motions


def test_1_7_a_data_motion_the_constitution_refuses_is_illegal_with_its_reason():
    from lopti_nb.games.lopti.session_game import Author

    state, _, _ = _authoring()
    why = state.why_illegal(Author({"when": "after play", "then": [{"effect": "draw", "who": "seat 2"}]}),
                            state.author_seat)
    assert why is not None and "role" in why


def test_1_7_adopting_a_ready_motion_in_force_again_is_refused_and_not_offered():
    from lopti_nb.engine import IllegalAction
    from lopti_nb.games.lopti.library import LIBRARY
    from lopti_nb.games.lopti.session_game import Author

    state, rng, bot = _authoring(rounds=6)
    key = next(iter(LIBRARY))
    state.apply(Author(key), state.author_seat)
    assert _to_next_authoring(state, rng, bot), "the session ended before a second winner"
    seat = state.author_seat
    assert Author(key) not in state.legal_actions(seat)
    assert "already in force as motion 1" in state.why_illegal(Author(key), seat)
    with pytest.raises(IllegalAction, match="already in force"):
        state.apply(Author(key), seat)
    assert len(state.motions) == 1


def test_1_7_a_data_motion_in_a_room_replays_from_the_sqlite_store(tmp_path):
    """The host wins a round and states a data motion: another device rebuilding the room from
    the SQLite log, and load() of the room's record, hold the same motion and the same events."""
    from lopti_nb import rooms
    from lopti_nb.games.lopti.session_game import Author

    url = str(tmp_path / "rooms.sqlite")
    for seed in range(20):
        host = rooms.create_room("Ann", "lopti", players=3, rounds=2, store=url, seed=seed)
        host.add_bot(), host.add_bot()
        host.start()
        for _ in range(400):
            if host.state.is_over or host.state.phase == "authoring":
                break
            if host.my_turn():
                host.submit(host.state.legal_actions(host.seat)[0], expect_seq=host.seq)
            host.host_tick()
        if host.state.phase == "authoring" and host.state.author_seat == host.seat:
            break
    else:
        raise AssertionError("the host won no round")
    host.submit(Author(PICKUP_DRAWS), expect_seq=host.seq)
    other = rooms.rejoin_room(host.code, host.token, store=rooms.open_store(url))
    assert other.state.motions[0].motion.to_data() == check_motion_data(PICKUP_DRAWS)
    assert other.state.events == host.state.events
    replayed = load(json.loads(json.dumps(host.room.record())))
    assert replayed.motions[0].motion.to_data() == check_motion_data(PICKUP_DRAWS)
    assert replayed.events == host.state.events
