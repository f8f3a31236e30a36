"""Lopti positions for the explainer, built with ``LoptiState.from_position`` and judged by
the engine (``why_illegal``, ``apply`` and its events) and the oracle ``judge``."""
from __future__ import annotations

from typing import Any, Callable, Sequence

import ipywidgets as W

from lopti_nb.explainers.core import Choice, Scene, Verdict, box, esc, line
from lopti_nb.explainers.quiz import QuizScene as GenericQuiz
from lopti_nb.widgets.svg import card_back_svg, cards_row_html

from .cards import NAMES, RANKS, parse_rank
from .cards import card_label
from .events import BlindMiss, Cleared, Drew, Played, TookFaceUp, WentOut
from .lessons_words import as_you, capital, cards, cite, play_label, ranks, told, words
from .lessons_words import seat as seat_name
from .pictures import lopti_card_svg
from .rules import LEGAL, judge, reason_text
from .state import KeepCards, LoptiState, Play, PlayBlind, Swap, TakePile
from .testing import check_position

RANK_ORDER = {r: i for i, r in enumerate(RANKS)}


def rank_of(name: str) -> str:
    return name[:-1]


def ranks_of_play(play: str) -> str:
    """``"9S 9H"`` -> ``"9 9"`` (the oracle's notation)."""
    return " ".join(rank_of(c) for c in play.split())


def draw_state(state: LoptiState, seat: int | None = None, title: str = "") -> str:
    """The table as the seat to act sees it: the pile, the 3 chain, their cards. The seat to
    act is "you"; the others are named by seat, counted from 1."""
    seat = state.current_player if seat is None else seat
    if seat is None:
        seat = 0
    obs = state.observation(seat)
    pile_svgs = [lopti_card_svg(n, scale=0.85) for n in obs["pile"]]
    notes = []
    if obs["top"] is not None:
        notes.append(f"{ranks(obs['top'], obs['top_count'])} on top")
        if obs["run"] > obs["top_count"]:
            notes.append(f"{ranks(obs['top'], obs['run'])} in a row")
    if obs["chain"]:
        notes.append(f"3s in the chain: {obs['chain']} (gone from play)")
    if obs["duty"]:
        notes.append("a 3 duty is live")
    notes.append(f"draw pile: {cards(obs['draw_pile'])}")
    pile = box("The pile" + (" \u2014 " + "; ".join(notes) if notes else ""),
               cards_row_html(pile_svgs, empty="The table is empty."))
    hand = cards_row_html([lopti_card_svg(n, scale=0.85) for n in obs["hand"]], empty="(empty)")
    ups = cards_row_html([lopti_card_svg(n, scale=0.7) for n in obs["face_up"][seat]], empty="(none)")
    downs = cards_row_html(
        [card_back_svg(scale=0.7, label=f"face-down card {p + 1}", text=str(p + 1))
         for p in obs["face_down"][seat]], empty="(none)")
    who = "" if obs["current_player"] is None else (
        " \u2014 a bonus play" if obs["bonus"] else "")
    mine = box(f"You ({seat_name(seat)}) to act{who}",
               '<div style="display:flex;gap:14px;flex-wrap:wrap">'
               f'<div>{line("hand", True)}{hand}</div>'
               f'<div>{line("face up", True)}{ups}</div>'
               f'<div>{line("face down", True)}{downs}</div></div>')
    others = []
    for s in range(state.num_players):
        if s == seat:
            continue
        if s in obs["out"]:
            others.append(f"{seat_name(s)}: out")
        else:
            others.append(f"{seat_name(s)}: hand {obs['hand_sizes'][s]}, face up "
                          f"{len(obs['face_up'][s])}, face down {len(obs['face_down'][s])}")
    head = f'<div style="font-weight:bold">{esc(title)}</div>' if title else ""
    return head + pile + mine + line(esc(" \u00b7 ".join(others)), True)


def pile_row(state: LoptiState) -> str:
    names = state.observation(None)["pile"]
    return box("The pile afterwards", cards_row_html([lopti_card_svg(n, scale=0.6) for n in names],
                                                     empty="empty"))


