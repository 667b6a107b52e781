"""Moving, doubles and GO (rulebook:NFL 'Play', 'Doubles', 'Passing GO', 'Jail';
rulebook:GOT 'On Your Turn', 'V. Go To Jail', 'VI. Jail (Just Visiting)')."""

from __future__ import annotations

import pytest
from helpers import act, cashes, end_turn, kinds, new_game, roll

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import IllegalAction


def test_token_moves_clockwise_by_the_dice_total() -> None:
    """'Rolls both dice and moves their token clockwise the indicated number of spaces.'"""
    game = new_game()
    events = roll(game, (4, 6))
    assert game.st.players[0].position == 10
    assert kinds(events)[:2] == ["rolled", "moved"]
    assert game.pending.kind == A.END_TURN


def test_finishing_on_the_jail_corner_is_just_visiting() -> None:
    """'Landing on the Just Visiting corner space by normal movement does not put you in jail.'"""
    game = new_game()
    roll(game, (4, 6))
    assert not game.st.players[0].in_jail
    assert cashes(game) == [1500, 1500]


def test_the_dice_pass_to_the_left_after_the_turn() -> None:
    """'When you finish your move and action, pass the dice to the player on your left.'"""
    game = new_game(players=3)
    roll(game, (4, 6))
    end_turn(game)
    assert (game.pending.kind, game.pending.player) == (A.ROLL, 1)
    roll(game, (4, 6))
    end_turn(game)
    roll(game, (4, 6))
    end_turn(game)
    assert game.pending.player == 0
    assert game.st.rounds == 1


def test_doubles_move_then_roll_again() -> None:
    """'If you roll doubles, you move as usual, then take another turn.'"""
    game = new_game()
    roll(game, (5, 5))
    assert game.st.players[0].position == 10
    assert game.pending.kind == A.ROLL
    assert game.pending.player == 0
    roll(game, (4, 6))
    assert game.st.players[0].position == 20
    assert game.pending.kind == A.END_TURN


def test_cannot_end_the_turn_after_doubles() -> None:
    """After doubles the player must roll again."""
    game = new_game()
    roll(game, (5, 5))
    with pytest.raises(IllegalAction):
        act(game, A.A_END_TURN)
    assert game.st.players[0].position == 10
    assert game.pending.kind == A.ROLL


def test_third_doubles_in_a_turn_go_to_jail_without_moving() -> None:
    """'If you roll doubles three times in a row in one turn, you go directly to Jail.'"""
    game = new_game()
    roll(game, (5, 5))
    roll(game, (5, 5))
    assert game.st.players[0].position == 20
    events = roll(game, (3, 3))
    pl = game.st.players[0]
    assert pl.in_jail
    assert pl.position == game.spec.jail_space
    assert "moved" not in kinds(events)
    assert "too_many_doubles" in kinds(events)
    assert game.pending.kind == A.END_TURN
    assert cashes(game) == [1500, 1500]


def test_doubles_count_again_from_zero_each_turn() -> None:
    """Three doubles 'in a row in one turn': doubles of an earlier turn do not count."""
    game = new_game()
    roll(game, (5, 5))
    roll(game, (4, 6))  # to Free Parking
    end_turn(game)
    roll(game, (4, 6))  # Bob to Just Visiting
    end_turn(game)
    roll(game, (2, 2))  # Ann 20 -> 24 (Illinois Avenue, for sale)
    assert game.st.doubles == 1
    assert game.st.players[0].position == 24


def test_passing_go_pays_the_salary() -> None:
    """'Each time your token lands on or passes over GO, the Bank pays you $200 salary.'"""
    game = new_game()
    game.st.players[0].position = 35
    events = roll(game, (4, 6))
    assert game.st.players[0].position == 5
    assert game.st.players[0].cash == 1700
    assert "salary" in kinds(events)


def test_landing_on_go_pays_the_salary_once() -> None:
    """'...lands on or passes over GO': landing exactly on GO pays the salary (once)."""
    game = new_game()
    game.st.players[0].position = 32
    roll(game, (3, 5))
    assert game.st.players[0].position == 0
    assert game.st.players[0].cash == 1700
    assert game.pending.kind == A.END_TURN


def test_go_to_jail_space_sends_to_jail_without_salary() -> None:
    """'Go To Jail': move straight to Jail; 'You do not collect 200 for passing GO'."""
    game = new_game()
    game.st.players[0].position = 25
    roll(game, (2, 3))
    pl = game.st.players[0]
    assert pl.in_jail and pl.position == game.spec.jail_space
    assert pl.cash == 1500


def test_sent_to_jail_ends_the_turn_even_after_doubles() -> None:
    """'As soon as you are sent to Jail, your turn ends' (doubles give no further roll)."""
    game = new_game()
    game.st.players[0].position = 24
    roll(game, (3, 3))
    assert game.st.players[0].in_jail
    assert game.pending.kind == A.END_TURN
    end_turn(game)
    assert game.pending.player == 1


def test_only_the_player_to_move_may_roll() -> None:
    """Turns go in order: another player cannot roll now, and nothing changes."""
    game = new_game()
    with pytest.raises(IllegalAction):
        act(game, A.A_ROLL, player=1)
    assert [p.position for p in game.st.players] == [0, 0]
    assert game.pending.player == 0
