"""A saved game is never lost (issue 26): one journal a saves folder, one writer a game.

Sequences, not single files: kills in the middle of a decision's transaction in every edition,
two processes on one game, two saves under one name at the same moment, a disk that fills up
and frees again, a 1,000-round game, the folder's key broken or planted, a journal edited by
hand. Processes are real (``os.fork``): each holds its own connection to the journal."""

from __future__ import annotations

import json
import os
import random
import resource
import signal
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from long_game import long_game, play_rounds
from test_saves import choose, start

from monopoly_tui import rules as rules_pkg
from monopoly_tui.engine import snapshot as snap
from monopoly_tui.engine.game import Game
from monopoly_tui.saves import (
    GameOpenElsewhere,
    SaveError,
    autosave,
    journal,
    keys,
    list_saves,
    load_save,
    new_meta,
    release,
    save_game,
    save_status,
    store,
)
from monopoly_tui.saves.files import load_spec

EDITIONS = ["classic", "dnd", "got", "lge", "lotr", "nfl"]


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("MONOPOLY_TUI_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(tmp_path / "user-rulesets"))
    rules_pkg.load_spec.cache_clear()
    yield
    for folder in list(journal._JOURNALS):
        journal.forget_journal(folder)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "saves"


def a_game(edition: str = "classic", seed: int = 3, upto: int = 0) -> Game:
    game = start(load_spec(edition), seed)
    while not game.over and len(game.history) < upto:
        game.act(choose(game, seed))
    return game


def reference(edition: str, seed: int, upto: int) -> Game:
    return a_game(edition, seed, upto)


# ---------------------------------------------------------------- processes


def _child(run: Callable[[int], None]) -> tuple[int, int]:
    """Fork a process that runs ``run(write_fd)`` and ends (``os._exit``); returns its pid and
    the read end of its pipe. The child drops the parent's journals: a connection is never
    used across a fork."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(r)
        journal._JOURNALS.clear()
        journal._LIVE.clear()
        journal._ME = (os.getpid(), journal._proc_start(os.getpid()))
        try:
            run(w)
        except BaseException as e:  # say it, never return into pytest
            os.write(w, f"error {type(e).__name__}: {e}\n".encode())
            os._exit(3)
        os._exit(0)
    os.close(w)
    return pid, r


def _lines(fd: int) -> Iterator[str]:
    with os.fdopen(fd) as f:
        yield from (line.rstrip("\n") for line in f)


def _wait(pid: int) -> int:
    _, status = os.waitpid(pid, 0)
    return status


# ---------------------------------------------------------------- kills


def _kill_inside_the_transaction(at: int) -> None:
    """The write of decision ``at`` kills its process after its rows are written and before
    the transaction commits."""
    real = journal.append

    def append(db: sqlite3.Connection, game: str, branch: int, start: int,
               lines: Any) -> None:
        real(db, game, branch, start, lines)
        if start + len(lines) >= at:
            os.kill(os.getpid(), signal.SIGKILL)

    journal.append = append  # type: ignore[assignment]


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_kill_in_the_middle_of_a_decisions_write_loses_no_decision_shown(
        edition: str, tmp_path: Path) -> None:
    """40 processes an edition, each SIGKILLed inside the transaction of a decision: the
    journal holds every decision whose write returned (shown on screen), and the game opens,
    equal to a replay of its log; the killed window's lease is taken over without asking."""
    r = random.Random(edition)
    for trial in range(40):
        folder = tmp_path / f"kill-{trial}"
        seed = r.randint(1, 10_000)
        at = r.randint(2, 45)

        def run(w: int, seed: int = seed, at: int = at, folder: Path = folder) -> None:
            game = a_game(edition, seed)
            meta = new_meta(game, saves_dir=folder)
            autosave(game, meta)
            os.write(w, f"name {store.autosave_name(game, meta)}\n".encode())
            _kill_inside_the_transaction(at)
            while not game.over:
                game.act(choose(game, seed))
                autosave(game, meta)
                os.write(w, f"{len(game.history)}\n".encode())  # on screen now

        pid, fd = _child(run)
        out = list(_lines(fd))
        status = _wait(pid)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, out
        name = out[0].split(" ", 1)[1]
        shown = int(out[-1]) if len(out) > 1 else 0
        loaded = load_save(name, folder, verify=True)
        assert len(loaded.game.history) == shown == at - 1, (trial, out[-3:])
        ref = reference(edition, seed, shown)
        assert loaded.game.history == ref.history
        assert snap.encode_state(loaded.game.st) == snap.encode_state(ref.st)
        assert not loaded.warnings
        release(loaded.meta)


def test_a_kill_at_any_moment_loses_no_decision_shown(tmp_path: Path) -> None:
    """Killed from outside, wherever it is (encoding, writing, committing, playing)."""
    r = random.Random(26)
    for trial in range(12):
        folder = tmp_path / f"any-{trial}"
        edition = r.choice(EDITIONS)
        seed = r.randint(1, 10_000)

        def run(w: int, seed: int = seed, folder: Path = folder, edition: str = edition
                ) -> None:
            game = a_game(edition, seed)
            meta = new_meta(game, saves_dir=folder)
            autosave(game, meta)
            os.write(w, f"name {store.autosave_name(game, meta)}\n".encode())
            while True:
                if game.over:
                    signal.pause()
                game.act(choose(game, seed))
                autosave(game, meta)
                os.write(w, f"{len(game.history)}\n".encode())

        pid, fd = _child(run)
        lines = _lines(fd)
        name = next(lines).split(" ", 1)[1]
        stop = r.randint(5, 60)
        shown = 0
        for line in lines:
            shown = int(line)
            if shown >= stop:
                os.kill(pid, signal.SIGKILL)
                break
        for line in lines:  # what it wrote before the kill reached it
            shown = int(line)
        _wait(pid)
        loaded = load_save(name, folder, verify=True)
        assert len(loaded.game.history) >= shown
        release(loaded.meta)


# ---------------------------------------------------------------- two windows


def test_a_second_window_is_told_and_may_take_the_game_over(folder: Path) -> None:
    """Two processes on one game: the second is told who has it, and nothing is written
    beside the first. Taking it over makes the first stop writing (it is told, at its next
    decision) and nothing the first saved is lost."""
    game = a_game(upto=20)
    meta = new_meta(game, saves_dir=folder)
    autosave(game, meta)
    name = store.autosave_name(game, meta)
    release(meta)
    go_r, go_w = os.pipe()

    def first(w: int) -> None:  # opens the game, plays 10 decisions, then waits
        loaded = load_save(name, folder)
        g = loaded.game
        for _ in range(10):
            g.act(choose(g, 3))
            autosave(g, loaded.meta)
        os.write(w, f"holding {len(g.history)}\n".encode())
        os.read(go_r, 1)  # the second window takes over meanwhile
        g.act(choose(g, 3))
        try:
            autosave(g, loaded.meta)
            os.write(w, b"wrote\n")
        except SaveError as e:
            status = save_status(loaded.meta)
            os.write(w, f"{e.kind} {status.lost} {e.message}\n".encode())
        os.write(w, b"done\n")

    pid, fd = _child(first)
    lines = _lines(fd)
    assert next(lines) == "holding 30"
    with pytest.raises(GameOpenElsewhere) as told:
        load_save(name, folder)
    assert "open in another window" in told.value.message
    assert f"process {pid} on this machine" in told.value.message
    assert next(e for e in list_saves(folder) if e.name == name).open_elsewhere
    taken = load_save(name, folder, take_over=True)
    assert len(taken.game.history) == 30  # every decision the first window saved
    os.write(go_w, b"x")
    answer = next(lines)
    assert answer.startswith("taken_over True this game was taken over by"), answer
    assert next(lines) == "done"
    _wait(pid)
    g = taken.game
    g.act(choose(g, 4))
    autosave(g, taken.meta)
    release(taken.meta)
    again = load_save(name, folder)
    assert again.game.history == g.history  # the first window's 31st never landed


def test_a_second_window_may_play_a_copy(folder: Path) -> None:
    game = a_game(upto=20)
    meta = new_meta(game, saves_dir=folder)
    autosave(game, meta)
    name = store.autosave_name(game, meta)
    copy = load_save(name, folder, copy=True)  # this process holds the original
    assert copy.branched and copy.meta.game_id != meta.game_id
    copy.game.act(choose(copy.game, 8))
    autosave(copy.game, copy.meta)
    ids = {e.game_id: e.decisions for e in list_saves(folder) if e.kind == "auto"}
    assert ids == {meta.game_id: 20, copy.meta.game_id: 21}


def test_a_window_that_is_gone_leaves_the_game_free(folder: Path) -> None:
    """A process that ended, or was killed, holds nothing: the game opens without asking."""
    game = a_game(upto=10)
    meta = new_meta(game, saves_dir=folder)
    autosave(game, meta)
    name = store.autosave_name(game, meta)
    release(meta)

    def opener(w: int) -> None:
        load_save(name, folder)
        os.write(w, b"open\n")
        os.kill(os.getpid(), signal.SIGKILL)

    pid, fd = _child(opener)
    assert list(_lines(fd)) == ["open"]
    _wait(pid)
    assert load_save(name, folder).game.history == game.history


def test_two_saves_under_one_name_at_the_same_moment_one_is_asked(folder: Path) -> None:
    """Two windows save their games as 'friday' at once: the journal decides; one save is
    made, and the other window is told the name exists (so it can ask the player)."""
    folder.mkdir(parents=True)
    store._journal(folder)
    start_r, start_w = os.pipe()
    pids = []
    fds = []
    for seed in (5, 6):
        def saver(w: int, seed: int = seed) -> None:
            game = a_game(seed=seed, upto=15)
            meta = new_meta(game, saves_dir=folder)
            autosave(game, meta)
            os.write(w, b"ready\n")
            os.read(start_r, 1)
            try:
                save_game(game, "friday", meta, overwrite=False)
                os.write(w, f"saved {meta.game_id}\n".encode())
            except SaveError as e:
                os.write(w, f"{e.kind}\n".encode())

        pid, fd = _child(saver)
        pids.append(pid)
        fds.append(_lines(fd))
    assert [next(f) for f in fds] == ["ready", "ready"]
    os.write(start_w, b"xx")  # both at once
    answers = [next(f) for f in fds]
    for pid in pids:
        _wait(pid)
    assert sorted(a.split()[0] for a in answers) == ["exists", "saved"], answers
    winner = next(a.split()[1] for a in answers if a.startswith("saved"))
    friday = next(e for e in list_saves(folder) if e.name == "friday")
    assert friday.game_id == winner


# ---------------------------------------------------------------- a disk that fills up


def test_a_full_disk_then_room_again_saves_every_decision_unasked(folder: Path) -> None:
    """A real limit on the size of files this process may write (RLIMIT_FSIZE): the writes
    fail, the game goes on keeping every decision and says since when it is not saved; once
    there is room again the next decision's save writes them all, without the player doing
    anything."""
    game = a_game(upto=5)
    meta = new_meta(game, saves_dir=folder)
    autosave(game, meta)
    name = store.autosave_name(game, meta)
    release(meta)

    def player(w: int) -> None:
        loaded = load_save(name, folder)
        g, m = loaded.game, loaded.meta
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG)
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        used = max(p.stat().st_size for p in folder.iterdir() if p.is_file())
        resource.setrlimit(resource.RLIMIT_FSIZE, (used + 1, hard))
        failed = 0
        for _ in range(40):
            g.act(choose(g, 3))
            try:
                autosave(g, m)
            except SaveError as e:
                failed += 1
                status = save_status(m)
                assert not status.saved and status.unsaved_since is not None
                assert e.kind == "write_failed"
        os.write(w, f"failed {failed} since {save_status(m).unsaved_since} "
                    f"{save_status(m).problem}\n".encode())
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))  # room again
        g.act(choose(g, 3))
        autosave(g, m)
        os.write(w, f"saved {len(g.history)} {save_status(m).saved}\n".encode())
        release(m)

    pid, fd = _child(player)
    out = list(_lines(fd))
    assert _wait(pid) == 0, out
    failed = out[0].split()
    assert failed[0] == "failed" and int(failed[1]) >= 30, out
    assert out[1] == "saved 46 True", out
    ref = reference("classic", 3, 46)
    loaded = load_save(name, folder, verify=True)
    assert loaded.game.history == ref.history