class LoptiScene(Scene):
    """A position from ``LoptiState.from_position`` (or a fresh deal) and every move of the
    player to act: each rank and count from the hand (legal or not), the face-down cards,
    taking the pile, and any extra actions listed."""

    def __init__(self, build: Callable[[], LoptiState], pile: Sequence[str] = (),
                 extra: Sequence[Any] = (), progressive: bool = False, prompt: str = "",
                 only: Sequence[Any] | None = None, voice: str = "plain"):
        self.build = build
        self.voice = voice
        self.pile_spec = list(pile)
        self.extra = list(extra)
        self.only = list(only) if only is not None else None
        self.progressive = progressive
        if prompt:
            self.prompt = prompt
        super().__init__()

    def reset(self) -> None:
        self.state = self.build()
        self.history = [ranks_of_play(p) for p in self.pile_spec]

    def draw(self) -> str:
        if self.state.is_over:
            return draw_state(self.state, 0) + line("The round is over.")
        return draw_state(self.state)

    def actions(self) -> list[Any]:
        if self.only is not None:
            return list(self.only)
        state = self.state
        if state.is_over:
            return []
        if state.phase == "swap":
            return [KeepCards()] + self.extra
        seat = state.current_player
        hand = state.hands[seat]
        counts: dict[str, int] = {}
        for c in hand:
            r = RANKS[c >> 2]
            counts[r] = counts.get(r, 0) + 1
        out: list[Any] = []
        for r in sorted(counts, key=RANK_ORDER.get):
            out.extend(Play(r, k) for k in range(1, counts[r] + 1))
        if not hand:
            out.extend(PlayBlind(p) for p in range(3) if state.face_down[seat][p] is not None)
        out.append(TakePile())
        return out + [a for a in self.extra if a not in out]

    def choices(self) -> list[Choice]:
        return [Choice(self.label(a), a) for a in self.actions()]

    @staticmethod
    def label(action: Any) -> str:
        """A choice's button label in a player's words (``Play two 9s``, ``Swap 2\u2663 ...``)."""
        if isinstance(action, Play):
            return play_label(action.rank, action.count)
        return capital(told(str(action)))

    def _clauses(self, action: Any, state: LoptiState, clears: bool = False) -> tuple[str, ...]:
        """The clauses of the rules reference that decide ``action`` here."""
        if isinstance(action, (Swap, KeepCards)):
            return ("1.6",)
        if isinstance(action, (TakePile, PlayBlind)):
            return ("1.5", "1.4") if state.pile.duty else ("1.5",)
        out = ["1.2"]
        if isinstance(action, Play) and (action.rank == "3" or state.pile.duty):
            out.append("1.4")
        if clears:
            out.append("1.3")
        return tuple(out)

    def _headline(self, action: Any, state: LoptiState) -> str:
        w = words(self.voice)
        if isinstance(action, Play):
            return w["play_you"].format(what=ranks(action.rank, action.count))
        if isinstance(action, TakePile):
            n = state.pile.size
            return w["take"].format(n=cards(n)) if n else w["take_empty"]
        if isinstance(action, Swap):
            return w["swap"].format(hand=told(action.hand_card), up=told(action.face_up_card))
        if isinstance(action, KeepCards):
            return w["keep"]
        return told(str(action))

    def attempt(self, action: Any) -> Verdict:
        w = words(self.voice)
        state = self.state
        seat = state.current_player
        reason = state.why_illegal(action)
        if reason is not None:
            if isinstance(action, Play) and action.count > sum(
                    1 for c in state.hands[seat] if RANKS[c >> 2] == action.rank):
                clauses: tuple[str, ...] = ("1.1",)  # a play is cards you hold
            else:
                clauses = self._clauses(action, state)
            return Verdict(False, self._headline(action, state),
                           cite(capital(as_you(told(reason), seat, self.voice)), *clauses),
                           data={"why_illegal": reason})
        new = state.copy()
        start = len(new.events)
        new.apply(action)
        # the learner sits at the seat to act: the log calls that seat "you", like the headline
        events = [as_you(told(e.for_seat(seat).describe()), seat, self.voice) for e in new.events[start:]]
        headline = self._headline(action, state)
        legal: bool | None = True
        data: dict[str, Any] = {"why_illegal": None}
        clears = any(isinstance(e, Cleared) for e in new.events[start:])
        if isinstance(action, Play) and state.phase == "play":
            j = judge(self.history, " ".join([action.rank] * action.count)) if self._history_ok() else None
            if j is not None:
                why = j.reason
                data["judge"] = j
                clears = clears or j.clears
            else:
                why = reason_text(LEGAL, state.pile, parse_rank(action.rank), action.count)
            why = cite(told(why), *self._clauses(action, state, clears))
        elif isinstance(action, TakePile):
            why = cite(w["take_why"], *self._clauses(action, state))
        elif isinstance(action, PlayBlind):
            why = w["blind_why"]
            for e in new.events[start:]:
                if isinstance(e, BlindMiss):
                    data["blind_miss"] = True
                    refused = told(e.reason)
                    if not refused.startswith("A is"):  # "A 3 duty ..." goes on mid-sentence; an ace stays "A"
                        refused = refused[:1].lower() + refused[1:]
                    why += w["blind_miss_why"] + refused
                elif isinstance(e, Played):
                    data["blind_miss"] = False
                    data["card"] = e.cards[0]
            if data.get("blind_miss"):
                # a miss is not a refused move: flipping was allowed, the card just did not fit
                legal = None
                headline = w["blind_miss"]
            else:
                headline = w["blind_hit"].format(card=card_label(data["card"]))
                why += w["blind_hit_why"]
            # a miss was refused by the card rules, which the reason quotes
            why = cite(why, *self._clauses(action, state), *(("1.2",) if data.get("blind_miss") else ()))
        else:  # the swap or keeping the deal
            why = cite(w["swap_why"], *self._clauses(action, state))
        why = self._outcome(why, action, state, new, start)
        if new.current_player is not None and new.phase == "play":
            who = w["you"] if new.current_player == seat else seat_name(new.current_player)
            events.append((w["next_bonus"] if new.bonus else w["next"]).format(who=who))
        after = "" if new.phase == "swap" else pile_row(new)
        if self.progressive:
            self.state = new
            self._track(action)
            after = ""
        return Verdict(legal, headline, why, events, after, data)

    def _outcome(self, why: str, action: Any, state: LoptiState, new: LoptiState, start: int) -> str:
        """The reason told to the learner who made the move: the clearer is "you", and a move
        that was the player's last card says so, with the rule that decides it (1.6, and 1.3:
        no bonus play for a player who went out on a clear)."""
        w = words(self.voice)
        you = w["you"]
        why = why.replace("and the player takes a bonus play", f"and {you} take a bonus play")
        happened = new.events[start:]
        seat = state.current_player
        if isinstance(action, (Play, PlayBlind)) and state.bonus and state.phase == "play":
            # the step teaches that a bonus play earns no draw: the verdict says so where it applies
            body, sep, cited = why.rpartition(" (rules reference ")
            if sep:
                why = f"{body}. As a bonus play, it earns no draw{sep}{cited}".replace(
                    cited, cited if "\u00a71.3" in cited else cited.replace(")", ", \u00a71.3)", 1))
        if (isinstance(action, Play) and not state.bonus and not state.first_play_done
                and state.phase == "play" and state.draw_pile):
            # where a draw pile is in play (the draw step) the verdict says why a card was drawn or not
            held = len(new.hands[seat]) - (1 if any(isinstance(e, Drew) for e in happened) else 0)
            held_words = {0: "no cards", 1: "one card", 2: "two cards", 3: "three cards"}.get(held, cards(held))
            body, sep, cited = why.rpartition(" (rules reference ")
            if sep and any(isinstance(e, Drew) for e in happened):
                why = (f"{body}. After the first play of the turn {you} hold {held_words}, fewer than "
                       f"three, so {you} draw one{sep}{cited}")
            elif sep and not any(isinstance(e, WentOut) for e in happened):
                why = (f"{body}. After the first play of the turn {you} still hold {held_words}, so "
                       f"{you} draw none{sep}{cited}")
            if sep and "\u00a71.5" not in why:
                why = why[:-2] + ", \u00a71.5)."
        if any(isinstance(e, TookFaceUp) and e.seat == seat for e in happened):
            # the face-up step: say why the face-up cards came up, with the rule (1.5)
            body, sep, cited = why.rpartition(" (rules reference ")
            if sep:
                hand = "fist" if self.voice == "pirate" else "hand"  # the pirate's word for a hand
                why = (f"{body}. {capital(w['your'])} {hand} is now empty and {you} have no draw to come, so "
                       f"{you} take up {w['your']} face-up cards{sep}{cited}")
                if "\u00a71.5" not in why:
                    why = why[:-2] + ", \u00a71.5)."
        out = next((e for e in happened if isinstance(e, WentOut) and e.seat == seat), None)
        cleared = any(isinstance(e, Cleared) and e.seat == seat for e in happened)
        if out is None:
            if isinstance(action, PlayBlind) and cleared:
                return why.replace(" (rules reference", f". It clears the pile, and {you} take a bonus play"
                                   " (rules reference", 1).replace("\u00a71.5)", "\u00a71.5, \u00a71.3)")
            return why
        body, _, cited = why.rpartition(" (rules reference ")
        body = body.replace(f", and {you} take a bonus play", "").replace(f" and {you} take a bonus play", "")
        result = ("so you win the round" if out.place == 1 else f"so you are out in place {out.place}")
        if self.voice == "pirate":
            result = result.replace("you", "ye")
        said = f"It was your last card, {result}"
        clauses = cited.rstrip(".").rstrip(")").split(", ")
        clauses = [c.lstrip("\u00a7") for c in clauses] + ["1.6"]
        if cleared:
            said += "; going out on a clear earns no bonus play"
            clauses.append("1.3")
        if self.voice == "pirate":
            said = said.replace("your", "yer")
        ordered = list(dict.fromkeys(clauses))
        return cite(f"{body.rstrip('.')}. {said}", *ordered)

    # the oracle's history follows the pile while the scene plays on
    def _history_ok(self) -> bool:
        return self.history is not None

    def _track(self, action: Any) -> None:
        if self.history is None:
            return
        st = self.state
        if st.pile.size == 0 and st.pile.chain == 0:
            self.history = []
        elif isinstance(action, Play):
            self.history.append(" ".join([action.rank] * action.count))
        else:
            self.history = None  # blind flips: fall back to the engine's own reason text

    def check(self) -> None:
        state = self.build()
        assert check_position(state) == [], check_position(state)
        history: list[str] = []
        for play in self.pile_spec:
            j = judge(history, ranks_of_play(play))
            assert j.legal and not j.clears, f"pile play {play!r} is not legal on {history}: {j.reason}"
            history.append(ranks_of_play(play))
        assert not state.is_over
        assert state.current_player is not None
        for a in self.actions():
            if state.why_illegal(a) is None and not isinstance(a, (Swap, KeepCards)):
                assert a in state.legal_actions(), f"{a} legal by why_illegal but not listed"


