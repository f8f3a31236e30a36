"""Practice that adapts: one question at a time, drawn from real positions, answered by the engine.

:func:`practice` opens a :class:`Practice` for any game whose plugin names a practice part
(``extras["practice"]``: a module with ``KINDS``, ``VOICES`` and, per kind, a function
``(rng, voice) -> Drawn``). Each question is drawn from a position that the package's own bots
reached in a seeded game (checked possible by the game's ``check_position``), its answer is
computed by the engine, and the reason shown after an answer is the engine's own sentence (why
an action is refused, the event that said what happened). Nothing here writes a verdict.

Kinds the learner gets wrong come back sooner, kinds they master less often: a Leitner box per
kind (a wrong answer puts it back in box 1, a right one moves it up a box; a kind in box ``b``
comes back ``2 ** (b - 1)`` questions after it was last asked). The state saves as JSON
(:meth:`Practice.save`) and loads again (``practice(game, saved=...)``).

    >>> import lopti_nb
    >>> p = practice(lopti_nb.game_names()[0], seed=3)
    >>> q = p.question
    >>> q.kind in p.kinds and q.choices and isinstance(q.text, str)
    True
    >>> checked = p.answer(q.choices[0])
    >>> isinstance(checked.right, bool) and p.asked == 1
    True
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple, Sequence

from ..engine import SettingsError, get_spec, new_game
from ..engine.limits import shown
from ..engine.settings import whole
from .core import Observer, tell

BOXES = 5  # a kind in the last box is mastered
MASTERED = 4  # a kind in this box or higher counts as mastered
MAX_SAVED = 100_000  # characters of a saved practice


class PracticeError(SettingsError):
    """A practice request that cannot be met: an unknown voice or choice, a corrupt saved state."""


@dataclass(frozen=True)
class Drawn:
    """What a game's practice kind draws: the question's ``text``, its ``choices`` (words a
    person reads), the right ``answer`` (one of the choices) and the engine's ``reason``."""

    text: str
    choices: tuple[str, ...]
    answer: str
    reason: str
    facts: dict = field(default_factory=dict, compare=False)  # what the question is about, for a test to ask the engine again


@dataclass(frozen=True)
class Question:
    """The question asked now: its ``kind``, ``text`` and ``choices``."""

    kind: str
    text: str
    choices: tuple[str, ...]


class Answered(NamedTuple):
    """Whether an answer was right, and the engine's reason (``right, reason = p.answer(c)``)."""

    right: bool
    reason: str

    def __bool__(self) -> bool:
        return self.right


