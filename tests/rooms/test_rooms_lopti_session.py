"""Lopti sessions in rooms (RULINGS 1.7): the codec, the widget on two devices, privacy."""
from __future__ import annotations

import json
import random

import lopti_nb
from lopti_nb import rooms
from lopti_nb.engine import get_spec
from lopti_nb.games.lopti.session_game import Ballot, CallVote, LoptiSessionState, Throw, Withdraw
from lopti_nb.rooms.widget import RoomWidget
import ipywidgets as W

from lopti_nb.widgets.testing import visible_widgets, widget_text


def clickable(root):
    """Visible, enabled buttons under ``root`` (what a person could click)."""
    return [w for w in visible_widgets(root) if isinstance(w, W.Button) and not w.disabled], []


def test_1_7_every_session_action_round_trips_through_the_room_codec():
    """decode(encode(a)) == a for every legal action of every seat to act, along whole bot
    sessions (votes called at random by the players at the table)."""
    spec = get_spec("lopti")
    seen = set()
    for seed in range(3):
        state = lopti_nb.new_game("lopti", players=4, seed=seed, rounds=2)
        rng = random.Random(seed)
        bot = spec.make_bot("heuristic")
        while not state.is_over:
            seat = rng.choice(state.to_act)
            legal = state.legal_actions(seat)
            for a in legal:
                assert rooms.decode(rooms.encode(a, "lopti"), "lopti") == a
                seen.add(type(a).__name__)
            calls = [a for a in legal if isinstance(a, CallVote)]
            action = rng.choice(calls) if calls and rng.random() < 0.2 else bot(state.observation(seat), legal, rng)
            state.apply(action, seat)
        assert lopti_nb.load(state.record()).events == state.events
    assert {"Ballot", "CallVote", "Author", "Play"} <= seen
    withdraw = Withdraw(1)  # the author's, never listed among the legal actions
    assert rooms.decode(rooms.encode(withdraw, "lopti"), "lopti") == withdraw


def test_1_7_create_room_with_rounds_makes_a_session_room_that_bots_finish():
    host = rooms.create_room("Ann", "lopti", players=3, rounds=2, store=":memory:", seed=4)
    assert isinstance(host.state, LoptiSessionState)
    host.add_bot(), host.add_bot()
    host.start()
    for _ in range(200):
        if host.state.is_over:
            break
        if host.my_turn():
            host.submit(host.state.legal_actions(host.seat)[0], expect_seq=host.seq)
        host.host_tick()
    assert host.state.is_over and host.status == rooms.OVER
    assert lopti_nb.load(host.room.record()).result == host.state.result
    assert host.room.record()["settings"]["rounds"] == 2


def test_1_7_create_room_refuses_bad_rounds_and_changes_nothing():
    import pytest

    store = rooms.open_store(":memory:")
    for bad in (0, 21, "3", 2.5, True):
        with pytest.raises(rooms.BadSettings, match="rounds"):
            rooms.create_room("Ann", "lopti", rounds=bad, store=store)


def _two_devices(tmp_path):
    url = str(tmp_path / "rooms.sqlite")
    a = RoomWidget(store=url, start_timer=False, bot_pace=0)
    b = RoomWidget(store=url, start_timer=False, bot_pace=0)
    a.create_name.value = "Ann"
    a.create_game.value = "lopti"
    a.create_players.value = 2
    a.create_settings["rounds"].value = 2
    a.create_settings["swap"].value = False
    a.create_button.click()
    assert a.session is not None, a.status.value
    b.join_code.value = a.session.pretty_code
    b.join_name.value = "Bob"
    b.join_button.click()
    a.poll_once()
    a.start_button.click()
    b.poll_once()
    return a, b


def _button(w, label):
    for b in clickable(w.view.widget)[0]:
        if b.description == label:
            return b
    return None


def _pick_base_law(w):
    """Pick the first base-law change in the "Vote on:" menu, as a person would."""
    w.view.vote_what.value = next(k for label, k in w.view.vote_what.options if label.startswith("Base law:"))


