"""Dungeons & Dragons: Honor Among Thieves, "SPECIAL ABILITIES" and the characters of "SET IT
UP!" (rulebook:DND), from hand-made states with the dice scripted. Seats: Ann plays Edgin, Bob
Holga, Cid Simon, Dee Doric, Eve Xenk."""

from __future__ import annotations

import pytest
from dnd_helpers import NAMES, TOKENS, dnd_game, dnd_spec, give_item, jail, script, space

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import cards
from monopoly_tui.engine.actions import Action, IllegalAction
from monopoly_tui.engine.describe import describe, describe_all
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.invariants import check_play
from monopoly_tui.engine.mechanics.dnd_adventures import A_ROLL_SECURE
from monopoly_tui.engine.mechanics.dnd_characters import (
    A_DRAW_ONE,
    A_DRAW_TWO,
    A_KEEP_CARD,
    A_STAY_IN,
    A_WALK_OUT,
    DRAW_HOW,
    JAIL_ESCAPE_CHOICE,
    KEEP_ONE,
    character_of,
)
from monopoly_tui.engine.mechanics.dnd_checks import items_of
from monopoly_tui.engine.snapshot import decode_state, encode_state
from monopoly_tui.engine.spec import COLLECT, GO_TO_JAIL_CARD, ITEM, PAY
from monopoly_tui.engine.state import INSOLVENT, PLAYING


def heroes(n: int = 5) -> Game:
    """A hand-made game with the characters' powers on: Ann (Edgin) to move."""
    return dnd_game(n, powers=True)


def to_move(game: Game, p: int, sid: str, steps: int = 1) -> None:
    """``p``'s turn, ``steps`` spaces before ``sid``."""
    game.st.current = p
    game.st.stage = "pre_roll"
    game.st.players[p].position = (space(game, sid) - steps) % game.spec.size


# ---------------------------------------------------------------- setup


def test_each_player_takes_a_different_character() -> None:
    """'5 Tokens, 5 Character Cards': each player takes one character, each at most once (a
    player's token is their character)."""
    game = heroes()
    chars = [character_of(game, p) for p in range(5)]
    assert [c.name for c in chars if c] == list(TOKENS)
    assert [c.power for c in chars if c] == ["jail_escape", "no_critical_fail_fee",
                                            "portal_anywhere", "draw_two_keep_one",
                                            "revive_target"]
    assert check_play(game) == []


def test_a_character_taken_twice_is_refused_with_a_clear_message() -> None:
    with pytest.raises(ValueError, match="different token"):
        Game.new(dnd_spec(), [("Ann", "Edgin"), ("Bob", "Edgin")])


def test_a_token_that_is_no_character_is_refused_saying_which() -> None:
    with pytest.raises(ValueError, match="player 2's token 'Boot' is not a character"):
        Game.new(dnd_spec(), [("Ann", "Edgin"), ("Bob", "Boot")])


def test_the_seats_characters_are_kept_in_the_save() -> None:
    game = heroes(3)
    again = Game(game.spec, decode_state(encode_state(game.st)))
    assert [character_of(again, p).name for p in range(3)] == [  # type: ignore[union-attr]
        "Edgin", "Holga", "Simon"]


# ---------------------------------------------------------------- Edgin


def test_edgin_may_leave_jail_the_moment_he_is_sent_there() -> None:
    """Edgin: 'Any time you go to Jail, you may immediately get out for free. Place your token
    on the Just Visiting section.'"""
    game = heroes(2)
    to_move(game, 0, "go-to-jail")
    script(game, 1)
    game.act(Action(A.A_ROLL, 0))
    assert game.pending.kind == JAIL_ESCAPE_CHOICE and game.pending.player == 0
    assert check_play(game) == []
    events = game.act(Action(A_WALK_OUT, 0))
    pl = game.st.players[0]
    assert not pl.in_jail and pl.position == game.spec.jail_space
    assert game.pending.kind == A.END_TURN
    assert "Ann (Edgin) walks straight out of Jail onto Just Visiting" in [
        describe(e, game) for e in events]


def test_edgin_may_choose_to_stay_in_jail() -> None:
    game = heroes(2)
    to_move(game, 0, "go-to-jail")
    script(game, 1)
    game.act(Action(A.A_ROLL, 0))
    game.act(Action(A_STAY_IN, 0))
    assert game.st.players[0].in_jail and game.pending.kind == A.END_TURN


