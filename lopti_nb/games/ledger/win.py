"""The dive that wins games in The Drowned Ledger: a surfacing table tuned by seeded games.

:mod:`lopti_nb.games.ledger.best` finds the dive that keeps the most machines on average.
Winning is another aim: the machines of a dive are only worth what the rest of the game makes
of them, and the other seats play too. No exact method reaches that far, so the policy here
is a *simulation-based best response* against the four personalities, found honestly:

* **The policy.** A surfacing target per sea: dive on while the haul holds fewer machines than
  the sea's target, then surface (at the hold limit the diver surfaces anyway); and a hand
  size to open at: dive until the hand holds that many sealed cards, then open them all (and
  open everything when the end is near). With a target of 4 at every sea and opening at 4,
  this is exactly ``greedy``.
* **The games.** One seat plays the policy; the other seats all play one personality; for
  each personality and each seat, the same seeded games (common random numbers: every
  candidate meets the same decks). The aim is the number of those games the policy's seat
  wins outright or shares the win of.
* **The search.** Coordinate ascent from the expected-machines policy and ``greedy``'s hand
  size: first the hand size to open at (1 to 6, 8, 10, 12, 16 or 40, which is never before
  the end is near), then each sea from 3 (the table's starting sea) to 9, trying every
  target, each time keeping the candidate that won most (a tie keeps the current choice);
  two such sweeps.
* **The check.** The table was tuned on games of one seed; what it gains is measured on games of
  other seeds (:func:`lopti_nb.games.ledger.studies.best_response_frame` with ``bot="win"``),
  so that the tuning's luck does not count as skill.

:data:`WIN_TARGETS` and :data:`WIN_OPEN_AT` are the result of ``tune_win_policy(**TUNED_WITH)``
(4 personalities x 4 seats x 100 games: 1,600 games per candidate). What the search found: no
sea's target moved away from the expected-machines policy (at sea 9 it surfaces at 3, as the
exact policy does; every other target stays 4), so the dive that keeps the most machines is
also, among these tables, the one that wins most; what won more games was opening later:
at 6 sealed cards the policy's seat won 885 of the 1,600 tuning games, at ``greedy``'s 4 it
won 815 (opening at 1: 757; never before the end: 813). The search is deterministic: the
second sweep starts from the same table, meets the same games and keeps every choice. Seas 1 and 2 are
not reached from the table's starting sea; there the table keeps the expected-machines
policy's target.

* :func:`win_policy_table` -- the tuned table by sea and haul beside "surface at 4" and the
  expected-machines policy.
* :func:`policy_wins` -- the games a policy's seat wins against the personalities.
* :func:`tune_win_policy` -- the search itself.
* :class:`TableDiver` -- a bot that plays a surfacing table and a hand size to open at (the
  ``win`` bot plays :data:`WIN_TARGETS` and :data:`WIN_OPEN_AT`).

    >>> from lopti_nb.games.ledger.win import WIN_TARGETS, win_policy_table
    >>> t = win_policy_table(seas=[3])
    >>> t[["sea", "haul", "to_win", "most_machines", "rule_of_thumb"]].values.tolist()[0]
    [3, 1, 'dive on', 'dive on', 'dive on']
"""
from __future__ import annotations

import random
from typing import Any, Iterable, Mapping

from lopti_nb.engine import SettingsError, get_spec
from lopti_nb.engine.runner import game_seeds, play_out
from lopti_nb.engine.settings import shown, whole

from .best import DIVE_ON, SURFACE, policy_table
from .personalities import PERSONALITIES, dive_to, open_at

__all__ = ["WIN_TARGETS", "WIN_OPEN_AT", "TUNED_WITH", "TableDiver", "win_policy_table", "policy_wins",
           "tune_win_policy", "most_machines_targets"]

SEAS = tuple(range(1, 10))
# the result of tune_win_policy(**TUNED_WITH) (see the module's text)
TUNED_WITH = {"games": 100, "seed": 31, "players": 4, "sweeps": 2}
WIN_TARGETS = {1: 4, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 4, 8: 4, 9: 3}
WIN_OPEN_AT = 6


