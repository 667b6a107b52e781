"""Every decision modal, driven by key presses, from states built by hand."""

from __future__ import annotations

from typing import Any

from driver import new_session, settle, shown_keys, started, text_of
from states import (
    at_buy,
    at_tax,
    deed_id,
    give_group,
    human_and_computer,
    in_debt,
    in_jail,
    landing_on_cards,
    mortgaged_transfer,
    place_building,
    two_humans,
)

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.frames import AuctionFrame, DebtsFrame, find_frame
from monopoly_tui.engine.state import GameState
from monopoly_tui.ui.app import MonopolyApp


def on_top(app: MonopolyApp) -> str:
    return type(app.screen).__name__


# ---------------------------------------------------------------- buy or auction


async def test_buy_with_b() -> None:
    s = two_humans()
    d = deed_id(s, "Boardwalk")
    at_buy(s, 0, d)
    async with started(s) as (app, pilot):
        assert on_top(app) == "BuyScreen"
        keys = shown_keys(app)
        assert {"b", "a"} <= keys and "n" not in keys
        await pilot.press("b")
        await settle(pilot)
        assert s.game.st.owner[d] == 0
        assert s.game.st.players[0].cash == 1500 - 400
        assert on_top(app) == "GameScreen"
        assert "Ann bought Boardwalk for $400" in s.log
        assert "e" in shown_keys(app) and "r" not in shown_keys(app)


async def test_buy_raising_cash_first() -> None:
    s = two_humans()
    brown = give_group(s, 0, "brown")
    d = deed_id(s, "Boardwalk")
    st = s.game.st
    st.players[0].cash = 350
    at_buy(s, 0, d)
    async with started(s) as (app, pilot):
        assert on_top(app) == "BuyScreen"
        assert "b" not in shown_keys(app)  # cannot afford it yet
        lst = app.screen.query_one("#raise")
        assert lst.display and lst.actions
        await pilot.press("m")  # to the raise-cash list
        await settle(pilot)
        # the focused list's own Enter must not hide the dialog's from the footer
        assert shown_keys(app) == {"a", "enter", "h"}
        while st.players[0].cash < 400:
            await pilot.press("enter")
            await settle(pilot)
        assert any(st.mortgaged[x] for x in brown)
        assert "b" in shown_keys(app)
        await pilot.press("b")
        await settle(pilot)
        assert st.owner[d] == 0


async def test_auction_between_two_humans_with_raises_typed_bid_and_drop() -> None:
    s = two_humans()
    d = deed_id(s, "Boardwalk")
    at_buy(s, 0, d)
    st = s.game.st
    async with started(s) as (app, pilot):
        await pilot.press("a")
        await settle(pilot)
        assert on_top(app) == "AuctionScreen"
        scr: Any = app.screen
        assert s.pending.kind == A.AUCTION and s.pending.player == 0
        assert {"enter", "plus", "d"} <= shown_keys(app)
        await pilot.press("1", "0", "enter")  # digits type the amount; Enter bids it
        await settle(pilot)
        assert _auction(st) is not None and _auction(st).high_bid == 10
        assert _auction(st).high_bidder == 0
        assert s.pending.player == 1  # Bob's bid now, on the same screen
        assert app.screen is scr
        app.screen.query_one("#raise-3").press()  # the button +100
        await settle(pilot)
        assert _auction(st).high_bid == 110 and _auction(st).high_bidder == 1
        await pilot.press("1", "5", "0", "enter")
        await settle(pilot)
        assert _auction(st).high_bid == 150 and _auction(st).high_bidder == 0
        await pilot.press("d")  # Bob passes: Ann's raise stands
        await settle(pilot)
        assert _auction(st) is None
        assert st.owner[d] == 0 and st.players[0].cash == 1500 - 150
        assert on_top(app) == "GameScreen"
        assert "Ann won Boardwalk at auction for $150" in s.log


async def test_auction_a_refused_bid_is_corrected_with_backspace_and_digits() -> None:
    """After a bid the rules refuse (under the smallest bid), the amount field keeps what was
    typed, and Backspace and digits correct it as in any text field; Enter bids it."""
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
        assert _auction(st).high_bid == 10 and s.pending.player == 1
        assert app.screen.query_one("#amount").value == "5"
        await pilot.press("backspace", "2", "0", "enter")  # corrected to 20
        await settle(pilot)
        assert _auction(st).high_bid == 20 and _auction(st).high_bidder == 1
        assert s.pending.kind == A.AUCTION and s.pending.player == 0


