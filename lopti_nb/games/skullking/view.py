"""The Skull King table: secret bids, the trick as it forms, the Tigress choice, round scores."""
from __future__ import annotations

import ipywidgets as W

from lopti_nb.text import html
from lopti_nb.widgets.base import CSS_MUTED, ButtonPool, esc, panel_html, set_if, show
from lopti_nb.widgets.hand import CardHand, tap_toggle
from lopti_nb.widgets.svg import card_slot_svg, cards_row_html
from lopti_nb.widgets.table import GameView

from .cards import card_name
from .pictures import skullking_card_svg
from .rules import score_parts
from .state import Bid, CardPlayed, Play, RoundDealt, RoundScored, TrickDestroyed, TrickWon

SUIT_WORDS = {"Y": "yellow", "P": "purple", "G": "green", "B": "black (Jolly Roger)"}
SYSTEM_WORDS = {
    "classic": "Classic: exact bid scores 20 per trick, a miss costs 10 per trick off; "
               "a zero bid wins or loses 10 per card dealt.",
    "rascal": "Rascal's: each round is worth 10 per card dealt; exact takes all, one off takes "
              "half, further off nothing.",
    "cannonball": "Cannonball: 15 per card dealt on an exact bid, else nothing.",
}
SHORT_NAMES = {"pirate": "Pirate", "tigress": "Tigress", "skull-king": "Skull King", "mermaid": "Mermaid",
               "escape": "Escape", "loot": "Loot", "kraken": "Kraken", "white-whale": "White Whale"}


def card_words(card: str) -> str:
    if card in SHORT_NAMES:
        return SHORT_NAMES[card]
    if card.startswith("tigress:"):
        return f"Tigress ({card.split(':')[1]})"
    return card_name(card)  # "black 11", as people say it, not the code "B11"


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def hand_size(obs, seat: int) -> int:
    """Cards in ``seat``'s hand, from public facts (cards dealt, tricks played, this trick)."""
    sizes = obs.get("hand_sizes")
    if sizes is not None:
        return sizes[seat]
    if obs["phase"] == "over":
        return 0
    n = obs["players"]
    played_now = (seat - obs["leader"]) % n < len(obs["trick"])
    return obs["cards_dealt"] - obs["tricks_played"] - (1 if played_now else 0)


