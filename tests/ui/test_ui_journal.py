"""The journal in the app (issue 26): a game open in another window, a disk that fails, and the
title's Resume that says which game it opens. Driven by keys, as a player would.

"Another window" is, in most tests, this very process holding the game
(``saves.load_save`` keeps it while the ``LoadedGame`` lives), as a second Textual app in the
same process would; one test holds it from a real second process, as a second terminal does.
A full disk is the journal's transaction refusing to start with SQLite's own error (the
real one is tried in tests/test_saves_journal.py with a file-size limit)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
import textwrap
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from driver import as_shown, new_session, settle, shown_keys, step, text_of
from textual.widgets import Input, OptionList

from monopoly_tui.engine import snapshot as snap
from monopoly_tui.saves import (
    GameOpenElsewhere,
    SaveError,
    autosave,
    import_file,
    list_saves,
    load_save,
    release,
    save_status,
)
from monopoly_tui.saves import journal as J
from monopoly_tui.saves.store import autosave_name
from monopoly_tui.ui import saves_port
from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.session import Session

SMALL, BIG = (100, 30), (160, 50)


@pytest.fixture(autouse=True)
def _journals_closed() -> Iterator[None]:
    """Each test's journal is closed after it (its folder goes with the test)."""
    yield
    for folder in list(J._JOURNALS):
        J.forget_journal(folder)


def on_top(app: MonopolyApp) -> str:
    return type(app.screen).__name__


def stack(app: MonopolyApp) -> list[str]:
    return [type(s).__name__ for s in app.screen_stack]


def two_humans(seed: int = 1) -> Session:
    return new_session("classic", [("Ann", True), ("Bob", True)], seed=seed)


def a_saved_game(folder: Path, decisions: int = 4, seed: int = 1) -> str:
    """A game of two humans played for a few decisions and saved, then left (no window holds
    it); its autosave name."""
    s = two_humans(seed)
    while s.game.st.decisions < decisions:
        s.play(s.pending.choices[0])
    assert saves_port.autosave(s) is None
    name = autosave_name(s.game, s.save_meta)
    saves_port.release(s)
    return name


def auto_entries(folder: Path) -> dict[str, int]:
    """Each game of the folder by its id: how many decisions its latest play holds."""
    return {e.game_id: e.decisions for e in list_saves(folder) if e.kind == "auto"}


async def until(pilot: Any, ready: Any, what: str, limit: int = 2000) -> None:
    """Pause until ``ready()`` holds; a failure only when it never does (not a clock)."""
    for _ in range(limit):
        if ready():
            return
        await pilot.pause()
    raise AssertionError(f"never happened: {what}; on top: {on_top(pilot.app)}")


async def title_looked(pilot: Any) -> Any:
    """The title, once it has looked for saves."""
    app = pilot.app
    await until(pilot, lambda: getattr(app.screen, "saves_checked", False), "saves looked at")
    await app.workers.wait_for_complete()
    await settle(pilot)
    return app.screen


async def to_load_screen_entry(pilot: Any, name: str) -> Any:
    """The Load screen (by 'l' on the title), its highlight on the save ``name``."""
    app = pilot.app
    await pilot.press("l")
    await until(pilot, lambda: on_top(app) == "LoadScreen" and app.screen.read, "saves read")
    await app.workers.wait_for_complete()
    await settle(pilot)
    screen: Any = app.screen
    await pilot.press("home")
    for _ in range(len(screen.entries)):
        if screen.highlighted_entry().name == name:
            return screen
        await pilot.press("down")
    raise AssertionError(f"{name} is not on the Load screen")


async def play_decisions(pilot: Any, app: MonopolyApp, session: Session, count: int) -> None:
    """Play ``count`` more decisions by the keys a player presses."""
    target = session.game.st.decisions + count
    seen: Counter[str] = Counter()
    for _ in range(50 * count):
        if session.game.st.decisions >= target:
            await settle(pilot)
            return
        assert await step(pilot, app, seen), "the game ended"
    raise AssertionError(f"{count} decisions not played; seen {dict(seen)}")


