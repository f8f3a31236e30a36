"""Skull King's studies: the analysis frames that read its round table (bids, hits, zero bids).

The generic analysis layer (:mod:`lopti_nb.analysis`) offers every name of ``__all__`` here
as its own, so notebooks keep writing ``from lopti_nb.analysis import zero_bid_frame``.
The rounds come from ``play_games("skull-king", ..., tables=["rounds"])["rounds"]`` (one row
per seat per round, the plugin's ``rounds`` table).
"""
from __future__ import annotations

import pandas as pd

from lopti_nb.analysis.frames import rate_frame

from .plugin import ROUND_COLUMNS

__all__ = ["ROUND_COLUMNS", "hit_rate_frame", "zero_bid_frame"]


def _keys(by) -> list[str]:
    if by is None:
        return []
    return [by] if isinstance(by, str) else list(by)


def hit_rate_frame(rounds: pd.DataFrame, by=("bot",)) -> pd.DataFrame:
    """Share of exact bids per round (and ``by`` group), with Wilson intervals."""
    return rate_frame(rounds, "hit", ["round", *_keys(by)], name="hit_rate")


def zero_bid_frame(rounds: pd.DataFrame, by=("bot",)) -> pd.DataFrame:
    """The risk of a zero bid per round: ``zero_share`` (how often 0 was bid), ``n`` and
    ``hits`` (zero bids and how many took no trick), ``fail_rate`` (a zero bid that took a
    trick) with its Wilson interval, and ``mean_points`` of the zero bids."""
    keys = ["round", *_keys(by)]
    rounds = rounds.assign(zero=rounds["bid"] == 0, failed=(rounds["bid"] == 0) & ~rounds["hit"])
    share = rounds.groupby(keys, observed=True, sort=True)["zero"].mean().rename("zero_share")
    zeros = rounds[rounds["zero"]]
    out = rate_frame(zeros, "failed", keys, name="fail_rate")
    pts = zeros.groupby(keys, observed=True, sort=True)["points"].mean().rename("mean_points")
    out = out.merge(pts.reset_index(), on=keys).merge(share.reset_index(), on=keys)
    return out
