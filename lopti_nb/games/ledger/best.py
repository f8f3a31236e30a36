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
  as at the table);
* the discard pile, when the wreck deck could run out before the hold fills: it is then
  shuffled into a new wreck deck and the dive goes on (rules reference §2.2);
* the diver's office where it changes a dive: the Lookout's privilege (no Reckoning takes the
  haul's first machine) and duty (surface at three machines), the Bell Diver's privilege (a
  hazard equal to the sea is a near-miss).

While the wreck cannot run out, other near-misses change nothing but give the diver another
look at the same position, so the best choice never depends on them; they only enter the
value of flipping again where surfacing is better (a near-miss then lets the diver surface
after all). Where it can run out, every card counts, since each near-miss flipped goes to the
discard pile and comes back. The values are the same as :mod:`lopti_nb.games.ledger.risk`'s
for a fixed target; the deck arguments read the same way.

* :func:`dive_values` -- the expected machines of surfacing now and of flipping again.
* :func:`best_expected_machines` -- a fresh dive's expected machines under the best policy.
* :func:`policy_table` -- the best decision by sea and haul beside the rule of thumb
  "surface at 4", as a tidy DataFrame.
* :func:`observed_dive_values` -- :func:`dive_values` for a dive in progress, from the
  diver's observation.
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
from .offices import LOOKOUT_SURFACE_AT, OFFICE_INDEX, OFFICES, PLAIN
from .risk import SEA_HIGH, check_exact, dive_outcomes, live_counts, reckoning_counts

__all__ = ["dive_values", "observed_dive_values", "best_expected_machines", "surface_at_expected_machines", "policy_table",
           "expectation_frame", "best_move",
           "DIVE_ON", "SURFACE"]

DIVE_ON, SURFACE = "dive on", "surface"
FULL = tuple(r.copies for r in RECKONINGS)
POLICY_COLUMNS = ["sea", "haul", "surface_value", "dive_on_value", "best", "rule_of_thumb", "agree"]


@lru_cache(maxsize=200_000)
def _decide(h: int, m: int, l: int, e: int, rc: tuple[int, ...], moved: bool, hold: int,
            exact: bool, spare: bool = False) -> tuple[Any, Any]:
    """``(surface, dive on)`` expected machines at a decision point with haul ``h``, ``m``
    machines, ``l`` live hazards and ``e`` hazards one above the sea left, Reckoning deck
    ``rc``; ``moved`` is whether the sea has moved this round; ``spare`` whether no Reckoning
    takes the haul's first machine (the Lookout's privilege). Diving on is ``None`` when the
    dive cannot go on (hold full, or no machine or hazard that matters left). Only for
    positions where the wreck cannot run out before the hold fills (``m >= hold - h``), so the
    discard pile never comes back and other near-misses change nothing."""
    if h >= hold or m + l + e == 0:
        return h, None
    return h, _flip(h, m, l, e, rc, moved, hold, exact, spare)


def _best(h, m, l, e, rc, moved, hold, exact, spare=False):
    surface, dive_on = _decide(h, m, l, e, rc, moved, hold, exact, spare)
    return surface if dive_on is None or dive_on <= surface else dive_on


def _kept(rule, h: int, spare: bool) -> int:
    """Machines a dive keeps (sealed, or opened by Forced to Account) when ``rule`` ends it."""
    lost = lost_count(rule, h)
    if spare and h and lost == h:
        lost -= 1  # the Lookout's first machine comes up sealed
    return h - lost


def _flip(h: int, m: int, l: int, e: int, rc: tuple[int, ...], moved: bool, hold: int, exact: bool,
          spare: bool = False):
    """Expected machines of turning one more card and then playing on at best."""
    one = Fraction(1) if exact else 1.0
    total = m + l + e
    value = 0 * one
    if m:
        value += one * m / total * _best(h + 1, m - 1, l, e, rc, moved, hold, exact, spare)
    if e:  # a near-miss for now; the diver decides again
        value += one * e / total * _best(h, m, l, e - 1, rc, moved, hold, exact, spare)
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
                after = _best(h, m, l - 1 + (0 if moved else e), 0, rest, True, hold, exact, spare)
            else:
                after = _kept(rule, h, spare)
            caught += one * count / size * after
        value += one * l / total * caught
    return value


# -- the wreck can run out: every card counts, and the discard pile comes back ------------------
# A position is the haul ``h``, the wreck's machines ``m``, live hazards ``l``, hazards one above
# the sea ``e`` and other near-misses ``o``, and the same four counts of the discard pile
# (``dm, dl, de, do``). When the sea has moved, ``e`` and ``de`` are 0 (those hazards are in
# ``o`` and ``do``: they stay near-misses for the rest of the round).

@lru_cache(maxsize=200_000)
def _decide_all(h, m, l, e, o, dm, dl, de, do, rc, moved, hold, exact, spare) -> tuple[Any, Any]:
    """``(surface, dive on)`` where the wreck may run out before the hold fills; dive on is
    ``None`` when the dive cannot go on or nothing left (no machine and no live hazard in the
    wreck or the discard pile) could change the haul, however long it went on."""
    if h >= hold or m + l + dm + dl == 0:
        return h, None
    if m + l + e + o == 0:  # the discard pile is shuffled into a new wreck deck
        return h, _flip_all(h, dm, dl, de, do, 0, 0, 0, 0, rc, moved, hold, exact, spare)
    return h, _flip_all(h, m, l, e, o, dm, dl, de, do, rc, moved, hold, exact, spare)


def _best_all(h, m, l, e, o, dm, dl, de, do, rc, moved, hold, exact, spare):
    if m >= hold - h:  # the hold fills before the wreck can run out
        return _best(h, m, l, e, rc, moved, hold, exact, spare)
    surface, dive_on = _decide_all(h, m, l, e, o, dm, dl, de, do, rc, moved, hold, exact, spare)
    return surface if dive_on is None or dive_on <= surface else dive_on


def _flip_all(h, m, l, e, o, dm, dl, de, do, rc, moved, hold, exact, spare):
    """Expected machines of turning the wreck's next card and then playing on at best."""
    one = Fraction(1) if exact else 1.0
    total = m + l + e + o
    value = 0 * one
    if m:
        value += one * m / total * _best_all(h + 1, m - 1, l, e, o, dm, dl, de, do, rc, moved, hold, exact, spare)
    if e:
        value += one * e / total * _best_all(h, m, l, e - 1, o, dm, dl, de + 1, do, rc, moved, hold, exact, spare)
    if o:
        value += one * o / total * _best_all(h, m, l, e, o - 1, dm, dl, de, do + 1, rc, moved, hold, exact, spare)
    if l:
        deck = rc if sum(rc) else FULL
        size = sum(deck)
        caught = 0 * one
        for i, count in enumerate(deck):
            if not count:
                continue
            rule = RECKONINGS[i]
            if rule.keep_diving:  # the edge hazards turn live, in the wreck and in the discard pile
                rest = deck[:i] + (count - 1,) + deck[i + 1:]
                after = _best_all(h, m, l - 1 + e, 0, o, dm, dl + 1 + de, 0, do, rest, True, hold, exact, spare)
            else:
                after = _kept(rule, h, spare)
            caught += one * count / size * after
        value += one * l / total * caught
    return value


def _counts(sea: int, deck: Any, moved: bool) -> tuple[int, int, int, int]:
    """``(machines, live hazards, hazards one above the sea, other near-misses)`` of a checked
    deck argument; once the sea has moved, those one above it stay near-misses."""
    machines, live, edge = live_counts(sea, deck)
    others = live_counts(SEA_HIGH, deck)[1] - live - edge
    return (machines, live, 0, others + edge) if moved else (machines, live, edge, others)


def _values(h: int, wreck: tuple[int, int, int, int], discard: tuple[int, int, int, int], rc: tuple[int, ...],
            moved: bool, hold: int, exact: bool, spare: bool) -> tuple[Any, Any]:
    """``(surface, dive on)`` from the counts of the wreck and the discard pile (as
    :func:`_counts` gives them; see :func:`dive_values`)."""
    machines, live, edge, others = wreck
    if machines < hold - h:  # the wreck may run out: the discard pile comes back into play
        return _decide_all(h, machines, live, edge, others, *discard, rc, moved, hold, exact, spare)
    surface, dive_on = _decide(h, machines, live, edge, rc, moved, hold, exact, spare)
    if dive_on is not None and others and dive_on < surface:
        # such a near-miss comes first with this chance, and then the diver surfaces
        share = (Fraction(others, others + machines + live + edge) if exact
                 else others / (others + machines + live + edge))
        dive_on = share * surface + (1 - share) * dive_on
    return surface, dive_on


def dive_values(sea: int, haul: int = 0, deck: Any = None, reckoning: Mapping[str, int] | None = None,
                hold_limit: int = 4, sea_moved: bool = False, exact: bool = False, *,
                discard: Any = None, spare_first: bool = False) -> tuple[Any, Any]:
    """Expected machines a dive keeps if the diver surfaces now, and if they flip again and
    then play on at best: ``(surface, dive_on)``.

    ``haul`` is the machines in the haul; ``deck`` what is left in the wreck deck (as in
    :mod:`lopti_nb.games.ledger.risk`: ``None`` for a fresh table deck, a composition, the
    short form ``{"machines": M, "hazards": {...}}`` or a list of cards); ``reckoning`` the
    Reckoning cards still to be turned (name to copies; ``None`` for a fresh deck);
    ``sea_moved`` whether the sea has already moved this round. ``discard`` is the discard
    pile, in the same forms (``None``: empty): when the wreck runs out it is shuffled into a
    new wreck deck. ``spare_first`` is the Lookout's privilege (no Reckoning takes the haul's
    first machine); the Lookout's duty is a ``hold_limit`` of 3. ``dive_on`` is ``None`` when
    the dive cannot go on (the hold is full, or nothing left in the wreck or the discard pile
    could change the haul). The best move is to dive on exactly when ``dive_on > surface``.

        >>> dive_values(3, haul=1, deck={"machines": 39, "hazards": {n: 2 for n in range(1, 10)}})[1] > 1
        True
        >>> dive_values(5, haul=2, deck=[], discard=["Compass 1", "Lantern 2", "Hazard 8"])  # the discard comes back
        (2, 4.0)
    """
    check_exact(exact)
    for name, flag in (("sea_moved", sea_moved), ("spare_first", spare_first)):
        if type(flag) is not bool:
            raise SettingsError(f"{name} must be True or False, not {shown(flag)}.")
    hold = whole(hold_limit, "hold_limit", 1, 40)
    h = whole(haul, "haul", 0, hold)
    rc = reckoning_counts(reckoning, left=True)
    return _values(h, _counts(sea, deck, sea_moved), _counts(sea, [] if discard is None else discard, sea_moved),
                   rc, sea_moved, hold, exact, spare_first)


def best_expected_machines(sea: int, deck: Any = None, reckoning: Mapping[str, int] | None = None,
                           hold_limit: int = 4, sea_moved: bool = False, exact: bool = False, *,
                           discard: Any = None, spare_first: bool = False):
    """Expected machines of a fresh dive (its first flip is part of the Dive) played at best;
    the arguments read as in :func:`dive_values`.

        >>> best_expected_machines(3) > best_expected_machines(9)
        True
    """
    dive_on = dive_values(sea, 0, deck, reckoning, hold_limit, sea_moved, exact, discard=discard,
                          spare_first=spare_first)[1]
    if dive_on is None:
        return Fraction(0) if exact else 0.0
    return dive_on


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


def _split(cards, hazards: Mapping[int, int], wreck_size: int, sea: int, moved: bool):
    """The counts of the wreck deck and of the discard pile (as :func:`_counts` gives them),
    from what a seat may know: hazards only ever lie in the wreck or the discard pile, so those
    of ``hazards`` (the deck's) not in the discard pile are in the wreck; the rest of the
    wreck's cards are machines."""
    left = dict(hazards)
    dm = dl = de = do = 0
    for card in cards:
        if card < 100:
            dm += 1
            continue
        n = card - 100
        if left.get(n, 0) > 0:
            left[n] -= 1
        if n <= sea:
            dl += 1
        elif n == sea + 1 and not moved:
            de += 1
        else:
            do += 1
    live = edge = others = 0
    for n, c in left.items():
        if n <= sea:
            live += c
        elif n == sea + 1 and not moved:
            edge += c
        else:
            others += c
    machines = max(0, wreck_size - live - edge - others)
    return (machines, live, edge, others), (dm, dl, de, do)


def observed_dive_values(obs: Mapping[str, Any], hazards: Mapping[int, int] | None = None,
                         exact: bool = False) -> tuple[Any, Any]:
    """:func:`dive_values` for the dive in progress, from the diver's observation: the haul,
    the wreck deck and the discard pile (which comes back when the wreck runs out), the
    Reckonings not yet turned, whether the sea has moved this round (it cannot pass the claim),
    the hold limit, and the diver's office: a Bell Diver's hazard equal to the sea is a
    near-miss, a Lookout's first machine is never taken (while the privilege is in force) and
    the Lookout's duty surfaces the dive at three machines. ``hazards`` is the deck's hazards
    (number to copies; ``None``: the table deck's).

        >>> import lopti_nb
        >>> from lopti_nb.games.ledger.actions import Dive
        >>> state = lopti_nb.new_game("drowned-ledger", players=2, seed=1, mode="plain")
        >>> events = state.apply(Dive())
        >>> surface, dive_on = observed_dive_values(state.observation(0))
        >>> surface == len(state.haul)
        True
    """
    seat = obs["seat"]
    sea = obs["sea"]
    office = OFFICES[OFFICE_INDEX[obs["offices"][seat]]] if obs.get("offices") and obs["offices"][seat] else None
    grants = office.grants if office is not None and obs["privilege_active"][seat] else PLAIN
    hold = obs["hold_limit"]
    if office is not None and office.name == "Lookout":
        hold = min(hold, LOOKOUT_SURFACE_AT)
    moved = bool(obs["sea_trigger"]) or sea >= obs.get("sea_claim", SEA_HIGH)  # the claim caps the sea
    sea = max(0, sea - grants.edge_safe)
    wreck, discard = _split(obs["discard"], DEFAULT_HAZARDS if hazards is None else hazards,
                            obs["wreck_size"], sea, moved)
    turned: dict[str, int] = {}
    for name in obs["reckoning_turned"]:
        turned[name] = turned.get(name, 0) + 1
    rc = tuple(max(0, r.copies - turned.get(r.name, 0)) for r in RECKONINGS)
    return _values(min(len(obs["haul"]), hold), wreck, discard, rc, moved, hold, exact, grants.spare_first)


def best_move(obs: Mapping[str, Any], hazards: Mapping[int, int] | None = None) -> str:
    """``"dive on"`` or ``"surface"``: the best next step of the dive in progress for the seat
    whose observation this is (:func:`observed_dive_values`: its hold limit, the wreck and the
    discard pile that comes back when the wreck runs out, and the offices whose duty or
    privilege changes a dive are taken into account). ``hazards``: the deck's hazards, as there.

        >>> import lopti_nb
        >>> from lopti_nb.games.ledger.actions import Dive
        >>> state = lopti_nb.new_game("drowned-ledger", players=2, seed=1, mode="plain")
        >>> events = state.apply(Dive())
        >>> best_move(state.observation(0)) in ("dive on", "surface")
        True
    """
    surface, dive_on = observed_dive_values(obs, hazards)
    return DIVE_ON if dive_on is not None and dive_on > surface else SURFACE
