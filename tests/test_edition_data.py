"""The edition data checked against the facts (/work/shared/editions-facts.md).

The tables here are typed from the facts, independently of the YAML, so a slip in a ruleset
shows up as a failed test named after the fact it breaks.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from monopoly_tui.rules.models import (
    Card,
    CardSpace,
    CountRent,
    DiceRentProperty,
    FreeParking,
    Go,
    GoToJail,
    Jail,
    Rules,
    Ruleset,
    Street,
    Tax,
)

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"

try:  # the loader, once it lands
    from monopoly_tui.rules.loader import load_edition as _load_edition
except ImportError:  # pragma: no cover - until then: the same deep merge, done here
    _load_edition = None


def _merge(base: Any, child: Any) -> Any:
    """Mappings merge by key; lists of mappings that all have an id merge by id; else replace."""
    if isinstance(base, dict) and isinstance(child, dict):
        out = dict(base)
        for key, value in child.items():
            out[key] = _merge(base[key], value) if key in base else value
        return out
    if (
        isinstance(base, list)
        and isinstance(child, list)
        and base
        and child
        and all(isinstance(x, dict) and "id" in x for x in base + child)
    ):
        out_list = list(base)
        where = {x["id"]: i for i, x in enumerate(out_list)}
        for item in child:
            if item["id"] in where:
                out_list[where[item["id"]]] = _merge(out_list[where[item["id"]]], item)
            else:
                out_list.append(item)
        return out_list
    return child


def _raw(edition_id: str) -> dict[str, Any]:
    for path in sorted(RULESETS.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if data.get("id") == edition_id:
            if data.get("extends"):
                return _merge(_raw(data["extends"]), data)
            return data
    raise KeyError(edition_id)


_cache: dict[str, Ruleset] = {}


def load(edition_id: str) -> Ruleset:
    if edition_id not in _cache:
        if _load_edition is not None:
            _cache[edition_id] = _load_edition(edition_id)
        else:
            _cache[edition_id] = Ruleset.model_validate(_raw(edition_id))
    return _cache[edition_id]


EDITIONS = ["classic", "got", "nfl"]


@pytest.fixture(scope="module")
def classic() -> Ruleset:
    return load("classic")


@pytest.fixture(scope="module")
def got() -> Ruleset:
    return load("got")


@pytest.fixture(scope="module")
def nfl() -> Ruleset:
    return load("nfl")


def space(rs: Ruleset, position: int):
    return rs.spaces[position]


def by_id(rs: Ruleset, space_id: str):
    return next(s for s in rs.spaces if s.id == space_id)


def deck(rs: Ruleset, deck_id: str):
    return next(d for d in rs.decks if d.id == deck_id)


def effects(cards: list[Card]) -> Counter:
    """The deck's effects as a multiset (copies expanded)."""
    out: Counter = Counter()
    for c in cards:
        e = c.effect.model_dump()
        out[tuple(sorted(e.items()))] += c.copies
    return out


def eff(type_: str, **kw: Any) -> tuple:
    """An effect as ``effects`` counts it, with the schema's defaults filled in."""
    from pydantic import TypeAdapter

    from monopoly_tui.rules.models import CardEffect

    e = TypeAdapter(CardEffect).validate_python({"type": type_, **kw}).model_dump()
    return tuple(sorted(e.items()))


# ------------------------------------------------------------------ facts §0.1: the classic board

