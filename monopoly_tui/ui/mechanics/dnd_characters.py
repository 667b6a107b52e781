"""What a player sees of the characters (``engine/mechanics/dnd_characters.py``): at setup,
each character with its power (a seat's token is its character); on each player's panel their
character and power; Edgin's walk out of Jail and Doric's pick of two cards in words; the
characters in the Rules tab."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Label, Static

from monopoly_tui.engine.mechanics.dnd_characters import (
    A_DRAW_ONE,
    A_DRAW_TWO,
    A_KEEP_CARD,
    A_STAY_IN,
    A_WALK_OUT,
    DRAW_HOW,
    JAIL_ESCAPE_CHOICE,
    KEEP_ONE,
    character_of,
)
from monopoly_tui.engine.mechanics.dnd_config import CHARACTERS, CharactersSpec
from monopoly_tui.ui.mechanics import MechanicScreens, register

if TYPE_CHECKING:
    from monopoly_tui.engine.actions import Action, Pending
    from monopoly_tui.engine.game import Game
    from monopoly_tui.engine.spec import Spec


class CharactersScreens(MechanicScreens):
    """The characters' screens."""

    NAME = CHARACTERS
    config: CharactersSpec

    def decision_words(self, game: Game, pend: Pending) -> str | None:
        v = game.spec.vocab
        if pend.kind == JAIL_ESCAPE_CHOICE:
            return f"walk straight out of {v.jail}, or stay in"
        if pend.kind == KEEP_ONE:
            return "keep one of the two cards drawn; the other goes to the bottom"
        if pend.kind == DRAW_HOW:
            return "draw one card, or two and keep one"
        return None

    def choice_label(self, game: Game, action: Action) -> str | None:
        v = game.spec.vocab
        if action.kind == A_WALK_OUT:
            return f"Walk out onto {v.just_visiting}"
        if action.kind == A_STAY_IN:
            return f"Stay in {v.jail}"
        if action.kind in (A_DRAW_TWO, A_DRAW_ONE):
            deck = int(str(game.pending.context.get("deck", -1)))
            name = game.spec.decks[deck].name if 0 <= deck < len(game.spec.decks) else "the deck"
            if action.kind == A_DRAW_ONE:
                return f"Draw one {name} card"
            return f"Draw two {name} cards: keep one, the other to the bottom"
        if action.kind == A_KEEP_CARD:
            pend = game.pending
            deck = int(str(pend.context.get("deck", -1)))
            if 0 <= deck < len(game.spec.decks) and \
                    0 <= action.target < len(game.spec.decks[deck].cards):
                return f"Keep: {game.spec.decks[deck].cards[action.target].text}"
            return "Keep this card"
        return None

    def panel_key(self, game: Game, player: int) -> object:
        c = character_of(game, player)
        return c.id if c else None

    def panel_lines(self, game: Game, player: int) -> list[Text]:
        c = character_of(game, player)
        if c is None:
            return []
        line = Text(f"{c.klass}: ", style="bold", no_wrap=True, overflow="ellipsis")
        line.append(c.text, style="dim")  # one line; the Rules tab has it whole
        return [line]

    def setup_widgets(self, spec: Spec) -> list[Widget]:
        """The characters and their powers (each seat's token is its character, each at most
        once: chosen on the players' page)."""
        out: list[Widget] = [Label(Text(f"The {spec.vocab.character}s (a seat's token is its "
                                        f"{spec.vocab.character}, each at most once)"),
                                   classes="mechanic-heading")]
        for c in self.config.characters:
            out.append(Static(Text.assemble((f"{c.name}", "bold"), f", {c.klass}: {c.text}"),
                              classes="mechanic-note"))
        return out

    def rules_section(self, spec: Spec) -> list[str]:
        v = spec.vocab
        lines = [f"  - **{c.name}** ({c.klass}): {c.text}" for c in self.config.characters]
        return [f"- **{v.character.capitalize()}s**: each player plays one, each at most "
                "once, with a power:", *lines]


register(CharactersScreens)
