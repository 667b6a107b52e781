"""Longest Game Ever: Components, What's Different, Setup, Game Play (rulebook:LGE)."""

from __future__ import annotations

from helpers import kinds, roll, space
from lge_helpers import lge

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.spec import COUNT_RENT, DICE_RENT, FREE_PARKING, GO, JAIL, STREET
from monopoly_tui.rules import load_spec


def test_the_board_has_96_spaces_and_66_properties_in_three_versions() -> None:
    """'The gameboard is extra long. That means there are sixty-six properties!'"""
    spec = load_spec("lge")
    assert spec.size == 96
    assert len(spec.deeds) == 22
    assert sum(1 for s in spec.spaces if s.deed >= 0) == 66
    assert all(len(d.spaces) == 3 for d in spec.deeds)
    kinds_ = [spec.deeds[s.deed].kind for s in spec.spaces if s.deed >= 0]
    assert (kinds_.count(STREET), kinds_.count(COUNT_RENT), kinds_.count(DICE_RENT)) == (48, 12, 6)


def test_every_deed_has_three_versions_named_x_x2_x3() -> None:
    """'When you own Boardwalk, you automatically own Boardwalk 2 and Boardwalk 3'."""
    spec = load_spec("lge")
    for d in spec.deeds:
        names = [spec.spaces[s].name for s in d.spaces]
        assert names == [d.name, f"{d.name} 2", f"{d.name} 3"]
    boardwalk = next(d for d in spec.deeds if d.id == "boardwalk")
    assert [spec.spaces[s].name for s in boardwalk.spaces] == ["Boardwalk", "Boardwalk 2",
                                                               "Boardwalk 3"]


def test_there_are_three_gos_three_free_parkings_and_three_jails() -> None:
    """'Maybe you'll land on Free Parking or GO. There are three of each!'"""
    spec = load_spec("lge")
    count = {k: sum(1 for s in spec.spaces if s.kind == k) for k in (GO, FREE_PARKING, JAIL)}
    assert count == {GO: 3, FREE_PARKING: 3, JAIL: 3}


def test_each_player_starts_with_1500_on_the_first_go_and_the_middle_holds_500() -> None:
    """'(Total = M1500)'; 'place one M500 bill in the middle of the board'; 'Place your chosen
    token on the first GO space.'"""
    game = lge(4)
    assert [p.cash for p in game.st.players] == [1500] * 4
    assert all(p.position == 0 for p in game.st.players)
    assert game.st.pot == 500


def test_the_highest_roll_of_the_one_die_goes_first() -> None:
    """'Whoever rolls the highest number gets to go first.'"""
    from helpers import scripted_dice

    spec = load_spec("lge")
    game = Game.new(spec, [("Ann", spec.tokens[0]), ("Bob", spec.tokens[1]),
                           ("Cid", spec.tokens[2])], dice=scripted_dice(spec, [(2,), (5,), (4,)]))
    assert game.st.current == 1


def test_a_turn_moves_by_the_one_die_and_there_are_no_doubles() -> None:
    """'Roll the one die ... Move your token clockwise that number of spaces.' 'No more
    doubles.'"""
    game = lge()
    events = roll(game, (5,))
    rolled = next(e for e in events if e.kind == "rolled")
    assert len(rolled.dice) == 1
    assert game.st.players[0].position == space(game, "oriental")
    assert not game.st.again
    assert "too_many_doubles" not in kinds(events)
    assert not load_spec("lge").dice.doubles
    # after the space is carried out the turn ends
    while game.pending.kind != A.END_TURN:
        game.act(game.pending.choices[-1])
    assert game.pending.kind == A.END_TURN
