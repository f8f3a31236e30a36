"""Games and bots by name, found through entry points.

A game is a plugin: a :class:`GameSpec` published under the ``lopti_nb.games`` entry-point
group, the way pytest and Jupyter find their plugins. This package declares its own three
games in ``pyproject.toml``::

    [project.entry-points."lopti_nb.games"]
    <game-name> = "<package>.plugin:SPEC"

and a separate package adds a game the same way, with ``pip install``. The engine never
names a game: it reads the entry points, and loads a game's module only when that game is
asked for (``new_game(name)`` imports that game alone).

    >>> from lopti_nb.engine import get_spec
    >>> from lopti_nb.engine import game_names
    >>> name = game_names()[0]
    >>> get_spec(name.upper().replace("-", " ")).name == name    # any obvious spelling
    True
"""
from __future__ import annotations

import importlib
import re
import warnings
from dataclasses import InitVar, dataclass, field, replace
from importlib.metadata import entry_points
from random import Random as _Random
from typing import Any, Callable, Mapping, Protocol, Sequence

from .errors import SettingsError, UnknownBot, UnknownGame
from .settings import SettingsSchema, shown, whole

#: A game's state: a ``lopti_nb.engine.GameState`` (:mod:`.core`), which builds on this module
#: (a state asks the registry for its spec), so the registry names it only in words.
State = Any

GROUP = "lopti_nb.games"


def _key(name: str) -> str:
    return re.sub(r"[\s_\-']+", "", name.strip().lower())


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
random_bot.policy = "picks any of its legal moves at random"  # what a table says of it, in words


class _NotGiven:
    """A presentation part not given to ``GameSpec`` one by one (``None`` says "none")."""

    def __repr__(self) -> str:
        return "not given"


NOT_GIVEN: Any = _NotGiven()

#: The parts of a plugin that show and teach its game (:class:`Presentation`), in the order
#: ``GameSpec`` takes them one by one.
PRESENTATION_PARTS = ("view", "lessons", "studies", "extras", "reference", "coach", "tutorial", "bot_words")


@dataclass(frozen=True)
class Presentation:
    """How a game is shown and taught: what the table, the classroom, the coach, the studies
    and the pictures need, and nothing that ``new_game``, ``simulate``, records or rooms do.
    A headless game has none (every part ``None``). Parts are ``"module:attribute"`` strings,
    imported on first use by :meth:`GameSpec.load`.

    - ``view``: the table view class (a ``lopti_nb.widgets.table.GameView`` subclass);
    - ``lessons``: a module with ``steps(voice)`` and ``VOICES``;
    - ``studies``: the game's own analysis frames, charts and findings;
    - ``extras``: other named parts (a dashboard part, practice, claims), by key;
    - ``reference``: the rules reference, a Markdown file in the game's folder (``"package:file"``);
    - ``coach``: ``coach(state, seat, *, seed=0)``, advice read only from what ``seat`` may know;
    - ``tutorial``: the guided first round, a ``lopti_nb.explainers.tutorial.Script`` subclass;
    - ``bot_words``: what each bot does, one short line by name (bot menus show it).

        >>> Presentation(view="pkg.view:MyView").view
        'pkg.view:MyView'
    """

    view: str | None = None
    lessons: str | None = None
    studies: str | None = None
    extras: Mapping[str, str] = field(default_factory=dict)
    reference: str | None = None
    coach: str | None = None
    tutorial: str | None = None
    bot_words: Mapping[str, str] = field(default_factory=dict)


