"""Exact Reckoning risk for The Drowned Ledger.

A diver who *means to surface with* ``target`` machines keeps flipping until the haul holds
``target`` machines, unless a live hazard (number at or below the sea) turns up first.
Near-misses (hazards above the sea) change nothing, so only the machines and the live hazards
in the wreck deck matter; cards are drawn without replacement.

* :func:`catch_probability` -- the chance the dive is caught at least once before the haul
  reaches ``target`` machines (the first catch, whatever Reckoning follows).
* :func:`dive_outcomes` -- the exact distribution of how the whole dive ends, over the flips
  *and* the Reckoning deck: when The Sea Blinks is drawn, the catching hazard is discarded and
  the dive goes on against the remaining deck (and the remaining Reckoning cards). The sea
  moves at the round's first sea trigger (rules reference §2.4), so when that Blink is the round's
  first trigger the rest of the dive faces water one higher: the hazards numbered one above
  the sea, near-misses until then, become live. ``sea_moved=True`` says the sea has already
  moved this round (a sale or a catch came first), so a Blink leaves it where it is.

The ``deck`` argument (default: a fresh 58-card table deck) may be

* ``None`` -- the default composition (40 machines, hazards 1-9 twice each);
* a deck composition mapping as in :mod:`lopti_nb.games.ledger.cards`
  (``{"suits": 5, "values": (...), "hazards": {number: copies}}``);
* the short form ``{"machines": 40, "hazards": {number: copies}}``;
* any iterable of :class:`~lopti_nb.games.ledger.cards.Card` values, for instance a game's
  current wreck deck (``state.wreck``).

The composition must hold at least ``target`` machines, so the dive never needs a reshuffle
of the discards. The ``reckoning`` argument of :func:`dive_outcomes` maps Reckoning names to
copies (default: a fresh twelve-card Reckoning deck). All arithmetic uses
:class:`fractions.Fraction`; pass ``exact=True`` for exact fractions instead of floats.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable, Mapping

from lopti_nb.engine import SettingsError
from lopti_nb.engine.settings import shown, whole

from .cards import DEFAULT_RECKONING, RECKONING_BY_NAME, RECKONINGS, Card, deck_spec, lost_count

__all__ = ["catch_probability", "dive_outcomes", "risk_table", "deck_counts"]

OUTCOME_COLUMNS = [
    "outcome", "caught", "probability", "sealed", "opened", "lost", "coins",
    "sea_triggers", "sea_rise", "blinks", "exact",
]


# The sea is judged against hazard numbers 1-99: at 0 no hazard is live, at 99 every one is.
SEA_LOW, SEA_HIGH = 0, 99
MAX_CARDS = 10_000  # a wreck deck longer than this is no table's (and the sums stay quick)


def _short_form(deck: Mapping) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The short form ``{"machines": M, "hazards": {number: copies}}``, validated."""
    unknown = set(deck) - {"machines", "hazards"}
    if unknown:
        raise SettingsError(f"the short deck form has only the keys machines and hazards, not "
                            f"{shown(sorted(map(str, unknown)))}.")
    machines = whole(deck["machines"], "machines", 0, MAX_CARDS)
    hazards = deck.get("hazards", {})
    if not isinstance(hazards, Mapping):
        raise SettingsError(f"hazards must map hazard numbers to copies, not {shown(hazards)}.")
    items = []
    for n, c in hazards.items():
        items.append((whole(n, "a hazard number", 1, 99), whole(c, f"hazard {n}'s copies", 0, MAX_CARDS)))
    return machines, tuple(items)


def deck_counts(sea: int, deck: Any = None) -> tuple[int, int]:
    """``(machines, live hazards)`` in ``deck`` when the sea stands at ``sea`` (0-99).

    Raises :class:`~lopti_nb.engine.SettingsError` (a ``ValueError``) for a sea or deck it
    cannot read."""
    machines, live, _ = live_counts(sea, deck)
    return machines, live


