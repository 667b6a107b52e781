"""Mortgages (rulebook:NFL 'Selling and Mortgaging', 'Bankruptcy and Winning';
rulebook:GOT 'VI. Mortgage Properties', 'VII. Do a Deal', 'Help! I'm in Debt!')."""

from __future__ import annotations

import copy

import pytest
from helpers import act, build, cash, cashes, deed, give, give_group, new_game, roll

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import IllegalAction
from monopoly_tui.engine.frames import DebtsFrame
from monopoly_tui.engine.state import Debt, TradeOffer


def _refused(game, kind: str, player: int, target: int, why: str) -> None:
    before = copy.deepcopy(game.st)
    with pytest.raises(IllegalAction) as err:
        act(game, kind, player=player, target=target)
    assert why in err.value.reason
    assert game.st.mortgaged == before.mortgaged
    assert cashes(game) == [p.cash for p in before.players]


def test_mortgage_pays_the_printed_mortgage_value() -> None:
    """'Unimproved property may be mortgaged for the value printed on its Title Deed.'"""
    game = new_game()
    give(game, 0, "boardwalk")
    act(game, A.A_MORTGAGE, player=0, target=deed(game, "boardwalk"))
    assert game.st.mortgaged[deed(game, "boardwalk")]
    assert cashes(game) == [1700, 1500]
    assert game.st.owner[deed(game, "boardwalk")] == 0


def test_a_mortgaged_deed_cannot_be_mortgaged_again() -> None:
    """A deed face down is already mortgaged."""
    game = new_game()
    give(game, 0, "boardwalk", mortgaged=True)
    _refused(game, A.A_MORTGAGE, 0, deed(game, "boardwalk"), "already mortgaged")


def test_only_your_own_deeds_can_be_mortgaged() -> None:
    """You mortgage your own property."""
    game = new_game()
    give(game, 1, "boardwalk")
    _refused(game, A.A_MORTGAGE, 0, deed(game, "boardwalk"), "do not own")


def test_buildings_must_be_sold_before_mortgaging() -> None:
    """'You must sell all Villages/Keeps on a color group to the Bank before you can mortgage one
    of its Properties.'"""
    game = new_game()
    give_group(game, 0, "brown")
    build(game, "mediterranean", 1)
    _refused(game, A.A_MORTGAGE, 0, deed(game, "baltic"), "buildings")
    act(game, A.A_SELL_BUILDING, player=0, target=deed(game, "mediterranean"))
    act(game, A.A_MORTGAGE, player=0, target=deed(game, "baltic"))
    assert cashes(game) == [1500 + 25 + 30, 1500]


def test_lifting_a_mortgage_costs_the_value_plus_10_percent() -> None:
    """'To lift the mortgage, pay the Bank the mortgage value plus 10% interest.'"""
    game = new_game()
    give(game, 0, "boardwalk", mortgaged=True)
    act(game, A.A_UNMORTGAGE, player=0, target=deed(game, "boardwalk"))
    assert not game.st.mortgaged[deed(game, "boardwalk")]
    assert cashes(game) == [1280, 1500]


def test_lifting_a_mortgage_needs_the_cash() -> None:
    """The lift is paid to the Bank in cash."""
    game = new_game()
    give(game, 0, "boardwalk", mortgaged=True)
    cash(game, 219, 1500)
    _refused(game, A.A_UNMORTGAGE, 0, deed(game, "boardwalk"), "cash")


def test_mortgaged_deed_collects_no_rent() -> None:
    """'Rent cannot be collected on mortgaged properties.'"""
    game = new_game()
    give(game, 1, "baltic", mortgaged=True)
    roll(game, (1, 2))
    assert cashes(game) == [1500, 1500]


def test_mortgaging_is_open_on_another_players_turn() -> None:
    """Mortgaging is one of the things done 'even when it isn't your turn'."""
    game = new_game()
    give(game, 1, "boardwalk")
    act(game, A.A_MORTGAGE, player=1, target=deed(game, "boardwalk"))
    assert cashes(game) == [1500, 1700]


def _trade_mortgaged_boardwalk():
    game = new_game()
    give(game, 0, "boardwalk", mortgaged=True)
    offer = TradeOffer(proposer=0, partner=1, give_deeds=(deed(game, "boardwalk"),),
                       take_cash=50)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    act(game, A.A_ACCEPT, player=1)
    return game


def test_mortgaged_deed_received_by_trade_asks_lift_or_pay_interest() -> None:
    """'After buying a mortgaged property, you must either repay it immediately or just pay
    10% of the listed value and keep the card face down.'"""
    game = _trade_mortgaged_boardwalk()
    assert game.pending.kind == A.MORTGAGED_TRANSFER
    assert game.pending.player == 1
    assert game.pending.context["interest"] == 20
    assert game.pending.context["lift_cost"] == 220
    assert {a.kind for a in game.pending.choices} == {A.A_LIFT, A.A_KEEP}


def test_received_mortgage_lifted_at_once_costs_value_plus_10_percent() -> None:
    """'The new owner ... may lift the mortgage then (for its value + 10%).'"""
    game = _trade_mortgaged_boardwalk()
    act(game, A.A_LIFT)
    assert not game.st.mortgaged[deed(game, "boardwalk")]
    assert cashes(game) == [1550, 1500 - 50 - 220]


def test_received_mortgage_kept_pays_10_percent_now() -> None:
    """'The new owner must immediately pay the Bank 10% interest.'"""
    game = _trade_mortgaged_boardwalk()
    act(game, A.A_KEEP)
    assert game.st.mortgaged[deed(game, "boardwalk")]
    assert cashes(game) == [1550, 1500 - 50 - 20]
    assert game.pending.kind == A.ROLL


def test_lifting_a_kept_mortgage_later_costs_the_10_percent_again() -> None:
    """'If you later decide to repay the mortgage, you will have to pay the 10% fee again.'"""
    game = _trade_mortgaged_boardwalk()
    act(game, A.A_KEEP)
    act(game, A.A_UNMORTGAGE, player=1, target=deed(game, "boardwalk"))
    assert cashes(game) == [1550, 1500 - 50 - 20 - 220]


def test_received_mortgage_lift_not_offered_without_the_cash() -> None:
    """Without the lift price, keeping it (and paying the interest) is the choice."""
    game = new_game()
    give(game, 0, "boardwalk", mortgaged=True)
    cash(game, 1500, 100)
    offer = TradeOffer(proposer=0, partner=1, give_deeds=(deed(game, "boardwalk"),))
    act(game, A.A_PROPOSE, player=0, trade=offer)
    act(game, A.A_ACCEPT, player=1)
    assert {a.kind for a in game.pending.choices} == {A.A_KEEP}
    act(game, A.A_KEEP)
    assert cashes(game) == [1500, 80]


def test_mortgaged_deed_received_in_bankruptcy_asks_lift_or_pay_interest() -> None:
    """'Mortgaged properties transfer too; the new owner must immediately pay the Bank 10%
    interest and may lift the mortgage then or later.'"""
    game = new_game(players=3)
    give(game, 1, "boardwalk", mortgaged=True)
    cash(game, 1500, 10, 1500)
    game.st.frames.append(DebtsFrame([Debt(1, 2, 500, "rent")]))
    act(game, A.A_BANKRUPT, player=1)
    assert game.st.owner[deed(game, "boardwalk")] == 2
    assert game.pending.kind == A.MORTGAGED_TRANSFER
    assert game.pending.player == 2
    act(game, A.A_KEEP)
    assert cashes(game) == [1500, 0, 1500 + 10 - 20]
    assert game.st.mortgaged[deed(game, "boardwalk")]
