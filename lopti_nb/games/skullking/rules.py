"""The pure rules of Skull King: who wins a trick, who leads next, what a trick is worth,
what a round scores and which cards may be played. The engine state and the bots use the
same code (the underscored fast versions work on already-valid card strings).

The decisions follow the project's rules reference §3; the choices where the rulings say nothing
are written next to the code that makes them:

* The first card that is not escape-like (an Escape, a Loot, the Tigress as an escape)
  decides the trick's suit: a number card sets it; a Pirate, the Tigress as a pirate, the
  Skull King, a Mermaid, the Kraken or the White Whale makes the whole trick suit-free, as
  if it had led. Escape-like cards before it pass the decision on (rules reference §3.2).
* When ranking numbers the suit is always the one of the first number card in the trick.
* A Loot card only makes an alliance in a trick that has a winner and where specials keep
  their powers: under an active White Whale the Loot is powerless (no alliance), a
  destroyed trick makes none, and a Loot whose own player wins the trick makes none.
* Whale first, Kraken later: the trick is destroyed and the next leader is the winner of
  the trick without both creatures; if no other card was played, the Whale's player leads.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from lopti_nb.engine.settings import shown

from .cards import (
    BLACK, CARDS, ESCAPE, FOURTEEN_BONUS, KIND, KRAKEN, LOOT, MERMAID, NAME, NUMBER, PIRATE,
    RANK, SKULL_KING, SPECIALS, SUIT, SUIT_NAMES, TIGRESS, WHALE, Card, CardError, parse_card,
)

SCORING_SYSTEMS = ("classic", "rascal", "cannonball")
EDITIONS = ("table", "2021")

# How a trick was resolved.
NORMAL = 0  # specials keep their powers
WHALE_DECIDES = 1  # an active White Whale with numbers: highest number wins
WHALE_DESTROYS = 2  # an active White Whale and no numbers: destroyed
KRAKEN_DESTROYS = 3  # an active Kraken: destroyed

MERMAID_CATCHES_KING = {"table": 50, "2021": 40}
KING_CATCHES_PIRATE = 30
PIRATE_CATCHES_MERMAID_2021 = 20
LOOT_ALLIANCE = 20
MAX_TRICK = 8  # one card from each of at most eight players
MAX_CARDS_DEALT = 10  # round N deals N cards, ten rounds
MAX_LOOT_ALLIANCES = 2  # the deck holds two Loot cards

# How many copies of each card the full deck holds; the Tigress's two declarations are her.
_COPIES = {t: (1 if c.kind == NUMBER else 0) for t, c in CARDS.items()}
for _sp in SPECIALS:
    _COPIES[_sp.text] = _sp.count
_SAME_CARD = {"tigress:pirate": "tigress", "tigress:escape": "tigress"}


# -- input normalisation ----------------------------------------------------------------------
def _cards_list(cards, what: str) -> list:
    """``cards`` as a list, if it is a list or tuple (a string or a one-shot iterator is not:
    a string would be read letter by letter, an iterator could be read only once)."""
    if not isinstance(cards, (list, tuple)):
        raise CardError(f"{what} is a list of cards such as ['Y7', 'pirate'], not {shown(cards)}.")
    if len(cards) > 74:
        raise CardError(f"{what} lists {len(cards)} cards; the whole deck has 74.")
    return list(cards)


def _check_copies(texts: Sequence[str], what: str) -> None:
    """No card more often than the deck holds it (one Skull King, five Pirates...)."""
    counts = Counter(_SAME_CARD.get(t, t) for t in texts)
    for text, n in counts.items():
        if n > _COPIES[text]:
            raise CardError(f"{what} holds {n} \u00d7 {text}; the deck has only {_COPIES[text]}.")


def _trick_texts(cards: Iterable) -> list[str]:
    """Card strings for a trick: validated, the Tigress declared, at least one card."""
    cards = _cards_list(cards, "a trick")
    if len(cards) > MAX_TRICK:
        raise CardError(f"a trick holds at most {MAX_TRICK} cards (one a player), not {len(cards)}.")
    out = []
    for c in cards:
        if not (isinstance(c, str) and c in CARDS):
            c = parse_card(c).text
        if KIND[c] == TIGRESS:
            raise CardError(
                "a played Tigress must be declared: write 'tigress:pirate' or 'tigress:escape'."
            )
        out.append(c)
    _check_copies(out, "the trick")
    return out


def _hand_texts(cards: Iterable) -> list[str]:
    cards = _cards_list(cards, "a hand")
    if len(cards) > MAX_CARDS_DEALT:
        raise CardError(f"a hand holds at most {MAX_CARDS_DEALT} cards, not {len(cards)}.")
    out = []
    for c in cards:
        if not (isinstance(c, str) and c in CARDS):
            c = parse_card(c).text
        if c in _SAME_CARD:
            raise CardError(f"a hand holds the Tigress undeclared, as 'tigress', not {c!r}.")
        out.append(c)
    _check_copies(out, "the hand")
    return out


# -- trick resolution -------------------------------------------------------------------------
def _normal_winner(cards: Sequence[str], idx: Iterable[int]) -> int:
    """The winner among the positions ``idx`` with every special keeping its power."""
    king = pirate = mermaid = first = -1
    black = best = -1
    black_rank = best_rank = 0
    led = None
    for i in idx:
        c = cards[i]
        kind = KIND[c]
        if first < 0:
            first = i
        if kind == NUMBER:
            suit = SUIT[c]
            rank = RANK[c]
            if led is None:
                led = suit
            if suit == BLACK:
                if rank > black_rank:
                    black, black_rank = i, rank
            if suit == led and rank > best_rank:
                best, best_rank = i, rank
        elif kind == SKULL_KING:
            if king < 0:
                king = i
        elif kind == PIRATE:
            if pirate < 0:
                pirate = i
        elif kind == MERMAID:
            if mermaid < 0:
                mermaid = i
    if king >= 0:
        return mermaid if mermaid >= 0 else king
    if pirate >= 0:
        return pirate
    if mermaid >= 0:
        return mermaid
    if black >= 0:
        return black
    if best >= 0:
        return best
    return first  # only escapes (Escape, Loot, Tigress as escape): the first card wins


def _resolve_reference(cards: Sequence[str]) -> tuple[int | None, int, int]:
    """``(winner, next_leader, how)`` for valid, declared card strings in play order.

    The plain statement of the rules; :func:`resolve_trick` is the fast version the engine uses
    and the tests check that both always agree."""
    kraken = whale = -1
    for i, c in enumerate(cards):
        k = KIND[c]
        if k == KRAKEN:
            kraken = i
        elif k == WHALE:
            whale = i
    if whale > kraken:  # the Whale is present and played after any Kraken: it decides
        best = -1
        best_rank = 0
        for i, c in enumerate(cards):
            r = RANK[c]
            if r > best_rank:  # strictly greater: the first played keeps a tie
                best, best_rank = i, r
        if best < 0:
            return None, whale, WHALE_DESTROYS
        return best, best, WHALE_DECIDES
    if kraken >= 0:  # the Kraken decides (any Whale was earlier and is ignored)
        rest = [i for i, c in enumerate(cards) if KIND[c] != KRAKEN and KIND[c] != WHALE]
        if rest:
            return None, _normal_winner(cards, rest), KRAKEN_DESTROYS
        # nothing else in the trick: the earlier card (acting as an escape) would win
        return None, (whale if whale >= 0 else kraken), KRAKEN_DESTROYS
    w = _normal_winner(cards, range(len(cards)))
    return w, w, NORMAL


# Power of each card when the specials keep their powers, per led suit: the highest power
# wins and among equal powers the first played wins (list.index of the max). Escapes and
# off-suit colours are 0; a trick whose best is 0 holds only escapes, so its first card wins.
def _power_table(led):
    table = {}
    for c, kind in KIND.items():
        if kind == NUMBER:
            if SUIT[c] == BLACK:
                table[c] = 100 + RANK[c]
            elif SUIT[c] == led:
                table[c] = 50 + RANK[c]
            else:
                table[c] = 0
        elif kind == SKULL_KING:
            table[c] = 400
        elif kind == PIRATE:
            table[c] = 300
        elif kind == MERMAID:
            table[c] = 200
        else:
            table[c] = 0
    return table


POWER = {led: _power_table(led) for led in (None, "Y", "P", "G", "B")}
_SLOW = frozenset({"kraken", "white-whale"})


def resolve_trick(cards: Sequence[str], led: str | None = None) -> tuple[int | None, int, int]:
    """``(winner, next_leader, how)`` for valid, declared card strings in play order.
    ``led``, when the caller knows it, is the suit of the first number card."""
    if "kraken" in cards or "white-whale" in cards:
        return _resolve_reference(cards)
    if led is None:  # the suit of the first number card (None: no numbers)
        led = next(filter(None, map(SUIT.__getitem__, cards)), None)
    ps = [*map(POWER[led].__getitem__, cards)]
    w = ps.index(max(ps))
    if cards[w] == "skull-king" and "mermaid" in cards:
        w = cards.index("mermaid")
    return w, w, NORMAL


_FOURTEENS = frozenset(c for c, points in FOURTEEN_BONUS.items() if points)


def bonus_points(cards: Sequence[str], winner: int | None, how: int, edition: str) -> int:
    """Raw bonus captured by the winner (see :func:`trick_bonus`)."""
    if winner is None:
        return 0
    bonus = 0 if _FOURTEENS.isdisjoint(cards) else sum(map(FOURTEEN_BONUS.__getitem__, cards))
    kind = KIND[cards[winner]]
    if kind == NUMBER or how != NORMAL:
        return bonus
    if kind == SKULL_KING:
        # The table edition pays for the pirates played before him; 2021 for all in the trick.
        paid = cards if edition == "2021" else cards[:winner]
        bonus += KING_CATCHES_PIRATE * (paid.count("pirate") + paid.count("tigress:pirate"))
    elif kind == MERMAID:
        if "skull-king" in cards:
            bonus += MERMAID_CATCHES_KING[edition]
    elif kind == PIRATE and edition == "2021":
        bonus += PIRATE_CATCHES_MERMAID_2021 * cards.count("mermaid")
    return bonus



def loot_ally_positions(cards: Sequence[str], winner: int | None, how: int) -> list[int]:
    """Positions of the Loot cards that ally their player with the trick's winner."""
    if winner is None or how != NORMAL:
        return []
    return [i for i, c in enumerate(cards) if c == LOOT and i != winner]