def live_counts(sea: int, deck: Any = None) -> tuple[int, int, int]:
    """``(machines, live hazards, hazards numbered sea + 1)``: the last are the near-misses
    that turn live if the sea rises one step during the dive."""
    whole(sea, "sea", SEA_LOW, SEA_HIGH)
    if isinstance(deck, Mapping) and "machines" in deck:
        machines, hazards = _short_form(deck)
        return (machines, sum(c for n, c in hazards if n <= sea),
                sum(c for n, c in hazards if n == sea + 1))
    if deck is None or isinstance(deck, Mapping):
        spec = deck_spec(deck)
        return (spec.machine_count, sum(c for n, c in spec.hazards if n <= sea),
                sum(c for n, c in spec.hazards if n == sea + 1))
    if not isinstance(deck, (list, tuple)):  # a string would be read letter by letter
        raise SettingsError(f"deck is None, a deck composition or a list of wreck cards, "
                            f"not {shown(deck)}.")
    if len(deck) > MAX_CARDS:
        raise SettingsError(f"a wreck deck of {len(deck)} cards is longer than any table's.")
    machines = live = edge = 0
    for card in deck:
        try:
            card = Card.parse(card)
        except ValueError:
            raise SettingsError(f"{shown(card)} is not a Drowned Ledger card "
                                "(try 'Compass 3' or 'Hazard 7').") from None
        if card.is_machine:
            machines += 1
        elif card.number <= sea:
            live += 1
        elif card.number == sea + 1:
            edge += 1
    return machines, live, edge


def _check_target(target: int, machines: int) -> None:
    if type(target) is not int or target < 1:
        raise SettingsError(f"target must be a whole number of machines, at least 1, not {shown(target)}.")
    if target > machines:
        raise SettingsError(f"the deck holds only {machines} machines; a dive cannot reach {shown(target)}.")


def check_exact(exact: Any) -> None:
    """Refuse an ``exact`` argument that is not True or False (SettingsError)."""
    if type(exact) is not bool:
        raise SettingsError(f"exact must be True or False, not {shown(exact)}.")


def catch_probability(sea: int, target: int, deck: Any = None, exact: bool = False):
    """Probability that a dive meaning to surface with ``target`` machines is caught first.

    With ``M`` machines and ``L`` live hazards in the deck, the dive is safe exactly when the
    first ``target`` of those ``M + L`` cards are all machines:
    ``1 - prod(M - i) / (M - i + L) for i < target``.
    """
    check_exact(exact)
    machines, live = deck_counts(sea, deck)
    _check_target(target, machines)
    safe = Fraction(1)
    for i in range(target):
        safe *= Fraction(machines - i, machines - i + live)
    p = 1 - safe
    return p if exact else float(p)


def reckoning_counts(reckoning: Mapping[str, int] | None, left: bool = False) -> tuple[int, ...]:
    """The copies of each Reckoning card, in the order of ``RECKONINGS``: the one check of a
    Reckoning argument, for the risk tables and the best dive alike.

    ``left=False`` (the risk tables): ``reckoning`` is a whole Reckoning deck (``None``: the
    table deck); each card may have 0 to 12 copies, and the deck must be able to end a dive.
    ``left=True`` (:mod:`lopti_nb.games.ledger.best`): ``reckoning`` is what is still to be
    turned of the table deck (``None``: all of it); a card has at most its copies in the table
    deck, and nothing left is allowed (the next catch shuffles a fresh deck).

        >>> reckoning_counts({"The Sea Blinks": 1}, left=True)
        (0, 0, 0, 1, 0, 0, 0, 0)
    """
    if type(left) is not bool:
        raise SettingsError(f"left must be True or False, not {shown(left)}.")
    if reckoning is None:
        reckoning = DEFAULT_RECKONING
    if not isinstance(reckoning, Mapping):
        raise SettingsError(f"reckoning maps Reckoning names to copies, not {shown(reckoning)}.")
    unknown = [name for name in reckoning if not (isinstance(name, str) and name in RECKONING_BY_NAME)]
    if unknown:
        raise SettingsError(f"unknown Reckoning card(s) {shown(unknown)}; known: "
                            f"{', '.join(RECKONING_BY_NAME)}.")
    # a copy count is a whole number: 2.7 copies or "2" are refused, not rounded or parsed
    counts = tuple(whole(reckoning.get(r.name, 0), f"{r.name}'s copies", 0, r.copies if left else 12)
                   for r in RECKONINGS)
    if left:
        return counts
    if sum(counts) == 0:
        raise SettingsError("the Reckoning deck needs at least one card.")
    if sum(counts) == counts[[r.keep_diving for r in RECKONINGS].index(True)]:
        raise SettingsError("a Reckoning deck of nothing but The Sea Blinks never ends a dive.")
    return counts


