"""Bots that write and vote on motions by evidence: what the motion lab says a motion does to
their own seat.

Two policies, each a function a bot (or a person's helper) can call, and each stated in one
sentence for the screen:

* :func:`pick_motion` -- a winner picks, among candidate motions, the one the lab says raises
  the author's chance to win a round most (:data:`AUTHOR_POLICY`);
* :func:`vote_by_evidence` -- a voter says yes to a motion when the lab says it raises the
  chance to win of the seat the voter holds beside the motion's author (:data:`VOTE_POLICY`).

The lab runs on a small fixed budget (:data:`BUDGET` paired sessions of :data:`ROUNDS`
round each, seeded), so a bot decides in about a second, and the same question always gets the
same answer. "Says it helps" means the lab's estimate of the difference is above zero: at
this budget an interval rarely leaves out zero, and a bot that waited for one would always
vote no. A ready motion's evidence is computed once per process and kept.

    >>> vote_by_evidence("ace_tax", "author", players=3, budget=4) in (True, False)
    True
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Sequence

from ...engine import SettingsError
from ...engine.limits import shown
from ...engine.settings import whole
from .lab import ROLES, as_motion, motion_lab
from .motions import Motion

BUDGET = 16  # paired sessions per motion looked at
ROUNDS = 1  # rounds per session
MAX_BUDGET = 400
ROLE_KEYS = tuple(key for key, _ in ROLES)
# the seed of the evidence the session's bots decide by: the same in every session, so a ready
# motion's evidence is computed once per process and a session replays as it was played
BOT_SEED = 0

AUTHOR_POLICY = (f"A bot that wins a round writes, among the motions it may write, the one the motion lab "
                 f"({BUDGET} paired sessions, seeded) says raises the author's chance to win a round most, "
                 f"and writes none when the lab says none raises it.")
VOTE_POLICY = (f"A bot votes yes to a motion when the motion lab ({BUDGET} paired sessions, seeded) says it "
               f"raises the chance to win a round of the bot's own seat (as the author, the seat after the "
               f"author or another seat), and no otherwise.")


def role_of(seat: int, author: int, players: int) -> str:
    """The role of ``seat`` beside a motion's ``author`` (seats counted from 0): ``"author"``,
    ``"next"`` (the seat after the author) or ``"others"``.

        >>> [role_of(s, 1, 4) for s in range(4)]
        ['others', 'author', 'next', 'others']
    """
    if seat == author:
        return "author"
    return "next" if seat == (author + 1) % players else "others"


def _check(role: Any, players: Any, budget: Any) -> tuple[str, int, int]:
    if role not in ROLE_KEYS:
        raise SettingsError(f"role is one of {', '.join(ROLE_KEYS)}, not {shown(role)}.")
    budget = whole(budget, "budget")
    if not 1 <= budget <= MAX_BUDGET:
        raise SettingsError(f"budget is a number of paired sessions from 1 to {MAX_BUDGET}, not {shown(budget)}.")
    players = whole(players, "players")
    if role == "others" and players == 2:
        raise SettingsError("with 2 players there is no other seat: the role is author or next.")
    return role, players, budget


@lru_cache(maxsize=256)
def _ready_estimates(key: str, players: int, budget: int, seed: Any) -> dict:
    return _estimates(as_motion(key), players, budget, seed)


@lru_cache(maxsize=64)
def _data_estimates(text: str, players: int, budget: int, seed: Any) -> dict:
    return _estimates(Motion.from_data(json.loads(text)), players, budget, seed)


def _estimates(motion: Motion, players: int, budget: int, seed: Any) -> dict:
    """Each role's ``(difference, low, high)`` from one run of the lab."""
    lab = motion_lab(motion, players=players, sessions=budget, rounds=ROUNDS, seed=f"evidence {seed}",
                     progress=False)
    return {f.key.split(".", 1)[1]: (f.estimate, f.lower, f.upper)
            for f in lab.findings if f.key.startswith("win.")}


def evidence(motion: Motion | str, role: str = "author", players: int = 4, budget: int = BUDGET,
             seed: Any = 0) -> tuple[float, float, float]:
    """What the lab says ``motion`` does to the chance to win a round of ``role``: ``(difference,
    low, high)`` in percentage points, with and without the motion, from ``budget`` paired
    sessions seeded by ``seed``.

        >>> difference, low, high = evidence("ace_tax", "next", players=3, budget=4)
        >>> low <= difference <= high
        True
    """
    role, players, budget = _check(role, players, budget)
    if not isinstance(motion, str):
        motion = as_motion(motion)  # a motion as data is built (refused with its reason); anything else is refused
    key = motion if isinstance(motion, str) else ready_key(motion)
    if key is not None:
        return _ready_estimates(key, players, budget, seed)[role]
    if isinstance(motion, Motion) and motion.data is not None:  # one lab run answers every role
        return _data_estimates(json.dumps(motion.to_data(), sort_keys=True), players, budget, seed)[role]
    return _estimates(as_motion(motion), players, budget, seed)[role]


def ready_key(motion: Motion) -> str | None:
    """The key of the ready motion ``motion`` is a copy of (the same rule: ``same_motion``, in
    its Python or its data form), or ``None``: a session's records hold Motions, and the
    evidence on a ready motion is computed once.

        >>> from .library import library_motion
        >>> ready_key(library_motion("ace_tax")), ready_key(Motion("Nobody draws."))
        ('ace_tax', None)
    """
    from .library import LIBRARY, READY_DATA, library_data, library_motion
    from .motions import same_motion

    key = (motion.title or "").replace(" ", "_")
    if key not in LIBRARY:
        return None
    if motion.data is not None:
        same = key in READY_DATA and same_motion(motion, Motion.from_data(library_data(key)))
    else:
        same = same_motion(motion, library_motion(key))
    return key if same else None


def pick_motion(candidates: Sequence[Motion | str], role: str = "author", players: int = 4,
                budget: int = BUDGET, seed: Any = 0) -> Motion | str | None:
    """The candidate (a ready motion's key or a Motion, returned as given) that the lab says
    raises ``role``'s chance to win a round most, or ``None`` when it says none raises it
    (:data:`AUTHOR_POLICY`; ties go to the earlier candidate)::

        choice = pick_motion(["ace_tax", "pairs_pass_on"], players=4)   # what a bot winner writes
    """
    role, players, budget = _check(role, players, budget)
    if isinstance(candidates, (str, Motion)) or not isinstance(candidates, Sequence):
        raise SettingsError(f"candidates is a list of motions or ready motions' keys, not {shown(candidates)}.")
    best, best_gain = None, 0.0
    for candidate in candidates:
        gain = evidence(candidate, role, players, budget, seed)[0]
        if gain > best_gain:
            best, best_gain = candidate, gain
    return best


def vote_by_evidence(motion: Motion | str, role: str, players: int = 4, budget: int = BUDGET,
                     seed: Any = 0) -> bool:
    """Yes (``True``) when the lab says ``motion`` raises ``role``'s chance to win a round (its
    estimate of the difference is above zero), else no (:data:`VOTE_POLICY`). ``role``: the
    voter's seat beside the motion's author (:func:`role_of`)::

        vote_by_evidence("ace_tax", role_of(seat=2, author=0, players=4))
    """
    return evidence(motion, role, players, budget, seed)[0] > 0


__all__ = ["AUTHOR_POLICY", "VOTE_POLICY", "BUDGET", "BOT_SEED", "pick_motion", "vote_by_evidence", "evidence", "role_of",
           "ready_key"]
