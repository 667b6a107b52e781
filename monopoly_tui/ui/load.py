"""Load a saved game: the saves, newest first, with what each is; a bad file says why.
A save can be deleted (after asking) or renamed from the list; the save dialog asks before
replacing another save."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from monopoly_tui.ui.keys import after_keys


class LoadScreen(ModalScreen[Any]):
    """Pick a save; dismisses with its path (or None). ``d`` deletes the highlighted save
    (after asking) and ``n`` renames it. The saves are read in a worker thread, so a slow
    folder never freezes the app (the list says so until they are read)."""

    CSS_PATH = "decisions.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the focused list's own Enter would hide this one from the footer
        Binding("enter", "load", "Load", id="load", priority=True),
        Binding("d", "delete", "Delete", id="delete"),
        Binding("n", "rename", "Rename", id="rename"),
        Binding("escape", "cancel", "Cancel", id="cancel"),
    ]

    def __init__(self) -> None:
        super().__init__(classes="decision")
        self.entries: list[Any] = []
        self.read = False
        """True once the saves have been read."""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="wide"):
            yield Label("Load a saved game", classes="title")
            yield OptionList(id="saves")
            yield Static(Text("Reading the saves...", style="dim"), id="save-info")
            with Horizontal(classes="buttons"):
                yield Button(Text("Load [Enter]"), id="load", variant="primary", disabled=True)
                yield Button(Text("Delete [d]"), id="delete", disabled=True)
                yield Button(Text("Rename [n]"), id="rename", disabled=True)
                yield Button(Text("Cancel [esc]"), id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#saves", OptionList).focus()
        self.reload()

    def reload(self, keep: str | None = None) -> None:
        """Read the saves again (in a thread); then highlight ``keep`` (a save's name)."""
        self.read = False
        self.run_worker(lambda: self._read(keep), thread=True, exclusive=True, group="saves")

    def _read(self, keep: str | None) -> None:
        from monopoly_tui.ui import saves_port

        entries, problem = saves_port.listing()
        self.app.call_from_thread(self._show, entries, problem, keep)

    def _show(self, entries: list[Any], problem: str | None, keep: str | None) -> None:
        self.entries = entries
        lst = self.query_one("#saves", OptionList)
        lst.clear_options()
        # games that went on to their end in another save: an earlier save of one is no game
        # in progress (loading it starts the rest again as a new game)
        finished = {e.game_id for e in entries if e.over and not e.error and e.game_id}
        for i, e in enumerate(self.entries):
            label = Text(e.name, style="bold")  # names come from files: never markup
            if e.error and not getattr(e, "damaged", False):
                label.append(f"  cannot be loaded: {e.error}", style="red")
                lst.add_option(Option(label, id=f"s-{i}"))
                continue
            label.append(f"  {e.edition_name}", style="italic")
            if e.players:
                label.append(f"  {', '.join(e.players)}")
            if e.error:  # damaged inside: what it is (its header reads), and what is wrong
                label.append(f"  {e.error}", style="red")
            elif e.over:
                label.append("  (over)", style="italic")
            elif getattr(e, "open_elsewhere", None):
                label.append("  (open in another window)", style="yellow")
            elif e.game_id in finished:
                label.append("  (this game finished later, in another save)", style="italic")
            lst.add_option(Option(label, id=f"s-{i}"))
        info = self.query_one("#save-info", Static)
        if problem:
            info.update(Text(problem, style="red"))
        elif not self.entries:
            info.update(Text("No saved games yet.", style="dim"))
        else:
            info.update("")
        # Enter loads the highlighted save: start on the one kept, else the first that loads
        want = next((i for i, e in enumerate(self.entries) if e.name == keep), None)
        if want is None:
            want = next((i for i, e in enumerate(self.entries) if e.error is None), None)
        if want is None and self.entries:
            want = 0
        if want is not None:
            lst.highlighted = want
        self.read = True
        self._update_buttons()

    def _update_buttons(self) -> None:
        entry = self.highlighted_entry()
        self.query_one("#load", Button).disabled = self.chosen() is None
        self.query_one("#delete", Button).disabled = entry is None
        self.query_one("#rename", Button).disabled = entry is None
        self.refresh_bindings()

    def highlighted_entry(self) -> Any:
        """The highlighted save (loadable or not), or None."""
        if not self.is_mounted:
            return None
        lst = self.query_one("#saves", OptionList)
        if lst.highlighted is None or not self.entries:
            return None
        opt = lst.get_option_at_index(lst.highlighted)
        if not opt.id:
            return None
        return self.entries[int(opt.id[2:])]

    def chosen(self) -> Any:
        """The name of the highlighted save, when it can be loaded."""
        entry = self.highlighted_entry()
        if entry is None or entry.error:
            return None
        return entry.name

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "load":
            focused = self.focused
            if focused is not None and focused.id in ("cancel", "delete", "rename"):
                return False  # Enter on another button presses that button
            return self.is_mounted and self.chosen() is not None
        if action in ("delete", "rename"):
            return self.is_mounted and self.highlighted_entry() is not None
        return True

    def action_load(self) -> None:
        after_keys(self, self._load)

    def _load(self) -> None:
        path = self.chosen()
        if path is not None:
            self.dismiss(path)

    def action_delete(self) -> None:
        """Delete the highlighted save, once the player says yes."""
        from monopoly_tui.ui.decisions import ConfirmScreen

        entry = self.highlighted_entry()
        if entry is None:
            return
        elsewhere = getattr(entry, "open_elsewhere", None)
        if elsewhere and getattr(entry, "kind", "") == "auto":
            self.notify(f"'{entry.name}' is open in {elsewhere}: close it there first.",
                        title="Cannot delete", severity="warning", markup=False)
            return

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            from monopoly_tui.ui import saves_port

            try:
                saves_port.delete(entry)
            except Exception as e:
                self.notify(str(getattr(e, "message", e)), title="Cannot delete",
                            severity="error", markup=False)
                return
            self.notify(f"Deleted '{entry.name}'.", markup=False)
            self.reload()

        what = "; ".join(x for x in (entry.summary, entry.error) if x) or "it cannot be loaded"
        whole = (" This is the game's latest play: the whole game goes, with its named saves."
                 if getattr(entry, "kind", "") == "auto" else "")
        self.app.push_screen(
            ConfirmScreen(f"Delete the save '{entry.name}' ({what})?{whole} This cannot be "
                          "undone.",
                          yes="Delete", no="Keep it"),
            answer,
        )

    def action_rename(self) -> None:
        """Rename the highlighted save: the name is asked for, and a taken name refused."""
        entry = self.highlighted_entry()
        if entry is None:
            return
        from monopoly_tui.ui import saves_port

        def rename(name: str, replace: bool = False) -> str:
            return saves_port.rename(entry, name)

        def renamed(name: object) -> None:
            if name and getattr(entry, "kind", "") == "auto":
                self.notify(f"Named the latest play of this game '{name}' (the game's own "
                            f"'{entry.name}' goes on with it).", markup=False)
                self.reload(keep=str(name))
            elif name:
                self.notify(f"Renamed '{entry.name}' to '{name}'.", markup=False)
                self.reload(keep=str(name))

        self.app.push_screen(SaveNameScreen(entry.name, rename, title="Rename the save",
                                            verb="Rename"), renamed)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id and self.entries:
            e = self.entries[int(event.option.id[2:])]
            when = e.updated.strftime("%Y-%m-%d %H:%M") if e.updated else ""
            # (the summary says the round and turn, counted as the game counts them)
            if e.error:  # why it cannot be loaded; it is kept as it is
                info = Text(f"{e.error}\n", style="red")
                info.append(" · ".join(x for x in (when, "it cannot be loaded; the file is "
                                                   "left as it is") if x), style="dim")
            else:
                info = Text(f"{e.summary}\n{when}", style="dim")
            self.query_one("#save-info", Static).update(info)
        self._update_buttons()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_load()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "load":
            self.action_load()
        elif event.button.id == "delete":
            self.action_delete()
        elif event.button.id == "rename":
            self.action_rename()
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

    def __init__(self, suggestion: str, save: Any, title: str = "Save the game as",
                 verb: str = "Save", max_length: int = 100) -> None:
        super().__init__(classes="decision")
        self.suggestion = suggestion
        self.save = save
        """Called with the name (and ``replace=True`` once the player agreed to replace a
        save); returns the saved name, or raises with a message, or with a ``question``
        (``saves_port.ReplaceNeeded``) to ask before replacing a save."""
        self.title_text = title
        self.verb = verb
        self.max_length = max_length

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="confirm"):
            yield Label(Text(self.title_text), classes="title")
            yield Input(self.suggestion, id="name", max_length=self.max_length)
            yield Static(id="save-info")
            with Horizontal(classes="buttons"):
                yield Button(Text(f"{self.verb} [Enter]"), id="save", variant="primary")
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
        after_keys(self, self._save)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._save()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self._save()
        else:
            self.dismiss(None)

    def _save(self, replace: bool = False) -> None:
        name = self.query_one("#name", Input).value.strip()
        try:
            saved = self.save(name, replace=True) if replace else self.save(name)
        except Exception as e:
            question = getattr(e, "question", None)
            if question and not replace:
                self._ask(str(question))
                return
            self.query_one("#save-info", Static).update(
                Text(str(getattr(e, "message", e)), style="red"))
            return
        self.dismiss(saved)

    def _ask(self, question: str) -> None:
        """Replacing a save the player may want: ask first (No keeps it, and the name can
        be changed)."""
        from monopoly_tui.ui.decisions import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes:
                self._save(replace=True)
            else:
                self.query_one("#save-info", Static).update(
                    Text("Kept the other save: choose another name.", style="dim"))
                self.query_one("#name", Input).focus()

        self.app.push_screen(ConfirmScreen(question, yes="Replace", no="Keep it"), answer)

    def action_cancel(self) -> None:
        self.dismiss(None)
