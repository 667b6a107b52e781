"""The save follows an undo (issue 16).

A save's log is the decisions that make the saved game: replayed from the options they give
its state. A decision taken back is not one of them (the game is as if it had never been
made), so after an undo the autosave holds the shorter log, and the state before the decision;
loading it, or replaying its log, gives that game."""

from __future__ import annotations

from pathlib import Path

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.snapshot import encode_state
from monopoly_tui.rules import load_spec
from monopoly_tui.saves import autosave, load_save, new_meta, read_save


def _at_a_purchase() -> Game:
    """A two-player classic game whose first roll lands on a deed for sale (the first seed
    that does: the dice are the game's own, so a replay of the log rolls them again)."""
    spec = load_spec("classic")
    for seed in range(200):
        game = Game.new(spec, [("Ann", spec.tokens[0]), ("Bob", spec.tokens[1])], seed=seed)
        p = game.pending.player
        game.act(Action(A.A_ROLL, p))
        if game.pending.kind == A.BUY and game.pending.player == p and not game.st.again:
            game.keep_undo()
            return game
    raise AssertionError("no seed lands on a deed")


def test_after_an_undo_the_autosave_holds_the_game_before_the_decision(tmp_path: Path) -> None:
    game = _at_a_purchase()
    p = game.pending.player
    deed = game.pending.context["deed"]
    meta = new_meta(game, saves_dir=tmp_path)
    autosave(game, meta)
    before = encode_state(game.st)
    game.act(Action(A.A_BUY, p))
    game.act(Action(A.A_MORTGAGE, p, deed))
    path = autosave(game, meta)
    assert len(read_save(path).log) == 3
    game.undo()
    game.undo()
    path = autosave(game, meta)
    save = read_save(path)
    assert len(save.log) == save.decisions == 1
    loaded = load_save(path, verify=True)  # verify: the log replayed gives the snapshot
    assert encode_state(loaded.game.st) == before == encode_state(game.st)
    assert loaded.game.history == game.history
    assert loaded.game.pending.kind == A.BUY


def test_a_game_goes_on_differently_after_an_undo_and_its_save_follows(tmp_path: Path) -> None:
    game = _at_a_purchase()
    p = game.pending.player
    meta = new_meta(game, saves_dir=tmp_path)
    game.act(Action(A.A_BUY, p))
    autosave(game, meta)
    game.undo()
    autosave(game, meta)
    game.act(Action(A.A_AUCTION, p))  # the other way: an auction instead
    while game.pending.kind == A.AUCTION:
        game.act(Action(A.A_DROP, game.pending.player))
    path = autosave(game, meta)
    loaded = load_save(path, verify=True)
    assert [a.kind for a in loaded.game.history][:2] == [A.A_ROLL, A.A_AUCTION]
    assert encode_state(loaded.game.st) == encode_state(game.st)
