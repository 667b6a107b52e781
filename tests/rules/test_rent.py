"""Rent (rulebook:NFL 'Paying Rent'; rulebook:GOT 'II. A Property Owned by Another Player',
'I. Collect Rent'; the classic cards of facts §0.4)."""

from __future__ import annotations

import pytest
from helpers import (
    act,
    build,
    card_on_top,
    cashes,
    deed,
    end_turn,
    give,
    give_group,
    kinds,
    new_game,
    place,
    roll,
    set_dice,
)

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import IllegalAction
from monopoly_tui.engine.spec import MOVE_TO_NEAREST


def _ann_lands_on_baltic(game) -> None:
    """Ann rolls 1+2 from GO onto Baltic Avenue (base rent 4)."""
    roll(game, (1, 2))


def test_street_rent_is_the_printed_rent() -> None:
    """'Streets: the owner collects rent per the Title Deed' (Baltic Avenue: 4)."""
    game = new_game()
    give(game, 1, "baltic")
    _ann_lands_on_baltic(game)
    assert cashes(game) == [1496, 1504]


def test_street_rent_doubles_for_a_whole_unimproved_colour_group() -> None:
    """'Rent doubles if the owner holds all properties of that color-group and it is unimproved.'"""
    game = new_game()
    give_group(game, 1, "brown")
    _ann_lands_on_baltic(game)
    assert cashes(game) == [1492, 1508]


def test_unimproved_street_of_a_group_with_houses_elsewhere_still_doubles() -> None:
    """The doubled rent is for an unimproved street of a whole group, even if another street of
    the group already has a house."""
    game = new_game()
    give_group(game, 1, "brown")
    build(game, "mediterranean", 1)
    _ann_lands_on_baltic(game)
    assert cashes(game) == [1492, 1508]


def test_got_rent_not_doubled_when_a_deed_of_the_group_is_mortgaged() -> None:
    """rulebook:GOT: 'This is doubled if the owner owns all Properties in its color group and
    none of them are mortgaged.' (The Fist of the First Men, base rent 4, with Craster's Keep
    under mortgage: the single rent.)"""
    game = new_game("got")
    give_group(game, 1, "brown")
    game.st.mortgaged[deed(game, "mediterranean")] = True
    _ann_lands_on_baltic(game)
    assert cashes(game) == [1496, 1504]


@pytest.mark.parametrize("edition", ["classic", "nfl"])
def test_double_rent_applies_to_unmortgaged_properties_even_if_another_is_mortgaged(
        edition: str) -> None:
    """Classic rules, 'Paying Rent': the owner of a whole colour group 'may then charge double
    rent for unimproved properties in that color-group. This rule applies to unmortgaged
    properties even if another property in that color-group is mortgaged.' NFL keeps them
    ('What's the same? ... the game rules'): Baltic Avenue's 4 doubles to 8 with Mediterranean
    Avenue under mortgage."""
    game = new_game(edition)
    give_group(game, 1, "brown")
    game.st.mortgaged[deed(game, "mediterranean")] = True
    _ann_lands_on_baltic(game)
    assert cashes(game) == [1492, 1508]


def test_rent_not_doubled_when_another_player_holds_part_of_the_group() -> None:
    """Double rent needs the whole colour group in one hand."""
    game = new_game(players=3)
    give(game, 1, "baltic")
    give(game, 2, "mediterranean")
    _ann_lands_on_baltic(game)
    assert cashes(game) == [1496, 1504, 1500]


@pytest.mark.parametrize(("level", "rent"), [(1, 20), (2, 60), (3, 180), (4, 320), (5, 450)])
def test_building_rent_for_1_to_4_houses_and_a_hotel(level: int, rent: int) -> None:
    """'Rent rises steeply with houses and hotels': Baltic 20/60/180/320, hotel 450."""
    game = new_game()
    give_group(game, 1, "brown")
    build(game, "mediterranean", level)
    build(game, "baltic", level)
    _ann_lands_on_baltic(game)
    assert cashes(game) == [1500 - rent, 1500 + rent]


