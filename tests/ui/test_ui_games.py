"""Whole short games through the UI: human seats driven by key presses, a computer on instant
pace, for classic, Game of Thrones, NFL and Lord of the Rings, to the results screen."""

from __future__ import annotations

import pytest
from driver import new_session, play_out, run_to_results, started

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.mechanics.ring import ring_of


@pytest.mark.parametrize(
    ("edition", "options"),
    [
        ("classic", {"house_rules": {"turn_limit": 5}}),
        ("got", {"variant": "speed", "house_rules": {"turn_limit": 5}}),
        ("nfl", {"variant": "short", "house_rules": {"turn_limit": 5}}),
        ("lotr", {"house_rules": {"turn_limit": 8}}),
    ],
)
async def test_a_whole_short_game(edition: str, options: dict[str, object]) -> None:
    s = new_session(edition, [("Ann", True), ("Bob", True), ("Cy", False)], seed=11, **options)
    async with started(s, first=True) as (app, pilot):
        seen = await play_out(pilot, app)
        assert s.game.over and s.pending.kind == A.GAME_OVER
        assert type(app.screen).__name__ == "ResultsScreen"
        assert seen["FirstPlayerScreen"] == 1
        assert seen["GameScreen"] > 5
        # every line of the log is in the edition's words: no engine ids left in it
        assert s.log and not any("{" in line or "_" in line for line in s.log)
        assert any(line.startswith("Game over:") for line in s.log)
        if edition == "got":
            assert any("Gold Dragons" in line for line in s.log)
        if edition == "lotr":
            # the Ring's own dialog was used by a human, and the Ring's story is in the log
            assert seen["RingScreen"] >= 1
            ring = ring_of(s.game.spec)
            assert ring is not None
            assert sum(ring.ring.lower() in line.lower() for line in s.log) >= 3
        ended = " ".join(app.screen.query_one("#ended").content.plain.split())  # type: ignore[attr-defined]
        assert "wins as" in ended


async def test_computers_play_a_game_by_themselves() -> None:
    s = new_session("classic", [("Ann", False), ("Bob", False), ("Cy", False)], seed=3,
                    house_rules={"turn_limit": 6})
    async with started(s) as (app, pilot):
        await run_to_results(pilot, app, s)
        assert s.game.over
        assert type(app.screen).__name__ == "ResultsScreen"
        assert sum(line.endswith("'s turn") for line in s.log) >= 6 * 3 - 1
