"""The Lopti table: pile, duties, your hand/face-up/face-down cards, draw pile, swap at the deal.

This view draws one round of Lopti from the seat's observation. A session of rounds
(``lopti_nb.play("lopti", rounds=3)``, or a room's session) is one
:class:`~lopti_nb.games.lopti.session_game.LoptiSessionState`, drawn by
:class:`~lopti_nb.games.lopti.view_session.SessionView`: this round view under the session's
own parts (the winner's motion, the Rule Vote, Roshambo, the scoreboard). People are named as
``play(names=...)`` or the room names them, else by seat, counted from 1 ("Seat 1" is the
first seat).
"""
from __future__ import annotations

import ipywidgets as W

from lopti_nb.widgets.base import CSS_MUTED, ButtonPool, esc, panel_html, set_if, show
from lopti_nb.widgets.hand import CardHand, tap_toggle
from lopti_nb.widgets.svg import card_back_svg, card_slot_svg, cards_row_html
from lopti_nb.widgets.table import GameView

from .events import BlindMiss, BonusPlay, Cleared, DutyPassed, PickedUp, Played, TookFaceUp, WentOut
from .cards import card_name
from .lessons_words import capital, ranks
from .pictures import lopti_card_svg
from .rules import BASE_RULES, CardRules, card_rules, seven_asks
from .state import KeepCards, Play, PlayBlind, Swap, TakePile

_SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def label(name: str) -> str:
    """``"9S"`` -> ``"9\u2660"``."""
    return name[:-1] + _SUIT_SYMBOLS[name[-1]]


def rank_of(name: str) -> str:
    return name[:-1]


