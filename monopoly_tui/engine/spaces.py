"""What each kind of space does when a token lands on it: one handler per kind, registered.

A new kind of space (a location to secure, a portal, a second GO) is a ``register`` of its
kind's handler, not a branch of the core. A handler gets the game, the player, the space, the
roll that moved the token, and a card's multipliers for the space it sent the token to.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Event
from monopoly_tui.engine.cards import draw
from monopoly_tui.engine.frames import BuyFrame, TaxFrame
from monopoly_tui.engine.spec import (
    CARDS,
    COUNT_RENT,
    DICE_RENT,
    FREE_PARKING,
    GO,
    GO_TO_JAIL,
    JAIL,
    STREET,
    TAX,
    SpaceSpec,
)
from monopoly_tui.engine.state import Claim

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game

SpaceHandler = Callable[["Game", int, SpaceSpec, int, int, int], None]
"""(game, player, space, roll total, rent multiplier, dice multiplier)."""

SPACE_KINDS: Final[dict[str, SpaceHandler]] = {}
"""The handler of each kind of space."""


def register(kind: str, handler: SpaceHandler) -> None:
    """Make ``handler`` what landing on a space of ``kind`` does."""
    SPACE_KINDS[kind] = handler


def nothing(game: Game, p: int, sp: SpaceSpec, roll: int, rent_mult: int, dice_mult: int) -> None:
    """GO, Just Visiting and any space without a rule of its own: nothing happens."""


def land_on_property(game: Game, p: int, sp: SpaceSpec, roll_total: int, rent_mult: int,
                     dice_mult: int) -> None:
    """A deed of the bank's may be bought; on another's unmortgaged deed the rent is due
    (a mechanic may waive or change it; under 'owner must ask' it is only claimable); on
    another's mortgaged deed none is, and the log says why ("Rent cannot be collected on
    mortgaged properties": the event ``no_rent_mortgaged``, not made in a quiet game). A rent
    a card names (its multipliers: 'pay twice the rent', 'roll and pay ten times') is asked of
    the mechanics as a ``card_rent``: the card tells the player to pay, which a mechanic that
    spares landings' rent (the Ring) does not waive."""
    st, spec = game.st, game.spec
    d = sp.deed
    owner = st.owner[d]
    if owner < 0:
        game.push(BuyFrame(p, d))
        return
    if owner == p:
        return
    if st.mortgaged[d]:  # "You do not pay rent if the property is mortgaged"
        if not game.quiet:
            game.emit(Event("no_rent_mortgaged", player=p, other=owner, deed=d,
                            space=sp.index))
        return
    if spec.rules.no_rent_in_jail and st.players[owner].in_jail:
        game.emit(Event("no_rent_in_jail", player=p, other=owner, deed=d))
        return
    charge = "card_rent" if rent_mult != 1 or dice_mult else "rent"
    for m in game.on_waives:
        if m.waives(game, charge, p, owner, d, sp.index):
            return
    new_roll = 0
    deed = spec.deeds[d]
    if deed.kind == DICE_RENT:
        if dice_mult:
            needs, count = True, spec.dice.count
        else:
            needs, count = P.dice_rent_needs_new_roll(spec, st, d)
        if needs:
            faces = game.roll_faces(count)
            new_roll = game.total(faces)
            game.emit(Event("rent_roll", player=p, dice=faces, amount=new_roll))
    rent = P.rent_due(spec, st, d, roll_total, rent_mult, dice_mult, new_roll, sp.index)
    for m in game.on_adjusts:
        rent = m.adjusts(game, "rent", p, owner, d, rent)
    charge_rent(game, p, owner, d, rent)


def charge_rent(game: Game, p: int, owner: int, d: int, rent: int) -> None:
    """The rent is owed to the owner: at once, or under 'owner must ask' only claimable until
    the next player rolls, or the second player after the payer (``rent_claim_window``)."""
    if game.spec.rules.rent_collection == "owner_must_ask":
        game.st.claims.append(Claim(owner, p, rent, d, game.st.turns))
        game.emit(Event("rent_claimable", player=p, other=owner, deed=d, amount=rent))
    else:
        game.owe(p, owner, rent, "rent", target=d)


def land_on_tax(game: Game, p: int, sp: SpaceSpec, roll: int, rent_mult: int,
                dice_mult: int) -> None:
    """Pay the tax; where the space offers 'flat or a percentage of your worth', choose."""
    for m in game.on_waives:
        if m.waives(game, "tax", p, -1, -1, sp.index):
            return
    if sp.tax_percent and not game.spec.rules.income_tax_flat:
        game.push(TaxFrame(p, sp.index))
    else:
        game.owe(p, -1, sp.tax_amount, "tax", fee=True, target=sp.index)


def land_on_cards(game: Game, p: int, sp: SpaceSpec, roll: int, rent_mult: int,
                  dice_mult: int) -> None:
    """Draw the top card of the space's deck and do what it says."""
    draw(game, p, sp.deck)


def land_on_go_to_jail(game: Game, p: int, sp: SpaceSpec, roll: int, rent_mult: int,
                       dice_mult: int) -> None:
    """Go straight to jail (unless a mechanic spares the player)."""
    for m in game.on_spares_jail:
        if m.spares_jail(game, p, "space"):
            return
    game.to_jail(p)


def land_on_free_parking(game: Game, p: int, sp: SpaceSpec, roll: int, rent_mult: int,
                         dice_mult: int) -> None:
    """Free Parking: under the jackpot rule, take the pot (and the bank seeds a new one)."""
    st, r = game.st, game.spec.rules
    if r.free_parking_jackpot and st.pot:
        amount, st.pot = st.pot, 0
        st.players[p].cash += amount
        game.emit(Event("jackpot", player=p, amount=amount))
        if r.free_parking_seed:
            game.bank_to_pot(r.free_parking_seed)


for _kind in (STREET, COUNT_RENT, DICE_RENT):
    register(_kind, land_on_property)
register(TAX, land_on_tax)
register(CARDS, land_on_cards)
register(GO_TO_JAIL, land_on_go_to_jail)
register(FREE_PARKING, land_on_free_parking)
register(GO, nothing)
register(JAIL, nothing)
