"""Longest Game Ever: Action Spaces (GO, Chance and Community Chest, Income Tax and Luxury Tax,
Free Parking, Just Visiting, Go to Jail) and How Do I Get out of Jail? (rulebook:LGE)."""

from __future__ import annotations

from helpers import act, card_on_top, kinds, roll, space
from lge_helpers import at, lge

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Event
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.invariants import check_play


def _roll_from(game: Game, player: int, start: str, die: int) -> list[Event]:
    game.st.current = player
    at(game, player, start)
    return roll(game, (die,))


def test_passing_any_go_pays_200() -> None:
    """'When you pass or land on a GO space, collect M200 from the Bank.'"""
    for start, gone in (("luxury-tax", "go"), ("boardwalk", "go-2"), ("park-place-2", "go-3")):
        game = lge()
        before = game.st.players[0].cash
        events = _roll_from(game, 0, start, 3)
        assert [e.amount for e in events if e.kind == "salary"] == [200], gone
        assert game.st.players[0].cash == before + 200


def test_landing_on_any_go_pays_200() -> None:
    for start in ("luxury-tax", "luxury-tax-2", "luxury-tax-3"):
        game = lge()
        events = _roll_from(game, 0, start, 2)
        assert game.spec.spaces[game.st.players[0].position].kind == "go"
        assert [e.amount for e in events if e.kind == "salary"] == [200]


def test_a_card_to_the_next_go_goes_forward_to_it_and_pays_200() -> None:
    """The adapted card 'go forward to the next GO and collect M200' (designed, lge.md §3)."""
    game = lge()
    card_on_top(game, "chance", "move_ahead_to", space_kind="go")
    events = _roll_from(game, 0, "oriental", 1)  # Chance (6)
    assert game.st.players[0].position == space(game, "go-2")
    assert [e.amount for e in events if e.kind == "salary"] == [200]


def test_a_card_naming_a_street_goes_to_its_next_version_ahead() -> None:
    """'go forward to the next Illinois Avenue' (designed, lge.md §3)."""
    game = lge()
    card_on_top(game, "chance", "move_ahead_to", target=space(game, "illinois"))
    _roll_from(game, 0, "kentucky-2", 1)  # Chance (50)
    assert game.st.players[0].position == space(game, "illinois-2")


def test_taxes_go_into_the_middle() -> None:
    """'When you land on an Income Tax or Luxury Tax space, place the amount shown on the space
    in the middle of the board.'"""
    game = lge()
    _roll_from(game, 0, "baltic-3", 1)  # Income Tax 3
    assert game.st.pot == 700
    game2 = lge()
    _roll_from(game2, 0, "park-place", 1)  # Luxury Tax
    assert game2.st.pot == 600


def test_card_fees_go_into_the_middle() -> None:
    """'When you pay taxes or Chance and Community Chest card fees, place that cash in the
    middle of the board.'"""
    game = lge()
    card_on_top(game, "chance", "pay", amount=15)
    _roll_from(game, 0, "oriental", 1)
    assert game.st.pot == 515


def test_free_parking_pays_the_middle_and_the_bank_puts_in_500() -> None:
    """'When a player lands on Free Parking, they get that cash ... Then take M500 from the
    Bank, and place that in the middle of the board.'"""
    for target in ("free-parking", "free-parking-2", "free-parking-3"):
        game = lge()
        game.st.pot += 300
        game.st.bank_net += 300
        start = game.spec.spaces[space(game, target) - 1].id
        _roll_from(game, 0, start, 1)
        assert game.st.players[0].cash == 1500 + 800
        assert game.st.pot == 500
        assert check_play(game) == []


def test_go_to_jail_sends_you_to_the_next_jail_ahead_without_salary() -> None:
    """'Move your token to the next In Jail space immediately! Do not collect M200 for passing
    GO. Your turn is then over.'"""
    for gtj, jail in (("go-to-jail", "jail-2"), ("go-to-jail-2", "jail-3"),
                      ("go-to-jail-3", "jail")):
        game = lge()
        start = game.spec.spaces[space(game, gtj) - 1].id
        events = _roll_from(game, 0, start, 1)
        pl = game.st.players[0]
        assert pl.in_jail and pl.position == space(game, jail), gtj
        assert "salary" not in kinds(events)
        assert game.pending.kind == A.END_TURN
        assert check_play(game) == []


def test_a_jail_card_sends_you_to_the_next_jail_ahead() -> None:
    game = lge()
    card_on_top(game, "chance", "go_to_jail")
    _roll_from(game, 0, "oriental", 1)  # Chance (6): the jail of the same third (8)
    assert game.st.players[0].position == space(game, "jail")
    assert game.st.players[0].in_jail


