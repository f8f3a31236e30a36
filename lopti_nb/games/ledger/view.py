"""The Drowned Ledger table: sea track, market, yards and offices, sealed hand, the dive."""
from __future__ import annotations

import ipywidgets as W

from lopti_nb.text import html
from lopti_nb.widgets.base import CSS_MUTED, esc, panel_html, set_if, show
from lopti_nb.widgets.hand import CardHand
from lopti_nb.widgets.svg import card_back_svg, cards_row_html
from lopti_nb.widgets.table import GameView

from .actions import DIVE, FLIP, SURFACE, Open, Sell
from .cards import RECKONING_BY_NAME, SUITS, Card
from .events import Flipped, ReckoningDrawn, Surfaced
from .offices import OFFICE_INDEX, OFFICES
from .pictures import ledger_card_svg, ledger_suit_svg
from .state import CLEAN_LEDGER_BONUS, SET_SIZE, LedgerState


def card_words(c) -> str:
    return str(Card.parse(c))


class LedgerView(GameView):
    picked_play_buttons = ("Open ", "Sell ")  # "Open 2 selected", "Sell 7 Gears for 5"
    seldom_buttons = ("Surface",)

    def __init__(self, table):
        super().__init__(table)
        self.sea = W.HTML()
        self.market = W.HTML()
        self.dive = W.HTML()
        self.reckoning = W.HTML()
        self.yards = W.HTML()
        self.hand_title = W.HTML()
        # the cards are the controls: click them to pick them, then open or sell (Enter opens)
        self.hand = CardHand(on_pick=self._toggle, on_play=self._open, title="Your sealed hand")
        def b(text, style):
            button = W.Button(description=text, button_style=style, layout=W.Layout(width="auto"))
            button._lnb_style = style
            return button

        self.dive_button = b("Dive", "primary")
        self.dive_button.on_click(lambda _: table.act(DIVE))
        self.flip_button = b("Flip again", "warning")
        self.flip_button.on_click(lambda _: table.act(FLIP))
        self.surface_button = b("Surface", "success")
        self.surface_button.on_click(lambda _: table.act(SURFACE))
        self.open_button = b("Open selected", "info")
        self.open_button.on_click(lambda _: self._open())
        self.sell_button = b("Sell selected", "info")
        self.sell_button.on_click(lambda _: self._sell())
        self.buttons = W.HBox([self.dive_button, self.flip_button, self.surface_button,
                               self.open_button, self.sell_button],
                              layout=W.Layout(flex_flow="row wrap"))
        self.turn_line = W.HTML()  # what a turn is, by the Dive button, when it is the viewer's
        self.mine = W.VBox([self.hand_title, self.hand, self.turn_line, self.buttons],
                           layout=W.Layout(border="1px solid var(--jp-border-color1)", padding="6px"))
        self.widget = W.VBox([
            W.HBox([self.sea, self.market], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.dive, self.reckoning], layout=W.Layout(flex_flow="row wrap")),
            self.mine, self.yards], layout=W.Layout())
        self.reset()

    def open_hand_html(self, obs, seat) -> str:
        return cards_row_html([ledger_card_svg(c) for c in obs.get("hand") or ()], empty="no sealed cards")

    def reset(self) -> None:
        self.selected: set[int] = set()
        self._hand: list = []
        self.flips: list[tuple[Card, str]] = []  # the current (or last) dive, flip by flip
        self.dive_seat: int | None = None
        self.dive_done = True
        self.dive_end = ""
        self.last_reckoning: ReckoningDrawn | None = None

    def settings_words(self, state) -> str:
        s = state.settings
        return (f"mode: {s['mode']} \u00b7 hold limit {s['hold_limit']} \u00b7 sea starts {s['sea_start']}, "
                f"claims at {s['sea_claim']}" + (" \u00b7 table watch" if s.get("table_watch") else ""))

    # -- public events ------------------------------------------------------------------------
    def _take_events(self, events) -> None:
        for e in events:
            if isinstance(e, Flipped):
                if self.dive_done or self.dive_seat != e.seat:
                    self.flips, self.dive_seat, self.dive_done, self.dive_end = [], e.seat, False, ""
                self.flips.append((e.card, e.result))
            elif isinstance(e, Surfaced):
                self.dive_done = True
                self.dive_end = (f"{self.seat_name(e.seat)} surfaced with {e.count} card{'s' if e.count != 1 else ''}"
                                 + (" (hold full)" if e.automatic else ""))
            elif isinstance(e, ReckoningDrawn):
                self.last_reckoning = e
                rule = RECKONING_BY_NAME.get(e.name)
                if not (rule and rule.keep_diving):
                    self.dive_done = True
                    self.dive_end = f"{self.seat_name(e.seat)} was caught: {e.name}"

    # -- shell hooks ----------------------------------------------------------------------------
    def seat_line(self, obs, seat) -> str:
        office = obs["offices"][seat] if obs["offices"] else None
        return (f"{obs['coins'][seat]} coins \u00b7 {len(obs['yards'][seat])} open \u00b7 "
                f"{obs['hand_sizes'][seat]} sealed" + (f"<br>{esc(office)}" if office else ""))

    def scores_html(self, obs, result) -> str:
        """The final count as the rules make it (rules reference §2.5), line by line from the
        engine's own count (``score_breakdown``, kept in the result): coins, open machines'
        values, suit sets (the suits named), the clean ledger, sealed cards, the total, the
        open machines that break a tie, and the places."""
        if result is None:
            return ""
        parts = result.details.get("breakdown") or []
        n = obs["players"]
        yards = obs.get("yards") or [()] * n
        most = max((p.get("open_machines", 0) for p in parts), default=0)
        head = "".join(html("<th>{}</th>", self.seat_name(s)) for s in range(n))

        def sets_cell(seat, part):
            suits = LedgerState.set_suits(yards[seat]) if part.get("sets") else ()
            return f"{part.get('sets', 0)}" + (f" ({esc(', '.join(suits))})" if suits else "")

        lines = (
            ("Coins (1 point each)", lambda s, p: str(p.get("coins", 0))),
            ("Open machines (printed values)", lambda s, p: str(p.get("machines", 0))),
            (f"Suit sets ({SET_SIZE}+ open machines of a suit)", sets_cell),
            (f"Clean ledger (+{CLEAN_LEDGER_BONUS} for the most open machines"
             + (f": {most})" if most else ": nobody has one)"), lambda s, p: str(p.get("clean_ledger", 0))),
            ("Sealed cards in hand", lambda s, p: str(p.get("sealed", 0))),
            ("Total", lambda s, p: str(p.get("total", 0))),
            ("Open machines (break a tie)", lambda s, p: str(p.get("open_machines", 0))),
        )
        rows = []
        for label, cell in lines:
            bold = " style='font-weight:bold'" if label == "Total" else ""
            rows.append(f"<tr{bold}><th scope='row' style='text-align:left;font-weight:inherit'>{esc(label)}</th>"
                        + "".join(f"<td>{cell(s, p)}</td>" for s, p in enumerate(parts)) + "</tr>")
        rows.append("<tr><th scope='row' style='text-align:left'>Place</th>"
                    + "".join(f"<td>{p}</td>" for p in result.places) + "</tr>")
        title = "The Sea Claims \u2014 final scores" + (" (stopped by the round cap)" if result.stalemate else "")
        return panel_html(title, f'<div style="overflow-x:auto"><table style="font-size:12px"><tr><td></td>'
                                 f'{head}</tr>{"".join(rows)}</table></div>', accent=True)

    # -- the update -----------------------------------------------------------------------------
    def update(self, obs, viewer, new_events, can_act) -> None:
        self.seen_as = (viewer, can_act)  # for the keys and buttons that act on a selection
        self._take_events(new_events)
        self._sea(obs)
        self._market(obs)
        self._dive(obs)
        self._reckoning(obs)
        self._yards(obs, viewer)
        self._mine(obs, viewer, can_act)

    def _sea(self, obs) -> None:
        sea, claim = obs["sea"], obs["sea_claim"]
        cells = []
        for level in range(1, claim + 1):
            here = level == sea
            bg = ("var(--jp-brand-color1)" if here else
                  "var(--jp-layout-color3)" if level < sea else "var(--jp-layout-color1)")
            fg = "var(--jp-ui-inverse-font-color0, #fff)" if here else "var(--jp-ui-font-color1)"
            mark = "\u2248" if level <= sea else ""
            label = f'{level}<br><span style="font-size:8px">CLAIM</span>' if level == claim else str(level)
            cells.append(f'<div title="sea level {level}" style="width:30px;text-align:center;border:1px solid '
                         f'var(--jp-border-color1);background:{bg};color:{fg};font-size:11px;padding:2px 0">'
                         f'{mark or "&nbsp;"}<br>{label}</div>')
        trig = {0: "no sea trigger yet this round", 1: "a sea trigger this round: the sea rises 1 at round end",
                2: "a double trigger this round: the sea rises 2 at round end"}.get(obs["sea_trigger"], "")
        body = (f'<div style="display:flex;gap:1px">{"".join(cells)}</div>'
                f'<div style="font-size:12px">Sea at <b>{sea}</b>: hazards numbered {sea} or lower are live. '
                f'Round {obs["round"]} \u00b7 {esc(trig)}.</div>')
        set_if(self.sea, value=panel_html("The sea", body, accent=True))

    def _market(self, obs) -> None:
        svgs = [ledger_suit_svg(s, p, scale=0.8) for s, p in zip(SUITS, obs["market"])]
        caps = [f"{s}: {p}" for s, p in zip(SUITS, obs["market"])]
        body = cards_row_html(svgs, caps) + f'<div style="font-size:11px;{CSS_MUTED}">price in coins; falls 1 per sale, floor 3</div>'
        set_if(self.market, value=panel_html("Market prices", body))

    def _dive(self, obs) -> None:
        diver = obs["diver"]
        if self.flips:
            svgs = [ledger_card_svg(c, live=(None if r == "machine" else r == "live")) for c, r in self.flips]
            caps = [f"flip {i + 1}" for i in range(len(self.flips))]
            body = cards_row_html(svgs, caps)
        else:
            body = cards_row_html([], empty="no dive yet")
        if diver is not None:
            head = f"{self.seat_name(diver)} is diving \u2014 flip {obs['flips']}, haul {len(obs['haul'])} of {obs['hold_limit']}"
            haul = " ".join(card_words(c) for c in obs["haul"])
            body += f'<div style="font-size:12px">Haul in the water: {esc(haul) or "empty"}</div>'
        elif self.dive_seat is not None:
            head = f"Last dive ({self.seat_name(self.dive_seat)})"
            body += f'<div style="font-size:12px">{esc(self.dive_end)}.</div>' if self.dive_end else ""
        else:
            head = "The dive"
        body += (f'<div style="font-size:11px;{CSS_MUTED}">Wreck deck {obs["wreck_size"]} cards \u00b7 '
                 f'discard {len(obs["discard"])}</div>')
        set_if(self.dive, value=panel_html(esc(head), body, accent=diver is not None))

    def _reckoning(self, obs) -> None:
        r = self.last_reckoning
        if r is None:
            body = (cards_row_html([card_back_svg(label="Reckoning deck")])
                    + f'<div style="font-size:12px">{obs["reckoning_left"]} Reckoning cards left; none turned yet.</div>')
        else:
            rule = RECKONING_BY_NAME.get(r.name)
            body = (f'<div style="font-size:14px;font-weight:bold">{esc(r.name)}</div>'
                    f'<div style="font-size:12px">{esc(rule.text if rule else "")}</div>'
                    f'<div style="font-size:12px">{esc(self.words(r.describe()))}</div>'
                    f'<div style="font-size:11px;{CSS_MUTED}">{obs["reckoning_left"]} left in the deck \u00b7 turned since the '
                    f'shuffle: {esc(", ".join(obs["reckoning_turned"]) or "none")}</div>')
        set_if(self.reckoning, value=panel_html("The Reckoning", body))

    def _yards(self, obs, viewer) -> None:
        parts = []
        for s in range(obs["players"]):
            yard = obs["yards"][s]
            by_suit: dict[str, int] = {}
            for c in yard:
                name = Card.parse(c).suit_name
                by_suit[name] = by_suit.get(name, 0) + 1
            sets = ", ".join(f"{k} \u00d7{v}" for k, v in by_suit.items()) or "nothing open"
            office_html = ""
            if obs["offices"] and obs["offices"][s] is not None:
                name = obs["offices"][s]
                office = OFFICES[OFFICE_INDEX[name]]
                active = obs["privilege_active"][s]
                office_html = (f'<div style="font-size:11px"><b>{esc(name)}</b> \u2014 duty: {esc(office.duty)}'
                               f'<br>privilege{"" if active else " (suspended)"}: {esc(office.privilege)}</div>')
            sealed = cards_row_html([card_back_svg(scale=0.4, label=f"{self.seat_name(s)}'s sealed card")] * obs["hand_sizes"][s],
                                    gap=1) if obs["hand_sizes"][s] and s != viewer else ""
            body = (f'<div style="font-size:12px">{obs["coins"][s]} coins \u00b7 {obs["hand_sizes"][s]} sealed'
                    f' \u00b7 {esc(sets)}</div>'
                    + cards_row_html([ledger_card_svg(c, scale=0.6) for c in sorted(yard)], empty="empty yard", gap=2)
                    + sealed + office_html)
            title = f"{self.seat_name(s)}'s yard" + (" (you)" if s == viewer else "")
            parts.append(f'<div style="max-width:330px">{panel_html(esc(title), body, s == obs["to_act"])}</div>')
        set_if(self.yards, value='<div style="display:flex;gap:8px;flex-wrap:wrap">' + "".join(parts) + "</div>")

    def _mine(self, obs, viewer, can_act) -> None:
        show(self.mine, viewer is not None, "flex")
        if viewer is None:
            self.hand.set([], note="")
            self._hand = []
            self.selected = set()
            set_if(self.hand_title, value="")
            set_if(self.turn_line, value="")
            for b, label in ((self.open_button, "Open selected"), (self.sell_button, "Sell selected")):
                self._disable(b, label, "nobody is at the device", False)
            return
        hand = list(obs["hand"] or ())
        if hand != self._hand:
            self._hand = hand
            self.selected = set()
        diving = obs["phase"] == "dive" and obs["diver"] == viewer
        turn = obs["phase"] == "turn" and can_act
        set_if(self.hand_title, value=(
            f"<b>Your sealed hand ({esc(self.seat_name(viewer))})</b> \u2014 {len(hand)} card{'s' if len(hand) != 1 else ''}"
            f'<span style="{CSS_MUTED};font-size:12px"> \u00b7 tap cards to open (any number) or one to sell</span>'))
        items = []
        for i, c in enumerate(hand):
            if turn:
                reason = self.reason(Open((c,)), viewer, can_act)
                sell_reason = self.reason(Sell(c), viewer, can_act)
                enabled = reason is None or sell_reason is None
                why = reason or ""
            else:
                enabled, why = False, ("finish the dive first" if diving else
                                       self.reason(Open((c,)), viewer, can_act) or "")
            items.append({"svg": ledger_card_svg(c, highlight=i in self.selected),
                          "label": card_words(c), "selected": i in self.selected and enabled,
                          "enabled": enabled, "reason": why, "key": int(c)})
        chosen = tuple(hand[i] for i in sorted(self.selected))
        note = None
        if chosen and turn:  # what the rules say about this pick, on screen by the hand
            why_open = self.reason(Open(chosen), viewer, can_act)
            why_sell = self.reason(Sell(chosen[0]), viewer, can_act) if len(chosen) == 1 else None
            note = "" if why_open is None or (len(chosen) == 1 and why_sell is None) else (
                f"Open {len(chosen)} selected: {why_open}.")
        self.hand.set(items, note=note)
        set_if(self.turn_line, value=self._turn_words(obs, turn, diving and can_act, bool(hand)))
        self._button(self.dive_button, DIVE, viewer, can_act, show_it=not diving)
        self._button(self.flip_button, FLIP, viewer, can_act, show_it=diving)
        self._button(self.surface_button, SURFACE, viewer, can_act, show_it=diving)
        if chosen:
            self._button(self.open_button, Open(chosen), viewer, can_act, show_it=not diving,
                         label=f"Open {len(chosen)} selected")
        else:
            self._disable(self.open_button, "Open selected", "select one or more sealed cards first"
                          if turn else (self.reason(DIVE, viewer, can_act) or "finish the dive first"), not diving)
        if len(chosen) == 1:
            price = obs["market"][Card.parse(chosen[0]).suit]
            self._button(self.sell_button, Sell(chosen[0]), viewer, can_act, show_it=not diving,
                         label=f"Sell {card_words(chosen[0])} for {price}")
        else:
            self._disable(self.sell_button, "Sell selected", "select exactly one sealed card to sell"
                          if turn else (self.reason(DIVE, viewer, can_act) or "finish the dive first"), not diving)

    @staticmethod
    def _turn_words(obs, turn: bool, diving: bool, holding: bool) -> str:
        """What a turn is, or what the dive asks now, in a line or two (empty when it is not
        the viewer's to decide)."""
        sea = obs["sea"]
        if diving:
            text = (f"You are diving: flip again (a hazard numbered {sea} or lower catches you and the "
                    f"Reckoning takes from your haul) or surface and seal the haul in your hand.")
        elif turn and holding:
            text = ("Your turn \u2014 do one thing: Dive (turn wreck cards until you surface or are caught), "
                    "open sealed cards into your yard, or sell one sealed card.")
        elif turn:
            text = ("Your turn \u2014 your hand is empty, so you dive: turn wreck cards one at a time until "
                    "you surface or are caught.")
        else:
            return ""
        return (f'<div class="lnb-your-turn" style="font-size:13px;font-weight:bold;'
                f'color:var(--jp-ui-font-color1)">{esc(text)}</div>')

    def _button(self, button, action, viewer, can_act, show_it=True, label=None) -> None:
        label = label or str(action)
        button._lnb_action = action
        reason = self.reason(action, viewer, can_act)
        set_if(button, description=label, disabled=reason is not None,
               button_style=button._lnb_style if reason is None else "",
               tooltip=label if reason is None else f"{label}: not possible now \u2014 {reason}")
        show(button, show_it)

    def _disable(self, button, label, reason, show_it) -> None:
        button._lnb_action = None
        set_if(button, description=label, disabled=True, button_style="",
               tooltip=f"{label}: not possible now \u2014 {reason}")
        show(button, show_it)

    # -- selection ------------------------------------------------------------------------------
    def _toggle(self, index: int) -> None:
        """A sealed card was clicked: pick it, or put it back if it was picked."""
        if index >= len(self._hand):
            return
        if index not in self.selected:
            self.selected.add(index)
        else:
            self.selected.discard(index)
        self.hand.note = ""
        self.table.refresh()

    def select(self, cards) -> None:
        """Select exactly ``cards`` (faces or codes) by setting the toggles (tests, keyboard)."""
        want = [int(Card.parse(c)) for c in cards]
        for t in self.hand.toggles:
            k = t._lnb_key
            on = k in want
            if on:
                want.remove(k)
            if t.value != on:
                t.value = on

    def _open(self) -> None:
        """The open button, or Enter on the cards: open what is picked; a refused pick stays
        picked and the rules' reason shows under the hand."""
        chosen = tuple(self._hand[i] for i in sorted(self.selected))
        if not chosen:
            self.hand.note = "Pick one or more sealed cards first."
            return
        reason = self.reason(Open(chosen), *self.seen_as)
        if reason is not None:
            self.hand.note = f"Open {len(chosen)} selected: {reason}."
            return
        self.selected = set()
        self.table.act(Open(chosen))

    def _sell(self) -> None:
        if len(self.selected) == 1:
            card = self._hand[next(iter(self.selected))]
            self.selected = set()
            self.table.act(Sell(card))
