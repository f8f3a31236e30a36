"""Motions as data: "when <base event> [if <conditions>] then <effects>" built by plain
interpretation, checked by the constitution (rules reference 1.7) before they are stated, read
out in the three voices, round-tripped through JSON, and playing the same games as the
ready-made motions written in Python."""
import doctest
import json
import random

import pytest

from lopti_nb.engine import LoptiNbError, get_spec
from lopti_nb.engine.runner import play_out
from lopti_nb.games.lopti import Play, heuristic_bot, library_motion
from lopti_nb.games.lopti.session_game import LoptiSessionState
from lopti_nb.games.lopti import events as ev
from lopti_nb.games.lopti import library
from lopti_nb.games.lopti.library import LIBRARY, READY_DATA, library_data
from lopti_nb.games.lopti.motions import (
    ConstitutionError, HookRunner, Motion, MotionError, MotionLoptiState, data as motion_data, language,
)
from lopti_nb.games.lopti.motions.data import (
    MAX_CONDITIONS, MAX_RULES, VOICES, check_motion_data, motion_words,
)
from lopti_nb.games.lopti.motions import motion as motion_module
from lopti_nb.games.lopti.motions.motion import same_motion
from lopti_nb.games.lopti.lessons_texts import VOICES as LESSON_VOICES

ACE_TAX = {"when": "after play", "if": [{"fact": "rank", "op": "is", "value": "A"}],
           "then": [{"effect": "give", "who": "actor", "n": 1, "to": "next", "which": "lowest"}]}


@pytest.fixture(autouse=True)
def lopti_registered():
    """A round set up by hand checks its actions against the registered plugin (a session
    registers it when it deals; a position built directly does not)."""
    get_spec("lopti")


def noisy_bot(obs, legal, rng):
    """The heuristic bot, but one move in six is a random legal action (so rarer events happen)."""
    if rng.random() < 1 / 6:
        return legal[rng.randrange(len(legal))]
    return heuristic_bot(obs, legal, rng)


def session_games(motion_factory, sessions=4, rounds=4, seed=0):
    """The rounds of a few seeded sessions with the motion in force from the start: per round,
    its events and its result."""
    games = []
    for k in range(sessions):
        players = 2 + k % 4
        s = LoptiSessionState.by_hand(players, seed=seed * 100 + k, play_on=k % 2 == 1, turn_cap=400)
        assert s.restore(motion_factory(), [True] * players)
        rng = random.Random(seed * 100 + k)
        for _ in range(rounds):
            st = s.deal()
            play_out(st, [noisy_bot] * players, rng)
            assert not [e for e in st.events if isinstance(e, ev.MotionFault)]
            games.append((list(st.events), st.winner, tuple(st.out), st.stalemate))
    return games


def motion_events(games):
    return sum(type(e).__name__.startswith("Motion") for events, *_ in games for e in events)


# -- the ready motions: data form = Python form, game for game --------------------------------------
def test_every_ready_motion_has_a_data_form():
    assert sorted(READY_DATA) == sorted(LIBRARY)


@pytest.mark.parametrize("name", sorted(READY_DATA))
def test_ready_motion_as_data_plays_the_same_games_as_in_python(name):
    python_games = session_games(lambda: library_motion(name), seed=sorted(LIBRARY).index(name))
    data_games = session_games(lambda: Motion.from_data(library_data(name)), seed=sorted(LIBRARY).index(name))
    assert len(data_games) == len(python_games) == 16
    for python_game, data_game in zip(python_games, data_games):
        assert data_game == python_game  # same events, winner, places and stalemate, game for game
    if name != "chain_clear_discard":  # four chained 3s are rare with these bots
        assert motion_events(data_games) > 0


def test_a_data_motion_that_differs_plays_different_games():
    """The comparison above can fail: an Ace tax that taxes Kings instead changes the games."""
    kings = json.loads(json.dumps(ACE_TAX).replace('"A"', '"K"'))
    aces = session_games(lambda: Motion.from_data(ACE_TAX), sessions=2, rounds=2)
    other = session_games(lambda: Motion.from_data(kings), sessions=2, rounds=2)
    assert aces != other


