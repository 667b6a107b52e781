"""Contrast of the screens the snapshots do not show: help (every tab), Load, Manage, the
trade builder, New game and the results, in the default look, an edition's theme and
``NO_COLOR``. Each is drawn in a headless app and exported as SVG (the same export the
snapshots are), then every text run is checked at 4.5:1 against what is under it, with
test_ui_contrast's reader. A dialog over the game (Manage, trade) is checked inside its frame
only: what is behind it is tinted as inactive (see test_ui_contrast's docstring)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from driver import new_session, settle
from test_ui_contrast import low_contrast

from monopoly_tui.ui import saves_port
from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.demo import late_game, play_plain
from monopoly_tui.ui.help import HelpScreen
from monopoly_tui.ui.load import LoadScreen
from monopoly_tui.ui.session import Session

SIZE = (160, 50)
Opener = Callable[[Any], Awaitable[None]]


async def _ready(pilot: Any) -> None:
    for _ in range(200):
        if getattr(pilot.app.screen, "saves_checked", True):
            break
        await pilot.pause(0.02)
    await pilot.app.workers.wait_for_complete()
    await settle(pilot)


async def _drawn(app: MonopolyApp, session: Session | None, opener: Opener) -> str:
    async with app.run_test(size=SIZE) as pilot:
        await _ready(pilot)
        if session is not None:
            app.start_session(session, first=False)
            await _ready(pilot)
        await opener(pilot)
        await _ready(pilot)
        return app.export_screenshot()


def _keys(*keys: str) -> Opener:
    async def press(pilot: Any) -> None:
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
    return press


def _help_tab(tab: int) -> Opener:
    async def open_help(pilot: Any) -> None:
        pilot.app.push_screen(HelpScreen())
        await settle(pilot)
        for _ in range(tab):
            await pilot.press("right")
            await settle(pilot)
    return open_help


async def _load(pilot: Any) -> None:
    pilot.app.push_screen(LoadScreen())
    for _ in range(200):
        if getattr(pilot.app.screen, "entries", None):
            break
        await pilot.pause(0.02)
    await settle(pilot)


def _saved_games() -> None:
    for name, seed in (("first", 1), ("second", 2)):
        s = new_session("got", [("Ann", True), ("Bob", True)], seed=seed)
        play_plain(s, 40)
        saves_port.save(s, name)
        saves_port.release(s)


def _finished() -> Session:
    s = new_session("nfl", [("Ann", True), ("Bob", False), ("Cy", False)], seed=6,
                    house_rules={"turn_limit": 12})
    play_plain(s, 100_000, stop_at_human_roll=False)
    assert s.game.over
    return s


def _late(edition: str) -> Callable[[], Session]:
    return lambda: late_game(edition, players=4, humans=4, seed=7)


CASES: dict[str, tuple[Callable[[], Session] | None, Opener, bool]] = {
    "help-keys": (None, _help_tab(0), True),
    "help-rules": (_late("lotr"), _help_tab(1), True),
    "help-notes": (_late("dnd"), _help_tab(2), True),
    "new-game": (None, _keys("n"), False),
    "manage": (_late("classic"), _keys("m"), True),
    "manage-lge": (_late("lge"), _keys("m"), True),
    "trade": (_late("got"), _keys("t"), True),
    "results": (_finished, _keys(), False),
}


@pytest.mark.parametrize("look", ["default", "no-color"])
@pytest.mark.parametrize("case", [*CASES, "load"])
async def test_every_screen_reads_at_4_5_to_1(case: str, look: str, saves_folder: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """WCAG 2 AA (4.5:1) for every text of the screen, with colour and without."""
    if look == "no-color":
        monkeypatch.setenv("NO_COLOR", "1")
    if case == "load":
        _saved_games()
        make, opener, dialog = None, _load, False
    else:
        make, opener, dialog = CASES[case]
    svg = await _drawn(MonopolyApp(pace="instant"), make() if make else None, opener)
    found = low_contrast(svg, dialog=dialog)
    assert found == [], "\n".join(f"{f.ratio}:1 {f.fg} on {f.bg}: {f.text!r}" for f in found)
