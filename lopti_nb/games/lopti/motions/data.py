"""Motions as data: "when <base event> [if <conditions>] then <effects>", in plain JSON-able data.

A data motion is a dict with a list of ``rules`` (and an optional short ``title``)::

    {"title": "ace tax",
     "rules": [{"when": "after play",
                "if": [{"fact": "rank", "op": "is", "value": "A"}],
                "then": [{"effect": "give", "who": "actor", "n": 1, "to": "next", "which": "lowest"}]}]}

One rule may also be given on its own (``{"when": ..., "if": ..., "then": ...}``). The engine
reads the data by plain interpretation (:class:`DataHook`): the motion's hooks are the rules,
its words are made from them in each voice (:func:`motion_words`), and the constitution is
checked before anything is stated (:func:`check_motion_data`):

* ``when``: ``"before <event>"`` or ``"after <event>"`` with a base event
  (:data:`~lopti_nb.games.lopti.motions.BASE_EVENTS`);
* ``if``: conditions ``{"fact": ..., "op": ..., "value": ...}`` on what the moment shows
  (:data:`FACTS`: the rank and count played, how a clear happened, the place of a player going
  out, the round and turn, the sizes of hands and piles...), all of which must hold;
* ``then``: effects from the closed set (:data:`EFFECTS`: say, reveal, draw, give, discard, clear
  the pile, return cleared cards) aimed at roles (the player who acted, the next player still
  in, the others, the one holding most cards...).

The constitution refuses, each with its reason (:class:`ConstitutionError`): a rule that blocks,
skips or replaces a base event; one that loops (a custom clear after a play that its own bonus
play sets off again); one that acts on the past (cards moving once the round has ended, an
undo, a role or fact from earlier rounds); one that names a person (a seat or a name instead of
a role); and changes to the Rule Vote or Roshambo. Malformed data (an unknown event, effect,
fact or role, a wrong type, too many rules, conditions or effects) is a :class:`MotionError`.

>>> from lopti_nb.games.lopti.motions import Motion
>>> m = Motion.from_data({"when": "after pickup", "then": [{"effect": "reveal", "who": "actor"}]})
>>> m.text
'After a player takes the pile, that player shows the table their highest hand card.'
>>> Motion.from_data(m.to_data()).to_data() == m.to_data()
True
"""
from __future__ import annotations

import re
from dataclasses import MISSING
from typing import Any, Callable

from ....engine import ordinal, plural
from ....engine.limits import check_nesting, shown
from ....text import text_problem
from ..cards import RANKS
from .language import (
    BASE_EVENTS, CHOICES, CHOOSE, DRAW_PILE, MAX_EFFECTS_PER_HOOK, MAX_TEXT, PHASES, PLAY_EVENTS, ROLES, ClearPile,
    ConstitutionError, Discard, Draw, Effect, Give, MotionError, ReturnCleared, Reveal, Say, View,
    parse_hook_key,
)

# -- bounds -----------------------------------------------------------------------------------------
MAX_RULES = 4  # rules of one motion
MAX_CONDITIONS = 6  # conditions of one rule
MAX_VALUES = 13  # values of a "one of" condition (there are 13 ranks)
MAX_NUMBER = 100_000  # a number a condition compares with (the longest turn cap)
MAX_WORD = 60  # characters of an event, fact, role or effect name
MAX_TITLE = 60  # characters of a motion's title
MAX_SAY = 200  # characters of a Say effect's words
MAX_DEPTH = 8  # levels of lists and dicts in a motion's data (a condition's values are the deepest: 6)
MAX_ITEMS = 4000  # lists, dicts and values in a motion's data, all told
VOICES = ("plain", "pirate", "comrade")

_ROUND_END = ("before round end", "after round end")


def _at(events: tuple[str, ...], phases: tuple[str, ...] = PHASES) -> frozenset:
    return frozenset(f"{p} {e}" for e in events for p in phases)


# the facts of the cards played belong to the events that play them; a clear has its own (how
# the pile was cleared), not the rank played: a rule "after clear" never offers "the rank played"
_PLAYED = _at(("play", "lead", "bonus play")) | {"after blind flip"}


class Fact:
    """A fact a condition may test: the :class:`View` field it reads, its kind (``"number"``,
    ``"rank"``, ``"bool"`` or a closed list of words), the moments it is known at (``None``:
    always) and its words."""

    def __init__(self, field: str, kind: Any, known: frozenset | None, noun: str):
        self.field, self.kind, self.known, self.noun = field, kind, known, noun


