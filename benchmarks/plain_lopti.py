"""One round of Lopti as a plain Python loop: the yardstick the engine is measured against.

The same round rules as ``lopti_nb.games.lopti`` at its default settings (the optional swap,
the round ends when the first player is out, a 1,000-turn cap, base card rules; see
``lopti_nb/games/lopti/RULES.md``), written with lists and ints only: no action objects,
events, observations or records. Each player is a random player drawing from one seeded
generator.

It lists the choices of a turn in the engine's order and draws among them exactly as the
engine's ``random_bot`` does (``rng.randrange`` of the number of choices, no draw when there
is only one), so fed the engine's deal and the engine's bot generator it plays the engine's
game move for move: ``tests/lopti/test_lopti_plain_loop.py`` checks that on many seeds.

    python benchmarks/plain_lopti.py [games]
"""
from __future__ import annotations

import random
import sys
import time

# Rank indices, as in lopti_nb.games.lopti.cards: a card is 0..51 and its rank is card >> 2,
# ranks 2 3 4 5 6 7 8 9 10 J Q K A; among the ordinary ranks a larger index is higher.
TWO, THREE, SEVEN, TEN = 0, 1, 5, 8
LOW = (2, 3, 4)  # 4, 5, 6: what may go on a 7
NONE = -1  # no rank on top: the table is empty


