"""The game screen and its dialogs at the smallest supported terminal, 100x30: every control of a
dialog is on the screen (inside the dialog, above the footer) and Tab reaches each one, however
long the log or the names; the banner's question reads whole; the panel says plainly where a
prisoner stands."""

from __future__ import annotations

from typing import Any

import pytest
from driver import as_shown, new_session, settle, started
from states import at_buy
from textual.widgets import Button, Input, OptionList, Select, SelectionList, Tab

from monopoly_tui.ui.app import MonopolyApp

CONTROLS = (Button, Input, OptionList, Select, SelectionList, Tab)
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
LONG = ("{n}: a long line of the game's log, long enough to wrap twice in the auction's narrow "
        "column of recent lines")


def shown(widget: Any) -> bool:
    """The widget and every one of its containers are displayed."""
    node = widget
    while node is not None and node is not widget.screen:
        if not node.display or not node.visible:
            return False
        node = node.parent
    return True


def unseen_controls(app: MonopolyApp) -> list[str]:
    """The controls of the dialog on top a player cannot see whole: outside the dialog, below
    the screen or on the footer's row."""
    screen = app.screen
    dialog = screen.query_one("#dialog").content_region
    out = []
    for widget in screen.query("*"):
        if isinstance(widget, CONTROLS) and shown(widget):
            r = widget.region
            if not r.height or not dialog.contains_region(r) or r.bottom > app.size.height - 1:
                out.append(f"{type(widget).__name__}#{widget.id} at {r}")
    return out


async def tab_round(pilot: Any, app: MonopolyApp, presses: int = 16) -> list[str]:
    """The ids of the controls Tab goes through, in order, once round."""
    seen: list[str] = []
    for _ in range(presses):
        await pilot.press("tab")
        await settle(pilot, 2)
        focused = app.screen.focused
        if focused is None:
            continue
        if seen and focused.id == seen[0]:
            break
        seen.append(str(focused.id))
    return seen


def auction_at_100x30(edition: str, players: int) -> Any:
    """Every seat human, a long log, the longest deed's name up for auction."""
    s = new_session(edition, [(name, True) for name in NAMES[:players]], seed=1)
    deed = max(s.spec.deeds, key=lambda d: len(d.name))
    s.log.extend(LONG.format(n=n) for n in range(8))
    at_buy(s, 0, deed.index)
    return s


@pytest.mark.parametrize(("edition", "players", "keys"), [
    ("nfl", 8, "+"),           # the long lines of the log still among the newest
    ("nfl", 8, "+dddddd"),     # six have passed: the note on passing too
    ("classic", 6, "+d"),
    ("lotr", 6, "+d+d+"),
])
async def test_every_auction_control_stays_on_screen_and_tab_reaches_it(
        edition: str, players: int, keys: str) -> None:
    """The amount field and every bid button stay inside the auction dialog at 100x30 with a
    long log (they were pushed off the screen: a player could not see what they typed), and
    at 160x50; the log's newest lines stay in view, the oldest give way."""
    s = auction_at_100x30(edition, players)
    async with started(s, size=(100, 30)) as (app, pilot):
        await pilot.press("a")
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot, 4)
        assert type(app.screen).__name__ == "AuctionScreen"
        scr: Any = app.screen
        assert scr.mine()
        for size in ((100, 30), (160, 50), (100, 30)):
            await pilot.resize_terminal(*size)
            await settle(pilot, 6)
            assert unseen_controls(app) == [], size
            scr.set_focus(None)
            controls = ["amount", "bid", *(f"raise-{i}" for i in range(len(scr.steps))), "drop"]
            assert await tab_round(pilot, app) == controls, size
        # the newest line of the log is the last one shown, whole
        newest = s.log[-1]
        shown_text = " ".join(as_shown(scr.query_one("#recent")).split())
        assert shown_text.endswith(" ".join(newest.split())), shown_text