FACTS: dict[str, Fact] = {
    "rank": Fact("rank", "rank", _PLAYED, "the rank played"),
    "count": Fact("count", "number", _PLAYED, "the number of cards played"),
    "how": Fact("how", ("ten", "four", "chain", "motion"), _at(("clear",)), "how the {pile} was cleared"),
    "source": Fact("source", ("hand", "blind"), _PLAYED, "where the cards came from"),
    "bonus": Fact("bonus", "bool", _PLAYED, "it is a {bonus}"),
    "place": Fact("place", "number", _at(("out",)), "the place"),
    "forced": Fact("forced", "bool", _at(("pickup",)), "the pickup was forced by a 3 duty"),
    "taken": Fact("taken", "number", _at(("pickup",)), "the number of cards taken with the {pile}"),
    "legal": Fact("legal", "bool", frozenset({"after blind flip"}), "the flipped card could be played"),
    "swapped": Fact("swapped", "bool", frozenset({"after swap"}), "a swap was made"),
    "stalemate": Fact("stalemate", "bool", _at(("round end",)), "the round hit the turn cap"),
    "round": Fact("round", "number", None, "the round number"),
    "turn": Fact("turn", "number", None, "the turn number"),
    "players": Fact("players", "number", None, "the number of {players}"),
    "still in": Fact("still_in", "number", None, "the number of {players} still in"),
    "players out": Fact("out_count", "number", None, "the number of {players} out"),
    "pile": Fact("pile_size", "number", None, "the size of the {pile}"),
    "draw pile": Fact("draw_pile", "number", None, "the size of the draw pile"),
    "actor hand": Fact("actor_hand", "number", None, "the size of that {player}'s {hand}"),
    "actor cards": Fact("actor_cards", "number", None, "the number of cards that {player} holds"),
    "actor face up": Fact("actor_face_up", "number", None, "that {player}'s face-up cards"),
    "actor face down": Fact("actor_face_down", "number", None, "that {player}'s face-down cards"),
    "actor is dealer": Fact("actor_is_dealer", "bool", None, "that {player} is the dealer"),
    "actor is leader": Fact("actor_is_leader", "bool", None, "that {player} led this round"),
}
_FACT_WORDS = {"bonus": "a bonus play", "how": "a clear", "rank": "a play", "count": "a play",
               "source": "a play", "place": "a player going out", "forced": "a pickup",
               "taken": "a pickup", "legal": "after a blind flip", "swapped": "after a swap",
               "stalemate": "the round's end"}
OPS = ("is", "is not", "at least", "at most", "one of", "not one of", "is even", "is odd")
_OPS_OF = {"number": OPS, "rank": OPS[:6], "bool": ("is", "is not")}

# The closed set of effects, by their names in data; the fields each takes come from the effect.
EFFECTS: dict[str, type] = {"say": Say, "reveal": Reveal, "draw": Draw, "give": Give, "discard": Discard,
                            "clear the pile": ClearPile, "return cleared cards": ReturnCleared}
_EFFECT_ALIASES = {"clear pile": "clear the pile", "clearpile": "clear the pile", "custom clear": "clear the pile",
                   "clear": "clear the pile", "return cleared": "return cleared cards",
                   "returncleared": "return cleared cards"}
_FIELDS = {name: tuple(f for f in kind.__dataclass_fields__) for name, kind in EFFECTS.items()}

# -- what the constitution refuses (words a request may use for it) -----------------------------------
# words (or their beginnings: "cancels", "skipping") that ask to block a base event or decide a round
_BLOCKING = re.compile(r"\b(block|cancel|skip|prevent|stop|forbid|veto|deny|instead|replac|refus|win|lose|"
                       r"end the round|end round|go out|knock out|eliminat)")
# words that reach back to what is done
_PAST = re.compile(r"\b(undo|take back|rewind|replay|redo|revers|last round|previous round|earlier|history|"
                   r"last winner|previous winner|winner|last play|previous play)")
_PERSON = re.compile(r"^(seat|player|p|#)\s*#?\d+$|^(author|me|myself|you|i)$")
_PERSON_FACTS = ("seat", "name", "player", "actor seat", "actor name", "author", "who", "person")


def _block_reason(what: str) -> str:
    return (f"{what}: a motion only adds actions before or after a base event; it never blocks, "
            "skips or replaces one, and never decides a round or a vote")


def _past_reason(what: str) -> str:
    return f"{what}: a motion acts on the present only, never on earlier moves, rounds or results"


def _person_reason(what: str) -> str:
    return (f"{what}: a motion aims at roles and conditions, never at a named seat or person; "
            f"roles are: {', '.join(ROLES)}")


def _key(value: Any, what: str) -> str:
    """A short name in data (event, fact, role, effect, op): lower case, single spaces."""
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_WORD:
        raise MotionError(f"{what} is a short text (at most {MAX_WORD} characters), not {shown(value)}")
    return " ".join(value.strip().lower().replace("_", " ").split())


def _refused_word(word: str, what: str) -> None:
    """The constitution's refusal when ``word`` asks for what no motion may do."""
    if _BLOCKING.search(word):
        raise ConstitutionError(_block_reason(f"{what} {shown(word)}"))
    if _PAST.search(word):
        raise ConstitutionError(_past_reason(f"{what} {shown(word)}"))


def _role(value: Any, what: str) -> str:
    if isinstance(value, (bool, int)):
        raise ConstitutionError(_person_reason(f"{what} {shown(value)}"))
    word = _key(value, what)
    if word in ROLES:
        return word
    if _PERSON.match(word):
        raise ConstitutionError(_person_reason(f"{what} {shown(value)}"))
    if _PAST.search(word):
        raise ConstitutionError(_past_reason(f"{what} {shown(value)}"))
    # anything else that is not a role -- a name, a description of somebody -- names a person
    raise ConstitutionError(_person_reason(f"{what} {shown(value)} is not a role"))


def _dict(value: Any, what: str, allowed: tuple[str, ...]) -> dict:
    if not isinstance(value, dict):
        raise MotionError(f"{what} is a mapping with the keys {', '.join(allowed)}, not {shown(value)}")
    for k in value:
        if not isinstance(k, str) or k not in allowed:
            word = k.strip().lower() if isinstance(k, str) else ""
            if word:
                _refused_word(word, f"{what} says")
            raise MotionError(f"{what} has an unknown key {shown(k)}; its keys are: {', '.join(allowed)}")
    return value


def _list(value: Any, what: str, top: int) -> list:
    if not isinstance(value, list):
        raise MotionError(f"{what} is a list, not {shown(value)}")
    if len(value) > top:
        raise MotionError(f"{what} holds at most {top}, not {len(value)}")
    return value


