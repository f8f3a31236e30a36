"""The Drowned Ledger practice questions (``lopti_nb.practice("drowned-ledger")``): each drawn from
a game the package's bots played, seeded, and answered by the engine: why an action is refused
(a duty, an empty hand), what a sale pays and an opening gives as the game's events said it, the
chance of a live hazard on the next flip from the wreck deck as it stands, the final count.
"""
from __future__ import annotations

import random
from fractions import Fraction

from ...engine import plural, seat_word
from ...explainers.practice import Drawn, distractors, finished_game, real_position
from .actions import Open, Sell
from .cards import SUITS
from .lessons import VOICES
from .state import DIVING


def _turn(st) -> bool:
    return not st.is_over and st.phase != DIVING


def _hand_tries(st) -> list:
    """Actions the player to act might try now: every listed action, and opening or selling
    each sealed card on its own."""
    hand = sorted(set(st.hands[st.seat]))
    tries = list(st._candidates()) + [Open((c,)) for c in hand] + [Sell(c) for c in hand]
    out = []
    for a in tries:
        if a not in out:
            out.append(a)
    return out


def may_act(rng: random.Random, voice: str) -> Drawn:
    def fits(st) -> bool:
        if not _turn(st):
            return False
        verdicts = [st.why_illegal(a) is None for a in _hand_tries(st)]
        return any(verdicts) and not all(verdicts)

    state = real_position("drowned-ledger", rng, fits, bot="balanced")
    tries = _hand_tries(state)
    legal = [a for a in tries if state.why_illegal(a) is None]
    illegal = [a for a in tries if state.why_illegal(a) is not None]
    right = rng.choice(legal)
    shown = rng.sample(illegal, min(3, len(illegal))) + [right]
    rng.shuffle(shown)
    office = state.office_of(state.seat)
    duty = f" Your office: {office.name} (duty: {office.duty.rstrip('.')})." if office is not None else ""
    hand = ", ".join(map(str, sorted(state.hands[state.seat]))) or "nothing"
    reason = " ".join(f"{a}: {state.why_illegal(a).rstrip('.')}." for a in shown if a != right) + f" {right} is allowed."
    return Drawn(f"Your sealed hand: {hand}.{duty} Which of these may you do this turn?",
                 tuple(str(a) for a in shown), str(right), reason,
                 {"state": state, "actions": {str(a): a for a in shown}})


def caught_chance(rng: random.Random, voice: str) -> Drawn:
    state = real_position("drowned-ledger", rng, lambda st: not st.is_over and len(st.wreck) > 0, bot="balanced")
    live = sum(1 for c in state.wreck if c.is_hazard and c.number <= state.sea)
    chance = Fraction(live, len(state.wreck))
    said = f"{live} in {len(state.wreck)}"
    others = {f"{k} in {len(state.wreck)}" for k in range(max(0, live - 3), live + 4) if k != live
              and 0 <= k <= len(state.wreck)}
    choices = rng.sample(sorted(others), min(3, len(others))) + [said]
    rng.shuffle(choices)
    numbers = ", ".join(str(c.number) for c in sorted(c for c in state.wreck if c.is_hazard)) or "none"
    return Drawn(f"The sea stands at {state.sea}. The wreck deck holds {plural(len(state.wreck), 'card')}; the "
                 f"hazards among them are numbered {numbers}. What is the chance that the next flip is a live "
                 "hazard?", tuple(choices), said,
                 f"A hazard numbered at or below the sea ({state.sea}) is live: {live} of the "
                 f"{len(state.wreck)} cards left are, a chance of {float(chance):.0%}.")


def sale(rng: random.Random, voice: str) -> Drawn:
    state = real_position("drowned-ledger", rng, lambda st: _turn(st) and any(
        st.why_illegal(Sell(c)) is None for c in st.hands[st.seat]), bot="balanced")
    card = rng.choice([c for c in state.hands[state.seat] if state.why_illegal(Sell(c)) is None])
    sold = next(e for e in state.copy().apply(Sell(card)) if type(e).__name__ == "Sold")
    market = ", ".join(f"{SUITS[i]} {p}" for i, p in enumerate(state.market))
    office = state.office_of(state.seat)
    perk = (f" Your office: {office.name} (privilege: {office.privilege.rstrip('.')})."
            if office is not None and state.grants(state.seat).sale_bonus else "")
    return Drawn(f"The market's prices: {market}.{perk} You sell your sealed {card}. How many coins does it bring?",
                 distractors(sold.coins, rng, steps=(1, 2, 3), low=1), str(sold.coins), sold.describe(),
                 {"state": state, "card": card})


def opening(rng: random.Random, voice: str) -> Drawn:
    state = real_position("drowned-ledger", rng, lambda st: _turn(st) and any(
        st.why_illegal(Open((c,))) is None for c in st.hands[st.seat]), bot="balanced")
    card = rng.choice([c for c in state.hands[state.seat] if state.why_illegal(Open((c,))) is None])
    opened = next(e for e in state.copy().apply(Open((card,))) if type(e).__name__ == "Opened")
    coins = sum(c for _, c in opened.gifts)
    yards = "; ".join(f"{seat_word(s)}: {', '.join(map(str, y)) or 'nothing'}" for s, y in enumerate(state.yards)
                      if s != state.seat)
    perks = "".join(f" {seat_word(s)}'s office: {state.office_of(s).name} (privilege: "
                    f"{state.office_of(s).privilege.rstrip('.')})." for s in range(state.num_players)
                    if s != state.seat and state.office_of(s) is not None
                    and (state.grants(s).gift_value != 1 or state.grants(s).first_gift_bonus))
    return Drawn(f"Open machines of the others: {yards}.{perks} You open {card}. How many coins do the others "
                 "take from the bank in all?", tuple(str(k) for k in range(4)) if coins < 4 else
                 distractors(coins, rng, steps=(1, 2)), str(coins), opened.describe())


def final_count(rng: random.Random, voice: str) -> Drawn:
    state = finished_game("drowned-ledger", rng, players=rng.randint(2, 5), bot="balanced")
    seat = rng.randrange(state.num_players)
    parts = state.score_breakdown()[seat]
    yard = ", ".join(map(str, sorted(state.yards[seat]))) or "nothing"
    text = (f"At the final count {seat_word(seat)} has {plural(parts['coins'], 'coin')}, "
            f"{plural(len(state.hands[seat]), 'sealed card')} and these open machines: {yard}. "
            f"The most open machines anyone has is {max(len(y) for y in state.yards)}."
            + (f" Their office: {state.office_of(seat).name} (privilege: "
               f"{state.office_of(seat).privilege.rstrip('.')})."
               if state.office_of(seat) is not None else "") + " What is their score?")
    ended = next(e for e in state.events if type(e).__name__ == "GameEnded")
    why = (f"Coins {parts['coins']}, machines {parts['machines']}, suit sets {parts['sets']}, clean ledger "
           f"{parts['clean_ledger']}" + (f", sealed {parts['sealed']}" if parts["sealed"] else "")
           + f": {parts['total']}. {ended.describe()}")
    return Drawn(text, distractors(parts["total"], rng, steps=(4, 5, 9)), str(parts["total"]), why,
                 {"state": state, "seat": seat})


KINDS = {"may act": may_act, "caught chance": caught_chance, "sale": sale, "opening": opening,
         "final count": final_count}

__all__ = ["KINDS", "VOICES"]
