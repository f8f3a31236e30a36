"""The bad-input audit: a few hundred hostile inputs (``hostile_inputs``) thrown at every front
door (new_game, load, replay and the Replay widget, simulate / play_games / sweep, the
``lopti-nb simulate`` command line, the settings schemas, room actions through the room codec,
open_store, the actions of all three games and the Lopti session).

Each case says what must happen: a correct acceptance, or a refusal, which is a typed error (a
subclass of ``LoptiNbError`` and so of ``ValueError``, never the base class itself) whose
message is shorter than ``MAX_MESSAGE`` characters, with everything the call was given (the
state, the record, the store) unchanged. A case taking longer than its time limit is a hang
(it is stopped by an alarm). Every case is counted: inputs tried, crashes (any other error,
an overlong message or a changed input), hangs and silent acceptances (an input that should
have been refused, accepted); the test fails on any of them and prints the figures (``-s``).
"""
from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import math
import os
import signal
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import lopti_nb
from bad_input_support import MAX_MESSAGE, Hostile, _looks
from hostile_inputs import (
    DEEP_DICT, DEEP_JSON, DEEP_LIST, HUGE_INT, LONG_TEXT, MILLION, NUMBERS, TEXTS, VALUES,
    nested_list,
)
from lopti_nb.analysis import play_games, sweep
from lopti_nb.cli import main as cli_main
from lopti_nb.engine import LoptiNbError, get_spec, load, new_game, simulate
from lopti_nb.engine import runner
from lopti_nb.rooms import codec, open_store

GAMES = ("lopti", "skull-king", "drowned-ledger")
DEEP_TUPLE: tuple = ()
for _ in range(5000):  # a hashable value nested 5,000 deep (a setting's name, say)
    DEEP_TUPLE = (DEEP_TUPLE,)
LIMIT = 2.0  # seconds a case may take before it counts as a hang


class Hang(BaseException):
    """Raised by the alarm in a case that runs past its limit."""


@dataclasses.dataclass
class Case:
    kind: str  # the kind of hostile input: nesting, shapes, messages, records, resources, other
    door: str  # the front door it is thrown at
    label: str
    call: object  # () -> result
    accept: bool = False  # True: the input is good, and the call must succeed
    check: object = None  # (result) -> None: what a correct acceptance must also show
    watched: tuple = ()  # values that must look the same after the call
    snapshot: object = None  # () -> a picture of what must not change (a state, a store)
    limit: float = LIMIT


def expect(condition: bool, what: str) -> None:
    """A correct acceptance's own check (an AssertionError counts the case as a crash)."""
    assert condition, what


def _alarm(signum, frame):
    raise Hang()


def run_case(case: Case) -> tuple[str, str]:
    """``(outcome, detail)``; outcome is "accepted", "refused", "crash", "hang" or "silent"."""
    before = [_looks(v) for v in case.watched]
    snap = case.snapshot() if case.snapshot else None
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, case.limit)
    start = time.perf_counter()
    try:
        try:
            result = case.call()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    except Hang:
        return "hang", f"still running after {case.limit:g} s"
    except LoptiNbError as exc:
        text = str(exc)
        if case.accept:
            return "crash", f"a good input was refused: {type(exc).__name__}: {text[:120]}"
        if type(exc) is LoptiNbError or not isinstance(exc, ValueError):
            return "crash", f"untyped refusal {type(exc).__name__}"
        if not 0 < len(text) < MAX_MESSAGE:
            return "crash", f"message of {len(text)} characters"
        outcome, detail = "refused", ""
    except BaseException as exc:  # noqa: BLE001 - any other error is what the audit counts
        return "crash", f"{type(exc).__name__}: {str(exc)[:120]}"
    else:
        if not case.accept:
            return "silent", f"accepted, returned {type(result).__name__}"
        if case.check is not None:
            try:
                case.check(result)
            except AssertionError as exc:
                return "crash", f"accepted wrongly: {str(exc)[:120]}"
        outcome, detail = "accepted", ""
    elapsed = time.perf_counter() - start
    if elapsed > case.limit:
        return "hang", f"took {elapsed:.1f} s"
    if [_looks(v) for v in case.watched] != before:
        return "crash", "an input was changed"
    if case.snapshot and case.snapshot() != snap:
        return "crash", "the state or store was changed"
    return outcome, detail