# position, name, group, price, rents (base, 1H, 2H, 3H, 4H, hotel), house cost, mortgage
CLASSIC_STREETS = [
    (1, "Mediterranean Avenue", "brown", 60, (2, 10, 30, 90, 160, 250), 50, 30),
    (3, "Baltic Avenue", "brown", 60, (4, 20, 60, 180, 320, 450), 50, 30),
    (6, "Oriental Avenue", "light-blue", 100, (6, 30, 90, 270, 400, 550), 50, 50),
    (8, "Vermont Avenue", "light-blue", 100, (6, 30, 90, 270, 400, 550), 50, 50),
    (9, "Connecticut Avenue", "light-blue", 120, (8, 40, 100, 300, 450, 600), 50, 60),
    (11, "St. Charles Place", "pink", 140, (10, 50, 150, 450, 625, 750), 100, 70),
    (13, "States Avenue", "pink", 140, (10, 50, 150, 450, 625, 750), 100, 70),
    (14, "Virginia Avenue", "pink", 160, (12, 60, 180, 500, 700, 900), 100, 80),
    (16, "St. James Place", "orange", 180, (14, 70, 200, 550, 750, 950), 100, 90),
    (18, "Tennessee Avenue", "orange", 180, (14, 70, 200, 550, 750, 950), 100, 90),
    (19, "New York Avenue", "orange", 200, (16, 80, 220, 600, 800, 1000), 100, 100),
    (21, "Kentucky Avenue", "red", 220, (18, 90, 250, 700, 875, 1050), 150, 110),
    (23, "Indiana Avenue", "red", 220, (18, 90, 250, 700, 875, 1050), 150, 110),
    (24, "Illinois Avenue", "red", 240, (20, 100, 300, 750, 925, 1100), 150, 120),
    (26, "Atlantic Avenue", "yellow", 260, (22, 110, 330, 800, 975, 1150), 150, 130),
    (27, "Ventnor Avenue", "yellow", 260, (22, 110, 330, 800, 975, 1150), 150, 130),
    (29, "Marvin Gardens", "yellow", 280, (24, 120, 360, 850, 1025, 1200), 150, 140),
    (31, "Pacific Avenue", "green", 300, (26, 130, 390, 900, 1100, 1275), 200, 150),
    (32, "North Carolina Avenue", "green", 300, (26, 130, 390, 900, 1100, 1275), 200, 150),
    (34, "Pennsylvania Avenue", "green", 320, (28, 150, 450, 1000, 1200, 1400), 200, 160),
    (37, "Park Place", "dark-blue", 350, (35, 175, 500, 1100, 1300, 1500), 200, 175),
    (39, "Boardwalk", "dark-blue", 400, (50, 200, 600, 1400, 1700, 2000), 200, 200),
]
STREET_POSITIONS = [row[0] for row in CLASSIC_STREETS]
RAILROADS = {5: "Reading Railroad", 15: "Pennsylvania Railroad", 25: "B. & O. Railroad",
             35: "Short Line"}
UTILITIES = {12: "Electric Company", 28: "Water Works"}
COMMUNITY_CHEST_POSITIONS = [2, 17, 33]
CHANCE_POSITIONS = [7, 22, 36]


def mortgage_of(s) -> int:
    return s.mortgage if s.mortgage is not None else s.price // 2


@pytest.mark.parametrize("row", CLASSIC_STREETS, ids=[r[1] for r in CLASSIC_STREETS])
def test_classic_street_deed_matches_the_us_title_deed(classic, row):
    pos, name, group, price, rents, house_cost, mortgage = row
    s = space(classic, pos)
    assert isinstance(s, Street)
    assert (s.name, s.group, s.price, tuple(s.rent), s.house_cost, mortgage_of(s)) == (
        name, group, price, rents, house_cost, mortgage)
    assert s.hotel_cost in (None, house_cost), "hotel price = house price"


def test_classic_board_has_40_spaces_with_go_first(classic):
    assert len(classic.spaces) == 40
    assert isinstance(space(classic, 0), Go)


def test_classic_has_22_streets_4_railroads_2_utilities(classic):
    kinds = Counter(type(s) for s in classic.spaces)
    assert (kinds[Street], kinds[CountRent], kinds[DiceRentProperty]) == (22, 4, 2)


def test_classic_corners_jail_10_free_parking_20_go_to_jail_30(classic):
    assert isinstance(space(classic, 10), Jail)
    assert isinstance(space(classic, 20), FreeParking)
    assert isinstance(space(classic, 30), GoToJail)


