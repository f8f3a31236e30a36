"""The best dive in The Drowned Ledger: when to flip again and when to surface.

A dive is a small push-your-luck game of its own (like Pig, whose optimal play Neller and
Presser computed). After every flip the diver either surfaces with the haul or flips again;
the policy here is the one that makes the *expected number of machines the dive keeps*
(sealed into the hand, or opened by Forced to Account) as large as possible. It is exact
dynamic programming over everything the rules let the dive depend on:

* the haul so far (``haul``) and the hold limit (at the limit the diver surfaces by itself);
* what is left in the wreck deck: machines, live hazards (numbered at or below the sea) and,
  while the sea has not yet moved this round, the hazards numbered one above the sea, which
  turn live if The Sea Blinks is the round's first sea trigger (rules reference §2.3, §2.4);
* what is left in the Reckoning deck (when it runs out, a fresh twelve-card deck is used,
  as at the table).

Other near-misses change nothing but give the diver another look at the same position, so
the best choice never depends on them; they only enter the value of flipping again where
surfacing is better (a near-miss then lets the diver surface after all). The values are the same as :mod:`lopti_nb.games.ledger.risk`'s for a fixed
target; the deck arguments read the same way.

* :func:`dive_values` -- the expected machines of surfacing now and of flipping again.
* :func:`best_expected_machines` -- a fresh dive's expected machines under the best policy.
* :func:`policy_table` -- the best decision by sea and haul beside the rule of thumb
  "surface at 4", as a tidy DataFrame.
* :func:`best_move` -- the best dive step for a seat, from its observation (the ``best``
  bot plays it).

    >>> from lopti_nb.games.ledger.best import best_expected_machines, dive_values
    >>> round(best_expected_machines(9), 3)     # "surface at 4" gets 1.113 here
    1.127
    >>> surface, dive_on = dive_values(9, haul=3, deck={"machines": 37, "hazards": {n: 2 for n in range(1, 10)}})
    >>> surface, round(dive_on, 3)       # at sea 9 a haul of three is better brought up
    (3, 2.964)
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, Mapping

from lopti_nb.engine import SettingsError
from lopti_nb.engine.settings import shown, whole

from .cards import DEFAULT_HAZARDS, RECKONINGS, lost_count
from .offices import OFFICE_INDEX, OFFICES
from .risk import SEA_HIGH, check_exact, dive_outcomes, live_counts, reckoning_counts

__all__ = ["dive_values", "best_expected_machines", "surface_at_expected_machines", "policy_table",
           "expectation_frame", "best_move",
           "DIVE_ON", "SURFACE"]

DIVE_ON, SURFACE = "dive on", "surface"
FULL = tuple(r.copies for r in RECKONINGS)
POLICY_COLUMNS = ["sea", "haul", "surface_value", "dive_on_value", "best", "rule_of_thumb", "agree"]


@lru_cache(maxsize=200_000)
def _decide(h: int, m: int, l: int, e: int, rc: tuple[int, ...], moved: bool, hold: int,
            exact: bool) -> tuple[Any, Any]:
    """``(surface, dive on)`` expected machines at a decision point with haul ``h``, ``m``
    machines, ``l`` live hazards and ``e`` hazards one above the sea left, Reckoning deck
    ``rc``; ``moved`` is whether the sea has moved this round. Diving on is ``None`` when the
    dive cannot go on (hold full, or no machine or hazard that matters left)."""
    if h >= hold or m + l + e == 0:
        return h, None
    return h, _flip(h, m, l, e, rc, moved, hold, exact)


def _best(h, m, l, e, rc, moved, hold, exact):
    surface, dive_on = _decide(h, m, l, e, rc, moved, hold, exact)
    return surface if dive_on is None or dive_on <= surface else dive_on


def _flip(h: int, m: int, l: int, e: int, rc: tuple[int, ...], moved: bool, hold: int, exact: bool):
    """Expected machines of turning one more card and then playing on at best."""
    one = Fraction(1) if exact else 1.0
    total = m + l + e
    value = 0 * one
    if m:
        value += one * m / total * _best(h + 1, m - 1, l, e, rc, moved, hold, exact)
    if e:  # a near-miss for now; the diver decides again
        value += one * e / total * _best(h, m, l, e - 1, rc, moved, hold, exact)
    if l:
        deck = rc if sum(rc) else FULL  # an exhausted Reckoning deck is shuffled anew
        size = sum(deck)
        caught = 0 * one
        for i, count in enumerate(deck):
            if not count:
                continue
            rule = RECKONINGS[i]
            if rule.keep_diving:
                # the Blink is a sea trigger: as the round's first it raises the sea one step,
                # and the hazards one above the old sea are live from now on
                rest = deck[:i] + (count - 1,) + deck[i + 1:]
                after = _best(h, m, l - 1 + (0 if moved else e), 0, rest, True, hold, exact)
            else:
                after = h - lost_count(rule, h)  # Forced to Account keeps (opens) them all
            caught += one * count / size * after
        value += one * l / total * caught
    return value


def dive_values(sea: int, haul: int = 0, deck: Any = None, reckoning: Mapping[str, int] | None = None,
                hold_limit: int = 4, sea_moved: bool = False, exact: bool = False) -> tuple[Any, Any]:
    """Expected machines a dive keeps if the diver surfaces now, and if they flip again and
    then play on at best: ``(surface, dive_on)``.

    ``haul`` is the machines in the haul; ``deck`` what is left in the wreck deck (as in
    :mod:`lopti_nb.games.ledger.risk`: ``None`` for a fresh table deck, a composition, the
    short form ``{"machines": M, "hazards": {...}}`` or a list of cards); ``reckoning`` the
    Reckoning cards still to be turned (name to copies; ``None`` for a fresh deck);
    ``sea_moved`` whether the sea has already moved this round. ``dive_on`` is ``None`` when
    the dive cannot go on (the hold is full, or the deck holds nothing that matters).
    The best move is to dive on exactly when ``dive_on > surface``.

        >>> dive_values(3, haul=1, deck={"machines": 39, "hazards": {n: 2 for n in range(1, 10)}})[1] > 1
        True
    """
    check_exact(exact)
    if type(sea_moved) is not bool:
        raise SettingsError(f"sea_moved must be True or False, not {shown(sea_moved)}.")
    hold = whole(hold_limit, "hold_limit", 1, 40)
    h = whole(haul, "haul", 0, hold)
    machines, live, edge = live_counts(sea, deck)
    rc = reckoning_counts(reckoning, left=True)
    edge = 0 if sea_moved else edge
    surface, dive_on = _decide(h, machines, live, edge, rc, sea_moved, hold, exact)
    others = live_counts(SEA_HIGH, deck)[1] - live - edge  # near-misses that stay near-misses
    if dive_on is not None and others and dive_on < surface:
        # such a near-miss comes first with this chance, and then the diver surfaces
        share = (Fraction(others, others + machines + live + edge) if exact
                 else others / (others + machines + live + edge))
        dive_on = share * surface + (1 - share) * dive_on
    return surface, dive_on


def best_expected_machines(sea: int, deck: Any = None, reckoning: Mapping[str, int] | None = None,
                           hold_limit: int = 4, sea_moved: bool = False, exact: bool = False):
    """Expected machines of a fresh dive (its first flip is part of the Dive) played at best.

        >>> best_expected_machines(3) > best_expected_machines(9)
        True
    """
    check_exact(exact)
    hold = whole(hold_limit, "hold_limit", 1, 40)
    machines, live, edge = live_counts(sea, deck)
    if machines + live + (0 if sea_moved else edge) == 0:
        return Fraction(0) if exact else 0.0
    return _flip(0, machines, live, 0 if sea_moved else edge, reckoning_counts(reckoning, left=True),
                 bool(sea_moved), hold, exact)


def surface_at_expected_machines(sea: int, target: int = 4, deck: Any = None) -> float:
    """Expected machines of a fresh dive under the rule of thumb "surface at ``target``"
    (from :func:`lopti_nb.games.ledger.risk.dive_outcomes`).

        >>> round(surface_at_expected_machines(3), 3)
        2.446
    """
    out = dive_outcomes(sea, target, deck)
    return float((out["exact"] * (out["sealed"] + out["opened"])).sum())


def policy_table(seas=range(1, 10), hold_limit: int = 4, surface_at: int = 4):
    """The best decision after each haul size, by sea, beside the rule of thumb "surface at
    ``surface_at``", for a dive on a fresh table deck that has so far turned up only machines
    (the sea not yet moved this round). Columns: ``sea``, ``haul``, ``surface_value``,
    ``dive_on_value`` (expected machines), ``best`` and ``rule_of_thumb`` (``"dive on"`` or
    ``"surface"``) and ``agree``.

        >>> t = policy_table(seas=[3, 9])
        >>> t[t.haul == 3][["sea", "best", "rule_of_thumb"]].values.tolist()
        [[3, 'dive on', 'dive on'], [9, 'surface', 'dive on']]
    """
    import pandas as pd

    hold = whole(hold_limit, "hold_limit", 1, 40)
    rows = []
    for sea in seas:
        for haul in range(1, hold):
            hazards = {n: c for n, c in DEFAULT_HAZARDS.items()}
            surface, dive_on = dive_values(sea, haul, {"machines": 40 - haul, "hazards": hazards},
                                           hold_limit=hold)
            best = DIVE_ON if dive_on is not None and dive_on > surface else SURFACE
            thumb = DIVE_ON if haul < surface_at else SURFACE
            rows.append({"sea": sea, "haul": haul, "surface_value": float(surface),
                         "dive_on_value": float(dive_on), "best": best, "rule_of_thumb": thumb,
                         "agree": best == thumb})
    return pd.DataFrame(rows, columns=POLICY_COLUMNS)


def expectation_frame(seas=range(1, 10), surface_at: int = 4):
    """Expected machines of a fresh dive at each sea: the best policy against "surface at
    ``surface_at``" (columns ``sea``, ``best``, ``surface_at``, ``gain``).

        >>> expectation_frame([9])[["sea", "gain"]].round(3).values.tolist()
        [[9.0, 0.014]]
    """
    import pandas as pd

    rows = []
    for sea in seas:
        best = float(best_expected_machines(sea))
        thumb = surface_at_expected_machines(sea, surface_at)
        rows.append({"sea": sea, "best": best, "surface_at": thumb, "gain": best - thumb})
    return pd.DataFrame(rows, columns=["sea", "best", "surface_at", "gain"])


def _wreck_left(obs: Mapping[str, Any], sea: int) -> tuple[int, int, int]:
    """(machines, live hazards, hazards one above the sea) in the wreck deck, from what the
    seat may know: hazards only ever lie in the wreck or the discard pile, so those not in the
    discard pile are in the wreck (a table-default hazard set is assumed); the rest of the
    wreck's cards are machines."""
    left = dict(DEFAULT_HAZARDS)
    for card in obs["discard"]:
        if card >= 100 and left.get(card - 100, 0) > 0:
            left[card - 100] -= 1
    hazards = min(sum(left.values()), obs["wreck_size"])
    machines = obs["wreck_size"] - hazards
    live = sum(c for n, c in left.items() if n <= sea)
    edge = left.get(sea + 1, 0)
    return machines, live, edge


