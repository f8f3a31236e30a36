"""Findings: the sentences a notebook states about its own results, each with its uncertainty.

A notebook's text is shown beside the run it sits in, whatever its size, so every sentence
that quotes a number or a direction is computed from that run (a game's ``studies`` module
builds them with the helpers here) and printed with its 95 % interval and sample size. A
comparison is worded as a direction ("longer", "higher") only when its interval leaves out
"no difference"; otherwise the sentence says that no difference can be told apart at this
size, and roughly how many games it would take.

    >>> from lopti_nb.analysis.findings import proportion, compare_proportions
    >>> f = proportion("share", 30, 100, "games ended early", unit="games")
    >>> f.n, round(f.estimate, 2), f.direction
    (100, 0.3, '')
    >>> compare_proportions("gap", 30, 100, 32, 100, "the first seat wins", "the second").direction
    'cannot be told apart'

Rows that come from one game (the seats of a game, the rounds of a game or of a session) are
not independent: a bonus that pays two seats of one game at once, or the one winner that four
seats share. Their intervals are computed by game (cluster-robust standard errors, the games as
clusters; see :func:`cluster_stderr`), so a sentence never claims more certainty than the
number of games allows.
"""
from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

import numpy as np

from ..engine import plural as engine_plural
from .intervals import (FEW_CLUSTERS, Z, cluster_stderr, clustered_difference, critical, design_effect,
                        joined_labels, wilson_interval)

__all__ = [
    "Finding", "UNCLEAR", "EXACT", "Z", "POWER_Z", "proportion", "mean", "compare_proportions",
    "compare_means", "compare_to", "games_needed", "verdict", "pct", "num",
    "findings_markdown", "findings_frame", "show_findings", "finding_record", "FINDINGS_LOG", "game_clusters", "cluster_stderr",
    "clustered_difference", "design_effect", "critical", "holm", "holm_adjusted", "p_value", "second_seed", "FEW_CLUSTERS",
]

POWER_Z = 0.84    # 80 % power for the "games needed" estimate
UNCLEAR = "cannot be told apart"
EXACT = "exact"   # a number computed exactly (no sampling): no interval needed


@dataclass(frozen=True)
class Finding:
    """One sentence of a notebook's findings.

    ``key`` names the finding (stable across seeds and sizes, for tests); ``text`` is the
    sentence shown; ``estimate`` with its 95 % interval ``lower``..``upper`` (``None`` when
    the number is exact or a count) over ``n`` ``unit``; ``direction`` is the word the
    sentence commits to (e.g. ``"longer"``), :data:`UNCLEAR` when the interval includes no
    difference, :data:`EXACT` for exact maths, or ``""`` for a plain estimate. ``lead``
    marks the findings a notebook leads with (they must hold at its default size).
    """

    key: str
    text: str
    estimate: float | None = None
    lower: float | None = None
    upper: float | None = None
    n: int | None = None
    unit: str = ""
    direction: str = ""
    lead: bool = False
    extra: dict = field(default_factory=dict, compare=False)

    @property
    def states_direction(self) -> bool:
        return self.direction not in ("", UNCLEAR, EXACT)

    def markdown(self) -> str:
        return f"- {self.text}"


# -- formatting -----------------------------------------------------------------------------------
def _counted(n: int, unit: str) -> str:
    """``n`` of ``unit``, a plural noun as the findings take it (``"games"``): ``1 game``,
    ``1,200 games``."""
    return engine_plural(n, unit[:-1] if unit.endswith("s") else unit, unit)


def pct(x: float, digits: int = 1) -> str:
    return f"{100 * x:.{digits}f}%"


def num(x: float, digits: int = 1, sign: bool = False) -> str:
    return f"{x:+,.{digits}f}" if sign else f"{x:,.{digits}f}"


def _pp(x: float) -> str:
    return f"{100 * x:+.1f} percentage points"


def _interval(lo: float, hi: float, fmt) -> str:
    return f"95% interval {fmt(lo)} to {fmt(hi)}"