def test_classic_card_spaces_community_chest_2_17_33_chance_7_22_36(classic):
    for pos in COMMUNITY_CHEST_POSITIONS:
        s = space(classic, pos)
        assert isinstance(s, CardSpace)
        assert (s.deck, s.name) == ("community-chest", "Community Chest")
    for pos in CHANCE_POSITIONS:
        s = space(classic, pos)
        assert isinstance(s, CardSpace)
        assert (s.deck, s.name) == ("chance", "Chance")
    card_positions = [i for i, s in enumerate(classic.spaces) if isinstance(s, CardSpace)]
    assert card_positions == sorted(COMMUNITY_CHEST_POSITIONS + CHANCE_POSITIONS)


def test_classic_railroads_at_5_15_25_35_cost_200_mortgage_100_rent_25_50_100_200(classic):
    for pos, name in RAILROADS.items():
        s = space(classic, pos)
        assert isinstance(s, CountRent)
        assert (s.name, s.group, s.price, mortgage_of(s)) == (name, "railroads", 200, 100)
    group = next(g for g in classic.groups if g.id == "railroads")
    assert group.rent_by_count == [25, 50, 100, 200]


@pytest.mark.parametrize("edition", ["classic", "lge"])
def test_the_b_and_o_railroad_is_spelled_as_the_classic_board_prints_it(edition):
    """The classic board's source (editions-facts §0.1, rulesets/classic.yaml) prints
    "B. & O. Railroad"; the board's short name said "B&O Railroad" (on the tiles and the
    player panels) while the log and the title deed said "B. & O. Railroad". Every name of it,
    the short one too (shortened as "Reading RR" is), spells "B. & O."."""
    from monopoly_tui.rules import load_spec

    spec = load_spec(edition)
    spaces = [sp for sp in spec.spaces if sp.id.startswith("b-and-o-railroad")]
    assert spaces
    for sp in spaces:
        assert sp.name.startswith("B. & O. Railroad") and sp.short.startswith("B. & O. "), sp
        assert "B&O" not in sp.name + sp.short
    assert all("B&O" not in sp.name + sp.short for sp in spec.spaces)


def test_classic_utilities_at_12_and_28_cost_150_rent_4_or_10_times_the_dice(classic):
    for pos, name in UTILITIES.items():
        s = space(classic, pos)
        assert isinstance(s, DiceRentProperty)
        assert (s.name, s.group, s.price, mortgage_of(s)) == (name, "utilities", 150, 75)
    group = next(g for g in classic.groups if g.id == "utilities")
    assert [(d.roll, d.multiplier) for d in group.dice_rent] == [("landing", 4), ("landing", 10)]


def test_classic_income_tax_at_4_is_a_flat_200_and_luxury_tax_at_38_is_100(classic):
    income, luxury = space(classic, 4), space(classic, 38)
    assert isinstance(income, Tax) and (income.name, income.amount, income.percent) == (
        "Income Tax", 200, None)
    assert isinstance(luxury, Tax) and (luxury.name, luxury.amount, luxury.percent) == (
        "Luxury Tax", 100, None)
    assert [i for i, s in enumerate(classic.spaces) if isinstance(s, Tax)] == [4, 38]


def test_classic_colour_groups_are_the_eight_classic_sets(classic):
    members: dict[str, list[int]] = {}
    for row in CLASSIC_STREETS:
        members.setdefault(row[2], []).append(row[0])
    for gid, positions in members.items():
        assert [i for i, s in enumerate(classic.spaces)
                if isinstance(s, Street) and s.group == gid] == positions
    assert {g.id for g in classic.groups} == set(members) | {"railroads", "utilities"}


def test_classic_money_start_1500_salary_200_jail_fine_50(classic):
    assert classic.starting_money == 1500
    assert classic.rules.salary == 200
    assert classic.rules.jail_fine == 50
    assert classic.rules.jail_max_turns == 3
    assert classic.rules.doubles_to_jail == 3
    assert classic.rules.mortgage_interest_percent == 10


