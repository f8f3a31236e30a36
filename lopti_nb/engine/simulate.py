"""Run many seeded games with bots and collect one row per seat per game."""
from __future__ import annotations

import random
from typing import Any, Sequence

from .core import GameState, IllegalAction, SettingsError
from .registry import GameSpec, get_spec


def _bot_names(spec: GameSpec, bots: str | Sequence[str] | None, players: int) -> list[str]:
    if bots is None:
        names = [spec.default_bot] * players
    elif isinstance(bots, str):
        names = [bots] * players
    else:
        names = list(bots)
        if len(names) != players:
            raise SettingsError(f"bots lists {len(names)} bots for {players} players; give one per seat")
    for name in names:
        spec.make_bot(name)  # raises UnknownBot with the valid names
    return names


def play_out(state: GameState, bots: Sequence[Any], rng: random.Random) -> GameState:
    """Let ``bots`` (one callable per seat) play ``state`` to its end, in place."""
    apply = state._apply
    log = state.actions
    # Bots that declare they never read the observation (random_bot) are spared building it.
    blind = [getattr(bot, "needs_observation", True) is False for bot in bots]
    # Bots that declare they always return an item of the list they are given (random_bot)
    # are not checked; every other choice is.
    trusted = [getattr(bot, "returns_listed", False) is True for bot in bots]
    while True:
        seat = state.current_player
        if seat is None:
            return state
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        else:
            action = bots[seat](None if blind[seat] else state.observation(seat), legal, rng)
            if not trusted[seat]:
                # Bots hand back one of the listed objects; compare by identity before equality.
                for listed in legal:
                    if listed is action:
                        break
                else:
                    if action not in legal:
                        raise IllegalAction(
                            f"bot for seat {seat} chose {action!r}, which is not legal")
        # The action comes from legal_actions(), so the full check in apply() is skipped.
        log.append(action)
        apply(action)


def _game_seeds(seed: int | None, n: int) -> list[tuple[int, int]]:
    master = random.Random(seed)
    return [(master.getrandbits(62), master.getrandbits(62)) for _ in range(n)]


def simulate(
    game: str,
    n: int = 100,
    seed: int | None = None,
    players: int | None = None,
    bots: str | Sequence[str] | None = None,
    progress: bool = True,
    **settings,
):
    """Play ``n`` games with bots; return a pandas DataFrame, one row per seat per game.

    Columns: ``game`` (number), ``seat``, ``bot``, ``score``, ``place``, ``won``,
    ``length`` (the game's own measure of length), ``stalemate``, then the game's own
    columns. ``bots`` is one bot name for all seats, one name per seat, or ``None`` for the
    game's default. The same ``seed`` gives the same DataFrame.
    """
    import pandas as pd

    spec = get_spec(game)
    players = spec.default_players if players is None else spec.check_players(players)
    settings = spec.check_settings(settings)
    names = _bot_names(spec, bots, players)
    if not isinstance(n, int) or n < 0:
        raise SettingsError(f"n must be a whole number of games, not {n!r}")

    rows: list[dict[str, Any]] = []
    iterator = _game_seeds(seed, n)
    if progress:
        from tqdm.auto import tqdm

        iterator = tqdm(iterator, desc=f"{spec.title}", unit="game")
    for number, (game_seed, bot_seed) in enumerate(iterator):
        state = spec.state_class(players, game_seed, **settings)
        seat_bots = [spec.make_bot(name) for name in names]
        play_out(state, seat_bots, random.Random(bot_seed))
        rows.extend(game_rows(spec, state, number, names))
    return pd.DataFrame(rows, columns=_columns(rows))


def game_rows(spec: GameSpec, state: GameState, number: int, names: Sequence[str]) -> list[dict[str, Any]]:
    result = state.result
    length = spec.length(state) if spec.length else len(state.actions)
    out = []
    for seat in range(state.num_players):
        row = {
            "game": number,
            "seat": seat,
            "bot": names[seat],
            "score": result.scores[seat],
            "place": result.places[seat],
            "won": result.places[seat] == 1 and not result.stalemate,
            "length": length,
            "stalemate": result.stalemate,
        }
        if spec.seat_columns:
            row.update(spec.seat_columns(state, seat))
        out.append(row)
    return out


def _columns(rows):
    base = ["game", "seat", "bot", "score", "place", "won", "length", "stalemate"]
    if not rows:
        return base
    return base + [c for c in rows[0] if c not in base]