class LoptiView(GameView):
    picked_play_buttons = ("Play ", "Flip ", "Swap ")  # "Play 2 \u00d7 8", "Flip face-down card 2", "Swap 4\u2663 \u2194 J\u2666"
    seldom_buttons = ("Take the pile", "Withdraw my motion")

    def __init__(self, table):
        super().__init__(table)
        self.selected: set[int] = set()  # indices into the viewer's sorted hand
        self._phase = None
        self._hand: list[str] = []
        self.banner = W.HTML()
        self.pile = W.HTML()
        self.last_plays = W.HTML()  # the plays since the viewer's last move, drawn as cards
        self.recent: list = []  # the viewer's last move and what followed it (public events)
        self.others = W.HTML()
        self.swap_title = W.HTML()
        self.swap_buttons = ButtonPool(self._swap_or_keep)
        self.swap_hand: str | None = None  # at the deal: the hand card picked to swap
        self.swap_up: str | None = None  # and the face-up card picked to take for it
        self.ups = CardHand(on_pick=self._pick_up, on_play=self._swap_picked, title="Your face-up cards")
        self.swap_box = W.VBox([self.swap_title, self.ups, self.swap_buttons])
        # a motion's effect that asks the player concerned to choose cards (a session round)
        self.choice_title = W.HTML()
        self.choice_buttons = ButtonPool(table.act)
        self.choice_box = W.VBox([self.choice_title, self.choice_buttons],
                                 layout=W.Layout(border="2px solid var(--jp-brand-color1)", padding="4px"))
        self.mine_title = W.HTML()
        # the cards are the controls: click one to pick it (again to put it back), Enter plays
        self.hand = CardHand(on_pick=self._toggle, on_play=self._play_selected, title="Your hand")
        self.play_button = W.Button(description="Play selected", button_style="primary",
                                    layout=W.Layout(width="auto"))
        self.play_button.on_click(lambda b: self._play_selected())
        self.take_button = W.Button(description="Take the pile", button_style="warning",
                                    layout=W.Layout(width="auto"))
        self.take_button.on_click(lambda b: table.act(TakePile()))
        # beside the pick-then-play default: a tap on a card plays it at once
        self.tap = tap_toggle(lambda: self.table.refresh())
        self.turn_line = W.HTML()  # what the person to act may do now, in a line or two
        self.face_up = W.HTML()
        self.blind_pick: int | None = None  # the face-down card picked to flip (its place)
        self.blind = CardHand(on_pick=self._pick_blind, on_play=self._play_selected,
                              title="Your face-down cards")
        self.mine = W.VBox([
            self.mine_title,
            self.turn_line,
            W.HTML(f'<span style="{CSS_MUTED};font-size:12px">Tap cards of one rank to pick them, '
                   'then play them (keys: arrows, 1–9, Enter).</span>'),
            self.hand,
            W.HBox([self.play_button, self.take_button, self.tap], layout=W.Layout(flex_flow="row wrap")),
            self.face_up,
            self.blind,
        ], layout=W.Layout(border="1px solid var(--jp-border-color1)", padding="6px"))
        parts = [self.banner, self.pile, self.last_plays, self.others, self.choice_box, self.swap_box, self.mine]
        self.widget = W.VBox(parts, layout=W.Layout())

    def open_hand_html(self, obs, seat) -> str:
        return cards_row_html([lopti_card_svg(c) for c in obs.get("hand") or ()], empty="no cards in hand")

    def reset(self) -> None:
        self.selected = set()
        self.blind_pick = None
        self.swap_hand = self.swap_up = None
        self.recent: list = []  # the viewer's last move and what followed it (public events)

    def settings_words(self, state) -> str:
        s = state.settings
        return (f"swap at the deal {'on' if s.get('swap') else 'off'} \u00b7 "
                f"{'play on for places' if s.get('play_on') else 'round ends when the first player is out'}")

    # -- the seat strip and scores --------------------------------------------------------------
    def seat_line(self, obs, seat) -> str:
        if seat in obs["out"]:
            place = obs["out"].index(seat) + 1
            return f"<b>out \u2014 place {place}</b>"
        ups = obs["face_up"][seat]
        downs = len(obs["face_down"][seat])
        return (f"hand {obs['hand_sizes'][seat]} \u00b7 face-up {len(ups)} \u00b7 face-down {downs}")

    def scores_html(self, obs, result) -> str:
        if result is None:
            return ""
        rows = "".join(
            f"<tr><td>{esc(self.seat_name(s))}</td><td>{p}</td><td>{result.scores[s]:g}</td></tr>"
            for s, p in sorted(enumerate(result.places), key=lambda x: x[1]))
        note = " (stopped at the turn cap: a stalemate)" if result.stalemate else ""
        return panel_html("Final places" + note,
                          f'<table style="font-size:13px"><tr><th>Seat</th><th>Place</th>'
                          f'<th>Points</th></tr>{rows}</table>', accent=True)

    # -- the main update ------------------------------------------------------------------------
    def update(self, obs, viewer, new_events, can_act) -> None:
        self.seen_as = (viewer, can_act)  # for the keys and buttons that act on a selection
        self._phase = obs["phase"]  # what a click on a hand card means: swap at the deal, or play
        self._banner(new_events)
        self._take_plays(new_events, viewer)
        # the cards the others played since the viewer's last move are marked on the pile
        self.fresh = {card_name(c) for e in self.just_happened(viewer) if isinstance(e, Played)
                      and e.seat != viewer for c in e.cards}
        self._pile(obs)
        self._draw_last_plays(viewer)
        self._others(obs, viewer)
        me_acting = can_act and obs["current_player"] == viewer
        self._choice(obs, viewer, me_acting)
        # swap at the deal
        swapping = obs["phase"] == "swap" and viewer is not None
        show(self.swap_box, swapping, "flex")
        if swapping:
            hand = obs["hand"] or []
            ups = obs["face_up"][viewer]
            who = "You may" if me_acting else f"{self.seat_name(obs['current_player'])} may"
            set_if(self.swap_title, value=(
                f"<b>The deal:</b> {who} swap one hand card with one of your face-up cards, once: "
                "tap one face-up card here and one card of your hand, then swap."
                if me_acting else f"<b>The deal:</b> {esc(who)} swap one hand card with a face-up card."))
            # the cards are the controls: pick a hand card and a face-up card, then swap them
            if self.swap_hand not in hand:
                self.swap_hand = None
            if self.swap_up not in ups:
                self.swap_up = None
            items = [("Keep my cards as dealt", KeepCards(), *self._ok(KeepCards(), viewer, can_act))]
            if self.swap_hand is not None and self.swap_up is not None:
                a = Swap(self.swap_hand, self.swap_up)
                items.append((f"Swap {label(self.swap_hand)} \u2194 {label(self.swap_up)}", a,
                              *self._ok(a, viewer, can_act)))
            else:
                items.append(("Swap the picked cards", None, False,
                              "pick one card of your hand and one of your face-up cards first"))
            self.swap_buttons.set(items if me_acting else [], style="primary")
            self.ups.set([{"svg": lopti_card_svg(u, highlight=u == self.swap_up), "label": label(u),
                           "enabled": me_acting, "selected": u == self.swap_up, "key": u,
                           "reason": "" if me_acting else self.reason(KeepCards(), viewer, can_act) or ""}
                          for u in ups])
        else:
            self.swap_buttons.set([])
            self.ups.set([], note="")
            self.swap_hand = self.swap_up = None
            set_if(self.swap_title, value="")
        # my cards
        show(self.mine, viewer is not None, "flex")
        if viewer is None:
            self.hand.set([], note="")
            self.blind.set([], note="")
            self._hand = []
            self.selected = set()
            self.blind_pick = None
            set_if(self.face_up, value="")
            set_if(self.mine_title, value="")
            set_if(self.turn_line, value="")
            set_if(self.play_button, description="Play selected", disabled=True,
                   tooltip="Play selected: not possible now \u2014 nobody is at the device")
            return
        hand = list(obs["hand"] or [])
        if hand != self._hand:
            self._hand = hand
            self.selected = set()
        downs = list(obs["face_down"][viewer])
        if self.blind_pick not in downs:
            self.blind_pick = None
        n_hand = len(hand)
        set_if(self.mine_title, value=(f"<b>Your cards ({esc(self.seat_name(viewer))})</b> \u2014 "
                                       f"{n_hand} card{'s' if n_hand != 1 else ''} in hand"))
        playing = obs["phase"] == "play" and me_acting
        swap_turn = obs["phase"] == "swap" and me_acting
        items = []
        sel_rank = self._selected_rank()
        for i, name in enumerate(hand):
            r = rank_of(name)
            if swap_turn:  # at the deal a hand card is picked to swap
                items.append({"svg": lopti_card_svg(name, highlight=name == self.swap_hand), "label": label(name),
                              "selected": name == self.swap_hand, "enabled": True, "reason": "", "key": name})
                continue
            if playing:
                reason = self.reason(Play(r, 1), viewer, can_act)
                if reason is not None:
                    # a single card may be illegal but more of the rank legal (match with more)
                    have = sum(1 for h in hand if rank_of(h) == r)
                    for count in range(2, have + 1):
                        if self.reason(Play(r, count), viewer, can_act) is None:
                            reason = None
                            break
                enabled = reason is None
            else:
                enabled, reason = False, self.reason(Play(r, 1), viewer, can_act)
            items.append({"svg": lopti_card_svg(name, highlight=i in self.selected), "label": label(name),
                          "selected": i in self.selected and enabled, "enabled": enabled,
                          "reason": reason or "", "key": name})
        # play / take buttons
        note = None
        if sel_rank is not None and playing:
            count = len(self.selected)
            action = Play(sel_rank, count)
            reason = self.reason(action, viewer, can_act)
            words = f"Play {count} \u00d7 {sel_rank}"
            set_if(self.play_button, description=words, disabled=reason is not None,
                   button_style="primary" if reason is None else "",
                   tooltip=(words if reason is None else f"{words}: not possible now \u2014 {reason}"))
            # what the rules say about this selection, on screen by the hand
            note = "" if reason is None else f"{words}: {reason}."
        elif self.blind_pick is not None and playing:
            action = PlayBlind(self.blind_pick)
            reason = self.reason(action, viewer, can_act)
            words = f"Flip face-down card {self.blind_pick + 1}"
            set_if(self.play_button, description=words, disabled=reason is not None,
                   button_style="primary" if reason is None else "",
                   tooltip=(words if reason is None else f"{words}: not possible now \u2014 {reason}"))
        else:
            why = (self.reason(Play("4", 1), viewer, can_act) if not playing else
                   ("your hand is empty: pick a face-down card to flip, or take the pile" if not hand
                    else "pick one or more cards of one rank first"))
            set_if(self.play_button, description="Play selected", disabled=True, button_style="",
                   tooltip=f"Play selected: not possible now \u2014 {why}")
        self.hand.set(items, note=note)
        take_reason = self.reason(TakePile(), viewer, can_act)
        n_pile = len(obs["pile"])
        set_if(self.take_button, description=f"Take the pile ({n_pile} card{'s' if n_pile != 1 else ''})",
               disabled=take_reason is not None, button_style="warning" if take_reason is None else "",
               tooltip="Take every card of the pile into your hand; your turn ends"
               if take_reason is None else f"Take the pile: not possible now \u2014 {take_reason}")
        ups = obs["face_up"][viewer]
        # at the deal the face-up cards are shown once: as controls, by the swap
        set_if(self.face_up, value="" if swap_turn else (
            f'<div style="font-size:12px;{CSS_MUTED}">Your face-up cards (played once your hand is empty):</div>'
            + cards_row_html([lopti_card_svg(u) for u in ups], empty="none left")))
        blind_items = []
        for p in downs:
            reason = self.reason(PlayBlind(p), viewer, can_act)
            blind_items.append({"svg": card_back_svg(text=str(p + 1), label=f"your face-down card {p + 1}"),
                                "label": f"Face-down card {p + 1}", "enabled": reason is None,
                                "reason": reason or "", "selected": p == self.blind_pick, "key": p})
        self.blind.set(blind_items)
        show(self.tap, playing)  # only to the person whose play it is
        set_if(self.turn_line, value=self._turn_words(
            swap_turn, playing, [label_rank for label_rank, i in zip(hand, items) if i["enabled"]],
            any(b["enabled"] for b in blind_items), take_reason is None))

    def _turn_words(self, swap_turn, playing, playable, flippable, may_take) -> str:
        """What the person to act may do now, in a line or two (empty when it is not their turn)."""
        if swap_turn:
            text = "Your turn, at the deal: swap one hand card with one of your face-up cards, or keep your cards as dealt."
        elif playing:
            ranks_now = []
            for name in playable:
                if rank_of(name) not in ranks_now:
                    ranks_now.append(rank_of(name))
            ways = []
            if ranks_now:
                listed = ranks_now[0] if len(ranks_now) == 1 else ", ".join(ranks_now[:-1]) + " or " + ranks_now[-1]
                ways.append(f"play one or more cards of one rank (here: {listed})")
            if flippable:
                ways.append("flip one of your face-down cards")
            if may_take:
                ways.append("take the pile")
            if not ways:
                return ""
            text = "Your turn: " + (ways[0] if len(ways) == 1 else ", ".join(ways[:-1]) + " or " + ways[-1]) + "."
            if ranks_now:
                text += (" A tap on a card plays it (a single card, where one may go)." if self.tap.value
                         else " Tap cards to pick them, then play them.")
        else:
            return ""
        return (f'<div class="lnb-your-turn" style="font-size:13px;font-weight:bold;'
                f'color:var(--jp-ui-font-color1)">{esc(text)}</div>')

    def _choice(self, obs, viewer, me_acting) -> None:
        """A motion asks the player concerned to pick cards: the chooser gets a button per
        card; everyone else reads who is choosing (the options only when they are public)."""
        choice = obs.get("choice")
        show(self.choice_box, choice is not None, "flex")
        if choice is None:
            self.choice_buttons.set([])
            set_if(self.choice_title, value="")
            return
        from .state import Choose  # only session rounds ask

        mine = me_acting and choice["seat"] == viewer
        text = self.describe_text(choice["text"])
        head = f"<b>{esc(text)}</b>" + (" Pick below." if mine else "")
        set_if(self.choice_title, value=f'<div style="font-size:13px">{head}</div>')
        verb = {"give": "Give", "discard": "Put out"}.get(choice["what"], "Take back")
        items = [(f"{verb} {label(name)}", Choose(name), True, "") for name in (choice["options"] or [])] if mine else []
        self.choice_buttons.set(items, style="info")

    def _ok(self, action, viewer, can_act):
        reason = self.reason(action, viewer, can_act)
        return reason is None, reason or ""

    # -- selection -----------------------------------------------------------------------------
    def _selected_rank(self) -> str | None:
        if not self.selected:
            return None
        return rank_of(self._hand[min(self.selected)])

    def _toggle(self, index: int) -> None:
        """A card of the hand was clicked: pick it, or put it back if it was picked."""
        if index >= len(self._hand):
            return
        if self._phase == "swap":  # at the deal: the hand card to swap
            name = self._hand[index]
            self.swap_hand = None if self.swap_hand == name else name
            self.hand.note = ""
            self.table.refresh()
            return
        if index not in self.selected:
            rank = rank_of(self._hand[index])
            if self.tap.value and self.reason(Play(rank, 1), *self.seen_as) is None:
                self.selected, self.blind_pick = set(), None  # "Play on first tap": this card goes
                self.table.act(Play(rank, 1))
                return
            # one rank at a time: picking another rank starts a new selection
            self.selected = {i for i in self.selected if rank_of(self._hand[i]) == rank}
            self.selected.add(index)
        else:
            self.selected.discard(index)
        self.blind_pick = None
        self.hand.note = ""
        self.table.refresh()

    def _pick_up(self, index: int) -> None:
        """At the deal, a face-up card was clicked: the one to take into the hand."""
        card = self.ups.key(index)
        self.swap_up = None if self.swap_up == card else card
        self.ups.note = ""
        self.table.refresh()

    def _swap_or_keep(self, action) -> None:
        self.swap_hand = self.swap_up = None
        self.table.act(action)

    def _swap_picked(self) -> None:
        """Enter on the face-up cards at the deal: swap the two cards picked."""
        if self.swap_hand is None or self.swap_up is None:
            self.ups.note = "Pick one card of your hand and one of your face-up cards first."
            return
        self._swap_or_keep(Swap(self.swap_hand, self.swap_up))

    def _pick_blind(self, index: int) -> None:
        """A face-down card was clicked: pick it to flip (one at a time), or put it back."""
        place = self.blind.key(index)
        if self.tap.value and self.blind_pick != place and self.reason(PlayBlind(place), *self.seen_as) is None:
            self.selected, self.blind_pick = set(), None  # "Play on first tap": flip it now
            self.table.act(PlayBlind(place))
            return
        self.blind_pick = None if self.blind_pick == place else place
        self.selected = set()
        self.blind.note = ""
        self.table.refresh()

    def select(self, rank: str, count: int) -> None:
        """Select ``count`` cards of ``rank`` by clicking their toggles (for tests and keyboard)."""
        for t in list(self.hand.toggles):
            if t.value and rank_of(t._lnb_key) != rank:
                t.value = False
        picked = 0
        for t in self.hand.toggles:
            if rank_of(t._lnb_key) == rank:
                if picked < count:
                    if not t.value:
                        t.value = True
                    picked += 1
                elif t.value:
                    t.value = False

    def _play_selected(self) -> None:
        """The play button, or Enter on the cards: play what is picked. A pick the rules
        refuse stays picked, and the reason shows under the hand."""
        if self._phase == "swap":
            self._swap_picked()
            return
        if self.blind_pick is not None and not self.selected:
            action, words, hand = PlayBlind(self.blind_pick), f"Flip face-down card {self.blind_pick + 1}", self.blind
        else:
            rank = self._selected_rank()
            if rank is None:
                self.hand.note = "Pick one or more cards of one rank first."
                return
            action, words, hand = Play(rank, len(self.selected)), f"Play {len(self.selected)} \u00d7 {rank}", self.hand
        reason = self.reason(action, *self.seen_as)
        if reason is not None:
            hand.note = f"{words}: {reason}."
            return
        self.selected, self.blind_pick = set(), None
        self.table.act(action)

    # -- public table ---------------------------------------------------------------------------
    def _take_plays(self, new_events, viewer) -> None:
        """Keep the viewer's last move and every play and pile taken since: they stay drawn
        until the viewer moves again (or the next round is dealt), even when the pile they
        went on has been cleared or taken."""
        for e in new_events:
            if isinstance(e, (Played, PickedUp, BlindMiss)):
                if viewer is not None and e.seat == viewer:
                    self.recent = []
                self.recent.append(e)
            elif isinstance(e, Cleared) and self.recent:
                self.recent.append(e)
        del self.recent[:-8]

    def _draw_last_plays(self, viewer) -> None:
        shown = []  # [cards, words] per play or pile taken
        # while the device is passed nothing is drawn (a pile taken went into a hand)
        recent = self.recent if viewer is not None else []
        # cards taken up with the pile are in a hand now: those plays are told, not drawn
        taken = max((i for i, e in enumerate(recent) if isinstance(e, PickedUp)), default=-1)
        for i, e in enumerate(recent):
            who = self.seat_name(e.seat)
            if isinstance(e, (Played, BlindMiss)):
                names = [card_name(c) for c in (e.cards if isinstance(e, Played) else (e.card,))]
                what = ranks(rank_of(names[0]), len(names))
                if isinstance(e, BlindMiss):
                    what = f"flipped {what} that could not go"
                elif e.source == "blind":
                    what = f"flipped {what}"
                if i < taken:
                    svgs = [card_slot_svg(scale=0.6, text="taken") for _ in names]
                    what += ", since taken with the pile"
                else:
                    svgs = [lopti_card_svg(n, scale=0.6) for n in names]
                shown.append([svgs, f"{who}: {what}"])
            elif isinstance(e, PickedUp):
                shown.append([[card_back_svg(scale=0.6, label="the pile taken")],
                              f"{who} took the pile ({e.count} card{'s' if e.count != 1 else ''})"])
            elif shown:  # Cleared: said under the play that cleared
                shown[-1][1] += " \u2014 clears the pile"
        if not shown:
            set_if(self.last_plays, value="")
            return
        groups = "".join(f'<div>{cards_row_html(svgs, gap=2)}<div style="font-size:11px">{esc(words)}</div></div>'
                         for svgs, words in shown)
        set_if(self.last_plays, value=panel_html(
            "Last plays", f'<div class="lnb-last-plays" style="display:flex;flex-wrap:wrap;gap:10px">{groups}</div>'))

    def card_rules(self, obs) -> CardRules:
        """The card rules this round is played by: the session's law when it has one (a Rule
        Vote may have changed them), else the table's own state's, else base Lopti."""
        law = (obs.get("session") or {}).get("law")
        if law:
            return card_rules(law)
        state = getattr(self.table, "state", None)
        rules = getattr(state, "card_rules", None)
        return rules if isinstance(rules, CardRules) else BASE_RULES

    def _pile(self, obs) -> None:
        pile = obs["pile"]
        top, count = obs["top"], obs["top_count"]
        shown = pile[-8:]
        fresh = getattr(self, "fresh", set())
        svgs = [lopti_card_svg(c, highlight=(i >= len(shown) - count) and top is not None)
                for i, c in enumerate(shown)]
        captions = ["new" if c in fresh else "" for c in shown]
        if not svgs:
            svgs = [card_slot_svg(text="empty")]
        notes = []
        cur = obs["current_player"]  # None once the round is over
        if obs["duty"] and cur is not None:
            notes.append(f'<div style="color:var(--jp-ui-font-color0);font-weight:bold;'
                         f'border-left:4px solid var(--jp-error-color1);padding-left:6px">\u26a0 3 DUTY: '
                         f'{esc(self.seat_name(obs["current_player"]))} must play one or more 3s or take the pile.</div>')
        if obs["seven"] and not obs["duty"] and cur is not None:  # a rule for the next play only
            # the warning colour marks the line's edge: as text it is too faint on a light page
            # (and the error red of the 3 duty on a dark one)
            # the rules' own words for the table's card rules (a Rule Vote may let a 10 follow)
            notes.append('<div style="color:var(--jp-ui-font-color0);font-weight:bold;'
                         'border-left:4px solid var(--jp-warn-color1);padding-left:6px">\u2193 7 DIRECTIVE: '
                         f'{esc(seven_asks(self.card_rules(obs)))}</div>')
        if obs["chain"]:
            notes.append(f"<div>3s in the current chain: {obs['chain']} of 4 (the fourth clears).</div>")
        if obs["bonus"] and cur is not None:
            notes.append(f'<div style="color:var(--jp-ui-font-color0);font-weight:bold">\u2605 BONUS PLAY: '
                         f'{esc(self.seat_name(obs["current_player"]))} leads again onto the empty table.</div>')
        if top is None:
            top_words = "The table is empty: any rank may lead."
        else:
            on_top = capital(ranks(top, count)) + " on top"
            if obs["run"] > count:
                on_top += f"; {ranks(top, obs['run'])} in a row"
            top_words = f"{esc(on_top)} \u00b7 {len(pile)} card{'s' if len(pile) != 1 else ''} in the pile"
        more = f" (+{len(pile) - len(shown)} below)" if len(pile) > len(shown) else ""
        draw = cards_row_html([card_back_svg(label="draw pile")] if obs["draw_pile"] else [card_slot_svg(text="none")])
        pile_body = (cards_row_html(svgs, captions if any(captions) else None)
                     + f'<div style="font-size:12px">{top_words}</div>'
                     + "".join(notes))
        draw_body = draw + f'<div style="font-size:12px">{obs["draw_pile"]} cards</div>'
        set_if(self.pile, value=(
            '<div style="display:flex;gap:18px;align-items:flex-start;flex-wrap:wrap">'
            f'<div>{panel_html("Pile" + more, pile_body, accent=True)}</div>'
            f'<div>{panel_html("Draw pile", draw_body)}</div>'
            "</div>"))

    def _others(self, obs, viewer) -> None:
        parts = []
        for seat in range(obs["players"]):
            if seat == viewer:
                continue
            ups = [lopti_card_svg(c, scale=0.7) for c in obs["face_up"][seat]]
            downs = [card_back_svg(scale=0.7, label=f"{self.seat_name(seat)} face-down card {p + 1}")
                     for p in obs["face_down"][seat]]
            hand_n = obs["hand_sizes"][seat]
            status = ""
            if seat in obs["out"]:
                status = f" \u2014 out, place {obs['out'].index(seat) + 1}"
            body = (f'<div style="font-size:11px">hand: {hand_n} card{"s" if hand_n != 1 else ""} (hidden)</div>'
                    f'<div style="font-size:11px">face up / face down:</div>'
                    + cards_row_html(ups + downs, empty="no table cards"))
            parts.append(f"<div>{panel_html(self.seat_name(seat) + status, body, seat == obs['current_player'])}</div>")
        set_if(self.others, value='<div style="display:flex;gap:8px;flex-wrap:wrap">' + "".join(parts) + "</div>")

    def _banner(self, new_events) -> None:
        notes = []
        for e in new_events:
            if isinstance(e, (Cleared, BonusPlay, BlindMiss, TookFaceUp, WentOut, DutyPassed)) or (
                    isinstance(e, Played) and (e.source == "blind" or e.bonus)):
                notes.append(self.describe_event(e))
        if not new_events:
            return
        if notes:
            items = "".join(f"<li>{esc(n)}</li>" for n in notes[-5:])
            set_if(self.banner, value=(
                '<div role="status" style="border-left:4px solid var(--jp-warn-color1);padding:2px 8px;'
                'background:var(--jp-layout-color2);color:var(--jp-ui-font-color1);font-size:13px">'
                f'<ul style="margin:0;padding-left:16px">{items}</ul></div>'))
        else:
            set_if(self.banner, value="")
