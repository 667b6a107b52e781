"""The app's memory does not grow with the game: what the screen no longer shows is let go."""

from __future__ import annotations

import gc
from typing import Any

from driver import new_session, settle, started
from textual._styles_cache import StylesCache
from textual.widget import Widget
from textual.widgets._footer import FooterKey

from monopoly_tui.engine import actions as A
from monopoly_tui.ui.session import FirstLegalBot


def _stale_footer_keys() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, FooterKey) and not o.is_attached)


def _orphan_styles_caches() -> int:
    """How many of Textual's per-widget line caches are alive beyond one per widget alive."""
    gc.collect()
    objects = gc.get_objects()
    caches = sum(1 for o in objects if isinstance(o, StylesCache))
    widgets = sum(1 for o in objects if isinstance(o, Widget))
    return caches - widgets


async def _play(app: Any, pilot: Any, turns: int) -> None:
    """Play ``turns`` turns by the keys (a plain choice in each dialog)."""
    s = app.game_screen().session
    bot = FirstLegalBot()
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
            app.game_screen().play(bot.choose(s.game, pend.player))
        await settle(pilot)
    assert turns <= 0


async def test_the_game_screens_footer_lets_go_of_the_keys_it_no_longer_shows() -> None:
    """The legal keys change at almost every decision, and the footer makes new keys each
    time; Textual's footer kept every old one (through its 'compact' watchers)."""
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=4)
    async with started(s) as (app, pilot):
        await _play(app, pilot, 4)
        after_4 = _stale_footer_keys()
        await _play(app, pilot, 8)
        # keys are let go as fast as they are made: none pile up turn after turn (Textual's
        # footer kept about 20 a turn here, 160 over these 8 turns); a dialog open now may
        # still hold one footer's worth
        assert _stale_footer_keys() - after_4 < 40


async def test_the_footer_rewrites_its_keys_instead_of_making_new_ones() -> None:
    """Roll becomes End turn and back at every turn: the footer shows the new words on the
    keys it has (Textual's footer made them all again, about 15 keys a roll late in a
    6-player game, each kept a while by Textual's caches); it makes keys only when their
    number changes."""
    from driver import shown_keys

    from monopoly_tui.ui.footer import Footer

    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=4)
    async with started(s) as (app, pilot):
        footer = app.screen.query_one(Footer)
        keys = list(footer.query(FooterKey))
        assert "r" in shown_keys(app)
        made = 0
        compose = footer.compose

        def counting() -> Any:
            nonlocal made
            for widget in compose():
                made += isinstance(widget, FooterKey)
                yield widget

        footer.compose = counting  # type: ignore[method-assign]
        await _play(app, pilot, 6)
        # Textual's footer made a whole set at each change, twice a turn or more (over 60
        # keys here); this one makes keys only when there are more to show
        assert made < len(keys), made
        await pilot.press("r")
        await settle(pilot)
        shown = {k.key: k.description for k in footer.query(FooterKey)
                 if not k.has_class("-command-palette")}
        assert set(shown) == shown_keys(app)  # what is drawn is what the screen binds now
        assert all(shown.values())


async def test_widgets_gone_are_let_go_with_their_drawn_lines() -> None:
    """Textual caches two styles per widget by the widget's line cache (``StylesCache``), so
    the last 1,024 widgets ever drawn stayed in memory with every line they drew (about 7 MB
    over the first 60 rolls late in a 6-player game): the app caches them by colour only
    (``ui.textual_fixes``), and after many turns of dialogs and footers no line cache is alive
    without its widget."""
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=4)
    async with started(s) as (app, pilot):
        await _play(app, pilot, 2)
        before = _orphan_styles_caches()
        await _play(app, pilot, 10)
        assert _orphan_styles_caches() - before < 5


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


async def test_the_log_keeps_a_screenful_or_so_of_lines_cut_to_its_width() -> None:
    """Textual's log keeps each line it drew, cut to the width, up to 1,024, by the line's
    number in the whole log, so the lines pushed out stayed there too: the game's log keeps
    ``LOG_DRAWN_LINES`` (a few screenfuls), the newest drawn still shown."""
    from monopoly_tui.ui.game import LOG_DRAWN_LINES, GameLog

    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=4)
    async with started(s) as (app, pilot):
        log = app.screen.query_one(GameLog)
        for i in range(1500):
            s.log.append(f"more {i}")
            log.write(f"more {i}")
            if i % 50 == 0:
                await settle(pilot, 1)
        for top in range(0, len(log.lines), 7):  # scrolled through, every line drawn
            log.scroll_to(y=top, animate=False, immediate=True)
            for y in range(log.size.height):
                log.render_line(y)
        assert len(log._line_cache) <= LOG_DRAWN_LINES
        log.scroll_end(animate=False, immediate=True)
        await settle(pilot)
        drawn = "".join(log.render_line(y).text for y in range(log.size.height))
        assert "more 1499" in drawn