def banner(app: MonopolyApp) -> str:
    """The banner as the player reads it (cut where the screen cuts it)."""
    game = app.game_screen()
    assert game is not None
    return " ".join(as_shown(game.query_one("#banner"), clip=True).split())


# ---------------------------------------------------------------- open in another window


@pytest.mark.parametrize("keys", [("w",), ("tab", "enter")], ids=["w", "tab-enter"])
async def test_watching_a_game_follows_the_other_window_then_takes_it_over(
    saves_folder: Path, keys: tuple[str, ...],
) -> None:
    """Watch it [w]: the game as the other window plays it, nothing decided or saved here
    (the footer offers only Take it over, the statistics, help and Leave); each decision made
    there shows here at the next look, its log lines too; 't' then takes the game over."""
    name = a_saved_game(saves_folder)
    held = load_save(name, saves_folder)  # the other window
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=SMALL) as pilot:
        await title_looked(pilot)
        await pilot.press("c")
        await until(pilot, lambda: on_top(app) == "OpenElsewhereScreen", "the question")
        await pilot.press(*keys)
        await until(pilot, lambda: on_top(app) == "WatchScreen", "the watch screen")
        await settle(pilot)
        screen: Any = app.screen
        assert shown_keys(app) >= {"t", "escape"} and not shown_keys(app) & {"r", "e", "s"}
        assert "watching: the game is played in a terminal" in banner(app)
        assert screen.follow() is False  # nothing new yet
        before = len(screen.session.log)
        held.game.act(held.game.pending.choices[0])  # the other window plays a decision
        autosave(held.game, held.meta)
        assert screen.follow() is True
        assert screen.session.game.history == held.game.history
        assert len(screen.session.log) > before  # told here as it happened there
        await pilot.press("r")  # a watcher decides nothing
        await settle(pilot)
        assert screen.session.game.history == held.game.history
        await pilot.press("t")
        await until(pilot, lambda: on_top(app) == "GameScreen", "the game, taken over")
        session: Any = app.game_screen().session  # type: ignore[union-attr]
        assert session.game.history == held.game.history
        held.game.act(held.game.pending.choices[0])
        with pytest.raises(SaveError) as err:
            autosave(held.game, held.meta)
        assert err.value.kind == "taken_over"


OPEN_ELSEWHERE_ANSWERS = {
    # how the player answers: the keys, after the question shows
    "esc": ("escape",),
    "t": ("t",),
    "c": ("c",),
    "tab-enter on Take it over": ("tab", "tab", "enter"),
    "tab-enter on Play a copy": ("tab", "tab", "tab", "enter"),
    "tab-enter on Leave it": ("tab", "tab", "tab", "tab", "enter"),
}
OUTCOME = {"esc": "left", "t": "taken", "c": "copy", "tab-enter on Take it over": "taken",
           "tab-enter on Play a copy": "copy", "tab-enter on Leave it": "left"}


