"""The lessons teach the game to someone who has never played it:

- every game opens with its goal (how to win, one turn, one round) beside a real table, and
  Lopti's deal comes second;
- no step uses a term before a step has introduced it (each game's terms, walked in step
  order through everything a learner reads, in every voice);
- words of the software (hook, oracle, turn cap...) are kept out of what a learner reads, or
  explained where they first appear;
- Skull King and the Drowned Ledger have scored quizzes on the lesson shell's quiz, and each
  answer is asked of the engine again here (rule functions, or a table played forward).
"""
from __future__ import annotations

import functools
import re
from fractions import Fraction

import pytest

import lopti_nb
from lopti_nb.explainers import steps, voices
from lopti_nb.explainers.notation import learner_texts
from lopti_nb.explainers.quiz import QuizScene
from lopti_nb.games.ledger import LedgerState
from lopti_nb.games.ledger.actions import DIVE, Open, Sell
from lopti_nb.games.ledger.cards import Card
from lopti_nb.games.ledger.risk import catch_probability
from lopti_nb.games.ledger.testing import rig
from lopti_nb.games.skullking.rules import next_leader, score_round, trick_bonus, trick_winner

GAMES = ("lopti", "skull-king", "drowned-ledger")
CASES = [(g, v) for g in GAMES for v in voices(g)]


@functools.lru_cache(maxsize=None)
def _texts(game: str, voice: str) -> tuple[tuple[str, str], ...]:
    return tuple(learner_texts(game, voice))


# -- the goal comes first ----------------------------------------------------------------------
@pytest.mark.parametrize("game,voice", CASES)
def test_every_game_opens_with_its_goal_beside_a_real_table(game, voice):
    first = steps(game, voice)[0]
    assert first.key == "goal"
    text = first.text.lower()
    assert re.search(r"\bwins?\b|\bwon\b|\bprize\b|\bobjective\b", text), text
    assert "one turn" in text and re.search(r"\bround\b", text), text
    assert re.search(r"\d+ to \d+ (players|sailors|comrades)", text), text
    scene = first.make_scene()
    scene.check()  # the table is a real one the engine accepts
    assert "Seat" in scene.draw() or "seat" in scene.draw()


@pytest.mark.parametrize("voice", voices("lopti"))
def test_1_6_lopti_deals_in_its_second_step(voice):
    assert [s.key for s in steps("lopti", voice)][:2] == ["goal", "setup"]


def test_3_1_skull_king_says_what_a_trick_is_who_wins_and_how_many_play():
    text = steps("skull-king")[0].text
    assert "A trick is one card from each player" in text
    assert "2 to 8 players" in text and "most points after round ten wins" in text


# -- terms in order ----------------------------------------------------------------------------
# each game's terms (a pattern each) and, for the words a learner meets first, the step that
# must introduce them
TERMS = {
    "lopti": {"face-down": r"face-down", "face-up": r"face-up", "draw pile": r"draw pile",
              "pile": r"(?<!draw )\bpile\b|\bheap\b", "duty": r"\bduty\b", "lead": r"\blead",
              "clear": r"\bclear", "bonus play": r"bonus (play|throw)", "motion": r"\bmotion",
              "session": r"\bsession", "Rule Vote": r"Rule Vote", "Roshambo": r"Roshambo",
              "blind card": r"blind card", "turn cap": r"turn (cap|limit)"},
    "skull-king": {"trick": r"\btrick", "bid": r"\bbid", "lead": r"\blead", "suit": r"\bsuit",
                   "special card": r"special card", "bonus": r"(?i)\bbonus",
                   "pirate": r"(?i)\bpirate", "mermaid": r"(?i)\bmermaid", "escape": r"(?i)\bescape",
                   "Tigress": r"Tigress", "Loot": r"\bLoot", "Kraken": r"Kraken",
                   "White Whale": r"White Whale", "Rascal's": r"\bRascal"},
    "drowned-ledger": {"wreck": r"\bwreck", "hazard": r"(?i)\bhazard", "haul": r"\bhaul",
                       "sealed": r"\bsealed", "yard": r"\byard", "market": r"\bmarket",
                       "near-miss": r"near-miss", "live": r"\blive\b", "Reckoning": r"Reckoning",
                       "sea trigger": r"sea trigger", "gift": r"\bgift", "hold limit": r"hold limit",
                       "clean ledger": r"clean ledger", "office": r"(?i)\boffice",
                       "duty": r"\bduty", "privilege": r"privilege"},
}
FIRST_STEP = {
    "lopti": {"face-down": "goal", "face-up": "goal", "draw pile": "goal", "pile": "goal"},
    "skull-king": {"trick": "goal", "bid": "goal", "lead": "goal"},
    "drowned-ledger": {"sealed": "goal", "yard": "goal", "haul": "goal", "sea trigger": "turn"},
}