class Practice:
    """A learner's practice at one game (see the module's docstring). ``question`` is the
    question asked now; :meth:`answer` answers it and moves on; ``score`` counts the right
    answers, ``asked`` the questions answered; ``by_kind`` is a table per kind."""

    def __init__(self, game: str, kinds: dict[str, Callable[[random.Random, str], Drawn]], voice: str,
                 seed: int = 0, voices: Sequence[str] = ("plain",)):
        self.game, self._kinds, self.voice, self.voices = game, kinds, voice, tuple(voices)
        self.kinds = tuple(kinds)
        self._rng = random.Random(seed)
        self.seed = seed
        self.asked = 0
        self.score = 0
        self.box = {k: 1 for k in self.kinds}
        self.due = {k: 0 for k in self.kinds}  # the question count at which the kind comes back
        self.counts = {k: [0, 0] for k in self.kinds}  # asked, right
        self.history: list[tuple[str, bool]] = []
        self.observers: list[Callable[[str, bool, "Practice"], None]] = []
        self.observer = None  # who follows the learner's work (a class's Student), see follow()
        self.told = ""  # the sentence of a report the observer refused ("" when it took it)
        self._drawn: Drawn | None = None
        self._kind: str | None = None

    # -- asking -----------------------------------------------------------------------------------
    def next_kind(self) -> str:
        """The kind asked next: among those due, the lowest box first (ties: the longest
        overdue, then the kinds' order); if none is due, the one due soonest."""
        due = [k for k in self.kinds if self.due[k] <= self.asked]
        pool = due or [min(self.kinds, key=lambda k: self.due[k])]
        return min(pool, key=lambda k: (self.box[k], self.due[k], self.kinds.index(k)))

    @property
    def question(self) -> Question:
        """The question asked now (drawn when first looked at)."""
        if self._drawn is None:
            self._kind = self.next_kind()
            self._drawn = self._kinds[self._kind](self._rng, self.voice)
        return Question(self._kind, self._drawn.text, self._drawn.choices)

    def answer(self, choice: Any) -> Answered:
        """Answer the question asked now with one of its choices: whether it was right, and
        the engine's reason. A choice that is not offered is refused (nothing changes)."""
        q = self.question
        if not isinstance(choice, str) or choice not in q.choices:
            raise PracticeError(f"That is not one of the choices ({'; '.join(q.choices)}): {shown(choice)}.")
        right = choice == self._drawn.answer
        kind = q.kind
        self.asked += 1
        self.counts[kind][0] += 1
        if right:
            self.score += 1
            self.counts[kind][1] += 1
            self.box[kind] = min(BOXES, self.box[kind] + 1)
        else:
            self.box[kind] = 1
        self.due[kind] = self.asked + 2 ** (self.box[kind] - 1)
        self.history.append((kind, right))
        reason = self._drawn.reason if right else f"The answer is {self._drawn.answer}. {self._drawn.reason}"
        self._drawn = self._kind = None
        for observer in list(self.observers):
            observer(kind, right, self)
        self.told = tell(self.observer, "practice", self.game, kind, self.box[kind] >= MASTERED)
        return Answered(right, reason)

    def follow(self, observer: Observer | None) -> None:
        """Tell ``observer`` (an :class:`~lopti_nb.explainers.core.Observer`, e.g. a class's
        student) after each answer whether that kind of question counts as mastered now."""
        if observer is not None and not isinstance(observer, Observer):
            raise PracticeError(f"follow() takes an Observer (lopti_nb.explainers.Observer), not {shown(observer)}.")
        self.observer = observer

    # -- what it shows -------------------------------------------------------------------------------
    @property
    def mastered(self) -> tuple[str, ...]:
        """The kinds in box :data:`MASTERED` or higher."""
        return tuple(k for k in self.kinds if self.box[k] >= MASTERED)

    @property
    def by_kind(self):
        """A table with one row per kind asked: ``kind``, ``asked``, ``right`` (and its ``box``)."""
        import pandas as pd

        rows = [{"kind": k, "asked": a, "right": r, "box": self.box[k]}
                for k, (a, r) in self.counts.items() if a]
        return pd.DataFrame(rows, columns=["kind", "asked", "right", "box"])

    def summary(self) -> list[str]:
        """One line per kind asked: "may play: 3 of 4 right, box 3"."""
        return [f"{k}: {r} of {a} right, box {self.box[k]}{' (mastered)' if self.box[k] >= MASTERED else ''}"
                for k, (a, r) in self.counts.items() if a]

    # -- saving ------------------------------------------------------------------------------------
    def save(self) -> str:
        """The practice as JSON text: ``practice(game, saved=text)`` carries on from here."""
        return json.dumps({"game": self.game, "voice": self.voice, "seed": self.seed, "asked": self.asked,
                           "score": self.score, "box": self.box, "due": self.due, "counts": self.counts,
                           "history": self.history, "rng": _rng_state(self._rng)}, sort_keys=True)

    def load(self, text: Any) -> None:
        """Carry on from a saved practice (:meth:`save`); a text that is not one is refused
        with :class:`PracticeError` and nothing changes."""
        data = _read_saved(text, self.game, self.kinds)
        if data["voice"] not in self.voices:
            raise PracticeError("That is not a saved practice of this game (it may be cut short or edited).")
        self.voice, self.seed, self.asked, self.score = data["voice"], data["seed"], data["asked"], data["score"]
        self.box, self.due = dict(data["box"]), dict(data["due"])
        self.counts = {k: list(v) for k, v in data["counts"].items()}
        self.history = [(k, r) for k, r in data["history"]]
        self._rng.setstate(_rng_from(data["rng"]))
        self._drawn = self._kind = None


# -- real positions ------------------------------------------------------------------------------------
def real_position(game: str, rng: random.Random, keep: Callable[[Any], bool], players: int | None = None,
                  bot: str | None = None, tries: int = 200, to_end: bool = False, **settings: Any):
    """A position the package's bots reach in a seeded game of ``game``, at a moment ``keep``
    accepts, checked possible by the game's ``check_position``: a copy, to ask about. Each try
    plays a fresh game (seeded from ``rng``) and stops at a random moment where ``keep`` holds."""
    from ..engine.runner import play_out

    spec = get_spec(game)
    check = spec.load("testing").check_position
    for _ in range(tries):
        n = players or rng.randint(spec.min_players, spec.max_players)
        seed = rng.randrange(1_000_000)
        state = new_game(game, players=n, seed=seed, **settings)
        bots = [spec.make_bot(bot or spec.default_bot) for _ in range(n)]
        play = random.Random(seed)
        stop = 100_000 if to_end else rng.randrange(1, 400)
        moments = []
        for step in range(stop):
            if state.is_over:
                break
            if keep(state):
                moments.append(state.copy())
            seat = state.current_player
            legal = state.legal_actions()
            state.apply(legal[0] if len(legal) == 1 else bots[seat](state.observation(seat), legal, play))
        if state.is_over and keep(state):
            moments.append(state.copy())
        if moments:
            chosen = moments[rng.randrange(len(moments))]
            if check(chosen) == []:
                return chosen
    raise PracticeError(f"no position of {spec.title} fits this question")  # pragma: no cover - a bug


