"""Short games and house rules (rulebook:GOT 'Speed Play Rules for a Short Game', 'Play It
Right!'; rulebook:NFL 'Rules for a Short Game', 'Another Good Short Game')."""

from __future__ import annotations

import pytest
from helpers import (
    act,
    build,
    card_on_top,
    cash,
    cashes,
    end_turn,
    give,
    give_group,
    jail,
    kinds,
    ledger_ok,
    new_game,
    place,
    roll,
)

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.spec import PAY

SHORT = [("got", "speed"), ("nfl", "short")]


def _clear_deeds(game) -> None:
    for d in game.spec.deeds:
        game.st.owner[d.index] = -1
        game.st.mortgaged[d.index] = False


# ------------------------------------------------------------------ short games


@pytest.mark.parametrize(("edition", "variant"), SHORT)
def test_short_game_deals_three_free_deeds_to_each_player(edition: str, variant: str) -> None:
    """'The Banker shuffles then deals three Title Deed cards to each player. These are Free.'"""
    game = new_game(edition, 3, variant=variant)
    owned = [sum(1 for o in game.st.owner if o == p) for p in range(3)]
    assert owned == [3, 3, 3]
    assert cashes(game) == [1500, 1500, 1500]
    assert game.st.bank_net == 0
    dealt = [e for e in game.last_events if e.kind == "dealt"]
    assert len(dealt) == 9 and all(e.amount == 0 for e in dealt)


@pytest.mark.parametrize(("edition", "variant"), SHORT)
def test_short_game_needs_three_houses_before_a_hotel(edition: str, variant: str) -> None:
    """'You need only three houses (instead of four) on each lot before you may buy a hotel.'"""
    game = new_game(edition, variant=variant)
    assert game.spec.rules.houses_per_hotel == 3
    assert new_game(edition).spec.rules.houses_per_hotel == 4


@pytest.mark.parametrize(("edition", "variant"), SHORT)
def test_short_game_leaves_jail_on_the_next_turn(edition: str, variant: str) -> None:
    """'If you land in Jail you must exit on your next turn.'"""
    game = new_game(edition, variant=variant)
    _clear_deeds(game)
    jail(game, 0)
    roll(game, (5, 6))
    assert not game.st.players[0].in_jail
    assert game.st.players[0].position == 21
    assert game.st.players[0].cash == 1450


def test_nfl_short_game_income_tax_is_a_flat_200() -> None:
    """NFL short game: 'The penalty for landing on Income Tax is a flat $200.'"""
    game = new_game("nfl", variant="short")
    _clear_deeds(game)
    roll(game, (1, 3))
    assert game.pending.kind == A.END_TURN
    assert cashes(game) == [1300, 1500]


def test_got_speed_play_keeps_income_tax_as_printed() -> None:
    """GoT speed play changes three rules only; its tax spaces are fixed sums anyway."""
    game = new_game("got", variant="speed")
    _clear_deeds(game)
    roll(game, (1, 3))
    assert cashes(game) == [1300, 1500]


def _valuation_position(edition: str, variant: str):
    """Bob: 100 cash, Boardwalk, Park Place mortgaged (100 + 400 + 175 = 675).
    Cid: 200 cash, the brown pair with a hotel on each (200 + 120 + 2 x (3 x 50 + 50) = 720).
    Ann, with nothing, lands on Income Tax and goes bankrupt."""
    game = new_game(edition, 3, variant=variant)
    _clear_deeds(game)
    give(game, 1, "boardwalk")
    give(game, 1, "park-place", mortgaged=True)
    give_group(game, 2, "brown")
    build(game, "mediterranean", 4)
    build(game, "baltic", 4)
    cash(game, 0, 100, 200)
    roll(game, (1, 3))
    if game.pending.kind == A.TAX:  # pragma: no cover - the short games make it flat
        act(game, A.A_TAX_FLAT)
    return game


@pytest.mark.parametrize(("edition", "variant"), SHORT)
def test_short_game_ends_at_the_first_bankruptcy(edition: str, variant: str) -> None:
    """'The game ends when one player goes bankrupt.'"""
    game = _valuation_position(edition, variant)
    events = act(game, A.A_BANKRUPT)
    assert game.over
    assert game.st.end_reason == "first_bankruptcy"
    assert "game_over" in kinds(events)


@pytest.mark.parametrize(("edition", "variant"), SHORT)
def test_short_game_richest_by_the_printed_valuation_wins(edition: str, variant: str) -> None:
    """'Cash; properties at the printed value; mortgaged at one-half; houses at purchase value;
    hotels at purchase value including the three houses turned in.' Cid (720) beats Bob (675):
    Bob would win if the mortgaged deed counted in full or the hotels without their houses."""
    game = _valuation_position(edition, variant)
    act(game, A.A_BANKRUPT)
    assert game.st.winner == 2
    assert game.st.ranking[:2] == [2, 1]
    assert game.st.ranking[-1] == 0


