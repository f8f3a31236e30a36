"""The coach for Lopti: will the pile come back to you before your next turn?

After your move the others play; if the pile is still on the table when your next turn comes
(nobody cleared it and nobody took it), you face it again: play on it or take it. The coach
estimates that chance for each move you may make, by seeded simulation over what you cannot
see: the other hands, every face-down card and the draw pile are dealt again
(``testing.scramble``), then everyone plays on as the heuristic bot would, until your next
turn begins (or the round ends).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from lopti_nb.engine import SettingsError

from .bots import heuristic_bot
from .state import KeepCards, LoptiState, Play, PlayBlind, Swap, TakePile
from .testing import scramble

#: simulated deals behind each move's chance
DEALS = 200
MAX_MOVES = 8  # moves weighed per answer (a hand rarely offers more)


@dataclass(frozen=True)
class Advice:
    """What the coach says to ``seat``: ``lines`` for people, the numbers behind them as fields.

    ``chances``: move (as the table shows it, e.g. ``"Play 2 × 8"``) -> estimated chance the
    pile is still in play when the seat's next turn begins; ``pile_sizes``: the same moves ->
    the pile's average size then (0 when it was cleared or taken); ``suggested``: the move the
    heuristic bot would make here; ``deals``: simulated deals behind each chance.
    """

    lines: tuple[str, ...]
    chances: dict[str, float]
    pile_sizes: dict[str, float]
    suggested: str | None
    deals: int


def comes_back(state, seat: int, action, rng: random.Random) -> tuple[bool, int]:
    """Play ``action`` for ``seat`` in ``state`` (changed in place), then the heuristic bot for
    everyone until ``seat``'s next turn begins: whether a pile is waiting for it, and its size."""
    state.apply(action, seat)
    start = state.turns
    while not state.is_over and not (state.current_player == seat and state.turns > start):
        s = state.current_player
        legal = state.legal_actions()
        choice = legal[0] if len(legal) == 1 else heuristic_bot(state.observation(s), legal, rng)
        state.apply(choice, s)
    if state.is_over:
        return False, 0
    size = state.pile.size
    return size > 0, size


def _canonical(state, seat: int):
    """A copy of ``state`` with every card ``seat`` cannot see put back in one fixed order
    (the places ``testing.scramble`` deals again, each keeping its size): the deals simulated
    from it then depend on what the seat knows and on the seed, never on where the hidden
    cards really are."""
    new = state.copy()
    slots = []
    for s in range(new.num_players):
        if s != seat:
            slots += [(new.hands[s], i) for i in range(len(new.hands[s]))]
        slots += [(new.face_down[s], i) for i, c in enumerate(new.face_down[s]) if c is not None]
    slots += [(new.draw_pile, i) for i in range(len(new.draw_pile))]
    for (row, i), card in zip(slots, sorted(row[i] for row, i in slots)):
        row[i] = card
    new._table = None
    return new


def move_chances(state, seat: int, moves, deals: int = DEALS, seed: int = 0):
    """``{move: (chance the pile comes back, average pile size)}`` over ``deals`` deals of what
    ``seat`` cannot see (the same deals for every move, so the moves compare fairly)."""
    rng = random.Random(seed)
    state = _canonical(state, seat)
    back = {m: 0 for m in moves}
    sizes = {m: 0 for m in moves}
    for _ in range(deals):
        base = scramble(state, seat, rng)
        play_seed = rng.getrandbits(32)
        for m in moves:
            hit, size = comes_back(base.copy(), seat, m, random.Random(play_seed))
            back[m] += hit
            sizes[m] += size
    return {m: (back[m] / deals, sizes[m] / deals) for m in moves}


