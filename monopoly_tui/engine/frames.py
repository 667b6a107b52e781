"""The core's decision frames: buying, auctions, taxes, debts, trades, mortgaged deeds received,
buildings to place, and the moves under way. (What a frame is: ``engine.frame``.)

Each class holds the decision's data, says who decides and what the choices are, and plays the
choice. Mechanics add frames of their own the same way (``engine.mechanics``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, TypeVar

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import buildings as B
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.frame import Frame, PlayerDecision, PlayerFrame, frame_type
from monopoly_tui.engine.spec import STREET
from monopoly_tui.engine.state import Debt, GameState, MortgagedTransfer, TradeOffer

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game

RAISING: Final = frozenset({A.A_SELL_BUILDING, A.A_SELL_ALL, A.A_MORTGAGE})
"""At-any-time choices that raise cash."""


def trade_allowed(game: Game, kind: str) -> bool:
    """Whether the at-any-time choice ``kind`` is a trade proposed where the edition lets
    players trade "at any time" (``rules.trade_any_time``): then a player may propose one
    while one of a mechanic's decisions waits (pay or roll, items on a roll just seen, a
    Portal's destination), to buy an Item card for the roll, say."""
    return kind == A.A_PROPOSE and game.spec.rules.trade_any_time


def raising_to_buy(game: Game, kind: str) -> bool:
    """Whether a player deciding to buy may make this at-any-time choice first: raise cash by
    selling and mortgaging, and, where the rules say so (``deals_while_buying``), by a deal
    with another player ("Don't Have Enough Money? You can try to raise funds by mortgaging
    properties or making deals with other players")."""
    return kind in RAISING or (kind == A.A_PROPOSE and game.spec.rules.deals_while_buying)


def could_deal(game: Game, player: int) -> bool:
    """Whether a deal could raise cash for ``player`` while buying: the rules allow deals then
    and the player has something to sell (a deed or a kept card; players may not lend)."""
    if not game.spec.rules.deals_while_buying:
        return False
    st = game.st
    return bool(st.players[player].cards) or player in st.owner


# ---------------------------------------------------------------- buying and taxes


@dataclass(slots=True)
class BuyFrame(PlayerDecision):
    """A deed of the bank's landed on: buy it at its price, or auction it (or, in an edition
    without auctions, decline). Cash may be raised first by selling and mortgaging, and where
    the rules say so by deals with other players (``raising_to_buy``)."""

    deed: int

    def __init__(self, player: int, deed: int) -> None:  # (built natively when compiled)
        self.player = player
        self.deed = deed

    # copy and deepcopy make a new one by this __init__ (compiled, the class has no __dict__
    # to fill, and making one with no arguments calls __init__ without them); the fields'
    # values are immutable, so a copy shares them
    def __copy__(self) -> BuyFrame:
        return BuyFrame(self.player, self.deed)

    def __deepcopy__(self, memo: dict[int, Any]) -> BuyFrame:
        return BuyFrame(self.player, self.deed)

    def kind(self) -> str:
        return A.BUY

    def rank(self) -> int:
        return 30

    def choices(self, game: Game) -> list[Action]:
        d = game.spec.deeds[self.deed]
        p = self.player
        out = []
        if game.st.players[p].cash >= d.price:
            out.append(Action(A.A_BUY, p, d.index))
        out.append(Action(A.A_AUCTION if game.spec.rules.auctions else A.A_DECLINE, p, d.index))
        return out

    def context(self, game: Game) -> dict[str, object]:
        d = game.spec.deeds[self.deed]
        return {"deed": d.index, "price": d.price}

    def anytime(self, game: Game, player: int, kind: str) -> bool:
        return player == self.player and raising_to_buy(game, kind)  # the price first

    def apply(self, game: Game, a: Action) -> None:
        st, spec, d = game.st, game.spec, self.deed
        if a.kind == A.A_BUY:
            if a.target not in (-1, d):
                raise IllegalAction(a, "that is not the deed on offer")
            price = spec.deeds[d].price
            if st.players[a.player].cash < price:
                raise IllegalAction(a, "not enough cash: raise it first, or auction")
            game.pop(self)
            game.pay_bank(a.player, price)
            st.owner[d] = a.player
            if not game.quiet:
                game.emit(Event("bought", player=a.player, deed=d, amount=price))
            return
        if a.kind not in (A.A_AUCTION, A.A_DECLINE):
            raise IllegalAction(a, f"'{a.kind}' is not a choice now ({self.kind()})")
        auctions = spec.rules.auctions
        if auctions != (a.kind == A.A_AUCTION):
            raise IllegalAction(
                a, "a deed not bought is auctioned" if auctions else "this edition has no auctions"
            )
        game.pop(self)
        game.emit(Event("declined", player=a.player, deed=d))
        if auctions:
            start_auction(game, d, first=a.player)