# -- the cases ---------------------------------------------------------------------------------
def played(game: str, moves: int = 6, **settings):
    state = new_game(game, players=3, seed=5, **settings)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[0], seat)
    return state


def cases_new_game():
    out = []
    for game in GAMES:
        params = ["players", "seed", *get_spec(game).schema.names()]
        if game == "lopti":
            params.append("rounds")
        for param in params:
            for label, value in VALUES.items():
                out.append(Case("nesting" if label.startswith("deep") else "shapes", "new_game",
                                f"{game} {param}={label}",
                                lambda g=game, p=param, v=value: new_game(g, **{p: v})))
        out.append(Case("shapes", "new_game", f"{game} named by a hostile value",
                        lambda: new_game(Hostile())))
    # sizes of a wreck deck and its nesting
    for label, deck in {
        "hazards {1: 10**9}": {"hazards": {1: 10 ** 9}},
        "ten million values": {"values": range(10_000_000)},
        "a million values": {"values": MILLION},
        "values 5,000 deep": {"values": DEEP_LIST},
        "5,000 deep": DEEP_LIST,
        "hazard numbers 5,000 deep": {"hazards": DEEP_DICT},
        "2,000 cards": {"suits": 5, "values": [9] * 100, "hazards": {1: 1500}},
    }.items():
        out.append(Case("resources", "new_game", f"deck {label}",
                        lambda d=deck: new_game("drowned-ledger", deck=d)))
    for label, offices in {"5,000 deep": nested_list(5000), "5": 5, "True": True,
                           "a million names": ["Purser"] * 1_000_000}.items():
        out.append(Case("shapes", "new_game", f"offices {label}",
                        lambda o=offices: new_game("drowned-ledger", offices=o)))
    # good input: numpy numbers, and the settings copied (changing the caller's dict later
    # changes neither the game nor its record)
    deck = {"suits": 3, "values": [1, 2, 3], "hazards": {2: 1, 5: 2}}
    offices = list(_office_names()[:3])

    def copied(state):
        record = json.dumps(state.record())
        deck["suits"], deck["hazards"][2] = 1, 7
        offices[0] = "nobody"
        assert json.dumps(state.record()) == record, "the game kept the caller's dict"
        assert state.record()["settings"]["deck"]["suits"] == 3

    out.append(Case("records", "new_game", "deck and offices copied",
                    lambda: new_game("drowned-ledger", players=3, seed=1, deck=deck,
                                     offices=offices),
                    accept=True, check=copied))
    out.append(Case("records", "new_game", "seed 2**64 - 1 writes a JSON record",
                    lambda: new_game("lopti", seed=np.uint64(2 ** 64 - 1)), accept=True,
                    check=lambda s: expect(load(json.loads(json.dumps(s.record()))).seed == 2 ** 64 - 1,
                                           "the seed came back changed")))
    out.append(Case("records", "new_game", "seed 10**5000",
                    lambda: new_game("lopti", seed=HUGE_INT)))
    return out


def _office_names():
    from lopti_nb.games.ledger.offices import OFFICE_NAMES

    return OFFICE_NAMES