def test_nfl_time_limit_game_deals_two_deeds_paid_for() -> None:
    """'Deals two to each player. Players immediately pay the Bank the price of the properties
    dealt to them.'"""
    game = new_game("nfl", 3, variant="time-limit")
    for p in range(3):
        mine = [d for d in game.spec.deeds if game.st.owner[d.index] == p]
        assert len(mine) == 2
        assert game.st.players[p].cash == 1500 - sum(d.price for d in mine)
    assert ledger_ok(game)


def test_nfl_time_limit_game_ends_at_the_limit_and_the_richest_wins() -> None:
    """'Agree upon a definite hour of termination, when the richest player will be declared the
    winner' (here: a number of rounds)."""
    game = new_game("nfl", 2, variant="time-limit")
    limit = game.spec.rules.turn_limit
    assert limit > 0
    _clear_deeds(game)
    cash(game, 1000, 1200)
    game.st.rounds = limit - 1
    roll(game, (4, 6))
    end_turn(game)
    assert not game.over
    roll(game, (4, 6))
    end_turn(game)
    assert game.over
    assert game.st.end_reason == "turn_limit"
    assert game.st.winner == 1


# ------------------------------------------------------------------ house rules


@pytest.mark.parametrize("edition", ["classic", "got", "nfl"])
def test_house_rules_are_off_by_default(edition: str) -> None:
    """'In the official rules ... all tax and penalty fees are payable to the Bank and should
    not be stored under the Free Parking space.' House rules are all off unless chosen."""
    r = new_game(edition).spec.rules
    assert not r.free_parking_jackpot
    assert r.go_landing_bonus == 0
    assert not r.no_rent_in_jail
    assert r.turn_limit == 0


def test_without_jackpot_free_parking_pays_nothing_and_taxes_go_to_the_bank() -> None:
    """'Free Parking: Relax! Nothing bad (or good) happens.'"""
    game = new_game()
    roll(game, (1, 3))  # Income Tax 200
    end_turn(game)
    place(game, 1, "community-chest-2")  # 17
    roll(game, (1, 2))  # Bob 17 -> 20 Free Parking
    assert game.st.players[1].position == 20
    assert game.st.pot == 0
    assert cashes(game) == [1300, 1500]


def test_free_parking_jackpot_collects_taxes_and_fees_and_pays_the_lander() -> None:
    """House rule 'Free Parking jackpot': taxes and card fees go to the middle; landing on
    Free Parking takes them."""
    game = new_game(house_rules={"free_parking_jackpot": True})
    roll(game, (1, 3))  # Income Tax 200 into the pot
    assert game.st.pot == 200
    end_turn(game)
    place(game, 1, "new-york")  # 19
    card_on_top(game, "chance", PAY, amount=15)
    roll(game, (1, 2))  # Bob 19 -> 22 Chance: pay 15 into the pot
    assert game.st.pot == 215
    end_turn(game)
    place(game, 0, "tennessee")  # 18
    roll(game, (1, 1))  # Ann 18 -> 20 Free Parking (doubles)
    assert game.st.pot == 0
    assert cashes(game) == [1300 + 215, 1485]
    assert ledger_ok(game)


def test_double_salary_for_landing_exactly_on_go() -> None:
    """House rule 'double salary on GO': landing exactly on GO pays twice the salary."""
    game = new_game(house_rules={"double_go": True})
    place(game, 0, "pacific")  # 31: 9 to GO
    roll(game, (4, 5))
    assert game.st.players[0].position == 0
    assert game.st.players[0].cash == 1900


def test_double_salary_house_rule_pays_once_for_passing_go() -> None:
    """Passing GO still pays the salary once."""
    game = new_game(house_rules={"double_go": True})
    place(game, 0, "short-line")
    roll(game, (4, 6))
    assert game.st.players[0].cash == 1700


def test_no_rent_from_jail_house_rule() -> None:
    """House rule 'no rent from jail': an owner in jail collects nothing."""
    game = new_game(house_rules={"no_rent_in_jail": True})
    jail(game, 1)
    give(game, 1, "baltic")
    roll(game, (1, 2))
    assert cashes(game) == [1500, 1500]


def test_turn_limit_house_rule_ends_the_game_and_the_richest_wins() -> None:
    """House rule 'turn limit': after the agreed rounds the richest player wins."""
    game = new_game(house_rules={"turn_limit": 1})
    give(game, 0, "boardwalk")
    roll(game, (4, 6))
    end_turn(game)
    roll(game, (4, 6))
    end_turn(game)
    assert game.over
    assert game.st.end_reason == "turn_limit"
    assert game.st.winner == 0


