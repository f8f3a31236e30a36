"""Lopti's session rules (rules reference §1.7) taught on a real session state (:class:`~lopti_nb.games.lopti.session_game.LoptiSessionState`):
every answer is what the session code accepts, refuses or records."""
from __future__ import annotations

import random
import re
from typing import Callable

from lopti_nb.explainers.core import Choice, Scene, Verdict, box, esc, line

from .events import Cleared
from .library import library_motion
from .lessons_words import capital, cite, seat, told, words
from .motions import BASE_EVENTS, ROLES, ClearPile, Give, Motion, Say, SessionError
from .roshambo import bracket, roshambo, rng_thrower
from .session import Proposal
from .session_game import LoptiSessionState

PLAYERS = 4
SEED = 0  # with this seed the heuristic bots finish round one with a winner


def won_session() -> LoptiSessionState:
    """A four-player session whose first round the bots have just finished."""
    s = LoptiSessionState.by_hand(PLAYERS, seed=SEED)
    s.play_round()
    assert s.winner is not None
    return s


def with_motion(motion: Motion | None = None) -> tuple[LoptiSessionState, int]:
    """Round two has been dealt; the winner of round one wrote motion 1."""
    s = won_session()
    w = s.winner
    s.author(w, motion or Motion("Before every lead, the leader names the rank they are about to play."))
    s.deal()
    return s, w


def _ok(head: str, why: str, events=(), **data) -> Verdict:
    return Verdict(True, told(head), why, [told(e) for e in events], data=data)


def _refused(head: str, exc: Exception, *clauses: str) -> Verdict:
    msg = told(str(exc))
    # the engine names a seat by its index here ("a named seat (2)"); people count from 1
    msg = re.sub(r"named seat \((\d+)\)", lambda m: f"named seat ({seat(int(m.group(1)))})", msg)
    reason = msg[0].upper() + msg[1:]
    # the label starts the headline in lower case, but a seat keeps its capital ("Seat 2 ...")
    head = head if head.startswith("Seat ") else head[0].lower() + head[1:]
    return Verdict(False, head, cite(reason, *[c for c in clauses if c]),
                   data={"error": type(exc).__name__})


def _refusing(label: str, fn: Callable[[], Verdict], *clauses: str) -> Callable[[], Verdict]:
    """A case whose refusal is decided by ``clauses`` rather than by the scene's own clause."""
    def run() -> Verdict:
        try:
            return fn()
        except SessionError as exc:
            return _refused(label, exc, *clauses)
    return run


# a motion's log in the past tense: "round 2: amend by Rule Vote" reads "amended by Rule Vote"
_DONE = {"remove": "removed", "amend": "amended", "restore": "restored"}


def _log(entry: str) -> str:
    return re.sub(r"\b(remove|amend|restore) by Rule Vote\b", lambda m: f"{_DONE[m.group(1)]} by Rule Vote",
                  told(entry))


def _reading(ruling: dict) -> str:
    """A recorded reading of an unclear motion, in words."""
    return (f"Round {ruling['round']}: motion {ruling['motion']} is read as "
            f"\u201c{ruling['reading']}\u201d, decided by {ruling['by']}.")


def _vote_words(voice: str, rec) -> str:
    """A Rule Vote's result in the voice's words: "the vote fails, 1 to 3" (and how many
    abstained, if anyone did)."""
    w = words(voice)
    key = "vote_tie" if rec.tied else ("vote_pass" if rec.passed else "vote_fail")
    text = w[key].format(yes=rec.yes, no=rec.no)
    if rec.tied:
        text += "; the proposal " + ("passes" if rec.passed else "fails")
    if rec.abstained:
        text += f" ({rec.abstained} abstained)"
    return text


def _bracket_round(number: int, matches) -> str:
    """One round of a Roshambo bracket in words (a bye lets a player through unopposed)."""
    said = []
    for a, b, winner in matches:
        if b is None:
            said.append(f"{seat(a)} goes through unopposed")
        else:
            said.append(f"{seat(a)} against {seat(b)}: {seat(winner)} wins")
    return f"Bracket round {number}: " + "; ".join(said) + "."


def _still_open(s: LoptiSessionState) -> str:
    return "still open" if s.vote_open() else "used up"