def early_uses(all_steps, texts, terms) -> tuple[list[str], dict[str, str]]:
    """Walk the steps in order: ``(terms used before the first step text naming them, the
    step introducing each term)``. A use is anything a learner reads (texts, pictures,
    choices, verdicts, quiz questions)."""
    order = [s.key for s in all_steps]
    early, intro = [], {}
    for term, pattern in terms.items():
        introduced = next((i for i, s in enumerate(all_steps)
                           if re.search(pattern, s.title + " " + s.text)), None)
        if introduced is None:
            early.append(f"{term}: no step introduces it")
            continue
        intro[term] = order[introduced]
        used = [order.index(where.split()[0]) for where, text in texts if re.search(pattern, text)]
        if used and min(used) < introduced:
            early.append(f"{term}: used at step {order[min(used)]!r}, introduced at {order[introduced]!r}")
    return early, intro


@pytest.mark.parametrize("game,voice", CASES)
def test_no_step_uses_a_term_before_a_step_introduces_it(game, voice):
    early, intro = early_uses(steps(game, voice), _texts(game, voice), TERMS[game])
    assert early == []
    for term, key in FIRST_STEP[game].items():
        assert intro[term] == key, (term, intro[term])


def test_the_term_walk_fails_when_a_step_comes_before_its_terms():
    """The same walk over Lopti's steps with the goal and the "four" step moved to the end
    reports the words those steps introduce and earlier steps use."""
    all_steps = steps("lopti")
    moved = [s for s in all_steps if s.key not in ("goal", "four")] + \
        [s for s in all_steps if s.key in ("goal", "four")]
    early, _ = early_uses(moved, _texts("lopti", "plain"), TERMS["lopti"])
    assert any(e.startswith("face-down:") for e in early), early
    assert any(e.startswith("pile:") for e in early), early


# -- software words ----------------------------------------------------------------------------
# a word of the software, and the aside that explains it where it first appears (None: never)
SOFTWARE = {"oracle": None, "callback": None, "plugin": None, "hook": None,
            "turn cap": r"turn (cap|limit)(, or turn limit,)?: the most turns"}


@pytest.mark.parametrize("game,voice", CASES)
def test_software_words_are_kept_out_or_explained_where_they_first_appear(game, voice):
    all_steps = {s.key: s for s in steps(game, voice)}
    for word, aside in SOFTWARE.items():
        pattern = r"\b" + word.replace(" ", r"\s+") + r"s?\b" if word != "turn cap" else r"turn (cap|limit)"
        used = [(where, text) for where, text in _texts(game, voice) if re.search(pattern, text, re.I)]
        if aside is None:
            assert used == [], (word, used[:2])
        elif used:
            step = all_steps[used[0][0].split()[0]]
            assert re.search(aside, step.text), (word, step.key, step.text[:300])


# -- the quizzes -------------------------------------------------------------------------------
def _quiz(game: str) -> QuizScene:
    return next(s for s in steps(game) if s.kind == "quiz").make_scene()


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_scored_quiz_of_at_least_eight_questions(game):
    quiz = _quiz(game)
    assert isinstance(quiz, QuizScene) and len(quiz.items) >= 8
    quiz.check()


