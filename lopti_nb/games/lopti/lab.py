"""The motion lab: what a motion does to the game, seen in paired simulations before a table votes.

:func:`motion_lab` plays short sessions of Lopti with bots twice, on the same seeds: once
with the motion in force and once without it. Both sides of a pair are dealt the same
cards, so what differs comes from the motion (and from what it sets off later in the
session). Its findings (:class:`~lopti_nb.analysis.findings.Finding`) say how the motion
changes round length, each seat's chance to win a round by its place beside the motion's
author, pickups under a 3 duty, clears and pickups, each with its 95% interval, counted by
session (the rounds of one session follow each other, so they are not independent).

How a lab session is played (the project's reading, stated where the lab shows its results):

* The motion was written by the winner of the round before the lab's first round: that
  seat is *the author*. It leads the first round (the previous winner leads, rules
  reference §1.6); the deal passes clockwise each round; every later round is led by the
  previous round's winner (the dealer after a stalemate), on each side of the pair.
* The rounds are the session's rounds 2, 3, ... (the motion was written after round 1), so
  a motion that acts in even rounds or from the third round on has rounds to act in.
* The author is seat ``k % players`` in lab session ``k`` and the first dealer seat
  ``(k // players) % players``, so over ``players * players`` sessions each pair of author
  and dealer seats comes up once.
* Each round is one game of the engine's own runner: round ``r`` of lab session ``k`` is
  game 0 of the run seeded :func:`round_seed` ``(seed, k, r)``, dealt and played as
  ``lopti_nb.simulate("lopti", n=1, seed=round_seed(seed, k, r), dealer=..., leader=...)``
  plays it, with the motion running in a :class:`~.motions.MotionLoptiState` on the
  motion's side.
* Rounds stopped at the turn cap (nobody out) are counted apart, not averaged in at the
  cap's length.

    >>> lab = motion_lab("ace_tax", sessions=4, rounds=1, progress=False)
    >>> lab.findings[0].key
    'length.turns'
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import pandas as pd

from ...engine import SettingsError, game_seeds, get_spec, plural
from ...engine.limits import shown
from ...engine.runner import play_out
from ...engine.settings import whole
from .motions import HookRunner, Motion, MotionError

MAX_SESSIONS = 5_000
MAX_ROUNDS = 10
DEFAULT_SESSIONS = 100
DEFAULT_ROUNDS = 3
FIRST_ROUND = 2  # the motion was written after round 1
ARMS = ("with", "without")
#: the roles of the seats, as the findings name them (key, words)
ROLES = (("author", "the author (the seat that wrote the motion)"),
         ("next", "the seat after the author"),
         ("others", "each other seat"))


def round_seed(seed: Any, session: int, round_no: int) -> str:
    """The run seed of round ``round_no`` of lab session ``session`` (the round is game 0 of
    that run, on both sides of the pair).

        >>> round_seed(0, 3, 2)
        'motion lab 0: session 3, round 2'
    """
    return f"motion lab {seed}: session {session}, round {round_no}"


def as_motion(motion: Any) -> Motion:
    """``motion`` as a :class:`~.motions.Motion`: a Motion as it is, a ready motion's key
    (``"ace_tax"``) or a motion as data (a dict, ``Motion.from_data``: the constitution's
    refusal is raised as it is). Anything else raises :class:`~.motions.MotionError`, a
    ``ValueError``."""
    from .library import LIBRARY, library_motion

    if isinstance(motion, Motion):
        return motion
    if isinstance(motion, str):
        return library_motion(motion)
    if isinstance(motion, dict):
        return Motion.from_data(motion)
    raise MotionError(f"the lab takes a motion or a ready motion's key ({', '.join(list(LIBRARY)[:3])}, ...), "
                      f"not {shown(motion)}")


def motion_name(motion: Motion) -> str:
    """How the findings name a motion: its title, or the start of its words."""
    title = motion.title or motion.text
    return title if len(title) <= 60 else title[:57].rstrip() + "..."


def _check(players: Any, sessions: Any, rounds: Any, bots: Any) -> tuple[int, int, int, str]:
    spec = get_spec("lopti")
    players = spec.check_players(players)
    sessions = whole(sessions, "sessions")
    if not 1 <= sessions <= MAX_SESSIONS:
        raise SettingsError(f"sessions must be from 1 to {MAX_SESSIONS:,}, not {shown(sessions)}.")
    rounds = whole(rounds, "rounds")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise SettingsError(f"rounds must be from 1 to {MAX_ROUNDS}, not {shown(rounds)}.")
    if not isinstance(bots, str) or bots not in spec.bots:
        raise SettingsError(f"bots is one of Lopti's bots ({', '.join(spec.bots)}), not {shown(bots)}.")
    return players, sessions, rounds, bots


def play_round(players: int, seed: str, dealer: int, leader: int, motion: Motion | None,
               round_no: int, bots: str = "heuristic"):
    """One lab round, played to its end: game 0 of the run seeded ``seed`` (dealt and played as
    ``simulate`` plays it), with ``motion`` in force (``None``: the base game)."""
    from .rounds import new_round

    spec = get_spec("lopti")
    game_seed, bot_seed = game_seeds(seed, 0)
    hooks = None if motion is None else HookRunner([motion], round_no=round_no)
    state = new_round(players, game_seed, hooks=hooks, dealer=dealer, leader=leader)
    play_out(state, [spec.make_bot(bots) for _ in range(players)], random.Random(bot_seed))
    return state


def _round_row(state, session: int, round_no: int, arm: str, author: int) -> dict:
    players = state.num_players
    result = state.result
    winner = next((s for s in range(players) if result.places[s] == 1), None) if not result.stalemate else None
    others = [s for s in range(players) if s not in (author, (author + 1) % players)]
    return {
        "session": session, "round": round_no, "arm": arm, "author": author,
        "dealer": state.dealer, "leader": state.leader, "turns": int(state.turns),
        "capped": bool(result.stalemate), "winner": -1 if winner is None else int(winner),
        "author_won": winner == author, "next_won": winner == (author + 1) % players,
        # each other seat's share: the others' wins spread over their seats
        "others_won": (sum(winner == s for s in others) / len(others)) if others else float("nan"),
        "duty_pickups": int(sum(state.duty_pickups)), "clears": int(sum(state.clears)),
        "pickups": int(sum(state.pickups)),
        "motion_events": sum(1 for e in state.events if type(e).__name__.startswith("Motion")),
    }


def lab_rounds(motion: Motion, players: int, sessions: int, rounds: int, seed: Any, bots: str,
               on_session: Callable[[int, int], None] | None = None) -> pd.DataFrame:
    """The lab's rounds: one row per session, round and side (``arm``: ``"with"`` or
    ``"without"`` the motion). ``on_session(done, total)`` is called after each session."""
    rows = []
    for k in range(sessions):
        author, first_dealer = k % players, (k // players) % players
        for arm in ARMS:
            leader, dealer = author, first_dealer
            for j in range(rounds):
                r = FIRST_ROUND + j
                state = play_round(players, round_seed(seed, k, r), dealer, leader,
                                   motion if arm == "with" else None, r, bots)
                rows.append(_round_row(state, k, r, arm, author))
                winner = rows[-1]["winner"]
                dealer = (dealer + 1) % players
                leader = dealer if winner < 0 else winner
        if on_session is not None:
            on_session(k + 1, sessions)
    return pd.DataFrame(rows)


def paired_rounds(rounds: pd.DataFrame) -> pd.DataFrame:
    """The lab's rounds side by side: one row per session and round, each measure twice
    (``turns_with``, ``turns_without``, ...)."""
    keys = ["session", "round", "author"]
    w = rounds[rounds["arm"] == "with"].drop(columns="arm")
    o = rounds[rounds["arm"] == "without"].drop(columns="arm")
    return w.merge(o, on=keys, how="inner", suffixes=("_with", "_without"), validate="one_to_one")


# -- findings -----------------------------------------------------------------------------------------
def lab_findings(rounds: pd.DataFrame, name: str) -> list:
    """The lab's findings from its rounds (:func:`lab_rounds`), ``name`` naming the motion."""
    from lopti_nb.analysis.findings import Finding, compare_means, pct, proportion

    pairs = paired_rounds(rounds)
    quoted = f"\u201c{name}\u201d"
    other = "on the same deals without it"
    out: list[Finding] = []

    def paired(key, col, rows, what, above, below, measure, scale=1.0, digits=1, same=None):
        part = pairs[rows] if rows is not None else pairs
        return compare_means(key, scale * part[f"{col}_with"].astype(float),
                             scale * part[f"{col}_without"].astype(float), what, other, above, below,
                             unit="rounds", paired=True, digits=digits, measure=measure, same=same,
                             clusters=part["session"].astype(str).to_numpy(), counted_by="session")

    def with_tail(f: Finding, tail: str) -> Finding:
        return Finding(f.key, f.text[:-1] + tail + ".", f.estimate, f.lower, f.upper, f.n, f.unit,
                       f.direction, f.lead, f.extra)

    # round length, over the pairs that both ended by the rules
    capped_w, capped_o = pairs["capped_with"], pairs["capped_without"]
    ended = ~capped_w & ~capped_o
    left_out = int((~ended).sum())
    f = paired("length.turns", "turns", ended, f"With {quoted} in force rounds (turns of all players "
               f"together) are", "longer", "shorter", "turns",
               same=f"With {quoted} in force every round lasted exactly as long as the same deal without it")
    out.append(with_tail(f, f"; {plural(left_out, 'pair')} of rounds with a round stopped at the turn cap "
                            f"left out" if left_out else "; no round was stopped at the turn cap"))
    f = paired("length.capped", "capped", None, f"With {quoted} in force a round is stopped at the turn cap",
               "more often", "less often", "percentage points", scale=100.0,
               same=f"With {quoted} in force as without it, the same rounds were stopped at the turn cap")
    out.append(with_tail(f, f"; stopped at the cap: {int(capped_w.sum()):,} of {plural(len(pairs), 'round')} "
                            f"with it, {int(capped_o.sum()):,} without"))
    # each seat's chance to win a round, by its place beside the author
    for role, words in ROLES:
        col = f"{role}_won"
        if pairs[f"{col}_with"].isna().all():
            continue  # two players: no other seat
        f = paired(f"win.{role}", col, None, f"With {quoted} in force {words} wins a round",
                   "more often", "less often", "percentage points", scale=100.0,
                   same=f"With {quoted} in force {words} won exactly the rounds it won without it")
        base = float(pairs[f"{col}_without"].mean())
        out.append(with_tail(f, f"; without it: {pct(base)} of rounds"))
    # what happens in a round, over the pairs that both ended by the rules
    for key, col, noun in (("duties", "duty_pickups", "pickups under a 3 duty"),
                           ("clears", "clears", "clears"), ("pickups", "pickups", "pickups of the pile")):
        f = paired(f"round.{key}", col, ended, f"With {quoted} in force, {noun} per round are",
                   "more frequent", "less frequent", noun, digits=2,
                   same=f"With {quoted} in force every round had as many {noun} as the same deal without it")
        out.append(f)
    # did it act at all?
    w = rounds[rounds["arm"] == "with"]
    fired = int((w["motion_events"] > 0).sum())
    from lopti_nb.analysis.findings import design_effect

    flags = (w["motion_events"] > 0).astype(float).to_numpy()
    deff = design_effect(flags, w["session"].astype(str).to_numpy())
    f = proportion("motion.fired", fired, len(w), f"Rounds in which {quoted} acted", unit="rounds",
                   deff=deff, games=int(w["session"].nunique()), counted_by="session")
    if fired == 0:
        f = Finding(f.key, f"{quoted} never acted in {plural(len(w), 'round')} (95% interval 0.0% to "
                           f"{f.upper:.1%} of rounds: it may act in a larger run).",
                    0.0, 0.0, f.upper, len(w), "rounds", "", False, f.extra)
    out.append(f)
    return out