@pytest.mark.parametrize(("count", "rent"), [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_railroad_rent_by_number_owned(count: int, rent: int) -> None:
    """'Railroads: rent depends on how many of the four the owner holds (25/50/100/200).'"""
    game = new_game()
    rails = ["reading-railroad", "pennsylvania-railroad", "b-and-o-railroad", "short-line"]
    give(game, 1, *rails[:count])
    roll(game, (2, 3))  # GO -> Reading Railroad
    assert cashes(game) == [1500 - rent, 1500 + rent]


def test_one_utility_charges_4_times_the_roll() -> None:
    """'If one utility is owned, rent is 4x the dice roll that landed you there.'"""
    game = new_game()
    give(game, 1, "electric-company")
    place(game, 0, "reading-railroad")
    roll(game, (3, 4))  # 5 -> 12 Electric Company
    assert cashes(game) == [1472, 1528]


def test_both_utilities_charge_10_times_the_roll() -> None:
    """'If both are owned, 10x the roll.'"""
    game = new_game()
    give(game, 1, "electric-company", "water-works")
    place(game, 0, "reading-railroad")
    roll(game, (3, 4))
    assert cashes(game) == [1430, 1570]


def test_game_of_thrones_utilities_roll_the_dice_for_the_rent() -> None:
    """Game of Thrones: 'Utilities ... Roll the dice and multiply the result by 4 - this is
    the rent you must pay. If the owning player owns both ..., multiply the result by 10!'
    A new roll for the rent, not the roll that landed the visitor (the classic rule)."""
    for owned, factor in ((("electric-company",), 4),
                          (("electric-company", "water-works"), 10)):
        game = new_game("got")
        give(game, 1, *owned)
        place(game, 0, "reading-railroad")
        events = roll(game, (3, 4), (6, 5))  # 7 lands on the utility; the rent's roll is 11
        assert [e.amount for e in events if e.kind == "rent_roll"] == [11]
        assert cashes(game) == [1500 - factor * 11, 1500 + factor * 11]


def test_mortgaged_deed_collects_no_rent() -> None:
    """'A property that is mortgaged collects no rent.'"""
    game = new_game()
    give(game, 1, "baltic", mortgaged=True)
    _ann_lands_on_baltic(game)
    assert cashes(game) == [1500, 1500]
    assert game.pending.kind == A.END_TURN


def test_own_property_costs_nothing() -> None:
    """'A Property That You Own: Nothing happens.'"""
    game = new_game()
    give(game, 0, "baltic")
    _ann_lands_on_baltic(game)
    assert cashes(game) == [1500, 1500]
    assert game.pending.kind == A.END_TURN


def test_nearest_railroad_card_pays_twice_the_rent() -> None:
    """Chance: 'go to the nearest railroad; if owned, pay the owner twice the rent'."""
    game = new_game()
    give(game, 1, "reading-railroad", "pennsylvania-railroad")  # 2 railroads: rent 50
    place(game, 0, "income-tax")
    card_on_top(game, "chance", MOVE_TO_NEAREST, rent_multiplier=2)
    roll(game, (1, 2))  # 4 -> 7 Chance -> 15 Pennsylvania Railroad
    assert game.st.players[0].position == 15
    assert cashes(game) == [1400, 1600]


def test_nearest_railroad_card_offers_an_unowned_railroad_for_sale() -> None:
    """'If unowned you may buy it.'"""
    game = new_game()
    place(game, 0, "income-tax")
    card_on_top(game, "chance", MOVE_TO_NEAREST, rent_multiplier=2)
    roll(game, (1, 2))
    assert game.pending.kind == A.BUY
    assert game.pending.context["deed"] == deed(game, "pennsylvania-railroad")


def test_nearest_utility_card_pays_10_times_a_new_roll() -> None:
    """Chance: 'go to the nearest utility; if owned, roll the dice and pay the owner ten times
    the roll' (even when the owner has only one utility)."""
    game = new_game()
    give(game, 1, "electric-company")
    place(game, 0, "income-tax")
    card_on_top(game, "chance", MOVE_TO_NEAREST, dice_multiplier=10)
    set_dice(game, [(1, 2), (6, 5)])
    events = act(game, A.A_ROLL)
    assert game.st.players[0].position == 12
    assert "rent_roll" in kinds(events)
    assert cashes(game) == [1390, 1610]


def _ask_game():
    game = new_game(rules={"rent_collection": "owner_must_ask"})
    give(game, 1, "baltic")
    _ann_lands_on_baltic(game)
    return game


def test_owner_must_ask_nothing_is_paid_unless_asked() -> None:
    """Option 'owner must ask': landing alone pays nothing yet; the owner may claim the rent."""
    game = _ask_game()
    assert cashes(game) == [1500, 1500]
    claims = [a for a in game.legal_actions(1) if a.kind == A.A_COLLECT_RENT]
    assert len(claims) == 1


def test_owner_must_ask_collects_when_asked() -> None:
    """'The owner must ask you for the rent before the player to your left rolls.'"""
    game = _ask_game()
    act(game, A.A_COLLECT_RENT, player=1, target=0)
    assert cashes(game) == [1496, 1504]
    assert game.st.claims == []


def test_owner_must_ask_may_still_ask_until_the_next_player_rolls() -> None:
    """The payer's turn is over, but the next player has not rolled: the owner may still ask."""
    game = _ask_game()
    end_turn(game)
    assert game.pending.kind == A.ROLL and game.pending.player == 1
    act(game, A.A_COLLECT_RENT, player=1, target=0)
    assert cashes(game) == [1496, 1504]


def test_owner_must_ask_claim_lapses_when_the_next_player_rolls() -> None:
    """'If they forget to ask, you don't have to pay!' once the next player has rolled."""
    game = _ask_game()
    end_turn(game)
    roll(game, (4, 6))  # Bob rolls
    assert game.st.claims == []
    assert not [a for a in game.legal_actions(1) if a.kind == A.A_COLLECT_RENT]
    with pytest.raises(IllegalAction):
        act(game, A.A_COLLECT_RENT, player=1, target=0)
    assert cashes(game) == [1500, 1500]


def test_owner_must_ask_claim_survives_the_payers_own_doubles() -> None:
    """The claim lapses only when the *next* player rolls, not at the payer's doubles roll."""
    game = new_game(rules={"rent_collection": "owner_must_ask"})
    give(game, 1, "reading-railroad")
    place(game, 0, "baltic")
    roll(game, (1, 1))  # 3 -> 5 Reading Railroad, doubles
    assert len(game.st.claims) == 1
    roll(game, (4, 6))  # Ann again: 5 -> 15
    assert len(game.st.claims) == 1
    act(game, A.A_AUCTION)
    act(game, A.A_DROP)
    act(game, A.A_DROP)
    act(game, A.A_COLLECT_RENT, player=1, target=0)
    assert cashes(game) == [1475, 1525]


@pytest.mark.parametrize("edition", ["classic", "nfl"])
def test_owner_may_not_collect_if_not_asked_before_the_second_player_following_throws(
        edition: str) -> None:
    """Classic rules, 'Paying Rent': 'The owner may not collect the rent if he/she fails to ask
    for it before the second player following throws the dice' (rulebook:NFL: 'only if they
    ask for it before the second player after them rolls'). Ann lands on Bob's Baltic Avenue:
    Bob may still ask after his own roll, and the claim closes when Cid rolls."""
    game = new_game(edition, players=3, variant="owners-ask")
    assert game.spec.rules.rent_claim_window == 2
    give(game, 1, "baltic")
    _ann_lands_on_baltic(game)
    end_turn(game)
    roll(game, (4, 6))  # Bob, the first player following Ann, rolls: the claim stays
    assert len(game.st.claims) == 1
    end_turn(game)
    assert game.pending.player == 2
    act(game, A.A_COLLECT_RENT, player=1, target=0)  # still before Cid throws
    assert cashes(game) == [1496, 1504, 1500]


def test_the_claim_lapses_when_the_second_player_following_throws_the_dice() -> None:
    """Classic rules, 'Paying Rent': '... before the second player following throws the dice':
    once Cid (the second player after Ann) rolls, Bob may not collect. With two players the
    second player following Ann is Ann herself: her next roll closes it."""
    game = new_game("classic", players=3, variant="owners-ask")
    give(game, 1, "baltic")
    _ann_lands_on_baltic(game)
    end_turn(game)
    roll(game, (4, 6))  # Bob
    end_turn(game)
    roll(game, (4, 6))  # Cid
    assert game.st.claims == []
    with pytest.raises(IllegalAction):
        act(game, A.A_COLLECT_RENT, player=1, target=0)
    two = new_game("classic", variant="owners-ask")
    give(two, 1, "baltic")
    _ann_lands_on_baltic(two)
    end_turn(two)
    roll(two, (4, 6))  # Bob: the claim stays
    assert len(two.st.claims) == 1
    end_turn(two)
    roll(two, (4, 6))  # Ann again, the second player following herself
    assert two.st.claims == []


def test_classic_offers_owners_must_ask_off_by_default() -> None:
    """Classic prints the rule ('The owner may not collect the rent if he/she fails to ask for
    it'), and the table chooses it: an option, off unless chosen (rent collected by the game)."""
    game = new_game("classic")
    assert game.spec.rules.rent_collection == "automatic"
    assert [o.id for o in game.spec.options] == ["owners-ask"]
    assert dict(game.spec.options[0].overrides) == {"rent_collection": "owner_must_ask",
                                                    "rent_claim_window": 2}


def test_got_owner_must_ask_before_the_player_to_your_left_rolls() -> None:
    """rulebook:GOT: 'The owner must ask you for the rent before the player to your left rolls
    the dice': with three players, Bob's claim on Ann closes at Bob's own roll (he is to Ann's
    left), not at Cid's."""
    game = new_game("got", players=3, variant="owners-ask")
    assert game.spec.rules.rent_claim_window == 1
    give(game, 1, "baltic")
    _ann_lands_on_baltic(game)
    end_turn(game)
    roll(game, (4, 6))  # Bob
    assert game.st.claims == []