# ---------------------------------------------------------------- a long game


def test_a_thousand_round_longest_game_ever_saves_and_resumes(folder: Path) -> None:
    """A legal 1,000-round Longest Game Ever game with a trade offer rejected every turn (about
    18,000 decisions): saved along the way and at the end, it resumes as it was."""
    game = long_game()
    meta = new_meta(game, saves_dir=folder)
    counter = {"n": 0}

    def save_now_and_then(g: Game) -> None:
        counter["n"] += 1
        if counter["n"] < 300 or counter["n"] % 997 == 0:
            autosave(g, meta)

    play_rounds(game, 1000, save_now_and_then)
    assert game.st.rounds == 1000 and not game.over
    autosave(game, meta)
    release(meta)
    loaded = load_save(store.autosave_name(game, meta), folder)
    assert loaded.sealed and not loaded.replayed
    assert loaded.game.history == game.history and len(game.history) > 15_000
    assert snap.encode_state(loaded.game.st) == snap.encode_state(game.st)
    out = store.export_game(store.autosave_name(game, meta), folder.parent / "long.json",
                            folder)
    assert out.stat().st_size > 500_000
    assert store.import_file(out, folder.parent / "other").n == len(game.history)


# ---------------------------------------------------------------- the key and the seal


BROKEN_KEYS: list[tuple[str, Callable[[Path], None]]] = [
    ("empty", lambda p: p.write_bytes(b"")),
    ("all zeros", lambda p: p.write_text("00" * 32 + "\n")),
    ("too long", lambda p: p.write_text("ab" * 200)),
    ("not hex", lambda p: p.write_text("zz" * 32)),
    ("a folder", lambda p: p.mkdir()),
    ("a fifo", lambda p: os.mkfifo(p)),
]


