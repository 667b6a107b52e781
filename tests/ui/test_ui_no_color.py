"""Colour is never the only sign: ownership, mortgages, whose turn it is and the Ring read in
plain text too; the game at ``NO_COLOR`` shows them in shades of grey (its SVG snapshot,
test_late_ring_game_at_no_color, is in test_ui_snapshots.py)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from driver import new_session, settle, started
from rich.console import Console
from states import deed_id
from textual.filter import Monochrome, NoColor

from monopoly_tui.engine.mechanics.ring import ring_bearer, ring_of
from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.demo import late_game

SIZE = (160, 50)


def _plain(renderable: Any, width: int = 60) -> str:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


async def test_owner_and_mortgage_read_without_colour() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True), ("Cy", True)], seed=2)
    st = s.game.st
    boardwalk, park = deed_id(s, "Boardwalk"), deed_id(s, "Park Place")
    st.owner[boardwalk] = 1
    st.owner[park] = 2
    st.mortgaged[park] = True
    async with started(s) as (app, _pilot):
        spaces = s.spec.deeds[boardwalk].spaces[0], s.spec.deeds[park].spaces[0]
        walk = app.screen.query_one(f"#space-{spaces[0]}").render()
        place = app.screen.query_one(f"#space-{spaces[1]}").render()
        assert walk.plain.rstrip().endswith("●2")  # the owner's seat, not only their colour
        assert place.plain.rstrip().endswith("●3M")  # owner 3, mortgaged
        assert "M" not in walk.plain.rstrip()[-3:]
        # the mortgaged deed's name is struck through: a style that is not a colour
        name_spans = [span for span in place.spans if "strike" in str(span.style)]
        assert name_spans
        free = app.screen.query_one(f"#space-{s.spec.deeds[deed_id(s, 'Baltic Avenue')].spaces[0]}"
                                    ).render()
        assert "●" not in free.plain


async def test_whose_turn_reads_in_the_player_panels() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True), ("Cy", True)], seed=2)
    async with started(s) as (app, _pilot):
        current = s.game.st.current
        for p in range(3):
            text = _plain(app.screen.query_one(f"#player-{p}").content).splitlines()[0]
            assert text.startswith("▶") == (p == current), text
            assert s.game.st.players[p].name in text


async def test_the_ring_bearer_is_named() -> None:
    s = late_game("lotr", players=4, humans=2, seed=11)
    bearer = ring_bearer(s.game.st)
    assert bearer >= 0
    async with started(s) as (app, _pilot):
        panel = _plain(app.game_screen().query_one(f"#player-{bearer}").content)
        ring_spec = ring_of(s.spec)
        assert ring_spec is not None
        assert f"◎ {ring_spec.bearer}" in panel
        ring = _plain(app.game_screen().query_one("#mechanics").content, 80)  # type: ignore[attr-defined]
        assert s.game.st.players[bearer].name in ring


async def test_no_color_turns_the_screen_grey(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = MonopolyApp()
    assert app.no_color
    async with app.run_test() as pilot:
        await settle(pilot)
        assert any(isinstance(f, Monochrome | NoColor) for f in app.get_line_filters())
