"""The Drowned Ledger's guided game (``lopti_nb.tutorial("drowned-ledger")``): a whole game at
the real table against Ana and Ben, with offices dealt as a real game deals them, a hint at each
decision and every move explained, on to the Sea Claims and the final count.

You hold the Lamplighter (Ana the Broker, Ben the Chronicler). The deal is the table's seed
:attr:`LedgerTutorial.seed` with the top of the wreck deck prepared (:meth:`LedgerTutorial.prepare`,
through :func:`~lopti_nb.games.ledger.testing.rig`): your first flip is a near-miss, so your
privilege pays a coin, and with the haul still empty your duty refuses Surface, so the next flip
is forced; the hint quotes the rules' own refusal, which names the office. Each dive hint gives
the coach's exact chance of being caught before the next machine (the risk module's figure);
what a sale pays or an opening earns is read from the engine, by making the move on a copy of
the position, and the final count is the engine's own (``score_breakdown``), bonus by bonus.
Ana sells (the seller bot) and Ben opens (the opener bot), as the table's mix of bots seats
them; their moves are explained from what everyone sees. A learner who makes other moves is
never stuck: every hint is one of the legal actions, and the game ends when the sea claims.
"""
from __future__ import annotations

from lopti_nb.explainers.tutorial import Hint, Script

from .actions import Dive, FlipAgain, Open, Sell, Surface
from .bots import mix
from .cards import SUITS, Card
from .coach import percent, coach
from .events import GameEnded, Opened, Paid, ReckoningDrawn, SeaRose, Sold
from .offices import PLAIN
from .testing import rig

OFFICES_DEALT = ("Lamplighter", "Broker", "Chronicler")  # one per seat, the learner's first
FIRST_DIVE = ("Hazard 7", "Compass 2", "Lantern 3")  # the top of the wreck deck, top card first
SAFE_HAUL = 2  # machines the guide dives for before it surfaces
RISKY = 0.3  # a chance of being caught above this, and the guide surfaces at once
GOOD_PRICE = 5  # a stray machine is sold at this price or more
LAST_TURNS = 2  # the sea this close to the claim: the guide opens everything (the claim may come)
DIVE_TIP = ("Every flip risks the whole haul, and never the hand, yard or coins: the fuller "
            "the haul, the more a catch costs, so surface once it holds a couple of machines.")
TURN_TIP = ("Open a card when other yards already show its suit (each one pays you a coin) or "
            "to build three of one suit; sell a stray while its price is high. A sale is a sea "
            "trigger, and a higher sea makes every later dive riskier.")
END_TIP = ("At the final count a sealed card scores nothing: only coins, open machines and the "
           "bonuses for open machines count.")
DUTY_TIP = ("An office's duty binds whenever some move keeps it; read your duty before each "
            "decision, and use your privilege where it pays.")


def _coins(n: int) -> str:
    return f"{n} coin{'' if n == 1 else 's'}"


def _machines(n: int) -> str:
    return f"{n} machine{'' if n == 1 else 's'}"


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