def position(hands, pile=(), face_up=None, face_down=None, draw_pile=(), turn=0, **settings):
    """A builder for ``LoptiState.from_position`` with the pile given as card names."""
    n = len(hands)
    if face_down is None:
        # every seat keeps three face-down cards (unused ordinary cards), so that playing
        # the last hand card never ends the round by accident
        named = {c for group in list(hands) + list(face_up or []) for c in group}
        named |= set(draw_pile) | {c for p in pile for c in p.split()}
        spare = [c for c in NAMES if c not in named and rank_of(c) not in ("2", "3", "7", "10")]
        face_down = [spare[3 * s: 3 * s + 3] for s in range(n)]

    def build() -> LoptiState:
        return LoptiState.from_position(
            hands=[list(h) for h in hands], face_up=face_up, face_down=face_down,
            draw_pile=list(draw_pile), pile=list(pile), turn=turn, **settings)
    return build


# -- the quiz: the seed's ruling questions, answered by the oracle ------------------------------
class QuizItem:
    def __init__(self, question: str, history: Sequence[str], play: str,
                 options: Sequence[tuple[str, Any]], oracle: Callable[[], Any], expected: Any,
                 explain: Callable[[], str], clauses: Sequence[str] = ("1.2",)):
        self.clauses = tuple(clauses)
        self.question = question
        self.history = list(history)
        self.play = play
        self.options = list(options)
        self.oracle = oracle
        self.answer = oracle  # the lesson shell's quiz asks ``answer()``
        self.expected = expected
        self.explain = explain


