"""The Longest Game Ever board in the app (issue 12, 'The app'): 96 spaces shown a third at a
time, full size, the third the action is in, with the whole track in an overview above the
ring where every token stands; the Free Parking pot on the board. Its SVG snapshots at 160×50
and 100×30 are in test_ui_snapshots.py."""

from __future__ import annotations

import io
from typing import Any

import pytest
from driver import new_session, play_out, run_to_results, settle, shown_keys, started
from long_track import lge_session, space_id
from rich.console import Console
from states import deed_id

from monopoly_tui.engine import buildings as B
from monopoly_tui.engine.dice import ScriptedFaces
from monopoly_tui.ui import game as game_screen
from monopoly_tui.ui.board import Board, SpaceTile, TrackOverview, fit, sections
from monopoly_tui.ui.game import PlayerPanel
from monopoly_tui.ui.manage import ActionList

SMALL = (100, 30)
BIG = (160, 50)


def _plain(renderable: Any, width: int = 60) -> str:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def _board(app: Any) -> Board:
    return app.screen.query_one("#board", Board)


def _overview_lines(app: Any) -> list[str]:
    return _board(app).query_one(TrackOverview).render().plain.splitlines()


def _spread(session: Any) -> None:
    """Four tokens in three thirds: Ann (to move) on Boardwalk 2, Bob and Cy on Free Parking 3,
    Di on GO."""
    st = session.game.st
    st.current = 0
    st.players[0].position = space_id(session, "Boardwalk 2")
    st.players[1].position = st.players[2].position = space_id(session, "Free Parking 3")
    st.players[3].position = 0


def test_a_track_of_96_is_shown_in_three_thirds_of_32_and_40_spaces_in_one_ring() -> None:
    assert sections(96) == (3, 32)
    assert sections(40) == (1, 40)
    assert sections(32) == (1, 32)


@pytest.mark.parametrize("size", [BIG, SMALL])
async def test_the_ring_shows_the_third_in_play_and_the_overview_every_token(
        size: tuple[int, int]) -> None:
    s = lge_session([("Ann", True), ("Bob", False), ("Cy", False), ("Di", False)], seed=2)
    _spread(s)
    async with started(s, size=size) as (app, _pilot):
        board = _board(app)
        assert (board.count, board.length, board.section) == (3, 32, 1)  # Boardwalk 2's third
        shown = [t.space for t in board.tiles]
        assert shown == list(range(32, 64))
        walk = board.tile_of(space_id(s, "Boardwalk 2"))
        assert walk is not None and walk.render().plain.split()[-1] == "1"  # Ann's token
        assert board.tile_of(space_id(s, "Boardwalk")) is None  # not in this third
        lines = _overview_lines(app)
        assert len(lines) in (3, 6)  # a line per third (and one of owners when tall enough)
        rows = lines[:: len(lines) // 3]
        assert [r[0] for r in rows] == [" ", "▶", " "]  # the third shown: GO 2's
        assert "4" in rows[0] and "1" in rows[1] and "23" in rows[2]  # every token, in place
        cell = board.query_one(TrackOverview).cell_width()
        label = board.query_one(TrackOverview).label_width()
        assert rows[1][label + 31 * cell] == "1"  # Ann on the 32nd cell of GO 2's third
        assert rows[2][label + 16 * cell: label + 16 * cell + 2] == "23"  # Free Parking 3
        panel = app.screen.query_one("#player-0", PlayerPanel)
        assert "on Boardwalk 2" in _plain(panel.content)  # where each token is, in words


async def test_the_ring_follows_the_current_player_into_the_next_third() -> None:
    s = lge_session([("Ann", True), ("Bob", True)], seed=4)
    s.game.st.players[0].position = s.game.st.players[1].position = 30
    async with started(s, size=SMALL) as (app, pilot):
        board = _board(app)
        assert board.section == 0
        s.game.st.players[s.game.st.current].position = space_id(s, "Mediterranean Avenue 2")
        app.screen.refresh_view()
        await settle(pilot)
        assert board.section == 1
        assert board.tile_of(space_id(s, "Mediterranean Avenue 2")) is not None


async def test_brackets_show_the_other_thirds_and_escape_goes_back_to_the_action() -> None:
    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    st = s.game.st
    st.current = 0
    st.players[0].position = st.players[1].position = 3
    async with started(s, size=SMALL) as (app, pilot):
        board = _board(app)
        assert "right_square_bracket" in shown_keys(app)  # '] Next third' in the footer
        await pilot.press("right_square_bracket")
        await settle(pilot)
        assert board.section == 1 and board.cursor == 32  # GO 2, its card in the centre
        assert "GO 2" in _plain(app.screen.query_one("#detail").content)
        await pilot.press("right_square_bracket", "right_square_bracket")
        await settle(pilot)
        assert board.section == 0 and board.cursor == 0  # round again to GO
        await pilot.press("left_square_bracket")
        await settle(pilot)
        assert board.section == 2 and board.cursor == 64
        await pilot.press("left")  # the arrows walk the ring of the third shown
        await settle(pilot)
        assert board.section == 2 and board.cursor == 65
        await pilot.press("escape")
        await settle(pilot)
        assert board.cursor == -1 and board.section == 0  # back to Ann's token


async def test_a_40_space_board_has_no_thirds_and_no_third_keys() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=2)
    async with started(s, size=SMALL) as (app, _pilot):
        board = _board(app)
        assert board.count == 1 and not board.query(TrackOverview)
        assert [t.space for t in board.tiles] == list(range(40))
        assert app.screen.query_one("#space-39") is board.tiles[39]
        keys = shown_keys(app)
        assert "right_square_bracket" not in keys and "left_square_bracket" not in keys
        assert "on " not in _plain(app.screen.query_one("#player-0", PlayerPanel).content)