# -- the chart ----------------------------------------------------------------------------------------
#: how the chart names each finding, and the panel (scale) it stands in
CHART_ROWS = {
    "length.turns": ("Round length", "turns per round"),
    "round.duties": ("Pickups under a 3 duty", "per round"),
    "round.clears": ("Clears", "per round"),
    "round.pickups": ("Pickups of the pile", "per round"),
    "length.capped": ("Stopped at the turn cap", "percentage points of rounds"),
    "win.author": ("The author wins", "percentage points of rounds"),
    "win.next": ("The seat after the author wins", "percentage points of rounds"),
    "win.others": ("Each other seat wins", "percentage points of rounds"),
}
SHIFTS = ["lower with the motion", "cannot be told apart", "higher with the motion", "no difference"]


def chart_frame(findings: Sequence) -> pd.DataFrame:
    """The findings the chart draws: ``measure``, ``panel``, ``difference``, ``low``, ``high``
    and ``shift`` (higher or lower with the motion only where the interval leaves out 0)."""
    from lopti_nb.analysis.findings import UNCLEAR

    rows = []
    for f in findings:
        if f.key not in CHART_ROWS:
            continue
        measure, panel = CHART_ROWS[f.key]
        if f.direction in (UNCLEAR, "no difference"):
            shift = f.direction
        else:
            shift = SHIFTS[2] if f.estimate > 0 else SHIFTS[0]
        rows.append({"measure": measure, "panel": panel, "difference": f.estimate, "low": f.lower,
                     "high": f.upper, "shift": shift})
    return pd.DataFrame(rows, columns=["measure", "panel", "difference", "low", "high", "shift"])


