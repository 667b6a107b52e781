"""Debts and bankruptcy (rulebook:NFL 'Bankruptcy and Winning'; rulebook:GOT 'Help! I'm in
Debt!', 'How Do I Win?')."""

from __future__ import annotations

import pytest
from helpers import (
    act,
    build,
    card,
    card_on_top,
    cash,
    cashes,
    deck,
    deed,
    give,
    give_group,
    kinds,
    ledger_ok,
    new_game,
    place,
    roll,
)

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import GameOverError, IllegalAction
from monopoly_tui.engine.frames import AuctionFrame, AuctionQueueFrame, find_frame
from monopoly_tui.engine.snapshot import decode_state, encode_state
from monopoly_tui.engine.spec import COLLECT_FROM_EACH, GET_OUT_OF_JAIL_FREE
from monopoly_tui.engine.state import INSOLVENT, OUT, PLAYING, GameState, TradeOffer


def _copy(st: GameState) -> GameState:
    """A copy of the state, through the save codec (a compiled engine's dataclasses cannot be
    deep-copied)."""
    return decode_state(encode_state(st))


def _in_debt_to_bob(players: int = 2, ann_cash: int = 50, light_blue: int = 2):
    """Ann (cash ``ann_cash``; brown with a house on each, Reading Railroad, a mortgaged
    Boardwalk) rolls 1+2 from Baltic onto Bob's Oriental Avenue (light blue built to
    ``light_blue``: 2 houses -> rent 90, hotel -> 550)."""
    game = new_game(players=players)
    give_group(game, 0, "brown")
    build(game, "mediterranean", 1)
    build(game, "baltic", 1)
    give(game, 0, "reading-railroad")
    give(game, 0, "boardwalk", mortgaged=True)
    give_group(game, 1, "light-blue")
    for d in ("oriental", "vermont", "connecticut"):
        build(game, d, light_blue)
    cash(game, ann_cash, *[1500] * (players - 1))
    place(game, 0, "baltic")
    roll(game, (1, 2))
    return game


def test_debt_beyond_cash_waits_for_the_debtor_to_raise_it() -> None:
    """'If you ever owe more cash than you have, try to raise it by selling Villages and Keeps
    and/or mortgaging properties.'"""
    game = _in_debt_to_bob()
    assert game.pending.kind == A.DEBT
    assert game.pending.player == 0
    assert game.pending.context["amount"] == 90
    assert game.pending.context["creditor"] == 1
    assert cashes(game) == [50, 1500]


def test_debtor_is_offered_every_way_to_raise_the_money() -> None:
    """Selling buildings (one at a time or a whole group) and mortgaging are all offered."""
    game = _in_debt_to_bob()
    offered = {(a.kind, a.target) for a in game.legal_actions(0)}
    brown = game.spec.deeds[deed(game, "baltic")].group
    assert offered == {
        (A.A_SELL_BUILDING, deed(game, "mediterranean")),
        (A.A_SELL_BUILDING, deed(game, "baltic")),
        (A.A_SELL_ALL, brown),
        (A.A_MORTGAGE, deed(game, "reading-railroad")),
    }
    assert game.pending.context["raisable"] == 25 + 25 + 30 + 30 + 100


def test_debtor_may_raise_the_money_by_a_deal() -> None:
    """A deal with another player is a way to raise cash too."""
    game = _in_debt_to_bob(players=3)
    offer = TradeOffer(proposer=0, partner=2, give_deeds=(deed(game, "reading-railroad"),),
                       take_cash=150)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    act(game, A.A_ACCEPT, player=2)
    act(game, A.A_PAY_DEBT)
    assert cashes(game) == [110, 1590, 1350]


def test_debt_cannot_be_paid_before_the_cash_is_there() -> None:
    """Paying needs the cash in hand."""
    game = _in_debt_to_bob()
    before = _copy(game.st)
    with pytest.raises(IllegalAction):
        act(game, A.A_PAY_DEBT)
    assert game.st.frames == before.frames and cashes(game) == [50, 1500]


def test_debt_paid_after_raising_the_cash() -> None:
    """Having raised enough, the debtor pays the creditor in full."""
    game = _in_debt_to_bob()
    act(game, A.A_MORTGAGE, player=0, target=deed(game, "reading-railroad"))
    assert {a.kind for a in game.pending.choices} == {A.A_PAY_DEBT}
    act(game, A.A_PAY_DEBT)
    assert cashes(game) == [60, 1590]
    assert game.pending.kind == A.END_TURN