def cases_records():
    out = []
    bases = {game: played(game).record() for game in GAMES}
    bases["lopti session"] = played("lopti", 4, rounds=2).record()
    for name, base in bases.items():
        out.append(Case("records", "load", f"{name} record", lambda b=base: load(b), accept=True,
                        watched=(base,)))
        out.append(Case("records", "load", f"{name} record as JSON",
                        lambda b=base: load(json.dumps(b)), accept=True))
        for key in ("game", "settings", "seed", "players", "actions"):
            record = {k: v for k, v in base.items() if k != key}
            out.append(Case("records", "load", f"{name} without {key}", lambda r=record: load(r),
                            watched=(record,)))
            record = {**base, key: None}
            out.append(Case("records", "load", f"{name} {key}: null", lambda r=record: load(r),
                            watched=(record,)))
            for label in ("deep list", "deep dict", "5,000 characters", "10**5000", "nan",
                          "Hostile", "a set"):
                record = {**base, key: VALUES[label]}
                out.append(Case("nesting" if label.startswith("deep") else "records", "load",
                                f"{name} {key}: {label}", lambda r=record: load(r)))
        for label, version in {"newer major": "99.0.0", "a number": 1, "deep": DEEP_LIST,
                               "text": "new"}.items():
            record = {**base, "version": version}
            out.append(Case("records", "load", f"{name} version {label}", lambda r=record: load(r)))
        record = {**base, "extra": 1}
        out.append(Case("records", "load", f"{name} with an unknown key", lambda r=record: load(r)))
        for label, action in {"deep": "Bid(n=" + "[" * 90 + "]" * 90 + ")",
                              "5,000 characters": "Play(card='" + "x" * 5000 + "')",
                              "not text": 5, "Hostile": Hostile(), "code": "__import__('os')",
                              "deep list": DEEP_LIST}.items():
            record = {**base, "actions": [action]}
            out.append(Case("records", "load", f"{name} action {label}", lambda r=record: load(r)))
        for label, pairs in {"deep": [DEEP_LIST], "text": "x", "seat 99": [[0, 99]],
                             "Hostile": [Hostile()]}.items():
            record = {**base, "off_turn": pairs}
            out.append(Case("records", "load", f"{name} off_turn {label}", lambda r=record: load(r)))
    out.append(Case("nesting", "load", "[ * 100000", lambda: load(DEEP_JSON)))
    out.append(Case("nesting", "load", "{ * 100000", lambda: load('{"a":' * 100_000)))
    out.append(Case("resources", "load", "25 MB of text",
                    lambda: load('{"game": "lopti", "x": "' + "x" * 25_000_000 + '"}')))
    out.append(Case("resources", "load", "two million actions",
                    lambda: load({**bases["lopti"], "actions": ["KeepCards()"] * 2_000_000})))
    record = {**bases["drowned-ledger"], "settings": {**bases["drowned-ledger"]["settings"],
                                                      "offices": 123}}
    out.append(Case("shapes", "load", "record offices 123", lambda r=record: load(r)))
    record = {**bases["drowned-ledger"], "settings": {"deck": {"hazards": {"x": 1}}}}
    out.append(Case("shapes", "load", "record deck hazard 'x'", lambda r=record: load(r)))
    for label, text in {"not JSON": "{", "a list": "[]", "a number": "5", "empty": ""}.items():
        out.append(Case("records", "load", f"text {label}", lambda t=text: load(t)))
    out.append(Case("shapes", "load", "Hostile", lambda: load(Hostile())))

    # a Rule Vote on turn_cap with a numpy integer: the record writes a number and loads again
    from lopti_nb.games.lopti.session_game import CallVote

    session = new_game("lopti", players=3, seed=1, rounds=2)
    session.apply(CallVote("law", lever="turn_cap", value=np.int64(60), when="now"))

    def numpy_vote(state):
        assert "value=60," in state.record()["actions"][0], state.record()["actions"][0]

    out.append(Case("records", "load", "numpy turn_cap vote", lambda: load(session.record()),
                    accept=True, check=numpy_vote))
    return out


def cases_replay():
    out = []
    state = played("skull-king")
    base = state.record()
    out.append(Case("records", "replay", "a record", lambda: lopti_nb.replay(base), accept=True))
    session = played("lopti", 4, rounds=2).record()
    out.append(Case("records", "replay", "a Lopti session record (load accepts it)",
                    lambda: lopti_nb.replay(session), accept=True))
    for label, record in {
        "[ * 100000": DEEP_JSON,
        "one bot for three seats": {**base, "bots": ["random"]},
        "bots 5,000 deep": {**base, "bots": DEEP_LIST},
        "bots a number": {**base, "bots": 3},
        "seed null": {**base, "seed": None},
        "players null": {**base, "players": None},
        "players a list": {**base, "players": [3]},
        "deep settings": {**base, "settings": DEEP_DICT},
        "a row without a record": pd.Series({"seat": 1}),
        "Hostile": Hostile(),
    }.items():
        out.append(Case("nesting" if "deep" in label or "[" in label else "shapes", "replay",
                        label, lambda r=record: lopti_nb.replay(r), watched=(record,)))
    for seat in (3, -1, "x", 1.5, Hostile(), DEEP_LIST):
        out.append(Case("shapes", "replay", f"seat {_looks(seat)[:20]}",
                        lambda s=seat: lopti_nb.replay(base, seat=s)))
    widget = lopti_nb.replay(base)
    for label, step in {"nan": math.nan, "None": None, "'x'": "x", "inf": math.inf,
                        "deep list": DEEP_LIST, "Hostile": Hostile(), "1.5": 1.5}.items():
        out.append(Case("shapes", "Replay.show", label, lambda s=step: widget.show(s),
                        snapshot=lambda: (widget.step, widget.title_html.value)))
    out.append(Case("shapes", "Replay.show", "a step past the end is the end",
                    lambda: widget.show(10 ** 9), accept=True,
                    check=lambda _: expect(widget.step == widget.end, f"step {widget.step}")))
    return out


