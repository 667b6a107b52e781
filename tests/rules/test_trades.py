"""Deals between players (rulebook:GOT 'VII. Do a Deal'; rulebook:NFL 'Selling and
Mortgaging': 'You may sell unmortgaged, unimproved properties to other players in private
deals for any agreed amount')."""

from __future__ import annotations

import copy

import pytest
from helpers import (
    act,
    build,
    card,
    cash,
    cashes,
    deck,
    deed,
    give,
    give_group,
    kinds,
    new_game,
    roll,
)

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import IllegalAction
from monopoly_tui.engine.frames import TradeFrame, find_frame
from monopoly_tui.engine.spec import GET_OUT_OF_JAIL_FREE
from monopoly_tui.engine.state import TradeOffer


def _refused(game, offer: TradeOffer, why: str, player: int | None = None) -> None:
    """The offer is refused with a reason that says why, and nothing changes."""
    before = copy.deepcopy(game.st)
    with pytest.raises(IllegalAction) as err:
        act(game, A.A_PROPOSE, player=offer.proposer if player is None else player, trade=offer)
    assert why in err.value.reason
    assert find_frame(game.st, TradeFrame) is None
    assert game.st.owner == before.owner
    assert cashes(game) == [p.cash for p in before.players]
    assert game.pending.kind == before_kind(before)


def before_kind(st) -> str:
    return A.ROLL if st.stage == "pre_roll" else A.END_TURN


def _gojf(game, player: int) -> tuple[int, int]:
    di = deck(game, "chance")
    ci = card(game, "chance", GET_OUT_OF_JAIL_FREE)
    game.st.decks[di].remove(ci)
    game.st.players[player].cards.append((di, ci))
    return di, ci


def test_deed_sold_for_cash_changes_hands_when_accepted() -> None:
    """'Property can be traded for any combination of cash, other property or Get Out of Jail
    Free cards. The amount is decided by the players.'"""
    game = new_game()
    give(game, 1, "boardwalk")
    offer = TradeOffer(proposer=0, partner=1, take_deeds=(deed(game, "boardwalk"),),
                       give_cash=555)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    assert game.pending.kind == A.TRADE and game.pending.player == 1
    assert game.pending.context["offer"] == offer
    events = act(game, A.A_ACCEPT)
    assert "trade_accepted" in kinds(events)
    assert game.st.owner[deed(game, "boardwalk")] == 0
    assert cashes(game) == [945, 2055]
    assert game.pending.kind == A.ROLL and game.pending.player == 0


def test_deeds_swap_with_cash_and_cards_both_ways() -> None:
    """Deeds, cash and Get Out of Jail Free cards may go both ways in one deal."""
    game = new_game()
    give(game, 0, "baltic")
    give(game, 1, "boardwalk", "park-place")
    held = _gojf(game, 1)
    offer = TradeOffer(proposer=0, partner=1, give_deeds=(deed(game, "baltic"),),
                       take_deeds=(deed(game, "boardwalk"), deed(game, "park-place")),
                       give_cash=300, take_cards=1)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    act(game, A.A_ACCEPT)
    assert game.st.owner[deed(game, "baltic")] == 1
    assert game.st.owner[deed(game, "boardwalk")] == 0
    assert game.st.owner[deed(game, "park-place")] == 0
    assert game.st.players[0].cards == [held]
    assert game.st.players[1].cards == []
    assert cashes(game) == [1200, 1800]


def test_rejected_deal_changes_nothing() -> None:
    """A deal needs both players' agreement: a rejected offer leaves everything as it was."""
    game = new_game()
    give(game, 1, "boardwalk")
    offer = TradeOffer(proposer=0, partner=1, take_deeds=(deed(game, "boardwalk"),),
                       give_cash=10)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    events = act(game, A.A_REJECT)
    assert "trade_rejected" in kinds(events)
    assert game.st.owner[deed(game, "boardwalk")] == 1
    assert cashes(game) == [1500, 1500]
    assert find_frame(game.st, TradeFrame) is None
    assert game.pending.kind == A.ROLL


def test_only_the_partner_answers_a_deal() -> None:
    """The proposer cannot accept their own offer."""
    game = new_game()
    give(game, 1, "boardwalk")
    offer = TradeOffer(proposer=0, partner=1, take_deeds=(deed(game, "boardwalk"),))
    act(game, A.A_PROPOSE, player=0, trade=offer)
    with pytest.raises(IllegalAction):
        act(game, A.A_ACCEPT, player=0)
    assert game.st.owner[deed(game, "boardwalk")] == 1


