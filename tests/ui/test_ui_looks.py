"""Issue 13's looks: what reads wrong at a size or without colour (names running together, a
count beside the wrong space, a dialog cut off, boxes that read ticked when they are not)."""

from __future__ import annotations

from typing import Any

import pytest
from driver import new_session, settle, started
from states import deed_id

from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.demo import late_game


def _lines(tile: Any) -> list[str]:
    return tile.render().plain.split("\n")


@pytest.mark.parametrize("size", [(160, 50), (100, 30)])
async def test_the_tiles_of_a_row_keep_a_blank_column_between_them(
        size: tuple[int, int]) -> None:
    """Each tile leaves its last column blank, so the bottom row's names ('Inn Crossroads',
    "Mole's Town", 'Master of Coin', 'Fist First Men') and an owner's ●2 beside the next
    tile's token never run together."""
    s = late_game("got", players=4, humans=4, seed=7)
    async with started(s, size=size) as (app, _pilot):
        board: Any = app.screen.board  # type: ignore[attr-defined]
        lay = board.layout_
        bottom = [i for i, (_c, r) in enumerate(lay.cells) if r == lay.rows - 1]
        assert len(bottom) == lay.cols
        for i in bottom:
            tile = board.tiles[i]
            width = tile.content_size.width
            for line in _lines(tile):
                assert len(line) <= width - 1, (tile.space, line, width)


async def test_the_heat_maps_count_heads_its_own_tile_above_its_name() -> None:
    """In the heat map, each space's count is on its tile's first line, flush right, and its
    name under it (the count was on the line after the name, which moved with the name's
    length: a row of tiles mixed counts with the neighbours' names; on the tile's last line it
    sat just above the next space's name down the sides). test_ui_results_heat.py reads the
    counts as the screen shows them."""
    s = late_game("got", players=4, humans=4, seed=7)
    async with started(s) as (app, pilot):
        await pilot.press("g")
        await settle(pilot)
        assert type(app.screen).__name__ == "StatsScreen"
        board: Any = app.screen.query_one("Board")
        st = s.game.st
        for tile in board.tiles:
            lines = [line.rstrip() for line in _lines(tile)]
            filled = [k for k, line in enumerate(lines) if line.strip()]
            count = str(st.landings[tile.space])
            assert lines[0].strip() == count and len(lines[0]) == len(_lines(tile)[0]), lines
            # nothing but blank lines after the name, and no blank line before it
            assert filled == list(range(len(filled))), lines


@pytest.mark.parametrize("players", [4, 6])
async def test_the_manager_fits_a_small_screen(players: int) -> None:
    """At 100×30 the property manager's buttons and the tabs of every player are on the
    screen, inside the dialog (they were cut off below)."""
    s = late_game("classic", players=players, humans=players, seed=7)
    async with started(s, size=(100, 30)) as (app, pilot):
        await pilot.press("m")
        await settle(pilot)
        assert type(app.screen).__name__ == "ManageScreen"
        scr: Any = app.screen
        dialog = scr.query_one("#dialog").region
        for selector in ("#confirm", "#close", *[f"#who-{p}" for p in range(players)]):
            region = scr.query_one(selector).region
            assert region.height > 0, selector
            assert dialog.contains_region(region), (selector, region, dialog)
            assert region.bottom <= 30 - 1, selector  # above the footer


def _strip_text(strip: Any) -> str:
    return "".join(segment.text for segment in strip)