def _duty_seats_after(play_ranks: str) -> int:
    """How many players face the 3 duty after seat 0 plays ``play_ranks`` on a king, by
    running the engine with four players."""
    suits = "CDHS"
    n = len(play_ranks.split())
    threes = [f"3{suits[i]}" for i in range(n)]
    state = LoptiState.from_position(
        hands=[threes + ["5C"], ["4D"], ["4H"], ["4S"]], face_down=[["9C"], ["9D"], ["9H"], ["9S"]],
        pile=["KD"], turn=0)
    state.apply(Play("3", n))
    seats = 0
    probe = state.copy()
    # every player who must answer: follow the turn while the duty stays live and nobody
    # answers it (they take the pile instead)
    while probe.pile.duty:
        seats += 1
        probe.apply(TakePile())
    return seats


def quiz_items() -> list[QuizItem]:
    def jl(h, p):
        return lambda: judge(h, p).legal

    def jlc(h, p):
        return lambda: (judge(h, p).legal, judge(h, p).clears)

    def reason(h, p):
        return lambda: judge(h, p).reason

    return [
        QuizItem("A 3 is played onto an empty table. Must the next player now play 3s or take the pile?",
                 [], "3", [("Yes, the 3 duty applies", True), ("No, they simply lead", False)],
                 lambda: judge([], "3").duty, False, reason([], "3"), ("1.4",)),
        QuizItem("A single 9 was played, then a pair of 9s. May one more 9 go on top?",
                 ["9", "9 9"], "9",
                 [("No: one card is fewer than the pair", (False, False)),
                  ("Yes, and the four 9s clear the pile", (True, True)),
                  ("Yes, but nothing is cleared", (True, False))],
                 jlc(["9", "9 9"], "9"), (True, True), reason(["9", "9 9"], "9"), ("1.2", "1.3")),
        QuizItem("A 7 lies on top. May four 8s be played on it, to clear with four of a kind?",
                 ["7"], "8 8 8 8", [("Yes, four of a kind always clears", True),
                                    ("No, an 8 may not go on a 7 at all", False)],
                 jl(["7"], "8 8 8 8"), False, reason(["7"], "8 8 8 8"), ("1.2",)),
        QuizItem("And four 6s on that same 7?",
                 ["7"], "6 6 6 6", [("Legal, and they clear the pile", (True, True)),
                                    ("Legal, but no clear", (True, False)),
                                    ("Not legal", (False, False))],
                 jlc(["7"], "6 6 6 6"), (True, True), reason(["7"], "6 6 6 6"), ("1.2", "1.3")),
        QuizItem("Two 3s are played together onto a king (four players). How many players face "
                 "the 3 duty because of that one play?",
                 ["K"], "3 3", [("One: the next player only", 1), ("Two: one player per 3", 2)],
                 lambda: _duty_seats_after("3 3"), 1,
                 lambda: judge(["K"], "3 3").reason + " The duty passes to the next "
                 "player only; the two 3s both count toward the chain.", ("1.4",)),
        QuizItem("One 9 on a pair of 9s (the rest of the 9s are elsewhere)?",
                 ["9 9"], "9", [("Legal", True), ("Not legal", False)],
                 jl(["9 9"], "9"), False, reason(["9 9"], "9")),
        QuizItem("May a 10 be played on a 7?",
                 ["7"], "10", [("Yes, a 10 goes on anything", True), ("No", False)],
                 jl(["7"], "10"), False, reason(["7"], "10")),
        QuizItem("A king, then a 3: the duty is live. May the player on duty play a 2?",
                 ["K", "3"], "2", [("Yes, a 2 goes on anything", True), ("No, only 3s", False)],
                 jl(["K", "3"], "2"), False, reason(["K", "3"], "2"), ("1.2", "1.4")),
        QuizItem("One 2 lies on top. May two 2s go on it?",
                 ["2"], "2 2", [("Yes, that is matching with more", True), ("No", False)],
                 jl(["2"], "2 2"), True, reason(["2"], "2 2")),
    ]


