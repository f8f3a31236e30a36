"""Motions: the custom rules a Lopti round winner writes for the rest of the session.

A motion is always words (``text``) and may also carry code: *hooks* that run before or
after the base events of a round. A motion may also be plain data, "when <base event> [if
<conditions>] then <effects>" (:meth:`Motion.from_data`, :mod:`.data`): the engine interprets
the data as the motion's hooks and makes its words, after checking it against the constitution.
A hook is a function ``hook(view) -> effects``:

* it receives a :class:`View`, a frozen snapshot of the moment (which event, the ranks
  played, the round number, facts about the *actor* -- the player the event belongs to),
  never the game state itself, and never a seat number, so a motion can only aim at roles
  and conditions, not at a named person;
* it returns ``None``, one effect, or a list of effects from a small closed set:
  :class:`Say`, :class:`Reveal`, :class:`Draw`, :class:`Give`, :class:`Discard`,
  :class:`ClearPile` (a custom clear) and :class:`ReturnCleared` (cleared cards back into
  the round).

The engine (:class:`HookRunner`) checks and applies the effects. The constitution it keeps:

* Base events are never cancelled or changed. Words and reveals show at once; every card
  movement waits until the player's action has fully resolved (its clear, draw, bonus play
  or going out already happened), so no motion can alter a play, a clear or a bonus play.
* A custom clear (:class:`ClearPile`) is asked for by an "after" hook of a play (``play``,
  ``lead``, ``bonus play``, or a legal ``blind flip``) whose condition the play fulfils. It
  joins that play exactly as a base clear would: the pile leaves the round, every 3 duty and
  7 directive ends, and the player who made the play gets the bonus play (none if that was
  their last card). It adds a clear; it can never take one away.
* Where an effect needs a choice (``which="choose"``: which card to give, to put out, or to
  take back from a clear), the player concerned chooses if a person sits there
  (``people``): the round waits with a :class:`PendingChoice` until they answer with
  :class:`~lopti_nb.games.lopti.state.Choose` actions. A bot or an absent player takes the
  effect's ``default`` (by face value, or at random from the round's own generator).
* Effects are not base events: they never set off hooks, so motions cannot chain into a
  loop. A hook may return at most :data:`MAX_EFFECTS_PER_HOOK` effects, and one base event
  carries at most :data:`MAX_EFFECTS_PER_EVENT` effects in all.
* Effects act on the present only: no effect can touch the pile (but clear it), a card
  already played or a player who is out, and of the cards out of the round only those of
  the latest clear can come back; a player still in always keeps at least one card (only a
  legal last play puts anyone out), so no motion can hand anybody a win or block one.
* All 52 cards stay accounted for; the engine checks it after every movement.
* A hook that raises (anything, ``SystemExit`` included), runs longer than its time budget,
  returns anything outside the closed set, or changes the game or the session behind the
  engine's back (the change is undone) is reported at the table with a
  :class:`~lopti_nb.games.lopti.events.MotionFault` event (a sentence of at most 200
  characters) and its code is switched off for the rest of the session. The round always
  carries on: a hook runs on a worker thread and a late one is abandoned
  (:mod:`~lopti_nb.games.lopti.hook_calls`; what a hook can and cannot do: ``docs/ENGINE.md``).

The parts: :mod:`.language` (errors, events, roles, effects, the view), :mod:`.data` (motions
as data), :mod:`.motion` (:class:`Motion`, built on both), :mod:`.snapshot` (what a hook is checked against),
:mod:`.runner` (:class:`HookRunner`) and :mod:`.state` (:class:`MotionLoptiState`); the worker
thread that runs a hook is :mod:`~lopti_nb.games.lopti.hook_calls`.
"""
from ..hook_calls import HookTimeout, call_with_budget
from .language import (
    BASE_EVENTS, CHOICES, CHOOSE, DEFAULT_BUDGET, DRAW_PILE, EFFECT_TYPES, MAX_EFFECTS_PER_EVENT,
    MAX_EFFECTS_PER_FLUSH, MAX_EFFECTS_PER_HOOK, MAX_TEXT, PHASES, PLAY_EVENTS, PROTECTED, PROTECTED_MESSAGE,
    ROLE_HELP, ROLES, ClearPile, ConstitutionError, Discard, Draw, Effect, Give, MotionError,
    PendingChoice, ReturnCleared, Reveal, Say, SessionError, View, check_role, describe_effects, make_view,
    parse_hook_key,
)
from .runner import HookRunner, MotionEntry, check_budget, ready_made
from .state import MotionLoptiState
from .data import check_motion_data, motion_words
from .motion import Motion, same_motion

__all__ = [
    "MotionLoptiState", "Motion", "View", "Effect", "Say", "Reveal", "Draw", "Give", "Discard", "ClearPile",
    "ReturnCleared", "PendingChoice", "HookRunner", "MotionEntry",
    "SessionError", "MotionError", "ConstitutionError", "BASE_EVENTS", "ROLES", "EFFECT_TYPES",
    "MAX_EFFECTS_PER_HOOK", "MAX_EFFECTS_PER_EVENT", "describe_effects", "call_with_budget", "HookTimeout",
    "ready_made", "check_budget", "DEFAULT_BUDGET", "PROTECTED", "PROTECTED_MESSAGE", "CHOICES", "CHOOSE",
    "DRAW_PILE", "MAX_EFFECTS_PER_FLUSH", "MAX_TEXT", "PHASES", "PLAY_EVENTS", "ROLE_HELP", "check_role",
    "make_view", "parse_hook_key", "check_motion_data", "motion_words", "same_motion",
]
