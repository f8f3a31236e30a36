"""Every sentence the engine and the games write counts seats from 1.

Seat indices stay 0-based in data (event fields, observations, records); only the words
shift, once, at the source (``lopti_nb.engine.seat_word``). Along whole bot games of every
game (and a Lopti session with Rule Votes and Roshambo), no event sentence and no refusal
names "Seat 0", and every "Seat N" has 1 <= N <= players.
"""
from __future__ import annotations

import random
import re

import pytest

import lopti_nb
from lopti_nb.engine import (SEAT_WORD, IllegalAction, LoptiNbError, game_names, get_spec, plural,
                             seat_from_word, seat_word)

# a seat named by a bare number in lower case ("seat 0 draws...") is the old 0-based wording
_LOWER_SEAT = re.compile(r"\bseats? \d")


def check_words(text: str, players: int) -> None:
    numbers = [int(n) for n in SEAT_WORD.findall(text)]
    assert all(1 <= n <= players for n in numbers), text
    assert "Seat 0" not in text and not _LOWER_SEAT.search(text), text


def test_seat_word_counts_from_1_and_seat_from_word_gives_the_index_back():
    assert seat_word(0) == "Seat 1" and seat_word(4) == "Seat 5"
    assert seat_from_word("Seat 3") == 2
    assert seat_from_word("it is not Seat 1's turn") == 0
    assert all(seat_from_word(seat_word(s)) == s for s in range(8))
    assert [int(n) - 1 for n in SEAT_WORD.findall("Seat 2 gives a card to Seat 1.")] == [1, 0]
    for bad in ("Seat 0", "nobody", "seat 2"):
        with pytest.raises(ValueError):
            seat_from_word(bad)


def test_plural_counts_right():
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(1, "coin") == "1 coin" and plural(3, "mouse", "mice") == "3 mice"


def _refusals(state, rng: random.Random) -> list[str]:
    """What the state says to a seat that may not act now, and to a move that is not legal."""
    out = []
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    for other in range(state.num_players):
        if other not in state.to_act and legal:
            out.append(state.why_illegal(legal[0], other))
            try:
                state.apply(legal[0], other)
            except IllegalAction as exc:
                out.append(str(exc))
    # an action another seat could take, offered by the seat to act (often not legal for it)
    others = [a for s in range(state.num_players) if s != seat for a in state.legal_actions(s)]
    for action in rng.sample(others, min(2, len(others))) if others else []:
        why = state.why_illegal(action, seat)
        if why is not None:
            out.append(why)
    return [r for r in out if r]


# the package's own games (a test plugin such as the toy Nim writes its own words)
GAMES = ("lopti", "skull-king", "drowned-ledger")


def test_the_package_games_are_all_checked():
    assert set(GAMES) <= set(game_names())


@pytest.mark.parametrize("game", GAMES)
def test_every_event_sentence_and_refusal_of_a_bot_game_counts_seats_from_1(game):
    spec = get_spec(game)
    for players, seed in ((spec.min_players, 1), (min(spec.max_players, 4), 2)):
        state = lopti_nb.new_game(game, players=players, seed=seed)
        rng = random.Random(seed)
        bot = spec.make_bot("random")
        step = 0
        while not state.is_over:
            seat = state.to_act[0]
            if step % 7 == 0:
                for why in _refusals(state, rng):
                    check_words(why, players)
            state.apply(bot(state.observation(seat), state.legal_actions(seat), rng), seat)
            step += 1
        for seen_by in (None, *range(players)):
            for text in state.describe_events(seen_by):
                check_words(text, players)
        # the words name a seat of the table, the data keep its index: the first seat is 0
        assert any("Seat 1" in t for t in state.describe_events())


def test_1_7_every_sentence_of_a_lopti_session_counts_seats_from_1():
    """A bot session of the whole table with Rule Votes called at random: authorship, ballots,
    Roshambo throws and every round's events, and the refusals on the way."""
    from lopti_nb.games.lopti.session_game import CallVote

    spec = get_spec("lopti")
    bot = spec.make_bot("heuristic")
    kinds = set()
    for seed in range(3):
        players = 3 + seed % 2
        state = lopti_nb.new_game("lopti", players=players, seed=seed, rounds=3)
        rng = random.Random(seed)
        step = 0
        while not state.is_over:
            seat = rng.choice(state.to_act)
            legal = state.legal_actions(seat)
            if step % 5 == 0:
                for why in _refusals(state, rng):
                    check_words(why, players)
            calls = [a for a in legal if isinstance(a, CallVote)]
            action = rng.choice(calls) if calls and rng.random() < 0.3 else bot(state.observation(seat), legal, rng)
            state.apply(action, seat)
            step += 1
        for seen_by in (None, *range(players)):
            for text in state.describe_events(seen_by):
                check_words(text, players)
        kinds |= {type(e).__name__ for e in state.events}
    assert {"VoteCalled", "BallotsRevealed", "MotionAuthored"} <= kinds


