"""lopti_nb: play, teach and analyse Lopti, The Drowned Ledger and Skull King in Jupyter.

    >>> import lopti_nb
    >>> state = lopti_nb.new_game("lopti", players=4, seed=1)
    >>> state.current_player
    0
"""
import warnings as _warnings

from .engine import (
    BatchNotCovered,
    EndlessGame,
    IllegalAction,
    LoptiNbError,
    RecordError,
    SettingsError,
    UnknownBot,
    UnknownGame,
    UnknownSeat,
    game_names,
    load,
    new_game,
    simulate,
)

from .engine.settings import refuse_unknown_arguments as _refuse_unknown_arguments

__version__ = "0.1.0"


@_refuse_unknown_arguments
def play(game: str = "lopti", players: int | None = None, humans: int = 1,
         bots: str | list[str] | None = None, seed: int | None = None, bot_delay: float = 0.6,
         names: list[str] | None = None, **settings):
    """A playable table widget for ``game`` in a notebook cell (see ``lopti_nb.widgets``).

    Arguments: ``players``, ``humans`` (people at this device, seats 1..humans), ``bots``,
    ``seed``, ``bot_delay``, ``names`` (one short name per seat, people first, shown
    everywhere on the table instead of "Seat 1", "Seat 2"...) and the game's settings (``lopti_nb.engine.get_spec(game).schema``)
    or its table's options. An unknown game, bot or keyword, or a bad value, raises a
    ``ValueError`` subclass (``UnknownGame``, ``UnknownBot``, ``SettingsError``) naming what is
    accepted, and no table is made. A game played in rounds takes ``rounds``, as a room
    does: ``play("lopti", rounds=3)`` is a Lopti session of three rounds (the same state and
    view as a room's session: after each round its winner writes a motion, the round's Rule
    Vote is called from the table, and the session ends with its places); without ``rounds``
    the table plays one round::

        table = lopti_nb.play("lopti", humans=2, rounds=3)
        table.state.history()   # the session's rounds as a DataFrame (motions_frame(), votes_frame())

    A Lopti session also takes ``proposed``: a motion put to the table before the first deal (a
    ready motion's key, a motion as data, or a ``Motion`` that is either). The first seat
    proposes it and every seat votes on it at setup; it is in force from round one, with the
    first seat as its author, when more than half of all players vote yes. A motion from
    outside the session comes in, by the rules (rules reference §1.7), only by majority
    approval at setup, which does not use round one's Rule Vote; it cannot be round one's
    winner's motion, as nobody has won yet. A value that is none of these, or that the
    constitution refuses, raises ``SettingsError`` and no table is made::

        table = lopti_nb.play("lopti", rounds=3, players=3, proposed="ace_tax")
    """
    from .widgets import play as _play  # widgets load ipywidgets; the engine never does

    return _play(game, players=players, humans=humans, bots=bots, seed=seed,
                 bot_delay=bot_delay, names=names, **settings)


@_refuse_unknown_arguments
def explain(game: str = "lopti", voice: str = "plain", start: int | str = 0):
    """A step-by-step rule explainer widget for ``game`` (see ``lopti_nb.explainers``);
    ``start`` is the first step shown, by number or key. Unknown games, voices, steps or
    arguments raise a ``ValueError`` subclass naming the valid ones."""
    from .explainers import explain as _explain

    return _explain(game, voice=voice, start=start)


@_refuse_unknown_arguments
def rules(game: str = "lopti", voice: str = "plain"):
    """The rules of ``game`` as plain data: a list of sections (title, text, clauses).
    Unknown games, voices or arguments raise a ``ValueError`` subclass."""
    from .explainers import rules as _rules

    return _rules(game, voice=voice)


@_refuse_unknown_arguments
def tutorial(game: str = "lopti", voice: str = "plain"):
    """A guided first round of ``game`` at its real table (Skull King: its first five rounds).

    You play the first seat against named opponents on a prepared deal. At each of your
    decisions a hint names a move and says why, with a tip on how to think about it; you click
    the cards yourself. Any other move the rules allow is accepted and explained, and a move
    the rules refuse shows their reason and changes nothing. The others' moves are explained as
    they happen. At the end a summary tells what you did, and "Play a real game" opens a real
    table in its place. The Drowned Ledger's guided round is a whole game with offices: your
    duty forces one decision, your privilege pays, and it ends on the Sea Claims and the final
    count, bonus by bonus. ``voice`` is one of the game's lesson voices (``lopti_nb.explainers.voices``);
    an unknown game or voice raises a ``ValueError`` subclass naming the valid ones::

        guide = lopti_nb.tutorial("skull-king")
        guide                      # the table, with the guide's hint above your cards
        guide.hint.move            # the suggested move in words
        while not guide.done:      # follow every hint to the end of the guided round
            guide.take_hint()
        guide.reasons              # the reason given for each of your moves
    """
    from .explainers.tutorial import tutorial as _tutorial  # ipywidgets only when asked

    return _tutorial(game, voice=voice)


