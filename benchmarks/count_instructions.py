"""Interpreter instructions per game, counted by valgrind (deterministic, unlike timings).

    python3 benchmarks/count_instructions.py [skull-king|lopti|ledger] [bot] [--games N] [--simulate]

Runs the same script twice under ``valgrind --tool=callgrind``, with no games and with N
games, and prints the difference divided by N. By default the games are played by the
engine loop (``play_out``) on ``spec.state_class``; ``--simulate`` plays them through
``lopti_nb.simulate`` instead (game seeds from the run, rows built, pandas imported in both
runs), which is what a person calling ``simulate()`` pays. ``PYTHONHASHSEED=0`` fixes dict layouts and
``OPENBLAS_NUM_THREADS=1`` keeps numpy's idle worker thread out of the count.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
PLAY = """
import random, sys
sys.path.insert(0, {root!r})
from lopti_nb.engine import get_spec, play_out
spec = get_spec({game!r})
for i in range({games}):
    state = spec.state_class(4, i)
    play_out(state, [spec.make_bot({bot!r}) for _ in range(4)], random.Random(i))
"""
SIMULATE = """
import sys
sys.path.insert(0, {root!r})
import pandas, lopti_nb
lopti_nb.simulate({game!r}, n={games}, seed=0, players=4, bots={bot!r}, progress=False)
"""


def instructions(game: str, bot: str, games: int, simulate: bool = False) -> int:
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
           os.path.realpath(sys.executable), "-c",
           (SIMULATE if simulate else PLAY).format(root=ROOT, game=game, bot=bot, games=games)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stderr
    return int(re.search(r"Collected : (\d+)", out).group(1))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="skull-king")
    parser.add_argument("bot", nargs="?", default="random")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--simulate", action="store_true",
                        help="play the games through lopti_nb.simulate() (rows included)")
    args = parser.parse_args(argv)
    if not shutil.which("valgrind"):
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    per_game = (instructions(args.game, args.bot, args.games, args.simulate)
                - instructions(args.game, args.bot, 0, args.simulate)) / args.games
    how = " through simulate()" if args.simulate else ""
    print(f"{args.game}, 4 players, {args.bot} bots{how}: {per_game / 1e6:.2f}M instructions per game")


if __name__ == "__main__":
    main()
