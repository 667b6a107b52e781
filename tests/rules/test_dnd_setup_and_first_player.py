"""Dungeons & Dragons: Honor Among Thieves, "SET IT UP!", "Who goes first?" and "On your
turn" (rulebook:DND), with the black die scripted through the dice seam."""

from __future__ import annotations

from dnd_helpers import NAMES, TOKENS, dnd_spec, script, secure_for

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.dice import ScriptedFaces
from monopoly_tui.engine.game import Game


def new_game(n: int, *first_rolls: int) -> Game:
    """A new game whose first rolls (the black die, 1-6) are scripted."""
    dice = ScriptedFaces([v - 1 for v in first_rolls])
    return Game.new(dnd_spec(), list(zip(NAMES[:n], TOKENS[:n], strict=True)), dice=dice)


def test_the_highest_black_die_roll_goes_first() -> None:
    """'Each player rolls the black die. The highest roller starts, and play moves to the
    left.'"""
    game = new_game(3, 2, 5, 3)
    rolls = [(e.player, e.dice, e.amount) for e in game.last_events if e.kind == "first_roll"]
    assert rolls == [(0, (1,), 2), (1, (4,), 5), (2, (2,), 3)]  # one die each
    assert game.st.first_player == game.st.current == 1
    assert game.pending.kind == A.ROLL and game.pending.player == 1


def test_a_tie_for_the_highest_roll_rolls_again() -> None:
    """Designed: those tied for the highest roll roll again, until one is highest."""
    game = new_game(3, 5, 5, 2, 1, 4)
    rolls = [(e.player, e.amount) for e in game.last_events if e.kind == "first_roll"]
    assert rolls == [(0, 5), (1, 5), (2, 2), (0, 1), (1, 4)]
    assert game.st.first_player == 1


def test_a_turn_rolls_the_black_die_and_moves_that_many_spaces() -> None:
    """'1. Roll the black die. 2. Move your token clockwise that number of spaces.'"""
    game = new_game(2, 6, 1)
    secure_for(game, 0, "daggerford")
    script(game, 2)
    events = game.act(Action(A.A_ROLL, 0))
    rolled = next(e for e in events if e.kind == "rolled")
    assert rolled.dice == (1,) and rolled.amount == 2
    assert game.st.players[0].position == 2


def test_there_are_no_doubles_and_no_second_roll() -> None:
    """'4. Your turn ends.': one die, so no doubles and no roll again."""
    game = new_game(2, 6, 1)
    secure_for(game, 0, "daggerford")
    script(game, 2)
    game.act(Action(A.A_ROLL, 0))
    assert not game.st.again and game.pending.kind == A.END_TURN
    assert game.spec.dice.count == 1 and not game.spec.dice.doubles