def _session_events():
    """The sentence classes a session writes itself (the round's own are checked above)."""
    from lopti_nb.engine import Event
    from lopti_nb.games.lopti import session_game

    return {name for name, obj in vars(session_game).items()
            if isinstance(obj, type) and issubclass(obj, Event) and obj is not Event}


def test_1_7_every_kind_of_session_sentence_counts_seats_from_1():
    """A scripted five-seat session reaches every sentence the session writes: from round 2
    on, the player to move proposes to remove the newest motion; the proposer and the
    author vote yes, one other abstains and the rest vote no, so the vote is tied and the
    supporters choose who defends: one of them, then a bracket, then nobody. Once a round's
    vote is held, an author whose turn it is withdraws their motion (once)."""
    from lopti_nb.games.lopti.session_game import Advocate, Ballot, CallVote, Withdraw

    players = 5
    state = lopti_nb.new_game("lopti", players=players, seed=4, rounds=4)
    bot = get_spec("lopti").make_bot("heuristic")
    rng = random.Random(4)
    choices = ["first", "bracket", "nobody"]
    plan: dict[int, bool | None] = {}
    withdrawn = False
    while not state.is_over:
        seat = state.to_act[0]
        phase = state.phase
        motions = [m for m in state.motions if m.in_force]
        if phase == "voting":
            action = Ballot(plan[seat])
        elif phase == "advocate":
            refused = state.why_illegal(Advocate(state.vote.proposer), seat)
            check_words(refused, players)
            assert seat_word(state.vote.supporters[0]) in refused and "[" not in refused, refused
            choice = choices.pop(0)
            action = Advocate(state.vote.supporters[0] if choice == "first" else choice)
        elif (phase == "playing" and state.round_no >= 2 and state.vote_open()
              and motions and state.round.pending_choice is None):
            rec = motions[-1]
            others = [s for s in range(players) if s not in (seat, rec.author_seat)]
            plan = {seat: True, rec.author_seat: True, others[0]: None}
            plan.update({s: False for s in others[1:]})
            if len(others) == 4:  # the proposer wrote it: one more yes keeps the tie
                plan[others[1]] = True
            action = CallVote("remove", motion=rec.number, when="now")
        elif (phase == "playing" and not withdrawn and not state.vote_open()
              and any(m.author_seat == seat for m in motions)):
            withdrawn = True
            action = Withdraw(next(m.number for m in motions if m.author_seat == seat))
        else:
            action = bot(state.observation(seat), state.legal_actions(seat), rng)
        state.apply(action, seat)
    assert choices == []
    # and a motion proposed at setup, voted on before the first deal
    setup = lopti_nb.new_game("lopti", players=players, seed=4, rounds=1, proposed="ace_tax")
    for voter in range(players):
        setup.apply(Ballot(voter % 2 == 0), voter)
    kinds = {type(e).__name__ for e in (*state.events, *setup.events)}
    assert kinds >= _session_events(), _session_events() - kinds
    for game in (state, setup):
        for seen_by in (None, *range(players)):
            for text in game.describe_events(seen_by):
                check_words(text, players)
    said = [e.describe() for e in state.events if type(e).__name__.startswith("Advocate")]
    assert any("abstained" in e.describe() for e in state.events if type(e).__name__ == "BallotsRevealed")
    assert len(said) == 6 and all("Seat" in x for x in said), said


def test_1_7_session_and_roshambo_refusals_name_seats_from_1():
    from lopti_nb.games.lopti.motions import Motion
    from lopti_nb.games.lopti.session import Proposal
    from lopti_nb.games.lopti.session_game import LoptiSessionState

    s = LoptiSessionState.by_hand(3, seed=2)
    with pytest.raises(LoptiNbError) as missing:
        s.restore(Motion("Whoever takes the pile draws a card."), {0: True, 2: True}, author="Seat 2")
    assert "missing: Seat 2" in str(missing.value)
    s.restore(Motion("Whoever takes the pile draws a card."), [True] * 3, author="Seat 2")
    assert s.motions[0].author_seat == 1  # "Seat 2" is index 1: the session's default names count from 1
    s.deal()
    vote = s.call_vote(0, Proposal.remove(1, when="now"))
    vote.cast(2, True)
    with pytest.raises(LoptiNbError, match="Seat 3 has already voted"):
        vote.cast(2, False)
    with pytest.raises(LoptiNbError, match=r"by Seat 2$"):
        s.withdraw(0, 1)
    assert vote.describe().startswith("Rule Vote by Seat 1:")
