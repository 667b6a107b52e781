"""The app's memory does not grow with the game: what the screen no longer shows is let go."""

from __future__ import annotations

import gc
from typing import Any

from driver import new_session, settle, started
from textual.widgets._footer import FooterKey

from monopoly_tui.engine import actions as A
from monopoly_tui.ui.session import FirstLegalBot


def _stale_footer_keys() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, FooterKey) and not o.is_attached)


async def test_the_game_screens_footer_lets_go_of_the_keys_it_no_longer_shows() -> None:
    """The legal keys change at almost every decision, and the footer makes new keys each
    time; Textual's footer kept every old one (through its 'compact' watchers)."""
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=4)
    async with started(s) as (app, pilot):
        bot = FirstLegalBot()

        async def play(turns: int) -> None:
            for _ in range(30 * turns):
                if turns <= 0 or s.game.over:
                    break
                pend = s.pending
                screen: Any = app.screen
                if type(screen).__name__ == "CardScreen":
                    await pilot.press("enter")
                elif pend.kind == A.ROLL and type(screen).__name__ == "GameScreen":
                    await pilot.press("r")
                elif pend.kind == A.END_TURN and type(screen).__name__ == "GameScreen":
                    await pilot.press("e")
                    turns -= 1
                else:
                    app.game_screen().play(bot.choose(s.game, pend.player))  # type: ignore[union-attr]
                await settle(pilot)
            assert turns <= 0

        await play(4)
        after_4 = _stale_footer_keys()
        await play(8)
        # keys are let go as fast as they are made: none pile up turn after turn (Textual's
        # footer kept about 20 a turn here, 160 over these 8 turns); a dialog open now may
        # still hold one footer's worth
        assert _stale_footer_keys() - after_4 < 40


async def test_the_log_keeps_a_bounded_number_of_drawn_lines() -> None:
    """Each line the log keeps drawn holds its drawing and Textual's caches of it (several kB):
    it keeps the last ``LOG_LINES`` of them, so a long game does not grow the app (it kept
    3000, about 0.16 MB a roll late in a game); the whole log stays in the session, and a
    game opened again draws only its last lines."""
    from monopoly_tui.ui.game import LOG_LINES, GameLog

    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=4)
    s.log.extend(f"line {i}" for i in range(2 * LOG_LINES + 100))
    async with started(s) as (app, pilot):
        log = app.screen.query_one(GameLog)
        assert len(log.lines) <= LOG_LINES
        for i in range(1500):
            s.log.append(f"more {i}")
            log.write(f"more {i}")
        await settle(pilot)
        assert len(log.lines) <= LOG_LINES <= 500
        assert log.lines[-1].text.strip() == "more 1499"
        assert len(s.log) >= 2 * LOG_LINES + 1600  # the session keeps every line
