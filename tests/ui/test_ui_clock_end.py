"""NFL's time limit game by the clock: at setup the players type the hour to end at (besides, or
instead of, the rounds); the header says it; when the table's clock reaches it, time is called
at the start of the next turn and the richest player wins. The app passes its clock in (a test
its own): the engine never reads one."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from driver import settle, text_of
from test_ui_setup_options import _press_variant, _rules_step, _start
from textual.widgets import Checkbox, Input

from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.setup import clock_end

NOON = datetime(2099, 12, 1, 12, 0).astimezone().timestamp()
"""The tests' own noon, far ahead of the real clock: the game screen reads the wall clock from
its start until a test sets its own, and an hour agreed on today's date (2026-12-01 21:30)
had come for real by the evening, ending the game before the test could look."""


def test_the_hour_typed_is_the_next_time_the_clock_shows_it() -> None:
    at = clock_end("21:30", NOON)
    assert at is not None
    shown = datetime.fromtimestamp(at)
    assert (shown.hour, shown.minute, shown.day) == (21, 30, 1)
    tomorrow = clock_end("9:05", NOON)
    assert tomorrow is not None and datetime.fromtimestamp(tomorrow).day == 2
    for bad in ("", "25:00", "12:60", "noon", "1230"):
        assert clock_end(bad, NOON) is None, bad


async def test_the_time_limit_game_ends_at_the_hour_typed() -> None:
    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        scr = await _rules_step(pilot, app, "nfl")
        scr.clock = lambda: NOON
        _press_variant(scr, "Time limit")
        await settle(pilot)
        scr.query_one("#hr-end_at", Checkbox).value = True
        await settle(pilot)
        assert "HH:MM" in text_of(app, "#problems")  # ticked without an hour: said, and waits
        scr.query_one("#end-at", Input).value = "21:30"
        await settle(pilot)
        assert not scr.rules_problems()
        session = await _start(pilot, app, scr)
        at = clock_end("21:30", NOON)
        assert session.end_at == at
        assert session.game.spec.rules.time_call
        game: Any = app.game_screen()
        header = game.header_info().plain
        assert "ends at 21:30" in header and "round 1 of 40" in header
        assert any("End at a clock time (21:30)" in line for line in session.options_summary())
        # before the hour nothing happens; at it, the next turn's start calls time
        game.clock = lambda: at - 1
        game._check_clock()
        await settle(pilot)
        assert not session.game.over
        game.clock = lambda: at
        game._check_clock()
        await settle(pilot, 5)
        assert session.game.over
        assert session.game.st.end_reason == "time_called"
        assert type(app.screen).__name__ == "ResultsScreen"
        assert any("when the agreed hour came" in line for line in session.log), session.log[-3:]