def test_no_deed_from_a_group_with_buildings() -> None:
    """'You must sell all Villages/Keeps on a color group to the Bank before you can sell one of
    its Properties.'"""
    game = new_game()
    give_group(game, 0, "brown")
    build(game, "mediterranean", 1)
    offer = TradeOffer(proposer=0, partner=1, give_deeds=(deed(game, "baltic"),), take_cash=100)
    _refused(game, offer, "sell the buildings")


def test_no_deed_the_player_does_not_own() -> None:
    """A player can deal only what they own."""
    game = new_game()
    give(game, 1, "boardwalk")
    offer = TradeOffer(proposer=0, partner=1, give_deeds=(deed(game, "boardwalk"),))
    _refused(game, offer, "does not own")


def test_no_more_cash_than_the_player_has() -> None:
    """Deals are in cash in hand ('players may never loan each other Gold Dragons')."""
    game = new_game()
    give(game, 1, "boardwalk")
    offer = TradeOffer(proposer=0, partner=1, take_deeds=(deed(game, "boardwalk"),),
                       give_cash=1501)
    _refused(game, offer, "Ann has only $1,500, not $1,501")
    offer = TradeOffer(proposer=0, partner=1, give_deeds=(), take_cash=1600)
    _refused(game, offer, "Bob has only $1,500, not $1,600")
    got = new_game("got")
    offer = TradeOffer(proposer=0, partner=1, take_cash=1501)
    _refused(got, offer, "Bob has only 1,500 Gold Dragons, not 1,501 Gold Dragons")


def test_no_negative_amounts() -> None:
    """Amounts in a deal are never negative."""
    game = new_game()
    give(game, 1, "boardwalk")
    offer = TradeOffer(proposer=0, partner=1, take_deeds=(deed(game, "boardwalk"),),
                       give_cash=-100)
    _refused(game, offer, "negative")


def test_no_cards_the_player_does_not_hold() -> None:
    """Only Get Out of Jail Free cards actually held can be dealt."""
    game = new_game()
    offer = TradeOffer(proposer=0, partner=1, give_cards=1, take_cash=20)
    _refused(game, offer, "Get Out of Jail Free")


def test_no_empty_deal() -> None:
    """A deal must exchange something."""
    game = new_game()
    _refused(game, TradeOffer(proposer=0, partner=1), "empty")


def test_no_deal_with_yourself() -> None:
    """A deal is between two different players."""
    game = new_game()
    give(game, 0, "boardwalk")
    offer = TradeOffer(proposer=0, partner=0, give_deeds=(deed(game, "boardwalk"),))
    _refused(game, offer, "two different players")


def test_no_deal_with_a_bankrupt_player() -> None:
    """A bankrupt player is out of the game."""
    game = new_game(players=3)
    game.st.players[2].bankrupt = True
    offer = TradeOffer(proposer=0, partner=2, give_cash=10)
    _refused(game, offer, "in the game")


def test_no_deed_named_twice() -> None:
    """Each deed is one card: it cannot be given twice."""
    game = new_game()
    give(game, 0, "boardwalk")
    b = deed(game, "boardwalk")
    offer = TradeOffer(proposer=0, partner=1, give_deeds=(b, b), take_cash=10)
    _refused(game, offer, "twice")


def test_no_offer_in_another_players_name() -> None:
    """Only the proposer may make an offer in their own name."""
    game = new_game()
    give(game, 0, "boardwalk")
    offer = TradeOffer(proposer=0, partner=1, give_deeds=(deed(game, "boardwalk"),))
    _refused(game, offer, "proposing", player=1)


def test_deals_are_open_on_another_players_turn() -> None:
    """'You can do a deal ... even when it isn't your turn.'"""
    game = new_game(players=3)
    give(game, 2, "boardwalk")
    offer = TradeOffer(proposer=1, partner=2, take_deeds=(deed(game, "boardwalk"),),
                       give_cash=400)
    act(game, A.A_PROPOSE, player=1, trade=offer)
    act(game, A.A_ACCEPT, player=2)
    assert game.st.owner[deed(game, "boardwalk")] == 1
    assert cashes(game) == [1500, 1100, 1900]


def test_mortgaged_deed_may_be_sold_at_any_agreed_price() -> None:
    """'Mortgaged property can be sold to another player at any agreed price.'"""
    game = new_game()
    give(game, 0, "boardwalk", mortgaged=True)
    offer = TradeOffer(proposer=0, partner=1, give_deeds=(deed(game, "boardwalk"),),
                       take_cash=1)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    act(game, A.A_ACCEPT)
    assert game.st.owner[deed(game, "boardwalk")] == 1
    assert game.pending.kind == A.MORTGAGED_TRANSFER


