"""Lord of the Rings: Set It Up, Who Goes First?, and the board's money (rulebook:LOTR 'Set It
Up', 'Who Goes First?', 'The Board Spaces', 'How Do I Get Out of Jail?', 'Mortgaging Property';
editions-facts §1)."""

from __future__ import annotations

import pytest
from helpers import (
    act,
    build,
    cashes,
    deck,
    give,
    give_group,
    jail,
    kinds,
    new_game,
    roll,
    scripted_dice,
    spec_of,
)
from lotr_helpers import EYE, at, lotr

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.dice import ScriptedFaces
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import ring_of, state_of
from monopoly_tui.engine.spec import (
    CARDS,
    COUNT_RENT,
    DICE_RENT,
    GET_OUT_OF_JAIL_FREE,
    GO_TO_JAIL_CARD,
    STREET,
    TAX,
)
from monopoly_tui.rules.loader import load_edition
from monopoly_tui.rules.models import Street

# ---------------------------------------------------------------- Set It Up, Who Goes First?


def test_each_player_starts_with_m30_on_go() -> None:
    """'5x M1 and 5x M5 (Total = M30)'; 'each player places their token on GO'."""
    game = new_game("lotr", 4)
    assert cashes(game) == [30, 30, 30, 30]
    assert [p.position for p in game.st.players] == [0, 0, 0, 0]


def test_money_is_written_as_m_amounts() -> None:
    spec = spec_of("lotr")
    assert spec.vocab.money(5) == "M5"
    assert (spec.vocab.house, spec.vocab.hotel) == ("Outpost", "Fortress")


def test_the_tracker_starts_on_the_start_circle() -> None:
    """'Place the Ring Tracker on the START circle.'"""
    game = new_game("lotr", 3)
    assert state_of(game.st).circle == 0
    assert ring_of(game.spec) is not None and ring_of(game.spec).track[0].label == "Start"


def test_the_highest_first_roll_takes_the_ring_and_starts() -> None:
    """'The highest roller takes the Ring ... The Ring-bearer also starts the game.'"""
    spec = spec_of("lotr")
    game = _game_with_dice("lotr", 3, scripted_dice(spec, [(2, 3), (6, 5), (4, 4)]))
    assert game.st.first_player == 1
    assert state_of(game.st).bearer == 1
    assert (game.pending.kind, game.pending.player) == (A.ROLL, 1)
    taken = [e for e in game.last_events if e.kind == "ring_taken"]
    assert [(e.player, e.text) for e in taken] == [(1, "first_roll")]


def test_the_eye_counts_zero_in_the_first_roll() -> None:
    """'Each player rolls both dice. (The Eye of Sauron counts as a zero.)' Eye + 6 is 6, not 7,
    so 3 + 4 wins outright."""
    spec = spec_of("lotr")
    game = _game_with_dice("lotr", 2, scripted_dice(spec, [(EYE, 6), (3, 4)]))
    rolls = [(e.player, e.amount) for e in game.last_events if e.kind == "first_roll"]
    assert rolls == [(0, 6), (1, 7)]
    assert state_of(game.st).bearer == 1


# ---------------------------------------------------------------- the board


def test_the_board_has_22_locations_4_weapons_and_2_shards_of_narsil() -> None:
    """'28 Title Deed Cards': Locations in colour sets, Weapons, the Shards of Narsil, on the
    classic 40-space skeleton (facts §1.5)."""
    spec = spec_of("lotr")
    assert spec.size == 40
    by_kind = [d.kind for d in spec.deeds]
    assert (by_kind.count(STREET), by_kind.count(COUNT_RENT), by_kind.count(DICE_RENT)) == (
        22, 4, 2)
    assert [s.index for s in spec.spaces if s.kind == COUNT_RENT] == [5, 15, 25, 35]
    assert [s.index for s in spec.spaces if s.kind == DICE_RENT] == [12, 28]
    assert [s.index for s in spec.spaces if s.kind == CARDS] == [2, 7, 17, 22, 33, 36]
    assert "Sting" in {d.name for d in spec.deeds}


def test_every_location_value_no_source_prints_is_marked_designed() -> None:
    rs = load_edition("lotr")
    streets = [s for s in rs.spaces if isinstance(s, Street)]
    assert len(streets) == 22
    assert all(s.designed for s in streets)
    assert rs.ring is not None and rs.ring.designed
    assert all(d.designed for d in rs.decks)


