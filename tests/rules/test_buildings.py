"""Houses and hotels (rulebook:NFL 'Building Houses and Hotels', 'Selling and Mortgaging',
'Rules for a Short Game' 2; rulebook:GOT 'III. Build', 'IV. Village/Keep Shortage?',
'V. Sell Villages/Keeps', 'Speed Play Rules' II)."""

from __future__ import annotations

import copy

import pytest
from helpers import act, build, cashes, deed, position, roll

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import IllegalAction
from monopoly_tui.engine.frames import AuctionFrame, find_frame


def _refused(game, kind: str, player: int, target: int, why: str = "") -> None:
    """The action raises, names its reason, and changes nothing."""
    before = copy.deepcopy(game.st)
    with pytest.raises(IllegalAction) as err:
        act(game, kind, player=player, target=target)
    if why:
        assert why in err.value.reason
    assert game.st.buildings == before.buildings
    assert cashes(game) == [p.cash for p in before.players]
    assert (game.st.bank_houses, game.st.bank_hotels) == (before.bank_houses, before.bank_hotels)


def _brown(edition: str = "classic", variant: str | None = None, med: int = 0, bal: int = 0,
           more: str = "", houses: int | None = None, hotels: int | None = None):
    """Ann owns the brown group (``med`` and ``bal`` buildings on it), Bob nothing (a short
    game's deeds are not dealt); ``houses`` / ``hotels``: the bank's whole supply, for a
    shortage."""
    head = f"{edition} variant={variant}" if variant else edition
    rules = {k: v for k, v in (("building_supply_houses", houses),
                                ("building_supply_hotels", hotels)) if v is not None}
    return position(f"""
        {head}
        player Ann
        player Bob
        deed mediterranean owner=Ann buildings={med}
        deed baltic owner=Ann buildings={bal}
        {more}
        """, rules)


def test_houses_only_on_a_whole_colour_group() -> None:
    """'Once you own all the properties of a color-group, you may buy houses.'"""
    game = position("classic\nplayer Ann\nplayer Bob\ndeed mediterranean owner=Ann")
    _refused(game, A.A_BUILD, 0, deed(game, "mediterranean"), "whole colour group")


def test_no_building_on_a_group_with_a_mortgaged_deed() -> None:
    """'You cannot build on a property if any property in its color group is mortgaged.'"""
    game = position("""
        classic
        player Ann
        player Bob
        deed mediterranean owner=Ann
        deed baltic owner=Ann mortgaged
        """)
    _refused(game, A.A_BUILD, 0, deed(game, "mediterranean"), "mortgaged")


def test_no_buildings_on_railroads_or_utilities() -> None:
    """Houses go on the streets of a colour group only."""
    game = position("classic\nplayer Ann\nplayer Bob\n" + "\n".join(
        f"deed {d}-railroad owner=Ann" for d in ("reading", "pennsylvania", "b-and-o")
    ) + "\ndeed short-line owner=Ann")
    _refused(game, A.A_BUILD, 0, deed(game, "reading-railroad"), "streets")


def test_a_house_costs_the_printed_house_price() -> None:
    """'The listed price of each Village is shown on the property's Title Deed' (brown: 50)."""
    game = _brown()
    act(game, A.A_BUILD, player=0, target=deed(game, "mediterranean"))
    assert game.st.buildings[deed(game, "mediterranean")] == 1
    assert cashes(game) == [1450, 1500]
    assert game.st.bank_houses == 31


def test_building_needs_the_cash() -> None:
    """Houses are bought from the Bank: not without the money."""
    game = position("""
        classic
        player Ann cash=40
        player Bob
        deed mediterranean owner=Ann
        deed baltic owner=Ann
        """)
    _refused(game, A.A_BUILD, 0, deed(game, "mediterranean"), "cash")


def test_build_evenly() -> None:
    """'You cannot build a second house on a property until each property in that group has
    one.'"""
    game = _brown()
    med, bal = deed(game, "mediterranean"), deed(game, "baltic")
    act(game, A.A_BUILD, player=0, target=med)
    _refused(game, A.A_BUILD, 0, med, "evenly")
    act(game, A.A_BUILD, player=0, target=bal)
    act(game, A.A_BUILD, player=0, target=med)
    assert game.st.buildings[med] == 2 and game.st.buildings[bal] == 1


