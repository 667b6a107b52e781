"""The compiled-edition cache: a start-up reads back what an unchanged ruleset compiled to
instead of validating it again, and is never less strict for it (``monopoly_tui.rules.cache``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import platformdirs
import pytest
from test_ruleset_loader import MINI, mutate, write

from monopoly_tui.rules import cache, loader
from monopoly_tui.rules.compile import compile_ruleset
from monopoly_tui.rules.loader import (
    RulesetError,
    load_edition,
    load_edition_spec,
    scan_editions,
)

BUILT_IN = ["classic", "dnd", "got", "lge", "lotr", "nfl"]

CHILD = """\
id: mini-plus
name: Mini Plus
extends: mini
variants:
  - id: rich
    name: Rich
    description: More money at GO
    rules: {salary: 400, building_supply: {houses: 20}}
"""


@pytest.fixture(autouse=True)
def _folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """An empty user rulesets folder and an empty cache folder of the test's own."""
    user = tmp_path / "user-rulesets"
    user.mkdir()
    folder = tmp_path / "cache"
    monkeypatch.setenv(loader.ENV_VAR, str(user))
    monkeypatch.setenv(cache.ENV_VAR, str(folder))
    return user, folder


@pytest.fixture
def user(_folders: tuple[Path, Path]) -> Path:
    return _folders[0]