def test_just_visiting_does_nothing() -> None:
    game = lge()
    events = _roll_from(game, 0, "connecticut", 1)
    assert not game.st.players[0].in_jail
    assert game.pending.kind == A.END_TURN
    assert not {"paid", "jailed"} & set(kinds(events))


def _jailed(game: Game, player: int = 0) -> None:
    pl = game.st.players[player]
    pl.position = space(game, "jail-2")
    pl.in_jail = True
    game.st.current = player


def test_a_prisoner_pays_50_at_the_start_of_the_next_turn_then_rolls_and_moves() -> None:
    """'You can pay M50 at the start of your next turn, then roll and move as normal.'"""
    game = lge()
    _jailed(game)
    assert game.pending.kind == A.JAIL
    assert {a.kind for a in game.pending.choices} == {A.A_PAY_FINE}  # no rolling for doubles
    act(game, A.A_PAY_FINE)
    assert not game.st.players[0].in_jail
    assert game.st.players[0].cash == 1450
    assert game.st.pot == 500  # the fine goes to the Bank, not the middle (designed reading 3)
    roll(game, (2,))
    assert game.st.players[0].position == space(game, "jail-2") + 2


def test_a_jail_card_frees_you_and_goes_under_its_own_deck() -> None:
    """'You can use a Get Out of Jail Free card at the start of your next turn ... Put the card
    at the bottom of the appropriate deck, then roll and move.'"""
    game = lge()
    _jailed(game)
    deck = game.st.decks[0]
    card = deck.pop(0)
    game.st.players[0].cards.append((0, card))
    act(game, A.A_USE_CARD)
    assert not game.st.players[0].in_jail
    assert game.st.decks[0][-1] == card
    assert game.pending.kind == A.ROLL


def test_a_prisoner_short_of_50_must_raise_it() -> None:
    """The two ways out are the only ways (designed reading 2): one short of M50 owes it."""
    game = lge()
    _jailed(game)
    game.st.bank_net -= 1480
    game.st.players[0].cash = 20
    assert {a.kind for a in game.pending.choices} == {A.A_PAY_FINE}
    act(game, A.A_PAY_FINE)
    assert game.pending.kind == A.DEBT
    assert check_play(game) == []


def test_a_prisoner_still_collects_rent() -> None:
    """'You can still collect rent, buy Houses and Hotels, mortgage, and trade while you are in
    Jail.'"""
    from lge_helpers import own

    game = lge()
    _jailed(game, 1)
    own(game, 1, "boardwalk")
    game.st.current = 0
    _roll_from(game, 0, "luxury-tax", 1)
    act(game, A.A_PAY_RENT)
    assert game.st.claims[0].owner == 1


def test_two_options_for_how_to_get_out_of_jail_at_the_start_of_your_next_turn() -> None:
    """'You have two options for how to get out of Jail: You can pay M50 at the start of your
    next turn ... You can use a Get Out of Jail Free card at the start of your next turn'
    (designed reading, docs/designed-values.md: no third option, so no staying): the choices
    are the fine and the card, nothing that ends the turn in Jail."""
    game = lge()
    _jailed(game)
    game.st.players[0].cards.append((0, game.st.decks[0].pop(0)))
    assert {a.kind for a in game.pending.choices} == {A.A_PAY_FINE, A.A_USE_CARD}
    assert A.A_END_TURN not in {a.kind for a in game.legal_actions(0)}


def test_a_card_that_moves_you_onto_a_property_offers_the_buy_out() -> None:
    """'when someone lands on a property you own, they have the option of forcing you to sell
    it to them for rent plus M10': a card that only moves you ('go to Boardwalk') lands you
    there like the die, buy-out and all."""
    from lge_helpers import land, own

    game = lge()
    own(game, 1, "boardwalk")
    card_on_top(game, "chance", "move_ahead_to", target=space(game, "boardwalk"))
    land(game, 0, "chance-1")
    assert game.pending.kind == A.BUY_OUT
    assert {(a.kind, a.amount) for a in game.pending.choices} == {
        (A.A_PAY_RENT, 50), (A.A_BUY_OUT, 60)}


def test_a_card_that_says_what_to_pay_is_done_as_it_says() -> None:
    """'Read the card out loud and do what it says' (designed reading, docs/designed-values.md):
    the nearest-railroad card's 'Pay them twice the usual fare' is paid (claimable, as rent is
    here), with no buy-out in its place: from Chance at 6, Pennsylvania Railroad, 2 x M25."""
    from lge_helpers import land, own

    game = lge()
    own(game, 1, "pennsylvania-railroad")
    card_on_top(game, "chance", "move_to_nearest", rent_multiplier=2)
    land(game, 0, "chance-1")
    assert game.pending.kind != A.BUY_OUT
    assert [(c.owner, c.amount) for c in game.st.claims] == [(1, 50)]
