"""Dungeons & Dragons: Honor Among Thieves, "Magic & Mystery" (rulebook:DND, ACTION SPACES)
and the designed cards (docs/design/dnd.md §3.2), from hand-made states."""

from __future__ import annotations

import pytest
from dnd_helpers import deed, dnd_game, give_item, script, space, stand_before

from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.describe import describe
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.invariants import check_play
from monopoly_tui.engine.mechanics.dnd_adventures import state as adventures
from monopoly_tui.engine.mechanics.dnd_cards import A_GIVE_UP_ITEM, LOSE_AN_ITEM
from monopoly_tui.engine.mechanics.dnd_checks import A_NO_ITEM, A_USE_ITEM, USE_ITEMS, items_of
from monopoly_tui.engine.snapshot import check_state, decode_state, encode_state
from monopoly_tui.engine.state import TradeOffer


def card_index(game: Game, starts: str) -> int:
    return next(i for i, c in enumerate(game.spec.decks[0].cards) if c.text.startswith(starts))


def draw_card(game: Game, starts: str, *dice: int) -> list[Event]:
    """Ann rolls a 3 from GO onto the first Magic & Mystery space, where the card starting
    ``starts`` is on top; then the dice show ``dice``."""
    ci = card_index(game, starts)
    order = game.st.decks[0]
    order.remove(ci)
    order.insert(0, ci)
    game.st.players[0].position = space(game, "magic-1") - 3
    script(game, 3, *dice)
    return game.act(Action("roll", 0))


def lines(game: Game, events: list[Event]) -> list[str]:
    return [describe(e, game) for e in events]


# ---------------------------------------------------------------- draw, keep or do


def test_a_card_to_keep_stays_with_the_player() -> None:
    game = dnd_game()
    draw_card(game, "Greatsword")
    ci = card_index(game, "Greatsword")
    assert items_of(game, 0) == [(0, ci)] and ci not in game.st.decks[0]
    game2 = dnd_game()
    draw_card(game2, "Thieves' Tools")
    assert game2.st.players[0].cards == [(0, card_index(game2, "Thieves' Tools"))]
    assert check_play(game) == [] and check_play(game2) == []


def test_other_cards_are_carried_out_and_go_to_the_bottom() -> None:
    game = dnd_game()
    events = draw_card(game, "You stumble on a sleeping dragon's hoard")
    assert game.st.players[0].cash == 350
    assert game.st.decks[0][-1] == card_index(game, "You stumble")
    assert "Ann collected 50 gold" in " ".join(lines(game, events))


def test_losses_are_paid_to_the_bank_and_to_the_others() -> None:
    game = dnd_game(3)
    draw_card(game, "You buy a round for everyone")
    assert [p.cash for p in game.st.players] == [280, 310, 310]
    game2 = dnd_game(3)
    draw_card(game2, "The party splits the loot")
    assert [p.cash for p in game2.st.players] == [320, 290, 290]


def test_tribute_pays_10_per_secured_location() -> None:
    game = dnd_game()
    for sid in ("phandalin", "daggerford", "waterdeep"):
        game.st.owner[deed(game, sid)] = 0
        adventures(game).revealed[deed(game, sid)] = True
    draw_card(game, "Your secured lands send tribute")
    assert game.st.players[0].cash == 330


# ---------------------------------------------------------------- monsters


def test_a_monster_beaten_costs_nothing() -> None:
    game = dnd_game()
    events = draw_card(game, "An Owlbear", 11)
    assert game.st.players[0].cash == 300
    assert "Ann beats the monster" in lines(game, events)
    assert game.st.decks[0][-1] == card_index(game, "An Owlbear")


def test_a_monster_lost_to_costs_its_penalty() -> None:
    game = dnd_game()
    events = draw_card(game, "An Owlbear", 10)
    assert game.st.players[0].cash == 270
    text = lines(game, events)
    assert "Ann loses the fight with the monster" in text
    assert any("30 gold" in t and "monster" in t for t in text)
    assert check_play(game) == []


def test_a_monster_critical_fail_costs_50_on_top_of_the_penalty() -> None:
    game = dnd_game()
    draw_card(game, "An Owlbear", 1)
    assert game.st.players[0].cash == 300 - 50 - 30


def test_a_monster_critical_success_collects_50() -> None:
    game = dnd_game()
    draw_card(game, "An Owlbear", 20)
    assert game.st.players[0].cash == 350


def test_items_may_be_used_against_a_monster() -> None:
    game = dnd_game()
    give_item(game, 0, add=3)
    draw_card(game, "An Owlbear", 8)
    assert game.pending.kind == USE_ITEMS and game.pending.context["target"] == 11
    game.act(Action(A_USE_ITEM, 0, 0))
    assert game.st.players[0].cash == 300 and items_of(game, 0) == []
    assert check_play(game) == []


def test_a_monster_fought_without_using_the_items_held_costs_its_penalty() -> None:
    game = dnd_game()
    give_item(game, 0, add=1)
    draw_card(game, "An Owlbear", 8)
    game.act(Action(A_NO_ITEM, 0))
    assert game.st.players[0].cash == 270 and len(items_of(game, 0)) == 1


def test_the_intellect_devourer_lost_to_sends_you_to_jail() -> None:
    game = dnd_game()
    draw_card(game, "An Intellect Devourer", 11)
    pl = game.st.players[0]
    assert pl.in_jail and pl.position == game.spec.jail_space
    assert game.pending.kind == "end_turn"


# ---------------------------------------------------------------- moves


