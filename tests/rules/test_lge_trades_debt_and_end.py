"""Longest Game Ever: Deals & Trades, Help, I Can't Pay (mortgages, bankruptcy), Object of the
Game and End of the Game (rulebook:LGE)."""

from __future__ import annotations

from helpers import act, deed, space
from lge_helpers import land as _land
from lge_helpers import lge, own, stand

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.invariants import check_play
from monopoly_tui.engine.state import PLAYING, TradeOffer


def test_a_mortgage_covers_all_three_versions() -> None:
    """'collect the mortgage value on the back from the Bank. Now all versions of that property
    are mortgaged.'"""
    game = lge()
    own(game, 0, "boardwalk")
    act(game, A.A_MORTGAGE, player=0, target=deed(game, "boardwalk"))
    assert game.st.players[0].cash == 1700
    for target in ("boardwalk", "boardwalk-2", "boardwalk-3"):
        g = lge()
        own(g, 1, "boardwalk", mortgaged=True)
        _land(g, 0, target)
        assert g.pending.kind == A.END_TURN and not g.st.claims


def test_lifting_a_mortgage_costs_its_value_plus_10_percent() -> None:
    """'To repay a mortgage, pay the unmortgage cost to the Bank (mortgage value +10%)'."""
    game = lge()
    own(game, 0, "boardwalk", mortgaged=True)
    act(game, A.A_UNMORTGAGE, player=0, target=deed(game, "boardwalk"))
    assert game.st.players[0].cash == 1500 - 220


def test_mortgaging_needs_only_that_streets_buildings_sold() -> None:
    """'To mortgage a property, you must first sell all of its buildings back to the Bank'
    (designed reading 9: its own, not its set's)."""
    game = lge()
    own(game, 0, "boardwalk", "park-place")
    stand(game, "boardwalk", "boardwalk-2", 2)
    assert P.can_mortgage(game.spec, game.st, 0, deed(game, "boardwalk"))
    act(game, A.A_MORTGAGE, player=0, target=deed(game, "park-place"))
    assert game.st.mortgaged[deed(game, "park-place")]
    assert check_play(game) == []


def test_a_street_with_buildings_may_be_traded_and_keeps_them() -> None:
    """'You can buy, sell, or swap property with other players at any time, including streets
    with buildings on them. Buildings stay with their streets ... You may even split-color
    sets'."""
    game = lge()
    own(game, 0, "boardwalk", "park-place")
    stand(game, "boardwalk", "boardwalk-3", 3)
    offer = TradeOffer(0, 1, give_deeds=(deed(game, "boardwalk"),), take_cash=500)
    assert game.trade_problem(offer) == ""
    act(game, A.A_PROPOSE, player=0, trade=offer)
    act(game, A.A_ACCEPT, player=1)
    assert game.st.owner[deed(game, "boardwalk")] == 1
    assert game.st.placed[space(game, "boardwalk-3")] == 3
    assert check_play(game) == []


def test_a_mortgaged_deed_received_is_lifted_or_charged_10_percent() -> None:
    """'Mortgaged property can be traded ... The new owner must immediately: Repay the mortgage
    ... Or keep the mortgage (just pay the Bank 10% of the mortgage value now).'"""
    game = lge()
    own(game, 0, "boardwalk", mortgaged=True)
    offer = TradeOffer(0, 1, give_deeds=(deed(game, "boardwalk"),), take_cash=100)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    act(game, A.A_ACCEPT, player=1)
    assert game.pending.kind == A.MORTGAGED_TRANSFER
    act(game, A.A_KEEP, player=1)
    assert game.st.players[1].cash == 1500 - 100 - 20


def _broke(game: Game, player: int) -> None:
    game.st.bank_net -= game.st.players[player].cash
    game.st.players[player].cash = 0