def test_no_deal_in_the_middle_of_an_auction() -> None:
    """A deal waits until the decision in hand is finished."""
    game = new_game()
    give(game, 1, "boardwalk")
    roll(game, (2, 3))
    act(game, A.A_AUCTION)
    offer = TradeOffer(proposer=0, partner=1, take_deeds=(deed(game, "boardwalk"),),
                       give_cash=10)
    before = copy.deepcopy(game.st)
    with pytest.raises(IllegalAction):
        act(game, A.A_PROPOSE, player=0, trade=offer)
    assert game.st.frames == before.frames


# ---------------------------------------------------------------- counter-offers


def test_a_counter_offer_turns_the_offer_down_and_puts_the_new_one_to_the_proposer() -> None:
    """The partner may answer an offer with one of their own: the first is turned down, the
    proposer now answers the counter-offer (and may accept it)."""
    game = new_game()
    give(game, 1, "boardwalk")
    bw = deed(game, "boardwalk")
    offer = TradeOffer(proposer=0, partner=1, take_deeds=(bw,), give_cash=100)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    assert game.pending.context["counter"] is True
    counter = TradeOffer(proposer=1, partner=0, give_deeds=(bw,), take_cash=400)
    events = act(game, A.A_COUNTER, player=1, trade=counter)
    assert kinds(events)[:2] == ["trade_rejected", "trade_proposed"]
    assert game.pending.kind == A.TRADE and game.pending.player == 0
    assert game.pending.context["offer"] == counter
    assert len([f for f in game.st.frames if isinstance(f, TradeFrame)]) == 1
    from monopoly_tui.engine.describe import describe

    said = [describe(e, game) for e in events]
    # (issue 33, item 7: logged as "turned down" first, as if no answer came)
    assert said == ["Bob answered Ann's trade with a counter-offer",
                    "Bob offered Ann Boardwalk for $400"], said
    act(game, A.A_ACCEPT, player=0)
    assert game.st.owner[bw] == 0
    assert cashes(game) == [1100, 1900]


@pytest.mark.parametrize("counter, why", [
    (TradeOffer(proposer=0, partner=1, give_cash=50), "from the partner to the proposer"),
    (TradeOffer(proposer=1, partner=0, take_cash=99999), "has only"),
    (TradeOffer(proposer=1, partner=0), "empty"),
])
def test_a_counter_offer_the_rules_refuse_changes_nothing(counter: TradeOffer,
                                                         why: str) -> None:
    """A counter-offer goes from the partner to the proposer and must be a trade the rules
    allow; otherwise it is refused and the first offer still waits for its answer."""
    game = new_game()
    give(game, 1, "boardwalk")
    offer = TradeOffer(proposer=0, partner=1, take_deeds=(deed(game, "boardwalk"),),
                       give_cash=100)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    before = copy.deepcopy(game.st)
    with pytest.raises(IllegalAction) as err:
        act(game, A.A_COUNTER, player=1, trade=counter)
    assert why in err.value.reason
    assert game.st.frames == before.frames and cashes(game) == [1500, 1500]
    assert game.pending.context["offer"] == offer
    with pytest.raises(IllegalAction):  # and only the partner answers
        act(game, A.A_COUNTER, player=0,
            trade=TradeOffer(proposer=1, partner=0, take_cash=10))


def test_the_partner_of_a_debtor_may_counter_though_not_propose() -> None:
    """While a debt waits only the debtor may propose a trade (to raise the cash); the
    partner of the debtor's offer may still answer it with a counter-offer."""
    game = new_game()
    give(game, 1, "boardwalk")
    give(game, 0, "baltic")
    cash(game, 10, 1500)
    game.owe(0, -1, 200, "tax")
    assert game.pending.kind == A.DEBT
    offer = TradeOffer(proposer=0, partner=1, give_deeds=(deed(game, "baltic"),),
                       take_cash=300)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    assert not game.may_trade(1)
    counter = TradeOffer(proposer=1, partner=0, take_deeds=(deed(game, "baltic"),),
                         give_cash=250)
    act(game, A.A_COUNTER, player=1, trade=counter)
    assert game.pending.kind == A.TRADE and game.pending.player == 0
    act(game, A.A_ACCEPT, player=0)
    assert cashes(game) == [260, 1250]
    assert game.pending.kind == A.DEBT
