"""An expert computer player: it values the board by the edition's own odds
(``bots.value_model``) and plays every decision by that value.

Its habits, each one a method below:

- **Value.** A player's holdings are worth their deeds' prices (less lifting a mortgage), plus
  for each whole colour group the best development it can afford, as rent per opponent turn
  over a horizon of opponent turns less the buildings' cost (``Model.set_value``; a level it
  can part afford counts by the share it affords, buildings being bought one at a time), plus
  what a count-rent or dice-rent group earns together beyond its deeds alone.
- **Safety.** It keeps in reach (cash, and the mortgages it could raise without touching a
  built group) the rent it may meet before its next pass of GO: the highest opponent rent,
  or the expected rent of a lap when that is less.
- **Buy** when the safety stays, or when the deed completes its group or blocks another's;
  else let it go to auction.
- **Auctions:** bid by the smallest step up to the deed's worth to it (the change in its
  holdings' value), plus half of what the deed would be worth to an opponent it completes a
  group for, never above what the safety leaves (all it could raise for its own set).
- **Build** where the next building gains the most per coin (rent over the horizon, plus what
  it adds to an end payout of every rent where the edition's end pays one), keeping
  the safety; when cash is short for a building worth far more than a lone deed's rent, it
  mortgages that lone deed to build.
- **Mortgages:** lifts those of its whole groups first (they block building), others only
  when rich; raising cash for a debt, it mortgages the deeds that lose the least rent per
  coin first, then sells the buildings that lose the least rent per coin.
- **Jail:** out at once (card, else fine) while unowned deeds are there to buy and the
  opponents' rent is low, or when a jailed player collects no rent; stays in, rolling, once
  the opponents' rent per lap is high.
- **Trades:** values both sides by the model. It accepts only when it gains, and at least as
  much as the other side when the trade completes the other side's group (three quarters as
  much when it completes one of its own too, in a game of three or more: ``SWAP_SHARE``; and
  then never for less than the basic valuation's price of that set either); otherwise, head
  to head, as much, or else half as much. It proposes, at most once a turn and never the same offer
  twice, to buy the deeds that complete its own group (for cash, or one or two lone deeds of
  its own plus cash, never its own deeds of that group), at the least the partner's
  fair-trade valuation asks (``bots.basic.trade_value``), when the model says it gains more
  than the partner; a swap that also completes the partner's group only when it gains twice
  as much (``GIVE_SET_SHARE``). Where the deeds it misses of a group are split between two
  opponents, it offers one of them the same for theirs (a step: a share ``STEP_SHARE`` of
  the whole group's worth counts for it), leaving the rest with a single holder to ask next.
  It also asks each opponent for their deeds of a count-rent or dice-rent group it holds part
  of (Weapons or railroads, whose rent each grows with how many the owner holds; Shards of
  Narsil or utilities), on the same terms: the basic bot asks no premium for such a group,
  and the model counts what the whole collection earns over the rounds left (in Lord of the
  Rings a fourth Weapon takes each one's rent from M4 to M8 for its M4 price).
- **A set waiting for another** (``sets_given``): a deed whose group's other deeds one other
  player holds is that player's set waiting for it. Whoever asks for it (a broker buying to
  resell), the expert hands it over only for at least what the set is worth to that player
  built in time, and never below the basic valuation's price of a set (its price, the group's
  price again). Its own proposals never offer such a deed to anyone but the player it is
  waiting for, nor a deed that leaves the partner one deed short of a group; one that
  completes the partner's group never below the basic valuation's price of that set.
- **Asking again** (``may_offer``): to the same player at most once in ``OFFER_ROUNDS``
  rounds, and, after a refusal, the same deeds again only once the owners or the mortgages
  changed (read from the game's history: a bot made for a resumed game reads a refusal as of
  the position it first looks at).
- **The Ring** (its horizon): the rounds the track is expected to last from where its tracker
  stands (``Model.rounds_to_end``); once a bearer nears the end it spends only on buildings
  the end's payout pays back. Its meetings on the way are the Ring edition's own play
  (``bots.expert_ring``).
- Decisions it has no model for (a tax choice, placing a building won at auction, a building
  auction, a mechanic newer than it) are the basic bot's: ``HABITS`` lists the expert's own
  by decision kind, and is the seam where an edition's own decisions are added.
- **An edition's own play**: an edition whose rules call for a play of their own (Dungeons &
  Dragons' securing, Longest Game Ever's buy-outs and end, the Ring's meetings) is played
  first by the module registered for the mechanics or rules it has
  (``bots.expert_plays.edition_play``, the registry: ``bots.expert_dnd``,
  ``bots.expert_lge``, ``bots.expert_ring`` register themselves there when ``bots`` imports
  them; this module imports none of them), which answers the decisions it knows and leaves
  the others (None) to the habits above.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from monopoly_tui.bots.base import (
    MAX_EXTRAS,
    DecidingBot,
    NoChoiceError,
    chance,
    extras_in_decision,
    proposed_this_turn,
    simple_action,
)
from monopoly_tui.bots.basic import BasicBot, trade_value
from monopoly_tui.bots.expert_plays import EDITION_PLAYS, EditionPlay, edition_play
from monopoly_tui.bots.value_model import NEAR_END, Model, model_of
from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.frames import (
    AuctionFrame,
    BuyFrame,
    DebtsFrame,
    TradeFrame,
    TransfersFrame,
)
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.jail import fine_before_roll
from monopoly_tui.engine.mechanics.ring import ring_of, state_of
from monopoly_tui.engine.spec import COUNT_RENT, DICE_RENT, STREET, Spec
from monopoly_tui.engine.state import GameState, TradeOffer

HORIZON_ROUNDS: Final = 60
"""Rounds over which a holding's rent is counted (a round: one turn of each opponent)."""
SHARE_KAPPA: Final = 0.5
"""In a game of three or more, a trade must gain the expert at least this share of what it
gains the partner (a whole group for the partner: all of it)."""
DENIAL_SHARE: Final = 0.5
"""In an auction, this share of a deed's worth to an opponent it completes a group for is
added to the expert's limit."""
SAFETY_TOP: Final = 1.0
"""The safety covers at most this share of the highest opponent rent..."""
SAFETY_LAPS: Final = 1.0
"""...and at most this many laps of the expected opponent rent."""
CASH_RACE: Final = True
"""Whether the expert stops spending when the game may soon end by counting cash."""
BUILD_KEEP: Final = 1.0
"""A building is bought while this share of the safety stays in cash after it."""
PAIRS: Final = True
"""Whether a proposal may offer two lone deeds for what completes a group."""
GIVE_SET_SHARE: Final = 2.0
"""A trade the expert proposes that completes the partner's colour group must gain the expert
at least this many times what it gains the partner (that group counted at its full
development, as the partner builds it in time): a set handed to one opponent is also a set
against every other player."""
STEP_SHARE: Final = 0.2
"""A trade for the deeds one of two opponents holds of a colour group the expert holds part of
(a step: afterwards a single opponent holds what the expert still misses, and that one can be
asked for it) counts this share of what the whole group would be worth to the expert."""
COUNT_GROUPS: Final = True
"""Whether the expert also asks an opponent for their deeds of a count-rent or dice-rent group
(Weapons, railroads; Shards, utilities) it holds part of."""
PROPOSE_CHANCE: Final = 1.0
"""How often, at the end of a turn, the expert looks for a trade to propose."""
SWAP_SHARE: Final = 0.75
"""In a game of three or more, a swap offered to the expert that completes a colour group for
each side is accepted when it gains the expert at least this share of what it gains the
partner (each group counted at its full development in time): both sets face the players
left out. (Against three basic bots that refuse its own offers it won 18.0% and 17.8% of 400
classic and Game of Thrones games with it, 16.2% and 15.5% without.)"""
OFFER_ROUNDS: Final = 3
"""The expert proposes to the same player at most once in this many rounds (a round: one
turn of each player still in the game)."""