def test_classic_bank_holds_32_houses_and_12_hotels(classic):
    assert (classic.rules.building_supply.houses, classic.rules.building_supply.hotels) == (32, 12)
    assert classic.rules.houses_per_hotel == 4


def test_classic_is_for_2_to_8_players_with_the_eight_classic_tokens(classic):
    assert (classic.players.min, classic.players.max) == (2, 8)
    assert [t.lower() for t in classic.tokens] == [
        "thimble", "wheelbarrow", "iron", "race car", "top hat", "scottie dog", "boot",
        "battleship"]


def test_classic_money_is_written_in_dollars(classic):
    assert classic.vocabulary.money_format == "${amount}"
    assert (classic.vocabulary.house, classic.vocabulary.hotel) == ("house", "hotel")


# ------------------------------------------------------------------ facts §0.4, §0.5: the decks

CHANCE_2008 = Counter([
    eff("move_to", target="go"),
    eff("move_to", target="illinois"),
    eff("move_to", target="st-charles"),
    eff("move_to_nearest", group="utilities", dice_multiplier=10),
    eff("move_to_nearest", group="railroads", rent_multiplier=2),
    eff("move_to_nearest", group="railroads", rent_multiplier=2),
    eff("collect", amount=50),
    eff("get_out_of_jail_free"),
    eff("move_by", steps=-3),
    eff("go_to_jail"),
    eff("repairs", per_house=25, per_hotel=100),
    eff("pay", amount=15),
    eff("move_to", target="reading-railroad"),
    eff("move_to", target="boardwalk"),
    eff("pay_each", amount=50),
    eff("collect", amount=150),
])

COMMUNITY_CHEST_2008 = Counter([
    eff("move_to", target="go"),
    eff("collect", amount=200),
    eff("pay", amount=50),
    eff("collect", amount=50),
    eff("get_out_of_jail_free"),
    eff("go_to_jail"),
    eff("collect", amount=100),
    eff("collect", amount=20),
    eff("collect_from_each", amount=10),
    eff("collect", amount=100),
    eff("pay", amount=100),
    eff("pay", amount=50),
    eff("collect", amount=25),
    eff("repairs", per_house=40, per_hotel=115),
    eff("collect", amount=10),
    eff("collect", amount=100),
])

# The pre-2008 US decks (facts §0.4, §0.5 variants): Chance has the same effects (poor tax 15
# in place of the speeding fine); Community Chest has Grand Opera Night (50 from every player)
# in place of the birthday, school tax 150, and sale of stock 45.
CHANCE_PRE_2008 = CHANCE_2008
COMMUNITY_CHEST_PRE_2008 = (
    COMMUNITY_CHEST_2008
    - Counter([eff("collect_from_each", amount=10), eff("pay", amount=50),
               eff("collect", amount=50)])
    + Counter([eff("collect_from_each", amount=50), eff("pay", amount=150),
               eff("collect", amount=45)])
)


def deck_size(d) -> int:
    return sum(c.copies for c in d.cards)


def test_classic_decks_hold_16_chance_and_16_community_chest_cards(classic):
    assert {d.id: deck_size(d) for d in classic.decks} == {"chance": 16, "community-chest": 16}


def test_classic_chance_has_the_2008_us_effects(classic):
    assert effects(deck(classic, "chance").cards) == CHANCE_2008


def test_classic_community_chest_has_the_2008_us_effects(classic):
    assert effects(deck(classic, "community-chest").cards) == COMMUNITY_CHEST_2008


def test_classic_chance_has_two_nearest_railroad_cards_at_double_rent(classic):
    cards = [c for c in deck(classic, "chance").cards if c.effect.type == "move_to_nearest"
             and c.effect.group == "railroads"]
    assert sum(c.copies for c in cards) == 2
    assert all(c.effect.rent_multiplier == 2 for c in cards)


def test_classic_nearest_utility_card_charges_ten_times_the_dice(classic):
    (card,) = [c for c in deck(classic, "chance").cards if c.effect.type == "move_to_nearest"
               and c.effect.group == "utilities"]
    assert card.effect.dice_multiplier == 10


