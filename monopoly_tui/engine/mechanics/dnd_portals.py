"""Portals (Dungeons & Dragons: Honor Among Thieves), the mechanic ``portals``, whose switch
is the spec's ``PortalsSpec``.

The clause, in our words: a player who lands on a Portal moves to any location between this
Portal and the next one (clockwise: one side's locations), carries out that location, and
the turn ends; passing GO on the way pays the salary. The choice is a frame
(``PortalFrame``) listing the location spaces in reach, so a screen can highlight them.

A character's power may widen the reach (``portal_anywhere``: Simon, any location on the
board; passing GO to one beyond the Portal's own range pays no salary, designed reading 6),
as the characters mechanic says (``has_power``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from monopoly_tui.engine import spaces
from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.frame import Frame, frame_type
from monopoly_tui.engine.frames import trade_allowed
from monopoly_tui.engine.mechanics import register
from monopoly_tui.engine.mechanics.base import Mechanic
from monopoly_tui.engine.mechanics.dnd_characters import has_power
from monopoly_tui.engine.mechanics.dnd_config import PORTAL_ANYWHERE, PORTALS, PortalsSpec
from monopoly_tui.engine.spec import LOCATION, PORTAL, SpaceSpec, Spec

if TYPE_CHECKING:
    from monopoly_tui.engine.describe import Words
    from monopoly_tui.engine.game import Game

PORTAL_MOVE = "portal_move"
"""The decision kind: which location to go to through the Portal."""
A_GO_THROUGH = "go_through_portal"
"""Go to the location at the space ``target``."""


def config(spec: Spec) -> PortalsSpec:
    c = spec.mechanics[PORTALS]
    assert isinstance(c, PortalsSpec)
    return c


def in_range(spec: Spec, portal: int) -> list[int]:
    """The location spaces between the Portal at ``portal`` and the next Portal, clockwise
    (over GO where the side turns the corner)."""
    out = []
    size = spec.size
    for step in range(1, size):
        sp = spec.spaces[(portal + step) % size]
        if sp.kind == PORTAL:
            break
        if sp.kind == LOCATION:
            out.append(sp.index)
    return out


def everywhere(spec: Spec, portal: int) -> list[int]:
    """Every location space, clockwise from the Portal."""
    size = spec.size
    return [(portal + step) % size for step in range(1, size)
            if spec.spaces[(portal + step) % size].kind == LOCATION]


def reach(game: Game, p: int, portal: int) -> tuple[list[int], list[int]]:
    """The location spaces ``p`` may go to from the Portal at ``portal``, clockwise, and those
    among them beyond the Portal's own range (passing GO to them pays no salary)."""
    spec = game.spec
    own = in_range(spec, portal)
    if has_power(game, p, PORTAL_ANYWHERE):
        every = everywhere(spec, portal)
        return every, [s for s in every if s not in own]
    return own, []


def passes_go(spec: Spec, start: int, end: int) -> bool:
    """A clockwise move from ``start`` to ``end`` passes (or lands on) GO."""
    size = spec.size
    return (spec.go_space - start) % size <= (end - start) % size and start != spec.go_space


@dataclass(slots=True)
class PortalFrame(Frame):
    """On a Portal: go to one of the locations in reach (``spaces``); passing GO pays the
    salary, except to those in ``no_salary`` (beyond the Portal's range, by a power)."""

    player: int
    portal: int
    spaces: list[int] = field(default_factory=list)
    no_salary: list[int] = field(default_factory=list)

    def kind(self) -> str:
        return PORTAL_MOVE

    def rank(self) -> int:
        return 30

    def anytime(self, game: Game, player: int, kind: str) -> bool:
        return trade_allowed(game, kind)  # "trade ... at any time"

    def decider(self, game: Game) -> int:
        return self.player

    def belongs_to(self, player: int) -> bool:
        return player == self.player

    def choices(self, game: Game) -> list[Action]:
        return [Action(A_GO_THROUGH, self.player, s) for s in self.spaces]

    def context(self, game: Game) -> dict[str, object]:
        spec = game.spec
        return {
            "portal": self.portal,
            "spaces": list(self.spaces),
            "no_salary": list(self.no_salary),
            "passes_go": [s for s in self.spaces if passes_go(spec, self.portal, s)],
        }

    def apply(self, game: Game, action: Action) -> None:
        if action.kind != A_GO_THROUGH:
            raise IllegalAction(action, f"'{action.kind}' is not a choice now: choose a "
                                "location to go to through the Portal")
        if action.target not in self.spaces:
            raise IllegalAction(action, f"space {action.target} is not a location this "
                                "Portal reaches")
        game.pop(self)
        p, target = self.player, action.target
        spec = game.spec
        salary = config(spec).salary_on_pass and target not in self.no_salary
        over_go = passes_go(spec, self.portal, target)
        game.emit(Event("portal", player=p, space=target, other=self.portal,
                        amount=1 if over_go and salary else 0))
        game.move_to(p, target, salary)


frame_type(PortalFrame, "dnd_portal")


def land_on_portal(game: Game, p: int, sp: SpaceSpec, roll: int, rent_mult: int,
                   dice_mult: int) -> None:
    """A Portal: choose a location in reach (the module's docstring)."""
    if PORTALS not in game.spec.mechanics:
        return
    targets, beyond = reach(game, p, sp.index)
    if targets:
        game.push(PortalFrame(p, sp.index, targets, beyond))


spaces.register(PORTAL, land_on_portal)


class Portals(Mechanic):
    """Portals move a player to a location in reach (the module's docstring)."""

    NAME = PORTALS

    def event_kinds(self) -> frozenset[str]:
        return frozenset({"portal"})

    def action_words(self, words: Words, action: Action) -> str | None:
        if action.kind != A_GO_THROUGH or not 0 <= action.target < words.spec.size:
            return None
        return f"go through the {words.v.portal} to {words.space(action.target)}"

    def describe(self, words: Words, event: Event) -> str | None:
        w, e, v = words, event, words.spec.vocab
        if e.kind == "portal":
            return f"{w.Who(e.player)} went through the {v.portal} to {w.space(e.space)}"
        return None


register(Portals)
