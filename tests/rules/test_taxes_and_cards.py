"""Taxes, Chance and Community Chest (rulebook:NFL 'Taxes, Chance, and Community Chest';
rulebook:GOT 'III. Valar Morghulis or The Iron Throne', 'IV. Master of Coin & Master of
Whispers'; the classic decks of facts §0.4 and §0.5; decision 2 for NFL's income tax)."""

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
    jail,
    kinds,
    new_game,
    place,
    roll,
    set_dice,
)

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.spec import (
    COLLECT,
    COLLECT_FROM_EACH,
    GET_OUT_OF_JAIL_FREE,
    GO_TO_JAIL_CARD,
    MOVE_BY,
    MOVE_TO,
    MOVE_TO_NEAREST,
    PAY,
    PAY_EACH,
    REPAIRS,
)
from monopoly_tui.engine.state import TradeOffer

# ------------------------------------------------------------------ taxes


def test_classic_income_tax_is_a_flat_200() -> None:
    """Classic (2008 board): Income Tax, pay 200."""
    game = new_game()
    roll(game, (1, 3))
    assert cashes(game) == [1300, 1500]
    assert game.pending.kind == A.END_TURN


def test_classic_luxury_tax_is_100() -> None:
    """'Luxury / Super Tax: pay the fixed sum shown' (classic 2008: 100)."""
    game = new_game()
    place(game, 0, "short-line")
    roll(game, (1, 2))
    assert cashes(game) == [1400, 1500]


def test_got_tax_spaces_pay_the_amount_shown() -> None:
    """'Master of Coin & Master of Whispers: you must pay the Bank the amount shown' (200, 100)."""
    game = new_game("got")
    roll(game, (1, 3))
    assert cashes(game) == [1300, 1500]


def test_nfl_luxury_box_is_75() -> None:
    """NFL (pre-2008 money): Luxury Box, pay 75."""
    game = new_game("nfl")
    place(game, 0, "short-line")
    roll(game, (1, 2))
    assert cashes(game) == [1425, 1500]


def test_nfl_income_tax_asks_flat_or_percent_before_counting() -> None:
    """'Pay 200 or 10% of your total worth': you choose before you count your worth."""
    game = new_game("nfl")
    roll(game, (1, 3))
    assert game.pending.kind == A.TAX
    assert {a.kind for a in game.pending.choices} == {A.A_TAX_FLAT, A.A_TAX_PERCENT}
    assert game.pending.context["amount"] == 200
    assert game.pending.context["percent"] == 10
    assert "worth" not in game.pending.context
    assert cashes(game) == [1500, 1500]


def test_nfl_income_tax_flat_pays_200() -> None:
    """Choosing the flat sum pays 200 whatever the worth."""
    game = new_game("nfl")
    roll(game, (1, 3))
    act(game, A.A_TAX_FLAT)
    assert cashes(game) == [1300, 1500]