def test_classic_has_birthday_card_not_grand_opera_night(classic):
    found = effects(deck(classic, "community-chest").cards)
    assert found[eff("collect_from_each", amount=10)] == 1
    assert found[eff("collect_from_each", amount=50)] == 0


def test_each_deck_has_one_get_out_of_jail_free_card(classic, got, nfl):
    for rs in (classic, got, nfl):
        for d in rs.decks:
            assert sum(c.copies for c in d.cards if c.effect.type == "get_out_of_jail_free") == 1


# Phrases of the printed cards that our texts must not reuse (card texts are our own words).
PRINTED_PHRASES = [
    "advance to", "advance token", "bank error in your favor", "do not pass go",
    "go directly to jail", "take a walk on the boardwalk", "take a ride on the reading",
    "take a trip to reading", "elected chairman of the board", "building and loan matures",
    "your building loan matures", "make general repairs", "assessed for street repairs",
    "pay poor tax", "it is your birthday", "from sale of stock you get", "life insurance matures",
    "second prize in a beauty contest", "go back 3 spaces", "go back three spaces",
    "grand opera night", "xmas fund matures", "holiday fund matures", "you inherit",
    "receive for services", "receive $25 consultancy fee", "pay school fees", "pay school tax",
    "speeding fine", "bank pays you dividend",
]


@pytest.mark.parametrize("edition", EDITIONS)
def test_card_texts_are_in_our_own_words(edition):
    for d in load(edition).decks:
        for c in d.cards:
            text = c.text.lower()
            assert not [p for p in PRINTED_PHRASES if p in text], c.text


@pytest.mark.parametrize("edition", EDITIONS)
def test_move_to_card_texts_name_their_target_space(edition):
    rs = load(edition)
    for d in rs.decks:
        for c in d.cards:
            if c.effect.type == "move_to":
                target = by_id(rs, c.effect.target)
                assert target.name in c.text, (c.text, target.name)


@pytest.mark.parametrize("edition", EDITIONS)
def test_nearest_cards_name_the_group_members_or_the_group(edition):
    rs = load(edition)
    for d in rs.decks:
        for c in d.cards:
            if c.effect.type == "move_to_nearest":
                group = next(g for g in rs.groups if g.id == c.effect.group)
                names = [s.name for s in rs.spaces if getattr(s, "group", None) == group.id]
                plural = group.name.lower()
                singular = plural[:-3] + "y" if plural.endswith("ies") else plural.rstrip("s")
                assert singular in c.text.lower() or all(n in c.text for n in names), c.text


# ------------------------------------------------------------------ every edition


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_space_has_a_short_name_of_at_most_14_characters(edition):
    for s in load(edition).spaces:
        assert s.short and len(s.short) <= 14, s.id


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_variant_switch_is_a_valid_rule_value(edition):
    rs = load(edition)
    for v in rs.variants:
        Rules.model_validate({**rs.rules.model_dump(), **v.rules})


@pytest.mark.parametrize("edition", ["got", "nfl"])
def test_themed_editions_keep_the_classic_space_ids_in_the_same_slots(classic, edition):
    rs = load(edition)
    assert [s.id for s in rs.spaces] == [s.id for s in classic.spaces]
    assert [type(s) for s in rs.spaces] == [type(s) for s in classic.spaces]


