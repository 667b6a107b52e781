"""Cards: drawing from a deck, and what each kind of effect does, one handler per kind.

A new kind of card (an item kept for a d20 roll, a monster) is a ``register`` of its effect's
handler. A card is put under its deck once done, except one the player keeps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Event
from monopoly_tui.engine.spec import (
    COLLECT,
    COLLECT_FROM_EACH,
    GET_OUT_OF_JAIL_FREE,
    GO_TO_JAIL_CARD,
    MOVE_AHEAD_TO,
    MOVE_BY,
    MOVE_TO,
    MOVE_TO_NEAREST,
    PAY,
    PAY_EACH,
    REPAIRS,
    CardSpec,
)

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game

CardEffect = Callable[["Game", int, int, CardSpec], None]
"""(game, player, deck, card)."""

CARD_EFFECTS: Final[dict[str, CardEffect]] = {}
"""The handler of each kind of card effect."""

KEPT: Final[set[str]] = {GET_OUT_OF_JAIL_FREE}
"""Kinds of card the player keeps instead of putting it under the deck."""


def register(kind: str, effect: CardEffect, kept: bool = False) -> None:
    """Make ``effect`` what a card of ``kind`` does (``kept``: the player keeps the card)."""
    CARD_EFFECTS[kind] = effect
    if kept:
        KEPT.add(kind)


def draw(game: Game, p: int, deck: int) -> None:
    """Take the top card, do what it says, and put it under the deck (a card to keep is
    kept instead). A mechanic may draw instead (the ``draws`` hook: two cards, keep one)."""
    st = game.st
    order = st.decks[deck]
    if not order:
        game.emit(Event("deck_empty", player=p, card=(deck, -1)))
        return
    for m in game.mechanics:  # (a draw is rare enough to ask every mechanic)
        if m.draws(game, p, deck):
            return
    carry_out(game, p, deck, order.pop(0))


def carry_out(game: Game, p: int, deck: int, ci: int) -> None:
    """The card ``ci`` of ``deck``, taken from the deck, is drawn by ``p``: do what it says
    and put it under the deck, or keep it."""
    st, spec = game.st, game.spec
    order = st.decks[deck]
    card = spec.decks[deck].cards[ci]
    st.last_card = (deck, ci)
    if not game.quiet:
        game.emit(Event("card", player=p, card=(deck, ci), text=card.text))
    if card.kind in KEPT:
        st.players[p].cards.append((deck, ci))
        return
    order.append(ci)
    effect = CARD_EFFECTS.get(card.kind)
    if effect is not None:
        effect(game, p, deck, card)


def move_to(game: Game, p: int, deck: int, card: CardSpec) -> None:
    """Advance to a space (passing GO pays, unless the card says not to collect)."""
    game.move_to(p, card.target, card.salary)


def move_to_nearest(game: Game, p: int, deck: int, card: CardSpec) -> None:
    """Advance to the nearest space of a group; the card may multiply the rent there."""
    spec = game.spec
    pos = game.st.players[p].position
    size = spec.size
    targets = [s for di in spec.groups[card.group].deeds for s in spec.deeds[di].spaces]
    target = min(targets, key=lambda s: (s - pos) % size or size)
    steps = (target - pos) % size or size
    game.move(p, steps, card.rent_multiplier, card.dice_multiplier)


def move_by(game: Game, p: int, deck: int, card: CardSpec) -> None:
    """Move forward (passing GO pays) or back (it does not) by a number of spaces. A move
    back that ends on GO pays the salary where the edition says landing on GO pays however
    you get there (``rules.salary_on_landing_back``)."""
    if card.steps >= 0:
        game.move(p, card.steps)
        return
    st, spec = game.st, game.spec
    pl = st.players[p]
    pl.position = (pl.position + card.steps) % spec.size
    game.emit(Event("moved", player=p, space=pl.position, amount=card.steps))
    if pl.position == spec.go_space and spec.rules.salary_on_landing_back:
        game.salary(p, "landed")
    game.land(p, game.last_total())


def collect(game: Game, p: int, deck: int, card: CardSpec) -> None:
    game.bank_pays(p, card.amount)
    if not game.quiet:
        game.emit(Event("collected", player=p, amount=card.amount))


def pay(game: Game, p: int, deck: int, card: CardSpec) -> None:
    game.owe(p, -1, card.amount, "card", fee=True, target=deck)


def collect_from_each(game: Game, p: int, deck: int, card: CardSpec) -> None:
    for q, other in enumerate(game.st.players):
        if q != p and not other.bankrupt:
            game.owe(q, p, card.amount, "card", target=deck)


def pay_each(game: Game, p: int, deck: int, card: CardSpec) -> None:
    for q, other in enumerate(game.st.players):
        if q != p and not other.bankrupt:
            game.owe(p, q, card.amount, "card", target=deck)


def repairs(game: Game, p: int, deck: int, card: CardSpec) -> None:
    """Pay for each house and each hotel you own."""
    st, spec = game.st, game.spec
    houses = hotels = 0
    top = P.hotel_level(spec)
    for d in range(len(spec.deeds)):
        if st.owner[d] == p and st.buildings[d]:
            if st.buildings[d] >= top:
                hotels += 1
            else:
                houses += st.buildings[d]
    game.owe(p, -1, houses * card.per_house + hotels * card.per_hotel, "card", fee=True,
             target=deck)


def go_to_jail(game: Game, p: int, deck: int, card: CardSpec) -> None:
    game.to_jail(p)


def move_ahead_to(game: Game, p: int, deck: int, card: CardSpec) -> None:
    """Go forward to the next space ahead of a kind ('the next GO'), or to the next version of
    a deed ('the next Illinois Avenue'); a GO passed on the way pays as in any move, and
    landing on a GO pays too where every GO does."""
    spec = game.spec
    pos = game.st.players[p].position
    size = spec.size
    if card.space_kind:
        targets = [sp.index for sp in spec.spaces if sp.kind == card.space_kind]
    else:
        targets = list(spec.deeds[spec.spaces[card.target].deed].spaces)
    target = min(targets, key=lambda s: (s - pos) % size or size)
    game.move(p, (target - pos) % size or size)


register(MOVE_TO, move_to)
register(MOVE_TO_NEAREST, move_to_nearest)
register(MOVE_BY, move_by)
register(COLLECT, collect)
register(PAY, pay)
register(COLLECT_FROM_EACH, collect_from_each)
register(PAY_EACH, pay_each)
register(REPAIRS, repairs)
register(GO_TO_JAIL_CARD, go_to_jail)
register(MOVE_AHEAD_TO, move_ahead_to)