LABELS = 185  # the measures' names left of each panel (at most 150 px), their ticks and padding


def lab_chart(findings: Sequence, name: str, width: int | None = None):
    """Each finding's difference (with the motion minus without) as a dot on its 95% interval,
    one panel per scale, 0 marked; coloured by what the interval allows. ``width``: the
    pixels the chart may take (names included), else each panel is 150 px wide."""
    import altair as alt

    from lopti_nb.analysis.charts import INK, OKABE_ITO

    data = chart_frame(findings)
    colours = alt.Scale(domain=SHIFTS, range=[OKABE_ITO[0], "#888888", OKABE_ITO[5], "#BBBBBB"])
    panels = []
    for panel in dict.fromkeys(data["panel"]):
        part = data[data["panel"] == panel]
        order = list(part["measure"])
        base = alt.Chart(part).encode(
            y=alt.Y("measure:N", sort=order, title=None, axis=alt.Axis(labelLimit=150)),
            tooltip=[alt.Tooltip("measure:N"), alt.Tooltip("difference:Q", format="+.2f"),
                     alt.Tooltip("low:Q", title="95% low", format="+.2f"),
                     alt.Tooltip("high:Q", title="95% high", format="+.2f"), alt.Tooltip("shift:N")])
        rule = base.mark_rule(strokeWidth=2).encode(
            x=alt.X("low:Q", title=f"Difference, {panel}"), x2="high:Q",
            color=alt.Color("shift:N", scale=colours, title="With the motion",
                            legend=alt.Legend(orient="bottom", columns=1)))
        dot = base.mark_point(filled=True, size=60).encode(x="difference:Q", color=alt.Color("shift:N", scale=colours))
        zero = alt.Chart(pd.DataFrame({"x": [0.0]})).mark_rule(color=INK, strokeDash=[3, 2]).encode(x="x:Q")
        plot = 150 if width is None else max(120, width - LABELS)
        panels.append(alt.layer(zero, rule, dot).properties(width=plot, height=24 * len(part) + 10))
    return alt.vconcat(*panels, spacing=18).properties(
        title=alt.TitleParams(f"What \u201c{name}\u201d changes",
                              subtitle=["with the motion minus without, on the same deals;",
                                        "lines: 95% interval"], anchor="start"))