# -- conditions ----------------------------------------------------------------------------------------
def _value(fact: str, kind: Any, value: Any, what: str) -> Any:
    if kind == "bool":
        if not isinstance(value, bool):
            raise MotionError(f"{what}: {fact} is true or false, not {shown(value)}")
        return value
    if kind == "number":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_NUMBER:
            raise MotionError(f"{what}: {fact} is compared with a whole number from 0 to {MAX_NUMBER:,}, "
                              f"not {shown(value)}")
        return value
    if kind == "rank":
        word = value.strip().upper() if isinstance(value, str) else None
        if word not in RANKS:
            raise MotionError(f"{what}: a rank is one of {' '.join(RANKS)}, not {shown(value)}")
        return word
    word = value.strip().lower() if isinstance(value, str) else None
    if word not in kind:
        raise MotionError(f"{what}: {fact} is one of {', '.join(kind)}, not {shown(value)}")
    return word


def _order(kind: Any, value: Any) -> Any:
    """Where ``value`` stands among the values of its kind (ranks by face value)."""
    if kind == "rank":
        return RANKS.index(value)
    if isinstance(kind, tuple):
        return kind.index(value)
    return value


def _condition(data: Any, when: str, what: str) -> dict:
    _dict(data, what, ("fact", "op", "value"))
    if "fact" not in data:
        raise MotionError(f"{what} names the fact it tests, e.g. {{\"fact\": \"rank\", \"op\": \"is\", \"value\": \"A\"}}")
    fact = _key(data["fact"], f"{what}'s fact")
    if fact in _PERSON_FACTS or _PERSON.match(fact):
        raise ConstitutionError(_person_reason(f"{what} tests {shown(data['fact'])}"))
    if fact not in FACTS:
        if _PAST.search(fact):
            raise ConstitutionError(_past_reason(f"{what} tests {shown(data['fact'])}"))
        raise MotionError(f"{what} tests an unknown fact {shown(data['fact'])}; facts are: {', '.join(FACTS)}")
    spec = FACTS[fact]
    if spec.known is not None and when not in spec.known:
        raise MotionError(f"{what}: {fact} is known only at {_FACT_WORDS[fact]}, never {when}")
    ops = ops_of(fact)
    op = _key(data.get("op", "is"), f"{what}'s op")
    if op not in ops:
        raise MotionError(f"{what}: {fact} takes the ops {', '.join(ops)}, not {shown(data.get('op'))}")
    if op in ("is even", "is odd"):
        if data.get("value") is not None:
            raise MotionError(f"{what}: '{op}' takes no value")
        return {"fact": fact, "op": op}
    if "value" not in data:
        raise MotionError(f"{what}: '{op}' needs a value")
    if op in ("one of", "not one of"):
        values = _list(data["value"], f"{what}'s values", MAX_VALUES)
        if not values:
            raise MotionError(f"{what}: '{op}' needs at least one value")
        kept = {_value(fact, spec.kind, v, what) for v in values}
        return {"fact": fact, "op": op, "value": sorted(kept, key=lambda v: _order(spec.kind, v))}
    return {"fact": fact, "op": op, "value": _value(fact, spec.kind, data["value"], what)}


class Condition:
    """One condition of a rule, tested on the view a hook is handed. A fact the moment does not
    have (a round that ended in a stalemate has no winner to count cards of) never holds."""

    def __init__(self, data: dict):
        spec = FACTS[data["fact"]]
        self.field, self.kind, self.op = spec.field, spec.kind, data["op"]
        value = data.get("value")
        rank = self.kind == "rank"  # ranks compare by face value; other words only for equality
        self.value = (frozenset(RANKS.index(v) if rank else v for v in value) if isinstance(value, list)
                      else RANKS.index(value) if rank and value is not None else value)

    def holds(self, view: View) -> bool:
        seen = getattr(view, self.field)
        if seen is None:
            return False
        if self.kind == "rank":
            if seen not in RANKS:
                return False
            seen = RANKS.index(seen)
        op = self.op
        if op == "is":
            return seen == self.value
        if op == "is not":
            return seen != self.value
        if op == "at least":
            return seen >= self.value
        if op == "at most":
            return seen <= self.value
        if op == "one of":
            return seen in self.value
        if op == "not one of":
            return seen not in self.value
        return seen % 2 == (0 if op == "is even" else 1)


# -- effects ---------------------------------------------------------------------------------------------
_FACT_IN_WORDS = re.compile(r"\{([^{}]*)\}")


