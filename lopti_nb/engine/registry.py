"""Games and bots by name.

Each game package registers one :class:`GameSpec` when it is imported; the registry knows
where each game lives, so ``new_game("skull-king")`` imports only what it needs.
"""
from __future__ import annotations

import importlib
import re
from random import Random as _Random
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from .core import GameState, SettingsError, UnknownBot, UnknownGame

# canonical name -> module that registers it
GAME_MODULES = {
    "lopti": "lopti_nb.games.lopti",
    "skull-king": "lopti_nb.games.skullking",
    "drowned-ledger": "lopti_nb.games.ledger",
}
GAME_NAMES = tuple(GAME_MODULES)

_ALIASES = {
    "lopti": "lopti",
    "skullking": "skull-king",
    "sk": "skull-king",
    "drownedledger": "drowned-ledger",
    "thedrownedledger": "drowned-ledger",
    "ledger": "drowned-ledger",
}


def canonical_game(name: str) -> str:
    """The canonical name for ``name`` ("Skull King", "skull_king" -> "skull-king")."""
    if not isinstance(name, str):
        raise UnknownGame(f"A game name must be a string, not {name!r}. Games: {', '.join(GAME_NAMES)}.")
    key = re.sub(r"[\s_\-']+", "", name.strip().lower())
    if key in _ALIASES:
        return _ALIASES[key]
    raise UnknownGame(f"Unknown game {name!r}. Games: {', '.join(GAME_NAMES)}.")


class Bot(Protocol):
    """A bot chooses one of the legal actions from what its seat may see.

    ``observation`` is ``state.observation(seat)``; ``rng`` is a ``random.Random`` owned by
    the caller (so bots never touch the global generator).
    """

    def __call__(self, observation: dict[str, Any], legal_actions: list[Any], rng) -> Any: ...


def random_bot(observation, legal_actions, rng):
    """Picks uniformly among the legal actions."""
    n = len(legal_actions)
    if type(rng) is _Random:
        # What rng.randrange(n) does for a plain Random (the same draws from the same
        # generator) without its argument checks and two calls: a fifth of a random game.
        k = n.bit_length()
        r = rng.getrandbits(k)
        while r >= n:
            r = rng.getrandbits(k)
        return legal_actions[r]
    return legal_actions[rng.randrange(n)]


random_bot.needs_observation = False  # play_out passes None instead of building one
random_bot.returns_listed = True  # it returns an item of the list it is given: play_out trusts it


@dataclass
class GameSpec:
    """Everything the package needs to know about one game."""

    name: str
    title: str
    state_class: type[GameState]
    min_players: int
    max_players: int
    default_players: int
    default_bot: str
    bots: dict[str, Callable[[], Bot]] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)  # name -> default
    # extra per-seat columns for simulate(): (state, seat) -> dict
    seat_columns: Callable[[GameState, int], dict[str, Any]] | None = None
    # the number reported as "game length" by simulate()
    length: Callable[[GameState], int] | None = None

    def make_bot(self, name: str) -> Bot:
        if name not in self.bots:
            raise UnknownBot(
                f"Unknown bot {name!r} for {self.name}. Bots: {', '.join(sorted(self.bots))}."
            )
        return self.bots[name]()

    def check_players(self, players: int) -> int:
        if not isinstance(players, int) or isinstance(players, bool):
            raise SettingsError(f"players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise SettingsError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, not {players}"
            )
        return players

    def check_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(settings) - set(self.settings))
        if unknown:
            valid = ", ".join(sorted(self.settings)) or "none"
            raise SettingsError(
                f"Unknown setting(s) {', '.join(unknown)} for {self.name}. Valid settings: {valid}."
            )
        return {**self.settings, **settings}


_SPECS: dict[str, GameSpec] = {}


def register_game(spec: GameSpec) -> GameSpec:
    spec.bots.setdefault("random", lambda: random_bot)
    _SPECS[spec.name] = spec
    return spec


def register_bot(game: str, name: str, factory: Callable[[], Bot]) -> None:
    """Add a bot (a factory returning a fresh bot callable) to a game's registry."""
    get_spec(game).bots[name] = factory


def get_spec(name: str) -> GameSpec:
    canonical = canonical_game(name)
    if canonical not in _SPECS:
        importlib.import_module(GAME_MODULES[canonical])
    return _SPECS[canonical]


def new_game(name: str, players: int | None = None, seed: int | None = None, **settings) -> GameState:
    """A fresh game state: ``new_game("lopti", players=4, seed=1)``.

    Unknown games, player counts or settings raise a ``ValueError`` subclass saying what
    is accepted.
    """
    spec = get_spec(name)
    players = spec.default_players if players is None else spec.check_players(players)
    return spec.state_class(players, seed, **spec.check_settings(settings))