@dataclass(slots=True)
class TaxFrame(PlayerDecision):
    """'Pay the flat amount or a percentage of your total worth', chosen before counting."""

    space: int

    def kind(self) -> str:
        return A.TAX

    def rank(self) -> int:
        return 30

    def choices(self, game: Game) -> list[Action]:
        return [Action(A.A_TAX_FLAT, self.player, self.space),
                Action(A.A_TAX_PERCENT, self.player, self.space)]

    def context(self, game: Game) -> dict[str, object]:
        sp = game.spec.spaces[self.space]
        return {"space": sp.index, "amount": sp.tax_amount, "percent": sp.tax_percent}

    def apply(self, game: Game, a: Action) -> None:
        if a.kind not in (A.A_TAX_FLAT, A.A_TAX_PERCENT):
            raise IllegalAction(a, f"'{a.kind}' is not a choice now ({self.kind()})")
        sp = game.spec.spaces[self.space]
        game.pop(self)
        if a.kind == A.A_TAX_PERCENT:
            worth = P.total_worth(game.spec, game.st, a.player)
            amount = worth * sp.tax_percent // 100
            game.emit(Event("tax_percent", player=a.player, amount=amount, space=sp.index,
                            other=worth))
        else:
            amount = sp.tax_amount
        game.owe(a.player, -1, amount, "tax", fee=True, target=sp.index)


# ---------------------------------------------------------------- auctions


