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