def most_machines_targets(hold_limit: int = 4) -> dict[int, int]:
    """The expected-machines policy of a fresh dive (:func:`lopti_nb.games.ledger.best.policy_table`)
    as a surfacing target per sea: the smallest haul at which it surfaces.

        >>> most_machines_targets()[9], most_machines_targets()[3]
        (3, 4)
    """
    hold = whole(hold_limit, "hold_limit", 1, 40)
    table = policy_table(SEAS, hold)
    out = {}
    for sea in SEAS:
        stops = table[(table["sea"] == sea) & (table["best"] == SURFACE)]["haul"]
        out[sea] = int(stops.min()) if len(stops) else hold
    return out


def _check_targets(targets: Any) -> dict[int, int]:
    if not isinstance(targets, Mapping) or set(targets) != set(SEAS):
        raise SettingsError(f"targets maps every sea from 1 to 9 to a surfacing target, not {shown(targets)}.")
    return {sea: whole(targets[sea], f"the target at sea {sea}", 1, 40) for sea in SEAS}


def _check_open_at(hand_size: Any) -> int:
    return whole(hand_size, "the hand size to open at", 1, 40)


class TableDiver:
    """A bot that dives by a surfacing table (dive on while the haul holds fewer machines than
    ``targets[sea]``) and opens all its sealed cards once the hand holds ``open_at`` of them
    (or the end is near); otherwise it dives (``lopti_nb.games.ledger.bots.open_at``).

        >>> import lopti_nb, random
        >>> from lopti_nb.engine.runner import play_out
        >>> state = lopti_nb.new_game("drowned-ledger", players=2, seed=4)
        >>> _ = play_out(state, [TableDiver(), TableDiver({**WIN_TARGETS, 3: 1}, 2)], random.Random(0))
        >>> state.is_over
        True
    """

    def __init__(self, targets: Mapping[int, int] | None = None, open_at: int | None = None):
        self.targets = _check_targets(WIN_TARGETS if targets is None else targets)
        self.open_at = _check_open_at(WIN_OPEN_AT if open_at is None else open_at)

    def __call__(self, obs, legal, rng):
        if obs["phase"] == "dive":
            return dive_to(obs, legal, self.targets[min(max(obs["sea"], 1), 9)])
        return open_at(obs, legal, self.open_at)


def win(obs, legal, rng):
    """The ``win`` bot: :data:`WIN_TARGETS` and :data:`WIN_OPEN_AT`."""
    return _WIN(obs, legal, rng)


_WIN = TableDiver()


def win_policy_table(targets: Mapping[int, int] | None = None, seas: Iterable[int] = SEAS,
                     hold_limit: int = 4, surface_at: int = 4):
    """The tuned table's decision after each haul by sea (``to_win``) beside the
    expected-machines policy (``most_machines``, exact, fresh deck) and the rule of thumb
    "surface at ``surface_at``" (``rule_of_thumb``), each ``"dive on"`` or ``"surface"``.

        >>> t = win_policy_table(seas=[9])
        >>> t[t.haul == 3][["to_win", "most_machines", "rule_of_thumb"]].values.tolist()
        [['surface', 'surface', 'dive on']]
    """
    import pandas as pd

    targets = _check_targets(WIN_TARGETS if targets is None else targets)
    hold = whole(hold_limit, "hold_limit", 1, 40)
    seas = list(seas)
    exact = policy_table(seas, hold)
    rows = []
    for r in exact.itertuples():
        rows.append({"sea": r.sea, "haul": r.haul,
                     "to_win": DIVE_ON if r.haul < targets[r.sea] else SURFACE,
                     "most_machines": r.best,
                     "rule_of_thumb": DIVE_ON if r.haul < surface_at else SURFACE})
    return pd.DataFrame(rows, columns=["sea", "haul", "to_win", "most_machines", "rule_of_thumb"])


