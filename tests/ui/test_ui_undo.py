"""``u`` takes back a slip (issue 16): shown only when the engine allows it, on the game screen
and in the decision dialogs; the palette offers it too; the log says what was taken back; the
autosave holds the game before it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from driver import new_session, settle, shown_keys, started
from states import at_buy, at_tax, deed_id, human_and_computer, two_humans

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.dice import ScriptedFaces
from monopoly_tui.engine.mechanics.ring import state_of
from monopoly_tui.engine.snapshot import encode_state
from monopoly_tui.engine.state import TradeOffer
from monopoly_tui.saves import list_saves, load_save
from monopoly_tui.ui.app import MonopolyApp


def on_top(app: MonopolyApp) -> str:
    return type(app.screen).__name__


def palette_titles(app: MonopolyApp) -> list[str]:
    return [c.title for c in app.get_system_commands(app.screen)]


async def test_buy_then_u_offers_the_deed_again_and_the_autosave_follows(
        saves_folder: Path) -> None:
    s = two_humans()
    d = deed_id(s, "Boardwalk")
    at_buy(s, 0, d)
    async with started(s) as (app, pilot):
        assert on_top(app) == "BuyScreen"
        assert "u" not in shown_keys(app)  # nothing decided yet
        assert "Undo" not in palette_titles(app)
        before = encode_state(s.game.st)
        await pilot.press("b")
        await settle(pilot)
        assert on_top(app) == "GameScreen" and s.game.st.owner[d] == 0
        assert "u" in shown_keys(app)
        assert "Undo" in palette_titles(app)
        await pilot.press("u")
        await settle(pilot)
        assert on_top(app) == "BuyScreen"  # the decision is asked again
        assert s.game.st.owner[d] == -1 and s.game.st.players[0].cash == 1500
        assert encode_state(s.game.st) == before
        assert s.log[-1] == "↶ Ann takes back: Ann bought Boardwalk for $400"
        assert "u" not in shown_keys(app)
        auto = next(e for e in list_saves(saves_folder) if e.kind == "auto")
        assert auto.name.startswith("autosave-") and auto.decisions == 0
    # the app (this window) held the game while it ran; closed, the game opens as it was
    # saved: before the purchase
    assert encode_state(load_save(auto.name, saves_folder).game.st) == before


async def test_a_mortgage_then_u(saves_folder: Path) -> None:
    s = two_humans()
    d = deed_id(s, "Baltic Avenue")
    s.game.st.owner[d] = 0
    s.game.st.current = 0  # Ann's turn: her own decisions are hers to take back
    async with started(s) as (app, pilot):
        screen: Any = app.screen
        assert on_top(app) == "GameScreen" and "u" not in shown_keys(app)
        screen.play(Action(A.A_MORTGAGE, 0, d))
        await settle(pilot)
        assert s.game.st.mortgaged[d] and "u" in shown_keys(app)
        await pilot.press("u")
        await settle(pilot)
        assert not s.game.st.mortgaged[d] and s.game.st.players[0].cash == 1500
        assert s.log[-1].startswith("↶ Ann takes back: Ann took a mortgage on Baltic Avenue")


async def test_u_after_a_decision_of_two_lines_says_each_as_its_own_clause() -> None:
    """The NFL tax choice logs two lines ("chose 10%..." and "paid..."); taken back, the log
    says both, parted ("...: $171 Cat paid $171..." ran them together)."""
    s = two_humans("nfl")
    at_tax(s, 0)
    async with started(s) as (app, pilot):
        assert on_top(app) == "TaxScreen"
        await pilot.press("p")
        await settle(pilot)
        chose, paid = s.log[-2:]
        assert chose.startswith("Ann chose 10%") and paid.startswith("Ann paid")
        await pilot.press("u")
        await settle(pilot)
        assert on_top(app) == "TaxScreen"
        assert s.log[-1] == f"↶ Ann takes back: {chose}; {paid}"


async def test_no_u_after_the_dice_are_rolled() -> None:
    s = two_humans()
    s.game.dice_source = ScriptedFaces([0, 1])  # 1 + 2: Baltic Avenue, for sale
    async with started(s) as (app, pilot):
        who = s.game.pending.player
        await pilot.press("r")
        await settle(pilot)
        assert s.game.history[-1] == Action(A.A_ROLL, who)
        assert "u" not in shown_keys(app)
        assert not s.can_undo()


async def test_no_u_for_a_computers_decision() -> None:
    s = human_and_computer()
    d = deed_id(s, "Boardwalk")
    at_buy(s, 0, d)
    async with started(s) as (app, pilot):
        await pilot.press("b")
        await settle(pilot)
        assert "u" in shown_keys(app)
        await pilot.press("e")  # the computer plays its turn: the turn passed
        for _ in range(20):
            await settle(pilot)
            if s.game.pending.player == 0 and on_top(app) == "GameScreen":
                break
        assert "u" not in shown_keys(app)


async def test_a_trade_answer_then_u_asks_again() -> None:
    """Bob offers Ann a deal in her turn; Ann accepts by mistake and takes it back."""
    s = two_humans()
    bw = deed_id(s, "Boardwalk")
    st = s.game.st
    st.current = 0
    st.owner[bw] = 1
    async with started(s) as (app, pilot):
        screen: Any = app.screen
        screen.play(Action(A.A_PROPOSE, 1, trade=TradeOffer(1, 0, give_deeds=(bw,),
                                                           take_cash=100)))
        await settle(pilot)
        assert on_top(app) == "TradeReview"
        assert "u" not in shown_keys(app)  # Bob's offer is not Ann's to take back
        await pilot.press("A")
        await settle(pilot)
        assert s.game.st.owner[bw] == 0 and on_top(app) == "GameScreen"
        await pilot.press("u")
        await settle(pilot)
        assert on_top(app) == "TradeReview"
        assert s.game.st.owner[bw] == 1
        assert s.log[-1].startswith("↶ Ann takes back:")


async def test_a_ring_meeting_mid_move_then_u_in_the_next_dialog() -> None:
    """Frodo (Ann) passes Bob and offers him the Ring; the move goes on to a deed for sale. In
    the buy dialog, u takes back the offer: the meeting is asked again, Ann bears the Ring."""
    s = new_session("lotr", [("Ann", True), ("Bob", True), ("Cy", True)])
    st = s.game.st
    st.current = 0
    state_of(st).bearer = 0
    state_of(st).space = -1
    for p in st.players:
        p.position = 0
    st.players[1].position = 3
    values = s.spec.dice.values
    s.game.dice_source = ScriptedFaces([values.index(2), values.index(3)])
    async with started(s) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert on_top(app) == "RingScreen"
        assert "u" not in shown_keys(app)  # the roll
        meeting = encode_state(s.game.st)
        await pilot.press("o")
        await settle(pilot)
        assert state_of(s.game.st).bearer == 1
        assert on_top(app) == "BuyScreen" and st.players[0].position != 3
        assert "u" in shown_keys(app)
        await pilot.press("u")
        await settle(pilot)
        assert on_top(app) == "RingScreen"
        assert state_of(s.game.st).bearer == 0 and s.game.st.players[0].position == 3
        assert encode_state(s.game.st) == meeting
        assert "u" not in shown_keys(app)
