"""At ``NO_COLOR`` the focus shows without colour on every screen's controls: Textual shows a
focused field, choice, tick list or scrolling panel by a border's or background's colour
alone, which the greys (or no colour) do not show. Each focusable control is drawn focused
and not, as the terminal shows it (the whole screen drawn, read back by a terminal emulator):
the two must differ in a character or a text style (bold, reverse, underline), not only in
colour."""

from __future__ import annotations

from typing import Any

import pyte
import pytest
from driver import settle, started
from textual.geometry import Region

from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.demo import late_game

Cells = list[list[tuple[str, bool, bool, bool, bool, bool]]]


def _drawn(app: Any, region: Region) -> Cells:
    """The cells of ``region`` as a terminal shows the screen: characters and text styles."""
    update = app.screen._compositor.render_update(full=True,
                                                  screen_stack=app._background_screens)
    width, height = app.size
    screen = pyte.Screen(width, height)
    pyte.Stream(screen).feed(update.render_segments(app.console))
    return [[(c.data, c.bold, c.reverse, c.underscore, c.italics, c.strikethrough)
             for c in (screen.buffer[y][x] for x in range(region.x, region.right))]
            for y in range(region.y, region.bottom)]


async def _unseen_focus(app: Any, pilot: Any) -> list[str]:
    """The screen's focusable controls whose focus shows by colour only."""
    screen = app.screen
    unseen = []
    for widget in list(screen.focus_chain):
        screen.set_focus(widget)
        await settle(pilot, 2)
        focused = _drawn(app, widget.region)
        screen.set_focus(None)
        await settle(pilot, 2)
        if _drawn(app, widget.region) == focused:
            unseen.append(f"{type(widget).__name__}#{widget.id}")
    return unseen


async def test_the_new_game_screens_show_the_focus_without_colour(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = MonopolyApp()
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        assert await _unseen_focus(app, pilot) == []  # the title's menu
        await pilot.press("n")
        await settle(pilot)
        for step in ("edition", "rules", "players"):
            assert type(app.screen).__name__ == "NewGameScreen"
            assert await _unseen_focus(app, pilot) == [], step
            if step != "players":
                await pilot.press("ctrl+n")
                await settle(pilot)


async def test_the_manager_trade_and_save_screens_show_the_focus_without_colour(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    s = late_game("classic", players=3, humans=3, seed=7)
    async with started(s) as (app, pilot):
        for key, name in (("m", "ManageScreen"), ("t", "TradeScreen"), ("s", "SaveNameScreen")):
            await pilot.press(key)
            await settle(pilot)
            assert type(app.screen).__name__ == name
            assert await _unseen_focus(app, pilot) == [], name
            await pilot.press("escape")
            await settle(pilot)


async def test_a_focused_list_lights_its_edge_in_colour() -> None:
    """In colour too a focused list shows it: the trade builder's deed lists and the manager's
    list had a dim edge of their own that hid Textual's focus colour, so only a slightly
    brighter row told which list had the focus."""
    from driver import new_session
    from states import deed_id

    s = new_session("classic", [("Ann", True), ("Bob", True)])
    st = s.game.st
    st.current = 0
    st.owner[deed_id(s, "Baltic Avenue")] = 0
    st.owner[deed_id(s, "Oriental Avenue")] = 1
    async with started(s) as (app, pilot):
        await pilot.press("t")
        await settle(pilot)
        scr: Any = app.screen
        give, take = scr.query_one("#give-deeds"), scr.query_one("#take-deeds")
        give.focus()
        await settle(pilot)
        assert give.styles.border.top[1] != take.styles.border.top[1]
        take.focus()
        await settle(pilot)
        assert give.styles.border.top[1] != take.styles.border.top[1]
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        actions: Any = app.screen.query_one("#actions")
        focused = actions.styles.border.top[1]
        app.screen.query_one("#confirm").focus()
        await settle(pilot)
        assert actions.styles.border.top[1] != focused


async def test_a_field_refused_as_typed_shows_it_has_the_focus() -> None:
    """A field whose value is refused stays red whether it has the focus or not: the focused
    one gets a double left edge too (it showed no sign of focus)."""
    from textual.app import ComposeResult
    from textual.screen import Screen
    from textual.widgets import Input

    class Fields(Screen[None]):
        def compose(self) -> ComposeResult:
            yield Input("12", id="rounds", type="integer")
            yield Input("3", id="other", type="integer")

    app = MonopolyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(Fields())
        await settle(pilot)
        rounds: Any = app.screen.query_one("#rounds")
        rounds.focus()
        await pilot.press("backspace", "backspace")  # empty: refused
        await settle(pilot)
        assert rounds.has_class("-invalid")
        assert rounds.styles.outline_left[0] == "double"
        app.screen.query_one("#other").focus()
        await settle(pilot)
        assert rounds.has_class("-invalid") and rounds.styles.outline_left[0] != "double"
