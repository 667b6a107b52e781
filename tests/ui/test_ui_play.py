"""What a table of new players met playing every edition in a terminal (issue 13's play-through):
each pinned here as the player saw it."""

from __future__ import annotations

from typing import Any

import pytest
from driver import new_session, settle, started
from states import at_buy, deed_id

from monopoly_tui.ui.app import MonopolyApp


def lines_of(app: MonopolyApp, selector: str) -> list[str]:
    """The lines a Static shows, laid out at its own width."""
    import io

    from rich.console import Console

    widget: Any = app.screen.query_one(selector)
    console = Console(width=widget.content_region.width, file=io.StringIO(), record=True,
                      color_system=None)
    console.print(widget.content)
    return console.export_text().splitlines()


def option_texts(app: MonopolyApp, selector: str) -> list[str]:
    lst: Any = app.screen.query_one(selector)
    return [str(lst.get_option_at_index(i).prompt) for i in range(lst.option_count)]


async def test_the_buy_dialogs_mortgages_say_what_they_raise() -> None:
    """Short of cash for a deed, the buy dialog lists the mortgages with the cash each raises
    (it said 'Mortgage Vermont Avenue (buy first)', with no amount, for every row)."""
    s = new_session("classic", [("Ann", True), ("Bob", True)])
    vermont = deed_id(s, "Vermont Avenue")
    s.game.st.owner[vermont] = 0
    s.game.st.players[0].cash = 10
    at_buy(s, 0, deed_id(s, "Connecticut Avenue"))
    async with started(s) as (app, pilot):
        await settle(pilot)
        rows = option_texts(app, "#raise")
        row = next(r for r in rows if "Vermont" in r)
        assert "first" not in row and "+$50" in row, rows


async def test_house_rules_and_their_fields_show_whole_at_the_narrowest_size() -> None:
    """Every house rule's name shows whole beside its box, and the rounds and clock fields
    show four digits and HH:MM with the cursor ('A pass is final in au…'; 'HH:M'; a typed
    5025 rounds read '025')."""
    from rich.cells import cell_len

    from monopoly_tui.engine.house_rules import HOUSE_RULES, house_rule_words
    from monopoly_tui.rules import load_spec
    from monopoly_tui.ui.setup import NewGameScreen

    app = MonopolyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(NewGameScreen(seed=1))
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        scr = app.screen
        spec = load_spec("classic")
        for key in HOUSE_RULES:
            name = house_rule_words(spec, key)[0]
            tick: Any = scr.query_one(f"#hr-{key}")
            assert str(tick.label) == name
            assert tick.content_region.width >= cell_len(name) + 4, (name, tick.content_region)
        for field in ("#turn-limit", "#end-at"):
            box: Any = scr.query_one(field)
            assert box.content_region.width >= 6, (field, box.content_region)


@pytest.mark.parametrize("size", [(160, 50), (100, 30)])
async def test_auction_bidders_and_the_bid_are_never_broken_apart(size: tuple[int, int]) -> None:
    """Each bidder's seat, mark and name stay on one line, and the bid keeps its amount ('1' /
    'Ann'; '▶' / '4  Player 4'; 'or + to bid' / '$16' were broken across lines)."""
    s = new_session("classic", [("Ann", True), ("Player 2", True), ("Player 3", True),
                                ("Player 4", True)])
    at_buy(s, 1, deed_id(s, "Baltic Avenue"))
    async with started(s, size=size) as (app, pilot):
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("1", "5", "enter", "plus", "d")
        await settle(pilot)
        bidders = lines_of(app, "#bidders")
        for tag in ("▶ 1  Ann", "2  Player 2", "3  Player 3", "4  Player 4 (passed)"):
            assert any(tag in line for line in bidders), (tag, bidders)
        turn = lines_of(app, "#turn")
        assert any("or + to bid $17" in line for line in turn), turn


def burst(app: MonopolyApp, *keys: str) -> None:
    """Keys arriving together, as a fast typist's or a slow link's do (one read from the
    terminal): each sent without waiting for the app to handle the one before."""
    from textual import events

    driver: Any = app._driver
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        driver.send_message(event)


