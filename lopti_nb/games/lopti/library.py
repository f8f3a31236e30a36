"""Ready-made motions: custom rules a round winner can adopt as they are.

Each function returns a fresh :class:`~lopti_nb.games.lopti.motions.Motion` whose text is
the first paragraph of the function's docstring. Together they show the range a motion can
cover: conditions on ranks, roles ("the player who just took the pile", "the clearer"),
clears, places and rounds. None of them stops or changes a base event; they only add to it.

>>> sorted(LIBRARY)[:3]
['ace_tax', 'blind_miss_consolation', 'chain_clear_discard']
"""
from __future__ import annotations

import copy
from typing import Callable

from ...engine.limits import shown
from .motions import Discard, Draw, Give, Motion, MotionError, Reveal, Say, check_motion_data, ready_made, same_motion


def _motion(factory: Callable[[], Motion], hooks: dict) -> Motion:
    """The motion ``factory`` describes: its docstring's first paragraph is the text. Its hooks
    are the package's own, so the engine calls them directly (see ``motions.ready_made``)."""
    text = (factory.__doc__ or "").strip().split("\n\n")[0]
    return Motion(text, {key: ready_made(fn) for key, fn in hooks.items()},
                  title=factory.__name__.replace("_", " "))


def pile_taker_shows_highest() -> Motion:
    """Whoever takes the pile shows the table the highest card in their hand."""
    return _motion(pile_taker_shows_highest, {"after pickup": lambda v: Reveal("actor", "highest")})


def ten_clear_feeds_the_rest() -> Motion:
    """After a clear made with a 10, every other player still in draws one card, as long as
    the draw pile has any."""
    def after_clear(v):
        if v.how == "ten":
            return Draw("others", 1)
    return _motion(ten_clear_feeds_the_rest, {"after clear": after_clear})


def second_out_gift() -> Motion:
    """When a player goes out in second place (in rounds played on for places), the player
    still in who holds the most cards puts their lowest card out of the round."""
    def after_out(v):
        if v.place == 2:
            return Discard("most cards", 1, "lowest")
    return _motion(second_out_gift, {"after out": after_out})


def even_round_lead_tax() -> Motion:
    """In even-numbered rounds, a player who leads onto an empty table (not as a bonus play)
    draws one extra card after the lead, while the draw pile lasts."""
    def after_lead(v):
        if v.round % 2 == 0:
            return Draw("actor", 1)
    return _motion(even_round_lead_tax, {"after lead": after_lead})


def ace_tax() -> Motion:
    """Whenever one or more Aces are played, the player who played them gives their lowest
    hand card to the next player still in."""
    def after_play(v):
        if v.rank == "A":
            return Give("actor", 1, "next", "lowest")
    return _motion(ace_tax, {"after play": after_play})


def duty_pickup_relief() -> Motion:
    """A player forced to take the pile under a 3 duty puts their lowest hand card out of
    the round."""
    def after_pickup(v):
        if v.forced:
            return Discard("actor", 1, "lowest")
    return _motion(duty_pickup_relief, {"after pickup": after_pickup})


def chain_clear_discard() -> Motion:
    """When a chain of four 3s clears the pile, every other player still in puts their
    highest hand card out of the round."""
    def after_clear(v):
        if v.how == "chain":
            return Discard("others", 1, "highest")
    return _motion(chain_clear_discard, {"after clear": after_clear})


def blind_miss_consolation() -> Motion:
    """When a face-down card turns out unplayable, the player before the unlucky one draws a
    card, as long as the draw pile has any."""
    def after_flip(v):
        if v.legal is False:
            return Draw("previous", 1)
    return _motion(blind_miss_consolation, {"after blind flip": after_flip})


def late_round_dealer_extra() -> Motion:
    """From the third round on, the dealer draws one extra card once the deal is done."""
    def after_deal(v):
        if v.round >= 3:
            return Draw("dealer", 1)
    return _motion(late_round_dealer_extra, {"after deal": after_deal})


def pairs_pass_on() -> Motion:
    """Whenever someone plays exactly two cards of an ordinary rank (not 2, 3, 7 or 10), the
    player holding the most cards passes their highest card to the player before them."""
    def after_play(v):
        if v.count == 2 and v.rank not in ("2", "3", "7", "10"):
            return Give("most cards", 1, "previous", "highest")
    return _motion(pairs_pass_on, {"after play": after_play})


def face_up_herald() -> Motion:
    """When a player takes up their face-up cards, the table hears how many cards they hold
    now, and after the clearer's bonus play the clearer shows their lowest hand card."""
    def after_face_up(v):
        return Say(f"the player taking up face-up cards now holds {v.actor_cards} cards")

    def after_bonus(v):
        return Reveal("actor", "lowest")
    return _motion(face_up_herald, {"after take face-up": after_face_up, "after bonus play": after_bonus})


