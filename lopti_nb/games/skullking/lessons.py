"""Skull King's lessons (the rules reference shipped as ``reference.md``, clauses 3.1-3.5):
tricks built with ``SkullKingState.set_hands`` and played through the engine; winners, next
leaders, bonuses and scores from the rule functions ``trick_winner``, ``next_leader``,
``trick_bonus`` and ``score_round``.

The lessons put the learner last to play, so that every choice finishes the trick and the
engine can say at once who wins it. Everything a learner reads counts seats from 1 (as the
engine's own sentences do) and calls the learner "you"; the engine's events are retold here
in that voice."""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

import ipywidgets as W

from lopti_nb.engine import plural, seat_word
from lopti_nb.explainers.core import Choice, Scene, Step, Verdict, box, check_voice, esc, line
from lopti_nb.explainers.quiz import Question, QuizScene
from lopti_nb.widgets.svg import cards_row_html

from .cards import CARDS, KIND, NAME, PLAYABLE, SORT_KEY, SUIT, SUIT_NAMES, build_deck
from .cards import ESCAPE, KRAKEN, MERMAID, NUMBER, PIRATE, SKULL_KING, WHALE
from .pictures import skullking_card_svg
from .plugin import SPEC
from .testing import at_round, check_position
from .rules import (
    LOOT_ALLIANCE, MERMAID_CATCHES_KING, next_leader, score_parts, score_round, suit_free,
    trick_bonus, trick_winner,
)
from .state import (
    Bid, BidMade, BidsRevealed, CardPlayed, Play, RoundDealt, RoundScored, SkullKingState,
    TrickDestroyed, TrickWon,
)

DECK = Counter(build_deck(True))
# number cards used to fill the other seats' hands
_FILL = [f"{s}{r}" for r in range(2, 14) for s in "YPG"]
SYSTEM_NAMES = {"classic": "classic", "rascal": "Rascal's", "cannonball": "Cannonball"}


def seat_words(seat: int, you: int | None = None) -> str:
    """A seat as a player names it: ``"you"`` for the learner, else the engine's seat word
    (``"Seat 3"`` for index 2: the engine's sentences count from 1 already)."""
    return "you" if seat == you else seat_word(seat)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _verb(seat: int, you: int | None, third: str, second: str) -> str:
    return f"{seat_words(seat, you)} {second if seat == you else third}"


def event_words(event, you: int | None = None) -> str | None:
    """An engine event retold for a learner, who is "you" (other seats keep the engine's
    words, counted from 1); ``None`` for an event a lesson does not show (the deal of the
    next round). Retold from the event's fields, never by renumbering its sentence."""
    if isinstance(event, CardPlayed):
        return _cap(f"{_verb(event.seat, you, 'plays', 'play')} {NAME[event.card]}.")
    if isinstance(event, BidMade):
        return _cap(f"{_verb(event.seat, you, 'makes', 'make')} a secret bid.")
    if isinstance(event, BidsRevealed):
        bids = ", ".join(f"{_verb(s, you, 'bid', 'bid')} {b}" for s, b in enumerate(event.bids))
        return f"All bids are shown together: {bids}."
    if isinstance(event, TrickWon):
        text = f"{_verb(event.seat, you, 'takes', 'take')} trick {event.trick} with {NAME[event.card]}"
        if event.bonus:
            text += f", capturing a bonus of {event.bonus}"
        text += "."
        for ally in event.loot_allies:
            owner = "Your Loot" if ally == you else f"The Loot of {seat_words(ally, you)}"
            text += f" {owner} makes an alliance with {seat_words(event.seat, you)}."
        return _cap(text)
    if isinstance(event, TrickDestroyed):
        cause = ("The Kraken destroys" if event.by == "kraken"
                 else "The White Whale finds no number and destroys")
        return (f"{cause} trick {event.trick}; "
                f"{_verb(event.next_leader, you, 'leads', 'lead')} next.")
    if isinstance(event, RoundScored):
        parts = [f"{seat_words(s, you)} bid {b}, took {w}: {p:+g}"
                 for s, (b, w, p) in enumerate(zip(event.bids, event.won, event.points))]
        return f"Round {event.round} is scored: " + "; ".join(parts) + "."
    if isinstance(event, RoundDealt):
        return None
    return event.describe()


def events_words(events, you: int | None = None) -> list[str]:
    return [w for w in (event_words(e, you) for e in events) if w]


def _holdable(card: str) -> str:
    return "tigress" if card.startswith("tigress") else card


