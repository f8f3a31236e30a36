"""The Lopti explainer: one step per rule of RULINGS section 1, a quiz and a sandbox."""
from __future__ import annotations

import random
from typing import Any

from ..engine import play_out
from ..games.lopti import LoptiState, Play, PlayBlind, Swap, heuristic_bot
from ..games.lopti.cards import card_name
from .core import Choice, Scene, Step, Verdict, box, esc, line
from .lopti_scenes import LoptiScene, QuizScene, SandboxScene, draw_state, position
from .lopti_session import (
    BASE_EVENTS, CHANGES, Motion, interpreter, needs_vote, roshambo, roshambo_sides, vote_result,
    why_motion_invalid,
)
from .lopti_texts import TEXTS, VOICES

_ORDINARY_OTHERS = [["4C", "5C"], ["4D", "5D"], ["4H", "5H"]]


def _others(n: int, avoid: set[str] = frozenset()) -> list[list[str]]:
    """Small hands for the other seats (ordinary cards not used elsewhere)."""
    pool = [r + s for r in ("4", "5", "6", "8", "9", "J", "Q", "K", "A") for s in "CDHS"]
    pool = [c for c in pool if c not in avoid]
    return [pool[2 * i: 2 * i + 2] for i in range(n)]


def _pos(me: list[str], pile=(), players: int = 3, turn: int = 0, **kw):
    """Seat ``turn`` holds ``me``; the other seats get two ordinary cards each."""
    used = set(me) | {c for p in pile for c in p.split()} | set(kw.get("draw_pile", ()))
    for group in (kw.get("face_up") or []):
        used |= set(group)
    for group in (kw.get("face_down") or []):
        used |= set(group)
    others = _others(players - 1, used)
    hands = []
    for s in range(players):
        hands.append(list(me) if s == turn else others.pop(0))
    return position(hands, pile=pile, turn=turn, **kw), list(pile)


def _scene(me, pile=(), players=3, turn=0, progressive=False, extra=(), only=None, prompt="", **kw):
    build, pile = _pos(me, pile, players, turn, **kw)
    return lambda: LoptiScene(build, pile, extra=extra, progressive=progressive, prompt=prompt, only=only)


# -- scenes that need more than a position ----------------------------------------------------
def _setup_scene():
    def build():
        return LoptiState(3, seed=11)

    st = build()
    hand = [card_name(c) for c in st.hands[0]]
    ups = [card_name(c) for c in st.face_up[0]]
    extra = [Swap(hand[0], ups[0]), Swap(hand[1], ups[2]), Swap(ups[0], hand[0])]
    return LoptiScene(build, (), extra=extra,
                      prompt="Keep the deal, or swap a hand card with a face-up card (one swap names "
                             "the cards the wrong way round).")


class RoundsScene(Scene):
    """The end of a round, the next deal (``next_round``) and a capped simulated round."""

    prompt = "Finish this round and deal the next, or let bots play rounds under a turn cap."

    def reset(self) -> None:
        self.build, _ = _pos([], ["5D"], face_up=[[], [], []],
                             face_down=[["9C"], ["4D", "6D", "8D"], ["4H", "6H", "8H"]],
                             dealer=2)
        self.state = self.build()

    def draw(self) -> str:
        s = self.state
        return draw_state(s) + line(f"Dealer this round: seat {s.dealer}; leader: seat {s.leader}.", True)

    def choices(self) -> list[Choice]:
        return [Choice("Play the last face-down card, then deal the next round", "next"),
                Choice("Bots play a round with a turn cap of 10", ("cap", 10)),
                Choice("Bots play a round with a turn cap of 1000", ("cap", 1000))]

    def attempt(self, key) -> Verdict:
        if key == "next":
            st = self.state.copy()
            start = len(st.events)
            st.apply(PlayBlind(0))
            nxt = st.next_round(seed=3)
            events = st.describe_events(0, start)
            return Verdict(None, f"seat {st.winner} wins; next round dealt by seat {nxt.dealer}, led by seat {nxt.leader}",
                           "The deal passes one seat clockwise, and the winner of the round just played leads the next.",
                           events, data={"dealer": nxt.dealer, "leader": nxt.leader, "winner": st.winner})
        _, cap = key
        st = LoptiState(4, seed=2, turn_cap=cap)
        rng = random.Random(0)
        play_out(st, [heuristic_bot] * 4, rng)
        r = st.result
        head = (f"stopped at the cap after {st.turns} turns: recorded as a stalemate" if r.stalemate
                else f"seat {r.details['winner']} won after {st.turns} turns")
        return Verdict(None, head, "The engine records a capped round as a stalemate in its result.",
                       st.describe_events(None)[-2:], data={"stalemate": r.stalemate, "turns": st.turns})

    def check(self) -> None:
        st = self.build()
        assert sorted(st.all_cards()) == list(range(52))
        assert st.legal_actions() and not st.is_over


