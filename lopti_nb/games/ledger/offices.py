"""The twelve Offices of The Drowned Ledger (mode ``"offices"``).

Every player is dealt one office, face up. An office is one *duty* and one *privilege*.

* A duty is a condition on the holder's turn or on one step of a dive. When the decision in
  front of the holder can keep the duty, it must: the engine treats an action that breaks a
  keepable duty as illegal (``why_illegal`` names the office). When every available action
  breaks it, the duty simply does not bind, so no office ever takes a turn away.
* With ``table_watch=True`` such an action is allowed, but the table catches it at once: it
  is undone as far as the cards allow (the cards seen stay seen; everything else goes back),
  the holder decides again (this time the duty is enforced) and the holder's privilege is
  suspended for the rest of that round and the whole next round (it counts again once that
  round has ended, at the final count too).
* A privilege is a standing benefit, described here as data the game reads.

The table below is the one place where offices are defined; ``OFFICES[i].duty`` and
``.privilege`` are the one-line public texts.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .actions import Dive, FlipAgain, Open, Sell, Surface


@dataclass(frozen=True)
class Privilege:
    """What an office's privilege changes (the neutral values are the plain rules)."""

    hold_bonus: int = 0          # extra machines a dive may hold
    sale_bonus: int = 0          # extra coins on every sale
    quiet_sales: int = 0         # sales per round that are not sea triggers
    near_miss_coin: int = 0      # coins per near-miss flipped
    edge_safe: bool = False      # a hazard equal to the sea is a near-miss
    spare_first: bool = False    # a Reckoning never takes the first machine of the haul
    gift_value: int = 1          # coins per gift received
    first_gift_bonus: int = 0    # extra coins on the first gift received in each round
    big_open: tuple[int, int] = (0, 0)  # (at least this many cards opened at once, coins)
    set_bonus: int = 4           # points per suit with three or more open machines
    sealed_points: int = 0       # points per sealed card in hand at the end
    fresh_open_coin: int = 0     # coins per card opened of a suit no other player has open
    price_holds: bool = False    # the holder's sales do not lower the market price


PLAIN = Privilege()


def _machines_left(state) -> int:
    """Machines still in the wreck deck or the discard pile (what a dive could yet find)."""
    return state.machine_total - sum(map(len, state.hands)) - sum(map(len, state.yards)) - len(state.haul)


# -- duty predicates: does ``action`` by ``seat`` break the duty? ----------------------------
# ``memo`` is a dict shared by the calls for one decision (or None), for work done once.
# (Whether the duty binds -- whether some other action would keep it -- is decided by the
# state, which compares against the other actions available at the same decision.)

def _harbourmaster(state, seat, action, memo=None) -> bool:
    return type(action) is Dive and len(state.hands[seat]) >= 3


def _auditor(state, seat, action, memo=None) -> bool:
    if type(action) is not Open:
        return False
    held = memo.get("held") if memo is not None else None
    if held is None:
        held = {}
        for c in state.hands[seat]:
            k = c // 10
            held[k] = held.get(k, 0) + 1
        if memo is not None:
            memo["held"] = held
    taken: dict[int, int] = {}
    for c in action.cards:
        k = c // 10
        taken[k] = taken.get(k, 0) + 1
    return any(n < held.get(k, 0) for k, n in taken.items())


