"""The Drowned Ledger's lessons: positions set up with the game's own ``rig`` helper, moves
judged by ``LedgerState.why_illegal`` and ``apply``, and the exact catch probability from
``risk.catch_probability`` beside every dive decision. Steps cite the clauses of the rules
reference that ships with the game (``reference.md``, clauses 2.1 to 2.8 and their parts).

Everything a learner reads is prose: seats are counted from 1 ("Seat 2", or "you"), every
verdict says what happened and which rule decided it, and no internal name is shown.

That probability is computed from the wreck deck as it stands: a Bell Diver's privilege makes
the real risk a little lower, and the panel says so."""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Callable, Sequence

import ipywidgets as W

from lopti_nb.engine import plural, seat_word
from lopti_nb.explainers.core import INK, MUTED, NOTE, Choice, Scene, Step, Verdict, box, check_voice, esc, line
from lopti_nb.explainers.quiz import Question, QuizScene
from lopti_nb.widgets.svg import cards_row_html

from .actions import DIVE, FLIP, SURFACE, Dive, FlipAgain, Open, Sell, Surface
from .bots import PERSONALITIES
from .cards import RECKONINGS, SUITS, Card
from .events import DutyCaught, Flipped, Opened, ReckoningDrawn, SeaRose, Sold
from .offices import OFFICES
from .plugin import SPEC
from .pictures import ledger_card_svg
from .risk import catch_probability, deck_counts
from .state import LedgerState
from .testing import check_position, earliest_round, rig


def C(face: str) -> Card:
    return Card.parse(face)


def seat_words(seat: int, you: int | None = None) -> str:
    """How a person names a seat: the engine's seat word (counted from 1, as the events'
    sentences are), or "you" for the learner's own seat."""
    return "you" if seat == you else seat_word(seat)


def and_list(words: Sequence[str]) -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


# -- drawing ----------------------------------------------------------------------------------
def sea_html(state: LedgerState) -> str:
    cells = []
    for n in range(1, state.sea_claim + 1):
        here = n == state.sea
        style = (f"background:{NOTE};color:var(--jp-ui-inverse-font-color0, #fff);font-weight:bold"
                 if here else f"color:{MUTED}")
        cells.append(f'<span style="display:inline-block;min-width:22px;text-align:center;'
                     f'border:1px solid var(--jp-border-color2, #ccc);{style}">{n}</span>')
    dot = " \u00b7 "
    trig = {0: dot + "the sea has not moved yet this round",
            1: dot + "the sea has moved this round (later triggers leave it)",
            2: dot + "the sea has moved this round, two steps (later triggers leave it)"}[state.trigger]
    return (f'<div style="font-size:12px;color:{INK}">Sea at {state.sea} (claims at {state.sea_claim}): '
            f'{"".join(cells)}{dot}round {state.round}{trig}</div>')


def market_html(state: LedgerState) -> str:
    cells = " \u00b7 ".join(f"{SUITS[i]} {p}" for i, p in enumerate(state.market))
    return line(f"Market prices: {esc(cells)} (floor {state.price_floor})", True)


def risk_lines(state: LedgerState, seat: int) -> list[tuple[int, float]]:
    """``(k, p)``: the exact chance a dive is caught before ``k`` more machines come up,
    from the wreck deck as it stands (``risk.catch_probability``)."""
    room = state.hold_limit_of(seat) - len(state.haul)
    machines, _ = deck_counts(state.sea, state.wreck)
    out = []
    for k in range(1, room + 1):
        if k > machines:
            break
        out.append((k, catch_probability(state.sea, k, deck=state.wreck)))
    return out


def risk_html(state: LedgerState, seat: int) -> str:
    rows = risk_lines(state, seat)
    if not rows:
        return ""
    machines, live = deck_counts(state.sea, state.wreck)
    items = "".join(f"<li>{plural(k, 'more machine')} before surfacing: caught with probability "
                    f"<b>{p:.1%}</b></li>" for k, p in rows)
    note = (f"The wreck deck holds {plural(len(state.wreck), 'card')}: {plural(machines, 'machine')} "
            f"and {plural(live, 'live hazard')} (numbered {state.sea} or less); near-misses change nothing.")
    if state.grants(seat).edge_safe:
        note += " (Bell Diver: a hazard equal to the sea is a near-miss for you, so your real risk is lower.)"
    return box("Live catch probability (exact, from the cards left in the wreck deck)",
               line(esc(note), True) + f'<ul style="margin:2px 0 2px 18px;padding:0;font-size:13px">{items}</ul>',
               accent=NOTE)


def draw_state(state: LedgerState, seat: int | None = None) -> str:
    seat = state.seat if seat is None else seat
    obs = state.observation(seat)
    parts = [sea_html(state), market_html(state),
             line(f"Wreck deck: {obs['wreck_size']} cards \u00b7 discards: {len(obs['discard'])} \u00b7 "
                  f"Reckoning deck: {obs['reckoning_left']} left"
                  + (f" (turned: {esc(', '.join(obs['reckoning_turned']))})" if obs["reckoning_turned"] else ""), True)]
    office = state.office_of(seat)
    head = (f"You (Seat {seat + 1}) to act" if not state.is_over else f"You (Seat {seat + 1})")
    if office is not None:
        active = "" if obs["privilege_active"][seat] else " (privilege suspended)"
        parts.append(box(f"Your office: {office.name}{active}",
                         line(f"<b>Duty:</b> {esc(office.duty)}") + line(f"<b>Privilege:</b> {esc(office.privilege)}")))
    mine = [line("sealed hand", True),
            cards_row_html([ledger_card_svg(c, scale=0.8) for c in obs["hand"]], empty="(empty)")]
    if obs["phase"] == "dive":
        mine += [line(f"haul of this dive ({len(obs['haul'])} of {obs['hold_limit']})", True),
                 cards_row_html([ledger_card_svg(c, scale=0.8) for c in obs["haul"]], empty="(empty)")]
    mine += [line(f"yard (open) \u00b7 {plural(obs['coins'][seat], 'coin')}", True),
             cards_row_html([ledger_card_svg(c, scale=0.6) for c in obs["yards"][seat]], empty="(nothing open)")]
    parts.append(box(head, "".join(mine)))
    if not state.is_over and (obs["phase"] == "dive" or DIVE in state.legal_actions()):
        parts.append(risk_html(state, seat))
    others = []
    for s in range(state.num_players):
        if s == seat:
            continue
        name = f" ({obs['offices'][s]})" if obs["offices"][s] else ""
        who = line(f"Seat {s + 1}{esc(name)}: {plural(obs['coins'][s], 'coin')}, "
                   f"{plural(obs['hand_sizes'][s], 'sealed card')}", True)
        yard = cards_row_html([ledger_card_svg(c, scale=0.5) for c in obs["yards"][s]], empty="(nothing open)")
        others.append(f'<div style="margin-right:12px">{who}{yard}</div>')
    parts.append(box("Other seats (yards are public, hands are not)",
                     f'<div style="display:flex;flex-wrap:wrap">{"".join(others)}</div>'))
    return "".join(parts)