def dive_outcomes(sea: int, target: int, deck: Any = None,
                  reckoning: Mapping[str, int] | None = None, exact: bool = False,
                  sea_moved: bool = False):
    """Exact distribution of how a dive aiming at ``target`` machines ends.

    ``sea`` is the sea as the dive starts. ``sea_moved`` is whether the sea has already moved
    in this round: if not (the default), a Reckoning during the dive is the round's first sea
    trigger and moves the sea at once, so after The Sea Blinks the dive goes on against water
    one step higher (rules reference §2.4).

    Returns a pandas DataFrame, one row per distinct outcome, with columns

    ``outcome``      ``"surfaced"`` or the name of the Reckoning card that ended the dive;
    ``caught``       whether a Reckoning ended the dive;
    ``probability``  the chance of this row (the rows sum to 1);
    ``sealed``       machines that go into the hand, sealed;
    ``opened``       machines opened straight into the yard (Forced to Account);
    ``lost``         machines the sea took;
    ``coins``        coins paid by Salvage Rights;
    ``sea_triggers`` sea-trigger units caused by the dive (The Sea Rises Twice counts 2,
                     The Sea Blinks followed by another Reckoning counts both);
    ``sea_rise``     how far this dive moves the sea (0-2): its first sea trigger's step(s),
                     or 0 when the sea had already moved this round;
    ``blinks``       how many times The Sea Blinks let the dive go on;
    ``exact``        the probability as a :class:`fractions.Fraction`.
    """
    check_exact(exact)
    if type(sea_moved) is not bool:
        raise SettingsError(f"sea_moved must be True or False, not {shown(sea_moved)}.")
    machines, live, edge = live_counts(sea, deck)
    _check_target(target, machines)
    full = reckoning_counts(reckoning)
    import pandas as pd  # after the checks: a refusal needs no pandas
    table = walk_outcomes(target, machines, live, 0 if sea_moved else edge, full, sea_moved)
    rows = []
    for key, p in table.items():
        name, sealed, opened, lost, coins, trig, rise, blinks = key
        rows.append({
            "outcome": name, "caught": name != "surfaced", "probability": p if exact else float(p),
            "sealed": sealed, "opened": opened, "lost": lost, "coins": coins,
            "sea_triggers": trig, "sea_rise": rise, "blinks": blinks, "exact": p,
        })
    rows.sort(key=lambda r: (r["caught"], r["outcome"], r["blinks"], -r["sealed"], r["lost"]))
    return pd.DataFrame(rows, columns=OUTCOME_COLUMNS)


