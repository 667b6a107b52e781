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
from monopoly_tui.ui.render import PlainTable, player_tag
from monopoly_tui.ui.session import Session


def setup_story(session: Session, events: list[Event]) -> list[RenderableType]:
    """The setup events as lines; the first rolls in one table, each column aligned (the
    player, the dice, the total: the dice began wherever the name ended), a roll-off for a tie
    under its own heading."""
    game = session.game
    out: list[RenderableType] = []
    rolls: list[Event] = []
    for e in events:
        line = describe(e, game)
        if not line:
            continue
        if e.kind == "first_roll":
            rolls.append(e)
            continue
        if rolls:
            out.append(_rolls_table(session, rolls))
            rolls = []
        if e.kind == "starts":
            row = Text("\n")
            row.append_text(player_tag(game, e.player, token=True))
            row.append(" goes first", style="bold")
            out.append(row)
        else:
            out.append(Text(line))
    if rolls:
        out.append(_rolls_table(session, rolls))
    return out


def _rolls_table(session: Session, rolls: list[Event]) -> RenderableType:
    """The first rolls as a table: who, the dice (each face on its own tile), the total (one
    die: its face is the total, shown once), every column aligned. A player who rolls again
    rolls in a roll-off (the highest rolls were tied): each round is a table of its own under
    its own heading, the columns as wide in every round."""
    game = session.game
    labels = game.spec.dice.labels
    rounds: list[list[tuple[Text, Text, Text]]] = [[]]
    rolled: set[int] = set()
    for e in rolls:
        if e.player in rolled:  # a new round: the tied players roll again
            rolled.clear()
            rounds.append([])
        rolled.add(e.player)
        dice = Text()
        for k, face in enumerate(e.dice):
            if k:
                dice.append(" + ")
            label = labels[face] if 0 <= face < len(labels) else str(face)
            dice.append(f" {label} ", style="bold reverse")
        total = Text()
        if roll_text(game, e.dice, e.amount) != dice_text(game, e.dice):
            total.append(str(e.amount), style="bold")  # one die: just its face
        rounds[-1].append((player_tag(game, e.player), dice, total))
    rows = [row for r in rounds for row in r]
    widths = [max(row[k].cell_len for row in rows) for k in range(3)]
    totals = widths[2] > 0
    parts: list[RenderableType] = []
    for n, r in enumerate(rounds):
        if n:
            parts.append(Text("\nTied: they roll again", style="dim italic"))
        table = PlainTable.grid(padding=(0, 2) if not totals else (0, 1))
        table.add_column(no_wrap=True, width=widths[0])
        table.add_column(no_wrap=True, width=widths[1])
        if totals:
            table.add_column(no_wrap=True, width=1)  # '='
            table.add_column(no_wrap=True, width=widths[2], justify="right")
        for tag, dice, total in r:
            table.add_row(tag, dice, *((Text("=", style="bold"), total) if totals else ()))
        parts.append(table)
    return Group(*parts)


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
