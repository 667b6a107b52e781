"""The title screen: New game, Resume (when a save exists), Load, Rules, Quit.

It imports nothing of the engine or the rulesets, so the app is interactive at once; whether a
save exists is looked up in the background after the screen is up.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from monopoly_tui.ui.footer import Footer

LOGO = (
    "█▄ ▄█ █▀█ █▄ █ █▀█ █▀█ █▀█ █   █ █\n"
    "█ ▀ █ █▄█ █ ▀█ █▄█ █▀▀ █▄█ █▄▄  █ "
)


class TitleScreen(Screen[None]):
    """The first screen. Its styles (title.tcss) are loaded by the app."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "pick('new')", "New game", id="new"),
        Binding("c", "pick('resume')", "Resume", id="resume"),
        Binding("l", "pick('load')", "Load", id="load"),
        Binding("question_mark", "pick('rules')", "Rules", key_display="?", id="rules"),
        Binding("q", "pick('quit')", "Quit", id="quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.saves_available = False
        self.resume_entry: Any = None
        self.saves_checked = False
        """The look for saves is done (Resume and Load show what it found)."""

    def compose(self) -> ComposeResult:
        with Center(id="title-box"), Vertical(id="title-inner"):
            yield Static(Text(LOGO, style="bold"), id="logo")
            yield Static("Each edition played by its own rulebook.", id="tagline")
            yield OptionList(
                Option("New game", id="new"),
                Option("Resume", id="resume", disabled=True),
                Option("Load a saved game", id="load", disabled=True),
                Option("Rules", id="rules"),
                Option("Quit", id="quit"),
                id="menu",
            )
            yield Static(id="resume-info")
        yield Footer()

    def on_mount(self) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.focus()
        menu.highlighted = 0
        self._hide_resume()
        # Looking for saves imports the saves package (and pydantic): after the first frame,
        # so the menu is up and answering at once. (Not on a timer: on a busy machine a timer
        # can fire before the first frame.)
        self.call_after_refresh(self._start_looking)

    def _start_looking(self) -> None:
        """Look for saves in the background, unless the app is leaving at once (started
        only to show the title, ``exit_on_mount``): then there is nothing to offer."""
        if getattr(self.app, "exit_on_mount", False):
            return
        self.run_worker(self._look_for_saves, thread=True, exclusive=True, group="saves")

    def on_screen_resume(self) -> None:
        """Back on the title (from a game, its results, the Load screen...): the saves may
        have changed since the last look (the game offered for Resume finished, or was
        deleted), so Resume is withdrawn until they are looked at again. The first look is
        the mount's."""
        if not self.saves_checked:
            return
        self.saves_checked = False
        self.resume_entry = None
        menu = self.query_one("#menu", OptionList)
        if self._index_of("resume") is not None:
            menu.disable_option("resume")
        self.query_one("#resume-info", Static).update("")
        self.refresh_bindings()
        self._start_looking()

    def _hide_resume(self) -> None:
        menu = self.query_one("#menu", OptionList)
        try:
            menu.get_option("resume")
        except Exception:
            return
        menu.remove_option("resume")

    def _look_for_saves(self) -> None:
        from monopoly_tui.ui import saves_port

        available = saves_port.available()
        entry, problem = saves_port.latest_or_why() if available else (None, None)
        self.app.call_from_thread(self._show_saves, available, entry, problem)

    def _show_saves(self, available: bool, entry: Any, problem: str | None = None) -> None:
        self.saves_available = available
        self.resume_entry = entry
        self.saves_checked = True
        menu = self.query_one("#menu", OptionList)
        if available:
            menu.enable_option("load")
        if entry is None:  # nothing to go on with (any more): no Resume, nor its line
            highlighted = menu.highlighted
            at = self._index_of("resume")
            self._hide_resume()
            if highlighted is not None and at is not None and menu.option_count:
                menu.highlighted = min(highlighted - (highlighted > at), menu.option_count - 1)
            self.query_one("#resume-info", Static).update(
                Text(f"The saves cannot be read now: {problem}", style="red") if problem
                else "")
        else:
            label = Text("Resume ")
            label.append(resume_words(entry), style="dim")
            if self._index_of("resume") is not None:  # (the game to resume may be another)
                menu.replace_option_prompt("resume", label)
                menu.enable_option("resume")
            else:
                menu.add_option(Option(label, id="resume"))
                # keep the menu order: move Resume after New game
                opts = [menu.get_option_at_index(i) for i in range(menu.option_count)]
                order = ["new", "resume", "load", "rules", "quit"]
                opts.sort(key=lambda o: order.index(o.id) if o.id in order else 9)
                highlighted = menu.highlighted
                menu.clear_options()
                menu.add_options(opts)
                menu.highlighted = highlighted
            edition = str(getattr(entry, "edition_name", "") or "")
            summary = str(getattr(entry, "summary", "") or "")
            self.query_one("#resume-info", Static).update(
                Text(f"Resume {edition}: {summary}" if summary else f"Resume {entry.name}",
                     style="dim"))
        self.refresh_bindings()

    def _index_of(self, option_id: str) -> int | None:
        menu = self.query_one("#menu", OptionList)
        return next((i for i in range(menu.option_count)
                     if menu.get_option_at_index(i).id == option_id), None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            what = parameters[0]
            if what == "resume":
                return self.resume_entry is not None
            if what == "load":
                return True if self.saves_available else None
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.action_pick(event.option.id)

    def action_pick(self, what: str) -> None:
        app: Any = self.app
        if what == "new":
            app.action_new_game()
        elif what == "resume" and self.resume_entry is not None:
            app.resume(self.resume_entry.name)
        elif what == "load" and self.saves_available:
            app.action_load()
        elif what == "rules":
            app.action_rules()
        elif what == "quit":
            app.exit(0)


def resume_words(entry: Any) -> str:
    """The game Resume opens, told apart from another of the same edition: the edition, the
    players, the round and when it was last played ('Classic · Ann, Bob · round 12 · 14:05')."""
    parts = [str(getattr(entry, "edition_name", "") or "")]
    players = getattr(entry, "players", ()) or ()
    if players:
        parts.append(", ".join(players))
    rnd: object = getattr(entry, "round", 0)
    decisions: object = getattr(entry, "decisions", 0)
    if isinstance(rnd, int) and rnd >= 0 and decisions:
        parts.append(f"round {rnd + 1}")
    when = getattr(entry, "updated", None)
    if when is not None:
        try:
            local = when.astimezone()
            today = datetime.now().astimezone().date()
            parts.append(local.strftime("%H:%M") if local.date() == today
                         else local.strftime("%Y-%m-%d %H:%M"))
        except (OverflowError, ValueError, OSError):
            pass
    if getattr(entry, "open_elsewhere", None):
        parts.append("open in another window")
    return " · ".join(p for p in parts if p)
