"""Dungeons & Dragons: Honor Among Thieves, "DEALS & TRADES" (rulebook:DND), from hand-made
states: locations (their Adventure cards), gold, Get Out of Jail Free and kept Item cards."""

from __future__ import annotations

from dnd_helpers import deed, dnd_game, give_item, script, stand_before

from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.invariants import check_play
from monopoly_tui.engine.mechanics.dnd_adventures import state as adventures
from monopoly_tui.engine.mechanics.dnd_checks import items_of
from monopoly_tui.engine.state import INSOLVENT, TradeOffer


def secure_for(game: Game, p: int, *sids: str) -> None:
    for sid in sids:
        game.st.owner[deed(game, sid)] = p
        adventures(game).revealed[deed(game, sid)] = True


def trade(game: Game, offer: TradeOffer) -> None:
    game.act(Action("propose_trade", offer.proposer, trade=offer))
    game.act(Action("accept_trade", offer.partner))


def test_secured_locations_may_be_traded_at_any_time() -> None:
    game = dnd_game()
    secure_for(game, 0, "waterdeep")
    assert game.may_trade(0) and game.may_trade(1)  # whoever's turn it is
    trade(game, TradeOffer(1, 0, take_deeds=(deed(game, "waterdeep"),), give_cash=100))
    assert game.st.owner[deed(game, "waterdeep")] == 1
    assert [p.cash for p in game.st.players] == [400, 200]
    assert check_play(game) == []


def test_an_unsecured_location_cannot_be_traded() -> None:
    game = dnd_game()
    adventures(game).revealed[deed(game, "waterdeep")] = True
    why = game.trade_problem(TradeOffer(0, 1, give_deeds=(deed(game, "waterdeep"),)))
    assert "does not own" in why


def test_a_traded_location_charges_its_tax_for_the_new_owner() -> None:
    game = dnd_game(3)
    secure_for(game, 0, "waterdeep")
    secure_for(game, 1, "neverwinter")
    trade(game, TradeOffer(0, 1, give_deeds=(deed(game, "waterdeep"),), take_cash=10))
    stand_before(game, 0, "waterdeep")
    script(game, 1)
    game.act(Action("roll", 0))
    assert game.st.players[1].cash == 290 + 80  # Bob now holds the pair: double tax
    assert check_play(game) == []


def test_kept_item_cards_change_hands_in_a_trade() -> None:
    """'Locations can be traded for gold, other locations, Get Out of Jail Free cards, and/or
    any other Magic & Mystery cards you were keeping to use later'; the log names the card."""
    from monopoly_tui.engine.describe import describe_each

    game = dnd_game()
    held = give_item(game, 0, reroll=True)
    name = game.spec.decks[0].cards[held[1]].text.split(".")[0]
    events = game.act(Action("propose_trade", 1, trade=TradeOffer(1, 0, take_kept=(held,),
                                                                   give_cash=30)))
    assert describe_each(events, game) == [f"Bob offered Ann 30 gold for the Item card {name}"]
    events = game.act(Action("accept_trade", 0))
    assert describe_each(events, game) == [
        f"Ann accepted Bob's trade: 30 gold to Ann, the Item card {name} to Bob"]
    assert items_of(game, 1) == [held] and game.st.players[0].cash == 330


def test_a_player_close_to_death_may_trade() -> None:
    game = dnd_game()
    secure_for(game, 1, "phandalin")
    game.st.players[1].status = INSOLVENT
    game.st.bank_net -= game.st.players[1].cash
    game.st.players[1].cash = 0
    assert game.may_trade(1)
    trade(game, TradeOffer(1, 0, give_deeds=(deed(game, "phandalin"),), take_cash=50))
    assert game.st.players[1].cash == 50 and game.st.players[1].status == INSOLVENT
    assert check_play(game) == []


def test_a_prisoner_may_still_trade() -> None:
    game = dnd_game()
    secure_for(game, 0, "daggerford")
    game.st.players[0].in_jail = True
    game.st.players[0].position = game.spec.jail_space
    trade(game, TradeOffer(0, 1, give_deeds=(deed(game, "daggerford"),), take_cash=20))
    assert game.st.owner[deed(game, "daggerford")] == 1


def test_gold_changes_hands_in_10_gold_coins() -> None:
    game = dnd_game()
    secure_for(game, 0, "waterdeep")
    offer = TradeOffer(1, 0, take_deeds=(deed(game, "waterdeep"),), give_cash=95)
    assert game.trade_problem(offer) == "gold changes hands in coins of 10 gold"


def test_you_can_trade_at_any_time_while_a_pay_or_roll_decision_waits() -> None:
    """DEALS & TRADES: "You can buy, sell, or trade locations with other players at any
    time." Ann, on Waterdeep with its card turned over, buys Bob's Greatsword before she rolls
    (the pay-or-roll decision waits), then rolls with it."""
    from monopoly_tui.engine.mechanics.dnd_adventures import SECURE

    game = dnd_game()
    sword = give_item(game, 1, add=4)
    adventures(game).revealed[deed(game, "waterdeep")] = True
    stand_before(game, 0, "waterdeep")
    script(game, 1)
    game.act(Action("roll", 0))
    assert game.pending.kind == SECURE
    assert game.may_trade(0) and game.may_trade(1)
    trade(game, TradeOffer(0, 1, take_kept=(sword,), give_cash=40))
    assert game.pending.kind == SECURE and items_of(game, 0) == [sword]
    assert check_play(game) == []


def test_an_item_card_may_be_bought_for_a_roll_just_seen() -> None:
    """Locations can be traded for "any other Magic & Mystery cards you were keeping", at any
    time: Ann's 9 misses Waterdeep's 13; holding a Potion (+2), she buys Bob's Greatsword (+4)
    while the item decision waits, and uses it: 13, secured."""
    from monopoly_tui.engine.mechanics.dnd_checks import A_USE_ITEM, USE_ITEMS

    game = dnd_game()
    give_item(game, 0, add=2)
    sword = give_item(game, 1, add=4)
    adventures(game).revealed[deed(game, "waterdeep")] = True
    stand_before(game, 0, "waterdeep")
    script(game, 1, 9)
    game.act(Action("roll", 0))
    game.act(Action("roll_to_secure", 0, deed(game, "waterdeep")))
    assert game.pending.kind == USE_ITEMS
    trade(game, TradeOffer(0, 1, take_kept=(sword,), give_cash=50))
    assert game.pending.kind == USE_ITEMS and items_of(game, 0)[-1] == sword
    game.act(Action(A_USE_ITEM, 0, len(items_of(game, 0)) - 1))
    assert game.st.owner[deed(game, "waterdeep")] == 0
    assert check_play(game) == []


def test_no_trade_while_an_item_must_be_given_up() -> None:
    """A card that takes one of your Item cards asks which first: the items cannot be traded
    away from under it (the decision would have nothing to choose from)."""
    from monopoly_tui.engine.mechanics.dnd_cards import LOSE_AN_ITEM, LoseItemFrame

    game = dnd_game()
    give_item(game, 0, add=1)
    give_item(game, 0, add=2)
    game.push(LoseItemFrame(0))
    assert game.pending.kind == LOSE_AN_ITEM
    assert not game.may_trade(0) and not game.may_trade(1)