class MotionScene(Scene):
    prompt = "Propose a motion; the procedure says whether it may stand."
    MOTIONS = [
        Motion("After any clear, the clearer names a rank; the next player draws a card if they hold it.", "clear"),
        Motion("Before every lead, the leader says the rank aloud.", "lead", "before"),
        Motion("Clears by four of a kind no longer happen.", "clear", prevents=True),
        Motion("The round cannot be won by playing a 10.", "out", blocks_victory_or_vote=True),
        Motion("Whenever a 2 is played, replay the whole turn again.", "play", unbounded=True),
        Motion("The last round's winner loses their win.", "round end", retroactive=True),
        Motion("Sam must take the pile on every 7.", "play", names_person=True),
        Motion("Rule Votes need two thirds from now on.", "deal", changes_vote=True),
    ]

    def draw(self) -> str:
        return box("Base events a motion may hook (before or after)", line(esc(", ".join(BASE_EVENTS))))

    def choices(self) -> list[Choice]:
        return [Choice(m.text, i) for i, m in enumerate(self.MOTIONS)]

    def attempt(self, i) -> Verdict:
        m = self.MOTIONS[i]
        why = why_motion_invalid(m)
        if why is None:
            return Verdict(True, m.text, f"It adds an action {m.timing} the {m.event} event and takes nothing away.")
        return Verdict(False, m.text, why[0].upper() + why[1:] + ".")


class VoteScene(Scene):
    prompt = "Five players are in the session (two are already out). Count the votes."
    CASES = [(3, 2), (2, 2), (2, 1), (4, 1), (1, 3), (2, 3)]

    def draw(self) -> str:
        return box("Session", line("5 session players: seats 0-4 (seats 3 and 4 are out of this "
                                   "round but still vote). Abstentions are allowed."))

    def choices(self) -> list[Choice]:
        return [Choice(f"{y} yes, {n} no", (y, n)) for y, n in self.CASES]

    def attempt(self, key) -> Verdict:
        y, n = key
        outcome, why = vote_result(y, n, 5)
        words = {"passes": "the vote passes", "fails": "the vote fails",
                 "deadlock": "the vote is deadlocked"}[outcome]
        return Verdict(outcome == "passes", words, why, data={"outcome": outcome})


