"""The auction's amount field after a bid the rules refuse: the player corrects the amount
with Backspace and digits, as in any text field."""

from __future__ import annotations

from driver import settle, started
from states import at_buy, deed_id, two_humans

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.frames import AuctionFrame, find_frame


async def test_a_refused_bid_is_corrected_with_backspace_and_digits() -> None:
    s = two_humans()
    d = deed_id(s, "Boardwalk")
    at_buy(s, 0, d)
    st = s.game.st
    async with started(s) as (app, pilot):
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("1", "0", "enter")  # Ann bids 10
        await settle(pilot)
        await pilot.press("5", "enter")  # Bob's 5 is under the smallest bid: refused
        await settle(pilot)
        auc = find_frame(st, AuctionFrame)
        assert auc is not None and auc.high_bid == 10 and s.pending.player == 1
        field = app.screen.query_one("#amount")
        assert field.value == "5"
        await pilot.press("backspace", "2", "0", "enter")  # corrected to 20
        await settle(pilot)
        auc = find_frame(st, AuctionFrame)
        assert auc is not None and auc.high_bid == 20 and auc.high_bidder == 1
        assert s.pending.kind == A.AUCTION and s.pending.player == 0