@dataclass(slots=True)
class AuctionFrame(Frame):
    """A deed (or a building in short supply) going to the highest bidder: each bidder in
    turn raises the bid or passes. A player who passed may raise again while the auction is
    open ("the auction ends when no player is willing to increase the bid"): it closes when,
    after the last raise, every other player still able to bid has passed. (Under the house
    rule ``auction_pass_final`` a pass drops the player out for good.) Bidders who cannot
    reach the smallest bid leave by themselves.
    """

    deed: int
    """The deed for sale, or -1 when a building is auctioned."""
    bidders: list[int]
    """Players still in the auction, in the order they are asked."""
    turn: int = 0
    """Index into bidders of whoever is asked next."""
    high_bid: int = 0
    high_bidder: int = -1
    building: str = ""
    """'house' or 'hotel' when a building in short supply is auctioned."""
    requester: int = -1
    request_deed: int = -1
    floor: int = 0
    """The lowest bid allowed (a building's price in a shortage auction)."""
    passed: list[int] = field(default_factory=list)
    """Bidders who passed since the last raise (they may still raise while it is open)."""

    def kind(self) -> str:
        return A.AUCTION

    def rank(self) -> int:
        return 50

    def decider(self, game: Game) -> int:
        return self.bidders[self.turn]

    def min_bid(self, game: Game) -> int:
        lo = game.spec.rules.auction_min_bid  # (the greatest of three, without max())
        if self.floor > lo:
            lo = self.floor
        return self.high_bid + 1 if self.high_bid >= lo else lo

    def building_cost(self, game: Game) -> int:
        """What the building auctioned costs on the street it was asked for (0 for a deed)."""
        if self.deed >= 0 or self.request_deed < 0:
            return 0
        d = game.spec.deeds[self.request_deed]
        return d.hotel_cost if self.building == "hotel" else d.house_cost

    def choices(self, game: Game) -> list[Action]:
        p = self.bidders[self.turn]
        out = []
        if game.max_bid(p) >= self.min_bid(game):
            out.append(Action(A.A_BID, p, self.deed, self.min_bid(game)))
        out.append(Action(A.A_DROP, p, self.deed))
        return out

    def context(self, game: Game) -> dict[str, object]:
        p = self.bidders[self.turn]
        return {"deed": self.deed, "high_bid": self.high_bid, "high_bidder": self.high_bidder,
                "bidders": list(self.bidders), "building": self.building,
                "min_bid": self.min_bid(game), "max_bid": game.max_bid(p),
                "passed": list(self.passed)}

    def apply(self, game: Game, a: Action) -> None:
        if a.kind == A.A_BID:
            if a.amount < self.min_bid(game):
                raise IllegalAction(a, f"the bid must be at least {self.min_bid(game)}")
            # (cash first: counting what a player could raise means going through the deeds)
            if a.amount > game.st.players[a.player].cash and a.amount > game.max_bid(a.player):
                raise IllegalAction(a, "more than you could raise")
            self.high_bid = a.amount
            self.high_bidder = a.player
            self.passed.clear()  # a raise: everyone else may answer it
            if not game.quiet:
                game.emit(Event("bid", player=a.player, amount=a.amount, deed=self.deed))
            self.turn = (self.turn + 1) % len(self.bidders)
        elif a.kind == A.A_DROP:
            if game.spec.rules.auction_pass_final:
                self.bidders.pop(self.turn)
                game.emit(Event("dropped_out", player=a.player, deed=self.deed))
                if self.bidders:
                    self.turn %= len(self.bidders)
            else:
                self.passed.append(a.player)
                if not game.quiet:
                    game.emit(Event("auction_pass", player=a.player, deed=self.deed))
                self.turn = (self.turn + 1) % len(self.bidders)
        else:
            raise IllegalAction(a, f"'{a.kind}' is not a choice now ({self.kind()})")
        self.check(game)

    def remove_bidder(self, game: Game, p: int) -> None:
        """A bidder leaves the game (bankrupt)."""
        if p not in self.bidders:
            return
        i = self.bidders.index(p)
        self.bidders.pop(i)
        if p in self.passed:
            self.passed.remove(p)
        if i < self.turn:
            self.turn -= 1
        if self.bidders:
            self.turn %= len(self.bidders)

    def check(self, game: Game) -> None:
        """The auction ends when no one is left who could raise the high bid, or (passes
        not final) when every bidder but the high bidder has passed since the last raise.
        Otherwise the next bidder to ask is found."""
        if not game.spec.rules.auction_pass_final:
            self._check_passes_not_final(game)
            return
        st = game.st
        if self.bidders and self.bidders[self.turn] == self.high_bidder and len(self.bidders) > 1:
            self.turn = (self.turn + 1) % len(self.bidders)
        # Bidders who cannot even reach the minimum drop out by themselves.
        if self.bidders:
            need = self.min_bid(game)
            players = st.players
            # (cash first: counting what a player could raise means going through the deeds)
            still = [b for b in self.bidders if b == self.high_bidder
                     or players[b].cash >= need or game.max_bid(b) >= need]
            if len(still) != len(self.bidders):
                for b in self.bidders:
                    if b not in still:
                        game.emit(Event("dropped_out", player=b, deed=self.deed, text="cash"))
                # ask the next bidder still in, in order from the one who was to be asked
                order = self.bidders
                ahead = [order[(self.turn + k) % len(order)] for k in range(len(order))]
                asked = next((b for b in ahead if b in still), -1)
                self.bidders = still
                self.turn = still.index(asked) if asked in still else 0
                if len(still) > 1 and still[self.turn] == self.high_bidder:
                    self.turn = (self.turn + 1) % len(still)
        if self.bidders and self.bidders != [self.high_bidder]:
            return
        self._close(game)

    def _check_passes_not_final(self, game: Game) -> None:
        """The rulebooks' auction: passes are not final (see the class)."""
        players = game.st.players
        if self.bidders:
            need = self.min_bid(game)
            # (cash first: counting what a player could raise means going through the deeds)
            still = [b for b in self.bidders if b == self.high_bidder
                     or players[b].cash >= need or game.max_bid(b) >= need]
            if len(still) != len(self.bidders):
                for b in self.bidders:
                    if b not in still:
                        game.emit(Event("dropped_out", player=b, deed=self.deed, text="cash"))
                order = self.bidders
                ahead = [order[(self.turn + k) % len(order)] for k in range(len(order))]
                asked = next((b for b in ahead if b in still), -1)
                self.bidders = still
                self.passed = [b for b in self.passed if b in still]
                self.turn = still.index(asked) if asked in still else 0
        n = len(self.bidders)
        for k in range(n):
            b = self.bidders[(self.turn + k) % n]
            if b != self.high_bidder and b not in self.passed:
                self.turn = (self.turn + k) % n
                return
        self._close(game)

    def _close(self, game: Game) -> None:
        """The auction is over: the high bidder wins (and pays), or no one bid."""
        st = game.st
        game.pop(self)
        if self.high_bidder < 0:
            game.emit(Event("no_bids", deed=self.deed, text=self.building))
            return
        w = self.high_bidder
        game.emit(Event("won_auction", player=w, deed=self.deed, amount=self.high_bid,
                        text=self.building))
        if not self.building:
            st.owner[self.deed] = w
            game.owe(w, -1, self.high_bid, "auction", target=self.deed)
            return
        spots = placeable(game, w, self.building)
        if not spots:
            game.emit(Event("cannot_place", player=w, text=self.building))
        elif w == self.requester and self.request_deed in spots:
            place_bought(game, w, self.request_deed, self.building, self.high_bid)
        else:
            game.push(PlaceBuildingFrame(w, self.building, self.high_bid))