def test_chain_clear_discard_as_data_fires_on_a_chain_clear():
    st = MotionLoptiState.from_position(
        [["3S", "4C", "5C"], ["KD", "KH", "9C"], ["QS", "QH"]], face_down=[["2C"], ["2D"], ["2H"]],
        pile=["9S", "3H", "3D", "3C"], turn=0,
        hooks=HookRunner([Motion.from_data(library_data("chain_clear_discard"))]))
    st.apply(Play("3"))
    discarded = [e for e in st.events if isinstance(e, ev.MotionDiscarded)]
    assert sorted(e.seat for e in discarded) == [1, 2] and st.bonus and st.current_player == 0


def test_custom_clear_from_data_clears_after_the_play_and_gives_the_bonus_play():
    nines_clear = {"when": "after play", "if": [{"fact": "rank", "op": "is", "value": "9"},
                                                 {"fact": "bonus", "op": "is", "value": False}],
                   "then": [{"effect": "clear the pile"}]}
    st = MotionLoptiState.from_position([["9C", "4C", "5C"], ["KD", "KH"]], pile=["8S"], turn=0,
                                        hooks=HookRunner([Motion.from_data(nines_clear)]))
    st.apply(Play("9"))
    clears = [e for e in st.events if isinstance(e, ev.Cleared)]
    assert len(clears) == 1 and clears[0].seat == 0 and st.pile_cards == [] and st.bonus
    assert st.current_player == 0
    assert sorted(st.all_cards()) == list(range(52))


def test_say_reads_a_fact_of_the_moment_out():
    herald = Motion.from_data(library_data("face_up_herald"))
    hook = herald.hooks[("take face-up", "after")]
    view = language.View("take face-up", "after", 1, 5, 4, 4, 0, 0, 10, False, actor_cards=7)
    said = hook(view)
    assert [e.text for e in said] == ["the player taking up face-up cards now holds 7 cards"]


# -- JSON round trip, to_data and the words ------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(READY_DATA))
def test_data_motion_round_trips_through_json(name):
    m = Motion.from_data(library_data(name))
    text = json.dumps(m.to_data())
    again = Motion.from_data(json.loads(text))
    assert again.to_data() == m.to_data() and again.text == m.text and same_motion(again, m)


def test_one_rule_may_be_given_on_its_own_and_names_are_read_loosely():
    loose = {"when": "After  Play", "if": [{"fact": "Rank", "op": "IS", "value": "a"}],
             "then": [{"effect": "Give", "who": "Actor", "to": "next"}]}
    m = Motion.from_data(loose)
    assert m.to_data() == {"rules": [{
        "when": "after play", "if": [{"fact": "rank", "op": "is", "value": "A"}],
        "then": [{"effect": "give", "who": "actor", "n": 1, "to": "next", "which": "lowest",
                  "default": "lowest"}]}]}
    assert same_motion(m, Motion.from_data(ACE_TAX))


def test_to_data_gives_a_copy():
    m = Motion.from_data(ACE_TAX)
    d = m.to_data()
    d["rules"].clear()
    assert m.to_data()["rules"]


def test_a_motion_in_python_or_in_words_has_no_data_form():
    with pytest.raises(MotionError, match="Python hooks, which has no data form"):
        library_motion("ace_tax").to_data()
    with pytest.raises(MotionError, match="words only, which has no data form"):
        Motion("Everyone sings.").to_data()
    assert library_motion("ace_tax").data is None


def test_words_in_the_three_voices_of_the_lessons():
    assert VOICES == LESSON_VOICES
    m = Motion.from_data(library_data("sevens_warn_the_table"))
    said = {v: m.words(v) for v in VOICES}
    assert said["plain"] == m.text
    assert len(set(said.values())) == 3
    assert "sailor" in said["pirate"] and "comrade" in said["comrade"] and "player" in said["plain"]
    for text in said.values():  # what the author wrote in a Say is read out as written, in every voice
        assert '"7s are down: the next play must go lower, a 4, 5 or 6 (or a 2, a 3 or more 7s)."' in text
        assert "{" not in text and "\0" not in text
    with pytest.raises(MotionError, match="voices plain, pirate, comrade"):
        m.words("robot")