def test_3_3_3_5_3_4_skull_king_quiz_answers_are_the_rule_functions():
    quiz = _quiz("skull-king")
    kinds = set()
    for item in quiz.items:
        if "trick" in item.data:
            cards, ask = item.data["trick"], item.data["ask"]
            kinds.add(ask)
            truth = {"winner": trick_winner, "leader": next_leader,
                     "bonus": lambda c: trick_bonus(c, "table")}[ask](cards)
        else:
            system, dealt, bid, won, bonus = item.data["score"]
            kinds.add(system)
            truth = score_round(system, dealt, bid, won, bonus=bonus)
        assert item.answer() == truth, item.question
        assert [v for _, v in item.options].count(truth) == 1
    assert kinds >= {"winner", "leader", "bonus", "classic", "rascal", "cannonball"}
    cards = {c for item in quiz.items for c in item.data.get("trick", ())}
    assert {"kraken", "white-whale", "mermaid", "escape"} <= cards


def _ledger(hands=None, **kw) -> LedgerState:
    st = LedgerState(3, 0, mode="plain")
    return rig(st, hands=hands or [[], [], []], round=4, whole=True, **kw)


def _ledger_truth(data: dict):
    """The answer to a Ledger quiz question, from a table the engine plays forward."""
    if "flip" in data:
        sea, hazard = data["flip"]
        st = _ledger(sea=sea, wreck=[hazard, "Compass 1"])
        st.apply(DIVE)
        return st.events[-1].result if hasattr(st.events[-1], "result") else \
            next(e.result for e in st.events if hasattr(e, "result"))
    if "odds" in data:
        sea, target, deck = data["odds"]
        return catch_probability(sea, target, deck=deck, exact=True)
    if "sea" in data:
        sea, turns, reckoning = data["sea"]
        st = _ledger([["Compass 1"], ["Lantern 2"], ["Engine 3"]], sea=sea,
                     wreck=["Hazard 1", "Compass 2"], reckoning=[reckoning])
        for seat, kind in enumerate(turns):
            card = st.hands[seat][0]
            st.apply(Sell(card) if kind == "sell" else Open((card,)) if kind == "open" else DIVE)
        return st.sea
    if "gift" in data:
        st = _ledger([["Compass 3", "Compass 4"], [], []], yards=[[], ["Compass 1", "Compass 2"], []])
        before = st.coins[data["gift"]]
        st.apply(Open((Card.parse("Compass 3"), Card.parse("Compass 4"))))
        return st.coins[data["gift"]] - before
    if "sale" in data:
        face, market, what = data["sale"]
        st = _ledger([[face], [], []], market=list(market))
        card = Card.parse(face)
        st.apply(Sell(card))
        return st.coins[0] if what == "coins" else st.market[card.suit]
    raise AssertionError(data)


def test_2_x_ledger_quiz_answers_are_the_engines():
    quiz = _quiz("drowned-ledger")
    kinds = set()
    for item in quiz.items:
        kinds |= set(item.data)
        if "final" in item.data:
            continue  # the final count: below, from the scoring step's finished game
        assert item.answer() == _ledger_truth(item.data), item.question
    assert kinds >= {"flip", "odds", "sea", "gift", "sale", "final"}
    final = next(i for i in quiz.items if "final" in i.data)
    scoring = next(s for s in steps("drowned-ledger") if s.key == "scoring").make_scene()
    game = scoring.finish()
    assert game.is_over
    assert final.answer() == game.result.winners[0] and len(game.result.winners) == 1
    assert isinstance(next(i for i in quiz.items if "odds" in i.data).answer(), Fraction)


@pytest.mark.parametrize("game", ["skull-king", "drowned-ledger"])
def test_quiz_scores_first_tries_reviews_the_misses_and_starts_over(game):
    """Played through the widget with enabled buttons only: always the first option."""
    e = lopti_nb.explain(game, start="quiz")
    quiz = e.scene
    firsts = []
    for n, item in enumerate(quiz.items):
        label = item.options[0][0]
        firsts.append(item.options[0][1] == item.answer())
        e.click(label)
        e.click(item.options[-1][0])  # a second try never counts
        assert not quiz._next.disabled and quiz._next.layout.display != "none"
        quiz._next.click()
    right = sum(firsts)
    assert 0 < right < len(quiz.items)
    assert f"{right} of {len(quiz.items)} right on the first try" in e.position.value
    assert "The questions to look at again" in e.position.value
    missed = [item.question for item, ok in zip(quiz.items, firsts) if not ok]
    from html import escape
    assert all(escape(q) in e.position.value for q in missed)
    again = e.click("Try again")
    assert "question 1 of" in again.headline and quiz.at == 0 and quiz.score == 0