def test_bankruptcy_refused_while_enough_could_be_raised() -> None:
    """'You are bankrupt if you owe more than you can pay, even after selling buildings and
    mortgaging property' - not before."""
    game = _in_debt_to_bob()
    assert A.A_BANKRUPT not in {a.kind for a in game.pending.choices}
    before = _copy(game.st)
    with pytest.raises(IllegalAction) as err:
        act(game, A.A_BANKRUPT)
    assert "raise" in err.value.reason
    assert not game.st.players[0].bankrupt
    assert game.st.owner == before.owner and cashes(game) == [50, 1500]


def test_bankruptcy_offered_when_even_everything_would_not_pay() -> None:
    """Owing more than cash plus everything that could be raised: bankruptcy is the choice."""
    game = _in_debt_to_bob(players=3, light_blue=5)
    assert game.pending.context["amount"] == 550
    assert {a.kind for a in game.pending.choices} == {A.A_BANKRUPT}


def test_bankrupt_to_a_player_passes_cash_deeds_and_cards() -> None:
    """'If you owe another player, you turn over all your cash and assets to them'; buildings
    are sold to the Bank at half price first and that cash goes to the creditor too."""
    game = _in_debt_to_bob(players=3, light_blue=5)
    di = deck(game, "chance")
    ci = card(game, "chance", GET_OUT_OF_JAIL_FREE)
    game.st.decks[di].remove(ci)
    game.st.players[0].cards.append((di, ci))
    houses = game.st.bank_houses
    act(game, A.A_BANKRUPT)
    st = game.st
    assert st.players[0].bankrupt
    for d in ("mediterranean", "baltic", "reading-railroad", "boardwalk"):
        assert st.owner[deed(game, d)] == 1
    assert st.buildings[deed(game, "mediterranean")] == 0
    assert st.bank_houses == houses + 2
    assert st.players[1].cards == [(di, ci)]
    assert st.players[0].cards == []
    assert cashes(game) == [0, 1500 + 50 + 50, 1500]
    assert ledger_ok(game)


def test_a_bankrupt_player_is_out_of_the_game() -> None:
    """'...and retire from the game': the player's status is out; a player of a mechanic that
    keeps an insolvent player in the game (close to death) is not bankrupt."""
    game = _in_debt_to_bob(players=3, light_blue=5)
    act(game, A.A_BANKRUPT)
    assert game.st.players[0].status == OUT and game.st.players[0].bankrupt
    assert game.st.players[1].status == PLAYING
    game.st.players[2].status = INSOLVENT
    assert not game.st.players[2].bankrupt


def test_a_save_written_with_bankrupt_players_reads_their_status() -> None:
    """A save from before a player had a status (``bankrupt: true``) reads as out."""
    game = _in_debt_to_bob(players=3, light_blue=5)
    act(game, A.A_BANKRUPT)
    data = encode_state(game.st)
    for p in data["players"]:
        p["bankrupt"] = p.pop("status") == OUT
    st = decode_state(data)
    assert [p.status for p in st.players] == [OUT, PLAYING, PLAYING]


def test_bankrupt_to_a_player_mortgaged_deeds_follow_the_10_percent_rule() -> None:
    """'The player must pay 10% interest on each mortgaged property, even if they don't want to
    pay off the mortgage yet.'"""
    game = _in_debt_to_bob(players=3, light_blue=5)
    act(game, A.A_BANKRUPT)
    assert game.pending.kind == A.MORTGAGED_TRANSFER
    assert game.pending.player == 1
    assert game.pending.context["deed"] == deed(game, "boardwalk")
    act(game, A.A_KEEP)
    assert game.st.mortgaged[deed(game, "boardwalk")]
    assert cashes(game) == [0, 1600 - 20, 1500]


def test_bankrupt_to_the_bank_returns_buildings_and_auctions_deeds_unmortgaged() -> None:
    """'If the debt is to the Bank, all your properties must be put up for auction. These are
    sold unmortgaged (face up).'"""
    game = new_game(players=3)
    give_group(game, 0, "brown")
    build(game, "mediterranean", 1)
    build(game, "baltic", 1)
    give(game, 0, "boardwalk", mortgaged=True)
    cash(game, 50, 1500, 1500)
    houses = game.st.bank_houses
    roll(game, (1, 3))  # GO -> Income Tax 200: 50 + 50 + 60 could be raised, not 200
    assert {a.kind for a in game.pending.choices} == {A.A_BANKRUPT}
    act(game, A.A_BANKRUPT)
    st = game.st
    assert st.players[0].bankrupt
    assert st.bank_houses == houses + 2
    assert not any(st.mortgaged)
    assert game.pending.kind == A.AUCTION
    assert find_frame(st, AuctionFrame) is not None
    auctioned = [find_frame(st, AuctionFrame).deed, *find_frame(st, AuctionQueueFrame).deeds]
    assert sorted(auctioned) == sorted(deed(game, d) for d in
                                       ("mediterranean", "baltic", "boardwalk"))
    assert 0 not in game.pending.context["bidders"]
    assert cashes(game) == [0, 1500, 1500]
    assert ledger_ok(game)