def _history_cards(history: Sequence[str]) -> list[str]:
    """Card names for a rank history (suits dealt in order so no card repeats)."""
    used: dict[str, int] = {}
    out = []
    for play in history:
        for r in play.split():
            k = used.get(r, 0)
            used[r] = k + 1
            out.append(r + "CDHS"[k % 4])
    return out


def draw_history(history: Sequence[str], play: str | None = None) -> str:
    cards = _history_cards(history)
    chain = 0
    for p in history:
        if p.split()[0] == "3":
            chain += len(p.split())
        else:
            chain = 0
    shown = [lopti_card_svg(c, scale=0.8) for c in cards if rank_of(c) != "3"]
    note = f" \u2014 3s played in the chain: {chain} (they leave play)" if chain else ""
    html = box("The pile, oldest first" + note, cards_row_html(shown, empty="The table is empty."))
    if play:
        pcards = _history_cards(list(history) + [play])[len(cards):]
        html += box("The play in question", cards_row_html([lopti_card_svg(c, scale=0.8) for c in pcards]))
    return html


class QuizScene(GenericQuiz):
    """The classic rulings as questions, on the lesson shell's scored quiz: only a learner's
    first answer to a question counts; after the last question the quiz shows the score and
    the questions missed (the answer given, the right one and the rule's reason), and "Try
    again" starts over. Told in the scene's voice."""

    prompt = "Pick an answer; the rules of Lopti check it."
    voice = "plain"

    def questions(self) -> list[QuizItem]:
        return quiz_items()

    def words(self) -> dict[str, str]:
        return words(self.voice)

    def cite(self, reason: str, clauses: Sequence[str]) -> str:
        return cite(told(reason), *clauses)

    def picture(self, item: QuizItem) -> str:
        return draw_history(item.history, item.play)

    def check(self) -> None:
        """Every question's pile is a sequence of legal plays that never cleared, and the
        rules give the answer the question was written for."""
        super().check()
        for item in self.items:
            history: list[str] = []
            for play in item.history:
                j = judge(history, play)
                assert j.legal and not j.clears, f"{item.question}: {play} on {history}"
                history.append(play)
            assert item.expected == item.oracle(), item.question


