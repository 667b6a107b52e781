"""The save follows an undo (issues 16 and 26).

A game's log is the decisions that make it: replayed from the setup they give its state. A
decision taken back is not one of them (the game is as if it had never been made), so after an
undo the journal holds the shorter log and the state before the decision; opening the game, or
replaying its log, gives that game. A named save made before the undo keeps its own play."""

from __future__ import annotations

from pathlib import Path

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.snapshot import encode_state
from monopoly_tui.rules import load_spec
from monopoly_tui.saves import autosave, list_saves, load_save, new_meta, release, save_game
from monopoly_tui.saves.store import autosave_name


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


def _decisions(folder: Path, name: str) -> int:
    return next(e.decisions for e in list_saves(folder) if e.name == name)


def test_after_an_undo_the_autosave_holds_the_game_before_the_decision(tmp_path: Path) -> None:
    game = _at_a_purchase()
    p = game.pending.player
    deed = game.pending.context["deed"]
    meta = new_meta(game, saves_dir=tmp_path)
    autosave(game, meta)
    before = encode_state(game.st)
    game.act(Action(A.A_BUY, p))
    game.act(Action(A.A_MORTGAGE, p, deed))
    autosave(game, meta)
    name = autosave_name(game, meta)
    assert _decisions(tmp_path, name) == 3
    game.undo()
    game.undo()
    autosave(game, meta)
    assert _decisions(tmp_path, name) == 1
    release(meta)
    loaded = load_save(name, tmp_path, verify=True)  # verify: the log replayed gives the state
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
    autosave(game, meta)
    release(meta)
    loaded = load_save(autosave_name(game, meta), tmp_path, verify=True)
    assert [a.kind for a in loaded.game.history][:2] == [A.A_ROLL, A.A_AUCTION]
    assert encode_state(loaded.game.st) == encode_state(game.st)


def test_undo_after_a_named_save_then_quit_resumes_the_latest_play(tmp_path: Path) -> None:
    """Issue 26's first loss: save under a name, play on, undo a decision or two, play on,
    quit. Resume opens the game as it was last played (the undone decisions stay undone, the
    moves after the undo are there), and the named save still opens where it was made."""
    game = _at_a_purchase()
    p = game.pending.player
    deed = game.pending.context["deed"]
    meta = new_meta(game, saves_dir=tmp_path)
    game.act(Action(A.A_BUY, p))
    autosave(game, meta)
    save_game(game, "friday", meta)
    friday = encode_state(game.st)
    game.act(Action(A.A_MORTGAGE, p, deed))
    autosave(game, meta)
    game.act(Action(A.A_UNMORTGAGE, p, deed))
    autosave(game, meta)
    game.undo()  # the lift of the mortgage, taken back
    autosave(game, meta)
    game.act(Action(A.A_END_TURN, p))  # and the turn goes on differently
    autosave(game, meta)
    latest = encode_state(game.st)
    release(meta)  # quit
    resumed = load_save(autosave_name(game, meta), tmp_path)
    assert encode_state(resumed.game.st) == latest and resumed.game.history == game.history
    assert [a.kind for a in resumed.game.history][-2:] == [A.A_MORTGAGE, A.A_END_TURN]
    release(resumed.meta)
    assert encode_state(load_save("friday", tmp_path).game.st) == friday
