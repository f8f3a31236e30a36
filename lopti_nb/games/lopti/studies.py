"""Lopti's studies: the analysis columns, frames and charts that belong to this game.

A notebook imports them from here (``from lopti_nb.games.lopti.studies import duty_frame``);
they build on the generic analysis layer (:mod:`lopti_nb.analysis`), which names no game.
:func:`game_columns` is called by the plugin for every game ``play_games`` plays (in sweep
workers too), so this module imports neither Altair (the chart builders import it when
called) nor the session machinery (:func:`motion_length_frame` does).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import pandas as pd

from lopti_nb.analysis.frames import game_seeds, rate_frame
from lopti_nb.engine import plural

from . import events as ev
from .cards import THREE
# what the deal is worth and what skill adds: their own module, offered here with the rest
from .studies_deal import (deal_findings, deal_worth_chart, deal_worth_frame, deal_worth_summary,
                           seat_skill_frame, skill_findings)

if TYPE_CHECKING:
    import altair as alt

__all__ = [
    "seat_advantage_frame", "duty_frame", "motion_length_frame",
    "seat_advantage_chart", "duty_chart", "motion_effect_chart", "round_findings",
    "deal_worth_frame", "deal_worth_summary", "deal_worth_chart", "deal_findings",
    "seat_skill_frame", "skill_findings",
]


def game_columns(state) -> dict[str, Any]:
    """How a round of Lopti was decided: the per-game columns of ``play_games``'s games table
    (see ``duty_frame``)."""
    winner = state.winner
    last_pickup = None
    last_play_by = {}
    duty_pickups = 0
    for e in state.events:
        t = type(e)
        if t is ev.PickedUp:
            last_pickup = e
            duty_pickups += e.forced
        elif t is ev.Played:
            last_play_by[e.seat] = e
    out_play = last_play_by.get(winner) if winner is not None else None
    last_pickup_forced = bool(last_pickup is not None and last_pickup.forced)
    out_on_three = bool(out_play is not None and out_play.rank == THREE)
    return {
        "leader": state.leader,
        "dealer": state.dealer,
        "duty_pickups": duty_pickups,
        "last_pickup_forced": last_pickup_forced,
        "out_on_three": out_on_three,
        "duty_decided": last_pickup_forced or out_on_three,
    }


# -- frames -------------------------------------------------------------------------------------------
def seat_advantage_frame(seats: pd.DataFrame, games: pd.DataFrame | None = None) -> pd.DataFrame:
    """Win rate by seat, counted two ways: ``position="seat"`` (the absolute seat) and
    ``position="after leader"`` (seats clockwise from the player who leads: 0 is the leader).
    Columns ``players``, ``position``, ``place`` (0..players-1), ``n``, ``hits``,
    ``win_rate``, ``lower``, ``upper``, ``fair`` (1 / players). Stalemates count as no win."""
    df = seats.copy()
    if "leader" in df.columns and df["leader"].dtype == bool:
        lead = df[df["leader"]].groupby(["cell", "game"] if "cell" in df.columns else ["game"])["seat"].first()
        df = df.join(lead.rename("leader_seat"), on=["cell", "game"] if "cell" in df.columns else ["game"])
    elif games is not None:
        df = df.merge(games[["game", "leader"]].rename(columns={"leader": "leader_seat"}), on="game")
    else:
        raise ValueError("need a boolean 'leader' seat column or a games frame with 'leader'")
    df["after_leader"] = (df["seat"] - df["leader_seat"]) % df["players"]
    parts = []
    for position, col in (("seat", "seat"), ("after leader", "after_leader")):
        r = rate_frame(df, "won", ["players", col], name="win_rate").rename(columns={col: "place"})
        r.insert(1, "position", position)
        parts.append(r)
    out = pd.concat(parts, ignore_index=True)
    out["fair"] = 1 / out["players"]
    return out


def duty_frame(games: pd.DataFrame, by: str = "players") -> pd.DataFrame:
    """How often the 3 duty decides a round of Lopti, per ``by`` group, three ways:

    * ``any duty pickup``: someone had to take the pile under a 3 duty;
    * ``last pickup forced``: the last pile taken before the round ended was taken under a
      3 duty (the final swing of cards came from a 3);
    * ``winner out on a 3``: the winner's last play was a 3, passing the duty as they went.

    ``decided`` (either of the last two) is the headline measure. Long frame: ``by``,
    ``measure``, ``n``, ``hits``, ``rate``, ``lower``, ``upper``.
    """
    g = games[~games["stalemate"]].assign(any_duty=games["duty_pickups"] > 0)
    g["decided"] = g["last_pickup_forced"] | g["out_on_three"]
    names = {"any_duty": "any duty pickup", "last_pickup_forced": "last pickup forced",
             "out_on_three": "winner out on a 3", "decided": "decided by a 3 duty"}
    parts = []
    for col, label in names.items():
        r = rate_frame(g, col, by, name="rate")
        r.insert(1, "measure", label)
        parts.append(r)
    return pd.concat(parts, ignore_index=True)


def motion_length_frame(motions: Sequence[str] | None = None, sessions: int = 20, rounds: int = 3,
                        players: int = 4, seed: Any = 0, bots: str = "heuristic") -> pd.DataFrame:
    """The effect of ready-made motions (``lopti_nb.games.lopti.library``) on round length.

    For each motion and each of ``sessions`` seeded sessions, a
    session state (:meth:`~lopti_nb.games.lopti.session_game.LoptiSessionState.by_hand`) restores the motion at setup (all players
    approve), so it is in force from round one, and bots play ``rounds`` rounds (no new
    motions are written, so it is the only one). The same session seed without a motion is
    the paired baseline: round one is dealt identically, so its difference comes from the
    motion alone (later rounds may be led by another winner). Motions tied to later rounds
    ("from the third round on") need ``rounds >= 3``.

    One row per motion, session and round: ``motion`` (``"none"``: the baseline),
    ``session``, ``round``, ``turns``, ``stalemate``, ``winner``, ``motion_events``,
    ``baseline_turns`` and ``extra_turns`` (turns minus the baseline's).
    ``motions=None`` takes every motion of the library.
    """
    from .library import LIBRARY, library_motion
    from .session_game import LoptiSessionState

    names = list(LIBRARY) if motions is None else list(motions)
    rows = []
    for name in ["none", *names]:
        for k in range(sessions):
            session_seed, _ = game_seeds(f"session:{seed}", k)
            s = LoptiSessionState.by_hand(players, seed=session_seed)
            if name != "none":
                s.restore(library_motion(name), [True] * players)
            for r in range(1, rounds + 1):
                result = s.play_round(bots)
                state = s.dealt_round
                record = s.round_records[-1] if s.round_records else None
                rows.append({
                    "motion": name, "session": k, "round": r, "turns": int(state.turns),
                    "stalemate": bool(result.stalemate),
                    "winner": -1 if state.winner is None else int(state.winner),
                    "motion_events": int(getattr(record, "motion_events", 0) or 0),
                })
    df = pd.DataFrame(rows)
    base = df[df["motion"] == "none"].set_index(["session", "round"])["turns"].rename("baseline_turns")
    df = df.join(base, on=["session", "round"])
    df["baseline_turns"] = df["baseline_turns"].astype("int64")
    df["extra_turns"] = df["turns"] - df["baseline_turns"]
    df["motion"] = pd.Categorical(df["motion"], categories=["none", *names])
    return df


# -- charts -------------------------------------------------------------------------------------------
def seat_advantage_chart(adv: pd.DataFrame, title: str = "Who wins: the leader and each seat",
                         subtitle: str | None = "win rate with 95% interval; dashed: a fair share (1 / players)") -> alt.Chart:
    """Win rate per seat position (bars + Wilson interval), one panel per way of counting
    (absolute seat, seats after the leader), one colour per player count, with the fair
    share dashed."""
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, INK, WIDTH, chart_title, x_axis, category_scale

    tooltip = [alt.Tooltip("position:N", title="counted by"), alt.Tooltip("place:O", title="seat"),
               alt.Tooltip("players:O"), alt.Tooltip("win_rate:Q", title="win rate", format=".1%"),
               alt.Tooltip("lower:Q", title="95% lower", format=".1%"),
               alt.Tooltip("upper:Q", title="95% upper", format=".1%"), alt.Tooltip("n:Q")]
    base = alt.Chart().encode(
        x=alt.X("place:O", title="Seat (0 = first / the leader)", axis=x_axis("O")),
        xOffset=alt.XOffset("players:O"),
        color=alt.Color("players:O", title="Players", scale=category_scale(sorted(adv["players"].unique()))),
        tooltip=tooltip)
    bars = base.mark_bar(opacity=0.85).encode(y=alt.Y("win_rate:Q", title="Win rate", axis=alt.Axis(format="%")))
    err = base.mark_rule().encode(y="lower:Q", y2="upper:Q", color=alt.value(INK))
    fair = base.mark_tick(strokeDash=[3, 2], thickness=1.5).encode(y="fair:Q", color=alt.value(INK))
    layer = alt.layer(bars, err, fair).properties(width=WIDTH, height=HEIGHT)
    return layer.facet(facet=alt.Facet("position:N", title=None,
                                       sort=["seat", "after leader"]), data=adv).properties(
        title=chart_title(title, subtitle))


def duty_chart(duty: pd.DataFrame, by: str = "players", title: str = "How often the 3 duty decides a round",
               subtitle: str | None = "share of rounds, 95% interval") -> alt.Chart:
    """Share of rounds per measure (colour) and ``by`` group (x), with Wilson intervals."""
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, INK, WIDTH, chart_title, x_axis, category_scale

    order = list(dict.fromkeys(duty["measure"]))
    base = alt.Chart(duty).encode(
        x=alt.X(f"{by}:O", title=by.replace("_", " ").capitalize(), axis=x_axis("O")),
        xOffset=alt.XOffset("measure:N", sort=order),
        color=alt.Color("measure:N", title="Measure", sort=order, scale=category_scale(order)),
        tooltip=[alt.Tooltip(f"{by}:O"), alt.Tooltip("measure:N"),
                 alt.Tooltip("rate:Q", title="share", format=".1%"),
                 alt.Tooltip("lower:Q", title="95% lower", format=".1%"),
                 alt.Tooltip("upper:Q", title="95% upper", format=".1%"), alt.Tooltip("n:Q", title="rounds")])
    bars = base.mark_bar().encode(y=alt.Y("rate:Q", title="Share of rounds", axis=alt.Axis(format="%")))
    err = base.mark_rule().encode(y="lower:Q", y2="upper:Q", color=alt.value(INK))
    return alt.layer(bars, err).properties(width=WIDTH + 80, height=HEIGHT, title=chart_title(title, subtitle))


def motion_effect_chart(summary: pd.DataFrame, title: str = "Ready-made motions and round length",
                        subtitle: str | None = "extra turns per round against the same deals without the motion; bars: 95% interval") -> alt.Chart:
    """Mean extra turns per round for each motion (from
    :func:`~lopti_nb.analysis.frames.distribution_summary` of ``extra_turns`` by ``motion``,
    counted by ``session``), with +-1.96 standard errors; zero is the base game. The motions
    stand in the summary's order (the library's), not ranked by their means. A bar is coloured "longer" or "shorter"
    only when its interval leaves out zero."""
    import altair as alt

    from lopti_nb.analysis.charts import HEIGHT, INK, OKABE_ITO, WIDTH, chart_title

    data = summary.copy()
    data["motion"] = data["motion"].astype(str)
    data["lower"] = data["mean"] - 1.96 * data["stderr"]
    data["upper"] = data["mean"] + 1.96 * data["stderr"]
    # coloured by the interval, not the bar: a direction only when the interval leaves out zero
    data["direction"] = "cannot be told apart"
    data.loc[data["lower"] > 0, "direction"] = "longer"
    data.loc[data["upper"] < 0, "direction"] = "shorter"
    data.loc[(data["mean"] == 0) & (data["stderr"] == 0), "direction"] = "no change"
    order = list(dict.fromkeys(data["motion"]))  # the library's order: an order by the means would be noise
    base = alt.Chart(data).encode(
        y=alt.Y("motion:N", title="Motion in force", sort=order),
        tooltip=[alt.Tooltip("motion:N"), alt.Tooltip("mean:Q", title="extra turns", format="+.2f"),
                 alt.Tooltip("lower:Q", title="95% lower", format="+.2f"),
                 alt.Tooltip("upper:Q", title="95% upper", format="+.2f"),
                 alt.Tooltip("n:Q", title="rounds")])
    bars = base.mark_bar().encode(
        x=alt.X("mean:Q", title="Mean extra turns per round"),
        color=alt.Color("direction:N", title="Rounds get",
                        scale=alt.Scale(domain=["shorter", "no change", "cannot be told apart", "longer"],
                                        range=[OKABE_ITO[0], "#999999", "#DDDDDD", OKABE_ITO[5]])))
    err = base.mark_rule(color=INK).encode(x="lower:Q", x2="upper:Q")
    zero = alt.Chart(pd.DataFrame({"x": [0]})).mark_rule(color=INK).encode(x="x:Q")
    return alt.layer(bars, err, zero).properties(width=WIDTH + 80, height=HEIGHT + 60,
                                                  title=chart_title(title, subtitle))


# -- findings: the notebook's sentences, computed from its own run ------------------------------
def capped_rounds(games: pd.DataFrame) -> pd.Series:
    """Per round of a games table, whether the turn cap stopped it before anyone went out
    (a stalemate): its length is the cap's, not one the rules gave.

        >>> capped_rounds(pd.DataFrame({"stalemate": [False, True]})).tolist()
        [False, True]
    """
    return games["stalemate"].astype(bool)


def _cap_words(games: pd.DataFrame, capped: pd.Series) -> str:

    n = int(capped.sum())
    caps = sorted({int(c) for c in games["turn_cap"]}) if "turn_cap" in games.columns else []
    cap = f"the {caps[0]:,}-turn cap" if len(caps) == 1 else "the turn cap"
    return (f"{plural(n, 'round')} stopped at {cap} left out" if n else
            f"no round was stopped at {cap}")


def round_findings(games: pd.DataFrame, motion_rounds: pd.DataFrame | None = None) -> list:
    """The findings of the Lopti notebook, each with its 95 % interval and sample size.

    ``games``: one row per round (``play_games``/``sweep`` games table, with the columns of
    :func:`game_columns`); ``motion_rounds``: :func:`motion_length_frame`'s rows, or
    ``None``. Keys start with the notebook's section: ``length.``, ``leader.``, ``duty.``,
    ``motion.``. A round's length counts every player's turn (turns of the whole table);
    rounds stopped at the turn cap are left out of the mean and counted (``length.capped``).
    """
    from lopti_nb.analysis.findings import (Finding, compare_means, compare_proportions, holm,
                                            compare_to, proportion)

    out = []
    counts = sorted(int(p) for p in games["players"].unique())
    lo_p, hi_p = counts[0], counts[-1]
    by = {p: games[games["players"] == p] for p in counts}
    # round length, in turns of the whole table (every player's turn counts). A round stopped
    # at the turn cap did not end by the rules: its length is the cap, not a length the rules
    # gave, so the means leave those rounds out and they are counted on their own.
    capped = capped_rounds(games)
    ended = games[~capped]
    cap_words = _cap_words(games, capped)
    if lo_p != hi_p:
        a, b = ended[ended["players"] == hi_p], ended[ended["players"] == lo_p]
        f = compare_means("length.fewest_vs_most", a["length"], b["length"],
                          f"Rounds with {hi_p} players are", f"rounds with {lo_p}",
                          "longer", "shorter", unit="rounds", lead=True,
                          measure="turns, all players together")
        out.append(Finding(f.key, f.text[:-1] + f"; {cap_words}.", f.estimate, f.lower, f.upper,
                           f.n, f.unit, f.direction, f.lead, f.extra))
    for p in counts:
        part = by[p]["length"]
        n_cap = int(capped[games["players"] == p].sum())
        out.append(Finding(f"length.median_{p}",
                           f"With {p} players the median round lasted {part.median():g} turns, all "
                           f"players together, about {part.median() / p:.0f} per player "
                           f"(middle half {part.quantile(.25):g} to {part.quantile(.75):g}; "
                           f"{plural(len(part), 'round')}, {n_cap:,} of them stopped at the turn cap).",
                           float(part.median()), float(part.quantile(.25)), float(part.quantile(.75)),
                           len(part), "rounds", extra={"capped": n_cap}))
    out.append(Finding("length.capped",
                       f"Rounds stopped at the turn cap before anyone went out: {int(capped.sum()):,} of "
                       f"{plural(len(games), 'round')} ("
                       + ", ".join(f"{int(capped[games['players'] == p].sum()):,} with {p} players"
                                   for p in counts) + ").",
                       float(capped.sum()), None, None, len(games), "rounds"))
    # the leader's share of wins against a fair share (stalemates count as no win)
    for p in counts:
        part = by[p]
        won = (part["winner"] == part["leader"]) & ~part["stalemate"]
        out.append(compare_to(f"leader.players_{p}", won.sum(), len(part), 1 / p,
                              f"With {p} players the leader wins", "more than a fair share",
                              "less than a fair share", unit="rounds"))
    # the 3 duty
    played = games[~games["stalemate"]]
    out.append(proportion("duty.any", (played["duty_pickups"] > 0).sum(), len(played),
                          "Rounds with at least one duty pickup", unit="rounds"))
    out.append(proportion("duty.decided", played["duty_decided"].sum(), len(played),
                          "Rounds decided by a 3 duty (last pickup forced, or the winner out on a 3)",
                          unit="rounds", lead=True))
    if lo_p != hi_p:
        a, b = played[played["players"] == lo_p], played[played["players"] == hi_p]
        out.append(compare_proportions("duty.fewest_vs_most", a["duty_decided"].sum(), len(a),
                                       b["duty_decided"].sum(), len(b),
                                       f"With {lo_p} players a 3 duty decides a round",
                                       f"with {hi_p}", "more often", "less often", unit="rounds"))
    # the motions: paired with the same sessions without one
    first_motion = len(out)
    if motion_rounds is not None and len(motion_rounds):
        for name, part in motion_rounds.groupby("motion", observed=True, sort=False):
            if name == "none":
                continue
            fired = int((part["motion_events"] > 0).sum())
            # A motion that fired and changed no round: the bots never read what is shown or
            # said, so it is the bots, not the motion, that leave every choice the same.
            why = (f"it fired in {plural(fired, 'round')} and no bot chose differently: these bots "
                   "never read cards shown or words said, so a motion that only shows cards or "
                   "speaks cannot change their play" if fired else "it never fired")
            # the three rounds of one session follow each other: counted by session
            out.append(compare_means(f"motion.{name}", part["turns"], part["baseline_turns"],
                                     f"With `{name}` in force rounds are", "the same deals without it",
                                     "longer", "shorter", unit="rounds", paired=True,
                                     measure="turns, all players together",
                                     clusters=part["session"].astype(str).to_numpy(), counted_by="session",
                                     same=f"With `{name}` in force every round lasted exactly as "
                                          f"long as the same deal without it: {why}"))
            if fired == 0:
                f = proportion(f"motion.{name}.fired", 0, len(part), f"`{name}` never fired",
                               unit="rounds")
                out.append(Finding(f.key, f"`{name}` never fired in {plural(len(part), 'round')} "
                                   f"(95% interval 0.0% to {f.upper:.1%} of rounds: it may fire in a larger run).",
                                   0.0, 0.0, f.upper, len(part), "rounds"))
    # every motion's change in round length is one family: corrected together (Holm)
    out[first_motion:] = holm(out[first_motion:], "the motions' round lengths")
    return out