def explain_trick(cards: Sequence[str], edition: str = "table") -> dict[str, Any]:
    """The engine's verdict on a complete trick, with the rule behind it in words.

    ``winner``, ``leader`` and ``bonus`` come from ``trick_winner``, ``next_leader`` and
    ``trick_bonus``; ``why``, ``why_leader`` and ``why_bonus`` say which rule of the
    reference's clauses 3.3 and 3.5 produced them."""
    cards = list(cards)
    winner = trick_winner(cards)
    lead = next_leader(cards)
    bonus = trick_bonus(cards, edition)
    kinds = [KIND[c] for c in cards]
    kraken = max((i for i, k in enumerate(kinds) if k == KRAKEN), default=-1)
    whale = max((i for i, k in enumerate(kinds) if k == WHALE), default=-1)
    numbers = [i for i, k in enumerate(kinds) if k == NUMBER]
    normal = kraken < 0 and whale < 0  # no creature: every special keeps its power
    parts_bonus: list[str] = []
    points: list[int] = []
    after = ""  # a word on pirates the table edition leaves unpaid
    if whale > kraken:
        pre = ("The Kraken came first, so it acts as an escape and the later White Whale rules. "
               if kraken >= 0 else "")
        if winner is None:
            why = pre + ("The White Whale takes the power from every special card, and there is no "
                         "number here, so the trick is destroyed.")
            why_leader = "With no numbers, the White Whale's player leads next."
        else:
            why = pre + (f"The White Whale takes the power from every special card: the highest "
                         f"number, {NAME[cards[winner]]}, wins whatever its suit (the first played "
                         f"wins a tie), and the winner takes only the number cards.")
            why_leader = "The winner leads the next trick."
    elif kraken >= 0:
        pre = ("The White Whale came first, so it acts as an escape and the later Kraken rules. "
               if whale >= 0 else "")
        why = pre + "The Kraken destroys the trick: nobody wins it and nothing is captured."
        without = "either creature" if whale >= 0 else "the Kraken"
        why_leader = (f"The card that would have won without {without}, {NAME[cards[lead]]}, "
                      "gives its player the next lead.")
    else:
        w = cards[winner]
        k = KIND[w]
        why_leader = "The winner leads the next trick."
        if k == SKULL_KING:
            why = "The Skull King beats every number and every pirate."
        elif k == MERMAID and SKULL_KING in kinds:
            why = ("The Skull King is in the trick, so the first mermaid played captures him, "
                   "whatever pirates are there.")
        elif k == MERMAID:
            why = ("A mermaid beats every number; with no pirate here she wins (the first mermaid "
                   "played wins among mermaids).")
        elif k == PIRATE:
            # the rule for the cards in this trick: mermaids are named only where one was played
            why = ("Pirates beat every number and every mermaid when the Skull King is absent; "
                   "the first pirate played wins among pirates." if MERMAID in kinds else
                   "Pirates beat every number; the first pirate played wins among pirates.")
        elif k == NUMBER and SUIT[w] == "B":
            why = "A black card beats every other suit; the highest black number wins."
        elif k == NUMBER:
            led = SUIT[cards[numbers[0]]]
            why = (f"No black and no special card with power: the highest {SUIT_NAMES[led]} card "
                   f"(the trick's suit) wins; a card of another colour never wins.")
        else:
            why = ("Every card is an escape (Escape, Loot or the Tigress as an escape), so the "
                   "first card played wins.")
    if winner is not None:
        for c in (c for c in cards if CARDS[c].rank == 14):
            parts_bonus.append(f"{NAME[c]} captured: +{20 if SUIT[c] == 'B' else 10}")
            points.append(20 if SUIT[c] == "B" else 10)
        if normal:
            wk = KIND[cards[winner]]
            if wk == SKULL_KING and edition == "2021":
                pirates = sum(1 for k in kinds if k == PIRATE)
                if pirates:
                    parts_bonus.append(f"2021 edition: the Skull King captures "
                                       f"{plural(pirates, 'pirate')}: +{30 * pirates}")
                    points.append(30 * pirates)
            elif wk == SKULL_KING:
                pirates = sum(1 for k in kinds[:winner] if k == PIRATE)
                later = sum(1 for k in kinds[winner:] if k == PIRATE)
                if pirates:
                    parts_bonus.append(f"the Skull King captures {plural(pirates, 'pirate')} "
                                       f"played before him: +{30 * pirates}")
                    points.append(30 * pirates)
                if later:
                    after = (f" The table edition pays the Skull King nothing for "
                             f"{'the pirate' if later == 1 else 'the pirates'} played after him.")
            if wk == MERMAID and SKULL_KING in kinds:
                parts_bonus.append(f"a mermaid captures the Skull King: +{MERMAID_CATCHES_KING[edition]}")
                points.append(MERMAID_CATCHES_KING[edition])
            if wk == PIRATE and edition == "2021":
                m = sum(1 for k in kinds if k == MERMAID)
                if m:
                    parts_bonus.append(f"2021 edition: a pirate captures {plural(m, 'mermaid')}: +{20 * m}")
                    points.append(20 * m)
    # The trick steps come before the scoring steps, so the payment rule is told without the
    # scoring systems' names (Rascal's is taught later), and only when a bonus was captured.
    if parts_bonus:
        why_bonus = ("; ".join(parts_bonus) + ". A bonus is paid in full only when the winner's "
                     "bid comes out exactly (the Bonuses step tells the rest).")
    else:
        why_bonus = "nothing worth a bonus was captured."
    why_bonus += after
    loot = [i for i, c in enumerate(cards) if c == "loot" and winner is not None and i != winner
            and normal]
    return {"winner": winner, "leader": lead, "bonus": bonus, "why": why, "why_leader": why_leader,
            "why_bonus": why_bonus, "loot": loot, "bonus_parts": points}


def trick_html(cards: Sequence[str], first_seat: int = 0, players: int | None = None,
               title: str = "The trick so far", empty: str = "No card played yet.",
               you: int | None = None) -> str:
    n = players or max(len(cards), 1)
    caps = [_cap(seat_words((first_seat + i) % n, you)) for i in range(len(cards))]
    return box(title, cards_row_html([skullking_card_svg(c, scale=0.9) for c in cards], caps, empty=empty))


def trick_verdict(cards: Sequence[str], first_seat: int, players: int, edition: str = "table",
                  you: int | None = None) -> Verdict:
    """The outcome of a complete trick (``legal=None``: who takes it is not a legality
    question), with the rules that decided it."""
    info = explain_trick(cards, edition)
    w, lead = info["winner"], info["leader"]
    seat = (first_seat + lead) % players
    if w is None:
        head = f"the trick is destroyed; {_verb(seat, you, 'leads', 'lead')} next"
    else:
        # a trick that captured no bonus says nothing of one (the reason still explains why)
        bonus = f" (bonus {info['bonus']})" if info["bonus"] else ""
        head = (f"{_verb((first_seat + w) % players, you, 'wins', 'win')} with "
                f"{NAME[cards[w]]}{bonus}")
    reason = f"{info['why']} {info['why_leader']} Bonus {info['bonus']}: {info['why_bonus']}"
    if info["loot"]:
        reason += (f" A Loot card here allies its player with the winner: +{LOOT_ALLIANCE} each "
                   "at the round's end if both bid exactly.")
    return Verdict(None, head, reason, data=info)