@dataclass
class GameSpec:
    """Everything the generic layers need to know about one game (its plugin): the game
    itself, what ``new_game``, ``simulate``, records and rooms need, and its
    :class:`Presentation` (``presentation``: how it is shown and taught; a headless game gives
    none). The presentation's parts may also be given one by one (``view=``, ``lessons=``...)
    and read back as attributes (``spec.view`` is ``spec.presentation.view``).

    The headless part (state, bots, settings, actions, analysis columns) is given as
    objects. The parts that need ipywidgets or pandas are named as ``"module:attribute"``
    strings and imported on first use by :meth:`load`: ``view`` (the table view class),
    ``lessons`` (a module with ``steps(voice)`` and ``VOICES``), ``studies`` (the game's own
    analysis frames, charts and findings) and ``extras`` (any other named parts, e.g. a
    dashboard part). Registering a spec binds it to its ``state_class`` (:func:`spec_of`).
    """

    name: str
    title: str
    state_class: type  # a GameState subclass
    min_players: int
    max_players: int
    default_players: int
    default_bot: str
    bots: dict[str, Callable[[], Bot]] = field(default_factory=dict)
    schema: SettingsSchema = field(default_factory=SettingsSchema)
    aliases: tuple[str, ...] = ()
    order: int = 100  # where the game sits in lists (smaller first)
    action_types: tuple[type, ...] = ()  # every action class, for records and rooms
    # extra per-seat columns for simulate(): (state, seat) -> dict
    seat_columns: Callable[[State, int], dict[str, Any]] | None = None
    # the number reported as "game length" by simulate(), and its word
    length: Callable[[State], int] | None = None
    length_label: str = "Actions"
    # extra per-game columns for the analysis "games" table: state -> dict
    game_columns: Callable[[State], dict[str, Any]] | None = None
    # extra analysis tables: name -> (state, number, seat bot names) -> rows
    tables: dict[str, Callable[[State, int, Sequence[str]], list[dict]]] = field(default_factory=dict)
    table_columns: dict[str, list[str]] = field(default_factory=dict)  # columns of an empty table
    # fixed categories of categorical columns, so chunks of a sweep concatenate exactly
    categories: dict[str, list[str]] = field(default_factory=dict)
    codec: str | None = None  # a module with encode/decode overriding the generic action codec
    # settings each room offers in its lobby (names of schema settings)
    room_settings: tuple[str, ...] = ()
    # a module with ``scramble(state, seat, rng)`` (a copy of ``state`` in which everything
    # ``seat`` may not know is re-dealt at random) and ``game_end_events(state)`` (the events
    # that say the game is over): what lopti_nb.testing.check_game asks of the game
    testing: str | None = None
    # a state playing several rounds of the game in a row, a session ("module:Class"):
    # ``new_game`` (and so ``load`` and rooms) builds it when the settings give ``rounds``;
    # the class checks its settings with ``check_settings(spec, settings, players)``
    session: str | None = None
    # the game's batch simulator ("module:function"): ``function(run, first, n, keep)`` plays
    # games ``first .. first + n - 1`` of a :class:`~lopti_nb.engine.runner.Run` many at a
    # time and returns ``(columns, records)``: the seat table as arrays by column (the
    # engine path's columns, in order) and, with ``keep``, each game's record (or ``None``).
    # It refuses bots or settings it does not play with a SettingsError. None: no batch path.
    batch: str | None = None
    # how the game is shown and taught (the table's view, lessons, guided round, coach,
    # studies, rules reference, other named parts, the bots' words): a headless game has none
    presentation: Presentation = field(default_factory=lambda: Presentation())
    # the presentation's parts given one by one, as before the two were told apart: each
    # goes into ``presentation`` (and reads back as ``spec.view`` and so on)
    view: InitVar[str | None] = NOT_GIVEN  # type: ignore[assignment]
    lessons: InitVar[str | None] = NOT_GIVEN  # type: ignore[assignment]
    studies: InitVar[str | None] = NOT_GIVEN  # type: ignore[assignment]
    extras: InitVar[Mapping[str, str] | None] = NOT_GIVEN  # type: ignore[assignment]
    reference: InitVar[str | None] = NOT_GIVEN  # type: ignore[assignment]
    coach: InitVar[str | None] = NOT_GIVEN  # type: ignore[assignment]
    tutorial: InitVar[str | None] = NOT_GIVEN  # type: ignore[assignment]
    bot_words: InitVar[Mapping[str, str] | None] = NOT_GIVEN  # type: ignore[assignment]

    def __post_init__(self, view, lessons, studies, extras, reference, coach, tutorial, bot_words):
        given = dict(zip(PRESENTATION_PARTS, (view, lessons, studies, extras, reference, coach, tutorial,
                                              bot_words)))
        given = {name: value for name, value in given.items() if value is not NOT_GIVEN}
        if given:
            self.presentation = replace(self.presentation, **given)

    @property
    def settings(self) -> dict[str, Any]:
        """Every setting's default, by name."""
        return self.schema.defaults()

    def bot_label(self, name: str) -> str:
        """A bot's name with its one line on how it plays: ``"random (picks any legal move
        at random)"``; the bare name for a bot the plugin does not describe."""
        words = self.bot_words.get(name)
        return f"{name} ({words})" if words else name

    def make_bot(self, name: str) -> Bot:
        if not isinstance(name, str) or name not in self.bots:
            raise UnknownBot(
                f"Unknown bot {shown(name)} for {self.title}. Bots: {', '.join(sorted(self.bots))}."
            )
        return self.bots[name]()

    def check_players(self, players: Any) -> int:
        players = whole(players, "players")
        if not self.min_players <= players <= self.max_players:
            raise SettingsError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, not {players}."
            )
        return players

    def check_settings(self, settings: Mapping[str, Any], players: int | None = None) -> dict[str, Any]:
        """``settings`` checked against the game's schema, with defaults filled in."""
        return self.schema.check(settings, players, game=self.title)

    def load(self, part: str) -> Any:
        """A lazily named part (``"view"``, ``"lessons"``, ``"studies"``, ``"codec"``, ``"testing"``,
        ``"coach"``, ``"session"``, ``"tutorial"``, ``"batch"`` or a key of ``extras``), imported now; ``None``
        if the game has no such part."""
        target = getattr(self, part, None) if part in ("view", "lessons", "studies", "codec", "testing",
                                                       "coach", "session", "tutorial", "batch") \
            else self.extras.get(part)
        if target is None:
            return None
        module, _, attr = target.partition(":")
        obj = importlib.import_module(module)
        for name in filter(None, attr.split(".")):
            obj = getattr(obj, name)
        return obj