def best_move(obs: Mapping[str, Any]) -> str:
    """``"dive on"`` or ``"surface"``: the best next step of the dive in progress for the seat
    whose observation this is (its hold limit, and a Bell Diver's privilege of a hazard equal
    to the sea being a near-miss, are taken into account).

        >>> import lopti_nb
        >>> from lopti_nb.games.ledger.actions import Dive
        >>> state = lopti_nb.new_game("drowned-ledger", players=2, seed=1, mode="plain")
        >>> events = state.apply(Dive())
        >>> best_move(state.observation(0)) in ("dive on", "surface")
        True
    """
    seat = obs["seat"]
    sea = obs["sea"]
    office = obs["offices"][seat] if obs.get("offices") else None
    if office is not None and obs["privilege_active"][seat] and OFFICES[OFFICE_INDEX[office]].grants.edge_safe:
        sea -= 1
    sea = max(0, sea)
    machines, live, edge = _wreck_left(obs, sea)
    moved = bool(obs["sea_trigger"])
    turned = {}
    for name in obs["reckoning_turned"]:
        turned[name] = turned.get(name, 0) + 1
    rc = tuple(max(0, r.copies - turned.get(r.name, 0)) for r in RECKONINGS)
    surface, dive_on = _decide(len(obs["haul"]), machines, live, 0 if moved else edge, rc, moved,
                               obs["hold_limit"], False)
    return DIVE_ON if dive_on is not None and dive_on > surface else SURFACE
