"""The party's Jail (Dungeons & Dragons: Honor Among Thieves), the mechanic ``party_jail``,
whose switch is the spec's ``PartyJailSpec``.

The clause, in our words: a player whose move ends on Just Visiting breaks everyone in Jail
out at once: they leave Jail and stand on Just Visiting too. Only a move that ends there frees
the prisoners (by the die, a card or a Portal): a player put there without a move (Edgin
walking out, a freed prisoner) frees nobody, and a prisoner never frees himself.

How a prisoner leaves by the dice (a 6, and after the third try pay, roll again and move) is
the core jail's, by the edition's ``rules`` (``jail_leave_on_face``, ``jail_last_try``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from monopoly_tui.engine.actions import Event
from monopoly_tui.engine.mechanics import register
from monopoly_tui.engine.mechanics.base import Mechanic
from monopoly_tui.engine.mechanics.dnd_config import PARTY_JAIL, PartyJailSpec
from monopoly_tui.engine.spec import Spec

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game


def config(spec: Spec) -> PartyJailSpec:
    c = spec.mechanics[PARTY_JAIL]
    assert isinstance(c, PartyJailSpec)
    return c


def break_out(game: Game, freer: int) -> list[int]:
    """``freer`` landed on Just Visiting: every other player in Jail leaves it (they stand on
    Just Visiting, the jail corner's other half). Returns who was freed."""
    freed = []
    for q, pl in enumerate(game.st.players):
        if q != freer and pl.in_jail and not pl.bankrupt:
            pl.in_jail = False
            pl.jail_turns = 0
            pl.position = game.spec.jail_space
            freed.append(q)
            game.emit(Event("released", player=q, other=freer, text="party"))
    return freed


class PartyJail(Mechanic):
    """A move that ends on Just Visiting frees every prisoner (the module's docstring)."""

    NAME = PARTY_JAIL

    def landed(self, game: Game, player: int, space: int) -> None:
        if space != game.spec.jail_space or game.st.players[player].in_jail:
            return
        if config(game.spec).freed_by_just_visiting:
            break_out(game, player)


register(PartyJail)
