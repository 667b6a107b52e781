"""The command line: editions, validate, schema, and play without a subcommand."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from monopoly_tui import cli
from monopoly_tui.rules.loader import ENV_VAR, builtin_dir

try:  # the minimal ruleset and its mutator live beside the loader's tests
    from tests.test_ruleset_loader import MINI, mutate
except ImportError:  # tests/ is not importable as a package: pytest put it on sys.path
    from test_ruleset_loader import MINI, mutate  # type: ignore[no-redef]


@pytest.fixture(autouse=True)
def user_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "user-rulesets"
    folder.mkdir()
    monkeypatch.setenv(ENV_VAR, str(folder))
    monkeypatch.setenv("COLUMNS", "160")
    return folder


def test_editions_lists_the_builtin_editions(capsys: pytest.CaptureFixture[str]) -> None:
    if not (builtin_dir() / "classic.yaml").exists():
        pytest.skip("rulesets/classic.yaml is not written yet")
    assert cli.main(["editions"]) == 0
    out = capsys.readouterr().out
    present = {"classic": "classic.yaml", "got": "game-of-thrones.yaml", "nfl": "nfl.yaml"}
    for edition_id, file in present.items():
        if (builtin_dir() / file).exists():
            assert f" {edition_id} " in out
    assert "built-in" in out
    assert "Broken" not in out


def test_editions_lists_user_editions_and_broken_ones(
    user_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (user_folder / "mini.yaml").write_text(MINI)
    (user_folder / "bad.yaml").write_text(mutate("price: 60", "price: sixty"))
    assert cli.main(["editions"]) == 0
    out = capsys.readouterr().out
    assert " mini " in out and " Mini " in out and " user " in out
    assert "Broken rulesets (1):" in out
    assert f"{user_folder / 'bad.yaml'}:17:12: spaces.1.price: should be a whole number" in out
    assert str(user_folder) in out


def test_validate_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mini.yaml"
    path.write_text(MINI)
    assert cli.main(["validate", str(path)]) == 0
    assert capsys.readouterr().out == f"ok: {path} (mini)\n"


def test_validate_reports_every_problem_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(MINI)
    bad = tmp_path / "bad.yaml"
    bad.write_text(mutate("    house_cost: 50\n", "", mutate("price: 60", "price: sixty")))
    assert cli.main(["validate", str(good), str(bad)]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [
        f"ok: {good} (mini)",
        f"{bad}:13:5: spaces.1.house_cost: is required but missing",
        f"{bad}:17:12: spaces.1.price: should be a whole number, got 'sixty'",
    ]
    assert "2 problems in 1 of 2 files" in captured.err


def test_validate_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["validate", str(tmp_path / "nope.yaml")]) == 1
    assert "nope.yaml: no such file" in capsys.readouterr().out


def test_validate_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "a.yaml").write_text(MINI)
    (folder / "b.yaml").write_text("id: kid\nname: Kid\nextends: mini\n")
    assert cli.main(["validate", str(folder)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"ok: {folder / 'a.yaml'} (mini)",
        f"ok: {folder / 'b.yaml'} (kid)",
    ]


def test_validate_builtin_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(builtin_dir().glob("*.yaml"))
    if not files:
        pytest.skip("no built-in rulesets yet")
    assert cli.main(["validate", *map(str, files)]) == 0, capsys.readouterr().out


def test_validate_needs_a_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["validate"]) == 2
    assert "PATH" in capsys.readouterr().err


def test_schema_is_json_with_properties(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert "properties" in schema
    assert {"id", "name", "spaces", "extends", "$schema"} <= set(schema["properties"])


def test_schema_to_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ruleset.schema.json"
    assert cli.main(["schema", "--output", str(out)]) == 0
    assert "properties" in json.loads(out.read_text())
    assert capsys.readouterr().out == ""


def test_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("editions", "validate", "schema"):
        assert command in out
    assert cli.main(["--version"]) == 0
    assert "monopoly-tui" in capsys.readouterr().out


def test_unknown_subcommand_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["fly"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_no_subcommand_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    called: list[object] = []
    monkeypatch.setattr(cli, "_play", lambda args: called.append(args) or 0)
    parser = cli.build_parser()
    args = parser.parse_args([])
    assert getattr(args, "func", None) is None and args.command is None
    assert cli.main([]) == 0
    assert len(called) == 1


def test_python_dash_m(tmp_path: Path) -> None:
    path = tmp_path / "mini.yaml"
    path.write_text(MINI)
    done = subprocess.run(
        [sys.executable, "-m", "monopoly_tui", "validate", str(path)],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"ok: {path} (mini)\n"