def test_words_of_a_python_motion_are_its_text():
    m = library_motion("ace_tax")
    assert m.words("pirate") == m.text


def test_words_count_and_place_rightly():
    m = Motion.from_data({"rules": [
        {"when": "after out", "if": [{"fact": "place", "op": "at least", "value": 3}],
         "then": [{"effect": "draw", "who": "everyone", "n": 2}]},
        {"when": "after pickup", "then": [{"effect": "discard", "who": "actor", "n": 2, "which": "choose"}]}]})
    assert "goes out in 3rd place or later" in m.text
    assert "draws 2 cards" in m.text and "2 hand cards of their choosing" in m.text


# -- the same motion twice -------------------------------------------------------------------------------
def test_same_motion_spots_copies_of_one_motion():
    assert same_motion(library_motion("ace_tax"), library_motion("ace_tax"))
    assert not same_motion(library_motion("ace_tax"), library_motion("pairs_pass_on"))
    titled = Motion.from_data({"title": "my tax", **ACE_TAX})
    assert same_motion(titled, Motion.from_data(ACE_TAX))  # the title is a name, not a rule
    assert not same_motion(Motion.from_data(ACE_TAX), Motion.from_data(library_data("pairs_pass_on")))
    # a data motion and a Python motion are never taken for one another
    assert not same_motion(Motion.from_data(library_data("ace_tax")), library_motion("ace_tax"))
    assert same_motion(Motion("Everyone  sings."), Motion("everyone sings."))
    with pytest.raises(MotionError):
        same_motion(library_motion("ace_tax"), "ace tax")


# -- the constitution: one test per limit -----------------------------------------------------------
def refused(data, kind=ConstitutionError):
    with pytest.raises(kind) as caught:
        Motion.from_data(data)
    assert type(caught.value) is kind and isinstance(caught.value, ValueError)
    assert isinstance(caught.value, LoptiNbError) and len(str(caught.value)) <= 280
    return str(caught.value)


def test_constitution_a_motion_may_not_block_a_base_event():
    for data in (
        {"when": "instead of pickup", "then": [{"effect": "draw"}]},
        {"when": "after play", "then": [{"effect": "cancel"}]},
        {"when": "before pickup", "then": [{"effect": "skip turn", "who": "actor"}]},
        {"when": "after play", "then": [{"effect": "draw"}], "instead": "nothing"},
        {"when": "after out", "then": [{"effect": "win", "who": "actor"}]},
    ):
        assert "never blocks, skips or replaces" in refused(data)


def test_constitution_a_motion_may_not_loop():
    for when in ("after play", "after bonus play", "after blind flip"):
        said = refused({"when": when, "then": [{"effect": "clear the pile"}]})
        assert "loops" in said and "bonus is false" in said
    # a bonus play is never a "not a bonus play": after a bonus play a clear always loops
    assert "loops" in refused({"when": "after bonus play", "if": [{"fact": "bonus", "op": "is", "value": False}],
                               "then": [{"effect": "clear the pile"}]})
    # bounded: after a play that is not itself a bonus play, or after a lead
    Motion.from_data({"when": "after play", "if": [{"fact": "bonus", "op": "is not", "value": True}],
                      "then": [{"effect": "clear the pile"}]})
    Motion.from_data({"when": "after lead", "then": [{"effect": "clear the pile"}]})


def test_constitution_a_motion_may_not_act_on_the_past():
    for data in (
        {"when": "after round end", "then": [{"effect": "draw", "who": "everyone"}]},
        {"when": "before round end", "then": [{"effect": "give", "who": "most cards"}]},
        {"when": "after play", "then": [{"effect": "undo"}]},
        {"when": "after play", "then": [{"effect": "draw", "who": "last winner"}]},
        {"when": "after play", "if": [{"fact": "last round", "op": "is", "value": 1}], "then": [{"effect": "draw"}]},
    ):
        assert "acts on the present only" in refused(data)
    # words at the round's end are no movement: allowed
    Motion.from_data({"when": "after round end", "then": [{"effect": "say", "text": "Well played."}]})