def _effect(data: Any, when: str, what: str) -> dict:
    if not isinstance(data, dict):
        raise MotionError(f"{what} is a mapping such as {{\"effect\": \"draw\", \"who\": \"actor\", \"n\": 1}}, "
                          f"not {shown(data)}")
    if "effect" not in data:
        raise MotionError(f"{what} names its effect, one of: {', '.join(EFFECTS)}")
    name = _key(data["effect"], f"{what}'s effect")
    name = _EFFECT_ALIASES.get(name, name)
    if name not in EFFECTS:
        _refused_word(name, f"{what}")
        raise MotionError(f"{what} is an unknown effect {shown(data['effect'])}; effects are: {', '.join(EFFECTS)}")
    kind = EFFECTS[name]
    fields = _FIELDS[name]
    _dict(data, f"{what} ({name})", ("effect",) + fields)
    out: dict[str, Any] = {"effect": name}
    for f in fields:
        if f not in data:
            continue
        value = data[f]
        if f == "who":
            value = _role(value, f"{what}'s {f}")
        elif f == "to":  # a role, or the draw pile (ReturnCleared); Give checks it goes next or previous
            word = _role(value, f"{what}'s to") if isinstance(value, (bool, int)) else _key(value, f"{what}'s to")
            value = word if word in ROLES or word == DRAW_PILE else _role(value, f"{what}'s to")
        elif f in ("which", "default"):
            value = _key(value, f"{what}'s {f}")
        elif f == "text":
            if not isinstance(value, str) or not value.strip() or len(value) > MAX_SAY:
                raise MotionError(f"{what}: Say needs a non-empty text of at most {MAX_SAY} characters")
            problem = text_problem(value)
            if problem is not None:
                raise MotionError(f"{what}: the words of a Say are shown at the table as written, and {problem}")
            value = " ".join(value.split())
            _check_facts_read_out(value, when, what)
        out[f] = value
    try:
        built = kind(**{k: v for k, v in out.items() if k != "effect"})
    except TypeError:  # a required field left out (Say's text)
        raise MotionError(f"{what} ({name}) needs its {', '.join(fields)}") from None
    for f in fields:  # the canonical data: every field, defaults included
        out[f] = getattr(built, f)
    if kind is ClearPile:
        event = when.split(" ", 1)[1]
        if not when.startswith("after") or event not in PLAY_EVENTS + ("blind flip",):
            raise MotionError(f"{what}: the pile is cleared only right after a play (after play, lead, bonus "
                              f"play or blind flip), not {when}")
    if when in _ROUND_END and kind in (Draw, Give, Discard, ReturnCleared, ClearPile):
        raise ConstitutionError(_past_reason(f"{what} ({name}) {when}: once the round has ended its cards "
                                             f"no longer move"))
    return out


def _check_facts_read_out(text: str, when: str, what: str) -> None:
    for m in _FACT_IN_WORDS.finditer(text):
        fact = " ".join(m.group(1).strip().lower().replace("_", " ").split())
        spec = FACTS.get(fact)
        if spec is None or spec.kind == "bool":
            raise MotionError(f"{what}: curly brackets in words hold a fact to read out, such as "
                              f"{{actor cards}}, not {shown(m.group(0))}")
        if spec.known is not None and when not in spec.known:
            raise MotionError(f"{what}: {fact} is known only at {_FACT_WORDS[fact]}, never {when}")
    rest = _FACT_IN_WORDS.sub("", text)
    if "{" in rest or "}" in rest:
        raise MotionError(f"{what}: curly brackets in words come in pairs around a fact, such as {{actor cards}}")


class _Told:
    """A Say whose words read facts of the moment out (``{actor cards}``)."""

    def __init__(self, text: str):
        self.text = text

    def make(self, view: View) -> Say:
        def fill(m: re.Match) -> str:
            value = getattr(view, FACTS[" ".join(m.group(1).strip().lower().replace("_", " ").split())].field)
            return "none" if value is None else str(value)
        return Say(_FACT_IN_WORDS.sub(fill, self.text)[:MAX_SAY])


def _built(effect: dict) -> Effect | _Told:
    kind = EFFECTS[effect["effect"]]
    if kind is Say and _FACT_IN_WORDS.search(effect["text"]):
        return _Told(effect["text"])
    return kind(**{k: v for k, v in effect.items() if k != "effect"})


def _text_name(value: Any, kind: str) -> None:
    """Refuse a ``value`` that is not text where the name of ``kind`` (a fact, an effect...) is asked."""
    if not isinstance(value, str):
        raise MotionError(f"{kind} is named by its text, not {shown(value)}")


# -- the menus of the language: what a builder offers, from the declarations above ---------------------
MOMENTS = tuple(f"{phase} {event}" for event in BASE_EVENTS for phase in PHASES)
"""Every moment a rule may act at ("before deal", "after deal", ...), event by event."""


def facts_at(when: str) -> tuple[str, ...]:
    """The facts a condition may test at the moment ``when`` (one of :data:`MOMENTS`), in the
    order of :data:`FACTS`: the moment's own facts first, then those known at every moment.

    >>> facts_at("after pickup")[:2]
    ('forced', 'taken')
    """
    _text_name(when, "a moment")
    if when not in MOMENTS:
        raise MotionError(f"a moment is one of {', '.join(MOMENTS[:4])}..., not {shown(when)}")
    own = [name for name, f in FACTS.items() if f.known is not None and when in f.known]
    return tuple(own + [name for name, f in FACTS.items() if f.known is None])


def ops_of(fact: str) -> tuple[str, ...]:
    """The ops a condition on ``fact`` takes (numbers take them all, a yes-or-no fact only
    ``is`` and ``is not``).

    >>> ops_of("forced")
    ('is', 'is not')
    """
    _text_name(fact, "a fact")
    if fact not in FACTS:
        raise MotionError(f"facts are: {', '.join(FACTS)}, not {shown(fact)}")
    return _OPS_OF.get(FACTS[fact].kind, OPS[:2] + OPS[4:6])


def values_of(fact: str) -> tuple | None:
    """The values a condition on ``fact`` may compare with: the ranks, ``(True, False)``, a
    closed list of words, or ``None`` for a whole number from 0 to :data:`MAX_NUMBER`.

    >>> values_of("how")
    ('ten', 'four', 'chain', 'motion')
    """
    _text_name(fact, "a fact")
    if fact not in FACTS:
        raise MotionError(f"facts are: {', '.join(FACTS)}, not {shown(fact)}")
    kind = FACTS[fact].kind
    return RANKS if kind == "rank" else (True, False) if kind == "bool" else None if kind == "number" else kind


