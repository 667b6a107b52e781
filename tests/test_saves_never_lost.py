"""Nothing lost, nothing hangs (issues 18 and 26): loading an older named save and playing on
keeps the later play, names never take another save's place unasked, odd files and odd ids never
hang or escape the saves folder, bad input gets a message, and hand-edited saves are refused."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from test_saves import choose, play, start

from monopoly_tui import cli
from monopoly_tui import rules as rules_pkg
from monopoly_tui.engine import snapshot as snap
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.rules.loader import builtin_dir
from monopoly_tui.saves import (
    SaveError,
    autosave,
    delete_save,
    export_game,
    files,
    latest_save,
    list_saves,
    load_save,
    new_meta,
    release,
    rename_save,
    replace_question,
    resumable_saves,
    save_game,
    store,
)
from monopoly_tui.saves.files import SaveMeta, load_spec


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MONOPOLY_TUI_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(tmp_path / "user-rulesets"))
    rules_pkg.load_spec.cache_clear()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "saves"


def a_game(seed: int = 3, upto: int = 11, edition: str = "classic") -> Game:
    game = start(load_spec(edition), seed)
    play(game, seed, upto)
    return game


def auto_name(game: Game, meta: SaveMeta) -> str:
    return store.autosave_name(game, meta)


def decisions_of(folder: Path, name: str) -> int:
    return next(e.decisions for e in list_saves(folder) if e.name == name)


def play_saving(game: Game, meta: SaveMeta, seed: int, upto: int) -> None:
    """Play on as the app does: an autosave after every decision."""
    while not game.over and len(game.history) < upto:
        game.act(choose(game, seed))
        autosave(game, meta)


# ---------------------------------------------------------------- loading an older save


def test_playing_on_from_an_older_named_save_keeps_the_later_play(folder: Path) -> None:
    game = a_game()
    meta = new_meta(game, saves_dir=folder)
    autosave(game, meta)
    save_game(game, "friday", meta)
    play_saving(game, meta, 3, 50)
    auto = auto_name(game, meta)
    assert decisions_of(folder, auto) == 50
    release(meta)

    loaded = load_save("friday", folder)
    assert not loaded.branched and loaded.meta.game_id == meta.game_id
    assert "went further" in loaded.warnings[-1] and "decision 50" in loaded.warnings[-1]
    again = loaded.game
    again.act(choose(again, 9))
    autosave(again, loaded.meta)
    kept = [e for e in list_saves(folder) if e.name.endswith("at decision 50")]
    assert len(kept) == 1 and kept[0].game_id == meta.game_id  # the later play, by name
    assert decisions_of(folder, auto) == 12  # what resume opens: the play of last
    assert decisions_of(folder, "friday") == 11
    release(loaded.meta)
    later = load_save(kept[0].name, folder)
    assert later.game.history == game.history


def test_resume_never_picks_an_older_save_of_a_finished_game(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = start(load_spec("classic"), 3, house_rules={"turn_limit": 8})
    play(game, 3, 20)
    meta = new_meta(game, saves_dir=folder)
    save_game(game, "friday", meta)
    play_saving(game, meta, 3, 100_000)
    assert game.over
    release(meta)
    assert latest_save(folder) is None and resumable_saves(folder) == []
    opened: list[Any] = []
    monkeypatch.setattr("monopoly_tui.ui.app.run_game", opened.append)
    assert cli.main(["resume"]) == 1
    assert opened == [] and "No game to resume" in capsys.readouterr().err
    # loading the older save by name says the game went further, and keeps its end
    loaded = load_save("friday", folder)
    assert "went further" in loaded.warnings[-1]
    play_saving(loaded.game, loaded.meta, 4, 25)
    assert any(e.over for e in list_saves(folder))


def test_resume_offers_the_latest_game_that_can_go_on(folder: Path, tmp_path: Path) -> None:
    older = a_game(seed=4)
    older_meta = new_meta(older, saves_dir=folder)
    autosave(older, older_meta)
    user = tmp_path / "user-rulesets"
    user.mkdir()
    text = (builtin_dir() / "classic.yaml").read_text().replace("id: classic\n", "id: gone\n", 1)
    (user / "gone.yaml").write_text(text)
    rules_pkg.load_spec.cache_clear()
    newer = a_game(seed=5, edition="gone")
    autosave(newer, new_meta(newer, saves_dir=folder))
    assert latest_save(folder) is not None and latest_save(folder).edition == "gone"
    (user / "gone.yaml").unlink()
    rules_pkg.load_spec.cache_clear()
    entry = latest_save(folder)
    assert entry is not None and entry.game_id == older_meta.game_id


# ---------------------------------------------------------------- names


def test_a_named_save_never_takes_an_autosave_name_or_another_games_save(folder: Path) -> None:
    game = a_game()
    meta = new_meta(game, saves_dir=folder)
    autosave(game, meta)
    with pytest.raises(SaveError, match="kept for the games' own autosaves") as err:
        save_game(game, store.autosave_name(game, meta), meta)
    assert err.value.kind == "bad_name"
    with pytest.raises(SaveError, match="autosave"):
        replace_question(game, "Autosave-mine", meta)

    save_game(game, "friday", meta)
    assert replace_question(game, "friday", meta) is None  # the same game, moving on
    other = a_game(seed=8)
    other_meta = new_meta(other, saves_dir=folder)
    question = replace_question(other, "friday", other_meta)
    assert question is not None and "another game" in question and "Replace it?" in question
    play(game, 3, 30)
    save_game(game, "later", meta)
    earlier = a_game()
    assert "later than now" in (replace_question(earlier, "later", meta) or "")
    with pytest.raises(SaveError, match="exists already"):
        save_game(other, "friday", other_meta, overwrite=False)


def test_rename_never_replaces_and_delete_only_deletes_saves(
    folder: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    game = a_game()
    meta = new_meta(game, saves_dir=folder)
    save_game(game, "friday", meta)
    save_game(game, "saturday", meta)
    with pytest.raises(SaveError, match="exists already") as err:
        rename_save("friday", "saturday", folder)
    assert err.value.kind == "exists"
    assert rename_save("friday", "sunday", folder) == "sunday"
    assert "friday" not in {e.name for e in list_saves(folder)}
    release(meta)
    assert load_save("sunday", folder).game.history == game.history
    with pytest.raises(SaveError, match="autosave"):
        rename_save("sunday", "autosave-x", folder)

    notes = folder / "notes.json"
    notes.write_text('{"shopping": ["milk"]}')
    assert cli.main(["saves", "--delete", "notes"]) == 1
    assert "not a monopoly-tui save" in capsys.readouterr().err and notes.exists()
    with pytest.raises(SaveError):
        delete_save("notes", folder)
    damaged = folder / "damaged.json"
    exported = export_game("sunday", folder.parent / "sunday.json", folder)
    damaged.write_bytes(exported.read_bytes()[:300])  # cut short: still a save
    assert "cut short" in (next(e for e in list_saves(folder) if e.name == "damaged").error
                           or "")
    delete_save("damaged", folder)
    assert not damaged.exists()


# ---------------------------------------------------------------- files that are not files


def test_fifos_devices_and_huge_files_in_the_saves_folder_never_hang(
    folder: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    game = a_game()
    meta = new_meta(game, saves_dir=folder)
    autosave(game, meta)
    os.mkfifo(folder / "pipe.json")
    os.symlink("/dev/zero", folder / "zero.json")
    with open(folder / "huge.json", "wb") as f:
        f.truncate(files.MAX_SAVE_BYTES + 1)
    errors = {e.name: e.error for e in list_saves(folder)}
    assert "pipe, a device" in (errors["pipe"] or "")
    assert "pipe, a device" in (errors["zero"] or "")
    assert "more than a save file can be" in (errors["huge"] or "")
    assert errors[auto_name(game, meta)] is None
    for name in ("pipe", "zero", "huge"):
        with pytest.raises(SaveError):
            load_save(name, folder)
        with pytest.raises(SaveError):
            load_save(str(folder / f"{name}.json"), folder)  # never waited on
        assert cli.main(["replay", name]) == 1
    entry = latest_save(folder)
    assert entry is not None and entry.game_id == meta.game_id
    assert cli.main(["saves"]) == 0
    assert "pipe" in capsys.readouterr().out


def test_an_id_in_a_save_never_makes_an_autosave_escape_the_folder(
    folder: Path, tmp_path: Path,
) -> None:
    game = a_game()
    meta = new_meta(game, saves_dir=folder)
    save_game(game, "good", meta)
    path = export_game("good", tmp_path / "files" / "good.json", folder)
    data = json.loads(path.read_bytes())
    for bad in ("../escaped", "a\u0000b", "x" * 300, ""):
        data["game_id"] = bad
        path.write_text(json.dumps(data))
        with pytest.raises(SaveError, match="game_id") as err:
            load_save(path)
        assert err.value.kind == "invalid"
    data["ruleset"]["id"] = "../classic"
    with pytest.raises(SaveError, match=r"ruleset\.id"):
        path.write_text(json.dumps(data))
        load_save(path)
    assert not (tmp_path / "escaped.json").exists()
    assert not list(tmp_path.glob("autosave-*"))


# ---------------------------------------------------------------- bad input, no traceback


def test_bad_input_gets_a_message_not_a_traceback(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder.mkdir()
    head = '{"format": "monopoly-tui-save", "version": 3, "x": '
    (folder / "deep.json").write_text(head + "[" * 100_000 + "]" * 100_000 + "}")
    (folder / "digits.json").write_text(head + "1" + "0" * 5000 + "}")
    for name, words in (("deep", "nested too deeply"), ("digits", "thousands of digits")):
        with pytest.raises(SaveError, match=words):
            load_save(name, folder)
        assert cli.main(["resume", name]) == 1
        assert cli.main(["replay", name]) == 1
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err and "set_int_max" not in err
    long_name = "x" * 300
    with pytest.raises(SaveError, match="300 characters"):
        save_game(a_game(), long_name, saves_dir=folder)
    with pytest.raises(SaveError):
        load_save(long_name, folder)
    assert cli.main(["resume", long_name]) == 1

    def refused(path: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(store.os, "listdir", refused)
    with pytest.raises(SaveError, match="Permission denied") as err_info:
        list_saves(folder)
    assert err_info.value.kind == "unreadable"
    assert cli.main(["saves"]) == 1
    err = capsys.readouterr().err
    assert "Permission denied" in err and "No saved games" not in err


def test_resume_without_a_name_skips_a_damaged_newest_game(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game whose decisions in the journal were changed by hand (one that is not legal
    there) is not offered to resume; the title's latest game is the one that loads."""
    good = a_game(seed=4)
    good_meta = new_meta(good, saves_dir=folder)
    autosave(good, good_meta)
    bad = a_game(seed=5)
    bad_meta = new_meta(bad, saves_dir=folder)
    autosave(bad, bad_meta)
    release(good_meta)
    release(bad_meta)
    j = store._journal(folder)
    with j.tx() as db:
        db.execute("UPDATE decisions SET action=? WHERE game=? AND n=3",
                   (json.dumps({"kind": "buy", "player": 3, "target": 39}), bad_meta.game_id))
    assert resumable_saves(folder)[0].game_id == bad_meta.game_id  # unchecked: newest first
    assert latest_save(folder).game_id == good_meta.game_id  # type: ignore[union-attr]
    damaged = next(e for e in list_saves(folder, check=True)
                   if e.game_id == bad_meta.game_id)
    assert damaged.damaged and "decision 3 of 11" in (damaged.error or "")
    opened: list[Any] = []
    monkeypatch.setattr("monopoly_tui.ui.app.run_game", opened.append)
    assert cli.main(["resume"]) == 0
    assert [o.meta.game_id for o in opened] == [good_meta.game_id]
    assert f"skipped {auto_name(bad, bad_meta)}" in capsys.readouterr().err