class RoshamboScene(Scene):
    prompt = "Play decisive throws against the defender (the defender's throws are seeded)."
    progressive = True

    def reset(self) -> None:
        self.throws: list[tuple[str, str]] = []
        self.rng = random.Random(7)

    def draw(self) -> str:
        r = roshambo(self.throws)
        return box("Roshambo", line(
            f"Proposer {r['proposer']} \u2013 defender {r['defender']} after {r['decisive']} decisive "
            f"throws ({r['ties']} ties replayed, not counted)."
            + (f" Winner: the {r['winner']}." if r["winner"] else "")))

    def choices(self) -> list[Choice]:
        return [Choice(t.capitalize(), t) for t in ("rock", "paper", "scissors")] + [
            Choice("Fast-forward to the end", "auto")] + [
            Choice(f"Who defends: {w}", ("side", w)) for w in ("motion, author here", "motion, author away, advocate",
                                                                  "motion, nobody defends", "base law")]

    def _defender(self) -> str:
        return self.rng.choice(("rock", "paper", "scissors"))

    def attempt(self, key) -> Verdict:
        if isinstance(key, tuple):
            w = key[1]
            target = "base law" if w == "base law" else "motion"
            who, why = roshambo_sides(target, author_present="here" in w, advocate="advocate" in w)
            return Verdict(None, f"defender: {who or 'nobody (the proposal passes)'}", why[0].upper() + why[1:] + ".")
        if roshambo(self.throws)["winner"]:
            return Verdict(None, "this Roshambo is already decided", "Reset the position to play again.")
        if key == "auto":
            while not roshambo(self.throws)["winner"]:
                self.throws.append((self.rng.choice(("rock", "paper", "scissors")), self._defender()))
        else:
            self.throws.append((key, self._defender()))
        r = roshambo(self.throws)
        a, b = self.throws[-1]
        last = f"you threw {a}, the defender threw {b}"
        head = f"the {r['winner']} wins {max(r['proposer'], r['defender'])}\u2013{min(r['proposer'], r['defender'])}" \
            if r["winner"] else last
        why = ("A tie is replayed and does not count." if a == b else
               "Exactly 30 decisive throws; the side with more wins, and at 15\u201315 the next decisive throw decides.")
        return Verdict(None, head, why, data=r)


class WithdrawScene(Scene):
    prompt = "Something should happen to a motion. Does it need the Rule Vote?"

    def draw(self) -> str:
        return box("The motion in force", line("\u201cBefore every lead, the leader says the rank aloud.\u201d"
                                               " (written by seat 2)"))

    def choices(self) -> list[Choice]:
        out = [Choice(label, k) for k, (label, _, _) in CHANGES.items()]
        out += [Choice("Unclear wording, author present", ("read", True, False)),
                Choice("Unclear, author away, the table has a majority view", ("read", False, True)),
                Choice("Unclear, author away, no majority", ("read", False, False))]
        return out

    def attempt(self, key) -> Verdict:
        if isinstance(key, tuple):
            who = interpreter(key[1], key[2])
            return Verdict(None, who.split(",")[-1].strip(), who[0].upper() + who[1:] + ".")
        vote, why = needs_vote(key)
        return Verdict(None, "needs the Rule Vote" if vote else "no vote needed",
                       why[0].upper() + why[1:] + ".", data={"needs_vote": vote})


def _new_session_scene():
    class S(Scene):
        prompt = "At the setup of a new session, five players vote on an old motion."

        def draw(self):
            return box("Old motion", line("\u201cAfter every clear, the clearer says a rank aloud.\u201d"))

        def choices(self):
            return [Choice(f"{y} of 5 approve", y) for y in (2, 3)]

        def attempt(self, y):
            outcome, why = vote_result(y, 5 - y, 5)
            back = outcome == "passes"
            return Verdict(back, "the motion returns" if back else "the motion stays out",
                           why.split(";")[0].rstrip(".") + ". Round one's Rule Vote is still unused.")
    return S()


