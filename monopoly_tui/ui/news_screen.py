"""Since your last turn: the short list of what the others did (``ui.news``), shown as a
human's turn comes round, since the dialogs covered the log while they played.

Enter, Esc or Space close it. A key of the game screen's footer that the game takes now
(``r`` to roll, ``m`` to manage, ``t`` to trade...) closes it and is handed back as its result,
for the game screen to act on at once: the list never costs a keypress.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from monopoly_tui.ui.footer import Footer
from monopoly_tui.ui.render import player_tag

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game

CLOSE_KEYS = frozenset({"enter", "escape", "space"})
"""The keys that only close the list."""


class NewsScreen(ModalScreen[str | None]):
    """What happened since ``player``'s last turn, one line each (the log's words); its
    result: the game key that closed it, or None (``takes``: whether the game screen takes a
    key now)."""

    CSS_PATH = str(Path(__file__).with_name("decisions.tcss"))
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "OK", id="ok", priority=True),
        Binding("escape", "close", "OK", show=False),
        Binding("space", "close", "OK", show=False),
    ]

    def __init__(self, game: Game, player: int, lines: Sequence[str],
                 takes: Callable[[str], bool]) -> None:
        super().__init__(classes="decision")
        self.game = game
        self.player = player
        self.lines = list(lines)
        self.takes = takes
        self._answered = False

    def compose(self) -> ComposeResult:
        head = player_tag(self.game, self.player)
        head.append("  since your last turn", style="bold")
        body = Text()
        for k, line in enumerate(self.lines):  # names inside: never markup
            if k:
                body.append("\n")
            body.append("• ", style="dim")
            body.append(line)
        with Vertical(id="dialog", classes="news"):
            yield Static(head, classes="title")
            yield Static(body, id="news")
            yield Static(Text("Enter closes this; the game's keys (r to roll...) close it and "
                              "act at once."), classes="hint")
            with Horizontal(classes="buttons"):
                yield Button(Text("OK [Enter]"), id="ok", variant="primary")
        yield Footer()

    def on_key(self, event: events.Key) -> None:
        """A game key the game takes now closes the list and goes to the game."""
        if event.key in CLOSE_KEYS or not self.takes(event.key):
            return
        event.stop()
        event.prevent_default()
        self.close(event.key)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.close()

    def action_close(self) -> None:
        self.close()

    def close(self, key: str | None = None) -> None:
        """Close once (a second key read before the list is gone does nothing here)."""
        if self._answered or not self.is_active:
            return
        self._answered = True
        self.dismiss(key)
