"""Crashes and blockers met playing by keyboard alone, each pinned where a player met it."""

from __future__ import annotations

from typing import Any

import pytest
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


@pytest.mark.parametrize("size", [(100, 30), (160, 50)])
async def test_a_dnd_location_card_says_tax_and_shows_no_mortgage(size: tuple[int, int]) -> None:
    """A secured location charges its tax (the edition's word; "rent" is another thing), and
    an edition without mortgages prints no mortgage value: the card said "rent now 10 gold"
    and "Mortgage value 0 gold". A classic deed's card keeps both."""
    s = new_session("dnd", [("Ann", True), ("Bob", False)], seed=3)
    phandalin = s.spec.deeds[0]
    s.game.st.owner[phandalin.index] = 1
    async with started(s, size=size) as (app, pilot):
        await pilot.press("left", "left")
        await settle(pilot)
        card = as_shown(app.screen.query_one("#detail"))
        assert f"tax now {phandalin.rent[0]}" in card
        assert "rent now" not in card and "ortgage" not in card
    s = new_session("classic", [("Ann", True), ("Bob", False)], seed=3)
    s.game.st.owner[0] = 1
    async with started(s, size=size) as (app, pilot):
        await pilot.press("left", "left")
        await settle(pilot)
        card = as_shown(app.screen.query_one("#detail"))
        assert "rent now" in card and "ortgage" in card


async def test_in_dnd_jail_the_roll_for_a_six_is_a_button_and_the_footer_names_it() -> None:
    """Dungeons & Dragons' Jail at 100x30: doubles free no one, a 6 does ("roll a 6" on the
    banner). The dialog showed only "Pay 10 gold", with no button to roll, and "Roll for
    doubles" in the footer; now the button and the footer say "Roll a 6", and r rolls it."""
    from states import in_jail

    from monopoly_tui.engine.dice import ScriptedFaces

    s = new_session("dnd", [("Ann", True), ("Bob", False)], seed=3)
    in_jail(s, 0)
    s.game.dice_source = ScriptedFaces([5])  # the black die shows 6
    async with started(s, size=(100, 30)) as (app, pilot):
        await settle(pilot)
        scr: Any = app.screen
        assert type(scr).__name__ == "JailScreen"
        roll = scr.query_one("#roll")
        assert roll.display and "Roll a 6 [r]" in str(roll.label)
        assert "try 1 of 3 for a 6" in as_shown(scr.query_one("#body"))
        footer = {ab.binding.description for key, ab in scr.active_bindings.items()
                  if ab.binding.show and ab.enabled}
        assert "Roll a 6" in footer and "Roll for doubles" not in footer
        await pilot.press("r")
        await settle(pilot)
        assert not s.game.st.players[0].in_jail


async def test_in_classic_jail_the_roll_is_still_for_doubles() -> None:
    """Classic's Jail keeps its words: the button and the footer say "Roll for doubles"."""
    from states import in_jail

    s = new_session("classic", [("Ann", True), ("Bob", False)], seed=3)
    in_jail(s, 0)
    async with started(s, size=(100, 30)) as (app, _pilot):
        scr: Any = app.screen
        assert type(scr).__name__ == "JailScreen"
        assert "Roll for doubles [r]" in str(scr.query_one("#roll").label)
        assert "try 1 of 3 for doubles" in as_shown(scr.query_one("#body"))


async def test_the_palettes_rules_during_a_game_open_the_rules_tab() -> None:
    """ctrl+p, "Rules" (the rules of the edition) during a game: the help opens on its Rules
    tab. It opened on the Keys tab, as ``?`` does, and the rules were a Tab away."""
    from textual.widgets import TabbedContent

    s = new_session("nfl", [("Ann", True), ("Bob", False)], seed=3)
    async with started(s, size=(100, 30)) as (app, pilot):
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"Rules")
        for _ in range(200):  # the palette searches as it is typed: wait for its answer
            await pilot.pause()
            found: Any = app.screen.query("CommandList")
            lst = found.first() if found else None
            if lst is not None and lst.highlighted is not None and str(
                    lst.get_option_at_index(lst.highlighted).prompt).startswith("Rules"):
                break
        await pilot.press("enter")
        await settle(pilot)
        assert type(app.screen).__name__ == "HelpScreen"
        assert app.screen.query_one(TabbedContent).active == "rules"
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert app.screen.query_one(TabbedContent).active == "keys"
