"""Dungeons & Dragons: Honor Among Thieves, "How do I get out of Jail?" (rulebook:DND), from
hand-made states with the black die scripted. (Option 1, another player landing on Just
Visiting, is in ``test_dnd_action_spaces.py``.)"""

from __future__ import annotations

from dnd_helpers import dnd_game, jail, script, secure_for, space

from monopoly_tui.bots.basic import BasicBot
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.describe import describe, describe_all
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.invariants import check_play
from monopoly_tui.engine.spec import GET_OUT_OF_JAIL_FREE
from monopoly_tui.engine.state import INSOLVENT


def jailed_ann(tries: int = 0, cash: int = 300) -> Game:
    """Ann in Jail at the start of her turn (``tries`` failed tries behind her); she holds
    Mount Hotenow (9) and Neverwinter (14), so landing there does nothing."""
    game = dnd_game()
    jail(game, 0, tries)
    secure_for(game, 0, "mount-hotenow", "neverwinter")
    game.st.bank_net -= 300 - cash
    game.st.players[0].cash = cash
    return game


def kinds(game: Game) -> set[str]:
    return {a.kind for a in game.pending.choices}


def test_a_prisoner_may_pay_10_then_roll_and_move() -> None:
    """'2. Pay 10 gold to the Bank at the start of your next turn, then roll and move as
    normal.'"""
    game = jailed_ann()
    assert game.pending.kind == A.JAIL and A.A_PAY_FINE in kinds(game)
    game.act(Action(A.A_PAY_FINE, 0))
    assert not game.st.players[0].in_jail and game.st.players[0].cash == 290
    assert game.pending.kind == A.ROLL
    script(game, 1)
    game.act(Action(A.A_ROLL, 0))
    assert game.st.players[0].position == space(game, "mount-hotenow")


def test_a_get_out_of_jail_free_card_frees_you_and_goes_under_magic_and_mystery() -> None:
    """'3. Use a Get Out of Jail Free card ... Put the card at the bottom of the Magic &
    Mystery deck, then roll and move.'"""
    game = jailed_ann()
    deck = game.st.decks[0]
    ci = next(i for i in deck if game.spec.decks[0].cards[i].kind == GET_OUT_OF_JAIL_FREE)
    deck.remove(ci)
    game.st.players[0].cards.append((0, ci))
    game.act(Action(A.A_USE_CARD, 0))
    assert not game.st.players[0].in_jail and game.st.players[0].cards == []
    assert game.st.decks[0][-1] == ci and game.st.players[0].cash == 300
    assert game.pending.kind == A.ROLL


def test_a_card_bought_from_another_player_frees_you() -> None:
    """'(or buy one from another player)': a card Bob sells Ann from Jail frees her."""
    from monopoly_tui.engine.state import TradeOffer

    game = jailed_ann()
    deck = game.st.decks[0]
    ci = next(i for i in deck if game.spec.decks[0].cards[i].kind == GET_OUT_OF_JAIL_FREE)
    deck.remove(ci)
    game.st.players[1].cards.append((0, ci))
    offer = TradeOffer(proposer=0, partner=1, give_cash=20, take_cards=1)
    game.act(Action(A.A_PROPOSE, 0, trade=offer))
    game.act(Action(A.A_ACCEPT, 1))
    assert game.st.players[0].cards == [(0, ci)] and game.st.players[0].cash == 280
    game.act(Action(A.A_USE_CARD, 0))
    assert not game.st.players[0].in_jail


def test_rolling_a_6_frees_you_and_moves_you_6() -> None:
    """'4. Roll a 6 on your next turn. If you do, you're free! Use your roll to move. Your
    turn is then over.'"""
    game = jailed_ann()
    script(game, 6)
    events = game.act(Action(A.A_ROLL, 0))
    pl = game.st.players[0]
    assert not pl.in_jail and pl.position == space(game, "neverwinter")
    assert game.pending.kind == A.END_TURN
    assert "Ann is out of Jail: rolled a 6" in [describe(e, game) for e in events]


def test_any_other_roll_keeps_you_in_jail() -> None:
    game = jailed_ann()
    script(game, 5)
    events = game.act(Action(A.A_ROLL, 0))
    pl = game.st.players[0]
    assert pl.in_jail and pl.position == game.spec.jail_space and pl.jail_turns == 1
    assert game.pending.kind == A.END_TURN
    assert "Ann stays in Jail (not a 6: try 1 of 3)" in [describe(e, game) for e in events]


def test_after_a_third_failed_roll_you_pay_10_roll_again_and_move() -> None:
    """'You can use up to 3 turns to try for a 6. If you don't roll a 6 by your third turn in
    Jail, pay 10 gold, then roll again and move.'"""
    game = jailed_ann(tries=2)
    script(game, 3, 1)
    events = game.act(Action(A.A_ROLL, 0))
    pl = game.st.players[0]
    assert not pl.in_jail and pl.cash == 290
    assert pl.position == space(game, "mount-hotenow")  # moved by the second roll (1), not 3
    assert [e.amount for e in events if e.kind == "rolled"] == [3, 1]
    lines = describe_all(events, game)
    assert "Ann did not roll a 6 in 3 tries: paid the 10 gold fine and is out of Jail" in lines
    assert game.pending.kind == A.END_TURN


def test_a_prisoner_who_cannot_pay_the_fine_may_still_roll_for_a_6() -> None:
    """The bug a 20-game simulation met (NoChoiceError): a prisoner with less than the fine
    and no card had no choice at all; the roll for a 6 is always offered."""
    game = jailed_ann(cash=0)
    assert game.pending.kind == A.JAIL and kinds(game) == {A.A_ROLL}
    assert BasicBot().choose(game, 0).kind == A.A_ROLL


def test_a_prisoner_short_of_the_fine_after_the_third_try_is_close_to_death() -> None:
    """Designed reading 13: a prisoner who must pay the 10 after the third try and cannot
    pays what he has and is close to death (and does not move)."""
    game = jailed_ann(tries=2, cash=0)
    script(game, 3, 1)
    game.act(Action(A.A_ROLL, 0))
    if game.pending.kind == A.DEBT:
        game.act(next(a for a in game.pending.choices if a.kind == A.A_BANKRUPT))
    pl = game.st.players[0]
    assert pl.status == INSOLVENT and not pl.in_jail
    assert pl.position == game.spec.jail_space
    assert check_play(game) == []


def test_bot_games_that_met_a_prisoner_without_a_choice_now_play_on() -> None:
    """The seeds whose 4-player basic-bot games crashed with NoChoiceError ('cannot leave
    jail: no card, fine or roll') before the roll for a 6 was offered."""
    from dnd_helpers import dnd_spec

    from monopoly_tui.simulate import play_game

    for seed in (0, 1, 2, 5, 6):
        _, failure = play_game(dnd_spec(), ["basic"] * 4, seed)
        assert failure is None, failure.problems
