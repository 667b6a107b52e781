"""The expert's value model of an edition, read from the ruleset itself (no constant tuned to
one edition): computed once per edition and shared by every expert of it.

- **Landing chances.** Each space's long-run chance of being landed on per move, from the
  board, the movement dice and the card decks: a Markov chain over the token's position after
  a move (a roll, then the space's own move: Go to Jail, or a card's move to a space, to the
  nearest space of a group, by some steps, or to jail), iterated to its stationary
  distribution. A move that lands on a card space and is sent on counts both landings. A
  roll of 0 (two faces worth nothing) lands nowhere. Times the moves a turn makes on average
  (a doubles roll moves again, until the doubles that send to jail), this is the chance per
  turn.
- **Rent per opponent turn.** Per deed and building level: the chance per turn of its spaces
  times the rent there (a whole colour group's doubled rent unimproved; a count rent by how
  many of the group are held; a dice rent by the mean roll).
- **What a set is worth.** A whole colour group is worth, over a horizon of opponent turns,
  the best of its development levels the budget allows (rent per opponent turn times the
  horizon, less what the buildings cost), a level part afforded by the share afforded.
- **How long the game lasts.** Where the game ends when a token bearing the Ring reaches the
  end of its track (Lord of the Rings), the expected number of rounds until it does, from
  each circle: a chain over the tracker's circles, one circle on at every turn the bearer
  begins with the Ring (a doubles roll's extra turn too: a round holds ``moves_per_turn`` of
  them), back to Start on the Eye (the dice's Eye faces, once per roll). Rent counts only
  over the rounds left from where the tracker stands, and only from the opponents who pay
  it (the bearer pays none).
- **What the end pays.** Where the end of the track pays every property's rent once (double
  for a whole group, building rent where built), each deed's payout at each development
  level: a building counts what it adds to the payout besides its rent, and a street whose
  full development the payout pays back is worth building even as the end nears.
- **Safety.** The rent a player may meet in the opponent-owned spaces before their next pass
  of GO: the expected sum and the highest rent, which the expert keeps in reach (cash and
  what it could raise by mortgages) before it spends.
"""

from __future__ import annotations

from typing import Final

from monopoly_tui.bots.base import Board
from monopoly_tui.engine.mechanics.ring import ring_of, ring_state
from monopoly_tui.engine.spec import (
    CARDS,
    COUNT_RENT,
    DICE_RENT,
    GO_TO_JAIL,
    GO_TO_JAIL_CARD,
    MOVE_BY,
    MOVE_TO,
    MOVE_TO_NEAREST,
    STREET,
    Spec,
)
from monopoly_tui.engine.state import GameState

NEAR_END: Final = 3
"""A Ring bearer this many circles from the end of the track or fewer is near it (the
expert's end play and its Ring meetings read it)."""

ENDLESS: Final = 1e9
"""The rounds of a game with no end of a track: effectively no limit."""
ITERATIONS: Final = 80
"""Steps of the chain towards its stationary distribution (it settles within a few dozen)."""


def dice_sums(spec: Spec) -> tuple[list[float], float]:
    """The chance of each total of the movement dice (index = total) and the chance of
    doubles on one roll."""
    values = spec.dice.values
    n = len(values)
    dist = [1.0]
    for _ in range(spec.dice.count):
        top = len(dist) - 1 + max(values)
        nxt = [0.0] * (top + 1)
        for t, p in enumerate(dist):
            if p:
                for v in values:
                    nxt[t + v] += p / n
        dist = nxt
    doubles = 0.0
    if spec.dice.doubles and spec.dice.count > 1:
        doubles = n * (1.0 / n) ** spec.dice.count
    return dist, doubles


