"""Win chances by rollouts: each legal action of a seat, played out many times from worlds that
agree with what the seat has seen.

A game's coach (``lopti_nb.games.<folder>.coach.win_chances``) gives two things:

* ``sample(rng)``: a new world, a state that agrees with everything the seat has observed and
  has every hidden part (other hands, deck orders, secret bids, the game's generator) dealt
  again at random. It is built from the seat's view alone, so the chances never depend on the
  hidden parts of the real state (each game's tests scramble those and get the same table);
* ``bots``: one bot per seat playing every world on to its end after the action (the rollout
  policy).

Each world is played once for every action, on the same deal and the same generator, so the
actions are compared on common random numbers. A rollout counts as a win when the seat ends in
first place (a shared first place included). ``games`` worlds are played unless ``budget``
seconds run out first (then fewer, at least :data:`MIN_GAMES`, and the result says so).
The interval of each chance is Wilson's 95 % interval over its worlds (they are independent).

    >>> import random
    >>> from lopti_nb.engine import game_names, get_spec, new_game
    >>> game = game_names()[0]
    >>> state = new_game(game, players=3, seed=5)
    >>> spec = get_spec(game)
    >>> sample = lambda rng: spec.load("testing").scramble(state, state.current_player, rng)
    >>> bots = [spec.make_bot("random")] * 3
    >>> rows, cut = rollout_chances(state, state.current_player, sample, bots, games=4, budget=None)
    >>> cut, all(r["games"] == 4 for r in rows), len(rows) == len(state.legal_actions())
    (False, True, True)
"""
from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Sequence

from .core import GameState, IllegalAction, SettingsError
from .registry import check_seed
from .runner import play_out
from .settings import shown, whole

__all__ = ["rollout_chances", "check_question", "worlds_at", "clearly_better", "chance_frame", "chance_lines", "wilson", "MIN_GAMES"]

