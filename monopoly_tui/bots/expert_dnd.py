"""The expert's own play of Dungeons & Dragons (placeholder)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.dnd_config import ADVENTURES
from monopoly_tui.engine.spec import Spec

if TYPE_CHECKING:
    from monopoly_tui.bots.expert import ExpertBot


def applies(spec: Spec) -> bool:
    return ADVENTURES in spec.mechanics


def play(bot: ExpertBot, game: Game, kind: str, player: int) -> Action | None:
    return None