def label(state: LedgerState, action: Any) -> str:
    text = str(action)
    if state.is_over:
        return text
    if action == FLIP or (action == DIVE and state.phase == 0):
        rows = risk_lines(state, state.seat)
        if rows:
            text += f" (caught before the next machine: {rows[0][1]:.1%})"
    return text


def refused_clause(reason: str) -> str:
    """The reference clause behind one of the engine's refusals."""
    if "duty" in reason:
        return "2.6"
    if "to open" in reason or "an Open" in reason:
        return "2.2.2"
    if "to sell" in reason:
        return "2.2.3"
    if "dive" in reason or "flip" in reason:
        return "2.2.1" if "middle" in reason or "flip" in reason else "2.2"
    return "2.2"


def _outcome_words(before: LedgerState, happened: Sequence[Any]) -> str:
    """What the move did, as a sentence about the cards (flips, the Reckoning, the sea)."""
    out = []
    for e in happened:
        t = type(e)
        if t is Flipped:
            if e.result == "machine":
                out.append(f"{e.card} joins the haul.")
            elif e.result == "near-miss":
                out.append(f"{e.card} is above the sea: a near-miss, discarded.")
            else:
                out.append(f"{e.card} is at or below the sea: a live hazard, the dive is caught.")
        elif t is ReckoningDrawn:
            out.append(f"The Reckoning card is {e.name}.")
        elif t is SeaRose:
            out.append(f"It is the round's first sea trigger, so the sea rises at once, to {e.sea} (2.4).")
    return " ".join(out)


def legal_reason(before: LedgerState, action: Any, after: LedgerState, happened: Sequence[Any]) -> str:
    """Why a legal move is allowed, from the rule that allows it, and what it did."""
    seat = before.seat
    t = type(action)
    office = before.office_of(seat)
    if t is Dive:
        why = ("Your hand is empty, so a dive is the only turn you may take (2.2)."
               if not before.hands[seat] else
               "Any turn may be a dive (2.2). Cards are turned one at a time (2.2.1).")
    elif t is FlipAgain:
        why = ("While diving you may flip again after every card, until the haul reaches "
               f"the hold limit of {before.hold_limit_of(seat)} (2.2.1).")
    elif t is Surface:
        why = (f"You may surface after any card: the haul ({plural(len(before.haul), 'machine')}) "
               "goes into your hand, sealed, and your turn ends (2.2.1).")
    elif t is Open:
        gifts = [e for e in happened if type(e) is Opened]
        paid = gifts[0].gifts if gifts else ()
        who = and_list([f"Seat {o + 1} receives {plural(c, 'coin')}" for o, c in paid])
        why = ("You may open any one or more of your sealed cards (2.2.2). For each card opened, "
               "every other player already showing its suit receives a gift of one coin: "
               + (f"here {who}." if paid else "here nobody shows these suits yet, so there is no gift."))
    elif t is Sell:
        sold = next(e for e in happened if type(e) is Sold)
        price = before.market[action.card.suit]
        paid = (plural(sold.coins, 'coin') if sold.coins == price else
                f"{plural(sold.coins, 'coin')}, the price of {price} and {sold.coins - price} more "
                f"from your privilege,")
        why = (f"A sealed card sells for its suit's market price, whatever its printed value: "
               f"{paid} for this {action.card.suit_name} (2.2.3). The price "
               f"{'falls to ' + str(sold.new_price) if sold.new_price < price else 'stays at ' + str(price)}"
               + (" (your privilege)." if sold.new_price == price > before.price_floor else "."))
        if not sold.trigger:
            why += " This sale is a quiet one (your privilege), so it is no sea trigger."
        elif not any(type(e) is SeaRose for e in happened):
            why += (f" The sale is a sea trigger, but the sea has already moved this round, so it "
                    f"stays at {after.sea} (2.4).")
    else:  # pragma: no cover - every action type is listed above
        why = "The rules allow this move."
    if office is not None and before._duty() is not None and before._duty_breakers(before._candidates()):
        if office.name == "Notary" and t is Dive:
            why += (" The Notary's duty speaks only about opening and selling twice running: "
                    "diving is always allowed.")
        else:
            why += f" It keeps your duty as {office.name} ({office.duty[0].lower()}{office.duty[1:-1]})."
    told = _outcome_words(before, happened)
    return why + (" " + told if told else "")


# -- scenes ----------------------------------------------------------------------------------
class LedgerScene(Scene):
    """A rigged position; ``actions`` lists the moves to offer (legal and illegal), or ``None``
    for every move of the seat to act (progressive scenes)."""

    def __init__(self, build: Callable[[], LedgerState], actions: Sequence[Any] | None = None,
                 progressive: bool = False, prompt: str = ""):
        self.build = build
        self.fixed = list(actions) if actions is not None else None
        self.progressive = progressive
        if prompt:
            self.prompt = prompt
        super().__init__()

    def reset(self) -> None:
        self.state = self.build()

    def draw(self) -> str:
        return draw_state(self.state)

    def actions(self) -> list[Any]:
        st = self.state
        if st.is_over:
            return []
        if self.fixed is not None and not (self.progressive and st.actions):
            return list(self.fixed)
        if st.phase == 1:
            return [FLIP, SURFACE]
        hand = sorted(st.hands[st.seat])
        out: list[Any] = [DIVE]
        out += [Open((c,)) for c in sorted(set(hand))]
        if len(hand) > 1:
            out.append(Open(tuple(hand)))
        out += [Sell(c) for c in sorted(set(hand))]
        return out

    def choices(self) -> list[Choice]:
        return [Choice(label(self.state, a), a) for a in self.actions()]

    def attempt(self, action) -> Verdict:
        st = self.state
        seat = st.seat
        reason = st.why_illegal(action)
        if reason is not None:
            return Verdict(False, str(action), reason[0].upper() + reason[1:] + f" ({refused_clause(reason)}).",
                           data={"why_illegal": reason})
        risk = risk_lines(st, seat) if action in (FLIP, DIVE) else []
        new = st.copy()
        start = len(new.events)
        new.apply(action)
        happened = new.events[start:]
        events = [e.for_seat(seat).describe() for e in happened]
        caught = [e for e in happened if type(e) is DutyCaught]
        if caught:
            # legal (the table watch refuses nothing), but the table undoes it at once
            why = (f"With the table watch on, the move is not refused: it happens, the table "
                   f"catches the broken duty of the {caught[0].office}, undoes it as far as the "
                   f"cards allow, and your privilege is suspended through round "
                   f"{caught[0].suspended_through} (2.6.1). You now choose again, keeping the duty.")
            if self.progressive:
                self.state = new
            return Verdict(True, f"{action}: allowed, then caught by the table watch and undone", why, events,
                           data={"why_illegal": None, "caught": True})
        why = legal_reason(st, action, new, happened)
        if risk:
            why += (f" Before this flip the exact chance of being caught before the next "
                    f"machine was {risk[0][1]:.1%}.")
        if self.progressive:
            self.state = new
        return Verdict(True, str(action), why, events, data={"why_illegal": None, "caught": False})

    def check(self) -> None:
        st = self.build()
        assert check_position(st) == [], check_position(st)
        assert not st.is_over and st.current_player is not None
        assert st.legal_actions(), "the seat to act must have a legal move"
        for a in (self.fixed or []):
            if st.why_illegal(a) is None and type(a) is not Open:
                assert a in st.legal_actions(), f"{a} legal by why_illegal but not listed"