@pytest.mark.parametrize(("what", "breaks"), BROKEN_KEYS, ids=[w for w, _ in BROKEN_KEYS])
def test_a_broken_key_is_replaced_with_a_message_and_sealing_goes_on(
        folder: Path, what: str, breaks: Callable[[Path], None]) -> None:
    game = a_game(upto=30)
    meta = new_meta(game, saves_dir=folder)
    autosave(game, meta)
    release(meta)
    key_file = folder / keys.KEY_FILE
    key_file.unlink()
    breaks(key_file)
    journal.forget_journal(folder.resolve())
    keys._CACHE.clear()
    state = keys.folder_key(folder, create=True)
    assert state.key is not None and "was broken" in state.message
    assert list(folder.glob(f"{keys.KEY_FILE}.broken-*"))  # moved aside, not deleted
    loaded = load_save(store.autosave_name(game, meta), folder)
    assert loaded.replayed and not loaded.sealed  # the old seal is not this key's
    assert not any("changed" in w for w in loaded.warnings)  # nobody changed it
    loaded.game.act(choose(loaded.game, 3))
    autosave(loaded.game, loaded.meta)
    release(loaded.meta)
    again = load_save(store.autosave_name(game, meta), folder)
    assert again.sealed and not again.replayed  # sealed with the new key from then on


