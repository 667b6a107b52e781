"""The new-game screens as a player reads them, by keys, at 100x30 and 160x50: the seat kinds in
one set of words, the "Add a player" key only while a seat is free, and the who-goes-first
rolls in aligned columns."""

from __future__ import annotations

from typing import Any

import pyte
import pytest
from driver import new_session, settle, shown_keys, started
from textual.widgets import Select

from monopoly_tui.engine.actions import Event
from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.setup import NewGameScreen

SIZES = [(100, 30), (160, 50)]


def screen_lines(app: Any) -> list[str]:
    """The screen as a terminal shows it, line by line (the dialogs on top included)."""
    update = app.screen._compositor.render_update(full=True,
                                                  screen_stack=app._background_screens)
    width, height = app.size
    screen = pyte.Screen(width, height)
    pyte.Stream(screen).feed(update.render_segments(app.console))
    return [line.rstrip() for line in screen.display]


async def _players_step(pilot: Any, app: MonopolyApp, edition: str = "classic") -> Any:
    """n from the title, the edition highlighted, ^n twice: the players step."""
    await settle(pilot)
    await pilot.press("n")
    await settle(pilot)
    scr: Any = app.screen
    assert isinstance(scr, NewGameScreen)
    editions = scr.query_one("#editions")
    target = next(i for i in range(editions.option_count)
                  if editions.get_option_at_index(i).id == edition)
    while editions.highlighted != target:
        await pilot.press("down")
    await settle(pilot)
    await pilot.press("ctrl+n")
    await settle(pilot)
    await pilot.press("ctrl+n")
    await settle(pilot)
    assert scr.step == "players"
    return scr


# ---------------------------------------------------------------- the seat kinds


@pytest.mark.parametrize("size", SIZES)
async def test_the_seat_kinds_read_human_computer_basic_computer_expert(
        size: tuple[int, int]) -> None:
    """The kinds said "Human / Computer / Expert bot" (a computer called two things); now
    Human, Computer (basic), Computer (expert), Computer (master), as README's "How to play"
    says, each whole in its field. Chosen by keys: Tab to seat 2's kind, Enter, Down, Enter."""
    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=size) as pilot:
        scr = await _players_step(pilot, app)
        kind: Any = scr.rows()[1].query_one(".kind", Select)
        assert [str(label) for label, _ in kind._options] == [
            "Human", "Computer (basic)", "Computer (expert)", "Computer (master)"]
        assert "Computer (basic)" in screen_lines(app)[kind.region.y + 1]
        for _ in range(10):  # from seat 1's name, Tab to seat 2's kind
            if app.focused is kind:
                break
            await pilot.press("tab")
            await settle(pilot, 1)
        assert app.focused is kind
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("down", "enter")
        await settle(pilot)
        seat = scr.rows()[1].seat()
        assert not seat.human and seat.bot == "expert" and seat.name == "Computer 2"
        line = screen_lines(app)[kind.region.y + 1]
        assert "Computer (expert)" in line, line
        kind.focus()
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("down", "enter")
        await settle(pilot)
        assert scr.rows()[1].seat().bot == "master"
        line = screen_lines(app)[kind.region.y + 1]
        assert "Computer (master)" in line, line
        kind.focus()
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("up", "up", "up", "enter")
        await settle(pilot)
        assert scr.rows()[1].seat().human and scr.rows()[1].seat().name == "Player 2"


# ---------------------------------------------------------------- the seat limit