@pytest.mark.parametrize("answer", list(OPEN_ELSEWHERE_ANSWERS))
async def test_resume_of_a_game_open_in_another_window_asks_first(
    saves_folder: Path, answer: str,
) -> None:
    """Resume of a game another window holds: the question says so and offers Take it over
    [t], Play a copy [c] and Leave it [esc], each by its key or by Tab and Enter on its
    button. Leaving it loads nothing; taking it over opens the game where it was, and the
    other window's next save is refused ('taken over'); a copy is a game of its own, the
    original as it was and still the other window's."""
    name = a_saved_game(saves_folder)
    held = load_save(name, saves_folder)  # the other window
    gid = held.meta.game_id
    before = list(held.game.history)
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=SMALL) as pilot:
        title = await title_looked(pilot)
        assert title.resume_entry is not None and title.resume_entry.name == name
        await pilot.press("c")
        await until(pilot, lambda: on_top(app) == "OpenElsewhereScreen", "the question")
        question = " ".join(text_of(app, "#question").split())
        assert "It is open in a terminal (process" in question
        assert "Take it over" in question and "Play a copy" in question
        assert {"w", "t", "c", "escape"} <= shown_keys(app)
        keys = OPEN_ELSEWHERE_ANSWERS[answer]
        if keys[0] == "tab":  # Tab goes round the four buttons, from Leave it (focused)
            assert app.focused is not None and app.focused.id == "back"
            order = []
            for key in keys[:-1]:
                await pilot.press(key)
                order.append(app.focused.id if app.focused else None)
            assert order == ["watch", "take_over", "copy", "back"][:len(order)]
            await pilot.press(keys[-1])
        else:
            await pilot.press(*keys)
        outcome = OUTCOME[answer]
        if outcome == "left":
            await settle(pilot)
            assert stack(app) == ["TitleScreen"]  # nothing loaded
            autosave(held.game, held.meta)  # the other window still saves it
            with pytest.raises(GameOpenElsewhere):  # and still holds it
                load_save(name, saves_folder)
            return
        await until(pilot, lambda: app.game_screen() is not None, "the game screen")
        session: Any = app.game_screen().session  # type: ignore[union-attr]
        assert session.game.history == before  # where the game was
        if outcome == "taken":
            assert session.save_meta.game_id == gid
            held.game.act(held.game.pending.choices[0])  # the other window plays on
            with pytest.raises(SaveError) as refused:
                autosave(held.game, held.meta)
            assert refused.value.kind == "taken_over"
            status = save_status(held.meta)
            assert status.lost and not status.saved
            await play_decisions(pilot, app, session, 1)  # this window saves it now
            assert saves_port.status(session).saved
            assert auto_entries(saves_folder) == {gid: len(before) + 1}
        else:
            copy_id = session.save_meta.game_id
            assert copy_id != gid
            await play_decisions(pilot, app, session, 1)
            assert saves_port.status(session).saved
            assert auto_entries(saves_folder) == {gid: len(before), copy_id: len(before) + 1}
            held.game.act(held.game.pending.choices[0])  # the original: the other window's
            autosave(held.game, held.meta)
            assert save_status(held.meta).saved
            assert auto_entries(saves_folder)[gid] == len(before) + 1


async def test_load_of_a_game_open_in_another_window_asks_first(saves_folder: Path) -> None:
    """The Load screen's Enter on a game another window holds: the same question; 't' opens
    it here."""
    name = a_saved_game(saves_folder)
    held = load_save(name, saves_folder)
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=BIG) as pilot:
        await title_looked(pilot)
        await to_load_screen_entry(pilot, name)
        await pilot.press("enter")
        await until(pilot, lambda: on_top(app) == "OpenElsewhereScreen", "the question")
        assert "LoadScreen" not in stack(app)
        await pilot.press("t")
        await until(pilot, lambda: app.game_screen() is not None, "the game screen")
        with pytest.raises(SaveError) as refused:
            autosave(held.game, held.meta)
        assert refused.value.kind == "taken_over" and save_status(held.meta).lost


async def test_monopoly_tui_resume_of_a_game_open_elsewhere_asks_first(
    saves_folder: Path,
) -> None:
    """``monopoly-tui resume NAME`` (the app started on a name) of a game another window
    holds: the question comes first; a copy opens as a game of its own."""
    name = a_saved_game(saves_folder)
    held = load_save(name, saves_folder)
    app = MonopolyApp(pace="instant", resume=name)
    async with app.run_test(size=SMALL) as pilot:
        await until(pilot, lambda: on_top(app) == "OpenElsewhereScreen", "the question")
        await pilot.press("c")
        await until(pilot, lambda: app.game_screen() is not None, "the game screen")
        session: Any = app.game_screen().session  # type: ignore[union-attr]
        assert session.save_meta.game_id != held.meta.game_id
        assert session.game.history == held.game.history


@contextlib.contextmanager
def held_by_another_process(name: str, folder: Path) -> Iterator[subprocess.Popen[str]]:
    """A second process (a second terminal) that opens the game and holds it until it is
    ended."""
    script = textwrap.dedent(f"""
        import sys
        from monopoly_tui.saves import load_save
        loaded = load_save({name!r}, {str(folder)!r})
        print("holding", flush=True)
        sys.stdin.read()
    """)
    env = dict(os.environ, MONOPOLY_TUI_WINDOW="a browser tab")  # as serve names its games
    proc = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "holding"
        yield proc
    finally:
        proc.kill()
        proc.wait()


