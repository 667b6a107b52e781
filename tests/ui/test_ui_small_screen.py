"""The game screen and its dialogs at the smallest supported terminal, 100x30: every control of a
dialog is on the screen (inside the dialog, above the footer) and Tab reaches each one, however
long the log or the names; the banner's question reads whole; the panel says plainly where a
prisoner stands."""

from __future__ import annotations

from typing import Any

import pytest
from driver import as_shown, new_session, settle, started
from states import at_buy
from textual.widgets import Button, Input, OptionList, Select, SelectionList, Tab

from monopoly_tui.ui.app import MonopolyApp

CONTROLS = (Button, Input, OptionList, Select, SelectionList, Tab)
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
LONG = ("{n}: a long line of the game's log, long enough to wrap twice in the auction's narrow "
        "column of recent lines")


def shown(widget: Any) -> bool:
    """The widget and every one of its containers are displayed."""
    node = widget
    while node is not None and node is not widget.screen:
        if not node.display or not node.visible:
            return False
        node = node.parent
    return True


def unseen_controls(app: MonopolyApp) -> list[str]:
    """The controls of the dialog on top a player cannot see whole: outside the dialog, below
    the screen or on the footer's row."""
    screen = app.screen
    dialog = screen.query_one("#dialog").content_region
    out = []
    for widget in screen.query("*"):
        if isinstance(widget, CONTROLS) and shown(widget):
            r = widget.region
            if not r.height or not dialog.contains_region(r) or r.bottom > app.size.height - 1:
                out.append(f"{type(widget).__name__}#{widget.id} at {r}")
    return out


async def tab_round(pilot: Any, app: MonopolyApp, presses: int = 16) -> list[str]:
    """The ids of the controls Tab goes through, in order, once round."""
    seen: list[str] = []
    for _ in range(presses):
        await pilot.press("tab")
        await settle(pilot, 2)
        focused = app.screen.focused
        if focused is None:
            continue
        if seen and focused.id == seen[0]:
            break
        seen.append(str(focused.id))
    return seen


def auction_at_100x30(edition: str, players: int) -> Any:
    """Every seat human, a long log, the longest deed's name up for auction."""
    s = new_session(edition, [(name, True) for name in NAMES[:players]], seed=1)
    deed = max(s.spec.deeds, key=lambda d: len(d.name))
    s.log.extend(LONG.format(n=n) for n in range(8))
    at_buy(s, 0, deed.index)
    return s


@pytest.mark.parametrize(("edition", "players", "keys"), [
    ("nfl", 8, "+"),           # the long lines of the log still among the newest
    ("nfl", 8, "+dddddd"),     # six have passed: the note on passing too
    ("classic", 6, "+d"),
    ("lotr", 6, "+d+d+"),
])
async def test_every_auction_control_stays_on_screen_and_tab_reaches_it(
        edition: str, players: int, keys: str) -> None:
    """The amount field and every bid button stay inside the auction dialog at 100x30 with a
    long log (they were pushed off the screen: a player could not see what they typed), and
    at 160x50; the log's newest lines stay in view, the oldest give way."""
    s = auction_at_100x30(edition, players)
    async with started(s, size=(100, 30)) as (app, pilot):
        await pilot.press("a")
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot, 4)
        assert type(app.screen).__name__ == "AuctionScreen"
        scr: Any = app.screen
        assert scr.mine()
        for size in ((100, 30), (160, 50), (100, 30)):
            await pilot.resize_terminal(*size)
            await settle(pilot, 6)
            assert unseen_controls(app) == [], size
            scr.set_focus(None)
            controls = ["amount", "bid", *(f"raise-{i}" for i in range(len(scr.steps))), "drop"]
            assert await tab_round(pilot, app) == controls, size
        # the newest line of the log is the last one shown, whole
        newest = s.log[-1]
        shown_text = " ".join(as_shown(scr.query_one("#recent")).split())
        assert shown_text.endswith(" ".join(newest.split())), shown_text


# ---------------------------------------------------------------- the banner's question


