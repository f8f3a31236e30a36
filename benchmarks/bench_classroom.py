"""A class under load: 40 scripted students in 4 processes report to one class on Redis while
the teacher's page refreshes; how long each refresh of the teacher's view takes.

    python3 benchmarks/bench_classroom.py [--students 40] [--processes 4] [--seconds 60]
                                          [--redis redis://host:6379/0] [--figure docs/classroom_load.svg]

Without ``--redis`` a redis-server of its own runs in a temporary folder (``appendonly yes``,
``appendfsync always``, as docs/ROOMS.md asks of a production one). The teacher opens the
class; each process joins its share of the students and then, for ``--seconds``, every student
reports what a student working through the lessons reports (a step every few seconds, quiz
answers, guided round moves, practice) at random moments, about one report each
``--every`` seconds, and looks at the class once a second (its presence), as the rules
classroom page does. Meanwhile this process refreshes the teacher's view once a second, as the
page does: :meth:`ClassTeacher.poll_once` (read what is new, progress and mistakes as
DataFrames, the grid and the most-missed list as HTML). It prints the refresh times (median,
95th percentile, largest; the first refresh of the fresh page on its own), the reports written, and the students' own report times, and with
``--figure`` draws the refresh times over the run (an SVG, offline).

The path measured is the one users call; nothing here is asserted (see benchmarks/README.md).
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

GAMES = {"lopti": 33, "skull-king": 25, "drowned-ledger": 28}  # steps in each game's lessons


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_redis(folder: str) -> tuple[subprocess.Popen, str]:
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server is not installed (Debian: apt-get install redis-server), or pass --redis")
    port = free_port()
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", folder, "--save", "",
                             "--appendonly", "yes", "--appendfsync", "always"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    import redis

    client = redis.Redis.from_url(url)
    for _ in range(200):
        try:
            client.ping()
            return proc, url
        except redis.RedisError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("redis-server did not answer")


def students(url: str, code: str, names: list[str], seconds: float, every: float, seed: int, out) -> None:
    """One process's students: join, then report and look at the class until the time is up."""
    from lopti_nb import classroom

    rng = random.Random(seed)
    joined = [classroom.join_class(code, name, store=url) for name in names]
    state = [{"game": rng.choice(list(GAMES)), "step": 1, "moves": 0} for _ in joined]
    times, reports = [], 0
    now = time.monotonic()
    end = now + seconds
    next_report = [now + rng.uniform(0, every) for _ in joined]
    next_look = [now + rng.uniform(0, 1.0) for _ in joined]
    while True:
        now = time.monotonic()
        if now >= end:
            break
        i = min(range(len(joined)), key=lambda k: min(next_report[k], next_look[k]))
        due = min(next_report[i], next_look[i])
        if due > now:
            time.sleep(due - now)
        s, me = joined[i], state[i]
        start = time.perf_counter()
        if next_report[i] <= next_look[i]:
            kind = rng.random()
            game = me["game"]
            if kind < 0.5:
                me["step"] = min(GAMES[game], me["step"] + 1)
                s.step(game, f"step{me['step']}", me["step"], GAMES[game])
            elif kind < 0.8:
                s.answer(game, "quiz", f"Question {rng.randrange(8) + 1} of the {game} quiz", rng.random() < 0.7)
            elif kind < 0.95:
                me["moves"] += 1
                s.guided_round(game, me["moves"], me["moves"] >= 12)
            else:
                s.practice(game, f"kind {rng.randrange(5)}", rng.random() < 0.6)
            reports += 1
            times.append(time.perf_counter() - start)
            next_report[i] = time.monotonic() + rng.expovariate(1.0 / every)
        else:
            s.refresh()
            next_look[i] = time.monotonic() + 1.0
    out.put({"reports": reports, "report_s": times})


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--every", type=float, default=3.0, help="seconds between a student's reports (mean)")
    parser.add_argument("--redis", default=None, help="a Redis URL (default: a redis-server of its own)")
    parser.add_argument("--figure", default=None, help="write the refresh times as an SVG chart here")
    parser.add_argument("--json", default=None, help="write the measurements here")
    args = parser.parse_args(argv)

    from lopti_nb import classroom
    from lopti_nb.dashboard_parts.class_teacher import ClassTeacher

    folder = tempfile.mkdtemp(prefix="lnb-class-bench-")
    proc = None
    try:
        url = args.redis
        if url is None:
            proc, url = start_redis(folder)
        teacher = classroom.open_class("Ms Rivera", store=url)
        page = ClassTeacher(store=url, start_timer=False)
        page.klass = teacher  # the page as it is once the class is open
        names = [f"Student {i + 1}" for i in range(args.students)]
        share = [names[k::args.processes] for k in range(args.processes)]
        ctx = mp.get_context("spawn")
        out = ctx.Queue()
        workers = [ctx.Process(target=students, args=(url, teacher.code, share[k], args.seconds, args.every, k, out))
                   for k in range(args.processes)]
        for w in workers:
            w.start()
        # the teacher's page: one refresh a second while the students work
        refresh, at = [], []
        start = time.monotonic()
        while any(w.is_alive() for w in workers) and time.monotonic() - start < args.seconds + 120:
            t0 = time.perf_counter()
            page.poll_once()
            refresh.append(time.perf_counter() - t0)
            at.append(time.monotonic() - start)
            time.sleep(max(0.0, 1.0 - (time.perf_counter() - t0)))
        results = [out.get(timeout=60) for _ in workers]
        for w in workers:
            w.join()
        frame = teacher.progress()
        seen_students = frame["name"].nunique()
        report_s = [x for r in results for x in r["report_s"]]
        reports = sum(r["reports"] for r in results)
        # all students joined and working; the first refresh is a fresh kernel's (it imports
        # pandas and reads each game's lesson titles once), reported on its own
        busy = [r for r, a in list(zip(refresh, at))[1:] if 5.0 <= a <= args.seconds]
        q = statistics.quantiles(busy, n=20) if len(busy) >= 20 else [max(busy)] * 19
        summary = {
            "students": args.students, "processes": args.processes, "seconds": args.seconds,
            "cores": os.cpu_count(), "load_average": round(os.getloadavg()[0], 1),
            "reports": reports, "reports_per_s": round(reports / args.seconds, 1),
            "students_in_progress": int(seen_students), "teacher_reports_read": teacher.reports,
            "first_refresh_s": round(refresh[0], 3),
            "refreshes": len(busy), "refresh_median_s": round(statistics.median(busy), 4),
            "refresh_p95_s": round(q[18], 4), "refresh_max_s": round(max(busy), 4),
            "report_median_s": round(statistics.median(report_s), 4),
            "report_p95_s": round(statistics.quantiles(report_s, n=20)[18], 4),
        }
        print(json.dumps(summary, indent=1))
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"summary": summary, "refresh_s": refresh, "at_s": at}, f)
        if args.figure:
            figure(args.figure, at, refresh, summary)
    finally:
        if proc is not None:
            proc.kill()
            proc.wait()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


def figure(path: str, at: list[float], refresh: list[float], summary: dict) -> None:
    """The teacher's refresh times over the run, in milliseconds, with the 1 s goal (SVG)."""
    import altair as alt
    import pandas as pd
    import vl_convert as vlc

    data = pd.DataFrame({"seconds into the run": at, "refresh (ms)": [r * 1000 for r in refresh]})
    title = (f"Teacher's view refresh with {summary['students']} students reporting "
             f"({summary['reports_per_s']} reports/s, {summary['processes']} processes, Redis, "
             f"{summary['cores']} cores)")
    points = alt.Chart(data).mark_line(point=True).encode(
        x=alt.X("seconds into the run:Q"), y=alt.Y("refresh (ms):Q", scale=alt.Scale(type="log")))
    goal = alt.Chart(pd.DataFrame({"goal": [1000]})).mark_rule(strokeDash=[4, 4], color="#c62828").encode(y="goal:Q")
    chart = (points + goal).properties(width=560, height=220, title=title)
    with open(path, "w") as f:
        f.write(vlc.vegalite_to_svg(chart.to_dict()))


if __name__ == "__main__":
    raise SystemExit(main())
