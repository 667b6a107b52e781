"""The expert's own play of an edition with the Ring (``engine.mechanics.ring``; rulebook:LOTR,
"The Ring" and "The Ring Tracker"): one token bears the Ring, pays no rent and no tax space,
the tracker moves on at each of its turns, the Eye on either die drops the Ring and costs the
current circle's penalty, and a bearer reaching the end of the track collects the reward and
ends the game, the most money (with every property's rent paid once) winning.

What wins, as measured in seat-rotated games against the basic bots (docs/benchmarks.md,
"Lord of the Rings"): about half the games end at the end of the track, and there the bearer
wins three in four. So the Ring is kept:

- **Met by the bearer** (the expert bears the Ring and meets a player): keep it. Offering it
  hands an opponent the shield (no rent, no tax) and a fresh start towards the end, and the
  Eye's penalty, even one the cash does not cover, is paid by mortgaging (offering whenever
  the cash was short of the next circle's penalty, as the basic bot does, won 27.2% of 1,000
  games against 29.7% keeping it). The one exception: a penalty on the next circle larger
  than all the bearer could raise (cash, mortgages, buildings sold) would ruin it on one Eye;
  then it offers.
- **The last turns before the end** (the tracker on the last circle: the bearer's next turn
  reaches the end, unless a battle takes the Ring first): what counts is cash plus each
  property's rent paid once, and a mortgaged deed pays nothing. So at the end of its turn the
  expert makes each change that raises that sum (``end_money``): lifts a mortgage that costs
  less than the rent the deed will pay, builds where the building adds more to the payout
  than it costs, mortgages a deed whose mortgage is worth more than its rent (a lone Weapon),
  and offers the richest opponent who can pay the deeds whose price is more than the rent they
  will pay there, for their price in cash (what a fair trade asks, ``bots.basic.trade_value``),
  never one that raises the buyer's payout by more than its price.
- **Meeting the bearer**: a battle where the move ends anyway costs nothing: battle. A battle
  with a bearer the move would pass ends the move on the bearer's space, won or lost: so it
  is also a choice of where to stop. The expert battles there when the chance of winning
  times the Ring's worth (``ring_worth``: the rent and tax not paid while bearing it, the
  reward at the end by its odds, less the Eye's penalties), plus the cost of the space the
  move would end on, is at least the chance of losing times the cost of the bearer's space
  (``landing_cost``; a won battle lands as the bearer, who pays nothing there)
  (``worth_stopping``). Battling every bearer passed won 27.7% of 1,000 games, this 32.9%
  (seeds 1001-2000; 27.8% against 32.9% on seeds 3001-4000). Near the end (the bearer within
  ``NEAR_END`` circles of it) the end is the bearer's to win: battle, except when the end
  would leave the expert the richest: then it lets the bearer go on (``let_bearer_go``).
- **The Eye rolled by the bearer**: the Ring drops and the penalty is paid once the move is
  resolved, if the bearer still bears it. So a bearer who rolled the Eye and meets a player
  on the way loses the Ring either way: offering it saves the penalty, but the rest of the
  move, and its landing, is made without the Ring. The expert offers it when the penalty is
  more than what landing on the move's last space costs without the Ring
  (``eye_offer_saves``).
"""

from __future__ import annotations

from monopoly_tui.bots.base import MAX_EXTRAS, extras_in_decision, simple_action
from monopoly_tui.bots.basic import trade_value
from monopoly_tui.bots.expert_plays import ExpertSeat, edition_play
from monopoly_tui.bots.value_model import NEAR_END, eye_chance, landing_chances
from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.frames import WalkFrame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import (
    RingEyeFrame,
    eye_penalty,
    rent_factor,
    ring_of,
    state_of,
)
from monopoly_tui.engine.spec import COUNT_RENT, DICE_RENT, GO_TO_JAIL, STREET, TAX, Spec
from monopoly_tui.engine.state import GameState, TradeOffer


def applies(spec: Spec) -> bool:
    """Whether the edition has the Ring."""
    return ring_of(spec) is not None


def play(bot: ExpertSeat, game: Game, kind: str, player: int) -> Action | None:
    """The expert's choice for this edition's own decisions (the module), None for the
    others."""
    if kind == A.RING:
        return ring(bot, game, player)
    if kind == A.END_TURN and end_is_next(game):
        return last_turn(bot, game, player)
    return None


def end_is_next(game: Game) -> bool:
    """Whether the tracker stands on the last circle: the bearer's next turn reaches the end
    of the track (unless a battle takes the Ring first)."""
    r = ring_of(game.spec)
    if r is None:
        return False
    rs = state_of(game.st)
    return rs.bearer >= 0 and rs.circle + 1 >= len(r.track)


