"""The guided first rounds (``lopti_nb.tutorial``): followed hint by hint to their end in every
game, each learner move with a reason, the prepared deals showing the main rules (checked on the
engine's events), no Python notation on screen, a refused card showing the rules' reason and
changing nothing, and a legal move other than the hint accepted and explained."""
from __future__ import annotations

import pytest

import lopti_nb
from lopti_nb.engine import SEAT_WORD, get_spec
from lopti_nb.explainers.notation import python_notation, visible_text
from lopti_nb.explainers.tutorial import NoTutorial, Tutorial
from lopti_nb.explainers.core import UnknownVoice
from lopti_nb.widgets.table import iter_widgets

GAMES = ("lopti", "skull-king", "drowned-ledger")
VOICED = [("lopti", "plain"), ("lopti", "pirate"), ("lopti", "comrade"), ("skull-king", "plain"),
          ("drowned-ledger", "plain")]
_FOLLOWED: dict[tuple[str, str], Tutorial] = {}


def followed(game: str, voice: str = "plain") -> Tutorial:
    """The game's guided round followed hint by hint to its end (made once per test run)."""
    if (game, voice) not in _FOLLOWED:
        guide = lopti_nb.tutorial(game, voice=voice)
        for _ in range(200):
            if guide.done:
                break
            guide.take_hint()
        _FOLLOWED[game, voice] = guide
    return _FOLLOWED[game, voice]


def screen_texts(guide: Tutorial) -> list[str]:
    """Everything the guide and the table show as text: every HTML widget's words, every
    button's label, every card's name and the line under each hand."""
    texts = []
    for w in iter_widgets(guide):
        value = getattr(w, "value", None)
        if type(w).__name__ == "HTML" and isinstance(value, str):
            texts.append(visible_text(value))
        elif hasattr(w, "description") and isinstance(getattr(w, "description"), str):
            texts.append(w.description)
        if hasattr(w, "note") and isinstance(getattr(w, "note"), str) and hasattr(w, "cards"):
            texts.append(w.note)
            texts.extend(c["label"] for c in w.cards)
    return [t for t in texts if t]


@pytest.mark.parametrize("game", GAMES)
def test_tutorial_followed_to_its_end_gives_a_reason_for_every_move(game):
    guide = followed(game)
    assert guide.done and guide.hint is None
    learner_moves = [m for m in guide.moves if m.followed is not None]
    assert learner_moves and all(m.followed for m in learner_moves)
    assert len(guide.reasons) == len(learner_moves)
    assert all(len(r) > 20 for r in guide.reasons)
    assert all(m.why and m.happened for m in guide.moves)  # the opponents' moves too
    assert guide.real_button.layout.display != "none"
    with pytest.raises(NoTutorial):
        guide.take_hint()


@pytest.mark.parametrize("game, voice", VOICED)
def test_tutorial_shows_no_python_notation_and_no_software_words(game, voice):
    guide = followed(game, voice)
    shown = screen_texts(guide) + guide.reasons + [m.why for m in guide.moves] + \
        [m.happened for m in guide.moves]
    for text in shown:
        assert python_notation(text) == [], text
        for word in ("hook", "oracle", "turn cap"):
            assert word not in text, text
        assert SEAT_WORD.search(text) is None, text  # people are named


def _kinds(guide, seat=None):
    return [type(e).__name__ for e in guide.table.state.events
            if seat is None or getattr(e, "seat", None) == seat]


def test_lopti_deal_shows_a_clear_a_pickup_a_duty_and_the_swap():
    guide = followed("lopti")
    mine = _kinds(guide, 0)
    assert "Cleared" in mine and "PickedUp" in mine
    everyone = _kinds(guide)
    assert "DutyPassed" in everyone and "Swapped" in everyone


def test_lopti_hint_never_tells_a_face_down_card_before_it_is_flipped():
    guide = followed("lopti")
    flips = [m for m in guide.moves if m.followed and "flips" in m.happened]
    assert flips  # the followed round reaches the face-down cards
    assert len({m.why for m in flips}) == 1  # the same words whatever the card turns out to be


def test_skull_king_deal_shows_special_cards_and_made_bids():
    from lopti_nb.games.skullking.cards import KIND, NUMBER

    guide = followed("skull-king")
    state = guide.table.state
    mine = [e.card for e in state.events if type(e).__name__ == "CardPlayed" and e.seat == 0]
    assert any(KIND[c] != NUMBER for c in mine)
    made = [r for r in state.records if r["seat"] == 0 and r["bid"] == r["won"]]
    assert any(r["bid"] > 0 for r in made)
    assert state.round == 5 and state.is_over


def test_ledger_deal_shows_a_sale_an_opening_and_a_catch():
    guide = followed("drowned-ledger")
    mine = _kinds(guide, 0)
    assert "Sold" in mine and "Opened" in mine
    assert "ReckoningDrawn" in _kinds(guide)
    assert any("%" in r for r in guide.reasons)  # the dive hints give the chance of being caught


@pytest.mark.parametrize("game", ("lopti", "skull-king"))
def test_a_refused_card_shows_the_rules_reason_and_changes_nothing(game):
    guide = lopti_nb.tutorial(game)
    view = guide.table.view
    for _ in range(200):
        refused = [t for t in view.hand.toggles if t.disabled] if guide.hint is not None else []
        if refused:
            break
        guide.take_hint()
    else:
        pytest.fail("the guided round never refused a card")
    state = guide.table.state
    before = (len(state.actions), len(state.events))
    card = refused[0]
    card.click()  # a refused card stays clickable, as in the browser
    assert view.hand.note.startswith(card.description)
    assert len(view.hand.note) > len(card.description) + 5  # the reason, not just the card
    assert python_notation(view.hand.note) == []
    assert (len(state.actions), len(state.events)) == before
    assert guide.hint is not None