# -- rows that share a game ---------------------------------------------------------------------------
def game_clusters(rows) -> np.ndarray:
    """One label per row of ``rows`` (a seats or rounds frame of ``play_games``/``sweep``) naming
    the game it comes from: the ``cell`` and ``game`` columns together (``game`` alone when
    there is no ``cell``; ``session`` (with ``motion``, when there is one) for rows whose
    rounds follow each other in one session).

        >>> import pandas as pd
        >>> game_clusters(pd.DataFrame({"cell": [0, 0, 1], "game": [0, 0, 0]})).tolist()
        ['0:0', '0:0', '1:0']
    """
    if "game" in rows.columns:
        keys = ["cell", "game"] if "cell" in rows.columns else ["game"]
    elif "session" in rows.columns:
        keys = ["motion", "session"] if "motion" in rows.columns else ["session"]
    else:
        raise ValueError("rows need a 'game' (or 'session') column to be counted by game")
    return joined_labels(rows, keys)


# -- statistics ---------------------------------------------------------------------------------------
def verdict(lower: float, upper: float, above: str, below: str, reference: float = 0.0) -> str:
    """``above`` when the whole interval lies above ``reference``, ``below`` when it lies
    below, :data:`UNCLEAR` otherwise."""
    if lower > reference:
        return above
    if upper < reference:
        return below
    return UNCLEAR


def games_needed(n: int, stderr: float, effect: float) -> int:
    """Roughly how many ``n``-like units it takes to tell ``effect`` from no difference
    (a 95 % interval, 80 % power), when ``n`` of them give standard error ``stderr``."""
    effect = abs(effect)
    if n <= 0 or stderr <= 0:
        return n
    if effect == 0:
        effect = stderr  # nothing seen: a difference as large as today's standard error
    return int(math.ceil(n * ((Z + POWER_Z) * stderr / effect) ** 2 / 100.0)) * 100


def _unclear_tail(n: int, stderr: float, effect: float, unit: str, fmt=None) -> str:
    need = games_needed(n, stderr, effect)
    size = abs(effect) or stderr
    shown = fmt(size).lstrip("+") if fmt else f"{size:.3g}"
    return (f"no difference can be told apart at this size; telling a difference of {shown} "
            f"apart would take about {need:,} {unit}")


def _wilson(hits: int, n: int, deff: float, games: int | None = None) -> tuple[float, float]:
    """The Wilson interval of ``hits / n`` as if from ``n / deff`` independent rows (with
    Student's t in place of 1.96 when the rows come from fewer than 30 ``games``)."""
    z = critical(games)
    if deff == 1.0 or n == 0:
        lo, hi = wilson_interval(hits, n, z)
    else:
        eff = n / deff
        lo, hi = wilson_interval(hits / n * eff, eff, z)
    return float(lo), float(hi)


def _games(games: int | None, counted_by: str = "game") -> str:
    """Where rows share a game (or a session, a table...: ``counted_by``), how many there were."""
    return f" in {engine_plural(games, counted_by)}, counted by {counted_by}" if games else ""


def proportion(key: str, hits: int, n: int, what: str, unit: str = "games", lead: bool = False,
               digits: int = 1, deff: float = 1.0, games: int | None = None,
               counted_by: str = "game") -> Finding:
    """``what``: the share ``hits / n`` with its Wilson interval. When the rows share games,
    ``deff`` (:func:`design_effect`) widens the interval and ``games`` says how many games
    (``counted_by`` names them when they are something else, e.g. ``"session"``)."""
    hits, n = int(hits), int(n)
    lo, hi = _wilson(hits, n, deff, games)
    p = hits / n if n else 0.0
    f = (lambda x: pct(x, digits))
    text = f"{what}: {f(p)} ({_interval(lo, hi, f)}; {_counted(n, unit)}{_games(games, counted_by)})."
    return Finding(key, text, p, lo, hi, n, unit, "", lead, {"deff": deff, "games": games})


