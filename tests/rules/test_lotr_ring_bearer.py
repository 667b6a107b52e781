"""Lord of the Rings: while you have the Ring, and rolling the Eye of Sauron (rulebook:LOTR
'While You Have the Ring', 'Rolling the Eye of Sauron', 'Quest', 'Ringwraith and Gollum',
'Go to Jail', 'Do You Owe the Bank?')."""

from __future__ import annotations

from helpers import act, card_on_top, cash, cashes, give, kinds, roll
from lotr_helpers import EYE, at, lotr

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import ring_of, state_of
from monopoly_tui.engine.spec import GO_TO_JAIL_CARD, PAY

# ---------------------------------------------------------------- While You Have the Ring


def test_ring_bearer_pays_no_rent() -> None:
    """'You won't have to pay rent if you land on another player's property.'"""
    game = lotr(bearer=0)
    give(game, 1, "sting")
    events = roll(game, (2, 3))
    assert cashes(game) == [30, 30, 30]
    spared = next(e for e in events if e.kind == "ring_spared")
    assert (spared.text, spared.other) == ("rent", 1)


def test_ring_bearer_rolls_nothing_for_a_shard_rent() -> None:
    game = lotr(bearer=0)
    give(game, 1, "shard-hilt")
    at(game, 0, 7)
    events = roll(game, (2, 3))
    assert "rent_roll" not in kinds(events)
    assert cashes(game) == [30, 30, 30]


def test_ring_bearer_pays_nothing_on_the_ringwraith() -> None:
    """'You won't have to pay the Bank if you land on the Ringwraith or Gollum spaces.'"""
    game = lotr(bearer=0)
    at(game, 1, 20)
    at(game, 2, 20)
    at(game, 0, 36)
    roll(game, (2, 6))  # GO (+M2), then the Ringwraith
    assert game.st.players[0].position == 4
    assert cashes(game)[0] == 32


def test_ring_bearer_pays_nothing_on_gollum() -> None:
    game = lotr(bearer=0)
    at(game, 0, 33)
    roll(game, (2, 3))
    assert game.st.players[0].position == 38
    assert cashes(game)[0] == 30


def test_ring_bearer_stays_put_on_go_to_jail_and_the_turn_ends() -> None:
    """'If you have the Ring, stay on the Go to Jail space, and end your turn.'"""
    game = lotr(bearer=0)
    at(game, 0, 26)
    roll(game, (2, 2))  # doubles, but the turn ends
    pl = game.st.players[0]
    assert (pl.position, pl.in_jail) == (30, False)
    assert game.pending.kind == A.END_TURN
    assert state_of(game.st).bearer == 0


def test_quest_cards_still_apply_to_the_bearer() -> None:
    """'You will still have to do what it says on Quest cards.'"""
    game = lotr(bearer=0)
    card_on_top(game, "quest", PAY, amount=2)
    roll(game, (2, 5))  # Quest
    assert cashes(game)[0] == 28


def test_a_quest_card_to_jail_drops_the_ring_on_the_quest_space() -> None:
    """'If you have to go to Jail, drop the Ring on the Quest space, move the Ring Tracker back
    to the Start circle, and move your token to the In Jail space.'"""
    game = lotr(bearer=0, circle=3)
    card_on_top(game, "quest", GO_TO_JAIL_CARD)
    roll(game, (2, 5))
    pl = game.st.players[0]
    assert pl.in_jail and pl.position == game.spec.jail_space
    assert _ring(game) == (-1, 7, 0)


# ---------------------------------------------------------------- Rolling the Eye of Sauron


def test_an_eye_rolled_by_the_bearer_drops_the_ring_and_costs_the_circles_amount() -> None:
    """'If you roll the Eye of Sauron on either die while you have the Ring, you must drop the
    Ring where your token landed and pay the Bank the amount shown on the current Ring Tracker
    circle. Then move the Tracker back to Start.'"""
    game = lotr(bearer=0, circle=3)
    assert ring_of(game.spec) is not None
    penalty = ring_of(game.spec).track[4].penalty  # the turn's first step moved it to circle 4
    give(game, 0, "sting")
    events = roll(game, (EYE, 5))
    assert cashes(game)[0] == 30 - penalty
    assert _ring(game) == (-1, 5, 0)
    dropped = next(e for e in events if e.kind == "ring_dropped")
    assert (dropped.text, dropped.space) == ("eye", 5)


def test_the_eye_is_checked_after_the_space_is_resolved() -> None:
    """Step 3: carry out the space, then 'Did you roll the Eye?'. The bearer still lands as the
    bearer: no rent there."""
    game = lotr(bearer=0, circle=3)
    give(game, 1, "sting")
    events = roll(game, (5, EYE))
    assert cashes(game)[1] == 30
    k = kinds(events)
    assert k.index("ring_spared") < k.index("ring_dropped")


def test_an_eye_rolled_without_the_ring_does_nothing() -> None:
    """'If you do not have the Ring, nothing happens.'"""
    game = lotr(bearer=1, circle=3)
    give(game, 0, "sting")
    roll(game, (EYE, 5))
    assert cashes(game) == [30, 30, 30]
    assert (state_of(game.st).bearer, state_of(game.st).circle) == (1, 3)


def test_the_eye_penalty_beyond_the_bearers_cash_is_a_debt() -> None:
    game = lotr(bearer=0, circle=3)
    cash(game, 1, 30, 30)
    give(game, 0, "sting")
    roll(game, (EYE, 5))
    assert (game.pending.kind, game.pending.player) == (A.DEBT, 0)
    assert game.pending.context["reason"] == "ring_penalty"
    assert state_of(game.st).space == 5


def test_two_eyes_drop_the_ring_where_the_token_stands_then_roll_again() -> None:
    game = lotr(bearer=0, circle=3)
    give(game, 0, "sting", "bywater")
    at(game, 0, 3)
    roll(game, (EYE, EYE))
    assert (state_of(game.st).bearer, state_of(game.st).space) == (-1, 3)
    assert game.pending.kind == A.ROLL
    roll(game, (2, EYE))  # from the Ring's own space: it is not passed again
    assert (state_of(game.st).bearer, state_of(game.st).space) == (-1, 3)
    assert game.st.players[0].position == 5


def test_a_bankrupt_bearer_drops_the_ring() -> None:
    """Bankrupt and out of the game: the Ring stays on the board where the token was."""
    game = lotr(bearer=0, circle=3)
    cash(game, 0, 30, 30)
    card_on_top(game, "quest", PAY, amount=2)
    roll(game, (2, 5))
    act(game, A.A_BANKRUPT)
    assert game.st.players[0].bankrupt
    assert _ring(game) == (-1, 7, 0)
    assert not game.over


def _ring(game: Game) -> tuple[int, int, int]:
    """(bearer, the space where the Ring lies, the tracker's circle)."""
    rs = state_of(game.st)
    return rs.bearer, rs.space, rs.circle