def lawful(st: LedgerState) -> LedgerState:
    """``st`` as it stands at the start of a turn in the first round that can hold it, with
    every card of the deck in one place (``check_position`` finds nothing wrong)."""
    return rig(st, round=earliest_round(st), whole=True)


def rigged(players: int = 3, seed: int = 0, mode: str = "plain", offices: Sequence[str] | None = None,
           prelude: Sequence[Any] = (), **kw) -> Callable[[], LedgerState]:
    def build() -> LedgerState:
        settings: dict[str, Any] = {"mode": mode}
        if offices is not None:
            settings["offices"] = list(offices)
        for key in ("table_watch", "sea_claim"):
            if key in kw:
                settings[key] = kw[key]
        st = LedgerState(players, seed, **settings)
        rig(st, **{k: v for k, v in kw.items() if k not in settings and k not in ("round", "rest")})
        # the position as it stands at the start of a turn in the first round that can hold
        # it, with every card of the deck in one place
        rig(st, round=kw.get("round") or earliest_round(st), whole=True, rest=kw.get("rest", "wreck"))
        for a in prelude:
            st.apply(a)
        return st
    return build


_FILLER = ["Orrery 1", "Orrery 2", "Orrery 3", "Telegraph 1", "Telegraph 2", "Engine 1", "Hazard 9",
           "Lantern 1", "Compass 1", "Hazard 8", "Engine 2"]


class DiveScene(LedgerScene):
    """A dive on a real shuffled wreck deck: the learner flips, with the live probability."""

    prompt = "Dive, then flip again or surface. The exact catch probability is shown beside each choice."

    def __init__(self):
        # the lesson opens on a real shuffle whose first two cards are machines, so the
        # learner sees a haul grow before the risk bites; "Shuffle" then deals any wreck
        self.seed = 1
        while not all(c.is_machine for c in self._build().wreck[-2:]):
            self.seed += 1
        super().__init__(self._build, None, progressive=True)

    def _build(self) -> LedgerState:
        return LedgerState(2, self.seed, mode="plain")

    def controls(self) -> list:
        if not hasattr(self, "_shuffle"):
            self.wrecks = 1
            self._shuffle = W.Button(description="Shuffle a new wreck", layout=W.Layout(width="auto"))
            self._shuffled = W.HTML(self.shuffled_words())
            self._shuffle.on_click(self._new_wreck)
        return [self._shuffle, self._shuffled]

    def shuffled_words(self) -> str:
        """What the shuffle button's neighbour says (updated in place after every shuffle)."""
        st = self.state
        return (f'<span style="font-size:13px">Wreck number {self.wrecks}: '
                + ("the lesson starts on this shuffle of " if self.wrecks == 1 else "a fresh shuffle of ")
                + f'{plural(len(st.wreck), "card")}, the sea at {st.sea}'
                + ("." if self.wrecks == 1 else "; your dive starts again from an empty haul.") + "</span>")

    def _new_wreck(self, _button=None) -> None:
        self.seed += 1
        self.wrecks += 1
        self.reset()
        self._shuffled.value = self.shuffled_words()
        self.notify(None)


class ReckoningScene(Scene):
    # the diver is Seat 2 (the table shows "You (Seat 2)"), so that Forced to Account can show
    # a gift paid to Seat 1; the prompt says so, as every other step has you at Seat 1
    prompt = ("Here you are Seat 2. Rig the top Reckoning card, then dive: three machines come "
              "up, then a live hazard.")

    def _build(self, name: str) -> LedgerState:
        st = LedgerState(2, 0, mode="plain")
        rig(st, wreck=["Compass 1", "Lantern 2", "Engine 3", "Hazard 2", "Orrery 4", "Compass 5"],
            reckoning=[name], sea=3, seat=1, hands=[["Orrery 1"], []], yards=[["Engine 1"], []])
        return lawful(st)

    def draw(self) -> str:
        return (draw_state(self._build(RECKONINGS[0].name))
                + box("The Reckoning deck (12 cards)", "".join(
                    line(f"<b>{esc(r.name)}</b> \u00d7{r.copies}: {esc(r.text)}") for r in RECKONINGS)))

    def choices(self) -> list[Choice]:
        return [Choice(r.name, r.name) for r in RECKONINGS]

    def attempt(self, name: str) -> Verdict:
        st = self._build(name)
        start = len(st.events)
        st.apply(DIVE)
        while st.phase == 1 and st.seat == 1 and not st.is_over:
            if st.events and type(st.events[-1]).__name__ == "ReckoningDrawn":
                break
            st.apply(FLIP)
            if any(type(e).__name__ == "ReckoningDrawn" for e in st.events[start:]):
                break
        events = [e.describe() for e in st.events[start:]]
        reck = next(e for e in st.events[start:] if type(e).__name__ == "ReckoningDrawn")
        trig = {0: "no sea trigger", 1: "a sea trigger", 2: "a double sea trigger"}[reck.triggers]
        head = (f"{name}: {len(reck.lost)} lost, {len(reck.kept)} sealed, {len(reck.opened)} opened, "
                f"{trig}")
        if st.phase == 1:
            head += "; still in the water"
        rule = next(r for r in RECKONINGS if r.name == name)
        sea = ("" if not rule.triggers else
               f" It is the round's first sea trigger here, so the sea rises at once, to {st.sea} (2.4)"
               + ("; the dive goes on against the higher water." if st.phase == 1 else "."))
        return Verdict(None, head, rule.text + " Only the haul can be lost; hand, yard and coins stay safe (2.3)."
                       + sea,
                       events, data={"lost": len(reck.lost), "kept": len(reck.kept),
                                     "opened": len(reck.opened), "triggers": reck.triggers,
                                     "still_diving": st.phase == 1})

    def check(self) -> None:
        for r in RECKONINGS:
            st = self._build(r.name)
            assert DIVE in st.legal_actions() and check_position(st) == []