def test_1_7_two_devices_vote_in_a_session_room_ballots_hidden_until_both_are_in(tmp_path):
    """Ann calls the Rule Vote on her turn from her device; each person votes from their own
    device; before Bob votes, Ann's ballot is in no widget state of Bob's page (nor in his
    observation); then both ballots are shown on both, by name. A tie (1-1) goes to
    Roshambo: only the two throwers get Rock/Paper/Scissors."""
    a, b = _two_devices(tmp_path)
    assert isinstance(a.session.state, LoptiSessionState)
    first = a if a.session.my_turn() else b
    other = b if first is a else a
    assert _button(first, "Call the Rule Vote") is None  # nothing chosen to vote on yet
    _pick_base_law(first)
    call = _button(first, "Call the Rule Vote")
    assert call is not None and _button(other, "Call the Rule Vote") is None
    call.click()
    other.poll_once()
    assert _button(first, "Vote yes") and _button(other, "Vote yes")
    _button(first, "Vote yes").click()
    other.poll_once()
    obs = other.session.observation()
    assert obs["session"]["vote"]["ballots"] is None and obs["session"]["vote"]["my_ballot"] is None
    text = widget_text(other)
    assert "You voted" not in text and "Every ballot is in" not in text
    assert f"Still to vote: {other.session.room.names()[other.session.seat]}" in text
    _button(other, "Vote no").click()  # 1-1: a tie, the proposer faces the one who voted no
    first.poll_once()
    for w in (a, b):
        text = widget_text(w)
        assert "Rule Vote" in text and ("Ann" in text and "Bob" in text) and "Seat 0" not in w.log_html.value
    # the ballots were a tie: Roshambo, thrown from the two devices
    assert a.session.state.phase == "roshambo"
    assert _button(a, "Rock") and _button(b, "Paper")
    for _ in range(400):
        if a.session.state.phase != "roshambo":
            break
        for w in (a, b):
            w.poll_once()
            btn = _button(w, random.Random(w.session.seq).choice(["Rock", "Paper", "Scissors"]))
            if btn is not None:
                btn.click()
    a.poll_once(), b.poll_once()
    assert a.session.state.phase != "roshambo"
    vote = a.session.state.votes[0]
    assert "Roshambo" in vote.outcome and vote.roshambo.decisive >= 30


def test_1_7_a_device_abstains_and_the_abstention_is_not_a_yes(tmp_path):
    """Ann abstains from her own device: her page says so, Bob's shows only that she has
    voted; Bob votes yes. One yes of two players is not more than half, and with no "no"
    it is no tie: the vote fails, and both pages count the abstention by name."""
    a, b = _two_devices(tmp_path)
    first = a if a.session.my_turn() else b
    other = b if first is a else a
    _pick_base_law(first)
    _button(first, "Call the Rule Vote").click()
    other.poll_once()
    assert _button(first, "Abstain") and _button(other, "Abstain")
    _button(first, "Abstain").click()
    other.poll_once()
    me = first.session.room.names()[first.session.seat]
    assert "You abstained" in widget_text(first) and "abstained" not in widget_text(other)
    assert other.session.observation()["session"]["vote"]["ballots"] is None
    assert _button(first, "Vote yes") is None  # one ballot a seat
    _button(other, "Vote yes").click()
    first.poll_once()
    record = a.session.state.votes[0]
    assert (record.yes, record.no, record.abstained, record.passed) == (1, 0, 1, False)
    assert record.roshambo is None
    for w in (a, b):
        assert "failed (1 yes, 0 no, 1 abstained)" in w.view.history.value
        assert f"abstained {me}" in w.log_html.value, w.log_html.value
    assert lopti_nb.load(a.session.room.record()).events == a.session.state.events