def cases_runs():
    out = []
    for param in ("n", "seed", "players", "workers", "bots", "progress", "keep_records", "client"):
        for label, value in NUMBERS.items():
            if param == "seed" and isinstance(value, str) and len(value) <= 200:
                continue  # a short text is a seed (hashed): the empty text too
            out.append(Case("shapes" if param != "n" else "resources", "simulate",
                            f"{param}={label}",
                            lambda p=param, v=value: simulate("lopti", **{"n": 1, "progress": False,
                                                                          p: v})))
    for label, kwargs in {
        "workers=1000": {"workers": 1000}, "workers=10**6": {"workers": 10 ** 6},
        "n=10**12, workers=2": {"n": 10 ** 12, "workers": 2}, "n=10**12": {"n": 10 ** 12},
        "client=42": {"client": 42}, "client=object()": {"client": object()},
        "client an executor, not Dask": {"client": ThreadPoolExecutor(1)},
        "a text seed of 5,000 characters": {"seed": LONG_TEXT},
        "deck of a million values": {"deck": {"values": MILLION}},
        "deck 5,000 deep": {"deck": DEEP_LIST},
    }.items():
        game = "drowned-ledger" if "deck" in kwargs else "lopti"
        out.append(Case("resources", "simulate", label,
                        lambda g=game, k=kwargs: simulate(g, **{"n": 1, "progress": False, **k})))
    out.append(Case("resources", "simulate", "n=0, workers=64 starts no process",
                    lambda: simulate("lopti", n=0, workers=64, progress=False), accept=True,
                    check=lambda df: expect(len(df) == 0, f"{len(df)} rows")))
    for label, kwargs in {"n deep": {"n": DEEP_LIST}, "tables Hostile": {"tables": Hostile()},
                          "tables a number": {"tables": 5}, "tables deep": {"tables": [DEEP_LIST]},
                          "first -1": {"first": -1}, "rotate 'no'": {"rotate": "no"}}.items():
        out.append(Case("shapes", "play_games", label,
                        lambda k=kwargs: play_games("lopti", **{"n": 1, **k})))
    for label, kwargs in {
        "grid a number": {"grid": 5}, "grid a text": {"grid": "lopti"},
        "grid of numbers": {"grid": [1, 2]}, "grid cell deep": {"grid": [{"game": "lopti", "deck": DEEP_LIST}]},
        "grid cell Hostile": {"grid": [Hostile()]}, "cell bad setting": {"grid": [{"game": "lopti", "swap": "no"}]},
        "cell rotate 'no'": {"grid": [{"game": "lopti", "rotate": "no"}]},
        "games_per_cell 10**12": {"games_per_cell": 10 ** 12},
        "games_per_cell -1": {"games_per_cell": -1}, "games_per_cell nan": {"games_per_cell": math.nan},
        "games_per_cell a list of the wrong length": {"games_per_cell": [1, 2, 3]},
        "chunk_size 0": {"chunk_size": 0}, "chunk_size 1.5": {"chunk_size": 1.5},
        "workers 1000": {"workers": 1000, "client": "processes"},
        "client 42": {"client": 42}, "seed 10**5000": {"seed": HUGE_INT},
        "tables Hostile": {"tables": Hostile()},
    }.items():
        args = {"grid": [{"game": "lopti", "players": 3}], "games_per_cell": 1, "client": "serial",
                **kwargs}
        out.append(Case("resources" if "10**" in label or "1000" in label else "shapes", "sweep",
                        label, lambda a=args: sweep(**a)))
    out.append(Case("shapes", "sweep", "a good grid", accept=True,
                    call=lambda: sweep([{"game": "lopti", "players": 3}], 2, client="serial")))
    return out