@pytest.mark.parametrize("edition", ["classic", "got", "nfl", "lotr", "lge", "dnd"])
@pytest.mark.parametrize("size", [(100, 30), (160, 50)])
async def test_the_buy_question_reads_whole_in_the_banner(edition: str,
                                                          size: tuple[int, int]) -> None:
    """'Buy this deed?' for the edition's longest deed name, a human's and a computer's: the
    banner holds it in its rows with the header under it (at 100x30 NFL's 'buy Double Team:
    Philadelphia Eagles & Pittsburgh' / 'Steelers for $200 or auction it' broke inside the
    name and pushed the header's bank and pot out of the banner): the deed's name (or, where
    the line is too narrow for it, its space's short name, as on the board) whole on a line,
    the price with it, and every part of the header but, where it must give way, the
    edition's name. On a big screen, all of it in full."""
    from monopoly_tui.ui.game import BANNER_ROWS

    s = new_session(edition, [("Ann", True), ("Bob", True)], seed=1)
    deed = max(s.spec.deeds, key=lambda d: len(d.name) + len(s.spec.vocab.money(d.price)))
    at_buy(s, 1, deed.index)
    short = s.spec.spaces[deed.spaces[0]].short
    price = f"for {s.spec.vocab.money(deed.price)}"
    async with started(s, size=size) as (app, _pilot):
        scr: Any = app.game_screen()
        banner = scr.query_one("#banner")
        for human in (True, False):
            s.seats[1].human = human  # the banner alone is drawn again: no computer moves
            scr._shown.pop("banner", None)
            scr._sync_banner()
            s.seats[1].human = True
            lines = as_shown(banner).splitlines()
            assert len(lines) <= BANNER_ROWS == banner.content_size.height, lines
            name = deed.name if any(deed.name in line for line in lines) else short
            assert any(name in line for line in lines), lines
            assert any(price in line for line in lines), lines
            header = scr.header_info(name=False).parts
            assert header[-1].plain in lines[-1], lines
            if size == (160, 50):
                assert name == deed.name and s.spec.name in lines[-1], lines


# ---------------------------------------------------------------- a prisoner on the panel


@pytest.mark.parametrize(("edition", "options", "tries", "says"), [
    ("classic", {}, 0, ["in Jail", "next try for doubles: 1 of 3"]),
    ("classic", {}, 1, ["in Jail", "next try for doubles: 2 of 3"]),
    ("classic", {}, 2, ["in Jail", "last try for doubles (3 of 3)", "then the $50 fine"]),
    ("got", {"variant": "speed"}, 0,
     ["in Jail", "one try for doubles", "then the 50 Gold Dragons fine"]),
    ("dnd", {}, 1, ["in Jail", "next try for a 6: 2 of 3"]),
    ("lge", {}, 0, ["in Jail"]),
])
async def test_the_panel_says_which_try_at_the_dice_comes_next_in_jail(
        edition: str, options: dict[str, Any], tries: int, says: list[str]) -> None:
    """The panel said 'in Jail (tries 0)': it says which try comes next, of how many, for
    what (doubles; a 6 in Dungeons & Dragons), and what the last one leads to, in the
    edition's word for jail; where no roll frees a prisoner (Longest Game Ever) just 'in
    Jail'. Each part whole on a line of the narrow panel at 100x30."""
    from states import in_jail

    s = new_session(edition, [("Ann", True), ("Bob", True)], seed=1, **options)
    in_jail(s, 1)
    s.game.st.players[1].jail_turns = tries
    s.game.st.current = 0
    async with started(s, size=(100, 30)) as (app, _pilot):
        panel = app.game_screen().query_one("#player-1")
        lines = [line.strip() for line in as_shown(panel).splitlines()]
        text = " · ".join(lines)
        assert "tries" not in text, lines
        start = next(i for i, line in enumerate(lines) if line.startswith(says[0]))
        assert " · ".join(lines[start:])[:len(" · ".join(says))] == " · ".join(says), lines
        assert not any("in Jail" in line for line in lines[start + 1:]), lines