def fact_words(fact: str, voice: str = "plain") -> str:
    """What a condition on ``fact`` is about, in words of ``voice`` (a builder's menu label).

    >>> fact_words("taken", "pirate")
    'the number of cards taken with the heap'
    """
    _text_name(fact, "a fact")
    if fact not in FACTS:
        raise MotionError(f"facts are: {', '.join(FACTS)}, not {shown(fact)}")
    if not isinstance(voice, str) or voice not in LEXICON:
        raise MotionError(f"motions are read out in the voices {', '.join(VOICES)}, not {shown(voice)}")
    return _fill(FACTS[fact].noun, voice)


class EffectField:
    """One field of an effect as a builder shows it: ``kind`` is ``"role"``, ``"words"`` (a
    closed list of words in ``options``), ``"number"`` (a whole number from ``low`` to
    ``high``) or ``"text"`` (at most ``high`` characters); ``default`` is the value the
    effect takes when the field is left out."""

    def __init__(self, name: str, kind: str, options: tuple = (), low: int = 0, high: int = 0,
                 default: Any = None):
        self.name, self.kind, self.options = name, kind, options
        self.low, self.high, self.default = low, high, default

    def __repr__(self) -> str:
        return f"EffectField({self.name!r}, {self.kind!r})"


def effect_fields(effect: str) -> tuple[EffectField, ...]:
    """The fields of the effect called ``effect`` (one of :data:`EFFECTS`), as the effect
    class declares them: roles for ``who``, where cards may go for ``to``, how many cards at
    most for ``n``, and ``choose`` among the ``which`` options of an effect with a default for
    bots.

    >>> [(f.name, f.high) for f in effect_fields("discard")][:2]
    [('who', 0), ('n', 2)]
    """
    _text_name(effect, "an effect")
    if effect not in EFFECTS:
        raise MotionError(f"effects are: {', '.join(EFFECTS)}, not {shown(effect)}")
    kind = EFFECTS[effect]
    out = []
    for name, spec in kind.__dataclass_fields__.items():
        default = None if spec.default is MISSING else spec.default  # a Say's words have none
        if name == "who":
            out.append(EffectField(name, "role", ROLES, default=default))
        elif name == "to":
            options = getattr(kind, "TO", (DRAW_PILE,) + ROLES)
            out.append(EffectField(name, "role" if options == ROLES else "words", options, default=default))
        elif name == "n":
            out.append(EffectField(name, "number", low=1, high=kind.MOST, default=default))
        elif name == "which":
            choose = (CHOOSE,) if "default" in _FIELDS[effect] else ()
            out.append(EffectField(name, "words", CHOICES + choose, default=default))
        elif name == "default":
            out.append(EffectField(name, "words", CHOICES, default=default))
        else:  # the words of a Say
            out.append(EffectField(name, "text", high=MAX_SAY, default=default))
    return tuple(out)


# -- rules and the whole motion ---------------------------------------------------------------------------
def _when(value: Any, what: str) -> str:
    if isinstance(value, str):
        if len(value) > MAX_WORD:
            raise MotionError(f"{what} is a short text such as 'after play' (at most {MAX_WORD} characters)")
        word = " ".join(value.strip().lower().split())
        phase = word.split(" ", 1)[0]
        if phase not in PHASES and _BLOCKING.match(word):
            raise ConstitutionError(_block_reason(f"{what} {shown(value)}"))
        if _PAST.search(word):
            raise ConstitutionError(_past_reason(f"{what} {shown(value)}"))
    event, phase = parse_hook_key(value)  # the Vote and Roshambo are refused here
    return f"{phase} {event}"


def _rule(data: Any, what: str) -> dict:
    _dict(data, what, ("when", "if", "then"))
    if "when" not in data or "then" not in data:
        raise MotionError(f"{what} says when it acts and what it does: it needs 'when' and 'then'")
    when = _when(data["when"], f"{what}'s when")
    conditions = [_condition(c, when, f"{what}'s condition {i}")
                  for i, c in enumerate(_list([] if data.get("if") is None else data["if"], f"{what}'s conditions",
                                              MAX_CONDITIONS), 1)]
    effects = _list(data["then"], f"{what}'s effects", MAX_EFFECTS_PER_HOOK)
    if not effects:
        raise MotionError(f"{what} does something: give it at least one effect")
    effects = [_effect(e, when, f"{what}'s effect {i}") for i, e in enumerate(effects, 1)]
    event = when.split(" ", 1)[1]
    if any(e["effect"] == "clear the pile" for e in effects) and event in ("play", "bonus play", "blind flip"):
        # a custom clear gives a bonus play, which is again a play (or a flip) this rule clears after
        excludes_bonus = any(c["fact"] == "bonus" and c["value"] is (c["op"] == "is not") for c in conditions)
        if event == "bonus play" or not excludes_bonus:
            raise ConstitutionError(
                f"{what} loops: clearing the pile {when} gives a bonus play, which is again a play this rule "
                "clears after, without end; add the condition that the play is not a bonus play "
                "(bonus is false)")
    return {"when": when, "if": conditions, "then": effects}


