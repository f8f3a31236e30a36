"""The ``lopti-nb`` command: serve the dashboards, list them, run simulations.

    lopti-nb serve [--port 8866] [--host 127.0.0.1] [--preheat] [--theme light|dark]
                   [--cull-after SECONDS]
    lopti-nb voila [VOILA ARGUMENTS ...]
    lopti-nb list
    lopti-nb simulate GAME --games N --out results.csv [--players P] [--seed S] [--bots NAME ...]
                          [--set NAME=VALUE ...] [--workers K] [--batch] [--quiet]

``serve`` runs this Python's Voilà on the dashboards folder (``$LOPTI_NB_DASHBOARDS`` or the
checkout's ``dashboards/``); extra Voilà options can be given in ``$LOPTI_NB_VOILA_ARGS``.
Both ``serve`` and ``voila`` (Voilà as it is, with any of its arguments, e.g.
``lopti-nb voila dashboards/score_lab.ipynb``) use the package's own Voilà template
(:mod:`lopti_nb.voila`), which asks no host but the server for anything, and shut down the
kernel of a page that is gone (closed without saying goodbye: no connection) once it has
been quiet for ``--cull-after`` seconds (default 900; 0 never).

``simulate`` knows the installed games and their settings from the plugins: ``GAME`` is any
of ``game_names()``, and ``--set NAME=VALUE`` is read by the game's settings schema
(``--set swap=false`` gives the bool False). Bad input (an unknown game, setting or bot, a
value the game refuses, an ``--out`` that cannot be written) is one line,
``lopti-nb simulate: <what is wrong>``, and exit status 2, before any game is played.
"""
from __future__ import annotations

import argparse
import json
import shlex
import os
import signal
import subprocess
import sys
from pathlib import Path

from .engine.core import LoptiNbError
from .engine.limits import shown
from .voila import CULL_AFTER, MAX_CULL_AFTER, MIN_CULL_AFTER

DASHBOARD_ENV = "LOPTI_NB_DASHBOARDS"
VOILA_ARGS_ENV = "LOPTI_NB_VOILA_ARGS"


def dashboards_dir() -> Path:
    """Where the dashboards live: ``$LOPTI_NB_DASHBOARDS``, the checkout's ``dashboards/``,
    or the copy shipped inside the package."""
    candidates = []
    if os.environ.get(DASHBOARD_ENV):
        candidates.append(Path(os.environ[DASHBOARD_ENV]))
    here = Path(__file__).resolve().parent
    candidates += [here.parent / "dashboards", here / "dashboards"]
    for path in candidates:
        if path.is_dir():
            return path
    raise SystemExit(f"No dashboards folder found (looked in {', '.join(map(str, candidates))}); "
                     f"set {DASHBOARD_ENV} to the folder.")


def list_dashboards(folder: Path | None = None) -> list[tuple[str, str]]:
    """``(file name, title)`` for each dashboard notebook; the title is its first heading."""
    folder = folder or dashboards_dir()
    out = []
    for nb in sorted(folder.glob("*.ipynb")):
        title = nb.stem.replace("_", " ")
        try:
            cells = json.loads(nb.read_text())["cells"]
            for cell in cells:
                if cell["cell_type"] == "markdown":
                    for line in "".join(cell["source"]).splitlines():
                        if line.startswith("#"):
                            title = line.lstrip("#").strip()
                            break
                    break
        except (ValueError, KeyError):
            pass
        out.append((nb.name, title))
    return out


# What a person reads where a part of a page failed to build (Voilà puts it after its own
# "There was an error when executing cell [n]."): a way on, not a traceback
CELL_FAILED = ("This part of the page could not be built. Reload the page to try again, or go back to the "
               "home page; if it keeps happening, the server's log says why.")