# -- the public rule functions ----------------------------------------------------------------
def trick_winner(cards: Sequence[str | Card]) -> int | None:
    """Index (in play order) of the card that wins the trick, or ``None`` if it is destroyed.

    ``cards`` are the cards of one trick in the order they were played, as notation strings
    or :class:`Card` values; a Tigress must be declared (``"tigress:pirate"`` or
    ``"tigress:escape"``).

    >>> trick_winner(["Y7", "Y12", "B2"])
    2
    >>> trick_winner(["pirate", "skull-king", "mermaid"])
    2
    >>> trick_winner(["Y7", "kraken"]) is None
    True
    """
    cards = _trick_texts(cards)
    if not cards:
        raise CardError("a trick needs at least one card.")
    return resolve_trick(cards)[0]


def next_leader(cards: Sequence[str | Card]) -> int:
    """Index of the card whose player leads the next trick: the winner's card, or for a
    destroyed trick the card that would have won without the Kraken (or the White Whale's
    own card when the Whale finds no numbers)."""
    cards = _trick_texts(cards)
    if not cards:
        raise CardError("a trick needs at least one card.")
    return resolve_trick(cards)[1]


def trick_bonus(cards: Sequence[str | Card], edition: str = "table") -> int:
    """Raw bonus points captured by the winner of this trick (0 if it is destroyed).

    Every captured 14 is worth 10, the black 14 20 (whoever played it). The Skull King
    winning earns 30 for every pirate played before him (the Tigress as a pirate counts); a
    pirate played after him is captured for nothing. A Mermaid winning a trick with the
    Skull King in it earns 50 (40 in the 2021 edition) and no pirate bonus. The 2021 edition
    pays the Skull King for every pirate in the trick, before or after him, and a pirate
    winning earns 20 per mermaid captured.
    Under an active White Whale only the numbers (so only the 14s) are captured.
    Whether the bonus is paid depends on the bid: see :func:`score_round`.

    >>> trick_bonus(["pirate", "skull-king", "pirate"])
    30
    >>> trick_bonus(["pirate", "skull-king", "pirate"], edition="2021")
    60
    """
    if not isinstance(edition, str) or edition not in EDITIONS:
        raise CardError(f"edition must be one of {', '.join(EDITIONS)}, not {shown(edition)}.")
    cards = _trick_texts(cards)
    if not cards:
        raise CardError("a trick needs at least one card.")
    winner, _, how = resolve_trick(cards)
    return bonus_points(cards, winner, how, edition)