def test_a_key_is_made_atomically_and_never_replaced_by_another_process(folder: Path) -> None:
    folder.mkdir(parents=True)
    first = keys.folder_key(folder, create=True)
    assert first.key is not None and first.message == ""
    assert oct((folder / keys.KEY_FILE).stat().st_mode & 0o777) == "0o600"
    assert keys.folder_key(folder, create=True).key == first.key
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_a_position_edited_in_the_journal_is_not_trusted(folder: Path) -> None:
    """Player 0 given 10,000 by editing the journal: the seal no longer matches, so the game
    is what its decisions give, and the player is told."""
    game = a_game(upto=40)
    meta = new_meta(game, saves_dir=folder)
    autosave(game, meta)
    release(meta)
    j = store._journal(folder)
    row = j.db.execute("SELECT state FROM branches WHERE game=?", (meta.game_id,)).fetchone()
    state = json.loads(row[0])
    state["players"][0]["cash"] = 10_000
    with j.tx() as db:
        db.execute("UPDATE branches SET state=? WHERE game=?",
                   (json.dumps(state), meta.game_id))
    loaded = load_save(store.autosave_name(game, meta), folder)
    assert loaded.replayed and not loaded.sealed
    assert loaded.game.st.players[0].cash == game.st.players[0].cash != 10_000
    assert any("did not match its decisions" in w for w in loaded.warnings)


def test_the_journal_of_a_newer_version_is_refused_with_words(folder: Path) -> None:
    game = a_game(upto=5)
    meta = new_meta(game, saves_dir=folder)
    autosave(game, meta)
    release(meta)
    j = store._journal(folder)
    with j.tx() as db:
        db.execute("UPDATE info SET value='99' WHERE key='schema'")
    journal.forget_journal(folder.resolve())
    with pytest.raises(SaveError, match="newer monopoly-tui") as err:
        list_saves(folder)
    assert err.value.kind == "newer_version"


