"""The Drowned Ledger: a push-your-luck salvage game for 2-5 players (rules reference §2).

The rules in brief (table defaults; every number is a setting):

* The wreck deck holds 58 cards: 40 machines (five suits -- Compass, Lantern, Telegraph,
  Engine, Orrery -- each with printed values 1 1 2 2 3 3 4 5) and 18 hazards (1-9, twice).
  When it runs out, the discards are shuffled into a new one.
* On a turn a player does one thing. **Dive**: turn wreck cards over one by one. Machines go
  into the haul; a hazard above the sea is a near-miss and is discarded; a hazard at or
  below the sea catches the diver, who draws a Reckoning card. After every card the diver
  flips again or surfaces (automatically once the hold limit, 4, is reached); surfacing
  seals the haul into the hand. **Open**: put any sealed cards face up into the yard; for
  every card, each other player already showing that suit takes one coin. **Sell**: trade
  one sealed card for its suit's market price (6 at the start, down one per sale, never
  below 3). A player with an empty hand must dive.
* Selling and most Reckonings are sea triggers. The sea moves at most once a round (one turn
  each), at the moment of the round's first trigger: one step, or two if that trigger is The
  Sea Rises Twice; later dives in the round face the higher water. When it reaches the claim
  line (10) the round is still played to its end, then the game ends, so turns are equal.
* Score: coins, the printed value of open machines, +4 per suit with three or more open,
  +5 to everyone tied for the most open machines (at least one); sealed cards score nothing.
  Ties go to more open machines, then are shared.
* In mode ``"offices"`` each player holds one of twelve public offices (a duty and a
  privilege; see :mod:`lopti_nb.games.ledger.offices`).

Settings (``new_game("drowned-ledger", players, seed, **settings)``): ``mode`` ("offices" or
"plain"), ``hold_limit`` (4), ``sea_start`` (3), ``sea_claim`` (10), ``deck`` (a composition
mapping, default ``DEFAULT_DECK``; ``None`` also means the default; see
:mod:`~lopti_nb.games.ledger.cards`), ``table_watch``
(False), ``offices`` (None to deal at random, or one office name per seat) and
``max_rounds`` (200, a safety cap that ends a game as a recorded stalemate).

Decisions where the rulings are silent: the first seat (index 0, "Seat 1") opens every round; The Sea Blinks leaves the
diver in the water to decide again (flip or surface); a clean-ledger bonus needs at least one
open machine; the discard pile is public; the sea never passes the claim line.
"""

from . import risk
from .actions import DIVE, FLIP, SURFACE, Dive, FlipAgain, Open, Sell, Surface
from .balance import office_balance
from .bots import BOTS, MIX
from .cards import DEFAULT_DECK, RECKONINGS, SUITS, Card, hazard, machine
from .offices import OFFICE_NAMES, OFFICES, office_table
from .state import DEFAULT_SETTINGS, LedgerState

from .plugin import SPEC

__all__ = [
    "LedgerState", "Dive", "FlipAgain", "Surface", "Open", "Sell", "DIVE", "FLIP", "SURFACE",
    "Card", "machine", "hazard", "SUITS", "RECKONINGS", "OFFICES", "OFFICE_NAMES", "office_table",
    "DEFAULT_DECK", "MIX", "SPEC", "risk", "office_balance",
]
