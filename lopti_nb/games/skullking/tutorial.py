"""Skull King's guided first rounds (``lopti_nb.tutorial("skull-king")``): rounds 1 to 3 at the
real table against Ana and Ben, with a hint for each bid and card and every move explained.

The deal is the table's seed :attr:`SkullKingTutorial.seed`; followed hint by hint, you play
pirates and an escape and make every bid you name (``tests/explainers/test_tutorial.py``
checks this with the engine). The hints follow the heuristic bot: a bid adds up a rough
chance for each card to take a trick, and a card is chosen to make the bid exactly. Which
card takes the trick as it stands comes from the rule function
:func:`~lopti_nb.games.skullking.rules.trick_winner`, and which cards the rules refuse from
``why_illegal``. Ana and Ben are the heuristic bot; their moves are explained from what
everyone sees (their bids stay secret until all are revealed).
"""
from __future__ import annotations

from lopti_nb.explainers.tutorial import Hint, Script

from . import rules
from .bots import STRENGTH, HeuristicBot
from .cards import KIND, NAME, NUMBER, SUIT_NAMES
from .state import BID, Bid, CardPlayed, Play, TrickDestroyed, TrickWon

ROUNDS_GUIDED = 3
BID_TIP = ("Size a bid by counting likely winners: the Skull King, pirates, the Tigress and high "
           "black cards often win; a mermaid sometimes; an escape never. Low cards of the other "
           "suits seldom win at a table of three.")
PLAY_TIP = ("Keep your bid in view: while you still need tricks, win them as cheaply as you can; "
            "once you have them, lose the rest, getting rid of your most dangerous cards.")


def _name(card: str) -> str:
    """The card with "the": ``the Skull King``, ``the Pirate``, ``the black 14``."""
    name = NAME[card]
    for article in ("a ", "an ", "the "):
        if name.startswith(article):
            return "the " + name[len(article):]
    return "the " + name


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _tricks(n: int) -> str:
    return f"{n} trick{'' if n == 1 else 's'}"