def landing_chances(spec: Spec) -> list[float]:
    """Each space's chance of being landed on per move, in the long run (see the module)."""
    size = spec.size
    sums, _ = dice_sums(spec)
    jail = spec.jail_space if spec.jail_space >= 0 else 0
    # the outcome of landing on each space: [(chance, end space, landed again on)]
    outcome: list[list[tuple[float, int, int]]] = []
    for sp in spec.spaces:
        out: list[tuple[float, int, int]] = []
        if sp.kind == GO_TO_JAIL:
            out.append((1.0, jail, -1))
        elif sp.kind == CARDS and 0 <= sp.deck < len(spec.decks) and spec.decks[sp.deck].cards:
            cards = spec.decks[sp.deck].cards
            share = 1.0 / len(cards)
            for c in cards:
                if c.kind == MOVE_TO and 0 <= c.target < size:
                    out.append((share, c.target, c.target))
                elif c.kind == MOVE_TO_NEAREST and 0 <= c.group < len(spec.groups):
                    targets = [s for d in spec.groups[c.group].deeds for s in spec.deeds[d].spaces]
                    if targets:
                        t = min(targets, key=lambda s: (s - sp.index) % size or size)
                        out.append((share, t, t))
                    else:
                        out.append((share, sp.index, -1))
                elif c.kind == MOVE_BY and c.steps:
                    t = (sp.index + c.steps) % size
                    out.append((share, t, t))
                elif c.kind == GO_TO_JAIL_CARD:
                    out.append((share, jail, -1))
                else:
                    out.append((share, sp.index, -1))
        else:
            out.append((1.0, sp.index, -1))
        outcome.append(out)
    pi = [1.0 / size] * size
    land = [0.0] * size
    for step in range(ITERATIONS):
        nxt = [0.0] * size
        counting = step == ITERATIONS - 1
        if counting:
            land = [0.0] * size
        for s, ps in enumerate(pi):
            if ps < 1e-12:
                continue
            for total, pt in enumerate(sums):
                if not pt:
                    continue
                w = ps * pt
                if total == 0:
                    nxt[s] += w
                    continue
                x = (s + total) % size
                if counting:
                    land[x] += w
                for share, end, again in outcome[x]:
                    nxt[end] += w * share
                    if counting and again >= 0:
                        land[again] += w * share
        pi = nxt
    return land


def eye_chance(spec: Spec, eye_mark: str) -> float:
    """The chance that one roll of the movement dice shows ``eye_mark`` on some die."""
    marks = spec.dice.marks
    if not marks:
        return 0.0
    one = sum(1 for mk in marks if mk == eye_mark) / len(marks)
    return 1.0 - (1.0 - one) ** spec.dice.count


def track_rounds_left(spec: Spec, moves_per_turn: float) -> list[float]:
    """The expected rounds until a bearer reaches the end of the Ring's track, from each
    circle the tracker may stand on (index 0: Start); empty without a Ring. The tracker moves
    one circle on at the start of every turn the bearer begins with the Ring (the extra turn
    after doubles included), then the bearer rolls, and the Eye on either die sends the
    tracker back to Start; the end needs a turn on every circle after Start survived, then
    one more turn. So the chain counts bearer turns, and a round holds ``moves_per_turn`` of
    them on average (the Ring is rarely without a bearer)."""
    ring = ring_of(spec)
    if ring is None:
        return []
    survive = 1.0 - eye_chance(spec, ring.eye_mark)
    last = len(ring.track)
    # turns[c] = a[c] + b[c] * turns[0]: from the last circle the next turn reaches the end
    a = [0.0] * last
    b = [0.0] * last
    a[last - 1], b[last - 1] = 1.0, 0.0
    for c in range(last - 2, -1, -1):
        a[c] = 1.0 + survive * a[c + 1]
        b[c] = survive * b[c + 1] + (1.0 - survive)
    if b[0] >= 1.0:
        return [ENDLESS] * last
    start = a[0] / (1.0 - b[0])
    per_round = max(1.0, moves_per_turn)
    return [(a[c] + b[c] * start) / per_round for c in range(last)]


def track_end_rounds(spec: Spec, moves_per_turn: float) -> float:
    """The expected rounds until a bearer starting from Start reaches the end of the Ring's
    track (``track_rounds_left``; ``ENDLESS`` without a Ring)."""
    left = track_rounds_left(spec, moves_per_turn)
    return left[0] if left else ENDLESS