async def test_a_save_name_typed_fast_is_the_name_saved(saves_folder: Any) -> None:
    """'monday' and Enter in one burst saved under the suggested name: the dialog's Enter
    (shown in the footer over the field's own) read the field before the letters were in."""
    s = new_session("classic", [("Ann", True), ("Bob", True)])
    async with started(s) as (app, pilot):
        await pilot.press("s")
        await settle(pilot)
        assert type(app.screen).__name__ == "SaveNameScreen"
        burst(app, "m", "o", "n", "d", "a", "y", "enter")  # typed over the suggestion
        await settle(pilot, 6)
        from monopoly_tui.saves import list_saves

        names = {e.name for e in list_saves(saves_folder)}
        assert "monday" in names, names


async def test_arrow_keys_then_enter_in_a_burst_raise_cash_from_the_row_reached() -> None:
    """Down then Enter in one burst in the debt dialog sells or mortgages the row the arrow
    reached, not the one highlighted before it (Enter ran ahead of the arrow)."""
    from states import in_debt

    s = new_session("classic", [("Ann", True), ("Bob", True)])
    st = s.game.st
    deeds = [deed_id(s, n) for n in ("Mediterranean Avenue", "Oriental Avenue")]
    for d in deeds:
        st.owner[d] = 0
    st.players[0].cash = 0
    in_debt(s, 0, 1, 500, "rent")
    async with started(s) as (app, pilot):
        await settle(pilot)
        lst: Any = app.screen.query_one("#raise")
        lst.focus()
        await settle(pilot)
        first = lst.highlighted
        target = lst.current_entry if hasattr(lst, "current_entry") else None
        burst(app, "down", "enter")
        await settle(pilot, 6)
        mortgaged = [d for d in deeds if st.mortgaged[d]]
        assert len(mortgaged) == 1, mortgaged
        assert mortgaged[0] == deeds[1], (first, target, mortgaged)


async def test_tab_then_enter_in_a_burst_acts_on_the_control_tab_reached() -> None:
    """Tab and Enter in one burst (tmux's 'send-keys Tab Enter', a fast typist): Enter ticks
    the trade's deed reached by Tab. The screen's Tab moved the focus only once the key had
    bubbled up from the widget it left, and Enter, arriving meanwhile, went to that widget."""
    s = new_session("classic", [("Ann", True), ("Bob", True)])
    st = s.game.st
    st.current = 0
    mine = deed_id(s, "Baltic Avenue")
    st.owner[mine] = 0
    async with started(s) as (app, pilot):
        await pilot.press("t")
        await settle(pilot)
        scr: Any = app.screen
        assert app.focused is scr.query_one("#proposer")
        burst(app, "tab", "tab", "enter")
        await settle(pilot, 6)
        assert app.focused is scr.query_one("#give-deeds")
        assert scr.query_one("#give-deeds").selected == [mine]
        burst(app, "shift+tab", "shift+tab", "tab", "tab", "enter")  # and back, untick
        await settle(pilot, 6)
        assert scr.query_one("#give-deeds").selected == []


async def test_at_100x30_the_panel_of_whoever_decides_scrolls_into_view() -> None:
    """Four players with deeds at 100x30: the panels do not all fit, and the one of the
    player whose turn it is comes into view (players 3 and 4 were seen only with a mouse)."""
    s = new_session("classic", [("Ann", True), ("Bob", True), ("Cy", True), ("Dee", True)])
    st = s.game.st
    for d in range(len(st.owner)):
        st.owner[d] = d % 4
    st.current = 0
    async with started(s, size=(100, 30)) as (app, pilot):
        await settle(pilot)
        sidebar: Any = app.screen.query_one("#sidebar")
        assert sidebar.max_scroll_y > 0  # they do not all fit
        for p in (3, 2, 0):
            st.current = p
            app.screen.refresh_view()  # type: ignore[attr-defined]
            await settle(pilot, 5)
            panel: Any = app.screen.query_one(f"#player-{p}")
            assert sidebar.region.contains_region(panel.region), (p, panel.region)