def _suit_words(st: SkullKingState) -> str:
    """The trick's suit situation, for a learner."""
    if not st.trick:
        return "No card is played yet, so no suit is set."
    if st.led is not None:
        return f"The suit to follow is {SUIT_NAMES[st.led]}."
    if suit_free(list(st.trick)):
        first = next(c for c in st.trick if KIND[c] != ESCAPE)
        return f"This trick is suit-free: {NAME[first]} decided it, so nobody has to follow."
    return "No suit is set yet: only escape-like cards have been played."


def why_playable(st: SkullKingState, card: str) -> str:
    """Why the rules accept ``card`` from the player to act (reference clause 3.2): the state's
    own ``why_legal``."""
    return st.why_legal(Play(card)) or ""


class TrickScene(Scene):
    """Seats before the learner have played ``played``; the learner (last to play) picks a
    card from ``hand``. The engine rules on the choice and finishes the trick.

    The game is at the start of the round that deals as many cards as ``hand`` holds
    (earlier rounds played out by the engine), so the position is one a game can reach; the
    seats are counted from that round's leader."""

    def __init__(self, played: Sequence[str], hand: Sequence[str], players: int | None = None,
                 edition: str = "table", prompt: str = ""):
        self.played = list(played)
        self.hand = list(hand)
        self.players = players or len(self.played) + 1
        self.edition = edition
        self.custom_prompt = prompt
        super().__init__()

    def build(self) -> SkullKingState:
        n = self.players
        size = len(self.hand)
        st = at_round(n, size, edition=self.edition)
        used = Counter(_holdable(c) for c in self.played) + Counter(self.hand)
        fill = [c for c in _FILL if not used[c]]
        hands: list[list[str]] = [[] for _ in range(n)]
        for i in range(n):  # the i-th seat to play in the first trick of the round
            seat = (st.leader + i) % n
            if i == len(self.played):
                hands[seat] = list(self.hand)
            elif i < len(self.played):
                hands[seat] = [_holdable(self.played[i])] + [fill.pop() for _ in range(size - 1)]
            else:
                hands[seat] = [fill.pop() for _ in range(size)]
        st.set_hands(hands)
        for s in range(n):
            st.apply(Bid(1))
        for c in self.played:
            st.apply(Play(c))
        return st

    def reset(self) -> None:
        self.state = self.build()
        self.first = self.state.leader  # the seat that led this trick
        self.you = self.state.current_player
        self.prompt = self.custom_prompt or f"You are {seat_word(self.you)}, the last to play. Pick a card."

    def draw(self) -> str:
        st = self.state
        obs = st.observation(st.current_player)
        return (trick_html(obs["trick"], obs["leader"], st.num_players, you=self.you)
                + line(f"Round {st.round}, its first trick, led by "
                       f"{esc(seat_words(self.first, self.you))}. {esc(_suit_words(st))} Everyone "
                       "bid 1; the bids were shown together before the first card.", True)
                + box(f"Your hand (you are Seat {st.current_player + 1})",
                      cards_row_html([skullking_card_svg(c, scale=0.9) for c in obs["hand"]])))

    def choices(self) -> list[Choice]:
        out = []
        for c in self.hand:
            if c == "tigress":
                out += [Choice("Tigress as a pirate", "tigress:pirate"),
                        Choice("Tigress as an escape", "tigress:escape")]
            else:
                out.append(Choice(f"Play {NAME[c]}", c))
        return out

    def attempt(self, card: str) -> Verdict:
        st = self.state
        reason = st.why_illegal(Play(card))
        if reason is not None:
            # the suit rule is added only to a refusal that is about following suit
            follow = (" Only a player holding none of the suit to follow may play another suit."
                      if reason.startswith("you must follow") else "")
            return Verdict(False, f"play {NAME[card]}", f"{_cap(reason)}.{follow}",
                           data={"why_illegal": reason})
        new = st.copy()
        start = len(new.events)
        new.apply(Play(card))
        trick = list(self.played) + [card]
        v = trick_verdict(trick, self.first, self.players, self.edition, you=self.you)
        v.legal = True
        v.headline = f"play {NAME[card]}: " + v.headline
        v.reason = why_playable(st, card) + " " + v.reason
        v.events = events_words(new.events[start:], self.you)
        v.data["why_illegal"] = None
        return v

    def check(self) -> None:
        st = self.build()
        assert check_position(st) == [], check_position(st)
        assert st.current_player == (st.leader + len(self.played)) % st.num_players and st.phase == "play"
        for c in self.played:
            assert c in PLAYABLE
        for ch in self.choices():
            legal = st.why_illegal(Play(ch.key)) is None
            assert legal == (Play(ch.key) in st.legal_actions())


class GoalScene(Scene):
    """A real table: round 3 dealt for four players; nothing to try yet."""

    prompt = "Nothing to try yet: look at your hand and at who leads."

    def reset(self) -> None:
        st = SkullKingState(4, seed=3)
        while st.round < 3:  # two rounds played by the engine's first legal moves
            st.apply(st.legal_actions()[0])
        self.state = st

    def draw(self) -> str:
        st = self.state
        you = st.current_player
        others = ", ".join(f"{seat_word(s)} holds {plural(len(st.hands[s]), 'card')}"
                           for s in range(st.num_players) if s != you)
        return (box(f"Your hand (you are {seat_word(you)}; round {st.round} of {len(st.rounds)})",
                    cards_row_html([skullking_card_svg(c, scale=0.9) for c in st.hands[you]]))
                + line(f"{esc(others)}. Everyone bids before the first card is played; "
                       f"{esc(_verb(st.leader, you, 'leads', 'lead'))} the first trick.", True))

    def check(self) -> None:
        st = self.state
        assert st.phase == "bid" and st.round == 3
        assert all(len(h) == 3 for h in st.hands)