def test_house_rules_offered_are_those_that_change_something_in_the_edition() -> None:
    """An edition that auctions nothing is not offered a final pass in auctions; one that
    keeps a pot on Free Parking by its rules, or has no Free Parking, is not offered the
    jackpot; an edition without salary no double salary; the ends by rounds and by the
    clock apply everywhere."""
    from dataclasses import replace

    from monopoly_tui.engine.house_rules import HOUSE_RULES, applies, house_rules_for
    from monopoly_tui.engine.spec import FREE_PARKING
    from monopoly_tui.rules import load_spec

    classic = load_spec("classic")
    assert set(house_rules_for(classic)) == set(HOUSE_RULES)
    no_auctions = replace(classic, rules=replace(classic.rules, auctions=False))
    assert not applies(no_auctions, "auction_pass_final")
    printed_pot = replace(classic, rules=replace(classic.rules, free_parking_jackpot=True))
    assert not applies(printed_pot, "free_parking_jackpot")
    no_parking = replace(classic, spaces=tuple(
        replace(sp, kind="cards") if sp.kind == FREE_PARKING else sp for sp in classic.spaces))
    assert not applies(no_parking, "free_parking_jackpot")
    no_salary = replace(classic, rules=replace(classic.rules, salary=0))
    assert not applies(no_salary, "double_go")
    for spec in (no_auctions, printed_pot, no_parking, no_salary):
        assert applies(spec, "turn_limit") and applies(spec, "end_at")


def test_no_rent_from_jail_is_offered_only_where_it_changes_the_editions_rent() -> None:
    """Longest Game Ever's rulebook says how rent works in jail: "You can still collect rent,
    buy Houses and Hotels, mortgage, and trade while you are in Jail" (as classic's, NFL's and
    LotR's do), so the house rule changes it and is offered. It is not offered where the
    edition's rules already take the rent from a prisoner (``no_rent_in_jail`` in the
    ruleset), nor where no deed charges rent (D&D's secured locations charge their tax, which
    the house rule does not touch: it would change nothing)."""
    from dataclasses import replace

    from monopoly_tui.engine.house_rules import applies, house_rules_for
    from monopoly_tui.rules import load_spec

    for edition in ("classic", "got", "nfl", "lotr", "lge"):
        assert "no_rent_in_jail" in house_rules_for(load_spec(edition)), edition
    lge = load_spec("lge")
    printed = replace(lge, rules=replace(lge.rules, no_rent_in_jail=True))
    assert not applies(printed, "no_rent_in_jail")
    assert "no_rent_in_jail" not in house_rules_for(load_spec("dnd"))


def test_no_rent_from_jail_changes_a_longest_game_ever_landing() -> None:
    """Longest Game Ever, an owner in Jail: by the rulebook the lander pays the rent (asked
    for) or buys the property out; under the house rule no rent is due, and the log says so."""
    from lge_helpers import land, lge, own

    from monopoly_tui.engine.describe import describe_all

    by_the_book = lge()
    own(by_the_book, 1, "boardwalk")
    jail(by_the_book, 1)
    land(by_the_book, 0, "boardwalk-2")
    assert by_the_book.pending.kind == A.BUY_OUT

    house = lge(house_rules={"no_rent_in_jail": True})
    own(house, 1, "boardwalk")
    jail(house, 1)
    events = land(house, 0, "boardwalk-2")
    assert house.pending.kind == A.END_TURN and not house.st.claims
    assert describe_all(events, house)[-1] == "Ann pays no rent for Boardwalk: Bob is in Jail"


def test_house_rules_are_named_in_the_editions_words() -> None:
    """A house rule's name is capitalised as the log names the place ("No rent from Jail", not
    "jail") and takes the edition's words for GO's salary."""
    from monopoly_tui.engine.house_rules import house_rule_words, house_rules_for
    from monopoly_tui.rules import load_spec

    classic = load_spec("classic")
    assert house_rule_words(classic, "no_rent_in_jail") == (
        "No rent from Jail", "Owners in Jail collect no rent.")
    assert house_rule_words(classic, "double_go")[0] == "Double salary on GO"
    assert house_rule_words(classic, "free_parking_jackpot")[0] == "Free Parking jackpot"
    dnd = load_spec("dnd")
    assert house_rule_words(dnd, "double_go") == (
        "Double GO gold", "Landing exactly on GO pays the GO gold twice.")
    for edition in ("classic", "got", "nfl", "lotr", "dnd", "lge"):
        for name, desc in house_rules_for(load_spec(edition)).values():
            assert "{" not in name + desc and name[:1].isupper(), (edition, name)