def test_deed_auctioned_after_bankruptcy_to_the_bank_is_won_unmortgaged() -> None:
    """The deeds are 'auctioned unmortgaged (face up)': the winner pays only the bid."""
    game = new_game(players=3)
    give(game, 0, "boardwalk", mortgaged=True)
    cash(game, 50, 1500, 1500)
    roll(game, (1, 3))
    act(game, A.A_BANKRUPT)
    act(game, A.A_BID, amount=300)  # Bob
    act(game, A.A_DROP)  # Cid
    assert game.st.owner[deed(game, "boardwalk")] == 1
    assert not game.st.mortgaged[deed(game, "boardwalk")]
    assert cashes(game) == [0, 1200, 1500]
    assert game.pending.kind == A.ROLL and game.pending.player == 1


def test_bankrupt_to_the_bank_cards_go_under_their_decks() -> None:
    """'Return any Get Out of Jail Free cards to the bottom of the appropriate piles.'"""
    game = new_game(players=3)
    di = deck(game, "community-chest")
    ci = card(game, "community-chest", GET_OUT_OF_JAIL_FREE)
    game.st.decks[di].remove(ci)
    game.st.players[0].cards.append((di, ci))
    cash(game, 50, 1500, 1500)
    roll(game, (1, 3))
    act(game, A.A_BANKRUPT)
    assert game.st.decks[di][-1] == ci
    assert len(game.st.decks[di]) == 16
    assert game.st.players[0].cards == []


def test_bankrupt_player_is_out_and_the_turn_passes() -> None:
    """'Once bankrupt, you are out of the game.'"""
    game = new_game(players=3)
    cash(game, 50, 1500, 1500)
    roll(game, (1, 3))
    act(game, A.A_BANKRUPT)
    assert game.pending.kind == A.ROLL and game.pending.player == 1
    roll(game, (4, 6))
    act(game, A.A_END_TURN)
    roll(game, (4, 6))
    act(game, A.A_END_TURN)
    assert game.pending.player == 1  # Ann is skipped


def test_last_player_standing_wins() -> None:
    """'The last remaining player wins.'"""
    game = _in_debt_to_bob(players=2, light_blue=5)
    events = act(game, A.A_BANKRUPT)
    assert game.over
    assert game.st.winner == 1
    assert game.st.end_reason == "last_standing"
    assert game.pending.kind == A.GAME_OVER
    assert "game_over" in kinds(events)
    with pytest.raises(GameOverError):
        act(game, A.A_ROLL, player=1)


def test_money_owed_to_a_bankrupt_player_goes_to_their_creditor() -> None:
    """A bankrupt player 'turns over all cash and assets' to the creditor: rent still owed to
    them (owner-must-ask option) is paid to that creditor, never to a player out of the game."""
    game = new_game(players=3, rules={"rent_collection": "owner_must_ask"}, first=2)
    give(game, 0, "boardwalk")
    place(game, 2, "park-place")  # 37
    roll(game, (1, 1))  # Cid onto Ann's Boardwalk: a claim for 50; doubles
    assert len(game.st.claims) == 1
    offer = TradeOffer(proposer=0, partner=1, give_deeds=(deed(game, "boardwalk"),),
                       give_cash=1500)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    act(game, A.A_ACCEPT, player=1)
    card_on_top(game, "community-chest", COLLECT_FROM_EACH, amount=10)
    roll(game, (1, 2))  # Cid 39 -> 2 (Community Chest), past GO: birthday, 10 from each
    assert game.pending.kind == A.DEBT and game.pending.player == 0
    act(game, A.A_COLLECT_RENT, player=0, target=0)  # Cid now owes Ann 50
    act(game, A.A_BANKRUPT, player=0)
    while game.pending.kind == A.DEBT:
        act(game, A.A_PAY_DEBT)
    assert game.st.players[0].bankrupt
    assert game.st.players[0].cash == 0
    assert cashes(game) == [0, 3000 - 10, 1700 + 10]
    assert ledger_ok(game)