def finished_game(game: str, rng: random.Random, players: int | None = None, bot: str | None = None,
                  **settings: Any):
    """A whole seeded game the package's bots played to its end (its events are asked about)."""
    return real_position(game, rng, lambda st: st.is_over, players=players, bot=bot, tries=20, to_end=True,
                         **settings)


def distractors(answer: int, rng: random.Random, steps: Sequence[int] = (10, 20, 30), low: int | None = None,
                count: int = 3) -> tuple[str, ...]:
    """``answer`` among ``count`` other numbers near it (shuffled), as choices."""
    pool = {answer + s for s in steps} | {answer - s for s in steps}
    pool.discard(answer)
    if low is not None:
        pool = {x for x in pool if x >= low}
    others = rng.sample(sorted(pool), min(count, len(pool)))
    choices = [str(x) for x in others + [answer]]
    rng.shuffle(choices)
    return tuple(choices)


def _rng_state(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_from(data: Any) -> tuple:
    version, internal, gauss = data
    return version, tuple(internal), gauss


def _is_count(value: Any, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def _read_saved(text: Any, game: str, kinds: Sequence[str]) -> dict:
    bad = PracticeError("That is not a saved practice of this game (it may be cut short or edited).")
    if not isinstance(text, str) or len(text) > MAX_SAVED:
        raise bad
    try:
        data = json.loads(text)
        ok = (isinstance(data, dict) and data.get("game") == game and isinstance(data.get("voice"), str)
              and _is_count(data.get("seed")) and _is_count(data.get("asked")) and _is_count(data.get("score"))
              and data["score"] <= data["asked"]
              and isinstance(data.get("box"), dict) and set(data["box"]) == set(kinds)
              and all(_is_count(b, 1) and b <= BOXES for b in data["box"].values())
              and isinstance(data.get("due"), dict) and set(data["due"]) == set(kinds)
              and all(_is_count(d) for d in data["due"].values())
              and isinstance(data.get("counts"), dict) and set(data["counts"]) == set(kinds)
              and all(isinstance(c, list) and len(c) == 2 and _is_count(c[0]) and _is_count(c[1]) and c[1] <= c[0]
                      for c in data["counts"].values())
              and isinstance(data.get("history"), list)
              and all(isinstance(h, list) and len(h) == 2 and h[0] in kinds and isinstance(h[1], bool)
                      for h in data["history"]))
        if ok:
            random.Random().setstate(_rng_from(data["rng"]))
    except (ValueError, TypeError, KeyError, RecursionError):
        raise bad from None
    if not ok:
        raise bad
    return data


def practice(game: str, voice: str = "plain", seed: int = 0, saved: str | None = None) -> Practice:
    """Practice ``game`` one question at a time, in ``voice`` (one of the game's practice
    voices); ``seed`` fixes the questions drawn; ``saved`` (text from :meth:`Practice.save`)
    carries on from a saved practice. An unknown game, voice or saved text is refused with a
    sentence.

    >>> import lopti_nb
    >>> p = practice(lopti_nb.game_names()[0])
    >>> p.question.kind in p.kinds
    True
    """
    spec = get_spec(game)
    part = spec.load("practice")
    if part is None:
        raise PracticeError(f"{spec.title} has no practice questions yet.")
    if not isinstance(voice, str) or voice not in part.VOICES:
        raise PracticeError(f"{spec.title} is practised in the voices {', '.join(part.VOICES)}, not {shown(voice)}.")
    seed = whole(seed, "seed", 0, error=PracticeError)
    p = Practice(spec.name, dict(part.KINDS), voice, seed, part.VOICES)
    if saved is not None:
        p.load(saved)
    return p


__all__ = ["practice", "Practice", "Question", "Answered", "Drawn", "PracticeError", "BOXES", "MASTERED"]
