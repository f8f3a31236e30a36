"""The Lopti rules oracle: is a play legal, does it clear, does it hand on a 3 duty?

The engine and :func:`judge` share :func:`check_play` and :func:`after_play`, so the
table, the explainers and outside callers all read the rules from one place.

The pile is summarised by a :class:`Pile` value: the rank and count of the last play that
entered the pile (3s never do), how many cards of that rank lie on top in a row (``run``),
the number of 3s chained since the last non-3 play, pickup or clear, whether a 3 duty is
live, and how many cards the pile holds.

A few card rules of rules reference §1.2-1.4 are settings (:class:`CardRules`), so that a session's
Rule Vote can change them; every function here takes them as ``rules`` and defaults to base
Lopti (:data:`BASE_RULES`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Sequence

from lopti_nb.engine import SettingsError
from lopti_nb.engine.settings import shown

from .cards import LOW_UNDER_SEVEN, RANKS, SEVEN, TEN, THREE, TWO, CardError, parse_rank


class Pile(NamedTuple):
    top: int | None = None  # rank index of the last play in the pile, None when empty
    top_count: int = 0  # cards in that last play
    run: int = 0  # cards of the top rank lying consecutively on top, across plays
    chain: int = 0  # 3s played since the last non-3 play, pickup or clear
    duty: bool = False  # the player to act must play 3s or take the pile
    size: int = 0  # cards in the pile


EMPTY = Pile()


class CardRules(NamedTuple):
    """The card rules a game's settings (and a session's Rule Vote) may change. The defaults
    are base Lopti; each field is a setting of the same name (``plugin.SCHEMA``)."""

    ten_on_seven: bool = False  # 1.2: a 10 may also go on a 7
    match_equal: bool = False  # 1.2: a rank goes on itself with as many cards as the last play, not only more
    four_clears: bool = True  # 1.3: four cards of one rank on top clear the pile
    three_duty: bool = True  # 1.4: a 3 on a non-empty pile hands the next player a duty


BASE_RULES = CardRules()
CARD_RULES = CardRules._fields


def card_rules(settings=None, **changes) -> CardRules:
    """The :class:`CardRules` named in ``settings`` (a mapping; other keys are ignored) and
    ``changes``, base Lopti for the rest. A value that is not True/False is refused."""
    picked = {k: v for k, v in dict(settings or {}).items() if k in CARD_RULES}
    for key, value in changes.items():
        if key not in CARD_RULES:
            raise SettingsError(f"unknown card rule {key!r}; the card rules are: {', '.join(CARD_RULES)}")
        picked[key] = value
    for key, value in picked.items():
        if not isinstance(value, bool):
            raise SettingsError(f"the card rule {key} is True or False, not {value!r}")
    return BASE_RULES._replace(**picked) if picked else BASE_RULES

# Reason codes for check_play. 0 means legal.
LEGAL = 0
DUTY = 1
TEN_ON_SEVEN = 2
MATCH_MORE = 3
TOO_HIGH_FOR_SEVEN = 4
TOO_LOW = 5

# Piles already found well formed (the engine asks about few, often), with their fields'
# types: 7.0 or True equal 7 or 1 as set members but are no rank index or count.
_CHECKED: dict = {}


def _check_args(pile: Pile, rank: int, count: int) -> None:
    """Refuse a pile, rank index or count the rules cannot read (CardError, a ValueError)."""
    if type(rank) is not int or not 0 <= rank < 13:
        raise CardError(f"rank is a rank index 0-12 (2 to A; see parse_rank), not {shown(rank)}.")
    if type(count) is not int or not 1 <= count <= 4:
        raise CardError(f"count is a number of cards 1-4, not {shown(count)}.")
    if type(pile) is not Pile:
        raise CardError(f"pile is a Pile (see pile_from_history), not {shown(pile)}.")
    if _well_typed(pile):
        return
    top, top_count, run, chain, duty, size = pile
    if not (top is None or (type(top) is int and 0 <= top < 13 and top != THREE)):
        raise CardError(f"pile.top is None or a rank index 0-12 other than 3, not {shown(top)}.")
    for name, value, high in (("top_count", top_count, 4), ("run", run, 4), ("chain", chain, 3),
                              ("size", size, 52)):
        if type(value) is not int or not 0 <= value <= high:
            raise CardError(f"pile.{name} is a whole number 0-{high}, not {shown(value)}.")
    if type(duty) is not bool:
        raise CardError(f"pile.duty is True or False, not {shown(duty)}.")
    if (top is None) != (top_count == 0) or (top is not None and not top_count <= run <= size):
        raise CardError("this pile cannot happen: its top, top_count, run and size disagree.")
    _CHECKED[pile] = tuple(map(type, pile))


def _well_typed(pile) -> bool:
    """``pile`` was checked before, with fields of the same types."""
    types = _CHECKED.get(pile)
    return types is not None and types == tuple(map(type, pile))


def _matches(pile: Pile, count: int, rules: CardRules) -> bool:
    """A play of the top rank on itself: more cards than the last play, or all four (or, under
    ``match_equal``, as many as the last play)."""
    return count > pile.top_count or pile.run + count == 4 or (rules.match_equal and count == pile.top_count)


def check_play(pile: Pile, rank: int, count: int, rules: CardRules = BASE_RULES) -> int:
    """0 if playing ``count`` cards of ``rank`` on ``pile`` is legal, else a reason code.

    The order of the tests is the order of rules reference §1.2.
    """
    if type(pile) is not Pile or not _well_typed(pile) or type(rank) is not int \
            or type(count) is not int or not 0 <= rank < 13 or not 1 <= count <= 4:
        _check_args(pile, rank, count)
    return play_code(pile, rank, count, rules)


def play_code(pile: Pile, rank: int, count: int, rules: CardRules = BASE_RULES) -> int:
    """:func:`check_play` for arguments already known to be well formed (a state's own pile,
    a rank index and count taken from a hand): the same code without checking them again."""
    if pile.duty:
        return LEGAL if rank == THREE else DUTY
    top = pile.top
    if top is None or rank == THREE:
        return LEGAL
    if rank == TWO or rank == SEVEN:
        if top != rank or _matches(pile, count, rules):
            return LEGAL
        return MATCH_MORE
    if rank == TEN:
        return TEN_ON_SEVEN if top == SEVEN and not rules.ten_on_seven else LEGAL
    if top == TWO:
        return LEGAL
    if top == SEVEN:
        return LEGAL if rank in LOW_UNDER_SEVEN else TOO_HIGH_FOR_SEVEN
    if rank > top:
        return LEGAL
    if rank == top:
        return LEGAL if _matches(pile, count, rules) else MATCH_MORE
    return TOO_LOW


def after_play(pile: Pile, rank: int, count: int, rules: CardRules = BASE_RULES) -> tuple[Pile, bool]:
    """The pile after a legal play, and whether the play cleared it.

    A cleared pile comes back as ``EMPTY``; the caller moves the cards out of play.
    """
    if type(pile) is not Pile or not _well_typed(pile) or type(rank) is not int \
            or type(count) is not int or not 0 <= rank < 13 or not 1 <= count <= 4:
        _check_args(pile, rank, count)
    return pile_after(pile, rank, count, rules)


def pile_after(pile: Pile, rank: int, count: int, rules: CardRules = BASE_RULES) -> tuple[Pile, bool]:
    """:func:`after_play` for arguments already known to be well formed (a state's own pile
    and a play it has checked): the same result without checking them again."""
    if rank == THREE:
        chain = pile.chain + count
        if chain >= 4:
            return EMPTY, True
        # A 3 onto an empty table hands on no duty: there is nothing to take.
        return pile._replace(chain=chain, duty=pile.size > 0 and rules.three_duty), False
    if rank == TEN:
        return EMPTY, True
    run = pile.run + count if rank == pile.top else count
    if run >= 4 and rules.four_clears:
        return EMPTY, True
    return Pile(rank, count, run, 0, False, pile.size + count), False


def an(rank: str) -> str:
    """One card of a rank with its article as said aloud: ``a 9``, ``an 8``, ``an A``."""
    return f"an {rank}" if rank in ("8", "A") else f"a {rank}"


_COUNT_WORDS = ("no", "one", "two", "three", "four")


_PLURAL_WORDS = {"J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}


def many(rank: str) -> str:
    """A rank in the plural as said aloud: ``9s``, ``jacks``, ``aces`` (never ``As``)."""
    return _PLURAL_WORDS.get(rank, f"{rank}s")


def some(rank: str, count: int) -> str:
    """Cards of one rank as said aloud: ``a 9``, ``two 9s``, ``four aces``, ``no jacks``
    (``7 9s`` past four)."""
    if count == 1:
        return an(rank)
    said = _COUNT_WORDS[count] if 0 <= count < len(_COUNT_WORDS) else str(count)
    return f"{said} {many(rank)}"


def seven_allows(rules: CardRules = BASE_RULES) -> str:
    """What may follow a 7 under ``rules``, in words (rules reference \u00a71.2): the low ranks,
    2s, 3s, more 7s, and a 10 only where the table allows it."""
    ten = ", a 10 (this table allows it)" if rules.ten_on_seven else ""
    return f"a 4, 5 or 6 in any number, a 2, a 3{ten} or more 7s than the last play"


def seven_asks(rules: CardRules = BASE_RULES) -> str:
    """The 7's directive as one sentence (the 7 on top asks for lower)."""
    never = "" if rules.ten_on_seven else "; never a 10, an 8 or higher"
    return f"the next play must go lower: {seven_allows(rules)}{never}."


