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


# ---------------------------------------------------------------- the log


def test_landing_on_anothers_mortgaged_deed_logs_that_no_rent_is_due() -> None:
    """'You do not pay rent if the property is mortgaged' (rulebook:GOT; the LotR and LGE
    rulebooks alike): the landing said nothing at all. The log says no rent is due and why,
    in the edition's words ("under mortgage")."""
    from monopoly_tui.engine.describe import describe_all

    game = new_game()
    give(game, 1, "boardwalk", mortgaged=True)
    game.st.players[0].position = 35
    events = roll(game, (1, 3))
    assert cashes(game) == [1500, 1500]
    lines = describe_all(events, game)
    assert lines[-1] == "Ann pays no rent for Boardwalk: Bob has it under mortgage", lines
    no_rent = [e for e in events if e.kind == "no_rent_mortgaged"]
    assert len(no_rent) == 1 and (no_rent[0].player, no_rent[0].other) == (0, 1)


def test_landing_on_your_own_mortgaged_deed_logs_no_rent_line() -> None:
    """Your own deed asks nothing: no 'pays no rent' line."""
    from monopoly_tui.engine.describe import describe_all

    game = new_game()
    give(game, 0, "boardwalk", mortgaged=True)
    game.st.players[0].position = 35
    lines = describe_all(roll(game, (1, 3)), game)
    assert not any("no rent" in line for line in lines), lines


def test_no_rent_on_a_mortgaged_deed_is_said_under_owner_must_ask_and_in_lge() -> None:
    """Longest Game Ever: 'Rent cannot be collected on any version of a property that is
    mortgaged' (and it cannot be bought out): no claim, no buy-out, and the line names the deed
    (not the version landed on) in the edition's money and words."""
    from lge_helpers import land, lge, own

    from monopoly_tui.engine.describe import describe_all

    game = lge()
    own(game, 1, "boardwalk", mortgaged=True)
    events = land(game, 0, "boardwalk-2")
    assert not game.st.claims and game.pending.kind == A.END_TURN
    assert describe_all(events, game)[-1] == (
        "Ann pays no rent for Boardwalk: Bob has it under mortgage")


def test_a_quiet_game_makes_no_event_for_a_mortgaged_landing() -> None:
    """A simulation's quiet game builds no events: the rule is the same, the line is not
    made."""
    game = new_game()
    give(game, 1, "boardwalk", mortgaged=True)
    game.st.players[0].position = 35
    game.quiet = True
    assert not any(e.kind == "no_rent_mortgaged" for e in roll(game, (1, 3)))
    assert cashes(game) == [1500, 1500] and game.pending.kind == A.END_TURN