async def test_a_game_held_by_another_process_is_marked_and_named(saves_folder: Path) -> None:
    """A game a second terminal holds: the title's Resume and the Load screen say it is open
    in another window, and the question names that window; once that process is gone the
    game opens without asking."""
    name = a_saved_game(saves_folder)
    with held_by_another_process(name, saves_folder) as other:
        app = MonopolyApp(pace="instant")
        async with app.run_test(size=BIG) as pilot:
            title = await title_looked(pilot)
            menu = title.query_one("#menu", OptionList)
            assert "open in another window" in str(menu.get_option("resume").prompt)
            screen = await to_load_screen_entry(pilot, name)
            lst = screen.query_one("#saves", OptionList)
            assert "(open in another window)" in str(lst.get_option_at_index(
                lst.highlighted).prompt)
            await pilot.press("enter")
            await until(pilot, lambda: on_top(app) == "OpenElsewhereScreen", "the question")
            question = " ".join(text_of(app, "#question").split())
            assert f"It is open in a browser tab (process {other.pid} on this machine" in question
            await pilot.press("escape")
            await settle(pilot)
            assert stack(app) == ["TitleScreen"]
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=SMALL) as pilot:
        await title_looked(pilot)
        await pilot.press("c")
        await until(pilot, lambda: app.game_screen() is not None, "the game screen")


async def test_the_window_whose_game_is_taken_over_says_so(saves_folder: Path) -> None:
    """This window plays a game another window takes over: its next decisions are not saved,
    the banner says so for good, and quitting says those decisions are not saved here (no
    Try again: the game is the other window's now). Saving it under a name goes on with a
    copy of its own here: saved again, and the other window's game as it left it."""
    name = a_saved_game(saves_folder)
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=SMALL) as pilot:
        await title_looked(pilot)
        await pilot.press("c")
        await until(pilot, lambda: app.game_screen() is not None, "the game screen")
        session: Any = app.game_screen().session  # type: ignore[union-attr]
        gid = session.save_meta.game_id
        taker = load_save(name, saves_folder, take_over=True)
        at = session.game.st.decisions
        await play_decisions(pilot, app, session, 2)
        assert "not saved here: another window took this game over" in banner(app)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: on_top(app) == "UnsavedScreen", "the quit question")
        question = " ".join(text_of(app, "#question").split())
        assert f"the 2 decisions played here since decision {at} are not saved" in question
        assert "t" not in shown_keys(app) and {"f", "l", "escape"} <= shown_keys(app)
        assert not app.screen.query("#retry")
        await pilot.press("t")  # not offered: nothing happens
        await settle(pilot)
        assert on_top(app) == "UnsavedScreen"
        await pilot.press("escape")
        await until(pilot, lambda: "UnsavedScreen" not in stack(app), "back to the game")
        assert auto_entries(saves_folder) == {gid: at}  # the taker's game, as it was
        await palette(pilot, "Save game")
        await until(pilot, lambda: on_top(app) == "SaveNameScreen", "the save's name")
        app.screen.query_one("#name", Input).value = "mine"
        await pilot.press("enter")
        await until(pilot, lambda: "SaveNameScreen" not in stack(app), "saved")
        mine = next(e for e in list_saves(saves_folder) if e.name == "mine")
        assert mine.game_id != gid and mine.decisions == at + 2
        await play_decisions(pilot, app, session, 1)
        assert saves_port.status(session).saved
        assert "not saved" not in banner(app)
        assert auto_entries(saves_folder) == {gid: at, mine.game_id: at + 3}
    release(taker.meta)