def _duty_live(history: Sequence[str]) -> bool:
    """Whether a 3 duty is live on a pile built from ``history`` (3s on top of other plays)."""
    if not history or history[-1].split()[0] != "3":
        return False
    return any(p.split()[0] != "3" for p in history)


class SandboxScene(Scene):
    """Build any pile, one play at a time, and ask the oracle about any play."""

    voice = "plain"
    prompt = "Choose a rank and a count, then ask the rules or lay the play on the pile."

    def reset(self) -> None:
        self.history: list[str] = []

    def controls(self) -> list:
        if not hasattr(self, "rank"):
            self.rank = W.Dropdown(options=list(RANKS), value="9", description="Rank:",
                                   layout=W.Layout(width="150px"))
            self.count = W.Dropdown(options=[1, 2, 3, 4], value=1, description="Count:",
                                    layout=W.Layout(width="150px"))
            self.judge_button = W.Button(description="Ask the rules", button_style="info",
                                         layout=W.Layout(width="auto"))
            self.lay_button = W.Button(description="Lay it on the pile", layout=W.Layout(width="auto"))
            self.undo_button = W.Button(description="Take back the last play", layout=W.Layout(width="auto"))
            self.empty_button = W.Button(description="Empty the table", layout=W.Layout(width="auto"))
            self.judge_button.on_click(lambda b: self.notify(self.ask()))
            self.lay_button.on_click(lambda b: self.notify(self.lay()))
            self.undo_button.on_click(lambda b: self.notify(self.undo()))
            self.empty_button.on_click(lambda b: (self.reset(), self.notify(None)))
            self.box = W.VBox([
                W.HBox([self.rank, self.count], layout=W.Layout(flex_flow="row wrap")),
                W.HBox([self.judge_button, self.lay_button, self.undo_button, self.empty_button],
                       layout=W.Layout(flex_flow="row wrap"))])
        return [self.box]

    @property
    def play(self) -> str:
        return " ".join([self.rank.value] * self.count.value)

    def draw(self) -> str:
        said = [ranks(p.split()[0], len(p.split())) for p in self.history]
        hist = ", then ".join(said) or "nothing yet"
        return draw_history(self.history) + line(f"Plays since the last clear, oldest first: {esc(hist)}.", True)

    def ask(self, play: str | None = None) -> Verdict:
        play = play or self.play
        what = ranks(play.split()[0], len(play.split()))
        try:
            j = judge(self.history, play)
        except ValueError as exc:
            return Verdict(False, f"{what} on this pile", told(str(exc)), data={"error": str(exc)})
        extra = []
        clauses = ["1.2"]
        if j.clears:
            extra.append("The pile would be cleared, with a bonus play for the player.")
            clauses.append("1.3")
        if j.duty:
            extra.append("The next player would face the 3 duty.")
        if j.duty or play.split()[0] == "3" or _duty_live(self.history):
            clauses.append("1.4")
        return Verdict(j.legal, f"{what} on this pile", cite(told(j.reason), *clauses), extra,
                       data={"judge": j})

    def lay(self, play: str | None = None) -> Verdict:
        play = play or self.play
        v = self.ask(play)
        if v.legal:
            j = v.data["judge"]
            if j.clears:
                self.history = []
                v.events.append("Laid: the table is now empty.")
            else:
                self.history.append(play)
                v.events.append("Laid on the pile.")
        else:
            v.events.append("Not laid: the rules forbid it.")
        return v

    def undo(self) -> Verdict | None:
        if self.history:
            self.history.pop()
        return None
