"""Lopti's session at the table: the winner's motion, the Rule Vote, Roshambo, the scoreboard.

The table (:class:`~lopti_nb.games.lopti.view.LoptiView`) plays a
:class:`~lopti_nb.games.lopti.session.Session`: every "Next round" deals the session's next
round, and this panel under the cards holds what happens between and around the rounds
(rules reference §1.7):

* **The winner's motion.** When a round ends, its winner writes one motion for the rest of
  the session: one of the ready motions (its text is on screen before it is adopted), a
  motion in their own words, or none. A bot winner follows :data:`BOT_AUTHOR_POLICY`, shown
  at the table. The next round is dealt once a person who won has chosen.
* **The Rule Vote**, once per round: a person calls it on their own turn or between rounds
  (the game waits meanwhile), to remove, amend (in words) or restore a motion, or to change
  one of the base-law levers of the game's settings, "now" or "from the next round". Every
  seat casts a ballot: people with Yes/No/Abstain, one at a time (with several people at
  one device the pass-the-device screen comes between them), bots by the session's stated
  policy. Ballots stay hidden until everyone has cast one; an abstention is not a yes.
* **Roshambo** after a tie: people throw with Rock/Paper/Scissors buttons, bots at random
  from the session's own generator; the score, the count of decisive throws (30) and the
  last throws are shown as they happen, and so is a supporters' bracket.
* The motions in force with their authors, what each did this round, the scoreboard
  (places and points by round) and every vote held.

In a notebook, a person whose seat won may hand the table a motion written in Python (the
hooks are those of :class:`~lopti_nb.games.lopti.motions.Motion`)::

    from lopti_nb.games.lopti import Motion, Draw
    table = lopti_nb.play("lopti", humans=2, rounds=3)
    ...                                   # play round 1; Seat 1 wins it
    table.view.author(Motion("After each clear the clearer draws a card.",
                             hooks={"after clear": lambda v: Draw("actor", 1)}))

The engine keeps the session's rules; this module only asks people and shows the answers.
"""
from __future__ import annotations

import re

import ipywidgets as W

from lopti_nb.engine import LoptiNbError, SettingsError, ordinal, plural
from lopti_nb.text import isolate, isolate_text
from lopti_nb.widgets.base import CSS_MUTED, ButtonPool, esc, panel_html, set_if, show

from . import events as ev
from .cards import card_label
from .library import LIBRARY
from .motions import Motion, SessionError
from .session import Proposal, Session, ballot_counts

BOT_AUTHOR_POLICY = "Bots pick the first ready motion not yet in force, in the order listed."
BOT_BALLOT_POLICY = ("Bots vote yes to their own proposal, keep their own motion, vote to remove or amend a "
                     "motion that made them take or show cards this round, and otherwise keep things as they "
                     "are. Bots never abstain.")
BOT_THROW_POLICY = "Bots throw rock, paper or scissors at random."
THROWS = ("rock", "paper", "scissors")
DECISIVE = 30
# the three ballots, as the buttons name them: yes, no, and an abstention (None)
BALLOTS = (("Vote yes", True), ("Vote no", False), ("Abstain", None))

# ready motions in the library's order: (name, title, text), read once
READY = [(name, name.replace("_", " "), make().text) for name, make in LIBRARY.items()]
# The engine names seats by number, counted from 0: "Seat 2 plays..." in the events, "seat 2"
# in the rules' and the session's sentences (which name a motion's author by the name the
# table gave it, "Seat 3", counted from 1: that is left alone).
_SEAT_IN_EVENTS = re.compile(r"\b(S)eat (\d+)\b")  # the engine's seat words, counted from 1
# the session's own sentences name a base-law change as Python would ("set play_on to True")
_LAW_IN_SENTENCES = re.compile(r"\bset ([a-z_]+) to (True|False|-?\d+)\b")


def law_words(text: str) -> str:
    """``set play_on to True (now)`` -> ``set play on: on (now)``, as the vote panel says it."""
    def words(m):
        value = {"True": "on", "False": "off"}.get(m.group(2), m.group(2))
        return f"set {m.group(1).replace('_', ' ')}: {value}"
    return _LAW_IN_SENTENCES.sub(words, text)


def _title(rec) -> str:
    """A motion's title in a sentence: a motion in words only has the words someone typed as
    its title, kept in their own direction (Unicode isolates)."""
    return rec.motion.title if rec.motion.has_code else isolate_text(rec.motion.title)