class SeaScene(Scene):
    prompt = "Play out one round of three turns (Seat 1, Seat 2, Seat 3) and watch when the sea moves."
    # each case: the sea at the start, then one kind of turn per seat
    CASES = {
        "Nobody sells or is caught": (4, ["open", "open", "open"]),
        "Seat 1 sells, then Seat 2 dives into Hazard 5": (4, ["sell", "dive", "open"]),
        "Seat 1 opens, then Seat 2 dives into Hazard 5": (4, ["open", "dive", "open"]),
        "Seat 1 sells": (4, ["sell", "open", "open"]),
        "Seat 1 and Seat 2 both sell": (4, ["sell", "sell", "open"]),
        "Seat 2 draws The Sea Rises Twice": (4, ["open", "dive", "sell"]),
        "Seat 1 sells, then Seat 2 draws The Sea Rises Twice": (4, ["sell", "dive", "open"]),
        "Seat 2 draws The Water Holds": (4, ["open", "dive", "open"]),
        "The sea stands at 9 and Seat 1 sells": (9, ["sell", "open", "open"]),
    }

    def _build(self, key: str) -> LedgerState:
        st = LedgerState(3, 0, mode="plain")
        reck = ("The Water Holds" if "Water Holds" in key else "The Sea Takes It All" if "Hazard 5" in key
                else "The Sea Rises Twice")
        top = "Hazard 5" if "Hazard 5" in key else "Hazard 1"
        rig(st, hands=[["Compass 1"], ["Lantern 2"], ["Engine 3"]], sea=self.CASES[key][0],
            wreck=[top, "Compass 2", "Compass 3"], reckoning=[reck])
        return lawful(st)

    def draw(self) -> str:
        return draw_state(self._build("Nobody sells or is caught"))

    def choices(self) -> list[Choice]:
        return [Choice(k, k) for k in self.CASES]

    def play(self, key: str) -> tuple[LedgerState, list[tuple[int, int]]]:
        """The round played out; ``(seat, sea)`` after each turn."""
        st = self._build(key)
        seas = []
        for seat, kind in enumerate(self.CASES[key][1]):
            card = st.hands[seat][0]
            st.apply(Open((card,)) if kind == "open" else Sell(card) if kind == "sell" else DIVE)
            if st.phase == 1 and st.seat == seat:
                st.apply(SURFACE)  # a near-miss left the diver in the water: come up
            seas.append((seat, st.sea))
        return st, seas

    def attempt(self, key: str) -> Verdict:
        start_sea = self.CASES[key][0]
        st, seas = self.play(key)
        events = [e.describe() for e in st.events[1:]]
        rose = [e for e in st.events if type(e) is SeaRose]
        flips = [e for e in st.events if type(e) is Flipped and e.card == C("Hazard 5")]
        if flips:
            live = flips[0].result == "live"
            if live:
                head = f"Hazard 5 is live: Seat 2 is caught, because the sea rose to {st.sea} on Seat 1's turn"
                why = ("Seat 1's sale was the round's first sea trigger, so the sea rose at once, "
                       "from 4 to 5. Every card is judged against the sea as it stands when it is "
                       "turned, so a sale early in a round makes the later dives riskier (2.4, 2.2.1).")
            else:
                head = f"Hazard 5 is a near-miss: the sea still stands at {start_sea}"
                why = ("Opening is no sea trigger, so the sea is still at 4 when Seat 2 dives, and "
                       "Hazard 5, above it, is simply discarded (2.2.1, 2.4).")
            return Verdict(None, head, why, events,
                           data={"sea": st.sea, "over": st.is_over, "seas": seas, "live": live})
        if not rose:
            head = f"the sea stays at {start_sea}"
            why = ("Nothing in this round was a sea trigger (The Water Holds is none), so the sea "
                   "does not move (2.4).")
        else:
            mover = next(seat for seat, sea in seas if sea != start_sea)
            head = f"the sea rises on Seat {mover + 1}'s turn, from {start_sea} to {st.sea}"
            why = ("The sea moves at most once a round, at the moment of the round's first sea "
                   "trigger: one step, or two when that first trigger is The Sea Rises Twice. "
                   "Later triggers in the round leave it where it is (2.4).")
            if mover < 2:
                later = and_list([f"Seat {seat + 1}" for seat in range(mover + 1, 3)])
                why += f" {later} then {'plays' if mover == 1 else 'play'} against the sea at {st.sea}."
        if st.is_over:
            head += " \u2014 the claim line is reached: the round is played out, then the game is over"
            why += (" The sea reached the claim line during the round, yet every seat still took "
                    "its turn before the game ended, so all have had the same number of turns (2.4.1).")
        return Verdict(None, head, why, events, data={"sea": st.sea, "over": st.is_over, "seas": seas})

    def check(self) -> None:
        for key in self.CASES:
            st = self._build(key)
            assert st.legal_actions() and not st.is_over and check_position(st) == [], key
            assert self.play(key)[0].round > 1 or self.play(key)[0].is_over


class ScoreScene(Scene):
    prompt = "The game is over: every yard and every coin is on the table. Who wins? (Pick a seat.)"

    def _build(self) -> LedgerState:
        st = LedgerState(3, 0, mode="plain")
        rig(st, sea=9, hands=[["Compass 1"], ["Lantern 1"], ["Engine 1", "Orrery 5"]],
            yards=[["Compass 3", "Compass 2", "Compass 1", "Lantern 4"],
                   ["Lantern 5", "Lantern 3", "Orrery 4"],
                   ["Engine 5", "Engine 4", "Telegraph 5"]],
            coins=[3, 9, 6])
        return lawful(st)

    def draw(self) -> str:
        return draw_state(self.finish(), 0) + line(
            "The last round: you (Seat 1) sold Compass 1, a sea trigger that took the sea to 10; "
            "Seat 2 then opened Lantern 1 and Seat 3 opened Engine 1, and the game ended. Sealed "
            "cards score nothing.", True)

    def finish(self) -> LedgerState:
        """The game played to its end from :meth:`_build` (every move shown in :meth:`draw`)."""
        st = self._build()
        st.apply(Sell(C("Compass 1")))
        st.apply(Open((C("Lantern 1"),)))
        st.apply(Open((C("Engine 1"),)))
        return st

    def score_rows(self) -> list[str]:
        """The final count, one sentence per seat, from the engine's score breakdown."""
        parts = self.finish().result.details["breakdown"]
        return [f"Seat {s + 1}: {plural(p['coins'], 'coin')} + {p['machines']} for machines + "
                f"{p['sets']} for sets + {p['clean_ledger']} for the clean ledger = {p['total']} "
                f"({p['open_machines']} open)." for s, p in enumerate(parts)]

    def choices(self) -> list[Choice]:
        return [Choice(f"Seat {s + 1} wins", s) for s in range(3)]

    def attempt(self, guess: int) -> Verdict:
        res = self.finish().result
        winners = res.winners
        right = guess in winners
        names = and_list([f"Seat {w + 1}" for w in winners])
        return Verdict(None, ("Right: " if right else "No: ") + f"{names} {'wins' if len(winners) == 1 else 'share the win'}",
                       "Coins score 1 each and open machines their printed value; a suit shown "
                       "three times or more adds 4; sealed cards score nothing (2.5). The most open "
                       "machines earn the clean ledger, 5 more (2.5.1). A tie on points goes to more "
                       "open machines.",
                       self.score_rows(), data={"winners": winners, "correct": right, "scores": res.scores})

    def check(self) -> None:
        assert self._build().legal_actions() and check_position(self._build()) == []
        assert self.finish().is_over and check_position(self.finish()) == []