# -- termination: the constitution's guarantee that every round ends ------------------------------------
# Base Lopti's progress measure: within one turn, every play moves at least one card out of the
# player's reach (into the pile, or out of the round with a clear), and only a clear gives another
# play (the bonus play). Once a turn ends the next one begins, and the turn cap counts turns. So a
# turn can go on only while the player to act keeps getting cards back.
#
# Motion effects move cards between four places: the latest clear's cards out of the round
# (``cleared``), the draw pile (``draw pile``), the hand of the player whose turn it is
# (``player``) and the hands of the other players (``others``). Only effects at a moment that can
# come round again and again within one turn count here (a play, a lead, a bonus play, a clear, a
# face-down flip): every other moment comes at most once a turn, so what it moves is bounded. If no
# chain of such effects leads from ``cleared`` to ``player``, the cards within the player's reach
# never grow but by bounded amounts, and each play shrinks them: the turn ends. The check below
# refuses exactly the sets of rules with such a chain (whatever their conditions: a condition
# that holds once may hold every time).
REPEATING = frozenset(("play", "lead", "bonus play", "clear", "blind flip"))
"""The base events that can come round more than once within one turn."""
MAY_BE_PLAYER = frozenset(("actor", "everyone", "dealer", "leader", "most cards", "fewest cards"))
"""The roles that can name the player whose turn it is, at a moment of :data:`REPEATING`."""
_STEP_WORDS = {("cleared", "player"): "cleared cards go back to the player whose turn it is",
               ("cleared", "draw pile"): "cleared cards go into the draw pile",
               ("cleared", "others"): "cleared cards go to other players",
               ("draw pile", "player"): "the player whose turn it is draws",
               ("draw pile", "others"): "other players draw",
               ("others", "player"): "other players give cards to the player whose turn it is",
               ("others", "others"): "other players give cards on"}


def _moves(effect: dict) -> list[tuple[str, str]]:
    """The places an effect (canonical data) may move cards between: ``(from, to)`` pairs."""
    name = effect["effect"]
    if name == "return cleared cards":
        to = effect["to"]
        if to == DRAW_PILE:
            return [("cleared", "draw pile")]
        return ([("cleared", "player")] if to in MAY_BE_PLAYER else []) + \
            ([("cleared", "others")] if to != "actor" else [])
    if name == "draw":
        who = effect["who"]
        return ([("draw pile", "player")] if who in MAY_BE_PLAYER else []) + \
            ([("draw pile", "others")] if who != "actor" else [])
    if name == "give":  # a giver other than the player may give to them (the next one's previous...)
        who = effect["who"]
        return ([("player", "others")] if who in MAY_BE_PLAYER else []) + \
            ([("others", "player"), ("others", "others")] if who != "actor" else [])
    return []


def endless_turn(rules: list[dict]) -> str | None:
    """Why the rules ``rules`` (canonical rules, from every motion that would be in force
    together) could make one turn go on without end, or ``None`` when every turn ends: the chain
    of effects by which the cleared cards could come back to the player whose turn it is.

    >>> endless_turn([{"when": "after clear", "if": [], "then": [
    ...     {"effect": "return cleared cards", "to": "others", "n": 4, "which": "random", "default": "lowest"}]}])
    >>> endless_turn([{"when": "after clear", "if": [], "then": [
    ...     {"effect": "return cleared cards", "to": "actor", "n": 8, "which": "random", "default": "lowest"}]}])
    'after clear, cleared cards go back to the player whose turn it is'
    """
    edges: dict[str, list[tuple[str, str]]] = {}
    for r in rules:
        if r["when"].split(" ", 1)[1] not in REPEATING:
            continue
        for e in r["then"]:
            for a, b in _moves(e):
                edges.setdefault(a, []).append((b, r["when"]))
    # breadth first from the cleared cards, keeping the first way each place is reached
    came: dict[str, tuple[str, str] | None] = {"cleared": None}
    queue = ["cleared"]
    while queue:
        place = queue.pop(0)
        for nxt, when in edges.get(place, ()):
            if nxt not in came:
                came[nxt] = (place, when)
                queue.append(nxt)
    if "player" not in came:
        return None
    steps = []
    place = "player"
    while came[place] is not None:
        before, when = came[place]
        steps.append(f"{when}, {_STEP_WORDS[before, place]}")
        place = before
    return "; ".join(reversed(steps))


def loop_refusal(reason: str) -> str:
    """The constitution's sentence refusing rules that could make a turn endless (``reason``
    from :func:`endless_turn`)."""
    return f"a motion cannot loop, and here {reason}: that player could replay the same cards for ever in one turn"


def check_motion_data(data: Any) -> dict:
    """The canonical form of a data motion (names in lower case, every effect's fields filled in,
    "one of" values in order), or the reason it is refused: a :class:`ConstitutionError` for what
    no motion may do, a :class:`MotionError` for malformed data.

    >>> check_motion_data({"when": "after play", "then": [{"effect": "draw"}]})["rules"][0]["then"]
    [{'effect': 'draw', 'who': 'actor', 'n': 1}]
    """
    check_nesting(data, "a data motion", MotionError, max_depth=MAX_DEPTH, max_items=MAX_ITEMS)
    if isinstance(data, dict) and "rules" not in data and ("when" in data or "then" in data):
        single = {k: v for k, v in data.items() if k in ("when", "if", "then")}
        data = {**{k: v for k, v in data.items() if k not in single}, "rules": [single]}
    _dict(data, "a data motion", ("rules", "title"))
    out: dict[str, Any] = {}
    if "title" in data:
        title = data["title"]
        if not isinstance(title, str) or not title.strip() or len(title) > MAX_TITLE:
            raise MotionError(f"a motion's title is a short text (at most {MAX_TITLE} characters), not {shown(title)}")
        problem = text_problem(title)
        if problem is not None:
            raise MotionError(f"a motion's title is shown as written, and {problem}")
        out["title"] = " ".join(title.split())
    rules = _list(data.get("rules"), "a motion's rules", MAX_RULES)
    if not rules:
        raise MotionError("a data motion has at least one rule: when <event> [if <conditions>] then <effects>")
    out["rules"] = [_rule(r, f"rule {i}") for i, r in enumerate(rules, 1)]
    per_key: dict[str, int] = {}
    for r in out["rules"]:
        per_key[r["when"]] = per_key.get(r["when"], 0) + len(r["then"])
    for when, n in per_key.items():
        if n > MAX_EFFECTS_PER_HOOK:
            raise MotionError(f"the rules {when} have {n} effects together; at most {MAX_EFFECTS_PER_HOOK}")
    loop = endless_turn(out["rules"])
    if loop is not None:
        raise ConstitutionError(loop_refusal(loop))
    return out