def test_sell_evenly() -> None:
    """'You must sell evenly (in reverse of the way you built).'"""
    game = _brown(med=2, bal=1)
    med, bal = deed(game, "mediterranean"), deed(game, "baltic")
    _refused(game, A.A_SELL_BUILDING, 0, bal, "evenly")
    act(game, A.A_SELL_BUILDING, player=0, target=med)
    assert game.st.buildings[med] == 1


def test_houses_sell_back_at_half_price() -> None:
    """'Houses/hotels may be sold back to the Bank at half their purchase price.'"""
    game = _brown(med=1)
    houses = game.st.bank_houses
    act(game, A.A_SELL_BUILDING, player=0, target=deed(game, "mediterranean"))
    assert cashes(game) == [1525, 1500]
    assert game.st.bank_houses == houses + 1


def test_four_houses_then_a_hotel() -> None:
    """'When you have four houses on each property in the group, you may buy a hotel.'"""
    game = _brown(med=4, bal=3)
    med = deed(game, "mediterranean")
    _refused(game, A.A_BUILD, 0, med, "evenly")
    build(game, "baltic", 4)
    act(game, A.A_BUILD, player=0, target=med)
    assert game.st.buildings[med] == 5


def test_a_hotel_returns_the_four_houses_to_the_bank() -> None:
    """'Returning the four houses to the Bank plus the hotel price.'"""
    game = _brown(med=4, bal=4)
    houses, hotels = game.st.bank_houses, game.st.bank_hotels
    act(game, A.A_BUILD, player=0, target=deed(game, "mediterranean"))
    assert (game.st.bank_houses, game.st.bank_hotels) == (houses + 4, hotels - 1)
    assert cashes(game) == [1450, 1500]


def test_only_one_hotel_per_property() -> None:
    """'Only one hotel per property'; no houses on top of it."""
    game = _brown(med=5, bal=5)
    _refused(game, A.A_BUILD, 0, deed(game, "mediterranean"), "most buildings")


@pytest.mark.parametrize(("edition", "variant"), [("got", "speed"), ("nfl", "short")])
def test_short_game_three_houses_then_a_hotel(edition: str, variant: str) -> None:
    """'You need only three houses (instead of four) on each lot before you may buy a hotel.'"""
    game = _brown(edition, variant, med=3, bal=3)
    med = deed(game, "mediterranean")
    houses, hotels = game.st.bank_houses, game.st.bank_hotels
    act(game, A.A_BUILD, player=0, target=med)
    assert game.st.buildings[med] == 4  # a hotel, with three houses per hotel
    assert (game.st.bank_houses, game.st.bank_hotels) == (houses + 3, hotels - 1)
    assert cashes(game) == [1450, 1500]


@pytest.mark.parametrize(("edition", "variant"), [("got", "speed"), ("nfl", "short")])
def test_short_game_hotel_rent_remains_the_same(edition: str, variant: str) -> None:
    """'Hotel rent remains the same' (Baltic: 450), and three houses pay the 3-house rent."""
    game = position(f"""
        {edition} variant={variant}
        player Ann
        player Bob
        deed mediterranean owner=Bob hotel
        deed baltic owner=Bob hotel
        """)
    roll(game, (1, 2))
    assert cashes(game) == [1500 - 450, 1500 + 450]


def test_no_houses_in_the_bank_no_building() -> None:
    """'If the Bank has no houses, you must wait for another player to return some.'"""
    game = _brown(houses=0)
    _refused(game, A.A_BUILD, 0, deed(game, "mediterranean"), "no houses")


def test_no_hotels_in_the_bank_no_hotel() -> None:
    """The bank's 12 hotels are the limit too."""
    game = _brown(med=4, bal=4, hotels=0)
    _refused(game, A.A_BUILD, 0, deed(game, "mediterranean"), "no hotels")


def _shortage():
    """Ann owns brown, Bob owns light blue, and the bank has a single house left."""
    return _brown(houses=1, more="""
        deed oriental owner=Bob
        deed vermont owner=Bob
        deed connecticut owner=Bob
        """)


