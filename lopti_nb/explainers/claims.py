"""The claims check: every sentence a learner reads, walked and checked against the engine.

A learner cannot tell a true sentence from a false one, so the words around the engine's
verdicts are checked the way the verdicts are: by asking the engine again. :func:`said` walks
everything a game teaches in a voice (every lesson step with its position, choices and
verdicts, every quiz question, and the guided round played hint by hint: its hints, the
opponents' moves, the learner's moves and the summary) and keeps, beside each text, the
position and move it is about. :func:`check_claims` then fails a text that

- shows program words (engine, hook, oracle, Python notation, "1 cards");
- uses a term before the lesson step that teaches it (each game declares its terms);
- names one thing with two words in one voice (each game declares its synonyms);
- tells why a move in the guided round is legal without the rules' own reason for it
  (``why_legal`` of the position it was made in);
- makes a claim one of the game's claim probes re-derives through the engine and finds false
  (a probe is a pattern and a function that asks the engine);
- gives a voiced guided round's hint in another voice's words (the same hint as the plain voice).

A game declares its terms, synonyms and probes in a module its plugin names as the extra part
``"claims"`` (``GameSpec.extras``), read with ``spec.load("claims")``: ``TERMS`` (a list of
:class:`Term`), ``SAME_THING`` (tuples of patterns naming one thing), ``CLAIMS`` (a list of
:class:`Claim`) and optionally ``more_said(voice)`` (further texts a learner meets, such as the
judge's answers in a sandbox). This module knows no game.

    >>> import lopti_nb
    >>> from lopti_nb.explainers.claims import check_claims
    >>> check_claims(lopti_nb.game_names()[0], "plain")
    []
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from ..engine import get_spec
from .notation import learner_texts, python_notation, visible_text


@dataclass(frozen=True)
class Said:
    """One text a learner reads: ``where`` it is shown, the ``text``, the index of the lesson
    ``step`` it belongs to (``None`` outside the lessons), its ``kind`` (``"lesson"``,
    ``"hint"``, ``"move"``, ``"summary"``, ``"intro"`` or a game's own) and, for a move of the
    guided round, the position ``state`` it was made in, the ``seat`` and the ``action``."""

    game: str
    voice: str
    where: str
    text: str
    step: int | None = None
    kind: str = "lesson"
    state: Any = None
    seat: int | None = None
    action: Any = None


@dataclass(frozen=True)
class Term:
    """A word a learner must be taught before it is used: its ``name``, the ``pattern`` that
    finds it and the key of the lesson step that ``taught`` it (per voice, a mapping voice ->
    key or one key for every voice); ``named_at`` are earlier steps that may name it without
    using it (a list of what the deck holds)."""

    name: str
    pattern: str
    taught: str | dict
    named_at: tuple[str, ...] = ()  # earlier steps that may name it without using it (a list of the deck)

    def step_key(self, voice: str) -> str | None:
        return self.taught.get(voice) if isinstance(self.taught, dict) else self.taught


@dataclass(frozen=True)
class Claim:
    """A claim probe: ``pattern`` finds the claim in a text, ``check(match, said)`` asks the
    engine and returns what is false in words (``None``: the engine agrees)."""

    name: str
    pattern: str
    check: Callable[[re.Match, Said], str | None]
    kinds: tuple[str, ...] = ()  # the kinds of text it reads (empty: every kind)


@dataclass(frozen=True)
class Problem:
    """A text the claims check fails: which ``check``, ``where``, what is wrong and the text."""

    check: str
    where: str
    detail: str
    text: str

    def __str__(self) -> str:
        return f"{self.check} at {self.where}: {self.detail}: {self.text[:160]!r}"


# -- program words ---------------------------------------------------------------------------------
PROGRAM_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # lower case: "Engine" is a word of some games (a suit of machines in the Ledger)
    ("engine", re.compile(r"\bengines?\b|\bENGINE\b")),
    ("hook", re.compile(r"\bhooks?\b", re.I)),
    ("oracle", re.compile(r"\boracles?\b", re.I)),
    ("repr text", re.compile(r"<[\w.]+ object at 0x|\b[A-Z]\w+\(\w+=|\bnull\b|\bundefined\b|\bNaN\b")),
    ("one with a plural", re.compile(r"(?<![\d.,\w§-])(?<!Seat )(?<!seat )1 (?:cards|plays|throws|tricks|coins|machines|points|"
                                     r"turns|votes|rounds|players|times|bids|seats|effects|motions|"
                                     r"steps|sales|flips|ties|hazards|suits|ballots|pickups|clears)\b")),
)


def program_words(text: str) -> list[str]:
    """The kinds of program words in ``text``: engine, hook, oracle, repr-style text, a count
    of one with a plural noun ("1 cards"), and Python notation."""
    found = [name for name, pattern in PROGRAM_WORDS if pattern.search(text)]
    return found + python_notation(text)


# -- the walk ----------------------------------------------------------------------------------------
def _claims_module(game: str):
    return get_spec(game).load("claims")


def said_in_lessons(game: str, voice: str) -> Iterator[Said]:
    """Every text of ``game``'s lessons in ``voice`` (steps, positions, choices, verdicts as the
    verdict box shows them, quiz questions), with the index of its step."""
    from . import steps
    from .core import verdict_html

    spec = get_spec(game)
    if spec.lessons is None:
        return
    all_steps = steps(spec.name, voice)
    order = {s.key: i for i, s in enumerate(all_steps)}
    for where, text in learner_texts(spec.name, voice):
        yield Said(spec.name, voice, where, text, order[where.split()[0]])
    # the verdict box itself (its headings are words a learner reads too)
    for i, step in enumerate(all_steps):
        scene = step.make_scene()
        for choice in scene.choices():
            verdict = step.make_scene().attempt(choice.key)
            yield Said(spec.name, voice, f"{step.key} verdict box on {choice.label!r}",
                       visible_text(verdict_html(verdict)), i)


def said_in_tutorial(game: str, voice: str) -> Iterator[Said]:
    """Every text of ``game``'s guided round in ``voice``, followed hint by hint: the title and
    introduction, each hint (its move, reason and tip) with the position it is given in, each
    move with the position before it, and the summary. Nothing for a game without a guided
    round or a voice its guide does not speak."""
    spec = get_spec(game)
    script_class = spec.load("tutorial")
    if script_class is None or voice not in script_class.voices:
        return
    # the guided round is a widget: ipywidgets only when a guided round is walked
    from .tutorial import Tutorial

    script = script_class(voice)
    moments: list[Said] = []
    hint_of, opponent_of = script.hint, script.opponent

    def hint(state, seat):
        given = hint_of(state, seat)
        at = state.copy()
        n = len(moments)
        for part, text in (("move", given.move), ("reason", given.why), ("tip", given.tip)):
            moments.append(Said(spec.name, voice, f"guided round hint {n} {part}", text,
                                kind="hint", state=at, seat=seat, action=given.action))
        return given

    def opponent(state, seat, rng):
        action, why = opponent_of(state, seat, rng)
        moments.append(Said(spec.name, voice, f"guided round move {len(moments)}", why, kind="move",
                            state=state.copy(), seat=seat, action=action))
        return action, why

    script.hint, script.opponent = hint, opponent  # this walk's own script object only
    guide = Tutorial(spec.name, script)
    yield Said(spec.name, voice, "guided round title", script.title(), kind="intro")
    yield Said(spec.name, voice, "guided round introduction", script.intro(), kind="intro")
    for _ in range(2000):
        if guide.done:
            break
        guide.take_hint()
    yield from moments
    for n, move in enumerate(guide.moves):
        yield Said(spec.name, voice, f"guided round log {n}", f"{move.happened} {move.why}".strip(),
                   kind="log")
    end = guide.table.state
    for n, line in enumerate(script.summary(end, guide.moves)):
        # the position the summary speaks of: a probe asks it who won and what scored
        yield Said(spec.name, voice, f"guided round summary {n}", line, kind="summary", state=end, seat=0)


def said(game: str, voice: str) -> list[Said]:
    """Everything ``game`` says to a learner in ``voice``: its lessons, its guided round and
    what its claims module adds (``more_said``)."""
    out = list(said_in_lessons(game, voice)) + list(said_in_tutorial(game, voice))
    module = _claims_module(game)
    if module is not None and hasattr(module, "more_said"):
        out.extend(module.more_said(voice))
    return out


# -- the checks ------------------------------------------------------------------------------------
def _words_check(texts: Sequence[Said]) -> list[Problem]:
    return [Problem("program words", s.where, ", ".join(found), s.text)
            for s in texts for found in [program_words(s.text)] if found]


def _terms_check(game: str, voice: str, texts: Sequence[Said], terms: Sequence[Term]) -> list[Problem]:
    from . import steps

    order = [s.key for s in steps(game, voice)] if get_spec(game).lessons is not None else []
    problems = []
    for term in terms:
        key = term.step_key(voice)
        if key is None or key not in order:
            problems.append(Problem("term taught", "lessons", f"{term.name}: no step {key!r} teaches it", ""))
            continue
        taught = order.index(key)
        step = steps(game, voice)[taught]
        if not re.search(term.pattern, step.title + " " + visible_text(step.text)):
            problems.append(Problem("term taught", key, f"{term.name}: the step meant to teach it never names it",
                                    step.text))
        allowed = {order.index(k) for k in term.named_at if k in order}
        for s in texts:
            if s.step is not None and s.step < taught and s.step not in allowed \
                    and re.search(term.pattern, s.text):
                problems.append(Problem("term before it is taught", s.where,
                                        f"{term.name} is taught at step {key!r}", s.text))
    return problems


def _same_thing_check(texts: Sequence[Said], groups: Sequence[Sequence[str]]) -> list[Problem]:
    problems = []
    for group in groups:
        used = {}
        for s in texts:
            for pattern in group:
                if pattern not in used and re.search(pattern, s.text):
                    used[pattern] = s
        if len(used) > 1:
            firsts = "; ".join(f"{p!r} at {s.where}" for p, s in used.items())
            problems.append(Problem("one term per thing", "this voice", f"one thing, several words: {firsts}",
                                    next(iter(used.values())).text))
    return problems


def _stated(reason: str) -> str:
    """A reason as a guide quotes it: first letter and final stop aside."""
    reason = reason.strip().rstrip(".")
    return reason[1:] if reason else reason


def _reason_check(texts: Sequence[Said]) -> list[Problem]:
    """A hint's reason and an opponent's move carry the rules' own reason (``why_legal``)."""
    problems = []
    for s in texts:
        if s.kind not in ("hint", "move") or s.state is None or s.where.endswith((" move", " tip")):
            continue
        reason = s.state.why_legal(s.action, s.seat)
        if reason is None:
            problems.append(Problem("legal by the engine", s.where, "the rules refuse this move", s.text))
        elif _stated(reason) not in s.text:
            problems.append(Problem("reason from the engine", s.where,
                                    f"the rules' reason is missing ({reason})", s.text))
    return problems


