"""Lord of the Rings: the dice with the Eye of Sauron, and the Ring Tracker (rulebook:LOTR
'On Your Turn', 'The Eye of Sauron', 'The Ring Tracker', 'The End of the Game'; decision 5)."""

from __future__ import annotations

from helpers import act, build, cash, cashes, give, give_group, kinds, roll
from lotr_helpers import EYE, at, circle_with, lotr

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import RingSpec, ring_of, state_of

# ---------------------------------------------------------------- the dice


def test_the_eye_counts_zero_for_movement() -> None:
    """'Note: The Eye of Sauron always counts as a zero.'"""
    game = lotr(bearer=-1)
    give(game, 0, "sting")
    roll(game, (EYE, 5))
    assert game.st.players[0].position == 5


def test_each_die_has_the_eye_in_place_of_the_1() -> None:
    """Decision 5: faces Eye, 2, 3, 4, 5, 6 on both dice."""
    game = lotr()
    assert game.spec.dice.count == 2
    assert game.spec.dice.values == (0, 2, 3, 4, 5, 6)
    assert game.spec.dice.labels[0] == "Eye"


def test_two_eyes_are_doubles() -> None:
    """'Rolling two Eyes of Sauron counts as doubles, too.'"""
    game = lotr(bearer=-1)
    events = roll(game, (EYE, EYE))
    assert game.st.players[0].position == 0
    assert (game.pending.kind, game.pending.player) == (A.ROLL, 0)
    assert game.st.doubles == 1
    assert "moved" in kinds(events)


def test_a_roll_of_zero_leaves_the_token_and_resolves_nothing() -> None:
    """Two Eyes move the token 0 spaces: it lands nowhere new, so its space is not done again."""
    game = lotr(bearer=-1)
    at(game, 0, 4)  # the Ringwraith
    landings = list(game.st.landings)
    roll(game, (EYE, EYE))
    assert game.st.players[0].cash == 30
    assert game.st.landings == landings


def test_three_doubles_send_a_player_without_the_ring_to_jail() -> None:
    """'If you roll doubles 3 times in a row, you must immediately go to Jail!'"""
    game = lotr(bearer=-1)
    roll(game, (2, 2))  # the Ringwraith: M2
    roll(game, (3, 3))  # Just Visiting
    roll(game, (4, 4))
    assert game.st.players[0].in_jail
    assert game.pending.kind == A.END_TURN


def test_the_ring_bearer_is_safe_on_a_third_doubles_and_takes_that_turn_only() -> None:
    """'(If you have the Ring, you're safe and can take your third turn.)' Our reading: the
    third move is made and the turn then ends."""
    game = lotr(bearer=0)
    give(game, 0, "argonath")
    roll(game, (2, 2))
    roll(game, (3, 3))
    events = roll(game, (4, 4))
    assert not game.st.players[0].in_jail
    assert game.st.players[0].position == 18
    assert "ring_spared" in kinds(events)
    assert game.pending.kind == A.END_TURN


# ---------------------------------------------------------------- the tracker


def test_the_tracker_moves_one_circle_before_the_bearer_rolls() -> None:
    """'If you have the Ring, move the Ring Tracker one circle closer to Mount Doom. Then roll
    both dice.'"""
    game = lotr(bearer=0)
    events = roll(game, (2, 3))
    assert state_of(game.st).circle == 1
    k = kinds(events)
    assert k.index("ring_tracker") < k.index("rolled")


def test_the_tracker_stays_when_a_player_without_the_ring_rolls() -> None:
    game = lotr(bearer=1, circle=2)
    roll(game, (2, 3))
    assert state_of(game.st).circle == 2


def test_the_tracker_moves_on_each_turn_of_a_doubles_run() -> None:
    """Doubles: 'Roll the dice again, and take another turn' - and each turn starts with the
    tracker."""
    game = lotr(bearer=0)
    give(game, 0, "caradhras")
    roll(game, (2, 2))
    roll(game, (3, 4))
    assert state_of(game.st).circle == 2


def test_go_pays_m4_to_the_bearer_on_the_marked_circles() -> None:
    """'If the Tracker reaches any of these circles while you have the Ring, and you pass or land
    on GO, collect M4 instead of M2!'"""
    game = lotr(bearer=0)
    marked = circle_with(game, go_salary=4)
    state_of(game.st).circle = marked - 1  # the turn's first step moves it onto the marked circle
    give(game, 0, "bywater")
    at(game, 1, 20)
    at(game, 2, 20)
    at(game, 0, 38)
    roll(game, (2, 3))
    assert game.pending.kind == A.END_TURN
    assert game.st.players[0].cash == 34


def test_go_pays_m2_to_the_bearer_before_the_marked_circles() -> None:
    game = lotr(bearer=0)
    assert not ring_of(game.spec) or not ring_of(game.spec).track[1].go_salary
    give(game, 0, "bywater")
    at(game, 1, 20)
    at(game, 2, 20)
    at(game, 0, 38)
    roll(game, (2, 3))
    assert game.pending.kind == A.END_TURN
    assert game.st.players[0].cash == 32