def start_auction(game: Game, deed: int, first: int | None = None, building: str = "",
                  bidders: list[int] | None = None, requester: int = -1,
                  request_deed: int = -1, floor: int = 0) -> None:
    """Every player still in the game may bid, the one who declined too, in seat order from
    ``first`` (by default the player whose turn it is)."""
    st = game.st
    n = len(st.players)
    start = st.current if first is None else first
    order = bidders if bidders is not None else [
        (start + i) % n for i in range(n) if not st.players[(start + i) % n].bankrupt
    ]
    auction = AuctionFrame(deed=deed, bidders=order, building=building, requester=requester,
                           request_deed=request_deed, floor=floor)
    game.push(auction)
    game.emit(Event("auction", deed=deed, text=building))
    auction.check(game)


@dataclass(slots=True)
class AuctionQueueFrame(Frame):
    """Deeds a bankrupt player left to the bank, auctioned one after another."""

    deeds: list[int] = field(default_factory=list)

    def rank(self) -> int:
        return 45

    def run(self, game: Game) -> None:
        if not self.deeds:
            game.pop(self)
            return
        start_auction(game, self.deeds.pop(0))


# ---------------------------------------------------------------- debts


@dataclass(slots=True)
class DebtsFrame(Frame):
    """Payments owed and not yet made, settled in the order they arose: the debtor raises the
    cash (sell, mortgage, trade) and pays, or, when even that would not pay, goes bankrupt."""

    debts: list[Debt] = field(default_factory=list)

    def kind(self) -> str:
        return A.DEBT

    def rank(self) -> int:
        return 60

    def decider(self, game: Game) -> int:
        return self.debts[0].debtor

    def choices(self, game: Game) -> list[Action]:
        debt = self.debts[0]
        p = debt.debtor
        cash = game.st.players[p].cash
        if cash >= debt.amount:
            return [Action(A.A_PAY_DEBT, p)]
        if cash + P.raisable(game.spec, game.st, p) < debt.amount:
            return [Action(A.A_BANKRUPT, p)]
        return []

    def context(self, game: Game) -> dict[str, object]:
        debt = self.debts[0]
        return {"amount": debt.amount, "creditor": debt.creditor, "reason": debt.reason,
                "target": debt.target,
                "raisable": P.raisable(game.spec, game.st, debt.debtor)}

    def anytime(self, game: Game, player: int, kind: str) -> bool:
        if player == self.debts[0].debtor and kind not in (A.A_BUILD, A.A_UNMORTGAGE):
            return True
        return kind in RAISING

    def apply(self, game: Game, a: Action) -> None:
        st = game.st
        debt = self.debts[0]
        if a.kind == A.A_PAY_DEBT:
            if st.players[a.player].cash < debt.amount:
                raise IllegalAction(a, "not enough cash yet: sell, mortgage or trade first")
            self.debts.pop(0)
            game.settle(debt)
            # Later debts that can now be paid are paid at once.
            while self.debts and st.players[self.debts[0].debtor].cash >= self.debts[0].amount:
                game.settle(self.debts.pop(0))
            if not self.debts:
                game.pop(self)
        elif a.kind == A.A_BANKRUPT:
            if st.players[a.player].cash + P.raisable(game.spec, st, a.player) >= debt.amount:
                raise IllegalAction(a, "you can still raise enough: sell buildings or mortgage")
            game.bankrupt(a.player, debt.creditor)
        else:
            raise IllegalAction(a, f"'{a.kind}' is not a choice now ({self.kind()})")