# -- the result ---------------------------------------------------------------------------------------
@dataclass
class MotionLab:
    """What :func:`motion_lab` found: ``findings`` (a list of
    :class:`~lopti_nb.analysis.findings.Finding`), ``rounds`` (one row per session, round and
    side of the pair), and how it was run. In a notebook it draws itself as a widget: the
    findings as sentences and a chart of the differences with their 95% intervals."""

    motion: Motion
    players: int
    sessions: int
    rounds_per_session: int
    seed: Any
    bots: str
    rounds: pd.DataFrame
    findings: list = field(default_factory=list)
    seconds: float = 0.0

    @property
    def name(self) -> str:
        return motion_name(self.motion)

    def finding(self, key: str):
        """The finding called ``key`` (``"win.author"``, ``"length.turns"``...)."""
        for f in self.findings:
            if f.key == key:
                return f
        raise SettingsError(f"there is no finding {shown(key)}; the findings are: "
                            f"{', '.join(f.key for f in self.findings)}")

    def frame(self) -> pd.DataFrame:
        """The findings as a table (``lopti_nb.analysis.findings_frame``)."""
        from lopti_nb.analysis.findings import findings_frame

        return findings_frame(self.findings)

    def describe(self) -> str:
        """How the lab was run, in one sentence."""
        return (f"{plural(self.sessions, 'session')} of {plural(self.rounds_per_session, 'round')} with "
                f"{self.players} bots ({self.bots}), each played twice on the same deals: with the motion "
                f"in force and without it. The author won the round before, so leads the first; "
                f"rounds stopped at the turn cap are counted apart.")

    def chart(self, width: int | None = None):
        """The differences with their 95% intervals (an Altair chart; ``width``: the pixels it
        may take)."""
        return lab_chart(self.findings, self.name, width)

    def markdown(self) -> str:
        from lopti_nb.analysis.findings import findings_markdown

        return findings_markdown(self.findings, heading=f"What \u201c{self.name}\u201d does") + \
            f"\n\n{self.describe()}"

    def widget(self):
        """The lab's results as a widget: the findings as sentences and the chart."""
        # the widget is the game's presentation, which builds on this module: the plugin names it
        return get_spec("lopti").load("lab_result")(self)

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        """In a notebook: the widget (:meth:`widget`); where widgets cannot be drawn (a saved
        notebook on a website), the findings as HTML (a motion's words escaped, as text)."""
        from lopti_nb.widgets.lab import findings_html

        bundle = {"text/plain": repr(self),
                  "text/html": findings_html(self.findings, f"What \u201c{self.name}\u201d does")}
        view = self.widget()._repr_mimebundle_(include=include, exclude=exclude)
        if isinstance(view, dict):
            bundle.update({k: v for k, v in view.items() if k != "text/plain"})
        return bundle

    def __repr__(self) -> str:
        return (f"MotionLab({self.name!r}, players={self.players}, sessions={self.sessions}, "
                f"rounds={self.rounds_per_session}, seed={self.seed!r}: {len(self.findings)} findings)")