def mean(key: str, values: Sequence[float], what: str, unit: str = "games", lead: bool = False,
         digits: int = 1, clusters: Sequence | None = None, counted_by: str = "game") -> Finding:
    """``what``: the mean of ``values`` with mean +- 1.96 standard errors (counted by game
    when ``clusters`` labels each row's game, see :func:`cluster_stderr`; ``counted_by``
    names the clusters when they are not games)."""
    v = np.asarray(values, dtype=float)
    n = int(v.size)
    m = float(v.mean()) if n else float("nan")
    games = None
    if clusters is not None:
        se, games = cluster_stderr(v, clusters), len(set(np.asarray(clusters, dtype=str)))
    else:
        se = float(v.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0
    f = (lambda x: num(x, digits))
    z = critical(games if games is not None else n)
    text = f"{what}: {f(m)} ({_interval(m - z * se, m + z * se, f)}; {_counted(n, unit)}{_games(games, counted_by)})."
    return Finding(key, text, m, m - z * se, m + z * se, n, unit, "", lead,
                   {"stderr": se, "games": games, "z": z})


def compare_to(key: str, hits: int, n: int, reference: float, what: str, above: str, below: str,
               unit: str = "games", lead: bool = False, same: str | None = None,
               deff: float = 1.0, games: int | None = None, counted_by: str = "game") -> Finding:
    """A share against a fixed reference (e.g. a fair share): the direction when the Wilson
    interval leaves the reference out, else the sentence says it cannot be told apart.
    ``deff`` and ``games``: as for :func:`proportion`, when the rows share games."""
    hits, n = int(hits), int(n)
    lo, hi = _wilson(hits, n, deff, games)
    p = hits / n if n else 0.0
    d = verdict(lo, hi, above, below, reference)
    body = (f"{pct(p)} against {pct(reference)} ({_interval(lo, hi, pct)}; {_counted(n, unit)}"
            f"{_games(games, counted_by)})")
    se = math.sqrt(max(p * (1 - p), 1e-12) * deff / n) if n else 0.0
    if d == UNCLEAR:
        text = f"{what}: {body}: {same or _unclear_tail(n, se, p - reference, unit, _pp)}."
    else:
        text = f"{what} {d}: {body}."
    return Finding(key, text, p, lo, hi, n, unit, d, lead,
                   {"reference": reference, "deff": deff, "stderr": se, "games": games,
                    "what": what, "body": body})


def _diff_sentence(key, diff, se, n, what, above, below, unit, lead, fmt, per, extra,
                   suffix: str = "", same: str | None = None, clusters: int | None = None) -> Finding:
    z = critical(clusters if clusters is not None else n)
    lo, hi = diff - z * se, diff + z * se
    if se == 0 and diff == 0:
        text = f"{same or what + ': no difference at all'} ({_counted(n, unit)})."
        return Finding(key, text, 0.0, 0.0, 0.0, n, unit, "no difference", lead, extra)
    d = verdict(lo, hi, above, below)
    body = f"difference {fmt(diff)}{suffix} ({_interval(lo, hi, fmt)}; {per})"
    if d == UNCLEAR:
        text = f"{what}: {body}: {_unclear_tail(n, se, diff, unit, lambda x: fmt(x) + suffix)}."
    else:
        text = f"{what} {d}: {body}."
    return Finding(key, text, diff, lo, hi, n, unit, d, lead,
                   {"stderr": se, "z": z, "what": what, "body": body, **extra})


def compare_proportions(key: str, hits_a: int, n_a: int, hits_b: int, n_b: int, what: str,
                        other: str = "", above: str = "higher", below: str = "lower",
                        unit: str = "games", lead: bool = False, deff: float = 1.0,
                        games: int | None = None) -> Finding:
    """Share A minus share B (Wald interval of the difference): ``what`` ``above`` / ``below``
    ``other`` when the interval leaves out zero, else "cannot be told apart". When the rows
    share games, ``deff`` (:func:`design_effect` of the two sides) widens the interval and
    ``games`` says how many games."""
    hits_a, n_a, hits_b, n_b = int(hits_a), int(n_a), int(hits_b), int(n_b)
    pa = hits_a / n_a if n_a else 0.0
    pb = hits_b / n_b if n_b else 0.0
    se = math.sqrt((pa * (1 - pa) / n_a if n_a else 0) + (pb * (1 - pb) / n_b if n_b else 0))
    if se == 0 and pa != pb:  # all or nothing on both sides: a continuity floor
        se = math.sqrt(0.25 / max(n_a, 1) + 0.25 / max(n_b, 1)) / 2
    se *= math.sqrt(deff)
    per = f"{pct(pa)} of {_counted(n_a, unit)} against {pct(pb)} of {_counted(n_b, unit)}{_games(games)}"
    f = _diff_sentence(key, pa - pb, se, n_a + n_b, what, _than(above, other), _than(below, other),
                       unit, lead, lambda x: f"{100 * x:+.1f}", per, {"a": pa, "b": pb, "deff": deff},
                       " percentage points", clusters=games)
    return _plain(f, above, below)


def compare_means(key: str, a: Sequence[float], b: Sequence[float], what: str, other: str = "",
                  above: str = "higher", below: str = "lower", unit: str = "games",
                  lead: bool = False, digits: int = 1, paired: bool = False,
                  measure: str = "", same: str | None = None,
                  clusters: tuple[Sequence, Sequence] | Sequence | None = None,
                  counted_by: str = "game") -> Finding:
    """Mean of A minus mean of B (normal interval of the difference; ``paired``: the mean of
    A - B, row by row), worded as a direction only when the interval leaves out zero.
    ``measure`` names the difference's unit (``"turns"``); ``same`` is the sentence when
    every pair is equal (no difference at all). ``clusters``: each row's game, as the pair
    ``(clusters_a, clusters_b)`` (one sequence for ``paired``), so that rows of one game are
    counted together (:func:`clustered_difference`); ``counted_by`` names what the clusters
    are when they are not games (``"session"``)."""
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    games = None
    if paired:
        d = a - b
        diff = float(d.mean()) if d.size else 0.0
        if clusters is not None:
            se, games = cluster_stderr(d, clusters), len(set(np.asarray(clusters, dtype=str)))
        else:
            se = float(d.std(ddof=1) / math.sqrt(d.size)) if d.size > 1 else 0.0
        n = int(d.size)
        per = _counted(n, unit) + _games(games, counted_by)
    else:
        ma, mb = float(a.mean()), float(b.mean())
        diff = ma - mb
        if clusters is not None:
            _, se, games = clustered_difference(a, b, clusters[0], clusters[1])
        else:
            va = a.var(ddof=1) / a.size if a.size > 1 else 0.0
            vb = b.var(ddof=1) / b.size if b.size > 1 else 0.0
            se = float(math.sqrt(va + vb))
        n = int(a.size + b.size)
        per = (f"{num(ma, digits)} over {_counted(int(a.size), unit)} against {num(mb, digits)} over "
               f"{_counted(int(b.size), unit)}{_games(games, counted_by)}")
    f = _diff_sentence(key, diff, se, n, what, _than(above, other), _than(below, other), unit,
                       lead, lambda x: num(x, digits, sign=True), per, {"games": games},
                       f" {measure}" if measure else "", same, clusters=games)
    return _plain(f, above, below)


def _than(word: str, other: str) -> str:
    return f"{word} than {other}" if other else word


def _plain(f: Finding, above: str, below: str) -> Finding:
    """The finding with its direction as the bare word (``"higher"``, not ``"higher than
    ..."``), so that runs compare by word."""
    d = f.direction
    d = above if d.startswith(above) else below if d.startswith(below) else d
    return Finding(f.key, f.text, f.estimate, f.lower, f.upper, f.n, f.unit, d, f.lead, f.extra)


# -- many comparisons at once ------------------------------------------------------------------------
def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (Lentz's method)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        for num_ in (m * (b - m) * x / ((a + m2 - 1) * (a + m2)),
                     -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))):
            d = 1.0 + num_ * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num_ / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-12:
            break
    return h


