"""What a player sees of the Portals (``engine/mechanics/dnd_portals.py``): on a Portal, the
board marks every location in reach and a dialog lists them, each with what landing there
means (the Bank's fee and the Adventure card, a revealed card, its owner's tax, your own) and
whether passing GO pays on the way (or not, beyond the Portal's own range); arrows choose,
Enter goes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text

from monopoly_tui.engine import property as P
from monopoly_tui.engine.mechanics.dnd_adventures import ADVENTURES
from monopoly_tui.engine.mechanics.dnd_adventures import state as adventures_state
from monopoly_tui.engine.mechanics.dnd_config import PORTALS, PortalsSpec
from monopoly_tui.engine.mechanics.dnd_portals import A_GO_THROUGH, PORTAL_MOVE
from monopoly_tui.ui.decisions import ChoiceScreen, DecisionScreen
from monopoly_tui.ui.mechanics import MechanicScreens, register
from monopoly_tui.ui.render import money

if TYPE_CHECKING:
    from monopoly_tui.engine.actions import Action, Pending
    from monopoly_tui.engine.game import Game
    from monopoly_tui.engine.spec import Spec

REACH_MARK = "◇"
"""A location in reach of the Portal the player stands on (while they choose)."""
REACH_STYLE = "bold #60d0ff"


def landing_words(game: Game, player: int, space: int) -> str:
    """What landing on the location at ``space`` means for ``player``, in short."""
    spec, st = game.spec, game.st
    v = spec.vocab
    deed = spec.spaces[space].deed
    if deed < 0:
        return ""
    owner = st.owner[deed]
    if owner == player:
        return f"your own: no {v.tax}"
    if owner >= 0:
        tax = P.rent_due(spec, st, deed, 0)
        return f"{st.players[owner].name}'s: {v.tax} {money(game, tax)}"
    revealed = ADVENTURES in spec.mechanics and adventures_state(game).revealed[deed]
    if revealed:
        return f"{v.unsecured}, card revealed: no fee"
    return f"{v.unsecured}: the {v.bank}'s fee {money(game, spec.deeds[deed].price)}"


def portal_label(game: Game, pend: Pending, action: Action) -> str:
    """A location in reach, with what landing there means and whether GO pays on the way."""
    ctx = pend.context
    name = game.spec.spaces[action.target].name
    words = landing_words(game, action.player, action.target)
    passes = action.target in list(ctx.get("passes_go", []))
    no_salary = action.target in list(ctx.get("no_salary", []))
    v = game.spec.vocab
    go = ""
    if passes:
        go = f" · passes {v.go}: no {v.salary}" if no_salary else \
            f" · passes {v.go}: +{money(game, game.spec.rules.salary)}"
    elif no_salary:
        go = " · beyond the Portal's range"
    return f"{name} ({words}){go}"


class PortalScreen(ChoiceScreen):
    """On a Portal: the locations in reach, marked on the board, each with what landing there
    means (``PortalsScreens.choice_label``); choose one (arrows, Enter)."""

    kind = PORTAL_MOVE

    def head_text(self, pend: Pending) -> str:
        spec = self.game.spec
        portal = int(str(pend.context.get("portal", -1)))
        where = spec.spaces[portal].name if 0 <= portal < spec.size else spec.vocab.portal
        return f"through the {where}"

    def body(self, pend: Pending) -> RenderableType:
        v = self.game.spec.vocab
        return Text(f"Go to a {v.location} in reach ({REACH_MARK} on the board), carry it "
                    "out, and the turn ends.", style="dim")


class PortalsScreens(MechanicScreens):
    """The Portals' screens."""

    NAME = PORTALS
    config: PortalsSpec

    def dialogs(self) -> Mapping[str, type[DecisionScreen]]:
        return {PORTAL_MOVE: PortalScreen}

    def decision_words(self, game: Game, pend: Pending) -> str | None:
        if pend.kind != PORTAL_MOVE:
            return None
        return f"choose a {game.spec.vocab.location} to go to through the {game.spec.vocab.portal}"

    def choice_label(self, game: Game, action: Action) -> str | None:
        if action.kind == A_GO_THROUGH and game.pending.kind == PORTAL_MOVE:
            return portal_label(game, game.pending, action)
        return None

    def board_key(self, game: Game, space: int) -> object:
        pend = game.pending
        return pend.kind == PORTAL_MOVE and space in list(
            pend.context.get("spaces", []))

    def space_marks(self, game: Game, space: int) -> Text | None:
        """The locations in reach while a player chooses where a Portal takes them."""
        if self.board_key(game, space):
            return Text(REACH_MARK, style=REACH_STYLE)
        return None

    def rules_section(self, spec: Spec) -> list[str]:
        v = spec.vocab
        return [
            f"- **{v.portal}s**: land on one and go to any {v.location} between it and the "
            f"next {v.portal}, carry it out, and the turn ends; passing {v.go} on the way pays "
            f"{v.money(spec.rules.salary)}.",
        ]


register(PortalsScreens)