def cli(argv):
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = cli_main(argv)
    text = err.getvalue()
    if code != 2:
        return f"exit status {code}"  # returned, so the audit counts it as accepted
    lines = text.strip().splitlines()
    if len(lines) != 1 or len(lines[0]) >= MAX_MESSAGE:
        raise AssertionError(f"not one short line: {text[:200]!r}")
    raise CliRefusal(lines[0])


class CliRefusal(LoptiNbError):
    """The command line's refusal (exit status 2, one short line), as the audit counts it."""


def cases_cli():
    out = []
    base = ["simulate", "drowned-ledger", "--games", "1", "--quiet"]
    for setting in ("deck", "offices", "hold_limit", "mode", "table_watch"):
        for label, text in TEXTS.items():
            if setting == "deck" and label == "JSON object":
                continue  # {"a": 1} is refused by the deck's own check below (unknown key)
            good = (setting, label) in {("hold_limit", "JSON number"), ("table_watch", "JSON true")}
            out.append(Case("nesting" if "deep" in label else "shapes", "lopti-nb simulate --set",
                            f"{setting}={label}",
                            lambda s=setting, t=text: cli([*base, "--set", f"{s}={t}"]), accept=good,
                            check=lambda result: expect(result == "exit status 0", result)))
    out.append(Case("shapes", "lopti-nb simulate --set", "deck={'a': 1}",
                    lambda: cli([*base, "--set", 'deck={"a": 1}'])))
    for option in ("--games", "--workers", "--seed", "--players"):
        for label in ("a number of 5,000 digits", "-1", "5,000 characters", "nan"):
            text = TEXTS[label]
            out.append(Case("resources", "lopti-nb simulate", f"{option} {label}",
                            lambda o=option, t=text: cli(["simulate", "lopti", "--quiet", "--games",
                                                          "1", o, t])))
    out.append(Case("resources", "lopti-nb simulate", "--workers 1000",
                    lambda: cli(["simulate", "lopti", "--quiet", "--games", "1", "--workers", "1000"])))
    for label, argv in {
        "--out a name of 5,000 characters": ["--out", "/tmp/" + LONG_TEXT + ".csv"],
        "--out with NUL": ["--out", "a\x00b.csv"], "--out a folder": ["--out", "/tmp/"],
        "--set given twice": ["--set", "swap=true", "--set", "swap=false"],
        "--bots of 5,000 characters": ["--bots", LONG_TEXT],
        "--bots 10,000 times": ["--bots", *["random"] * 10_000],
        "a game of 5,000 characters": ["--set", "swap=true"],
    }.items():
        game = LONG_TEXT if label.startswith("a game") else "lopti"
        out.append(Case("shapes", "lopti-nb simulate", label,
                        lambda g=game, a=argv: cli(["simulate", g, "--quiet", "--games", "1", *a])))
    out.append(Case("shapes", "lopti-nb simulate", "--set rounds=x*5000",
                    lambda: cli(["simulate", "lopti", "--quiet", "--set", "rounds=" + LONG_TEXT])))
    return out


def cases_schemas():
    out = []
    for game in GAMES:
        schema = get_spec(game).schema
        for setting in schema:
            for label, value in VALUES.items():
                if setting.optional and value is None:
                    continue
                out.append(Case("shapes", "schema.check", f"{game} {setting.name}={label}",
                                lambda s=schema, n=setting.name, v=value: s.check({n: v}, 3),
                                watched=(value,) if "million" not in label else ()))
            for label in ("deep JSON", "5,000 characters", "a number of 5,000 digits"):
                out.append(Case("nesting", "schema.parse_text", f"{game} {setting.name} {label}",
                                lambda s=schema, n=setting.name, t=TEXTS[label]:
                                s[n].validate(s.parse_text(n, t), 3)))
        out.append(Case("shapes", "schema.check", f"{game} settings a list",
                        lambda s=schema: s.check([("a", 1)])))
        out.append(Case("shapes", "schema.check", f"{game} a name of 5,000 characters",
                        lambda s=schema: s.check({LONG_TEXT: 1})))
        out.append(Case("nesting", "schema.check", f"{game} a name nested 5,000 deep",
                        lambda s=schema: s.check({DEEP_TUPLE: 1})))
    return out


