"""Setting up a position for a rule test (issue 31): dice scripted by the values they print,
a game started by a given seat without the roll for it, a short game not dealt, and a copy
that rolls the same scripted dice."""

from __future__ import annotations

import pytest

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.dice import ScriptedDice
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import state_of
from monopoly_tui.rules import load_spec


def test_scripted_dice_show_values_as_printed_in_lord_of_the_rings() -> None:
    """The die's face showing 2 is rolled by scripting 2, whatever its index."""
    spec = load_spec("lotr")
    game = Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(3)], seed=1,
                    first_player=0, dice=ScriptedDice([2, 5]))
    game.act(Action(A.A_ROLL, 0))
    assert game.total(game.st.last_roll) == 7
    assert game.st.players[0].position == 7


def test_a_value_not_on_the_die_is_refused_clearly() -> None:
    spec = load_spec("classic")
    game = Game.new(spec, [("A", spec.tokens[0]), ("B", spec.tokens[1])], seed=1,
                    first_player=0, dice=ScriptedDice([7, 1]))
    with pytest.raises(ValueError, match="a scripted 7 is not on the die rolled"):
        game.act(Action(A.A_ROLL, 0))


def test_a_given_first_player_starts_without_the_roll_and_takes_the_ring() -> None:
    """The script is kept for the game's own rolls, not spent on the first-player roll; in
    Lord of the Rings the starter still takes the Ring."""
    spec = load_spec("lotr")
    game = Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(3)], seed=1,
                    first_player=2, dice=ScriptedDice([3, 4]))
    assert game.st.current == game.st.first_player == 2
    assert state_of(game.st).bearer == 2
    assert not any(e.kind == "first_roll" for e in game.last_events)
    game.act(Action(A.A_ROLL, 2))
    assert game.st.players[2].position == 7


def test_no_such_first_player_is_refused() -> None:
    spec = load_spec("classic")
    with pytest.raises(ValueError, match="no seat 5 to start"):
        Game.new(spec, [("A", spec.tokens[0]), ("B", spec.tokens[1])], first_player=5)


def test_a_short_game_deals_only_when_asked() -> None:
    spec = load_spec("got")  # its speed play deals three deeds each
    variant = next(v.id for v in spec.variants if dict(v.overrides).get("deal_deeds"))
    players = [("A", spec.tokens[0]), ("B", spec.tokens[1])]
    dealt = Game.new(spec, players, seed=1, variant=variant)
    assert any(o >= 0 for o in dealt.st.owner)
    bare = Game.new(spec, players, seed=1, variant=variant, deal=False)
    assert all(o < 0 for o in bare.st.owner)


def test_a_copy_rolls_the_same_scripted_dice_and_leaves_the_script_alone() -> None:
    spec = load_spec("classic")
    game = Game.new(spec, [("A", spec.tokens[0]), ("B", spec.tokens[1])], seed=1,
                    first_player=0, dice=ScriptedDice([6, 2]))
    trial = game.copy()
    trial.act(Action(A.A_ROLL, 0))
    assert trial.st.players[0].position == 8
    game.act(Action(A.A_ROLL, 0))  # the original's script was not spent by the copy
    assert game.st.players[0].position == 8