class BotScene(Scene):
    prompt = "Ask each AI personality what it would do in this position."

    def _build(self) -> LedgerState:
        st = LedgerState(3, 0, mode="plain")
        rig(st, sea=5, hands=[["Compass 3", "Lantern 2", "Lantern 4"], [], []],
            yards=[[], ["Compass 1"], ["Lantern 1"]], market=[6, 4, 6, 6, 6])
        return lawful(st)

    def check(self) -> None:
        assert check_position(self._build()) == []

    def draw(self) -> str:
        return draw_state(self._build())

    def choices(self) -> list[Choice]:
        return [Choice(f"What would '{name}' do?", name) for name in PERSONALITIES]

    def attempt(self, name: str) -> Verdict:
        st = self._build()
        bot = PERSONALITIES[name]
        action = bot(st.observation(st.seat), st.legal_actions(), random.Random(0))
        st2 = st.copy()
        start = len(st2.events)
        st2.apply(action)
        return Verdict(None, f"{name} chooses: {action}",
                       {"balanced": "Balanced mixes opening and selling, diving less as the sea rises.",
                        "seller": "The seller turns sealed cards into coin.",
                        "opener": "The opener puts everything it holds into its yard.",
                        "greedy": "The greedy diver goes deep before surfacing."}[name] + " (2.7)",
                       [e.describe() for e in st2.events[start:]], data={"action": action})


class HotSeatScene(Scene):
    prompt = "Look at the table as different seats: each sees only its own sealed hand."

    def _build(self) -> LedgerState:
        st = LedgerState(3, 0, mode="plain")
        rig(st, hands=[["Compass 3", "Lantern 2"], ["Engine 5"], ["Orrery 1", "Orrery 2"]],
            yards=[["Telegraph 1"], [], ["Compass 1"]])
        return lawful(st)

    def check(self) -> None:
        assert check_position(self._build()) == []

    def draw(self) -> str:
        return draw_state(self._build())

    def choices(self) -> list[Choice]:
        return [Choice(f"Seen by Seat {s + 1}", s) for s in range(3)] + [Choice("Seen by a spectator", None)]

    def attempt(self, seat) -> Verdict:
        obs = self._build().observation(seat)
        hand = obs["hand"]
        seen = "no hand at all" if hand is None else (", ".join(map(str, hand)) or "an empty hand")
        sizes = and_list([plural(n, "card") for n in obs["hand_sizes"]])
        return Verdict(None, f"{'Seat ' + str(seat + 1) if seat is not None else 'A spectator'} sees {seen}",
                       "Everything else visible is public: yards, coins, the size of every hand "
                       f"(here {sizes}), offices, sea and market. With two or more people at one "
                       "device the table shows a 'pass the device' screen between their turns (2.8).",
                       data={"hand": hand})


# -- the quiz: every answer from the engine --------------------------------------------------
def _flip_result(sea: int, hazard: str) -> str:
    """What the engine makes of ``hazard`` turned first in a dive with the sea at ``sea``."""
    st = rigged(3, 0, "plain", wreck=[hazard, "Compass 1"], sea=sea, round=4)()
    st.apply(DIVE)
    return next(e.result for e in st.events if type(e) is Flipped)


def _sea_after(sea: int, turns: Sequence[str], reckoning: str = "The Sea Takes It All") -> int:
    """The sea after Seats 1, 2, 3 take ``turns`` ("sell", "open" or "caught") in a round
    that starts with the sea at ``sea`` and no trigger yet."""
    st = rigged(3, 0, "plain", hands=[["Compass 1"], ["Lantern 2"], ["Engine 3"]], sea=sea, round=4,
                wreck=["Hazard 1", "Compass 2"], reckoning=[reckoning])()
    for seat, kind in enumerate(turns):
        card = st.hands[seat][0]
        st.apply(Sell(card) if kind == "sell" else Open((card,)) if kind == "open" else DIVE)
    return st.sea


def _gift_to(seat: int) -> int:
    st = rigged(3, 0, "plain", hands=[["Compass 3", "Compass 4"], [], []], round=3,
                yards=[[], ["Compass 1", "Compass 2"], []])()
    st.apply(Open((C("Compass 3"), C("Compass 4"))))
    gifts = dict(next(e for e in st.events if type(e) is Opened).gifts)
    return gifts.get(seat, 0)


def _sale(face: str, market: Sequence[int]) -> tuple[int, int]:
    """``(coins paid, the suit's price afterwards)`` when seat 1 sells ``face``."""
    st = rigged(3, 0, "plain", hands=[[face], [], []], market=list(market), round=4)()
    st.apply(Sell(C(face)))
    sold = next(e for e in st.events if type(e) is Sold)
    return sold.coins, sold.new_price


_ODDS_DECK = ["Compass 1", "Lantern 2", "Hazard 3", "Hazard 8"]


def _percent(p: Fraction) -> str:
    return f"{float(p):.1%}"