class DealScene(Scene):
    prompt = "Choose the number of players and see how many cards each round deals."

    def draw(self) -> str:
        specials = ["pirate", "tigress", "skull-king", "mermaid", "escape", "loot", "kraken", "white-whale"]
        caps = [f"\u00d7{DECK[c]}" for c in specials]
        numbers = [f"{s}14" for s in "YPGB"]
        return (box("Four suits of 1\u201314 (black is the trump suit)",
                    cards_row_html([skullking_card_svg(c, scale=0.8) for c in numbers]))
                + box(f"Special cards, with how many of each (the whole deck holds "
                      f"{sum(DECK.values())} cards)",
                      cards_row_html([skullking_card_svg(c, scale=0.8) for c in specials], caps)))

    def choices(self) -> list[Choice]:
        return [Choice(f"{n} players", n) for n in (2, 4, 6, 7, 8)] + [
            Choice("8 players, Legendary cards left out", (8, False))]

    def attempt(self, key) -> Verdict:
        n, legendary = (key, True) if isinstance(key, int) else key
        st = SkullKingState(n, seed=0, legendary=legendary)
        rounds = st.rounds
        deck = len(st.deck)
        cap = deck // n
        spare = deck - cap * n
        share = (f"The {deck} cards shared out alike among {n} players give at most {cap} each"
                 + (f" ({plural(spare, 'card')} left over)." if spare else "."))
        capped = [r for r in range(1, 11) if r > cap]
        if len(capped) == 1:
            share += f" So round {capped[0]} deals only {cap}."
        elif capped:
            share += (f" So rounds {capped[0]} to {capped[-1]} deal only {cap} each."
                      if len(capped) > 2 else
                      f" So rounds {capped[0]} and {capped[1]} deal only {cap} each.")
        else:
            share += " That never cuts a round short: round 10 deals 10."
        return Verdict(None, f"cards per round: {', '.join(map(str, rounds))}",
                       f"Round N deals N cards, but never more than the deck can give everyone "
                       f"alike. {share} Seat {st.dealer + 1} deals round 1, and Seat "
                       f"{st.leader + 1}, on the dealer's left, leads its first trick.",
                       data={"rounds": rounds})

    def check(self) -> None:
        assert SkullKingState(8, seed=0).rounds[-2:] == [9, 9]
        assert SkullKingState(2, seed=0).rounds == list(range(1, 11))


class BidScene(Scene):
    prompt = "Three cards are dealt this round. Make your bid (or try to play before bidding)."

    def reset(self) -> None:
        self.state = at_round(3, 3)  # round 3 deals three cards each
        self.state.set_hands([["Y14", "pirate", "G3"], ["B5", "P7", "Y9"], ["P13", "Y2", "G11"]])

    def draw(self) -> str:
        st = self.state
        return box(f"Your hand (you are Seat {st.current_player + 1}, the first to bid; "
                   f"{plural(st.cards_dealt, 'card')} each this round)",
                   cards_row_html([skullking_card_svg(c) for c in st.hands[st.current_player]]))

    def choices(self) -> list[Choice]:
        return [Choice(f"Bid {n}", Bid(n)) for n in range(0, 5)] + [Choice("Play the yellow 14 now", Play("Y14"))]

    def attempt(self, action) -> Verdict:
        st = self.state
        you = st.current_player
        reason = st.why_illegal(action)
        if reason:
            if isinstance(action, Bid):
                why = " You may bid any whole number from zero up to the cards dealt."
            else:
                why = " Bids come first: the cards are played only once every bid is in."
            return Verdict(False, str(action), _cap(reason) + "." + why)
        new = st.copy()
        start = len(new.events)
        new.apply(action)
        return Verdict(True, str(action),
                       f"A bid is any number from 0 to the {plural(st.cards_dealt, 'card')} dealt, "
                       f"and {action.n} is one of them. It stays secret until everyone has bid; "
                       "then all bids are shown together.",
                       events_words(new.events[start:], you))

    def check(self) -> None:
        st = self.state
        assert st.phase == "bid" and st.cards_dealt == 3 and check_position(st) == []


