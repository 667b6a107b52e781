"""Hand-made Lord of the Rings positions: who bears the Ring, where the tracker stands.

Dice: ``EYE`` (0) is the Eye of Sauron's face value; ``roll(game, (EYE, 4))`` forces it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from helpers import new_game

from monopoly_tui.engine.game import Game

EYE = 0
"""The Eye of Sauron's value on a die (decision 5: it replaces the 1 and counts 0)."""


def lotr(players: int = 3, *, bearer: int = 0, circle: int = 0, ring_space: int = -1,
         rules: dict[str, Any] | None = None, **ring_changes: Any) -> Game:
    """A game of ``players`` players, Ann to move, ``bearer`` bearing the Ring (-1: nobody;
    then it lies on ``ring_space`` if given), the tracker on ``circle``; everyone on GO.
    ``ring_changes`` replace values of the edition's Ring (e.g. ``battle_tie``)."""
    game = new_game("lotr", players, rules=rules)
    if ring_changes:
        assert game.spec.ring is not None
        game.spec = replace(game.spec, ring=replace(game.spec.ring, **ring_changes),
                            space_by_id={})
    st = game.st
    st.ring_bearer = bearer
    st.ring_space = ring_space if bearer < 0 else -1
    st.ring_circle = circle
    return game


def at(game: Game, player: int, position: int) -> None:
    game.st.players[player].position = position


def circle_with(game: Game, **fields: Any) -> int:
    """The first circle of the track whose fields have these values."""
    assert game.spec.ring is not None
    for i, c in enumerate(game.spec.ring.track):
        if all(getattr(c, k) == v for k, v in fields.items()):
            return i
    raise KeyError(fields)
