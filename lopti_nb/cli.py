"""The ``lopti-nb`` command: serve the dashboards, list them, run simulations.

    lopti-nb serve [--port 8866] [--host 127.0.0.1] [--preheat]
    lopti-nb list
    lopti-nb simulate GAME --games N --out results.csv [--players P] [--seed S] [--bots NAME ...]

``serve`` runs this Python's Voilà on the dashboards folder (``$LOPTI_NB_DASHBOARDS`` or the
checkout's ``dashboards/``); extra Voilà options can be given in ``$LOPTI_NB_VOILA_ARGS``.
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


def voila_command(folder: Path, host: str, port: int, preheat: bool) -> list[str]:
    # this Python's Voilà (and so its kernels), not whichever `voila` is first on PATH
    cmd = [sys.executable, "-m", "voila"]
    cmd += [str(folder), "--no-browser", f"--port={port}", f"--Voila.ip={host}",
            "--VoilaConfiguration.show_tracebacks=True"]
    if preheat:
        # a kernel per dashboard runs the notebook ahead of the first visit
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
    cmd = voila_command(folder, args.host, args.port, args.preheat)
    from .dashboard_parts.offline import warm_cache

    warm_cache()  # the offline chart bundle, built once instead of on every page visit
    print(f"Serving the lopti_nb dashboards at http://{args.host}:{args.port}/", flush=True)
    for name, title in list_dashboards(folder):
        print(f"  {title}: http://{args.host}:{args.port}/voila/render/{name}", flush=True)
    proc = subprocess.Popen(cmd)

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


def cmd_simulate(args) -> int:
    from . import simulate

    bots = args.bots[0] if args.bots and len(args.bots) == 1 else args.bots
    settings = {}
    for item in args.set or []:
        key, _, value = item.partition("=")
        try:
            settings[key] = json.loads(value)
        except ValueError:
            settings[key] = value
    try:
        df = simulate(args.game, n=args.games, seed=args.seed, players=args.players, bots=bots,
                      progress=not args.quiet, **settings)
    except ValueError as exc:
        print(f"lopti-nb simulate: {exc}", file=sys.stderr)
        return 2
    if args.out:
        df.to_csv(args.out, index=False)
        print(f"Wrote {len(df)} rows ({args.games} games) to {args.out}")
    else:
        df.to_csv(sys.stdout, index=False)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="lopti-nb", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="serve the dashboards with Voila")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8866)
    serve.add_argument("--preheat", action="store_true", help="keep a kernel warm for the first visit")
    serve.set_defaults(func=cmd_serve)

    lst = sub.add_parser("list", help="list the dashboards")
    lst.set_defaults(func=cmd_list)

    sim = sub.add_parser("simulate", help="simulate games with bots and write a CSV")
    sim.add_argument("game", help="lopti, skull-king or drowned-ledger")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--out", help="CSV file to write (default: standard output)")
    sim.add_argument("--players", type=int)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--bots", nargs="+", help="one bot name for all seats, or one per seat")
    sim.add_argument("--set", action="append", metavar="KEY=VALUE", help="a game setting, e.g. scoring=rascal")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(func=cmd_simulate)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    raise SystemExit(main())
