"""Lopti's lessons: one step per rule of the rules reference (``reference.md``), a quiz and a sandbox, told in
three voices (:data:`VOICES`). The lesson shell (:mod:`lopti_nb.explainers`) finds this module
through ``SPEC.lessons``; the positions are in :mod:`.lessons_scenes` and
:mod:`.lessons_session`, the words in :mod:`.lessons_texts`.

The quiz counts only a learner's first answer to each question; its answers are the rules
oracle ``judge``'s, and the session steps are taught on a real session state."""
from __future__ import annotations

import random
from typing import Any

from lopti_nb.engine import play_out
from lopti_nb.explainers.core import Choice, Scene, Step, Verdict, check_voice, line

from .bots import heuristic_bot
from .cards import card_name
from .lessons_scenes import LoptiScene, QuizScene, SandboxScene, draw_state, position
from .lessons_session import (
    LimitsScene, MotionScene, NewSessionScene, RoshamboScene, VoteScene, WithdrawScene,
)
from .lessons_texts import TEXTS, VOICES
from .lessons_words import as_you, seat, told
from .plugin import SPEC
from .state import LoptiState, Play, PlayBlind, Swap

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
def _goal_scene():
    """A real table, just dealt for three players, with nothing to try yet."""
    return LoptiScene(lambda: LoptiState(3, seed=11), (), only=[],
                      prompt="Nothing to try yet: look at the three places your cards lie in.")


def _setup_scene():
    def build():
        return LoptiState(3, seed=11)

    st = build()
    hand = [card_name(c) for c in st.hands[0]]
    ups = [card_name(c) for c in st.face_up[0]]
    extra = [Swap(hand[0], ups[0]), Swap(hand[1], ups[2]), Swap(ups[0], hand[0])]
    return LoptiScene(build, (), extra=extra,
                      prompt="Keep the deal, or swap a hand card with a face-up card (one of the swaps "
                             "names the cards the wrong way round).")


class RoundsScene(Scene):
    """The end of a round, the next deal (``next_round``) and a capped simulated round."""

    prompt = "Finish this round and deal the next, or let bots play rounds under a turn cap."
    voice = "plain"

    def reset(self) -> None:
        self.build, _ = _pos([], ["5D"], face_up=[[], [], []],
                             face_down=[["9C"], ["4D", "6D", "8D"], ["4H", "6H", "8H"]],
                             dealer=2)
        self.state = self.build()

    def draw(self) -> str:
        s = self.state
        return draw_state(s) + line(f"Dealer this round: {seat(s.dealer)}; leader: {seat(s.leader)}.", True)

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
            events = [as_you(told(e), 0, self.voice) for e in st.describe_events(0, start)]
            who = "you" if st.winner == 0 else seat(st.winner)
            dealer = "you" if nxt.dealer == 0 else seat(nxt.dealer)
            leader = "you" if nxt.leader == 0 else seat(nxt.leader)
            # the learner is Seat 1: "dealt and led by you", never "dealt by Seat 1 and led by you"
            by = f"dealt and led by {dealer}" if dealer == leader else f"dealt by {dealer} and led by {leader}"
            return Verdict(None, f"{who} win{'' if who == 'you' else 's'} the round; the next round is {by}",
                           "The deal passes one seat clockwise, and the winner of the round just played "
                           "leads the next (rules reference \u00a71.6).",
                           events, data={"dealer": nxt.dealer, "leader": nxt.leader, "winner": st.winner})
        _, cap = key
        st = LoptiState(4, seed=2, turn_cap=cap)
        rng = random.Random(0)
        play_out(st, [heuristic_bot] * 4, rng)
        r = st.result
        head = (f"stopped at the cap after {st.turns} turns: recorded as a stalemate" if r.stalemate
                else f"{seat(r.details['winner'])} won after {st.turns} turns, before the cap")
        why = ("Nobody was out when the cap was reached, so the round is recorded as a stalemate, "
               "not dropped" if r.stalemate else
               "A player went out before the cap, so the round has a winner")
        return Verdict(None, head, why + " (rules reference \u00a71.6).",
                       [told(e) for e in st.describe_events(None)[-2:]],
                       data={"stalemate": r.stalemate, "turns": st.turns})

    def check(self) -> None:
        st = self.build()
        assert sorted(st.all_cards()) == list(range(52))
        assert st.legal_actions() and not st.is_over


# -- the step list ------------------------------------------------------------------------------
def _step_defs() -> list[tuple[str, tuple[str, ...], Any, str]]:
    blind_fd = [["5H", "KS", "10D"], ["4C", "4D", "4H"], ["5C", "5D", "5S"]]
    return [
        ("goal", ("1.1", "1.5", "1.6"), _goal_scene, "The goal"),
        ("setup", ("1.6",), _setup_scene, "The goal"),
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
                                         prompt="Act for each seat in turn (you, Seat 1, are on your last card)."), "Winning"),
        ("win", ("1.6",), _scene([], ["5D"], face_up=[[], [], []],
                                 face_down=[["7C"], ["6C", "6D", "6H"], ["8C", "8D", "8H"]]), "Winning"),
        ("out_on_clear", ("1.3", "1.6"), _scene([], ["JD"], face_up=[[], [], []],
                                                face_down=[["10C"], ["6C", "6D", "6H"], ["8C", "8D", "8H"]],
                                                play_on=True), "Winning"),
        ("rounds", ("1.6",), RoundsScene, "Setup"),
        ("motion", ("1.7", "1.7.1", "1.7.3"), MotionScene, "Session"),
        ("motion_limits", ("1.7.2", "1.7.3"), LimitsScene, "Session"),
        ("withdraw", ("1.7.4",), WithdrawScene, "Session"),
        ("vote", ("1.7.5",), VoteScene, "Session"),
        ("roshambo", ("1.7.6",), RoshamboScene, "Session"),
        ("new_session", ("1.7.7",), NewSessionScene, "Session"),
        ("quiz", ("1.2", "1.3", "1.4"), QuizScene, "Practice"),
        ("sandbox", ("1.2",), SandboxScene, "Practice"),
    ]


def steps(voice: str = "plain") -> list[Step]:
    """Lopti's steps told in ``voice`` (one of :data:`VOICES`): the same steps and clauses in
    every voice, only the words change."""
    texts = TEXTS[check_voice(voice, VOICES, SPEC.title)]
    out = []
    for key, clauses, make, topic in _step_defs():
        title, text = texts[key]
        kind = key if key in ("quiz", "sandbox") else "rule"
        out.append(Step(key, title, text, clauses, _voiced(make, voice), topic, kind))
    return out


def _voiced(make, voice: str):
    """A scene maker whose scenes give their feedback in ``voice`` (verdicts, quiz answers)."""
    def build():
        scene = make()
        scene.voice = voice
        return scene
    return build