def test_the_sigils_card_moves_to_the_next_portal() -> None:
    game = dnd_game()
    draw_card(game, "Arcane sigils glow")
    assert game.st.players[0].position == space(game, "portal-1")


def test_the_map_card_moves_to_the_nearest_location_nobody_has_secured() -> None:
    game = dnd_game()
    for sid in ("neverwinter-wood",):
        game.st.owner[deed(game, sid)] = 1
        adventures(game).revealed[deed(game, sid)] = True
    draw_card(game, "You find a map to adventure")
    assert game.st.players[0].position == space(game, "high-forest")
    assert game.pending.kind == "secure"  # carried out as a landing: the fee, then pay or roll
    assert game.st.players[0].cash == 300 - 20


def test_a_card_move_over_go_pays_40() -> None:
    game = dnd_game()
    ci = card_index(game, "You find a map to adventure")
    game.st.decks[0].remove(ci)
    game.st.decks[0].insert(0, ci)
    for d in game.spec.deeds:
        if d.spaces[0] > space(game, "magic-8"):
            game.st.owner[d.index] = 1
            adventures(game).revealed[d.index] = True
    stand_before(game, 0, "magic-8", 1)
    script(game, 1)
    game.act(Action("roll", 0))
    assert game.st.players[0].position == space(game, "phandalin")
    assert game.st.players[0].cash == 300 + 40 - 10


def test_the_rockfall_card_moves_back_3_spaces() -> None:
    """Back onto GO: "When you pass or land on the GO space, collect 40 gold" (issue 28)."""
    game = dnd_game()
    draw_card(game, "A rockfall blocks")
    assert game.st.players[0].position == space(game, "go")
    assert game.st.players[0].cash == 340


# ---------------------------------------------------------------- lost items


def test_losing_an_item_lets_the_player_choose_which() -> None:
    game = dnd_game()
    give_item(game, 0, add=1)
    kept = give_item(game, 0, add=5)
    stand_before(game, 0, "neverwinter-wood")
    script(game, 1, 1)
    game.act(Action("roll", 0))
    game.act(Action("roll_to_secure", 0, deed(game, "neverwinter-wood")))
    pend = game.pending
    assert pend.kind == LOSE_AN_ITEM and len(pend.choices) == 2
    with pytest.raises(IllegalAction):
        game.act(Action(A_GIVE_UP_ITEM, 0, 5))
    events = game.act(Action(A_GIVE_UP_ITEM, 0, 0))
    assert items_of(game, 0) == [kept]
    assert any("Word of Guidance" in t or "Luckstone" in t for t in lines(game, events))
    assert check_play(game) == []


def test_losing_an_item_with_none_held_does_nothing() -> None:
    game = dnd_game()
    stand_before(game, 0, "neverwinter-wood")
    script(game, 1, 1)
    game.act(Action("roll", 0))
    events = game.act(Action("roll_to_secure", 0, deed(game, "neverwinter-wood")))
    assert game.pending.kind == "end_turn"
    assert "Ann has no Item card to lose" in lines(game, events)


def test_losing_the_only_item_held_takes_it() -> None:
    game = dnd_game()
    held = give_item(game, 0, add=2)
    stand_before(game, 0, "neverwinter-wood")
    script(game, 1, 1)
    game.act(Action("roll", 0))
    game.act(Action("roll_to_secure", 0, deed(game, "neverwinter-wood")))
    assert items_of(game, 0) == [] and game.st.decks[0][-1] == held[1]


def test_a_lost_item_choice_is_saved_and_restored() -> None:
    game = dnd_game()
    give_item(game, 0, add=1)
    give_item(game, 0, add=2)
    stand_before(game, 0, "neverwinter-wood")
    script(game, 1, 1)
    game.act(Action("roll", 0))
    game.act(Action("roll_to_secure", 0, deed(game, "neverwinter-wood")))
    st = decode_state(encode_state(game.st))
    assert check_state(game.spec, st) == []
    assert st.frames == game.st.frames


# ---------------------------------------------------------------- kept cards are traded


def test_items_and_get_out_of_jail_free_cards_may_be_traded() -> None:
    game = dnd_game()
    item = give_item(game, 0, add=4)
    jail_card = card_index(game, "Thieves' Tools")
    game.st.decks[0].remove(jail_card)
    game.st.players[1].cards.append((0, jail_card))
    offer = TradeOffer(0, 1, give_kept=(item,), take_cards=1, give_cash=10)
    assert game.trade_problem(offer) == ""
    game.act(Action("propose_trade", 0, trade=offer))
    game.act(Action("accept_trade", 1))
    assert items_of(game, 1) == [item] and items_of(game, 0) == []
    assert game.st.players[0].cards == [(0, jail_card)]
    assert check_play(game) == []


def test_a_card_not_kept_cannot_be_traded() -> None:
    game = dnd_game()
    item = give_item(game, 1, add=4)
    assert "does not keep" in game.trade_problem(TradeOffer(0, 1, give_kept=(item,)))
    assert game.trade_problem(TradeOffer(0, 1, take_kept=(item,))) == ""
    assert "twice" in game.trade_problem(TradeOffer(0, 1, take_kept=(item, item)))


def test_every_players_gold_stays_a_multiple_of_the_10_gold_coin() -> None:
    game = dnd_game()
    assert check_play(game) == []
    game.st.players[1].cash += 5
    game.st.bank_net += 5
    assert any("not a multiple of the 10-gold coin" in p for p in check_play(game))