def test_nfl_income_tax_percent_counts_cash_deeds_at_price_and_buildings() -> None:
    """Total worth: cash, every deed at its printed price (mortgaged too) and the cost of the
    buildings."""
    game = new_game("nfl")
    give_group(game, 0, "brown")  # 60 + 60, houses cost 50
    build(game, "mediterranean", 1)
    build(game, "baltic", 1)
    give(game, 0, "boardwalk", mortgaged=True)  # 400
    roll(game, (1, 3))
    act(game, A.A_TAX_PERCENT)
    worth = 1500 + 60 + 60 + 100 + 400
    assert cashes(game) == [1500 - worth // 10, 1500]


def test_tax_short_of_cash_becomes_a_debt() -> None:
    """A tax the player cannot pay in cash is owed to the Bank until raised."""
    game = new_game()
    cash(game, 150, 1500)
    give(game, 0, "boardwalk")
    roll(game, (1, 3))
    assert game.pending.kind == A.DEBT
    assert game.pending.context["creditor"] == -1
    assert game.pending.context["amount"] == 200


# ------------------------------------------------------------------ drawing cards


def _draw_chance(game, from_space: str = "income-tax") -> list:
    """Ann rolls 1+2 onto the Chance space three ahead of ``from_space``."""
    place(game, 0, from_space)
    return roll(game, (1, 2))


def _draw_chest(game, from_space: str = "virginia") -> list:
    """Ann rolls 1+2 from Virginia Avenue (14) onto Community Chest (17)."""
    place(game, 0, from_space)
    return roll(game, (1, 2))


def test_card_is_drawn_from_the_top_and_returned_to_the_bottom() -> None:
    """'Draw the top card and follow it, then return it to the bottom of its pile.'"""
    game = new_game()
    ci = card_on_top(game, "chance", COLLECT, amount=50)
    before = list(game.st.decks[deck(game, "chance")])
    _draw_chance(game)
    after = game.st.decks[deck(game, "chance")]
    assert after == [*before[1:], ci]
    assert cashes(game) == [1550, 1500]


def test_advance_to_go_collects_the_salary() -> None:
    """Chance: 'Advance to GO, collect 200.'"""
    game = new_game()
    card_on_top(game, "chance", MOVE_TO, target=0)
    _draw_chance(game)
    assert game.st.players[0].position == 0
    assert cashes(game) == [1700, 1500]


def test_chest_advance_to_go_collects_the_salary() -> None:
    """Community Chest: 'Advance to GO, collect 200.'"""
    game = new_game()
    card_on_top(game, "community-chest", MOVE_TO, target=0)
    _draw_chest(game)
    assert game.st.players[0].position == 0
    assert cashes(game) == [1700, 1500]


def test_advance_to_a_space_behind_passes_go_and_collects() -> None:
    """'Advance to Illinois Avenue; if you pass GO, collect 200' (from Chance 36)."""
    game = new_game()
    card_on_top(game, "chance", MOVE_TO, target=24)
    place(game, 0, "community-chest-3")  # 33 -> 36 Chance
    roll(game, (1, 2))
    assert game.st.players[0].position == 24
    assert cashes(game) == [1700, 1500]
    assert game.pending.kind == A.BUY


def test_passing_go_then_a_card_to_go_pays_the_salary_twice() -> None:
    """Passing GO on the roll pays 200; a card then sending you to GO pays 200 again."""
    game = new_game()
    card_on_top(game, "chance", MOVE_TO, target=0)
    place(game, 0, "luxury-tax")  # 38: 4 + 5 passes GO onto Chance 7
    roll(game, (4, 5))
    assert game.st.players[0].position == 0
    assert cashes(game) == [1900, 1500]


def test_advance_to_a_space_ahead_does_not_pay_salary() -> None:
    """'Advance to Illinois Avenue': from Chance 7 GO is not passed, so no salary."""
    game = new_game()
    card_on_top(game, "chance", MOVE_TO, target=24)
    _draw_chance(game)
    assert game.st.players[0].position == 24
    assert cashes(game) == [1500, 1500]


def test_advance_to_st_charles_passing_go_collects() -> None:
    """'Advance to St. Charles Place; if you pass GO, collect 200' (from Chance 22)."""
    game = new_game()
    card_on_top(game, "chance", MOVE_TO, target=11)
    _draw_chance(game, "new-york")  # 19 -> 22
    assert game.st.players[0].position == 11
    assert cashes(game) == [1700, 1500]


def test_take_a_trip_to_reading_railroad_passing_go_collects() -> None:
    """'Take a trip to Reading Railroad; if you pass GO, collect 200.'"""
    game = new_game()
    card_on_top(game, "chance", MOVE_TO, target=5)
    _draw_chance(game)
    assert game.st.players[0].position == 5
    assert cashes(game) == [1700, 1500]


def test_advance_to_boardwalk_from_the_last_chance_does_not_pass_go() -> None:
    """'Advance to Boardwalk': from Chance 36 GO is not on the way."""
    game = new_game()
    card_on_top(game, "chance", MOVE_TO, target=39)
    place(game, 0, "community-chest-3")
    roll(game, (1, 2))
    assert game.st.players[0].position == 39
    assert cashes(game) == [1500, 1500]
    assert game.pending.context["deed"] == deed(game, "boardwalk")


def test_advance_to_the_owned_space_pays_its_rent() -> None:
    """A card that moves you resolves the space: an owned street charges rent."""
    game = new_game()
    give_group(game, 1, "dark-blue")
    card_on_top(game, "chance", MOVE_TO, target=39)
    place(game, 0, "community-chest-3")
    roll(game, (1, 2))
    assert cashes(game) == [1400, 1600]


def test_nearest_railroad_from_the_last_chance_passes_go() -> None:
    """'Advance to the nearest Railroad': from Chance 36 that is Reading, past GO (+200)."""
    game = new_game()
    card_on_top(game, "chance", MOVE_TO_NEAREST, rent_multiplier=2)
    place(game, 0, "community-chest-3")
    roll(game, (1, 2))
    assert game.st.players[0].position == 5
    assert cashes(game) == [1700, 1500]


@pytest.mark.parametrize(("start", "utility"), [("income-tax", 12), ("new-york", 28)])
def test_nearest_utility_goes_forward_to_the_next_utility(start: str, utility: int) -> None:
    """'Advance to the nearest Utility': Chance 7 -> Electric Company, Chance 22 -> Water Works."""
    game = new_game()
    card_on_top(game, "chance", MOVE_TO_NEAREST, dice_multiplier=10)
    _draw_chance(game, start)
    assert game.st.players[0].position == utility
    assert game.pending.kind == A.BUY


def test_go_back_three_spaces_resolves_the_new_space_tax() -> None:
    """'Go back 3 spaces': from Chance 7 onto Income Tax, which must be paid."""
    game = new_game()
    card_on_top(game, "chance", MOVE_BY, steps=-3)
    _draw_chance(game)
    assert game.st.players[0].position == 4
    assert cashes(game) == [1300, 1500]


def test_go_back_three_spaces_onto_community_chest_draws_there() -> None:
    """'Go back 3 spaces' from Chance 36 lands on Community Chest 33: draw that card too."""
    game = new_game()
    card_on_top(game, "chance", MOVE_BY, steps=-3)
    card_on_top(game, "community-chest", COLLECT, amount=200)
    place(game, 0, "community-chest-3")
    roll(game, (1, 2))
    assert game.st.players[0].position == 33
    assert cashes(game) == [1700, 1500]


def test_go_back_three_spaces_does_not_pay_salary() -> None:
    """Moving back is not passing GO: no salary."""
    game = new_game()
    card_on_top(game, "chance", MOVE_BY, steps=-3)
    _draw_chance(game, "new-york")  # 22 -> 19 New York Avenue
    assert game.st.players[0].position == 19
    assert cashes(game) == [1500, 1500]
    assert game.pending.kind == A.BUY


@pytest.mark.parametrize(("deck_id", "amount"), [("chance", 50), ("chance", 150),
                                                 ("community-chest", 200),
                                                 ("community-chest", 50),
                                                 ("community-chest", 100),
                                                 ("community-chest", 20),
                                                 ("community-chest", 25),
                                                 ("community-chest", 10)])
def test_collect_cards_pay_the_amount_from_the_bank(deck_id: str, amount: int) -> None:
    """'Bank pays you ...' / 'Collect ...': the Bank pays the amount shown."""
    game = new_game()
    card_on_top(game, deck_id, COLLECT, amount=amount)
    (_draw_chance if deck_id == "chance" else _draw_chest)(game)
    assert cashes(game) == [1500 + amount, 1500]


@pytest.mark.parametrize(("deck_id", "amount"), [("chance", 15), ("community-chest", 50),
                                                 ("community-chest", 100)])
def test_pay_cards_pay_the_bank(deck_id: str, amount: int) -> None:
    """'Pay ...' cards: the amount goes to the Bank."""
    game = new_game()
    card_on_top(game, deck_id, PAY, amount=amount)
    (_draw_chance if deck_id == "chance" else _draw_chest)(game)
    assert cashes(game) == [1500 - amount, 1500]
    assert game.st.bank_net == -amount


def test_chairman_of_the_board_pays_each_other_player_50() -> None:
    """Chance: 'Elected Chairman of the Board: pay each player 50.'"""
    game = new_game(players=3)
    card_on_top(game, "chance", PAY_EACH, amount=50)
    _draw_chance(game)
    assert cashes(game) == [1400, 1550, 1550]


def test_pay_each_player_skips_bankrupt_players() -> None:
    """Only players still in the game are paid."""
    game = new_game(players=3)
    game.st.players[2].bankrupt = True
    card_on_top(game, "chance", PAY_EACH, amount=50)
    _draw_chance(game)
    assert cashes(game) == [1450, 1550, 1500]


def test_birthday_collects_10_from_every_other_player() -> None:
    """Community Chest: 'It is your birthday: collect 10 from every player.'"""
    game = new_game(players=4)
    card_on_top(game, "community-chest", COLLECT_FROM_EACH, amount=10)
    _draw_chest(game)
    assert cashes(game) == [1530, 1490, 1490, 1490]


def test_collect_from_each_player_short_of_cash_owes_it() -> None:
    """A player who cannot pay the card's amount in cash owes it (a debt to settle)."""
    game = new_game(players=3)
    cash(game, 1500, 5, 1500)
    give(game, 1, "baltic")
    card_on_top(game, "community-chest", COLLECT_FROM_EACH, amount=10)
    _draw_chest(game)
    assert game.pending.kind == A.DEBT
    assert game.pending.player == 1
    assert game.pending.context["creditor"] == 0
    act(game, A.A_MORTGAGE, player=1, target=deed(game, "baltic"))
    act(game, A.A_PAY_DEBT)
    assert cashes(game) == [1520, 25, 1490]
    assert game.pending.kind == A.END_TURN


def test_general_repairs_pay_25_per_house_and_100_per_hotel() -> None:
    """Chance: 'Make general repairs: 25 for each house, 100 for each hotel.'"""
    game = new_game()
    give_group(game, 0, "brown")
    build(game, "mediterranean", 2)
    build(game, "baltic", 2)
    give_group(game, 0, "orange")
    for d in ("st-james", "tennessee", "new-york"):
        build(game, d, 5)
    card_on_top(game, "chance", REPAIRS, per_house=25)
    _draw_chance(game)
    assert cashes(game) == [1500 - (4 * 25 + 3 * 100), 1500]


def test_street_repairs_pay_40_per_house_and_115_per_hotel() -> None:
    """Community Chest: 'Street repairs: 40 per house, 115 per hotel.'"""
    game = new_game()
    give_group(game, 0, "brown")
    build(game, "mediterranean", 2)
    build(game, "baltic", 2)
    give_group(game, 0, "orange")
    for d in ("st-james", "tennessee", "new-york"):
        build(game, d, 5)
    card_on_top(game, "community-chest", REPAIRS, per_house=40)
    _draw_chest(game)
    assert cashes(game) == [1500 - (4 * 40 + 3 * 115), 1500]


def test_repairs_with_no_buildings_cost_nothing() -> None:
    """No houses, no hotels: nothing to pay."""
    game = new_game()
    card_on_top(game, "chance", REPAIRS, per_house=25)
    _draw_chance(game)
    assert cashes(game) == [1500, 1500]


def test_go_to_jail_card_sends_to_jail_without_salary() -> None:
    """'Go directly to Jail; do not pass GO, do not collect 200' (even from Chance 36)."""
    game = new_game()
    card_on_top(game, "chance", GO_TO_JAIL_CARD)
    place(game, 0, "community-chest-3")
    roll(game, (1, 2))
    pl = game.st.players[0]
    assert pl.in_jail and pl.position == game.spec.jail_space
    assert cashes(game) == [1500, 1500]
    assert game.pending.kind == A.END_TURN


def test_chest_go_to_jail_card_ends_the_turn_after_doubles() -> None:
    """Sent to Jail by a card after doubles: the turn ends, no further roll."""
    game = new_game()
    card_on_top(game, "community-chest", GO_TO_JAIL_CARD)
    roll(game, (1, 1))  # GO -> 2 Community Chest, doubles
    assert game.st.players[0].in_jail
    assert game.pending.kind == A.END_TURN


# ------------------------------------------------------------------ Get Out of Jail Free


def test_get_out_of_jail_free_card_is_kept_not_returned() -> None:
    """'Keep any Get Out of Jail Free card until used or sold.'"""
    game = new_game()
    ci = card_on_top(game, "chance", GET_OUT_OF_JAIL_FREE)
    di = deck(game, "chance")
    _draw_chance(game)
    assert game.st.players[0].cards == [(di, ci)]
    assert ci not in game.st.decks[di]
    assert len(game.st.decks[di]) == 15


def test_get_out_of_jail_free_card_can_be_traded() -> None:
    """'Keep it until you need to use it or sell it to another player.'"""
    game = new_game()
    di = deck(game, "chance")
    ci = card(game, "chance", GET_OUT_OF_JAIL_FREE)
    game.st.decks[di].remove(ci)
    game.st.players[0].cards.append((di, ci))
    offer = TradeOffer(proposer=0, partner=1, give_cards=1, take_cash=30)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    act(game, A.A_ACCEPT, player=1)
    assert game.st.players[0].cards == []
    assert game.st.players[1].cards == [(di, ci)]
    assert cashes(game) == [1530, 1470]


def test_used_get_out_of_jail_free_card_goes_to_the_bottom_of_its_own_deck() -> None:
    """'Put the card to the bottom of the appropriate pile, then roll and move.'"""
    game = new_game()
    di = deck(game, "community-chest")
    ci = card(game, "community-chest", GET_OUT_OF_JAIL_FREE)
    game.st.decks[di].remove(ci)
    game.st.players[0].cards.append((di, ci))
    chance_before = list(game.st.decks[deck(game, "chance")])
    jail(game, 0)
    act(game, A.A_USE_CARD)
    assert not game.st.players[0].in_jail
    assert game.st.players[0].cards == []
    assert game.st.decks[di][-1] == ci
    assert len(game.st.decks[di]) == 16
    assert game.st.decks[deck(game, "chance")] == chance_before
    assert game.pending.kind == A.ROLL
    set_dice(game, [(3, 4)])
    act(game, A.A_ROLL)
    assert game.st.players[0].position == 17


def test_every_card_of_both_classic_decks_does_what_it_says() -> None:
    """Each of the 32 classic cards, drawn by Ann from Chance 7 or Community Chest 17 with no
    buildings and two players, moves the money and the token as its effect says."""
    expected_chance = {
        (MOVE_TO, 0): (0, 200),
        (MOVE_TO, 24): (24, 0),
        (MOVE_TO, 11): (11, 0),
        (MOVE_TO, 5): (5, 200),
        (MOVE_TO, 39): (39, 0),
        (MOVE_TO_NEAREST, "utilities"): (12, 0),
        (MOVE_TO_NEAREST, "railroads"): (15, 0),
        (COLLECT, 50): (7, 50),
        (COLLECT, 150): (7, 150),
        (GET_OUT_OF_JAIL_FREE, 0): (7, 0),
        (MOVE_BY, -3): (4, -200),
        (GO_TO_JAIL_CARD, 0): (10, 0),
        (REPAIRS, 25): (7, 0),
        (PAY, 15): (7, -15),
        (PAY_EACH, 50): (7, -50),
    }
    expected_chest = {
        (MOVE_TO, 0): (0, 200),
        (COLLECT, 200): (17, 200),
        (PAY, 50): (17, -50),
        (COLLECT, 50): (17, 50),
        (GET_OUT_OF_JAIL_FREE, 0): (17, 0),
        (GO_TO_JAIL_CARD, 0): (10, 0),
        (COLLECT, 100): (17, 100),
        (COLLECT, 20): (17, 20),
        (COLLECT_FROM_EACH, 10): (17, 10),
        (PAY, 100): (17, -100),
        (COLLECT, 25): (17, 25),
        (REPAIRS, 40): (17, 0),
        (COLLECT, 10): (17, 10),
    }
    probe = new_game()
    for deck_id, table, draw in (("chance", expected_chance, _draw_chance),
                                 ("community-chest", expected_chest, _draw_chest)):
        cards = probe.spec.decks[deck(probe, deck_id)].cards
        assert len(cards) == 16
        for ci, c in enumerate(cards):
            if c.kind in (MOVE_TO,):
                key: tuple = (c.kind, c.target)
            elif c.kind == MOVE_TO_NEAREST:
                key = (c.kind, probe.spec.groups[c.group].id)
            elif c.kind == MOVE_BY:
                key = (c.kind, c.steps)
            elif c.kind == REPAIRS:
                key = (c.kind, c.per_house)
            else:
                key = (c.kind, c.amount)
            game = new_game()
            di = deck(game, deck_id)
            game.st.decks[di].remove(ci)
            game.st.decks[di].insert(0, ci)
            events = draw(game)
            assert "card" in kinds(events)
            position, delta = table[key]
            assert game.st.players[0].position == position, (deck_id, c.text)
            assert game.st.players[0].cash == 1500 + delta, (deck_id, c.text)
