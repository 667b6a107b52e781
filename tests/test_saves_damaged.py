"""A save damaged inside (its header reads, the game in it does not): the listings say so and
why before anyone tries to load it, the check is cheap for the games this program sealed and
done once for any other, and the file is never changed. A save file in the saves folder is
imported into the journal once, and a damaged one is listed with what it is and why; a game of
the journal changed by hand is listed as damaged by a checked listing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_saves import play, start

from monopoly_tui import cli
from monopoly_tui import rules as rules_pkg
from monopoly_tui.engine.game import Game
from monopoly_tui.saves import (
    SaveError,
    latest_save,
    list_saves,
    load_save,
    new_meta,
    release,
    resumable_saves,
    save_game,
    store,
)
from monopoly_tui.saves.files import load_spec


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MONOPOLY_TUI_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(tmp_path / "user-rulesets"))
    rules_pkg.load_spec.cache_clear()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "saves"


def a_game(seed: int = 3, upto: int = 60, edition: str = "classic") -> Game:
    game = start(load_spec(edition), seed, players=2)
    play(game, seed, upto)
    return game


def edited(path: Path, edit: Callable[[dict[str, Any]], None]) -> bytes:
    """The save edited as a player with a text editor would: the header untouched."""
    data = json.loads(path.read_bytes())
    edit(data)
    path.write_text(json.dumps(data, indent=1))
    return path.read_bytes()


def wrong_player(data: dict[str, Any]) -> None:
    """The first roll in the history made by the other player: not legal there."""
    first = next(a for a in data["log"] if a["kind"] == "roll")
    first["player"] = 1 - first.get("player", 0)


DAMAGE: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("an illegal decision in its history", wrong_player, "decision 1 of 60 (roll by "),
    ("a field of the wrong type in its state",
     lambda d: d["snapshot"]["state"]["players"][0].__setitem__("cash", "lots"),
     'snapshot.state.players[0].cash: expected a whole number, got "lots"'),
    ("a decision of the wrong type in its log",
     lambda d: d["log"][3].__setitem__("kind", 7), "log[3].kind: expected a string, got 7"),
]


def a_file(folder: Path, game: Game, name: str) -> Path:
    """The game saved as a file named NAME.json in ``folder`` (as an earlier version wrote)."""
    meta = new_meta(game, saves_dir=folder.parent / "scratch")
    save_game(game, name, meta)
    release(meta)
    return store.export_game(name, folder / f"{name}.json", folder.parent / "scratch")


@pytest.mark.parametrize(("what", "edit", "why"), DAMAGE, ids=[w for w, _, _ in DAMAGE])
def test_a_save_damaged_inside_is_listed_as_damaged_with_why_and_kept(
    folder: Path, what: str, edit: Callable[[dict[str, Any]], None], why: str,
) -> None:
    folder.mkdir()
    good = a_file(folder, a_game(seed=4), "good")
    path = a_file(folder, a_game(), "broken")
    before = edited(path, edit)
    entries = {e.name: e for e in list_saves(folder, check=True)}
    entry = entries["broken"]
    assert entry.damaged and entry.error is not None and entry.error.startswith("damaged: ")
    assert why in entry.error, entry.error
    # what it is still shows: its header reads
    assert entry.edition == "classic" and entry.players == ("Ann", "Bob") and entry.turn > 0
    assert not entries["good"].damaged and entries["good"].error is None
    # the load fails the same way
    with pytest.raises(SaveError) as err:
        load_save(path, folder)
    assert why in err.value.message
    assert path.read_bytes() == before and good.exists()  # nothing written, nothing deleted


def test_a_sealed_game_is_trusted_by_its_seal_and_another_replayed_once(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = a_game()
    meta = new_meta(game, saves_dir=folder)
    save_game(game, "mine", meta)
    release(meta)
    exported = store.export_game("mine", tmp_path / "out" / "mine.json", folder)
    replays: list[int] = []
    real = store.replay_game
    real_replay = store._replay

    def counting(*args: Any, **kw: Any) -> Game:
        replays.append(1)
        return real(*args, **kw)

    def counting_journal(*args: Any, **kw: Any) -> Game:
        replays.append(1)
        return real_replay(*args, **kw)

    monkeypatch.setattr(store, "replay_game", counting)
    monkeypatch.setattr(store, "_replay", counting_journal)
    assert [e.damaged for e in list_saves(folder, check=True)] == [False, False]
    assert replays == []  # sealed: an HMAC of the log and the position, no replay
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    copied = elsewhere / "mine.json"
    copied.write_bytes(exported.read_bytes())  # another folder: not sealed there
    assert [e.damaged for e in list_saves(elsewhere, check=True)] == [False, False]
    assert replays == [1]  # the import replayed it once; the journal seals it from then on
    assert [e.damaged for e in list_saves(elsewhere, check=True)] == [False, False]
    assert replays == [1]
    edited(copied, wrong_player)  # changed: imported again, and refused
    entries = {e.name: e for e in list_saves(elsewhere, check=True) if e.path == copied}
    assert entries["mine"].damaged and replays == [1, 1]


def test_the_cli_lists_a_damaged_save_with_what_it_is_and_why(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    folder.mkdir()
    path = a_file(folder, a_game(), "broken")
    before = edited(path, wrong_player)
    assert cli.main(["saves"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if "broken" in line)
    assert "Classic" in row and "Ann, Bob" in row
    assert "damaged: decision 1 of 60 (roll by " in row and ") is not legal: it is " in row
    assert "1 save cannot be read or loaded" in out
    assert path.read_bytes() == before


def test_the_game_to_resume_is_never_a_damaged_game(folder: Path) -> None:
    """The title's game to resume: a damaged newest game gives way to the next, and the
    damaged one is kept as it is."""
    older = a_game(seed=4)
    older_meta = new_meta(older, saves_dir=folder)
    store.autosave(older, older_meta)
    newer = a_game(seed=5, upto=20)
    meta = new_meta(newer, saves_dir=folder)
    save_game(newer, "friday", meta)
    play(newer, 5, 60)
    store.autosave(newer, meta)
    release(meta)
    release(older_meta)
    j = store._journal(folder)
    with j.tx() as db:
        db.execute("UPDATE decisions SET action=? WHERE game=? AND n=1",
                   (json.dumps({"kind": "roll", "player": 1}), meta.game_id))
    entry = latest_save(folder)
    assert entry is not None and entry.game_id == older_meta.game_id
    assert resumable_saves(folder, check=True)[0].game_id == older_meta.game_id
    damaged = next(e for e in list_saves(folder, check=True)
                   if e.name == store.autosave_name(newer, meta))
    assert damaged.damaged and "is not legal" in (damaged.error or "")
    with pytest.raises(SaveError, match="is not legal"):
        load_save(damaged.name, folder)


def test_a_save_of_an_earlier_ruleset_that_plays_the_same_is_checked_as_it_loads(
    folder: Path,
) -> None:
    """Saved under a ruleset hash the edition lists as playing the same (``earlier_hashes``):
    the load trusts it as today's rules, so the import checks it as it does any other."""
    earlier = load_spec("got").earlier_hashes[0]
    folder.mkdir()
    path = a_file(folder, a_game(edition="got"), "older")

    def older_and_broken(data: dict[str, Any]) -> None:
        data["ruleset"]["hash"] = earlier
        wrong_player(data)

    edited(path, older_and_broken)
    entry = next(e for e in list_saves(folder, check=True) if e.name == "older")
    assert entry.damaged and "is not legal" in (entry.error or "")
    with pytest.raises(SaveError) as err:
        load_save(path, folder)
    assert "is not legal" in err.value.message
