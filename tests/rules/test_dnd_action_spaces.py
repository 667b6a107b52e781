"""Dungeons & Dragons: Honor Among Thieves, "THE BOARD SPACES: Action spaces" (rulebook:DND):
Just Visiting and Go to Jail, from hand-made states with the black die scripted."""

from __future__ import annotations

from dnd_helpers import deed, dnd_game, jail, script, secure_for, space, stand_before

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.describe import describe
from monopoly_tui.engine.invariants import check_play
from monopoly_tui.engine.state import TradeOffer


def test_landing_on_just_visiting_frees_everyone_in_jail() -> None:
    """'if another player happens to be in Jail, you immediately break them out, and they
    move to Just Visiting too!'"""
    game = dnd_game(3)
    jail(game, 1, tries=1)
    jail(game, 2)
    game.st.players[0].position = game.spec.jail_space - 3
    script(game, 3)
    events = game.act(Action(A.A_ROLL, 0))
    assert [p.in_jail for p in game.st.players] == [False, False, False]
    assert [p.jail_turns for p in game.st.players] == [0, 0, 0]
    lines = [describe(e, game) for e in events]
    assert "Bob is out of Jail: Ann broke them out, landing on Just Visiting" in lines
    assert "Cid is out of Jail: Ann broke them out, landing on Just Visiting" in lines
    assert check_play(game) == []


def test_freed_prisoners_stand_on_just_visiting() -> None:
    game = dnd_game(2)
    jail(game, 1)
    game.st.players[0].position = game.spec.jail_space - 2
    script(game, 2)
    game.act(Action(A.A_ROLL, 0))
    assert [p.position for p in game.st.players] == [game.spec.jail_space] * 2
    game.act(Action(A.A_END_TURN, 0))
    assert game.pending.kind == A.ROLL and game.pending.player == 1  # free: Bob rolls to move


def test_a_player_sent_to_jail_frees_nobody() -> None:
    """Designed reading 7: only a move that ends on Just Visiting frees the prisoners: one
    sent to Jail (Go to Jail, a card, an Adventure) is a prisoner too."""
    game = dnd_game(2)
    jail(game, 1)
    stand_before(game, 0, "go-to-jail")
    script(game, 1)
    game.act(Action(A.A_ROLL, 0))
    assert game.st.players[0].in_jail and game.st.players[1].in_jail


def test_go_to_jail_sends_you_to_jail_without_go_gold_and_ends_the_turn() -> None:
    """'Move your token to the In Jail space immediately! Do not collect 40 gold for passing
    GO. Your turn is then over.'"""
    game = dnd_game(2)
    stand_before(game, 0, "go-to-jail")
    script(game, 1)
    game.act(Action(A.A_ROLL, 0))
    pl = game.st.players[0]
    assert pl.in_jail and pl.position == game.spec.jail_space and pl.cash == 300
    assert game.pending.kind == A.END_TURN


def test_a_prisoner_still_collects_tax() -> None:
    """'You can still collect tax and trade while you are in Jail.'"""
    game = dnd_game(2)
    secure_for(game, 1, "waterdeep")
    jail(game, 1)
    stand_before(game, 0, "waterdeep")
    script(game, 1)
    game.act(Action(A.A_ROLL, 0))
    assert [p.cash for p in game.st.players] == [260, 340]


def test_a_prisoner_may_still_trade() -> None:
    game = dnd_game(2)
    secure_for(game, 1, "waterdeep")
    jail(game, 1)
    assert game.may_trade(1)
    offer = TradeOffer(proposer=1, partner=0, give_deeds=(deed(game, "waterdeep"),),
                       take_cash=100)
    game.act(Action(A.A_PROPOSE, 1, trade=offer))
    game.act(Action(A.A_ACCEPT, 0))
    assert game.st.owner[deed(game, "waterdeep")] == 0
    assert [p.cash for p in game.st.players] == [200, 400]
    assert space(game, "waterdeep") == game.spec.deeds[deed(game, "waterdeep")].spaces[0]