def quiz_questions() -> list[Question]:
    """The quiz: near-misses, dive odds, the sea's moves, gifts, sales and the final count;
    every answer from the engine (a rigged table played forward, ``risk.catch_probability``,
    the final count of a finished game)."""
    result = {"near-miss": "A near-miss: it is discarded and the dive goes on",
              "live": "A live hazard: the dive is caught"}
    flip_options = [(result["near-miss"], "near-miss"), (result["live"], "live")]
    odds = [Fraction(1, 4), Fraction(1, 3), Fraction(1, 2), Fraction(2, 3)]
    seas = lambda start: [(f"At {n}", n) for n in (start, start + 1, start + 2)]  # noqa: E731
    finished = ScoreScene()
    return [
        Question("The sea stands at 4. Diving, you turn over Hazard 5. What happens?",
                 flip_options, lambda: _flip_result(4, "Hazard 5"),
                 lambda: "A hazard numbered above the sea misses; one at or below it catches the diver.",
                 ("2.2.1",), data={"flip": (4, "Hazard 5")}),
        Question("The sea stands at 5. Diving, you turn over Hazard 5. What happens?",
                 flip_options, lambda: _flip_result(5, "Hazard 5"),
                 lambda: "A hazard numbered at the sea, or below it, is live: the dive is caught.",
                 ("2.2.1",), data={"flip": (5, "Hazard 5")}),
        Question("Late in a game the wreck deck is down to four cards: Compass 1, Lantern 2, "
                 "Hazard 3 and Hazard 8, in an order nobody knows. The sea stands at 4. You dive "
                 "and mean to surface after one machine. How likely are you to be caught first?",
                 [(_percent(p), p) for p in odds],
                 lambda: catch_probability(4, 1, deck=_ODDS_DECK, exact=True),
                 lambda: "Hazard 8 is above the sea, a near-miss that changes nothing. Only Hazard 3 "
                         "is live, so the dive is caught when it comes up before both machines: "
                         "one chance in three.", ("2.2.1",), data={"odds": (4, 1, _ODDS_DECK)}),
        Question("A round starts with the sea at 5; nothing has stirred it yet. Seat 1 sells a "
                 "card, then Seat 2 sells one, then Seat 3 opens one. Where is the sea now?",
                 seas(5), lambda: _sea_after(5, ["sell", "sell", "open"]),
                 lambda: "The round's first sea trigger moves the sea one step at once; later "
                         "triggers in the same round leave it where it is.", ("2.4",),
                 data={"sea": (5, ("sell", "sell", "open"), "The Sea Takes It All")}),
        Question("A round starts with the sea at 5. Seat 1 opens a card, then Seat 2 dives, is "
                 "caught and draws The Sea Rises Twice. Where is the sea now?",
                 seas(5), lambda: _sea_after(5, ["open", "caught"], "The Sea Rises Twice"),
                 lambda: "The Sea Rises Twice is this round's first trigger, a double one, so the "
                         "sea moves two steps at once.", ("2.3", "2.4"),
                 data={"sea": (5, ("open", "caught"), "The Sea Rises Twice")}),
        Question("A round starts with the sea at 5. Seat 1 sells a card, then Seat 2 dives, is "
                 "caught and draws The Sea Rises Twice. Where is the sea now?",
                 seas(5), lambda: _sea_after(5, ["sell", "caught"], "The Sea Rises Twice"),
                 lambda: "Seat 1's sale was the round's first trigger and moved the sea one step; "
                         "a later trigger in the same round, even a double one, leaves it there.",
                 ("2.3", "2.4"), data={"sea": (5, ("sell", "caught"), "The Sea Rises Twice")}),
        Question("Seat 2's yard shows two Compasses; Seat 3's shows none. You open Compass 3 and "
                 "Compass 4 together. How many coins does Seat 2 receive?",
                 [("No coin", 0), ("1 coin", 1), ("2 coins", 2), ("4 coins", 4)], lambda: _gift_to(1),
                 lambda: "Each card opened pays one coin to every other player already showing "
                         "its suit, however many of it they show: two cards, two coins.", ("2.2.2",),
                 data={"gift": 1}),
        Question("The Lantern price stands at 4. You sell your Lantern 5. How many coins do you "
                 "receive?", [("5 coins", 5), ("4 coins", 4), ("3 coins", 3)],
                 lambda: _sale("Lantern 5", [6, 4, 6, 6, 6])[0],
                 lambda: "A sale pays the suit's price, whatever the number printed on the card.",
                 ("2.2.3",), data={"sale": ("Lantern 5", (6, 4, 6, 6, 6), "coins")}),
        Question("The Telegraph price stands at 3. You sell your Telegraph 2. What is the "
                 "Telegraph price afterwards?", [("2", 2), ("3", 3), ("6", 6)],
                 lambda: _sale("Telegraph 2", [6, 6, 3, 6, 6])[1],
                 lambda: "A sale lowers its suit's price by one, but never below the floor of 3.",
                 ("2.2.3",), data={"sale": ("Telegraph 2", (6, 6, 3, 6, 6), "price")}),
        Question("The game is over (the final table is shown). Who wins?",
                 [(f"Seat {s + 1}", s) for s in range(3)],
                 lambda: finished.finish().result.winners[0],
                 lambda: " ".join(finished.score_rows()) + " Sealed cards score nothing.",
                 ("2.5", "2.5.1"), lambda: draw_state(finished.finish(), 0), data={"final": True}),
    ]


class LedgerQuiz(QuizScene):
    """The Drowned Ledger's quiz on the lesson shell's scored quiz."""

    prompt = "Pick an answer; the Ledger's rules check it."

    def questions(self) -> list[Question]:
        return quiz_questions()


# -- offices -----------------------------------------------------------------------------------
def _others_for(name: str) -> list[str]:
    """``name`` for seat 0; seats 1 and 2 get offices whose duties speak only about dives, so
    they never bind on the scripted turns of a lesson."""
    rest = [o for o in ("Lamplighter", "Lookout", "Bell Diver") if o != name]
    return [name, rest[0], rest[1]]


def office_scene(name: str) -> Callable[[], Scene]:
    offices = _others_for(name)
    H = lambda *faces: [C(f) for f in faces]  # noqa: E731
    two = {"hands": [["Compass 1", "Lantern 2"], ["Engine 1"], ["Orrery 1"]]}
    specs: dict[str, tuple[dict, list, list, bool]] = {
        "Harbourmaster": ({"hands": [["Compass 1", "Lantern 2", "Engine 3"], [], []]}, [],
                          [DIVE, Sell(C("Compass 1")), Open((C("Lantern 2"),))], False),
        "Auditor": ({"hands": [["Compass 1", "Compass 2", "Lantern 3"], [], []]}, [],
                    [Open((C("Compass 1"),)), Open(tuple(H("Compass 1", "Compass 2"))),
                     Open(tuple(H("Compass 1", "Compass 2", "Lantern 3"))), Sell(C("Lantern 3"))], False),
        "Broker": ({**two, "market": [6, 4, 6, 6, 6]}, [],
                   [Sell(C("Lantern 2")), Sell(C("Compass 1")), DIVE], False),
        "Smuggler": ({"hands": [["Compass 2", "Lantern 1"], [], []], "yards": [["Compass 4"], [], []]}, [],
                     [Sell(C("Compass 2")), Sell(C("Lantern 1"))], False),
        "Lamplighter": ({"wreck": ["Hazard 9", "Compass 1", "Lantern 2"] + _FILLER, "sea": 3}, [],
                        [DIVE], True),
        "Bell Diver": ({"wreck": ["Compass 1", "Hazard 3", "Lantern 2"] + _FILLER, "sea": 3}, [],
                       [DIVE], True),
        "Lookout": ({"wreck": ["Compass 1", "Lantern 2", "Engine 3", "Orrery 4"] + _FILLER, "sea": 3}, [],
                    [DIVE], True),
        "Notary": ({"hands": [["Compass 1", "Lantern 2"], ["Engine 1", "Engine 2"], ["Orrery 1", "Orrery 2"]]},
                   [Sell(C("Compass 1")), Open((C("Engine 1"),)), Open((C("Orrery 1"),))],
                   [Sell(C("Lantern 2")), Open((C("Lantern 2"),)), DIVE], False),
        "Curator": ({"hands": [["Compass 1", "Lantern 2"], [], []]}, [],
                    [Open((C("Compass 1"),)), Open(tuple(H("Compass 1", "Lantern 2"))), Sell(C("Compass 1"))], False),
        "Treasurer": ({"hands": [["Compass 1"], [], []]}, [],
                      [Sell(C("Compass 1")), Open((C("Compass 1"),)), DIVE], False),
        "Chronicler": ({"hands": [["Compass 1", "Lantern 2"], [], []], "yards": [[], ["Lantern 1"], []]}, [],
                       [Open((C("Lantern 2"),)), Open((C("Compass 1"),)), Sell(C("Lantern 2"))], False),
        "Market Warden": ({"hands": [["Compass 1", "Lantern 2"], [], []], "market": [3, 6, 6, 6, 6]}, [],
                          [Sell(C("Compass 1")), Sell(C("Lantern 2"))], False),
    }
    kw, prelude, actions, progressive = specs[name]
    build = rigged(3, 0, "offices", offices, prelude, **kw)
    prompt = ("Dive, then decide at each flip; the duty speaks about the dive." if progressive
              else "Try each move: the table enforces the duty where a turn can keep it.")
    return lambda: LedgerScene(build, actions, progressive=progressive, prompt=prompt)


