"""Buying property and auctions (rulebook:NFL 'Buying Property'; rulebook:GOT 'I. An Unowned
Property', 'II. Auction')."""

from __future__ import annotations

import copy

import pytest
from helpers import act, cash, cashes, deed, give, kinds, new_game, roll

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import IllegalAction
from monopoly_tui.engine.frames import AuctionFrame, find_frame


def _at_baltic_for_sale(players: int = 2, rules: dict[str, object] | None = None):
    """Ann rolls 1+2 from GO onto Baltic Avenue (price 60), which the bank holds."""
    game = new_game(players=players, rules=rules)
    roll(game, (1, 2))
    assert game.pending.kind == A.BUY
    return game


def _declined(players: int = 2, rules: dict[str, object] | None = None):
    game = _at_baltic_for_sale(players, rules)
    act(game, A.A_AUCTION)
    assert game.pending.kind == A.AUCTION
    return game


def test_landing_on_unowned_property_offers_it_at_the_printed_price() -> None:
    """'You may buy it from the Bank at its printed price.'"""
    game = _at_baltic_for_sale()
    assert game.pending.context["price"] == 60
    assert game.pending.context["deed"] == deed(game, "baltic")
    assert {a.kind for a in game.pending.choices} == {A.A_BUY, A.A_AUCTION}


def test_buying_pays_the_bank_the_printed_price_and_takes_the_deed() -> None:
    """'Pay the Bank, then take the Title Deed card.'"""
    game = _at_baltic_for_sale()
    events = act(game, A.A_BUY)
    assert game.st.owner[deed(game, "baltic")] == 0
    assert cashes(game) == [1440, 1500]
    assert "bought" in kinds(events)
    assert game.pending.kind == A.END_TURN


def test_buy_is_not_offered_without_the_cash() -> None:
    """The printed price is paid in cash: short of it, the choice is the auction."""
    game = new_game()
    cash(game, 50, 1500)
    roll(game, (1, 2))
    assert {a.kind for a in game.pending.choices} == {A.A_AUCTION}
    before = copy.deepcopy(game.st)
    with pytest.raises(IllegalAction):
        act(game, A.A_BUY)
    assert game.st.owner == before.owner and cashes(game) == [50, 1500]


def test_a_player_short_of_cash_may_mortgage_to_buy() -> None:
    """Mortgaging is open 'even when it isn't your turn' (GoT 'Don't Wait For The Dice!'), so a
    player may raise the price by mortgaging before deciding."""
    game = new_game()
    cash(game, 50, 1500)
    give(game, 0, "mediterranean")
    roll(game, (1, 2))
    med = deed(game, "mediterranean")
    assert A.A_MORTGAGE in {a.kind for a in game.legal_actions(0)}
    act(game, A.A_MORTGAGE, player=0, target=med)
    assert game.st.players[0].cash == 80
    act(game, A.A_BUY)
    assert game.st.owner[deed(game, "baltic")] == 0
    assert game.st.players[0].cash == 20


def test_declining_puts_the_deed_up_for_auction() -> None:
    """'If you choose not to buy it, the Banker immediately auctions it.'"""
    game = _declined()
    assert game.pending.context["deed"] == deed(game, "baltic")
    assert game.st.owner[deed(game, "baltic")] == -1


def test_the_player_who_declined_may_bid_and_win() -> None:
    """'Any player, including the one who declined, may bid.'"""
    game = _declined()
    assert game.pending.player == 0
    act(game, A.A_BID, amount=10)
    act(game, A.A_DROP)  # Bob
    assert game.st.owner[deed(game, "baltic")] == 0
    assert cashes(game) == [1490, 1500]


def test_auction_winner_pays_the_bank_the_highest_bid() -> None:
    """'The property goes to whoever bids highest, who pays the Bank that amount.'"""
    game = _declined()
    act(game, A.A_BID, amount=10)  # Ann
    act(game, A.A_BID, amount=25)  # Bob
    act(game, A.A_DROP)  # Ann
    assert game.st.owner[deed(game, "baltic")] == 1
    assert cashes(game) == [1500, 1475]
    assert game.pending.kind == A.END_TURN and game.pending.player == 0