def score_parts(system: str, cards_dealt: int, bid: int, won: int, bonus: int = 0,
                loot_alliances: int = 0) -> tuple[int, int | float, int]:
    """``(base, bonus paid, loot paid)`` for one player's round; see :func:`score_round`."""
    if not isinstance(system, str) or system not in SCORING_SYSTEMS:
        raise CardError(
            f"scoring system must be one of {', '.join(SCORING_SYSTEMS)}, not {shown(system)}."
        )
    for label, value in (("cards_dealt", cards_dealt), ("bid", bid), ("won", won),
                         ("bonus", bonus), ("loot_alliances", loot_alliances)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise CardError(f"{label} must be a whole number >= 0, not {shown(value)}.")
    if not 1 <= cards_dealt <= MAX_CARDS_DEALT:
        raise CardError(f"cards_dealt must be 1-{MAX_CARDS_DEALT} (round N deals N cards), "
                        f"not {cards_dealt}.")
    if bid > cards_dealt or won > cards_dealt:
        raise CardError(
            f"bid and tricks won must be between 0 and the {cards_dealt} cards dealt "
            f"(got bid {bid}, won {won})."
        )
    if loot_alliances > MAX_LOOT_ALLIANCES:
        raise CardError(f"loot_alliances must be 0-{MAX_LOOT_ALLIANCES} (the deck has two Loot "
                        f"cards), not {loot_alliances}.")
    return score_parts_unchecked(system, cards_dealt, bid, won, bonus, loot_alliances)


def score_parts_unchecked(system, cards_dealt, bid, won, bonus, loot_alliances):
    """:func:`score_parts` for arguments already known to be valid (the state's own round)."""
    off = abs(bid - won)
    loot = LOOT_ALLIANCE * loot_alliances if off == 0 else 0
    if system == "classic":
        if bid == 0:
            base = 10 * cards_dealt if won == 0 else -10 * cards_dealt
        else:
            base = 20 * bid if off == 0 else -10 * off
        return base, (bonus if off == 0 else 0), loot
    if system == "rascal":
        if off == 0:
            return 10 * cards_dealt, bonus, loot
        if off == 1:
            half = bonus // 2 if bonus % 2 == 0 else bonus / 2
            return 5 * cards_dealt, half, loot
        return 0, 0, loot
    # cannonball
    if off == 0:
        return 15 * cards_dealt, bonus, loot
    return 0, 0, loot


def score_round(system: str, cards_dealt: int, bid: int, won: int, bonus: int = 0,
                loot_alliances: int = 0) -> int:
    """A player's points for one round.

    ``system``: ``"classic"`` (exact bid B >= 1 scores 20 per trick, a miss loses 10 per trick
    off; a zero bid wins or loses 10 per card dealt), ``"rascal"`` (the round is worth 10 per
    card dealt: all of it when exact, half when off by one, nothing when further off) or
    ``"cannonball"`` (15 per card dealt when exact, else nothing).

    ``bonus`` is the raw bonus the player captured this round (paid on an exact bid, halved
    when a Rascal's bid is off by one, else lost). ``loot_alliances`` counts the player's
    Loot alliances whose partner also bid exactly: 20 each, only when this player's bid is
    exact too, never halved.

    >>> score_round("classic", 5, 2, 2, bonus=30)
    70
    >>> score_round("rascal", 4, 1, 2, bonus=20)
    30
    """
    return sum(score_parts(system, cards_dealt, bid, won, bonus, loot_alliances))


#: the cards that pass the setting of the suit on to the next card (Escape, Loot, the
#: Tigress as an escape); the first card of a trick that is not one of them decides
PASSES_SUIT_ON: frozenset[str] = frozenset(c for c, k in KIND.items() if k == ESCAPE)


def _deciding_card(cards_played: Sequence[str]) -> str | None:
    """The first card that is not escape-like, or ``None`` if there is none yet."""
    for c in cards_played:
        if c not in PASSES_SUIT_ON:
            return c
    return None


def led_suit(cards_played: Sequence[str]) -> str | None:
    """The suit players must follow after ``cards_played`` (declared card strings), or
    ``None`` when there is none yet or the trick is suit-free (rules reference §3.2)."""
    card = _deciding_card(cards_played)
    return None if card is None else SUIT[card]


def suit_free(cards_played: Sequence[str]) -> bool:
    """Whether the trick is suit-free: its first card that is not escape-like is a Pirate,
    the Tigress as a pirate, the Skull King, a Mermaid, the Kraken or the White Whale."""
    card = _deciding_card(cards_played)
    return card is not None and SUIT[card] is None


def legal_cards(hand: Sequence[str | Card], cards_played_so_far: Sequence[str | Card] = ()) -> list:
    """The cards of ``hand`` that may be played now, in the hand's order (duplicates kept).

    ``cards_played_so_far`` are the trick's cards in play order. A hand holds the Tigress as
    ``"tigress"`` (one card that is declared when played); she, like every special card, may
    always be played. Number cards must follow the led suit when the hand holds any of it.
    The items of ``hand`` are returned as given (strings or :class:`Card` values).
    """
    texts = _hand_texts(hand)
    played = _trick_texts(cards_played_so_far)
    if len(played) >= MAX_TRICK:
        raise CardError(f"the trick is full: {len(played)} cards are played, one per player.")
    suit = led_suit(played)
    if suit is None or not any(SUIT[c] == suit for c in texts):
        return list(hand)
    return [orig for orig, c in zip(hand, texts) if SUIT[c] is None or SUIT[c] == suit]


def must_follow_reason(hand: Sequence[str], suit: str, card: str) -> str | None:
    """Why ``card`` breaks suit-following, or ``None`` if it does not."""
    s = SUIT.get(card)
    if s is None or s == suit:
        return None
    held = [c for c in hand if SUIT[c] == suit]
    if not held:
        return None
    names = [NAME[c] for c in held]
    if len(names) > 1:
        names = [", ".join(names[:-1]) + " and " + names[-1]]
    return f"you must follow {SUIT_NAMES[suit]} or play a special card: you hold {names[0]}"
