"""The property manager's cash per row is what the engine would do (``Game.preview`` on a
copy), not a price the UI works out: a build that starts an auction of a building the bank is
short of moves no cash now, and the row says so."""

from __future__ import annotations

from typing import Any

from driver import settle, started
from states import give_group, two_humans

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.ui.manage import ActionList, action_effect, entry_rows


def test_each_rows_cash_is_the_engines_preview() -> None:
    s = two_humans()
    give_group(s, 0, "light-blue")
    s.game.st.current = 0
    game = s.game
    rows = entry_rows(game, 0, frozenset({A.A_BUILD, A.A_MORTGAGE}))
    assert rows
    for e in rows:
        if len(e.actions) == 1:
            assert e.delta == game.preview(e.actions[0]).delta, e.label
            assert action_effect(game, e.actions[0])[1] == e.delta


async def test_a_build_that_starts_an_auction_shows_no_price() -> None:
    """Ann owns light blue, Bob brown, the bank has one house left: a build of Ann's goes to
    auction (both want it), so no cash moves now."""
    s = two_humans()
    deeds = give_group(s, 0, "light-blue")
    give_group(s, 1, "brown")
    game = s.game
    game.st.current = 0
    game.st.bank_houses = 1
    build = Action(A.A_BUILD, 0, deeds[0])
    assert game.preview(build).waits == A.AUCTION
    assert action_effect(game, build)[1] == 0
    async with started(s) as (app, pilot):
        await pilot.press("m")
        await settle(pilot)
        lst: Any = app.screen.query_one(ActionList)
        i = next(i for i, e in enumerate(lst.entries) if e.key == (A.A_BUILD, deeds[0]))
        row = lst.get_option_at_index(next(
            j for j in range(lst.option_count) if lst.entry_at(j) is lst.entries[i])).prompt
        assert "(auction first)" in row.plain and "−" not in row.plain