class ExpertBot(DecidingBot):
    """The expert strategy above, deterministic for its seed."""

    name = "expert"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.basic = BasicBot(seed)
        """The basic bot, for the decisions the expert has no model for."""
        self._spec: Spec | None = None
        self.model: Model | None = None
        self._proposed: set[TradeOffer] = set()
        self._history_seen = 0
        self._ends = 0
        """Turns ended in the game's history (read with the offers)."""
        self._offered_at: dict[int, int] = {}
        """Per partner, ``_ends`` when the expert last proposed to them."""
        self._refused_last: dict[int, bool] = {}
        """Per partner, whether they turned down the expert's last offer to them."""
        self._open: TradeOffer | None = None
        """The expert's offer last seen proposed and not answered yet."""
        self._refused: dict[tuple[int, tuple[int, ...], tuple[int, ...]],
                            tuple[tuple[int, ...], tuple[bool, ...]]] = {}
        """The deeds of each offer a partner turned down (partner, given, taken), with the
        owners and mortgages as they stood when the refusal was read."""
        self._play: EditionPlay | None = None
        """The edition's own play (``edition_play``), if it has one."""

    # ------------------------------------------------------------------ the decision

    def decide(self, game: Game, kind: str, player: int) -> Action:
        """``choose`` for a caller that has just read ``game.waiting_for``: the edition's own
        play (``edition_play``), else the expert's habit for the decision's kind
        (``HABITS``), else, when it has none or declines (returns None), the basic bot's
        choice."""
        if game.spec is not self._spec:
            self._spec = game.spec
            self.model = model_of(game.spec)
            self._play = next((play for applies, play in EDITION_PLAYS if applies(game.spec)),
                              None)
        if self._play is not None:
            action = self._play(self, game, kind, player)
            if action is not None:
                return action
        habit = HABITS.get(kind)
        if habit is not None:
            action = habit(self, game, player)
            if action is not None:
                return action
        return self.basic.decide(game, kind, player)

    @property
    def m(self) -> Model:
        m = self.model
        assert m is not None
        return m

    # ------------------------------------------------------------------ the value model

    def horizon(self, st: GameState) -> float:
        """The opponent turns over which a holding's rent counts: the rounds of the horizon
        (fewer where the game is expected to end sooner at the end of a track, from where its
        tracker stands, ``Model.rounds_to_end``) times the opponents still in the game who
        pay rent (``Model.paying_opponents``: the Ring's bearer pays none)."""
        alive = sum(1 for q in st.players if not q.bankrupt)
        m = self.m
        return min(float(HORIZON_ROUNDS), m.rounds_to_end(st)) * m.paying_opponents(alive)

    def holdings(self, owner: list[int], mortgaged: list[bool], player: int, horizon: float,
                 budget: float) -> float:
        """What ``player``'s deeds are worth by the model (see the module), the development
        of whole groups limited to ``budget``."""
        m = self.m
        board = m.board
        spec = m.spec
        total = 0.0
        price, lift = board.price, board.unmortgage_cost
        for d, o in enumerate(owner):
            if o == player:
                total += price[d] - lift[d] if mortgaged[d] else price[d]
        for g in spec.groups:
            deeds = g.deeds
            if not deeds:
                continue
            held = [d for d in deeds if owner[d] == player]
            if not held:
                continue
            if g.kind == STREET:
                if len(held) == len(deeds):
                    alone = sum(m.street_alone(d) for d in deeds)
                    total += max(0.0, m.set_value(g.index, horizon, budget) - horizon * alone)
            elif g.kind in (COUNT_RENT, DICE_RENT) and len(held) > 1:
                k = len(held) - 1
                together = sum(m.income[d][min(k, len(m.income[d]) - 1)] for d in held)
                apart = sum(m.income[d][0] for d in held)
                total += horizon * max(0.0, together - apart)
        return total

    def completes(self, owner: list[int], after: list[int], player: int) -> bool:
        """Whether ``after`` gives ``player`` a whole colour group ``owner`` did not."""
        for g in self.m.board.street_groups:
            deeds = self.m.board.group_deeds[g]
            if all(after[d] == player for d in deeds) and not all(owner[d] == player
                                                                 for d in deeds):
                return True
        return False

    def trade_gains(self, game: Game, offer: TradeOffer,
                    in_time: bool = False) -> tuple[float, float, bool]:
        """What a trade gains the proposer and the partner by the model (their holdings'
        change with the cash each has after it to build with, plus the cash and cards), and
        whether it completes a colour group for the partner... for each side: the third value
        says whether it completes one for the proposer, as seen by the partner. ``in_time``:
        each side's groups count at their full development, as their owner builds them in
        time, not only what the cash it has after the trade would build."""
        st = game.st
        owner = st.owner
        after = owner.copy()
        for d in offer.give_deeds:
            after[d] = offer.partner
        for d in offer.take_deeds:
            after[d] = offer.proposer
        h = self.horizon(st)
        card = game.spec.rules.jail_fine
        gains = []
        for who, cash_in, cards_in in (
            (offer.proposer, offer.take_cash - offer.give_cash,
             offer.take_cards - offer.give_cards),
            (offer.partner, offer.give_cash - offer.take_cash,
             offer.give_cards - offer.take_cards),
        ):
            cash = st.players[who].cash
            full = 1e18  # no limit: every group at its best development
            before = self.holdings(owner, st.mortgaged, who, h, full if in_time else cash)
            now = self.holdings(after, st.mortgaged, who, h,
                                full if in_time else cash + cash_in)
            gains.append(now - before + cash_in + cards_in * card)
        return gains[0], gains[1], self.completes(owner, after, offer.proposer)

    def fair_share(self, st: GameState, completes_theirs: bool) -> float:
        """The share of the other side's gain a trade must gain the expert at least."""
        alive = sum(1 for q in st.players if not q.bankrupt)
        return 1.0 if completes_theirs or alive <= 2 else SHARE_KAPPA

    # ------------------------------------------------------------------ safety

    def exposure(self, st: GameState, player: int) -> tuple[float, int]:
        """The rent ``player`` may meet per turn in the opponents' deeds, in expectation, and
        the highest single rent there now."""
        m = self.m
        spec = m.spec
        expected = 0.0
        top = 0
        owner, mortgaged = st.owner, st.mortgaged
        for d in spec.deeds:
            i = d.index
            o = owner[i]
            if o < 0 or o == player or mortgaged[i] or st.players[o].bankrupt:
                continue
            if d.kind == STREET:
                rent = P.street_rent(spec, st, i)
            elif d.kind == COUNT_RENT:
                rent = P.count_rent(spec, st, i)
            elif d.kind == DICE_RENT:
                n = P.count_owned(spec, st, o, d.group)
                table = spec.groups[d.group].dice_rent
                if not table:
                    continue
                e = table[min(n, len(table)) - 1]
                rent = int(e.multiplier * m.mean_roll)
            else:
                continue
            expected += m.deed_land[i] * rent
            if rent > top:
                top = rent
        return expected, top

    def mortgageable(self, st: GameState, player: int) -> int:
        """What ``player`` could raise by mortgages alone, without selling a building."""
        spec = self.m.spec
        b = st.buildings
        total = 0
        for d in spec.deeds:
            i = d.index
            if st.owner[i] == player and not st.mortgaged[i] and not any(
                b[x] for x in spec.groups[d.group].deeds
            ):
                total += d.mortgage
        return total

    def safety(self, st: GameState, player: int) -> int:
        """The cash the expert keeps (see the module): the rent it may meet before the next
        pass of GO, less what it could raise by mortgages, never below a small base."""
        m = self.m
        expected, top = self.exposure(st, player)
        lap = m.spec.size / max(1.0, m.mean_roll * m.moves_per_turn)
        need = min(float(top) * SAFETY_TOP, expected * lap * SAFETY_LAPS)
        base = m.board.base_reserve // 2
        return max(base, int(need) - self.mortgageable(st, player) // 2)

    # ------------------------------------------------------------------ decisions

    def _buy(self, game: Game, player: int) -> Action | None:
        """Buy when the safety stays, or when it completes or blocks a group; else auction."""
        f = game.frame
        if not isinstance(f, BuyFrame):
            return None
        st = game.st
        d = f.deed
        board = self.m.board
        cash = st.players[player].cash
        price = board.price[d]
        if cash >= price:
            keep = self.safety(st, player)
            if cash - price >= keep:
                return simple_action(A.A_BUY, player, d)
            if board.completes_for(st.owner, player, d) or board.blocks(st.owner, player, d):
                return simple_action(A.A_BUY, player, d)
            if cash - price + self.mortgageable(st, player) >= keep * 2:
                return simple_action(A.A_BUY, player, d)
        if game.spec.rules.auctions:
            return simple_action(A.A_AUCTION, player, d)
        return simple_action(A.A_DECLINE, player, d)

    def deed_worth(self, st: GameState, player: int, deed: int, budget: float) -> float:
        """What getting ``deed`` from the bank adds to ``player``'s holdings by the model."""
        h = self.horizon(st)
        after = st.owner.copy()
        after[deed] = player
        return (self.holdings(after, st.mortgaged, player, h, budget)
                - self.holdings(st.owner, st.mortgaged, player, h, budget))

    def _auction(self, game: Game, player: int) -> Action | None:
        """Bid the smallest step up to the limit (see the module), else drop out. (A
        building auction is the basic bot's.)"""
        auc = game.frame
        if not isinstance(auc, AuctionFrame) or auc.deed < 0:
            return None
        st = game.st
        d = auc.deed
        board = self.m.board
        cash = st.players[player].cash
        lo = game.min_bid()
        spare = cash - lo
        worth = self.deed_worth(st, player, d, spare)
        denial = 0.0
        for q, pl in enumerate(st.players):
            if q != player and not pl.bankrupt and board.completes_for(st.owner, q, d):
                denial = max(denial, DENIAL_SHARE * self.deed_worth(st, q, d, pl.cash))
        value = worth + denial
        if board.completes_for(st.owner, player, d):
            limit = min(value, float(game.max_bid(player)))
        else:
            limit = min(value, float(cash - self.safety(st, player) // 2))
        if lo > limit:
            return simple_action(A.A_DROP, player, d)
        return Action(A.A_BID, player, d, lo)

    def _debt(self, game: Game, player: int) -> Action | None:
        """Pay when the cash is there; bankrupt only when nothing else is allowed; otherwise
        raise cash, losing the least rent per coin first."""
        f = game.frame
        if not isinstance(f, DebtsFrame):
            return None
        st = game.st
        debt = f.debts[0]
        cash = st.players[player].cash
        if cash >= debt.amount:
            return simple_action(A.A_PAY_DEBT, player)
        if cash + P.raisable(game.spec, st, player) < debt.amount:
            return simple_action(A.A_BANKRUPT, player)
        return self.raise_cash(game, player)

    def rent_now(self, st: GameState, deed: int) -> float:
        """The rent a deed brings per opponent turn as things stand."""
        m = self.m
        spec = m.spec
        d = spec.deeds[deed]
        if st.owner[deed] < 0 or st.mortgaged[deed]:
            return 0.0
        if d.kind == STREET:
            return m.deed_land[deed] * P.street_rent(spec, st, deed)
        if d.kind == COUNT_RENT:
            return m.deed_land[deed] * P.count_rent(spec, st, deed)
        row = m.income[deed]
        n = P.count_owned(spec, st, st.owner[deed], d.group)
        return row[min(n, len(row)) - 1] if row else 0.0

    def raise_cash(self, game: Game, player: int) -> Action | None:
        """The next step to raise cash: the mortgage losing the least rent per coin (a street
        of an unbuilt whole group loses the group's doubled rent), then the building sale
        losing the least rent per coin."""
        st, spec = game.st, game.spec
        m = self.m
        best: tuple[float, int] | None = None
        for d in spec.deeds:
            i = d.index
            if st.owner[i] != player or st.mortgaged[i] or P.can_mortgage(spec, st, player, i):
                continue
            loss = self.rent_now(st, i)
            if d.kind == STREET and P.owns_group(spec, st, player, d.group):
                loss = m.set_rate(d.group, 0) - sum(
                    m.street_alone(x) for x in spec.groups[d.group].deeds if x != i)
            key = (loss / max(1, d.mortgage), i)
            if best is None or key < best:
                best = key
        if best is not None:
            return simple_action(A.A_MORTGAGE, player, best[1])
        sell: tuple[float, int] | None = None
        b = st.buildings
        for d in spec.deeds:
            i = d.index
            if st.owner[i] != player or not b[i] or P.can_sell_building(spec, st, player, i):
                continue
            level = b[i]
            loss = m.income[i][level] - m.income[i][level - 1]
            got = P.sell_price(spec, m.board.step_cost(i, level - 1))
            key = (loss / max(1, got), i)
            if sell is None or key < sell:
                sell = key
        if sell is not None:
            return simple_action(A.A_SELL_BUILDING, player, sell[1])
        return None

    def _jail(self, game: Game, player: int) -> Action | None:
        """Out early (card, else fine) while there is much left to buy and the opponents'
        rent is low, or when jail keeps it from collecting rent; else roll for doubles."""
        st, rules = game.st, game.spec.rules
        pl = st.players[player]
        m = self.m
        can_roll = rules.jail_roll_for_doubles
        expected, _ = self.exposure(st, player)
        unowned = sum(m.deed_land[d] for d, o in enumerate(st.owner) if o < 0)
        mine = sum(self.rent_now(st, d) for d, o in enumerate(st.owner) if o == player)
        leave = (unowned * m.mean_roll > expected * 4) or (rules.no_rent_in_jail and mine
                                                          > expected)
        if leave or not can_roll:
            if pl.cards:
                return simple_action(A.A_USE_CARD, player)
            if pl.cash >= rules.jail_fine and fine_before_roll(rules, pl.jail_turns) and (
                pl.cash - rules.jail_fine >= self.safety(st, player) or not can_roll
            ):
                return simple_action(A.A_PAY_FINE, player)
        if can_roll:
            return simple_action(A.A_ROLL, player)
        return None

    def _transfer(self, game: Game, player: int) -> Action | None:
        """Lift the mortgage of a deed received when it completes a group and the safety
        stays, or when rich; else keep it mortgaged."""
        f = game.frame
        if not isinstance(f, TransfersFrame):
            return None
        st = game.st
        d = f.transfers[0].deed
        board = self.m.board
        cost = board.unmortgage_cost[d]
        left = st.players[player].cash - cost
        keep = self.safety(st, player)
        whole = board.is_street[d] and P.owns_group(game.spec, st, player, board.group_of[d])
        if left >= keep * (1 if whole else 3):
            return simple_action(A.A_LIFT, player, d)
        return simple_action(A.A_KEEP, player, d)

    def _answer(self, game: Game, player: int) -> Action | None:
        """Accept when the trade gains the expert, and enough of what it gains the other."""
        f = game.frame
        if not isinstance(f, TradeFrame):
            return None
        offer = f.offer
        if offer.partner != player:
            return simple_action(A.A_REJECT, player)
        theirs, mine, _ = self.trade_gains(game, offer)
        st = game.st
        after = st.owner.copy()
        for d in offer.give_deeds:
            after[d] = offer.partner
        for d in offer.take_deeds:
            after[d] = offer.proposer
        completes_theirs = self.completes(st.owner, after, offer.proposer)
        if completes_theirs:
            # a whole group for them is worth what they will build on it in time
            theirs, mine, _ = self.trade_gains(game, offer, in_time=True)
        need = self.fair_share(st, completes_theirs) * max(0.0, theirs)
        if completes_theirs and self.completes(st.owner, after, player) \
                and sum(1 for q in st.players if not q.bankrupt) > 2:
            # a set for each side: both face the other players, who gain nothing
            need = SWAP_SHARE * max(0.0, theirs)
        basic = trade_value(self.m.board, st, player, offer, game.spec.rules.jail_fine)
        waiting, premium = self.sets_given(game, player, offer)
        if waiting > 0:
            # a deed whose group's rest one other player holds is that player's set waiting:
            # whoever it goes to, it is worth to the expert what that set is worth to them
            need = max(need, waiting)
            basic -= premium
        if (completes_theirs or waiting > 0) and basic < 0:
            # nor for less than a set's price by the basic valuation (its deeds' price, the
            # group's price again), however the model ranks the two sides
            return simple_action(A.A_REJECT, player)
        if mine > 0 and mine >= need and self._cash_ok(game, player, offer):
            return simple_action(A.A_ACCEPT, player)
        return simple_action(A.A_REJECT, player)

    def _cash_ok(self, game: Game, player: int, offer: TradeOffer) -> bool:
        """Whether the cash the expert keeps after a trade stays above half its safety."""
        st = game.st
        if player == offer.proposer:
            left = st.players[player].cash - offer.give_cash + offer.take_cash
        else:
            left = st.players[player].cash - offer.take_cash + offer.give_cash
        return left >= self.safety(st, player) // 2

    def sets_given(self, game: Game, player: int, offer: TradeOffer) -> tuple[float, int]:
        """The sets ``player`` would hand to a third player in ``offer``: each deed it gives
        whose group's other deeds are all held by one player other than it and the offer's
        other side (a broker's purchase to resell), counted at what completing that group
        is worth to that player in time (by the model) and at the basic valuation's premium
        (the group's price again). The other side's own groups are the caller's
        (``completes``)."""
        st = game.st
        board = self.m.board
        given = offer.give_deeds if player == offer.proposer else offer.take_deeds
        other = offer.partner if player == offer.proposer else offer.proposer
        owner = st.owner
        worth = 0.0
        premium = 0
        h = self.horizon(st)
        for d in given:
            q = self._waits_for(owner, player, d)
            if q < 0 or q == other or st.players[q].bankrupt:
                continue
            g = board.group_of[d]
            after = owner.copy()
            after[d] = q
            worth += (self.holdings(after, st.mortgaged, q, h, 1e18)
                      - self.holdings(owner, st.mortgaged, q, h, 1e18))
            premium += board.set_bonus[g]
        return worth, premium

    def cash_race(self, game: Game) -> bool:
        """Whether the game may soon end by counting cash: the Ring's bearer is within
        ``NEAR_END`` circles of the end of the track. Then cash is worth more than what it
        would buy: the expert builds only what the end's payout pays back, and proposes
        nothing."""
        ring = ring_of(game.spec)
        if ring is None or not CASH_RACE:
            return False
        rs = state_of(game.st)
        return rs.bearer >= 0 and len(ring.track) - rs.circle <= NEAR_END

    # ------------------------------------------------------------------ at any time

    def _end_turn(self, game: Game, player: int) -> Action:
        """At the end of a turn: a voluntary choice first (``_voluntary``), else end it.
        (The offers made and refused are read from the history first, so a refusal is read
        with the position it was made in.)"""
        self._sync_proposed(game, player)
        extra = self._voluntary(game, player)
        return extra if extra is not None else simple_action(A.A_END_TURN, player)

    def _voluntary(self, game: Game, player: int) -> Action | None:
        """Before ending the turn: lift mortgages in whole groups, build, mortgage a lone
        deed to build, now and then propose a trade, lift other mortgages when rich; at most
        a few such choices per decision."""
        st = game.st
        if extras_in_decision(game, player) >= MAX_EXTRAS:
            return None
        cash = st.players[player].cash
        keep = self.safety(st, player)
        if self.cash_race(game):
            return self._build(game, player, cash, keep, paid_back=True)
        action = self._lift_whole(game, player, cash, keep) or self._build(
            game, player, cash, keep)
        if action is not None:
            return action
        if chance(self.seed, st.turns, player, 7) < PROPOSE_CHANCE and not proposed_this_turn(
                game, player):
            action = self._propose(game, player)
            if action is not None:
                return action
        return self._lift_other(game, player, cash, keep)

    def _lift_whole(self, game: Game, player: int, cash: int, keep: int) -> Action | None:
        """Lift the mortgage of a street in a whole group, when the safety stays."""
        st, spec = game.st, game.spec
        board = self.m.board
        best: tuple[int, int] | None = None
        for d in spec.deeds:
            i = d.index
            if st.owner[i] != player or not st.mortgaged[i] or d.kind != STREET:
                continue
            if not P.owns_group(spec, st, player, d.group):
                continue
            if cash - board.unmortgage_cost[i] >= keep:
                key = (d.price, i)
                if best is None or key > best:
                    best = key
        return simple_action(A.A_UNMORTGAGE, player, best[1]) if best else None

    def _lift_other(self, game: Game, player: int, cash: int, keep: int) -> Action | None:
        """Lift any other mortgage when three times the safety stays after it."""
        st, spec = game.st, game.spec
        board = self.m.board
        for d in spec.deeds:
            i = d.index
            if st.owner[i] == player and st.mortgaged[i] and \
                    cash - board.unmortgage_cost[i] >= 3 * keep + board.base_reserve:
                return simple_action(A.A_UNMORTGAGE, player, i)
        return None

    def _build(self, game: Game, player: int, cash: int, keep: int,
               paid_back: bool = False) -> Action | None:
        """The building that gains the most per coin (its rent over the horizon plus what
        the end pays more for it), when the safety stays; when cash is short for it, a
        mortgage of a lone deed whose rent is worth far less. ``paid_back``: only a building
        on a street whose full development the end pays back (the end payout it adds, from
        here to the top level, is at least what the buildings cost)."""
        st, spec = game.st, game.spec
        m = self.m
        b = st.buildings
        h = self.horizon(st)
        top = m.street_levels
        best: tuple[float, int, int] | None = None
        for g in m.board.street_groups:
            deeds = m.board.group_deeds[g]
            if any(st.owner[d] != player for d in deeds):
                continue
            for d in deeds:
                if P.can_build(spec, st, player, d):
                    continue
                level = b[d]
                cost = m.board.step_cost(d, level)
                if cost <= 0:
                    continue
                pays = m.payout[d]
                dev = m.dev_cost[d]
                if paid_back and pays[top] - pays[level] < dev[top] - dev[level]:
                    continue
                gain = h * (m.income[d][level + 1] - m.income[d][level]) + pays[level + 1] \
                    - pays[level]
                key = (gain / cost, d, cost)
                if best is None or key > best:
                    best = key
        if best is None:
            return None
        rate, d, cost = best
        if cash - cost >= keep * BUILD_KEEP:
            if _building_auction_held(game, player):
                return None  # its shortage auction ended unsold: asking again would loop
            return simple_action(A.A_BUILD, player, d)
        # short of cash: mortgage a lone deed whose rent over the horizon is far less
        if rate < 0.5 or paid_back:
            return None
        lone: tuple[float, int] | None = None
        for x in spec.deeds:
            i = x.index
            if st.owner[i] != player or st.mortgaged[i] or P.can_mortgage(spec, st, player, i):
                continue
            if x.kind == STREET and P.owns_group(spec, st, player, x.group):
                continue
            loss = self.rent_now(st, i) * h
            if loss < rate * cost:
                cheap = (loss / max(1, x.mortgage), i)
                if lone is None or cheap < lone:
                    lone = cheap
        if lone is not None and cash + spec.deeds[lone[1]].mortgage >= cost + keep // 2:
            return simple_action(A.A_MORTGAGE, player, lone[1])
        return None

    # ------------------------------------------------------------------ proposals

    def _near_group(self, owner: list[int], player: int, deed: int) -> bool:
        """Whether ``deed`` is in a colour group ``player`` holds all but one deed of, or
        all of."""
        board = self.m.board
        if not board.is_street[deed]:
            return False
        deeds = board.group_deeds[board.group_of[deed]]
        return sum(1 for d in deeds if owner[d] != player) <= 1

    def _waits_for(self, owner: list[int], player: int, deed: int) -> int:
        """The player other than ``player`` who holds every other deed of ``deed``'s colour
        group (a set waiting for them), or -1."""
        board = self.m.board
        if not board.blocks(owner, player, deed):
            return -1
        return next(owner[x] for x in board.group_deeds[board.group_of[deed]] if x != deed)

    def _sync_proposed(self, game: Game, player: int) -> None:
        """Read the offers this seat has made from the game's history (new entries only):
        each offer, the turn count when it was made to its partner, and the deeds of those
        turned down (with the owners and mortgages as they stand when the refusal is read:
        a bot made for a resumed game reads them as of its first look)."""
        history = game.history
        if len(history) < self._history_seen:
            self._proposed.clear()
            self._offered_at.clear()
            self._refused.clear()
            self._refused_last.clear()
            self._open = None
            self._ends = 0
            self._history_seen = 0
        st = game.st
        for a in history[self._history_seen:]:
            kind = a.kind
            if kind == A.A_END_TURN:
                self._ends += 1
            elif kind == A.A_PROPOSE and a.player == player and a.trade is not None:
                self._proposed.add(a.trade)
                self._offered_at[a.trade.partner] = self._ends
                self._open = a.trade
            elif self._open is not None and a.player == self._open.partner and kind in (
                    A.A_ACCEPT, A.A_REJECT, A.A_COUNTER):
                self._refused_last[self._open.partner] = kind != A.A_ACCEPT
                if kind != A.A_ACCEPT:
                    o = self._open
                    self._refused[(o.partner, o.give_deeds, o.take_deeds)] = (
                        tuple(st.owner), tuple(st.mortgaged))
                self._open = None
        self._history_seen = len(history)

    def may_offer(self, game: Game, partner: int, give: tuple[int, ...],
                  take: tuple[int, ...], after_refusal: bool = False) -> bool:
        """Whether the expert may propose these deeds to ``partner`` now (after
        ``_sync_proposed``): not within ``OFFER_ROUNDS`` rounds of its last offer to them
        (``after_refusal``: only when they turned that offer down), and not the deeds of an
        offer they turned down while the deeds' owners and mortgages are as they were then."""
        st = game.st
        alive = sum(1 for q in st.players if not q.bankrupt)
        last = self._offered_at.get(partner)
        if last is not None and self._ends - last < OFFER_ROUNDS * alive and (
                not after_refusal or self._refused_last.get(partner, False)):
            return False
        seen = self._refused.get((partner, give, take))
        return seen is None or seen != (tuple(st.owner), tuple(st.mortgaged))

    def _propose(self, game: Game, player: int) -> Action | None:
        """The best trade for the deeds that complete one of the expert's groups, or for a
        step towards one split between two opponents, or for an opponent's deeds of a
        count-rent or dice-rent group it holds part of (see the module), or None."""
        st = game.st
        board = self.m.board
        owner = st.owner
        m = self.m
        h = self.horizon(st)
        # (partner, the deeds asked for, their group, the bonus a step counts)
        wanted: list[tuple[int, tuple[int, ...], int, float]] = []
        for g in board.street_groups:
            deeds = board.group_deeds[g]
            missing = tuple(d for d in deeds if owner[d] != player)
            if not missing or len(missing) == len(deeds):
                continue
            holders = sorted({owner[d] for d in missing})
            if any(q < 0 or st.players[q].bankrupt for q in holders):
                continue
            if len(holders) == 1:
                wanted.append((holders[0], missing, g, 0.0))
            elif len(holders) == 2:
                # a step: one holder's deeds, leaving what it misses with the other alone
                whole = m.set_value(g, h, st.players[player].cash) - h * sum(
                    m.street_alone(d) for d in deeds)
                for q in holders:
                    take = tuple(d for d in missing if owner[d] == q)
                    wanted.append((q, take, g, STEP_SHARE * max(0.0, whole)))
        if COUNT_GROUPS:
            for g in board.count_groups:
                deeds = board.group_deeds[g]
                if not any(owner[d] == player for d in deeds):
                    continue
                for q in sorted({owner[d] for d in deeds if owner[d] != player}):
                    if q < 0 or st.players[q].bankrupt:
                        continue
                    wanted.append((q, tuple(d for d in deeds if owner[d] == q), g, 0.0))
        if not wanted:
            return None
        self._sync_proposed(game, player)
        card_value = game.spec.rules.jail_fine
        cash = st.players[player].cash
        best: tuple[float, TradeOffer] | None = None
        for q, take, group, bonus in wanted:
            gives: list[tuple[int, ...]] = [()]
            # never its own deeds of the group it asks for
            mine_here = [d for d, o in enumerate(owner) if o == player
                         and board.group_of[d] != group]
            for d in mine_here:
                gives.append((d,))
            if PAIRS:
                # pairs of its lone deeds (outside any group it is building towards)
                lone = [d for d in mine_here if not self._near_group(owner, player, d)]
                for i, d in enumerate(lone):
                    for e in lone[i + 1:]:
                        gives.append((d, e))
            for give in gives:
                if any(self._waits_for(owner, player, d) not in (-1, q) for d in give):
                    continue  # a set waiting for a third player is never given away
                if not self.may_offer(game, q, give, take):
                    continue
                base = TradeOffer(player, q, give, take)
                if game.trade_problem(base):
                    continue
                # the least the partner's fair-trade valuation asks
                net = trade_value(board, st, q, base, card_value)
                if net >= 0:
                    ask = min(net, st.players[q].cash) // 2
                    offer = TradeOffer(player, q, give, take, take_cash=ask)
                else:
                    offer = TradeOffer(player, q, give, take, give_cash=-net)
                if offer.give_cash > cash or offer in self._proposed:
                    continue
                if trade_value(board, st, q, offer, card_value) < 0:
                    continue
                after = owner.copy()
                for d in give:
                    after[d] = q
                for d in take:
                    after[d] = player
                completes_theirs = self.completes(owner, after, q)
                if completes_theirs:
                    # a set handed over: never below its price by the basic valuation
                    if trade_value(board, st, player, offer, card_value) < 0:
                        continue
                elif any(self._near_group(after, q, d) for d in give):
                    continue  # a deed that leaves the partner one short of a group
                # a whole group for the partner is worth what it will build on it in time
                mine, theirs, _ = self.trade_gains(game, offer, in_time=completes_theirs)
                mine += bonus
                share = GIVE_SET_SHARE if completes_theirs else self.fair_share(st, False)
                need = share * max(0.0, theirs)
                score = mine - need
                if mine <= 0 or score <= 0 or not self._cash_ok(game, player, offer):
                    continue
                if best is None or score > best[0]:
                    best = (score, offer)
        if best is None:
            return None
        self._proposed.add(best[1])
        return Action(A.A_PROPOSE, player, trade=best[1])


Habit = Callable[[ExpertBot, Game, int], Action | None]
"""An expert habit: the choice for one decision kind, or None to leave it to the basic bot."""

HABITS: dict[str, Habit] = {
    A.END_TURN: ExpertBot._end_turn,
    A.BUY: ExpertBot._buy,
    A.AUCTION: ExpertBot._auction,
    A.DEBT: ExpertBot._debt,
    A.JAIL: ExpertBot._jail,
    A.TRADE: ExpertBot._answer,
    A.MORTGAGED_TRANSFER: ExpertBot._transfer,
}
"""The expert's habits by decision kind (``game.waiting_for``'s kind). A kind missing here,
or a habit returning None, is the basic bot's decision (rolling, a tax choice, placing a
building won at auction, a building auction, a mechanic the expert has no model for).

The seam for an edition's own decisions: a mechanic's expert habits live in a module of their
own (``bots/expert_<mechanic>.py``), which never imports this one: it registers its play
with ``bots.expert_plays.edition_play`` and reads the expert through
``bots.expert_plays.ExpertSeat`` (its model ``bot.m``, its offers); the play is asked before
these habits and may return None to fall back on them and on the basic bot."""

def _building_auction_held(game: Game, player: int) -> bool:
    """Whether, while the bank is short of buildings, this seat has already asked for one this
    turn and the shortage auction it opened was held (bids or drop-outs followed the request).
    Asking again would open the same auction: with everyone dropping out at its opening price,
    over and over (an NFL game looped so at decision 3,788)."""
    st = game.st
    if st.bank_houses >= len(st.players) and st.bank_hotels >= len(st.players):
        return False  # no shortage: a build never opens an auction
    auction = False
    for a in reversed(game.history):
        if a.kind == A.A_END_TURN:
            return False
        if a.kind in (A.A_BID, A.A_DROP):
            auction = True
        elif a.kind == A.A_BUILD and a.player == player and auction:
            return True
    return False

__all__ = ["EDITION_PLAYS", "EditionPlay", "ExpertBot", "NoChoiceError", "edition_play"]
