"""A plain, sensible player: the opponent a newcomer faces, and the yardstick for simulations.

Its habits, each one a method below:

- buys what it can afford while keeping a cash reserve; the reserve grows with the rent the
  opponents' buildings can charge;
- bids in auctions up to a value (the price; more for a deed that completes or blocks a colour
  group), never above what it could raise;
- builds evenly on its whole colour groups, keeping the reserve, the cheapest step of the group
  that gains the most rent per coin first;
- raises cash for a debt by mortgaging its least valuable deeds first, then selling buildings,
  then pays; it goes bankrupt only when that is the only choice left;
- leaves jail at once early on (card, else fine) and stays in, rolling, once opponents have built;
- pays the cheaper of a flat or a percentage tax, counting its own worth;
- lifts the mortgage of a mortgaged deed it receives when it can keep its reserve;
- accepts a trade only when it is fair by its valuation (deeds at their trade price: the
  printed price, or what the rules charge to get one from the bank when that is more, as a
  Dungeons & Dragons location's Adventure card price; a whole group whose rent doubles worth
  its trade price again; kept cards such as Item cards at their worth, ``bots.dnd_choice``),
  and never hands over the deed that completes a group for the other player without a
  premium of that group's trade price;
- now and then proposes a swap that completes a colour group for both players; when there is
  none, offers to buy the deed that completes its own group at the seller's premium, if rich
  enough (without this, a game where every group is split stalls until the turn cap);
- with the Ring: battles every bearer it meets; keeps the Ring while its cash covers the Eye's
  penalty on the next circle, else offers it (``bots.ring_choice``);
- a mechanic's decisions (Dungeons & Dragons: pay or roll, items, which item to lose) by the
  habits of ``bots.dnd_choice.HABITS``;
- where only owning every deed wins (versions, buy-outs): buys out, places and moves
  buildings where the dice go, and plays the end plan (``bots.collector``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from monopoly_tui.bots import collector as C
from monopoly_tui.bots import dnd_moves  # noqa: F401  (the Portal's and powers' habits)
from monopoly_tui.bots.base import (
    MAX_EXTRAS,
    Board,
    DecidingBot,
    NoChoiceError,
    chance,
    extras_in_decision,
    kept_card_worth,
    proposed_this_turn,
    simple_action,
)
from monopoly_tui.bots.dnd_choice import HABITS
from monopoly_tui.bots.ring_choice import ring_choice
from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.frames import (
    AuctionFrame,
    BuyFrame,
    DebtsFrame,
    TaxFrame,
    TradeFrame,
    TransfersFrame,
)
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.jail import fine_before_roll, rolls_out
from monopoly_tui.engine.spec import Spec
from monopoly_tui.engine.state import GameState, TradeOffer

TRADE_CHANCE: Final = 0.1
"""How often, at the end of a turn, the bot looks for a swap that completes two groups."""
THREAT_SHARE: Final = 3
"""The reserve grows by the opponents' highest building rent divided by this."""


def trade_value(board: Board, st: GameState, me: int, offer: TradeOffer, card_value: int,
                kept: Callable[[int, tuple[int, int]], int] | None = None) -> int:
    """What a trade is worth to ``me`` (either side of it) by the basic bot's valuation.

    The change in the worth of ``me``'s deeds (``Board.holdings_value``: each at its trade
    price), plus cash and Get Out of Jail Free cards received, minus those handed over, minus a
    premium of the group's trade price for every group the other player completes with a deed
    ``me`` hands over; with ``kept`` (``(holder, card) -> worth``), the other kept cards (Item
    cards) received less those handed over, each at its worth to its holder before the
    trade."""
    owner = st.owner
    after = owner.copy()
    for d in offer.give_deeds:
        after[d] = offer.partner
    for d in offer.take_deeds:
        after[d] = offer.proposer
    if me == offer.proposer:
        other, given = offer.partner, offer.give_deeds
        cash = offer.take_cash - offer.give_cash
        cards = offer.take_cards - offer.give_cards
    else:
        other, given = offer.proposer, offer.take_deeds
        cash = offer.give_cash - offer.take_cash
        cards = offer.give_cards - offer.take_cards
    mortgaged = st.mortgaged
    net = board.holdings_value(after, mortgaged, me) - board.holdings_value(owner, mortgaged, me)
    net += cash + cards * card_value
    if kept is not None:
        got, handed = ((offer.take_kept, offer.give_kept) if me == offer.proposer
                       else (offer.give_kept, offer.take_kept))
        net += sum(kept(other, h) for h in got) - sum(kept(me, h) for h in handed)
    premium_groups = {board.group_of[d] for d in given}
    for g in sorted(premium_groups):
        deeds = board.group_deeds[g]
        if board.set_bonus[g] and all(after[d] == other for d in deeds) and not all(
            owner[d] == other for d in deeds
        ):
            net -= board.set_bonus[g]
    return net


