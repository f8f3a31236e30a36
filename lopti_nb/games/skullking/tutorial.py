"""Skull King's guided first rounds (``lopti_nb.tutorial("skull-king")``): rounds 1 to 5 at the
real table against Ana and Ben, with a hint for each bid and card and every move explained,
ending on round 5's score sheet (the game is set to end after it: no next round is dealt).

Each round is a prepared deal (:data:`DEALS`, laid with the game's ``set_hands``) and a plan
of who plays what (:data:`PLANS`): followed hint by hint, you follow suit while an off-suit
card of yours is refused with the rules' reason, your Mermaid takes Ben's Skull King, your
Kraken destroys a trick, your White Whale hands a trick to the highest number and your Loot
alliance with Ben pays (``tests/explainers/test_tutorial.py`` checks this on the engine's
events). Each special card is introduced by the guide the first time you see it. A move of
your own is fine: the plans then fall back on the heuristic bot's choice, so nobody is ever
stuck. Which card takes the trick as it stands comes from the rule function
:func:`~lopti_nb.games.skullking.rules.trick_winner`, a finished trick's reason from the
lessons' :func:`~lopti_nb.games.skullking.lessons.explain_trick`, and which cards the rules
refuse from ``why_illegal``. Ana's and Ben's moves are explained from what everyone sees
(their bids stay secret until all are revealed).
"""
from __future__ import annotations

from lopti_nb.explainers.tutorial import Hint, Script

from . import rules
from .bots import STRENGTH, HeuristicBot
from .cards import KIND, NAME, NUMBER, SORT_KEY, SUIT_NAMES
from .lessons import explain_trick
from .state import BID, Bid, CardPlayed, Play, TrickDestroyed, TrickWon

ROUNDS_GUIDED = 5
BID_TIP = ("Size a bid by counting likely winners: high black cards and the special cards that beat "
           "numbers often win. Low cards of the other suits seldom win at a table of three.")
PLAY_TIP = ("Keep your bid in view: while you still need tricks, win them as cheaply as you can; "
            "once you have them, lose the rest, getting rid of your most dangerous cards.")

#: per round, the prepared hands of Sam, Ana and Ben
DEALS = {
    1: (["pirate"], ["G7"], ["Y3"]),
    2: (["Y4", "P13"], ["Y9", "P6"], ["Y11", "escape"]),
    3: (["mermaid", "G3", "Y2"], ["pirate", "G12", "Y8"], ["skull-king", "G10", "Y6"]),
    4: (["kraken", "Y13", "B12", "P2"], ["Y5", "pirate", "G11", "Y2"], ["Y7", "P9", "G4", "escape"]),
    5: (["loot", "white-whale", "B13", "Y3", "G5"], ["Y12", "P10", "G13", "G2", "Y1"],
        ["Y9", "pirate", "pirate", "G6", "P4"]),
}
#: per round, each seat's cards in the order the plan plays them (the first one held that the
#: rules allow is played; none: the heuristic bot decides)
PLANS = {
    1: (["pirate"], ["G7"], ["Y3"]),
    2: (["Y4", "P13"], ["Y9", "P6"], ["Y11", "escape"]),
    3: (["mermaid", "G3", "Y2"], ["pirate", "G12", "Y8"], ["skull-king", "G10", "Y6"]),
    4: (["Y13", "P2", "kraken", "B12"], ["Y5", "pirate", "G11", "Y2"], ["Y7", "P9", "G4", "escape"]),
    5: (["Y3", "loot", "white-whale", "G5", "B13"], ["Y12", "P10", "G13", "G2", "Y1"],
        ["Y9", "pirate", "pirate", "G6", "P4"]),
}
#: Ana's and Ben's bids per round (Sam's bid is the hint's)
BIDS = {1: (0, 0), 2: (0, 1), 3: (2, 1), 4: (2, 0), 5: (2, 2)}
#: the guide's strategy for a planned card: (round, the trick so far, the card) -> words
NOTES = {
    (3, ("skull-king",), "mermaid"): "This is the moment the Mermaid waits for: Ben has put the Skull King down.",
    (4, ("G11", "G4"), "kraken"): ("You need no more than the tricks you can still take with your black 12: "
                                   "the Kraken makes sure nobody gets this one."),
    (5, ("P10", "pirate"), "loot"): ("Ben's Pirate takes this trick: your Loot loses it for you and allies you "
                                     "with Ben."),
    (5, ("pirate",), "white-whale"): ("Ben's Pirate would take this trick; with the White Whale the highest "
                                      "number wins instead, and you have no number in it: your black 13 "
                                      "can take a later trick."),
}


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