def names_list(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


class SessionPanel:
    """The session's part of the Lopti table (see the module's docstring)."""

    def __init__(self, view, rounds: int | None):
        self.view = view
        self.table = view.table
        self.rounds = rounds
        self.session: Session | None = None
        self.message = ""  # the last refusal, in the session's own words
        self._passed: set[int] = set()  # rounds whose winner chose to write no motion
        self._seeds: dict[int, int] = {}  # seed of a round dealt here -> seed of its session
        self._throw_for: set[int] = set()  # people who let chance throw for them (this contest)
        self._events_key = None
        self._motion_lines: dict[int, list[str]] = {}
        self._events_seen = 0
        self._advocate_chosen = None  # the vote whose supporters have chosen their defender
        self._words: dict[int, str] = {}  # round -> what its Rule Vote proposed, in the table's words
        self._build()

    # -- the widgets ---------------------------------------------------------------------------------
    def _build(self) -> None:
        box = dict(border="1px solid var(--jp-border-color1)", padding="6px", margin="6px 0 0 0")
        self.title = W.HTML()
        self.note = W.HTML()
        # the winner's motion
        self.author_text = W.HTML()
        self.ready_pick = W.Dropdown(options=[(title, name) for name, title, _ in READY],
                                     description="Ready motion:", style={"description_width": "initial"},
                                     layout=W.Layout(width="auto", max_width="100%"))
        self.ready_pick.observe(lambda c: self.refresh(), names="value")
        self.ready_words = W.HTML()
        self.ready_button = W.Button(button_style="primary", layout=W.Layout(width="auto"))
        self.ready_button.on_click(lambda b: self._adopt_ready())
        self.own_words = W.Textarea(placeholder="Or write a motion of your own, in words",
                                    layout=W.Layout(width="100%", height="60px"))
        self.own_words.observe(lambda c: self.refresh(), names="value")
        self.own_button = W.Button(description="Adopt my own words", layout=W.Layout(width="auto"))
        self.own_button.on_click(lambda b: self._adopt_own())
        self.pass_button = W.Button(description="Write no motion this round", layout=W.Layout(width="auto"))
        self.pass_button.on_click(lambda b: self._pass())
        self.author_form = W.VBox([self.ready_pick, self.ready_words, self.ready_button, self.own_words,
                                   W.HBox([self.own_button, self.pass_button], layout=W.Layout(flex_flow="row wrap"))])
        self.hand_button = W.Button(button_style="warning", layout=W.Layout(width="auto"))
        self.hand_button.on_click(lambda b: self._hand_to_author())
        self.author_box = W.VBox([self.author_text, self.hand_button, self.author_form], layout=W.Layout(**box))
        # the motions in force
        self.motions_html = W.HTML()
        self.withdraw_buttons = ButtonPool(self._withdraw)
        self.motions_box = W.VBox([self.motions_html, self.withdraw_buttons])
        # calling the Rule Vote
        self.vote_text = W.HTML()
        self.vote_what = W.Dropdown(description="Vote on:", style={"description_width": "initial"},
                                    layout=W.Layout(width="auto", max_width="100%"))
        self.vote_what.observe(self._vote_what_changed, names="value")
        self.vote_words = W.Textarea(placeholder="The amended motion, in words",
                                     layout=W.Layout(width="100%", height="60px"))
        self.vote_words.observe(lambda c: self.refresh(), names="value")
        self.vote_number = W.IntText(description="New value:", style={"description_width": "initial"},
                                     layout=W.Layout(width="auto"))
        self.vote_when = W.ToggleButtons(options=[("now", "now"), ("from the next round", "next round")],
                                         value="now", description="Takes effect:",
                                         style={"description_width": "initial", "button_width": "auto"})
        self.vote_button = W.Button(description="Call the Rule Vote", layout=W.Layout(width="auto"))
        self.vote_button.on_click(lambda b: self._call_vote())
        self.vote_form = W.VBox([self.vote_what, self.vote_words, self.vote_number, self.vote_when,
                                 self.vote_button])
        # a vote under way: ballots, the supporters' choice, Roshambo
        self.ballot_text = W.HTML()
        self.ballot_buttons = ButtonPool(self._ballot)
        self.advocate_buttons = ButtonPool(self._advocate)
        self.throw_buttons = ButtonPool(self._throw)
        self.vote_box = W.VBox([self.vote_text, self.vote_form, self.ballot_text, self.ballot_buttons,
                                self.advocate_buttons, self.throw_buttons], layout=W.Layout(**box))
        self.scoreboard = W.HTML()
        self.history = W.HTML()
        self.widget = W.VBox([self.title, self.note, self.author_box, self.motions_box, self.vote_box,
                              self.scoreboard, self.history])

    # -- names and small facts --------------------------------------------------------------------------
    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.view.seat_name(seat)

    def who(self, seat: int) -> str:
        """A seat's name, marked when a bot sits there."""
        return self.name(seat) + (" (bot)" if self.table.is_bot(seat) else "")

    def renumber(self, text: str, event: bool = False) -> str:
        """The engine's words name seats "Seat 1" (index 0) and on; the table names people.
        ``event`` is kept for callers that pass an event's description."""
        return _SEAT_IN_EVENTS.sub(lambda m: self.name(int(m.group(2)) - 1), text)

    @property
    def live(self) -> bool:
        """The table shows this session's round (not a position put there by hand)."""
        return self.session is not None and self.table.state is self.session.state

    def finished_rounds(self) -> list:
        """The session's finished rounds (asking its phase records a round just ended)."""
        self.session.phase
        return self.session.rounds

    @property
    def vote(self):
        return self.session.pending_vote if self.session is not None else None

    def session_over(self) -> bool:
        s = self.session
        return (s is not None and self.rounds is not None and s.state is not None and s.state.is_over
                and len(self.finished_rounds()) >= self.rounds)

    def author_due(self) -> int | None:
        """The winner who may still write this round's motion (None: nobody may now)."""
        s = self.session
        if not self.live or self.session_over() or s.phase != "between rounds" or not s.rounds:
            return None
        last = s.rounds[-1]
        if last.winner is None or last.authored is not None or last.round in self._passed:
            return None
        return last.winner

    # -- starting the session, dealing its rounds ---------------------------------------------------------
    def start(self, seed: int):
        """A new session (the table's "New game"); "Rematch" replays it from its first deal."""
        seed = self._seeds.get(seed, seed)
        t = self.table
        law = {k: v for k, v in t.settings.items() if k not in ("dealer", "leader")}
        names = [self.view.seat_name(s) for s in range(t.players)]
        self.session = Session(names, seed, first_dealer=t.settings.get("dealer") or 0, **law)
        self.session.people = t.human_seats  # a motion's choices are asked of people, not bots
        self._passed = set()
        self._seeds = {}
        self.message = ""
        return self.deal()

    def deal(self):
        state = self.session.deal()
        self._seeds[state.seed] = self.session.seed
        self._throw_for = set()
        self.message = ""
        return state

    def next_round_wait(self) -> str | None:
        if not self.live:
            return None
        if self.vote is not None:
            return "the Rule Vote under way finishes first"
        due = self.author_due()
        if due is not None and not self.table.is_bot(due):
            return f"{self.name(due)} first writes a motion or passes"
        return None

    # -- what the table says ---------------------------------------------------------------------------
    def status_words(self) -> str | None:
        if not self.live:
            return None
        s = self.session
        vote = self.vote
        if vote is not None:
            asked = self._asked_seat()
            pending = self.table.pending
            if pending is not None:
                return f"Rule Vote: pass the device to {self.name(pending)}."
            if vote.contest is not None and not vote.done:
                if asked is not None and asked == self._advocate_chooser():
                    return f"Rule Vote: {self.name(asked)} chooses who defends the motion."
                return f"Roshambo: {self.name(asked)} to throw." if asked is not None else "Roshambo."
            return f"Rule Vote: {self.name(asked)} to vote." if asked is not None else "Rule Vote."
        if not s.state.is_over:
            return None
        last = self.finished_rounds()[-1]
        won = (f"{self.name(last.winner)} won round {last.round}" if last.winner is not None
               else f"round {last.round} ended in a stalemate at the turn cap: nobody won")
        if self.session_over():
            return f"Session over: {won}, the last of {plural(len(s.rounds), 'round')}. {self._leaders()}"
        due = self.author_due()
        if due is not None and not self.table.is_bot(due):
            return f"Round over: {won} and writes a motion."
        return f"Round over: {won}. Next round when you are ready."

    def _leaders(self) -> str:
        s = self.session
        totals = [sum(r.scores[p] for r in s.rounds) for p in range(s.num_players)]
        best = max(totals)
        top = [self.name(p) for p in range(s.num_players) if totals[p] == best]
        points = plural(int(best), "point")
        if len(top) == 1:
            return f"{top[0]} wins the session with {points}."
        return f"{names_list(top)} share the lead with {points} each."

    # -- the winner's motion ----------------------------------------------------------------------------------
    def bot_author_if_due(self) -> None:
        due = self.author_due()
        if due is None or not self.table.is_bot(due):
            return
        in_force = {r.text for r in self.session.in_force()}
        for name, _, text in READY:
            if text not in in_force:
                self.session.author(due, LIBRARY[name]())
                return
        self._passed.add(self.session.rounds[-1].round)  # every ready motion is in force already

    def author(self, motion: Motion | str) -> None:
        """The winner of the round just played (a person at this table) states their motion:
        a :class:`Motion` written in Python, or words only. Refused (SessionError, nothing
        changed) when no person may write one now."""
        if self.session is None or not self.live:
            raise SessionError("this table plays no session of its own: there is no motion to write")
        due = self.author_due()
        if due is None:
            if self.session_over():
                raise SessionError("the session is over: nobody writes a motion now")
            raise SessionError("a motion is written by the winner after a round ends, before the next deal; "
                               "nobody may write one now")
        if self.table.is_bot(due):
            raise SessionError(f"{self.name(due)} is a bot and writes its own motion")
        self.session.author(due, motion)
        self.message = ""
        self.table.refresh()

    def _adopt_ready(self) -> None:
        name = self.ready_pick.value
        if name in LIBRARY and self._may_author():
            self._try(lambda: self.session.author(self.table.viewer, LIBRARY[name]()))

    def _adopt_own(self) -> None:
        words = self.own_words.value.strip()
        if words and self._may_author():
            if self._try(lambda: self.session.author(self.table.viewer, Motion(words))):
                self.own_words.value = ""

    def _pass(self) -> None:
        if self._may_author():
            self._passed.add(self.session.rounds[-1].round)
            self.table.refresh()

    def _hand_to_author(self) -> None:
        due = self.author_due()
        if due is not None and self.table.viewer is not None:
            self._hand_device(due)
            self.table.refresh()

    def _may_author(self) -> bool:
        due = self.author_due()
        return due is not None and due == self.table.viewer

    def _try(self, call) -> bool:
        """Run a session call; a refusal is shown in its own words (nothing changed)."""
        try:
            call()
        except LoptiNbError as exc:
            self.message = self.renumber(str(exc))
            self.table.refresh()
            return False
        self.message = ""
        self.table.refresh()
        return True

    def _withdraw(self, number: int) -> None:
        viewer = self.table.viewer
        if viewer is not None and self.live:
            self._try(lambda: self.session.withdraw(viewer, number))

    # -- the Rule Vote -----------------------------------------------------------------------------------
    def may_call(self, viewer: int | None) -> str | None:
        """Why ``viewer`` cannot call the Rule Vote now, or ``None``."""
        s = self.session
        if not self.live or viewer is None:
            return "nobody is at the device"
        if self.vote is not None:
            return "a Rule Vote is under way"
        if not s.vote_open():
            return f"round {s.round_no}'s one Rule Vote has been held"
        if self.session_over():
            return "the session is over"
        st = s.state
        if not st.is_over and st.current_player != viewer:
            return f"a Rule Vote is called on your own turn or between rounds; it is {self.name(st.current_player)}'s turn"
        return None

    def _levers(self):
        return [st for st in self.table.spec.schema if st.lever]

    def _vote_options(self) -> list[tuple[str, str]]:
        s = self.session
        opts = [("\u2014 choose what to vote on \u2014", "")]
        for r in s.motions:
            short = r.motion.title if len(r.motion.title) <= 40 else r.motion.title[:39] + "\u2026"
            if r.in_force:
                opts.append((f"Remove motion {r.number} ({short})", f"remove:{r.number}"))
                opts.append((f"Amend motion {r.number} ({short})", f"amend:{r.number}"))
            else:
                opts.append((f"Restore motion {r.number} ({short})", f"restore:{r.number}"))
        for st in self._levers():
            now = s.law.get(st.name, self.table.settings.get(st.name, st.default))
            if st.kind == "bool":
                # a lever's labels say each value in the game's words ("no swap", "10s go on 7s")
                words = (st.labels[1 if now else 0] if len(st.labels) == 2
                         else f"{st.name.replace('_', ' ')} \u2192 {'off' if now else 'on'}")
                opts.append((f"Base law: {words}", f"law:{st.name}:{'off' if now else 'on'}"))
            elif st.kind == "choice":
                for i, c in enumerate(st.choices):
                    if c != now:
                        label = st.labels[i] if len(st.labels) == len(st.choices) else str(c)
                        opts.append((f"Base law: {st.name.replace('_', ' ')} \u2192 {label}", f"law:{st.name}:#{i}"))
            elif st.kind in ("int", "float"):
                opts.append((f"Base law: {st.name.replace('_', ' ')} (now {now:g})", f"law:{st.name}:="))
        return opts

    def _vote_what_changed(self, change) -> None:
        key = change["new"] or ""
        if key.endswith(":="):  # a number lever: start from its value now
            lever = key.split(":")[1]
            st = next((x for x in self._levers() if x.name == lever), None)
            if st is not None:
                self.vote_number.value = int(self.session.law.get(lever, st.default))
        self.refresh()

    def _proposal(self) -> Proposal | str:
        """The proposal the form describes, or why there is none yet."""
        key = self.vote_what.value or ""
        when = self.vote_when.value
        if not key:
            return "choose what to vote on first"
        kind, _, rest = key.partition(":")
        try:
            if kind == "remove":
                return Proposal.remove(int(rest), when)
            if kind == "restore":
                return Proposal.restore(int(rest), when)
            if kind == "amend":
                words = self.vote_words.value.strip()
                if not words:
                    return "write the amended motion in words first"
                return Proposal.amend(int(rest), Motion(words), when)
            lever, _, value = rest.partition(":")
            st = next(x for x in self._levers() if x.name == lever)
            if value in ("on", "off"):
                v = value == "on"
            elif value.startswith("#"):
                v = st.choices[int(value[1:])]
            else:
                v = st.validate(self.vote_number.value)
            return Proposal.law(lever, v, when)
        except (LoptiNbError, StopIteration) as exc:
            return self.renumber(str(exc)) if isinstance(exc, LoptiNbError) else "that lever is not offered"

    def proposal_words(self, proposal: Proposal) -> str:
        when = "now" if proposal.when == "now" else "from the next round"
        if proposal.kind == "law":
            st = next((x for x in self._levers() if x.name == proposal.lever), None)
            value = proposal.value
            if isinstance(value, bool):
                value = "on" if value else "off"
            what = proposal.lever.replace("_", " ")
            if st is not None and st.kind == "bool" and len(st.labels) == 2:
                return f"change base law to \u201c{st.labels[0 if proposal.value else 1]}\u201d, {when}"
            return f"set the base law {what} to {value}, {when}"
        rec = next(r for r in self.session.motions if r.number == proposal.motion)
        if proposal.kind == "amend":
            return (f"amend motion {rec.number} ({_title(rec)}) to read "
                    f"\u201c{isolate_text(proposal.amendment.text)}\u201d, {when}")
        return f"{proposal.kind} motion {rec.number} ({_title(rec)}), {when}"

    def _call_vote(self) -> None:
        viewer = self.table.viewer
        if self.may_call(viewer) is not None:
            return
        proposal = self._proposal()
        if isinstance(proposal, str):
            self.message = proposal
            self.table.refresh()
            return
        try:
            vote = self.session.call_vote(viewer, proposal)
        except LoptiNbError as exc:
            self.message = self.renumber(str(exc))
            self.table.refresh()
            return
        self.message = ""
        self._words[self.session.round_no] = self.proposal_words(proposal)
        self.vote_what.value = ""
        self.vote_words.value = ""
        for seat in vote.missing:  # bots vote at once, by their stated policy; ballots stay hidden
            if self.table.is_bot(seat):
                vote.cast_bot(seat)
        self._carry_on()

    def _ballot(self, label: str) -> None:
        vote, viewer = self.vote, self.table.viewer
        if vote is None or viewer is None or viewer not in vote.missing:
            return
        vote.cast(viewer, dict(BALLOTS)[label])
        self._carry_on()

    def _asked_seat(self) -> int | None:
        """The person the vote waits for (a ballot, a choice, a throw), or None."""
        vote = self.vote
        if vote is None:
            return None
        viewer = self.table.viewer
        if vote.missing:
            people = [s for s in vote.missing if not self.table.is_bot(s)]
            return viewer if viewer in people else (people[0] if people else None)
        chooser = self._advocate_chooser()
        if chooser is not None:
            return chooser
        c = vote.contest
        if c is not None and not c.done:
            people = [s for s in c.waiting if not self.table.is_bot(s)]
            return viewer if viewer in people else (people[0] if people else None)
        return None

    def _advocate_choosers(self) -> list[int]:
        """The motion's supporters who may still choose who defends it (before the first throw)."""
        vote = self.vote
        c = vote.contest if vote is not None else None
        if c is None or c.started or c.done or getattr(self, "_advocate_chosen", None) is vote:
            return []
        if vote.proposal.kind not in ("remove", "amend"):
            return []
        ballots = vote.ballots_public or {}
        author = vote.motion.author_seat
        if author is not None and author != vote.proposer and ballots.get(author) is False:
            return []  # the author at the table defends their motion
        return [s for s, yes in ballots.items() if yes is False and s != vote.proposer]

    def _advocate_chooser(self) -> int | None:
        supporters = self._advocate_choosers()
        people = [s for s in supporters if not self.table.is_bot(s)]
        if not people:
            return None
        viewer = self.table.viewer
        return viewer if viewer in people else people[0]

    def _advocate(self, choice) -> None:
        vote, viewer = self.vote, self.table.viewer
        if vote is None or viewer is None or viewer != self._advocate_chooser():
            return
        try:
            self.session.advocate(vote, choice)
        except LoptiNbError as exc:
            self.message = self.renumber(str(exc))
            self.table.refresh()
            return
        self._advocate_chosen = vote
        self._carry_on()

    def _throw(self, choice: str) -> None:
        vote, viewer = self.vote, self.table.viewer
        c = vote.contest if vote is not None else None
        if c is None or c.done or viewer is None or viewer not in c.waiting or self._advocate_chooser() is not None:
            return
        if choice == "chance":
            self._throw_for.add(viewer)
        else:
            c.throw(viewer, choice)
        self._carry_on()

    def _carry_on(self) -> None:
        """Let the bots (and chance, for people who asked) throw, then hand the device to the
        person the vote waits for, or back to the player to move once it is over."""
        vote = self.vote
        while vote is not None and vote.contest is not None and not vote.done and self._advocate_chooser() is None:
            c = vote.contest
            auto = [s for s in c.waiting if self.table.is_bot(s) or s in self._throw_for]
            if not auto:
                break
            c.throw_bot(auto[0])
            vote = self.vote
        if self.vote is None:  # finished: the round goes on (it may have ended by a "now" change)
            self._throw_for = set()
            self._advocate_chosen = None
            st = self.session.state
            if not st.is_over and st.current_player is not None:
                self._hand_device(st.current_player)
        else:
            asked = self._asked_seat()
            if asked is not None:
                self._hand_device(asked)
        self.table.refresh()

    def _hand_device(self, seat: int) -> None:
        """With several people at one device, ``seat`` takes it behind the pass-the-device
        screen (the shell's cover), so nobody sees what is private to another."""
        t = self.table
        if t.hot_seat and not t.is_bot(seat) and seat != t.viewer:
            t.pending, t.viewer = seat, None

    # -- drawing ---------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw after a form control changed (nothing in the game changed)."""
        if self.session is not None:
            self.update(self.table.viewer)

    def update(self, viewer: int | None) -> None:
        if not self.live:
            show(self.widget, False)
            return
        show(self.widget, True, "flex")
        self.finished_rounds()
        self.bot_author_if_due()
        s = self.session
        of = f" of {self.rounds}" if self.rounds is not None else ""
        motions = plural(len(s.in_force()), "motion")
        set_if(self.title, value=(f'<div style="font-weight:bold;margin-top:6px">Session: round {s.round_no}{of}'
                                  f' \u00b7 {motions} in force</div>'))
        set_if(self.note, value=(f'<div style="color:var(--jp-error-color1);font-size:12px">{esc(self.message)}</div>'
                                 if self.message else ""))
        self._draw_author(viewer)
        self._draw_motions(viewer)
        self._draw_vote(viewer)
        self._draw_scoreboard()
        self._draw_history()

    def _draw_author(self, viewer) -> None:
        s = self.session
        due = self.author_due()
        last = s.rounds[-1] if s.phase == "between rounds" and s.rounds else None
        if due is None:
            show(self.author_form, False)
            show(self.hand_button, False)
            text = ""
            if last is not None and last.authored is not None:
                rec = next(r for r in s.motions if r.number == last.authored)
                how = (f'<div style="{CSS_MUTED};font-size:12px">{esc(BOT_AUTHOR_POLICY)}</div>'
                       if self.table.is_bot(rec.author_seat) else "")
                text = (f"<b>{esc(self.who(rec.author_seat))} wrote motion {rec.number}</b> after winning round "
                        f"{last.round}: \u201c{isolate(rec.text)}\u201d{how}")
            elif last is not None and last.round in self._passed and last.winner is not None:
                text = f"<b>{esc(self.name(last.winner))}</b> won round {last.round} and writes no motion."
            set_if(self.author_text, value=text)
            show(self.author_box, bool(text), "flex")
            return
        show(self.author_box, True, "flex")
        head = (f"<b>{esc(self.name(due))} won round {last.round}</b> and writes one motion for the rest of the "
                f"session: a ready motion, one in your own words, or none.")
        if viewer != due:
            set_if(self.author_text, value=head)
            set_if(self.hand_button, description=f"Pass the device to {self.name(due)}",
                   tooltip=f"{self.name(due)} takes the device to write the motion")
            show(self.hand_button, viewer is not None and self.table.hot_seat)
            show(self.author_form, False)
            return
        show(self.hand_button, False)
        show(self.author_form, True, "flex")
        set_if(self.author_text, value=head + (
            f'<div style="{CSS_MUTED};font-size:12px">In a notebook you may also hand the table a motion written in '
            f'Python: <code>table.view.author(Motion("\u2026", hooks=\u2026))</code>.</div>'))
        name = self.ready_pick.value
        text = next((t for n, _, t in READY if n == name), "")
        in_force = any(r.text == text for r in s.in_force())
        set_if(self.ready_words, value=(f'<div style="font-size:13px;border-left:3px solid var(--jp-brand-color1);'
                                        f'padding-left:6px">\u201c{esc(text)}\u201d'
                                        + (" <i>(already in force)</i>" if in_force else "") + "</div>"))
        title = next((t for n, t, _ in READY if n == name), "")
        set_if(self.ready_button, description=f"Adopt \u201c{title}\u201d", disabled=False,
               tooltip=f"Make \u201c{title}\u201d your motion for the rest of the session")
        words = self.own_words.value.strip()
        set_if(self.own_button, disabled=not words,
               tooltip=("Make these words your motion" if words
                        else "Adopt my own words: not possible now \u2014 write the motion in the box first"))

    def _motion_events(self, viewer) -> dict[int, list[str]]:
        """What each motion did this round, in words, as ``viewer`` may see it."""
        st = self.session.state
        key = (id(st), viewer)
        if key != self._events_key:
            self._events_key, self._motion_lines, self._events_seen = key, {}, 0
        events = st.events
        for e in events[self._events_seen:]:
            number = getattr(e, "motion", None)
            if isinstance(number, int) and type(e).__name__.startswith("Motion"):
                self._motion_lines.setdefault(number, []).append(self.motion_event_words(e.for_seat(viewer)))
        self._events_seen = len(events)
        return self._motion_lines

    def motion_event_words(self, e) -> str:
        n = self.name
        if isinstance(e, ev.MotionSaid):
            return f"said: {isolate_text(e.text)}"
        if isinstance(e, ev.MotionRevealed):
            return f"{n(e.seat)} showed {card_label(e.card)}"
        if isinstance(e, ev.MotionDrew):
            what = (" ".join(card_label(c) for c in e.cards) if e.cards is not None
                    else "a card" if e.count == 1 else plural(e.count, "card"))
            return f"{n(e.seat)} drew {what}"
        if isinstance(e, ev.MotionGave):
            what = (" ".join(card_label(c) for c in e.cards) if e.cards is not None
                    else "a card" if e.count == 1 else plural(e.count, "card"))
            return f"{n(e.seat)} gave {what} to {n(e.to)}"
        if isinstance(e, ev.MotionDiscarded):
            return f"{n(e.seat)} put {' '.join(card_label(c) for c in e.cards)} out of the round"
        if isinstance(e, ev.MotionNote):
            return f"no effect: {self.renumber(e.text)}"
        if isinstance(e, ev.MotionFault):
            return f"its code misbehaved and is switched off: {self.renumber(e.reason)}"
        return self.renumber(re.sub(r"^Motion \d+:\s*", "", e.describe()), event=True)  # its number heads the list

    def _draw_motions(self, viewer) -> None:
        s = self.session
        lines = self._motion_events(viewer)
        rows = []
        for r in s.motions:
            author = esc(r.author) + ("" if r.author_seat is None or not self.table.is_bot(r.author_seat) else " (bot)")
            did = lines.get(r.number, [])
            if r.in_force:
                if did:
                    shown = "; ".join(esc(x) for x in did[-4:])
                    more = f"{plural(len(did), 'effect')} this round" + (", the last four: " if len(did) > 4 else ": ")
                    done = f'<div style="font-size:12px">{more}{shown}</div>'
                else:
                    done = f'<div style="font-size:12px;{CSS_MUTED}">no effect yet this round</div>'
                code = "" if r.motion.has_code else " <i>(words only: the table applies it)</i>"
                off = " <i>(its code is switched off)</i>" if r.fault else ""
                rows.append(f"<li><b>Motion {r.number}</b> by {author} (round {r.round}): "
                            f"\u201c{isolate(r.text)}\u201d{code}{off}{done}</li>")
            else:
                rows.append(f'<li style="{CSS_MUTED}">Motion {r.number} by {author}: {esc(r.status)} '
                            f"\u2014 \u201c{isolate(r.text)}\u201d</li>")
        body = (f'<ul style="margin:2px 0;padding-left:18px;font-size:13px">{"".join(rows)}</ul>' if rows
                else f'<div style="{CSS_MUTED};font-size:12px">No motions yet: the winner of each round writes one.</div>')
        set_if(self.motions_html, value=panel_html("Motions", body))
        items = []
        if viewer is not None:
            for r in s.in_force():
                if r.author_seat == viewer:
                    items.append((f"Withdraw my motion {r.number}", r.number, True, ""))
        self.withdraw_buttons.set(items, style="warning")

    def _draw_vote(self, viewer) -> None:
        s = self.session
        vote = self.vote
        lines = [f"<b>Rule Vote</b> (one per round): remove, amend or restore a motion, or change base law. "
                 f"Each player votes yes or no, or abstains; it passes when more than half of all {s.num_players} "
                 f"players vote yes (an abstention is no yes); as many yes as no, at least one of each, "
                 f"goes to Roshambo."]
        if vote is None:
            self.ballot_buttons.set([])
            self.advocate_buttons.set([])
            self.throw_buttons.set([])
            set_if(self.ballot_text, value="")
            why = self.may_call(viewer)
            if self.session_over():
                lines.append(f'<span style="{CSS_MUTED}">The session is over.</span>')
                show(self.vote_form, False)
            elif not s.vote_open():
                lines.append(f'<span style="{CSS_MUTED}">Round {s.round_no}\u2019s vote has been held; '
                             f'the next one opens with the next deal.</span>')
                show(self.vote_form, False)
            elif viewer is None:
                show(self.vote_form, False)  # nobody at the device (all bots, or the device is passed)
            else:
                show(self.vote_form, True, "flex")
                lines.append(self._draw_vote_form(viewer, why))
            set_if(self.vote_text, value="<div style='font-size:13px'>" + "<br>".join(lines) + "</div>")
            return
        show(self.vote_form, False)
        set_if(self.vote_text, value="<div style='font-size:13px'>" + lines[0] + "</div>")
        head = (f"<b>{esc(self.name(vote.proposer))} called the Rule Vote:</b> "
                f"{esc(self.proposal_words(vote.proposal))}.")
        if vote.missing:
            voted = [self.name(x) for x in vote.voted]
            waiting = [self.who(x) for x in vote.missing]
            body = (f"{head}<div>Voted: {len(voted)} of {s.num_players}"
                    f"{' (' + esc(names_list(voted)) + ')' if voted else ''} \u2014 ballots stay hidden until "
                    f"everyone has voted. Still to vote: {esc(names_list(waiting))}.</div>"
                    f'<div style="{CSS_MUTED};font-size:12px">{esc(BOT_BALLOT_POLICY)}</div>')
            asked = viewer is not None and viewer in vote.missing
            set_if(self.ballot_text, value=body + (f"<div><b>{esc(self.name(viewer))}, your vote:</b></div>" if asked else ""))
            self.ballot_buttons.set([(label, label, True, "") for label, _ in BALLOTS] if asked else [],
                                    style="info")
            self.advocate_buttons.set([])
            self.throw_buttons.set([])
            return
        ballots = vote.ballots_public or {}
        yes = [self.name(x) for x, v in ballots.items() if v is True]
        no = [self.name(x) for x, v in ballots.items() if v is False]
        out = [self.name(x) for x, v in ballots.items() if v is None]
        tally = (f"<div>Yes {len(yes)}{': ' + esc(names_list(yes)) if yes else ''} \u00b7 "
                 f"No {len(no)}{': ' + esc(names_list(no)) if no else ''}"
                 + (f" \u00b7 Abstained {len(out)}: {esc(names_list(out))}" if out else "")
                 + " \u2014 a tie: Roshambo decides.</div>")
        c = vote.contest
        chooser = self._advocate_chooser()
        if chooser is not None:
            supporters = self._advocate_choosers()
            words = (f"The motion's supporters ({esc(names_list([self.name(x) for x in supporters]))}) choose who "
                     f"defends it against {esc(self.name(vote.proposer))}: one of them, a bracket among them "
                     f"(one decisive throw a match), or nobody (then the proposal passes).")
            set_if(self.ballot_text, value=head + tally + f"<div>{words}</div>" + (
                f"<div><b>{esc(self.name(viewer))}, choose for the supporters:</b></div>" if viewer == chooser else ""))
            items = []
            if viewer == chooser:
                items = [(f"{self.name(x)} defends", x, True, "") for x in supporters]
                if len(supporters) > 1:
                    items.append(("A bracket among us", "bracket", True, ""))
                items.append(("Nobody defends", "nobody", True, ""))
            self.ballot_buttons.set([])
            self.advocate_buttons.set(items, style="info")
            self.throw_buttons.set([])
            return
        self.ballot_buttons.set([])
        self.advocate_buttons.set([])
        set_if(self.ballot_text, value=head + tally + self._contest_html(c))
        asked = (c is not None and not c.done and viewer is not None and viewer in c.waiting
                 and viewer not in self._throw_for)
        items = []
        if asked:
            items = [(t.capitalize(), t, True, "") for t in THROWS]
            items.append(("Throw at random for me until the end", "chance", True, ""))
        self.throw_buttons.set(items, style="primary")

    def _contest_html(self, c) -> str:
        if c is None:
            return ""
        n = self.name
        parts = []
        if c.bracket_rounds or c.in_bracket:
            matches = []
            for rnd in c.bracket_rounds:
                for a, b, w in rnd:
                    matches.append(f"{n(a)} has a bye" if b is None else f"{n(a)} v {n(b)}: {n(w)} goes through")
            now = ""
            if c.in_bracket:
                a, b = c.pair
                now = f" Now: {n(a)} v {n(b)}, one decisive throw."
            parts.append(f"<div><b>Supporters' bracket</b>: {esc('; '.join(matches) or 'first match')}.{esc(now)}</div>")
        if c.defender is not None and not c.in_bracket:
            a, b = c.score
            d = c.decisive
            extra = " \u2014 15 all: the next decisive throw decides" if d >= DECISIVE and a == b else ""
            parts.append(f"<div><b>Roshambo \u2014 {esc(n(c.proposer))}: {a}, {esc(n(c.defender))}: {b}</b> "
                         f"\u00b7 decisive throws {d} of {DECISIVE}{extra} (ties are thrown again, not counted)</div>"
                         f'<div style="{CSS_MUTED};font-size:12px">{esc(n(c.proposer))} proposed; '
                         f"{esc(n(c.defender))} defends as {esc(self._defends_as(c.defender))}.</div>")
        last = c.log[-3:]
        if last:
            shown = []
            for a, ta, b, tb, w in reversed(last):
                result = "a tie, thrown again" if w is None else f"{n(w)} wins the throw"
                shown.append(f"{n(a)} {ta} v {n(b)} {tb}: {result}")
            parts.append(f'<div style="font-size:12px">Last throws: {esc("; ".join(shown))}.</div>')
        if not c.done:
            waiting = [n(x) for x in c.waiting]
            thrown = [n(x) for x in (c.pair or ()) if x not in c.waiting]
            line = f"To throw: {names_list(waiting)}"
            if thrown:
                line += f" ({names_list(thrown)} has thrown, hidden until both have)"
            parts.append(f"<div>{esc(line)}.</div>")
            if any(self.table.is_bot(x) for x in (c.pair or ())):
                parts.append(f'<div style="{CSS_MUTED};font-size:12px">{esc(BOT_THROW_POLICY)}</div>')
        return "".join(parts)

    def _defends_as(self, seat: int) -> str:
        vote = self.vote
        if vote.proposal.kind in ("remove", "amend"):
            if vote.motion.author_seat == seat:
                return "the motion's author"
            return "the motion's supporters' choice"
        return "the first to vote no"

    def _draw_vote_form(self, viewer, why) -> str:
        """Fill the form to call the vote; returns the sentence that says what it would do."""
        opts = self._vote_options()
        if list(self.vote_what.options) != opts:
            value = self.vote_what.value
            self.vote_what.options = opts
            self.vote_what.value = value if value in [v for _, v in opts] else ""
        key = self.vote_what.value or ""
        show(self.vote_words, key.startswith("amend:"))
        show(self.vote_number, key.endswith(":="))
        proposal = self._proposal() if why is None else why
        if isinstance(proposal, Proposal):
            set_if(self.vote_button, disabled=False, button_style="warning",
                   tooltip=f"Call the Rule Vote: {self.proposal_words(proposal)}")
            hint = f"Everyone votes on: {self.proposal_words(proposal)}."
            lever = next((x for x in self._levers() if x.name == proposal.lever), None)
            if lever is not None:
                hint += f" ({lever.name.replace('_', ' ')}: {lever.description})"
        else:
            set_if(self.vote_button, disabled=True, button_style="",
                   tooltip=f"Call the Rule Vote: not possible now \u2014 {proposal}")
            hint = proposal[0].upper() + proposal[1:] + "."
        show(self.vote_what, why is None)
        show(self.vote_when, why is None)
        return esc(hint)

    def _draw_scoreboard(self) -> None:
        s = self.session
        if not s.rounds:
            set_if(self.scoreboard, value="")
            return
        head = "".join(f"<th>R{r.round}{'*' if r.stalemate else ''}</th>" for r in s.rounds)
        rows = []
        for p in range(s.num_players):
            cells = "".join(f"<td>{ordinal(r.places[p])} \u00b7 {r.scores[p]:g}</td>" for r in s.rounds)
            total = sum(r.scores[p] for r in s.rounds)
            rows.append(f"<tr><td>{esc(self.who(p))}</td>{cells}<td><b>{total:g}</b></td></tr>")
        stale = any(r.stalemate for r in s.rounds)
        note = (f'<div style="{CSS_MUTED};font-size:12px">Each round: place \u00b7 points (one point for each player '
                f'placed below you).{" * a stalemate at the turn cap." if stale else ""}</div>')
        set_if(self.scoreboard, value=panel_html(
            "Session scoreboard",
            f'<div style="overflow-x:auto"><table style="font-size:12px"><tr><th>Player</th>{head}'
            f'<th>Points</th></tr>{"".join(rows)}</table></div>{note}'))

    def _draw_history(self) -> None:
        s = self.session
        if not s.votes:
            set_if(self.history, value="")
            return
        items = []
        for v in s.votes:
            if v.proposer is None:  # an approval at setup (its outcome counts the ballots)
                items.append(f"<li>At setup: {esc(v.proposal)} \u2014 {esc(v.outcome)}</li>")
                continue
            yes = [self.name(x) for x, b in v.votes if b is True]
            no = [self.name(x) for x, b in v.votes if b is False]
            out = [self.name(x) for x, b in v.votes if b is None]
            how = ""
            if v.roshambo is not None:
                rs = v.roshambo
                how = (f"; Roshambo {self.name(rs.a)}: {rs.a_wins}, {self.name(rs.b)}: {rs.b_wins} "
                       f"({plural(rs.decisive, 'decisive throw')}, {plural(rs.ties, 'tie')} thrown again)")
                if v.bracket is not None:
                    how = f"; a bracket among the supporters chose {self.name(v.bracket.winner)}" + how
            elif v.tied:
                how = "; a tie, and nobody defended"
            result = "passed" if v.passed else "failed"
            items.append(f"<li>Round {v.round}: {esc(self.name(v.proposer))} proposed "
                         f"{esc(self._words.get(v.round, v.proposal))} \u2014 "
                         f"yes {len(yes)} ({esc(names_list(yes)) or 'nobody'}), no {len(no)} "
                         f"({esc(names_list(no)) or 'nobody'})"
                         + (f", abstained {len(out)} ({esc(names_list(out))})" if out else "")
                         + f"{esc(how)}: <b>{result}</b></li>")
        set_if(self.history, value=panel_html(
            "Votes held", f'<ul style="margin:2px 0;padding-left:18px;font-size:12px">{"".join(items)}</ul>'))


# -- a session in a room: each person at their own device -----------------------------------------
class SessionRoomView:
    """A Lopti session played in a room (:class:`~.session_game.LoptiSessionState`): the
    round's table (the plugin's round view) and, under it, the session as this seat may see
    it -- drawn from the seat's observation only, every choice sent to the room as an action.

    The winner authors on their own device (a ready motion with its text on screen, their own
    words, or none); the seat whose turn it is may call the Rule Vote; every seat gets
    Yes/No while it still has to vote (the others' ballots stay hidden until the last is in);
    the two seats of a Roshambo get Rock/Paper/Scissors. People are named as the room names
    them."""

    def __init__(self, table):
        from .view import LoptiView

        self.table = table
        self.round_view = LoptiView(table)
        for part in ("hand", "bid_buttons", "trick"):  # the room styles these parts
            if hasattr(self.round_view, part):
                setattr(self, part, getattr(self.round_view, part))
        box = dict(border="1px solid var(--jp-border-color1)", padding="6px", margin="6px 0 0 0")
        self.title = W.HTML()
        self.author_text = W.HTML()
        self.ready_pick = W.Dropdown(options=[(title, name) for name, title, _ in READY],
                                     description="Ready motion:", style={"description_width": "initial"},
                                     layout=W.Layout(width="auto", max_width="100%"))
        self.ready_pick.observe(lambda c: self.table.refresh(), names="value")
        self.ready_words = W.HTML()
        self.own_words = W.Textarea(placeholder="Or write a motion of your own, in words",
                                    layout=W.Layout(width="100%", height="60px"))
        self.author_buttons = ButtonPool(self._author)
        self.author_form = W.VBox([self.ready_pick, self.ready_words, self.own_words, self.author_buttons])
        self.author_box = W.VBox([self.author_text, self.author_form], layout=W.Layout(**box))
        self.motions_html = W.HTML()
        self.vote_text = W.HTML()
        self.vote_what = W.Dropdown(description="Vote on:", style={"description_width": "initial"},
                                    layout=W.Layout(width="auto", max_width="100%"))
        self._quiet = False  # the view itself is setting the options: no redraw from inside one
        self.vote_what.observe(lambda c: None if self._quiet else self.table.refresh(), names="value")
        self.vote_button = ButtonPool(self.table.act)
        self.vote_form = W.VBox([self.vote_what, self.vote_button])
        self.ballot_text = W.HTML()
        self.ballot_buttons = ButtonPool(self.table.act)
        self.advocate_buttons = ButtonPool(self.table.act)
        self.throw_buttons = ButtonPool(self.table.act)
        self.vote_box = W.VBox([self.vote_text, self.vote_form, self.ballot_text, self.ballot_buttons,
                                self.advocate_buttons, self.throw_buttons], layout=W.Layout(**box))
        self.scoreboard = W.HTML()
        self.history = W.HTML()
        self.panel = W.VBox([self.title, self.author_box, self.motions_html, self.vote_box,
                             self.scoreboard, self.history])
        self.widget = W.VBox([self.round_view.widget, self.panel])
        self._obs = None

    # -- names --------------------------------------------------------------------------------------
    def name(self, seat) -> str:
        return "nobody" if seat is None else self.table.state.seat_name(seat)

    def names(self, seats) -> str:
        return names_list([self.name(s) for s in seats])

    def renumber(self, text: str) -> str:
        """Seat words ("Seat 1" is index 0) by the room's names."""
        return _SEAT_IN_EVENTS.sub(lambda m: self.name(int(m.group(2)) - 1), text)

    def log_words(self, text: str) -> str:
        """A line of the room's log in people's words: seats by name (the round's and the
        session's sentences count them from 1, "Seat 2" is index 1), base law without Python notation."""
        return law_words(self.renumber(text))

    # -- what the room's widget asks of a view ---------------------------------------------------------
    def seat_line(self, obs, seat) -> str:
        return self.round_view.seat_line(obs, seat)

    def settings_words(self, state) -> str:
        rounds = state.settings.get("rounds")
        return f"{self.round_view.settings_words(state)} \u00b7 a session of {plural(rounds, 'round')}"

    def scores_html(self, obs, result) -> str:
        if result is None:
            return self.round_view.scores_html(obs, None)
        rows = "".join(f"<tr><td>{esc(self.name(s))}</td><td>{p}</td><td>{result.scores[s]:g}</td></tr>"
                       for s, p in sorted(enumerate(result.places), key=lambda x: x[1]))
        return panel_html("The session's final places",
                          f'<table style="font-size:13px"><tr><th>Player</th><th>Place</th>'
                          f'<th>Points</th></tr>{rows}</table>', accent=True)

    def _ok(self, action, viewer, can_act) -> tuple[bool, str]:
        why = self.table.reason(action, viewer, can_act)
        return why is None, self.renumber(why or "")

    # -- acting ------------------------------------------------------------------------------------------
    def _author(self, key: str) -> None:
        from .session_game import PASS, Author

        if key == "ready":
            choice = self.ready_pick.value
        elif key == "own":
            choice = " ".join(self.own_words.value.split())
            if not choice:
                return
        else:
            choice = PASS
        self.table.act(Author(choice))

    # -- drawing -------------------------------------------------------------------------------------------
    def update(self, obs, viewer, new_events, can_act) -> None:
        s = obs["session"]
        self._obs = obs
        self.round_view.update(obs, viewer, new_events, can_act and s["phase"] == "playing")
        in_force = [m for m in s["motions"] if m["status"] == "in force"]
        set_if(self.title, value=(f'<div style="font-weight:bold;margin-top:6px">Session: round {s["round"]} of '
                                  f'{s["rounds"]} \u00b7 {plural(len(in_force), "motion")} in force</div>'))
        self._draw_author(s, viewer, can_act)
        self._draw_motions(s)
        self._draw_vote(s, viewer, can_act)
        self._draw_scores(s)

    def _draw_author(self, s, viewer, can_act) -> None:
        from .session_game import PASS, Author

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
            set_if(self.author_text, value=f"<b>{esc(self.name(due))}</b> won round {won} and is writing a "
                                           "motion for the rest of the session (or none).")
            self.author_buttons.set([])
            return
        set_if(self.author_text, value=f"<b>You won round {won}.</b> Write one motion for the rest of the "
                                       "session: a ready one, your own words, or none.")
        text = next((t for n, _, t in READY if n == self.ready_pick.value), "")
        set_if(self.ready_words, value=f'<div style="font-size:12px;{CSS_MUTED}">\u201c{esc(text)}\u201d</div>')
        own = " ".join(self.own_words.value.split())
        items = [("Adopt this ready motion", "ready", *self._ok(Author(self.ready_pick.value), viewer, can_act)),
                 ("Adopt my own words", "own", *(self._ok(Author(own), viewer, can_act) if own
                                                 else (False, "write your motion first"))),
                 ("Write no motion this round", "pass", *self._ok(Author(PASS), viewer, can_act))]
        self.author_buttons.set(items, style="primary")

    def _draw_motions(self, s) -> None:
        if not s["motions"]:
            set_if(self.motions_html, value=f'<div style="font-size:12px;{CSS_MUTED}">No motions yet.</div>')
            return
        rows = "".join(
            f'<li><b>Motion {m["number"]}</b> by {esc(self.name(m["author_seat"]))}: {isolate(m["text"])}'
            f'{"" if m["status"] == "in force" else " (" + esc(m["status"]) + ")"}</li>' for m in s["motions"])
        set_if(self.motions_html, value=f'<ul style="font-size:12px;margin:4px 0;padding-left:18px">{rows}</ul>')

    def _vote_words(self, v) -> str:
        when = "now" if v["when"] == "now" else "from the next round"
        if v["kind"] == "law":
            value = v["value"]
            value = ("on" if value else "off") if isinstance(value, bool) else value
            return f"set {str(v['lever']).replace('_', ' ')}: {value}, {when}"
        if v["kind"] == "amend":
            return f"amend motion {v['motion']} to read \u201c{isolate_text(v['text'])}\u201d, {when}"
        return f"{v['kind']} motion {v['motion']}, {when}"

    def _draw_vote(self, s, viewer, can_act) -> None:
        from .session_game import Ballot, Throw

        v = s["vote"]
        state = self.table.state.session.state if hasattr(self.table.state, "session") else None
        legal = state.legal_actions(viewer) if (state is not None and can_act and viewer is not None) else []
        calls = [a for a in legal if type(a).__name__ == "CallVote"]
        # calling the vote: the seat whose turn it is (or the winner between rounds)
        show(self.vote_form, v is None and bool(calls), "flex")
        if v is None:
            if calls:
                options = [(self._vote_words({"kind": a.kind, "motion": a.motion, "lever": a.lever,
                                              "value": a.value, "when": a.when, "text": a.text}), a) for a in calls]
                labels = [(w[:1].upper() + w[1:], i) for i, (w, _) in enumerate(options)]
                if [x for x in self.vote_what.options] != labels:
                    # keep the proposal picked if it is still offered; else the first one, shown
                    # as picked (a Dropdown given new options shows nothing picked)
                    was = dict((i, w) for w, i in self.vote_what.options).get(self.vote_what.value)
                    keep = next((i for w, i in labels if w == was), 0)
                    self._quiet = True
                    try:
                        self.vote_what.options = labels
                        self.vote_what.value = keep
                    finally:
                        self._quiet = False
                pick = options[self.vote_what.value or 0][1]
                self.vote_button.set([("Call the Rule Vote", pick, *self._ok(pick, viewer, can_act))])
                text = ("You may call this round's Rule Vote (once a round; every player votes yes or no "
                        "or abstains).")
            else:
                self.vote_button.set([])
                text = ("This round's Rule Vote is still open." if s["vote_open"]
                        else "This round's Rule Vote has been held.")
            set_if(self.vote_text, value=f'<div style="font-size:12px">{esc(text)}</div>')
            set_if(self.ballot_text, value="")
            self.ballot_buttons.set([])
            self.advocate_buttons.set([])
            self.throw_buttons.set([])
            return
        self.vote_button.set([])
        head = f"<b>Rule Vote</b> called by {esc(self.name(v['proposer']))}: {esc(self._vote_words(v))}."
        set_if(self.vote_text, value=f'<div style="font-size:13px">{head}</div>')
        if v["missing"]:
            mine = ""
            if viewer in v["voted"]:  # my_ballot is None both before voting and after abstaining
                mine = {True: " You voted yes.", False: " You voted no.", None: " You abstained."}[v["my_ballot"]]
            text = (f"Voted: {esc(self.names(v['voted'])) or 'nobody yet'}. Still to vote: "
                    f"{esc(self.names(v['missing']))}. Ballots stay hidden until everyone has voted.{mine}")
            asked = viewer in v["missing"] and can_act
            items = [(label, Ballot(yes), *self._ok(Ballot(yes), viewer, can_act))
                     for label, yes in BALLOTS] if asked else []
            self.ballot_buttons.set(items, style="primary")
            self.advocate_buttons.set([])
            self.throw_buttons.set([])
        else:
            ballots = v["ballots"] or {}
            yes = [int(k) for k, b in ballots.items() if b is True]
            no = [int(k) for k, b in ballots.items() if b is False]
            out = [int(k) for k, b in ballots.items() if b is None]
            text = (f"Every ballot is in \u2014 yes: {esc(self.names(yes)) or 'nobody'}; "
                    f"no: {esc(self.names(no)) or 'nobody'}"
                    + (f"; abstained: {esc(self.names(out))}" if out else "") + ". A tie: Roshambo decides.")
            self.ballot_buttons.set([])
            adv = v.get("advocate")
            if adv is not None:  # rules reference §1.7: the motion's supporters choose who defends it
                from .session_game import Advocate

                chooser, supporters = adv["chooser"], adv["supporters"]
                text += (f" The motion's supporters ({esc(self.names(supporters))}) choose who defends it "
                         f"against {esc(self.name(v['proposer']))}: one of them, a bracket among them (one "
                         "decisive throw a match), or nobody (then the proposal passes).")
                text += (" <b>You choose for them.</b>" if chooser == viewer
                         else f" {esc(self.name(chooser))} chooses for them.")
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
            if c is not None:
                a, b = c["pair"]
                if c["in_bracket"]:
                    text += f" Bracket: {esc(self.name(a))} against {esc(self.name(b))}, one decisive throw."
                else:
                    text += (f" Roshambo: {esc(self.name(a))} {c['score'][0]} \u2013 {c['score'][1]} "
                             f"{esc(self.name(b))} after {plural(c['decisive'], 'decisive throw')} of {DECISIVE}.")
                if c["last"]:
                    x = c["last"][-1]
                    text += f" Last throw: {esc(self.name(x[0]))} {x[1]}, {esc(self.name(x[2]))} {x[3]}."
                if c["my_throw"]:
                    text += f" You threw {c['my_throw']}; waiting for {esc(self.names(c['waiting']))}."
                asked = viewer in c["waiting"] and can_act
                items = [(t.capitalize(), Throw(t), *self._ok(Throw(t), viewer, can_act)) for t in THROWS] if asked else []
                # primary: white on the brand blue is legible (white on the warning orange is not)
                self.throw_buttons.set(items, style="primary")
        set_if(self.ballot_text, value=f'<div style="font-size:12px">{text}</div>')

    def _draw_scores(self, s) -> None:
        results = s["results"]
        n = len(self._obs["hand_sizes"])
        if results:
            head = "".join(f"<th>R{r['round']}</th>" for r in results)
            rows = "".join(
                f"<tr><td>{esc(self.name(p))}</td>" + "".join(f"<td>{r['scores'][p]:g}</td>" for r in results)
                + f"<td><b>{sum(r['scores'][p] for r in results):g}</b></td></tr>" for p in range(n))
            set_if(self.scoreboard, value=(f'<table style="font-size:12px"><tr><th>Points</th>{head}'
                                           f'<th>Total</th></tr>{rows}</table>'))
        else:
            set_if(self.scoreboard, value="")
        votes = "".join(f"<li>Round {v['round']}: {esc(self.log_words(v['proposal']))} \u2014 "
                        f"{'passed' if v['passed'] else 'failed'} "
                        f"({esc(ballot_counts(v['yes'], v['no'], v['abstained']))})</li>"
                        for v in s["votes"])
        set_if(self.history, value=(f'<ul style="font-size:12px;margin:4px 0;padding-left:18px">{votes}</ul>'
                                    if votes else ""))