async def test_auction_a_player_who_passed_may_raise_again_in_the_dialog() -> None:
    """'The auction ends when no player is willing to increase the bid': Bob passes, Cid
    raises, and Bob, marked '(passed)' meanwhile, is asked again and raises; the dialog's
    key is 'Pass', not 'Drop out'."""
    s = new_session("classic", [("Ann", True), ("Bob", True), ("Cid", True)])
    d = deed_id(s, "Boardwalk")
    at_buy(s, 0, d)
    st = s.game.st
    async with started(s) as (app, pilot):
        await pilot.press("a")
        await settle(pilot)
        assert on_top(app) == "AuctionScreen"
        assert "Pass [d]" in str(app.screen.query_one("#drop").label)
        await pilot.press("1", "0", "enter")  # Ann bids 10
        await settle(pilot)
        await pilot.press("d")  # Bob passes
        await settle(pilot)
        assert s.pending.player == 2
        assert "Bob" in text_of(app, "#bidders") and "(passed)" in text_of(app, "#bidders")
        await pilot.press("2", "0", "enter")  # Cid raises to 20
        await settle(pilot)
        assert s.pending.player == 0
        await pilot.press("d")  # Ann passes
        await settle(pilot)
        assert s.pending.player == 1  # Bob, who passed, answers Cid's raise
        await pilot.press("3", "0", "enter")  # and raises to 30
        await settle(pilot)
        await pilot.press("d")  # Cid passes
        await settle(pilot)
        await pilot.press("d")  # Ann passes
        await settle(pilot)
        assert _auction(st) is None
        assert st.owner[d] == 1 and st.players[1].cash == 1500 - 30
        assert "Bob passed (and may still raise while the auction is open)" in s.log


async def test_auction_amount_field_footer_shows_enter_to_bid() -> None:
    s = two_humans()
    d = deed_id(s, "Boardwalk")
    at_buy(s, 0, d)
    st = s.game.st
    async with started(s) as (app, pilot):
        await pilot.press("a")
        await settle(pilot)
        assert on_top(app) == "AuctionScreen"
        # the field starts on the next smallest bid: the footer says Enter bids it
        assert app.screen.query_one("#amount").value == "1"
        assert {"enter", "plus", "d"} <= shown_keys(app)
        await pilot.press("7")  # a digit goes into the field
        await settle(pilot)
        assert app.focused is app.screen.query_one("#amount")
        assert app.screen.query_one("#amount").value == "7"
        assert "enter" in shown_keys(app)  # the field takes d and + as typing
        await pilot.press("5", "enter")
        await settle(pilot)
        assert _auction(st) is not None and _auction(st).high_bid == 75
        assert _auction(st).high_bidder == 0
        assert {"enter", "plus", "d"} <= shown_keys(app)


async def test_auction_against_a_computer() -> None:
    s = human_and_computer()
    d = deed_id(s, "Mediterranean Avenue")
    at_buy(s, 0, d)
    async with started(s) as (app, pilot):
        await pilot.press("a")
        await settle(pilot)
        assert on_top(app) == "AuctionScreen"
        await pilot.press("plus")
        await settle(pilot, 6)
        # the computer answered (bid or dropped out); bid until it is over
        for _ in range(60):
            if _auction(s.game.st) is None:
                break
            if s.pending.player == 0 and on_top(app) == "AuctionScreen":
                await pilot.press("d")
            await settle(pilot)
        assert _auction(s.game.st) is None
        assert s.game.st.owner[d] in (0, 1)
        assert on_top(app) == "GameScreen"


async def test_no_auctions_edition_offers_dont_buy() -> None:
    from dataclasses import replace

    s = two_humans()  # classic has auctions: switch them off for this game
    s.game.spec = s.game.spec.with_rules(replace(s.game.spec.rules, auctions=False))
    d = deed_id(s, "Boardwalk")
    at_buy(s, 0, d)
    async with started(s) as (app, pilot):
        keys = shown_keys(app)
        assert "n" in keys and "a" not in keys
        await pilot.press("n")
        await settle(pilot)
        assert s.game.st.owner[d] == -1 and _auction(s.game.st) is None


