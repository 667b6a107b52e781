"""Hand-made Lord of the Rings positions: who bears the Ring, where the tracker stands.

Dice: ``EYE`` (0) is the Eye of Sauron's face value; ``roll(game, (EYE, 4))`` forces it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from helpers import NAMES, position

from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import ring_of, state_of

EYE = 0
"""The Eye of Sauron's value on a die (decision 5: it replaces the 1 and counts 0)."""


def lotr(players: int = 3, *, bearer: int = 0, circle: int = 0, ring_space: int = -1,
         rules: dict[str, Any] | None = None, **ring_changes: Any) -> Game:
    """A game of ``players`` players (a position: the quest deck in the ruleset's order), Ann
    to move, ``bearer`` bearing the Ring (-1: nobody;
    then it lies on ``ring_space`` if given), the tracker on ``circle``; everyone on GO.
    ``ring_changes`` replace values of the edition's Ring (e.g. ``battle_tie``)."""
    game = position(
        "lotr\n" + "".join(f"player {name}\n" for name in NAMES[:players])
        + f"[ring]\nbearer = {bearer}\nspace = {ring_space if bearer < 0 else -1}\n"
        f"circle = {circle}\n", rules)
    if ring_changes:
        ring = ring_of(game.spec)
        assert ring is not None
        game.spec = replace(game.spec, mechanics={**game.spec.mechanics,
                                                  "ring": replace(ring, **ring_changes)},
                            space_by_id={})
    assert state_of(game.st).bearer == bearer
    return game


def at(game: Game, player: int, position: int) -> None:
    game.st.players[player].position = position


def circle_with(game: Game, **fields: Any) -> int:
    """The first circle of the track whose fields have these values."""
    assert ring_of(game.spec) is not None
    for i, c in enumerate(ring_of(game.spec).track):
        if all(getattr(c, k) == v for k, v in fields.items()):
            return i
    raise KeyError(fields)
