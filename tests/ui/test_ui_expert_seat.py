"""The setup screen's seat options: a computer seat is played by the basic or the expert
computer player, as chosen; the choice goes into the save and comes back with it."""

from __future__ import annotations

from typing import Any

from driver import settle
from test_ui_setup_options import _rules_step, _start
from textual.widgets import Select

from monopoly_tui.bots import BasicBot, ExpertBot
from monopoly_tui.bots.master import MasterBot
from monopoly_tui.ui import saves_port
from monopoly_tui.ui.app import MonopolyApp


async def test_a_seat_chosen_as_expert_is_played_by_the_expert() -> None:
    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        scr: Any = await _rules_step(pilot, app, "classic")
        await pilot.press("ctrl+n")
        await settle(pilot)
        rows = scr.rows()
        kinds = [str(label) for label, _ in rows[1].query_one(".kind", Select)._options]
        assert kinds == ["Human", "Computer (basic)", "Computer (expert)", "Computer (master)"]
        rows[1].query_one(".kind", Select).value = "expert"
        await settle(pilot)
        assert scr.rows()[1].seat().bot == "expert"
        assert not scr.rows()[1].seat().human
        session = await _start(pilot, app, scr)
        assert session.seats[1].bot == "expert"
        assert isinstance(session.bots[1], ExpertBot)
        saves_port._meta(session)
        seats = session.save_meta.seats
        assert seats[1].bot == "expert"


def test_a_plain_computer_seat_is_the_basic_bot() -> None:
    from monopoly_tui.ui.session import make_computer

    assert isinstance(make_computer(1), BasicBot)
    assert isinstance(make_computer(1, "expert"), ExpertBot)
    assert isinstance(make_computer(1, "no-such-bot"), BasicBot)
    assert isinstance(make_computer(1, "master"), MasterBot)
