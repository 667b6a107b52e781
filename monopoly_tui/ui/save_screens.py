"""The questions the saves ask: a game open in another window, and leaving a game that is not
saved. Each dismisses with the player's pick; the saves decide nothing here."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Label, Static


class _Pick(ModalScreen[str | None]):
    """A question with a few answers, each a button with its key; Esc is the last answer."""

    CSS_PATH = "decisions.tcss"
    TITLE_TEXT = ""
    ANSWERS: ClassVar[list[tuple[str, str, str, str]]] = []
    """(answer id, label, key, button variant) each."""
    FOCUS = ""
    PER_ROW = 3
    """Buttons a row (the dialog is 64 columns wide)."""

    def __init__(self, question: str) -> None:
        super().__init__(classes="decision")
        self.question = question
        self.answers = list(self.ANSWERS)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="confirm"):
            yield Label(Text(self.TITLE_TEXT), classes="title")
            yield Static(Text(self.question), id="question")  # names inside: never markup
            rows = [self.answers[i:i + self.PER_ROW]
                    for i in range(0, len(self.answers), self.PER_ROW)]
            for row in rows:
                with Horizontal(classes="buttons"):
                    for answer, label, key, variant in row:
                        yield Button(Text(f"{label} [{key}]"), id=answer,
                                     variant=variant)  # type: ignore[arg-type]
        yield Footer()

    def on_mount(self) -> None:
        ids = [a[0] for a in self.answers]
        self.query_one(f"#{self.FOCUS if self.FOCUS in ids else ids[-1]}", Button).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick" and parameters:
            return parameters[0] == "back" or parameters[0] in [a[0] for a in self.answers]
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id if event.button.id != "back" else None)

    def action_pick(self, answer: str) -> None:
        if answer == "back" or answer in [a[0] for a in self.answers]:
            self.dismiss(answer if answer != "back" else None)


class OpenElsewhereScreen(_Pick):
    """The game is open in another window that still runs: take it over (that window stops
    saving it), play a copy of it (a game of its own from this position), or leave it."""

    TITLE_TEXT = "This game is open in another window"
    ANSWERS: ClassVar[list[tuple[str, str, str, str]]] = [
        ("watch", "Watch it", "w", "primary"),
        ("take_over", "Take it over", "t", "warning"),
        ("copy", "Play a copy", "c", "primary"),
        ("back", "Leave it", "esc", "default"),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "pick('watch')", "Watch it", id="watch"),
        Binding("t", "pick('take_over')", "Take it over", id="take_over"),
        Binding("c", "pick('copy')", "Play a copy", id="copy"),
        Binding("escape", "pick('back')", "Leave it", id="back"),
    ]
    PER_ROW = 2

    def __init__(self, holder: str) -> None:
        super().__init__(
            f"It is open in {holder}. Two windows never save one game side by side.\n\n"
            "Watch it: follow the game here as it is played there.\n"
            "Take it over: this window plays it from its latest decision, and the other one "
            "stops saving it (it says so).\nPlay a copy: a game of its own from the same "
            "position; the other window goes on with the original.")


class UnsavedScreen(_Pick):
    """Leaving a game whose latest decisions could not be saved: try again, save it to a file
    elsewhere, leave anyway (losing them), or keep playing."""

    TITLE_TEXT = "The game is not saved"
    ANSWERS: ClassVar[list[tuple[str, str, str, str]]] = [
        ("retry", "Try again", "t", "primary"),
        ("file", "Save to a file", "f", "primary"),
        ("leave", "Leave without saving", "l", "error"),
        ("back", "Keep playing", "esc", "default"),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "pick('retry')", "Try again", id="retry"),
        Binding("f", "pick('file')", "Save to a file", id="file"),
        Binding("l", "pick('leave')", "Leave without saving", id="leave"),
        Binding("escape", "pick('back')", "Keep playing", id="back"),
    ]
    FOCUS = "retry"
    PER_ROW = 2

    def __init__(self, what: str, unsaved: int, since: int, why: str, lost: bool) -> None:
        one = unsaved == 1
        count = f"{unsaved} decision{'' if one else 's'}"
        are, them = ("is", "it") if one else ("are", "them")
        if lost:
            text = (f"{why[:1].upper()}{why[1:]}: the {count} played here since decision "
                    f"{since} {are} not saved.\n\nTo {what} now would lose {them}: save the "
                    "game to a file, or keep playing and save it under a name (s) as a copy "
                    "of your own.")
        else:
            text = (f"The {count} since decision {since} {are} not saved: {why}. The game "
                    f"keeps {them} and tries again after every decision.\n\nTo "
                    f"{what} now would lose {them}: try again (after freeing space), or save "
                    "the game to a file on another disk.")
        super().__init__(text)
        if lost:  # trying again cannot help: another window writes the game now
            self.answers = [a for a in self.ANSWERS if a[0] != "retry"]