class SessionScene(Scene):
    """Choices are ``(label, function)`` pairs; each function runs on a fresh session and
    returns a Verdict, or raises the session's own error (shown as a refusal)."""

    voice = "plain"
    clause = "1.7"  # the clause of the rules reference that decides this scene's refusals

    def cases(self) -> list[tuple[str, Callable[[], Verdict]]]:
        return []

    def choices(self) -> list[Choice]:
        return [Choice(label, i) for i, (label, _) in enumerate(self.cases())]

    def attempt(self, i) -> Verdict:
        label, fn = self.cases()[i]
        try:
            return fn()
        except SessionError as exc:  # MotionError and ConstitutionError included
            return _refused(label, exc, self.clause)

    def check(self) -> None:
        s = won_session()
        assert s.session_phase == "between rounds" and s.winner is not None


def _session_box(s: LoptiSessionState, extra: str = "") -> str:
    lines = [f"{PLAYERS} players \u00b7 round {s.round_no} ({s.session_phase}) \u00b7 winner of round 1: "
             f"{seat(s.round_records[0].winner)}"]
    for r in s.motions:
        lines.append(f"Motion {r.number} by {told(r.author)}: \u201c{r.text}\u201d ({r.status})")
    return box("The session", "".join(line(esc(x)) for x in lines) + extra)


class MotionScene(SessionScene):
    clause = "1.7.1"
    prompt = "Round one is over. Who may write a motion, and what may it say?"

    def draw(self) -> str:
        s = won_session()
        return _session_box(s, line(f"Base events a motion may act at (just before or just after): "
                                    f"{esc(', '.join(BASE_EVENTS))}.", True)
                            + line(f"Roles a motion's code may aim at: {esc(', '.join(ROLES))}.", True))

    def cases(self):
        def words():
            s = won_session()
            rec = s.author(s.winner, Motion("Before every lead, the leader names the rank they are about to play."))
            return _ok(f"motion {rec.number} is in force", cite("The winner states a motion after the round and "
                       "before the next deal; words alone are enough", "1.7.1"), rec.log)

        def code():
            s = won_session()
            rec = s.author(s.winner, library_motion("pile_taker_shows_highest"))
            return _ok(f"motion {rec.number} is in force, with code", cite("Its step runs after every pickup and "
                       "brings one of the allowed effects (showing a card)", "1.7.3"), rec.log)

        def loser():
            s = won_session()
            return _ok("accepted", "", [s.author((s.winner + 1) % PLAYERS, "Everyone claps after a clear.").text])

        def second():
            s = won_session()
            s.author(s.winner, "Everyone claps after a clear.")
            s.author(s.winner, "Everyone sings after a pickup.")
            return _ok("accepted", "")

        def late():
            s = won_session()
            w = s.winner
            s.deal()
            s.author(w, "Everyone claps after a clear.")
            return _ok("accepted", "")

        def bad_event():
            Motion("Before each vote, the dealer says hello.", {"before vote": lambda v: Say("hello")})
            return _ok("accepted", "")

        def named_seat():
            give = Give(2, 1)  # aimed at a seat number, not a role
            Motion("Seat 3 gives a card after every play.", {"after play": lambda v: give})
            return _ok("accepted", "")

        s = won_session()
        w = s.winner
        return [
            (f"{seat(w)} (the winner) writes words only", words),
            (f"{seat(w)} writes a motion with code", code),
            (f"{seat((w + 1) % PLAYERS)} (not the winner) writes one", loser),
            (f"{seat(w)} writes a second motion", second),
            (f"{seat(w)} writes after the next deal", late),
            # the Vote is beyond every motion's reach (1.7.2) and can never be changed (1.7.6)
            ("A motion that acts at the vote", _refusing("A motion that acts at the vote", bad_event, "1.7.2", "1.7.6")),
            # a motion speaks of roles, never of a named person (1.7.2)
            ("A motion whose code names Seat 3",
             _refusing("A motion whose code names Seat 3", named_seat, "1.7.2")),
        ]