async def test_a_window_is_told_at_once_when_its_game_is_taken_over(saves_folder: Path) -> None:
    """The taken-over window says so before its player decides anything (it looks every
    few seconds: here the look is called), and a save under a name at once goes on with a
    copy of its own, which clears the mark."""
    name = a_saved_game(saves_folder)
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=SMALL) as pilot:
        await title_looked(pilot)
        await pilot.press("c")
        await until(pilot, lambda: app.game_screen() is not None, "the game screen")
        game: Any = app.game_screen()
        session: Any = game.session
        gid = session.save_meta.game_id
        game._check_held()
        assert "not saved" not in banner(app)  # still this window's
        taker = load_save(name, saves_folder, take_over=True)
        game._check_held()
        await settle(pilot)
        assert "not saved here: another window took this game over" in banner(app)
        await palette(pilot, "Save game")  # (a decision dialog is open: the palette saves)
        await until(pilot, lambda: on_top(app) == "SaveNameScreen", "the save's name")
        app.screen.query_one("#name", Input).value = "ours"
        await pilot.press("enter")
        await until(pilot, lambda: "SaveNameScreen" not in stack(app), "saved")
        await settle(pilot)
        ours = next(e for e in list_saves(saves_folder) if e.name == "ours")
        assert ours.game_id != gid and ours.decisions == session.game.st.decisions
        assert "not saved" not in banner(app)
    release(taker.meta)


# ---------------------------------------------------------------- a disk that fails


class Disk:
    """The saves folder's disk: ``full`` makes every journal transaction fail as SQLite
    says it when the disk is full."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        self.refused = 0
        real = J.Journal.tx

        def tx(journal: J.Journal) -> Any:
            if self.full:
                self.refused += 1
                raise sqlite3.OperationalError("database or disk is full")
            return real(journal)

        monkeypatch.setattr(J.Journal, "tx", tx)


@pytest.mark.parametrize("size", [SMALL, BIG], ids=["100x30", "160x50"])
async def test_a_full_disk_is_shown_until_a_save_gets_through(
    saves_folder: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int],
) -> None:
    """Decisions made while the disk is full: the banner keeps 'not saved since decision N:
    the disk is full'; quitting says how many decisions are not saved and offers Try again,
    Save to a file, Leave without saving and Keep playing. Room again: the next decision's
    save writes them all, the mark goes, and quitting asks as for any saved game."""
    disk = Disk(monkeypatch)
    s = two_humans()
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=size) as pilot:
        app.start_session(s, first=False)
        await until(pilot, lambda: app.game_screen() is not None, "the game screen")
        await play_decisions(pilot, app, s, 2)
        saved = s.game.st.decisions
        assert saves_port.status(s).saved and "not saved" not in banner(app)
        disk.full = True
        await play_decisions(pilot, app, s, 3)
        assert disk.refused >= 3  # every decision tried again
        unsaved = s.game.st.decisions - saved
        await until(pilot, lambda: app.game_screen() is not None, "the game screen")
        mark = f"⚠ not saved since decision {saved}: the disk is full"
        assert mark in banner(app)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: on_top(app) == "UnsavedScreen", "the quit question")
        question = " ".join(text_of(app, "#question").split())
        assert (f"The {unsaved} decisions since decision {saved} are not saved: the disk is "
                "full") in question
        assert "It is saved after every decision" not in question
        assert {"t", "f", "l", "escape"} <= shown_keys(app)
        assert app.focused is not None and app.focused.id == "retry"
        order = []
        for _ in range(4):  # Tab goes round the four answers
            await pilot.press("tab")
            order.append(app.focused.id if app.focused else None)
        assert order == ["file", "leave", "back", "retry"]
        await pilot.press("t")  # try again: still full, so asked again
        await settle(pilot)
        assert on_top(app) == "UnsavedScreen"
        await pilot.press("escape")  # keep playing
        await until(pilot, lambda: "UnsavedScreen" not in stack(app), "back to the game")
        assert mark in banner(app)  # it lasts
        disk.full = False
        await play_decisions(pilot, app, s, 1)
        assert saves_port.status(s).saved
        assert "not saved" not in banner(app)
        name = autosave_name(s.game, s.save_meta)
        assert auto_entries(saves_folder) == {s.save_meta.game_id: s.game.st.decisions}
        await pilot.press("ctrl+q")
        await until(pilot, lambda: on_top(app) == "ConfirmScreen", "the quit question")
        assert "It is saved after every decision" in text_of(app, "#question")
        await pilot.press("y")
        await until(pilot, lambda: not app.is_running, "the app's end")
    loaded = load_save(name, saves_folder)  # the app let go of it when it ended
    assert loaded.game.st.decisions == s.game.st.decisions
    assert loaded.game.history == s.game.history
    assert snap.encode_state(loaded.game.st) == snap.encode_state(s.game.st)
    release(loaded.meta)


async def test_try_again_once_there_is_room_saves_and_leaves(
    saves_folder: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Room again before any decision: the quit question's Try again saves every decision,
    and the game is left as a saved one is (asked once more, as always)."""
    disk = Disk(monkeypatch)
    s = two_humans()
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=SMALL) as pilot:
        app.start_session(s, first=False)
        await until(pilot, lambda: app.game_screen() is not None, "the game screen")
        disk.full = True
        await play_decisions(pilot, app, s, 2)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: on_top(app) == "UnsavedScreen", "the quit question")
        assert "since decision 0 are not saved" in " ".join(text_of(app, "#question").split())
        disk.full = False
        await pilot.press("t")
        await until(pilot, lambda: on_top(app) == "ConfirmScreen", "the leave question")
        assert saves_port.status(s).saved
        assert "saved after every decision" in text_of(app, "#question")
        await pilot.press("y")
        await until(pilot, lambda: not app.is_running, "the app's end")
    assert auto_entries(saves_folder) == {s.save_meta.game_id: s.game.st.decisions}