class SkullKingTutorial(Script):
    players = 3
    names = ("Sam", "Ana", "Ben")
    seed = 2

    def __init__(self, voice: str = "plain"):
        super().__init__(voice)
        self.bot = HeuristicBot()

    def title(self) -> str:
        return "Skull King: your first three rounds, guided"

    def intro(self) -> str:
        return ("You play as Sam against Ana and Ben, with a real deal. Round 1 deals one card "
                "each, round 2 two and round 3 three. Before each round everyone bids, in secret, "
                "how many tricks they will win; making your bid exactly is what scores. At each "
                "decision the guide suggests a bid or a card and says why; click it yourself, or "
                "choose another one the rules allow and the guide will say what it did.")

    def done(self, state) -> bool:
        return state.is_over or state.round > ROUNDS_GUIDED

    # -- the hint ---------------------------------------------------------------------------------
    def hint(self, state, seat: int) -> Hint:
        obs = state.observation(seat)
        legal = state.legal_actions(seat)
        action = self.bot(obs, legal, None)
        if obs["phase"] == BID:
            hint = self._bid_hint(obs, action)
        else:
            hint = self._play_hint(state, obs, legal, action)
        return Hint(hint.action, hint.move, hint.why + self.rules_say(state, seat, action), hint.tip)

    @staticmethod
    def rules_say(state, seat: int, action) -> str:
        """The rules' own reason that ``action`` is legal (``why_legal``), as the guide quotes it."""
        reason = state.why_legal(action, seat)
        return f" The rules: {reason}" if reason else ""

    def _bid_hint(self, obs, action) -> Hint:
        table = STRENGTH[obs["players"]]
        parts = [f"{_name(c)} about {round(table[c] * 100)} in 100" for c in obs["hand"]]
        total = sum(table[c] for c in obs["hand"])
        why = (f"A rough chance that each card takes a trick: {', '.join(parts)}. Added up that "
               f"is about {total:.1f}, so bid {action.n}.")
        return Hint(action, f"Bid {action.n}", why, BID_TIP)

    def _play_hint(self, state, obs, legal, action) -> Hint:
        trick = list(obs["trick"])
        need = obs["bids"][0] - obs["tricks_won"][0]
        card = action.card
        refused = [c for c in obs["hand"] if c != "tigress" and Play(c) not in legal]
        rule = ""
        if refused:  # the rules' own reason for the first card they refuse
            rule = f" The rules refuse your {_name(refused[0])}: {state.why_illegal(Play(refused[0]), 0)}."
        if not trick:
            lead = ("You lead this trick. You still need "
                    f"{_tricks(need)}, so lead your strongest card, {_name(card)}." if need > 0 else
                    f"You lead this trick and already have the tricks you bid, so lead low: {_name(card)}.")
            return Hint(action, f"Lead {_name(card)}", lead + rule, PLAY_TIP)
        # which of the learner's legal cards take the trick as it stands: the rule function's answer
        takers = {a.card for a in legal if rules.trick_winner(trick + [a.card]) == len(trick)}
        wins = card in takers
        if need > 0:
            why = (f"You still need {_tricks(need)}, and {_name(card)} takes the trick as it stands."
                   if wins else
                   f"You still need {_tricks(need)}, but none of your cards would take this trick: "
                   f"throw the least useful, {_name(card)}.")
        else:
            # whether the card could take a later trick: the rule function's answer on a trick
            # of it and a number
            risky = rules.trick_winner([card, "Y1"]) == 0 or rules.trick_winner(["Y1", card]) == 1
            why = (f"You have the tricks you bid, and {_name(card)} loses this trick as it stands"
                   + (": it could take a later trick, so this is a safe moment to be rid of it."
                      if risky else ", so playing it keeps your count.") if not wins else
                   f"You have the tricks you bid, but every card of yours would take this trick: "
                   f"throw the least useful, {_name(card)}.")
        if need > 0 and not wins and takers:
            why = (f"You still need {_tricks(need)}: {_name(sorted(takers)[0])} would take this trick "
                   f"as it stands, but the guide saves it for a later trick and plays {_name(card)}.")
        elif need <= 0 and wins and len(takers) < len(legal):
            why = f"You have the tricks you bid; the guide plays {_name(card)}."
        return Hint(action, f"Play {_name(card)}", why + rule, PLAY_TIP)

    # -- the others' moves and your own choices ---------------------------------------------------
    def opponent(self, state, seat: int, rng):
        obs = state.observation(seat)
        action = self.bot(obs, state.legal_actions(seat), rng)
        rule = self.rules_say(state, seat, action).strip()
        if isinstance(action, Bid):
            return action, f"{rule} The bids are shown together once all are in."
        return action, f"{rule} {self._card_why(obs['trick'], action.card)}"

    @staticmethod
    def _card_why(trick, card: str) -> str:
        trick = list(trick)
        if not trick:
            if KIND[card] == NUMBER:
                return (f"Leading a number sets the suit: everyone must follow {SUIT_NAMES[card[0]]} "
                        "if they can.")
            if rules.suit_free([card]):
                return f"{_cap(_name(card))} leads, so the trick is suit-free: nobody has to follow a suit."
            return f"{_cap(_name(card))} leads and sets no suit: the next card played decides it."
        winner = rules.trick_winner(trick + [card])
        if winner is None:
            return "The trick as it stands is destroyed: nobody takes it."
        if winner == len(trick):
            return f"{_cap(_name(card))} takes the trick as it stands."
        return f"The trick as it stands goes to {_name(trick[winner])}."

    def explain(self, before, action, events, seat: int) -> str:
        if isinstance(action, Bid):
            return (f"You bid {action.n}: to score, win exactly {_tricks(action.n)} this round "
                    "(a bid of 0 scores more the more cards you hold, and loses as much if you win any)."
                    + self.rules_say(before, seat, action))
        said = [self.rules_say(before, seat, action).strip(),
                self._card_why(before.observation(seat)["trick"], action.card)]
        for e in events:
            if isinstance(e, TrickWon):
                said.append("You won the trick." if e.seat == 0 else f"{self.names[e.seat]} won the trick.")
            elif isinstance(e, TrickDestroyed):
                said.append("The trick was destroyed.")
        return " ".join(said)

    # -- the end ----------------------------------------------------------------------------------
    def summary(self, state, moves) -> list[str]:
        mine = [r for r in state.records if r["seat"] == 0 and r["round"] <= ROUNDS_GUIDED]
        lines = []
        for r in mine:
            verdict = "made it" if r["bid"] == r["won"] else "missed it"
            lines.append(f"Round {r['round']}: you bid {r['bid']} and won {_tricks(r['won'])}, so you "
                         f"{verdict}: {r['points']:+d} points.")
        specials = [e.card for e in state.events if isinstance(e, CardPlayed) and e.seat == 0
                    and KIND[e.card] != NUMBER]
        if specials:
            lines.append("Special cards you played: " + ", ".join(NAME[c] for c in specials) + ".")
        own = sum(1 for m in moves if m.followed is False)
        lines.append("You followed every hint." if own == 0 else
                     f"You chose your own move {own} time{'' if own == 1 else 's'}; the rules allowed each one.")
        lines.append("A real game goes on to round 10, one more card each round.")
        return lines