# ---------------------------------------------------------------- no traceback left


def test_times_no_clock_can_show_never_crash_a_listing_or_the_game(
        folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A save file whose 'updated' is 9999-12-31 or 0001-01-01 with no zone lists (it
    crashed `monopoly-tui saves`), and an agreed end hour of 2**62 reads as words (the app
    crashed with OSError)."""
    from monopoly_tui import cli
    from monopoly_tui.ui.session import clock_words

    for i, when in enumerate(("9999-12-31T23:59:59", "0001-01-01T00:00:00")):
        game = a_game(seed=10 + i, upto=12)
        meta = new_meta(game, saves_dir=tmp_path / "scratch")
        save_game(game, f"odd time {i}", meta)
        release(meta)
        out = store.export_game(f"odd time {i}", folder / f"odd{i}.json", tmp_path / "scratch")
        data = json.loads(out.read_bytes())
        data["updated"] = when
        out.write_text(json.dumps(data))
    entries = list_saves(folder)
    assert {e.name for e in entries} >= {"odd time 0", "odd time 1"}
    assert cli.main(["saves"]) == 0
    assert "Traceback" not in capsys.readouterr().err
    assert clock_words(2**62) == f"the Unix time {2**62}"


def test_an_unreadable_saves_folder_or_save_is_said_in_words(
        folder: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from monopoly_tui import cli

    def refused(*args: Any, **kw: Any) -> Any:
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(journal.sqlite3, "connect", refused)
    assert cli.main(["replay", "friday"]) == 1
    err = capsys.readouterr().err
    assert "cannot open the saves database" in err and "Traceback" not in err
    monkeypatch.undo()
    monkeypatch.setenv("MONOPOLY_TUI_SAVES", str(folder))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "locked.json").write_text('{"format": "monopoly-tui-save"')

    def unreadable(path: Any, *a: Any, **k: Any) -> Any:
        raise SaveError(path, "cannot read the file: Permission denied", "unreadable")

    monkeypatch.setattr(store, "read_header", unreadable)
    with pytest.raises(SaveError, match="cannot delete it: cannot read the file") as err_info:
        store.delete_save("locked", folder)
    assert "not a monopoly-tui save" not in err_info.value.message


def test_undo_after_a_named_save_then_a_kill_loses_nothing(folder: Path) -> None:
    """Issue 26's first loss, with a kill for a quit: save under a name, play on, take
    decisions back, play on, and the window is killed. Resume opens the game as it was last
    shown (the undone decisions stay undone), and the named save where it was made."""
    from monopoly_tui.engine import actions as A
    from monopoly_tui.engine.actions import Action

    def window(w: int) -> None:
        spec = load_spec("classic")
        for seed in range(300):  # a game whose first roll lands on a deed for sale
            game = Game.new(spec, [("Ann", spec.tokens[0]), ("Bob", spec.tokens[1])],
                            seed=seed)
            p = game.pending.player
            game.act(Action(A.A_ROLL, p))
            if game.pending.kind == A.BUY and game.pending.player == p and not game.st.again:
                break
        game.keep_undo()
        meta = new_meta(game, saves_dir=folder)
        deed = game.pending.context["deed"]
        game.act(Action(A.A_BUY, p))
        autosave(game, meta)
        save_game(game, "friday", meta)
        os.write(w, f"friday {json.dumps(snap.encode_state(game.st))}\n".encode())
        game.act(Action(A.A_MORTGAGE, p, deed))
        autosave(game, meta)
        game.act(Action(A.A_UNMORTGAGE, p, deed))
        autosave(game, meta)
        game.undo()
        autosave(game, meta)
        game.act(Action(A.A_END_TURN, p))
        autosave(game, meta)
        os.write(w, f"name {store.autosave_name(game, meta)}\n".encode())
        os.write(w, f"shown {json.dumps(snap.encode_state(game.st))}\n".encode())
        os.kill(os.getpid(), signal.SIGKILL)

    pid, fd = _child(window)
    out = dict(line.split(" ", 1) for line in _lines(fd))
    _wait(pid)
    resumed = load_save(out["name"], folder)
    assert snap.encode_state(resumed.game.st) == json.loads(out["shown"])
    release(resumed.meta)
    assert snap.encode_state(load_save("friday", folder).game.st) == json.loads(out["friday"])
