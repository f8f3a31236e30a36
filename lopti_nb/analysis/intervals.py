"""The intervals every analysis shares: a share's Wilson interval, the standard error of a
mean whose rows share games (cluster-robust), the design effect, and the multiplier of a 95 %
interval resting on few clusters. The frames (:mod:`.frames`) and the findings
(:mod:`.findings`) both build on these; they import nothing of either.

    >>> critical(12), critical(None)
    (2.201, 1.96)
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

Z = 1.96          # a 95 % interval from 30 clusters up (the normal quantile)
#: Below this many clusters (games, deals, sessions) an interval uses Student's t with
#: ``clusters - 1`` degrees of freedom instead of :data:`Z`: with 12 clusters a normal
#: interval covers about 93 %, not 95 %.
FEW_CLUSTERS = 30
# the two-sided 95 % quantile of Student's t for 1 to 29 degrees of freedom
_T975 = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.306, 2.2622, 2.2281, 2.201,
         2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.093, 2.086, 2.0796, 2.0739,
         2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452)


def critical(clusters: int | None) -> float:
    """The multiplier of a 95 % interval resting on ``clusters`` independent units (games,
    deals or sessions): Student's t with ``clusters - 1`` degrees of freedom below
    :data:`FEW_CLUSTERS`, else the normal 1.96 (``None``: 1.96).

        >>> critical(12), critical(30), critical(None)
        (2.201, 1.96, 1.96)
    """
    if clusters is None or clusters >= FEW_CLUSTERS:
        return Z
    return _T975[max(1, int(clusters) - 1) - 1]



def wilson_interval(successes, n, z: float = 1.96):
    """The Wilson score interval (lower, upper) for ``successes`` out of ``n`` (arrays ok)."""
    k = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(n > 0, k / n, 0.0)
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
        lo = np.where(n > 0, centre - half, 0.0)
        hi = np.where(n > 0, centre + half, 1.0)
    return np.clip(lo, 0, 1), np.clip(hi, 0, 1)


def joined_labels(frame, keys: Sequence[str], sep: str = ":") -> np.ndarray:
    """One text label per row of ``frame`` (a pandas frame): the values of the columns
    ``keys`` written out and joined by ``sep``, built column by column (a join row by row
    costs seconds on a frame of 100,000 rows). Rows with the same label share a cluster.

        >>> import pandas as pd
        >>> joined_labels(pd.DataFrame({"cell": [0, 1], "game": [3, 3]}), ["cell", "game"]).tolist()
        ['0:3', '1:3']
    """
    labels = frame[keys[0]].astype(str).to_numpy(dtype=object)
    for key in keys[1:]:
        labels = labels + sep + frame[key].astype(str).to_numpy(dtype=object)
    return labels


def _cluster_variance(influence: np.ndarray, clusters: np.ndarray) -> tuple[float, int]:
    """CR1 sandwich variance of a sum of per-row influences, summed within each cluster."""
    labels, index = np.unique(np.asarray(clusters, dtype=str), return_inverse=True)
    g = len(labels)
    if g < 2:
        return 0.0, g
    sums = np.bincount(index, weights=influence, minlength=g)
    return float(g / (g - 1) * np.sum(sums ** 2)), g


def cluster_stderr(values: Sequence[float], clusters: Sequence) -> float:
    """The standard error of the mean of ``values`` when the rows with the same label in
    ``clusters`` (their game) may be correlated: the cluster-robust (CR1) standard error,
    the games taken as independent and the rows within one game as anything at all.
    With one row per game it is the usual standard error ``sd / sqrt(n)``.

        >>> round(cluster_stderr([1, 1, 0, 0], ["a", "a", "b", "b"]), 3)  # two games, not four rows
        0.5
        >>> round(cluster_stderr([1, 1, 0, 0], ["a", "b", "c", "d"]), 3)
        0.289
    """
    v = np.asarray(values, dtype=float)
    if v.size == 0:
        return 0.0
    var, _ = _cluster_variance((v - v.mean()) / v.size, np.asarray(clusters))
    return math.sqrt(var)


def clustered_difference(a: Sequence[float], b: Sequence[float], clusters_a: Sequence,
                         clusters_b: Sequence) -> tuple[float, float, int]:
    """``(mean(a) - mean(b), its cluster-robust standard error, games)``: rows of A and B
    with the same cluster label are one game (e.g. a careful and a careless bidder at one
    table), so their correlation, within a side and across the sides, counts.

        >>> d, se, games = clustered_difference([3, 1], [2, 0], ["g1", "g2"], ["g1", "g2"])
        >>> d, round(se, 3), games  # the same games on both sides: a paired difference
        (1.0, 0.0, 2)
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.size == 0 or b.size == 0:
        return 0.0, 0.0, 0
    influence = np.concatenate([(a - a.mean()) / a.size, -(b - b.mean()) / b.size])
    clusters = np.concatenate([np.asarray(clusters_a, dtype=str), np.asarray(clusters_b, dtype=str)])
    var, g = _cluster_variance(influence, clusters)
    return float(a.mean() - b.mean()), math.sqrt(var), g


def design_effect(flags: Sequence[float], clusters: Sequence, flags_b: Sequence[float] | None = None,
                  clusters_b: Sequence | None = None) -> float:
    """How much wider, squared, the interval of a share (or of the difference of two shares,
    with ``flags_b``) is when its rows are counted by game: the cluster-robust variance over
    the variance for independent rows. A proportion finding given ``deff`` computes its
    interval from ``n / deff`` rows.

        >>> round(design_effect([1, 1, 0, 0, 1, 0], ["a", "a", "b", "b", "c", "d"]), 2)  # two games repeat a row
        1.85
    """
    a = np.asarray(flags, dtype=float)
    if flags_b is None:
        if a.size < 2 or a.var() == 0:
            return 1.0
        se = cluster_stderr(a, clusters)
        return float(se ** 2 / (a.var(ddof=1) / a.size))
    b = np.asarray(flags_b, dtype=float)
    _, se, _ = clustered_difference(a, b, clusters, clusters_b)
    plain = ((a.var(ddof=1) / a.size if a.size > 1 else 0.0)
             + (b.var(ddof=1) / b.size if b.size > 1 else 0.0))
    return float(se ** 2 / plain) if plain > 0 else 1.0


__all__ = ["FEW_CLUSTERS", "Z", "cluster_stderr", "clustered_difference", "critical", "design_effect", "joined_labels",
           "wilson_interval"]