async def test_the_jail_dialog_says_which_try_this_roll_is_for_a_six_too() -> None:
    """Dungeons & Dragons frees a prisoner on a 6: its jail dialog says which try this roll
    is, of three, and what the last failed one leads to (it said nothing of tries, which it
    said only for doubles)."""
    from states import in_jail

    s = new_session("dnd", [("Ann", True), ("Bob", True)], seed=1)
    in_jail(s, 0)
    s.game.st.players[0].jail_turns = 2
    async with started(s, size=(100, 30)) as (app, _pilot):
        assert type(app.screen).__name__ == "JailScreen"
        body = " ".join(as_shown(app.screen.query_one("#body")).split())
        assert "This roll is try 3 of 3 for a 6 (the last)." in body, body
        assert "A 6 frees you" in body and "you pay 10 gold, then roll again and move" in body


# ---------------------------------------------------------------- buy, short of the price


@pytest.mark.parametrize("edition", ["nfl", "lotr", "lge"])
async def test_buy_short_of_the_price_keeps_its_buttons_on_a_short_screen(edition: str) -> None:
    """At 100x30 a player short of the price who owns many deeds: the list of sales and
    mortgages gives up rows, and Buy and Auction (Don't buy) stay on the dialog, reached by
    Tab (the list pushed them off the screen); on a tall screen it has its full height."""
    s = new_session(edition, [(name, True) for name in NAMES[:4]], seed=1)
    deed = max(s.spec.deeds, key=lambda d: len(d.name))
    for d in range(len(s.spec.deeds)):
        if d != deed.index and d % 3 != 2:
            s.game.st.owner[d] = 0
    s.game.st.players[0].cash = 1
    at_buy(s, 0, deed.index)
    async with started(s, size=(100, 30)) as (app, pilot):
        assert type(app.screen).__name__ == "BuyScreen"
        scr: Any = app.screen
        assert scr.query_one("#raise").display
        assert unseen_controls(app) == []
        scr.set_focus(None)
        other = "auction" if s.spec.rules.auctions else "decline"
        assert await tab_round(pilot, app) == ["raise", other]  # Buy waits for the cash
        await pilot.resize_terminal(160, 50)
        await settle(pilot, 6)
        assert unseen_controls(app) == []
        assert scr.query_one("#raise").outer_size.height == scr.RAISE_ROWS


# ---------------------------------------------------------------- an offer of every deed


async def test_a_long_trade_offer_scrolls_and_its_answers_stay_on_a_short_screen() -> None:
    """At 100x30 an offer of every deed (NFL's long names): the offer gives up rows and
    scrolls (Tab reaches it, the arrow keys scroll it), and Accept, Reject and Counter-offer
    stay on the dialog (the offer pushed them off the screen); the offer has the focus, not
    an answer (Enter pressed for the dice must not accept it)."""
    from monopoly_tui.engine.frames import TradeFrame
    from monopoly_tui.engine.state import TradeOffer

    s = new_session("nfl", [("Ann", True), ("Bob", True)], seed=1)
    st = s.game.st
    n = len(s.spec.deeds)
    for d in range(n):
        st.owner[d] = d % 2
    st.current = 1
    st.frames.append(TradeFrame(TradeOffer(1, 0, tuple(range(1, n, 2)), tuple(range(0, n, 2)),
                                           100, 200)))
    async with started(s, size=(100, 30)) as (app, pilot):
        assert type(app.screen).__name__ == "TradeReview"
        scr: Any = app.screen
        # the offer has the focus, not an answer: Enter pressed for the dice does not accept it
        assert scr.focused is not None and scr.focused.id == "offer-box"
        assert unseen_controls(app) == []
        box = scr.query_one("#offer-box")
        assert box.max_scroll_y > 0  # cut to the rows left: the rest scrolls into view
        scr.set_focus(None)
        assert await tab_round(pilot, app) == ["offer-box", "accept_trade", "reject_trade",
                                               "counter"]
        await pilot.resize_terminal(160, 50)
        await settle(pilot, 6)
        assert unseen_controls(app) == []
