"""The command line on odd input (issues 13 and 18): a closed pipe, nothing to simulate, and
ruleset words that look like markup."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from monopoly_tui import cli
from monopoly_tui.rules.loader import builtin_dir


def test_schema_into_a_closed_pipe_ends_quietly() -> None:
    child = subprocess.Popen([sys.executable, "-m", "monopoly_tui", "schema"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    first = child.stdout.readline()  # what '| head -1' reads, then it closes the pipe
    child.stdout.close()
    err = child.stderr.read().decode()
    assert child.wait() == 0
    assert first.startswith(b"{") and "Traceback" not in err and "BrokenPipe" not in err


def test_simulate_with_no_games_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--games", "0"]) == 2
    captured = capsys.readouterr()
    assert "--games must be at least 1" in captured.err and captured.out == ""


def test_editions_shows_ruleset_words_as_they_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    text = (builtin_dir() / "classic.yaml").read_text()
    text = text.replace("id: classic\n", "id: markup\n", 1).replace(
        "name: Classic\n", 'name: "Markup [/x]"\n', 1).replace(
        'description: "', 'description: "[bold]not bold[/x] ', 1)
    (tmp_path / "markup.yaml").write_text(text)
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "200")
    assert cli.main(["editions"]) == 0
    out = capsys.readouterr().out
    assert "Markup [/x]" in out and "[bold]not bold[/x]" in out


def test_saves_lists_a_player_named_like_markup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    from monopoly_tui.engine.game import Game
    from monopoly_tui.rules import load_spec
    from monopoly_tui.saves import save_game

    monkeypatch.setenv("MONOPOLY_TUI_SAVES", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "200")
    spec = load_spec("classic")
    game = Game.new(spec, [("[/x]", spec.tokens[0]), ("[b]Bob", spec.tokens[1])], seed=1)
    save_game(game, "odd names", saves_dir=tmp_path)
    assert cli.main(["saves"]) == 0
    out = capsys.readouterr().out
    assert "[/x], [b]Bob" in out