# -- the registry ---------------------------------------------------------------------------------
def _presentation_part(name: str) -> property:
    def read(spec: GameSpec):
        return getattr(spec.presentation, name)

    def write(spec: GameSpec, value) -> None:
        spec.presentation = replace(spec.presentation, **{name: value})

    return property(read, write, doc=f"The presentation's {name} (``spec.presentation.{name}``).")


for _part in PRESENTATION_PARTS:  # spec.view and the like read (and set) the presentation's part
    setattr(GameSpec, _part, _presentation_part(_part))
del _part


_SPECS: dict[str, GameSpec] = {}  # loaded plugins by canonical name
_POINTS: dict[str, Any] | None = None  # entry points by canonical name (read once)


def _points() -> dict[str, Any]:
    global _POINTS
    if _POINTS is None:
        _POINTS = {ep.name: ep for ep in entry_points(group=GROUP)}
    return _POINTS


def refresh() -> None:
    """Read the entry points again (after installing or adding a game plugin at run time)."""
    global _POINTS
    _POINTS = None


# Argument names of the functions that take a game's settings as keywords (new_game,
# simulate, play_games, sweep cells, play, create_room): a setting with one of these names
# could never be given, so a plugin may not declare it.
RESERVED_SETTINGS = frozenset({
    "game", "name", "n", "seed", "players", "bots", "bot", "rotate", "first", "tables",
    "progress", "workers", "client", "settings", "label", "humans", "bot_delay", "host_name",
    "store", "ttl", "lease_ttl", "stand_in_after", "fill_with_bots", "clock", "batch", "records",
    "keep_records",
})


def register_game(spec: GameSpec) -> GameSpec:
    """Register ``spec`` in this process (plugins found by entry point are registered on
    first use; this is for a game defined in a notebook)."""
    if not isinstance(spec, GameSpec):
        raise UnknownGame(f"register_game takes a GameSpec, not {shown(spec)}.")
    clash = sorted(RESERVED_SETTINGS.intersection(spec.schema.names()))
    if clash:
        raise UnknownGame(f"{spec.title} declares setting(s) {', '.join(clash)}, names the "
                          "runners use for their own arguments; rename them.")
    spec.bots.setdefault("random", lambda: random_bot)
    spec.bot_words.setdefault("random", "picks any legal move at random")
    _SPECS[spec.name] = spec
    _BOUND[spec.state_class] = spec  # the spec's state class belongs to it: see spec_of
    _FOUND.clear()
    return spec


def registered_spec(name: str) -> GameSpec | None:
    """The plugin registered in this process under exactly the canonical ``name``, or
    ``None`` (no entry point is read: a state's own game is registered before it is made)."""
    return _SPECS.get(name)


_BOUND: dict[type, GameSpec] = {}  # each registered spec by its state class
_FOUND: dict[type, GameSpec | None] = {}  # spec_of's answers, forgotten when a game registers


def spec_of(state_class: type) -> GameSpec | None:
    """The registered plugin a state class plays: the spec whose ``state_class`` it is (or
    extends), else the one registered under the name it declares as ``game`` (a class the spec
    does not name, such as a session of several rounds); ``None`` if there is none."""
    try:
        return _FOUND[state_class]
    except KeyError:
        pass
    found = _bound_spec(state_class)
    if found is None and any(name not in _SPECS for name in _points()):
        all_specs()  # a state class made before its game's plugin was loaded: load the plugins, look again
        found = _bound_spec(state_class)
    _FOUND[state_class] = found
    return found