class DataHook:
    """The rules of a data motion at one moment (``"after play"``), interpreted: called with the
    view, it returns the effects of every rule whose conditions all hold, in the rules' order."""

    def __init__(self, rules: list[dict]):
        self.rules = [([Condition(c) for c in r["if"]], [_built(e) for e in r["then"]]) for r in rules]

    def __call__(self, view: View) -> list[Effect] | None:
        out = []
        for conditions, effects in self.rules:
            if all(c.holds(view) for c in conditions):
                out += [e.make(view) if type(e) is _Told else e for e in effects]
        return out or None


def structure_title(canonical: dict) -> str:
    """A short title for a data motion whose author gave none, made from its first rule's
    structure (its moment, the facts it tests and its effects), never cut mid-word.

    >>> structure_title(check_motion_data({"when": "after play", "if": [{"fact": "rank", "op": "is", "value": "A"}],
    ...                                    "then": [{"effect": "give"}]}))
    'after play, if rank: give'
    """
    rules = canonical["rules"]
    first = rules[0]
    title = first["when"]
    if first["if"]:
        title += ", if " + " and ".join(dict.fromkeys(c["fact"] for c in first["if"]))
    title += ": " + ", ".join(dict.fromkeys(e["effect"] for e in first["then"]))
    more = f" (+{len(rules) - 1} more)" if len(rules) > 1 else ""
    if len(title) + len(more) > MAX_TITLE:
        cut = title[: MAX_TITLE - len(more) - 1]
        title = cut[: cut.rfind(" ")].rstrip(",:") + "…"
    return title + more


# -- words -----------------------------------------------------------------------------------------------
LEXICON = {
    "plain": {"player": "player", "players": "players", "pile": "pile", "hand": "hand", "plays": "plays",
              "table": "the table", "hears": "hears", "takes": "takes", "bonus": "bonus play",
              "dealt": "the cards are dealt", "out": "out of the round", "before": "Before", "after": "After"},
    "pirate": {"player": "sailor", "players": "sailors", "pile": "heap", "hand": "fist", "plays": "throws",
               "table": "the crew", "hears": "hears", "takes": "hauls in", "bonus": "bonus throw",
               "dealt": "the cards be dealt", "out": "over the side", "before": "Afore", "after": "After"},
    "comrade": {"player": "comrade", "players": "comrades", "pile": "pile", "hand": "hand", "plays": "plays",
                "table": "the membership", "hears": "is informed", "takes": "collects", "bonus": "bonus play",
                "dealt": "the distribution is made", "out": "out of the round", "before": "Before",
                "after": "Once"},
}
_EVENTS = {
    "deal": "{dealt}", "swap": "a {player} swaps or keeps the deal", "lead": "a {player} leads onto an empty table",
    "play": "a {player} {plays} cards", "draw": "a {player} draws from the draw pile",
    "take face-up": "a {player} takes up their face-up cards", "blind flip": "a {player} flips a face-down card",
    "pickup": "a {player} {takes} the {pile}", "clear": "the {pile} is cleared",
    "bonus play": "a {player} makes a {bonus}", "out": "a {player} goes out", "round end": "the round ends",
}
_ACTOR = {"deal": "the dealer", "round end": "the round's winner", "clear": "the {player} who cleared"}
_ROLES = {"next": "the next {player} still in", "previous": "the {player} still in before them",
          "others": "every other {player} still in", "everyone": "every {player} still in",
          "dealer": "the dealer", "leader": "the {player} who led this round",
          "most cards": "the {player} holding the most cards", "fewest cards": "the {player} holding the fewest cards"}
_HOW = {"ten": "with a 10", "four": "by four of a kind", "chain": "by a chain of four 3s", "motion": "by a motion"}
_SOURCE = {"hand": "from a {hand}", "blind": "from a face-down card"}
_NOT = {"the pickup was forced by a 3 duty": "the pickup was not forced by a 3 duty",
        "the flipped card could be played": "the flipped card could not be played",
        "a swap was made": "no swap was made", "it is a {bonus}": "it is not a {bonus}",
        "the round hit the turn cap": "the round did not hit the turn cap",
        "that {player} is the dealer": "that {player} is not the dealer",
        "that {player} led this round": "that {player} did not lead this round"}


_RANK_WORDS = {**{r: f"{r}s" for r in RANKS}, "J": "Jacks", "Q": "Queens", "K": "Kings", "A": "Aces"}


def _either(items: list[str], word: str = "or") -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"