class ScoreScene(Scene):
    def __init__(self, system: str, cases: Sequence[tuple[int, int, int, int]]):
        self.system = system
        self.cases = list(cases)
        self.prompt = (f"Pick a round's result to see what {SYSTEM_NAMES[system]} scoring "
                       "gives it.")
        super().__init__()

    def draw(self) -> str:
        return box("Scoring system", line(esc({"classic": "Classic (Skull King's scoring)",
                                               "rascal": "Rascal's scoring",
                                               "cannonball": "Cannonball"}[self.system])))

    def choices(self) -> list[Choice]:
        out = []
        for dealt, bid, won, bonus in self.cases:
            extra = f", bonus {bonus} captured" if bonus else ""
            out.append(Choice(f"{dealt} cards dealt, bid {bid}, took {won}{extra}",
                              (dealt, bid, won, bonus)))
        return out

    def attempt(self, key) -> Verdict:
        dealt, bid, won, bonus = key
        pts = score_round(self.system, dealt, bid, won, bonus=bonus)
        base, paid, _ = score_parts(self.system, dealt, bid, won, bonus)
        off = abs(bid - won)
        cards = plural(dealt, "card")
        if self.system == "classic":
            if bid == 0 and won == 0:
                why = f"A bid of zero made: 10 for each of the {cards} dealt, {base:+g}."
            elif bid == 0:
                why = (f"A bid of zero missed ({plural(won, 'trick')} taken): minus 10 for each "
                       f"of the {cards} dealt, {base:+g}.")
            elif off == 0:
                why = f"Exact: 20 for each of the {plural(bid, 'trick')} bid, {base:+g}."
            else:
                why = f"Missed by {off}: minus 10 for each trick off, {base:+g}."
        elif self.system == "rascal":
            why = (f"The round is worth 10 \u00d7 {dealt} = {10 * dealt}: "
                   + ("all of it when the bid is exact." if off == 0 else
                      f"half, {base:g}, when the bid is off by one." if off == 1 else
                      "nothing when the bid is off by two or more."))
        else:
            why = (f"Exact: 15 \u00d7 {dealt} = {15 * dealt}." if off == 0
                   else f"Off by {off}: a bid that is not exact scores nothing.")
        if bonus:
            if off == 0:
                why += f" The bonus of {bonus} is paid in full because the bid was exact."
            elif paid:
                why += f" The bonus of {bonus} is halved to {paid:g} because the bid is off by one."
            else:
                why += f" The bonus of {bonus} is lost because the bid was missed."
        return Verdict(None, f"{pts:+g} points", why, data={"points": pts})

    def check(self) -> None:
        for dealt, bid, won, bonus in self.cases:
            score_parts(self.system, dealt, bid, won, bonus)  # the engine accepts the numbers
            # a bonus is captured only in a trick taken, so a round with no trick has none
            assert won > 0 or bonus == 0, (dealt, bid, won, bonus)


class LootScene(Scene):
    prompt = "Two players, one card each. You (Seat 1) hold a Loot, Seat 2 a yellow 5. Choose the bids."

    def choices(self) -> list[Choice]:
        return [Choice(f"You bid {a}, Seat 2 bids {b}", (a, b)) for a, b in ((0, 1), (1, 1), (0, 0))]

    def draw(self) -> str:
        return trick_html(["loot", "Y5"], 0, 2, title="The only trick of the round", you=0)

    def play(self, key) -> SkullKingState:
        st = SkullKingState(2, seed=0)
        st.set_hands([["loot"], ["Y5"]])
        st.apply(Bid(key[0]))
        st.apply(Bid(key[1]))
        st.apply(Play("loot"))
        st.apply(Play("Y5"))
        return st

    def attempt(self, key) -> Verdict:
        start = 1  # after the deal of round 1
        st = self.play(key)
        recs = [r for r in st.records if r["round"] == 1]
        loot = [r["loot"] for r in recs]
        pts = [r["points"] for r in recs]
        events = events_words(st.events[start:], 0)
        missed = [seat_words(r["seat"], 0) for r in recs if not r["hit"]]
        if not missed:
            why = (f"You (the Loot's player) and Seat 2 (who took the trick) both bid exactly, "
                   f"so each of you gets +{LOOT_ALLIANCE} on top of the round's score, never "
                   "halved.")
        else:
            who = " and ".join(missed)
            why = (f"The alliance pays only when both players bid exactly, and {who} missed: "
                   "no Loot points.")
        head = f"round points: you {pts[0]:+d}, Seat 2 {pts[1]:+d}"
        head += f" (the alliance pays +{loot[0]} each)" if loot[0] else " (no alliance points)"
        return Verdict(None, head, why, events, data={"points": pts, "loot": loot})

    def check(self) -> None:
        start = SkullKingState(2, seed=0)
        start.set_hands([["loot"], ["Y5"]])
        assert check_position(start) == []
        st = self.play((0, 1))
        assert st.records[0]["loot"] == LOOT_ALLIANCE and st.records[1]["loot"] == LOOT_ALLIANCE


class EditionScene(Scene):
    prompt = "Compare the bonus of a trick at the table's default and in the 2021 edition."
    TRICKS = [["pirate", "mermaid", "Y3"], ["skull-king", "mermaid", "pirate"], ["mermaid", "mermaid", "Y14"],
              ["skull-king", "Y14", "pirate"]]

    def draw(self) -> str:
        return "".join(trick_html(t, 0, len(t), title=f"Trick {i + 1}") for i, t in enumerate(self.TRICKS))

    def choices(self) -> list[Choice]:
        words = {"table": "table edition", "2021": "2021 edition"}
        return [Choice(f"Trick {i + 1}, {words[ed]}", (i, ed)) for i in range(len(self.TRICKS))
                for ed in ("table", "2021")]

    def attempt(self, key) -> Verdict:
        i, ed = key
        return trick_verdict(self.TRICKS[i], 0, len(self.TRICKS[i]), ed)

    def check(self) -> None:
        for t in self.TRICKS:
            assert trick_winner(t) is not None


#: the sandbox's cards in the order of a sorted hand: each suit from 1 to 14, then the specials
SANDBOX_CARDS = sorted(PLAYABLE, key=SORT_KEY.__getitem__)