def _probe_check(texts: Sequence[Said], claims: Sequence[Claim]) -> list[Problem]:
    problems = []
    for claim in claims:
        pattern = re.compile(claim.pattern)
        for s in texts:
            if claim.kinds and s.kind not in claim.kinds:
                continue
            for match in pattern.finditer(s.text):
                wrong = claim.check(match, s)
                if wrong:
                    problems.append(Problem(claim.name, s.where, wrong, s.text))
    return problems


def _voice_check(game: str, voice: str, texts: Sequence[Said]) -> list[Problem]:
    """A voiced guided round's hints are its own, not the plain voice's word for word."""
    if voice == "plain":
        return []
    plain = {s.text for s in said_in_tutorial(game, "plain") if s.kind == "hint" and not s.where.endswith(" move")}
    return [Problem("hint in its own voice", s.where, "the plain voice's words", s.text)
            for s in texts if s.kind == "hint" and not s.where.endswith(" move") and s.text in plain]


def check_claims(game: str, voice: str = "plain", texts: Sequence[Said] | None = None) -> list[Problem]:
    """Every :class:`Problem` the claims check finds in what ``game`` says in ``voice`` (empty:
    every text passes). ``texts`` defaults to :func:`said`; a test passes its own to show that
    a false sentence is caught."""
    spec = get_spec(game)
    texts = said(spec.name, voice) if texts is None else list(texts)
    module = _claims_module(spec.name)
    terms = getattr(module, "TERMS", ()) if module is not None else ()
    groups = getattr(module, "SAME_THING", ()) if module is not None else ()
    claims = getattr(module, "CLAIMS", ()) if module is not None else ()
    return (_words_check(texts) + _terms_check(spec.name, voice, texts, terms)
            + _same_thing_check(texts, groups) + _reason_check(texts) + _probe_check(texts, claims)
            + _voice_check(spec.name, voice, texts))


__all__ = ["Said", "Term", "Claim", "Problem", "PROGRAM_WORDS", "program_words", "said",
           "said_in_lessons", "said_in_tutorial", "check_claims"]