# ---------------------------------------------------------------- trades


@dataclass(slots=True)
class TradeFrame(Frame):
    """A trade offered: the partner accepts or rejects it, or answers with a counter-offer
    (``A_COUNTER``: an offer of their own to the proposer). A counter-offer turns this offer
    down and puts the new one to the proposer, who answers it in turn; it is an answer to the
    offer, so it may be made whenever the offer may be turned down (no at-any-time trade slot
    of its own: while a debt waits, the debtor's partner may still counter). It is not one of
    the ``choices`` (an offer is built, not picked); ``context["counter"]`` says it is open."""

    offer: TradeOffer

    def kind(self) -> str:
        return A.TRADE

    def rank(self) -> int:
        return 90

    def decider(self, game: Game) -> int:
        return self.offer.partner

    def choices(self, game: Game) -> list[Action]:
        p = self.offer.partner
        return [Action(A.A_ACCEPT, p), Action(A.A_REJECT, p)]

    def context(self, game: Game) -> dict[str, object]:
        return {"offer": self.offer, "counter": True}

    def apply(self, game: Game, a: Action) -> None:
        if a.kind not in (A.A_ACCEPT, A.A_REJECT, A.A_COUNTER):
            raise IllegalAction(a, f"'{a.kind}' is not a choice now ({self.kind()})")
        st, offer = game.st, self.offer
        if a.kind == A.A_COUNTER:
            self._counter(game, a)
            return
        game.pop(self)
        if a.kind == A.A_REJECT:
            game.emit(Event("trade_rejected", player=offer.partner, other=offer.proposer))
            return
        why = game.trade_problem(offer)
        if why:
            game.emit(Event("trade_failed", player=offer.partner, other=offer.proposer,
                            text=why))
            return
        pa, pb = st.players[offer.proposer], st.players[offer.partner]
        pa.cash += offer.take_cash - offer.give_cash
        pb.cash += offer.give_cash - offer.take_cash
        for d in offer.give_deeds:
            st.owner[d] = offer.partner
            if st.mortgaged[d]:
                receive_mortgaged(game, offer.partner, d)
        for d in offer.take_deeds:
            st.owner[d] = offer.proposer
            if st.mortgaged[d]:
                receive_mortgaged(game, offer.proposer, d)
        moved_a = pa.cards[: offer.give_cards]
        moved_b = pb.cards[: offer.take_cards]
        pa.cards = pa.cards[offer.give_cards :] + moved_b
        pb.cards = pb.cards[offer.take_cards :] + moved_a
        for giver, taker, kept in ((offer.proposer, offer.partner, offer.give_kept),
                                   (offer.partner, offer.proposer, offer.take_kept)):
            for card in kept:
                for m in game.mechanics:
                    if m.hand_over(game, giver, taker, card):
                        break
        game.emit(Event("trade_accepted", player=offer.partner, other=offer.proposer))

    def _counter(self, game: Game, a: Action) -> None:
        """The partner's counter-offer: made by the partner to the proposer, and a trade the
        engine would take (``trade_problem``); refused before any change otherwise."""
        offer, counter = self.offer, a.trade
        if counter is None or counter.proposer != offer.partner \
                or counter.partner != offer.proposer:
            raise IllegalAction(a, "a counter-offer goes from the partner to the proposer")
        why = game.trade_problem(counter)
        if why:
            raise IllegalAction(a, why)
        game.pop(self)
        # the offer is turned down by the answer: "countered" says how (the log's line)
        game.emit(Event("trade_rejected", player=offer.partner, other=offer.proposer,
                        text=A.COUNTERED))
        game.push(TradeFrame(counter))
        game.emit(Event("trade_proposed", player=counter.proposer, other=counter.partner))


