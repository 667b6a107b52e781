"""Bankruptcy: a player who cannot pay even by selling every building and mortgaging every
deed leaves the game, and what they had goes to their creditor, or to the bank."""

from __future__ import annotations

from typing import TYPE_CHECKING

from monopoly_tui.engine.actions import Event
from monopoly_tui.engine.anytime import sell_all_on
from monopoly_tui.engine.frames import (
    AuctionFrame,
    AuctionQueueFrame,
    DebtsFrame,
    TradeFrame,
    TransfersFrame,
    receive_mortgaged,
)
from monopoly_tui.engine.mechanics.base import overrides

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game


def go_bankrupt(game: Game, p: int, creditor: int) -> None:
    """Everything goes to the creditor (mortgaged deeds under the interest rule), or, to the
    bank, whose deeds are auctioned unmortgaged. Buildings go back to the bank at the sale
    price first; what others owed the bankrupt player is owed to their creditor.

    Where bankrupt players stay in (``bankrupt_stays_in``): what could still be raised is
    raised first (every deed mortgaged), so a creditor player gets the cash, "all your
    mortgaged properties and any Get Out of Jail Free cards"; owed to the bank, "Return all
    your properties to the Bank. Any mortgages are canceled." The player then plays on with
    nothing ("Now hang in there!")."""
    st, spec = game.st, game.spec
    for m in game.mechanics:  # (rare: asked of every mechanic, not a listener list)
        if overrides(m, "insolvent") and m.insolvent(game, p, creditor):
            return
    pl = st.players[p]
    stays = spec.rules.bankrupt_stays_in
    for d in range(len(spec.deeds)):
        if st.owner[d] == p and st.buildings[d]:
            sell_all_on(game, p, d)
        if stays and creditor >= 0 and st.owner[d] == p and not st.mortgaged[d]:
            st.mortgaged[d] = True
            game.bank_pays(p, spec.deeds[d].mortgage)
            game.emit(Event("mortgaged", player=p, deed=d, amount=spec.deeds[d].mortgage))
    debts = game.find(DebtsFrame)
    if debts is not None:
        left = [x for x in debts.debts if x.debtor != p]
        for x in left:
            if x.creditor == p:
                x.creditor = creditor
        debts.debts = [x for x in left if x.debtor != x.creditor]
        if not debts.debts:
            game.pop(debts)
    deeds = [d for d in range(len(spec.deeds)) if st.owner[d] == p]
    if creditor >= 0:
        st.players[creditor].cash += pl.cash
        game.emit(Event("paid", player=p, other=creditor, amount=pl.cash, text="bankrupt"))
        pl.cash = 0
        for d in deeds:
            st.owner[d] = creditor
            if st.mortgaged[d]:
                receive_mortgaged(game, creditor, d)
        st.players[creditor].cards.extend(pl.cards)
    else:
        st.bank_net -= pl.cash
        pl.cash = 0
        queue = game.find(AuctionQueueFrame)
        for d in deeds:
            st.owner[d] = -1
            st.mortgaged[d] = False
            if spec.rules.auctions:
                if queue is None:
                    queue = AuctionQueueFrame()
                    game.push(queue)
                queue.deeds.append(d)
        for deck, ci in pl.cards:
            st.decks[deck].append(ci)
    pl.cards = []
    if stays:
        pl.bankruptcies += 1
    else:
        pl.bankrupt = True
        pl.in_jail = False
    st.claims = [c for c in st.claims if c.owner != p and c.payer != p]
    auction = game.find(AuctionFrame)
    if auction is not None:
        auction.remove_bidder(game, p)
    trade = game.find(TradeFrame)
    if trade is not None and p in (trade.offer.proposer, trade.offer.partner):
        game.pop(trade)
    transfers = game.find(TransfersFrame)
    if transfers is not None:
        transfers.transfers = [t for t in transfers.transfers if t.player != p]
        if not transfers.transfers:
            game.pop(transfers)
    if not stays and any(f.belongs_to(p) for f in st.frames):  # their move, their choices
        st.frames = [f for f in st.frames if not f.belongs_to(p)]
    for m in game.on_leaves:
        m.leaves(game, p)
    game.emit(Event("bankrupt", player=p, other=creditor))
    if game.end_after_bankruptcy():
        return
    if auction is not None and auction in st.frames:
        auction.check(game)