# -- the step list ------------------------------------------------------------------------------
def _step_defs() -> list[tuple[str, tuple[str, ...], Any, str]]:
    blind_fd = [["5H", "KS", "10D"], ["4C", "4D", "4H"], ["5C", "5D", "5S"]]
    return [
        ("order", ("1.1",), _scene(["6H", "9D", "QC", "AS"], ["8S"]), "Cards"),
        ("one_rank", ("1.1", "1.2"), _scene(["5C", "5D", "JH", "JS", "KD"], ["4S"],
                                            extra=[Play("5", 3)]), "Cards"),
        ("lead", ("1.2", "1.5"), _scene(["4C", "4D", "4H", "KS", "2D"], []), "Legal plays"),
        ("match_more", ("1.2",), _scene(["9H", "9D", "JC"], ["6C", "9S"]), "Legal plays"),
        ("four", ("1.2", "1.3"), _scene(["9C", "KH", "4S"], ["5D", "9S", "9H 9D"]), "Legal plays"),
        ("two_on", ("1.2",), _scene(["2C", "2H", "4D"], ["KS"]), "Special cards"),
        ("after_two", ("1.2",), _scene(["4D", "2H", "2D", "JC"], ["KS", "2C"]), "Special cards"),
        ("seven", ("1.2",), _scene(["5C", "8H", "10D", "7H", "7C", "3D"], ["QD", "7S"]), "Special cards"),
        ("ten", ("1.2", "1.3"), _scene(["10C", "4H", "KC"], ["6S", "JD"]), "Special cards"),
        ("three_duty", ("1.2", "1.4"), _scene(["3C", "3S", "AH"], ["KD"], players=4), "Threes"),
        ("answer_duty", ("1.2", "1.4"), _scene(["3H", "AS", "10S", "2S"], ["KD", "3C"], players=4, turn=1), "Threes"),
        ("chain", ("1.3", "1.4"), _scene(["3S", "QH"], ["JC", "3C", "3D 3H"], players=4, turn=2), "Threes"),
        ("three_empty", ("1.4",), _scene(["3D", "8C", "9C"], []), "Threes"),
        ("take", ("1.5",), _scene(["KC", "4C"], ["5H", "8D", "QS"]), "A turn"),
        ("draw", ("1.5",), _scene(["8C", "8D", "KH", "QD"], ["5S"], draw_pile=["4H", "JS", "AC"]), "A turn"),
        ("bonus", ("1.3", "1.5"), _scene(["10S", "10D", "4C", "4D"], ["9C", "JH"], draw_pile=["AS", "KD"],
                                         progressive=True), "A turn"),
        ("face_up", ("1.5",), _scene(["KD"], ["8S"], face_up=[["5C", "9H", "JD"], [], []]), "A turn"),
        ("blind", ("1.5",), _scene([], ["QC"], face_up=[[], [], []], face_down=blind_fd,
                                   prompt="The face-down cards are hidden; flip one and see."), "A turn"),
        ("blind_duty", ("1.4", "1.5"), _scene([], ["9C", "3C"], turn=1, face_up=[[], [], []],
                                              face_down=[["4C", "4D", "4H"], ["3H", "AD", "9S"], ["5C", "5D", "5S"]],
                                              prompt="A 3 duty is live; flip a face-down card or take the pile."), "A turn"),
        ("turns", ("1.5", "1.6"), _scene([], ["9D"], face_up=[[], [], []],
                                         face_down=[["KH"], ["6C", "6D", "6H"], ["8C", "8D", "8H"]],
                                         play_on=True, progressive=True,
                                         prompt="Act for each seat in turn (seat 0 is on its last card)."), "Winning"),
        ("win", ("1.6",), _scene([], ["5D"], face_up=[[], [], []],
                                 face_down=[["7C"], ["6C", "6D", "6H"], ["8C", "8D", "8H"]]), "Winning"),
        ("out_on_clear", ("1.3", "1.6"), _scene([], ["JD"], face_up=[[], [], []],
                                                face_down=[["10C"], ["6C", "6D", "6H"], ["8C", "8D", "8H"]],
                                                play_on=True), "Winning"),
        ("setup", ("1.6",), _setup_scene, "Setup"),
        ("rounds", ("1.6",), RoundsScene, "Setup"),
        ("motion", ("1.7",), MotionScene, "Session"),
        ("motion_limits", ("1.7",), MotionScene, "Session"),
        ("withdraw", ("1.7",), WithdrawScene, "Session"),
        ("vote", ("1.7",), VoteScene, "Session"),
        ("roshambo", ("1.7",), RoshamboScene, "Session"),
        ("new_session", ("1.7",), _new_session_scene, "Session"),
        ("quiz", (), QuizScene, "Practice"),
        ("sandbox", ("1.2",), SandboxScene, "Practice"),
    ]


def check_voice(voice: str) -> str:
    if voice not in TEXTS:
        raise ValueError(f"Unknown voice {voice!r} for Lopti. Voices: {', '.join(VOICES)}.")
    return voice


def steps(voice: str = "plain") -> list[Step]:
    texts = TEXTS[check_voice(voice)]
    out = []
    for key, clauses, make, topic in _step_defs():
        title, text = texts[key]
        kind = key if key in ("quiz", "sandbox") else "rule"
        out.append(Step(key, title, text, clauses, make, topic, kind))
    return out