def _bound_spec(state_class: type) -> GameSpec | None:
    for klass in state_class.__mro__:
        declared = klass.__dict__.get("game")
        found = _BOUND.get(klass) or (_SPECS.get(declared) if isinstance(declared, str) else None)
        if found is not None:
            return found
    return None


def _load_point(name: str) -> GameSpec:
    spec = _points()[name].load()
    if not isinstance(spec, GameSpec) or spec.name != name:
        raise UnknownGame(f"The plugin registered as {name!r} does not provide that game.")
    return register_game(spec) if name not in _SPECS else _SPECS[name]


def all_specs() -> list[GameSpec]:
    """Every game's plugin, loaded, in display order."""
    for name in _points():
        if name not in _SPECS:
            _load_point(name)
    return sorted(_SPECS.values(), key=lambda s: (s.order, s.name))


def game_names() -> tuple[str, ...]:
    """The canonical names of every installed game, in display order."""
    return tuple(s.name for s in all_specs())


def canonical_game(name: Any) -> str:
    """The canonical name for ``name`` (its title, other case, spaces or underscores for
    hyphens, or an alias the plugin declares)."""
    if not isinstance(name, str) or len(name) > 100:
        raise UnknownGame(f"A game is named by a short text, not {shown(name)}. "
                          f"Games: {', '.join(game_names())}.")
    key = _key(name)
    for known in list(_SPECS) + list(_points()):
        if _key(known) == key:
            return known
    for spec in all_specs():  # aliases are declared by the plugins themselves
        if key in (_key(a) for a in (spec.title, *spec.aliases)):
            return spec.name
    raise UnknownGame(f"Unknown game {shown(name)}. Games: {', '.join(game_names())}.")


def get_spec(name: Any) -> GameSpec:
    """The plugin of game ``name`` (any obvious spelling)."""
    canonical = canonical_game(name)
    if canonical not in _SPECS:
        _load_point(canonical)
    return _SPECS[canonical]


def register_bot(game: str, name: str, factory: Callable[[], Bot]) -> None:
    """Add a bot (a factory returning a fresh bot callable) to a game's registry."""
    get_spec(game).bots[name] = factory


MAX_SEED = 2 ** 64  # seeds are 0 <= seed < 2**64: what an unseeded game draws, and what JSON keeps


def check_seed(seed: Any, what: str = "seed") -> int | None:
    """A game seed: ``None`` or a whole number from 0 to 2**64 - 1 (numpy integers too), so
    that every record written with it is JSON that loads again."""
    if seed is None:
        return None
    if isinstance(seed, int) and not isinstance(seed, bool) and seed.bit_length() > 64:
        raise SettingsError(f"{what} must be a whole number from 0 to 2**64 - 1, not one of "
                            f"{seed.bit_length():,} bits.")
    seed = whole(seed, what)
    if not 0 <= seed < MAX_SEED:
        raise SettingsError(f"{what} must be a whole number from 0 to 2**64 - 1, not {shown(seed)}.")
    return seed


def new_game(game: str | None = None, players: int | None = None, seed: int | None = None,
             **settings: Any) -> State:
    """A fresh game state: ``new_game(game, players=4, seed=1)``.

    ``game`` is any installed game's name (the first argument of every entry point:
    ``simulate``, ``play``, ``play_games``...). ``settings`` are the game's own (see
    ``get_spec(game).schema``). Unknown games, player counts or settings raise a
    ``ValueError`` subclass saying what is accepted. The game given as ``name=`` still works,
    with a ``DeprecationWarning``.

        >>> import lopti_nb
        >>> lopti_nb.new_game(lopti_nb.game_names()[0], players=3, seed=2).num_players
        3
    """
    if "name" in settings and game is None:
        warnings.warn("new_game(name=...) is now new_game(game=...), like every other entry point",
                      DeprecationWarning, stacklevel=2)
        game = settings.pop("name")
    if game is None:
        raise UnknownGame(f"new_game needs a game. Games: {', '.join(game_names())}.")
    spec = get_spec(game)
    players = spec.default_players if players is None else spec.check_players(players)
    seed = check_seed(seed)
    if spec.session is not None and "rounds" in settings:
        session = spec.load("session")
        return session(players, seed, **session.check_settings(spec, settings, players))
    return spec.state_class(players, seed, **spec.check_settings(settings, players))


def __getattr__(name: str):
    if name == "GAME_NAMES":
        warnings.warn("GAME_NAMES is now game_names()", DeprecationWarning, stacklevel=2)
        return game_names()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