@pytest.fixture
def folder(_folders: tuple[Path, Path]) -> Path:
    return _folders[1]


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The files validated (``_Session.load``) from now on."""
    seen: list[Path] = []
    original = loader._Session.load

    def load(self: loader._Session, path: Path) -> Any:
        seen.append(path)
        return original(self, path)

    monkeypatch.setattr(loader._Session, "load", load)
    return seen


def cache_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


@pytest.mark.parametrize("edition", BUILT_IN)
def test_a_cached_edition_is_the_validated_one(edition: str, validations: list[Path]) -> None:
    fresh = compile_ruleset(load_edition(edition))
    first = load_edition_spec(edition)  # validated, then written to the cache
    validations.clear()
    cached = load_edition_spec(edition)  # read back
    assert validations == []
    assert first == fresh
    assert cached == fresh
    assert cached.space_by_id == fresh.space_by_id
    assert cached.content_hash == fresh.content_hash


def test_an_extending_user_edition_with_variants_round_trips(user: Path,
                                                             validations: list[Path]) -> None:
    write(user, "mini.yaml", MINI)
    write(user, "mini-plus.yaml", CHILD)
    fresh = compile_ruleset(load_edition("mini-plus"))
    load_edition_spec("mini-plus")
    validations.clear()
    cached = load_edition_spec("mini-plus")
    assert validations == []
    assert cached == fresh
    assert cached.variant("rich").overrides == {"salary": 400, "building_supply": {"houses": 20}}


def test_a_scan_reads_the_cache_and_lists_the_same(user: Path, validations: list[Path]) -> None:
    write(user, "mini.yaml", MINI)
    write(user, "broken.yaml", mutate("price: 60", "price: -60"))
    first = scan_editions()
    validated_first = len(validations)
    validations.clear()
    second = scan_editions()
    assert validated_first == len(BUILT_IN) + 2  # the built-in editions, mini and the broken one
    assert [p.name for p in validations] == ["broken.yaml"]  # a broken file: every time
    assert second.editions == first.editions
    assert [(b.path, b.error.problems) for b in second.broken] == [
        (b.path, b.error.problems) for b in first.broken
    ]
    assert [e.id for e in second.editions] == [*BUILT_IN, "mini"]


def test_a_broken_ruleset_is_never_cached(user: Path, folder: Path) -> None:
    write(user, "mini.yaml", mutate("group: brown", "group: nowhere"))
    for _ in range(2):
        with pytest.raises(RulesetError) as info:
            load_edition_spec("mini")
        assert "nowhere" in str(info.value)
    assert cache_files(folder) == []


def test_a_duplicate_key_is_reported_every_time(user: Path, folder: Path) -> None:
    write(user, "mini.yaml", mutate("price: 60", "price: 60\n    price: 70"))
    for _ in range(2):
        with pytest.raises(RulesetError, match="given twice"):
            load_edition_spec("mini")
    assert cache_files(folder) == []


def test_an_edited_ruleset_or_base_is_validated_again(user: Path,
                                                      validations: list[Path]) -> None:
    write(user, "mini.yaml", MINI)
    write(user, "mini-plus.yaml", CHILD)
    assert load_edition_spec("mini-plus").deeds[0].price == 60
    write(user, "mini.yaml", mutate("price: 60", "price: 80"))  # the base changes
    validations.clear()
    assert load_edition_spec("mini-plus").deeds[0].price == 80
    assert [p.name for p in validations] == ["mini-plus.yaml"]
    write(user, "mini.yaml", mutate("price: 60", "price: -1"))  # and breaks
    with pytest.raises(RulesetError, match="at least 0"):
        load_edition_spec("mini-plus")


def test_a_change_to_the_checks_validates_again(monkeypatch: pytest.MonkeyPatch,
                                                validations: list[Path]) -> None:
    load_edition_spec("classic")
    validations.clear()
    load_edition_spec("classic")
    assert validations == []
    monkeypatch.setattr(cache, "code_fingerprint", lambda: "another version of the checks")
    load_edition_spec("classic")
    assert [p.name for p in validations] == ["classic.yaml"]


def test_the_fingerprint_covers_the_validating_source(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    """Every module of rules/ (a new check anywhere there), the Spec and its codec."""
    package = Path(loader.__file__).resolve().parents[1]
    copy = tmp_path / "package"
    for rel in [*(f"rules/{p.name}" for p in (package / "rules").glob("*.py")),
                *cache._CODE_FILES]:
        (copy / rel).parent.mkdir(parents=True, exist_ok=True)
        (copy / rel).write_bytes((package / rel).read_bytes())
    monkeypatch.setattr(cache, "_PACKAGE", copy)
    cache.code_fingerprint.cache_clear()
    try:
        before = cache.code_fingerprint()
        assert before is not None
        for rel in ["rules/models.py", "engine/spec.py", "engine/snapshot.py"]:
            path = copy / rel
            text = path.read_bytes()
            path.write_bytes(text + b"\n# changed\n")
            cache.code_fingerprint.cache_clear()
            assert cache.code_fingerprint() != before, rel
            path.write_bytes(text)
        (copy / "rules" / "limits.py").write_text("# a new module of checks\n")
        cache.code_fingerprint.cache_clear()
        assert cache.code_fingerprint() != before
        (copy / "engine" / "spec.py").unlink()  # the source is not there: no caching
        cache.code_fingerprint.cache_clear()
        assert cache.code_fingerprint() is None
        assert cache.data_key({"id": "x"}) is None
    finally:
        cache.code_fingerprint.cache_clear()


def _damage_garbage(path: Path) -> None:
    path.write_bytes(b"\x00\xffnot json")


def _damage_truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _damage_a_price(path: Path) -> None:
    """An edit the checksum catches."""
    path.write_text(path.read_text().replace('"price":60', '"price":1', 1))


def _rewrite(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """Damage the body but give it a matching checksum, so only the shape checks catch it."""
    doc = json.loads(path.read_text())
    change(doc["body"])
    doc["checksum"] = cache._checksum(doc["body"])
    path.write_text(json.dumps(doc))


def _damage_facts(path: Path) -> None:
    _rewrite(path, lambda body: body["facts"].update(players_min="two"))


def _damage_spec(path: Path) -> None:
    _rewrite(path, lambda body: body["spec"].update(spaces="not a list"))


def _damage_missing_part(path: Path) -> None:
    _rewrite(path, lambda body: body.pop("spec"))


def _damage_a_list(path: Path) -> None:
    path.write_text("[1, 2, 3]")


def _damage_folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


DAMAGES = [_damage_garbage, _damage_truncated, _damage_a_price, _damage_facts, _damage_spec,
           _damage_missing_part, _damage_a_list, _damage_folder]


@pytest.mark.parametrize("damage", DAMAGES, ids=lambda d: d.__name__.removeprefix("_damage_"))
def test_a_damaged_cache_file_is_a_miss(user: Path, folder: Path, validations: list[Path],
                                        damage: Callable[[Path], None]) -> None:
    write(user, "mini.yaml", MINI)
    fresh = compile_ruleset(load_edition("mini"))
    load_edition_spec("mini")
    (file,) = cache_files(folder)
    damage(file)
    validations.clear()
    assert load_edition_spec("mini") == fresh
    assert [e.players_min for e in scan_editions().editions if e.id == "mini"] == [2]
    assert validations  # validated again
    if file.is_file():  # written anew: the next start is a hit again
        validations.clear()
        assert load_edition_spec("mini") == fresh
        assert validations == []


def test_a_cache_folder_that_cannot_be_written(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(cache.ENV_VAR, str(blocker / "cache"))
    fresh = compile_ruleset(load_edition("classic"))
    assert load_edition_spec("classic") == fresh
    assert load_edition_spec("classic") == fresh
    assert [e.id for e in scan_editions().editions] == BUILT_IN


def test_an_empty_setting_turns_the_cache_off(monkeypatch: pytest.MonkeyPatch, folder: Path,
                                              validations: list[Path]) -> None:
    monkeypatch.setenv(cache.ENV_VAR, "")
    assert cache.cache_dir() is None
    load_edition_spec("classic")
    load_edition_spec("classic")
    assert len(validations) == 2
    assert not folder.exists()


def test_the_cache_lives_in_the_user_cache_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(cache.ENV_VAR)
    assert cache.cache_dir() == Path(platformdirs.user_cache_dir("monopoly-tui")) / "editions"


def test_nothing_is_written_outside_the_cache_folder(user: Path, folder: Path,
                                                     tmp_path: Path) -> None:
    write(user, "mini.yaml", MINI)
    before = sorted(tmp_path.rglob("*"))
    scan_editions()
    load_edition_spec("mini")
    after = sorted(tmp_path.rglob("*"))
    new = [p for p in after if p not in before]
    assert new and all(p == folder or folder in p.parents for p in new)
    assert all(not p.name.startswith(".tmp-") for p in new)


def test_old_files_are_pruned(folder: Path) -> None:
    folder.mkdir()
    stale = folder / "0123456789abcdef-00000000000000000000000000000000.json"
    stale.write_text("{}")
    load_edition_spec("classic")
    assert not stale.exists()
    code = (cache.code_fingerprint() or "")[:16]
    for i in range(cache.MAX_FILES + 5):
        (folder / f"{code}-{i:032d}.json").write_text("{}")
    session = loader._Session()
    session.compiled(session.find_edition("got"), use_cache=False)
    assert len(cache_files(folder)) == cache.MAX_FILES


def test_the_key_is_exact() -> None:
    """Data that JSON could write two ways is not cached; values of other types differ."""
    assert cache.data_key({"a": date(2008, 1, 1)}) is None
    assert cache.data_key({1: "x"}) is None
    assert cache.data_key({"a": (1, 2)}) is None
    assert cache.data_key({"a": {"b": [1, {2: 3}]}}) is None
    keys = {cache.data_key({"a": v}) for v in (1, 1.0, True, "1", None, [1], {"1": 1})}
    assert len(keys) == 7 and None not in keys
    assert cache.data_key({"a": 1, "b": 2}) != cache.data_key({"b": 2, "a": 1})


def test_a_warm_start_does_not_import_pydantic(folder: Path) -> None:
    """``monopoly-tui editions`` and ``simulate --games 1`` start without building the models
    once the cache is warm (the second run here)."""
    code = (
        "import sys\n"
        "from monopoly_tui.cli import main\n"
        "assert main(['editions']) == 0\n"
        "assert main(['simulate', '--games', '1', '--no-games']) == 0\n"
        "print('pydantic' in sys.modules)\n"
    )
    env = dict(os.environ, MONOPOLY_TUI_CACHE=str(folder))
    runs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, check=True).stdout.splitlines()[-1] for _ in range(2)]
    assert runs == ["True", "False"]
