"""Practice that adapts (lopti_nb.practice): questions drawn from positions the package's bots
reached, each answer the engine's own (asked again here, through the engine, for hundreds of
drawn questions per game), kinds missed coming back sooner than kinds mastered, a state saved
as JSON and loaded again, and bad input refused with a sentence and nothing changed."""
import json
import random

import pytest

import lopti_nb
from lopti_nb.explainers.practice import MASTERED, PracticeError
from lopti_nb.games.ledger.actions import Open, Sell
from lopti_nb.games.skullking.cards import NAME
from lopti_nb.games.skullking.state import Play as SkPlay

GAMES = ("lopti", "skull-king", "drowned-ledger")
DRAWN = 500  # questions drawn per game


@pytest.mark.parametrize("game", GAMES)
def test_every_game_offers_at_least_five_kinds_each_with_offered_answers(game):
    p = lopti_nb.practice(game, seed=1)
    assert len(p.kinds) >= 5
    seen = set()
    for _ in range(2 * len(p.kinds)):
        q = p.question
        seen.add(q.kind)
        assert q.text and len(q.choices) >= 2 and len(set(q.choices)) == len(q.choices)
        right = p._drawn.answer
        assert right in q.choices
        verdict = p.answer(right)
        assert verdict.right and verdict and isinstance(verdict.reason, str) and verdict.reason
    assert seen == set(p.kinds)


def engine_says(game: str, kind: str, drawn) -> str | None:
    """The answer asked of the engine again, another way than the question was built (None:
    a kind this check does not re-derive)."""
    f = drawn.facts
    if kind in ("may play", "may act"):
        state = f["state"]
        seat = state.current_player
        legal = [label for label, a in f["actions"].items()
                 if (state.why_illegal(a, seat) if game == "skull-king" else state.why_illegal(a)) is None]
        assert len(legal) == 1, legal
        return legal[0]
    if game == "lopti" and kind == "blind flip":
        from lopti_nb.games.lopti.rules import LEGAL, check_play

        return "yes" if check_play(f["state"].pile, f["rank"], 1, f["state"].card_rules) == LEGAL else "no"
    if game == "lopti" and kind == "rule vote":
        from lopti_nb.games.lopti.session import yes_needed

        yes, no = f["ballots"].count(True), f["ballots"].count(False)
        return ("it ties, and Roshambo decides" if yes == no >= 1 else
                "it passes" if yes >= yes_needed(f["players"]) else "it fails")
    if game == "skull-king" and kind == "trick winner":
        from lopti_nb.engine import seat_word
        from lopti_nb.games.skullking.rules import trick_winner

        i = trick_winner(list(f["cards"]))
        return "nobody: the trick is destroyed" if i is None else seat_word((f["leader"] + i) % f["players"])
    if game == "skull-king" and kind == "round score":
        from lopti_nb.games.skullking.rules import score_round

        return str(score_round(f["system"], f["cards"], f["bid"], f["won"], f["bonus"]))
    if game == "drowned-ledger" and kind == "sale":
        state = f["state"]
        return str(state.market[f["card"].suit] + state.grants(state.seat).sale_bonus)
    if game == "drowned-ledger" and kind == "final count":
        return str(f["state"].result.scores[f["seat"]])
    return None


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", GAMES)
def test_the_answers_are_the_engines_on_many_drawn_questions(game):
    """Each question's answer is asked of the engine again, another way: a play's legality
    through why_illegal, a face-down card through the rules' oracle, a vote through the yes
    votes it needs, a trick's winner through the trick resolver, a score through the scoring
    rule or the game's result, a sale through the market; a wrong choice is never taken for right."""
    p = lopti_nb.practice(game, seed=7)
    rng = random.Random(7)
    rederived = 0
    for _ in range(DRAWN):
        q = p.question
        drawn = p._drawn
        again = engine_says(game, q.kind, drawn)
        if again is not None:
            assert again == drawn.answer, (q.kind, q.text)
            rederived += 1
        pick = rng.choice(q.choices)
        verdict = p.answer(pick)
        assert verdict.right == (pick == drawn.answer)
        if not verdict.right:
            assert verdict.reason.startswith(f"The answer is {drawn.answer}.")
    assert rederived >= DRAWN // 3