class LedgerTutorial(Script):
    players = 3
    names = ("Sam", "Ana", "Ben")
    seed = 1
    settings = {"mode": "offices", "offices": OFFICES_DEALT}

    def title(self) -> str:
        return "The Drowned Ledger: a whole game with offices, guided"

    def intro(self) -> str:
        from .offices import OFFICES, OFFICE_INDEX

        mine = OFFICES[OFFICE_INDEX[OFFICES_DEALT[0]]]
        others = ", ".join(f"{n} the {o}" for n, o in zip(self.names[1:], OFFICES_DEALT[1:]))
        return ("You play as Sam against Ana and Ben, with a real deal and an office each, as in a "
                "real game. On your turn you dive into the wreck for machines, open sealed machines "
                "into your yard, or sell one for coins. "
                f"You are the {mine.name}. Your duty: {mine.duty} Your privilege: {mine.privilege} "
                f"({others}; every office is face up.) At each decision the guide suggests a move, "
                "with the exact chance that the sea catches you when you dive; click it yourself, or "
                "choose another move the rules allow and the guide will say what it did. The game "
                "runs until the Sea Claims, and ends with the final count.")

    def prepare(self, state) -> None:
        """The table's fresh deal gets the top of the wreck deck prepared (the rest of the deck
        below it, every card in one place, as in a dealt game); later positions stay as played."""
        if not state.actions:
            rig(state, wreck=FIRST_DIVE, whole=True)

    def done(self, state) -> bool:
        return state.is_over

    # -- the hint ---------------------------------------------------------------------------------
    def hint(self, state, seat: int) -> Hint:
        obs = state.observation(seat)
        legal = state.legal_actions(seat)
        if obs["phase"] == "dive":
            hint = self._dive_hint(state, obs, legal)
        else:
            hint = self._turn_hint(state, obs, legal)
        if hint.action not in legal:  # the rules refuse the guide's choice: the first move they allow
            why = state.why_illegal(hint.action, seat) or ""
            hint = Hint(legal[0], str(legal[0]), f"The rules refuse {_lower(hint.move)}: {why}.", DUTY_TIP)
        said = [self._privilege_paid(state, seat), self._duty_refuses(state, seat, obs, legal), hint.why]
        why = " ".join(x for x in said if x) + self.rules_say(state, seat, hint.action)
        return Hint(hint.action, hint.move, why, hint.tip)

    @staticmethod
    def rules_say(state, seat: int, action) -> str:
        """The rules' own reason that ``action`` is legal (``why_legal``), as the guide quotes it."""
        reason = state.why_legal(action, seat)
        return f" The rules: {reason}" if reason else ""

    @staticmethod
    def _privilege_paid(state, seat: int) -> str:
        """What the learner's privilege paid since their last move, from the Paid events whose
        reason names the office."""
        office = state.office_of(seat)
        if office is None:
            return ""
        paid = 0
        for e in reversed(state.events):
            if isinstance(e, Paid) and e.seat == seat and e.reason.startswith(office.name):
                paid += e.coins
            elif not isinstance(e, Paid):
                break
        if not paid:
            return ""
        return (f"Your privilege as the {office.name} just paid you {_coins(paid)} "
                f"({office.privilege[0].lower()}{office.privilege[1:-1]}).")

    @staticmethod
    def _duty_refuses(state, seat: int, obs, legal) -> str:
        """The moves of this decision the learner's duty refuses, in the rules' own words."""
        everything = [FlipAgain(), Surface()] if obs["phase"] == "dive" else [Dive()]
        said = []
        for action in everything:
            if action not in legal:
                why = state.why_illegal(action, seat)
                if why and "duty" in why:
                    said.append(f"The rules refuse {action} now: {why}.")
        return " ".join(said)

    def _dive_hint(self, state, obs, legal) -> Hint:
        advice = coach(state, 0)
        haul = len(obs["haul"])
        risk = (f"Flipping again, the chance that a live hazard catches you before your next "
                f"machine is {percent(advice.caught)}: {advice.live_hazards} live hazard"
                f"{'' if advice.live_hazards == 1 else 's'} (at or below the sea, {obs['sea']}) "
                f"against {_machines(advice.machines)} in the wreck.")
        if legal == [FlipAgain()]:
            held = f"holds {_machines(haul)}" if haul else "is empty"
            return Hint(FlipAgain(), "Flip again", f"Your haul {held}, so the one move left is "
                        f"another flip. {risk}", DUTY_TIP)
        if FlipAgain() in legal and haul < SAFE_HAUL and advice.caught <= RISKY:
            return Hint(FlipAgain(), "Flip again",
                        f"Your haul holds {_machines(haul)}, and the risk is still small. {risk}", DIVE_TIP)
        return Hint(Surface(), "Surface",
                    f"Your haul holds {_machines(haul)}: surfacing seals it into your hand, where the "
                    f"sea cannot reach it. {risk}", DIVE_TIP)

    def _turn_hint(self, state, obs, legal) -> Hint:
        if legal == [Dive()]:
            advice = coach(state, 0)
            return Hint(Dive(), "Dive", "The chance the first flips catch you before a machine is "
                        f"{percent(advice.caught)}.", DIVE_TIP)
        hand = [Card(c) for c in obs["hand"]]
        if obs["sea"] + LAST_TURNS >= obs["sea_claim"]:
            whole = Open(tuple(hand))
            if whole in legal:
                return Hint(whole, "Open your whole hand",
                            f"The sea stands at {obs['sea']} and claims at {obs['sea_claim']}: it "
                            "rises at most two steps a round, so this turn may be your last.", END_TIP)
        yard = [Card(c) for c in obs["yards"][0]]
        for suit in range(len(SUITS)):
            held = tuple(c for c in hand if c.suit == suit)
            shown = sum(1 for c in yard if c.suit == suit)
            action = Open(held) if held else None
            if action in legal and shown < 3 <= shown + len(held):
                bonus = state.grants(0).set_bonus
                return Hint(action, f"Open your {SUITS[suit]} machines",
                            f"Your yard would then show {shown + len(held)} {SUITS[suit]} machines: "
                            f"three or more of one suit open is a suit set, worth {bonus} more "
                            "points at the final count.", TURN_TIP)
        best_open = None
        for action in legal:
            if isinstance(action, Open) and len(action.cards) == 1:
                gifts = sum(c for _, c in self._trial(state, action, Opened).gifts)
                if gifts and (best_open is None or gifts > best_open[1]):
                    best_open = (action, gifts)
        if best_open is not None:
            action, gifts = best_open
            card = action.cards[0]
            return Hint(action, f"Open your {card}",
                        f"Another yard already shows {card.suit_name}, so opening it pays you "
                        f"{_coins(gifts)} in gifts, and an open machine scores its printed value.",
                        TURN_TIP)
        yard_suits = {c.suit for c in yard}
        for action in legal:
            if isinstance(action, Sell):
                card = action.card
                stray = sum(1 for c in hand if c.suit == card.suit) == 1 and card.suit not in yard_suits
                price = obs["market"][card.suit]
                if stray and price >= GOOD_PRICE and len(hand) >= 2:
                    sold = self._trial(state, action, Sold)
                    return Hint(action, f"Sell your {card}",
                                f"It is a stray (your only {card.suit_name}, and none in your yard), "
                                f"and a sale pays the market price, {_coins(sold.coins)}, whatever "
                                f"its printed value: worth more now than the {card.value} it would "
                                "score in your yard.", TURN_TIP)
        advice = coach(state, 0)
        return Hint(Dive(), "Dive", "Nothing in your hand pays well yet: dive for more machines. The "
                    f"chance the first flips catch you before a machine is {percent(advice.caught)}.",
                    DIVE_TIP)

    @staticmethod
    def _trial(state, action, kind):
        """The event of ``kind`` that ``action`` causes, made on a copy of the position (the
        learner's own move: the copy holds nothing the learner may not know about it)."""
        trial = state.copy()
        return next(e for e in trial.apply(action) if isinstance(e, kind))

    # -- the others' moves and your own choices ---------------------------------------------------
    def opponent(self, state, seat: int, rng):
        obs = state.observation(seat)
        action = mix(obs, state.legal_actions(seat), rng)
        said = [self.rules_say(state, seat, action).strip(), self._public_why(action),
                self._privilege_says(state, seat, action)]
        return action, " ".join(x for x in said if x)

    def _privilege_says(self, state, seat: int, action) -> str:
        """The office privilege (public, face up) that changes what ``action`` of ``seat`` pays
        or risks, in the office's own words."""
        office = state.office_of(seat)
        if office is None:
            return ""
        g = state.grants(seat)
        if isinstance(action, Sell):
            bears = g.sale_bonus or g.quiet_sales or g.price_holds
        elif isinstance(action, Open):
            bears = g.fresh_open_coin or g.big_open[0] or g.set_bonus != PLAIN.set_bonus
        else:
            bears = g.near_miss_coin or g.edge_safe or g.hold_bonus or g.spare_first
        if not bears:
            return ""
        who = "You hold" if seat == 0 else f"{self.names[seat]} holds"
        return f"{who} the {office.name}, whose privilege reads: \u201c{office.privilege}\u201d"

    @staticmethod
    def _public_why(action) -> str:
        if isinstance(action, Dive):
            return ("A dive turns wreck cards one at a time: machines join the haul, and a hazard at "
                    "or below the sea catches the diver.")
        if isinstance(action, FlipAgain):
            return "Another flip: the haul may grow, and the whole haul is at risk."
        if isinstance(action, Surface):
            return "Surfacing seals the haul into the hand, out of the sea's reach."
        if isinstance(action, Sell):
            return ("A sale pays the suit's market price, whatever the printed value, and the "
                    "price then falls by one to no lower than its floor. A sale is a sea trigger.")
        return ("Opening lays sealed machines face up in the yard: each earns a coin for every other "
                "player whose yard already shows its suit.")

    def explain(self, before, action, events, seat: int) -> str:
        said = [self.rules_say(before, seat, action).strip(), self._public_why(action),
                self._privilege_says(before, seat, action)]
        for e in events:
            if isinstance(e, ReckoningDrawn):
                said.append("The sea caught you: the Reckoning card decides what happens to your haul.")
        return " ".join(said)

    # -- the end ----------------------------------------------------------------------------------
    def summary(self, state, moves) -> list[str]:
        """The Sea Claims and the final count, read from the engine's events and its count
        (``score_breakdown``), bonus by bonus."""
        events = state.events
        lines = []
        claimed = [e for e in events if isinstance(e, SeaRose) and e.claimed]
        ended = [e for e in events if isinstance(e, GameEnded)]
        if claimed and ended:
            lines.append(f"The Sea Claims: in round {claimed[-1].round} the sea reached "
                         f"{claimed[-1].sea}; that round was played to its end, and the game is over.")
        elif ended:
            lines.append("The game is over.")
        else:
            lines.append(f"The game goes on until the sea reaches {state.sea_claim}.")
            return lines
        parts = state.score_breakdown()
        for seat, part in enumerate(parts):
            lines.append(self._count_line(seat, part))
        lines.extend(self._bonus_lines(state, parts))
        result = state.result
        if result is not None:
            best = [self.names[s] for s in result.winners]
            lines.append(f"{' and '.join(best)} {'win' if len(best) > 1 else 'wins'} with "
                         f"{_points(result.scores[result.winners[0]])}.")
        mine = [e for e in events if isinstance(e, Paid) and e.seat == 0 and state.office_of(0)
                and e.reason.startswith(state.office_of(0).name)]
        if mine:
            lines.append(f"Your privilege paid you {_coins(sum(e.coins for e in mine))} in all.")
        own = sum(1 for m in moves if m.followed is False)
        lines.append("You followed every hint." if own == 0 else
                     f"You chose your own move {own} time{'' if own == 1 else 's'}; the rules allowed each one.")
        return lines

    def _count_line(self, seat: int, part: dict) -> str:
        said = [f"{_coins(part['coins'])}", f"{part['machines']} for open machines"]
        if part["sets"]:
            said.append(f"{part['sets']} for suit sets")
        if part["clean_ledger"]:
            said.append(f"{part['clean_ledger']} for the clean ledger")
        if part["sealed"]:
            said.append(f"{part['sealed']} for sealed cards")
        return f"{self.names[seat]}'s final count: {' + '.join(said)} = {_points(part['total'])}."

    def _bonus_lines(self, state, parts) -> list[str]:
        lines = []
        for seat, part in enumerate(parts):
            full = [SUITS[k] for k, n in enumerate(state.ycount[seat]) if n >= 3]
            if full:
                lines.append(f"Suit sets: {self.names[seat]} shows three or more open machines of "
                             f"{', '.join(full)}, worth {part['sets']} points.")
        if not any(p["sets"] for p in parts):
            lines.append("Suit sets: nobody shows three open machines of one suit, so nobody scores one.")
        most = max(p["open_machines"] for p in parts)
        clean = [self.names[s] for s, p in enumerate(parts) if p["clean_ledger"]]
        if clean:
            lines.append(f"The clean ledger: the most open machines is {most}, shown by "
                         f"{' and '.join(clean)}, worth {parts[self.names.index(clean[0])]['clean_ledger']} "
                         "points to each.")
        else:
            lines.append("The clean ledger: nobody shows an open machine, so nobody scores it.")
        return lines
