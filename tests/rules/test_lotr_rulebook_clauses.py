"""Lord of the Rings: clauses where the engine followed classic instead of this rulebook
(issue 14): a battle that stops a move, Quest cards and the Ring-bearer, a mortgaged deed
changing hands, the last buildings auctioned, and halves of a price in whole coins."""

from __future__ import annotations

from helpers import (
    act,
    build,
    card_on_top,
    cash,
    cashes,
    deed,
    give,
    give_group,
    group,
    kinds,
    ledger_ok,
    new_game,
    roll,
    set_dice,
)
from lotr_helpers import EYE, at, lotr

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.mechanics.ring import state_of
from monopoly_tui.engine.spec import MOVE_TO_NEAREST
from monopoly_tui.engine.state import TradeOffer

# ---------------------------------------------------------------- a battle that stops a move


def _weapon_card_passing_the_bearer_on_bywater():
    """Ann (no Ring) lands on the first Quest space and draws 'go forward to the nearest
    Weapon ... pay its owner twice the rent'; on the way, Bob bears the Ring on Bywater, which
    Cid owns with the whole Shire (rent M2)."""
    game = lotr(3, bearer=1)
    give_group(game, 2, "shire")
    give(game, 2, "sting")
    at(game, 1, 3)
    card_on_top(game, "quest", MOVE_TO_NEAREST, rent_multiplier=2)
    roll(game, (EYE, 2))  # Ann to the Quest space; the card walks her towards Sting
    assert game.pending.kind == A.RING and game.pending.context["passing"] is True
    return game


def test_a_battle_that_ends_the_move_on_the_bearers_space_is_a_plain_landing() -> None:
    """'If you would pass the Ring-bearer and you want to battle, end your move on their
    space.' The move ends there, so that space is carried out as any landing is: the card's
    'pay its owner twice the rent' was for the Weapon it sent Ann to, not for Bywater."""
    game = _weapon_card_passing_the_bearer_on_bywater()
    set_dice(game, [(2,), (5,)])  # Ann rolls 2, Bob 5: Bob keeps the Ring
    events = act(game, A.A_BATTLE, target=1)
    assert state_of(game.st).bearer == 1
    assert game.st.players[0].position == 3
    rent = [e for e in events if e.kind == "paid" and e.player == 0]
    assert [(e.other, e.amount) for e in rent] == [(2, 2)]  # M2 (the set's rent), not M4
    assert cashes(game) == [30 - 2, 30, 30 + 2]
    assert ledger_ok(game)


def test_a_battle_on_the_cards_own_destination_keeps_the_cards_rent() -> None:
    """The card's rent stands where the card sent the token: a battle with a bearer met there
    does not stop a move (it had ended), and the loser pays the card's twice the rent."""
    game = lotr(3, bearer=1)
    give(game, 2, "sting")
    at(game, 1, 5)
    card_on_top(game, "quest", MOVE_TO_NEAREST, rent_multiplier=2)
    roll(game, (EYE, 2))
    assert game.pending.kind == A.RING and game.pending.context["passing"] is False
    set_dice(game, [(2,), (5,)])
    act(game, A.A_BATTLE, target=1)
    assert game.st.players[0].position == 5
    assert cashes(game) == [30 - 2, 30, 30 + 2]  # Sting's M1, twice


# ---------------------------------------------------------------- Quest cards and the bearer


def test_quest_cards_apply_to_the_ring_bearer_a_cards_rent_is_paid() -> None:
    """'You will still have to do what it says on Quest cards ... if a card tells you to pay
    money or go to Jail, you must do so.' The Weapon card tells the bearer to pay its owner
    twice the rent: the bearer pays it (an ordinary landing's rent is still spared)."""
    game = lotr(3, bearer=0)
    give(game, 2, "gimlis-axe")
    at(game, 0, 28)
    card_on_top(game, "quest", MOVE_TO_NEAREST, rent_multiplier=2)
    events = roll(game, (2, 3))  # to the Quest space at 33, then to Gimli's Axe at 35
    assert game.st.players[0].position == 35
    assert state_of(game.st).bearer == 0
    assert "ring_spared" not in kinds(events)
    assert cashes(game) == [30 - 2, 30, 30 + 2]  # one Weapon's M1, twice


def test_a_quest_card_that_only_moves_the_bearer_is_an_ordinary_landing() -> None:
    """'You won't have to pay rent if you land on another player's property': the Shard card
    ('Roll for the rent as usual (a Ring-bearer pays none, as on any landing)') names no rent
    of its own, so the bearer it moves pays none."""
    game = lotr(3, bearer=0)
    give(game, 2, "shard-blade")
    at(game, 0, 17)
    card_on_top(game, "quest", MOVE_TO_NEAREST, group=group(game, "shards"))
    events = roll(game, (2, 3))  # to the Quest space at 22, then to the Shard at 28
    assert game.st.players[0].position == 28
    assert "ring_spared" in kinds(events)
    assert cashes(game) == [30, 30, 30]


# ---------------------------------------------------------------- a mortgaged deed changes hands


def _trade_mortgaged(edition: str, deed_id: str):
    game = new_game(edition)
    give(game, 0, deed_id, mortgaged=True)
    offer = TradeOffer(proposer=0, partner=1, give_deeds=(deed(game, deed_id),))
    act(game, A.A_PROPOSE, player=0, trade=offer)
    act(game, A.A_ACCEPT, player=1)
    assert game.pending.kind == A.MORTGAGED_TRANSFER
    return game