def voila_command(folder: Path, host: str, port: int, preheat: bool, theme: str = "light",
                  cull_after: int = CULL_AFTER, debug: bool = False) -> list[str]:
    """The Voilà command ``serve`` runs. A cell that fails shows a short sentence and a way on
    (:data:`CELL_FAILED`); with ``debug``, its traceback (for developers).

    >>> voila_command(Path("dashboards"), "127.0.0.1", 8866, preheat=False)[3]
    'dashboards'
    """
    from .voila import cull_args, voila_args

    # this Python's Voilà (and so its kernels), not whichever `voila` is first on PATH
    cmd = [sys.executable, "-m", "voila"]
    errors = (["--VoilaConfiguration.show_tracebacks=True"] if debug
              else ["--VoilaConfiguration.show_tracebacks=False", f"--VoilaExecutor.cell_error_instruction={CELL_FAILED}"])
    cmd += [str(folder), "--no-browser", f"--port={port}", f"--Voila.ip={host}",
            *errors, *voila_args(theme), *cull_args(cull_after)]
    if preheat:
        # a kernel per dashboard runs the notebook ahead of the first visit. That is right for
        # these dashboards because none reads the request (no voila.utils.get_query_string or
        # wait_for_request, no VOILA_REQUEST_URL): a preheated run is the run a visit would
        # make. A visit asking for the other theme (?theme=) is rendered with a fresh kernel.
        cmd += ["--preheat_kernel=True", "--pool_size=1"]
    else:
        # cells' outputs reach the page as they finish: a dashboard's controls show while its
        # charts are still being built (Voilà cannot combine this with preheating)
        cmd += ["--progressive_rendering=True"]
    # any other Voilà options, e.g. LOPTI_NB_VOILA_ARGS="--theme=dark"
    cmd += shlex.split(os.environ.get(VOILA_ARGS_ENV, ""))
    return cmd


def cmd_serve(args) -> int:
    folder = dashboards_dir()
    cmd = voila_command(folder, args.host, args.port, args.preheat, args.theme, args.cull_after, args.debug)
    from .dashboard_parts.offline import warm_cache

    warm_cache()  # the offline chart bundle, built once instead of on every page visit
    print(f"Serving the lopti_nb dashboards at http://{args.host}:{args.port}/ (the front page: "
          f"every dashboard with a picture; {args.theme} theme, add ?theme=dark or ?theme=light "
          f"to a page's address)", flush=True)
    for name, title in list_dashboards(folder):
        print(f"  {title}: http://{args.host}:{args.port}/voila/render/{name}", flush=True)
    return run_voila(cmd)


def cmd_voila(args) -> int:
    """Voilà with the arguments given, and the package's template (unless one is named)."""
    from .voila import cull_args, voila_args

    extra = list(args.voila_args)
    ours = [a for a in voila_args() + cull_args() if not any(e.split("=")[0] == a.split("=")[0] for e in extra)]
    return run_voila([sys.executable, "-m", "voila", *ours, *extra])


def run_voila(cmd: list[str]) -> int:
    """Run Voilà (``cmd``) with the package's template on the Jupyter path, until it stops."""
    from .voila import voila_env

    proc = subprocess.Popen(cmd, env=voila_env())

    def forward(signum, frame):  # stopping this command stops Voilà (and its kernels) too
        proc.send_signal(signum)

    previous = signal.signal(signal.SIGTERM, forward)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)


def cmd_list(args) -> int:
    for name, title in list_dashboards():
        print(f"{name:32} {title}")
    return 0


MAX_PATH = 4096  # characters of an --out file name


class BadInput(LoptiNbError):
    """What ``lopti-nb simulate`` was given cannot be used (said in one sentence)."""


def check_out(out: str) -> Path:
    """The CSV file to write, checked before any game is played: not a folder, in a folder
    that exists and may be written to."""
    if "\x00" in out or len(out) > MAX_PATH:
        raise BadInput(f"--out is a file name of at most {MAX_PATH} characters, without NUL.")
    try:
        return _check_out(out)
    except OSError as exc:  # a name the system refuses (too long a part, say)
        raise BadInput(f"--out {shown(out, 60)} cannot be written: "
                       f"{exc.strerror or type(exc).__name__}.") from None


def _check_out(out: str) -> Path:
    path = Path(out)
    if out.endswith(("/", os.sep)) or path.is_dir():
        raise BadInput(f"--out {out} is a folder; give a file name, e.g. {path / 'results.csv'}.")
    folder = path.parent
    if not folder.exists():
        raise BadInput(f"--out {out}: the folder {folder} does not exist.")
    if not folder.is_dir():
        raise BadInput(f"--out {out}: {folder} is not a folder.")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise BadInput(f"--out {out} cannot be written here (no permission).")
    return path


def parse_settings(game: str, items: list[str]) -> dict:
    """``--set NAME=VALUE`` items as settings, each value read by the game's schema."""
    from .engine import get_spec

    spec = get_spec(game)
    settings = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise BadInput(f"--set takes NAME=VALUE, not {shown(item, 40)}.")
        if key in settings:
            raise BadInput(f"--set {shown(key, 40)} is given twice; give each setting once.")
        settings[key] = spec.schema.parse_text(key, value)
    return settings


