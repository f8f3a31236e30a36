"""A Lopti session on screen: the round's table, the winner's motion, the Rule Vote, Roshambo.

One view, :class:`SessionView`, draws a
:class:`~lopti_nb.games.lopti.session_game.LoptiSessionState` (rules reference §1.7) from the
seat's observation only, wherever people meet a session: a table in a notebook or the
launcher (``lopti_nb.play("lopti", rounds=3)``) and each device of a room. Every choice is
an action of the state, sent through the table (``table.act``), so a session played at a
table is recorded, replayed and refused exactly as one played in a room:

* **The winner's motion.** When a round ends, its winner writes one motion for the rest of
  the session: their own, composed in the motion builder (:class:`~.builder.MotionBuilder`, in
  the table's voice: menus and number fields, the words as the table will hear them) and
  enforced by the game; one of the ready motions (nothing chosen at first, those in force
  marked, its text on screen before it is adopted); a motion in words only, marked as not
  enforced by the game; or none. Only the winner's own page shows the form; the others read
  who is writing. A motion the same as one in force is refused with its reason on screen.
  A bot winner follows
  :data:`~.session_game.BOT_AUTHOR_POLICY`, shown on screen.
* **The Rule Vote**, once per round: the seat whose turn it is (or the winner between rounds)
  picks what to vote on -- remove, amend (in words) or restore a motion, or a base-law lever --
  and when it takes effect ("now" or "from the next round"). Every seat casts a ballot (Vote
  yes, Vote no, Abstain); ballots stay hidden until everyone has voted. The panel says how
  many yes votes a proposal needs, the bots' ballot policy in one sentence, and, once the
  round's vote is over, how it ended and why the bots voted no. A motion proposed at setup
  (``proposed=``) is voted on with the same ballots before the first deal.
* **Roshambo** after a tie: the two seats throw with Rock/Paper/Scissors; the score, the
  count of decisive throws and the last throw are shown as they happen.
* The motions, the scoreboard (place and points by round) and every vote held; "round k of
  N" in the title, and the session's final places at its end.
"""
from __future__ import annotations

import random
import re

import ipywidgets as W

from lopti_nb.engine import IllegalAction, ordinal, plural
from lopti_nb.text import isolate, isolate_text
from lopti_nb.widgets.base import CSS_MUTED, ButtonPool, esc, panel_html, set_if, show
from lopti_nb.widgets.table import GameView, running_loop as _running_loop

from .builder import MotionBuilder
from .library import LIBRARY
from .roshambo import DECISIVE_THROWS, THROWS
from .schema import SCHEMA
from .evidence import BUDGET as EVIDENCE_BUDGET
from .session import LAW_LEVERS, NEXT, NOW, ballot_counts, ballot_reason, yes_needed
from .session_game import (BOT_AUTHOR_POLICY, PASS, Advocate, Author, Ballot, CallVote, Throw, Withdraw,
                           authored_motion, data_text)
from .view import LoptiView

BOT_BALLOT_POLICY = ("Never abstains: votes yes to its own proposal and no to any other change of "
                     f"base law, and on a motion it asks the motion lab ({EVIDENCE_BUDGET} paired sessions, seeded) "
                     "and keeps, restores or brings in the motion when the lab says it raises the bot's own seat's chance "
                     "to win a round, and removes or amends it when it does not (a motion in words only, which "
                     "the lab cannot play, its author keeps and a bot removes when it made them take or show "
                     "cards).")
BOT_THROW_POLICY = "Throws rock, paper or scissors at random."
# the three ballots, as the buttons name them: yes, no, and an abstention (None)
BALLOTS = (("Vote yes", True), ("Vote no", False), ("Abstain", None))
# ready motions in the library's order: (name, title, text), read once
READY = [(name, name.replace("_", " "), make().text) for name, make in LIBRARY.items()]
LEVERS = [s for s in SCHEMA.levers() if s.name in LAW_LEVERS]  # the base-law settings a Rule Vote may change
CHOOSE = ""  # the vote menu's first entry: nothing chosen yet
CHOOSE_READY = "\u2014 choose a ready motion \u2014"
# the session's own sentences name a base-law change as Python would ("set play_on to True")
_LAW_IN_SENTENCES = re.compile(r"\bset ([a-z_]+) to (True|False|-?\d+)\b")


def law_words(text: str) -> str:
    """``set play_on to True (now)`` -> ``set play on: on (now)``, as the vote panel says it."""
    def words(m):
        value = {"True": "on", "False": "off"}.get(m.group(2), m.group(2))
        return f"set {m.group(1).replace('_', ' ')}: {value}"
    return _LAW_IN_SENTENCES.sub(words, text)