def test_ledger_refused_buttons_say_why_on_screen():
    """The Ledger's hand has no refused card (any sealed card may be picked): the moves the
    rules refuse are greyed-out buttons, and their reasons are printed under the view."""
    guide = lopti_nb.tutorial("drowned-ledger")
    lines = visible_text(guide.table.refusals.value)
    assert "not possible now" in lines and python_notation(lines) == []


def _wrong_move(game, state):
    """A move the rules refuse to the learner now (each game's own action)."""
    if game == "skull-king":
        from lopti_nb.games.skullking.state import Play

        return Play([c for c in ("escape", "pirate", "Y1", "B14") if c not in state.hands[0]][0])
    if game == "lopti":
        from lopti_nb.games.lopti.state import TakePile

        return TakePile()  # before the first lead the pile is empty
    from lopti_nb.games.ledger.actions import Sell

    return Sell("Compass 1")  # a hand is empty before the first dive


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_move_sent_to_the_table_shows_the_reason_in_the_guide_and_changes_nothing(game):
    guide = lopti_nb.tutorial(game)
    if game == "lopti":
        guide.take_hint()  # the swap at the deal
    state = guide.table.state
    wrong = _wrong_move(game, state)
    why = state.why_illegal(wrong, 0)
    assert why is not None
    before = (len(state.actions), len(state.events), guide.hint)
    guide.table.act(wrong)
    assert (len(state.actions), len(state.events), guide.hint) == before
    assert guide.refusal == guide.table.view.words(why) or guide.refusal.endswith(why)
    assert "Nothing changed" in guide.guide_html.value


def _off_hint_by_clicks(guide) -> bool:
    """Play an enabled card other than the hint's through the hand, as a person would: click it,
    then press Enter. True once a move was made this way."""
    view = guide.table.view
    for toggle in view.hand.toggles:
        if toggle.disabled:
            continue
        made = len(guide.table.state.actions)
        toggle.click()
        if len(guide.table.state.actions) == made:
            view.hand.press_enter()
        if len(guide.table.state.actions) > made:
            return [m for m in guide.moves if m.followed is not None][-1].followed is False
        if toggle.value:
            toggle.click()  # put it back
    return False


@pytest.mark.parametrize("game", GAMES)
def test_a_legal_move_other_than_the_hint_is_accepted_and_explained(game):
    guide = lopti_nb.tutorial(game)
    for _ in range(200):
        hint = guide.hint
        if hint is not None and _off_hint_by_clicks(guide):
            break
        if guide.done:
            pytest.fail("no card other than the hint was ever playable")
        if guide.hint is not None:
            guide.take_hint()
    learner = [m for m in guide.moves if m.followed is not None]
    assert learner[-1].followed is False
    assert guide.reasons[-1] == learner[-1].why and len(guide.reasons[-1]) > 20
    assert python_notation(guide.reasons[-1]) == []
    while not guide.done:  # the round still goes on to its end
        guide.take_hint()
    assert "your own move" in guide.guide_html.value


def test_play_a_real_game_opens_a_real_table_in_place():
    guide = lopti_nb.tutorial("skull-king")  # its own: the shared followed round stays as it is
    while not guide.done:
        guide.take_hint()
    guide.real_button.click()
    assert guide.children == (guide.real_table,)
    assert guide.real_table.spec.name == "skull-king" and not guide.real_table.state.is_over
    assert len(guide.real_table.state.rounds) == 10  # the guided game's five rounds stay in the guide


@pytest.mark.parametrize("voice", ["", "Plain", "pirates", None, 1, ["plain"]])
def test_an_unknown_voice_is_refused_with_the_voices_named(voice):
    with pytest.raises(UnknownVoice, match="Voices: plain, pirate, comrade"):
        lopti_nb.tutorial("lopti", voice=voice)


def test_tutorial_signature_is_explicit():
    import inspect

    assert list(inspect.signature(lopti_nb.tutorial).parameters) == ["game", "voice"]
    assert "take_hint" in lopti_nb.tutorial.__doc__


def test_once_over_the_table_says_so_and_takes_no_move():
    guide = followed("skull-king")
    table = guide.table
    assert "guided round is over" in visible_text(table.status.value)
    from lopti_nb.games.skullking.state import Bid

    before = len(table.state.actions)
    table.act(Bid(0))  # the guided game is over: no bid is taken
    assert table.state.is_over
    assert len(table.state.actions) == before and "guided round is over" in table.message


def test_voices_follow_the_lessons_and_bad_input_is_refused():
    assert set(get_spec("lopti").load("tutorial").voices) == set(lopti_nb.explainers.voices("lopti"))
    pirate = lopti_nb.tutorial("lopti", voice="pirate")
    assert "bosun" in pirate.guide_html.value
    with pytest.raises(UnknownVoice):
        lopti_nb.tutorial("skull-king", voice="pirate")
    with pytest.raises(lopti_nb.UnknownGame):
        lopti_nb.tutorial("chess")
    with pytest.raises(lopti_nb.LoptiNbError):
        lopti_nb.tutorial("lopti", speed=2)


def test_the_classroom_offers_each_game_s_guided_round():
    from lopti_nb.dashboard_parts import rules_classroom

    classroom = rules_classroom(lesson=False)
    classroom.voice.value = "comrade"
    classroom.tutorial_button.click()
    assert classroom.tutorial.script.voice == "comrade"
    assert classroom.tutorial_box.children == (classroom.tutorial,)
    classroom.game.value = "skull-king"  # another game puts the round away
    assert classroom.tutorial is None and classroom.tutorial_box.children == ()
    classroom.tutorial_button.click()
    assert classroom.tutorial.spec.name == "skull-king" and classroom.tutorial.hint is not None
