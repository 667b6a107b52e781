"""``monopoly-tui serve``: what it serves and where, without a browser (the browser test is in
test_serve_browser.py)."""

from __future__ import annotations

import shlex
import socket
import sys
from pathlib import Path

import pytest

from monopoly_tui import cli
from monopoly_tui.ui import serve


def test_help_says_there_is_no_authentication_and_only_this_machine(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["serve", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "NO AUTHENTICATION" in out
    assert "127.0.0.1" in out
    assert "--port N" in out
    assert cli.main(["--help"]) == 0
    assert "no authentication" in " ".join(capsys.readouterr().out.split())


def test_each_tab_runs_the_game_on_one_saves_folder(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    p = serve.plan(8123, Path("rel/saves"))
    assert p.url == "http://127.0.0.1:8123"
    assert p.saves == tmp_path / "rel" / "saves"  # absolute: the same folder for every tab
    assert shlex.split(p.command) == [sys.executable, "-m", "monopoly_tui", "--saves",
                                      str(tmp_path / "rel" / "saves")]
    srv = serve.server(p)
    assert srv.host == serve.HOST == "127.0.0.1"
    assert srv.port == 8123
    assert srv.command == p.command
    assert (Path(srv.templates_path) / "app_index.html").is_file()
    assert (Path(srv.statics_path) / "js" / "textual.js").is_file()


def test_the_page_loads_nothing_from_outside() -> None:
    page = (serve.TEMPLATES / "app_index.html").read_text(encoding="utf-8")
    assert "{{ config.static.url }}js/textual.js" in page
    assert "https://" not in page and "http://" not in page


def test_the_saves_option_reaches_the_plan(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MONOPOLY_TUI_SAVES", str(tmp_path))  # main() sets it: restored after
    seen: list[tuple[int, Path | None]] = []
    monkeypatch.setattr(serve, "serve", lambda port, saves: seen.append((port, saves)) or 0)
    assert cli.main(["serve", "--port", "8200", "--saves", str(tmp_path)]) == 0
    assert cli.main(["--saves", str(tmp_path / "b"), "serve"]) == 0
    assert seen == [(8200, tmp_path), (serve.DEFAULT_PORT, tmp_path / "b")]


def test_a_bad_port_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert serve.serve(0) == 2
    assert "--port must be between 1 and 65535" in capsys.readouterr().err


def test_a_port_in_use_is_said_plainly(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert serve.serve(port, tmp_path) == 1
    err = capsys.readouterr().err
    assert f"Cannot serve on 127.0.0.1:{port}" in err
    assert "try --port N" in err
    assert "Traceback" not in err