def test_go_pays_m2_to_a_player_without_the_ring_whatever_the_tracker() -> None:
    game = lotr(bearer=1)
    state_of(game.st).circle = circle_with(game, go_salary=4)
    give(game, 0, "bywater")
    at(game, 1, 20)
    at(game, 2, 20)
    at(game, 0, 38)
    roll(game, (2, 3))
    assert game.pending.kind == A.END_TURN
    assert game.st.players[0].cash == 32


def _ring(game: Game) -> RingSpec:
    assert ring_of(game.spec) is not None
    return ring_of(game.spec)


def test_the_m16_circle_is_the_first_with_double_rent() -> None:
    """'If you reach the M16 circle, you can also charge double rent' - from there on."""
    game = lotr()
    track = _ring(game).track
    m16 = circle_with(game, penalty=16)
    assert track[m16].double_rent
    assert not any(c.double_rent for c in track[:m16])
    assert all(c.double_rent for c in track[m16:])


def test_the_bearer_charges_double_rent_from_the_m16_circle() -> None:
    game = lotr(bearer=1)
    state_of(game.st).circle = circle_with(game, penalty=16)
    give(game, 1, "sting")
    events = roll(game, (2, 3))
    assert cashes(game)[:2] == [28, 32]
    assert "ring_double_rent" in kinds(events)


def test_double_rent_is_4x_the_rent_for_colour_sets() -> None:
    """'...double rent - that's 4x the rent for color sets!'"""
    game = lotr(bearer=1)
    state_of(game.st).circle = circle_with(game, penalty=16)
    give_group(game, 1, "eriador")
    roll(game, (2, 4))  # Buckleberry Ferry: rent 1, set 2, doubled 4
    assert cashes(game)[:2] == [26, 34]


def test_no_double_rent_before_the_m16_circle() -> None:
    game = lotr(bearer=1, circle=1)
    give(game, 1, "sting")
    roll(game, (2, 3))
    assert cashes(game)[:2] == [29, 31]


# ---------------------------------------------------------------- Mount Doom


def test_mount_doom_pays_the_bearer_m15_and_ends_the_game() -> None:
    """'If the Tracker reaches Mount Doom while you have the Ring, collect M15! Then the game
    ends.'"""
    game = lotr(bearer=0)
    state_of(game.st).circle = len(_ring(game).track) - 1
    events = roll(game)
    assert game.over
    assert game.st.end_reason == "mount_doom"
    assert "rolled" not in kinds(events)
    assert cashes(game) == [45, 30, 30]
    assert game.st.winner == 0
    assert game.pending.kind == A.GAME_OVER


def test_at_mount_doom_every_player_collects_rent_for_each_property() -> None:
    """'All players collect rent from the Bank for each of their properties: double for a color
    set, rent for Outposts, rent for a Fortress.' Mortgaged deeds pay nothing."""
    game = lotr(bearer=0)
    state_of(game.st).circle = len(_ring(game).track) - 1
    give(game, 0, "sting", "glamdring")  # two Weapons: M2 each
    give_group(game, 1, "misty-mountains")  # one Outpost on each: 5 + 5 + 6
    for d in ("caradhras", "west-gate", "khazad-dum"):
        build(game, d, 1)
    give(game, 2, "bag-end", "shard-hilt")  # rent 1; one Shard: one die rolled
    give(game, 2, "weathertop", mortgaged=True)
    events = roll(game, (5,))
    payouts = [(e.player, e.amount) for e in events if e.kind == "ring_payout"]
    assert sorted(payouts) == sorted([(0, 2), (0, 2), (1, 5), (1, 5), (1, 6), (2, 1), (2, 5)])
    assert cashes(game) == [30 + 15 + 4, 30 + 16, 30 + 6]
    assert game.st.ranking == [0, 1, 2]


def test_at_mount_doom_the_most_money_wins_even_without_the_ring() -> None:
    """'Now count up your money. The player with the most wins!'"""
    game = lotr(bearer=0)
    state_of(game.st).circle = len(_ring(game).track) - 1
    give_group(game, 2, "mordor")
    build(game, "black-gate", 5)
    build(game, "barad-dur", 5)
    roll(game)
    assert cashes(game) == [45, 30, 30 + 27 + 30]
    assert game.st.winner == 2
    assert game.st.ranking == [2, 0, 1]


def test_the_game_also_ends_when_one_player_is_left() -> None:
    """'The game ends immediately when there is only one player left.'"""
    game = lotr(2, bearer=1)
    give_group(game, 1, "mordor")
    build(game, "black-gate", 5)
    cash(game, 10, 30)
    at(game, 0, 32)
    roll(game, (2, 3))  # The Black Gate with a Fortress: M27
    assert game.pending.kind == A.DEBT
    act(game, A.A_BANKRUPT)
    assert game.over
    assert (game.st.end_reason, game.st.winner) == ("last_standing", 1)


def test_at_mount_doom_a_tie_in_money_goes_to_the_higher_total_worth() -> None:
    """The rulebook names no tie-break; ours: total worth (deeds, buildings), then seat."""
    game = lotr(bearer=0, end_reward=0, end_payout=False)
    state_of(game.st).circle = len(_ring(game).track) - 1
    give(game, 2, "bag-end")
    roll(game)
    assert cashes(game) == [30, 30, 30]
    assert game.st.ranking == [2, 0, 1]