def test_bidding_goes_round_the_table_until_no_one_raises() -> None:
    """Bidders are asked in turn; the auction ends when, after the last raise, every other
    bidder has passed ('the auction ends when no player is willing to increase the bid')."""
    game = _declined(players=3)
    assert game.pending.context["bidders"] == [0, 1, 2]
    act(game, A.A_BID, amount=5)  # Ann
    assert game.pending.player == 1
    act(game, A.A_BID, amount=6)  # Bob
    assert game.pending.player == 2
    act(game, A.A_DROP)  # Cid passes
    assert game.pending.player == 0
    act(game, A.A_BID, amount=7)  # Ann
    assert game.pending.player == 1
    act(game, A.A_DROP)  # Bob passes
    assert game.pending.player == 2  # Cid, who passed before Ann's raise, is asked again
    act(game, A.A_DROP)  # Cid passes
    assert find_frame(game.st, AuctionFrame) is None
    assert game.st.owner[deed(game, "baltic")] == 0
    assert cashes(game) == [1493, 1500, 1500]


def test_a_player_who_passed_may_raise_again_while_the_auction_is_open() -> None:
    """Classic and NFL: 'the Banker immediately auctions it to the highest bidder, starting at
    any price'; Lord of the Rings: 'the Banker ends the auction when no player is willing to
    increase the bid'. A pass is not final: Cid passes, then, after Bob's raise, outbids him."""
    game = _declined(players=3)
    act(game, A.A_BID, amount=5)  # Ann
    events = act(game, A.A_DROP)  # Bob passes
    assert "auction_pass" in kinds(events)
    assert game.pending.context["passed"] == [1]
    act(game, A.A_DROP)  # Cid passes: every other bidder passed after Ann's raise
    assert game.st.owner[deed(game, "baltic")] == 0
    game = _declined(players=3)
    act(game, A.A_BID, amount=5)  # Ann
    act(game, A.A_DROP)  # Bob passes
    act(game, A.A_BID, amount=6)  # Cid raises
    assert game.pending.player == 0 and game.pending.context["passed"] == []
    act(game, A.A_DROP)  # Ann passes
    assert game.pending.player == 1  # Bob, who passed, may answer Cid's raise
    assert A.A_BID in {a.kind for a in game.pending.choices}
    act(game, A.A_BID, amount=8)  # Bob raises again
    act(game, A.A_DROP)  # Cid passes
    act(game, A.A_DROP)  # Ann passes
    assert game.st.owner[deed(game, "baltic")] == 1
    assert cashes(game) == [1500, 1492, 1500]


def test_auction_closes_when_all_but_the_high_bidder_passed_after_the_last_raise() -> None:
    """It closes when, after the last raise, every other player still able to bid has passed:
    a player who cannot reach the smallest bid is not waited for."""
    game = _declined(players=3)
    cash(game, 1500, 1500, 20)
    act(game, A.A_BID, amount=10)  # Ann
    act(game, A.A_BID, amount=30)  # Bob: more than Cid could ever raise
    assert game.pending.player == 0  # Cid left by himself
    assert game.pending.context["bidders"] == [0, 1]
    act(game, A.A_DROP)  # Ann passes
    assert game.st.owner[deed(game, "baltic")] == 1


def test_house_rule_a_pass_is_final() -> None:
    """The house rule 'auction_pass_final': whoever passes is out and never asked again."""
    game = _declined(players=3, rules={"auction_pass_final": True})
    act(game, A.A_BID, amount=5)  # Ann
    act(game, A.A_DROP)  # Bob drops out
    assert game.pending.context["bidders"] == [0, 2]
    act(game, A.A_BID, amount=6)  # Cid
    act(game, A.A_DROP)  # Ann drops out: Cid wins, Bob is not asked again
    assert game.st.owner[deed(game, "baltic")] == 2


def test_auction_ends_when_all_others_drop_after_a_bid() -> None:
    """'If no one makes a higher bid, the last player to bid must buy the property.'"""
    game = _declined(players=3)
    act(game, A.A_BID, amount=40)
    act(game, A.A_DROP)
    act(game, A.A_DROP)
    assert game.st.owner[deed(game, "baltic")] == 0
    assert cashes(game) == [1460, 1500, 1500]