def test_a_mortgaged_deed_received_is_repaid_or_kept_with_no_fee() -> None:
    """'Mortgaged property can be traded at any agreed-upon price. The new owner must
    immediately: Repay the mortgage (pay the Bank the unmortgage cost). Or keep the
    mortgage.' No 10% fee to keep it (classic charges one)."""
    game = _trade_mortgaged("lotr", "minas-tirith")  # mortgage M4, unmortgage cost M5
    assert game.pending.context["interest"] == 0
    assert game.pending.context["lift_cost"] == 5
    events = act(game, A.A_KEEP)
    assert game.st.mortgaged[deed(game, "minas-tirith")]
    assert cashes(game) == [30, 30]
    assert not [e for e in events if e.kind in ("paid", "in_debt")]
    assert game.pending.kind == A.ROLL
    lifted = _trade_mortgaged("lotr", "minas-tirith")
    act(lifted, A.A_LIFT)
    assert cashes(lifted) == [30, 30 - 5]


def test_classic_still_charges_the_interest_on_a_mortgaged_deed_kept() -> None:
    """Classic: 'just pay 10% of the listed value and keep the card face down.'"""
    game = _trade_mortgaged("classic", "boardwalk")
    act(game, A.A_KEEP)
    assert cashes(game) == [1500, 1500 - 20]


def test_a_mortgaged_deed_received_in_bankruptcy_is_kept_with_no_fee() -> None:
    """'Give them all your mortgaged properties ... The new owner must immediately: Repay the
    mortgage ... Or keep the mortgage.'"""
    from monopoly_tui.engine.frames import DebtsFrame
    from monopoly_tui.engine.state import Debt

    game = new_game("lotr", 3)
    give(game, 1, "minas-tirith", mortgaged=True)
    cash(game, 30, 1, 30)
    game.st.frames.append(DebtsFrame([Debt(1, 2, 20, "rent")]))
    act(game, A.A_BANKRUPT, player=1)
    assert game.pending.kind == A.MORTGAGED_TRANSFER and game.pending.player == 2
    act(game, A.A_KEEP)
    assert game.st.owner[deed(game, "minas-tirith")] == 2
    assert game.st.players[2].cash == 31  # Bob's last M1, and no fee


# ---------------------------------------------------------------- the last buildings auctioned


def _shortage(edition: str, street_group: tuple[str, str], streets: tuple[str, str]):
    """Ann and Bob each own a whole set and could build; the bank has one Outpost left."""
    game = new_game(edition, 2)
    give_group(game, 0, street_group[0])
    give_group(game, 1, street_group[1])
    game.st.bank_houses = 1
    act(game, A.A_BUILD, player=0, target=deed(game, streets[0]))
    assert game.pending.kind == A.AUCTION
    return game


def test_the_last_buildings_auctioned_start_at_m1_and_go_for_the_bid() -> None:
    """'If multiple players want to buy the last Outpost or Fortress, the Banker must auction
    it. Bids start at M1 and anyone can increase the bid by as little as M1.' Gondor's
    Outposts cost M3; the bidding opens at M1 and the winner pays the bid."""
    game = _shortage("lotr", ("gondor", "rohan"), ("minas-tirith", "edoras"))
    assert game.pending.context["min_bid"] == 1
    act(game, A.A_BID, player=0, amount=1)
    assert game.pending.context["min_bid"] == 2  # raised by as little as M1
    act(game, A.A_DROP, player=1)
    assert game.st.buildings[deed(game, "minas-tirith")] == 1
    assert cashes(game) == [30 - 1, 30]


def test_classic_building_auctions_still_open_at_the_buildings_cost() -> None:
    """Classic's rulebook says only 'the houses or hotels must be sold at auction to the
    highest bidder'; our designed opening is the building's cost, the least it is paid."""
    game = _shortage("classic", ("dark-blue", "green"), ("boardwalk", "pacific"))
    assert game.pending.context["min_bid"] == 200
    act(game, A.A_BID, player=0, amount=200)
    act(game, A.A_DROP, player=1)
    assert cashes(game) == [1500 - 200, 1500]


# ---------------------------------------------------------------- halves in whole coins


def test_half_of_an_m1_outpost_rounds_up_as_the_mortgage_values_do() -> None:
    """'Sell Outposts to the Bank for half the cost.' There is no coin below M1: half rounds
    up in this edition, as the mortgage values (half the price, rounded up) do, so an M1
    Outpost sells for M1 and an M3 one for M2; selling all at once pays the same."""
    game = new_game("lotr", 2)
    give_group(game, 0, "shire")
    build(game, "bag-end", 1)
    build(game, "bywater", 1)
    act(game, A.A_SELL_BUILDING, player=0, target=deed(game, "bag-end"))
    assert cashes(game) == [31, 30]
    act(game, A.A_SELL_ALL, player=0, target=game.spec.deeds[deed(game, "bywater")].group)
    assert cashes(game) == [32, 30]
    assert P.sell_price(game.spec, 3) == 2
    assert P.sell_price(new_game("classic").spec, 3) == 1  # classic rounds down


def test_a_mortgaged_deed_counts_at_half_its_price_rounded_up() -> None:
    """The worth that breaks a tie in money at Mount Doom counts a mortgaged deed at half its
    price, rounded up as every half is in this edition."""
    game = new_game("lotr", 2)
    give(game, 0, "minas-tirith", mortgaged=True)  # price M7
    assert P.valuation(game.spec, game.st, 0) == 30 + 4
