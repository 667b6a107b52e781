"""The dialog for each kind of decision: the core's (``ui.decisions``, the trade answer in
``ui.trade``), a mechanic's own (``ui.mechanics``), or the list of its choices."""

from __future__ import annotations

from monopoly_tui.engine import actions as A
from monopoly_tui.ui.answers import Table
from monopoly_tui.ui.decisions import (
    AuctionScreen,
    BuyScreen,
    ChoiceScreen,
    DebtScreen,
    DecisionScreen,
    JailScreen,
    PlaceScreen,
    TaxScreen,
    TransferScreen,
)
from monopoly_tui.ui.mechanics import dialog_for
from monopoly_tui.ui.trade import TradeReview

SCREENS: dict[str, type[DecisionScreen]] = {
    A.BUY: BuyScreen,
    A.AUCTION: AuctionScreen,
    A.JAIL: JailScreen,
    A.TAX: TaxScreen,
    A.DEBT: DebtScreen,
    A.MORTGAGED_TRANSFER: TransferScreen,
    A.PLACE_BUILDING: PlaceScreen,
    A.TRADE: TradeReview,
}
"""The core's decisions' dialogs, by kind."""


def decision_screen(table: Table, kind: str) -> DecisionScreen:
    """The modal for a kind of decision, answering to ``table``."""
    cls = SCREENS.get(kind) or dialog_for(table.session.spec, kind)
    if cls is None:
        return ChoiceScreen(table, kind)
    return cls(table)