# ---------------------------------------------------------------- jail, tax, cards


async def test_jail_use_card() -> None:
    s = two_humans()
    in_jail(s, 0, card=True)
    async with started(s) as (app, pilot):
        assert on_top(app) == "JailScreen"
        assert {"p", "c", "r"} <= shown_keys(app)
        await pilot.press("c")
        await settle(pilot)
        pl = s.game.st.players[0]
        assert not pl.in_jail and not pl.cards
        assert on_top(app) == "GameScreen" and s.pending.kind == A.ROLL


async def test_jail_pay_the_fine() -> None:
    s = two_humans()
    in_jail(s, 0)
    async with started(s) as (app, pilot):
        assert "c" not in shown_keys(app)
        await pilot.press("p")
        await settle(pilot)
        assert not s.game.st.players[0].in_jail
        assert s.game.st.players[0].cash == 1450


async def test_jail_roll_for_doubles() -> None:
    s = two_humans()
    in_jail(s, 0)
    async with started(s) as (_app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert any("rolled" in line for line in s.log[-6:])


async def test_tax_choose_percent_in_nfl() -> None:
    s = two_humans("nfl")
    at_tax(s, 0)
    async with started(s) as (app, pilot):
        assert on_top(app) == "TaxScreen"
        assert {"f", "p"} <= shown_keys(app)
        await pilot.press("p")
        await settle(pilot)
        assert s.game.st.players[0].cash == 1500 - 150
        assert any("10% of total worth" in line for line in s.log)


async def test_choose_before_you_count_the_panel_hides_the_worth() -> None:
    """rulebook:NFL (decision 2): the Exceed Salary Cap tax is chosen before counting; the
    chooser's panel does not count the worth beside the choice, and counts it again after."""
    s = two_humans("nfl")
    at_tax(s, 0)
    async with started(s) as (app, pilot):
        assert on_top(app) == "TaxScreen"
        game: Any = app.game_screen()

        def panel(p: int) -> str:
            import io

            from rich.console import Console

            console = Console(width=120, file=io.StringIO(), record=True, color_system=None)
            console.print(game.query_one(f"#player-{p}").content)
            return " ".join(console.export_text().split())

        assert "worth $" not in panel(0) and "choose the tax first" in panel(0)
        assert "worth $" in panel(1)
        await pilot.press("f")
        await settle(pilot)
        assert "worth $" in panel(0)


async def test_card_drawn_by_a_human_is_shown() -> None:
    s = two_humans(seed=4)
    landing_on_cards(s, 0)
    async with started(s) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert on_top(app) == "CardScreen"
        # the focused OK button must not hide the screen's Enter from the footer
        assert "enter" in shown_keys(app)
        _, deck, card = s.last_card
        assert s.spec.decks[deck].cards[card].text[:30] in " ".join(text_of(app, "#card").split())
        await pilot.press("enter")
        await settle(pilot)
        assert on_top(app) != "CardScreen"
        assert any(" drew " in line for line in s.log)


# ---------------------------------------------------------------- debts


async def test_debt_raise_cash_then_pay() -> None:
    s = two_humans()
    give_group(s, 0, "brown")
    st = s.game.st
    st.players[0].cash = 10
    in_debt(s, 0, 1, 50, "rent", deed_id(s, "Boardwalk"))
    async with started(s) as (app, pilot):
        assert on_top(app) == "DebtScreen"
        assert "p" not in shown_keys(app) and "B" not in shown_keys(app)
        assert "enter" in shown_keys(app)  # sell or mortgage the highlighted line
        for _ in range(4):
            if st.players[0].cash >= 50:
                break
            await pilot.press("enter")  # the first sale or mortgage in the list
            await settle(pilot)
        assert st.players[0].cash >= 50
        assert "p" in shown_keys(app)
        await pilot.press("p")
        await settle(pilot)
        assert find_frame(st, DebtsFrame) is None and st.players[1].cash == 1550
        assert "Ann paid $50 rent to Bob for Boardwalk" in s.log


async def test_debt_with_nothing_to_raise_says_so_instead_of_an_empty_list() -> None:
    """No building to sell, no deed to mortgage: the dialog says it in words (it showed an
    empty 'Raise cash' box to Tab into), and a button has the focus."""
    from textual.widgets import Button, Label

    s = two_humans()
    st = s.game.st
    st.players[0].cash = 5
    in_debt(s, 0, 1, 500, "tax", 4)
    async with started(s, size=(100, 30)) as (app, _pilot):
        scr: Any = app.screen
        assert not scr.query_one("#raise").display
        hint = str(scr.query_one("#raise-hint", Label).render())
        assert hint == "Nothing left to sell or mortgage.", hint  # (classic: both ways)
        assert isinstance(app.focused, Button) and app.focused.id == "trade"
        assert "enter" not in shown_keys(app)


async def test_debt_enter_acts_on_the_control_focused_after_a_mortgage() -> None:
    """Enter mortgages the row highlighted while the list has the focus; once the player moves
    to a button, drawing the dialog again (a mortgage made, the trade builder closed) leaves
    the focus there, so Enter acts on that button as the footer says, not on the list's next
    mortgage."""
    from textual.widgets import Button

    s = two_humans()
    give_group(s, 0, "brown")
    give_group(s, 0, "light-blue")
    st = s.game.st
    st.players[0].cash = 10
    in_debt(s, 0, 1, 120, "rent", deed_id(s, "Boardwalk"))
    async with started(s) as (app, pilot):
        scr: Any = app.screen
        assert "Raise cash: every sale and mortgage" in str(
            scr.query_one("#raise-hint").render())
        await pilot.press("enter")
        await settle(pilot)
        mortgaged = sum(st.mortgaged)
        assert mortgaged == 1
        await pilot.press("tab")
        await settle(pilot)
        assert isinstance(app.focused, Button) and app.focused.id == "trade"
        scr.sync()  # drawn again, as after any change
        await settle(pilot)
        assert app.focused is scr.query_one("#trade")
        await pilot.press("enter")
        await settle(pilot)
        assert on_top(app) == "TradeScreen"
        await pilot.press("escape")
        await settle(pilot, 5)
        assert on_top(app) == "DebtScreen" and app.focused is app.screen.query_one("#trade")
        assert sum(st.mortgaged) == mortgaged


async def test_debt_bankrupt_when_nothing_left_ends_a_two_player_game() -> None:
    s = two_humans()
    st = s.game.st
    st.players[0].cash = 5
    in_debt(s, 0, 1, 500, "tax", 4)
    async with started(s) as (app, pilot):
        assert on_top(app) == "DebtScreen"
        assert "B" in shown_keys(app)
        await pilot.press("B")
        await settle(pilot)
        assert on_top(app) == "ConfirmScreen"
        await pilot.press("y")
        await settle(pilot, 5)
        assert st.players[0].bankrupt and s.game.over
        assert on_top(app) == "ResultsScreen"


async def test_bankruptcy_with_players_left_keeps_the_game_on_screen() -> None:
    """Seen in play (classic, seed 3, a human and two computers): after "Declare bankruptcy",
    the game screen's own look at the game came before the debt dialog's close was reported,
    closed the dialog a second time and popped the game screen: back at the title."""
    s = new_session("classic", [("Ann", True), ("Bob", True), ("Cy", True)])
    st = s.game.st
    st.players[0].cash = 5
    in_debt(s, 0, 1, 500, "tax", 4)
    async with started(s) as (app, pilot):
        assert on_top(app) == "DebtScreen"
        flow: Any = app.screen_stack[-2]
        s.play(A.Action(A.A_BANKRUPT, 0))
        flow.advance()
        flow.advance()  # a second look before the first close is reported back
        await settle(pilot, 6)
        assert st.players[0].bankrupt and not s.game.over
        assert [type(x).__name__ for x in app.screen_stack] == ["TitleScreen", "GameScreen"]
        assert s.pending.player != 0 and shown_keys(app)


# ---------------------------------------------------------------- mortgaged deeds, buildings


async def test_mortgaged_transfer_keep_pays_interest() -> None:
    s = two_humans()
    d = deed_id(s, "Boardwalk")
    mortgaged_transfer(s, 0, d)
    async with started(s) as (app, pilot):
        assert on_top(app) == "TransferScreen"
        assert {"l", "k"} <= shown_keys(app)
        await pilot.press("k")
        await settle(pilot)
        st = s.game.st
        assert st.mortgaged[d] and st.players[0].cash == 1500 - P.mortgage_interest(s.spec, d)


async def test_mortgaged_transfer_lift() -> None:
    s = two_humans()
    d = deed_id(s, "Boardwalk")
    mortgaged_transfer(s, 0, d)
    async with started(s) as (_app, pilot):
        await pilot.press("l")
        await settle(pilot)
        assert not s.game.st.mortgaged[d]
        assert s.game.st.players[0].cash == 1500 - P.unmortgage_cost(s.spec, d)


async def test_place_a_building_won_at_auction() -> None:
    s = two_humans()
    deeds = place_building(s, 0, "brown")
    async with started(s) as (app, pilot):
        assert on_top(app) == "PlaceScreen"
        await pilot.press("enter")
        await settle(pilot)
        assert sum(s.game.st.buildings[d] for d in deeds) == 1
        assert on_top(app) == "GameScreen"


# ---------------------------------------------------------------- the manager


async def test_manage_builds_with_the_cost_shown_first_and_mortgages() -> None:
    s = two_humans()
    blue = give_group(s, 0, "dark-blue")
    give_group(s, 0, "railroads")
    st = s.game.st
    st.current = 0
    async with started(s) as (app, pilot):
        assert "m" in shown_keys(app)
        await pilot.press("m")
        await settle(pilot)
        assert on_top(app) == "ManageScreen"
        preview = text_of(app, "#preview")
        assert "costs $200" in preview and "cash $1,500 → $1,300" in preview
        await pilot.press("enter")
        await settle(pilot)
        assert sum(st.buildings[d] for d in blue) == 1
        assert st.players[0].cash == 1300
        assert any("built a house on" in line for line in s.log)
        # down to a mortgage (the railroads have no buildings)
        lst: Any = app.screen.query_one("#actions")
        idx = next(i for i, e in enumerate(lst.entries)
                   if e.key[0] == A.A_MORTGAGE and not e.reason)
        lst.highlighted = next(
            k for k in range(lst.option_count)
            if lst.get_option_at_index(k).id == f"act-{idx}")
        await settle(pilot)
        assert "raises $100" in text_of(app, "#preview")
        await pilot.press("enter")
        await settle(pilot)
        assert sum(st.mortgaged) == 1
        await pilot.press("escape")
        await settle(pilot)
        assert on_top(app) == "GameScreen"


# ---------------------------------------------------------------- trades


async def test_trade_between_humans_accepted_on_the_same_screen() -> None:
    s = two_humans()
    d = deed_id(s, "Boardwalk")
    s.game.st.owner[d] = 0
    s.game.st.current = 0
    async with started(s) as (app, pilot):
        assert "t" in shown_keys(app)
        await pilot.press("t")
        await settle(pilot)
        assert on_top(app) == "TradeScreen"
        give: Any = app.screen.query_one("#give-deeds")
        give.select(d)
        take_cash: Any = app.screen.query_one("#take-cash")
        take_cash.value = "300"
        await settle(pilot)
        assert "ctrl+s" in shown_keys(app)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert on_top(app) == "TradeReview"
        assert s.pending.kind == A.TRADE and s.pending.player == 1
        await pilot.press("A")
        await settle(pilot)
        st = s.game.st
        assert st.owner[d] == 1
        assert st.players[0].cash == 1800 and st.players[1].cash == 1200
        assert "Bob accepted Ann's trade: Boardwalk to Bob, $300 to Ann" in s.log


async def test_trade_counter_offer_opens_the_builder_the_other_way() -> None:
    s = two_humans()
    d = deed_id(s, "Boardwalk")
    s.game.st.owner[d] = 0
    s.game.st.current = 0
    async with started(s) as (app, pilot):
        await pilot.press("t")
        await settle(pilot)
        app.screen.query_one("#give-deeds").select(d)  # type: ignore[attr-defined]
        app.screen.query_one("#take-cash").value = "500"  # type: ignore[attr-defined]
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("C")
        await settle(pilot, 5)
        assert not any("turned down" in line for line in s.log)  # still open
        assert on_top(app) == "CounterOfferScreen"
        scr: Any = app.screen
        assert scr.offer.proposer == 1 and scr.offer.partner == 0
        assert scr.offer.take_deeds == (d,) and scr.offer.give_cash == 500
        await pilot.press("escape")
        await settle(pilot)
        assert on_top(app) == "TradeReview"  # back to the offer
        assert s.pending.kind == A.TRADE and s.pending.player == 1


async def test_trade_with_a_computer_gets_an_answer() -> None:
    s = human_and_computer()
    d = deed_id(s, "Baltic Avenue")
    s.game.st.owner[d] = 0
    s.game.st.current = 0
    async with started(s) as (app, pilot):
        await pilot.press("t")
        await settle(pilot)
        app.screen.query_one("#give-deeds").select(d)  # type: ignore[attr-defined]
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot, 6)
        assert any("Ann's trade" in line for line in s.log)
        assert on_top(app) == "GameScreen"


