"""The seam where an edition's own expert play plugs into the expert (``bots.expert``).

An edition whose rules call for a play of their own (Dungeons & Dragons' securing, Longest Game
Ever's buy-outs and end, the Ring's meetings) has it in a module of its own
(``bots/expert_<mechanic>.py``) that registers it here with ``edition_play(applies, play)``
when it is imported; ``bots/__init__`` imports those modules, and the expert reads
``EDITION_PLAYS`` (the first play whose test applies to the edition is played). This module
is the bottom of the expert's layers: it imports neither the expert nor any edition's play,
so an edition's module and the expert never import each other.

A play sees the expert through ``ExpertSeat``, the part of it an edition's play reads: its
value model (``m``), the offers it has made (``_proposed``, ``_sync_proposed``) and whether
it may propose to a partner again (``may_offer``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from monopoly_tui.bots.value_model import Model
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.spec import Spec
from monopoly_tui.engine.state import TradeOffer


class ExpertSeat(Protocol):
    """The expert as an edition's own play reads it (``bots.expert.ExpertBot`` is one).
    (Not ``runtime_checkable``: mypyc, which compiles the bots, does not support it.)"""

    _proposed: set[TradeOffer]
    """The offers this seat has proposed and not seen answered (as the basic bot keeps them)."""

    @property
    def m(self) -> Model:
        """The edition's value model."""
        ...

    def _sync_proposed(self, game: Game, player: int) -> None:
        """Read the offers this seat has made from the game's history (new entries only)."""
        ...

    def may_offer(self, game: Game, partner: int, give: tuple[int, ...],
                  take: tuple[int, ...], after_refusal: bool = False) -> bool:
        """Whether the expert may propose these deeds to ``partner`` now."""
        ...


EditionPlay = Callable[[ExpertSeat, Game, str, int], Action | None]
"""An edition's own expert play: (the expert, the game, the decision's kind, the deciding
player) -> its choice, or None to leave the decision to the expert's general play."""

EDITION_PLAYS: list[tuple[Callable[[Spec], bool], EditionPlay]] = []
"""The editions' own plays, each with the test of a spec it applies to (by its mechanics or
rules, never by an edition's name), in the order they were registered; the first that
applies is played."""


def edition_play(applies: Callable[[Spec], bool], play: EditionPlay) -> None:
    """Make ``play`` the expert's own play of every edition ``applies`` to."""
    EDITION_PLAYS.append((applies, play))


__all__ = ["EDITION_PLAYS", "EditionPlay", "ExpertSeat", "edition_play"]
