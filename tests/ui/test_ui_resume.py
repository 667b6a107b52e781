"""`monopoly-tui resume` opens the app straight on the saved game, at the same decision."""

from __future__ import annotations

from pathlib import Path

from driver import settle

from monopoly_tui.engine.game import Game
from monopoly_tui.rules import load_spec
from monopoly_tui.saves import load_save, save_game
from monopoly_tui.ui import saves_port
from monopoly_tui.ui.app import MonopolyApp


async def test_resume_opens_the_game_screen_at_the_saved_decision(tmp_path: Path) -> None:
    spec = load_spec("classic")
    game = Game.new(spec, [("Ann", spec.tokens[0]), ("Bob", spec.tokens[1])], seed=4)
    while len(game.history) < 12 and not game.over:
        game.act(game.pending.choices[0])
    save_game(game, "mid-game", saves_dir=tmp_path)  # a bookmark in tmp_path's journal
    loaded = load_save("mid-game", tmp_path)
    session = saves_port.session_from(loaded)
    app = MonopolyApp(pace="instant", session=session)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        names = [type(s).__name__ for s in app.screen_stack]
        assert "GameScreen" in names
        assert "FirstPlayerScreen" not in names
        assert session.game.history == game.history
        assert session.pending.kind == game.pending.kind
        assert any(line.startswith("Resumed") for line in session.log)
