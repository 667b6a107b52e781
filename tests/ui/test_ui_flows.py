"""The app's flows: title, new game, who goes first, keys, the board cursor, help, saving and
resuming, quitting, a terminal that is too small, themes and the command palette."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from driver import as_shown, new_session, settle, shown_keys, started, text_of
from textual.widgets import Checkbox, Input, OptionList, RadioButton, RadioSet, Select

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import buildings as B
from monopoly_tui.ui.app import MonopolyApp


def on_top(app: MonopolyApp) -> str:
    return type(app.screen).__name__


async def ready(pilot: Any) -> None:
    """The title screen is up and has looked for saves."""
    for _ in range(200):
        if getattr(pilot.app.screen, "saves_checked", True):
            break
        await pilot.pause(0.02)
    await pilot.app.workers.wait_for_complete()
    await settle(pilot)


# ---------------------------------------------------------------- title


async def test_title_menu_without_saves() -> None:
    app = MonopolyApp()
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        assert on_top(app) == "TitleScreen"
        menu = app.screen.query_one("#menu", OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert ids == ["new", "load", "rules", "quit"]  # no Resume without a save
        keys = shown_keys(app)
        assert {"n", "l", "question_mark", "q"} <= keys and "c" not in keys
        await pilot.press("q")
        await settle(pilot)
    assert app.return_value == 0


async def test_title_rules_pick_an_edition() -> None:
    app = MonopolyApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert on_top(app) == "HelpScreen"
        sel = app.screen.query_one("#edition", Select)
        sel.value = "got"
        await settle(pilot)
        md: Any = app.screen.query_one("#rules-md")
        assert "Villages" in md.source and "Gold Dragons" in md.source
        await pilot.press("escape")
        await settle(pilot)
        assert on_top(app) == "TitleScreen"


# ---------------------------------------------------------------- new game


async def test_new_game_through_setup_got_speed_with_house_rules() -> None:
    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        await ready(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert on_top(app) == "NewGameScreen"
        scr: Any = app.screen
        editions = scr.query_one("#editions", OptionList)
        got = next(i for i in range(editions.option_count)
                   if editions.get_option_at_index(i).id == "got")
        editions.highlighted = got
        await settle(pilot)
        assert "Game of Thrones" in text_of(app, "#edition-info")
        assert "Direwolf" in text_of(app, "#edition-info")
        await pilot.press("enter")  # choose it: on to the variant
        await settle(pilot)
        assert scr.step == "rules"
        radio = scr.query_one("#variants", RadioSet)
        speed = list(radio.query(RadioButton))[1]
        assert "Speed" in str(speed.label)
        speed.value = True
        await settle(pilot)
        assert radio.pressed_button is speed
        assert "three free deeds" in text_of(app, "#variant-info")
        scr.query_one("#hr-free_parking_jackpot", Checkbox).value = True
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert scr.step == "players"
        rows = scr.rows()
        assert len(rows) == 2
        rows[0].query_one(".name", Input).value = "Arya"
        rows[1].query_one(".name", Input).value = "Hodor"
        await pilot.press("ctrl+t")
        await settle(pilot)
        rows = scr.rows()
        assert len(rows) == 3
        rows[2].query_one(".name", Input).value = "Tyrion"
        rows[2].query_one(".kind", Select).value = True
        await settle(pilot)
        assert not scr.problems()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert on_top(app) == "FirstPlayerScreen"
        story = text_of(app, ".story Static")
        assert "goes first" in story and "Arya" in story
        await pilot.press("enter")
        await settle(pilot, 5)
        game_screen = app.game_screen()
        assert game_screen is not None
        s = game_screen.session
        assert [seat.name for seat in s.seats] == ["Arya", "Hodor", "Tyrion"]
        assert [seat.human for seat in s.seats] == [True, False, True]
        assert s.game.options["variant"] == "speed"
        assert s.game.options["house_rules"] == {"free_parking_jackpot": True}
        assert s.spec.rules.houses_per_hotel == 3 and s.spec.rules.free_parking_jackpot
        # speed play deals three deeds each
        assert sum(1 for o in s.game.st.owner if o >= 0) == 9
        assert app.theme == "edition-got"


async def test_setup_says_what_is_wrong_and_start_waits() -> None:
    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        await ready(pilot)
        await pilot.press("n")
        await settle(pilot)
        scr: Any = app.screen
        await pilot.press("ctrl+n", "ctrl+n")
        await settle(pilot)
        rows = scr.rows()
        rows[1].query_one(".token", Select).value = rows[0].query_one(".token", Select).value
        rows[1].query_one(".name", Input).value = ""
        await settle(pilot)
        problems = text_of(app, "#problems")
        assert "different token" in problems and "needs a name" in problems
        assert "ctrl+s" not in shown_keys(app)
        assert scr.query_one("#start").disabled
        # the maximum: classic takes 8
        for _ in range(10):
            await pilot.press("ctrl+t")
        await settle(pilot)
        assert len(scr.rows()) == 8 and "ctrl+t" not in shown_keys(app)
        await pilot.press("escape", "escape", "escape")
        await settle(pilot)
        assert on_top(app) == "TitleScreen"


async def test_nfl_first_player_by_the_coin_flip_chain() -> None:
    s = new_session("nfl", [("Ann", True), ("Bob", True), ("Cy", True)], seed=2)
    async with started(s, first=True) as (app, pilot):
        assert on_top(app) == "FirstPlayerScreen"
        story = text_of(app, ".story Static")
        assert "coin-flip chain" in text_of(app, "#dialog .title")
        assert story.count("flipped a coin") == 2 and "goes first" in story
        await pilot.press("enter")
        await settle(pilot)
        assert on_top(app) == "GameScreen"


# ---------------------------------------------------------------- the game screen


async def test_footer_shows_only_the_legal_keys() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=1)
    async with started(s) as (app, pilot):
        assert s.pending.kind == A.ROLL
        keys = shown_keys(app)
        assert {"r", "t", "question_mark", "s"} <= keys
        assert "e" not in keys and "m" not in keys  # nothing to manage yet
        player = s.pending.player
        await pilot.press("r")
        await settle(pilot)
        while on_top(app) != "GameScreen":
            await pilot.press("escape" if on_top(app) == "CardScreen" else "a")
            await settle(pilot)
            if on_top(app) == "AuctionScreen":
                await pilot.press("d", "d")
                await settle(pilot)
        if s.pending.kind == A.END_TURN:
            assert "e" in shown_keys(app) and "r" not in shown_keys(app)
            await pilot.press("e")
            await settle(pilot)
            assert s.pending.player != player


async def test_banner_says_who_decides_what() -> None:
    s = new_session("got", [("Ann", True), ("Bob", True)], seed=1)
    async with started(s) as (app, _pilot):
        banner = text_of(app, "#banner").replace("\u00a0", " ")  # (a part's words stay together)
        who = s.game.st.players[s.pending.player].name
        assert who in banner and "roll the dice" in banner and "[r]" in banner
        assert "Villages 32" in banner


async def test_cursor_and_click_show_a_title_deed() -> None:
    s = new_session("got", [("Ann", True), ("Bob", True)], seed=1)
    async with started(s) as (app, pilot):
        await pilot.press("right")
        await settle(pilot)
        scr: Any = app.screen
        start = scr.board.cursor
        assert start == s.game.st.players[s.game.st.current].position
        await pilot.press("left")
        await settle(pilot)
        assert scr.board.cursor != start or start in (10, 0)
        await pilot.click("#space-39")
        await settle(pilot)
        assert scr.board.cursor == 39
        detail = text_of(app, "#detail")
        assert "King's Landing" in detail and "Keep" in detail and "400 Gold Dragons" in detail
        await pilot.press("escape")
        await settle(pilot)
        assert scr.board.cursor == -1


async def test_board_tiles_show_owner_buildings_and_mortgage() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=1)
    st = s.game.st
    blue = [d.index for d in s.spec.deeds if s.spec.groups[d.group].id == "dark-blue"]
    for d in blue:
        st.owner[d] = 0
    B.set_level(s.spec, st, blue[0], 5)
    B.set_level(s.spec, st, blue[1], 3)
    st.bank_hotels -= 1
    st.bank_houses -= 3
    rr = next(d.index for d in s.spec.deeds if d.name == "Reading Railroad")
    st.owner[rr] = 1
    st.mortgaged[rr] = True
    async with started(s) as (app, _pilot):
        tiles: Any = app.screen.query("SpaceTile")
        by_space = {t.space: t for t in tiles}
        park = by_space[s.spec.deeds[blue[0]].spaces[0]].render().plain
        assert "H" in park and "●" in park
        board = by_space[s.spec.deeds[blue[1]].spaces[0]].render().plain
        assert "▮▮▮" in board
        reading = by_space[s.spec.deeds[rr].spaces[0]].render().plain
        assert "M" in reading


async def test_help_shows_keys_rules_and_notes_in_the_editions_words() -> None:
    s = new_session("nfl", [("Ann", True), ("Bob", True)], seed=1, variant="short")
    async with started(s) as (app, pilot):
        await pilot.press("question_mark")
        await settle(pilot)
        assert on_top(app) == "HelpScreen"
        rules: Any = app.screen.query_one("#rules-md")
        assert "seating sections" in rules.source and "stadium" in rules.source
        assert "Short game" in rules.source and "first bankruptcy" in rules.source
        notes: Any = app.screen.query_one("#notes-md")
        assert "coin flip" in notes.source
        await pilot.press("escape")
        await settle(pilot)
        assert on_top(app) == "GameScreen"


async def test_quitting_mid_game_asks_first() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=1)
    async with started(s) as (app, pilot):
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert on_top(app) == "ConfirmScreen"
        await pilot.press("n")
        await settle(pilot)
        assert on_top(app) == "GameScreen"
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
    assert app.return_value == 0


async def test_confirm_dialog_buttons_name_their_keys() -> None:
    from textual.widgets import Button

    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=1)
    async with started(s) as (app, pilot):
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert on_top(app) == "ConfirmScreen"
        labels = {b.id: str(b.label) for b in app.screen.query(Button)}
        assert labels == {"yes": "Quit [y]", "no": "Keep playing [n]"}
        assert {"y", "n"} <= shown_keys(app)


async def test_results_table_shows_whole_amounts_in_a_long_money_format() -> None:
    from monopoly_tui.ui.results import ResultsScreen

    s = new_session("got", [("Player 1", True), ("Computer", False), ("Computer 3", False)],
                    seed=1)
    st = s.game.st
    st.players[0].cash = 6947
    st.players[1].cash = 12345
    st.players[2].bankrupt = True
    async with started(s) as (app, pilot):
        app.push_screen(ResultsScreen(s))
        await settle(pilot)
        shown = as_shown(app.screen.query_one("#ranking"))
        assert "6,947" in shown and "12,345" in shown
        assert "…" not in shown  # no amount or heading cut short
        assert "Amounts in Gold Dragons" in " ".join(shown.split())


async def test_terminal_too_small_says_so() -> None:
    app = MonopolyApp()
    async with app.run_test(size=(90, 24)) as pilot:
        await settle(pilot)
        assert on_top(app) == "TooSmallScreen"
        assert "need 100×30, have 90×24" in text_of(app, "#too-small")
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert on_top(app) == "TitleScreen"


async def test_two_sizes_before_the_too_small_message_is_up() -> None:
    """A terminal that is not a tty can send a second size before the 'too small' screen is
    composed: the message is kept for its mount, which shows the last size, and nothing
    crashes (the query for the message found nothing)."""
    from monopoly_tui.ui.app import TooSmallScreen

    early = TooSmallScreen()
    early.show(70, 20)  # not composed yet: nothing to query
    app = MonopolyApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app._too_small = early
        await app.push_screen(early)
        await settle(pilot)
        assert on_top(app) == "TooSmallScreen"
        assert "have 70×20" in text_of(app, "#too-small")


async def test_the_game_works_at_the_smallest_size() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=1)
    async with started(s, size=(100, 30)) as (app, pilot):
        assert on_top(app) == "GameScreen"
        await pilot.press("r")
        await settle(pilot)
        assert any("rolled" in line for line in s.log)


async def test_save_then_resume_from_the_title(saves_folder: Path) -> None:
    s = new_session("got", [("Ann", True), ("Bob", True)], seed=1)
    async with started(s) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        while on_top(app) != "GameScreen":
            await pilot.press("escape" if on_top(app) == "CardScreen" else "a")
            await settle(pilot)
            if on_top(app) == "AuctionScreen":
                await pilot.press("d", "d")
                await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert on_top(app) == "SaveNameScreen"
        name: Any = app.screen.query_one("#name")
        name.value = "bad/name"
        await pilot.press("enter")
        await settle(pilot)
        assert "cannot be a save name" in text_of(app, "#save-info")
        name.value = "my game"
        await pilot.press("enter")
        await settle(pilot)
        assert on_top(app) == "GameScreen"
        decisions = s.game.st.decisions
    from monopoly_tui.saves import list_saves

    assert "my game" in {e.name for e in list_saves(saves_folder)}
    app2 = MonopolyApp(pace="instant")
    async with app2.run_test(size=(160, 50)) as pilot:
        await ready(pilot)
        assert "c" in shown_keys(app2)
        await pilot.press("c")
        await settle(pilot, 5)
        game = app2.game_screen()
        assert game is not None
        assert game.session.game.st.decisions >= decisions
        assert game.session.spec.id == "got"


async def test_save_dialog_footer_shows_enter() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=1)
    async with started(s) as (app, pilot):
        await pilot.press("s")
        await settle(pilot)
        assert on_top(app) == "SaveNameScreen"
        # the focused name field's own Enter must not hide the dialog's from the footer
        assert {"enter", "escape"} <= shown_keys(app)
        await pilot.press("enter")
        await settle(pilot)
        assert on_top(app) == "GameScreen"


async def test_load_dialog_starts_on_a_save_and_enter_loads_it(saves_folder: Path) -> None:
    from monopoly_tui.ui import saves_port

    saves_port.save(new_session("nfl", [("Ann", True), ("Bob", True)], seed=1), "kept")
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        await ready(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert on_top(app) == "LoadScreen"
        assert app.screen.query_one("#saves", OptionList).highlighted == 0
        assert {"enter", "escape"} <= shown_keys(app)
        await pilot.press("enter")
        await settle(pilot, 5)
        game = app.game_screen()
        assert game is not None and game.session.spec.id == "nfl"


async def test_palette_commands_and_theme_switching() -> None:
    s = new_session("got", [("Ann", True), ("Bob", True)], seed=1)
    async with started(s) as (app, pilot):
        assert app.theme == "edition-got"
        names = [c.title for c in app.get_system_commands(app.screen)]
        for name in ("New game", "Save game", "Load game", "Rules", "Help", "Theme", "Quit"):
            assert name in names
        # not Textual's "Keys": its panel squeezed the board and Esc did not close it (the
        # footer and the help show the keys)
        assert "Keys" not in names
        app.theme = "textual-light"
        await settle(pilot)
        assert app.theme == "textual-light"
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert "CommandPalette" in on_top(app)
        await pilot.press("escape")
        await settle(pilot)


async def test_leaving_a_game_for_the_title_or_a_new_game_asks_first() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=1)
    async with started(s) as (app, pilot):
        app.action_to_title()
        await settle(pilot)
        assert on_top(app) == "ConfirmScreen"
        await pilot.press("n")
        await settle(pilot)
        assert on_top(app) == "GameScreen"
        app.action_new_game()
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert on_top(app) == "NewGameScreen"


async def test_the_setup_offers_only_house_rules_that_change_something(
        tmp_path: Any, monkeypatch: Any) -> None:
    """An edition that auctions nothing does not offer 'a pass is final in auctions', even
    when the box was ticked for another edition before; the classic board offers it."""
    from monopoly_tui import rules as rules_pkg

    (tmp_path / "quiet.yaml").write_text(
        "id: quiet\nextends: classic\nname: Quiet Classic\nrules:\n  auctions: false\n")
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(tmp_path))
    rules_pkg.load_spec.cache_clear()
    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        await ready(pilot)
        await pilot.press("n")
        await settle(pilot)
        scr: Any = app.screen
        editions = scr.query_one("#editions", OptionList)
        ids = [editions.get_option_at_index(i).id for i in range(editions.option_count)]
        editions.highlighted = ids.index("classic")
        await pilot.press("enter")
        await settle(pilot)
        row = scr.query_one("#hr-row-auction_pass_final")
        assert row.display
        scr.query_one("#hr-auction_pass_final", Checkbox).value = True
        assert scr.chosen_house_rules().get("auction_pass_final") is True
        await pilot.press("escape")  # back to the editions
        await settle(pilot)
        editions.highlighted = ids.index("quiet")
        await pilot.press("enter")
        await settle(pilot)
        assert scr.step == "rules"
        assert not row.display
        assert "auction_pass_final" not in scr.chosen_house_rules()
        assert scr.query_one("#hr-row-turn_limit").display
    rules_pkg.load_spec.cache_clear()