# ---------------------------------------------------------------- hand-edited saves


EDITS: list[tuple[str, Any]] = [
    ("jail tries of 7", lambda s: s["players"][0].__setitem__("jail_turns", 7)),
    ("five doubles", lambda s: s.__setitem__("doubles", 5)),
    ("a declared winner", lambda s: s.__setitem__("winner", 1)),
    ("cash moved between players", lambda s: (
        s["players"][0].__setitem__("cash", s["players"][0]["cash"] + 10),
        s["players"][1].__setitem__("cash", s["players"][1]["cash"] - 10))),
    ("a deed given away", lambda s: s["owner"].__setitem__(
        next(i for i, o in enumerate(s["owner"]) if o >= 0),
        1 - s["owner"][next(i for i, o in enumerate(s["owner"]) if o >= 0)] % 2)),
]


@pytest.mark.parametrize(("what", "edit"), EDITS, ids=[w for w, _ in EDITS])
def test_a_hand_edited_save_with_its_digest_recomputed_is_refused(
    folder: Path, what: str, edit: Any,
) -> None:
    game = a_game(upto=60)
    meta = new_meta(game, saves_dir=folder)
    save_game(game, "edited", meta)
    path = export_game("edited", folder / "edited.json", folder)
    data = json.loads(path.read_bytes())
    state = data["snapshot"]["state"]
    edit(state)
    data["snapshot"]["digest"] = snap.state_digest(state)  # as an editor who read the code
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(SaveError) as err:
        load_save(path)
    assert err.value.kind in ("inconsistent", "broken_rules"), err.value
    assert path.read_bytes() == before