def cases_rooms(tmp: Path):
    out = []
    for game in GAMES:
        action = new_game(game, players=3, seed=1).legal_actions()[0]
        data = codec.encode(action, game)
        out.append(Case("shapes", "room codec", f"{game} a legal action", accept=True,
                        call=lambda d=data, g=game: codec.decode(d, g),
                        check=lambda a, want=action: expect(a == want, f"decoded {a}")))
        name = type(action).__name__
        field = next(iter(f.name for f in dataclasses.fields(action)), "x")
        for label, value in {"a field 5,000 deep": DEEP_LIST, "a deep dict field": DEEP_DICT,
                             "a field of a million values": MILLION,
                             "a field of 5,000 characters": LONG_TEXT, "Hostile": Hostile()}.items():
            payload = {"type": name, "fields": {field: value}}
            out.append(Case("nesting", "room codec", f"{game} {label}",
                            lambda p=payload, g=game: codec.decode(p, g)))
        for label, text in {"[ * 100000": DEEP_JSON, "5,000 characters": LONG_TEXT,
                            "deep JSON form": '{"type": "' + name + '", "fields": ' + "[" * 400 + "]" * 400 + "}",
                            "not an action": "Bid(", "a number": 5, "None": None,
                            "Hostile": Hostile(), "a deep list": DEEP_LIST}.items():
            out.append(Case("nesting", "room codec", f"{game} text {label}",
                            lambda t=text, g=game: codec.decode(t, g)))
        out.append(Case("shapes", "room codec", f"{game} encode Hostile",
                        lambda g=game: codec.encode(Hostile(), g)))
    store_file = tmp / "rooms.sqlite"
    store = open_store(str(store_file))

    def store_picture():
        return sorted(p.name for p in tmp.iterdir()), store_file.stat().st_size

    for label, url in {"redis db 'abc'": "redis://127.0.0.1:6379/abc",
                       "redis db '0/1'": "redis://127.0.0.1:6379/0/1", "5": 5, "empty": "",
                       "5,000 characters": "/tmp/" + LONG_TEXT, "NUL": "rooms\x00.sqlite",
                       "ftp": "ftp://host/x", "Hostile": Hostile(), "deep list": DEEP_LIST,
                       "bytes": b"rooms.sqlite"}.items():
        out.append(Case("shapes", "open_store", label, lambda u=url: open_store(u),
                        snapshot=store_picture))
    # a room playing Skull King: hostile actions submitted by a seat change nothing stored
    from lopti_nb import rooms
    from lopti_nb.games.skullking import Bid, Play

    host = rooms.create_room("Ann", players=3, store=store, stand_in_after=None)
    rooms.join_room(host.code, "Bob", store=store)
    host.start()

    def room_picture():
        meta, version, _ = store.get(host.code)
        return meta, version, store.log(host.code), store.count_rooms()

    for label, action in {
        "a field 5,000 deep": {"type": "Bid", "fields": {"n": DEEP_LIST}},
        "a deep dict field": {"type": "Bid", "fields": {"n": DEEP_DICT}},
        "JSON text 100,000 deep": DEEP_JSON, "text of 5,000 characters": LONG_TEXT,
        "a Bid of 10**5000": Bid(HUGE_INT), "a Bid of a deep list": Bid(DEEP_LIST),
        "a Play of a Hostile card": Play(Hostile()), "a Hostile object": Hostile(),
        "a Bid of nan": Bid(math.nan), "a million values": MILLION,
    }.items():
        out.append(Case("nesting", "room submit", label, lambda a=action: host.submit(a),
                        snapshot=room_picture))
    out.append(Case("shapes", "open_store", "a sqlite file", accept=True,
                    call=lambda: open_store(str(store_file)),
                    check=lambda s: expect(s is store, "another store object")))
    return out