async def test_unticked_boxes_read_unticked_without_colour() -> None:
    """A box shows its mark only when ticked (Textual drew ▐X▌ and ▐●▌ for both, the colour
    alone telling them apart): the house rules, the printed options, the variants, the pace
    and the trade's deed lists."""
    from monopoly_tui.ui.setup import NewGameScreen

    app = MonopolyApp(pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        app.push_screen(NewGameScreen(seed=1))
        await settle(pilot)
        scr: Any = app.screen
        await scr.pick_edition("nfl")
        await pilot.press("ctrl+n")
        await settle(pilot)
        box = scr.query_one("#hr-double_go")
        assert box.render().plain.startswith("▐ ▌"), box.render().plain
        box.value = True
        await settle(pilot)
        assert box.render().plain.startswith("▐X▌")
        option = scr.query_one("#opt-owners-ask")
        assert option.render().plain.startswith("▐ ▌")
        buttons = list(scr.query_one("#variants").query("RadioButton"))
        assert buttons[0].render().plain.startswith("▐●▌")
        assert all(b.render().plain.startswith("▐ ▌") for b in buttons[1:])
        pace = {b.id: b.render().plain[:3] for b in scr.query_one("#pace").query("RadioButton")}
        assert sorted(pace.values()) == ["▐ ▌"] * (len(pace) - 1) + ["▐●▌"], pace


async def test_the_trades_deed_lists_show_empty_boxes_for_deeds_not_chosen() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True)])
    st = s.game.st
    st.current = 0
    mine = [deed_id(s, "Mediterranean Avenue"), deed_id(s, "Baltic Avenue")]
    for d in mine:
        st.owner[d] = 0
    async with started(s) as (app, pilot):
        await pilot.press("t")
        await settle(pilot)
        scr: Any = app.screen
        give: Any = scr.query_one("#give-deeds")
        assert all(_strip_text(give.render_line(y)).startswith("▐ ▌") for y in range(2))
        give.select(mine[1])
        await settle(pilot)
        lines = [_strip_text(give.render_line(y)) for y in range(2)]
        assert lines[0].startswith("▐ ▌") and lines[1].startswith("▐X▌"), lines


async def test_game_of_thrones_long_money_stays_whole_in_the_panels() -> None:
    """At 100×30 a player's panel wraps between its cash and its worth, never inside an
    amount ('4,150' / 'Gold Dragons')."""
    s = late_game("got", players=4, humans=4, seed=7)
    async with started(s, size=(100, 30)) as (app, _pilot):
        st = s.game.st
        for p in range(4):
            panel: Any = app.screen.query_one(f"#player-{p}")
            console_lines = [_strip_text(panel.render_line(y)).replace("\u00a0", " ")
                             for y in range(panel.size.height)]
            cash = s.game.spec.vocab.money(st.players[p].cash)
            assert any(cash in line for line in console_lines), console_lines
            for line in console_lines:
                assert not line.rstrip().endswith(("Gold", "Dragons  worth", "worth")), line
            assert not any(line.split()[:1] in (["Gold"], ["Dragons"])
                           for line in console_lines), console_lines



async def test_the_header_breaks_between_its_parts_never_inside_one() -> None:
    """NFL's time-limit game: at any width the header's lines are whole parts ('round 1 of
    40', 'houses 32'); an unbreakable space did not keep them whole (Rich and Textual break
    at it), so 'round 1 of' / '40' could show."""
    s = new_session("nfl", [("Ann", True), ("Bob", True)], variant="time-limit")
    async with started(s, size=(100, 30)) as (app, _pilot):
        header: Any = app.screen.header_info()  # type: ignore[attr-defined]
        parts = header.plain.split(" · ")
        assert "round 1 of 40" in parts
        for width in range(12, 80):
            for line in header.lines(width):
                assert all(p in parts for p in line.plain.split(" · ")), (width, line.plain)
        banner = app.screen.query_one("#banner")
        shown = [_strip_text(banner.render_line(y)).strip() for y in range(banner.size.height)]
        assert any("round 1 of 40" in line for line in shown), shown