def test_a_sealed_file_loads_from_its_snapshot_and_any_other_is_replayed(
    folder: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    """A file is trusted as it is only when it carries the seal of the folder that imports
    it; a file sealed with another folder's key is replayed, whatever key stands beside it."""
    game = a_game(upto=40)
    meta = new_meta(game, saves_dir=folder)
    save_game(game, "mine", meta)
    path = export_game("mine", tmp_path / "out" / "mine.json", folder)
    replays: list[int] = []
    real = store.replay_game

    def counting(*args: Any, **kw: Any) -> Game:
        replays.append(1)
        return real(*args, **kw)

    monkeypatch.setattr(store, "replay_game", counting)
    assert store.import_file(path, folder).sealed and replays == []  # this folder's seal
    elsewhere = tmp_path / "elsewhere"
    (elsewhere).mkdir()
    (elsewhere / ".monopoly-tui-key").write_bytes((folder / ".monopoly-tui-key").read_bytes())
    moved = elsewhere / "mine.json"
    moved.write_bytes(path.read_bytes())
    done = store.import_file(moved, tmp_path / "third")  # the key beside it is not trusted
    assert not done.sealed and replays == [1] and done.game.history == game.history


def test_a_save_written_by_version_1_still_loads(folder: Path) -> None:
    """Written then, it was played with a pass in an auction final: it loads with that house
    rule on, and goes on by it."""
    spec = load_spec("classic")
    game = start(spec.with_rules(spec.rules.with_overrides({"auction_pass_final": True})), 3)
    play(game, 3, 40)
    meta = new_meta(game, saves_dir=folder)
    raw = files.render(game, meta, "old", "named")  # no key: no seal, as version 1 wrote
    assert b'"seal"' not in raw
    folder.mkdir()
    (folder / "old.json").write_bytes(raw.replace(b'"version": 3,', b'"version": 1,', 1))
    loaded = load_save("old", folder)
    assert loaded.warnings == [] and (folder / "old.json").read_bytes().count(b'"version": 1')
    assert loaded.options.house_rules == {"auction_pass_final": True}
    assert loaded.game.spec.rules.auction_pass_final
    assert snap.encode_state(loaded.game.st) == snap.encode_state(game.st)
    assert [e.error for e in list_saves(folder)] == [None, None]  # the game, and 'old'
    assert {e.kind for e in list_saves(folder)} == {"auto", "named"}


# ---------------------------------------------------------------- nothing autosaved is lost


def _logs(folder: Path) -> list[list[Action]]:
    """The log of every play a player can open: each game's latest and each named save."""
    out = []
    for e in list_saves(folder):
        if e.error is None:
            save, _ = store.save_file_of(e.name, folder)
            out.append([snap.decode_action(a) for a in save.log])
    return out


@pytest.mark.parametrize("seed", range(6))
def test_no_sequence_of_save_load_resume_and_play_loses_an_autosaved_decision(
    folder: Path, seed: int,
) -> None:
    """Random sequences of what a player does (play on, save under a name, answering the
    replace question either way, load any save, resume, start another game); after each step,
    every decision history ever autosaved is still the start of some save's log."""
    r = random.Random(seed)
    autosaved: list[tuple[Action, ...]] = []
    game = a_game(seed=seed, upto=0)
    meta = new_meta(game, saves_dir=folder)
    names = ["friday", "saturday", "sunday"]
    for step in range(40):
        op = r.choice(["play", "play", "play", "save", "load", "resume", "new"])
        if op == "play":
            for _ in range(r.randint(1, 12)):
                if game.over:
                    break
                game.act(choose(game, seed * 100 + step))
                autosave(game, meta)
                autosaved.append(tuple(game.history))
        elif op == "save":
            name = r.choice(names)
            if replace_question(game, name, meta) is None or r.random() < 0.5:
                save_game(game, name, meta)
        elif op in ("load", "resume"):
            entry = (r.choice([e for e in list_saves(folder) if e.error is None] or [None])
                     if op == "load" else latest_save(folder))
            if entry is not None:
                release(meta)
                loaded = load_save(entry.name, folder)
                game, meta = loaded.game, loaded.meta
        else:
            release(meta)
            game = a_game(seed=r.randint(10, 99), upto=0)
            meta = new_meta(game, saves_dir=folder)
        logs = _logs(folder)
        for history in autosaved:
            assert any(log[: len(history)] == list(history) for log in logs), (
                f"step {step} ({op}) lost the autosave at decision {len(history)}")