async def test_trade_problem_is_said_and_propose_hidden() -> None:
    s = two_humans()
    s.game.st.current = 0
    async with started(s) as (app, pilot):
        await pilot.press("t")
        await settle(pilot)
        assert "ctrl+s" not in shown_keys(app)
        assert "the trade is empty" in text_of(app, "#problem")
        app.screen.query_one("#give-cash").value = "99999"  # type: ignore[attr-defined]
        await settle(pilot)
        assert "Cannot propose yet: Ann has only $1,500, not $99,999" in text_of(app, "#problem")


# ---------------------------------------------------------------- other choices


async def test_an_unknown_decision_gets_a_list_of_its_choices() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True)])
    async with started(s) as (app, pilot):
        from monopoly_tui.ui.decisions import ChoiceScreen

        screen: Any = app.screen
        app.push_screen(ChoiceScreen(screen, A.ROLL))
        await settle(pilot)
        assert "Roll" in str(app.screen.query_one("#choices").get_option_at_index(0).prompt)
        await pilot.press("enter")
        await settle(pilot)
        assert any("rolled" in line for line in s.log)


async def test_jail_enter_takes_the_default_roll() -> None:
    s = two_humans()
    in_jail(s, 0)
    async with started(s) as (_app, pilot):
        await pilot.press("enter")
        await settle(pilot)
        assert any("rolled" in line for line in s.log[-6:])


