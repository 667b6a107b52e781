"""The charts: the in-game statistics view (key g and the palette) and the results screen's
charts, driven like a player (their SVG snapshot is in test_ui_snapshots.py)."""

from __future__ import annotations

from typing import Any

from driver import new_session, settle, shown_keys, started

from monopoly_tui.engine import actions as A
from monopoly_tui.stats import game_stats
from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.charts import StatsPanel, StatsScreen
from monopoly_tui.ui.demo import play_plain
from monopoly_tui.ui.game import GameScreen
from monopoly_tui.ui.results import ResultsScreen
from monopoly_tui.ui.session import FirstLegalBot, Session

SIZE = (160, 50)


def _midgame() -> Session:
    """A real game (no state set by hand) some way in, a human about to roll."""
    s = new_session("classic", [("Ann", True), ("Bob", False), ("Cy", False), ("Di", False)],
                    seed=5)
    play_plain(s, 500)
    return s


def _finished() -> Session:
    s = new_session("nfl", [("Ann", True), ("Bob", False), ("Cy", False)], seed=6,
                    house_rules={"turn_limit": 12})
    play_plain(s, 100_000, stop_at_human_roll=False)
    assert s.game.over
    return s


def _panel_text(app: MonopolyApp) -> str:
    import io

    from rich.console import Console

    panel = app.screen.query_one(StatsPanel)
    console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
    console.print(panel.query_one("#charts").content)  # type: ignore[attr-defined]
    return console.export_text()


async def test_g_opens_the_statistics_so_far_and_escape_goes_back() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", False)], seed=5)
    play_plain(s, 300)
    async with started(s) as (app, pilot):
        assert isinstance(app.screen, GameScreen)
        assert "g" in shown_keys(app)
        pending = (s.pending.kind, s.pending.player, s.game.st.decisions)
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        text = _panel_text(app)
        assert f"Statistics so far · Classic · round {s.game.st.rounds + 1}" in text
        for part in ("Landing heat map", "Net worth", "Rent earned by colour group", "Ann",
                     "Bob", "Railroads"):
            assert part in text
        # the heat map: the board's own shape, each space's landing count
        for i in (0, 10, 39):
            tile: Any = app.screen.query_one(f"#space-{i}")
            first = tile.render().plain.splitlines()[0]  # the count heads its tile
            assert tile.heat and first.strip() == str(s.game.st.landings[i])
        assert shown_keys(app) == {"escape"}
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert (s.pending.kind, s.pending.player, s.game.st.decisions) == pending
        await pilot.press("r")  # the game goes on
        await settle(pilot)
        assert s.game.st.decisions > pending[2]


async def test_the_game_waits_while_the_statistics_are_open(monkeypatch: Any) -> None:
    """A computer to move does not move while the statistics are open; it does after."""
    from monopoly_tui.ui import session as session_module

    monkeypatch.setitem(session_module.PACES, "slow", 3600.0)  # its timer never fires here
    s = new_session("classic", [("Ann", True), ("Bob", False)], seed=5)
    play_plain(s, 300)
    s.play(A.Action(A.A_ROLL, s.pending.player))
    while s.is_human(s.pending.player):  # on to the computer's turn
        s.play(FirstLegalBot().choose(s.game, s.pending.player))
    s.pace = "slow"
    app = MonopolyApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(s, first=False)
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        before = s.game.st.decisions
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        game._bot_steps()  # what the computer's timer does when it fires
        await settle(pilot)
        assert s.game.st.decisions == before
        await pilot.press("escape")
        await settle(pilot)
        game._bot_steps()
        await settle(pilot)
        assert s.game.st.decisions > before


async def test_the_palette_offers_the_statistics() -> None:
    s = _midgame()
    async with started(s) as (app, pilot):
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        assert "Statistics" in commands
        commands["Statistics"].callback()
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
    async with MonopolyApp().run_test() as pilot:  # no game: no statistics
        await settle(pilot)
        assert "Statistics" not in {c.title for c in pilot.app.get_system_commands(
            pilot.app.screen)}


async def test_the_results_show_how_the_game_went() -> None:
    s = _finished()
    async with started(s) as (app, pilot):
        await settle(pilot, 5)
        assert isinstance(app.screen, ResultsScreen)
        text = _panel_text(app)
        assert "How the game went · NFL Collector's Edition · 12 rounds" in text
        stats = game_stats(s.game)
        for p, pl in enumerate(s.game.st.players):
            assert pl.name in text
            if not pl.bankrupt:
                assert s.spec.vocab.money(stats.worth[-1].worth[p]) in text
        for g in s.spec.groups:
            assert g.name in text
        assert "the end, round 12" in text  # the rounds as the results and the header count