def test_constitution_a_motion_may_not_name_a_person():
    for data in (
        {"when": "after play", "then": [{"effect": "draw", "who": 2}]},
        {"when": "after play", "then": [{"effect": "draw", "who": "seat 3"}]},
        {"when": "after play", "then": [{"effect": "draw", "who": "Ada"}]},
        {"when": "after play", "then": [{"effect": "give", "to": 1}]},
        {"when": "after play", "then": [{"effect": "return cleared cards", "to": "author"}]},
        {"when": "after play", "if": [{"fact": "seat", "op": "is", "value": 1}], "then": [{"effect": "draw"}]},
    ):
        assert "never at a named seat or person" in refused(data)


def test_constitution_the_rule_vote_and_roshambo_stay_fixed():
    for when in ("after rule vote", "before roshambo"):
        assert "Rule Vote and Roshambo are fixed" in refused({"when": when, "then": [{"effect": "draw"}]})


# -- bounded sizes ---------------------------------------------------------------------------------------
RULE = {"when": "after play", "then": [{"effect": "draw"}]}


@pytest.mark.parametrize("data, said", [
    ({"rules": [RULE] * (MAX_RULES + 1)}, "at most 4"),
    ({**RULE, "if": [{"fact": "count", "op": "at least", "value": 1}] * (MAX_CONDITIONS + 1)}, "at most 6"),
    ({"when": "after play", "then": [{"effect": "draw"}] * 9}, "at most 8"),
    ({"rules": [{"when": "after play", "then": [{"effect": "draw"}] * 5}] * 2}, "at most 8"),
    ({"when": "after play", "then": [{"effect": "draw", "n": 4}]}, "from 1 to 3"),
    ({"when": "after play", "then": [{"effect": "discard", "n": 0}]}, "from 1 to 2"),
    ({"when": "after clear", "then": [{"effect": "return cleared cards", "n": 9}]}, "from 1 to 8"),
    ({"when": "after play", "then": [{"effect": "say", "text": "x" * 201}]}, "at most 200"),
    ({**RULE, "title": "t" * 61}, "at most 60"),
    ({**RULE, "if": [{"fact": "round", "op": "at least", "value": 10 ** 9}]}, "from 0 to 100,000"),
    ({**RULE, "if": [{"fact": "count", "op": "one of", "value": list(range(14))}]}, "at most 13"),
    ({"when": "after play" + " " * 80, "then": [{"effect": "draw"}]}, "at most 60"),
])
def test_sizes_are_bounded(data, said):
    assert said in refused(data, MotionError)