def test_kinds_missed_come_back_sooner_than_kinds_mastered():
    """A scripted learner who always misses one kind and answers every other right: the missed
    kind is asked more than twice as often as any other, the others reach the mastered box."""
    p = lopti_nb.practice("skull-king", seed=4)
    weak = "trick bonus"
    for _ in range(60):
        q = p.question
        right = p._drawn.answer
        p.answer(next(c for c in q.choices if c != right) if q.kind == weak else right)
    table = p.by_kind.set_index("kind")
    others = table.drop(index=weak)
    assert table.loc[weak, "asked"] > 2 * others["asked"].max()
    assert table.loc[weak, "right"] == 0 and weak not in p.mastered
    assert set(p.mastered) == set(p.kinds) - {weak} and all(p.box[k] >= MASTERED for k in p.mastered)
    assert list(p.by_kind.columns[:3]) == ["kind", "asked", "right"]
    assert p.score == others["right"].sum() and p.asked == 60


def test_a_saved_practice_carries_on_where_it_stopped():
    p = lopti_nb.practice("lopti", seed=2)
    for _ in range(7):
        p.answer(p.question.choices[0])
    saved = p.save()
    json.loads(saved)
    again = lopti_nb.practice("lopti", saved=saved)
    assert (again.score, again.asked, again.box, again.due) == (p.score, p.asked, p.box, p.due)
    assert again.question == p.question  # the same next question: the generator is saved too


@pytest.mark.parametrize("bad", ["", "{", "[]", json.dumps({"game": "lopti"}), "x" * 200_000, 5, None])
def test_a_corrupt_saved_practice_is_refused_and_nothing_changes(bad):
    p = lopti_nb.practice("lopti", seed=2)
    p.answer(p.question.choices[0])
    before = p.save()
    with pytest.raises(PracticeError, match="not a saved practice"):
        p.load(bad)
    assert p.save() == before
    with pytest.raises(PracticeError):
        lopti_nb.practice("lopti", saved=bad if isinstance(bad, str) else "nope")


def test_a_saved_practice_of_another_game_or_an_edited_one_is_refused():
    saved = json.loads(lopti_nb.practice("skull-king").save())
    with pytest.raises(PracticeError):
        lopti_nb.practice("lopti", saved=json.dumps(saved))
    saved["score"] = saved["asked"] + 1
    with pytest.raises(PracticeError):
        lopti_nb.practice("skull-king", saved=json.dumps(saved))


def test_bad_games_voices_and_choices_are_refused_with_a_sentence():
    with pytest.raises(lopti_nb.UnknownGame):
        lopti_nb.practice("chess")
    with pytest.raises(PracticeError, match="voices"):
        lopti_nb.practice("skull-king", voice="pirate")
    p = lopti_nb.practice("lopti", voice="pirate")
    q = p.question
    for bad in ("nothing like it", 3, None, q.choices):
        with pytest.raises(PracticeError, match="not one of the choices"):
            p.answer(bad)
    assert p.asked == 0 and p.question == q
    assert isinstance(PracticeError("x"), ValueError)


def test_observers_hear_each_answer():
    heard = []
    p = lopti_nb.practice("drowned-ledger", seed=1)
    p.observers.append(lambda kind, right, practice: heard.append((kind, right)))
    q = p.question
    p.answer(p._drawn.answer)
    assert heard == [(q.kind, True)]


def test_a_students_practice_reports_to_their_class(tmp_path):
    """Once a student has joined a class, their practice tells it what they master and miss:
    the teacher's progress counts the mastered kinds, the mistakes the missed ones."""
    from lopti_nb import classroom

    store = str(tmp_path / "class.sqlite")
    teacher = classroom.open_class("Ms Rivera", store=store)
    ann = classroom.join_class(teacher.code, "Ann", store=store)
    p = lopti_nb.practice("skull-king", seed=4)
    p.follow(ann)
    weak = "trick bonus"
    for _ in range(30):
        q = p.question
        right = p._drawn.answer
        p.answer(next(c for c in q.choices if c != right) if q.kind == weak else right)
        assert p.told == ""
    row = teacher.progress().set_index("name").loc["Ann"]
    assert row["practice_mastered"] == len(p.mastered) >= 3
    missed = teacher.mistakes()
    assert weak in set(missed[missed["game"] == "skull-king"]["kind"]) | set(missed["question"])
    with pytest.raises(PracticeError):
        p.follow("Ann")
