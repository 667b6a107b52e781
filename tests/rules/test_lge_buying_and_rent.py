"""Longest Game Ever: Unowned Properties, Want to Buy It?, Collect Color Sets!, Owned
Properties (the rent), Move your Buildings Thoughtfully (rulebook:LGE)."""

from __future__ import annotations

from helpers import act, cash, deed, kinds, roll, space
from lge_helpers import at, lge, own, stand, versions
from lge_helpers import land as _land

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Event
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.invariants import check_play


def _pay_rent(game: Game) -> list[Event]:
    assert game.pending.kind == A.BUY_OUT
    return act(game, A.A_PAY_RENT)


def test_landing_on_an_unowned_version_offers_its_deed_at_the_price() -> None:
    """'When you land on an unowned street, railroad, or utility, you may buy it.'"""
    game = lge()
    _land(game, 0, "boardwalk-2")
    assert game.pending.kind == A.BUY
    assert game.pending.context == {"deed": deed(game, "boardwalk"), "price": 400}


def test_buying_one_version_buys_all_three() -> None:
    """'You now own all three versions of that property. For example, if you bought Boardwalk,
    you automatically own Boardwalk 2 and Boardwalk 3.'"""
    game = lge()
    _land(game, 0, "boardwalk-3")
    act(game, A.A_BUY)
    d = deed(game, "boardwalk")
    assert game.st.owner[d] == 0
    assert all(game.spec.spaces[s].deed == d for s in versions(game, "boardwalk"))
    assert game.st.players[0].cash == 1100


def test_declining_to_buy_starts_no_auction_and_nothing_happens() -> None:
    """'There are no auctions, so if you don't want to buy the street ... nothing happens.'"""
    game = lge()
    _land(game, 0, "baltic-2")
    assert {a.kind for a in game.pending.choices} == {A.A_BUY, A.A_DECLINE}
    events = act(game, A.A_DECLINE)
    assert "auction_started" not in kinds(events)
    assert game.st.owner[deed(game, "baltic")] == -1
    assert game.pending.kind == A.END_TURN


def test_rent_is_due_on_every_version() -> None:
    """'If someone lands on any version of a property you own, they must pay you rent!'"""
    for target in ("park-place", "park-place-2", "park-place-3"):
        game = lge()
        own(game, 1, "park-place")
        _land(game, 0, target)
        _pay_rent(game)
        claim = game.st.claims[0]
        assert (claim.owner, claim.payer, claim.amount) == (1, 0, 35)


def test_the_owner_must_ask_for_the_rent_before_the_next_roll() -> None:
    """'They must ask you for it, and if they do, you must pay! If they don't ask before the
    next player rolls the dice, you don't have to pay.'"""
    game = lge()
    own(game, 1, "park-place")
    _land(game, 0, "park-place")
    _pay_rent(game)
    assert game.st.claims and game.st.players[0].cash == 1500
    act(game, A.A_END_TURN)
    roll(game, (1,))  # Bob rolls without asking: the claim lapses
    assert not game.st.claims and game.st.players[0].cash == 1500


def test_a_whole_colour_set_doubles_the_rent_on_every_version() -> None:
    """'if you own Boardwalk and Park Place, you can double the rent for Boardwalk, Park Place,
    Boardwalk 2, Park Place 2, Boardwalk 3, and Park Place 3.'"""
    for target in ("park-place", "boardwalk-2", "park-place-3"):
        game = lge()
        own(game, 1, "park-place", "boardwalk")
        _land(game, 0, target)
        assert game.pending.context["rent"] in (70, 100)


def test_a_mortgaged_street_does_not_spoil_the_sets_double_rent() -> None:
    """'The increased rent level can be collected on any version of an unmortgaged street in a
    color set.'"""
    game = lge()
    own(game, 1, "park-place", "boardwalk")
    game.st.mortgaged[deed(game, "park-place")] = True
    _land(game, 0, "boardwalk-3")
    assert game.pending.context["rent"] == 100


def test_no_rent_on_any_version_of_a_mortgaged_deed() -> None:
    """'Rent cannot be collected on any version of a property that is mortgaged, and players
    may not purchase a mortgaged property when they land on it.'"""
    for target in ("boardwalk", "boardwalk-2", "boardwalk-3"):
        game = lge()
        own(game, 1, "boardwalk", mortgaged=True)
        _land(game, 0, target)
        assert game.pending.kind == A.END_TURN
        assert not game.st.claims