class LimitsScene(SessionScene):
    clause = "1.7.2"
    prompt = "Round two is played by the bots with the motion in force. What do the rules let it do?"

    def draw(self) -> str:
        return _session_box(won_session(), line(
            "Code may only return words, a reveal, a draw, a gift of cards, a discard, a custom "
            "clear or cleared cards brought back; the table applies them after the base event has "
            "fully happened.", True))

    def _run(self, motion: Motion) -> Verdict:
        s, w = with_motion(motion)
        s.play_round()
        rec = s.motions[0]
        rnd = s.round_records[-1]
        clears = ", ".join(f"{n if n else 'none'} by {seat(i)}" for i, n in enumerate(rnd.clears))
        # a custom clear is a clear the motion added, though the engine logs it as a clear
        custom = sum(1 for e in s.dealt_round.events if isinstance(e, Cleared) and e.how == "motion")
        added = f"Events the motion added: {rnd.motion_events + custom}" + (
            f", {custom} of them custom clears" if custom else "")
        events = [f"Round 2 took {rnd.turns} turns and {seat(rnd.winner)} won it. Clears made: {clears}. "
                  f"{added}."] + [_log(x) for x in rec.log]
        if rec.fault:
            return Verdict(False, "the motion's code is switched off",
                           cite(f"The table refused it: {told(rec.fault)}. The round carried on under base "
                                "Lopti, because a motion may only add effects from the checked list", "1.7.2", "1.7.3"),
                           events, data={"fault": rec.fault})
        return Verdict(True, "the motion ran", cite("Its effects were checked and applied after each base "
                       "event; every card stayed accounted for", "1.7.3"), events, data={"fault": None})

    def cases(self):
        return [
            ("Code that tries to cancel every clear",
             lambda: self._run(Motion("Clears no longer happen.", {"after clear": lambda v: "cancel the clear"}))),
            ("Code that returns twenty effects at once",
             lambda: self._run(Motion("Every play is followed by twenty shouts.",
                                      {"after play": lambda v: [Say("hey")] * 20}))),
            ("The ready-made 'ace tax' (a gift after Aces)",
             lambda: self._run(library_motion("ace_tax"))),
            # no motion or vote can ever change the Rule Vote or Roshambo (1.7.6)
            ("A proposal to change the Rule Vote's majority",
             _refusing("A proposal to change the Rule Vote's majority",
                       lambda: _ok("accepted", "", [Proposal.law("majority", 3, when="now").describe()]),
                       "1.7.6")),
            ("Code that clears the pile after every pair (a custom clear)",
             lambda: self._run(Motion("Whenever someone plays exactly two cards, the pile is cleared.",
                                      {"after play": lambda v: ClearPile() if v.count == 2 else None}))),
        ]


class WithdrawScene(SessionScene):
    clause = "1.7.4"
    prompt = ("Motion 1 is in force in round two. Try each change. (The last two cases read a motion "
              "brought back into a new session's first round, whose author is not at the table.)")

    def draw(self) -> str:
        s, _ = with_motion()
        return _session_box(s)

    def cases(self):
        def withdraw():
            s, w = with_motion()
            rec = s.withdraw(w, 1)
            return _ok(f"motion 1 is {rec.status}", cite("The author may withdraw their own motion at any time, "
                       f"with no vote, so the round's Rule Vote is {_still_open(s)}", "1.7.4"), rec.log)

        def other():
            s, w = with_motion()
            s.withdraw((w + 1) % PLAYERS, 1)
            return _ok("accepted", "")

        def amend():
            s, w = with_motion()
            votes = [True] * PLAYERS
            votes[(w + 1) % PLAYERS] = False
            rec = s.rule_vote(w, Proposal.amend(1, "Before every lead, the leader taps the table.", "now"), votes)
            return Verdict(None, _vote_words(self.voice, rec) + "; the new wording is in force",
                           cite("Rewording a motion, even by its author, goes through the round's Rule Vote",
                                "1.7.4", "1.7.5"),
                           [_log(x) for x in s.motions[0].log], data={"passed": rec.passed})

        def restore():
            s, w = with_motion()
            s.withdraw(w, 1)
            rec = s.rule_vote((w + 1) % PLAYERS, Proposal.restore(1, "now"), [True] * PLAYERS)
            return Verdict(None, _vote_words(self.voice, rec) + f": motion 1 is {s.motions[0].status} again",
                           cite("A withdrawn motion stays out until a later Rule Vote brings it back", "1.7.4"),
                           [_log(x) for x in s.motions[0].log], data={"passed": rec.passed})

        def read_author():
            s, w = with_motion()
            r = s.interpret(1, ["name the rank before playing", "name it after playing"], author_choice=0)
            return Verdict(None, f"read as \u201c{r}\u201d",
                           cite(f"The author ({seat(w)}) is at the table and says what the motion means", "1.7.4"),
                           [_reading(s.rulings[-1])])

        def absent(votes):
            s = LoptiSessionState.by_hand(PLAYERS, seed=SEED)
            s.restore(Motion("After a pickup, the taker hums a tune."), [True] * PLAYERS, author="a former player")
            s.deal()
            r = s.interpret(1, ["hum before the next play", "hum at once"], votes=votes, least_change=0)
            how = s.rulings[-1]["by"]
            return Verdict(None, f"read as \u201c{r}\u201d ({how})",
                           cite("With the author away, a majority reading wins; without one, the reading "
                                "that changes base Lopti least", "1.7.4"), [_reading(s.rulings[-1])])

        return [
            ("The author withdraws motion 1", withdraw),
            ("Another player withdraws it", other),
            ("The author rewrites it (Rule Vote, 3 yes)", amend),
            ("Bring back the withdrawn motion by a Rule Vote", restore),
            ("Unclear wording, author present", read_author),
            ("Unclear, author absent, 3 of 4 agree", lambda: absent({0: 1, 1: 1, 2: 1, 3: 0})),
            ("Unclear, author absent, no majority", lambda: absent({0: 1, 1: 0})),
        ]