def cmd_simulate(args) -> int:
    from . import simulate

    bots = args.bots[0] if args.bots and len(args.bots) == 1 else args.bots
    try:
        # everything the user typed is checked before the first game is played
        out = check_out(args.out) if args.out else None
        settings = parse_settings(args.game, args.set or [])
        df = simulate(args.game, n=args.games, seed=args.seed, players=args.players, bots=bots,
                      progress=not args.quiet, workers=args.workers, batch=args.batch, **settings)
    except ValueError as exc:  # BadInput and the engine's LoptiNbError (all ValueErrors)
        print(f"lopti-nb simulate: {_one_line(exc)}", file=sys.stderr)
        return 2
    if out is None:
        df.to_csv(sys.stdout, index=False)
        return 0
    try:
        df.to_csv(out, index=False)
    except OSError as exc:  # the disk said no after all (full, removed meanwhile)
        print(f"lopti-nb simulate: could not write {out}: {exc.strerror or exc}.", file=sys.stderr)
        return 1
    print(f"Wrote {len(df)} rows ({args.games} games) to {out}")
    return 0


def _one_line(exc: Exception) -> str:
    from .engine.limits import cut

    return cut(" ".join(str(exc).split()) or type(exc).__name__)


def _seconds(text: str) -> int:
    """A whole number of seconds for ``--cull-after``: 0 (never) or MIN_CULL_AFTER to MAX_CULL_AFTER."""
    try:
        value = int(text) if len(text) <= 12 else -1
    except ValueError:
        value = -1
    if not (value == 0 or MIN_CULL_AFTER <= value <= MAX_CULL_AFTER):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a usable number of seconds: give 0 (never) "
                                         f"or {MIN_CULL_AFTER} to {MAX_CULL_AFTER}")
    return value


class _Parser(argparse.ArgumentParser):
    """Usage mistakes as one line (``lopti-nb simulate: ...``), exit status 2."""

    def error(self, message: str):
        from .engine.limits import cut

        self.exit(2, cut(f"{self.prog}: {message}") + "\n")


def _settings_help() -> str:
    from .engine import all_specs

    lines = ["game settings (--set NAME=VALUE):"]
    for spec in all_specs():
        named = [f"{s.name}={'JSON' if s.kind == 'data' else s.allowed()}" for s in spec.schema]
        lines.append(f"  {spec.name}: {'; '.join(named) or 'none'}")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    from .engine import game_names

    parser = _Parser(prog="lopti-nb", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    serve = sub.add_parser("serve", help="serve the dashboards with Voila")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8866)
    serve.add_argument("--preheat", action="store_true", help="keep a kernel warm for the first visit")
    serve.add_argument("--theme", choices=("light", "dark"), default="light",
                       help="the pages' colours (default light; a page's ?theme= chooses too)")
    serve.add_argument("--cull-after", type=_seconds, default=CULL_AFTER, metavar="SECONDS",
                       help=f"shut down the kernel of a page that is gone (closed, no connection) once it "
                            f"has been quiet this many seconds, {MIN_CULL_AFTER} to {MAX_CULL_AFTER}; 0: never "
                            f"(default {CULL_AFTER})")
    serve.add_argument("--debug", action="store_true",
                       help="show a failing cell's Python traceback on the page (for developers; by default a "
                            "person sees a short sentence and a way on)")
    serve.set_defaults(func=cmd_serve)

    voila = sub.add_parser("voila", help="run Voila with the package's own (offline) template",
                           prefix_chars="\0")
    voila.add_argument("voila_args", nargs=argparse.REMAINDER, help="Voila's own arguments")
    voila.set_defaults(func=cmd_voila)

    lst = sub.add_parser("list", help="list the dashboards")
    lst.set_defaults(func=cmd_list)

    sim = sub.add_parser("simulate", help="simulate games with bots and write a CSV",
                         epilog=_settings_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    sim.add_argument("game", help=f"the game: {', '.join(game_names())}")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--out", help="CSV file to write (default: standard output)")
    sim.add_argument("--players", type=int, help="players at the table (default: the game's)")
    sim.add_argument("--seed", type=int, default=0, help="the run's seed: the same seed, the same games")
    sim.add_argument("--bots", nargs="+", help="one bot name for all seats, or one per seat")
    sim.add_argument("--set", action="append", metavar="NAME=VALUE",
                     help="a game setting (repeatable); the game's settings are listed below")
    sim.add_argument("--workers", type=int, metavar="K", help="play on K local processes (same rows)")
    sim.add_argument("--batch", action="store_true",
                     help="play many games at a time in the game's batch simulator (the same "
                          "columns; refused for a game, bots or settings it does not play)")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(func=cmd_simulate)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help, or a usage mistake already printed in one line
        return exc.code if isinstance(exc.code, int) else 0
    return args.func(args)


if __name__ == "__main__":
    raise SystemExit(main())