async def test_a_click_on_the_overview_picks_that_space() -> None:
    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    async with started(s, size=BIG) as (app, pilot):
        board = _board(app)
        overview = board.query_one(TrackOverview)
        cell, label = overview.cell_width(), overview.label_width()
        lines = overview.lines_per_section()
        await pilot.click(overview, offset=(label + 31 * cell, 2 * lines))  # Boardwalk 3
        await settle(pilot)
        assert board.cursor == space_id(s, "Boardwalk 3")
        assert board.section == 2
        assert "Boardwalk 3" in _plain(app.screen.query_one("#detail").content)


@pytest.mark.parametrize("size", [BIG, SMALL])
async def test_the_middle_is_shown_on_every_free_parking(size: tuple[int, int]) -> None:
    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    s.game.st.pot = 1250
    async with started(s, size=size) as (app, pilot):
        board = _board(app)
        for k, name in enumerate(("Free Parking", "Free Parking 2", "Free Parking 3")):
            if k:
                await pilot.press("right_square_bracket")
                await settle(pilot)
            tile = board.tile_of(space_id(s, name))
            assert tile is not None and "M1,250" in tile.render().plain
        s.game.st.pot = 500
        app.screen.refresh_view()
        await settle(pilot)
        tile = board.tile_of(space_id(s, "Free Parking 3"))
        assert tile is not None and "M500" in tile.render().plain


async def test_free_parking_without_a_pot_shows_no_amount() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=2)
    assert not s.spec.rules.free_parking_jackpot
    async with started(s, size=BIG) as (app, _pilot):
        tile = app.screen.query_one("#space-20", SpaceTile)
        assert "$" not in tile.render().plain


def test_a_version_number_stays_when_a_name_is_cut() -> None:
    assert fit("Mediterr. 2", 7) == "Medi… 2"
    assert fit("Boardwalk 3", 20) == "Boardwalk 3"
    assert fit("Kentucky Ave", 7) == "Kentuc…"  # no number: cut as before


