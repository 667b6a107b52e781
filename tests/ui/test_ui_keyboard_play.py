"""Crashes and blockers met playing by keyboard alone, each pinned where a player met it."""

from __future__ import annotations

from driver import as_shown, new_session, settle, started


async def test_the_arrow_keys_show_a_secured_dnd_location_without_a_crash() -> None:
    """Dungeons & Dragons at 100x30: the arrow keys onto a location someone has secured show
    its card with the tax a lander owes now. The card asked the railroads' rent-by-count
    table of the location's group, which is empty: IndexError, and the app closed."""
    s = new_session("dnd", [("Ann", True), ("Bob", False)], seed=3)
    phandalin = s.spec.deeds[0]
    s.game.st.owner[phandalin.index] = 1  # Bob secured it
    assert s.spec.groups[phandalin.group].rent_by_count == ()
    async with started(s, size=(100, 30)) as (app, pilot):
        # the first arrow puts the cursor on Ann's space (GO), the next onto Phandalin
        await pilot.press("left", "left")
        await settle(pilot)
        assert app.screen.board.cursor == phandalin.spaces[0]
        card = as_shown(app.screen.query_one("#detail"))
        assert "Phandalin" in card
        assert f"now {phandalin.rent[0]}" in card
        assert type(app.screen).__name__ == "GameScreen"