class VoteScene(SessionScene):
    clause = "1.7.5"
    prompt = "Round two: a player proposes to remove motion 1. Count the votes (everyone may vote or abstain)."

    def draw(self) -> str:
        s, w = with_motion()
        return _session_box(s, line(f"Proposer: {seat((w + 1) % PLAYERS)}. Four session players, so "
                                    "three yes votes are needed.", True))

    def _vote(self, yes_seats: set[int], kind: str = "remove", abstain: frozenset[int] = frozenset()) -> Verdict:
        s, w = with_motion()
        proposer = (w + 1) % PLAYERS
        votes = [None if seat in abstain else seat in yes_seats for seat in range(PLAYERS)]
        prop = Proposal.remove(1, "now") if kind == "remove" else Proposal.law("play_on", True, "next round")
        rec = s.rule_vote(proposer, prop, votes)
        if kind == "remove":
            changed = f"Motion 1 is {s.motions[0].status}"
        else:  # a change to base Lopti leaves the motion alone and says when it starts
            changed = ("From next round the others play on for places after the first is out; motion 1 "
                       "stays in force" if rec.passed else "Base Lopti is unchanged")
        events = [capital(told(rec.outcome)) + ".", f"{changed}; the round's vote is {_still_open(s)}."]
        if rec.roshambo is not None:
            events.append(told(rec.roshambo.describe()))
        need = PLAYERS // 2 + 1
        if rec.tied:
            why = (f"As many yes as no votes, at least one of each, is a deadlock, settled by Roshambo; "
                   f"the round's one attempt is used either way")
            clauses = ("1.7.5", "1.7.6")
        else:
            why = (f"A proposal needs yes votes from more than half of all {PLAYERS} session players, "
                   f"so {need}; it had {rec.yes}. Passed or failed, the round's one attempt is used")
            if rec.abstained:
                why = "An abstention is not a yes. " + why
            clauses = ("1.7.5",)
        # a vote's result is an outcome, not a legality question
        return Verdict(None, _vote_words(self.voice, rec), cite(why, *clauses), events,
                       data={"passed": rec.passed, "outcome": rec.outcome})

    def cases(self):
        s, w = with_motion()
        p = (w + 1) % PLAYERS
        others = [x for x in range(PLAYERS) if x not in (p, w)]

        def twice():
            s2, w2 = with_motion()
            s2.rule_vote((w2 + 1) % PLAYERS, Proposal.remove(1, "now"), [False] * PLAYERS)
            s2.rule_vote((w2 + 1) % PLAYERS, Proposal.remove(1, "now"), [True] * PLAYERS)
            return _ok("accepted", "")

        def missing_voter():
            s2, w2 = with_motion()
            s2.rule_vote((w2 + 1) % PLAYERS, Proposal.remove(1, "now"), {0: True, 1: True, 2: True})
            return _ok("accepted", "")

        return [
            ("3 yes, 1 no", lambda: self._vote({p, *others})),
            ("1 yes, 3 no", lambda: self._vote({p})),
            ("2 yes, 2 no (the author votes no)", lambda: self._vote({p, others[0]})),
            ("2 yes, 2 abstain", lambda: self._vote({p, others[0]}, abstain=frozenset({w, others[1]}))),
            ("1 yes, 1 no (the author), 2 abstain", lambda: self._vote({p}, abstain=frozenset(others))),
            ("Base law: play on for places, 3 yes", lambda: self._vote({p, *others}, "law")),
            ("A second vote in the same round", twice),
            ("Only three of the four players cast a ballot", missing_voter),
        ]