async def test_asking_for_rent_when_the_owner_must_ask() -> None:
    from dataclasses import replace

    from monopoly_tui.engine.state import Claim

    s = two_humans()
    s.game.spec = s.game.spec.with_rules(
        replace(s.game.spec.rules, rent_collection="owner_must_ask"))
    d = deed_id(s, "Boardwalk")
    st = s.game.st
    st.owner[d] = 0
    st.current = 1
    st.claims.append(Claim(owner=0, payer=1, amount=50, deed=d))
    async with started(s) as (app, pilot):
        assert "c" in shown_keys(app)
        await pilot.press("c")
        await settle(pilot)
        assert st.players[0].cash == 1550 and st.players[1].cash == 1450
        assert "c" not in shown_keys(app)


def _auction(st: GameState) -> AuctionFrame | None:
    """The auction under way, if any."""
    return find_frame(st, AuctionFrame)


async def test_a_computer_owner_asks_for_its_rent_at_once() -> None:
    """Owners must ask (Game of Thrones as printed): a computer owner asks at once, as every bot
    does in simulate. The flow played only the pending decision, so a computer never asked for
    the rent a human owed it, and the claim lapsed at the next roll."""
    from monopoly_tui.engine.dice import ScriptedFaces

    s = new_session("got", [("Ann", True), ("Bob", False)], seed=2, variant="owners-ask")
    st = s.game.st
    third = s.spec.spaces[3].deed
    st.owner[third] = 1
    st.current = 0
    st.players[0].position = 0
    s.game.dice_source = ScriptedFaces([0, 1])  # 1 + 2: the deed on space 3, Bob's
    rent = s.spec.deeds[third].rent[0]
    async with started(s) as (_app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert st.players[0].position == 3
        assert not st.claims
        assert [p.cash for p in st.players] == [1500 - rent, 1500 + rent]
        assert s.pending.kind == A.END_TURN and s.pending.player == 0