@pytest.mark.parametrize("edition", ["got", "nfl"])
def test_themed_editions_keep_the_classic_deed_values(classic, edition):
    """GoT and NFL: 'all the values are the same as' the classic game (both rulebooks)."""
    rs = load(edition)
    for base, themed in zip(classic.spaces, rs.spaces, strict=True):
        if isinstance(base, Street):
            assert (themed.group, themed.price, themed.rent, themed.house_cost,
                    mortgage_of(themed)) == (base.group, base.price, base.rent, base.house_cost,
                                             mortgage_of(base)), base.id
        elif isinstance(base, CountRent | DiceRentProperty):
            assert (themed.group, themed.price, mortgage_of(themed)) == (
                base.group, base.price, mortgage_of(base)), base.id
    for g in ("railroads", "utilities"):
        a = next(x for x in classic.groups if x.id == g)
        b = next(x for x in rs.groups if x.id == g)
        assert a.rent_by_count == b.rent_by_count
        # the same multipliers; Game of Thrones rolls anew for the rent ('Roll the dice and
        # multiply the result by 4'), classic and NFL use the landing roll
        assert [r.multiplier for r in a.dice_rent or []] == \
            [r.multiplier for r in b.dice_rent or []]
        assert all(r.roll == ("new" if edition == "got" else "landing")
                   for r in b.dice_rent or [])
    assert (rs.starting_money, rs.rules.salary, rs.rules.jail_fine) == (1500, 200, 50)
    assert rs.rules.building_supply == classic.rules.building_supply


@pytest.mark.parametrize("edition", ["got", "nfl"])
def test_themed_decks_hold_16_and_16_cards(edition):
    assert {d.id: deck_size(d) for d in load(edition).decks} == {
        "chance": 16, "community-chest": 16}


# ------------------------------------------------------------------ facts §2: Game of Thrones

GOT_BOARD = [
    "GO", "Craster's Keep", "The Iron Throne", "The Fist of the First Men", "Master of Coin",
    "House Lannister", "The Nightfort", "Valar Morghulis", "Mole's Town",
    "The Inn at the Crossroads", None, "Vaes Dothrak", "The Red Wastes", "Qarth", "Pentos",
    "House Baratheon", "The Eyrie", "The Iron Throne", "Dragonstone", "Moat Cailin",
    "Free Parking", "Harrenhal", "Valar Morghulis", "The Dreadfort", "The Twins",
    "House Targaryen", "Astapor", "Yunkai", "The Wall", "Meereen", "Go to Jail", "Castle Black",
    "Pyke", "The Iron Throne", "Winterfell", "House Stark", "Valar Morghulis", "Braavos",
    "Master of Whispers", "King's Landing",
]


@pytest.mark.parametrize("position", range(40), ids=[f"{i}-{n}" for i, n in enumerate(GOT_BOARD)])
def test_got_space_names_follow_the_2015_board(got, position):
    expected = GOT_BOARD[position]
    s = space(got, position)
    if expected is None:  # In Jail / Just Visiting
        assert isinstance(s, Jail)
    else:
        assert s.name == expected


def test_got_houses_replace_the_railroads_and_the_red_wastes_and_the_wall_the_utilities(got):
    assert next(g for g in got.groups if g.id == "railroads").name == "Houses"
    assert [space(got, p).name for p in (5, 15, 25, 35)] == [
        "House Lannister", "House Baratheon", "House Targaryen", "House Stark"]
    assert [space(got, p).name for p in (12, 28)] == ["The Red Wastes", "The Wall"]


def test_got_master_of_coin_is_200_and_master_of_whispers_100(got):
    assert (space(got, 4).name, space(got, 4).amount, space(got, 4).percent) == (
        "Master of Coin", 200, None)
    assert (space(got, 38).name, space(got, 38).amount, space(got, 38).percent) == (
        "Master of Whispers", 100, None)


def test_got_decks_are_valar_morghulis_on_chance_and_the_iron_throne_on_community_chest(got):
    assert deck(got, "chance").name == "Valar Morghulis"
    assert deck(got, "community-chest").name == "The Iron Throne"
    for p in CHANCE_POSITIONS:
        assert space(got, p).deck == "chance"
    for p in COMMUNITY_CHEST_POSITIONS:
        assert space(got, p).deck == "community-chest"


def test_got_cards_have_the_classic_effects(got):
    assert effects(deck(got, "chance").cards) == CHANCE_2008
    assert effects(deck(got, "community-chest").cards) == COMMUNITY_CHEST_2008


def test_got_card_texts_differ_from_classic(classic, got):
    for d in ("chance", "community-chest"):
        assert not {c.text for c in deck(classic, d).cards} & {c.text for c in deck(got, d).cards}