def _watch_scene() -> Scene:
    build = rigged(3, 0, "offices", _others_for("Harbourmaster"),
                   hands=[["Compass 1", "Lantern 2", "Engine 3"], [], []],
                   wreck=["Orrery 1", "Orrery 2"] + _FILLER, table_watch=True)
    return LedgerScene(build, [DIVE, Sell(C("Compass 1"))],
                       prompt="With the table watch on, try breaking the Harbourmaster's duty.")


OFFICE_TEXT = {
    "Harbourmaster": "Duty: holding three sealed cards or more, the Harbourmaster may not dive. "
                     "Privilege: each of their dives may hold one extra machine.",
    "Auditor": "Duty: the Auditor opens whole suits, never keeping back a sealed card of a suit "
               "being opened. Privilege: opening three cards or more in one go pays 2 coins.",
    "Broker": "Duty: the Broker sells only a suit that fetches the top price among the suits in "
              "hand. Privilege: every sale pays the Broker 1 coin extra.",
    "Smuggler": "Duty: the Smuggler never sells a suit already on show in their own yard. "
                "Privilege: the first sale of each round does not stir the sea.",
    "Lamplighter": "Duty: the Lamplighter may not come up empty-handed while machines can still "
                   "be found. Privilege: every near-miss they turn over pays them 1 coin.",
    "Bell Diver": "Duty: the Bell Diver stays down until two machines are in the haul, if the "
                  "wreck can still supply them. Privilege: a hazard numbered exactly the sea "
                  "counts as a near-miss for them.",
    "Lookout": "Duty: the Lookout surfaces as soon as the haul holds three machines. Privilege: "
               "a Reckoning always spares the first machine of their haul, which comes up sealed.",
    "Notary": "Duty: the Notary never opens on two turns running, and never sells on two turns "
              "running; diving is not covered, so a dive is always allowed, even after a dive. "
              "Privilege: in each round, the first gift the Notary receives pays 2 coins instead of 1.",
    "Curator": "Duty: when the Curator opens while holding two sealed cards or more, at least "
               "two go into the yard. Privilege: a set of three or more open in one suit is "
               "worth 6 to them instead of 4.",
    "Treasurer": "Duty: the Treasurer never sells the last sealed card in hand. Privilege: "
                 "sealed cards left in hand at the end score 1 point each.",
    "Chronicler": "Duty: holding a suit that nobody else shows, the Chronicler's Open must "
                  "include one such card. Privilege: 1 coin for each card opened in a suit "
                  "nobody else shows.",
    "Market Warden": "Duty: the Market Warden never sells a suit already down at the floor "
                     "price. Privilege: their sales leave the market price where it was.",
}