def test_1_7_hidden_ballots_and_throws_stay_out_of_other_seats_observations():
    state = lopti_nb.new_game("lopti", players=3, seed=2, rounds=1)
    seat = state.current_player
    state.apply(CallVote("law", lever="play_on", value=True, when="now"), seat)
    state.apply(Ballot(False), seat)
    for other in range(3):
        text = json.dumps(state.observation(other), default=str)
        if other != seat:
            assert '"my_ballot": null' in text and '"ballots": null' in text
    others = [s for s in range(3) if s != seat]
    state.apply(Ballot(True), others[0])
    state.apply(Ballot(False), others[1])  # 1 yes, 2 no: fails
    assert state.observation(others[0])["session"]["vote"] is None
    assert state.observation(others[0])["session"]["votes"][0]["ballots"]
    # a tie: throws stay hidden until both are in
    state2 = lopti_nb.new_game("lopti", players=2, seed=2, rounds=1)
    p = state2.current_player
    q = 1 - p
    state2.apply(CallVote("law", lever="play_on", value=True, when="now"), p)
    state2.apply(Ballot(True), p)
    state2.apply(Ballot(False), q)
    state2.apply(Throw("rock"), p)
    assert "rock" not in json.dumps(state2.observation(q)["session"]["vote"]["contest"])
    assert state2.observation(p)["session"]["vote"]["contest"]["my_throw"] == "rock"
    for e in state2.events[-2:]:
        assert "rock" not in e.for_seat(q).describe()


def test_1_7_the_vote_menu_says_what_the_button_calls(tmp_path):
    """The "Vote on:" menu starts with nothing chosen (the button says to choose first); the
    proposal chosen, with "Takes effect", is the one the button calls and the one announced."""
    a, b = _two_devices(tmp_path)
    first = a if a.session.my_turn() else b
    what = first.view.vote_what
    assert what.value == "" and "choose what to vote on first" in widget_text(first).lower()
    _pick_base_law(first)
    first.view.vote_when.value = "next round"
    hint = first.view.vote_text.value
    _button(first, "Call the Rule Vote").click()
    v = first.session.observation()["session"]["vote"]
    assert v is not None and v["when"] == "next round" and v["kind"] == "law"
    assert first.view.proposal_words(v) in hint and "from the next round" in hint


def test_seats_are_counted_from_1_on_the_room_page(tmp_path):
    """Seat cells, "you are ... (seat N)" and the bots' names count seats from 1, as people do."""
    a, b = _two_devices(tmp_path)
    assert "seat 1 \u00b7" in a.seats_html.value and "seat 2 \u00b7" in a.seats_html.value
    assert "seat 0" not in a.seats_html.value
    assert "(seat 2)" in widget_text(b) and "(seat 0)" not in widget_text(a)
    host = rooms.create_room("Ann", "lopti", players=3, store=":memory:")
    host.add_bot()
    assert host.room.names()[1] == "Bot 2 (heuristic)" and host.room.names()[2] == "Seat 3"


def test_1_7_the_room_log_and_the_votes_held_name_people_and_say_on_or_off(tmp_path):
    """The session's sentences count seats from 0 ("seat 0: 10H ...", "opposed (seat 1)") and
    state base law as Python ("set swap to False"): the room shows names and on/off."""
    a, b = _two_devices(tmp_path)
    first = a if a.session.my_turn() else b
    other = b if first is a else a
    _pick_base_law(first)
    _button(first, "Call the Rule Vote").click()
    other.poll_once()
    _button(first, "Vote yes").click()
    _button(other, "Vote yes").click()  # 2-0: passes
    first.poll_once(), other.poll_once()
    for w in (a, b):
        log = w.log_html.value
        history = w.view.history.value
        assert "seat 0" not in log and "seat 1" not in log, log
        assert "True" not in log and "False" not in log and "play_on" not in log, log
        assert "passed (2 yes, 0 no, nobody abstained)" in history and "False" not in history and "True" not in history
        assert "set " in history and ": o" in history, history


def _to_round_two_with_a_motion(players=4, seed=0):
    """A session whose round 1 bots played to the end; its winner adopted the first ready
    motion; round 2 is dealt."""
    from lopti_nb.games.lopti.library import LIBRARY
    from lopti_nb.games.lopti.session_game import Author

    spec = get_spec("lopti")
    bot = spec.make_bot("heuristic")
    for s in range(seed, seed + 30):
        state = lopti_nb.new_game("lopti", players=players, seed=s, rounds=3)
        rng = random.Random(s)
        while state.phase == "playing":
            seat = state.to_act[0]
            legal = [a for a in state.legal_actions(seat) if not isinstance(a, CallVote)]
            state.apply(bot(state.observation(seat), legal, rng), seat)
        if state.phase == "authoring":
            state.apply(Author(next(iter(LIBRARY))), state.author_seat)
            assert state.phase == "playing" and state.round_no == 2
            return state
    raise AssertionError("no round 1 with a winner")