def end_money(bot: ExpertSeat, st: GameState, owner: list[int], mortgaged: list[bool],
              buildings: list[int], cash: list[int]) -> list[float]:
    """Each player's money at the end of the track with these holdings: the cash plus what
    each unmortgaged deed pays there, its rent once (``engine.mechanics.ring.end_payouts``: a
    street's rent at its level, doubled unimproved in a whole group; a count rent by how many
    of the group are held; a dice rent by the mean roll). No reward: that is the bearer's."""
    m = bot.m
    spec, board = m.spec, m.board
    despite = spec.rules.set_rent_despite_mortgage
    money = [float(c) for c in cash]
    for d in spec.deeds:
        i = d.index
        o = owner[i]
        if o < 0 or mortgaged[i] or st.players[o].bankrupt:
            continue
        deeds = spec.groups[d.group].deeds
        if d.kind == STREET:
            whole = all(owner[x] == o and (despite or not mortgaged[x]) for x in deeds)
            money[o] += board.rent_at(i, buildings[i], whole)
        elif d.kind == COUNT_RENT:
            n = sum(1 for x in deeds if owner[x] == o)
            if n == 1 and d.rent_alone >= 0:
                money[o] += d.rent_alone
            else:
                table = spec.groups[d.group].rent_by_count
                money[o] += table[min(n, len(table)) - 1]
        elif d.kind == DICE_RENT:
            n = sum(1 for x in deeds if owner[x] == o)
            row = m.payout[i]
            money[o] += row[min(n, len(row)) - 1] if row else 0.0
    return money


def last_turn(bot: ExpertSeat, game: Game, player: int) -> Action | None:
    """Before the end of the track: the change that raises the expert's money at the end the
    most (a mortgage lifted, a building, a mortgage), else a sale to the richest opponent
    (see the module); None when nothing gains."""
    if extras_in_decision(game, player) >= MAX_EXTRAS:
        return None
    spec, st = game.spec, game.st
    board = bot.m.board
    owner, mortgaged, buildings = st.owner, list(st.mortgaged), list(st.buildings)
    cash = [q.cash for q in st.players]
    now = end_money(bot, st, owner, mortgaged, buildings, cash)[player]
    best: tuple[float, Action] | None = None
    for d in spec.deeds:
        i = d.index
        if owner[i] != player:
            continue
        action: Action | None = None
        gain = 0.0
        if mortgaged[i]:
            cost = board.unmortgage_cost[i]
            if cash[player] >= cost:
                mortgaged[i] = False
                cash[player] -= cost
                gain = end_money(bot, st, owner, mortgaged, buildings, cash)[player] - now
                mortgaged[i] = True
                cash[player] += cost
                action = simple_action(A.A_UNMORTGAGE, player, i)
        elif not P.can_mortgage(spec, st, player, i):
            mortgaged[i] = True
            cash[player] += d.mortgage
            gain = end_money(bot, st, owner, mortgaged, buildings, cash)[player] - now
            mortgaged[i] = False
            cash[player] -= d.mortgage
            action = simple_action(A.A_MORTGAGE, player, i)
        if action is not None and gain > 0 and (best is None or gain > best[0]):
            best = (gain, action)
        if d.kind == STREET and not P.can_build(spec, st, player, i):
            cost = board.step_cost(i, buildings[i])
            buildings[i] += 1
            cash[player] -= cost
            gain = end_money(bot, st, owner, mortgaged, buildings, cash)[player] - now
            buildings[i] -= 1
            cash[player] += cost
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, simple_action(A.A_BUILD, player, i))
    if best is not None:
        return best[1]
    return sale(bot, game, player)


def sale(bot: ExpertSeat, game: Game, player: int) -> Action | None:
    """The offer of the expert's unbuilt, unmortgaged deeds whose price is more than the rent
    they pay at the end, for their price, to the richest opponent who can pay and for whom
    each deed adds less to the end's payout than its price; None when there is none, or this
    seat has already offered it."""
    spec, st = game.spec, game.st
    board = bot.m.board
    cash = [q.cash for q in st.players]
    mortgaged, buildings = st.mortgaged, st.buildings
    money = end_money(bot, st, st.owner, mortgaged, buildings, cash)
    rivals = sorted((q for q, pl in enumerate(st.players) if q != player and not pl.bankrupt),
                    key=lambda q: -money[q])
    proposed = {a.trade for a in game.history if a.kind == A.A_PROPOSE and a.player == player}
    for q in rivals:
        give: list[int] = []
        after = st.owner.copy()
        price = 0
        for d in spec.deeds:
            i = d.index
            if st.owner[i] != player or mortgaged[i] or any(
                    buildings[x] for x in spec.groups[d.group].deeds):
                continue
            trial = after.copy()
            trial[i] = q
            moved = end_money(bot, st, trial, mortgaged, buildings, cash)
            before = end_money(bot, st, after, mortgaged, buildings, cash)
            mine = before[player] - moved[player]  # the payout the expert gives up
            theirs = moved[q] - before[q]  # the payout the buyer gains
            if mine < d.price and theirs < d.price and price + d.price <= cash[q]:
                give.append(i)
                after = trial
                price += d.price
        if not give:
            continue
        offer = TradeOffer(player, q, tuple(give), (), take_cash=price)
        if offer in proposed or game.trade_problem(offer):
            continue
        if trade_value(board, st, q, offer, spec.rules.jail_fine) < 0:
            continue
        return Action(A.A_PROPOSE, player, trade=offer)
    return None


