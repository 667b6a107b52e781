"""The hint key (``h``): what the master computer player would choose at a human's decision
and why, by keyboard on the game screen and in a decision dialog; the chance to win in the
statistics; a seat played by the master."""

from __future__ import annotations

from collections import Counter
from typing import Any

from driver import settle, shown_keys, started, step
from states import at_buy, deed_id, human_and_computer, two_humans

from monopoly_tui.engine.snapshot import encode
from monopoly_tui.rules import load_spec
from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.session import Seat, Session


def notes(app: MonopolyApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


def state(session: Session) -> Any:
    return encode((session.game.st, list(session.game.history)))


async def test_h_in_the_buy_dialog_weighs_buying_against_the_auction() -> None:
    s = two_humans()
    d = deed_id(s, "Boardwalk")
    at_buy(s, 0, d)
    async with started(s) as (app, pilot):
        assert type(app.screen).__name__ == "BuyScreen"
        assert "h" in shown_keys(app)
        before = state(s)
        await pilot.press("h")
        await settle(pilot)
        (hint,) = notes(app)
        assert "to win if you buy Boardwalk" in hint
        assert "if you leave it to auction" in hint
        assert state(s) == before  # thinking ahead changed nothing
        assert type(app.screen).__name__ == "BuyScreen"
        await pilot.press("b")  # the decision is still the player's
        await settle(pilot)
        assert s.game.st.owner[d] == 0


async def test_h_before_a_roll_says_there_is_nothing_to_weigh() -> None:
    s = two_humans()
    async with started(s) as (app, pilot):
        assert "h" in shown_keys(app)
        await pilot.press("h")
        await settle(pilot)
        assert notes(app) == ["Roll the dice: nothing else here is worth weighing."]


async def test_no_hint_on_a_computers_decision() -> None:
    s = human_and_computer()
    st = s.game.st
    st.current = 1  # the computer's turn: the flow plays it, the human has nothing to weigh
    async with started(s) as (app, pilot):
        await pilot.press("h")
        await settle(pilot)
        assert not any("to win" in n for n in notes(app))


async def test_the_statistics_show_each_players_chance_to_win() -> None:
    s = two_humans()
    s.game.st.players[0].cash += 2000
    async with started(s) as (app, pilot):
        await pilot.press("g")
        await settle(pilot)
        assert type(app.screen).__name__ == "StatsScreen"
        from monopoly_tui.ui.charts import chance_texts

        lines = [t.plain for t in chance_texts(s.game)]
        assert lines[0] == "Chance to win from here"
        rows = lines[2:]
        assert rows[0].startswith("Ann") and rows[1].startswith("Bob")  # the likeliest first
        ann = int(rows[0].rsplit(" ", 1)[1].rstrip("%"))
        bob = int(rows[1].rsplit(" ", 1)[1].rstrip("%"))
        assert ann > bob and ann + bob in (99, 100, 101)


async def test_a_seat_played_by_the_master_moves_the_game_on() -> None:
    spec = load_spec("classic")
    s = Session.new("classic", [Seat("Ann", spec.tokens[0], True),
                                Seat("Max", spec.tokens[1], False, "master")],
                    seed=3, pace="instant")
    assert type(s.bots[1]).__name__ == "MasterBot"
    async with started(s) as (app, pilot):
        seen: Counter[str] = Counter()
        while s.game.st.turns < 6:  # Ann plays by keys; the master plays its own turns
            assert await step(pilot, app, seen)
        assert s.game.st.turns >= 4
        assert any(a.player == 1 for a in s.game.history)