def test_building_shortage_is_auctioned_among_those_who_want_it() -> None:
    """'If several want the limited supply, the Banker auctions them one at a time.'"""
    game = _shortage()
    act(game, A.A_BUILD, player=0, target=deed(game, "mediterranean"))
    assert game.pending.kind == A.AUCTION
    assert game.pending.context["building"] == "house"
    assert sorted(game.pending.context["bidders"]) == [0, 1]
    assert game.pending.context["min_bid"] == 50
    assert game.st.bank_houses == 1


def test_building_shortage_auction_winner_pays_and_places_it() -> None:
    """The highest bidder pays the bid and puts the house on a street they may build on."""
    game = _shortage()
    act(game, A.A_BUILD, player=0, target=deed(game, "mediterranean"))
    act(game, A.A_BID, amount=50)  # Ann
    act(game, A.A_BID, amount=70)  # Bob
    act(game, A.A_DROP)  # Ann
    assert game.pending.kind == A.PLACE_BUILDING
    assert game.pending.player == 1
    spots = {a.target for a in game.pending.choices}
    assert spots == {deed(game, d) for d in ("oriental", "vermont", "connecticut")}
    act(game, A.A_PLACE, target=deed(game, "vermont"))
    assert game.st.buildings[deed(game, "vermont")] == 1
    assert game.st.bank_houses == 0
    assert cashes(game) == [1500, 1430]


def test_building_shortage_requester_who_wins_gets_it_where_asked() -> None:
    """The player who asked and won gets the house on the street asked for."""
    game = _shortage()
    act(game, A.A_BUILD, player=0, target=deed(game, "mediterranean"))
    act(game, A.A_BID, amount=55)
    act(game, A.A_DROP)
    assert game.st.buildings[deed(game, "mediterranean")] == 1
    assert game.st.bank_houses == 0
    assert cashes(game) == [1445, 1500]


def test_no_shortage_auction_when_only_one_player_can_build() -> None:
    """The last house goes at its price when nobody else could build."""
    game = _brown(houses=1)
    act(game, A.A_BUILD, player=0, target=deed(game, "mediterranean"))
    assert find_frame(game.st, AuctionFrame) is None
    assert game.st.buildings[deed(game, "mediterranean")] == 1
    assert cashes(game) == [1450, 1500]


def test_a_hotel_sells_for_half_its_cost_and_turns_back_into_houses() -> None:
    """'Keeps are sold for half the listed price and immediately exchanged for 4 Villages.'"""
    game = _brown(med=5, bal=5)
    houses, hotels = game.st.bank_houses, game.st.bank_hotels
    act(game, A.A_SELL_BUILDING, player=0, target=deed(game, "mediterranean"))
    assert game.st.buildings[deed(game, "mediterranean")] == 4
    assert (game.st.bank_houses, game.st.bank_hotels) == (houses - 4, hotels + 1)
    assert cashes(game) == [1525, 1500]


def test_breaking_a_hotel_needs_four_houses_in_the_bank() -> None:
    """A hotel turns back into four houses only if the Bank has them."""
    game = _brown(med=5, bal=5, houses=3)
    _refused(game, A.A_SELL_BUILDING, 0, deed(game, "mediterranean"), "too few houses")