def _t_two_sided(t: float, df: int | None) -> float:
    """The two-sided p-value of ``t`` (normal when ``df`` is ``None`` or 29 and up)."""
    t = abs(t)
    if df is None or df >= FEW_CLUSTERS - 1:
        return math.erfc(t / math.sqrt(2))
    x = df / (df + t * t)
    a, b = df / 2.0, 0.5
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x)) if 0 < x < 1 else 0.0
    if x <= 0:
        return 0.0
    if x < (a + 1) / (a + b + 2):
        return min(1.0, front * _betacf(a, b, x) / a)
    return min(1.0, 1.0 - front * _betacf(b, a, 1.0 - x) / b)


def p_value(f: Finding) -> float | None:
    """The two-sided p-value of a comparison finding (its estimate against its reference, or
    zero), from its standard error and its clusters; ``None`` for an exact or a plain estimate."""
    if f.lower is None or f.upper is None or f.estimate is None or f.direction in ("", EXACT):
        return None
    ref = float(f.extra.get("reference", 0.0))
    z = float(f.extra.get("z", Z))
    se = f.extra.get("stderr")
    if not se:
        se = (f.upper - f.lower) / (2 * z)
    if not se or se <= 0:
        return 0.0 if f.estimate != ref else 1.0
    clusters = f.extra.get("games") or f.n
    df = None if clusters is None or clusters >= FEW_CLUSTERS else max(1, int(clusters) - 1)
    return _t_two_sided((f.estimate - ref) / se, df)