def introduction(card: str, edition: str = "table") -> str:
    """The guide's words for a special card the first time the learner meets it ("" for a
    number). Each claim here is re-derived by the rules in the claims check
    (:mod:`lopti_nb.games.skullking.claims`)."""
    said = {
        "pirate": "A Pirate beats every number, and when pirates meet the first one played wins.",
        "tigress": "She is played as a Pirate or as an Escape, declared as she is played.",
        "escape": ("An Escape loses to every other card (a trick of escapes alone goes to the first one "
                   "played), so it is the safe way to lose a trick."),
        "mermaid": "A Mermaid beats every number, but a Pirate beats her.",
        "skull-king": (f"He beats every number and every Pirate, but a Mermaid in his trick captures him, "
                       f"for a bonus of {rules.MERMAID_CATCHES_KING[edition]}."),
        "kraken": ("A trick with the Kraken in it is destroyed: nobody takes it, and the player whose card "
                   "would have won without it leads next."),
        "white-whale": ("It takes the power from every special card in its trick: the highest number wins, "
                        "whatever its suit."),
        "loot": (f"A Loot loses like an Escape, but it allies its player with the trick's winner: if both "
                 f"make their bids, each scores {rules.LOOT_ALLIANCE} more."),
    }.get(card.split(":")[0])
    return f"New card: {_name(card.split(':')[0])}. {said}" if said else ""


