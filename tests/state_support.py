"""Helpers shared by the games' state tests (importable from every test folder, see conftest)."""
from __future__ import annotations

import dataclasses
import random


def shared_mutables(a, b) -> set:
    """Ids of mutable objects (lists, dicts, sets, generators) reachable from both states'
    attributes, through containers and dataclass values (events, the Result): a deep copy
    shares none."""
    def reach(obj, out):
        if isinstance(obj, (list, dict, set, random.Random)):
            if id(obj) in out:
                return
            out[id(obj)] = obj
        if isinstance(obj, dict):
            for v in obj.values():
                reach(v, out)
        elif isinstance(obj, (list, tuple, set)):
            for v in obj:
                reach(v, out)
        elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            for v in vars(obj).values():
                reach(v, out)
    left, right = {}, {}
    reach(a.__dict__, left)
    reach(b.__dict__, right)
    return (set(left) & set(right)) - {id(a.__dict__)}


def random_positions(game: str, players: int, seed: int, limit: int):
    """Every decision of a game played by random choices (seeded): the live state before each
    action, up to ``limit`` decisions or the end. Read a position before asking for the next."""
    import lopti_nb

    state = lopti_nb.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return
        yield state
        state.apply(rng.choice(state.legal_actions()))