def coach(state, seat: int, *, seed: int = 0) -> Advice:
    """Advice for ``seat`` when it is to play: for each move, the chance the pile comes back
    to it before its next turn. Reads only what the seat may know; ``seed`` fixes the
    simulation (the same question gets the same answer)."""
    seat = state.check_seat(seat)
    if seat is None:
        raise SettingsError("The coach advises a seat at the table, not a spectator.")
    if state.is_over:
        return Advice(("The round is over.",), {}, {}, None, 0)
    if state.current_player != seat:
        return Advice(("The coach speaks when it is your turn.",), {}, {}, None, 0)
    if state.phase == "swap":
        return Advice(("Swap a hand card for a face-up card if the face-up one is worth more "
                       "to hold: the coach weighs the pile once play starts.",), {}, {}, None, 0)
    legal = state.legal_actions()
    moves = [a for a in legal if type(a) in (Play, PlayBlind, TakePile)]
    if not moves:  # a motion's choice: nothing about the pile to weigh
        return Advice(("Make your choice: the coach weighs the pile when you play.",), {}, {}, None, 0)
    obs = state.observation(seat)
    suggested = heuristic_bot(obs, legal, random.Random(seed))
    if suggested in moves[MAX_MOVES:]:
        moves = [suggested] + moves[: MAX_MOVES - 1]
    moves = moves[:MAX_MOVES]
    found = move_chances(state, seat, moves, DEALS, seed)
    chances = {str(m): found[m][0] for m in moves}
    sizes = {str(m): found[m][1] for m in moves}
    lines = ["Chance the pile is still waiting for you at your next turn:"]
    lines += [f"{m}: {chances[m]:.0%}" + (f" (about {sizes[m]:.1f} cards)" if sizes[m] >= 0.05 else "")
              for m in sorted(chances, key=chances.__getitem__)]
    best = min(moves, key=lambda m: (found[m][0], found[m][1]))
    if suggested in found and suggested != best:
        lines.append(f"Least likely to leave you a pile: {best} (the bots would {suggested}).")
    lines.append(f"From {DEALS} simulated deals of the cards you cannot see.")
    return Advice(tuple(lines), chances, sizes, str(suggested) if suggested in found else None, DEALS)


def win_chances(state, seat: int | None = None, games: int = 400, seed: int = 0, *,
                budget: float | None = 2.0):
    """Each legal action's chance that ``seat`` (default: the seat to act) wins the round (goes
    out first), as a DataFrame: one row per action (``action``, ``move``, ``win_chance``,
    ``lower``, ``upper`` (95 %), ``games``), best first.

    Each of ``games`` worlds deals again every card the seat cannot see (the other hands, every
    face-down card, the draw pile; from the seat's view put in one fixed order, so the hidden
    cards' real places never count); every action is played out in every world, then every seat
    plays as the heuristic bot to the end of the round (the motions in force act as they do in
    play). ``budget``: seconds of CPU time after which fewer games are played (at least 10;
    ``attrs["note"]`` says so); ``None`` plays them all (the same answer every time).

        >>> import lopti_nb
        >>> state = lopti_nb.new_game("lopti", players=3, seed=2)
        >>> t = win_chances(state, games=10, budget=None)
        >>> len(t) == len(state.legal_actions()), list(t.columns[2:])
        (True, ['win_chance', 'lower', 'upper', 'games'])
    """
    from lopti_nb.engine import get_spec
    from lopti_nb.engine.rollouts import chance_frame, check_question, rollout_chances

    if not isinstance(state, LoptiState):
        raise SettingsError("The chances are weighed for a round of Lopti (a session's current "
                            "round is its round state).")
    seat, games, seed, budget = check_question(state, seat, games, seed, budget)
    base = _canonical(state, seat)
    bot = get_spec("lopti").make_bot("heuristic")
    rows, cut = rollout_chances(state, seat, lambda rng: scramble(base, seat, rng),
                                [bot] * state.num_players, games, seed, budget)
    return chance_frame(rows, cut, games, budget)


# -- the coach bot: a world from an observation ----------------------------------------------------
#: worlds a ``coach`` bot decision weighs at up to four players (each legal move played out to the
#: end of the round in every one): a small budget, so that a table of coach bots still plays a
#: round in seconds; its chances are coarse (a world is a win or a loss)
COACH_WORLDS = 2