# -- malformed data: a sentence, never a raw TypeError or KeyError ----------------------------------------
@pytest.mark.parametrize("data, said", [
    (None, "a data motion is a mapping"),
    ([RULE], "a data motion is a mapping"),
    ({}, "is a list"),
    ({"rules": []}, "at least one rule"),
    ({"when": "after lunch", "then": [{"effect": "draw"}]}, "unknown hook"),
    ({"when": 3, "then": [{"effect": "draw"}]}, "a hook is named like"),
    ({"when": "after play"}, "needs 'when' and 'then'"),
    ({"when": "after play", "then": []}, "at least one effect"),
    ({"when": "after play", "then": "draw"}, "is a list"),
    ({"when": "after play", "then": [{"effect": "teleport"}]}, "unknown effect"),
    ({"when": "after play", "then": [{"who": "actor"}]}, "names its effect"),
    ({"when": "after play", "then": ["draw"]}, "is a mapping such as"),
    ({"when": "after play", "then": [{"effect": ["draw"]}]}, "is a short text"),
    ({"when": "after play", "then": [{"effect": "draw", "n": "2"}]}, "whole number"),
    ({"when": "after play", "then": [{"effect": "draw", "n": 1.0}]}, "whole number"),
    ({"when": "after play", "then": [{"effect": "draw", "colour": "red"}]}, "unknown key"),
    ({"when": "after play", "then": [{"effect": "say"}]}, "needs its text"),
    ({"when": "after play", "then": [{"effect": "say", "text": "hello {name}"}]}, "curly brackets"),
    ({"when": "after play", "then": [{"effect": "say", "text": "hello {how}"}]}, "known only at a clear"),
    ({"when": "after play", "then": [{"effect": "give", "to": "dealer"}]}, "'next' or 'previous'"),
    ({"when": "after play", "then": [{"effect": "reveal", "which": "middle"}]}, "which must be one of"),
    ({"when": "after pickup", "then": [{"effect": "clear the pile"}]}, "only right after a play"),
    ({**RULE, "if": {"fact": "rank"}}, "is a list"),
    ({**RULE, "if": [["rank", "is", "A"]]}, "is a mapping"),
    ({**RULE, "if": [{"op": "is", "value": "A"}]}, "names the fact"),
    ({**RULE, "if": [{"fact": "colour", "value": "red"}]}, "unknown fact"),
    ({**RULE, "if": [{"fact": "how", "value": "ten"}]}, "known only at a clear"),
    ({**RULE, "if": [{"fact": "rank", "op": "is", "value": "Z"}]}, "a rank is one of"),
    ({**RULE, "if": [{"fact": "rank", "op": "is even"}]}, "takes the ops"),
    ({**RULE, "if": [{"fact": "bonus", "op": "is", "value": "yes"}]}, "true or false"),
    ({**RULE, "if": [{"fact": "count", "op": "is"}]}, "needs a value"),
    ({**RULE, "if": [{"fact": "round", "op": "is even", "value": 2}]}, "takes no value"),
    ({**RULE, "if": [{"fact": "count", "op": "one of", "value": []}]}, "at least one value"),
    ({**RULE, "if": [{"fact": "count", "op": "is", "value": True}]}, "whole number"),
    ({**RULE, "if": [{"fact": {"a": 1}, "op": "is", "value": 1}]}, "is a short text"),
    ({RULE["when"]: 1, "rules": [RULE]}, "unknown key"),
])
def test_malformed_data_is_refused_with_a_sentence(data, said):
    assert said in refused(data, MotionError)


def test_garbage_data_is_always_a_typed_refusal():
    """Seeded random structures made of the format's own words and of odd values: each is a
    motion or a LoptiNbError, never another exception."""
    rng = random.Random(7)
    words = ["when", "if", "then", "rules", "title", "fact", "op", "value", "effect", "who", "n", "to",
             "which", "default", "text", "after play", "before deal", "rank", "is", "one of", "draw", "give",
             "actor", "next", "A", "clear the pile", "say", "{round}"]
    atoms = [None, True, 0, -1, 2, 10 ** 12, 1.5, "", "x", [], {}, float("nan")] + words

    def value(depth):
        r = rng.random()
        if depth > 3 or r < 0.4:
            return rng.choice(atoms)
        if r < 0.7:
            return [value(depth + 1) for _ in range(rng.randrange(4))]
        return {rng.choice(words): value(depth + 1) for _ in range(rng.randrange(4))}

    made = 0
    for _ in range(3000):
        data = {"when": rng.choice(["after play", "after clear", "before deal", "after out"]),
                "if": [value(2) for _ in range(rng.randrange(3))], "then": [value(2) for _ in range(1 + rng.randrange(2))]}
        if rng.random() < 0.3:
            data = value(0)
        try:
            Motion.from_data(data)
            made += 1
        except LoptiNbError:
            pass
    assert made < 3000


def test_the_motion_modules_examples_run():
    for module in (motion_data, motion_module, library):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_motion_words_checks_the_data_too():
    with pytest.raises(ConstitutionError):
        motion_words({"when": "after play", "then": [{"effect": "draw", "who": 1}]})
    assert check_motion_data(ACE_TAX)["rules"][0]["when"] == "after play"


