"""The Textual app: title, new game, the game, the end; saves, rules and themes.

``run(args)`` is what ``monopoly-tui`` with no subcommand calls. Imports stay lazy: the title
screen needs only Textual, and the engine and the rulesets load when a game is set up, so the
app is interactive at once.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Center
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from monopoly_tui.ui import textual_fixes
from monopoly_tui.ui.title import TitleScreen

if TYPE_CHECKING:
    from monopoly_tui.ui.game import GameScreen
    from monopoly_tui.ui.session import Session

textual_fixes.apply()

MIN_WIDTH, MIN_HEIGHT = 100, 30


class TooSmallScreen(ModalScreen[None]):
    """Shown instead of a broken layout while the terminal is below the minimum size."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen #too-small { width: auto; height: auto; padding: 1 2;
        border: heavy $error; color: $text; text-align: center; }
    """
    BINDINGS: ClassVar[list[BindingType]] = []

    def compose(self) -> Any:
        with Center():
            yield Static(id="too-small")

    told: tuple[int, int] | None = None
    """The last size told before the screen was composed."""

    def on_mount(self) -> None:
        self.show(*(self.told or (self.app.size.width, self.app.size.height)))

    def show(self, width: int, height: int) -> None:
        """Say the size now; before the screen is composed (a second resize can come first,
        as a terminal that is not a tty sends them) its mount says it."""
        shown = self.query("#too-small")
        if not shown:
            self.told = (width, height)
            return
        shown.first(Static).update(
            f"Terminal too small: need {MIN_WIDTH}×{MIN_HEIGHT}, have {width}×{height}.\n"
            "Make the window bigger (or the font smaller) to play."
        )


class MonopolyApp(App[int]):
    """Monopoly in the terminal, each edition by its own rulebook."""

    TITLE = "monopoly-tui"
    CSS_PATH: ClassVar[list[str | PurePath]] = ["app.tcss", "title.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="quit"),
        # Tab moves the focus as it arrives: as a screen's binding it ran only once the key
        # had bubbled up from the focused widget, and a key typed right after it (Tab and
        # Enter in one burst) went to the widget it left (the trade's deed list reached by
        # Tab was not ticked)
        Binding("tab", "focus_next", show=False, priority=True),
        Binding("shift+tab", "focus_previous", show=False, priority=True),
    ]

    def __init__(self, *, seed: int | None = None, pace: str | None = None,
                 exit_on_mount: bool = False, session: Session | None = None,
                 resume: str | None = None) -> None:
        super().__init__()
        from monopoly_tui.ui.style import MENU_THEME

        # the title's and the new-game screen's colours, until a game brings its edition's
        self.register_theme(MENU_THEME)
        self.theme = MENU_THEME.name
        self.initial_session = session
        self.initial_resume = resume
        """A saved game to open at once by its name, asking first when another window has it
        (``monopoly-tui resume`` of a game open elsewhere)."""
        """A game to open at once (``monopoly-tui resume``), instead of the title's menu."""
        self.seed = seed
        """A fixed seed for new games (tests, snapshots); None: a random one each game."""
        self.pace = pace
        """A fixed pace for computer seats (tests: 'instant'); None: the player's choice."""
        self.exit_on_mount = exit_on_mount
        self._too_small: TooSmallScreen | None = None
        self._mounted = False
        self._start_blur_seen = False
        self._server_pid = 0

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """A notification, always as plain text: messages hold names and words from players,
        saves and rulesets ('[/x]' is a name, not markup), so none is read as markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    async def on_event(self, event: events.Event) -> None:
        """A key the screen on top does not take (``DecisionScreen.takes_key``: a trade offer
        in the moment after it came) goes no further: no binding, no widget sees it."""
        if isinstance(event, events.Key) and self.screen_stack:
            takes = getattr(self.screen_stack[-1], "takes_key", None)
            if takes is not None and not takes(event):
                event.stop()
                return
        await super().on_event(event)

    def get_default_screen(self) -> Screen[Any]:
        # The title is the first screen (one screen, one first frame). Its styles are in the
        # app's CSS_PATH: Textual does not load a default screen's own CSS_PATH.
        return TitleScreen()

    def on_mount(self) -> None:
        self._mounted = True
        if self.is_web:
            self._server_pid = os.getppid()
            self.set_interval(1.0, self._check_server)
        self._check_size(self.size.width, self.size.height)
        if self.initial_session is not None:
            self.start_session(self.initial_session, first=False)
        elif self.initial_resume is not None:
            self.resume(self.initial_resume)
        if self.exit_on_mount:
            self.call_after_refresh(self.exit, 0)

    def _check_server(self) -> None:
        """In a browser the game is the server's child (``monopoly-tui serve``): when the
        server is gone (killed, so it could not stop its games), the game quits too, rather
        than run on with no tab to show. Its game was saved after every decision."""
        if os.getppid() != self._server_pid:
            self.exit(0)

    def on_app_blur(self, event: events.AppBlur) -> None:
        """In a browser the game starts focused, as in a terminal. Textual's web driver posts a
        blur as the app starts, before the page has said anything (its terminal takes the focus
        when the game's first bytes arrive): while blurred Textual draws no focus and the
        footer stays empty until a key. That first blur is the driver's, not the page's, and is
        ignored; every later one (the player leaves the tab) is the page's own."""
        if self.is_web and not self._start_blur_seen:
            self._start_blur_seen = True
            event.prevent_default()

    def on_resize(self, event: events.Resize) -> None:
        if self._mounted:  # before the title screen is up, on_mount checks
            self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        """Cover everything with the 'too small' message while the terminal is too small.
        Nothing else is pushed meanwhile: it takes the keys, and the game waits for the top."""
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small and self._too_small is None:
            self._too_small = TooSmallScreen()
            self.push_screen(self._too_small)
        elif small and self._too_small is not None:
            self._too_small.show(width, height)
        elif not small and self._too_small is not None:
            screen, self._too_small = self._too_small, None
            if self.screen is screen:
                self.pop_screen()

    # ------------------------------------------------------------------ navigation

    def _to_base(self) -> None:
        """Back to the title screen (the first screen)."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def game_screen(self) -> GameScreen | None:
        from monopoly_tui.ui.game import GameScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    def action_new_game(self) -> None:
        def new_game() -> None:
            from monopoly_tui.ui.setup import NewGameScreen

            self._to_base()
            self.push_screen(NewGameScreen(seed=self.seed, pace=self.pace))

        self._leave_game("set up a new game", new_game)

    def action_to_title(self) -> None:
        self._leave_game("go to the title screen", self._to_base)

    def _leave_game(self, what: str, then: Any) -> None:
        """Do ``then``; a game in progress is left only when the player says so. A game whose
        latest decisions could not be saved says so, and offers to try again or to save it to
        a file elsewhere, before it is left."""
        game = self.game_screen()
        if game is None or game.session.game.over:
            then()
            return
        from monopoly_tui.ui.decisions import ConfirmScreen

        if self._ask_unsaved(game, what, then):
            return

        def answer(yes: bool | None) -> None:
            if yes:
                then()

        self.push_screen(
            ConfirmScreen(f"Leave the game in progress to {what}?" + _kept_words(game),
                          yes="Leave", no="Keep playing"),
            answer,
        )

    def _ask_unsaved(self, game: Any, what: str, then: Any,
                     again: Any = None) -> bool:
        """When the game is not saved (a full disk, another window took it over) and not
        saved to a file since: ask what to do before leaving it, and True; else False.
        ``again`` asks the whole question again (after trying again, or saving to a file)."""
        from monopoly_tui.ui import saves_port
        from monopoly_tui.ui.save_screens import UnsavedScreen

        session = game.session
        status = saves_port.status(session)
        if status is None or status.saved:
            return False
        to_file = getattr(game, "saved_to_file", None)
        if to_file is not None and to_file[0] == session.game.st.decisions:
            return False  # every decision is in that file: the plain question says where
        since = status.unsaved_since or 0
        unsaved = session.game.st.decisions - since
        ask = again or (lambda: self._leave_game(what, then))

        def answer(pick: str | None) -> None:
            if pick == "leave":
                then()
            elif pick == "retry":
                game.autosave_now()
                ask()
            elif pick == "file":
                self._save_to_file(game, ask)

        self.push_screen(UnsavedScreen(what, unsaved, since, status.problem or "",
                                       status.lost), answer)
        return True

    def _save_to_file(self, game: Any, after: Any) -> None:
        """Ask for a file and write the game there (a disk with room), then ``after``."""
        from pathlib import Path

        from monopoly_tui.ui import saves_port
        from monopoly_tui.ui.load import SaveNameScreen

        session = game.session

        def export(path: str, replace: bool = False) -> str:
            return saves_port.export(session, path)

        def done(written: str | None) -> None:
            if written:
                self.notify(f"Saved to {written}; 'monopoly-tui import' brings it back.",
                            title="Saved to a file", timeout=10)
                game.saved_to_file = (session.game.st.decisions, written)
            after()

        suggestion = str(Path.home() / f"{saves_port.suggested_name(session)}.json")
        self.push_screen(SaveNameScreen(suggestion, export, title="Save the game to a file",
                                        verb="Save", max_length=4096), done)

    def action_rules(self) -> None:
        from monopoly_tui.ui.help import HelpScreen

        game = self.game_screen()
        if game is not None and self.screen is game:
            game.action_help(tab="rules")
            return
        edition = game.session.edition if game is not None else None
        self.push_screen(HelpScreen(edition, session=game.session if game else None,
                                    tab="rules"))

    def action_load(self) -> None:
        from monopoly_tui.ui import saves_port
        from monopoly_tui.ui.load import LoadScreen

        if not saves_port.available():
            self.notify("Loading saved games is not available yet.", severity="warning")
            return

        def chosen(path: Any) -> None:
            if path is not None:
                self.resume(path)

        self.push_screen(LoadScreen(), chosen)

    def resume(self, name_or_path: Any, take_over: bool = False, copy: bool = False,
               force: bool = False) -> None:
        """Open a saved game; one open in another window asks first (watch it, take it over,
        play a copy, or leave it), and one whose edition's rules changed since asks whether to
        replay it on today's rules (as a game of its own: the original is kept)."""
        from monopoly_tui.ui import saves_port

        playing = self.game_screen()
        if playing is not None:  # this window leaves its game for the one it opens (it would
            saves_port.release(playing.session)  # take it back at its next save if it stays)
        try:
            session = saves_port.load(name_or_path, take_over=take_over, copy=copy,
                                      force=force)
        except Exception as e:
            if getattr(e, "can_force", False) and not force:
                from monopoly_tui.ui.decisions import ConfirmScreen

                def replay(yes: bool | None) -> None:
                    if yes:
                        self.resume(name_or_path, force=True)

                self.push_screen(ConfirmScreen(
                    "The rules of this game's edition have changed since it was saved. Its "
                    "decisions are all legal under today's rules: replay them on today's rules "
                    "and play on? The game may turn out differently; it goes on as a game of "
                    "its own, and the original is kept as it was.",
                    yes="Replay", no="Leave it"), replay)
                return
            holder = getattr(e, "holder", None)
            if holder is not None:
                from monopoly_tui.ui.save_screens import OpenElsewhereScreen

                def pick(answer: str | None) -> None:
                    if answer == "watch":
                        self.watch_game(name_or_path, holder.describe())
                    elif answer == "take_over":
                        self.resume(name_or_path, take_over=True)
                    elif answer == "copy":
                        self.resume(name_or_path, copy=True)

                self.push_screen(OpenElsewhereScreen(holder.describe()), pick)
                return
            self.notify(str(getattr(e, "message", e)), title="Cannot load", severity="error",
                        timeout=8)
            return
        self.start_session(session, first=False)
        for warning in saves_port.load_warnings(session):
            self.notify(warning, title="Loaded", severity="warning", timeout=12)

    def watch_game(self, name: str, holder: str = "another window") -> None:
        """Follow a game another window plays (``ui.watch``): nothing is decided or saved."""
        from monopoly_tui.ui import saves_port
        from monopoly_tui.ui.style import edition_theme
        from monopoly_tui.ui.watch import WatchScreen

        try:
            session = saves_port.watch(name)
        except Exception as e:
            self.notify(str(getattr(e, "message", e)), title="Cannot watch", severity="error",
                        timeout=8)
            return
        theme = edition_theme(session.spec)
        self.register_theme(theme)
        self.theme = theme.name
        self._to_base()
        self.push_screen(WatchScreen(session, name, holder))

    def start_session(self, session: Session, first: bool = True,
                      clock: Callable[[], float] | None = None) -> None:
        """Play a game: its theme, the game screen, and who goes first. ``clock``: the wall
        clock the agreed hour was typed against at setup (the game reads the same one)."""
        from monopoly_tui.ui.first import FirstPlayerScreen
        from monopoly_tui.ui.game import GameScreen
        from monopoly_tui.ui.style import edition_theme

        if self.pace is not None:
            session.pace = self.pace
        theme = edition_theme(session.spec)
        self.register_theme(theme)
        self.theme = theme.name
        self._to_base()
        screen = GameScreen(session)
        if clock is not None:
            screen.clock = clock
        self.push_screen(screen)
        if first:
            self.push_screen(FirstPlayerScreen(session, list(session.game.last_events)))

    # ------------------------------------------------------------------ palette, quit

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield SystemCommand("New game", "Set up a new game", self.action_new_game)
        game = self.game_screen()
        if game is not None:
            yield SystemCommand("Save game", "Save this game", game.action_save)
            if game.may_undo():
                yield SystemCommand("Undo", "Take back the last decision (u)", game.action_undo)
        yield SystemCommand("Load game", "Load a saved game", self.action_load)
        yield SystemCommand("Rules", "The rules of the edition", self.action_rules)
        if game is not None:
            yield SystemCommand("Help", "Keys, rules and the edition's notes", game.action_help)
            yield SystemCommand("Statistics", "Net worth, rent by colour group and the landing "
                                "heat map so far", game.action_stats)
        yield SystemCommand("Title screen", "Back to the title screen", self.action_to_title)
        # Textual's own commands (theme, quit, screenshot, maximize), but not its "Keys":
        # its panel squeezed the board at 100x30 and Esc did not close it; the keys are in
        # the footer, and in the help (? or "Help" here)
        for command in super().get_system_commands(screen):
            if command.title != "Keys":
                yield command

    async def action_quit(self) -> None:
        game = self.game_screen()
        if game is None or game.session.game.over:
            self.exit(0)
            return
        from monopoly_tui.ui.decisions import ConfirmScreen

        if self._ask_unsaved(game, "quit", lambda: self.exit(0),
                             again=lambda: self.run_worker(self.action_quit())):
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.exit(0)

        self.push_screen(
            ConfirmScreen("Quit the game in progress?" + _kept_words(game),
                          yes="Quit", no="Keep playing"),
            answer,
        )


def _kept_words(game: Any) -> str:
    """What leaving the game keeps, in words for the question."""
    if not _saves_available():
        return " It will be lost."
    from monopoly_tui.ui import saves_port

    status = saves_port.status(game.session)
    to_file = getattr(game, "saved_to_file", None)
    if status is not None and not status.saved and to_file is not None:
        return (f" Its latest decisions are saved in {to_file[1]}: 'monopoly-tui import' "
                "brings them back.")
    return " It is saved after every decision; Resume picks it up."


def _saves_available() -> bool:
    from monopoly_tui.ui import saves_port

    return saves_port.available()


def run_game(loaded: Any) -> int:
    """Open the app straight on a loaded save (``monopoly-tui resume``); the exit status."""
    from monopoly_tui.ui import saves_port

    app = MonopolyApp(session=saves_port.session_from(loaded))
    result = app.run()
    return result if isinstance(result, int) else 0


def run_resume(name: str) -> int:
    """Open the app on a saved game by name, asking first what to do when another window has
    it; the exit status."""
    app = MonopolyApp(resume=name)
    result = app.run()
    return result if isinstance(result, int) else 0


def run(args: argparse.Namespace | Sequence[str] | None = None) -> int:
    """Start the app; the exit status."""
    seed = pace = None
    if isinstance(args, argparse.Namespace):
        seed = getattr(args, "seed", None)
        pace = getattr(args, "pace", None)
    app = MonopolyApp(seed=seed, pace=pace)
    result = app.run()
    return result if isinstance(result, int) else 0