def cases_actions():
    """Every action class of the three games made with hostile fields: the constructor refuses
    (typed), or ``apply`` does, and the state is unchanged."""
    out = []
    for game in GAMES:
        spec = get_spec(game)
        state = played(game, 3)
        if game == "lopti":
            state = played("lopti", 3, rounds=2)

        def picture(s=state):
            return json.dumps(s.record()), len(s.events), s.to_act

        for cls in spec.action_types:
            names = [f.name for f in dataclasses.fields(cls)]
            if not names:
                continue
            for label in ("deep list", "deep dict", "5,000 characters", "a million values",
                          "10**5000", "nan", "Hostile", "an object", "a set"):
                value = VALUES[label]

                def make_and_apply(c=cls, ns=names, v=value, s=state):
                    action = c(**{n: v for n in ns})
                    return s.apply(action, s.to_act[0])

                out.append(Case("shapes", f"{game} actions", f"{cls.__name__}({label})",
                                make_and_apply, snapshot=picture))
        for label, action in {"None": None, "a text": "Play", "Hostile": Hostile(),
                              "deep list": DEEP_LIST}.items():
            out.append(Case("shapes", f"{game} apply", label,
                            lambda a=action, s=state: s.apply(a), snapshot=picture))
        for label, seat in {"seat 99": 99, "seat nan": math.nan, "seat Hostile": Hostile()}.items():
            out.append(Case("shapes", f"{game} apply", label,
                            lambda st=seat, s=state: s.apply(s.legal_actions(s.to_act[0])[0], st),
                            snapshot=picture))
    from lopti_nb.games.ledger import Open, Sell

    for label, value in {"None": None, "deep list": DEEP_LIST, "a million cards": MILLION,
                         "Hostile": Hostile(), "5.5": 5.5}.items():
        out.append(Case("shapes", "drowned-ledger actions", f"Open({label})", lambda v=value: Open(v)))
        out.append(Case("shapes", "drowned-ledger actions", f"Sell({label})", lambda v=value: Sell(v)))
    # a proposal of 5,000 characters in a session: refused in a short sentence
    from lopti_nb.games.lopti.session_game import Author, CallVote

    session = played("lopti", 3, rounds=2)
    for label, action in {"Author 5,000 characters": Author(LONG_TEXT),
                          "CallVote text 5,000 characters": CallVote("amend", motion=1, text=LONG_TEXT),
                          "CallVote lever 5,000 characters": CallVote("law", lever=LONG_TEXT, value=1),
                          "CallVote value 5,000 deep": CallVote("law", lever="turn_cap", value=DEEP_LIST)}.items():
        out.append(Case("messages", "lopti session", label,
                        lambda a=action, s=session: s.apply(a, s.to_act[0]),
                        snapshot=lambda s=session: json.dumps(s.record())))
    return out


def cases_session():
    from lopti_nb.games.lopti.session_game import LoptiSessionState

    out = []
    for label, kwargs in {"first_dealer True": {"first_dealer": True},
                          "first_dealer 9": {"first_dealer": 9}, "play_on 'no'": {"play_on": "no"},
                          "swap 1": {"swap": 1}, "seed a list": {"seed": [1]},
                          "players Hostile": {"players": [Hostile()] * 3},
                          "players 10**5000": {"players": HUGE_INT},
                          "players a deep list": {"players": DEEP_LIST},
                          "turn_cap nan": {"turn_cap": math.nan},
                          "a card rule of 5,000 characters": {"ten_on_seven": LONG_TEXT}}.items():
        out.append(Case("shapes", "Session", label, lambda k=kwargs: LoptiSessionState.by_hand(**{"players": 4, **k})))
    from lopti_nb.games.lopti.session import Proposal

    session = LoptiSessionState.by_hand(3, seed=1)
    session.deal()
    for label in ("deep list", "deep dict", "5,000 characters", "a million values", "10**5000",
                  "Hostile", "a set", "an object"):
        value = VALUES[label]
        for what, make in {"kind": lambda v: Proposal(v, "now"),
                           "when": lambda v: Proposal("remove", v, motion=1),
                           "lever": lambda v: Proposal.law(v, 1, "now"),
                           "value": lambda v: Proposal.law("turn_cap", v, "now"),
                           "seat": lambda v: session.call_vote(v, Proposal.law("play_on", True, "now")),
                           "proposal": lambda v: session.call_vote(0, v)}.items():
            out.append(Case("messages", "lopti session", f"a proposal's {what}: {label}",
                            lambda m=make, v=value: m(v),
                            snapshot=lambda: (session.session_phase, len(session.votes), session.law)))
    for label, rounds in {"'x' * 5000": LONG_TEXT, "10**5000": HUGE_INT, "deep": DEEP_LIST,
                          "Hostile": Hostile()}.items():
        out.append(Case("messages", "new_game", f"lopti rounds={label}",
                        lambda r=rounds: new_game("lopti", rounds=r)))
    return out