def motion_lab(motion: Motion | str, players: int = 4, sessions: int = DEFAULT_SESSIONS, seed: Any = 0,
               rounds: int = DEFAULT_ROUNDS, bots: str = "heuristic", progress: bool = True,
               on_progress: Callable[[int, int], None] | None = None) -> MotionLab:
    """See what ``motion`` does before the table votes: paired simulations of ``sessions``
    short sessions of ``rounds`` rounds each, played by ``bots`` with and without the motion
    on the same seeds. Returns a :class:`MotionLab` whose ``findings`` state how the motion
    changes round length (rounds stopped at the turn cap counted apart), the chance to win a
    round of the author, the seat after the author and each other seat, and pickups under a
    3 duty, clears and pickups per round, each with its 95% interval counted by session.

    ``motion``: a :class:`~lopti_nb.games.lopti.Motion`, a ready motion's key or a motion as
    data (``Motion.from_data``'s dict). ``seed``:
    the same arguments give the same rounds. ``progress``: a progress bar while it runs (in
    a notebook). ``on_progress(done, total)``: called after each session (a dashboard's bar).
    Bad arguments raise a ``ValueError`` subclass and nothing runs::

        lab = lopti_nb.motion_lab("ace_tax", players=4, sessions=100)
        lab                          # in a notebook: the findings and a chart
        lab.finding("win.author").text
        lab.rounds                   # one row per session, round and side of the pair
    """
    import time

    from lopti_nb.analysis.progress import progress_reporter

    m = as_motion(motion)
    players, sessions, rounds, bots = _check(players, sessions, rounds, bots)
    if not isinstance(progress, bool):
        raise SettingsError(f"progress must be True or False, not {shown(progress)}.")
    if on_progress is not None and not callable(on_progress):
        raise SettingsError(f"on_progress is a function of (done, total), not {shown(on_progress)}.")
    # the seed is checked as the engine's runner checks a run's seed (a number or a short text)
    from ...engine.runner import Run

    Run("lopti", 1, seed, players)
    started = time.perf_counter()
    with progress_reporter(sessions, "Sessions played", progress, on_progress, "sessions") as tick:
        table = lab_rounds(m, players, sessions, rounds, seed, bots, tick)
    lab = MotionLab(m, players, sessions, rounds, seed, bots, table)
    lab.findings = lab_findings(table, lab.name)
    lab.seconds = time.perf_counter() - started
    return lab