def ring(bot: ExpertSeat, game: Game, player: int) -> Action | None:
    """A meeting on the way: battle the bearer met where the move ends, or passed when it is
    worth stopping there (or let one near the end go on when the end makes the expert the
    richest); as the bearer keep the Ring, unless one Eye on the next circle would ruin it or
    the Eye rolled now would cost more than the rest of the move without it (see the
    module)."""
    by_kind = {a.kind: a for a in game.pending.choices}
    battle = by_kind.get(A.A_BATTLE)
    keep = by_kind.get(A.A_PASS_BY)
    if battle is not None:
        if keep is not None and (not worth_stopping(bot, game, player)
                                 or let_bearer_go(bot, game, player)):
            return keep
        return battle
    offer = by_kind.get(A.A_OFFER_RING)
    if keep is None or offer is None:
        return None
    if ruined_by_the_eye(game, player) or eye_offer_saves(bot, game, player):
        return offer
    return keep


def ruined_by_the_eye(game: Game, player: int) -> bool:
    """Whether the penalty of the next circle is more than all the bearer ``player`` could
    raise (its cash, the mortgages and the buildings it could sell)."""
    spec, st = game.spec, game.st
    r = ring_of(spec)
    if r is None:
        return False
    nxt = state_of(st).circle + 1
    if nxt >= len(r.track):
        return False  # the next turn reaches the end of the track
    return st.players[player].cash + P.raisable(spec, st, player) < r.track[nxt].penalty


def let_bearer_go(bot: ExpertSeat, game: Game, player: int) -> bool:
    """Whether to pass a bearer by rather than battle: when the end of the track is near
    for the bearer (within ``NEAR_END`` circles) and would leave ``player`` the richest."""
    spec, st = game.spec, game.st
    r = ring_of(spec)
    if r is None:
        return False
    rs = state_of(st)
    if rs.bearer < 0 or len(r.track) - rs.circle > NEAR_END:
        return False
    return end_standing(bot, game, player, rs.bearer) > 0


def end_standing(bot: ExpertSeat, game: Game, player: int, bearer: int = -1) -> float:
    """How far ahead of the richest opponent ``player`` would be at the end of the track
    (cash plus the payouts of its unmortgaged deeds' rent, the reward to ``bearer``, or to
    ``player`` when -1; negative when behind)."""
    spec, st = game.spec, game.st
    m = bot.m
    money = [float(q.cash) for q in st.players]
    for d in spec.deeds:
        i = d.index
        o = st.owner[i]
        if o < 0 or st.mortgaged[i]:
            continue
        if d.kind == STREET:
            money[o] += P.street_rent(spec, st, i)
        elif d.kind == COUNT_RENT:
            money[o] += P.count_rent(spec, st, i)
        elif d.kind == DICE_RENT:
            row = m.income[i]
            money[o] += (row[0] / max(1e-9, m.deed_land[i])) if row else 0.0
    r = ring_of(spec)
    if r is not None:
        money[player if bearer < 0 else bearer] += r.end_reward
    best = max((money[q] for q in range(len(money)) if q != player
                and not st.players[q].bankrupt), default=0.0)
    return money[player] - best


def move_end(game: Game, player: int) -> int:
    """The space the move under way ends on (where the token stands when it is not walking;
    a card or Go to Jail found there may move it on)."""
    here = game.st.players[player].position
    walk = game.find(WalkFrame)
    if walk is None or walk.left <= 0:
        return here
    return (here + walk.left) % game.spec.size


def eye_offer_saves(bot: ExpertSeat, game: Game, player: int) -> bool:
    """Whether the bearer ``player``, who rolled the Eye on this move, saves by offering the
    Ring now: the Ring is lost either way (it drops when the move is resolved), and offering
    it saves the current circle's penalty, but the rest of the move lands without the Ring,
    paying what the last space costs (``landing_cost``)."""
    if game.find(RingEyeFrame) is None:
        return False
    penalty = eye_penalty(game.spec, game.st)
    return penalty > landing_cost(bot, game, player, move_end(game, player))


