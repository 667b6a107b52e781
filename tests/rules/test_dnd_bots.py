"""The basic bot's habits for the Dungeons & Dragons decisions (bots/dnd_choice.py), from
hand-made states with the dice scripted."""

from __future__ import annotations

from dnd_helpers import deed, dnd_game, give_item, script, secure_for, stand_before

from monopoly_tui.bots import make_bot
from monopoly_tui.bots.dnd_choice import item_trade_worth
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.dnd_adventures import A_PAY_SECURE, A_ROLL_SECURE, card_of
from monopoly_tui.engine.mechanics.dnd_cards import A_GIVE_UP_ITEM, LOSE_AN_ITEM
from monopoly_tui.engine.mechanics.dnd_checks import A_NO_ITEM, A_USE_ITEM, USE_ITEMS
from monopoly_tui.engine.state import TradeOffer


def on(game: Game, sid: str, *red: int) -> None:
    stand_before(game, 0, sid)
    script(game, 1, *red)
    game.act(Action("roll", 0))


def choice(game: Game) -> Action:
    return make_bot("basic", 1).choose(game, game.pending.player)


def test_the_bot_pays_the_price_when_rolling_is_unlikely_and_gold_is_left() -> None:
    game = dnd_game()
    on(game, "waterdeep")  # target 13 (40 %), price 140: 260 - 140 leaves 120
    assert choice(game).kind == A_PAY_SECURE


def test_the_bot_rolls_when_the_price_would_leave_too_little() -> None:
    game = dnd_game()
    game.st.players[0].cash = 240
    game.st.bank_net -= 60
    on(game, "waterdeep")  # 200 - 140 = 60 is kept; 190 - 140 would not be
    assert choice(game).kind == A_PAY_SECURE
    game2 = dnd_game()
    game2.st.players[0].cash = 220
    game2.st.bank_net -= 80
    on(game2, "waterdeep")
    assert choice(game2).kind == A_ROLL_SECURE


def test_the_bot_rolls_when_the_odds_with_its_items_are_good() -> None:
    game = dnd_game()
    give_item(game, 0, add=5)
    give_item(game, 0, add=4)
    on(game, "waterdeep")  # 13 or more with +9 in hand: 85 %
    assert choice(game).kind == A_ROLL_SECURE
    game2 = dnd_game()
    on(game2, "phandalin")  # 8 or more: 65 %
    assert choice(game2).kind == A_ROLL_SECURE


def test_the_bot_uses_the_smallest_item_that_reaches_the_target() -> None:
    game = dnd_game()
    give_item(game, 0, add=5)
    give_item(game, 0, add=3)
    give_item(game, 0, add=1)
    on(game, "waterdeep", 11)
    game.act(Action(A_ROLL_SECURE, 0, deed(game, "waterdeep")))
    assert game.pending.kind == USE_ITEMS
    assert choice(game) == Action(A_USE_ITEM, 0, 1)  # the +3 (the gap is 2)


def test_the_bot_adds_its_biggest_item_first_when_only_several_reach() -> None:
    game = dnd_game()
    give_item(game, 0, add=1)
    give_item(game, 0, add=2)
    on(game, "waterdeep", 10)
    game.act(Action(A_ROLL_SECURE, 0, deed(game, "waterdeep")))
    assert choice(game) == Action(A_USE_ITEM, 0, 1)


def test_the_bot_rerolls_when_its_adds_cannot_reach_and_keeps_items_that_cannot_help() -> None:
    game = dnd_game()
    give_item(game, 0, add=1)
    give_item(game, 0, reroll=True)
    on(game, "waterdeep", 4)
    game.act(Action(A_ROLL_SECURE, 0, deed(game, "waterdeep")))
    assert choice(game) == Action(A_USE_ITEM, 0, 1)
    game2 = dnd_game()
    give_item(game2, 0, add=1)
    on(game2, "waterdeep", 4)
    game2.act(Action(A_ROLL_SECURE, 0, deed(game2, "waterdeep")))
    assert choice(game2).kind == A_NO_ITEM


def test_the_bot_gives_up_its_weakest_item() -> None:
    game = dnd_game()
    give_item(game, 0, reroll=True)
    give_item(game, 0, add=2)
    give_item(game, 0, add=4)
    on(game, "neverwinter-wood", 1)
    game.act(Action(A_ROLL_SECURE, 0, deed(game, "neverwinter-wood")))
    assert game.pending.kind == LOSE_AN_ITEM
    assert choice(game) == Action(A_GIVE_UP_ITEM, 0, 1)


def _answer(game: Game, offer: TradeOffer) -> str:
    """The basic partner's answer to ``offer`` (proposed by its proposer)."""
    game.act(Action("propose_trade", offer.proposer, trade=offer))
    _, who = game.waiting_for
    assert who == offer.partner
    return make_bot("basic", 1).choose(game, who).kind


def test_the_bot_sells_a_location_for_no_less_than_its_adventure_price() -> None:
    """Menzoberranzan's printed amount is 80 gold, but securing it from the bank at once costs
    its Adventure card's price (270): the basic bot sold it for 80 before; now it asks the
    price, and as much again for the pair when it completes the buyer's (what its valuation
    asks of a colour group in the other editions)."""
    game = dnd_game()
    secure_for(game, 1, "menzoberranzan")
    menzo = deed(game, "menzoberranzan")
    amount = game.spec.deeds[menzo].price
    price = card_of(game, menzo).price
    assert amount < price
    assert _answer(game, TradeOffer(0, 1, take_deeds=(menzo,), give_cash=amount)) == "reject_trade"
    game = dnd_game()
    secure_for(game, 1, "menzoberranzan")
    assert _answer(game, TradeOffer(0, 1, take_deeds=(menzo,), give_cash=price)) == "accept_trade"
    game = dnd_game()
    secure_for(game, 1, "menzoberranzan")
    secure_for(game, 0, "gauntlgrym")
    game.st.players[0].cash = 2000
    pair = price + card_of(game, deed(game, "gauntlgrym")).price
    offer = TradeOffer(0, 1, take_deeds=(menzo,), give_cash=price + pair - 10)
    assert _answer(game, offer) == "reject_trade"
    game = dnd_game()
    secure_for(game, 1, "menzoberranzan")
    secure_for(game, 0, "gauntlgrym")
    game.st.players[0].cash = 2000
    offer = TradeOffer(0, 1, take_deeds=(menzo,), give_cash=price + pair)
    assert _answer(game, offer) == "accept_trade"


def test_the_bot_gives_no_item_card_away_for_nothing() -> None:
    """An Item card (+5 on the red die) is worth the gold it saves in securing rolls: asked
    for it for nothing, the basic bot refuses (it accepted before: its valuation counted no
    kept card); for more than that worth it sells."""
    game = dnd_game()
    held = give_item(game, 1, add=5)
    assert item_trade_worth(game, 1, held) is not None
    worth = item_trade_worth(game, 1, held) or 0
    assert 10 < worth < 100
    assert _answer(game, TradeOffer(0, 1, take_kept=(held,))) == "reject_trade"
    game = dnd_game()
    held = give_item(game, 1, add=5)
    offer = TradeOffer(0, 1, take_kept=(held,), give_cash=-(-worth // 10) * 10)
    assert _answer(game, offer) == "accept_trade"