def test_got_money_is_gold_dragons_with_villages_and_keeps(got):
    v = got.vocabulary
    assert v.money_format == "{amount} Gold Dragons" and v.currency == "Gold Dragons"
    assert (v.house, v.houses, v.hotel, v.hotels) == ("Village", "Villages", "Keep", "Keeps")


def test_got_has_the_six_rulebook_tokens_so_at_most_six_players(got):
    assert got.tokens == ["Direwolf", "Dragon Egg", "Weirwood", "White Walker",
                          "Three-Eyed Raven", "Crown"]
    assert (got.players.min, got.players.max) == (2, 6)


def test_got_rent_is_collected_automatically_by_default(got):
    assert got.rules.rent_collection == "automatic"


def test_got_speed_play_deals_three_free_deeds_three_villages_per_keep_and_ends_at_first_bankruptcy(
    got,
):
    (speed,) = got.variants
    assert (speed.id, speed.name) == ("speed", "Speed play")
    assert speed.rules == {"deal_deeds": 3, "dealt_deeds_paid": False, "houses_per_hotel": 3,
                           "jail_exit_next_turn": True, "end": "first_bankruptcy"}


def test_got_year_is_2015_and_it_extends_classic(got):
    assert (got.year, got.extends) == (2015, "classic")


# ------------------------------------------------------------------ facts §5: NFL (1998)


def test_nfl_double_teams_stand_at_5_15_25_35(nfl):
    assert next(g for g in nfl.groups if g.id == "railroads").name == "Double Teams"
    for p in (5, 15, 25, 35):
        s = space(nfl, p)
        assert isinstance(s, CountRent) and s.name.startswith("Double Team")


def test_nfl_radio_replaces_electric_company_and_television_water_works(nfl):
    assert isinstance(space(nfl, 12), DiceRentProperty) and space(nfl, 12).name == "Radio"
    assert isinstance(space(nfl, 28), DiceRentProperty) and space(nfl, 28).name == "Television"


def test_nfl_exceed_salary_cap_is_200_or_10_percent(nfl):
    s = space(nfl, 4)
    assert (s.name, s.amount, s.percent) == ("Exceed Salary Cap", 200, 10)


def test_nfl_luxury_box_is_75(nfl):
    s = space(nfl, 38)
    assert (s.name, s.amount, s.percent) == ("Luxury Box", 75, None)


def test_nfl_afc_and_nfc_cards_replace_chance_and_community_chest(nfl):
    assert {d.name for d in nfl.decks} == {"AFC", "NFC"}
    for p in CHANCE_POSITIONS + COMMUNITY_CHEST_POSITIONS:
        s = space(nfl, p)
        assert s.name == deck(nfl, s.deck).name


def test_nfl_cards_have_the_pre_2008_effects(nfl):
    assert effects(deck(nfl, "chance").cards) == CHANCE_PRE_2008
    assert effects(deck(nfl, "community-chest").cards) == COMMUNITY_CHEST_PRE_2008


def test_nfl_has_grand_opera_night_not_the_birthday_card(nfl):
    found = effects(deck(nfl, "community-chest").cards)
    assert found[eff("collect_from_each", amount=50)] == 1
    assert found[eff("collect_from_each", amount=10)] == 0


def test_nfl_has_school_tax_150_and_sale_of_stock_45(nfl):
    found = effects(deck(nfl, "community-chest").cards)
    assert found[eff("pay", amount=150)] == 1
    assert found[eff("collect", amount=45)] == 1


def test_nfl_has_no_crossword_competition_card(nfl):
    # "won a crossword competition, collect 100" is not in the US Chance deck.
    assert effects(deck(nfl, "chance").cards)[eff("collect", amount=100)] == 0


def test_nfl_first_player_is_found_by_a_chain_of_coin_flips(nfl):
    assert nfl.rules.first_player == "coin_flip_chain"