def policy_wins(targets: Mapping[int, int] | None = None, open_at: int | None = None, games: int = 40,
                seed: Any = 0, players: int = 4, personalities: Iterable[str] = tuple(PERSONALITIES),
                settings: Mapping[str, Any] | None = None) -> dict[str, list[int]]:
    """For each personality, the games the policy's seat wins (1, a shared win included) or
    not (0): ``players`` x ``games`` games, the policy in each seat in turn and the
    personality in every other seat. Game ``g`` with the policy in seat ``s`` is seeded by
    ``lopti_nb.engine.runner.game_seeds((seed, s), g)``, whatever the policy, so that
    two policies meet the same decks. ``settings``: the game's own (e.g. ``{"hold_limit": 5}``).

        >>> w = policy_wins(games=2, players=2, personalities=["seller"])
        >>> len(w["seller"])
        4
    """
    spec = get_spec("drowned-ledger")
    players = spec.check_players(players)
    settings = spec.check_settings(dict(settings or {}), players)
    games = whole(games, "games", 0, 100_000)
    bot = TableDiver(targets, open_at)
    out = {}
    for p in personalities:
        if p not in PERSONALITIES:
            raise SettingsError(f"a personality is one of {', '.join(PERSONALITIES)}, not {shown(p)}.")
        wins = []
        for s in range(players):
            for g in range(games):
                game_seed, bot_seed = game_seeds(f"{seed}:{s}", g)
                state = spec.state_class(players, game_seed, **settings)
                bots = [spec.make_bot(p) for _ in range(players)]
                bots[s] = bot
                play_out(state, bots, random.Random(bot_seed))
                result = state.result
                wins.append(int(result.places[s] == 1 and not result.stalemate))
        out[p] = wins
    return out


def tune_win_policy(games: int = 40, seed: Any = 31, players: int = 4, sweeps: int = 2,
                    seas: Iterable[int] = range(3, 10), hold_limit: int = 4,
                    hand_sizes: Iterable[int] = (1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 40),
                    start: Mapping[int, int] | None = None, log=None):
    """The search of the module's text: returns ``(targets, open_at, trace)``, the trace a
    DataFrame with one row per candidate tried (``step``, ``sea`` (``0`` for the hand size),
    ``target``, ``open_at``, ``wins``, ``games``, ``kept``). ``log``: a function given one
    line of text per step (e.g. ``print``).

        >>> targets, hand, trace = tune_win_policy(games=1, players=2, sweeps=1, seas=[9], hand_sizes=[4])
        >>> sorted(trace[trace.sea == 9]["target"].tolist())
        [1, 2, 3, 4]
    """
    import pandas as pd

    hold = whole(hold_limit, "hold_limit", 1, 40)
    targets = _check_targets(most_machines_targets(hold) if start is None else start)
    hand = 4
    sizes = [_check_open_at(h) for h in hand_sizes]
    rows = []

    def score(t, h):
        w = policy_wins(t, h, games=games, seed=seed, players=players, settings={"hold_limit": hold})
        return sum(sum(v) for v in w.values()), sum(len(v) for v in w.values())

    def keep(step, sea, tried, current, make_row):
        best = max(tried, key=lambda k: (tried[k][0], k == current))
        for k, (w, n) in tried.items():
            rows.append({"step": step, "sea": sea, **make_row(k), "wins": w, "games": n, "kept": k == best})
        if log:
            log(f"{'sea ' + str(sea) if sea else 'open at'}: " + ", ".join(f"{k}: {w}" for k, (w, n) in tried.items())
                + f" -> {best}")
        return best

    step = 0
    for _ in range(whole(sweeps, "sweeps", 1, 10)):
        tried = {h: score(targets, h) for h in sizes}
        hand = keep(step, 0, tried, hand, lambda h: {"target": None, "open_at": h})
        step += 1
        for sea in seas:
            tried = {t: score({**targets, sea: t}, hand) for t in range(1, hold + 1)}
            targets[sea] = keep(step, sea, tried, targets[sea], lambda t: {"target": t, "open_at": hand})
            step += 1
    trace = pd.DataFrame(rows, columns=["step", "sea", "target", "open_at", "wins", "games", "kept"])
    trace["target"] = trace["target"].astype("Int64")  # none for the hand-size rows
    return targets, hand, trace