#: worlds played for every action before a time budget may stop the rollouts
MIN_GAMES = 10


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95 % interval of ``wins / n``.

        >>> [round(x, 3) for x in wilson(5, 10)]
        [0.237, 0.763]
    """
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def rollout_chances(state: GameState, seat: int, sample: Callable[[random.Random], GameState],
                    bots: Sequence[Any], games: int = 400, seed: int = 0, budget: float | None = 2.0,
                    actions: Sequence[Any] | None = None,
                    clock: Callable[[], float] = time.process_time) -> tuple[list[dict], bool]:
    """``(rows, cut)``: one row per action of ``seat`` (``actions``, default its legal actions
    in ``state``) with ``action``, ``wins``, ``games``, ``win_chance``, ``lower``, ``upper`` and
    ``outcomes`` (1 or 0 for each world, in order: the same worlds for every action);
    ``cut`` is True when ``budget`` seconds of ``clock`` (CPU time of this process) stopped the
    rollouts before ``games`` worlds. ``sample(rng)`` makes a world (see the module's text) and
    ``bots`` play every seat of it on to its end. An action the world refuses (it should not
    happen: the worlds agree with the seat's view) counts as a loss in that world."""
    actions = list(state.legal_actions(seat) if actions is None else actions)
    rng = random.Random(seed)
    wins = [0] * len(actions)
    outcomes: list[list[int]] = [[] for _ in actions]  # each world's result, for paired comparisons
    played = 0
    cut = False
    start = clock()
    while played < games:
        if budget is not None and played >= MIN_GAMES and clock() - start > budget:
            cut = True
            break
        world = sample(rng)
        play_seed = rng.getrandbits(64)
        for i, action in enumerate(actions):
            sim = world.copy()
            try:
                sim.apply(action, seat)
            except IllegalAction:
                outcomes[i].append(0)
                continue
            play_out(sim, bots, random.Random(play_seed))
            won = int(sim.result is not None and seat in sim.result.winners)
            wins[i] += won
            outcomes[i].append(won)
        played += 1
    rows = []
    for action, w, each in zip(actions, wins, outcomes):
        lo, hi = wilson(w, played)
        rows.append({"action": action, "wins": w, "games": played,
                     "win_chance": w / played if played else 0.0, "lower": lo, "upper": hi,
                     "outcomes": tuple(each)})
    return rows, cut


def chance_frame(rows: Sequence[dict], cut: bool, games: int, budget: float | None):
    """The rows of :func:`rollout_chances` as a DataFrame: one row per action with ``action``
    (the action value), ``move`` (its text), ``win_chance``, ``lower``, ``upper`` and ``games``,
    best first (ties in the order of the legal actions). ``attrs["note"]`` says how many worlds
    the chances rest on, and when the time budget cut them short."""
    import pandas as pd

    frame = pd.DataFrame([{"action": r["action"], "move": str(r["action"]), "win_chance": r["win_chance"],
                           "lower": r["lower"], "upper": r["upper"], "games": r["games"]} for r in rows],
                         columns=["action", "move", "win_chance", "lower", "upper", "games"])
    frame = frame.sort_values("win_chance", ascending=False, kind="stable").reset_index(drop=True)
    played = int(frame["games"].iloc[0]) if len(frame) else 0
    note = f"each chance from {played:,} played-out games"
    if cut:
        note += (f" of the {games:,} asked for: the {budget:g}-second budget ran out, so the "
                 "intervals are wider")
    frame.attrs.update(note=note, cut=cut, asked=games, budget=budget)
    return frame


def chance_lines(frame, what: str = "win the game", shown: int = 6) -> tuple[str, ...]:
    """Sentences for a person at the table from :func:`chance_frame`: each move's chance to
    ``what`` with its 95 % interval (the ``shown`` best), and how many games they rest on."""
    if frame is None or not len(frame):
        return ()
    lines = [f"Chance to {what} after each move (95% interval):"]
    for r in frame.head(shown).itertuples():
        lines.append(f"{r.move}: {r.win_chance:.0%} ({r.lower:.0%} to {r.upper:.0%})")
    if len(frame) > shown:
        lines.append(f"... and {len(frame) - shown} more moves, each at most {frame['win_chance'].iloc[shown]:.0%}.")
    note = frame.attrs.get("note", "")
    lines.append(note[:1].upper() + note[1:] + "; every move is played on the same deals of the cards you cannot see.")
    return tuple(lines)


def check_question(state, seat, games, seed, budget):
    """The arguments of a game's ``win_chances`` checked (typed errors, nothing run): ``(seat, games,
    seed, budget)``, the seat defaulting to the one to act."""
    if state.is_over:
        raise SettingsError("The game is over: there is nothing left to win.")
    seat = state.current_player if seat is None else state.check_seat(seat)
    games = whole(games, "games", 1, 100_000)
    seed = check_seed(seed)
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))
                               or not 0 < budget <= 3600):
        raise SettingsError(f"budget is a number of seconds from 0 to 3,600 (or None), not {shown(budget)}.")
    return seat, games, 0 if seed is None else seed, budget


def worlds_at(worlds: int, players: int, least: int = 6) -> int:
    """The worlds a decision weighs at a table of ``players``: ``worlds`` up to four players;
    beyond, fewer in proportion to the square of the table (each world is longer to play out
    and every seat decides more often), never under ``least``.

        >>> worlds_at(40, 4), worlds_at(40, 6), worlds_at(40, 8)
        (40, 17, 10)
    """
    return worlds if players <= 4 else max(least, worlds * 16 // (players * players))


def clearly_better(mine: Sequence[int], base: Sequence[int], z: float = 1.96) -> bool:
    """Whether the outcomes ``mine`` beat ``base`` on the same worlds by more than chance: the
    worlds only one of them won, compared by McNemar's test (``z`` standard errors).

        >>> clearly_better([1] * 12 + [0] * 8, [0] * 20), clearly_better([1, 0, 1, 0], [0, 1, 0, 1])
        (True, False)
    """
    only_mine = sum(1 for m, b in zip(mine, base) if m and not b)
    only_base = sum(1 for m, b in zip(mine, base) if b and not m)
    return only_mine - only_base > z * math.sqrt(only_mine + only_base) if only_mine + only_base else False