async def test_save_to_a_file_writes_a_file_that_imports_to_the_same_decision(
    saves_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The disk of the saves folder is full: Save to a file writes the game elsewhere, and
    that file brings the game back at the same decision."""
    disk = Disk(monkeypatch)
    s = two_humans()
    app = MonopolyApp(pace="instant")
    target = tmp_path / "other disk" / "rescue.json"
    target.parent.mkdir()
    async with app.run_test(size=SMALL) as pilot:
        app.start_session(s, first=False)
        await until(pilot, lambda: app.game_screen() is not None, "the game screen")
        await play_decisions(pilot, app, s, 1)
        disk.full = True
        await play_decisions(pilot, app, s, 3)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: on_top(app) == "UnsavedScreen", "the quit question")
        await pilot.press("f")
        await until(pilot, lambda: on_top(app) == "SaveNameScreen", "the file's name")
        field = app.screen.query_one("#name", Input)
        assert field.value.endswith(".json")  # a file is offered
        field.value = str(target)
        await pilot.press("enter")
        await until(pilot, lambda: target.exists(), "the file written")
        await settle(pilot)
        assert any(str(target) in n.message for n in app._notifications)
        decisions = s.game.st.decisions
        history = list(s.game.history)
    disk.full = False
    back = import_file(target, tmp_path / "another folder")
    assert back.n == decisions and back.game.history == history
    assert snap.encode_state(back.game.st) == snap.encode_state(s.game.st)


async def test_after_saving_to_a_file_the_quit_goes_on(
    saves_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The player asked to quit and saved the game to a file: every decision is in the file,
    so the quit goes on (at most the ordinary 'quit?' question), never the claim that
    quitting would lose them."""
    disk = Disk(monkeypatch)
    s = two_humans()
    app = MonopolyApp(pace="instant")
    target = tmp_path / "rescue.json"
    async with app.run_test(size=SMALL) as pilot:
        app.start_session(s, first=False)
        await until(pilot, lambda: app.game_screen() is not None, "the game screen")
        disk.full = True
        await play_decisions(pilot, app, s, 2)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: on_top(app) == "UnsavedScreen", "the quit question")
        await pilot.press("f")
        await until(pilot, lambda: on_top(app) == "SaveNameScreen", "the file's name")
        app.screen.query_one("#name", Input).value = str(target)
        await pilot.press("enter")
        await until(pilot, lambda: target.exists() and on_top(app) != "SaveNameScreen",
                    "the file written")
        await settle(pilot)
        if app.is_running and app.screen.query("#question"):
            assert "would lose them" not in " ".join(text_of(app, "#question").split())
        if app.is_running and on_top(app) == "ConfirmScreen":
            await pilot.press("y")
        await until(pilot, lambda: not app.is_running, "the app's end")