def test_nfl_builds_seating_sections_and_stadiums(nfl):
    v = nfl.vocabulary
    assert (v.house, v.houses, v.hotel, v.hotels) == (
        "seating section", "seating sections", "stadium", "stadiums")


def test_nfl_has_eight_football_icon_tokens_for_2_to_8_players(nfl):
    assert len(nfl.tokens) == 8 and len(set(nfl.tokens)) == 8
    assert (nfl.players.min, nfl.players.max) == (2, 8)


def test_nfl_year_is_1998_and_it_extends_classic(nfl):
    assert (nfl.year, nfl.extends) == (1998, "classic")


def test_nfl_worst_1997_team_colts_on_mediterranean_packers_park_place_broncos_boardwalk(nfl):
    assert "Colts" in space(nfl, 1).name
    assert "Packers" in space(nfl, 37).name
    assert "Broncos" in space(nfl, 39).name


# The 30 NFL teams of the 1997 season (before the 1999 Browns): 22 streets + 4 Double Teams of 2.
NFL_1997_TEAMS = [
    "Bills", "Dolphins", "Patriots", "Jets", "Colts", "Ravens", "Bengals", "Jaguars", "Steelers",
    "Oilers", "Broncos", "Chiefs", "Raiders", "Chargers", "Seahawks", "Cowboys", "Giants",
    "Eagles", "Cardinals", "Washington", "Bears", "Lions", "Packers", "Vikings", "Buccaneers",
    "Falcons", "Panthers", "Saints", "Rams", "49ers",
]


def test_nfl_board_holds_each_of_the_30_teams_of_1997_once(nfl):
    names = [s.name for s in nfl.spaces if isinstance(s, Street | CountRent)]
    for team in NFL_1997_TEAMS:
        assert sum(team in n for n in names) == 1, team
    assert all(sum(t in space(nfl, p).name for t in NFL_1997_TEAMS) == 2 for p in (5, 15, 25, 35))
    assert all(sum(t in s.name for t in NFL_1997_TEAMS) == 1
               for s in nfl.spaces if isinstance(s, Street))


def test_nfl_short_game_variant(nfl):
    v = next(v for v in nfl.variants if v.id == "short")
    assert v.name == "Short game"
    assert v.rules == {"deal_deeds": 3, "dealt_deeds_paid": False, "houses_per_hotel": 3,
                       "jail_exit_next_turn": True, "income_tax_flat": True,
                       "end": "first_bankruptcy"}


def test_nfl_time_limit_variant_deals_two_paid_deeds_and_ends_after_a_turn_limit(nfl):
    v = next(v for v in nfl.variants if v.id == "time-limit")
    assert v.name == "Time limit game"
    assert v.rules["deal_deeds"] == 2 and v.rules["dealt_deeds_paid"] is True
    assert isinstance(v.rules["turn_limit"], int) and v.rules["turn_limit"] >= 1
    assert v.designed


# ------------------------------------------------------------------ designed markers


def test_classic_values_are_all_sourced_so_nothing_is_marked_designed(classic):
    assert not [s.id for s in classic.spaces if s.designed]
    assert not [d.id for d in classic.decks if d.designed]
    assert not [g.id for g in classic.groups if g.designed]


def test_got_card_texts_are_marked_designed(got):
    for d in got.decks:
        assert d.designed and "ours" in d.designed


def test_got_board_values_are_sourced_so_no_space_is_marked_designed(got):
    assert not [s.id for s in got.spaces if s.designed]


def test_nfl_every_team_placement_is_marked_designed(nfl):
    for s in nfl.spaces:
        if isinstance(s, Street | CountRent):
            assert s.designed, s.id


def test_nfl_tax_amounts_and_deck_mapping_are_marked_designed(nfl):
    assert space(nfl, 4).designed and space(nfl, 38).designed
    for d in nfl.decks:
        assert d.designed and "ours" in d.designed


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_edition_has_notes_and_a_description(edition):
    rs = load(edition)
    assert rs.notes and rs.description
    assert any("our own words" in n or "are ours" in n for n in rs.notes)