def test_the_example_deed_is_one_of_the_two_cheapest_locations() -> None:
    """The rulebook's Title Deed: rent 1, set 2, 1-4 Outposts 3/4/5/6, Fortress 10, Outpost
    cost 1, Fortress cost 1 (plus 4 Outposts)."""
    spec = spec_of("lotr")
    streets = sorted((d for d in spec.deeds if d.kind == STREET), key=lambda d: d.price)
    example = [d for d in streets[:2] if d.rent == (1, 3, 4, 5, 6, 10)]
    assert example
    assert (example[0].house_cost, example[0].hotel_cost) == (1, 1)


def test_the_quest_deck_has_32_cards_with_get_out_of_jail_free_and_go_to_jail() -> None:
    """'32 Quest Cards'; some are Get Out of Jail Free cards, some send you to Jail."""
    game = new_game("lotr")
    cards = game.spec.decks[deck(game, "quest")].cards
    assert len(cards) == 32
    assert any(c.kind == GET_OUT_OF_JAIL_FREE for c in cards)
    assert any(c.kind == GO_TO_JAIL_CARD for c in cards)


def test_passing_go_pays_m2() -> None:
    """'When you pass or land on the GO space, collect M2 from the Bank.'"""
    game = lotr(bearer=-1)
    at(game, 0, 38)
    roll(game, (2, 3))
    assert game.st.players[0].cash == 32


@pytest.mark.parametrize(("space", "amount"), [("ringwraith", 2), ("gollum", 1)])
def test_ringwraith_costs_m2_and_gollum_m1(space: str, amount: int) -> None:
    """'Pay the Bank the amount shown on the space (Ringwraith PAY M2; Gollum PAY M1).'"""
    game = lotr(bearer=-1)
    target = game.spec.space_by_id[space]
    assert game.spec.spaces[target].kind == TAX
    at(game, 0, target - 3)
    roll(game, (EYE, 3))
    assert game.st.players[0].cash == 30 - amount


def test_the_jail_fine_is_m5() -> None:
    """'Pay M5 at the start of your next turn, then roll and move as normal.'"""
    game = lotr(bearer=-1)
    jail(game, 0)
    assert game.pending.kind == A.JAIL
    act(game, A.A_PAY_FINE)
    assert game.st.players[0].cash == 25
    assert not game.st.players[0].in_jail


def test_auction_bids_start_at_m1() -> None:
    """'Bidding starts at M1, and anyone can increase the bid by as little as M1.'"""
    game = lotr(bearer=-1)
    roll(game, (2, 3))  # Sting, unowned
    assert game.pending.kind == A.BUY
    act(game, A.A_AUCTION)
    assert game.pending.kind == A.AUCTION
    assert game.min_bid() == 1
    act(game, A.A_BID, amount=1)
    assert game.min_bid() == 2


# ---------------------------------------------------------------- rents


@pytest.mark.parametrize(("owned", "rent"), [(1, 1), (2, 2), (3, 4), (4, 8)])
def test_weapon_rent_by_how_many_the_owner_has(owned: int, rent: int) -> None:
    """'2 Weapons M2, 3 Weapons M4, 4 Weapons M8'; one Weapon: its card's rent (Sting M1)."""
    game = lotr(bearer=-1)
    give(game, 1, *["sting", "glamdring", "bow-of-galadhrim", "gimlis-axe"][:owned])
    roll(game, (2, 3))  # Sting
    assert cashes(game)[:2] == [30 - rent, 30 + rent]


def test_one_shard_of_narsil_the_visitor_rolls_one_die() -> None:
    """'If the owner has 1 Shard of Narsil, roll one die to determine rent.'"""
    game = lotr(bearer=-1)
    give(game, 1, "shard-hilt")
    at(game, 0, 7)
    events = roll(game, (2, 3), (4,))
    rent_roll = next(e for e in events if e.kind == "rent_roll")
    assert len(rent_roll.dice) == 1
    assert cashes(game)[:2] == [26, 34]


def test_both_shards_of_narsil_the_visitor_rolls_both_dice() -> None:
    """'If the owner has 2 Shards of Narsil ... you must roll both dice to determine rent.'"""
    game = lotr(bearer=-1)
    give(game, 1, "shard-hilt", "shard-blade")
    at(game, 0, 7)
    events = roll(game, (2, 3), (5, 6))
    rent_roll = next(e for e in events if e.kind == "rent_roll")
    assert len(rent_roll.dice) == 2
    assert cashes(game)[:2] == [19, 41]