class TrickSandbox(Scene):
    prompt = "Lay any cards in order; after each card the rules name the winner, next leader and bonus."

    def reset(self) -> None:
        self.cards: list[str] = []

    def controls(self) -> list:
        if not hasattr(self, "pick"):
            options = [(NAME[c], c) for c in SANDBOX_CARDS]
            self.pick = W.Dropdown(options=options, value="Y7", description="Card:",
                                   layout=W.Layout(width="320px", max_width="100%"))
            self.edition = W.Dropdown(options=[("table bonuses", "table"), ("2021 edition", "2021")],
                                      value="table", description="Bonuses:",
                                      layout=W.Layout(width="260px", max_width="100%"))
            lay = W.Button(description="Lay this card", button_style="info", layout=W.Layout(width="auto"))
            undo = W.Button(description="Take back the last card", layout=W.Layout(width="auto"))
            clear = W.Button(description="Start a new trick", layout=W.Layout(width="auto"))
            lay.on_click(lambda b: self.notify(self.lay(self.pick.value)))
            undo.on_click(lambda b: self.notify(self.undo()))
            clear.on_click(lambda b: (self.reset(), self.notify(None)))
            self.box = W.VBox([W.HBox([self.pick, self.edition], layout=W.Layout(flex_flow="row wrap")),
                               W.HBox([lay, undo, clear], layout=W.Layout(flex_flow="row wrap"))])
        return [self.box]

    def draw(self) -> str:
        return trick_html(self.cards, 0, max(len(self.cards), 1),
                          title="Your trick (Seat 1 led, then one card for each seat in turn)",
                          empty="Lay the first card.")

    def _edition(self) -> str:
        ed = getattr(self, "edition", None)
        return ed.value if ed is not None else "table"

    def lay(self, card: str) -> Verdict:
        held = _holdable(card)
        used = Counter(_holdable(c) for c in self.cards)
        if used[held] >= DECK[held]:
            copies = "only one" if DECK[held] == 1 else f"only {DECK[held]}"
            return Verdict(False, f"lay {NAME[card]}",
                           f"The deck holds {copies} of that card, and the trick already has "
                           f"{'it' if DECK[held] == 1 else 'them all'}.")
        if len(self.cards) >= 8:
            return Verdict(False, f"lay {NAME[card]}",
                           "A trick has at most 8 cards: one for each of at most 8 players.")
        self.cards.append(card)
        return trick_verdict(self.cards, 0, len(self.cards), self._edition())

    def undo(self):
        if self.cards:
            self.cards.pop()
        if self.cards:
            return trick_verdict(self.cards, 0, len(self.cards), self._edition())
        return None
# -- the quiz: every answer from the rule functions -------------------------------------------
def _seat_options(n: int, destroyed: bool = False) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = [(seat_word(s), s) for s in range(n)]
    if destroyed:
        out.append(("Nobody: the trick is destroyed", None))
    return out


def _trick_question(question: str, cards: Sequence[str], ask: str = "winner") -> Question:
    """Who takes the trick (``trick_winner``), or who leads next (``next_leader``)."""
    cards = list(cards)
    if ask == "winner":
        answer = lambda: trick_winner(cards)  # noqa: E731
        options = _seat_options(len(cards), destroyed=True)
        explain = lambda: explain_trick(cards)["why"]  # noqa: E731
    else:
        answer = lambda: next_leader(cards)  # noqa: E731
        options = _seat_options(len(cards))
        explain = lambda: explain_trick(cards)["why"] + " " + explain_trick(cards)["why_leader"]  # noqa: E731
    return Question(question, options, answer, explain, ("3.3",),
                    lambda: trick_html(cards, 0, len(cards), title="The trick, in the order played"),
                    {"trick": cards, "ask": ask})


def _bonus_question(question: str, cards: Sequence[str], options: Sequence[int]) -> Question:
    cards = list(cards)
    return Question(question, [(f"{b} points", b) for b in options],
                    lambda: trick_bonus(cards, "table"), lambda: _cap(explain_trick(cards)["why_bonus"]),
                    ("3.5",), lambda: trick_html(cards, 0, len(cards), title="The trick, in the order played"),
                    {"trick": cards, "ask": "bonus"})


def _score_question(system: str, dealt: int, bid: int, won: int, bonus: int,
                    options: Sequence[int]) -> Question:
    captured = f", capturing a bonus of {bonus}" if bonus else ""
    text = (f"{SYSTEM_NAMES[system].capitalize()} scoring. {plural(dealt, 'card')} dealt to each "
            f"player; you bid {bid} and took {plural(won, 'trick')}{captured}. What does your round "
            "score?")
    key = (dealt, bid, won, bonus)
    return Question(text, [(f"{p:+d} points", p) for p in options],
                    lambda: score_round(system, dealt, bid, won, bonus=bonus),
                    lambda: ScoreScene(system, [key]).attempt(key).reason, ("3.4", "3.5") if bonus else ("3.4",),
                    data={"score": (system, dealt, bid, won, bonus)})


def quiz_questions() -> list[Question]:
    """The quiz: who takes a trick, who leads after the Kraken, what a trick captures and what
    a round scores under each system; every answer from the rule functions."""
    T = _trick_question
    return [
        T("A Pirate leads; next comes the Tigress, declared a pirate; last a yellow 14. Who "
          "takes the trick?", ["pirate", "tigress:pirate", "Y14"]),
        T("A Pirate, the Skull King, then a Mermaid. Who takes the trick?",
          ["pirate", "skull-king", "mermaid"]),
        T("A Mermaid leads, then a Pirate, then a yellow 12; the Skull King is not in this trick. "
          "Who takes it?", ["mermaid", "pirate", "Y12"]),
        T("A yellow 9, a black 3, the Kraken, then a yellow 13. Who leads the next trick?",
          ["Y9", "B3", "kraken", "Y13"], ask="leader"),
        T("The White Whale leads, then a Pirate, a yellow 4 and a green 11. Who takes the trick?",
          ["white-whale", "pirate", "Y4", "G11"]),
        T("An Escape, a Loot, then the Tigress played as an escape. Who takes the trick?",
          ["escape", "loot", "tigress:escape"]),
        T("The Kraken, a yellow 8, the White Whale, then a green 12. Who takes the trick?",
          ["kraken", "Y8", "white-whale", "G12"]),
        T("A purple 5, a purple 9, then a black 2. Who takes the trick?", ["P5", "P9", "B2"]),
        _bonus_question("A Pirate, the Tigress as a pirate, then the Skull King, then a yellow 3. "
                        "What bonus does the trick's winner capture?",
                        ["pirate", "tigress:pirate", "skull-king", "Y3"], [0, 30, 60]),
        _score_question("classic", 5, 0, 1, 0, [50, -50, -10, 0]),
        _score_question("rascal", 6, 3, 2, 20, [60, 40, 30, 0]),
        _score_question("cannonball", 4, 2, 3, 0, [60, 30, 0, -10]),
    ]


