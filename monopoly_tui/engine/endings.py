"""How a game ends, as objects the edition names (``rules.end``, ``rules.turn_limit``).

Each ending is asked at its rule point: after a bankruptcy, and after each completed round.
The first that says the game is over ends it. A mechanic may end a game at its own rule point
too (the Ring at the end of its track).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from monopoly_tui.engine.frame import mypyc_attr
from monopoly_tui.engine.state import RANKED_BY_DEEDS, RANKED_BY_LASTING

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game
    from monopoly_tui.engine.spec import Spec


@mypyc_attr(allow_interpreted_subclasses=True)
class Ending:
    """An end condition; the hooks return True when they ended the game."""

    NAME: ClassVar[str] = ""

    def after_bankruptcy(self, game: Game) -> bool:
        return False

    def after_round(self, game: Game) -> bool:
        return False

    def asks_after_decision(self) -> bool:
        """Whether ``after_decision`` is asked (after every decision: only such endings pay
        for the asking)."""
        return False

    def after_decision(self, game: Game) -> bool:
        return False


class OneOwner(Ending):
    """The game ends only when one player owns every deed, mortgaged or not ("The game ends
    only when one player owns all of the properties"); that player wins. Asked after every
    decision, so a buy, buy-out, trade or bankruptcy that completes the collection ends it."""

    NAME: ClassVar[str] = "one_owner"

    def asks_after_decision(self) -> bool:
        return True

    def after_decision(self, game: Game) -> bool:
        owner = game.st.owner
        first = owner[0] if owner else -1
        if first < 0 or owner.count(first) != len(owner):  # (a count: C speed, no generator)
            return False
        others = [q for q in range(len(game.st.players)) if q != first]
        others.sort(key=lambda q: (-sum(1 for o in owner if o == q),
                                   -game.st.players[q].cash, q))
        game.finish(first, self.NAME, [first, *others], RANKED_BY_DEEDS)
        return True


class LastStanding(Ending):
    """The last player not bankrupt wins."""

    NAME: ClassVar[str] = "last_standing"

    def after_bankruptcy(self, game: Game) -> bool:
        alive = [i for i, q in enumerate(game.st.players) if not q.bankrupt]
        if len(alive) != 1:
            return False
        game.finish(alive[0], self.NAME, alive, RANKED_BY_LASTING)
        return True


class FirstBankruptcy(Ending):
    """The first bankruptcy ends the game: the richest of the others (by valuation) wins."""

    NAME: ClassVar[str] = "first_bankruptcy"

    def after_bankruptcy(self, game: Game) -> bool:
        game.end_by_valuation(self.NAME)
        return True


class TurnLimit(Ending):
    """After a number of rounds the richest player (by valuation) wins."""

    NAME: ClassVar[str] = "turn_limit"

    def __init__(self, rounds: int) -> None:
        self.rounds = rounds

    def after_round(self, game: Game) -> bool:
        if game.st.rounds < self.rounds:
            return False
        game.end_by_valuation(self.NAME)
        return True


def endings_for(spec: Spec) -> list[Ending]:
    """The edition's end conditions, in the order they are asked."""
    out: list[Ending] = [LastStanding()]
    if spec.rules.end == FirstBankruptcy.NAME:
        out.append(FirstBankruptcy())
    if spec.rules.end == OneOwner.NAME:
        out.append(OneOwner())
    if spec.rules.turn_limit:
        out.append(TurnLimit(spec.rules.turn_limit))
    return out