def test_bankrupt_to_a_player_hands_over_mortgaged_deeds_and_jail_cards_and_stays_in() -> None:
    """'Do you Owe Another Player? Give them all your mortgaged properties and any Get Out of
    Jail Free cards.' 'players aren't out of the game when they go bankrupt.'"""
    game = lge()
    own(game, 1, "boardwalk", "park-place")
    stand(game, "boardwalk", "boardwalk", 5)
    own(game, 0, "mediterranean", mortgaged=True)
    own(game, 0, "baltic")
    game.st.players[0].cards.append((0, game.st.decks[0].pop(0)))
    _broke(game, 0)
    game.st.players[0].cash = 5
    game.st.bank_net += 5
    _land(game, 0, "boardwalk")  # a hotel: rent 2000 (a deal could raise the buy-out's price:
    act(game, A.A_PAY_RENT, player=0)  # it is offered; Ann pays the rent, which is claimable)
    act(game, A.A_COLLECT_RENT, player=1, target=0)
    assert game.pending.kind == A.DEBT
    act(game, A.A_BANKRUPT, player=0)
    ann = game.st.players[0]
    assert ann.status == PLAYING and ann.bankruptcies == 1
    assert ann.cash == 0 and not ann.cards
    for d in ("mediterranean", "baltic"):
        assert game.st.owner[deed(game, d)] == 1 and game.st.mortgaged[deed(game, d)]
    assert len(game.st.players[1].cards) == 1
    # the creditor lifts or pays 10% on each mortgaged deed received
    assert game.pending.kind == A.MORTGAGED_TRANSFER and game.pending.player == 1
    assert check_play(game) == []


def test_bankrupt_to_the_bank_returns_properties_unmortgaged_and_the_player_buys_again() -> None:
    """'Do you Owe the Bank? Return all your properties to the Bank. Any mortgages are
    canceled. Return any Get Out of Jail Free cards to the bottom of the appropriate deck.'
    'Now hang in there! Maybe you'll land on Free Parking or GO.'"""
    game = lge()
    own(game, 0, "boardwalk", mortgaged=True)
    card = game.st.decks[1].pop(0)
    game.st.players[0].cards.append((1, card))
    _broke(game, 0)
    _land(game, 0, "income-tax")
    act(game, A.A_BANKRUPT, player=0)
    d = deed(game, "boardwalk")
    assert game.st.owner[d] == -1 and not game.st.mortgaged[d]
    assert game.st.decks[1][-1] == card
    assert game.st.players[0].status == PLAYING
    act(game, A.A_END_TURN)
    act(game, A.A_END_TURN) if game.pending.kind == A.END_TURN else None
    assert not game.over
    # still moving: the next GO pays, and a deed may be bought again
    game.st.current = 0
    game.st.stage = "pre_roll"
    from helpers import roll
    game.st.players[0].position = space(game, "luxury-tax")
    roll(game, (2,))
    assert game.st.players[0].cash == 200


def test_the_game_ends_when_one_player_owns_all_22_deeds() -> None:
    """'The game ends only when one player owns all of the properties, including sixteen
    streets, the four railroads, and the two utilities.' Mortgaged deeds count."""
    game = lge()
    for d in game.spec.deeds:
        game.st.owner[d.index] = 1
    boardwalk = deed(game, "boardwalk")
    game.st.owner[boardwalk] = 0
    game.st.mortgaged[deed(game, "mediterranean")] = True
    assert P.missing_deeds(game.spec, game.st, 1) == [boardwalk]
    _land(game, 1, "boardwalk")
    game.st.current = 1
    act(game, A.A_BUY_OUT, player=1)  # the buy-out completes the collection
    assert game.over and game.st.winner == 1 and game.st.end_reason == "one_owner"
    assert P.missing_deeds(game.spec, game.st, 1) == []


def test_bankrupting_everyone_else_does_not_end_the_game() -> None:
    """'It's not enough to bankrupt your opponents.'"""
    game = lge()
    own(game, 1, "boardwalk")
    _broke(game, 0)
    _land(game, 0, "income-tax")
    act(game, A.A_BANKRUPT, player=0)
    assert not game.over


def test_the_turn_limit_house_rule_ends_the_game() -> None:
    """A house rule for tables that cannot wait (issue 12): after 300 rounds the richest
    wins."""
    game = lge(variant="turn-limit")
    assert game.spec.rules.turn_limit == 300
    game.st.rounds = 299
    game.st.current = 1
    act(game, A.A_ROLL) if game.pending.kind == A.ROLL else None
    while not game.over and game.st.rounds < 300:
        pend = game.pending
        game.act(pend.choices[-1] if pend.kind != A.BUY_OUT else pend.choices[0])
    assert game.over and game.st.end_reason == "turn_limit"