def sevens_warn_the_table() -> Motion:
    """Whenever 7s are played, the table is reminded that the next play must go down, and
    the player with the fewest cards draws one card, while the draw pile lasts."""
    def after_play(v):
        if v.rank == "7":
            return [Say("7s are down: the next play must go lower, a 4, 5 or 6 (or a 2, a 3 or more 7s)."),
                    Draw("fewest cards", 1)]
    return _motion(sevens_warn_the_table, {"after play": after_play})


# The same motions as data (Motion.from_data): each plays the same games as its Python form.
def _rule(when: str, then: list, *conditions: tuple) -> dict:
    return {"when": when, "if": [{"fact": f, "op": op, "value": v} if v is not None else {"fact": f, "op": op}
                                 for f, op, v in conditions], "then": then}


READY_DATA: dict[str, dict] = {
    "pile_taker_shows_highest": {"rules": [
        _rule("after pickup", [{"effect": "reveal", "who": "actor", "which": "highest"}])]},
    "ten_clear_feeds_the_rest": {"rules": [
        _rule("after clear", [{"effect": "draw", "who": "others", "n": 1}], ("how", "is", "ten"))]},
    "second_out_gift": {"rules": [
        _rule("after out", [{"effect": "discard", "who": "most cards", "n": 1, "which": "lowest"}],
              ("place", "is", 2))]},
    "even_round_lead_tax": {"rules": [
        _rule("after lead", [{"effect": "draw", "who": "actor", "n": 1}], ("round", "is even", None))]},
    "ace_tax": {"rules": [
        _rule("after play", [{"effect": "give", "who": "actor", "n": 1, "to": "next", "which": "lowest"}],
              ("rank", "is", "A"))]},
    "duty_pickup_relief": {"rules": [
        _rule("after pickup", [{"effect": "discard", "who": "actor", "n": 1, "which": "lowest"}],
              ("forced", "is", True))]},
    "chain_clear_discard": {"rules": [
        _rule("after clear", [{"effect": "discard", "who": "others", "n": 1, "which": "highest"}],
              ("how", "is", "chain"))]},
    "blind_miss_consolation": {"rules": [
        _rule("after blind flip", [{"effect": "draw", "who": "previous", "n": 1}], ("legal", "is", False))]},
    "late_round_dealer_extra": {"rules": [
        _rule("after deal", [{"effect": "draw", "who": "dealer", "n": 1}], ("round", "at least", 3))]},
    "pairs_pass_on": {"rules": [
        _rule("after play", [{"effect": "give", "who": "most cards", "n": 1, "to": "previous", "which": "highest"}],
              ("count", "is", 2), ("rank", "not one of", ["2", "3", "7", "10"]))]},
    "face_up_herald": {"rules": [
        _rule("after take face-up",
              [{"effect": "say", "text": "the player taking up face-up cards now holds {actor cards} cards"}]),
        _rule("after bonus play", [{"effect": "reveal", "who": "actor", "which": "lowest"}])]},
    "sevens_warn_the_table": {"rules": [
        _rule("after play", [{"effect": "say", "text": "7s are down: the next play must go lower, a 4, 5 or 6 (or a 2, a 3 or more 7s)."},
                             {"effect": "draw", "who": "fewest cards", "n": 1}], ("rank", "is", "7"))]},
}


def library_data(name: str) -> dict:
    """The ready-made motion ``name`` as data (see :data:`READY_DATA`); ``Motion.from_data`` of it
    plays the same games as ``library_motion(name)``.

    >>> Motion.from_data(library_data("ace_tax")).title
    'ace tax'
    """
    if name not in READY_DATA:
        raise MotionError(f"no ready-made motion called {shown(name)}; choose from: {', '.join(READY_DATA)}")
    return {"title": name.replace("_", " "), **copy.deepcopy(READY_DATA[name])}


def rules_of(motion: Motion) -> list[dict]:
    """The rules of ``motion`` as canonical data, as the constitution weighs them together with
    other motions: a data motion's own rules, a ready motion's data form (see
    :data:`READY_DATA`), and none for a motion in words or written in Python hooks (the
    round's action caps bound those).

    >>> rules_of(library_motion("ace_tax"))[0]["when"]
    'after play'
    """
    if motion.data is not None:
        return motion.data["rules"]
    key = motion.title.replace(" ", "_")
    if key in READY_DATA and same_motion(motion, LIBRARY[key]()):
        return check_motion_data(READY_DATA[key])["rules"]
    return []


LIBRARY: dict[str, Callable[[], Motion]] = {
    fn.__name__: fn
    for fn in (
        pile_taker_shows_highest, ten_clear_feeds_the_rest, second_out_gift, even_round_lead_tax,
        ace_tax, duty_pickup_relief, chain_clear_discard, blind_miss_consolation,
        late_round_dealer_extra, pairs_pass_on, face_up_herald, sevens_warn_the_table,
    )
}


def library_motion(name: str) -> Motion:
    """A fresh copy of the ready-made motion ``name`` (see :data:`LIBRARY`)."""
    if name not in LIBRARY:
        raise MotionError(f"no ready-made motion called {name!r}; choose from: {', '.join(LIBRARY)}")
    return LIBRARY[name]()
