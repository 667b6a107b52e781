"""Load a saved game: the saves, newest first, with what each is; a bad file says why."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option


class LoadScreen(ModalScreen[Any]):
    """Pick a save; dismisses with its name (or None)."""

    CSS_PATH = "decisions.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the focused list's own Enter would hide this one from the footer
        Binding("enter", "load", "Load", id="load", priority=True),
        Binding("escape", "cancel", "Cancel", id="cancel"),
    ]

    def __init__(self) -> None:
        super().__init__(classes="decision")
        self.entries: list[Any] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="wide"):
            yield Label("Load a saved game", classes="title")
            yield OptionList(id="saves")
            yield Static(id="save-info")
            with Horizontal(classes="buttons"):
                yield Button(Text("Load [Enter]"), id="load", variant="primary")
                yield Button(Text("Cancel [esc]"), id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        from monopoly_tui.ui import saves_port

        self.entries = saves_port.entries()
        lst = self.query_one("#saves", OptionList)
        for i, e in enumerate(self.entries):
            label = Text(e.name, style="bold")
            if e.error:
                label.append(f"  cannot be loaded: {e.error}", style="red")
                lst.add_option(Option(label, id=f"s-{i}", disabled=True))
                continue
            label.append(f"  {e.edition_name}", style="dim")
            if e.players:
                label.append(f"  {', '.join(e.players)}")
            if e.over:
                label.append("  (over)", style="dim")
            lst.add_option(Option(label, id=f"s-{i}"))
        if not self.entries:
            self.query_one("#save-info", Static).update(Text("No saved games yet.", style="dim"))
        lst.focus()
        # Enter loads the highlighted save: start on the first one that can be loaded
        first = next((i for i, e in enumerate(self.entries) if e.error is None), None)
        if first is not None:
            lst.highlighted = first
        self.query_one("#load", Button).disabled = first is None
        self.refresh_bindings()

    def chosen(self) -> Any:
        """The path of the highlighted save, when it can be loaded."""
        lst = self.query_one("#saves", OptionList)
        if lst.highlighted is None:
            return None
        opt = lst.get_option_at_index(lst.highlighted)
        if not opt.id or opt.disabled:
            return None
        return self.entries[int(opt.id[2:])].path

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "load":
            focused = self.focused
            if focused is not None and focused.id == "cancel":
                return False  # Enter on Cancel cancels
            return self.is_mounted and self.chosen() is not None
        return True

    def action_load(self) -> None:
        path = self.chosen()
        if path is not None:
            self.dismiss(path)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            e = self.entries[int(event.option.id[2:])]
            when = e.updated.strftime("%Y-%m-%d %H:%M") if e.updated else ""
            self.query_one("#save-info", Static).update(
                Text(f"{e.summary}\n{when} · turn {e.turn}", style="dim"))
        self.refresh_bindings()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.dismiss(self.entries[int(event.option.id[2:])].path)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "load":
            self.action_load()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SaveNameScreen(ModalScreen[Any]):
    """Name a save; dismisses with the name (or None). The saves package checks the name and
    its message is shown here when it refuses one."""

    CSS_PATH = "decisions.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the focused name field's own Enter would hide this one from the footer
        Binding("enter", "save", "Save", id="save", priority=True),
        Binding("escape", "cancel", "Cancel", id="cancel"),
    ]

    def __init__(self, suggestion: str, save: Any) -> None:
        super().__init__(classes="decision")
        self.suggestion = suggestion
        self.save = save
        """Called with the name; returns the saved name, or raises with a message."""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="confirm"):
            yield Label("Save the game as", classes="title")
            yield Input(self.suggestion, id="name", max_length=100)
            yield Static(id="save-info")
            with Horizontal(classes="buttons"):
                yield Button(Text("Save [Enter]"), id="save", variant="primary")
                yield Button(Text("Cancel [esc]"), id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save":
            focused = self.focused
            return focused is None or focused.id != "cancel"  # Enter on Cancel cancels
        return True

    def action_save(self) -> None:
        self._save()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._save()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self._save()
        else:
            self.dismiss(None)

    def _save(self) -> None:
        name = self.query_one("#name", Input).value.strip()
        try:
            saved = self.save(name)
        except Exception as e:
            self.query_one("#save-info", Static).update(
                Text(str(getattr(e, "message", e)), style="red"))
            return
        self.dismiss(saved)

    def action_cancel(self) -> None:
        self.dismiss(None)