def test_the_eye_counts_zero_in_a_shard_rent() -> None:
    """Decision 5: the Eye counts 0 everywhere, Shards of Narsil rent included."""
    game = lotr(bearer=-1)
    give(game, 1, "shard-hilt", "shard-blade")
    at(game, 0, 7)
    roll(game, (2, 3), (EYE, 3))
    assert cashes(game)[:2] == [27, 33]


def test_a_colour_set_doubles_the_rent() -> None:
    """'When you own each Location in a color set: you can double the rent.'"""
    game = lotr(bearer=-1)
    give_group(game, 1, "shire")
    at(game, 0, 38)
    roll(game, (2, 3))  # Bywater, passing GO (+2)
    assert cashes(game)[:2] == [30 + 2 - 2, 32]


def test_outposts_and_a_fortress_charge_the_example_deed_rents() -> None:
    """Rent with 1 Outpost M3 ... with a Fortress M10 (the rulebook's example deed)."""
    game = lotr(bearer=-1)
    give_group(game, 1, "shire")
    build(game, "bywater", 1)
    at(game, 0, 38)
    roll(game, (2, 3))
    assert cashes(game)[:2] == [30 + 2 - 3, 33]
    game = lotr(bearer=-1)
    give_group(game, 1, "shire")
    build(game, "bywater", 5)
    at(game, 0, 38)
    roll(game, (2, 3))
    assert cashes(game)[:2] == [30 + 2 - 10, 40]


def test_set_rent_is_collected_on_the_unmortgaged_locations_despite_a_mortgage() -> None:
    """'The increased rent level can be collected on the unmortgaged Locations in a color set.'"""
    game = lotr(bearer=-1)
    give_group(game, 1, "eriador")
    give(game, 1, "prancing-pony", mortgaged=True)
    roll(game, (2, 4))  # Buckleberry Ferry
    assert cashes(game)[:2] == [28, 32]


def test_got_set_rent_still_stops_when_a_deed_of_the_group_is_mortgaged() -> None:
    """Game of Thrones keeps its own rule (doubled only if 'none of them are mortgaged'): a
    mortgaged deed in the group stops the doubling. (Classic doubles the unmortgaged ones:
    tests/rules/test_rent.py.)"""
    game = new_game("got")
    give_group(game, 1, "light-blue")
    give(game, 1, "vermont", mortgaged=True)
    roll(game, (2, 4))  # Oriental Avenue, rent 6
    assert cashes(game) == [1494, 1506]


def test_nothing_is_collected_on_a_mortgaged_location() -> None:
    """'Rent cannot be collected on properties that are mortgaged.'"""
    game = lotr(bearer=-1)
    give_group(game, 1, "eriador")
    give(game, 1, "buckleberry-ferry", mortgaged=True)
    events = roll(game, (2, 4))
    assert "paid" not in kinds(events)
    assert cashes(game)[:2] == [30, 30]


def test_the_designed_reasons_quote_the_values_they_mark() -> None:
    """docs/designed-values.md is made from the reasons: each Location's and each tracker
    circle's reason starts with its values, and they must be the values in the ruleset."""
    rs = load_edition("lotr")
    for s in rs.spaces:
        if isinstance(s, Street):
            rent = "/".join(str(r) for r in s.rent)
            quote = (f"price M{s.price}, mortgage M{s.mortgage}, rent {rent}, "
                     f"Outpost and Fortress M{s.house_cost}")
            assert s.designed and s.designed.startswith(quote), s.id
    assert rs.ring is not None
    for c in rs.ring.track[1:]:
        assert c.designed and c.designed.startswith(f"penalty M{c.penalty}")
    labels = ", ".join(f"M{c.penalty}" for c in rs.ring.track[1:])
    assert rs.ring.designed and f"Start, {labels}, then Mount Doom" in rs.ring.designed


def _game_with_dice(edition: str, n: int, dice: ScriptedFaces) -> Game:
    """A new game whose dice show a script from the very first roll (the engine's seam)."""
    spec = spec_of(edition)
    return Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(n)], seed=1, dice=dice)
