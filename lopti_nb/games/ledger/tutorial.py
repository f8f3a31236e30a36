"""The Drowned Ledger's guided first rounds (``lopti_nb.tutorial("ledger")``): rounds 1 to 3 at
the real table against Ana and Ben, in the plain mode (no offices), with a hint at each
decision and every move explained.

The deal is the table's seed :attr:`LedgerTutorial.seed`; followed hint by hint, you dive,
sell a stray machine and open one that pays gifts, and the Reckoning catches a diver
(``tests/explainers/test_tutorial.py`` checks this with the engine). Each dive hint gives the
coach's exact chance of being caught before the next machine (the risk module's figure), and
what a sale pays or an opening earns is read from the engine, by making the move on a copy of
the position. Ana sells (the seller bot) and Ben opens (the opener bot), as the table's mix of
bots seats them; their moves are explained from what everyone sees.
"""
from __future__ import annotations

from lopti_nb.explainers.tutorial import Hint, Script

from .actions import Dive, FlipAgain, Open, Sell, Surface
from .bots import mix
from .cards import Card
from .coach import percent, coach
from .events import Opened, ReckoningDrawn, Sold

ROUNDS_GUIDED = 3
SAFE_HAUL = 2  # machines the guide dives for before it surfaces
RISKY = 0.3  # a chance of being caught above this, and the guide surfaces at once
GOOD_PRICE = 5  # a stray machine is sold at this price or more
DIVE_TIP = ("Every flip risks the whole haul, and never the hand, yard or coins: the fuller "
            "the haul, the more a catch costs, so surface once it holds a couple of machines.")
TURN_TIP = ("Open a card when other yards already show its suit (each one pays you a coin) or "
            "to build three of one suit; sell a stray while its price is high. A sale is a sea "
            "trigger, and a higher sea makes every later dive riskier.")


def _coins(n: int) -> str:
    return f"{n} coin{'' if n == 1 else 's'}"


def _machines(n: int) -> str:
    return f"{n} machine{'' if n == 1 else 's'}"


class LedgerTutorial(Script):
    players = 3
    names = ("Sam", "Ana", "Ben")
    seed = 1
    settings = {"mode": "plain"}

    def title(self) -> str:
        return "The Drowned Ledger: your first three rounds, guided"

    def intro(self) -> str:
        return ("You play as Sam against Ana and Ben, with a real deal and no offices. On your turn "
                "you dive into the wreck for machines, open sealed machines into your yard, or sell "
                "one for coins. At each decision the guide suggests a move, with the exact chance "
                "that the sea catches you when you dive; click it yourself, or choose another move "
                "the rules allow and the guide will say what it did. Three rounds: three turns each.")

    def done(self, state) -> bool:
        return state.is_over or state.round > ROUNDS_GUIDED

    # -- the hint ---------------------------------------------------------------------------------
    def hint(self, state, seat: int) -> Hint:
        obs = state.observation(seat)
        legal = state.legal_actions(seat)
        if obs["phase"] == "dive":
            hint = self._dive_hint(state, obs, legal)
        else:
            hint = self._turn_hint(state, obs, legal)
        return Hint(hint.action, hint.move, hint.why + self.rules_say(state, seat, hint.action), hint.tip)

    @staticmethod
    def rules_say(state, seat: int, action) -> str:
        """The rules' own reason that ``action`` is legal (``why_legal``), as the guide quotes it."""
        reason = state.why_legal(action, seat)
        return f" The rules: {reason}" if reason else ""

    def _dive_hint(self, state, obs, legal) -> Hint:
        advice = coach(state, 0)
        haul = len(obs["haul"])
        risk = (f"Flipping again, the chance that a live hazard catches you before your next "
                f"machine is {percent(advice.caught)}: {advice.live_hazards} live hazard"
                f"{'' if advice.live_hazards == 1 else 's'} (at or below the sea, {obs['sea']}) "
                f"against {_machines(advice.machines)} in the wreck.")
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
        hand = [Card(c) for c in obs["hand"]]
        yard = {Card(c).suit for c in obs["yards"][0]}
        for action in legal:
            if isinstance(action, Sell):
                card = action.card
                stray = sum(1 for c in hand if c.suit == card.suit) == 1 and card.suit not in yard
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
        return action, f"{self.rules_say(state, seat, action).strip()} {self._public_why(action)}"

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
            return ("A sale pays the suit's market price, whatever the printed value; then the price "
                    "drops by one. A sale is a sea trigger.")
        return ("Opening lays sealed machines face up in the yard: each earns a coin for every other "
                "player whose yard already shows its suit.")

    def explain(self, before, action, events, seat: int) -> str:
        said = [self.rules_say(before, seat, action).strip(), self._public_why(action)]
        for e in events:
            if isinstance(e, ReckoningDrawn):
                said.append("The sea caught you: the Reckoning card decides what happens to your haul.")
        return " ".join(said)

    # -- the end ----------------------------------------------------------------------------------
    def summary(self, state, moves) -> list[str]:
        events = state.events
        sold = [e for e in events if isinstance(e, Sold) and e.seat == 0]
        opened = [e for e in events if isinstance(e, Opened) and e.seat == 0]
        caught = [e for e in events if isinstance(e, ReckoningDrawn)]
        lines = [
            f"You have {_coins(state.coins[0])}, {_machines(len(state.yards[0]))} open in your yard "
            f"and {_machines(len(state.hands[0]))} sealed in your hand.",
            f"You sold {_machines(len(sold))} and opened {_machines(sum(len(e.cards) for e in opened))}.",
            f"The sea caught a diver {len(caught)} time{'' if len(caught) == 1 else 's'}, "
            f"and it stands at {state.sea} now.",
        ]
        own = sum(1 for m in moves if m.followed is False)
        lines.append("You followed every hint." if own == 0 else
                     f"You chose your own move {own} time{'' if own == 1 else 's'}; the rules allowed each one.")
        lines.append(f"A real game goes on until the sea reaches {state.sea_claim}; then open machines, "
                     "coins and full suits score.")
        return lines
