"""Why the engine would refuse a choice now, asked without touching the game.

The property manager shows a choice that is missing with the engine's reason ("build evenly",
"the bank has no houses left", "sell the group's buildings first"), and offers "build evenly
across the group" as one choice: both are asked of a copy of the game, so the rules stay the
engine's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action, IllegalAction
from monopoly_tui.engine.preview import trial
from monopoly_tui.engine.spec import STREET

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game


def why_not(game: Game, action: Action) -> str:
    """The engine's reason for refusing ``action`` now, or '' when it would take it (played on
    a copy, as a preview is: ``engine.preview.trial``)."""
    try:
        trial(game, action)
    except IllegalAction as e:
        return e.reason
    return ""


def refused(game: Game, player: int, kinds: frozenset[str]) -> list[tuple[Action, str]]:
    """The build, sell and mortgage choices the player might look for but cannot take now,
    each with the engine's reason: a building on a street of a whole group they own (not yet
    at the top), selling a building where one stands, a mortgage on an unmortgaged deed. A kind
    the game does not allow at this moment at all (a decision is under way) is left out: its
    reason would be the same for every deed, and it is the one given for no deed at all."""
    spec, st = game.spec, game.st
    offered = {(a.kind, a.target) for a in game.legal_actions(player)}
    gate = {k: why_not(game, Action(k, player, -1)) for k in kinds}
    top = spec.rules.houses_per_hotel + 1
    out: list[tuple[Action, str]] = []
    for d in spec.deeds:
        i = d.index
        if st.owner[i] != player:
            continue
        candidates: list[str] = []
        group = spec.groups[d.group].deeds
        if A.A_BUILD in kinds and d.kind == STREET and st.buildings[i] < top \
                and all(st.owner[g] == player for g in group):
            candidates.append(A.A_BUILD)
        if A.A_SELL_BUILDING in kinds and st.buildings[i] > 0:
            candidates.append(A.A_SELL_BUILDING)
        if A.A_MORTGAGE in kinds and not st.mortgaged[i] and d.mortgage > 0:
            candidates.append(A.A_MORTGAGE)
        for kind in candidates:
            if (kind, i) in offered:
                continue
            action = Action(kind, player, i)
            why = why_not(game, action)
            if why and why != gate[kind]:
                out.append((action, why))
    return out


def build_evenly(game: Game, player: int, group: int) -> list[Action]:
    """One building on every street of the group that is at the group's lowest level, in the
    order the engine takes them (each asked of a copy as the previous ones stand); empty when
    fewer than two would go up, or when a building would start an auction (the bank short)."""
    spec = game.spec
    trial = game.copy()
    deeds = spec.groups[group].deeds
    low = min(trial.st.buildings[g] for g in deeds)
    plan: list[Action] = []
    for g in deeds:
        if trial.st.buildings[g] != low:
            continue
        action = Action(A.A_BUILD, player, g)
        try:
            trial.act(action)
        except IllegalAction:
            break
        if trial.st.buildings[g] != low + 1:  # an auction for the building started
            return []
        plan.append(action)
    return plan if len(plan) >= 2 else []