def ready_motions_by_role(players: int = 4, sessions: int = 40, seed: Any = 0, rounds: int = DEFAULT_ROUNDS,
                          motions: Sequence[str] | None = None, bots: str = "heuristic") -> pd.DataFrame:
    """Each ready motion's effect on the chance to win a round, by role, from the motion lab:
    a tidy frame with ``motion``, ``role`` (``"author"``, ``"next"``, ``"others"``),
    ``difference`` (percentage points, with the motion minus without), ``low`` and ``high``
    (its 95% interval, counted by session), ``direction`` (of that interval alone), ``rounds``,
    ``sessions`` and ``p`` (its two-sided p-value, before any correction for the many motions
    and roles tested). ``motions``: ready motions' keys (default: every one).

        >>> ready_motions_by_role(sessions=2, rounds=1, motions=["ace_tax"])["role"].tolist()
        ['author', 'next', 'others']
    """
    from lopti_nb.analysis.findings import p_value

    from .library import LIBRARY

    names = list(LIBRARY) if motions is None else list(motions)
    rows = []
    for name in names:
        lab = motion_lab(name, players=players, sessions=sessions, seed=seed, rounds=rounds, bots=bots,
                         progress=False)
        for role, _ in ROLES:
            try:
                f = lab.finding(f"win.{role}")
            except KeyError:
                continue
            rows.append({"motion": name, "role": role, "difference": f.estimate, "low": f.lower,
                         "high": f.upper, "direction": f.direction, "rounds": f.n,
                         "sessions": f.extra.get("games") or sessions, "p": p_value(f)})
    return pd.DataFrame(rows, columns=["motion", "role", "difference", "low", "high", "direction", "rounds",
                                       "sessions", "p"])