def cases_play():
    """``lopti_nb.play``: a refused table makes no widget at all."""
    import ipywidgets.widgets.widget as widget_module

    out = []
    for param in ("players", "humans", "bots", "seed", "bot_delay", "rounds", "swap"):
        for label, value in VALUES.items():
            if param == "bot_delay" and label == "1.5":
                continue  # a pace of 1.5 seconds is a pace
            out.append(Case("shapes", "play", f"lopti {param}={label}",
                            lambda p=param, v=value: lopti_nb.play("lopti", **{"bot_delay": 0, p: v}),
                            snapshot=lambda: len(widget_module._instances)))
    return out


@pytest.fixture(scope="module")
def audit(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("audit")
    cases = (cases_new_game() + cases_records() + cases_replay() + cases_runs() + cases_cli()
             + cases_schemas() + cases_rooms(tmp) + cases_actions() + cases_session()
             + cases_play())
    start = time.perf_counter()
    results = [(case, *run_case(case)) for case in cases]
    return results, time.perf_counter() - start


def test_a_dask_address_that_does_not_answer_is_refused_within_its_time_limit():
    import socket

    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    case = Case("resources", "simulate", "client at a closed port",
                lambda: simulate("lopti", n=1, progress=False, client=f"tcp://127.0.0.1:{port}"),
                limit=runner.CONNECT_TIMEOUT + 4)
    outcome, detail = run_case(case)
    assert outcome == "refused", detail


def test_chunks_are_read_lazily_whatever_the_number_of_games():
    pulled = []

    def tasks():
        for k in range(10 ** 12):
            pulled.append(k)
            yield k

    class Done:
        def __init__(self, value):
            self.value = value

        def result(self):
            return self.value

    results = runner._in_order(Done, tasks(), window=4)
    assert [next(results) for _ in range(3)] == [0, 1, 2]
    assert len(pulled) <= 3 + 4


KINDS = ("nesting", "shapes", "messages", "records", "resources")


@pytest.mark.parametrize("kind", KINDS)
def test_every_hostile_input_of_a_kind_is_refused_or_rightly_accepted(audit, kind):
    results, _ = audit
    mine = [(c, o, d) for c, o, d in results if c.kind == kind]
    assert mine, f"no {kind} cases"
    bad = [f"{c.door}: {c.label}: {o} ({d})" for c, o, d in mine if o not in ("accepted", "refused")]
    assert not bad, "\n".join(bad)


def test_audit_figures(audit):
    results, seconds = audit
    counts = Counter(o for _, o, _ in results)
    doors = sorted({c.door.split(" ")[0] for c, _, _ in results})
    print(f"\nbad-input audit: {len(results)} inputs tried at {len(doors)} front doors in "
          f"{seconds:.1f} s: {counts['refused']} refused, {counts['accepted']} rightly accepted; "
          f"crashes {counts['crash']}, hangs {counts['hang']}, "
          f"silent acceptances {counts['silent']}")
    by_kind = Counter(c.kind for c, _, _ in results)
    print("by kind: " + ", ".join(f"{k} {by_kind[k]}" for k in KINDS))
    assert len(results) >= 300
    bad = [f"{c.door}: {c.label}: {o} ({d})" for c, o, d in results if o not in ("accepted", "refused")]
    assert (counts["crash"], counts["hang"], counts["silent"]) == (0, 0, 0), "\n".join(bad)
