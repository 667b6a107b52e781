"""How far a game has gone, counted one way everywhere (the game's header, the results, the
saves' summaries).

Rounds and turns are numbered from 1: "round 3, turn 9" is the third round and the ninth
player-turn, being played now. Once the game is over they are the last round and turn played,
so a game that ended in its 33rd round lasted 33 rounds, whether it ended during that round (a
bankruptcy, the Ring at the end of its track) or at its end (a time limit of 33 rounds).

The state counts what is complete (``rounds``, ``turns``); these add the one under way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game


def _under_way(game: Game) -> int:
    """1 while a round and a turn are under way (or the game ended during one), else 0: a
    time limit ends the game when its last round is complete, with no turn begun after it."""
    st = game.st
    limit = game.spec.rules.turn_limit
    if st.over and limit and st.rounds >= limit:
        return 0
    return 1


def round_number(game: Game) -> int:
    """The round being played (from 1); once the game is over, the last round played."""
    return game.st.rounds + _under_way(game)


def turn_number(game: Game) -> int:
    """The player-turn being played (from 1); once the game is over, the last one played."""
    return game.st.turns + _under_way(game)