def ready_motions_by_role_findings(frame: pd.DataFrame) -> list:
    """The findings of :func:`ready_motions_by_role`'s frame (keys ``roles.*``): the motions
    that changed no round's winner, each motion and role whose 95 % interval leaves out 0
    (``roles.<motion>.<role>``), the rest as one sentence that cannot tell them apart (with
    how many rounds a change the size of their median would take), and how
    many intervals would leave out 0 by chance alone if no motion moved any chance.

        >>> found = ready_motions_by_role_findings(ready_motions_by_role(sessions=2, rounds=1, motions=["ace_tax"]))
        >>> [f.key for f in found][-1]
        'roles.chance'
    """
    from lopti_nb.analysis.findings import UNCLEAR, Z, Finding, critical, games_needed, holm_adjusted, num

    words = dict(ROLES)
    out: list[Finding] = []
    if frame.empty:
        return out
    motions = list(dict.fromkeys(frame["motion"]))
    per = int(frame["rounds"].max())
    each = f"{plural(per, 'round')} each, counted by session"

    def quoted(names: Sequence[str]) -> str:
        return ", ".join(f"\u201c{m}\u201d" for m in names)

    same = [m for m in motions if (frame.loc[frame["motion"] == m, "direction"] == "no difference").all()]
    if same:
        out.append(Finding("roles.unchanged", f"With any of {plural(len(same), 'ready motion')} in force "
                           f"({quoted(same)}) every seat won exactly the rounds it won on the same deals "
                           f"without it ({each}).", 0.0, 0.0, 0.0, per, "rounds", "no difference"))
    rest = frame[~frame["motion"].isin(same)].copy()
    # every motion and role is one comparison of one family: corrected together (Holm), so
    # that a motion is said to move a seat's chance only when it survives the many tested
    tested = len(rest)
    rest["p_holm"] = holm_adjusted(rest["p"].fillna(1.0).to_numpy()) if "p" in rest.columns else 1.0
    alone = ~rest["direction"].isin([UNCLEAR, "no difference"])
    told = rest[alone & (rest["p_holm"] < 0.05)]
    withdrawn = rest[alone & (rest["p_holm"] >= 0.05)]
    for row in told.itertuples():
        out.append(Finding(f"roles.{row.motion}.{row.role}",
                           f"With \u201c{row.motion}\u201d in force {words[row.role]} wins a round "
                           f"{row.direction} than on the same deals without it: {num(row.difference, sign=True)} "
                           f"percentage points (95% interval {num(row.low, sign=True)} to "
                           f"{num(row.high, sign=True)}; {plural(int(row.rounds), 'round')}, counted by session; "
                           f"Holm-adjusted p {row.p_holm:.3f} over {plural(tested, 'comparison')}).",
                           float(row.difference), float(row.low), float(row.high), int(row.rounds), "rounds",
                           str(row.direction)))
    for row in withdrawn.itertuples():
        out.append(Finding(f"roles.{row.motion}.{row.role}",
                           f"With \u201c{row.motion}\u201d in force {words[row.role]} wins a round "
                           f"{num(row.difference, sign=True)} percentage points {row.direction} on its own "
                           f"interval ({num(row.low, sign=True)} to {num(row.high, sign=True)}; "
                           f"{plural(int(row.rounds), 'round')}, counted by session), but not once corrected "
                           f"for the {plural(tested, 'comparison')} tested (Holm-adjusted p {row.p_holm:.3f}): "
                           "withdrawn: it cannot be told apart from chance.",
                           float(row.difference), float(row.low), float(row.high), int(row.rounds), "rounds",
                           UNCLEAR))
    unclear = rest[rest["direction"] == UNCLEAR]
    if len(unclear):
        z = critical(int(unclear["sessions"].min())) if "sessions" in unclear.columns else Z
        stderr = float(((unclear["high"] - unclear["low"]) / (2 * z)).median())
        typical = float(unclear["difference"].abs().median())
        need = games_needed(per, stderr, typical)
        widest = float(((unclear["high"] - unclear["low"]) / 2).max())
        out.append(Finding("roles.unclear",
                           f"For the other {plural(len(unclear), 'pair')} of a motion and a seat the change in "
                           f"that seat's chance to win a round cannot be told apart from none at this size "
                           f"({each}; the widest 95% interval reaches {num(widest)} percentage points either "
                           f"side of its estimate); telling a change the size of the median one seen here "
                           f"({num(typical or stderr)} percentage points) apart would take about {need:,} "
                           f"rounds per motion.",
                           None, None, None, per, "rounds", UNCLEAR))
    if tested:
        chance = tested / 20  # a 95 % interval leaves out the truth one time in twenty
        alone_n = int(alone.sum())
        leaving = "none leaves" if not alone_n else f"{alone_n:,} {'leaves' if alone_n == 1 else 'leave'}"
        out.append(Finding("roles.chance",
                           f"Of the {plural(tested, 'interval')} of the motions that changed some round's "
                           f"winner ({each}), {leaving} out 0 on its own; if no motion moved any seat's chance, "
                           f"about {num(chance)} would by chance alone. Corrected for the "
                           f"{plural(tested, 'comparison')} (Holm), {plural(len(told), 'difference')} "
                           f"{'holds' if len(told) == 1 else 'hold'}.",
                           float(len(told)), None, None, per, "rounds", "", False, {"tested": tested}))
    return out