def _condition_words(c: dict) -> str:
    fact, op, value = c["fact"], c["op"], c.get("value")
    spec = FACTS[fact]
    if spec.kind == "bool":
        positive = value if op == "is" else not value
        return spec.noun if positive else _NOT[spec.noun]
    if fact == "how":
        values = value if isinstance(value, list) else [value]
        made = _either([_HOW[v] for v in values])
        return f"the {{pile}} was {'not ' if op.endswith('not') or op == 'not one of' else ''}cleared {made}"
    if fact == "source":
        values = value if isinstance(value, list) else [value]
        came = _either([_SOURCE[v] for v in values])
        return f"the cards {'did not come' if 'not' in op else 'came'} {came}"
    if fact == "rank":
        if op in ("at least", "at most"):
            return f"the cards played are {_RANK_WORDS[value]} or {'higher' if op == 'at least' else 'lower'}"
        values = value if isinstance(value, list) else [value]
        return f"the cards played are {'not ' if 'not' in op else ''}{_either([_RANK_WORDS[v] for v in values])}"
    if fact == "place":
        if op in ("at least", "at most"):
            return f"that {{player}} goes out in {ordinal(value)} place or {'later' if op == 'at least' else 'better'}"
        if op in ("is even", "is odd"):
            return f"the place is {op[3:]}"
        values = value if isinstance(value, list) else [value]
        return f"that {{player}} goes out {'not ' if 'not' in op else ''}in {_either([ordinal(v) for v in values])} place"
    show = str
    if op in ("is even", "is odd"):
        return f"{spec.noun} {op}"
    if op in ("one of", "not one of"):
        return f"{spec.noun} is {'not ' if op == 'not one of' else ''}{_either([show(v) for v in value])}"
    return f"{spec.noun} {op if op.startswith('is') else 'is ' + op} {show(value)}"


def _cards(n: int, which: str, default: str) -> str:
    some = "a {hand} card" if n == 1 else plural(n, "{hand} card")
    if which == CHOOSE:
        return f"{some} of their choosing (a bot: its {default})"
    if which == "random":
        return f"{some} at random"
    return f"their {which} {'{hand} card' if n == 1 else plural(n, '{hand} card')}"


def _effect_words(e: dict, event: str) -> str:
    kind = EFFECTS[e["effect"]]

    def who(role: str) -> str:
        return _ACTOR.get(event, "that {player}") if role == "actor" else _ROLES[role]

    if kind is Reveal:
        card = "a random {hand} card" if e["which"] == "random" else f"their {e['which']} {{hand}} card"
        return f"{who(e['who'])} shows {{table}} {card}"
    if kind is Draw:
        return f"{who(e['who'])} draws {'a card' if e['n'] == 1 else plural(e['n'], 'card')} from the draw pile, while it lasts"
    if kind is Give:
        to = "the next {player} still in" if e["to"] == "next" else "the {player} still in before them"
        return f"{who(e['who'])} gives {_cards(e['n'], e['which'], e['default'])} to {to}"
    if kind is Discard:
        return f"{who(e['who'])} puts {_cards(e['n'], e['which'], e['default'])} {{out}}"
    if kind is ClearPile:
        return "the {pile} is cleared (that {player} makes the {bonus})"
    cards = f"up to {plural(e['n'], 'card')} of the latest clear"
    which = {"random": " at random", CHOOSE: f" of the receiver's choosing (a bot takes its {e['default']})"}.get(
        e["which"], f", the {e['which']} first")
    if e["to"] == DRAW_PILE:
        return f"{cards}{which} go back into the draw pile, which is shuffled"
    return f"{cards}{which} go into the {{hand}} of {who(e['to'])}"


def _rule_words(r: dict, voice: str) -> str:
    """One rule in words of ``voice``: the engine's words are filled in from the lexicon piece by
    piece, and the words of a Say are put in as written (never passed through the lexicon)."""
    phase, event = r["when"].split(" ", 1)
    said = _fill("{" + phase + "} " + _EVENTS[event], voice)  # the voice's Before/After, capitalised
    if r["if"]:
        said += ", if " + _fill(_either([_condition_words(c) for c in r["if"]], "and"), voice)
    parts = []
    for e in r["then"]:
        if e["effect"] == "say":
            told = _FACT_IN_WORDS.sub(lambda m: "[" + _fill(FACTS[_fact_key(m.group(1))].noun, voice) + "]", e["text"])
            parts.append(_fill('{table} {hears}: "', voice) + told + '"')
        else:
            parts.append(_fill(_effect_words(e, event), voice))
    return said + ", " + _either(parts, "and") + "."


def _fact_key(text: str) -> str:
    """The fact a ``{...}`` in a Say's words names (spaces, case and underscores aside)."""
    return " ".join(text.strip().lower().replace("_", " ").split())


def _fill(text: str, voice: str) -> str:
    words = LEXICON[voice]
    return re.sub(r"\{(\w+)\}", lambda m: words.get(m.group(1), m.group(0)), text)


def motion_words(data: Any, voice: str = "plain") -> str:
    """A data motion's rules in words, as they will be read out at the table, in ``voice`` (one
    of :data:`VOICES`). The words of a Say effect are quoted as written.

    >>> motion_words({"when": "after pickup", "then": [{"effect": "draw", "who": "others"}]}, "pirate")
    'After a sailor hauls in the heap, every other sailor still in draws a card from the draw pile, while it lasts.'
    """
    if not isinstance(voice, str) or voice not in LEXICON:
        raise MotionError(f"motions are read out in the voices {', '.join(VOICES)}, not {shown(voice)}")
    canonical = check_motion_data(data)
    return " ".join(_rule_words(r, voice) for r in canonical["rules"])


__all__ = ["check_motion_data", "structure_title", "endless_turn", "loop_refusal", "motion_words", "DataHook", "Condition",
           "FACTS", "OPS", "EFFECTS", "VOICES", "MAX_RULES", "MAX_CONDITIONS", "MOMENTS", "facts_at",
           "ops_of", "values_of", "fact_words", "EffectField", "effect_fields"]