class SkullKingView(GameView):
    picked_play_buttons = ("Play ",)  # "Play Y7", "Play Tigress as pirate" once a card is picked

    def __init__(self, table):
        super().__init__(table)
        self.info = W.HTML()
        self.bids = W.HTML()
        self.trick = W.HTML()
        self.bid_title = W.HTML()
        self.bid_buttons = ButtonPool(table.act, width="auto")
        self.bid_box = W.VBox([self.bid_title, self.bid_buttons])
        self.hand_title = W.HTML()
        # the cards are the controls: click one to pick it, then play it (or press Enter)
        self.hand = CardHand(on_pick=self._pick, on_play=self._play_picked, title="Your hand")
        self.play_buttons = ButtonPool(self._play, width="auto")
        # beside the pick-then-play default: a tap on a card plays it at once
        self.tap = tap_toggle(lambda: self.table.refresh())
        self.turn_line = W.HTML()  # what the person to act may do now, in a line or two
        self.round_scores = W.HTML()
        self.mine = W.VBox([self.hand_title, self.turn_line, self.bid_box, self.hand,
                            W.HBox([self.play_buttons, self.tap], layout=W.Layout(flex_flow="row wrap"))],
                           layout=W.Layout(border="1px solid var(--jp-border-color1)", padding="6px"))
        self.widget = W.VBox([self.info, W.HBox([self.trick, self.bids], layout=W.Layout(flex_flow="row wrap")),
                              self.mine, self.round_scores], layout=W.Layout())
        self.reset()

    def open_hand_html(self, obs, seat) -> str:
        bid = obs.get("my_bid")
        words = f'<div style="font-size:12px">bid {bid}</div>' if bid is not None else ""
        return words + cards_row_html([skullking_card_svg(c) for c in obs.get("hand") or ()], empty="no cards left")

    def reset(self) -> None:
        self.picked: int | None = None  # the place in the hand of the card picked to play
        self._hand: tuple = ()  # the hand the pick belongs to (two Pirates are two places)
        self.last_trick = None  # the last finished trick event (kept when the next round is dealt)
        self.round_rows: list[dict] = []  # per seat components of the last scored round
        self.round_no = 0
        self.cards_dealt = 0
        self._bonus: dict[int, int] = {}
        self._allies: list[tuple[int, int]] = []
        self.totals_parts: dict[int, dict[str, float]] = {}
        self.history: list[tuple[int, tuple]] = []  # (round, points per seat)

    def settings_words(self, state) -> str:
        s = state.settings
        deck = 74 if s.get("legendary", True) else 70
        return (f"scoring: {s.get('scoring')} \u00b7 bonuses: {s.get('edition')} edition \u00b7 "
                f"Legendary cards {'in' if s.get('legendary', True) else 'out'} ({deck} cards)")

    # -- public events --------------------------------------------------------------------------
    def _take_events(self, events, obs) -> None:
        system = obs["settings"]["scoring"]
        for e in events:
            if isinstance(e, RoundDealt):
                self.round_no, self.cards_dealt = e.round, e.cards_each
                self._bonus, self._allies = {}, []
            elif isinstance(e, TrickWon):
                self.last_trick = e
                self._bonus[e.seat] = self._bonus.get(e.seat, 0) + e.bonus
                self._allies.extend((a, e.seat) for a in e.loot_allies)
            elif isinstance(e, TrickDestroyed):
                self.last_trick = e
            elif isinstance(e, RoundScored):
                n = len(e.bids)
                exact = [b == w for b, w in zip(e.bids, e.won)]
                alliances = [0] * n
                for a, w in self._allies:
                    if exact[a] and exact[w]:
                        alliances[a] += 1
                        alliances[w] += 1
                rows = []
                for s in range(n):
                    base, bonus, loot = score_parts(system, self.cards_dealt, e.bids[s], e.won[s],
                                                    self._bonus.get(s, 0), alliances[s])
                    rows.append({"bid": e.bids[s], "won": e.won[s], "base": base, "bonus": bonus,
                                 "loot": loot, "points": e.points[s], "total": e.totals[s]})
                    parts = self.totals_parts.setdefault(s, {"base": 0, "bonus": 0, "loot": 0})
                    parts["base"] += base
                    parts["bonus"] += bonus
                    parts["loot"] += loot
                self.round_rows = rows
                self.history.append((e.round, e.points))

    # -- shell hooks ----------------------------------------------------------------------------
    def seat_line(self, obs, seat) -> str:
        bid = obs["bids"][seat]
        if bid is None:
            bid_words = "bid: " + ("made (secret)" if obs["has_bid"][seat] else "\u2026")
        else:
            bid_words = f"bid {bid}"
        dealer = " \u00b7 dealer" if seat == obs["dealer"] else ""
        return (f"{bid_words} \u00b7 won {obs['tricks_won'][seat]} \u00b7 {_cards(hand_size(obs, seat))}"
                f"{dealer}<br>score <b>{obs['scores'][seat]:g}</b>")

    def scores_html(self, obs, result) -> str:
        n = obs["players"]
        name = self.seat_name
        head = "".join(f"<th>{esc(name(s))}</th>" for s in range(n))
        rows = []
        for rnd, points in self.history:
            rows.append(f"<tr><td>Round {rnd}</td>" + "".join(f"<td>{p:+g}</td>" for p in points) + "</tr>")
        if result is not None:
            places = result.places
            rows.append("<tr style='font-weight:bold'><td>Total</td>" +
                        "".join(f"<td>{result.scores[s]:g}</td>" for s in range(n)) + "</tr>")
            for part in ("base", "bonus", "loot"):
                rows.append(f"<tr style='{CSS_MUTED}'><td>of which {part}</td>" +
                            "".join(f"<td>{self.totals_parts.get(s, {}).get(part, 0):g}</td>" for s in range(n))
                            + "</tr>")
            rows.append("<tr><td>Place</td>" + "".join(f"<td>{p}</td>" for p in places) + "</tr>")
            title = "Final score: " + " and ".join(name(s) for s in result.winners) + " win" + (
                "s" if len(result.winners) == 1 else "")
        else:
            title = "Score sheet"
        if not rows:
            return ""
        return panel_html(esc(title), f'<table style="font-size:12px"><tr><th></th>{head}</tr>{"".join(rows)}</table>',
                          accent=result is not None)

    # -- the update -----------------------------------------------------------------------------
    def update(self, obs, viewer, new_events, can_act) -> None:
        self.seen_as = (viewer, can_act)  # for the keys and buttons that act on a selection
        self._take_events(new_events, obs)
        players = obs["players"]
        deck = 74 if obs["settings"].get("legendary", True) else 70
        cap = deck // players
        cap_words = (f" (capped: {deck} cards \u00f7 {players} players = at most {cap} each)"
                     if obs["cards_dealt"] < obs["round"] else
                     (f" \u00b7 with {players} players no one ever gets more than {cap}" if cap < 10 else ""))
        if obs["phase"] == "bid":
            suit = "Bidding: everyone bids at once, in any order; every bid stays secret until all are in."
        elif obs["suit_free"]:
            suit = "This trick is suit-free: nobody has to follow."
        elif obs["led_suit"]:
            suit = f"Led suit: <b>{SUIT_WORDS[obs['led_suit']]}</b> \u2014 follow it if you can (special cards always allowed)."
        elif obs["phase"] == "play":
            suit = "No suit set yet: the first number card sets it."
        else:
            suit = ""
        system = obs["settings"]["scoring"]
        set_if(self.info, value=(
            f'<div style="font-size:13px;color:var(--jp-ui-font-color1)"><b>Round {obs["round"]} of {obs["rounds"]}</b>: '
            f'{obs["cards_dealt"]} card{"s" if obs["cards_dealt"] != 1 else ""} each{esc(cap_words)} \u00b7 '
            f'dealer {esc(self.seat_name(obs["dealer"]))} \u00b7 trick {min(obs["tricks_played"] + 1, obs["cards_dealt"])} of {obs["cards_dealt"]}'
            f'<br>{suit}<br><span style="{CSS_MUTED}">Scoring in use \u2014 {esc(SYSTEM_WORDS.get(system, system))}</span></div>'))
        self._bids(obs)
        # the cards the others played since the viewer's last move are marked on the table
        self.fresh = {e.seat for e in self.just_happened(viewer) if isinstance(e, CardPlayed) and e.seat != viewer}
        self._trick(obs)
        self._mine(obs, viewer, can_act)
        self._round_scores(obs)

    def _bids(self, obs) -> None:
        rows = []
        for s in range(obs["players"]):
            b = obs["bids"][s]
            if b is None:
                b = "secret \u2713" if obs["has_bid"][s] else "\u2014"
            rows.append(html("<tr><td>{}</td><td>{}</td><td>{}</td><td>{:g}</td></tr>",
                             self.seat_name(s), b, obs['tricks_won'][s], obs['scores'][s]))
        set_if(self.bids, value=panel_html("Bids and tricks",
               f'<table style="font-size:12px"><tr><th>Seat</th><th>Bid</th><th>Won</th><th>Score</th></tr>'
               f'{"".join(rows)}</table>'))

    def _trick(self, obs) -> None:
        n = obs["players"]
        trick = obs["trick"]
        leader = obs["leader"]
        fresh = getattr(self, "fresh", set())
        svgs = [skullking_card_svg(c, highlight=(leader + i) % n in fresh) for i, c in enumerate(trick)]
        caps = [self.seat_name((leader + i) % n) + (" \u2022 new" if (leader + i) % n in fresh else "")
                for i in range(len(trick))]
        for i in range(len(trick), n):
            svgs.append(card_slot_svg(text="\u2026"))
            caps.append(f"{self.seat_name((leader + i) % n)}")
        body = cards_row_html(svgs, caps)
        last = self.last_trick
        if last is not None:
            won_at = (last.seat - last.leader) % n if isinstance(last, TrickWon) else None
            lsvgs = [skullking_card_svg(c, scale=0.75, highlight=i == won_at) for i, c in enumerate(last.cards)]
            lcaps = [self.seat_name((last.leader + i) % n) + (" \u2605 won" if i == won_at else "")
                     for i in range(len(last.cards))]
            if isinstance(last, TrickWon):
                words = f"{self.seat_name(last.seat)} won trick {last.trick} with {card_words(last.card)}" + (
                    f" (bonus {last.bonus})" if last.bonus else "")
                if last.loot_allies:
                    words += "; Loot alliance with " + ", ".join(f"{self.seat_name(a)}" for a in last.loot_allies)
            else:
                words = (f"Trick {last.trick} destroyed by the "
                         f"{'Kraken' if last.by == 'kraken' else 'White Whale'}; {self.seat_name(last.next_leader)} leads")
            # the last trick of a round stays on the table beside the next deal, until the next
            # trick takes its place: the new deal does not sweep it away unseen
            ended = last.round < obs["round"] or obs["phase"] == "over"
            head = (f"Round {last.round} is over; its last trick" if ended else "Last trick")
            body += (f'<div class="lnb-last-trick" style="font-size:12px;margin-top:4px">'
                     f'<b>{head}</b>: {esc(words)}.</div>'
                     + cards_row_html(lsvgs, lcaps, gap=2))
        title = "The trick" if obs["phase"] == "play" else "The table"
        set_if(self.trick, value=panel_html(title, body, accent=True))

    def _mine(self, obs, viewer, can_act) -> None:
        show(self.mine, viewer is not None, "flex")
        if viewer is None:
            self.hand.set([], note="")
            self.play_buttons.set([])
            self.picked = None
            self.bid_buttons.set([])
            set_if(self.hand_title, value="")
            set_if(self.bid_title, value="")
            set_if(self.turn_line, value="")
            return
        hand = tuple(obs["hand"] or ())
        my_bid = obs["my_bid"]
        set_if(self.hand_title, value=(
            f"<b>Your hand ({esc(self.seat_name(viewer))})</b> \u2014 {len(hand)} card{'s' if len(hand) != 1 else ''}"
            + (f" \u00b7 your bid: {my_bid}" if my_bid is not None else "")))
        bidding = obs["phase"] == "bid"
        set_if(self.turn_line, value=self._turn_words(obs, can_act and (not bidding or my_bid is None)))
        show(self.bid_box, bidding, "flex")
        if bidding:
            if my_bid is not None:
                set_if(self.bid_title, value=f"You bid {my_bid} (secret until everyone has bid).")
            else:
                set_if(self.bid_title, value=f"How many tricks will you win? (0-{obs['cards_dealt']}, secret)")
            items = []
            for k in range(obs["cards_dealt"] + 1):
                a = Bid(k)
                r = self.reason(a, viewer, can_act) if my_bid is None else "you have already bid"
                items.append((f"Bid {k}", a, r is None, r or ""))
            self.bid_buttons.set(items, style="primary")
        else:
            self.bid_buttons.set([])
        if hand != self._hand:  # a card was played or a round dealt: the pick was of another hand
            self._hand, self.picked = hand, None
        items = []
        for i, c in enumerate(hand):
            if bidding:
                reason = "everyone bids before the first card is played"
            else:
                reason = None
                for a in self._plays(c):
                    reason = self.reason(a, viewer, can_act)
                    if reason is None:
                        break
            items.append({"svg": skullking_card_svg(c), "label": card_words(c), "enabled": reason is None,
                          "reason": reason or "", "selected": i == self.picked, "key": c})
        self.hand.set(items)
        show(self.tap, can_act and not bidding)  # only to the person whose play it is
        if self.picked is not None:
            buttons = []
            card = hand[self.picked]
            for a in self._plays(card):
                r = self.reason(a, viewer, can_act)
                words = (f"Play Tigress as {a.card.split(':')[1]}" if card == "tigress"
                         else f"Play {card_words(card)}")
                buttons.append((words, a, r is None, r or ""))
        elif bidding:
            buttons = []
        else:
            why = self.reason(Play(hand[0]) if hand else Play("escape"), viewer, can_act) if not can_act else None
            buttons = [("Play the picked card", None, False, why or "pick a card of your hand first")]
        self.play_buttons.set(buttons, style="primary")

    @staticmethod
    def _plays(card: str) -> list:
        """The ways to play ``card`` (the Tigress as a pirate or as an escape)."""
        if card == "tigress":
            return [Play("tigress:pirate"), Play("tigress:escape")]
        return [Play(card)]

    def _pick(self, index: int) -> None:
        """A card of the hand was tapped: pick it (the one at that place: of two Pirates,
        only the one tapped), or put it back; with "Play on first tap" on, play it."""
        self.picked = None if index == self.picked else index
        self.hand.note = ""
        if self.picked is not None and self.tap.value:
            self._play_picked()  # the Tigress stays picked: its two buttons ask how
            if self.picked is not None:
                self.table.refresh()
            return
        self.table.refresh()

    def _play(self, action) -> None:
        self.picked = None
        self.table.act(action)

    def _play_picked(self) -> None:
        """Enter on the hand: play the picked card (the Tigress asks how, with two buttons)."""
        if self.picked is None:
            self.hand.note = "Pick a card first."
            return
        card = self._hand[self.picked]
        plays = self._plays(card)
        if len(plays) > 1:
            self.hand.note = "The Tigress: choose a button, as a pirate or as an escape."
            return
        reason = self.reason(plays[0], *self.seen_as)
        if reason is not None:
            self.hand.note = f"{card_words(card)}: {reason}."
            return
        self._play(plays[0])

    def _turn_words(self, obs, acting: bool) -> str:
        """What the person to act may do now, in a line or two (empty when it is not their turn)."""
        if not acting:
            return ""
        if obs["phase"] == "bid":
            n = obs["cards_dealt"]
            text = (f"Your turn: bid how many tricks you will win this round, 0 to {n}. "
                    "Every bid stays secret until all are in.")
        else:
            if obs["trick"] and not obs["suit_free"] and obs["led_suit"]:
                rule = (f"follow {SUIT_WORDS[obs['led_suit']]} if you can; special cards may always be played")
            elif obs["trick"] and obs["suit_free"]:
                rule = "this trick is suit-free: any card may be played"
            elif obs["trick"]:
                rule = "no suit is set yet: any card may be played"
            else:
                rule = "you lead: any card may be played"
            how = "tap a card to play it" if self.tap.value else "tap a card, then play it"
            text = f"Your turn: play one card \u2014 {rule}. {how[0].upper() + how[1:]}."
        return (f'<div class="lnb-your-turn" style="font-size:13px;font-weight:bold;'
                f'color:var(--jp-ui-font-color1)">{esc(text)}</div>')

    def _round_scores(self, obs) -> None:
        if not self.round_rows:
            set_if(self.round_scores, value="")
            return
        head = "<tr><th>Seat</th><th>Bid</th><th>Won</th><th>Base</th><th>Bonus</th><th>Loot</th><th>Round</th><th>Total</th></tr>"
        rows = "".join(
            f"<tr><td>{esc(self.seat_name(s))}</td><td>{r['bid']}</td><td>{r['won']}</td><td>{r['base']:+g}</td>"
            f"<td>{r['bonus']:+g}</td><td>{r['loot']:+g}</td><td><b>{r['points']:+g}</b></td><td>{r['total']:g}</td></tr>"
            for s, r in enumerate(self.round_rows))
        rnd = self.history[-1][0] if self.history else ""
        set_if(self.round_scores, value=panel_html(
            f"Round {rnd} scores by component ({obs['settings']['scoring']} scoring)",
            f'<table style="font-size:12px">{head}{rows}</table>'))