def ready_motions_by_role_chart(frame: pd.DataFrame, title: str = "Ready-made motions and who wins the round",
                                subtitle: Sequence[str] | None = (
                                    "change in each seat's chance to win a round, with the motion minus without,",
                                    "on the same deals; lines: 95% interval counted by session")):
    """:func:`ready_motions_by_role`'s frame as a dot per motion and role on its 95 %
    interval, 0 (no change) marked. The motions stand in the frame's order (the library's)
    and the roles in :data:`ROLES`' order, never ranked by their estimates (that order would
    be noise)."""
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, INK, WIDTH, category_scale, chart_title

    labels = {"author": "the author", "next": "the seat after the author", "others": "each other seat"}
    data = frame.assign(seat=frame["role"].map(labels))
    order = list(dict.fromkeys(data["motion"]))
    roles = [labels[r] for r, _ in ROLES if r in set(frame["role"])]
    base = alt.Chart(data).encode(
        y=alt.Y("motion:N", title="Motion in force", sort=order),
        yOffset=alt.YOffset("seat:N", sort=roles),
        color=alt.Color("seat:N", title="Seat", sort=roles, scale=category_scale(roles),
                        legend=alt.Legend(orient="bottom", columns=1)),
        tooltip=[alt.Tooltip("motion:N"), alt.Tooltip("seat:N"),
                 alt.Tooltip("difference:Q", title="percentage points", format="+.1f"),
                 alt.Tooltip("low:Q", title="95% lower", format="+.1f"),
                 alt.Tooltip("high:Q", title="95% upper", format="+.1f"),
                 alt.Tooltip("direction:N"), alt.Tooltip("rounds:Q")])
    rule = base.mark_rule(strokeWidth=2).encode(
        x=alt.X("low:Q", title="Change in chance to win (percentage points)"), x2="high:Q")
    dot = base.mark_point(filled=True, size=40).encode(x="difference:Q")
    zero = alt.Chart(pd.DataFrame({"x": [0.0]})).mark_rule(color=INK, strokeDash=[3, 2]).encode(x="x:Q")
    return alt.layer(zero, rule, dot).properties(width=WIDTH, height=max(HEIGHT, 30 * len(order)),
                                                 title=chart_title(title, list(subtitle) if subtitle else None))


__all__ = ["motion_lab", "MotionLab", "ready_motions_by_role", "ready_motions_by_role_findings",
           "ready_motions_by_role_chart", "round_seed", "lab_rounds", "lab_findings", "paired_rounds", "ROLES"]