@_refuse_unknown_arguments
def practice(game: str = "lopti", voice: str = "plain", seed: int = 0, saved: str | None = None):
    """Practice ``game`` one question at a time, on positions the package's bots reached in
    seeded games, every answer checked by the engine and explained with its reason. Kinds of
    question you get wrong come back sooner, kinds you master less often. ``saved`` (text from
    ``p.save()``) carries on from a saved practice; an unknown game, voice or saved text raises a
    ``ValueError`` subclass::

        p = lopti_nb.practice("skull-king")
        p.question.text, p.question.choices      # the question asked now
        right, reason = p.answer(p.question.choices[0])
        p.score, p.by_kind                       # right answers; a table per kind of question
    """
    from .explainers.practice import practice as _practice

    return _practice(game, voice=voice, seed=seed, saved=saved)


@_refuse_unknown_arguments
def replay(record, seat: int | None = None):
    """A widget that steps through a finished game, forward and back (buttons and a slider).

    ``record`` is ``state.record()`` of a table's game, a room's ``Room.record()``, its JSON
    text, a game state, or a row of ``simulate(..., keep_records=True)`` (its ``record``
    column). The position is drawn with the game's own table, read-only. ``seat`` shows the game as that seat saw it (counted from 0, as in
    the engine: its own cards only); ``None`` shows every card open. A dropdown switches
    views. A record that does not replay raises ``RecordError`` and a seat that is not at
    the table ``UnknownSeat`` (``ValueError`` subclasses); no widget is made then::

        state = lopti_nb.new_game("skull-king", players=3, seed=2)
        while not state.is_over:
            state.apply(state.legal_actions(state.to_act[0])[0], state.to_act[0])
        lopti_nb.replay(state.record(), seat=0)   # as the first seat saw it

        rows = lopti_nb.simulate("skull-king", n=20, seed=1, keep_records=True)
        lopti_nb.replay(rows.iloc[3])              # game 0 of the run, every card open
    """
    from .widgets.replay import replay as _replay  # widgets load ipywidgets; the engine never does

    return _replay(record, seat=seat)


@_refuse_unknown_arguments
def motion_lab(motion, players: int = 4, sessions: int = 100, seed=0, rounds: int = 3,
               bots: str = "heuristic", progress: bool = True):
    """What a Lopti motion does, before the table votes on it: paired simulations of
    ``sessions`` short sessions (``rounds`` rounds each, played by ``bots``), the same seeds
    with and without the motion in force. ``motion`` is a ready motion's key (``"ace_tax"``),
    a ``lopti_nb.games.lopti.Motion`` or a motion as data (``Motion.from_data``'s dict). The result's ``findings`` say how it changes
    round length (rounds stopped at the turn cap counted apart), the chance to win a round
    of its author, the seat after the author and each other seat, and pickups under a 3
    duty, clears and pickups, each with its 95% interval; in a notebook it draws itself
    (the findings as sentences and a chart). Bad arguments raise a ``ValueError`` subclass::

        lab = lopti_nb.motion_lab("ace_tax", players=4, sessions=100)
        lab                                  # in a notebook: findings and chart
        lab.finding("win.author").text       # one finding's sentence

    See ``lopti_nb.games.lopti.lab`` for how a lab session is played.
    """
    from .games.lopti.lab import motion_lab as _motion_lab  # the game loads when asked

    return _motion_lab(motion, players=players, sessions=sessions, seed=seed, rounds=rounds, bots=bots,
                       progress=progress)


def __getattr__(name: str):
    # names of the last release that have one name elsewhere: kept one version, with a warning
    if name == "GAME_NAMES":
        _warnings.warn("lopti_nb.GAME_NAMES is now lopti_nb.game_names()", DeprecationWarning, stacklevel=2)
        return game_names()
    if name == "refuse_unknown_arguments":
        _warnings.warn("lopti_nb.refuse_unknown_arguments is lopti_nb.engine.settings.refuse_unknown_arguments",
                      DeprecationWarning, stacklevel=2)
        return _refuse_unknown_arguments
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BatchNotCovered", "EndlessGame", "IllegalAction", "LoptiNbError", "RecordError", "SettingsError", "UnknownBot",
    "UnknownGame", "UnknownSeat", "game_names", "load", "new_game", "simulate", "play", "explain", "rules", "replay",
    "tutorial", "practice",
    "__version__",
]