@pytest.mark.parametrize("size", SIZES)
async def test_at_the_seat_limit_no_key_or_button_offers_a_player_more(
        size: tuple[int, int]) -> None:
    """Longest Game Ever seats 4. With the fourth seat added, neither the footer nor the
    button offers ^t any more (the button read "Add a player [ctrl+t]" at the limit); a seat
    removed (Enter on its Remove), both offer it again."""
    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=size) as pilot:
        scr = await _players_step(pilot, app, "lge")
        assert "ctrl+t" in shown_keys(app)
        await pilot.press("ctrl+t")
        await settle(pilot)
        await pilot.press("ctrl+t")
        assert "ctrl+t" not in shown_keys(app)  # at once, before the new row is built
        await settle(pilot)
        assert len(scr.rows()) == 4
        assert "ctrl+t" not in shown_keys(app)
        lines = screen_lines(app)
        assert not any("ctrl+t" in line or "^t" in line for line in lines), lines
        assert any("All 4 seats taken" in line for line in lines)
        await pilot.press("ctrl+t")
        await settle(pilot)
        assert len(scr.rows()) == 4
        scr.rows()[3].query_one(".remove").focus()
        await pilot.press("enter")
        await settle(pilot)
        assert len(scr.rows()) == 3
        assert "ctrl+t" in shown_keys(app)
        lines = screen_lines(app)
        assert any("Add a player [ctrl+t]" in line for line in lines)
        assert "^t Add a player" in lines[-1]


# ---------------------------------------------------------------- who goes first


def _columns(lines: list[str]) -> list[tuple[int, int]]:
    """Where the dice start and where the '=' stands, on each line of a roll."""
    out = []
    for line in lines:
        if " + " in line and "=" in line:
            plus = line.index(" + ")
            start = line.rindex("  ", 0, plus - 2)  # the gap before the first die
            out.append((start, line.index("=")))
    return out


@pytest.mark.parametrize("size", SIZES)
async def test_the_first_rolls_stand_in_aligned_columns(size: tuple[int, int]) -> None:
    """Who goes first: the dice began wherever each name ended and the totals wandered with
    them; now the dice and the '=' stand in one column for every player, a tie's roll-off
    too, under a heading of its own."""
    s = new_session("classic", [("Al", True), ("Bartholomew", True), ("Cy", False)])
    events = [Event("first_roll", player=0, dice=(6, 4), amount=10),
              Event("first_roll", player=1, dice=(5, 5), amount=10),
              Event("first_roll", player=2, dice=(1, 2), amount=3),
              Event("first_roll", player=0, dice=(2, 1), amount=3),
              Event("first_roll", player=1, dice=(6, 6), amount=12),
              Event("starts", player=1)]
    async with started(s, size=size) as (app, pilot):
        from monopoly_tui.ui.first import FirstPlayerScreen

        app.push_screen(FirstPlayerScreen(s, events))
        await settle(pilot)
        story = app.screen.query_one(".story").region
        lines = [line[story.x:story.right]
                 for line in screen_lines(app)[story.y:story.bottom]]
        columns = _columns(lines)
        assert len(columns) == 5, lines
        assert len(set(columns)) == 1, [line for line in lines if " + " in line]
        assert any("Tied: they roll again" in line for line in lines)
        assert any("Bartholomew · Wheelbarrow goes first" in line for line in lines)
        await pilot.press("enter")
        await settle(pilot)
        assert type(app.screen).__name__ == "GameScreen"


# ---------------------------------------------------------------- Tab stops


async def test_tab_on_the_setup_steps_stops_only_on_controls() -> None:
    """Tab round the house-rules step and the players step stops on fields, boxes and
    buttons only: the scrolling columns that hold them (#rules, #player-rows) were a Tab stop
    of their own, which showed nothing and took one more Tab to get past. (At 100x30, where
    the house rules scroll; the Tab stops do not depend on the size.)"""
    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        scr: Any = app.screen
        for step in ("rules", "players"):
            await pilot.press("ctrl+n")
            await settle(pilot)
            assert scr.step == step
            seen: list[Any] = []
            for _ in range(40):
                await pilot.press("tab")
                await settle(pilot, 1)
                if app.focused in seen:
                    break
                seen.append(app.focused)
            ids = [w.id for w in seen]
            assert "rules" not in ids and "player-rows" not in ids, ids
            assert len(seen) >= 3  # (the step's own controls and the buttons under it)
