"""Saves in the app (issues 13 and 18): the save dialog asks before replacing a save, the Load
screen deletes (after asking) and renames by keyboard, computers at instant pace are saved
after every decision, and names are never read as markup.

Since issue 26 every game of a saves folder lives in one journal (``games.sqlite3``): a named
save is a bookmark into a game's log, and each game is listed by its latest play
(``autosave-EDITION-ID``) as well. What these tests once read from a save's JSON file they
read from the journal (``list_saves``, ``load_save``)."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from driver import new_session, settle, shown_keys, started, text_of
from textual.widgets import Input, OptionList

from monopoly_tui.saves import list_saves
from monopoly_tui.ui import saves_port
from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.load import LoadScreen


def on_top(app: MonopolyApp) -> str:
    return type(app.screen).__name__


def listed(folder: Path, name: str) -> Any:
    """The save of that name as the journal lists it, or None."""
    return next((e for e in list_saves(folder) if e.name == name), None)


def journal_rows(folder: Path, game_id: str) -> list[tuple[Any, ...]]:
    """Everything the journal keeps of a game (its setup, branches, decisions, named saves)."""
    import sqlite3

    queries = ["SELECT * FROM games WHERE id=?"] + [
        f"SELECT * FROM {table} WHERE game=? ORDER BY 1, 2, 3"
        for table in ("branches", "decisions", "bookmarks")]
    with contextlib.closing(sqlite3.connect(folder / "games.sqlite3")) as db:
        return [row for q in queries for row in db.execute(q, (game_id,))]


def damage_first_decision(folder: Path, game_id: str) -> None:
    """Give a game's first decision to the other player (not that player's roll), in the
    journal itself, as a damaged disk or a hand edit would."""
    import json
    import sqlite3

    with contextlib.closing(sqlite3.connect(folder / "games.sqlite3")) as db, db:
        (line,) = db.execute("SELECT action FROM decisions WHERE game=? AND branch=1 AND n=1",
                             (game_id,)).fetchone()
        action = json.loads(line)
        action["player"] = 1 - action.get("player", 0)
        db.execute("UPDATE decisions SET action=? WHERE game=? AND branch=1 AND n=1",
                   (json.dumps(action), game_id))


def what_it_is(entry: Any) -> tuple[Any, ...]:
    """What a named save holds: its game, the decision it is at, the players, when saved."""
    return entry.game_id, entry.decisions, entry.players, entry.updated, entry.summary


async def wait_for_saves(pilot: Any) -> None:
    """The Load screen reads the saves in a worker: wait for it, not for a clock."""
    await pilot.app.workers.wait_for_complete()
    await settle(pilot)


async def test_the_save_dialog_asks_before_replacing_another_games_save(
    saves_folder: Path,
) -> None:
    other = new_session("classic", [("Cid", True), ("Dee", True)], seed=5)
    saves_port.save(other, "friday")
    theirs = what_it_is(listed(saves_folder, "friday"))
    assert theirs[2] == ("Cid", "Dee")
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=1)
    async with started(s) as (app, pilot):
        await pilot.press("s")
        await settle(pilot)
        name: Any = app.screen.query_one("#name", Input)
        name.value = "friday"
        await pilot.press("enter")
        await settle(pilot)
        assert on_top(app) == "ConfirmScreen"
        assert "another game" in text_of(app, "#question") and "Cid" in text_of(app, "#question")
        await pilot.press("n")
        await settle(pilot)
        assert on_top(app) == "SaveNameScreen"
        assert "Kept the other save" in text_of(app, "#save-info")
        assert what_it_is(listed(saves_folder, "friday")) == theirs  # kept as it was
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert on_top(app) == "GameScreen"
    friday = listed(saves_folder, "friday")
    assert friday.kind == "named" and friday.players[0] == "Ann"
    assert friday.game_id == s.save_meta.game_id


async def test_the_save_dialog_refuses_an_autosave_name(saves_folder: Path) -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=1)
    saves_port.autosave(s)
    async with started(s) as (app, pilot):
        auto = next(e.name for e in list_saves(saves_folder) if e.kind == "auto")
        assert auto.startswith("autosave-classic-")
        await pilot.press("s")
        await settle(pilot)
        app.screen.query_one("#name", Input).value = auto
        await pilot.press("enter")
        await settle(pilot)
        assert on_top(app) == "SaveNameScreen"
        assert "kept for the games' own autosaves" in " ".join(text_of(app, "#save-info").split())


async def test_the_load_screen_deletes_after_asking_and_renames_by_keyboard(
    saves_folder: Path,
) -> None:
    """Two games, each saved under a name: the list holds both named saves and each game's
    latest play (its autosave). Deleting a named save (after asking) takes only that bookmark
    (its game stays); renaming one keeps its game; deleting a game's latest play takes the
    whole game, with its named saves."""
    games = {}
    for name, seed in (("first", 1), ("second", 2)):
        s = new_session("classic", [("Ann", True), ("[/x]", True)], seed=seed)
        saves_port.save(s, name)
        games[name] = s.save_meta.game_id
        saves_port.release(s)
    autos = {e.name: e.game_id for e in list_saves(saves_folder) if e.kind == "auto"}
    assert sorted(autos.values()) == sorted(games.values())
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        app.push_screen(LoadScreen())
        await wait_for_saves(pilot)
        screen: Any = app.screen
        assert on_top(app) == "LoadScreen"
        assert {e.name for e in screen.entries} == {"first", "second", *autos}
        assert {"enter", "d", "n", "escape"} <= shown_keys(app)

        async def highlight(name: str) -> None:
            """Move the highlight to a save by keyboard."""
            await pilot.press("home")
            for _ in range(len(app.screen.entries)):  # type: ignore[attr-defined]
                if app.screen.highlighted_entry().name == name:  # type: ignore[attr-defined]
                    return
                await pilot.press("down")
            raise AssertionError(f"{name} not reached")

        doomed = "second"
        await highlight(doomed)
        await pilot.press("d")
        await settle(pilot)
        assert on_top(app) == "ConfirmScreen" and doomed in text_of(app, "#question")
        assert "whole game" not in text_of(app, "#question")  # a bookmark, not its game
        await pilot.press("n")  # keep it
        await settle(pilot)
        assert listed(saves_folder, doomed) is not None
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("y")
        await wait_for_saves(pilot)
        assert listed(saves_folder, doomed) is None
        screen = app.screen
        assert {e.name for e in screen.entries} == {"first", *autos}  # its game stays
        kept = "first"
        await highlight(kept)
        await pilot.press("n")
        await settle(pilot)
        assert on_top(app) == "SaveNameScreen"
        app.screen.query_one("#name", Input).value = "renamed"
        await pilot.press("enter")
        await wait_for_saves(pilot)
        assert on_top(app) == "LoadScreen"
        screen = app.screen
        assert {e.name for e in screen.entries} == {"renamed", *autos}
        assert listed(saves_folder, kept) is None
        assert listed(saves_folder, "renamed").game_id == games[kept]
        assert screen.highlighted_entry().name == "renamed"  # the highlight follows it
        # the latest play of the first game: the whole game goes, its named save with it
        first_auto = next(n for n, g in autos.items() if g == games[kept])
        await highlight(first_auto)
        await pilot.press("d")
        await settle(pilot)
        assert on_top(app) == "ConfirmScreen"
        assert "whole game goes" in " ".join(text_of(app, "#question").split())
        await pilot.press("y")
        await wait_for_saves(pilot)
        assert [e.name for e in app.screen.entries] == [  # type: ignore[attr-defined]
            n for n, g in autos.items() if g == games[doomed]]


async def test_computers_at_instant_pace_are_saved_after_every_decision(
    saves_folder: Path, monkeypatch: Any,
) -> None:
    saved_at: list[int] = []
    real = saves_port.autosave

    def counting(session: Any) -> str | None:
        saved_at.append(session.game.st.decisions)
        return real(session)

    monkeypatch.setattr(saves_port, "autosave", counting)
    s = new_session("classic", [("Ann", False), ("Bob", False)], seed=3)
    start = s.game.st.decisions
    async with started(s) as (app, pilot):
        for _ in range(20):
            await settle(pilot)
            if s.game.st.decisions > start + 250 or s.game.over:
                break
        app.exit()
    end = max(saved_at)
    assert end > start + 200  # more than a batch of computer decisions went by
    assert set(range(start + 1, end + 1)) <= set(saved_at)  # not one of them unsaved


async def test_a_load_error_with_markup_in_it_is_shown_as_text(saves_folder: Path) -> None:
    saves_folder.mkdir()
    (saves_folder / "[b]bad.json").write_text('{"format": "monopoly-tui-save", "version": "[/x]"}')
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        app.resume(str(saves_folder / "[b]bad.json"))
        await settle(pilot)
        notes = list(app._notifications)
        assert notes and "'[/x]' is not a save format version" in notes[-1].message
        app.push_screen(LoadScreen())
        await wait_for_saves(pilot)
        prompt = app.screen.query_one("#saves", OptionList).get_option_at_index(0).prompt
        assert "[b]bad" in str(prompt) and "[/x]" in str(prompt)


async def test_the_title_offers_the_latest_game_that_can_go_on(
    saves_folder: Path, tmp_path: Path, monkeypatch: Any,
) -> None:
    """Newer than the game that can go on: a finished game, a game whose edition is not
    installed, and a FIFO (which must not hang the look for saves)."""
    import os

    from monopoly_tui import rules as rules_pkg
    from monopoly_tui.engine.game import Game
    from monopoly_tui.rules.loader import builtin_dir
    from monopoly_tui.saves import autosave, new_meta
    from monopoly_tui.ui.session import FirstLegalBot

    def a_game(edition: str, **kw: Any) -> Game:
        spec = rules_pkg.load_spec(edition)
        return Game.new(spec, [("Ann", spec.tokens[0]), ("Bob", spec.tokens[1])], seed=2, **kw)

    going = a_game("classic")
    going_meta = new_meta(going, saves_dir=saves_folder)
    autosave(going, going_meta)
    user = tmp_path / "user-rulesets"
    user.mkdir()
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(user))
    text = (builtin_dir() / "classic.yaml").read_text().replace("id: classic\n", "id: gone\n", 1)
    (user / "gone.yaml").write_text(text)
    rules_pkg.load_spec.cache_clear()
    gone = a_game("gone")
    autosave(gone, new_meta(gone, saves_dir=saves_folder))
    (user / "gone.yaml").unlink()
    rules_pkg.load_spec.cache_clear()
    over = a_game("classic", house_rules={"turn_limit": 1})
    bot = FirstLegalBot()
    while not over.over:
        over.act(bot.choose(over, over.pending.player))
    autosave(over, new_meta(over, saves_dir=saves_folder))
    os.mkfifo(saves_folder / "pipe.json")

    app = MonopolyApp(pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        for _ in range(200):
            if getattr(app.screen, "saves_checked", False):
                break
            await pilot.pause(0.02)
        await app.workers.wait_for_complete()
        await settle(pilot)
        title: Any = app.screen
        assert title.resume_entry is not None
        assert title.resume_entry.game_id == going_meta.game_id
        assert "c" in shown_keys(app)


def test_resuming_shows_the_saved_table_without_replaying_the_game(
    saves_folder: Path, monkeypatch: Any,
) -> None:
    """A sealed autosave keeps the statistics and the log's last lines: resuming shows them
    as they were, without a replay; any other save (here: the game exported to a file and
    imported into another saves folder, whose key did not seal it) rebuilds them by a replay,
    to the same statistics."""
    from monopoly_tui.saves import export_game, load_save

    s = new_session("classic", [("Ann", False), ("Bob", False)], seed=3)
    while s.game.st.decisions < 300 and not s.game.over:
        s.play(s.bot_choice(s.pending.player))
    assert saves_port.autosave(s) is None
    auto = next(e for e in list_saves(saves_folder) if e.kind == "auto")
    assert auto.game_id == s.save_meta.game_id and auto.decisions == s.game.st.decisions
    saves_port.release(s)  # the window that played it is done with it
    replays: list[int] = []
    real = saves_port._replay_log

    def counting(session: Any, loaded: Any) -> None:
        replays.append(1)
        real(session, loaded)

    monkeypatch.setattr(saves_port, "_replay_log", counting)
    loaded = load_save(auto.name, saves_folder)
    assert loaded.sealed and loaded.table is not None
    resumed = saves_port.session_from(loaded)
    assert replays == []
    assert resumed.stats == s.stats
    assert resumed.log[:-1] == s.log[-saves_port.TABLE_LINES:]
    assert (resumed.last_dice, resumed.last_roller, resumed.last_card) == (
        s.last_dice, s.last_roller, s.last_card)
    file = export_game(auto.name, saves_folder.parent / "exported.json", saves_folder)
    elsewhere = saves_folder.parent / "elsewhere"
    other = load_save(file, elsewhere)
    assert other.table is None  # a file not sealed with that folder's key: no table trusted
    rebuilt = saves_port.session_from(other)
    assert replays == [1] and rebuilt.stats == s.stats
    assert rebuilt.log[-2] == s.log[-1]


async def test_the_load_screen_says_a_save_is_damaged_and_why_before_loading_it(
    saves_folder: Path,
) -> None:
    """A save whose game reads but whose history holds an illegal decision (the journal's row
    of its first decision damaged): listed with what it is and why it is damaged; Enter does
    not try it (Load is not offered), the other controls still work on it, and the journal is
    left as it is."""
    good = new_session("classic", [("Ann", True), ("Bob", True)], seed=1)
    saves_port.save(good, "good")
    saves_port.release(good)
    s = new_session("classic", [("Cid", True), ("Dee", True)], seed=2)
    for _ in range(3):
        s.play(s.pending.choices[0])
    saves_port.save(s, "broken")
    saves_port.release(s)
    damage_first_decision(saves_folder, s.save_meta.game_id)
    before = journal_rows(saves_folder, s.save_meta.game_id)
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(LoadScreen())
        await wait_for_saves(pilot)
        screen: Any = app.screen
        lst = screen.query_one("#saves", OptionList)
        at = next(i for i, e in enumerate(screen.entries) if e.name == "broken")
        label = str(lst.get_option_at_index(at).prompt)
        assert "Classic" in label and "Cid, Dee" in label
        assert "damaged: decision 1 of 3 (roll by " in label and "is not legal" in label
        # it starts on one that loads: the good game (its named save or its latest play)
        start = screen.entries[lst.highlighted]
        assert start.game_id == good.save_meta.game_id and start.error is None
        lst.highlighted = at
        await settle(pilot)
        info = text_of(app, "#save-info")
        assert "damaged: decision 1 of 3" in info and "left as it is" in info
        assert "enter" not in shown_keys(app) and {"d", "n", "escape"} <= shown_keys(app)
        assert screen.query_one("#load").disabled
        await pilot.press("enter")
        await settle(pilot)
        assert on_top(app) == "LoadScreen"  # not tried, nothing to dismiss
        # Tab goes round the controls that can act: the list, Delete, Rename, Cancel
        seen = []
        for _ in range(4):
            await pilot.press("tab")
            seen.append(app.focused.id if app.focused else None)
        assert seen == ["delete", "rename", "cancel", "saves"]
        await pilot.press("tab", "enter")  # Delete: asks first
        await settle(pilot)
        assert on_top(app) == "ConfirmScreen" and "broken" in text_of(app, "#question")
        assert "damaged: decision 1 of 3" in " ".join(text_of(app, "#question").split())
        await pilot.press("n")
        await settle(pilot)
        await app.workers.wait_for_complete()
        await pilot.press("escape")
        await settle(pilot)
        assert on_top(app) == "TitleScreen"
    assert journal_rows(saves_folder, s.save_meta.game_id) == before


async def test_the_title_offers_no_damaged_save_and_no_finished_game_for_resume(
    saves_folder: Path,
) -> None:
    """A game resumed and played to its end: back on the title, Resume is gone (it offered
    the game still, as if in progress); the Load screen says the named save's game finished
    later. A save damaged inside is never the one offered.

    Resume opens a game's latest play (its autosave), never an older named save of it
    (issue 26): the game offered is the named save's game, by its autosave name."""
    from monopoly_tui.engine.game import Game
    from monopoly_tui.saves import new_meta, release, save_game
    from monopoly_tui.saves.store import load_spec
    from monopoly_tui.ui.session import FirstLegalBot

    spec = load_spec("classic")
    players = [("Ann", spec.tokens[0]), ("Bob", spec.tokens[1])]
    done = Game.new(spec, players, seed=2, house_rules={"turn_limit": 1})
    bot = FirstLegalBot()
    while not done.over:
        done.act(bot.choose(done, done.pending.player))
    assert done.history[-1].kind == "end_turn"  # the last decision: a human's 'e'
    almost = Game.new(spec, players, seed=2, house_rules={"turn_limit": 1})
    for action in done.history[:-1]:
        almost.act(action)
    friday = new_meta(almost, saves_dir=saves_folder)
    save_game(almost, "friday", friday)
    release(friday)
    damaged = Game.new(spec, players, seed=3)
    damaged.act(damaged.pending.choices[0])
    broken = new_meta(damaged, saves_dir=saves_folder)
    save_game(damaged, "newest but broken", broken)
    release(broken)
    damage_first_decision(saves_folder, broken.game_id)
    newest = list_saves(saves_folder, check=True)[0]
    assert newest.game_id == broken.game_id and newest.damaged  # newer than friday, damaged

    async def looked(pilot: Any) -> Any:
        title: Any = app.screen
        for _ in range(500):
            if getattr(title, "saves_checked", False):
                break
            await pilot.pause()
        await app.workers.wait_for_complete()
        await settle(pilot)
        return title

    app = MonopolyApp(pace="instant")
    async with app.run_test(size=(100, 30)) as pilot:
        title = await looked(pilot)
        assert title.resume_entry is not None and title.resume_entry.kind == "auto"
        assert title.resume_entry.game_id == friday.game_id
        assert "c" in shown_keys(app)
        await pilot.press("c")
        await settle(pilot)
        assert on_top(app) == "GameScreen"
        await pilot.press("e")
        for _ in range(50):
            if on_top(app) == "ResultsScreen":
                break
            await pilot.pause()
        assert on_top(app) == "ResultsScreen"
        await pilot.press("t")
        await settle(pilot)
        assert on_top(app) == "TitleScreen"
        title = await looked(pilot)
        assert title.resume_entry is None
        assert "c" not in shown_keys(app)
        menu = title.query_one("#menu", OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert ids == ["new", "load", "rules", "quit"]
        assert "Resume" not in text_of(app, "#resume-info")
        await pilot.press("l")
        await wait_for_saves(pilot)
        screen: Any = app.screen
        lst = screen.query_one("#saves", OptionList)
        at = next(i for i, e in enumerate(screen.entries) if e.name == "friday")
        assert "finished later" in str(lst.get_option_at_index(at).prompt)
