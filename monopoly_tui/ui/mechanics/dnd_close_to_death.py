"""What a player sees of close to death (``engine/mechanics/dnd_close_to_death.py``): a mark
on the panel and the token of a player who could not pay and rolls to revive, with the roll
they need, and the rules' clause."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from monopoly_tui.engine.mechanics.dnd_close_to_death import close_to_death, revive_target
from monopoly_tui.engine.mechanics.dnd_config import CLOSE_TO_DEATH, CloseToDeathSpec
from monopoly_tui.ui.mechanics import MechanicScreens, register

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game
    from monopoly_tui.engine.spec import Spec

DEATH_MARK = "☠"
"""A player close to death (on the panel and after the token)."""
DEATH_STYLE = "bold #b4b4ff"


class CloseToDeathScreens(MechanicScreens):
    """The screens of close to death."""

    NAME = CLOSE_TO_DEATH
    config: CloseToDeathSpec

    def news_kinds(self) -> frozenset[str]:
        """Close to death (in place of a bankruptcy) and back on their feet."""
        return frozenset({"close_to_death", "revived"})

    def panel_key(self, game: Game, player: int) -> object:
        return close_to_death(game.st, player)

    def panel_lines(self, game: Game, player: int) -> list[Text]:
        if not close_to_death(game.st, player):
            return []
        v = game.spec.vocab
        return [Text(f"{DEATH_MARK} {v.close_to_death}: rolls {revive_target(game, player)}+ "
                     f"to {v.revive}", style=DEATH_STYLE)]

    def give_up_words(self, game: Game, player: int, creditor: str) -> tuple[str, str] | None:
        """Not bankruptcy: the player pays what they can, keeps the rest and stays in the game
        (the dialog said "Everything you own goes to ..., and you are out of the game")."""
        v = game.spec.vocab
        return (f"Pay what you can: {v.close_to_death}",
                f"Pay {creditor} all the {v.currency} you have and be {v.close_to_death}? "
                f"You keep your {v.locations} and stay in the game: you roll the red die at "
                f"once, then each turn instead of moving, until {revive_target(game, player)} "
                f"or more {v.revive}s you.")

    def roll_words(self, game: Game, player: int) -> str | None:
        """Close to death, the turn's roll is the red die to revive, never a move."""
        if not close_to_death(game.st, player):
            return None
        v = game.spec.vocab
        return f"roll the red die to {v.revive} ({revive_target(game, player)}+ needed)"

    def token_marks(self, game: Game, player: int) -> Text | None:
        return Text(DEATH_MARK, style=DEATH_STYLE) if close_to_death(game.st, player) else None

    def replaces_bankruptcy(self, spec: Spec) -> bool:
        """No one goes bankrupt: who cannot pay is close to death (its own clause)."""
        return True

    def rules_clause(self, spec: Spec, clause: str) -> str:
        if clause == "end":
            return f" (a player {spec.vocab.close_to_death} is still in the game)"
        return ""

    def rules_section(self, spec: Spec) -> list[str]:
        v = spec.vocab
        c = self.config
        return [
            f"- **{v.close_to_death.capitalize()}**: who cannot pay pays what they can, down "
            f"to nothing, and is {v.close_to_death} ({DEATH_MARK}), still in the game. They "
            f"roll the red die at once, and then each turn instead of moving; "
            f"{c.revive_target} or more {v.revive}s them: they take "
            f"{v.money(c.revive_reward)} from the {v.bank} and their turn ends; from their "
            "next turn they play as usual. Items may help the roll.",
        ]


register(CloseToDeathScreens)