def play_round(deck: list[int], players: int, rng: random.Random, leader: int = 0,
               turn_cap: int = 1000) -> tuple[list[int], int]:
    """Play one round dealt from ``deck`` (52 cards, in dealing order) with random players.

    Returns the seats in the order they went out (empty after a stalemate) and the number
    of turns begun.
    """
    n = players
    ranks = [c >> 2 for c in deck]  # suits never matter: the round is played on ranks
    face_down = [ranks[3 * s: 3 * s + 3] for s in range(n)]
    face_up = [ranks[3 * (n + s): 3 * (n + s) + 3] for s in range(n)]
    dealt = [ranks[3 * (2 * n + s): 3 * (2 * n + s) + 3] for s in range(n)]
    draw = ranks[9 * n:]  # drawn from the end
    getrandbits = rng.getrandbits

    def pick(k: int) -> int:
        # rng.randrange(k), without its argument checks
        bits = k.bit_length()
        r = getrandbits(bits)
        while r >= k:
            r = getrandbits(bits)
        return r

    # The swap, seat by seat from the leader: keep, or one of the 9 hand/face-up pairs.
    for i in range(n):
        seat = (leader + i) % n
        r = pick(10)
        if r:
            h, u = divmod(r - 1, 3)
            hand, up = dealt[seat], face_up[seat]
            hand[h], up[u] = up[u], hand[h]
    # A hand is how many cards of each rank it holds.
    hands = []
    for cards in dealt:
        hand = [0] * 13
        for rank in cards:
            hand[rank] += 1
        hands.append(hand)
    in_hand = [3] * n  # cards in each hand
    held = [9] * n  # cards each seat still holds anywhere

    # The pile: the rank on top (NONE when empty), the count of the last play, the run of
    # that rank on top, the 3s chained since, whether a 3 duty is live, and its cards.
    top = NONE
    top_count = run = chain = 0
    duty = False
    pile = [0] * 13
    pile_size = 0
    out: list[int] = []
    seat = leader
    turns = 1
    drawn = False  # the turn's draw chance is spent
    while True:
        hand = hands[seat]
        # -- the choices: plays by rank then count, or blind cards; then taking the pile
        plays: list[tuple[int, int]] = []
        blind = None
        if in_hand[seat]:
            if duty:
                have = hand[THREE]
                if have:
                    plays = [(THREE, k) for k in range(1, have + 1)]
            else:
                for rank in range(13):
                    have = hand[rank]
                    if not have:
                        continue
                    if top == NONE or rank == THREE:
                        ok = True
                    elif rank == top:  # on its own rank: more than the last play, or all four
                        for k in range(1, have + 1):
                            if k > top_count or run + k == 4:
                                plays.append((rank, k))
                        continue
                    elif rank == TWO or rank == SEVEN or top == TWO:
                        ok = True
                    elif rank == TEN:
                        ok = top != SEVEN
                    elif top == SEVEN:
                        ok = rank in LOW
                    else:
                        ok = rank > top
                    if ok:
                        plays.extend([(rank, k) for k in range(1, have + 1)])
            choices = len(plays)
        else:
            fd = face_down[seat]
            blind = [p for p in range(3) if fd[p] is not None]
            choices = len(blind)
        if pile_size:
            choices += 1
        r = pick(choices) if choices > 1 else 0

        # -- the move
        rank = NONE
        if blind is None:
            if r < len(plays):
                rank, k = plays[r]
                hand[rank] -= k
                in_hand[seat] -= k
        elif r < len(blind):
            p = blind[r]
            rank, k = face_down[seat][p], 1
            face_down[seat][p] = None
            if duty:
                legal = rank == THREE
            elif top == NONE or rank == THREE:
                legal = True
            elif rank == top:  # one card on its own rank only completes four
                legal = run + 1 == 4
            elif rank == TWO or rank == SEVEN or top == TWO:
                legal = True
            elif rank == TEN:
                legal = top != SEVEN
            elif top == SEVEN:
                legal = rank in LOW
            else:
                legal = rank > top
            if not legal:  # the missed card joins the pile, which the player takes
                pile[rank] += 1
                pile_size += 1
                held[seat] -= 1
                rank = NONE
        if rank == NONE:  # take the pile; the turn ends
            for i in range(13):
                hand[i] += pile[i]
            in_hand[seat] += pile_size
            held[seat] += pile_size
            pile = [0] * 13
            pile_size = 0
            top, top_count, run, chain, duty = NONE, 0, 0, 0, False
        else:
            # -- the play resolves
            held[seat] -= k
            cleared = False
            if rank == THREE:  # 3s leave play at once
                chain += k
                if chain >= 4:
                    cleared = True
                else:
                    duty = pile_size > 0
            elif rank == TEN:  # so do 10s, and they clear
                cleared = True
            else:
                run = run + k if rank == top else k
                if run >= 4:
                    cleared = True
                else:
                    pile[rank] += k
                    pile_size += k
                    top, top_count, chain, duty = rank, k, 0, False
            if cleared:
                pile = [0] * 13
                pile_size = 0
                top, top_count, run, chain, duty = NONE, 0, 0, 0, False
            if not held[seat]:  # out: the round ends at the first player out
                out.append(seat)
                return out, turns
            if not drawn:
                drawn = True
                if draw and in_hand[seat] < 3:
                    hand[draw.pop()] += 1
                    in_hand[seat] += 1
                    held[seat] += 1
            if not in_hand[seat] and face_up[seat]:
                for i in face_up[seat]:
                    hand[i] += 1
                in_hand[seat] = len(face_up[seat])
                face_up[seat] = []
            if cleared:
                continue  # the bonus play: the same seat, the same turn

        # -- the turn ends
        drawn = False
        if turns >= turn_cap:
            return out, turns
        seat = (seat + 1) % n
        turns += 1
        if not in_hand[seat] and face_up[seat]:
            for i in face_up[seat]:
                hands[seat][i] += 1
            in_hand[seat] = len(face_up[seat])
            face_up[seat] = []


def play_game(seed: int, players: int = 4) -> tuple[list[int], int]:
    """A round from ``seed``: the deck shuffled by one generator, the players' choices
    drawn from another."""
    deal = random.Random(seed)
    deck = list(range(52))
    deal.shuffle(deck)
    return play_round(deck, players, random.Random(seed + 1))


def games_per_second(seconds: float = 3.0, players: int = 4) -> tuple[float, int]:
    """Rounds per second of CPU time, played one after another for about ``seconds``."""
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        play_game(n, players)
        n += 1
    return n / (time.process_time() - start), n


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    rate, n = games_per_second(seconds)
    print(f"plain loop, lopti 4 players, random players: {rate:,.0f} games/s ({n} games)")
