"""Trade counter-offers, by the keys a player presses: ``c`` on an offer opens the builder the
other way round over the offer, Esc there goes back to the offer (still open: "back", not
"no"), and proposing the counter-offer is the answer the engine takes (``A_COUNTER``: the offer
turned down and the new one put to its proposer)."""

from __future__ import annotations

from typing import Any

import pytest
from driver import settle, shown_keys, started
from states import deed_id, human_and_computer, in_debt, two_humans

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.state import TradeOffer
from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.session import Session

SIZES = [(100, 30), (160, 50)]


def on_top(app: MonopolyApp) -> str:
    return type(app.screen).__name__


async def _offered(pilot: Any, app: MonopolyApp, s: Session, d: int, cash: str) -> None:
    """Ann offers Bob deed ``d`` for ``cash``, by keys: t, tick the deed, type the cash, ^s."""
    await pilot.press("t")
    await settle(pilot)
    assert on_top(app) == "TradeScreen"
    app.screen.query_one("#give-deeds").focus()
    await pilot.press("space")
    app.screen.query_one("#take-cash").focus()
    await pilot.press(*cash)
    await settle(pilot)
    await pilot.press("ctrl+s")
    await settle(pilot)
    assert on_top(app) == "TradeReview"
    assert s.pending.kind == A.TRADE and s.pending.player == 1


@pytest.mark.parametrize("size", SIZES)
async def test_esc_on_a_counter_offer_goes_back_to_the_offer_still_open(
        size: tuple[int, int]) -> None:
    """c opens the counter-offer; Esc there went on to reject the offer for good ("Bob turned
    down Ann's trade"): now it goes back to the offer, which Bob can still accept."""
    s = two_humans()
    d = deed_id(s, "Boardwalk")
    s.game.st.owner[d] = 0
    s.game.st.current = 0
    async with started(s, size=size) as (app, pilot):
        await _offered(pilot, app, s, d, "300")
        offer = s.pending.context["offer"]
        made = s.game.st.decisions
        assert "C" in shown_keys(app)
        await pilot.press("C")
        await settle(pilot)
        assert on_top(app) == "CounterOfferScreen"
        assert s.game.st.decisions == made  # nothing answered by opening it
        assert not any("turned down" in line for line in s.log)
        scr: Any = app.screen
        assert scr.offer.proposer == 1 and scr.offer.partner == 0
        assert scr.offer.take_deeds == (d,) and scr.offer.give_cash == 300
        assert "Back to the offer" in str(scr.query_one("#cancel").label)
        await pilot.press("escape")
        await settle(pilot)
        assert on_top(app) == "TradeReview"
        assert s.pending.kind == A.TRADE and s.pending.player == 1
        assert s.pending.context["offer"] == offer
        assert not any("turned down" in line for line in s.log)
        assert {"A", "R", "C"} <= shown_keys(app)
        await pilot.press("A")
        await settle(pilot)
        assert s.game.st.owner[d] == 1
        assert [p.cash for p in s.game.st.players] == [1800, 1200]


async def test_a_counter_offer_proposed_is_put_to_the_first_proposer() -> None:
    """Bob counters with a lower price: Ann's offer is answered by it (the log says so, not
    "turned down") and she is asked about Bob's, on the same dialog; she accepts it."""
    s = two_humans()
    d = deed_id(s, "Boardwalk")
    s.game.st.owner[d] = 0
    s.game.st.current = 0
    async with started(s, size=(100, 30)) as (app, pilot):
        await _offered(pilot, app, s, d, "300")
        await pilot.press("C")
        await settle(pilot)
        scr: Any = app.screen
        assert scr.query_one("#proposer").disabled and scr.query_one("#partner").disabled
        scr.query_one("#give-cash").focus()
        await pilot.press("2", "5", "0")
        await settle(pilot)
        assert scr.offer == TradeOffer(proposer=1, partner=0, take_deeds=(d,), give_cash=250)
        assert "ctrl+s" in shown_keys(app)
        await pilot.press("ctrl+s")
        await settle(pilot, 5)
        assert "Bob answered Ann's trade with a counter-offer" in s.log
        assert "Bob turned down Ann's trade" not in s.log  # (issue 33, item 7)
        assert "Bob offered Ann $250 for Boardwalk" in s.log
        assert on_top(app) == "TradeReview"
        assert s.pending.kind == A.TRADE and s.pending.player == 0
        assert s.pending.context["offer"].give_cash == 250
        await pilot.press("A")
        await settle(pilot)
        assert s.game.st.owner[d] == 1
        assert [p.cash for p in s.game.st.players] == [1750, 1250]
        assert "Ann accepted Bob's trade: $250 to Ann, Boardwalk to Bob" in s.log


async def test_a_counter_offer_to_a_computer_gets_its_answer() -> None:
    """A computer's offer countered: the computer answers the counter-offer, and the game
    goes on."""
    s = human_and_computer()
    d = deed_id(s, "Baltic Avenue")
    s.game.st.owner[d] = 1
    s.play(A.Action(A.A_PROPOSE, 1, trade=TradeOffer(proposer=1, partner=0,
                                                      give_deeds=(d,), take_cash=500)))
    async with started(s, size=(100, 30)) as (app, pilot):
        await settle(pilot)
        assert on_top(app) == "TradeReview"
        await pilot.press("C")
        await settle(pilot)
        assert on_top(app) == "CounterOfferScreen"
        scr: Any = app.screen
        scr.query_one("#give-cash").focus()
        await pilot.press("1")
        await settle(pilot)
        assert scr.offer.give_cash == 1
        await pilot.press("ctrl+s")
        await settle(pilot, 8)
        assert "Ann answered Bob's trade with a counter-offer" in s.log
        assert "Ann offered Bob $1 for Baltic Avenue" in s.log
        assert any(line.startswith("Bob ") and "Ann's trade" in line for line in s.log), \
            s.log[-4:]
        assert s.pending.kind != A.TRADE
        assert on_top(app) == "GameScreen"


async def test_the_partner_of_a_debtor_can_counter_though_not_propose() -> None:
    """While Ann owes a debt only she may propose trades; Bob, answering her offer, still gets
    the counter-offer key (the engine takes a counter as his answer), and the builder offers
    only Bob to Ann."""
    s = two_humans()
    d = deed_id(s, "Baltic Avenue")
    s.game.st.owner[d] = 0
    in_debt(s, 0, -1, 200, "tax")
    offer = TradeOffer(proposer=0, partner=1, give_deeds=(d,), take_cash=300)
    s.play(A.Action(A.A_PROPOSE, 0, trade=offer))
    assert not s.game.may_trade(1)
    async with started(s, size=(100, 30)) as (app, pilot):
        await settle(pilot)
        assert on_top(app) == "TradeReview"
        assert "C" in shown_keys(app)
        await pilot.press("C")
        await settle(pilot)
        scr: Any = app.screen
        assert on_top(app) == "CounterOfferScreen"
        assert scr.offer.proposer == 1 and scr.offer.partner == 0
        await pilot.press("ctrl+s")
        await settle(pilot, 5)
        assert s.pending.kind == A.TRADE and s.pending.player == 0
        assert s.pending.context["offer"].proposer == 1