def test_one_unsaved_decision_is_told_in_the_singular() -> None:
    from monopoly_tui.ui.save_screens import UnsavedScreen

    text = " ".join(UnsavedScreen("quit", 1, 5, "the disk is full", False).question.split())
    assert "The 1 decision since decision 5 is not saved: the disk is full" in text
    lost = " ".join(UnsavedScreen("quit", 1, 5, "taken over by x", True).question.split())
    assert "the 1 decision played here since decision 5 is not saved" in lost


async def test_leave_without_saving_leaves(
    saves_folder: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Leave without saving [l]: the game is left (here, the app quits), the journal as it
    was at the last save that got through."""
    disk = Disk(monkeypatch)
    s = two_humans()
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=SMALL) as pilot:
        app.start_session(s, first=False)
        await until(pilot, lambda: app.game_screen() is not None, "the game screen")
        await play_decisions(pilot, app, s, 1)
        saved = s.game.st.decisions
        disk.full = True
        await play_decisions(pilot, app, s, 1)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: on_top(app) == "UnsavedScreen", "the quit question")
        await pilot.press("l")
        await until(pilot, lambda: not app.is_running, "the app's end")
    disk.full = False
    assert auto_entries(saves_folder) == {s.save_meta.game_id: saved}


async def palette(pilot: Any, command: str) -> None:
    """Run a command of the palette by keys (ctrl+p, its name, Enter)."""
    app = pilot.app
    await pilot.press("ctrl+p")
    await until(pilot, lambda: "CommandPalette" in on_top(app), "the palette")
    await pilot.press(*command)

    def found() -> bool:  # the palette searches as it is typed: wait for its answer
        lists: Any = app.screen.query("CommandList")
        lst = lists.first() if lists else None
        return lst is not None and lst.highlighted is not None and str(
            lst.get_option_at_index(lst.highlighted).prompt).startswith(command)

    await until(pilot, found, f"the palette's {command!r}")
    await pilot.press("enter")
    await settle(pilot)


async def test_going_to_the_title_with_the_disk_full_asks_and_lets_the_game_go(
    saves_folder: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The title screen (from the palette) while decisions are not saved: the same question,
    for going to the title; leaving without saving goes there, and the game is free for any
    window to open, as its last save that got through left it."""
    disk = Disk(monkeypatch)
    s = two_humans()
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=SMALL) as pilot:
        app.start_session(s, first=False)
        await until(pilot, lambda: app.game_screen() is not None, "the game screen")
        await play_decisions(pilot, app, s, 1)
        saved = list(s.game.history)
        name = autosave_name(s.game, s.save_meta)
        disk.full = True
        await play_decisions(pilot, app, s, 2)
        await palette(pilot, "Title screen")
        await until(pilot, lambda: on_top(app) == "UnsavedScreen", "the leave question")
        question = " ".join(text_of(app, "#question").split())
        assert "The 2 decisions since decision 1 are not saved" in question
        assert "To go to the title screen now would lose them" in question
        await pilot.press("l")
        await until(pilot, lambda: stack(app) == ["TitleScreen"], "the title")
        disk.full = False
        loaded = load_save(name, saves_folder)  # no window holds it now
        assert loaded.game.history == saved
        release(loaded.meta)


# ---------------------------------------------------------------- the title's Resume


