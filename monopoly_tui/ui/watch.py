"""Watching a game another window plays: the table as it is, following each decision made
there, with no decision taken here and nothing saved. ``t`` takes the game over (the other
window then stops saving it), Esc leaves."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from monopoly_tui.ui.game import GameScreen
from monopoly_tui.ui.session import Session

FOLLOW_SECONDS = 1.0
"""How often the journal is read for the other window's decisions."""

WATCH_ACTIONS = frozenset({"take_over", "leave", "stats", "help", "cursor", "clear_cursor",
                           "log_page", "section"})
"""What a watcher may do: look, and take the game over or leave."""


class WatchScreen(GameScreen):
    """The game screen of a game played in another window: it only follows."""

    TAKES_DECISIONS = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "take_over", "Take it over", id="take_over"),
        Binding("escape", "leave", "Leave", id="leave"),
    ]

    def __init__(self, session: Session, name: str, holder: str) -> None:
        super().__init__(session)
        self.watched = name
        self.save_mark = f"watching: the game is played in {holder}"

    def on_mount(self) -> None:
        super().on_mount()
        self.set_interval(FOLLOW_SECONDS, self.follow)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action in WATCH_ACTIONS

    def advance(self) -> None:
        """Nothing is decided here: the view follows the journal."""
        self.refresh_view()

    def watch_computers(self) -> bool:
        return False

    def _autosave(self) -> None:
        return

    def _check_held(self) -> None:
        return  # a watcher holds nothing

    def follow(self) -> bool:
        """Play here what the other window played since the last look (the log tells it as
        it happened); a play that went another way (an undo there) opens the game afresh.
        True when something changed."""
        from monopoly_tui.ui import saves_port

        news = saves_port.news(self.session)
        if news is None:
            self.app.call_later(self.app.watch_game, self.watched)  # type: ignore[attr-defined]
            return True
        if not news:
            return False
        game = self.session.game
        for action in news:
            events = list(game.act(action))
            self.session.record(events)
        self.refresh_view()
        return True

    def action_take_over(self) -> None:
        self.app.resume(self.watched, take_over=True)  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        self.app._to_base()  # type: ignore[attr-defined]  # nothing to keep: it is not ours