def test_building_rent_only_on_the_version_that_holds_the_building() -> None:
    """'You only have to pay for rent with a building when you land on the version of a street
    that has a physical building.' ('if you have one House on Boardwalk 2 and no Houses on
    Boardwalk and another player lands on Boardwalk, they do not owe you rent for a House.')"""
    game = lge()
    own(game, 1, "park-place", "boardwalk")
    stand(game, "boardwalk", "boardwalk-2")
    _land(game, 0, "boardwalk-2")
    assert game.pending.context["rent"] == 200  # one house
    game2 = lge()
    own(game2, 1, "park-place", "boardwalk")
    stand(game2, "boardwalk", "boardwalk-2")
    _land(game2, 0, "boardwalk")
    assert game2.pending.context["rent"] == 100  # the set rent: no house on this version


def test_railroad_rent_counts_deeds_not_spaces() -> None:
    """The increased rent on any version of a railroad: by railroad deeds owned (designed
    reading 5)."""
    game = lge()
    own(game, 1, "reading-railroad", "short-line")
    _land(game, 0, "reading-railroad-3")
    assert game.pending.context["rent"] == 50


def test_utility_rent_is_4_times_the_die() -> None:
    """One die: a utility's rent is 4 times the die that brought the visitor (designed
    reading 4)."""
    game = lge()
    own(game, 1, "electric-company")
    _land(game, 0, "electric-company-2", die=3)
    assert game.pending.context["rent"] == 12


def test_landing_on_your_own_property_does_nothing() -> None:
    """'When you land on a property you own, you don't need to do anything.'"""
    game = lge()
    own(game, 0, "boardwalk")
    cash(game, 1500, 1500)
    _land(game, 0, "boardwalk-2")
    assert game.pending.kind == A.END_TURN
    assert game.st.players[0].cash == 1500


def test_moving_to_a_version_puts_the_token_there() -> None:
    game = lge()
    at(game, 0, "boardwalk-2")
    assert game.st.players[0].position == space(game, "boardwalk-2")


# ---------------------------------------------------------------- deals to raise the price


def _short(game: Game, player: int, amount: int) -> None:
    """``player`` holds only ``amount`` cash (the rest goes back to the bank)."""
    game.st.bank_net -= game.st.players[player].cash - amount
    game.st.players[player].cash = amount


def test_you_can_try_to_raise_funds_by_making_deals_with_other_players_to_buy() -> None:
    """'Don't Have Enough Money? You can try to raise funds by mortgaging properties or making
    deals with other players. Take as long as you'd like.' Ann (M100, Mediterranean Avenue
    already mortgaged) lands on Boardwalk (M400): she sells Mediterranean to Bob while the
    purchase waits, then buys."""
    from monopoly_tui.engine.state import TradeOffer

    game = lge()
    own(game, 0, "mediterranean", mortgaged=True)
    _short(game, 0, 100)
    _land(game, 0, "boardwalk")
    assert game.pending.kind == A.BUY
    assert game.may_trade(0) and not game.may_trade(1)
    offer = TradeOffer(0, 1, give_deeds=(deed(game, "mediterranean"),), take_cash=300)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    act(game, A.A_ACCEPT, player=1)
    act(game, A.A_KEEP, player=1)  # Bob keeps the mortgage (and pays its interest)
    assert game.pending.kind == A.BUY and game.st.players[0].cash == 400
    act(game, A.A_BUY, player=0)
    assert game.st.owner[deed(game, "boardwalk")] == 0
    assert check_play(game) == []


def test_a_buy_out_is_offered_when_a_deal_could_raise_the_price() -> None:
    """'You can try to raise funds by mortgaging properties or making deals with other
    players': Ann's M55 and nothing left to mortgage fall short of the M60 buy-out of Bob's
    Boardwalk, but she holds a deed to sell, so the buy-out is offered (with only the rent to
    pay until she has the price); a deal raises it."""
    from monopoly_tui.engine.state import TradeOffer

    game = lge()
    own(game, 1, "boardwalk")
    own(game, 0, "mediterranean", mortgaged=True)
    _short(game, 0, 55)
    _land(game, 0, "boardwalk")
    assert game.pending.kind == A.BUY_OUT
    assert {a.kind for a in game.pending.choices} == {A.A_PAY_RENT}
    assert game.may_trade(0)
    offer = TradeOffer(0, 1, give_deeds=(deed(game, "mediterranean"),), take_cash=100)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    act(game, A.A_ACCEPT, player=1)
    act(game, A.A_KEEP, player=1)
    assert {a.kind for a in game.pending.choices} == {A.A_PAY_RENT, A.A_BUY_OUT}
    act(game, A.A_BUY_OUT, player=0)
    assert game.st.owner[deed(game, "boardwalk")] == 0
    assert check_play(game) == []