async def test_the_titles_resume_names_the_players_and_the_round(saves_folder: Path) -> None:
    """Resume says which game it opens: the edition, the players, the round (as the game's
    own header counts it) and when it was last played."""
    from monopoly_tui.engine.counts import round_number

    s = new_session("classic", [("Ann", True), ("Bob", True), ("Cy", True)], seed=2)
    while s.game.st.rounds < 2:
        s.play(s.pending.choices[0])
    assert saves_port.autosave(s) is None
    saves_port.release(s)
    rnd = round_number(s.game)
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=SMALL) as pilot:
        title = await title_looked(pilot)
        menu = title.query_one("#menu", OptionList)
        label = str(menu.get_option("resume").prompt)
        assert label.startswith(f"Resume Classic · Ann, Bob, Cy · round {rnd} · ")
        when = title.resume_entry.updated.astimezone().strftime("%H:%M")
        assert label.endswith(when)
        assert menu.get_option_at_index(1).id == "resume" and "c" in shown_keys(app)
        await pilot.press("c")
        await until(pilot, lambda: app.game_screen() is not None, "the game screen")
        assert f"round {rnd}" in banner(app)


async def test_a_game_whose_rules_changed_is_offered_a_replay_by_keys(
    saves_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Resume of a game whose edition's rules changed since: the app asks whether to replay
    its decisions on today's rules (it said 'load it with --force', which an app has not);
    'n' leaves it, 'y' plays on as a game of its own and the original is kept."""
    from monopoly_tui import rules
    from monopoly_tui.rules.loader import builtin_dir

    user = tmp_path / "user-rulesets"
    user.mkdir()
    text = (builtin_dir() / "classic.yaml").read_text().replace("id: classic\n", "id: mine\n", 1)
    (user / "mine.yaml").write_text(text)
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(user))
    rules.load_spec.cache_clear()
    s = new_session("mine", [("Ann", True), ("Bob", True)], seed=2)
    while s.game.st.decisions < 4:
        s.play(s.pending.choices[0])
    assert saves_port.autosave(s) is None
    gid = s.save_meta.game_id
    saves_port.release(s)
    (user / "mine.yaml").write_text(text.replace("name: Classic\n", "name: Classic 2\n", 1))
    rules.load_spec.cache_clear()
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=SMALL) as pilot:
        await title_looked(pilot)
        await pilot.press("c")
        await until(pilot, lambda: on_top(app) == "ConfirmScreen", "the replay question")
        assert "rules of this game's edition have changed" in text_of(app, "#question")
        await pilot.press("n")
        await settle(pilot)
        assert stack(app) == ["TitleScreen"]
        await pilot.press("c")
        await until(pilot, lambda: on_top(app) == "ConfirmScreen", "the replay question")
        await pilot.press("y")
        await until(pilot, lambda: app.game_screen() is not None, "the game, replayed")
        session: Any = app.game_screen().session  # type: ignore[union-attr]
        assert session.game.st.decisions == 4 and session.save_meta.game_id != gid
    assert gid in auto_entries(saves_folder)  # the original, kept
    rules.load_spec.cache_clear()


async def test_the_title_says_when_the_saves_cannot_be_read(
    saves_folder: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A disk so full SQLite cannot even open the journal: the title says the saves cannot
    be read and why (Resume just vanished before)."""
    a_saved_game(saves_folder)
    for folder in list(J._JOURNALS):
        J.forget_journal(folder)

    def full(self: Any, folder: Path) -> None:
        raise J.JournalError(f"cannot open the saves database {folder}: disk I/O error",
                             "unreadable")

    monkeypatch.setattr(J.Journal, "__init__", full)
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=SMALL) as pilot:
        await title_looked(pilot)
        info = text_of(app, "#resume-info")
        assert "The saves cannot be read now" in info and "disk I/O error" in info


def test_save_to_a_file_takes_any_file_name(saves_folder: Path, tmp_path: Path) -> None:
    """A file name a save could not have (``game (1).json``, what a file manager makes of a
    second copy) is still a file the game can be written to: the name inside the file is the
    game's own, and the file imports back to the same decision."""
    s = two_humans()
    for _ in range(3):
        s.game.act(s.game.legal_actions()[0])
    target = tmp_path / "game (1).json"
    written = saves_port.export(s, str(target))
    assert written == str(target) and target.exists()
    back = import_file(target, tmp_path / "another folder")
    assert back.game.history == list(s.game.history)
    assert "(" not in back.name