def _tie_on_removing(state, author_votes_yes=True):
    """The player to move calls a vote to remove motion 1; the author (if not the proposer)
    votes yes; 2 yes, 2 no."""
    proposer = state.current_player
    author = state.motions[0].author_seat
    state.apply(CallVote("remove", motion=1, when="now"), proposer)
    yes = [proposer] + ([author] if author_votes_yes and author != proposer else [])
    yes += [s for s in range(4) if s not in yes][:2 - len(yes)]
    order = [s for s in range(4) if s not in yes] + yes  # the supporters vote first
    for s in order:
        state.apply(Ballot(s in yes), s)
    return proposer, [s for s in order if s not in yes]


def test_1_7_after_a_tie_on_a_motion_its_author_does_not_defend_the_supporters_choose_the_advocate():
    """RULINGS 1.7: "an advocate chosen by the motion's supporters". The supporter who voted no
    first chooses for them, from their own device: one of them, a bracket, or nobody (then the
    proposal passes). Nobody throws before; the codec stores the choice; a refused choice
    changes nothing."""
    from lopti_nb.games.lopti.session_game import Advocate

    state = _to_round_two_with_a_motion()
    proposer, supporters = _tie_on_removing(state)
    assert state.phase == "advocate" and state.to_act == (supporters[0],)
    legal = state.legal_actions(supporters[0])
    assert legal == [Advocate(supporters[0]), Advocate(supporters[1]), Advocate("bracket"), Advocate("nobody")]
    for a in legal:
        assert rooms.decode(rooms.encode(a, "lopti"), "lopti") == a
    obs = state.observation(supporters[1])["session"]["vote"]
    assert obs["advocate"] == {"chooser": supporters[0], "supporters": supporters} and obs["contest"] is None
    before = json.dumps(state.observation(None), default=str)
    for bad in (Advocate(proposer), Advocate(True), Advocate("auto"), Throw("rock")):
        assert state.why_illegal(bad, supporters[0]) is not None
    assert state.why_illegal(Advocate(supporters[1]), supporters[1]) is not None  # not the chooser
    assert json.dumps(state.observation(None), default=str) == before
    state.apply(Advocate(supporters[1]), supporters[0])
    assert state.phase == "roshambo" and set(state.to_act) == {proposer, supporters[1]}
    assert lopti_nb.load(state.record()).events == state.events
    # nobody defends: the proposal passes at once
    state = _to_round_two_with_a_motion()
    _, supporters = _tie_on_removing(state)
    state.apply(Advocate("nobody"), supporters[0])
    assert state.vote is None and state.votes[-1].passed
    assert not state.motions[0].in_force


def test_1_7_an_author_who_voted_to_keep_the_motion_defends_it_no_choice():
    state = _to_round_two_with_a_motion()
    author = state.motions[0].author_seat
    if state.current_player == author:
        return  # the author proposing to remove their own motion: covered above
    _tie_on_removing(state, author_votes_yes=False)
    assert state.phase == "roshambo" and author in state.to_act