def holm_adjusted(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: the ``k``-th smallest p-value
    times the number not yet passed, never below the one before it, at most 1.

        >>> holm_adjusted([0.01, 0.04, 0.03])
        [0.03, 0.06, 0.06]
    """
    p = [float(x) for x in pvalues]
    order = sorted(range(len(p)), key=p.__getitem__)
    out, running = [1.0] * len(p), 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(p) - rank) * p[i]))
        out[i] = round(running, 12)
    return out


def holm(findings: Sequence[Finding], family: str, alpha: float = 0.05) -> list[Finding]:
    """The comparisons among ``findings`` corrected together for testing many at once
    (Holm's step-down method, which keeps the chance of any false direction at ``alpha``).

    Each comparison's sentence says how many comparisons were tested in ``family`` and its
    adjusted p-value; a direction whose adjusted p-value is ``alpha`` or more is withdrawn
    (the finding becomes :data:`UNCLEAR`, and its sentence says it did not survive the
    correction). Exact numbers and plain estimates pass unchanged.

        >>> a = compare_means("a", [1.0, 1.2, 0.9, 1.1] * 10, [0.0] * 40, "A is", above="higher")
        >>> b = compare_means("b", [0.2, -0.1, 0.3, 0.1] * 10, [0.0] * 40, "B is", above="higher")
        >>> [f.direction for f in holm([a, b], "the two")]
        ['higher', 'higher']
    """
    # an interval of no width is an exact result (every pair the same): nothing to correct
    tested = [(i, p) for i, f in enumerate(findings)
              if (p := p_value(f)) is not None and not (f.lower is not None and f.lower == f.upper)]
    m = len(tested)
    out = list(findings)
    if not m:
        return out
    adjusted = dict(zip((i for i, _ in tested), holm_adjusted([p for _, p in tested])))
    for i, p_adj in adjusted.items():
        f = out[i]
        shown = "below 0.001" if p_adj < 0.001 else f"{p_adj:.3f}"
        note = (f"{_comparisons(m)} tested in {family}, Holm-adjusted p {shown if p_adj < 0.001 else '= ' + shown}")
        direction, text = f.direction, f.text
        if f.states_direction and p_adj >= alpha:
            direction = UNCLEAR
            what, body = f.extra.get("what"), f.extra.get("body")
            head = f"{what}: {body}" if what and body else text.rstrip(".")
            text = (f"{head}: cannot be told apart once corrected for the {_comparisons(m)} ({note}); "
                    f"telling it apart would take about {_needed_in_family(f, m):,} {f.unit}.")
        else:
            text = f"{text.rstrip('.')} ({note})."
        out[i] = Finding(f.key, text, f.estimate, f.lower, f.upper, f.n, f.unit, direction, f.lead,
                         {**f.extra, "p": p_value(f), "p_holm": p_adj, "family": family, "tested": m})
    return out


def _needed_in_family(f: Finding, m: int) -> int:
    """Roughly how many units (80 % power) would tell ``f``'s difference apart when it is
    tested with ``m - 1`` others (the strictest Holm step: a two-sided level of 5 % / m)."""
    from statistics import NormalDist

    z = NormalDist().inv_cdf(1 - 0.025 / m)
    se = f.extra.get("stderr") or (f.upper - f.lower) / (2 * f.extra.get("z", Z))
    effect = abs((f.estimate or 0.0) - float(f.extra.get("reference", 0.0))) or se
    n = f.n or 0
    if n <= 0 or not se:
        return n
    return int(math.ceil(n * ((z + POWER_Z) * se / effect) ** 2 / 100.0)) * 100


def _comparisons(m: int) -> str:
    """``1 comparison``, ``6 comparisons``."""
    return engine_plural(m, "comparison")


# -- a second seed -----------------------------------------------------------------------------------
def second_seed(first: Sequence[Finding], again: Sequence[Finding], seed: Any,
                keys: Sequence[str] | None = None) -> list[Finding]:
    """Whether the lead findings of ``first`` (or those named in ``keys``) held when the same
    run was made again at ``seed`` (``again``: its findings). One finding each, keyed
    ``<key>.second_seed``, saying the direction at both seeds with the second estimate and
    interval: *held* when the direction is the same (a stated direction, or "cannot be told
    apart" both times), else *did not hold*, and then the first seed's sentence is withdrawn.

        >>> a = compare_means("gap", [1.0, 1.2, 0.8] * 20, [0.0] * 60, "A is", lead=True)
        >>> b = compare_means("gap", [0.1, -0.2, 0.0] * 20, [0.0] * 60, "A is", lead=True)
        >>> [f.direction for f in second_seed([a], [b], 555)]
        ['did not hold']
    """
    by_key = {f.key: f for f in again}
    chosen = [f for f in first if (f.key in keys if keys is not None else f.lead)]
    out = []
    for f in chosen:
        g = by_key.get(f.key)
        if g is None:
            out.append(Finding(f"{f.key}.second_seed", f"{f.key}: not computed again at seed {seed}.",
                               direction="not computed"))
            continue
        held = (g.direction == f.direction) or (not f.states_direction and not g.states_direction)
        where = ""
        if g.estimate is not None and g.lower is not None and g.upper is not None:
            where = f" (there {g.estimate:.3g}, 95% interval {g.lower:.3g} to {g.upper:.3g}"
            where += f"; {_counted(g.n, g.unit)})" if g.n else ")"
        first_word = f.direction or "an estimate"
        name = f.extra.get("what") or f.key  # the sentence's own subject, where it has one
        if held:
            text = (f"Recomputed at seed {seed}, \u201c{name}\u201d held: {first_word} at both seeds{where}.")
        else:
            text = (f"Recomputed at seed {seed}, \u201c{name}\u201d did not hold: {first_word} at the first "
                    f"seed, {g.direction or 'a plain estimate'} at seed {seed}{where}; its sentence above is "
                    "withdrawn as a finding of this notebook.")
        out.append(Finding(f"{f.key}.second_seed", text, g.estimate, g.lower, g.upper, g.n, g.unit,
                           "held" if held else "did not hold", False, {"first": f.direction, "again": g.direction}))
    return out


# -- showing them ------------------------------------------------------------------------------------
def findings_markdown(findings: Iterable[Finding], heading: str | None = None) -> str:
    """The findings as a Markdown bullet list (under ``heading``, bold, when given)."""
    lines = [f"**{heading}**", ""] if heading else []
    lines += [f.markdown() for f in findings]
    return "\n".join(lines)


def findings_frame(findings: Iterable[Finding]):
    """The findings as a table: ``key``, ``direction``, ``estimate``, ``lower``, ``upper``,
    ``n``, ``unit``, ``text`` (for tests and for comparing runs)."""
    import pandas as pd

    return pd.DataFrame([{"key": f.key, "direction": f.direction, "estimate": f.estimate,
                          "lower": f.lower, "upper": f.upper, "n": f.n, "unit": f.unit,
                          "lead": f.lead, "text": f.text} for f in findings])


#: The environment variable naming a file that :func:`show_findings` appends every finding
#: it shows to, one JSON object a line (see :func:`finding_record`): a notebook's run leaves
#: what it stated, to compare with another run (another seed or size) or to check in CI.
FINDINGS_LOG = "LOPTI_NB_FINDINGS_LOG"


def finding_record(finding: Finding) -> dict:
    """``finding`` as a JSON-ready dict: ``key``, ``text``, ``estimate``, ``lower``,
    ``upper``, ``n``, ``unit``, ``direction``, ``lead`` (numbers as plain floats and ints).

        >>> finding_record(proportion("share", 3, 10, "Share", unit="rounds"))["n"]
        10
    """
    def number(x, kind):
        return None if x is None else kind(x)
    return {"key": finding.key, "text": finding.text, "estimate": number(finding.estimate, float),
            "lower": number(finding.lower, float), "upper": number(finding.upper, float),
            "n": number(finding.n, int), "unit": finding.unit, "direction": finding.direction,
            "lead": bool(finding.lead)}


def show_findings(findings: Iterable[Finding], section: str | None = None,
                  heading: str | None = None) -> Any:
    """The findings (those whose key starts with ``section + "."``, when given) as
    ``IPython.display.Markdown``: in a notebook, the text computed from its own run. When the
    environment variable :data:`FINDINGS_LOG` names a file, each finding shown is also
    appended to it as a line of JSON (:func:`finding_record`).

        >>> show_findings([proportion("share.seat_1", 3, 10, "Share", unit="rounds")], "share").data
        '- Share: 30.0% (95% interval 10.8% to 60.3%; 10 rounds).'
    """
    from IPython.display import Markdown

    chosen = [f for f in findings if section is None or f.key.startswith(section + ".")]
    log = os.environ.get(FINDINGS_LOG)
    if log:
        with open(log, "a", encoding="utf-8") as out:
            out.writelines(json.dumps(finding_record(f)) + "\n" for f in chosen)
    return Markdown(findings_markdown(chosen, heading))