def test_without_houses_to_break_a_hotel_the_whole_group_is_sold() -> None:
    """With too few houses in the Bank, the group's buildings are sold all at once; a hotel
    brings half the price of the five houses it stands for (NFL: 'A hotel sells back for the
    price of the five houses it replaced')."""
    game = _brown(med=5, bal=5, houses=0)
    hotels = game.st.bank_hotels
    kinds = {a.kind for a in game.legal_actions(0)}
    assert A.A_SELL_BUILDING not in kinds and A.A_SELL_ALL in kinds
    act(game, A.A_SELL_ALL, player=0, target=game.spec.deeds[deed(game, "baltic")].group)
    assert game.st.buildings[deed(game, "mediterranean")] == 0
    assert game.st.buildings[deed(game, "baltic")] == 0
    assert game.st.bank_hotels == hotels + 2
    assert game.st.bank_houses == 0
    assert cashes(game) == [1500 + 2 * (5 * 50 // 2), 1500]


def test_building_is_open_on_another_players_turn() -> None:
    """'You can do the following even when it isn't your turn: Build.'"""
    game = position("""
        classic
        player Ann
        player Bob
        deed mediterranean owner=Bob
        deed baltic owner=Bob
        """)
    assert game.pending.player == 0
    act(game, A.A_BUILD, player=1, target=deed(game, "baltic"))
    assert game.st.buildings[deed(game, "baltic")] == 1


def test_no_building_in_the_middle_of_an_auction() -> None:
    """Building waits until the decision in hand (here an auction) is finished."""
    game = _brown()
    roll(game, (2, 3))  # Reading Railroad, for sale
    act(game, A.A_AUCTION)
    _refused(game, A.A_BUILD, 0, deed(game, "mediterranean"), "not now")


def test_building_shortage_winner_places_the_building_before_raising_the_bid() -> None:
    """The auctioned house is put on a street first; raising the bid afterwards (selling or
    mortgaging) cannot leave the winner with a house paid for and nowhere to put it."""
    game = position("""
        classic
        player Ann
        player Bob cash=100
        deed mediterranean owner=Ann
        deed baltic owner=Ann
        deed oriental owner=Bob
        deed vermont owner=Bob
        deed connecticut owner=Bob
        """, rules={"building_supply_houses": 1})
    act(game, A.A_BUILD, player=0, target=deed(game, "mediterranean"))
    act(game, A.A_BID, amount=50)  # Ann
    act(game, A.A_BID, amount=120)  # Bob: more than his cash
    act(game, A.A_DROP)  # Ann
    assert game.pending.kind == A.PLACE_BUILDING and game.pending.player == 1
    act(game, A.A_PLACE, target=deed(game, "oriental"))
    assert game.pending.kind == A.DEBT and game.pending.context["amount"] == 120
    act(game, A.A_SELL_BUILDING, player=1, target=deed(game, "oriental"))
    act(game, A.A_MORTGAGE, player=1, target=deed(game, "oriental"))
    act(game, A.A_PAY_DEBT)
    assert cashes(game) == [1500, 100 + 25 + 50 - 120]
    assert game.st.bank_houses == 1
    assert game.pending.kind == A.ROLL and game.pending.player == 0


def test_hotel_shortage_is_auctioned_too() -> None:
    """'If Villages/Keeps are limited and two or more players wish to buy them, the Banker must
    auction them off': the last hotel goes to the highest bidder, who turns in four houses."""
    game = _brown(med=4, bal=4, hotels=1, more="""
        deed park-place owner=Bob houses=4
        deed boardwalk owner=Bob houses=4
        """)
    houses = game.st.bank_houses
    act(game, A.A_BUILD, player=0, target=deed(game, "baltic"))
    assert game.pending.kind == A.AUCTION
    assert game.pending.context["building"] == "hotel"
    act(game, A.A_BID, amount=60)  # Ann
    act(game, A.A_BID, amount=250)  # Bob
    act(game, A.A_DROP)  # Ann
    assert game.pending.kind == A.PLACE_BUILDING
    act(game, A.A_PLACE, target=deed(game, "boardwalk"))
    assert game.st.buildings[deed(game, "boardwalk")] == 5
    assert (game.st.bank_houses, game.st.bank_hotels) == (houses + 4, 0)
    assert cashes(game) == [1500, 1250]


def test_building_won_at_auction_costs_at_least_its_price_where_it_goes() -> None:
    """Bids start at the asker's building price; a winner who puts the house on a dearer
    street pays that street's price when the bid was lower (designed: the rulebooks give no
    starting price for a building auction)."""
    game = _brown(houses=1, more="""
        deed pacific owner=Bob
        deed north-carolina owner=Bob
        deed pennsylvania-avenue owner=Bob
        """)
    act(game, A.A_BUILD, player=0, target=deed(game, "mediterranean"))
    act(game, A.A_BID, amount=50)  # Ann
    act(game, A.A_BID, amount=60)  # Bob
    act(game, A.A_DROP)  # Ann
    assert game.pending.kind == A.PLACE_BUILDING
    act(game, A.A_PLACE, target=deed(game, "pacific"))
    assert game.st.buildings[deed(game, "pacific")] == 1
    assert cashes(game) == [1500, 1300]