class SkullKingTutorial(Script):
    players = 3
    names = ("Sam", "Ana", "Ben")
    seed = 2

    def __init__(self, voice: str = "plain"):
        super().__init__(voice)
        self.bot = HeuristicBot()
        self.met: set[str] = set()  # the special cards the guide has introduced

    def title(self) -> str:
        return "Skull King: your first five rounds, guided"

    def intro(self) -> str:
        return ("You play as Sam against Ana and Ben, with a real deal. Round 1 deals one card "
                "each, round 2 two, and so on to round 5. Before each round everyone bids, in secret, "
                "how many tricks they will win; making your bid exactly is what scores. At each "
                "decision the guide suggests a bid or a card and says why; click it yourself, or "
                "choose another one the rules allow and the guide will say what it did.")

    def done(self, state) -> bool:
        return state.is_over or state.round > ROUNDS_GUIDED

    # -- the prepared deal ------------------------------------------------------------------------
    def prepare(self, state) -> None:
        """The game ends after round 5, and each round just dealt gets its prepared hands."""
        if state.phase != BID or any(b is not None for b in state.bids) or state.round not in DEALS:
            return
        if state.round == 1 and len(state.rounds) > ROUNDS_GUIDED:
            state.end_after(ROUNDS_GUIDED)
        hands = [sorted(h, key=SORT_KEY.__getitem__) for h in DEALS[state.round]]
        if [list(h) for h in state.hands] != hands:
            state.set_hands(hands)

    def _meet(self, cards, edition: str) -> str:
        """Introductions of the special cards in ``cards`` the learner has not met yet."""
        said = []
        for card in cards:
            held = card.split(":")[0]
            if KIND[card] != NUMBER and held not in self.met:
                self.met.add(held)
                said.append(introduction(held, edition))
        return " ".join(t for t in said if t)

    def _planned(self, state, seat: int, legal):
        """The plan's action for ``seat`` now, or ``None`` (off the plan: the bot decides)."""
        if state.round not in DEALS:
            return None
        if state.phase == BID:
            if seat == 0:
                return None
            bid = Bid(BIDS[state.round][seat - 1])
            return bid if bid in legal else None
        for card in PLANS[state.round][seat]:
            if Play(card) in legal:
                return Play(card)
        return None

    # -- the hint ---------------------------------------------------------------------------------
    def hint(self, state, seat: int) -> Hint:
        obs = state.observation(seat)
        legal = state.legal_actions(seat)
        action = self._planned(state, seat, legal) or self.bot(obs, legal, None)
        met = self._meet(list(obs["hand"]) + list(obs["trick"]), state.edition)
        if obs["phase"] == BID:
            hint = self._bid_hint(obs, action)
        else:
            hint = self._play_hint(state, obs, legal, action)
        why = (met + " " if met else "") + hint.why + self.rules_say(state, seat, action)
        return Hint(hint.action, hint.move, why, hint.tip)

    @staticmethod
    def rules_say(state, seat: int, action) -> str:
        """The rules' own reason that ``action`` is legal (``why_legal``), as the guide quotes it."""
        reason = state.why_legal(action, seat)
        return f" The rules: {reason}" if reason else ""

    def _bid_hint(self, obs, action) -> Hint:
        table = STRENGTH[obs["players"]]
        parts = [f"{_name(c)} about {min(round(table[c] * 100), 99)} in 100" for c in obs["hand"]]
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
            rule = (f" The rules refuse your {_name(refused[0])[len('the '):]}: "
                    f"{state.why_illegal(Play(refused[0]), 0)}.")
        note = NOTES.get((state.round, tuple(trick), card), "")
        note = f" {note}" if note else ""
        needs = (f"You still need {_tricks(need)}." if need > 0 else "You have the tricks you bid.")
        if not trick:
            return Hint(action, f"Lead {_name(card)}",
                        f"You lead this trick. {needs} {self._card_why(trick, card)}{note}{rule}", PLAY_TIP)
        said = f"{needs} {self._card_why(trick, card)}"
        if len(trick) + 1 == obs["players"]:  # the card ends the trick: the rule that decides it
            said += " " + explain_trick(trick + [card], state.edition)["why"]
        return Hint(action, f"Play {_name(card)}", said + note + rule, PLAY_TIP)

    # -- the others' moves and your own choices ---------------------------------------------------
    def opponent(self, state, seat: int, rng):
        obs = state.observation(seat)
        legal = state.legal_actions(seat)
        action = self._planned(state, seat, legal) or self.bot(obs, legal, rng)
        rule = self.rules_say(state, seat, action).strip()
        if isinstance(action, Bid):
            return action, f"{rule} The bids are shown together once all are in."
        met = self._meet([action.card], state.edition)
        trick = list(obs["trick"])
        said = [rule, met, self._card_why(trick, action.card)]
        if len(trick) + 1 == obs["players"]:
            said.append(explain_trick(trick + [action.card], state.edition)["why"])
        return action, " ".join(t for t in said if t)

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
        trick = list(before.observation(seat)["trick"])
        said = [self.rules_say(before, seat, action).strip(), self._card_why(trick, action.card)]
        if len(trick) + 1 == before.num_players:
            said.append(explain_trick(trick + [action.card], before.edition)["why"])
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
        for e in state.events:  # the alliances your Loot made, and what each paid
            if isinstance(e, TrickWon) and 0 in e.loot_allies:
                paid = next(r["loot"] for r in mine if r["round"] == e.round)
                lines.append(f"Round {e.round}: your Loot alliance with {self.names[e.seat]} paid you "
                             f"{paid:+d} points.")
        specials = [e.card for e in state.events if isinstance(e, CardPlayed) and e.seat == 0
                    and KIND[e.card] != NUMBER]
        if specials:
            lines.append("Special cards you played: " + ", ".join(NAME[c] for c in specials) + ".")
        own = sum(1 for m in moves if m.followed is False)
        lines.append("You followed every hint." if own == 0 else
                     f"You chose your own move {own} time{'' if own == 1 else 's'}; the rules allowed each one.")
        lines.append("A real game goes on to round 10, one more card each round.")
        return lines