async def test_tab_then_space_ticks_a_deed_in_the_trade() -> None:
    """By keyboard: Tab to a side's deeds, Space ticks the first (it did nothing: no row was
    highlighted until an arrow key)."""
    s = new_session("classic", [("Ann", True), ("Bob", True)])
    st = s.game.st
    st.current = 0
    mine = deed_id(s, "Baltic Avenue")
    st.owner[mine] = 0
    theirs = deed_id(s, "Boardwalk")
    st.owner[theirs] = 1
    async with started(s) as (app, pilot):
        await pilot.press("t")
        await settle(pilot)
        scr: Any = app.screen
        assert app.focused is scr.query_one("#proposer")
        await pilot.press("tab", "tab", "space")
        await settle(pilot)
        assert app.focused is scr.query_one("#give-deeds")
        assert scr.query_one("#give-deeds").selected == [mine]
        await pilot.press("tab", "tab", "space")
        await settle(pilot)
        assert app.focused is scr.query_one("#take-deeds")
        assert scr.query_one("#take-deeds").selected == [theirs]
        assert not s.game.trade_problem(scr.offer)


@pytest.mark.parametrize("size", [(160, 50), (100, 30)])
async def test_a_long_deed_name_is_whole_on_its_card(size: tuple[int, int]) -> None:
    """NFL's 'Double Team: New York Jets & New York Giants' is longer than the card's border:
    it was cut ('Double Team: New York Jets & New York Gi…' and the card's right edge gone).
    Now it sits on its colour band, broken after the colon, and the card keeps its width."""
    from driver import as_shown
    from states import at_buy, two_humans

    s = two_humans("nfl")
    d = next(x.index for x in s.spec.deeds if x.name.endswith("New York Giants"))
    at_buy(s, 0, d)
    async with started(s, size=size) as (app, _pilot):
        deed = app.screen.query_one("#deed")
        shown = as_shown(deed)
        lines = shown.splitlines()
        assert any(line.strip("│ ") == "Double Team:" for line in lines), shown
        assert any(line.strip("│ ") == "New York Jets & New York Giants" for line in lines), shown
        assert "…" not in shown, shown
        width = deed.content_size.width
        assert all(len(line) <= width for line in lines)
        assert lines[0].endswith("╮") and lines[-1].endswith("╯"), shown


@pytest.mark.parametrize("size", [(160, 50), (100, 30)])
async def test_a_players_head_and_the_jail_question_break_between_their_parts(
        size: tuple[int, int]) -> None:
    """At 100x30 the side panel broke 'Computer 2 · Helmet ·' / 'computer' and the banner 'in
    Jail: pay, use a card or roll for' / 'doubles'. Each part is whole on a line now: the
    name, the token, 'computer' (not said again after a seat named 'Computer 2'); who is
    asked, then the question."""
    from driver import as_shown
    from states import in_jail

    s = new_session("nfl", [("Ann", True), ("Computer 2", False), ("Bob", False)])
    in_jail(s, 0, card=True)  # every way out offered: the longest question
    async with started(s, size=size) as (app, _pilot):
        scr: Any = app.game_screen()  # under the Jail's dialog
        for p, words in ((1, ["Computer 2", "Helmet"]), (2, ["Bob", "Goal Post", "computer"])):
            panel = scr.query_one(f"#player-{p}")
            lines = as_shown(panel).splitlines()
            head = " ".join(line.strip() for line in lines[:2])
            for word in words:
                assert any(word in line for line in lines[:2]), (word, lines)
            assert head.count("computer") == (words[-1] == "computer"), lines
            assert not any(line.rstrip().endswith("·") or line.lstrip().startswith("·")
                           for line in lines), lines
        shown = as_shown(scr.query_one("#banner"))
        question = "in Jail: pay, use a card or roll for doubles"
        assert any(question in line for line in shown.splitlines()), shown


def test_a_long_name_on_its_band_breaks_after_the_colon_then_the_ampersand() -> None:
    from monopoly_tui.ui.render import name_band

    name = "Double Team: New York Jets & New York Giants"
    assert [r.strip() for r in name_band(name, "", 40).plain.split("\n")] == [
        "Double Team:", "New York Jets & New York Giants"]
    rows = name_band(name, "", 30).plain.split("\n")
    assert [r.strip() for r in rows] == ["Double Team:", "New York Jets &", "New York Giants"]
    assert all(len(r) == 30 for r in rows)  # the band is the card's width on every line
