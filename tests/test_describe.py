"""describe(): one log line per event, in the edition's words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action, Event
from monopoly_tui.engine.describe import KNOWN_KINDS, describe, describe_all, dice_text
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics import REGISTRY
from monopoly_tui.engine.state import Debt
from monopoly_tui.rules import load_spec

ENGINE = Path(__file__).parents[1] / "monopoly_tui" / "engine"


def _game(edition: str = "classic", n: int = 2, seed: int = 0, **kw: object) -> Game:
    spec = load_spec(edition)
    players = [(name, spec.tokens[i]) for i, name in enumerate(["Ann", "Bob", "Cy", "Di"][:n])]
    return Game.new(spec, players, seed=seed, **kw)  # type: ignore[arg-type]


def _deed(game: Game, name: str) -> int:
    return next(d.index for d in game.spec.deeds if d.name == name)


def _space(game: Game, name: str) -> int:
    return next(s.index for s in game.spec.spaces if s.name == name)


def test_every_event_kind_the_engine_emits_has_a_line() -> None:
    """In the core and in every mechanic (each mechanic's own kinds are its event_kinds)."""
    emitted: set[str] = set()
    for path in ENGINE.glob("**/*.py"):
        emitted |= set(re.findall(r'Event\(\s*"([a-z_]+)"', path.read_text()))
    assert emitted, "no events found in the engine"
    known = set(KNOWN_KINDS)
    for cls in REGISTRY.values():
        known |= cls(load_spec("lotr"), None).event_kinds()
    assert emitted <= known, f"no line for: {sorted(emitted - known)}"
    assert "ring_battle" in emitted and "ring_battle" in known


# ---------------------------------------------------------------- setup


def test_first_roll_shows_die_labels_and_total() -> None:
    g = _game()
    assert describe(Event("first_roll", player=0, dice=(2, 3), amount=7), g) == (
        "Ann rolled 3 + 4 = 7 to see who goes first"
    )


def test_one_die_shows_just_its_face() -> None:
    """One die reads "4", not "4 = 4" (Longest Game Ever's die, the Shards of Narsil's rent);
    a face that is not its value still says what it counts ("Eye = 0")."""
    lge = _game("lge")
    assert describe(Event("first_roll", player=0, dice=(3,), amount=4), lge) == (
        "Ann rolled 4 to see who goes first")
    assert describe(Event("rolled", player=0, dice=(3,), amount=4), lge) == "Ann rolled 4"
    lotr = _game("lotr")
    assert describe(Event("rent_roll", player=0, dice=(3,), amount=4), lotr) == (
        "Ann rolled 4 for the rent")
    assert describe(Event("rent_roll", player=0, dice=(0,), amount=0), lotr) == (
        "Ann rolled Eye = 0 for the rent")


def test_coin_flip_names_the_winner() -> None:
    g = _game("nfl")
    line = describe(Event("coin_flip", player=0, other=1, amount=1), g)
    assert line == "Ann and Bob flipped a coin: Bob won the toss"


def test_starts() -> None:
    assert describe(Event("starts", player=1), _game()) == "Bob goes first"


def test_setup_events_all_described() -> None:
    for edition in ("classic", "got", "nfl"):
        g = _game(edition, 3)
        lines = describe_all(g.last_events, g)
        assert lines and all(lines)
        assert lines[-1].endswith("goes first")


def test_dealt_free_and_paid() -> None:
    g = _game("nfl", variant="time-limit")
    d = _deed(g, g.spec.deeds[0].name)
    assert describe(Event("dealt", player=0, deed=d), g) == (
        f"Ann was dealt {g.spec.deeds[0].name}"
    )
    assert describe(Event("dealt", player=0, deed=d, amount=60), g) == (
        f"Ann was dealt {g.spec.deeds[0].name} and paid $60 for it"
    )


def test_pot_seeded_names_free_parking() -> None:
    g = _game()
    assert describe(Event("pot_seeded", amount=500), g) == (
        "The Bank put $500 in the Free Parking pot"
    )


# ---------------------------------------------------------------- turns and moves


def test_turn() -> None:
    assert describe(Event("turn", player=0), _game()) == "Ann's turn"


def test_rolled_plain_and_doubles() -> None:
    g = _game()
    assert describe(Event("rolled", player=1, dice=(2, 3), amount=7), g) == "Bob rolled 3 + 4 = 7"
    assert describe(Event("rolled", player=1, dice=(4, 4), amount=10), g) == (
        "Bob rolled 5 + 5 = 10, doubles"
    )


def test_dice_text_uses_labels() -> None:
    g = _game()
    assert dice_text(g, (0, 5)) == "1 + 6"


def test_moved_forward_back_and_just_visiting() -> None:
    g = _game()
    park = _space(g, "Park Place")
    assert describe(Event("moved", player=0, space=park, amount=5), g) == "Ann moved to Park Place"
    assert describe(Event("moved", player=0, space=park, amount=-3), g) == (
        "Ann went back 3 spaces to Park Place"
    )
    jail = g.spec.jail_space
    assert describe(Event("moved", player=0, space=jail, amount=10), g) == (
        "Ann moved to Just Visiting"
    )


def test_salary_and_go_bonus() -> None:
    g = _game("got")
    assert describe(Event("salary", player=0, amount=200), g) == (
        "Ann passed GO: 200 Gold Dragons salary"
    )
    assert describe(Event("go_bonus", player=0, amount=200), g) == (
        "Ann landed right on GO: 200 Gold Dragons more"
    )


def test_the_salary_whose_name_says_the_money_is_said_once() -> None:
    """Dungeons & Dragons calls the salary 'GO gold': '40 gold', not '40 gold GO gold'."""
    g = _game("dnd")
    assert describe(Event("salary", player=0, amount=40), g) == "Ann passed GO: 40 gold"
    moved = describe_all([Event("salary", player=0, amount=40),
                          Event("moved", player=0, space=g.spec.go_space, amount=3)], g)
    assert moved == ["Ann moved to GO: 40 gold"]
    assert g.spec.vocab.salary_of(40) == "40 gold"
    assert _game("classic").spec.vocab.salary_of(200) == "$200 salary"


def test_jail_events() -> None:
    g = _game()
    assert describe(Event("jailed", player=0), g) == "Ann was sent to Jail"
    assert describe(Event("too_many_doubles", player=0, amount=3), g) == (
        "Ann rolled doubles 3 times in a row"
    )
    assert describe(Event("stays_in_jail", player=0, amount=1), g) == (
        "Ann stays in Jail (no doubles: try 1 of 3)"
    )
    assert describe(Event("released", player=0, text="doubles"), g) == (
        "Ann is out of Jail: rolled doubles"
    )
    # Alone, the release does not say the fine was paid (the payment is its own event; read
    # together, describe_all says both in one line: tests/rules/test_log_tells_what_happened.py)
    assert describe(Event("released", player=0, text="fine"), g) == (
        "Ann is out of Jail: the fine is due"
    )
    assert describe(Event("released", player=0, text="card"), g) == (
        "Ann is out of Jail: used a Get Out of Jail Free card"
    )
    # The card's use is said by 'released'; no second line.
    assert describe(Event("used_card", player=0, card=(0, 1)), g) is None


def test_cards() -> None:
    g = _game("got")
    line = describe(Event("card", player=0, card=(0, 3), text="A toll on the Kingsroad."), g)
    assert line == "Ann drew Valar Morghulis: A toll on the Kingsroad."
    assert describe(Event("deck_empty", player=1, card=(1, -1)), g) == (
        "No cards left in The Iron Throne: Bob draws nothing"
    )
    assert describe(Event("collected", player=0, amount=50), g) == "Ann collected 50 Gold Dragons"


# ---------------------------------------------------------------- deeds and auctions


def test_bought_in_the_editions_words() -> None:
    g = _game("got")
    d = _deed(g, "Craster's Keep")
    assert describe(Event("bought", player=0, deed=d, amount=60), g) == (
        "Ann bought Craster's Keep for 60 Gold Dragons"
    )


def test_declined_and_auction() -> None:
    g = _game()
    d = _deed(g, "Boardwalk")
    assert describe(Event("declined", player=0, deed=d), g) == "Ann did not buy Boardwalk"
    assert describe(Event("auction", deed=d), g) == "Boardwalk goes to auction"
    assert describe(Event("auction", deed=-1, text="hotel"), g) == (
        "The Bank is short of hotels: a hotel goes to auction"
    )
    assert describe(Event("bid", player=1, deed=d, amount=120), g) == "Bob bid $120 for Boardwalk"
    assert describe(Event("dropped_out", player=0, deed=d), g) == "Ann dropped out of the auction"
    assert describe(Event("dropped_out", player=0, deed=d, text="cash"), g) == (
        "Ann dropped out of the auction: not enough cash to bid more"
    )
    assert describe(Event("no_bids", deed=d), g) == (
        "No one bid for Boardwalk: it stays with the Bank"
    )
    assert describe(Event("no_bids", deed=-1, text="house"), g) == (
        "No one bid: a house stays with the Bank"
    )
    assert describe(Event("won_auction", player=1, deed=d, amount=120), g) == (
        "Bob won Boardwalk at auction for $120"
    )
    assert describe(Event("won_auction", player=1, deed=-1, amount=60, text="house"), g) == (
        "Bob won a house at auction for $60"
    )


def test_building_auction_words_follow_the_edition() -> None:
    g = _game("got")
    assert describe(Event("auction", deed=-1, text="house"), g) == (
        "The Bank is short of Villages: a Village goes to auction"
    )
    assert describe(Event("cannot_place", player=0, text="hotel"), g) == (
        "Ann has nowhere to put a Keep: it stays with the Bank"
    )


# ---------------------------------------------------------------- money


def test_paid_rent() -> None:
    g = _game()
    d = _deed(g, "Park Place")
    line = describe(Event("paid", player=0, other=1, amount=26, text="rent", deed=d), g)
    assert line == "Ann paid $26 rent to Bob for Park Place"


def test_paid_every_reason() -> None:
    g = _game()
    tax = _space(g, "Income Tax")
    d = _deed(g, "Boardwalk")
    cases = {
        ("tax", tax): "Ann paid $200 for Income Tax",
        ("jail_fine", -1): "Ann paid the $200 fine to leave Jail",
        ("auction", d): "Ann paid $200 for Boardwalk at auction",
        ("building_auction", -1): "Ann paid $200 for the building won at auction",
        ("interest", d): "Ann paid $200 for mortgage interest on Boardwalk",
        ("card", 0): "Ann paid $200 (Chance)",
    }
    for (reason, target), want in cases.items():
        debt = Debt(0, -1, 200, reason, target=target)
        assert describe(_payment(g, debt), g) == want
    assert describe(_payment(g, Debt(0, 1, 50, "card", target=1)), g) == (
        "Ann paid $50 to Bob (Community Chest)"
    )
    assert describe(Event("paid", player=0, other=1, amount=7, text="bankrupt"), g) == (
        "Ann handed the last $7 to Bob"
    )


def test_in_debt() -> None:
    g = _game()
    d = _deed(g, "Boardwalk")
    assert describe(_payment(g, Debt(0, 1, 2000, "rent", target=d), "in_debt"), g) == (
        "Ann owes $2,000 to Bob for rent for Boardwalk and must raise the cash"
    )
    assert describe(_payment(g, Debt(0, -1, 200, "tax", target=4), "in_debt"), g) == (
        "Ann owes $200 to the Bank for Income Tax and must raise the cash"
    )


def test_tax_percent() -> None:
    g = _game("nfl")
    sp = next(s for s in g.spec.spaces if s.tax_percent)
    line = describe(Event("tax_percent", player=0, space=sp.index, amount=150, other=1500), g)
    assert line == f"Ann chose {sp.tax_percent}% of total worth ($1,500): $150"


def test_rent_roll_claim_and_jail_rule() -> None:
    g = _game()
    d = _deed(g, "Water Works")
    assert describe(Event("rent_roll", player=0, dice=(0, 1), amount=3), g) == (
        "Ann rolled 1 + 2 = 3 for the rent"
    )
    assert describe(Event("rent_claimable", player=0, other=1, deed=d, amount=12), g) == (
        "Bob may ask Ann for $12 rent for Water Works until the next roll"
    )
    assert describe(Event("no_rent_in_jail", player=0, other=1, deed=d), g) == (
        "Ann pays no rent for Water Works: Bob is in Jail"
    )


def test_a_claim_says_it_lasts_until_the_second_player_following_rolls() -> None:
    """Classic's 'owners must ask' option: 'before the second player following throws the
    dice', said in the log."""
    g = _game("classic", n=3, variant="owners-ask")
    d = _deed(g, "Baltic Avenue")
    assert describe(Event("rent_claimable", player=0, other=1, deed=d, amount=4), g) == (
        "Bob may ask Ann for $4 rent for Baltic Avenue until the second player after Ann rolls"
    )


def test_jackpot() -> None:
    assert describe(Event("jackpot", player=0, amount=300), _game()) == (
        "Ann took the Free Parking pot: $300"
    )


def test_the_pot_takes_the_editions_word_and_its_refill_is_told_with_the_take() -> None:
    """Longest Game Ever calls the pot 'the middle': the log says so, and taking it and the
    Bank's fresh M500 are one happening, one line."""
    g = _game("lge")
    assert describe(Event("pot_seeded", amount=500), g) == "The Bank put M500 in the middle"
    assert describe_all([Event("jackpot", player=0, amount=600),
                         Event("pot_seeded", amount=500)], g) == [
        "Ann took the middle: M600; the Bank put a fresh M500 in the middle"]


def test_a_buy_out_is_one_line_with_its_payment() -> None:
    """The payment made for a buy-out is said by the buy-out's own line."""
    g = _game("lge")
    d = _deed(g, "Boardwalk")
    lines = describe_all([Event("paid", player=0, amount=60, deed=d, other=1, text="buy_out"),
                          Event("bought_out", player=0, other=1, deed=d, amount=60)], g)
    assert lines == ["Ann bought Boardwalk out from Bob for M60, with every version"]


def test_a_buy_out_says_what_stood_on_the_versions_taken() -> None:
    """The event's text holds the buildings on each version, in board order: the line says
    them by what and where, in the edition's words; nothing built, nothing said of it."""
    g = _game("lge")
    d = _deed(g, "Boardwalk")

    def line(text: str) -> str | None:
        return describe(Event("bought_out", player=0, other=1, deed=d, amount=60, text=text), g)

    assert line("0,5,0") == ("Ann bought Boardwalk out from Bob for M60, with every version and "
                             "a Hotel on Boardwalk 2")
    assert line("1,0,3") == ("Ann bought Boardwalk out from Bob for M60, with every version, a "
                             "House on Boardwalk and 3 Houses on Boardwalk 3")
    assert line("") == "Ann bought Boardwalk out from Bob for M60, with every version"


def test_a_ring_meeting_told_alone_names_who_is_met() -> None:
    """A meeting with no move's line to join (its own line) still names who is met, and the
    bearer by the edition's word."""
    g = _game("lotr", 3)
    assert describe(Event("ring_met", player=0, other=1, space=3, text="1"), g) == (
        "Ann meets Bob, the Ring-bearer, on Bywater")
    assert describe(Event("ring_met", player=0, other=0, space=3, text="1,2"), g) == (
        "Ann meets Bob and Cy on Bywater")


# ---------------------------------------------------------------- buildings and mortgages


def test_built_and_sold_in_the_editions_words() -> None:
    g = _game("got")
    d = _deed(g, "Winterfell")
    assert describe(Event("built", player=0, deed=d, text="house", amount=2), g) == (
        "Ann built a Village on Winterfell (now 2 Villages)"
    )
    assert describe(Event("built", player=0, deed=d, text="hotel", amount=5), g) == (
        "Ann built a Keep on Winterfell (now a Keep)"
    )
    assert describe(Event("sold_building", player=0, deed=d, text="house", amount=100), g) == (
        "Ann sold a Village on Winterfell for 100 Gold Dragons"
    )
    assert describe(Event("sold_building", player=0, deed=d, text="all", amount=500), g) == (
        "Ann sold every building on Winterfell for 500 Gold Dragons"
    )


def test_mortgage_events() -> None:
    g = _game()
    d = _deed(g, "Boardwalk")
    assert describe(Event("mortgaged", player=0, deed=d, amount=200), g) == (
        "Ann took a mortgage on Boardwalk: $200"
    )
    assert describe(Event("unmortgaged", player=0, deed=d, amount=220), g) == (
        "Ann lifted the mortgage on Boardwalk for $220"
    )
    assert describe(Event("interest", player=0, deed=d, amount=20), g) == (
        "Ann keeps Boardwalk under mortgage and owes $20 interest"
    )


# ---------------------------------------------------------------- the end and trades


def test_bankrupt_and_game_over() -> None:
    g = _game()
    assert describe(Event("bankrupt", player=0, other=1), g) == (
        "Ann is bankrupt: everything goes to Bob"
    )
    assert describe(Event("bankrupt", player=0, other=-1), g) == (
        "Ann is bankrupt: everything goes to the Bank"
    )
    assert describe(Event("game_over", player=1, text="last_standing"), g) == (
        "Game over: Bob wins as the last player standing"
    )
    assert describe(Event("game_over", player=1, text="turn_limit"), g) == (
        "Game over: Bob wins as the richest player when the rounds ran out"
    )


def test_trade_events() -> None:
    g = _game()
    assert describe(Event("trade_proposed", player=0, other=1), g) == "Ann offered Bob a trade"
    assert describe(Event("trade_accepted", player=1, other=0), g) == "Bob accepted Ann's trade"
    assert describe(Event("trade_rejected", player=1, other=0), g) == (
        "Bob turned down Ann's trade"
    )
    assert describe(Event("trade_failed", player=1, other=0, text="not enough cash"), g) == (
        "The trade between Ann and Bob fell through: not enough cash"
    )


def test_unknown_kind_uses_its_text() -> None:
    g = _game()
    assert describe(Event("something_new", text="The Ring moved"), g) == "The Ring moved"
    assert describe(Event("something_new"), g) is None


# ---------------------------------------------------------------- whole games


def _simple_choice(game: Game) -> Action:
    """A plain policy: buy when possible, pass auctions, pay or sell, end the turn."""
    pend = game.pending
    p = pend.player
    kinds = {c.kind: c for c in pend.choices}
    if pend.kind == A.AUCTION:
        if pend.context["high_bidder"] < 0 and A.A_BID in kinds:
            return kinds[A.A_BID]
        return kinds[A.A_DROP]
    if pend.kind == A.DEBT and not pend.choices:
        for act in game.legal_actions(p):
            if act.kind in (A.A_SELL_ALL, A.A_MORTGAGE):
                return act
    if pend.kind == A.TRADE:
        return kinds[A.A_REJECT]
    return pend.choices[0]


@pytest.mark.parametrize("edition", ["classic", "got", "nfl"])
def test_every_event_of_real_games_reads_well(edition: str) -> None:
    seen: set[str] = set()
    for seed in range(4):
        g = _game(edition, 3, seed=seed, house_rules={"turn_limit": 25})
        for line in describe_all(g.last_events, g):
            assert line.strip()
        for _ in range(4000):
            if g.over:
                break
            events = g.act(_simple_choice(g))
            for e in events:
                seen.add(e.kind)
                said = describe(e, g)
                if e.kind != "used_card":
                    assert said, e
                    assert "{" not in said and "None" not in said, said
    assert {"rolled", "moved", "bought", "paid", "turn"} <= seen


def test_a_deed_not_bought_goes_to_auction_in_one_line_not_two() -> None:
    """Declining to buy starts the auction: the log says so once."""
    for seed in range(50):
        g = _game(seed=seed)
        g.act(g.pending.choices[0])  # the first roll
        if g.pending.kind == "buy":
            break
    assert g.pending.kind == "buy"
    auction = next(c for c in g.pending.choices if c.kind == "auction")
    lines = describe_all(g.act(auction), g)
    assert sum("goes to auction" in line for line in lines) == 1
    assert any("did not buy" in line for line in lines)


def _payment(game: Game, debt: Debt, kind: str = "paid") -> Event:
    """The event the engine tells for a payment made (or owed): settled on a copy of the game."""
    g = game.copy()
    g.st.players[debt.debtor].cash = debt.amount
    if kind == "paid":
        g.settle(debt)
    else:
        g.st.players[debt.debtor].cash = 0
        g.owe(debt.debtor, debt.creditor, debt.amount, debt.reason, target=debt.target)
    return g.last_events[-1]


def test_owning_everything_is_said_as_the_way_the_game_was_won() -> None:
    """Longest Game Ever ends when one player owns every property: the last line says so in
    words that read ('wins as owning every property' did not)."""
    g = _game("lge")
    assert describe(Event("game_over", player=0, text="one_owner"), g) == (
        "Game over: Ann wins as the owner of every property")


def test_a_check_roll_names_the_editions_die() -> None:
    """D&D's checks are rolled on the red d20: the log names it as the edition does ('the red
    die'), not by the mechanic's own word."""
    g = _game("dnd")
    assert describe(Event("red_die", player=0, amount=15, dice=(8,)), g) == (
        "Ann rolled 15 on the red die (needs 8)")


def test_distinct_places_tell_spaces_of_one_name_apart_by_neighbours_then_place() -> None:
    """A space's name alone where it is the only one of that name among those listed; else
    with the spaces either side; where even those repeat, with its place from GO too."""
    from dataclasses import replace

    from monopoly_tui.engine.describe import distinct_places
    from monopoly_tui.rules import load_spec

    spec = load_spec("classic")
    chests = [sp.index for sp in spec.spaces if sp.name == "Community Chest"]
    assert distinct_places(spec, [0, 1, 39]) == ["GO", "Mediterranean Avenue", "Boardwalk"]
    assert distinct_places(spec, [chests[0], 39]) == ["Community Chest", "Boardwalk"]
    assert distinct_places(spec, chests) == [
        "Community Chest between Mediterranean Avenue and Baltic Avenue",
        "Community Chest between St. James Place and Tennessee Avenue",
        "Community Chest between North Carolina Avenue and Pennsylvania Avenue",
    ]
    same = [replace(sp, name="Lot") for sp in spec.spaces]  # every space the same name
    lots = replace(spec, spaces=tuple(same), space_by_id={})
    assert distinct_places(lots, [3, 5]) == ["Lot between Lot and Lot, space 3 from Lot",
                                             "Lot between Lot and Lot, space 5 from Lot"]