class BasicBot(DecidingBot):
    """The basic strategy above, deterministic for its seed."""

    name = "basic"
    board: Board
    """The edition's facts, set at the first decision (and again if the edition changes)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._spec: Spec | None = None
        self._owner_snap: list[int] = []
        self._full: list[int] = []
        self._mine: list[int] | None = None
        """The bot's deeds, for the owners of ``_owner_snap`` (None: not listed yet; only
        lifting a mortgage needs them)."""
        self._one_short = False
        self._propose_snap: list[int] = []
        self._owner_player = -1
        self._proposed: set[TradeOffer] = set()
        """Offers this bot has made in the game (read from the game's history)."""
        self._history_seen = 0
        self._threat_of: tuple[list[int], int] = ([], -1)
        """The per-player rents (the board's list) and the seat ``_threat`` was counted for."""
        self._threat = 0
        self._collector = False
        """Whether the edition is won only by owning every deed (``collector``'s habits)."""
        self._seat = -1
        self._roll = simple_action(A.A_ROLL, 0)
        self._end = simple_action(A.A_END_TURN, 0)

    # ------------------------------------------------------------------ the decision

    def decide(self, game: Game, kind: str, player: int) -> Action:
        """``choose`` for a caller that has just read ``game.waiting_for`` (``kind`` and
        ``player`` must be what it says)."""
        if game.spec is not self._spec:
            self._spec = game.spec
            self.board = Board.of(game.spec)
            self._owner_snap = []
            self._collector = C.is_collector_edition(game)
        if player != self._seat:  # the seat's two commonest choices, looked up once
            self._seat = player
            self._roll = simple_action(A.A_ROLL, player)
            self._end = simple_action(A.A_END_TURN, player)
        if kind == A.ROLL:
            return self._roll
        if kind == A.END_TURN:
            extra = self._voluntary(game, player, kind)
            return extra if extra is not None else self._end
        if kind == A.BUY:
            return self._buy(game, player)
        if kind == A.AUCTION:
            return self._auction(game, player)
        if kind == A.DEBT:
            return self._debt(game, player)
        if kind == A.JAIL:
            return self._jail(game, player)
        if kind == A.TAX:
            return self._tax(game, player)
        if kind == A.TRADE:
            if C.is_collector_edition(game):
                yes = C.answer(game, player)
                if yes is not None:
                    return yes
            return self._answer(game, player)
        if kind == A.MORTGAGED_TRANSFER:
            if C.is_collector_edition(game):
                keep = C.transfer(self, game, player)
                if keep is not None:
                    return keep
            return self._transfer(game, player)
        if kind == A.PLACE_BUILDING:
            return self._place(game, player)
        if kind == A.RING:
            return ring_choice(game, player)
        mechanic_habit = HABITS.get(kind)
        if mechanic_habit is not None:
            return mechanic_habit(game, player)
        if kind == A.BUY_OUT:
            return C.buy_out(self, game, player)
        if kind == A.PLACE_VERSION:
            return C.place_version(game, player)
        # A decision this bot has no habit for (a mechanic newer than it): the first choice the
        # engine lists.
        choices = game.pending.choices
        if not choices:
            raise NoChoiceError(f"the {kind} decision of player {player} has no legal choice")
        return choices[0]

    # ------------------------------------------------------------------ what it knows

    def threat(self, st: GameState, player: int) -> int:
        """The highest rent an opponent's buildings charge now (0 before anyone builds):
        counted again only when the board's rents per player were (``Board.count_rents``)."""
        board, b, owner = self.board, st.buildings, st.owner
        # the shared count is current at most calls
        if not (b == board.rents_buildings and (not board.rents_any
                                                or owner == board.rents_owner)):
            board.count_rents(b, owner)
        if not board.rents_any:  # nothing built
            return 0
        rents = board.rents_best
        if rents is self._threat_of[0] and player == self._threat_of[1]:
            return self._threat
        top = 0
        for q, rent in enumerate(rents):
            if q != player and rent > top:
                top = rent
        self._threat_of, self._threat = (rents, player), top
        return top

    def reserve(self, st: GameState, player: int) -> int:
        """Cash the bot keeps in hand: a base (a twentieth of the starting money) plus a share
        of the highest rent the opponents' buildings charge."""
        return self.board.base_reserve + self.threat(st, player) // THREAT_SHARE

    def _full_groups(self, st: GameState, player: int) -> list[int]:
        """The colour groups the bot owns whole (recounted only when ownership changed)."""
        if st.owner != self._owner_snap or player != self._owner_player:
            self._count_holdings(st.owner, player)
        return self._full

    def _count_holdings(self, owner: list[int], player: int) -> None:
        """Recount, from who owns what: the bot's whole colour groups (to build on), and
        whether some group whose whole doubles the rent (a colour group, or a pair of
        locations) lacks just one deed that another player holds (a trade could complete it);
        its deeds are listed again when next needed."""
        self._owner_player = player
        self._owner_snap = owner.copy()
        board = self.board
        self._mine = None  # (listed when a mortgage to lift asks for them)
        full: list[int] = []
        one_short = False
        is_street = board.is_street
        for g in board.set_groups:  # (colour groups, and D&D's pairs of locations)
            deeds = board.group_deeds[g]
            missing = -1
            for d in deeds:
                if owner[d] != player:
                    if missing >= 0:
                        missing = -2
                        break
                    missing = d
            if missing == -1:
                if is_street[deeds[0]]:  # (buildings go on streets only)
                    full.append(g)
            elif missing >= 0 and len(deeds) > 1 and owner[missing] >= 0:
                one_short = True
        self._full = full
        self._one_short = one_short

    def _one_deed_short(self, st: GameState, player: int) -> bool:
        """Whether a colour group of the bot's lacks only a deed another player holds: unless
        one does, no trade proposal can come of this turn."""
        self._full_groups(st, player)  # recounts the holdings if ownership changed
        return self._one_short

    def deed_value(self, st: GameState, player: int, deed: int) -> int:
        """What a deed is worth to the bot in an auction: its price, half as much again when
        it blocks another player's colour group, twice when it completes the bot's own."""
        board = self.board
        price = board.price[deed]
        if board.completes_for(st.owner, player, deed):
            return price * 2
        if board.blocks(st.owner, player, deed):
            return price * 3 // 2
        return price

    # ------------------------------------------------------------------ decisions

    def _buy(self, game: Game, player: int) -> Action:
        """Buy when the reserve stays, or (when it can pay) when the deed completes or blocks
        a colour group; otherwise let it go to auction."""
        st = game.st
        f = game.frame
        assert isinstance(f, BuyFrame)
        d = f.deed
        board = self.board
        cash = st.players[player].cash
        price = board.price[d]
        if cash >= price:
            if cash - price >= self.reserve(st, player):
                return simple_action(A.A_BUY, player, d)
            if board.completes_for(st.owner, player, d) or board.blocks(st.owner, player, d):
                return simple_action(A.A_BUY, player, d)
        if game.spec.rules.auctions:
            return simple_action(A.A_AUCTION, player, d)
        return simple_action(A.A_DECLINE, player, d)

    def _auction(self, game: Game, player: int) -> Action:
        """Bid up to the deed's value, jumping by a tenth of it; for a building in short
        supply, up to half as much again as its price. Never above what it could raise, and,
        unless the deed completes a group, never into debt or below half the reserve. Asked
        again after passing (a pass is not final), it answers by the same limit."""
        st = game.st
        auc = game.frame
        assert isinstance(auc, AuctionFrame)
        cash = st.players[player].cash
        reserve = self.reserve(st, player)
        if auc.deed >= 0:
            value = self.deed_value(st, player, auc.deed)
            if self.board.completes_for(st.owner, player, auc.deed):
                limit = min(value, game.max_bid(player))
            else:
                limit = min(value, cash - reserve // 2)
        else:
            value = auc.building_cost(game) * 3 // 2
            limit = min(value, cash - reserve)
        lo = game.min_bid()
        if lo > limit:
            return simple_action(A.A_DROP, player, auc.deed)
        step = max(1, value // 10)
        want = value // 2 if auc.high_bidder < 0 else auc.high_bid + step
        return Action(A.A_BID, player, auc.deed, min(limit, max(lo, want)))

    def _tax(self, game: Game, player: int) -> Action:
        """The cheaper of the flat amount and the percentage of its total worth."""
        st = game.st
        f = game.frame
        assert isinstance(f, TaxFrame)
        sp = game.spec.spaces[f.space]
        worth = P.total_worth(game.spec, st, player)
        if worth * sp.tax_percent // 100 < sp.tax_amount:
            return simple_action(A.A_TAX_PERCENT, player, sp.index)
        return simple_action(A.A_TAX_FLAT, player, sp.index)

    def _debt(self, game: Game, player: int) -> Action:
        """Pay when the cash is there; go bankrupt only when that is the only choice the
        decision offers (selling and mortgaging everything would not pay); otherwise raise
        cash, least valuable first."""
        st = game.st
        f = game.frame
        assert isinstance(f, DebtsFrame)
        debt = f.debts[0]
        cash = st.players[player].cash
        if cash >= debt.amount:
            return simple_action(A.A_PAY_DEBT, player)
        if cash + P.raisable(game.spec, st, player) < debt.amount:
            return simple_action(A.A_BANKRUPT, player)
        raise_ = self.raise_cash(game, player)
        if raise_ is not None:
            return raise_
        return simple_action(A.A_BANKRUPT, player)

    def raise_cash(self, game: Game, player: int) -> Action | None:
        """The next step to raise cash, least valuable first: mortgage a deed outside the
        bot's whole groups (cheapest first), then one in a whole group without buildings, then
        sell a building from the group with the cheapest buildings (evenly; the whole group at
        once when the bank cannot break a hotel). None when nothing is left to sell or
        mortgage."""
        st, spec, board = game.st, game.spec, self.board
        owner, mortgaged, b = st.owner, st.mortgaged, st.buildings
        full = set(self._full_groups(st, player))
        best: tuple[int, int, int] | None = None
        for d, o in enumerate(owner):
            if o != player or mortgaged[d]:
                continue
            if P.can_mortgage(spec, st, player, d):
                continue
            key = (1 if board.group_of[d] in full else 0, board.price[d], d)
            if best is None or key < best:
                best = key
        if best is not None:
            return simple_action(A.A_MORTGAGE, player, best[2])
        groups = sorted(
            {board.group_of[d] for d, o in enumerate(owner) if o == player and b[d]},
            key=lambda g: (board.house_cost[board.group_deeds[g][0]], g),
        )
        for g in groups:
            deeds = board.group_deeds[g]
            top = max(b[d] for d in deeds)
            for d in deeds:
                if b[d] == top and not P.can_sell_building(spec, st, player, d):
                    return simple_action(A.A_SELL_BUILDING, player, d)
            return simple_action(A.A_SELL_ALL, player, g)
        return None

    def _jail(self, game: Game, player: int) -> Action:
        """Early (no opponent has built): out at once, by card, else by the fine when the
        reserve stays. Late, or short of the fine: stay in and roll to get out (doubles, or
        the face the rules name), if the rules allow rolling."""
        st, rules = game.st, game.spec.rules
        pl = st.players[player]
        fine = rules.jail_fine
        can_roll = rolls_out(rules)  # (doubles, or a face such as D&D's 6)
        if self.threat(st, player) == 0 or not can_roll:
            if pl.cards:
                return simple_action(A.A_USE_CARD, player)
            if pl.cash >= fine and fine_before_roll(rules, pl.jail_turns) \
                    and (pl.cash - fine >= self.reserve(st, player) or not can_roll):
                return simple_action(A.A_PAY_FINE, player)
        if can_roll:
            return simple_action(A.A_ROLL, player)
        if pl.cards:
            return simple_action(A.A_USE_CARD, player)
        # No roll frees a prisoner here: the fine is owed, and raised as a debt if short.
        return simple_action(A.A_PAY_FINE, player)

    def _transfer(self, game: Game, player: int) -> Action:
        """Lift the mortgage of a deed received when the reserve stays; else keep it."""
        st = game.st
        f = game.frame
        assert isinstance(f, TransfersFrame)
        d = f.transfers[0].deed
        cost = self.board.unmortgage_cost[d]
        if st.players[player].cash - cost >= self.reserve(st, player):
            return simple_action(A.A_LIFT, player, d)
        return simple_action(A.A_KEEP, player, d)

    def _place(self, game: Game, player: int) -> Action:
        """A building won at auction goes where it adds the most rent."""
        st, board = game.st, self.board
        choices = game.pending.choices
        if not choices:
            raise NoChoiceError(f"player {player} must place a building but has nowhere to")
        return max(
            choices,
            key=lambda a: (
                board.rent_at(a.target, st.buildings[a.target] + 1, True)
                - board.rent_at(a.target, st.buildings[a.target], True),
                -a.target,
            ),
        )

    def _answer(self, game: Game, player: int) -> Action:
        """Accept a fair trade (worth at least nothing by ``trade_value``); reject the rest."""
        st = game.st
        f = game.frame
        assert isinstance(f, TradeFrame)
        offer = f.offer
        value = trade_value(self.board, st, player, offer, game.spec.rules.jail_fine,
                            kept=lambda holder, card: kept_card_worth(game, holder, card))
        if value >= 0:
            return simple_action(A.A_ACCEPT, player)
        return simple_action(A.A_REJECT, player)

    # ------------------------------------------------------------------ at any time

    def _voluntary(self, game: Game, player: int, kind: str) -> Action | None:
        """Before ending the turn: lift mortgages in its whole groups, build, lift other
        mortgages, now and then propose a swap; at most a few such choices per decision.

        Most turns there is nothing to do, so the cheap checks come first: spending needs
        cash above the reserve, and a proposal is considered one turn in ten."""
        st = game.st
        history = game.history
        # (most turns the last choice was the roll: no extra choice made yet, no count)
        if history and history[-1].kind in A.ANYTIME \
                and extras_in_decision(game, player) >= MAX_EXTRAS:
            return None
        protect = False
        if self._collector:  # the end plan of a game won by owning everything
            plan = C.voluntary(self, game, player)
            if plan is not None:
                return plan
            protect = C.protecting(game, player)
        cash = st.players[player].cash
        # (_full_groups and reserve, inline: most turns ask them)
        if st.owner != self._owner_snap or player != self._owner_player:
            self._count_holdings(st.owner, player)  # (and whether a group lacks one deed)
        full = self._full
        # spending needs cash above the reserve: mortgages to lift, buildings to build (on
        # whole groups only)
        base = self.board.base_reserve
        any_mortgaged = st.mortgaged != self.board.unmortgaged
        if (full or any_mortgaged) and cash > base:
            reserve = base + self.threat(st, player) // THREAT_SHARE
            if cash > reserve:
                lift_whole, lift_other = self._lifts(st, player, full, cash, reserve) \
                    if any_mortgaged and not protect else (None, None)
                action = (lift_whole or self._build(game, player, full, cash, reserve)
                          or lift_other)
                if action is not None:
                    return action
        # The turn's chance of a proposal is drawn only when a proposal could come of it.
        if (
            self._one_short
            and chance(self.seed, st.turns, player) < TRADE_CHANCE
            and not proposed_this_turn(game, player)
        ):
            return self._propose(game, player)
        return None

    def _lifts(self, st: GameState, player: int, full: list[int], cash: int,
               reserve: int) -> tuple[Action | None, Action | None]:
        """Mortgages to lift, the dearest deed first: one in a whole group when the reserve
        stays after it, and one elsewhere when twice the reserve stays. (Asked only when
        something is mortgaged.)"""
        mortgaged = st.mortgaged
        board = self.board
        whole: tuple[int, int] | None = None
        other: tuple[int, int] | None = None
        mine = self._mine
        if mine is None:
            mine = self._mine = [d for d, o in enumerate(st.owner) if o == player]
        for d in mine:
            if not mortgaged[d]:
                continue
            left = cash - board.unmortgage_cost[d]
            key = (board.price[d], -d)
            if board.group_of[d] in full:
                if left >= reserve and (whole is None or key > whole):
                    whole = key
            elif left >= 2 * reserve and (other is None or key > other):
                other = key
        return (
            simple_action(A.A_UNMORTGAGE, player, -whole[1]) if whole else None,
            simple_action(A.A_UNMORTGAGE, player, -other[1]) if other else None,
        )

    def _build(self, game: Game, player: int, full: list[int], cash: int,
               reserve: int) -> Action | None:
        """One building on a whole, unmortgaged colour group, keeping the reserve: the group
        whose next step gains the most rent per coin, on its cheapest street to build."""
        if not full:
            return None
        st = game.st
        board = self.board
        b, mortgaged = st.buildings, st.mortgaged
        top = board.top
        level_rent = board.level_rent
        best: tuple[float, int] | None = None
        house_cost, hotel_cost = board.house_cost, board.hotel_cost
        for g in full:
            # the least built street of the group, the cheapest step first, then by index
            low, d, cost = top, -1, 0
            for x in board.group_deeds[g]:
                if mortgaged[x]:
                    low = top
                    break
                level = b[x]
                if level <= low:
                    c = hotel_cost[x] if level + 1 == top else house_cost[x]
                    if level < low or c < cost:
                        low, d, cost = level, x, c
            if low >= top or cost <= 0 or cash - cost < reserve:
                continue
            score = (level_rent[d][low + 1] - level_rent[d][low]) / cost
            if best is None or score > best[0]:
                best = (score, d)
        if best is None:
            return None
        d = best[1]
        if P.can_build(game.spec, st, player, d):
            return None
        return simple_action(A.A_BUILD, player, d)

    def _sync_proposed(self, game: Game, player: int) -> None:
        """Read the offers this seat has made from the game's history (new entries only), so
        a bot made for a resumed game remembers them too."""
        history = game.history
        if len(history) < self._history_seen:
            self._proposed.clear()
            self._history_seen = 0
        for a in history[self._history_seen :]:
            if a.kind == A.A_PROPOSE and a.player == player and a.trade is not None:
                self._proposed.add(a.trade)
        self._history_seen = len(history)

    def _propose(self, game: Game, player: int) -> Action | None:
        """Now and then (at most once a turn), a one-for-one swap that completes a group whose
        whole doubles the rent (a colour group, or a pair of locations) for each side, with
        cash making it even by the shared valuation. When no such swap exists, an offer to buy
        outright a deed that completes its own group, at the price the shared valuation makes
        even (the deed's price plus the group's price: the premium a seller asks), if its
        reserve stays. Never the same offer twice; after a swap search
        that found nothing it searches swaps again only once ownership changed."""
        st = game.st
        self._sync_proposed(game, player)
        board = self.board
        owner = st.owner
        # deeds that would complete a group for me, by who holds them
        wanted: list[tuple[int, int]] = []
        for g in board.set_groups:
            deeds = board.group_deeds[g]
            missing = [d for d in deeds if owner[d] != player]
            if len(missing) == 1 and len(deeds) > 1:
                q = owner[missing[0]]
                if q >= 0 and not st.players[q].bankrupt:
                    wanted.append((q, missing[0]))
        if not wanted:
            return None
        card_value = game.spec.rules.jail_fine
        if owner != self._propose_snap:
            for q, take in wanted:
                for g in board.set_groups:
                    deeds = board.group_deeds[g]
                    missing = [d for d in deeds if owner[d] != q]
                    if g == board.group_of[take] or len(missing) != 1 or len(deeds) < 2 \
                            or owner[missing[0]] != player:
                        continue
                    give = missing[0]
                    base = TradeOffer(player, q, (give,), (take,))
                    net = trade_value(board, st, player, base, card_value)
                    if net >= 0:
                        offer = TradeOffer(player, q, (give,), (take,), give_cash=net)
                    else:
                        offer = TradeOffer(player, q, (give,), (take,), take_cash=-net)
                    if offer in self._proposed or game.trade_problem(offer):
                        continue
                    self._proposed.add(offer)
                    return Action(A.A_PROPOSE, player, trade=offer)
            self._propose_snap = owner.copy()
        cash = st.players[player].cash
        reserve = self.reserve(st, player)
        for q, take in wanted:
            # at least the deed's price, less lifting its mortgage, plus the group's price
            floor = board.price[take] - board.unmortgage_cost[take] \
                + board.set_bonus[board.group_of[take]]
            if cash - floor < reserve:
                continue
            net = trade_value(board, st, player, TradeOffer(player, q, (), (take,)), card_value)
            if net <= 0 or cash - net < reserve:
                continue
            offer = TradeOffer(player, q, (), (take,), give_cash=net)
            if offer in self._proposed or game.trade_problem(offer):
                continue
            self._proposed.add(offer)
            return Action(A.A_PROPOSE, player, trade=offer)
        return None