def _broker(state, seat, action, memo=None) -> bool:
    if type(action) is not Sell:
        return False
    market = state.market
    best = memo.get("best") if memo is not None else None
    if best is None:
        best = max(market[c // 10 - 1] for c in state.hands[seat])
        if memo is not None:
            memo["best"] = best
    return market[action.card // 10 - 1] < best


def _smuggler(state, seat, action, memo=None) -> bool:
    return type(action) is Sell and state.ycount[seat][action.card // 10 - 1] > 0


def _lamplighter(state, seat, action, memo=None) -> bool:
    return type(action) is Surface and not state.haul and _machines_left(state) > 0


def _bell_diver(state, seat, action, memo=None) -> bool:
    if type(action) is not Surface:
        return False
    need = min(2, state.hold_limit_of(seat)) - len(state.haul)
    return need > 0 and _machines_left(state) >= need


LOOKOUT_SURFACE_AT = 3  # the haul at which the Lookout's duty makes the dive surface


def _lookout(state, seat, action, memo=None) -> bool:
    return type(action) is FlipAgain and len(state.haul) >= LOOKOUT_SURFACE_AT


def _notary(state, seat, action, memo=None) -> bool:
    kind = action.kind
    return kind in ("open", "sell") and kind == state.last_kind[seat]


def _curator(state, seat, action, memo=None) -> bool:
    return type(action) is Open and len(action.cards) < 2 <= len(state.hands[seat])


def _treasurer(state, seat, action, memo=None) -> bool:
    return type(action) is Sell and len(state.hands[seat]) == 1


def _fresh_suits(state, seat) -> set[int]:
    return {s for s in range(state.suits) if not any(state.ycount[o][s] for o in range(state.num_players) if o != seat)}


def _chronicler(state, seat, action, memo=None) -> bool:
    if type(action) is not Open:
        return False
    fresh = memo.get("fresh") if memo is not None else None
    if fresh is None:
        fresh = _fresh_suits(state, seat)
        if not any(c // 10 - 1 in fresh for c in state.hands[seat]):
            fresh = set()  # nothing unshown in hand: the duty is silent
        if memo is not None:
            memo["fresh"] = fresh
    if not fresh:
        return False
    return not any(c // 10 - 1 in fresh for c in action.cards)


def _warden(state, seat, action, memo=None) -> bool:
    return type(action) is Sell and state.market[action.card // 10 - 1] <= state.price_floor


@dataclass(frozen=True)
class Office:
    """One office: its name, its public duty and privilege, and how the game checks them."""

    name: str
    duty: str
    privilege: str
    breaks: Callable = field(repr=False, compare=False)
    grants: Privilege = PLAIN
    when: str = "turn"  # the decision the duty speaks about: "turn" (dive/open/sell) or "dive" (a step)

    def describe(self) -> str:
        return f"{self.name}. Duty: {self.duty} Privilege: {self.privilege}"


OFFICES: tuple[Office, ...] = (
    Office("Harbourmaster",
           "Do not dive while holding three or more sealed cards.",
           "Your hold takes one more machine per dive.",
           _harbourmaster, Privilege(hold_bonus=1)),
    Office("Auditor",
           "An Open must take every sealed card you hold of each suit it touches.",
           "Whenever you open three or more cards at once, take 2 coins.",
           _auditor, Privilege(big_open=(3, 2))),
    Office("Broker",
           "A Sell must be of a suit priced highest among the suits in your hand.",
           "Each of your sales pays 1 coin more.",
           _broker, Privilege(sale_bonus=1)),
    Office("Smuggler",
           "Never sell a card of a suit you already have open in your yard.",
           "Your first sale in each round is not a sea trigger.",
           _smuggler, Privilege(quiet_sales=1)),
    Office("Lamplighter",
           "Do not surface with an empty haul while a machine could still be found.",
           "Take 1 coin for every near-miss you flip.",
           _lamplighter, Privilege(near_miss_coin=1), when="dive"),
    Office("Bell Diver",
           "Do not surface with fewer than two machines while the wreck could still give them.",
           "A hazard equal to the sea is a near-miss for you.",
           _bell_diver, Privilege(edge_safe=True), when="dive"),
    Office("Lookout",
           "Once your haul holds three machines, surface.",
           "No Reckoning takes the first machine of your haul; it comes up sealed.",
           _lookout, Privilege(spare_first=True), when="dive"),
    Office("Notary",
           "Never open twice running, nor sell twice running.",
           "The first gift you receive in each round is 2 coins, not 1.",
           _notary, Privilege(first_gift_bonus=1)),
    Office("Curator",
           "When you open while holding two or more sealed cards, open at least two.",
           "A completed set (three or more open machines of one suit) earns you 6 points instead of 4.",
           _curator, Privilege(set_bonus=6)),
    Office("Treasurer",
           "Never sell your last sealed card.",
           "Each sealed card still in your hand at the end scores 1 point.",
           _treasurer, Privilege(sealed_points=1)),
    Office("Chronicler",
           "If you hold a suit no other player has open, your Open must include one such card.",
           "Take 1 coin for each card you open of a suit no other player has open.",
           _chronicler, Privilege(fresh_open_coin=1)),
    Office("Market Warden",
           "Never sell a suit whose price has fallen to the floor.",
           "Your sales do not lower the market price.",
           _warden, Privilege(price_holds=True)),
)
OFFICE_NAMES = tuple(o.name for o in OFFICES)
OFFICE_INDEX = {o.name: i for i, o in enumerate(OFFICES)}


def office_table():
    """The twelve offices as a DataFrame (name, duty, privilege)."""
    import pandas as pd

    return pd.DataFrame([{"office": o.name, "duty": o.duty, "privilege": o.privilege} for o in OFFICES])