def reason_text(code: int, pile: Pile, rank: int, count: int, rules: CardRules = BASE_RULES) -> str:
    """A sentence a player understands for a reason code (or for a legal play)."""
    _check_args(pile, rank, count)
    if type(code) is not int or not LEGAL <= code <= TOO_LOW:
        raise CardError(f"code is a reason code from check_play (0-{TOO_LOW}), not {shown(code)}.")
    r = RANKS[rank]
    top = RANKS[pile.top] if pile.top is not None else None
    cards = some(r, count)
    # the words of the play before (``a 9``, ``two 9s``): "match with more" compares with it
    last = some(top, pile.top_count) if top is not None else ""
    if code == DUTY:
        # said of the player on duty without "you": the sentence is also quoted in the table's
        # log, about a blind card somebody else flipped
        return (f"A 3 duty is live: only 3s may be played, or the pile taken, "
                f"so {cards} cannot be played.")
    if code == TEN_ON_SEVEN:
        return "A 10 can never be played on a 7."
    if code == MATCH_MORE:
        least = "at least as many as" if rules.match_equal else "more than"
        return (f"To go on {many(r)}, a play must hold {least} the last play ({last}) or complete four; "
                f"{cards} {'does' if count == 1 else 'do'} neither.")
    if code == TOO_HIGH_FOR_SEVEN:
        high = f"{an(r)[:1].upper()}{an(r)[1:]} is" if count == 1 else f"{many(r)[:1].upper()}{many(r)[1:]} are"
        return f"The 7 on top asks for lower: {seven_allows(rules)}. {high} too high."
    if code == TOO_LOW:
        # matching with more concerns the rank on top only: a lower rank never goes on
        more = "as many or more" if rules.match_equal else "more"
        said = f"{cards[:1].upper()}{cards[1:]} {'is' if count == 1 else 'are'}"
        return (f"{said} lower than the {top} on top of the pile; only a higher rank, a special "
                f"card, or {more} {many(top)} than the last play may go on it.")
    # Legal: say which rule allows it.
    if pile.duty:
        return "A 3 answers the 3 duty and passes it on to the next player."
    if pile.top is None:
        if rank == THREE:
            return "Any rank may lead an empty table; a 3 there hands on no duty."
        return "The table is empty, so any rank, in any number, may lead."
    if rank == THREE:
        if not rules.three_duty:
            return "3s may be played on anything; under this game's rules they hand on no duty."
        return "3s may be played on anything; the next player must answer with 3s or take the pile."
    if rank == TEN:
        if rules.ten_on_seven:
            return "A 10 goes on anything (this game allows it on a 7 too) and clears the pile."
        return "A 10 goes on anything but a 7 and clears the pile."
    if rank in (TWO, SEVEN) and pile.top == rank:
        if rules.match_equal and count == pile.top_count and pile.run + count != 4:
            return f"This game lets as many {many(r)} as the last play go on {many(r)}."
        return f"More {many(r)} than the last play, or the fourth {r}, may go on {many(r)}."
    if rank == TWO:
        return "A 2 goes on anything; the next player may then play any rank."
    if rank == SEVEN:
        return f"A 7 goes on anything; {seven_asks(rules)}"
    if pile.top == TWO:
        return "After a 2, any rank may be played."
    if pile.top == SEVEN:
        return f"The 7 on top asks for lower: {cards} may follow."
    if rank == pile.top:
        if pile.run + count == 4:
            these = f"This {r} completes" if count == 1 else f"These {cards} complete"
            return f"{these} four {many(r)} together on top, a legal match."
        if count == pile.top_count:
            return f"{cards[:1].upper() + cards[1:]} equal the last play ({last}), which this game allows."
        return (f"{cards[:1].upper() + cards[1:]} outnumber the last play ({last}): "
                f"matching with more is legal.")
    return (f"{cards[:1].upper() + cards[1:]} {'is' if count == 1 else 'are'} higher than the "
            f"{top} on top of the pile: a higher ordinary rank may follow, in any number.")