class Model:
    """The value model of one edition (see the module): per deed, its chance of being landed
    on per opponent turn, and the rent that brings at each building level."""

    __slots__ = (
        "board",
        "deed_land",
        "dev_cost",
        "end_rounds",
        "group_land",
        "income",
        "mean_roll",
        "moves_per_turn",
        "payout",
        "rounds_left",
        "spec",
        "street_levels",
    )

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        board = Board.of(spec)
        self.board = board
        land = landing_chances(spec)
        sums, doubles = dice_sums(spec)
        limit = spec.rules.doubles_to_jail
        moves = 1.0
        p = 1.0
        for _ in range((limit - 1) if limit else 3):
            p *= doubles
            moves += p
        self.moves_per_turn = moves
        self.mean_roll = sum(t * q for t, q in enumerate(sums))
        """The mean total of one roll of the movement dice."""
        one_die = (sum(spec.dice.values) / len(spec.dice.values)) if spec.dice.values else 0.0
        self.deed_land = [sum(land[s] for s in d.spaces) * moves for d in spec.deeds]
        """Per deed: the chance per turn that a player lands on it."""
        self.group_land = [sum(self.deed_land[d] for d in g.deeds) for g in spec.groups]
        top = board.top
        self.street_levels = top
        # income[d][k]: expected rent per opponent turn. Streets: k = building level with the
        # whole group (k = 0 the doubled rent), and the last entry the rent of a street alone.
        # Count rents: k = how many of the group are held, minus one. Dice rents: the same.
        ring = ring_of(spec)
        pays_end = ring is not None and ring.end_payout
        self.rounds_left = track_rounds_left(spec, moves)
        """Per circle of the Ring's track, the expected rounds until the end (empty: none)."""
        self.end_rounds = self.rounds_left[0] if self.rounds_left else ENDLESS
        """The expected rounds until the game ends at the end of a track, from its start
        (``ENDLESS``)."""
        income: list[list[float]] = []
        payout: list[list[float]] = []
        dev_cost: list[list[int]] = []
        for d in spec.deeds:
            p_land = self.deed_land[d.index]
            g = spec.groups[d.group] if 0 <= d.group < len(spec.groups) else None
            if d.kind == STREET and d.rent:
                rents = [float(board.rent_at(d.index, k, True)) for k in range(top + 1)]
                rents.append(float(d.rent[0]))
                income.append([p_land * r for r in rents])
                payout.append(rents)
                cost = [0]
                for k in range(top):
                    cost.append(cost[-1] + board.step_cost(d.index, k))
                dev_cost.append(cost)
            elif d.kind == COUNT_RENT and g is not None and g.rent_by_count:
                income.append([p_land * r for r in g.rent_by_count])
                payout.append([float(r) for r in g.rent_by_count])
                dev_cost.append([0])
            elif d.kind == DICE_RENT and g is not None and g.dice_rent:
                rolls = [e.multiplier * one_die * e.dice for e in g.dice_rent]
                income.append([p_land * r for r in rolls])
                payout.append(rolls)
                dev_cost.append([0])
            else:
                income.append([0.0])
                payout.append([0.0])
                dev_cost.append([0])
        self.income = income
        self.payout = payout if pays_end else [[0.0] * len(row) for row in payout]
        """Per deed, what the end of the track pays for it (its rent once, indexed as
        ``income``; all 0 where the end pays nothing)."""
        self.dev_cost = dev_cost
        """Per street: what building it up to each level costs, from unimproved."""

    def rounds_to_end(self, st: GameState) -> float:
        """The expected rounds until the end of the Ring's track from where the tracker
        stands now (from Start while the Ring lies alone); ``ENDLESS`` without a Ring."""
        left = self.rounds_left
        if not left:
            return ENDLESS
        rs = ring_state(st)
        if rs is None or rs.bearer < 0:
            return left[0]
        return left[min(rs.circle, len(left) - 1)]

    def paying_opponents(self, alive: int) -> float:
        """How many of a player's opponents pay rent on a round, on average: all of them,
        but where the Ring's bearer pays no rent (rulebook:LOTR, "While You Have the Ring")
        one player of the ``alive`` bears it, as often any one as another."""
        others = max(1, alive - 1)
        if not self.rounds_left:
            return float(others)
        return others * (1.0 - 1.0 / max(1, alive))

    def street_alone(self, d: int) -> float:
        """A street's rent per opponent turn without its whole group."""
        return self.income[d][-1]

    def set_rate(self, g: int, level: int) -> float:
        """A whole colour group's rent per opponent turn with every street at ``level``."""
        return sum(self.income[d][min(level, self.street_levels)] for d in
                   self.spec.groups[g].deeds)

    def set_cost(self, g: int, level: int) -> int:
        """What building a whole colour group up to ``level`` costs."""
        return sum(self.dev_cost[d][min(level, self.street_levels)] for d in
                   self.spec.groups[g].deeds)

    def set_value(self, g: int, horizon: float, budget: float = 1e18) -> float:
        """What owning a whole colour group is worth over ``horizon`` opponent turns: the best
        development level the ``budget`` allows, its rent over the horizon less the
        buildings' cost. A level the budget part affords counts by the share it affords
        (between the worth of the level below and its own), as buildings are bought one at a
        time: a few coins more never jump the worth by a whole level's."""
        prev = horizon * self.set_rate(g, 0)
        best = prev
        prev_cost = 0
        for k in range(1, self.street_levels + 1):
            cost = self.set_cost(g, k)
            value = horizon * self.set_rate(g, k) - cost
            if cost > budget:
                if cost > prev_cost and budget > prev_cost:
                    share = (budget - prev_cost) / (cost - prev_cost)
                    best = max(best, prev + share * (value - prev))
                break
            best = max(best, value)
            prev, prev_cost = value, cost
        return best


_MODELS: dict[int, tuple[Spec, Model]] = {}


def model_of(spec: Spec) -> Model:
    """The model of an edition, computed once and shared (the last few editions are kept)."""
    hit = _MODELS.get(id(spec))
    if hit is not None and hit[0] is spec:
        return hit[1]
    m = Model(spec)
    if len(_MODELS) >= 8:
        del _MODELS[next(iter(_MODELS))]
    _MODELS[id(spec)] = (spec, m)
    return m