async def test_a_whole_lge_game_of_computers_plays_through_in_the_app(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Four computers at instant pace on the 96 spaces, to the results screen (the turn-limit
    house rule ends it); the ring followed the action round all three thirds (the screen
    catching up after every choice)."""
    thirds: set[int] = set()
    show = Board._show_section

    def shown(board: Board, k: int) -> None:
        thirds.add(k)
        show(board, k)

    monkeypatch.setattr(Board, "_show_section", shown)
    monkeypatch.setattr(game_screen, "INSTANT_BATCH", 1)
    s = lge_session([("Ann", False), ("Bob", False), ("Cy", False), ("Di", False)], seed=5,
                    house_rules={"turn_limit": 20})
    async with started(s, size=SMALL) as (app, pilot):
        await run_to_results(pilot, app, s)
        assert s.game.over
        assert type(app.screen).__name__ == "ResultsScreen"
        assert thirds == {0, 1, 2}
        assert s.log and not any("{" in line or "_" in line for line in s.log)


async def test_a_human_plays_lge_to_the_end_with_the_keys() -> None:
    """Ann (human) and three computers: every decision of Ann's taken with the keys, as a
    player would, to the results screen."""
    s = lge_session([("Ann", True), ("Bob", False), ("Cy", False), ("Di", False)], seed=8,
                    house_rules={"turn_limit": 8})
    async with started(s, size=BIG, first=True) as (app, pilot):
        seen = await play_out(pilot, app)
        assert s.game.over and type(app.screen).__name__ == "ResultsScreen"
        assert seen["GameScreen"] > 10
        assert any(line.startswith("Game over:") for line in s.log)


# ---------------------------------------------------------------- the buy-out


def _landing(s: Any, player: int, target: str) -> None:
    """``player``'s turn, one space before ``target``, the die scripted to a 1."""
    st = s.game.st
    st.current = player
    st.players[player].position = space_id(s, target) - 1
    s.game.dice_source = ScriptedFaces([0])


def _owns(s: Any, player: int, *names: str) -> None:
    for name in names:
        s.game.st.owner[deed_id(s, name)] = player


async def test_a_buy_out_short_of_the_price_offers_a_deal_and_names_the_whole_price() -> None:
    """'Just pay the rent shown on the Title Deed card for a color set or whatever buildings are
    on that property, plus M10'; 'You can try to raise funds by mortgaging properties or making
    deals with other players': with a Hotel on Boardwalk 3, a landing on Boardwalk is priced at
    the Hotel's rent, said so, and Ann (short of it, a deed to sell) may make a deal: 't'
    opens the trade builder from the dialog."""
    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    _owns(s, 1, "Boardwalk", "Park Place")
    _owns(s, 0, "Mediterranean Avenue")
    st = s.game.st
    st.mortgaged[deed_id(s, "Mediterranean Avenue")] = True
    st.bank_hotels -= 1
    B.set_level(s.spec, st, deed_id(s, "Boardwalk"), B.top(s.spec))
    B.move(s.spec, st, deed_id(s, "Boardwalk"), space_id(s, "Boardwalk"),
           space_id(s, "Boardwalk 3"), B.top(s.spec))
    _landing(s, 0, "Boardwalk")
    async with started(s, size=BIG) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "BuyOutScreen"
        flat = " ".join(_plain(app.screen.query_one("#body").content, width=90).split())
        assert ("buy out the property for M2,010 (the rent for what is built on all its "
                "versions, M2,000, + M10)") in flat
        assert "make a deal [t]" in flat
        assert "t" in shown_keys(app)
        await pilot.press("t")
        await settle(pilot)
        assert type(app.screen).__name__ == "TradeScreen"


async def test_the_buy_out_choice_shows_rent_and_price_and_b_buys_it_out() -> None:
    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    _owns(s, 1, "Boardwalk")
    _landing(s, 0, "Boardwalk 2")
    async with started(s, size=SMALL) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "BuyOutScreen"
        body = _plain(app.screen.query_one("#body").content, width=70)
        flat = " ".join(body.split())
        assert "Pay the rent M50, or buy out the property for M60 (the rent + M10)" in flat
        assert "Bob must sell" in flat
        assert "Boardwalk, Boardwalk 2, Boardwalk 3" in flat
        assert "Boardwalk 2" in _plain(app.screen.query_one("#head").content)
        keys = shown_keys(app)
        assert {"p", "b"} <= keys and "enter" not in keys  # nothing to raise: no list key
        # the focus is visible on a button, and Tab goes from one choice to the other
        assert app.focused is not None and app.focused.id == "pay_rent"
        await pilot.press("tab")
        assert app.focused is not None and app.focused.id == "buy_out"
        await pilot.press("b")
        await settle(pilot)
        assert s.game.st.owner[deed_id(s, "Boardwalk")] == 0
        assert [p.cash for p in s.game.st.players] == [1440, 1560]
        assert type(app.screen).__name__ == "GameScreen"
        assert any("bought Boardwalk out from Bob for M60" in line for line in s.log)
        # one line for one happening: the payment is the buy-out's, not a line of its own
        assert not any("paid M60" in line for line in s.log)


async def test_p_pays_the_rent_instead_and_the_owner_asks_for_it() -> None:
    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    _owns(s, 1, "Boardwalk")
    _landing(s, 0, "Boardwalk 3")
    async with started(s, size=BIG) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "BuyOutScreen"
        await pilot.press("p")
        await settle(pilot)
        assert s.game.st.owner[deed_id(s, "Boardwalk")] == 1
        # the owner must ask for the rent before the next roll: Bob's 'c'
        assert "c" in shown_keys(app)
        await pilot.press("c")
        await settle(pilot)
        assert [p.cash for p in s.game.st.players] == [1450, 1550]


async def test_short_of_the_buy_out_price_the_lander_raises_cash_in_the_dialog() -> None:
    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    _owns(s, 1, "Boardwalk")
    _owns(s, 0, "Mediterranean Avenue")
    s.game.st.players[0].cash = 55  # the rent (50) but not the price (60)
    s.game.st.bank_net += 1445
    _landing(s, 0, "Boardwalk 2")
    async with started(s, size=SMALL) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "BuyOutScreen"
        assert "b" not in shown_keys(app)  # the buy-out is not offered yet
        assert app.screen.query_one("#buy_out").disabled
        assert "Not enough cash to buy out" in " ".join(
            _plain(app.screen.query_one("#body").content, width=70).split())
        await pilot.press("m")  # to the list of what can be sold or mortgaged
        await pilot.press("enter")  # mortgage Mediterranean Avenue: M30
        await settle(pilot)
        assert s.game.st.mortgaged[deed_id(s, "Mediterranean Avenue")]
        assert "b" in shown_keys(app)
        await pilot.press("b")
        await settle(pilot)
        assert s.game.st.owner[deed_id(s, "Boardwalk")] == 0
        assert s.game.st.players[0].cash == 25


# ---------------------------------------------------------------- buildings on versions


def _browns(s: Any, houses_on: dict[str, int]) -> None:
    """Ann owns the brown set, with houses standing on the versions named; her turn to roll."""
    spec, st = s.spec, s.game.st
    _owns(s, 0, "Mediterranean Avenue", "Baltic Avenue")
    for name, count in houses_on.items():
        sp = space_id(s, name)
        for _ in range(count):
            d = spec.spaces[sp].deed
            if st.buildings[d] + 1 == B.top(spec):
                st.bank_hotels -= 1
                st.bank_houses += spec.rules.houses_per_hotel
            else:
                st.bank_houses -= 1
            B.stand(spec, st, d, sp)
    st.current = 0


def _row(screen: Any, label: str) -> int:
    lst = screen.query_one(ActionList)
    for i in range(lst.option_count):
        e = lst.entry_at(i)
        if e is not None and e.label == label and not e.reason:
            return i
    raise AssertionError(f"no row {label!r}: {[e.label for e in lst.entries]}")


async def test_the_building_mover_shows_each_version_and_moves_a_house() -> None:
    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    _browns(s, {"Baltic Avenue": 2})
    async with started(s, size=SMALL) as (app, pilot):
        board = _board(app)
        tile = board.tile_of(space_id(s, "Baltic Avenue"))
        assert tile is not None and "▮▮" in tile.render().plain  # on the version holding them
        await pilot.press("m")
        await settle(pilot)
        scr = app.screen
        assert type(scr).__name__ == "ManageScreen"
        row = _row(scr, "Move a House from Baltic Avenue to Baltic Avenue 2")
        scr.query_one(ActionList).highlighted = row
        await settle(pilot)
        preview = " ".join(_plain(scr.query_one("#preview").content, width=50).split())
        assert ("now: Baltic Avenue: 2 Houses · Baltic Avenue 2: nothing · "
                "Baltic Avenue 3: nothing") in preview
        await pilot.press("enter")
        await settle(pilot)
        baltic = [space_id(s, n) for n in ("Baltic Avenue", "Baltic Avenue 2", "Baltic Avenue 3")]
        assert [s.game.st.placed[x] for x in baltic] == [1, 1, 0]
        preview = " ".join(_plain(scr.query_one("#preview").content, width=50).split())
        assert "Baltic Avenue: 1 House · Baltic Avenue 2: 1 House" in preview
        assert any("moved a House from Baltic Avenue to Baltic Avenue 2" in line
                   for line in s.log)


@pytest.mark.parametrize("size", [SMALL, BIG], ids=["100x30", "160x50"])
async def test_two_moves_from_one_version_read_differently_on_a_narrow_list(
        size: tuple[int, int]) -> None:
    """Issue 33, item 9: at 100x30 the list cut both moves to 'Move a House from Baltic
    Avenue 2 to Balt…'; a move too long for its row goes on two lines, where it comes from
    and where it goes, each whole; on a wide list it stays on one."""
    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    _browns(s, {"Baltic Avenue 2": 2})
    async with started(s, size=size) as (app, pilot):
        await pilot.press("m")
        await settle(pilot)
        lst = app.screen.query_one(ActionList)
        room = lst.content_size.width
        rows = {}
        for i in range(lst.option_count):
            e = lst.entry_at(i)
            if e is not None and e.label.startswith("Move"):
                lines = lst.get_option_at_index(i).prompt.plain.splitlines()
                assert all(len(line) <= room for line in lines), (room, lines)
                rows[e.label] = lines
        assert set(rows) == {"Move a House from Baltic Avenue 2 to Baltic Avenue",
                             "Move a House from Baltic Avenue 2 to Baltic Avenue 3"}
        shown = [" ".join(x.strip() for x in lines) for lines in rows.values()]
        assert len(set(shown)) == 2
        if size == SMALL:
            assert [lines[1].strip().rsplit("  ", 1)[0] for lines in rows.values()] == [
                "to Baltic Avenue", "to Baltic Avenue 3"]
        else:
            assert all(len(lines) == 1 for lines in rows.values())


async def test_a_house_bought_goes_on_the_version_chosen() -> None:
    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    _browns(s, {})
    async with started(s, size=SMALL) as (app, pilot):
        await pilot.press("m")
        await settle(pilot)
        scr = app.screen
        row = _row(scr, "Build a House on Baltic Avenue")
        # the row says what comes next, not an order to do something first
        assert "(then choose its version)" in scr.query_one(ActionList).get_option_at_index(
            row).prompt.plain
        scr.query_one(ActionList).highlighted = row
        await pilot.press("enter")
        await settle(pilot)
        assert type(app.screen).__name__ == "PlaceVersionScreen"
        head = _plain(app.screen.query_one("#head").content)
        assert "place the House on a version of Baltic Avenue" in head
        assert "enter" in shown_keys(app)  # Enter: put it here
        await pilot.press("down", "down", "enter")  # the third version
        await settle(pilot)
        baltic = [space_id(s, n) for n in ("Baltic Avenue", "Baltic Avenue 2", "Baltic Avenue 3")]
        assert [s.game.st.placed[x] for x in baltic] == [0, 0, 1]
        # back in the manager, on the same row: building the next house is Enter again
        scr = app.screen
        assert type(scr).__name__ == "ManageScreen"
        entry = scr.query_one(ActionList).current_entry
        assert entry is not None and entry.label == "Build a House on Baltic Avenue"
        await pilot.press("enter")
        await settle(pilot)
        assert type(app.screen).__name__ == "PlaceVersionScreen"
        await pilot.press("enter")  # the first version this time
        await settle(pilot)
        assert [s.game.st.placed[x] for x in baltic] == [1, 0, 1]
        assert type(app.screen).__name__ == "ManageScreen"


async def test_a_hotel_sold_comes_back_as_four_houses_placed_one_by_one() -> None:
    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    _browns(s, {"Baltic Avenue 3": 5})  # four houses, then the hotel
    async with started(s, size=BIG) as (app, pilot):
        await pilot.press("m")
        await settle(pilot)
        scr = app.screen
        scr.query_one(ActionList).highlighted = _row(scr, "Sell a Hotel on Baltic Avenue")
        await pilot.press("enter")
        await settle(pilot)
        assert type(app.screen).__name__ == "PlaceVersionScreen"
        assert "place 4 Houses on the versions of Baltic Avenue" in _plain(
            app.screen.query_one("#head").content)
        for key in ("enter", "down", "enter", "down", "enter"):  # 1, 2, 3 on each
            await pilot.press(key)
            await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        baltic = [space_id(s, n) for n in ("Baltic Avenue", "Baltic Avenue 2", "Baltic Avenue 3")]
        assert sum(s.game.st.placed[x] for x in baltic) == 4
        assert type(app.screen).__name__ == "ManageScreen"  # back where the sale was made


# ---------------------------------------------------------------- the players' panels


async def test_a_bankrupt_player_is_shown_still_playing() -> None:
    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    s.game.st.players[1].bankruptcies = 2
    async with started(s, size=SMALL) as (app, _pilot):
        panel = app.screen.query_one("#player-1", PlayerPanel)
        text = _plain(panel.content)
        assert "bankrupt 2 times, still playing" in text
        assert "M1,500" in text  # still counted: cash, deeds, where the token is
        assert not panel.has_class("-bankrupt")


@pytest.mark.parametrize("creditor", [1, -1])
async def test_the_bankruptcy_question_says_players_arent_out_of_the_game(creditor: int) -> None:
    """rulebook:LGE: 'players aren't out of the game when they go bankrupt'; 'Do you Owe
    Another Player? Give them all your mortgaged properties and any Get Out of Jail Free
    cards' / 'Do you Owe the Bank? Return all your properties to the Bank. Any mortgages are
    canceled.' The question before bankruptcy said 'Everything you own goes to Bob, and you are
    out of the game', then the panel said 'bankrupt, still playing'."""
    from states import in_debt

    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    s.game.st.players[0].cash = 10
    s.game.st.bank_net -= 1490
    in_debt(s, 0, creditor, 400, "rent" if creditor >= 0 else "tax")
    async with started(s, size=BIG) as (app, pilot):
        assert type(app.screen).__name__ == "DebtScreen"
        await pilot.press("B")
        await settle(pilot)
        assert type(app.screen).__name__ == "ConfirmScreen"
        question = app.screen.question  # type: ignore[attr-defined]
        assert "out of the game" not in question
        assert "you stay in the game with nothing" in question
        if creditor >= 0:
            assert "Title Deeds (under mortgage) and your Get Out of Jail Free cards go to Bob" \
                in question
        else:
            assert "Title Deeds go back to the Bank, free of mortgage" in question
        await pilot.press("y")
        await settle(pilot)
        assert s.game.st.players[0].bankruptcies == 1
        assert "still playing" in _plain(app.screen.query_one("#player-0", PlayerPanel).content)


async def test_each_players_distance_to_owning_everything_is_shown() -> None:
    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    _owns(s, 0, "Boardwalk", "Park Place", "Short Line")
    async with started(s, size=SMALL) as (app, _pilot):
        text = " ".join(_plain(app.screen.query_one("#player-0", PlayerPanel).content).split())
        assert "3/22 Title Deeds, 19 to go" in text
        text = " ".join(_plain(app.screen.query_one("#player-1", PlayerPanel).content).split())
        assert "0/22 Title Deeds, 22 to go" in text


async def test_buying_a_version_says_the_deed_is_for_all_three() -> None:
    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    _landing(s, 0, "Park Place 3")
    async with started(s, size=SMALL) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "BuyScreen"
        assert "landed on Park Place 3" in _plain(app.screen.query_one("#head").content)
        body = " ".join(_plain(app.screen.query_one("#body").content, width=70).split())
        assert "The Title Deed is for all 3: Park Place, Park Place 2, Park Place 3." in body
        assert "Park Place 3" in _plain(app.screen.query_one("#deed").content)
        await pilot.press("b")
        await settle(pilot)
        assert s.game.st.owner[deed_id(s, "Park Place")] == 0


async def test_a_computer_owner_asks_for_its_rent_at_once() -> None:
    """The owner must ask before the next roll: a computer owner asks at once (as the bots do
    in simulate), so a human who pays the rent rather than buying out pays it."""
    s = lge_session([("Ann", True), ("Bob", False)], seed=2)
    _owns(s, 1, "Boardwalk")
    _landing(s, 0, "Boardwalk 2")
    async with started(s, size=SMALL) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "BuyOutScreen"
        await pilot.press("p")
        await settle(pilot)
        assert not s.game.st.claims
        assert [p.cash for p in s.game.st.players] == [1450, 1550]
        assert s.pending.kind == "end_turn" and s.pending.player == 0


def test_the_first_rolls_of_one_die_show_just_the_die() -> None:
    """Who goes first, with one die: the die, not "4 = 4"; two dice still show their total."""
    from monopoly_tui.engine.actions import Event
    from monopoly_tui.ui.first import setup_story

    session = new_session("lge", [("Ann", True), ("Bob", True)])
    lines = [_plain(r) for r in setup_story(session, [
        Event("first_roll", player=0, dice=(3,), amount=4)])]
    assert "4" in lines[0] and "=" not in lines[0], lines
    classic = new_session("classic", [("Ann", True), ("Bob", True)])
    lines = [_plain(r) for r in setup_story(classic, [
        Event("first_roll", player=0, dice=(2, 3), amount=7)])]
    assert "= 7" in lines[0], lines


async def test_in_jail_the_banner_offers_only_the_ways_out_the_rulebook_prints() -> None:
    """Longest Game Ever: "pay M50 at the start of your next turn" or a Get Out of Jail Free
    card, no dice: the banner said "pay, use a card or roll for doubles" and the sidebar
    counted "tries" at the dice. Without a card: pay; with one: pay or use it."""
    from driver import as_shown
    from states import in_jail

    s = lge_session([("Ann", True), ("Bob", True)])
    in_jail(s, 0)
    async with started(s, size=BIG) as (app, pilot):
        await settle(pilot)
        banner = as_shown(app.game_screen().query_one("#banner"))
        assert "in Jail: pay to get out" in banner, banner
        assert "doubles" not in banner
        panel = " ".join(as_shown(p) for p in app.game_screen().query(PlayerPanel))
        assert "in Jail" in panel and "tries" not in panel, panel
    s = lge_session([("Ann", True), ("Bob", True)])
    in_jail(s, 0, card=True)
    async with started(s, size=BIG) as (app, pilot):
        await settle(pilot)
        banner = as_shown(app.game_screen().query_one("#banner"))
        assert "in Jail: pay or use a card" in banner, banner


async def test_a_classic_prisoner_still_reads_every_way_out() -> None:
    """Classic: pay, a card, or the dice (doubles), and the panel says which try at them comes
    next, of how many."""
    from driver import as_shown
    from states import in_jail

    s = new_session("classic", [("Ann", True), ("Bob", True)])
    in_jail(s, 0, card=True)
    async with started(s, size=BIG) as (app, pilot):
        await settle(pilot)
        banner = as_shown(app.game_screen().query_one("#banner"))
        assert "in Jail: pay, use a card or roll for doubles" in banner, banner
        panel = " ".join(as_shown(p) for p in app.game_screen().query(PlayerPanel))
        assert "next try for doubles: 1 of 3" in panel, panel


def test_the_managers_building_preview_names_the_version_its_rent_is_for() -> None:
    """'players have to land on the version of a street that has the physical building in
    order to owe rent with a building': the property manager's preview of a second House on
    Atlantic Avenue (the first stands on Atlantic Avenue 2) says whose rent it gives; it said
    'Atlantic Avenue: 1 House → 2 Houses, rent M110 → M330'."""
    from monopoly_tui.engine import actions as A
    from monopoly_tui.engine.actions import Action
    from monopoly_tui.ui.manage import preview

    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    st, spec = s.game.st, s.spec
    st.current = 0
    d = next(x.index for x in spec.deeds if x.id == "atlantic")
    for x in spec.deeds:
        if x.id in ("atlantic", "marvin-gardens"):
            st.owner[x.index] = 0
    st.bank_houses -= 1
    B.stand(spec, st, d, space_id(s, "Atlantic Avenue 2"))
    text = preview(s.game, Action(A.A_BUILD, 0, d)).plain
    assert "Atlantic Avenue: 1 House → 2 Houses" in text
    assert "rent on Atlantic Avenue M44 → M110" in text
    assert "M330" not in text
