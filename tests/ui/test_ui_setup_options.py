"""Setup: the time-limit game's rounds are the players' choice, and the rules a rulebook prints
as the owner's to ask for (rent) can be chosen as printed; in the game the owner then sees the
`c` key."""

from __future__ import annotations

from typing import Any

from driver import settle, shown_keys, text_of
from test_ui_flows import ready
from textual.widgets import Checkbox, Input, OptionList, RadioButton, RadioSet

from monopoly_tui.engine import actions as A
from monopoly_tui.ui.app import MonopolyApp


async def _rules_step(pilot: Any, app: MonopolyApp, edition: str) -> Any:
    await ready(pilot)
    await pilot.press("n")
    await settle(pilot)
    scr: Any = app.screen
    editions = scr.query_one("#editions", OptionList)
    editions.highlighted = next(i for i in range(editions.option_count)
                                if editions.get_option_at_index(i).id == edition)
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    assert scr.step == "rules"
    return scr


def _press_variant(scr: Any, name: str) -> None:
    radio = scr.query_one("#variants", RadioSet)
    button = next(b for b in radio.query(RadioButton) if name in str(b.label))
    button.value = True


async def _start(pilot: Any, app: MonopolyApp, scr: Any) -> Any:
    await pilot.press("ctrl+n")
    await settle(pilot)
    assert scr.step == "players"
    assert not scr.problems(), scr.problems()
    await pilot.press("ctrl+s")
    await settle(pilot)
    if type(app.screen).__name__ == "FirstPlayerScreen":
        await pilot.press("enter")
        await settle(pilot, 5)
    game = app.game_screen()
    assert game is not None
    return game.session


async def test_the_time_limit_game_plays_the_rounds_typed_at_setup() -> None:
    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        scr = await _rules_step(pilot, app, "nfl")
        assert not scr.query_one("#variant-rounds").display  # the standard rules: no limit
        _press_variant(scr, "Time limit")
        await settle(pilot)
        rounds = scr.query_one("#variant-limit", Input)
        assert scr.query_one("#variant-rounds").display and rounds.value == "40"
        assert not scr.query_one("#hr-row-turn_limit").display  # no second turn limit beside
        rounds.focus()
        await pilot.press("end", "backspace", "backspace", "1", "2")
        await settle(pilot)
        assert rounds.value == "12"
        session = await _start(pilot, app, scr)
        assert session.game.options["variant"] == "time-limit"
        assert session.game.options["house_rules"] == {"turn_limit": 12}
        assert session.game.spec.rules.turn_limit == 12
        assert session.game.spec.rules.deal_deeds == 2  # still the time-limit game
        header = app.game_screen().header_info()  # type: ignore[union-attr]
        assert "round 1 of 12" in header.plain.replace("\u00a0", " ")


async def test_a_time_limit_without_rounds_is_said_and_start_waits() -> None:
    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        scr = await _rules_step(pilot, app, "nfl")
        _press_variant(scr, "Time limit")
        await settle(pilot)
        scr.query_one("#variant-limit", Input).value = ""
        await settle(pilot)
        assert "number of rounds" in text_of(app, "#problems")
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert "number of rounds" in text_of(app, "#problems")
        assert "ctrl+s" not in shown_keys(app)


async def test_owners_must_ask_is_offered_where_the_rulebook_prints_it() -> None:
    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        for edition, printed in (("classic", True), ("got", True), ("lotr", True),
                                 ("nfl", True)):
            scr = await _rules_step(pilot, app, edition)
            assert scr.query_one("#options").display is printed, edition
            boxes = list(scr.query("#options Checkbox"))
            assert [str(b.label) for b in boxes] == (
                ["Owners must ask for rent (as printed)"] if printed else [])
            await pilot.press("escape")
            await settle(pilot)
            await pilot.press("escape")
            await settle(pilot)


async def test_lotr_with_owners_must_ask_shows_c_to_the_owner() -> None:
    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        scr = await _rules_step(pilot, app, "lotr")
        scr.query_one("#opt-owners-ask", Checkbox).value = True
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        rows = scr.rows()
        from textual.widgets import Select

        rows[1].query_one(".kind", Select).value = True  # two humans at one table
        await settle(pilot)
        session = await _start(pilot, app, scr)
        game = session.game
        assert game.options["variant"] == "owners-ask"
        assert game.spec.rules.rent_collection == "owner_must_ask"
        assert "Owners must ask for rent (as printed)" in session.options_summary()
        # the other player owns every street; the mover starts where the next roll lands on one
        mover = game.pending.player
        owner = 1 - mover
        from monopoly_tui.engine.mechanics.ring import ring_state

        ring = ring_state(game.st)
        assert ring is not None
        ring.bearer = owner  # (the Ring-bearer pays no rent: the owner bears it)
        for d in game.spec.deeds:
            if d.kind == "street" and game.st.owner[d.index] < 0:
                game.st.owner[d.index] = owner
        import random

        def lands_on_rent(seed: int, start: int) -> bool:
            trial = game.copy()
            trial.st.rng = random.Random(seed)
            trial.st.players[mover].position = start
            return any(e.kind == "rent_claimable"
                       for e in trial.act(A.Action(A.A_ROLL, mover)))

        seed, start = next((k, p) for k in range(50) for p in range(game.spec.size)
                           if lands_on_rent(k, p))
        game.st.rng = random.Random(seed)
        game.st.players[mover].position = start
        await pilot.press("r")
        await settle(pilot)
        assert game.st.claims, session.log[-5:]
        assert "c" in shown_keys(app)
        owner_cash = game.st.players[owner].cash
        await pilot.press("c")
        await settle(pilot)
        assert game.st.players[owner].cash > owner_cash
        assert "c" not in shown_keys(app)


async def test_back_from_the_players_puts_the_focus_on_the_rules_first_control() -> None:
    """Esc from the players step back to the rules: the focus is on the step's first control
    (the variants), as going forward puts it; it stayed on a hidden player's field, so
    nothing looked focused until Tab."""
    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        scr = await _rules_step(pilot, app, "classic")
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert scr.step == "players"
        await pilot.press("escape")
        await settle(pilot)
        assert scr.step == "rules"
        assert app.focused is scr.query_one("#variants", RadioSet)


async def test_house_rules_are_named_in_the_editions_words_in_setup_and_in_the_game() -> None:
    """"No rent from Jail" (the log's capital, not "jail"); D&D's salary is "GO gold". The
    names change with the edition chosen, and the game's summary names them so too. D&D is
    not offered "No rent from Jail": its locations charge their tax, which the house rule does
    not touch (it would change nothing); Longest Game Ever is ("You can still collect rent
    ... while you are in Jail": the house rule changes that)."""
    from textual.widgets import Label

    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        scr = await _rules_step(pilot, app, "lge")
        assert str(scr.query_one("#hr-no_rent_in_jail", Checkbox).label) == "No rent from Jail"
        info = scr.query_one("#hr-info-no_rent_in_jail", Label)
        assert str(info.render()) == "Owners in Jail collect no rent."
    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        scr = await _rules_step(pilot, app, "dnd")
        assert str(scr.query_one("#hr-double_go", Checkbox).label) == "Double GO gold"
        assert not scr.query_one("#hr-row-no_rent_in_jail").display  # hidden, not read
        scr.query_one("#hr-double_go", Checkbox).value = True
        await settle(pilot)
        session = await _start(pilot, app, scr)
        summary = session.options_summary()
        assert "Double GO gold" in summary and "No rent from Jail" not in summary, summary
