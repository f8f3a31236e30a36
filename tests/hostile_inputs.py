"""A shared table of hostile values, for the bad-input audit (``test_bad_input_audit.py``)
and any bad-input test that wants the same kinds: deep nesting, wrong shapes, values whose
text is huge, sizes far past anything real, and objects whose every method fails.

``VALUES`` is ``label -> value``. None of them is a value any argument of the front doors
accepts, except where the audit says so (a text seed, say).
"""
from __future__ import annotations

import math

import numpy as np

from bad_input_support import Hostile


def nested_list(depth: int, inner=0):
    """``[[[...inner...]]]``, ``depth`` lists deep (built without recursion)."""
    value = inner
    for _ in range(depth):
        value = [value]
    return value


def last_letter_changed(token: str) -> str:
    """``token`` with its last letter swapped for another: always a different key, one letter
    off. (Appending a fixed letter after ``token[:-1]`` gives the same key back whenever the
    token happened to end in that letter, one time in 64.)"""
    last = "x" if token[-1] != "x" else "y"
    return token[:-1] + last


def nested_dict(depth: int, inner=0):
    value = inner
    for _ in range(depth):
        value = {"a": value}
    return value


DEEP_LIST = nested_list(5000)
DEEP_DICT = nested_dict(5000)
DEEP_JSON = "[" * 100_000
LONG_TEXT = "x" * 5000
MILLION = [9] * 1_000_000
HUGE_INT = 10 ** 5000

VALUES = {
    "deep list": DEEP_LIST,
    "deep dict": DEEP_DICT,
    "deep JSON text": DEEP_JSON,
    "5,000 characters": LONG_TEXT,
    "a million values": MILLION,
    "10**5000": HUGE_INT,
    "-1": -1,
    "nan": math.nan,
    "inf": math.inf,
    "1.5": 1.5,
    "complex": 1 + 2j,
    "bytes": b"lopti",
    "a set": {1, 2},
    "an object": object(),
    "Hostile": Hostile(),
    "numpy -3": np.int64(-3),
    "empty text": "",
}

#: values for arguments that take a number: what a person might type or a file might hold
NUMBERS = {k: VALUES[k] for k in ("-1", "nan", "inf", "1.5", "10**5000", "5,000 characters",
                                  "deep list", "Hostile", "numpy -3", "bytes", "empty text")}

#: command-line texts (``--set NAME=TEXT``, ``--games TEXT``)
TEXTS = {
    "deep JSON": "[" * 50_000,
    "deep JSON, short": "[" * 5_000 + "]" * 5_000,
    "5,000 characters": "x" * 5000,
    "a number of 5,000 digits": "9" * 5000,
    "JSON number": "5",
    "JSON true": "true",
    "JSON object": '{"a": 1}',
    "a million values": "[" + ",".join(["9"] * 1_000_000) + "]",
    "NUL": "\x00",
    "nan": "nan",
    "-1": "-1",
}