def names_list(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def lever_value_words(lever, value) -> str:
    """A lever's value in the game's words: a labelled rule's label, else on/off or the value."""
    if lever.kind == "bool" and len(lever.labels) == 2:
        return lever.labels[0 if value else 1]
    if lever.kind == "choice" and len(lever.labels) == len(lever.choices) and value in lever.choices:
        return lever.labels[lever.choices.index(value)]
    if isinstance(value, bool):
        return f"{lever.name.replace('_', ' ')}: {'on' if value else 'off'}"
    return f"{lever.name.replace('_', ' ')}: {value}"


def vote_menu(motions: list[dict], law: dict) -> list[tuple[str, str]]:
    """What a Rule Vote may decide, as the menu offers it (label, key): each motion removed,
    amended or restored, and each base-law lever changed, named in the game's words."""
    options = [("\u2014 choose what to vote on \u2014", CHOOSE)]
    for m in motions:
        title = m["title"] if m["has_code"] else isolate_text(m["title"])
        short = title if len(title) <= 40 else title[:39] + "\u2026"
        if m["status"] == "in force":
            options.append((f"Remove motion {m['number']} ({short})", f"remove:{m['number']}"))
            options.append((f"Amend motion {m['number']} ({short})", f"amend:{m['number']}"))
        else:
            options.append((f"Restore motion {m['number']} ({short})", f"restore:{m['number']}"))
    for lever in LEVERS:
        now = law.get(lever.name, lever.default)
        if lever.kind == "bool":
            options.append((f"Base law: {lever_value_words(lever, not now)}",
                            f"law:{lever.name}:{'off' if now else 'on'}"))
        elif lever.kind == "choice":
            for i, choice in enumerate(lever.choices):
                if choice != now:
                    options.append((f"Base law: {lever_value_words(lever, choice)}", f"law:{lever.name}:#{i}"))
        else:
            options.append((f"Base law: {lever.name.replace('_', ' ')} (now {now:g})", f"law:{lever.name}:="))
    return options


class SessionView(GameView):
    """A Lopti session as one seat sees it (see the module's docstring): the round's table
    (:class:`~.view.LoptiView`) and, under it, the session drawn from ``obs["session"]``."""

    picked_play_buttons = LoptiView.picked_play_buttons
    seldom_buttons = LoptiView.seldom_buttons

    def __init__(self, table):
        super().__init__(table)
        self.round_view = LoptiView(table)
        for part in ("hand", "bid_buttons", "trick"):  # a room styles these parts
            if hasattr(self.round_view, part):
                setattr(self, part, getattr(self.round_view, part))
        box = dict(border="1px solid var(--jp-border-color1)", padding="6px", margin="6px 0 0 0")
        self.title = W.HTML()
        # the winner's motion
        self.author_text = W.HTML()
        # a motion the game enforces, composed from menus (or words only, marked not enforced)
        self.builder = MotionBuilder(on_submit=self._built, voice=getattr(table, "voice", "plain"),
                                     heading="Write your own motion")
        # or a ready motion: nothing chosen at first; those already in force are marked
        self.ready_pick = W.Dropdown(options=[(CHOOSE_READY, CHOOSE)], value=CHOOSE,
                                     description="Or adopt a ready motion:", style={"description_width": "initial"},
                                     layout=W.Layout(width="auto", max_width="100%"))
        self.ready_pick.observe(self._ready_changed, names="value")
        self.ready_words = W.HTML()
        # or words only, which the table keeps to itself (the builder composes enforced motions only)
        show(self.builder.mode, False)
        self.words_note = W.HTML('<div style="font-size:12px;border-left:4px solid var(--jp-warn-color1, #b35c00);'
                                 'padding:2px 8px"><b>Or a motion in words only: not enforced by the game.</b> '
                                 'The table hears the words and keeps to them itself.</div>')
        self.own_words = W.Textarea(placeholder="Or write a motion of your own, in words",
                                    layout=W.Layout(width="100%", height="60px"))
        self.own_words.observe(lambda c: self.table.refresh(), names="value")
        self.author_buttons = ButtonPool(self._author)
        self.author_form = W.VBox([self.builder, self.ready_pick, self.ready_words, self.words_note, self.own_words,
                                   self.author_buttons])
        self.author_box = W.VBox([self.author_text, self.author_form], layout=W.Layout(**box))
        self.motions_html = W.HTML()
        self.withdraw_buttons = ButtonPool(self.table.act)
        # calling the Rule Vote: what it decides, and when it takes effect
        self.vote_text = W.HTML()
        self.vote_what = W.Dropdown(options=[("\u2014 choose what to vote on \u2014", CHOOSE)], value=CHOOSE,
                                    description="Vote on:", style={"description_width": "initial"},
                                    layout=W.Layout(width="auto", max_width="100%"))
        self._quiet = False  # the view itself is setting the menu's options: no redraw from inside one
        self._vote_mark = None  # the round and the votes held when the call form was last cleared
        self.vote_what.observe(self._vote_what_changed, names="value")
        self.vote_words = W.Textarea(placeholder="The amended motion, in words",
                                     layout=W.Layout(width="100%", height="60px"))
        self.vote_words.observe(lambda c: None if self._quiet else self.table.refresh(), names="value")
        self.vote_number = W.IntText(description="New value:", style={"description_width": "initial"},
                                     layout=W.Layout(width="auto"))
        self.vote_number.observe(lambda c: self.table.refresh(), names="value")
        self.vote_when = W.ToggleButtons(options=[("now", NOW), ("from the next round", NEXT)], value=NOW,
                                         description="Takes effect:",
                                         style={"description_width": "initial", "button_width": "auto"})
        self.vote_when.observe(lambda c: None if self._quiet else self.table.refresh(), names="value")
        self.vote_button = ButtonPool(self.table.act)
        # an amendment in words, or a new motion the game enforces, built in a builder of its own
        self.amend_kind = W.ToggleButtons(options=[("in words", "words"), ("built from the menus", "data")],
                                          value="words", description="The amended motion:",
                                          tooltips=["Not enforced by the game", "Enforced by the game"],
                                          style={"description_width": "initial", "button_width": "auto"})
        self.amend_kind.observe(lambda c: None if self._quiet else self.table.refresh(), names="value")
        # made when first asked for (a builder is many widgets: a page draws them only then)
        self.amend_builder: MotionBuilder | None = None
        self.amend_box = W.VBox(layout=W.Layout(max_width="100%"))
        self.vote_form = W.VBox([self.vote_what, self.amend_kind, self.vote_words, self.amend_box,
                                 self.vote_number, self.vote_when, self.vote_button])
        # a vote under way: ballots, the supporters' choice, Roshambo
        self.ballot_text = W.HTML()
        self.ballot_buttons = ButtonPool(self.table.act)
        self.advocate_buttons = ButtonPool(self.table.act)
        self.throw_buttons = ButtonPool(self.table.act)
        # the rest of a Roshambo thrown at random for this device's player: each throw a real
        # Throw action (recorded as any other), made whenever the player is asked to throw
        self.auto_throw_button = W.Button(description="Throw at random for me", layout=W.Layout(width="auto"))
        self.auto_throw_button.on_click(lambda b: self.throw_at_random())
        self.auto_throw_button.layout.display = "none"
        self._auto_throw = None  # the vote (round, votes held) whose Roshambo is thrown at random
        self._throw_rng = random.Random()  # the throws are recorded: a replay needs no seed
        self._throwing = False
        self.vote_box = W.VBox([self.vote_text, self.vote_form, self.ballot_text, self.ballot_buttons,
                                self.advocate_buttons, self.throw_buttons, self.auto_throw_button],
                               layout=W.Layout(**box))
        self.scoreboard = W.HTML()
        self.history = W.HTML()
        self.panel = W.VBox([self.title, self.author_box, self.motions_html, self.withdraw_buttons, self.vote_box,
                             self.scoreboard, self.history])
        self.widget = W.VBox([self.round_view.widget, self.panel])
        self._obs = None
        self._seen_as = (None, False)

    # -- names ---------------------------------------------------------------------------------------
    def name(self, seat) -> str:
        return "nobody" if seat is None else self.seat_name(seat)

    def names(self, seats) -> str:
        return names_list([self.name(s) for s in seats])

    def is_bot(self, seat) -> bool:
        """Whether a bot sits at ``seat`` (a table knows; a room's view does not mark them)."""
        is_bot = getattr(self.table, "is_bot", None)
        return bool(is_bot(seat)) if is_bot is not None and seat is not None else False

    def bot_policy(self, seats, stated: str, choices: str) -> str:
        """What the bots seated at ``seats`` do, in one line per kind of bot: ``stated`` for a
        bot that plays a session by the stated policies, its own ``policy`` (a random bot picks
        at random) followed by ``choices`` for any other. Empty when no bot sits there."""
        bots = getattr(self.table, "bots", None) or []
        names = getattr(self.table, "bot_names", None) or []
        kinds: dict[str, list[int]] = {}
        for seat in seats:
            if seat is not None and seat < len(bots) and bots[seat] is not None:
                kinds.setdefault(names[seat], []).append(seat)
        said = []
        for name, where in kinds.items():
            bot = bots[where[0]]
            head = f"The {name} bot{'s' if len(where) > 1 else ''} ({self.names(where)})"
            if getattr(bot, "follows_session_policies", False):
                said.append(f"{head}: {stated}")
            else:
                own = getattr(bot, "policy", "plays by a policy of its own")
                said.append(f"{head}: {own[:1].upper()}{own[1:]}{choices}.")
        return " ".join(said)

    def renumber(self, text: str) -> str:
        """Seat words ("Seat 1" is index 0) by the names people are known by."""
        return self.words(text)

    def describe_event(self, event) -> str:
        return law_words(self.words(event.describe()))

    # -- what the shell asks of a view ---------------------------------------------------------------
    def reset(self) -> None:
        self.round_view.reset()

    def open_hand_html(self, obs, seat) -> str:
        return self.round_view.open_hand_html(obs, seat)

    def seat_line(self, obs, seat) -> str:
        return self.round_view.seat_line(obs, seat)

    def settings_words(self, state) -> str:
        rounds = state.settings.get("rounds")
        return f"{self.round_view.settings_words(state)} \u00b7 a session of {plural(rounds, 'round')}"

    def scores_html(self, obs, result) -> str:
        if result is None:
            return ""
        rows = "".join(f"<tr><td>{esc(self.name(s))}</td><td>{p}</td><td>{result.scores[s]:g}</td></tr>"
                       for s, p in sorted(enumerate(result.places), key=lambda x: x[1]))
        return panel_html("The session's final places",
                          f'<table style="font-size:13px"><tr><th>Player</th><th>Place</th>'
                          f'<th>Points</th></tr>{rows}</table>', accent=True)

    def _ok(self, action, viewer, can_act) -> tuple[bool, str]:
        why = self.reason(action, viewer, can_act)
        return why is None, self.renumber(why or "")

    # -- acting ------------------------------------------------------------------------------------------
    def _author(self, key: str) -> None:
        if key == "ready":
            if self.ready_pick.value == CHOOSE:
                return
            choice = self.ready_pick.value
        elif key == "own":
            choice = " ".join(self.own_words.value.split())
            if not choice:
                return
        else:
            choice = PASS
        self.table.act(Author(choice))

    def _ready_changed(self, change) -> None:
        if not self._quiet:
            self.table.refresh()

    def _built(self, given: dict | str) -> None:
        """The builder's Submit: the motion composed (data, or words only) as the winner's
        Author action; a refusal is raised here, so the builder shows it on screen."""
        action = Author(given)
        viewer, can_act = self.seen_as
        why = self.reason(action, viewer, can_act)
        if why is not None:
            raise IllegalAction(self.renumber(why))
        self.table.act(action)

    def author(self, motion) -> None:
        """The winner at this device states their motion: a ready motion's key, ``"pass"``,
        words, a data motion (a dict), or a :class:`~.motions.Motion` made from data or in
        words only (taken by its data or its words)."""
        if getattr(motion, "data", None) is not None:
            motion = motion.to_data()
        elif getattr(motion, "has_code", False):
            from .motions import SessionError

            raise SessionError("a session played at a table or in a room takes a ready motion, words or a "
                               "motion built as data; a motion with Python code is played on a session driven by hand (LoptiSessionState.by_hand)")
        self.table.act(Author(getattr(motion, "text", motion)))

    def _new_amend_builder(self) -> MotionBuilder:
        """A builder for an amendment the game enforces: its data is the amendment; the Rule
        Vote's own button calls the vote (the builder has no Submit of its own here)."""
        builder = MotionBuilder(voice=getattr(self.table, "voice", "plain"),
                                heading="The amended motion, built from the menus")
        show(builder.mode, False)
        show(builder.submit_button, False)
        for part in (builder.preview, builder.refusal):  # what it composes is read at each change
            part.observe(lambda c: None if self._quiet else self.table.refresh(), names="value")
        return builder

    def _vote_what_changed(self, change) -> None:
        if self._quiet:
            return
        key = change["new"] or ""
        if key.endswith(":=") and self._obs is not None:  # a number lever: start from its value now
            lever = key.split(":")[1]
            self.vote_number.value = int(self._obs["session"]["law"].get(lever, 0))
        self.table.refresh()

    def proposal(self) -> CallVote | str:
        """The Rule Vote the form describes, or why there is none yet."""
        key = self.vote_what.value or CHOOSE
        when = self.vote_when.value
        if key == CHOOSE:
            return "choose what to vote on first"
        kind, _, rest = key.partition(":")
        if kind in ("remove", "restore"):
            return CallVote(kind, motion=int(rest), when=when)
        if kind == "amend":
            if self.amend_kind.value == "data":
                data = self.amend_builder.data if self.amend_builder is not None else None
                if data is None:
                    why = (self.amend_builder.reason if self.amend_builder is not None else "") \
                        or "build the amended motion first"
                    return "the amended motion cannot be voted on yet: " + why[:1].lower() + why[1:].rstrip(".")
                return CallVote("amend", motion=int(rest), text=data_text(data), when=when)
            words = " ".join(self.vote_words.value.split())
            if not words:
                return "write the amended motion in words first"
            return CallVote("amend", motion=int(rest), text=words, when=when)
        name, _, value = rest.partition(":")
        lever = next(x for x in LEVERS if x.name == name)
        if value in ("on", "off"):
            chosen = value == "on"
        elif value.startswith("#"):
            chosen = lever.choices[int(value[1:])]
        else:
            chosen = self.vote_number.value
        return CallVote("law", lever=name, value=chosen, when=when)

    # -- drawing -------------------------------------------------------------------------------------------
    def update(self, obs, viewer, new_events, can_act) -> None:
        s = obs["session"]
        self._obs = obs
        self.seen_as = (viewer, can_act)
        # the round's controls stay on screen; outside play the rules say why they are refused
        self.round_view.update(obs, viewer, new_events, can_act)
        in_force = [m for m in s["motions"] if m["status"] == "in force"]
        set_if(self.title, value=(f'<div style="font-weight:bold;margin-top:6px">Session: round {s["round"]} of '
                                  f'{s["rounds"]} \u00b7 {plural(len(in_force), "motion")} in force</div>'))
        self._draw_author(s, viewer, can_act)
        self._draw_motions(s)
        mine = [m["number"] for m in s["motions"] if m["status"] == "in force" and m["author_seat"] == viewer]
        self.withdraw_buttons.set([(f"Withdraw my motion {n}", Withdraw(n), *self._ok(Withdraw(n), viewer, can_act))
                                   for n in mine] if viewer is not None else [], style="warning")
        self._draw_vote(s, viewer, can_act)
        self._draw_scores(s)

    def _draw_author(self, s, viewer, can_act) -> None:
        due = s["author"]
        show(self.author_box, due is not None, "flex")
        mine = due is not None and due == viewer and can_act
        show(self.author_form, mine, "flex")
        if due is None:
            set_if(self.author_text, value="")
            self.author_buttons.set([])
            return
        won = s["results"][-1]["round"] if s["results"] else s["round"]
        if not mine:
            said = self.bot_policy([due], BOT_AUTHOR_POLICY, ", a motion or none")
            policy = f'<div style="{CSS_MUTED};font-size:12px">{esc(said)}</div>' if said else ""
            set_if(self.author_text, value=f"<b>{esc(self.name(due))}</b> won round {won} and is writing a "
                                           f"motion for the rest of the session (or none).{policy}")
            self.author_buttons.set([])
            return
        set_if(self.author_text, value=f"<b>You won round {won}.</b> Write one motion for the rest of the "
                                       "session: your own (built from the menus, or in words), a ready one, "
                                       "or none.")
        in_force = {m["text"] for m in s["motions"] if m["status"] == "in force"}
        marked = {n: text in in_force for n, _, text in READY}
        options = [(CHOOSE_READY, CHOOSE)] + [(title + (" (already in force)" if marked[n] else ""), n)
                                              for n, title, _ in READY]
        if list(self.ready_pick.options) != options:
            self._quiet = True
            try:
                value = self.ready_pick.value
                self.ready_pick.options = options
                self.ready_pick.value = value
            finally:
                self._quiet = False
        name = self.ready_pick.value
        if name == CHOOSE:
            set_if(self.ready_words, value="")
            ready = ("Adopt the ready motion", "ready", False, "choose a ready motion first")
        else:
            text = next(t for n, _, t in READY if n == name)
            title = next(t for n, t, _ in READY if n == name)
            ok, why = self._ok(Author(name), viewer, can_act)
            refused = "" if ok else f'<div role="status" style="font-size:12px">Not offered: {esc(why)}.</div>'
            set_if(self.ready_words, value=(f'<div style="font-size:13px;border-left:3px solid var(--jp-brand-color1);'
                                            f'padding-left:6px">\u201c{esc(text)}\u201d'
                                            + (" <i>(already in force)</i>" if marked[name] else "")
                                            + f"</div>{refused}"))
            ready = (f"Adopt \u201c{title}\u201d", "ready", ok, why)
        own = " ".join(self.own_words.value.split())
        self.author_buttons.set([ready,
                                 ("Adopt my own words", "own", *(self._ok(Author(own), viewer, can_act) if own
                                                                 else (False, "write your motion in the box first"))),
                                 ("Write no motion this round", "pass", *self._ok(Author(PASS), viewer, can_act))],
                                style="primary")

    def _draw_motions(self, s) -> None:
        if not s["motions"]:
            set_if(self.motions_html, value=panel_html("Motions", f'<div style="{CSS_MUTED};font-size:12px">'
                                                                  "No motions yet: the winner of each round writes one."
                                                                  "</div>"))
            return
        rows = []
        for m in s["motions"]:
            author = esc(self.name(m["author_seat"])) + (" (bot)" if self.is_bot(m["author_seat"]) else "")
            code = "" if m["has_code"] else " <i>(words only: the table applies it)</i>"
            if m["status"] == "in force":
                when = f'round {m["round"]}' if m["round"] else "approved at setup"
                rows.append(f'<li><b>Motion {m["number"]}</b> by {author} ({when}): '
                            f'\u201c{isolate(m["text"])}\u201d{code}</li>')
            else:
                rows.append(f'<li style="{CSS_MUTED}">Motion {m["number"]} by {author}: {esc(m["status"])} '
                            f'\u2014 \u201c{isolate(m["text"])}\u201d</li>')
        said = self.bot_policy(sorted({m["author_seat"] for m in s["motions"]
                                       if isinstance(m["author_seat"], int)}), BOT_AUTHOR_POLICY, ", a motion or none")
        policy = f'<div style="{CSS_MUTED};font-size:12px">{esc(said)}</div>' if said else ""
        set_if(self.motions_html, value=panel_html(
            "Motions", f'<ul style="margin:2px 0;padding-left:18px;font-size:13px">{"".join(rows)}</ul>{policy}'))

    def proposal_words(self, v) -> str:
        """A proposal (from the observation) in words: ``set swap before play: off, now``."""
        if v["kind"] == "setup":
            return (f"bring in the motion \u201c{isolate_text(v['text'] or '')}\u201d for the whole session, "
                    "from round one")
        when = "now" if v["when"] == NOW else "from the next round"
        if v["kind"] == "law":
            lever = next((x for x in LEVERS if x.name == v["lever"]), None)
            if lever is not None and lever.kind in ("bool", "choice") and lever.labels:
                return f"change base law to \u201c{lever_value_words(lever, v['value'])}\u201d, {when}"
            value = v["value"]
            value = ("on" if value else "off") if isinstance(value, bool) else value
            return f"set the base law {str(v['lever']).replace('_', ' ')} to {value}, {when}"
        if v["kind"] == "amend":
            text = v["text"] or ""
            if text.startswith("{"):  # an amendment built from the menus: its words, as the table hears them
                try:
                    text = authored_motion(text, amendment=True).text
                except IllegalAction:
                    pass
            return f"amend motion {v['motion']} to read \u201c{isolate_text(text)}\u201d, {when}"
        return f"{v['kind']} motion {v['motion']}, {when}"

    def _draw_call_form(self, s, viewer, can_act) -> str:
        """The form to call the round's Rule Vote; returns the sentence under its title."""
        options = vote_menu(s["motions"], s["law"])
        if list(self.vote_what.options) != options:
            value = self.vote_what.value
            self._quiet = True
            try:
                self.vote_what.options = options
                self.vote_what.value = value if value in [k for _, k in options] else CHOOSE
            finally:
                self._quiet = False
        key = self.vote_what.value or CHOOSE
        amending = key.startswith("amend:")
        show(self.amend_kind, amending)
        show(self.vote_words, amending and self.amend_kind.value == "words")
        building = amending and self.amend_kind.value == "data"
        if building and self.amend_builder is None:
            self.amend_builder = self._new_amend_builder()
            self.amend_box.children = (self.amend_builder,)
        show(self.amend_box, building, "flex")
        show(self.vote_number, key.endswith(":="))
        proposal = self.proposal()
        if isinstance(proposal, CallVote):
            ok, why = self._ok(proposal, viewer, can_act)
            words = self.proposal_words({"kind": proposal.kind, "motion": proposal.motion, "lever": proposal.lever,
                                     "value": proposal.value, "when": proposal.when, "text": proposal.text})
            hint = f"Everyone votes on: {words}." if ok else why[:1].upper() + why[1:] + "."
        else:
            ok, why, hint = False, proposal, proposal[:1].upper() + proposal[1:] + "."
        self.vote_button.set([("Call the Rule Vote", proposal, ok, why)], style="warning")
        return esc(hint)

    def _draw_vote(self, s, viewer, can_act) -> None:
        # Every Rule Vote starts from an empty form: once the round changes or a vote has been
        # held, nothing of the form before stays chosen
        mark = (s.get("round"), len(s.get("votes") or ()))
        if mark != self._vote_mark:
            self._vote_mark = mark
            self._quiet = True
            try:
                self.vote_what.value = CHOOSE if CHOOSE in [k for _, k in self.vote_what.options] else None
                self.vote_words.value = ""
                self.vote_when.value = NOW
                self.amend_kind.value = "words"
                self.amend_builder = None  # a fresh one when next asked for
                self.amend_box.children = ()
            finally:
                self._quiet = False
        v = s["vote"]
        n = len(v["voted"]) + len(v["missing"]) if v is not None else len(self._obs["hand_sizes"])
        rule = (f"<b>Rule Vote</b> (one per round): remove, amend or restore a motion, or change base law. "
                f"Each player votes yes or no, or abstains; it passes when more than half of all {n} players "
                f"vote yes (an abstention is no yes); as many yes as no, at least one of each, goes to Roshambo."
                f" <b>{esc(self.needs(n))}</b>")
        if v is None:
            self.ballot_buttons.set([])
            self.advocate_buttons.set([])
            self.throw_buttons.set([])
            set_if(self.ballot_text, value="")
            lines = [rule]
            may_call = (s["vote_open"] and s["phase"] in ("playing", "authoring") and can_act
                        and viewer is not None)
            show(self.vote_form, may_call, "flex")
            held = self.held_html(s, n)
            if held:
                lines.append(held)
            if s["phase"] == "over":
                lines.append(f'<span style="{CSS_MUTED}">The session is over.</span>')
            elif not s["vote_open"]:
                said = "This round's Rule Vote has been held; the next one opens with the next deal."
                lines.append(f'<span style="{CSS_MUTED}">{esc(said)}</span>')
            elif may_call:
                lines.append(self._draw_call_form(s, viewer, can_act))
            else:
                said = ("This round's Rule Vote is still open: it is called on one's own turn or by the "
                        "winner between rounds.")
                lines.append(f'<span style="{CSS_MUTED}">{esc(said)}</span>')
            if not may_call:
                self.vote_button.set([])
            set_if(self.vote_text, value="<div style='font-size:13px'>" + "<br>".join(lines) + "</div>")
            return
        show(self.vote_form, False)
        self.vote_button.set([])
        set_if(self.vote_text, value=f"<div style='font-size:13px'>{rule}</div>")
        called = ("proposes a motion before the first deal (a vote at setup: it does not use round one's "
                  "Rule Vote)" if v["kind"] == "setup" else "called the Rule Vote")
        head = (f"<div><b>{esc(self.name(v['proposer']))} {called}:</b> "
                f"{esc(self.proposal_words(v))}. It {esc(self.needs(n)[len('A proposal '):])}</div>")
        if v["missing"]:
            mine = ""
            if viewer in v["voted"]:  # my_ballot is None both before voting and after abstaining
                mine = {True: " You voted yes.", False: " You voted no.", None: " You abstained."}[v["my_ballot"]]
            # the policy of the bots seated here, each kind in its own words
            said = self.bot_policy(range(n), BOT_BALLOT_POLICY, ", so it may vote yes, vote no or abstain")
            policy = f'<div class="lnb-bot-policy" style="{CSS_MUTED};font-size:12px">{esc(said)}</div>' if said else ""
            text = (f"{head}<div>Voted: {len(v['voted'])} of {n}"
                    f"{' (' + esc(self.names(v['voted'])) + ')' if v['voted'] else ''} \u2014 ballots stay hidden "
                    f"until everyone has voted. Still to vote: {esc(self.names(v['missing']))}.{mine}</div>{policy}")
            asked = viewer in v["missing"] and can_act
            items = [(label, Ballot(yes), *self._ok(Ballot(yes), viewer, can_act))
                     for label, yes in BALLOTS] if asked else []
            self.ballot_buttons.set(items, style="primary")
            self.advocate_buttons.set([])
            self.throw_buttons.set([])
            set_if(self.ballot_text, value=f'<div style="font-size:13px">{text}</div>')
            return
        ballots = v["ballots"] or {}
        groups = {b: [int(k) for k, x in ballots.items() if x is b] for b in (True, False, None)}
        text = (f"{head}<div>Every ballot is in \u2014 yes: {esc(self.names(groups[True])) or 'nobody'}; "
                f"no: {esc(self.names(groups[False])) or 'nobody'}"
                + (f"; abstained: {esc(self.names(groups[None]))}" if groups[None] else "")
                + ". A tie: Roshambo decides.</div>")
        self.ballot_buttons.set([])
        adv = v.get("advocate")
        if adv is not None:  # rules reference §1.7: the motion's supporters choose who defends it
            chooser, supporters = adv["chooser"], adv["supporters"]
            text += (f"<div>The motion's supporters ({esc(self.names(supporters))}) choose who defends it "
                     f"against {esc(self.name(v['proposer']))}: one of them, a bracket among them (one "
                     "decisive throw a match), or nobody (then the proposal passes). "
                     + ("<b>You choose for them.</b>" if chooser == viewer
                        else f"{esc(self.name(chooser))} chooses for them.") + "</div>")
            choices = [(f"{self.name(x)} defends", x) for x in supporters]
            if len(supporters) > 1:
                choices.append(("A bracket among us", "bracket"))
            choices.append(("Nobody defends", "nobody"))
            asked = chooser == viewer and can_act
            self.advocate_buttons.set([(label, Advocate(x), *self._ok(Advocate(x), viewer, can_act))
                                       for label, x in choices] if asked else [], style="primary")
        else:
            self.advocate_buttons.set([])
        c = v["contest"]
        items = []
        asked = c is not None and viewer in c["waiting"] and can_act
        if c is not None:
            text += self._contest_html(c, v)
            if asked:
                items = [(t.capitalize(), Throw(t), *self._ok(Throw(t), viewer, can_act)) for t in THROWS]
        # primary: white on the brand blue is legible (white on the warning orange is not)
        self.throw_buttons.set(items, style="primary")
        mark = (s.get("round"), len(s.get("votes") or ()))
        show(self.auto_throw_button, asked and self._auto_throw != mark)
        if asked and self._auto_throw == mark:
            self._throw_soon()
        set_if(self.ballot_text, value=f'<div style="font-size:13px">{text}</div>')

    def throw_at_random(self) -> None:
        """From now on, throw at random for this device's player whenever the Roshambo under way
        asks them to (what "Throw at random for me" does); each throw is a Throw action."""
        s = self._obs["session"] if self._obs is not None else None
        if s is None or s.get("vote") is None:
            return
        self._auto_throw = (s.get("round"), len(s.get("votes") or ()))
        self._throw_soon()

    def _throw_soon(self) -> None:
        """Throw for the player now, or, while the page's loop runs, just after this redraw."""
        if self._throwing:
            return
        loop = _running_loop()
        if loop is not None:
            self._throwing = True
            loop.call_soon(self._throw_while_asked)
        else:
            self._throw_while_asked()

    def _throw_while_asked(self) -> None:
        self._throwing = True
        try:
            for _ in range(1000):  # a Roshambo ends: each throw is asked of the player once
                viewer, can_act = self.seen_as
                v = (self._obs or {}).get("session", {}).get("vote")
                c = v["contest"] if v is not None else None
                if c is None or viewer not in c["waiting"] or not can_act:
                    break
                before = self._obs
                self.table.act(Throw(THROWS[self._throw_rng.randrange(len(THROWS))]))
                if self._obs is before:  # the throw has not come back yet (a room): the next poll asks again
                    break
        finally:
            self._throwing = False

    @staticmethod
    def needs(players: int) -> str:
        """``"A proposal needs 3 of 4 yes votes to pass."``"""
        need = yes_needed(players)
        return f"A proposal needs {need} of {players} yes vote{'s' if need != 1 else ''} to pass."

    def held_html(self, s, players: int) -> str:
        """How this round's Rule Vote ended, once it is over: the count, what it needed and,
        after a failure, why the bots voted no (their stated policy, seat by seat)."""
        if not s["votes"] or s["votes"][-1]["round"] != s["round"] or s["votes"][-1]["proposer"] is None:
            return ""
        v = s["votes"][-1]
        outcome = v["outcome"]  # "failed with 1 yes, 2 no, ...", "deadlock with 2 yes, 2 no, ...; Roshambo ..."
        for head, words in (("passed with ", ""), ("failed with ", ""), ("deadlock with ", "a tie, ")):
            if outcome.startswith(head):
                outcome = words + outcome[len(head):]
        said = (f"The Rule Vote on \u201c{law_words(v['proposal'])}\u201d "
                f"{'passed' if v['passed'] else 'failed'}: {self.renumber(law_words(outcome))} "
                f"(it needed {yes_needed(players)} of {players} yes votes).")
        if v["passed"]:
            return f"<div>{esc(said)}</div>"
        motion = next((m for m in s["motions"] if m["number"] == v.get("motion")), None)
        reasons: dict[str, list[int]] = {}
        for seat, ballot in v["ballots"]:
            if ballot is False and self.is_bot(seat):
                author = motion is not None and motion["author_seat"] == seat
                why = ballot_reason(v["kind"], False, proposer=seat == v["proposer"], author=author,
                                    by_evidence=motion is not None and motion["has_code"]
                                    and motion["author_seat"] is not None)
                reasons.setdefault(why, []).append(seat)
        for why, seats in reasons.items():
            if len(seats) > 1:
                why = why.replace("their seat", "their seats")
            said += f" {self.names(seats)} (bot{'s' if len(seats) > 1 else ''}) voted no because {why}."
        return f"<div>{esc(said)}</div>"

    def _contest_html(self, c, v) -> str:
        n = self.name
        a, b = c["pair"]
        if c["in_bracket"]:
            parts = [f"<div><b>Supporters' bracket</b>: {esc(n(a))} against {esc(n(b))}, "
                     "one decisive throw.</div>"]
        else:
            d, length = c["decisive"], c.get("throws", DECISIVE_THROWS)
            sa, sb = c["score"]
            extra = f" \u2014 {sa} all: the next decisive throw decides" if d >= length and sa == sb else ""
            short = "" if length == DECISIVE_THROWS else f"; shortened for practice, the rules' number is {DECISIVE_THROWS}"
            parts = [f"<div><b>Roshambo \u2014 {esc(n(a))}: {sa}, {esc(n(b))}: {sb}</b> \u00b7 decisive throws "
                     f"{d} of {length}{extra} (ties are thrown again, not counted{short})</div>"
                     f'<div style="{CSS_MUTED};font-size:12px">{esc(n(v["proposer"]))} proposed; '
                     f'{esc(n(c["defender"]))} defends the motion or the law as it is.</div>']
        if c["last"]:
            x = c["last"][-1]
            won = "a tie, thrown again" if x[4] is None else f"{n(x[4])} wins the throw"
            parts.append(f'<div style="font-size:12px">Last throw: {esc(n(x[0]))} {x[1]}, '
                         f'{esc(n(x[2]))} {x[3]}: {esc(won)}.</div>')
        waiting = c["waiting"]
        line = f"To throw: {self.names(waiting)}"
        if c["my_throw"]:
            line = f"You threw {c['my_throw']}; waiting for {self.names(waiting)}"
        parts.append(f"<div>{esc(line)}.</div>")
        said = self.bot_policy(c["pair"], BOT_THROW_POLICY, ": rock, paper or scissors")
        if said:
            parts.append(f'<div style="{CSS_MUTED};font-size:12px">{esc(said)}</div>')
        return "".join(parts)

    def _draw_scores(self, s) -> None:
        results = s["results"]
        if results:
            n = len(results[0]["scores"])
            head = "".join(f"<th>R{r['round']}{'*' if r['stalemate'] else ''}</th>" for r in results)
            rows = "".join(
                f"<tr><td>{esc(self.name(p))}</td>"
                + "".join(f"<td>{ordinal(r['places'][p])} \u00b7 {r['scores'][p]:g}</td>" for r in results)
                + f"<td><b>{sum(r['scores'][p] for r in results):g}</b></td></tr>" for p in range(n))
            stale = any(r["stalemate"] for r in results)
            note = (f'<div style="{CSS_MUTED};font-size:12px">Each round: place \u00b7 points (one point for each '
                    f'player placed below you).{" * a stalemate at the turn cap." if stale else ""}</div>')
            set_if(self.scoreboard, value=panel_html(
                "Session scoreboard",
                f'<div style="overflow-x:auto"><table style="font-size:12px"><tr><th>Player</th>{head}'
                f'<th>Points</th></tr>{rows}</table></div>{note}'))
        else:
            set_if(self.scoreboard, value="")
        votes = "".join(
            f"<li>Round {v['round']}: {esc(self.name(v['proposer']) + ' proposed ' if v['proposer'] is not None else '')}"
            f"{esc(law_words(v['proposal']))} \u2014 {'passed' if v['passed'] else 'failed'} "
            f"({esc(ballot_counts(v['yes'], v['no'], v['abstained']))})</li>"
            for v in s["votes"])
        set_if(self.history, value=(panel_html("Votes held", f'<ul style="font-size:12px;margin:4px 0;'
                                                             f'padding-left:18px">{votes}</ul>') if votes else ""))


def __getattr__(name: str):
    if name == "SessionRoomView":
        import warnings

        warnings.warn("SessionRoomView is now SessionView: one view draws a Lopti session at a table "
                      "and in a room", DeprecationWarning, stacklevel=2)
        return SessionView
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