@dataclass(slots=True)
class TransfersFrame(Frame):
    """Mortgaged deeds that changed hands, in the order received: each new owner lifts the
    mortgage now (its unmortgage cost: mortgage plus interest) or keeps it mortgaged, paying
    the interest now where the edition charges it (``mortgage_transfer_interest``: classic's
    10%; Lord of the Rings has no fee: 'Repay the mortgage ... Or keep the mortgage')."""

    transfers: list[MortgagedTransfer] = field(default_factory=list)

    def kind(self) -> str:
        return A.MORTGAGED_TRANSFER

    def rank(self) -> int:
        return 80

    def decider(self, game: Game) -> int:
        return self.transfers[0].player

    def choices(self, game: Game) -> list[Action]:
        t = self.transfers[0]
        out = []
        if game.st.players[t.player].cash >= P.unmortgage_cost(game.spec, t.deed):
            out.append(Action(A.A_LIFT, t.player, t.deed))
        out.append(Action(A.A_KEEP, t.player, t.deed))
        return out

    def context(self, game: Game) -> dict[str, object]:
        t = self.transfers[0]
        return {"deed": t.deed, "interest": P.transfer_interest(game.spec, t.deed),
                "lift_cost": P.unmortgage_cost(game.spec, t.deed)}

    def apply(self, game: Game, a: Action) -> None:
        st, spec = game.st, game.spec
        t = self.transfers[0]
        if a.kind == A.A_LIFT:
            cost = P.unmortgage_cost(spec, t.deed)
            if st.players[a.player].cash < cost:
                raise IllegalAction(a, "not enough cash to lift the mortgage")
            self._done(game)
            game.pay_bank(a.player, cost)
            st.mortgaged[t.deed] = False
            game.emit(Event("unmortgaged", player=a.player, deed=t.deed, amount=cost))
        elif a.kind == A.A_KEEP:
            self._done(game)
            interest = P.transfer_interest(spec, t.deed)
            game.emit(Event("interest", player=a.player, deed=t.deed, amount=interest))
            if interest:
                game.owe(a.player, -1, interest, "interest", target=t.deed)
        else:
            raise IllegalAction(a, f"'{a.kind}' is not a choice now ({self.kind()})")

    def _done(self, game: Game) -> None:
        self.transfers.pop(0)
        if not self.transfers:
            game.pop(self)


def receive_mortgaged(game: Game, player: int, deed: int) -> None:
    """A mortgaged deed changed hands: its new owner will choose (after any earlier ones)."""
    frame = game.find(TransfersFrame)
    if frame is None:
        game.push(TransfersFrame([MortgagedTransfer(player, deed)]))
    else:
        frame.transfers.append(MortgagedTransfer(player, deed))


# ---------------------------------------------------------------- buildings won at auction


@dataclass(slots=True)
class PlaceBuildingFrame(PlayerDecision):
    """A building won at auction: its buyer chooses the street it goes on."""

    building: str
    """'house' or 'hotel'."""
    bid: int
    """The winning bid; it is paid when the building is placed."""

    def kind(self) -> str:
        return A.PLACE_BUILDING

    def rank(self) -> int:
        return 70

    def choices(self, game: Game) -> list[Action]:
        return [Action(A.A_PLACE, self.player, s)
                for s in placeable(game, self.player, self.building)]

    def context(self, game: Game) -> dict[str, object]:
        return {"building": self.building}

    def apply(self, game: Game, a: Action) -> None:
        if a.kind != A.A_PLACE:
            raise IllegalAction(a, f"'{a.kind}' is not a choice now ({self.kind()})")
        if a.target not in placeable(game, a.player, self.building):
            raise IllegalAction(a, "the building cannot go there")
        game.pop(self)
        place_bought(game, a.player, a.target, self.building, self.bid)


def placeable(game: Game, p: int, kind: str) -> list[int]:
    """The streets where ``p`` may put a building of this kind now (the building rules, and
    the bank having one)."""
    st, spec = game.st, game.spec
    out = []
    top = P.hotel_level(spec)
    for d in spec.deeds:
        i = d.index
        if st.owner[i] != p or d.kind != STREET:
            continue
        group = spec.groups[d.group].deeds
        if any(st.owner[g] != p or st.mortgaged[g] for g in group):
            continue
        level = st.buildings[i]
        if level >= top or level > min(st.buildings[g] for g in group):
            continue
        if (level + 1 == top) != (kind == "hotel"):
            continue
        if (st.bank_hotels if kind == "hotel" else st.bank_houses) <= 0:
            continue
        out.append(i)
    return out