class RoshamboScene(SessionScene):
    clause = "1.7.6"
    prompt = "Settle deadlocks: a full match, a bracket, and who faces the proposer."

    def draw(self) -> str:
        return box("Roshambo", line("Exactly 30 decisive throws (ties replayed, not counted); more wins; "
                                    "at 15\u201315 the next decisive throw decides."))

    def cases(self):
        def match(seed):
            r = roshambo(0, 1, rng_thrower(random.Random(seed)))
            return Verdict(None, f"{seat(r.winner)} wins {max(r.a_wins, r.b_wins)} to {min(r.a_wins, r.b_wins)}",
                           cite(f"{r.decisive} decisive throws counted, {r.ties} tied throws replayed and not counted"
                                + (" (15 all, then one deciding throw)" if r.sudden_death else ""), "1.7.6"),
                           [told(r.describe())], data={"decisive": r.decisive, "winner": r.winner})

        def brk():
            b = bracket([1, 2, 3], rng_thrower(random.Random(4)))
            return Verdict(None, f"{seat(b.winner)} throws for the side",
                           cite("A side that cannot agree on who throws holds a knockout bracket, one "
                                "decisive throw a match", "1.7.6"),
                           [_bracket_round(i + 1, rd) for i, rd in enumerate(b.rounds)], data={"winner": b.winner})

        def deadlock(kind, advocate="auto", author_yes=False):
            s, w = with_motion()
            p = (w + 1) % PLAYERS
            rest = [x for x in range(PLAYERS) if x not in (p, w)]
            # The author voted to keep the motion (and so defends it), or voted to drop it too.
            votes = [x in ((p, w) if author_yes else (p, rest[0])) for x in range(PLAYERS)]
            prop = Proposal.remove(1, "now") if kind == "remove" else Proposal.law("turn_cap", 500, "now")
            rec = s.rule_vote(p, prop, votes, advocate=advocate)
            events = [capital(told(rec.outcome)) + "."] + ([told(rec.roshambo.describe())] if rec.roshambo else [])
            defender = seat(rec.defender) if rec.defender is not None else "nobody"
            if kind == "law":
                why = (f"For a change to base Lopti the proposer faces the first player who formally "
                       f"objected: {defender}")
            elif rec.defender is None:
                why = "Nobody defends the motion, so the proposal passes without Roshambo"
            else:
                why = f"The proposer faces the motion's author, {seat(w)}, who defends it"
            return Verdict(None, capital(told(rec.outcome.split(";")[-1].strip())), cite(why, "1.7.6"),
                           events, data={"defender": rec.defender})

        return [
            ("A whole match", lambda: match(1)),
            ("Another whole match", lambda: match(5)),
            ("Three candidates hold a bracket", brk),
            ("Tie on removing a motion: who defends?", lambda: deadlock("remove")),
            ("Tie, the author votes yes, and nobody will defend", lambda: deadlock("remove", "nobody", True)),
            ("Tie on a base-law change", lambda: deadlock("law")),
        ]


class NewSessionScene(SessionScene):
    clause = "1.7.7"
    prompt = "A new session is being set up. Bring back a motion from the last one?"

    def draw(self) -> str:
        s = LoptiSessionState.by_hand(PLAYERS, seed=SEED)
        return box("A new session", line(f"Motions in force: {len(s.in_force())}. Old motion: "
                                         "\u201cWhoever takes the pile shows their highest card.\u201d"))

    def cases(self):
        def approve(yes):
            s = LoptiSessionState.by_hand(PLAYERS, seed=SEED)
            ok = s.restore(library_motion("pile_taker_shows_highest"), [i < yes for i in range(PLAYERS)],
                           author="last session's winner")
            s.deal()
            return Verdict(None, f"{'restored' if ok else 'not restored'}, with {yes} of {PLAYERS} in favour",
                           cite(f"Approval at setup needs more than half of all {PLAYERS} players, so "
                                f"{PLAYERS // 2 + 1}; round one's Rule Vote is {_still_open(s)}", "1.7.7"),
                           [capital(told(s.votes[-1].outcome)) + "."], data={"restored": ok})

        def late():
            s = LoptiSessionState.by_hand(PLAYERS, seed=SEED)
            s.deal()
            s.restore(library_motion("pile_taker_shows_highest"), [True] * PLAYERS)
            return _ok("accepted", "")

        return [("3 of 4 approve", lambda: approve(3)), ("2 of 4 approve", lambda: approve(2)),
                ("Approve it after the first deal", late)]