@dataclass(frozen=True)
class Judgement:
    """The oracle's answer: ``legal``, ``clears``, ``duty`` (the next player must play a 3
    or take the pile) and ``reason``, a sentence that says why."""

    legal: bool
    clears: bool
    duty: bool
    reason: str

    def __bool__(self) -> bool:  # so ``if judge(...)`` reads naturally
        return self.legal


def parse_play(text: str) -> tuple[int, int]:
    """``"9 9"`` -> (rank index of 9, 2). Raises ``ValueError`` on malformed text."""
    if not isinstance(text, str):
        raise CardError(f"A play is a string of space-separated ranks such as '9 9', not {shown(text)}.")
    parts = text.split()
    if not parts:
        raise CardError("A play needs at least one card, e.g. '9' or '9 9'.")
    if len(parts) > 4:  # before reading ranks: a long string is refused in one short sentence
        raise CardError(f"There are only four cards of each rank; {shown(text)} has {len(parts)}.")
    ranks = {parse_rank(p) for p in parts}
    if len(ranks) != 1:
        raise CardError(f"A play is one rank only; {shown(text)} mixes "
                        f"{' and '.join(sorted({p.upper() for p in parts}))}.")
    return ranks.pop(), len(parts)


def pile_from_history(history: Sequence[str], rules: CardRules = BASE_RULES) -> Pile:
    """The pile summary after ``history`` (plays since the last clear or pickup, oldest
    first, 3-plays included)."""
    if not isinstance(history, (list, tuple)):
        raise CardError(f"history is a list of plays such as ['9 9', '3'], not {shown(history)}.")
    if len(history) > 52:
        raise CardError(f"history lists {len(history)} plays; a pile holds at most 52 cards.")
    pile = EMPTY
    seen = [0] * 13
    for text in history:
        rank, count = parse_play(text)
        seen[rank] += count
        if seen[rank] > 4:
            raise CardError(f"The history holds more than four {RANKS[rank]}s.")
        pile, _ = after_play(pile, rank, count, rules)
    return pile


