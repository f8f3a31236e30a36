"""The coach for The Drowned Ledger: the exact risk of flipping again, for a person at the table.

Everything is read from what the seat may know. The wreck deck's order is secret, but how many
machines and live hazards it holds is not: every hazard that is not in the wreck lies face up
in the discard pile (hazards never go to a hand), and the wreck's size is public. Those two
numbers are all the risk module needs, so the figures here are its exact figures
(:func:`~lopti_nb.games.ledger.risk.catch_probability` and the dive outcomes of
:func:`~lopti_nb.games.ledger.risk.dive_outcomes`, over the Reckoning cards not yet turned).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from lopti_nb.engine import SettingsError

from . import risk
from .cards import DEFAULT_RECKONING, RECKONING_BY_NAME, Card, lost_count


@dataclass(frozen=True)
class Advice:
    """What the coach says to ``seat``: ``lines`` for people, the numbers behind them as fields.

    ``haul``: machines in the haul now (0 before a dive); ``machines``, ``live_hazards``: in
    the wreck deck now; ``caught``: the exact chance a live hazard turns up before the next
    machine (flipping again, or diving); ``expected_sealed``: the machines you would surface
    with on average if you flip on for exactly one more machine; ``coins``: the coins Salvage
    Rights would pay on average on the way; ``caught_to_limit``: the chance of being caught
    before the haul reaches the hold limit; ``exact``: False only when the wreck runs out of
    machines and the reshuffled discard pile decides (the figures are then an estimate).
    """

    lines: tuple[str, ...]
    haul: int
    machines: int
    live_hazards: int
    caught: Fraction
    expected_sealed: Fraction
    coins: Fraction
    caught_to_limit: Fraction | None
    exact: bool = True


def percent(p) -> str:
    value = float(p) * 100
    if 0 < value < 0.5:
        return "under 1%"
    if 99.5 <= value < 100:
        return "over 99%"
    return f"{value:.0f}%"


def _machines(n) -> str:
    if isinstance(n, int):
        return f"{n} machine{'' if n == 1 else 's'}"
    return f"{float(n):.2f} machines"


def wreck_counts(obs: dict, deck_spec, sea: int) -> tuple[int, dict[int, int], bool]:
    """``(machines, live hazards by number, exact)`` in the wreck deck, from an observation.

    The hazards not in the discard pile are in the wreck; the rest of the wreck is machines.
    """
    in_discard = Counter(Card(c).number for c in obs["discard"] if Card(c).is_hazard)
    hazards = {n: max(0, copies - in_discard.get(n, 0)) for n, copies in deck_spec.hazards}
    size = obs["wreck_size"]
    machines = max(0, size - sum(hazards.values()))
    live = {n: c for n, c in hazards.items() if n <= sea and c}
    if machines:
        return machines, live, True
    # No machine left in the wreck: the next machine comes from the discard pile, shuffled
    # when the wreck runs out; judged on both together (an estimate, said so).
    pool = [Card(c) for c in obs["discard"]]
    machines = sum(1 for c in pool if c.is_machine)
    live = dict(Counter(c.number for c in pool if c.is_hazard and c.number <= sea))
    for n, c in hazards.items():
        if n <= sea and c:
            live[n] = live.get(n, 0) + c
    return machines, live, False


def reckoning_left(obs: dict) -> dict[str, int]:
    """The Reckoning cards still to be turned (a fresh deck once it is spent)."""
    left = Counter(DEFAULT_RECKONING)
    left.subtract(obs["reckoning_turned"])
    left = {name: count for name, count in left.items() if count > 0}
    return left or dict(DEFAULT_RECKONING)


def coach(state, seat: int, *, seed: int = 0) -> Advice:
    """Advice for ``seat`` about its dive, from ``state.observation(seat)`` and the public
    rules (the sea, the seat's office). ``seed`` is accepted for a common signature; the
    figures here are exact, not simulated."""
    seat = state.check_seat(seat)
    if seat is None:
        raise SettingsError("The coach advises a seat at the table, not a spectator.")
    obs = state.observation(seat)
    # a privilege that turns a hazard equal to the sea into a near-miss lowers the sea for
    # this seat by one (offices and whether a privilege is in force are public)
    sea = max(0, min(99, obs["sea"] - int(state.grants(seat).edge_safe)))
    diving = obs["phase"] == "dive" and obs["diver"] == seat
    haul = len(obs["haul"]) if diving else 0
    limit = obs["hold_limit"]
    machines, live, exact = wreck_counts(obs, state.deck_spec, sea)
    n_live = sum(live.values())
    if machines < 1:  # nothing left to find anywhere: there is no next machine
        lines = ("There is no machine left to find: surfacing is the only way to keep the haul.",)
        return Advice(lines, haul, 0, n_live, Fraction(1 if n_live else 0), Fraction(haul),
                      Fraction(0), None, False)
    deck = {"machines": machines, "hazards": live}
    caught = risk.catch_probability(sea, 1, deck, exact=True)
    left = reckoning_left(obs)
    try:
        counts = risk.reckoning_counts(left)
    except SettingsError:  # only The Sea Blinks left: the next catch turns a fresh deck too
        counts, exact = risk.reckoning_counts(None), False
    # the sea moves at the round's first sea trigger (rules reference 2.4): until then a Blink
    # during the dive raises it under the diver, turning the hazards one above it live
    sea_moved = bool(state.trigger)  # public: everyone sees the sea move
    edge = 0
    if not sea_moved:
        edge = sum(wreck_counts(obs, state.deck_spec, sea + 1)[1].values()) - n_live
    sealed = coins = Fraction(0)
    for key, p in risk.walk_outcomes(1, machines, n_live, edge, counts, sea_moved).items():
        name = key[0]
        if name == "surfaced":
            sealed += p * (haul + 1)
            continue
        rule = RECKONING_BY_NAME[name]
        lost = lost_count(rule, haul)
        opened = haul if rule.open_all else 0
        sealed += p * (haul - lost - opened)
        coins += p * lost * rule.coin_per_lost
    to_limit = None
    if 0 < limit - haul <= machines:
        to_limit = risk.catch_probability(sea, limit - haul, deck, exact=True)

    lines = []
    what = "flip again" if diving else "dive"
    lines.append(f"If you {what}, the chance a live hazard (at or below {sea}) catches you before "
                 f"your next machine is {percent(caught)}: {n_live} live hazard"
                 f"{'' if n_live == 1 else 's'} against {_machines(machines)} in the wreck.")
    if diving:
        lines.append(f"Flipping on for one more machine, you would surface with "
                     f"{_machines(float(sealed))} on average; surfacing now seals "
                     f"{_machines(haul)}.")
    else:
        lines.append(f"A dive for one machine seals {_machines(float(sealed))} on average.")
    if coins:
        lines.append(f"Salvage Rights would pay {float(coins):.2f} coins on average on the way.")
    if to_limit is not None and limit - haul > 1:
        lines.append(f"Diving on to your hold limit of {limit}, you would be caught "
                     f"{percent(to_limit)} of the time.")
    if not exact:
        lines.append("The wreck is nearly spent: these figures count the discard pile that will "
                     "be shuffled into it, so they are estimates.")
    return Advice(tuple(lines), haul, machines, n_live, caught, sealed, coins, to_limit, exact)


# -- the chance of winning the game --------------------------------------------------------------
#: the rollout policy: the seat plays the ``win`` bot, every other seat the personality the
#: default ``mix`` gives its seat (the coach cannot know the others' bots: it assumes these)
def rollout_bots(players: int, seat: int) -> list:
    from .personalities import MIX, PERSONALITIES
    from .win import win

    return [win if s == seat else PERSONALITIES[MIX[s % len(MIX)]] for s in range(players)]


def seen_by(state, seat: int):
    """A copy of ``state`` with every card ``seat`` cannot see put back in one fixed order: the
    machines in the other sealed hands and in the wreck deck sorted among those places (each
    keeping its size), the wreck deck and the Reckoning deck sorted. A world sampled from it
    (``testing.scramble``) depends on what the seat knows and on the seed alone, never on where
    the hidden cards really are."""
    new = state.copy()
    others = [s for s in range(new.num_players) if s != seat]
    slots = [(new.hands[s], i) for s in others for i in range(len(new.hands[s]))]
    slots += [(new.wreck, i) for i, c in enumerate(new.wreck) if c.is_machine]
    for (row, i), card in zip(slots, sorted(row[i] for row, i in slots)):
        row[i] = card
    new.wreck.sort()
    new.reck.sort()
    new._pub = None
    return new


def win_chances(state, seat: int | None = None, games: int = 400, seed: int = 0, *,
                budget: float | None = 2.0):
    """Each legal action's chance that ``seat`` (default: the seat to act) wins the game, as a
    DataFrame: one row per action (``action``, ``move``, ``win_chance``, ``lower``, ``upper``
    (95 %), ``games``), best first.

    Each of ``games`` worlds deals again what the seat cannot see (the other sealed hands, the
    wreck deck's order and its machines, the Reckoning deck's order, the generator) from
    :func:`seen_by`, so the chances read the seat's actual haul, its suits, the scores, the
    market and the sea, and nothing hidden. Every action is played out in every world, then the
    seat plays the ``win`` bot and the others the ``mix`` personalities of their seats, to the
    end of the game. ``budget``: seconds of CPU time after which fewer games are played (at
    least 10; the frame's ``attrs["note"]`` says so); ``None`` plays them all (the same answer
    every time).

        >>> import lopti_nb
        >>> state = lopti_nb.new_game("drowned-ledger", players=3, seed=2)
        >>> state.apply(state.legal_actions()[0])  # the first dive
        [...]
        >>> t = win_chances(state, games=20, budget=None)
        >>> sorted(t["move"]) == sorted(map(str, state.legal_actions())), int(t["games"].iloc[0])
        (True, 20)
    """
    from lopti_nb.engine.rollouts import chance_frame, check_question, rollout_chances

    from .testing import scramble

    seat, games, seed, budget = check_question(state, seat, games, seed, budget)
    base = seen_by(state, seat)
    rows, cut = rollout_chances(state, seat, lambda rng: scramble(base, seat, rng),
                                rollout_bots(state.num_players, seat), games, seed, budget)
    return chance_frame(rows, cut, games, budget)


# -- the coach bot: a world from an observation ----------------------------------------------------
#: worlds a ``coach`` bot decision weighs (each legal action played out to the end of the game)
COACH_WORLDS = 32


def table_from_observation(obs: dict):
    """A game at the moment ``obs`` shows, built from it alone: the public table (yards, coins,
    market, sea, offices and whether each privilege is in force, the discard pile, the dive in
    progress, the Reckoning cards turned, the round and the seat to act), the seat's own sealed
    hand, and in one fixed order every card it cannot see: the machines no place shows, shared
    between the other sealed hands (each of its public size) and the wreck deck (with the
    hazards not on the discard pile), and the Reckoning cards not turned. A world to play out
    is this table with those cards dealt again (``testing.scramble``).

    What an observation does not show is taken at its plainest: the table's deck and hold
    limit are the defaults, nobody has sold or given this round, a privilege not in force is
    suspended through this round, and the sea has risen this round by the trigger's steps."""
    from .cards import RECKONINGS, reckoning_deck
    from .state import DIVING, TURN, LedgerState
    from .testing import cards, rig

    n, seat = obs["players"], obs["seat"]
    offices = obs["offices"] if obs["mode"] == "offices" else None
    state = LedgerState(n, seed=0, mode=obs["mode"], sea_claim=obs["sea_claim"],
                        table_watch=obs["table_watch"], offices=offices)
    rig(state, yards=obs["yards"], coins=obs["coins"], market=obs["market"], sea=obs["sea"],
        seat=obs["to_act"] if obs["to_act"] is not None else seat, discard=obs["discard"],
        round=obs["round"])
    mine, haul, yards = cards(obs["hand"]), cards(obs["haul"]), [c for y in state.yards for c in y]
    seen_cards = Counter(mine) + Counter(haul) + Counter(yards) + Counter(state.discard)
    unseen = Counter(state.deck_spec.cards()) - seen_cards
    hazards = sorted(c for c in unseen.elements() if c.is_hazard)
    machines = sorted(c for c in unseen.elements() if c.is_machine)
    hands = []
    for s in range(n):
        if s == seat:
            hands.append(mine)
        else:
            size = obs["hand_sizes"][s]
            hands.append(machines[:size])
            machines = machines[size:]
    state.hands = hands
    wreck = sorted(hazards + machines)[: obs["wreck_size"]]
    state.wreck = wreck
    turned = [next(i for i, r in enumerate(RECKONINGS) if r.name == name) for name in obs["reckoning_turned"]]
    left = Counter(reckoning_deck())
    left.subtract(turned)
    state.reck = sorted((+left).elements())
    state.reck_turned = list(turned)
    state._turned_t = tuple(obs["reckoning_turned"])
    state.phase = DIVING if obs["phase"] == "dive" else TURN
    state.haul = haul
    state.dive_flips = obs["flips"]
    state.trigger = obs["sea_trigger"]
    state.round_rise = obs["sea_trigger"]
    state.last_kind = list(obs["last_turn"])
    state.suspended = [0 if active else obs["round"] for active in obs["privilege_active"]]
    state._active_round = None
    state._pub = None
    return state


class CoachBot:
    """The ``coach`` bot: plays the action of highest chance to win the game, over
    :data:`COACH_WORLDS` worlds (fewer at tables of five, ``worlds_at``) dealt from what its
    seat sees (:func:`table_from_observation`), every action played out in each to the end of
    the game as :func:`win_chances` does, when that action won clearly more of those worlds
    than the ``win`` bot's choice (``clearly_better``: the highest of many noisy chances is
    flattered by its luck). Otherwise, where there is one action, or where a world would refuse
    one (the observation did not show enough), it plays as the ``win`` bot."""

    def __init__(self, worlds: int = COACH_WORLDS):
        self.worlds = worlds

    def __call__(self, obs, legal, rng):
        from lopti_nb.engine.rollouts import clearly_better, rollout_chances, worlds_at

        from .testing import scramble
        from .win import win

        if len(legal) == 1 or obs["seat"] != obs["to_act"]:
            return win(obs, legal, rng)
        seat = obs["seat"]
        table = table_from_observation(obs)
        if any(table.why_illegal(a) is not None for a in legal):
            return win(obs, legal, rng)
        rows, _ = rollout_chances(table, seat, lambda r: scramble(table, seat, r),
                                  rollout_bots(obs["players"], seat), worlds_at(self.worlds, obs["players"]),
                                  rng.getrandbits(32), None, legal)
        best = max(range(len(rows)), key=lambda i: (rows[i]["wins"], -i))
        usual = win(obs, legal, rng)
        base = next(i for i, a in enumerate(legal) if a == usual)
        # the best of many noisy chances is flattered by its luck: it replaces the win bot's
        # choice only when it won clearly more of the same worlds
        if best != base and not clearly_better(rows[best]["outcomes"], rows[base]["outcomes"]):
            return usual
        return legal[best]


def coach_bot() -> CoachBot:
    return CoachBot()