def test_auction_with_no_bids_leaves_the_deed_with_the_bank() -> None:
    """Nobody bids: the deed stays with the Bank and no money moves."""
    game = _declined(players=3)
    act(game, A.A_DROP)
    act(game, A.A_DROP)
    events = act(game, A.A_DROP)
    assert game.st.owner[deed(game, "baltic")] == -1
    assert cashes(game) == [1500, 1500, 1500]
    assert "no_bids" in kinds(events)
    assert game.pending.kind == A.END_TURN


def test_bidding_may_start_at_1() -> None:
    """'Any player can start the bidding for as little as 1.'"""
    game = _declined()
    assert game.pending.context["min_bid"] == 1
    act(game, A.A_BID, amount=1)
    act(game, A.A_DROP)
    assert game.st.owner[deed(game, "baltic")] == 0
    assert game.st.players[0].cash == 1499


def test_a_bid_must_beat_the_highest_bid() -> None:
    """The property goes to the highest bidder: a bid not above the high bid is refused."""
    game = _declined()
    act(game, A.A_BID, amount=30)
    before = copy.deepcopy(game.st)
    with pytest.raises(IllegalAction):
        act(game, A.A_BID, amount=30)
    assert game.st.frames == before.frames
    assert game.pending.context["min_bid"] == 31


def test_nobody_can_bid_more_than_they_could_raise() -> None:
    """Bids are paid in cash; a bidder can bid only what cash plus selling and mortgaging
    could raise."""
    game = _declined()
    cash(game, 1500, 100)
    give(game, 1, "mediterranean")  # mortgage value 30
    act(game, A.A_BID, amount=10)
    assert game.pending.context["max_bid"] == 130
    with pytest.raises(IllegalAction):
        act(game, A.A_BID, amount=131)
    auction = find_frame(game.st, AuctionFrame)
    assert auction is not None and auction.high_bid == 10
    act(game, A.A_BID, amount=130)
    assert find_frame(game.st, AuctionFrame).high_bidder == 1


def test_auction_winner_without_the_cash_must_raise_it() -> None:
    """The winner must pay: short of cash, they owe the Bank and raise it by mortgaging."""
    game = _declined()
    cash(game, 1500, 100)
    give(game, 1, "mediterranean")
    act(game, A.A_BID, amount=10)
    act(game, A.A_BID, amount=120)  # Bob
    act(game, A.A_DROP)  # Ann
    assert game.pending.kind == A.DEBT
    assert game.pending.player == 1
    assert game.pending.context["amount"] == 120
    assert game.pending.choices == ()  # no paying nor bankruptcy yet: raise it first
    act(game, A.A_MORTGAGE, player=1, target=deed(game, "mediterranean"))
    act(game, A.A_PAY_DEBT)
    assert game.st.owner[deed(game, "baltic")] == 1
    assert cashes(game) == [1500, 10]


def test_a_bidder_who_cannot_reach_the_minimum_is_left_out() -> None:
    """Someone with nothing to raise cannot bid at all, so is not asked."""
    game = _at_baltic_for_sale(players=3)
    cash(game, 1440, 0, 1500)
    act(game, A.A_AUCTION)
    assert game.pending.context["bidders"] == [0, 2]
    act(game, A.A_BID, amount=2)
    assert game.pending.player == 2


def test_after_a_bidder_is_priced_out_the_next_in_order_is_asked() -> None:
    """Bidding goes round in order: when the one to be asked cannot reach the new minimum, the
    next bidder after them is asked, never the high bidder against their own bid."""
    game = _at_baltic_for_sale(players=4)
    cash(game, 1440, 1500, 60, 1500)
    act(game, A.A_AUCTION)
    act(game, A.A_DROP)  # Ann
    act(game, A.A_BID, amount=70)  # Bob; Cid (60 to his name) cannot reach 71
    assert game.pending.context["bidders"] == [0, 1, 3]  # Ann passed, but may raise again
    assert game.pending.player == 3
    act(game, A.A_DROP)  # Dee
    assert game.pending.player == 0
    act(game, A.A_DROP)  # Ann
    assert game.st.owner[deed(game, "baltic")] == 1
    assert cashes(game) == [1440, 1430, 60, 1500]