def _steps_data() -> list[tuple[str, str, str, tuple[str, ...], Any, str]]:
    plain3 = rigged(3, 0, "plain")
    data = [
        ("goal", "The goal: the best salvage before the sea claims the wreck",
         "The Drowned Ledger is a push-your-luck game for 2 to 5 players. You salvage machines "
         "from a sunken wreck, and when the sea claims the wreck the player with the most points "
         "wins. Points come from coins and from the machines you have put on show.\n\n"
         "One turn is one of three things. Dive: turn the wreck deck's cards over one by one; "
         "machines go into your haul, and you stop when you like, unless a hazard catches you "
         "first and the sea takes what you found. Open: lay machines from your hand face up in "
         "your yard, the row in front of you where they score. Sell: trade one machine for coins "
         "at its suit's market price. "
         "The machines a dive brings up are sealed: they wait face down in your hand, seen only "
         "by you, and score nothing until opened. A round is one turn for each player. The sea "
         "starts at 3 and rises during the game; the round in which it reaches 10 is the last. A "
         "hazard numbered above the sea is a near-miss and does no harm; one at or below it is "
         "live and catches the diver, who then draws a Reckoning card saying what the sea "
         "takes.\n\n"
         "The picture is a real table at the start of a game: nobody holds a card yet.",
         ("2.1", "2.2", "2.4.1", "2.5"),
         lambda: LedgerScene(lambda: LedgerState(3, 0, mode="plain"), [],
                             prompt="Nothing to try yet: look at the sea, the market and the empty yards."),
         "The goal"),
        ("components", "What is on the table",
         "Two to five players, any of them people at this device and the rest AI. The wreck deck "
         "has 58 cards: 40 machines in five suits (Compass, Lantern, Telegraph, Engine, Orrery; "
         "each suit printed 1, 1, 2, 2, 3, 3, 4, 5) and 18 hazards, numbered 1 to 9 twice. The sea "
         "starts at 3; once it reaches 10 the game ends with that round. Every suit sells for 6 at first, one "
         "less after each sale of it, never under 3. The machines a dive brings up are its haul, "
         "at most 4 of them. Everyone "
         "starts with no coins, no cards and an empty yard; the bank never runs out. Seats are "
         "counted from 1 and play in that order; in these lessons you are Seat 1.",
         ("2.1",), lambda: LedgerScene(plain3, [DIVE, Open((C("Compass 1"),)), Sell(C("Compass 1"))],
                                       prompt="You are Seat 1 and your hand is empty. What may you do?"), "The table"),
        ("turn", "A turn: dive, open or sell",
         "Each turn is exactly one of three things: dive for machines, open sealed cards into your "
         "yard, or sell one sealed card. With an empty hand you must dive. Opening may pay other "
         "players a gift of a coin (taught with opening below). A sale also stirs the "
         "sea (a sea trigger, taught with the sea below).",
         ("2.2",), lambda: LedgerScene(rigged(3, 0, "plain", hands=[["Compass 3", "Lantern 2"], [], []]),
                                       [DIVE, Open((C("Compass 3"),)), Sell(C("Lantern 2")),
                                        Open(()), Sell(C("Orrery 4"))]), "A turn"),
        ("dive", "A dive you flip yourself",
         "Diving turns wreck cards over one at a time. A machine goes into the haul. A hazard "
         "numbered at or under the sea is live and the dive is caught; a higher one is a "
         "near-miss and is simply discarded. After each card you choose to flip again or to "
         "surface, which seals the haul into your hand. The probability beside each choice is "
         "exact, computed from the cards still in the wreck deck.",
         ("2.2.1", "2.3"), DiveScene, "Diving"),
        ("near_miss", "Live hazards and near-misses",
         "With the sea at 3, a hazard numbered 3 or lower catches you; a 4 or higher misses. "
         "Flip through this rigged wreck: a 7, a machine, then a 3.",
         ("2.2.1", "2.3"), lambda: LedgerScene(rigged(3, 0, "plain", wreck=["Hazard 7", "Compass 2", "Hazard 3"] + _FILLER,
                                                    reckoning=["Cut the Line"], sea=3), [DIVE], progressive=True),
         "Diving"),
        ("hold", "The hold limit and a fresh wreck",
         "A dive holds four machines; the fourth one brings you up automatically. When no wreck "
         "cards are left mid-dive, the discard pile is shuffled to make a new wreck deck.",
         ("2.2.1",), lambda: LedgerScene(rigged(3, 0, "plain", wreck=["Compass 1", "Lantern 1", "Engine 2"],
                                              discard=["Orrery 3", "Telegraph 1", "Hazard 9", "Orrery 1"], sea=3,
                                              rest="discard"),
                                       [DIVE], progressive=True), "Diving"),
        ("reckoning", "The Reckoning",
         "A caught diver draws one Reckoning card and does what it says; the hazard is discarded. "
         "Machines the sea takes are discarded too, the newest first when only some are lost. "
         "Most Reckonings are sea triggers; The Sea Rises Twice is a double trigger and The Water "
         "Holds is none. Forced to Account opens the haul at once, gifts included, so it can never "
         "be sold. When the Reckoning deck is used up it is shuffled again.",
         ("2.3",), ReckoningScene, "Diving"),
        ("open", "Opening, and the gift",
         "Open puts any sealed cards from your hand face up into your yard, where they score at "
         "the end. Each card opened pays a gift: every other player whose yard already shows that "
         "suit is paid one coin by the bank, no matter how many of the suit they show.",
         ("2.2.2",), lambda: LedgerScene(rigged(3, 0, "plain", hands=[["Compass 3", "Lantern 2", "Lantern 4"], [], []],
                                              yards=[[], ["Compass 1", "Compass 2"], ["Lantern 1"]]),
                                       [Open((C("Compass 3"),)), Open((C("Lantern 2"), C("Lantern 4"))),
                                        Open((C("Compass 3"), C("Lantern 2"), C("Lantern 4"))), Open(()),
                                        Open((C("Orrery 1"),))]), "Open and sell"),
        ("sell", "Selling, and the market",
         "Sell one sealed card for its suit's current price, whatever its printed value. That "
         "suit's price then falls one step, stopping at 3, the card is discarded, and the sale is a sea "
         "trigger: if it is the round's first, the sea rises at once.",
         ("2.1", "2.2.3", "2.4"), lambda: LedgerScene(rigged(3, 0, "plain", hands=[["Compass 2", "Lantern 5", "Telegraph 1"], [], []],
                                                           market=[6, 4, 3, 6, 6], sea=5),
                                                    [Sell(C("Compass 2")), Sell(C("Lantern 5")), Sell(C("Telegraph 1"))]),
         "Open and sell"),
        ("sea", "The sea",
         "A round is one turn for each player in seat order, Seat 1 first. The sea moves at most "
         "once a round, and it moves at the moment of the round's first sea trigger: one step, "
         "or two if that first trigger is The Sea Rises Twice. Later triggers in the same round "
         "leave it alone, and The Water Holds is no trigger. Every hazard is judged against the "
         "sea as it stands when the card is turned, so a sale early in a round makes the later "
         "dives of that round riskier. Once the sea has reached 10, the round is still played "
         "out, then the game is over, so everyone has had the same number of turns.",
         ("2.4", "2.4.1", "2.2.1"), SeaScene, "The sea and the end"),
        ("scoring", "Scoring, and the clean ledger",
         "Coins are worth a point each and every open machine its printed value. A suit you "
         "show at least three times in your yard adds 4. The player with the largest count of "
         "open machines keeps the clean ledger, worth 5 more (every tied player gets it; if "
         "nobody has an open machine, nobody has a clean ledger). Sealed cards still in hand score nothing. Ties "
         "on points go to more open machines; a tie left after that is shared.",
         ("2.5", "2.5.1"), ScoreScene, "The sea and the end"),
        ("quiz", "Quiz: dives, the sea and the count",
         "Questions about dives, the sea, gifts, sales and the final count. Only your first "
         "answer to each question counts toward your score; at the end you see the questions "
         "to look at again.",
         ("2.2.1", "2.2.2", "2.2.3", "2.4", "2.5"), LedgerQuiz, "Practice"),
        ("offices", "Offices",
         "In the default mode each player is dealt one of twelve public offices: a duty and a "
         "privilege. When a turn can keep the duty it must, and the rules do not allow a move "
         "that breaks it then; when no move could keep it, it does not bind. No office takes a turn "
         "away or stops the game from ending. Here you are the Harbourmaster: holding three sealed "
         "cards or more, you may not dive. The next twelve steps try each office in turn.",
         ("2.6",), lambda: LedgerScene(rigged(3, 0, "offices", _others_for("Harbourmaster"),
                                              hands=[["Compass 1", "Lantern 2", "Engine 3"], [], []]),
                                       [DIVE, Sell(C("Compass 1"))]), "Offices"),
    ]
    for o in OFFICES:
        data.append((f"office_{o.name.lower().replace(' ', '_')}", f"Office: {o.name}",
                     OFFICE_TEXT[o.name],
                     ("2.6",), office_scene(o.name), "Offices"))
    data += [
        ("watch", "The table watch",
         "An optional table setting lets a duty-breaking move happen and then catches it: the "
         "move is rolled back wherever the cards make that possible (cards that were seen stay "
         "seen), the player chooses again, this time keeping the duty, and their privilege is "
         "suspended for "
         "the rest of the round in which it was caught and the whole of the next; once that next round is over it counts "
         "again, at the final count too.",
         ("2.6.1",), _watch_scene, "Offices"),
        ("ai", "The AI seats",
         "Four personalities play the AI seats: balanced mixes opening and selling, the seller "
         "cashes sealed cards, the opener opens everything, and greedy dives deep before "
         "surfacing. At the table their flips and Reckonings appear one at a time.",
         ("2.7",), BotScene, "At the table"),
        ("hotseat", "Several people at one device",
         "With two or more people at one device, the table hides every private card between "
         "turns and asks the next person to take the device before showing their hand.",
         ("2.8",), HotSeatScene, "At the table"),
    ]
    return data


VOICES = ("plain",)  # the lessons are written in one voice


def steps(voice: str = "plain") -> list[Step]:
    """The steps of The Drowned Ledger's lessons (``voice`` is always ``"plain"``)."""
    check_voice(voice, VOICES, SPEC.title)
    return [Step(key, title, text, clauses, make, topic, "quiz" if key == "quiz" else "rule")
            for key, title, text, clauses, make, topic in _steps_data()]