def table_from_observation(obs: dict, rng: random.Random) -> LoptiState:
    """A round at the moment ``obs`` shows, built from it alone: the public table (face-up
    cards, which face-down slots still hold a card, hand sizes, the draw pile's size, the pile
    and its top, run, chain and 3 duty, the bonus play, who is out, the dealer, the leader, the
    turn count, the swaps still to come) and the seat's own hand. Every card it cannot see
    (the other hands, every face-down card, the draw pile, and the cards cleared earlier, which
    an observation does not list) is dealt at random by ``rng`` from the cards it has not seen.
    The settings an observation does not show are the table's defaults, and no motion acts."""
    from .cards import DECK, NAMES, RANK_INDEX, parse_card
    from .rules import Pile

    n, seat = obs["players"], obs["seat"]
    state = LoptiState(n, rng.getrandbits(64), dealer=obs["dealer"], leader=obs["leader"])
    hand = [parse_card(c) for c in obs["hand"]]
    face_up = [[parse_card(c) for c in f] for f in obs["face_up"]]
    pile_cards = [parse_card(c) for c in obs["pile"]]
    known = set(hand) | {c for f in face_up for c in f} | set(pile_cards)
    pool = [c for c in DECK if c not in known]
    rng.shuffle(pool)
    hands = []
    for s in range(n):
        if s == seat:
            hands.append(sorted(hand))
        else:
            hands.append(sorted(pool[:obs["hand_sizes"][s]]))
            del pool[:obs["hand_sizes"][s]]
    face_down = []
    for s in range(n):
        row: list = [None, None, None]
        for p in obs["face_down"][s]:
            row[p] = pool.pop()
        face_down.append(row)
    draw = [pool.pop() for _ in range(obs["draw_pile"])]
    state.hands, state.face_up, state.face_down, state.draw_pile = hands, face_up, face_down, draw
    state.gone = sorted(pool)  # cleared earlier: out of the round
    state.pile_cards = pile_cards
    top = obs["top"]
    state.pile = Pile(None if top is None else RANK_INDEX[top], obs["top_count"], obs["run"], obs["chain"],
                      obs["duty"], len(pile_cards))
    state.out = list(obs["out"])
    state.active = [s not in state.out for s in range(n)]
    state.turns = obs["turns"]
    state.bonus = obs["bonus"]
    state.first_play_done = obs["bonus"]  # a bonus play comes after the turn's first play
    if obs["phase"] == "swap":
        order = [(obs["leader"] + i) % n for i in range(n)]
        state.swap_queue = order[order.index(obs["current_player"]):]
        state.turn = obs["leader"]
    else:
        state.swap_queue = []
        state.turn = obs["current_player"]
    state._table = None
    return state


def coach_bot(obs, legal, rng):
    """Plays the move with the highest chance to win the round (go out first), over
    :data:`COACH_WORLDS` worlds built from its observation alone (:func:`table_from_observation`;
    fewer worlds at five players, :func:`lopti_nb.engine.rollouts.worlds_at`), every move
    played in the same worlds and each world played out to the end of the round by the
    heuristic bot; ties, and any decision a world cannot rebuild (a motion's choice, a move the
    world refuses), go to the heuristic bot's own choice."""
    from lopti_nb.engine.rollouts import rollout_chances, worlds_at

    usual = heuristic_bot(obs, legal, rng)
    if len(legal) == 1 or not all(type(a) in (Play, PlayBlind, TakePile, Swap, KeepCards) for a in legal):
        return usual
    seat = obs["seat"]
    base = table_from_observation(obs, random.Random(rng.getrandbits(64)))
    if base.current_player != seat or any(base.why_illegal(a) is not None for a in legal):
        return usual
    rows, _ = rollout_chances(base, seat, lambda r: table_from_observation(obs, r),
                              [heuristic_bot] * obs["players"], worlds_at(COACH_WORLDS, obs["players"], least=1),
                              rng.getrandbits(32), None, legal)
    top = max(r["wins"] for r in rows)
    if rows[legal.index(usual)]["wins"] == top:
        return usual
    return next(r["action"] for r in rows if r["wins"] == top)
