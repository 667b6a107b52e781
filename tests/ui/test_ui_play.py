"""What a table of new players met playing every edition in a terminal (issue 13's play-through):
each pinned here as the player saw it."""

from __future__ import annotations

from typing import Any

from driver import new_session, settle, started
from states import at_buy, deed_id

from monopoly_tui.ui.app import MonopolyApp


def option_texts(app: MonopolyApp, selector: str) -> list[str]:
    lst: Any = app.screen.query_one(selector)
    return [str(lst.get_option_at_index(i).prompt) for i in range(lst.option_count)]


async def test_the_buy_dialogs_mortgages_say_what_they_raise() -> None:
    """Short of cash for a deed, the buy dialog lists the mortgages with the cash each raises
    (it said 'Mortgage Vermont Avenue (buy first)', with no amount, for every row)."""
    s = new_session("classic", [("Ann", True), ("Bob", True)])
    vermont = deed_id(s, "Vermont Avenue")
    s.game.st.owner[vermont] = 0
    s.game.st.players[0].cash = 10
    at_buy(s, 0, deed_id(s, "Connecticut Avenue"))
    async with started(s) as (app, pilot):
        await settle(pilot)
        rows = option_texts(app, "#raise")
        row = next(r for r in rows if "Vermont" in r)
        assert "first" not in row and "+$50" in row, rows
