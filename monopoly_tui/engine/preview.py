"""What a choice would do, asked before it is made: the cash it moves, the building level and
the rent of the deed it is about, before and after. The engine plays the choice on a copy of
the game (``trial``), so what the property manager shows is what the rules will do; asking
why a choice would be refused (``engine.why``) plays it on a copy the same way."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from monopoly_tui.engine import buildings as B
from monopoly_tui.engine import property as P
from monopoly_tui.engine.spec import COUNT_RENT, STREET

if TYPE_CHECKING:
    from monopoly_tui.engine.actions import Action
    from monopoly_tui.engine.game import Game
    from monopoly_tui.engine.state import GameState


@dataclass(frozen=True, slots=True)
class Preview:
    """A choice's effect. ``rent_*`` is -1 where a rent is not a fixed amount (a dice rent) or
    the choice is about no deed."""

    cash_before: int
    cash_after: int
    deed: int = -1
    level_before: int = 0
    level_after: int = 0
    rent_before: int = -1
    rent_after: int = -1
    mortgaged_after: bool = False
    space: int = -1
    """For a deed shown on several spaces (Longest Game Ever's versions): the version whose
    rent ``rent_*`` is, the one the choice puts a building on (or takes one off); -1 for a
    deed of one space, whose rent is the deed's. ("You only have to pay for rent with a
    building when you land on the version of a street that has a physical building.")"""
    waits: str = ""
    """The decision the choice leads to first, when it does not settle at once (an auction of
    a building the bank is short of): its kind. Only a decision the choice opens counts: the
    one in hand when it is made (a deed waiting to be bought while its buyer mortgages to
    pay for it) is not the choice's."""

    @property
    def delta(self) -> int:
        """The cash it moves: + raises, - costs."""
        return self.cash_after - self.cash_before


def rent_of(game: Game, st: GameState, deed: int, space: int = -1) -> int:
    """The rent a visitor would owe on ``deed`` now, landing on ``space`` (one of its versions;
    -1: the deed's own space) (0 when unowned or mortgaged; -1 for a rent set by the dice)."""
    spec = game.spec
    if st.owner[deed] < 0 or st.mortgaged[deed]:
        return 0
    kind = spec.deeds[deed].kind
    if kind == STREET:
        return P.street_rent(spec, st, deed, space)
    if kind == COUNT_RENT:
        return P.count_rent(spec, st, deed)
    return -1


def trial(game: Game, *actions: Action) -> Game:
    """A copy of the game with ``actions`` played one after another: raises ``IllegalAction``
    (with the engine's reason) at the first the rules refuse; the game is not touched."""
    copy = game.copy()
    for action in actions:
        copy.act(action)
    return copy


def preview(game: Game, action: Action) -> Preview:
    """The effect of ``action`` if it were made now. Raises ``IllegalAction`` (with the
    engine's reason) when it would be refused; the game is not touched."""
    p = action.player
    before = game.st
    trial_ = trial(game, action)
    after = trial_.st
    deed = action.target if action.kind in (
        "build", "sell_building", "mortgage", "unmortgage") else -1
    waits = trial_.waiting_for[0] if len(after.frames) > len(before.frames) else ""
    if deed < 0 or deed >= len(game.spec.deeds):
        return Preview(before.players[p].cash, after.players[p].cash, waits=waits)
    space = changed_version(game, before, after, deed)
    return Preview(
        before.players[p].cash, after.players[p].cash, deed,
        before.buildings[deed], after.buildings[deed],
        rent_of(game, before, deed, space), rent_of(trial_, after, deed, space),
        after.mortgaged[deed], space, waits=waits,
    )


def changed_version(game: Game, before: GameState, after: GameState, deed: int) -> int:
    """The version of a deed with several (``Preview.space``) whose buildings a choice changes:
    the one a building goes on (where it stands until its owner chooses, ``VersionFrame``), or
    else the one it comes off; the first version when none changes (a mortgage). -1 for a deed
    of one space."""
    spaces = game.spec.deeds[deed].spaces
    if len(spaces) < 2:
        return -1
    changed = [s for s in spaces if B.on_space(before, s) != B.on_space(after, s)]
    gained = [s for s in changed if B.on_space(after, s) > B.on_space(before, s)]
    return (gained or changed or list(spaces))[0]


def preview_plan(game: Game, actions: list[Action]) -> Preview:
    """The cash several choices of one player move, made one after another (building evenly
    across a group): before the first and after the last. Raises ``IllegalAction`` when one
    of them would be refused."""
    p = actions[0].player
    after = trial(game, *actions).st
    return Preview(game.st.players[p].cash, after.players[p].cash)
