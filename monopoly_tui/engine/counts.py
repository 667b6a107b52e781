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


def chosen_round_limit(game: Game) -> int:
    """The rounds this game was set to last, when a limit was chosen for it (a variant's
    time limit, the house rule), else 0: an edition's own cap that no one chose (D&D's 200
    rounds, for simulations; never reached in its model games) is not a limit the table set,
    and the header does not count down to it ("round 1 of 200")."""
    limit = game.spec.rules.turn_limit
    if not limit:
        return 0
    house = game.options.get("house_rules")
    if isinstance(house, dict) and house.get("turn_limit"):
        return limit
    variant = game.options.get("variant")
    if isinstance(variant, str) and variant and \
            "turn_limit" in game.spec.variant(variant).overrides:
        return limit
    return 0