def battle_chance(spec: Spec) -> float:
    """The chance that a challenger wins a battle: each rolls one die, the higher wins; a tie
    keeps the Ring with the bearer, or is rolled again, as the edition says."""
    r = ring_of(spec)
    values = spec.dice.values
    n = len(values)
    if r is None or not n:
        return 0.0
    above = sum(1 for a in values for b in values if a > b) / (n * n)
    tie = sum(1 for a in values for b in values if a == b) / (n * n)
    if r.battle_tie == "roll_again" and tie < 1.0:
        return above / (1.0 - tie)
    return above


def landing_cost(bot: ExpertSeat, game: Game, player: int, space: int) -> float:
    """What ending a move on ``space`` costs ``player`` without the Ring, as things stand: the
    rent owed to another owner (twice it where that owner bears the Ring on a double-rent
    circle; a dice rent by the mean roll), a tax space's amount, the jail fine for Go to
    Jail; 0 elsewhere."""
    spec, st = game.spec, game.st
    sp = spec.spaces[space]
    if sp.kind == GO_TO_JAIL:
        return float(spec.rules.jail_fine)
    if sp.kind == TAX:
        return float(sp.tax_amount)
    i = sp.deed
    if i < 0:
        return 0.0
    o = st.owner[i]
    if o < 0 or o == player or st.mortgaged[i] or st.players[o].bankrupt:
        return 0.0
    d = spec.deeds[i]
    if d.kind == STREET:
        rent = float(P.street_rent(spec, st, i, space if len(d.spaces) > 1 else -1))
    elif d.kind == COUNT_RENT:
        rent = float(P.count_rent(spec, st, i))
    elif d.kind == DICE_RENT:
        table = spec.groups[d.group].dice_rent
        if not table:
            return 0.0
        entry = table[min(P.count_owned(spec, st, o, d.group), len(table)) - 1]
        rent = entry.multiplier * entry.dice * bot.m.mean_roll / max(1, spec.dice.count)
    else:
        return 0.0
    return rent * rent_factor(spec, st, o)


_CHANCES: dict[int, tuple[Spec, list[float]]] = {}


def space_chances(spec: Spec) -> list[float]:
    """Each space's long-run chance of being landed on per move (``landing_chances``),
    computed once per edition."""
    hit = _CHANCES.get(id(spec))
    if hit is not None and hit[0] is spec:
        return hit[1]
    land = landing_chances(spec)
    _CHANCES[id(spec)] = (spec, land)
    return land


def ring_worth(bot: ExpertSeat, game: Game, player: int) -> float:
    """What taking the Ring now (the tracker back on Start) is worth to ``player`` in coins:
    the rent and tax it would not pay (``landing_cost`` by each space's landing chance) over
    the turns it can expect to bear it (a turn on every circle after Start, each survived
    at the odds of the Eye), the reward times the chance of reaching the end, less the
    penalties the Eye is expected to cost on the way."""
    spec = game.spec
    r = ring_of(spec)
    if r is None:
        return 0.0
    m = bot.m
    survive = 1.0 - eye_chance(spec, r.eye_mark)
    land = space_chances(spec)
    per_turn = m.moves_per_turn * sum(
        land[s] * landing_cost(bot, game, player, s) for s in range(spec.size) if land[s])
    turns = 0.0
    penalties = 0.0
    reach = 1.0
    for c in range(1, len(r.track)):
        turns += reach
        penalties += reach * (1.0 - survive) * r.track[c].penalty
        reach *= survive
    return turns * per_turn + reach * r.end_reward - penalties


def worth_stopping(bot: ExpertSeat, game: Game, player: int) -> bool:
    """Whether to battle the bearer met here (see the module): a battle where the move ends
    anyway, or with a bearer near the end of the track, always; with a bearer the move would
    pass, when the chance of winning times the Ring's worth plus the cost of the move's last
    space is at least the chance of losing times the cost of this space."""
    walk = game.find(WalkFrame)
    if walk is None or walk.left <= 0:
        return True
    spec, st = game.spec, game.st
    r = ring_of(spec)
    if r is None or len(r.track) - state_of(st).circle <= NEAR_END:
        return True
    here = st.players[player].position
    win = battle_chance(spec)
    gain = win * ring_worth(bot, game, player) + landing_cost(
        bot, game, player, move_end(game, player))
    return gain >= (1.0 - win) * landing_cost(bot, game, player, here)


edition_play(applies, play)