def test_1_7_the_advocate_is_chosen_on_the_choosers_device_in_a_room(tmp_path):
    """In a room, only the chooser's page gets the choice, as buttons; the others read who
    chooses; bots choose by the stated policy (a lone fellow supporter, else the bracket)."""
    from lopti_nb.games.lopti.session_game import Advocate

    spec = get_spec("lopti")
    state = _to_round_two_with_a_motion()
    _, supporters = _tie_on_removing(state)
    bot = spec.make_bot("heuristic")
    assert bot(state.observation(supporters[0]), state.legal_actions(supporters[0]), random.Random(0)) == Advocate("bracket")
    a, b = _two_devices(tmp_path)
    view = a.view
    obs = {"session": {"vote": {"proposer": 1, "kind": "remove", "motion": 1, "lever": None, "value": None,
                                "when": "now", "text": None, "voted": [0, 1], "missing": [],
                                "ballots": {"0": False, "1": True}, "my_ballot": False, "contest": None,
                                "advocate": {"chooser": 0, "supporters": [0]}}}}
    view._draw_vote(obs["session"], 0, False)
    assert "choose who defends it" in view.ballot_text.value and "You choose for them" in view.ballot_text.value
    view._draw_vote(obs["session"], 1, False)
    assert "Ann chooses for them" in view.ballot_text.value
    assert not [b for b in view.advocate_buttons.children if b.layout.display != "none" and not b.disabled]


def test_1_7_throw_at_random_ends_a_roshambo_between_two_devices(tmp_path):
    """Each device may hand the rest of its Roshambo to chance: every throw is still made from
    that device, as a Throw of the room's log, and the contest runs to its end."""
    a, b = _two_devices(tmp_path)
    first = a if a.session.my_turn() else b
    other = b if first is a else a
    _pick_base_law(first)
    _button(first, "Call the Rule Vote").click()
    other.poll_once()
    _button(first, "Vote yes").click()
    other.poll_once()
    _button(other, "Vote no").click()
    first.poll_once()
    assert first.session.state.phase == "roshambo"
    for w in (a, b):
        w.poll_once()
        _button(w, "Throw at random for me").click()
    for _ in range(300):
        if a.session.state.phase != "roshambo":
            break
        a.poll_once(), b.poll_once()
    a.poll_once(), b.poll_once()
    assert a.session.state.phase != "roshambo"
    vote = a.session.state.votes[0]
    assert vote.roshambo.decisive >= 30
    assert _button(a, "Rock") is None and _button(b, "Rock") is None
    import lopti_nb as _lopti

    assert _lopti.load(a.session.room.record()).events == a.session.state.events


def test_1_7_a_session_room_set_up_with_a_short_roshambo_keeps_it_and_says_30_is_the_rules_number(tmp_path):
    """The create form offers the session's Roshambo length, with words saying 30 is the rules'
    number; a room made with 5 runs its Roshambo to 5 decisive throws and its record replays.
    A one-round room ignores the session's settings; a bad count is refused in a sentence."""
    w = RoomWidget(store=str(tmp_path / "rooms.sqlite"), start_timer=False, bot_pace=0)
    w.create_name.value = "Ann"
    w.create_game.value = "lopti"
    control = w.create_settings["roshambo_throws"]
    assert control.value == 30 and "30 is the rules' number" in widget_text(w.settings_box)
    control.value = 0
    w.create_settings["rounds"].value = 2
    assert w.create() is None and "30 is the rules' number" in w.message
    control.value = 5
    session = w.create()
    assert session is not None, w.message
    assert session.state.roshambo_throws == 5
    assert session.room.record()["settings"]["roshambo_throws"] == 5
    host = rooms.create_room("Ann", "lopti", players=2, rounds=2, roshambo_throws=5, store=":memory:", seed=4)
    host.add_bot()
    host.start()
    for _ in range(300):
        if host.state.is_over:
            break
        if host.my_turn():
            legal = host.state.legal_actions(host.seat)
            calls = [a for a in legal if isinstance(a, CallVote) and a.kind == "law"]
            host.submit(calls[0] if calls and host.state.vote_open() else legal[0], expect_seq=host.seq)
        host.host_tick()
    assert host.state.is_over
    held = [v.roshambo for v in host.state.votes if v.roshambo is not None]
    assert held and all(r.length == 5 and r.decisive == 5 for r in held)
    assert lopti_nb.load(host.room.record()).events == host.state.events
    one = RoomWidget(store=str(tmp_path / "rooms.sqlite"), start_timer=False, bot_pace=0)
    one.create_name.value = "Bo"
    one.create_game.value = "lopti"
    one.create_settings["rounds"].value = 0
    one.create_settings["roshambo_throws"].value = 5
    assert one.create() is not None, one.message