def place(game: Game, p: int, deed: int, kind: str, space: int = -1) -> None:
    """A building from the bank goes on a street: on ``space``, one of its versions (-1: the
    street's own space where it has one, ``buildings.default_space`` where it has versions)."""
    st, spec = game.st, game.spec
    if kind == "hotel":
        st.bank_hotels -= 1
        st.bank_houses += spec.rules.houses_per_hotel
    else:
        st.bank_houses -= 1
    at = B.stand(spec, st, deed, space)
    if not game.quiet:
        game.emit(Event("built", player=p, deed=deed, space=at, text=kind,
                        amount=st.buildings[deed]))
    for m in game.mechanics:
        m.placed(game, p, deed, at, kind)


def place_bought(game: Game, p: int, deed: int, kind: str, bid: int) -> None:
    """A building won at auction goes on the street, then is paid for: the winning bid (where
    the bidding opened at the building's cost, never less than its price on that street)."""
    d = game.spec.deeds[deed]
    price = bid
    if game.spec.rules.building_auction_opening == "cost":
        price = max(bid, d.hotel_cost if kind == "hotel" else d.house_cost)
    place(game, p, deed, kind)
    game.owe(p, -1, price, "building_auction", target=deed)


# ---------------------------------------------------------------- moves under way


@dataclass(slots=True)
class WalkFrame(PlayerFrame):
    """A forward move made space by space, because a mechanic listens to every space passed
    (the Ring meets players on the way). A mechanic may stop the walk by pushing a frame above
    it (a meeting to ask about); the walk goes on when that is done. At the end the space is
    carried out, with the card's multipliers that sent the token there."""

    left: int
    """Spaces still to walk."""
    rent_mult: int = 1
    dice_mult: int = 0

    def rank(self) -> int:
        return 35

    def run(self, game: Game) -> None:
        game.walk_on(self)


@dataclass(slots=True)
class MoveAfterDebtFrame(PlayerFrame):
    """A move made once a debt is settled: leaving jail after the last failed roll, the fine
    is paid first, then the token moves by that roll (unless the player went bankrupt)."""

    steps: int

    def rank(self) -> int:
        return 10

    def run(self, game: Game) -> None:
        game.pop(self)
        if not game.st.players[self.player].bankrupt:
            game.move(self.player, self.steps)
            game.st.stage = "post_move"


@dataclass(slots=True)
class RollAfterDebtFrame(Frame):
    """A roll and move made once a debt is settled: leaving jail after the last failed try
    where the rules say so (``jail_last_try: pay_and_roll_again``), the fine is paid first,
    then the player rolls again and moves by the new roll (unless they went bankrupt)."""

    player: int

    def rank(self) -> int:
        return 10

    def belongs_to(self, player: int) -> bool:
        return player == self.player

    def run(self, game: Game) -> None:
        game.pop(self)
        st = game.st
        if st.players[self.player].bankrupt:
            return
        faces = game.roll_faces(game.spec.dice.count)
        st.last_roll = faces
        total = game.total(faces)
        game.emit(Event("rolled", player=self.player, dice=faces, amount=total))
        game.move(self.player, total)
        st.stage = "post_move"


FrameT = TypeVar("FrameT", bound=Frame)


def find_frame(st: GameState, cls: type[FrameT]) -> FrameT | None:
    """The topmost frame of a class in a state, or None (``Game.find`` for a bare state)."""
    for f in reversed(st.frames):
        if isinstance(f, cls):
            return f
    return None


for _cls, _tag in (
    (BuyFrame, "buy"),
    (TaxFrame, "tax"),
    (AuctionFrame, "auction"),
    (AuctionQueueFrame, "auction_queue"),
    (DebtsFrame, "debts"),
    (TradeFrame, "trade"),
    (TransfersFrame, "transfers"),
    (PlaceBuildingFrame, "place_building"),
    (WalkFrame, "walk"),
    (MoveAfterDebtFrame, "move_after_debt"),
    (RollAfterDebtFrame, "roll_after_debt"),
):
    frame_type(_cls, _tag)