def walk_outcomes(target: int, machines: int, live: int, edge: int, full: tuple[int, ...],
              sea_moved: bool) -> dict:
    """The dive as a walk over the relevant cards: machines ``m``, live hazards ``l`` and,
    while the sea has not moved this round, the hazards one above the sea ``e`` (near-misses
    that a Blink, as the round's first trigger, turns live). Other near-misses change nothing.
    ``first`` is the units of the dive's first sea trigger (0 none yet)."""
    @lru_cache(maxsize=None)
    def go(h: int, m: int, l: int, e: int, rc: tuple[int, ...], trig: int, first: int, blinks: int):
        if h >= target:
            return {("surfaced", h, 0, 0, 0, trig, 0 if sea_moved else first, blinks): Fraction(1)}
        out: dict = {}
        total = m + l + e
        if m:
            pm = Fraction(m, total)
            for k, q in go(h + 1, m - 1, l, e, rc, trig, first, blinks).items():
                out[k] = out.get(k, 0) + pm * q
        if e:  # a near-miss now; it leaves the deck
            pe = Fraction(e, total)
            for k, q in go(h, m, l, e - 1, rc, trig, first, blinks).items():
                out[k] = out.get(k, 0) + pe * q
        if l:
            pl = Fraction(l, total)
            deck_rc = rc if sum(rc) else full  # an exhausted Reckoning deck is reshuffled
            size = sum(deck_rc)
            for i, count in enumerate(deck_rc):
                if not count:
                    continue
                rule = RECKONINGS[i]
                p = pl * Fraction(count, size)
                rest = deck_rc[:i] + (count - 1,) + deck_rc[i + 1:]
                t2 = trig + rule.triggers
                f2 = first or rule.triggers
                if rule.keep_diving:
                    # the Blink is a sea trigger: if it is the round's first, the sea rises
                    # one step now and the hazards one above the old sea are live from here on
                    rises = not sea_moved and not first
                    sub = go(h, m, l - 1 + (e if rises else 0), 0 if rises else e, rest, t2, f2, blinks + 1)
                    for k, q in sub.items():
                        out[k] = out.get(k, 0) + p * q
                    continue
                lost = lost_count(rule, h)
                opened = h if rule.open_all else 0
                sealed = h - lost - opened
                k = (rule.name, sealed, opened, lost, lost * rule.coin_per_lost, t2,
                     0 if sea_moved else f2, blinks)
                out[k] = out.get(k, 0) + p
        return out

    return go(0, machines, live, edge, full, 0, 0, 0)


def _numbers(values: Any, what: str) -> list:
    """``values`` (a range, list or tuple of whole numbers) as a list, at most 100 of them."""
    if not isinstance(values, (range, list, tuple)):
        raise SettingsError(f"{what} is a range or list of whole numbers, not {shown(values)}.")
    if not 1 <= len(values) <= 100:
        raise SettingsError(f"{what} lists 1-100 numbers, not {len(values)}.")
    return list(values)


def risk_table(seas: Iterable[int] = range(1, 10), targets: Iterable[int] = range(1, 5),
               deck: Any = None):
    """Catch probability for every (sea, target) pair as a tidy DataFrame
    (columns ``sea``, ``target``, ``catch_probability``, ``expected_sealed``)."""
    seas, targets = _numbers(seas, "seas"), _numbers(targets, "targets")
    for sea in seas:  # every pair checked before any work: a refusal comes at once
        machines = deck_counts(sea, deck)[0]
        for target in targets:
            _check_target(target, machines)
    import pandas as pd

    rows = []
    for sea in seas:
        for target in targets:
            outcomes = dive_outcomes(sea, target, deck)
            rows.append({
                "sea": sea, "target": target,
                "catch_probability": catch_probability(sea, target, deck),
                "expected_sealed": float((outcomes["exact"] * outcomes["sealed"]).sum()),
            })
    return pd.DataFrame(rows)


def __getattr__(name: str):
    if name == "whole_in_range":  # the name of the last release for the engine's whole()
        import warnings

        warnings.warn("lopti_nb.games.ledger.risk.whole_in_range is lopti_nb.engine.settings.whole",
                      DeprecationWarning, stacklevel=2)
        return whole
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