def test_edgin_walks_out_when_a_card_sends_him_to_jail() -> None:
    game = heroes(2)
    card = next(c for c in game.spec.decks[0].cards if c.kind == GO_TO_JAIL_CARD)
    cards.CARD_EFFECTS[GO_TO_JAIL_CARD](game, 0, 0, card)
    assert game.pending.kind == JAIL_ESCAPE_CHOICE
    game.act(Action(A_WALK_OUT, 0))
    assert not game.st.players[0].in_jail


def test_edgin_walking_out_frees_nobody() -> None:
    """Designed reading 7: Edgin put on Just Visiting by his power breaks nobody out."""
    game = heroes(2)
    jail(game, 1)
    to_move(game, 0, "go-to-jail")
    script(game, 1)
    game.act(Action(A.A_ROLL, 0))
    game.act(Action(A_WALK_OUT, 0))
    assert game.st.players[1].in_jail


def test_only_edgin_may_walk_out() -> None:
    game = heroes(2)
    to_move(game, 1, "go-to-jail")
    script(game, 1)
    game.act(Action(A.A_ROLL, 1))
    assert game.st.players[1].in_jail and game.pending.kind == A.END_TURN


# ---------------------------------------------------------------- Holga


def roll_a_1_on(game: Game, p: int, sid: str) -> list:
    """``p`` lands on the unsecured ``sid`` (paying its fee) and rolls a 1 on the red die."""
    to_move(game, p, sid)
    script(game, 1, 1)
    events = game.act(Action(A.A_ROLL, p))
    return events + game.act(Action(A_ROLL_SECURE, p))


def test_holga_pays_no_critical_fail_fee() -> None:
    """Holga: 'Any time you roll a 1 with the red die, you do not have to pay the Critical
    Fail fee of 50 gold to the Bank.'"""
    game = heroes(2)
    events = roll_a_1_on(game, 1, "daggerford")
    assert game.st.players[1].cash == 300 - 10  # the Bank's fee only
    lines = describe_all(events, game)
    assert "Bob (Holga) pays no Critical Fail fee" in lines
    assert check_play(game) == []


def test_others_pay_the_critical_fail_fee() -> None:
    game = heroes(2)
    roll_a_1_on(game, 0, "daggerford")
    assert game.st.players[0].cash == 300 - 10 - 50


def test_holga_still_suffers_an_adventures_own_outcome_on_a_1() -> None:
    """Mount Hotenow's own outcome of a 1 ('Pay 20 gold more') is not the fee: Holga pays it."""
    game = heroes(2)
    roll_a_1_on(game, 1, "mount-hotenow")
    assert game.st.players[1].cash == 300 - 30 - 20


# ---------------------------------------------------------------- Doric


def doric_draws(game: Game, first_kind: str, second_kind: str) -> tuple[int, int]:
    """Dee (Doric) lands on a Magic & Mystery space; the deck's top two cards are of these
    kinds. Returns their indices."""
    order = game.st.decks[0]
    cards_ = game.spec.decks[0].cards
    a = next(i for i in order if cards_[i].kind == first_kind)
    order.remove(a)
    b = next(i for i in order if cards_[i].kind == second_kind)
    order.remove(b)
    order[:0] = [a, b]
    to_move(game, 3, "magic-1")
    script(game, 1)
    game.act(Action(A.A_ROLL, 3))
    assert game.pending.kind == DRAW_HOW  # "may take two": he chooses first
    game.act(Action(A_DRAW_TWO, 3))
    return a, b


def test_doric_may_take_two_cards_or_draw_one_as_anyone_does() -> None:
    """Doric: 'Any time you need to draw a Magic & Mystery card, you may take two cards': a
    choice, offered before either card is seen. Drawing one, the top card is carried out and
    the next stays on top."""
    game = heroes(4)
    order = game.st.decks[0]
    cards_ = game.spec.decks[0].cards
    gain = next(i for i in order if cards_[i].kind == COLLECT)
    order.remove(gain)
    order.insert(0, gain)
    second = order[1]
    to_move(game, 3, "magic-1")
    script(game, 1)
    game.act(Action(A.A_ROLL, 3))
    pend = game.pending
    assert pend.kind == DRAW_HOW and pend.player == 3
    assert [a.kind for a in pend.choices] == [A_DRAW_TWO, A_DRAW_ONE]
    cash = game.st.players[3].cash
    game.act(Action(A_DRAW_ONE, 3))
    assert game.st.players[3].cash == cash + cards_[gain].amount
    assert game.st.last_card == (0, gain) and game.st.decks[0][0] == second
    assert check_play(game) == []