class SkullKingQuiz(QuizScene):
    """Skull King's quiz on the lesson shell's scored quiz."""

    prompt = "Pick an answer; Skull King's rules check it."

    def questions(self) -> list[Question]:
        return quiz_questions()


def _steps_data() -> list[tuple[str, str, str, tuple[str, ...], Any, str]]:
    T = TrickScene
    return [
        ("goal", "The goal: bid your tricks, then take exactly that many",
         "Skull King is a card game for 2 to 8 players over ten rounds. A trick is one card "
         "from each player in turn; the strongest card of the trick takes it, and its player "
         "has won that trick. The player who plays a trick's first card leads it. Besides four "
         "suits of numbered cards the deck has special cards (Pirates, Mermaids, the Skull King, "
         "escapes and more), taught a few steps on; some captured cards earn the trick's winner "
         "bonus points. At the start of each round, after looking at your cards, you bid: "
         "you say how many tricks you expect to win. A bid met exactly scores points, and a "
         "missed one costs points, so winning too many tricks is as bad as winning too few. "
         "Whoever has the most points after round ten wins the game.\n\n"
         "One turn is playing one card into the trick. A round is one deal: everyone bids, then "
         "as many tricks are played as each player holds cards, then the round is scored. The "
         "picture is a real table: round 3 just dealt for four players, three cards each.",
         ("3.1", "3.4"), GoalScene, "The goal"),
        ("deal", "Cards, rounds and the deal",
         "The deck holds four suits numbered 1 to 14 (yellow, purple, green, and black, the trump "
         "suit), five Pirates, the Tigress, the Skull King, two Mermaids, five Escapes, and the "
         "Legendary cards: two Loot, the Kraken and the White Whale. There are ten rounds, and "
         "round N gives everyone N cards, capped at the deck size divided by the number of players, rounded down. The "
         "whole deck is shuffled every round, and the deal moves one seat left each round.",
         ("3.1",), DealScene, "Dealing and bidding"),
        ("bid", "Bidding",
         "After looking at their cards, everyone bids how many tricks they will take, from zero up "
         "to the number of cards dealt. Bids are secret and revealed together. The player to the "
         "dealer's left leads the first trick, and each trick's winner leads the next.",
         ("3.1",), BidScene, "Dealing and bidding"),
        ("follow", "Following suit",
         "The first number card played sets the trick's suit, unless a special card has already "
         "made the trick free. If you hold that suit you must play it, or a special card: any "
         "card that is not a number may be played at any time.",
         ("3.2",), lambda: T(["Y7", "Y12"], ["Y3", "P12", "B9"]), "Following suit"),
        ("black", "Black is a suit too",
         "Black trumps the other colours, yet it is still a suit: you may play it when black "
         "is the trick's suit, when you have none of the trick's suit, or while no suit is set.",
         ("3.2", "3.3"), lambda: T(["P5", "P9"], ["B2", "G9", "Y4"]), "Following suit"),
        ("numbers", "Who wins with numbers",
         "Among numbers, any black card beats any other colour. Without black, the highest card "
         "of the trick's suit wins, and a card of another colour can never win.",
         ("3.3",), lambda: T(["Y7", "Y12"], ["B2", "P14", "G1"]), "Winning tricks"),
        ("pirates", "Pirates",
         "A Pirate (or the Tigress declared as one) beats every number. When several pirates "
         "meet, the one played first takes the trick.",
         ("3.3",), lambda: T(["B14", "pirate"], ["pirate", "B2"]), "Winning tricks"),
        ("skull_king", "The Skull King",
         "The Skull King beats all numbers and every pirate. He earns 30 for each pirate that "
         "was already in the trick when he came down (the Tigress as a pirate counts); a pirate "
         "thrown on after him is captured for nothing.",
         ("3.3", "3.5"), lambda: T(["pirate", "tigress:pirate"], ["skull-king", "pirate", "Y3"]), "Winning tricks"),
        ("mermaid", "Mermaids",
         "A Mermaid beats every number but loses to pirates when the Skull King is not in the "
         "trick. When he is, the first mermaid takes the trick whatever pirates are there, and "
         "capturing him is worth 50.",
         ("3.3", "3.5"), lambda: T(["pirate", "skull-king"], ["mermaid", "G6"]), "Winning tricks"),
        ("escapes", "Escapes, Loot and the Tigress",
         "Escapes, Loot cards and the Tigress played as an escape never win a trick, unless every "
         "card in it is one of them; then the first card played wins. The Tigress is declared "
         "as pirate or escape the moment she is played.",
         ("3.3",), lambda: T(["escape", "loot"], ["tigress", "escape", "G2"]), "Winning tricks"),
        ("escape_lead", "Leading an escape",
         "An Escape, a Loot or the Tigress played as an escape decides nothing when it leads: "
         "it passes the choice of the suit to the next card played. Here that card is the green "
         "4, a number, so green is the suit to follow, and you hold a green card.",
         ("3.2",), lambda: T(["escape", "G4"], ["G2", "Y9", "B13"]), "Following suit"),
        ("free_lead", "Suit-free tricks",
         "When a Pirate, the Tigress as a pirate, the Skull King or a Mermaid leads, the whole "
         "trick is free: nobody has to follow any suit. The same "
         "happens when one of them is the first card after escape-like cards, which pass the "
         "choice on. Here the Escape passed it to the Pirate, so the trick is free, the yellow 4 "
         "played after the Pirate sets no suit, and you may play any of your cards.",
         ("3.2",), lambda: T(["escape", "pirate", "Y4"], ["G2", "Y9", "B13"]), "Following suit"),
        ("kraken", "The Kraken",
         "The Kraken destroys its trick: nobody wins it and nothing is captured. The player whose "
         "card would have won without the Kraken leads the next trick. Like a Pirate, a Kraken "
         "that leads (or comes first after escape-like cards) makes the trick suit-free.",
         ("3.3",), lambda: T(["Y9", "B3", "Y13"], ["kraken", "escape"]), "Creatures"),
        ("whale", "The White Whale",
         "The White Whale strips every special card of its power. The highest number wins, "
         "whatever its suit (the first played breaks a tie), and the winner takes only the number "
         "cards. "
         "With no number in the trick it is destroyed and the Whale's player leads next. A White "
         "Whale that leads (or comes first after escape-like cards) makes the trick suit-free.",
         ("3.3",), lambda: T(["pirate", "Y4", "G11"], ["white-whale", "escape"]), "Creatures"),
        # after the Whale is introduced: its following rule needs its power known first
        ("whale_follow", "The Whale does not free a trick late",
         "A White Whale played after a suit is set leaves that suit in force: the players after "
         "it must still follow.",
         ("3.2",), lambda: T(["Y5", "white-whale"], ["Y2", "P14"]), "Creatures"),
        ("kraken_whale", "Kraken first, then the Whale",
         "When both creatures meet in one trick, the one played later keeps its power and the "
         "earlier one acts as an escape. Here the Kraken came first, so the Whale decides.",
         ("3.3",), lambda: T(["kraken", "Y8", "G12"], ["white-whale", "escape"]), "Creatures"),
        ("whale_kraken", "Whale first, then the Kraken",
         "With the Whale played first and the Kraken later, the Kraken rules: the trick is "
         "destroyed, and the player who would have won with neither creature leads next.",
         ("3.3",), lambda: T(["white-whale", "Y8", "G12"], ["kraken", "escape"]), "Creatures"),
        ("classic", "Scoring: classic",
         "The host picks one scoring system for the whole game. Classic: an exact bid of one or "
         "more earns 20 per trick, and a miss costs 10 per trick you were off. A bid of zero "
         "earns 10 per card dealt if you take no trick, and loses as much otherwise.",
         ("3.4",), lambda: ScoreScene("classic", [(5, 2, 2, 0), (5, 2, 4, 0), (5, 0, 0, 0), (5, 0, 1, 0),
                                                  (5, 2, 2, 30)]), "Scoring"),
        ("rascal", "Scoring: Rascal's",
         "Every round is worth 10 per card dealt to each player. An exact bid takes all of it, a "
         "bid off by one takes half, and anything further off takes nothing. It never goes "
         "negative.",
         ("3.4",), lambda: ScoreScene("rascal", [(6, 3, 3, 0), (6, 3, 2, 20), (6, 3, 5, 0), (6, 0, 0, 0)]), "Scoring"),
        ("cannonball", "Scoring: Cannonball",
         "An exact bid scores 15 per card dealt; any other result scores nothing.",
         ("3.4",), lambda: ScoreScene("cannonball", [(4, 1, 1, 0), (4, 1, 2, 0), (4, 0, 0, 0),
                                                        (4, 2, 2, 20), (4, 2, 3, 20)]), "Scoring"),
        ("bonuses", "Bonuses",
         "Each captured 14 is worth 10 and the black 14 is worth 20, whoever played it. Bonuses "
         "count only with an exact bid; when a Rascal's bid is off by one, they are halved.",
         ("3.5",), lambda: T(["Y14", "B14", "Y2"], ["B3", "escape"]), "Scoring"),
        ("loot", "The Loot alliance",
         "A Loot plays like an escape, but it allies its player with whoever wins the trick. If "
         "both of them bid exactly, each gets 20 more at the end of the round, under every "
         "system and never halved. A Loot makes no alliance when its trick is destroyed (by the "
         "Kraken, or by a White Whale with no number in the trick), when the White Whale decides "
         "the trick, or when the Loot's own player wins it.",
         ("3.5",), LootScene, "Scoring"),
        ("edition", "The 2021 bonuses",
         "A table setting switches to the 2021 edition's numbers: a mermaid capturing the Skull "
         "King earns 40, a pirate earns 20 for each mermaid it captures, and the Skull King "
         "earns 30 for each pirate in his trick, those played after him included.",
         ("3.5",), EditionScene, "Scoring"),
        ("quiz", "Quiz: tricks and scores",
         "Questions about whole tricks and whole rounds. Only your first answer to each question "
         "counts toward your score; at the end you see the questions to look at again.",
         ("3.3", "3.4", "3.5"), SkullKingQuiz, "Practice"),
        ("sandbox", "Sandbox: any trick",
         "Lay any cards in play order and see who wins, who leads next and what bonus the "
         "winner captures, each with the rule that decides it.",
         ("3.3", "3.5"), TrickSandbox, "Practice"),
    ]


VOICES = ("plain",)  # the lessons are written in one voice


def steps(voice: str = "plain") -> list[Step]:
    """The steps of Skull King's lessons (``voice`` is always ``"plain"``)."""
    check_voice(voice, VOICES, SPEC.title)
    out = []
    for key, title, text, clauses, make, topic in _steps_data():
        out.append(Step(key, title, text, clauses, make, topic,
                        key if key in ("quiz", "sandbox") else "rule"))
    return out