def random_motion_data(rng):
    """A motion composed as from menus: any moment, conditions on facts known there, any effects
    with fields in range (some of it refused by the constitution, as a person's choice may be)."""
    from lopti_nb.games.lopti.motions import BASE_EVENTS, PHASES, ROLES
    from lopti_nb.games.lopti.motions.data import EFFECTS, FACTS, OPS

    when = f"{rng.choice(PHASES)} {rng.choice(BASE_EVENTS)}"
    conditions = []
    for _ in range(rng.randrange(3)):
        name, fact = rng.choice([(n, f) for n, f in FACTS.items() if f.known is None or when in f.known])
        if fact.kind == "bool":
            conditions.append({"fact": name, "op": rng.choice(["is", "is not"]), "value": rng.random() < 0.5})
            continue
        values = (list(fact.kind) if isinstance(fact.kind, tuple) else
                  ["2", "3", "7", "9", "10", "A"] if fact.kind == "rank" else list(range(6)))
        op = rng.choice(OPS[:6] if fact.kind == "number" or fact.kind == "rank" else ["is", "is not", "one of"])
        if fact.kind == "number" and rng.random() < 0.2:
            conditions.append({"fact": name, "op": rng.choice(["is even", "is odd"])})
        elif op.endswith("one of"):
            conditions.append({"fact": name, "op": op, "value": rng.sample(values, 2)})
        else:
            conditions.append({"fact": name, "op": op, "value": rng.choice(values)})
    effects = []
    for _ in range(1 + rng.randrange(3)):
        name = rng.choice(sorted(EFFECTS))
        effect = {"effect": name}
        if name == "say":
            effect["text"] = rng.choice(["Mind the pile.", "Round {round}, turn {turn}.", "{actor cards} cards"])
        if name in ("reveal", "draw", "give", "discard"):
            effect["who"] = rng.choice(ROLES)
        if name in ("draw", "give", "discard", "return cleared cards"):
            effect["n"] = rng.randint(1, 2)
        if name == "give":
            effect["to"] = rng.choice(["next", "previous"])
        if name == "return cleared cards":
            effect["to"] = rng.choice(["draw pile", *ROLES])
        if name in ("give", "discard"):
            effect["which"] = rng.choice(["lowest", "highest", "random", "choose"])
        effects.append(effect)
    return {"when": when, "if": conditions, "then": effects}


def test_composed_motions_play_without_faults_and_keep_every_card():
    """Motions composed at random from the menus: each is stated or refused with a typed reason,
    and each one stated plays whole rounds without a fault, all 52 cards accounted for."""
    rng = random.Random(11)
    stated = 0
    for k in range(80):
        data = random_motion_data(rng)
        try:
            motion = Motion.from_data(data)
        except (MotionError, ConstitutionError):
            continue
        stated += 1
        assert Motion.from_data(json.loads(json.dumps(motion.to_data()))).to_data() == motion.to_data()
        for voice in VOICES:
            assert motion.words(voice)
        players = 2 + k % 4
        st = MotionLoptiState(players, k, hooks=HookRunner([motion], round_no=1 + k % 4), turn_cap=300)
        play_out(st, [noisy_bot] * players, random.Random(k))
        assert st.is_over and sorted(st.all_cards()) == list(range(52))
        assert not [e for e in st.events if isinstance(e, ev.MotionFault)], data
    assert stated >= 30


def test_1_7_a_motion_without_a_typed_title_is_titled_by_its_structure_not_cut_words():
    one = Motion.from_data({"when": "after play", "if": [{"fact": "rank", "op": "is", "value": "A"}],
                            "then": [{"effect": "give", "who": "actor"}]})
    assert one.title == "after play, if rank: give"
    many = Motion.from_data({"rules": [
        {"when": "after clear", "if": [{"fact": "how", "op": "is", "value": "ten"},
                                       {"fact": "actor hand", "op": "at least", "value": 2},
                                       {"fact": "round", "op": "is", "value": 2}],
         "then": [{"effect": "return cleared cards", "to": "others"}, {"effect": "draw", "who": "next"}]},
        {"when": "after pickup", "then": [{"effect": "reveal"}]}]})
    assert len(many.title) <= 60 and many.title.endswith("(+1 more)") and many.title.startswith("after clear")
    assert not many.title[: -len(" (+1 more)")].rstrip("…").endswith((" ", ","))
    assert Motion.from_data({"title": "Ace tax", **one.to_data()}).title == "Ace tax"