def test_doric_draws_two_keeps_one_and_puts_the_other_at_the_bottom() -> None:
    """Doric: 'Any time you need to draw a Magic & Mystery card, you may take two cards.
    Choose one, and return the other to the bottom of the deck.'"""
    game = heroes(4)
    gain, loss = doric_draws(game, COLLECT, PAY)
    pend = game.pending
    assert pend.kind == KEEP_ONE and pend.player == 3
    assert [a.target for a in pend.choices] == [gain, loss]
    assert pend.context["cards"] == [gain, loss]
    assert check_play(game) == []  # the two drawn cards are counted while he chooses
    cash = game.st.players[3].cash
    amount = game.spec.decks[0].cards[gain].amount
    events = game.act(Action(A_KEEP_CARD, 3, gain))
    assert game.st.players[3].cash == cash + amount
    assert game.st.decks[0][-2:] == [loss, gain]  # the other first, then the one carried out
    assert len(game.st.decks[0]) == len(game.spec.decks[0].cards)
    assert "Dee (Doric) keeps one; the other goes to the bottom of Magic & Mystery" \
        in [describe(e, game) for e in events]
    assert check_play(game) == []


def test_doric_keeps_an_item_card_as_any_item_is_kept() -> None:
    game = heroes(4)
    loss, item = doric_draws(game, PAY, ITEM)
    game.act(Action(A_KEEP_CARD, 3, item))
    assert items_of(game, 3) == [(0, item)]
    assert game.st.decks[0][-1] == loss
    assert check_play(game) == []


def test_doric_may_keep_only_one_of_the_two_drawn() -> None:
    game = heroes(4)
    doric_draws(game, COLLECT, PAY)
    other = game.st.decks[0][0]
    with pytest.raises(IllegalAction):
        game.act(Action(A_KEEP_CARD, 3, other))


def test_doric_with_one_card_left_draws_one() -> None:
    game = heroes(4)
    order = game.st.decks[0]
    cards_ = game.spec.decks[0].cards
    last = next(i for i in order if cards_[i].kind == COLLECT)
    game.st.players[0].cards.extend((0, i) for i in order if i != last)  # (held elsewhere)
    game.st.decks[0] = [last]
    to_move(game, 3, "magic-1")
    script(game, 1)
    game.act(Action(A.A_ROLL, 3))
    assert game.pending.kind == A.END_TURN
    assert game.st.players[3].cash == 300 + cards_[last].amount


def test_others_draw_one_card() -> None:
    game = heroes(4)
    to_move(game, 0, "magic-1")
    top = game.st.decks[0][0]
    script(game, 1)
    game.act(Action(A.A_ROLL, 0))
    assert game.pending.kind not in (KEEP_ONE, DRAW_HOW) and game.st.last_card == (0, top)


# ---------------------------------------------------------------- Xenk


def close_to_death_turn(game: Game, p: int) -> None:
    pl = game.st.players[p]
    game.st.bank_net -= pl.cash
    pl.cash = 0
    pl.status = INSOLVENT
    game.st.current = p
    game.st.stage = "pre_roll"


def test_xenk_revives_on_a_4() -> None:
    """Xenk: 'you only have to roll a 4 or higher with the red die to revive yourself. Then
    collect 50 gold from the Bank.'"""
    game = heroes(5)
    close_to_death_turn(game, 4)
    script(game, 4)
    game.act(Action(A.A_ROLL, 4))
    assert game.st.players[4].status == PLAYING and game.st.players[4].cash == 50


def test_xenk_stays_close_to_death_on_a_3() -> None:
    game = heroes(5)
    close_to_death_turn(game, 4)
    script(game, 3)
    game.act(Action(A.A_ROLL, 4))
    assert game.st.players[4].status == INSOLVENT and game.st.players[4].cash == 0


def test_the_others_still_need_an_8_to_revive() -> None:
    game = heroes(5)
    close_to_death_turn(game, 0)
    script(game, 7)
    game.act(Action(A.A_ROLL, 0))
    assert game.st.players[0].status == INSOLVENT


def test_items_count_toward_xenks_revival() -> None:
    game = heroes(5)
    close_to_death_turn(game, 4)
    give_item(game, 4, add=2)
    script(game, 2)
    game.act(Action(A.A_ROLL, 4))
    game.act(game.pending.choices[0])
    assert game.st.players[4].status == PLAYING


assert NAMES[:5] == ("Ann", "Bob", "Cid", "Dee", "Eve")