def judge(history: Sequence[str], play: str, rules: CardRules | None = None, **changes: bool) -> Judgement:
    """Judge ``play`` on the pile built by ``history``.

    ``history`` lists the plays since the last clear or pickup, oldest first, each a string
    of space-separated ranks (``"9 9"``, ``"3"``, ``"10"``, ``"A"``), 3-plays included.
    The card rules are base Lopti unless ``rules`` (a :class:`CardRules`, e.g. a game's
    ``state.card_rules``) or named changes say otherwise: ``judge(["7"], "10",
    ten_on_seven=True)``.

    >>> judge(["9 9"], "9").legal
    False
    >>> judge(["9 9"], "9 9 9").legal
    True
    >>> j = judge(["9 9", "9"], "9"); (j.legal, j.clears)
    (True, True)
    >>> judge(["K"], "3").duty
    True
    """
    if rules is not None and not isinstance(rules, CardRules):
        raise SettingsError(f"rules is a CardRules (such as state.card_rules), not {shown(rules)}.")
    rules = card_rules(rules._asdict() if rules is not None else None, **changes)
    pile = pile_from_history(history, rules)
    rank, count = parse_play(play)
    used = sum(parse_play(t)[1] for t in history if parse_play(t)[0] == rank)
    if used + count > 4:
        raise CardError(f"There are only four {RANKS[rank]}s; the history already holds {used}.")
    code = check_play(pile, rank, count, rules)
    reason = reason_text(code, pile, rank, count, rules)
    if code != LEGAL:
        return Judgement(False, False, False, reason)
    new_pile, clears = after_play(pile, rank, count, rules)
    if clears:
        if rank == THREE:
            # the clear ends every duty: this 3 passes nothing on, whatever a lone 3 would do
            reason = (("A 3 answers the 3 duty." if pile.duty else "3s may always be played.")
                      + " It is the fourth 3 in the chain, so the pile is cleared, no duty passes on, "
                      "and the player takes a bonus play.")
        elif rank == TEN and "clears the pile" in reason:
            reason = reason[:-1] + ", and the player takes a bonus play."
        elif rank == TEN:  # led onto an empty table: the lead rule allowed it, the 10 still clears
            reason += " A 10 clears even an empty table, and the player takes a bonus play."
        else:
            reason += f" The four {RANKS[rank]}s on top clear the pile, and the player takes a bonus play."
    return Judgement(True, clears, new_pile.duty, reason)