@pytest.mark.parametrize("size", [(160, 50), (100, 30)])
async def test_the_board_colours_keep_each_swatch_with_its_name(size: tuple[int, int]) -> None:
    """On the edition step every colour's swatch stays on the line of its name ('███' at
    the end of a line, 'Utilities' on the next)."""
    from monopoly_tui.rules import load_spec
    from monopoly_tui.ui.setup import NewGameScreen

    app = MonopolyApp()
    async with app.run_test(size=size) as pilot:
        app.push_screen(NewGameScreen(seed=1))
        await settle(pilot)
        for edition in ("classic", "got"):
            scr: Any = app.screen
            await scr.pick_edition(edition)
            await settle(pilot)
            lines = [line.replace("\u00a0", " ") for line in lines_of(app, "#edition-info")]
            for g in load_spec(edition).groups:
                assert any(f"███ {g.name}" in line for line in lines), (g.name, lines)


async def test_a_variant_chosen_then_the_standard_rules_again_starts_the_standard_game() -> None:
    """Game of Thrones: choosing Speed play left 'Standard rules' pressed too (two ●), and
    choosing the standard rules again kept Speed play for the game."""
    from textual.widgets import RadioSet

    from monopoly_tui.ui.setup import NewGameScreen

    app = MonopolyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(NewGameScreen(seed=1))
        await settle(pilot)
        scr: Any = app.screen
        await scr.pick_edition("got")
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        variants = scr.query_one("#variants", RadioSet)
        await pilot.press("down", "enter")
        await settle(pilot)
        assert [b.value for b in variants.query("RadioButton")] == [False, True]
        assert scr.chosen_base_variant() == "speed"
        await pilot.press("up", "enter")
        await settle(pilot)
        assert [b.value for b in variants.query("RadioButton")] == [True, False]
        assert scr.chosen_base_variant() is None


async def test_setup_says_which_players_share_a_token_or_a_name() -> None:
    """'Each player needs a different token' left the players to find which two: the
    message names their seats and what they share."""
    from driver import text_of
    from textual.widgets import Input, Select

    from monopoly_tui.ui.setup import NewGameScreen

    app = MonopolyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(NewGameScreen(seed=1))
        await settle(pilot)
        await pilot.press("ctrl+n", "ctrl+n", "ctrl+t")
        await settle(pilot)
        scr: Any = app.screen
        rows = scr.rows()
        token = rows[0].query_one(".token", Select).value
        rows[2].query_one(".token", Select).value = token
        rows[1].query_one(".name", Input).value = "Ann"
        rows[2].query_one(".name", Input).value = "ann"
        await settle(pilot)
        problems = " ".join(text_of(app, "#problems").split()).lower()
        assert f"players 1 and 3 have the same token ({str(token).lower()})" in problems
        assert "players 2 and 3 have the same name (ann)" in problems, problems


async def test_the_rules_page_scrolls_by_keyboard_at_100x30() -> None:
    """Help, Rules tab at 100x30: the rules run below the window, and Down, PageDown, Home
    and End scroll them (only a mouse did); the footer says so."""
    from driver import shown_keys
    from textual.widgets import TabbedContent

    s = new_session("got", [("Ann", True), ("Bob", True)])
    async with started(s, size=(100, 30)) as (app, pilot):
        await pilot.press("question_mark")
        await settle(pilot)
        await pilot.press("right")
        await settle(pilot)
        tabs = app.screen.query_one(TabbedContent)
        assert tabs.active == "rules"
        pane = tabs.get_pane("rules")
        assert pane.max_scroll_y > 0 and pane.scroll_y == 0
        assert "down" in shown_keys(app)
        await pilot.press("down")
        await settle(pilot)
        assert pane.scroll_y == 1
        await pilot.press("pagedown")
        await settle(pilot)
        assert pane.scroll_y > 1
        await pilot.press("end")
        await settle(pilot)
        assert pane.scroll_y == pane.max_scroll_y
        await pilot.press("home")
        await settle(pilot)
        assert pane.scroll_y == 0


async def test_the_trade_sides_keep_long_money_whole_at_100x30() -> None:
    """Game of Thrones at 100x30: each side's cash stays whole on its line ('cash 1,500
    Gold' / 'Dragons')."""
    s = new_session("got", [("Player 1", True), ("Player 2", True)])
    st = s.game.st
    st.owner[0] = 0
    st.owner[1] = 1
    async with started(s, size=(100, 30)) as (app, pilot):
        await pilot.press("t")
        await settle(pilot)
        for side in ("give", "take"):
            lines = lines_of(app, f"#{side}-title")
            assert any("cash 1,500 Gold Dragons" in line for line in lines), lines
