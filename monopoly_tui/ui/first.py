"""Who goes first, shown the edition's way from the setup events: the first rolls (with the
dice), the coin-flip chain, the deeds dealt, and who starts."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from monopoly_tui.engine.actions import Event
from monopoly_tui.engine.describe import describe, dice_text, roll_text
from monopoly_tui.ui.render import player_tag
from monopoly_tui.ui.session import Session


def setup_story(session: Session, events: list[Event]) -> list[RenderableType]:
    """The setup events as lines; rolls show their dice."""
    game = session.game
    out: list[RenderableType] = []
    for e in events:
        line = describe(e, game)
        if not line:
            continue
        if e.kind == "first_roll":
            row = player_tag(game, e.player)
            row.append("  ")
            labels = game.spec.dice.labels
            for k, face in enumerate(e.dice):
                if k:
                    row.append(" + ")
                label = labels[face] if 0 <= face < len(labels) else str(face)
                row.append(f" {label} ", style="bold reverse")
            if roll_text(game, e.dice, e.amount) != dice_text(game, e.dice):
                row.append(f" = {e.amount}", style="bold")  # one die: just its face
            out.append(row)
        elif e.kind == "starts":
            row = Text("\n")
            row.append_text(player_tag(game, e.player, token=True))
            row.append(" goes first", style="bold")
            out.append(row)
        else:
            out.append(Text(line))
    return out


class FirstPlayerScreen(ModalScreen[None]):
    CSS_PATH = "decisions.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "Start playing", id="play"),
        Binding("escape", "close", "Start playing", show=False),
    ]

    def __init__(self, session: Session, events: list[Event]) -> None:
        super().__init__(classes="decision")
        self.session = session
        self.events = events

    def compose(self) -> ComposeResult:
        spec = self.session.spec
        how = {
            "coin_flip_chain": "Who goes first: the coin-flip chain",
            "highest_roll": "Who goes first: the highest roll",
        }.get(spec.rules.first_player, "Who goes first")
        with Vertical(id="dialog", classes="first"):
            yield Static(Text(f"{spec.name} · {how}", style="bold"), classes="title")
            with VerticalScroll(classes="story"):
                yield Static(Group(*setup_story(self.session, self.events)))
            with Horizontal(classes="buttons"):
                yield Button(Text("Start playing [Enter]"), id="play", variant="success")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
